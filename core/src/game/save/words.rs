//! A save's words: the widest a number can be written, the writer of a
//! field's lines and the reader of a line's words, which names the line
//! of anything wrong.

use super::LoadError;
use crate::geom::Point;
use crate::item::ItemId;
use crate::level::TrapKind;
use crate::map::{MAP_H, MAP_W};
use crate::monster::KindId;
use crate::text::named_in as named;
use core::fmt::{self, Write};

// ----- the widest words, for the longest save -----

/// The most characters a number of each type takes, sign included.
pub(super) const I32: usize = 11;
pub(super) const U32: usize = 10;
pub(super) const U16: usize = 5;
pub(super) const U8: usize = 3;

pub(super) fn trap_index(t: TrapKind) -> usize {
    TrapKind::ALL.iter().position(|k| *k == t).unwrap_or(0)
}

pub(super) fn slot_letter(s: Option<u8>) -> char {
    s.map_or('-', |s| (b'a' + s) as char)
}

// ----- lines out and words in -----

/// Where a field writes its lines: each `line` is `key words\n`, the key
/// the field's own.
pub(super) struct Out<'a> {
    pub(super) out: &'a mut dyn Write,
    pub(super) key: &'static str,
}

impl Out<'_> {
    pub(super) fn line(&mut self, words: fmt::Arguments<'_>) -> fmt::Result {
        self.out.write_str(self.key)?;
        self.out.write_char(' ')?;
        self.out.write_fmt(words)?;
        self.out.write_char('\n')
    }
}

/// The words of a line after its key, one at a time, split at single
/// spaces: an empty word (two spaces, a space at the end) is malformed.
pub(super) struct Words<'a> {
    pub(super) rest: Option<&'a str>,
    pub(super) line: usize,
}

impl<'a> Words<'a> {
    pub(super) fn malformed(&self) -> LoadError {
        LoadError::Malformed { line: self.line }
    }

    pub(super) fn word(&mut self) -> Result<&'a str, LoadError> {
        let rest = self.rest.ok_or(self.malformed())?;
        let (word, more) = match rest.split_once(' ') {
            Some((w, more)) => (w, Some(more)),
            None => (rest, None),
        };
        self.rest = more;
        if word.is_empty() {
            return Err(self.malformed());
        }
        Ok(word)
    }

    /// Everything left on the line, as it is (the log's words).
    pub(super) fn text(&mut self) -> &'a str {
        self.rest.take().unwrap_or("")
    }

    pub(super) fn num<T: core::str::FromStr>(
        &mut self,
        what: &'static str,
    ) -> Result<T, LoadError> {
        let line = self.line;
        self.word()?
            .parse()
            .map_err(|_| LoadError::OutOfRange { line, what })
    }

    pub(super) fn within(
        &mut self,
        what: &'static str,
        lo: i32,
        hi: i32,
    ) -> Result<i32, LoadError> {
        let v: i32 = self.num(what)?;
        if (lo..=hi).contains(&v) {
            Ok(v)
        } else {
            Err(LoadError::OutOfRange {
                line: self.line,
                what,
            })
        }
    }

    /// A number of the type it is read into, from `lo` to `hi`: one that
    /// type cannot hold is out of range too, so no cast can cut it.
    pub(super) fn within_of<T>(&mut self, what: &'static str, lo: T, hi: T) -> Result<T, LoadError>
    where
        T: core::str::FromStr + PartialOrd,
    {
        let v: T = self.num(what)?;
        if lo <= v && v <= hi {
            Ok(v)
        } else {
            Err(self.out_of_range(what))
        }
    }

    pub(super) fn cell(&mut self, what: &'static str) -> Result<Point, LoadError> {
        let x = self.within(what, 0, MAP_W - 1)?;
        let y = self.within(what, 0, MAP_H - 1)?;
        Ok(Point::new(x, y))
    }

    pub(super) fn flag(&mut self, what: &'static str) -> Result<bool, LoadError> {
        Ok(self.within(what, 0, 1)? == 1)
    }

    /// A pack slot's letter, or `-` for none.
    pub(super) fn slot(&mut self) -> Result<Option<u8>, LoadError> {
        let line = self.line;
        match self.word()? {
            "-" => Ok(None),
            w => {
                let c = w
                    .chars()
                    .next()
                    .filter(|_| w.len() == 1)
                    .ok_or(LoadError::Malformed { line })?;
                if c.is_ascii_lowercase() {
                    Ok(Some(c as u8 - b'a'))
                } else {
                    Err(LoadError::OutOfRange { line, what: "slot" })
                }
            }
        }
    }

    pub(super) fn named<T: Copy>(&mut self, table: &[(T, &'static str)]) -> Result<T, LoadError> {
        let word = self.word()?;
        named(table, word).ok_or(self.malformed())
    }

    /// A monster kind's number: a place of `MONSTERS`.
    pub(super) fn monster_kind(&mut self) -> Result<KindId, LoadError> {
        let number: u8 = self.num("monster kind")?;
        KindId::new(number).ok_or(self.out_of_range("monster kind"))
    }

    /// An item kind's number: a place of `ITEMS`.
    pub(super) fn item_kind(&mut self) -> Result<ItemId, LoadError> {
        let number: u8 = self.num("item kind")?;
        ItemId::new(number).ok_or(self.out_of_range("item kind"))
    }

    pub(super) fn out_of_range(&self, what: &'static str) -> LoadError {
        LoadError::OutOfRange {
            line: self.line,
            what,
        }
    }

    /// Fails if words are left over.
    pub(super) fn done(&self) -> Result<(), LoadError> {
        match self.rest {
            None => Ok(()),
            Some(_) => Err(self.malformed()),
        }
    }
}
