//! A driver for profilers (valgrind's callgrind counts instructions here):
//! `cargo build --release -p amulets-benches --example profile`, then
//! `valgrind --tool=callgrind target/release/examples/profile WHAT`, where
//! WHAT is `[plain-]SEARCH-CLASS`: the search `astar` (each search of the
//! class, `amulets_benches::class`), `dijkstra` (a map from each search's
//! start) or `fov` (radius 9 from each search's two ends), ours or the
//! tests' plain version, on a class (`rooms`, `caves`, `open`, `mazes`:
//! 50 maps, 4 searches each) or a hand-made map (`serpentine`, `spiral`,
//! `pillars`, and `open` is the class). `PROFILE_ROUNDS` (20 unless
//! set) is how many times the whole set is searched: the difference of two
//! counts is the searches' own, without the maps' making. `cargo xtask
//! bench` does that for its table of instructions. WHAT may also be
//! `turn-cave7`, `turn-rooms9` or `run-bot`: a turn's or a run's load
//! (`turns`), for the share of each part of a turn.

use amulets_benches::Case;
use amulets_core::cellset::CellSet;
use amulets_core::geom::Point;
use amulets_core::map::MAP_CELLS;
use amulets_core::path::astar::AStar;
use amulets_core::path::book_cost;
use amulets_core::path::buckets::Buckets;
use amulets_core::path::dijkstra::DijkstraMap;
use std::hint::black_box;

fn usage() -> ! {
    eprintln!(
        "usage: profile [plain-](astar|dijkstra|fov)-(rooms|caves|serpentine|spiral|open|pillars)"
    );
    std::process::exit(2);
}

fn cases(class: &str) -> Vec<Case> {
    match class {
        c if amulets_benches::CLASSES.contains(&c) => amulets_benches::class(c),
        _ => match amulets_benches::hand_made()
            .into_iter()
            .find(|(n, _)| *n == class)
        {
            Some((_, case)) => vec![case],
            None => usage(),
        },
    }
}

/// A turn's load: `turn-cave7` or `turn-rooms9` (the player waits on seed
/// 42's floor 7 or 9, every monster hunting, as `benches/turn.rs` times
/// it), or `run-bot` (the bot's whole run of seed 42's Fighter), `rounds`
/// times. `None` when `what` is none of them.
fn turns(what: &str, rounds: u32) -> Option<()> {
    use amulets_core::input::Action;
    use amulets_core::player::Class;
    let depth = match what {
        "turn-cave7" => 7,
        "turn-rooms9" => 9,
        "run-bot" => {
            for _ in 0..rounds {
                let run = amulets_core::bot::play_run(42, Class::Fighter, |_| Ok(()));
                black_box(run.map(|r| r.turns).ok());
            }
            return Some(());
        }
        _ => return None,
    };
    let game = amulets_benches::arrived_on(depth);
    for _ in 0..rounds {
        let mut game = game.clone();
        game.act(Action::Wait);
        black_box(game.turn());
    }
    Some(())
}

/// The picture of a step painted where it changed; callgrind counts
/// inside this function alone (`--toggle-collect`).
#[inline(never)]
fn paint_ordinary(app: &mut amulets_sdl::app::App) -> usize {
    app.paint().len()
}

/// The picture painted whole, as a new screen is; counted alone too.
#[inline(never)]
fn paint_whole(app: &mut amulets_sdl::app::App) -> usize {
    app.repaint_all();
    app.paint().len()
}

/// A frame's painting: `paint-step-VIEW` (the first `rounds` ordinary
/// steps of the bot's runs from seed 42, painted where they changed, the
/// other steps painted too, outside `paint_ordinary`) or
/// `paint-whole-VIEW` (seed 42's whole first floor, F1, `rounds` times),
/// VIEW `glyph` or `tile`. `None` when `what` is neither.
fn frames(what: &str, rounds: u32) -> Option<()> {
    let (kind, view) = what.strip_prefix("paint-")?.split_once('-')?;
    let tiles = match view {
        "glyph" => false,
        "tile" => true,
        _ => return None,
    };
    let mut seed = 42;
    let mut w = amulets_benches::Watched::new(seed, tiles);
    match kind {
        "step" => {
            w.app.paint();
            for _ in 0..rounds {
                w.to_ordinary(&mut seed, tiles);
                black_box(paint_ordinary(&mut w.app));
            }
        }
        "whole" => {
            w.app.press(amulets_core::input::Key::F(1), false);
            for _ in 0..rounds {
                black_box(paint_whole(&mut w.app));
            }
        }
        _ => return None,
    }
    Some(())
}

fn main() {
    let what = std::env::args().nth(1).unwrap_or_default();
    let rounds: u32 = std::env::var("PROFILE_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(20);
    if turns(&what, rounds).is_some() || frames(&what, rounds).is_some() {
        return;
    }
    let (plain, what) = match what.strip_prefix("plain-") {
        Some(rest) => (true, rest.to_string()),
        None => (false, what),
    };
    let Some((search, class)) = what.split_once('-') else {
        usage()
    };
    let cases = cases(class);
    // The field of view from each search's two ends, as the bench times it.
    let origins: Vec<[Point; 2]> = cases.iter().map(|c| [c.from, c.to]).collect();
    let mut map = Box::new(DijkstraMap::new());
    let mut open = Box::new(Buckets::new());
    let mut astar = Box::new(AStar::new());
    let mut visible = CellSet::new();
    let mut seen = vec![false; MAP_CELLS];
    for _ in 0..rounds {
        for (case, origins) in cases.iter().zip(&origins) {
            match (search, plain) {
                ("astar", false) => {
                    black_box(astar.find_path(&case.map, case.from, case.to));
                }
                ("astar", true) => {
                    let way = amulets_tests::book_astar::find_path(&case.map, case.from, case.to);
                    black_box(way.1);
                }
                ("dijkstra", false) => {
                    map.compute_with(&mut open, &case.map, &[case.from], book_cost);
                    black_box(map.at(case.to));
                }
                ("dijkstra", true) => {
                    let costs = amulets_tests::plain::costs(&case.map, &[case.from], false);
                    black_box(costs.len());
                }
                ("fov", false) => {
                    for &o in origins {
                        amulets_core::fov::field_of_view(&case.map, o, 9, &mut visible);
                        black_box(&visible);
                    }
                }
                ("fov", true) => {
                    for &o in origins {
                        amulets_tests::plain_fov::field_of_view(&case.map, o, 9, &mut seen);
                        black_box(&seen);
                    }
                }
                _ => usage(),
            }
        }
    }
}
