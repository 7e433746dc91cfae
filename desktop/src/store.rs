//! The save on a desktop: `save.txt` in a directory (the platform's data
//! directory unless the player names one), kept by one game at a time.
//!
//! - **One writer**: the game that opens the store first holds an advisory
//!   lock on `save.lock` beside the save (`flock` on Unix, `LockFileEx` on
//!   Windows, through `File::try_lock`) for as long as it runs; the system
//!   lets it go however the game ends, a crash or `kill -9` too. A second
//!   game finds it held and plays without saving.
//! - **Atomic writes**: the new save is written whole to a temporary file of
//!   a name no other write uses, flushed to the disk, then renamed over the
//!   old one, and (on Unix) the directory is synced so the rename itself
//!   survives a power cut. Until the rename the old save is untouched.
//! - **Nothing is deleted but an ended run's save**: a save that does not
//!   load is moved to `save.bad` (an older `save.bad` to the first free
//!   `save.bad.N`).
//!
//! Without the lock the store can read, and nothing else: no write, no
//! removal, nothing set aside.

use amulets_core::session::{SaveText, Store, StoreError};
use amulets_core::text::{Line, line};
use std::fs::{self, File, TryLockError};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// The save's file name in its directory.
pub const SAVE: &str = "save.txt";
/// The lock's file name: held by the game that saves.
pub const LOCK: &str = "save.lock";
/// Where a damaged save goes.
pub const BAD: &str = "save.bad";

/// Temporary files of this process, counted so no two writes share a name.
static WRITES: AtomicU32 = AtomicU32::new(0);

/// The save's directory, and the lock once held.
pub struct FileStore {
    dir: PathBuf,
    lock: Option<File>,
    /// The saved run's text as last read, lent out by `read`.
    text: String,
}

/// An I/O error in the words the player reads.
fn failed(what: &str, e: &io::Error) -> StoreError {
    StoreError::Failed(line(format_args!("{what}: {e}")))
}

impl FileStore {
    /// The store in the platform's data directory for Amulets, or `None`
    /// where the platform has none.
    pub fn default_place() -> Option<FileStore> {
        let dirs = directories::ProjectDirs::from("", "", "Amulets")?;
        Some(FileStore::in_dir(dirs.data_dir()))
    }

    /// The store in a directory (made when the store is claimed).
    pub fn in_dir(dir: &Path) -> FileStore {
        FileStore {
            dir: dir.to_path_buf(),
            lock: None,
            text: String::new(),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The save file's path.
    pub fn path(&self) -> PathBuf {
        self.dir.join(SAVE)
    }

    /// The first half of a write: the new save, complete and on the disk,
    /// beside the old one, under a name of its own. Until the rename the old
    /// save is untouched.
    fn write_temporary(&self, save: &SaveText<'_>) -> io::Result<PathBuf> {
        let n = WRITES.fetch_add(1, Ordering::Relaxed);
        let temp = self
            .dir
            .join(format!("{SAVE}.{}-{n}.tmp", std::process::id()));
        let text = save.to_string();
        let mut file = File::create_new(&temp)?;
        let written = file
            .write_all(text.as_bytes())
            .and_then(|()| file.sync_all());
        if let Err(e) = written {
            let _ = fs::remove_file(&temp);
            return Err(e);
        }
        Ok(temp)
    }

    /// Syncs the directory, so a rename in it is on the disk (Unix: a
    /// directory opens as a file; Windows has no such call and needs none).
    fn sync_dir(&self) -> io::Result<()> {
        #[cfg(unix)]
        File::open(&self.dir)?.sync_all()?;
        Ok(())
    }

    fn holding(&self) -> Result<(), StoreError> {
        match self.lock {
            Some(_) => Ok(()),
            None => Err(StoreError::Busy),
        }
    }
}

impl Store for FileStore {
    fn claim(&mut self) -> Result<(), StoreError> {
        if self.lock.is_some() {
            return Ok(());
        }
        fs::create_dir_all(&self.dir).map_err(|e| failed("the save's directory", &e))?;
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.dir.join(LOCK))
            .map_err(|e| failed(LOCK, &e))?;
        match file.try_lock() {
            Ok(()) => {
                self.lock = Some(file);
                Ok(())
            }
            Err(TryLockError::WouldBlock) => Err(StoreError::Busy),
            Err(TryLockError::Error(e)) => Err(failed(LOCK, &e)),
        }
    }

    fn read(&mut self) -> Result<Option<&str>, StoreError> {
        match fs::read(self.path()) {
            Ok(bytes) => {
                // Text that is not UTF-8 is damage like any other: it
                // fails to load, and is set aside.
                self.text = String::from_utf8(bytes).unwrap_or_default();
                Ok(Some(&self.text))
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(failed(SAVE, &e)),
        }
    }

    fn write(&mut self, save: &SaveText<'_>) -> Result<(), StoreError> {
        self.holding()?;
        let temp = self
            .write_temporary(save)
            .map_err(|e| failed("the new save", &e))?;
        if let Err(e) = fs::rename(&temp, self.path()) {
            let _ = fs::remove_file(&temp);
            return Err(failed(SAVE, &e));
        }
        self.sync_dir()
            .map_err(|e| failed("the save's directory", &e))
    }

    fn set_aside(&mut self) -> Result<Line, StoreError> {
        self.holding()?;
        let bad = self.dir.join(BAD);
        if bad.exists() {
            let mut n = 1;
            while self.dir.join(format!("{BAD}.{n}")).exists() {
                n += 1;
            }
            fs::rename(&bad, self.dir.join(format!("{BAD}.{n}"))).map_err(|e| failed(BAD, &e))?;
        }
        fs::rename(self.path(), &bad).map_err(|e| failed(SAVE, &e))?;
        let _ = self.sync_dir();
        Ok(line(format_args!("as {}", bad.display())))
    }

    fn remove(&mut self) -> Result<(), StoreError> {
        self.holding()?;
        match fs::remove_file(self.path()) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(failed(SAVE, &e)),
            _ => Ok(()),
        }
    }

    fn name(&self) -> &'static str {
        SAVE
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::game::Game;
    use amulets_core::player::Class;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("amulets-store-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    fn text_of(store: &mut FileStore) -> Option<String> {
        store.read().unwrap().map(str::to_string)
    }

    #[test]
    fn a_save_writes_and_reads_back_the_same_text() {
        let dir = scratch("roundtrip");
        let mut store = FileStore::in_dir(&dir);
        store.claim().unwrap();
        assert_eq!(text_of(&mut store), None);
        let game = Game::new_run(42, Class::Rogue);
        store.write(&SaveText(&game)).unwrap();
        assert_eq!(text_of(&mut store), Some(SaveText(&game).to_string()));
        store.remove().unwrap();
        assert_eq!(text_of(&mut store), None);
        // Only the lock is left: no temporary file stayed behind.
        let left: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(left, [LOCK]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_second_store_of_the_same_directory_cannot_write() {
        let dir = scratch("lock");
        let mut first = FileStore::in_dir(&dir);
        first.claim().unwrap();
        let game = Game::new_run(1, Class::Fighter);
        first.write(&SaveText(&game)).unwrap();
        let mut second = FileStore::in_dir(&dir);
        assert_eq!(second.claim(), Err(StoreError::Busy));
        let other = Game::new_run(2, Class::Wizard);
        assert_eq!(second.write(&SaveText(&other)), Err(StoreError::Busy));
        assert_eq!(second.remove(), Err(StoreError::Busy));
        assert_eq!(
            text_of(&mut second),
            Some(SaveText(&game).to_string()),
            "it can read"
        );
        // The first game ends, however it ends: its lock goes with it.
        drop(first);
        second.claim().unwrap();
        second.write(&SaveText(&other)).unwrap();
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_crash_before_the_rename_leaves_the_old_save_whole() {
        let dir = scratch("crash");
        let mut store = FileStore::in_dir(&dir);
        store.claim().unwrap();
        let old = Game::new_run(1, Class::Fighter);
        store.write(&SaveText(&old)).unwrap();
        let before = fs::read_to_string(store.path()).unwrap();
        // The new save is written beside it, and the process dies there.
        let new = Game::new_run(2, Class::Wizard);
        let a = store.write_temporary(&SaveText(&new)).unwrap();
        let b = store.write_temporary(&SaveText(&new)).unwrap();
        assert_ne!(a, b, "every write has a temporary file of its own");
        assert_eq!(fs::read_to_string(store.path()).unwrap(), before);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn damaged_saves_are_set_aside_and_never_deleted() {
        let dir = scratch("bad");
        let mut store = FileStore::in_dir(&dir);
        store.claim().unwrap();
        for (i, junk) in ["garbage", "amulets-save 1\nseed x\n", "more"]
            .iter()
            .enumerate()
        {
            fs::write(store.path(), junk).unwrap();
            let place = store.set_aside().unwrap();
            assert!(place.ends_with("save.bad"), "{place}");
            assert!(!store.path().exists());
            assert_eq!(fs::read_to_string(dir.join(BAD)).unwrap(), *junk);
            if i > 0 {
                assert!(
                    dir.join(format!("{BAD}.{i}")).exists(),
                    "the older one is kept"
                );
            }
        }
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_directory_that_cannot_be_made_says_why() {
        let file = scratch("not-a-dir");
        fs::write(&file, "in the way").unwrap();
        let mut store = FileStore::in_dir(&file.join("saves"));
        match store.claim() {
            Err(StoreError::Failed(why)) => {
                assert!(why.starts_with("the save's directory: "), "{why}")
            }
            other => panic!("{other:?}"),
        }
        let _ = fs::remove_file(&file);
    }

    /// Where Windows programs keep their data: the roaming application
    /// data (`%APPDATA%`). Run under Wine by `cargo xtask windows`.
    #[cfg(windows)]
    #[test]
    fn on_windows_saves_go_under_appdata() {
        let store = FileStore::default_place().expect("Windows has a data directory");
        let appdata = PathBuf::from(std::env::var("APPDATA").expect("APPDATA is set"));
        assert!(
            store.path().starts_with(&appdata),
            "{}",
            store.path().display()
        );
        assert!(
            store.path().ends_with("Amulets/data/save.txt"),
            "{}",
            store.path().display()
        );
    }

    /// Where Linux programs keep their data: `$XDG_DATA_HOME` or
    /// `~/.local/share`.
    #[cfg(target_os = "linux")]
    #[test]
    fn on_linux_saves_go_under_the_xdg_data_home() {
        let store = FileStore::default_place().expect("a home directory");
        let home = std::env::var("XDG_DATA_HOME")
            .ok()
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(std::env::var("HOME").unwrap()).join(".local/share"));
        assert_eq!(store.path(), home.join("amulets/save.txt"));
    }
}
