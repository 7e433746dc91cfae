//! A game on a pty of our own, whose master we close under it: the real
//! fault of a terminal emulator that goes away (its reads then fail with
//! EIO, and it hangs up). The game is made the pty's session leader, as a
//! terminal's shell would make it (`setsid --ctty`).

use anyhow::{Context, Result, anyhow};
use nix::fcntl::{FcntlArg, FdFlag, OFlag, fcntl};
use nix::pty::{OpenptyResult, Winsize, openpty};
use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

pub struct Pty {
    master: Option<File>,
    pub child: Child,
}

impl Pty {
    /// Starts `program` with `args` on a new 100 x 40 pty.
    pub fn start(program: &str, args: &[&str]) -> Result<Pty> {
        let size = Winsize {
            ws_row: 40,
            ws_col: 100,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        let OpenptyResult { master, slave } =
            openpty(Some(&size), None).map_err(|e| anyhow!("openpty: {e}"))?;
        // The game must not hold the master too, or closing ours closes
        // nothing.
        fcntl(&master, FcntlArg::F_SETFD(FdFlag::FD_CLOEXEC))?;
        let flags = fcntl(&master, FcntlArg::F_GETFL)?;
        fcntl(
            &master,
            FcntlArg::F_SETFL(OFlag::from_bits_truncate(flags) | OFlag::O_NONBLOCK),
        )?;
        let slave = File::from(slave);
        let stdio = |f: &File| f.try_clone().map(Stdio::from);
        let child = Command::new("setsid")
            .arg("--ctty")
            .arg(program)
            .args(args)
            .env("TERM", "xterm-256color")
            .stdin(stdio(&slave)?)
            .stdout(stdio(&slave)?)
            .stderr(stdio(&slave)?)
            .spawn()
            .map_err(|e| anyhow!("setsid {program}: {e}"))?;
        Ok(Pty {
            master: Some(File::from(master)),
            child,
        })
    }

    /// Reads what the game wrote for `time` (a terminal that is not read
    /// from blocks the game's writes).
    pub fn drain_for(&mut self, time: Duration) {
        let start = Instant::now();
        let mut buf = [0u8; 65536];
        while start.elapsed() < time {
            if let Some(m) = self.master.as_mut() {
                match m.read(&mut buf) {
                    Ok(n) if n > 0 => continue,
                    Err(e) if e.kind() != ErrorKind::WouldBlock => return,
                    _ => {}
                }
            }
            sleep(Duration::from_millis(10));
        }
    }

    /// Types bytes into the game.
    pub fn type_bytes(&mut self, bytes: &[u8]) -> Result<()> {
        for b in bytes {
            let m = self.master.as_mut().context("the pty is closed")?;
            m.write_all(&[*b])?;
            self.drain_for(Duration::from_millis(150));
        }
        Ok(())
    }

    /// Closes the master: the terminal is gone.
    pub fn close(&mut self) {
        self.master = None;
    }

    /// Waits for the game to end; its exit code.
    pub fn wait_for_end(&mut self, limit: Duration) -> Result<std::process::ExitStatus> {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait()? {
                return Ok(status);
            }
            if start.elapsed() > limit {
                let _ = self.child.kill();
                let _ = self.child.wait();
                return Err(anyhow!(
                    "the game outlived its closed terminal by {limit:?}"
                ));
            }
            self.drain_for(Duration::from_millis(20));
        }
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_typed_into_the_pty_reach_the_program() {
        let mut pty =
            Pty::start("sh", &["-c", "read x; [ \"$x\" = hi ] && exit 7; exit 1"]).unwrap();
        pty.type_bytes(b"hi\r").unwrap();
        let status = pty.wait_for_end(Duration::from_secs(10)).unwrap();
        assert_eq!(status.code(), Some(7));
    }

    /// The fault itself: the master closed under a program reading its
    /// terminal ends it (a read fails, or the hangup kills it).
    #[test]
    fn closing_the_master_ends_a_program_reading_the_terminal() {
        let mut pty = Pty::start("cat", &[]).unwrap();
        pty.drain_for(Duration::from_millis(100));
        pty.close();
        assert!(
            pty.type_bytes(b"x").is_err(),
            "nothing types into a closed pty"
        );
        assert!(pty.wait_for_end(Duration::from_secs(5)).is_ok());
    }
}
