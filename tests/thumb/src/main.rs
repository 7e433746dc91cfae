//! Checks the golden map hashes on a real Cortex-M4 core (QEMU's
//! mps2-an386): every seed in `tests/golden/rooms.txt` is generated on the
//! target and hashed; a few are printed through semihosting, and the exit
//! code says whether all of them matched. `cargo xtask determinism` runs it.
#![cfg_attr(target_os = "none", no_std, no_main)]

use amulets_core::golden::{self, Mismatch};
use amulets_core::replay;

/// The golden files, compiled in: the target has no file system.
const GOLDEN_FILES: [(&str, &str); 7] = [
    ("rooms", include_str!("../../golden/rooms.txt")),
    ("caves", include_str!("../../golden/caves.txt")),
    ("gh", include_str!("../../golden/gh.txt")),
    ("grid", include_str!("../../golden/grid.txt")),
    ("floors", include_str!("../../golden/floors.txt")),
    ("floors-gh", include_str!("../../golden/floors-gh.txt")),
    ("floors-grid", include_str!("../../golden/floors-grid.txt")),
];

/// The recorded runs, played back on the target to their hashes.
const REPLAYS: [(&str, &str); 5] = [
    ("fighter-7", include_str!("../../replays/fighter-7.txt")),
    ("rogue-42", include_str!("../../replays/rogue-42.txt")),
    ("wizard-2024", include_str!("../../replays/wizard-2024.txt")),
    ("rogue-42-gh", include_str!("../../replays/rogue-42-gh.txt")),
    (
        "fighter-7-grid",
        include_str!("../../replays/fighter-7-grid.txt"),
    ),
];

/// Plays every recorded run; the first that ends elsewhere, by name.
fn check_replays(mut print: impl FnMut(&str, u32)) -> Result<usize, &'static str> {
    for (name, text) in REPLAYS {
        let game = replay::play(text).map_err(|_| name)?;
        print(name, game.turn());
    }
    Ok(REPLAYS.len())
}

/// Checks every golden file, printing each seed in `shown` with its hash.
/// Returns the first mismatch, or how many hashes matched.
fn check_all(mut print: impl FnMut(&str, u32, u64)) -> Result<usize, Mismatch> {
    let mut checked = 0;
    for (kind, text) in GOLDEN_FILES {
        checked += golden::check(kind, text, |seed, hash| {
            if seed <= 2 {
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
        match (result, replays) {
            (Ok(n), Ok(r)) => {
                hprintln!(
                    "{} golden hashes match, {} replays end where they should",
                    n,
                    r
                );
                debug::exit(debug::EXIT_SUCCESS);
            }
            (_, Err(name)) => {
                hprintln!("REPLAY DIVERGED: {}", name);
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
    if let Err(name) = check_replays(|name, turn| println!("replay {name} ends on turn {turn}")) {
        eprintln!("REPLAY DIVERGED: {name}");
        std::process::exit(1);
    }
}
