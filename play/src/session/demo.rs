//! The bot at play in a session: for a player who watches (`Demo`, the
//! desktop's `--bot`), or headless, driven by a test, a benchmark or a
//! board's firmware (`Pace`). Either way its actions come in as a
//! player's would, so they are saved and recorded alike.

use super::Saved;
use amulets_core::bot::Bot;
use amulets_core::game::{Game, State};
use amulets_core::input::Action;
use amulets_core::player::Class;

/// The bot's demo takes an action this often, a running command's pace.
pub const DEMO_STEP_MS: u64 = amulets_core::game::command::COMMAND_STEP_MS as u64;

/// The bot at play for the player (`Session::set_demo`), and when it next
/// acts. From the title it continues the saved run, or starts one of its
/// class; it never answers "a new run?" and never replaces a save.
#[derive(Clone, Debug)]
pub struct Demo {
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
    /// A demo of `class`, acting from `now` on.
    pub fn new(class: Class, now: u64) -> Demo {
        Demo {
            bot: Bot::new(),
            class,
            next: now,
        }
    }

    /// Milliseconds from `now` until it acts.
    pub fn wait(&self, now: u64) -> u64 {
        self.next.saturating_sub(now)
    }

    /// Its turn at `now` in `game`, with the store holding `saved`; `None`
    /// until one is due, and then one every `DEMO_STEP_MS`.
    pub fn turn(&mut self, game: &Game, saved: Saved, now: u64) -> Option<DemoTurn> {
        if now < self.next {
            return None;
        }
        self.next = now + DEMO_STEP_MS;
        Some(match game.state() {
            State::Title => match saved {
                Saved::Run(_) => DemoTurn::Act(Action::Continue),
                Saved::Nothing => DemoTurn::Act(Action::NewRun),
                Saved::OtherVersion(_) | Saved::Damaged => DemoTurn::Refuse,
            },
            State::ChooseClass => DemoTurn::Act(Action::ChooseClass(self.class)),
            _ => self
                .bot
                .next_action(game)
                .map_or(DemoTurn::Over, DemoTurn::Act),
        })
    }
}

/// How a headless driver paces the bot between its actions
/// (`Session::play_bot`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    /// A board's buttons: a running command's next step at once, the
    /// clock moved on by a command's step; no animation is waited for.
    Steps,
    /// As a player watching sees it: the clock moved on to whatever is
    /// due next (an animation's frame or a command's step; a command's
    /// step at most, a millisecond at least), and ticked.
    Frames,
}
