//! Where a seed comes from when the player gives none.

use std::hash::{BuildHasher, Hasher};

/// A seed from the operating system: std's `RandomState` is keyed from the
/// system's random source each time it is made. Never 0, which means
/// "choose one" on every command line.
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

#[cfg(test)]
mod tests {
    #[test]
    fn seeds_from_the_os_differ_and_are_never_0() {
        let seeds: Vec<u32> = (0..8).map(|_| super::from_os()).collect();
        assert!(seeds.iter().all(|&s| s != 0));
        assert!(seeds.windows(2).any(|w| w[0] != w[1]), "{seeds:?}");
    }
}
