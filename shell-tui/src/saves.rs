//! The save file: `save.txt` in the platform's data directory, written
//! atomically (a temporary file in the same directory, flushed and synced,
//! then renamed over the old one), so a crash mid-write leaves the old save
//! whole. A save that fails to load is set aside as `save.bad` (an older
//! `save.bad` moves to `save.bad.1`, `.2`...: nothing is ever deleted) and a
//! save of another version is left in place and refused by name.
//!
//! Both desktop shells use it: the terminal game and the SDL game.

use amulets_core::game::save::LoadError;
use amulets_core::game::{Game, Request, State};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Where the save lives.
pub struct SaveSlot {
    dir: PathBuf,
}

/// Why a save could not be continued, in one line for the title screen.
#[derive(Debug, PartialEq, Eq)]
pub enum Problem {
    /// Another version's save, left where it is.
    OtherVersion(String),
    /// A damaged save, moved aside to the path given.
    SetAside(String),
    /// The file could not be read or moved.
    Io(String),
}

impl Problem {
    pub fn line(&self) -> &str {
        match self {
            Problem::OtherVersion(s) | Problem::SetAside(s) | Problem::Io(s) => s,
        }
    }
}

impl SaveSlot {
    /// The platform's data directory for Amulets (created when first
    /// written), or `None` where the platform has none.
    pub fn default_place() -> Option<SaveSlot> {
        let dirs = directories::ProjectDirs::from("", "", "Amulets")?;
        Some(SaveSlot::in_dir(dirs.data_dir()))
    }

    pub fn in_dir(dir: &Path) -> SaveSlot {
        SaveSlot {
            dir: dir.to_path_buf(),
        }
    }

    pub fn path(&self) -> PathBuf {
        self.dir.join("save.txt")
    }

    /// True when there is a save to continue.
    pub fn exists(&self) -> bool {
        self.path().is_file()
    }

    /// Writes the run atomically.
    pub fn write(&self, game: &Game) -> io::Result<()> {
        let temp = self.write_temporary(game)?;
        fs::rename(&temp, self.path())
    }

    /// The first half of a write: the new save, complete and synced, beside
    /// the old one. Until the rename the old save is untouched.
    fn write_temporary(&self, game: &Game) -> io::Result<PathBuf> {
        fs::create_dir_all(&self.dir)?;
        let mut text = String::new();
        game.write_save(&mut text)
            .map_err(|_| io::Error::other("the save could not be written"))?;
        let temp = self.dir.join("save.txt.tmp");
        let mut file = fs::File::create(&temp)?;
        file.write_all(text.as_bytes())?;
        file.flush()?;
        file.sync_all()?;
        Ok(temp)
    }

    /// The saved run, if there is one.
    pub fn load(&self) -> Result<Option<Game>, Problem> {
        let path = self.path();
        let text = match fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) if e.kind() == io::ErrorKind::InvalidData => String::new(),
            Err(e) => return Err(Problem::Io(format!("save.txt: {e}"))),
        };
        match Game::read_save(&text) {
            Ok(game) => Ok(Some(game)),
            Err(e @ LoadError::WrongVersion { .. }) => {
                Err(Problem::OtherVersion(format!("save.txt: {e}.")))
            }
            Err(e) => {
                let aside = self.set_aside().map_err(|io| {
                    Problem::Io(format!(
                        "save.txt: {e}, and it could not be moved aside: {io}"
                    ))
                })?;
                let name = aside
                    .file_name()
                    .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
                Err(Problem::SetAside(format!(
                    "save.txt: {e}; it was kept as {name}."
                )))
            }
        }
    }

    /// Moves the save to `save.bad`, first moving an older `save.bad` to
    /// the first free `save.bad.N`.
    fn set_aside(&self) -> io::Result<PathBuf> {
        let bad = self.dir.join("save.bad");
        if bad.exists() {
            let mut n = 1;
            while self.dir.join(format!("save.bad.{n}")).exists() {
                n += 1;
            }
            fs::rename(&bad, self.dir.join(format!("save.bad.{n}")))?;
        }
        fs::rename(self.path(), &bad)?;
        Ok(bad)
    }

    /// Removes the save of a run that has ended (death or victory), once its
    /// end screen has been shown.
    pub fn remove(&self) -> io::Result<()> {
        match fs::remove_file(self.path()) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }
}

/// The save follows the run, the same in every desktop shell: written on
/// arrival on every floor, written when the player saves and quits, read
/// back by the title's C, and removed once a run's end screen has been
/// shown (permadeath).
pub struct Keeper {
    /// Where the run is saved (none: saving is off).
    pub slot: Option<SaveSlot>,
    /// The floor last saved on arrival, so each arrival saves once.
    saved_depth: i32,
}

/// What the shell should do about a request of the game.
#[derive(Debug, PartialEq, Eq)]
pub enum Answer {
    /// Nothing more.
    Done,
    /// Stop the program.
    Quit,
    /// A line to show the player (a save that could not be read or written).
    Note(String),
}

impl Keeper {
    pub fn new(slot: Option<SaveSlot>) -> Keeper {
        Keeper {
            slot,
            saved_depth: 0,
        }
    }

    /// Writes the save now; `Err` with a line for the player if it failed.
    pub fn save(&self, game: &Game) -> Result<(), String> {
        match &self.slot {
            Some(slot) => slot
                .write(game)
                .map_err(|e| format!("The run could not be saved: {e}")),
            None => Ok(()),
        }
    }

    /// Called after each frame is drawn: saves on arrival on a floor and
    /// removes the save once the end screen has been shown.
    pub fn after_draw(&mut self, game: &Game) -> Result<(), String> {
        match game.state() {
            State::Dead | State::Won => {
                if let Some(slot) = &self.slot
                    && self.saved_depth != 0
                {
                    let _ = slot.remove();
                    self.saved_depth = 0;
                }
            }
            State::Title | State::ChooseClass => self.saved_depth = 0,
            _ => {
                if game.depth() != self.saved_depth {
                    // Tried once an arrival: a save that fails says so once,
                    // not at every frame.
                    self.saved_depth = game.depth();
                    self.save(game)?;
                }
            }
        }
        Ok(())
    }

    /// Does what the game asked: quit, save and quit, or continue the saved
    /// run (replacing `game`).
    pub fn answer(&mut self, request: Option<Request>, game: &mut Game) -> Answer {
        match request {
            None => Answer::Done,
            Some(Request::Quit) => Answer::Quit,
            Some(Request::SaveAndQuit) => match self.save(game) {
                Ok(()) => Answer::Quit,
                Err(note) => Answer::Note(note),
            },
            Some(Request::Continue) => match self.slot.as_ref().map(SaveSlot::load) {
                Some(Ok(Some(saved))) => {
                    self.saved_depth = saved.depth();
                    *game = saved;
                    Answer::Done
                }
                Some(Ok(None)) | None => Answer::Note("There is no saved run to continue.".into()),
                Some(Err(problem)) => Answer::Note(problem.line().to_string()),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::player::Class;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("amulets-saves-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_save_that_cannot_be_written_says_so_once_an_arrival() {
        // The "directory" is a file, so nothing can be written in it.
        let file = scratch("not-a-dir");
        fs::write(&file, "in the way").unwrap();
        let mut keeper = Keeper::new(Some(SaveSlot::in_dir(&file)));
        let game = Game::new_run(3, Class::Rogue);
        let first = keeper.after_draw(&game);
        assert!(first.is_err_and(|e| e.starts_with("The run could not be saved")));
        assert_eq!(keeper.after_draw(&game), Ok(()), "not again every frame");
        let _ = fs::remove_file(&file);
    }

    #[test]
    fn a_save_writes_and_loads_the_same_run() {
        let dir = scratch("roundtrip");
        let slot = SaveSlot::in_dir(&dir);
        assert!(matches!(slot.load(), Ok(None)));
        let game = Game::new_run(42, Class::Rogue);
        slot.write(&game).unwrap();
        let loaded = slot.load().unwrap().unwrap();
        assert_eq!(loaded.player(), game.player());
        assert_eq!(loaded.level(), game.level());
        slot.remove().unwrap();
        assert!(!slot.exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_crash_before_the_rename_leaves_the_old_save_whole() {
        let dir = scratch("crash");
        let slot = SaveSlot::in_dir(&dir);
        let old = Game::new_run(1, Class::Fighter);
        slot.write(&old).unwrap();
        let before = fs::read_to_string(slot.path()).unwrap();
        // The new save is written beside it, and the process dies there.
        slot.write_temporary(&Game::new_run(2, Class::Wizard))
            .unwrap();
        assert_eq!(fs::read_to_string(slot.path()).unwrap(), before);
        assert_eq!(slot.load().unwrap().unwrap().seed(), 1);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn damaged_saves_are_set_aside_and_never_deleted() {
        let dir = scratch("bad");
        let slot = SaveSlot::in_dir(&dir);
        fs::create_dir_all(&dir).unwrap();
        for (i, junk) in [
            "amulets-save 1\nnonsense\n",
            "garbage",
            "amulets-save 1\nseed x\n",
        ]
        .iter()
        .enumerate()
        {
            fs::write(slot.path(), junk).unwrap();
            let problem = slot.load().unwrap_err();
            assert!(matches!(problem, Problem::SetAside(_)), "{problem:?}");
            assert!(
                problem.line().starts_with("save.txt: ")
                    && problem.line().ends_with("kept as save.bad."),
                "{}",
                problem.line()
            );
            assert!(!slot.exists());
            assert_eq!(fs::read_to_string(dir.join("save.bad")).unwrap(), *junk);
            if i > 0 {
                assert!(
                    dir.join(format!("save.bad.{i}")).exists(),
                    "the older one is kept"
                );
            }
        }
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn another_version_is_refused_and_kept() {
        let dir = scratch("version");
        let slot = SaveSlot::in_dir(&dir);
        fs::create_dir_all(&dir).unwrap();
        fs::write(slot.path(), "amulets-save 99\nseed 1\n").unwrap();
        let problem = slot.load().unwrap_err();
        assert_eq!(
            problem,
            Problem::OtherVersion(format!(
                "save.txt: it's version 99, and this game reads version {}.",
                amulets_core::game::save::SAVE_VERSION
            ))
        );
        assert!(slot.exists(), "kept where it was");
        let _ = fs::remove_dir_all(&dir);
    }
}
