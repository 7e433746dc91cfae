//! `kill -9` at seeded moments of a run the bot plays (`--bot`), a restart
//! after each: how many turns each kill cost, against the autosave's bound.

use super::pane::{Pane, turn_shown};
use super::{Scratch, signal};
use amulets_core::game::Game;
use anyhow::Result;
use std::thread::sleep;
use std::time::Duration;

/// What the kills cost.
pub struct Kills {
    pub rounds: u32,
    /// Rounds whose kill found a run in play.
    pub in_play: u32,
    /// Runs whose save was gone or unreadable after a kill mid-run.
    pub runs_lost: u32,
    pub most_turns_lost: u32,
    pub total_turns_lost: u32,
    /// Runs the bot ended (died or won) between kills.
    pub runs_ended: u32,
}

/// The moments, from a fixed seed: 200 to 2,500 ms after the run shows.
struct Moments(u64);

impl Moments {
    fn next_ms(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        200 + (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) % 2300
    }
}

/// Plays `rounds` rounds: start the game (`--bot`, continuing the save, or
/// a new run when there is none), wait a seeded moment, `kill -9` it, and
/// compare the turn it last drew with the turn its save holds. The drawn
/// turn is at most one action behind the game's own (a frame is drawn
/// after every input and step), so the figure never overstates the loss.
pub fn run(tui: &str, scratch: &Scratch, rounds: u32) -> Result<Kills> {
    let dir = scratch.dir("kill-9")?;
    let save = dir.join(amulets_desktop::store::SAVE);
    let mut moments = Moments(0x2026_1203);
    let mut k = Kills {
        rounds,
        in_play: 0,
        runs_lost: 0,
        most_turns_lost: 0,
        total_turns_lost: 0,
        runs_ended: 0,
    };
    for round in 0..rounds {
        let class = if save.exists() {
            ""
        } else {
            " --class fighter"
        };
        let pane = Pane::start(
            &format!("kill{round}"),
            &format!("{tui} --bot --seed 42{class} --save-dir {}", dir.display()),
        )?;
        pane.wait_for("Turn ")?;
        sleep(Duration::from_millis(moments.next_ms()));
        signal(pane.pid()?, "KILL")?;
        pane.wait_for_end(Duration::from_secs(5))?;
        sleep(Duration::from_millis(100));
        let screen = pane.screen();
        drop(pane);
        let ended = screen.contains("You die...") || screen.contains("You have won!");
        let saved = match std::fs::read_to_string(&save) {
            Ok(text) => Some(Game::read_save(&text).map_err(|e| e.to_string())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => Some(Err(e.to_string())),
        };
        match (ended, saved, turn_shown(&screen)) {
            (true, None, _) => k.runs_ended += 1,
            (false, Some(Ok(game)), Some(shown)) if game.seed() == 42 => {
                k.in_play += 1;
                let lost = shown.saturating_sub(game.turn());
                k.most_turns_lost = k.most_turns_lost.max(lost);
                k.total_turns_lost += lost;
            }
            (_, saved, shown) => {
                k.runs_lost += 1;
                println!(
                    "kill {round}: the run in play is lost (save: {:?}, turn shown {shown:?})",
                    saved.map(|s| s.map(|g| g.turn()))
                );
                // The next round starts a new run.
                let _ = std::fs::remove_file(&save);
            }
        }
    }
    Ok(k)
}
