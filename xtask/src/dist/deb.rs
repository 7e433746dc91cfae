//! The Debian package, `amulets_VERSION_amd64.deb`, made with `dpkg-deb`
//! from the Linux tarball's folder: the programs in `/usr/games`, the
//! desktop entries, icons and metainfo under `/usr/share`, the manual
//! pages gzipped, and the docs with a machine-readable `copyright`.

use super::{copy, mkdir};
use crate::sh;
use crate::tools::{self, Need};
use amulets_checks::release::{NEWEST_GLIBC, PROGRAMS, version};
use anyhow::{Result, anyhow};
use std::path::{Path, PathBuf};

/// What SDL loads at run time with `dlopen`, which `dpkg-shlibdeps`
/// cannot see, besides what the programs link (glibc, libgcc): X11's
/// libraries for its X11 backend, and Wayland's, xkbcommon, EGL and
/// libdecor (the window's frame on GNOME and Weston) for its Wayland one.
/// SDL needs libX11 and libXext to use X11 at all, and the four Wayland
/// libraries to use Wayland at all; the rest it uses when they are there,
/// and a desktop has them: Depends, as a player would expect a game to
/// work the way it is shown. A Wayland window has no framebuffer of its
/// own: SDL draws into it with OpenGL (ES), through glvnd's libGL and
/// libGLESv2, which need a driver (`RECOMMENDS`).
const RUN_TIME: [&str; 17] = [
    "libx11-6",
    "libxext6",
    "libxcursor1",
    "libxi6",
    "libxrandr2",
    "libxss1",
    "libxfixes3",
    "libxtst6",
    "libwayland-client0",
    "libwayland-cursor0",
    "libwayland-egl1",
    "libxkbcommon0",
    "libegl1",
    "libdecor-0-0",
    "libgl1",
    "libgles2",
    "libgcc-s1",
];

/// The OpenGL driver a Wayland window is drawn through: Mesa's, which
/// every desktop Debian has; a recommendation, so another vendor's (or a
/// machine that plays only in the terminal) can go without.
const RECOMMENDS: &str = "libgl1-mesa-dri";

/// Who the package names as its maintainer: `DEBFULLNAME <DEBEMAIL>` when
/// the person making the release sets them (docs/release.md), else the
/// project's name at a placeholder address.
fn maintainer() -> String {
    let name = std::env::var("DEBFULLNAME").unwrap_or_else(|_| "Amulets developers".into());
    let mail = std::env::var("DEBEMAIL").unwrap_or_else(|_| "amulets@example.org".into());
    format!("{name} <{mail}>")
}

/// Builds the package from `tree`, the Linux tarball's folder.
pub(super) fn build(dist: &Path, tree: &Path) -> Result<PathBuf> {
    tools::ensure_programs(&[Need {
        program: "dpkg-deb",
        package: "dpkg",
        backports: false,
    }])?;
    let root = dist
        .join("deb")
        .join(format!("amulets_{}_amd64", version()));
    let _ = std::fs::remove_dir_all(&root);
    let games = root.join("usr/games");
    mkdir(&games)?;
    for (_, program) in PROGRAMS {
        copy(&tree.join("bin").join(program), &games.join(program))?;
    }
    let share = root.join("usr/share");
    mkdir(&share)?;
    for dir in ["applications", "metainfo", "icons"] {
        sh::run(sh::cmd(
            "cp",
            &[
                "-r",
                &tree.join("share").join(dir).display().to_string(),
                &share.display().to_string(),
            ],
        ))?;
    }
    let man = share.join("man/man6");
    mkdir(&man)?;
    for (_, program) in PROGRAMS {
        let page = format!("{program}.6");
        copy(&tree.join("share/man/man6").join(&page), &man.join(&page))?;
        gzip(&man.join(&page))?;
    }
    doc(tree, &share.join("doc/amulets"))?;
    control(&root)?;
    let when = sh::output(sh::cmd("git", &["log", "-1", "--format=%ct"]))?;
    let when = when.trim();
    sh::run(sh::cmd(
        "find",
        &[
            &root.display().to_string(),
            "-exec",
            "touch",
            "--no-dereference",
            "-d",
            &format!("@{when}"),
            "{}",
            "+",
        ],
    ))?;
    let deb = dist.join(format!("amulets_{}_amd64.deb", version()));
    let mut c = sh::cmd(
        "dpkg-deb",
        &[
            "--root-owner-group",
            "-Zxz",
            "--build",
            &root.display().to_string(),
            &deb.display().to_string(),
        ],
    );
    // The archive's members are dated by the commit, not the clock.
    c.env("SOURCE_DATE_EPOCH", when);
    sh::run(c)?;
    Ok(deb)
}

/// `/usr/share/doc/amulets`: the copyright, a Debian changelog that points
/// at ours, our changelog and README, and the third-party licences.
fn doc(tree: &Path, doc: &Path) -> Result<()> {
    mkdir(doc)?;
    for file in ["README.md", "CHANGELOG.md", "THIRD-PARTY-LICENSES.txt"] {
        copy(&tree.join(file), &doc.join(file))?;
        gzip(&doc.join(file))?;
    }
    let stamp = sh::output(sh::cmd("git", &["log", "-1", "--format=%ct"]))?;
    let date = sh::output(sh::cmd(
        "date",
        &["-u", "-R", "-d", &format!("@{}", stamp.trim())],
    ))?;
    let changelog = format!(
        "amulets ({v}) unstable; urgency=medium\n\n  \
         * Release {v}: what it brings is in CHANGELOG.md.gz beside this file.\n\n \
         -- {who}  {date}\n",
        v = version(),
        who = maintainer(),
        date = date.trim()
    );
    write(&doc.join("changelog"), &changelog)?;
    gzip(&doc.join("changelog"))?;
    write(&doc.join("copyright"), &copyright())
}

/// The machine-readable copyright file: ours under MIT or Apache-2.0, and
/// where the crates and SDL we link say theirs.
fn copyright() -> String {
    let mit = std::fs::read_to_string(sh::root().join("LICENSE-MIT")).unwrap_or_default();
    let mit: Vec<String> = mit
        .lines()
        .map(|l| {
            if l.trim().is_empty() {
                " .".to_string()
            } else {
                format!(" {l}")
            }
        })
        .collect();
    format!(
        "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n\
         Upstream-Name: Amulets\n\
         Comment: The programs link Rust crates and SDL3 built in; each one's\n \
         licence, with its own licence files, is in\n \
         /usr/share/doc/amulets/THIRD-PARTY-LICENSES.txt.gz.\n\
         \n\
         Files: *\n\
         Copyright: The Amulets developers\n\
         License: MIT or Apache-2.0\n\
         \n\
         License: MIT\n{}\n\
         \n\
         License: Apache-2.0\n \
         Licensed under the Apache License, Version 2.0.\n \
         .\n \
         On Debian systems, the complete text of the Apache License, Version 2.0\n \
         can be found in \"/usr/share/common-licenses/Apache-2.0\".\n",
        mit.join("\n")
    )
}

/// `DEBIAN/control` and `DEBIAN/md5sums`.
fn control(root: &Path) -> Result<()> {
    let debian = root.join("DEBIAN");
    mkdir(&debian)?;
    let sums = sh::output({
        let mut c = sh::cmd(
            "sh",
            &["-c", "find usr -type f | LC_ALL=C sort | xargs md5sum"],
        );
        c.current_dir(root);
        c
    })?;
    write(&debian.join("md5sums"), &sums)?;
    let size = sh::output(sh::cmd(
        "du",
        &[
            "-s",
            "--apparent-size",
            "-k",
            &root.join("usr").display().to_string(),
        ],
    ))?;
    let kib = size.split_whitespace().next().unwrap_or("0");
    let depends = format!(
        "libc6 (>= {}.{}), {}",
        NEWEST_GLIBC.0,
        NEWEST_GLIBC.1,
        RUN_TIME.join(", ")
    );
    let text = format!(
        "Package: amulets\n\
         Version: {version}\n\
         Architecture: amd64\n\
         Maintainer: {maintainer}\n\
         Installed-Size: {kib}\n\
         Depends: {depends}\n\
         Recommends: {RECOMMENDS}\n\
         Section: games\n\
         Priority: optional\n\
         Description: roguelike of nine floors, an Amulet on each\n \
         Amulets is a roguelike: go down nine floors of rooms and caves and\n \
         take each floor's Amulet; the ninth wins the game. A seed plays the\n \
         same game everywhere. This package has the game in a window\n \
         (amulets, on X11 or Wayland), in a terminal (amulets-tui), and the\n \
         dungeon generator on its own (amulets-gen).\n",
        version = version(),
        maintainer = maintainer(),
    );
    write(&debian.join("control"), &text)?;
    Ok(())
}

fn gzip(file: &Path) -> Result<()> {
    sh::run(sh::cmd(
        "gzip",
        &["-9", "-n", "-f", &file.display().to_string()],
    ))
}

fn write(path: &Path, text: &str) -> Result<()> {
    std::fs::write(path, text).map_err(|e| anyhow!("{}: {e}", path.display()))
}
