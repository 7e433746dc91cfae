//! What the board's host tests share: a store holding one save, a display
//! that counts what is drawn on it, and a monster put on a hand-made floor.

use amulets_core::game::Game;
use amulets_core::geom::Point;
use amulets_core::monster::{KindId, Mind, Monster};
use amulets_core::text::{Line, Note};
use amulets_play::fame::Hall;
use amulets_play::store::{Colours, Fame, Records, SaveText, Saves, StoreError};
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;

/// A store holding one save it was given (a hand-made game, continued),
/// and the last record kept (as a board's flash keeps it).
#[derive(Clone)]
pub struct Holding(pub String, pub Option<String>);

impl Saves for Holding {
    fn claim(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    fn read(&mut self) -> Result<Option<&str>, StoreError> {
        Ok(Some(&self.0))
    }

    fn write(&mut self, save: &SaveText<'_>) -> Result<(), StoreError> {
        self.0 = save.to_string();
        Ok(())
    }

    fn set_aside(&mut self) -> Result<Line, StoreError> {
        Ok(Line::new())
    }

    fn remove(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    fn name(&self) -> &'static str {
        amulets_play::store::THE_SAVED_RUN
    }
}

impl Records for Holding {
    fn stamp(&mut self) -> amulets_play::morgue::Stamp {
        amulets_play::morgue::Stamp::Numbered(1)
    }

    /// Keeps the record, and says nothing of it.
    fn keep_record(
        &mut self,
        end: &amulets_play::morgue::End<'_>,
        stamp: amulets_play::morgue::Stamp,
    ) -> Result<Option<Note>, StoreError> {
        let mut text = String::new();
        amulets_play::morgue::write(&mut text, end, stamp).map_err(|_| StoreError::Full)?;
        self.1 = Some(text);
        Ok(None)
    }

    fn read_record(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    fn record(&self) -> Option<&str> {
        self.1.as_deref()
    }
}

/// No hall is kept.
impl Fame for Holding {
    fn change_hall<T>(&mut self, change: impl FnOnce(&mut Hall) -> T) -> Result<T, StoreError> {
        Ok(change(&mut Hall::new()))
    }

    fn read_hall(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    fn hall(&self) -> Option<&str> {
        None
    }
}

impl Colours for Holding {
    fn palette(&mut self) -> Option<amulets_play::palettes::Palette> {
        None
    }

    fn keep_palette(&mut self, _: amulets_play::palettes::Palette) -> Result<(), StoreError> {
        Ok(())
    }
}

/// A 320 x 240 display that keeps nothing and only counts: pixels drawn
/// one by one (`draw_iter`), and fills (`fill_solid`, `fill_contiguous`)
/// with the pixels they cover. On the Wio's SPI display every `draw_iter`
/// pixel is a transfer of its own, a fill one window and a stream.
#[derive(Clone, Default)]
pub struct Counting {
    pub one_by_one: u64,
    pub fills: u64,
    pub filled: u64,
}

/// The bytes that set a drawing window on the Wio's ILI9341 over SPI: the
/// column command and its four bytes, the page command and its four, and
/// the memory-write command.
#[allow(dead_code, reason = "host.rs counts bytes; reach.rs does not")]
pub const WINDOW_BYTES: u64 = 1 + 4 + 1 + 4 + 1;

impl Counting {
    /// The bytes all that drawing sends down the SPI bus: a window for each
    /// fill and each lone pixel, then two bytes (RGB565) a pixel.
    #[allow(dead_code, reason = "host.rs counts bytes; reach.rs does not")]
    pub fn spi_bytes(&self) -> u64 {
        (self.fills + self.one_by_one) * WINDOW_BYTES + (self.filled + self.one_by_one) * 2
    }
}

impl OriginDimensions for Counting {
    fn size(&self) -> Size {
        Size::new(320, 240)
    }
}

impl DrawTarget for Counting {
    type Color = Rgb565;
    type Error = core::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Rgb565>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        self.one_by_one += pixels.into_iter().count() as u64;
        Ok(())
    }

    fn fill_contiguous<I: IntoIterator<Item = Rgb565>>(
        &mut self,
        area: &embedded_graphics::primitives::Rectangle,
        colors: I,
    ) -> Result<(), Self::Error> {
        self.fills += 1;
        let n = colors.into_iter().count() as u64;
        assert_eq!(n, u64::from(area.size.width * area.size.height));
        self.filled += n;
        Ok(())
    }

    fn fill_solid(
        &mut self,
        area: &embedded_graphics::primitives::Rectangle,
        _: Rgb565,
    ) -> Result<(), Self::Error> {
        self.fills += 1;
        self.filled += u64::from(area.size.width * area.size.height);
        Ok(())
    }
}

/// A monster of the kind `name`, at full health and hunting, put at `at`.
pub fn hunting(game: &mut Game, name: &str, at: Point) {
    let kind = KindId::all()
        .find(|k| k.kind().name == name)
        .expect("a kind of that name");
    let monster = Monster {
        kind,
        pos: at,
        hp: kind.kind().hp,
        mind: Mind::Hunting,
        band: 0,
        heading: 0,
    };
    game.level_mut()
        .monsters
        .push(monster)
        .expect("room for one more");
}
