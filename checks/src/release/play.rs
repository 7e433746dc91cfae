//! The Windows zip and the web zip, unpacked and played as a player would:
//! the Windows games under Wine, the page from a plain static server
//! (`python3 -m http.server`) in headless Chromium.

use super::version;
use amulets_rigs::cdp::{Chrome, Tab};
use amulets_rigs::pixels;
use amulets_rigs::sh;
use anyhow::{Result, anyhow};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The README's picture: Windows must draw it too.
const PICTURE: &str = "docs/screenshot-glyph.png";

/// A fresh folder for a check, under `dist`.
fn fresh(dist: &Path, name: &str) -> Result<PathBuf> {
    let dir = dist.join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| anyhow!("{}: {e}", dir.display()))?;
    Ok(dir)
}

fn unzip(zip: &Path, into: &Path) -> Result<()> {
    amulets_rigs::tools::ensure_programs(&[amulets_rigs::tools::Need {
        program: "unzip",
        package: "unzip",
        backports: false,
    }])?;
    sh::run(sh::cmd(
        "unzip",
        &[
            "-q",
            &zip.display().to_string(),
            "-d",
            &into.display().to_string(),
        ],
    ))
}

/// The Windows zip unpacked, in a new Wine prefix: each game says its
/// version, and the desktop game draws the README's picture with the
/// state hash the Linux game prints.
pub(super) fn windows(dist: &Path, want_hash: &str) -> Result<()> {
    let work = fresh(dist, "check-windows")?;
    let files = work.join("files");
    unzip(
        &dist.join(format!("amulets-{}-windows-x86_64.zip", version())),
        &files,
    )?;
    let prefix = work.join("prefix");
    std::fs::create_dir_all(&prefix)?;
    amulets_rigs::wine::make_prefix(&prefix, &work)?;
    for program in ["amulets", "amulets-tui"] {
        let exe = files.join(format!("{program}.exe"));
        let said = amulets_rigs::wine::wine(&prefix, &exe, &["--version".into()])?;
        if said.trim() != format!("{program} {}", version()) {
            return Err(anyhow!("{program}.exe --version says {said:?}"));
        }
    }
    let out = work.join("shot.png");
    let args: Vec<String> = "42 --class rogue --keys oooo --screenshot"
        .split(' ')
        .map(String::from)
        .chain([amulets_rigs::wine::windows_path(&out)])
        .collect();
    let printed = amulets_rigs::wine::wine(&prefix, &files.join("amulets.exe"), &args)?;
    pixels::same_pixels(&out, &sh::root().join(PICTURE))?;
    let hash = crate::windows::state_hash(&printed)?;
    if hash != want_hash {
        return Err(sh::failed(
            "dist: the Windows zip's game draws seed 42 as Linux does",
            want_hash,
            hash,
        ));
    }
    println!(
        "dist: the Windows zip, unpacked, under Wine: both programs say {}, amulets.exe \
         drew {PICTURE} pixel for pixel, state hash {hash}",
        version()
    );
    Ok(())
}

/// The most the page's module may weigh, in bytes: 400 KiB.
const MOST_WASM: u64 = 400 * 1024;

/// A port of 127.0.0.1 nobody listens on now.
fn free_port() -> Result<u16> {
    let l = std::net::TcpListener::bind(("127.0.0.1", 0))?;
    Ok(l.local_addr()?.port())
}

/// The web zip unpacked and served by `python3 -m http.server` on
/// 127.0.0.1; in headless Chromium, the page a player loads from a link to
/// seed 42 (a link a player can share): N, then A (a Fighter), then `o`
/// moves the player (to the door, as in the terminal's check: a seed of the
/// browser's own could open with a monster in view, and `o` would rightly
/// be refused); a reload saves the run (the page's storage holds it) and C
/// on the title continues it at the same turn, on the same cell.
pub(super) fn web(dist: &Path) -> Result<()> {
    let work = fresh(dist, "check-web")?;
    let site = work.join("site");
    unzip(&dist.join(format!("amulets-{}-web.zip", version())), &site)?;
    let wasm = std::fs::metadata(site.join("amulets.wasm"))?;
    if wasm.len() > MOST_WASM {
        return Err(anyhow!(
            "the web zip's amulets.wasm is {} bytes, more than {} KiB (docs/web.md, \"Its size\")",
            wasm.len(),
            MOST_WASM / 1024
        ));
    }
    // A bare Debian has no Python: the static host is the one a player
    // would use.
    amulets_rigs::tools::ensure_programs(&[amulets_rigs::tools::Need {
        program: "python3",
        package: "python3",
        backports: false,
    }])?;
    let port = free_port()?;
    let mut server = std::process::Command::new("python3")
        .args([
            "-m",
            "http.server",
            &port.to_string(),
            "--bind",
            "127.0.0.1",
        ])
        .current_dir(&site)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|e| anyhow!("python3 -m http.server: {e}"))?;
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if start.elapsed() > Duration::from_secs(10) {
            let _ = server.kill();
            return Err(anyhow!("python3 -m http.server did not listen"));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let base = format!("http://127.0.0.1:{port}/");
    let outcome = play_the_page(&work, &format!("{base}?seed=42"));
    // Installable, a save carried to a fresh browser, and offline: the
    // network goes with the server.
    let offline = crate::page::installs_and_plays_offline_at(&work, &base, || {
        server
            .kill()
            .map_err(|e| anyhow!("stopping python3 -m http.server: {e}"))
    });
    let _ = server.kill();
    let _ = server.wait();
    let (turn, cell) = outcome?;
    offline?;
    println!(
        "dist: the web zip from python3 -m http.server: a key moved the player, a reload kept \
         the run, C continued it at turn {turn}, cell {cell} (amulets.wasm {} KiB)",
        wasm.len() / 1024
    );
    Ok(())
}

/// The page at `base`, as a player plays it; the turn and cell it was
/// continued at.
fn play_the_page(work: &Path, base: &str) -> Result<(u64, String)> {
    let mut chrome = Chrome::launch(&work.join("chrome"), &[], crate::page::PAGE)?;
    let tab = chrome.open(base)?;
    crate::page::started(&mut chrome, &tab)?;
    for key in ['n', 'a'] {
        chrome.key(&tab, key)?;
        std::thread::sleep(Duration::from_millis(200));
    }
    let before = settled(&mut chrome, &tab)?;
    chrome.key(&tab, 'o')?;
    let moved = settled(&mut chrome, &tab)?;
    if moved.0 == before.0 || moved.1 == before.1 {
        return Err(sh::failed(
            "dist: o on the page moves the player",
            format!("a later turn and another cell than {before:?}"),
            format!("{moved:?}"),
        ));
    }
    chrome.reload(&tab)?;
    crate::page::started(&mut chrome, &tab)?;
    let kept = chrome.eval(
        &tab,
        "(localStorage.getItem('amulets.save') || '').slice(0, 13)",
    )?;
    if kept != serde_json::json!("amulets-save ") {
        return Err(anyhow!(
            "after a reload the page's storage holds no save: {kept}"
        ));
    }
    // The title: no run is played until C.
    let title = settled(&mut chrome, &tab)?;
    if title == moved {
        return Err(anyhow!("the title already shows the run at {title:?}"));
    }
    chrome.key(&tab, 'c')?;
    let continued = settled(&mut chrome, &tab)?;
    if continued != moved {
        return Err(sh::failed(
            "dist: C on the reloaded page continues the run where it was",
            format!("{moved:?}"),
            format!("{continued:?}"),
        ));
    }
    Ok(continued)
}

/// The run's turn and the player's cell on the page once two looks a
/// half second apart agree.
fn settled(chrome: &mut Chrome, tab: &Tab) -> Result<(u64, String)> {
    let look = |chrome: &mut Chrome| -> Result<(u64, String)> {
        let v = chrome.eval(tab, "JSON.stringify(window.amuletsPlayer())")?;
        let v: serde_json::Value = serde_json::from_str(v.as_str().unwrap_or("null"))?;
        Ok((v[0].as_u64().unwrap_or(0), v[1].to_string()))
    };
    let mut last = look(chrome)?;
    let start = Instant::now();
    loop {
        std::thread::sleep(Duration::from_millis(500));
        let now = look(chrome)?;
        if now == last {
            return Ok(now);
        }
        if start.elapsed() > Duration::from_secs(20) {
            return Err(anyhow!("the page never stood still: {now:?}"));
        }
        last = now;
    }
}
