//! A*, exactly as the book's chapter 23 writes `findPath` (docs/rules.md,
//! "Ways across the map"): Dijkstra's algorithm with the open set ordered
//! by the cost so far plus the guess (A*'s heuristic h, `least_cost`:
//! never too much), ties going to the cell nearer the goal as the crow
//! flies, then to the lower index. It stops when the goal comes out (is
//! taken from the open set), and the way is followed back from the goal
//! through the cell each cell was first reached from at its cheapest cost.
//! Costs are the book's hundredths (a step 100, a diagonal 101, onto a
//! closed door `DOOR_STEPS` steps).
//!
//! The same way, cell for cell (a test compares the two on 10,000 pairs of
//! cells), is found here with much less work, in three tries:
//!
//! 1. `straight_shot`: while the search keeps its first guess it is a
//!    depth-first walk toward the goal; if that walk reaches the goal, it
//!    is the whole search, with a small stack and no map.
//! 2. `only_way`: a Dijkstra map from the goal (`DijkstraMap::toward`) says
//!    which steps are on a cheapest way. Walking down it from the start,
//!    where every cell has just one such step, there is just one cheapest
//!    way, so it is the book's (a corridor, a maze).
//! 3. `search_corridor`: the book's search on the corridor alone (the
//!    cells on some cheapest way), which takes the corridor's cells out in
//!    the book's order and so finds the book's way. On a floor of rooms a
//!    search from the start to the stairs takes about 110 cells out where
//!    the book's takes about 600.
//!
//! Why each gives the book's way: docs/paths.md. The open set, a ring of
//! buckets by whole guess kept in the book's order of ties, is
//! `path::open`. The way is kept as each cell's step in one byte and turned
//! around in place at the end.

use super::NOT_YET;
use super::dijkstra::DijkstraMap;
use super::open::{Goal, Open};
pub use super::open::{crow_flies, least_cost};
use super::{DIAGONAL, DIAGONAL_EXTRA, DOOR_STEPS, STEP};
use crate::geom::{Dir, Point};
use crate::map::{MAP_CELLS, MAP_H, MAP_W, Map, Terrain};

/// What each step of [`Dir::ALL`] adds to a cell's index.
const OFFSETS: [isize; 8] = {
    let mut offsets = [0; 8];
    let mut k = 0;
    while k < 8 {
        let (dx, dy) = Dir::ALL[k].delta();
        offsets[k] = (dy * MAP_W + dx) as isize;
        k += 1;
    }
    offsets
};

/// Marks the end of the way in `link`.
const END: u8 = 8;
/// Marks a corridor cell already reached in the Dijkstra map's costs: above
/// every cost and `NOT_YET`, so no step's test passes for it again.
const REACHED: u32 = 1 << 31;
const _: () = assert!(NOT_YET < REACHED && (NOT_YET as u64) * 2 <= REACHED as u64);

/// The room a search takes on the stack besides the [`AStar`] itself, in
/// bytes, at its most: the Dijkstra map from the goal, and either what
/// working it out takes (`dijkstra::LAYERS_SCRATCH` and the lists': the
/// book's steps are one or two whole steps, so the layers always do) or
/// the open set of the corridor, each in a frame of its own. (The straight
/// shot's 544 bytes come and go before any of them.)
pub const SEARCH_SCRATCH: usize = size_of::<DijkstraMap>()
    + max(
        super::dijkstra::LAYERS_SCRATCH + super::dijkstra::LISTS_SCRATCH,
        size_of::<Open>(),
    );

const fn max(a: usize, b: usize) -> usize {
    if a > b { a } else { b }
}

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
            DOOR_STEPS * STEP
        } else {
            0
        };
        k += 1;
    }
    t
};

/// The least a step from the start and the rest of the way after it cost,
/// by `down` (the costs from the goal; the start's own is not worked out),
/// less the step onto the goal; `None` when no neighbour is reached.
fn leave_start(down: &[u32; MAP_CELLS], from: Point) -> Option<u32> {
    let mut leave = NOT_YET;
    for (k, dir) in Dir::ALL.into_iter().enumerate() {
        let next = from.step(dir);
        if Map::in_bounds(next) {
            leave = leave.min(down[Map::index(next)] + DIAGONAL[k]);
        }
    }
    (leave < NOT_YET).then_some(leave)
}

fn step_onto(cells: &[Terrain; MAP_CELLS], i: usize) -> u32 {
    STEP_ONTO[usize::from(cells[i].discriminant()) & 7]
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// A way of this many steps, one or more.
    Way(usize),
    /// The start is the goal: no step to take.
    AlreadyThere,
    /// Nothing joins the start to the goal.
    NoWay,
}

impl Found {
    /// The way's steps, 0 for none.
    pub fn steps(self) -> usize {
        match self {
            Found::Way(steps) => steps,
            Found::AlreadyThere | Found::NoWay => 0,
        }
    }
}

/// The search on the corridor as it runs: what reaching a cell reads and
/// changes.
struct Corridor<'a> {
    cells: &'a [Terrain; MAP_CELLS],
    /// The costs from the goal, exact on the corridor; a corridor cell is
    /// marked `REACHED` here once reached.
    down: &'a mut [u32; MAP_CELLS],
    open: &'a mut Open,
    /// What the way from the start costs, less the step onto the goal.
    leave_start: u32,
    /// The step that reached each cell ([`AStar::link`]).
    link: &'a mut [u8; MAP_CELLS],
}

impl Corridor<'_> {
    /// Reaches corridor cell `j` by step `k` from a cell whose way on costs
    /// `leave`, if that step is on a cheapest way and `j` was not reached
    /// yet: it goes into the open set with its guess.
    #[inline(always)]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a step's place in Dir::ALL is under 8"
    )]
    fn offer(&mut self, leave: u32, j: usize, k: usize) {
        let d = self.down[j];
        if d + DIAGONAL[k] != leave {
            return;
        }
        self.down[j] = d | REACHED;
        self.link[j] = k as u8;
        // The cost so far is what the whole way costs less what is left
        // after `j`: `leave_start - d + step_onto(j)`.
        let guess = self.leave_start + step_onto(self.cells, j) + self.open.goal.least_cost(j) - d;
        self.open.put(j, guess);
    }
}

/// A* (2.3 KiB: the way found), reused from search to search. After
/// `find_path`, `path` walks the way found. A search puts up to
/// `SEARCH_SCRATCH` bytes more on the stack while it runs.
#[derive(Clone)]
pub struct AStar {
    /// While searching, the step ([`Dir`] index) that reached each corridor
    /// cell; after, along the way, the step to the next cell.
    link: [u8; MAP_CELLS],
    from: Point,
    steps: usize,
    /// The cost of the way found.
    cost: u32,
}

impl Default for AStar {
    fn default() -> AStar {
        AStar::new()
    }
}

impl AStar {
    /// A search with no way found yet.
    pub const fn new() -> AStar {
        AStar {
            link: [END; MAP_CELLS],
            from: Point::new(0, 0),
            steps: 0,
            cost: 0,
        }
    }

    /// Finds the cheapest way from `from` to `to`: a way of so many steps
    /// (the cells after `from`, ending with `to`, which `path` walks), or
    /// that the start is the goal, or that there is no way (`to` off the
    /// map or not to be stood on, `from` off the map, or nothing joins
    /// them).
    pub fn find_path(&mut self, map: &Map, from: Point, to: Point) -> Found {
        self.from = from;
        self.steps = 0;
        if from == to {
            return Found::AlreadyThere;
        }
        if !Map::in_bounds(from) || !map.is_passable(to) {
            return Found::NoWay;
        }
        if let Some(steps) = self.straight_shot(map.cells(), from, to) {
            return Found::Way(steps);
        }
        let mut downhill = DijkstraMap::not_yet();
        downhill.toward(map, to, from);
        let down = downhill.costs_mut();
        if let Some(steps) = self.only_way(map.cells(), down, from, to) {
            return Found::Way(steps);
        }
        match self.search_corridor(map.cells(), down, from, to) {
            0 => Found::NoWay,
            steps => Found::Way(steps),
        }
    }

    /// The book's search while it stays on its first guess, `least_cost`
    /// from the start: there it is a walk that always takes next the
    /// cheapest-guessed cell it has just reached (docs/paths.md, "A* on the
    /// corridor", point 2), and every step is onto the ground along the
    /// longer distance or diagonally toward the goal. If the goal is
    /// reached so, that is the book's way: no cell with a dearer guess
    /// comes out before it. If the walk runs out first, `None`, and the
    /// search goes on by the corridor.
    #[inline(never)]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a cell's index is under MAP_CELLS <= u16::MAX (asserted in cellset)"
    )]
    fn straight_shot(
        &mut self,
        cells: &[Terrain; MAP_CELLS],
        from: Point,
        to: Point,
    ) -> Option<usize> {
        let goal = Goal(to);
        let start = Map::index(from);
        let target = Map::index(to);
        // Cells reached, one bit a cell.
        let mut reached = [0u64; MAP_CELLS / 64];
        // The cells reached and not yet taken out, the next one last. Each
        // step of the walk is one nearer the goal across and down at once
        // (`max(dx, dy)` falls by one), so the walk is at most 63 deep, and
        // it leaves at most one cell waiting at each depth besides the two
        // just reached: never more than 65.
        let mut waiting = [0u16; 2 * MAP_W as usize];
        let mut count = 0;
        waiting[0] = start as u16;
        count += 1;
        reached[start / 64] |= 1 << (start % 64);
        while count > 0 {
            count -= 1;
            let i = usize::from(waiting[count]);
            if i == target {
                // Every step kept the first guess, which was the cost.
                self.cost = least_cost(from, to);
                return Some(self.turn_around(start, target));
            }
            let p = Map::point_of(i);
            let (dx, dy) = (to.x - p.x, to.y - p.y);
            let (sx, sy) = (dx.signum(), dy.signum());
            // The steps that keep the guess: along the longer distance
            // (none when the two are equal), and diagonally toward the goal
            // (none when one is 0).
            let along = match dx.abs().cmp(&dy.abs()) {
                core::cmp::Ordering::Greater => Dir::from_delta(sx, 0),
                core::cmp::Ordering::Less => Dir::from_delta(0, sy),
                core::cmp::Ordering::Equal => None,
            };
            let diagonal = Dir::from_delta(sx, sy).filter(|d| d.is_diagonal());
            // The one that comes first in the book's order of ties is put
            // last, to be taken out next.
            let mut found = [(u32::MAX, 0usize); 2];
            for (slot, dir) in found.iter_mut().zip([along, diagonal]) {
                let Some(dir) = dir else { continue };
                // One step toward the goal, which is on the map: so is the
                // cell stepped onto.
                let j = Map::index(p.step(dir));
                if !cells[j].is_walkable() || reached[j / 64] & (1 << (j % 64)) != 0 {
                    continue;
                }
                reached[j / 64] |= 1 << (j % 64);
                self.link[j] = dir.index();
                *slot = (goal.tie(j), j);
            }
            if found[0].0 < found[1].0 {
                found.swap(0, 1);
            }
            for &(tie, j) in &found {
                if tie != u32::MAX {
                    waiting[count] = j as u16;
                    count += 1;
                }
            }
        }
        None
    }

    /// The way when it is the only cheapest one: from the start, each cell
    /// has one step on a cheapest way (one neighbour whose cost from the
    /// goal in `down`, with the diagonal's extra, is what the way on from
    /// the cell costs). The book's search finds a cheapest way, so where
    /// there is only one, it finds that one. `None` at the first cell with
    /// two such steps (or none: no way), for the search to do.
    #[inline(never)]
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a step's place in Dir::ALL is under 8"
    )]
    fn only_way(
        &mut self,
        cells: &[Terrain; MAP_CELLS],
        down: &[u32; MAP_CELLS],
        from: Point,
        to: Point,
    ) -> Option<usize> {
        const W: usize = MAP_W as usize;
        let start = Map::index(from);
        let goal = Map::index(to);
        // From the start, the least of its neighbours (the start's own
        // cost is not worked out); from any other cell of a cheapest way,
        // its own cost less the step onto it.
        let mut leave = leave_start(down, from)?;
        self.cost = leave + step_onto(cells, goal);
        let mut i = start;
        let mut steps = 0;
        while i != goal {
            let (x, y) = (i % W, i / W);
            // Bit k set where step k (in `Dir::ALL`'s order) is on a
            // cheapest way.
            let mut ways = 0u32;
            if x > 0 && y > 0 && x < W - 1 && y < MAP_H as usize - 1 {
                let n = &down[i - W - 1..i + W + 2];
                let around = [
                    n[1],
                    n[W + 2],
                    n[2 * W + 1],
                    n[W],
                    n[2] + DIAGONAL_EXTRA,
                    n[2 * W + 2] + DIAGONAL_EXTRA,
                    n[2 * W] + DIAGONAL_EXTRA,
                    n[0] + DIAGONAL_EXTRA,
                ];
                for (k, &c) in around.iter().enumerate() {
                    ways |= u32::from(c == leave) << k;
                }
            } else {
                let p = Map::point_of(i);
                for (k, dir) in Dir::ALL.into_iter().enumerate() {
                    let q = p.step(dir);
                    if Map::in_bounds(q) {
                        ways |= u32::from(down[Map::index(q)] + DIAGONAL[k] == leave) << k;
                    }
                }
            }
            if !ways.is_power_of_two() {
                return None;
            }
            let k = ways.trailing_zeros() as usize;
            self.link[i] = k as u8;
            i = i.wrapping_add_signed(OFFSETS[k]);
            leave = down[i].wrapping_sub(step_onto(cells, i));
            steps += 1;
        }
        self.link[goal] = END;
        self.steps = steps;
        Some(steps)
    }

    /// The book's search on the corridor alone. `down` holds the costs from
    /// the goal, exact on the corridor; a corridor cell is marked `REACHED`
    /// in it when reached.
    #[inline(never)]
    fn search_corridor(
        &mut self,
        cells: &[Terrain; MAP_CELLS],
        down: &mut [u32; MAP_CELLS],
        from: Point,
        to: Point,
    ) -> usize {
        let start = Map::index(from);
        let goal = Map::index(to);
        // The least a step from the start and the rest of the way after it
        // cost, less the step onto the goal: what `down` less its own step
        // is for any other corridor cell. No way if nothing is reached.
        let Some(leave_start) = leave_start(down, from) else {
            return 0;
        };
        self.cost = leave_start + step_onto(cells, goal);
        // The open set is made in this frame and lent to the search: made
        // in the search's struct, it would be made and then moved in (two
        // of its 5.6 KiB on the stack).
        let mut open = Open::new(to, least_cost(from, to));
        let mut search = Corridor {
            cells,
            down,
            open: &mut open,
            leave_start,
            link: &mut self.link,
        };
        search.down[start] |= REACHED;
        search.open.put(start, search.open.guess);
        while let Some(i) = search.open.take() {
            if i == goal {
                break;
            }
            // What the steps from `i` to the goal cost at the least, less
            // the step onto the goal: a step onto `j` is on a cheapest way
            // when `down[j]` plus its diagonal extra is that much.
            let leave = if i == start {
                leave_start
            } else {
                (search.down[i] & !REACHED) - step_onto(cells, i)
            };
            let (x, y) = (i % MAP_W as usize, i / MAP_W as usize);
            if x > 0 && y > 0 && x < MAP_W as usize - 1 && y < MAP_H as usize - 1 {
                // Inside the edge, every neighbour is on the map: the eight
                // steps in `Dir::ALL`'s order, written out.
                const W: usize = MAP_W as usize;
                search.offer(leave, i - W, 0);
                search.offer(leave, i + 1, 1);
                search.offer(leave, i + W, 2);
                search.offer(leave, i - 1, 3);
                search.offer(leave, i - W + 1, 4);
                search.offer(leave, i + W + 1, 5);
                search.offer(leave, i + W - 1, 6);
                search.offer(leave, i - W - 1, 7);
            } else {
                for (k, dir) in Dir::ALL.into_iter().enumerate() {
                    let next = Map::point_of(i).step(dir);
                    if Map::in_bounds(next) {
                        search.offer(leave, Map::index(next), k);
                    }
                }
            }
        }
        self.turn_around(start, goal)
    }

    /// Turns the way around in place: follows the steps back from the goal,
    /// leaving in each cell the step to the next one.
    fn turn_around(&mut self, start: usize, goal: usize) -> usize {
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
        (self.steps > 0).then_some(self.cost)
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
                t.is_passable(),
                STEP_ONTO[usize::from(t.discriminant())] != 0
            );
            assert_eq!(
                STEP_ONTO[usize::from(t.discriminant())],
                super::super::book_cost(t).unwrap_or(0)
            );
        }
        // The written-out steps of `find_path` are `Dir::ALL` in order.
        let w = MAP_W as isize;
        let offsets = [-w, 1, w, -1, -w + 1, w + 1, w - 1, -w - 1];
        for (k, dir) in Dir::ALL.iter().enumerate() {
            let (dx, dy) = dir.delta();
            assert_eq!(offsets[k], (dy * MAP_W + dx) as isize);
            assert_eq!(dir.is_diagonal(), k >= 4);
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
        assert_eq!(steps, Found::Way(5));
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
        assert_eq!(
            a.find_path(&map, Point::new(2, 2), Point::new(2, 2)),
            Found::AlreadyThere
        );
        assert_eq!(a.path().count(), 0);
        assert_eq!(
            a.find_path(&map, Point::new(2, 2), Point::new(0, 0)),
            Found::NoWay,
            "a wall"
        );
        assert_eq!(
            a.find_path(&map, Point::new(2, 2), Point::new(-1, 2)),
            Found::NoWay,
            "off the map"
        );
        assert_eq!(
            a.find_path(&map, Point::new(2, 2), Point::new(11, 2)),
            Found::NoWay,
            "cut off"
        );
        assert_eq!(a.path().count(), 0);
        assert_eq!(a.cost(), None);
    }

    #[test]
    fn a_closed_door_counts_two_steps() {
        let map = Map::from_rows(&["#####", "#.+.#", "#####"]).unwrap();
        let mut a = AStar::new();
        assert_eq!(
            a.find_path(&map, Point::new(1, 1), Point::new(3, 1)),
            Found::Way(2)
        );
        assert_eq!(a.cost(), Some(300));
        assert_eq!(
            a.find_path(&map, Point::new(1, 1), Point::new(2, 1)),
            Found::Way(1),
            "to the door"
        );
    }

    /// The corridor's search alone, for the tests below.
    fn by_corridor(a: &mut AStar, map: &Map, from: Point, to: Point) -> usize {
        a.from = from;
        a.steps = 0;
        let mut downhill = DijkstraMap::not_yet();
        downhill.toward(map, to, from);
        a.search_corridor(map.cells(), downhill.costs_mut(), from, to)
    }

    /// `pairs` pairs of ground cells picked on each of `floors` floors of
    /// rooms (floor 1) and as many of caves (floor 4), made from `seed`,
    /// each handed to `check` with its map.
    fn on_pairs_of_floors(
        seed: u32,
        floors: usize,
        pairs: usize,
        mut check: impl FnMut(&Map, Point, Point),
    ) {
        let mut rng = crate::rng::Rng::new(seed);
        for depth in [1, 4] {
            for _ in 0..floors {
                let floor = crate::mapgen::floor::assemble(depth, &mut rng);
                let ground: heapless::Vec<Point, MAP_CELLS> = (0..MAP_CELLS)
                    .map(Map::point_of)
                    .filter(|&p| floor.map.is_walkable(p))
                    .collect();
                for _ in 0..pairs {
                    let mut pick = || ground[rng.roll(0, ground.len() as i32 - 1) as usize];
                    let (from, to) = (pick(), pick());
                    check(&floor.map, from, to);
                }
            }
        }
    }

    #[test]
    fn the_straight_shot_and_the_corridor_find_the_same_way() {
        // Both are the book's search, each in its own way: where the
        // straight shot finds a way, the corridor must find the same one,
        // cell for cell; and on floors of rooms and caves both must be
        // used often, or one of them is not being tested by the 10,000
        // pairs of `tests/paths.rs`.
        let (mut shots, mut corridors) = (0, 0);
        on_pairs_of_floors(7, 20, 50, |map, from, to| {
            let mut shot = AStar::new();
            shot.from = from;
            let found = shot.straight_shot(map.cells(), from, to);
            let mut corridor = AStar::new();
            let steps = by_corridor(&mut corridor, map, from, to);
            let Some(shot_steps) = found.filter(|_| from != to) else {
                corridors += 1;
                return;
            };
            shots += 1;
            shot.steps = shot_steps;
            assert_eq!(shot_steps, steps, "{from:?} to {to:?}");
            assert_eq!(shot.cost(), corridor.cost(), "{from:?} to {to:?}");
            assert!(shot.path().eq(corridor.path()), "{from:?} to {to:?}");
        });
        assert!(
            shots > 100 && corridors > 100,
            "{shots} shots, {corridors} corridors"
        );
    }

    #[test]
    fn the_only_way_is_the_way_the_corridor_finds() {
        // Where the walk finds one cheapest way, the corridor's search (the
        // book's) must find the same, cell for cell; on floors of rooms and
        // caves, and on a winding corridor one cell wide with a door and a
        // room on the way, both must be used, or one of them goes
        // untested.
        let (mut only, mut searched) = (0, 0);
        let mut check = |map: &Map, from: Point, to: Point| {
            if from == to {
                return;
            }
            let mut down = DijkstraMap::not_yet();
            down.toward(map, to, from);
            let mut walk = AStar::new();
            walk.from = from;
            let found = walk.only_way(map.cells(), down.costs_mut(), from, to);
            let mut corridor = AStar::new();
            let steps = by_corridor(&mut corridor, map, from, to);
            let Some(walked) = found else {
                searched += 1;
                return;
            };
            only += 1;
            assert_eq!(walked, steps, "{from:?} to {to:?}");
            assert_eq!(walk.cost(), corridor.cost(), "{from:?} to {to:?}");
            assert!(walk.path().eq(corridor.path()), "{from:?} to {to:?}");
        };
        on_pairs_of_floors(11, 10, 30, &mut check);
        let mut winding = Map::new();
        for x in (1..MAP_W - 2).step_by(2) {
            winding.carve(Rect::new(x, 1, 1, MAP_H - 2));
            let turn = if x % 4 == 1 { MAP_H - 2 } else { 1 };
            winding.set(Point::new(x + 1, turn), Terrain::Floor);
        }
        winding.set(Point::new(5, 10), Terrain::ClosedDoor);
        winding.carve(Rect::new(40, 10, 12, 8));
        for to in [
            Point::new(MAP_W - 3, 1),
            Point::new(45, 14),
            Point::new(21, 30),
        ] {
            check(&winding, Point::new(1, 1), to);
        }
        assert!(
            only > 20 && searched > 100,
            "{only} walked, {searched} searched"
        );
    }
}
