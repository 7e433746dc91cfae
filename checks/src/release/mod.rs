//! The release (`target/dist/`, which `cargo xtask dist` writes), each
//! artifact looked at as a player's machine would: the tarball's files,
//! the `.deb` by lintian, the crates as published, the Wio's UF2 against
//! its ELF, the Linux games on bare Debian roots (`linux`), the Windows
//! zip under Wine and the web zip in Chromium (`play`).

mod linux;
mod play;

use amulets_rigs::sh;
use amulets_rigs::tools::{self, Need};
use anyhow::{Context, Result, anyhow};
use std::path::Path;

/// The programs of the Linux tarball: (package, binary).
pub const PROGRAMS: [(&str, &str); 3] = [
    ("amulets-sdl", "amulets"),
    ("amulets-tui", "amulets-tui"),
    ("amulets-gen", "amulets-gen"),
];

/// The newest glibc a program may need: Ubuntu 22.04's and Debian 12's
/// readers have 2.35 and 2.36; Fedora 35's is 2.34.
pub const NEWEST_GLIBC: (u32, u32) = (2, 34);

/// The AppStream id, and the desktop entries' names.
pub const APP_ID: &str = "io.github.amulets.Amulets";

/// The release's version: the workspace's.
pub fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// Writes the release into `target/dist/`, and with `check` checks each
/// file as a player would use it.
/// Checks the release in `dist`: `uf2` is the Wio's image in it, `elf`
/// the firmware it was written from.
pub fn check(dist: &Path, uf2: &Path, elf: &Path) -> Result<()> {
    linux(dist)?;
    self::uf2(uf2, elf)?;
    deb(dist)?;
    let want = linux::host_hash(dist)?;
    linux::check(dist, &want)?;
    play::windows(dist, &want)?;
    play::web(dist)?;
    crates(dist)?;
    let mut verify = sh::cmd("sha256sum", &["--check", "--strict", "SHA256SUMS"]);
    verify.current_dir(dist);
    sh::run(verify)?;
    println!("dist: SHA256SUMS verifies");
    Ok(())
}

/// The tarball's folder as a player's machine sees it.
fn linux(dist: &Path) -> Result<()> {
    let root = dist.join(format!("amulets-{}-linux-x86_64", version()));
    tools::ensure_programs(&[
        Need {
            program: "desktop-file-validate",
            package: "desktop-file-utils",
            backports: false,
        },
        Need {
            program: "appstreamcli",
            package: "appstream",
            backports: false,
        },
    ])?;
    for (_, program) in PROGRAMS {
        let path = root.join("bin").join(program);
        let said = sh::output(sh::cmd(&path.display().to_string(), &["--version"]))?;
        let want = format!("{program} {}", version());
        if said.trim() != want {
            return Err(anyhow!(
                "{program} --version says {:?}, not {want:?}",
                said.trim()
            ));
        }
        let newest = newest_glibc(&path)?;
        if newest > NEWEST_GLIBC {
            return Err(anyhow!(
                "{program} needs GLIBC_{}.{}, newer than {}.{}",
                newest.0,
                newest.1,
                NEWEST_GLIBC.0,
                NEWEST_GLIBC.1
            ));
        }
        let needed = sh::output(sh::cmd("objdump", &["-p", &path.display().to_string()]))?;
        if needed
            .lines()
            .any(|l| l.contains("NEEDED") && l.contains("SDL"))
        {
            return Err(anyhow!(
                "{program} needs an SDL library beside it:\n{needed}"
            ));
        }
        println!(
            "dist: {program} says {want}, needs GLIBC_{}.{} at most, no SDL library",
            newest.0, newest.1
        );
    }
    let tui = dist.join(format!(
        "amulets-tui-{}-linux-x86_64-musl/bin/amulets-tui",
        version()
    ));
    let said = sh::output(sh::cmd(&tui.display().to_string(), &["--version"]))?;
    let headers = sh::output(sh::cmd("objdump", &["-p", &tui.display().to_string()]))?;
    if said.trim() != format!("amulets-tui {}", version()) || headers.contains("NEEDED") {
        return Err(anyhow!(
            "the static terminal game says {said:?} and needs libraries:\n{headers}"
        ));
    }
    println!("dist: the static amulets-tui says its version and needs no library");
    for (_, program) in PROGRAMS {
        man_renders(&root.join(format!("share/man/man6/{program}.6")), program)?;
    }
    let apps = root.join("share/applications");
    for entry in std::fs::read_dir(&apps)?.flatten() {
        sh::run(sh::cmd(
            "desktop-file-validate",
            &[&entry.path().display().to_string()],
        ))?;
    }
    let meta = root.join(format!("share/metainfo/{APP_ID}.metainfo.xml"));
    sh::run(sh::cmd(
        "appstreamcli",
        &["validate", "--no-net", &meta.display().to_string()],
    ))?;
    println!("dist: the desktop entries and the metainfo validate");
    Ok(())
}

/// `lintian` on the package: no error and no warning. The informational
/// tags it shows with `-I` are kept (docs/release.md says why).
fn deb(dist: &Path) -> Result<()> {
    tools::ensure_programs(&[Need {
        program: "lintian",
        package: "lintian",
        backports: false,
    }])?;
    let deb = dist.join(format!("amulets_{}_amd64.deb", version()));
    let out = std::process::Command::new("lintian")
        .args(["--pedantic", "-I", "--tag-display-limit", "0"])
        .arg(&deb)
        .output()
        .map_err(|e| anyhow!("lintian: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let bad = lintian_faults(&text);
    if !out.status.success() || !bad.is_empty() {
        return Err(anyhow!(
            "lintian finds fault with {}:\n{text}{}",
            deb.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let kept: Vec<&str> = text.lines().filter(|l| l.starts_with("I:")).collect();
    println!(
        "dist: lintian --pedantic: no error, warning or pedantic tag; {} informational:\n  {}",
        kept.len(),
        kept.join("\n  ")
    );
    Ok(())
}

/// The lines of lintian's report that fail the package: errors, warnings
/// and pedantic tags; informational ones and its notes pass.
fn lintian_faults(report: &str) -> Vec<&str> {
    report
        .lines()
        .filter(|l| ["E:", "W:", "P:"].iter().any(|k| l.starts_with(k)))
        .collect()
}

/// Removes what cargo unpacked of our crates from an earlier dry run. To
/// build a crate against the others being published with it, cargo puts
/// their packages in a registry of its own under `target/package/`, and
/// unpacks them into `$CARGO_HOME/registry/src/<that registry's hash>/`,
/// where a folder of the same version is taken as unpacked already: the
/// play layer would be built against the core of the first dry run made
/// in this folder (seen: `amulets_core::game::auto` not found). Only our
/// crates' folders outside crates.io's own index are removed.
fn forget_packed_sources() -> Result<()> {
    let home = std::env::var_os("CARGO_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")))
        .context("no CARGO_HOME or HOME")?;
    let Ok(registries) = std::fs::read_dir(home.join("registry/src")) else {
        return Ok(());
    };
    for registry in registries.flatten() {
        if registry.file_name().to_string_lossy().starts_with("index.") {
            continue;
        }
        for krate in PUBLISHED {
            let unpacked = registry.path().join(format!("{krate}-{}", version()));
            if unpacked.exists() {
                std::fs::remove_dir_all(&unpacked)
                    .map_err(|e| anyhow!("{}: {e}", unpacked.display()))?;
            }
        }
    }
    Ok(())
}

/// The crates that would go to crates.io, in dependency order.
const PUBLISHED: [&str; 2] = ["amulets-core", "amulets-play"];

/// `cargo publish --dry-run` for the core crates, in dependency order
/// (cargo packages each, and builds it from its package against the
/// others'); then the packages, unpacked as crates.io would serve them,
/// built for `thumbv6m-none-eabi` as another crate would depend on them.
fn crates(dist: &Path) -> Result<()> {
    forget_packed_sources()?;
    let mut args = vec!["publish", "--dry-run", "--allow-dirty"];
    for krate in PUBLISHED {
        args.extend(["-p", krate]);
    }
    // A target folder of its own, made afresh: cargo takes a crate from a
    // registry, its own too, as built for good once built, and the core
    // built by an earlier dry run would stand in for this one.
    let built = dist.join("publish-target");
    let _ = std::fs::remove_dir_all(&built);
    let mut publish = sh::cmd(&sh::cargo(), &args);
    publish.env("CARGO_TARGET_DIR", &built);
    sh::run(publish)?;
    let work = dist.join("check-crates");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work)?;
    let mut members = Vec::new();
    for krate in PUBLISHED {
        let folder = format!("{krate}-{}", version());
        // As cargo unpacked it to verify it, from the `.crate` it made.
        let packed = built.join("package").join(&folder);
        sh::run(sh::cmd(
            "cp",
            &[
                "-r",
                &packed.display().to_string(),
                &work.display().to_string(),
            ],
        ))?;
        let _ = std::fs::remove_dir_all(work.join(&folder).join("target"));
        members.push(folder);
    }
    let listed: Vec<String> = members.iter().map(|m| format!("{m:?}")).collect();
    let manifest = format!(
        "[workspace]\nmembers = [{}]\nresolver = \"2\"\n\n[patch.crates-io]\n\
         amulets-core = {{ path = {:?} }}\n",
        listed.join(", "),
        members[0]
    );
    std::fs::write(work.join("Cargo.toml"), manifest)?;
    tools::ensure_rust_targets(&["thumbv6m-none-eabi"])?;
    let mut build = sh::cmd(
        &sh::cargo(),
        &[
            "build",
            "--target",
            "thumbv6m-none-eabi",
            "-p",
            PUBLISHED[1],
        ],
    );
    build
        .current_dir(&work)
        .env("CARGO_TARGET_DIR", work.join("target"));
    sh::run(build)?;
    println!(
        "dist: cargo publish --dry-run passes for {}; their packages build for thumbv6m-none-eabi",
        PUBLISHED.join(" and ")
    );
    Ok(())
}

/// The UF2's payload, laid out by its blocks' addresses, is the firmware
/// ELF's loadable bytes as binutils' `objcopy -O binary` writes them (from
/// the lowest, the bootloader's end at 0x4000), and every block is whole.
fn uf2(uf2: &Path, elf: &Path) -> Result<()> {
    tools::ensure_programs(&[Need {
        program: "arm-none-eabi-objcopy",
        package: "binutils-arm-none-eabi",
        backports: false,
    }])?;
    let bin = uf2.with_extension("bin");
    let (from, to) = (elf.display().to_string(), bin.display().to_string());
    sh::run(sh::cmd(
        "arm-none-eabi-objcopy",
        &["-O", "binary", &from, &to],
    ))?;
    let want = std::fs::read(&bin)?;
    let _ = std::fs::remove_file(&bin);
    let blocks = std::fs::read(uf2)?;
    let payload = amulets_rigs::uf2::read(&blocks, 0x4000, amulets_rigs::uf2::FAMILY_SAMD51)?;
    // The last block is padded to 256 bytes with zeros.
    let whole = payload.len() >= want.len() && payload[want.len()..].iter().all(|&b| b == 0);
    if !whole || payload[..want.len()] != want[..] {
        return Err(anyhow!(
            "the UF2's payload ({} bytes) is not the ELF's loadable bytes ({} bytes, objcopy)",
            payload.len(),
            want.len()
        ));
    }
    println!(
        "dist: the UF2's {} blocks carry the firmware's {} loadable bytes from 0x4000",
        blocks.len() / 512,
        want.len()
    );
    Ok(())
}

/// A manual page renders with `man -l`, with no warning, and names its
/// program.
fn man_renders(page: &Path, program: &str) -> Result<()> {
    tools::ensure_programs(&[Need {
        program: "man",
        package: "man-db",
        backports: false,
    }])?;
    let out = std::process::Command::new("man")
        .args(["--warnings", "-l"])
        .arg(page)
        .env("MANWIDTH", "80")
        .output()
        .map_err(|e| anyhow!("man: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let warned = String::from_utf8_lossy(&out.stderr);
    // The NAME line, its spaces as justified.
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let named = words.contains(&format!("NAME {program} - "));
    if !out.status.success() || !warned.trim().is_empty() || !named {
        return Err(anyhow!(
            "man -l {} did not render it cleanly: {warned}\n{text}",
            page.display()
        ));
    }
    println!(
        "dist: man -l renders {program}(6), {} lines",
        text.lines().count()
    );
    Ok(())
}

/// The newest `GLIBC_x.y` a program's dynamic symbols name.
fn newest_glibc(path: &Path) -> Result<(u32, u32)> {
    let text = sh::output(sh::cmd("objdump", &["-T", &path.display().to_string()]))?;
    Ok(glibc_versions(&text).max().unwrap_or((0, 0)))
}

/// Each `GLIBC_x.y` (or `x.y.z`, read as `x.y`) in `objdump -T`'s words.
fn glibc_versions(text: &str) -> impl Iterator<Item = (u32, u32)> + '_ {
    text.split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter_map(|w| w.strip_prefix("GLIBC_"))
        .filter_map(|v| {
            let mut parts = v.split('.').map(str::parse::<u32>);
            match (parts.next(), parts.next()) {
                (Some(Ok(a)), Some(Ok(b))) => Some((a, b)),
                _ => None,
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lintian_s_errors_warnings_and_pedantic_tags_fail_and_infos_pass() {
        let report = "I: amulets: hardening-no-fortify-functions [usr/games/amulets]\n\
                      N: a note\n\
                      W: amulets: binary-without-manpage usr/games/x\n\
                      E: amulets: no-copyright-file\n\
                      P: amulets: no-homepage-field\n";
        assert_eq!(lintian_faults(report).len(), 3);
        assert!(lintian_faults("I: amulets: x\nN: y\n").is_empty());
    }

    #[test]
    fn the_newest_glibc_is_read_from_objdump_s_words() {
        let text = "0000 DF *UND* 0000 (GLIBC_2.2.5) memcpy\n\
                    0000 DF *UND* 0000 (GLIBC_2.34) __libc_start_main\n\
                    0000 DF *UND* 0000  GLIBC_2.3.4 __xstat\n\
                    0000 DF *UND* 0000 (GLIBC_PRIVATE) x\n";
        assert_eq!(glibc_versions(text).max(), Some((2, 34)));
        assert_eq!(glibc_versions("(GLIBC_2.38) f").max(), Some((2, 38)));
    }
}
