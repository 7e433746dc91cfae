//! A 128 x 64 panel of 16 greys, as an SSD0323 controller holds it: a
//! frame of 4,096 bytes, two pixels a byte (the left one in the high
//! nibble), row after row, drawn whole in RAM and sent whole. The frame is
//! the panel's own layout byte for byte, so sending it is one window
//! command and the bytes as they are, and a picture read back from the
//! panel compares with the frame pixel for pixel.

use amulets_core::color::Rgb;
use amulets_play::palettes::Palette;
use embedded_graphics::pixelcolor::{Gray4, GrayColor};
use embedded_graphics::prelude::*;

/// The panel's size in pixels.
pub const WIDTH: usize = 128;
pub const HEIGHT: usize = 64;
/// The frame's bytes: two pixels a byte.
pub const BYTES: usize = WIDTH * HEIGHT / 2;

/// The panel's picture in RAM.
#[derive(Clone)]
pub struct Frame {
    bytes: [u8; BYTES],
}

impl Default for Frame {
    fn default() -> Self {
        Frame::new()
    }
}

impl Frame {
    /// A frame all black.
    pub const fn new() -> Frame {
        Frame { bytes: [0; BYTES] }
    }

    /// The grey (0 to 15) at a pixel; 0 outside the frame.
    pub fn grey(&self, x: usize, y: usize) -> u8 {
        if x >= WIDTH || y >= HEIGHT {
            return 0;
        }
        let b = self.bytes[y * WIDTH / 2 + x / 2];
        if x.is_multiple_of(2) {
            b >> 4
        } else {
            b & 0x0F
        }
    }

    /// Sets a pixel's grey (its low four bits); nothing outside the frame.
    pub fn set(&mut self, x: usize, y: usize, grey: u8) {
        if x >= WIDTH || y >= HEIGHT {
            return;
        }
        // y < 64 and x / 2 < 64: the index is under 4,096.
        let b = &mut self.bytes[y * WIDTH / 2 + x / 2];
        *b = if x.is_multiple_of(2) {
            (*b & 0x0F) | (grey & 0x0F) << 4
        } else {
            (*b & 0xF0) | (grey & 0x0F)
        };
    }

    /// The bytes, as the panel takes them.
    pub fn bytes(&self) -> &[u8; BYTES] {
        &self.bytes
    }

    /// Sends the frame to an SSD0323 through `send(bytes, data)`: the
    /// window set to the whole panel (columns 0 to 63, each two pixels;
    /// rows 0 to 63), addresses moving along a row, then the frame.
    pub fn send_to(&self, mut send: impl FnMut(&[u8], bool)) {
        send(&WINDOW, false);
        send(&self.bytes, true);
    }
}

/// The commands that open the whole panel for a frame: the column window,
/// the row window, and the remap with the address moving along a row.
pub const WINDOW: [u8; 8] = [0x15, 0, 63, 0x75, 0, 63, 0xA0, 0x00];

impl OriginDimensions for Frame {
    fn size(&self) -> Size {
        Size::new(WIDTH as u32, HEIGHT as u32)
    }
}

impl DrawTarget for Frame {
    type Color = Gray4;
    type Error = core::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Gray4>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        for Pixel(p, c) in pixels {
            if let (Ok(x), Ok(y)) = (usize::try_from(p.x), usize::try_from(p.y)) {
                self.set(x, y, c.luma());
            }
        }
        Ok(())
    }
}

/// A colour as one of the panel's 16 greys: its luma (Rec. 601's
/// weights, 77 + 150 + 29 = 256), in sixteenths, rounded down.
pub const fn grey_of(c: Rgb) -> u8 {
    let luma = (77 * c.r as u32 + 150 * c.g as u32 + 29 * c.b as u32) >> 8;
    (luma >> 4) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_pixels_a_byte_the_left_one_high() {
        let mut f = Frame::new();
        f.set(0, 0, 0xA);
        f.set(1, 0, 0x5);
        f.set(127, 63, 0xF);
        assert_eq!(f.bytes()[0], 0xA5);
        assert_eq!(f.bytes()[BYTES - 1], 0x0F);
        assert_eq!(
            (f.grey(0, 0), f.grey(1, 0), f.grey(127, 63)),
            (0xA, 0x5, 0xF)
        );
        // Outside: nothing drawn, nothing read.
        f.set(128, 0, 0xF);
        f.set(0, 64, 0xF);
        assert_eq!(f.grey(128, 0), 0);
        assert_eq!(f.bytes().iter().filter(|&&b| b != 0).count(), 2);
    }

    #[test]
    fn a_frame_is_sent_as_a_window_and_its_bytes() {
        let mut f = Frame::new();
        f.set(3, 2, 7);
        let mut sent: heapless::Vec<(usize, bool, u8), 4> = heapless::Vec::new();
        f.send_to(|bytes, data| {
            sent.push((bytes.len(), data, bytes[0])).unwrap();
        });
        assert_eq!(&sent[..], &[(8, false, 0x15), (BYTES, true, 0)]);
    }

    #[test]
    fn greys_follow_luma() {
        assert_eq!(grey_of(Rgb::new(0, 0, 0)), 0);
        assert_eq!(grey_of(Rgb::new(255, 255, 255)), 15);
        // Green weighs most, blue least.
        let (r, g, b) = (
            grey_of(Rgb::new(255, 0, 0)),
            grey_of(Rgb::new(0, 255, 0)),
            grey_of(Rgb::new(0, 0, 255)),
        );
        assert!(g > r && r > b, "{r} {g} {b}");
    }
}

/// Characters a row of the panel holds, in the 4 x 6 font, and rows.
pub const COLS: usize = WIDTH / 4;
pub const ROWS: usize = HEIGHT / 6;

/// Writes a line of text at a character row, `fg` on `bg`, the rest of
/// the row `bg`; characters past the row's end are not drawn.
pub fn text_row(frame: &mut Frame, row: usize, text: &str, fg: Rgb, bg: Rgb) {
    text_at(frame, row * 6, text, fg, bg);
}

/// [`text_row`] at pixel row `y`.
fn text_at(frame: &mut Frame, y: usize, words: &str, fg: Rgb, bg: Rgb) {
    let band = embedded_graphics::primitives::Rectangle::new(
        Point::new(0, y as i32),
        Size::new(WIDTH as u32, 6),
    );
    let Ok(()) = frame.fill_solid(&band, Gray4::new(grey_of(bg)));
    text(frame, (0, y), words, fg, bg);
}

/// Characters of the 4 x 6 font from pixel `(x, y)`, `fg` on `bg`: ASCII
/// (anything else a `?`), at most a row's `COLS`.
fn text(frame: &mut Frame, (x, y): (usize, usize), words: &str, fg: Rgb, bg: Rgb) {
    use embedded_graphics::mono_font::{MonoTextStyleBuilder, ascii::FONT_4X6};
    use embedded_graphics::text::{Baseline, Text};
    let mut line: heapless::String<COLS> = heapless::String::new();
    for c in words.chars() {
        if line.push(if c.is_ascii() { c } else { '?' }).is_err() {
            break;
        }
    }
    let style = MonoTextStyleBuilder::new()
        .font(&FONT_4X6)
        .text_color(Gray4::new(grey_of(fg)))
        .background_color(Gray4::new(grey_of(bg)))
        .build();
    let at = Point::new(x as i32, y as i32);
    let Ok(_) = Text::with_baseline(&line, at, style, Baseline::Top).draw(frame);
}

/// A screen of the play layer (the title, a menu, the help) on the panel:
/// its title on the first rows (two at most), its lines from the row after
/// the next, each broken to the row's width (a label over its words); when
/// they do not all fit, the window of them that the buttons' `controls`
/// keep (the chosen line in it, highlighted) and a row saying there is
/// more, as the other boards show a screen; in the player's `palette`.
pub fn draw_screen(
    frame: &mut Frame,
    screen: &amulets_play::view::Screen,
    controls: &mut amulets_play::pad::Controls,
    palette: Palette,
) {
    *frame = Frame::new();
    screen_rows(screen, controls, |row, text, fg, bg| {
        text_row(frame, row, text, palette.apply(fg), palette.apply(bg));
    });
}

/// The rows [`draw_screen`] draws, top to bottom: each one's row, words
/// (at most `COLS` characters) and colours.
pub fn screen_rows(
    screen: &amulets_play::view::Screen,
    controls: &mut amulets_play::pad::Controls,
    mut put: impl FnMut(usize, &str, Rgb, Rgb),
) {
    use amulets_play::view::{self, chrome};
    // The title broken at words, over two rows at most, and a row under.
    let mut row = 0;
    for part in view::wrap(&screen.title, COLS).take(2) {
        put(row, part, chrome::TITLE, chrome::BACKGROUND);
        row += 1;
    }
    row += 1;
    let lines = &screen.entries[..];
    let height = |e: &view::Entry| view::entry_rows_hanging(&e.text, COLS).count();
    let (window, chosen) = controls.window_by(lines, ROWS - row, height);
    for (i, e) in lines
        .iter()
        .enumerate()
        .skip(window.first)
        .take(window.shown)
    {
        let (fg, bg) = e.colors(chosen == Some(i));
        for (indent, part) in view::entry_rows_hanging(&e.text, COLS) {
            if row >= ROWS {
                return;
            }
            let mut indented: heapless::String<COLS> = heapless::String::new();
            for _ in 0..indent {
                let _ = indented.push(' ');
            }
            for c in part.chars() {
                if indented.push(c).is_err() {
                    break;
                }
            }
            put(row, &indented, fg, bg);
            row += 1;
        }
    }
    if let Some(more) = window.more(view::Scroll::Choice)
        && row < ROWS
    {
        put(row, more, chrome::MORE, chrome::BACKGROUND);
    }
}

/// The map's cells on the panel, across and down: a 4 x 6 character a
/// cell, 32 across the width, 7 rows over the status.
pub const VIEW: (i32, i32) = (COLS as i32, 7);
/// The status's first pixel row: under the map and a gap of 4 pixels,
/// its three rows reach the panel's foot (46 + 18 = 64).
pub const STATUS_Y: usize = 46;
const _: () = assert!(VIEW.1 as usize * 6 + 4 == STATUS_Y);
const _: () = assert!(STATUS_Y + amulets_play::pad::TINY_ROWS * 6 == HEIGHT);

/// The session as the kit's panel shows it: a screen (the title, a menu,
/// the help) whole as [`draw_screen`] draws it; else the map's cells
/// around what the scene follows (the player, a cursor; the nearest
/// monster in view too, where the view holds both) and, under them,
/// the play layer's smallest status. Every grey is the palette's colour's
/// ([`grey_of`]).
pub fn draw<H: amulets_play::session::Host>(
    frame: &mut Frame,
    session: &amulets_play::session::Session<H>,
    controls: &mut amulets_play::pad::Controls,
) {
    use amulets_play::view::chrome;
    let palette = session.prefs.palette();
    if let Some(screen) = session.drawn().screen() {
        draw_screen(frame, &screen, controls, palette);
        return;
    }
    *frame = Frame::new();
    let scene = controls.scene(session);
    let camera = scene.camera_in_sight(VIEW);
    // A map cell's character in its box, in the player's palette.
    let mut cell = |p: amulets_core::geom::Point, c: amulets_play::view::TextCell| {
        let (col, row) = ((p.x - camera.x) as usize, (p.y - camera.y) as usize);
        let glyph = if c.glyph.is_ascii_graphic() {
            c.glyph
        } else {
            ' '
        };
        let mut one = [0u8; 4];
        let (fg, bg) = (palette.apply(c.fg), palette.apply(c.bg));
        text(
            frame,
            (col * 4, row * 6),
            glyph.encode_utf8(&mut one),
            fg,
            bg,
        );
    };
    scene.cells(camera, VIEW, |p, shown| cell(p, shown.text_cell()));
    scene.beyond_view(camera, VIEW, &mut cell);
    let status = controls.tiny_status(session, COLS);
    let rows = status.rows.iter().zip(status.colors);
    for (i, (words, color)) in rows.take(amulets_play::pad::TINY_ROWS).enumerate() {
        let (fg, bg) = (palette.apply(color), palette.apply(chrome::BACKGROUND));
        text_at(frame, STATUS_Y + i * 6, words, fg, bg);
    }
}

#[cfg(test)]
mod screen_tests {
    use super::*;
    use amulets_play::session::{Session, Start};
    use amulets_play::store::NoStore;

    #[test]
    fn the_title_is_drawn_on_the_panel() {
        let session = Session::new(NoStore, (), || 42, Start::default());
        let title = session.drawn().screen().expect("the title");
        let mut frame = Frame::new();
        let mut controls = amulets_play::pad::Controls::new();
        draw_screen(&mut frame, &title, &mut controls, Palette::Book);
        let lit = (0..HEIGHT)
            .flat_map(|y| (0..WIDTH).map(move |x| (x, y)))
            .filter(|&(x, y)| frame.grey(x, y) > 0)
            .count();
        assert!(lit > 200, "{lit} pixels lit");
    }

    /// A run on the panel: the map's 7 rows around the player (his `@`
    /// lit in its cell) and the status's three rows under them, the first
    /// the run's facts.
    #[test]
    fn a_run_is_drawn_as_the_map_and_the_tiny_status() {
        use amulets_core::player::Class;
        let start = Start {
            seed: Some(42),
            class: Some(Class::Fighter),
            ..Start::default()
        };
        let session = Session::new(NoStore, (), || 42, start);
        assert!(session.drawn().screen().is_none());
        let mut frame = Frame::new();
        let mut controls = amulets_play::pad::Controls::five_keys();
        draw(&mut frame, &session, &mut controls);
        let lit = |x0: usize, y0: usize, w: usize, h: usize| {
            (y0..y0 + h)
                .flat_map(|y| (x0..x0 + w).map(move |x| (x, y)))
                .filter(|&(x, y)| frame.grey(x, y) > 0)
                .count()
        };
        let camera = amulets_play::view::Scene::new(session.game(), None).camera_in_sight(VIEW);
        let at = session.game().player().pos;
        let (col, row) = ((at.x - camera.x) as usize, (at.y - camera.y) as usize);
        assert!(lit(col * 4, row * 6, 4, 6) > 4, "the @ at {col},{row}");
        // The gap between the map and the status is dark; the facts' row
        // is lit.
        assert_eq!(lit(0, VIEW.1 as usize * 6, WIDTH, 4), 0);
        assert!(lit(0, STATUS_Y, WIDTH, 6) > 40);
        let facts = controls.tiny_status(&session, COLS).rows[0].clone();
        assert!(facts.starts_with("HP 32/32 F1 T0"), "{facts}");
    }
}
