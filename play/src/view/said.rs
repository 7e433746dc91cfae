//! The log as the player reads it: a line said again, with no other line
//! between, is shown once with how many times it was said ("You hit the
//! jackal. (x3)"), as DCSS's and Brogue's logs do. The log keeps every line
//! as the game said it (the save, the state's hash and the replays are the
//! log's, untouched); only what is shown of it is condensed, so the count
//! lives wherever the lines do: the panel, the messages (M), the status, the
//! speech stream and a run's record.

use amulets_core::log::{LOG_LINES, Log};
use amulets_core::text::LINE;
use core::fmt::{self, Write};

/// One line as shown: its words, how many times in a row they were said,
/// and whether the newest of them has been read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Said<'a> {
    /// The words, as the game said them.
    pub text: &'a str,
    /// How many times in a row: 1 or more.
    pub times: usize,
    /// Whether the newest of them has been read.
    pub read: bool,
}

/// The longest line shown: a line and its count. The log holds
/// `LOG_LINES` lines, so a count has at most two digits: " (x24)".
pub const SAID: usize = LINE + " (x99)".len();
const _: () = assert!(LOG_LINES < 100, "a count fits two digits");

/// A line as shown, with its count.
pub type SaidLine = heapless::String<SAID>;

impl<'a> Said<'a> {
    /// Words said once, read (a note beside the log's lines).
    pub fn once(text: &'a str) -> Said<'a> {
        Said {
            text,
            times: 1,
            read: true,
        }
    }

    /// The words with the count after them when said more than once.
    pub fn shown(&self) -> SaidLine {
        let mut out = SaidLine::new();
        write!(out, "{self}").expect("SAID holds a line and a two-digit count (see SAID)");
        out
    }
}

impl fmt::Display for Said<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)?;
        if self.times > 1 {
            write!(f, " (x{})", self.times)?;
        }
        Ok(())
    }
}

/// The log's lines as shown, oldest first: each run of the same words is
/// one [`Said`]. From either end the runs are the same, since each end
/// only ever stands between two runs.
pub fn said(log: &Log) -> Condensed<'_> {
    Condensed {
        log,
        front: 0,
        back: log.len(),
    }
}

/// The runs of [`said`] not yet taken, between `front` and `back`.
#[derive(Clone)]
pub struct Condensed<'a> {
    log: &'a Log,
    front: usize,
    back: usize,
}

impl<'a> Condensed<'a> {
    fn text(&self, i: usize) -> &'a str {
        self.log.line(i).map_or("", |m| m.text.as_str())
    }

    fn read(&self, i: usize) -> bool {
        self.log.line(i).is_some_and(|m| m.read)
    }
}

impl<'a> Iterator for Condensed<'a> {
    type Item = Said<'a>;

    fn next(&mut self) -> Option<Said<'a>> {
        if self.front >= self.back {
            return None;
        }
        let text = self.text(self.front);
        let mut end = self.front + 1;
        while end < self.back && self.text(end) == text {
            end += 1;
        }
        let said = Said {
            text,
            times: end - self.front,
            read: self.read(end - 1),
        };
        self.front = end;
        Some(said)
    }
}

impl DoubleEndedIterator for Condensed<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        if self.front >= self.back {
            return None;
        }
        let text = self.text(self.back - 1);
        let mut start = self.back - 1;
        while start > self.front && self.text(start - 1) == text {
            start -= 1;
        }
        let said = Said {
            text,
            times: self.back - start,
            read: self.read(self.back - 1),
        };
        self.back = start;
        Some(said)
    }
}

/// The newest line as shown, with its count.
pub fn newest(log: &Log) -> Option<SaidLine> {
    said(log).next_back().map(|s| s.shown())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn log_of(lines: &[&str]) -> Log {
        let mut log = Log::new();
        for l in lines {
            log.say(l);
        }
        log
    }

    #[test]
    fn a_run_of_the_same_words_is_one_line_with_its_count() {
        let log = log_of(&["A.", "B.", "B.", "B.", "A.", "C.", "C."]);
        let shown: heapless::Vec<SaidLine, 8> = said(&log).map(|s| s.shown()).collect();
        assert_eq!(shown, ["A.", "B. (x3)", "A.", "C. (x2)"]);
        // From the newest end, the same runs.
        let back: heapless::Vec<SaidLine, 8> = said(&log).rev().map(|s| s.shown()).collect();
        assert_eq!(back, ["C. (x2)", "A.", "B. (x3)", "A."]);
        // From both ends at once.
        let mut both = said(&log);
        assert_eq!(both.next().unwrap().times, 1);
        assert_eq!(both.next_back().unwrap().times, 2);
        assert_eq!(both.next().unwrap().times, 3);
        assert_eq!(both.next_back().unwrap().text, "A.");
        assert_eq!(both.next(), None);
        assert_eq!(newest(&log).as_deref(), Some("C. (x2)"));
    }

    #[test]
    fn a_run_is_read_when_its_newest_line_is() {
        let mut log = log_of(&["Not with a jackal in view."]);
        log.mark_read();
        log.say("Not with a jackal in view.");
        let run = said(&log).next().unwrap();
        assert_eq!((run.times, run.read), (2, false));
        assert_eq!(said(&log).next_back(), Some(run));
        log.mark_read();
        assert!(said(&log).next().unwrap().read);
    }

    #[test]
    fn the_longest_line_keeps_its_count() {
        let long: heapless::String<LINE> = core::iter::repeat_n('w', LINE).collect();
        let mut log = Log::new();
        for _ in 0..LOG_LINES {
            log.say(&long);
        }
        let shown = newest(&log).unwrap();
        assert!(shown.starts_with(long.as_str()));
        let count: heapless::String<8> = heapless::format!(" (x{LOG_LINES})").unwrap();
        assert!(shown.ends_with(count.as_str()), "{shown}");
        assert_eq!(said(&log).count(), 1);
        assert_eq!(said(&Log::new()).next(), None);
    }
}
