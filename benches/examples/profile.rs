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
    // `astar-caves` and `dijkstra-caves` run on the caves of floor 4.
    let depth = if what.ends_with("-caves") { 4 } else { 1 };
    let what = what.trim_end_matches("-caves").to_string();
    let cases = match what.strip_prefix("astar-") {
        Some(name @ ("serpentine" | "open" | "pillars")) => amulets_benches::hand_made()
            .into_iter()
            .filter(|(n, _)| *n == name)
            .map(|(_, case)| case)
            .collect(),
        _ => amulets_benches::floors(50, depth),
    };
    let what = if what.starts_with("astar-") {
        "astar".to_string()
    } else {
        what
    };
    let mut map = Box::new(DijkstraMap::new());
    let mut open = Box::new(Buckets::new());
    let mut astar = Box::new(AStar::new());
    for _ in 0..20 {
        for case in &cases {
            match what.as_str() {
                "dijkstra" => {
                    map.compute_with(&mut open, &case.map, &[case.from], book_cost);
                    black_box(map.at(case.to));
                }
                "astar" => {
                    black_box(astar.find_path(&case.map, case.from, case.to));
                }
                _ => {
                    eprintln!(
                        "usage: profile dijkstra[-caves]|astar[-caves|-serpentine|-open|-pillars]"
                    );
                    std::process::exit(2);
                }
            }
        }
    }
}
