//! The open set of a Dijkstra map: buckets one step (`STEP`, 100) wide.
//! Every step costs at least `STEP`, so when the cheapest waiting cell costs
//! `c`, no cell can still be reached for less than `c + STEP`: every cell in
//! the lowest bucket already has its final cost, and the bucket's cells can
//! be taken out in any order (Dial's buckets with the width of the cheapest
//! step, as in delta-stepping). A step costs less than `(BUCKETS - 1) *
//! STEP`, so only `BUCKETS` buckets are ever in use, in a ring.
//!
//! Each waiting cell is in exactly one bucket, on a doubly linked list
//! threaded through two arrays, so moving a cell to a cheaper bucket is
//! two writes and nothing is ever stale. 9,232 bytes, no heap.

use super::STEP;
use crate::map::MAP_CELLS;

/// How many buckets the ring has. A step may cost up to
/// `(BUCKETS - 1) * STEP - 1` (the book's dearest, onto a door diagonally,
/// is 201).
pub const BUCKETS: usize = 4;
/// The dearest step the ring can hold.
pub const MAX_STEP: u32 = (BUCKETS as u32 - 1) * STEP - 1;
const NONE: u16 = u16::MAX;
const _: () = assert!(MAP_CELLS < NONE as usize);

#[derive(Clone)]
pub struct Buckets {
    head: [u16; BUCKETS],
    next: [u16; MAP_CELLS],
    prev: [u16; MAP_CELLS],
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
            head: [NONE; BUCKETS],
            next: [NONE; MAP_CELLS],
            prev: [NONE; MAP_CELLS],
            current: 0,
            waiting: 0,
        }
    }

    /// Empties the ring, starting again from cost 0.
    pub fn clear(&mut self) {
        // Lists are only ever read from their heads, so resetting the heads
        // forgets every cell.
        self.head = [NONE; BUCKETS];
        self.current = 0;
        self.waiting = 0;
    }

    fn slot(cost: u32) -> usize {
        (cost / STEP) as usize % BUCKETS
    }

    /// Puts a cell in at `cost`, taking it out of the bucket of `old` first
    /// if it was waiting there. `cost` is never less than the bucket being
    /// emptied, nor more than `MAX_STEP` above it.
    pub fn put(&mut self, cell: usize, cost: u32, old: Option<u32>) {
        debug_assert!(cost / STEP >= self.current && cost / STEP < self.current + BUCKETS as u32);
        if let Some(old) = old {
            let slot = Buckets::slot(old);
            if Buckets::slot(cost) == slot {
                return; // same bucket: already in it
            }
            let (p, n) = (self.prev[cell], self.next[cell]);
            if p == NONE {
                self.head[slot] = n;
            } else {
                self.next[usize::from(p)] = n;
            }
            if n != NONE {
                self.prev[usize::from(n)] = p;
            }
            self.waiting -= 1;
        }
        let slot = Buckets::slot(cost);
        let first = self.head[slot];
        self.next[cell] = first;
        self.prev[cell] = NONE;
        if first != NONE {
            self.prev[usize::from(first)] = cell as u16;
        }
        self.head[slot] = cell as u16;
        self.waiting += 1;
    }

    /// Takes out a cell of the lowest bucket that has one.
    pub fn take(&mut self) -> Option<usize> {
        if self.waiting == 0 {
            return None;
        }
        loop {
            let slot = self.current as usize % BUCKETS;
            let cell = self.head[slot];
            if cell != NONE {
                let n = self.next[usize::from(cell)];
                self.head[slot] = n;
                if n != NONE {
                    self.prev[usize::from(n)] = NONE;
                }
                self.waiting -= 1;
                return Some(usize::from(cell));
            }
            self.current += 1;
        }
    }
}
