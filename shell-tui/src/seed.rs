//! Where a seed comes from when none is given.

use std::hash::{BuildHasher, Hasher};

/// A seed from the operating system: std's `RandomState` is keyed from the
/// system's random source each time it is made. Never 0, which means "choose
/// one" on every command line.
pub fn from_os() -> u32 {
    loop {
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u64(std::process::id().into());
        let seed = h.finish() as u32;
        if seed != 0 {
            return seed;
        }
    }
}

/// The seed to use for a command line's `--seed`: the number itself, or one
/// from the operating system for 0 or none, as the book's `AmuletsOfSDL 0`.
pub fn choose(given: Option<u32>) -> u32 {
    match given {
        Some(seed) if seed != 0 => seed,
        _ => from_os(),
    }
}
