//! The real `amulets-tui` binary: bad arguments (a `--seed` that is not a
//! number, a class that is none) print usage and exit with 2, and `gen`
//! is not the game's any more (`amulets-gen` prints dungeons).

use std::process::Command;

fn amulets_tui(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_amulets-tui"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn bad_arguments_print_usage_and_exit_2() {
    for args in [
        // A word alone is a seed, as the book reads one (no number: a
        // random seed); two are one too many.
        &["frobnicate", "again"][..],
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

#[test]
fn gen_is_no_command_of_the_game() {
    // A word alone is a seed, so `gen caves` is two words: one too many.
    let out = amulets_tui(&["gen", "caves"]);
    assert_eq!(out.status.code(), Some(2));
}
