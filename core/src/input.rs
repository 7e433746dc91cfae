//! What a person asks the game for. Shells turn their key presses into a
//! `Key` and hand it to `Game::press`, which knows what a key means in each
//! state (`y` moves up and left while playing, and says yes to a question);
//! clicks and commands come as `Action`s directly.

use crate::geom::{Dir, Point};
use crate::player::Class;

/// A key as the game sees it, whatever the keyboard or terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A typed character: letters, digits, `>`, `.`, `?`...
    Char(char),
    Up,
    Down,
    Left,
    Right,
    /// The keypad's digits 1 to 9, as the numpad moves.
    Numpad(u8),
    Enter,
    Escape,
    Tab,
    /// A function key, F1 to F12.
    F(u8),
}

/// The debugging aids on the function keys. None of them rolls the run's
/// dice or changes the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DebugKey {
    /// F1: the whole floor shown.
    Reveal,
    /// F2: the view switched (glyphs or tiles); the shell draws it.
    SwitchView,
    /// F3: the distances from the player drawn as numbers.
    Distances,
    /// F4: each monster's mind.
    Minds,
    /// F6: a cave made a step at a time, with dice of its own.
    CaveSteps,
}

/// What a person asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Move(Dir),
    Wait,
    PickUp,
    Drop,
    Inventory,
    Look,
    Close,
    Search,
    Fire,
    Throw,
    Cast,
    Descend,
    Confirm(bool),
    Menu,
    Help,
    NewRun,
    Continue,
    ChooseClass(Class),
    /// A letter chosen from a list (the pack's a to z, a menu's keys).
    Letter(char),
    /// Moves the aiming or looking cursor a cell.
    Cursor(Dir),
    /// Puts the aiming or looking cursor on a cell (a mouse hover).
    CursorTo(Point),
    /// Enter: the cursor's cell is chosen, or the highlighted thing.
    Select,
    /// Escape out of whatever is open.
    Cancel,
    /// Tab while aiming: the next monster in view.
    NextTarget,
    Debug(DebugKey),
    /// `R`: rest until healed.
    Rest,
    /// `o`: explore.
    Explore,
    /// A click on the map: travel there (the shells send it while playing).
    TravelTo(Point),
    /// Any key that is not a step, while a command runs: it stops the
    /// command and does nothing else (the commands issue).
    Interrupt,
}

/// The direction a moving key means: arrows, the numpad and `hjklyubn`.
pub fn direction(key: Key) -> Option<Dir> {
    Some(match key {
        Key::Up | Key::Numpad(8) | Key::Char('k') => Dir::N,
        Key::Down | Key::Numpad(2) | Key::Char('j') => Dir::S,
        Key::Left | Key::Numpad(4) | Key::Char('h') => Dir::W,
        Key::Right | Key::Numpad(6) | Key::Char('l') => Dir::E,
        Key::Numpad(7) | Key::Char('y') => Dir::NW,
        Key::Numpad(9) | Key::Char('u') => Dir::NE,
        Key::Numpad(1) | Key::Char('b') => Dir::SW,
        Key::Numpad(3) | Key::Char('n') => Dir::SE,
        _ => return None,
    })
}

/// The debugging aid on a function key.
pub fn debug_key(key: Key) -> Option<DebugKey> {
    Some(match key {
        Key::F(1) => DebugKey::Reveal,
        Key::F(2) => DebugKey::SwitchView,
        Key::F(3) => DebugKey::Distances,
        Key::F(4) => DebugKey::Minds,
        Key::F(6) => DebugKey::CaveSteps,
        _ => return None,
    })
}

/// The help screen's pairs: a key and what it does, keys that pass turns
/// first.
pub const KEY_HELP: [(&str, &str); 26] = [
    ("arrows, numpad, hjklyubn", "move, or attack what is there"),
    (". or numpad 5", "wait a turn"),
    ("R", "rest until healed, or until something happens"),
    ("o", "explore until something happens"),
    (">", "go down the stairs, or travel to them"),
    ("g", "pick up what is here"),
    ("i", "inventory: use, wear, drop"),
    ("d", "drop something"),
    ("c", "close a door next to you"),
    ("s", "search for traps and secret doors"),
    ("f", "fire the bow"),
    ("t", "throw a dart or a dagger"),
    ("z", "cast Lightning, if you know it by heart"),
    ("x", "look around"),
    ("Tab", "while aiming: the next monster"),
    ("Enter", "while aiming or looking: choose the cell"),
    ("left click", "travel there (fire, while aiming)"),
    ("y / n", "answer a question"),
    ("?", "this help"),
    ("Esc", "the menu, or back out of anything"),
    ("F1", "debug: show the whole floor"),
    ("F2", "switch glyphs and tiles"),
    ("F3", "debug: distances from you"),
    ("F4", "debug: what each monster is thinking"),
    ("F6", "debug: make a cave a step at a time"),
    ("any key", "stop a command that is running"),
];
