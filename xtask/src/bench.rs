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

/// The classes of map the searches are timed on (`amulets_benches::CLASSES`).
const CLASSES: [&str; 4] = ["rooms", "caves", "open", "mazes"];

/// The searches by the clock, as criterion's groups name them, and as the
/// profiler's (`benches/examples/profile.rs`).
const OPS: [(&str, &str); 3] = [
    ("astar", "astar"),
    ("dijkstra1", "dijkstra"),
    ("fov9", "fov"),
];

/// What each group's ratio must reach, and whose time it is over:
/// ours over the plain version's (or the best peer's, for the Dijkstra
/// map of 40 goals).
fn target(group: &str) -> Option<(f64, &'static str)> {
    let class = group.split_once('-').map_or("", |(_, c)| c);
    if group.starts_with("fov") {
        if class == "rooms" || class == "caves" {
            Some((0.4, "<= 0.4 of plain"))
        } else {
            // Open floors and mazes: no worse than before the clock's
            // target came.
            Some((0.7, "<= 0.7 of plain"))
        }
    } else if group.starts_with("astar") || group.starts_with("dijkstra1-") {
        Some((0.8, "<= 0.8 of plain"))
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
        "\nAmulets against its peers (medians of criterion, by the thread's CPU clock; a ratio is ours / theirs, lower is better)"
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
            let who = if words.ends_with("of plain") {
                "plain"
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
    // A* against the Dijkstra map of the same searches' starts: never
    // slower, at the worse end of both intervals.
    for class in CLASSES {
        let a = median_interval(&root.join(format!("astar-{class}/amulets")));
        let d = median_interval(&root.join(format!("dijkstra1-{class}/amulets")));
        if let (Some((_, a, a_hi)), Some((d_lo, d, _))) = (a, d) {
            let worse = a_hi / d_lo;
            let met = if worse <= 1.0 { "met" } else { "not met" };
            say!(
                "{:<20} {:>10} {:>12} {:>10.3}  no slower than the Dijkstra map: {met} ({:.2}, worse end {worse:.2})",
                format!("astar/dijkstra1-{class}"),
                show(a),
                show(d),
                a / d,
                a / d
            );
        }
    }
    let counts = instructions()?;
    both(&root, &counts);
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

/// Instructions a round of each search (callgrind, the repeatable figure
/// here), ours and the plain version's, by the profiler's name
/// (`astar-rooms`): every search of `OPS` on every class.
fn instructions() -> Result<Vec<(String, f64, f64)>> {
    let exe = profile()?;
    let mut counts = Vec::new();
    for (_, search) in OPS {
        for class in CLASSES {
            let what = format!("{search}-{class}");
            let ours = per_round(&exe, &what)?;
            let plain = per_round(&exe, &format!("plain-{what}"))?;
            counts.push((what, ours, plain));
        }
    }
    Ok(counts)
}

/// The table of both measures: each search on each class, ours over the
/// plain version's by the clock (criterion's medians of the thread's CPU
/// time) and by instructions (callgrind), with the clock's target.
fn both(root: &Path, counts: &[(String, f64, f64)]) {
    say!(
        "\nBy the clock and by instructions (a ratio is ours / plain, lower is better; the clock's is the median's, and the target is met at the worse end of its interval)"
    );
    say!(
        "{:<10} {:<6} {:>10} {:>10} {:>7} {:>14} {:>14} {:>7}  target",
        "search",
        "class",
        "ours",
        "plain",
        "clock",
        "ours (instr.)",
        "plain (instr.)",
        "instr."
    );
    for (group_op, search) in OPS {
        for class in CLASSES {
            let group = format!("{group_op}-{class}");
            let dir = root.join(&group);
            let ours = median_interval(&dir.join("amulets"));
            let plain = median_interval(&dir.join("plain"));
            let (Some((_, o, o_hi)), Some((p_lo, p, _))) = (ours, plain) else {
                continue;
            };
            let count = counts
                .iter()
                .find(|(w, _, _)| *w == format!("{search}-{class}"));
            let (ci, cp) = count.map_or((0.0, 0.0), |&(_, a, b)| (a, b));
            let verdict = target(&group).map_or(String::new(), |(goal, words)| {
                let met = if o_hi / p_lo <= goal {
                    "met"
                } else {
                    "not met"
                };
                format!("{words}: {met}")
            });
            say!(
                "{:<10} {:<6} {:>10} {:>10} {:>7.3} {:>14.0} {:>14.0} {:>7.3}  {verdict}",
                group_op,
                class,
                show(o),
                show(p),
                o / p,
                ci,
                cp,
                ci / cp
            );
        }
    }
}
