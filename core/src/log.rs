//! The message log: the last lines the game said, each marked read once the
//! player has had a turn to see it, so a shell draws unread lines brighter.

use crate::text::Line;

/// How many lines the log keeps; older ones fall off the top.
pub const LOG_LINES: usize = 24;

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// Its words.
    pub text: Line,
    /// Whether it has been seen: a new turn marks every line read.
    pub read: bool,
}

/// The last `LOG_LINES` messages, oldest first. Two logs are equal when
/// their lines are: the count of lines ever added is the reader's, not the
/// run's.
#[derive(Clone, Debug, Default)]
pub struct Log {
    lines: heapless::Deque<Message, LOG_LINES>,
    /// How many lines were ever added (wrapping), so a reader can tell the
    /// new ones (the speech stream). Not saved: a loaded log counts the
    /// lines it was loaded with.
    added: u32,
}

impl PartialEq for Log {
    fn eq(&self, other: &Log) -> bool {
        self.lines.iter().eq(other.lines.iter())
    }
}

impl Eq for Log {}

impl Log {
    /// An empty log.
    pub const fn new() -> Log {
        Log {
            lines: heapless::Deque::new(),
            added: 0,
        }
    }

    /// Adds a line, unread; when the log is full the oldest line goes.
    pub fn add(&mut self, text: Line) {
        if self.lines.is_full() {
            self.lines.pop_front();
        }
        self.lines
            .push_back(Message { text, read: false })
            .expect("one line was just taken off a full log");
        self.added = self.added.wrapping_add(1);
    }

    /// How many lines were ever added, wrapping past [`u32::MAX`].
    pub fn added(&self) -> u32 {
        self.added
    }

    /// Adds a line of plain text.
    pub fn say(&mut self, text: &str) {
        self.add(crate::text::line(format_args!("{text}")));
    }

    /// Marks every line read: called as the player's next action starts.
    pub fn mark_read(&mut self) {
        for m in self.lines.iter_mut() {
            m.read = true;
        }
    }

    /// Marks the newest line read (a save's loader puts lines back as they
    /// were).
    pub fn mark_last_read(&mut self) {
        if let Some(m) = self.lines.back_mut() {
            m.read = true;
        }
    }

    /// The lines, oldest first.
    pub fn lines(&self) -> impl DoubleEndedIterator<Item = &Message> + ExactSizeIterator {
        self.lines.iter()
    }

    /// The `i`th line, oldest first.
    pub fn line(&self, i: usize) -> Option<&Message> {
        self.lines.get(i)
    }

    /// The newest line's text, if any.
    pub fn last(&self) -> Option<&str> {
        self.lines.back().map(|m| m.text.as_str())
    }

    /// How many lines it holds.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_lines_fall_off_and_reading_marks_them() {
        let mut log = Log::new();
        for i in 0..LOG_LINES + 5 {
            log.add(crate::text::line(format_args!("line {i}")));
        }
        assert_eq!(log.len(), LOG_LINES);
        assert_eq!(log.lines().next().unwrap().text.as_str(), "line 5");
        assert_eq!(log.last(), Some("line 28"));
        assert!(log.lines().all(|m| !m.read));
        log.mark_read();
        log.say("new");
        assert!(log.lines().rev().skip(1).all(|m| m.read));
        assert!(!log.lines().last().unwrap().read);
    }
}
