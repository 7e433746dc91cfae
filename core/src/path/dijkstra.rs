//! A Dijkstra map: every cell's cost to reach the nearest of some goals,
//! walking in eight directions. Monsters walk downhill on one toward the
//! player; the stairs go on the highest cell of one from the start.
//!
//! Dijkstra's algorithm on `Buckets` one step wide: every step costs at
//! least a step, so the cells of the lowest bucket are final and come out
//! in any order. No heap, no stale entries.

use super::DIAGONAL_EXTRA;
use super::buckets::{Buckets, MAX_STEP};
use crate::geom::{Dir, Point};
use crate::map::{MAP_CELLS, MAP_H, MAP_W, Map, Terrain};

/// The cost of a cell no goal can reach.
pub const UNREACHED: u32 = u32::MAX;
/// While a map is worked out, both the cost of a cell no step can go onto
/// and the cost of a step onto it: any way onto it, at least `NO_STEP`,
/// is never less than its cost, so it is never reached (and a goal on one
/// still reaches its neighbours). Above every real cost, and no sum
/// overflows: `MAX_COST + NO_STEP + DIAGONAL_EXTRA < UNREACHED`.
const NO_STEP: u32 = 1 << 31;
const _: () = assert!(MAX_COST < NO_STEP && MAX_COST as u64 + NO_STEP as u64 + 1 < UNREACHED as u64);

/// The dearest way has at most `MAP_CELLS - 1` steps of at most
/// `DOOR_STEPS * STEP + DIAGONAL_EXTRA` = 201 each: 462,903, under 2^19, so
/// costs never overflow a `u32` and keys fit a `u64` with room to spare.
pub const MAX_COST: u32 = (MAP_CELLS as u32 - 1) * 201;
const _: () = assert!(MAX_COST < 1 << 19);

/// What each step of `Dir::ALL` adds for being diagonal.
const DIAGONAL: [u32; 8] = [
    0,
    0,
    0,
    0,
    DIAGONAL_EXTRA,
    DIAGONAL_EXTRA,
    DIAGONAL_EXTRA,
    DIAGONAL_EXTRA,
];
const _: () = assert!(!Dir::ALL[3].is_diagonal() && Dir::ALL[4].is_diagonal());

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
    /// Every step must cost from `STEP` to `buckets::MAX_STEP`. Goals off
    /// the map are ignored. The search's buckets live on the stack for the
    /// call; `compute_with` takes some to reuse.
    pub fn compute(
        &mut self,
        map: &Map,
        goals: &[Point],
        step_cost: impl Fn(Terrain) -> Option<u32>,
    ) {
        self.compute_with(&mut Buckets::new(), map, goals, step_cost);
    }

    /// `compute`, with buckets the caller keeps.
    pub fn compute_with(
        &mut self,
        open: &mut Buckets,
        map: &Map,
        goals: &[Point],
        step_cost: impl Fn(Terrain) -> Option<u32>,
    ) {
        self.compute_from(open, map, goals.iter().copied(), step_cost);
    }

    /// `compute_with`, the goals from any list (explore's edge can be most
    /// of the map, and is never gathered into an array).
    pub fn compute_from(
        &mut self,
        open: &mut Buckets,
        map: &Map,
        goals: impl IntoIterator<Item = Point>,
        step_cost: impl Fn(Terrain) -> Option<u32>,
    ) {
        // What a step onto each kind of terrain costs, looked up once;
        // `NO_STEP` where no step can go.
        let mut table = [NO_STEP; 8];
        for t in Terrain::ALL {
            let step = step_cost(t);
            debug_assert!(step.is_none_or(|s| (super::STEP..MAX_STEP).contains(&s)));
            table[usize::from(t.discriminant())] = step.unwrap_or(NO_STEP);
        }
        let cells = map.cells();
        // A cell no step can go onto starts at `NO_STEP`, which no way onto
        // it is less than, so the neighbour loop needs no test of its own
        // for walls; the end turns it into `UNREACHED`.
        for (cost, &terrain) in self.cost.iter_mut().zip(cells) {
            *cost = if table[usize::from(terrain.discriminant()) & 7] == NO_STEP {
                NO_STEP
            } else {
                UNREACHED
            };
        }
        open.clear();
        for goal in goals {
            if Map::in_bounds(goal) {
                let i = Map::index(goal);
                if self.cost[i] != 0 {
                    self.cost[i] = 0;
                    open.put(i, 0, true);
                }
            }
        }
        while let Some(i) = open.take() {
            let base = self.cost[i];
            let (x, y) = (i % MAP_W as usize, i / MAP_W as usize);
            if x > 0 && y > 0 && x < MAP_W as usize - 1 && y < MAP_H as usize - 1 {
                // Inside the edge, every neighbour is on the map: the eight
                // steps written out (their order does not matter here).
                const W: usize = MAP_W as usize;
                let relax = |this: &mut Self, open: &mut Buckets, j: usize, extra: u32| {
                    let new_cost = base + table[usize::from(cells[j].discriminant()) & 7] + extra;
                    let old = this.cost[j];
                    if new_cost < old {
                        this.cost[j] = new_cost;
                        open.put(j, new_cost, old == UNREACHED);
                    }
                };
                relax(self, open, i - W, 0);
                relax(self, open, i + 1, 0);
                relax(self, open, i + W, 0);
                relax(self, open, i - 1, 0);
                relax(self, open, i - W + 1, DIAGONAL_EXTRA);
                relax(self, open, i + W + 1, DIAGONAL_EXTRA);
                relax(self, open, i + W - 1, DIAGONAL_EXTRA);
                relax(self, open, i - W - 1, DIAGONAL_EXTRA);
            } else {
                let p = Map::point_of(i);
                for (k, dir) in Dir::ALL.into_iter().enumerate() {
                    let next = p.step(dir);
                    if !Map::in_bounds(next) {
                        continue;
                    }
                    let j = Map::index(next);
                    let new_cost = base + table[usize::from(cells[j].discriminant()) & 7] + DIAGONAL[k];
                    let old = self.cost[j];
                    if new_cost < old {
                        self.cost[j] = new_cost;
                        open.put(j, new_cost, old == UNREACHED);
                    }
                }
            }
        }
        for cost in &mut self.cost {
            if *cost == NO_STEP {
                *cost = UNREACHED;
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
