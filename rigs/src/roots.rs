//! Bare Debian roots, made with `debootstrap --variant=minbase`, for the
//! checks that run something as a fresh machine would: `cargo xtask fresh`
//! (Debian 12, the README's set-up) and `cargo xtask dist --check` (a
//! player's Debian 12 and 13, and Debian 11 for the static terminal game).
//!
//! A suite's bare root is made once, from this machine's Debian mirror,
//! and kept in `target/roots/SUITE/bare`; it is remade when missing or
//! unfinished (`.made` is written last). Each use works in a copy of it
//! (`copy_of`), mounted, and unmounted and deleted after (`Root::finish`),
//! so no check sees what another installed.

use crate::sh;
use crate::tools::{self, Need};
use anyhow::{Result, anyhow};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// A copy of a bare root, with `/proc`, `/sys` and `/dev` mounted in.
pub struct Root {
    pub path: PathBuf,
}

/// The bare root of a Debian `suite` (`bullseye`, `bookworm`, `trixie`),
/// made when it is missing.
pub fn bare(suite: &str) -> Result<PathBuf> {
    let dir = sh::root().join("target/roots").join(suite);
    let bare = dir.join("bare");
    if bare.join(".made").exists() {
        return Ok(bare);
    }
    tools::ensure_programs(&[Need {
        program: "debootstrap",
        package: "debootstrap",
        backports: false,
    }])?;
    remove_root(&bare)?;
    let mirror = apt_mirror()?;
    let start = Instant::now();
    sh::run(sh::cmd(
        "debootstrap",
        &[
            "--variant=minbase",
            suite,
            &bare.display().to_string(),
            &mirror,
        ],
    ))?;
    std::fs::write(bare.join(".made"), "")?;
    println!(
        "roots: a bare {suite} root made in {} s, kept in {}",
        start.elapsed().as_secs(),
        bare.display()
    );
    Ok(bare)
}

/// A fresh copy of `suite`'s bare root named `name` (an older copy of that
/// name is deleted first), with this machine's name server, mounted.
pub fn copy_of(suite: &str, name: &str) -> Result<Root> {
    let bare = bare(suite)?;
    let path = bare.with_file_name(name);
    remove_root(&path)?;
    sh::run(sh::cmd(
        "cp",
        &[
            "-a",
            &bare.display().to_string(),
            &path.display().to_string(),
        ],
    ))?;
    std::fs::copy("/etc/resolv.conf", path.join("etc/resolv.conf"))
        .map_err(|e| anyhow!("copying /etc/resolv.conf: {e}"))?;
    let root = Root { path };
    if let Err(e) = mount(&root.path) {
        let _ = unmount(&root.path);
        return Err(e);
    }
    Ok(root)
}

impl Root {
    /// Runs `script` with bash in the root as its root user, with a clean
    /// environment (only what a root shell on a fresh machine has) and
    /// `env`'s `NAME=value`s.
    pub fn command(&self, script: &str, env: &[String]) -> std::process::Command {
        let mut args = vec![
            self.path.display().to_string(),
            "/usr/bin/env".into(),
            "-i".into(),
            "HOME=/root".into(),
            "PATH=/root/.cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/usr/games"
                .into(),
            "LANG=C.UTF-8".into(),
            "TERM=xterm".into(),
            "USER=root".into(),
        ];
        args.extend(env.iter().cloned());
        args.extend(["/bin/bash".into(), "-c".into(), script.into()]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        sh::cmd("chroot", &args)
    }

    /// Runs `script` in the root (as `command`), failing if it fails.
    pub fn run(&self, script: &str, env: &[String]) -> Result<()> {
        sh::run(self.command(script, env))
    }

    /// Unmounts the root, and deletes it unless `keep`.
    pub fn finish(self, keep: bool) -> Result<()> {
        unmount(&self.path)?;
        if keep {
            return Ok(());
        }
        std::fs::remove_dir_all(&self.path).map_err(|e| anyhow!("{}: {e}", self.path.display()))
    }
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
pub fn apt_mirror() -> Result<String> {
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
    Err(anyhow!(
        "no apt source of this machine serves bookworm: fresh needs a Debian 12 mirror"
    ))
}

/// `/proc` of its own, this machine's `/sys` and `/dev` (with `pts` and
/// `shm`) bound in, as slaves so nothing mounted inside shows outside.
pub fn mount(root: &Path) -> Result<()> {
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
pub fn unmount(root: &Path) -> Result<()> {
    let mounts = std::fs::read_to_string("/proc/mounts")?;
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
    let left = std::fs::read_to_string("/proc/mounts")?;
    if let Some(m) = left
        .lines()
        .filter_map(|l| l.split_whitespace().nth(1))
        .find(|m| *m == prefix || m.starts_with(&format!("{prefix}/")))
    {
        return Err(anyhow!("{m} is still mounted; unmount it by hand"));
    }
    Ok(())
}

/// Deletes a root left by an earlier run, after unmounting what is in it.
pub fn remove_root(root: &Path) -> Result<()> {
    if !root.exists() {
        return Ok(());
    }
    unmount(root)?;
    std::fs::remove_dir_all(root).map_err(|e| anyhow!("{}: {e}", root.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

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
