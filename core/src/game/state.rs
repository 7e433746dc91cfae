//! What a run is doing, as the shells and the session see it: the screen
//! it shows (and so what keys mean), the question it asks, what happened
//! when an action was taken, what it asks of its driver, what killed the
//! player, and the events a shell may animate.

use crate::color::Rgb;
use crate::geom::{Dir, Point};
use crate::level::TrapKind;
use crate::monster::KindId;

/// What the screen is showing, and so what keys mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    Title,
    ChooseClass,
    Playing,
    /// Aiming with a cursor along the line of fire.
    Aiming(Aim),
    Looking,
    Inventory(InventoryMode),
    /// A question to answer with y or n.
    Confirming(Question),
    Menu,
    Help,
    Dead,
    Won,
}

/// What aiming is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    Fire,
    Throw { slot: u8 },
    Cast,
}

/// What the inventory screen is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InventoryMode {
    /// Showing the pack; a letter picks an item.
    Browse,
    /// A letter drops that item.
    Drop,
    /// One item picked: use, wear or drop it.
    Item(u8),
}

/// A question the game asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// "Leave this floor's Amulet behind for good? (y or n)"
    LeaveAmulet,
    /// `Step onto the <trap>? (y or n)`, for a step that way.
    StepOnto(Dir),
}

/// Something for a shell to animate. Drawing never waits on these and they
/// change nothing; a shell may ignore them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A blow landed on a cell; `big` when it took a third of the maximum
    /// health or more.
    Hit { at: Point, big: bool },
    /// Something flew from one cell to another, drawn with a glyph.
    Missile {
        from: Point,
        to: Point,
        glyph: char,
        color: Rgb,
    },
    /// A bolt of lightning along a line to where it stopped.
    Bolt { from: Point, to: Point },
}

/// What happened when an action was taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    pub turn_passed: bool,
    pub request: Option<Request>,
}

/// What the game asks of whoever drives it (`session::Session`): what a
/// run cannot do by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    Quit,
    SaveAndQuit,
    /// The title's C: load the saved run.
    Continue,
    /// The menu's n: this run given up for a new one, with a new seed.
    NewRun,
    /// The end screen closed: the title, for a new run with a new seed.
    Title,
}

/// What killed the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    Monster(KindId),
    Poison,
    Trap(TrapKind),
}
