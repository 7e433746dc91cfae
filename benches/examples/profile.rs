//! A driver for profilers (valgrind's callgrind counts instructions here):
//! `cargo build --release -p amulets-benches --example profile`, then
//! `valgrind --tool=callgrind target/release/examples/profile dijkstra`.

use amulets_core::path::astar::AStar;
use amulets_core::path::book_cost;
use amulets_core::path::buckets::Buckets;
use amulets_core::path::dijkstra::DijkstraMap;
use std::hint::black_box;

fn main() {
    let what = std::env::args().nth(1).unwrap_or_default();
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
