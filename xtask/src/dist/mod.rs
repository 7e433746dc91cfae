//! `cargo xtask dist [--check]`: what a player downloads, in
//! `target/dist/` (docs/release.md). So far the Linux tarball (the three
//! programs built with the release profile and stripped, the README, the
//! licences and the third-party licences, the changelog, the desktop
//! entries, icons drawn from the game's own tiles and the AppStream
//! metainfo), the terminal game built static with musl, the web zip, and
//! the two boards' UF2 files (the Wio Terminal's, the Pico under
//! Waveshare's Pico-LCD-1.3), and `SHA256SUMS` over what it wrote.
//!
//! `--check` looks at each as a player's machine would: the programs say
//! their version, need no glibc newer than 2.34 and no SDL library beside
//! them, the desktop entries and the metainfo validate, and the sums
//! verify.

use anyhow::{Context, Result, anyhow};
mod deb;

use amulets_checks::release::{APP_ID, PROGRAMS, version};
use amulets_rigs::sh;
use amulets_rigs::tools::{self, Need};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

pub fn run(check: bool) -> Result<()> {
    let dist = sh::root().join("target/dist");
    let _ = std::fs::remove_dir_all(&dist);
    std::fs::create_dir_all(&dist).map_err(|e| anyhow!("{}: {e}", dist.display()))?;
    let uf2 = dist.join(format!("amulets-{}-wio-terminal.uf2", version()));
    let (elf, _) = crate::embedded::wio_uf2(&uf2)?;
    let pico = dist.join(format!("amulets-{}-pico-lcd-1.3.uf2", version()));
    amulets_checks::boards::pico_uf2(&pico)?;
    let tarball = linux(&dist)?;
    let tree = dist.join(format!("amulets-{}-linux-x86_64", version()));
    let deb = deb::build(&dist, &tree)?;
    let made = [
        tarball,
        deb,
        musl(&dist)?,
        windows(&dist)?,
        web(&dist)?,
        uf2.clone(),
        pico.clone(),
    ];
    sums(&dist, &made)?;
    println!("dist: {} written", dist.display());
    if check {
        amulets_checks::release::check(&dist, &uf2, &elf)?;
        // The Pico's UF2 as released, booted and played in an RP2040
        // emulator; CI's embedded stage plays the same build already.
        amulets_checks::boards::pico::check(&pico, &sh::target_dir().join("pico-dist"), None)?;
    }
    Ok(())
}

/// The Linux tarball, `amulets-VERSION-linux-x86_64.tar.gz`: its folder
/// made in `dist`, then packed.
fn linux(dist: &Path) -> Result<PathBuf> {
    let name = format!("amulets-{}-linux-x86_64", version());
    let root = dist.join(&name);
    let mut args = vec!["build", "--release", "--locked"];
    for (package, _) in PROGRAMS {
        args.extend(["-p", package]);
    }
    tools::ensure_sdl_build()?;
    sh::run(sh::cmd(&sh::cargo(), &args))?;
    let bin = root.join("bin");
    mkdir(&bin)?;
    for (_, program) in PROGRAMS {
        let to = bin.join(program);
        let from = sh::root().join("target/release").join(program);
        copy(&from, &to)?;
        strip("strip", &to)?;
    }
    docs(&root)?;
    share(&root.join("share"))?;
    let man = root.join("share/man/man6");
    mkdir(&man)?;
    for (_, program) in PROGRAMS {
        let page = sh::output(sh::cmd(
            &bin.join(program).display().to_string(),
            &["--man-page"],
        ))?;
        std::fs::write(man.join(format!("{program}.6")), page)?;
    }
    let tarball = dist.join(format!("{name}.tar.gz"));
    pack(dist, &name, &tarball)?;
    Ok(tarball)
}

/// The terminal game built static with musl, so it runs on any x86_64
/// Linux: `amulets-tui-VERSION-linux-x86_64-musl.tar.gz`.
fn musl(dist: &Path) -> Result<PathBuf> {
    const MUSL: &str = "x86_64-unknown-linux-musl";
    tools::ensure_rust_targets(&[MUSL])?;
    let args = [
        "build",
        "--release",
        "--locked",
        "-p",
        "amulets-tui",
        "--target",
        MUSL,
    ];
    sh::run(sh::cmd(&sh::cargo(), &args))?;
    let name = format!("amulets-tui-{}-linux-x86_64-musl", version());
    let root = dist.join(&name);
    let bin = root.join("bin");
    mkdir(&bin)?;
    let to = bin.join("amulets-tui");
    copy(
        &sh::root()
            .join("target")
            .join(MUSL)
            .join("release/amulets-tui"),
        &to,
    )?;
    strip("strip", &to)?;
    docs(&root)?;
    let tarball = dist.join(format!("{name}.tar.gz"));
    pack(dist, &name, &tarball)?;
    Ok(tarball)
}

/// The page, `amulets-VERSION-web.zip`: the page's files at its root
/// (`web::SITE`: the page, its script, its module, its manifest, its
/// service worker and icons; every path relative, for any static host),
/// and the licences.
fn web(dist: &Path) -> Result<PathBuf> {
    let built = crate::web::build()?;
    let name = format!("amulets-{}-web", version());
    let root = dist.join(&name);
    mkdir(&root)?;
    for file in amulets_checks::page::SITE {
        copy(&built.join(file), &root.join(file))?;
    }
    for doc in ["LICENSE-MIT", "LICENSE-APACHE"] {
        copy(&sh::root().join(doc), &root.join(doc))?;
    }
    let zip = dist.join(format!("{name}.zip"));
    zip_folder(&root, &zip)?;
    let wasm = std::fs::metadata(root.join("amulets.wasm"))?;
    println!(
        "dist: {} (amulets.wasm {} KiB)",
        zip.display(),
        wasm.len() / 1024
    );
    Ok(zip)
}

/// The files of `root` (no folders) zipped as `zip`, the same bytes for
/// the same files: dated by the last commit, no owners or extra fields,
/// sorted.
fn zip_folder(root: &Path, zip: &Path) -> Result<()> {
    tools::ensure_programs(&[Need {
        program: "zip",
        package: "zip",
        backports: false,
    }])?;
    let when = sh::output(sh::cmd("git", &["log", "-1", "--format=%ct"]))?;
    let mut files: Vec<String> = std::fs::read_dir(root)?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    for f in &files {
        let mut touch = sh::cmd("touch", &["-d", &format!("@{}", when.trim()), f]);
        touch.current_dir(root);
        sh::run(touch)?;
    }
    let out = zip.display().to_string();
    let mut args = vec!["-X", "-q", out.as_str()];
    args.extend(files.iter().map(String::as_str));
    let mut c = sh::cmd("zip", &args);
    c.current_dir(root);
    sh::run(c)
}

/// The Windows games, `amulets-VERSION-windows-x86_64.zip`: the two
/// programs `cargo xtask windows` checks, stripped, with the README, the
/// licences and the third-party licences as text a Windows editor opens
/// (`.txt`, CRLF line ends).
fn windows(dist: &Path) -> Result<PathBuf> {
    let built = crate::windows::build()?;
    let name = format!("amulets-{}-windows-x86_64", version());
    let root = dist.join(&name);
    mkdir(&root)?;
    for exe in ["amulets.exe", "amulets-tui.exe"] {
        let to = root.join(exe);
        copy(&built.join(exe), &to)?;
        strip("x86_64-w64-mingw32-strip", &to)?;
    }
    let texts = [
        ("README.md", "README.txt"),
        ("CHANGELOG.md", "CHANGELOG.txt"),
        ("LICENSE-MIT", "LICENSE-MIT.txt"),
        ("LICENSE-APACHE", "LICENSE-APACHE.txt"),
    ];
    for (from, to) in texts {
        let text = std::fs::read_to_string(sh::root().join(from))?;
        std::fs::write(root.join(to), crlf(&text))?;
    }
    let licences = third_party("x86_64-pc-windows-gnu")?;
    std::fs::write(root.join("THIRD-PARTY-LICENSES.txt"), crlf(&licences))?;
    let zip = dist.join(format!("{name}.zip"));
    zip_folder(&root, &zip)?;
    Ok(zip)
}

/// Text with Windows' line ends.
fn crlf(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\n', "\r\n")
}

/// The README, the changelog, the licences and the third-party licences,
/// into a release's folder.
fn docs(root: &Path) -> Result<()> {
    for doc in ["README.md", "CHANGELOG.md", "LICENSE-MIT", "LICENSE-APACHE"] {
        copy(&sh::root().join(doc), &root.join(doc))?;
    }
    std::fs::write(
        root.join("THIRD-PARTY-LICENSES.txt"),
        third_party("x86_64-unknown-linux-gnu")?,
    )?;
    Ok(())
}

/// The freedesktop files under `share/`: the desktop entries, the
/// metainfo and the icons.
fn share(share: &Path) -> Result<()> {
    let from = sh::root().join("xtask/dist");
    let apps = share.join("applications");
    mkdir(&apps)?;
    for entry in [APP_ID.to_string(), format!("{APP_ID}.Terminal")] {
        let file = format!("{entry}.desktop");
        copy(&from.join(&file), &apps.join(&file))?;
    }
    let meta = share.join("metainfo");
    mkdir(&meta)?;
    let file = format!("{APP_ID}.metainfo.xml");
    copy(&from.join(&file), &meta.join(&file))?;
    for size in ICON_SIZES {
        let dir = share.join(format!("icons/hicolor/{size}x{size}/apps"));
        mkdir(&dir)?;
        crate::icons::icon(size, &dir.join(format!("{APP_ID}.png")))?;
    }
    Ok(())
}

/// The icon's sizes, in pixels.
const ICON_SIZES: [u32; 6] = [16, 32, 48, 64, 128, 256];

/// The licences of what the programs are built from: every crate they
/// link (normal dependencies, for Linux), and SDL, which the SDL game
/// links in; each with its licence's name and the licence files it ships.
fn third_party(platform: &str) -> Result<String> {
    let text = sh::output(sh::cmd(
        &sh::cargo(),
        &[
            "metadata",
            "--format-version",
            "1",
            "--locked",
            "--filter-platform",
            platform,
        ],
    ))?;
    let meta: Value = serde_json::from_str(&text)?;
    let linked = linked_packages(&meta)?;
    let mut out = String::from(
        "Amulets is built from these crates and libraries besides its own. Each\n\
         is named with its version and licence, and the licence files it ships\n\
         follow it.\n",
    );
    let packages = meta["packages"].as_array().context("no packages")?;
    for p in packages {
        let id = p["id"].as_str().unwrap_or_default();
        let name = p["name"].as_str().unwrap_or("?");
        if !linked.contains(id) && name != "sdl3-src" {
            continue;
        }
        let version = p["version"].as_str().unwrap_or("?");
        let licence = p["license"].as_str().unwrap_or("(none named)");
        out += &format!("\n{}\n{name} {version}: {licence}\n", "=".repeat(72));
        let dir = Path::new(p["manifest_path"].as_str().unwrap_or("/"))
            .parent()
            .map(Path::to_path_buf);
        let dir = dir.unwrap_or_default();
        // SDL's own licence is in its source, under the crate.
        let dirs = if name == "sdl3-src" {
            vec![dir.clone(), dir.join("SDL")]
        } else {
            vec![dir]
        };
        for d in dirs {
            for file in licence_files(&d) {
                let text = std::fs::read_to_string(&file).unwrap_or_default();
                out += &format!(
                    "\n--- {} ---\n{}\n",
                    file.file_name().unwrap_or_default().to_string_lossy(),
                    text.trim_end()
                );
            }
        }
    }
    Ok(out)
}

/// The ids of the packages the three programs link: theirs and their
/// normal dependencies', not their own crates'.
fn linked_packages(meta: &Value) -> Result<BTreeSet<String>> {
    let ours = crate::licences::workspace_members(meta)?;
    let nodes = meta["resolve"]["nodes"]
        .as_array()
        .context("no resolve graph")?;
    let by_id: BTreeMap<&str, &Value> = nodes
        .iter()
        .filter_map(|n| n["id"].as_str().map(|id| (id, n)))
        .collect();
    let roots = PROGRAMS.iter().filter_map(|(package, _)| {
        ours.iter()
            .find(|id| id.contains(&format!("#{package}@")) || id.contains(&format!("/{package}#")))
    });
    let mut todo: Vec<&str> = roots.copied().collect();
    if todo.len() != PROGRAMS.len() {
        return Err(anyhow!(
            "cargo metadata names {} of the {} programs' packages",
            todo.len(),
            PROGRAMS.len()
        ));
    }
    let mut seen: BTreeSet<&str> = BTreeSet::new();
    while let Some(id) = todo.pop() {
        if !seen.insert(id) {
            continue;
        }
        for dep in by_id
            .get(id)
            .and_then(|n| n["deps"].as_array())
            .into_iter()
            .flatten()
        {
            let normal = dep["dep_kinds"]
                .as_array()
                .is_some_and(|k| k.iter().any(|k| k["kind"].is_null()));
            if let (true, Some(pkg)) = (normal, dep["pkg"].as_str()) {
                todo.push(pkg);
            }
        }
    }
    Ok(seen
        .into_iter()
        .filter(|id| !ours.contains(id))
        .map(str::to_string)
        .collect())
}

/// The licence files at the top of a crate's folder, by name.
fn licence_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .to_uppercase();
            p.is_file()
                && ["LICENSE", "LICENCE", "COPYING", "UNLICENSE", "NOTICE"]
                    .iter()
                    .any(|l| name.starts_with(l))
        })
        .collect();
    files.sort();
    files
}

/// `folder` of `dist` packed as `tarball`, the same bytes for the same
/// files: sorted, owned by root, dated by the last commit.
fn pack(dist: &Path, folder: &str, tarball: &Path) -> Result<()> {
    let when = sh::output(sh::cmd("git", &["log", "-1", "--format=%ct"]))?;
    let mtime = format!("--mtime=@{}", when.trim());
    let out = tarball.display().to_string();
    let mut c = sh::cmd(
        "tar",
        &[
            "--sort=name",
            "--owner=0",
            "--group=0",
            "--numeric-owner",
            &mtime,
            // gzip's header would carry the time it ran.
            "--use-compress-program=gzip -n",
            "-cf",
            &out,
            folder,
        ],
    );
    c.current_dir(dist);
    sh::run(c)
}

/// `SHA256SUMS` in `dist` over `files`.
fn sums(dist: &Path, files: &[PathBuf]) -> Result<()> {
    let names: Vec<String> = files
        .iter()
        .map(|f| {
            f.file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    let mut args = vec!["--"];
    args.extend(names.iter().map(String::as_str));
    let mut c = sh::cmd("sha256sum", &args);
    c.current_dir(dist);
    let text = sh::output(c)?;
    Ok(std::fs::write(dist.join("SHA256SUMS"), text)?)
}

/// A program's symbols stripped by binutils' `strip` (or mingw's), and
/// the compiler's `.comment` section (lintian asks for it gone).
fn strip(strip: &str, file: &Path) -> Result<()> {
    let file = file.display().to_string();
    sh::run(sh::cmd(
        strip,
        &["--strip-all", "--remove-section=.comment", &file],
    ))
}

fn mkdir(dir: &Path) -> Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| anyhow!("{}: {e}", dir.display()))
}

fn copy(from: &Path, to: &Path) -> Result<()> {
    std::fs::copy(from, to)
        .map(drop)
        .map_err(|e| anyhow!("{} -> {}: {e}", from.display(), to.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_for_windows_ends_every_line_with_cr_lf_once() {
        assert_eq!(crlf("a\nb\r\nc\n"), "a\r\nb\r\nc\r\n");
        assert_eq!(crlf("no end"), "no end");
    }
}
