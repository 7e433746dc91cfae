//! `cargo xtask fresh [--keep]`: the README's set-up on a bare machine.
//!
//! It takes a copy of a bare Debian 12 root (`debootstrap
//! --variant=minbase` from this machine's own apt mirror, kept under
//! `target/roots`: crate::roots), copies the Rust toolchain in (as rustup left
//! it), clones the repository's committed HEAD into it, and runs there, in
//! order, the three lines of the README's set-up block: the prerequisite
//! line, `cargo xtask run-sdl` (with `--screenshot` on SDL's offscreen
//! driver, since a chroot has no display: the picture must be the README's
//! own glyph screenshot, pixel for pixel), and `cargo xtask ci`. Any of them
//! failing fails it. The copy's `/proc`, `/sys` and `/dev` are unmounted on
//! every way out, and the copy is deleted unless `--keep` is given or a step
//! failed (then it is kept to look into, and the next run deletes it).

use amulets_rigs::pixels;
use amulets_rigs::roots;
use amulets_rigs::sh;
use anyhow::{Context, Result, anyhow};
use std::path::Path;
use std::time::{Duration, Instant};

/// The README's block of set-up lines: the prerequisite line, then these.
const PLAY: &str = "cargo xtask run-sdl";
const TEST: &str = "cargo xtask ci";

/// The screenshot the play line takes: the README's glyph picture.
const SHOT_ARGS: &str = "-- 42 --class rogue --view glyph --keys oooo --screenshot /root/fresh.png";
const SHOT_REFERENCE: &str = "docs/screenshot-glyph.png";

/// The README's set-up in a bare root; `keep` keeps the root.
pub fn run(keep: bool) -> Result<()> {
    if !cfg!(target_os = "linux") {
        return Err(anyhow!(
            "fresh makes a Debian root with debootstrap: it runs on Linux only"
        ));
    }
    let [prerequisite, play, test] = readme_setup(&sh::root().join("README.md"))?;
    if play != PLAY || test != TEST {
        return Err(anyhow!(
            "the README's set-up block should end with `{PLAY}` and `{TEST}`, not `{play}` and `{test}`"
        ));
    }
    let mut times: Vec<(&str, Duration)> = Vec::new();
    let start = Instant::now();
    let root = roots::copy_of("bookworm", "fresh")?;
    times.push(("a copy of the bare root", start.elapsed()));
    let steps = [
        ("the prerequisite line", prerequisite.clone(), ""),
        (
            "cargo xtask run-sdl",
            format!("{PLAY} {SHOT_ARGS}"),
            "SDL_VIDEO_DRIVER=offscreen ",
        ),
        ("cargo xtask ci", TEST.to_string(), ""),
    ];
    let mut outcome = furnish(&root.path);
    for (name, line, env) in &steps {
        if outcome.is_err() {
            break;
        }
        let start = Instant::now();
        outcome = in_root(&root, &format!("{env}{line}"));
        times.push((name, start.elapsed()));
        if outcome.is_ok() && *name == "cargo xtask run-sdl" {
            outcome = pixels::same_pixels(
                &root.path.join("root/fresh.png"),
                &root.path.join("root/amulets").join(SHOT_REFERENCE),
            )
            .map(|()| println!("fresh: the bare root drew {SHOT_REFERENCE}, pixel for pixel"));
        }
    }
    let summary: Vec<String> = times
        .iter()
        .map(|(name, t)| format!("{name} {} s", t.as_secs()))
        .collect();
    let path = root.path.clone();
    match outcome {
        Ok(()) => {
            root.finish(keep)?;
            if keep {
                println!("fresh: the root is kept in {}", path.display());
            }
            println!(
                "xtask fresh: a bare Debian 12 ran the README's set-up \
                 (`{prerequisite}`, `{PLAY}`, `{TEST}`): {}",
                summary.join(", ")
            );
            Ok(())
        }
        Err(e) => {
            root.finish(true)?;
            Err(anyhow!(
                "{e}\n(after {}; the root is kept in {} to look into)",
                summary.join(", "),
                path.display()
            ))
        }
    }
}

/// The three lines of the README's fenced `sh` block under "Set up".
fn readme_setup(readme: &Path) -> Result<[String; 3]> {
    let text = std::fs::read_to_string(readme).map_err(|e| anyhow!("{}: {e}", readme.display()))?;
    let after = text
        .split_once("\n## Set up")
        .map(|(_, rest)| rest)
        .context("the README has no \"## Set up\" section")?;
    let block = after
        .split_once("```sh\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .map(|(block, _)| block)
        .context("the README's set-up section has no ```sh block")?;
    let lines: Vec<String> = block
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    <[String; 3]>::try_from(lines).map_err(|lines| {
        anyhow!(
            "the README's set-up block has {} lines; it is the prerequisite line and two commands",
            lines.len()
        )
    })
}

/// What the bare root gets from this machine: the Rust toolchain, the
/// repository, the name server, and the certificates cargo reaches the
/// registries with.
fn furnish(root: &Path) -> Result<()> {
    let home = std::env::var("HOME").map_err(|_| anyhow!("HOME is not set"))?;
    let rustup_home = std::env::var("RUSTUP_HOME").unwrap_or_else(|_| format!("{home}/.rustup"));
    let cargo_home = std::env::var("CARGO_HOME").unwrap_or_else(|_| format!("{home}/.cargo"));
    let inside = root.join("root");

    // The default toolchain only, with what rustup installed in it, and
    // rustup with its proxies (cargo, rustc, ...), none of cargo's caches.
    let default = sh::output(sh::cmd("rustup", &["default"]))?;
    let toolchain = default
        .split_whitespace()
        .next()
        .context("rustup names no default toolchain")?
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
    )?;
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
        std::os::unix::fs::symlink("rustup", bin.join(proxy))?;
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

    // The trust store this machine reaches the registries through, for
    // cargo only (a bare root's own has just Debian's authorities).
    let store = std::env::var("CARGO_HTTP_CAINFO")
        .or_else(|_| std::env::var("SSL_CERT_FILE"))
        .unwrap_or_else(|_| "/etc/ssl/certs/ca-certificates.crt".into());
    if Path::new(&store).exists() {
        std::fs::copy(&store, inside.join("host-ca.crt"))
            .map_err(|e| anyhow!("copying {store}: {e}"))?;
    }
    Ok(())
}

fn mkdir(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| anyhow!("{}: {e}", dir.display()))
}

fn copy(from: &Path, into: &Path) -> Result<()> {
    sh::run(sh::cmd(
        "cp",
        &[
            "-a",
            &from.display().to_string(),
            &into.display().to_string(),
        ],
    ))
}

/// Runs one line of the README in the root's clone, with a clean
/// environment and the trust store this machine reaches the registries
/// through, for cargo and rustup.
fn in_root(root: &roots::Root, line: &str) -> Result<()> {
    let mut env = Vec::new();
    if root.path.join("root/host-ca.crt").exists() {
        env.push("CARGO_HTTP_CAINFO=/root/host-ca.crt".to_string());
        // rustup too (the MSRV check installs the declared Rust): it
        // reads the trust store SSL_CERT_FILE names.
        env.push("SSL_CERT_FILE=/root/host-ca.crt".to_string());
    }
    root.run(&format!("cd /root/amulets && {line}"), &env)
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
        let said = readme_setup(&four).unwrap_err().to_string();
        assert!(said.contains("has 4 lines"), "{said}");
        std::fs::write(&four, "# A\n\n```sh\na\nb\nc\n```\n").unwrap();
        assert!(
            readme_setup(&four)
                .unwrap_err()
                .to_string()
                .contains("no \"## Set up\"")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
