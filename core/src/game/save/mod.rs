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

use super::{Aim, Game, InventoryMode, State};
use crate::geom::Point;
use crate::log::Log;
use crate::map::{MAP_H, MAP_W, Map, Terrain};
use crate::player::{Class, Player};
use crate::rules::Rules;
use core::fmt::{self, Write};

/// The save format's newest version, which a run under a rule set newer
/// than 0.1.0's writes: version 2 with a `rules` line naming the set. A run
/// under 0.1.0's rule sets writes the save 0.1.0 wrote, byte for byte:
/// version 1 on xorshift's dice (as every save before the book's dice),
/// version 2 on the book's (its dice are `book <draws>`), neither naming
/// its set, which the dice imply. This game reads all three, and refuses a
/// save of any other version by name.
pub const SAVE_VERSION: u32 = 3;
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
    /// Made under a rule set this game does not have (a later version's).
    UnknownRules(crate::rules::RulesName),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotASave => write!(f, "it is not an Amulets save"),
            LoadError::WrongVersion { found } => write!(
                f,
                "it's version {found}, and this game reads versions {OLDEST_SAVE_VERSION} to {SAVE_VERSION}"
            ),
            LoadError::Missing(key) => write!(f, "it has no `{key}` line"),
            LoadError::Malformed { line } => write!(f, "line {line} makes no sense"),
            LoadError::OutOfRange { line, what } => {
                write!(f, "line {line}: the {what} is out of range")
            }
            LoadError::UnknownTerrain { line, letter } => {
                write!(f, "line {line}: no terrain is called {letter:?}")
            }
            LoadError::Inconsistent(what) => write!(f, "it does not hang together: {what}"),
            LoadError::UnknownRules(name) => crate::rules::say_lacking(f, "made", name),
        }
    }
}

impl core::error::Error for LoadError {}

mod fields;
mod words;

pub use fields::MAX_SAVE_BYTES;
use fields::{FIELDS, TABLE, field};
use words::{Out, Words};

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

/// What a save's text is written for.
#[derive(Clone, Copy)]
enum Form {
    /// To be read back.
    Save,
    /// To be hashed: the run's record left out, and the log's words with
    /// it unless `words`.
    Hashed { words: bool },
}

impl Game {
    /// The version of the save this run writes: 0.1.0's for its rule sets
    /// (1 on xorshift's dice, as every save before the book's dice was; 2
    /// on the book's), the newest for a later set.
    pub fn save_version(&self) -> u32 {
        match self.rng.rules() {
            Rules::Xorshift1 => OLDEST_SAVE_VERSION,
            Rules::Book1 => 2,
            Rules::Book2 | Rules::Book3 | Rules::Book4 => SAVE_VERSION,
        }
    }

    /// Writes the run as a save.
    pub fn write_save(&self, out: &mut impl Write) -> fmt::Result {
        self.write_save_of(out, Form::Save)
    }

    /// Writes the save as a state hash reads it: every line but the run's
    /// record (`Field::record`), the log's words too (`words`) or only
    /// whether each line was read.
    pub fn write_hashed(&self, out: &mut impl Write, words: bool) -> fmt::Result {
        self.write_save_of(out, Form::Hashed { words })
    }

    fn write_save_of(&self, out: &mut impl Write, form: Form) -> fmt::Result {
        let out: &mut dyn Write = out;
        writeln!(out, "amulets-save {}", self.save_version())?;
        for f in TABLE.iter() {
            match form {
                Form::Hashed { .. } if !f.hashed => continue,
                Form::Hashed { words: false } if f.key == "log" => {
                    for m in self.log.lines() {
                        writeln!(out, "log {}", u8::from(m.read))?;
                    }
                    continue;
                }
                _ => {}
            }
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
    #[expect(
        clippy::too_many_lines,
        reason = "one pass over the save's lines, each kind of line's check of order beside the others"
    )]
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
        let dice = field("dice").map_or(0, |(i, _)| i);
        let rules = field("rules").map_or(0, |(i, _)| i);
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
            if f.diced && !seen[dice] {
                return Err(LoadError::Missing("dice"));
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
        if let Some(f) = TABLE.iter().zip(seen).find(|(f, s)| f.required && !s) {
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
        if version == SAVE_VERSION && !seen[rules] {
            return Err(LoadError::Missing("rules"));
        }
        if game.save_version() != version {
            return Err(LoadError::Inconsistent(
                "dice or rules that this version of the save does not hold",
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

    use crate::game::command::{Command, CommandKind, Stop, StopReason};
    use crate::game::{Aim, Cause, DebugView, InventoryMode};
    use crate::geom::{Point, Rect};
    use crate::item::{FloorItem, Item, ItemId};
    use crate::level::{Trap, TrapKind};
    use crate::log::LOG_LINES;

    use crate::monster::{KindId, Mind, Monster};
    use crate::player::{Class, PACK_SLOTS, Player};

    use crate::game::Event;
    use crate::item::kinds;
    use crate::level::Level;
    use crate::text::{LINE, line};

    type Text = heapless::String<MAX_SAVE_BYTES>;

    fn text_of(game: &Game) -> Text {
        let mut t = Text::new();
        game.write_save(&mut t).expect("a save fits MAX_SAVE_BYTES");
        t
    }

    /// A run with every saved field away from where the reader starts, so a
    /// field that were written and not read would come back wrong.
    #[expect(
        clippy::too_many_lines,
        reason = "a test reads as one story, top to bottom"
    )]
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
        (p.slain[0], p.slain[13]) = (9, 3);
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
        g.daily = Some(crate::daily::Daily {
            day: crate::daily::Day::parse("2026-12-02").unwrap(),
            counts: false,
        });
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
                left: true,
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
        g.automation.set_pick(super::super::auto::Pick::Gold, true);
        g.automation.set_rest_to(40);
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
    #[expect(
        clippy::too_many_lines,
        reason = "a test reads as one story, top to bottom"
    )]
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
            daily,
            automation,
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
        kept!(daily, &read.daily, &fresh.daily, "the day's mark");
        kept!(
            automation,
            &read.automation,
            &fresh.automation,
            "the automation"
        );
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
            slain,
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
        kept!(slain, &rp.slain, &fp.slain, "kills by kind");
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
    #[expect(
        clippy::too_many_lines,
        reason = "a test reads as one story, top to bottom"
    )]
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
            left: false,
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
        p.slain = [u16::MAX; crate::monster::MONSTERS.len()];
        g.daily = Some(crate::daily::Daily {
            day: crate::daily::Day {
                year: i32::MIN,
                month: 12,
                day: 31,
            },
            counts: false,
        });
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
        for (f, n) in TABLE.iter().zip(counts) {
            assert!(n <= f.most, "{}: {n} lines, its row says {}", f.key, f.most);
            assert!(n >= 1, "{} was not written", f.key);
        }
        // The text's type holds at most MAX_SAVE_BYTES, so writing it
        // proved it fits (`expect` above). Most rows are full here: the bound is near what it says.
        assert!(
            text.len() * 10 >= MAX_SAVE_BYTES * 9,
            "{} of {MAX_SAVE_BYTES}",
            text.len()
        );
    }
}
