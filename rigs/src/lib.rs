//! The rigs xtask's checks drive, each a driver of one real thing with
//! tests of its own: commands run and named when they fail (`sh`), what a
//! check needs installed (`tools`), Chromium over the DevTools protocol
//! (`cdp`), a game in a tmux pane (`pane`) or on a pty of our own (`pty`),
//! bare Debian roots (`roots`), a static server on the loopback
//! (`server`), a firmware run in QEMU (`qemu`) and two pictures compared
//! by their pixels (`pixels`), Windows programs under Wine (`wine`), a
//! firmware's ELF file (`elf`) and its UF2 image (`uf2`), and a chore's
//! printed report kept for the page it belongs in (`report`).
//! Nothing here knows the game: xtask's chores and checks do.

#[cfg(unix)]
pub mod cdp;
pub mod elf;
#[cfg(unix)]
pub mod pane;
pub mod pixels;
#[cfg(unix)]
pub mod pty;
pub mod qemu;
pub mod report;
pub mod roots;
pub mod server;
pub mod sh;
pub mod tools;
pub mod uf2;
pub mod wine;
