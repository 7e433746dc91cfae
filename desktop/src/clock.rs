//! The desktop's clock, the one place a desktop game reads the time for
//! the core (which has none): the day for the day's dungeon, the stamp of a
//! run's record. `AMULETS_NOW` (seconds since 1970-01-01 UTC) sets it, so
//! tests and screenshots are the same on every day.

use amulets_core::daily::Day;
use amulets_play::morgue::Stamp;
use std::time::{SystemTime, UNIX_EPOCH};

/// The variable that sets the clock, for tests.
pub const NOW: &str = "AMULETS_NOW";

/// Seconds since 1970-01-01 UTC.
pub fn now_seconds() -> i64 {
    if let Some(s) = std::env::var(NOW).ok().and_then(|v| v.trim().parse().ok()) {
        return s;
    }
    match SystemTime::now().duration_since(UNIX_EPOCH) {
        Ok(d) => i64::try_from(d.as_secs()).unwrap_or(i64::MAX),
        // A clock set before 1970.
        Err(e) => -i64::try_from(e.duration().as_secs()).unwrap_or(i64::MAX),
    }
}

/// Today, in UTC.
pub fn today() -> Day {
    Day::of_unix_seconds(now_seconds())
}

/// Now, as a record's stamp.
pub fn stamp() -> Stamp {
    Stamp::of_unix_seconds(now_seconds())
}
