//! The palettes a player chooses, each a way to draw the book's colours
//! ([`amulets_core::color::palette`]) for other eyes.

use amulets_core::color::Rgb;

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
