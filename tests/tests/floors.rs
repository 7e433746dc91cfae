//! Floors put together, 1 to 9 for 1,000 runs' seeds: the start is ground,
//! the stairs are the farthest ground by walking (checked against a plain
//! Dijkstra written here), the last floor has none, and every door sits in a
//! room's wall between the room and a corridor, with nothing cut off.

use amulets_core::geom::{Point, Rect};
use amulets_core::map::{MAP_CELLS, Map, Terrain};
use amulets_core::mapgen::floor;
use amulets_core::rng::{Dice, Rng};
use amulets_core::rules::{self, FloorKind, LAST_FLOOR};
use amulets_tests::plain;

const RUNS: u32 = 1000;

/// For a door cell, the room whose wall ring (not a corner) it is in, and
/// the step out of that room.
fn ring_of(rooms: &[Rect], p: Point) -> Option<(Rect, (i32, i32))> {
    rooms.iter().find_map(|r| {
        let in_x = (r.x..r.x + r.w).contains(&p.x);
        let in_y = (r.y..r.y + r.h).contains(&p.y);
        let out = if in_x && p.y == r.y - 1 {
            (0, -1)
        } else if in_x && p.y == r.y + r.h {
            (0, 1)
        } else if in_y && p.x == r.x - 1 {
            (-1, 0)
        } else if in_y && p.x == r.x + r.w {
            (1, 0)
        } else {
            return None;
        };
        Some((*r, out))
    })
}

#[test]
#[expect(
    clippy::too_many_lines,
    reason = "a test reads as one story, top to bottom"
)]
fn every_floor_keeps_its_guarantees() {
    let (mut doors, mut secret, mut room_floors) = (0usize, 0usize, 0usize);
    for seed in 1..=RUNS {
        let mut rng = Rng::new(seed);
        for depth in 1..=LAST_FLOOR {
            let f = floor::assemble(depth, &mut rng);
            let at = |p| format!("seed {seed}, floor {depth}, {p:?}");
            assert_eq!(f.kind, rules::kind_of(depth));
            assert!(f.map.is_walkable(f.start), "{}", at(f.start));
            assert!(f.areas[0].contains(f.start), "{}", at(f.start));
            if f.kind == FloorKind::Rooms {
                assert_eq!(f.start, f.areas[0].center(), "{}", at(f.start));
            }

            // Everything can be reached, doors of both kinds opened.
            let reached = plain::reachable(f.start, |p| {
                f.map.is_walkable(p)
                    || matches!(f.map.at(p), Terrain::ClosedDoor | Terrain::SecretDoor)
            });
            for (i, &t) in f.map.cells().iter().enumerate() {
                if t != Terrain::Wall {
                    assert!(reached[i], "{} is cut off", at(Map::point_of(i)));
                }
            }

            // The stairs: the first cell with the greatest cost, on the map
            // as it was built (the book's `farthestFrom` takes any cell the
            // walk reaches, a door too, which the stairs then replace).
            let stairs_cells = f.map.count(|t| t == Terrain::StairsDown);
            if depth == LAST_FLOOR {
                assert_eq!((f.stairs, stairs_cells), (None, 0), "seed {seed}");
            } else {
                let stairs = f.stairs.expect("stairs above the last floor");
                assert_eq!(f.map.at(stairs), Terrain::StairsDown);
                assert_eq!(stairs_cells, 1);
                let farthest = |map: &Map| {
                    let costs = plain::costs_built(map, f.start);
                    let mut best = (0, 0);
                    for (i, c) in costs.iter().enumerate() {
                        if let Some(c) = *c
                            && c > best.1
                        {
                            best = (i, c);
                        }
                    }
                    Map::point_of(best.0)
                };
                let mut as_a_door = f.map.clone();
                as_a_door.set(stairs, Terrain::ClosedDoor);
                assert!(
                    farthest(&f.map) == stairs || farthest(&as_a_door) == stairs,
                    "{}: not the farthest",
                    at(stairs)
                );
            }

            // Doors: only on floors of rooms, each in a room's wall ring with
            // the room inside and corridor floor outside.
            for i in 0..MAP_CELLS {
                let t = f.map.cells()[i];
                if !matches!(t, Terrain::ClosedDoor | Terrain::SecretDoor) {
                    continue;
                }
                let p = Map::point_of(i);
                assert_eq!(f.kind, FloorKind::Rooms, "{}", at(p));
                let (room, (dx, dy)) =
                    ring_of(&f.areas, p).unwrap_or_else(|| panic!("{} is not in a wall", at(p)));
                let inside = Point::new(p.x - dx, p.y - dy);
                let outside = Point::new(p.x + dx, p.y + dy);
                assert!(room.contains(inside));
                assert!(f.map.is_walkable(inside), "{}", at(p));
                assert!(f.map.is_walkable(outside), "{}", at(p));
                assert!(
                    !f.areas.iter().any(|r| r.contains(outside)),
                    "{}: outside is a room",
                    at(p)
                );
                doors += 1;
                secret += usize::from(t == Terrain::SecretDoor);
            }
            room_floors += usize::from(f.kind == FloorKind::Rooms);
        }
    }
    println!(
        "{RUNS} runs: {doors} doors on {room_floors} floors of rooms ({:.1} a floor), {secret} secret ({:.1} %)",
        doors as f64 / room_floors as f64,
        100.0 * secret as f64 / doors as f64
    );
    // One in eight doors is secret: 12.5 %, give or take.
    assert!(
        (10..=15).contains(&(100 * secret / doors)),
        "{secret} of {doors}"
    );
}

/// Seed 42's first floor on xorshift's dice, as a picture somebody looked
/// at: rooms, doors
/// (`+`, `S` secret) where corridors come in, and the stairs (`>`) at the
/// far end from the start in the first room.
#[test]
fn seed_42_floor_1_looks_as_it_did() {
    let f = floor::assemble(1, &mut Rng::of(Dice::Xorshift, 42));
    let picture: Vec<String> = (0..36)
        .map(|y| {
            (0..64)
                .map(|x| {
                    let p = Point::new(x, y);
                    if p == f.start {
                        '@'
                    } else {
                        f.map.at(p).letter()
                    }
                })
                .collect()
        })
        .collect();
    let printed = picture.join("\n");
    println!("seed 42, floor 1:\n{printed}");
    // The stairs: of the cells farthest from the start in whole steps (the
    // book's Dijkstra map, worked out plainly here), the first in row
    // order. Five cells are 74 steps away.
    let far = amulets_tests::plain::costs_built(&f.map, f.start);
    let most = far.iter().flatten().copied().max().unwrap();
    let farthest: Vec<Point> = (0..amulets_core::map::MAP_CELLS)
        .filter(|&i| far[i] == Some(most) && f.map.at(Map::point_of(i)).is_walkable())
        .map(Map::point_of)
        .collect();
    println!("farthest, {} steps: {farthest:?}", most / 100);
    assert_eq!(f.stairs, Some(farthest[0]));
    assert_eq!(
        (most / 100, farthest.len(), farthest[0]),
        (74, 5, Point::new(54, 32))
    );
    assert_eq!(
        picture, SEED_42_FLOOR_1,
        "seed 42's floor 1 changed:\n{printed}"
    );
}

const SEED_42_FLOOR_1: &[&str] = &[
    "################################################################",
    "################################################################",
    "##############################............######################",
    "##############################............####................##",
    "##...........########.......##............####................##",
    "##...........########.......##............####................##",
    "##...........########.......+.............####................##",
    "##...........########.......##............####................##",
    "##.....@.....########.......##............####................##",
    "##...........S......+.......+.............+..+................##",
    "##...........########.......##............####................##",
    "##...........########.......##################................##",
    "####.##+#############.......##########################+#.#######",
    "####.##.#############.......##########################.#.#######",
    "####.##.################.#############################.#.#######",
    "####.##.################.#############################.#.#######",
    "####+##.################.####################.................##",
    "##....#.################.####################.................##",
    "##....#.################.####################.................##",
    "##....#.################.####################.................##",
    "##....+.################.####################.................##",
    "##....##################.####################.................##",
    "##....###########....###.############################+##+#######",
    "####.############....###.#####.........##############.##.#######",
    "####.############....###.#####.........##############.##.#######",
    "####.############....+.......+.........##############......#####",
    "####+############....###.#####.........##############......#####",
    "####.....########....+...############################......#####",
    "####.....########....################################......#####",
    "####.....########....################################......#####",
    "####.....########....#################################.....#####",
    "####.....########....#################################.....#####",
    "####.....#############################################>....#####",
    "################################################################",
    "################################################################",
    "################################################################",
];

/// Floors of every style keep the book's guarantees: the caves on 4 and 7,
/// a start on ground in the first area, stairs on every floor but the last,
/// reachable from the start through doors (a secret one too), and the
/// style's own rules: gh-dungeons' start and exit, rrpg's rows as areas.
#[test]
fn every_style_s_floors_keep_their_guarantees() {
    use amulets_core::mapgen::floor::Style;
    for style in [Style::Book, Style::Gh, Style::Grid] {
        let mut doors = 0;
        for seed in 1..=300 {
            let mut rng = Rng::new(seed);
            let mut book = Rng::new(seed);
            for depth in 1..=LAST_FLOOR {
                let f = floor::assemble_styled(depth, style, &mut rng);
                let what = format!("{style:?} seed {seed} floor {depth}");
                if style == Style::Book {
                    let plain_book = floor::assemble(depth, &mut book);
                    assert_eq!(f.map, plain_book.map, "{what}: the book's is assemble's");
                }
                assert_eq!(f.kind == FloorKind::Cave, [4, 7].contains(&depth), "{what}");
                assert!(f.map.is_walkable(f.start), "{what}: the start");
                assert!(
                    !f.areas.is_empty() && f.areas[0].contains(f.start),
                    "{what}"
                );
                let through_doors = |p: Point| {
                    f.map.is_walkable(p)
                        || matches!(f.map.at(p), Terrain::ClosedDoor | Terrain::SecretDoor)
                };
                let reached = plain::reachable(f.start, through_doors);
                match f.stairs {
                    Some(s) => {
                        assert!(depth < LAST_FLOOR, "{what}: stairs on the last floor");
                        assert_eq!(f.map.at(s), Terrain::StairsDown, "{what}");
                        assert!(reached[Map::index(s)], "{what}: the stairs are cut off");
                    }
                    None => assert_eq!(depth, LAST_FLOOR, "{what}: no stairs"),
                }
                assert_eq!(
                    f.map.count(|t| t == Terrain::StairsDown),
                    usize::from(f.stairs.is_some())
                );
                doors += f
                    .map
                    .count(|t| matches!(t, Terrain::ClosedDoor | Terrain::SecretDoor));
                if f.kind == FloorKind::Cave {
                    continue;
                }
                match style {
                    Style::Book => {}
                    Style::Gh => {
                        assert_eq!(
                            f.start,
                            f.areas[0].center(),
                            "{what}: the first room's middle"
                        );
                        let last = f.areas[f.areas.len() - 1];
                        if let Some(s) = f.stairs {
                            assert!(last.contains(s), "{what}: the exit is in the last room");
                        }
                    }
                    Style::Grid => {
                        for a in &f.areas {
                            assert_eq!((a.h, a.w), (3, 30), "{what}: an area is a grid row");
                        }
                        assert_eq!(f.map.at(f.start), Terrain::Floor, "{what}: the entrance");
                    }
                }
            }
        }
        assert!(doors > 0, "{style:?} floors have doors");
        println!("{style:?}: {doors} doors on 2,700 floors");
    }
}
