//! A firmware run whole on a QEMU board with semihosting, its output
//! read back, and the state hash it prints.

use crate::sh;
use anyhow::{Context, Result};
use std::path::Path;

/// Runs an ELF on a QEMU board with semihosting, in `dir`; what it printed.
pub fn run(machine: &str, cpu: &str, elf: &Path, dir: &Path, icount: bool) -> Result<String> {
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
    let out = sh::output(c).with_context(|| {
        format!("no end in {limit} s: a firmware that overflows its stack locks up")
    })?;
    print!("{out}");
    Ok(out)
}

/// The state hash the firmware prints.
pub fn printed_hash(out: &str) -> Result<u64> {
    out.lines()
        .find_map(|l| l.strip_prefix("state hash "))
        .and_then(|h| u64::from_str_radix(h.trim(), 16).ok())
        .context("the firmware printed no state hash")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_read_from_what_the_firmware_printed() {
        let out = "amulets on QEMU\nfloor 2 at turn 140\nstate hash 00c0ffee12345678\n";
        assert_eq!(printed_hash(out).unwrap(), 0x00c0_ffee_1234_5678);
        assert!(printed_hash("state hash nothex\n").is_err());
        assert!(printed_hash("the firmware stopped\n").is_err());
    }
}
