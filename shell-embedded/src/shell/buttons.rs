//! The buttons, handed to the core's pad.

use super::Shell;
use crate::input::Buttons;
use amulets_play::recorder::Recorder;
use amulets_play::session::Session;
use amulets_play::store::Store;
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;

impl<D: DrawTarget<Color = Rgb565>> Shell<D> {
    /// The buttons as they are now, at `now` milliseconds, handed to the
    /// session through the play layer's pad (`Controls`).
    pub fn update<S: Store, R: Recorder, E: FnMut() -> u32>(
        &mut self,
        session: &mut Session<S, R, E>,
        buttons: Buttons,
        now: u64,
    ) {
        self.controls.update(session, buttons, now);
    }
}
