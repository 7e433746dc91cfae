//! A Sitronix ST7789 panel controller over SPI, as Waveshare's
//! Pico-LCD-1.3 wires it (240 x 240 of RGB565, a data/command line, the
//! chip select held low): woken with the datasheet's commands, drawn by
//! windows. A window (`CASET`, `RASET`) and a memory write (`RAMWR`) take
//! a rectangle's pixels in a row, so the shell's cells and lines, each a
//! rectangle, go as one stream each.

use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::pixelcolor::raw::RawU16;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;
use embedded_hal::digital::OutputPin;
use embedded_hal::spi::SpiBus;

/// The panel's size in pixels.
pub const SIZE: u32 = 240;

/// The commands used (the ST7789's datasheet, section 9).
mod cmd {
    pub const SWRESET: u8 = 0x01;
    pub const SLPOUT: u8 = 0x11;
    pub const NORON: u8 = 0x13;
    pub const INVON: u8 = 0x21;
    pub const DISPON: u8 = 0x29;
    pub const CASET: u8 = 0x2A;
    pub const RASET: u8 = 0x2B;
    pub const RAMWR: u8 = 0x2C;
    pub const MADCTL: u8 = 0x36;
    pub const COLMOD: u8 = 0x3A;
}

/// How the memory is addressed: rows and columns exchanged and the
/// columns mirrored, the orientation Waveshare's own driver sets for this
/// module, in which the picture stands upright with the joystick on the
/// left. A rig reading the SPI stream back takes it as upright.
pub const MADCTL: u8 = 0x70;
/// 16 bits a pixel, RGB565, for both interfaces.
pub const COLMOD: u8 = 0x55;

/// The SPI bus or the data/command line refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused;

/// The panel, on its bus and data/command line.
pub struct St7789<SPI, DC> {
    spi: SPI,
    dc: DC,
}

impl<SPI: SpiBus<u8>, DC: OutputPin> St7789<SPI, DC> {
    pub fn new(spi: SPI, dc: DC) -> Self {
        St7789 { spi, dc }
    }

    /// A command and its data bytes.
    fn command(&mut self, command: u8, data: &[u8]) -> Result<(), Refused> {
        self.dc.set_low().map_err(|_| Refused)?;
        self.spi.write(&[command]).map_err(|_| Refused)?;
        self.spi.flush().map_err(|_| Refused)?;
        if !data.is_empty() {
            self.dc.set_high().map_err(|_| Refused)?;
            self.spi.write(data).map_err(|_| Refused)?;
            self.spi.flush().map_err(|_| Refused)?;
        }
        Ok(())
    }

    /// Wakes the panel, with `wait(ms)` between the commands that need
    /// time: a software reset (5 ms before the next command, 120 ms
    /// before sleep out), sleep out (5 ms), the pixel format, the
    /// orientation, colours inverted (the IPS glass shows them so), the
    /// normal mode, the display on. The screen is then filled black.
    pub fn init(&mut self, mut wait: impl FnMut(u32)) -> Result<(), Refused> {
        self.command(cmd::SWRESET, &[])?;
        wait(150);
        self.command(cmd::SLPOUT, &[])?;
        wait(10);
        self.command(cmd::COLMOD, &[COLMOD])?;
        self.command(cmd::MADCTL, &[MADCTL])?;
        self.command(cmd::INVON, &[])?;
        self.command(cmd::NORON, &[])?;
        let all = Rectangle::new(Point::zero(), Size::new(SIZE, SIZE));
        self.fill_solid(&all, Rgb565::BLACK)?;
        self.command(cmd::DISPON, &[])?;
        wait(10);
        Ok(())
    }

    /// Opens the window `area` (inside the panel) for a memory write.
    fn window(&mut self, area: &Rectangle) -> Result<(), Refused> {
        let Some(end) = area.bottom_right() else {
            return Ok(());
        };
        // Inside the panel: every coordinate is from 0 to 239.
        let be = |v: i32| (v as u16).to_be_bytes();
        let (x0, x1, y0, y1) = (
            be(area.top_left.x),
            be(end.x),
            be(area.top_left.y),
            be(end.y),
        );
        self.command(cmd::CASET, &[x0[0], x0[1], x1[0], x1[1]])?;
        self.command(cmd::RASET, &[y0[0], y0[1], y1[0], y1[1]])?;
        self.command(cmd::RAMWR, &[])?;
        self.dc.set_high().map_err(|_| Refused)
    }

    /// Pixels' colours written in a row, 32 at a time.
    fn stream(&mut self, colors: impl IntoIterator<Item = Rgb565>) -> Result<(), Refused> {
        let mut chunk = [0u8; 64];
        let mut n = 0;
        for c in colors {
            let [hi, lo] = RawU16::from(c).into_inner().to_be_bytes();
            chunk[n] = hi;
            chunk[n + 1] = lo;
            n += 2;
            if n == chunk.len() {
                self.spi.write(&chunk).map_err(|_| Refused)?;
                n = 0;
            }
        }
        self.spi.write(&chunk[..n]).map_err(|_| Refused)?;
        self.spi.flush().map_err(|_| Refused)
    }
}

impl<SPI, DC> OriginDimensions for St7789<SPI, DC> {
    fn size(&self) -> Size {
        Size::new(SIZE, SIZE)
    }
}

impl<SPI: SpiBus<u8>, DC: OutputPin> DrawTarget for St7789<SPI, DC> {
    type Color = Rgb565;
    type Error = Refused;

    fn draw_iter<I: IntoIterator<Item = Pixel<Rgb565>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Refused> {
        let bounds = self.bounding_box();
        for Pixel(p, c) in pixels {
            if bounds.contains(p) {
                self.window(&Rectangle::new(p, Size::new(1, 1)))?;
                self.stream([c])?;
            }
        }
        Ok(())
    }

    fn fill_contiguous<I: IntoIterator<Item = Rgb565>>(
        &mut self,
        area: &Rectangle,
        colors: I,
    ) -> Result<(), Refused> {
        let inside = self.bounding_box().intersection(area);
        if inside != *area {
            // Partly off the panel: the pixels on it, one by one.
            let pixels = area.points().zip(colors).map(|(p, c)| Pixel(p, c));
            return self.draw_iter(pixels);
        }
        if area.is_zero_sized() {
            return Ok(());
        }
        self.window(area)?;
        self.stream(colors)
    }

    fn fill_solid(&mut self, area: &Rectangle, color: Rgb565) -> Result<(), Refused> {
        let area = self.bounding_box().intersection(area);
        let n = area.size.width * area.size.height;
        self.fill_contiguous(&area, (0..n).map(|_| color))
    }
}
