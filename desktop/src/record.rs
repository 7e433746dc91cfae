//! `--record FILE`: the run's inputs kept as they are played, and written
//! as a replay (`amulets_core::replay`) when the game ends. A recording
//! starts with a run begun in this game; a continued run has no start to
//! play back from, so it is not recorded.

use amulets_core::game::Game;
use amulets_core::player::Class;
use amulets_core::replay::{self, Input, Recorder};
use std::path::{Path, PathBuf};

/// The replay file to be, and the run recorded so far.
pub struct FileRecorder {
    path: PathBuf,
    run: Option<(u32, Class)>,
    inputs: Vec<Input>,
}

impl FileRecorder {
    pub fn new(path: &Path) -> FileRecorder {
        FileRecorder {
            path: path.to_path_buf(),
            run: None,
            inputs: Vec::new(),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn inputs(&self) -> &[Input] {
        &self.inputs
    }

    /// Writes the replay of the last run begun, ending where `end` is; the
    /// number of inputs written, or `None` when no run was begun here.
    pub fn write(&self, end: &Game) -> std::io::Result<Option<usize>> {
        let Some((seed, class)) = self.run else {
            return Ok(None);
        };
        let mut text = String::new();
        replay::write(&mut text, seed, class, &self.inputs, end)
            .map_err(|_| std::io::Error::other("the replay could not be written"))?;
        std::fs::write(&self.path, text)?;
        Ok(Some(self.inputs.len()))
    }
}

impl Recorder for FileRecorder {
    fn start(&mut self, seed: u32, class: Class) {
        self.run = Some((seed, class));
        self.inputs.clear();
    }

    fn record(&mut self, input: Input) {
        self.inputs.push(input);
    }

    fn file(&self) -> Option<&str> {
        self.path.to_str()
    }
}
