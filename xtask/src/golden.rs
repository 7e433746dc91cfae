//! `cargo xtask golden`: writes `tests/golden/KIND.txt` for every kind of
//! golden hash the core knows. Only this command writes them; the tests
//! compare. Rewrite them only when a change to the dungeons is meant, and
//! say so in the commit.

use amulets_core::golden;
use std::fmt::Write as _;

/// The seeds every golden file pins.
const SEEDS: std::ops::RangeInclusive<u32> = 1..=1000;

pub fn write() -> Result<(), String> {
    let dir = crate::sh::root().join("tests/golden");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for kind in golden::KINDS {
        let mut text = format!(
            "# Golden hashes of kind `{kind}` (see core/src/golden.rs): seed, then the\n\
             # FNV-1a 64 of the map's terrain bytes, row-major. Written by `cargo xtask golden`.\n"
        );
        for seed in SEEDS {
            let hash = golden::hash_of(kind, seed).ok_or(format!("unknown kind {kind}"))?;
            writeln!(text, "{seed} {hash:016x}").expect("writing to a String cannot fail");
        }
        let path = dir.join(format!("{kind}.txt"));
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("wrote {} ({} seeds)", path.display(), SEEDS.count());
    }
    Ok(())
}
