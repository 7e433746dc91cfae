//! `cargo xtask faults`: the faults a player meets, each done for real to
//! the real binaries (a terminal closed under the game, `kill -9` at
//! seeded moments, a full disk, a read-only directory, another user's
//! save, a FIFO, a huge file, a byte-order mark, no home directory, two
//! games, a panic, a hangup of the desktop game), then a table of what was
//! tried and what was lost. Root's powers would hide some of them, so those
//! games run as `nobody` (`setpriv --reuid=65534`) or as a user no password
//! file names.

use anyhow::{Result, anyhow};
mod browser;
mod cases;
mod kills;
use amulets_rigs::{pane, pty};

use amulets_play::session::AUTOSAVE_TURNS;
use amulets_rigs::say;
use amulets_rigs::{sh, tools};
use std::path::{Path, PathBuf};

/// A browser's fault: the folder to work in and the site's address.
type BrowserCase = fn(&Path, &str) -> Result<Row>;

/// How many times the bot's run is killed.
const KILLS: u32 = 50;

/// One fault tried: how it was made, what the game did, what was lost.
pub struct Row {
    pub fault: &'static str,
    pub made: String,
    pub did: String,
    /// Saved runs lost, or left where the next game cannot continue them.
    pub runs_lost: u32,
    /// Turns of play lost, where the fault can cost some.
    pub turns_lost: Option<u32>,
}

/// The suite's scratch folder, which `nobody` may enter; the games'
/// binaries are copied into it, so `nobody` may run them.
pub struct Scratch {
    root: PathBuf,
    pub tui: String,
    pub sdl: String,
}

impl Scratch {
    fn new() -> Result<Scratch> {
        let root = std::env::temp_dir().join(format!("amulets-faults-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("bin"))?;
        // `AMULETS_FAULTS_BINS`: another build's folder (an older main's,
        // to see the suite fail there).
        let built = std::env::var_os("AMULETS_FAULTS_BINS")
            .map_or_else(|| sh::target_dir().join("debug"), PathBuf::from);
        let copy = |name: &str| -> Result<String> {
            let to = root.join("bin").join(name);
            std::fs::copy(built.join(name), &to).map_err(|e| anyhow!("{name}: {e}"))?;
            Ok(to.display().to_string())
        };
        let scratch = Scratch {
            tui: copy("amulets-tui")?,
            sdl: copy("amulets")?,
            root,
        };
        chmod(&scratch.root, 0o755)?;
        chmod(&scratch.root.join("bin"), 0o755)?;
        Ok(scratch)
    }

    /// A new empty folder for one fault.
    pub fn dir(&self, name: &str) -> Result<PathBuf> {
        let dir = self.root.join(name);
        std::fs::create_dir_all(&dir).map_err(|e| anyhow!("{}: {e}", dir.display()))?;
        Ok(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

pub fn chmod(path: &Path, mode: u32) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
        .map_err(|e| anyhow!("chmod {}: {e}", path.display()))
}

/// `kill -NAME pid`, by bash's own `kill` (a bare system may have no
/// `/bin/kill`).
pub fn signal(pid: u32, name: &str) -> Result<()> {
    let status = std::process::Command::new("bash")
        .args(["-c", &format!("kill -{name} {pid}")])
        .status()?;
    if status.success() {
        Ok(())
    } else {
        Err(anyhow!("kill -{name} {pid} failed"))
    }
}

/// `faults [WORDS]`: every fault, or those whose name has WORDS in it.
#[expect(
    clippy::too_many_lines,
    reason = "a chore's steps in order, as a script would run them"
)]
/// Runs the faults whose names contain `only` (all when empty); with
/// `write_doc`, writes the whole suite's table into docs/faults.md. The
/// browser's faults play the page `built_page` builds (its folder).
pub fn run(
    built_page: impl FnOnce() -> Result<PathBuf>,
    write_doc: bool,
    only: &str,
) -> Result<()> {
    let wanted = |name: &str| only.is_empty() || name.contains(only);
    if !cfg!(target_os = "linux") {
        return Err(anyhow!("the fault suite needs Linux (tmux, ptys, setpriv)"));
    }
    tools::ensure_programs(&[tools::Need {
        program: "tmux",
        package: "tmux",
        backports: false,
    }])?;
    tools::ensure_sdl_build()?;
    // The test profile: the builds `cargo test` made are these.
    sh::run(sh::cmd(
        &sh::cargo(),
        &[
            "build",
            "--profile",
            "test",
            "-p",
            "amulets-tui",
            "-p",
            "amulets-sdl",
        ],
    ))?;
    let scratch = Scratch::new()?;
    let mut rows = Vec::new();
    let mut failed = Vec::new();
    for (name, case) in cases::ALL.into_iter().filter(|(n, _)| wanted(n)) {
        println!("faults: {name}");
        match case(&scratch) {
            Ok(row) => rows.push(row),
            Err(e) => {
                println!("faults: {name} FAILED: {e}");
                failed.push(format!("{name}: {e}"));
            }
        }
    }
    let browser: [(&str, BrowserCase); 5] = [
        (
            "the browser: a save loaded, then the page left",
            browser::load_then_leave,
        ),
        ("the browser: a hidden tab", browser::hidden_tab),
        ("the browser: two tabs", browser::two_tabs),
        ("the browser: a reload at once", browser::reload_at_once),
        ("the browser: no Web Locks", browser::no_web_locks),
    ];
    if browser.iter().any(|(n, _)| wanted(n)) {
        let work = scratch.dir("browser")?;
        let base = crate::page::serve_site(&built_page()?, &work)?;
        for (name, case) in browser.into_iter().filter(|(n, _)| wanted(n)) {
            println!("faults: {name}");
            match case(&work, &base) {
                Ok(row) => rows.push(row),
                Err(e) => {
                    println!("faults: {name} FAILED: {e}");
                    failed.push(format!("{name}: {e}"));
                }
            }
        }
    }
    let kills_name = "kill -9 at seeded moments of the bot's run";
    if !wanted(kills_name) {
        print_table(&rows);
        return if failed.is_empty() {
            Ok(())
        } else {
            Err(anyhow!("faults failed:\n  {}", failed.join("\n  ")))
        };
    }
    println!("faults: {kills_name} ({KILLS} of them)");
    let kills = kills::run(&scratch.tui, &scratch, KILLS);
    match &kills {
        Ok(k) => rows.push(Row {
            fault: "kill -9 mid-run",
            made: format!(
                "{} kills of `--bot` at 0.2-2.5 s, a restart after each",
                k.rounds
            ),
            did: format!(
                "{} kills in play, {} runs ended by the bot; mean {:.1} turns lost",
                k.in_play,
                k.runs_ended,
                f64::from(k.total_turns_lost) / f64::from(k.in_play.max(1))
            ),
            runs_lost: k.runs_lost,
            turns_lost: Some(k.most_turns_lost),
        }),
        Err(e) => failed.push(format!("kill -9: {e}")),
    }
    print_table(&rows);
    let runs_lost: u32 = rows.iter().map(|r| r.runs_lost).sum();
    say!("lost: {runs_lost} runs");
    say!();
    if let Ok(k) = &kills {
        say!(
            "kill -9: the most turns lost {} (bound {AUTOSAVE_TURNS}), in {} kills mid-run",
            k.most_turns_lost,
            k.in_play
        );
        if k.most_turns_lost > AUTOSAVE_TURNS {
            failed.push(format!(
                "kill -9 lost {} turns, more than {AUTOSAVE_TURNS}",
                k.most_turns_lost
            ));
        }
        if k.in_play < KILLS / 2 {
            failed.push(format!(
                "only {} of {KILLS} kills found a run in play",
                k.in_play
            ));
        }
    }
    if runs_lost > 0 {
        failed.push(format!("{runs_lost} runs lost"));
    }
    let report = amulets_rigs::report::take();
    if !write_doc && only.is_empty() {
        let file = sh::root().join("docs/faults.md");
        let page =
            std::fs::read_to_string(&file).map_err(|e| anyhow!("{}: {e}", file.display()))?;
        if let Some(why) = page_differs(&page, &rows) {
            failed.push(format!(
                "{} is not the suite's table ({why}): `cargo xtask faults --page` writes it",
                file.display()
            ));
        }
    }
    if write_doc && only.is_empty() {
        let file = sh::root().join("docs/faults.md");
        let text =
            std::fs::read_to_string(&file).map_err(|e| anyhow!("{}: {e}", file.display()))?;
        let text =
            amulets_rigs::report::put_between(&text, PAGE_FROM, PAGE_TO, report.trim_start())?;
        std::fs::write(&file, text).map_err(|e| anyhow!("{}: {e}", file.display()))?;
        println!("wrote the table into {}", file.display());
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(anyhow!("faults failed:\n  {}", failed.join("\n  ")))
    }
}

/// Where `--page` writes the table in docs/faults.md.
const PAGE_FROM: &str = "<!-- cargo xtask faults --page writes from here -->";
const PAGE_TO: &str = "<!-- to here -->";

/// How the table in `page` (between its marks) differs from the suite's
/// rows, or `None`: the same faults in the same order, each with the same
/// runs lost. The other columns are not compared: they carry the run's
/// timings (milliseconds, a mean of turns), which differ every run.
fn page_differs(page: &str, rows: &[Row]) -> Option<String> {
    let Some(table) = page
        .split_once(PAGE_FROM)
        .and_then(|(_, rest)| rest.split_once(PAGE_TO))
        .map(|(table, _)| table)
    else {
        return Some("its marks are missing".to_string());
    };
    let on_page: Vec<(&str, &str)> = table
        .lines()
        .filter_map(|l| l.strip_prefix("| "))
        .map(|l| l.split(" | ").collect::<Vec<_>>())
        .filter(|cells| cells.len() == 5 && cells[0] != "fault" && !cells[0].starts_with("---"))
        .map(|cells| (cells[0], cells[3]))
        .collect();
    let ran: Vec<(&str, String)> = rows
        .iter()
        .map(|r| (r.fault, r.runs_lost.to_string()))
        .collect();
    let page_names: Vec<&str> = on_page.iter().map(|(f, _)| *f).collect();
    let ran_names: Vec<&str> = ran.iter().map(|(f, _)| *f).collect();
    if page_names != ran_names {
        let missing: Vec<&str> = ran_names
            .iter()
            .filter(|f| !page_names.contains(f))
            .copied()
            .collect();
        let extra: Vec<&str> = page_names
            .iter()
            .filter(|f| !ran_names.contains(f))
            .copied()
            .collect();
        return Some(format!(
            "the page lacks {missing:?} and has {extra:?} the suite did not make, or another order"
        ));
    }
    let lost = on_page
        .iter()
        .zip(&ran)
        .find(|((_, page_lost), (_, lost))| page_lost != lost);
    lost.map(|((fault, page_lost), (_, lost))| {
        format!("{fault}: the page says {page_lost} runs lost, the suite {lost}")
    })
}

fn print_table(rows: &[Row]) {
    say!();
    say!("| fault | how it was made | what the game did | runs lost | turns lost |");
    say!("|---|---|---|---|---|");
    for r in rows {
        let turns = r.turns_lost.map_or("-".to_string(), |t| t.to_string());
        say!(
            "| {} | {} | {} | {} | {turns} |",
            r.fault,
            r.made,
            r.did,
            r.runs_lost
        );
    }
    say!();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(fault: &'static str, runs_lost: u32) -> Row {
        Row {
            fault,
            made: "made".into(),
            did: "did, in 12 ms".into(),
            runs_lost,
            turns_lost: None,
        }
    }

    #[test]
    fn the_page_must_hold_the_suite_s_faults_and_their_runs_lost() {
        let page = format!(
            "# Faults\n{PAGE_FROM}\n\n| fault | how it was made | what the game did | runs lost | turns lost |\n\
             |---|---|---|---|---|\n| panic | made | did, in 40 ms | 0 | 0 |\n| FIFO | made | did | 0 | - |\n\n{PAGE_TO}\n"
        );
        // The same faults and runs lost: another run's timings are fine.
        assert_eq!(
            page_differs(&page, &[row("panic", 0), row("FIFO", 0)]),
            None
        );
        // A fault the page lacks (the read-only disk, once).
        let lacks = page_differs(
            &page,
            &[row("panic", 0), row("read-only", 0), row("FIFO", 0)],
        );
        assert!(lacks.unwrap().contains("\"read-only\""));
        // A run the page says was kept, lost now.
        let lost = page_differs(&page, &[row("panic", 1), row("FIFO", 0)]).unwrap();
        assert!(lost.contains("panic"), "{lost}");
        assert!(page_differs("no marks", &[]).is_some());
    }
}
