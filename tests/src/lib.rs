//! Shared pieces of the integration tests: plain reference versions of the
//! core's algorithms, written from the book and the specs with `std`, so the
//! tests compare two independent implementations.

/// A portable FNV-1a 64, written from its definition, to check the golden
/// files without the core's own hash.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

pub mod book {
    //! The book's chapter 2, as it reads, recursion and all: a grid of bytes
    //! (0 rock, 1 floor, the terrain discriminants) instead of the core's
    //! `Map`, so nothing is shared with the core but the dice.
    use amulets_core::geom::{Point, Rect};
    use amulets_core::map::{MAP_H, MAP_W};
    use amulets_core::rng::Rng;

    /// What the book's generator made.
    pub struct Dungeon {
        pub cells: Vec<u8>,
        pub rooms: Vec<Rect>,
        pub corridors: usize,
    }

    fn carve(d: &mut Dungeon, r: Rect) {
        for y in r.y..r.y + r.h {
            for x in r.x..r.x + r.w {
                if (0..MAP_W).contains(&x) && (0..MAP_H).contains(&y) {
                    d.cells[(y * MAP_W + x) as usize] = 1;
                }
            }
        }
    }

    fn add_room(d: &mut Dungeon, area: Rect, rng: &mut Rng) -> Rect {
        let max_w = area.w - 2;
        let max_h = area.h - 2;
        let w = rng.roll(4, max_w);
        let h = rng.roll(4, max_h);
        let x = area.x + 1 + rng.roll(0, max_w - w);
        let y = area.y + 1 + rng.roll(0, max_h - h);
        let room = Rect::new(x, y, w, h);
        carve(d, room);
        room
    }

    fn carve_line(d: &mut Dungeon, a: Point, b: Point) {
        let r = Rect::new(
            a.x.min(b.x),
            a.y.min(b.y),
            (a.x - b.x).abs() + 1,
            (a.y - b.y).abs() + 1,
        );
        carve(d, r);
    }

    fn carve_corridor(d: &mut Dungeon, from: Point, to: Point, rng: &mut Rng) {
        let mut corner = Point::new(to.x, from.y);
        if rng.roll(0, 1) == 1 {
            corner = Point::new(from.x, to.y);
        }
        carve_line(d, from, corner);
        carve_line(d, corner, to);
        d.corridors += 1;
    }

    fn split(d: &mut Dungeon, area: Rect, cuts_left: i32, rng: &mut Rng) -> Point {
        let can_cut_across = area.w >= 24;
        let can_cut_down = area.h >= 18;
        if cuts_left == 0 || (!can_cut_across && !can_cut_down) {
            let room = add_room(d, area, rng);
            d.rooms.push(room);
            return Point::new(room.x + room.w / 2, room.y + room.h / 2);
        }
        let across = can_cut_across && (!can_cut_down || area.w >= area.h);
        let mut first = area;
        let mut second = area;
        if across {
            let cut = rng.roll(12, area.w - 12);
            first.w = cut;
            second.x = area.x + cut;
            second.w = area.w - cut;
        } else {
            let cut = rng.roll(9, area.h - 9);
            first.h = cut;
            second.y = area.y + cut;
            second.h = area.h - cut;
        }
        let a = split(d, first, cuts_left - 1, rng);
        let b = split(d, second, cuts_left - 1, rng);
        carve_corridor(d, a, b, rng);
        if rng.roll(0, 1) == 0 { a } else { b }
    }

    pub fn generate(rng: &mut Rng) -> Dungeon {
        let mut d = Dungeon {
            cells: vec![0; (MAP_W * MAP_H) as usize],
            rooms: Vec::new(),
            corridors: 0,
        };
        split(&mut d, Rect::new(1, 1, MAP_W - 2, MAP_H - 2), 4, rng);
        d
    }
}
