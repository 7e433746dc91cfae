//! The 4 x 6 font as masks, and a cell as what the caches keep of it.

use super::layout::{CHAR_H, CHAR_W};
use amulets_core::color::Rgb;
use amulets_core::geom::Point;
use amulets_play::palettes::Palette;
use amulets_play::view::chrome;
use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::mono_font::ascii::FONT_4X6;
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics::text::{Baseline, Text};

/// What is drawn in one place: a glyph and its two colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Drawn {
    pub(super) glyph: u8,
    pub(super) fg: u16,
    pub(super) bg: u16,
}

impl Drawn {
    /// Both colours in one word, as the cache keeps them.
    pub(super) const fn colours(self) -> u32 {
        (self.fg as u32) << 16 | self.bg as u32
    }
}

/// An empty cell in a palette: no glyph on the background, as a cleared
/// display is.
pub(super) fn blank(palette: Palette) -> Drawn {
    let bg = raw565(palette.apply(chrome::BACKGROUND));
    Drawn {
        glyph: b' ',
        fg: bg,
        bg,
    }
}

pub(super) fn rgb565(c: Rgb) -> Rgb565 {
    Rgb565::new(c.r >> 3, c.g >> 2, c.b >> 3)
}

/// A colour as RGB565's 16 bits (red in the top five, green in the middle
/// six), as the cache keeps it and `rgb565` packs it.
pub(super) const fn raw565(c: Rgb) -> u16 {
    (c.r as u16 >> 3) << 11 | (c.g as u16 >> 2) << 5 | c.b as u16 >> 3
}

/// The 4 x 6 font's printable ASCII characters as masks, made once from
/// embedded-graphics' `FONT_4X6`: bit `y * 4 + x` is set where the glyph
/// has ink. With them a cell or a line of text is one `fill_contiguous`,
/// glyph and background together, instead of a fill and then every lit
/// pixel on its own (each its own transfer on an SPI display).
#[derive(Clone)]
pub(super) struct Glyphs([u32; 95]);

/// A glyph's box, drawn into a mask.
pub(super) struct Mask(u32);

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
    pub(super) fn new() -> Glyphs {
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
    pub(super) fn ink(&self, c: u8, x: i32, y: i32) -> bool {
        let i = if (b' '..=b'~').contains(&c) {
            c - b' '
        } else {
            b'?' - b' '
        };
        self.0[usize::from(i)] >> (y * CHAR_W + x) & 1 == 1
    }
}

/// The core's point as embedded-graphics' point.
pub(super) trait IntoEg {
    fn into_eg(self) -> embedded_graphics::geometry::Point;
}

impl IntoEg for Point {
    fn into_eg(self) -> embedded_graphics::geometry::Point {
        embedded_graphics::geometry::Point::new(self.x, self.y)
    }
}
