//! The embedded shell: the game on a small RGB565 display, for any
//! `DrawTarget` (a RAM frame buffer in QEMU and the tests, an ILI9341 over
//! SPI on the Wio Terminal). Board-independent, `no_std`, no heap.
//!
//! Three layouts (docs/rules.md, "Screens"; docs/board.md): 320 x 240, the
//! whole 64 x 36 map at 5 x 6 pixels a cell over a 24-pixel status area;
//! 160 x 128, a viewport that follows the player above a one-pixel-a-cell
//! overview of the floor; and 240 x 240 on a 1.3-inch panel, each pixel
//! drawn 2 x 2, a viewport over seven rows of status. The 128 x 64 panel
//! of 16 greys is `oled`'s. Only what changed is redrawn: the shell keeps
//! what it last drew in each place and compares, so no frame buffer is
//! needed.
#![no_std]
// `unsafe` is refused everywhere but `board` (semihosting and the stack
// paint, firmware only), which allows it for itself and says why.
#![deny(unsafe_code)]

#[cfg(any(feature = "board-mps2", feature = "board-lm3s"))]
pub mod board;
pub mod flash;
pub mod framebuffer;
pub mod input;
pub mod keypad;
pub mod oled;
pub mod shell;
#[cfg(feature = "board-pico")]
pub mod st7789;
#[cfg(feature = "board-wio")]
pub mod w25q32;

pub use amulets_play::pad::{COMMANDS, MenuEntry};
pub use input::Buttons;
pub use shell::{Layout, Mode, Shell};
