//! The bot at play in a session: for a player who watches ([`Demo`], the
//! desktop's `--bot`), or headless, driven by a test, a benchmark or a
//! board's firmware ([`Pace`]). Either way its actions come in as a
//! player's would, so they are saved and recorded alike.

use super::{Saved, Session};
use crate::recorder::Recorder;
use crate::store::Store;
use amulets_core::bot::Bot;
use amulets_core::game::{Game, State};
use amulets_core::input::Action;
use amulets_core::player::Class;

/// The bot's demo takes an action this often, a running command's pace.
pub const DEMO_STEP_MS: u64 = amulets_core::game::command::COMMAND_STEP_MS as u64;

/// The bot at play for the player ([`Session::set_demo`]), and when it next
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
/// ([`Session::play_bot`]).
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

impl<S: Store, R: Recorder, E: FnMut() -> u32> Session<S, R, E> {
    /// The bot plays the run for the player to watch, an action every
    /// `DEMO_STEP_MS`: from the title it continues the saved run, or starts
    /// one of `class`; it never answers "a new run?" and never replaces a
    /// save. Any key or click takes the run over; the demo ends with the
    /// run. `None` stops it.
    pub fn set_demo(&mut self, class: Option<Class>) {
        self.demo = class.map(|class| Demo::new(class, self.now));
    }

    /// Plays one thing of `bot`'s, paced as `pace` says: a running
    /// command's step or, as a player watching would see it, an
    /// animation's frame (`now`, the clock in milliseconds, moved on and
    /// ticked), else the bot's next action. False when the run is over and
    /// nothing was played. (Tests, benchmarks and a board's firmware drive
    /// whole runs this way; `set_demo` is the live demo.)
    /// Out of line, as `tick` is: inlined into a board's loop, whose frame
    /// holds the whole session, the step's own locals would sit under
    /// every turn of the run (the Cortex-M3's whole run reached 56,860
    /// bytes of stack with both inlined, 56,620 with neither).
    #[inline(never)]
    pub fn play_bot(&mut self, bot: &mut Bot, now: &mut u64, pace: Pace) -> bool {
        let waiting = match pace {
            Pace::Steps => None,
            Pace::Frames => self.wait(),
        };
        if self.game.command_running() || waiting.is_some() {
            *now += waiting.unwrap_or(DEMO_STEP_MS).clamp(1, DEMO_STEP_MS);
            self.tick(*now);
            return true;
        }
        match bot.next_action(&self.game) {
            Some(action) => {
                self.act(action);
                true
            }
            None => false,
        }
    }

    /// True while the bot plays.
    pub fn demo(&self) -> bool {
        self.demo.is_some()
    }

    /// The bot may act now: nothing runs, nothing is asked, and no F6 cave
    /// over the title waits for the player's key. (`wait` asks this too, so
    /// a shell never wakes for an action that cannot come.)
    pub(super) fn demo_may_act(&self) -> bool {
        !self.game.command_running()
            && self.asking.is_none()
            && !self.finished
            && !self.cave_shown()
    }

    /// The demo's next action, when one is due. True when it played.
    pub(super) fn play_the_bot(&mut self) -> bool {
        if !self.demo_may_act() {
            return false;
        }
        let (saved, now) = (self.saving.saved(), self.now);
        let Some(turn) = self
            .demo
            .as_mut()
            .and_then(|d| d.turn(&self.game, saved, now))
        else {
            return false;
        };
        match turn {
            DemoTurn::Act(action) => self.act(action),
            DemoTurn::Refuse => {
                self.demo = None;
                self.tell(format_args!(
                    "The bot does not replace a saved run it cannot play."
                ));
            }
            DemoTurn::Over => self.demo = None,
        }
        true
    }

    /// A key or a click while the bot plays: the run is the player's from
    /// now on. True when the bot was playing (the input is spent on that).
    pub(super) fn take_over_from_the_bot(&mut self) -> bool {
        if self.demo.take().is_none() {
            return false;
        }
        if self.game.command_running() {
            self.act(Action::Interrupt);
        }
        self.tell(format_args!("You take over from the bot."));
        true
    }
}
