//! How a session's run begins: the seed, class, style, dice and day the
//! shell was given ([`Start`]), a seed typed as text, read as the book reads
//! it, and the session's next seed and today's dungeon.

use super::{Session, Then};
use crate::recorder::Recorder;
use crate::store::Store;
use amulets_core::daily::Day;
use amulets_core::mapgen::floor::Style;
use amulets_core::player::Class;
use amulets_core::rng::Dice;

/// How a session's run begins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Start {
    /// The seed the player gave; `None` (or 0) for one from the seed
    /// source, and a new one for every run.
    pub seed: Option<u32>,
    /// Past the title: a new run of this class at once (asking first when a
    /// saved run would be lost).
    pub class: Option<Class>,
    /// Whose dungeons the runs' floors of rooms are (the title's D changes
    /// it).
    pub style: amulets_core::mapgen::floor::Style,
    /// Whose dice the runs roll (the title's D changes them too).
    pub dice: Dice,
    /// Today's dungeon, at once (`--daily`): the shell's day. Its class is
    /// chosen on the class screen, or is `class`.
    pub daily: Option<Day>,
}

/// A seed typed as text, read as the book reads `AmuletsOfSDL 12345`
/// (`SDL_strtoul` in base 10, cast to the engine's 32 bits as on the
/// book's Windows): leading spaces and a sign are allowed, the digits are
/// read up to the first other character, and text that is no number gives
/// 0, a random seed. Too large a number gives the largest seed, and a
/// negative one counts back from 2^32, as `strtoul` does.
pub fn seed_from_text(text: &str) -> u32 {
    let s = text.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let (negative, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let mut n: u32 = 0;
    for b in digits.bytes().take_while(u8::is_ascii_digit) {
        match n
            .checked_mul(10)
            .and_then(|n| n.checked_add(u32::from(b - b'0')))
        {
            Some(m) => n = m,
            // strtoul's overflow: the largest value, sign or not.
            None => return u32::MAX,
        }
    }
    if negative { n.wrapping_neg() } else { n }
}

/// The seed and the day a run begins on.
impl<S: Store, R: Recorder, E: FnMut() -> u32> Session<S, R, E> {
    /// The next run's seed: the one the player gave, else a new one.
    pub(super) fn next_seed(&mut self) -> u32 {
        match self.given_seed {
            Some(s) => s,
            None => (self.seeds)(),
        }
    }

    /// The title's T: the title of today's dungeon (the book's rooms and
    /// dice), then its class screen, asked first when a save would be
    /// lost. A shell with no clock has no day to offer.
    pub(super) fn play_today(&mut self) {
        match self.today {
            Some(day) => {
                self.todays_title(day);
                self.new_run_or_ask(Then::ChooseClass);
            }
            None => self.tell(format_args!(
                "This game has no clock, so it has no day's dungeon."
            )),
        }
    }

    /// The title, on the day's seed, the book's rooms and dice.
    pub(super) fn todays_title(&mut self, day: Day) {
        self.begin_at_title(day.seed(), Style::Book, Dice::Book);
        self.daily_pending = Some(day);
    }
}

#[cfg(test)]
mod tests {
    use super::seed_from_text;

    #[test]
    fn a_seed_is_read_as_strtoul_reads_it() {
        assert_eq!(seed_from_text("12345"), 12345);
        assert_eq!(seed_from_text("  42"), 42);
        assert_eq!(seed_from_text("+7"), 7);
        assert_eq!(seed_from_text("12abc"), 12);
        assert_eq!(seed_from_text("abc"), 0);
        assert_eq!(seed_from_text(""), 0);
        assert_eq!(seed_from_text("4294967295"), u32::MAX);
        assert_eq!(seed_from_text("4294967296"), u32::MAX);
        assert_eq!(seed_from_text("99999999999999999999"), u32::MAX);
        assert_eq!(seed_from_text("-1"), u32::MAX);
        assert_eq!(seed_from_text("-5"), 4_294_967_291);
        assert_eq!(seed_from_text("-0"), 0);
        assert_eq!(seed_from_text("-4294967295"), 1);
        assert_eq!(seed_from_text("-4294967296"), u32::MAX);
        assert_eq!(seed_from_text(" \t\n42"), 42);
        assert_eq!(seed_from_text("- 5"), 0, "no digits right after the sign");
        assert_eq!(seed_from_text("0x10"), 0, "base 10: the x ends it");
        assert_eq!(seed_from_text("007"), 7);
    }
}
