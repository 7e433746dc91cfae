//! A set of the map's cells as 2,304 bits (288 bytes): what is visible, what
//! is explored, what a flood fill has reached. Fixed size, no heap.

use crate::geom::Point;
use crate::map::{MAP_CELLS, MAP_W, Map};

const WORDS: usize = MAP_CELLS.div_ceil(32);

/// One bit per cell of the map, row-major like the map itself, in 32-bit
/// words (the word of the 32-bit boards): a map row is two of them.
#[derive(Clone, PartialEq, Eq)]
pub struct CellSet {
    bits: [u32; WORDS],
}

const _: () = assert!(MAP_W == 64, "a map row is two words of a CellSet");

impl Default for CellSet {
    fn default() -> CellSet {
        CellSet::new()
    }
}

impl core::fmt::Debug for CellSet {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "CellSet({} cells)", self.len())
    }
}

impl CellSet {
    /// No cells.
    pub const fn new() -> CellSet {
        CellSet { bits: [0; WORDS] }
    }

    /// Adds a cell; cells off the map are never in the set.
    #[inline]
    pub fn insert(&mut self, p: Point) {
        if Map::in_bounds(p) {
            self.insert_index(Map::index(p));
        }
    }

    /// Puts the cell of a flat index (`y * 64 + x`) in.
    #[inline]
    pub fn insert_index(&mut self, i: usize) {
        self.bits[i / 32] |= 1 << (i % 32);
    }

    /// Adds the `n` cells from index `first` on, a stretch of one map row:
    /// one mask over the row's two words. Panics when the stretch leaves
    /// its row.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "the low and the high half of a row's 64 bits: cut on purpose"
    )]
    pub fn insert_across(&mut self, first: usize, n: usize) {
        let x = first % 64;
        assert!(x + n <= 64, "a stretch across stays in its map row");
        if n > 0 {
            // 1 <= n <= 64 - x: bits x..x + n of the row's 64.
            let mask = (u64::MAX >> (64 - n)) << x;
            let w = first / 64 * 2;
            self.bits[w] |= mask as u32;
            self.bits[w + 1] |= (mask >> 32) as u32;
        }
    }

    /// Adds the `n` cells from index `first` down a map column (each
    /// `MAP_W` cells after the one before). Panics past the map's end.
    pub fn insert_down(&mut self, first: usize, n: usize) {
        if n == 0 {
            return;
        }
        // A column's cells have the same bit of every other word.
        let mask = 1 << (first % 32);
        let words = &mut self.bits[first / 32..first / 32 + 2 * n - 1];
        for word in words.iter_mut().step_by(2) {
            *word |= mask;
        }
    }

    /// Takes a cell out.
    #[inline]
    pub fn remove(&mut self, p: Point) {
        if Map::in_bounds(p) {
            let i = Map::index(p);
            self.bits[i / 32] &= !(1 << (i % 32));
        }
    }

    /// Whether a cell is in; off the map, never.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        Map::in_bounds(p) && self.contains_index(Map::index(p))
    }

    /// Whether the cell of a flat index is in.
    #[inline]
    pub fn contains_index(&self, i: usize) -> bool {
        self.bits[i / 32] & (1 << (i % 32)) != 0
    }

    /// Takes every cell out.
    pub fn clear(&mut self) {
        self.bits = [0; WORDS];
    }

    /// How many cells are in the set.
    pub fn len(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether no cell is in.
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    /// Adds every cell of `other`.
    pub fn union_with(&mut self, other: &CellSet) {
        for (a, b) in self.bits.iter_mut().zip(other.bits.iter()) {
            *a |= *b;
        }
    }

    /// Adds every cell in exactly one of `a` and `b`.
    pub fn union_with_differences(&mut self, a: &CellSet, b: &CellSet) {
        for ((s, x), y) in self.bits.iter_mut().zip(&a.bits).zip(&b.bits) {
            *s |= *x ^ *y;
        }
    }

    /// The cells' indices in the set, in row-major order, a word of 32
    /// cells skipped at once where it holds none.
    pub fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits.iter().enumerate().flat_map(|(w, &bits)| {
            let mut left = bits;
            core::iter::from_fn(move || {
                if left == 0 {
                    return None;
                }
                let bit = left.trailing_zeros() as usize;
                left &= left - 1;
                Some(w * 32 + bit)
            })
        })
    }

    /// The cells in the set, in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = Point> + '_ {
        (0..MAP_CELLS)
            .filter(|&i| self.contains_index(i))
            .map(Map::point_of)
    }
}

/// The cells reachable from `start` by 8-way steps onto cells that `can_enter`
/// allows (the start itself is always in). An explicit stack of cell
/// indices: a cell is pushed only when it first joins the set, so the stack
/// never holds more than `MAP_CELLS` entries.
pub fn flood_fill(start: Point, can_enter: impl Fn(Point) -> bool) -> CellSet {
    let mut reached = CellSet::new();
    if !Map::in_bounds(start) {
        return reached;
    }
    let mut stack: heapless::Vec<u16, MAP_CELLS> = heapless::Vec::new();
    reached.insert(start);
    push_cell(&mut stack, Map::index(start));
    while let Some(i) = stack.pop() {
        let p = Map::point_of(usize::from(i));
        for dir in crate::geom::Dir::ALL {
            let next = p.step(dir);
            if Map::in_bounds(next) && !reached.contains(next) && can_enter(next) {
                reached.insert(next);
                push_cell(&mut stack, Map::index(next));
            }
        }
    }
    reached
}

/// Pushes a cell index; each cell is pushed at most once per fill, so the
/// stack's capacity of `MAP_CELLS` is never exceeded.
#[expect(
    clippy::cast_possible_truncation,
    reason = "MAP_CELLS <= u16::MAX, asserted here"
)]
fn push_cell(stack: &mut heapless::Vec<u16, MAP_CELLS>, index: usize) {
    // MAP_CELLS is 2,304, so every index fits in a u16.
    const _: () = assert!(MAP_CELLS <= u16::MAX as usize);
    stack
        .push(index as u16)
        .expect("each cell is pushed at most once per fill");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::MAP_H;

    #[test]
    fn indices_and_differences_agree_with_contains() {
        let (mut a, mut b) = (CellSet::new(), CellSet::new());
        for i in (0..MAP_CELLS).step_by(7) {
            a.insert_index(i);
        }
        for i in (0..MAP_CELLS).step_by(5) {
            b.insert_index(i);
        }
        let listed: heapless::Vec<usize, MAP_CELLS> = a.indices().collect();
        assert_eq!(listed.len(), a.len());
        assert!(listed.iter().all(|&i| a.contains_index(i) && i % 7 == 0));
        assert!(listed.windows(2).all(|w| w[0] < w[1]), "in order");
        let mut d = CellSet::new();
        d.insert_index(1);
        d.union_with_differences(&a, &b);
        for i in 0..MAP_CELLS {
            let want = i == 1 || a.contains_index(i) != b.contains_index(i);
            assert_eq!(d.contains_index(i), want, "cell {i}");
        }
    }

    #[test]
    fn insert_contains_remove_and_count() {
        let mut s = CellSet::new();
        assert!(s.is_empty());
        for p in [Point::new(0, 0), Point::new(63, 35), Point::new(31, 17)] {
            s.insert(p);
            assert!(s.contains(p));
        }
        s.insert(Point::new(-1, 0));
        s.insert(Point::new(MAP_W, MAP_H));
        assert!(!s.contains(Point::new(-1, 0)));
        assert_eq!(s.len(), 3);
        s.remove(Point::new(31, 17));
        assert_eq!(
            s.iter().collect::<heapless::Vec<Point, 4>>(),
            [Point::new(0, 0), Point::new(63, 35)]
        );
        let mut t = CellSet::new();
        t.insert(Point::new(5, 5));
        t.union_with(&s);
        assert_eq!(t.len(), 3);
    }

    #[test]
    fn stretches_across_and_down_are_their_cells_one_by_one() {
        for (first, n) in [
            (0, 0),
            (0, 1),
            (5, 25),
            (30, 3),
            (31, 33),
            (64, 64),
            (2280, 24),
        ] {
            let mut one_by_one = CellSet::new();
            for i in first..first + n {
                one_by_one.insert_index(i);
            }
            let mut across = CellSet::new();
            across.insert_across(first, n);
            assert!(across == one_by_one, "across {first} {n}");
        }
        for (first, n) in [(0, 0), (0, 36), (63, 1), (100, 13), (2240, 1)] {
            let mut one_by_one = CellSet::new();
            for k in 0..n {
                one_by_one.insert_index(first + k * MAP_W as usize);
            }
            let mut down = CellSet::new();
            down.insert_down(first, n);
            assert!(down == one_by_one, "down {first} {n}");
            assert_eq!(down.len(), n);
        }
    }

    #[test]
    #[should_panic(expected = "stays in its map row")]
    fn a_stretch_across_that_leaves_its_row_is_refused() {
        CellSet::new().insert_across(60, 5);
    }

    #[test]
    fn flood_fill_goes_diagonally_and_stops_at_walls() {
        let map = Map::from_rows(&[
            "#######", //
            "#..####", //
            "#..####", //
            "###.###", //
            "####.##", //
            "#######", //
            "#....##",
        ])
        .unwrap();
        let reached = flood_fill(Point::new(1, 1), |p| map.is_walkable(p));
        assert_eq!(reached.len(), 6);
        assert!(reached.contains(Point::new(4, 4)));
        assert!(!reached.contains(Point::new(1, 6)));
    }

    #[test]
    fn flood_fill_of_an_open_map_fills_it_all() {
        let mut map = Map::new();
        map.fill(crate::map::Terrain::Floor);
        assert_eq!(
            flood_fill(Point::new(10, 10), |p| map.is_walkable(p)).len(),
            MAP_CELLS
        );
    }
}
