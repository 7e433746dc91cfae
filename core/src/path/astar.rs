//! A*, exactly as the book's chapter 23 writes `findPath`: Dijkstra's
//! algorithm with its queue ordered by the cost so far plus a guess that is
//! never too much (`least_cost`), ties going to the cell nearer the goal as
//! the crow flies, then to the lower index. It stops when the goal comes
//! out. Costs are the book's hundredths (a step 100, a diagonal 101, onto a
//! closed door `DOOR_STEPS` steps).
//!
//! The book's priority queue keeps stale entries and skips them; here each
//! waiting cell is in the open set once, under its cheapest guess so far,
//! which is the entry that counts in the book's queue too: the cells come
//! out in the same order and the same way is found, cell for cell (a test
//! compares the two on 10,000 pairs of cells).
//!
//! The open set is a ring of buckets, one for each whole guess (`f`, the
//! cost so far plus `least_cost`), because the guess is *consistent*: a
//! step never lowers `least_cost` by more than the step costs, so a cell
//! taken out never has a lower guess than the one before it, and a cell
//! reached from it has a guess at most two of the dearest steps higher
//! (`RING`). Only the bucket of the guess being taken out is kept in the
//! book's order of ties (nearer the goal, then lower index); the others are
//! sorted when their turn comes. So a cell goes in and out in a few steps,
//! where a heap sifts through its levels on every change. The buckets are
//! lists threaded through two arrays of cell indices, so a cell whose way
//! got cheaper moves to its new bucket in a few writes and no list can
//! overflow: each cell is on at most one list. The way is kept as each
//! cell's step in one byte and turned around in place at the end.

use super::rings::Rings;
use super::{DIAGONAL_EXTRA, DOOR_STEPS, STEP};
use crate::geom::{Dir, Point};
use crate::map::{MAP_CELLS, MAP_H, MAP_W, Map, Terrain};

/// Marks the end of the way in `link`.
const END: u8 = 8;
/// The cost so far of a cell not reached yet.
const UNSEEN: u32 = u32::MAX;

/// The dearest step there is (onto a closed door, diagonally).
const DEAREST_STEP: u32 = DOOR_STEPS * STEP + DIAGONAL_EXTRA;
/// How many buckets the ring has. A cell reached from the one taken out
/// costs at most `DEAREST_STEP` more, and its guess of what is left is at
/// most `DEAREST_STEP` more too (a step moves a cell at most one across and
/// one down), so every waiting guess is less than `2 * DEAREST_STEP + 1`
/// above the one being taken out: they all have buckets of their own.
const RING: usize = 512;
const _: () = assert!(2 * DEAREST_STEP < RING as u32 && RING.is_power_of_two());
/// The buckets' lists: every cell, then every bucket's head.
type Lists = Rings<{ MAP_CELLS + RING }>;

/// The least the way from one cell to another could cost, if nothing were
/// in the way: a step for each cell of the longer distance, across or down,
/// and the diagonal extra for each cell of the shorter one. Never too much,
/// so A* finds the cheapest way.
pub fn least_cost(a: Point, b: Point) -> u32 {
    let across = a.x.abs_diff(b.x);
    let down = a.y.abs_diff(b.y);
    across.max(down) * STEP + across.min(down) * DIAGONAL_EXTRA
}

/// How far apart two cells are as the crow flies, squared: of two cells
/// that look as good as each other, the one nearer the goal goes first, so
/// the way makes for the goal rather than wandering.
pub fn crow_flies(a: Point, b: Point) -> u32 {
    let dx = a.x.abs_diff(b.x);
    let dy = a.y.abs_diff(b.y);
    dx * dx + dy * dy
}

/// What stepping onto each terrain costs by the book (`book_cost`), 0
/// where no step can go, by discriminant.
const STEP_ONTO: [u32; 8] = {
    let mut t = [0; 8];
    let mut k = 0;
    while k < Terrain::ALL.len() {
        let terrain = Terrain::ALL[k];
        t[k] = if terrain.is_walkable() {
            STEP
        } else if matches!(terrain, Terrain::ClosedDoor) {
            DOOR_STEPS * STEP
        } else {
            0
        };
        k += 1;
    }
    t
};

fn step_onto(cells: &[Terrain; MAP_CELLS], i: usize) -> u32 {
    STEP_ONTO[usize::from(cells[i].discriminant()) & 7]
}

/// The goal as a search sees it: `least_cost` and the order of ties for a
/// cell given by index.
#[derive(Clone, Copy)]
struct Goal(Point);

impl Goal {
    /// `least_cost` from cell `i` to the goal.
    fn least_cost(self, i: usize) -> u32 {
        least_cost(Map::point_of(i), self.0)
    }

    /// The order of cells with the same guess: the crow's distance to the
    /// goal squared (under 2^13: 63^2 + 35^2 = 5,194), then the index.
    /// A bucket's head (a place past the cells) comes after every cell, so
    /// a walk along a bucket's ring stops at its head with no test of its
    /// own.
    fn tie(self, i: usize) -> u32 {
        let past_the_cells = u32::from(i >= MAP_CELLS).wrapping_neg();
        (crow_flies(Map::point_of(i), self.0) << 12) | i as u32 | past_the_cells
    }
}
const _: () = assert!(63 * 63 + 35 * 35 < 1 << 13 && MAP_CELLS <= 1 << 12);

/// A* and the room it searches in (about 22 KiB), reused from search to
/// search. After `find_path`, `path` walks the way found.
#[derive(Clone)]
pub struct AStar {
    /// For each cell reached, its cost so far less the step onto it: the
    /// cost of the cell it is reached from, plus the diagonal's extra.
    /// Whether a new way is cheaper is then one comparison, without asking
    /// what the cell is made of (the step onto it is the same either way).
    /// `UNSEEN` if not reached yet; 0 for cells no step can go onto and for
    /// the start, as nothing is less.
    reach: [u32; MAP_CELLS],
    /// While searching, the step (`Dir` index) that reached each cell by its
    /// cheapest way so far; after, along the way, the step to the next cell.
    link: [u8; MAP_CELLS],
    /// Which buckets have cells: one bit a bucket, so empty ones are
    /// passed over a word at a time.
    filled: [u64; RING / 64],
    /// The buckets' lists (`path::rings`): putting a cell in, moving it and
    /// taking it out are the same few writes wherever it is, with no tests,
    /// and taking out a cell on no list is harmless.
    lists: Lists,
    from: Point,
    to: Point,
    steps: usize,
    /// The cost of the way found.
    cost: u32,
}

impl Default for AStar {
    fn default() -> AStar {
        AStar::new()
    }
}

/// A search under way: the guess being taken out and how many cells wait.
struct Open {
    goal: Goal,
    guess: u32,
    waiting: usize,
}

impl AStar {
    pub const fn new() -> AStar {
        AStar {
            reach: [UNSEEN; MAP_CELLS],
            link: [END; MAP_CELLS],
            filled: [0; RING / 64],
            lists: Lists::new(),
            from: Point::new(0, 0),
            to: Point::new(0, 0),
            steps: 0,
            cost: 0,
        }
    }

    /// Finds the cheapest way from `from` to `to` and returns how many steps
    /// it has (the cells after `from`, ending with `to`). 0 means no way:
    /// `from == to`, `to` cannot be stood on (`is_passable`), or nothing
    /// joins them.
    pub fn find_path(&mut self, map: &Map, from: Point, to: Point) -> usize {
        self.from = from;
        self.to = to;
        self.steps = 0;
        if from == to || !Map::in_bounds(from) || !map.is_passable(to) {
            return 0;
        }
        let cells = map.cells();
        // A cell no step can go onto starts as if its cheapest way were
        // known already, at 0: no way to it is ever cheaper, so the
        // neighbour loop needs no test of its own for walls.
        for (reach, &terrain) in self.reach.iter_mut().zip(cells) {
            // `UNSEEN` (all ones) where a step can go, else 0: a sum the
            // compiler does many cells at a time.
            *reach = u32::from(terrain.is_passable()).wrapping_neg();
        }
        self.lists.clear();
        self.filled = [0; RING / 64];
        let goal = Map::index(to);
        let start = Map::index(from);
        let mut open = Open {
            goal: Goal(to),
            guess: 0,
            waiting: 0,
        };
        open.guess = open.goal.least_cost(start);
        self.reach[start] = 0;
        self.push_front(start, open.guess);
        open.waiting = 1;
        while let Some(i) = self.take(&mut open) {
            if i == goal {
                break;
            }
            let here = if i == start {
                0
            } else {
                self.reach[i] + step_onto(cells, i)
            };
            let (x, y) = (i % MAP_W as usize, i / MAP_W as usize);
            if x > 0 && y > 0 && x < MAP_W as usize - 1 && y < MAP_H as usize - 1 {
                // Inside the edge, every neighbour is on the map: the eight
                // steps in `Dir::ALL`'s order, written out.
                const W: usize = MAP_W as usize;
                self.relax(cells, &mut open, here, i - W, 0, 0);
                self.relax(cells, &mut open, here, i + 1, 1, 0);
                self.relax(cells, &mut open, here, i + W, 2, 0);
                self.relax(cells, &mut open, here, i - 1, 3, 0);
                self.relax(cells, &mut open, here, i - W + 1, 4, DIAGONAL_EXTRA);
                self.relax(cells, &mut open, here, i + W + 1, 5, DIAGONAL_EXTRA);
                self.relax(cells, &mut open, here, i + W - 1, 6, DIAGONAL_EXTRA);
                self.relax(cells, &mut open, here, i - W - 1, 7, DIAGONAL_EXTRA);
            } else {
                let p = Map::point_of(i);
                for (k, dir) in Dir::ALL.into_iter().enumerate() {
                    let next = p.step(dir);
                    if Map::in_bounds(next) {
                        let extra = if dir.is_diagonal() { DIAGONAL_EXTRA } else { 0 };
                        self.relax(cells, &mut open, here, Map::index(next), k as u8, extra);
                    }
                }
            }
        }
        if self.reach[goal] == UNSEEN {
            return 0;
        }
        self.cost = self.reach[goal] + step_onto(cells, goal);
        // Turn the way around in place: follow the steps back from the goal,
        // leaving in each cell the step to the next one.
        let mut cell = goal;
        let mut forward = END;
        loop {
            let back = self.link[cell];
            self.link[cell] = forward;
            if cell == start {
                break;
            }
            forward = back;
            cell = Map::index(Map::point_of(cell).step(Dir::from_index(back).opposite()));
            self.steps += 1;
        }
        self.steps
    }

    /// Tries the step from a cell that costs `here` onto cell `j` by
    /// direction `k`; if it is the cheapest way to `j` yet, `j` waits in
    /// the bucket of its new guess.
    #[inline(always)]
    fn relax(
        &mut self,
        cells: &[Terrain; MAP_CELLS],
        open: &mut Open,
        here: u32,
        j: usize,
        k: u8,
        extra: u32,
    ) {
        let reach = here + extra;
        let old = self.reach[j];
        if reach >= old {
            return;
        }
        self.reach[j] = reach;
        self.link[j] = k;
        // The step onto `j` and the least the rest could cost.
        let rest = step_onto(cells, j) + open.goal.least_cost(j);
        // A cell waiting under a dearer guess (not the one being taken out:
        // a guess never falls below that) leaves its list first; a cell
        // reached for the first time is on none, and this does nothing.
        open.waiting += usize::from(old == UNSEEN);
        self.lists.unlink(j);
        let guess = reach + rest;
        if guess == open.guess {
            self.insert_in_order(j, guess, open.goal);
        } else {
            self.push_front(j, guess);
        }
    }

    /// Takes out the first cell of the lowest bucket, sorting a bucket into
    /// the book's order when its turn comes.
    fn take(&mut self, open: &mut Open) -> Option<usize> {
        if open.waiting == 0 {
            return None;
        }
        open.waiting -= 1;
        loop {
            let slot = open.guess as usize & (RING - 1);
            let head = Lists::head(slot);
            let first = self.lists.next(head);
            if first != head {
                self.lists.unlink(first);
                return Some(first);
            }
            // The bucket is empty: on to the next one with cells, whose
            // cells came in any order. (A bucket's bit is set when a cell
            // goes on its list and cleared only here, so a bit may stay set
            // for a while after its bucket empties; such a bucket is met
            // here, empty, and passed over like this one. The bucket being
            // taken from keeps no bit: cells put in it come out before it is
            // left.)
            self.empty(slot);
            open.guess += self.to_next_filled(slot);
            let head = Lists::head(open.guess as usize & (RING - 1));
            if !self.lists.at_most_one(head) {
                // Two cells or more: sort them, one by one into the order.
                // The list is emptied and walked from its first cell round
                // to the head.
                let mut cell = self.lists.next(head);
                self.lists.detach(head);
                while cell != head {
                    let after = self.lists.next(cell);
                    self.insert_in_order(cell, open.guess, open.goal);
                    cell = after;
                }
            }
        }
    }

    /// How many buckets on from `slot`, round the ring, the next one with
    /// cells is. Some cell is waiting whenever this is asked.
    fn to_next_filled(&self, slot: usize) -> u32 {
        const WORDS: usize = RING / 64;
        let (word, bit) = (slot / 64, slot % 64);
        // First the bits above `slot` in its own word, then each word after
        // it round the ring, ending with its own word again (whose bits
        // below `slot` are the farthest buckets; `slot`'s own is empty).
        let above = self.filled[word].checked_shr(bit as u32 + 1).unwrap_or(0);
        if above != 0 {
            return above.trailing_zeros() + 1;
        }
        for k in 1..=WORDS {
            let bits = self.filled[(word + k) % WORDS];
            if bits != 0 {
                return (64 - bit + (k - 1) * 64) as u32 + bits.trailing_zeros();
            }
        }
        unreachable!("a cell waits in some bucket")
    }

    fn empty(&mut self, slot: usize) {
        self.filled[slot / 64] &= !(1 << (slot % 64));
    }

    /// Puts a cell first on the list of the bucket of `guess`.
    fn push_front(&mut self, cell: usize, guess: u32) {
        let slot = guess as usize & (RING - 1);
        self.filled[slot / 64] |= 1 << (slot % 64);
        self.lists.push_front(cell, Lists::head(slot));
    }

    /// Puts a cell in the bucket being taken from (`guess`), which is in the
    /// book's order, before the first cell that comes after it.
    fn insert_in_order(&mut self, cell: usize, guess: u32, goal: Goal) {
        let head = Lists::head(guess as usize & (RING - 1));
        let tie = goal.tie(cell);
        let mut before = head;
        let mut after = self.lists.next(head);
        while goal.tie(after) < tie {
            before = after;
            after = self.lists.next(after);
        }
        self.lists.link_between(cell, before, after);
    }

    /// How many steps the way found last has (0 for none).
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// The cost of the way found last, in hundredths of a step, or `None`.
    pub fn cost(&self) -> Option<u32> {
        (self.steps > 0).then_some(self.cost)
    }

    /// The cells of the way found last, after the start and ending with the
    /// goal; nothing when there was no way.
    pub fn path(&self) -> impl Iterator<Item = Point> + '_ {
        let mut cell = self.from;
        let mut left = self.steps;
        core::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            left -= 1;
            cell = cell.step(Dir::from_index(self.link[Map::index(cell)]));
            Some(cell)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Rect;

    #[test]
    fn the_step_table_is_the_books_rule() {
        for t in Terrain::ALL {
            assert_eq!(
                t.is_passable(),
                STEP_ONTO[usize::from(t.discriminant())] != 0
            );
            assert_eq!(
                STEP_ONTO[usize::from(t.discriminant())],
                super::super::book_cost(t).unwrap_or(0)
            );
        }
        // The written-out steps of `find_path` are `Dir::ALL` in order.
        let w = MAP_W as isize;
        let offsets = [-w, 1, w, -1, -w + 1, w + 1, w - 1, -w - 1];
        for (k, dir) in Dir::ALL.iter().enumerate() {
            let (dx, dy) = dir.delta();
            assert_eq!(offsets[k], (dy * MAP_W + dx) as isize);
            assert_eq!(dir.is_diagonal(), k >= 4);
        }
    }

    fn cells(a: &AStar) -> heapless::Vec<Point, 128> {
        a.path().collect()
    }

    #[test]
    fn the_way_walks_straight_where_it_can() {
        let mut map = Map::new();
        map.carve(Rect::new(1, 1, 10, 5));
        let mut a = AStar::new();
        let steps = a.find_path(&map, Point::new(1, 1), Point::new(6, 3));
        // Five steps: two diagonal and three straight, 3 * 100 + 2 * 101.
        assert_eq!(steps, 5);
        assert_eq!(a.cost(), Some(502));
        let way = cells(&a);
        assert_eq!(way.last(), Some(&Point::new(6, 3)));
        let mut prev = Point::new(1, 1);
        for p in &way {
            assert!((p.x - prev.x).abs() <= 1 && (p.y - prev.y).abs() <= 1);
            assert!(map.is_walkable(*p));
            prev = *p;
        }
    }

    #[test]
    fn no_way_is_empty() {
        let mut map = Map::new();
        map.carve(Rect::new(1, 1, 3, 3));
        map.carve(Rect::new(10, 1, 3, 3));
        let mut a = AStar::new();
        assert_eq!(a.find_path(&map, Point::new(2, 2), Point::new(2, 2)), 0);
        assert_eq!(
            a.find_path(&map, Point::new(2, 2), Point::new(0, 0)),
            0,
            "a wall"
        );
        assert_eq!(
            a.find_path(&map, Point::new(2, 2), Point::new(11, 2)),
            0,
            "cut off"
        );
        assert_eq!(a.path().count(), 0);
        assert_eq!(a.cost(), None);
    }

    #[test]
    fn a_closed_door_counts_two_steps() {
        let map = Map::from_rows(&["#####", "#.+.#", "#####"]).unwrap();
        let mut a = AStar::new();
        assert_eq!(a.find_path(&map, Point::new(1, 1), Point::new(3, 1)), 2);
        assert_eq!(a.cost(), Some(300));
        assert_eq!(
            a.find_path(&map, Point::new(1, 1), Point::new(2, 1)),
            1,
            "to the door"
        );
    }
}
