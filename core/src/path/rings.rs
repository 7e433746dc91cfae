//! Lists of cells threaded through two arrays, for the open set of the
//! Dijkstra map's buckets (a cell moves to a cheaper bucket when a cheaper
//! way to it is found, so it must come off its list wherever it is). Places 0 to `MAP_CELLS - 1` are the cells,
//! the places after them the lists' heads; every list is a ring through its
//! own head, so an empty list is its head alone and a cell on no list is a
//! ring of its own. Putting a cell on a list and taking it off are then the
//! same few writes wherever it is, with no tests: taking off a cell that is
//! on no list changes nothing. Each cell is on at most one list, so no list
//! can overflow.

use crate::map::MAP_CELLS;

/// `LINKS` places: `MAP_CELLS` cells and `LINKS - MAP_CELLS` heads.
#[derive(Clone)]
pub struct Rings<const LINKS: usize> {
    next: [u16; LINKS],
    prev: [u16; LINKS],
}

impl<const LINKS: usize> Default for Rings<LINKS> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const LINKS: usize> Rings<LINKS> {
    /// Every place linked to itself: no cell on a list, every list empty.
    const ALONE: [u16; LINKS] = {
        assert!(LINKS > MAP_CELLS && LINKS <= u16::MAX as usize);
        let mut links = [0; LINKS];
        let mut k = 0;
        while k < LINKS {
            links[k] = k as u16;
            k += 1;
        }
        links
    };

    pub const fn new() -> Self {
        Rings {
            next: Self::ALONE,
            prev: Self::ALONE,
        }
    }

    /// The head of list `k`.
    pub const fn head(k: usize) -> usize {
        MAP_CELLS + k
    }

    /// Empties every list.
    pub fn clear(&mut self) {
        self.next = Self::ALONE;
        self.prev = Self::ALONE;
    }

    /// The place after `place` on its ring (a list's first cell, from its
    /// head; the head again at the end).
    #[inline(always)]
    pub fn next(&self, place: usize) -> usize {
        usize::from(self.next[place])
    }

    /// Puts `cell` first on the list of `head`.
    #[inline(always)]
    pub fn push_front(&mut self, cell: usize, head: usize) {
        let after = self.next(head);
        self.next[cell] = after as u16;
        self.prev[cell] = head as u16;
        self.next[head] = cell as u16;
        self.prev[after] = cell as u16;
    }

    /// Takes a cell off its list, leaving it a ring of its own.
    #[inline(always)]
    pub fn unlink(&mut self, place: usize) {
        let (before, after) = (self.prev[place], self.next[place]);
        self.next[usize::from(before)] = after;
        self.prev[usize::from(after)] = before;
        self.next[place] = place as u16;
        self.prev[place] = place as u16;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_go_on_and_off_lists_and_alone_cells_stay_alone() {
        let mut r: Rings<{ MAP_CELLS + 2 }> = Rings::new();
        let (a, b) = (
            Rings::<{ MAP_CELLS + 2 }>::head(0),
            Rings::<{ MAP_CELLS + 2 }>::head(1),
        );
        assert_eq!(r.next(a), a);
        r.push_front(5, a);
        r.push_front(9, a);
        r.push_front(7, b);
        assert_eq!((r.next(a), r.next(9), r.next(5)), (9, 5, a));
        r.unlink(9);
        assert_eq!((r.next(a), r.next(5), r.next(9)), (5, a, 9));
        // Off no list: nothing changes.
        r.unlink(100);
        assert_eq!((r.next(a), r.next(b), r.next(7)), (5, 7, b));
        r.unlink(5);
        assert_eq!(r.next(a), a);
        r.push_front(3, a);
        r.clear();
        assert_eq!(r.next(a), a);
        assert_eq!(r.next(b), b);
    }
}
