//! A firmware run whole on a QEMU board with semihosting, its output
//! read back, and the state hash it prints.

use crate::sh;
use anyhow::{Context, Result};
use std::path::Path;

/// Runs an ELF on a QEMU board with semihosting, in `dir`; what it printed.
pub fn run(machine: &str, cpu: &str, elf: &Path, dir: &Path, icount: bool) -> Result<String> {
    let elf = elf.to_string_lossy();
    // A whole run takes the M3 two seconds; one that has not ended in two
    // minutes is locked up, as a Cortex-M is when its stack overflows (the
    // fault cannot push its frame either).
    let limit = if machine == "lm3s6965evb" {
        "120"
    } else {
        "600"
    };
    let mut args = vec![
        limit,
        "qemu-system-arm",
        "-cpu",
        cpu,
        "-machine",
        machine,
        "-nographic",
        "-semihosting-config",
        "enable=on,target=native",
    ];
    if icount {
        args.extend(["-icount", "shift=0"]);
    }
    args.extend(["-kernel", &elf]);
    let mut c = sh::cmd("timeout", &args);
    c.current_dir(dir);
    let out = sh::output(c).with_context(|| {
        format!("no end in {limit} s: a firmware that overflows its stack locks up")
    })?;
    print!("{out}");
    Ok(out)
}

/// The state hash the firmware prints.
pub fn printed_hash(out: &str) -> Result<u64> {
    out.lines()
        .find_map(|l| l.strip_prefix("state hash "))
        .and_then(|h| u64::from_str_radix(h.trim(), 16).ok())
        .context("the firmware printed no state hash")
}

/// A board running in QEMU with its monitor on a Unix socket, what it
/// prints through semihosting going to a file: keys pressed and the
/// display read back as a person at the window would.
pub struct Live {
    child: std::process::Child,
    monitor: std::os::unix::net::UnixStream,
    printed: std::path::PathBuf,
}

impl Live {
    /// Starts an ELF on a board with no window, in `dir` (QEMU installed
    /// first where it is missing and apt can).
    pub fn start(machine: &str, cpu: &str, elf: &Path, dir: &Path) -> Result<Live> {
        use anyhow::anyhow;
        crate::tools::ensure_programs(&[crate::tools::QEMU_ARM])?;
        let socket = dir.join("monitor.sock");
        let _ = std::fs::remove_file(&socket);
        let printed = dir.join("printed.txt");
        let out = std::fs::File::create(&printed)?;
        let child = std::process::Command::new("qemu-system-arm")
            .args(["-cpu", cpu, "-machine", machine, "-display", "none"])
            .arg("-monitor")
            .arg(format!("unix:{},server,nowait", socket.display()))
            .args(["-semihosting-config", "enable=on,target=native", "-kernel"])
            .arg(elf)
            .current_dir(dir)
            .stdin(std::process::Stdio::null())
            .stdout(out.try_clone()?)
            .stderr(out)
            .spawn()
            .map_err(|e| anyhow!("qemu-system-arm: {e}"))?;
        let start = std::time::Instant::now();
        let monitor = loop {
            match std::os::unix::net::UnixStream::connect(&socket) {
                Ok(m) => break m,
                Err(_) if start.elapsed() < std::time::Duration::from_secs(10) => {
                    std::thread::sleep(std::time::Duration::from_millis(50));
                }
                Err(e) => return Err(anyhow!("QEMU's monitor at {}: {e}", socket.display())),
            }
        };
        Ok(Live {
            child,
            monitor,
            printed,
        })
    }

    /// What the board has printed so far.
    pub fn printed(&self) -> String {
        std::fs::read_to_string(&self.printed).unwrap_or_default()
    }

    /// Waits until the board has printed `line` (a whole line), at most
    /// `secs` seconds.
    pub fn wait_for(&self, line: &str, secs: u64) -> Result<()> {
        match self.first_line(secs, |l| l == line) {
            Some(_) => Ok(()),
            None => anyhow::bail!(
                "the board did not print {line:?} in {secs} s; it printed:\n{}",
                self.printed()
            ),
        }
    }

    /// Waits until the board has printed a line that begins with
    /// `prefix`, at most `secs` seconds; the first such line, or `None`.
    pub fn line_starting(&self, prefix: &str, secs: u64) -> Option<String> {
        self.first_line(secs, |l| l.starts_with(prefix))
    }

    /// The first line printed that `wanted` takes, waiting for it at most
    /// `secs` seconds.
    fn first_line(&self, secs: u64, wanted: impl Fn(&str) -> bool) -> Option<String> {
        let start = std::time::Instant::now();
        loop {
            if let Some(l) = self.printed().lines().find(|l| wanted(l)) {
                return Some(l.to_string());
            }
            if start.elapsed() > std::time::Duration::from_secs(secs) {
                return None;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    /// Sends a monitor command.
    pub fn command(&mut self, command: &str) -> Result<()> {
        use std::io::Write;
        self.monitor.write_all(format!("{command}\n").as_bytes())?;
        Ok(())
    }

    /// Presses and lets go of a key (a QEMU key name: `up`, `ctrl`).
    pub fn key(&mut self, key: &str) -> Result<()> {
        self.command(&format!("sendkey {key}"))
    }

    /// The display as QEMU shows it, written to `ppm` and read back:
    /// width, height and RGB bytes.
    pub fn screendump(&mut self, ppm: &Path) -> Result<(u32, u32, Vec<u8>)> {
        let _ = std::fs::remove_file(ppm);
        self.command(&format!("screendump {}", ppm.display()))?;
        let start = std::time::Instant::now();
        let mut last = 0;
        loop {
            // Read once the file has stopped growing.
            let len = std::fs::metadata(ppm).map_or(0, |m| m.len());
            if len > 16 && len == last {
                return crate::pixels::read_ppm(ppm);
            }
            last = len;
            if start.elapsed() > std::time::Duration::from_secs(10) {
                anyhow::bail!("QEMU wrote no screendump to {}", ppm.display());
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }

    /// Waits for the board to end, at most `secs` seconds; its exit's
    /// success.
    pub fn wait_end(mut self, secs: u64) -> Result<bool> {
        let start = std::time::Instant::now();
        loop {
            if let Some(status) = self.child.try_wait()? {
                return Ok(status.success());
            }
            if start.elapsed() > std::time::Duration::from_secs(secs) {
                let _ = self.child.kill();
                let _ = self.child.wait();
                anyhow::bail!("the board did not end in {secs} s");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_read_from_what_the_firmware_printed() {
        let out = "amulets on QEMU\nfloor 2 at turn 140\nstate hash 00c0ffee12345678\n";
        assert_eq!(printed_hash(out).unwrap(), 0x00c0_ffee_1234_5678);
        assert!(printed_hash("state hash nothex\n").is_err());
        assert!(printed_hash("the firmware stopped\n").is_err());
    }
}
