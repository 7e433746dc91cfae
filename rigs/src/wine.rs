//! Windows programs run under Debian's Wine, headless and downloading
//! nothing: a prefix of their own (with the stand-in for the one DLL
//! Wine 8 lacks, `rigs/wine/`), a program run and what it printed, and
//! Wine's name for a Linux path.

use crate::sh;
use anyhow::{Result, anyhow};
use std::path::{Path, PathBuf};

/// Debian's 64-bit Wine.
pub const WINE64: &str = "/usr/lib/wine/wine64";

/// The environment of a headless Wine that downloads nothing.
pub fn wine_env(c: &mut std::process::Command, prefix: &Path) {
    c.env("WINEPREFIX", prefix)
        .env("WINEDEBUG", "-all")
        .env("WINEDLLOVERRIDES", "mscoree=;mshtml=")
        .env("SDL_VIDEO_DRIVER", "offscreen")
        .env_remove("DISPLAY");
}

/// A new Wine prefix, with the stand-in for the DLL Wine 8 lacks.
pub fn make_prefix(prefix: &Path, work: &Path) -> Result<()> {
    let dll = work.join("bcryptprimitives.dll");
    sh::run(sh::cmd(
        "x86_64-w64-mingw32-gcc",
        &[
            "-O2",
            "-shared",
            "-s",
            "-o",
            &dll.display().to_string(),
            &sh::root()
                .join("rigs/wine/bcryptprimitives.c")
                .display()
                .to_string(),
            "-ladvapi32",
        ],
    ))?;
    let mut boot = sh::cmd(WINE64, &["wineboot", "--init"]);
    wine_env(&mut boot, prefix);
    sh::run(boot)?;
    let mut wait = sh::cmd("/usr/lib/wine/wineserver64", &["--wait"]);
    wine_env(&mut wait, prefix);
    sh::run(wait)?;
    let system32 = prefix.join("drive_c/windows/system32");
    std::fs::copy(&dll, system32.join("bcryptprimitives.dll"))
        .map_err(|e| anyhow!("{}: {e}", system32.display()))?;
    Ok(())
}

/// Runs a Windows build under Wine and returns what it printed.
pub fn wine(prefix: &Path, program: &Path, args: &[String]) -> Result<String> {
    let mut all = vec![program.display().to_string()];
    all.extend(args.iter().cloned());
    let all: Vec<&str> = all.iter().map(String::as_str).collect();
    println!("+ wine {}", all.join(" "));
    let run = || {
        let mut c = sh::cmd(WINE64, &all);
        wine_env(&mut c, prefix);
        sh::output(c)
    };
    // Once in a fresh prefix Wine was seen to end a program at its start,
    // with status 1 and not a word from it; a second try tells that apart
    // from the program failing, which fails again.
    run().or_else(|e| {
        println!("windows: {e}; trying once more");
        run()
    })
}

/// Wine's name for a Linux path: drive Z: is the Linux root.
pub fn windows_path(path: &Path) -> String {
    let absolute: PathBuf = if path.is_absolute() {
        path.to_path_buf()
    } else {
        sh::root().join(path)
    };
    format!("Z:{}", absolute.display()).replace('/', "\\")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_linux_path_is_wine_s_drive_z() {
        assert_eq!(
            windows_path(Path::new("/tmp/work/save.txt")),
            "Z:\\tmp\\work\\save.txt"
        );
        assert!(windows_path(Path::new("docs/x.png")).starts_with("Z:\\"));
    }
}
