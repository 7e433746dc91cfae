//! The end-to-end checks, each a test of one thing a player gets, run on
//! what xtask built: the firmwares whole in QEMU (`boards`), the page in Chromium (`page`), the faults a player
//! meets done for real to the real games (`faults`), the Windows builds
//! under Wine (`windows`), the release as a player gets it (`release`),
//! and the example hall
//! of fame their pictures show (`hall`). Each drives the real thing
//! through `amulets_rigs`; xtask builds, then calls the check.

pub mod boards;
#[cfg(unix)]
pub mod faults;
#[cfg(unix)]
pub mod frames;
pub mod fresh;
pub mod hall;
pub mod measure;
pub mod page;
pub mod release;
pub mod windows;
