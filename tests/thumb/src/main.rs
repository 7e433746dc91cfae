//! Checks the golden map hashes on a real Cortex-M4 core (QEMU's
//! mps2-an386): every seed of every file in `tests/golden/` (both engines'
//! dice) is generated on the target and hashed; a few are printed through semihosting, and the exit
//! code says whether all of them matched. `cargo xtask determinism` runs it.
#![cfg_attr(target_os = "none", no_std, no_main)]

use amulets_core::golden::{self, Mismatch};
use amulets_core::replay;
use amulets_core::rng::Dice;

/// The golden files of both engines' dice, compiled in: the target has no
/// file system.
const GOLDEN_FILES: [(Dice, &str, &str); 14] = [
    (Dice::Book, "rooms", include_str!("../../golden/rooms.txt")),
    (Dice::Book, "caves", include_str!("../../golden/caves.txt")),
    (Dice::Book, "gh", include_str!("../../golden/gh.txt")),
    (Dice::Book, "grid", include_str!("../../golden/grid.txt")),
    (
        Dice::Book,
        "floors",
        include_str!("../../golden/floors.txt"),
    ),
    (
        Dice::Book,
        "floors-gh",
        include_str!("../../golden/floors-gh.txt"),
    ),
    (
        Dice::Book,
        "floors-grid",
        include_str!("../../golden/floors-grid.txt"),
    ),
    (
        Dice::Xorshift,
        "rooms",
        include_str!("../../golden/xorshift/rooms.txt"),
    ),
    (
        Dice::Xorshift,
        "caves",
        include_str!("../../golden/xorshift/caves.txt"),
    ),
    (
        Dice::Xorshift,
        "gh",
        include_str!("../../golden/xorshift/gh.txt"),
    ),
    (
        Dice::Xorshift,
        "grid",
        include_str!("../../golden/xorshift/grid.txt"),
    ),
    (
        Dice::Xorshift,
        "floors",
        include_str!("../../golden/xorshift/floors.txt"),
    ),
    (
        Dice::Xorshift,
        "floors-gh",
        include_str!("../../golden/xorshift/floors-gh.txt"),
    ),
    (
        Dice::Xorshift,
        "floors-grid",
        include_str!("../../golden/xorshift/floors-grid.txt"),
    ),
];

/// The recorded runs, played back on the target to their hashes.
const REPLAYS: [(&str, &str); 10] = [
    ("fighter-7", include_str!("../../replays/fighter-7.txt")),
    ("rogue-42", include_str!("../../replays/rogue-42.txt")),
    ("wizard-2024", include_str!("../../replays/wizard-2024.txt")),
    ("rogue-42-gh", include_str!("../../replays/rogue-42-gh.txt")),
    (
        "fighter-7-grid",
        include_str!("../../replays/fighter-7-grid.txt"),
    ),
    (
        "xorshift/fighter-7",
        include_str!("../../replays/xorshift/fighter-7.txt"),
    ),
    (
        "xorshift/rogue-42",
        include_str!("../../replays/xorshift/rogue-42.txt"),
    ),
    (
        "xorshift/wizard-2024",
        include_str!("../../replays/xorshift/wizard-2024.txt"),
    ),
    (
        "xorshift/rogue-42-gh",
        include_str!("../../replays/xorshift/rogue-42-gh.txt"),
    ),
    (
        "xorshift/fighter-7-grid",
        include_str!("../../replays/xorshift/fighter-7-grid.txt"),
    ),
];

/// The whole runs CI recorded on x86_64 (`cargo xtask determinism`; none
/// in a build of its own): every point and the end must be reached here.
const CI_REPLAYS: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/ci_replays.rs"));

/// Plays every recorded run, then CI's: how many, or the first that splits
/// from its recording or ends elsewhere, by name, and why.
fn check_replays(
    mut print: impl FnMut(&str, u32),
) -> Result<(usize, usize), (&'static str, replay::ReplayError)> {
    for &(name, text) in REPLAYS.iter().chain(CI_REPLAYS) {
        let game = replay::play(text).map_err(|e| (name, e))?;
        print(name, game.turn());
    }
    Ok((REPLAYS.len(), CI_REPLAYS.len()))
}

/// The daily dungeon's seed of 2026-12-02, which docs/rules.md pins: the
/// seed the board makes of that day, or the wrong one it made.
fn check_daily() -> Result<u32, u32> {
    let seed = amulets_core::daily::Day::parse("2026-12-02").map_or(0, |d| d.seed());
    if seed == 931_398_152 {
        Ok(seed)
    } else {
        Err(seed)
    }
}

/// Checks every golden file, printing each seed in `shown` with its hash.
/// Returns the first mismatch, or how many hashes matched.
fn check_all(mut print: impl FnMut(&str, u32, u64)) -> Result<usize, Mismatch> {
    let mut checked = 0;
    for (dice, kind, text) in GOLDEN_FILES {
        checked += golden::check(dice, kind, text, |seed, hash| {
            if seed <= 2 && dice == Dice::Book {
                print(kind, seed, hash);
            }
        })?;
    }
    Ok(checked)
}

#[cfg(target_os = "none")]
mod target {
    // Linked for its single-core critical section, which semihosting needs.
    use cortex_m as _;
    use cortex_m_rt::entry;
    use cortex_m_semihosting::{debug, hprintln};

    #[entry]
    fn main() -> ! {
        hprintln!("amulets golden check on thumbv7em (mps2-an386)");
        let result = super::check_all(|kind, seed, hash| {
            hprintln!("{} seed {}: {:016x}", kind, seed, hash);
        });
        let replays =
            super::check_replays(|name, turn| hprintln!("replay {} ends on turn {}", name, turn));
        match super::check_daily() {
            Ok(seed) => hprintln!("the daily seed of 2026-12-02 is {}", seed),
            Err(seed) => {
                hprintln!("DAILY SEED: 2026-12-02 gives {}, not 931398152", seed);
                debug::exit(debug::EXIT_FAILURE);
            }
        }
        match (result, replays) {
            (Ok(n), Ok((r, ci))) => {
                hprintln!(
                    "{} golden hashes match, {} replays and {} recorded by CI end where they should",
                    n,
                    r,
                    ci
                );
                debug::exit(debug::EXIT_SUCCESS);
            }
            (_, Err((name, e))) => {
                hprintln!("REPLAY DIVERGED: {}: {}", name, e);
                debug::exit(debug::EXIT_FAILURE);
            }
            (Err(m), _) => {
                hprintln!("MISMATCH: {:?}", m);
                debug::exit(debug::EXIT_FAILURE);
            }
        }
        loop {}
    }

    #[panic_handler]
    fn panic(info: &core::panic::PanicInfo) -> ! {
        hprintln!("panic: {}", info);
        debug::exit(debug::EXIT_FAILURE);
        loop {}
    }
}

#[cfg(not(target_os = "none"))]
fn main() {
    match check_all(|kind, seed, hash| println!("{kind} seed {seed}: {hash:016x}")) {
        Ok(n) => println!("{n} golden hashes match (host run; the real check is on thumbv7em)"),
        Err(m) => {
            eprintln!("MISMATCH: {m:?}");
            std::process::exit(1);
        }
    }
    if let Err((name, e)) =
        check_replays(|name, turn| println!("replay {name} ends on turn {turn}"))
    {
        eprintln!("REPLAY DIVERGED: {name}: {e}");
        std::process::exit(1);
    }
    if let Err(seed) = check_daily() {
        eprintln!("DAILY SEED: 2026-12-02 gives {seed}, not 931398152");
        std::process::exit(1);
    }
}
