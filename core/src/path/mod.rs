//! Ways across the map: Dijkstra maps (distances from many goals at once,
//! for stairs, monsters and explore) and A* (one way, for travel). Costs are
//! in hundredths of a step. A* counts them as the book's chapter 23 does, a
//! diagonal step a hundredth dearer; the book's Dijkstra maps count whole
//! steps, straight and diagonal alike (`STEP` hundredths each).

pub mod astar;
pub mod buckets;
pub mod dijkstra;
mod layers;
mod open;

use crate::cellset::CellSet;
use crate::geom::Point;
use crate::map::{MAP_CELLS, Map, Terrain};

/// A step onto the ground costs `STEP`; for A*, a diagonal step
/// `DIAGONAL_EXTRA` more, so of the ways with as many steps, the one with
/// the fewest diagonal steps costs least and the traveller goes straight
/// where it can. (A Dijkstra map breaks its ties in `step_down` instead.)
pub const STEP: u32 = 100;
/// What a diagonal step costs more, for A* only.
pub const DIAGONAL_EXTRA: u32 = 1;
/// A closed door counts as this many steps: one to open it, one to go in.
pub const DOOR_STEPS: u32 = 2;

/// What each step of [`Dir::ALL`] adds for being diagonal (straight steps
/// come first there).
pub(crate) const DIAGONAL: [u32; 8] = {
    let mut extra = [0; 8];
    let mut k = 0;
    while k < 8 {
        if crate::geom::Dir::ALL[k].is_diagonal() {
            extra[k] = DIAGONAL_EXTRA;
        }
        k += 1;
    }
    extra
};

/// `N` places each linked to itself: lists threaded through an array with
/// every list empty and no cell on any (the open sets of `buckets` and
/// `astar`), made at compile time.
#[expect(
    clippy::cast_possible_truncation,
    reason = "every place is under N, and N <= u16::MAX for the lists that use it (asserted there)"
)]
pub(crate) const fn alone<const N: usize>() -> [u16; N] {
    assert!(N <= u16::MAX as usize + 1, "each place fits a u16");
    let mut links = [0; N];
    let mut k = 0;
    while k < N {
        links[k] = k as u16;
        k += 1;
    }
    links
}

/// The book's rule: ground costs a step, a closed door `DOOR_STEPS` steps,
/// and nothing else can be stepped on.
pub fn book_cost(terrain: Terrain) -> Option<u32> {
    match terrain {
        t if t.is_walkable() => Some(STEP),
        Terrain::ClosedDoor => Some(DOOR_STEPS * STEP),
        _ => None,
    }
}

/// The dungeon as it was built, secrets and all: a secret door costs what a
/// closed one does. Floor assembly measures the way to the stairs with it,
/// so the stairs are the farthest cell whether or not a door is found yet.
pub fn built_cost(terrain: Terrain) -> Option<u32> {
    match terrain {
        Terrain::SecretDoor => Some(DOOR_STEPS * STEP),
        t => book_cost(t),
    }
}

/// The floor as the player knows it, for finding ways across it: a cell
/// never seen is solid as far as they know, a secret door looks like wall,
/// and a known trap is made wall since it is the last place they would want
/// a way to go. Only the terrain is copied.
pub fn known_map(
    map: &Map,
    explored: &CellSet,
    known_traps: impl IntoIterator<Item = Point>,
) -> Map {
    let mut known = map.clone();
    for i in 0..MAP_CELLS {
        if !explored.contains_index(i) || map.cells()[i] == Terrain::SecretDoor {
            known.set(Map::point_of(i), Terrain::Wall);
        }
    }
    for trap in known_traps {
        known.set(trap, Terrain::Wall);
    }
    known
}

/// While a map is worked out, both the cost of a cell no step can go onto
/// and the cost of a step onto it: any way onto it, at least `NO_STEP`,
/// is never less than its cost, so it is never reached (and a goal on one
/// still reaches its neighbours). Above every real cost, and no sum
/// overflows: `MAX_COST + NO_STEP + DIAGONAL_EXTRA < UNREACHED`.
pub(crate) const NO_STEP: u32 = 1 << 31;

/// While a map is worked out by layers, the cost of a cell not worked out
/// yet: above every real cost, with room to add a step without overflow.
pub(crate) const NOT_YET: u32 = 1 << 30;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_known_map_hides_the_unseen_secret_doors_and_known_traps() {
        let map = Map::from_rows(&["#####", "#..S.", "#...#"]).unwrap();
        let mut explored = CellSet::new();
        for x in 0..4 {
            explored.insert(Point::new(x, 1));
        }
        explored.insert(Point::new(1, 2));
        let known = known_map(&map, &explored, [Point::new(2, 1)]);
        let want = Map::from_rows(&["#####", "#.###", "#.###"]).unwrap();
        assert_eq!(known, want);
    }
}
