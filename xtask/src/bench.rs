//! `cargo xtask bench`: runs the criterion benchmarks (`benches/`), then
//! prints one table of the medians with each peer's time as a ratio to
//! ours, the targets of the pathfinding issue, the checks the bench printed
//! (sizes, allocations, answers that differ) and the machine's load.

use crate::sh;
use std::path::Path;

/// The hand-made maps of the bench, where a search is held to the plain
/// binary-heap version rather than to the peers.
const HAND_MADE: [&str; 4] = ["serpentine", "spiral", "open", "pillars"];

/// What each group's ratio must reach: ours over the best peer's.
fn target(group: &str) -> Option<(f64, &'static str)> {
    if group.starts_with("astar-rooms") || group.starts_with("astar-caves") {
        Some((1.0 / 5.0, "<= 1/5 of pathfinding"))
    } else if group.starts_with("astar") || HAND_MADE.iter().any(|m| group.ends_with(m)) {
        Some((1.0, "no slower than plain"))
    } else if group.starts_with("dijkstra") {
        Some((1.0 / 4.0, "<= 1/4 of the best peer"))
    } else if group.starts_with("fov") {
        Some((0.7, "<= 0.7 of plain"))
    } else {
        None
    }
}

/// The median of one benchmark in nanoseconds, from criterion's estimates.
fn median(dir: &Path) -> Option<f64> {
    median_interval(dir).map(|(_, m, _)| m)
}

/// The median and the ends of criterion's 95% interval for it: (lower,
/// median, upper), in nanoseconds.
fn median_interval(dir: &Path) -> Option<(f64, f64, f64)> {
    let text = std::fs::read_to_string(dir.join("new/estimates.json")).ok()?;
    let at = text.find("\"median\"")?;
    let rest = &text[at..];
    let number = |key: &str| -> Option<f64> {
        let p = rest.find(key)? + key.len();
        let end = rest[p..].find([',', '}'])?;
        rest[p..p + end].trim().parse().ok()
    };
    Some((
        number("\"lower_bound\":")?,
        number("\"point_estimate\":")?,
        number("\"upper_bound\":")?,
    ))
}

fn show(ns: f64) -> String {
    if ns >= 1e6 {
        format!("{:.2} ms", ns / 1e6)
    } else {
        format!("{:.1} us", ns / 1e3)
    }
}

pub fn run(filter: &[String]) -> Result<(), String> {
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let mut args = vec![
        "bench",
        "-p",
        "amulets-benches",
        "--bench",
        "paths",
        "--bench",
        "frame",
        "--",
    ];
    args.extend(filter.iter().map(String::as_str));
    let out = sh::output(sh::cmd(&sh::cargo(), &args))?;
    let checks: Vec<&str> = out.lines().filter(|l| l.starts_with("check:")).collect();

    let root = sh::root().join("target/criterion");
    let mut groups: Vec<String> = std::fs::read_dir(&root)
        .map_err(|e| format!("{}: {e} (did the benchmarks run?)", root.display()))?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|g| g != "report")
        .collect();
    groups.sort();

    println!(
        "\nAmulets against its peers (medians of criterion; a ratio is ours / theirs, lower is better)"
    );
    println!("load average before the run: {}", load.trim());
    println!(
        "{:<20} {:>10} {:>12} {:>10} {:>12} {:>10} {:>10} {:>8}  target",
        "group", "amulets", "pathfinding", "ratio", "bracket", "ratio", "plain", "ratio"
    );
    for group in &groups {
        let dir = root.join(group);
        let ours = median(&dir.join("amulets"));
        let pf = median(&dir.join("pathfinding"));
        let br = median(&dir.join("bracket"));
        let plain = median(&dir.join("plain"));
        if group == "generate" || group == "frame" {
            for kind in ["rooms", "caves", "glyph", "tile"] {
                if let Some(t) = median(&dir.join(kind)) {
                    println!("{:<20} {:>10}", format!("{group} {kind}"), show(t));
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
        println!(
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
    println!();
    for c in checks {
        println!("{c}");
    }
    Ok(())
}
