//! A frame buffer in RAM as a `DrawTarget`: QEMU's boards and the host
//! tests draw into it, and it writes itself out as a PPM picture.

use embedded_graphics::pixelcolor::raw::RawU16;
use embedded_graphics::pixelcolor::{Rgb565, Rgb888};
use embedded_graphics::prelude::*;

/// `W` x `H` pixels of RGB565, row by row.
pub struct FrameBuffer<const W: usize, const H: usize> {
    pub pixels: [[u16; W]; H],
    /// Pixels written since `take_writes` (a measure of the redraw's work).
    writes: u32,
}

impl<const W: usize, const H: usize> Default for FrameBuffer<W, H> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const W: usize, const H: usize> FrameBuffer<W, H> {
    pub const fn new() -> Self {
        FrameBuffer {
            pixels: [[0; W]; H],
            writes: 0,
        }
    }

    pub fn at(&self, x: usize, y: usize) -> Rgb565 {
        Rgb565::from(RawU16::new(self.pixels[y][x]))
    }

    /// Pixels written since the last call.
    pub fn take_writes(&mut self) -> u32 {
        core::mem::take(&mut self.writes)
    }

    /// The picture as a binary PPM (P6), handed to `out` a piece at a time
    /// (a row is `3 W` bytes; semihosting writes them to the host).
    pub fn write_ppm(&self, mut out: impl FnMut(&[u8])) {
        let mut header: heapless::String<32> = heapless::String::new();
        // 32 bytes hold "P6\n" and two numbers of at most 5 digits.
        let _ = core::fmt::write(&mut header, format_args!("P6\n{W} {H}\n255\n"));
        out(header.as_bytes());
        let mut row = [0u8; 3 * 320];
        for line in &self.pixels {
            for (x, &p) in line.iter().enumerate().take(320) {
                let c: Rgb888 = Rgb565::from(RawU16::new(p)).into();
                row[3 * x..3 * x + 3].copy_from_slice(&[c.r(), c.g(), c.b()]);
            }
            out(&row[..3 * W.min(320)]);
        }
    }
}

impl<const W: usize, const H: usize> OriginDimensions for FrameBuffer<W, H> {
    fn size(&self) -> Size {
        Size::new(W as u32, H as u32)
    }
}

impl<const W: usize, const H: usize> DrawTarget for FrameBuffer<W, H> {
    type Color = Rgb565;
    type Error = core::convert::Infallible;

    fn draw_iter<I>(&mut self, pixels: I) -> Result<(), Self::Error>
    where
        I: IntoIterator<Item = Pixel<Rgb565>>,
    {
        for Pixel(p, c) in pixels {
            if let (Ok(x), Ok(y)) = (usize::try_from(p.x), usize::try_from(p.y))
                && x < W
                && y < H
            {
                self.pixels[y][x] = RawU16::from(c).into_inner();
                self.writes += 1;
            }
        }
        Ok(())
    }
}
