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

use crate::files::{self, ReadError};
use amulets_core::daily::Day;
use amulets_core::text::{Line, Note, line, note};
use amulets_play::fame::{Hall, MAX_HALL_BYTES};
use amulets_play::morgue::{self, End};
use amulets_play::palettes::Palette;
use amulets_play::store::{Colours, Fame, Records, SaveText, Saves, StoreError};
use std::fs::{self, File, TryLockError};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The save's file name in its directory.
pub const SAVE: &str = "save.txt";
/// The lock's file name: held by the game that saves.
pub const LOCK: &str = "save.lock";
/// Where a damaged save goes.
pub const BAD: &str = "save.bad";

/// The most bytes read as a save: twice the longest save, room for a
/// byte-order mark and CRLF line ends.
pub const MAX_READ: u64 = 2 * amulets_core::game::save::MAX_SAVE_BYTES as u64;

/// The hall of fame's file, beside the save.
pub const SCORES: &str = "scores.txt";
/// Its lock: every game that writes the hall waits for it (`File::lock`),
/// so two games that end at once both get in.
pub const SCORES_LOCK: &str = "scores.lock";
/// Where a damaged hall goes.
pub const SCORES_BAD: &str = "scores.bad";
/// The folder of the runs' records, beside the save.
pub const MORGUE: &str = "morgue";
/// The most bytes read as a hall: twice the longest.
pub const MAX_HALL_READ: u64 = 2 * MAX_HALL_BYTES as u64;

/// The save's directory, and the lock once held.
pub struct FileStore {
    dir: PathBuf,
    /// Why there is nowhere to keep the save, when there is not.
    nowhere: Option<String>,
    lock: Option<File>,
    /// Why the last claim failed: what a write without the lock says, so a
    /// read-only folder is never blamed on another game.
    refused: Option<StoreError>,
    /// The saved run's text as last read, lent out by `read`.
    text: String,
    /// The hall of fame's text as last read, lent out by `hall`.
    hall: Option<String>,
    /// The last record kept here, lent out by `record`.
    record: Option<String>,
    /// Opens the save to read it: the file itself, but for the tests, which
    /// put a failing disk in its place.
    open: fn(&Path) -> io::Result<Box<dyn Read>>,
}

/// An I/O error in the words the player reads.
/// Why a read-only folder, a full disk and a missing permission are said
/// as such (with the folder, shortened to fit a note), and any other
/// error as the system words it.
fn failed(what: &str, dir: &Path, e: &io::Error) -> StoreError {
    let folder = || files::shown(dir, FOLDER_ROOM);
    StoreError::Failed(match e.kind() {
        io::ErrorKind::ReadOnlyFilesystem => line(format_args!("{} is read-only", folder())),
        io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => {
            line(format_args!("{what}: the disk is full"))
        }
        io::ErrorKind::PermissionDenied => {
            line(format_args!("{what}: no permission in {}", folder()))
        }
        _ => line(format_args!("{what}: {e}")),
    })
}

/// The most characters a folder takes in a store's error: with the words
/// around it, a line holds it whole.
const FOLDER_ROOM: usize = 40;

/// The most characters a record's path takes in the end screen's note
/// (its file's name is whole whatever its length): with the words around
/// it, a note holds it whole.
const RECORD_ROOM: usize = 100;

impl FileStore {
    /// The store in the platform's data directory for Amulets; where there
    /// is none (no home directory: no `HOME`, and a user not in the
    /// password file, as in some containers), a store that says so and
    /// keeps nothing.
    pub fn default_place() -> FileStore {
        match directories::ProjectDirs::from("", "", "Amulets") {
            Some(dirs) => FileStore::in_dir(dirs.data_dir()),
            // Short enough for the panel; docs/desktop.md says --save-dir.
            None => FileStore::nowhere("there is no home directory".into()),
        }
    }

    /// The store in a directory (made when the store is claimed).
    pub fn in_dir(dir: &Path) -> FileStore {
        FileStore {
            dir: dir.to_path_buf(),
            nowhere: None,
            lock: None,
            refused: None,
            text: String::new(),
            hall: None,
            record: None,
            open: files::open_file,
        }
    }

    /// A store with nowhere to keep the save: it claims nothing, and says
    /// why.
    pub fn nowhere(why: String) -> FileStore {
        FileStore {
            dir: PathBuf::new(),
            nowhere: Some(why),
            lock: None,
            refused: None,
            text: String::new(),
            hall: None,
            record: None,
            open: files::open_file,
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
            if files::is_temporary(&name, SAVE) {
                let _ = fs::remove_file(e.path());
            }
        }
    }

    /// True when the store has a directory (not `nowhere`).
    pub fn has_place(&self) -> bool {
        self.nowhere.is_none()
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The save file's path.
    pub fn path(&self) -> PathBuf {
        self.dir.join(SAVE)
    }

    /// Takes the lock (`Saves::claim`).
    fn try_claim(&mut self) -> Result<(), StoreError> {
        if let Some(why) = &self.nowhere {
            return Err(StoreError::Failed(line(format_args!("{why}"))));
        }
        if self.lock.is_some() {
            return Ok(());
        }
        fs::create_dir_all(&self.dir).map_err(|e| failed("the save's directory", &self.dir, &e))?;
        let file = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.dir.join(LOCK))
            .map_err(|e| failed(LOCK, &self.dir, &e))?;
        match file.try_lock() {
            Ok(()) => {
                self.lock = Some(file);
                self.remove_leftovers();
                Ok(())
            }
            Err(TryLockError::WouldBlock) => Err(StoreError::Busy),
            Err(TryLockError::Error(e)) => Err(failed(LOCK, &self.dir, &e)),
        }
    }

    /// Ok while the lock is held; else why not: the claim's failure, or
    /// another game when none was tried.
    fn holding(&self) -> Result<(), StoreError> {
        match (&self.lock, &self.refused) {
            (Some(_), _) => Ok(()),
            (None, Some(why)) => Err(why.clone()),
            (None, None) => Err(StoreError::Busy),
        }
    }
}

impl Saves for FileStore {
    fn claim(&mut self) -> Result<(), StoreError> {
        let claimed = self.try_claim();
        self.refused = claimed.clone().err();
        claimed
    }

    fn read(&mut self) -> Result<Option<&str>, StoreError> {
        if self.nowhere.is_some() {
            return Ok(None);
        }
        // A device or a huge file is no save; text that is not UTF-8 is
        // damage like any other: it fails to load, and is set aside.
        match files::read_bounded(&self.path(), MAX_READ, self.open) {
            Ok(None) => Ok(None),
            Ok(Some(text)) => {
                self.text = text;
                Ok(Some(&self.text))
            }
            Err(ReadError::Refused(why)) => Err(StoreError::Refused(line(format_args!("{why}")))),
            Err(ReadError::Failed(e)) => Err(failed(SAVE, &self.dir, &e)),
        }
    }

    fn write(&mut self, save: &SaveText<'_>) -> Result<(), StoreError> {
        self.holding()?;
        files::write_atomic(&self.dir, SAVE, &save.to_string())
            .map_err(|e| failed(SAVE, &self.dir, &e))
    }

    fn set_aside(&mut self) -> Result<Line, StoreError> {
        self.holding()?;
        let bad =
            files::set_aside(&self.dir, SAVE, BAD).map_err(|e| failed(SAVE, &self.dir, &e))?;
        Ok(line(format_args!("as {}", files::shown(&bad, FOLDER_ROOM))))
    }

    fn remove(&mut self) -> Result<(), StoreError> {
        self.holding()?;
        match fs::remove_file(self.path()) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(failed(SAVE, &self.dir, &e)),
            _ => Ok(()),
        }
    }

    fn name(&self) -> &'static str {
        SAVE
    }
}

impl Records for FileStore {
    fn stamp(&mut self) -> morgue::Stamp {
        crate::clock::stamp()
    }

    fn keep_record(
        &mut self,
        end: &End<'_>,
        stamp: morgue::Stamp,
    ) -> Result<Option<Note>, StoreError> {
        if self.nowhere.is_some() {
            return Ok(None);
        }
        let record = self.write_record(end, stamp)?;
        let record = files::shown(&record, RECORD_ROOM);
        Ok(Some(note(format_args!("The record is in {record}."))))
    }

    fn read_record(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    fn record(&self) -> Option<&str> {
        self.record.as_deref()
    }
}

impl Fame for FileStore {
    /// Changes the hall of fame under its lock, waiting for another game
    /// that holds it: read (a damaged hall set aside, and a new one begun),
    /// changed by `change`, written whole.
    fn change_hall<T>(&mut self, change: impl FnOnce(&mut Hall) -> T) -> Result<T, StoreError> {
        fs::create_dir_all(&self.dir).map_err(|e| failed("the save's directory", &self.dir, &e))?;
        let lock = File::options()
            .create(true)
            .truncate(false)
            .write(true)
            .open(self.dir.join(SCORES_LOCK))
            .map_err(|e| failed(SCORES_LOCK, &self.dir, &e))?;
        lock.lock()
            .map_err(|e| failed(SCORES_LOCK, &self.dir, &e))?;
        let read = files::read_bounded(&self.dir.join(SCORES), MAX_HALL_READ, self.open);
        let mut hall = match read {
            Ok(None) => Hall::new(),
            Ok(Some(text)) => match Hall::parse(&text) {
                Ok(hall) => hall,
                Err(_) => {
                    files::set_aside(&self.dir, SCORES, SCORES_BAD)
                        .map_err(|e| failed(SCORES, &self.dir, &e))?;
                    Hall::new()
                }
            },
            Err(ReadError::Refused(why)) => {
                return Err(StoreError::Refused(line(format_args!("{why}"))));
            }
            Err(ReadError::Failed(e)) => return Err(failed(SCORES, &self.dir, &e)),
        };
        let out = change(&mut hall);
        let text = hall.to_string();
        files::write_atomic(&self.dir, SCORES, &text).map_err(|e| failed(SCORES, &self.dir, &e))?;
        self.hall = Some(text);
        // The lock goes with the file.
        drop(lock);
        Ok(out)
    }

    fn read_hall(&mut self) -> Result<(), StoreError> {
        if self.nowhere.is_some() {
            self.hall = None;
            return Ok(());
        }
        self.hall = match files::read_bounded(&self.dir.join(SCORES), MAX_HALL_READ, self.open) {
            Ok(text) => text,
            Err(ReadError::Refused(why)) => {
                return Err(StoreError::Refused(line(format_args!("{why}"))));
            }
            Err(ReadError::Failed(e)) => return Err(failed(SCORES, &self.dir, &e)),
        };
        Ok(())
    }

    fn hall(&self) -> Option<&str> {
        self.hall.as_deref()
    }

    fn begin_daily(&mut self, day: Day) -> Result<bool, StoreError> {
        if self.nowhere.is_some() {
            return Ok(true);
        }
        self.change_hall(|hall| hall.begin_daily(day))
    }
}

/// The desktop keeps the palette in its settings file (`settings`).
impl Colours for FileStore {
    fn palette(&mut self) -> Option<Palette> {
        None
    }

    fn keep_palette(&mut self, _: Palette) -> Result<(), StoreError> {
        Ok(())
    }
}

impl FileStore {
    /// Writes a run's record into `morgue/`, as a new file that never
    /// replaces another (the name holds the time, and a count when that is
    /// taken). Its path.
    fn write_record(&mut self, end: &End<'_>, stamp: morgue::Stamp) -> Result<PathBuf, StoreError> {
        let dir = self.dir.join(MORGUE);
        fs::create_dir_all(&dir).map_err(|e| failed(MORGUE, &dir, &e))?;
        let mut text = String::new();
        morgue::write(&mut text, end, stamp).map_err(|_| {
            StoreError::Failed(line(format_args!("the record could not be written")))
        })?;
        for taken in 0..1000 {
            let name = morgue::file_name(end, stamp, taken);
            match files::write_new(&dir, &name, &text) {
                Ok(()) => {
                    self.record = Some(text);
                    return Ok(dir.join(name.as_str()));
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(failed(MORGUE, &dir, &e)),
            }
        }
        Err(StoreError::Failed(line(format_args!(
            "a thousand records of that second are there"
        ))))
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
    fn a_store_it_cannot_claim_says_why_and_never_blames_another_game() {
        // A folder where a file is: the claim fails, and so does every
        // write after it, for the claim's reason.
        let dir = scratch("unclaimable");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("file"), "").unwrap();
        let mut store = FileStore::in_dir(&dir.join("file").join("amulets"));
        let why = store.claim().unwrap_err();
        assert!(matches!(why, StoreError::Failed(_)), "{why:?}");
        assert_eq!(store.set_aside(), Err(why.clone()));
        assert_eq!(store.remove(), Err(why.clone()));
        assert!(!why.to_string().contains("another game"), "{why}");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_read_only_folder_a_full_disk_and_no_permission_are_said_so() {
        let dir = Path::new("/srv/amulets");
        let said = |kind| failed(LOCK, dir, &io::Error::from(kind)).to_string();
        assert_eq!(
            said(io::ErrorKind::ReadOnlyFilesystem),
            format!("{} is read-only", files::shown(dir, FOLDER_ROOM))
        );
        assert_eq!(
            said(io::ErrorKind::StorageFull),
            "save.lock: the disk is full"
        );
        assert_eq!(
            said(io::ErrorKind::PermissionDenied),
            format!(
                "save.lock: no permission in {}",
                files::shown(dir, FOLDER_ROOM)
            )
        );
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
        let text = SaveText(&new).to_string();
        let a = files::write_temporary(&dir, SAVE, &text).unwrap();
        let b = files::write_temporary(&dir, SAVE, &text).unwrap();
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
        let start = amulets_play::session::Start {
            seed: Some(9),
            class: Some(Class::Wizard),
            ..Default::default()
        };
        drop(store);
        let mut store = FileStore::in_dir(&dir);
        store.open = failing_disk;
        let session = amulets_play::session::Session::new(store, (), || 1, start);
        let note = session.notes.note().unwrap_or("").to_string();
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
            Err(StoreError::Refused(why)) => {
                assert!(why.contains("far longer than it can be"), "{why}")
            }
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

    /// A run ended by hand: a Fighter dead on its first floor.
    fn an_ended_run(seed: u32) -> Game {
        let mut game = Game::new_run(seed, Class::Fighter);
        game.player_mut().gold = seed;
        game.die_for_tests(amulets_core::game::Cause::Poison);
        game
    }

    #[test]
    fn two_games_that_end_at_once_both_get_in() {
        let dir = scratch("fame");
        let games = 2;
        let each = 25u32;
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(games));
        let threads: Vec<_> = (0..games)
            .map(|g| {
                let (dir, barrier) = (dir.clone(), barrier.clone());
                std::thread::spawn(move || {
                    // Each its own store, as each game has: its own open
                    // lock file, which the system orders as two processes'.
                    let mut store = FileStore::in_dir(&dir);
                    barrier.wait();
                    for i in 0..each {
                        let game = an_ended_run(1 + i * 2 + g as u32);
                        let end = End {
                            game: &game,
                            ending: morgue::Ending::Died,
                            replay: None,
                            bot: false,
                        };
                        amulets_play::store::enter_end(&mut store, &end).unwrap();
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        let text = fs::read_to_string(dir.join(SCORES)).unwrap();
        let hall = Hall::parse(&text).unwrap();
        assert_eq!(hall.entered, 2 * each, "every run was numbered once");
        assert_eq!(hall.runs.len(), 20, "the 20 best kept");
        // The best by gold (each run's gold is its seed): the top 20 seeds.
        let golds: Vec<u32> = hall.runs.iter().map(|e| e.gold).collect();
        let want: Vec<u32> = (31..=50).rev().collect();
        assert_eq!(golds, want);
        let records = fs::read_dir(dir.join(MORGUE)).unwrap().count();
        assert_eq!(
            records,
            2 * each as usize,
            "a record each, none written over"
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_record_never_replaces_another_of_the_same_second() {
        let dir = scratch("morgue");
        let mut store = FileStore::in_dir(&dir);
        let game = an_ended_run(42);
        let end = End {
            game: &game,
            ending: morgue::Ending::Died,
            replay: None,
            bot: false,
        };
        let stamp = morgue::Stamp::of_unix_seconds(1_796_169_600);
        let a = store.write_record(&end, stamp).unwrap();
        let b = store.write_record(&end, stamp).unwrap();
        assert_ne!(a, b);
        assert!(
            a.ends_with("fighter-42-2026-12-02-000000-died.txt"),
            "{}",
            a.display()
        );
        assert!(
            b.ends_with("fighter-42-2026-12-02-000000-died-2.txt"),
            "{}",
            b.display()
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_damaged_hall_is_set_aside_and_a_new_one_begun() {
        let dir = scratch("badhall");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join(SCORES), "amulets-scores 1\nentered x\n").unwrap();
        let mut store = FileStore::in_dir(&dir);
        let day = Day::parse("2026-12-02").unwrap();
        assert_eq!(store.begin_daily(day), Ok(true));
        assert_eq!(store.begin_daily(day), Ok(false), "the second is practice");
        assert_eq!(
            fs::read_to_string(dir.join(SCORES_BAD)).unwrap(),
            "amulets-scores 1\nentered x\n",
            "kept, not deleted"
        );
        // A hall that is no regular file is refused, and left alone.
        fs::remove_file(dir.join(SCORES)).unwrap();
        fs::create_dir(dir.join(SCORES)).unwrap();
        assert!(matches!(
            store.begin_daily(day),
            Err(StoreError::Refused(_))
        ));
        assert!(matches!(store.read_hall(), Err(StoreError::Refused(_))));
        assert!(dir.join(SCORES).is_dir());
        let _ = fs::remove_dir_all(&dir);
    }
}
