//! `cargo xtask fresh [--keep]`: the README's set-up on a bare machine.
//!
//! It makes a Debian 12 root with `debootstrap --variant=minbase` from this
//! machine's own apt mirror, copies the Rust toolchain in (as rustup left
//! it), clones the repository's committed HEAD into it, and runs there, in
//! order, the three lines of the README's set-up block: the prerequisite
//! line, `cargo xtask run-sdl` (with `--screenshot` on SDL's offscreen
//! driver, since a chroot has no display: the picture must be the README's
//! own glyph screenshot, pixel for pixel), and `cargo xtask ci`. Any of them
//! failing fails it. The root's `/proc`, `/sys` and `/dev` are unmounted on
//! every way out, and the root is deleted unless `--keep` is given or a step
//! failed (then it is kept to look into, and the next run deletes it).

use crate::sh;
use crate::shot;
use crate::tools::{self, Need};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const USAGE: &str = "usage: cargo xtask fresh [--keep]";

/// The README's block of set-up lines: the prerequisite line, then these.
const PLAY: &str = "cargo xtask run-sdl";
const TEST: &str = "cargo xtask ci";

/// The screenshot the play line takes: the README's glyph picture.
const SHOT_ARGS: &str = "-- 42 --class rogue --view glyph --keys oooo --screenshot /root/fresh.png";
const SHOT_REFERENCE: &str = "docs/screenshot-glyph.png";

#[expect(
    clippy::too_many_lines,
    reason = "a chore's steps in order, as a script would run them"
)]
pub fn run(args: &[String]) -> Result<(), String> {
    let keep = match args {
        [] => false,
        [flag] if flag == "--keep" => true,
        _ => return Err(USAGE.into()),
    };
    if !cfg!(target_os = "linux") {
        return Err("fresh makes a Debian root with debootstrap: it runs on Linux only".into());
    }
    let [prerequisite, play, test] = readme_setup(&sh::root().join("README.md"))?;
    if play != PLAY || test != TEST {
        return Err(format!(
            "the README's set-up block should end with `{PLAY}` and `{TEST}`, not `{play}` and `{test}`"
        ));
    }
    tools::ensure_programs(&[Need {
        program: "debootstrap",
        package: "debootstrap",
        backports: false,
    }])?;
    let mirror = apt_mirror()?;
    let dir = sh::root().join("target/fresh");
    let root = dir.join("root");
    remove_root(&root)?;

    let mut times: Vec<(&str, Duration)> = Vec::new();
    let start = Instant::now();
    sh::run(sh::cmd(
        "debootstrap",
        &[
            "--variant=minbase",
            "bookworm",
            &root.display().to_string(),
            &mirror,
        ],
    ))?;
    times.push(("debootstrap", start.elapsed()));
    furnish(&root)?;

    mount(&root)?;
    let steps = [
        ("the prerequisite line", prerequisite.clone(), ""),
        (
            "cargo xtask run-sdl",
            format!("{PLAY} {SHOT_ARGS}"),
            "SDL_VIDEO_DRIVER=offscreen ",
        ),
        ("cargo xtask ci", TEST.to_string(), ""),
    ];
    let mut outcome = Ok(());
    for (name, line, env) in &steps {
        let start = Instant::now();
        outcome = in_root(&root, &format!("{env}{line}"));
        times.push((name, start.elapsed()));
        if outcome.is_err() {
            break;
        }
        if *name == "cargo xtask run-sdl" {
            outcome = shot::same_pixels(
                &root.join("root/fresh.png"),
                &root.join("root/amulets").join(SHOT_REFERENCE),
            )
            .map(|()| println!("fresh: the bare root drew {SHOT_REFERENCE}, pixel for pixel"));
            if outcome.is_err() {
                break;
            }
        }
    }
    let unmounted = unmount(&root);
    let summary: Vec<String> = times
        .iter()
        .map(|(name, t)| format!("{name} {} s", t.as_secs()))
        .collect();
    match outcome.and(unmounted) {
        Ok(()) => {
            if keep {
                println!("fresh: the root is kept in {}", root.display());
            } else {
                remove_root(&root)?;
            }
            println!(
                "xtask fresh: a bare Debian 12 ran the README's set-up \
                 (`{prerequisite}`, `{PLAY}`, `{TEST}`): {}",
                summary.join(", ")
            );
            Ok(())
        }
        Err(e) => Err(format!(
            "{e}\n(after {}; the root is kept in {} to look into)",
            summary.join(", "),
            root.display()
        )),
    }
}

/// The three lines of the README's fenced `sh` block under "Set up".
fn readme_setup(readme: &Path) -> Result<[String; 3], String> {
    let text = std::fs::read_to_string(readme).map_err(|e| format!("{}: {e}", readme.display()))?;
    let after = text
        .split_once("\n## Set up")
        .map(|(_, rest)| rest)
        .ok_or("the README has no \"## Set up\" section")?;
    let block = after
        .split_once("```sh\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .map(|(block, _)| block)
        .ok_or("the README's set-up section has no ```sh block")?;
    let lines: Vec<String> = block
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    <[String; 3]>::try_from(lines).map_err(|lines| {
        format!(
            "the README's set-up block has {} lines; it is the prerequisite line and two commands",
            lines.len()
        )
    })
}

/// The mirror an apt source file names for bookworm's packages: in deb822
/// stanzas (`.sources`) or one-line entries (`.list`).
fn bookworm_mirror(text: &str, deb822: bool) -> Option<String> {
    if deb822 {
        // Stanzas of `Key: value` lines, separated by blank lines.
        for stanza in text.split("\n\n") {
            let field = |key: &str| {
                stanza
                    .lines()
                    .filter(|l| !l.trim_start().starts_with('#'))
                    .find_map(|l| l.strip_prefix(key))
                    .map(str::trim)
            };
            let serves =
                field("Suites:").is_some_and(|s| s.split_whitespace().any(|s| s == "bookworm"));
            let deb = field("Types:").is_some_and(|t| t.split_whitespace().any(|t| t == "deb"));
            if let (true, true, Some(uris)) = (serves, deb, field("URIs:"))
                && let Some(uri) = uris.split_whitespace().next()
            {
                return Some(uri.to_string());
            }
        }
        return None;
    }
    text.lines().find_map(|line| {
        let words: Vec<&str> = line
            .split_whitespace()
            .filter(|w| !w.starts_with('['))
            .collect();
        match words.as_slice() {
            ["deb", uri, "bookworm", ..] => Some(uri.to_string()),
            _ => None,
        }
    })
}

/// The first Debian mirror of this machine's apt sources that serves
/// bookworm (deb822 `.sources` files or the one-line `sources.list`).
fn apt_mirror() -> Result<String, String> {
    let mut files = vec![PathBuf::from("/etc/apt/sources.list")];
    if let Ok(dir) = std::fs::read_dir("/etc/apt/sources.list.d") {
        let mut more: Vec<PathBuf> = dir.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        more.sort();
        files.extend(more);
    }
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let (deb822, one_line) = match file.extension().and_then(|e| e.to_str()) {
            Some("sources") => (true, false),
            Some("list") => (false, true),
            _ => (false, false),
        };
        if !deb822 && !one_line {
            continue;
        }
        if let Some(uri) = bookworm_mirror(&text, deb822) {
            return Ok(uri);
        }
    }
    Err("no apt source of this machine serves bookworm: fresh needs a Debian 12 mirror".into())
}

/// What the bare root gets from this machine: the Rust toolchain, the
/// repository, the name server, and the certificates cargo reaches the
/// registries with.
fn furnish(root: &Path) -> Result<(), String> {
    let home = std::env::var("HOME").map_err(|_| "HOME is not set".to_string())?;
    let rustup_home = std::env::var("RUSTUP_HOME").unwrap_or_else(|_| format!("{home}/.rustup"));
    let cargo_home = std::env::var("CARGO_HOME").unwrap_or_else(|_| format!("{home}/.cargo"));
    let inside = root.join("root");

    // The default toolchain only, with what rustup installed in it, and
    // rustup with its proxies (cargo, rustc, ...), none of cargo's caches.
    let default = sh::output(sh::cmd("rustup", &["default"]))?;
    let toolchain = default
        .split_whitespace()
        .next()
        .ok_or("rustup names no default toolchain")?
        .to_string();
    let toolchains = inside.join(".rustup/toolchains");
    mkdir(&toolchains)?;
    copy(
        &Path::new(&rustup_home).join("toolchains").join(&toolchain),
        &toolchains,
    )?;
    std::fs::write(
        inside.join(".rustup/settings.toml"),
        format!("version = \"12\"\ndefault_toolchain = \"{toolchain}\"\nprofile = \"default\"\n"),
    )
    .map_err(|e| e.to_string())?;
    let bin = inside.join(".cargo/bin");
    mkdir(&bin)?;
    let rustup = Path::new(&cargo_home).join("bin/rustup");
    copy(&rustup, &bin)?;
    for proxy in [
        "cargo",
        "cargo-clippy",
        "cargo-fmt",
        "clippy-driver",
        "rustc",
        "rustdoc",
        "rustfmt",
        "rust-gdb",
        "rust-lldb",
    ] {
        std::os::unix::fs::symlink("rustup", bin.join(proxy)).map_err(|e| e.to_string())?;
    }

    // The committed HEAD, as a clone of the repository has it.
    sh::run(sh::cmd(
        "git",
        &[
            "clone",
            "--quiet",
            "--no-hardlinks",
            &sh::root().display().to_string(),
            &inside.join("amulets").display().to_string(),
        ],
    ))?;

    copy(Path::new("/etc/resolv.conf"), &root.join("etc"))?;
    // The trust store this machine reaches the registries through, for
    // cargo only (a bare root's own has just Debian's authorities).
    let store = std::env::var("CARGO_HTTP_CAINFO")
        .or_else(|_| std::env::var("SSL_CERT_FILE"))
        .unwrap_or_else(|_| "/etc/ssl/certs/ca-certificates.crt".into());
    if Path::new(&store).exists() {
        std::fs::copy(&store, inside.join("host-ca.crt"))
            .map_err(|e| format!("copying {store}: {e}"))?;
    }
    Ok(())
}

fn mkdir(dir: &Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))
}

fn copy(from: &Path, into: &Path) -> Result<(), String> {
    sh::run(sh::cmd(
        "cp",
        &[
            "-a",
            &from.display().to_string(),
            &into.display().to_string(),
        ],
    ))
}

/// Runs one line of the README in the root, with a clean environment: only
/// what a root shell on a fresh machine has, and cargo's trust store.
fn in_root(root: &Path, line: &str) -> Result<(), String> {
    let mut env = vec![
        "HOME=/root".to_string(),
        "PATH=/root/.cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
            .to_string(),
        "LANG=C.UTF-8".to_string(),
        "TERM=xterm".to_string(),
        "USER=root".to_string(),
    ];
    if root.join("root/host-ca.crt").exists() {
        env.push("CARGO_HTTP_CAINFO=/root/host-ca.crt".into());
    }
    let script = format!("cd /root/amulets && {line}");
    let mut args = vec![
        root.display().to_string(),
        "/usr/bin/env".into(),
        "-i".into(),
    ];
    args.extend(env);
    args.extend(["/bin/bash".into(), "-c".into(), script]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    sh::run(sh::cmd("chroot", &args))
}

/// `/proc` of its own, this machine's `/sys` and `/dev` (with `pts` and
/// `shm`) bound in, as slaves so nothing mounted inside shows outside.
fn mount(root: &Path) -> Result<(), String> {
    let at = |d: &str| root.join(d).display().to_string();
    sh::run(sh::cmd("mount", &["-t", "proc", "proc", &at("proc")]))?;
    for d in ["sys", "dev"] {
        sh::run(sh::cmd("mount", &["--rbind", &format!("/{d}"), &at(d)]))?;
        sh::run(sh::cmd("mount", &["--make-rslave", &at(d)]))?;
    }
    Ok(())
}

/// Every mount under the root, deepest first, unmounted: a root is only
/// deleted with nothing of this machine's mounted in it.
fn unmount(root: &Path) -> Result<(), String> {
    let mounts = std::fs::read_to_string("/proc/mounts").map_err(|e| e.to_string())?;
    let prefix = root.display().to_string();
    let mut under: Vec<&str> = mounts
        .lines()
        .filter_map(|l| l.split_whitespace().nth(1))
        .filter(|m| *m == prefix || m.starts_with(&format!("{prefix}/")))
        .collect();
    under.sort_unstable();
    under.dedup();
    for m in under.iter().rev() {
        // A mount seen twice in /proc/mounts (stacked) goes on the first try.
        if Path::new(m).exists() {
            let _ = sh::run(sh::cmd("umount", &["-R", m]));
        }
    }
    let left = std::fs::read_to_string("/proc/mounts").map_err(|e| e.to_string())?;
    if let Some(m) = left
        .lines()
        .filter_map(|l| l.split_whitespace().nth(1))
        .find(|m| *m == prefix || m.starts_with(&format!("{prefix}/")))
    {
        return Err(format!("{m} is still mounted; unmount it by hand"));
    }
    Ok(())
}

/// Deletes a root left by an earlier run, after unmounting what is in it.
fn remove_root(root: &Path) -> Result<(), String> {
    if !root.exists() {
        return Ok(());
    }
    unmount(root)?;
    std::fs::remove_dir_all(root).map_err(|e| format!("{}: {e}", root.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readme_s_set_up_is_a_prerequisite_line_and_the_two_commands() {
        let [_, play, test] = readme_setup(&sh::root().join("README.md")).unwrap();
        assert_eq!((play.as_str(), test.as_str()), (PLAY, TEST));
        let dir = std::env::temp_dir().join(format!("xtask-fresh-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let four = dir.join("README.md");
        std::fs::write(&four, "# A\n\n## Set up\n\n```sh\na\nb\nc\nd\n```\n").unwrap();
        let said = readme_setup(&four).unwrap_err();
        assert!(said.contains("has 4 lines"), "{said}");
        std::fs::write(&four, "# A\n\n```sh\na\nb\nc\n```\n").unwrap();
        assert!(
            readme_setup(&four)
                .unwrap_err()
                .contains("no \"## Set up\"")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_bookworm_mirror_is_found_in_either_kind_of_apt_source() {
        let deb822 = "Types: deb-src\nURIs: http://src.example/debian\nSuites: bookworm\n\n\
                      # Types: deb\nTypes: deb\nURIs: http://deb.example/debian http://b\n\
                      Suites: bookworm bookworm-updates\nComponents: main\n";
        assert_eq!(
            bookworm_mirror(deb822, true).as_deref(),
            Some("http://deb.example/debian")
        );
        let list = "# deb http://old.example/debian bookworm main\n\
                    deb http://other.example/debian bullseye main\n\
                    deb [arch=amd64] http://list.example/debian bookworm main\n";
        assert_eq!(
            bookworm_mirror(list, false).as_deref(),
            Some("http://list.example/debian")
        );
        assert_eq!(bookworm_mirror("deb http://x/ trixie main\n", false), None);
        assert_eq!(bookworm_mirror(deb822, false), None, "a stanza is no line");
    }
}
