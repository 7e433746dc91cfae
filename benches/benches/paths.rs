//! `cargo xtask bench` runs this: first the checks (sizes, heap allocations
//! of ours, and whether every peer's answers match ours), then criterion's
//! timings of ours and the peers on the same maps. The xtask reads the
//! medians criterion writes and prints the table with ratios.

use amulets_benches::CpuTime;
use amulets_benches::{self as b, Case};
use amulets_core::cellset::CellSet;
use amulets_core::fov::field_of_view;
use amulets_core::geom::Point;
use amulets_core::map::{MAP_CELLS, Map};
use amulets_core::path::astar::{self, AStar};
use amulets_core::path::book_cost;
use amulets_core::path::buckets::Buckets;
use amulets_core::path::dijkstra::{self, DijkstraMap, UNREACHED};
use criterion::Criterion;
use std::alloc::{GlobalAlloc, Layout, System};
use std::hint::black_box;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// Counts every allocation, so the checks can show ours make none.
struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

#[allow(unsafe_code)]
// SAFETY: every call is passed straight to the system allocator; the count
// is only a relaxed atomic add.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's layout goes to System unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: ptr came from System.alloc with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// How many allocations `f` makes.
fn allocations_of(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    f();
    ALLOCATIONS.load(Ordering::Relaxed) - before
}

/// Every class's searches, by name (`amulets_benches::CLASSES`).
struct Sets {
    classes: Vec<(&'static str, Vec<Case>)>,
}

impl Sets {
    fn of(&self, name: &str) -> &[Case] {
        &self
            .classes
            .iter()
            .find(|(n, _)| *n == name)
            .expect("a class")
            .1
    }

    /// One search a map: the maps of a class each once.
    fn maps_of(&self, name: &str) -> Vec<&Case> {
        self.of(name).iter().step_by(b::PAIRS).collect()
    }
}

fn sets() -> Sets {
    Sets {
        classes: b::CLASSES.iter().map(|&c| (c, b::class(c))).collect(),
    }
}

/// Where the field of view is looked from on a floor, for the checks: the
/// start, the stairs and `n - 2` cells of ground between.
fn origins(case: &Case, n: usize) -> Vec<Point> {
    let mut v = vec![case.from, case.to];
    v.extend(b::goals(&case.map, n - 2));
    v
}

fn checks(sets: &Sets) {
    let astar = size_of::<AStar>() + astar::SEARCH_SCRATCH;
    println!(
        "check: size_of AStar (the way found) = {} bytes, plus at most {} bytes on the stack while it searches (a Dijkstra map from the goal, and its layers and lists or the corridor's open set): {astar}",
        size_of::<AStar>(),
        astar::SEARCH_SCRATCH
    );
    let layers = size_of::<DijkstraMap>() + dijkstra::LAYERS_SCRATCH;
    let buckets = layers + size_of::<Buckets>();
    println!(
        "check: size_of DijkstraMap = {} bytes, plus {} bytes of layers while it is computed ({layers}), plus {} of lists where they turn thin, or Buckets of {} bytes only when layers cannot do ({buckets})",
        size_of::<DijkstraMap>(),
        dijkstra::LAYERS_SCRATCH,
        dijkstra::LISTS_SCRATCH,
        size_of::<Buckets>()
    );
    // Each lives in the frame of the call that needs it (the game never
    // needs both in one call), so the stack is the one workspace they
    // share: its peak is the larger of the two.
    let most = astar.max(buckets);
    println!(
        "check: path memory at once (A* or a Dijkstra map, never both) = {most} bytes: {} the aim of 24 KiB ({} bytes)",
        if most <= 24 * 1024 { "within" } else { "over" },
        24 * 1024
    );

    let case = &sets.of("rooms")[0];
    let mut astar = Box::new(AStar::new());
    let mut dijkstra = Box::new(DijkstraMap::new());
    let mut frontier = Box::new(Buckets::new());
    let mut visible = CellSet::new();
    let goals = b::goals(&case.map, 40);
    let a = allocations_of(|| {
        astar.find_path(&case.map, case.from, case.to);
    });
    let d = allocations_of(|| dijkstra.compute_with(&mut frontier, &case.map, &goals, book_cost));
    let f = allocations_of(|| field_of_view(&case.map, case.from, 9, &mut visible));
    println!(
        "check: heap allocations in one call of ours: A* {a}, Dijkstra map {d}, field of view {f}"
    );

    let all: Vec<(&str, &Case)> = sets
        .classes
        .iter()
        .flat_map(|(name, cases)| cases.iter().map(move |c| (*name, c)))
        .collect();
    let (mut plain_same, mut pf_same, mut br_same, mut n) = (0, 0, 0, 0);
    let mut differ = Vec::new();
    for (name, case) in &all {
        astar.find_path(&case.map, case.from, case.to);
        let ours = astar.cost();
        let plain = amulets_tests::book_astar::find_path(&case.map, case.from, case.to);
        let plain = (!plain.0.is_empty()).then_some(plain.1.unsigned_abs());
        let pf = b::pathfinding_astar(&case.map, case.from, case.to);
        let br = b::bracket_astar(&case.map, case.from, case.to);
        n += 1;
        plain_same += usize::from(plain == ours);
        pf_same += usize::from(pf == ours);
        br_same += usize::from(br == ours);
        if plain != ours || pf != ours || br != ours {
            differ.push(format!(
                "{name}: ours {ours:?}, plain {plain:?}, pathfinding {pf:?}, bracket {br:?}"
            ));
        }
    }
    println!(
        "check: A* way costs equal ours: plain {plain_same} of {n}, pathfinding {pf_same} of {n}, bracket-pathfinding {br_same} of {n}"
    );
    for d in differ.iter().take(5) {
        println!("check:   differs: {d}");
    }

    let (mut pf_cells, mut br_cells, mut cells) = (0usize, 0usize, 0usize);
    for case in sets
        .maps_of("rooms")
        .into_iter()
        .chain(sets.maps_of("caves"))
    {
        for k in [1, 40] {
            let goals = b::goals(&case.map, k);
            dijkstra.compute(&case.map, &goals, book_cost);
            let pf = b::pathfinding_dijkstra(&case.map, &goals);
            let br = b::bracket_dijkstra(&case.map, &goals);
            for i in 0..MAP_CELLS {
                let ours = dijkstra.at(Map::point_of(i));
                let theirs_pf = if goals.iter().any(|&g| Map::index(g) == i) {
                    0
                } else {
                    pf.get(&i).map_or(UNREACHED, |&(_, c)| c)
                };
                let theirs_br = br.map[i];
                cells += 1;
                pf_cells += usize::from(theirs_pf == ours);
                let br_ours = if ours == UNREACHED {
                    f32::MAX
                } else {
                    ours as f32
                };
                br_cells += usize::from(theirs_br == br_ours);
            }
        }
    }
    println!(
        "check: Dijkstra map cells equal ours: pathfinding {pf_cells} of {cells}, bracket-pathfinding {br_cells} of {cells}"
    );

    let (mut same, mut views) = (0, 0);
    for case in sets
        .maps_of("rooms")
        .into_iter()
        .chain(sets.maps_of("caves"))
    {
        for o in origins(case, 5) {
            field_of_view(&case.map, o, 9, &mut visible);
            let theirs = b::bracket_fov(&case.map, o, 9);
            let ours: std::collections::HashSet<(i32, i32)> =
                visible.iter().map(|p| (p.x, p.y)).collect();
            let theirs: std::collections::HashSet<(i32, i32)> =
                theirs.iter().map(|p| (p.x, p.y)).collect();
            views += 1;
            same += usize::from(ours == theirs);
        }
    }
    println!(
        "check: fields of view equal to bracket-pathfinding's symmetric ones: {same} of {views}"
    );
}

/// 40 samples over 3 s a benchmark: on this shared 2-core machine a burst
/// of someone else's load lands in some samples, and the pass rule takes
/// the worse end of the median's interval, which more samples narrow.
fn config() -> Criterion<CpuTime> {
    Criterion::default()
        .with_measurement(CpuTime)
        .sample_size(40)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args()
}

fn bench_astar(c: &mut Criterion<CpuTime>, name: &str, cases: &[Case]) {
    let mut g = c.benchmark_group(format!("astar-{name}"));
    let mut astar = Box::new(AStar::new());
    g.bench_function("amulets", |bench| {
        bench.iter(|| {
            for case in cases {
                black_box(astar.find_path(&case.map, case.from, case.to));
            }
        })
    });
    g.bench_function("pathfinding", |bench| {
        bench.iter(|| {
            for case in cases {
                black_box(b::pathfinding_astar(&case.map, case.from, case.to));
            }
        })
    });
    // bracket-pathfinding's A* takes some 9 ms a search on rooms and caves
    // (a hundred times ours): timed where a round takes less than seconds.
    if name == "open" || name == "mazes" {
        g.bench_function("bracket", |bench| {
            bench.iter(|| {
                for case in cases {
                    black_box(b::bracket_astar(&case.map, case.from, case.to));
                }
            })
        });
    }
    // The tests' copy of the book's search, with a binary heap.
    g.bench_function("plain", |bench| {
        bench.iter(|| {
            for case in cases {
                black_box(amulets_tests::book_astar::find_path(&case.map, case.from, case.to).1);
            }
        })
    });
    g.finish();
}

fn bench_dijkstra(c: &mut Criterion<CpuTime>, name: &str, cases: &[&Case], k: usize) {
    let goals: Vec<Vec<Point>> = cases.iter().map(|c| b::goals(&c.map, k)).collect();
    let mut g = c.benchmark_group(format!("dijkstra{k}-{name}"));
    let mut map = Box::new(DijkstraMap::new());
    let mut frontier = Box::new(Buckets::new());
    g.bench_function("amulets", |bench| {
        bench.iter(|| {
            for (case, goals) in cases.iter().zip(&goals) {
                map.compute_with(&mut frontier, &case.map, goals, book_cost);
                black_box(map.at(case.to));
            }
        })
    });
    g.bench_function("pathfinding", |bench| {
        bench.iter(|| {
            for (case, goals) in cases.iter().zip(&goals) {
                black_box(b::pathfinding_dijkstra(&case.map, goals).len());
            }
        })
    });
    // The tests' plain Dijkstra with a binary heap, by the book's costs.
    g.bench_function("plain", |bench| {
        bench.iter(|| {
            for (case, goals) in cases.iter().zip(&goals) {
                black_box(amulets_tests::plain::costs(&case.map, goals, false).len());
            }
        })
    });
    g.bench_function("bracket", |bench| {
        bench.iter(|| {
            for (case, goals) in cases.iter().zip(&goals) {
                black_box(b::bracket_dijkstra(&case.map, goals).map[0]);
            }
        })
    });
    g.finish();
}

/// A Dijkstra map from each search's start alone: ours, the plain one
/// (the tests', a binary heap), and the peers'.
fn bench_dijkstra_from(c: &mut Criterion<CpuTime>, name: &str, cases: &[Case]) {
    let mut g = c.benchmark_group(format!("dijkstra1-{name}"));
    let mut map = Box::new(DijkstraMap::new());
    let mut frontier = Box::new(Buckets::new());
    g.bench_function("amulets", |bench| {
        bench.iter(|| {
            for case in cases {
                map.compute_with(&mut frontier, &case.map, &[case.from], book_cost);
                black_box(map.at(case.to));
            }
        })
    });
    g.bench_function("plain", |bench| {
        bench.iter(|| {
            for case in cases {
                black_box(amulets_tests::plain::costs(&case.map, &[case.from], false).len());
            }
        })
    });
    g.bench_function("pathfinding", |bench| {
        bench.iter(|| {
            for case in cases {
                black_box(b::pathfinding_dijkstra(&case.map, &[case.from]).len());
            }
        })
    });
    g.bench_function("bracket", |bench| {
        bench.iter(|| {
            for case in cases {
                black_box(b::bracket_dijkstra(&case.map, &[case.from]).map[0]);
            }
        })
    });
    g.finish();
}

/// The field of view at `radius` from each search's two ends: ours, the
/// plain symmetric shadowcasting of the tests (`plain_fov`), and
/// bracket's at radius 9.
fn bench_fov(c: &mut Criterion<CpuTime>, name: &str, cases: &[Case], radius: i32) {
    let views: Vec<(&Case, Vec<Point>)> = cases.iter().map(|c| (c, vec![c.from, c.to])).collect();
    let mut g = c.benchmark_group(format!("fov{radius}-{name}"));
    let mut visible = CellSet::new();
    g.bench_function("amulets", |bench| {
        bench.iter(|| {
            for (case, origins) in &views {
                for &o in origins {
                    field_of_view(&case.map, o, radius, &mut visible);
                    black_box(&visible);
                }
            }
        })
    });
    let mut seen = vec![false; MAP_CELLS];
    g.bench_function("plain", |bench| {
        bench.iter(|| {
            for (case, origins) in &views {
                for &o in origins {
                    amulets_tests::plain_fov::field_of_view(&case.map, o, radius, &mut seen);
                    black_box(&seen);
                }
            }
        })
    });
    if radius == 9 {
        g.bench_function("bracket", |bench| {
            bench.iter(|| {
                for (case, origins) in &views {
                    for &o in origins {
                        black_box(b::bracket_fov(&case.map, o, 9).len());
                    }
                }
            })
        });
    }
    g.finish();
}

fn bench_generation(c: &mut Criterion<CpuTime>) {
    use amulets_core::mapgen::{caves, rooms};
    use amulets_core::rng::Rng;
    let mut g = c.benchmark_group("generate");
    let mut map = Map::new();
    let mut seed = 0;
    g.bench_function("rooms", |bench| {
        bench.iter(|| {
            seed += 1;
            black_box(rooms::generate(&mut map, &mut Rng::new(seed)).len())
        })
    });
    g.bench_function("caves", |bench| {
        bench.iter(|| {
            seed += 1;
            black_box(caves::generate(&mut map, &mut Rng::new(seed)).len())
        })
    });
    g.finish();
}

fn main() {
    let sets = sets();
    let listing = std::env::args().any(|a| a == "--list");
    if !listing {
        checks(&sets);
    }
    let mut c = config();
    for (name, cases) in &sets.classes {
        bench_astar(&mut c, name, cases);
        bench_dijkstra_from(&mut c, name, cases);
    }
    for name in ["rooms", "caves"] {
        bench_dijkstra(&mut c, name, &sets.maps_of(name), 40);
    }
    for radius in [9, amulets_core::fov::MAX_RADIUS] {
        for (name, cases) in &sets.classes {
            bench_fov(&mut c, name, cases, radius);
        }
    }
    bench_generation(&mut c);
    c.final_summary();
}
