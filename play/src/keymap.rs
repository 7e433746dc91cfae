//! Your own keys. A keymap gives keys to actions by name (`o = explore`,
//! one a line, the file `keys.txt`), on top of the book's keys
//! (`bindings`): a key given to an action does that action wherever the
//! action can be done, and whatever it did there before it no longer does.
//! Every other key keeps its meaning. An action whose every key was given
//! away keeps its own, and the line that took it is left out, so no map
//! leaves anything undoable, and no key means two things in one place.
//!
//! The tables stay the book's: the session turns each key pressed into the
//! book's key for what it means here (`translate`), and the screens write
//! the keys in force (`label`, `first_key`). The map is bounded: at most
//! `MAX_KEYS` lines, in a fixed array.

use crate::bindings::{self, Binding, CONTEXTS, Context, Keys, Setting, Verb};
use amulets_core::game::auto::{Halt, Pick};
use amulets_core::geom::Dir;
use amulets_core::input::script::{Written, one_key};
use amulets_core::input::{Action, DebugKey, Key, MOVES};
use amulets_core::state::State;
use core::fmt::{self, Write};

/// The most keys a map gives: a preset gives at most 16 (tested), and a
/// person remapping every action once would give 42. Lines past it are
/// left out, each reported.
pub const MAX_KEYS: usize = 48;

/// The first line of a keymap file, naming its version (a file without one
/// is read as this version; one of another version is not read).
pub const VERSION_LINE: &str = "amulets-keys 1";

/// The moving keys' directions in `hjklyubn`'s order, the order the help
/// writes their letters in. A map names each by its word ([`Dir::word`]).
pub const DIRECTIONS: [Dir; 8] = [
    Dir::W,
    Dir::S,
    Dir::N,
    Dir::E,
    Dir::NW,
    Dir::NE,
    Dir::SW,
    Dir::SE,
];

/// What a keymap line gives a key to: a direction, or a verb.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mapped {
    /// A moving key's direction, named by its word (`west`).
    Direction(Dir),
    /// A verb, named by its word ([`Verb::name`]: `explore`, `palette`).
    Verb(Verb),
}

impl Mapped {
    /// The word a map writes for it.
    pub fn name(self) -> &'static str {
        match self {
            Mapped::Direction(d) => d.word(),
            Mapped::Verb(v) => v.name().unwrap_or(""),
        }
    }
}

const fn game(action: Action) -> Mapped {
    Mapped::Verb(Verb::Game(action))
}

const fn session(verb: Verb) -> Mapped {
    Mapped::Verb(verb)
}

/// Every action a map can name, in the order a template (`write_template`)
/// and `docs/keys.md` list them: the directions, then the bindings' names
/// ([`Binding::name`]), each once (a test checks each has a word, and is
/// somewhere to be done).
pub const ACTIONS: [Mapped; 58] = [
    Mapped::Direction(DIRECTIONS[0]),
    Mapped::Direction(DIRECTIONS[1]),
    Mapped::Direction(DIRECTIONS[2]),
    Mapped::Direction(DIRECTIONS[3]),
    Mapped::Direction(DIRECTIONS[4]),
    Mapped::Direction(DIRECTIONS[5]),
    Mapped::Direction(DIRECTIONS[6]),
    Mapped::Direction(DIRECTIONS[7]),
    game(Action::Wait),
    game(Action::Rest),
    game(Action::Explore),
    game(Action::Descend),
    game(Action::PickUp),
    game(Action::Inventory),
    game(Action::Drop),
    game(Action::Close),
    game(Action::Search),
    game(Action::KeepSearching),
    game(Action::Fire),
    game(Action::Throw),
    game(Action::Cast),
    game(Action::Look),
    game(Action::Help),
    game(Action::Menu),
    game(Action::Select),
    game(Action::NextTarget),
    game(Action::Cancel),
    game(Action::Confirm(true)),
    game(Action::Confirm(false)),
    game(Action::NewRun),
    game(Action::Continue),
    game(Action::NextStyle),
    session(Verb::Palette),
    session(Verb::Daily),
    session(Verb::Hall),
    session(Verb::Record),
    session(Verb::Messages),
    session(Verb::Automation),
    session(Verb::Automate(Setting::Pick(Pick::Gold))),
    session(Verb::Automate(Setting::Pick(Pick::Potions))),
    session(Verb::Automate(Setting::Pick(Pick::Scrolls))),
    session(Verb::Automate(Setting::Pick(Pick::Weapons))),
    session(Verb::Automate(Setting::Pick(Pick::Armour))),
    session(Verb::Automate(Setting::Halt(Halt::Items))),
    session(Verb::Automate(Setting::Halt(Halt::Traps))),
    session(Verb::Automate(Setting::Halt(Halt::Doors))),
    session(Verb::Automate(Setting::Rest)),
    session(Verb::Drink),
    session(Verb::Read),
    session(Verb::LookNext),
    game(Action::Use),
    game(Action::SaveAndQuit),
    game(Action::Quit),
    game(Action::Debug(DebugKey::Reveal)),
    game(Action::Debug(DebugKey::SwitchView)),
    game(Action::Debug(DebugKey::Distances)),
    game(Action::Debug(DebugKey::Minds)),
    game(Action::Debug(DebugKey::CaveSteps)),
];

/// The presets, by name: each a keymap file's text.
pub const PRESETS: [(&str, &str); 3] = [
    ("default", DEFAULT),
    ("dvorak", DVORAK),
    ("left-hand", LEFT_HAND),
];

/// The book's keys: nothing changed.
const DEFAULT: &str = "amulets-keys 1\n# The book's keys.\n";

/// Dvorak: the moving keys where `hjklyubn` lie on a QWERTY keyboard, and
/// the commands those letters held moved to letters that name them.
const DVORAK: &str = "amulets-keys 1
# Dvorak: the moves where hjklyubn lie on QWERTY.
d = west
h = south
t = north
n = east
f = northwest
g = northeast
x = southwest
b = southeast
# What d, t, f, g and x did, moved, and e's with them.
v = keep-searching
e = drop
w = throw
a = fire
p = pickup
l = look
# Read where v lies on QWERTY (q still drinks).
k = read
";

/// The left hand alone: the moves on `qweasdzxc` (`s` waits, in the
/// middle), and the commands those letters held on the digits and on
/// `v` and `b`.
const LEFT_HAND: &str = "amulets-keys 1
# The left hand: the moves on qweasdzxc, s waits; e's search first.
6 = keep-searching
q = northwest
w = north
e = northeast
a = west
s = wait
d = east
z = southwest
x = south
c = southeast
# What s, d, c, z and x did, moved.
1 = search
2 = close
3 = cast
4 = inventory
5 = explore
v = look
b = drop
7 = drink
8 = read
";

/// One key given to an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Given {
    /// The key, folded ([`Key::folded`]: a letter in lower case).
    key: Key,
    /// The action: an index into `ACTIONS`.
    action: u8,
    /// The line of the file that gave it, for what is said about it.
    line: u16,
}

/// A keymap: keys given to actions, over the book's keys.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Keymap {
    given: heapless::Vec<Given, MAX_KEYS>,
}

/// What is wrong with a line of a keymap file (the line is left out), or
/// with the file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeymapProblem<'a> {
    /// The line is not `key = action`.
    NotAMapping {
        /// The line's number, from 1.
        line: u16,
    },
    /// The left side is not one key as a script writes it.
    NotAKey {
        /// The line's number.
        line: u16,
        /// What is there.
        text: &'a str,
    },
    /// The right side names no action (`ACTIONS`).
    NotAnAction {
        /// The line's number.
        line: u16,
        /// What is there.
        text: &'a str,
    },
    /// An earlier line gave the key to another action that can be done in
    /// a same place.
    Taken {
        /// The line's number.
        line: u16,
        /// The key.
        key: Key,
        /// The action it was given to.
        to: &'static str,
        /// The line that gave it.
        at: u16,
    },
    /// The key is one no map changes where the action is done: a pack's
    /// letter, a class's letter.
    Fixed {
        /// The line's number.
        line: u16,
        /// The key.
        key: Key,
        /// What it does there.
        does: &'static str,
    },
    /// The map has `MAX_KEYS` keys already.
    Full {
        /// The line's number.
        line: u16,
    },
    /// The line took the last key of another action somewhere, which keeps
    /// it.
    KeepsItsKey {
        /// The line's number.
        line: u16,
        /// The key.
        key: Key,
        /// The action that keeps it.
        action: &'static str,
        /// Where it was its only key.
        context: Context,
    },
    /// The file's version line names another version: nothing of it is
    /// read.
    Version {
        /// What the line says.
        text: &'a str,
    },
}

impl fmt::Display for KeymapProblem<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            KeymapProblem::NotAMapping { line } => {
                write!(
                    f,
                    "line {line}: write a key, =, and an action (o = explore)"
                )
            }
            KeymapProblem::NotAKey { line, text } => write!(
                f,
                "line {line}: {text:?} is not a key (write o, >, {{Esc}}, {{F2}}, {{KP5}}, {{Up}})"
            ),
            KeymapProblem::NotAnAction { line, text } => {
                write!(
                    f,
                    "line {line}: {text:?} is not an action (see docs/keys.md)"
                )
            }
            KeymapProblem::Taken { line, key, to, at } => write!(
                f,
                "line {line}: {} is given to {to} already, on line {at}",
                Written(key)
            ),
            KeymapProblem::Fixed { line, key, does } => write!(
                f,
                "line {line}: {} is kept for \"{does}\" there",
                Written(key)
            ),
            KeymapProblem::Full { line } => {
                write!(f, "line {line}: a keymap gives at most {MAX_KEYS} keys")
            }
            KeymapProblem::KeepsItsKey {
                line,
                key,
                action,
                context,
            } => write!(
                f,
                "line {line}: {} is {action}'s only key {}, so {action} keeps it (give {action} another key first)",
                Written(key),
                words(context)
            ),
            KeymapProblem::Version { text } => {
                write!(f, "{text:?} is not {VERSION_LINE:?}: the file is not read")
            }
        }
    }
}

/// Where a key is read, in a few words.
pub fn words(context: Context) -> &'static str {
    use amulets_core::state::{Aim, InventoryMode};
    match context {
        Context::State(state) => match state {
            State::Title => "on the title",
            State::ChooseClass => "choosing a class",
            State::Playing => "while playing",
            State::Aiming(Aim::Fire) => "aiming the bow",
            State::Aiming(Aim::Throw { .. }) => "aiming a throw",
            State::Aiming(Aim::Cast) => "aiming Lightning",
            State::Looking => "looking",
            State::Inventory(InventoryMode::Item(_)) => "on an item",
            State::Inventory(_) => "in the pack",
            State::Confirming(_) => "asked a question",
            State::Menu => "on the menu",
            State::Help => "on the help",
            State::Dead | State::Won => "on the end screen",
        },
        Context::Abandon => "asked for a new run",
        Context::Hall => "in the hall of fame",
        Context::Record => "in a run's record",
        Context::Messages => "reading the messages",
        Context::Automation => "choosing what commands do on their own",
    }
}

/// What an action is in a context: a binding of that name, or the moving
/// binding for a direction.
#[derive(Clone, Copy)]
enum Here {
    Binding(&'static Binding),
    Direction(Dir),
}

impl Here {
    /// The book's keys for it.
    fn book_keys(self) -> impl Iterator<Item = Key> {
        let (these, dir): (&[Key], _) = match self {
            Here::Binding(b) => match b.keys {
                Keys::These(keys) => (keys, None),
                _ => (&[], None),
            },
            Here::Direction(d) => (&[], Some(d)),
        };
        let moves = MOVES.iter().filter(move |&&(_, m)| Some(m) == dir);
        these.iter().copied().chain(moves.map(|&(k, _)| k))
    }

    /// The book's key that stands for it: the first of its keys (for a
    /// direction, its letter).
    fn book_key(self) -> Option<Key> {
        match self {
            Here::Direction(d) => self
                .book_keys()
                .find(|k| matches!(k, Key::Char(_)))
                .or(Some(
                    MOVES
                        .iter()
                        .find(|&&(_, m)| m == d)
                        .map_or(Key::Up, |&(k, _)| k),
                )),
            Here::Binding(_) => self.book_keys().next(),
        }
    }
}

/// The index of what a map names by a word.
fn action_index(name: &str) -> Option<u8> {
    index_of(|m| m.name() == name)
}

/// The index of the first of `ACTIONS` that `is` holds for.
fn index_of(is: impl Fn(Mapped) -> bool) -> Option<u8> {
    let i = ACTIONS.iter().position(|&m| is(m))?;
    // ACTIONS has 43 entries: every index fits a byte.
    u8::try_from(i).ok()
}

/// The action as it is in a context, or `None` where it cannot be done.
fn here(context: Context, action: u8) -> Option<Here> {
    let tables = bindings::tables_in(context);
    let mut all = tables.into_iter().flatten();
    match ACTIONS[usize::from(action)] {
        Mapped::Direction(d) => all
            .any(|b| b.keys == Keys::Moves)
            .then_some(Here::Direction(d)),
        Mapped::Verb(v) => all.find(|b| b.name == Some(v)).map(Here::Binding),
    }
}

impl Keymap {
    /// The book's keys, nothing changed.
    pub const fn new() -> Keymap {
        Keymap {
            given: heapless::Vec::new(),
        }
    }

    /// A preset by name (`PRESETS`), or `None`.
    pub fn preset(name: &str) -> Option<Keymap> {
        let &(_, text) = PRESETS.iter().find(|&&(n, _)| n == name)?;
        Some(Keymap::read(text, |_| {}))
    }

    /// True when the map changes nothing.
    pub fn is_default(&self) -> bool {
        self.given.is_empty()
    }

    /// A keymap file read: each line that cannot be used is told to
    /// `problem` and left out, and the others apply. Blank lines and lines
    /// starting with `#` are skipped.
    pub fn read<'a>(text: &'a str, mut problem: impl FnMut(KeymapProblem<'a>)) -> Keymap {
        let mut map = Keymap::new();
        let mut first = true;
        for (n, raw) in text.lines().enumerate() {
            let line = u16::try_from(n + 1).unwrap_or(u16::MAX);
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if core::mem::take(&mut first) && trimmed.starts_with("amulets-keys") {
                if trimmed != VERSION_LINE {
                    problem(KeymapProblem::Version { text: trimmed });
                    return Keymap::new();
                }
                continue;
            }
            if let Err(p) = map.give(line, trimmed) {
                problem(p);
            }
        }
        map.keep_every_action(&mut problem);
        map
    }

    /// One line, `key = action`, given.
    fn give<'a>(&mut self, line: u16, text: &'a str) -> Result<(), KeymapProblem<'a>> {
        // The key may be `=` itself: the split is at the last `=`.
        let Some(at) = text.rfind('=') else {
            return Err(KeymapProblem::NotAMapping { line });
        };
        let (key_text, name) = (text[..at].trim(), text[at + 1..].trim());
        if key_text.is_empty() || name.is_empty() {
            return Err(KeymapProblem::NotAMapping { line });
        }
        let key = match one_key(key_text) {
            Some(Key::Other) | None => {
                return Err(KeymapProblem::NotAKey {
                    line,
                    text: key_text,
                });
            }
            Some(key) => key.folded(),
        };
        let Some(action) = action_index(name) else {
            return Err(KeymapProblem::NotAnAction { line, text: name });
        };
        if self
            .given
            .iter()
            .any(|g| g.key == key && g.action == action)
        {
            return Ok(());
        }
        for context in CONTEXTS {
            if here(context, action).is_none() {
                continue;
            }
            if let Some(g) = self.taker(context, key) {
                return Err(KeymapProblem::Taken {
                    line,
                    key,
                    to: ACTIONS[usize::from(g.action)].name(),
                    at: g.line,
                });
            }
            let fixed = bindings::tables_in(context)
                .into_iter()
                .flatten()
                .filter(|b| b.name.is_none() && matches!(b.keys, Keys::These(_) | Keys::Letters))
                .find(|b| b.action_for(key).is_some());
            if let Some(b) = fixed {
                return Err(KeymapProblem::Fixed {
                    line,
                    key,
                    does: b.words,
                });
            }
        }
        self.given
            .push(Given { key, action, line })
            .map_err(|_| KeymapProblem::Full { line })
    }

    /// Leaves out each line that took an action's last key in some
    /// context, until every action can be done wherever the book lets it.
    /// Each pass leaves out a line or ends: at most `MAX_KEYS` passes.
    fn keep_every_action<'a>(&mut self, problem: &mut impl FnMut(KeymapProblem<'a>)) {
        'again: for _ in 0..=MAX_KEYS {
            for context in CONTEXTS {
                for action in 0..ACTIONS.len() {
                    let action = u8::try_from(action).unwrap_or(u8::MAX);
                    let Some(it) = here(context, action) else {
                        continue;
                    };
                    if self.keys_here(context, action, it).next().is_some() {
                        continue;
                    }
                    // Every book key of it is taken here: give them back.
                    for key in it.book_keys() {
                        if let Some(i) = self
                            .given
                            .iter()
                            .position(|g| g.key == key && here(context, g.action).is_some())
                        {
                            let g = self.given.remove(i);
                            problem(KeymapProblem::KeepsItsKey {
                                line: g.line,
                                key,
                                action: ACTIONS[usize::from(action)].name(),
                                context,
                            });
                        }
                    }
                    continue 'again;
                }
            }
            return;
        }
    }

    /// The key given to an action that can be done in the context, if any.
    fn taker(&self, context: Context, key: Key) -> Option<Given> {
        let key = key.folded();
        self.given
            .iter()
            .find(|g| g.key == key && here(context, g.action).is_some())
            .copied()
    }

    /// The keys in force for an action in a context: those the map gives
    /// it, then its book keys the map has not given away.
    fn keys_here(&self, context: Context, action: u8, it: Here) -> impl Iterator<Item = Key> {
        let given = self.given.iter().filter(move |g| g.action == action);
        let kept = it
            .book_keys()
            .filter(move |&k| self.taker(context, k).is_none());
        given.map(|g| g.key).chain(kept)
    }

    /// A key pressed, as the book's key for what it means in the context:
    /// a key the map gives becomes its action's book key there; any other
    /// is itself.
    pub fn translate(&self, context: Context, key: Key) -> Key {
        self.taker(context, key)
            .and_then(|g| here(context, g.action))
            .and_then(Here::book_key)
            .unwrap_or(key)
    }

    /// The keys in force for a binding in a context, its name's keys: for
    /// the moving binding, every direction's. Empty for a binding with no
    /// keys of its own (a pack's letters, "any key").
    pub fn keys(
        &self,
        context: Context,
        b: &'static Binding,
    ) -> heapless::Vec<Key, { MAX_KEYS + 20 }> {
        let mut out = heapless::Vec::new();
        let mut add = |action: Option<u8>, it: Here| {
            let Some(action) = action else { return };
            for k in self.keys_here(context, action, it) {
                // Room: MAX_KEYS given, and the book's keys of one binding
                // (at most the 20 moving keys) besides.
                if !out.contains(&k) {
                    out.push(k).ok();
                }
            }
        };
        match b.keys {
            Keys::Moves => {
                for d in DIRECTIONS {
                    add(index_of(|m| m == Mapped::Direction(d)), Here::Direction(d));
                }
            }
            Keys::These(_) if b.name.is_some() => {
                add(
                    index_of(|m| Some(m) == b.name.map(Mapped::Verb)),
                    Here::Binding(b),
                );
            }
            Keys::These(keys) => {
                out.extend(keys.iter().copied());
            }
            _ => {}
        }
        out
    }

    /// The key a screen's line for the binding stands for: its first key
    /// in force in the context (the book's [`Binding::key`] when the map
    /// leaves it be).
    pub fn first_key(&self, context: Context, b: &'static Binding) -> Option<Key> {
        match b.keys {
            Keys::These(_) => self.keys(context, b).first().copied(),
            _ => None,
        }
    }

    /// The first key in force for a direction in a context (a pad's
    /// switch presses it), or `None` where nothing moves.
    pub fn direction_key(&self, context: Context, d: Dir) -> Option<Key> {
        let action = index_of(|m| m == Mapped::Direction(d))?;
        let it = here(context, action)?;
        self.keys_here(context, action, it).next()
    }

    /// The keys in force for a binding, as the help and the screens write
    /// them: the book's label where the map changes nothing of it.
    pub fn label(&self, context: Context, b: &'static Binding) -> KeyLabel {
        let mut out = KeyLabel::new();
        let book: heapless::Vec<Key, { MAX_KEYS + 20 }> = match b.keys {
            Keys::These(keys) => keys.iter().copied().collect(),
            Keys::Moves => MOVES.iter().map(|&(k, _)| k).collect(),
            _ => heapless::Vec::new(),
        };
        let mut book_sorted = book.clone();
        let mut now = self.keys(context, b);
        amulets_core::sort::sort_by_key(&mut book_sorted, key_order);
        amulets_core::sort::sort_by_key(&mut now, key_order);
        if matches!(b.keys, Keys::These(_) | Keys::Moves) && now != book_sorted {
            write_label(&mut out, self, context, b);
        } else {
            out.push_str(b.label).ok();
        }
        out
    }

    /// A keymap file that changes nothing, for a person to edit: the
    /// version line, how to write a line, and every action with its book
    /// keys, each line commented out.
    pub fn write_template(out: &mut impl Write) -> fmt::Result {
        writeln!(out, "{VERSION_LINE}")?;
        out.write_str(
            "# Your keys, one \"key = action\" a line: a key given to an action does it\n\
             # wherever the action can be done, and no longer does what it did there.\n\
             # Keys are written as --keys writes them: o, >, {Esc}, {Tab}, {F2}, {KP5}, {Up}.\n\
             # Take the # off a line to use it. The book's keys:\n",
        )?;
        for (i, mapped) in ACTIONS.iter().enumerate() {
            let (action, name) = (u8::try_from(i).unwrap_or(u8::MAX), mapped.name());
            let Some((_, it)) = CONTEXTS
                .into_iter()
                .find_map(|c| here(c, action).map(|h| (c, h)))
            else {
                continue;
            };
            for key in it.book_keys() {
                writeln!(out, "# {} = {name}", Written(key))?;
            }
        }
        Ok(())
    }

    /// The map as a file: the version line and a line a key, in the order
    /// given.
    pub fn write(&self, out: &mut impl Write) -> fmt::Result {
        writeln!(out, "{VERSION_LINE}")?;
        for g in &self.given {
            writeln!(
                out,
                "{} = {}",
                Written(g.key),
                ACTIONS[usize::from(g.action)].name()
            )?;
        }
        Ok(())
    }
}

/// A binding's keys as a screen writes them.
pub type KeyLabel = heapless::String<48>;

/// An order on keys, for comparing two sets of them.
fn key_order(k: &Key) -> (u8, u32) {
    match *k {
        Key::Char(c) => (0, u32::from(c)),
        Key::Up => (1, 0),
        Key::Down => (1, 1),
        Key::Left => (1, 2),
        Key::Right => (1, 3),
        Key::Numpad(n) => (2, u32::from(n)),
        Key::Enter => (3, 0),
        Key::Escape => (3, 1),
        Key::Tab => (3, 2),
        Key::F(n) => (4, u32::from(n)),
        Key::Other => (5, 0),
    }
}

/// A key as a screen's label writes it: a letter as the book's label
/// does (upper case where the book's is: "R"), the others by name.
fn write_key(out: &mut KeyLabel, key: Key, upper: bool) {
    // Labels are short: a key's name is at most 8 bytes, and a label
    // that runs out of room ends where it ran out.
    let written = match key {
        Key::Char(c) if upper => write!(out, "{}", c.to_ascii_uppercase()),
        Key::Char(c) => write!(out, "{c}"),
        Key::Up => out.write_str("Up"),
        Key::Down => out.write_str("Down"),
        Key::Left => out.write_str("Left"),
        Key::Right => out.write_str("Right"),
        Key::Numpad(n) => write!(out, "numpad {n}"),
        Key::Enter => out.write_str("Enter"),
        Key::Escape => out.write_str("Esc"),
        Key::Tab => out.write_str("Tab"),
        Key::F(n) => write!(out, "F{n}"),
        Key::Other => Ok(()),
    };
    written.ok();
}

/// The label of a binding the map changed: for the moves, "arrows,
/// numpad, " and each direction's first letter in `hjklyubn`'s order; for
/// the others, its keys joined by "or".
fn write_label(out: &mut KeyLabel, map: &Keymap, context: Context, b: &'static Binding) {
    if b.keys == Keys::Moves {
        out.push_str("arrows, numpad, ").ok();
        for d in DIRECTIONS {
            let Some(action) = index_of(|m| m == Mapped::Direction(d)) else {
                continue;
            };
            let letter = map
                .keys_here(context, action, Here::Direction(d))
                .find(|k| matches!(k, Key::Char(_)));
            if let Some(k) = letter {
                write_key(out, k, false);
            }
        }
        return;
    }
    let upper = b
        .label
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_uppercase());
    for (i, k) in map.keys(context, b).into_iter().enumerate() {
        if i > 0 {
            out.push_str(" or ").ok();
        }
        write_key(out, k, upper);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bindings::{STATES, Verb, tables};
    use amulets_core::input::Action;

    const PLAYING: Context = Context::State(State::Playing);

    /// Every key a shell can give, or enough of them.
    fn all_keys() -> impl Iterator<Item = Key> {
        let chars = (b' '..=b'~').map(|b| Key::Char(b as char));
        let named = [
            Key::Up,
            Key::Down,
            Key::Left,
            Key::Right,
            Key::Enter,
            Key::Escape,
            Key::Tab,
        ];
        chars
            .chain(named)
            .chain((1..=9).map(Key::Numpad))
            .chain((1..=12).map(Key::F))
    }

    /// What a key does in a context under a map.
    fn does(map: &Keymap, context: Context, key: Key) -> Option<Verb> {
        let key = map.translate(context, key);
        bindings::tables_in(context)
            .into_iter()
            .flatten()
            .find_map(|b| b.action_for(key))
    }

    /// The game's verb a key gives in a context under a map.
    fn acts(map: &Keymap, context: Context, key: Key) -> Option<Action> {
        does(map, context, key).and_then(Verb::game)
    }

    /// The map a text makes, with its problems in words.
    fn read(text: &str) -> (Keymap, heapless::Vec<heapless::String<120>, 16>) {
        let mut said = heapless::Vec::new();
        let map = Keymap::read(text, |p| {
            let mut s = heapless::String::new();
            write!(s, "{p}").unwrap();
            said.push(s).unwrap();
        });
        (map, said)
    }

    #[test]
    fn every_name_is_an_action_and_every_action_has_a_name() {
        for state in STATES {
            for b in tables(state).into_iter().flatten() {
                if let Some(v) = b.name {
                    assert!(ACTIONS.contains(&Mapped::Verb(v)), "{v:?}");
                }
            }
        }
        for context in CONTEXTS {
            let named: heapless::Vec<Verb, 40> = bindings::tables_in(context)
                .into_iter()
                .flatten()
                .filter_map(|b| b.name)
                .collect();
            for (i, n) in named.iter().enumerate() {
                assert!(!named[..i].contains(n), "{n:?} twice in {context:?}");
            }
        }
        for (i, m) in ACTIONS.iter().enumerate() {
            let name = m.name();
            assert!(!name.is_empty(), "{m:?} has no word");
            assert!(
                ACTIONS[..i].iter().all(|o| o.name() != name),
                "{name} twice"
            );
            let a = action_index(name).unwrap();
            assert_eq!(usize::from(a), i);
            assert!(
                CONTEXTS.iter().any(|&c| here(c, a).is_some()),
                "{name} is nowhere"
            );
        }
    }

    #[test]
    fn a_key_given_does_its_action_and_the_others_keep_theirs() {
        let (map, said) = read("w = rest\n");
        assert!(said.is_empty(), "{said:?}");
        assert_eq!(acts(&map, PLAYING, Key::Char('w')), Some(Action::Rest));
        assert_eq!(acts(&map, PLAYING, Key::Char('W')), Some(Action::Rest));
        assert_eq!(acts(&map, PLAYING, Key::Char('r')), Some(Action::Rest));
        assert_eq!(acts(&map, PLAYING, Key::Char('o')), Some(Action::Explore));
    }

    #[test]
    fn a_key_given_away_no_longer_does_what_it_did() {
        let (map, said) = read("d = west\nw = drop\n");
        assert!(said.is_empty(), "{said:?}");
        assert_eq!(
            acts(&map, PLAYING, Key::Char('d')),
            Some(Action::Move(Dir::W))
        );
        assert_eq!(acts(&map, PLAYING, Key::Char('w')), Some(Action::Drop));
        // h is still west: nothing took it.
        assert_eq!(
            acts(&map, PLAYING, Key::Char('h')),
            Some(Action::Move(Dir::W))
        );
        // On an item's screen, where nothing moves, d still drops, and w
        // drops too.
        let item = Context::State(State::Inventory(amulets_core::state::InventoryMode::Item(
            0,
        )));
        assert_eq!(acts(&map, item, Key::Char('d')), Some(Action::Drop));
        assert_eq!(acts(&map, item, Key::Char('w')), Some(Action::Drop));
        // Aiming, d moves the cursor.
        let aim = Context::State(State::Aiming(amulets_core::state::Aim::Fire));
        assert_eq!(
            acts(&map, aim, Key::Char('d')),
            Some(Action::Cursor(Dir::W))
        );
    }

    #[test]
    fn an_action_left_with_no_key_keeps_its_own_and_the_game_says_so() {
        let (map, said) = read("d = west\n");
        assert_eq!(acts(&map, PLAYING, Key::Char('d')), Some(Action::Drop));
        assert_eq!(
            said.as_slice(),
            [
                "line 1: d is drop's only key while playing, so drop keeps it (give drop another key first)"
            ]
        );
    }

    #[test]
    fn a_bad_line_is_told_with_its_number_and_the_others_apply() {
        let text = "amulets-keys 1\n\
                    # a comment\n\
                    w = rest\n\
                    nonsense\n\
                    {Nope} = rest\n\
                    k = fly\n\
                    w = explore\n\
                    {Up} = rest\n\
                    = = wait\n";
        let (map, said) = read(text);
        assert_eq!(
            said.as_slice(),
            [
                "line 4: write a key, =, and an action (o = explore)",
                "line 5: \"{Nope}\" is not a key (write o, >, {Esc}, {F2}, {KP5}, {Up})",
                "line 6: \"fly\" is not an action (see docs/keys.md)",
                "line 7: w is given to rest already, on line 3",
            ]
        );
        assert_eq!(acts(&map, PLAYING, Key::Char('w')), Some(Action::Rest));
        assert_eq!(acts(&map, PLAYING, Key::Up), Some(Action::Rest));
        assert_eq!(acts(&map, PLAYING, Key::Char('=')), Some(Action::Wait));
        assert_eq!(
            acts(&map, PLAYING, Key::Numpad(8)),
            Some(Action::Move(Dir::N))
        );
    }

    #[test]
    fn a_pack_letter_and_a_file_of_another_version_are_not_taken() {
        let (map, said) = read("q = cancel\n");
        assert!(map.is_default());
        assert_eq!(
            said.as_slice(),
            ["line 1: q is kept for \"pick an item\" there"]
        );
        let (map, said) = read("amulets-keys 2\nw = rest\n");
        assert!(map.is_default());
        assert_eq!(
            said.as_slice(),
            ["\"amulets-keys 2\" is not \"amulets-keys 1\": the file is not read"]
        );
    }

    #[test]
    fn a_map_holds_at_most_its_room_and_says_so() {
        let mut text: heapless::String<2048> = heapless::String::new();
        // Keys for rest that nothing else takes while playing: more of
        // them than the room.
        let keys = "0123456789!\"$%&'()*+,-/:;<@[\\]^_`|~}=apw£§";
        for c in keys.chars() {
            writeln!(text, "{c} = rest").unwrap();
        }
        for f in [5, 7, 8, 9, 10, 11, 12] {
            writeln!(text, "{{F{f}}} = rest").unwrap();
        }
        writeln!(text, "{{Tab}} = rest").unwrap();
        let lines = text.lines().count();
        assert!(lines > MAX_KEYS);
        let mut full = 0;
        let map = Keymap::read(&text, |p| {
            if matches!(p, KeymapProblem::Full { .. }) {
                full += 1;
            }
        });
        assert_eq!(map.given.len(), MAX_KEYS);
        assert_eq!(full, lines - MAX_KEYS);
    }

    /// A random map: 60 lines of random keys for random actions, on a
    /// small generator of the test's own.
    fn random_map(seed: u32) -> heapless::String<1500> {
        let mut x = seed.wrapping_mul(2_654_435_761) | 1;
        let mut next = move |n: usize| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as usize % n
        };
        let keys: heapless::Vec<Key, 128> = all_keys().filter(|&k| k != Key::Char(' ')).collect();
        let mut text = heapless::String::new();
        for _ in 0..60 {
            let key = keys[next(keys.len())];
            let action = ACTIONS[next(ACTIONS.len())].name();
            writeln!(text, "{} = {action}", Written(key)).unwrap();
        }
        text
    }

    /// Every key, in every context, taken by at most one binding, and each
    /// binding with a key there that does what it does.
    fn holds(map: &Keymap) {
        for context in CONTEXTS {
            for key in all_keys() {
                let key = map.translate(context, key);
                // "Any key" is what the others leave: it takes no key from
                // them.
                let takers = bindings::tables_in(context)
                    .into_iter()
                    .flatten()
                    .filter(|b| b.keys != Keys::Any && b.action_for(key).is_some())
                    .count();
                assert!(takers <= 1, "{key:?} in {context:?}: {takers}");
            }
            for b in bindings::tables_in(context).into_iter().flatten() {
                match b.keys {
                    Keys::These(_) => {
                        let key = map.first_key(context, b).expect("a key in force");
                        assert_eq!(
                            does(map, context, key),
                            b.action(),
                            "{} in {context:?}",
                            b.words
                        );
                    }
                    Keys::Moves => {
                        for d in DIRECTIONS {
                            let name = d.word();
                            let a = action_index(name).unwrap();
                            let key = map.keys_here(context, a, Here::Direction(d)).next();
                            let key = key.expect("a key for each direction");
                            let act = does(map, context, key);
                            assert!(
                                act == Some(Verb::Game(Action::Move(d)))
                                    || act == Some(Verb::Game(Action::Cursor(d))),
                                "{name} in {context:?}"
                            );
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    #[test]
    fn no_map_makes_a_key_mean_two_things_or_loses_an_action() {
        for seed in 1..=300 {
            let text = random_map(seed);
            let map = Keymap::read(&text, |_| {});
            holds(&map);
        }
    }

    #[test]
    fn each_preset_reads_whole_and_keeps_every_action() {
        for (name, text) in PRESETS {
            let (map, said) = read(text);
            assert!(said.is_empty(), "{name}: {said:?}");
            assert!(map.given.len() <= 19, "{name}");
            holds(&map);
            assert_eq!(Keymap::preset(name), Some(map));
        }
    }

    #[test]
    fn the_presets_put_the_moves_where_they_say() {
        let dvorak = Keymap::preset("dvorak").unwrap();
        // Where hjklyubn lie on QWERTY, in their order.
        for (c, d) in "dhtnfgxb".chars().zip(DIRECTIONS) {
            assert_eq!(
                does(&dvorak, PLAYING, Key::Char(c)),
                Some(Verb::Game(Action::Move(d))),
                "{c}"
            );
        }
        let left = Keymap::preset("left-hand").unwrap();
        for (c, d) in "qweadzxc".chars().zip([
            Dir::NW,
            Dir::N,
            Dir::NE,
            Dir::W,
            Dir::E,
            Dir::SW,
            Dir::S,
            Dir::SE,
        ]) {
            assert_eq!(
                does(&left, PLAYING, Key::Char(c)),
                Some(Verb::Game(Action::Move(d))),
                "{c}"
            );
        }
        assert_eq!(acts(&left, PLAYING, Key::Char('s')), Some(Action::Wait));
        // The key that began an aim chooses too: 3 casts, and 3 chooses.
        let cast = Context::State(State::Aiming(amulets_core::state::Aim::Cast));
        assert_eq!(acts(&left, PLAYING, Key::Char('3')), Some(Action::Cast));
        assert_eq!(acts(&left, cast, Key::Char('3')), Some(Action::Select));
        assert_eq!(
            acts(&left, cast, Key::Char('z')),
            Some(Action::Cursor(Dir::SW))
        );
        // On the title, where nothing moves, q still quits.
        let title = Context::State(State::Title);
        assert_eq!(acts(&left, title, Key::Char('q')), Some(Action::Quit));
    }

    #[test]
    fn labels_are_the_book_s_until_a_map_changes_them() {
        let book = Keymap::new();
        let dvorak = Keymap::preset("dvorak").unwrap();
        let label = |map: &Keymap, context, b| -> KeyLabel { map.label(context, b) };
        for (context, b) in bindings::help_in() {
            assert_eq!(label(&book, context, b), b.label);
        }
        let moves = &bindings::PLAYING[0];
        assert_eq!(label(&dvorak, PLAYING, moves), "arrows, numpad, dhtnfgxb");
        let drop = bindings::PLAYING
            .iter()
            .find(|b| b.name == Verb::named("drop"))
            .unwrap();
        assert_eq!(label(&dvorak, PLAYING, drop), "e");
        let rest = bindings::PLAYING
            .iter()
            .find(|b| b.name == Verb::named("rest"))
            .unwrap();
        assert_eq!(label(&dvorak, PLAYING, rest), "R");
        let (map, _) = read("w = rest\n");
        assert_eq!(label(&map, PLAYING, rest), "W or R");
        let (map, _) = read("{F5} = help\n");
        let help = bindings::PLAYING
            .iter()
            .find(|b| b.name == Verb::named("help"))
            .unwrap();
        assert_eq!(label(&map, PLAYING, help), "F5 or ?");
        assert_eq!(map.first_key(PLAYING, help), Some(Key::F(5)));
    }

    #[test]
    fn the_template_changes_nothing_and_each_line_uncommented_reads() {
        let mut text: heapless::String<4096> = heapless::String::new();
        Keymap::write_template(&mut text).unwrap();
        assert!(Keymap::read(&text, |p| panic!("{p}")).is_default());
        let mut lines = 0;
        for l in text.lines().filter_map(|l| l.strip_prefix("# ")) {
            if !l.contains(" = ") || l.contains('"') {
                continue;
            }
            lines += 1;
            // A book key given to its own action changes nothing, and is
            // no problem.
            let map = Keymap::read(l, |p| panic!("{l}: {p}"));
            assert_eq!(map.given.len(), 1, "{l}");
        }
        // Every action, and the 20 moving keys among them.
        assert!(lines >= ACTIONS.len() + 12, "{lines}");
    }

    #[test]
    fn a_map_written_reads_back_as_itself() {
        for (_, text) in PRESETS {
            let map = Keymap::read(text, |_| {});
            let mut out: heapless::String<1024> = heapless::String::new();
            map.write(&mut out).unwrap();
            let again = Keymap::read(&out, |_| panic!("{out}"));
            let mut twice: heapless::String<1024> = heapless::String::new();
            again.write(&mut twice).unwrap();
            assert_eq!(out, twice);
            assert_eq!(again.given.len(), map.given.len());
        }
    }
}
