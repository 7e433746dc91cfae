//! `cargo xtask ci`: every check CI runs, in stages from the quickest to
//! fail to the slowest, and the checks of what each crate may depend on.

#[cfg(unix)]
use crate::{determinism, dist, embedded, fuzz, licences, sh, tools, web, windows};
use anyhow::{Context, Result, anyhow};

/// One stage of CI.
type Stage = fn() -> Result<()>;

/// Everything CI checks, in order from the quickest to fail to the slowest,
/// each stage's time said as it ends (CI has 60 minutes in all).
pub fn run() -> Result<()> {
    let start = std::time::Instant::now();
    let stages: [(&str, Stage); 9] = [
        ("format and lints", ci_lints),
        // The fuzz targets build apart from the workspace: built early, so
        // a target the core's changes broke is said in minutes.
        ("fuzz", || fuzz::run(60)),
        ("tests", ci_tests),
        ("boards' core, dependencies, licences, MSRV", ci_crates),
        ("determinism", determinism::run),
        // The embedded shell on QEMU's mps2-an386 (frames, the hash, the
        // first frame against the host's, a save and a palette kept over a
        // restart), the LM3S6965 kit's own panel and keys, the Pico's UF2
        // in an RP2040 emulator, then every firmware's size, the Wio
        // Terminal's included.
        ("embedded", || {
            amulets_checks::boards::qemu_command(&amulets_checks::boards::QemuOptions::default())?;
            amulets_checks::boards::qemu_continue()?;
            amulets_checks::boards::palette_shots()?;
            amulets_checks::boards::oled::ci()?;
            let pico = sh::target_dir().join("amulets-pico.uf2");
            amulets_checks::boards::pico_uf2(&pico)?;
            amulets_checks::boards::pico::ci(&pico)?;
            embedded::size()
        }),
        ("windows", || windows::run()),
        ("web", || web::run(None, true)),
        // What a player downloads, checked as a player would use it
        // (docs/release.md): after the stages that build the same
        // programs, so its builds are mostly done.
        ("release", || dist::run(true)),
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
            anyhow!("ci stage \"{name}\" failed (passed before it: {before}):\n{e:#}")
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
fn ci_lints() -> Result<()> {
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
/// the binaries just built, then the bot's balance page checked.
fn ci_tests() -> Result<()> {
    // The terminal game's end-to-end test runs it in tmux.
    tools::ensure_programs(&[tools::Need {
        program: "tmux",
        package: "tmux",
        backports: false,
    }])?;
    sh::run(sh::cmd(&sh::cargo(), &["test", "--workspace"]))?;
    #[cfg(unix)]
    amulets_checks::faults::run(web::build, false, "")?;
    // The pages a tool writes are its output for this code: the fault
    // suite's just now, the bot's balance table here.
    crate::bot::run(&crate::bot::Options::check_page())
}

/// The core built for the boards, what each crate may depend on, every
/// dependency's licence, and the oldest Rust the workspace declares.
fn ci_crates() -> Result<()> {
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
fn game_crates_docs() -> Result<()> {
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
pub fn msrv() -> Result<()> {
    let manifest = std::fs::read_to_string(sh::root().join("Cargo.toml"))?;
    let version = manifest
        .lines()
        .find_map(|l| l.strip_prefix("rust-version = "))
        .map(|v| v.trim().trim_matches('"').to_string())
        .context("the workspace's Cargo.toml declares no rust-version")?;
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
fn core_dependencies() -> Result<()> {
    for (krate, allowed) in [
        ("amulets-core", &CORE_DEPENDENCIES[..]),
        ("amulets-play", &PLAY_DEPENDENCIES[..]),
    ] {
        let found = direct_dependencies(krate)?;
        if found != allowed {
            return Err(anyhow!(
                "{krate} depends on {found:?}; only {allowed:?} are allowed"
            ));
        }
        println!("{krate}'s dependencies: {}", found.join(", "));
    }
    Ok(())
}

/// A crate's direct dependencies (not for its tests) on a bare-metal
/// target, sorted, each once.
fn direct_dependencies(krate: &str) -> Result<Vec<String>> {
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
fn desktop_shell_dependencies() -> Result<()> {
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
        return Err(anyhow!("the SDL game depends on {terminal:?}"));
    }
    println!("the SDL game depends on no terminal crate");
    Ok(())
}
