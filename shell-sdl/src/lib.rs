//! Amulets on the desktop with SDL3: the book's game as the book shows it.
//! Everything it draws comes from the core's picture (`amulets_play::view`)
//! through `amulets_picture`, which paints the frame; this crate turns keys,
//! clicks and time into calls, and shows the frame in a window.

pub mod app;
pub mod draw;
pub mod gamepad;
pub mod keys;
pub mod run;

/// Where everything goes in the picture, shared with the web shell.
pub use amulets_picture::layout;
