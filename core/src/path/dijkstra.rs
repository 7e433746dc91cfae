//! A Dijkstra map: every cell's cost to reach the nearest of some goals,
//! walking in eight directions. Monsters walk downhill on one toward the
//! player; the stairs go on the highest cell of one from the start.
//!
//! Dijkstra's algorithm with a binary heap of packed `u32` entries (the cost
//! above, the cell's index below, so the smallest entry is the cheapest,
//! then the lowest index). An entry is pushed only when a cell's cost
//! improves, and stale entries are skipped when they come out. The heap
//! holds at most `MAP_CELLS` entries: when it is full, the stale entries are
//! dropped first, which leaves at most one entry per cell still waiting.

use super::DIAGONAL_EXTRA;
use crate::geom::{Dir, Point};
use crate::map::{MAP_CELLS, Map, Terrain};

/// The cost of a cell no goal can reach.
pub const UNREACHED: u32 = u32::MAX;

/// Bits of a heap entry that hold the cell's index (2,304 < 4,096).
const INDEX_BITS: u32 = 12;
const _: () = assert!(MAP_CELLS <= 1 << INDEX_BITS);
/// The dearest way has at most `MAP_CELLS - 1` steps of at most
/// `DOOR_STEPS * STEP + DIAGONAL_EXTRA` = 201 each: 462,903, which needs 19
/// bits, and 19 + 12 fit in a `u32`.
const MAX_COST: u32 = (MAP_CELLS as u32 - 1) * 201;
const _: () = assert!(MAX_COST < 1 << (32 - INDEX_BITS));

/// Every cell's cost from the nearest goal, `UNREACHED` where none reaches.
#[derive(Clone)]
pub struct DijkstraMap {
    cost: [u32; MAP_CELLS],
}

impl Default for DijkstraMap {
    fn default() -> DijkstraMap {
        DijkstraMap::new()
    }
}

impl DijkstraMap {
    pub const fn new() -> DijkstraMap {
        DijkstraMap {
            cost: [UNREACHED; MAP_CELLS],
        }
    }

    /// Works out every cell's cost from the nearest goal. `step_cost` says
    /// what stepping onto a terrain costs, or `None` where no step can go
    /// (see `path::book_cost`); a diagonal step costs `DIAGONAL_EXTRA` more.
    /// Goals off the map are ignored.
    pub fn compute(
        &mut self,
        map: &Map,
        goals: &[Point],
        step_cost: impl Fn(Terrain) -> Option<u32>,
    ) {
        self.cost = [UNREACHED; MAP_CELLS];
        let mut heap = Heap::new();
        for &goal in goals {
            if Map::in_bounds(goal) {
                let i = Map::index(goal);
                if self.cost[i] != 0 {
                    self.cost[i] = 0;
                    heap.push(0, i, &self.cost);
                }
            }
        }
        while let Some((cost, i)) = heap.pop() {
            if cost != self.cost[i] {
                continue; // a stale entry: the cell was reached cheaper since
            }
            let here = Map::point_of(i);
            for dir in Dir::ALL {
                let next = here.step(dir);
                if !Map::in_bounds(next) {
                    continue;
                }
                let Some(mut step) = step_cost(map.at(next)) else {
                    continue;
                };
                if dir.is_diagonal() {
                    step += DIAGONAL_EXTRA;
                }
                let j = Map::index(next);
                let new_cost = cost + step;
                if new_cost < self.cost[j] {
                    self.cost[j] = new_cost;
                    heap.push(new_cost, j, &self.cost);
                }
            }
        }
    }

    /// The cost at a cell; off the map is `UNREACHED`.
    pub fn at(&self, p: Point) -> u32 {
        if Map::in_bounds(p) {
            self.cost[Map::index(p)]
        } else {
            UNREACHED
        }
    }

    /// The neighbour of `from` with the lowest cost, if it is lower than
    /// `from`'s own: the way downhill. Of neighbours as low as each other, a
    /// straight step beats a diagonal one, so walkers go straight where they
    /// can.
    pub fn step_down(&self, from: Point) -> Option<Dir> {
        let mut best: Option<Dir> = None;
        let mut best_cost = self.at(from);
        for dir in Dir::ALL {
            let c = self.at(from.step(dir));
            if c < best_cost {
                best = Some(dir);
                best_cost = c;
            }
        }
        best
    }

    /// The first cell, row by row, with the strictly greatest cost among the
    /// cells `keep` allows, or `None` when none of them is reached.
    pub fn highest(&self, keep: impl Fn(usize) -> bool) -> Option<Point> {
        let mut best: Option<(usize, u32)> = None;
        for (i, &c) in self.cost.iter().enumerate() {
            if c != UNREACHED && keep(i) && best.is_none_or(|(_, b)| c > b) {
                best = Some((i, c));
            }
        }
        best.map(|(i, _)| Map::point_of(i))
    }
}

/// A min-heap of packed entries, `cost << INDEX_BITS | index`, in a fixed
/// array of `MAP_CELLS`.
struct Heap {
    entries: [u32; MAP_CELLS],
    len: usize,
}

impl Heap {
    fn new() -> Heap {
        Heap {
            entries: [0; MAP_CELLS],
            len: 0,
        }
    }

    /// Adds a cell at a cost; `costs` are the map's current costs, to tell
    /// the stale entries when the heap must be compacted. A cell's cost is
    /// set before its entry is pushed, so after compaction every entry left
    /// is a different cell's, and this one has room.
    fn push(&mut self, cost: u32, index: usize, costs: &[u32; MAP_CELLS]) {
        if self.len == MAP_CELLS {
            self.drop_stale(costs);
        }
        // Compaction leaves one entry per waiting cell, and this cell's old
        // entry (if any) was stale, so at most MAP_CELLS - 1 remain.
        debug_assert!(self.len < MAP_CELLS);
        let mut hole = self.len;
        let entry = (cost << INDEX_BITS) | index as u32;
        self.len += 1;
        while hole > 0 {
            let parent = (hole - 1) / 2;
            if self.entries[parent] <= entry {
                break;
            }
            self.entries[hole] = self.entries[parent];
            hole = parent;
        }
        self.entries[hole] = entry;
    }

    /// Takes out the cheapest entry: its cost and cell index.
    fn pop(&mut self) -> Option<(u32, usize)> {
        if self.len == 0 {
            return None;
        }
        let top = self.entries[0];
        self.len -= 1;
        if self.len > 0 {
            let last = self.entries[self.len];
            self.sift_down(0, last);
        }
        Some((top >> INDEX_BITS, (top & ((1 << INDEX_BITS) - 1)) as usize))
    }

    fn sift_down(&mut self, mut hole: usize, entry: u32) {
        loop {
            let left = 2 * hole + 1;
            if left >= self.len {
                break;
            }
            let right = left + 1;
            let child = if right < self.len && self.entries[right] < self.entries[left] {
                right
            } else {
                left
            };
            if self.entries[child] >= entry {
                break;
            }
            self.entries[hole] = self.entries[child];
            hole = child;
        }
        self.entries[hole] = entry;
    }

    /// Keeps only the entries whose cost is still their cell's cost, then
    /// makes the array a heap again.
    fn drop_stale(&mut self, costs: &[u32; MAP_CELLS]) {
        let mut kept = 0;
        for k in 0..self.len {
            let e = self.entries[k];
            let i = (e & ((1 << INDEX_BITS) - 1)) as usize;
            if e >> INDEX_BITS == costs[i] {
                self.entries[kept] = e;
                kept += 1;
            }
        }
        self.len = kept;
        for k in (0..kept / 2).rev() {
            let e = self.entries[k];
            self.sift_down(k, e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::book_cost;

    #[test]
    fn costs_count_hundredths_and_doors() {
        let map = Map::from_rows(&[
            "#######", //
            "#.....#", //
            "#.....#", //
            "###+###", //
            "#.....#", //
            "#######",
        ])
        .unwrap();
        let mut d = DijkstraMap::new();
        d.compute(&map, &[Point::new(1, 1)], book_cost);
        assert_eq!(d.at(Point::new(1, 1)), 0);
        assert_eq!(d.at(Point::new(5, 1)), 400);
        assert_eq!(d.at(Point::new(2, 2)), 101);
        assert_eq!(d.at(Point::new(5, 2)), 401);
        // The door: (1,1) to (2,2) diagonal 101, then onto the door diagonal
        // 201 = 302; then down to (3,4) 100 = 402.
        assert_eq!(d.at(Point::new(3, 3)), 302);
        assert_eq!(d.at(Point::new(3, 4)), 402);
        assert_eq!(d.at(Point::new(0, 0)), UNREACHED);
        assert_eq!(d.at(Point::new(-1, 3)), UNREACHED);
    }

    #[test]
    fn step_down_prefers_straight_steps_and_never_climbs() {
        let mut map = Map::new();
        map.carve(crate::geom::Rect::new(1, 1, 9, 9));
        let mut d = DijkstraMap::new();
        d.compute(&map, &[Point::new(5, 5)], book_cost);
        assert_eq!(d.step_down(Point::new(5, 2)), Some(Dir::S));
        assert_eq!(d.step_down(Point::new(2, 2)), Some(Dir::SE));
        assert_eq!(d.step_down(Point::new(5, 5)), None);
        for y in 1..10 {
            for x in 1..10 {
                let p = Point::new(x, y);
                if let Some(dir) = d.step_down(p) {
                    assert!(d.at(p.step(dir)) < d.at(p));
                }
            }
        }
    }

    #[test]
    fn a_full_open_map_never_overflows_the_heap() {
        let mut map = Map::new();
        map.fill(Terrain::Floor);
        let mut d = DijkstraMap::new();
        d.compute(&map, &[Point::new(0, 0), Point::new(63, 35)], book_cost);
        // On an open map the cost is the octile distance to the nearer goal.
        let octile = |p: Point, g: Point| {
            let (dx, dy) = ((p.x - g.x).unsigned_abs(), (p.y - g.y).unsigned_abs());
            dx.max(dy) * 100 + dx.min(dy)
        };
        let mut highest = (Point::new(0, 0), 0);
        for i in 0..MAP_CELLS {
            let p = Map::point_of(i);
            let want = octile(p, Point::new(0, 0)).min(octile(p, Point::new(63, 35)));
            assert_eq!(d.at(p), want, "{p:?}");
            if want > highest.1 {
                highest = (p, want);
            }
        }
        assert_eq!(d.highest(|_| true), Some(highest.0));
    }

    #[test]
    fn a_full_heap_drops_its_stale_entries_and_keeps_order() {
        let mut costs = [UNREACHED; MAP_CELLS];
        let mut heap = Heap::new();
        // Cell 7 improves 3,000 times: every entry but the last goes stale,
        // and the heap fills and is compacted on the way.
        for k in 0..3000u32 {
            costs[7] = 10_000 - k;
            heap.push(costs[7], 7, &costs);
        }
        for i in [3usize, 9, 1] {
            costs[i] = 500;
            heap.push(500, i, &costs);
        }
        assert!(heap.len < MAP_CELLS);
        let mut live = heapless::Vec::<(u32, usize), 8>::new();
        while let Some((c, i)) = heap.pop() {
            if costs[i] == c {
                live.push((c, i)).unwrap();
            }
        }
        assert_eq!(live.as_slice(), [(500, 1), (500, 3), (500, 9), (7001, 7)]);
    }
}
