//! The player's settings: the keymap, the palette, the view, the speech
//! stream, the cells' size, and the automation (what explore picks up,
//! what stops it and travel, the share a rest rests to). They belong to
//! the player, not to a run: but for the automation, no save, replay or
//! hash holds them and no rule reads them; the automation the session
//! gives the run in play, as an input of the run's (docs/rules.md,
//! "Automation"). Shells keep them as text
//! (`settings.txt` beside the save, the page's localStorage), one
//! `name = value` a line under a version line, read and written here so
//! every shell reads the same file the same way.

use crate::palettes::Palette;
use amulets_core::game::auto::{Automation, LEAST_REST};
use core::fmt::{self, Write};

/// The first line of a settings file, naming its version.
pub const VERSION_LINE: &str = "amulets-settings 1";

/// The longest value a setting holds (a keymap file's or a speech stream's
/// path), in bytes.
pub const MAX_VALUE: usize = 240;

/// A setting's text value: a name or a path.
pub type Value = heapless::String<MAX_VALUE>;

/// What the settings hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// The keymap: a preset's name (`keymap::PRESETS`), or a keymap file,
    /// `keys.txt` in the data directory unless a path is given.
    pub keymap: Value,
    /// The palette.
    pub palette: Palette,
    /// Tiles rather than glyphs, where the shell has both.
    pub tiles: bool,
    /// Where the speech stream goes (a file or a fifo); empty for none.
    pub speech: Value,
    /// A phone's page draws its map cells large (20 CSS pixels, not 16).
    pub large_cells: bool,
    /// A phone's pad laid out for the left hand: its buttons at the left,
    /// and on its side the pad at the screen's left.
    pub left_hand: bool,
    /// What explore picks up, what stops it and travel, the share a rest
    /// rests to: `pickup`, `stops` and `rest`.
    pub automation: Automation,
}

/// The keymap setting that means the file in the data directory.
pub const KEYS_FILE: &str = "keys.txt";

impl Default for Settings {
    fn default() -> Self {
        Settings::new()
    }
}

/// A setting's name or value that [`Settings::set`] does not take (a path
/// longer than `MAX_VALUE` among them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotTaken;

/// What is wrong with a settings file, or with a line of it (the line is
/// left out, and that setting keeps its default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem<'a> {
    /// The file does not start with the version line: it is not read, and
    /// a shell sets it aside.
    NotSettings {
        /// What its first line says.
        first: &'a str,
    },
    /// A line that is not `name = value`, or names no setting.
    NotASetting {
        /// The line's number, from 1.
        line: usize,
    },
    /// A setting's value is not one it takes.
    BadValue {
        /// The line's number.
        line: usize,
        /// The setting.
        name: &'a str,
        /// The value.
        value: &'a str,
    },
}

impl fmt::Display for Problem<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Problem::NotSettings { first } => {
                write!(f, "it starts {first:?}, not {VERSION_LINE:?}")
            }
            Problem::NotASetting { line } => write!(
                f,
                "line {line}: not a setting (keymap, palette, view, speech, cells, hand, pickup, stops or rest = a value)"
            ),
            Problem::BadValue { line, name, value } => {
                write!(f, "line {line}: {name} cannot be {value:?}")
            }
        }
    }
}

impl Problem<'_> {
    /// True when the whole file is not read (a shell sets it aside).
    pub fn damaged(&self) -> bool {
        matches!(self, Problem::NotSettings { .. })
    }
}

impl Settings {
    /// The settings of a player who has chosen nothing: the keys in
    /// `keys.txt`, the book's palette, glyphs, no speech.
    pub fn new() -> Settings {
        let mut keymap = Value::new();
        keymap.push_str(KEYS_FILE).ok();
        Settings {
            keymap,
            palette: Palette::Book,
            tiles: false,
            speech: Value::new(),
            large_cells: false,
            left_hand: false,
            automation: Automation::BOOK,
        }
    }

    /// A settings file read: each line that cannot be used is told to
    /// `problem` and its setting keeps its default. A file with no version
    /// line is not read at all: `Err`, which a shell sets aside.
    pub fn read<'a>(
        text: &'a str,
        mut problem: impl FnMut(Problem<'a>),
    ) -> Result<Settings, Problem<'a>> {
        let mut out = Settings::new();
        let mut lines = text.lines().enumerate();
        let first = lines.next().map_or("", |(_, l)| l.trim());
        if first != VERSION_LINE {
            return Err(Problem::NotSettings { first });
        }
        for (i, raw) in lines {
            let l = raw.trim();
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            let line = i + 1;
            let Some((name, value)) = l.split_once('=') else {
                problem(Problem::NotASetting { line });
                continue;
            };
            let (name, value) = (name.trim(), value.trim());
            if out.set(name, value).is_err() {
                if NAMES.contains(&name) {
                    problem(Problem::BadValue { line, name, value });
                } else {
                    problem(Problem::NotASetting { line });
                }
            }
        }
        Ok(out)
    }

    /// One setting by name, as the file and the command line write it:
    /// `Err` for a name or a value it does not take.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), NotTaken> {
        let text = |v: &str| {
            let mut out = Value::new();
            out.push_str(v).map(|()| out).map_err(|_| NotTaken)
        };
        // A setting of two words: false for the first, true for the other.
        let either = |no: &str, yes: &str| match value {
            v if v == no => Ok(false),
            v if v == yes => Ok(true),
            _ => Err(NotTaken),
        };
        match name {
            "keymap" if !value.is_empty() => self.keymap = text(value)?,
            "palette" => self.palette = Palette::named(value).ok_or(NotTaken)?,
            "view" => self.tiles = either("glyphs", "tiles")?,
            "speech" => self.speech = text(if value == "off" { "" } else { value })?,
            "cells" => self.large_cells = either("small", "large")?,
            "hand" => self.left_hand = either("right", "left")?,
            "pickup" => {
                let picks = self.automation.set_picks_named(value, "none");
                picks.ok_or(NotTaken)?;
            }
            "stops" => {
                let halts = self.automation.set_halts_named(value, "none");
                halts.ok_or(NotTaken)?;
            }
            "rest" => {
                let share: u8 = value.trim_end_matches('%').parse().map_err(|_| NotTaken)?;
                if !(LEAST_REST..=100).contains(&share) {
                    return Err(NotTaken);
                }
                self.automation.set_rest_to(share);
            }
            _ => return Err(NotTaken),
        }
        Ok(())
    }

    /// The settings as a file.
    pub fn write(&self, out: &mut impl Write) -> fmt::Result {
        writeln!(out, "{VERSION_LINE}")?;
        writeln!(out, "keymap = {}", self.keymap)?;
        writeln!(out, "palette = {}", self.palette.name())?;
        let view = if self.tiles { "tiles" } else { "glyphs" };
        writeln!(out, "view = {view}")?;
        let speech = if self.speech.is_empty() {
            "off"
        } else {
            &self.speech
        };
        writeln!(out, "speech = {speech}")?;
        let cells = if self.large_cells { "large" } else { "small" };
        writeln!(out, "cells = {cells}")?;
        let hand = if self.left_hand { "left" } else { "right" };
        writeln!(out, "hand = {hand}")?;
        let a = &self.automation;
        write!(out, "pickup = ")?;
        a.write_picks(out, ", ", "none")?;
        write!(out, "\nstops = ")?;
        a.write_halts(out, ", ", "none")?;
        writeln!(out, "\nrest = {}", a.rest_to())
    }
}

/// Every setting's name, as the file writes them.
const NAMES: [&str; 9] = [
    "keymap", "palette", "view", "speech", "cells", "hand", "pickup", "stops", "rest",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &Settings) -> heapless::String<1024> {
        let mut out = heapless::String::new();
        s.write(&mut out).unwrap();
        out
    }

    #[test]
    fn settings_written_read_back_as_they_were() {
        let mut s = Settings::new();
        assert_eq!(Settings::read(&text(&s), |p| panic!("{p}")), Ok(s.clone()));
        s.set("keymap", "dvorak").unwrap();
        s.set("palette", "high-contrast").unwrap();
        s.set("view", "tiles").unwrap();
        s.set("speech", "/tmp/amulets speech").unwrap();
        s.set("cells", "large").unwrap();
        assert!(s.set("cells", "huge").is_err());
        s.set("hand", "left").unwrap();
        assert!(s.set("hand", "third").is_err());
        s.set("pickup", "gold, potions").unwrap();
        s.set("stops", "traps").unwrap();
        s.set("rest", "60%").unwrap();
        for (name, bad) in [("pickup", "gems"), ("stops", "monsters"), ("rest", "5")] {
            assert!(s.set(name, bad).is_err(), "{name} = {bad}");
        }
        let written = text(&s);
        assert_eq!(
            written,
            "amulets-settings 1\nkeymap = dvorak\npalette = high-contrast\nview = tiles\nspeech = /tmp/amulets speech\ncells = large\nhand = left\npickup = gold, potions\nstops = traps\nrest = 60\n"
        );
        use amulets_core::game::auto::{Halt, Pick};
        assert!(s.automation.picks(Pick::Gold) && !s.automation.picks(Pick::Armour));
        assert!(s.automation.halts(Halt::Traps) && !s.automation.halts(Halt::Items));
        assert_eq!(s.automation.rest_to(), 60);
        assert_eq!(Settings::read(&written, |p| panic!("{p}")), Ok(s));
    }

    #[test]
    fn a_bad_line_keeps_its_default_and_a_file_without_its_version_is_not_read() {
        let mut said: heapless::Vec<(bool, heapless::String<128>), 4> = heapless::Vec::new();
        let s = Settings::read(
            "amulets-settings 1\npalette = purple\nview = tiles\nfoo\nvolume = 3\n",
            |p| {
                let mut t = heapless::String::new();
                write!(t, "{p}").unwrap();
                said.push((p.damaged(), t)).unwrap();
            },
        )
        .unwrap();
        assert_eq!(s.palette, Palette::Book);
        assert!(s.tiles);
        let words: heapless::Vec<&str, 4> = said.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(
            words.as_slice(),
            [
                "line 2: palette cannot be \"purple\"",
                "line 4: not a setting (keymap, palette, view, speech, cells, hand, pickup, stops or rest = a value)",
                "line 5: not a setting (keymap, palette, view, speech, cells, hand, pickup, stops or rest = a value)",
            ]
        );
        assert!(said.iter().all(|(d, _)| !d));
        let s = Settings::read("\u{0}\u{0}garbage\nview = tiles\n", |_| {});
        assert!(s.is_err_and(|p| p.damaged()), "not read at all");
    }
}
