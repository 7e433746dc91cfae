//! `cargo xtask bench`: runs the criterion benchmarks (`benches/`), then
//! prints one table of the medians with each peer's time as a ratio to
//! ours, each search's target, the checks the bench printed
//! (sizes, allocations, answers that differ) and the machine's load; then
//! the frame's tables and targets (`frames`).

use crate::sh;
use amulets_checks::measure::{callgrind, median_interval, profile};
use amulets_rigs::say;
use anyhow::{Result, anyhow};
use std::path::Path;

/// The hand-made maps of the bench, where a search is held to the plain
/// binary-heap version rather than to the peers.
const HAND_MADE: [&str; 4] = ["serpentine", "spiral", "open", "pillars"];

/// What each group's ratio must reach: ours over the best peer's.
fn target(group: &str) -> Option<(f64, &'static str)> {
    if group.starts_with("fov") {
        // Every class, the hand-made maps too.
        Some((0.7, "<= 0.7 of plain"))
    } else if group.starts_with("astar-rooms") || group.starts_with("astar-caves") {
        Some((1.0 / 5.0, "<= 1/5 of pathfinding"))
    } else if group.starts_with("astar") || HAND_MADE.iter().any(|m| group.ends_with(m)) {
        Some((1.0, "no slower than plain"))
    } else if group.starts_with("dijkstra") {
        Some((1.0 / 4.0, "<= 1/4 of the best peer"))
    } else {
        None
    }
}

/// The median of one benchmark in nanoseconds, from criterion's estimates.
fn median(dir: &Path) -> Option<f64> {
    median_interval(dir).map(|(_, m, _)| m)
}

fn show(ns: f64) -> String {
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else {
        format!("{:.1} us", ns / 1e3)
    }
}

#[expect(
    clippy::too_many_lines,
    reason = "a chore's steps in order, as a script would run them"
)]
pub fn run(filter: &[String]) -> Result<()> {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let mut args = vec![
        "bench",
        "-p",
        "amulets-benches",
        "--bench",
        "paths",
        "--bench",
        "frame",
        "--bench",
        "turn",
        "--",
    ];
    args.extend(filter.iter().map(String::as_str));
    let out = sh::output(sh::cmd(&sh::cargo(), &args))?;
    let checks: Vec<&str> = out.lines().filter(|l| l.starts_with("check:")).collect();

    let root = sh::root().join("target/criterion");
    let mut groups: Vec<String> = std::fs::read_dir(&root)
        .map_err(|e| anyhow!("{}: {e} (did the benchmarks run?)", root.display()))?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|g| g != "report")
        .collect();
    groups.sort();

    say!(
        "\nAmulets against its peers (medians of criterion; a ratio is ours / theirs, lower is better)"
    );
    say!("load average before the run: {}", load.trim());
    say!(
        "{:<20} {:>10} {:>12} {:>10} {:>12} {:>10} {:>10} {:>8}  target",
        "group",
        "amulets",
        "pathfinding",
        "ratio",
        "bracket",
        "ratio",
        "plain",
        "ratio"
    );
    for group in &groups {
        let dir = root.join(group);
        let ours = median(&dir.join("amulets"));
        let pf = median(&dir.join("pathfinding"));
        let br = median(&dir.join("bracket"));
        let plain = median(&dir.join("plain"));
        if group == "frame" {
            // The frame's own table, below.
            continue;
        }
        if group == "generate" {
            for kind in ["rooms", "caves"] {
                if let Some(t) = median(&dir.join(kind)) {
                    say!("{:<20} {:>10}", format!("{group} {kind}"), show(t));
                }
            }
            continue;
        }
        let Some(ours) = ours else { continue };
        let ratio = |t: Option<f64>| t.map_or("-".into(), |t| format!("{:.3}", ours / t));
        let cell = |t: Option<f64>| t.map_or("-".into(), show);
        let verdict = target(group).map_or(String::new(), |(goal, words)| {
            let who = if words == "no slower than plain" || group.starts_with("fov") {
                "plain"
            } else if group.starts_with("astar") {
                "pathfinding"
            } else if br.is_some_and(|b| pf.is_none_or(|p| b < p)) {
                "bracket"
            } else {
                "pathfinding"
            };
            // Met only at the worse end of both intervals: ours at its
            // slowest over theirs at its fastest.
            let ends = median_interval(&dir.join("amulets")).zip(median_interval(&dir.join(who)));
            match ends {
                Some(((_, _, ours_hi), (theirs_lo, theirs, _))) => {
                    let (point, worse) = (ours / theirs, ours_hi / theirs_lo);
                    let met = if worse <= goal { "met" } else { "not met" };
                    format!("{words}: {met} ({point:.2}, worse end {worse:.2})")
                }
                None => words.to_string(),
            }
        });
        say!(
            "{:<20} {:>10} {:>12} {:>10} {:>12} {:>10} {:>10} {:>8}  {}",
            group,
            show(ours),
            cell(pf),
            ratio(pf),
            cell(br),
            ratio(br),
            cell(plain),
            ratio(plain),
            verdict
        );
    }
    instructions()?;
    // The frame's tables, when its bench ran.
    let frames = filter.is_empty() || filter.iter().any(|f| f.contains("frame"));
    #[cfg(unix)]
    let missed = if frames {
        amulets_checks::frames::table(&root, crate::web::build)?
    } else {
        Vec::new()
    };
    #[cfg(not(unix))]
    let missed: Vec<String> = Vec::new();
    say!();
    for c in checks {
        say!("{c}");
    }
    if frames && missed.is_empty() {
        say!("frame targets: all met");
    }
    for m in &missed {
        say!("frame target not met: {m}");
    }
    // A whole run's tables are the performance page's last run, written
    // by the bench itself; a run of some groups writes nothing.
    let report = amulets_rigs::report::take();
    if filter.is_empty() {
        let page = sh::root().join("docs/performance.md");
        let text =
            std::fs::read_to_string(&page).map_err(|e| anyhow!("{}: {e}", page.display()))?;
        let text = amulets_rigs::report::put_under(&text, "## The last run", report.trim_start())?;
        std::fs::write(&page, text).map_err(|e| anyhow!("{}: {e}", page.display()))?;
        println!("wrote the tables into {}", page.display());
    }
    Ok(())
}

/// The instructions one round of a search takes: callgrind's count at
/// three rounds less its count at one, halved, so the maps' making is not
/// in it.
fn per_round(exe: &Path, what: &str) -> Result<f64> {
    Ok((callgrind(exe, what, 3, None)? - callgrind(exe, what, 1, None)?) / 2.0)
}

/// The table of instructions (callgrind, the repeatable figure here): each
/// search ours over the tests' plain version on every class, with its
/// target: the field of view at most 0.7 of plain, A*
/// and the Dijkstra map at most 0.9 ("no slower", with room for noise-free
/// counts to mean it).
fn instructions() -> Result<()> {
    let exe = profile()?;
    say!("\nInstructions a round (callgrind; a ratio is ours / plain, lower is better)");
    say!(
        "{:<20} {:>14} {:>14} {:>8}  target",
        "group",
        "amulets",
        "plain",
        "ratio"
    );
    for search in ["astar", "dijkstra", "fov"] {
        for class in ["rooms", "caves"].into_iter().chain(HAND_MADE) {
            let ours = per_round(&exe, &format!("{search}-{class}"))?;
            let plain = per_round(&exe, &format!("plain-{search}-{class}"))?;
            let (goal, words) = if search == "fov" {
                (0.7, "<= 0.7 of plain")
            } else {
                (0.9, "no slower than plain (<= 0.9)")
            };
            let ratio = ours / plain;
            let met = if ratio <= goal { "met" } else { "not met" };
            say!(
                "{:<20} {:>14.0} {:>14.0} {:>8.3}  {words}: {met}",
                format!("{search}-{class}"),
                ours,
                plain,
                ratio
            );
        }
    }
    Ok(())
}
