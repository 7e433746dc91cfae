//! Benchmarks of the core against its peers: the maps they run on, and the
//! peers' searches set up on the same maps with the same costs (hundredths
//! of a step: 100 a step, 200 onto a closed door; for A*, 101 a diagonal,
//! where the book's Dijkstra maps count a diagonal step as a step) so their
//! answers can be compared with ours.

use amulets_core::geom::{Dir, Point};
use amulets_core::map::{MAP_CELLS, MAP_H, MAP_W, Map, Terrain};
use amulets_core::mapgen::floor;
use amulets_core::path::book_cost;
use amulets_core::rng::Rng;
use bracket_pathfinding::prelude as bracket;
use std::collections::HashMap;

/// One search to run: a map, and two cells far apart.
#[derive(Clone)]
pub struct Case {
    pub map: Map,
    pub from: Point,
    pub to: Point,
}

/// A floor ready for benchmarks: secret doors made plain closed doors, so
/// the way from the start to the stairs is always there.
fn opened(mut map: Map) -> Map {
    for i in 0..MAP_CELLS {
        if map.cells()[i] == Terrain::SecretDoor {
            map.set(Map::point_of(i), Terrain::ClosedDoor);
        }
    }
    map
}

/// `n` floors of rooms (floor 1 of runs 1 to n) or caves (floor 4), from
/// the start to the stairs.
pub fn floors(n: u32, depth: i32) -> Vec<Case> {
    (1..=n)
        .map(|seed| {
            let f = floor::assemble(depth, &mut Rng::new(seed));
            Case {
                map: opened(f.map),
                from: f.start,
                to: f.stairs.expect("floors 1 and 4 have stairs"),
            }
        })
        .collect()
}

/// The four classes of map the searches and the field of view are timed
/// on by the clock (issue 60), each made here from seeds: the game's
/// rooms, its caves, open floors and mazes.
pub const CLASSES: [&str; 4] = ["rooms", "caves", "open", "mazes"];

/// How many searches a map of a class gives: its own (the start to the
/// stairs, or corner to end) and `PAIRS - 1` between cells drawn from a
/// seed.
pub const PAIRS: usize = 4;

/// A class's searches: 50 maps, `PAIRS` each.
///
/// - `rooms`: floor 1 of runs 1 to 50; `caves`: floor 4 of the same runs.
/// - `open`: 48 open floors with pillars and short walls
///   (`maps::open_floor`), the open floor and the floor of pillars.
/// - `mazes`: 48 perfect mazes (`maps::perfect_maze`: branches, dead
///   ends), the serpentine and the spiral.
///
/// Each drawn pair is two cells that can be stood on and are joined, so
/// every search finds a way.
///
/// # Panics
/// On a name not in [`CLASSES`].
pub fn class(name: &str) -> Vec<Case> {
    use amulets_tests::maps;
    let base: Vec<Case> = match name {
        "rooms" => floors(50, 1),
        "caves" => floors(50, 4),
        "open" | "mazes" => {
            let made = |seed: u32| {
                let map = if name == "open" {
                    maps::open_floor(seed)
                } else {
                    maps::perfect_maze(seed)
                };
                let from = Point::new(1, 1);
                let to = Point::new(MAP_W - 3, MAP_H - 3);
                Case { map, from, to }
            };
            let hand: [(Map, Point, Point); 2] = if name == "open" {
                [maps::open(), maps::pillars()]
            } else {
                [maps::serpentine(), maps::spiral()]
            };
            (1..=48)
                .map(made)
                .chain(
                    hand.into_iter()
                        .map(|(map, from, to)| Case { map, from, to }),
                )
                .collect()
        }
        _ => panic!("no class of maps is called {name:?}: {CLASSES:?}"),
    };
    let mut cases = Vec::new();
    for (k, case) in base.into_iter().enumerate() {
        let joined = amulets_tests::plain::reachable(case.from, |p| case.map.is_passable(p));
        let ground: Vec<Point> = (0..MAP_CELLS)
            .filter(|&i| joined[i])
            .map(Map::point_of)
            .collect();
        let mut dice = Rng::new(7919 * (k as u32 + 1));
        let mut draw = || ground[dice.roll(0, ground.len() as i32 - 1) as usize];
        let drawn: Vec<(Point, Point)> = (1..PAIRS).map(|_| (draw(), draw())).collect();
        cases.push(case.clone());
        for (from, to) in drawn {
            cases.push(Case {
                map: case.map.clone(),
                from,
                to,
            });
        }
    }
    cases
}

/// The hand-made worst cases: a serpentine maze, an open floor, pillars.
pub fn hand_made() -> Vec<(&'static str, Case)> {
    use amulets_tests::maps;
    maps::worst()
        .into_iter()
        .map(|(name, (map, from, to))| (name, Case { map, from, to }))
        .collect()
}

/// Forty cells spread over a map's ground, the same every time.
pub fn goals(map: &Map, n: usize) -> Vec<Point> {
    let ground: Vec<Point> = (0..MAP_CELLS)
        .map(Map::point_of)
        .filter(|&p| map.is_walkable(p))
        .collect();
    (0..n).map(|k| ground[k * ground.len() / n]).collect()
}

/// The steps out of a cell and what they cost, as the book's A* counts
/// them (a diagonal a hundredth dearer).
fn exits(map: &Map, cell: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
    exits_by(map, cell, 1)
}

/// The steps out of a cell in whole steps, as the book's Dijkstra maps
/// count them.
fn whole_steps(map: &Map, cell: usize) -> impl Iterator<Item = (usize, u32)> + '_ {
    exits_by(map, cell, 0)
}

fn exits_by(map: &Map, cell: usize, diagonal: u32) -> impl Iterator<Item = (usize, u32)> + '_ {
    let here = Map::point_of(cell);
    Dir::ALL.into_iter().filter_map(move |dir| {
        let next = here.step(dir);
        if !Map::in_bounds(next) {
            return None;
        }
        let step = book_cost(map.at(next))? + diagonal * u32::from(dir.is_diagonal());
        Some((Map::index(next), step))
    })
}

fn least_cost(a: usize, b: usize) -> u32 {
    amulets_core::path::astar::least_cost(Map::point_of(a), Map::point_of(b))
}

/// The `pathfinding` crate's A*: the cost of the way, if there is one.
pub fn pathfinding_astar(map: &Map, from: Point, to: Point) -> Option<u32> {
    let goal = Map::index(to);
    pathfinding::prelude::astar(
        &Map::index(from),
        |&c| exits(map, c),
        |&c| least_cost(c, goal),
        |&c| c == goal,
    )
    .map(|(_, cost)| cost)
}

/// The node every goal hangs from, so a one-source search serves many.
const ALL_GOALS: usize = usize::MAX;

/// The `pathfinding` crate's `dijkstra_all` from many goals at once (a
/// node before all of them, joined at no cost): each reached cell's cost.
pub fn pathfinding_dijkstra(map: &Map, goals: &[Point]) -> HashMap<usize, (usize, u32)> {
    let starts: Vec<usize> = goals.iter().map(|&g| Map::index(g)).collect();
    pathfinding::prelude::dijkstra_all(&ALL_GOALS, |&c| {
        let from_all: Vec<(usize, u32)> = if c == ALL_GOALS {
            starts.iter().map(|&g| (g, 0)).collect()
        } else {
            Vec::new()
        };
        let onward: Vec<(usize, u32)> = if c == ALL_GOALS {
            Vec::new()
        } else {
            whole_steps(map, c).collect()
        };
        from_all.into_iter().chain(onward)
    })
}

/// The map seen through bracket-lib's traits, with A*'s costs (`true`) or
/// the Dijkstra maps' whole steps.
pub struct BracketMap<'a>(pub &'a Map, pub bool);

impl bracket::Algorithm2D for BracketMap<'_> {
    fn dimensions(&self) -> bracket::Point {
        bracket::Point::new(MAP_W, MAP_H)
    }
}

impl bracket::BaseMap for BracketMap<'_> {
    fn is_opaque(&self, idx: usize) -> bool {
        self.0.cells()[idx].blocks_sight()
    }

    fn get_available_exits(&self, idx: usize) -> bracket::SmallVec<[(usize, f32); 10]> {
        exits_by(self.0, idx, u32::from(self.1))
            .map(|(c, cost)| (c, cost as f32))
            .collect()
    }

    fn get_pathing_distance(&self, a: usize, b: usize) -> f32 {
        least_cost(a, b) as f32
    }
}

/// bracket-pathfinding's A*: the cost of its way, summed in our
/// hundredths, if it found one.
pub fn bracket_astar(map: &Map, from: Point, to: Point) -> Option<u32> {
    let path = bracket::a_star_search(Map::index(from), Map::index(to), &BracketMap(map, true));
    if !path.success {
        return None;
    }
    let mut total = 0;
    for pair in path.steps.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        total += exits(map, a).find(|&(c, _)| c == b).map(|(_, s)| s)?;
    }
    Some(total)
}

/// bracket-pathfinding's Dijkstra map from many goals.
pub fn bracket_dijkstra(map: &Map, goals: &[Point]) -> bracket::DijkstraMap {
    let starts: Vec<usize> = goals.iter().map(|&g| Map::index(g)).collect();
    bracket::DijkstraMap::new(MAP_W, MAP_H, &starts, &BracketMap(map, false), f32::MAX)
}

/// bracket-pathfinding's symmetric shadowcasting.
pub fn bracket_fov(
    map: &Map,
    origin: Point,
    radius: i32,
) -> std::collections::HashSet<bracket::Point> {
    bracket::FieldOfViewAlg::SymmetricShadowcasting.field_of_view_set(
        bracket::Point::new(origin.x, origin.y),
        radius,
        &BracketMap(map, true),
    )
}

/// Seed 42's Fighter played by the bot until it arrives on `depth`, every
/// monster there then hunting: the full floor of the turn benchmarks.
/// Under 0.1.0's rules (`book-1`), so the floor and its figures stay those
/// of the runs before (under `book-2` this Fighter dies on floor 6).
pub fn arrived_on(depth: i32) -> amulets_core::game::Game {
    use amulets_core::bot::Bot;
    use amulets_core::game::Game;
    use amulets_core::mapgen::floor::Style;
    use amulets_core::monster::Mind;
    use amulets_core::player::Class;
    use amulets_core::rules::Rules;
    let mut game = Game::new_run_under(42, Class::Fighter, Style::Book, Rules::Book1);
    let mut bot = Bot::new();
    while game.depth() < depth && bot.play_one(&mut game) {}
    assert_eq!(game.depth(), depth, "the bot reaches floor {depth}");
    while game.command_running() {
        game.step_command();
    }
    for m in game.level_mut().monsters.iter_mut() {
        m.mind = Mind::Hunting;
    }
    game
}

/// A run the bot plays through the desktop game's app step by step, as a
/// player watching it sees it: each step is a command's step on the
/// clock, an animation's frame, or the bot's next action. The frame
/// benches paint it one step at a time.
pub struct Watched {
    pub app: amulets_sdl::app::App,
    bot: amulets_core::bot::Bot,
}

/// What one step of a watched run was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A step of a running command (explore, travel, rest) on the same
    /// floor with no screen up: what a player watches most.
    Ordinary,
    /// Anything else: an action, an animation's frame, a new floor, a
    /// screen.
    Other,
    /// The run is over.
    Over,
}

impl Watched {
    /// Seed `seed`'s Fighter from the first turn, in the tile view if
    /// `tiles`, played by the bot.
    pub fn new(seed: u32, tiles: bool) -> Watched {
        let mut session = amulets_play::session::Session::new(
            amulets_play::store::Kept::Nowhere,
            None,
            amulets_desktop::seed::from_os as fn() -> u32,
            amulets_play::session::Start {
                seed: Some(seed),
                class: Some(amulets_core::player::Class::Fighter),
                ..amulets_play::session::Start::default()
            },
        );
        session.prefs.set_tiles(tiles);
        Watched {
            app: amulets_sdl::app::App::new(session),
            bot: amulets_core::bot::Bot::new(),
        }
    }

    /// Plays one step; the app's picture is out of date after it.
    pub fn step(&mut self) -> Step {
        let game = self.app.game();
        let (running, depth) = (game.command_running(), game.depth());
        if !amulets_play::autoplay::play_bot(
            &mut self.app.session,
            &mut self.bot,
            &mut self.app.now,
            amulets_play::autoplay::Pace::Frames,
        ) {
            return Step::Over;
        }
        self.app.redraw = true;
        let same_floor = self.app.game().depth() == depth;
        if running && same_floor && self.app.session.drawn().screen().is_none() {
            Step::Ordinary
        } else {
            Step::Other
        }
    }

    /// Plays on to the next ordinary step, painting every step before it
    /// (the painter must see them all), and a new run when one ends.
    pub fn to_ordinary(&mut self, seed: &mut u32, tiles: bool) {
        loop {
            match self.step() {
                Step::Ordinary => return,
                Step::Other => {
                    self.app.paint();
                }
                Step::Over => {
                    *seed += 1;
                    *self = Watched::new(*seed, tiles);
                }
            }
        }
    }
}

/// Criterion's measurement by the CPU clock: the time the bench's own
/// thread ran (`CLOCK_THREAD_CPUTIME_ID`), so that another process taking
/// a core on this shared machine does not count as ours.
pub struct CpuTime;

/// The thread's CPU time so far, in nanoseconds.
#[cfg(unix)]
#[allow(unsafe_code)]
fn thread_cpu_ns() -> u64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to write.
    let ok = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(ok, 0, "the thread's CPU clock");
    t.tv_sec as u64 * 1_000_000_000 + t.tv_nsec as u64
}

/// Elsewhere, the wall clock.
#[cfg(not(unix))]
fn thread_cpu_ns() -> u64 {
    use std::sync::OnceLock;
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_nanos() as u64
}

impl criterion::measurement::Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        thread_cpu_ns()
    }

    fn end(&self, from: u64) -> u64 {
        thread_cpu_ns() - from
    }

    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }

    fn zero(&self) -> u64 {
        0
    }

    fn to_f64(&self, ns: &u64) -> f64 {
        *ns as f64
    }

    fn formatter(&self) -> &dyn criterion::measurement::ValueFormatter {
        &Nanoseconds
    }
}

/// Shows the CPU clock's nanoseconds as criterion shows times.
struct Nanoseconds;

impl criterion::measurement::ValueFormatter for Nanoseconds {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (by, unit) = if typical < 1e3 {
            (1.0, "ns")
        } else if typical < 1e6 {
            (1e3, "µs")
        } else if typical < 1e9 {
            (1e6, "ms")
        } else {
            (1e9, "s")
        };
        for v in values {
            *v /= by;
        }
        unit
    }

    fn scale_throughputs(
        &self,
        _typical: f64,
        _throughput: &criterion::Throughput,
        _values: &mut [f64],
    ) -> &'static str {
        "per CPU second"
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}
