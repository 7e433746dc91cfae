//! What a shell draws of a session, read and never changed: the screen
//! over the map (one way to get any screen: the question, the hall of
//! fame, a record, the title's, the game's), the side panel, the map's
//! scene with its way and cursor, and where a camera looks. A [`Drawn`]
//! reads the session's parts (`Session::drawn` makes one); it adds
//! nothing to the session.
//!
//! A part of the session's folder, not of `view`: the record screens and
//! the session's parts come together here, and `fame` and `morgue` are
//! read by the session and read `view` themselves, so a `view` that read
//! them back would close a circle of modules. It names the parts, never
//! the session, so no circle closes through `mod.rs` either.

use super::annals::Overlay;
use super::host::Host;
use super::keyboard::Keyboard;
use super::notes::Notes;
use super::prefs::Prefs;
use super::run::Run;
use super::saving::Saved;
use crate::bindings::{self, Context};
use crate::store::{Fame, Records};
use crate::view::{self, Lines, Scene, Screen};
use amulets_core::game::State;
use amulets_core::geom::Point;
use amulets_core::text::{Line, line};

/// A session as a shell draws it: its parts, read.
pub struct Drawn<'a, H: Host> {
    run: &'a Run<H>,
    prefs: &'a Prefs,
    notes: &'a Notes,
    keyboard: &'a Keyboard,
    demo: bool,
}

impl<'a, H: Host> Drawn<'a, H> {
    /// The parts a shell draws: the run, the preferences, the notes, the
    /// keyboard, and whether the bot plays (`Session::drawn`).
    pub(super) fn new(
        run: &'a Run<H>,
        prefs: &'a Prefs,
        notes: &'a Notes,
        keyboard: &'a Keyboard,
        demo: bool,
    ) -> Self {
        Drawn {
            run,
            prefs,
            notes,
            keyboard,
            demo,
        }
    }

    fn game(&self) -> &'a amulets_core::game::Game {
        self.run.game()
    }

    /// Whatever screen is over the map (the question first), or `None`;
    /// the session's note, when there is one, under its lines.
    pub fn screen(&self) -> Option<Screen> {
        let (run, prefs) = (self.run, self.prefs);
        let mut screen = match run.starts().question() {
            Some((question, (title, words))) => view::question_screen(
                line(format_args!("{title}")),
                question.clone(),
                (prefs.keymap(), Context::Abandon),
                (&bindings::ABANDON, words),
            ),
            None => match run.annals().overlay() {
                Some(Overlay::Hall(table)) => {
                    crate::fame::screen(run.store().hall(), table, prefs.keymap())
                }
                Some(Overlay::Record(page)) => crate::morgue::screen(
                    run.store().record().unwrap_or_default(),
                    page,
                    prefs.keymap(),
                ),
                Some(Overlay::Messages) => view::messages_screen(self.game()),
                Some(Overlay::Automation) => {
                    view::automation_screen(prefs.automation(), prefs.keymap())
                }
                None => {
                    let offers = view::Offers {
                        saved_run: matches!(run.saving().saved(), Saved::Run(_)),
                        today: run.starts().today(),
                        record: run.store().has_record(),
                        palette: prefs.palette(),
                    };
                    view::screen(self.game(), offers, prefs.shows(), prefs.keymap())?
                }
            },
        };
        if let Some(note) = self.notes.note() {
            screen.note(note, amulets_core::color::palette::DEBUG);
        }
        Some(screen)
    }

    /// What the map shows: the way a click would go or the line of fire,
    /// and the cursor, over the run's cells.
    pub fn scene(&self) -> Scene<'a> {
        Scene::new(self.game(), self.juice())
            .with_way(self.route().into_iter().chain(self.aim_line()))
            .with_cursor(self.cursor())
            .with_camera(self.keyboard.camera())
    }

    /// The side panel, top to bottom: the run's facts, the session's
    /// standing lines (while this game does not save, while the bot
    /// plays), then, each after an empty line, why the last command
    /// stopped and the session's note (on the panel while no screen is up,
    /// which shows it itself).
    pub fn panel(&self) -> Lines {
        let mut lines = self.standing_panel();
        let mut add = |text: Line, color| {
            if lines.len() + 2 <= view::PANEL_LINES {
                lines
                    .push((Line::new(), color))
                    .and_then(|()| lines.push((text, color)))
                    .expect("two fit: checked above");
            }
        };
        if let Some(stop) = self.stop() {
            add(stop.text(), amulets_core::color::palette::DIM_TEXT);
        }
        if let Some([first, second]) = self.hint() {
            let color = amulets_core::color::palette::HIGHLIGHT;
            add(first, color);
            if lines.len() < view::PANEL_LINES {
                lines.push((second, color)).expect("room: checked above");
            }
        }
        let screen_up = self.run.asking() || view::screen_over_map(self.game());
        if let Some(note) = self.notes.note().filter(|_| !screen_up) {
            // After an empty line, every word of it: a long note (a path)
            // is more than one line.
            let color = amulets_core::color::palette::DEBUG;
            let parts = view::line_parts(note).count();
            if lines.len() + 1 + parts <= view::PANEL_LINES {
                lines
                    .push((Line::new(), color))
                    .expect("room for it: checked above");
                for part in view::line_parts(note) {
                    lines
                        .push((part, color))
                        .expect("room for every part: checked above");
                }
            }
        }
        lines
    }

    /// The lines a small screen shows in its few rows, besides the run's
    /// facts and the log: while this game does not save, why, on one line;
    /// a test's note.
    pub fn standing_notes(
        &self,
    ) -> impl Iterator<Item = (Line, amulets_core::color::Rgb)> + use<'a, H> {
        let test = self.notes.test_note().cloned();
        let hurt = amulets_core::color::palette::HURT;
        self.not_saving_line()
            .into_iter()
            .chain(test)
            .map(move |l| (l, hurt))
    }

    /// The panel's facts and standing lines.
    fn standing_panel(&self) -> Lines {
        let mut lines = view::panel(self.game());
        let mut warn = |text: Line| {
            lines
                .push((text, amulets_core::color::palette::HURT))
                .expect("the panel's lines are far fewer than its room");
        };
        if let Some(note) = self.notes.test_note() {
            warn(note.clone());
        }
        for text in self.run.saving().trouble_lines().into_iter().flatten() {
            warn(text);
        }
        if self.demo {
            for text in [
                line(format_args!("The bot plays.")),
                line(format_args!("A key takes over.")),
            ] {
                lines
                    .push((text, amulets_core::color::palette::HIGHLIGHT))
                    .expect("the panel's lines are far fewer than its room");
            }
        }
        lines
    }

    /// Why this game does not save, on one line, for as long as it does
    /// not: what the panel says over two ("Not saving: another game holds
    /// the save."). A shell with no room for the panel shows this.
    pub fn not_saving_line(&self) -> Option<Line> {
        self.run.saving().trouble_line()
    }

    /// What a camera follows: the cursor while it is out, else the player
    /// (the scene's focus, without working out the rest of the scene).
    pub fn focus(&self) -> Point {
        self.cursor().unwrap_or(self.game().player().pos)
    }

    /// The aiming or looking cursor, while it is out.
    pub fn cursor(&self) -> Option<Point> {
        matches!(self.game().state(), State::Aiming(_) | State::Looking)
            .then(|| self.game().cursor())
            .filter(|_| !self.run.asking() && !self.run.cave_shown())
    }

    /// The line of fire to show while aiming (none while F6's cave is
    /// shown).
    pub fn aim_line(&self) -> heapless::Vec<Point, { amulets_core::game::RANGE }> {
        match self.game().state() {
            State::Aiming(_) if !self.run.cave_shown() => self.game().aim_line(),
            _ => heapless::Vec::new(),
        }
    }

    /// The cell the look panel names: the cursor's while aiming or
    /// looking, else the one under the mouse while playing.
    pub fn look_at(&self) -> Option<Point> {
        match self.game().state() {
            _ if self.run.asking() => None,
            State::Playing => self.keyboard.hovered(),
            _ => self.cursor(),
        }
    }

    /// The way a click would travel, to show under the mouse: while
    /// playing with nothing running, the cells after the player's.
    pub fn route(&self) -> heapless::Vec<Point, { amulets_core::game::command::MAX_ROUTE }> {
        match self.keyboard.hovered() {
            Some(p)
                if self.game().state() == State::Playing
                    && !self.game().command_running()
                    && !self.run.asking()
                    && !self.run.cave_shown() =>
            {
                self.game().route_to(p)
            }
            _ => heapless::Vec::new(),
        }
    }

    /// Why the last command stopped or was refused, while it holds
    /// ([`Notes::stop`](crate::session::Notes::stop)).
    pub fn stop(&self) -> Option<amulets_core::game::command::Stop> {
        self.notes.stop(self.game())
    }

    /// Where to search when explore has seen all it can and the way on is
    /// unfound ([`Notes::hint`](crate::session::Notes::hint)).
    pub fn hint(&self) -> Option<[Line; 2]> {
        self.notes.hint(self.game(), self.prefs)
    }

    /// The hall of fame's table shown, if it is up.
    pub fn hall_shown(&self) -> Option<crate::fame::Table> {
        match self.run.annals().overlay() {
            Some(Overlay::Hall(t)) => Some(t),
            _ => None,
        }
    }

    /// The animations to draw; none while F6's cave is shown, which
    /// nothing of the run is drawn over.
    pub fn juice(&self) -> Option<&'a crate::juice::Juice> {
        (!self.run.cave_shown()).then_some(self.run.tempo().juice())
    }
}
