//! The picture on the display: the map, the overview, the log, a screen,
//! each cell or line drawn only when it differs from what was drawn.

use super::Shell;
use super::glyphs::{Drawn, IntoEg, blank, raw565, rgb565};
use super::layout::{CELL_H, CELL_W, CHAR_H, CHAR_W};
use amulets_core::color::Rgb;
use amulets_core::game::Game;
use amulets_core::geom::Point;
use amulets_core::map::{MAP_CELLS, MAP_W, Map};
use amulets_core::text::Line;
use amulets_play::pad::STATUS_COLS;
use amulets_play::session::Host;
use amulets_play::session::Session;
use amulets_play::view::{self, Scene, chrome};
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;

/// A screen's line, with each run of spaces (the help's columns) made two
/// when `squeeze`: for a screen with lines longer than the display is wide.
/// The same length or shorter, so it fits a line as the text did.
pub(super) fn squeezed(text: &str, squeeze: bool) -> Line {
    let mut out = Line::new();
    let mut spaces = 0;
    for c in text.chars() {
        spaces = if c == ' ' { spaces + 1 } else { 0 };
        if (!squeeze || spaces <= 2) && out.push(c).is_err() {
            break;
        }
    }
    out
}

impl<D: DrawTarget<Color = Rgb565>> Shell<D> {
    /// The viewport's cache as a cleared viewport: all blank.
    pub(super) fn forget_view(&mut self) {
        let blank = blank(self.palette);
        self.glyphs = [blank.glyph; MAP_CELLS];
        self.colours = [blank.colours(); MAP_CELLS];
    }

    pub(super) fn clear_view(&mut self) -> Result<(), D::Error> {
        let (w, h) = self.layout.view_cells();
        let s = self.layout.scale();
        let area = Rectangle::new(
            Point::new(0, 0).into_eg(),
            Size::new((w * CELL_W * s) as u32, (h * CELL_H * s) as u32),
        );
        let bg = rgb565(self.palette.apply(chrome::BACKGROUND));
        self.display.fill_solid(&area, bg)
    }

    /// The cell the viewport's top left shows: the whole map in the big
    /// layout; in the small one, the core's camera on what its scene
    /// follows (the player, or a cursor).
    pub fn camera<H: Host>(&self, session: &Session<H>) -> Point {
        self.controls
            .scene(session)
            .camera(self.layout.view_cells())
    }

    /// The map, as the core's scene shows it, redrawing only the cells
    /// that changed.
    pub(super) fn draw_map(&mut self, scene: &Scene<'_>) -> Result<(), D::Error> {
        let size = self.layout.view_cells();
        let camera = scene.camera(size);
        let palette = self.palette;
        let mut result = Ok(());
        scene.cells(camera, size, |p, shown| {
            if result.is_err() {
                return;
            }
            let (col, row) = (p.x - camera.x, p.y - camera.y);
            let c = shown.text_cell();
            let want = Drawn {
                glyph: if c.glyph.is_ascii_graphic() {
                    c.glyph as u8
                } else {
                    b' '
                },
                fg: raw565(palette.apply(c.fg)),
                bg: raw565(palette.apply(c.bg)),
            };
            let slot = (row * MAP_W + col) as usize;
            if self.glyphs[slot] == want.glyph && self.colours[slot] == want.colours() {
                return;
            }
            self.glyphs[slot] = want.glyph;
            self.colours[slot] = want.colours();
            let s = self.layout.scale();
            result = self.draw_cell(col * CELL_W * s, row * CELL_H * s, want);
            self.redrawn += 1;
        });
        result
    }

    /// A cell, glyph and background, in one fill: the glyph's 4 x 6 box at
    /// its left, the cell's fifth column background.
    pub(super) fn draw_cell(&mut self, x: i32, y: i32, d: Drawn) -> Result<(), D::Error> {
        let s = self.layout.scale();
        let (w, h) = (CELL_W * s, CELL_H * s);
        let area = Rectangle::new(
            embedded_graphics::geometry::Point::new(x, y),
            Size::new(w as u32, h as u32),
        );
        let bg: Rgb565 = embedded_graphics::pixelcolor::raw::RawU16::new(d.bg).into();
        let fg: Rgb565 = embedded_graphics::pixelcolor::raw::RawU16::new(d.fg).into();
        let glyphs = &self.glyph_masks;
        let pixels = (0..w * h).map(|i| {
            // The shell's pixel this display pixel is part of.
            let (px, py) = (i % w / s, i / w / s);
            let lit = px < CHAR_W && d.glyph != b' ' && glyphs.ink(d.glyph, px, py);
            if lit { fg } else { bg }
        });
        self.display.fill_contiguous(&area, pixels)
    }

    pub(super) fn draw_overview(&mut self, game: &Game) -> Result<(), D::Error> {
        let o = self.layout.overview();
        for i in 0..MAP_CELLS {
            let p = Map::point_of(i);
            let c = view::cell(game, p).map_or(chrome::BACKGROUND, |l| l.dot());
            let c = raw565(self.palette.apply(c));
            if self.overview[i] != c {
                self.overview[i] = c;
                let px = embedded_graphics::geometry::Point::new(o.x + p.x, o.y + p.y);
                let color = embedded_graphics::pixelcolor::raw::RawU16::new(c).into();
                Pixel(px, color).draw(&mut self.display)?;
                self.redrawn += 1;
            }
        }
        Ok(())
    }

    /// Writes a line of text at a character row and column of the display,
    /// `cols` characters wide (spaces after the text), in one fill.
    pub(super) fn text_line(
        &mut self,
        at: Point,
        cols: usize,
        text: &str,
        fg: Rgb,
        bg: Rgb,
    ) -> Result<(), D::Error> {
        let cols = cols.min(STATUS_COLS);
        let mut chars = [b' '; STATUS_COLS];
        for (slot, c) in chars.iter_mut().zip(text.chars()).take(cols) {
            *slot = if c.is_ascii() { c as u8 } else { b'?' };
        }
        let s = self.layout.scale();
        let w = cols as i32 * CHAR_W * s;
        let area = Rectangle::new(at.into_eg(), Size::new(w as u32, (CHAR_H * s) as u32));
        let (fg, bg) = (
            rgb565(self.palette.apply(fg)),
            rgb565(self.palette.apply(bg)),
        );
        let glyphs = &self.glyph_masks;
        let pixels = (0..w * CHAR_H * s).map(|i| {
            let (x, y) = (i % w / s, i / w / s);
            // x < cols * 4, so the character's index is below `cols`.
            let c = chars[(x / CHAR_W) as usize];
            if c != b' ' && glyphs.ink(c, x % CHAR_W, y) {
                fg
            } else {
                bg
            }
        });
        self.display.fill_contiguous(&area, pixels)
    }

    pub(super) fn draw_screen(&mut self, screen: &view::Screen) -> Result<(), D::Error> {
        let (title, lines) = (&screen.title, &screen.entries[..]);
        let (w, h) = self.layout.view_cells();
        let s = self.layout.scale();
        let cols = (w * CELL_W / CHAR_W) as usize;
        // The title over two rows where one does not hold it, and a row
        // under it.
        let title_rows = view::wrap(title, cols).count().clamp(1, 2);
        let rows = ((h * CELL_H / CHAR_H) as usize).saturating_sub(title_rows + 1);
        // Each line, its columns squeezed when some line is too long, then
        // broken at spaces to fit, its words under their column.
        let squeeze = lines.iter().any(|e| e.text.chars().count() > cols);
        let height = |e: &view::Entry| view::entry_rows(&squeezed(&e.text, squeeze), cols).count();
        let (window, chosen) = self.controls.window_by(lines, rows, height);
        let (first, shown) = (window.first, window.shown);
        self.shown = (first, shown);
        let mut h = amulets_core::hash::Fnv1a::new();
        h.bytes(title.as_bytes());
        for e in lines {
            h.bytes(e.text.as_bytes());
            h.u32(u32::from(e.enabled));
        }
        h.u32(self.controls.choice() as u32);
        h.u32(first as u32);
        let hash = h.finish();
        if self.screen == Some(hash) {
            return Ok(());
        }
        self.screen = Some(hash);
        self.clear_view()?;
        if title_rows == 1 {
            let at = Point::new(0, 0);
            self.text_line(at, cols, title, chrome::TITLE, chrome::BACKGROUND)?;
        } else {
            for (i, part) in view::wrap(title, cols).take(2).enumerate() {
                let at = Point::new(0, i as i32 * CHAR_H * s);
                self.text_line(at, cols, part, chrome::TITLE, chrome::BACKGROUND)?;
            }
        }
        let mut row = title_rows as i32 + 1;
        for (i, e) in lines.iter().enumerate().skip(first).take(shown) {
            let (fg, bg) = e.colors(chosen == Some(i));
            let text = squeezed(&e.text, squeeze);
            for (indent, part) in view::entry_rows(&text, cols) {
                // The indent is under half the columns (`entry_rows`).
                let (x, y) = (indent as i32 * CHAR_W * s, row * CHAR_H * s);
                self.text_line(Point::new(x, y), cols - indent, part, fg, bg)?;
                row += 1;
            }
            self.redrawn += 1;
        }
        if let Some(more) = window.more(view::Scroll::Choice) {
            self.text_line(
                Point::new(0, row * CHAR_H * s),
                cols,
                more,
                chrome::MORE,
                chrome::BACKGROUND,
            )?;
            self.redrawn += 1;
        }
        Ok(())
    }

    /// The first line of the screen shown and how many lines are shown,
    /// after the last `draw` (for tests).
    pub fn screen_lines_shown(&self) -> Option<(usize, usize)> {
        self.screen.map(|_| self.shown)
    }
}
