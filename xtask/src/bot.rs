//! `cargo xtask bot`: plays whole runs with the core's bot, headless, and
//! prints a table: wins, where the runs ended, turns, the commonest killers,
//! Amulets carried, the share of runs that reached each floor, and any
//! broken invariant or panic (there must be none).

use amulets_core::bot::{RunResult, play_run};
use amulets_core::game::Cause;
use amulets_core::player::Class;
use amulets_rigs::say;
use anyhow::{Result, anyhow};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The bot's runs: how many, which classes, from which seed.
#[derive(clap::Args, Debug)]
pub struct Options {
    /// Runs for each class
    #[arg(long, default_value_t = 100)]
    runs: u32,
    /// Which class plays
    #[arg(long, default_value = "all", value_parser = ["fighter", "rogue", "wizard", "all"])]
    class: String,
    /// The first run's seed; the next runs count up from it
    #[arg(long, default_value_t = 1)]
    seed_from: u32,
    /// Threads to play on
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..))]
    jobs: u16,
    /// Write each run's result as a row of this CSV file
    #[arg(long)]
    csv: Option<String>,
    /// Play the page's runs (300 of each class from seed 1) and fail unless
    /// docs/balance.md's table is this run's, instead of writing it
    #[arg(long, conflicts_with_all = ["runs", "class", "seed_from"])]
    check: bool,
}

impl Options {
    /// The runs docs/balance.md shows, checked against the page (CI).
    pub fn check_page() -> Self {
        Options {
            runs: 300,
            class: "all".into(),
            seed_from: 1,
            jobs: 2,
            csv: None,
            check: true,
        }
    }
}

impl Options {
    /// `--class`: one class by its name, or all three.
    fn classes(&self) -> Vec<Class> {
        Class::named(&self.class).map_or_else(|| Class::ALL.to_vec(), |c| vec![c])
    }
}

/// One run's end: its result, or what broke.
type Played = Result<RunResult>;

fn play(seed: u32, class: Class) -> Played {
    std::panic::catch_unwind(|| play_run(seed, class, |g| g.check_invariants()))
        .map_err(|p| {
            let what = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()));
            anyhow!("seed {seed}: panic: {}", what.unwrap_or_default())
        })?
        .map_err(|f| {
            anyhow!(
                "seed {seed}: {} on floor {}, turn {}",
                f.what,
                f.floor,
                f.turn
            )
        })
}

#[expect(
    clippy::too_many_lines,
    reason = "a chore's steps in order, as a script would run them"
)]
pub fn run(o: &Options) -> Result<()> {
    // `--check` plays the page's runs, on the threads asked for.
    let page;
    let o = if o.check {
        page = Options {
            jobs: o.jobs,
            csv: o.csv.clone(),
            ..Options::check_page()
        };
        &page
    } else {
        o
    };
    let started = std::time::Instant::now();
    let mut all: Vec<(Class, Played)> = Vec::new();
    for class in o.classes() {
        let seeds: Vec<u32> = (0..o.runs).map(|i| o.seed_from.wrapping_add(i)).collect();
        let chunks: Vec<Vec<u32>> = seeds
            .chunks(seeds.len().div_ceil(usize::from(o.jobs)).max(1))
            .map(<[u32]>::to_vec)
            .collect();
        let results: Vec<Played> = std::thread::scope(|s| {
            let handles: Vec<_> = chunks
                .into_iter()
                .map(|chunk| {
                    s.spawn(move || {
                        chunk
                            .into_iter()
                            .map(|seed| play(seed, class))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_default())
                .collect()
        });
        all.extend(results.into_iter().map(|r| (class, r)));
    }
    let seconds = started.elapsed().as_secs_f64();
    let mut failures = Vec::new();
    say!(
        "{} runs in {seconds:.1} s ({:.1} runs a second)",
        all.len(),
        all.len() as f64 / seconds
    );
    say!(
        "{:<8} {:>5} {:>6} {:>7} {:>8}  {:<44} reached floors 1-9 (%)",
        "class",
        "runs",
        "won",
        "turns",
        "amulets",
        "ended on floors 1-9 (deaths, and wins on 9)"
    );
    for class in o.classes() {
        let ok: Vec<RunResult> = all
            .iter()
            .filter(|(c, _)| *c == class)
            .filter_map(|(_, r)| r.as_ref().ok().copied())
            .collect();
        failures.extend(
            all.iter()
                .filter(|(c, _)| *c == class)
                .filter_map(|(_, r)| r.as_ref().err().map(ToString::to_string)),
        );
        if ok.is_empty() {
            continue;
        }
        let n = ok.len() as f64;
        let won = ok.iter().filter(|r| r.won).count();
        let turns = ok.iter().map(|r| f64::from(r.turns)).sum::<f64>() / n;
        let amulets = ok.iter().map(|r| f64::from(r.amulets)).sum::<f64>() / n;
        let mut ended = [0u32; 9];
        let mut reached = [0u32; 9];
        for r in &ok {
            ended[(r.floor - 1) as usize] += 1;
            for count in reached.iter_mut().take(r.floor as usize) {
                *count += 1;
            }
        }
        let reached: Vec<String> = reached
            .iter()
            .map(|&c| format!("{:.0}", 100.0 * f64::from(c) / n))
            .collect();
        say!(
            "{:<8} {:>5} {:>5.1}% {:>7.0} {:>8.2}  {:<44} {}",
            class.name(),
            ok.len(),
            100.0 * won as f64 / n,
            turns,
            amulets,
            format!("{ended:?}"),
            reached.join(" ")
        );
        let mut killers: BTreeMap<String, u32> = BTreeMap::new();
        for r in &ok {
            if let Some(c) = r.killer {
                *killers.entry(killer_name(c)).or_default() += 1;
            }
        }
        let mut killers: Vec<(String, u32)> = killers.into_iter().collect();
        killers.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let top: Vec<String> = killers
            .iter()
            .take(5)
            .map(|(k, c)| format!("{k} {c}"))
            .collect();
        let stuck = ok.iter().filter(|r| r.stuck).count();
        say!("         killers: {}; stuck: {stuck}", top.join(", "));
    }
    if let Some(path) = &o.csv {
        let mut text = String::from("class,seed,won,floor,turns,amulets,kills,gold,killer,stuck\n");
        for (class, r) in &all {
            if let Ok(r) = r {
                let killer = r.killer.map(killer_name).unwrap_or_default();
                writeln!(
                    text,
                    "{},{},{},{},{},{},{},{},{killer},{}",
                    class.name(),
                    r.seed,
                    r.won,
                    r.floor,
                    r.turns,
                    r.amulets,
                    r.kills,
                    r.gold,
                    r.stuck
                )
                .ok();
            }
        }
        std::fs::write(path, text).map_err(|e| anyhow!("{path}: {e}"))?;
        say!("wrote {path}");
    }
    if failures.is_empty() {
        say!("no broken invariant, no panic");
        balance_page(o)?;
        Ok(())
    } else {
        for f in &failures {
            say!("FAILED: {f}");
        }
        Err(anyhow!(
            "{} runs broke an invariant or panicked",
            failures.len()
        ))
    }
}

/// The balance page's table is the run the page names (300 runs of every
/// class from seed 1): written by this chore, or with `--check` compared
/// with the page. Any other run writes nothing there.
fn balance_page(o: &Options) -> Result<()> {
    let report = amulets_rigs::report::take();
    if o.runs != 300 || o.classes() != Class::ALL || o.seed_from != 1 {
        return if o.check {
            Err(anyhow!(
                "--check checks the page's runs: 300 of each class from seed 1"
            ))
        } else {
            Ok(())
        };
    }
    // A CSV's path is this run's, not the page's.
    let report: String = report
        .lines()
        .filter(|l| !l.starts_with("wrote "))
        .map(|l| format!("{l}\n"))
        .collect();
    let page = crate::sh::root().join("docs/balance.md");
    let text = std::fs::read_to_string(&page).map_err(|e| anyhow!("{}: {e}", page.display()))?;
    let written = amulets_rigs::report::put_under(&text, "## Where it stands", &report)?;
    if o.check {
        // All but the first line, the run's time, which differs every run.
        let untimed = |t: &str| -> Vec<String> {
            t.lines()
                .filter(|l| !(l.contains(" runs in ") && l.ends_with("runs a second)")))
                .map(String::from)
                .collect()
        };
        if untimed(&written) != untimed(&text) {
            return Err(anyhow!(
                "{} is not this run's table: `cargo xtask bot --runs 300` writes it",
                page.display()
            ));
        }
        println!("{} is this run's table", page.display());
        return Ok(());
    }
    std::fs::write(&page, written).map_err(|e| anyhow!("{}: {e}", page.display()))?;
    println!("wrote the table into {}", page.display());
    Ok(())
}

fn killer_name(c: Cause) -> String {
    match c {
        Cause::Monster(k) => amulets_core::monster::kind(k).name.to_string(),
        Cause::Poison => "poison".into(),
        Cause::Trap(t) => t.name().into(),
    }
}
