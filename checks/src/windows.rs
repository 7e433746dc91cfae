//! The desktop game and the terminal game built for Windows
//! (`x86_64-pc-windows-gnu`), checked under Wine in a throwaway prefix:
//!
//! - the games import no DLL of mingw's (libgcc, winpthread, libstdc++) nor
//!   SDL's: they run on a Windows with nothing installed beside them;
//! - the desktop game's picture of seed 42 after the same keys equals the
//!   Linux build's, pixel for pixel, in the glyph and the tile view;
//! - a save the Linux game wrote is continued by the Windows game to the
//!   same state hash;
//! - the terminal game plays a recorded replay to the end it recorded;
//! - the shared desktop crate's tests (the save file, its lock, where saves
//!   go: `%APPDATA%`) pass on Windows.

use amulets_rigs::wine::{WINE64, make_prefix, windows_path, wine, wine_env};
use amulets_rigs::{pixels, sh};
use anyhow::{Context, Result, anyhow};
use std::path::Path;

const TARGET: &str = "x86_64-pc-windows-gnu";

/// DLLs a Windows with nothing installed does not have.
const FOREIGN_DLLS: [&str; 5] = ["libgcc", "libwinpthread", "libstdc++", "sdl3", "libssp"];

#[expect(
    clippy::too_many_lines,
    reason = "a chore's steps in order, as a script would run them"
)]
/// Checks the two games built for Windows into `exe_dir` against the same
/// two built for Linux into `linux_dir`.
pub fn check(exe_dir: &Path, linux_dir: &Path) -> Result<()> {
    let cargo = sh::cargo();
    let root = sh::root();
    let (game, terminal) = (exe_dir.join("amulets.exe"), exe_dir.join("amulets-tui.exe"));
    for exe in [&game, &terminal] {
        nothing_beside(exe)?;
    }

    let work = root.join("target/windows");
    if work.exists() {
        std::fs::remove_dir_all(&work).map_err(|e| anyhow!("{}: {e}", work.display()))?;
    }
    let prefix = work.join("prefix");
    std::fs::create_dir_all(&prefix)?;
    make_prefix(&prefix, &work)?;

    // The picture: the same run, the same keys, on both builds.
    let linux_game = linux_dir.join("amulets");
    for view in ["glyph", "tile"] {
        let (on_linux, on_windows) = (
            work.join(format!("linux-{view}.png")),
            work.join(format!("windows-{view}.png")),
        );
        let args = |out: String| {
            vec![
                "42".to_string(),
                "--class".into(),
                "rogue".into(),
                "--view".into(),
                view.into(),
                "--keys".into(),
                "oooo".into(),
                "--screenshot".into(),
                out,
            ]
        };
        linux(&linux_game, &args(on_linux.display().to_string()))?;
        wine(&prefix, &game, &args(windows_path(&on_windows)))?;
        pixels::same_pixels(&on_windows, &on_linux)?;
        println!("windows: the {view} view of seed 42 is the Linux build's, pixel for pixel");
    }

    // A save written on Linux, continued on Windows.
    let saves = work.join("saves");
    let at_save = linux(
        &linux_game,
        &[
            "42",
            "--class",
            "rogue",
            "--keys",
            "oooo{close}",
            "--screenshot",
            &work.join("linux-save.png").display().to_string(),
            "--save-dir",
            &saves.display().to_string(),
        ]
        .map(String::from),
    )?;
    if !saves.join(amulets_desktop::store::SAVE).exists() {
        return Err(anyhow!("the Linux game wrote no save to continue"));
    }
    let continued = wine(
        &prefix,
        &game,
        &[
            "--keys",
            "c",
            "--screenshot",
            &windows_path(&work.join("windows-continued.png")),
            "--save-dir",
            &windows_path(&saves),
        ]
        .map(String::from),
    )?;
    let (saved, went_on) = (state_hash(&at_save)?, state_hash(&continued)?);
    if saved != went_on {
        return Err(sh::failed(
            "windows: a Linux save continues on Windows at its state hash",
            saved,
            went_on,
        ));
    }
    println!("windows: a Linux save continues on Windows at the same state hash, {saved}");

    // The terminal game plays a recorded run to its recorded end.
    let replay = root.join("tests/replays/rogue-42.txt");
    let out = wine(
        &prefix,
        &terminal,
        &["replay".to_string(), windows_path(&replay)],
    )?;
    println!(
        "windows: the terminal game replays {}: {}",
        replay.display(),
        out.trim()
    );

    // The desktop crate's own tests, Windows paths and locks included.
    let mut tests = sh::cmd(
        &cargo,
        &[
            "test",
            "--release",
            "-p",
            "amulets-desktop",
            "--target",
            TARGET,
        ],
    );
    wine_env(&mut tests, &prefix);
    tests.env("CARGO_TARGET_X86_64_PC_WINDOWS_GNU_RUNNER", WINE64);
    sh::run(tests)?;
    println!("xtask windows: the Windows builds play as the Linux ones do");
    Ok(())
}

/// Fails when a program imports a DLL a bare Windows lacks.
fn nothing_beside(exe: &Path) -> Result<()> {
    let dump = sh::output(sh::cmd(
        "x86_64-w64-mingw32-objdump",
        &["-p", &exe.display().to_string()],
    ))?;
    let dlls = imported_dlls(&dump);
    if dlls.is_empty() {
        return Err(anyhow!(
            "{} imports no DLL at all: not a program?",
            exe.display()
        ));
    }
    if let Some(dll) = foreign(&dlls) {
        return Err(anyhow!(
            "{} needs {dll}, which a Windows with nothing installed lacks",
            exe.display()
        ));
    }
    println!(
        "windows: {} needs only Windows' own DLLs ({})",
        exe.display(),
        dlls.join(", ")
    );
    Ok(())
}

/// The DLLs a program imports, as `objdump -p` lists them, in lower case.
fn imported_dlls(dump: &str) -> Vec<String> {
    dump.lines()
        .filter_map(|l| l.trim().strip_prefix("DLL Name: "))
        .map(str::to_ascii_lowercase)
        .collect()
}

/// The first of `dlls` that is no part of Windows (mingw's, SDL's).
fn foreign(dlls: &[String]) -> Option<&str> {
    dlls.iter()
        .find(|d| FOREIGN_DLLS.iter().any(|f| d.starts_with(f)))
        .map(String::as_str)
}

/// Runs a Linux build and returns what it printed.
fn linux(program: &Path, args: &[String]) -> Result<String> {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut c = sh::cmd(&program.display().to_string(), &args);
    c.env("SDL_VIDEO_DRIVER", "offscreen");
    println!("+ {} {}", program.display(), args.join(" "));
    sh::output(c)
}

/// The `state hash H` line a screenshot prints.
pub fn state_hash(printed: &str) -> Result<String> {
    printed
        .lines()
        .find_map(|l| l.strip_prefix("state hash "))
        .map(|h| h.trim().to_string())
        .with_context(|| format!("the game printed no state hash:\n{printed}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `x86_64-w64-mingw32-objdump -p` prints of an import table.
    const DUMP: &str = "\
The Import Tables (interpreted .idata section contents)
 vma:            Hint    Time      Forward  DLL       First
\tDLL Name: KERNEL32.dll
\tvma:  Hint/Ord Member-Name Bound-To
\t1a2b     283  GetProcAddress
\tDLL Name: USER32.dll
\tDLL Name: api-ms-win-core-synch-l1-2-0.dll
";

    #[test]
    fn the_imports_are_read_and_a_foreign_dll_is_named() {
        let dlls = imported_dlls(DUMP);
        assert_eq!(
            dlls,
            [
                "kernel32.dll",
                "user32.dll",
                "api-ms-win-core-synch-l1-2-0.dll"
            ]
        );
        assert_eq!(foreign(&dlls), None);
        let with_sdl = imported_dlls(&format!("{DUMP}\tDLL Name: SDL3.dll\n"));
        assert_eq!(foreign(&with_sdl), Some("sdl3.dll"));
        let with_mingw = imported_dlls(&format!("{DUMP}\tDLL Name: libwinpthread-1.dll\n"));
        assert_eq!(foreign(&with_mingw), Some("libwinpthread-1.dll"));
        assert!(imported_dlls("no imports here").is_empty());
    }

    #[test]
    fn the_state_hash_is_read_from_what_a_screenshot_printed() {
        assert_eq!(state_hash("wrote x\nstate hash 00ab\n").unwrap(), "00ab");
        assert!(state_hash("nothing").is_err());
    }
}
