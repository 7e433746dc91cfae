//! After the run, on a board (docs/records.md): the last run's record in
//! the record sector, numbered (a board has no clock), and the hall of fame
//! in two sectors written in turn as the save's slots are, so a power cut
//! in a write leaves the hall as it was before. A hall that checks but
//! does not read is kept as it is: the board has no room to set it aside,
//! so it is never written over, and the end screen says so.
//!
//! The hall's sectors keep the player's settings too (the palette: the
//! board has no other), after the hall's text as a settings file's text
//! (`play::settings`), and only when the palette is not the book's: a hall
//! sector of a player who never chose one is as it was before. Each write
//! of either carries the other over, so both have the hall's safety
//! against a power cut.
//!
//! ```text
//! amulets-scores 1
//! ...
//! end
//! amulets-settings 1
//! palette = high-contrast
//! ```

use super::{FlashStore, HALL_PLACES, Header, Holds, RECORD_PLACE, ahead};
use amulets_core::text::{Note, line, note};
use amulets_play::fame::Hall;
use amulets_play::morgue::{self, End, Stamp};
use amulets_play::palettes::Palette;
use amulets_play::settings::{Settings, VERSION_LINE};
use amulets_play::store::StoreError;
use core::fmt;
use embedded_storage::nor_flash::NorFlash;

/// A run's record, written as it is formatted.
struct Record<'a> {
    end: &'a End<'a>,
    stamp: Stamp,
}

impl fmt::Display for Record<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        morgue::write(f, self.end, self.stamp)
    }
}

/// What a hall's sector holds: the hall, when one is kept, then the
/// palette when it is not the book's.
struct Place<'a> {
    hall: Option<&'a Hall>,
    palette: Palette,
}

impl fmt::Display for Place<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(hall) = self.hall {
            write!(f, "{hall}")?;
        }
        if self.palette != Palette::Book {
            writeln!(f, "{VERSION_LINE}")?;
            writeln!(f, "palette = {}", self.palette.name())?;
        }
        Ok(())
    }
}

/// Where a hall sector's settings begin: at a line that is the settings'
/// version line (no line of a hall is), or at the end.
fn settings_at(text: &str) -> usize {
    let mut at = 0;
    for l in text.split_inclusive('\n') {
        if l.trim_end() == VERSION_LINE {
            return at;
        }
        at += l.len();
    }
    text.len()
}

/// The hall's text of a hall sector's, or `None` when it keeps settings
/// only.
pub(super) fn hall_part(text: &str) -> Option<&str> {
    Some(&text[..settings_at(text)]).filter(|h| !h.is_empty())
}

/// The palette a hall sector's settings name; the book's when there are
/// none, or they do not read.
fn palette_part(text: &str) -> Palette {
    Settings::read(&text[settings_at(text)..], |_| {}).map_or(Palette::Book, |s| s.palette)
}

impl<F: NorFlash> FlashStore<F> {
    /// The hall's place with the newest good hall, and its header.
    fn newest_hall(&mut self) -> Option<(usize, Header)> {
        let [a, b] = HALL_PLACES;
        match (self.header(a), self.header(b)) {
            (Some(x), Some(y)) => Some(if ahead(y.seq, x.seq) { (b, y) } else { (a, x) }),
            (Some(x), None) => Some((a, x)),
            (None, Some(y)) => Some((b, y)),
            (None, None) => None,
        }
    }

    /// The number the next record is kept under: one past the last (a
    /// board has no clock).
    pub(super) fn next_record(&mut self) -> u32 {
        self.header(RECORD_PLACE)
            .map_or(1, |h| h.seq.wrapping_add(1))
    }

    /// Keeps the record of a run that ended, stamped `stamp`, under the
    /// next number (`next_record`, which a board's stamp is too). The words
    /// say which it is, and whether it was cut short.
    pub(super) fn keep_record_here(
        &mut self,
        end: &End<'_>,
        stamp: Stamp,
    ) -> Result<Note, StoreError> {
        let number = self.next_record();
        self.holds = Holds::Nothing;
        let cut = self.write_place(RECORD_PLACE, number, &Record { end, stamp }, true)?;
        self.kept_record = true;
        let kept = if cut { ", cut short" } else { "" };
        Ok(note(format_args!(
            "Record {number} is kept{kept}: R shows it."
        )))
    }

    /// Changes the hall: the newest read, changed, written to the other
    /// sector with the next number; the newest stays until that is whole.
    pub(super) fn change_hall_here<T>(
        &mut self,
        change: impl FnOnce(&mut Hall) -> T,
    ) -> Result<T, StoreError> {
        self.change_place(|hall, _| change(hall.get_or_insert_with(Hall::new)))
    }

    /// Changes what the hall's sectors keep, the hall (`None` while none is
    /// kept) and the palette, as `change_hall` says.
    pub(super) fn change_place<T>(
        &mut self,
        change: impl FnOnce(&mut Option<Hall>, &mut Palette) -> T,
    ) -> Result<T, StoreError> {
        let (mut hall, mut palette, target, seq) = match self.newest_hall() {
            None => (None, Palette::Book, HALL_PLACES[0], 1),
            Some((i, h)) => {
                let text = self.load(i, h.len)?;
                let hall = match hall_part(text) {
                    None => None,
                    Some(kept) => Some(Hall::parse(kept).map_err(|e| {
                        StoreError::Refused(line(format_args!(
                            "the hall of fame in flash does not read ({e}): it is kept as it is"
                        )))
                    })?),
                };
                let palette = palette_part(text);
                let other = if i == HALL_PLACES[0] {
                    HALL_PLACES[1]
                } else {
                    HALL_PLACES[0]
                };
                (hall, palette, other, h.seq.wrapping_add(1))
            }
        };
        self.holds = Holds::Nothing;
        let out = change(&mut hall, &mut palette);
        let place = Place {
            hall: hall.as_ref(),
            palette,
        };
        self.write_place(target, seq, &place, false)?;
        Ok(out)
    }

    /// The palette the hall's sectors keep, `None` when they keep none
    /// (the book's) or cannot be read. The newest is left in the buffer,
    /// as `read_hall` leaves it.
    pub(super) fn kept_palette(&mut self) -> Option<Palette> {
        let (i, h) = self.newest_hall()?;
        let palette = palette_part(self.load(i, h.len).ok()?);
        self.holds = Holds::Hall;
        Some(palette).filter(|&p| p != Palette::Book)
    }

    /// Puts `hall` in the place of the one kept, as a change does (a tool's:
    /// the pictures' example hall).
    pub fn write_hall(&mut self, hall: &Hall) -> Result<(), StoreError> {
        self.change_hall_here(|h| *h = hall.clone())
    }

    /// Reads the newest hall into the store's buffer.
    pub(super) fn read_hall_here(&mut self) -> Result<(), StoreError> {
        self.holds = Holds::Nothing;
        if let Some((i, h)) = self.newest_hall() {
            self.load(i, h.len)?;
            self.holds = Holds::Hall;
        }
        Ok(())
    }

    /// Reads the last record into the store's buffer.
    pub(super) fn read_record_here(&mut self) -> Result<(), StoreError> {
        self.holds = Holds::Nothing;
        if let Some(h) = self.header(RECORD_PLACE) {
            self.load(RECORD_PLACE, h.len)?;
            self.holds = Holds::Record;
            self.kept_record = true;
        }
        Ok(())
    }

    /// The buffer's text, when it holds `what`.
    pub(super) fn text_of(&self, what: Holds) -> Option<&str> {
        (self.holds == what)
            .then(|| core::str::from_utf8(&self.bytes).ok())
            .flatten()
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::super::{REGION, RamFlash, SECTOR};
    use super::*;
    use amulets_core::game::{Cause, Game};
    use amulets_core::player::Class;
    use amulets_play::morgue::Ending;
    use amulets_play::store::{Colours, Fame, Records, Saves};
    use std::string::{String, ToString};

    type Flash = RamFlash<{ REGION as usize }, 4096>;

    fn dead(seed: u32, gold: u32) -> Game {
        let mut g = Game::new_run(seed, Class::Fighter);
        g.player_mut().gold = gold;
        g.die_for_tests(Cause::Poison);
        g
    }

    fn end_of(game: &Game) -> End<'_> {
        End {
            game,
            ending: Ending::Died,
            replay: None,
            bot: false,
        }
    }

    fn hall_of(s: &mut FlashStore<Flash>) -> Option<Hall> {
        s.read_hall().unwrap();
        s.hall().map(|t| Hall::parse(t).unwrap())
    }

    #[test]
    fn a_board_keeps_the_last_record_numbered_and_the_hall() {
        let mut s = FlashStore::new(Flash::new(), 0);
        for (i, gold) in [5, 50, 20].into_iter().enumerate() {
            let game = dead(9, gold);
            let words = amulets_play::store::enter_end(&mut s, &end_of(&game))
                .unwrap()
                .unwrap();
            assert!(
                words.contains(&std::format!("Record {} is kept", i + 1)),
                "{words}"
            );
        }
        let mut s = FlashStore::new(s.into_flash(), 0);
        s.read_record().unwrap();
        let record = s.record().unwrap().to_string();
        assert!(record.contains("\nEnded record 3: died\n"), "{record}");
        assert!(record.contains("\nGold: 20\n"));
        let hall = hall_of(&mut s).unwrap();
        assert_eq!(hall.entered, 3);
        let golds: std::vec::Vec<u32> = hall.runs.iter().map(|e| e.gold).collect();
        assert_eq!(golds, [50, 20, 5]);
        // A save read since does not pass for the hall.
        let game = Game::new_run(2, Class::Rogue);
        s.write(&amulets_play::store::SaveText(&game)).unwrap();
        assert!(s.read().unwrap().is_some());
        assert_eq!(s.hall(), None);
    }

    /// A cut after every byte of the hall's write: the old hall or the new
    /// one reads after the restart, never neither.
    #[test]
    fn a_power_cut_in_the_hall_s_write_leaves_the_old_or_the_new() {
        let mut s = FlashStore::new(Flash::new(), 0);
        for gold in [1, 2] {
            s.change_hall_here(|h| h.enter(&end_of(&dead(3, gold)), Stamp::Numbered(gold)))
                .unwrap();
        }
        let base = s.into_flash();
        let whole = SECTOR as usize + 2_000;
        let (mut olds, mut news) = (0, 0);
        for cut in 0..=whole {
            let mut s = FlashStore::new(
                Flash {
                    bytes: base.bytes,
                    power: Some(cut),
                },
                0,
            );
            let game = dead(4, 99);
            let _ = s.change_hall_here(|h| h.enter(&end_of(&game), Stamp::Numbered(3)));
            let mut flash = s.into_flash();
            flash.power = None;
            let mut s = FlashStore::new(flash, 0);
            match hall_of(&mut s).map(|h| h.entered) {
                Some(3) => news += 1,
                Some(2) => olds += 1,
                other => panic!("a cut after {cut} bytes left {other:?}"),
            }
        }
        assert!(olds > 4096 && news > 0, "{olds} {news}");
    }

    #[test]
    fn the_palette_is_kept_beside_the_hall_and_each_keeps_the_other() {
        let mut s = FlashStore::new(Flash::new(), 0);
        assert_eq!(s.palette(), None, "a new board has the book's");
        s.keep_palette(Palette::HighContrast).unwrap();
        let mut s = FlashStore::new(s.into_flash(), 0);
        assert_eq!(s.palette(), Some(Palette::HighContrast));
        assert_eq!(hall_of(&mut s), None, "settings alone are no hall");
        // A run entered in the hall keeps the palette...
        amulets_play::store::enter_end(&mut s, &end_of(&dead(9, 40))).unwrap();
        let mut s = FlashStore::new(s.into_flash(), 0);
        assert_eq!(s.palette(), Some(Palette::HighContrast));
        assert_eq!(hall_of(&mut s).unwrap().entered, 1);
        // ... and a palette chosen keeps the hall.
        s.keep_palette(Palette::RedGreen).unwrap();
        let mut s = FlashStore::new(s.into_flash(), 0);
        assert_eq!(s.palette(), Some(Palette::RedGreen));
        let hall = hall_of(&mut s).unwrap();
        assert_eq!((hall.entered, hall.runs[0].gold), (1, 40));
        // Back to the book's, the hall's sector is the hall alone.
        s.keep_palette(Palette::Book).unwrap();
        assert_eq!(s.palette(), None);
        s.read_hall().unwrap();
        assert!(s.hall().unwrap().ends_with("end\n"), "{:?}", s.hall());
        assert_eq!(s.text_of(Holds::Hall), s.hall());
    }

    /// A cut after every byte of the palette's write: the old palette or
    /// the new one, and the hall whole, after the restart.
    #[test]
    fn a_power_cut_in_the_palette_s_write_leaves_the_old_or_the_new() {
        let mut s = FlashStore::new(Flash::new(), 0);
        amulets_play::store::enter_end(&mut s, &end_of(&dead(3, 7))).unwrap();
        s.keep_palette(Palette::BlueYellow).unwrap();
        let base = s.into_flash();
        let (mut olds, mut news) = (0, 0);
        for cut in 0..=SECTOR as usize + 1_000 {
            let mut s = FlashStore::new(
                Flash {
                    bytes: base.bytes,
                    power: Some(cut),
                },
                0,
            );
            let _ = s.keep_palette(Palette::HighContrast);
            let mut flash = s.into_flash();
            flash.power = None;
            let mut s = FlashStore::new(flash, 0);
            match s.palette() {
                Some(Palette::HighContrast) => news += 1,
                Some(Palette::BlueYellow) => olds += 1,
                other => panic!("a cut after {cut} bytes left {other:?}"),
            }
            assert_eq!(hall_of(&mut s).map(|h| h.entered), Some(1), "cut {cut}");
        }
        assert!(olds > 4096 && news > 0, "{olds} {news}");
    }

    #[test]
    fn a_hall_that_does_not_read_is_kept_and_never_written_over() {
        let mut s = FlashStore::new(Flash::new(), 0);
        let junk = "amulets-scores 1\nentered x\n";
        s.write_place(HALL_PLACES[0], 7, &junk, false).unwrap();
        let game = dead(5, 5);
        let e = amulets_play::store::enter_end(&mut s, &end_of(&game)).unwrap_err();
        assert!(e.to_string().contains("kept as it is"), "{e}");
        s.read_hall().unwrap();
        assert_eq!(s.hall(), Some(junk));
        // The record was kept all the same.
        s.read_record().unwrap();
        assert!(s.record().is_some());
    }

    #[test]
    fn the_longest_record_is_cut_short_not_lost() {
        let mut s = FlashStore::new(Flash::new(), 0);
        let mut game = dead(6, 1);
        let long = line(format_args!(
            "{:<1$}",
            "a long line",
            amulets_core::text::LINE
        ));
        for _ in 0..40 {
            game.log_mut_for_tests().add(long.clone());
        }
        let words = amulets_play::store::enter_end(&mut s, &end_of(&game))
            .unwrap()
            .unwrap();
        let mut all = String::new();
        morgue::write(&mut all, &end_of(&game), Stamp::Numbered(1)).unwrap();
        s.read_record().unwrap();
        let kept = s.record().unwrap();
        if all.len() > SECTOR as usize - 16 {
            assert!(words.contains("cut short"), "{words}");
            assert!(all.starts_with(kept));
        } else {
            assert_eq!(kept, all);
        }
    }
}
