//! A Dijkstra map: every cell's cost to reach the nearest of some goals,
//! walking in eight directions. Monsters walk downhill on one toward the
//! player; the stairs go on the highest cell of one from the start.
//!
//! Dijkstra's algorithm on a `Frontier` (a heap of cells with
//! decrease-key), the cheapest cell first and the lowest index on a tie.

use super::DIAGONAL_EXTRA;
use super::frontier::Frontier;
use crate::geom::{Dir, Point};
use crate::map::{MAP_CELLS, Map, Terrain};

/// The cost of a cell no goal can reach.
pub const UNREACHED: u32 = u32::MAX;

/// Bits of a key that hold the cell's index (2,304 < 4,096).
pub(crate) const INDEX_BITS: u32 = 12;
const _: () = assert!(MAP_CELLS <= 1 << INDEX_BITS);
/// The dearest way has at most `MAP_CELLS - 1` steps of at most
/// `DOOR_STEPS * STEP + DIAGONAL_EXTRA` = 201 each: 462,903, under 2^19, so
/// costs never overflow a `u32` and keys fit a `u64` with room to spare.
pub const MAX_COST: u32 = (MAP_CELLS as u32 - 1) * 201;
const _: () = assert!(MAX_COST < 1 << 19);

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
    /// Goals off the map are ignored. The search's heap lives on the stack
    /// for the call; `compute_with` takes one to reuse.
    pub fn compute(
        &mut self,
        map: &Map,
        goals: &[Point],
        step_cost: impl Fn(Terrain) -> Option<u32>,
    ) {
        self.compute_with(&mut Frontier::new(), map, goals, step_cost);
    }

    /// `compute`, with a heap the caller keeps.
    pub fn compute_with(
        &mut self,
        frontier: &mut Frontier,
        map: &Map,
        goals: &[Point],
        step_cost: impl Fn(Terrain) -> Option<u32>,
    ) {
        self.cost = [UNREACHED; MAP_CELLS];
        frontier.clear();
        for &goal in goals {
            if Map::in_bounds(goal) {
                let i = Map::index(goal);
                self.cost[i] = 0;
                let cost = &self.cost;
                frontier.push_or_decrease(i, |c| key(cost, c));
            }
        }
        loop {
            let cost = &self.cost;
            let Some(i) = frontier.pop(|c| key(cost, c)) else {
                break;
            };
            let here = Map::point_of(i);
            let base = self.cost[i];
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
                let new_cost = base + step;
                if new_cost < self.cost[j] {
                    self.cost[j] = new_cost;
                    let cost = &self.cost;
                    frontier.push_or_decrease(j, |c| key(cost, c));
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

/// The order cells leave the heap: the cheapest, then the lowest index.
fn key(cost: &[u32; MAP_CELLS], cell: usize) -> u64 {
    (u64::from(cost[cell]) << INDEX_BITS) | cell as u64
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
}
