//! After the run: each ended run leaves its record (the morgue file) and is
//! entered in the hall of fame, through the session, as every shell's
//! store sees it; an abandoned run is recorded from where it stood; the
//! day's dungeon is marked, and its second run that day is practice; the
//! hall's screen opens from the title.

use amulets_core::bot::Bot;
use amulets_core::daily::Day;
use amulets_core::game::{Game, State};
use amulets_core::hash::Fnv1a;
use amulets_core::input::Key;
use amulets_core::map::{MAP_H, MAP_W};
use amulets_core::monster::KindId;
use amulets_core::player::Class;
use amulets_core::rng::Dice;
use amulets_core::text::{Line, Note, note};
use amulets_play::fame::{Hall, Table};
use amulets_play::morgue::{self, End, Stamp};
use amulets_play::session::{Session, Start};
use amulets_play::store::{Colours, Fame, Records, SaveText, Saves, StoreError};

/// A store in memory that keeps what a desktop keeps in files: the save,
/// the records and the hall, the time fixed.
struct Keeper {
    save: Option<String>,
    hall: Option<String>,
    records: Vec<(String, String)>,
    stamp: Stamp,
}

impl Keeper {
    fn new() -> Keeper {
        Keeper {
            save: None,
            hall: None,
            records: Vec::new(),
            // 2026-12-02 00:00:00 UTC.
            stamp: Stamp::of_unix_seconds(1_796_169_600),
        }
    }
}

impl Saves for Keeper {
    fn claim(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    fn read(&mut self) -> Result<Option<&str>, StoreError> {
        Ok(self.save.as_deref())
    }

    fn write(&mut self, save: &SaveText<'_>) -> Result<(), StoreError> {
        self.save = Some(save.to_string());
        Ok(())
    }

    fn set_aside(&mut self) -> Result<Line, StoreError> {
        self.save = None;
        Ok(Line::new())
    }

    fn remove(&mut self) -> Result<(), StoreError> {
        self.save = None;
        Ok(())
    }

    fn name(&self) -> &'static str {
        amulets_play::store::THE_SAVED_RUN
    }
}

impl Records for Keeper {
    fn stamp(&mut self) -> Stamp {
        self.stamp
    }

    fn keep_record(&mut self, end: &End<'_>, stamp: Stamp) -> Result<Option<Note>, StoreError> {
        let mut text = String::new();
        morgue::write(&mut text, end, stamp).unwrap();
        let name = morgue::file_name(end, stamp, 0).to_string();
        self.records.push((name.clone(), text));
        Ok(Some(note(format_args!("The record is in {name}."))))
    }

    fn read_record(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    fn record(&self) -> Option<&str> {
        self.records.last().map(|(_, t)| t.as_str())
    }
}

impl Fame for Keeper {
    fn change_hall<T>(&mut self, f: impl FnOnce(&mut Hall) -> T) -> Result<T, StoreError> {
        let mut hall = self
            .hall
            .as_deref()
            .map(|t| Hall::parse(t).expect("the hall written reads back"))
            .unwrap_or_default();
        let out = f(&mut hall);
        self.hall = Some(hall.to_string());
        Ok(out)
    }

    fn read_hall(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    fn hall(&self) -> Option<&str> {
        self.hall.as_deref()
    }
}

impl Colours for Keeper {
    fn palette(&mut self) -> Option<amulets_play::palettes::Palette> {
        None
    }

    fn keep_palette(&mut self, _: amulets_play::palettes::Palette) -> Result<(), StoreError> {
        Ok(())
    }
}

fn press(s: &mut Session<(Keeper, (), impl FnMut() -> u32)>, keys: &str) {
    for c in keys.chars() {
        let k = match c {
            '\n' => Key::Enter,
            '\x1b' => Key::Escape,
            '\t' => Key::Tab,
            c => Key::Char(c),
        };
        s.press(k);
        s.release(k);
    }
}

/// The bot's whole run of seed 42, the Fighter, through a session: the
/// game it ended with, and the session.
fn seed_42_bot_run() -> Session<(Keeper, (), impl FnMut() -> u32)> {
    let start = Start {
        seed: Some(42),
        class: Some(Class::Fighter),
        ..Start::default()
    };
    let mut s = Session::new(Keeper::new(), (), || 7, start);
    let mut bot = Bot::new();
    let mut now = 0;
    let mut steps = 0;
    while amulets_play::autoplay::play_bot(
        &mut s,
        &mut bot,
        &mut now,
        amulets_play::autoplay::Pace::Frames,
    ) {
        steps += 1;
        assert!(steps < 200_000, "the bot's run ends");
    }
    // The player reads the end a second before a key: none typed ahead.
    s.tick(now + 1000);
    s
}

/// The record's floor: 36 rows after its heading, the player's `@` where
/// the player is, and only there, no row wider than the map.
fn check_floor(lines: &[&str], game: &Game) {
    let p = game.player();
    let floor = lines
        .iter()
        .position(|l| l.ends_with("(@ is you):"))
        .expect("the floor's heading");
    let rows = &lines[floor + 1..floor + 1 + MAP_H as usize];
    assert!(rows.iter().all(|r| r.chars().count() <= MAP_W as usize));
    let ats: Vec<(usize, usize)> = rows
        .iter()
        .enumerate()
        .flat_map(|(y, r)| {
            r.chars()
                .enumerate()
                .filter(|&(_, c)| c == '@')
                .map(move |(x, _)| (x, y))
        })
        .collect();
    assert_eq!(ats, [(p.pos.x as usize, p.pos.y as usize)]);
}

#[test]
fn the_seed_42_bot_run_leaves_its_record_in_its_layout() {
    let s = seed_42_bot_run();
    let game = s.game();
    assert!(matches!(game.state(), State::Dead | State::Won));
    let records = &s.run().store().records;
    assert_eq!(records.len(), 1, "one record for one run");
    let (name, text) = &records[0];
    let ending = morgue::Ending::of(game).word();
    assert_eq!(name, &format!("fighter-42-2026-12-02-000000-{ending}.txt"));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Amulets: the record of a run");
    assert_eq!(lines[2], "The Fighter, seed 42");
    assert_eq!(
        lines[3],
        "On the book's dice and the book's rooms, by the rules book-4"
    );
    assert_eq!(lines[4], format!("Ended 2026-12-02 00:00:00 UTC: {ending}"));
    // The cause in the end screen's own words, with the turn.
    let screen = s.drawn().screen().expect("the end screen is up");
    let words: Vec<&str> = screen.lines().collect();
    assert_eq!(lines[5], format!("{} (turn {})", words[0], game.turn()));
    let p = game.player();
    let at = |head: &str| {
        // After the heading's lines.
        6 + lines[6..]
            .iter()
            .position(|l| l.starts_with(head))
            .unwrap_or_else(|| panic!("no {head:?}"))
    };
    assert_eq!(
        lines[at("Floor reached:")],
        format!("Floor reached: {} of 9", game.depth())
    );
    assert_eq!(lines[at("Turns:")], format!("Turns: {}", game.turn()));
    assert_eq!(lines[at("Gold:")], format!("Gold: {}", p.gold));
    assert_eq!(
        lines[at("Amulets:")],
        format!("Amulets: {} of 9", p.amulets)
    );
    // Kills by kind: each a kind's name and a count, summing to the kills.
    let kills = at("Kills:");
    assert_eq!(lines[kills], format!("Kills: {}", p.kills));
    let mut sum = 0;
    for l in lines[kills + 1..]
        .iter()
        .take_while(|l| l.starts_with("  "))
    {
        let (name, n) = l.trim().rsplit_once(' ').unwrap();
        assert!(KindId::all().any(|k| k.kind().name == name.trim()), "{l}");
        sum += n.parse::<u32>().unwrap();
    }
    assert_eq!(sum, u32::from(p.kills));
    assert!(p.kills > 0, "the bot fought");
    // The pack, a line an item.
    let pack = at("Pack:");
    let items = p.pack.iter().flatten().count();
    assert!(
        lines[pack + 1..=pack + items]
            .iter()
            .all(|l| l.starts_with("  "))
    );
    assert_eq!(lines[pack + items + 1], "");
    // The last 20 messages, the log's newest, in order.
    let log = at("The last ");
    // (A run of the same words is one line with its count, as the log
    // shows it.)
    let said: Vec<String> = amulets_play::view::said(game.log())
        .map(|m| format!("  {m}"))
        .collect();
    let newest = &said[said.len().saturating_sub(20)..];
    assert_eq!(lines[log], format!("The last {} messages:", newest.len()));
    assert_eq!(lines[log + 1..=log + newest.len()], *newest);
    check_floor(&lines, game);
    assert_eq!(lines.last(), Some(&"Replay: none was recorded"));
    // The end screen says the place it took and where the record went.
    assert_eq!(
        s.notes.note(),
        Some(format!("Number 1 in the hall of fame! The record is in {name}.").as_str())
    );
    // Pinned, once looked at (docs/records.md shows it): the layout above
    // and every line of this run's record.
    let mut h = Fnv1a::new();
    h.bytes(text.as_bytes());
    assert_eq!(h.finish(), 11_278_213_256_571_120_434, "{text}");
}

#[test]
fn a_run_is_recorded_once_and_entered_in_the_hall() {
    let s = seed_42_bot_run();
    let hall = Hall::parse(s.run().store().hall.as_deref().unwrap()).unwrap();
    assert_eq!(hall.entered, 1);
    assert_eq!(hall.runs[0].seed, 42);
    assert_eq!(hall.runs[0].turns, s.game().turn());
    assert_eq!(hall.last, Some(1));
}

#[test]
fn an_abandoned_saved_run_is_recorded_from_its_save() {
    let mut saved = Game::new_run(9, Class::Rogue);
    saved.player_mut().gold = 77;
    let mut keeper = Keeper::new();
    keeper.save = Some(SaveText(&saved).to_string());
    let mut s = Session::new(keeper, (), || 7, Start::default());
    press(&mut s, "n");
    assert!(s.run().asking(), "asked before the saved run is lost");
    press(&mut s, "n");
    assert!(s.run().store().records.is_empty(), "a no records nothing");
    press(&mut s, "ny");
    let records = &s.run().store().records;
    assert_eq!(records.len(), 1);
    let (name, text) = &records[0];
    assert!(
        name.starts_with("rogue-9-") && name.ends_with("-abandoned.txt"),
        "{name}"
    );
    assert!(
        text.contains("\nAbandoned on floor 1. (turn 0)\n"),
        "{text}"
    );
    assert!(text.contains("\nGold: 77\n"), "{text}");
    assert_eq!(s.run().store().save, None, "given up, its save is gone");
}

#[test]
fn a_run_abandoned_from_the_menu_is_recorded_as_it_stands() {
    let start = Start {
        seed: Some(5),
        class: Some(Class::Wizard),
        ..Start::default()
    };
    let mut s = Session::new(Keeper::new(), (), || 7, start);
    press(&mut s, "s\x1bn");
    assert!(s.run().asking());
    press(&mut s, "y");
    let records = &s.run().store().records;
    assert_eq!(records.len(), 1);
    assert!(
        records[0].1.contains("\nAbandoned on floor 1. (turn 1)\n"),
        "{}",
        records[0].1
    );
}

#[test]
fn the_day_s_dungeon_is_marked_and_its_second_run_is_practice() {
    let day = Day::parse("2026-12-02").unwrap();
    let mut s = Session::new(Keeper::new(), (), || 7, Start::default());
    let title: Vec<String> = s
        .drawn()
        .screen()
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert!(
        title
            .iter()
            .any(|l| l.contains("T  today's dungeon (no clock here)")),
        "{title:?}"
    );
    press(&mut s, "t");
    assert_eq!(s.game().state(), State::Title, "no clock, no day");
    s.run_mut().starts_mut().set_today(day);
    press(&mut s, "dt");
    assert_eq!(s.game().state(), State::ChooseClass);
    press(&mut s, "a");
    assert_eq!(s.game().seed(), day.seed());
    assert_eq!(s.game().seed(), 931_398_152);
    assert_eq!(
        s.game().dice(),
        Dice::Book,
        "the book's dice, whatever D chose"
    );
    let panel: Vec<String> = s
        .drawn()
        .panel()
        .iter()
        .map(|(l, _)| l.to_string())
        .collect();
    assert!(panel.contains(&"Daily 2026-12-02".to_string()), "{panel:?}");
    // Saved and continued, it is still the day's.
    let saved = Game::read_save(s.run().store().save.as_deref().unwrap()).unwrap();
    assert_eq!(saved.daily(), s.game().daily());
    // Abandoned for a second run of the day: practice.
    press(&mut s, "\x1bny");
    let mut s = {
        let (keeper, (), _) = s.into_parts();
        Session::new(keeper, (), || 7, Start::default())
    };
    s.run_mut().starts_mut().set_today(day);
    press(&mut s, "t");
    assert!(!s.run().asking(), "the abandoned run's save went with it");
    press(&mut s, "a");
    let panel: Vec<String> = s
        .drawn()
        .panel()
        .iter()
        .map(|(l, _)| l.to_string())
        .collect();
    assert!(
        panel.contains(&"Daily 2026-12-02 (practice)".to_string()),
        "{panel:?}"
    );
    let hall = Hall::parse(s.run().store().hall.as_deref().unwrap()).unwrap();
    assert_eq!(hall.days.as_slice(), [day]);
}

#[test]
fn the_hall_opens_from_the_title_and_turns_to_the_daily_table() {
    let mut s = seed_42_bot_run();
    press(&mut s, "\n");
    assert_eq!(s.game().state(), State::Title);
    press(&mut s, "h");
    assert_eq!(s.drawn().hall_shown(), Some(Table::Runs));
    let screen = s.drawn().screen().unwrap();
    assert_eq!(screen.title.as_str(), "Hall of fame: the best runs");
    let lines: Vec<&str> = screen.lines().collect();
    assert!(lines[1].starts_with("> 1.  Fighter"), "{lines:?}");
    press(&mut s, "\t");
    assert_eq!(s.drawn().hall_shown(), Some(Table::Daily));
    let lines: Vec<String> = s
        .drawn()
        .screen()
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(lines[0], "No runs here yet.");
    press(&mut s, "x");
    assert_eq!(s.drawn().hall_shown(), None);
    assert_eq!(
        s.game().state(),
        State::Title,
        "the key only closed the hall"
    );
}

#[test]
fn the_end_screen_shows_the_record_a_page_at_a_time() {
    let mut s = seed_42_bot_run();
    let text = s.run().store().records[0].1.clone();
    let lines: Vec<&str> = text.lines().collect();
    let pages = lines.len().div_ceil(morgue::PAGE_LINES);
    let end: Vec<String> = s
        .drawn()
        .screen()
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert!(end.contains(&"R  the run's record".to_string()), "{end:?}");
    for page in 0..=pages {
        if page == 0 {
            press(&mut s, "r");
        } else {
            press(&mut s, "\t");
        }
        let screen = s.drawn().screen().unwrap();
        let at = page % pages;
        assert_eq!(
            screen.title.as_str(),
            format!("The run's record, page {} of {pages}", at + 1)
        );
        let turn = if at + 1 == pages {
            "R  the first page"
        } else {
            "R  the next page"
        };
        assert!(screen.lines().any(|l| l == turn), "page {at}: no {turn:?}");
        let shown: Vec<&str> = screen.lines().take_while(|l| *l != turn).collect();
        let want: Vec<&str> = lines
            .iter()
            .skip(at * morgue::PAGE_LINES)
            .take(morgue::PAGE_LINES)
            .copied()
            .collect();
        assert_eq!(shown, want, "page {at}");
    }
    press(&mut s, "x");
    assert!(s.run().annals().overlay().is_none());
    assert!(
        matches!(s.game().state(), State::Won | State::Dead),
        "x only closed it"
    );
}
