//! Five keys played: the keys as read go through the debouncer, then
//! [`FiveKeys`] turns them into the pad's buttons, which the pad's
//! [`Controls`] hand to the session. The firmware reads its pins into
//! this, and a test rig the keys it scripted, so both play the same game
//! from the same keys; `ready` says when the next key may come.

use crate::input::{Buttons, DEBOUNCE_MS, Debouncer};
use amulets_play::pad::{Controls, FiveKeys};
use amulets_play::session::{Host, Session};

/// How long after the kit starts its keys are only read, not taken: the
/// debouncer learns how each line reads first (QEMU's read down until a
/// key is first pressed and let go; a real kit's read up), and a key
/// counts only once seen up after that.
pub const SETTLE_MS: u64 = 2 * DEBOUNCE_MS;

/// The five keys' path to a session (see the module's comment).
#[derive(Clone, Debug)]
pub struct Keypad {
    debouncer: Debouncer,
    five: FiveKeys,
    /// The pad's own state: its menu, the travel cursor, a screen's line.
    pub controls: Controls,
    given: Buttons,
}

impl Default for Keypad {
    fn default() -> Self {
        Keypad::new()
    }
}

impl Keypad {
    pub const fn new() -> Keypad {
        Keypad {
            debouncer: Debouncer::new(),
            five: FiveKeys::new(),
            controls: Controls::five_keys(),
            given: Buttons::NONE,
        }
    }

    /// The keys as read at `now` (ms): up, down, left, right, and select
    /// as the press. True when what the panel shows may have changed: the
    /// pad's buttons changed, or the session had something to do.
    pub fn update<H: Host>(&mut self, session: &mut Session<H>, keys: Buttons, now: u64) -> bool {
        let busy = session.wait().is_some();
        let steady = self.debouncer.update(keys, now);
        if now < SETTLE_MS {
            return busy;
        }
        let given = self.five.update(steady, now);
        let changed = given != self.given;
        self.given = given;
        self.controls.update(session, given, now);
        changed || busy || session.wait().is_some()
    }

    /// Nothing is left to happen without a key: every key read is steady
    /// and taken, the session has nothing due (no command's step, no
    /// animation, no repeat), and the next key would not be dropped as
    /// typed ahead.
    pub fn ready<H: Host>(&self, session: &Session<H>, now: u64) -> bool {
        now >= SETTLE_MS
            && self.debouncer.settled()
            && self.five.wait(now).is_none()
            && self.given == Buttons::NONE
            && session.wait().is_none()
            && session.keyboard().open(now)
    }

    /// Every key has been seen up (QEMU's read down until first let go).
    pub fn armed(&self) -> bool {
        self.five.armed()
    }

    /// How many of the pad's presses the keys have given.
    pub fn given(&self) -> u32 {
        self.five.given()
    }
}

/// A board's whole pad read each time round (the Pico's joystick and four
/// keys): debounced, handed to the shell's pad, and a fourth key for the
/// help (a gamepad's Y). It counts the presses (some button down where
/// none was) and says when nothing is left to happen without one, so the
/// firmware and a rig's host model read the buttons alike.
#[derive(Clone, Debug, Default)]
pub struct PadReader {
    debouncer: Debouncer,
    help_debouncer: Debouncer,
    /// The steady buttons and help key of the last update.
    before: (Buttons, bool),
    presses: u32,
}

impl PadReader {
    pub const fn new() -> PadReader {
        PadReader {
            debouncer: Debouncer::new(),
            help_debouncer: Debouncer::new(),
            before: (Buttons::NONE, false),
            presses: 0,
        }
    }

    /// The buttons and the help key as read at `now` (ms), handed on.
    pub fn update<D, H>(
        &mut self,
        shell: &mut crate::Shell<D>,
        session: &mut Session<H>,
        raw: Buttons,
        help: bool,
        now: u64,
    ) where
        D: embedded_graphics::draw_target::DrawTarget<
                Color = embedded_graphics::pixelcolor::Rgb565,
            >,
        H: Host,
    {
        let buttons = self.debouncer.update(raw, now);
        let help_read = Buttons {
            press: help,
            ..Buttons::NONE
        };
        let help = self.help_debouncer.update(help_read, now).press;
        let (before, help_before) = self.before;
        if (buttons != Buttons::NONE || help) && before == Buttons::NONE && !help_before {
            self.presses += 1;
        }
        self.before = (buttons, help);
        shell.update(session, buttons, now);
        if help && !help_before {
            shell.help(session);
        }
    }

    /// Nothing is left to happen without a button: all read steady and up,
    /// the session has nothing due, and the next press would not be dropped
    /// as typed ahead.
    pub fn ready<H: Host>(&self, session: &Session<H>, now: u64) -> bool {
        self.debouncer.settled()
            && self.help_debouncer.settled()
            && self.before == (Buttons::NONE, false)
            && session.wait().is_none()
            && session.keyboard().open(now)
    }

    /// The presses taken so far.
    pub fn presses(&self) -> u32 {
        self.presses
    }
}
