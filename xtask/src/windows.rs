//! `cargo xtask windows`: the desktop game and the terminal game built for
//! Windows (`x86_64-pc-windows-gnu`, with Debian's mingw-w64; SDL 3 built
//! from source for it as on Linux), then checked under Wine beside the
//! Linux builds (`amulets_checks::windows`).

use amulets_rigs::sh;
use amulets_rigs::tools::{self, Need};
use anyhow::Result;
use std::path::PathBuf;

const TARGET: &str = "x86_64-pc-windows-gnu";

const NEEDS: [Need; 4] = [
    Need {
        program: "x86_64-w64-mingw32-gcc",
        package: "gcc-mingw-w64-x86-64",
        backports: false,
    },
    // SDL's CMake project asks for a C++ compiler too.
    Need {
        program: "x86_64-w64-mingw32-g++",
        package: "g++-mingw-w64-x86-64",
        backports: false,
    },
    Need {
        program: "/usr/lib/wine/wine64",
        package: "wine64",
        backports: false,
    },
    Need {
        program: "wine",
        package: "wine",
        backports: false,
    },
];

/// The two games, built with the release profile.
const GAMES: [&str; 6] = [
    "build",
    "--release",
    "-p",
    "amulets-sdl",
    "-p",
    "amulets-tui",
];

/// The two games built for Windows; the folder they are in.
pub fn build() -> Result<PathBuf> {
    tools::ensure_rust_targets(&[TARGET])?;
    tools::ensure_programs(&NEEDS)?;
    tools::ensure_sdl_build()?;
    let mut for_windows = GAMES.to_vec();
    for_windows.extend(["--target", TARGET]);
    sh::run(sh::cmd(&sh::cargo(), &for_windows))?;
    Ok(sh::root().join("target").join(TARGET).join("release"))
}

/// Builds the two games for Windows and for Linux, and checks them.
pub fn run() -> Result<()> {
    let exe_dir = build()?;
    // The same two games for Linux, to compare.
    sh::run(sh::cmd(&sh::cargo(), &GAMES))?;
    amulets_checks::windows::check(&exe_dir, &sh::target_dir().join("release"))
}
