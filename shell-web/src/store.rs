//! The saved run in the browser's `localStorage`, through the page: the
//! same text the desktop writes, under the key `amulets.save`. A save that
//! does not load is moved to `amulets.save.bad` (then `.bad.1`, `.bad.2`,
//! ...) and never deleted. Only the tab that holds the page's Web Lock
//! writes; another tab plays without saving and says so.
//!
//! After a run: its record (the morgue file's text) goes under
//! `amulets.morgue.0` to `.9`, the last ten kept in turn (`RECORDS`), the
//! file's name on the first line; the hall of fame is `amulets.scores`,
//! the desktop's `scores.txt`, a damaged one set aside as
//! `amulets.scores.bad`. The page reads the time for the core: the day's
//! dungeon and the records' stamps.

use amulets_core::text::{Line, Note, line, note};
use amulets_play::fame::Hall;
use amulets_play::morgue::{self, End, Stamp};
use amulets_play::palettes::Palette;
use amulets_play::store::{Colours, Fame, Records, SaveText, Saves, StoreError};

/// The records the page keeps: the last ten.
pub const RECORDS: u32 = 10;
/// The key of the count of records ever kept here.
pub const RECORD_COUNT: &str = "amulets.morgue.count";
/// The hall of fame's key.
pub const SCORES: &str = "amulets.scores";

/// What went wrong in the page's storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trouble {
    /// The browser keeps no storage for this page (disabled, or private).
    NoStorage,
    /// The storage is full.
    Full,
    /// Another tab took the save (where the page keeps its one writer by a
    /// heartbeat, with no Web Locks, and this tab's beat was missed).
    Taken,
}

/// Where the text is kept: the page's `localStorage` in a browser, memory
/// in the host's tests.
pub trait Backend {
    fn get(&mut self) -> Result<Option<String>, Trouble>;
    fn set(&mut self, text: &str) -> Result<(), Trouble>;
    /// Moves the save to the first free `amulets.save.bad` key; its name.
    fn set_aside(&mut self) -> Result<String, Trouble>;
    fn remove(&mut self) -> Result<(), Trouble>;
    /// The text under another key of the page's own (`amulets.` ...).
    fn get_key(&mut self, key: &str) -> Result<Option<String>, Trouble>;
    /// Puts text under such a key, whole or not at all.
    fn set_key(&mut self, key: &str, text: &str) -> Result<(), Trouble>;
    /// Seconds since 1970-01-01 UTC, by the browser's clock.
    fn now(&self) -> i64;
}

fn trouble(t: Trouble) -> StoreError {
    match t {
        Trouble::Full => StoreError::Full,
        Trouble::Taken => StoreError::Busy,
        Trouble::NoStorage => StoreError::Failed(line(format_args!(
            "this browser keeps no storage for the page"
        ))),
    }
}

/// The session's store over a backend; `claimed` when this tab holds the
/// page's lock.
pub struct LocalStore<B> {
    backend: B,
    claimed: bool,
    text: String,
    /// The hall of fame's text as last read.
    hall: Option<String>,
    /// The last record kept here, lent out by `record`.
    record: Option<String>,
}

impl<B: Backend> LocalStore<B> {
    pub fn new(backend: B, claimed: bool) -> LocalStore<B> {
        LocalStore {
            backend,
            claimed,
            text: String::new(),
            hall: None,
            record: None,
        }
    }

    pub fn backend(&self) -> &B {
        &self.backend
    }

    pub fn into_backend(self) -> B {
        self.backend
    }

    /// The record under the next of the ten keys, its name first.
    fn keep_record_here(&mut self, end: &End<'_>, stamp: Stamp) -> Result<String, Trouble> {
        let count: u32 = self
            .backend
            .get_key(RECORD_COUNT)?
            .and_then(|c| c.trim().parse().ok())
            .unwrap_or(0);
        let name = morgue::file_name(end, stamp, 0);
        let mut record = String::new();
        // Writing to a String does not fail.
        let _ = morgue::write(&mut record, end, stamp);
        self.backend.set_key(
            &format!("amulets.morgue.{}", count % RECORDS),
            &format!("{name}\n{record}"),
        )?;
        self.record = Some(record);
        self.backend
            .set_key(RECORD_COUNT, &count.wrapping_add(1).to_string())?;
        Ok(name.to_string())
    }

    /// Changes the hall of fame: read (a damaged one set aside under the
    /// first free `amulets.scores.bad` key, and a new one begun), changed,
    /// written whole.
    fn change_hall_here<T>(&mut self, change: impl FnOnce(&mut Hall) -> T) -> Result<T, Trouble> {
        let mut hall = match self.backend.get_key(SCORES)? {
            None => Hall::new(),
            Some(text) => match Hall::parse(&text) {
                Ok(h) => h,
                Err(_) => {
                    let mut key = format!("{SCORES}.bad");
                    let mut n = 1;
                    while self.backend.get_key(&key)?.is_some() {
                        key = format!("{SCORES}.bad.{n}");
                        n += 1;
                    }
                    self.backend.set_key(&key, &text)?;
                    Hall::new()
                }
            },
        };
        let out = change(&mut hall);
        let text = hall.to_string();
        self.backend.set_key(SCORES, &text)?;
        self.hall = Some(text);
        Ok(out)
    }
}

impl<B: Backend> Saves for LocalStore<B> {
    fn claim(&mut self) -> Result<(), StoreError> {
        if self.claimed {
            Ok(())
        } else {
            Err(StoreError::Busy)
        }
    }

    fn read(&mut self) -> Result<Option<&str>, StoreError> {
        match self.backend.get().map_err(trouble)? {
            None => Ok(None),
            Some(text) => {
                self.text = text;
                Ok(Some(&self.text))
            }
        }
    }

    fn write(&mut self, save: &SaveText<'_>) -> Result<(), StoreError> {
        if !self.claimed {
            return Err(StoreError::Busy);
        }
        // One `setItem` replaces the old text whole or not at all.
        self.backend.set(&save.to_string()).map_err(trouble)
    }

    fn set_aside(&mut self) -> Result<Line, StoreError> {
        let key = self.backend.set_aside().map_err(trouble)?;
        Ok(line(format_args!("as {key}")))
    }

    fn remove(&mut self) -> Result<(), StoreError> {
        if !self.claimed {
            return Err(StoreError::Busy);
        }
        self.backend.remove().map_err(trouble)
    }

    fn name(&self) -> &'static str {
        "this page's save"
    }
}

impl<B: Backend> Records for LocalStore<B> {
    fn stamp(&mut self) -> Stamp {
        Stamp::of_unix_seconds(self.backend.now())
    }

    fn keep_record(&mut self, end: &End<'_>, stamp: Stamp) -> Result<Option<Note>, StoreError> {
        let name = self.keep_record_here(end, stamp).map_err(trouble)?;
        Ok(Some(note(format_args!(
            "The record is kept here as {name} (Records, below)."
        ))))
    }

    fn read_record(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    fn record(&self) -> Option<&str> {
        self.record.as_deref()
    }
}

impl<B: Backend> Fame for LocalStore<B> {
    fn change_hall<T>(&mut self, change: impl FnOnce(&mut Hall) -> T) -> Result<T, StoreError> {
        self.change_hall_here(change).map_err(trouble)
    }

    fn read_hall(&mut self) -> Result<(), StoreError> {
        self.hall = self.backend.get_key(SCORES).map_err(trouble)?;
        Ok(())
    }

    fn hall(&self) -> Option<&str> {
        self.hall.as_deref()
    }
}

/// The page keeps the palette in its settings (`settings`).
impl<B: Backend> Colours for LocalStore<B> {
    fn palette(&mut self) -> Option<Palette> {
        None
    }

    fn keep_palette(&mut self, _: Palette) -> Result<(), StoreError> {
        Ok(())
    }
}

/// A backend in memory, as `localStorage` behaves, for the host's tests.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    pub save: Option<String>,
    pub set_aside: Vec<String>,
    pub no_storage: bool,
    /// The page's other keys.
    pub keys: std::collections::BTreeMap<String, String>,
    /// The clock, in seconds since 1970.
    pub now: i64,
}

impl Backend for Memory {
    fn get(&mut self) -> Result<Option<String>, Trouble> {
        if self.no_storage {
            return Err(Trouble::NoStorage);
        }
        Ok(self.save.clone())
    }
    fn set(&mut self, text: &str) -> Result<(), Trouble> {
        if self.no_storage {
            return Err(Trouble::NoStorage);
        }
        self.save = Some(text.to_string());
        Ok(())
    }
    fn set_aside(&mut self) -> Result<String, Trouble> {
        let text = self.save.take().ok_or(Trouble::NoStorage)?;
        let key = match self.set_aside.len() {
            0 => "amulets.save.bad".to_string(),
            n => format!("amulets.save.bad.{n}"),
        };
        self.set_aside.push(text);
        Ok(key)
    }
    fn remove(&mut self) -> Result<(), Trouble> {
        self.save = None;
        Ok(())
    }
    fn get_key(&mut self, key: &str) -> Result<Option<String>, Trouble> {
        if self.no_storage {
            return Err(Trouble::NoStorage);
        }
        Ok(self.keys.get(key).cloned())
    }
    fn set_key(&mut self, key: &str, text: &str) -> Result<(), Trouble> {
        if self.no_storage {
            return Err(Trouble::NoStorage);
        }
        self.keys.insert(key.to_string(), text.to_string());
        Ok(())
    }
    fn now(&self) -> i64 {
        self.now
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::player::Class;
    use amulets_play::session::{Session, Start};

    fn start() -> Start {
        Start {
            seed: Some(42),
            class: Some(Class::Fighter),
            ..Start::default()
        }
    }

    #[test]
    fn a_second_tab_plays_without_saving_and_says_so() {
        let s = Session::new(LocalStore::new(Memory::default(), false), (), || 7, start());
        assert!(!s.run().saving().saves());
        assert!(s.run().store().backend().save.is_none());
    }

    #[test]
    fn a_damaged_save_is_set_aside_never_deleted() {
        let memory = Memory {
            save: Some("amulets-save 1\nseed nonsense\n".into()),
            ..Memory::default()
        };
        let s = Session::new(LocalStore::new(memory, true), (), || 7, Start::default());
        let m = s.run().store().backend();
        assert_eq!(
            m.set_aside,
            vec!["amulets-save 1\nseed nonsense\n".to_string()]
        );
        assert!(m.save.is_none());
        assert!(
            s.notes
                .note()
                .is_some_and(|n| n.contains("amulets.save.bad")),
            "{:?}",
            s.notes.note()
        );
    }

    #[test]
    fn no_storage_is_said_not_lost_in_silence() {
        let memory = Memory {
            no_storage: true,
            ..Memory::default()
        };
        let s = Session::new(LocalStore::new(memory, true), (), || 7, start());
        assert!(
            s.notes.note().is_some_and(|n| n.contains("no storage")),
            "{:?}",
            s.notes.note()
        );
    }

    /// A Wizard's run ended by hand, `runs` times over, in one session each.
    fn end_runs(memory: Memory, runs: u32) -> Memory {
        let mut memory = memory;
        for i in 0..runs {
            let start = Start {
                seed: Some(100 + i),
                class: Some(Class::Wizard),
                ..Start::default()
            };
            let mut s = Session::new(LocalStore::new(memory, true), (), || 7, start);
            // One HP and poisoned: the next turn is the last.
            let p = s.game_mut().player_mut();
            (p.hp, p.poisoned) = (1, 5);
            s.act(amulets_core::input::Action::Wait);
            assert_eq!(s.game().state(), amulets_core::game::State::Dead);
            assert!(
                s.notes
                    .note()
                    .is_some_and(|n| n.contains("The record is kept here")),
                "{:?}",
                s.notes.note()
            );
            memory = s.into_parts().0.into_backend();
        }
        memory
    }

    #[test]
    fn the_page_keeps_the_last_ten_records_and_the_hall() {
        let memory = Memory {
            now: 1_796_169_600,
            ..Memory::default()
        };
        let m = end_runs(memory, 12);
        assert_eq!(m.keys.get(RECORD_COUNT).map(String::as_str), Some("12"));
        let records: Vec<&String> = m
            .keys
            .iter()
            .filter(|(k, _)| k.starts_with("amulets.morgue.") && *k != RECORD_COUNT)
            .map(|(_, v)| v)
            .collect();
        assert_eq!(records.len(), 10, "the last ten");
        // The two oldest (seeds 100 and 101) went; 110 and 111 took their keys.
        let first = &m.keys["amulets.morgue.0"];
        assert!(
            first.starts_with("wizard-110-2026-12-02-000000-died.txt\n"),
            "{first}"
        );
        assert!(first.contains("\nThe Wizard, seed 110\n"));
        let hall = Hall::parse(&m.keys[SCORES]).unwrap();
        assert_eq!(hall.entered, 12);
    }

    #[test]
    fn a_damaged_hall_in_the_page_is_set_aside() {
        let mut memory = Memory::default();
        memory.keys.insert(SCORES.into(), "nonsense".into());
        let m = end_runs(memory, 1);
        assert_eq!(m.keys[&format!("{SCORES}.bad")], "nonsense");
        assert_eq!(Hall::parse(&m.keys[SCORES]).unwrap().entered, 1);
    }
}
