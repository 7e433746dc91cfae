//! Every run begun in the page is recorded, so its replay can be
//! downloaded (`amulets_core::replay`'s text, as `--record` writes it).

use amulets_core::game::Game;
use amulets_core::player::Class;
use amulets_core::replay::{self, Input};
use amulets_play::replays::Replays;

/// The last run begun here and its inputs.
#[derive(Default)]
pub struct ReplayTape {
    run: Option<(u32, Class)>,
    inputs: Vec<Input>,
    /// Where the run ended, once it left the session (`Replays::left`):
    /// its replay ends there, whatever the session shows by then.
    ended: Option<Box<Game>>,
}

impl ReplayTape {
    /// The replay's text, ending where `end` is; `None` when no run was
    /// begun in this page (a continued run has no start to play from).
    pub fn text(&self, end: &Game) -> Option<String> {
        let (seed, class) = self.run?;
        let mut text = String::new();
        let end = self.ended.as_deref().unwrap_or(end);
        replay::write(&mut text, seed, class, &self.inputs, end).ok()?;
        Some(text)
    }
}

impl Replays for ReplayTape {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::input::Key;
    use amulets_play::session::{Session, Start};
    use amulets_play::store::NoStore;

    #[test]
    fn a_recorded_run_plays_back_to_where_it_ended() {
        let mut s = Session::new(
            NoStore,
            ReplayTape::default(),
            || 7,
            Start {
                seed: Some(42),
                class: Some(Class::Wizard),
                ..Start::default()
            },
        );
        for k in "ooo.".chars() {
            s.press(Key::Char(k));
            for t in 0..300 {
                s.tick(t * 30);
            }
        }
        let text = s.run().replays().text(s.game()).expect("a run was begun");
        let end = replay::play(&text).expect("it plays back");
        assert_eq!(replay::state_hash(&end), replay::state_hash(s.game()));
    }
}
