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

#[test]
fn replay_says_in_words_whether_it_is_no_replay_or_diverged() {
    let dir = std::env::temp_dir().join(format!("amulets-cli-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let recorded = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/replays/rogue-42.txt");
    let text = std::fs::read_to_string(recorded).unwrap();
    assert_eq!(amulets_tui(&["replay", recorded]).status.code(), Some(0));
    // No replay at all: 2, as for any bad input.
    let junk = dir.join("junk.txt");
    std::fs::write(&junk, "not a replay\n").unwrap();
    let out = amulets_tui(&["replay", junk.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("it is no replay"), "{err}");
    // A replay whose end is not where it says: 1, said for a person.
    let diverged = dir.join("diverged.txt");
    let (body, _) = text.trim_end().rsplit_once('\n').unwrap();
    std::fs::write(&diverged, format!("{body}\nhash 0000000000000001\n")).unwrap();
    let out = amulets_tui(&["replay", diverged.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("not the 0000000000000001 it recorded"),
        "{err}"
    );
    assert!(!err.contains("Diverged {"), "{err}");
    // A replay with one action changed in the middle: 1, and where it split.
    let split = dir.join("split.txt");
    let lines: Vec<&str> = text.lines().collect();
    let middle = lines.len() / 2
        + lines[lines.len() / 2..]
            .iter()
            .position(|l| l.starts_with("move "))
            .unwrap();
    let mut edited = lines.clone();
    edited[middle] = "search";
    std::fs::write(&split, edited.join("\n") + "\n").unwrap();
    let out = amulets_tui(&["replay", split.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains(": Differs by turn "), "{err}");
    assert!(err.contains("; the last action was "), "{err}");
    // A file that is not there: 2.
    let out = amulets_tui(&["replay", dir.join("none.txt").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_recording_into_a_missing_folder_is_refused_before_the_save_is_touched() {
    let dir = std::env::temp_dir().join(format!("amulets-cli-record-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let record = dir.join("no-such-folder").join("run.txt");
    let out = Command::new(env!("CARGO_BIN_EXE_amulets-tui"))
        .args(["--class", "rogue", "--save-dir"])
        .arg(dir.join("saves"))
        .arg("--record")
        .arg(&record)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("there is no folder"), "{err}");
    assert!(!dir.join("saves").exists(), "the save was never claimed");
}
