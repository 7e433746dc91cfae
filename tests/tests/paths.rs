//! The searches against plain versions written here: A* against the book's
//! `findPath` on 10,000 pairs of cells over generated floors, cell for cell;
//! A*'s cost against the Dijkstra map's; the Dijkstra map against a plain
//! Dijkstra with 1 and 40 goals; the worst cases for the open set; and the
//! field of view's symmetry over 1,000 floors, and the field of view against
//! a plain shadowcasting cell for cell (4,000 origins, any radius).

use amulets_core::cellset::CellSet;
use amulets_core::fov::{FOV_RADIUS, field_of_view};
use amulets_core::geom::Point;
use amulets_core::map::{MAP_CELLS, Map, Terrain};
use amulets_core::mapgen::floor::{self, Floor};
use amulets_core::path::astar::{AStar, Found};
use amulets_core::path::book_cost;
use amulets_core::path::dijkstra::{DijkstraMap, UNREACHED};
use amulets_core::rng::Rng;
use amulets_core::rules::LAST_FLOOR;
use amulets_tests::{book_astar, maps, plain};

/// `n` floors, floors 1 to 9 of runs from seed 1 on.
fn floors(n: usize) -> Vec<Floor> {
    let mut out = Vec::new();
    let mut seed = 1;
    while out.len() < n {
        let mut rng = Rng::new(seed);
        for depth in 1..=LAST_FLOOR {
            out.push(floor::assemble(depth, &mut rng));
        }
        seed += 1;
    }
    out.truncate(n);
    out
}

/// A map of floor, `floor_in_100` cells in a hundred, and any kind of
/// terrain at all on the rest, the map's edges too.
fn random_terrain(dice: &mut Rng, floor_in_100: i32) -> Map {
    let mut map = Map::new();
    for i in 0..MAP_CELLS {
        let t = if dice.roll(1, 100) <= floor_in_100 {
            Terrain::Floor
        } else {
            Terrain::ALL[dice.roll(0, Terrain::ALL.len() as i32 - 1) as usize]
        };
        map.set(Map::point_of(i), t);
    }
    map
}

/// Any cell of the map.
fn any_cell(dice: &mut Rng) -> Point {
    Map::point_of(dice.roll(0, MAP_CELLS as i32 - 1) as usize)
}

/// A random cell that can be stood on or stepped toward.
fn passable_cell(map: &Map, dice: &mut Rng) -> Point {
    loop {
        let p = Map::point_of(dice.roll(0, MAP_CELLS as i32 - 1) as usize);
        if map.is_passable(p) {
            return p;
        }
    }
}

#[test]
fn astar_finds_the_books_way_cell_for_cell() {
    let mut astar = AStar::new();
    let mut dijkstra = DijkstraMap::new();
    let mut dice = Rng::new(2024);
    let (mut found, mut none) = (0, 0);
    for f in floors(200) {
        for _ in 0..50 {
            let from = passable_cell(&f.map, &mut dice);
            let to = passable_cell(&f.map, &mut dice);
            let (book_way, book_cost_total) = book_astar::find_path(&f.map, from, to);
            let steps = astar.find_path(&f.map, from, to).steps();
            let ours: Vec<Point> = astar.path().collect();
            assert_eq!(ours, book_way, "floor {} {from:?} -> {to:?}", f.depth);
            assert_eq!(steps, book_way.len());
            if steps == 0 {
                none += 1;
                continue;
            }
            found += 1;
            assert_eq!(astar.cost(), Some(book_cost_total as u32));
            // The Dijkstra map counts whole steps; A* a hundredth more for
            // each diagonal step of its way (fewer than a hundred here), so
            // its cost less those is the map's.
            dijkstra.compute(&f.map, &[from], book_cost);
            let diagonals = std::iter::once(from)
                .chain(ours.iter().copied())
                .zip(ours.iter())
                .filter(|(a, b)| a.x != b.x && a.y != b.y)
                .count() as u32;
            assert_eq!(
                astar.cost().map(|c| c - diagonals),
                Some(dijkstra.at(to)),
                "A* and Dijkstra disagree on the whole steps"
            );
        }
    }
    println!(
        "A*: 10,000 pairs, {found} ways found, {none} with none (cut off by secret doors, or the same cell)"
    );
    // About a fifth of random pairs have no way: one end behind a secret door.
    assert!(found > 7000, "{found}");
}

/// Perfect mazes (one-cell corridors, branches, dead ends; issue 60's
/// maze class): A* finds the book's way cell for cell, and the Dijkstra
/// map of every cell costs what a plain Dijkstra says.
#[test]
fn astar_and_dijkstra_on_perfect_mazes_are_the_book_s() {
    let mut astar = AStar::new();
    let mut ours = DijkstraMap::new();
    let mut dice = Rng::new(60);
    for seed in 1..=20 {
        let map = maps::perfect_maze(seed);
        // A perfect maze: every floor cell reaches every other.
        let floor: Vec<Point> = (0..MAP_CELLS)
            .map(Map::point_of)
            .filter(|&p| map.at(p) == Terrain::Floor)
            .collect();
        let from = floor[0];
        let all = plain::costs(&map, &[from], false);
        assert!(
            floor.iter().all(|&p| all[Map::index(p)].is_some()),
            "maze {seed}"
        );
        for _ in 0..50 {
            let from = floor[dice.roll(0, floor.len() as i32 - 1) as usize];
            let to = floor[dice.roll(0, floor.len() as i32 - 1) as usize];
            let (book_way, book_cost_total) = book_astar::find_path(&map, from, to);
            let steps = astar.find_path(&map, from, to).steps();
            let way: Vec<Point> = astar.path().collect();
            assert_eq!(way, book_way, "maze {seed} {from:?} -> {to:?}");
            assert_eq!(steps, book_way.len());
            if steps > 0 {
                assert_eq!(astar.cost(), Some(book_cost_total as u32));
            }
            ours.compute(&map, &[to], book_cost);
            let want = plain::costs(&map, &[to], false);
            assert_same_costs(&ours, &want, &format!("maze {seed} to {to:?}"));
        }
    }
}

#[test]
fn astar_survives_the_worst_maps() {
    let mut astar = AStar::new();
    for (name, (map, from, to)) in maps::worst() {
        let (book_way, _) = book_astar::find_path(&map, from, to);
        let steps = astar.find_path(&map, from, to).steps();
        assert!(steps > 0, "{name}");
        assert_eq!(astar.path().collect::<Vec<_>>(), book_way, "{name}");
        // And back again, and from the middle, where the open set is widest.
        let mid = Point::new(31, 17);
        for (a, b) in [(to, from), (mid, from), (mid, to)] {
            if map.is_passable(a) {
                let (book_way, _) = book_astar::find_path(&map, a, b);
                astar.find_path(&map, a, b);
                assert_eq!(
                    astar.path().collect::<Vec<_>>(),
                    book_way,
                    "{name} {a:?} -> {b:?}"
                );
            }
        }
        println!("{name}: {steps} steps from {from:?} to {to:?}");
    }
    assert!(
        astar
            .find_path(
                &maps::serpentine().0,
                Point::new(1, 1),
                maps::serpentine().2
            )
            .steps()
            > 1000
    );
}

#[test]
fn astar_on_random_terrain_finds_the_books_way() {
    // Any terrain anywhere, the map's edges too, and starts anywhere,
    // walls among them: the straight shot, the map from the goal and its
    // buckets when the layers cannot do, and the corridor's search, at the
    // edges as inside.
    let mut dice = Rng::new(77);
    let mut astar = AStar::new();
    let (mut found, mut none) = (0, 0);
    for round in 0..300 {
        let map = random_terrain(&mut dice, [95, 80, 65][round % 3]);
        for _ in 0..20 {
            let (from, to) = (any_cell(&mut dice), any_cell(&mut dice));
            let (book_way, book_total) = book_astar::find_path(&map, from, to);
            let result = astar.find_path(&map, from, to);
            let steps = result.steps();
            assert_eq!(
                astar.path().collect::<Vec<_>>(),
                book_way,
                "round {round}: {from:?} -> {to:?}"
            );
            assert_eq!(steps, book_way.len());
            // What happened, said as the book's empty way cannot say it.
            let said = match (from == to, book_way.is_empty()) {
                (true, _) => Found::AlreadyThere,
                (false, true) => Found::NoWay,
                (false, false) => Found::Way(book_way.len()),
            };
            assert_eq!(result, said, "round {round}: {from:?} -> {to:?}");
            if steps > 0 {
                found += 1;
                assert_eq!(astar.cost(), Some(book_total as u32));
            } else {
                none += 1;
            }
        }
    }
    assert!(found > 3000 && none > 300, "{found} found, {none} none");
}

#[test]
fn dijkstra_maps_match_a_plain_dijkstra() {
    let mut ours = DijkstraMap::new();
    let mut dice = Rng::new(7);
    for f in floors(300) {
        for goals in [1, 40] {
            let goals: Vec<Point> = (0..goals)
                .map(|_| passable_cell(&f.map, &mut dice))
                .collect();
            ours.compute(&f.map, &goals, book_cost);
            let want = plain::costs(&f.map, &goals, false);
            for (i, w) in want.iter().enumerate() {
                let p = Map::point_of(i);
                assert_eq!(
                    ours.at(p),
                    w.unwrap_or(UNREACHED),
                    "floor {} {p:?}",
                    f.depth
                );
                if let Some(dir) = ours.step_down(p) {
                    assert!(
                        ours.at(p.step(dir)) < ours.at(p),
                        "step_down climbs at {p:?}"
                    );
                }
            }
        }
    }
}

/// Every cell of `ours` costs what the plain Dijkstra says.
fn assert_same_costs(ours: &DijkstraMap, want: &[Option<u32>], what: &str) {
    for (i, w) in want.iter().enumerate() {
        let p = Map::point_of(i);
        assert_eq!(ours.at(p), w.unwrap_or(UNREACHED), "{what} {p:?}");
    }
}

#[test]
fn dijkstra_maps_match_a_plain_dijkstra_on_the_worst_maps() {
    // The open map and the pillars have the widest layers, the serpentine
    // the most, and the diagonal maze a way whose diagonal extras add up to
    // more than a step (worked out by the buckets instead of the layers).
    let mut ours = DijkstraMap::new();
    let maze = [("diagonal maze", maps::diagonal_maze())];
    for (name, (map, from, to)) in maps::worst().into_iter().chain(maze) {
        for goals in [vec![from], vec![to], vec![from, to, Point::new(31, 17)]] {
            ours.compute(&map, &goals, book_cost);
            assert_same_costs(&ours, &plain::costs(&map, &goals, false), name);
        }
        ours.compute(&map, &[from], book_cost);
        println!("{name}: the far end costs {}", ours.at(to));
    }
    // The maze's far end is hundreds of diagonal steps away.
    let (map, from, to) = maps::diagonal_maze();
    ours.compute(&map, &[from], book_cost);
    assert!(
        ours.at(to) > 300 * 101 && ours.at(to) < UNREACHED,
        "{}",
        ours.at(to)
    );
}

#[test]
fn dijkstra_maps_on_random_terrain_match_a_plain_dijkstra() {
    // Any terrain anywhere, goals on walls among them: the layers, the
    // buckets they hand over to, and the rows found eight cells at a time
    // against the plain Dijkstra, with both the book's costs and
    // `built_cost`.
    use amulets_core::path::built_cost;
    let mut dice = Rng::new(31);
    let mut ours = DijkstraMap::new();
    for round in 0..200 {
        // Mostly floor, so ways are long; the rest any kind at all.
        let map = random_terrain(&mut dice, 70);
        let goals: Vec<Point> = (0..dice.roll(1, 5)).map(|_| any_cell(&mut dice)).collect();
        ours.compute(&map, &goals, book_cost);
        let what = format!("round {round}, book's costs");
        assert_same_costs(&ours, &plain::costs(&map, &goals, false), &what);
        ours.compute(&map, &goals, built_cost);
        let what = format!("round {round}, secret doors as doors");
        assert_same_costs(&ours, &plain::costs(&map, &goals, true), &what);
    }
}

#[test]
fn dijkstra_maps_with_secret_doors_as_doors_match_a_plain_dijkstra() {
    // `built_cost` makes a secret door cost what a closed one does: two
    // kinds of terrain at two steps.
    use amulets_core::path::built_cost;
    let mut ours = DijkstraMap::new();
    for f in floors(100) {
        ours.compute(&f.map, &[f.start], built_cost);
        let what = format!("floor {}", f.depth);
        assert_same_costs(&ours, &plain::costs_built(&f.map, f.start), &what);
    }
}

#[test]
fn the_field_of_view_is_symmetric() {
    let mut dice = Rng::new(99);
    let mut checked = 0u64;
    for f in floors(1000) {
        let mut views: Vec<Option<CellSet>> = vec![None; MAP_CELLS];
        let view_of = |p: Point, views: &mut Vec<Option<CellSet>>| {
            let i = Map::index(p);
            if views[i].is_none() {
                let mut v = CellSet::new();
                field_of_view(&f.map, p, FOV_RADIUS, &mut v);
                views[i] = Some(v);
            }
            views[i].clone().unwrap()
        };
        for _ in 0..50 {
            let a = loop {
                let p = passable_cell(&f.map, &mut dice);
                if f.map.is_walkable(p) {
                    break p;
                }
            };
            let from_a = view_of(a, &mut views);
            for dy in -FOV_RADIUS - 1..=FOV_RADIUS + 1 {
                for dx in -FOV_RADIUS - 1..=FOV_RADIUS + 1 {
                    let b = Point::new(a.x + dx, a.y + dy);
                    if !Map::in_bounds(b) || !f.map.is_walkable(b) {
                        continue;
                    }
                    let from_b = view_of(b, &mut views);
                    assert_eq!(
                        from_a.contains(b),
                        from_b.contains(a),
                        "floor {}: {a:?} and {b:?}",
                        f.depth
                    );
                    checked += 1;
                }
            }
        }
    }
    println!("field of view: {checked} pairs checked both ways");
}

#[test]
fn the_field_of_view_is_the_plain_shadowcasting_s_cell_for_cell() {
    let mut dice = Rng::new(2026);
    let mut ours = CellSet::new();
    let mut theirs = vec![false; MAP_CELLS];
    let mut checked = 0;
    let hand_made = maps::worst().map(|(_, (map, _, _))| map);
    let generated = floors(180).into_iter().map(|f| f.map);
    for map in generated.chain(hand_made) {
        for n in 0..24 {
            // Any cell at all (a wall too, and the map's edges), at the
            // game's radius, the largest, and others.
            let origin = if n % 3 == 0 {
                Map::point_of(dice.roll(0, MAP_CELLS as i32 - 1) as usize)
            } else {
                passable_cell(&map, &mut dice)
            };
            let radius = [FOV_RADIUS, amulets_core::fov::MAX_RADIUS, dice.roll(0, 14)][n % 3];
            field_of_view(&map, origin, radius, &mut ours);
            amulets_tests::plain_fov::field_of_view(&map, origin, radius, &mut theirs);
            for (i, &seen) in theirs.iter().enumerate() {
                assert_eq!(
                    ours.contains_index(i),
                    seen,
                    "from {origin:?} at radius {radius}: {:?}",
                    Map::point_of(i)
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 4000, "{checked}");
}
