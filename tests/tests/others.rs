//! The two other generators over 10,000 seeds each: gh-dungeons' BSP (every
//! map has a room and all of it can be walked; rooms keep their sizes and
//! borders) and rrpg's grid (doors always match on both sides, every room
//! can be reached from the entrance, three quarters of the grid or more is
//! rooms, and the carved map is one piece).

use amulets_core::geom::Point;
use amulets_core::map::{MAP_CELLS, MAP_H, MAP_W, Map, Terrain};
use amulets_core::mapgen::gh_bsp::{self, MAX_ROOM_SIZE, MIN_ROOM_SIZE};
use amulets_core::mapgen::grid::{self, EAST, ENTRANCE, NORTH, SOUTH, WEST};
use amulets_core::rng::{Dice, Rng};
use amulets_tests::plain;
use std::collections::{BTreeMap, VecDeque};

const SEEDS: u32 = 10_000;

#[test]
fn gh_maps_have_rooms_and_are_whole() {
    let mut histogram = BTreeMap::new();
    for seed in 1..=SEEDS {
        let mut map = Map::new();
        let rooms = gh_bsp::generate(&mut map, &mut Rng::new(seed));
        assert!(!rooms.is_empty(), "seed {seed}: no room");
        *histogram.entry(rooms.len()).or_insert(0) += 1;
        for (i, r) in rooms.iter().enumerate() {
            assert!(
                (MIN_ROOM_SIZE..=MAX_ROOM_SIZE).contains(&r.w),
                "seed {seed}: {r:?}"
            );
            assert!(
                (MIN_ROOM_SIZE..=MAX_ROOM_SIZE).contains(&r.h),
                "seed {seed}: {r:?}"
            );
            assert!(r.x >= 1 && r.y >= 1 && r.x + r.w < MAP_W && r.y + r.h < MAP_H);
            for s in &rooms[i + 1..] {
                let apart =
                    r.x + r.w < s.x || s.x + s.w < r.x || r.y + r.h < s.y || s.y + s.h < r.y;
                assert!(apart, "seed {seed}: {r:?} touches {s:?}");
            }
        }
        let start = rooms[0].center();
        let reached = plain::reachable(start, |p| map.is_walkable(p));
        for (i, &t) in map.cells().iter().enumerate() {
            if t == Terrain::Floor {
                assert!(reached[i], "seed {seed}: {:?} is cut off", Map::point_of(i));
            }
        }
    }
    println!("gh rooms per map over {SEEDS} seeds (rooms: maps): {histogram:?}");
}

/// The bits of the door on the far side, and the step to the neighbour.
const DOORS: [(u8, u8, i32, i32); 4] = [
    (NORTH, SOUTH, 0, -1),
    (EAST, WEST, 1, 0),
    (SOUTH, NORTH, 0, 1),
    (WEST, EAST, -1, 0),
];

#[test]
fn grids_have_matching_doors_and_are_whole() {
    let mut fills = BTreeMap::new();
    for seed in 1..=SEEDS {
        let g = grid::generate(10, 10, &mut Rng::new(seed)).unwrap();
        let (w, h) = (g.w as i32, g.h as i32);
        let rooms = g.cells.iter().filter(|&&v| v != 0).count();
        assert_eq!(
            rooms, g.queued,
            "seed {seed}: every queued cell is a room and no other"
        );
        assert!(4 * rooms >= 3 * 100, "seed {seed}: {rooms} rooms");
        *fills.entry(rooms).or_insert(0) += 1;
        assert_eq!(g.cells.iter().filter(|&&v| v & ENTRANCE != 0).count(), 1);

        for y in 0..h {
            for x in 0..w {
                let v = g.at(x as usize, y as usize);
                for (bit, opposite, dx, dy) in DOORS {
                    let (nx, ny) = (x + dx, y + dy);
                    let inside = (0..w).contains(&nx) && (0..h).contains(&ny);
                    if v & bit != 0 {
                        assert!(inside, "seed {seed}: a door off the grid at ({x}, {y})");
                        let n = g.at(nx as usize, ny as usize);
                        assert!(
                            n & opposite != 0,
                            "seed {seed}: a one-sided door at ({x}, {y})"
                        );
                    }
                }
            }
        }

        // Every room can be reached from the entrance through doors.
        let entrance = g.cells.iter().position(|&v| v & ENTRANCE != 0).unwrap() as i32;
        let mut seen = [false; 100];
        let mut queue = VecDeque::from([entrance]);
        seen[entrance as usize] = true;
        while let Some(i) = queue.pop_front() {
            let (x, y) = (i % w, i / w);
            for (bit, _, dx, dy) in DOORS {
                let j = (y + dy) * w + x + dx;
                if g.cells[i as usize] & bit != 0 && !seen[j as usize] {
                    seen[j as usize] = true;
                    queue.push_back(j);
                }
            }
        }
        assert_eq!(seen.iter().filter(|&&s| s).count(), rooms, "seed {seed}");

        // The carved map is one piece with a floor cell per room's middle.
        let mut map = Map::new();
        let start = g.carve(&mut map).expect("a 10 x 10 grid fits");
        let reached = plain::reachable(start, |p| map.is_walkable(p));
        let floor: Vec<usize> = (0..MAP_CELLS)
            .filter(|&i| map.cells()[i] == Terrain::Floor)
            .collect();
        assert!(
            floor.iter().all(|&i| reached[i]),
            "seed {seed}: the carved map is in pieces"
        );
        let (ox, oy) = g.origin();
        for y in 0..h {
            for x in 0..w {
                let middle = Point::new(ox + 3 * x + 1, oy + 3 * y + 1);
                assert_eq!(map.is_walkable(middle), g.at(x as usize, y as usize) != 0);
            }
        }
    }
    let mean = fills.iter().map(|(r, n)| r * n).sum::<usize>() as f64 / f64::from(SEEDS);
    println!("grid 10 x 10 rooms over {SEEDS} seeds (rooms: grids): {fills:?}; mean {mean:.1}");
}

/// rrpg's picture for seed 3 on xorshift's dice, somebody looked at: doors
/// always meet, the
/// entrance is marked, every room hangs together.
#[test]
fn a_grid_picture_looks_as_it_did() {
    let g = grid::generate(10, 10, &mut Rng::of(Dice::Xorshift, 3)).unwrap();
    let mut text = String::new();
    g.write_picture(&mut text).unwrap();
    println!("grid 10 x 10, seed 3:\n{text}");
    // rrpg writes every cell's three characters, trailing spaces and all;
    // the picture below was looked at with them left off.
    assert!(text.lines().all(|l| l.len() == 30), "{text}");
    assert_eq!(
        text.lines().map(str::trim_end).collect::<Vec<_>>(),
        GRID_SEED_3,
        "seed 3's grid changed:\n{text}"
    );
}

const GRID_SEED_3: &[&str] = &[
    "##############################",
    "#             ##E   ##       #",
    "# ## ######## ## ##### ## ## #",
    "# ## ######## ## ##### ## ## #",
    "# ##    ## ## ##       ## ## #",
    "#### ##### ## ## ########### #",
    "#### ##### ## ## #######   # #",
    "#          ##    ##    #   # #",
    "#### ## ##### ##### ## #   # #",
    "   # ## ##### ##### ## #   # #",
    "   # ##    ## ##    ## #   # #",
    "   # ##### ## ##### ## #   ###",
    "#### ##### ## ##### ## #",
    "# ##    ##          ## #",
    "# ######## #############",
    "# ######## ################",
    "#          ##             #",
    "########## ##### ##### ## #",
    "         # ##### ##### ## ####",
    "         #             ##    #",
    "         # ##### ## ######## #",
    "   ####### ##### ## ######## #",
    "   # ##          ##    ##    #",
    "   # ## ##### ##### ## ##### #",
    "   # ## ##### ##### ## ##### #",
    "   #                ##       #",
    "   # ##### ######## ##########",
    "   # #   # ######## #",
    "   # #   #       ## #",
    "   ###   ############",
];

#[test]
fn gh_dungeons_are_the_go_program_s_cell_for_cell() {
    use amulets_tests::plain_gh;
    let mut empty_maps = 0;
    for (w, h) in [(64, 36), (40, 20), (52, 27), (64, 20), (40, 36)] {
        for seed in 1..=1500 {
            let mut map = Map::new();
            let mut rng = Rng::new(seed);
            let d = gh_bsp::dungeon(&mut map, w, h, &mut rng).expect("a gh size");
            let mut plain_rng = Rng::new(seed);
            let plain_gh::Gh {
                cells,
                rooms,
                start,
                exit,
                fell_back,
            } = plain_gh::generate(w, h, &mut plain_rng);
            assert_eq!(
                d.rooms.as_slice(),
                rooms.as_slice(),
                "{w}x{h} seed {seed}: rooms"
            );
            assert_eq!((d.start, d.exit), (start, exit), "{w}x{h} seed {seed}");
            assert_eq!(rng, plain_rng, "{w}x{h} seed {seed}: the same rolls");
            for i in 0..MAP_CELLS {
                let p = Map::point_of(i);
                let open = cells[p.y as usize][p.x as usize];
                assert_eq!(map.is_walkable(p), open, "{w}x{h} seed {seed}: {p:?}");
                assert!(open || (p.x < w && p.y < h) || map.at(p) == Terrain::Wall);
            }
            assert_eq!(map.at(exit), Terrain::StairsDown);
            let last = rooms[rooms.len() - 1];
            assert!(
                last.x < exit.x && exit.x < last.x + last.w - 1,
                "a cell in from the walls"
            );
            assert!(last.y < exit.y && exit.y < last.y + last.h - 1);
            // The start is the first room's middle, and the exit can be
            // walked to from it.
            let reached = plain::reachable(start, |p| map.is_walkable(p));
            assert!(
                reached[Map::index(exit)],
                "{w}x{h} seed {seed}: the exit is cut off"
            );
            for r in &rooms {
                assert!((MIN_ROOM_SIZE..=MAX_ROOM_SIZE).contains(&r.w));
                assert!((MIN_ROOM_SIZE..=MAX_ROOM_SIZE).contains(&r.h));
                assert!(
                    r.x >= 1 && r.y >= 1 && r.x + r.w < w && r.y + r.h < h,
                    "{r:?}"
                );
            }
            empty_maps += usize::from(fell_back);
        }
    }
    // 40 x 20 is where gh-dungeons crashes on 1.5% of seeds for want of a
    // room: the guard's room is met here.
    assert!(empty_maps > 0, "no map where no leaf held a room");
    println!("{empty_maps} maps where no leaf held a room, given one by the guard");
    let mut map = Map::new();
    assert!(gh_bsp::dungeon(&mut map, 39, 20, &mut Rng::new(1)).is_err());
    assert!(gh_bsp::dungeon(&mut map, 64, 37, &mut Rng::new(1)).is_err());
}

/// A canvas bigger than the game's map, as the generator's command line
/// has one.
struct Canvas {
    w: i32,
    cells: Vec<Terrain>,
}

impl gh_bsp::Canvas for Canvas {
    fn most(&self) -> (i32, i32) {
        (self.w, i32::try_from(self.cells.len()).unwrap() / self.w)
    }
    fn fill_rock(&mut self) {
        self.cells.fill(Terrain::Wall);
    }
    fn set(&mut self, p: Point, t: Terrain) {
        let (w, h) = self.most();
        if (0..w).contains(&p.x) && (0..h).contains(&p.y) {
            self.cells[(p.y * w + p.x) as usize] = t;
        }
    }
}

#[test]
fn gh_dungeons_of_the_go_program_s_own_80_x_27_are_its_cell_for_cell() {
    use amulets_tests::plain_gh;
    let (w, h) = (80, 27);
    for seed in 1..=300 {
        let mut canvas = Canvas {
            w,
            cells: vec![Terrain::Floor; (w * h) as usize],
        };
        let mut rng = Rng::new(seed);
        let d = gh_bsp::dungeon(&mut canvas, w, h, &mut rng).expect("80 x 27 on an 80 x 27 canvas");
        let mut plain_rng = Rng::new(seed);
        let plain = plain_gh::generate(w, h, &mut plain_rng);
        assert_eq!(d.rooms.as_slice(), plain.rooms.as_slice(), "seed {seed}");
        assert_eq!((d.start, d.exit), (plain.start, plain.exit), "seed {seed}");
        assert_eq!(rng, plain_rng, "seed {seed}: the same rolls");
        for y in 0..h {
            for x in 0..w {
                let t = canvas.cells[(y * w + x) as usize];
                let p = Point::new(x, y);
                let open = plain.cells[y as usize][x as usize];
                assert_eq!(t.is_walkable(), open, "seed {seed}: {p:?}");
            }
        }
    }
    // The game's own map still stops at 64 x 36.
    let err = gh_bsp::dungeon(&mut Map::new(), w, h, &mut Rng::new(1)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "80 x 27 is no gh-dungeons map: it is 40 to 64 wide and 20 to 36 high"
    );
}
