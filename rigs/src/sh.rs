//! Running commands: each is printed before it runs, and a failure becomes an
//! error that names it.

use anyhow::{Result, anyhow};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A check that failed, in a test's words: which check, what it
/// expected, and what it saw.
pub fn failed(
    check: &str,
    expected: impl std::fmt::Display,
    saw: impl std::fmt::Display,
) -> anyhow::Error {
    anyhow::anyhow!("check failed: {check}\n  expected: {expected}\n  saw:      {saw}")
}

/// The cargo that runs this xtask, so nested builds use the same toolchain.
pub fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".into())
}

/// The workspace's root folder (xtask sits one level below it).
pub fn root() -> std::path::PathBuf {
    let manifest = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .parent()
        .expect("xtask lives inside the workspace")
        .to_path_buf()
}

/// Cargo's target folder: `CARGO_TARGET_DIR`, else the workspace's
/// `target/`.
pub fn target_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| root().join("target"), std::path::PathBuf::from)
}

pub fn cmd(program: &str, args: &[&str]) -> Command {
    let mut c = Command::new(program);
    c.args(args).current_dir(root());
    c
}

fn describe(c: &Command) -> String {
    let mut s = String::new();
    for (k, v) in c.get_envs() {
        if let (Some(k), Some(v)) = (k.to_str(), v.and_then(|v| v.to_str())) {
            s += &format!("{k}='{v}' ");
        }
    }
    s += &c.get_program().to_string_lossy();
    for a in c.get_args() {
        s.push(' ');
        s += &a.to_string_lossy();
    }
    s
}

/// Runs a command to its end; an error if it could not start or failed.
pub fn run(mut c: Command) -> Result<()> {
    let what = describe(&c);
    println!("+ {what}");
    let status = c
        .status()
        .map_err(|e| anyhow!("could not start `{what}`: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(anyhow!("`{what}` failed ({status})"))
    }
}

/// Runs a command, but kills it if it takes longer than `limit`: an
/// emulator that hangs must not hang CI.
pub fn run_with_limit(mut c: Command, limit: Duration) -> Result<()> {
    let what = describe(&c);
    println!("+ {what}");
    let mut child = c
        .stdin(Stdio::null())
        .spawn()
        .map_err(|e| anyhow!("could not start `{what}`: {e}"))?;
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait()? {
            return if status.success() {
                Ok(())
            } else {
                Err(anyhow!("`{what}` failed ({status})"))
            };
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(anyhow!(
                "`{what}` took longer than {limit:?} and was stopped"
            ));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Runs a command and returns what it printed.
pub fn output(mut c: Command) -> Result<String> {
    let what = describe(&c);
    let out = c
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| anyhow!("could not start `{what}`: {e}"))?;
    if !out.status.success() {
        return Err(anyhow!("`{what}` failed ({})", out.status));
    }
    String::from_utf8(out.stdout).map_err(|_| anyhow!("`{what}` printed something not UTF-8"))
}

/// True when a program can be found on the PATH.
pub fn have(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_failed_check_says_which_what_was_expected_and_what_was_seen() {
        let said = super::failed("the hash after a restart", "00ab", "00ac").to_string();
        assert_eq!(
            said,
            "check failed: the hash after a restart\n  expected: 00ab\n  saw:      00ac"
        );
    }
}
