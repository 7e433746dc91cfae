//! The record of a run that has ended, its morgue file: plain text a
//! player reads and shares (docs/records.md). The core writes it to any
//! `fmt::Write`, so a shell streams it to a file, to `localStorage` or to
//! flash with no buffer; the shell gives what the core has not got, the
//! time ([`Stamp`]) and the replay's name.

use crate::view::{Scene, end_words};
use amulets_core::daily::Day;
use amulets_core::game::{Game, State};
use amulets_core::geom::Point;
use amulets_core::map::{MAP_H, MAP_W};
use amulets_core::monster::KindId;
use amulets_core::rules::LAST_FLOOR;
use amulets_core::text::{Line, line};
use core::fmt::{self, Write};

/// The lines of a record a page of its screen shows.
pub const PAGE_LINES: usize = 24;

/// The log lines a record keeps, the newest last.
pub const RECORD_LOG_LINES: usize = 20;

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The player died.
    Died,
    /// The ninth Amulet was carried out.
    Won,
    /// The player started a new run in its place.
    Abandoned,
}

impl Ending {
    /// Every ending, as the hall of fame's file names them.
    pub const ALL: [Ending; 3] = [Ending::Died, Ending::Won, Ending::Abandoned];

    /// How a run in this state ended: dead, won, or (in play) abandoned.
    pub fn of(game: &Game) -> Ending {
        match game.state() {
            State::Dead => Ending::Died,
            State::Won => Ending::Won,
            _ => Ending::Abandoned,
        }
    }

    /// Its one word, in file names and the hall of fame's file.
    pub const fn word(self) -> &'static str {
        match self {
            Ending::Died => "died",
            Ending::Won => "won",
            Ending::Abandoned => "abandoned",
        }
    }

    /// The ending of a word.
    pub fn named(word: &str) -> Option<Ending> {
        Ending::ALL.into_iter().find(|e| e.word() == word)
    }
}

/// When a record was made: a UTC date and time from the shell's clock, or,
/// on a board with no clock, the record's number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stamp {
    /// A day, and the seconds since its midnight (UTC).
    At {
        /// The day.
        day: Day,
        /// Seconds since midnight, under 86,400.
        second: u32,
    },
    /// The board's count of records.
    Numbered(u32),
}

impl Stamp {
    /// The stamp of a time given as whole seconds since 1970-01-01 UTC.
    pub fn of_unix_seconds(seconds: i64) -> Stamp {
        let second = u32::try_from(seconds.rem_euclid(86_400)).unwrap_or(0);
        Stamp::At {
            day: Day::of_unix_seconds(seconds),
            second,
        }
    }

    /// The day, when the stamp has one.
    pub fn day(self) -> Option<Day> {
        match self {
            Stamp::At { day, .. } => Some(day),
            Stamp::Numbered(_) => None,
        }
    }
}

impl fmt::Display for Stamp {
    /// "2026-12-04 21:30:07 UTC", or "record 12".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Stamp::At { day, second } => write!(
                f,
                "{day} {:02}:{:02}:{:02} UTC",
                second / 3600,
                second / 60 % 60,
                second % 60
            ),
            Stamp::Numbered(n) => write!(f, "record {n}"),
        }
    }
}

/// A run that has ended, and what the shell knows of it.
#[derive(Clone, Copy)]
pub struct End<'a> {
    /// The run as it ended (for an abandoned run, as it was saved).
    pub game: &'a Game,
    /// How it ended.
    pub ending: Ending,
    /// The replay its inputs were recorded to, if any.
    pub replay: Option<&'a str>,
    /// The bot played it (a demo): it is recorded, but not entered in the
    /// hall of fame, which is the player's.
    pub bot: bool,
}

/// The name of a run's record: the class, the seed, the time (or the
/// number) and the ending, and `-2`, `-3`... when `taken` names are
/// taken already: `fighter-42-2026-12-04-213007-died.txt`.
pub fn file_name(end: &End<'_>, stamp: Stamp, taken: u32) -> Line {
    let class = end.game.player().class.name();
    let mut name: Line = Line::new();
    for c in class.chars() {
        // "The Fighter" is the class's name; the file's is "fighter".
        if name.push(c.to_ascii_lowercase()).is_err() {
            break;
        }
    }
    let when = match stamp {
        Stamp::At { day, second } => line(format_args!(
            "{day}-{:02}{:02}{:02}",
            second / 3600,
            second / 60 % 60,
            second % 60
        )),
        Stamp::Numbered(n) => line(format_args!("record{n}")),
    };
    let again = match taken {
        0 => Line::new(),
        n => line(format_args!("-{}", n + 1)),
    };
    line(format_args!(
        "{name}-{}-{when}-{}{again}.txt",
        end.game.seed(),
        end.ending.word()
    ))
}

/// Writes the record of a run (docs/records.md has its layout).
pub fn write(out: &mut dyn Write, end: &End<'_>, stamp: Stamp) -> fmt::Result {
    let game = end.game;
    let p = game.player();
    writeln!(out, "Amulets: the record of a run")?;
    writeln!(out)?;
    writeln!(out, "The {}, seed {}", p.class.name(), game.seed())?;
    writeln!(
        out,
        "On {} and {}, by the rules {}",
        game.dice().words(),
        game.style().words(),
        game.rules().name()
    )?;
    if let Some(daily) = game.daily() {
        writeln!(out, "{daily}")?;
    }
    if end.bot {
        writeln!(out, "Played by the bot")?;
    }
    writeln!(out, "Ended {stamp}: {}", end.ending.word())?;
    writeln!(out, "{} (turn {})", end_words(game), game.turn())?;
    writeln!(out)?;
    writeln!(out, "Floor reached: {} of {LAST_FLOOR}", game.depth())?;
    writeln!(out, "Turns: {}", game.turn())?;
    writeln!(out, "Gold: {}", p.gold)?;
    writeln!(out, "Amulets: {} of {LAST_FLOOR}", p.amulets)?;
    writeln!(out, "Kills: {}", p.kills)?;
    for kind in KindId::all() {
        let n = p.slain[usize::from(kind.number())];
        if n > 0 {
            writeln!(out, "  {:<20} {n:>4}", kind.kind().name)?;
        }
    }
    writeln!(out)?;
    write_pack(out, game)?;
    writeln!(out)?;
    let said = crate::view::said(game.log());
    let runs = said.clone().count();
    writeln!(out, "The last {} messages:", runs.min(RECORD_LOG_LINES))?;
    for run in said.skip(runs.saturating_sub(RECORD_LOG_LINES)) {
        writeln!(out, "  {run}")?;
    }
    writeln!(out)?;
    writeln!(out, "Floor {}, as you knew it (@ is you):", game.depth())?;
    write_floor(out, game)?;
    writeln!(out)?;
    match end.replay {
        Some(name) => writeln!(out, "Replay: {name}"),
        None => writeln!(out, "Replay: none was recorded"),
    }
}

/// The pack at the end, as the inventory lists it.
fn write_pack(out: &mut dyn Write, game: &Game) -> fmt::Result {
    writeln!(out, "Pack:")?;
    let p = game.player();
    let mut any = false;
    for ((i, slot), letter) in p.pack.iter().enumerate().zip('a'..='z') {
        let Some(item) = slot else { continue };
        any = true;
        let i = u8::try_from(i).ok();
        let note = if p.weapon == i {
            " (wielded)"
        } else if p.armour == i {
            " (worn)"
        } else if p.bow == i {
            " (ready)"
        } else {
            ""
        };
        writeln!(out, "  {letter}) {}{note}", item.name())?;
    }
    if !any {
        writeln!(out, "  (empty)")?;
    }
    Ok(())
}

/// The floor's rows as the map shows them (what was explored, what is in
/// view), each cell its glyph, the rows' ends trimmed of blanks.
fn write_floor(out: &mut dyn Write, game: &Game) -> fmt::Result {
    let scene = Scene::new(game, None);
    for y in 0..MAP_H {
        let mut row: heapless::String<{ MAP_W as usize * 4 }> = heapless::String::new();
        for x in 0..MAP_W {
            let glyph = scene.at(Point::new(x, y)).look.map_or(' ', |l| l.glyph);
            // Each glyph is one char of at most 4 bytes, and a row has
            // MAP_W of them: the row's capacity.
            row.push(glyph).map_err(|_| fmt::Error)?;
        }
        writeln!(out, "{}", row.trim_end())?;
    }
    Ok(())
}

/// How many pages a record's screen has (`PAGE_LINES` lines each).
pub fn pages(text: &str) -> u8 {
    u8::try_from(text.lines().count().div_ceil(PAGE_LINES).max(1)).unwrap_or(u8::MAX)
}

/// The screen of a record's text, at a page (from 0): its lines, and its
/// keys.
pub fn screen(text: &str, page: u8, map: &crate::keymap::Keymap) -> crate::view::Screen {
    use amulets_core::color::palette;
    let n = pages(text);
    let mut out = crate::view::Screen::new(line(format_args!(
        "The run's record, page {} of {n}",
        page + 1
    )));
    for l in text
        .lines()
        .skip(usize::from(page) * PAGE_LINES)
        .take(PAGE_LINES)
    {
        out.say(line(format_args!("{l}")), palette::TEXT);
    }
    // R turns the page, and from the last page back to the first; a record
    // of one page has no other to turn to.
    for b in &crate::bindings::RECORD {
        let turns = b.does == crate::bindings::Does::Act(crate::bindings::Verb::Record);
        let words = match (turns, page + 1 >= n) {
            (true, _) if n == 1 => continue,
            (true, true) => "the first page",
            _ => b.words,
        };
        out.choice_worded(
            (map, crate::bindings::Context::Record),
            b,
            words,
            true,
            palette::DIM_TEXT,
        );
    }
    out.say(
        line(format_args!("Any other key closes it.")),
        palette::DIM_TEXT,
    );
    out
}
