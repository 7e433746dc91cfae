//! The records side of a session: the screens of its own over the title
//! or a run's end (the hall of fame, the last run's record), and each
//! run's end entered once in the shell's records. A replay watched is
//! never entered.

use crate::bindings::{self, Verb};
use crate::fame::Table;
use crate::morgue::{End, Ending};
use crate::store::{Fame, Records, enter_end};
use amulets_core::game::{Game, State};
use amulets_core::input::Key;
use amulets_core::text::{Note, note};

/// A screen of the session's own, over the title or a run's end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The hall of fame (the title's H), at a table.
    Hall(Table),
    /// The last run's record (the end screen's R), at a page from 0.
    Record(u8),
    /// The messages: the run's log read back (M).
    Messages,
    /// What the commands do on their own (the menu's A).
    Automation,
}

/// What a session keeps of the records (see the module's comment).
#[derive(Clone, Copy, Debug, Default)]
pub struct Annals {
    /// The screen of the session's own that is up, if one is.
    overlay: Option<Overlay>,
    /// The run's end has been entered (its record, the hall).
    entered: bool,
    /// The run is a replay watched (`Session::watch`): its end is never
    /// entered.
    watching: bool,
}

impl Annals {
    /// The screen of the session's own that is up, if one is.
    pub fn overlay(&self) -> Option<Overlay> {
        self.overlay
    }

    /// True while the run is a replay watched.
    pub fn watching(&self) -> bool {
        self.watching
    }

    /// The run from now on is a replay watched.
    pub fn watch(&mut self) {
        self.watching = true;
    }

    /// Another game is in play: its end is yet to be entered.
    pub fn new_game(&mut self) {
        self.entered = false;
        self.watching = false;
    }

    /// Opens a screen of its own (the title's H: the hall of fame; the
    /// end screen's R: the run's record), its text read afresh from the
    /// store. The words say why it could not be.
    pub fn open(&mut self, screen: Overlay, store: &mut (impl Records + Fame)) -> Option<Note> {
        let read = match screen {
            Overlay::Hall(_) => store.read_hall(),
            Overlay::Record(_) => store.read_record(),
            // The game's own log, the player's settings: nothing to read.
            Overlay::Messages | Overlay::Automation => {
                self.overlay = Some(screen);
                return None;
            }
        };
        match (screen, read) {
            (Overlay::Record(_), Ok(())) if store.record().is_none() => {
                Some(note(format_args!("No record of the run is kept here.")))
            }
            (_, Ok(())) => {
                self.overlay = Some(screen);
                None
            }
            (Overlay::Hall(_), Err(e)) => Some(note(format_args!(
                "The hall of fame could not be read: {e}."
            ))),
            (_, Err(e)) => Some(note(format_args!("The record could not be read: {e}."))),
        }
    }

    /// A key (the book's, through the keymap) while a screen of its own is
    /// up: the hall's H turns to its other table, the record's R to its
    /// next page, any other key closes it. False when none is up.
    pub fn key(&mut self, key: Key, store: &impl Records) -> bool {
        match self.overlay {
            Some(Overlay::Hall(table)) => {
                let action = bindings::HALL.iter().find_map(|b| b.action_for(key));
                self.overlay = (action == Some(Verb::Hall)).then_some(Overlay::Hall(table.other()));
                true
            }
            Some(Overlay::Record(page)) => {
                let action = bindings::RECORD.iter().find_map(|b| b.action_for(key));
                let pages = crate::morgue::pages(store.record().unwrap_or_default());
                self.overlay = (action == Some(Verb::Record))
                    .then_some(Overlay::Record((page + 1) % pages.max(1)));
                true
            }
            // Any key closes the messages (Up and Down scroll them first,
            // where they are longer than the screen).
            Some(Overlay::Messages) => {
                self.overlay = None;
                true
            }
            // A setting's letter is the session's to take (it changes the
            // player's preferences); any other key closes it.
            Some(Overlay::Automation) => {
                let setting = bindings::AUTOMATION.iter().find_map(|b| b.action_for(key));
                let ours = matches!(setting, Some(Verb::Automate(_)));
                if !ours {
                    self.overlay = None;
                }
                !ours
            }
            None => false,
        }
    }

    /// A run's end, entered in the records: its record kept and its place
    /// in the hall. The words say where the record is, or why it is not.
    pub fn enter(&mut self, store: &mut (impl Records + Fame), end: &End<'_>) -> Option<Note> {
        if self.watching {
            return None;
        }
        match enter_end(store, end) {
            Ok(words) => words,
            Err(e) => Some(note(format_args!(
                "The run's record could not be kept: {e}."
            ))),
        }
    }

    /// After every input: a run that has just ended (died or won) is
    /// entered, once.
    pub fn follow(
        &mut self,
        store: &mut (impl Records + Fame),
        game: &Game,
        replay: Option<&str>,
        bot: bool,
    ) -> Option<Note> {
        if !matches!(game.state(), State::Dead | State::Won) || self.entered {
            return None;
        }
        self.entered = true;
        let end = End {
            game,
            ending: Ending::of(game),
            replay,
            bot,
        };
        self.enter(store, &end)
    }
}
