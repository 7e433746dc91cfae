//! The shell: draws the core's picture on a `DrawTarget`, redrawing only
//! what changed, and turns the buttons into the core's keys and actions.

use crate::input::Buttons;
use amulets_core::color::Rgb;
use amulets_core::game::{Game, State};
use amulets_core::geom::Point;
use amulets_core::map::{MAP_CELLS, MAP_H, MAP_W, Map};
use amulets_core::pad::{Controls, Window};
use amulets_core::replay::Recorder;
use amulets_core::session::{Session, Store};
use amulets_core::view::{self, Scene, chrome};
use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::mono_font::ascii::FONT_4X6;
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;
use embedded_graphics::text::{Baseline, Text};

/// A map cell on the display: 5 x 6 pixels, a 4 x 6 glyph and a gap.
pub const CELL_W: i32 = 5;
pub const CELL_H: i32 = 6;
/// The font's character box.
pub const CHAR_W: i32 = 4;
pub const CHAR_H: i32 = 6;
pub use amulets_core::pad::{STATUS_COLS, STATUS_LINES, StatusLine};

/// Which of the two pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// 320 x 240: the whole map at 5 x 6 a cell (320 x 216), and four
    /// lines of status under it.
    Full,
    /// 160 x 128: a 32 x 15-cell viewport following the player (160 x 90),
    /// and under it the whole floor at a pixel a cell (64 x 36) beside six
    /// lines of status.
    Small,
}

impl Layout {
    pub const fn size(self) -> (u32, u32) {
        match self {
            Layout::Full => (320, 240),
            Layout::Small => (160, 128),
        }
    }

    /// The map cells the viewport shows across and down.
    pub const fn view_cells(self) -> (i32, i32) {
        match self {
            Layout::Full => (MAP_W, MAP_H),
            Layout::Small => (32, 15),
        }
    }

    /// Where the status lines start, their count and width in characters.
    const fn status(self) -> (Point, usize, usize) {
        match self {
            Layout::Full => (Point::new(0, MAP_H * CELL_H), 4, 80),
            Layout::Small => (Point::new(MAP_W + 2, 15 * CELL_H + 2), 6, 23),
        }
    }

    /// The overview's top left corner (small layout only).
    const OVERVIEW: Point = Point::new(0, 15 * CELL_H + 2);
}

pub use amulets_core::pad::Mode;

/// What is drawn in one place: a glyph and its two colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Drawn {
    glyph: u8,
    fg: u16,
    bg: u16,
}

impl Drawn {
    /// Both colours in one word, as the cache keeps them.
    const fn colours(self) -> u32 {
        (self.fg as u32) << 16 | self.bg as u32
    }
}

/// An empty cell: no glyph on the background, as a cleared display is.
const BLANK: Drawn = Drawn {
    glyph: b' ',
    fg: raw565(chrome::BACKGROUND),
    bg: raw565(chrome::BACKGROUND),
};

fn rgb565(c: Rgb) -> Rgb565 {
    Rgb565::new(c.r >> 3, c.g >> 2, c.b >> 3)
}

/// A colour as RGB565's 16 bits (red in the top five, green in the middle
/// six), as the cache keeps it and `rgb565` packs it.
const fn raw565(c: Rgb) -> u16 {
    (c.r as u16 >> 3) << 11 | (c.g as u16 >> 2) << 5 | c.b as u16 >> 3
}

/// A screen's line, with each run of spaces (the help's columns) made two
/// when `squeeze`: for a screen with lines longer than the display is wide.
fn squeezed(text: &str, squeeze: bool) -> StatusLine {
    let mut out = StatusLine::new();
    let mut spaces = 0;
    for c in text.chars() {
        spaces = if c == ' ' { spaces + 1 } else { 0 };
        // A line longer than a status line is cut, as the display would.
        if (!squeeze || spaces <= 2) && out.push(c).is_err() {
            break;
        }
    }
    out
}

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
    /// The log as last drawn (lines up from the newest, how many, the
    /// turn), while it is shown.
    log_drawn: Option<(usize, usize, u32)>,
}

/// The 4 x 6 font's printable ASCII characters as masks, made once from
/// embedded-graphics' `FONT_4X6`: bit `y * 4 + x` is set where the glyph
/// has ink. With them a cell or a line of text is one `fill_contiguous`,
/// glyph and background together, instead of a fill and then every lit
/// pixel on its own (each its own transfer on an SPI display).
#[derive(Clone)]
struct Glyphs([u32; 95]);

/// A glyph's box, drawn into a mask.
struct Mask(u32);

impl OriginDimensions for Mask {
    fn size(&self) -> Size {
        Size::new(CHAR_W as u32, CHAR_H as u32)
    }
}

impl DrawTarget for Mask {
    type Color = embedded_graphics::pixelcolor::BinaryColor;
    type Error = core::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Self::Color>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        for Pixel(p, c) in pixels {
            let inside = (0..CHAR_W).contains(&p.x) && (0..CHAR_H).contains(&p.y);
            if inside && c.is_on() {
                // 0 <= y * 4 + x < 24: the bit is in the word.
                self.0 |= 1 << (p.y * CHAR_W + p.x);
            }
        }
        Ok(())
    }
}

impl Glyphs {
    fn new() -> Glyphs {
        let style = MonoTextStyle::new(&FONT_4X6, embedded_graphics::pixelcolor::BinaryColor::On);
        Glyphs(core::array::from_fn(|i| {
            let mut mask = Mask(0);
            let mut buf = [0u8; 4];
            let s = char::from(b' ' + i as u8).encode_utf8(&mut buf);
            let drawn = Text::with_baseline(s, Point::new(0, 0).into_eg(), style, Baseline::Top)
                .draw(&mut mask);
            let Ok(_) = drawn; // Drawing into a mask cannot fail (Infallible).
            mask.0
        }))
    }

    /// Whether character `c` (outside printable ASCII: `?`) has ink at
    /// `(x, y)` of its box.
    fn ink(&self, c: u8, x: i32, y: i32) -> bool {
        let i = if (b' '..=b'~').contains(&c) {
            c - b' '
        } else {
            b'?' - b' '
        };
        self.0[usize::from(i)] >> (y * CHAR_W + x) & 1 == 1
    }
}

impl<D: DrawTarget<Color = Rgb565>> Shell<D> {
    pub fn new(display: D, layout: Layout) -> Self {
        Shell {
            glyph_masks: Glyphs::new(),
            log_drawn: None,
            display,
            layout,
            glyphs: [BLANK.glyph; MAP_CELLS],
            colours: [BLANK.colours(); MAP_CELLS],
            overview: [BLANK.bg; MAP_CELLS],
            status: core::array::from_fn(|_| StatusLine::new()),
            screen: None,
            stale: true,
            controls: Controls::new(),
            shown: (0, 0),
            redrawn: 0,
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

    // ----- input -----

    /// The buttons as they are now, at `now` milliseconds, handed to the
    /// session through the core's pad (`Controls`).
    pub fn update<S: Store, R: Recorder, E: FnMut() -> u32>(
        &mut self,
        session: &mut Session<S, R, E>,
        buttons: Buttons,
        now: u64,
    ) {
        self.controls.update(session, buttons, now);
    }

    // ----- the picture -----

    /// Draws what changed since the last call; returns the places redrawn,
    /// or the display's error. After an error the whole picture is drawn
    /// afresh next time: what the caches say was drawn may not have been.
    pub fn draw<S: Store, R: Recorder, E: FnMut() -> u32>(
        &mut self,
        session: &Session<S, R, E>,
    ) -> Result<u32, D::Error> {
        let drawn = self.draw_changes(session);
        if drawn.is_err() {
            self.stale = true;
        }
        drawn
    }

    fn draw_changes<S: Store, R: Recorder, E: FnMut() -> u32>(
        &mut self,
        session: &Session<S, R, E>,
    ) -> Result<u32, D::Error> {
        let game = session.game();
        self.redrawn = 0;
        if self.stale {
            // A cleared display is what the caches say when they are blank.
            self.stale = false;
            let (w, h) = self.layout.size();
            let all = Rectangle::new(Point::new(0, 0).into_eg(), Size::new(w, h));
            self.display.fill_solid(&all, rgb565(chrome::BACKGROUND))?;
            self.forget_view();
            self.overview = [BLANK.bg; MAP_CELLS];
            self.status.iter_mut().for_each(StatusLine::clear);
            self.screen = None;
        }
        if let Mode::Log(up) = self.controls.mode() {
            let shown = (up, game.log().lines().len(), game.turn());
            if self.log_drawn != Some(shown) {
                self.log_drawn = Some(shown);
                self.draw_log(game, up)?;
            }
            self.draw_status(session)?;
            return Ok(self.redrawn);
        }
        if self.log_drawn.take().is_some() {
            // Back from the log: the map is painted afresh.
            self.clear_view()?;
            self.forget_view();
        }
        match session.screen() {
            // The board's help lists its buttons, not a keyboard's keys.
            Some(_) if game.state() == State::Help => self.draw_screen(&view::button_help())?,
            Some(screen) => self.draw_screen(&screen)?,
            None => {
                if self.screen.take().is_some() {
                    // Back from a screen: the map is painted afresh.
                    self.clear_view()?;
                    self.forget_view();
                }
                self.draw_map(&self.controls.scene(session))?;
                if self.layout == Layout::Small {
                    self.draw_overview(game)?;
                }
            }
        }
        self.draw_status(session)?;
        Ok(self.redrawn)
    }

    /// The log over the map: a title row, then the lines oldest first,
    /// ending `up` lines before the newest; unread lines brighter.
    fn draw_log(&mut self, game: &Game, up: usize) -> Result<(), D::Error> {
        self.clear_view()?;
        let (w, h) = self.layout.view_cells();
        let cols = ((w * CELL_W) / CHAR_W) as usize;
        let rows = ((h * CELL_H) / CHAR_H) as usize;
        self.text_line(
            Point::new(0, 0),
            cols,
            "The log, newest last",
            chrome::TITLE,
            chrome::BACKGROUND,
        )?;
        let total = view::log_lines(game).len();
        let end = total.saturating_sub(up);
        let start = end.saturating_sub(rows.saturating_sub(1));
        for (row, (text, c)) in view::log_lines(game)
            .skip(start)
            .take(end - start)
            .enumerate()
        {
            let y = (row as i32 + 1) * CHAR_H;
            self.text_line(Point::new(0, y), cols, text, c, chrome::BACKGROUND)?;
        }
        self.redrawn += 1;
        Ok(())
    }

    /// The viewport's cache as a cleared viewport: all blank.
    fn forget_view(&mut self) {
        self.glyphs = [BLANK.glyph; MAP_CELLS];
        self.colours = [BLANK.colours(); MAP_CELLS];
    }

    fn clear_view(&mut self) -> Result<(), D::Error> {
        let (w, h) = self.layout.view_cells();
        let area = Rectangle::new(
            Point::new(0, 0).into_eg(),
            Size::new((w * CELL_W) as u32, (h * CELL_H) as u32),
        );
        self.display.fill_solid(&area, rgb565(chrome::BACKGROUND))
    }

    /// The cell the viewport's top left shows: the whole map in the big
    /// layout; in the small one, the core's camera on what its scene
    /// follows (the player, or a cursor).
    pub fn camera<S: Store, R: Recorder, E: FnMut() -> u32>(
        &self,
        session: &Session<S, R, E>,
    ) -> Point {
        self.controls
            .scene(session)
            .camera(self.layout.view_cells())
    }

    /// The map, as the core's scene shows it, redrawing only the cells
    /// that changed.
    fn draw_map(&mut self, scene: &Scene<'_>) -> Result<(), D::Error> {
        let size = self.layout.view_cells();
        let camera = scene.camera(size);
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
                fg: raw565(c.fg),
                bg: raw565(c.bg),
            };
            let slot = (row * MAP_W + col) as usize;
            if self.glyphs[slot] == want.glyph && self.colours[slot] == want.colours() {
                return;
            }
            self.glyphs[slot] = want.glyph;
            self.colours[slot] = want.colours();
            result = self.draw_cell(col * CELL_W, row * CELL_H, want);
            self.redrawn += 1;
        });
        result
    }

    /// A cell, glyph and background, in one fill: the glyph's 4 x 6 box at
    /// its left, the cell's fifth column background.
    fn draw_cell(&mut self, x: i32, y: i32, d: Drawn) -> Result<(), D::Error> {
        let area = Rectangle::new(
            embedded_graphics::geometry::Point::new(x, y),
            Size::new(CELL_W as u32, CELL_H as u32),
        );
        let bg: Rgb565 = embedded_graphics::pixelcolor::raw::RawU16::new(d.bg).into();
        let fg: Rgb565 = embedded_graphics::pixelcolor::raw::RawU16::new(d.fg).into();
        let glyphs = &self.glyph_masks;
        let pixels = (0..CELL_W * CELL_H).map(|i| {
            let (px, py) = (i % CELL_W, i / CELL_W);
            let lit = px < CHAR_W && d.glyph != b' ' && glyphs.ink(d.glyph, px, py);
            if lit { fg } else { bg }
        });
        self.display.fill_contiguous(&area, pixels)
    }

    fn draw_overview(&mut self, game: &Game) -> Result<(), D::Error> {
        let o = Layout::OVERVIEW;
        for i in 0..MAP_CELLS {
            let p = Map::point_of(i);
            let c = view::cell(game, p).map_or(chrome::BACKGROUND, |l| l.dot());
            let c = raw565(c);
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
    fn text_line(
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
        let w = cols as i32 * CHAR_W;
        let area = Rectangle::new(at.into_eg(), Size::new(w as u32, CHAR_H as u32));
        let (fg, bg) = (rgb565(fg), rgb565(bg));
        let glyphs = &self.glyph_masks;
        let pixels = (0..w * CHAR_H).map(|i| {
            let (x, y) = (i % w, i / w);
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

    fn draw_screen(&mut self, screen: &view::Screen) -> Result<(), D::Error> {
        let (title, lines) = (&screen.title, &screen.entries[..]);
        let (_, h) = self.layout.view_cells();
        let rows = ((h * CELL_H / CHAR_H) as usize).saturating_sub(2);
        let Window {
            first,
            shown,
            chosen,
        } = self.controls.window(lines, rows);
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
        let (w, _) = self.layout.view_cells();
        let cols = (w * CELL_W / CHAR_W) as usize;
        self.text_line(
            Point::new(0, 0),
            cols,
            title,
            chrome::TITLE,
            chrome::BACKGROUND,
        )?;
        let squeeze = lines.iter().any(|e| e.text.chars().count() > cols);
        for (i, e) in lines.iter().enumerate().skip(first).take(shown) {
            let (fg, bg) = e.colors(chosen == Some(i));
            let row = (i - first) as i32 + 2;
            let l = squeezed(&e.text, squeeze);
            self.text_line(Point::new(0, row * CHAR_H), cols, &l, fg, bg)?;
            self.redrawn += 1;
        }
        if shown < lines.len() {
            let more = match (first > 0, first + shown < lines.len()) {
                (true, true) => "(more above and below)",
                (true, false) => "(more above)",
                _ => "(more below)",
            };
            let row = shown as i32 + 2;
            self.text_line(
                Point::new(0, row * CHAR_H),
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

    fn draw_status<S: Store, R: Recorder, E: FnMut() -> u32>(
        &mut self,
        session: &Session<S, R, E>,
    ) -> Result<(), D::Error> {
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
            let y = at.y + i as i32 * CHAR_H;
            self.text_line(Point::new(at.x, y), cols, line, color, chrome::BACKGROUND)?;
            self.redrawn += 1;
        }
        Ok(())
    }
}

/// The core's point as embedded-graphics' point.
trait IntoEg {
    fn into_eg(self) -> embedded_graphics::geometry::Point;
}

impl IntoEg for Point {
    fn into_eg(self) -> embedded_graphics::geometry::Point {
        embedded_graphics::geometry::Point::new(self.x, self.y)
    }
}

#[cfg(test)]
mod tests {
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
