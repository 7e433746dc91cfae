//! The run as text, and back: a versioned save that a shell writes to a
//! file and the core reads from a string, with an error that names the line
//! for anything wrong, and no panic on any input.
//!
//! The format: a header `amulets-save <version>`, then `key value...`
//! lines (some keys repeat: `pack`, `area`, `monster`, `item`, `trap`,
//! `log`), then `map` and 36 rows of 64 terrain letters (DECISIONS' save
//! letters), `explored` and 36 rows of `0`/`1`, and `end`. What a turn
//! works out again (what is in view) and what only animates (events) is not
//! saved; the F6 cave being shown is dropped.

use super::command::{Command, CommandKind, Stop, StopReason};
use super::{Aim, Cause, DebugView, Game, Pack, Question, State};
use crate::geom::{Dir, Point, Rect};
use crate::item::{FloorItem, ITEMS, Item};
use crate::level::{Trap, TrapKind};
use crate::log::Log;
use crate::map::{MAP_H, MAP_W, Map, Terrain};
use crate::monster::{MONSTERS, Mind, Monster};
use crate::player::{Class, PACK_SLOTS, Player};
use crate::rng::Rng;
use crate::text::line;
use core::fmt::Write;

/// The save format's version: a save of another version is refused by name.
pub const SAVE_VERSION: u32 = 1;

/// Why a save could not be read. Lines count from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The first line is not `amulets-save <version>`.
    NotASave,
    WrongVersion {
        found: u32,
        expected: u32,
    },
    /// A key the save must have is missing.
    Missing(&'static str),
    /// A line that is not `key value...` of a key this version knows.
    Malformed {
        line: usize,
    },
    /// A number or a name out of what the game allows.
    OutOfRange {
        line: usize,
        what: &'static str,
    },
    UnknownTerrain {
        line: usize,
        letter: char,
    },
    /// Parts that cannot be together: a monster in a wall, say.
    Inconsistent(&'static str),
}

impl core::fmt::Display for LoadError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            LoadError::NotASave => write!(f, "it is not an Amulets save"),
            LoadError::WrongVersion { found, expected } => write!(
                f,
                "it's version {found}, and this game reads version {expected}"
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

fn write_state(out: &mut impl Write, s: State) -> core::fmt::Result {
    match s {
        State::Title => out.write_str("title"),
        State::ChooseClass => out.write_str("class"),
        State::Playing => out.write_str("playing"),
        State::Aiming(Aim::Fire) => out.write_str("aim-fire"),
        State::Aiming(Aim::Cast) => out.write_str("aim-cast"),
        State::Aiming(Aim::Throw { slot }) => write!(out, "aim-throw {slot}"),
        State::Looking => out.write_str("looking"),
        State::Inventory(Pack::Browse) => out.write_str("pack"),
        State::Inventory(Pack::Drop) => out.write_str("pack-drop"),
        State::Inventory(Pack::Item(slot)) => write!(out, "pack-item {slot}"),
        State::Confirming(Question::LeaveAmulet) => out.write_str("ask-amulet"),
        State::Confirming(Question::StepOnto(d)) => write!(out, "ask-trap {}", d.index()),
        State::Menu => out.write_str("menu"),
        State::Help => out.write_str("help"),
        State::Dead => out.write_str("dead"),
        State::Won => out.write_str("won"),
    }
}

fn reason_code(r: StopReason) -> (&'static str, u32, u32) {
    use StopReason::*;
    match r {
        Arrived => ("arrived", 0, 0),
        Rested => ("rested", 0, 0),
        RestCapReached => ("rest-cap", 0, 0),
        AlreadyRested => ("already-rested", 0, 0),
        MonsterInView(k) => ("monster", u32::from(k), 0),
        HurtBy(n) => ("hurt", n.max(0) as u32, 0),
        NewFloor => ("new-floor", 0, 0),
        TrapFound => ("trap", 0, 0),
        SecretDoorFound => ("secret-door", 0, 0),
        ItemSeen(i) => ("item", u32::from(i.kind), u32::from(i.count)),
        Blocked => ("blocked", 0, 0),
        NoSafeWay => ("no-safe-way", 0, 0),
        Explored => ("explored", 0, 0),
        ExploredAsFarAsSafe => ("explored-safe", 0, 0),
        Interrupted => ("interrupted", 0, 0),
        Poisoned => ("poisoned", 0, 0),
        Confused => ("confused", 0, 0),
        StairsUnknown => ("stairs-unknown", 0, 0),
        NoStairsHere => ("no-stairs", 0, 0),
        LeftPlay => ("left-play", 0, 0),
    }
}

fn slot_text(s: Option<u8>) -> char {
    s.map_or('-', |s| (b'a' + s) as char)
}

impl Game {
    /// Writes the run as a save.
    pub fn write_save(&self, out: &mut impl Write) -> core::fmt::Result {
        let p = &self.player;
        let l = &self.level;
        writeln!(out, "amulets-save {SAVE_VERSION}")?;
        writeln!(out, "seed {}", self.seed)?;
        let [a, b, c, d] = self.rng.state();
        writeln!(out, "dice {a} {b} {c} {d}")?;
        out.write_str("state ")?;
        write_state(out, self.state)?;
        out.write_str("\nback ")?;
        write_state(out, self.back)?;
        writeln!(out)?;
        writeln!(out, "turn {}", self.turn)?;
        writeln!(out, "depth {}", l.depth)?;
        writeln!(out, "class {}", p.class.letter())?;
        writeln!(out, "pos {} {}", p.pos.x, p.pos.y)?;
        writeln!(out, "hp {} {}", p.hp, p.max_hp)?;
        writeln!(out, "strength {}", p.strength)?;
        writeln!(out, "statuses {} {}", p.poisoned, p.confused)?;
        writeln!(out, "purse {} {} {}", p.gold, p.amulets, p.kills)?;
        writeln!(
            out,
            "lightning {} {}",
            u8::from(p.knows_lightning),
            p.lightning_wait
        )?;
        writeln!(out, "searches {}", p.searches)?;
        writeln!(
            out,
            "worn {} {} {}",
            slot_text(p.weapon),
            slot_text(p.armour),
            slot_text(p.bow)
        )?;
        for (i, slot) in p.pack.iter().enumerate() {
            if let Some(item) = slot {
                writeln!(
                    out,
                    "pack {} {} {}",
                    (b'a' + i as u8) as char,
                    item.kind,
                    item.count
                )?;
            }
        }
        writeln!(out, "cursor {} {}", self.cursor.x, self.cursor.y)?;
        match self.cause {
            None => writeln!(out, "cause -")?,
            Some(Cause::Monster(k)) => writeln!(out, "cause monster {k}")?,
            Some(Cause::Poison) => writeln!(out, "cause poison")?,
            Some(Cause::Trap(t)) => writeln!(out, "cause trap {}", trap_index(t))?,
        }
        let dbg = &self.debug;
        writeln!(
            out,
            "debug {} {} {} {}",
            u8::from(dbg.reveal),
            u8::from(dbg.distances),
            u8::from(dbg.minds),
            dbg.caves_shown
        )?;
        match self.command {
            None => writeln!(out, "command -")?,
            Some(c) => {
                let kind = match c.kind {
                    CommandKind::Rest => "rest",
                    CommandKind::Travel => "travel",
                    CommandKind::Explore => "explore",
                };
                writeln!(out, "command {kind} {} {} {}", c.goal.x, c.goal.y, c.turns)?;
            }
        }
        match self.last_stop {
            None => writeln!(out, "stop -")?,
            Some(s) => {
                let (name, a, b) = reason_code(s.reason);
                writeln!(out, "stop {name} {} {a} {b}", u8::from(s.refused))?;
            }
        }
        match l.stairs {
            Some(s) => writeln!(out, "stairs {} {}", s.x, s.y)?,
            None => writeln!(out, "stairs -")?,
        }
        writeln!(out, "start {} {}", l.start.x, l.start.y)?;
        for a in &l.areas {
            writeln!(out, "area {} {} {} {}", a.x, a.y, a.w, a.h)?;
        }
        for m in &l.monsters {
            let mind = match m.mind {
                Mind::Asleep => 'z',
                Mind::Wandering => 'w',
                Mind::Hunting => 'h',
            };
            writeln!(
                out,
                "monster {} {} {} {} {mind} {} {}",
                m.kind, m.pos.x, m.pos.y, m.hp, m.pack, m.heading
            )?;
        }
        for i in &l.items {
            writeln!(
                out,
                "item {} {} {} {} {}",
                i.item.kind,
                i.item.count,
                i.pos.x,
                i.pos.y,
                u8::from(i.seen)
            )?;
        }
        for t in &l.traps {
            writeln!(
                out,
                "trap {} {} {} {}",
                trap_index(t.kind),
                t.pos.x,
                t.pos.y,
                u8::from(t.known)
            )?;
        }
        for m in self.log.lines() {
            writeln!(out, "log {} {}", u8::from(m.read), m.text)?;
        }
        writeln!(out, "map")?;
        for y in 0..MAP_H {
            for x in 0..MAP_W {
                out.write_char(l.map.at(Point::new(x, y)).letter())?;
            }
            writeln!(out)?;
        }
        writeln!(out, "explored")?;
        for y in 0..MAP_H {
            for x in 0..MAP_W {
                out.write_char(if l.explored.contains(Point::new(x, y)) {
                    '1'
                } else {
                    '0'
                })?;
            }
            writeln!(out)?;
        }
        writeln!(out, "end")
    }

    /// Reads a run from a save.
    pub fn read_save(text: &str) -> Result<Game, LoadError> {
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        let (_, header) = lines.next().ok_or(LoadError::NotASave)?;
        let version = header
            .strip_prefix("amulets-save ")
            .and_then(|v| v.trim().parse::<u32>().ok())
            .ok_or(LoadError::NotASave)?;
        if version != SAVE_VERSION {
            return Err(LoadError::WrongVersion {
                found: version,
                expected: SAVE_VERSION,
            });
        }
        let mut game = Game::new(0);
        game.player = Player::new(Class::Fighter);
        game.log = Log::new();
        let mut seen = Seen::default();
        let mut map_row = None::<i32>;
        let mut explored_row = None::<i32>;
        let mut ended = false;
        for (n, raw) in lines {
            if ended {
                return Err(LoadError::Malformed { line: n });
            }
            if let Some(y) = map_row {
                if y < MAP_H {
                    read_map_row(&mut game.level.map, raw, y, n)?;
                    map_row = Some(y + 1);
                    continue;
                }
                map_row = None;
            }
            if let Some(y) = explored_row {
                if y < MAP_H {
                    read_explored_row(&mut game, raw, y, n)?;
                    explored_row = Some(y + 1);
                    continue;
                }
                explored_row = None;
            }
            let (key, rest) = raw.split_once(' ').unwrap_or((raw, ""));
            let mut w = Words {
                words: rest.split(' '),
                line: n,
            };
            match key {
                "map" if !seen.map => {
                    seen.map = true;
                    map_row = Some(0);
                }
                "explored" if !seen.explored => {
                    seen.explored = true;
                    explored_row = Some(0);
                }
                "end" => ended = true,
                _ => read_key(&mut game, &mut seen, key, rest, &mut w, n)?,
            }
            if !matches!(key, "map" | "explored" | "end" | "log") {
                w.done()?;
            }
        }
        if !ended {
            return Err(LoadError::Missing("end"));
        }
        for (have, key) in [
            (seen.seed, "seed"),
            (seen.dice, "dice"),
            (seen.state, "state"),
            (seen.depth, "depth"),
            (seen.class, "class"),
            (seen.pos, "pos"),
            (seen.hp, "hp"),
            (seen.map, "map"),
            (seen.explored, "explored"),
        ] {
            if !have {
                return Err(LoadError::Missing(key));
            }
        }
        if map_row.is_some_and(|y| y < MAP_H) || explored_row.is_some_and(|y| y < MAP_H) {
            return Err(LoadError::Missing("map rows"));
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
        if let State::Aiming(Aim::Throw { slot }) | State::Inventory(Pack::Item(slot)) = self.state
            && p.pack.get(usize::from(slot)).copied().flatten().is_none()
        {
            return Err(LoadError::Inconsistent("a screen on an empty slot"));
        }
        self.check_invariants().map_err(LoadError::Inconsistent)
    }
}

/// Which keys a save has had.
#[derive(Default)]
struct Seen {
    seed: bool,
    dice: bool,
    state: bool,
    depth: bool,
    class: bool,
    pos: bool,
    hp: bool,
    map: bool,
    explored: bool,
}

/// The words of a line after its key.
struct Words<'a> {
    words: core::str::Split<'a, char>,
    line: usize,
}

impl<'a> Words<'a> {
    fn word(&mut self) -> Result<&'a str, LoadError> {
        self.words
            .next()
            .filter(|w| !w.is_empty())
            .ok_or(LoadError::Malformed { line: self.line })
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

    fn cell(&mut self, what: &'static str) -> Result<Point, LoadError> {
        let x = self.within(what, 0, MAP_W - 1)?;
        let y = self.within(what, 0, MAP_H - 1)?;
        Ok(Point::new(x, y))
    }

    fn flag(&mut self, what: &'static str) -> Result<bool, LoadError> {
        Ok(self.within(what, 0, 1)? == 1)
    }

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

    /// Fails if words are left over.
    fn done(&mut self) -> Result<(), LoadError> {
        match self.words.next() {
            None => Ok(()),
            Some(_) => Err(LoadError::Malformed { line: self.line }),
        }
    }
}

fn trap_index(t: TrapKind) -> usize {
    TrapKind::ALL.iter().position(|k| *k == t).unwrap_or(0)
}

fn read_state(w: &mut Words) -> Result<State, LoadError> {
    let line = w.line;
    Ok(match w.word()? {
        "title" => State::Title,
        "class" => State::ChooseClass,
        "playing" => State::Playing,
        "aim-fire" => State::Aiming(Aim::Fire),
        "aim-cast" => State::Aiming(Aim::Cast),
        "aim-throw" => State::Aiming(Aim::Throw {
            slot: w.within("slot", 0, PACK_SLOTS as i32 - 1)? as u8,
        }),
        "looking" => State::Looking,
        "pack" => State::Inventory(Pack::Browse),
        "pack-drop" => State::Inventory(Pack::Drop),
        "pack-item" => {
            State::Inventory(Pack::Item(w.within("slot", 0, PACK_SLOTS as i32 - 1)? as u8))
        }
        "ask-amulet" => State::Confirming(Question::LeaveAmulet),
        "ask-trap" => {
            State::Confirming(Question::StepOnto(Dir::from_index(
                w.within("direction", 0, 7)? as u8,
            )))
        }
        "menu" => State::Menu,
        "help" => State::Help,
        "dead" => State::Dead,
        "won" => State::Won,
        _ => return Err(LoadError::Malformed { line }),
    })
}

fn read_reason(name: &str, a: u32, b: u32, line: usize) -> Result<StopReason, LoadError> {
    use StopReason::*;
    let range = |what| LoadError::OutOfRange { line, what };
    Ok(match name {
        "arrived" => Arrived,
        "rested" => Rested,
        "rest-cap" => RestCapReached,
        "already-rested" => AlreadyRested,
        "monster" if (a as usize) < MONSTERS.len() => MonsterInView(a as u8),
        "monster" => return Err(range("monster kind")),
        "hurt" => HurtBy(i32::try_from(a).map_err(|_| range("hurt"))?),
        "new-floor" => NewFloor,
        "trap" => TrapFound,
        "secret-door" => SecretDoorFound,
        "item" if (a as usize) < ITEMS.len() && (1..=u32::from(u16::MAX)).contains(&b) => {
            ItemSeen(Item {
                kind: a as u8,
                count: b as u16,
            })
        }
        "item" => return Err(range("item")),
        "blocked" => Blocked,
        "no-safe-way" => NoSafeWay,
        "explored" => Explored,
        "explored-safe" => ExploredAsFarAsSafe,
        "interrupted" => Interrupted,
        "poisoned" => Poisoned,
        "confused" => Confused,
        "stairs-unknown" => StairsUnknown,
        "no-stairs" => NoStairsHere,
        "left-play" => LeftPlay,
        _ => return Err(LoadError::Malformed { line }),
    })
}

fn read_key(
    game: &mut Game,
    seen: &mut Seen,
    key: &str,
    rest: &str,
    w: &mut Words,
    n: usize,
) -> Result<(), LoadError> {
    let malformed = LoadError::Malformed { line: n };
    let p = &mut game.player;
    let l = &mut game.level;
    match key {
        "seed" => {
            game.seed = w.num("seed")?;
            seen.seed = true;
        }
        "dice" => {
            let s = [
                w.num("dice")?,
                w.num("dice")?,
                w.num("dice")?,
                w.num("dice")?,
            ];
            game.rng = Rng::from_state(s).ok_or(LoadError::OutOfRange {
                line: n,
                what: "dice",
            })?;
            seen.dice = true;
        }
        "state" => {
            game.state = read_state(w)?;
            seen.state = true;
        }
        "back" => game.back = read_state(w)?,
        "turn" => game.turn = w.num("turn")?,
        "depth" => {
            l.depth = w.within("depth", 1, crate::mapgen::floor::LAST_FLOOR)?;
            seen.depth = true;
        }
        "class" => {
            let c = w.word()?;
            let class = Class::ALL
                .iter()
                .copied()
                .find(|k| c.len() == 1 && c.starts_with(k.letter()))
                .ok_or(LoadError::OutOfRange {
                    line: n,
                    what: "class",
                })?;
            // The class sets the kit; the pack lines below replace it.
            *p = Player::new(class);
            p.pack = [None; PACK_SLOTS];
            p.weapon = None;
            p.armour = None;
            p.bow = None;
            seen.class = true;
        }
        _ if !seen.class
            && matches!(
                key,
                "pos"
                    | "hp"
                    | "strength"
                    | "statuses"
                    | "purse"
                    | "lightning"
                    | "searches"
                    | "worn"
                    | "pack"
            ) =>
        {
            return Err(LoadError::Missing("class"));
        }
        "pos" => {
            p.pos = w.cell("position")?;
            seen.pos = true;
        }
        "hp" => {
            let hp = w.within("health", 0, 9999)?;
            let max = w.within("health", 1, 9999)?;
            if hp > max {
                return Err(LoadError::OutOfRange {
                    line: n,
                    what: "health",
                });
            }
            (p.hp, p.max_hp) = (hp, max);
            seen.hp = true;
        }
        "strength" => p.strength = w.within("strength", -99, 99)?,
        "statuses" => {
            p.poisoned = w.within("poison", 0, 9999)?;
            p.confused = w.within("confusion", 0, 9999)?;
        }
        "purse" => {
            p.gold = w.num("gold")?;
            p.amulets = w.within("amulets", 0, crate::mapgen::floor::LAST_FLOOR)? as u8;
            p.kills = w.num("kills")?;
        }
        "lightning" => {
            p.knows_lightning = w.flag("lightning")?;
            p.lightning_wait = w.within("lightning wait", 0, 9999)?;
        }
        "searches" => p.searches = w.within("searches", 0, 255)? as u8,
        "worn" => {
            p.weapon = w.slot()?;
            p.armour = w.slot()?;
            p.bow = w.slot()?;
        }
        "pack" => {
            let slot = w.slot()?.ok_or(malformed)?;
            let kind = w.within("item kind", 0, ITEMS.len() as i32 - 1)? as u8;
            let count = w.within("count", 1, i32::from(u16::MAX))? as u16;
            let s = p
                .pack
                .get_mut(usize::from(slot))
                .ok_or(LoadError::OutOfRange {
                    line: n,
                    what: "slot",
                })?;
            if s.is_some() {
                return Err(LoadError::Inconsistent("two items in one slot"));
            }
            *s = Some(Item { kind, count });
        }
        "cursor" => game.cursor = w.cell("cursor")?,
        "cause" => {
            game.cause = match w.word()? {
                "-" => None,
                "poison" => Some(Cause::Poison),
                "monster" => {
                    Some(Cause::Monster(
                        w.within("monster kind", 0, MONSTERS.len() as i32 - 1)? as u8,
                    ))
                }
                "trap" => Some(Cause::Trap(
                    TrapKind::ALL[w.within("trap kind", 0, 3)? as usize],
                )),
                _ => return Err(malformed),
            }
        }
        "debug" => {
            game.debug = DebugView {
                reveal: w.flag("debug")?,
                distances: w.flag("debug")?,
                minds: w.flag("debug")?,
                cave: None,
                caves_shown: w.num("debug")?,
            }
        }
        "command" => {
            let kind = match w.word()? {
                "-" => None,
                "rest" => Some(CommandKind::Rest),
                "travel" => Some(CommandKind::Travel),
                "explore" => Some(CommandKind::Explore),
                _ => return Err(malformed),
            };
            game.command = match kind {
                None => None,
                Some(kind) => Some(Command {
                    kind,
                    goal: w.cell("goal")?,
                    turns: w.num("turns")?,
                }),
            };
        }
        "stop" => {
            let name = w.word()?;
            game.last_stop = if name == "-" {
                None
            } else {
                let refused = w.flag("refused")?;
                let a: u32 = w.num("reason")?;
                let b: u32 = w.num("reason")?;
                Some(Stop {
                    reason: read_reason(name, a, b, n)?,
                    refused,
                })
            };
        }
        "stairs" => {
            l.stairs = if rest == "-" {
                let _ = w.word();
                None
            } else {
                Some(w.cell("stairs")?)
            }
        }
        "start" => l.start = w.cell("start")?,
        "area" => {
            let x = w.within("area", 0, MAP_W - 1)?;
            let y = w.within("area", 0, MAP_H - 1)?;
            let aw = w.within("area", 1, MAP_W - x)?;
            let ah = w.within("area", 1, MAP_H - y)?;
            l.areas
                .push(Rect::new(x, y, aw, ah))
                .map_err(|_| LoadError::OutOfRange {
                    line: n,
                    what: "number of areas",
                })?;
        }
        "monster" => {
            let kind = w.within("monster kind", 0, MONSTERS.len() as i32 - 1)? as u8;
            let pos = w.cell("monster")?;
            let hp = w.within("monster health", 1, MONSTERS[usize::from(kind)].hp)?;
            let mind = match w.word()? {
                "z" => Mind::Asleep,
                "w" => Mind::Wandering,
                "h" => Mind::Hunting,
                _ => return Err(malformed),
            };
            let pack = w.within("pack", 0, 255)? as u8;
            let heading = w.within("heading", 0, 7)? as u8;
            l.monsters
                .push(Monster {
                    kind,
                    pos,
                    hp,
                    mind,
                    pack,
                    heading,
                })
                .map_err(|_| LoadError::OutOfRange {
                    line: n,
                    what: "number of monsters",
                })?;
        }
        "item" => {
            let kind = w.within("item kind", 0, ITEMS.len() as i32 - 1)? as u8;
            let count = w.within("count", 1, i32::from(u16::MAX))? as u16;
            let pos = w.cell("item")?;
            let seen_flag = w.flag("seen")?;
            l.items
                .push(FloorItem {
                    item: Item { kind, count },
                    pos,
                    seen: seen_flag,
                })
                .map_err(|_| LoadError::OutOfRange {
                    line: n,
                    what: "number of items",
                })?;
        }
        "trap" => {
            let kind = TrapKind::ALL[w.within("trap kind", 0, 3)? as usize];
            let pos = w.cell("trap")?;
            let known = w.flag("known")?;
            l.traps
                .push(Trap { pos, kind, known })
                .map_err(|_| LoadError::OutOfRange {
                    line: n,
                    what: "number of traps",
                })?;
        }
        "log" => {
            let (read, text) = rest.split_once(' ').unwrap_or((rest, ""));
            let read = match read {
                "0" => false,
                "1" => true,
                _ => return Err(malformed),
            };
            // The game writes no control characters; a line ending in a
            // carriage return would lose it at each reading.
            if text.chars().any(char::is_control) {
                return Err(malformed);
            }
            game.log.add(line(format_args!("{text}")));
            if read {
                game.log.mark_last_read();
            }
        }
        _ => return Err(malformed),
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
