//! The desktop game as a process, on SDL's offscreen driver: a hangup (the
//! terminal that ran `cargo xtask run-sdl` closed) saves the run as the
//! window's close does, and the game ends by itself rather than by the
//! signal.

#[cfg(unix)]
#[test]
fn a_hangup_saves_the_run_and_ends_the_game() {
    use std::os::unix::fs::MetadataExt;
    use std::os::unix::process::ExitStatusExt;
    use std::time::{Duration, Instant};

    let dir = std::env::temp_dir().join(format!("amulets-sdl-hup-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let save = dir.join(amulets_desktop::store::SAVE);
    let bin =
        std::env::var("AMULETS_SDL_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_amulets").into());
    let mut game = std::process::Command::new(bin)
        .args(["--seed", "42", "--class", "rogue", "--save-dir"])
        .arg(&dir)
        .env("SDL_VIDEO_DRIVER", "offscreen")
        .spawn()
        .expect("the game starts");
    // The arrival on floor 1 saves; then the save's file is the one the
    // hangup must replace.
    let start = Instant::now();
    while !save.exists() {
        assert!(start.elapsed() < Duration::from_secs(20), "never saved");
        std::thread::sleep(Duration::from_millis(50));
    }
    std::thread::sleep(Duration::from_millis(300));
    let arrival = std::fs::metadata(&save).unwrap().ino();
    let hup = std::process::Command::new("kill")
        .args(["-HUP", &game.id().to_string()])
        .status()
        .or_else(|_| {
            std::process::Command::new("bash")
                .args(["-c", &format!("kill -HUP {}", game.id())])
                .status()
        })
        .unwrap();
    assert!(hup.success());
    let start = Instant::now();
    let status = loop {
        if let Some(status) = game.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(5) {
            let _ = game.kill();
            panic!("the game outlived the hangup");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.signal(), None, "ended by the signal: {status:?}");
    assert!(status.success(), "{status:?}");
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(amulets_core::game::Game::read_save(&text).is_ok());
    assert_ne!(
        std::fs::metadata(&save).unwrap().ino(),
        arrival,
        "the hangup wrote the save anew"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A panic in the window's loop (set off by `AMULETS_SDL_TEST_PANIC` once
/// the bot has played past turn 75): the run is saved where it was, and
/// the game says so and exits as a panic does.
#[test]
fn a_panic_saves_the_run_where_it_was() {
    use std::time::{Duration, Instant};

    let dir = std::env::temp_dir().join(format!("amulets-sdl-panic-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let bin =
        std::env::var("AMULETS_SDL_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_amulets").into());
    let mut game = std::process::Command::new(bin)
        .args(["--seed", "42", "--class", "fighter", "--bot", "--save-dir"])
        .arg(&dir)
        .env("SDL_VIDEO_DRIVER", "offscreen")
        .env("AMULETS_SDL_TEST_PANIC", "75")
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the game starts");
    let start = Instant::now();
    while game.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = game.kill();
            panic!("the game never panicked");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = game.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(101), "{said}");
    assert!(said.contains("panics here on purpose"), "{said}");
    let turn: u32 = said
        .split("The run was saved at turn ")
        .nth(1)
        .and_then(|rest| rest.split(':').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_else(|| panic!("no saved turn said: {said}"));
    assert!(turn >= 75, "{turn}");
    let text = std::fs::read_to_string(dir.join(amulets_desktop::store::SAVE)).unwrap();
    let saved = amulets_core::game::Game::read_save(&text).unwrap();
    assert_eq!((saved.seed(), saved.turn()), (42, turn));
    let _ = std::fs::remove_dir_all(&dir);
}
