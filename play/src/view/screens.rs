//! Every screen over the map, made of lines and choices ([`Screen`]): the
//! title, the class, the pack, an item, a question, the menu, the help and
//! a run's end (`screen`), and the words a run ended with
//! (`end_words`). The hall of fame and the record are screens too, made
//! by `fame` and `morgue` with the same [`Screen`].

use super::{PANEL_LINES, Shows, button_help, wrap};
use crate::bindings::{self, Binding, Context, Setting, Verb};
use crate::keymap::Keymap;
use amulets_core::color::{Rgb, palette};
use amulets_core::game::auto::Automation;
use amulets_core::game::{Cause, Game, InventoryMode, State};
use amulets_core::input::{Action, Key};
use amulets_core::rng::Dice;
use amulets_core::rules::LAST_FLOOR;
use amulets_core::text::{LINE, Line, line, with_article};

/// A line of a screen over the map: its words and colour, and, for a line
/// that is a choice, the key it stands for and whether it can be chosen
/// now (a shell with no keyboard chooses lines, and presses their keys).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its words.
    pub text: Line,
    /// Their colour.
    pub color: Rgb,
    /// The key that chooses it, when it is a choice.
    pub key: Option<Key>,
    /// Whether it can be chosen now.
    pub enabled: bool,
}

impl Entry {
    /// Its words' colour and their background: as it is, or, when it is
    /// the line chosen (a pad's), dark on the highlight.
    pub fn colors(&self, chosen: bool) -> (Rgb, Rgb) {
        if chosen {
            (palette::BACKGROUND, palette::HIGHLIGHT)
        } else {
            (self.color, palette::BACKGROUND)
        }
    }

    /// A choice that can be chosen now.
    pub fn choosable(&self) -> bool {
        self.key.is_some() && self.enabled
    }
}

/// A screen over the map: a title and its lines, at most `PANEL_LINES`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Screen {
    /// The screen's title row.
    pub title: Line,
    /// Its lines, top to bottom.
    pub entries: heapless::Vec<Entry, PANEL_LINES>,
}

impl Screen {
    pub(crate) fn new(title: Line) -> Screen {
        Screen {
            title,
            entries: heapless::Vec::new(),
        }
    }

    /// A line of words that is no choice.
    pub(crate) fn say(&mut self, text: Line, color: Rgb) {
        self.entry(Entry {
            text,
            color,
            key: None,
            enabled: false,
        });
    }

    fn entry(&mut self, entry: Entry) {
        self.entries.push(entry).expect(
            "every screen has fewer lines than PANEL_LINES: the longest, the pack, has 26, \
             and the help's length is tested",
        );
    }

    /// A choice: its key, its words, and whether it can be chosen now.
    fn choice(&mut self, key: Key, text: Line, enabled: bool, color: Rgb) {
        let color = if enabled { color } else { palette::DIM_TEXT };
        self.entry(Entry {
            text,
            color,
            key: Some(key),
            enabled,
        });
    }

    /// A line for each binding of a table that has a key of its own, as
    /// "N  a new run"; `enabled` says which can be chosen now.
    pub(crate) fn choices(
        &mut self,
        keys: (&Keymap, Context),
        table: &'static [Binding],
        enabled: impl Fn(&Binding) -> bool,
        color: Rgb,
    ) {
        for b in table {
            self.choice_worded(keys, b, b.words, enabled(b), color);
        }
    }

    /// A binding's line, as `choices` draws it, in other words than its
    /// own ("R  the first page" on a record's last page); none when the
    /// keymap leaves it no key.
    pub(crate) fn choice_worded(
        &mut self,
        keys: (&Keymap, Context),
        b: &'static Binding,
        words: &str,
        enabled: bool,
        color: Rgb,
    ) {
        let (map, context) = keys;
        if let Some(key) = map.first_key(context, b) {
            let words = line(format_args!("{}  {words}", map.label(context, b)));
            self.choice(key, words, enabled, color);
        }
    }

    /// A line the session adds under the others (its note), after a blank
    /// one.
    pub fn note(&mut self, text: &str, color: Rgb) {
        let parts = wrap::line_parts(text).count();
        if self.entries.len() + 1 + parts <= PANEL_LINES {
            self.say(Line::new(), color);
            for part in wrap::line_parts(text) {
                self.say(part, color);
            }
        }
    }

    /// Which of its rows at `cols` columns show in `rows` rows under its
    /// title, scrolled `first` rows down (`Session::scroll`): all of them
    /// when they fit; else a window of `rows - 1`, the last row saying
    /// there is more.
    pub fn paging(&self, cols: usize, rows: usize, first: usize) -> Paging {
        let total = self.rows(cols).count();
        if total <= rows {
            return Paging {
                first: 0,
                shown: total,
                total,
            };
        }
        let shown = rows.saturating_sub(1).max(1);
        Paging {
            first: first.min(total - shown),
            shown,
            total,
        }
    }

    /// The screen's lines broken at spaces for `cols` columns, top to
    /// bottom: each row with the index of the line it is of, and the
    /// columns it is indented by. A line in two columns ("R   rest until
    /// healed...", a label, two spaces or more, its words) wraps its words
    /// under their column, where the label takes under half the width.
    pub fn rows(&self, cols: usize) -> impl Iterator<Item = (usize, usize, &str)> {
        self.entries.iter().enumerate().flat_map(move |(i, e)| {
            entry_rows(&e.text, cols).map(move |(indent, part)| (i, indent, part))
        })
    }

    /// The lines' words alone, top to bottom (for tests and for shells
    /// that only print).
    pub fn lines(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|e| e.text.as_str())
    }
}

/// A screen's line broken at spaces for `cols` columns (`Screen::rows`):
/// each row with the columns it is indented by.
pub fn entry_rows(text: &str, cols: usize) -> impl Iterator<Item = (usize, &str)> {
    let column = column_of(text).filter(|&c| c * 2 < cols);
    let (head, body, indent) = match column {
        Some(c) => (&text[..c], &text[c..], c),
        None => ("", text, 0),
    };
    let mut first = true;
    wrap(body, cols - indent).map(move |part| {
        if core::mem::replace(&mut first, false) {
            // The label and its first row of words (a wrap's first row
            // starts where its text does): one slice.
            (0, &text[..head.len() + part.len()])
        } else {
            (indent, part)
        }
    })
}

/// [`entry_rows`] for a display too narrow to hold a line's two columns
/// side by side (a 128 x 64 panel's 32): the label on a row of its own,
/// its words under it, indented by two. A line of words alone, or one
/// whose columns fit, breaks as `entry_rows` breaks it.
pub fn entry_rows_hanging(text: &str, cols: usize) -> impl Iterator<Item = (usize, &str)> {
    let hang = column_of(text).filter(|&c| c * 2 >= cols && cols > 2);
    let label = hang.map(|c| (0, text[..c].trim_end()));
    let words = hang.map(|c| wrap(&text[c..], cols - 2).map(|part| (2, part)));
    let plain = hang.is_none().then(|| entry_rows(text, cols));
    (label.into_iter())
        .chain(words.into_iter().flatten())
        .chain(plain.into_iter().flatten())
}

/// Where a line's second column starts: after its label and the run of
/// two spaces or more that follows it (the help's lines, `{:<26} words`;
/// the hall's, `  1.  Rogue ...`, whose label is indented). `None` for a
/// line of words alone.
fn column_of(text: &str) -> Option<usize> {
    let lead = text.len() - text.trim_start_matches(' ').len();
    // Bytes, not `str::find`: a page's module carries no string searcher.
    let gap = lead
        + text.as_bytes()[lead..]
            .windows(2)
            .position(|w| w == b"  ")?;
    let words = gap + text[gap..].len() - text[gap..].trim_start_matches(' ').len();
    (gap > lead && words < text.len()).then_some(words)
}

/// How a screen taller than its room is scrolled: by Up and Down (a
/// keyboard), or by moving the choice (a pad), which needs no words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scroll {
    /// Up and Down scroll it, and the "more" row says so.
    Keys,
    /// The window follows the chosen line.
    Choice,
}

/// Which rows of a screen a space shows ([`Screen::paging`]), or which
/// of its lines a pad's window shows (`pad::Controls::window`): the one
/// scroll window of every shell, with its "more" words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paging {
    /// The first row shown.
    pub first: usize,
    /// How many rows are shown from it.
    pub shown: usize,
    /// How many rows the screen has.
    pub total: usize,
}

impl Paging {
    /// The row under the rows shown, when some are not: which way there is
    /// more and, where keys scroll it (`Scroll::Keys`), the keys. The one
    /// place these words are written, for every screen of every shell.
    pub fn more(&self, scroll: Scroll) -> Option<&'static str> {
        let (above, below) = (self.first > 0, self.more_below());
        Some(match (above, below, scroll) {
            (false, false, _) => return None,
            (true, true, Scroll::Keys) => "(more above and below: Up and Down scroll)",
            (false, true, Scroll::Keys) => "(more below: Down scrolls)",
            (true, false, Scroll::Keys) => "(more above: Up scrolls)",
            (true, true, Scroll::Choice) => "(more above and below)",
            (false, true, Scroll::Choice) => "(more below)",
            (true, false, Scroll::Choice) => "(more above)",
        })
    }

    /// True when the rows below the window are not all shown.
    pub fn more_below(&self) -> bool {
        self.first + self.shown < self.total
    }
}

/// A question over everything, answered from [`bindings::CONFIRM`]-like
/// keys: the question's words, then its answers, the first the default.
pub fn question_screen(
    title: Line,
    question: Line,
    keys: (&Keymap, Context),
    answers: (&'static [Binding], [&str; 2]),
) -> Screen {
    let mut out = Screen::new(title);
    out.say(question, palette::TEXT);
    let (table, words) = answers;
    for (b, words) in table.iter().zip(words) {
        out.choice_worded(keys, b, words, true, palette::TEXT);
    }
    out
}

/// True when the game shows a screen over the map: not while playing on it
/// (looking, aiming or asked a question there), nor while F6's cave has
/// the map view to itself, on the title too.
pub fn screen_over_map(game: &Game) -> bool {
    let on_map = matches!(
        game.state(),
        State::Playing | State::Looking | State::Aiming(_) | State::Confirming(_)
    );
    let cave = game.state() == State::Title && game.debug().cave.is_some();
    !on_map && !cave
}

/// What the title offers besides a new run: the saved run for C, today's
/// dungeon for T (when the shell has a clock).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    /// A saved run is there to continue.
    pub saved_run: bool,
    /// The day, when the shell knows it.
    pub today: Option<amulets_core::daily::Day>,
    /// The ended run's record is kept, for the end screen's R.
    pub record: bool,
    /// The palette in force, named on the title and the menu.
    pub palette: crate::palettes::Palette,
}

/// Whatever screen of the game's is over the map, or `None` while playing
/// on it, for a shell that shows `shows`: its help lists what it can do
/// (the buttons on a pad; F2 only where there are tiles), and its keys are
/// those in force under `map`. A shell asks its session
/// (`Session::screen`), which puts its own screens first: the new-run
/// question, the hall, the record.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a slot is under PACK_SLOTS (26)"
)]
#[expect(
    clippy::too_many_lines,
    reason = "one short arm a screen: the match is the list of screens"
)]
pub fn screen(game: &Game, offers: Offers, shows: Shows, map: &Keymap) -> Option<Screen> {
    if !screen_over_map(game) {
        return None;
    }
    let here = Context::State(game.state());
    let keys = (map, here);
    let out = match game.state() {
        State::Playing | State::Looking | State::Aiming(_) | State::Confirming(_) => return None,
        State::Title => {
            let mut out = Screen::new(line(format_args!("Amulets")));
            out.say(
                line(format_args!(
                    "Nine floors down, an Amulet on each. Take the ninth to win."
                )),
                palette::TEXT,
            );
            for b in &bindings::TITLE {
                let Some(key) = map.first_key(here, b) else {
                    continue;
                };
                // No saved run to continue (none, or one that cannot be
                // read): no C, rather than a C that does nothing.
                if b.action() == Some(Verb::Game(Action::Continue)) && !offers.saved_run {
                    continue;
                }
                if b.action() == Some(Verb::Game(Action::Quit)) && !shows.quits {
                    continue;
                }
                let label = map.label(here, b);
                let text = match b.action() {
                    Some(Verb::Game(Action::NextStyle)) => match game.dice() {
                        Dice::Book => line(format_args!(
                            "{}  dungeons: {}",
                            label,
                            game.style().words()
                        )),
                        dice => line(format_args!(
                            "{}  dungeons: {}, on {}",
                            label,
                            game.style().words(),
                            dice.words()
                        )),
                    },
                    Some(Verb::Palette) => line(format_args!(
                        "{label}  {}: {}",
                        b.words,
                        offers.palette.words()
                    )),
                    Some(Verb::Daily) => match offers.today {
                        Some(day) => line(format_args!("{}  {}, {day}", label, b.words)),
                        None => line(format_args!("{}  {} (no clock here)", label, b.words)),
                    },
                    _ => line(format_args!("{}  {}", label, b.words)),
                };
                let enabled = match b.action() {
                    Some(Verb::Daily) => offers.today.is_some(),
                    _ => true,
                };
                out.choice(key, text, enabled, palette::TEXT);
            }
            out
        }
        State::ChooseClass => {
            let mut out = Screen::new(line(format_args!("Choose a class")));
            for b in &bindings::CHOOSE_CLASS {
                let (Some(key), Some(action)) = (map.first_key(here, b), b.action()) else {
                    continue;
                };
                match action {
                    // The class, then what it has on a line of its own:
                    // both fit a line, where one would be cut.
                    Verb::Game(Action::ChooseClass(class)) => {
                        out.choice(
                            key,
                            line(format_args!("{}  the {}", map.label(here, b), class.name())),
                            true,
                            palette::TEXT,
                        );
                        out.say(
                            line(format_args!("   {}", class.blurb())),
                            palette::DIM_TEXT,
                        );
                    }
                    _ => out.choice(
                        key,
                        line(format_args!("{}  {}", map.label(here, b), b.words)),
                        true,
                        palette::DIM_TEXT,
                    ),
                }
            }
            out
        }
        State::Inventory(mode) => {
            let title = match mode {
                InventoryMode::Browse => line(format_args!(
                    "Inventory: a letter picks an item, Esc closes"
                )),
                InventoryMode::Drop => line(format_args!("Drop which? (a letter, Esc)")),
                InventoryMode::Item(_) => line(format_args!("Inventory: what to do with it?")),
            };
            let mut out = Screen::new(title);
            let p = game.player();
            for (i, slot) in p.pack.iter().enumerate() {
                let Some(item) = slot else { continue };
                let i8 = i as u8;
                let note = if p.weapon == Some(i8) {
                    " (wielded)"
                } else if p.armour == Some(i8) {
                    " (worn)"
                } else if p.bow == Some(i8) {
                    " (ready)"
                } else {
                    ""
                };
                let letter = (b'a' + i8) as char;
                let words = line(format_args!("{letter}) {}{note}", item.name()));
                match mode {
                    InventoryMode::Item(chosen) => {
                        let color = if chosen == i8 {
                            palette::HIGHLIGHT
                        } else {
                            palette::DIM_TEXT
                        };
                        out.say(words, color);
                    }
                    _ => out.choice(Key::Char(letter), words, true, palette::TEXT),
                }
            }
            if out.entries.is_empty() {
                out.say(line(format_args!("Your pack is empty.")), palette::DIM_TEXT);
            }
            if let InventoryMode::Item(_) = mode {
                out.choices(keys, &bindings::PACK_ITEM, |_| true, palette::TEXT);
            }
            out
        }
        State::Menu => {
            let mut out = Screen::new(line(format_args!("Menu")));
            for b in &bindings::MENU {
                let Some(key) = map.first_key(here, b) else {
                    continue;
                };
                let label = map.label(here, b);
                let words = match b.action() {
                    // The colours line names the palette, as the title's.
                    Some(Verb::Palette) => line(format_args!(
                        "{label}  {}: {}",
                        b.words,
                        offers.palette.words()
                    )),
                    _ => line(format_args!("{label}  {}", b.words)),
                };
                out.choice(key, words, true, palette::TEXT);
            }
            out
        }
        State::Help if shows.buttons => button_help(shows.hands),
        State::Help => {
            let mut out = Screen::new(line(format_args!("Keys (any key closes)")));
            let switch_view = Some(Verb::Game(Action::Debug(
                amulets_core::input::DebugKey::SwitchView,
            )));
            for (context, b) in
                bindings::help_in().filter(|(_, b)| shows.tiles || b.action() != switch_view)
            {
                out.say(
                    line(format_args!("{:<26} {}", map.label(context, b), b.words)),
                    palette::TEXT,
                );
            }
            for (what, symbols) in legend() {
                out.say(
                    line(format_args!("{what:<26} {symbols}")),
                    palette::DIM_TEXT,
                );
            }
            out
        }
        State::Dead | State::Won => {
            let dead = game.state() == State::Dead;
            let mut out = Screen::new(if dead {
                line(format_args!("You die..."))
            } else {
                line(format_args!("You have won!"))
            });
            let p = game.player();
            out.say(
                end_words(game),
                if dead { palette::HURT } else { palette::GOLD },
            );
            out.say(
                line(format_args!("Amulets: {} of {LAST_FLOOR}", p.amulets)),
                palette::GOLD,
            );
            out.say(line(format_args!("Gold: {}", p.gold)), palette::GOLD);
            out.say(
                line(format_args!("Floor reached: {}", game.depth())),
                palette::TEXT,
            );
            out.say(line(format_args!("Turns: {}", game.turn())), palette::TEXT);
            out.say(line(format_args!("Kills: {}", p.kills)), palette::TEXT);
            out.say(
                line(format_args!("The {}, seed {}", p.class.name(), game.seed())),
                palette::TEXT,
            );
            out.choices(
                keys,
                &bindings::ENDED,
                |b| offers.record || b.action() != Some(Verb::Record),
                palette::DIM_TEXT,
            );
            out
        }
    };
    Some(out)
}

/// The messages (M): every line of the run's log the game keeps (what a
/// save keeps), oldest first, the unread brighter, and how to close it.
pub fn messages_screen(game: &Game) -> Screen {
    const _: () = assert!(
        amulets_core::log::LOG_LINES < PANEL_LINES,
        "the log fits a screen"
    );
    let mut out = Screen::new(line(format_args!(
        "The messages, newest last (any key closes)"
    )));
    for (text, color) in super::log_lines(game) {
        out.say(line(format_args!("{text}")), color);
    }
    if out.entries.is_empty() {
        out.say(line(format_args!("No messages yet.")), palette::DIM_TEXT);
    }
    out
}

/// The automation screen (the menu's A): each setting on a line with its
/// letter and its value, and how to close it.
pub fn automation_screen(auto: Automation, map: &Keymap) -> Screen {
    let here = (map, Context::Automation);
    let mut out = Screen::new(line(format_args!(
        "Automation: what explore, travel and rest do"
    )));
    for b in &bindings::AUTOMATION {
        let Some(key) = map.first_key(here.1, b) else {
            continue;
        };
        let label = map.label(here.1, b);
        let yes = |on: bool| if on { "yes" } else { "no" };
        let text = match b.action() {
            Some(Verb::Automate(Setting::Pick(kind))) => line(format_args!(
                "{label}  pick up {}: {}",
                kind.words(),
                yes(auto.picks(kind))
            )),
            Some(Verb::Automate(Setting::Halt(halt))) => line(format_args!(
                "{label}  stop for {}: {}",
                halt.words(),
                yes(auto.halts(halt))
            )),
            Some(Verb::Automate(Setting::Rest)) => line(format_args!(
                "{label}  rest to {}% of health",
                auto.rest_to()
            )),
            _ => continue,
        };
        out.choice(key, text, true, palette::TEXT);
    }
    out.say(
        line(format_args!(
            "A monster in view and harm always stop them. Any other key closes."
        )),
        palette::DIM_TEXT,
    );
    out
}

/// The help's key to the map: every symbol the map shows, on lines of
/// the help's two columns (the ground, then the items by what they are
/// used as, then the monsters), made from the tables that draw them. Each
/// line's words fit a line beside the help's 26-column labels.
pub fn legend() -> heapless::Vec<(&'static str, Line), 8> {
    use super::cell::terrain_glyph;
    use amulets_core::item::{ITEMS, Use};
    use amulets_core::map::Terrain;
    const ROOM: usize = LINE - 27;
    let mut out: heapless::Vec<(&'static str, Line), 8> = heapless::Vec::new();
    let mut put = |label: &'static str, part: &str| {
        let fits = out.last().is_some_and(|(l, text): &(&str, Line)| {
            (*l == label || l.is_empty()) && text.len() + 2 + part.len() <= ROOM
        });
        let starts = !out.iter().any(|(l, _)| *l == label);
        if fits && !starts {
            if let Some((_, text)) = out.last_mut() {
                text.push_str(", ")
                    .and_then(|()| text.push_str(part))
                    .expect("fits: checked above, within ROOM");
            }
        } else {
            let label = if starts { label } else { "" };
            out.push((label, line(format_args!("{part}"))))
                .expect("the legend's lines are fewer than 8 (tested)");
        }
    };
    put("On the map", "@ you");
    let terrain = [
        (Terrain::Wall, "wall"),
        (Terrain::Floor, "floor"),
        (Terrain::ClosedDoor, "a door"),
        (Terrain::OpenDoor, "an open door"),
        (Terrain::StairsDown, "the stairs down"),
    ];
    for (t, name) in terrain {
        put(
            "On the map",
            &line(format_args!("{} {name}", terrain_glyph(t))),
        );
    }
    put("On the map", "^ a trap");
    let mut seen: heapless::Vec<char, { ITEMS.len() }> = heapless::Vec::new();
    for k in &ITEMS {
        if seen.contains(&k.glyph) {
            continue;
        }
        seen.push(k.glyph)
            .expect("no more glyphs than kinds of item");
        let noun = match k.uses {
            Use::Gold => "gold",
            Use::Potion => "a potion",
            Use::Scroll => "a scroll",
            Use::Weapon { .. } => "a weapon",
            Use::Armour { .. } => "armour",
            Use::Bow { .. } => "a bow",
            Use::Arrows => "arrows",
            Use::Thrown { .. } => k.plural,
            Use::Amulet => "an Amulet",
        };
        put("Items", &line(format_args!("{} {noun}", k.glyph)));
    }
    put("A letter", "a monster (x names what is there)");
    out
}

/// How a run ended, in the end screen's words (the morgue file's too):
/// "Killed by a jackal on floor 3.", or the victory's line. A run not
/// ended is said as one abandoned where it stands.
pub fn end_words(game: &Game) -> Line {
    match game.state() {
        State::Dead => {
            let cause = match game.cause_of_death() {
                Some(Cause::Monster(k)) => with_article(amulets_core::monster::kind(k).name),
                Some(Cause::Poison) => line(format_args!("poison")),
                Some(Cause::Trap(t)) => with_article(t.name()),
                None => line(format_args!("something")),
            };
            line(format_args!("Killed by {cause} on floor {}.", game.depth()))
        }
        State::Won => line(format_args!(
            "You carried the ninth Amulet out of the deep."
        )),
        _ => line(format_args!("Abandoned on floor {}.", game.depth())),
    }
}

#[cfg(test)]
mod tests {
    use super::{Line, Screen, line, palette};
    use crate::session::{Session, Start};
    use crate::store::NoStore;
    use amulets_core::input::Key;
    use amulets_core::text::LINE;

    /// A help line too wide for its two columns side by side: its label
    /// on a row, its words under it indented; a line of words alone
    /// breaks as before.
    #[test]
    fn a_narrow_screen_hangs_a_line_s_words_under_its_label() {
        let text = "select held, Log               the messages: the run's log, read back";
        let rows: heapless::Vec<(usize, &str), 8> = super::entry_rows_hanging(text, 32).collect();
        assert_eq!(
            &rows[..],
            &[
                (0, "select held, Log"),
                (2, "the messages: the run's log,"),
                (2, "read back")
            ]
        );
        let words = "You see a giant white rat, and it sees you.";
        let hanging: heapless::Vec<(usize, &str), 8> =
            super::entry_rows_hanging(words, 32).collect();
        let plain: heapless::Vec<(usize, &str), 8> = super::entry_rows(words, 32).collect();
        assert_eq!(hanging, plain);
    }

    /// The title's screens, every line whole: a line as long as `LINE`
    /// may have been cut.
    #[test]
    fn the_legend_names_every_symbol_the_map_shows() {
        use amulets_core::item::ITEMS;
        use amulets_core::map::Terrain;
        let legend: heapless::String<512> = super::legend()
            .iter()
            .flat_map(|(_, l)| [l.as_str(), ", "])
            .collect();
        let names = |g: char| {
            let mut pat: heapless::String<4> = heapless::String::new();
            pat.push(g).unwrap();
            pat.push(' ').unwrap();
            legend.starts_with(pat.as_str()) || {
                let mut mid: heapless::String<6> = heapless::String::new();
                mid.push_str(", ").unwrap();
                mid.push_str(&pat).unwrap();
                legend.contains(mid.as_str())
            }
        };
        let terrains = [
            Terrain::Wall,
            Terrain::SecretDoor,
            Terrain::Floor,
            Terrain::CaveFloor,
            Terrain::StairsDown,
            Terrain::ClosedDoor,
            Terrain::OpenDoor,
        ];
        for t in terrains {
            let g = super::super::cell::terrain_glyph(t);
            assert!(names(g), "{t:?}'s {g} in {legend}");
        }
        for k in &ITEMS {
            assert!(names(k.glyph), "{}'s {} in {legend}", k.name, k.glyph);
        }
        for g in ['@', '^'] {
            assert!(names(g), "{g} in {legend}");
        }
        // Each line fits a line whole.
        assert!(super::legend().iter().all(|(_, l)| l.len() + 27 < LINE));
    }

    #[test]
    fn rows_wrap_a_second_column_under_itself_and_keep_empty_lines() {
        let mut screen = Screen::new(line(format_args!("Keys")));
        screen.say(
            line(format_args!(
                "{:<8}{}",
                "R", "rest until healed, or until something happens"
            )),
            palette::TEXT,
        );
        screen.say(Line::new(), palette::TEXT);
        screen.say(
            line(format_args!("plain words that wrap here")),
            palette::TEXT,
        );
        let rows: heapless::Vec<(usize, usize, &str), 16> = screen.rows(31).collect();
        assert_eq!(
            rows.as_slice(),
            [
                (0, 0, "R       rest until healed, or"),
                (0, 8, "until something happens"),
                (1, 0, ""),
                (2, 0, "plain words that wrap here"),
            ]
        );
        // Too narrow for a column: plain wrapping.
        let rows: heapless::Vec<(usize, usize, &str), 16> = screen.rows(14).collect();
        assert!(rows.iter().all(|&(_, indent, _)| indent == 0), "{rows:?}");
        // Paging: a window and the row that says there is more.
        let paging = screen.paging(31, 3, 1);
        assert_eq!((paging.first, paging.shown, paging.total), (1, 2, 4));
        assert_eq!(
            paging.more(super::Scroll::Keys),
            Some("(more above and below: Up and Down scroll)")
        );
        assert_eq!(screen.paging(31, 4, 3).more(super::Scroll::Keys), None);
        // A pad's window says which way there is more, and names no key.
        let at = |first| super::Paging {
            first,
            shown: 2,
            total: 4,
        };
        let pad = [0, 1, 2].map(|first| at(first).more(super::Scroll::Choice));
        assert_eq!(
            pad,
            [
                Some("(more below)"),
                Some("(more above and below)"),
                Some("(more above)")
            ]
        );
    }

    #[test]
    fn no_line_of_the_first_screens_is_cut() {
        let mut s = Session::new(NoStore, (), || 7, Start::default());
        for key in [None, Some(Key::Char('n'))] {
            if let Some(k) = key {
                s.press(k);
                s.release(k);
            }
            let screen = s.drawn().screen().expect("a screen is up");
            for l in screen.lines() {
                assert!(l.len() < LINE, "{l:?}");
            }
        }
        let screen = s.drawn().screen().unwrap();
        let lines: heapless::Vec<&str, 16> = screen.lines().collect();
        assert!(
            lines
                .iter()
                .any(|l| l.ends_with("a scroll of magic mapping"))
        );
    }
}
