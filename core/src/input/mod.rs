//! What a person asks the game for: a [`Key`] as any keyboard, terminal or
//! button gives it, and an [`Action`], what the key means in the state the
//! game is in (`y` moves up and left while playing, and says yes to a
//! question). What each key means is written once, in `bindings`.

pub mod script;

use crate::geom::{Dir, Point};
use crate::player::Class;

/// A key as the game sees it, whatever the keyboard or terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A typed character: letters, digits, `>`, `.`, `?`...
    Char(char),
    /// The arrow key up.
    Up,
    /// The arrow key down.
    Down,
    /// The arrow key left.
    Left,
    /// The arrow key right.
    Right,
    /// The keypad's digits 1 to 9, as the numpad moves.
    Numpad(u8),
    /// Return, or the numpad's Enter.
    Enter,
    /// Esc.
    Escape,
    /// The tab key.
    Tab,
    /// A function key, F1 to F12.
    F(u8),
    /// Any other key (a lone Shift, Home, Delete): it means nothing, but
    /// like every key it stops a running command, as any key down does in
    /// the book.
    Other,
}

impl Key {
    /// The key as the tables write it: a letter is a key, not a character,
    /// so `R` and `r` are one key (the book binds `SDLK_` codes: "It's the
    /// r key, so a lowercase r rests too"). Typed characters that are no
    /// letter (`>`, `?`) stay as they are.
    pub const fn folded(self) -> Key {
        match self {
            Key::Char(c) => Key::Char(c.to_ascii_lowercase()),
            other => other,
        }
    }
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

impl DebugKey {
    /// Every aid, in the function keys' order.
    pub const ALL: [DebugKey; 5] = [
        DebugKey::Reveal,
        DebugKey::SwitchView,
        DebugKey::Distances,
        DebugKey::Minds,
        DebugKey::CaveSteps,
    ];

    /// The function key's number: F1 to F6 (F5 is none).
    pub const fn number(self) -> u8 {
        match self {
            DebugKey::Reveal => 1,
            DebugKey::SwitchView => 2,
            DebugKey::Distances => 3,
            DebugKey::Minds => 4,
            DebugKey::CaveSteps => 6,
        }
    }

    /// The aid on a function key's number.
    pub fn numbered(n: u8) -> Option<DebugKey> {
        DebugKey::ALL.into_iter().find(|k| k.number() == n)
    }
}

/// The game's verbs a word names, each word once: what a keymap line gives
/// a key to (`o = explore`), and a replay's line for a verb with nothing
/// after it (`explore`). The moves, the cursor's, a letter, a class and a
/// click's cell are written with what they carry (`replay::write_input`),
/// and so are the answers and the aids in a replay (`confirm y`,
/// `debug 1`). A test checks no verb and no word is here twice.
pub const NAMES: [(Action, &str); 33] = [
    (Action::Wait, "wait"),
    (Action::PickUp, "pickup"),
    (Action::Drop, "drop"),
    (Action::Inventory, "inventory"),
    (Action::Look, "look"),
    (Action::Close, "close"),
    (Action::Search, "search"),
    (Action::KeepSearching, "keep-searching"),
    (Action::Fire, "fire"),
    (Action::Throw, "throw"),
    (Action::Cast, "cast"),
    (Action::Descend, "descend"),
    (Action::Menu, "menu"),
    (Action::Help, "help"),
    (Action::NewRun, "new-run"),
    (Action::Continue, "continue"),
    (Action::SaveAndQuit, "save-and-quit"),
    (Action::Quit, "quit"),
    (Action::Use, "use"),
    (Action::NextStyle, "next-style"),
    (Action::Select, "select"),
    (Action::Cancel, "cancel"),
    (Action::NextTarget, "next-target"),
    (Action::Rest, "rest"),
    (Action::Explore, "explore"),
    (Action::Interrupt, "interrupt"),
    (Action::Confirm(true), "yes"),
    (Action::Confirm(false), "no"),
    (Action::Debug(DebugKey::Reveal), "reveal"),
    (Action::Debug(DebugKey::SwitchView), "switch-view"),
    (Action::Debug(DebugKey::Distances), "distances"),
    (Action::Debug(DebugKey::Minds), "minds"),
    (Action::Debug(DebugKey::CaveSteps), "cave-steps"),
];

impl Action {
    /// The verb's word (`NAMES`), for a verb a word names.
    pub fn name(self) -> Option<&'static str> {
        crate::text::name_in(&NAMES, self)
    }

    /// The verb a word names (`NAMES`).
    pub fn named(word: &str) -> Option<Action> {
        crate::text::named_in(&NAMES, word)
    }
}

/// What a person asks of the game. (A palette, the day's dungeon and the
/// records' screens are no verbs of the game's: whatever plays the game
/// takes them, and never hands them on.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A step (or a blow, or a door opened) in a direction.
    Move(Dir),
    /// A turn spent where the player stands.
    Wait,
    /// `g`: pick up what lies here.
    PickUp,
    /// `d`: choose something to drop (and, on the item's screen, drop it).
    Drop,
    /// `i`: the inventory screen.
    Inventory,
    /// `x`: look around with a cursor.
    Look,
    /// `c`: close a door next to the player.
    Close,
    /// `s`: search for hidden traps and doors.
    Search,
    /// `e`: search here, turn after turn, until something turns up (ours,
    /// not the book's: a command, as rest is).
    KeepSearching,
    /// `f`: aim the bow.
    Fire,
    /// `t`: aim something to throw.
    Throw,
    /// `z`: aim Lightning.
    Cast,
    /// `>`: down the stairs, or travel to them.
    Descend,
    /// The answer to a question: yes or no.
    Confirm(bool),
    /// Esc while playing: the menu.
    Menu,
    /// `?`: the help screen.
    Help,
    /// A new run: the title's N, the menu's n.
    NewRun,
    /// The menu's s.
    SaveAndQuit,
    /// Leave the game: the title's Esc, the menu's q (without saving).
    Quit,
    /// The pack's chosen item used, worn or wielded.
    Use,
    /// The title's D: the next style of dungeon.
    NextStyle,
    /// The title's C: continue the saved run.
    Continue,
    /// A class chosen for the new run.
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
    /// A debugging aid switched (F1 to F6).
    Debug(DebugKey),
    /// `R`: rest until healed.
    Rest,
    /// `o`: explore.
    Explore,
    /// A click on the map: travel there (the shells send it while playing).
    TravelTo(Point),
    /// Any key that is not a step, while a command runs: it stops the
    /// command and does nothing else.
    Interrupt,
}

/// The moving keys and their directions: the arrows, the numpad's digits
/// around 5, and `hjklyubn`, straight steps first.
pub const MOVES: [(Key, Dir); 20] = [
    (Key::Up, Dir::N),
    (Key::Down, Dir::S),
    (Key::Left, Dir::W),
    (Key::Right, Dir::E),
    (Key::Numpad(8), Dir::N),
    (Key::Numpad(2), Dir::S),
    (Key::Numpad(4), Dir::W),
    (Key::Numpad(6), Dir::E),
    (Key::Numpad(7), Dir::NW),
    (Key::Numpad(9), Dir::NE),
    (Key::Numpad(1), Dir::SW),
    (Key::Numpad(3), Dir::SE),
    (Key::Char('k'), Dir::N),
    (Key::Char('j'), Dir::S),
    (Key::Char('h'), Dir::W),
    (Key::Char('l'), Dir::E),
    (Key::Char('y'), Dir::NW),
    (Key::Char('u'), Dir::NE),
    (Key::Char('b'), Dir::SW),
    (Key::Char('n'), Dir::SE),
];

/// The direction a moving key means.
pub fn direction(key: Key) -> Option<Dir> {
    let key = key.folded();
    MOVES.iter().find(|(k, _)| *k == key).map(|&(_, d)| d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_verb_and_no_word_is_named_twice() {
        for (i, &(action, word)) in NAMES.iter().enumerate() {
            assert!(NAMES[..i].iter().all(|&(a, _)| a != action), "{action:?}");
            assert!(NAMES[..i].iter().all(|&(_, w)| w != word), "{word}");
            assert_eq!(Action::named(word), Some(action));
            assert_eq!(action.name(), Some(word));
        }
        assert_eq!(Action::named("dance"), None);
        assert_eq!(Action::Move(Dir::N).name(), None);
    }

    #[test]
    fn each_aid_has_its_own_function_key() {
        for (i, k) in DebugKey::ALL.into_iter().enumerate() {
            assert_eq!(DebugKey::numbered(k.number()), Some(k));
            assert!(DebugKey::ALL[..i].iter().all(|o| o.number() != k.number()));
            let named = NAMES.iter().any(|&(a, _)| a == Action::Debug(k));
            assert!(named, "{k:?} has no word");
        }
        assert_eq!(DebugKey::numbered(5), None, "F5 is no aid");
    }
}
