//! Colours as the game names them. The core decides what every cell looks
//! like; shells only turn these into pixels or terminal colours.

/// A colour, 8 bits a channel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rgb {
    /// Red.
    pub r: u8,
    /// Green.
    pub g: u8,
    /// Blue.
    pub b: u8,
}

impl Rgb {
    /// A colour of three channels.
    pub const fn new(r: u8, g: u8, b: u8) -> Rgb {
        Rgb { r, g, b }
    }

    /// Each channel multiplied by another colour's, as a tint multiplies a
    /// tile's colours (the book's `remembered`).
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a byte times a byte over 255 is at most 255"
    )]
    pub const fn tinted(self, tint: Rgb) -> Rgb {
        Rgb {
            r: (self.r as u16 * tint.r as u16 / 255) as u8,
            g: (self.g as u16 * tint.g as u16 / 255) as u8,
            b: (self.b as u16 * tint.b as u16 / 255) as u8,
        }
    }
}

impl Rgb {
    /// `over` laid on this colour with opacity `alpha` (0 to 255), rounded
    /// to the nearest, as a see-through fill of the picture mixes.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a weighted mean of two bytes is a byte"
    )]
    pub const fn washed(self, over: Rgb, alpha: u8) -> Rgb {
        const fn mix(d: u8, s: u8, a: u8) -> u8 {
            let (s, d, a) = (s as u32, d as u32, a as u32);
            ((s * a + d * (255 - a) + 127) / 255) as u8
        }
        Rgb {
            r: mix(self.r, over.r, alpha),
            g: mix(self.g, over.g, alpha),
            b: mix(self.b, over.b, alpha),
        }
    }
}

/// The palette. Where the seeds give a colour, it is the book's.
#[expect(missing_docs, reason = "each colour's name says what it colours")]
pub mod palette {
    use super::Rgb;

    pub const BACKGROUND: Rgb = Rgb::new(12, 12, 16);
    pub const FLOOR: Rgb = Rgb::new(90, 90, 100);
    /// A cave's earth (the book's chapter 18).
    pub const CAVE_FLOOR: Rgb = Rgb::new(125, 100, 70);
    pub const WALL: Rgb = Rgb::new(150, 150, 160);
    pub const WALL_BACK: Rgb = Rgb::new(40, 40, 50);
    pub const DOOR: Rgb = Rgb::new(170, 120, 60);
    pub const STAIRS: Rgb = Rgb::new(240, 240, 120);
    pub const TRAP: Rgb = Rgb::new(220, 60, 220);
    pub const PLAYER: Rgb = Rgb::new(255, 255, 255);
    /// Remembered ground is all one dim blue, whatever it is made of.
    pub const MEMORY_FLOOR: Rgb = Rgb::new(50, 55, 85);
    pub const MEMORY_WALL: Rgb = Rgb::new(70, 75, 105);
    pub const MEMORY_WALL_BACK: Rgb = Rgb::new(22, 24, 34);
    /// The tile view darkens remembered tiles by multiplying with this.
    pub const MEMORY_TINT: Rgb = Rgb::new(110, 120, 170);
    /// The dirt tile is bright and busy, so a cave's floor is drawn darker.
    pub const DIRT_TINT: Rgb = Rgb::new(150, 140, 130);
    pub const NO_TINT: Rgb = Rgb::new(255, 255, 255);
    pub const TEXT: Rgb = Rgb::new(220, 220, 220);
    pub const DIM_TEXT: Rgb = Rgb::new(130, 130, 140);
    pub const UNREAD_TEXT: Rgb = Rgb::new(255, 255, 255);
    pub const READ_TEXT: Rgb = Rgb::new(140, 140, 150);
    pub const DEBUG: Rgb = Rgb::new(255, 120, 80);
    pub const HURT: Rgb = Rgb::new(230, 70, 60);
    pub const GOLD: Rgb = Rgb::new(255, 210, 60);
    pub const HIGHLIGHT: Rgb = Rgb::new(255, 255, 0);
    pub const ROUTE: Rgb = Rgb::new(80, 160, 255);
    /// A bolt of lightning in flight.
    pub const LIGHTNING: Rgb = Rgb::new(140, 200, 255);
    /// A hit cell's flash.
    pub const FLASH: Rgb = Rgb::new(255, 60, 40);
}
