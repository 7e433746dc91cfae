//! A run's tempo on the shell's clock: the time the session was last
//! given, when a running command takes its next step ([`Pacer`]), and the
//! animations ([`Juice`]). A new game starts both afresh; the clock runs
//! on.

use crate::juice::{Juice, Pacer};
use amulets_core::game::Game;

/// A run's tempo (see the module's comment).
#[derive(Clone, Debug)]
pub struct Tempo {
    pacer: Pacer,
    juice: Juice,
    /// The shell's time, in milliseconds.
    now: u64,
}

impl Tempo {
    /// At time 0, nothing running or moving.
    pub fn new() -> Tempo {
        Tempo {
            pacer: Pacer::new(),
            juice: Juice::new(),
            now: 0,
        }
    }

    /// The shell's time, as last given.
    pub fn now(&self) -> u64 {
        self.now
    }

    /// Another game: no step due, no animation; the clock runs on.
    pub fn afresh(&mut self) {
        self.pacer = Pacer::new();
        self.juice = Juice::new();
    }

    /// Time passes to `now`: the running command's step is taken when it
    /// is due. True when it was.
    pub fn step(&mut self, game: &mut Game, now: u64) -> bool {
        self.now = now;
        self.pacer.tick(game, now)
    }

    /// A command has just started: its first step is due at once.
    pub fn start_command(&mut self) {
        self.pacer.start(self.now);
    }

    /// The game's events since the last call, made animations, and the
    /// animations moved on to now.
    pub fn animate(&mut self, game: &mut Game) {
        self.juice.take(game, self.now);
    }

    /// True while an animation plays.
    pub fn busy(&self) -> bool {
        self.juice.busy()
    }

    /// The animations to draw.
    pub fn juice(&self) -> &Juice {
        &self.juice
    }

    /// Milliseconds until a step or an animation's frame is due, or `None`
    /// when neither is.
    pub fn wait(&self, game: &Game) -> Option<u64> {
        [self.pacer.wait(game, self.now), self.juice.wait()]
            .into_iter()
            .flatten()
            .min()
    }
}

impl Default for Tempo {
    fn default() -> Tempo {
        Tempo::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::game::command::COMMAND_STEP_MS;
    use amulets_core::input::Action;
    use amulets_core::mapgen::floor::Style;
    use amulets_core::player::Class;
    use amulets_core::rng::Dice;

    #[test]
    fn a_command_steps_at_once_then_at_its_pace() {
        let mut game = Game::at_title(42, Style::Book, Dice::Book);
        game.start_as(Class::Fighter);
        let mut tempo = Tempo::new();
        assert!(!tempo.step(&mut game, 5), "nothing runs");
        assert_eq!(tempo.wait(&game), None);
        game.act(Action::Explore);
        assert!(game.command_running());
        tempo.start_command();
        assert_eq!(tempo.wait(&game), Some(0));
        assert!(tempo.step(&mut game, 5));
        let step = u64::from(COMMAND_STEP_MS);
        assert!(!tempo.step(&mut game, 5 + step - 1));
        assert!(tempo.step(&mut game, 5 + step));
        tempo.afresh();
        assert_eq!(tempo.now(), 5 + step, "the clock runs on");
    }
}
