//! QEMU runs of a firmware, and the hashes they print.

use super::*;

/// Runs an ELF on a QEMU board with semihosting, in `dir`; what it printed.
pub(super) fn qemu(
    machine: &str,
    cpu: &str,
    elf: &Path,
    dir: &Path,
    icount: bool,
) -> Result<String, String> {
    let elf = elf.to_string_lossy();
    // A whole run takes the M3 two seconds; one that has not ended in two
    // minutes is locked up, as a Cortex-M is when its stack overflows (the
    // fault cannot push its frame either).
    let limit = if machine == "lm3s6965evb" {
        "120"
    } else {
        "600"
    };
    let mut args = vec![
        limit,
        "qemu-system-arm",
        "-cpu",
        cpu,
        "-machine",
        machine,
        "-nographic",
        "-semihosting-config",
        "enable=on,target=native",
    ];
    if icount {
        args.extend(["-icount", "shift=0"]);
    }
    args.extend(["-kernel", &elf]);
    let mut c = sh::cmd("timeout", &args);
    c.current_dir(dir);
    let out = sh::output(c).map_err(|e| {
        format!("{e}\n(no end in {limit} s: a firmware that overflows its stack locks up)")
    })?;
    print!("{out}");
    Ok(out)
}

/// The state hash the firmware prints.
pub(super) fn printed_hash(out: &str) -> Result<u64, String> {
    out.lines()
        .find_map(|l| l.strip_prefix("state hash "))
        .and_then(|h| u64::from_str_radix(h.trim(), 16).ok())
        .ok_or_else(|| "the firmware printed no state hash".to_string())
}

/// The host's end of the same run: the bot plays `seed` as `class` to the
/// end, or until `turns`.
pub(super) fn host_hash(seed: u32, class: Class, turns: Option<u32>) -> u64 {
    let mut game = Game::new_run(seed, class);
    let mut bot = amulets_core::bot::Bot::new();
    while turns.is_none_or(|t| game.turn() < t) && bot.play_one(&mut game) {}
    amulets_core::replay::state_hash(&game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_read_from_what_the_firmware_printed() {
        let out = "amulets on QEMU\nfloor 2 at turn 140\nstate hash 00c0ffee12345678\n";
        assert_eq!(printed_hash(out), Ok(0x00c0_ffee_1234_5678));
        assert!(printed_hash("state hash nothex\n").is_err());
        assert!(printed_hash("the firmware stopped\n").is_err());
    }

    #[test]
    fn the_host_plays_the_same_run_to_the_same_hash() {
        let a = host_hash(42, Class::Fighter, Some(30));
        assert_eq!(a, host_hash(42, Class::Fighter, Some(30)));
        assert_ne!(
            a,
            host_hash(43, Class::Fighter, Some(30)),
            "the seed counts"
        );
    }
}
