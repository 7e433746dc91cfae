//! The bot at play in a session with no player watching: whole runs
//! driven by a test, a benchmark or a board's firmware, one thing at a
//! time ([`play_bot`]). Its actions come in as a player's would, so they
//! are saved and taped alike. (The live demo a player watches is the
//! session's `set_demo`.)

use crate::session::{DEMO_STEP_MS, Host, Session};
use amulets_core::bot::Bot;

/// How a headless driver paces the bot between its actions.
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

/// Plays one thing of `bot`'s in `session`, paced as `pace` says: a
/// running command's step or, as a player watching would see it, an
/// animation's frame (`now`, the clock in milliseconds, moved on and
/// ticked), else the bot's next action. False when the run is over and
/// nothing was played. Out of line, as `Session::tick` is: inlined into a
/// board's loop, whose frame holds the whole session, the step's own
/// locals would sit under every turn of the run (the Cortex-M3's whole run
/// reached 56,860 bytes of stack with both inlined, 56,620 with neither).
#[inline(never)]
pub fn play_bot<H: Host>(
    session: &mut Session<H>,
    bot: &mut Bot,
    now: &mut u64,
    pace: Pace,
) -> bool {
    let waiting = match pace {
        Pace::Steps => None,
        Pace::Frames => session.wait(),
    };
    if session.game().command_running() || waiting.is_some() {
        *now += waiting.unwrap_or(DEMO_STEP_MS).clamp(1, DEMO_STEP_MS);
        session.tick(*now);
        return true;
    }
    match bot.next_action(session.game()) {
        Some(action) => {
            session.act(action);
            true
        }
        None => false,
    }
}
