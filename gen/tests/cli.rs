//! The real `amulets-gen` binary: it prints dungeons, and bad arguments
//! print usage and exit with 2.

use std::process::Command;

fn amulets_gen(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_amulets-gen"))
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn caves_print_a_cave() {
    let out = amulets_gen(&["caves", "--seed", "42"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = text.lines().take(36).collect();
    assert!(
        rows.iter()
            .all(|r| r.len() == 64 && r.chars().all(|c| c == '#' || c == ':'))
    );
    // The book's chapter 18: "with seed 42, the biggest cave: 684 cells".
    assert!(
        text.contains("cave of 684 cells, made in 1 tries"),
        "{text}"
    );
    assert!(text.contains("seed 42: 7 areas"), "{text}");
    let xorshift = amulets_gen(&["caves", "--seed", "42", "--dice", "xorshift"]);
    let text = String::from_utf8(xorshift.stdout).unwrap();
    assert!(text.contains("seed 42: 12 areas"), "{text}");
}

#[test]
fn bad_arguments_print_usage_and_exit_2() {
    for args in [
        &["--bogus"][..],
        &["lava"],
        &["rooms", "--seed", "-3"],
        &["rooms", "-v"],
        &["--floor", "10"],
        &["grid", "-w", "99"],
        &["rooms", "--dice", "loaded"],
    ] {
        let out = amulets_gen(args);
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
fn a_floor_of_a_run_is_printed() {
    let out = amulets_gen(&["--seed", "42", "--floor", "4"]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        text.lines().take(36).filter(|r| r.len() == 64).count(),
        36,
        "{text}"
    );
}

#[test]
fn the_help_gives_the_gh_sizes_that_are_taken_and_no_others() {
    let out = amulets_gen(&["--help"]);
    let help = String::from_utf8(out.stdout).unwrap();
    // "gh: the map's width (40 to 200)": the range the help gives, read back.
    let range = |what: &str| -> (u32, u32) {
        let at = help.find(&format!("gh: the map's {what} (")).expect(what);
        let rest = &help[at..];
        let inner = &rest[rest.find('(').unwrap() + 1..rest.find(')').unwrap()];
        let (low, high) = inner.split_once(" to ").expect(inner);
        (low.parse().unwrap(), high.parse().unwrap())
    };
    let (w, h) = (range("width"), range("height"));
    let gh = |w: u32, h: u32| {
        amulets_gen(&[
            "gh",
            "--seed",
            "3",
            "-w",
            &w.to_string(),
            "-h",
            &h.to_string(),
        ])
    };
    for (x, y) in [(w.0, h.0), (w.1, h.1)] {
        let out = gh(x, y);
        assert!(
            out.status.success(),
            "{x} x {y}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        assert_eq!(text.lines().next().unwrap().len(), x as usize);
    }
    for (x, y) in [
        (w.0 - 1, h.0),
        (w.1 + 1, h.1),
        (w.0, h.0 - 1),
        (w.1, h.1 + 1),
    ] {
        let out = gh(x, y);
        assert_eq!(out.status.code(), Some(2), "{x} x {y}");
        let err = String::from_utf8(out.stderr).unwrap();
        let said = format!("{} to {} wide and {} to {} high", w.0, w.1, h.0, h.1);
        assert!(err.contains(&said), "{x} x {y}: {err}");
    }
}
