//! The status rows under the map, as the core's pad gives them.

use super::Shell;
use super::layout::CHAR_H;
use amulets_core::geom::Point;
use amulets_play::session::Host;
use amulets_play::session::Session;
use amulets_play::view::chrome;
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;

impl<D: DrawTarget<Color = Rgb565>> Shell<D> {
    pub(super) fn draw_status<H: Host>(&mut self, session: &Session<H>) -> Result<(), D::Error> {
        let (at, rows, cols) = self.layout.status();
        let status = self.controls.status(session, cols, rows);
        for (i, (line, &color)) in status
            .rows
            .iter()
            .zip(&status.colors)
            .enumerate()
            .take(rows)
        {
            // A row's colour changes only with its words: a note's words
            // are its own.
            if self.status[i] == *line {
                continue;
            }
            self.status[i] = line.clone();
            let y = at.y + i as i32 * CHAR_H * self.layout.scale();
            self.text_line(Point::new(at.x, y), cols, line, color, chrome::BACKGROUND)?;
            self.redrawn += 1;
        }
        Ok(())
    }
}
