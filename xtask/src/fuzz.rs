//! `cargo xtask fuzz [--seconds N]`: builds the libFuzzer targets in `fuzz/`
//! (on the stable compiler, with sanitizer-coverage passes) and runs each
//! for N seconds (60 by default): `save_read` (any bytes as a save) from a
//! corpus of real saves, and `actions` (random keys and command steps
//! against a run, the invariants checked after each). A crash fails it.

use crate::sh;
use crate::tools::{self, Need};
use amulets_core::bot::Bot;
use amulets_core::game::Game;
use amulets_core::player::Class;
use anyhow::{Result, anyhow};
use std::time::Duration;

const FLAGS: &str = "-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
    -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
    -Cllvm-args=-sanitizer-coverage-trace-compares";
const HOST: &str = "x86_64-unknown-linux-gnu";

/// Builds the fuzzers, then runs each for `seconds`.
pub fn run(seconds: u64) -> Result<()> {
    // libfuzzer-sys builds libFuzzer, which is C++.
    tools::ensure_programs(&[Need {
        program: "g++",
        package: "g++",
        backports: false,
    }])?;
    let root = sh::root();
    let target_dir = root.join("target/fuzz");
    let mut build = sh::cmd(
        &sh::cargo(),
        &["build", "--release", "--target", HOST, "--target-dir"],
    );
    build
        .arg(&target_dir)
        .current_dir(root.join("fuzz"))
        .env("RUSTFLAGS", FLAGS);
    sh::run(build)?;

    // A corpus of real saves to start from: bot runs at a few points.
    let corpus = root.join("target/fuzz-corpus");
    let saves = corpus.join("save_read");
    std::fs::create_dir_all(&saves)?;
    for (i, class) in Class::ALL.into_iter().enumerate() {
        let mut game = Game::new_run(i as u32 + 1, class);
        let mut bot = Bot::new();
        for step in 0..600 {
            if game.command_running() {
                game.step_command();
            } else if let Some(a) = bot.next_action(&game) {
                game.act(a);
            }
            if step % 200 == 0 {
                let mut text = String::new();
                game.write_save(&mut text)?;
                std::fs::write(saves.join(format!("{}-{step}.txt", class.name())), text)?;
            }
        }
    }
    std::fs::create_dir_all(corpus.join("actions"))?;

    for target in ["save_read", "actions"] {
        let bin = target_dir.join(HOST).join("release").join(target);
        let mut c = std::process::Command::new(&bin);
        c.arg(format!("-max_total_time={seconds}"))
            .arg("-max_len=8192")
            .arg(format!("-artifact_prefix={}/", corpus.display()))
            .arg(corpus.join(target));
        sh::run_with_limit(c, Duration::from_secs(seconds + 120))
            .map_err(|e| anyhow!("fuzzing {target}: {e}"))?;
    }
    println!("fuzz: {seconds} s of each target, no crash");
    Ok(())
}
