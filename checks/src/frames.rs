//! The frame's part of `cargo xtask bench` (docs/painting.md): where a
//! desktop frame goes (painting, uploading and presenting), the page's
//! frame under Node and in headless Chromium (at the machine's speed and
//! throttled 4x, as a phone), the instructions a paint takes, and the CPU
//! an idle window uses; each against its target, and as a ratio to the
//! physical limit, a `memset` of the frame's 5.76 MB.

use crate::measure::median_interval;
use amulets_rigs::cdp::Chrome;
use amulets_rigs::say;
use amulets_rigs::sh;
use amulets_rigs::tools::{self, Need};
use anyhow::{Context, Result, anyhow};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A target: what it says, and whether a figure meets it.
fn verdict(words: &str, met: bool) -> String {
    format!("{words}: {}", if met { "met" } else { "NOT MET" })
}

/// Milliseconds, with the precision a frame's figure needs.
fn ms(ns: f64) -> String {
    if ns >= 1e6 {
        format!("{:.3} ms", ns / 1e6)
    } else {
        format!("{:.1} us", ns / 1e3)
    }
}

/// Prints the frame tables; the targets not met. `built_page` builds the
/// page (its folder) when the page's frames are measured.
pub fn table(
    criterion: &Path,
    built_page: impl FnOnce() -> Result<PathBuf>,
) -> Result<Vec<String>> {
    let mut missed = Vec::new();
    times(&criterion.join("frame"), &mut missed)?;
    instructions(&mut missed)?;
    page(&built_page()?, &mut missed)?;
    idle(&mut missed)?;
    Ok(missed)
}

/// The criterion rows: each median, the worse end of its interval, its
/// ratio to the memset, and its target.
fn times(dir: &Path, missed: &mut Vec<String>) -> Result<()> {
    let get = |name: &str| {
        median_interval(&dir.join(name)).with_context(|| {
            format!(
                "no figure for frame/{name} in {} (did the frame bench run?)",
                dir.display()
            )
        })
    };
    let memset = get("memset")?.1;
    say!("\nA frame (medians of criterion; worse: the slow end of its 95% interval)");
    say!("frame                     median       worse  / memset  target");
    let mut row = |name: &str, target: Option<(String, bool)>| -> Result<()> {
        let (_, median, hi) = get(name)?;
        let words = target.map_or(String::new(), |(words, met)| {
            if !met {
                missed.push(format!("frame {name}: {words}"));
            }
            verdict(&words, met)
        });
        say!(
            "{:<20} {:>11} {:>11} {:>9.3}  {words}",
            name,
            ms(median),
            ms(hi),
            median / memset
        );
        Ok(())
    };
    for view in ["glyph", "tile"] {
        let whole = get(&format!("paint-whole {view}"))?;
        let step = get(&format!("paint-step {view}"))?;
        row(
            &format!("paint-whole {view}"),
            Some(("<= 4 ms".into(), whole.2 <= 4e6)),
        )?;
        // The step at its slowest over the whole at its fastest.
        let part = step.2 / whole.0;
        row(
            &format!("paint-step {view}"),
            Some((
                format!("<= 1 ms and <= 0.05 of whole ({part:.3})"),
                step.2 <= 1e6 && part <= 0.05,
            )),
        )?;
    }
    for name in ["upload-step", "upload-whole", "present", "memset", "copy"] {
        row(name, None)?;
    }
    // A sum of parts against its limit, at the sum of their slow ends.
    let mut sum = |name: &str, parts: &[&str], limit_ms: f64| -> Result<()> {
        let (mut median, mut hi) = (0.0, 0.0);
        for part in parts {
            let (_, m, h) = get(part)?;
            (median, hi) = (median + m, hi + h);
        }
        let words = format!("{} <= {limit_ms} ms", parts.join(" + "));
        let met = hi <= limit_ms * 1e6;
        if !met {
            missed.push(format!("frame {name}: {words}"));
        }
        say!(
            "{:<20} {:>11} {:>11} {:>9.3}  {}",
            format!("{name} (sum)"),
            ms(median),
            ms(hi),
            median / memset,
            verdict(&words, met)
        );
        Ok(())
    };
    // A step shown: painted where it changed (in the slower view, tiles),
    // its rectangles uploaded, then presented.
    sum(
        "step shown",
        &["paint-step tile", "upload-step", "present"],
        1.0,
    )?;
    // A new screen as the player waits for it: painted whole in the
    // slower view (tiles), uploaded whole and presented.
    sum(
        "new screen",
        &["paint-whole tile", "upload-whole", "present"],
        4.0,
    )?;
    Ok(())
}

/// Instructions a paint takes (callgrind, counted inside the paint only,
/// `benches/examples/profile.rs`): a step's, over `STEPS` ordinary steps,
/// and a whole picture's.
fn instructions(missed: &mut Vec<String>) -> Result<()> {
    const STEPS: u32 = 400;
    const WHOLES: u32 = 4;
    let exe = crate::measure::profile()?;
    let count = |what: &str, rounds: u32, inside: &str| -> Result<f64> {
        let n = crate::measure::callgrind(&exe, what, rounds, Some(&format!("*{inside}*")))?;
        Ok(n / f64::from(rounds))
    };
    say!("\nInstructions a paint (callgrind, inside the paint only)");
    say!(
        "{:<20} {:>14} {:>14} {:>8}  target",
        "paint",
        "a step",
        "whole",
        "ratio"
    );
    for view in ["glyph", "tile"] {
        let step = count(&format!("paint-step-{view}"), STEPS, "paint_ordinary")?;
        let whole = count(&format!("paint-whole-{view}"), WHOLES, "paint_whole")?;
        let ratio = step / whole;
        let met = ratio <= 0.05;
        if !met {
            missed.push(format!(
                "instructions of paint-step {view}: <= 0.05 of whole"
            ));
        }
        say!(
            "{:<20} {:>14.0} {:>14.0} {:>8.3}  {}",
            format!("paint {view}"),
            step,
            whole,
            ratio,
            verdict("<= 0.05 of whole", met)
        );
    }
    Ok(())
}

/// The median and the 95th percentile of some frames' times (ms).
fn spread(times: &mut [f64]) -> Option<(f64, f64)> {
    if times.is_empty() {
        return None;
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    Some((at(0.5), at(0.95)))
}

/// Reads a list of numbers out of JSON.
fn numbers(v: &serde_json::Value) -> Vec<f64> {
    v.as_array()
        .map(|a| a.iter().filter_map(serde_json::Value::as_f64).collect())
        .unwrap_or_default()
}

/// The page's frames: the module's own under Node, and the page's in
/// headless Chromium as the bot plays (`?bot`), at the machine's speed and
/// throttled 4x. A step's frame is held at its 95th percentile.
fn page(dir: &Path, missed: &mut Vec<String>) -> Result<()> {
    tools::ensure_programs(&[Need {
        program: "node",
        package: "nodejs",
        backports: false,
    }])?;
    let work = sh::target_dir().join("web-bench");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work)?;
    let base = crate::page::serve_site(dir, &work)?;
    say!("\nThe page's frame (a step: the clock's step, the painting and the canvas; ms)");
    say!(
        "{:<26} {:>7} {:>9} {:>9} {:>7} {:>9}  target",
        "page",
        "steps",
        "median",
        "p95",
        "wholes",
        "median"
    );
    let out = sh::output(sh::cmd(
        "node",
        &[
            &sh::root()
                .join("checks/web-frames.mjs")
                .display()
                .to_string(),
            &dir.join("amulets.wasm").display().to_string(),
            "3000",
        ],
    ))?;
    let v: serde_json::Value =
        serde_json::from_str(out.trim()).map_err(|e| anyhow!("web-frames.mjs: {e}: {out}"))?;
    let (mut part, mut all) = (numbers(&v["part"]), numbers(&v["all"]));
    print_page_row("wasm under Node", &mut part, &mut all, None, missed);
    for (rate, goal) in [(1.0, 2.0), (4.0, 8.0)] {
        let mut times = chromium_frames(&work, &base, rate)?;
        let name = if rate == 1.0 {
            "Chromium".to_string()
        } else {
            format!("Chromium, CPU {rate}x slower")
        };
        print_page_row(&name, &mut times, &mut [], Some(goal), missed);
    }
    Ok(())
}

fn print_page_row(
    name: &str,
    part: &mut [f64],
    all: &mut [f64],
    goal: Option<f64>,
    missed: &mut Vec<String>,
) {
    let n = part.len();
    let Some((median, p95)) = spread(part) else {
        missed.push(format!("page {name}: no step was painted"));
        say!("{name:<26} no step was painted");
        return;
    };
    let whole = spread(all).map_or("-".into(), |(m, _)| format!("{m:.3}"));
    let words = goal.map_or(String::new(), |g| {
        let met = p95 <= g;
        if !met {
            missed.push(format!("page {name}: p95 <= {g} ms"));
        }
        verdict(&format!("p95 <= {g} ms"), met)
    });
    say!(
        "{name:<26} {n:>7} {median:>9.3} {p95:>9.3} {:>7} {whole:>9}  {words}",
        all.len()
    );
}

/// The player's page in headless Chromium, the bot playing seed 42's
/// Fighter, its CPU `rate` times slower: the times of the frames that
/// painted part of the picture over 8 seconds.
fn chromium_frames(work: &Path, base: &str, rate: f64) -> Result<Vec<f64>> {
    let mut chrome = Chrome::launch(&work.join(format!("chrome-{rate}")), &[], crate::page::PAGE)?;
    let tab = chrome.open(&format!("{base}?seed=42&class=fighter&bot"))?;
    crate::page::started(&mut chrome, &tab)?;
    chrome.throttle(&tab, rate)?;
    // From here on: the frames of the throttled page only.
    chrome.eval(&tab, "window.amuletsFrameTimes.length = 0")?;
    std::thread::sleep(Duration::from_secs(8));
    let v = chrome.eval(&tab, "window.amuletsFrameTimes")?;
    Ok(numbers(&v))
}

/// The CPU the desktop game's window takes while nothing changes: the
/// live window (SDL's default renderer, vsync) on an X server of its own
/// (Xvfb), seed 42's first turn, no key pressed; its user and system time
/// over 10 seconds, after 3 to settle. (Not on SDL's offscreen driver: it
/// has no way to wait for an event, and SDL polls it every millisecond.)
fn idle(missed: &mut Vec<String>) -> Result<()> {
    tools::ensure_programs(&[Need {
        program: "Xvfb",
        package: "xvfb",
        backports: false,
    }])?;
    sh::run(sh::cmd(
        &sh::cargo(),
        &[
            "build",
            "--release",
            "-p",
            "amulets-sdl",
            "--bin",
            "amulets",
        ],
    ))?;
    let home = sh::target_dir().join("idle-home");
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home)?;
    // The server writes the display it chose to its standard output.
    let mut x = std::process::Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            "1920x1080x24",
            "-nolisten",
            "tcp",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|e| anyhow!("Xvfb: {e}"))?;
    let mut display = String::new();
    if let Some(out) = x.stdout.take() {
        let _ = std::io::BufRead::read_line(&mut std::io::BufReader::new(out), &mut display);
    }
    let display = format!(":{}", display.trim());
    let game = std::process::Command::new(sh::root().join("target/release/amulets"))
        .args(["42", "--class", "fighter"])
        .env("SDL_VIDEO_DRIVER", "x11")
        .env("DISPLAY", &display)
        .env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .stdin(std::process::Stdio::null())
        .spawn()
        .map_err(|e| anyhow!("the game: {e}"));
    let share = game.and_then(|mut game| {
        let share = cpu_share(game.id());
        // SIGTERM: the game saves (into the bench's own home) and ends.
        let _ = sh::cmd("kill", &["-TERM", &game.id().to_string()]).status();
        let _ = game.wait();
        share
    });
    let _ = x.kill();
    let _ = x.wait();
    let share = share?;
    let met = share <= 2.0;
    if !met {
        missed.push("an idle window: <= 2% of a core".into());
    }
    say!(
        "\nAn idle window: {share:.2}% of a core over 10 s ({})",
        verdict("<= 2%", met)
    );
    Ok(())
}

/// The share of a core (%) process `pid` takes over 10 seconds, after 3.
fn cpu_share(pid: u32) -> Result<f64> {
    let ticks = |pid: u32| -> Result<u64> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .map_err(|e| anyhow!("the game's /proc: {e} (did it end?)"))?;
        // After the name in brackets: state is field 3; utime, stime 14, 15.
        let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
        let f: Vec<u64> = rest
            .split_whitespace()
            .skip(11)
            .take(2)
            .filter_map(|n| n.parse().ok())
            .collect();
        Ok(f.iter().sum())
    };
    std::thread::sleep(Duration::from_secs(3));
    let (before, t0) = (ticks(pid)?, std::time::Instant::now());
    std::thread::sleep(Duration::from_secs(10));
    let (after, took) = (ticks(pid)?, t0.elapsed());
    let hz: f64 = sh::output(sh::cmd("getconf", &["CLK_TCK"]))?
        .trim()
        .parse()
        .map_err(|e| anyhow!("getconf CLK_TCK: {e}"))?;
    Ok((after - before) as f64 / hz / took.as_secs_f64() * 100.0)
}
