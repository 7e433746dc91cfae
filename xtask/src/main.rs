//! Project chores as Rust code, run as `cargo xtask NAME` (an alias in
//! `.cargo/config.toml`). Each command says what it runs before it runs it,
//! and stops at the first step that fails, with a non-zero exit code.

mod bench;
mod bot;
#[cfg(unix)]
mod cdp;
mod determinism;
mod dist;
mod embedded;
#[cfg(unix)]
mod faults;
#[cfg(unix)]
mod frames;
mod fresh;
mod fuzz;
mod golden;
mod hall;
mod licences;
mod replays;
mod report;
mod roots;
mod sh;
mod shot;
mod tools;
mod web;
mod windows;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command> [args]

commands:
  ci            every check CI runs: fmt, clippy, tests, no_std builds,
                the core's dependencies, determinism on every target, the
                firmware, the Windows build, the fuzzers
  determinism   the core's tests and golden hashes on i686, s390x (QEMU),
                wasm32-wasip1 (Node) and thumbv7em (QEMU mps2-an386)
  golden        rewrite tests/golden/*.txt from the current generators
  replays       record tests/replays/*.txt again with the bot
  replays --ci  record the 200 whole bot runs that determinism plays on
                every target into target/ci-replays/ (not committed)
  fuzz [--seconds N]  run the libFuzzer targets in fuzz/ (60 s each)
  bench [F]     run the benchmarks against the peers (criterion; F filters
                benchmark names) and print the table of medians and ratios
  bot [...]     play whole runs with the bot and print the statistics:
                --runs N --class fighter|rogue|wizard|all --seed-from S
                --jobs J --csv FILE
  run-sdl       build and run the desktop game (arguments after --, as
                `cargo xtask run-sdl -- 12345 --class rogue`); installs
                cmake and the X11 headers SDL3 needs first, when missing
  screenshot    draw the README's pictures headless into docs/ (the glyph
                and the tile view of seed 42, seed 7's whole first floor, and
                the hall of fame over an example hall)
  example-hall DIR
                write the example hall of fame (a few of the bot's runs) as
                DIR/scores.txt, to look at with --save-dir DIR
  run-tui       build and run the terminal game (arguments after --)
  qemu [--seed N --class C --turns T --out DIR --buttons SCRIPT]
                the embedded shell on QEMU's mps2-an386 while the bot plays:
                frames as PNG (target/qemu-frames by default), the state
                hash and the first frame checked against the host's;
                --buttons plays a script of button presses from the title
                instead, its `shot NAME` words written as PNG
  qemu-continue the mps2 firmware saves to a flash file on the host, QEMU
                ends, a second one continues it: the same state hash
  qemu-hall     the hall of fame on the mps2 firmware, over the example
                hall put in its flash file (target/qemu-hall/*.png)
  qemu-palette  high contrast chosen on the mps2 firmware's title is kept in
                its flash file, and a second firmware starts in it
                (target/qemu-palette/*.png)
  qemu-m3-replays [DIR]
                the first 5 replays of DIR (target/ci-replays, which
                `replays --ci` writes) played on QEMU's lm3s6965evb, read
                from the host a piece at a time: each must end as here
  size          flash and RAM of each firmware, the M3's stack high-water
  flash         build the Wio Terminal firmware, write target/amulets-wio.uf2
                (and flash it with probe-rs when a probe is attached)
  dist [--check]
                write the release into target/dist/ (docs/release.md): the
                Linux tarball, the static terminal game's, the web zip and
                SHA256SUMS; --check runs each program's
                --version, holds glibc to 2.34 and no SDL library, validates
                the desktop entries and metainfo, verifies the sums
  windows       build both games for Windows (mingw-w64) and check them
                under Wine: the picture equals the Linux build's, a Linux
                save continues, a replay ends where it did
  web [--serve [PORT] | --check]
                build the browser's game into target/web/; --serve serves
                it on localhost (8000), --check tests it in headless
                Chromium against the desktop game
  faults [WORDS] [--page]
                the faults a player meets, done for real to the real games
                (a closed terminal, kill -9 at 50 seeded moments, a full
                disk, a read-only folder, another user's save, a FIFO, a
                huge file, a BOM, no home, two games, a panic, SIGHUP):
                a table of what was lost (WORDS: only the faults whose
                names have them; --page: the whole table written into
                docs/faults.md)
  msrv          cargo check on the workspace's rust-version (rustup
                installs it), every crate but the SDL game's
  licences      every dependency's licence allowed, no crate twice in two
                major versions unless listed (from cargo metadata)
  fresh [--keep]
                the README's set-up on a bare Debian 12 root (debootstrap):
                the prerequisite line, `cargo xtask run-sdl` (a screenshot),
                `cargo xtask ci`; slow, so not part of ci
  help          this text
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(command) = args.first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let rest = &args[1..];
    // `cargo xtask bot --help` asks for the usage, which is no error; the
    // shells' own `--help` (after `--`) goes through to them.
    let before_dashes = rest.iter().take_while(|a| a.as_str() != "--");
    if before_dashes
        .into_iter()
        .any(|a| a == "--help" || a == "-h")
    {
        print!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let result = match command.as_str() {
        "ci" if rest.is_empty() => ci(),
        "determinism" if rest.is_empty() => determinism::run(),
        "golden" if rest.is_empty() => golden::write(),
        "replays" if rest.is_empty() => replays::write(),
        "replays" if rest == ["--ci"] => replays::write_ci(&web::target_dir().join("ci-replays")),
        "bench" => bench::run(rest),
        "fuzz" => fuzz::run(rest),
        "bot" => bot::run(rest),
        "run-sdl" => {
            tools::ensure_sdl_build().and_then(|()| run_shell("amulets-sdl", "amulets", rest))
        }
        "screenshot" => screenshots(rest),
        "example-hall" if rest.len() == 1 => hall::write_example(std::path::Path::new(&rest[0])),
        "qemu" => embedded::qemu_command(rest),
        "qemu-continue" if rest.is_empty() => embedded::qemu_continue(),
        "qemu-hall" if rest.is_empty() => embedded::hall_shots(),
        "qemu-palette" if rest.is_empty() => embedded::palette_shots(),
        "qemu-m3-replays" if rest.len() <= 1 => {
            let dir = rest.first().map_or_else(
                || web::target_dir().join("ci-replays"),
                std::path::PathBuf::from,
            );
            embedded::lm3s_replays(&dir, 5).map(|m3| println!("{m3}"))
        }
        "size" if rest.is_empty() => embedded::size(),
        "flash" => embedded::flash(rest),
        "run-tui" => run_shell("amulets-tui", "amulets-tui", rest),
        "windows" => windows::run(rest),
        "dist" => dist::run(rest),
        "web" => web::run(rest),
        "fresh" => fresh::run(rest),
        "licences" if rest.is_empty() => licences::run(),
        "msrv" if rest.is_empty() => msrv(),
        #[cfg(unix)]
        "faults" => faults::run(rest),
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(())
        }
        _ => {
            eprintln!("xtask: unknown command or arguments: {}\n", args.join(" "));
            eprint!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

/// One stage of CI.
type Stage = fn() -> Result<(), String>;

/// Everything CI checks, in order from the quickest to fail to the slowest,
/// each stage's time said as it ends (CI has 60 minutes in all).
fn ci() -> Result<(), String> {
    let start = std::time::Instant::now();
    let stages: [(&str, Stage); 9] = [
        ("format and lints", ci_lints),
        // The fuzz targets build apart from the workspace: built early, so
        // a target the core's changes broke is said in minutes.
        ("fuzz", || fuzz::run(&[])),
        ("tests", ci_tests),
        ("boards' core, dependencies, licences, MSRV", ci_crates),
        ("determinism", determinism::run),
        // The embedded shell on QEMU's mps2-an386 (frames, the hash, the
        // first frame against the host's, a save and a palette kept over a
        // restart), then every firmware's size, the Wio Terminal's included.
        ("embedded", || {
            embedded::qemu_command(&[])?;
            embedded::qemu_continue()?;
            embedded::palette_shots()?;
            embedded::size()
        }),
        ("windows", || windows::run(&[])),
        ("web", || web::run(&["--check".to_string()])),
        // What a player downloads, checked as a player would use it
        // (docs/release.md): after the stages that build the same
        // programs, so its builds are mostly done.
        ("release", || dist::run(&["--check".to_string()])),
    ];
    let mut passed: Vec<&str> = Vec::new();
    for (name, stage) in stages {
        let began = std::time::Instant::now();
        stage().map_err(|e| {
            let before = if passed.is_empty() {
                "none".to_string()
            } else {
                passed.join(", ")
            };
            format!("ci stage \"{name}\" failed (passed before it: {before}):\n{e}")
        })?;
        passed.push(name);
        println!(
            "xtask ci: {name}: {} s (all so far {} s)",
            began.elapsed().as_secs(),
            start.elapsed().as_secs()
        );
    }
    println!("xtask ci: all checks passed");
    Ok(())
}

/// Formatting, and clippy on every crate and on the page's WebAssembly.
fn ci_lints() -> Result<(), String> {
    let cargo = sh::cargo();
    tools::ensure_rust_components(&["rustfmt", "clippy"])?;
    sh::run(sh::cmd(&cargo, &["fmt", "--all", "--check"]))?;
    // Every build below builds SDL3 from source for the desktop shell.
    tools::ensure_sdl_build()?;
    sh::run(sh::cmd(
        &cargo,
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
    ))?;
    // The browser's wall to the page is built for WebAssembly only.
    tools::ensure_rust_targets(&["wasm32-unknown-unknown"])?;
    sh::run(sh::cmd(
        &cargo,
        &[
            "clippy",
            "-p",
            "amulets-web",
            "--target",
            "wasm32-unknown-unknown",
            "--",
            "-D",
            "warnings",
        ],
    ))
}

/// Every crate's tests, then the faults a player meets, done for real to
/// the binaries just built.
fn ci_tests() -> Result<(), String> {
    // The terminal game's end-to-end test runs it in tmux.
    tools::ensure_programs(&[tools::Need {
        program: "tmux",
        package: "tmux",
        backports: false,
    }])?;
    sh::run(sh::cmd(&sh::cargo(), &["test", "--workspace"]))?;
    #[cfg(unix)]
    faults::run(&[])?;
    Ok(())
}

/// The core built for the boards, what each crate may depend on, every
/// dependency's licence, and the oldest Rust the workspace declares.
fn ci_crates() -> Result<(), String> {
    tools::ensure_rust_targets(&["thumbv6m-none-eabi", "thumbv7em-none-eabihf"])?;
    for target in ["thumbv6m-none-eabi", "thumbv7em-none-eabihf"] {
        sh::run(sh::cmd(
            &sh::cargo(),
            &[
                "build",
                "-p",
                "amulets-core",
                "-p",
                "amulets-play",
                "--target",
                target,
            ],
        ))?;
    }
    core_dependencies()?;
    desktop_shell_dependencies()?;
    game_crates_docs()?;
    licences::run()?;
    msrv()
}

/// The two game crates' reference docs, built with every warning an
/// error: a link in a doc comment that names nothing fails here.
fn game_crates_docs() -> Result<(), String> {
    let mut c = sh::cmd(
        &sh::cargo(),
        &[
            "doc",
            "--no-deps",
            "-p",
            "amulets-core",
            "-p",
            "amulets-play",
        ],
    );
    c.env("RUSTDOCFLAGS", "-D warnings");
    sh::run(c)
}

/// The crates checked on the oldest Rust the workspace declares: all but
/// the SDL game's (its C build is the same on any Rust, and slow).
const MSRV_CRATES: [&str; 7] = [
    "amulets-core",
    "amulets-play",
    "amulets-desktop",
    "amulets-tui",
    "amulets-gen",
    "amulets-web",
    "amulets-embedded",
];

/// `cargo check` on the `rust-version` of the workspace's Cargo.toml,
/// installed by rustup when missing (minimal profile): what it declares is
/// what builds.
fn msrv() -> Result<(), String> {
    let manifest =
        std::fs::read_to_string(sh::root().join("Cargo.toml")).map_err(|e| e.to_string())?;
    let version = manifest
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = "))
        .map(|v| v.trim().trim_matches('"').to_string())
        .ok_or("the workspace's Cargo.toml declares no rust-version")?;
    let have = sh::output(sh::cmd("rustup", &["toolchain", "list"]))?;
    if !have.lines().any(|l| l.starts_with(&format!("{version}-"))) {
        sh::run(sh::cmd(
            "rustup",
            &["toolchain", "install", &version, "--profile", "minimal"],
        ))?;
    }
    let mut args = vec!["run", version.as_str(), "cargo", "check"];
    for c in MSRV_CRATES {
        args.extend(["-p", c]);
    }
    sh::run(sh::cmd("rustup", &args))?;
    println!("msrv: the crates build on Rust {version}, the rust-version they declare");
    Ok(())
}

/// The core may depend on these crates only (ARCHITECTURE.md, "Crates"):
/// anything else could bring in `std`, `alloc` or other dice.
const CORE_DEPENDENCIES: [&str; 4] = ["heapless", "rand_core", "rand_mt", "rand_xorshift"];

/// The play layer may depend on the core and `heapless` only: no other
/// dice, no `std`, and never a shell.
const PLAY_DEPENDENCIES: [&str; 2] = ["amulets-core", "heapless"];

/// Checks the core's and the play layer's direct dependencies on a
/// bare-metal target, where a crate that needs `std` would show.
fn core_dependencies() -> Result<(), String> {
    for (krate, allowed) in [
        ("amulets-core", &CORE_DEPENDENCIES[..]),
        ("amulets-play", &PLAY_DEPENDENCIES[..]),
    ] {
        let found = direct_dependencies(krate)?;
        if found != allowed {
            return Err(format!(
                "{krate} depends on {found:?}; only {allowed:?} are allowed"
            ));
        }
        println!("{krate}'s dependencies: {}", found.join(", "));
    }
    Ok(())
}

/// A crate's direct dependencies (not for its tests) on a bare-metal
/// target, sorted, each once.
fn direct_dependencies(krate: &str) -> Result<Vec<String>, String> {
    let out = sh::output(sh::cmd(
        &sh::cargo(),
        &[
            "tree",
            "-p",
            krate,
            "--target",
            "thumbv6m-none-eabi",
            "-e",
            "normal",
            "--depth",
            "1",
            "--prefix",
            "none",
        ],
    ))?;
    let mut found: Vec<String> = out
        .lines()
        .skip(1)
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect();
    found.sort_unstable();
    found.dedup();
    Ok(found)
}

/// The terminal's crates stay in the terminal shell: the SDL game shares
/// only `amulets-desktop` with it.
fn desktop_shell_dependencies() -> Result<(), String> {
    let out = sh::output(sh::cmd(
        &sh::cargo(),
        &[
            "tree",
            "-p",
            "amulets-sdl",
            "-e",
            "normal",
            "--prefix",
            "none",
        ],
    ))?;
    let terminal: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|name| ["ratatui", "crossterm", "amulets-tui"].contains(name))
        .collect();
    if !terminal.is_empty() {
        return Err(format!("the SDL game depends on {terminal:?}"));
    }
    println!("the SDL game depends on no terminal crate");
    Ok(())
}

/// Builds and runs one of the shells' binaries with the given arguments.
/// The README's screenshots, made headless by the game itself.
fn screenshots(args: &[String]) -> Result<(), String> {
    if !args.is_empty() {
        return Err(format!(
            "screenshot takes no arguments, not {}",
            args.join(" ")
        ));
    }
    tools::ensure_sdl_build()?;
    sh::run(sh::cmd(
        &sh::cargo(),
        &["build", "--release", "-p", "amulets-sdl"],
    ))?;
    // Seed 42's Rogue four o's in, in both views, and seed 7's first
    // floor whole (F1): the book's Figure 2.1.
    let shots = [
        ("docs/screenshot-glyph.png", "42", "rogue", "glyph", "oooo"),
        ("docs/screenshot-tile.png", "42", "rogue", "tile", "oooo"),
        (
            "docs/screenshot-seed-7.png",
            "7",
            "fighter",
            "glyph",
            "{F1}",
        ),
    ];
    hall_shot()?;
    // Each palette on seed 42's first floor whole (F1): every kind of
    // thing on it in view (`docs/palettes.md`).
    for palette in ["book", "red-green", "blue-yellow", "high-contrast"] {
        let file = format!("docs/palette-{palette}.png");
        sh::run(sh::cmd(
            "target/release/amulets",
            &[
                "42",
                "--class",
                "rogue",
                "--view",
                "glyph",
                "--palette",
                palette,
                "--keys",
                "oooo{F1}",
                "--screenshot",
                &file,
            ],
        ))?;
    }
    for (file, seed, class, view, keys) in shots {
        sh::run(sh::cmd(
            "target/release/amulets",
            &[
                seed,
                "--class",
                class,
                "--view",
                view,
                "--keys",
                keys,
                "--screenshot",
                file,
            ],
        ))?;
    }
    Ok(())
}

/// The hall of fame's screen on the desktop, over the example hall
/// (`hall::example`), the clock set to 2026-12-04.
fn hall_shot() -> Result<(), String> {
    let dir = web::target_dir().join("example-hall");
    hall::write_example(&dir)?;
    let dir = dir.to_string_lossy().into_owned();
    let mut c = sh::cmd(
        "target/release/amulets",
        &[
            "1",
            "--save-dir",
            &dir,
            "--keys",
            "h",
            "--screenshot",
            "docs/hall-desktop.png",
        ],
    );
    c.env("AMULETS_NOW", "1796412000");
    sh::run(c)
}

fn run_shell(package: &str, binary: &str, args: &[String]) -> Result<(), String> {
    let args: Vec<&str> = match args.first().map(String::as_str) {
        Some("--") => args[1..].iter().map(String::as_str).collect(),
        _ => args.iter().map(String::as_str).collect(),
    };
    let mut all = vec!["run", "--release", "-p", package, "--bin", binary, "--"];
    all.extend(args);
    sh::run(sh::cmd(&sh::cargo(), &all))
}
