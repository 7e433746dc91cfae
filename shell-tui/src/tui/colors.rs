//! The core's colours in whatever the terminal can show: 24-bit colour when
//! it says so (`COLORTERM`), else the nearest of the 256-colour palette,
//! else the nearest of the 16 basic colours.

use amulets_core::color::Rgb;
use ratatui::style::Color;

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    TrueColor,
    Indexed256,
    Basic16,
}

impl Depth {
    /// What the environment says the terminal can do.
    pub fn detect() -> Depth {
        let colorterm = std::env::var("COLORTERM")
            .unwrap_or_default()
            .to_ascii_lowercase();
        let term = std::env::var("TERM").unwrap_or_default();
        if colorterm.contains("truecolor") || colorterm.contains("24bit") {
            Depth::TrueColor
        } else if term.contains("256") {
            Depth::Indexed256
        } else {
            Depth::Basic16
        }
    }

    pub fn color(self, c: Rgb) -> Color {
        match self {
            Depth::TrueColor => Color::Rgb(c.r, c.g, c.b),
            Depth::Indexed256 => Color::Indexed(nearest_256(c)),
            Depth::Basic16 => nearest_16(c),
        }
    }
}

fn distance(a: (i32, i32, i32), b: (i32, i32, i32)) -> i32 {
    (a.0 - b.0).pow(2) + (a.1 - b.1).pow(2) + (a.2 - b.2).pow(2)
}

/// The xterm 256-colour palette's nearest: the 6 x 6 x 6 cube or the grey
/// ramp.
fn nearest_256(c: Rgb) -> u8 {
    const LEVELS: [i32; 6] = [0, 95, 135, 175, 215, 255];
    let near = |v: u8| {
        LEVELS
            .iter()
            .enumerate()
            .min_by_key(|(_, l)| (i32::from(v) - **l).abs())
            .map_or(0, |(i, _)| i)
    };
    let (r, g, b) = (near(c.r), near(c.g), near(c.b));
    let cube = (LEVELS[r], LEVELS[g], LEVELS[b]);
    let want = (i32::from(c.r), i32::from(c.g), i32::from(c.b));
    let grey_step = ((i32::from(c.r) + i32::from(c.g) + i32::from(c.b)) / 3 - 8).clamp(0, 230) / 10;
    let grey = 8 + grey_step * 10;
    if distance((grey, grey, grey), want) < distance(cube, want) {
        232 + grey_step as u8
    } else {
        16 + (36 * r + 6 * g + b) as u8
    }
}

/// The nearest of the 16 basic colours, as terminals usually show them.
fn nearest_16(c: Rgb) -> Color {
    const BASIC: [(Color, (i32, i32, i32)); 16] = [
        (Color::Black, (0, 0, 0)),
        (Color::Red, (170, 0, 0)),
        (Color::Green, (0, 170, 0)),
        (Color::Yellow, (170, 85, 0)),
        (Color::Blue, (0, 0, 170)),
        (Color::Magenta, (170, 0, 170)),
        (Color::Cyan, (0, 170, 170)),
        (Color::Gray, (170, 170, 170)),
        (Color::DarkGray, (85, 85, 85)),
        (Color::LightRed, (255, 85, 85)),
        (Color::LightGreen, (85, 255, 85)),
        (Color::LightYellow, (255, 255, 85)),
        (Color::LightBlue, (85, 85, 255)),
        (Color::LightMagenta, (255, 85, 255)),
        (Color::LightCyan, (85, 255, 255)),
        (Color::White, (255, 255, 255)),
    ];
    let want = (i32::from(c.r), i32::from(c.g), i32::from(c.b));
    BASIC
        .iter()
        .min_by_key(|(_, rgb)| distance(*rgb, want))
        .map_or(Color::White, |(c, _)| *c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_fall_back_to_their_nearest() {
        assert_eq!(
            Depth::TrueColor.color(Rgb::new(1, 2, 3)),
            Color::Rgb(1, 2, 3)
        );
        assert_eq!(
            Depth::Indexed256.color(Rgb::new(255, 0, 0)),
            Color::Indexed(196)
        );
        assert_eq!(
            Depth::Indexed256.color(Rgb::new(128, 128, 128)),
            Color::Indexed(244)
        );
        assert_eq!(Depth::Basic16.color(Rgb::new(250, 250, 250)), Color::White);
        assert_eq!(Depth::Basic16.color(Rgb::new(10, 10, 20)), Color::Black);
        assert_eq!(
            Depth::Basic16.color(Rgb::new(125, 100, 70)),
            Color::DarkGray
        );
    }
}
