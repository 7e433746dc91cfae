//! A set of the map's cells as 2,304 bits (288 bytes): what is visible, what
//! is explored, what a flood fill has reached. Fixed size, no heap.

use crate::geom::Point;
use crate::map::{MAP_CELLS, Map};

const WORDS: usize = MAP_CELLS.div_ceil(32);

/// One bit per cell of the map, row-major like the map itself.
#[derive(Clone, PartialEq, Eq)]
pub struct CellSet {
    bits: [u32; WORDS],
}

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
    pub const fn new() -> CellSet {
        CellSet { bits: [0; WORDS] }
    }

    /// Adds a cell; cells off the map are never in the set.
    pub fn insert(&mut self, p: Point) {
        if Map::in_bounds(p) {
            self.insert_index(Map::index(p));
        }
    }

    pub fn insert_index(&mut self, i: usize) {
        self.bits[i / 32] |= 1 << (i % 32);
    }

    pub fn remove(&mut self, p: Point) {
        if Map::in_bounds(p) {
            let i = Map::index(p);
            self.bits[i / 32] &= !(1 << (i % 32));
        }
    }

    pub fn contains(&self, p: Point) -> bool {
        Map::in_bounds(p) && self.contains_index(Map::index(p))
    }

    pub fn contains_index(&self, i: usize) -> bool {
        self.bits[i / 32] & (1 << (i % 32)) != 0
    }

    pub fn clear(&mut self) {
        self.bits = [0; WORDS];
    }

    /// How many cells are in the set.
    pub fn len(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    /// Adds every cell of `other`.
    pub fn union_with(&mut self, other: &CellSet) {
        for (a, b) in self.bits.iter_mut().zip(other.bits.iter()) {
            *a |= *b;
        }
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
    use crate::map::{MAP_H, MAP_W};

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
