//! The session's face to a shell: what a shell sets as it starts (the
//! day, the autosave, the keys, the palette, what it can show) and what it
//! reads of the session besides the picture ([`crate::drawn`]).

use super::{Autosave, Overlay, Saved, Saving, Session};
use crate::fame::Table;
use crate::juice::Juice;
use crate::keymap::Keymap;
use crate::palettes::Palette;
use crate::recorder::Recorder;
use crate::store::Store;
use crate::view::Shows;
use amulets_core::daily::Day;
use amulets_core::game::{Game, State};
use amulets_core::geom::Point;
use amulets_core::input::Action;
use amulets_core::text::Line;

impl<S: Store, R: Recorder, E: FnMut() -> u32> Session<S, R, E> {
    /// The day, from the shell's clock: the title offers its dungeon (T).
    pub fn set_today(&mut self, day: Day) {
        self.today = Some(day);
    }

    /// The hall of fame's table shown, if it is up.
    pub fn hall_shown(&self) -> Option<Table> {
        match self.annals.overlay() {
            Some(Overlay::Hall(t)) => Some(t),
            _ => None,
        }
    }

    /// The screen of the session's own that is up, if one is.
    pub fn overlay(&self) -> Option<Overlay> {
        self.annals.overlay()
    }

    /// For a shell whose keys report no repeats (a board's buttons): a key
    /// held down repeats every `REPEAT_MS` after `REPEAT_DELAY_MS`.
    pub fn repeat_held_keys(&mut self, on: bool) {
        self.repeats_held_keys = on;
    }

    /// When the run is saved besides its arrivals ([`Autosave::OFTEN`] unless
    /// a shell says otherwise).
    pub fn set_autosave(&mut self, autosave: Autosave) {
        self.saving.set_autosave(autosave);
    }

    /// F2's view to begin with.
    pub fn set_tiles(&mut self, on: bool) {
        self.tiles = on;
    }

    /// What the shell can show (tiles, a pad's buttons), which its help
    /// lists.
    pub fn set_shows(&mut self, shows: Shows) {
        self.shows = shows;
    }

    /// Puts a line of the test's on the panel and on a small screen's
    /// status, as the session's own notes are.
    #[cfg(any(test, feature = "test-support"))]
    pub fn add_test_note(&mut self, text: &str) {
        self.test_note = Some(amulets_core::text::line(format_args!("{text}")));
    }

    /// The run.
    pub fn game(&self) -> &Game {
        &self.game
    }
    /// The animations to draw; none while F6's cave is shown, which
    /// nothing of the run is drawn over.
    pub fn juice(&self) -> Option<&Juice> {
        (!self.cave_shown()).then_some(&self.juice)
    }
    /// True while F6 shows a cave in place of the floor.
    pub fn cave_shown(&self) -> bool {
        self.game.debug().cave.is_some()
    }
    /// The shell's store.
    pub fn store(&self) -> &S {
        &self.store
    }
    /// The shell's recorder.
    pub fn recorder(&self) -> &R {
        &self.recorder
    }
    /// The store, the recorder and the seeds back, as the session ends
    /// (a board starts the next at its title with them).
    pub fn into_parts(self) -> (S, R, E) {
        (self.store, self.recorder, self.seeds)
    }
    /// The map cell under the mouse.
    pub fn hovered(&self) -> Option<Point> {
        self.hover
    }
    /// Whether the tile view is on (F2).
    pub fn tiles(&self) -> bool {
        self.tiles
    }
    /// What the store holds.
    pub fn saved(&self) -> Saved {
        self.saving.saved()
    }
    /// True when this session does not save (another game holds the store).
    pub fn not_saving(&self) -> bool {
        !self.saving.saves()
    }
    /// A line the session says outside the log: a save that failed, one
    /// set aside, no saved run to continue. Gone at the next key.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }
    /// Why the last command stopped or was refused, while it holds: from
    /// the input that made it until a turn passes or the floor changes.
    /// ("Not with a bat in view." is gone once a turn has passed, "Arrived."
    /// on the next floor.)
    pub fn stop(&self) -> Option<amulets_core::game::command::Stop> {
        let here = (self.game.turn(), self.game.depth());
        self.game.last_stop().filter(|_| self.stop_at == Some(here))
    }
    /// What the panel says when explore has seen all it can and the way on
    /// is still unfound (the stairs; on the last floor, the Amulet): that
    /// a secret door hides it, where to search, and the key. Gone once the
    /// way is found, a secret door turns up, or the floor changes.
    pub fn hint(&self) -> Option<[Line; 2]> {
        let game = &self.game;
        // Cheap first: a panel is drawn every frame.
        if self.sealed != Some(game.depth()) || game.state() != State::Playing {
            return None;
        }
        let level = game.level();
        let wanted = if game.depth() < amulets_core::rules::LAST_FLOOR {
            game.known_stairs().is_none().then_some("the stairs")
        } else {
            let unseen = |i: &amulets_core::item::FloorItem| {
                i.item.kind == amulets_core::item::kinds::AMULET && !i.seen
            };
            level.items.iter().any(unseen).then_some("the Amulet")
        }?;
        let spot = crate::view::where_to_search(game);
        let key = match self.playing_key(Action::KeepSearching) {
            Some(amulets_core::input::Key::Char(c)) => c,
            _ => 'e',
        };
        Some([
            amulets_core::text::line(format_args!(
                "No way to {wanted} is known: a secret door hides it."
            )),
            match spot {
                crate::view::SearchSpot::DeadEnd(p) => {
                    let me = game.player().pos;
                    let steps = (p.x - me.x).abs().max((p.y - me.y).abs());
                    let way = amulets_core::geom::Dir::from_delta(
                        (p.x - me.x).signum(),
                        (p.y - me.y).signum(),
                    )
                    .map_or("here", amulets_core::geom::Dir::word);
                    amulets_core::text::line(format_args!(
                        "Search where a corridor ends, {steps} steps {way} ({key} searches until something turns up)."
                    ))
                }
                crate::view::SearchSpot::Side(side) => amulets_core::text::line(format_args!(
                    "Search the walls to the {side}, where the floor is unseen ({key} searches until something turns up)."
                )),
            },
        ])
    }
    /// True once the player has quit (or the shell closed).
    pub fn finished(&self) -> bool {
        self.finished
    }
    /// True while "a new run?" is asked over everything.
    pub fn asking(&self) -> bool {
        self.asking.is_some()
    }

    /// "A new run?" as it is asked over everything, while it is.
    pub(crate) fn question(&self) -> Option<(&Line, (&'static str, [&'static str; 2]))> {
        self.asking
            .as_ref()
            .map(|(then, question)| (question, then.words()))
    }

    /// The day the title offers (`set_today`).
    pub(crate) fn today(&self) -> Option<Day> {
        self.today
    }

    /// What the shell can show (`set_shows`).
    pub(crate) fn shows(&self) -> Shows {
        self.shows
    }

    /// When the run is saved, and what came of it.
    pub(crate) fn saving(&self) -> &Saving {
        &self.saving
    }

    /// The test's line on the panel (`add_test_note`).
    pub(crate) fn test_note(&self) -> Option<&Line> {
        #[cfg(any(test, feature = "test-support"))]
        return self.test_note.as_ref();
        #[cfg(not(any(test, feature = "test-support")))]
        None
    }

    /// The player's keys from now on (`keymap`).
    pub fn set_keymap(&mut self, keymap: Keymap) {
        self.keymap = keymap;
    }

    /// The player's keys.
    pub fn keymap(&self) -> &Keymap {
        &self.keymap
    }

    /// The player's palette from now on.
    pub fn set_palette(&mut self, palette: Palette) {
        self.palette = palette;
    }

    /// The palette the shell paints with ([`Palette::apply`]); the title's
    /// and the menu's P change it.
    pub fn palette(&self) -> Palette {
        self.palette
    }

    /// The run, to change by hand (tests: a run broken as a bug would
    /// break it).
    #[cfg(any(test, feature = "test-support"))]
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }
}

/// The player's settings the session changes itself.
impl<S: Store, R: Recorder, E: FnMut() -> u32> Session<S, R, E> {
    /// The next palette: the player's setting, not the run's, so never
    /// recorded.
    pub(super) fn next_palette(&mut self) {
        self.palette = self.palette.next();
        if self.saving.saves()
            && let Err(e) = self.store.keep_palette(self.palette)
        {
            self.tell(format_args!("The colours are not kept: {e}."));
        }
    }
}
