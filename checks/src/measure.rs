//! What the bench and the frame's tables both measure with: criterion's
//! estimates read back, and callgrind's count of instructions over
//! `benches/examples/profile.rs`. Its own module, so `bench` (which prints
//! the frame's tables) and `frames` (which counts with callgrind) each use
//! it, and neither the other's.

use amulets_rigs::sh;
use anyhow::{Context, Result, anyhow};
use std::path::Path;

/// The median and the ends of criterion's 95% interval for it: (lower,
/// median, upper), in nanoseconds.
pub fn median_interval(dir: &Path) -> Option<(f64, f64, f64)> {
    let text = std::fs::read_to_string(dir.join("new/estimates.json")).ok()?;
    let at = text.find("\"median\"")?;
    let rest = &text[at..];
    let number = |key: &str| -> Option<f64> {
        let p = rest.find(key)? + key.len();
        let end = rest[p..].find([',', '}'])?;
        rest[p..p + end].trim().parse().ok()
    };
    Some((
        number("\"lower_bound\":")?,
        number("\"point_estimate\":")?,
        number("\"upper_bound\":")?,
    ))
}

/// Valgrind, and `benches/examples/profile.rs` built: the program.
pub fn profile() -> Result<std::path::PathBuf> {
    amulets_rigs::tools::ensure_programs(&[amulets_rigs::tools::VALGRIND])?;
    sh::run(sh::cmd(
        &sh::cargo(),
        &[
            "build",
            "--release",
            "-p",
            "amulets-benches",
            "--example",
            "profile",
        ],
    ))?;
    Ok(sh::root().join("target/release/examples/profile"))
}

/// The instructions `benches/examples/profile.rs` runs for `what` over
/// `rounds` rounds (callgrind's count), only those inside functions whose
/// names match `inside` when it is given.
pub fn callgrind(exe: &Path, what: &str, rounds: u32, inside: Option<&str>) -> Result<f64> {
    let toggle = inside.map(|f| format!("--toggle-collect={f}"));
    let mut c = sh::cmd(
        "valgrind",
        &["--tool=callgrind", "--callgrind-out-file=/dev/null"],
    );
    c.args(&toggle)
        .arg(exe)
        .arg(what)
        .env("PROFILE_ROUNDS", rounds.to_string());
    let out = c.output().map_err(|e| anyhow!("valgrind: {e}"))?;
    let text = String::from_utf8_lossy(&out.stderr);
    text.lines()
        .find_map(|l| l.split("Collected :").nth(1))
        .and_then(|n| n.trim().parse().ok())
        .with_context(|| format!("callgrind printed no count for {what}:\n{text}"))
}
