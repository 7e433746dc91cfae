//! The dungeon generators. A generator carves a floor into a `Map` with the
//! dice it is given and keeps nothing afterwards; it returns the floor's
//! areas (rooms, or a cave's squares) so the game can place things in them.

pub mod caves;
pub mod floor;
pub mod gh_bsp;
pub mod grid;
pub mod rooms;

pub use crate::geom::{Areas, MAX_AREAS};
