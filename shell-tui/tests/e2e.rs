//! The real binary in a real terminal (tmux): it draws the game for
//! `--seed 42`, explores on `o`, quits from the menu, and leaves the
//! terminal as it found it (no alternate screen, no mouse reporting, the
//! line discipline back in cooked mode with echo). Saved runs are never
//! lost: a class given with a save present asks first, a hangup saves, a
//! second game at once does not write. CI installs tmux; a machine without
//! it fails this test with that reason.
//!
//! `AMULETS_TUI_BIN` runs another build of the game (an older one, to show
//! a test failing there).

use amulets_core::game::Game;
use amulets_core::hash::Fnv1a;
use amulets_core::input::Key;
use amulets_core::player::Class;
use amulets_play::session::{Session, Start};
use amulets_play::store::SaveText;
use std::path::{Path, PathBuf};
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

struct Tmux(String);

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["kill-session", "-t", &self.0])
            .output();
    }
}

/// The game's binary: this build's, or `AMULETS_TUI_BIN`.
fn game_bin() -> String {
    std::env::var("AMULETS_TUI_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_amulets-tui").into())
}

impl Tmux {
    /// A new tmux session running a plain bash, 110 x 42.
    fn start(prefix: &str) -> Tmux {
        let session = Tmux(format!("{prefix}-{}", std::process::id()));
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
    let session = Tmux::start("amulets-e2e");
    let s = session.0.as_str();
    let bin = game_bin();
    // A folder of its own, emptied first: a process id is used again, and
    // a save left by an older run would ask about itself.
    let saves = scratch("plays");
    tmux(&[
        "send-keys",
        "-t",
        s,
        &format!(
            "stty -a > /tmp/{s}.before; {bin} --seed 42 --class fighter --save-dir {}",
            saves.display()
        ),
        "Enter",
    ]);
    let first = wait_for(s, "Seed 42");
    assert!(first.contains('@'), "{first}");
    assert!(!first.contains("(xorshift)"), "the book's dice: {first}");
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

    // Chapter 23's checkpoint, typed into a real terminal: o walks to the
    // door, opens it, steps through, and stops for the giant white rat
    // asleep in the room below (tests/tests/book_23.rs plays it in the core).
    tmux(&["send-keys", "-t", s, "o"]);
    let explored = wait_for(s, "You see a giant white rat.");
    assert!(explored.contains("You open the door."), "{explored}");
    assert!(!explored.contains("Turn 0"), "{explored}");
    // The rat seen, a key after it is the player's, not typed ahead.
    sleep(SEEN);

    // Esc, then q: quit without saving.
    tmux(&["send-keys", "-t", s, "Escape"]);
    wait_for(s, "quit without saving");
    tmux(&["send-keys", "-t", s, "q"]);
    wait_for(s, "Quit without saving?");
    tmux(&["send-keys", "-t", s, "y"]);
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
    let _ = std::fs::remove_dir_all(&saves);
}

#[test]
fn a_panic_saves_the_run_puts_the_terminal_back_and_then_says_why() {
    let session = Tmux::start("amulets-panic");
    let s = session.0.as_str();
    let bin = game_bin();
    let saves = scratch("panic");
    tmux(&[
        "send-keys",
        "-t",
        s,
        &format!(
            "stty -a > /tmp/{s}.before; AMULETS_TUI_TEST_PANIC=5 {bin} --seed 3 --class rogue --save-dir {}; echo ex\"\"it-$?",
            saves.display()
        ),
        "Enter",
    ]);
    wait_for(s, "Seed 3");
    // Five waits: the game panics at the frame of turn 5, long before its
    // next autosave, with the save of its arrival at turn 0.
    keys(s, &[".", ".", ".", ".", "."]);
    // The quotes keep the typed command from matching what it prints.
    let after_panic = wait_for(s, "exit-101");
    assert!(
        after_panic.contains("panics here on purpose"),
        "{after_panic}"
    );
    assert!(
        after_panic.contains("The run was saved at turn 5"),
        "{after_panic}"
    );
    let saved = Game::read_save(
        &std::fs::read_to_string(saves.join(amulets_desktop::store::SAVE)).unwrap(),
    )
    .unwrap();
    assert_eq!((saved.seed(), saved.turn()), (3, 5), "saved where it was");
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
    let _ = std::fs::remove_dir_all(&saves);
}

#[test]
fn a_recorded_run_replays_to_the_same_end() {
    let session = Tmux::start("amulets-record");
    let s = session.0.as_str();
    let file = format!("/tmp/{s}.replay");
    let bin = game_bin();
    let saves = scratch("record");
    tmux(&[
        "send-keys",
        "-t",
        s,
        &format!(
            "{bin} --seed 5 --class wizard --save-dir {} --record {file}",
            saves.display()
        ),
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
    wait_for(s, "Quit without saving?");
    tmux(&["send-keys", "-t", s, "y"]);
    wait_for(s, "recorded ");
    let out = Command::new(&bin).args(["replay", &file]).output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("as recorded"), "{said}");
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_dir_all(&saves);
}

/// An empty scratch directory for saves.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("amulets-e2e-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A command line that runs the game with its pid in `pid_file` (the shell
/// writes its own pid, then becomes the game).
fn with_pid(pid_file: &Path, game: &str) -> String {
    format!("bash -c 'echo $$ > {}; exec {game}'", pid_file.display())
}

/// Sends a signal to the game whose pid is in `pid_file` (bash's own
/// `kill`: a bare system may have no `/bin/kill`).
fn signal(pid_file: &Path, name: &str) {
    let pid = std::fs::read_to_string(pid_file).expect("the game wrote its pid");
    let sent = Command::new("bash")
        .args(["-c", &format!("kill -{name} {}", pid.trim())])
        .status()
        .expect("bash runs");
    assert!(sent.success(), "kill -{name} {pid}");
}

/// Waits until the pane's shell runs nothing: the game has ended.
fn wait_for_exit(s: &str) {
    let start = Instant::now();
    while tmux(&["display", "-p", "-t", s, "#{alternate_on}"]).trim() != "0" {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the game did not end:\n{}",
            screen(s)
        );
        sleep(Duration::from_millis(100));
    }
}

/// Long enough after a key for what it brought to be seen: past the
/// session's gate for keys typed ahead of something new.
const SEEN: Duration = Duration::from_millis(
    amulets_play::session::TYPED_AHEAD_MS + amulets_play::session::BURST_MS + 100,
);

/// Types keys into the game one at a time, giving each time to be drawn
/// and seen: a beat longer than a key typed ahead of what the last one
/// brought (`TYPED_AHEAD_MS`, `BURST_MS`), which would be dropped.
fn keys(s: &str, keys: &[&str]) {
    for k in keys {
        tmux(&["send-keys", "-t", s, k]);
        sleep(SEEN);
    }
}

fn hash_of_file(path: &Path) -> u64 {
    let mut h = Fnv1a::new();
    h.bytes(&std::fs::read(path).unwrap());
    h.finish()
}

#[test]
fn a_class_given_with_a_save_present_asks_and_no_leaves_the_file_alone() {
    let saves = scratch("ask");
    let file = saves.join(amulets_desktop::store::SAVE);
    std::fs::write(
        &file,
        SaveText(&Game::new_run(5, Class::Fighter)).to_string(),
    )
    .unwrap();
    let before = std::fs::read(&file).unwrap();
    let session = Tmux::start("amulets-ask");
    let s = session.0.as_str();
    let bin = game_bin();
    let run = format!(
        "{bin} --seed 42 --class rogue --save-dir {}",
        saves.display()
    );
    session.type_line(&run);
    wait_for(s, "Abandon the saved Fighter on floor 1, turn 0? (y or n)");
    keys(s, &["n"]);
    wait_for(s, "continue the saved run");
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "the save is unchanged"
    );
    keys(s, &["Escape"]);
    wait_for_exit(s);
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "and after the game ends"
    );

    // Yes: the new run, saved on its arrival on floor 1.
    session.type_line(&run);
    wait_for(s, "Abandon the saved Fighter");
    keys(s, &["y"]);
    wait_for(s, "Floor 1 of 9");
    let saved = Game::read_save(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!((saved.seed(), saved.player().class), (42, Class::Rogue));
    keys(s, &["Escape", "q", "y"]);
    wait_for_exit(s);
    let _ = std::fs::remove_dir_all(&saves);
}

/// The keys played before the hangup: steps, a search, a wait (nothing that
/// runs on a clock, so the run is the same however fast they come).
const BEFORE_HANGUP: [&str; 8] = ["l", "l", "j", "s", "h", ".", "k", "l"];

fn as_key(k: &str) -> Key {
    Key::Char(k.chars().next().unwrap())
}

/// A game of seed 42's Rogue started from the pane's shell with its pid
/// in `saves/game.pid`, and `BEFORE_HANGUP` typed into it.
fn a_rogue_playing(prefix: &str, saves: &Path) -> (Tmux, PathBuf) {
    let session = Tmux::start(prefix);
    let pid = saves.join("game.pid");
    let game = format!(
        "{} --seed 42 --class rogue --save-dir {}",
        game_bin(),
        saves.display()
    );
    session.type_line(&with_pid(&pid, &game));
    wait_for(&session.0, "Seed 42");
    keys(&session.0, &BEFORE_HANGUP);
    (session, pid)
}

/// The same run and keys in-process, with no store: what the game in the
/// terminal must have reached, worked out without its files.
fn the_rogue_here() -> amulets_desktop::DesktopSession {
    let start = Start {
        seed: Some(42),
        class: Some(Class::Rogue),
        ..Start::default()
    };
    let mut here = Session::new(
        amulets_play::store::Kept::Nowhere,
        None,
        (|| 1) as fn() -> u32,
        start,
    );
    let mut now = 0;
    for k in BEFORE_HANGUP {
        // Each key seen before the next, as in the terminal.
        now += 1000;
        here.tick(now);
        here.press(as_key(k));
    }
    here
}

#[test]
fn a_hangup_saves_and_c_continues_to_the_same_state() {
    let saves = scratch("hup");
    let file = saves.join(amulets_desktop::store::SAVE);
    let (session, pid) = a_rogue_playing("amulets-hup", &saves);
    let s = session.0.as_str();
    let bin = game_bin();
    wait_for(s, "Turn ");
    signal(&pid, "HUP");
    wait_for_exit(s);
    assert!(file.exists(), "saved on the hangup");

    // The same keys in-process, then the menu: the state the continued run
    // must reach, worked out without the file the signal wrote.
    let mut here = the_rogue_here();
    // Esc a while after the last key (a trap found: news).
    here.tick(1_000_000);
    here.press(Key::Escape);
    let expected = amulets_core::replay::state_hash(here.game());

    // C continues it; Esc and s save it again from the menu, as it is now.
    session.type_line(&format!("{bin} --save-dir {}", saves.display()));
    wait_for(s, "continue the saved run");
    keys(s, &["c"]);
    wait_for(s, "Floor 1 of 9");
    keys(s, &["Escape", "s"]);
    wait_for_exit(s);
    assert_eq!(
        hash_of_file(&file),
        expected,
        "continued to the state before the signal"
    );
    let _ = std::fs::remove_dir_all(&saves);
}

/// True once the process has ended (gone, or a zombie its dead shell
/// never reaped).
fn ended(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('Z')),
    }
}

#[test]
fn a_closed_terminal_saves_and_the_game_goes_and_lets_the_save_go() {
    // The real fault: the terminal itself goes away under a game run from
    // its shell (a window closed, an ssh session dropped), not a signal
    // sent to a game whose terminal is still there.
    let saves = scratch("closed");
    let file = saves.join(amulets_desktop::store::SAVE);
    let (session, pid_file) = a_rogue_playing("amulets-closed", &saves);
    let s = session.0.clone();
    let bin = game_bin();
    let here = the_rogue_here();
    let turn = here.game().turn();
    wait_for(&s, &format!("Turn {turn}"));
    let pid = std::fs::read_to_string(&pid_file)
        .unwrap()
        .trim()
        .to_string();
    tmux(&["kill-session", "-t", &s]);

    // Gone within a second or so, with the run saved where it was.
    let start = Instant::now();
    while !ended(&pid) {
        assert!(
            start.elapsed() < Duration::from_secs(2),
            "the game outlived its terminal"
        );
        sleep(Duration::from_millis(50));
    }
    let saved = Game::read_save(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved.turn(), turn, "saved at the turn it was at");
    assert_eq!(saved.player().pos, here.game().player().pos);
    // The lock is free, and the next game saves.
    let lock = std::fs::File::options()
        .write(true)
        .open(saves.join("save.lock"))
        .unwrap();
    assert!(lock.try_lock().is_ok(), "the save's lock was let go");
    drop(lock);
    let next = Tmux::start("amulets-after-closed");
    let n = next.0.as_str();
    next.type_line(&format!("{bin} --save-dir {}", saves.display()));
    wait_for(n, "continue the saved run");
    keys(n, &["c"]);
    let shown = wait_for(n, &format!("Turn {turn}"));
    assert!(!shown.contains("Not saving"), "{shown}");
    keys(n, &["."]);
    wait_for(n, &format!("Turn {}", turn + 1));
    keys(n, &["Escape", "s"]);
    wait_for_exit(n);
    let saved = Game::read_save(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(saved.turn(), turn + 1, "the next game saved");
    let _ = std::fs::remove_dir_all(&saves);
}

#[test]
fn a_second_game_at_once_does_not_write() {
    let saves = scratch("two");
    let file = saves.join(amulets_desktop::store::SAVE);
    let first = Tmux::start("amulets-first");
    let bin = game_bin();
    let pid = saves.join("first.pid");
    let game = format!(
        "{bin} --seed 1 --class fighter --save-dir {}",
        saves.display()
    );
    first.type_line(&with_pid(&pid, &game));
    wait_for(&first.0, "Seed 1");
    let start = Instant::now();
    while !file.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the first game saved nothing"
        );
        sleep(Duration::from_millis(50));
    }
    let saved = std::fs::read(&file).unwrap();

    let second = Tmux::start("amulets-second");
    let s = second.0.as_str();
    second.type_line(&format!(
        "{bin} --seed 2 --class wizard --save-dir {}",
        saves.display()
    ));
    // The panel says so once the game has tried its lock (the seed may
    // show a frame before the note does).
    let shown = wait_for(s, "Seed 2");
    if !shown.contains("Not saving") {
        wait_for(s, "Not saving");
    }
    keys(s, &["l", "j", ".", "Escape", "s"]);
    let said = wait_for(s, "could not be saved");
    assert!(said.contains("Not saving"), "still said:\n{said}");
    // The menu is still open: q quits without saving, once asked.
    keys(s, &["q"]);
    wait_for(s, "Quit without saving?");
    keys(s, &["y"]);
    wait_for_exit(s);
    assert_eq!(
        std::fs::read(&file).unwrap(),
        saved,
        "the second game wrote nothing"
    );
    // The first game, a turn on and then killed, saves as it goes.
    keys(&first.0, &["."]);
    wait_for(&first.0, "Turn 1");
    signal(&pid, "TERM");
    wait_for_exit(&first.0);
    assert_ne!(
        std::fs::read(&file).unwrap(),
        saved,
        "the first game still writes"
    );
    let _ = std::fs::remove_dir_all(&saves);
}

/// Waits until a file holds `lines` lines, or fails after a few seconds.
fn wait_for_lines(path: &Path, lines: usize) -> Vec<String> {
    let start = Instant::now();
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        let got: Vec<String> = text.lines().map(str::to_string).collect();
        if got.len() >= lines {
            return got;
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the stream holds {got:?}"
        );
        sleep(Duration::from_millis(100));
    }
}

#[test]
fn the_speech_stream_says_the_book_s_checkpoint_in_order_through_a_fifo() {
    let session = Tmux::start("amulets-speech");
    let s = session.0.as_str();
    let dir = PathBuf::from(format!("/tmp/{s}-speech"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A fifo, read into a file as a screen reader would read it.
    let fifo = dir.join("speech");
    let heard = dir.join("heard.txt");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let mut reader = Command::new("sh")
        .arg("-c")
        .arg(format!("cat {} > {}", fifo.display(), heard.display()))
        .spawn()
        .unwrap();
    let bin = game_bin();
    session.type_line(&format!(
        "{bin} --seed 42 --class fighter --save-dir {} --speech {}",
        dir.display(),
        fifo.display()
    ));
    wait_for(s, "Seed 42");
    tmux(&["send-keys", "-t", s, "o"]);
    wait_for(s, "You see a giant white rat.");
    sleep(SEEN);
    let said = wait_for_lines(&heard, 3);
    assert_eq!(
        said[..3],
        [
            "Welcome, Fighter. Find the Amulet on each floor, and the ninth one wins.",
            "You open the door.",
            "You see a giant white rat.",
        ]
    );
    // x looks, from where the Fighter stands; the cursor goes, a line for
    // each cell, 7 down and 3 left to the rat in the room below: its
    // words, how far and which way, in the stream, never in the log.
    tmux(&["send-keys", "-t", s, "x"]);
    let said = wait_for_lines(&heard, 4);
    assert_eq!(said[3], "You, the Fighter.");
    for k in "jjjjjjjhhh".chars() {
        tmux(&["send-keys", "-t", s, &k.to_string()]);
        sleep(Duration::from_millis(60));
    }
    let said = wait_for_lines(&heard, 14);
    let rat = said
        .iter()
        .find(|l| l.starts_with("A giant white rat"))
        .unwrap_or_else(|| panic!("the cursor never met the rat: {said:#?}"));
    assert!(rat.contains(" steps south"), "{rat}");
    assert!(
        said[4..].iter().all(|l| l.contains(" step")),
        "each cell's words say how far: {said:#?}"
    );
    tmux(&["send-keys", "-t", s, "Escape"]);
    tmux(&["send-keys", "-t", s, "Escape"]);
    wait_for(s, "quit without saving");
    tmux(&["send-keys", "-t", s, "q"]);
    wait_for(s, "Quit without saving?");
    tmux(&["send-keys", "-t", s, "y"]);
    let _ = reader.wait();
    let all = std::fs::read_to_string(&heard).unwrap();
    assert!(all.contains("Menu\n"), "the menu's title is said: {all}");
    assert!(!all.contains('\x1b'), "no cursor movement in the stream");
    let save = std::fs::read_to_string(dir.join(amulets_desktop::store::SAVE)).unwrap_or_default();
    assert!(!save.contains("steps"), "the look words entered the save");
}

/// Seed 19's first room is sealed: its corridor ends in a secret door,
/// and explore sees all it can at once. A newcomer reads the panel's hint,
/// walks where it says, presses e, and is out.
#[test]
fn a_sealed_start_is_left_by_the_hint_and_e() {
    let saves = scratch("sealed");
    let session = Tmux::start("amulets-sealed");
    let s = session.0.as_str();
    session.type_line(&format!(
        "{} --seed 19 --class fighter --save-dir {}",
        game_bin(),
        saves.display()
    ));
    wait_for(s, "Seed 19");
    keys(s, &["o"]);
    wait_for(s, "Explored.");
    // The panel's words, right of the 64 map columns, read as one text.
    let panel = |screen: &str| -> String {
        screen
            .lines()
            .map(|l| l.chars().skip(65).collect::<String>())
            .collect::<Vec<_>>()
            .join(" ")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let start = Instant::now();
    let said = loop {
        let said = panel(&screen(s));
        if said.contains("steps") || start.elapsed() > Duration::from_secs(5) {
            break said;
        }
        sleep(Duration::from_millis(100));
    };
    assert!(
        said.contains("A secret door hides the way to the stairs."),
        "{said}"
    );
    // "Search where the corridor ends, N steps DIR (e searches)."
    let after = said
        .split("Search where the corridor ends, ")
        .nth(1)
        .unwrap_or_else(|| panic!("no dead end named: {said}"));
    let words: Vec<&str> = after.split_whitespace().collect();
    let steps: usize = words[0].parse().unwrap();
    let key = match words[2] {
        "south" => "j",
        "north" => "k",
        "west" => "h",
        "east" => "l",
        way => panic!("a straight way for this seed, not {way}"),
    };
    assert!(after.contains("(e searches)."), "{said}");
    keys(s, &vec![key; steps]);
    keys(s, &["e"]);
    let found = wait_for(s, "You find a secret door!");
    assert!(
        !panel(&found).contains("secret door hides"),
        "the hint went"
    );
    // The way on is open: explore goes through it.
    sleep(SEEN);
    let turn_of = |screen: &str| -> u32 {
        let at = screen.find("Turn ").unwrap() + 5;
        screen[at..]
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    let before = turn_of(&screen(s));
    keys(s, &["o"]);
    sleep(Duration::from_millis(1500));
    let now = screen(s);
    assert!(turn_of(&now) > before, "explore walked on:\n{now}");
    keys(s, &["Escape", "q", "y"]);
    wait_for_exit(s);
    let _ = std::fs::remove_dir_all(&saves);
}
