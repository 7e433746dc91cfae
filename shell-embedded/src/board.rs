//! What the firmwares share: the run they play (chosen when they are
//! built), files on the host through semihosting, and the stack's
//! high-water mark. Only built for a board (`board-mps2`, `board-lm3s`);
//! the one place in the project with `unsafe`: semihosting calls and the
//! stack paint are raw by nature, each block says why it is sound.
#![allow(unsafe_code)]

use amulets_core::player::Class;

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
/// The mps2 firmware writes a frame on arrival on each floor and this many
/// turns later.
pub const LATER: u32 = 200;

/// The class, from `AMULETS_CLASS` (`fighter`, `rogue` or `wizard`).
pub fn class() -> Class {
    match option_env!("AMULETS_CLASS") {
        Some("rogue") => Class::Rogue,
        Some("wizard") => Class::Wizard,
        _ => Class::Fighter,
    }
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
