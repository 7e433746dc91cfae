//! The buttons, handed to the core's pad.

use super::Shell;
use crate::input::Buttons;
use amulets_play::session::Host;
use amulets_play::session::Session;
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;

impl<D: DrawTarget<Color = Rgb565>> Shell<D> {
    /// The buttons as they are now, at `now` milliseconds, handed to the
    /// session through the play layer's pad (`Controls`).
    pub fn update<H: Host>(&mut self, session: &mut Session<H>, buttons: Buttons, now: u64) {
        self.controls.update(session, buttons, now);
    }

    /// A fourth button's help (the Pico's Y, a gamepad's Y): the help,
    /// where the keys have one.
    pub fn help<H: Host>(&mut self, session: &mut Session<H>) {
        self.controls.help(session);
    }
}
