//! A Dijkstra map: every cell's cost to reach the nearest of some goals,
//! walking in eight directions. Monsters walk downhill on one toward the
//! player; the stairs go on the highest cell of one from the start.
//!
//! The book's Dijkstra maps count whole steps: a step onto ground is one,
//! a closed door `DOOR_STEPS`, straight or diagonal alike (`STEP` hundredths
//! each here, so the numbers read as A*'s do). Only A* counts a diagonal a
//! hundredth dearer, and so does the map from its goal that it searches its
//! corridor by (`toward`): the engine below takes the diagonal's extra as
//! a constant, 0 for the book's maps, `DIAGONAL_EXTRA` for A*'s.
//!
//! Two ways to the same answer. When every step costs one or two whole
//! steps (the book's costs), cells are found a layer at a time, a layer
//! being the cells so many whole steps from the goals, with each row of the
//! map one 64-bit word, and each cell then takes the least of its
//! neighbours' costs; with A*'s extras a layer is the cells whose cost is
//! so many whole steps, and a cell found too early waits for the next
//! (`layers::by_layers`). Otherwise (steps of other costs), Dijkstra's
//! algorithm on [`Buckets`] one step wide: every step costs at least a
//! step, so the cells of the lowest bucket are final and come out in any
//! order.
//! The map chooses how the layers are kept as it is worked out: layers too
//! thin for their rows' words to pay (a corridor, a maze: `THIN_CELLS`) go
//! on as lists of cells (`compute_by_lists`).
//! No heap, no stale entries, no allocation.

use super::buckets::{Buckets, MAX_STEP};
use super::layers::{self, Rows, Stop};
use super::{DIAGONAL, DIAGONAL_EXTRA, NO_STEP, NOT_YET};
use crate::geom::{Dir, Point};
use crate::map::{MAP_CELLS, MAP_H, MAP_W, Map, Terrain};

/// The cost of a cell no goal can reach.
pub const UNREACHED: u32 = u32::MAX;
const _: () =
    assert!(MAX_COST < NO_STEP && MAX_COST as u64 + NO_STEP as u64 + 1 < UNREACHED as u64);

/// The dearest way has at most `MAP_CELLS - 1` steps of at most
/// `DOOR_STEPS * STEP + DIAGONAL_EXTRA` = 201 each: 462,903, under 2^19, so
/// costs never overflow a `u32`, nor do the sums with `NOT_YET` or `NO_STEP`.
#[expect(clippy::cast_possible_truncation, reason = "MAP_CELLS is 2,304")]
pub const MAX_COST: u32 = (MAP_CELLS as u32 - 1) * 201;
const _: () = assert!(MAX_COST < 1 << 19);

const _: () = assert!(MAX_COST < NOT_YET && NOT_YET < NO_STEP);
pub use super::layers::{LAYERS_SCRATCH, LISTS_SCRATCH};

const H: usize = MAP_H as usize;
const W: usize = MAP_W as usize;
const _: () = assert!(W == 64);
/// How a map was worked out.
enum Method {
    Layers,
    Buckets,
}

/// Every cell's cost from the nearest goal, `UNREACHED` where none reaches.
#[derive(Clone)]
pub struct DijkstraMap {
    cost: [u32; MAP_CELLS],
}

impl Default for DijkstraMap {
    fn default() -> DijkstraMap {
        DijkstraMap::new()
    }
}

impl DijkstraMap {
    /// A map with no cell reached.
    pub const fn new() -> DijkstraMap {
        DijkstraMap {
            cost: [UNREACHED; MAP_CELLS],
        }
    }

    /// Works out every cell's cost from the nearest goal, in whole steps as
    /// the book counts them. `step_cost` says what stepping onto a terrain
    /// costs, or `None` where no step can go (see `path::book_cost`); a
    /// diagonal step costs what a straight one does.
    /// Every step must cost from `STEP` to `buckets::MAX_STEP`. Goals off
    /// the map are ignored. With the book's costs the layers need about
    /// 2 KiB of stack for the call (`LAYERS_SCRATCH`); only when they cannot do are 9 KiB of
    /// [`Buckets`] put on the stack too (`compute_with` takes some to reuse).
    pub fn compute(
        &mut self,
        map: &Map,
        goals: &[Point],
        step_cost: impl Fn(Terrain) -> Option<u32>,
    ) {
        self.compute_from(map, goals.iter().copied(), step_cost);
    }

    /// `compute`, the goals from any list (explore's edge can be most of the
    /// map, and is never gathered into an array).
    pub fn compute_from(
        &mut self,
        map: &Map,
        goals: impl IntoIterator<Item = Point>,
        step_cost: impl Fn(Terrain) -> Option<u32>,
    ) {
        self.cost = [NOT_YET; MAP_CELLS];
        self.compute_inner::<0>(None, map, goals, step_cost, None);
    }

    /// `compute`, with buckets the caller keeps for when the layers cannot
    /// do.
    pub fn compute_with(
        &mut self,
        open: &mut Buckets,
        map: &Map,
        goals: &[Point],
        step_cost: impl Fn(Terrain) -> Option<u32>,
    ) {
        self.cost = [NOT_YET; MAP_CELLS];
        self.compute_inner::<0>(Some(open), map, goals.iter().copied(), step_cost, None);
    }

    /// For A*: a map of A*'s costs from `goal` (`book_cost`, a diagonal
    /// `DIAGONAL_EXTRA` dearer), worked out by layers of whole steps
    /// (`layers::by_layers`) only as far as the first layer by whose end a
    /// neighbour of `start` is done and the least of those done, plus a
    /// diagonal's extra, costs less than the next layer. Every cell a
    /// cheapest way from `start` to `goal` goes through, and every
    /// neighbour of `start` that one could leave it by, costs no more than
    /// that (docs/paths.md, "Finding the corridor"), so those are done
    /// and exact; every other cell holds its cost or `NOT_YET`, never
    /// `UNREACHED`, so a diagonal's extra added to any of them does not
    /// wrap round. The map starts as `not_yet` made it.
    pub(crate) fn toward(&mut self, map: &Map, goal: Point, start: Point) {
        let map_from_goal = self;
        let method = map_from_goal.compute_inner::<DIAGONAL_EXTRA>(
            None,
            map,
            [goal],
            super::book_cost,
            Some(start),
        );
        // The book's steps are one or two whole steps: the layers always
        // do, and leave `NOT_YET` where they did not go.
        debug_assert!(matches!(method, Method::Layers));
    }

    /// A map of `NOT_YET` everywhere, for `toward` to work out.
    pub(crate) fn not_yet() -> DijkstraMap {
        DijkstraMap {
            cost: [NOT_YET; MAP_CELLS],
        }
    }

    /// The costs, for A* to mark the cells it reaches in, or to keep its
    /// own in.
    pub(crate) fn costs_mut(&mut self) -> &mut [u32; MAP_CELLS] {
        &mut self.cost
    }

    /// Works out the costs, which all hold `NOT_YET` to begin with: by
    /// layers (as rows, then as lists where they turn thin) when they can
    /// do, else by buckets (`open`, or ones of its own). With `stop_near`,
    /// the layers stop after the first one with a neighbour of that cell
    /// (`toward`).
    fn compute_inner<const EXTRA: u32>(
        &mut self,
        open: Option<&mut Buckets>,
        map: &Map,
        goals: impl IntoIterator<Item = Point>,
        step_cost: impl Fn(Terrain) -> Option<u32>,
        stop_near: Option<Point>,
    ) -> Method {
        // What a step onto each kind of terrain costs, looked up once;
        // `NO_STEP` where no step can go.
        let mut table = [NO_STEP; 8];
        for t in Terrain::ALL {
            let step = step_cost(t);
            debug_assert!(step.is_none_or(|s| (super::STEP..MAX_STEP).contains(&s)));
            table[usize::from(t.discriminant())] = step.unwrap_or(NO_STEP);
        }
        // The goals: 0 in the costs, a bit in `start`.
        let mut start: Rows = [0; H];
        for goal in goals {
            if Map::in_bounds(goal) {
                let i = Map::index(goal);
                self.cost[i] = 0;
                start[i / W] |= 1 << (i % W);
            }
        }
        // The neighbours of `stop_near` (none if it is off the map).
        let stop = stop_near.map(|p| {
            if Map::in_bounds(p) {
                Stop::around(p.x as usize, p.y as usize)
            } else {
                Stop::nowhere()
            }
        });
        if layers::fit(&table) {
            layers::by_layers::<EXTRA>(&mut self.cost, map, &table, &start, stop.as_ref());
            return Method::Layers;
        }
        match open {
            Some(open) => self.compute_by_buckets::<EXTRA>(open, map, &table, &start),
            None => self.compute_by_new_buckets::<EXTRA>(map, &table, &start),
        }
        Method::Buckets
    }

    /// `compute_by_buckets` with buckets of its own, in a frame of its own
    /// so they are on the stack only while they are needed.
    #[inline(never)]
    fn compute_by_new_buckets<const EXTRA: u32>(
        &mut self,
        map: &Map,
        table: &[u32; 8],
        start: &Rows,
    ) {
        self.compute_by_buckets::<EXTRA>(&mut Buckets::new(), map, table, start);
    }

    /// Dijkstra's algorithm on buckets one step wide, for any steps, from
    /// the goals (the cells of `start`).
    #[expect(
        clippy::too_many_lines,
        reason = "the search is one loop on the hot path: a cell's eight neighbours are relaxed in place, with no call between"
    )]
    fn compute_by_buckets<const EXTRA: u32>(
        &mut self,
        open: &mut Buckets,
        map: &Map,
        table: &[u32; 8],
        start: &Rows,
    ) {
        let cells = map.cells();
        // A cell no step can go onto starts at `NO_STEP`, which no way onto
        // it is less than, so the neighbour loop needs no test of its own
        // for walls; the end turns it into `UNREACHED`.
        let not_reached = |terrain: Terrain| {
            if table[usize::from(terrain.discriminant()) & 7] == NO_STEP {
                NO_STEP
            } else {
                UNREACHED
            }
        };
        for (i, (cost, &terrain)) in self.cost.iter_mut().zip(cells).enumerate() {
            *cost = if start[i / W] & (1 << (i % W)) != 0 {
                0
            } else {
                not_reached(terrain)
            };
        }
        open.clear();
        for (y, &row) in start.iter().enumerate() {
            let mut bits = row;
            while bits != 0 {
                let x = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                open.put(y * W + x, 0, true);
            }
        }
        while let Some(i) = open.take() {
            let base = self.cost[i];
            let (x, y) = (i % MAP_W as usize, i / MAP_W as usize);
            if x > 0 && y > 0 && x < MAP_W as usize - 1 && y < MAP_H as usize - 1 {
                // Inside the edge, every neighbour is on the map: the eight
                // steps written out (their order does not matter here).
                const W: usize = MAP_W as usize;
                let relax = |this: &mut Self, open: &mut Buckets, j: usize, extra: u32| {
                    let new_cost = base + table[usize::from(cells[j].discriminant()) & 7] + extra;
                    let old = this.cost[j];
                    if new_cost < old {
                        this.cost[j] = new_cost;
                        open.put(j, new_cost, old == UNREACHED);
                    }
                };
                relax(self, open, i - W, 0);
                relax(self, open, i + 1, 0);
                relax(self, open, i + W, 0);
                relax(self, open, i - 1, 0);
                relax(self, open, i - W + 1, EXTRA);
                relax(self, open, i + W + 1, EXTRA);
                relax(self, open, i + W - 1, EXTRA);
                relax(self, open, i - W - 1, EXTRA);
            } else {
                let p = Map::point_of(i);
                for (k, dir) in Dir::ALL.into_iter().enumerate() {
                    let next = p.step(dir);
                    if !Map::in_bounds(next) {
                        continue;
                    }
                    let j = Map::index(next);
                    let new_cost = base
                        + table[usize::from(cells[j].discriminant()) & 7]
                        + EXTRA * u32::from(DIAGONAL[k] != 0);
                    let old = self.cost[j];
                    if new_cost < old {
                        self.cost[j] = new_cost;
                        open.put(j, new_cost, old == UNREACHED);
                    }
                }
            }
        }
        for cost in &mut self.cost {
            if *cost == NO_STEP {
                *cost = UNREACHED;
            }
        }
    }

    /// The cost at a cell; off the map is `UNREACHED`.
    pub fn at(&self, p: Point) -> u32 {
        if Map::in_bounds(p) {
            self.cost[Map::index(p)]
        } else {
            UNREACHED
        }
    }

    /// The neighbour of `from` with the lowest cost, if it is lower than
    /// `from`'s own: the way downhill. Of neighbours as low as each other, a
    /// straight step beats a diagonal one, so walkers go straight where they
    /// can.
    pub fn step_down(&self, from: Point) -> Option<Dir> {
        let mut best: Option<Dir> = None;
        let mut best_cost = self.at(from);
        for dir in Dir::ALL {
            let c = self.at(from.step(dir));
            if c < best_cost {
                best = Some(dir);
                best_cost = c;
            }
        }
        best
    }

    /// The first cell, row by row, with the strictly greatest cost among the
    /// cells `keep` allows, or `None` when none of them is reached.
    pub fn highest(&self, keep: impl Fn(usize) -> bool) -> Option<Point> {
        let mut best: Option<(usize, u32)> = None;
        for (i, &c) in self.cost.iter().enumerate() {
            if c != UNREACHED && keep(i) && best.is_none_or(|(_, b)| c > b) {
                best = Some((i, c));
            }
        }
        best.map(|(i, _)| Map::point_of(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::book_cost;
    use crate::path::layers::Layered;

    #[test]
    fn costs_count_whole_steps_and_doors() {
        let map = Map::from_rows(&[
            "#######", //
            "#.....#", //
            "#.....#", //
            "###+###", //
            "#.....#", //
            "#######",
        ])
        .unwrap();
        let mut d = DijkstraMap::new();
        d.compute(&map, &[Point::new(1, 1)], book_cost);
        assert_eq!(d.at(Point::new(1, 1)), 0);
        assert_eq!(d.at(Point::new(5, 1)), 400);
        // A diagonal step is a step, as a straight one is.
        assert_eq!(d.at(Point::new(2, 2)), 100);
        assert_eq!(d.at(Point::new(5, 2)), 400);
        // The door: (1,1) to (2,2) a step, then onto the door two = 300;
        // then down to (3,4) one more = 400.
        assert_eq!(d.at(Point::new(3, 3)), 300);
        assert_eq!(d.at(Point::new(3, 4)), 400);
        assert_eq!(d.at(Point::new(0, 0)), UNREACHED);
        assert_eq!(d.at(Point::new(-1, 3)), UNREACHED);
    }

    #[test]
    fn step_down_prefers_straight_steps_and_never_climbs() {
        let mut map = Map::new();
        map.carve(crate::geom::Rect::new(1, 1, 9, 9));
        let mut d = DijkstraMap::new();
        d.compute(&map, &[Point::new(5, 5)], book_cost);
        assert_eq!(d.step_down(Point::new(5, 2)), Some(Dir::S));
        assert_eq!(d.step_down(Point::new(2, 2)), Some(Dir::SE));
        assert_eq!(d.step_down(Point::new(5, 5)), None);
        for y in 1..10 {
            for x in 1..10 {
                let p = Point::new(x, y);
                if let Some(dir) = d.step_down(p) {
                    assert!(d.at(p.step(dir)) < d.at(p));
                }
            }
        }
    }

    #[test]
    fn a_full_open_map_never_overflows_the_heap() {
        let mut map = Map::new();
        map.fill(Terrain::Floor);
        let mut d = DijkstraMap::new();
        d.compute(&map, &[Point::new(0, 0), Point::new(63, 35)], book_cost);
        // On an open map the cost is the king's-move distance to the nearer
        // goal, in whole steps.
        let octile = |p: Point, g: Point| {
            let (dx, dy) = ((p.x - g.x).unsigned_abs(), (p.y - g.y).unsigned_abs());
            dx.max(dy) * 100
        };
        let mut highest = (Point::new(0, 0), 0);
        for i in 0..MAP_CELLS {
            let p = Map::point_of(i);
            let want = octile(p, Point::new(0, 0)).min(octile(p, Point::new(63, 35)));
            assert_eq!(d.at(p), want, "{p:?}");
            if want > highest.1 {
                highest = (p, want);
            }
        }
        assert_eq!(d.highest(|_| true), Some(highest.0));
    }

    /// The book's step costs as the engines take them, one a terrain.
    fn book_table() -> [u32; 8] {
        let mut table = [NO_STEP; 8];
        for t in Terrain::ALL {
            table[usize::from(t.discriminant())] = book_cost(t).unwrap_or(NO_STEP);
        }
        table
    }

    #[test]
    fn layers_and_buckets_agree_on_the_usual_floor() {
        let floor = crate::mapgen::floor::assemble(1, &mut crate::rng::Rng::new(1));
        let table = book_table();
        let mut start: Rows = [0; H];
        let i = Map::index(floor.start);
        start[i / W] |= 1 << (i % W);
        let mut d = DijkstraMap::new();
        d.cost = [NOT_YET; MAP_CELLS];
        d.cost[i] = 0;
        for extra in [0, DIAGONAL_EXTRA] {
            d.cost = [NOT_YET; MAP_CELLS];
            d.cost[i] = 0;
            let by_layers = if extra == 0 {
                assert_eq!(
                    layers::by_layers::<0>(&mut d.cost, &floor.map, &table, &start, None),
                    Layered::Done
                );
                let by_layers = d.cost;
                d.compute_by_buckets::<0>(&mut Buckets::new(), &floor.map, &table, &start);
                by_layers
            } else {
                assert_eq!(
                    layers::by_layers::<DIAGONAL_EXTRA>(
                        &mut d.cost,
                        &floor.map,
                        &table,
                        &start,
                        None
                    ),
                    Layered::Done
                );
                let by_layers = d.cost;
                d.compute_by_buckets::<DIAGONAL_EXTRA>(
                    &mut Buckets::new(),
                    &floor.map,
                    &table,
                    &start,
                );
                by_layers
            };
            assert!(
                by_layers == d.cost,
                "the two ways agree on a floor, extra {extra}"
            );
        }
    }

    /// Only diagonal steps (floor where x + y is even), down a zigzag:
    /// A*'s extras pass a step (a way of 100 diagonals costs 10,100, a
    /// layer more than its whole steps).
    fn diagonal_zigzag() -> Map {
        let mut maze = Map::new();
        for y in 1..MAP_H - 1 {
            for x in 1..MAP_W - 1 {
                let gap = if (y / 8) % 2 == 1 {
                    x <= 2
                } else {
                    x >= MAP_W - 3
                };
                if (x + y) % 2 == 0 && (y % 8 != 0 || gap) {
                    maze.set(Point::new(x, y), Terrain::Floor);
                }
            }
        }
        maze
    }

    #[test]
    fn layers_agree_with_the_buckets_where_extras_pass_a_step() {
        let table = book_table();
        // On the zigzag cells wait for the next layer, in rows where it is
        // wide and in lists where it is thin; across it one straight
        // corridor, where a way with more steps and fewer diagonals can be
        // the cheaper.
        let maze = diagonal_zigzag();
        let mut crossed = maze.clone();
        for y in 1..MAP_H - 1 {
            crossed.set(Point::new(40, y), Terrain::Floor);
        }
        for (name, map) in [("zigzag", &maze), ("crossed", &crossed)] {
            for goal in [Point::new(1, 1), Point::new(33, 17)] {
                let i = Map::index(goal);
                let mut start: Rows = [0; H];
                start[i / W] |= 1 << (i % W);
                let mut layered = DijkstraMap::not_yet();
                layered.cost[i] = 0;
                layers::by_layers::<DIAGONAL_EXTRA>(&mut layered.cost, map, &table, &start, None);
                let mut buckets = DijkstraMap::new();
                buckets.compute_by_buckets::<DIAGONAL_EXTRA>(
                    &mut Buckets::new(),
                    map,
                    &table,
                    &start,
                );
                let differ = (0..MAP_CELLS)
                    .filter(|&c| layered.cost[c] != buckets.cost[c])
                    .count();
                assert_eq!(differ, 0, "{name} from {goal:?}: cells that differ");
                // On the zigzag some way passes a step in extras: 101
                // diagonals cost 10,201, a layer more than their steps.
                let most = buckets.cost.iter().filter(|&&c| c < UNREACHED).max();
                if name == "zigzag" {
                    assert!(most.is_some_and(|&c| c > 101 * 101), "{name}: {most:?}");
                }
            }
        }
    }

    #[test]
    fn with_no_extras_the_layers_go_to_the_zigzag_s_end() {
        let maze = diagonal_zigzag();
        let mut d = DijkstraMap::new();
        let mut start: Rows = [0; H];
        start[1] |= 1 << 1;
        d.cost = [NOT_YET; MAP_CELLS];
        d.cost[MAP_W as usize + 1] = 0;
        assert_eq!(
            layers::by_layers::<0>(&mut d.cost, &maze, &book_table(), &start, None),
            Layered::Listed
        );
        d.compute(&maze, &[Point::new(1, 1)], book_cost);
        assert_eq!(d.at(Point::new(2, 2)), 100);
        assert_eq!(d.at(Point::new(3, 3)), 200);
    }

    #[test]
    fn thin_layers_go_on_as_lists_with_the_same_answer() {
        // A corridor one cell wide, up and down the map (each layer a
        // cell), with a door on the way.
        let mut map = Map::new();
        for x in (1..MAP_W - 2).step_by(2) {
            for y in 1..MAP_H - 1 {
                map.set(Point::new(x, y), Terrain::Floor);
            }
            let turn = if x % 4 == 1 { MAP_H - 2 } else { 1 };
            map.set(Point::new(x + 1, turn), Terrain::Floor);
        }
        // A door, and a room at the far end where the lists grow wide.
        map.set(Point::new(5, 10), Terrain::ClosedDoor);
        map.carve(crate::geom::Rect::new(40, 10, 20, 12));
        let mut table = [NO_STEP; 8];
        for t in Terrain::ALL {
            table[usize::from(t.discriminant())] = book_cost(t).unwrap_or(NO_STEP);
        }
        let goal = Point::new(1, 1);
        let mut start: Rows = [0; H];
        start[1] |= 1 << 1;
        for extra in [0, DIAGONAL_EXTRA] {
            let mut listed = DijkstraMap::new();
            listed.cost = [NOT_YET; MAP_CELLS];
            listed.cost[Map::index(goal)] = 0;
            let mut whole = DijkstraMap::new();
            let layered = if extra == 0 {
                whole.compute_by_buckets::<0>(&mut Buckets::new(), &map, &table, &start);
                layers::by_layers::<0>(&mut listed.cost, &map, &table, &start, None)
            } else {
                whole.compute_by_buckets::<DIAGONAL_EXTRA>(
                    &mut Buckets::new(),
                    &map,
                    &table,
                    &start,
                );
                layers::by_layers::<DIAGONAL_EXTRA>(&mut listed.cost, &map, &table, &start, None)
            };
            assert_eq!(layered, Layered::Listed, "a corridor's layers are thin");
            assert!(listed.cost == whole.cost, "extra {extra}");
            // The far end is reached, through the door.
            assert!(whole.at(Point::new(MAP_W - 3, 1)) < UNREACHED);
            assert!(whole.at(Point::new(50, 15)) < UNREACHED);
        }
    }
}
