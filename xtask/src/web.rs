//! `cargo xtask web`: the browser's game, built into `target/web/` (the
//! page, its script and `amulets.wasm`), served on localhost with
//! `--serve`, and checked with `--check` (`amulets_checks::page`).

use amulets_rigs::tools::{self, Need};
use amulets_rigs::{server, sh};
use anyhow::{Result, anyhow};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::time::Instant;

const TARGET: &str = "wasm32-unknown-unknown";
/// Builds the page; with `serve`, serves it on that port; with `check`,
/// tests it in headless Chromium.
pub fn run(serve_on: Option<u16>, check_it: bool) -> Result<()> {
    match (serve_on, check_it) {
        (Some(port), _) => serve(port),
        (None, true) => amulets_checks::page::check(&build()?),
        (None, false) => build().map(|dir| println!("xtask web: the page is in {}", dir.display())),
    }
}

/// Builds the page into `target/web/`; the folder.
pub fn build() -> Result<PathBuf> {
    tools::ensure_rust_targets(&[TARGET])?;
    let start = Instant::now();
    sh::run(sh::cmd(
        &sh::cargo(),
        &[
            "build",
            "-p",
            "amulets-web",
            "--target",
            TARGET,
            "--profile",
            "web",
        ],
    ))?;
    let root = sh::root();
    let dir = sh::target_dir().join("web");
    std::fs::create_dir_all(&dir)?;
    let copy = |from: PathBuf, to: &str| {
        std::fs::copy(&from, dir.join(to)).map_err(|e| anyhow!("{}: {e}", from.display()))
    };
    copy(root.join("shell-web/web/index.html"), "index.html")?;
    copy(root.join("shell-web/web/amulets.js"), "amulets.js")?;
    let built = sh::target_dir().join(TARGET).join("web/amulets_web.wasm");
    let before = std::fs::metadata(&built).map_err(|e| anyhow!("{}: {e}", built.display()))?;
    let wasm = dir.join("amulets.wasm");
    optimise(&built, &wasm)?;
    let size = std::fs::metadata(&wasm)?.len();
    println!(
        "web: amulets.wasm is {size} bytes ({} KiB; {} from rustc, before wasm-opt), built in {:.1} s",
        size / 1024,
        before.len(),
        start.elapsed().as_secs_f64()
    );
    Ok(dir)
}

/// Binaryen's optimiser over the module rustc wrote: at `-O3` it is some
/// 13% smaller, and its frames as fast (`-Os` was 0.4% smaller still and
/// its steps half again slower: docs/web.md, "Its size").
fn optimise(built: &Path, out: &Path) -> Result<()> {
    tools::ensure_programs(&[Need {
        program: "wasm-opt",
        package: "binaryen",
        backports: false,
    }])?;
    // The features rustc's wasm32 target uses (binaryen 108 takes none
    // unless told).
    let features = [
        "--enable-bulk-memory",
        "--enable-sign-ext",
        "--enable-mutable-globals",
        "--enable-nontrapping-float-to-int",
        "--enable-reference-types",
        "--enable-multivalue",
    ];
    let (from, to) = (built.display().to_string(), out.display().to_string());
    let mut args = vec!["-O3", from.as_str(), "-o", to.as_str()];
    args.extend(features);
    sh::run(sh::cmd("wasm-opt", &args))
}

fn serve(port: u16) -> Result<()> {
    let dir = build()?;
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| anyhow!("could not serve on 127.0.0.1:{port}: {e}"))?;
    println!("xtask web: play at http://127.0.0.1:{port}/ (Ctrl-C stops)");
    server::serve_on(listener, dir);
    Ok(())
}
