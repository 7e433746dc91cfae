//! A panic set off on purpose, for the tests that prove a panic in a
//! shell's loop saves the run: an environment variable names a turn, and
//! the first frame drawn on or after it panics (a value that is no number:
//! the first frame). Read once, as the shell starts.

/// The knob, as the environment set it.
pub struct TestPanic {
    var: &'static str,
    at: Option<u32>,
}

impl TestPanic {
    /// Reads `var` from the environment.
    pub fn from_env(var: &'static str) -> TestPanic {
        let at =
            std::env::var_os(var).map(|v| v.to_str().and_then(|t| t.parse().ok()).unwrap_or(0));
        TestPanic { var, at }
    }

    /// Panics when the run has reached the turn named.
    pub fn at_frame(&self, turn: u32) {
        if self.at.is_some_and(|at| turn >= at) {
            panic!("{} is set, so the game panics here on purpose", self.var);
        }
    }
}
