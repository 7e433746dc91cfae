//! A pad: a five-way switch (four directions and a press) and three
//! buttons, A, B and C. The board has one; a gamepad or a phone's
//! on-screen pad plays the same way. What each button gives on the map is
//! the binding table's [`Pad`] column; what is the pad's own lives here: B
//! held turns a direction to a diagonal, C opens a menu of commands, a
//! cursor to travel to, a screen's chosen line, and the log read back.
//! [`Controls`] turns the buttons into the session's presses and says what
//! to show: the scene with its travel cursor, the chosen line, the status.

mod buttons;
mod five;
mod menu;
mod status;

pub use buttons::Buttons;
pub use five::{CHORD_MS, FiveKeys, HOLD_MS};
pub use menu::{COMMANDS, MenuEntry};
pub use status::TINY_ROWS;
pub use status::{STATUS_COLS, STATUS_LINES, Status, StatusLine};

use crate::bindings::{self, Does, Pad, Underfoot};
use crate::session::Host;
use crate::session::Session;
use crate::view::{self, Paging, Scene, Shows};
use amulets_core::game::State;
use amulets_core::geom::Point;
use amulets_core::input::{Action, Key};
use amulets_core::map::Map;

/// What a shell played with a pad shows: its help lists the buttons.
pub const SHOWS: Shows = Shows {
    tiles: false,
    buttons: true,
    hands: view::Hands::Board,
    quits: true,
};

/// What the buttons are doing besides playing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Playing, or choosing on a screen.
    Play,
    /// C's menu is open on a command.
    Menu(usize),
    /// The travel cursor is out.
    Travel(Point),
}

/// The pad's own state, beside the session's.
#[derive(Clone, Debug)]
pub struct Controls {
    mode: Mode,
    /// The chosen line of a screen (counting its choices only).
    choice: usize,
    /// The first line of a screen shown, when it has more lines than the
    /// display holds: it follows the choice.
    scroll: usize,
    /// The screen the choice belongs to: the state, whether "a new run?"
    /// is asked, whether a screen of the session's own (the hall, a
    /// record) is up.
    seen_screen: Option<(State, bool, bool)>,
    before: Buttons,
    /// The direction key pressed for the switch, until let go.
    direction: Option<Key>,
    /// B as pressed on the map, while it is held: whether it has turned a
    /// direction (then its own action is not taken when it is let go).
    b_held: Option<bool>,
    /// What the session's help lists: a board's buttons, or a gamepad's.
    shows: Shows,
}

impl Default for Controls {
    fn default() -> Self {
        Controls::new()
    }
}

impl Controls {
    /// Nothing pressed, playing.
    pub const fn new() -> Controls {
        Controls {
            mode: Mode::Play,
            choice: 0,
            scroll: 0,
            seen_screen: None,
            before: Buttons::NONE,
            direction: None,
            b_held: None,
            shows: SHOWS,
        }
    }

    /// A gamepad's controls: as a board's, in a shell with tiles, its help
    /// naming a gamepad's buttons.
    pub const fn gamepad() -> Controls {
        let mut c = Controls::new();
        c.shows = Shows {
            tiles: true,
            buttons: true,
            hands: view::Hands::Gamepad,
            quits: true,
        };
        c
    }

    /// A touch screen's pad (the page's on a phone): as a board's, in a
    /// shell with tiles, its help naming the board's buttons, which the
    /// on-screen pad copies; a page, so no quit.
    pub const fn touch() -> Controls {
        let mut c = Controls::new();
        c.shows = Shows {
            tiles: true,
            buttons: true,
            hands: view::Hands::Board,
            quits: false,
        };
        c
    }

    /// Five keys' controls (a kit's keypad, through [`FiveKeys`]): as a
    /// board's, its help naming the five keys.
    pub const fn five_keys() -> Controls {
        let mut c = Controls::new();
        c.shows.hands = view::Hands::FiveKeys;
        c
    }

    /// A gamepad's Y: the help, where the keys have one (playing, the
    /// title), by its key in force.
    pub fn help<H: Host>(&mut self, session: &mut Session<H>) {
        self.named_key(session, Action::Help);
    }

    /// A gamepad's Start: the menu, while playing, by its key in force.
    pub fn start<H: Host>(&mut self, session: &mut Session<H>) {
        self.named_key(session, Action::Menu);
    }

    /// Taps the key in force of the binding a map names by `action` here,
    /// when there is one; a running command is stopped instead, as by any button.
    fn named_key<H: Host>(&mut self, session: &mut Session<H>, action: Action) {
        session.prefs.set_shows(self.shows);
        if session.game().command_running() {
            tap(session, Key::Escape);
            return;
        }
        let context = session.context();
        let key = bindings::tables_in(context)
            .into_iter()
            .flatten()
            .find(|b| b.name == Some(action.into()))
            .and_then(|b| session.prefs.keymap().first_key(context, b));
        if let Some(k) = key {
            self.mode = Mode::Play;
            tap(session, k);
        }
    }

    /// What the buttons are doing besides playing.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The chosen line of the screen shown (counting its choices only).
    pub fn choice(&self) -> usize {
        self.choice
    }

    /// What the map shows: the session's scene, or, while the travel
    /// cursor is out, the way to it and the cursor.
    pub fn scene<'a, H: Host>(&self, session: &'a Session<H>) -> Scene<'a> {
        match self.mode {
            Mode::Travel(c) => Scene::new(session.game(), session.drawn().juice())
                .with_way(session.game().route_to(c))
                .with_cursor(Some(c))
                .with_camera(session.keyboard().camera()),
            _ => session.drawn().scene(),
        }
    }

    /// The buttons as they are now, at `now` milliseconds, handed to the
    /// session: a button acts when pressed (the session repeats a held
    /// direction, and steps a running command on time). A button pressed
    /// while a command runs stops it and does nothing else.
    pub fn update<H: Host>(&mut self, session: &mut Session<H>, buttons: Buttons, now: u64) {
        // A session played with a pad shows a pad's help.
        session.prefs.set_shows(self.shows);
        session.tick(now);
        let mut new = buttons.newly(self.before);
        let b_let_go = self.before.b && !buttons.b;
        self.before = buttons;
        if buttons.direction().is_none()
            && let Some(k) = self.direction.take()
        {
            session.release(k);
        }
        if session.game().command_running() {
            if new.any() {
                // Any key stops it; which one does not matter. Let go at
                // once, so nothing is held down to repeat after.
                tap(session, Key::Escape);
            }
            return;
        }
        self.follow_the_screen(session);
        // On the map (playing, aiming, looking), B held turns a direction
        // by 45 degrees, for the diagonals the switch cannot give; B's own
        // action is then taken when it is let go, unless it turned one.
        let on_map = matches!(self.mode, Mode::Play)
            && !session.run().asking()
            && matches!(
                session.game().state(),
                State::Playing | State::Aiming(_) | State::Looking
            );
        if on_map {
            // B counts when let go, if it was pressed here on the map (not
            // to close a menu) and turned no direction.
            if new.b {
                self.b_held = Some(false);
            }
            new.b = b_let_go && self.b_held == Some(false);
        }
        if b_let_go {
            self.b_held = None;
        }
        if !new.any() {
            return;
        }
        let dir = if new.up || new.down || new.left || new.right {
            match buttons.direction() {
                Some(d) if on_map && buttons.b => {
                    self.b_held = Some(true);
                    Some(Buttons::turned(d))
                }
                d => d,
            }
        } else {
            None
        };
        match self.mode {
            Mode::Menu(i) => self.menu(session, new, i),
            Mode::Travel(cursor) => self.travel(session, new, dir, cursor),
            Mode::Play => self.play(session, new, dir),
        }
    }

    /// A new screen (another state, the question, the hall) starts its
    /// list at the top, the messages at their newest; one over the map
    /// closes the pad's own menus.
    fn follow_the_screen<H: Host>(&mut self, session: &Session<H>) {
        let overlay = session.run().annals().overlay();
        let seen = (
            session.game().state(),
            session.run().asking(),
            overlay.is_some(),
        );
        if self.seen_screen != Some(seen) {
            self.seen_screen = Some(seen);
            self.choice = 0;
            self.scroll = match overlay {
                // The window stops at the last row.
                Some(crate::session::Overlay::Messages) => usize::MAX,
                _ => 0,
            };
            if seen != (State::Playing, false, false) {
                self.mode = Mode::Play;
            }
        }
    }

    /// A direction pressed: held until the switch is let go.
    fn press_direction<H: Host>(&mut self, session: &mut Session<H>, key: Key) {
        // The direction's key in force: a keymap may have given the
        // arrow to something else.
        let key = amulets_core::input::direction(key)
            .and_then(|d| session.prefs.keymap().direction_key(session.context(), d))
            .unwrap_or(key);
        if let Some(old) = self.direction.replace(key) {
            session.release(old);
        }
        session.press(key);
    }

    fn menu<H: Host>(&mut self, session: &mut Session<H>, new: Buttons, i: usize) {
        let n = COMMANDS.len();
        if new.left || new.up {
            self.mode = Mode::Menu((i + n - 1) % n);
        } else if new.right || new.down {
            self.mode = Mode::Menu((i + 1) % n);
        } else if new.b || new.c {
            self.mode = Mode::Play;
        } else if new.press || new.a {
            self.mode = Mode::Play;
            let MenuEntry(b, _) = COMMANDS[i];
            if b.does == Does::Click {
                self.mode = Mode::Travel(session.game().player().pos);
            } else if let Some(k) = session.prefs.keymap().first_key(session.context(), b) {
                tap(session, k);
            }
        }
    }

    fn travel<H: Host>(
        &mut self,
        session: &mut Session<H>,
        new: Buttons,
        dir: Option<Key>,
        cursor: Point,
    ) {
        if let Some(d) = dir.and_then(amulets_core::input::direction) {
            let p = cursor.step(d);
            if Map::in_bounds(p) {
                self.mode = Mode::Travel(p);
            }
        } else if new.press || new.a {
            self.mode = Mode::Play;
            session.act(Action::TravelTo(cursor));
        } else if new.b || new.c {
            self.mode = Mode::Play;
        }
    }

    fn play<H: Host>(&mut self, session: &mut Session<H>, new: Buttons, dir: Option<Key>) {
        let state = session.game().state();
        if session.run().asking() {
            return self.choose(session, new);
        }
        if !matches!(
            state,
            State::Playing | State::Aiming(_) | State::Looking | State::Confirming(_)
        ) {
            return self.choose(session, new);
        }
        // On the map and asked a question, the core's table says what each
        // button gives (`Pad`); C opens the menu of commands while playing.
        let game = session.game();
        let under = Underfoot::of(game.level(), game.player().pos);
        let given = if let Some(k) = dir {
            if bindings::for_pad(state, Pad::Switch, under).is_some() {
                self.press_direction(session, k);
            }
            return;
        } else if new.press {
            Pad::Press
        } else if new.a {
            Pad::A
        } else if new.b {
            Pad::B
        } else if new.c {
            Pad::C
        } else {
            return;
        };
        let key = bindings::for_pad(state, given, under)
            .and_then(|b| session.prefs.keymap().first_key(session.context(), b));
        match key {
            Some(k) => tap(session, k),
            None if given == Pad::C && state == State::Playing => self.mode = Mode::Menu(0),
            None => {}
        }
    }

    /// A screen of choices: up and down choose among the lines that can be
    /// chosen, the press takes one (its key, as the screen gives it), B
    /// goes back. A screen with nothing to choose, or one thing, scrolls
    /// with up and down, and the press closes it or takes its choice.
    fn choose<H: Host>(&mut self, session: &mut Session<H>, new: Buttons) {
        let Some(keys) = screen_keys(session) else {
            return;
        };
        let n = keys.len();
        if n <= 1 && (new.up || new.down) {
            // Nothing to choose (the help), or one thing (a run's end):
            // up and down scroll a line; the window keeps the scroll on
            // the screen, and the press takes the one choice wherever it is.
            self.scroll = if new.up {
                self.scroll.saturating_sub(1)
            } else {
                self.scroll + 1
            };
        } else if new.up {
            self.choice = (self.choice + n - 1) % n;
        } else if new.down {
            self.choice = (self.choice + 1) % n;
        } else if new.press || new.a {
            let key = keys.get(self.choice).copied().unwrap_or(Key::Enter);
            tap(session, key);
        } else if new.b {
            tap(session, Key::Escape);
        }
    }

    /// The next window of a screen shows its last lines (the messages,
    /// opened otherwise than by the pad's menu, on their newest).
    pub fn show_the_end(&mut self) {
        self.scroll = usize::MAX;
    }

    /// The lines of a screen that fit in `rows` under its title (in lines,
    /// not rows), and the chosen line: all of them, or, when there are
    /// more, a window of them that holds the chosen line, and a last row
    /// saying there is more (`Paging::more`, `Scroll::Choice`).
    pub fn window(&mut self, lines: &[view::Entry], rows: usize) -> (Paging, Option<usize>) {
        self.window_by(lines, rows, |_| 1)
    }

    /// `window`, for lines that take `height` rows each (a line broken at
    /// spaces to fit the display): the lines shown take at most `rows`
    /// rows, or `rows - 1` and the row saying there is more. With the last
    /// choice chosen, the window shows down to the screen's end (a note
    /// under the choices).
    pub fn window_by(
        &mut self,
        lines: &[view::Entry],
        rows: usize,
        height: impl Fn(&view::Entry) -> usize,
    ) -> (Paging, Option<usize>) {
        let choices = lines.iter().filter(|e| e.choosable()).count();
        let chosen = lines
            .iter()
            .enumerate()
            .filter(|(_, e)| e.choosable())
            .nth(self.choice)
            .map(|(i, _)| i);
        if lines.iter().map(&height).sum::<usize>() <= rows {
            self.scroll = 0;
            let all = Paging {
                first: 0,
                shown: lines.len(),
                total: lines.len(),
            };
            return (all, chosen);
        }
        let room = rows.saturating_sub(1).max(1);
        // How many lines from `first` fit the room (one at least).
        let fits = |first: usize| {
            let mut used = 0;
            let n = lines[first..]
                .iter()
                .take_while(|e| {
                    used += height(e);
                    used <= room
                })
                .count();
            n.max(1).min(lines.len() - first)
        };
        // The last window: the first line from which the rest fits.
        let mut last = lines.len() - 1;
        while last > 0 && fits(last - 1) == lines.len() - (last - 1) {
            last -= 1;
        }
        // With one choice or none, the scroll is the buttons' own (up and
        // down move it): a choice needs no following then, and what is
        // above it (a run's end's words) stays within reach.
        if let Some(line) = chosen.filter(|_| choices > 1) {
            if self.choice == 0 && line < fits(0) {
                // Back at the first choice: the lines above it too.
                self.scroll = 0;
            } else if self.choice + 1 == choices {
                // At the last: down to the end.
                self.scroll = last.min(line);
            } else if line < self.scroll {
                self.scroll = line;
            } else {
                while line >= self.scroll + fits(self.scroll) {
                    self.scroll += 1;
                }
            }
        }
        self.scroll = self.scroll.min(last);
        let window = Paging {
            first: self.scroll,
            shown: fits(self.scroll),
            total: lines.len(),
        };
        (window, chosen)
    }
}

/// The keys of the choices of the screen shown, if one is. Out of line,
/// so the screen is not in the frame of `choose`, under the turn a choice
/// may take (a new run's floor made, on a board's small stack).
#[inline(never)]
fn screen_keys<H: Host>(session: &Session<H>) -> Option<heapless::Vec<Key, { view::PANEL_LINES }>> {
    let screen = session.drawn().screen()?;
    Some(
        (screen.entries.iter())
            .filter(|e| e.choosable())
            .filter_map(|e| e.key)
            .collect(),
    )
}

/// Presses a key and lets it go at once (the buttons that are no key held
/// down).
fn tap<H: Host>(session: &mut Session<H>, key: Key) {
    session.press(key);
    session.release(key);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Start;
    use crate::store::NoStore;
    use amulets_core::player::Class;

    /// Seed 42's Fighter explored to the book's first rat: three lines of
    /// log, the first longer than a phone's row.
    pub(super) fn fighter_at_the_rat() -> Session<(NoStore, (), impl FnMut() -> u32)> {
        let start = Start {
            seed: Some(42),
            class: Some(Class::Fighter),
            ..Start::default()
        };
        let mut s = Session::new(NoStore, (), || 7, start);
        s.press(Key::Char('o'));
        let mut now = 0;
        while s.game().command_running() {
            now += s.wait().unwrap_or(1).max(1);
            s.tick(now);
        }
        s
    }

    /// C's menu, Log: the messages open at their newest, the window over
    /// their last lines, as M opens them.
    #[test]
    fn the_menu_s_log_opens_the_messages_at_their_newest() {
        let mut s = fighter_at_the_rat();
        // Past the explore's own clock.
        let mut now = 1_000_000;
        let mut c = Controls::new();
        let mut press = |s: &mut Session<_>, b: Buttons| {
            now += 1000;
            c.update(s, b, now);
            c.update(s, Buttons::NONE, now + 1);
        };
        press(
            &mut s,
            Buttons {
                c: true,
                ..Buttons::NONE
            },
        );
        // Left from the first command wraps round to the last, Log.
        press(
            &mut s,
            Buttons {
                left: true,
                ..Buttons::NONE
            },
        );
        press(
            &mut s,
            Buttons {
                press: true,
                ..Buttons::NONE
            },
        );
        let screen = s.drawn().screen().expect("the messages");
        assert!(screen.title.starts_with("The messages"), "{}", screen.title);
        let lines = screen.entries.len();
        assert!(lines > 2, "{lines} lines");
        let (window, _) = c.window(&screen.entries, 2);
        assert_eq!(window.first + window.shown, lines, "{window:?}");
    }
}
