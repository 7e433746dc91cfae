//! The bot at play in a session for a player who watches ([`Demo`], the
//! desktop's `--bot`): its actions come in as a player's would, so they are
//! saved and taped alike. (Headless, driven by a test, a benchmark or a
//! board's firmware, it is `autoplay`'s.)

use super::saving::Saved;
use amulets_core::bot::Bot;
use amulets_core::game::{Game, State};
use amulets_core::input::Action;
use amulets_core::player::Class;
use amulets_core::text::{Note, note};

/// The bot's demo takes an action this often, a running command's pace.
pub const DEMO_STEP_MS: u64 = amulets_core::game::command::COMMAND_STEP_MS as u64;

/// The bot at play for the player (`Session::set_demo`), or not, and when
/// it next acts. From the title it continues the saved run, or starts one
/// of its class; it never answers "a new run?" and never replaces a save.
#[derive(Clone, Debug, Default)]
pub struct Demo {
    playing: Option<Pilot>,
}

/// The bot at the controls.
#[derive(Clone, Debug)]
struct Pilot {
    bot: Bot,
    /// The class it chooses when it starts a run from the title.
    class: Class,
    /// When it next acts, on the session's clock.
    next: u64,
}

/// What the demo does when its time comes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DemoTurn {
    /// It acts, as a player's key would.
    Act(Action),
    /// It will not play: the title offers a saved run it cannot continue
    /// (another version's, a damaged one), which a new run would replace.
    Refuse,
    /// The run is over: its end stays on the screen.
    Over,
}

impl Demo {
    /// The bot plays `class` from `now` on; `None` stops it.
    pub fn start(&mut self, class: Option<Class>, now: u64) {
        self.playing = class.map(|class| Pilot {
            bot: Bot::new(),
            class,
            next: now,
        });
    }

    /// True while the bot plays.
    pub fn playing(&self) -> bool {
        self.playing.is_some()
    }

    /// The player takes over: true when the bot was playing.
    pub fn stop(&mut self) -> bool {
        self.playing.take().is_some()
    }

    /// Milliseconds from `now` until it acts, while it plays.
    pub fn wait(&self, now: u64) -> Option<u64> {
        (self.playing.as_ref()).map(|p| p.next.saturating_sub(now))
    }

    /// Its turn at `now` in `game`, with the store holding `saved`; `None`
    /// until one is due, and then one every `DEMO_STEP_MS`. When it will
    /// not play on, it stops, and the words say why.
    pub fn turn(&mut self, game: &Game, saved: Saved, now: u64) -> Option<DemoTurn> {
        let pilot = self.playing.as_mut().filter(|p| now >= p.next)?;
        pilot.next = now + DEMO_STEP_MS;
        let turn = match game.state() {
            State::Title => match saved {
                Saved::Run(_) => DemoTurn::Act(Action::Continue),
                Saved::Nothing => DemoTurn::Act(Action::NewRun),
                Saved::OtherVersion(_) | Saved::Damaged => DemoTurn::Refuse,
            },
            State::ChooseClass => DemoTurn::Act(Action::ChooseClass(pilot.class)),
            _ => (pilot.bot.next_action(game)).map_or(DemoTurn::Over, DemoTurn::Act),
        };
        if !matches!(turn, DemoTurn::Act(_)) {
            self.playing = None;
        }
        Some(turn)
    }
}

impl DemoTurn {
    /// What the player is told of it.
    pub fn words(self) -> Option<Note> {
        match self {
            DemoTurn::Refuse => Some(note(format_args!(
                "The bot does not replace a saved run it cannot play."
            ))),
            DemoTurn::Act(_) | DemoTurn::Over => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::mapgen::floor::Style;
    use amulets_core::rng::Dice;

    #[test]
    fn the_demo_starts_a_run_acts_at_its_pace_and_never_replaces_a_save() {
        let mut demo = Demo::default();
        let title = Game::at_title(42, Style::Book, Dice::Book);
        assert_eq!(demo.turn(&title, Saved::Nothing, 0), None, "not playing");
        demo.start(Some(Class::Rogue), 100);
        assert_eq!(demo.wait(40), Some(60));
        assert_eq!(demo.turn(&title, Saved::Nothing, 99), None);
        let new = Some(DemoTurn::Act(Action::NewRun));
        assert_eq!(demo.turn(&title, Saved::Nothing, 100), new);
        assert_eq!(demo.turn(&title, Saved::Nothing, 101), None, "one a step");
        let damaged = demo.turn(&title, Saved::Damaged, 100 + DEMO_STEP_MS);
        assert_eq!(damaged, Some(DemoTurn::Refuse));
        assert!(damaged.unwrap().words().is_some());
        assert!(!demo.playing(), "it stops rather than replace a save");
        demo.start(Some(Class::Rogue), 0);
        assert!(demo.stop() && !demo.stop(), "taken over once");
    }
}
