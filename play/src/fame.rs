//! The hall of fame: the best runs, and the days whose dungeon was played
//! (docs/records.md). Every shell keeps it as the same text (`scores.txt`
//! on the desktop, `localStorage` in a browser, flash on a board), read
//! and written here, so a run is scored and placed one way everywhere.
//!
//! The score (docs/rules.md, "The score"): more Amulets first, then the
//! deeper floor, then more gold, then fewer turns; of runs equal in all
//! four, the earlier stays ahead.

use crate::morgue::{End, Ending, Stamp};
use amulets_core::daily::{Daily, Day};
use amulets_core::mapgen::floor::Style;
use amulets_core::player::Class;
use amulets_core::rng::Dice;
use amulets_core::text::{Line, line};
use core::cmp::Ordering;
use core::fmt;

/// The runs each table of the hall keeps.
pub const HALL_RUNS: usize = 20;
/// The days played that the hall remembers, the newest kept (only today's
/// decides anything: whether a daily run counts).
pub const DAYS_KEPT: usize = 31;
/// The hall's file format's version.
pub const HALL_VERSION: u32 = 1;
/// The longest hall text, in bytes: the header, the counts, the days and
/// both tables, each line at its longest (a test writes one at its
/// widest and checks).
pub const MAX_HALL_BYTES: usize = 40 + 2 * 16 + DAYS_KEPT * 20 + 2 * HALL_RUNS * ENTRY_BYTES + 4;
/// The longest entry line: its words at their widest.
const ENTRY_BYTES: usize = 132;

/// One run in the hall.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HallEntry {
    /// The run's number among those entered (1 for the first).
    pub number: u32,
    /// The class played.
    pub class: Class,
    /// The seed, dice and dungeons.
    pub seed: u32,
    /// The dice rolled.
    pub dice: Dice,
    /// Whose dungeons.
    pub style: Style,
    /// How it ended.
    pub ending: Ending,
    /// Amulets carried at the end.
    pub amulets: u8,
    /// The floor reached.
    pub depth: i32,
    /// Gold at the end.
    pub gold: u32,
    /// Turns played.
    pub turns: u32,
    /// The day it ended, when the shell has a clock.
    pub date: Option<Day>,
    /// The day's dungeon it was, if one.
    pub daily: Option<Daily>,
}

impl HallEntry {
    /// The entry of a run that ended (its number given when it is
    /// entered).
    pub fn of(end: &End<'_>, stamp: Stamp) -> HallEntry {
        let game = end.game;
        let p = game.player();
        HallEntry {
            number: 0,
            class: p.class,
            seed: game.seed(),
            dice: game.dice(),
            style: game.style(),
            ending: end.ending,
            amulets: p.amulets,
            depth: game.depth(),
            gold: p.gold,
            turns: game.turn(),
            date: stamp.day(),
            daily: game.daily(),
        }
    }

    /// Better runs first (the module's comment): `Less` when `self` is
    /// the better.
    pub fn rank(&self, other: &HallEntry) -> Ordering {
        other
            .amulets
            .cmp(&self.amulets)
            .then(other.depth.cmp(&self.depth))
            .then(other.gold.cmp(&self.gold))
            .then(self.turns.cmp(&other.turns))
            .then(self.number.cmp(&other.number))
    }

    /// Which table it goes in: the days' when it is the daily run that
    /// counts, else the runs'.
    fn table(&self) -> Table {
        match self.daily {
            Some(d) if d.counts => Table::Daily,
            _ => Table::Runs,
        }
    }
}

/// The hall's two tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    /// Every run but the day's dungeons that count.
    Runs,
    /// The daily runs that count, one a day.
    Daily,
}

impl Table {
    const fn word(self) -> &'static str {
        match self {
            Table::Runs => "run",
            Table::Daily => "daily",
        }
    }

    /// The table's title on the hall's screen.
    pub const fn title(self) -> &'static str {
        match self {
            Table::Runs => "Hall of fame: the best runs",
            Table::Daily => "Hall of fame: the daily dungeons",
        }
    }

    /// The other table.
    pub const fn other(self) -> Table {
        match self {
            Table::Runs => Table::Daily,
            Table::Daily => Table::Runs,
        }
    }
}

/// The hall of fame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hall {
    /// Runs entered so far: the next one's number is one more.
    pub entered: u32,
    /// The number of the last run entered, when it was the player's.
    pub last: Option<u32>,
    /// The days whose dungeon was begun here, oldest first.
    pub days: heapless::Vec<Day, DAYS_KEPT>,
    /// The best runs, best first.
    pub runs: heapless::Vec<HallEntry, HALL_RUNS>,
    /// The best daily runs that count, best first.
    pub daily: heapless::Vec<HallEntry, HALL_RUNS>,
}

/// Why a hall's text could not be read. Lines count from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HallError {
    /// The first line is not `amulets-scores <version>`.
    NotAHall,
    /// A version this game does not read.
    WrongVersion(u32),
    /// A line that makes no sense.
    Malformed(usize),
    /// More lines of a kind than the hall keeps.
    TooMany(usize),
}

impl fmt::Display for HallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HallError::NotAHall => f.write_str("it is not an Amulets hall of fame"),
            HallError::WrongVersion(v) => write!(
                f,
                "it's version {v}, and this game reads version {HALL_VERSION}"
            ),
            HallError::Malformed(n) => write!(f, "line {n} makes no sense"),
            HallError::TooMany(n) => write!(f, "line {n} is one more than the hall keeps"),
        }
    }
}

impl core::error::Error for HallError {}

impl Hall {
    /// An empty hall.
    pub fn new() -> Hall {
        Hall::default()
    }

    /// A table's runs, best first.
    pub fn table(&self, table: Table) -> &[HallEntry] {
        match table {
            Table::Runs => &self.runs,
            Table::Daily => &self.daily,
        }
    }

    /// A daily run of `day` begins: true when it is the day's first here,
    /// the one that counts (and the day is kept as played).
    pub fn begin_daily(&mut self, day: Day) -> bool {
        if self.days.contains(&day) {
            return false;
        }
        if self.days.is_full() {
            self.days.remove(0);
        }
        // Room was made above.
        self.days.push(day).ok();
        amulets_core::sort::sort(&mut self.days);
        true
    }

    /// Enters a run: it is numbered, and placed in its table when it is
    /// among the best. The place (from 1) it took, or `None`. A bot's run is
    /// neither numbered nor placed.
    pub fn enter(&mut self, end: &End<'_>, stamp: Stamp) -> Option<(Table, usize)> {
        if end.bot {
            return None;
        }
        self.entered = self.entered.wrapping_add(1);
        let mut entry = HallEntry::of(end, stamp);
        entry.number = self.entered;
        self.last = Some(entry.number);
        let table = entry.table();
        let list = match table {
            Table::Runs => &mut self.runs,
            Table::Daily => &mut self.daily,
        };
        let at = list
            .iter()
            .position(|e| entry.rank(e) == Ordering::Less)
            .unwrap_or(list.len());
        if at >= HALL_RUNS {
            return None;
        }
        if list.is_full() {
            list.pop();
        }
        // A place was made above, and `at` is within the list.
        list.insert(at, entry).ok();
        Some((table, at + 1))
    }

    /// Reads a hall's text.
    pub fn parse(text: &str) -> Result<Hall, HallError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        let (_, header) = lines.next().ok_or(HallError::NotAHall)?;
        let version: u32 = header
            .strip_prefix("amulets-scores ")
            .and_then(|v| v.trim().parse().ok())
            .ok_or(HallError::NotAHall)?;
        if version != HALL_VERSION {
            return Err(HallError::WrongVersion(version));
        }
        let mut hall = Hall::new();
        let mut ended = false;
        for (n, raw) in lines {
            let bad = HallError::Malformed(n);
            if ended {
                return Err(bad);
            }
            let mut words = raw.split(' ');
            match words.next().ok_or(bad)? {
                "entered" => hall.entered = num(words.next()).flatten().ok_or(bad)?,
                "last" => hall.last = num(words.next()).ok_or(bad)?,
                "played" => {
                    let day = Day::parse(words.next().ok_or(bad)?).ok_or(bad)?;
                    hall.days.push(day).map_err(|_| HallError::TooMany(n))?;
                }
                "end" => ended = true,
                key => {
                    let e = read_entry(&mut words).ok_or(bad)?;
                    let list = match key {
                        "run" if e.table() == Table::Runs => &mut hall.runs,
                        "daily" if e.table() == Table::Daily => &mut hall.daily,
                        _ => return Err(bad),
                    };
                    list.push(e).map_err(|_| HallError::TooMany(n))?;
                }
            }
            if words.next().is_some() {
                return Err(bad);
            }
        }
        if !ended {
            return Err(HallError::Malformed(text.lines().count() + 1));
        }
        amulets_core::sort::sort_by(&mut hall.runs, HallEntry::rank);
        amulets_core::sort::sort_by(&mut hall.daily, HallEntry::rank);
        amulets_core::sort::sort(&mut hall.days);
        Ok(hall)
    }
}

/// A number, or `-` for none; `None` for anything else.
fn num<T: core::str::FromStr>(word: Option<&str>) -> Option<Option<T>> {
    match word? {
        "-" => Some(None),
        w => w.parse().ok().map(Some),
    }
}

/// An entry's words after its table's ([`Hall`]'s [`Display`] writes them).
fn read_entry<'a>(w: &mut impl Iterator<Item = &'a str>) -> Option<HallEntry> {
    let mut next = || w.next();
    let number = next()?.parse().ok()?;
    let class = Class::lettered(next()?)?;
    let seed = next()?.parse().ok()?;
    let dice = Dice::named(next()?)?;
    let style = Style::named(next()?)?;
    let ending = Ending::named(next()?)?;
    let amulets = next()?
        .parse()
        .ok()
        .filter(|&a| a <= amulets_core::rules::AMULETS)?;
    let depth = next()?
        .parse()
        .ok()
        .filter(|d| (1..=amulets_core::rules::LAST_FLOOR).contains(d))?;
    let gold = next()?.parse().ok()?;
    let turns = next()?.parse().ok()?;
    let date = match next()? {
        "-" => None,
        d => Some(Day::parse(d)?),
    };
    let daily = match next()? {
        "-" => None,
        "daily" => Some(Daily {
            day: Day::parse(next()?)?,
            counts: true,
        }),
        "practice" => Some(Daily {
            day: Day::parse(next()?)?,
            counts: false,
        }),
        _ => return None,
    };
    Some(HallEntry {
        number,
        class,
        seed,
        dice,
        style,
        ending,
        amulets,
        depth,
        gold,
        turns,
        date,
        daily,
    })
}

/// The day, or `-`.
struct Dash(Option<Day>);

impl fmt::Display for Dash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(d) => write!(f, "{d}"),
            None => f.write_str("-"),
        }
    }
}

impl fmt::Display for Hall {
    /// The hall's file: `amulets-scores 1`, `entered N`, `last N|-`, a
    /// `played DAY` line a day, a line an entry (`run` or `daily`, then
    /// its number, class letter, seed, dice, dungeons, ending, Amulets,
    /// floor, gold, turns, date or `-`, and `-`, `daily DAY` or `practice
    /// DAY`), and `end`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "amulets-scores {HALL_VERSION}")?;
        writeln!(f, "entered {}", self.entered)?;
        match self.last {
            Some(n) => writeln!(f, "last {n}")?,
            None => writeln!(f, "last -")?,
        }
        for d in &self.days {
            writeln!(f, "played {d}")?;
        }
        for (table, e) in self
            .runs
            .iter()
            .map(|e| (Table::Runs, e))
            .chain(self.daily.iter().map(|e| (Table::Daily, e)))
        {
            write!(
                f,
                "{} {} {} {} {} {} {} {} {} {} {} {} ",
                table.word(),
                e.number,
                e.class.letter(),
                e.seed,
                e.dice.name(),
                e.style.name(),
                e.ending.word(),
                e.amulets,
                e.depth,
                e.gold,
                e.turns,
                Dash(e.date),
            )?;
            match e.daily {
                None => writeln!(f, "-")?,
                Some(d) if d.counts => writeln!(f, "daily {}", d.day)?,
                Some(d) => writeln!(f, "practice {}", d.day)?,
            }
        }
        writeln!(f, "end")
    }
}

/// The heading over `entry_line`'s columns.
fn header_line() -> Line {
    line(format_args!(
        "{:>6}{:<8}{:<10}{:<6}{:>7} {:>7} seed",
        "", "class", "ending", "A  F", "gold", "turns"
    ))
}

/// A line of the hall's screen for an entry at `place` (from 1): its
/// facts, the day (a daily run's day in the daily table, else the day it
/// ended), `practice` after a practice run, and `>` before the player's
/// last run. At most 80 characters, a board's screen; two spaces after
/// the place, so a narrower screen (a 60 x 20 terminal's) breaks every
/// entry under its class, alike.
pub fn entry_line(place: usize, e: &HallEntry, last: Option<u32>) -> Line {
    let you = if last == Some(e.number) { '>' } else { ' ' };
    let day = match (e.daily, e.date) {
        (Some(d), _) if d.counts => Some(d.day),
        (_, date) => date,
    };
    let practice = match e.daily {
        Some(d) if !d.counts => " practice",
        _ => "",
    };
    line(format_args!(
        "{you}{place:>2}.  {:<7} {:<9} A{} F{} {:>6}g {:>6}t {:<10} {}{practice}",
        e.class.name(),
        e.ending.word(),
        e.amulets,
        e.depth,
        e.gold,
        e.turns,
        e.seed,
        Dash(day),
    ))
}

/// The hall of fame's screen: a table of `text` (a hall's file, `None`
/// for none yet), and its keys.
pub fn screen(
    text: Option<&str>,
    table: Table,
    map: &crate::keymap::Keymap,
) -> crate::view::Screen {
    let mut out = crate::view::Screen::new(line(format_args!("{}", table.title())));
    let hall = text.map(Hall::parse).transpose();
    match hall {
        Err(e) => out.say(
            line(format_args!("The hall of fame could not be read: {e}.")),
            amulets_core::color::palette::HURT,
        ),
        Ok(hall) => {
            let hall = hall.unwrap_or_default();
            let runs = hall.table(table);
            if runs.is_empty() {
                out.say(
                    line(format_args!("No runs here yet.")),
                    amulets_core::color::palette::DIM_TEXT,
                );
            } else {
                out.say(header_line(), amulets_core::color::palette::DIM_TEXT);
            }
            for (i, e) in runs.iter().take(HALL_RUNS).enumerate() {
                let color = if hall.last == Some(e.number) {
                    amulets_core::color::palette::HIGHLIGHT
                } else {
                    amulets_core::color::palette::TEXT
                };
                out.say(entry_line(i + 1, e, hall.last), color);
            }
            if table == Table::Daily {
                let days = line(format_args!(
                    "Days played here: {} kept, the last {}",
                    hall.days.len(),
                    hall.days
                        .last()
                        .map_or(line(format_args!("none")), |d| line(format_args!("{d}")))
                ));
                out.say(days, amulets_core::color::palette::DIM_TEXT);
            }
        }
    }
    out.say(
        line(format_args!(
            "A Amulets, F floor, g gold, t turns; > your last run"
        )),
        amulets_core::color::palette::DIM_TEXT,
    );
    out.choices(
        (map, crate::bindings::Context::Hall),
        &crate::bindings::HALL,
        |_| true,
        amulets_core::color::palette::DIM_TEXT,
    );
    out.say(
        line(format_args!("Any other key closes it.")),
        amulets_core::color::palette::DIM_TEXT,
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::game::Game;

    fn entry(number: u32, amulets: u8, depth: i32, gold: u32, turns: u32) -> HallEntry {
        HallEntry {
            number,
            class: Class::Rogue,
            seed: number * 7,
            dice: Dice::Book,
            style: Style::Book,
            ending: Ending::Died,
            amulets,
            depth,
            gold,
            turns,
            date: Day::parse("2026-12-04"),
            daily: None,
        }
    }

    #[test]
    fn a_line_puts_each_letter_before_its_number_under_its_heading() {
        let l = entry_line(1, &entry(4, 3, 8, 120, 900), None);
        assert!(l.contains(" A3 F8 "), "{l}");
        let head = header_line();
        let at = |text: &str, what: &str| text.find(what).expect(what);
        assert_eq!(at(&head, "A  F"), at(&l, "A3 F8"), "{head}\n{l}");
        assert_eq!(at(&head, "class"), at(&l, "Rogue"), "{head}\n{l}");
        // Seed 28 (entry 4's), after the turns.
        assert_eq!(at(&head, "seed"), at(&l, " 28 ") + 1, "{head}\n{l}");
    }

    #[test]
    fn a_narrow_screen_breaks_every_entry_under_its_class() {
        // A 60 x 20 terminal's screen: 58 columns. The day goes to a
        // second row, under the class, for the player's last run too.
        for last in [None, Some(1)] {
            let mut e = entry(4, 3, 8, 120, 900);
            e.number = 1;
            let l = entry_line(1, &e, last);
            let rows: heapless::Vec<(usize, &str), 4> = crate::view::entry_rows(&l, 58).collect();
            assert!(rows.len() == 2, "{rows:?}");
            assert_eq!(rows[1].0, l.find("Rogue").unwrap(), "{rows:?}");
        }
        // The header fits whole.
        assert!(header_line().trim_end().len() <= 58);
    }

    #[test]
    fn runs_rank_by_amulets_then_depth_then_gold_then_fewer_turns() {
        // Each pair: the better first, differing in one rule only.
        let pairs = [
            (entry(9, 2, 1, 0, 900), entry(1, 1, 9, 999, 1)),
            (entry(9, 1, 3, 0, 900), entry(1, 1, 2, 999, 1)),
            (entry(9, 1, 2, 50, 900), entry(1, 1, 2, 49, 1)),
            (entry(9, 1, 2, 50, 10), entry(1, 1, 2, 50, 11)),
            (entry(1, 1, 2, 50, 10), entry(2, 1, 2, 50, 10)),
        ];
        for (better, worse) in pairs {
            assert_eq!(better.rank(&worse), Ordering::Less, "{better:?} {worse:?}");
            assert_eq!(worse.rank(&better), Ordering::Greater);
        }
    }

    #[test]
    fn the_hall_keeps_the_twenty_best_and_reads_back_what_it_wrote() {
        let mut hall = Hall::new();
        let mut game = Game::new_run(5, Class::Wizard);
        // Thirty runs of gold 0, 10, ..., 290, entered in a shuffled order.
        for i in 0..30u32 {
            game.player_mut().gold = (i * 17 % 30) * 10;
            let end = End {
                game: &game,
                ending: Ending::Abandoned,
                replay: None,
                bot: false,
            };
            hall.enter(&end, Stamp::Numbered(i));
        }
        assert_eq!(hall.entered, 30);
        assert_eq!(hall.last, Some(30));
        let golds: heapless::Vec<u32, HALL_RUNS> = hall.runs.iter().map(|e| e.gold).collect();
        let want: heapless::Vec<u32, HALL_RUNS> = (10..30).rev().map(|g| g * 10).collect();
        assert_eq!(golds, want);
        // A bot's run is not entered.
        let end = End {
            game: &game,
            ending: Ending::Won,
            replay: None,
            bot: true,
        };
        assert_eq!(hall.enter(&end, Stamp::Numbered(99)), None);
        assert_eq!(hall.entered, 30);
        // A daily run that counts goes to its own table; a practice run to
        // the runs'.
        let day = Day::parse("2026-12-02").unwrap();
        assert!(hall.begin_daily(day));
        assert!(!hall.begin_daily(day));
        game.mark_daily(Daily { day, counts: true });
        let end = End {
            game: &game,
            ending: Ending::Died,
            replay: None,
            bot: false,
        };
        assert_eq!(
            hall.enter(&end, Stamp::of_unix_seconds(0)),
            Some((Table::Daily, 1))
        );
        game.mark_daily(Daily { day, counts: false });
        game.player_mut().gold = 10_000;
        let end = End {
            game: &game,
            ending: Ending::Died,
            replay: None,
            bot: false,
        };
        assert_eq!(hall.enter(&end, Stamp::Numbered(1)), Some((Table::Runs, 1)));
        let mut text: heapless::String<MAX_HALL_BYTES> = heapless::String::new();
        fmt::write(&mut text, format_args!("{hall}")).unwrap();
        assert_eq!(Hall::parse(&text), Ok(hall));
    }

    #[test]
    fn only_the_newest_days_are_kept() {
        let mut hall = Hall::new();
        for d in 0..(DAYS_KEPT as i64 + 5) {
            assert!(hall.begin_daily(Day::of_days(20_000 + d)));
        }
        assert_eq!(hall.days.len(), DAYS_KEPT);
        assert_eq!(hall.days[0], Day::of_days(20_005));
    }

    #[test]
    fn a_hall_that_does_not_hang_together_is_refused_by_line() {
        let good = "amulets-scores 1\nentered 2\nlast 2\nplayed 2026-12-02\n\
                    run 2 a 42 book book died 1 3 120 812 2026-12-04 practice 2026-12-02\n\
                    daily 1 b 9 book gh won 9 9 5 6 - daily 2026-12-02\nend\n";
        let hall = Hall::parse(good).unwrap();
        assert_eq!(hall.runs.len(), 1);
        assert_eq!(hall.daily[0].style, Style::Gh);
        for (bad, want) in [
            ("", HallError::NotAHall),
            ("amulets-scores 2\nend\n", HallError::WrongVersion(2)),
            ("amulets-scores 1\nentered 1\n", HallError::Malformed(3)),
            (
                "amulets-scores 1\nentered x\nend\n",
                HallError::Malformed(2),
            ),
            (
                "amulets-scores 1\nplayed 2026-02-30\nend\n",
                HallError::Malformed(2),
            ),
            // A practice run in the daily table, a floor of 10, extra words.
            (
                "amulets-scores 1\ndaily 1 a 1 book book won 1 1 1 1 - practice 2026-12-02\nend\n",
                HallError::Malformed(2),
            ),
            (
                "amulets-scores 1\nrun 1 a 1 book book won 1 10 1 1 - -\nend\n",
                HallError::Malformed(2),
            ),
            ("amulets-scores 1\nlast 3 4\nend\n", HallError::Malformed(2)),
            ("amulets-scores 1\nend\nend\n", HallError::Malformed(3)),
        ] {
            assert_eq!(Hall::parse(bad), Err(want), "{bad:?}");
        }
    }

    /// The widest day: the most digits in every field.
    const WIDE_DAY: Day = Day {
        year: i32::MIN,
        month: 12,
        day: 31,
    };

    /// The widest entry a hall can hold.
    fn widest_entry() -> HallEntry {
        HallEntry {
            number: u32::MAX,
            class: Class::Fighter,
            seed: u32::MAX,
            dice: Dice::Xorshift,
            style: Style::Grid,
            ending: Ending::Abandoned,
            amulets: amulets_core::rules::AMULETS,
            depth: amulets_core::rules::LAST_FLOOR,
            gold: u32::MAX,
            turns: u32::MAX,
            date: Some(WIDE_DAY),
            daily: Some(Daily {
                day: WIDE_DAY,
                counts: false,
            }),
        }
    }

    #[test]
    fn the_widest_hall_fits_its_bound_and_every_line_fits_a_board() {
        let mut hall = Hall::new();
        hall.entered = u32::MAX;
        hall.last = Some(u32::MAX);
        let wide_day = WIDE_DAY;
        while hall.days.push(wide_day).is_ok() {}
        let wide = widest_entry();
        while hall.runs.push(wide).is_ok() {}
        let daily = HallEntry {
            daily: Some(Daily {
                day: wide_day,
                counts: true,
            }),
            ..wide
        };
        while hall.daily.push(daily).is_ok() {}
        let mut text: heapless::String<MAX_HALL_BYTES> = heapless::String::new();
        fmt::write(&mut text, format_args!("{hall}")).expect("the widest hall fits");
        for l in text
            .lines()
            .filter(|l| l.starts_with("run") || l.starts_with("daily"))
        {
            assert!(l.len() <= ENTRY_BYTES, "{l}");
        }
        // Every line whole (a line as long as LINE may have been cut)...
        for e in hall.runs.iter().chain(&hall.daily) {
            let l = entry_line(20, e, hall.last);
            assert!(l.len() < amulets_core::text::LINE, "{} {l}", l.len());
        }
        // ...and within a board's 80 columns for any run of under a million
        // gold and turns, in a year of four digits.
        let year = Day {
            year: 9999,
            ..wide_day
        };
        let real = HallEntry {
            gold: 999_999,
            turns: 999_999,
            date: Some(year),
            daily: Some(Daily {
                day: year,
                counts: false,
            }),
            ..wide
        };
        let l = entry_line(20, &real, real.number.into());
        assert!(l.len() <= 80, "{} {l}", l.len());
    }
}
