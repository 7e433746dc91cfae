//! The dungeon generators. A generator carves a floor into a `Map` with the
//! dice it is given and keeps nothing afterwards; it returns the floor's
//! areas (rooms, or a cave's squares) so the game can place things in them.

pub mod caves;
pub mod floor;
pub mod gh;
pub mod grid;
pub mod rooms;

use crate::geom::Rect;

/// The most areas a floor can have: 16 BSP rooms (2 to the power of
/// `rooms::MAX_CUTS`), which is also more than a cave's 4 x 3 squares.
pub const MAX_AREAS: usize = 16;

/// A floor's areas, in the order their generator made them.
pub type Areas = heapless::Vec<Rect, MAX_AREAS>;
