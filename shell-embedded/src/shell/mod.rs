//! The shell: draws the core's picture on a `DrawTarget`, redrawing only
//! what changed, and turns the buttons into the core's keys and actions.

mod buttons;
mod draw;
mod glyphs;
mod layout;
mod status;

pub use amulets_play::pad::{Mode, STATUS_COLS, STATUS_LINES, StatusLine};
pub use layout::{CELL_H, CELL_W, CHAR_H, CHAR_W, Layout};

use amulets_core::geom::Point;
use amulets_core::map::MAP_CELLS;
use amulets_play::pad::Controls;
use amulets_play::palettes::Palette;
use amulets_play::session::Host;
use amulets_play::session::Session;
use amulets_play::view::chrome;
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;
use glyphs::{Glyphs, IntoEg, blank, rgb565};

/// The embedded game's shell over a display `D`.
#[derive(Clone)]
pub struct Shell<D: DrawTarget<Color = Rgb565>> {
    display: D,
    layout: Layout,
    /// What each viewport place shows now (glyph, colours), by
    /// `row * MAP_W + column`: at most the whole map.
    glyphs: [u8; MAP_CELLS],
    colours: [u32; MAP_CELLS],
    /// The overview's pixels (small layout).
    overview: [u16; MAP_CELLS],
    status: [StatusLine; STATUS_LINES],
    /// A hash of the screen drawn over the map; `None` while the map is.
    screen: Option<u64>,
    /// The display holds something else: the next `draw` clears it and
    /// paints everything.
    stale: bool,
    /// The buttons' own state: the menu, the travel cursor, a screen's
    /// chosen line.
    controls: Controls,
    /// The first line of the screen drawn last and how many were shown.
    shown: (usize, usize),
    /// Places redrawn by the last `draw` (cells, overview pixels, lines).
    pub redrawn: u32,
    glyph_masks: Glyphs,
    /// The palette drawn in: the player's (`Session::palette`). Another
    /// one chosen redraws everything.
    palette: Palette,
}

impl<D: DrawTarget<Color = Rgb565>> Shell<D> {
    pub fn new(display: D, layout: Layout) -> Self {
        Shell {
            glyph_masks: Glyphs::new(),
            display,
            layout,
            glyphs: [b' '; MAP_CELLS],
            colours: [blank(Palette::Book).colours(); MAP_CELLS],
            overview: [blank(Palette::Book).bg; MAP_CELLS],
            status: core::array::from_fn(|_| StatusLine::new()),
            screen: None,
            stale: true,
            controls: Controls::new(),
            shown: (0, 0),
            redrawn: 0,
            palette: Palette::Book,
        }
    }

    /// Where the buttons are: what they are doing besides playing, and
    /// the chosen line of the screen shown (counting its choices only).
    pub fn focus(&self) -> (Mode, usize) {
        (self.controls.mode(), self.controls.choice())
    }

    pub fn display(&self) -> &D {
        &self.display
    }

    pub fn display_mut(&mut self) -> &mut D {
        &mut self.display
    }

    /// Forgets what was drawn (the display was used for something
    /// else): the next `draw` clears it and paints everything.
    pub fn invalidate(&mut self) {
        self.stale = true;
    }

    /// Draws what changed since the last call; returns the places redrawn,
    /// or the display's error. After an error the whole picture is drawn
    /// afresh next time: what the caches say was drawn may not have been.
    pub fn draw<H: Host>(&mut self, session: &Session<H>) -> Result<u32, D::Error> {
        let drawn = self.draw_changes(session);
        if drawn.is_err() {
            self.stale = true;
        }
        drawn
    }

    fn draw_changes<H: Host>(&mut self, session: &Session<H>) -> Result<u32, D::Error> {
        let game = session.game();
        self.redrawn = 0;
        if session.prefs.palette() != self.palette {
            self.palette = session.prefs.palette();
            self.stale = true;
        }
        if self.stale {
            // A cleared display is what the caches say when they are blank.
            self.stale = false;
            let (w, h) = self.layout.size();
            let all = Rectangle::new(Point::new(0, 0).into_eg(), Size::new(w, h));
            self.display
                .fill_solid(&all, rgb565(self.palette.apply(chrome::BACKGROUND)))?;
            self.forget_view();
            self.overview = [blank(self.palette).bg; MAP_CELLS];
            self.status.iter_mut().for_each(StatusLine::clear);
            self.screen = None;
        }
        match session.drawn().screen() {
            Some(screen) => self.draw_screen(&screen)?,
            None => {
                if self.screen.take().is_some() {
                    // Back from a screen: the map is painted afresh.
                    self.clear_view()?;
                    self.forget_view();
                }
                self.draw_map(&self.controls.scene(session))?;
                if self.layout.has_overview() {
                    self.draw_overview(game)?;
                }
            }
        }
        self.draw_status(session)?;
        Ok(self.redrawn)
    }
}

#[cfg(test)]
mod tests {
    use super::draw::squeezed;
    use super::glyphs::raw565;
    use super::*;
    use amulets_core::color::palette;
    use embedded_graphics::pixelcolor::raw::RawU16;

    #[test]
    fn the_cache_packs_colours_as_the_display_does() {
        for c in [
            chrome::BACKGROUND,
            palette::PLAYER,
            palette::ROUTE,
            palette::TRAP,
        ] {
            assert_eq!(raw565(c), RawU16::from(rgb565(c)).into_inner());
        }
    }

    #[test]
    fn a_squeezed_line_keeps_two_spaces_of_each_run() {
        let help = "o                          explore until something happens";
        assert_eq!(
            squeezed(help, true).as_str(),
            "o  explore until something happens"
        );
        assert_eq!(squeezed(help, false).as_str(), help);
        assert_eq!(squeezed("a b", true).as_str(), "a b");
    }
}
