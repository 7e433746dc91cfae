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

/// A palette the player chooses: the book's, or one for eyes that tell
/// red from green, or blue from yellow, poorly, or one of the strongest
/// contrast. A setting of the player's, never of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Palette {
    /// The book's colours.
    #[default]
    Book,
    /// For deuteranopia and protanopia: no red against green.
    RedGreen,
    /// For tritanopia: no blue against yellow.
    BlueYellow,
    /// The strongest contrast: bright colours on black.
    HighContrast,
}

impl Palette {
    /// Every palette, in the order the menus go round them.
    pub const ALL: [Palette; 4] = [
        Palette::Book,
        Palette::RedGreen,
        Palette::BlueYellow,
        Palette::HighContrast,
    ];

    /// Its name in settings and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Palette::Book => "book",
            Palette::RedGreen => "red-green",
            Palette::BlueYellow => "blue-yellow",
            Palette::HighContrast => "high-contrast",
        }
    }

    /// The palette of a name.
    pub fn named(name: &str) -> Option<Palette> {
        Palette::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The next palette, round.
    pub fn next(self) -> Palette {
        let i = Palette::ALL.iter().position(|&p| p == self).unwrap_or(0);
        Palette::ALL[(i + 1) % Palette::ALL.len()]
    }

    /// A colour of the book's palette as this palette draws it. Every
    /// colour a shell paints goes through here, so the tile view's art, a
    /// tint and a fade change with the rest. The book's palette is the
    /// contract: it changes nothing.
    ///
    /// The two palettes for colour blindness "daltonize" (Fidaner, Lin and
    /// Ozguven's method): what a dichromat would not see of a colour
    /// (Machado, Oliveira and Fernandes' simulation, the colour less its
    /// simulation) is moved into the channels they do see, then a text
    /// colour too dark for 4.5:1 against the background is lightened. The
    /// high-contrast palette paints every dark colour black and every other
    /// one at full brightness, lightened further where it is dim.
    pub fn apply(self, c: Rgb) -> Rgb {
        match self {
            Palette::Book => c,
            Palette::RedGreen => lift(daltonize(c, &DEUTERANOPE, &RED_GREEN_SHIFT), LIFT_TO),
            Palette::BlueYellow => lift(daltonize(c, &TRITANOPE, &BLUE_YELLOW_SHIFT), LIFT_TO),
            Palette::HighContrast => high_contrast(c),
        }
    }

    /// What it is, in a few words (the title's line).
    pub const fn words(self) -> &'static str {
        match self {
            Palette::Book => "the book's",
            Palette::RedGreen => "red-green safe",
            Palette::BlueYellow => "blue-yellow safe",
            Palette::HighContrast => "high contrast",
        }
    }
}

/// A 3 x 3 matrix on colours, each entry in 4096ths.
type Matrix = [[i32; 3]; 3];

/// What a deuteranope sees of a colour (Machado et al. 2009, severity 1),
/// in 4096ths. Protanopes confuse the same reds and greens, so one
/// palette serves both.
const DEUTERANOPE: Matrix = [[1505, 3525, -934], [1147, 2755, 194], [-48, 176, 3968]];

/// What a tritanope sees of a colour (Machado et al. 2009, severity 1).
const TRITANOPE: Matrix = [[5143, -314, -732], [-321, 3813, 605], [19, 2832, 1245]];

/// Where what a red-green dichromat misses goes: red's loss into green
/// and blue (Fidaner et al.'s shift).
const RED_GREEN_SHIFT: Matrix = [[0, 0, 0], [2867, 4096, 0], [2867, 0, 4096]];

/// Where what a blue-yellow dichromat misses goes: blue's loss into red
/// and green.
const BLUE_YELLOW_SHIFT: Matrix = [[4096, 0, 2867], [0, 4096, 2867], [0, 0, 0]];

/// The brightness (`luma`) a text colour is lifted to at least: 125
/// gives 4.5:1 against the book's background and its panel (the palettes'
/// test computes it). *tune*
const LIFT_TO: i32 = 125;

/// A colour's brightness, 0 to 255, from its channels as they are (the
/// Rec. 709 weights, in 256ths).
const fn luma(c: Rgb) -> i32 {
    (c.r as i32 * 54 + c.g as i32 * 183 + c.b as i32 * 19) >> 8
}

/// A matrix times a colour, the channels as whole numbers.
fn times(m: &Matrix, c: [i32; 3]) -> [i32; 3] {
    let row = |r: &[i32; 3]| (r[0] * c[0] + r[1] * c[1] + r[2] * c[2]) / 4096;
    [row(&m[0]), row(&m[1]), row(&m[2])]
}

/// A channel cut to a byte.
#[expect(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "clamped to 0..=255 first"
)]
const fn byte(x: i32) -> u8 {
    (if x < 0 {
        0
    } else if x > 255 {
        255
    } else {
        x
    }) as u8
}

/// The colour with what `seen` loses of it moved by `shift` into the
/// channels that are seen.
fn daltonize(c: Rgb, seen: &Matrix, shift: &Matrix) -> Rgb {
    let v = [i32::from(c.r), i32::from(c.g), i32::from(c.b)];
    let s = times(seen, v);
    let lost = [v[0] - s[0], v[1] - s[1], v[2] - s[2]];
    let moved = times(shift, lost);
    Rgb::new(
        byte(v[0] + moved[0]),
        byte(v[1] + moved[1]),
        byte(v[2] + moved[2]),
    )
}

/// A foreground colour (brighter than 80) lightened toward white, in
/// sixteenths, until its brightness is at least `to`; a dark one (a
/// background) as it is.
fn lift(c: Rgb, to: i32) -> Rgb {
    if luma(c) < 80 {
        return c;
    }
    let toward = |x: u8, k: i32| byte(i32::from(x) + (255 - i32::from(x)) * k / 16);
    let mut out = c;
    let mut k = 0;
    while luma(out) < to && k < 16 {
        k += 1;
        out = Rgb::new(toward(c.r, k), toward(c.g, k), toward(c.b, k));
    }
    out
}

/// The high-contrast palette: a dark colour (brightness under 45: the
/// backgrounds) black, any other at full brightness (its brightest channel
/// 255) and lightened to a brightness of 150 at least. The highlight of a
/// chosen line stays as it is.
fn high_contrast(c: Rgb) -> Rgb {
    if luma(c) < 45 {
        return Rgb::new(0, 0, 0);
    }
    let top = i32::from(c.r.max(c.g).max(c.b)).max(1);
    let full = |x: u8| byte(i32::from(x) * 255 / top);
    lift(Rgb::new(full(c.r), full(c.g), full(c.b)), 150)
}
