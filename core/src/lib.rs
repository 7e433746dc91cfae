//! Amulets' core: the whole game, with no clock, no file, no heap and no
//! `unsafe`. A shell turns keys and time into calls, and the core's answers
//! into pixels or characters; every rule and every roll of the dice lives here,
//! so a seed plays the same game on a desktop, in a terminal and on a
//! microcontroller.
//!
//! The rules are written down in `docs/rules.md`. Where a comment says
//! "the book", it means the game this one follows, rule for rule, and
//! that page says what the book's rule is.
#![no_std]
#![forbid(unsafe_code)]
// A cast that could cut a number is proved not to (a comment or a const
// assert beside it, named in the `expect`'s reason); the tests' small
// numbers are let be.
#![warn(clippy::cast_possible_truncation, clippy::let_underscore_must_use)]
#![warn(missing_docs)]
#![cfg_attr(test, allow(clippy::cast_possible_truncation))]

pub mod bot;
pub mod cellset;
pub mod color;
pub mod daily;
pub mod fov;
pub mod game;
pub mod geom;
pub mod golden;
pub mod hash;
pub mod input;
pub mod item;
pub mod kindset;
pub mod level;
pub mod log;
pub mod map;
pub mod mapgen;
pub mod monster;
pub mod path;
pub mod player;
pub mod replay;
pub mod rng;
pub mod rules;
pub mod sort;
pub mod state;
pub mod text;

/// The README's examples, compiled and run as tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
