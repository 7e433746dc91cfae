//! A*'s open set: the cells reached and not yet taken out, by their guess
//! (the cost so far plus `least_cost` of what is left: A*'s f), in a ring
//! of buckets, one for each whole guess. Only the bucket being taken from
//! is kept in the book's order of ties ([`Goal::tie`]); the others are
//! sorted when their turn comes. Each cell is on at most one list, once
//! (the corridor's search reaches a cell once, at its cheapest cost), so
//! the lists are threaded through one array of cell indices and none can
//! overflow.

use super::{DIAGONAL_EXTRA, DOOR_STEPS, STEP};
use crate::geom::Point;
use crate::map::{MAP_CELLS, Map};

/// The dearest step there is (onto a closed door, diagonally).
const DEAREST_STEP: u32 = DOOR_STEPS * STEP + DIAGONAL_EXTRA;
/// How many buckets the ring has. A cell reached from the one taken out
/// costs at most `DEAREST_STEP` more, and its guess of what is left is at
/// most `DEAREST_STEP` more too (a step moves a cell at most one across and
/// one down), so every waiting guess is less than `2 * DEAREST_STEP + 1`
/// above the one being taken out: they all have buckets of their own.
const RING: usize = 512;
#[expect(clippy::cast_possible_truncation, reason = "RING is 512")]
const _: () = assert!(2 * DEAREST_STEP < RING as u32 && RING.is_power_of_two());
/// The lists' places: every cell, then every bucket's head.
const LINKS: usize = MAP_CELLS + RING;
const _: () = assert!(LINKS <= u16::MAX as usize);

/// The goal as a search sees it: `least_cost` and the order of ties for a
/// cell given by index.
#[derive(Clone, Copy)]
pub(super) struct Goal(pub(super) Point);

impl Goal {
    /// `least_cost` from cell `i` to the goal.
    pub(super) fn least_cost(self, i: usize) -> u32 {
        least_cost(Map::point_of(i), self.0)
    }

    /// The order of cells with the same guess: the crow's distance to the
    /// goal squared (under 2^13: 63^2 + 35^2 = 5,194), then the index.
    /// A bucket's head (a place past the cells) comes after every cell, so
    /// a walk along a bucket's list stops at its head with no test of its
    /// own.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a cell's index is under 2^12 (asserted below)"
    )]
    pub(super) fn tie(self, i: usize) -> u32 {
        let past_the_cells = u32::from(i >= MAP_CELLS).wrapping_neg();
        (crow_flies(Map::point_of(i), self.0) << 12) | i as u32 | past_the_cells
    }
}
const _: () = assert!(63 * 63 + 35 * 35 < 1 << 13 && MAP_CELLS <= 1 << 12);

/// Every place of [`Open::next`] linked to itself: each bucket's head alone
/// on its list, so each bucket empty (a cell's link is written when it is
/// put in). A constant, so an [`Open`] is made by one copy, in its place.
const ALONE: [u16; LINKS] = super::alone();

/// The open set of a search of the corridor: buckets of cells by whole
/// guess, in a ring, as lists threaded through `next`.
pub(super) struct Open {
    /// For each cell waiting, the next one on its bucket's list; for each
    /// bucket's head (after the cells), its first cell, or the head itself
    /// when it is empty.
    next: [u16; LINKS],
    /// Which buckets have cells: one bit a bucket, so empty ones are
    /// passed over a word at a time.
    filled: [u64; RING / 64],
    pub(super) goal: Goal,
    /// The guess being taken out.
    pub(super) guess: u32,
    waiting: usize,
}

impl Open {
    pub(super) fn new(goal: Point, guess: u32) -> Open {
        Open {
            next: ALONE,
            filled: [0; RING / 64],
            goal: Goal(goal),
            guess,
            waiting: 0,
        }
    }

    fn head(guess: u32) -> usize {
        MAP_CELLS + (guess as usize & (RING - 1))
    }

    /// Puts a cell in the bucket of its guess: in the book's order if that
    /// is the bucket being taken from, else first.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "places are under LINKS <= u16::MAX (asserted)"
    )]
    pub(super) fn put(&mut self, cell: usize, guess: u32) {
        self.waiting += 1;
        if guess == self.guess {
            self.insert_in_order(cell, Open::head(guess));
        } else {
            let slot = guess as usize & (RING - 1);
            self.filled[slot / 64] |= 1 << (slot % 64);
            let head = Open::head(guess);
            self.next[cell] = self.next[head];
            self.next[head] = cell as u16;
        }
    }

    /// Puts a cell in a bucket kept in the book's order, before the first
    /// cell that comes after it.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "places are under LINKS <= u16::MAX (asserted)"
    )]
    fn insert_in_order(&mut self, cell: usize, head: usize) {
        let tie = self.goal.tie(cell);
        let mut before = head;
        let mut after = usize::from(self.next[head]);
        while self.goal.tie(after) < tie {
            before = after;
            after = usize::from(self.next[after]);
        }
        self.next[cell] = after as u16;
        self.next[before] = cell as u16;
    }

    /// Takes out the first cell of the lowest bucket, sorting a bucket into
    /// the book's order when its turn comes.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "places are under LINKS <= u16::MAX (asserted); a bit's place is under 64 and the ring's buckets 512"
    )]
    pub(super) fn take(&mut self) -> Option<usize> {
        if self.waiting == 0 {
            return None;
        }
        self.waiting -= 1;
        loop {
            let head = Open::head(self.guess);
            let first = usize::from(self.next[head]);
            if first != head {
                self.next[head] = self.next[first];
                return Some(first);
            }
            // The bucket is empty: on to the next one with cells, whose
            // cells came in any order. (A bucket's bit is set when a cell
            // goes on its list and cleared only here, so a bit may stay set
            // for a while after its bucket empties; such a bucket is met
            // here, empty, and passed over like this one. The bucket being
            // taken from keeps no bit: cells put in it come out before it is
            // left.)
            let slot = head - MAP_CELLS;
            self.filled[slot / 64] &= !(1 << (slot % 64));
            self.guess += self.to_next_filled(slot);
            let head = Open::head(self.guess);
            let mut cell = usize::from(self.next[head]);
            if usize::from(self.next[cell]) != head {
                // Two cells or more: sort them, one by one into the order.
                self.next[head] = head as u16;
                while cell != head {
                    let after = usize::from(self.next[cell]);
                    self.insert_in_order(cell, head);
                    cell = after;
                }
            }
        }
    }

    /// How many buckets on from `slot`, round the ring, the next one with
    /// cells is. Some cell is waiting whenever this is asked.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a bit's place is under 64, and the ring has 512 buckets"
    )]
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
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_come_out_by_guess_then_in_the_books_order_of_ties() {
        let goal = Point::new(10, 10);
        let at = |x, y| Map::index(Point::new(x, y));
        let mut open = Open::new(goal, 500);
        // Two buckets on: out after the bucket of 500 is empty.
        open.put(at(1, 1), 700);
        // The bucket being taken from: kept in order as cells come in, the
        // nearer to the goal as the crow flies first, then the lower index.
        open.put(at(3, 10), 500);
        open.put(at(10, 6), 500);
        open.put(at(14, 10), 500);
        // Two cells of one later bucket, put in first-come: sorted when
        // their turn comes.
        open.put(at(0, 0), 600);
        open.put(at(9, 9), 600);
        let out: heapless::Vec<usize, 8> = core::iter::from_fn(|| open.take()).collect();
        assert_eq!(
            out[..],
            [
                at(10, 6),
                at(14, 10),
                at(3, 10),
                at(9, 9),
                at(0, 0),
                at(1, 1)
            ]
        );
    }

    #[test]
    fn the_ring_goes_round_past_its_end() {
        let goal = Point::new(0, 0);
        let mut open = Open::new(goal, RING as u32 - 3);
        // Guesses past the ring's last bucket land at its start again.
        open.put(5, RING as u32 + 200);
        open.put(6, RING as u32 - 1);
        open.put(7, RING as u32 + 2);
        assert_eq!(open.take(), Some(6));
        assert_eq!(open.take(), Some(7));
        assert_eq!(open.take(), Some(5));
        assert_eq!(open.take(), None);
    }
}
