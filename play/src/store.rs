//! Where a shell keeps what outlives a game, one trait a concern: the
//! saved run ([`Saves`]), the records of runs that ended ([`Records`]), the
//! hall of fame and the days played ([`Fame`]), and on a board the player's
//! palette ([`Colours`]). A file on the desktop, flash on a board,
//! `localStorage` in a browser: the session asks for each through these
//! traits and never knows which. A shell's store only reads and writes;
//! what a run's end does is written once, here ([`enter_end`]).
//!
//! No method does nothing by default, so no shell keeps nothing by
//! forgetting one. A shell with no store at all, or whose store did not
//! answer, hands the session a [`Kept`], the one adapter for "no store
//! here".

use crate::fame::Hall;
use crate::morgue::{End, Stamp};
use crate::palettes::Palette;
use amulets_core::daily::Day;
use amulets_core::game::Game;
use amulets_core::text::{Line, Note, line, note};
use core::fmt;

/// Why the store could not do what was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// Another game holds the store: this one plays without saving.
    Busy,
    /// No room for the save.
    Full,
    /// The medium failed; the words say how, for the player.
    Failed(Line),
    /// What is there is no save to read (not a regular file, far too
    /// long): it is left alone, and a new run asks before replacing it.
    Refused(Line),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Busy => write!(f, "another game is saving there"),
            StoreError::Full => write!(f, "there is no room for it"),
            StoreError::Failed(why) | StoreError::Refused(why) => f.write_str(why),
        }
    }
}

impl core::error::Error for StoreError {}

/// Where a shell keeps the one saved run. A write replaces the saved run
/// only once the whole new text is written, so a failure at any moment
/// leaves the old one whole.
pub trait Saves {
    /// Takes the right to write for as long as the store lives; `Busy` when
    /// another game holds it (that game keeps it until it ends, however it
    /// ends).
    fn claim(&mut self) -> Result<(), StoreError>;
    /// The saved run's text, or `None` when there is none.
    fn read(&mut self) -> Result<Option<&str>, StoreError>;
    /// Replaces the saved run with this one.
    fn write(&mut self, save: &SaveText<'_>) -> Result<(), StoreError>;
    /// Moves a saved run that does not load out of the way, where no later
    /// save can write over it; the words say where it went.
    fn set_aside(&mut self) -> Result<Line, StoreError>;
    /// Removes the saved run (its run has ended).
    fn remove(&mut self) -> Result<(), StoreError>;
    /// What the player calls the saved run, to begin a sentence about it:
    /// its file's name on the desktop (`save.txt`), "this page's save" in
    /// the browser, "the saved run" where it has no name of its own.
    fn name(&self) -> &'static str;
}

/// Where a shell keeps the records of runs that ended (the morgue): one
/// text a run, `morgue::write`'s, stamped with the shell's time.
pub trait Records {
    /// The time a run ends at, for its record and its place in the hall:
    /// the shell's clock, or on a board with none the record's number.
    fn stamp(&mut self) -> Stamp;
    /// Keeps the record of `end`, stamped `stamp`. The words say where it
    /// went, for the end screen (a sentence of the player's: "The record is
    /// in morgue/x.txt."); `None` when this store keeps no records, and
    /// then the run is not entered in the hall either.
    fn keep_record(&mut self, end: &End<'_>, stamp: Stamp) -> Result<Option<Note>, StoreError>;
    /// Reads the last record kept, which `record` lends until the next
    /// read. A store that holds its texts in memory has read it already.
    fn read_record(&mut self) -> Result<(), StoreError>;
    /// The last record's text as last read, or `None` when none is kept.
    fn record(&self) -> Option<&str>;
    /// Whether a record is kept, read or not (the end screen offers R): a
    /// store that lends one text at a time (a board's flash) may hold the
    /// hall of fame when asked.
    fn has_record(&self) -> bool {
        self.record().is_some()
    }
}

/// Where a shell keeps the hall of fame (`fame::Hall`'s text) and the
/// days whose dungeon was played.
pub trait Fame {
    /// Changes the hall as `change` says, the newest read (a damaged one
    /// set aside, or refused, as the medium allows) and written whole.
    fn change_hall<T>(&mut self, change: impl FnOnce(&mut Hall) -> T) -> Result<T, StoreError>;
    /// Reads the hall of fame, which `hall` lends until the next read.
    fn read_hall(&mut self) -> Result<(), StoreError>;
    /// The hall of fame's text as last read, or `None` when there is none
    /// yet.
    fn hall(&self) -> Option<&str>;
    /// A run of the day's dungeon begins: true when it is the first begun
    /// here that day, which counts; the day is kept as played.
    fn begin_daily(&mut self, day: Day) -> Result<bool, StoreError> {
        self.change_hall(|hall| hall.begin_daily(day))
    }
}

/// Where a shell that keeps no settings file (a board) keeps the player's
/// palette. The desktop and the page keep theirs in their settings
/// (`settings`), and say so here.
pub trait Colours {
    /// The player's palette, when this store keeps it.
    fn palette(&mut self) -> Option<Palette>;
    /// Keeps the palette the player chose on the title or the menu, where
    /// this store keeps it.
    fn keep_palette(&mut self, palette: Palette) -> Result<(), StoreError>;
}

/// A whole store, as a session takes it: the saved run, the records, the
/// hall and the colours, kept by one thing of the shell's.
pub trait Store: Saves + Records + Fame + Colours {}

impl<T: Saves + Records + Fame + Colours> Store for T {}

/// A run has ended (died, won, or abandoned for a new one): its record is
/// kept, then it is entered in the hall of fame with the same stamp. The
/// words say where the record went and the place it took, the same on
/// every shell ("Number 2 in the hall of fame! The record is in ...");
/// `None` when the store keeps no records.
pub fn enter_end(
    store: &mut (impl Records + Fame),
    end: &End<'_>,
) -> Result<Option<Note>, StoreError> {
    let stamp = store.stamp();
    let Some(kept) = store.keep_record(end, stamp)? else {
        return Ok(None);
    };
    Ok(Some(
        match store.change_hall(|hall| hall.enter(end, stamp))? {
            Some((_, n)) => note(format_args!("Number {n} in the hall of fame! {kept}")),
            None => note(format_args!("{kept}")),
        },
    ))
}

/// The name of a saved run that has no name of its own.
pub const THE_SAVED_RUN: &str = "the saved run";

/// A store that keeps nothing (screenshots, tests, a demo): every write
/// succeeds and nothing is ever there to read.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoStore;

impl Saves for NoStore {
    fn claim(&mut self) -> Result<(), StoreError> {
        Ok(())
    }
    fn read(&mut self) -> Result<Option<&str>, StoreError> {
        Ok(None)
    }
    fn write(&mut self, _: &SaveText<'_>) -> Result<(), StoreError> {
        Ok(())
    }
    fn set_aside(&mut self) -> Result<Line, StoreError> {
        Ok(Line::new())
    }
    fn remove(&mut self) -> Result<(), StoreError> {
        Ok(())
    }
    fn name(&self) -> &'static str {
        THE_SAVED_RUN
    }
}

impl Records for NoStore {
    fn stamp(&mut self) -> Stamp {
        Stamp::Numbered(0)
    }
    fn keep_record(&mut self, _: &End<'_>, _: Stamp) -> Result<Option<Note>, StoreError> {
        Ok(None)
    }
    fn read_record(&mut self) -> Result<(), StoreError> {
        Ok(())
    }
    fn record(&self) -> Option<&str> {
        None
    }
}

impl Fame for NoStore {
    fn change_hall<T>(&mut self, change: impl FnOnce(&mut Hall) -> T) -> Result<T, StoreError> {
        Ok(change(&mut Hall::new()))
    }
    fn read_hall(&mut self) -> Result<(), StoreError> {
        Ok(())
    }
    fn hall(&self) -> Option<&str> {
        None
    }
    fn begin_daily(&mut self, _: Day) -> Result<bool, StoreError> {
        Ok(true)
    }
}

impl Colours for NoStore {
    fn palette(&mut self) -> Option<Palette> {
        None
    }
    fn keep_palette(&mut self, _: Palette) -> Result<(), StoreError> {
        Ok(())
    }
}

/// A shell's store, or none: the one adapter for "no store here".
#[derive(Clone, Debug)]
pub enum Kept<S> {
    /// The shell's store.
    In(S),
    /// No store was asked for (a test, a screenshot): as [`NoStore`],
    /// nothing is kept and nothing is said.
    Nowhere,
    /// The store that should be there is not (a flash chip that did not
    /// answer): nothing is kept, and the game says it is not saving, with
    /// these words.
    Lost(&'static str),
}

impl<S> From<Option<S>> for Kept<S> {
    /// `Some` store is kept in; `None` is `Nowhere`.
    fn from(store: Option<S>) -> Kept<S> {
        store.map_or(Kept::Nowhere, Kept::In)
    }
}

impl<S> Kept<S> {
    /// The shell's store, when there is one.
    pub fn as_ref(&self) -> Option<&S> {
        match self {
            Kept::In(s) => Some(s),
            Kept::Nowhere | Kept::Lost(_) => None,
        }
    }

    /// The words of a lost store's failure.
    fn lost(why: &str) -> StoreError {
        StoreError::Failed(line(format_args!("{why}")))
    }
}

impl<S: Saves> Saves for Kept<S> {
    fn claim(&mut self) -> Result<(), StoreError> {
        match self {
            Kept::In(s) => s.claim(),
            Kept::Nowhere => Ok(()),
            Kept::Lost(why) => Err(Kept::<S>::lost(why)),
        }
    }
    fn read(&mut self) -> Result<Option<&str>, StoreError> {
        match self {
            Kept::In(s) => s.read(),
            Kept::Nowhere | Kept::Lost(_) => Ok(None),
        }
    }
    fn write(&mut self, save: &SaveText<'_>) -> Result<(), StoreError> {
        match self {
            Kept::In(s) => s.write(save),
            Kept::Nowhere => Ok(()),
            Kept::Lost(why) => Err(Kept::<S>::lost(why)),
        }
    }
    fn set_aside(&mut self) -> Result<Line, StoreError> {
        match self {
            Kept::In(s) => s.set_aside(),
            Kept::Nowhere => Ok(Line::new()),
            Kept::Lost(why) => Err(Kept::<S>::lost(why)),
        }
    }
    fn remove(&mut self) -> Result<(), StoreError> {
        match self {
            Kept::In(s) => s.remove(),
            Kept::Nowhere | Kept::Lost(_) => Ok(()),
        }
    }
    fn name(&self) -> &'static str {
        match self {
            Kept::In(s) => s.name(),
            Kept::Nowhere | Kept::Lost(_) => THE_SAVED_RUN,
        }
    }
}

impl<S: Records> Records for Kept<S> {
    fn stamp(&mut self) -> Stamp {
        match self {
            Kept::In(s) => s.stamp(),
            Kept::Nowhere | Kept::Lost(_) => Stamp::Numbered(0),
        }
    }
    fn keep_record(&mut self, end: &End<'_>, stamp: Stamp) -> Result<Option<Note>, StoreError> {
        match self {
            Kept::In(s) => s.keep_record(end, stamp),
            Kept::Nowhere | Kept::Lost(_) => Ok(None),
        }
    }
    fn read_record(&mut self) -> Result<(), StoreError> {
        match self {
            Kept::In(s) => s.read_record(),
            Kept::Nowhere | Kept::Lost(_) => Ok(()),
        }
    }
    fn record(&self) -> Option<&str> {
        self.as_ref().and_then(Records::record)
    }
    fn has_record(&self) -> bool {
        self.as_ref().is_some_and(Records::has_record)
    }
}

impl<S: Fame> Fame for Kept<S> {
    fn change_hall<T>(&mut self, change: impl FnOnce(&mut Hall) -> T) -> Result<T, StoreError> {
        match self {
            Kept::In(s) => s.change_hall(change),
            Kept::Nowhere | Kept::Lost(_) => Ok(change(&mut Hall::new())),
        }
    }
    fn read_hall(&mut self) -> Result<(), StoreError> {
        match self {
            Kept::In(s) => s.read_hall(),
            Kept::Nowhere | Kept::Lost(_) => Ok(()),
        }
    }
    fn hall(&self) -> Option<&str> {
        self.as_ref().and_then(Fame::hall)
    }
    fn begin_daily(&mut self, day: Day) -> Result<bool, StoreError> {
        match self {
            Kept::In(s) => s.begin_daily(day),
            Kept::Nowhere | Kept::Lost(_) => Ok(true),
        }
    }
}

impl<S: Colours> Colours for Kept<S> {
    fn palette(&mut self) -> Option<Palette> {
        match self {
            Kept::In(s) => s.palette(),
            Kept::Nowhere | Kept::Lost(_) => None,
        }
    }
    fn keep_palette(&mut self, palette: Palette) -> Result<(), StoreError> {
        match self {
            Kept::In(s) => s.keep_palette(palette),
            Kept::Nowhere | Kept::Lost(_) => Ok(()),
        }
    }
}

/// A run's save as text, written as it is formatted (`Display`), so a
/// store can stream it to a file or to flash with no buffer of its own.
pub struct SaveText<'a>(pub &'a Game);

impl fmt::Display for SaveText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_save(f)
    }
}
