//! The few rows of status a small screen played with a pad shows under
//! its map: the run's facts, the newest message or what the cursor is on,
//! the session's standing notes, and what the buttons do now.

use super::{COMMANDS, Controls, Mode};
use crate::bindings::{self, Pad, Verb};
use crate::session::Host;
use crate::session::Session;
use crate::view::{self, Said, wrap};
use amulets_core::color::{Rgb, palette};
use amulets_core::game::State;
use amulets_core::input::Action;
use amulets_core::rules::LAST_FLOOR;

/// Characters a status row holds, at most (a 320-pixel display's 80).
pub const STATUS_COLS: usize = 80;
/// Status rows, at most: the small board's six, and four more a taller
/// display (a phone's page) gives the log.
pub const STATUS_LINES: usize = 10;
/// The rows of the two board layouts: four when wide, six when narrow. A
/// display that gives more rows shows more of the log in them.
const WIDE_ROWS: usize = 4;
const NARROW_ROWS: usize = 6;
/// The rows of the smallest status, a 128 x 64 panel's: the facts, and two
/// of messages.
pub const TINY_ROWS: usize = 3;

/// A status row's words.
pub type StatusLine = heapless::String<STATUS_COLS>;

/// The status rows and their colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The rows, top to bottom (the unused ones empty).
    pub rows: [StatusLine; STATUS_LINES],
    /// Each row's colour.
    pub colors: [Rgb; STATUS_LINES],
    /// How many of the last rows say what the buttons do: one, or two
    /// when a tall status breaks a long hint at words.
    pub hint_rows: usize,
}

/// The status of these rows and colours, its hint in the last
/// `hint_rows`.
fn done(rows: [StatusLine; STATUS_LINES], colors: [Rgb; STATUS_LINES], hint_rows: usize) -> Status {
    Status {
        rows,
        colors,
        hint_rows,
    }
}

/// A status's colours before its messages: the facts' row plain, the
/// last of `rows` (the hint) dim, the rest unread.
fn first_colors(rows: usize) -> [Rgb; STATUS_LINES] {
    let mut colors = [palette::UNREAD_TEXT; STATUS_LINES];
    colors[0] = palette::TEXT;
    colors[rows - 1] = palette::DIM_TEXT;
    colors
}

/// Writes into a row, cut at its width (`write_fmt` stops there).
fn put(s: &mut StatusLine, args: core::fmt::Arguments<'_>) {
    // A row is cut where it is full: the error says only that.
    core::fmt::write(s, args).unwrap_or(());
}

/// `text`'s first `rows.len()` lines broken at spaces for `cols`.
fn wrapped(rows: &mut [StatusLine], text: &str, cols: usize) {
    for (row, part) in rows.iter_mut().zip(wrap(text, cols)) {
        put(row, format_args!("{part}"));
    }
}

impl Controls {
    /// The status for `rows` rows of `cols` characters (at most
    /// `STATUS_LINES` and `STATUS_COLS`): four wide rows, or six narrow
    /// ones for a display under 60 characters across. Rows past those
    /// (a phone's page has room) show more of the log; fewer are the
    /// board's, whose places do not overlap.
    pub fn status<H: Host>(&self, session: &Session<H>, cols: usize, rows: usize) -> Status {
        let cols = cols.min(STATUS_COLS);
        let wide = cols >= 60;
        let (first, board) = if wide {
            (1, WIDE_ROWS)
        } else {
            (2, NARROW_ROWS)
        };
        let rows = rows.clamp(board, STATUS_LINES);
        let (game, drawn) = (session.game(), session.drawn());
        let mut out: [StatusLine; STATUS_LINES] = core::array::from_fn(|_| StatusLine::new());
        let mut colors = first_colors(rows);
        self.facts(session, wide, &mut out);
        out[rows - 1] = self.hint(session, cols);
        if rows > board {
            let below = first..rows;
            let hint_rows = tall(session, cols, &mut out[below.clone()], &mut colors[below]);
            return done(out, colors, hint_rows);
        }
        // While aiming or looking, the words of the cell under the cursor
        // (what is there, the target's name) take the message rows.
        if let (State::Aiming(_) | State::Looking, Some(p)) = (game.state(), drawn.look_at()) {
            wrapped(&mut out[first..first + 2], &view::describe(game, p), cols);
            return done(out, colors, 1);
        }
        let standing = drawn.standing_notes().next();
        if wide {
            // The two newest lines, the newest last (the session's note,
            // when there is one, is the newest); a stop is said in the log
            // too, so it needs no row of its own here. A standing note
            // stands on the lower row, the newest line over it.
            let mut newest = view::said(game.log()).rev();
            let note = session.notes.note().map(Said::once);
            let last = note.or_else(|| newest.next());
            let older = newest.next();
            let (upper, lower) = match &standing {
                Some((note, color)) => {
                    colors[2] = *color;
                    (last, Some(Said::once(note)))
                }
                None => (older, last),
            };
            for (row, said) in out[1..=2].iter_mut().zip([upper, lower]) {
                put(row, format_args!("{}", said.unwrap_or(Said::once(""))));
            }
            return done(out, colors, 1);
        }
        // Narrow: the newest message (the session's note before the
        // log's) over two rows, then why the last command stopped. A
        // standing note takes the message's second row and the stop's.
        let newest = view::newest(game.log());
        let message = session.notes.note().or(newest.as_deref()).unwrap_or("");
        match &standing {
            Some((note, color)) => {
                wrapped(&mut out[first..=first], message, cols);
                wrapped(&mut out[first + 1..first + 3], note, cols);
                colors[first + 1] = *color;
                colors[first + 2] = *color;
            }
            None => {
                wrapped(&mut out[first..first + 2], message, cols);
                if let Some(stop) = drawn.stop() {
                    put(&mut out[first + 2], format_args!("{}", stop.text()));
                }
            }
        }
        done(out, colors, 1)
    }

    /// The run's facts on the first row (two when narrow).
    fn facts<H: Host>(
        &self,
        session: &Session<H>,
        wide: bool,
        out: &mut [StatusLine; STATUS_LINES],
    ) {
        let game = session.game();
        let p = game.player();
        let mut ills: heapless::String<24> = heapless::String::new();
        for (on, word) in [(p.poisoned > 0, " Poisoned"), (p.confused > 0, " Confused")] {
            if on {
                ills.push_str(word)
                    .expect("both words, 18 bytes, fit the 24");
            }
        }
        if matches!(game.state(), State::Title | State::ChooseClass) {
            put(&mut out[0], format_args!("Amulets  seed {}", game.seed()));
        } else if wide {
            put(
                &mut out[0],
                format_args!(
                    "{} #{}  HP {}/{}  Floor {}/{LAST_FLOOR}  Turn {}  Gold {}  Amulets {}{ills}",
                    p.class.name(),
                    game.seed(),
                    p.hp,
                    p.max_hp,
                    game.depth(),
                    game.turn(),
                    p.gold,
                    p.amulets
                ),
            );
        } else {
            put(
                &mut out[0],
                format_args!(
                    "HP {}/{} F{} T{}",
                    p.hp,
                    p.max_hp,
                    game.depth(),
                    game.turn()
                ),
            );
            put(
                &mut out[1],
                format_args!("${} Amulets {}{ills}", p.gold, p.amulets),
            );
        }
    }

    /// What the buttons do now, on the last row.
    fn hint<H: Host>(&self, session: &Session<H>, cols: usize) -> StatusLine {
        let game = session.game();
        let mut hint = StatusLine::new();
        match self.mode {
            Mode::Menu(i) => {
                // The names from the first that still lets the chosen one
                // show in the row (the menu is longer than 80 columns).
                // A narrow row (a phone's) shows as many as fit too: the
                // menu is a list to move along, not one word alone.
                let width = |k: usize| COMMANDS[k].name().len() + 2;
                let mut first = 0;
                while first < i && (first..=i).map(width).sum::<usize>() > cols {
                    first += 1;
                }
                let mut used = 0;
                for (k, c) in COMMANDS.iter().enumerate().skip(first) {
                    used += width(k);
                    if used > cols && k > i {
                        break;
                    }
                    let (l, r) = if k == i { ("[", "]") } else { (" ", " ") };
                    put(&mut hint, format_args!("{l}{}{r}", c.name()));
                }
            }
            Mode::Travel(_) => put(&mut hint, format_args!("Travel: press goes, B back")),
            Mode::Play => play_hint(game.state(), &mut hint),
        }
        hint
    }

    /// The smallest status, [`TINY_ROWS`] rows of `cols` (a 128 x 64
    /// panel's 32): the run's facts in short, then two rows of the newest
    /// message (while aiming or looking, what the cursor is on). The
    /// second gives way to a standing note, to what the buttons do in the
    /// menu or with the travel cursor (named as the pad in hand names
    /// them), and, under a message of one row, to why the last command
    /// stopped. A question takes the facts' row too, and the last says how
    /// to answer. The help lists the rest.
    pub fn tiny_status<H: Host>(&self, session: &Session<H>, cols: usize) -> Status {
        let cols = cols.min(STATUS_COLS);
        let (game, drawn) = (session.game(), session.drawn());
        let mut out: [StatusLine; STATUS_LINES] = core::array::from_fn(|_| StatusLine::new());
        let mut colors = first_colors(TINY_ROWS);
        colors[TINY_ROWS - 1] = palette::UNREAD_TEXT;
        out[0] = tiny_facts(game);
        if let (State::Aiming(_) | State::Looking, Some(at)) = (game.state(), drawn.look_at()) {
            wrapped(&mut out[1..TINY_ROWS], &view::describe(game, at), cols);
            return done(out, colors, 0);
        }
        let newest = view::newest(game.log());
        let message = session.notes.note().or(newest.as_deref()).unwrap_or("");
        let hint = self.tiny_hint(game.state());
        if matches!(game.state(), State::Confirming(_)) && self.mode == Mode::Play {
            // A question takes the facts' row too: it shows whole, and
            // under it how to answer.
            out[0].clear();
            wrapped(&mut out[..2], message, cols);
            colors[..2].fill(palette::UNREAD_TEXT);
            out[2] = hint;
            colors[2] = palette::DIM_TEXT;
            return done(out, colors, 1);
        }
        let hint_rows = usize::from(!hint.is_empty());
        let standing = drawn.standing_notes().next();
        let second = if !hint.is_empty() {
            colors[2] = palette::DIM_TEXT;
            Some(hint)
        } else if let Some((note, color)) = standing {
            colors[2] = color;
            let mut row = StatusLine::new();
            wrapped(core::slice::from_mut(&mut row), &note, cols);
            Some(row)
        } else {
            None
        };
        if let Some(row) = second {
            wrapped(&mut out[1..2], message, cols);
            out[2] = row;
        } else {
            wrapped(&mut out[1..TINY_ROWS], message, cols);
            // Why the last command stopped, unless the message says it.
            if out[2].is_empty()
                && let Some(stop) = drawn.stop()
                && stop.text().as_str() != message
            {
                put(&mut out[2], format_args!("{}", stop.text()));
                colors[2] = palette::DIM_TEXT;
            }
        }
        done(out, colors, hint_rows)
    }

    /// What the buttons do in the menu, with the travel cursor, or asked
    /// a question, named as the pad in hand names them; else nothing.
    fn tiny_hint(&self, state: State) -> StatusLine {
        let hands = self.shows.hands;
        let (press, b) = (view::Named(Pad::Press, hands), view::Named(Pad::B, hands));
        let mut hint = StatusLine::new();
        match self.mode {
            Mode::Menu(i) => put(&mut hint, format_args!("Menu: < {} >", COMMANDS[i].name())),
            Mode::Travel(_) => put(&mut hint, format_args!("Travel: {press} goes, {b} back")),
            Mode::Play if matches!(state, State::Confirming(_)) => {
                put(&mut hint, format_args!("{press}: yes  {b}: no"));
            }
            Mode::Play => {}
        }
        hint
    }
}

/// The run's facts in one short row: health, floor, turn, gold, Amulets,
/// and a poison or confusion.
fn tiny_facts(game: &amulets_core::game::Game) -> StatusLine {
    let p = game.player();
    let mut row = StatusLine::new();
    put(
        &mut row,
        format_args!(
            "HP {}/{} F{} T{} ${} A{}",
            p.hp,
            p.max_hp,
            game.depth(),
            game.turn(),
            p.gold,
            p.amulets
        ),
    );
    for (on, word) in [(p.poisoned > 0, " Psn"), (p.confused > 0, " Cnf")] {
        if on {
            put(&mut row, format_args!("{word}"));
        }
    }
    row
}

/// The rows of a tall status under its facts, the hint in the last:
/// what the buttons do, whole (a hint longer than a row is broken at
/// words over two, the second taken from the log's), and over it the
/// messages. How many rows the hint takes.
fn tall<H: Host>(
    session: &Session<H>,
    cols: usize,
    rows: &mut [StatusLine],
    colors: &mut [Rgb],
) -> usize {
    let last = rows.len() - 1;
    let hint = core::mem::take(&mut rows[last]);
    let hint_rows = wrap(&hint, cols).count().clamp(1, 2);
    let top = rows.len() - hint_rows;
    wrapped(&mut rows[top..], &hint, cols);
    colors[top..].fill(palette::DIM_TEXT);
    tall_messages(session, cols, &mut rows[..top], &mut colors[..top]);
    hint_rows
}

/// The message rows of a tall status, filled from the foot up: a standing
/// note last, over it the session's note, over that the log's lines, the
/// newest lowest, each broken at words and in its colour (unread lines
/// brighter). While aiming or looking, what the cursor is on, from the
/// top.
fn tall_messages<H: Host>(
    session: &Session<H>,
    cols: usize,
    rows: &mut [StatusLine],
    colors: &mut [Rgb],
) {
    let game = session.game();
    if let (State::Aiming(_) | State::Looking, Some(p)) = (game.state(), session.drawn().look_at())
    {
        wrapped(rows, &view::describe(game, p), cols);
        colors.fill(palette::UNREAD_TEXT);
        return;
    }
    let standing = session.drawn().standing_notes().next();
    let standing = standing.as_ref().map(|(l, c)| (l.as_str(), *c));
    let note = session.notes.note().map(|n| (n, palette::UNREAD_TEXT));
    let mut free = rows.len();
    let notes = standing.into_iter().chain(note);
    let mut i = 0;
    for (text, color) in notes {
        if !place((rows, colors), &mut free, (i, text, color), cols) {
            return;
        }
        i += 1;
    }
    for (text, color) in view::log_lines(game).rev() {
        if !place((rows, colors), &mut free, (i, &text, color), cols) {
            return;
        }
        i += 1;
    }
}

/// Puts the `i`th line from the bottom over the rows placed (those from
/// `free` down); false when it did not fit. Out of line: one copy for
/// the notes and the log.
#[inline(never)]
fn place(
    (rows, colors): (&mut [StatusLine], &mut [Rgb]),
    free: &mut usize,
    (i, text, color): (usize, &str, Rgb),
    cols: usize,
) -> bool {
    let parts = wrap(text, cols).count().max(1);
    // An older line that would not show whole is left out with those
    // over it; the newest shows as much as there is room for.
    if *free == 0 || (parts > *free && i > 0) {
        return false;
    }
    let parts = parts.min(*free);
    let at = *free - parts;
    wrapped(&mut rows[at..*free], text, cols);
    colors[at..*free].fill(color);
    *free = at;
    true
}

/// On the map, the buttons of a few actions, as the core's table gives
/// them (the help has them all); on a screen, how to choose.
fn play_hint(state: State, hint: &mut StatusLine) {
    let brief: &[(Action, &str)] = match state {
        State::Playing => &[(Action::Explore, "explore"), (Action::Rest, "rest")],
        State::Aiming(_) => &[
            (Action::Select, "there"),
            (Action::NextTarget, "next"),
            (Action::Cancel, "back"),
        ],
        State::Looking => &[(Action::Cancel, "back")],
        State::Confirming(_) => &[
            (Action::Confirm(true), "yes"),
            (Action::Confirm(false), "no"),
        ],
        _ => &[],
    };
    for &(action, word) in brief {
        let tables = bindings::tables(state);
        let b = tables
            .iter()
            .flat_map(|t| t.iter())
            .find(|b| b.action() == Some(Verb::Game(action)));
        for (k, way) in b.into_iter().flat_map(|b| b.pad).enumerate() {
            let or = if k == 0 { "" } else { " or " };
            put(hint, format_args!("{or}{way}"));
        }
        put(hint, format_args!(": {word}  "));
    }
    match state {
        State::Playing => put(hint, format_args!("B+dir diagonal  C more  press: act")),
        State::Aiming(_) | State::Looking => put(hint, format_args!("the switch: cursor")),
        State::Confirming(_) => {}
        _ => put(hint, format_args!("up/down choose  press takes  B back")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pad::Buttons;
    use crate::pad::tests::fighter_at_the_rat;

    type Text = heapless::String<1024>;

    /// Lines joined by a space.
    fn joined<'a>(lines: impl Iterator<Item = &'a str>) -> Text {
        let mut out = Text::new();
        for (i, l) in lines.enumerate() {
            if i > 0 {
                out.push(' ').unwrap();
            }
            out.push_str(l).unwrap();
        }
        out
    }

    #[test]
    fn a_tall_status_shows_the_newest_lines_of_the_log_whole() {
        let s = fighter_at_the_rat();
        let log = || s.game().log().lines().map(|m| m.text.as_str());
        assert!(log().count() >= 3, "{}", joined(log()));
        let status = Controls::touch().status(&s, 30, 10);
        // Two rows of facts, six of messages, the buttons' hint, whole
        // over two (it is longer than 30).
        assert_eq!(status.hint_rows, 2);
        let hint = joined(status.rows[8..10].iter().map(|r| r.as_str()));
        assert!(hint.ends_with("C more  press: act"), "{hint:?}");
        // The log's three lines take five: the one above them is empty.
        let messages = &status.rows[2..8];
        assert!(messages[0].is_empty(), "{messages:?}");
        assert!(messages[1..].iter().all(|r| !r.is_empty()), "{messages:?}");
        assert!(messages.iter().all(|r| r.len() <= 30), "{messages:?}");
        // Read back, the rows are the log's lines, each whole, in order.
        let shown = joined(messages[1..].iter().map(|r| r.as_str()));
        assert_eq!(shown, joined(log()));
        // The newest line is the lowest, in the unread colour.
        assert_eq!(status.colors[7], palette::UNREAD_TEXT);
        assert!(log().next_back().unwrap().ends_with(messages[5].as_str()));
        assert!(status.rows[8].contains("explore"), "{:?}", status.rows[8]);
        // With a row fewer, the first line's three rows no longer fit over
        // the others: it is left out whole, not cut.
        let status = Controls::touch().status(&s, 30, 8);
        let messages = &status.rows[2..6];
        assert!(messages[..2].iter().all(|r| r.is_empty()), "{messages:?}");
        let shown = joined(messages[2..].iter().map(|r| r.as_str()));
        assert_eq!(shown, joined(log().skip(1)));
    }

    /// A phone's narrow status shows C's menu as a list to move along:
    /// the chosen command and the ones after it that fit.
    #[test]
    fn a_narrow_status_shows_c_s_menu_as_a_list() {
        let mut s = fighter_at_the_rat();
        let mut c = Controls::touch();
        let only_c = Buttons {
            c: true,
            ..Buttons::NONE
        };
        c.update(&mut s, Buttons::NONE, 100_000);
        c.update(&mut s, only_c, 100_010);
        c.update(&mut s, Buttons::NONE, 100_011);
        let status = c.status(&s, 40, 8);
        let row = status.rows.iter().find(|r| r.contains("[Travel]"));
        let row = row.expect("the menu's row").as_str();
        assert!(row.starts_with("[Travel]"), "{row}");
        assert!(row.contains(COMMANDS[1].name()), "the next too: {row}");
        assert!(row.len() <= 40, "{row}");
    }

    #[test]
    fn the_board_s_rows_show_the_newest_message_alone() {
        let s = fighter_at_the_rat();
        let newest = s.game().log().last().unwrap();
        let narrow = Controls::touch().status(&s, 23, 6);
        let shown = joined(narrow.rows[2..4].iter().map(|r| r.as_str()));
        assert_eq!(shown.trim(), newest);
        let wide = Controls::touch().status(&s, 60, 4);
        assert_eq!(wide.rows[2].as_str(), newest, "wide: the newest lowest");
    }

    /// The smallest status: the facts, then the newest message whole over
    /// two rows, and the stop only when it says something else.
    #[test]
    fn the_tiny_status_says_the_newest_message_whole_and_once() {
        let s = fighter_at_the_rat();
        let c = Controls::five_keys();
        let tiny = c.tiny_status(&s, 32);
        assert!(tiny.rows[0].starts_with("HP "), "{:?}", tiny.rows);
        assert!(tiny.rows[3..].iter().all(|r| r.is_empty()));
        assert!(tiny.rows[..3].iter().all(|r| r.len() <= 32));
        let newest = s.game().log().last().unwrap();
        let shown = joined(tiny.rows[1..3].iter().map(|r| r.as_str()));
        if newest.len() <= 32 {
            // One row; the second is the stop only when it is other words.
            assert_eq!(tiny.rows[1].as_str(), newest);
            assert_ne!(tiny.rows[2].as_str(), newest, "{:?}", tiny.rows);
        } else {
            assert_eq!(shown.as_str(), newest);
        }
    }

    /// In C's menu the last row names the command chosen; asked a
    /// question, the question takes the facts' row and shows whole, and
    /// the last row names the five keys that answer.
    #[test]
    fn the_tiny_status_shows_the_menu_and_a_question_whole() {
        let mut s = fighter_at_the_rat();
        let mut c = Controls::five_keys();
        let idle = |c: &mut Controls, s: &mut Session<_>, now: u64| c.update(s, Buttons::NONE, now);
        let press = |c: &mut Controls, s: &mut Session<_>, b: Buttons, now: u64| {
            c.update(s, b, now);
            c.update(s, Buttons::NONE, now + 1);
        };
        idle(&mut c, &mut s, 100_000);
        press(
            &mut c,
            &mut s,
            Buttons {
                c: true,
                ..Buttons::NONE
            },
            100_010,
        );
        let tiny = c.tiny_status(&s, 32);
        assert_eq!(tiny.rows[2].as_str(), "Menu: < Travel >");
        // Out of the menu, to the stairs' question: a Fighter stood on
        // the stairs with the floor's Amulet not taken.
        press(
            &mut c,
            &mut s,
            Buttons {
                b: true,
                ..Buttons::NONE
            },
            100_020,
        );
        let stairs = s.game().level().stairs.unwrap();
        s.game_mut().player_mut().pos = stairs;
        s.act(Action::Descend);
        assert!(matches!(s.game().state(), State::Confirming(_)));
        let tiny = c.tiny_status(&s, 32);
        let question = s.game().log().last().unwrap();
        assert!(question.len() > 32, "{question}");
        let shown = joined(tiny.rows[..2].iter().map(|r| r.as_str()));
        assert_eq!(shown.as_str(), question);
        assert_eq!(tiny.rows[2].as_str(), "select: yes  select+down: no");
    }
}
