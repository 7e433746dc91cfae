//! Checks the golden map hashes on a real Cortex-M4 core (QEMU's
//! mps2-an386): every seed in `tests/golden/rooms.txt` is generated on the
//! target and hashed; a few are printed through semihosting, and the exit
//! code says whether all of them matched. `cargo xtask determinism` runs it.
#![cfg_attr(target_os = "none", no_std, no_main)]

use amulets_core::golden::{self, Mismatch};

/// The golden files, compiled in: the target has no file system.
const GOLDEN_FILES: [(&str, &str); 5] = [
    ("rooms", include_str!("../../golden/rooms.txt")),
    ("caves", include_str!("../../golden/caves.txt")),
    ("gh", include_str!("../../golden/gh.txt")),
    ("grid", include_str!("../../golden/grid.txt")),
    ("floors", include_str!("../../golden/floors.txt")),
];

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
        match result {
            Ok(n) => {
                hprintln!("{} golden hashes match", n);
                debug::exit(debug::EXIT_SUCCESS);
            }
            Err(m) => {
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
}
