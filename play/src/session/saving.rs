//! When the run is saved, and what came of it: the session's saving
//! policy, one type ([`Saving`]) that the session asks at each moment a save
//! may be due. It knows whether this game holds the store and why not,
//! the last failure, the floor and turn last saved, the autosave and
//! whether a command just ended; it never writes the session's note, but
//! returns the words to say.
//!
//! The save's moments, the same on every shell: on arrival on each floor,
//! on the menu's save and quit, and when the shell closes; the save is
//! removed when the run ends. A new run never replaces a saved one without
//! asking.

use crate::store::{SaveText, Saves, StoreError};
use amulets_core::game::save::LoadError;
use amulets_core::game::{Game, State};
use amulets_core::player::Class;
use amulets_core::text::{Line, Note, line, note};
use core::fmt;

/// A run in play is saved every this many turns as well as on each
/// floor's arrival, so a crash or a `kill -9` loses no more (*tune*, at
/// most 50: `cargo xtask faults` fails past it). A board's flash sets its
/// own ([`Autosave`]).
pub const AUTOSAVE_TURNS: u32 = 50;

/// When a run in play is saved besides on arrival, on save and quit and on
/// close: a shell whose medium wears (a board's flash) saves less often.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Autosave {
    /// Every this many turns of play; `None` for never.
    pub every: Option<u32>,
    /// When a command of many turns ends (rest, travel, explore).
    pub on_command_end: bool,
}

impl Autosave {
    /// A desktop's and a browser's: every `AUTOSAVE_TURNS`, and when a
    /// command ends.
    pub const OFTEN: Autosave = Autosave {
        every: Some(AUTOSAVE_TURNS),
        on_command_end: true,
    };
}

/// What a question about the saved run names: its class, floor and turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunSummary {
    /// The class played.
    pub class: Class,
    /// The floor.
    pub depth: i32,
    /// The turn.
    pub turn: u32,
}

impl RunSummary {
    /// The summary of a run.
    pub fn of(game: &Game) -> RunSummary {
        RunSummary {
            class: game.player().class,
            depth: game.depth(),
            turn: game.turn(),
        }
    }
}

/// What the store holds, as far as the session knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saved {
    /// No save.
    Nothing,
    /// A saved run of the version this game reads.
    Run(RunSummary),
    /// A save of another version, kept where it is and refused by name.
    OtherVersion(u32),
    /// A save that does not load and could not be set aside: still there.
    Damaged,
}

/// What `Session::rescue` did with the run after a shell caught a panic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rescue {
    /// No run was in play: there was nothing to save.
    NoRun,
    /// The run passed its checks and was saved.
    Saved {
        /// The turn it was saved at.
        turn: u32,
    },
    /// The run failed a check, so it was not saved: the last save stands.
    Broken(&'static str),
    /// The store did not take it: the last save stands.
    NotSaved(StoreError),
}

impl fmt::Display for Rescue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rescue::NoRun => write!(f, "No run was in play."),
            Rescue::Saved { turn } => write!(
                f,
                "The run was saved at turn {turn}: start the game again to continue it."
            ),
            Rescue::Broken(why) => write!(
                f,
                "The run failed its checks ({why}), so it was not saved: the last save stands."
            ),
            Rescue::NotSaved(e) => {
                write!(f, "The run could not be saved ({e}): the last save stands.")
            }
        }
    }
}

/// Why a save did not happen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsaved {
    /// This game does not save (another holds the store, or it has none):
    /// the panel says so for as long as it lasts, so nothing more is said.
    NotSaving(StoreError),
    /// The store failed the write: said once, and on the panel until a
    /// save succeeds.
    Failed(StoreError),
}

impl Unsaved {
    /// What the player is told now, if anything.
    pub fn words(&self) -> Option<Note> {
        match self {
            Unsaved::NotSaving(_) => None,
            Unsaved::Failed(e) => Some(note(format_args!("The run could not be saved: {e}."))),
        }
    }

    /// What the store said.
    pub fn error(self) -> StoreError {
        match self {
            Unsaved::NotSaving(e) | Unsaved::Failed(e) => e,
        }
    }
}

/// The saving policy of one session (see the module's comment).
#[derive(Clone, Debug)]
pub struct Saving {
    /// What the store holds, as far as the session knows.
    saved: Saved,
    /// Why this session does not save: another game holds the store, it
    /// has none, or a replay is watched.
    not_saving: Option<StoreError>,
    /// Why the last save failed, until one succeeds: said on the panel.
    failing: Option<StoreError>,
    /// The floor whose arrival was saved, 0 for none yet in this run.
    depth: i32,
    /// The turn last saved (or tried), for the autosave.
    turn: u32,
    /// When a run in play is saved besides its arrivals.
    autosave: Autosave,
    /// A command was running after the last input.
    was_running: bool,
}

impl Saving {
    /// The policy of a session that has just asked for the store: it saves
    /// when the claim was granted.
    pub fn claimed(claim: Result<(), StoreError>) -> Saving {
        Saving {
            saved: Saved::Nothing,
            not_saving: claim.err(),
            failing: None,
            depth: 0,
            turn: 0,
            autosave: Autosave::OFTEN,
            was_running: false,
        }
    }

    /// What the store holds.
    pub fn saved(&self) -> Saved {
        self.saved
    }

    /// True while this session saves (it holds the store).
    pub fn saves(&self) -> bool {
        self.not_saving.is_none()
    }

    /// When the run is saved besides its arrivals.
    pub fn set_autosave(&mut self, autosave: Autosave) {
        self.autosave = autosave;
    }

    /// Why this game does not save, or why its last save failed, for as
    /// long as it lasts.
    pub fn trouble(&self) -> Option<&StoreError> {
        self.not_saving.as_ref().or(self.failing.as_ref())
    }

    /// The trouble on one line ("Not saving: another game holds the
    /// save."), for a shell with no room for the panel: the panel's two
    /// lines, joined, so the words are written once.
    pub fn trouble_line(&self) -> Option<Line> {
        self.trouble_lines()
            .map(|[first, second]| line(format_args!("{first} {second}")))
    }

    /// The trouble on the panel's two short lines.
    pub fn trouble_lines(&self) -> Option<[Line; 2]> {
        self.trouble().map(|why| match why {
            StoreError::Busy => [
                line(format_args!("Not saving: another game")),
                line(format_args!("holds the save.")),
            ],
            why => [
                line(format_args!("Not saving:")),
                line(format_args!("{why}.")),
            ],
        })
    }

    /// A replay is watched from `depth` on: it is never saved.
    pub fn watching(&mut self, depth: i32) {
        self.depth = depth;
        self.not_saving = Some(StoreError::Failed(line(format_args!(
            "a replay is watched"
        ))));
    }

    /// Another game is in play from its turn `turn`: no floor of it saved
    /// yet, no command running.
    pub fn new_game(&mut self, turn: u32) {
        self.turn = turn;
        self.depth = 0;
        self.was_running = false;
    }

    /// The saved run, continued: its floor's arrival is saved already.
    pub fn continued(&mut self, depth: i32) {
        self.depth = depth;
    }

    /// What the store holds, looked at as the session starts: a save that
    /// does not load is set aside, one of another version is left alone.
    /// The words say what was done.
    #[inline(never)]
    pub fn look(&mut self, store: &mut impl Saves) -> Option<Note> {
        let loaded = store
            .read()
            .map(|text| text.map(|t| Game::read_save(t).map(|g| RunSummary::of(&g))));
        match loaded {
            Ok(None) => {
                self.saved = Saved::Nothing;
                None
            }
            Ok(Some(Ok(run))) => {
                self.saved = Saved::Run(run);
                None
            }
            Ok(Some(Err(e))) => Some(self.refuse(store, e)),
            Err(e) => Some(self.unreadable(store, e)),
        }
    }

    /// The saved run, read to be continued; or the words why there is
    /// none to continue. Out of line: the game loaded is a [`Game`] on the
    /// stack (see `Session::at_title`).
    #[inline(never)]
    #[expect(
        clippy::result_large_err,
        reason = "the note is far smaller than the Game beside it, made once a run"
    )]
    pub fn load(&mut self, store: &mut impl Saves) -> Result<Game, Note> {
        let loaded = store.read().map(|text| text.map(Game::read_save));
        match loaded {
            Ok(Some(Ok(game))) => Ok(game),
            Ok(Some(Err(e))) => Err(self.refuse(store, e)),
            Ok(None) => {
                self.saved = Saved::Nothing;
                Err(note(format_args!("There is no saved run to continue.")))
            }
            Err(e) => Err(self.unreadable(store, e)),
        }
    }

    /// A saved run there that cannot be read: as a damaged one, it is
    /// never written over unasked. A file that is no save is left where it
    /// is; one that fails to read (no permission, an I/O error) is set
    /// aside where it can be.
    fn unreadable(&mut self, store: &mut impl Saves, e: StoreError) -> Note {
        if let StoreError::Refused(why) = &e {
            self.saved = Saved::Damaged;
            return note(format_args!(
                "The saved run could not be read: {why}; it was left as it is."
            ));
        }
        self.keep_aside(store, format_args!("could not be read ({e})"))
    }

    /// A saved run that does not load: another version's is kept where it
    /// is; a damaged one is set aside, never deleted.
    fn refuse(&mut self, store: &mut impl Saves, e: LoadError) -> Note {
        if let LoadError::WrongVersion { found } = e {
            // The book's words: "save.txt: it's version 1, and this game
            // reads version 2".
            self.saved = Saved::OtherVersion(found);
            let name = store.name();
            return note(format_args!("{name}: {e}; it was left as it is."));
        }
        self.keep_aside(store, format_args!("was damaged ({e})"))
    }

    /// Sets a saved run that does not load aside, never deleting it; `why`
    /// finishes "The saved run ...".
    fn keep_aside(&mut self, store: &mut impl Saves, why: fmt::Arguments<'_>) -> Note {
        match store.set_aside() {
            Ok(place) => {
                self.saved = Saved::Nothing;
                note(format_args!("The saved run {why}; it was kept {place}."))
            }
            Err(io) => {
                // Still there, and still not loading: a new run asks before
                // it writes over it.
                self.saved = Saved::Damaged;
                note(format_args!(
                    "The saved run {why}, and it could not be set aside: {io}."
                ))
            }
        }
    }

    /// The game that held the store may have let it go (it quit): this one
    /// takes it then, but writes only where no run is saved; a run the
    /// other game saved stays, said on the panel, and the title offers it.
    #[inline(never)]
    fn take_the_store_if_let_go(&mut self, store: &mut impl Saves) {
        if store.claim().is_err() {
            return;
        }
        let there = store
            .read()
            .map(|text| text.map(|t| Game::read_save(t).map(|g| RunSummary::of(&g))));
        self.not_saving = match there {
            Ok(None) => None,
            Ok(Some(Ok(run))) => {
                self.saved = Saved::Run(run);
                Some(StoreError::Failed(line(format_args!(
                    "another run is saved there"
                ))))
            }
            Ok(Some(Err(_))) => Some(StoreError::Failed(line(format_args!(
                "a save that does not load is there"
            )))),
            Err(e) => Some(e),
        };
    }

    /// Writes the run to the store.
    pub fn save(&mut self, store: &mut impl Saves, game: &Game) -> Result<(), Unsaved> {
        // Counted as tried whatever comes of it, so a session that does not
        // save tries again when the next save is due, not on every input.
        self.turn = game.turn();
        if self.not_saving == Some(StoreError::Busy) {
            self.take_the_store_if_let_go(store);
        }
        if let Some(e) = &self.not_saving {
            return Err(Unsaved::NotSaving(e.clone()));
        }
        match store.write(&SaveText(game)) {
            Ok(()) => {
                self.saved = Saved::Run(RunSummary::of(game));
                self.failing = None;
                Ok(())
            }
            Err(e) => {
                // Standing on the panel until a save succeeds.
                self.failing = Some(e.clone());
                Err(Unsaved::Failed(e))
            }
        }
    }

    /// The save follows the run, after every input: written on arrival on
    /// each floor (once an arrival, even when it fails) and as the
    /// autosave says, removed when the run ends. The words say what went
    /// wrong.
    pub fn follow(&mut self, store: &mut impl Saves, game: &Game) -> Option<Note> {
        match game.state() {
            State::Title | State::ChooseClass => None,
            State::Dead | State::Won => {
                if self.depth == 0 || !self.saves() {
                    return None;
                }
                self.depth = 0;
                match store.remove() {
                    Ok(()) => {
                        self.saved = Saved::Nothing;
                        None
                    }
                    Err(e) => Some(note(format_args!(
                        "The ended run's save could not be removed: {e}."
                    ))),
                }
            }
            _ => {
                let running = game.command_running();
                let ended = self.was_running && !running;
                self.was_running = running;
                let turn = game.turn();
                let due = self
                    .autosave
                    .every
                    .is_some_and(|n| turn >= self.turn.saturating_add(n));
                let arrived = game.depth() != self.depth;
                if arrived {
                    self.depth = game.depth();
                }
                // A save that fails says why, and the next one due tries
                // again.
                let save = arrived
                    || ((due || (ended && self.autosave.on_command_end)) && turn != self.turn);
                save.then(|| self.save(store, game).err())
                    .flatten()
                    .and_then(|u| u.words())
            }
        }
    }

    /// A run given up for a new one: its save is removed, when this game
    /// saves. The words say what went wrong.
    pub fn remove_abandoned(&mut self, store: &mut impl Saves) -> Option<Note> {
        if !matches!(self.saved, Saved::Run(_)) || !self.saves() {
            return None;
        }
        match store.remove() {
            Ok(()) => {
                self.saved = Saved::Nothing;
                None
            }
            Err(e) => Some(note(format_args!(
                "The abandoned run's save could not be removed: {e}."
            ))),
        }
    }
}
