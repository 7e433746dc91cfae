//! Every line of a save but the grids: one row of `FIELDS` for each key,
//! which writes its words and reads them back, side by side.

use super::super::auto::{AUTO_LONGEST, Automation};
use super::words::{I32, Out, U8, U16, U32, Words, slot_letter, trap_index};
use super::{LoadError, MAX_SAVED_DRAWS};
use crate::game::command::{COMMANDS, Command, STOPS, Stop, StopReason};
use crate::game::{Aim, Cause, DebugView, Game, InventoryMode, Question, State};
use crate::geom::{Dir, Point, Rect};
use crate::item::{FloorItem, Item, ItemId};
use crate::level::{MAX_FLOOR_ITEMS, MAX_MONSTERS, MAX_TRAPS, Trap, TrapKind};
use crate::log::LOG_LINES;
use crate::map::{MAP_H, MAP_W};
use crate::mapgen::MAX_AREAS;
use crate::monster::{KindId, MINDS, Monster};
use crate::player::{Class, PACK_SLOTS, Player};
use crate::rng::{Dice, Rng};
use crate::rules::Rules;
use crate::state::STATES;
use crate::text::{LINE, line, name_in as name_of, named_in as named};
use core::fmt::{self};

/// How many kinds of monster a save counts kills of.
const SLAIN: usize = crate::monster::MONSTERS.len();

/// Numbers written with a space between each.
struct Spaced<'a>(&'a [u16]);

impl fmt::Display for Spaced<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, n) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{n}")?;
        }
        Ok(())
    }
}

/// The names of the states that carry a number: a pack slot, a direction.
pub(super) const AIM_THROW: &str = "aim-throw";
pub(super) const PACK_ITEM: &str = "pack-item";
pub(super) const ASK_TRAP: &str = "ask-trap";
/// The longest state written: a name and a slot.
pub(super) const STATE_WORDS: usize = 10 + U8;

/// The reasons that carry numbers: a monster's kind, the health lost, an
/// item seen.
pub(super) const STOP_MONSTER: &str = "monster";
pub(super) const STOP_HURT: &str = "hurt";
pub(super) const STOP_ITEM: &str = "item";

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

// ----- the fields -----

/// One kind of line: its key, how it is written and read, how long it can
/// be and how often it comes.
pub(super) struct Field {
    pub(super) key: &'static str,
    /// A save must have it.
    pub(super) required: bool,
    /// Part of the state hash ([`replay::state_hash`]): every field but the
    /// run's record (kills by kind, the day's mark), which a replay does
    /// not replay and which no rule reads.
    pub(super) hashed: bool,
    /// Read after `class`, which sets the player up afresh.
    pub(super) player: bool,
    /// Read after `seed`, which the book's dice are made from.
    pub(super) seeded: bool,
    /// Read after `dice`, whose rule set it names.
    pub(super) diced: bool,
    /// The most lines of it a save has: 1, or a list's capacity.
    pub(super) most: usize,
    /// The most bytes of words on one line (key, space, newline not
    /// counted).
    pub(super) longest: usize,
    pub(super) write: fn(&Game, &mut Out<'_>) -> fmt::Result,
    pub(super) read: fn(&mut Game, &mut Words<'_>) -> Result<(), LoadError>,
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
            hashed: true,
            player: false,
            seeded: false,
            diced: false,
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

    /// The run's record, not its rules: left out of the state hash.
    const fn record(mut self) -> Field {
        self.hashed = false;
        self
    }

    const fn after_seed(mut self) -> Field {
        self.seeded = true;
        self
    }

    const fn after_dice(mut self) -> Field {
        self.diced = true;
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
pub(super) const FIELDS: [Field; 33] = [
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
                g.rng.reseed(Rules::of_0_1_0(Dice::Book), g.seed);
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
        "rules",
        crate::rules::NAME_MOST,
        // 0.1.0's saves name no set: their version and dice imply it.
        |g, o| match g.rng.rules() {
            r if r.is_0_1_0s() => Ok(()),
            r => o.line(format_args!("{}", r.name())),
        },
        |g, w| {
            let name = w.word()?;
            let rules = Rules::named(name)
                .ok_or(LoadError::UnknownRules(crate::rules::RulesName::of(name)))?;
            if g.rng.play_under(rules) {
                Ok(())
            } else {
                Err(LoadError::Inconsistent(
                    "rules of other dice than the save's",
                ))
            }
        },
    )
    .after_dice(),
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
        "daily",
        I32 + "-12-31 practice".len(),
        |g, o| match g.daily {
            None => Ok(()),
            Some(d) => o.line(format_args!(
                "{} {}",
                d.day,
                if d.counts { "counts" } else { "practice" }
            )),
        },
        |g, w| {
            let day = crate::daily::Day::parse(w.word()?).ok_or(w.out_of_range("day"))?;
            let counts = match w.word()? {
                "counts" => true,
                "practice" => false,
                _ => return Err(w.malformed()),
            };
            g.daily = Some(crate::daily::Daily { day, counts });
            Ok(())
        },
    )
    .record(),
    Field::once(
        "auto",
        AUTO_LONGEST,
        // The book's automation is no line: a save of 0.1.0 has none.
        |g, o| match g.automation {
            Automation::BOOK => Ok(()),
            a => o.line(format_args!("{}", Auto(a))),
        },
        |g, w| {
            g.automation = Automation::read(w.text()).ok_or(w.malformed())?;
            Ok(())
        },
    ),
    Field::once(
        "class",
        1,
        |g, o| o.line(format_args!("{}", g.player.class.letter())),
        |g, w| {
            let c = w.word()?;
            let class = Class::lettered(c).ok_or(w.out_of_range("class"))?;
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
        "slain",
        SLAIN * (U16 + 1) - 1,
        // Written once a monster is killed, so a run with no kills saves
        // what it saved before kills were counted by kind.
        |g, o| {
            let slain = &g.player.slain;
            if slain.iter().all(|&n| n == 0) {
                return Ok(());
            }
            o.line(format_args!("{}", Spaced(slain)))
        },
        |g, w| {
            for n in &mut g.player.slain {
                *n = w.num("kills")?;
            }
            Ok(())
        },
    )
    .of_player()
    .record(),
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
                    // 2: left by the player (and seen); 0.1.0 wrote 0 or 1.
                    if i.left { 2 } else { u8::from(i.seen) }
                ))?;
            }
            Ok(())
        },
        |g, w| {
            let kind = w.item_kind()?;
            let count = w.within_of("count", 1, u16::MAX)?;
            let pos = w.cell("item")?;
            let seen = w.within("seen", 0, 2)?;
            let item = FloorItem {
                item: Item { kind, count },
                pos,
                seen: seen > 0,
                left: seen == 2,
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

/// `FIELDS` as one table in memory, for the code that reads and writes
/// saves. A `const` is pasted wherever it is named, and with it the code
/// of each row's closures: in the page's module that was one copy for each
/// crate whose code named it, 63 KB where one copy is 27 KB.
pub(super) static TABLE: [Field; FIELDS.len()] = FIELDS;

/// The field of a key, and its place in `FIELDS`.
pub(super) fn field(key: &str) -> Option<(usize, &'static Field)> {
    TABLE.iter().enumerate().find(|(_, f)| f.key == key)
}

pub(super) fn write_state(o: &mut Out<'_>, s: State) -> fmt::Result {
    match s {
        State::Aiming(Aim::Throw { slot }) => o.line(format_args!("{AIM_THROW} {slot}")),
        State::Inventory(InventoryMode::Item(slot)) => o.line(format_args!("{PACK_ITEM} {slot}")),
        State::Confirming(Question::StepOnto(d)) => {
            o.line(format_args!("{ASK_TRAP} {}", d.index()))
        }
        plain => o.line(format_args!("{}", name_of(&STATES, plain).unwrap_or("-"))),
    }
}

pub(super) fn read_state(w: &mut Words) -> Result<State, LoadError> {
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

/// An automation's words, as `Display` (`Automation::write`).
struct Auto(Automation);

impl fmt::Display for Auto {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f)
    }
}
