//! Lines broken at spaces for the width a shell has, so no shell cuts a
//! word in two (only a word longer than the whole width is cut).

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
                // One word longer than the line: cut it.
                _ => (fits, over),
            }
        };
        self.rest = self.rest[next..].trim_start_matches(' ');
        Some(line.trim_end_matches(' '))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str, cols: usize) -> heapless::Vec<&str, 8> {
        wrap(text, cols).collect()
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
}
