//! A game in a tmux pane of its own: started as the pane's only process
//! (so its pid is the pane's), kept on the screen when it dies (so what it
//! last drew can be read after a `kill -9`), and typed into.

use anyhow::{Result, anyhow};
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

fn tmux(args: &[&str]) -> Result<String> {
    let out = Command::new("tmux")
        .args(args)
        .output()
        .map_err(|e| anyhow!("tmux: {e} (apt-get install tmux)"))?;
    if !out.status.success() {
        return Err(anyhow!(
            "tmux {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// One pane, and the process in it; the tmux session goes when this does.
pub struct Pane {
    name: String,
}

impl Drop for Pane {
    fn drop(&mut self) {
        let _ = tmux(&["kill-session", "-t", &self.name]);
    }
}

impl Pane {
    /// Runs `command` (a shell command line, `exec`'d so the game is the
    /// pane's process) in a 100 x 40 pane.
    pub fn start(name: &str, command: &str) -> Result<Pane> {
        let name = format!("faults-{name}-{}", std::process::id());
        let _ = tmux(&["kill-session", "-t", &name]);
        tmux(&[
            "new-session",
            "-d",
            "-s",
            &name,
            "-x",
            "100",
            "-y",
            "40",
            &format!("exec {command}"),
            ";",
            "set-option",
            "-t",
            &name,
            "remain-on-exit",
            "on",
        ])?;
        Ok(Pane { name })
    }

    /// What the pane shows now.
    pub fn screen(&self) -> String {
        tmux(&["capture-pane", "-p", "-t", &self.name]).unwrap_or_default()
    }

    /// Waits until the pane shows `text`, and returns the screen.
    pub fn wait_for(&self, text: &str) -> Result<String> {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return Ok(screen);
            }
            if start.elapsed() > Duration::from_secs(15) {
                return Err(anyhow!(
                    "the game never showed {text:?}; it shows:\n{screen}"
                ));
            }
            sleep(Duration::from_millis(50));
        }
    }

    /// Types keys (tmux's names: `Escape`, `Enter`, or characters), giving
    /// the game time to draw each.
    pub fn keys(&self, keys: &[&str]) -> Result<()> {
        for k in keys {
            tmux(&["send-keys", "-t", &self.name, k])?;
            sleep(Duration::from_millis(120));
        }
        Ok(())
    }

    /// The pid of the pane's process (the game).
    pub fn pid(&self) -> Result<u32> {
        let text = tmux(&["display", "-p", "-t", &self.name, "#{pane_pid}"])?;
        text.trim()
            .parse()
            .map_err(|_| anyhow!("no pid for the pane: {text:?}"))
    }

    /// Waits until the game has ended, and gives its exit status: `None`
    /// when tmux never learns it (tmux 3.3 can mark a pane dead when its
    /// pty closes, and then leave the game a zombie, unreaped, for
    /// seconds).
    pub fn wait_for_end(&self, limit: Duration) -> Result<Option<i32>> {
        let start = Instant::now();
        let pid = self.pid()?;
        loop {
            let dead = tmux(&[
                "display",
                "-p",
                "-t",
                &self.name,
                "#{pane_dead} #{pane_dead_status}",
            ])?;
            let mut words = dead.split_whitespace();
            if words.next() == Some("1") {
                if let Some(status) = words.next().and_then(|s| s.parse().ok()) {
                    return Ok(Some(status));
                }
                if gone(pid) && start.elapsed() > Duration::from_secs(1) {
                    return Ok(None);
                }
            }
            if start.elapsed() > limit {
                return Err(anyhow!(
                    "the game did not end within {limit:?}; it shows:\n{}",
                    self.screen()
                ));
            }
            sleep(Duration::from_millis(50));
        }
    }

    /// Ends the whole tmux session, as closing a terminal window does.
    pub fn kill_session(&self) -> Result<()> {
        tmux(&["kill-session", "-t", &self.name]).map(|_| ())
    }
}

/// The turn the panel shows ("Turn 812"), if it shows one.
pub fn turn_shown(screen: &str) -> Option<u32> {
    let at = screen.find("Turn ")? + 5;
    let digits: String = screen[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// True once no process has the pid, or it is over and only waits to be
/// reaped.
pub fn gone(pid: u32) -> bool {
    !std::path::Path::new(&format!("/proc/{pid}")).exists() || zombie(pid)
}

/// True when the process has ended but is not yet reaped.
fn zombie(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/status")).is_ok_and(|s| {
        s.lines()
            .any(|l| l.starts_with("State:") && l.contains('Z'))
    })
}

/// Waits until the process `pid` is gone.
pub fn wait_gone(pid: u32, limit: Duration) -> Result<Duration> {
    let start = Instant::now();
    while !gone(pid) {
        if start.elapsed() > limit {
            return Err(anyhow!(
                "the game (pid {pid}) outlived its terminal by {limit:?}"
            ));
        }
        sleep(Duration::from_millis(20));
    }
    Ok(start.elapsed())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A real tmux pane (CI installs tmux before the tests): what it shows
    /// is read, keys typed reach the process, and its end and status are
    /// seen after it has gone, its last screen still there.
    #[test]
    fn a_pane_is_read_typed_into_and_seen_to_end() {
        let script = "sh -c 'printf \"Floor 3  Turn 812\\n\"; read x; echo \"got $x\"; exit 3'";
        let pane = Pane::start("pane-test", script).unwrap();
        let screen = pane.wait_for("Turn 812").unwrap();
        assert_eq!(turn_shown(&screen), Some(812));
        let pid = pane.pid().unwrap();
        assert!(!gone(pid), "the process is the pane's own");
        pane.keys(&["ok", "Enter"]).unwrap();
        pane.wait_for("got ok").unwrap();
        // Its status when tmux learns it; tmux 3.3 may mark the pane dead
        // as its pty closes and never learn it (`wait_for_end`).
        let end = pane.wait_for_end(Duration::from_secs(10)).unwrap();
        assert!(matches!(end, Some(3) | None), "{end:?}");
        assert!(pane.screen().contains("got ok"), "the last screen stays");
        assert!(wait_gone(pid, Duration::from_secs(5)).is_ok());
        pane.kill_session().unwrap();
        assert!(pane.kill_session().is_err(), "the session is gone");
    }

    #[test]
    fn the_panel_s_turn_is_read_where_it_stands() {
        assert_eq!(turn_shown("HP 12/20\nTurn 4096 \n"), Some(4096));
        assert_eq!(turn_shown("the title"), None);
        assert_eq!(turn_shown("Turn \n"), None);
    }
}
