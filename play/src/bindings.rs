//! The keys, written once: for each state of the game, which key does what
//! and the words that say so. The session finds a key's action here
//! (`action_for`); the help screen, the title, the menu and the other
//! screens of choices are made from these tables, and so is a small
//! display's menu of commands, so no shell keeps a list of keys of its own
//! or reads a key out of the words on a screen.

use amulets_core::game::Game;
use amulets_core::game::auto::{Halt, Pick};
use amulets_core::game::command::CommandKind;
use amulets_core::geom::{Dir, Point};
use amulets_core::input::{Action, DebugKey, Key};
use amulets_core::level::Level;
use amulets_core::map::Terrain;
use amulets_core::player::Class;
use amulets_core::state::{Aim, InventoryMode, State};

/// What a key asks for: one of the game's verbs, or one of the verbs only
/// the session takes (a setting of the player's, a screen of the records,
/// the day's dungeon), which the game is never handed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    /// A verb of the game's.
    Game(Action),
    /// The title's and the menu's P: the next palette, a setting of the
    /// player's, never of the run.
    Palette,
    /// The title's T: today's dungeon, on the book's dice.
    Daily,
    /// The title's H: the hall of fame (and, in it, its other table).
    Hall,
    /// The end screen's R: the run's record (and, in it, its next page).
    Record,
    /// M while playing and on the menu: the messages, the run's log read
    /// back.
    Messages,
    /// The menu's A: what the commands do on their own (the automation
    /// screen), a setting of the player's the session gives the run.
    Automation,
    /// A letter on the automation screen: that setting changed.
    Automate(Setting),
    /// Q while playing: drink a potion (the pack's, then `u`, as the game
    /// has it; the pack to choose from when there are several kinds).
    Drink,
    /// V while playing: read a scroll, as `Drink` drinks.
    Read,
    /// Tab while looking: the cursor to the next monster in view.
    LookNext,
}

/// A setting of the automation screen (docs/rules.md, "Automation").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// Whether explore picks up this kind.
    Pick(Pick),
    /// Whether this stops explore and travel.
    Halt(Halt),
    /// The share of health a rest rests to: down by a tenth, from the
    /// least back to full.
    Rest,
}

impl From<Action> for Verb {
    fn from(action: Action) -> Verb {
        Verb::Game(action)
    }
}

/// The session's verbs by their keymap's words (the game's are in
/// [`amulets_core::input::NAMES`]).
const SESSION_NAMES: [(Verb, &str); 18] = [
    (Verb::LookNext, "next-monster"),
    (Verb::Drink, "drink"),
    (Verb::Read, "read"),
    (Verb::Palette, "palette"),
    (Verb::Daily, "daily"),
    (Verb::Hall, "hall"),
    (Verb::Record, "record"),
    (Verb::Messages, "messages"),
    (Verb::Automation, "automation"),
    (Verb::Automate(Setting::Pick(Pick::Gold)), "pick-up-gold"),
    (
        Verb::Automate(Setting::Pick(Pick::Potions)),
        "pick-up-potions",
    ),
    (
        Verb::Automate(Setting::Pick(Pick::Scrolls)),
        "pick-up-scrolls",
    ),
    (
        Verb::Automate(Setting::Pick(Pick::Weapons)),
        "pick-up-weapons",
    ),
    (
        Verb::Automate(Setting::Pick(Pick::Armour)),
        "pick-up-armour",
    ),
    (Verb::Automate(Setting::Halt(Halt::Items)), "stop-for-items"),
    (Verb::Automate(Setting::Halt(Halt::Traps)), "stop-for-traps"),
    (Verb::Automate(Setting::Halt(Halt::Doors)), "stop-for-doors"),
    (Verb::Automate(Setting::Rest), "rest-share"),
];

impl Verb {
    /// The verb's word, as a keymap names it, for a verb a word names.
    pub fn name(self) -> Option<&'static str> {
        match self {
            Verb::Game(a) => a.name(),
            session => amulets_core::text::name_in(&SESSION_NAMES, session),
        }
    }

    /// The verb a word names.
    pub fn named(word: &str) -> Option<Verb> {
        Action::named(word)
            .map(Verb::Game)
            .or_else(|| amulets_core::text::named_in(&SESSION_NAMES, word))
    }

    /// The game's verb, when it is one.
    pub fn game(self) -> Option<Action> {
        match self {
            Verb::Game(a) => Some(a),
            _ => None,
        }
    }
}

/// Which keys a binding takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keys {
    /// These keys, letters in lower case (a letter takes either case:
    /// [`Key::folded`]); the first is the one a screen's line stands for.
    These(&'static [Key]),
    /// The moving keys (`input::MOVES`).
    Moves,
    /// A letter from a to z: a slot of the pack.
    Letters,
    /// Any key but the function keys (the debugging aids, which change
    /// nothing of the run wherever they are pressed) and the keys that mean
    /// nothing (a Shift pressed to type `?` does not close the help).
    Any,
    /// The mouse's left button, not a key: the help names it, and
    /// `Game::click_actions` says what it does.
    Click,
}

/// What a binding asks for, once a key of it is pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Does {
    /// A verb: the game's, or the session's.
    Act(Verb),
    /// A step the way the moving key points.
    Move,
    /// The cursor moved the way the moving key points.
    Cursor,
    /// The letter itself ([`Action::Letter`]).
    Letter,
    /// What a click means where it lands (`Game::click_actions`).
    Click,
}

/// A key, what it does, and the words for both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The keys that take it.
    pub keys: Keys,
    /// What it asks for.
    pub does: Does,
    /// The keys as the help and the screens name them.
    pub label: &'static str,
    /// What it does, in a few words.
    pub words: &'static str,
    /// The ways a board's buttons give it ([`Pad`]): the table's column for
    /// a five-way switch and three buttons. Empty for a keyboard's only.
    pub pad: &'static [Pad],
    /// The verb whose word ([`Verb::name`]) a keymap (`keys.txt`) calls it
    /// by, or `None` for keys no map changes (a pack's letters, a class's,
    /// "any key"). Most are named by their own verb; aiming's `f` is named
    /// `fire`, though it asks for `Select`. Bindings of one name in several
    /// states are one action to a map: a key given to `drop` drops while
    /// playing and on an item's screen. The moving bindings are named by
    /// direction instead (`keymap::DIRECTIONS`).
    pub name: Option<Verb>,
}

/// What the player stands on, which says what the switch's press does
/// while playing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Underfoot {
    /// Something to pick up (first: it is picked up before the stairs are
    /// taken, as the keyboard's player would).
    Thing,
    /// The stairs down.
    Stairs,
    /// Anything else.
    Nothing,
}

impl Underfoot {
    /// What lies at `p` on a floor (the player's cell, for the press).
    pub fn of(level: &Level, p: Point) -> Underfoot {
        if level.item_at(p).is_some() {
            Underfoot::Thing
        } else if level.map.at(p) == Terrain::StairsDown {
            Underfoot::Stairs
        } else {
            Underfoot::Nothing
        }
    }
}

/// A way a board gives a binding, with a five-way switch (four directions
/// and a press) and three buttons, A, B and C, in the states played on the
/// map (playing, aiming, looking, a question). On the other screens the
/// board chooses a line instead: the switch goes up and down the lines, its
/// press or A takes the line's key, B is Esc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pad {
    /// The switch's directions; B held turns one by 45 degrees, for the
    /// diagonals (up is up-right, and on round).
    Switch,
    /// The switch pressed in.
    Press,
    /// The switch pressed in, standing on this.
    PressOn(Underfoot),
    /// Button A.
    A,
    /// Button B.
    B,
    /// Button C.
    C,
    /// On the board's menu of commands, under this name: C opens it while
    /// playing.
    Menu(&'static str),
}

impl Pad {
    /// True when the button `given` (never a `PressOn`) gives this way,
    /// standing on `under`.
    pub fn given_by(self, given: Pad, under: Underfoot) -> bool {
        match self {
            Pad::PressOn(u) => given == Pad::Press && u == under,
            way => way == given,
        }
    }
}

impl core::fmt::Display for Pad {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Pad::Switch => f.write_str("the switch"),
            Pad::Press => f.write_str("press"),
            Pad::PressOn(Underfoot::Thing) => f.write_str("press on a thing"),
            Pad::PressOn(Underfoot::Stairs) => f.write_str("press on stairs"),
            Pad::PressOn(Underfoot::Nothing) => f.write_str("press elsewhere"),
            Pad::A => f.write_str("A"),
            Pad::B => f.write_str("B"),
            Pad::C => f.write_str("C"),
            Pad::Menu(name) => write!(f, "C, {name}"),
        }
    }
}

impl Binding {
    /// Keys that do one of the game's verbs.
    const fn act(
        keys: &'static [Key],
        action: Action,
        label: &'static str,
        words: &'static str,
    ) -> Binding {
        Binding::ask(keys, Verb::Game(action), label, words)
    }

    /// Keys that ask for a verb, the game's or the session's.
    const fn ask(
        keys: &'static [Key],
        verb: Verb,
        label: &'static str,
        words: &'static str,
    ) -> Binding {
        Binding {
            keys: Keys::These(keys),
            does: Does::Act(verb),
            label,
            words,
            pad: &[],
            name: match verb {
                // A class's letter is its own, changed by no map.
                Verb::Game(Action::ChooseClass(_)) => None,
                verb => Some(verb),
            },
        }
    }

    /// What a keymap calls it, when not by its own verb.
    const fn named(mut self, as_: Action) -> Binding {
        self.name = Some(Verb::Game(as_));
        self
    }

    /// The ways a board's buttons give it.
    const fn pad(mut self, pad: &'static [Pad]) -> Binding {
        self.pad = pad;
        self
    }

    /// What the binding does for a key, or `None` for a key it does not
    /// take.
    pub fn action_for(&self, key: Key) -> Option<Verb> {
        let key = key.folded();
        let taken = match self.keys {
            Keys::These(keys) => keys.contains(&key),
            Keys::Moves => amulets_core::input::direction(key).is_some(),
            Keys::Letters => matches!(key, Key::Char('a'..='z')),
            Keys::Any => !matches!(key, Key::F(_) | Key::Other),
            Keys::Click => false,
        };
        if !taken {
            return None;
        }
        match self.does {
            Does::Act(v) => Some(v),
            Does::Move => amulets_core::input::direction(key).map(|d| Action::Move(d).into()),
            Does::Cursor => amulets_core::input::direction(key).map(|d| Action::Cursor(d).into()),
            Does::Letter => match key {
                Key::Char(c) => Some(Action::Letter(c).into()),
                _ => None,
            },
            Does::Click => None,
        }
    }

    /// The key a screen's line for this binding stands for: the first of
    /// its keys.
    pub fn key(&self) -> Option<Key> {
        match self.keys {
            Keys::These(keys) => keys.first().copied(),
            _ => None,
        }
    }

    /// The verb of its key, when it has one of its own.
    pub fn action(&self) -> Option<Verb> {
        match self.does {
            Does::Act(v) => Some(v),
            _ => None,
        }
    }
}

use Key::{Char, Enter, Escape, F, Numpad, Tab};

/// While playing: the book's keys, those that pass turns first.
pub const PLAYING: [Binding; 21] = [
    Binding {
        keys: Keys::Moves,
        does: Does::Move,
        label: "arrows, numpad, hjklyubn",
        words: "move, or attack what is there",
        pad: &[Pad::Switch],
        name: None,
    },
    Binding::act(
        &[Char('.'), Numpad(5)],
        Action::Wait,
        ". or numpad 5",
        "wait a turn",
    )
    .pad(&[Pad::PressOn(Underfoot::Nothing)]),
    Binding::act(
        &[Char('r')],
        Action::Rest,
        "R",
        "rest until healed, or until something happens",
    )
    .pad(&[Pad::B]),
    Binding {
        keys: Keys::Click,
        does: Does::Click,
        label: "A click on the map",
        words: "travel there, by the shortest way",
        pad: &[Pad::Menu("Travel")],
        name: None,
    },
    Binding::act(
        &[Char('o')],
        Action::Explore,
        "o",
        "explore, until there's nothing left to see",
    )
    .pad(&[Pad::A]),
    Binding::act(
        &[Char('>')],
        Action::Descend,
        ">",
        "go down the stairs, or travel to them",
    )
    .pad(&[Pad::PressOn(Underfoot::Stairs), Pad::Menu("Stairs")]),
    Binding::act(&[Char('g')], Action::PickUp, "g", "pick up what is here")
        .pad(&[Pad::PressOn(Underfoot::Thing)]),
    Binding::act(
        &[Char('i')],
        Action::Inventory,
        "i",
        "inventory: use, wear, drop",
    )
    .pad(&[Pad::Menu("Pack")]),
    Binding::act(&[Char('d')], Action::Drop, "d", "drop something").pad(&[Pad::Menu("Drop")]),
    Binding::act(&[Char('c')], Action::Close, "c", "close a door next to you")
        .pad(&[Pad::Menu("Close")]),
    Binding::act(
        &[Char('s')],
        Action::Search,
        "s",
        "search for traps and secret doors",
    )
    .pad(&[Pad::Menu("Search")]),
    Binding::act(
        &[Char('e')],
        Action::KeepSearching,
        "e",
        "search here until something turns up (5 turns at most)",
    )
    .pad(&[Pad::Menu("Hunt")]),
    Binding::act(&[Char('f')], Action::Fire, "f", "fire the bow").pad(&[Pad::Menu("Fire")]),
    Binding::act(&[Char('t')], Action::Throw, "t", "throw a dart or a dagger")
        .pad(&[Pad::Menu("Throw")]),
    Binding::act(
        &[Char('z')],
        Action::Cast,
        "z",
        "cast Lightning, if you know it by heart",
    )
    .pad(&[Pad::Menu("Cast")]),
    Binding::act(&[Char('x')], Action::Look, "x", "look around").pad(&[Pad::Menu("Look")]),
    Binding::act(&[Char('?')], Action::Help, "?", "this help").pad(&[Pad::Menu("Help")]),
    Binding::act(
        &[Escape],
        Action::Menu,
        "Esc",
        "the menu, or back out of anything",
    )
    .pad(&[Pad::Menu("Menu")]),
    Binding::ask(&[Char('q')], Verb::Drink, "q", "drink a potion").pad(&[Pad::Menu("Drink")]),
    Binding::ask(&[Char('v')], Verb::Read, "v", "read a scroll").pad(&[Pad::Menu("Read")]),
    Binding::ask(
        &[Char('m')],
        Verb::Messages,
        "m",
        "the messages: the run's log, read back",
    )
    .pad(&[Pad::Menu("Log")]),
];

/// The debugging aids, while playing, looking or aiming. None of them
/// changes the run, and a held one does not repeat.
pub const DEBUG: [Binding; 5] = [
    Binding::act(
        &[F(DebugKey::Reveal.number())],
        Action::Debug(DebugKey::Reveal),
        "F1",
        "debug: show the whole floor",
    ),
    Binding::act(
        &[F(DebugKey::SwitchView.number())],
        Action::Debug(DebugKey::SwitchView),
        "F2",
        "switch glyphs and tiles",
    ),
    Binding::act(
        &[F(DebugKey::Distances.number())],
        Action::Debug(DebugKey::Distances),
        "F3",
        "debug: distances from you",
    ),
    Binding::act(
        &[F(DebugKey::Minds.number())],
        Action::Debug(DebugKey::Minds),
        "F4",
        "debug: what each monster is thinking",
    ),
    Binding::act(
        &[F(DebugKey::CaveSteps.number())],
        Action::Debug(DebugKey::CaveSteps),
        "F6",
        "debug: make a cave a step at a time",
    ),
];

/// While aiming, whatever for; the key that began the aim chooses too
/// (`AIM_AGAIN`).
pub const AIMING: [Binding; 5] = [
    Binding {
        keys: Keys::Moves,
        does: Does::Cursor,
        label: "arrows, numpad, hjklyubn",
        words: "move the cursor",
        pad: &[Pad::Switch],
        name: None,
    },
    Binding::act(
        &[Enter],
        Action::Select,
        "Enter",
        "while aiming or looking: choose the cell",
    )
    .pad(&[Pad::Press]),
    Binding::act(
        &[Tab],
        Action::NextTarget,
        "Tab",
        "while aiming: the next monster",
    )
    .pad(&[Pad::A]),
    Binding {
        keys: Keys::Click,
        does: Does::Click,
        label: "A click, aiming",
        words: "fire at the cell clicked",
        pad: &[],
        name: None,
    },
    Binding::act(&[Escape], Action::Cancel, "Esc", "stop aiming").pad(&[Pad::B, Pad::C]),
];

/// The key that began an aim chooses its cell too: `f` fires where `f`
/// aims.
const AIM_AGAIN: [Binding; 3] = [
    Binding::act(&[Char('f')], Action::Select, "f", "fire there").named(Action::Fire),
    Binding::act(&[Char('t')], Action::Select, "t", "throw there").named(Action::Throw),
    Binding::act(&[Char('z')], Action::Select, "z", "cast there").named(Action::Cast),
];

/// While looking around with the cursor.
pub const LOOKING: [Binding; 3] = [
    Binding {
        keys: Keys::Moves,
        does: Does::Cursor,
        label: "arrows, numpad, hjklyubn",
        words: "move the cursor",
        pad: &[Pad::Switch],
        name: None,
    },
    Binding::act(
        &[Escape, Enter, Char('x')],
        Action::Cancel,
        "Esc",
        "stop looking",
    )
    .named(Action::Look)
    .pad(&[Pad::Press, Pad::B, Pad::C]),
    Binding::ask(
        &[Tab],
        Verb::LookNext,
        "Tab",
        "while looking: the next monster",
    )
    .pad(&[Pad::A]),
];

/// The title screen.
pub const TITLE: [Binding; 8] = [
    Binding::act(&[Char('n')], Action::NewRun, "N", "a new run"),
    Binding::act(
        &[Char('c')],
        Action::Continue,
        "C",
        "continue the saved run",
    ),
    // The words are the style's own (`Style::words`).
    Binding::act(&[Char('d')], Action::NextStyle, "D", "dungeons"),
    Binding::act(&[Char('?')], Action::Help, "?", "the keys"),
    // The words name the day too (`view::screen`).
    Binding::ask(&[Char('t')], Verb::Daily, "T", "today's dungeon"),
    Binding::ask(&[Char('h')], Verb::Hall, "H", "the hall of fame"),
    // The words name the palette too (`view::screen`).
    Binding::ask(&[Char('p')], Verb::Palette, "P", "colours"),
    Binding::act(&[Escape, Char('q')], Action::Quit, "Esc", "quit"),
];

/// Choosing a class: its letter. The words are the class's own
/// ([`Class::blurb`]).
pub const CHOOSE_CLASS: [Binding; 4] = [
    Binding::act(
        &[Char(Class::Fighter.letter())],
        Action::ChooseClass(Class::Fighter),
        "a",
        "",
    ),
    Binding::act(
        &[Char(Class::Rogue.letter())],
        Action::ChooseClass(Class::Rogue),
        "b",
        "",
    ),
    Binding::act(
        &[Char(Class::Wizard.letter())],
        Action::ChooseClass(Class::Wizard),
        "c",
        "",
    ),
    Binding::act(&[Escape], Action::Cancel, "Esc", "back"),
];

/// The pack, to pick an item (or to drop one): its letter.
pub const PACK: [Binding; 2] = [
    Binding {
        keys: Keys::Letters,
        does: Does::Letter,
        label: "a to z",
        words: "pick an item",
        pad: &[],
        name: None,
    },
    Binding::act(&[Escape], Action::Cancel, "Esc", "close"),
];

/// One item of the pack picked.
pub const PACK_ITEM: [Binding; 3] = [
    Binding::act(&[Char('u')], Action::Use, "u", "use, wear or wield"),
    Binding::act(&[Char('d')], Action::Drop, "d", "drop"),
    Binding::act(&[Escape], Action::Cancel, "Esc", "back"),
];

/// The menu (Esc while playing).
pub const MENU: [Binding; 7] = [
    Binding::act(&[Char('c'), Escape], Action::Cancel, "c", "continue").named(Action::Continue),
    Binding::act(&[Char('s')], Action::SaveAndQuit, "s", "save and quit"),
    Binding::act(&[Char('q')], Action::Quit, "q", "quit without saving"),
    Binding::act(&[Char('n')], Action::NewRun, "n", "a new run"),
    Binding::ask(&[Char('m')], Verb::Messages, "m", "the messages"),
    // The words name the palette too (`view::screen`).
    Binding::ask(&[Char('p')], Verb::Palette, "p", "colours"),
    Binding::ask(
        &[Char('a')],
        Verb::Automation,
        "a",
        "automation: pick-up, stops, rest",
    ),
];

/// The automation screen (the menu's A): a letter changes its setting,
/// any other key closes it.
pub const AUTOMATION: [Binding; 10] = [
    Binding::ask(
        &[Char('g')],
        Verb::Automate(Setting::Pick(Pick::Gold)),
        "g",
        "pick up gold",
    ),
    Binding::ask(
        &[Char('p')],
        Verb::Automate(Setting::Pick(Pick::Potions)),
        "p",
        "pick up potions",
    ),
    Binding::ask(
        &[Char('s')],
        Verb::Automate(Setting::Pick(Pick::Scrolls)),
        "s",
        "pick up scrolls",
    ),
    Binding::ask(
        &[Char('w')],
        Verb::Automate(Setting::Pick(Pick::Weapons)),
        "w",
        "pick up weapons and ammunition",
    ),
    Binding::ask(
        &[Char('a')],
        Verb::Automate(Setting::Pick(Pick::Armour)),
        "a",
        "pick up armour",
    ),
    Binding::ask(
        &[Char('i')],
        Verb::Automate(Setting::Halt(Halt::Items)),
        "i",
        "stop for an item not picked up",
    ),
    Binding::ask(
        &[Char('t')],
        Verb::Automate(Setting::Halt(Halt::Traps)),
        "t",
        "stop for a trap found",
    ),
    Binding::ask(
        &[Char('d')],
        Verb::Automate(Setting::Halt(Halt::Doors)),
        "d",
        "stop for a secret door found",
    ),
    Binding::ask(&[Char('r')], Verb::Automate(Setting::Rest), "r", "rest to"),
    Binding {
        keys: Keys::Any,
        does: Does::Act(Verb::Game(Action::Cancel)),
        label: "any other key",
        words: "close",
        pad: &[],
        name: None,
    },
];

/// A question: y or n (Esc is no).
pub const CONFIRM: [Binding; 2] = [
    Binding::act(
        &[Char('y')],
        Action::Confirm(true),
        "y",
        "yes, to a question",
    )
    .pad(&[Pad::Press, Pad::A]),
    Binding::act(
        &[Char('n'), Escape],
        Action::Confirm(false),
        "n",
        "no, to a question (Esc too)",
    )
    .pad(&[Pad::B, Pad::C]),
];

/// "A new run?", asked when starting one would lose a saved run: no is
/// the default, first.
pub const ABANDON: [Binding; 2] = [
    Binding::act(
        &[Char('n'), Escape],
        Action::Confirm(false),
        "n",
        "no, keep it",
    ),
    Binding::act(
        &[Char('y')],
        Action::Confirm(true),
        "y",
        "yes, start a new run",
    ),
];

/// The help screen: any key closes it.
pub const HELP: [Binding; 1] = [Binding {
    keys: Keys::Any,
    does: Does::Act(Verb::Game(Action::Cancel)),
    label: "any key",
    words: "close the help",
    pad: &[],
    name: None,
}];

/// The hall of fame (the title's H): its other table, or any other key
/// closes it.
pub const HALL: [Binding; 2] = [
    Binding::ask(
        &[Char('h'), Tab, Key::Left, Key::Right],
        Verb::Hall,
        "H",
        "the other table",
    ),
    Binding {
        keys: Keys::Any,
        does: Does::Act(Verb::Game(Action::Cancel)),
        label: "any key",
        words: "close",
        pad: &[],
        name: None,
    },
];

/// The end of a run, dead or won.
pub const ENDED: [Binding; 2] = [
    Binding::act(
        &[Enter, Escape, Char(' ')],
        Action::Cancel,
        "Enter",
        "for the title screen",
    ),
    Binding::ask(&[Char('r')], Verb::Record, "R", "the run's record"),
];

/// The run's record (the end screen's R): its next page, or any other key
/// closes it.
pub const RECORD: [Binding; 2] = [
    Binding::ask(
        &[Char('r'), Tab, Key::Down, Key::Right],
        Verb::Record,
        "R",
        "the next page",
    ),
    Binding {
        keys: Keys::Any,
        does: Does::Act(Verb::Game(Action::Cancel)),
        label: "any key",
        words: "close",
        pad: &[],
        name: None,
    },
];

/// The messages (M): any key closes them (Up and Down scroll them where
/// they are longer than the screen).
pub const MESSAGES: [Binding; 1] = [Binding {
    keys: Keys::Any,
    does: Does::Act(Verb::Game(Action::Cancel)),
    label: "any key",
    words: "close",
    pad: &[],
    name: None,
}];

/// While a command runs (rest, travel, explore): any key stops it and does
/// nothing else.
pub const RUNNING: [Binding; 1] = [Binding {
    keys: Keys::Any,
    does: Does::Act(Verb::Game(Action::Interrupt)),
    label: "any key",
    words: "stop a command that is running",
    pad: &[],
    name: None,
}];

/// The tables that hold a state's keys, looked at in order (the first
/// that takes a key wins); empty slices fill the rest.
pub fn tables(state: State) -> [&'static [Binding]; 3] {
    const NONE: &[Binding] = &[];
    match state {
        // F2 and F6 (the view and F6's cave) work on the title too; the
        // others look at a floor, which the title has none of.
        State::Title => [&TITLE, &DEBUG[1..2], &DEBUG[4..5]],
        State::ChooseClass => [&CHOOSE_CLASS, NONE, NONE],
        State::Playing => [&DEBUG, &PLAYING, NONE],
        State::Aiming(aim) => {
            let again = match aim {
                Aim::Fire => 0,
                Aim::Throw { .. } => 1,
                Aim::Cast => 2,
            };
            [&DEBUG, &AIMING, core::slice::from_ref(&AIM_AGAIN[again])]
        }
        State::Looking => [&DEBUG, &LOOKING, NONE],
        State::Inventory(InventoryMode::Item(_)) => [&PACK_ITEM, NONE, NONE],
        State::Inventory(_) => [&PACK, NONE, NONE],
        State::Confirming(_) => [&CONFIRM, NONE, NONE],
        State::Menu => [&MENU, NONE, NONE],
        State::Help => [&HELP, NONE, NONE],
        State::Dead | State::Won => [&ENDED, NONE, NONE],
    }
}

/// Where a key is read: a state of the game, or a screen the session puts
/// over it. A keymap's key means one thing in each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// The game's state.
    State(State),
    /// "A new run?", asked over everything while a save would be lost.
    Abandon,
    /// The hall of fame, over the title.
    Hall,
    /// A run's record, over the end screen.
    Record,
    /// The messages, over the map.
    Messages,
    /// The automation screen, over the menu.
    Automation,
}

/// The tables that hold a context's keys, looked at in order.
pub fn tables_in(context: Context) -> [&'static [Binding]; 3] {
    const NONE: &[Binding] = &[];
    match context {
        Context::State(state) => tables(state),
        Context::Abandon => [&ABANDON, NONE, NONE],
        Context::Hall => [&HALL, NONE, NONE],
        Context::Record => [&RECORD, NONE, NONE],
        Context::Messages => [&MESSAGES, NONE, NONE],
        Context::Automation => [&AUTOMATION, NONE, NONE],
    }
}

/// Every context: a state of each kind (`STATES`), then the session's
/// screens.
pub const CONTEXTS: [Context; STATES.len() + 5] = {
    let mut out = [Context::Abandon; STATES.len() + 5];
    let mut i = 0;
    while i < STATES.len() {
        out[i] = Context::State(STATES[i]);
        i += 1;
    }
    out[i] = Context::Abandon;
    out[i + 1] = Context::Hall;
    out[i + 2] = Context::Record;
    out[i + 3] = Context::Messages;
    out[i + 4] = Context::Automation;
    out
};

/// A state of each kind the tables cover: aiming of each kind and every
/// pack screen among them, for a search or a test that goes through them
/// all (a slot or a question stands for any).
pub const STATES: [State; 14] = [
    State::Title,
    State::ChooseClass,
    State::Playing,
    State::Aiming(Aim::Fire),
    State::Aiming(Aim::Throw { slot: 0 }),
    State::Aiming(Aim::Cast),
    State::Looking,
    State::Inventory(InventoryMode::Browse),
    State::Inventory(InventoryMode::Drop),
    State::Inventory(InventoryMode::Item(0)),
    State::Confirming(amulets_core::state::Question::LeaveAmulet),
    State::Menu,
    State::Help,
    State::Dead,
];

/// The binding a key finds in a state, and what it asks for.
pub fn find(state: State, key: Key) -> Option<(&'static Binding, Verb)> {
    tables(state)
        .into_iter()
        .flatten()
        .find_map(|b| b.action_for(key).map(|a| (b, a)))
}

/// What a key means in a context, or `None` for a key that means nothing
/// there.
pub fn action_in(context: Context, key: Key) -> Option<Verb> {
    tables_in(context)
        .into_iter()
        .flatten()
        .find_map(|b| b.action_for(key))
}

/// What a key means in a state, or `None` for a key that means nothing
/// there.
pub fn action_for(state: State, key: Key) -> Option<Verb> {
    find(state, key).map(|(_, a)| a)
}

/// What a left click on a map cell asks for in a state, as every shell
/// with a mouse means it (the book's `handleClick`): while aiming, it fires
/// at the cell; while playing, it travels there. Elsewhere nothing.
pub fn click_actions(state: State, cell: Point) -> heapless::Vec<Action, 2> {
    let actions: &[Action] = match state {
        State::Aiming(_) => &[Action::CursorTo(cell), Action::Select],
        State::Playing => &[Action::TravelTo(cell)],
        _ => &[],
    };
    let mut out = heapless::Vec::new();
    out.extend_from_slice(actions)
        .expect("at most two actions, the vector's room");
    out
}

/// Whether a key's verb asks for the command already running, which it
/// then leaves to run rather than stop: `>` while travelling to the known
/// stairs (a second `>` said "Stopped." and stood still).
pub fn asks_again(game: &Game, verb: Option<Verb>) -> bool {
    let to_stairs = game
        .command()
        .is_some_and(|c| c.kind == CommandKind::Travel && Some(c.goal) == game.known_stairs());
    to_stairs && verb == Some(Verb::Game(Action::Descend))
}

/// How a pointer came down on a map cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pointer {
    /// A mouse's left button ([`click_actions`]).
    Click,
    /// A finger, lifted at once ([`tap_actions`]).
    Tap,
    /// A finger held ([`long_press_actions`]).
    LongPress,
}

/// What a pointer on a map cell asks for, by how it came down.
pub fn pointer_actions(game: &Game, cell: Point, how: Pointer) -> heapless::Vec<Action, 2> {
    match how {
        Pointer::Click => click_actions(game.state(), cell),
        Pointer::Tap => tap_actions(game, cell),
        Pointer::LongPress => long_press_actions(game.state(), cell),
    }
}

/// What a tap on a map cell asks for on a touch screen (the page's
/// gestures, docs/web.md): while playing, a tap on a cell next to the
/// player is a step there, as its direction's key is (on a monster, an
/// attack; on a closed door, opening it), so the player can close in on a
/// monster in view, which refuses travel; a tap on the player rests (or,
/// when nothing is hurt, searches until something turns up); a tap
/// further off travels there, as a click does. While looking, a tap stops
/// looking. Elsewhere, as a click.
pub fn tap_actions(game: &Game, cell: Point) -> heapless::Vec<Action, 2> {
    let me = game.player().pos;
    // `Some` only for a cell next to the player.
    let next_to = Dir::from_delta(cell.x - me.x, cell.y - me.y);
    let action = match (game.state(), next_to) {
        (State::Playing, _) if cell == me && game.player().is_hurt() => Action::Rest,
        (State::Playing, _) if cell == me => Action::KeepSearching,
        (State::Playing, Some(d)) => Action::Move(d),
        (State::Looking, _) => Action::Cancel,
        (state, _) => return click_actions(state, cell),
    };
    let mut out = heapless::Vec::new();
    out.push(action).expect("one action, in room for two");
    out
}

/// What a long press on a map cell asks for on a touch screen: a look at
/// it (while looking, the cursor moved there); elsewhere nothing.
pub fn long_press_actions(state: State, cell: Point) -> heapless::Vec<Action, 2> {
    let actions: &[Action] = match state {
        State::Playing => &[Action::Look, Action::CursorTo(cell)],
        State::Looking => &[Action::CursorTo(cell)],
        _ => &[],
    };
    let mut out = heapless::Vec::new();
    out.extend_from_slice(actions)
        .expect("at most two actions, the vector's room");
    out
}

/// True when holding the key down repeats what it does in this state: every
/// key but the debugging aids' (the book's F6 ignores repeats, and a
/// held switch would flicker on and off).
pub fn repeats(state: State, key: Key) -> bool {
    !matches!(find(state, key), Some((_, Verb::Game(Action::Debug(_)))))
}

/// The binding a board's button gives in a state, standing on `under`:
/// the first in the state's tables with that way ([`Pad`]). [`Pad::Switch`]
/// finds the moving binding, when the state has one.
pub fn for_pad(state: State, given: Pad, under: Underfoot) -> Option<&'static Binding> {
    tables(state)
        .into_iter()
        .flatten()
        .find(|b| b.pad.iter().any(|w| w.given_by(given, under)))
}

/// The tables a board plays with its buttons ([`Pad`]), and what a line of
/// its help calls each: while playing (no name), aiming, looking, asked.
pub const PAD_TABLES: [(&str, &[Binding]); 4] = [
    ("", &PLAYING),
    ("aiming: ", &AIMING),
    ("looking: ", &LOOKING),
    ("asked: ", &CONFIRM),
];

/// A board's help: each binding its buttons give, with the name of its
/// table, in `PAD_TABLES`' order; a binding with the same ways and words as
/// one listed before (looking's cursor, after aiming's) is listed once.
pub fn pad_help() -> impl Iterator<Item = (&'static str, &'static Binding)> {
    let all = || {
        PAD_TABLES
            .iter()
            .flat_map(|&(name, table)| table.iter().map(move |b| (name, b)))
            .filter(|(_, b)| !b.pad.is_empty())
    };
    all().enumerate().filter_map(move |(i, (name, b))| {
        let again = all()
            .take(i)
            .any(|(_, e)| e.pad == b.pad && e.words == b.words);
        (!again).then_some((name, b))
    })
}

/// The help screen's lines, as a key and its words: the playing keys, then
/// the keys of aiming and of a question, the debugging aids, and what
/// stops a command.
pub fn help() -> impl Iterator<Item = &'static Binding> {
    help_in().map(|(_, b)| b)
}

/// The help screen's lines, each with the context its keys are read in
/// (a keymap's keys for it are those of that context).
pub fn help_in() -> impl Iterator<Item = (Context, &'static Binding)> {
    let aiming = AIMING.iter().filter(|b| b.label != AIMING[0].label);
    let aiming = aiming.filter(|b| b.action() != Some(Verb::Game(Action::Cancel)));
    let playing = Context::State(State::Playing);
    let asked = Context::State(State::Confirming(
        amulets_core::state::Question::LeaveAmulet,
    ));
    let in_ = |c: Context| move |b| (c, b);
    PLAYING
        .iter()
        .map(in_(playing))
        .chain(aiming.map(in_(Context::State(State::Aiming(Aim::Fire)))))
        .chain(CONFIRM.iter().map(in_(asked)))
        .chain(DEBUG.iter().map(in_(playing)))
        .chain(RUNNING.iter().map(in_(playing)))
}

/// A key pressed straight to a game, for tests that play without a
/// session: what it means here (`action_for`), acted on when it is one of
/// the game's verbs (a session's verb does nothing without a session).
#[cfg(any(test, feature = "test-support"))]
pub trait Press {
    /// A key press, acted on.
    fn press(&mut self, key: Key) -> amulets_core::state::Outcome;
}

#[cfg(any(test, feature = "test-support"))]
impl Press for amulets_core::game::Game {
    fn press(&mut self, key: Key) -> amulets_core::state::Outcome {
        match action_for(self.state(), key).and_then(Verb::game) {
            Some(action) => self.act(action),
            None => amulets_core::state::Outcome::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::geom::Dir;

    /// Every key a shell can give, or enough of them: the printable ASCII,
    /// the named keys, the numpad and the function keys.
    fn all_keys() -> impl Iterator<Item = Key> {
        let chars = (b' '..=b'~').map(|b| Char(b as char));
        let named = [
            Key::Up,
            Key::Down,
            Key::Left,
            Key::Right,
            Enter,
            Escape,
            Tab,
        ];
        chars
            .chain(named)
            .chain((1..=9).map(Numpad))
            .chain((1..=12).map(F))
    }

    #[test]
    fn no_key_means_two_things_in_one_state() {
        for state in STATES {
            for key in all_keys() {
                let takers = tables(state)
                    .into_iter()
                    .flatten()
                    .filter(|b| b.action_for(key).is_some())
                    .count();
                assert!(takers <= 1, "{key:?} in {state:?} is taken {takers} times");
            }
        }
    }

    #[test]
    fn the_book_s_keys_mean_what_the_book_says() {
        let p = State::Playing;
        assert_eq!(
            action_for(p, Char('y')),
            Some(Verb::Game(Action::Move(Dir::NW)))
        );
        assert_eq!(
            action_for(p, Numpad(3)),
            Some(Verb::Game(Action::Move(Dir::SE)))
        );
        assert_eq!(action_for(p, Char('r')), Some(Verb::Game(Action::Rest)));
        assert_eq!(action_for(p, Char('R')), Some(Verb::Game(Action::Rest)));
        assert_eq!(action_for(p, Char('>')), Some(Verb::Game(Action::Descend)));
        assert_eq!(action_for(p, Char('q')), Some(Verb::Drink));
        assert_eq!(action_for(p, Char('v')), Some(Verb::Read));
        assert_eq!(
            action_for(p, Key::Other),
            None,
            "a lone Shift means nothing"
        );
        assert_eq!(
            action_for(State::Help, Key::Other),
            None,
            "nor closes the help"
        );
        let ask = State::Confirming(amulets_core::game::Question::LeaveAmulet);
        assert_eq!(
            action_for(ask, Char('y')),
            Some(Verb::Game(Action::Confirm(true)))
        );
        assert_eq!(
            action_for(ask, Escape),
            Some(Verb::Game(Action::Confirm(false)))
        );
        assert_eq!(
            action_for(State::Aiming(Aim::Cast), Char('z')),
            Some(Verb::Game(Action::Select))
        );
        assert_eq!(action_for(State::Aiming(Aim::Cast), Char('f')), None);
        assert_eq!(
            action_for(State::ChooseClass, Char('B')),
            Some(Verb::Game(Action::ChooseClass(Class::Rogue)))
        );
        assert_eq!(
            action_for(State::Help, Char('w')),
            Some(Verb::Game(Action::Cancel))
        );
        assert_eq!(
            action_for(State::Inventory(InventoryMode::Drop), Char('q')),
            Some(Verb::Game(Action::Letter('q')))
        );
    }

    #[test]
    fn every_line_of_a_screen_names_a_key_that_does_it() {
        // A label of one character is the key itself; a longer one starts
        // with its key's name.
        for state in STATES {
            for b in tables(state).into_iter().flatten() {
                let Some(key) = b.key() else { continue };
                let named = match key {
                    Char(c) => {
                        b.label.starts_with(c.to_ascii_uppercase()) || b.label.starts_with(c)
                    }
                    Escape => b.label == "Esc",
                    Enter => b.label == "Enter",
                    Tab => b.label == "Tab",
                    F(n) => b.label.strip_prefix('F').and_then(|d| d.parse().ok()) == Some(n),
                    _ => true,
                };
                assert!(named, "{:?} is labelled {:?}", key, b.label);
            }
        }
    }

    #[test]
    fn a_letter_is_a_key_in_either_case() {
        for state in STATES {
            for c in 'a'..='z' {
                let upper = Char(c.to_ascii_uppercase());
                assert_eq!(
                    action_for(state, upper),
                    action_for(state, Char(c)),
                    "{upper:?} in {state:?}"
                );
            }
        }
        // With Caps Lock on, o still explores and H still steps west.
        assert_eq!(
            action_for(State::Playing, Char('O')),
            Some(Verb::Game(Action::Explore))
        );
        assert_eq!(
            action_for(State::Playing, Char('H')),
            Some(Verb::Game(Action::Move(Dir::W)))
        );
        // The typed characters are what they are.
        assert_eq!(
            action_for(State::Playing, Char('>')),
            Some(Verb::Game(Action::Descend))
        );
        assert_eq!(
            action_for(State::Playing, Char('.')),
            Some(Verb::Game(Action::Wait))
        );
    }

    #[test]
    fn the_help_has_the_book_s_lines_in_the_book_s_order() {
        // Typed from the book's chapter 23: R below ". or numpad 5", the
        // click below R, o below the click, and > as it was changed.
        const BOOK: [(&str, &str); 4] = [
            ("R", "rest until healed, or until something happens"),
            ("A click on the map", "travel there, by the shortest way"),
            ("o", "explore, until there's nothing left to see"),
            (">", "go down the stairs, or travel to them"),
        ];
        let help: heapless::Vec<(&str, &str), 40> = help().map(|b| (b.label, b.words)).collect();
        let at = |line: (&str, &str)| help.iter().position(|&l| l == line);
        let wait = help
            .iter()
            .position(|&(l, _)| l == ". or numpad 5")
            .unwrap();
        let places: heapless::Vec<usize, 4> = BOOK
            .iter()
            .map(|&l| at(l).unwrap_or_else(|| panic!("{l:?} is not in the help")))
            .collect();
        assert_eq!(
            places[..3],
            [wait + 1, wait + 2, wait + 3],
            "R, the click, o in turn"
        );
        assert!(places[3] > places[2]);
        // The lines the book has no words for come after the book's:
        // aiming's, the answers, the debugging aids, "any key".
        let tab = help.iter().position(|&(l, _)| l == "Tab").unwrap();
        let f1 = help.iter().position(|&(l, _)| l == "F1").unwrap();
        assert!(places.iter().all(|&p| p < tab) && tab < f1);
        assert_eq!(help.last().map(|l| l.0), Some("any key"));
    }

    #[test]
    fn no_button_gives_two_things_in_one_state() {
        const GIVEN: [Pad; 5] = [Pad::Switch, Pad::Press, Pad::A, Pad::B, Pad::C];
        const UNDER: [Underfoot; 3] = [Underfoot::Thing, Underfoot::Stairs, Underfoot::Nothing];
        for state in STATES {
            for given in GIVEN {
                for under in UNDER {
                    let takers = tables(state)
                        .into_iter()
                        .flatten()
                        .filter(|b| b.pad.iter().any(|w| w.given_by(given, under)))
                        .count();
                    assert!(takers <= 1, "{given} on {under:?} in {state:?}: {takers}");
                }
            }
        }
        // The press while playing does one thing wherever the player is.
        for under in UNDER {
            assert!(
                for_pad(State::Playing, Pad::Press, under).is_some(),
                "{under:?}"
            );
        }
        // The names on the menu are each one binding's.
        let names = PLAYING.iter().flat_map(|b| b.pad).filter_map(|w| match w {
            Pad::Menu(n) => Some(*n),
            _ => None,
        });
        let names: heapless::Vec<&str, 20> = names.collect();
        for (i, n) in names.iter().enumerate() {
            assert!(!names[..i].contains(n), "{n} twice");
        }
    }

    #[test]
    fn a_board_s_buttons_give_what_its_help_says() {
        assert_eq!(
            for_pad(State::Playing, Pad::Press, Underfoot::Thing).map(|b| b.action()),
            Some(Some(Verb::Game(Action::PickUp)))
        );
        assert_eq!(
            for_pad(State::Playing, Pad::Press, Underfoot::Stairs).map(|b| b.action()),
            Some(Some(Verb::Game(Action::Descend)))
        );
        assert_eq!(
            for_pad(State::Aiming(Aim::Fire), Pad::A, Underfoot::Nothing).map(|b| b.action()),
            Some(Some(Verb::Game(Action::NextTarget)))
        );
        assert_eq!(for_pad(State::Playing, Pad::C, Underfoot::Nothing), None);
        let mut name: heapless::String<16> = heapless::String::new();
        core::fmt::write(&mut name, format_args!("{}", Pad::Menu("Pack"))).unwrap();
        assert_eq!(name, "C, Pack");
    }

    #[test]
    fn the_help_has_every_playing_key_and_fits_a_screen() {
        let help: heapless::Vec<&Binding, 40> = help().collect();
        for b in &PLAYING {
            assert!(help.contains(&b), "{}", b.label);
        }
        assert!(help.len() <= crate::view::PANEL_LINES);
    }
}
