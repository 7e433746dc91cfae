//! Where to search on a sealed floor: the one spot the panel's hint sends
//! the player to when explore has seen all it can and no known way leads
//! on (docs/rules.md, "A sealed floor").
//!
//! A secret door is only ever a room's doorway: a cell of a room's wall
//! ring with ground on both sides. So a wall the player knows is worth a
//! search from the ground beside it when the two cells along the wall
//! either side of it are not ground (a ring, not a corridor's side), and
//! what lies behind it says how likely a door is:
//! - ground the map shows (after magic mapping) that no known way reaches:
//!   all but certain ([`Kind::Mapped`]);
//! - the end of a corridor (its one way out behind the player): the
//!   book's corridors end at a door ([`Kind::DeadEnd`]);
//! - ground never seen: likelier the more of the floor behind it is unseen
//!   ([`Kind::Wall`]).
//!
//! A spot is the ground a search is made from: a search finds what is in
//! the eight cells round it, so a spot is worth the walls round it
//! together, less a point a step of the way there. Walls round a spot
//! already searched to the end are worth nothing.

use amulets_core::cellset::CellSet;
use amulets_core::game::Game;
use amulets_core::geom::{Dir, Point};
use amulets_core::map::{MAP_CELLS, Map};
use amulets_core::path::STEP;
use amulets_core::path::dijkstra::{DijkstraMap, UNREACHED};

/// What makes a spot likely (see the module's comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// Beside a wall with ground unseen behind it.
    Wall,
    /// Where a corridor ends.
    DeadEnd,
    /// Beside a wall with ground behind it that the map shows and no known
    /// way reaches.
    Mapped,
}

/// The spot to search from, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchSpot {
    /// The ground to stand on and search from.
    pub at: Point,
    /// The likeliest of the walls round it.
    pub kind: Kind,
}

/// A wall behind mapped ground no way reaches: worth the most.
const MAPPED: i32 = 1000;
/// A wall at a corridor's end.
const DEAD_END: i32 = 400;
/// How far behind a wall the unseen ground is counted (cells straight on)
/// and how far to each side of that line.
const BEHIND: i32 = 12;
const ASIDE: i32 = 5;
/// The unseen cells behind a wall worth a point (at most
/// `BEHIND * (2 * ASIDE + 1) / UNSEEN_PER_POINT`, 33 points).
const UNSEEN_PER_POINT: i32 = 4;

/// The spot the hint sends the player to (see the module's comment), none
/// searched to the end in `searched`; `None` when no known wall could
/// hide a door.
pub fn where_to_search(game: &Game, searched: &CellSet) -> Option<SearchSpot> {
    let mut steps = DijkstraMap::new();
    game.steps_from_player(&mut steps);
    let known = game.known_map();
    let floor = Floor {
        game,
        known,
        steps,
        searched,
    };
    let mut best: Option<(i32, SearchSpot)> = None;
    for at in (0..MAP_CELLS).map(Map::point_of) {
        let Some((sum, kind)) = floor.spot_worth(at) else {
            continue;
        };
        // A step of the way costs a point (`steps` is in `STEP`s: a cost
        // on the map is at most a few thousand, well inside `i32`).
        let score = sum - i32::try_from(floor.steps.at(at) / STEP).unwrap_or(i32::MAX);
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, SearchSpot { at, kind }));
        }
    }
    best.map(|(_, spot)| spot)
}

/// The floor as the player knows it, and how far each cell is.
struct Floor<'a> {
    game: &'a Game,
    known: Map,
    steps: DijkstraMap,
    searched: &'a CellSet,
}

/// The four straight ways.
const STRAIGHT: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

impl Floor<'_> {
    fn ground(&self, p: Point) -> bool {
        self.known.at(p).is_walkable()
    }

    fn reached(&self, p: Point) -> bool {
        Map::in_bounds(p) && self.steps.at(p) != UNREACHED
    }

    /// What the walls round `at` are worth together, and the likeliest's
    /// kind, when `at` is reached ground and some are worth anything: each
    /// wall once, seen straight from `at` or from reached ground next to
    /// it.
    fn spot_worth(&self, at: Point) -> Option<(i32, Kind)> {
        if !self.ground(at) || !self.reached(at) {
            return None;
        }
        let mut sum = 0;
        let mut kind = Kind::Wall;
        for wall in Dir::ALL.map(|d| at.step(d)) {
            let seen_from = STRAIGHT.iter().filter_map(|&d| {
                let from = wall.step(d.opposite());
                let near = (from.x - at.x).abs().max((from.y - at.y).abs()) <= 1;
                (near && self.ground(from) && self.reached(from))
                    .then(|| self.worth(from, d))
                    .flatten()
            });
            if let Some((w, k)) = seen_from.max() {
                sum += w;
                kind = kind.max(k);
            }
        }
        (sum > 0).then_some((sum, kind))
    }

    /// What the wall `d` of `from` is worth (see the module's comment).
    fn worth(&self, from: Point, d: Dir) -> Option<(i32, Kind)> {
        let explored = &self.game.level().explored;
        let wall = from.step(d);
        let (dx, dy) = d.delta();
        let along = [
            Point::new(wall.x + dy, wall.y + dx),
            Point::new(wall.x - dy, wall.y - dx),
        ];
        if !Map::in_bounds(wall)
            || !explored.contains(wall)
            || self.known.at(wall).is_passable()
            || along.iter().any(|&p| self.ground(p))
            || near_searched(self.searched, wall)
        {
            return None;
        }
        let behind = wall.step(d);
        if explored.contains(behind) {
            let mapped = self.ground(behind) && !self.reached(behind);
            return mapped.then_some((MAPPED, Kind::Mapped));
        }
        let open = STRAIGHT.iter().filter(|&&o| self.ground(from.step(o)));
        if open.count() == 1 && self.ground(from.step(d.opposite())) {
            return Some((DEAD_END, Kind::DeadEnd));
        }
        let mut unseen = 0;
        for k in 1..=BEHIND {
            for a in -ASIDE..=ASIDE {
                let p = Point::new(wall.x + dx * k + dy * a, wall.y + dy * k + dx * a);
                unseen += i32::from(Map::in_bounds(p) && !explored.contains(p));
            }
        }
        let points = unseen / UNSEEN_PER_POINT;
        (points > 0).then_some((points, Kind::Wall))
    }
}

/// Whether a cell is, or is next to, a spot searched to the end.
fn near_searched(searched: &CellSet, p: Point) -> bool {
    Dir::ALL
        .iter()
        .map(|&d| p.step(d))
        .chain(core::iter::once(p))
        .any(|q| searched.contains(q))
}
