//! What the firmwares share: the run they play (chosen when they are
//! built), files on the host through semihosting, and the stack's
//! high-water mark. Only built for a board (`board-mps2`, `board-lm3s`);
//! the one place in the project with `unsafe`: semihosting calls and the
//! stack paint are raw by nature, each block says why it is sound.
#![allow(unsafe_code)]

#[cfg(feature = "board-lm3s")]
pub mod kit;

use amulets_core::player::Class;
use embedded_storage::nor_flash::ReadNorFlash;

/// A decimal number from the build's environment, at compile time.
const fn parse(s: Option<&str>, default: u32) -> u32 {
    let Some(s) = s else { return default };
    let b = s.as_bytes();
    if b.is_empty() {
        return default;
    }
    let mut n: u32 = 0;
    let mut i = 0;
    while i < b.len() {
        assert!(b[i].is_ascii_digit(), "not a decimal number");
        n = n * 10 + (b[i] - b'0') as u32;
        i += 1;
    }
    n
}

/// The run's seed: `AMULETS_SEED` when the firmware was built, else 42.
pub const SEED: u32 = parse(option_env!("AMULETS_SEED"), 42);
/// Stop after this turn (`AMULETS_TURNS`); none (or 0), the default,
/// plays the run out.
pub const TURNS: Option<u32> = match parse(option_env!("AMULETS_TURNS"), 0) {
    0 => None,
    n => Some(n),
};
/// Play the host's `replay-0.txt` up to `replay-{N-1}.txt` instead of the
/// bot's run (`AMULETS_REPLAYS=N`; 0, the default, plays the bot): the
/// M3's share of the replays CI records (`cargo xtask determinism`), read
/// from the host a piece at a time, since they do not fit its flash.
pub const REPLAYS: Option<u32> = match parse(option_env!("AMULETS_REPLAYS"), 0) {
    0 => None,
    n => Some(n),
};
/// The mps2 firmware writes a frame on arrival on each floor and this many
/// turns later.
pub const LATER: u32 = 200;

/// The class, from `AMULETS_CLASS` (`fighter`, `rogue` or `wizard`).
pub fn class() -> Class {
    option_env!("AMULETS_CLASS")
        .and_then(Class::named)
        .unwrap_or(Class::Fighter)
}

/// How the run ends and where it is kept, for the save's check
/// (`cargo xtask qemu-continue`): `AMULETS_STORE=flash` keeps it in
/// `amulets-flash.bin` on the host; `AMULETS_END=save` ends just after the
/// arrival on floor 2 (the session saves on every arrival), as a power cut
/// would; `AMULETS_CONTINUE=1` starts at the title and continues the saved
/// run.
pub fn store_in_flash() -> bool {
    option_env!("AMULETS_STORE") == Some("flash")
}
pub fn end_by_saving() -> bool {
    option_env!("AMULETS_END") == Some("save")
}
pub fn continue_saved() -> bool {
    option_env!("AMULETS_CONTINUE") == Some("1")
}
/// `AMULETS_PANEL=1`: the LM3S6965 kit's panel and keys (`cargo xtask
/// qemu-oled`) instead of the bot's run.
pub fn drive_panel() -> bool {
    option_env!("AMULETS_PANEL") == Some("1")
}
/// `AMULETS_BUTTONS=1`: play the host's `buttons.txt` instead of the bot
/// (`cargo xtask qemu --buttons SCRIPT`).
pub fn play_buttons() -> bool {
    option_env!("AMULETS_BUTTONS") == Some("1")
}

/// A panic says where through semihosting and ends QEMU with a failure.
#[panic_handler]
fn panic(info: &core::panic::PanicInfo) -> ! {
    cortex_m_semihosting::hprintln!("panic: {}", info);
    cortex_m_semihosting::debug::exit(cortex_m_semihosting::debug::EXIT_FAILURE);
    loop {
        cortex_m::asm::wfi();
    }
}

/// Files on the host, through ARM semihosting (QEMU with
/// `-semihosting-config enable=on`).
pub mod host_file {
    use cortex_m_semihosting::nr;

    /// Creates (or empties) a file for binary writing; `name` ends in a NUL.
    pub fn create(name: &str) -> Option<usize> {
        if !name.ends_with('\0') {
            return None;
        }
        let args = [
            name.as_ptr() as usize,
            nr::open::W_TRUNC_BINARY,
            name.len() - 1,
        ];
        // SAFETY: SYS_OPEN reads `name.len() - 1` bytes from a live,
        // NUL-terminated string; the arguments outlive the call.
        let fd = unsafe { cortex_m_semihosting::syscall(nr::OPEN, &args) } as isize;
        (fd >= 0).then_some(fd as usize)
    }

    /// Writes all of `bytes`.
    pub fn write(fd: usize, bytes: &[u8]) {
        let args = [fd, bytes.as_ptr() as usize, bytes.len()];
        // SAFETY: SYS_WRITE reads `bytes.len()` bytes of a live slice.
        unsafe { cortex_m_semihosting::syscall(nr::WRITE, &args) };
    }

    pub fn close(fd: usize) {
        let args = [fd];
        // SAFETY: SYS_CLOSE takes a handle by value.
        unsafe { cortex_m_semihosting::syscall(nr::CLOSE, &args) };
    }

    /// Reads a whole file (`name` ends in a NUL) into `buf`; the bytes read,
    /// or `None` when it cannot be opened.
    pub fn read_all(name: &str, buf: &mut [u8]) -> Option<usize> {
        let fd = open_read(name)?;
        let read = read_some(fd, buf);
        close(fd);
        Some(read)
    }

    /// Opens a file for reading, or `None` when it is not there; `name`
    /// ends in a NUL.
    pub fn open_read(name: &str) -> Option<usize> {
        if !name.ends_with('\0') {
            return None;
        }
        let args = [name.as_ptr() as usize, nr::open::R_BINARY, name.len() - 1];
        // SAFETY: as in `create`.
        let fd = unsafe { cortex_m_semihosting::syscall(nr::OPEN, &args) } as isize;
        (fd >= 0).then_some(fd as usize)
    }

    /// Reads what comes, at most `buf.len()` bytes: how many (0 at the
    /// file's end).
    pub fn read_some(fd: usize, buf: &mut [u8]) -> usize {
        let args = [fd, buf.as_mut_ptr() as usize, buf.len()];
        // SAFETY: SYS_READ writes at most `buf.len()` bytes into a live,
        // exclusively borrowed slice; it returns how many it did not.
        let left = unsafe { cortex_m_semihosting::syscall(nr::READ, &args) };
        buf.len() - left.min(buf.len())
    }

    /// Opens a file for reading and writing in place (`r+b`), or `None`
    /// when it is not there; `name` ends in a NUL.
    pub fn open_rw(name: &str) -> Option<usize> {
        if !name.ends_with('\0') {
            return None;
        }
        let args = [name.as_ptr() as usize, nr::open::RW_BINARY, name.len() - 1];
        // SAFETY: as in `create`.
        let fd = unsafe { cortex_m_semihosting::syscall(nr::OPEN, &args) } as isize;
        (fd >= 0).then_some(fd as usize)
    }

    /// Moves to byte `at` of the file; false when it could not.
    pub fn seek(fd: usize, at: usize) -> bool {
        let args = [fd, at];
        // SAFETY: SYS_SEEK takes a handle and an offset by value.
        unsafe { cortex_m_semihosting::syscall(nr::SEEK, &args) == 0 }
    }

    /// Reads `buf.len()` bytes; false when fewer came.
    pub fn read(fd: usize, buf: &mut [u8]) -> bool {
        let args = [fd, buf.as_mut_ptr() as usize, buf.len()];
        // SAFETY: SYS_READ writes at most `buf.len()` bytes into a live,
        // exclusively borrowed slice; it returns how many it did not.
        unsafe { cortex_m_semihosting::syscall(nr::READ, &args) == 0 }
    }

    /// Writes all of `bytes`; false when it could not.
    pub fn write_all(fd: usize, bytes: &[u8]) -> bool {
        let args = [fd, bytes.as_ptr() as usize, bytes.len()];
        // SAFETY: SYS_WRITE reads `bytes.len()` bytes of a live slice; it
        // returns how many it did not write.
        unsafe { cortex_m_semihosting::syscall(nr::WRITE, &args) == 0 }
    }
}

/// NOR flash kept in a file on the host, so a save outlives QEMU: the
/// emulated boards have no flash of their own to spare. It behaves as the
/// chip does (an erase sets 4 KiB sectors to 0xFF, a write only clears
/// bits), so the store above it is the Wio's, unchanged.
pub struct HostFlash {
    fd: usize,
}

/// A host flash that failed (the file could not be read or written).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HostFlashError;

impl core::fmt::Display for HostFlashError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the host's flash file could not be read or written")
    }
}

impl core::error::Error for HostFlashError {}

impl embedded_storage::nor_flash::NorFlashError for HostFlashError {
    fn kind(&self) -> embedded_storage::nor_flash::NorFlashErrorKind {
        embedded_storage::nor_flash::NorFlashErrorKind::Other
    }
}

impl HostFlash {
    const SIZE: usize = crate::flash::REGION as usize;

    /// The flash in file `name` (NUL-ended), made erased when it is new.
    pub fn open(name: &str) -> Option<HostFlash> {
        if let Some(fd) = host_file::open_rw(name) {
            return Some(HostFlash { fd });
        }
        let fd = host_file::create(name)?;
        let erased = [0xFFu8; 256];
        for _ in 0..Self::SIZE / erased.len() {
            host_file::write(fd, &erased);
        }
        host_file::close(fd);
        host_file::open_rw(name).map(|fd| HostFlash { fd })
    }

    fn at(&self, offset: u32, len: usize) -> Result<(), HostFlashError> {
        let end = offset as usize + len;
        if end <= Self::SIZE && host_file::seek(self.fd, offset as usize) {
            Ok(())
        } else {
            Err(HostFlashError)
        }
    }
}

impl embedded_storage::nor_flash::ErrorType for HostFlash {
    type Error = HostFlashError;
}

impl embedded_storage::nor_flash::ReadNorFlash for HostFlash {
    const READ_SIZE: usize = 1;

    fn read(&mut self, offset: u32, bytes: &mut [u8]) -> Result<(), HostFlashError> {
        self.at(offset, bytes.len())?;
        host_file::read(self.fd, bytes)
            .then_some(())
            .ok_or(HostFlashError)
    }

    fn capacity(&self) -> usize {
        Self::SIZE
    }
}

impl embedded_storage::nor_flash::NorFlash for HostFlash {
    const WRITE_SIZE: usize = 1;
    const ERASE_SIZE: usize = 4096;

    fn erase(&mut self, from: u32, to: u32) -> Result<(), HostFlashError> {
        if !from.is_multiple_of(4096) || !to.is_multiple_of(4096) || to < from {
            return Err(HostFlashError);
        }
        self.at(from, (to - from) as usize)?;
        let erased = [0xFFu8; 256];
        for _ in 0..(to - from) as usize / erased.len() {
            if !host_file::write_all(self.fd, &erased) {
                return Err(HostFlashError);
            }
        }
        Ok(())
    }

    fn write(&mut self, offset: u32, data: &[u8]) -> Result<(), HostFlashError> {
        // A write only clears bits: what is there, AND the new bytes.
        let mut buf = [0u8; 256];
        for (i, part) in data.chunks(buf.len()).enumerate() {
            let at = offset + (i * buf.len()) as u32;
            let old = &mut buf[..part.len()];
            self.read(at, old)?;
            for (o, &n) in old.iter_mut().zip(part) {
                *o &= n;
            }
            self.at(at, part.len())?;
            if !host_file::write_all(self.fd, old) {
                return Err(HostFlashError);
            }
        }
        Ok(())
    }
}

/// The stack, painted with a pattern before the run and read after: the
/// deepest word no longer holding the pattern is the high-water mark.
pub mod stack {
    const PAINT: u32 = 0xA5A5_5A5A;
    /// Left unpainted below the stack pointer at the paint: the paint's own
    /// frame and what it calls.
    const MARGIN: usize = 256;

    unsafe extern "C" {
        static mut __sheap: u32;
        static mut _stack_start: u32;
        static __sdata: u32;
    }

    fn bottom() -> usize {
        // Only the linker symbols' addresses are taken, never their values.
        core::ptr::addr_of!(__sheap) as usize
    }

    fn top() -> usize {
        core::ptr::addr_of!(_stack_start) as usize
    }

    /// Bytes of RAM below the stack: `.data`, `.bss` and `.uninit`.
    pub fn static_ram() -> usize {
        bottom() - core::ptr::addr_of!(__sdata) as usize
    }

    /// Paints the free stack below the current frame; returns where the
    /// paint ends (the stack pointer then, less the margin).
    pub fn paint() -> usize {
        let sp = cortex_m::register::msp::read() as usize;
        let end = (sp - MARGIN) & !3;
        let mut at = bottom();
        while at < end {
            // SAFETY: [__sheap, sp - MARGIN) is RAM no live value occupies:
            // nothing is allocated on a heap, and the stack grows down from
            // above `end`. Word-aligned by the linker's asserts.
            unsafe { core::ptr::write_volatile(at as *mut u32, PAINT) };
            at += 4;
        }
        end
    }

    /// The stack's deepest use since `paint`, and the stack's whole size.
    pub fn high_water(painted_to: usize) -> (usize, usize) {
        let mut at = bottom();
        while at < painted_to {
            // SAFETY: reads the painted words back, in RAM, aligned.
            if unsafe { core::ptr::read_volatile(at as *const u32) } != PAINT {
                break;
            }
            at += 4;
        }
        (top() - at, top() - bottom())
    }
}
