//! Amulets on the desktop with SDL3: the book's game as the book shows it.
//! Everything it draws comes from the core's picture (`amulets_core::view`);
//! this crate turns keys, clicks and time into calls, and the picture into
//! pixels.

pub mod app;
pub mod draw;
pub mod font;
pub mod keys;
pub mod layout;
pub mod run;
pub mod tiles;
