//! The real binary in a real terminal (tmux): it draws the game for
//! `--seed 42`, explores on `o`, quits from the menu, and leaves the
//! terminal as it found it (no alternate screen, no mouse reporting, the
//! line discipline back in cooked mode with echo). CI installs tmux; a
//! machine without it fails this test with that reason.

use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux")
        .args(args)
        .output()
        .expect("tmux is installed (apt-get install tmux)");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

struct Session(String);

impl Drop for Session {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.0])
            .output();
    }
}

impl Session {
    /// A new tmux session running a plain bash, 110 x 42.
    fn start(prefix: &str) -> Session {
        let session = Session(format!("{prefix}-{}", std::process::id()));
        tmux(&[
            "new-session",
            "-d",
            "-s",
            &session.0,
            "-x",
            "110",
            "-y",
            "42",
            "bash --norc --noprofile",
        ]);
        session
    }

    /// Types a command line and Enter.
    fn type_line(&self, line: &str) {
        tmux(&["send-keys", "-t", &self.0, line, "Enter"]);
    }

    /// Checks the terminal's settings now against `/tmp/<name>.before`,
    /// written by `stty -a` before the game started.
    fn assert_settings_restored(&self) {
        let s = self.0.as_str();
        self.type_line(&format!("stty -a > /tmp/{s}.after; echo do\"\"ne-$?"));
        wait_for(s, "done-0");
        let before = std::fs::read_to_string(format!("/tmp/{s}.before")).unwrap();
        let after = std::fs::read_to_string(format!("/tmp/{s}.after")).unwrap();
        let _ = std::fs::remove_file(format!("/tmp/{s}.before"));
        let _ = std::fs::remove_file(format!("/tmp/{s}.after"));
        assert_eq!(before, after, "the terminal's settings changed");
        assert!(
            after.contains(" icanon") && after.contains(" echo"),
            "{after}"
        );
    }
}

fn screen(s: &str) -> String {
    tmux(&["capture-pane", "-p", "-t", s])
}

/// Waits until the screen shows `text`, or fails after a few seconds.
fn wait_for(s: &str, text: &str) -> String {
    let start = Instant::now();
    loop {
        let now = screen(s);
        if now.contains(text) {
            return now;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "never saw {text:?}:\n{now}"
        );
        sleep(Duration::from_millis(100));
    }
}

#[test]
fn plays_in_a_terminal_and_puts_it_back() {
    let session = Session::start("amulets-e2e");
    let s = session.0.as_str();
    let bin = env!("CARGO_BIN_EXE_amulets-tui");
    tmux(&[
        "send-keys",
        "-t",
        s,
        &format!(
            "stty -a > /tmp/{s}.before; {bin} --seed 42 --class fighter --save-dir /tmp/{s}-saves"
        ),
        "Enter",
    ]);
    let first = wait_for(s, "Seed 42");
    assert!(first.contains('@'), "{first}");
    assert!(first.contains("Floor 1 of 9 (rooms)"));
    assert_eq!(
        tmux(&[
            "display",
            "-p",
            "-t",
            s,
            "#{alternate_on} #{mouse_any_flag}"
        ])
        .trim(),
        "1 1",
        "the game's modes"
    );

    // Exploring opens the first door and stops when the first jackal
    // comes into view.
    tmux(&["send-keys", "-t", s, "o"]);
    let explored = wait_for(s, "You see a jackal.");
    assert!(explored.contains("You open the door."), "{explored}");
    assert!(!explored.contains("Turn 0"), "{explored}");

    // Esc, then q: quit without saving.
    tmux(&["send-keys", "-t", s, "Escape"]);
    wait_for(s, "quit without saving");
    tmux(&["send-keys", "-t", s, "q"]);
    let start = Instant::now();
    while tmux(&["display", "-p", "-t", s, "#{alternate_on}"]).trim() != "0" {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the alternate screen stayed on"
        );
        sleep(Duration::from_millis(100));
    }
    assert_eq!(
        tmux(&["display", "-p", "-t", s, "#{mouse_any_flag}"]).trim(),
        "0",
        "mouse reporting left on"
    );
    session.assert_settings_restored();
}

#[test]
fn a_panic_puts_the_terminal_back_and_then_says_why() {
    let session = Session::start("amulets-panic");
    let s = session.0.as_str();
    let bin = env!("CARGO_BIN_EXE_amulets-tui");
    tmux(&[
        "send-keys",
        "-t",
        s,
        &format!(
            "stty -a > /tmp/{s}.before; AMULETS_TUI_TEST_PANIC=1 {bin} --seed 3 --class rogue --save-dir /tmp/{s}-saves; echo ex\"\"it-$?"
        ),
        "Enter",
    ]);
    // The quotes keep the typed command from matching what it prints.
    let after_panic = wait_for(s, "exit-1");
    assert!(
        after_panic.contains("panics here on purpose"),
        "{after_panic}"
    );
    assert!(
        !after_panic.contains("exit-0"),
        "a panic exits with an error: {after_panic}"
    );
    assert_eq!(
        tmux(&[
            "display",
            "-p",
            "-t",
            s,
            "#{alternate_on} #{mouse_any_flag}"
        ])
        .trim(),
        "0 0"
    );
    session.assert_settings_restored();
}

#[test]
fn a_recorded_run_replays_to_the_same_end() {
    let session = Session::start("amulets-record");
    let s = session.0.as_str();
    let file = format!("/tmp/{s}.replay");
    let bin = env!("CARGO_BIN_EXE_amulets-tui");
    tmux(&[
        "send-keys",
        "-t",
        s,
        &format!("{bin} --seed 5 --class wizard --save-dir /tmp/{s}-saves --record {file}"),
        "Enter",
    ]);
    wait_for(s, "Seed 5");
    for key in ["o", "l", "j", "s", "."] {
        tmux(&["send-keys", "-t", s, key]);
        sleep(Duration::from_millis(300));
    }
    // Esc stops whatever runs, or opens the menu; press it until the menu
    // shows.
    let start = Instant::now();
    while !screen(s).contains("quit without saving") {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the menu never opened:\n{}",
            screen(s)
        );
        tmux(&["send-keys", "-t", s, "Escape"]);
        sleep(Duration::from_millis(400));
    }
    tmux(&["send-keys", "-t", s, "q"]);
    wait_for(s, "recorded ");
    let out = Command::new(bin).args(["replay", &file]).output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("as recorded"), "{said}");
    let _ = std::fs::remove_file(&file);
}
