//! Words for messages: names with articles, and short fixed-capacity
//! strings, so every message is built without a heap.

use core::fmt::Write;

/// The longest line the game writes: the log, the side panel and the look
/// panel all hold lines of this many bytes at most. A longer message is cut
/// at a character boundary (never in the game's own messages, a test
/// checks).
pub const LINE: usize = 96;

/// A line of text.
pub type Line = heapless::String<LINE>;

/// The longest note a session shows outside the log (a save that could
/// not be read, where a run's record went): room for a line's worth of
/// words around a path of 60 characters and a file's name. Shells wrap it
/// at words.
pub const NOTE: usize = 224;

/// A note: longer than a line, for words that name a file.
pub type Note = heapless::String<NOTE>;

/// Writes formatted text into a line, cutting what does not fit.
pub fn line(args: core::fmt::Arguments<'_>) -> Line {
    clipped(args)
}

/// Writes formatted text into a note, cutting what does not fit.
pub fn note(args: core::fmt::Arguments<'_>) -> Note {
    clipped(args)
}

fn clipped<const N: usize>(args: core::fmt::Arguments<'_>) -> heapless::String<N> {
    let mut out = Clipped(heapless::String::new());
    out.write_fmt(args)
        .expect("a clipped string takes what fits and never fails");
    out.0
}

/// A writer that keeps what fits and drops the rest, so formatting never
/// fails half-way through a character.
struct Clipped<const N: usize>(heapless::String<N>);

impl<const N: usize> Write for Clipped<N> {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        for c in s.chars() {
            if self.0.push(c).is_err() {
                break;
            }
        }
        Ok(())
    }
}

/// The name a table of names gives a thing (the save's and the replay's
/// names: each written once, in one table).
pub fn name_in<T: PartialEq + Copy>(table: &[(T, &'static str)], t: T) -> Option<&'static str> {
    table.iter().find(|(k, _)| *k == t).map(|&(_, n)| n)
}

/// The thing a table of names calls `name`.
pub fn named_in<T: Copy>(table: &[(T, &'static str)], name: &str) -> Option<T> {
    table.iter().find(|(_, n)| *n == name).map(|&(t, _)| t)
}

/// "a" or "an", by the sound the word starts with (by its first letter:
/// the game's names have no silent h or long u).
pub fn article(word: &str) -> &'static str {
    match word.chars().next() {
        Some('a' | 'e' | 'i' | 'o' | 'u' | 'A' | 'E' | 'I' | 'O' | 'U') => "an",
        _ => "a",
    }
}

/// The name with "a" or "an" in front: "a jackal", "an orc".
pub fn with_article(name: &str) -> Line {
    line(format_args!("{} {name}", article(name)))
}

/// The sentence with its first letter made a capital: "The jackal bites."
pub fn capitalized(mut text: Line) -> Line {
    if let Some(first) = text.chars().next()
        && first.is_ascii_lowercase()
    {
        let mut out = Line::new();
        // The same length: one ASCII letter for another.
        out.push(first.to_ascii_uppercase())
            .expect("a line's first letter fits an empty line");
        out.push_str(&text[1..])
            .expect("the rest of a line fits after its first letter");
        text = out;
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn articles_follow_the_first_letter() {
        assert_eq!(with_article("jackal").as_str(), "a jackal");
        assert_eq!(with_article("orc").as_str(), "an orc");
        assert_eq!(
            with_article("giant white rat").as_str(),
            "a giant white rat"
        );
        assert_eq!(capitalized(with_article("orc")).as_str(), "An orc");
    }

    #[test]
    fn long_text_is_cut_not_lost() {
        let long = line(format_args!("{}", "é".repeat(100)));
        // As much as fits, cut between characters, never inside one.
        assert!(
            long.len() + 'é'.len_utf8() > LINE,
            "{} bytes kept",
            long.len()
        );
        assert!(long.chars().all(|c| c == 'é'));
    }
}
