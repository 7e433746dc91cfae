//! `--record FILE`: the run's inputs kept as they are played, and written
//! as a replay (`amulets_core::replay`) when the game ends. A recording
//! starts with a run begun in this game; a continued run has no start to
//! play back from, so it is not recorded.

use amulets_core::game::Game;
use amulets_core::player::Class;
use amulets_core::replay::{self, Input};
use amulets_play::replays::Replays;
use std::path::{Path, PathBuf};

/// The replay file to be, and the run recorded so far.
pub struct ReplayFile {
    path: PathBuf,
    run: Option<(u32, Class)>,
    inputs: Vec<Input>,
    /// Where the run ended, once it left the session (`Replays::left`):
    /// its replay ends there, whatever the session shows by then.
    ended: Option<Box<Game>>,
}

impl ReplayFile {
    pub fn new(path: &Path) -> ReplayFile {
        ReplayFile {
            path: path.to_path_buf(),
            run: None,
            inputs: Vec::new(),
            ended: None,
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
        let end = self.ended.as_deref().unwrap_or(end);
        replay::write(&mut text, seed, class, &self.inputs, end)
            .map_err(|_| std::io::Error::other("the replay could not be written"))?;
        std::fs::write(&self.path, text)?;
        Ok(Some(self.inputs.len()))
    }
}

impl Replays for ReplayFile {
    fn start(&mut self, seed: u32, class: Class) {
        self.run = Some((seed, class));
        self.inputs.clear();
        self.ended = None;
    }

    fn tape(&mut self, input: Input) {
        self.inputs.push(input);
    }

    fn left(&mut self, game: &Game) {
        self.ended = Some(Box::new(game.clone()));
    }

    fn file(&self) -> Option<&str> {
        self.path.to_str()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::input::Key;
    use amulets_play::session::{Session, Start};
    use amulets_play::store::NoStore;

    /// A run given up for a new one: its replay still ends where the run
    /// stood, not at the class screen the session shows by then.
    #[test]
    fn a_run_that_left_the_session_plays_back_to_its_end() {
        let path = std::env::temp_dir().join(format!("amulets-left-{}.txt", std::process::id()));
        let start = Start {
            seed: Some(11),
            class: Some(Class::Rogue),
            ..Start::default()
        };
        let mut s = Session::new(NoStore, ReplayFile::new(&path), || 5, start);
        for key in [
            Key::Char('.'),
            Key::Char('.'),
            Key::Escape,
            Key::Char('n'),
            Key::Char('y'),
        ] {
            s.press(key);
            s.release(key);
        }
        assert_eq!(s.game().state(), amulets_core::game::State::ChooseClass);
        s.run().replays().write(s.game()).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let ended = replay::play(&text).expect("it plays back to its recorded end");
        assert_eq!(ended.turn(), 2);
    }
}
