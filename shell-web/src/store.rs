//! The saved run in the browser's `localStorage`, through the page: the
//! same text the desktop writes, under the key `amulets.save`. A save that
//! does not load is moved to `amulets.save.bad` (then `.bad.1`, `.bad.2`,
//! ...) and never deleted. Only the tab that holds the page's Web Lock
//! writes; another tab plays without saving and says so.

use amulets_core::session::{SaveText, Store, StoreError};
use amulets_core::text::{Line, line};

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
}

impl<B: Backend> LocalStore<B> {
    pub fn new(backend: B, claimed: bool) -> LocalStore<B> {
        LocalStore {
            backend,
            claimed,
            text: String::new(),
        }
    }

    pub fn backend(&self) -> &B {
        &self.backend
    }

    pub fn into_backend(self) -> B {
        self.backend
    }
}

impl<B: Backend> Store for LocalStore<B> {
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

/// A backend in memory, as `localStorage` behaves, for the host's tests.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    pub save: Option<String>,
    pub set_aside: Vec<String>,
    pub no_storage: bool,
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::player::Class;
    use amulets_core::session::{Session, Start};

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
        assert!(s.not_saving());
        assert!(s.store().backend().save.is_none());
    }

    #[test]
    fn a_damaged_save_is_set_aside_never_deleted() {
        let memory = Memory {
            save: Some("amulets-save 1\nseed nonsense\n".into()),
            ..Memory::default()
        };
        let s = Session::new(LocalStore::new(memory, true), (), || 7, Start::default());
        let m = s.store().backend();
        assert_eq!(
            m.set_aside,
            vec!["amulets-save 1\nseed nonsense\n".to_string()]
        );
        assert!(m.save.is_none());
        assert!(
            s.note().is_some_and(|n| n.contains("amulets.save.bad")),
            "{:?}",
            s.note()
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
            s.note().is_some_and(|n| n.contains("no storage")),
            "{:?}",
            s.note()
        );
    }
}
