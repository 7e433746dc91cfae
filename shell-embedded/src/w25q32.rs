//! The Wio Terminal's 4 MiB QSPI flash (a Winbond W25Q32) as
//! embedded-storage's `NorFlash`, so the board keeps its save with the
//! same `FlashStore` the tests run against a RAM flash. The board crate
//! gives raw QSPI commands only; this adds what the chip needs around
//! them: Write Enable before each program and erase, 256-byte pages (a
//! program may not cross one), 4 KiB sector erases, and polling the busy
//! bit until each is done. Built for the board; it can only be run on one.

use embedded_storage::nor_flash::{
    ErrorType, NorFlash, NorFlashError, NorFlashErrorKind, ReadNorFlash,
};
use wio_terminal::hal::qspi::{Command, OneShot, Qspi};

/// The chip's size, its page and its sector.
const SIZE: u32 = 4 << 20;
const PAGE: u32 = 256;
const SECTOR: u32 = 4096;
/// Status register 1's busy bit; status register 2's Quad Enable.
const BUSY: u8 = 0x01;
const QUAD_ENABLE: u8 = 0x02;

/// Where the save's region begins: the chip's last 64 KiB block, far from
/// anything a bootloader or a file system puts at the start.
pub const SAVE_BASE: u32 = SIZE - (64 << 10);

/// A QSPI command the chip did not take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QspiError;

impl core::fmt::Display for QspiError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the QSPI flash did not take a command")
    }
}

impl core::error::Error for QspiError {}

impl NorFlashError for QspiError {
    fn kind(&self) -> NorFlashErrorKind {
        NorFlashErrorKind::Other
    }
}

pub struct W25q32 {
    qspi: Qspi<OneShot>,
}

impl W25q32 {
    /// The chip, reset, with its quad mode on (the quad read and page
    /// program the board crate uses need it).
    pub fn new(qspi: Qspi<OneShot>) -> Result<W25q32, QspiError> {
        let mut chip = W25q32 { qspi };
        chip.wait()?;
        chip.command(Command::EnableReset)?;
        chip.command(Command::Reset)?;
        chip.wait()?;
        let mut status2 = [0u8; 1];
        chip.qspi
            .read_command(Command::ReadStatus2, &mut status2)
            .map_err(|_| QspiError)?;
        if status2[0] & QUAD_ENABLE == 0 {
            chip.command(Command::WriteEnable)?;
            chip.qspi
                .write_command(Command::WriteStatus, &[0x00, QUAD_ENABLE])
                .map_err(|_| QspiError)?;
            chip.wait()?;
        }
        Ok(chip)
    }

    fn command(&mut self, c: Command) -> Result<(), QspiError> {
        self.qspi.run_command(c).map_err(|_| QspiError)
    }

    /// Polls the busy bit until the chip has finished a program or erase.
    fn wait(&mut self) -> Result<(), QspiError> {
        loop {
            let mut status = [0u8; 1];
            self.qspi
                .read_command(Command::ReadStatus, &mut status)
                .map_err(|_| QspiError)?;
            if status[0] & BUSY == 0 {
                return Ok(());
            }
        }
    }

    fn inside(offset: u32, len: usize) -> Result<(), QspiError> {
        let end = offset.checked_add(len as u32).ok_or(QspiError)?;
        if end <= SIZE { Ok(()) } else { Err(QspiError) }
    }
}

impl ErrorType for W25q32 {
    type Error = QspiError;
}

impl ReadNorFlash for W25q32 {
    const READ_SIZE: usize = 1;

    fn read(&mut self, offset: u32, bytes: &mut [u8]) -> Result<(), QspiError> {
        W25q32::inside(offset, bytes.len())?;
        self.qspi.read_memory(offset, bytes);
        Ok(())
    }

    fn capacity(&self) -> usize {
        SIZE as usize
    }
}

impl NorFlash for W25q32 {
    const WRITE_SIZE: usize = 1;
    const ERASE_SIZE: usize = SECTOR as usize;

    fn erase(&mut self, from: u32, to: u32) -> Result<(), QspiError> {
        if !from.is_multiple_of(SECTOR) || !to.is_multiple_of(SECTOR) || to > SIZE {
            return Err(QspiError);
        }
        let mut at = from;
        while at < to {
            self.command(Command::WriteEnable)?;
            self.qspi
                .erase_command(Command::EraseSector, at)
                .map_err(|_| QspiError)?;
            self.wait()?;
            at += SECTOR;
        }
        Ok(())
    }

    fn write(&mut self, offset: u32, data: &[u8]) -> Result<(), QspiError> {
        W25q32::inside(offset, data.len())?;
        let (mut at, mut rest) = (offset, data);
        while !rest.is_empty() {
            // Up to the end of this page: a program wraps inside its page.
            let room = (PAGE - at % PAGE) as usize;
            let (part, more) = rest.split_at(room.min(rest.len()));
            self.command(Command::WriteEnable)?;
            self.qspi.write_memory(at, part);
            self.wait()?;
            at += part.len() as u32;
            rest = more;
        }
        Ok(())
    }
}
