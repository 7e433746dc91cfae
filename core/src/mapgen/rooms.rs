//! Rooms by binary space partitioning, as the book's chapter 2 builds them:
//! the map is cut in two, each half is cut in two again, and so on; every
//! piece that is not cut any further gets a room, and each cut's two halves
//! are joined by one L-shaped corridor, so every room can reach every other.
//!
//! The book's `split` calls itself. Ours walks the same tree with an explicit
//! stack of frames, rolling the same dice in the same order, so the dungeon
//! for a seed is the one the recursive version makes (a test checks this
//! against a recursive copy for 10,000 seeds).

use super::{Areas, MAX_AREAS};
use crate::geom::{Point, Rect};
use crate::map::{MAP_H, MAP_W, Map};
use crate::rng::Rng;

/// How many times the map can be halved, so at most 2 to the power of
/// `MAX_CUTS` rooms.
pub const MAX_CUTS: i32 = 4;

/// A piece is only cut if both halves would be at least this big: a piece
/// narrower than 24 cells cannot be cut across, one shorter than 18 cannot be
/// cut down.
pub const MIN_PIECE_W: i32 = 12;
/// The shortest piece a cut down leaves.
pub const MIN_PIECE_H: i32 = 9;

/// The smallest room, and the solid rock kept around each room inside its
/// piece, so rooms in neighbouring pieces never touch.
pub const MIN_ROOM: i32 = 4;
/// The rock around a room inside its piece.
pub const PADDING: i32 = 1;

// The book's warning: the smallest piece must hold the smallest room, or
// `add_room` would ask for a roll between, say, 7 and 6.
const _: () = assert!(MIN_ROOM + 2 * PADDING <= MIN_PIECE_W);
const _: () = assert!(MIN_ROOM + 2 * PADDING <= MIN_PIECE_H);
// Every leaf of the cut tree makes one room, and a tree of depth MAX_CUTS
// has at most 2^MAX_CUTS leaves, so the rooms always fit in `Areas`.
const _: () = assert!(1 << MAX_CUTS <= MAX_AREAS);

/// The most frames the split stack holds. A frame's halves have one cut
/// fewer than it, the first frame has `MAX_CUTS`, and a frame with none left
/// is a room that never pushes, so at most `MAX_CUTS + 1` frames are ever on
/// the stack at once: one per level of the tree, root to leaf.
const STACK_DEPTH: usize = MAX_CUTS as usize + 1;

/// Builds a floor of rooms into `map` with `rng`'s dice, and returns the rooms
/// in the book's order: each piece's first half (left or top) before its
/// second, so the first room is usually near the top-left corner.
pub fn generate(map: &mut Map, rng: &mut Rng) -> Areas {
    generate_plan(map, rng).rooms
}

/// The most corridors a floor has: one per cut, one fewer than the rooms.
pub const MAX_CORRIDORS: usize = MAX_AREAS - 1;

/// An L-shaped corridor: from one room's middle to its corner, then on to the
/// other room's middle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Corridor {
    /// The middle of the room it starts in.
    pub from: Point,
    /// Where it turns.
    pub corner: Point,
    /// The middle of the room it ends in.
    pub to: Point,
}

/// What `generate_plan` made: the rooms, and the corridors in the order
/// they were dug (the first cut's corridor last).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The rooms, each cut's first half first.
    pub rooms: Areas,
    /// The corridors, in the order they were dug.
    pub corridors: heapless::Vec<Corridor, MAX_CORRIDORS>,
}

/// `generate`, also telling which corridors it dug: the same dice, the same
/// map. Tests use the corridors to check that they join every room.
pub fn generate_plan(map: &mut Map, rng: &mut Rng) -> Plan {
    map.fill(crate::map::Terrain::Wall);
    let mut plan = Plan {
        rooms: Areas::new(),
        corridors: heapless::Vec::new(),
    };
    // Leave the outermost cells as rock, so the walls have somewhere to be.
    let inside = Rect::new(1, 1, MAP_W - 2, MAP_H - 2);
    split(map, inside, rng, &mut plan);
    plan
}

/// The cell in the middle of a room, which corridors join and the player
/// starts on.
pub const fn center_of(room: Rect) -> Point {
    room.center()
}

/// Where a frame of the split is in its work, as a line in the book's
/// recursive `split` would be.
#[derive(Clone, Copy)]
enum Stage {
    /// Not looked at yet: either it is a room, or it is cut and its first
    /// half is split.
    Enter,
    /// The first half has returned its point; split the second.
    SplitSecond,
    /// Both halves have returned; join them and return one of their points.
    Join,
}

#[derive(Clone, Copy)]
struct Frame {
    area: Rect,
    cuts_left: i32,
    stage: Stage,
    second: Rect,
    /// The point the first half returned.
    first_point: Point,
}

impl Frame {
    fn new(area: Rect, cuts_left: i32) -> Frame {
        Frame {
            area,
            cuts_left,
            stage: Stage::Enter,
            second: Rect::default(),
            first_point: Point::default(),
        }
    }
}

/// Cuts `area` in two, and each half again, until it runs out of cuts or
/// room, and gives every piece that's left a room. Returns the middle of one
/// of `area`'s rooms, so that whoever cut `area` can join it to its other
/// half.
fn split(map: &mut Map, area: Rect, rng: &mut Rng, plan: &mut Plan) -> Point {
    let mut stack: heapless::Vec<Frame, STACK_DEPTH> = heapless::Vec::new();
    push(&mut stack, Frame::new(area, MAX_CUTS));
    // What the frame just finished returned to its caller.
    let mut returned = Point::default();

    while let Some(frame) = stack.last_mut() {
        match frame.stage {
            Stage::Enter => {
                let area = frame.area;
                let can_cut_across = area.w >= 2 * MIN_PIECE_W;
                let can_cut_down = area.h >= 2 * MIN_PIECE_H;
                if frame.cuts_left == 0 || (!can_cut_across && !can_cut_down) {
                    let room = add_room(map, area, rng);
                    // At most 2^MAX_CUTS leaves (see the const assertion).
                    plan.rooms
                        .push(room)
                        .expect("a cut tree has at most MAX_AREAS leaves");
                    returned = center_of(room);
                    stack.pop();
                    continue;
                }
                // Cut across the longer side, when either way would do.
                let across = can_cut_across && (!can_cut_down || area.w >= area.h);
                let (mut first, mut second) = (area, area);
                if across {
                    let cut = rng.roll(MIN_PIECE_W, area.w - MIN_PIECE_W);
                    first.w = cut;
                    second.x = area.x + cut;
                    second.w = area.w - cut;
                } else {
                    let cut = rng.roll(MIN_PIECE_H, area.h - MIN_PIECE_H);
                    first.h = cut;
                    second.y = area.y + cut;
                    second.h = area.h - cut;
                }
                frame.second = second;
                frame.stage = Stage::SplitSecond;
                let child = Frame::new(first, frame.cuts_left - 1);
                push(&mut stack, child);
            }
            Stage::SplitSecond => {
                frame.first_point = returned;
                frame.stage = Stage::Join;
                let child = Frame::new(frame.second, frame.cuts_left - 1);
                push(&mut stack, child);
            }
            Stage::Join => {
                // Every room in each half is joined to the others in it, so
                // one corridor between the halves joins them all.
                let (a, b) = (frame.first_point, returned);
                let corridor = carve_corridor(map, a, b, rng);
                // One corridor per cut, and a tree with at most 16 leaves
                // has at most 15 cuts.
                plan.corridors
                    .push(corridor)
                    .expect("a cut tree has at most MAX_CORRIDORS cuts");
                returned = if rng.roll(0, 1) == 0 { a } else { b };
                stack.pop();
            }
        }
    }
    returned
}

/// Pushes a frame; the depth bound above means this cannot fail.
fn push(stack: &mut heapless::Vec<Frame, STACK_DEPTH>, frame: Frame) {
    stack
        .push(frame)
        .ok()
        .expect("the split stack is never deeper than MAX_CUTS + 1");
}

/// Makes a room of random size at a random place inside `area`, keeping
/// `PADDING` cells of rock to every side, and carves it out of the rock.
fn add_room(map: &mut Map, area: Rect, rng: &mut Rng) -> Rect {
    let max_w = area.w - 2 * PADDING;
    let max_h = area.h - 2 * PADDING;
    let w = rng.roll(MIN_ROOM, max_w);
    let h = rng.roll(MIN_ROOM, max_h);
    let x = area.x + PADDING + rng.roll(0, max_w - w);
    let y = area.y + PADDING + rng.roll(0, max_h - h);
    let room = Rect::new(x, y, w, h);
    map.carve(room);
    room
}

/// Digs a straight corridor between two points in a line, both ends included.
fn carve_line(map: &mut Map, a: Point, b: Point) {
    map.carve(Rect::new(
        a.x.min(b.x),
        a.y.min(b.y),
        (a.x - b.x).abs() + 1,
        (a.y - b.y).abs() + 1,
    ));
}

/// Digs an L-shaped corridor between two points: across and then down, or,
/// on a roll of 1, down and then across, so the corners do not all fall at
/// the same end.
fn carve_corridor(map: &mut Map, from: Point, to: Point, rng: &mut Rng) -> Corridor {
    let mut corner = Point::new(to.x, from.y);
    if rng.roll(0, 1) == 1 {
        corner = Point::new(from.x, to.y);
    }
    carve_line(map, from, corner);
    carve_line(map, corner, to);
    Corridor { from, corner, to }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Terrain;

    #[test]
    fn rooms_keep_their_padding_inside_the_outer_ring() {
        for seed in 0..500 {
            let mut map = Map::new();
            let rooms = generate(&mut map, &mut Rng::new(seed));
            assert!(!rooms.is_empty());
            for room in &rooms {
                assert!(room.w >= MIN_ROOM && room.h >= MIN_ROOM, "{room:?}");
                assert!(room.x >= 2 && room.y >= 2, "{room:?}");
                assert!(room.x + room.w <= MAP_W - 2, "{room:?}");
                assert!(room.y + room.h <= MAP_H - 2, "{room:?}");
            }
            assert!(crate::map::edge_is_rock(&map));
        }
    }

    #[test]
    fn generate_starts_from_rock() {
        let mut map = Map::new();
        map.fill(Terrain::Floor);
        let mut a = Map::new();
        let ra = generate(&mut a, &mut Rng::new(11));
        let rb = generate(&mut map, &mut Rng::new(11));
        assert_eq!(ra, rb);
        assert_eq!(a, map);
    }
}
