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
//! - **Only a save is read**: a regular file of at most `MAX_READ` bytes.
//!   Anything else there (a FIFO, a device, a huge file) is reported and
//!   left alone, and a new run asks before it replaces it.
//! - **Leftovers go**: a killed game's temporary files are removed once the
//!   lock is held (no other game writes without it).
//!
//! Without the lock the store can read, and nothing else: no write, no
//! removal, nothing set aside. With no directory to keep the save in (no
//! home directory), it says so and keeps nothing.

use amulets_core::session::{SaveText, Store, StoreError};
use amulets_core::text::{Line, line};
use std::fs::{self, File, TryLockError};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// The save's file name in its directory.
pub const SAVE: &str = "save.txt";
/// The lock's file name: held by the game that saves.
pub const LOCK: &str = "save.lock";
/// Where a damaged save goes.
pub const BAD: &str = "save.bad";

/// The most bytes read as a save: twice the longest save, room for a
/// byte-order mark and CRLF line ends.
pub const MAX_READ: u64 = 2 * amulets_core::game::save::MAX_SAVE_BYTES as u64;

/// Temporary files of this process, counted so no two writes share a name.
static WRITES: AtomicU32 = AtomicU32::new(0);

/// The save's directory, and the lock once held.
pub struct FileStore {
    dir: PathBuf,
    /// Why there is nowhere to keep the save, when there is not.
    nowhere: Option<String>,
    lock: Option<File>,
    /// The saved run's text as last read, lent out by `read`.
    text: String,
    /// Opens the save to read it: the file itself, but for the tests, which
    /// put a failing disk in its place.
    open: fn(&Path) -> io::Result<Box<dyn Read>>,
}

/// The save's file, to read.
fn open_file(path: &Path) -> io::Result<Box<dyn Read>> {
    Ok(Box::new(File::open(path)?))
}

/// An I/O error in the words the player reads.
fn failed(what: &str, e: &io::Error) -> StoreError {
    StoreError::Failed(line(format_args!("{what}: {e}")))
}

impl FileStore {
    /// The store in the platform's data directory for Amulets; where there
    /// is none (no home directory: no `HOME`, and a user not in the
    /// password file, as in some containers), a store that says so and
    /// keeps nothing.
    pub fn default_place() -> FileStore {
        match directories::ProjectDirs::from("", "", "Amulets") {
            Some(dirs) => FileStore::in_dir(dirs.data_dir()),
            // Short enough for the panel; the README says --save-dir.
            None => FileStore::nowhere("there is no home directory".into()),
        }
    }

    /// The store in a directory (made when the store is claimed).
    pub fn in_dir(dir: &Path) -> FileStore {
        FileStore {
            dir: dir.to_path_buf(),
            nowhere: None,
            lock: None,
            text: String::new(),
            open: open_file,
        }
    }

    /// A store with nowhere to keep the save: it claims nothing, and says
    /// why.
    pub fn nowhere(why: String) -> FileStore {
        FileStore {
            dir: PathBuf::new(),
            nowhere: Some(why),
            lock: None,
            text: String::new(),
            open: open_file,
        }
    }

    /// Removes the temporary files of games that died writing (only while
    /// the lock is held: no other game writes without it).
    fn remove_leftovers(&self) {
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return;
        };
        for e in entries.flatten() {
            let name = e.file_name();
            let name = name.to_string_lossy();
            if name.starts_with(&format!("{SAVE}.")) && name.ends_with(".tmp") {
                let _ = fs::remove_file(e.path());
            }
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
        if let Some(why) = &self.nowhere {
            return Err(StoreError::Failed(line(format_args!("{why}"))));
        }
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
                self.remove_leftovers();
                Ok(())
            }
            Err(TryLockError::WouldBlock) => Err(StoreError::Busy),
            Err(TryLockError::Error(e)) => Err(failed(LOCK, &e)),
        }
    }

    fn read(&mut self) -> Result<Option<&str>, StoreError> {
        if self.nowhere.is_some() {
            return Ok(None);
        }
        // Looked at before it is opened: opening a FIFO would wait for a
        // writer, and a device or a huge file is no save.
        let path = self.path();
        let meta = match fs::metadata(&path) {
            Ok(m) => m,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(failed(SAVE, &e)),
        };
        if !meta.is_file() {
            return Err(StoreError::Refused(line(format_args!(
                "{SAVE} is not a regular file"
            ))));
        }
        if meta.len() > MAX_READ {
            return Err(StoreError::Refused(line(format_args!(
                "{SAVE} is {} bytes, far longer than any save",
                meta.len()
            ))));
        }
        let mut bytes = Vec::new();
        (self.open)(&path)
            .and_then(|f| f.take(MAX_READ).read_to_end(&mut bytes))
            .map_err(|e| failed(SAVE, &e))?;
        // Text that is not UTF-8 is damage like any other: it fails to
        // load, and is set aside.
        self.text = String::from_utf8(bytes).unwrap_or_default();
        Ok(Some(&self.text))
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

    /// A disk that gives a few bytes, then EIO, as a failing sector does
    /// (Unix's error 5; Windows numbers its errors otherwise).
    #[cfg(unix)]
    fn failing_disk(_: &Path) -> io::Result<Box<dyn Read>> {
        struct Failing(u32);
        impl Read for Failing {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                if self.0 == 0 {
                    return Err(io::Error::from_raw_os_error(5));
                }
                self.0 -= 1;
                buf[0] = b'a';
                Ok(1)
            }
        }
        Ok(Box::new(Failing(3)))
    }

    #[cfg(unix)]
    #[test]
    fn an_io_error_reading_the_save_is_said_and_the_save_set_aside_whole() {
        let dir = scratch("eio");
        fs::create_dir_all(&dir).unwrap();
        let saved = SaveText(&Game::new_run(5, Class::Rogue)).to_string();
        fs::write(dir.join(SAVE), &saved).unwrap();
        let mut store = FileStore::in_dir(&dir);
        store.open = failing_disk;
        store.claim().unwrap();
        match store.read() {
            Err(StoreError::Failed(why)) => {
                assert!(why.starts_with("save.txt: Input/output error"), "{why}")
            }
            other => panic!("{other:?}"),
        }
        // Through a session, as a game starts: set aside, never written over.
        let start = amulets_core::session::Start {
            seed: Some(9),
            class: Some(Class::Wizard),
            ..Default::default()
        };
        drop(store);
        let mut store = FileStore::in_dir(&dir);
        store.open = failing_disk;
        let session = amulets_core::session::Session::new(store, (), || 1, start);
        let note = session.note().unwrap_or("").to_string();
        assert!(
            note.contains("could not be read (save.txt: Input/output"),
            "{note}"
        );
        assert_eq!(
            fs::read_to_string(dir.join(BAD)).ok().as_deref(),
            Some(saved.as_str()),
            "kept whole: {note}"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_or_a_huge_file_is_refused_and_left_where_it_is() {
        let dir = scratch("fifo");
        fs::create_dir_all(&dir).unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(dir.join(SAVE))
            .status()
            .unwrap();
        assert!(made.success());
        let mut store = FileStore::in_dir(&dir);
        store.claim().unwrap();
        // Read at once, not waiting for a writer.
        match store.read() {
            Err(StoreError::Refused(why)) => assert!(why.contains("not a regular file"), "{why}"),
            other => panic!("{other:?}"),
        }
        fs::remove_file(dir.join(SAVE)).unwrap();
        // A 2 GB sparse file: refused by its size, never read.
        let huge = File::create(dir.join(SAVE)).unwrap();
        huge.set_len(2 << 30).unwrap();
        match store.read() {
            Err(StoreError::Refused(why)) => assert!(why.contains("longer than any save"), "{why}"),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            fs::metadata(dir.join(SAVE)).unwrap().len(),
            2 << 30,
            "left alone"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_killed_games_temporary_files_go_once_the_lock_is_held() {
        let dir = scratch("leftovers");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("save.txt.4242-0.tmp"), "half a save").unwrap();
        fs::write(dir.join("notes.tmp"), "not ours").unwrap();
        let mut store = FileStore::in_dir(&dir);
        store.claim().unwrap();
        assert!(!dir.join("save.txt.4242-0.tmp").exists());
        assert!(dir.join("notes.tmp").exists(), "only the save's own");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn with_nowhere_to_keep_it_the_store_says_why() {
        let mut store = FileStore::nowhere("there is no home directory".into());
        match store.claim() {
            Err(StoreError::Failed(why)) => assert_eq!(why.as_str(), "there is no home directory"),
            other => panic!("{other:?}"),
        }
        assert_eq!(store.read(), Ok(None));
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
        let store = FileStore::default_place();
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
        let store = FileStore::default_place();
        let home = std::env::var("XDG_DATA_HOME")
            .ok()
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(std::env::var("HOME").unwrap()).join(".local/share"));
        assert_eq!(store.path(), home.join("amulets/save.txt"));
    }
}
