//! Lines broken at spaces for the width a shell has, so no shell cuts a
//! word in two (only a word longer than the whole width is cut), and a
//! note longer than a line broken into lines the same way.

use amulets_core::text::{LINE, Line, line};

/// `text` as lines of at most `cols` characters, each broken at its last
/// space that fits; the spaces at a break are dropped. An empty text is one
/// empty line.
pub fn wrap(text: &str, cols: usize) -> Wrapped<'_> {
    Wrapped {
        rest: text,
        cols: cols.max(1),
        first: true,
    }
}

/// The lines of `wrap`.
#[derive(Clone, Debug)]
pub struct Wrapped<'a> {
    rest: &'a str,
    cols: usize,
    first: bool,
}

impl<'a> Iterator for Wrapped<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let first = core::mem::replace(&mut self.first, false);
        if self.rest.is_empty() {
            return first.then_some("");
        }
        // The byte where the `cols + 1`th character starts, if there is one.
        let Some((over, _)) = self.rest.char_indices().nth(self.cols) else {
            return Some(core::mem::take(&mut self.rest));
        };
        let fits = &self.rest[..over];
        let (line, next) = if self.rest[over..].starts_with(' ') {
            // The line ends just where a space is: all of it fits.
            (fits, over)
        } else {
            match fits.rfind(' ') {
                Some(space) if !fits[..space].trim_end().is_empty() => (&fits[..space], space),
                // One word longer than the line: broken after its last
                // slash that fits (a path), else cut.
                _ => match fits.rfind('/') {
                    Some(slash) if slash > 0 => (&fits[..=slash], slash + 1),
                    _ => (fits, over),
                },
            }
        };
        self.rest = self.rest[next..].trim_start_matches(' ');
        Some(line.trim_end_matches(' '))
    }
}

/// A text longer than a [`Line`] holds (a session's note) as lines that
/// each hold a whole run of its words, broken at spaces: each at most
/// `LINE` bytes, so no word is cut (a word longer than a line is).
pub fn line_parts(text: &str) -> LineParts<'_> {
    LineParts { rest: text }
}

/// The lines of `line_parts`.
#[derive(Clone, Debug)]
pub struct LineParts<'a> {
    rest: &'a str,
}

impl Iterator for LineParts<'_> {
    type Item = Line;

    fn next(&mut self) -> Option<Line> {
        let rest = self.rest.trim_start_matches(' ');
        if rest.is_empty() {
            return None;
        }
        // The longest start of `rest` that fits, ending at a space (or
        // the text's end), else the most characters that fit.
        let fits = rest.len() <= LINE;
        let cut = if fits {
            rest.len()
        } else {
            let mut end = LINE;
            while !rest.is_char_boundary(end) {
                end -= 1;
            }
            if rest[end..].starts_with(' ') {
                end
            } else {
                match rest[..end].rfind(' ') {
                    Some(space) if space > 0 => space,
                    _ => end,
                }
            }
        };
        self.rest = &rest[cut..];
        Some(line(format_args!("{}", rest[..cut].trim_end_matches(' '))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str, cols: usize) -> heapless::Vec<&str, 8> {
        wrap(text, cols).collect()
    }

    #[test]
    fn a_long_note_is_lines_of_whole_words() {
        let note = "The saved run could not be read: save.txt is 60000 bytes, far longer than \
                    it can be; it was left as it is, and a new run asks before it replaces it.";
        let parts: heapless::Vec<Line, 4> = line_parts(note).collect();
        assert_eq!(parts.len(), 2, "{parts:?}");
        assert!(parts.iter().all(|p| p.len() <= LINE && !p.ends_with(' ')));
        let joined: heapless::Vec<&str, 64> = parts.iter().flat_map(|p| p.split(' ')).collect();
        let words: heapless::Vec<&str, 64> = note.split(' ').collect();
        assert_eq!(joined, words, "every word, whole and in order");
        assert_eq!(line_parts("").count(), 0);
        assert_eq!(line_parts("short").next().unwrap().as_str(), "short");
        // Wide characters are never cut.
        let wide = "é".repeat(100);
        assert!(line_parts(&wide).all(|p| p.chars().all(|c| c == 'é')));
    }

    #[test]
    fn words_wrap_at_spaces() {
        assert_eq!(lines("a bb ccc", 4), ["a bb", "ccc"]);
        assert_eq!(
            lines("Floor 4 of 9 (a cave)", 30),
            ["Floor 4 of 9 (a cave)"]
        );
        assert_eq!(lines("", 5), [""]);
        assert_eq!(lines("abcd efgh", 4), ["abcd", "efgh"]);
        assert_eq!(lines("abcdefgh ij", 4), ["abcd", "efgh", "ij"]);
        assert_eq!(lines("Attack 3  Defence 2", 30), ["Attack 3  Defence 2"]);
        assert_eq!(lines("ab  cd", 3), ["ab", "cd"]);
    }

    /// Every line fits, no word is cut that fits a line, and the words
    /// come back in order.
    #[test]
    fn a_long_line_keeps_its_words() {
        let text = "the Wizard: weak, 10 hp, a dagger, a short bow and a scroll of magic \
                    missile; he knows lightning";
        for cols in 12..100 {
            let mut words = text.split(' ');
            for l in wrap(text, cols) {
                assert!(l.chars().count() <= cols, "{cols}: {l:?}");
                for w in l.split(' ') {
                    assert_eq!(Some(w), words.next(), "{cols}");
                }
            }
            assert_eq!(words.next(), None);
        }
    }

    /// A path longer than the line (where a record was written) breaks
    /// after a slash, each piece whole, and comes back whole.
    #[test]
    fn a_path_longer_than_the_line_breaks_after_its_slashes() {
        let text =
            "The record is in /root/.local/share/amulets/morgue/fighter-931400679-2026-12-07.txt.";
        let rows: heapless::Vec<&str, 8> = wrap(text, 36).collect();
        assert_eq!(rows[0], "The record is in");
        assert!(
            rows[1..rows.len() - 1].iter().all(|r| r.ends_with('/')),
            "{rows:?}"
        );
        let mut whole: heapless::String<128> = heapless::String::new();
        for r in &rows[1..] {
            whole.push_str(r).unwrap();
        }
        assert_eq!(whole.as_str(), &text[17..]);
        assert!(rows.iter().all(|r| r.chars().count() <= 36), "{rows:?}");
    }
}
