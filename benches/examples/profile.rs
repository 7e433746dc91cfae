//! A driver for profilers (valgrind's callgrind counts instructions here):
//! `cargo build --release -p amulets-benches --example profile`, then
//! `valgrind --tool=callgrind target/release/examples/profile dijkstra`.

use amulets_core::path::astar::AStar;
use amulets_core::path::book_cost;
use amulets_core::path::buckets::Buckets;
use amulets_core::path::dijkstra::DijkstraMap;
use std::hint::black_box;

/// The field of view, ours or the tests' plain one (`plain-` first), at
/// radius 9 from 250 cells of each map of a class: `fov-rooms`,
/// `fov-caves`, `fov-open`, `fov-pillars`, `fov-serpentine`.
fn fov(what: &str) {
    let (plain, class) = match what.strip_prefix("plain-") {
        Some(rest) => (true, rest),
        None => (false, what),
    };
    let cases = match class {
        "fov-rooms" => amulets_benches::floors(50, 1),
        "fov-caves" => amulets_benches::floors(50, 4),
        _ => {
            let name = class.strip_prefix("fov-").unwrap_or(class);
            let (_, case) = amulets_benches::hand_made()
                .into_iter()
                .find(|(n, _)| *n == name)
                .expect("a hand-made map of that name");
            vec![case]
        }
    };
    let origins: Vec<Vec<amulets_core::geom::Point>> = cases
        .iter()
        .map(|c| amulets_benches::goals(&c.map, 250 / cases.len().max(1)))
        .collect();
    let mut visible = amulets_core::cellset::CellSet::new();
    let mut seen = vec![false; amulets_core::map::MAP_CELLS];
    // Rounds (PROFILE_ROUNDS, 20 unless set): the difference of two counts
    // is the searches' own, without the set-up.
    let rounds: u32 = std::env::var("PROFILE_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(20);
    for _ in 0..rounds {
        for (case, origins) in cases.iter().zip(&origins) {
            for &o in origins {
                if plain {
                    amulets_tests::plain_fov::field_of_view(&case.map, o, 9, &mut seen);
                    black_box(&seen);
                } else {
                    amulets_core::fov::field_of_view(&case.map, o, 9, &mut visible);
                    black_box(&visible);
                }
            }
        }
    }
}

fn main() {
    let what = std::env::args().nth(1).unwrap_or_default();
    if what.starts_with("fov-") || what.starts_with("plain-fov-") {
        return fov(&what);
    }
    // What to run, and on which maps: 50 rooms floors (floor 1), 50 caves
    // (floor 4), or one of the hand-made maps.
    let (run_astar, cases) = match what.as_str() {
        "astar" => (true, amulets_benches::floors(50, 1)),
        "astar-caves" => (true, amulets_benches::floors(50, 4)),
        "dijkstra" => (false, amulets_benches::floors(50, 1)),
        "dijkstra-caves" => (false, amulets_benches::floors(50, 4)),
        "astar-serpentine" | "astar-open" | "astar-pillars" => {
            let name = &what["astar-".len()..];
            let (_, case) = amulets_benches::hand_made()
                .into_iter()
                .find(|(n, _)| *n == name)
                .expect("a hand-made map of that name");
            (true, vec![case])
        }
        _ => {
            eprintln!("usage: profile dijkstra[-caves]|astar[-caves|-serpentine|-open|-pillars]");
            std::process::exit(2);
        }
    };
    let mut map = Box::new(DijkstraMap::new());
    let mut open = Box::new(Buckets::new());
    let mut astar = Box::new(AStar::new());
    for _ in 0..20 {
        for case in &cases {
            if run_astar {
                black_box(astar.find_path(&case.map, case.from, case.to));
            } else {
                map.compute_with(&mut open, &case.map, &[case.from], book_cost);
                black_box(map.at(case.to));
            }
        }
    }
}
