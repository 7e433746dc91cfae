//! The few rows of status a small screen played with a pad shows under
//! its map: the run's facts, the newest message or what the cursor is on,
//! the session's standing notes, and what the buttons do now.

use super::{COMMANDS, Controls, Mode};
use crate::bindings::{self, Verb};
use crate::recorder::Recorder;
use crate::session::Session;
use crate::store::Store;
use crate::view::{self, wrap};
use amulets_core::color::{Rgb, palette};
use amulets_core::game::State;
use amulets_core::input::Action;
use amulets_core::rules::LAST_FLOOR;

/// Characters a status row holds, at most (a 320-pixel display's 80).
pub const STATUS_COLS: usize = 80;
/// Status rows, at most.
pub const STATUS_LINES: usize = 6;

/// A status row's words.
pub type StatusLine = heapless::String<STATUS_COLS>;

/// The status rows and their colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The rows, top to bottom (the unused ones empty).
    pub rows: [StatusLine; STATUS_LINES],
    /// Each row's colour.
    pub colors: [Rgb; STATUS_LINES],
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
    /// ones for a display under 60 characters across.
    pub fn status<S: Store, R: Recorder, E: FnMut() -> u32>(
        &self,
        session: &Session<S, R, E>,
        cols: usize,
        rows: usize,
    ) -> Status {
        let cols = cols.min(STATUS_COLS);
        let rows = rows.clamp(4, STATUS_LINES);
        let wide = cols >= 60;
        let game = session.game();
        let mut out: [StatusLine; STATUS_LINES] = core::array::from_fn(|_| StatusLine::new());
        let mut colors = [palette::UNREAD_TEXT; STATUS_LINES];
        colors[0] = palette::TEXT;
        colors[rows - 1] = palette::DIM_TEXT;
        self.facts(session, wide, &mut out);
        let hint_row = rows - 1;
        out[hint_row] = self.hint(session, cols, wide);
        let first = if wide { 1 } else { 2 };
        // While aiming or looking, the words of the cell under the cursor
        // (what is there, the target's name) take the message rows.
        if let (State::Aiming(_) | State::Looking, Some(p)) = (game.state(), session.look_at()) {
            wrapped(&mut out[first..first + 2], &view::describe(game, p), cols);
            return Status { rows: out, colors };
        }
        let standing = session.standing_notes().next();
        if wide {
            // The two newest lines, the newest last (the session's note,
            // when there is one, is the newest); a stop is said in the log
            // too, so it needs no row of its own here. A standing note
            // stands on the lower row, the newest line over it.
            let mut newest = game.log().lines().rev().map(|m| m.text.as_str());
            let (older, last) = match session.note() {
                Some(n) => (newest.next(), Some(n)),
                None => {
                    let last = newest.next();
                    (newest.next(), last)
                }
            };
            let (upper, lower) = match &standing {
                Some((note, color)) => {
                    colors[2] = *color;
                    (last, Some(note.as_str()))
                }
                None => (older, last),
            };
            put(&mut out[1], format_args!("{}", upper.unwrap_or("")));
            put(&mut out[2], format_args!("{}", lower.unwrap_or("")));
            return Status { rows: out, colors };
        }
        // Narrow: the newest message (the session's note before the
        // log's) over two rows, then why the last command stopped. A
        // standing note takes the message's second row and the stop's.
        let message = session.note().or(game.log().last()).unwrap_or("");
        match &standing {
            Some((note, color)) => {
                wrapped(&mut out[first..=first], message, cols);
                wrapped(&mut out[first + 1..first + 3], note, cols);
                colors[first + 1] = *color;
                colors[first + 2] = *color;
            }
            None => {
                wrapped(&mut out[first..first + 2], message, cols);
                if let Some(stop) = session.stop() {
                    put(&mut out[first + 2], format_args!("{}", stop.text()));
                }
            }
        }
        Status { rows: out, colors }
    }

    /// The run's facts on the first row (two when narrow).
    fn facts<S: Store, R: Recorder, E: FnMut() -> u32>(
        &self,
        session: &Session<S, R, E>,
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
    fn hint<S: Store, R: Recorder, E: FnMut() -> u32>(
        &self,
        session: &Session<S, R, E>,
        cols: usize,
        wide: bool,
    ) -> StatusLine {
        let game = session.game();
        let mut hint = StatusLine::new();
        match self.mode {
            Mode::Menu(i) => {
                // The names from the first that still lets the chosen one
                // show in the row (the menu is longer than 80 columns).
                let width = |k: usize| COMMANDS[k].name().len() + 2;
                let mut first = 0;
                while first < i && (first..=i).map(width).sum::<usize>() > cols {
                    first += 1;
                }
                for (k, c) in COMMANDS.iter().enumerate().skip(first) {
                    if !wide && k != i {
                        continue;
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
