//! The open set of a Dijkstra map: buckets one step (`STEP`, 100) wide.
//! Every step costs at least `STEP`, so when the cheapest waiting cell costs
//! `c`, no cell can still be reached for less than `c + STEP`: every cell in
//! the lowest bucket already has its final cost, and the bucket's cells can
//! be taken out in any order (Dial's buckets with the width of the cheapest
//! step, as in delta-stepping). A step costs less than `(BUCKETS - 1) *
//! STEP`, so only `BUCKETS` buckets are ever in use, in a ring.
//!
//! Each waiting cell is in exactly one bucket, on a ring threaded through
//! two arrays: places 0 to `MAP_CELLS - 1` are the cells, place
//! `MAP_CELLS + b` the head of bucket `b`, which an empty bucket's ring
//! holds alone. A cell on no list is a ring of its own. So putting a cell in
//! a bucket, moving it to a cheaper one and taking it out are the same few
//! writes wherever it is, with no tests to guess wrong, and nothing is ever
//! stale. 9,248 bytes, no heap.

use super::STEP;
use crate::map::MAP_CELLS;

/// How many buckets the ring has. A step may cost up to
/// `(BUCKETS - 1) * STEP - 1` (the book's dearest, onto a door diagonally,
/// is 201).
pub const BUCKETS: usize = 4;
/// The dearest step the ring can hold.
#[expect(clippy::cast_possible_truncation, reason = "BUCKETS is a few dozen")]
pub const MAX_STEP: u32 = (BUCKETS as u32 - 1) * STEP - 1;
/// The places on the lists: every cell, then every bucket's head.
const LINKS: usize = MAP_CELLS + BUCKETS;
const _: () = assert!(LINKS <= u16::MAX as usize);
/// Every place linked to itself: no cell on a list, every bucket empty.
const ALONE: [u16; LINKS] = super::alone();

/// The open set of a Dijkstra map when the layers cannot do: buckets one
/// step wide, lists threaded through two arrays with a head each.
#[derive(Clone)]
pub struct Buckets {
    next: [u16; LINKS],
    prev: [u16; LINKS],
    /// The bucket being emptied: costs from `current * STEP`.
    current: u32,
    waiting: usize,
}

impl Default for Buckets {
    fn default() -> Buckets {
        Buckets::new()
    }
}

impl Buckets {
    /// Empty buckets.
    pub const fn new() -> Buckets {
        Buckets {
            next: ALONE,
            prev: ALONE,
            current: 0,
            waiting: 0,
        }
    }

    /// Empties the ring, starting again from cost 0.
    pub fn clear(&mut self) {
        self.next = ALONE;
        self.prev = ALONE;
        self.current = 0;
        self.waiting = 0;
    }

    fn head(cost: u32) -> usize {
        MAP_CELLS + (cost / STEP) as usize % BUCKETS
    }

    /// Puts a cell in at `cost`, taking it out of the bucket it was waiting
    /// in first, if any (`first_time` says it was in none). `cost` is never
    /// less than the bucket being emptied, nor more than `MAX_STEP` above
    /// it.
    #[inline(always)]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "places are under LINKS <= u16::MAX, and BUCKETS is a few dozen (asserted)"
    )]
    pub fn put(&mut self, cell: usize, cost: u32, first_time: bool) {
        debug_assert!(cost / STEP >= self.current && cost / STEP < self.current + BUCKETS as u32);
        // A cell on no list is a ring of its own, with nothing to take off.
        if first_time {
            self.waiting += 1;
        } else {
            self.unlink(cell);
        }
        let head = Buckets::head(cost);
        let first = self.next[head];
        self.next[cell] = first;
        self.prev[cell] = head as u16;
        self.next[head] = cell as u16;
        self.prev[usize::from(first)] = cell as u16;
    }

    #[inline(always)]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "places are under LINKS <= u16::MAX (asserted)"
    )]
    fn unlink(&mut self, cell: usize) {
        let (before, after) = (self.prev[cell], self.next[cell]);
        self.next[usize::from(before)] = after;
        self.prev[usize::from(after)] = before;
        self.next[cell] = cell as u16;
        self.prev[cell] = cell as u16;
    }

    /// Takes out a cell of the lowest bucket that has one.
    #[inline(always)]
    pub fn take(&mut self) -> Option<usize> {
        if self.waiting == 0 {
            return None;
        }
        self.waiting -= 1;
        loop {
            let head = MAP_CELLS + self.current as usize % BUCKETS;
            let cell = usize::from(self.next[head]);
            if cell != head {
                self.unlink(cell);
                return Some(cell);
            }
            self.current += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_move_to_cheaper_buckets_and_come_out_lowest_first() {
        let mut b = Buckets::new();
        b.put(5, 0, true);
        b.put(9, 150, true);
        b.put(7, 250, true);
        // 9 is reached more cheaply: it leaves its bucket for the lowest.
        b.put(9, 40, false);
        let mut out = [b.take(), b.take(), b.take()];
        out[..2].sort();
        assert_eq!(out, [Some(5), Some(9), Some(7)]);
        assert_eq!(b.take(), None);
        // A cell on no list is a ring of its own: taking it off changes
        // nothing, and the buckets still work.
        b.unlink(100);
        b.clear();
        b.put(3, 0, true);
        assert_eq!((b.take(), b.take()), (Some(3), None));
    }
}
