//! The open set of a search: a binary min-heap of cell indices with
//! decrease-key. Each cell is in the heap at most once (its place is kept in
//! `place`), so the heap never holds more than `MAP_CELLS` cells and can
//! never overflow; there are no stale entries to skip. The order is given
//! by a key the caller computes from the cell (a cost, then ties), so a
//! search ordered like the book's priority queue hands cells back in the
//! same order.

use crate::map::MAP_CELLS;

/// Marks a cell that is not in the heap.
const OUT: u16 = u16::MAX;
const _: () = assert!(MAP_CELLS < OUT as usize);

/// 9,216 bytes: the heap of cell indices and each cell's place in it.
#[derive(Clone)]
pub struct Frontier {
    heap: [u16; MAP_CELLS],
    place: [u16; MAP_CELLS],
    len: usize,
}

impl Default for Frontier {
    fn default() -> Frontier {
        Frontier::new()
    }
}

impl Frontier {
    pub const fn new() -> Frontier {
        Frontier {
            heap: [0; MAP_CELLS],
            place: [OUT; MAP_CELLS],
            len: 0,
        }
    }

    /// Empties the heap.
    pub fn clear(&mut self) {
        for k in 0..self.len {
            self.place[usize::from(self.heap[k])] = OUT;
        }
        self.len = 0;
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// Puts a cell in the heap, or, if it is there already, moves it up
    /// after its key went down. Keys may only go down while a cell waits.
    pub fn push_or_decrease(&mut self, cell: usize, key: impl Fn(usize) -> u64) {
        let hole = match self.place[cell] {
            OUT => {
                // Each cell is in the heap at most once, so len < MAP_CELLS
                // whenever a cell that is out is pushed.
                let hole = self.len;
                self.len += 1;
                hole
            }
            at => usize::from(at),
        };
        self.sift_up(hole, cell as u16, &key);
    }

    /// Takes out the cell with the least key.
    pub fn pop(&mut self, key: impl Fn(usize) -> u64) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        let top = self.heap[0];
        self.place[usize::from(top)] = OUT;
        self.len -= 1;
        if self.len > 0 {
            let last = self.heap[self.len];
            self.sift_down(0, last, &key);
        }
        Some(usize::from(top))
    }

    fn sift_up(&mut self, mut hole: usize, cell: u16, key: &impl Fn(usize) -> u64) {
        let k = key(usize::from(cell));
        while hole > 0 {
            let parent = (hole - 1) / 2;
            let above = self.heap[parent];
            if key(usize::from(above)) <= k {
                break;
            }
            self.heap[hole] = above;
            self.place[usize::from(above)] = hole as u16;
            hole = parent;
        }
        self.heap[hole] = cell;
        self.place[usize::from(cell)] = hole as u16;
    }

    fn sift_down(&mut self, mut hole: usize, cell: u16, key: &impl Fn(usize) -> u64) {
        let k = key(usize::from(cell));
        loop {
            let left = 2 * hole + 1;
            if left >= self.len {
                break;
            }
            let right = left + 1;
            let mut child = left;
            let mut child_key = key(usize::from(self.heap[left]));
            if right < self.len {
                let right_key = key(usize::from(self.heap[right]));
                if right_key < child_key {
                    child = right;
                    child_key = right_key;
                }
            }
            if child_key >= k {
                break;
            }
            let below = self.heap[child];
            self.heap[hole] = below;
            self.place[usize::from(below)] = hole as u16;
            hole = child;
        }
        self.heap[hole] = cell;
        self.place[usize::from(cell)] = hole as u16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_come_out_in_key_order_after_decreases() {
        let mut keys = [0u64; MAP_CELLS];
        let mut f = Frontier::new();
        // Push every cell with a scrambled key, then lower some.
        for i in 0..MAP_CELLS {
            keys[i] = ((i * 7919) % 5003) as u64 * 10_000 + i as u64;
            f.push_or_decrease(i, |c| keys[c]);
        }
        assert_eq!(f.len(), MAP_CELLS);
        for i in (0..MAP_CELLS).step_by(97) {
            keys[i] = i as u64;
            f.push_or_decrease(i, |c| keys[c]);
        }
        assert_eq!(f.len(), MAP_CELLS, "a cell already in is not added again");
        let mut last = 0;
        let mut n = 0;
        while let Some(c) = f.pop(|c| keys[c]) {
            assert!(keys[c] >= last);
            last = keys[c];
            n += 1;
        }
        assert_eq!(n, MAP_CELLS);
        f.push_or_decrease(5, |c| keys[c]);
        f.clear();
        assert!(f.is_empty());
        f.push_or_decrease(5, |c| keys[c]);
        assert_eq!(f.len(), 1);
    }
}
