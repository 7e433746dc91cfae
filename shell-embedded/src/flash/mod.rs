//! The saved run in NOR flash, safe against a power cut at any moment,
//! and after the run its record and the hall of fame (`records`).
//!
//! The board's flash map: 64 KiB (on the Wio Terminal the W25Q32's last,
//! from `0x3F0000`), sixteen 4 KiB sectors:
//!
//! ```text
//! 0x0000  slot 0          16 KiB   a save, written in turn with slot 1
//! 0x4000  slot 1          16 KiB
//! 0x8000  set aside 0     12 KiB   a save that checks but does not load
//! 0xB000  set aside 1      8 KiB   the next such save; the first is kept
//! 0xD000  hall 0           4 KiB   the hall of fame and the player's
//! 0xE000  hall 1           4 KiB   settings, written in turn
//! 0xF000  the last run     4 KiB   its record (the morgue file)
//! ```
//!
//! Set aside 1 holds 8,176 bytes of text; the longest save of 30 whole bot
//! runs is 7,535.
//!
//! A slot (or a set-aside place, a hall, a record) is a header and a text:
//!
//! ```text
//! 0   magic  "AMS1" (a save), "AMH1" (a hall), "AMR1" (a record)
//! 4   seq    u32, little-endian: the newest slot's is ahead of the other's
//!            (compared with wrapping arithmetic, so a count past u32::MAX
//!            still orders them)
//! 8   len    u32: the text's bytes
//! 12  check  u32: FNV-1a of seq, len and the text, low 32 bits
//! 16  the text
//! ```
//!
//! A save erases the slot that does not hold the newest good save, writes
//! the text, and writes the header last. A cut in the erase or the text
//! leaves that slot without a good header, and a cut in the header leaves
//! a header that does not check: either way the slot is ignored, and the
//! other still holds the last good save. Removing writes zeros over both
//! magics (NOR writes only clear bits, so no erase is needed). A set-aside
//! place once written is never erased by the game: the second save set
//! aside goes to the second place, and a third is not set aside (it stays
//! in its slot, and the game says why and asks before a new run replaces
//! it).

use amulets_core::game::save::MAX_SAVE_BYTES;
use amulets_core::hash::Fnv1a;
use amulets_core::text::{Line, Note, line};
use amulets_play::store::{Colours, Fame, Records, SaveText, Saves, StoreError};
use core::fmt::{self, Write};
use embedded_storage::nor_flash::NorFlash;

mod records;

const MAGIC: [u8; 4] = *b"AMS1";
/// A hall of fame's magic, and a record's: never taken for a save's.
const HALL_MAGIC: [u8; 4] = *b"AMH1";
const RECORD_MAGIC: [u8; 4] = *b"AMR1";
/// A flash sector, the erase unit of the map.
const SECTOR: u32 = 4096;
const HEADER: usize = 16;
/// The bytes a text is streamed to the flash in (a multiple of every
/// write size this store supports, and a W25Q32 page).
const CHUNK: usize = 256;
/// A save slot: the header and the longest save, rounded up to 4 KiB
/// sectors.
pub const AREA: u32 = (((HEADER + MAX_SAVE_BYTES) as u32).div_ceil(4096)) * 4096;
/// The first set-aside place: three sectors. A save that does not load
/// and is longer than this holds (12,272 bytes; the longest of 30 whole
/// bot runs is 7,535) is not set aside, and the game says why.
pub const ASIDE: u32 = 3 * SECTOR;
/// The second: two sectors (8,176 bytes of text).
pub const ASIDE_1: u32 = 2 * SECTOR;
/// The hall of fame's two sectors, written in turn as the slots are.
pub const HALLS: [u32; 2] = [0xD000, 0xE000];
/// The last run's record's sector.
pub const RECORD: u32 = 0xF000;
/// A place of the flash map: its name (the module's comment's), where it
/// starts in the region, its size, and the magic its header begins with.
#[derive(Clone, Copy, Debug)]
struct Place {
    #[cfg_attr(
        not(test),
        expect(
            dead_code,
            reason = "the map's own words, held to the comment's by a test"
        )
    )]
    name: &'static str,
    at: u32,
    size: u32,
    magic: [u8; 4],
}

/// The flash map, one named place a row, in the region's order (the map
/// in the module's comment).
const MAP: [Place; 7] = [
    Place {
        name: "slot 0",
        at: 0,
        size: AREA,
        magic: MAGIC,
    },
    Place {
        name: "slot 1",
        at: AREA,
        size: AREA,
        magic: MAGIC,
    },
    Place {
        name: "set aside 0",
        at: 2 * AREA,
        size: ASIDE,
        magic: MAGIC,
    },
    Place {
        name: "set aside 1",
        at: 2 * AREA + ASIDE,
        size: ASIDE_1,
        magic: MAGIC,
    },
    Place {
        name: "hall 0",
        at: HALLS[0],
        size: SECTOR,
        magic: HALL_MAGIC,
    },
    Place {
        name: "hall 1",
        at: HALLS[1],
        size: SECTOR,
        magic: HALL_MAGIC,
    },
    Place {
        name: "the last run",
        at: RECORD,
        size: SECTOR,
        magic: RECORD_MAGIC,
    },
];
/// The halls' places, and the record's, in `MAP`.
const HALL_PLACES: [usize; 2] = [4, 5];
const RECORD_PLACE: usize = 6;
/// The whole region the board's flash map takes.
pub const REGION: u32 = 0x10000;
/// The set-aside places in `MAP`.
const ASIDE_PLACES: [usize; 2] = [2, 3];

const _: () = assert!(AREA == 0x4000, "the map's slots are 16 KiB");
const _: () = {
    let mut i = 1;
    while i < MAP.len() {
        assert!(
            MAP[i - 1].at + MAP[i - 1].size == MAP[i].at,
            "each place follows the last"
        );
        i += 1;
    }
    assert!(MAP[HALL_PLACES[0]].at == HALLS[0] && MAP[HALL_PLACES[1]].at == HALLS[1]);
    assert!(MAP[RECORD_PLACE].at == RECORD);
    assert!(MAP[ASIDE_PLACES[0]].size == ASIDE && MAP[ASIDE_PLACES[1]].size == ASIDE_1);
    assert!(RECORD + SECTOR == REGION, "the record ends the region");
};

/// True when sequence number `b` is ahead of `a`: less than half the
/// numbers ahead, counting on past `u32::MAX` to 0.
fn ahead(b: u32, a: u32) -> bool {
    let d = b.wrapping_sub(a);
    d != 0 && d < 1 << 31
}

/// The W25Q32's rated erase cycles a sector.
pub const ERASE_CYCLES: u32 = 100_000;
/// How long the store must last: five years of ten whole runs a day.
pub const RUNS_TO_LAST: u32 = 5 * 365 * 10;
/// The board's autosave: every this many turns of play, besides the
/// arrivals, and never at a command's end (a command ends every few dozen
/// turns). Each save erases one slot, so a sector is erased every second
/// save: the slots last `2 * ERASE_CYCLES` saves, 10.96 a run over
/// `RUNS_TO_LAST` runs. The arrivals and the close take most of that (30
/// whole bot runs: about 9.9 a run); the turns between them are saved every
/// `BOARD_AUTOSAVE_TURNS`, the least that keeps within it (10.90 saves a
/// run, 198,925 of the 200,000; 2,000 turns would be 12.73 a run):
/// `the_autosave_fits_the_flash_budget` holds it. On the board a crash
/// loses at most a floor, or this many turns of it.
pub const BOARD_AUTOSAVE_TURNS: u32 = 4_000;

/// The board's autosave, for its session.
pub const BOARD_AUTOSAVE: amulets_play::session::Autosave = amulets_play::session::Autosave {
    every: Some(BOARD_AUTOSAVE_TURNS),
    on_command_end: false,
};

/// A slot's header, if it checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Header {
    seq: u32,
    len: u32,
    check: u32,
}

fn word(b: &[u8]) -> u32 {
    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
}

/// The running checksum of a slot.
struct Check(Fnv1a);

impl Check {
    fn new(seq: u32, len: u32) -> Check {
        let mut h = Fnv1a::new();
        h.u32(seq);
        h.u32(len);
        Check(h)
    }
    fn finish(&self) -> u32 {
        // The low half of the 64-bit hash.
        (self.0.finish() & 0xffff_ffff) as u32
    }
}

/// A text streamed to a place, `CHUNK` bytes at a time, at most `room`
/// bytes: past that a write fails, or (`cut`) the rest is left out.
struct SlotWriter<'f, F: NorFlash> {
    flash: &'f mut F,
    at: u32,
    written: u32,
    buf: [u8; CHUNK],
    fill: usize,
    failed: bool,
    room: usize,
    /// Leave out what does not fit (and say so in `was_cut`), rather than
    /// fail.
    cut: bool,
    was_cut: bool,
}

impl<F: NorFlash> SlotWriter<'_, F> {
    fn flush(&mut self) {
        if self.fill == 0 || self.failed {
            return;
        }
        // A last part is padded with 0xFF (erased bytes) to the write size.
        let size = self.fill.div_ceil(F::WRITE_SIZE) * F::WRITE_SIZE;
        self.buf[self.fill..size].fill(0xFF);
        if self
            .flash
            .write(self.at + self.written, &self.buf[..size])
            .is_err()
        {
            self.failed = true;
        }
        self.written += self.fill as u32;
        self.fill = 0;
    }
}

impl<F: NorFlash> Write for SlotWriter<'_, F> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for &b in s.as_bytes() {
            // The place holds `room` bytes of text.
            if self.written as usize + self.fill >= self.room {
                if self.cut {
                    self.was_cut = true;
                    return Ok(());
                }
                return Err(fmt::Error);
            }
            self.buf[self.fill] = b;
            self.fill += 1;
            if self.fill == CHUNK {
                self.flush();
            }
        }
        if self.failed { Err(fmt::Error) } else { Ok(()) }
    }
}

/// The session's store in a region of NOR flash starting at `base`.
pub struct FlashStore<F> {
    flash: F,
    base: u32,
    /// The text last read, lent out by `read` (or `hall`, `record`).
    bytes: heapless::Vec<u8, MAX_SAVE_BYTES>,
    /// Which text `bytes` holds.
    holds: Holds,
    /// A record is kept: written as this run ended, or found by
    /// `read_record` (the end screen offers R while `bytes` holds the
    /// hall).
    kept_record: bool,
}

/// What the store's buffer holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Holds {
    /// A save, or nothing to lend.
    Nothing,
    /// The hall of fame, as `read_hall` read it.
    Hall,
    /// The last record, as `read_record` read it.
    Record,
}

fn failed(what: &str) -> StoreError {
    StoreError::Failed(line(format_args!("the flash failed to {what}")))
}

impl<F: NorFlash> FlashStore<F> {
    /// The store over `flash`, whose region starts at `base` (a multiple
    /// of the erase size) and is `REGION` bytes long.
    pub fn new(flash: F, base: u32) -> FlashStore<F> {
        debug_assert!((AREA as usize).is_multiple_of(F::ERASE_SIZE));
        debug_assert!(
            MAP.iter()
                .all(|p| (p.size as usize).is_multiple_of(F::ERASE_SIZE))
        );
        debug_assert!(CHUNK.is_multiple_of(F::WRITE_SIZE) && HEADER.is_multiple_of(F::WRITE_SIZE));
        FlashStore {
            flash,
            base,
            bytes: heapless::Vec::new(),
            holds: Holds::Nothing,
            kept_record: false,
        }
    }

    pub fn into_flash(self) -> F {
        self.flash
    }

    fn area(&self, i: usize) -> u32 {
        self.base + MAP[i].at
    }

    /// The longest text place `i` holds.
    fn room(i: usize) -> usize {
        (MAP[i].size as usize - HEADER).min(MAX_SAVE_BYTES)
    }

    /// A slot's header, when its magic, length and checksum all check.
    fn header(&mut self, i: usize) -> Option<Header> {
        let mut h = [0u8; HEADER];
        self.flash.read(self.area(i), &mut h).ok()?;
        if h[..4] != MAP[i].magic {
            return None;
        }
        let header = Header {
            seq: word(&h[4..]),
            len: word(&h[8..]),
            check: word(&h[12..]),
        };
        if header.len as usize > Self::room(i) {
            return None;
        }
        let mut check = Check::new(header.seq, header.len);
        let mut at = self.area(i) + HEADER as u32;
        let mut left = header.len as usize;
        let mut buf = [0u8; CHUNK];
        while left > 0 {
            let n = left.min(CHUNK);
            self.flash.read(at, &mut buf[..n]).ok()?;
            check.0.bytes(&buf[..n]);
            at += n as u32;
            left -= n;
        }
        (check.finish() == header.check).then_some(header)
    }

    /// The slot with the newest good save, and its header.
    fn newest(&mut self) -> Option<(usize, Header)> {
        match (self.header(0), self.header(1)) {
            (Some(a), Some(b)) => Some(if ahead(b.seq, a.seq) { (1, b) } else { (0, a) }),
            (Some(a), None) => Some((0, a)),
            (None, Some(b)) => Some((1, b)),
            (None, None) => None,
        }
    }

    /// Writes `text` (streamed) into area `i` with sequence number `seq`:
    /// erase, the text, then the header.
    fn write_area(
        &mut self,
        i: usize,
        seq: u32,
        text: &dyn fmt::Display,
    ) -> Result<(), StoreError> {
        self.write_place(i, seq, text, false).map(|_| ())
    }

    /// Writes `text` into place `i`, as `write_area`; with `cut`, a text
    /// longer than the place is cut short rather than refused. True when it
    /// was cut.
    fn write_place(
        &mut self,
        i: usize,
        seq: u32,
        text: &dyn fmt::Display,
        cut: bool,
    ) -> Result<bool, StoreError> {
        let at = self.area(i);
        self.flash
            .erase(at, at + MAP[i].size)
            .map_err(|_| failed("erase"))?;
        let mut w = SlotWriter {
            flash: &mut self.flash,
            at: at + HEADER as u32,
            written: 0,
            buf: [0; CHUNK],
            fill: 0,
            failed: false,
            room: Self::room(i),
            cut,
            was_cut: false,
        };
        let formatted = write!(w, "{text}");
        w.flush();
        if w.failed {
            return Err(failed("write"));
        }
        formatted.map_err(|_| StoreError::Full)?;
        let was_cut = w.was_cut;
        let len = w.written;
        // The checksum covers seq and len first, then the text as the flash
        // now holds it: a write that did not take gives a slot that fails.
        let mut check = Check::new(seq, len);
        let mut buf = [0u8; CHUNK];
        let mut left = len as usize;
        let mut from = at + HEADER as u32;
        while left > 0 {
            let n = left.min(CHUNK);
            self.flash
                .read(from, &mut buf[..n])
                .map_err(|_| failed("read"))?;
            check.0.bytes(&buf[..n]);
            from += n as u32;
            left -= n;
        }
        let mut h = [0u8; HEADER];
        h[..4].copy_from_slice(&MAP[i].magic);
        h[4..8].copy_from_slice(&seq.to_le_bytes());
        h[8..12].copy_from_slice(&len.to_le_bytes());
        h[12..].copy_from_slice(&check.finish().to_le_bytes());
        self.flash.write(at, &h).map_err(|_| failed("write"))?;
        Ok(was_cut)
    }

    /// The text of area `i` (already checked) into the store's buffer.
    fn load(&mut self, i: usize, len: u32) -> Result<&str, StoreError> {
        self.holds = Holds::Nothing;
        self.bytes.clear();
        // len <= MAX_SAVE_BYTES, the buffer's capacity, was checked with
        // the header.
        self.bytes
            .resize(len as usize, 0)
            .map_err(|_| StoreError::Full)?;
        let at = self.area(i) + HEADER as u32;
        self.flash
            .read(at, &mut self.bytes)
            .map_err(|_| failed("read"))?;
        core::str::from_utf8(&self.bytes).map_err(|_| failed("keep the text whole"))
    }

    /// Copies slot `i`, header and all (its checksum does not depend on
    /// where it is), into set-aside place `to`: erase, text, header.
    fn copy_aside(&mut self, i: usize, h: Header, to: usize) -> Result<(), StoreError> {
        let (from, to_at) = (self.area(i), self.area(to));
        self.flash
            .erase(to_at, to_at + MAP[to].size)
            .map_err(|_| failed("erase"))?;
        let mut buf = [0u8; CHUNK];
        let mut done = 0;
        while done < h.len as usize {
            let n = (h.len as usize - done).min(CHUNK);
            let at = (HEADER + done) as u32;
            self.flash
                .read(from + at, &mut buf[..n])
                .map_err(|_| failed("read"))?;
            let size = n.div_ceil(F::WRITE_SIZE) * F::WRITE_SIZE;
            buf[n..size].fill(0xFF);
            self.flash
                .write(to_at + at, &buf[..size])
                .map_err(|_| failed("write"))?;
            done += n;
        }
        let mut head = [0u8; HEADER];
        self.flash
            .read(from, &mut head)
            .map_err(|_| failed("read"))?;
        self.flash.write(to_at, &head).map_err(|_| failed("write"))
    }

    /// The text set aside in place `n` (0, the first set aside, or 1), if
    /// there is one.
    pub fn set_aside_text(&mut self, n: usize) -> Option<&str> {
        let place = *ASIDE_PLACES.get(n)?;
        let h = self.header(place)?;
        self.load(place, h.len).ok()
    }
}

impl<F: NorFlash> Saves for FlashStore<F> {
    fn claim(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    fn read(&mut self) -> Result<Option<&str>, StoreError> {
        let Some((i, h)) = self.newest() else {
            return Ok(None);
        };
        self.load(i, h.len).map(Some)
    }

    fn write(&mut self, save: &SaveText<'_>) -> Result<(), StoreError> {
        let (target, seq) = match self.newest() {
            Some((i, h)) => (1 - i, h.seq.wrapping_add(1)),
            None => (0, 1),
        };
        self.write_area(target, seq, save)
    }

    fn set_aside(&mut self) -> Result<Line, StoreError> {
        let Some((i, h)) = self.newest() else {
            return Ok(line(format_args!("nowhere: it was gone")));
        };
        // The first free place: one set aside before is kept.
        let Some(n) = (0..ASIDE_PLACES.len()).find(|&n| self.header(ASIDE_PLACES[n]).is_none())
        else {
            return Err(StoreError::Failed(line(format_args!(
                "the flash keeps two already"
            ))));
        };
        if h.len as usize > Self::room(ASIDE_PLACES[n]) {
            return Err(StoreError::Failed(line(format_args!(
                "it is longer than a place for that in flash holds"
            ))));
        }
        self.copy_aside(i, h, ASIDE_PLACES[n])?;
        // Now the slot can go: its text is safe in its place.
        let at = self.area(i);
        self.flash
            .write(at, &[0u8; HEADER])
            .map_err(|_| failed("write"))?;
        Ok(match n {
            0 => line(format_args!("aside in flash")),
            _ => line(format_args!("aside in flash too")),
        })
    }

    fn remove(&mut self) -> Result<(), StoreError> {
        for i in 0..2 {
            if self.header(i).is_some() {
                let at = self.area(i);
                self.flash
                    .write(at, &[0u8; HEADER])
                    .map_err(|_| failed("write"))?;
            }
        }
        Ok(())
    }

    fn name(&self) -> &'static str {
        amulets_play::store::THE_SAVED_RUN
    }
}

impl<F: NorFlash> Records for FlashStore<F> {
    fn stamp(&mut self) -> amulets_play::morgue::Stamp {
        amulets_play::morgue::Stamp::Numbered(self.next_record())
    }

    fn keep_record(
        &mut self,
        end: &amulets_play::morgue::End<'_>,
        stamp: amulets_play::morgue::Stamp,
    ) -> Result<Option<Note>, StoreError> {
        self.keep_record_here(end, stamp).map(Some)
    }

    fn read_record(&mut self) -> Result<(), StoreError> {
        self.read_record_here()
    }

    fn record(&self) -> Option<&str> {
        self.text_of(Holds::Record)
    }

    fn has_record(&self) -> bool {
        self.kept_record
    }
}

impl<F: NorFlash> Fame for FlashStore<F> {
    fn change_hall<T>(
        &mut self,
        change: impl FnOnce(&mut amulets_play::fame::Hall) -> T,
    ) -> Result<T, StoreError> {
        self.change_hall_here(change)
    }

    fn read_hall(&mut self) -> Result<(), StoreError> {
        self.read_hall_here()
    }

    fn hall(&self) -> Option<&str> {
        self.text_of(Holds::Hall).and_then(records::hall_part)
    }

    /// A board has no clock, so no day's dungeon to note.
    fn begin_daily(&mut self, _: amulets_core::daily::Day) -> Result<bool, StoreError> {
        Ok(true)
    }
}

impl<F: NorFlash> Colours for FlashStore<F> {
    fn palette(&mut self) -> Option<amulets_play::palettes::Palette> {
        self.kept_palette()
    }

    fn keep_palette(&mut self, palette: amulets_play::palettes::Palette) -> Result<(), StoreError> {
        self.change_place(|_, kept| *kept = palette)
    }
}

/// NOR flash in RAM, as the chips behave: an erase sets a whole block of
/// `ERASE` bytes to 0xFF, a write only clears bits (the old byte AND the
/// new), and power can be cut after any byte of an erase or a write; after
/// the cut every call fails and the bytes stay as the cut left them.
pub struct RamFlash<const N: usize, const ERASE: usize> {
    pub bytes: [u8; N],
    /// Bytes that may still change before the power goes; `None`: never.
    pub power: Option<usize>,
}

/// Why a RAM flash refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RamFlashError {
    /// Outside the flash, or not aligned to the write or erase size.
    Misplaced,
    /// The power is cut.
    NoPower,
}

impl core::fmt::Display for RamFlashError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            RamFlashError::Misplaced => "outside the flash, or not aligned",
            RamFlashError::NoPower => "the flash has lost its power",
        })
    }
}

impl core::error::Error for RamFlashError {}

impl embedded_storage::nor_flash::NorFlashError for RamFlashError {
    fn kind(&self) -> embedded_storage::nor_flash::NorFlashErrorKind {
        match self {
            RamFlashError::Misplaced => embedded_storage::nor_flash::NorFlashErrorKind::OutOfBounds,
            RamFlashError::NoPower => embedded_storage::nor_flash::NorFlashErrorKind::Other,
        }
    }
}

impl<const N: usize, const ERASE: usize> RamFlash<N, ERASE> {
    /// An erased flash with power for ever.
    pub const fn new() -> Self {
        RamFlash {
            bytes: [0xFF; N],
            power: None,
        }
    }

    /// Spends the power for one byte; false once it is gone.
    fn spend(&mut self) -> bool {
        match &mut self.power {
            None => true,
            Some(0) => false,
            Some(n) => {
                *n -= 1;
                true
            }
        }
    }
}

impl<const N: usize, const ERASE: usize> Default for RamFlash<N, ERASE> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize, const ERASE: usize> embedded_storage::nor_flash::ErrorType
    for RamFlash<N, ERASE>
{
    type Error = RamFlashError;
}

impl<const N: usize, const ERASE: usize> embedded_storage::nor_flash::ReadNorFlash
    for RamFlash<N, ERASE>
{
    const READ_SIZE: usize = 1;

    fn read(&mut self, offset: u32, bytes: &mut [u8]) -> Result<(), RamFlashError> {
        if self.power == Some(0) {
            return Err(RamFlashError::NoPower);
        }
        let at = offset as usize;
        let from = self
            .bytes
            .get(at..at + bytes.len())
            .ok_or(RamFlashError::Misplaced)?;
        bytes.copy_from_slice(from);
        Ok(())
    }

    fn capacity(&self) -> usize {
        N
    }
}

impl<const N: usize, const ERASE: usize> NorFlash for RamFlash<N, ERASE> {
    const WRITE_SIZE: usize = 1;
    const ERASE_SIZE: usize = ERASE;

    fn erase(&mut self, from: u32, to: u32) -> Result<(), RamFlashError> {
        let (from, to) = (from as usize, to as usize);
        if !from.is_multiple_of(ERASE) || !to.is_multiple_of(ERASE) || from > to || to > N {
            return Err(RamFlashError::Misplaced);
        }
        // Each byte erased is a moment the power can go.
        for at in from..to {
            if !self.spend() {
                return Err(RamFlashError::NoPower);
            }
            self.bytes[at] = 0xFF;
        }
        Ok(())
    }

    fn write(&mut self, offset: u32, data: &[u8]) -> Result<(), RamFlashError> {
        let at = offset as usize;
        if at + data.len() > N {
            return Err(RamFlashError::Misplaced);
        }
        for (i, &d) in data.iter().enumerate() {
            if !self.spend() {
                return Err(RamFlashError::NoPower);
            }
            self.bytes[at + i] &= d;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_autosave_fits_the_flash_budget() {
        // Thirty whole bot runs, as a board would play them: a save on
        // each arrival, one every BOARD_AUTOSAVE_TURNS, one on the close.
        extern crate std;
        use amulets_core::player::Class;
        use std::println;
        let (mut saves, mut runs) = (0u64, 0u64);
        for seed in 1..=30u32 {
            let class = Class::ALL[seed as usize % 3];
            let run = amulets_core::bot::play_run(seed, class, |_| Ok(())).unwrap();
            saves += u64::from(run.floor.unsigned_abs())
                + u64::from(run.turns / super::BOARD_AUTOSAVE_TURNS)
                + 1;
            runs += 1;
        }
        let lifetime = 2 * u64::from(super::ERASE_CYCLES);
        let needed = saves * u64::from(super::RUNS_TO_LAST) / runs;
        println!(
            "{saves} saves over {runs} runs ({:.2} a run); {needed} over {} runs, of {lifetime}",
            saves as f64 / runs as f64,
            super::RUNS_TO_LAST
        );
        assert!(needed <= lifetime, "{needed} saves wear the flash out");
    }

    extern crate std;
    use super::*;
    use amulets_core::game::Game;
    use amulets_core::player::Class;
    use amulets_play::session::{Session, Start};
    use amulets_play::store::Kept;
    use std::string::{String, ToString};

    type Flash = RamFlash<{ REGION as usize }, 4096>;

    fn store(flash: Flash) -> FlashStore<Flash> {
        FlashStore::new(flash, 0)
    }

    fn save_of(seed: u32) -> (Game, String) {
        let game = Game::new_run(seed, Class::Rogue);
        let mut text = String::new();
        game.write_save(&mut text).unwrap();
        (game, text)
    }

    /// What NOR flash can lose: a bit that was 1 reads 0.
    fn clear_a_bit(b: &mut u8) {
        assert_ne!(*b, 0);
        *b &= *b - 1;
    }

    #[test]
    fn a_missing_flash_is_said_on_the_panel() {
        let store: Kept<FlashStore<Flash>> = Kept::Lost("the flash did not answer");
        let s = Session::new(
            store,
            (),
            || 3,
            Start {
                seed: Some(3),
                class: Some(Class::Fighter),
                ..Start::default()
            },
        );
        assert!(!s.run().saving().saves());
        assert!(
            s.drawn()
                .panel()
                .iter()
                .any(|(l, _)| l.contains("the flash did not answer"))
        );
    }

    #[test]
    fn the_areas_hold_the_longest_save() {
        assert!(AREA as usize >= HEADER + MAX_SAVE_BYTES);
        assert_eq!(AREA % 4096, 0);
        // The Wio's record area after the bootloader is sized for this.
        assert_eq!(AREA, 16 * 1024, "a 16 KiB slot");
    }

    #[test]
    fn a_save_reads_back_and_the_newer_wins() {
        let mut s = store(Flash::new());
        assert_eq!(s.read().unwrap(), None);
        let (a, ta) = save_of(1);
        let (b, tb) = save_of(2);
        s.write(&SaveText(&a)).unwrap();
        assert_eq!(s.read().unwrap(), Some(ta.as_str()));
        s.write(&SaveText(&b)).unwrap();
        assert_eq!(s.read().unwrap(), Some(tb.as_str()));
        s.write(&SaveText(&a)).unwrap();
        // After a restart, the same.
        let mut s = store(s.into_flash());
        assert_eq!(s.read().unwrap(), Some(ta.as_str()));
        s.remove().unwrap();
        assert_eq!(s.read().unwrap(), None);
    }

    /// A cut after every byte of a save's erase and write: the old save or
    /// the new one loads after the restart, never neither (nor a mix).
    #[test]
    fn a_power_cut_anywhere_leaves_the_old_or_the_new_save() {
        let (old, old_text) = save_of(7);
        let (new, new_text) = save_of(8);
        let mut base = store(Flash::new());
        base.write(&SaveText(&old)).unwrap();
        base.write(&SaveText(&old)).unwrap();
        let base = base.into_flash();
        // The bytes a whole save changes: the erase of an area, the text,
        // the header.
        let whole = AREA as usize + new_text.len() + HEADER;
        let (mut olds, mut news) = (0, 0);
        for cut in 0..=whole {
            let mut flash = Flash {
                bytes: base.bytes,
                power: Some(cut),
            };
            let mut s = store(flash);
            let written = s.write(&SaveText(&new)).is_ok();
            flash = s.into_flash();
            flash.power = None;
            let mut s = store(flash);
            let text = s.read().unwrap().map(|t| t.to_string());
            match text.as_deref() {
                Some(t) if t == new_text => news += 1,
                Some(t) if t == old_text => {
                    assert!(
                        !written,
                        "cut {cut}: the write said done but the old one loads"
                    );
                    olds += 1;
                }
                other => panic!("cut {cut}: {other:?}"),
            }
        }
        assert!(olds > 0 && news > 0, "{olds} old, {news} new");
        assert_eq!(olds + news, whole + 1);
    }

    #[test]
    fn a_slot_with_a_bad_checksum_is_ignored_and_reused() {
        let (a, ta) = save_of(1);
        let (b, tb) = save_of(2);
        let mut s = store(Flash::new());
        s.write(&SaveText(&a)).unwrap();
        s.write(&SaveText(&b)).unwrap();
        let mut flash = s.into_flash();
        // One bit of the newer slot's text cleared: its checksum fails.
        clear_a_bit(&mut flash.bytes[AREA as usize + HEADER + 20]);
        let mut s = store(flash);
        assert_eq!(s.read().unwrap(), Some(ta.as_str()));
        // The next save goes to the damaged slot, not over the good one.
        s.write(&SaveText(&b)).unwrap();
        assert_eq!(s.read().unwrap(), Some(tb.as_str()));
        let mut flash = s.into_flash();
        clear_a_bit(&mut flash.bytes[AREA as usize + HEADER + 20]);
        assert_eq!(store(flash).read().unwrap(), Some(ta.as_str()));
    }

    /// A save that checks but does not load goes to the third area, where
    /// no later save writes, and the title says where.
    #[test]
    fn a_save_that_does_not_load_is_set_aside() {
        let bad = "amulets-save 1\nseed nonsense\n";
        let mut flash = Flash::new();
        {
            let mut s = store(flash);
            s.write_area(0, 5, &bad).unwrap();
            flash = s.into_flash();
        }
        let session = Session::new(store(flash), (), || 3, Start::default());
        assert!(
            session
                .notes
                .note()
                .is_some_and(|n| n.contains("kept aside in flash")),
            "{:?}",
            session.notes.note()
        );
        let (mut s, _, _) = session.into_parts();
        assert_eq!(s.read().unwrap(), None);
        let (g, tg) = save_of(4);
        s.write(&SaveText(&g)).unwrap();
        s.write(&SaveText(&g)).unwrap();
        assert_eq!(s.set_aside_text(0), Some(bad));
        assert_eq!(s.read().unwrap(), Some(tg.as_str()));
    }

    /// The palette chosen on the title (P, or on a board the title's
    /// line) is the board's from the next start on: the flash keeps it.
    #[test]
    fn a_palette_chosen_on_a_board_is_there_after_a_restart() {
        use amulets_play::palettes::Palette;
        let mut session = Session::new(store(Flash::new()), (), || 3, Start::default());
        assert_eq!(session.prefs.palette(), Palette::Book);
        for _ in 0..3 {
            session.act(amulets_play::bindings::Verb::Palette);
        }
        assert_eq!(session.prefs.palette(), Palette::HighContrast);
        assert_eq!(session.notes.note(), None);
        let (s, _, _) = session.into_parts();
        let session = Session::new(store(s.into_flash()), (), || 3, Start::default());
        assert_eq!(session.prefs.palette(), Palette::HighContrast);
    }

    /// A save that does not load, in slot 0 of a store.
    fn holding_a_bad(flash: Flash, bad: &str, seq: u32) -> Flash {
        let mut s = store(flash);
        s.write_area(0, seq, &bad).unwrap();
        s.into_flash()
    }

    #[test]
    fn a_second_save_set_aside_keeps_the_first_and_a_third_says_why_not() {
        let (first, second, third) = (
            "amulets-save 1\nseed first\n",
            "amulets-save 1\nseed second\n",
            "amulets-save 1\nseed third\n",
        );
        let mut flash = holding_a_bad(Flash::new(), first, 5);
        let note = |flash: Flash| {
            let session = Session::new(store(flash), (), || 3, Start::default());
            let note = session.notes.note().unwrap_or("").to_string();
            let saved = session.run().saving().saved();
            let (s, _, _) = session.into_parts();
            (note, saved, s.into_flash())
        };
        let (said, _, f) = note(flash);
        assert!(said.ends_with("kept aside in flash."), "{said}");
        flash = holding_a_bad(f, second, 6);
        let (said, _, f) = note(flash);
        assert!(said.ends_with("kept aside in flash too."), "{said}");
        let mut s = store(f);
        assert_eq!(s.set_aside_text(0), Some(first), "the first is kept");
        assert_eq!(s.set_aside_text(1), Some(second));
        flash = holding_a_bad(s.into_flash(), third, 7);
        let (said, saved, f) = note(flash);
        // (The reason is cut to the note's 96 characters here; the store
        // says it whole.)
        assert!(said.contains("could not be set aside"), "{said}");
        // Still in its slot, so a new run asks before it replaces it.
        assert_eq!(saved, amulets_play::session::Saved::Damaged);
        let mut s = store(f);
        assert_eq!(s.read().unwrap(), Some(third));
        assert_eq!(
            s.set_aside().map_err(|e| e.to_string()),
            Err("the flash keeps two already".to_string())
        );
        assert_eq!(s.set_aside_text(0), Some(first));
        assert_eq!(s.set_aside_text(1), Some(second));
    }

    #[test]
    fn sequence_numbers_order_the_slots_across_the_wrap() {
        assert!(ahead(1, 0) && ahead(0, u32::MAX) && ahead(5, u32::MAX - 5));
        assert!(!ahead(u32::MAX, 0) && !ahead(7, 7) && !ahead(0, 1));
        let (a, ta) = save_of(1);
        let (b, tb) = save_of(2);
        let mut s = store(Flash::new());
        // Slot 0 holds the last number there is; the next save wraps to 0.
        s.write_area(0, u32::MAX, &SaveText(&a)).unwrap();
        s.write(&SaveText(&b)).unwrap();
        assert_eq!(s.newest().map(|(i, h)| (i, h.seq)), Some((1, 0)));
        assert_eq!(
            s.read().unwrap(),
            Some(tb.as_str()),
            "the wrapped one is newer"
        );
        // The next goes over the older, slot 0, and is newer still.
        s.write(&SaveText(&a)).unwrap();
        assert_eq!(s.newest().map(|(i, h)| (i, h.seq)), Some((0, 1)));
        let mut s = store(s.into_flash());
        assert_eq!(s.read().unwrap(), Some(ta.as_str()));
    }

    #[test]
    fn the_flash_map_fits_its_64_kib() {
        assert_eq!(REGION, 64 * 1024);
        for w in MAP.windows(2) {
            assert!(w[0].at < w[1].at);
        }
        // The module's comment's map, row by row.
        let rows = MAP.map(|p| (p.at, p.name, p.size));
        assert_eq!(
            rows,
            [
                (0x0000, "slot 0", 16 << 10),
                (0x4000, "slot 1", 16 << 10),
                (0x8000, "set aside 0", 12 << 10),
                (0xB000, "set aside 1", 8 << 10),
                (0xD000, "hall 0", 4 << 10),
                (0xE000, "hall 1", 4 << 10),
                (0xF000, "the last run", 4 << 10),
            ]
        );
        assert_eq!(MAP[6].at + MAP[6].size, REGION);
        for i in [2, 3] {
            assert!(
                FlashStore::<Flash>::room(i) >= 7_535,
                "the longest bot save"
            );
        }
    }
}
