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
    /// The title screen: a new run, continue, the style, help, quit.
    Title,
    /// Choosing a class for a new run.
    ChooseClass,
    /// On the map, a turn at a time.
    Playing,
    /// Aiming with a cursor along the line of fire.
    Aiming(Aim),
    /// Looking around with a cursor; the look panel says what is there.
    Looking,
    /// The inventory screen.
    Inventory(InventoryMode),
    /// A question to answer with y or n.
    Confirming(Question),
    /// The menu over the run: save and quit, quit, a new run.
    Menu,
    /// The help screen, over the state it was asked for in.
    Help,
    /// The run is over: the player died.
    Dead,
    /// The run is over: the ninth Amulet is taken.
    Won,
}

/// What aiming is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    /// Shooting the bow.
    Fire,
    /// Throwing what is in a slot of the pack.
    Throw {
        /// The pack's slot.
        slot: u8,
    },
    /// Casting Lightning by heart.
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
    Hit {
        /// The cell struck.
        at: Point,
        /// A third of the maximum health or more.
        big: bool,
    },
    /// Something flew from one cell to another, drawn with a glyph.
    Missile {
        /// Where it was shot or thrown from.
        from: Point,
        /// Where it stopped.
        to: Point,
        /// What it looks like in flight, and in what colour.
        glyph: char,
        /// The glyph's colour.
        color: Rgb,
    },
    /// A bolt of lightning along a line to where it stopped.
    Bolt {
        /// The caster's cell.
        from: Point,
        /// Where the bolt stopped: the last cell before a wall.
        to: Point,
    },
}

/// What happened when an action was taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// Whether the action took a turn.
    pub turn_passed: bool,
    /// What the driver is asked to do, if anything.
    pub request: Option<Request>,
}

/// What the game asks of whoever drives it (`session::Session`): what a
/// run cannot do by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// Leave the game (the title's Esc, the menu's q) without saving.
    Quit,
    /// The menu's s: save the run, then leave.
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
    /// A monster of this kind.
    Monster(KindId),
    /// The poison in the blood.
    Poison,
    /// A trap of this kind.
    Trap(TrapKind),
}

/// The states with no words of their own, by name.
pub(crate) const STATES: [(State, &str); 13] = [
    (State::Title, "title"),
    (State::ChooseClass, "class"),
    (State::Playing, "playing"),
    (State::Aiming(Aim::Fire), "aim-fire"),
    (State::Aiming(Aim::Cast), "aim-cast"),
    (State::Looking, "looking"),
    (State::Inventory(InventoryMode::Browse), "pack"),
    (State::Inventory(InventoryMode::Drop), "pack-drop"),
    (State::Confirming(Question::LeaveAmulet), "ask-amulet"),
    (State::Menu, "menu"),
    (State::Help, "help"),
    (State::Dead, "dead"),
    (State::Won, "won"),
];
