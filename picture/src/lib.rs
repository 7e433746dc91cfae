//! The desktop picture: the fixed 1600 x 900 frame of the map view (glyphs
//! or tiles), the side panel, the log, the look panel and whatever screen
//! is over the map, with the juice on top, drawn from a session into RGBA
//! pixels. Everything in it comes from the core's picture
//! (`amulets_play::view`) and the session; this crate only decides where
//! it goes and paints it. The SDL shell shows the frame in a window, the
//! web shell in a canvas: the same pixels on both, by construction, and
//! both play through the same `App` (keys, mouse, time, key scripts).

pub mod app;
pub mod compact;
pub mod draw;
pub mod font;
pub mod layout;
pub mod paint;
pub mod painter;
pub mod tiles;

pub use app::App;
pub use draw::{ViewMode, frame};
pub use paint::Frame;
pub use painter::Painter;

/// What the desktop picture can show: the tile view too (its help lists
/// F2), played with keys and a mouse.
pub const SHOWS: amulets_play::view::Shows = amulets_play::view::Shows {
    tiles: true,
    buttons: false,
    hands: amulets_play::view::Hands::Board,
    quits: true,
};
