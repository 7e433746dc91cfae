//! One function a fault: each makes the fault for real, plays the real
//! binary through it, checks what became of the save, and says so in a row.

use super::pane::{Pane, turn_shown, wait_gone};
use super::pty::Pty;
use super::{Row, Scratch, chmod, signal};
use amulets_core::game::Game;
use amulets_core::input::Action;
use amulets_core::player::Class;
use amulets_play::store::SaveText;
use anyhow::{Result, anyhow};
use std::path::Path;
use std::thread::sleep;
use std::time::{Duration, Instant};

type Case = fn(&Scratch) -> Result<Row>;

pub const ALL: [(&str, Case); 15] = [
    ("a terminal closed (tmux kill-session)", closed_terminal),
    ("a pty's master closed", closed_pty),
    ("a full disk", full_disk),
    ("a read-only save directory", read_only_dir),
    ("another user's 0600 save", other_users_save),
    ("a damaged save on a read-only disk", damaged_read_only),
    ("a FIFO as the save", fifo),
    ("a 2 GiB save", huge),
    ("a byte-order mark and CRLF", bom),
    ("no home directory", no_home),
    ("two games at once", two_games),
    ("a panic", panic),
    ("SIGHUP to the desktop game", sdl_hangup),
    ("SIGTERM to the terminal game", sigterm),
    ("two SIGHUPs at once", two_hangups),
];

/// The uid and gid of `nobody`, who owns nothing here.
const NOBODY: u32 = 65534;
/// A uid no password file names.
const NO_SUCH_USER: u32 = 4242;

/// A run of seed 42's rogue after `waits` turns of waiting.
fn a_run(waits: u32) -> Game {
    let mut g = Game::new_run(42, Class::Rogue);
    for _ in 0..waits {
        g.act(Action::Wait);
    }
    g
}

fn write_save(dir: &Path, game: &Game) -> Result<Vec<u8>> {
    let text = SaveText(game).to_string();
    std::fs::write(dir.join(amulets_desktop::store::SAVE), &text)?;
    Ok(text.into_bytes())
}

/// The turn of the run saved in `dir`.
fn saved_turn(dir: &Path) -> Result<u32> {
    let text = std::fs::read_to_string(dir.join(amulets_desktop::store::SAVE))
        .map_err(|e| anyhow!("the save: {e}"))?;
    Game::read_save(&text)
        .map(|g| g.turn())
        .map_err(|e| anyhow!("the save does not load: {e}"))
}

fn expect(what: bool, why: impl FnOnce() -> String) -> Result<()> {
    if what { Ok(()) } else { Err(anyhow!(why())) }
}

fn same_bytes(path: &Path, bytes: &[u8]) -> Result<()> {
    let now = std::fs::read(path).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    expect(now == bytes, || format!("{} was changed", path.display()))
}

fn no_temporaries(dir: &Path) -> Result<()> {
    let left: Vec<String> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    expect(left.is_empty(), || {
        format!("temporary files left: {left:?}")
    })
}

/// The games of `nobody`: no root powers over other users' files.
fn as_nobody(command: &str) -> String {
    format!("setpriv --reuid={NOBODY} --regid={NOBODY} --clear-groups {command}")
}

/// Seed 42's rogue in a pane, with its save in `dir`, five waits played:
/// at turn 5, its last save the arrival's at turn 0.
fn rogue_at_turn_5(s: &Scratch, name: &str, dir: &Path) -> Result<Pane> {
    let pane = Pane::start(
        name,
        &format!(
            "{} --seed 42 --class rogue --save-dir {}",
            s.tui,
            dir.display()
        ),
    )?;
    pane.wait_for("Turn 0")?;
    pane.keys(&[".", ".", ".", ".", "."])?;
    pane.wait_for("Turn 5")?;
    Ok(pane)
}

fn closed_terminal(s: &Scratch) -> Result<Row> {
    let dir = s.dir("closed")?;
    let pane = rogue_at_turn_5(s, "closed", &dir)?;
    let pid = pane.pid()?;
    pane.kill_session()?;
    let took = wait_gone(pid, Duration::from_secs(5))?;
    let turn = saved_turn(&dir)?;
    expect(turn == 5, || format!("saved at turn {turn}, not 5"))?;
    // The lock is free: the next game continues and saves.
    let next = Pane::start(
        "closed-next",
        &format!("{} --save-dir {}", s.tui, dir.display()),
    )?;
    next.wait_for("continue")?;
    next.keys(&["c"])?;
    let screen = next.wait_for("Turn 5")?;
    expect(!screen.contains("Not saving"), || {
        format!("the next game: {screen}")
    })?;
    next.keys(&[".", "Escape", "s"])?;
    next.wait_for_end(Duration::from_secs(5))?;
    let turn = saved_turn(&dir)?;
    expect(turn == 6, || {
        format!("the next game saved turn {turn}, not 6")
    })?;
    Ok(Row {
        fault: "terminal closed",
        made: "`tmux kill-session` at turn 5".into(),
        did: format!(
            "saved turn 5, gone {} ms later; the next game continued it and saved turn 6",
            took.as_millis()
        ),
        runs_lost: 0,
        turns_lost: Some(0),
    })
}

fn closed_pty(s: &Scratch) -> Result<Row> {
    let dir = s.dir("pty")?;
    let d = dir.display().to_string();
    let mut pty = Pty::start(
        &s.tui,
        &["--seed", "42", "--class", "rogue", "--save-dir", &d],
    )?;
    pty.drain_for(Duration::from_millis(1500));
    pty.type_bytes(b".....")?;
    pty.drain_for(Duration::from_millis(500));
    let start = Instant::now();
    pty.close();
    let code = pty.wait_for_end(Duration::from_secs(5))?;
    let took = start.elapsed();
    let turn = saved_turn(&dir)?;
    expect(code.success(), || {
        format!("exit {code}, the save of turn {turn}")
    })?;
    expect(turn == 5, || format!("saved at turn {turn}, not 5"))?;
    Ok(Row {
        fault: "terminal gone (EIO)",
        made: "the pty's master closed at turn 5".into(),
        did: format!("saved turn 5, exited 0 after {} ms", took.as_millis()),
        runs_lost: 0,
        turns_lost: Some(0),
    })
}

/// A 512 KiB tmpfs filled to the last byte where mounting is allowed, else
/// a 1 KiB file-size limit (SIGXFSZ ignored, so a write fails with EFBIG).
fn full_disk(s: &Scratch) -> Result<Row> {
    let dir = s.dir("full")?;
    let mounted = std::process::Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=512k", "tmpfs"])
        .arg(&dir)
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|st| st.success());
    let result = full_disk_in(s, &dir, mounted);
    if mounted {
        let _ = std::process::Command::new("umount").arg(&dir).status();
    }
    result
}

fn full_disk_in(s: &Scratch, dir: &Path, mounted: bool) -> Result<Row> {
    let before = write_save(dir, &a_run(5))?;
    std::fs::write(dir.join("save.lock"), b"")?;
    let (made, command) = if mounted {
        // Filled: a file that grows until the disk says no.
        use std::io::Write;
        let mut filler = std::fs::File::create(dir.join("filler"))?;
        let block = [0u8; 4096];
        while filler.write_all(&block).is_ok() {}
        let _ = filler.write_all(&block[..1]);
        drop(filler);
        (
            "a 512 KiB tmpfs, filled (ENOSPC)".to_string(),
            format!("{} --save-dir {}", s.tui, dir.display()),
        )
    } else {
        (
            "a 1 KiB file-size limit (EFBIG)".to_string(),
            format!(
                "bash -c \"trap '' XFSZ; ulimit -f 1; exec {} --save-dir {}\"",
                s.tui,
                dir.display()
            ),
        )
    };
    let pane = Pane::start("full", &command)?;
    pane.wait_for("continue")?;
    pane.keys(&["c"])?;
    pane.wait_for("Turn 5")?;
    pane.keys(&[".", ".", ".", "Escape", "s"])?;
    let screen = pane.wait_for("Not saving")?;
    expect(screen.contains("could not be saved"), || screen.clone())?;
    let pid = pane.pid()?;
    pane.kill_session()?;
    wait_gone(pid, Duration::from_secs(5))?;
    same_bytes(&dir.join(amulets_desktop::store::SAVE), &before)?;
    no_temporaries(dir)?;
    Ok(Row {
        fault: "disk full",
        made,
        did: "said \"Not saving\" and that save and quit failed; the turn-5 save stands whole, no temporary left".into(),
        runs_lost: 0,
        turns_lost: Some(3),
    })
}

fn read_only_dir(s: &Scratch) -> Result<Row> {
    let dir = s.dir("read-only")?;
    let before = write_save(&dir, &a_run(5))?;
    chmod(&dir, 0o755)?;
    chmod(&dir.join(amulets_desktop::store::SAVE), 0o644)?;
    let pane = Pane::start(
        "read-only",
        &as_nobody(&format!("{} --save-dir {}", s.tui, dir.display())),
    )?;
    pane.wait_for("continue")?;
    pane.keys(&["c"])?;
    let screen = pane.wait_for("Turn 5")?;
    expect(screen.contains("Not saving"), || screen.clone())?;
    expect(screen.contains("no permission in"), || screen.clone())?;
    expect(!screen.contains("another game"), || {
        format!("blamed on another game: {screen}")
    })?;
    pane.keys(&["Escape", "q", "y"])?;
    pane.wait_for_end(Duration::from_secs(5))?;
    same_bytes(&dir.join(amulets_desktop::store::SAVE), &before)?;
    Ok(Row {
        fault: "read-only directory",
        made: "the save's folder root's 0755, the game run as nobody".into(),
        did: "continued the run, said \"Not saving\" for want of permission in the folder (save.lock), never blamed another game; the save untouched".into(),
        runs_lost: 0,
        turns_lost: None,
    })
}

fn other_users_save(s: &Scratch) -> Result<Row> {
    let dir = s.dir("other-user")?;
    let before = write_save(&dir, &a_run(5))?;
    chmod(&dir.join(amulets_desktop::store::SAVE), 0o600)?;
    chown(&dir, NOBODY)?;
    let pane = Pane::start(
        "other-user",
        &as_nobody(&format!("{} --save-dir {}", s.tui, dir.display())),
    )?;
    pane.wait_for("could not be read")?;
    pane.keys(&["Escape"])?;
    pane.wait_for_end(Duration::from_secs(5))?;
    same_bytes(&dir.join("save.bad"), &before)?;
    expect(!dir.join(amulets_desktop::store::SAVE).exists(), || {
        format!("{} is back", amulets_desktop::store::SAVE)
    })?;
    Ok(Row {
        fault: "another user's save",
        made: format!(
            "{} root's 0600 in nobody's folder, the game run as nobody",
            amulets_desktop::store::SAVE
        ),
        did: "said it could not be read (Permission denied) and set it aside as save.bad, whole"
            .into(),
        runs_lost: 0,
        turns_lost: None,
    })
}

/// A damaged save in a folder on a read-only disk (a read-only bind
/// mount; without the right to mount, a folder of root's played by
/// nobody): it cannot be set aside, and the note says why, naming the
/// folder, never another game.
fn damaged_read_only(s: &Scratch) -> Result<Row> {
    let dir = s.dir("damaged-read-only")?;
    let damaged = b"amulets-save 2\nnonsense\n";
    std::fs::write(dir.join(amulets_desktop::store::SAVE), damaged)?;
    let mount = |args: &[&str]| {
        std::process::Command::new("mount")
            .args(args)
            .arg(&dir)
            .arg(&dir)
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|st| st.success())
    };
    let mounted = mount(&["--bind"]) && mount(&["-o", "remount,bind,ro"]);
    let result = damaged_read_only_in(s, &dir, mounted, damaged);
    if mounted {
        let _ = std::process::Command::new("umount").arg(&dir).status();
    }
    result
}

fn damaged_read_only_in(s: &Scratch, dir: &Path, mounted: bool, damaged: &[u8]) -> Result<Row> {
    let game = format!("{} --save-dir {}", s.tui, dir.display());
    let (made, command, why) = if mounted {
        ("a read-only bind mount", game, "is read-only")
    } else {
        chmod(dir, 0o755)?;
        (
            "the folder root's 0755, the game run as nobody",
            as_nobody(&game),
            "no permission in",
        )
    };
    let pane = Pane::start("damaged-read-only", &command)?;
    let screen = pane.wait_for("set aside")?;
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    expect(screen.contains(why), || format!("no {why:?}: {screen}"))?;
    expect(screen.contains(&name), || {
        format!("the folder {name} unnamed: {screen}")
    })?;
    expect(!screen.contains("another game"), || {
        format!("blamed on another game: {screen}")
    })?;
    pane.keys(&["Escape"])?;
    pane.wait_for_end(Duration::from_secs(5))?;
    same_bytes(&dir.join(amulets_desktop::store::SAVE), damaged)?;
    Ok(Row {
        fault: "damaged save, read-only disk",
        made: made.into(),
        did: format!(
            "said it could not be set aside: the folder {why}, named; never blamed another game; the save untouched"
        ),
        runs_lost: 0,
        turns_lost: None,
    })
}

fn chown(dir: &Path, uid: u32) -> Result<()> {
    std::os::unix::fs::chown(dir, Some(uid), Some(uid))
        .map_err(|e| anyhow!("chown {}: {e}", dir.display()))
}

/// A save that is no regular file, or far too long: asked about before a
/// new run replaces it, and left as it is.
fn not_a_save(s: &Scratch, name: &str, make: fn(&Path) -> Result<()>) -> Result<String> {
    let dir = s.dir(name)?;
    let save = dir.join(amulets_desktop::store::SAVE);
    make(&save)?;
    let start = Instant::now();
    let pane = Pane::start(
        name,
        &format!(
            "{} --seed 42 --class fighter --save-dir {}",
            s.tui,
            dir.display()
        ),
    )?;
    let screen = pane.wait_for("(y or n)")?;
    let took = start.elapsed();
    expect(screen.contains("Replace"), || screen.clone())?;
    expect(screen.contains("could not be read"), || screen.clone())?;
    pane.keys(&["n"])?;
    pane.wait_for("Nine floors down")?;
    pane.keys(&["Escape"])?;
    pane.wait_for_end(Duration::from_secs(5))?;
    Ok(format!(
        "up in {} ms; said it could not be read, asked before replacing it; no kept it",
        took.as_millis()
    ))
}

fn fifo(s: &Scratch) -> Result<Row> {
    let did = not_a_save(s, "fifo", |save| {
        nix::unistd::mkfifo(save, nix::sys::stat::Mode::from_bits_truncate(0o644))
            .map_err(|e| anyhow!("mkfifo: {e}"))
    })?;
    let meta = std::fs::symlink_metadata(s.dir("fifo")?.join(amulets_desktop::store::SAVE))?;
    use std::os::unix::fs::FileTypeExt;
    expect(meta.file_type().is_fifo(), || "the FIFO is gone".into())?;
    Ok(Row {
        fault: "FIFO as the save",
        made: format!("mkfifo {}", amulets_desktop::store::SAVE),
        did,
        runs_lost: 0,
        turns_lost: None,
    })
}

const HUGE: u64 = 2 << 30;

fn huge(s: &Scratch) -> Result<Row> {
    let did = not_a_save(s, "huge", |save| {
        std::fs::File::create(save)
            .and_then(|f| f.set_len(HUGE))
            .map_err(Into::into)
    })?;
    let len = std::fs::metadata(s.dir("huge")?.join(amulets_desktop::store::SAVE))?.len();
    expect(len == HUGE, || format!("the file is now {len} bytes"))?;
    Ok(Row {
        fault: "2 GiB save",
        made: format!("a sparse 2 GiB {}", amulets_desktop::store::SAVE),
        did,
        runs_lost: 0,
        turns_lost: None,
    })
}

fn bom(s: &Scratch) -> Result<Row> {
    let dir = s.dir("bom")?;
    let text = SaveText(&a_run(5)).to_string().replace('\n', "\r\n");
    let bytes = format!("\u{feff}{text}").into_bytes();
    std::fs::write(dir.join(amulets_desktop::store::SAVE), &bytes)?;
    let pane = Pane::start("bom", &format!("{} --save-dir {}", s.tui, dir.display()))?;
    pane.wait_for("continue")?;
    pane.keys(&["c"])?;
    pane.wait_for("Turn 5")?;
    pane.keys(&["Escape", "q", "y"])?;
    pane.wait_for_end(Duration::from_secs(5))?;
    same_bytes(&dir.join(amulets_desktop::store::SAVE), &bytes)?;
    expect(!dir.join("save.bad").exists(), || {
        "set aside as damaged".into()
    })?;
    Ok(Row {
        fault: "byte-order mark, CRLF",
        made: "the save as Notepad writes it".into(),
        did: "continued the run at turn 5".into(),
        runs_lost: 0,
        turns_lost: None,
    })
}

fn no_home(s: &Scratch) -> Result<Row> {
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    expect(
        !passwd
            .lines()
            .any(|l| l.split(':').nth(2) == Some(&NO_SUCH_USER.to_string())),
        || format!("uid {NO_SUCH_USER} is in /etc/passwd"),
    )?;
    let pane = Pane::start(
        "no-home",
        &format!(
            "env -i PATH=/usr/bin:/bin TERM=tmux-256color setpriv --reuid={NO_SUCH_USER} --regid={NO_SUCH_USER} --clear-groups {} --seed 42 --class rogue",
            s.tui
        ),
    )?;
    let screen = pane.wait_for("Turn 0")?;
    expect(screen.contains("Not saving"), || screen.clone())?;
    expect(screen.contains("there is no home"), || screen.clone())?;
    pane.keys(&["Escape", "q", "y"])?;
    pane.wait_for_end(Duration::from_secs(5))?;
    Ok(Row {
        fault: "no home directory",
        made: format!("no HOME, uid {NO_SUCH_USER} in no password file"),
        did: "said \"Not saving: there is no home directory.\" and played".into(),
        runs_lost: 0,
        turns_lost: None,
    })
}

fn two_games(s: &Scratch) -> Result<Row> {
    let dir = s.dir("two")?;
    let first = Pane::start(
        "first",
        &format!(
            "{} --seed 42 --class rogue --save-dir {}",
            s.tui,
            dir.display()
        ),
    )?;
    first.wait_for("Turn 0")?;
    first.keys(&[".", ".", "."])?;
    first.wait_for("Turn 3")?;
    let second = Pane::start("second", &format!("{} --save-dir {}", s.tui, dir.display()))?;
    second.wait_for("continue")?;
    second.keys(&["c"])?;
    let screen = second.wait_for("Not saving")?;
    expect(screen.contains("another game"), || screen.clone())?;
    // The first saves and quits; the second's save then finds its run.
    first.keys(&["Escape", "s"])?;
    first.wait_for_end(Duration::from_secs(5))?;
    second.keys(&[".", ".", "Escape", "s"])?;
    second.wait_for("another run is saved there")?;
    let turn = saved_turn(&dir)?;
    expect(turn == 3, || {
        format!("the save is of turn {turn}, not the first game's 3")
    })?;
    let pid = second.pid()?;
    second.kill_session()?;
    wait_gone(pid, Duration::from_secs(5))?;
    let turn = saved_turn(&dir)?;
    expect(turn == 3, || {
        format!("the second game's close saved turn {turn} over it")
    })?;
    // A third takes the lock, continues the first's run and saves.
    let third = Pane::start("third", &format!("{} --save-dir {}", s.tui, dir.display()))?;
    third.wait_for("continue")?;
    third.keys(&["c"])?;
    let screen = third.wait_for("Turn 3")?;
    expect(!screen.contains("Not saving"), || screen.clone())?;
    third.keys(&["Escape", "q", "y"])?;
    third.wait_for_end(Duration::from_secs(5))?;
    Ok(Row {
        fault: "two games",
        made: "a second game on the same save while the first plays".into(),
        did: "the second said \"Not saving\", then took the lock once the first quit but kept the first's save; a third continued it".into(),
        runs_lost: 0,
        turns_lost: None,
    })
}

fn panic(s: &Scratch) -> Result<Row> {
    let dir = s.dir("panic")?;
    let pane = Pane::start(
        "panic",
        &format!(
            "env AMULETS_TUI_TEST_PANIC=5 {} --seed 42 --class rogue --save-dir {}",
            s.tui,
            dir.display()
        ),
    )?;
    pane.wait_for("Turn 0")?;
    pane.keys(&[".", ".", ".", ".", "."])?;
    let code = pane.wait_for_end(Duration::from_secs(5))?;
    let screen = pane.screen();
    // tmux does not always learn the status (`wait_for_end`); the e2e test
    // checks it through the shell.
    expect(code.is_none_or(|c| c == 101), || {
        format!("exit {code:?}: {screen}")
    })?;
    expect(screen.contains("The run was saved at turn 5"), || {
        screen.clone()
    })?;
    let turn = saved_turn(&dir)?;
    expect(turn == 5, || format!("saved at turn {turn}, not 5"))?;
    Ok(Row {
        fault: "panic",
        made: "a panic set off at turn 5 (AMULETS_TUI_TEST_PANIC)".into(),
        did: "saved turn 5, put the terminal back, said so, exited 101".into(),
        runs_lost: 0,
        turns_lost: Some(0),
    })
}

fn sdl_hangup(s: &Scratch) -> Result<Row> {
    let dir = s.dir("sdl-hup")?;
    let mut game = std::process::Command::new(&s.sdl)
        .args(["--seed", "42", "--class", "fighter", "--bot", "--save-dir"])
        .arg(&dir)
        .env("SDL_VIDEO_DRIVER", "offscreen")
        .stdout(std::process::Stdio::null())
        .spawn()
        .map_err(|e| anyhow!("{}: {e}", s.sdl))?;
    sleep(Duration::from_millis(2500));
    let before = saved_turn(&dir)?;
    signal(game.id(), "HUP")?;
    let start = Instant::now();
    let status = loop {
        if let Some(st) = game.try_wait()? {
            break st;
        }
        if start.elapsed() > Duration::from_secs(5) {
            let _ = game.kill();
            return Err(anyhow!("the desktop game outlived the hangup"));
        }
        sleep(Duration::from_millis(20));
    };
    expect(status.success(), || format!("{status}"))?;
    let turn = saved_turn(&dir)?;
    expect(turn >= before, || {
        format!("saved turn {turn} after {before}")
    })?;
    Ok(Row {
        fault: "SIGHUP (desktop)",
        made: "`kill -HUP` to the window's game while the bot plays".into(),
        did: format!(
            "saved turn {turn} (the last autosave was turn {before}), exited 0 after {} ms",
            start.elapsed().as_millis()
        ),
        runs_lost: 0,
        turns_lost: Some(0),
    })
}

fn sigterm(s: &Scratch) -> Result<Row> {
    let dir = s.dir("term")?;
    let pane = rogue_at_turn_5(s, "term", &dir)?;
    let screen = pane.screen();
    let shown = turn_shown(&screen);
    signal(pane.pid()?, "TERM")?;
    let code = pane.wait_for_end(Duration::from_secs(5))?;
    let turn = saved_turn(&dir)?;
    expect(Some(turn) == shown && code.is_none_or(|c| c == 0), || {
        format!("saved turn {turn}, exit {code:?}")
    })?;
    Ok(Row {
        fault: "SIGTERM (terminal)",
        made: "`kill` at turn 5".into(),
        did: "saved turn 5 and exited 0".into(),
        runs_lost: 0,
        turns_lost: Some(0),
    })
}

/// One hangup is often two signals together (the kernel's and the
/// shell's): the second must not cut the first's save short.
fn two_hangups(s: &Scratch) -> Result<Row> {
    let dir = s.dir("two-hups")?;
    let pane = rogue_at_turn_5(s, "two-hups", &dir)?;
    let pid = pane.pid()?;
    let status = std::process::Command::new("bash")
        .args([
            "-c",
            &format!("kill -HUP {pid}; sleep 0.02; kill -HUP {pid}"),
        ])
        .status()?;
    expect(status.success(), || "kill failed".into())?;
    let code = pane.wait_for_end(Duration::from_secs(5))?;
    let turn = saved_turn(&dir)?;
    expect(turn == 5 && code.is_none_or(|c| c == 0), || {
        format!("saved turn {turn}, exit {code:?}")
    })?;
    Ok(Row {
        fault: "two SIGHUPs at once",
        made: "`kill -HUP` twice, 20 ms apart, at turn 5".into(),
        did: "saved turn 5 and exited 0".into(),
        runs_lost: 0,
        turns_lost: Some(0),
    })
}
