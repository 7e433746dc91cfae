//! `cargo xtask golden`: writes `tests/golden/KIND.txt` (the book's dice)
//! and `tests/golden/xorshift/KIND.txt` for every kind of golden hash the
//! core knows. Only this command writes them; the tests
//! compare. Rewrite them only when a change to the dungeons is meant, and
//! say so in the commit.

use amulets_core::golden;
use amulets_core::rng::Dice;
use anyhow::{Context, Result, anyhow};
use std::fmt::Write as _;

pub fn write() -> Result<()> {
    for dice in Dice::ALL {
        write_for(dice)?;
    }
    Ok(())
}

fn write_for(dice: Dice) -> Result<()> {
    let dir = crate::sh::root()
        .join("tests/golden")
        .join(golden::folder_of(dice));
    std::fs::create_dir_all(&dir).map_err(|e| anyhow!("{}: {e}", dir.display()))?;
    for kind in golden::KINDS {
        let mut text = format!(
            "# Golden hashes of kind `{kind}` on {}: seed, then the FNV-1a 64\n\
             # that core/src/golden.rs describes. Written by `cargo xtask golden`.\n",
            dice.words()
        );
        let seeds = 1..=golden::seeds_of(kind);
        for seed in seeds.clone() {
            let hash = golden::hash_of(dice, kind, seed)
                .with_context(|| format!("unknown kind {kind}"))?;
            writeln!(text, "{seed} {hash:016x}").expect("writing to a String cannot fail");
        }
        let path = dir.join(format!("{kind}.txt"));
        std::fs::write(&path, text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        println!("wrote {} ({} seeds)", path.display(), seeds.count());
    }
    Ok(())
}
