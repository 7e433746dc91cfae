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
use super::{DIAGONAL_EXTRA, STEP};
use crate::geom::{Dir, Point};
use crate::map::{MAP_CELLS, MAP_H, MAP_W, Map, Terrain};

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

// Each cell keeps its place in the queue's order as one u32: the whole
// way's guess (cost so far + `least_cost`) above, the crow's distance below.
// The guess stays under 2^19 (462,903 at most for a cost, 6,335 for the
// guess), the crow's distance under 2^13 (63^2 + 35^2 = 5,194): 32 bits. The
// heap compares (that, index) packed in a u64.
const CROW_BITS: u32 = 13;
const INDEX_BITS: u32 = 12;
const _: () = assert!(63 * 63 + 35 * 35 < 1 << CROW_BITS);
const _: () =
    assert!(super::dijkstra::MAX_COST + 63 * STEP + 35 * DIAGONAL_EXTRA < 1 << (32 - CROW_BITS));
const _: () = assert!(MAP_CELLS <= 1 << INDEX_BITS);
/// The key of a cell not reached yet: its guess is above every real one.
const UNSEEN: u32 = u32::MAX;

/// For each direction of `Dir::ALL`: its step, its step in cell indices,
/// and what it adds for being diagonal.
const DELTAS: [(i32, i32); 8] = {
    let mut d = [(0, 0); 8];
    let mut k = 0;
    while k < 8 {
        d[k] = Dir::ALL[k].delta();
        k += 1;
    }
    d
};
const NEIGHBOURS: [isize; 8] = {
    let mut o = [0; 8];
    let mut k = 0;
    while k < 8 {
        o[k] = (DELTAS[k].1 * MAP_W + DELTAS[k].0) as isize;
        k += 1;
    }
    o
};
const DIAGONAL: [u32; 8] = {
    let mut d = [0; 8];
    let mut k = 0;
    while k < 8 {
        if Dir::ALL[k].is_diagonal() {
            d[k] = DIAGONAL_EXTRA;
        }
        k += 1;
    }
    d
};
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
            super::DOOR_STEPS * STEP
        } else {
            0
        };
        k += 1;
    }
    t
};

/// A* and the room it searches in: 20,768 bytes, reused from search to
/// search. After `find_path`, `path` walks the way found.
#[derive(Clone)]
pub struct AStar {
    /// Each cell's (guess << CROW_BITS | crow's distance), `UNSEEN` if not
    /// reached; the cost so far is the guess less `least_cost`.
    key: [u32; MAP_CELLS],
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
            key: [UNSEEN; MAP_CELLS],
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
        self.key = [UNSEEN; MAP_CELLS];
        self.frontier.clear();
        let goal = Map::index(to);
        let start = Map::index(from);
        self.key[start] = (least_cost(from, to) << CROW_BITS) | crow_flies(from, to);
        let order = |key: &[u32; MAP_CELLS], c: usize| (u64::from(key[c]) << INDEX_BITS) | c as u64;
        let key = &self.key;
        self.frontier.push_or_decrease(start, |c| order(key, c));
        let cells = map.cells();
        loop {
            let key = &self.key;
            let Some(i) = self.frontier.pop(|c| order(key, c)) else {
                break;
            };
            if i == goal {
                break;
            }
            let (x, y) = ((i % MAP_W as usize) as i32, (i / MAP_W as usize) as i32);
            let cost_here = (self.key[i] >> CROW_BITS) - least_cost(Point::new(x, y), to);
            let inside = x > 0 && y > 0 && x < MAP_W - 1 && y < MAP_H - 1;
            for (k, &offset) in NEIGHBOURS.iter().enumerate() {
                let (dx, dy) = DELTAS[k];
                let next = Point::new(x + dx, y + dy);
                if !inside && !Map::in_bounds(next) {
                    continue;
                }
                // Inside the edge, every neighbour is on the map.
                let j = i.wrapping_add_signed(offset);
                let step = STEP_ONTO[usize::from(cells[j].discriminant()) & 7];
                if step == 0 {
                    continue;
                }
                // A cheaper way has a lower guess, the cell's own guess
                // being the same either way.
                let guess = cost_here + step + DIAGONAL[k] + least_cost(next, to);
                if guess < self.key[j] >> CROW_BITS {
                    self.key[j] = (guess << CROW_BITS) | crow_flies(next, to);
                    self.link[j] = k as u8;
                    let key = &self.key;
                    self.frontier.push_or_decrease(j, |c| order(key, c));
                }
            }
        }
        if self.key[goal] == UNSEEN {
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
        // At the goal the guess of what is left is 0: the key is the cost.
        (self.steps > 0).then(|| self.key[Map::index(self.to)] >> CROW_BITS)
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
                STEP_ONTO[usize::from(t.discriminant())],
                super::super::book_cost(t).unwrap_or(0)
            );
        }
        for (k, dir) in Dir::ALL.iter().enumerate() {
            assert_eq!(DELTAS[k], dir.delta());
            assert_eq!(DIAGONAL[k] == DIAGONAL_EXTRA, dir.is_diagonal());
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
