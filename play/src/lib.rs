//! Playing Amulets: everything between the book's game (`amulets_core`)
//! and a shell. The session a shell drives, what each key means and the
//! player's keymap, what every screen, cell and panel line shows, the
//! animations, a board's pad, records and the hall of fame, the lines a
//! screen reader says, the player's settings and palettes.
//!
//! Like the core it has no clock, no file, no heap and no `unsafe`; unlike
//! the core it holds no rule of the book: a rule lives in the core, and
//! this crate only plays it. The arrow runs one way: play uses the core,
//! the core never names play.
#![no_std]
#![forbid(unsafe_code)]
// As in the core: a cast that could cut a number is proved not to.
#![warn(clippy::cast_possible_truncation, clippy::let_underscore_must_use)]
#![warn(missing_docs)]
#![cfg_attr(test, allow(clippy::cast_possible_truncation))]

pub mod autoplay;
pub mod bindings;
pub mod fame;
pub mod juice;
pub mod keymap;
pub mod morgue;
pub mod pad;
pub mod palettes;
pub mod replays;
pub mod session;
pub mod settings;
pub mod speech;
pub mod store;
pub mod view;

/// The README's examples, compiled and run as tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
