//! The real `amulets-tui` binary: `gen` prints, and bad arguments (to
//! `gen` and to the game: a `--seed` that is not a number, a class that
//! is none) print usage and exit with 2.

use std::process::Command;

fn amulets_tui(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_amulets-tui"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn gen_caves_prints_a_cave() {
    let out = amulets_tui(&["gen", "caves", "--seed", "42"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().take(36).collect();
    assert!(
        rows.iter()
            .all(|r| r.len() == 64 && r.chars().all(|c| c == '#' || c == ':'))
    );
    assert!(text.contains("seed 42: 12 areas"), "{text}");
}

#[test]
fn bad_arguments_print_usage_and_exit_2() {
    for args in [
        &["gen", "--bogus"][..],
        &["gen", "lava"],
        &["gen", "rooms", "--seed", "-3"],
        &["gen", "rooms", "-v"],
        &["gen", "--floor", "10"],
        &["gen", "grid", "-w", "99"],
        // A word alone is a seed, as the book reads one (no number: a
        // random seed); two are one too many.
        &["frobnicate", "again"],
        &["--seed", "hello"],
        &["--seed", "-1"],
        &["--seed", "4294967296"],
        &["7", "--seed", "8"],
        &["--class", "bard"],
        &["--bogus"],
    ] {
        let out = amulets_tui(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("Usage:") || err.contains("--help"),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
