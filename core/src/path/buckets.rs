//! The open set of a Dijkstra map: buckets one step (`STEP`, 100) wide.
//! Every step costs at least `STEP`, so when the cheapest waiting cell costs
//! `c`, no cell can still be reached for less than `c + STEP`: every cell in
//! the lowest bucket already has its final cost, and the bucket's cells can
//! be taken out in any order (Dial's buckets with the width of the cheapest
//! step, as in delta-stepping). A step costs less than `(BUCKETS - 1) *
//! STEP`, so only `BUCKETS` buckets are ever in use, in a ring.
//!
//! Each waiting cell is in exactly one bucket, on one of `path::rings`'
//! lists, so putting a cell in a bucket, moving it to a cheaper one and
//! taking it out are the same few writes wherever it is, with no tests to
//! guess wrong, and nothing is ever stale. 9,248 bytes, no heap.

use super::STEP;
use super::rings::Rings;
use crate::map::MAP_CELLS;

/// How many buckets the ring has. A step may cost up to
/// `(BUCKETS - 1) * STEP - 1` (the book's dearest, onto a door diagonally,
/// is 201).
pub const BUCKETS: usize = 4;
/// The dearest step the ring can hold.
pub const MAX_STEP: u32 = (BUCKETS as u32 - 1) * STEP - 1;
/// The lists' places: every cell, then every bucket's head.
type Lists = Rings<{ MAP_CELLS + BUCKETS }>;

#[derive(Clone)]
pub struct Buckets {
    lists: Lists,
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
    pub const fn new() -> Buckets {
        Buckets {
            lists: Lists::new(),
            current: 0,
            waiting: 0,
        }
    }

    /// Empties the ring, starting again from cost 0.
    pub fn clear(&mut self) {
        self.lists.clear();
        self.current = 0;
        self.waiting = 0;
    }

    fn head(cost: u32) -> usize {
        Lists::head((cost / STEP) as usize % BUCKETS)
    }

    /// Puts a cell in at `cost`, taking it out of the bucket it was waiting
    /// in first, if any (`first_time` says it was in none). `cost` is never
    /// less than the bucket being emptied, nor more than `MAX_STEP` above
    /// it.
    #[inline(always)]
    pub fn put(&mut self, cell: usize, cost: u32, first_time: bool) {
        debug_assert!(cost / STEP >= self.current && cost / STEP < self.current + BUCKETS as u32);
        // A cell on no list is a ring of its own: taking it off is harmless.
        self.lists.unlink(cell);
        self.waiting += usize::from(first_time);
        self.lists.push_front(cell, Buckets::head(cost));
    }

    /// Takes out a cell of the lowest bucket that has one.
    #[inline(always)]
    pub fn take(&mut self) -> Option<usize> {
        if self.waiting == 0 {
            return None;
        }
        self.waiting -= 1;
        loop {
            let head = Lists::head(self.current as usize % BUCKETS);
            let cell = self.lists.next(head);
            if cell != head {
                self.lists.unlink(cell);
                return Some(cell);
            }
            self.current += 1;
        }
    }
}
