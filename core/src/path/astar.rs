//! A*, exactly as the book's chapter 23 writes `findPath`: Dijkstra's
//! algorithm with its queue ordered by the cost so far plus a guess that is
//! never too much (`least_cost`), ties going to the cell nearer the goal as
//! the crow flies, then to the lower index. It stops when the goal comes
//! out. Costs are the book's hundredths (a step 100, a diagonal 101, onto a
//! closed door `DOOR_STEPS` steps).
//!
//! The open set is a `Frontier` (a heap with decrease-key, each cell in it
//! at most once), where the book's priority queue keeps stale entries and
//! skips them: with a guess that never drops by more than a step costs, a
//! cell's cheapest entry is the one that counts in both, so the cells come
//! out in the same order and the same way is found, cell for cell (a test
//! compares the two on 10,000 pairs of cells). The way is kept as each
//! cell's step in one byte and turned around in place at the end, so a way
//! of any length needs no more room.

use super::frontier::Frontier;
use super::{DIAGONAL_EXTRA, STEP, book_cost};
use crate::geom::{Dir, Point};
use crate::map::{MAP_CELLS, Map};

use super::dijkstra::UNREACHED;

/// Marks the end of the way in `link`.
const END: u8 = 8;

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

// A key packs (cost so far + guess, crow's distance, index): the guess part
// stays under 2^20 (462,903 at most for the cost, 6,335 for the guess), the
// crow's distance under 2^13 (63^2 + 35^2 = 5,194), and the index under 2^12.
const CROW_BITS: u32 = 13;
const INDEX_BITS: u32 = 12;
const _: () = assert!(63 * 63 + 35 * 35 < 1 << CROW_BITS);
const _: () = assert!(MAP_CELLS <= 1 << INDEX_BITS);

/// A* and the room it searches in: 20,736 bytes, reused from search to
/// search. After `find_path`, `path` walks the way found.
#[derive(Clone)]
pub struct AStar {
    cost: [u32; MAP_CELLS],
    /// While searching, the step (`Dir` index) that reached each cell by its
    /// cheapest way so far; after, along the way, the step to the next cell.
    link: [u8; MAP_CELLS],
    frontier: Frontier,
    from: Point,
    to: Point,
    steps: usize,
}

impl Default for AStar {
    fn default() -> AStar {
        AStar::new()
    }
}

impl AStar {
    pub const fn new() -> AStar {
        AStar {
            cost: [UNREACHED; MAP_CELLS],
            link: [END; MAP_CELLS],
            frontier: Frontier::new(),
            from: Point::new(0, 0),
            to: Point::new(0, 0),
            steps: 0,
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
        self.cost = [UNREACHED; MAP_CELLS];
        self.frontier.clear();
        let goal = Map::index(to);
        let start = Map::index(from);
        self.cost[start] = 0;
        let key = |cost: &[u32; MAP_CELLS], c: usize| {
            let p = Map::point_of(c);
            let f = u64::from(cost[c] + least_cost(p, to));
            (f << (CROW_BITS + INDEX_BITS))
                | (u64::from(crow_flies(p, to)) << INDEX_BITS)
                | c as u64
        };
        let cost = &self.cost;
        self.frontier.push_or_decrease(start, |c| key(cost, c));
        loop {
            let cost = &self.cost;
            let Some(i) = self.frontier.pop(|c| key(cost, c)) else {
                break;
            };
            if i == goal {
                break;
            }
            let here = Map::point_of(i);
            for dir in Dir::ALL {
                let next = here.step(dir);
                if !Map::in_bounds(next) {
                    continue;
                }
                let Some(mut step) = book_cost(map.at(next)) else {
                    continue;
                };
                if dir.is_diagonal() {
                    step += DIAGONAL_EXTRA;
                }
                let j = Map::index(next);
                let next_cost = self.cost[i] + step;
                if next_cost < self.cost[j] {
                    self.cost[j] = next_cost;
                    self.link[j] = dir.index();
                    let cost = &self.cost;
                    self.frontier.push_or_decrease(j, |c| key(cost, c));
                }
            }
        }
        if self.cost[goal] == UNREACHED {
            return 0;
        }
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

    /// How many steps the way found last has (0 for none).
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// The cost of the way found last, in hundredths of a step, or `None`.
    pub fn cost(&self) -> Option<u32> {
        (self.steps > 0).then(|| self.cost[Map::index(self.to)])
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
