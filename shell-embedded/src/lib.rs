//! The embedded shell: the board-independent drawing and input for small
//! displays. It grows in its own issue; for now it only proves that the core
//! builds into a `no_std` library beside it.
#![no_std]
#![forbid(unsafe_code)]

pub use amulets_core::map::{MAP_H, MAP_W};
