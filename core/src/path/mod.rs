//! Ways across the map: Dijkstra maps (distances from many goals at once,
//! for stairs, monsters and explore). Costs are whole hundredths of a step,
//! as the book's chapter 23 counts them.

pub mod dijkstra;

use crate::map::Terrain;

/// A step onto the ground costs `STEP`; a diagonal step `DIAGONAL_EXTRA`
/// more, so of the ways with as many steps, the one with the fewest
/// diagonal steps costs least and the walker goes straight where it can.
pub const STEP: u32 = 100;
pub const DIAGONAL_EXTRA: u32 = 1;
/// A closed door counts as this many steps: one to open it, one to go in.
pub const DOOR_STEPS: u32 = 2;

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
