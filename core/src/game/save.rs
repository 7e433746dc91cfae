//! The run as text, and back: a versioned save that a shell writes to a
//! file and the core reads from a string, with an error that names the line
//! for anything wrong, and no panic on any input.
//!
//! The format: a header `amulets-save <version>`, then `key value...`
//! lines (some keys repeat: `pack`, `area`, `monster`, `item`, `trap`,
//! `log`), then `map` and 36 rows of 64 terrain letters (the map's letters
//! of docs/rules.md), `explored` and 36 rows of `0`/`1`, and `end`. What a turn
//! works out again (what is in view, the attack and defence worn) and what
//! only animates (events) is not saved; the F6 cave being shown is dropped.
//!
//! Every line is written and read by one row of `FIELDS`: its key, the
//! function that writes its words and the one that reads them back, side
//! by side, so a field cannot be written and not read. The names of a
//! state, a mind, a command and a stop are tables too (`STATES`, ...),
//! each name written once. The longest save is `MAX_SAVE_BYTES`, the sum of
//! each row's longest line times how often it can come; a test writes a
//! run with every number at its widest and checks every line against its
//! row.

use super::command::{Command, CommandKind, Stop, StopReason};
use super::{Aim, Cause, DebugView, Game, InventoryMode, Question, State};
use crate::geom::{Dir, Point, Rect};
use crate::item::{FloorItem, Item, ItemId};
use crate::level::{MAX_FLOOR_ITEMS, MAX_MONSTERS, MAX_TRAPS, Trap, TrapKind};
use crate::log::{LOG_LINES, Log};
use crate::map::{MAP_H, MAP_W, Map, Terrain};
use crate::mapgen::MAX_AREAS;
use crate::monster::{KindId, Mind, Monster};
use crate::player::{Class, PACK_SLOTS, Player};
use crate::rng::{Dice, Rng};
use crate::text::{LINE, line, name_in as name_of, named_in as named};
use core::fmt::{self, Write};

/// The save format's newest version, which a run on the book's dice writes
/// (its dice are `book <draws>`). A run on xorshift's dice writes version
/// 1, byte for byte as every save before the book's dice; this game reads
/// both, and refuses a save of any other version by name.
pub const SAVE_VERSION: u32 = 2;
/// The oldest version this game reads.
pub const OLDEST_SAVE_VERSION: u32 = 1;

/// The most numbers a save's book dice may say were drawn. Loading draws
/// them all again, so a save (or any bytes passed off as one) that claims
/// more is refused rather than left to run on. The most any of 90 whole bot
/// runs draws is 110,361 (`tests/tests/bot.rs` holds it under a twentieth
/// of this); four million are drawn in some 15 ms here.
pub const MAX_SAVED_DRAWS: u64 = 4_000_000;

/// Why a save could not be read. Lines count from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The first line is not `amulets-save <version>`.
    NotASave,
    /// A save of a version this game does not read.
    WrongVersion {
        /// The version the save says.
        found: u32,
    },
    /// A key the save must have is missing.
    Missing(&'static str),
    /// A line that is not `key value...` of a key this version knows.
    Malformed {
        /// The line.
        line: usize,
    },
    /// A number or a name out of what the game allows.
    OutOfRange {
        /// The line.
        line: usize,
        /// What it was read as.
        what: &'static str,
    },
    /// A map row with a letter that is no terrain's.
    UnknownTerrain {
        /// The line.
        line: usize,
        /// The letter.
        letter: char,
    },
    /// Parts that cannot be together: a monster in a wall, say.
    Inconsistent(&'static str),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotASave => write!(f, "it is not an Amulets save"),
            LoadError::WrongVersion { found } => write!(
                f,
                "it's version {found}, and this game reads versions {OLDEST_SAVE_VERSION} and {SAVE_VERSION}"
            ),
            LoadError::Missing(key) => write!(f, "it has no `{key}` line"),
            LoadError::Malformed { line } => write!(f, "line {line} makes no sense"),
            LoadError::OutOfRange { line, what } => {
                write!(f, "line {line}: the {what} is out of range")
            }
            LoadError::UnknownTerrain { line, letter } => {
                write!(f, "line {line}: {letter:?} is no terrain")
            }
            LoadError::Inconsistent(what) => write!(f, "it does not hang together: {what}"),
        }
    }
}

impl core::error::Error for LoadError {}

// ----- the widest words, for the longest save -----

/// The most characters a number of each type takes, sign included.
const I32: usize = 11;
const U32: usize = 10;
const U16: usize = 5;
const U8: usize = 3;

/// The longest save text, in bytes: the header, every field's longest line
/// as often as it can come, the two grids and the end (the test
/// `every_line_is_within_its_row` checks each row's figure).
pub const MAX_SAVE_BYTES: usize = {
    let header = "amulets-save ".len() + U32 + 1;
    let mut fields = 0;
    let mut i = 0;
    while i < FIELDS.len() {
        fields += (FIELDS[i].key.len() + 1 + FIELDS[i].longest + 1) * FIELDS[i].most;
        i += 1;
    }
    let grid = (MAP_W as usize + 1) * MAP_H as usize;
    let grids = "map\n".len() + grid + "explored\n".len() + grid;
    header + fields + grids + "end\n".len()
};

// ----- the names of things, each written once -----

/// The states with no words of their own, by name.
const STATES: [(State, &str); 13] = [
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
/// The names of the states that carry a number: a pack slot, a direction.
const AIM_THROW: &str = "aim-throw";
const PACK_ITEM: &str = "pack-item";
const ASK_TRAP: &str = "ask-trap";
/// The longest state written: a name and a slot.
const STATE_WORDS: usize = 10 + U8;

/// The reasons a command stops with no words of their own, by name.
const STOPS: [(StopReason, &str); 17] = [
    (StopReason::Arrived, "arrived"),
    (StopReason::Rested, "rested"),
    (StopReason::RestCapReached, "rest-cap"),
    (StopReason::AlreadyRested, "already-rested"),
    (StopReason::NewFloor, "new-floor"),
    (StopReason::TrapFound, "trap"),
    (StopReason::SecretDoorFound, "secret-door"),
    (StopReason::Blocked, "blocked"),
    (StopReason::NoSafeWay, "no-safe-way"),
    (StopReason::Explored, "explored"),
    (StopReason::ExploredAsFarAsSafe, "explored-safe"),
    (StopReason::Interrupted, "interrupted"),
    (StopReason::Poisoned, "poisoned"),
    (StopReason::Confused, "confused"),
    (StopReason::StairsUnknown, "stairs-unknown"),
    (StopReason::NoStairsHere, "no-stairs"),
    (StopReason::LeftPlay, "left-play"),
];
/// The reasons that carry numbers: a monster's kind, the health lost, an
/// item seen.
const STOP_MONSTER: &str = "monster";
const STOP_HURT: &str = "hurt";
const STOP_ITEM: &str = "item";

const COMMANDS: [(CommandKind, &str); 3] = [
    (CommandKind::Rest, "rest"),
    (CommandKind::Travel, "travel"),
    (CommandKind::Explore, "explore"),
];

const MINDS: [(Mind, &str); 3] = [
    (Mind::Asleep, "z"),
    (Mind::Wandering, "w"),
    (Mind::Hunting, "h"),
];

fn trap_index(t: TrapKind) -> usize {
    TrapKind::ALL.iter().position(|k| *k == t).unwrap_or(0)
}

fn slot_letter(s: Option<u8>) -> char {
    s.map_or('-', |s| (b'a' + s) as char)
}

// ----- lines out and words in -----

/// Where a field writes its lines: each `line` is `key words\n`, the key
/// the field's own.
struct Out<'a> {
    out: &'a mut dyn Write,
    key: &'static str,
}

impl Out<'_> {
    fn line(&mut self, words: fmt::Arguments<'_>) -> fmt::Result {
        self.out.write_str(self.key)?;
        self.out.write_char(' ')?;
        self.out.write_fmt(words)?;
        self.out.write_char('\n')
    }
}

/// The words of a line after its key, one at a time, split at single
/// spaces: an empty word (two spaces, a space at the end) is malformed.
struct Words<'a> {
    rest: Option<&'a str>,
    line: usize,
}

impl<'a> Words<'a> {
    fn malformed(&self) -> LoadError {
        LoadError::Malformed { line: self.line }
    }

    fn word(&mut self) -> Result<&'a str, LoadError> {
        let rest = self.rest.ok_or(self.malformed())?;
        let (word, more) = match rest.split_once(' ') {
            Some((w, more)) => (w, Some(more)),
            None => (rest, None),
        };
        self.rest = more;
        if word.is_empty() {
            return Err(self.malformed());
        }
        Ok(word)
    }

    /// Everything left on the line, as it is (the log's words).
    fn text(&mut self) -> &'a str {
        self.rest.take().unwrap_or("")
    }

    fn num<T: core::str::FromStr>(&mut self, what: &'static str) -> Result<T, LoadError> {
        let line = self.line;
        self.word()?
            .parse()
            .map_err(|_| LoadError::OutOfRange { line, what })
    }

    fn within(&mut self, what: &'static str, lo: i32, hi: i32) -> Result<i32, LoadError> {
        let v: i32 = self.num(what)?;
        if (lo..=hi).contains(&v) {
            Ok(v)
        } else {
            Err(LoadError::OutOfRange {
                line: self.line,
                what,
            })
        }
    }

    /// A number of the type it is read into, from `lo` to `hi`: one that
    /// type cannot hold is out of range too, so no cast can cut it.
    fn within_of<T>(&mut self, what: &'static str, lo: T, hi: T) -> Result<T, LoadError>
    where
        T: core::str::FromStr + PartialOrd,
    {
        let v: T = self.num(what)?;
        if lo <= v && v <= hi {
            Ok(v)
        } else {
            Err(self.out_of_range(what))
        }
    }

    fn cell(&mut self, what: &'static str) -> Result<Point, LoadError> {
        let x = self.within(what, 0, MAP_W - 1)?;
        let y = self.within(what, 0, MAP_H - 1)?;
        Ok(Point::new(x, y))
    }

    fn flag(&mut self, what: &'static str) -> Result<bool, LoadError> {
        Ok(self.within(what, 0, 1)? == 1)
    }

    /// A pack slot's letter, or `-` for none.
    fn slot(&mut self) -> Result<Option<u8>, LoadError> {
        let line = self.line;
        match self.word()? {
            "-" => Ok(None),
            w => {
                let c = w
                    .chars()
                    .next()
                    .filter(|_| w.len() == 1)
                    .ok_or(LoadError::Malformed { line })?;
                if c.is_ascii_lowercase() {
                    Ok(Some(c as u8 - b'a'))
                } else {
                    Err(LoadError::OutOfRange { line, what: "slot" })
                }
            }
        }
    }

    fn named<T: Copy>(&mut self, table: &[(T, &'static str)]) -> Result<T, LoadError> {
        let word = self.word()?;
        named(table, word).ok_or(self.malformed())
    }

    /// A monster kind's number: a place of `MONSTERS`.
    fn monster_kind(&mut self) -> Result<KindId, LoadError> {
        let number: u8 = self.num("monster kind")?;
        KindId::new(number).ok_or(self.out_of_range("monster kind"))
    }

    /// An item kind's number: a place of `ITEMS`.
    fn item_kind(&mut self) -> Result<ItemId, LoadError> {
        let number: u8 = self.num("item kind")?;
        ItemId::new(number).ok_or(self.out_of_range("item kind"))
    }

    fn out_of_range(&self, what: &'static str) -> LoadError {
        LoadError::OutOfRange {
            line: self.line,
            what,
        }
    }

    /// Fails if words are left over.
    fn done(&self) -> Result<(), LoadError> {
        match self.rest {
            None => Ok(()),
            Some(_) => Err(self.malformed()),
        }
    }
}

// ----- the fields -----

/// One kind of line: its key, how it is written and read, how long it can
/// be and how often it comes.
struct Field {
    key: &'static str,
    /// A save must have it.
    required: bool,
    /// Read after `class`, which sets the player up afresh.
    player: bool,
    /// Read after `seed`, which the book's dice are made from.
    seeded: bool,
    /// The most lines of it a save has: 1, or a list's capacity.
    most: usize,
    /// The most bytes of words on one line (key, space, newline not
    /// counted).
    longest: usize,
    write: fn(&Game, &mut Out<'_>) -> fmt::Result,
    read: fn(&mut Game, &mut Words<'_>) -> Result<(), LoadError>,
}

impl Field {
    /// A field a save has at most once.
    const fn once(
        key: &'static str,
        longest: usize,
        write: fn(&Game, &mut Out<'_>) -> fmt::Result,
        read: fn(&mut Game, &mut Words<'_>) -> Result<(), LoadError>,
    ) -> Field {
        Field {
            key,
            required: false,
            player: false,
            seeded: false,
            most: 1,
            longest,
            write,
            read,
        }
    }

    const fn required(mut self) -> Field {
        self.required = true;
        self
    }

    const fn after_seed(mut self) -> Field {
        self.seeded = true;
        self
    }

    const fn of_player(mut self) -> Field {
        self.player = true;
        self
    }

    /// A line for each of at most `most` things.
    const fn each(mut self, most: usize) -> Field {
        self.most = most;
        self
    }
}

/// Every line of a save but the grids, in the order they are written.
const FIELDS: [Field; 29] = [
    Field::once(
        "seed",
        U32,
        |g, o| o.line(format_args!("{}", g.seed)),
        |g, w| {
            g.seed = w.num("seed")?;
            Ok(())
        },
    )
    .required(),
    Field::once(
        "dice",
        4 * U32 + 3,
        // xorshift's dice are their four words, as version 1 wrote them; the
        // book's are the seed's, drawn forward by a count (version 2).
        |g, o| match g.rng.xorshift_state() {
            Some([a, b, c, d]) => o.line(format_args!("{a} {b} {c} {d}")),
            None => o.line(format_args!("{} {}", Dice::Book.name(), g.rng.draws())),
        },
        |g, w| {
            let first = w.word()?;
            if first == Dice::Book.name() {
                let draws = w.within_of("dice", 0, MAX_SAVED_DRAWS)?;
                g.rng.reseed(Dice::Book, g.seed);
                g.rng.skip(draws);
                return Ok(());
            }
            let a = first.parse().map_err(|_| w.out_of_range("dice"))?;
            let s = [a, w.num("dice")?, w.num("dice")?, w.num("dice")?];
            g.rng = Rng::from_xorshift_state(s).ok_or(w.out_of_range("dice"))?;
            Ok(())
        },
    )
    .required()
    .after_seed(),
    Field::once(
        "state",
        STATE_WORDS,
        |g, o| write_state(o, g.state),
        |g, w| {
            g.state = read_state(w)?;
            Ok(())
        },
    )
    .required(),
    Field::once(
        "back",
        STATE_WORDS,
        |g, o| write_state(o, g.back),
        |g, w| {
            g.back = read_state(w)?;
            Ok(())
        },
    ),
    Field::once(
        "turn",
        U32,
        |g, o| o.line(format_args!("{}", g.turn)),
        |g, w| {
            g.turn = w.num("turn")?;
            Ok(())
        },
    ),
    Field::once(
        "depth",
        I32,
        |g, o| o.line(format_args!("{}", g.level.depth)),
        |g, w| {
            g.level.depth = w.within("depth", 1, crate::rules::LAST_FLOOR)?;
            Ok(())
        },
    )
    .required(),
    Field::once(
        "style",
        4,
        // Written only for a style other than the book's, so a run of the
        // book's writes what version 1 always wrote.
        |g, o| match g.style {
            crate::mapgen::floor::Style::Book => Ok(()),
            s => o.line(format_args!("{}", s.name())),
        },
        |g, w| {
            g.style = crate::mapgen::floor::Style::named(w.word()?).ok_or(w.malformed())?;
            Ok(())
        },
    ),
    Field::once(
        "class",
        1,
        |g, o| o.line(format_args!("{}", g.player.class.letter())),
        |g, w| {
            let c = w.word()?;
            let class = Class::ALL
                .iter()
                .copied()
                .find(|k| c.len() == 1 && c.starts_with(k.letter()))
                .ok_or(w.out_of_range("class"))?;
            // The class sets the kit; the pack lines that follow replace it.
            let p = &mut g.player;
            *p = Player::new(class);
            p.pack = [None; PACK_SLOTS];
            p.weapon = None;
            p.armour = None;
            p.bow = None;
            Ok(())
        },
    )
    .required(),
    Field::once(
        "pos",
        2 * I32 + 1,
        |g, o| o.line(format_args!("{} {}", g.player.pos.x, g.player.pos.y)),
        |g, w| {
            g.player.pos = w.cell("position")?;
            Ok(())
        },
    )
    .required()
    .of_player(),
    Field::once(
        "hp",
        2 * I32 + 1,
        |g, o| o.line(format_args!("{} {}", g.player.hp, g.player.max_hp)),
        |g, w| {
            let hp = w.within("health", 0, 9999)?;
            let max = w.within("health", 1, 9999)?;
            if hp > max {
                return Err(w.out_of_range("health"));
            }
            (g.player.hp, g.player.max_hp) = (hp, max);
            Ok(())
        },
    )
    .required()
    .of_player(),
    Field::once(
        "strength",
        I32,
        |g, o| o.line(format_args!("{}", g.player.strength)),
        |g, w| {
            g.player.strength = w.within("strength", -99, 99)?;
            Ok(())
        },
    )
    .of_player(),
    Field::once(
        "statuses",
        2 * I32 + 1,
        |g, o| o.line(format_args!("{} {}", g.player.poisoned, g.player.confused)),
        |g, w| {
            g.player.poisoned = w.within("poison", 0, 9999)?;
            g.player.confused = w.within("confusion", 0, 9999)?;
            Ok(())
        },
    )
    .of_player(),
    Field::once(
        "purse",
        U32 + U8 + U16 + 2,
        |g, o| {
            let p = &g.player;
            o.line(format_args!("{} {} {}", p.gold, p.amulets, p.kills))
        },
        |g, w| {
            g.player.gold = w.num("gold")?;
            g.player.amulets = w.within_of("amulets", 0, crate::rules::AMULETS)?;
            g.player.kills = w.num("kills")?;
            Ok(())
        },
    )
    .of_player(),
    Field::once(
        "lightning",
        1 + 1 + I32,
        |g, o| {
            let p = &g.player;
            o.line(format_args!(
                "{} {}",
                u8::from(p.knows_lightning),
                p.lightning_wait
            ))
        },
        |g, w| {
            g.player.knows_lightning = w.flag("lightning")?;
            g.player.lightning_wait = w.within("lightning wait", 0, 9999)?;
            Ok(())
        },
    )
    .of_player(),
    Field::once(
        "searches",
        U8,
        |g, o| o.line(format_args!("{}", g.player.searches)),
        |g, w| {
            g.player.searches = w.within_of("searches", 0, u8::MAX)?;
            Ok(())
        },
    )
    .of_player(),
    Field::once(
        "worn",
        5,
        |g, o| {
            let p = &g.player;
            o.line(format_args!(
                "{} {} {}",
                slot_letter(p.weapon),
                slot_letter(p.armour),
                slot_letter(p.bow)
            ))
        },
        |g, w| {
            g.player.weapon = w.slot()?;
            g.player.armour = w.slot()?;
            g.player.bow = w.slot()?;
            Ok(())
        },
    )
    .of_player(),
    Field::once(
        "pack",
        1 + 1 + U8 + 1 + U16,
        |g, o| {
            for (slot, letter) in g.player.pack.iter().zip('a'..='z') {
                if let Some(item) = slot {
                    let kind = item.kind.number();
                    o.line(format_args!("{letter} {kind} {}", item.count))?;
                }
            }
            Ok(())
        },
        |g, w| {
            let slot = w.slot()?.ok_or(w.malformed())?;
            let kind = w.item_kind()?;
            let count = w.within_of("count", 1, u16::MAX)?;
            let s = g
                .player
                .pack
                .get_mut(usize::from(slot))
                .ok_or(w.out_of_range("slot"))?;
            if s.is_some() {
                return Err(LoadError::Inconsistent("two items in one slot"));
            }
            *s = Some(Item { kind, count });
            Ok(())
        },
    )
    .of_player()
    .each(PACK_SLOTS),
    Field::once(
        "cursor",
        2 * I32 + 1,
        |g, o| o.line(format_args!("{} {}", g.cursor.x, g.cursor.y)),
        |g, w| {
            g.cursor = w.cell("cursor")?;
            Ok(())
        },
    ),
    Field::once(
        "cause",
        "monster ".len() + U8,
        |g, o| match g.cause {
            None => o.line(format_args!("-")),
            Some(Cause::Monster(k)) => o.line(format_args!("monster {}", k.number())),
            Some(Cause::Poison) => o.line(format_args!("poison")),
            Some(Cause::Trap(t)) => o.line(format_args!("trap {}", trap_index(t))),
        },
        |g, w| {
            g.cause = match w.word()? {
                "-" => None,
                "poison" => Some(Cause::Poison),
                "monster" => Some(Cause::Monster(w.monster_kind()?)),
                "trap" => Some(Cause::Trap(
                    TrapKind::ALL[w.within("trap kind", 0, 3)? as usize],
                )),
                _ => return Err(w.malformed()),
            };
            Ok(())
        },
    ),
    Field::once(
        "debug",
        3 * 2 + U32,
        |g, o| {
            let d = &g.debug;
            o.line(format_args!(
                "{} {} {} {}",
                u8::from(d.reveal),
                u8::from(d.distances),
                u8::from(d.minds),
                d.caves_shown
            ))
        },
        |g, w| {
            g.debug = DebugView {
                reveal: w.flag("debug")?,
                distances: w.flag("debug")?,
                minds: w.flag("debug")?,
                cave: None,
                caves_shown: w.num("debug")?,
            };
            Ok(())
        },
    ),
    Field::once(
        "command",
        "explore".len() + 2 * I32 + U32 + 3,
        |g, o| match g.command {
            None => o.line(format_args!("-")),
            Some(c) => {
                let kind = name_of(&COMMANDS, c.kind).unwrap_or("-");
                o.line(format_args!("{kind} {} {} {}", c.goal.x, c.goal.y, c.turns))
            }
        },
        |g, w| {
            g.command = match w.word()? {
                "-" => None,
                kind => Some(Command {
                    kind: named(&COMMANDS, kind).ok_or(w.malformed())?,
                    goal: w.cell("goal")?,
                    turns: w.num("turns")?,
                }),
            };
            Ok(())
        },
    ),
    Field::once(
        "stop",
        "already-rested".len() + 2 + 2 * U32 + 2,
        |g, o| match g.last_stop {
            None => o.line(format_args!("-")),
            Some(s) => {
                let refused = u8::from(s.refused);
                let (name, a, b) = match s.reason {
                    StopReason::MonsterInView(k) => (STOP_MONSTER, u32::from(k.number()), 0),
                    StopReason::HurtBy(n) => (STOP_HURT, n.max(0) as u32, 0),
                    StopReason::ItemSeen(i) => {
                        (STOP_ITEM, u32::from(i.kind.number()), u32::from(i.count))
                    }
                    other => (name_of(&STOPS, other).unwrap_or("-"), 0, 0),
                };
                o.line(format_args!("{name} {refused} {a} {b}"))
            }
        },
        |g, w| {
            let name = w.word()?;
            if name == "-" {
                g.last_stop = None;
                return Ok(());
            }
            let refused = w.flag("refused")?;
            let a: u32 = w.num("reason")?;
            let b: u32 = w.num("reason")?;
            let reason = match name {
                STOP_MONSTER => StopReason::MonsterInView(
                    u8::try_from(a)
                        .ok()
                        .and_then(KindId::new)
                        .ok_or(w.out_of_range("monster kind"))?,
                ),
                STOP_HURT => {
                    StopReason::HurtBy(i32::try_from(a).map_err(|_| w.out_of_range("hurt"))?)
                }
                STOP_ITEM => {
                    let kind = u8::try_from(a).ok().and_then(ItemId::new);
                    let count = u16::try_from(b).ok().filter(|&b| b > 0);
                    match (kind, count) {
                        (Some(kind), Some(count)) => StopReason::ItemSeen(Item { kind, count }),
                        _ => return Err(w.out_of_range("item")),
                    }
                }
                other => named(&STOPS, other).ok_or(w.malformed())?,
            };
            g.last_stop = Some(Stop { reason, refused });
            Ok(())
        },
    ),
    Field::once(
        "stairs",
        2 * I32 + 1,
        |g, o| match g.level.stairs {
            Some(s) => o.line(format_args!("{} {}", s.x, s.y)),
            None => o.line(format_args!("-")),
        },
        |g, w| {
            g.level.stairs = match w.word()? {
                "-" => None,
                x => {
                    let x: i32 = x.parse().map_err(|_| w.out_of_range("stairs"))?;
                    let y = w.within("stairs", 0, MAP_H - 1)?;
                    if !(0..MAP_W).contains(&x) {
                        return Err(w.out_of_range("stairs"));
                    }
                    Some(Point::new(x, y))
                }
            };
            Ok(())
        },
    ),
    Field::once(
        "start",
        2 * I32 + 1,
        |g, o| o.line(format_args!("{} {}", g.level.start.x, g.level.start.y)),
        |g, w| {
            g.level.start = w.cell("start")?;
            Ok(())
        },
    ),
    Field::once(
        "area",
        4 * I32 + 3,
        |g, o| {
            for a in &g.level.areas {
                o.line(format_args!("{} {} {} {}", a.x, a.y, a.w, a.h))?;
            }
            Ok(())
        },
        |g, w| {
            let x = w.within("area", 0, MAP_W - 1)?;
            let y = w.within("area", 0, MAP_H - 1)?;
            let aw = w.within("area", 1, MAP_W - x)?;
            let ah = w.within("area", 1, MAP_H - y)?;
            g.level
                .areas
                .push(Rect::new(x, y, aw, ah))
                .map_err(|_| w.out_of_range("number of areas"))
        },
    )
    .each(MAX_AREAS),
    Field::once(
        "monster",
        U8 + 3 * I32 + 1 + U8 + U8 + 6,
        |g, o| {
            for m in &g.level.monsters {
                let mind = name_of(&MINDS, m.mind).unwrap_or("-");
                o.line(format_args!(
                    "{} {} {} {} {mind} {} {}",
                    m.kind.number(),
                    m.pos.x,
                    m.pos.y,
                    m.hp,
                    m.band,
                    m.heading
                ))?;
            }
            Ok(())
        },
        |g, w| {
            let kind = w.monster_kind()?;
            let pos = w.cell("monster")?;
            let hp = w.within("monster health", 1, kind.kind().hp)?;
            let mind = w.named(&MINDS)?;
            let band = w.within_of("band", 0, u8::MAX)?;
            let heading = w.within_of("heading", 0, Dir::LAST_INDEX)?;
            let monster = Monster {
                kind,
                pos,
                hp,
                mind,
                band,
                heading,
            };
            g.level
                .monsters
                .push(monster)
                .map_err(|_| w.out_of_range("number of monsters"))
        },
    )
    .each(MAX_MONSTERS),
    Field::once(
        "item",
        U8 + U16 + 2 * I32 + 1 + 4,
        |g, o| {
            for i in &g.level.items {
                o.line(format_args!(
                    "{} {} {} {} {}",
                    i.item.kind.number(),
                    i.item.count,
                    i.pos.x,
                    i.pos.y,
                    u8::from(i.seen)
                ))?;
            }
            Ok(())
        },
        |g, w| {
            let kind = w.item_kind()?;
            let count = w.within_of("count", 1, u16::MAX)?;
            let pos = w.cell("item")?;
            let seen = w.flag("seen")?;
            let item = FloorItem {
                item: Item { kind, count },
                pos,
                seen,
            };
            g.level
                .items
                .push(item)
                .map_err(|_| w.out_of_range("number of items"))
        },
    )
    .each(MAX_FLOOR_ITEMS),
    Field::once(
        "trap",
        1 + 2 * I32 + 1 + 3,
        |g, o| {
            for t in &g.level.traps {
                o.line(format_args!(
                    "{} {} {} {}",
                    trap_index(t.kind),
                    t.pos.x,
                    t.pos.y,
                    u8::from(t.known)
                ))?;
            }
            Ok(())
        },
        |g, w| {
            let kind = TrapKind::ALL[w.within("trap kind", 0, 3)? as usize];
            let pos = w.cell("trap")?;
            let known = w.flag("known")?;
            g.level
                .traps
                .push(Trap { pos, kind, known })
                .map_err(|_| w.out_of_range("number of traps"))
        },
    )
    .each(MAX_TRAPS),
    Field::once(
        "log",
        2 + LINE,
        |g, o| {
            for m in g.log.lines() {
                o.line(format_args!("{} {}", u8::from(m.read), m.text))?;
            }
            Ok(())
        },
        |g, w| {
            let read = match w.word()? {
                "0" => false,
                "1" => true,
                _ => return Err(w.malformed()),
            };
            let text = w.text();
            // The game writes no control characters; a line ending in a
            // carriage return would lose it at each reading.
            if text.chars().any(char::is_control) {
                return Err(w.malformed());
            }
            g.log.add(line(format_args!("{text}")));
            if read {
                g.log.mark_last_read();
            }
            Ok(())
        },
    )
    .each(LOG_LINES),
];

/// The field of a key, and its place in `FIELDS`.
fn field(key: &str) -> Option<(usize, &'static Field)> {
    FIELDS.iter().enumerate().find(|(_, f)| f.key == key)
}

fn write_state(o: &mut Out<'_>, s: State) -> fmt::Result {
    match s {
        State::Aiming(Aim::Throw { slot }) => o.line(format_args!("{AIM_THROW} {slot}")),
        State::Inventory(InventoryMode::Item(slot)) => o.line(format_args!("{PACK_ITEM} {slot}")),
        State::Confirming(Question::StepOnto(d)) => {
            o.line(format_args!("{ASK_TRAP} {}", d.index()))
        }
        plain => o.line(format_args!("{}", name_of(&STATES, plain).unwrap_or("-"))),
    }
}

fn read_state(w: &mut Words) -> Result<State, LoadError> {
    let slot = |w: &mut Words| w.within_of("slot", 0, crate::player::LAST_SLOT);
    Ok(match w.word()? {
        AIM_THROW => State::Aiming(Aim::Throw { slot: slot(w)? }),
        PACK_ITEM => State::Inventory(InventoryMode::Item(slot(w)?)),
        ASK_TRAP => State::Confirming(Question::StepOnto(Dir::from_index(w.within_of(
            "direction",
            0,
            Dir::LAST_INDEX,
        )?))),
        name => named(&STATES, name).ok_or(w.malformed())?,
    })
}

// ----- the grids -----

/// The map's rows, a letter a cell.
fn write_map(out: &mut dyn Write, map: &Map) -> fmt::Result {
    out.write_str("map\n")?;
    for y in 0..MAP_H {
        for x in 0..MAP_W {
            out.write_char(map.at(Point::new(x, y)).letter())?;
        }
        out.write_char('\n')?;
    }
    Ok(())
}

/// The explored cells' rows, `1` for explored.
fn write_explored(out: &mut dyn Write, game: &Game) -> fmt::Result {
    out.write_str("explored\n")?;
    for y in 0..MAP_H {
        for x in 0..MAP_W {
            let seen = game.level.explored.contains(Point::new(x, y));
            out.write_char(if seen { '1' } else { '0' })?;
        }
        out.write_char('\n')?;
    }
    Ok(())
}

/// Reads one row of 64 letters, each turned into a cell by `cell`.
fn read_row(
    raw: &str,
    y: i32,
    n: usize,
    mut cell: impl FnMut(Point, char) -> Result<(), LoadError>,
) -> Result<(), LoadError> {
    let mut x = 0;
    for letter in raw.chars() {
        if x >= MAP_W {
            return Err(LoadError::Malformed { line: n });
        }
        cell(Point::new(x, y), letter)?;
        x += 1;
    }
    if x != MAP_W {
        return Err(LoadError::Malformed { line: n });
    }
    Ok(())
}

fn read_map_row(map: &mut Map, raw: &str, y: i32, n: usize) -> Result<(), LoadError> {
    read_row(raw, y, n, |p, letter| {
        map.set(
            p,
            Terrain::from_letter(letter).ok_or(LoadError::UnknownTerrain { line: n, letter })?,
        );
        Ok(())
    })
}

fn read_explored_row(game: &mut Game, raw: &str, y: i32, n: usize) -> Result<(), LoadError> {
    read_row(raw, y, n, |p, c| match c {
        '1' => {
            game.level.explored.insert(p);
            Ok(())
        }
        '0' => Ok(()),
        _ => Err(LoadError::Malformed { line: n }),
    })
}

/// Which grid the lines being read belong to, and its next row.
#[derive(Clone, Copy)]
enum Grid {
    None,
    Map(i32),
    Explored(i32),
}

impl Game {
    /// The version of the save this run writes: 1 on xorshift's dice, as
    /// every save before the book's dice was; the newest on the book's.
    pub fn save_version(&self) -> u32 {
        match self.rng.dice() {
            Dice::Xorshift => OLDEST_SAVE_VERSION,
            Dice::Book => SAVE_VERSION,
        }
    }

    /// Writes the run as a save.
    pub fn write_save(&self, out: &mut impl Write) -> fmt::Result {
        let out: &mut dyn Write = out;
        writeln!(out, "amulets-save {}", self.save_version())?;
        for f in &FIELDS {
            let mut lines = Out {
                out: &mut *out,
                key: f.key,
            };
            (f.write)(self, &mut lines)?;
        }
        write_map(out, &self.level.map)?;
        write_explored(out, self)?;
        out.write_str("end\n")
    }

    /// Reads a run from a save.
    pub fn read_save(text: &str) -> Result<Game, LoadError> {
        // A save passed through an editor may have gained a byte-order mark
        // (Notepad) and CRLF line ends (`lines` takes those off).
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        let (_, header) = lines.next().ok_or(LoadError::NotASave)?;
        let version = header
            .strip_prefix("amulets-save ")
            .and_then(|v| v.trim().parse::<u32>().ok())
            .ok_or(LoadError::NotASave)?;
        if !(OLDEST_SAVE_VERSION..=SAVE_VERSION).contains(&version) {
            return Err(LoadError::WrongVersion { found: version });
        }
        let mut game = Game::new(0);
        game.player = Player::new(Class::Fighter);
        game.log = Log::new();
        let mut seen = [false; FIELDS.len()];
        let (mut map_seen, mut explored_seen) = (false, false);
        let mut grid = Grid::None;
        let mut ended = false;
        let class = field("class").map_or(0, |(i, _)| i);
        let seed = field("seed").map_or(0, |(i, _)| i);
        for (n, raw) in lines {
            if ended {
                return Err(LoadError::Malformed { line: n });
            }
            match grid {
                Grid::Map(y) if y < MAP_H => {
                    read_map_row(&mut game.level.map, raw, y, n)?;
                    grid = Grid::Map(y + 1);
                    continue;
                }
                Grid::Explored(y) if y < MAP_H => {
                    read_explored_row(&mut game, raw, y, n)?;
                    grid = Grid::Explored(y + 1);
                    continue;
                }
                _ => grid = Grid::None,
            }
            match raw {
                "map" if !map_seen => {
                    map_seen = true;
                    grid = Grid::Map(0);
                    continue;
                }
                "explored" if !explored_seen => {
                    explored_seen = true;
                    grid = Grid::Explored(0);
                    continue;
                }
                "end" => {
                    ended = true;
                    continue;
                }
                _ => {}
            }
            let (key, rest) = raw
                .split_once(' ')
                .ok_or(LoadError::Malformed { line: n })?;
            let (i, f) = field(key).ok_or(LoadError::Malformed { line: n })?;
            if seen[i] && f.most == 1 {
                return Err(LoadError::Malformed { line: n });
            }
            if f.player && !seen[class] {
                return Err(LoadError::Missing("class"));
            }
            if f.seeded && !seen[seed] {
                return Err(LoadError::Missing("seed"));
            }
            seen[i] = true;
            let mut words = Words {
                rest: Some(rest),
                line: n,
            };
            (f.read)(&mut game, &mut words)?;
            words.done()?;
        }
        if !ended {
            return Err(LoadError::Missing("end"));
        }
        if let Some(f) = FIELDS.iter().zip(seen).find(|(f, s)| f.required && !s) {
            return Err(LoadError::Missing(f.0.key));
        }
        if !map_seen {
            return Err(LoadError::Missing("map"));
        }
        if !explored_seen {
            return Err(LoadError::Missing("explored"));
        }
        if matches!(grid, Grid::Map(y) | Grid::Explored(y) if y < MAP_H) {
            return Err(LoadError::Missing("map rows"));
        }
        if game.save_version() != version {
            return Err(LoadError::Inconsistent(
                "dice of an engine this version does not save",
            ));
        }
        game.player.update_defense();
        game.check_loaded()?;
        game.update_view();
        Ok(game)
    }

    /// What a save must hang together on beyond each line's own ranges.
    fn check_loaded(&self) -> Result<(), LoadError> {
        let p = &self.player;
        for worn in [p.weapon, p.armour, p.bow] {
            if worn.is_some_and(|s| p.pack[usize::from(s)].is_none()) {
                return Err(LoadError::Inconsistent(
                    "something worn that is not in the pack",
                ));
            }
        }
        if let Some(c) = self.command
            && !Map::in_bounds(c.goal)
        {
            return Err(LoadError::Inconsistent("a command going off the map"));
        }
        if let State::Aiming(Aim::Throw { slot }) | State::Inventory(InventoryMode::Item(slot)) =
            self.state
            && p.pack.get(usize::from(slot)).copied().flatten().is_none()
        {
            return Err(LoadError::Inconsistent("a screen on an empty slot"));
        }
        self.check_invariants().map_err(LoadError::Inconsistent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Event;
    use crate::item::kinds;
    use crate::level::Level;

    type Text = heapless::String<MAX_SAVE_BYTES>;

    fn text_of(game: &Game) -> Text {
        let mut t = Text::new();
        game.write_save(&mut t).expect("a save fits MAX_SAVE_BYTES");
        t
    }

    /// A run with every saved field away from where the reader starts, so a
    /// field that were written and not read would come back wrong.
    fn everything() -> Game {
        let map =
            Map::from_rows(&["##########", "#.>:+'S..#", "#........#", "##########"]).unwrap();
        let mut g = Game::with_floor(77, Class::Wizard, 5, map, Point::new(2, 2));
        for _ in 0..3 {
            g.rng.roll(1, 6);
        }
        let p = &mut g.player;
        p.pos = Point::new(8, 2);
        (p.hp, p.max_hp) = (5, 30);
        p.strength = 2;
        (p.poisoned, p.confused) = (3, 4);
        (p.gold, p.amulets, p.kills) = (99, 4, 12);
        p.pack = [None; PACK_SLOTS];
        p.pack[0] = Some(Item::one(kinds::SWORD));
        p.pack[1] = Some(Item::one(kinds::CHAIN_MAIL));
        p.pack[2] = Some(Item::one(kinds::BOW));
        p.pack[3] = Some(Item {
            kind: kinds::ARROW,
            count: 17,
        });
        (p.weapon, p.armour, p.bow) = (Some(0), Some(1), Some(2));
        p.update_defense();
        p.knows_lightning = false;
        p.lightning_wait = 7;
        p.searches = 3;
        g.state = State::Inventory(InventoryMode::Item(3));
        g.back = State::Playing;
        g.turn = 1234;
        let l = &mut g.level;
        l.start = Point::new(1, 2);
        l.areas.push(Rect::new(1, 1, 3, 2)).unwrap();
        l.monsters
            .push(Monster {
                kind: KindId::new(2).expect("a kind of the table"),
                pos: Point::new(6, 2),
                hp: 1,
                mind: Mind::Hunting,
                band: 3,
                heading: 5,
            })
            .unwrap();
        l.items
            .push(FloorItem {
                item: Item {
                    kind: kinds::DART,
                    count: 7,
                },
                pos: Point::new(7, 2),
                seen: true,
            })
            .unwrap();
        l.traps
            .push(Trap {
                pos: Point::new(3, 2),
                kind: TrapKind::Dart,
                known: true,
            })
            .unwrap();
        g.log.say("A first line.");
        g.log.mark_read();
        g.log.say("A second line, unread.");
        g.event(Event::Hit {
            at: Point::new(6, 2),
            big: true,
        });
        g.cursor = Point::new(4, 1);
        g.cause = Some(Cause::Trap(TrapKind::Alarm));
        g.debug.reveal = true;
        g.debug.distances = true;
        g.debug.minds = true;
        g.debug.caves_shown = 3;
        g.step_cave();
        g.command = Some(Command {
            kind: CommandKind::Travel,
            goal: Point::new(7, 1),
            turns: 5,
        });
        g.last_stop = Some(Stop {
            reason: StopReason::ItemSeen(Item {
                kind: kinds::DART,
                count: 2,
            }),
            refused: true,
        });
        g.style = crate::mapgen::floor::Style::Grid;
        g.update_view();
        g
    }

    /// Compares a field of the written run with the read one, and checks
    /// it is not where the reader starts.
    macro_rules! kept {
        ($written:expr, $read:expr, $fresh:expr, $name:literal) => {
            assert_eq!($written, $read, "{} came back otherwise", $name);
            assert_ne!($written, $fresh, "{} was left at its start", $name);
        };
    }

    #[test]
    fn every_field_is_written_and_read_back() {
        let written = everything();
        let read = Game::read_save(&text_of(&written)).expect("it loads");
        // Where the reader starts: a new game, a Wizard's player with an
        // empty pack.
        let mut fresh = Game::new(0);
        fresh.player = Player::new(Class::Wizard);
        fresh.player.pack = [None; PACK_SLOTS];
        (fresh.player.weapon, fresh.player.armour, fresh.player.bow) = (None, None, None);
        fresh.player.update_defense();
        // Every part named, none left out with `..`: a new field does not
        // compile here until this test covers it.
        let Game {
            seed,
            rng,
            state,
            back,
            turn,
            level,
            player,
            log,
            events,
            cursor,
            cause,
            debug,
            command,
            last_stop,
            style,
        } = &written;
        kept!(seed, &read.seed, &fresh.seed, "seed");
        kept!(rng, &read.rng, &fresh.rng, "the dice");
        kept!(state, &read.state, &fresh.state, "state");
        kept!(back, &read.back, &fresh.back, "back");
        kept!(turn, &read.turn, &fresh.turn, "turn");
        kept!(log, &read.log, &fresh.log, "the log");
        kept!(cursor, &read.cursor, &fresh.cursor, "the cursor");
        kept!(cause, &read.cause, &fresh.cause, "the cause");
        kept!(command, &read.command, &fresh.command, "the command");
        kept!(
            last_stop,
            &read.last_stop,
            &fresh.last_stop,
            "the last stop"
        );
        kept!(style, &read.style, &fresh.style, "the style");
        // Only animates: not saved.
        assert!(!events.is_empty() && read.events.is_empty());

        let Level {
            depth,
            map,
            visible,
            explored,
            monsters,
            items,
            traps,
            stairs,
            areas,
            start,
        } = level;
        let (rl, fl) = (&read.level, &fresh.level);
        kept!(depth, &rl.depth, &fl.depth, "depth");
        kept!(map, &rl.map, &fl.map, "the map");
        kept!(explored, &rl.explored, &fl.explored, "explored");
        kept!(monsters, &rl.monsters, &fl.monsters, "monsters");
        kept!(items, &rl.items, &fl.items, "items");
        kept!(traps, &rl.traps, &fl.traps, "traps");
        kept!(stairs, &rl.stairs, &fl.stairs, "stairs");
        kept!(areas, &rl.areas, &fl.areas, "areas");
        kept!(start, &rl.start, &fl.start, "start");
        // Worked out again from the map and the player's place.
        assert_eq!(visible, &rl.visible);

        let Player {
            class,
            pos,
            hp,
            max_hp,
            strength,
            poisoned,
            confused,
            gold,
            amulets,
            kills,
            pack,
            weapon,
            armour,
            bow,
            knows_lightning,
            lightning_wait,
            searches,
            // And the attack and defence, the player's own to work out.
            ..
        } = player;
        let (rp, fp) = (&read.player, &fresh.player);
        assert_eq!(class, &rp.class, "the class");
        assert_ne!(
            fresh.player.class,
            Class::Fighter,
            "the reader starts as a Fighter"
        );
        kept!(pos, &rp.pos, &fp.pos, "pos");
        kept!(hp, &rp.hp, &fp.hp, "hp");
        kept!(max_hp, &rp.max_hp, &fp.max_hp, "max hp");
        kept!(strength, &rp.strength, &fp.strength, "strength");
        kept!(poisoned, &rp.poisoned, &fp.poisoned, "poison");
        kept!(confused, &rp.confused, &fp.confused, "confusion");
        kept!(gold, &rp.gold, &fp.gold, "gold");
        kept!(amulets, &rp.amulets, &fp.amulets, "amulets");
        kept!(kills, &rp.kills, &fp.kills, "kills");
        kept!(pack, &rp.pack, &fp.pack, "the pack");
        kept!(weapon, &rp.weapon, &fp.weapon, "the weapon");
        kept!(armour, &rp.armour, &fp.armour, "the armour");
        kept!(bow, &rp.bow, &fp.bow, "the bow");
        // Worked out again from what is worn.
        assert_eq!(
            (player.attack(), player.defence()),
            (rp.attack(), rp.defence())
        );
        kept!(
            knows_lightning,
            &rp.knows_lightning,
            &fp.knows_lightning,
            "lightning"
        );
        kept!(
            lightning_wait,
            &rp.lightning_wait,
            &fp.lightning_wait,
            "lightning's wait"
        );
        kept!(searches, &rp.searches, &fp.searches, "searches");

        let DebugView {
            reveal,
            distances,
            minds,
            cave,
            caves_shown,
        } = debug;
        let (rd, fd) = (&read.debug, &fresh.debug);
        kept!(reveal, &rd.reveal, &fd.reveal, "F1");
        kept!(distances, &rd.distances, &fd.distances, "F3");
        kept!(minds, &rd.minds, &fd.minds, "F4");
        kept!(caves_shown, &rd.caves_shown, &fd.caves_shown, "caves shown");
        // The F6 cave being shown is dropped.
        assert!(cave.is_some() && rd.cave.is_none());
        // And written again, it is the same text.
        assert_eq!(text_of(&read), text_of(&written));
    }

    #[test]
    fn every_line_is_within_its_row() {
        // Every number at its widest: the longest line each row can write.
        let mut g = everything();
        g.style = crate::mapgen::floor::Style::Book.next();
        g.seed = u32::MAX;
        g.turn = u32::MAX;
        g.state = State::Aiming(Aim::Throw { slot: u8::MAX });
        g.back = State::Inventory(InventoryMode::Item(u8::MAX));
        g.cursor = Point::new(i32::MIN, i32::MIN);
        // The kinds with the widest numbers (the last of each table).
        let last_monster = KindId::all().last().expect("a table of kinds");
        let last_item = ItemId::all().last().expect("a table of kinds");
        g.cause = Some(Cause::Monster(last_monster));
        g.debug.caves_shown = u32::MAX;
        g.command = Some(Command {
            kind: CommandKind::Explore,
            goal: Point::new(i32::MIN, i32::MIN),
            turns: u32::MAX,
        });
        g.last_stop = Some(Stop {
            reason: StopReason::AlreadyRested,
            refused: true,
        });
        let widest = |n: &mut i32| *n = i32::MIN;
        let l = &mut g.level;
        widest(&mut l.depth);
        l.stairs = Some(Point::new(i32::MIN, i32::MIN));
        l.start = Point::new(i32::MIN, i32::MIN);
        l.areas.clear();
        while l
            .areas
            .push(Rect::new(i32::MIN, i32::MIN, i32::MIN, i32::MIN))
            .is_ok()
        {}
        l.monsters.clear();
        let wide_monster = Monster {
            kind: last_monster,
            pos: Point::new(i32::MIN, i32::MIN),
            hp: i32::MIN,
            mind: Mind::Wandering,
            band: u8::MAX,
            heading: u8::MAX,
        };
        while l.monsters.push(wide_monster).is_ok() {}
        l.items.clear();
        let wide_item = FloorItem {
            item: Item {
                kind: last_item,
                count: u16::MAX,
            },
            pos: Point::new(i32::MIN, i32::MIN),
            seen: true,
        };
        while l.items.push(wide_item).is_ok() {}
        l.traps.clear();
        let wide_trap = Trap {
            pos: Point::new(i32::MIN, i32::MIN),
            kind: TrapKind::Dart,
            known: true,
        };
        while l.traps.push(wide_trap).is_ok() {}
        let p = &mut g.player;
        for n in [
            &mut p.hp,
            &mut p.max_hp,
            &mut p.strength,
            &mut p.poisoned,
            &mut p.confused,
            &mut p.lightning_wait,
        ] {
            widest(n);
        }
        (p.gold, p.amulets, p.kills, p.searches) = (u32::MAX, u8::MAX, u16::MAX, u8::MAX);
        p.pack = [Some(Item {
            kind: last_item,
            count: u16::MAX,
        }); PACK_SLOTS];
        let long = line(format_args!("{:<1$}", "a long line", LINE));
        for _ in 0..LOG_LINES {
            g.log.add(long.clone());
        }
        let text = text_of(&g);
        let mut counts = [0usize; FIELDS.len()];
        for l in text.lines().skip(1) {
            let Some((key, words)) = l.split_once(' ') else {
                continue;
            };
            let Some((i, f)) = field(key) else { continue };
            counts[i] += 1;
            assert!(
                words.len() <= f.longest,
                "{key}: {} bytes of words, its row says {}",
                words.len(),
                f.longest
            );
        }
        for (f, n) in FIELDS.iter().zip(counts) {
            assert!(n <= f.most, "{}: {n} lines, its row says {}", f.key, f.most);
            assert!(n >= 1, "{} was not written", f.key);
        }
        assert!(text.len() <= MAX_SAVE_BYTES);
        // Most rows are full here: the bound is near what it says.
        assert!(
            text.len() * 10 >= MAX_SAVE_BYTES * 9,
            "{} of {MAX_SAVE_BYTES}",
            text.len()
        );
    }
}
