//! `cargo xtask determinism`: the same seed must build the same dungeon on
//! every machine. The core's tests and the golden comparison run on 32-bit
//! x86 (i686), on WebAssembly (wasm32-wasip1 under Node's WASI), on a
//! big-endian machine (s390x under qemu-user: the tests that pin bytes,
//! `BYTES_PINNED`), and on a Cortex-M4 (thumbv7em under QEMU's mps2-an386,
//! through semihosting); the host's (x86_64) ran in `ci`'s tests stage.
//! First it records 200 runs of the bot here (`replays::write_ci`, not
//! committed), and every target plays them to each of their points and
//! their end: all 200 on i686 and wasm32, 5 on s390x and on each board
//! QEMU runs, the Cortex-M4 (compiled in) and the Cortex-M3 (read from the
//! host through semihosting: they do not fit its flash).

use crate::sh;
use crate::tools::{self, Need};
use anyhow::{Context, Result, anyhow};
use std::time::{Duration, Instant};

/// The hosted targets whose test binaries run under a runner.
const HOSTED: [&str; 3] = [
    "i686-unknown-linux-gnu",
    "s390x-unknown-linux-gnu",
    "wasm32-wasip1",
];
const THUMB: &str = "thumbv7em-none-eabihf";

/// The tests run on the big-endian machine, emulated by qemu-user at a
/// tenth of the speed: the core's own, and those that pin bytes and
/// hashes (the golden floors, the replays, the save codec, the dice). The
/// other suites (whole bot runs, the soak, the generators' properties) run
/// on i686 and wasm32 at native speed; under emulation they took 220 s of
/// the 411 (2026-12-06).
const BYTES_PINNED: [&str; 9] = [
    "--lib", "--test", "golden", "--test", "replays", "--test", "saves", "--test", "dice",
];

const NEEDS: [Need; 9] = [
    Need {
        program: "i686-linux-gnu-gcc",
        package: "gcc-i686-linux-gnu",
        backports: false,
    },
    Need {
        program: "/usr/i686-linux-gnu/lib/crt1.o",
        package: "libc6-dev-i386-cross",
        backports: false,
    },
    Need {
        program: "/usr/i686-linux-gnu/lib/libgcc_s.so.1",
        package: "libgcc-s1-i386-cross",
        backports: false,
    },
    // The 32-bit loader, so i686 test binaries run natively.
    Need {
        program: "/lib/ld-linux.so.2",
        package: "libc6-i386",
        backports: false,
    },
    Need {
        program: "s390x-linux-gnu-gcc",
        package: "gcc-s390x-linux-gnu",
        backports: false,
    },
    Need {
        program: "/usr/s390x-linux-gnu/lib/crt1.o",
        package: "libc6-dev-s390x-cross",
        backports: false,
    },
    Need {
        program: "qemu-s390x",
        package: "qemu-user",
        backports: true,
    },
    Need {
        program: "qemu-system-arm",
        package: "qemu-system-arm",
        backports: true,
    },
    Need {
        program: "node",
        package: "nodejs",
        backports: false,
    },
];

/// Node's WASI as the installed Node needs it: from Node 20 it is there as
/// it is; Node 18 (Debian 12's) keeps it behind a flag; older ones lack
/// parts the runner uses.
fn node_wasi_flag() -> Result<&'static str> {
    let version = sh::output(sh::cmd("node", &["--version"]))?;
    let major: u32 = version
        .trim()
        .trim_start_matches('v')
        .split('.')
        .next()
        .and_then(|m| m.parse().ok())
        .with_context(|| format!("node printed {version:?} for its version"))?;
    match major {
        0..=17 => Err(anyhow!(
            "node {} is too old for the wasm32 runs: Node 18 (Debian 12's) or newer is needed",
            version.trim()
        )),
        18 | 19 => Ok("--experimental-wasi-unstable-preview1 "),
        _ => Ok(""),
    }
}

/// The runs CI recorded into `replays`, played on `target` to every point
/// and end (200; 5 under qemu-user): what was played, and how long it took.
fn recorded_runs_on(
    target: &str,
    replays: &std::path::Path,
    runner: &str,
) -> Result<(&'static str, Duration)> {
    let start = Instant::now();
    let (count, what) = if target.starts_with("s390x") {
        (5, "5 recorded runs")
    } else {
        (crate::replays::CI_RUNS, "200 recorded runs")
    };
    let mut c = sh::cmd(
        &sh::cargo(),
        &[
            "test",
            "-p",
            "amulets-tests",
            "--test",
            "ci_replays",
            "--target",
            target,
            "--",
            "--ignored",
            "--nocapture",
        ],
    );
    c.env("CARGO_TARGET_WASM32_WASIP1_RUNNER", runner)
        .env("AMULETS_CI_REPLAYS", replays)
        .env("AMULETS_CI_REPLAYS_COUNT", count.to_string());
    sh::run(c).map_err(|e| anyhow!("the recorded runs on {target}: {e}"))?;
    Ok((what, start.elapsed()))
}

/// The core's tests on each hosted target (the host's own ran in the
/// tests stage, `cargo test --workspace`), then the recorded runs.
fn hosted(
    replays: &std::path::Path,
    runner: &str,
    table: &mut Vec<(&'static str, &'static str, Duration)>,
) -> Result<()> {
    let cargo = sh::cargo();
    for target in HOSTED {
        let start = Instant::now();
        let mut args = vec![
            "test",
            "-p",
            "amulets-core",
            "-p",
            "amulets-tests",
            "--target",
            target,
        ];
        if target.starts_with("s390x") {
            args.extend(BYTES_PINNED);
        }
        let mut c = sh::cmd(&cargo, &args);
        c.env("CARGO_TARGET_WASM32_WASIP1_RUNNER", runner);
        sh::run(c).map_err(|e| anyhow!("determinism on {target}: {e}"))?;
        let what = if target.starts_with("s390x") {
            "core, golden, replays, saves"
        } else {
            "core tests, golden, replays"
        };
        table.push((target, what, start.elapsed()));
        let (what, took) = recorded_runs_on(target, replays, runner)?;
        table.push((target, what, took));
    }

    Ok(())
}

pub fn run() -> Result<()> {
    let mut targets: Vec<&str> = HOSTED.to_vec();
    targets.push(THUMB);
    tools::ensure_rust_targets(&targets)?;
    tools::ensure_programs(&NEEDS)?;

    let cargo = sh::cargo();
    let runner = format!(
        "node --no-warnings {}{}",
        node_wasi_flag()?,
        sh::root().join("xtask/wasi-run.mjs").display()
    );
    let mut table = Vec::new();
    // Whole runs the bot plays, recorded here (x86_64) for the others.
    let start = Instant::now();
    let replays = sh::target_dir().join("ci-replays");
    crate::replays::write_ci(&replays)?;
    table.push((
        "x86_64-unknown-linux-gnu",
        "200 bot runs recorded",
        start.elapsed(),
    ));
    hosted(&replays, &runner, &mut table)?;

    let start = Instant::now();
    let mut c = sh::cmd(
        &cargo,
        &[
            "run",
            "--release",
            "-p",
            "amulets-thumb-check",
            "--target",
            THUMB,
        ],
    );
    // With the first 5 of the runs recorded above compiled in.
    c.env("AMULETS_CI_REPLAYS", &replays)
        .env("AMULETS_CI_REPLAYS_COUNT", "5");
    sh::run_with_limit(c, Duration::from_secs(600))
        .map_err(|e| anyhow!("determinism on {THUMB}: {e}"))?;
    table.push((THUMB, "golden, replays, 5 recorded runs", start.elapsed()));

    let start = Instant::now();
    let m3 =
        amulets_checks::boards::lm3s_check().map_err(|e| anyhow!("determinism on the M3: {e}"))?;
    table.push((
        amulets_checks::boards::M3,
        "3 bot runs on QEMU lm3s6965evb",
        start.elapsed(),
    ));

    let start = Instant::now();
    let m3_replays = amulets_checks::boards::lm3s_replays(&replays, 5)
        .map_err(|e| anyhow!("determinism on the M3: {e}"))?;
    table.push((
        amulets_checks::boards::M3,
        "5 recorded runs, from the host",
        start.elapsed(),
    ));

    println!("\ndeterminism: every target builds the same dungeons");
    println!("{:<28} {:<30} {:>8}", "target", "checked", "seconds");
    for (target, what, time) in table {
        println!("{target:<28} {what:<30} {:>8.1}", time.as_secs_f64());
    }
    println!("the M3's whole runs, each ending on the host's state hash:\n{m3}");
    println!("the M3's share of the recorded runs, each as on the host:\n{m3_replays}");
    Ok(())
}
