//! The layer engine of the Dijkstra map: for the book's costs (every step
//! one or two whole steps), the cells are found a layer at a time, a layer
//! being the cells so many whole steps from the goals. The map's rows are
//! 64-bit words, so a layer's neighbours are found a row at a time; where
//! the layers turn thin (a corridor, a maze) they go on as lists of cells.
//! With A*'s diagonal extras a layer is the cells whose cost is so many
//! whole steps (a cost of 100 k to 100 k + 99), and a cell whose cheapest
//! way turns out dearer than its layer waits for the next (`by_layers`).
//! `dijkstra` chooses the engine and keeps the answer.

use super::{DIAGONAL, NO_STEP, NOT_YET, STEP};
use crate::geom::Dir;
use crate::kindset::{KindSet, eight_cells};
use crate::map::{MAP_CELLS, MAP_H, MAP_W, Map, Terrain};

const H: usize = MAP_H as usize;
const W: usize = MAP_W as usize;
const _: () = assert!(W == 64);

/// Whether the layers can work a map out: every step costs one or two
/// whole steps.
pub(super) fn fit(table: &[u32; 8]) -> bool {
    table
        .iter()
        .all(|&step| step == NO_STEP || step == STEP || step == 2 * STEP)
}

/// A set of cells, one bit a cell, a `u64` a row: bit x of word y is
/// cell (x, y).
pub(super) type Rows = [u64; H];

/// The room a computation by layers takes on the stack besides the map
/// itself, in bytes: the layers, the goals, the cells that can be stepped
/// on, those that take two steps, those reached, and the step table.
pub const LAYERS_SCRATCH: usize =
    size_of::<Layers>() + 4 * size_of::<Rows>() + size_of::<[u32; 8]>();

/// The room the layers take on top of that when they go on as lists
/// (`by_lists`, in a frame of its own).
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
pub(super) enum Layered {
    /// Every cell worked out (or, with a stop, as far as it).
    Done,
    /// The same, the layers from some depth on as lists (`by_lists`).
    Listed,
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

/// The cells a search stops at: the neighbours of one cell, three rows of
/// bits from row `top` (a whole map's rows would put 288 bytes on the
/// stack under every search for eight cells).
#[derive(Clone, Copy)]
pub(super) struct Stop {
    top: usize,
    /// The leftmost column with a cell.
    left: usize,
    rows: [u64; 3],
}

impl Stop {
    /// The neighbours on the map of cell (x, y).
    pub(super) fn around(x: usize, y: usize) -> Stop {
        let top = y.saturating_sub(1);
        let mut rows = [0; 3];
        for (k, bits) in rows.iter_mut().enumerate() {
            let row = top + k;
            if row <= y + 1 && row < H {
                *bits = spread(1 << x) & !(u64::from(row == y) << x);
            }
        }
        Stop {
            top,
            left: x.saturating_sub(1),
            rows,
        }
    }

    /// None: a cell off the map has no neighbours to stop at.
    pub(super) fn nowhere() -> Stop {
        Stop {
            top: 0,
            left: 0,
            rows: [0; 3],
        }
    }

    /// Its cells in row `y`.
    fn row(&self, y: usize) -> u64 {
        y.checked_sub(self.top)
            .and_then(|k| self.rows.get(k))
            .copied()
            .unwrap_or(0)
    }

    /// Whether one of its cells is in `layer` (rows as `Layers` pads them).
    fn meets(&self, layer: &[u64; H + 2]) -> bool {
        // Row y of a layer is at y + 1; the rows past the map's last are
        // the padding, always empty.
        (0..3).any(|k| self.rows[k] & layer[self.top + k + 1] != 0)
    }
}

/// Every row's bit in a set of rows.
const ALL_ROWS: u64 = (1 << H) - 1;

/// A row's cells and their neighbours across: a cell's bit spread one
/// either side (the bits pushed off the ends are off the map).
pub(super) fn spread(row: u64) -> u64 {
    row | (row << 1) | (row >> 1)
}

/// The layers being worked through: the one at `depth` and the two after
/// it (a step costs one or two whole steps), in a ring ([`Ring`]), each with
/// the rows it has cells in. A layer's rows have an empty row above the
/// first and below the last, so a row's neighbours need no test.
struct Layers {
    rows: [[u64; H + 2]; 3],
    /// Which rows have cells: bit y for row y.
    occupied: [u64; 3],
}

/// Where the layer at `depth` and the two after it are in [`Layers`]' ring.
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
    /// whole steps, by `table`, in one pass over the map, eight cells at a
    /// time (`kindset`: the book's kinds that can be stepped on are one
    /// run of discriminants, one range test of eight cells).
    fn step_rows(cells: &[Terrain; MAP_CELLS], table: &[u32; 8]) -> [Rows; 2] {
        let step = |t: Terrain| table[usize::from(t.discriminant())];
        let can_step = KindSet::of(|t| step(t) != NO_STEP).runs();
        let two_steps = KindSet::of(|t| step(t) == 2 * STEP).runs();
        let (mut can, mut two) = ([0; H], [0; H]);
        for (y, (can, two)) in can.iter_mut().zip(&mut two).enumerate() {
            for chunk in 0..W / 8 {
                let at = y * W + chunk * 8;
                let eight = cells[at..at + 8].try_into().expect("eight cells");
                let word = eight_cells(eight);
                *can |= can_step.cells_in(word) << (chunk * 8);
                *two |= two_steps.cells_in(word) << (chunk * 8);
            }
        }
        [can, two]
    }
}

/// The fast way, when every step costs one or two whole steps (the
/// book's costs, and `built_cost`): cells are found layer by layer, a
/// layer being the cells whose cost from the nearest goal is so many
/// whole steps (`depth * STEP` up to the next layer's), with the map's
/// rows as 64-bit words so a whole layer's neighbours are found a row at
/// a time; then each cell of a layer takes the least of its neighbours'
/// costs worked out so far (plus the diagonal extra, for A*'s) and its
/// step, with no branch to guess.
///
/// That is Dijkstra's answer, by Dijkstra's own argument with buckets one
/// step wide: every step costs at least a step, so a cell's cheapest way
/// comes through a neighbour of an earlier layer, all of which are done
/// when its own layer is. A cell joins a layer when first reached, one or
/// two layers after the cell that reached it (a step of one or two whole
/// steps), which is never after its own layer: the cell that reached it
/// is of the earliest layer among its neighbours. It may be before: with
/// the extras a way adds up (a diagonal a hundredth dearer), a cell
/// reached diagonally from a cell costing 99 hundredths over its whole
/// steps costs a layer more. Such a cell is not done: it waits for the
/// next layer (and is looked at again there), and is not stepped on from
/// until it is done. With no extras (the book's maps) that never happens:
/// a cell costs its layer's whole steps.
///
/// A layer costs its rows' words whatever few cells it has, so where
/// the layers are thin (fewer than `THIN_CELLS` cells a layer, over the
/// last `THIN_WINDOW` of them: a corridor, a maze) the layers from there
/// on are kept as lists of cells (`by_lists`, the same answer).
/// The map, measured as it is worked out, chooses.
///
/// With `stop` (the neighbours of a cell), it ends after the first layer
/// by whose end one of them is done and the least cost of those done,
/// plus a diagonal's extra, is less than the next layer's: every cell
/// that costs no more than that is done, and the cells not worked out are
/// left at `NOT_YET` (for `toward`).
pub(super) fn by_layers<const EXTRA: u32>(
    costs: &mut [u32; MAP_CELLS],
    map: &Map,
    table: &[u32; 8],
    start: &Rows,
    stop: Option<&Stop>,
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
    // Whether a cell of `stop` is done.
    let mut stopping = false;
    while let Some(occupied) = layers.occupied(ring) {
        if depth > 0 && depth.is_multiple_of(THIN_WINDOW) {
            if window < THIN_WINDOW * THIN_CELLS {
                return by_lists::<EXTRA>(
                    costs,
                    &ground,
                    &layers,
                    &mut reached,
                    (ring, depth),
                    stop.filter(|_| !stopping),
                    stop.filter(|_| stopping),
                );
            }
            window = 0;
        }
        if depth > 0 {
            window += cost_layer::<EXTRA>(costs, cells, table, &mut layers, ring, occupied, depth);
        }
        if let Some(stop) = stop {
            stopping |= stop.meets(&layers.rows[ring.here]);
            if stopping && done_with(costs, stop, EXTRA, (depth + 1) * STEP) {
                return Layered::Done;
            }
        }
        layers.grow(ring, occupied, &can_step, &two_steps, &mut reached);
        layers.clear(ring.here);
        depth += 1;
        ring = ring.turn();
    }
    if stop.is_none() {
        unreached_where_not_yet(costs);
    }
    Layered::Done
}

/// Whether a search stopping at the cells of `stop` (some of them done)
/// can end with the layer before the one whose costs begin at `next`: the
/// least cost of those done, plus `extra` (the most a step off them adds),
/// is less than `next`, so every cell costing no more is done. Out of
/// line: it runs once a layer.
#[inline(never)]
fn done_with(costs: &[u32; MAP_CELLS], stop: &Stop, extra: u32, next: u32) -> bool {
    let mut least = NOT_YET;
    for (k, &row) in stop.rows.iter().enumerate() {
        for x in stop.left..(stop.left + 3).min(W) {
            if row >> x & 1 == 1 {
                least = least.min(costs[(stop.top + k) * W + x]);
            }
        }
    }
    least + extra < next
}

/// `UNREACHED` wherever the cost was not worked out.
fn unreached_where_not_yet(costs: &mut [u32; MAP_CELLS]) {
    for cost in costs.iter_mut() {
        // All ones where `NOT_YET`, else as it is.
        *cost |= u32::from(*cost >= NOT_YET).wrapping_neg();
    }
}

/// The layers from `depth` on as lists of cells rather than rows of
/// words, for when they are thin: a layer then costs its few cells,
/// not a row's words for each of them. Each cell taken from the list
/// of its layer takes its cost from its neighbours as `cost_layer`
/// works it out (the same cost, in an order that cannot change it:
/// neighbours of the same layer or later never give the least); one
/// that costs the next layer's goes on the list again, with the next
/// layer (`by_layers`). A cell done has its neighbours that can be
/// stepped on and are not reached yet found from the rows (`spread` of
/// its own bit, three rows) and put on the list one step on, or two.
///
/// One array holds the lists: from the front, the layer being worked
/// through (up to `end`) and then the one after it; from the back, the
/// cells two steps on from this layer, moved to the front when this
/// layer is done (after the next layer's cells, so the front stays in
/// order of layers). A cell is put in once, when it is first reached
/// (one that waits for the next layer keeps its place, moved to the
/// layer's end), and one moved from the back leaves it, so the front's
/// length plus the back's is at most the cells reached after the layers
/// done, at most `LIST_PLACES`: the two ends never meet. The layers begun
/// (`ring`, `depth`) are where they start. The cells to stop at are in
/// `stop` until one of them is done, then in `stopping`: so one test a
/// cell, and a frame 8 bytes smaller than with a flag beside them, on the
/// path of the wizard's run's stack high-water on the M3 (59,792 bytes).
#[inline(never)]
#[expect(
    clippy::cast_possible_truncation,
    reason = "a cell's index is under MAP_CELLS <= u16::MAX (asserted in cellset)"
)]
#[expect(
    clippy::too_many_lines,
    reason = "the layered search's one loop, its bounds proved in one place"
)]
fn by_lists<'s, const EXTRA: u32>(
    costs: &mut [u32; MAP_CELLS],
    ground: &Ground,
    layers: &Layers,
    reached: &mut Rows,
    (ring, depth): (Ring, u32),
    mut stop: Option<&'s Stop>,
    mut stopping: Option<&'s Stop>,
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
    // Where the layer being worked through begins.
    let mut layer = depth * STEP;
    loop {
        if head == end {
            // The layer is done.
            if let Some(stop) = stopping
                && done_with(costs, stop, EXTRA, layer + STEP)
            {
                return Layered::Listed;
            }
            if head == tail && back == LIST_PLACES {
                // No layer left: the rest is out of reach.
                if stop.is_none() && stopping.is_none() {
                    unreached_where_not_yet(costs);
                }
                return Layered::Listed;
            }
            end = tail;
            // Few cells a layer: one by one, last in first.
            while back < LIST_PLACES {
                list[tail] = list[back];
                (tail, back) = (tail + 1, back + 1);
            }
            layer += STEP;
            continue;
        }
        let i = usize::from(list[head]);
        head += 1;
        let (x, y) = (i % W, i / W);
        let inside = x > 0 && y > 0 && x < W - 1 && y < H - 1;
        let cost = cost_of::<EXTRA>(costs, ground.cells, ground.table, i, inside, layer);
        // (With no extras a cell costs its layer's whole steps.)
        if EXTRA > 0 && cost >= layer + STEP {
            // Not done: it changes places with the layer's last cell
            // not yet looked at, and the layer ends before it, so it is
            // the next layer's first (the order within a layer does not
            // matter), and that cell is looked at next.
            head -= 1;
            end -= 1;
            list.swap(head, end);
            continue;
        }
        costs[i] = cost;
        if let Some(cells) = stop
            && cells.row(y) & (1 << x) != 0
        {
            (stopping, stop) = (stop, None);
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

/// Works out the cost of every cell of one layer (`ring.here`),
/// `depth` whole steps from the goals, from the layers before, and
/// returns how many cells it has. A cell that costs the next layer's
/// moves to it, not done (`by_layers`). Out of line: inlined, it grows
/// the frame of `by_layers`, which the M3's stack high-water runs through
/// (`cargo xtask size`: 56,796 bytes inlined, 56,300 not).
#[inline(never)]
fn cost_layer<const EXTRA: u32>(
    costs: &mut [u32; MAP_CELLS],
    cells: &[Terrain; MAP_CELLS],
    table: &[u32; 8],
    layers: &mut Layers,
    ring: Ring,
    mut occupied: u64,
    depth: u32,
) -> u32 {
    let next = (depth + 1) * STEP;
    let mut count = 0;
    while occupied != 0 {
        let y = occupied.trailing_zeros() as usize;
        occupied &= occupied - 1;
        // Cells off the map's edge have all eight neighbours on it: no
        // test of their own. Those on the edge (seldom: goals, or the
        // odd map) look at the neighbours that are there.
        let inside = if y > 0 && y < H - 1 { INSIDE_ROW } else { 0 };
        let row = layers.row(ring.here, y);
        count += row.count_ones();
        let mut later = 0;
        for (bits, inside) in [(row & inside, true), (row & !inside, false)] {
            let mut bits = bits;
            while bits != 0 {
                let x = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let i = y * W + x;
                let cost = cost_of::<EXTRA>(costs, cells, table, i, inside, depth * STEP);
                if EXTRA > 0 && cost >= next {
                    later |= 1 << x;
                } else {
                    costs[i] = cost;
                }
            }
        }
        if later != 0 {
            layers.rows[ring.here][y + 1] &= !later;
            layers.rows[ring.next][y + 1] |= later;
            layers.occupied[ring.next] |= 1 << y;
        }
    }
    count
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
    costs: &[u32; MAP_CELLS],
    cells: &[Terrain; MAP_CELLS],
    table: &[u32; 8],
    i: usize,
    inside: bool,
    layer: u32,
) -> u32 {
    if EXTRA == 0 {
        return layer;
    }
    let c = costs;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::book_cost;

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
}
