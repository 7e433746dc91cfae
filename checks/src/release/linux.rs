//! The Linux artifacts on machines with no Rust and no C compiler: bare
//! Debian 12 and 13 roots (`amulets_rigs::roots`) unpack the tarball and install
//! the `.deb`, draw the README's picture with each, play the terminal game
//! in tmux to the book's first rat, and show the SDL game's window on a
//! headless Wayland compositor (Weston) that runs beside the root. A bare
//! Debian 11 root plays the static terminal game.

use super::version;
use amulets_rigs::pixels;
use amulets_rigs::roots::{self, Root};
use amulets_rigs::sh;
use amulets_rigs::tools::{self, Need};
use anyhow::{Context, Result, anyhow};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The README's picture, and the command that draws it.
const PICTURE: &str = "docs/screenshot-glyph.png";
const SHOT: &str = "42 --class rogue --keys oooo --screenshot";

/// What the checks beside a root need on this machine.
const NEEDS: [Need; 2] = [
    Need {
        program: "tmux",
        package: "tmux",
        backports: false,
    },
    Need {
        program: "weston",
        package: "weston",
        backports: false,
    },
];

/// The tarball and the package in bare Debian 12 and 13 roots, then the
/// static terminal game in a bare Debian 11 root.
pub(super) fn check(dist: &Path, want: &str) -> Result<()> {
    tools::ensure_programs(&NEEDS)?;
    for suite in ["bookworm", "trixie"] {
        let start = Instant::now();
        in_root(suite, |root| desktop(root, dist, want))?;
        println!(
            "dist: a bare {suite} root played the tarball and the package ({} s)",
            start.elapsed().as_secs()
        );
    }
    in_root("bullseye", |root| {
        let name = format!("amulets-tui-{}-linux-x86_64-musl", version());
        unpack(root, &dist.join(format!("{name}.tar.gz")))?;
        let bin = format!("/tmp/{name}/bin/amulets-tui");
        root.run(&format!("{bin} --version"), &[])?;
        to_the_rat(root, &bin)
    })?;
    println!("dist: a bare bullseye root played the static terminal game to the rat");
    Ok(())
}

/// The state hash of the README's picture, drawn here by the tarball's
/// game (which must draw the picture).
pub(super) fn host_hash(dist: &Path) -> Result<String> {
    let bin = dist.join(format!("amulets-{}-linux-x86_64/bin/amulets", version()));
    let out = dist.join("host-shot.png");
    let mut c = sh::cmd(
        &bin.display().to_string(),
        &SHOT.split(' ').collect::<Vec<_>>(),
    );
    c.arg(&out).env_remove("SDL_VIDEO_DRIVER");
    let printed = sh::output(c)?;
    pixels::same_pixels(&out, &sh::root().join(PICTURE))?;
    let _ = std::fs::remove_file(&out);
    hash_in(&printed)
}

fn hash_in(printed: &str) -> Result<String> {
    printed
        .lines()
        .find_map(|l| l.strip_prefix("state hash "))
        .map(str::to_string)
        .with_context(|| format!("the game printed no state hash:\n{printed}"))
}

/// A fresh copy of `suite`'s bare root for `f`: deleted after, or kept to
/// look into when `f` fails.
fn in_root(suite: &str, f: impl FnOnce(&Root) -> Result<()>) -> Result<()> {
    let root = roots::copy_of(suite, "dist-check")?;
    let path = root.path.clone();
    let outcome = f(&root);
    root.finish(outcome.is_err())?;
    outcome.map_err(|e| anyhow!("in a bare {suite} root ({}): {e}", path.display()))
}

/// Copies a tarball into the root's `/tmp` and unpacks it there.
fn unpack(root: &Root, tarball: &Path) -> Result<()> {
    let name = tarball.file_name().unwrap_or_default().to_string_lossy();
    std::fs::copy(tarball, root.path.join("tmp").join(&*name))?;
    root.run(&format!("cd /tmp && tar xzf {name}"), &[])
}

/// A desktop's Debian: no Rust, no compiler; the tarball's game draws the
/// picture with only the bare root's libraries; the package installs with
/// what it depends on, and its game draws it, plays in a terminal, and
/// shows on Wayland.
fn desktop(root: &Root, dist: &Path, want: &str) -> Result<()> {
    root.run(
        "! command -v cargo && ! command -v rustc && ! command -v cc && ! command -v gcc",
        &[],
    )
    .map_err(|e| anyhow!("the bare root has a compiler: {e}"))?;
    let name = format!("amulets-{}-linux-x86_64", version());
    unpack(root, &dist.join(format!("{name}.tar.gz")))?;
    picture(root, &format!("/tmp/{name}/bin/amulets"), want, None)?;
    let deb = format!("amulets_{}_amd64.deb", version());
    std::fs::copy(dist.join(&deb), root.path.join("tmp").join(&deb))?;
    root.run(
        &format!(
            "dpkg -i /tmp/{deb} || true; apt-get update -q && apt-get -f install -y -q \
             && dpkg -s amulets | grep -qx 'Status: install ok installed'"
        ),
        &["DEBIAN_FRONTEND=noninteractive".into()],
    )?;
    picture(root, "/usr/games/amulets", want, None)?;
    to_the_rat(root, "/usr/games/amulets-tui")?;
    wayland(root, want)
}

/// The README's picture drawn in the root by `bin`: the same pixels and
/// the same state hash as here; with `env`, on the video driver it sets
/// (offscreen without), and the driver said.
fn picture(root: &Root, bin: &str, want: &str, env: Option<(&[String], &str)>) -> Result<()> {
    let (env, driver) = env.unwrap_or((&[], "offscreen"));
    let c = root.command(&format!("{bin} {SHOT} /tmp/shot.png"), env);
    let printed = sh::output(c)?;
    pixels::same_pixels(&root.path.join("tmp/shot.png"), &sh::root().join(PICTURE))?;
    let hash = hash_in(&printed)?;
    if hash != want || !printed.contains(&format!("video driver {driver}\n")) {
        return Err(sh::failed(
            &format!("{bin} draws seed 42 on {driver} as here"),
            format!("state hash {want}, video driver {driver}"),
            printed,
        ));
    }
    println!("dist: {bin} drew {PICTURE} on {driver}, pixel for pixel, state hash {hash}");
    Ok(())
}

/// The terminal game in tmux, seed 42's Fighter: `o` opens the door and
/// stops at the giant white rat, as the book's chapter 23 says.
fn to_the_rat(root: &Root, bin: &str) -> Result<()> {
    let session = format!("amulets-dist-{}", std::process::id());
    let path = root.path.display().to_string();
    let mut args = vec![
        "new-session",
        "-d",
        "-s",
        &session,
        "-x",
        "110",
        "-y",
        "42",
        "chroot",
        &path,
        "/usr/bin/env",
        "-i",
        "HOME=/root",
        "TERM=xterm-256color",
        "LANG=C.UTF-8",
        bin,
    ];
    args.extend([
        "--seed",
        "42",
        "--class",
        "fighter",
        "--save-dir",
        "/tmp/saves",
    ]);
    sh::run(sh::cmd("tmux", &args))?;
    let outcome = (|| {
        pane_shows(&session, "Seed 42")?;
        sh::run(sh::cmd("tmux", &["send-keys", "-t", &session, "o"]))?;
        let screen = pane_shows(&session, "You see a giant white rat.")?;
        if !screen.contains("You open the door.") {
            return Err(anyhow!("the door was not opened:\n{screen}"));
        }
        Ok(())
    })();
    let _ = sh::run(sh::cmd("tmux", &["kill-session", "-t", &session]));
    outcome.map_err(|e| anyhow!("{bin} in tmux: {e}"))?;
    println!("dist: {bin} in tmux: o opens the door and sees the giant white rat");
    Ok(())
}

/// The pane's text once it shows `text`, or an error after 20 s.
fn pane_shows(session: &str, text: &str) -> Result<String> {
    let start = Instant::now();
    loop {
        let now = sh::output(sh::cmd("tmux", &["capture-pane", "-p", "-t", session]))?;
        if now.contains(text) {
            return Ok(now);
        }
        if start.elapsed() > Duration::from_secs(20) {
            return Err(anyhow!("never showed {text:?}:\n{now}"));
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Weston's headless backend here, its socket in the root's `/tmp/xdg`;
/// the packaged game in the root, with no X display and the driver left
/// to SDL, must choose Wayland, show its window there and read back the
/// README's picture from it.
fn wayland(root: &Root, want: &str) -> Result<()> {
    let xdg = root.path.join("tmp/xdg");
    std::fs::create_dir_all(&xdg)?;
    sh::run(sh::cmd("chmod", &["700", &xdg.display().to_string()]))?;
    let log = root.path.join("tmp/weston.log");
    let file = std::fs::File::create(&log)?;
    let file2 = file.try_clone()?;
    let mut weston = std::process::Command::new("weston")
        .args([
            "--backend=headless-backend.so",
            "--socket=wayland-amulets",
            "--idle-time=0",
            "--no-config",
        ])
        .env("XDG_RUNTIME_DIR", &xdg)
        .stdout(file)
        .stderr(file2)
        .spawn()
        .map_err(|e| anyhow!("weston: {e}"))?;
    let socket: PathBuf = xdg.join("wayland-amulets");
    let start = Instant::now();
    while !socket.exists() && start.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let env = [
        "XDG_RUNTIME_DIR=/tmp/xdg".to_string(),
        "WAYLAND_DISPLAY=wayland-amulets".into(),
        // Empty: SDL chooses, as for the game's own window.
        "SDL_VIDEO_DRIVER=".into(),
    ];
    let outcome = picture(root, "/usr/games/amulets", want, Some((&env, "wayland")));
    let _ = weston.kill();
    let _ = weston.wait();
    outcome.map_err(|e| {
        let said = std::fs::read_to_string(&log).unwrap_or_default();
        anyhow!("{e:#}\nweston said:\n{said}")
    })
}
