//! The glyph view's font: embedded-graphics' 10 x 20 X11 fixed font (the
//! family the embedded shell draws with at 4 x 6), rasterised once into a
//! white-on-transparent atlas of the printable ASCII characters. The shell
//! colours it at draw time and scales it by whole numbers.

use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::mono_font::ascii::FONT_10X20;
use embedded_graphics::pixelcolor::BinaryColor;
use embedded_graphics::prelude::*;
use embedded_graphics::text::{Baseline, Text};

/// A character's box in the atlas and on screen at scale 1.
pub const GLYPH_W: u32 = 10;
pub const GLYPH_H: u32 = 20;
/// The characters in the atlas: ' ' to '~'.
pub const FIRST: u8 = b' ';
pub const LAST: u8 = b'~';
pub const COUNT: u32 = (LAST - FIRST + 1) as u32;
pub const ATLAS_W: u32 = COUNT * GLYPH_W;
pub const ATLAS_H: u32 = GLYPH_H;

/// The atlas column of a character; anything outside ASCII shows as `?`.
pub fn column(c: char) -> u32 {
    let b = if (FIRST as char..=LAST as char).contains(&c) {
        c as u8
    } else {
        b'?'
    };
    u32::from(b - FIRST)
}

/// An RGBA image the font is drawn into.
struct Canvas {
    rgba: Vec<u8>,
}

impl OriginDimensions for Canvas {
    fn size(&self) -> Size {
        Size::new(ATLAS_W, ATLAS_H)
    }
}

impl DrawTarget for Canvas {
    type Color = BinaryColor;
    type Error = core::convert::Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Pixel<BinaryColor>>,
    {
        for Pixel(p, c) in pixels {
            let inside = p.x >= 0 && p.y >= 0 && (p.x as u32) < ATLAS_W && (p.y as u32) < ATLAS_H;
            if inside && c == BinaryColor::On {
                let at = (p.y as usize * ATLAS_W as usize + p.x as usize) * 4;
                self.rgba[at..at + 4].copy_from_slice(&[255, 255, 255, 255]);
            }
        }
        Ok(())
    }
}

/// The atlas as RGBA bytes, `ATLAS_W` x `ATLAS_H`.
pub fn atlas() -> Vec<u8> {
    let mut canvas = Canvas {
        rgba: vec![0; (ATLAS_W * ATLAS_H * 4) as usize],
    };
    let style = MonoTextStyle::new(&FONT_10X20, BinaryColor::On);
    let mut buf = [0u8; 4];
    for b in FIRST..=LAST {
        let s = (b as char).encode_utf8(&mut buf);
        let x = (column(b as char) * GLYPH_W) as i32;
        // Drawing into our own buffer cannot fail (Infallible).
        let _ = Text::with_baseline(s, Point::new(x, 0), style, Baseline::Top).draw(&mut canvas);
    }
    canvas.rgba
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(atlas: &[u8], c: char) -> usize {
        let x0 = (column(c) * GLYPH_W) as usize;
        (0..GLYPH_H as usize)
            .flat_map(|y| (x0..x0 + GLYPH_W as usize).map(move |x| (x, y)))
            .filter(|&(x, y)| atlas[(y * ATLAS_W as usize + x) * 4 + 3] == 255)
            .count()
    }

    #[test]
    fn glyphs_are_drawn_in_their_boxes() {
        let a = atlas();
        assert_eq!(lit(&a, ' '), 0);
        assert!(lit(&a, '@') > 20, "{}", lit(&a, '@'));
        assert!(lit(&a, '#') > lit(&a, '.'));
        assert_eq!(column('é'), column('?'));
        // Every printable character but the space has ink.
        for b in FIRST + 1..=LAST {
            assert!(lit(&a, b as char) > 0, "{:?}", b as char);
        }
    }
}
