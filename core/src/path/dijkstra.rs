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
//! neighbours' costs; that is Dijkstra's answer while a way's diagonal
//! extras stay under a step, which is checked cell by cell
//! (`compute_by_layers`). Otherwise, or if the check fails, Dijkstra's
//! algorithm on `Buckets` one step wide: every step costs at least a step,
//! so the cells of the lowest bucket are final and come out in any order.
//! The map chooses how the layers are kept as it is worked out: layers too
//! thin for their rows' words to pay (a corridor, a maze: `THIN_CELLS`) go
//! on as lists of cells (`compute_by_lists`).
//! No heap, no stale entries, no allocation.

use super::buckets::{Buckets, MAX_STEP};
use super::{DIAGONAL, DIAGONAL_EXTRA};
use crate::geom::{Dir, Point};
use crate::map::{MAP_CELLS, MAP_H, MAP_W, Map, Terrain};

/// The cost of a cell no goal can reach.
pub const UNREACHED: u32 = u32::MAX;
/// While a map is worked out, both the cost of a cell no step can go onto
/// and the cost of a step onto it: any way onto it, at least `NO_STEP`,
/// is never less than its cost, so it is never reached (and a goal on one
/// still reaches its neighbours). Above every real cost, and no sum
/// overflows: `MAX_COST + NO_STEP + DIAGONAL_EXTRA < UNREACHED`.
const NO_STEP: u32 = 1 << 31;
const _: () =
    assert!(MAX_COST < NO_STEP && MAX_COST as u64 + NO_STEP as u64 + 1 < UNREACHED as u64);

/// The dearest way has at most `MAP_CELLS - 1` steps of at most
/// `DOOR_STEPS * STEP + DIAGONAL_EXTRA` = 201 each: 462,903, under 2^19, so
/// costs never overflow a `u32`, nor do the sums with `NOT_YET` or `NO_STEP`.
pub const MAX_COST: u32 = (MAP_CELLS as u32 - 1) * 201;
const _: () = assert!(MAX_COST < 1 << 19);

/// While a map is worked out by layers, the cost of a cell not worked out
/// yet: above every real cost, with room to add a step without overflow.
pub(crate) const NOT_YET: u32 = 1 << 30;
const _: () = assert!(MAX_COST < NOT_YET && NOT_YET < NO_STEP);
/// The most a cell's diagonal extras may come to for the layers to be
/// Dijkstra's answer (see `compute_by_layers`).
const MAX_EXTRAS: u32 = super::STEP - 2 * DIAGONAL_EXTRA;

const H: usize = MAP_H as usize;
const W: usize = MAP_W as usize;
const _: () = assert!(W == 64);
/// A set of cells, one bit a cell, a `u64` a row: bit x of word y is
/// cell (x, y).
type Rows = [u64; H];

/// The room a computation by layers takes on the stack besides the map
/// itself, in bytes: the layers, the goals, the cells that can be stepped
/// on, those that take two steps, those reached, and the step table.
pub const LAYERS_SCRATCH: usize =
    size_of::<Layers>() + 4 * size_of::<Rows>() + size_of::<[u32; 8]>();

/// The room the layers take on top of that when they go on as lists
/// (`compute_by_lists`, in a frame of its own).
pub const LISTS_SCRATCH: usize = size_of::<[u16; LIST_PLACES]>();

/// The places the lists need: a cell each, less those of the layers done
/// before they begin, which are never put in. They begin at a depth of at
/// least `THIN_WINDOW`, and no two layers in a row before that are empty:
/// a layer's cells come from the one or two before it, so two empty layers
/// leave every later one empty, and the layers would have ended there. So
/// at least half of those layers have a cell.
const LIST_PLACES: usize = MAP_CELLS - THIN_WINDOW as usize / 2;

/// How the layers are measured for thinness: every `THIN_WINDOW` layers,
/// thin when they had fewer than `THIN_CELLS` cells a layer on average. A
/// layer's rows cost about what two cells do in the lists (`cargo xtask
/// bench`, the serpentine and the spiral: one cell a layer).
const THIN_WINDOW: u32 = 16;
const THIN_CELLS: u32 = 2;

/// How the layers ended.
#[derive(Debug, PartialEq)]
enum Layered {
    /// Every cell worked out (or, with a stop, as far as it).
    Done,
    /// The same, the layers from some depth on as lists (`compute_by_lists`).
    Listed,
    /// A way's extras came to a step: all to do again by buckets.
    Redo,
}

/// How a map was worked out.
enum Method {
    Layers,
    Buckets,
}

/// What the layers step on: the map's cells, the step table, and as rows,
/// the cells that can be stepped on and those that take two steps.
struct Ground<'a> {
    cells: &'a [Terrain; MAP_CELLS],
    table: &'a [u32; 8],
    can_step: &'a Rows,
    two_steps: &'a Rows,
}

/// The cells of a row that are not on the map's left or right edge.
const INSIDE_ROW: u64 = !1 & !(1 << (W - 1));

/// Every row's bit in a set of rows.
const ALL_ROWS: u64 = (1 << H) - 1;

/// A row's cells and their neighbours across: a cell's bit spread one
/// either side (the bits pushed off the ends are off the map).
fn spread(row: u64) -> u64 {
    row | (row << 1) | (row >> 1)
}

/// The layers being worked through: the one at `depth` and the two after
/// it (a step costs one or two whole steps), in a ring (`Ring`), each with
/// the rows it has cells in. A layer's rows have an empty row above the
/// first and below the last, so a row's neighbours need no test.
struct Layers {
    rows: [[u64; H + 2]; 3],
    /// Which rows have cells: bit y for row y.
    occupied: [u64; 3],
}

/// Where the layer at `depth` and the two after it are in `Layers`' ring.
#[derive(Clone, Copy)]
struct Ring {
    here: usize,
    next: usize,
    after: usize,
}

impl Ring {
    fn at(depth: u32) -> Ring {
        let here = (depth % 3) as usize;
        Ring {
            here,
            next: (here + 1) % 3,
            after: (here + 2) % 3,
        }
    }

    fn turn(self) -> Ring {
        Ring {
            here: self.next,
            next: self.after,
            after: self.here,
        }
    }
}

impl Layers {
    /// Whether every step costs one or two whole steps.
    fn fit(table: &[u32; 8]) -> bool {
        table
            .iter()
            .all(|&step| step == NO_STEP || step == super::STEP || step == 2 * super::STEP)
    }

    fn new(start: &Rows) -> Layers {
        let mut layers = Layers {
            rows: [[0; H + 2]; 3],
            occupied: [0; 3],
        };
        for (y, &row) in start.iter().enumerate() {
            layers.rows[0][y + 1] = row;
            layers.occupied[0] |= u64::from(row != 0) << y;
        }
        layers
    }

    /// The rows the layer `ring.here` has cells in, or `None` if neither
    /// it nor the two after it have any: the search is over.
    fn occupied(&self, ring: Ring) -> Option<u64> {
        let o = &self.occupied;
        if o[ring.here] | o[ring.next] | o[ring.after] == 0 {
            return None;
        }
        Some(o[ring.here])
    }

    /// Row `y` of layer `k`.
    fn row(&self, k: usize, y: usize) -> u64 {
        self.rows[k][y + 1]
    }

    /// The cells next to the layer `ring.here` (whose rows with cells are
    /// `occupied`) that can be stepped onto and are not `reached` yet join
    /// the layer one step on, or two for a step of two (`two_steps`). Only
    /// the rows with cells and the rows either side are looked at.
    fn grow(
        &mut self,
        ring: Ring,
        occupied: u64,
        can_step: &Rows,
        two_steps: &Rows,
        reached: &mut Rows,
    ) {
        let mut near_rows = (occupied | (occupied << 1) | (occupied >> 1)) & ALL_ROWS;
        let (mut next_rows, mut after_rows) = (0, 0);
        while near_rows != 0 {
            let y = near_rows.trailing_zeros() as usize;
            near_rows &= near_rows - 1;
            // Rows y - 1, y and y + 1, one on in the padded rows.
            let here = &self.rows[ring.here];
            let new = spread(here[y] | here[y + 1] | here[y + 2]) & can_step[y] & !reached[y];
            reached[y] |= new;
            let (one, two) = (new & !two_steps[y], new & two_steps[y]);
            self.rows[ring.next][y + 1] |= one;
            self.rows[ring.after][y + 1] |= two;
            next_rows |= u64::from(one != 0) << y;
            after_rows |= u64::from(two != 0) << y;
        }
        self.occupied[ring.next] |= next_rows;
        self.occupied[ring.after] |= after_rows;
    }

    /// Empties layer `k`.
    fn clear(&mut self, k: usize) {
        let mut occupied = self.occupied[k];
        while occupied != 0 {
            let y = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            self.rows[k][y + 1] = 0;
        }
        self.occupied[k] = 0;
    }

    /// The cells that can be stepped on and those a step onto costs two
    /// whole steps, by `table`, in one pass over the map. Eight cells at a
    /// time: each byte of a word is one cell's terrain, each byte's top bit
    /// is set where the byte is a kind wanted, and the eight top bits are
    /// gathered into one byte by a multiplication. The kinds wanted are
    /// taken as runs of discriminants, each run one range test of all eight
    /// bytes (the book's kinds that can be stepped on are one run).
    fn step_rows(cells: &[Terrain; MAP_CELLS], table: &[u32; 8]) -> [Rows; 2] {
        let can_step = KindRuns::of(|d| table[d] != NO_STEP);
        let two_steps = KindRuns::of(|d| table[d] == 2 * super::STEP);
        let (mut can, mut two) = ([0; H], [0; H]);
        for (y, (can, two)) in can.iter_mut().zip(&mut two).enumerate() {
            for chunk in 0..W / 8 {
                let at = y * W + chunk * 8;
                let mut bytes = [0u8; 8];
                for (b, t) in bytes.iter_mut().zip(&cells[at..at + 8]) {
                    *b = t.discriminant();
                }
                let word = u64::from_le_bytes(bytes);
                *can |= gather_tops(can_step.tops(word)) << (chunk * 8);
                *two |= gather_tops(two_steps.tops(word)) << (chunk * 8);
            }
        }
        [can, two]
    }
}

/// A set of terrain kinds as runs of discriminants: for each run `lo..=hi`,
/// what added to every byte sets its top bit when the byte is at least
/// `lo`, and what sets it when the byte is more than `hi` (a byte is under
/// 8, and what is added at most 0x80, so no carry crosses into the next
/// byte). At most four runs: eight discriminants, a gap between runs.
struct KindRuns {
    runs: heapless::Vec<(u64, u64), 4>,
}

impl KindRuns {
    fn of(wanted: impl Fn(usize) -> bool) -> KindRuns {
        let mut runs = heapless::Vec::new();
        let mut d = 0;
        while d < 8 {
            if !wanted(d) {
                d += 1;
                continue;
            }
            let lo = d as u64;
            while d < 8 && wanted(d) {
                d += 1;
            }
            let hi = d as u64 - 1;
            // Runs are apart, so there are at most four of them.
            let _ = runs.push((ONES * (0x80 - lo), ONES * (0x7f - hi)));
        }
        KindRuns { runs }
    }

    /// The top bit of each byte of `word` whose kind is in the set.
    fn tops(&self, word: u64) -> u64 {
        const TOPS: u64 = 0x8080_8080_8080_8080;
        let mut tops = 0;
        for &(at_least, above) in &self.runs {
            tops |= (word + at_least) & !(word + above);
        }
        tops & TOPS
    }
}

/// A 1 in every byte.
const ONES: u64 = 0x0101_0101_0101_0101;

/// The top bits of the eight bytes as one byte, byte k's top bit as bit k:
/// shifted down to bit 8k, each lands on bit 56 + k of the product (and no
/// two partial products meet, so nothing carries into those bits).
fn gather_tops(tops: u64) -> u64 {
    ((tops >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
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
    /// `Buckets` put on the stack too (`compute_with` takes some to reuse).
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
    /// `DIAGONAL_EXTRA` dearer), worked out only as far as the first layer
    /// of whole steps with a neighbour of `start` in it. Every cell a
    /// cheapest way from `start` to `goal` goes through, and every
    /// neighbour of `start` that one could leave it by, costs no more than
    /// that layer's cells (see `astar`), so those are exact; every other
    /// cell holds its cost or `NOT_YET`, never `UNREACHED`, so a diagonal's
    /// extra added to any of them does not wrap round. The map starts as
    /// `not_yet` made it.
    pub(crate) fn toward(&mut self, map: &Map, goal: Point, start: Point) {
        let map_from_goal = self;
        let method = map_from_goal.compute_inner::<DIAGONAL_EXTRA>(
            None,
            map,
            [goal],
            super::book_cost,
            Some(start),
        );
        if let Method::Buckets = method {
            // The buckets did it all, leaving `UNREACHED` where none goes.
            for cost in &mut map_from_goal.cost {
                if *cost == UNREACHED {
                    *cost = NOT_YET;
                }
            }
        }
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
        // The neighbours of `stop_near`, and the rows they are in.
        let mut stop: Rows = [0; H];
        let mut stop_rows = 0;
        if let Some(p) = stop_near.filter(|&p| Map::in_bounds(p)) {
            let (x, y) = (p.x as usize, p.y as usize);
            for (row, bits) in stop
                .iter_mut()
                .enumerate()
                .take(y + 2)
                .skip(y.saturating_sub(1))
            {
                *bits = spread(1 << x) & !(u64::from(row == y) << x);
                stop_rows |= 1 << row;
            }
        }
        let stop = stop_near.map(|_| (stop_rows, &stop));
        let layered = if Layers::fit(&table) {
            self.compute_by_layers::<EXTRA>(map, &table, &start, stop)
        } else {
            Layered::Redo
        };
        if layered != Layered::Redo {
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

    /// The fast way, when every step costs one or two whole steps (the
    /// book's costs, and `built_cost`): cells are found layer by layer, a
    /// layer being how many whole steps away from the nearest goal a cell
    /// is, with the map's rows as 64-bit words so a whole layer's
    /// neighbours are found a row at a time; then each cell of a layer
    /// takes the least of its neighbours' costs (plus the diagonal extra,
    /// for A*'s) and its step, with no branch to guess.
    ///
    /// That is Dijkstra's answer as long as the diagonal extras a way adds
    /// up stay under a step (always, for the book's maps, which have none):
    /// a cell's cheapest way then comes from the layer before (`w` layers
    /// before, for a step of `w` whole steps),
    /// since a way through its own layer or a later one has a whole step
    /// more. Each cell is checked: its cost less its layer's whole steps
    /// must be at most `MAX_EXTRAS`. If one is not (a way of 99 diagonal
    /// steps or more), this gives up (`Layered::Redo`) for the buckets to
    /// do it all again.
    ///
    /// A layer costs its rows' words whatever few cells it has, so where
    /// the layers are thin (fewer than `THIN_CELLS` cells a layer, over the
    /// last `THIN_WINDOW` of them: a corridor, a maze) the layers from there
    /// on are kept as lists of cells (`compute_by_lists`, the same answer).
    /// The map, measured as it is worked out, chooses.
    ///
    /// With `stop` (a set of cells, and the rows it has cells in), it ends
    /// after the first layer with a cell of the set and leaves the cells not
    /// worked out at `NOT_YET` (for `toward`).
    fn compute_by_layers<const EXTRA: u32>(
        &mut self,
        map: &Map,
        table: &[u32; 8],
        start: &Rows,
        stop: Option<(u64, &Rows)>,
    ) -> Layered {
        let cells = map.cells();
        let [can_step, two_steps] = Layers::step_rows(cells, table);
        let ground = Ground {
            cells,
            table,
            can_step: &can_step,
            two_steps: &two_steps,
        };
        let mut layers = Layers::new(start);
        let mut reached = *start;
        let mut depth: u32 = 0;
        let mut ring = Ring::at(depth);
        // The cells worked out since the layers were last measured.
        let mut window = 0;
        while let Some(occupied) = layers.occupied(ring) {
            if depth > 0 && depth.is_multiple_of(THIN_WINDOW) {
                if window < THIN_WINDOW * THIN_CELLS {
                    return self.compute_by_lists::<EXTRA>(
                        &ground,
                        &layers,
                        &mut reached,
                        ring,
                        depth,
                        stop,
                    );
                }
                window = 0;
            }
            if depth > 0 {
                match self.cost_layer::<EXTRA>(cells, table, &layers, ring.here, occupied, depth) {
                    Some(n) => window += n,
                    None => return Layered::Redo,
                }
            }
            if let Some((stop_rows, stop)) = stop {
                // Only the rows `stop` has cells in (a few) are looked at.
                let mut rows = stop_rows & occupied;
                while rows != 0 {
                    let y = rows.trailing_zeros() as usize;
                    rows &= rows - 1;
                    if stop[y] & layers.row(ring.here, y) != 0 {
                        return Layered::Done;
                    }
                }
            }
            layers.grow(ring, occupied, &can_step, &two_steps, &mut reached);
            layers.clear(ring.here);
            depth += 1;
            ring = ring.turn();
        }
        if stop.is_none() {
            self.unreached_where_not_yet();
        }
        Layered::Done
    }

    /// `UNREACHED` wherever the cost was not worked out.
    fn unreached_where_not_yet(&mut self) {
        for cost in &mut self.cost {
            // All ones where `NOT_YET`, else as it is.
            *cost |= u32::from(*cost >= NOT_YET).wrapping_neg();
        }
    }

    /// The layers from `depth` on as lists of cells rather than rows of
    /// words, for when they are thin: a layer then costs its few cells,
    /// not a row's words for each of them. Each cell taken from the list
    /// of its layer takes its cost from its neighbours as `cost_layer`
    /// works it out (the same cost, in an order that cannot change it:
    /// neighbours of the same layer or later never give the least), and
    /// its neighbours that can be stepped on and are not reached yet are
    /// found from the rows (`spread` of its own bit, three rows) and put on
    /// the list one step on, or two.
    ///
    /// One array holds the lists: from the front, the layer being worked
    /// through (up to `end`) and then the one after it; from the back, the
    /// cells two steps on from this layer, moved to the front when this
    /// layer is done (after the next layer's cells, so the front stays in
    /// order of layers). A cell is put in once, when it is first reached,
    /// and one moved from the back leaves it, so the front's length plus
    /// the back's is at most the cells reached after the layers done, at
    /// most `LIST_PLACES`: the two ends never meet. The layers begun
    /// (`ring`, `depth`) are where they start.
    #[inline(never)]
    fn compute_by_lists<const EXTRA: u32>(
        &mut self,
        ground: &Ground,
        layers: &Layers,
        reached: &mut Rows,
        ring: Ring,
        depth: u32,
        stop: Option<(u64, &Rows)>,
    ) -> Layered {
        let mut list = [0u16; LIST_PLACES];
        let (mut tail, mut back) = (0, LIST_PLACES);
        let each_cell = |k: usize, put: &mut dyn FnMut(usize)| {
            let mut occupied = layers.occupied[k];
            while occupied != 0 {
                let y = occupied.trailing_zeros() as usize;
                occupied &= occupied - 1;
                let mut bits = layers.row(k, y);
                while bits != 0 {
                    put(y * W + bits.trailing_zeros() as usize);
                    bits &= bits - 1;
                }
            }
        };
        each_cell(ring.here, &mut |i| {
            list[tail] = i as u16;
            tail += 1;
        });
        let mut end = tail;
        each_cell(ring.next, &mut |i| {
            list[tail] = i as u16;
            tail += 1;
        });
        each_cell(ring.after, &mut |i| {
            back -= 1;
            list[back] = i as u16;
        });
        let mut head = 0;
        let mut most = depth * super::STEP + MAX_EXTRAS;
        let mut stopping = false;
        loop {
            if head == end {
                // The layer is done.
                if stopping {
                    return Layered::Listed;
                }
                if head == tail && back == LIST_PLACES {
                    // No layer left: the rest is out of reach.
                    if stop.is_none() {
                        self.unreached_where_not_yet();
                    }
                    return Layered::Listed;
                }
                end = tail;
                // Few cells a layer: one by one, last in first.
                while back < LIST_PLACES {
                    list[tail] = list[back];
                    (tail, back) = (tail + 1, back + 1);
                }
                most += super::STEP;
                continue;
            }
            let i = usize::from(list[head]);
            head += 1;
            let (x, y) = (i % W, i / W);
            let inside = x > 0 && y > 0 && x < W - 1 && y < H - 1;
            let cost =
                self.cost_of::<EXTRA>(ground.cells, ground.table, i, inside, most - MAX_EXTRAS);
            // (With no extras a cell costs its layer's whole steps.)
            if EXTRA > 0 && cost > most {
                return Layered::Redo;
            }
            self.cost[i] = cost;
            if let Some((_, stop)) = stop {
                stopping |= stop[y] & (1 << x) != 0;
            }
            let near = spread(1 << x);
            let mut grow = |y: usize| {
                let mut new = near & ground.can_step[y] & !reached[y];
                reached[y] |= new;
                while new != 0 {
                    let bit = new & new.wrapping_neg();
                    new ^= bit;
                    let j = (y * W + bit.trailing_zeros() as usize) as u16;
                    if ground.two_steps[y] & bit == 0 {
                        list[tail] = j;
                        tail += 1;
                    } else {
                        back -= 1;
                        list[back] = j;
                    }
                }
            };
            if inside {
                grow(y - 1);
                grow(y);
                grow(y + 1);
            } else {
                (y.saturating_sub(1)..(y + 2).min(H)).for_each(grow);
            }
        }
    }

    /// Works out the cost of every cell of one layer, `depth` whole steps
    /// from the goals, from the layers before, and returns how many cells
    /// it has; `None` if a cell's extras come to more than `MAX_EXTRAS`.
    #[inline(always)]
    fn cost_layer<const EXTRA: u32>(
        &mut self,
        cells: &[Terrain; MAP_CELLS],
        table: &[u32; 8],
        layers: &Layers,
        k: usize,
        mut occupied: u64,
        depth: u32,
    ) -> Option<u32> {
        let most = depth * super::STEP + MAX_EXTRAS;
        let mut worst = 0;
        let mut count = 0;
        while occupied != 0 {
            let y = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            // Cells off the map's edge have all eight neighbours on it: no
            // test of their own. Those on the edge (seldom: goals, or the
            // odd map) look at the neighbours that are there.
            let inside = if y > 0 && y < H - 1 { INSIDE_ROW } else { 0 };
            let row = layers.row(k, y);
            count += row.count_ones();
            for (bits, inside) in [(row & inside, true), (row & !inside, false)] {
                let mut bits = bits;
                while bits != 0 {
                    let i = y * W + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let cost = self.cost_of::<EXTRA>(cells, table, i, inside, depth * super::STEP);
                    self.cost[i] = cost;
                    worst = worst.max(cost);
                }
            }
        }
        (worst <= most).then_some(count)
    }

    /// What cell `i` of the layer whose whole steps cost `layer` costs: the
    /// least of its neighbours' costs (a diagonal one `EXTRA` dearer) and
    /// the step onto it. `inside`: not on the map's edge, so all eight
    /// neighbours are on the map and need no test (cells on the edge,
    /// seldom reached, look at those there are).
    ///
    /// With no extras that is `layer` itself, with nothing to look at: a
    /// cell a step costs one whole step onto joined its layer from a
    /// neighbour one layer before, none of its neighbours is in an earlier
    /// layer (it would have joined sooner), and earlier layers' cells cost
    /// their whole steps; a cell two steps onto, from two layers before,
    /// likewise.
    #[inline(always)]
    fn cost_of<const EXTRA: u32>(
        &self,
        cells: &[Terrain; MAP_CELLS],
        table: &[u32; 8],
        i: usize,
        inside: bool,
        layer: u32,
    ) -> u32 {
        if EXTRA == 0 {
            return layer;
        }
        let c = &self.cost;
        let best = if inside {
            // The three rows around the cell, from its upper left: one
            // bounds test, and the eight at fixed places in it.
            let n = &c[i - W - 1..i + W + 2];
            let straight = n[1].min(n[W + 2]).min(n[2 * W + 1]).min(n[W]);
            let diagonal = n[2].min(n[2 * W + 2]).min(n[2 * W]).min(n[0]);
            straight.min(diagonal + EXTRA)
        } else {
            let p = Map::point_of(i);
            let mut best = NOT_YET;
            for (k, dir) in Dir::ALL.into_iter().enumerate() {
                let q = p.step(dir);
                if Map::in_bounds(q) {
                    best = best.min(c[Map::index(q)] + EXTRA * u32::from(DIAGONAL[k] != 0));
                }
            }
            best
        };
        best + table[usize::from(cells[i].discriminant()) & 7]
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

    #[test]
    fn eight_bytes_at_a_time_find_the_same_cells_as_one_at_a_time() {
        let mut map = Map::new();
        let mut dice = crate::rng::Rng::new(5);
        for i in 0..MAP_CELLS {
            let t = Terrain::ALL[dice.roll(0, Terrain::ALL.len() as i32 - 1) as usize];
            map.set(Map::point_of(i), t);
        }
        let mut table = [NO_STEP; 8];
        for t in Terrain::ALL {
            table[usize::from(t.discriminant())] = book_cost(t).unwrap_or(NO_STEP);
        }
        // The book's costs, the built ones, and some with kinds in runs
        // apart: every wall, floor and open door a step, a cave floor two.
        let mut odd = [NO_STEP; 8];
        for t in [Terrain::Wall, Terrain::Floor, Terrain::OpenDoor] {
            odd[usize::from(t.discriminant())] = 100;
        }
        odd[usize::from(Terrain::CaveFloor.discriminant())] = 200;
        let mut built = [NO_STEP; 8];
        for t in Terrain::ALL {
            built[usize::from(t.discriminant())] = crate::path::built_cost(t).unwrap_or(NO_STEP);
        }
        for table in [table, built, odd] {
            let [can_step, two_steps] = Layers::step_rows(map.cells(), &table);
            for i in 0..MAP_CELLS {
                let step = table[usize::from(map.cells()[i].discriminant())];
                let bit = |rows: &Rows| rows[i / W] >> (i % W) & 1 == 1;
                assert_eq!(bit(&can_step), step != NO_STEP, "cell {i}");
                assert_eq!(bit(&two_steps), step == 200, "cell {i}");
            }
        }
    }

    #[test]
    fn layers_do_the_usual_floor_and_give_way_to_the_buckets_on_diagonal_mazes() {
        let floor = crate::mapgen::floor::assemble(1, &mut crate::rng::Rng::new(1));
        let mut table = [NO_STEP; 8];
        for t in Terrain::ALL {
            table[usize::from(t.discriminant())] = book_cost(t).unwrap_or(NO_STEP);
        }
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
                    d.compute_by_layers::<0>(&floor.map, &table, &start, None),
                    Layered::Done
                );
                let by_layers = d.cost;
                d.compute_by_buckets::<0>(&mut Buckets::new(), &floor.map, &table, &start);
                by_layers
            } else {
                assert_eq!(
                    d.compute_by_layers::<DIAGONAL_EXTRA>(&floor.map, &table, &start, None),
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

        // Only diagonal steps (floor where x + y is even), down a zigzag:
        // A*'s extras pass a step, and the layers give up.
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
        let mut start: Rows = [0; H];
        start[1] |= 1 << 1;
        d.cost = [NOT_YET; MAP_CELLS];
        d.cost[MAP_W as usize + 1] = 0;
        assert_eq!(
            d.compute_by_layers::<DIAGONAL_EXTRA>(&maze, &table, &start, None),
            Layered::Redo
        );
        // For the book's maps, with no extras, the layers never give up
        // (here they go on until the zigzag's far end, thin).
        d.cost = [NOT_YET; MAP_CELLS];
        d.cost[MAP_W as usize + 1] = 0;
        assert_ne!(
            d.compute_by_layers::<0>(&maze, &table, &start, None),
            Layered::Redo
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
                listed.compute_by_layers::<0>(&map, &table, &start, None)
            } else {
                whole.compute_by_buckets::<DIAGONAL_EXTRA>(
                    &mut Buckets::new(),
                    &map,
                    &table,
                    &start,
                );
                listed.compute_by_layers::<DIAGONAL_EXTRA>(&map, &table, &start, None)
            };
            assert_eq!(layered, Layered::Listed, "a corridor's layers are thin");
            assert!(listed.cost == whole.cost, "extra {extra}");
            // The far end is reached, through the door.
            assert!(whole.at(Point::new(MAP_W - 3, 1)) < UNREACHED);
            assert!(whole.at(Point::new(50, 15)) < UNREACHED);
        }
    }
}
