//! `cargo xtask web`: the browser's game, built into `target/web/` (the
//! page, its script and `amulets.wasm`), served on localhost with
//! `--serve`, and checked with `--check` (`amulets_checks::page`).

use amulets_checks::page::SITE;
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
    for file in ["index.html", "amulets.js", "manifest.webmanifest"] {
        copy(root.join("shell-web/web").join(file), file)?;
    }
    let built = sh::target_dir().join(TARGET).join("web/amulets_web.wasm");
    let before = std::fs::metadata(&built).map_err(|e| anyhow!("{}: {e}", built.display()))?;
    let wasm = dir.join("amulets.wasm");
    optimise(&built, &wasm)?;
    for size in [192, 512] {
        crate::icons::icon(size, &dir.join(format!("icon-{size}.png")))?;
    }
    service_worker(&root, &dir)?;
    let size = std::fs::metadata(&wasm)?.len();
    println!(
        "web: amulets.wasm is {size} bytes ({} KiB; {} from rustc, before wasm-opt), built in {:.1} s",
        size / 1024,
        before.len(),
        start.elapsed().as_secs_f64()
    );
    size_table(&wasm)?;
    Ok(dir)
}

/// The service worker, its cache named by the build: the version and a
/// hash of the page's other files, so a new build is a new worker, which
/// replaces the old cache, and the same build the same worker.
fn service_worker(root: &Path, dir: &Path) -> Result<()> {
    let mut hash = amulets_core::hash::Fnv1a::new();
    for file in SITE.iter().filter(|f| **f != "sw.js") {
        let bytes = std::fs::read(dir.join(file)).map_err(|e| anyhow!("{file}: {e}"))?;
        hash.bytes(&bytes);
    }
    let name = format!("{}-{:012x}", env!("CARGO_PKG_VERSION"), hash.finish() >> 16);
    let text = std::fs::read_to_string(root.join("shell-web/web/sw.js"))?;
    let marked = "const CACHE = 'amulets-BUILD';";
    if !text.contains(marked) {
        return Err(anyhow!("sw.js does not name its cache as {marked}"));
    }
    let text = text.replace(marked, &format!("const CACHE = 'amulets-{name}';"));
    std::fs::write(dir.join("sw.js"), text).map_err(|e| anyhow!("sw.js: {e}"))
}

/// The module's targets: at most 400 KiB, and 150 KiB gzipped.
const MOST_RAW: usize = 400 * 1024;
const MOST_GZIPPED: usize = 150 * 1024;

/// Prints the module's size by its sections, each alone and gzipped, with
/// the targets, and writes the table into docs/web.md ("The module as last
/// built").
fn size_table(wasm: &Path) -> Result<()> {
    let bytes = std::fs::read(wasm).map_err(|e| anyhow!("{}: {e}", wasm.display()))?;
    let (mut code, mut data, mut rest) = (Vec::new(), Vec::new(), bytes[..8].to_vec());
    for (id, section) in sections(&bytes)? {
        match id {
            10 => code.extend_from_slice(section),
            11 => data.extend_from_slice(section),
            _ => rest.extend_from_slice(section),
        }
    }
    let mut say = String::new();
    say.push_str(&format!("{:<34} {:>9} {:>9}\n", "part", "bytes", "gzipped"));
    let mut row = |what: &str, raw: usize, gz: usize, target: &str| {
        let line = format!("{what:<34} {raw:>9} {gz:>9}  {target}");
        say.push_str(line.trim_end());
        say.push('\n');
    };
    row("code (the functions)", code.len(), gzipped(&code)?, "");
    row(
        "data (words, font, tables, tiles)",
        data.len(),
        gzipped(&data)?,
        "",
    );
    row(
        "the rest (types, imports, exports)",
        rest.len(),
        gzipped(&rest)?,
        "",
    );
    let (raw, gz) = (bytes.len(), gzipped(&bytes)?);
    let verdict = |ok: bool| if ok { "met" } else { "not met" };
    row(
        "amulets.wasm",
        raw,
        gz,
        &format!(
            "<= 400 KiB: {}; gzipped <= 150 KiB: {}",
            verdict(raw <= MOST_RAW),
            verdict(gz <= MOST_GZIPPED)
        ),
    );
    print!("{say}");
    let page = sh::root().join("docs/web.md");
    let text = std::fs::read_to_string(&page).map_err(|e| anyhow!("{}: {e}", page.display()))?;
    let text = amulets_rigs::report::put_under(&text, "### The module as last built", &say)?;
    std::fs::write(&page, text).map_err(|e| anyhow!("{}: {e}", page.display()))
}

/// `bytes` gzipped at gzip's best (`gzip -9`), counted.
fn gzipped(bytes: &[u8]) -> Result<usize> {
    use std::io::Write as _;
    let mut child = std::process::Command::new("gzip")
        .args(["-9", "-c", "-n"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| anyhow!("gzip: {e}"))?;
    let mut stdin = child.stdin.take().ok_or_else(|| anyhow!("gzip's input"))?;
    let input = bytes.to_vec();
    let feed = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output()?;
    feed.join().map_err(|_| anyhow!("gzip's input"))??;
    Ok(out.stdout.len())
}

/// A wasm module's sections after its 8-byte header: each one's id and
/// its bytes (its id and size included).
fn sections(bytes: &[u8]) -> Result<Vec<(u8, &[u8])>> {
    let mut out = Vec::new();
    let mut at = 8;
    while at < bytes.len() {
        let begin = at;
        let id = bytes[at];
        at += 1;
        // The size: unsigned LEB128.
        let (mut size, mut shift) = (0usize, 0);
        loop {
            let b = *bytes
                .get(at)
                .ok_or_else(|| anyhow!("a section's size runs past the module"))?;
            at += 1;
            size |= usize::from(b & 0x7f) << shift;
            shift += 7;
            if b < 0x80 {
                break;
            }
        }
        let end = at + size;
        let section = bytes
            .get(begin..end)
            .ok_or_else(|| anyhow!("section {id} runs past the module"))?;
        out.push((id, section));
        at = end;
    }
    Ok(out)
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
