//! The daily dungeon: one seed a day, the same for every player on every
//! machine (docs/rules.md, "The daily dungeon"). The core has no clock: a
//! shell gives it the time as whole seconds since 1970-01-01 UTC, and the
//! core turns that into the day and the day into the seed, in integer
//! arithmetic only. A daily run is always on the book's dice.

use crate::hash::Fnv1a;
use core::fmt;

/// A day of the Gregorian calendar, in UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day {
    /// The year, e.g. 2026.
    pub year: i32,
    /// The month, 1 to 12.
    pub month: u8,
    /// The day of the month, 1 to 31.
    pub day: u8,
}

/// A run of a day's dungeon: which day, and whether it is the day's
/// first run here, the one that counts, or a practice run after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Daily {
    /// The day whose dungeon it is.
    pub day: Day,
    /// False for a practice run: the day's dungeon was begun here before.
    pub counts: bool,
}

impl fmt::Display for Daily {
    /// "Daily 2026-12-02", and "(practice)" after a practice run's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Daily {}", self.day)?;
        if !self.counts {
            f.write_str(" (practice)")?;
        }
        Ok(())
    }
}

/// Seconds in a day.
const DAY_SECONDS: i64 = 86_400;

impl Day {
    /// The UTC day `seconds` after 1970-01-01 00:00 UTC (before it, for a
    /// negative count).
    pub fn of_unix_seconds(seconds: i64) -> Day {
        Day::of_days(seconds.div_euclid(DAY_SECONDS))
    }

    /// The day `days` after 1970-01-01: the civil calendar from a count of
    /// days, by eras of 400 years (146,097 days), each starting on 1 March
    /// so that the leap day ends a year.
    pub fn of_days(days: i64) -> Day {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        // 0 <= day of era < 146,097, so every cast below is in range.
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        // 0 <= mp <= 11 and 0 <= doy <= 365: the day is 1 to 31 and the
        // month 1 to 12, so neither `unwrap_or` is ever taken.
        let day = u8::try_from(doy - (153 * mp + 2) / 5 + 1).unwrap_or(1);
        let month = u8::try_from(if mp < 10 { mp + 3 } else { mp - 9 }).unwrap_or(1);
        let year = yoe + era * 400 + i64::from(month <= 2);
        let year = year.clamp(i64::from(i32::MIN), i64::from(i32::MAX));
        Day {
            year: i32::try_from(year).unwrap_or(i32::MAX),
            month,
            day,
        }
    }

    /// The days from 1970-01-01 to this day (negative before it): the
    /// inverse of `of_days`, by the same eras.
    pub fn days(self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y.rem_euclid(400);
        let m = i64::from(self.month);
        let mp = if m > 2 { m - 3 } else { m + 9 };
        let doy = (153 * mp + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// A day written `YYYY-MM-DD`, if it is one the calendar has.
    pub fn parse(text: &str) -> Option<Day> {
        let mut parts = text.splitn(3, '-');
        let year: i32 = parts.next()?.parse().ok()?;
        let month: u8 = parts.next()?.parse().ok()?;
        let day: u8 = parts.next()?.parse().ok()?;
        let d = Day { year, month, day };
        let real = (1..=12).contains(&month) && (1..=d.month_length()).contains(&day);
        real.then_some(d)
    }

    /// How many days its month has.
    fn month_length(self) -> u8 {
        match self.month {
            2 if self.year % 4 == 0 && (self.year % 100 != 0 || self.year % 400 == 0) => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        }
    }

    /// The day's seed: FNV-1a (64 bits) of the text `amulets daily
    /// YYYY-MM-DD`, its two halves combined by exclusive or; 1 in place of
    /// 0, which a seed never is.
    pub fn seed(self) -> u32 {
        let mut h = Hashing(Fnv1a::new());
        fmt::write(&mut h, format_args!("amulets daily {self}"))
            .expect("writing to a hasher cannot fail");
        let full = h.0.finish();
        // The low 32 bits of the folded hash, taken as bytes.
        let [a, b, c, d, ..] = (full ^ (full >> 32)).to_le_bytes();
        match u32::from_le_bytes([a, b, c, d]) {
            0 => 1,
            s => s,
        }
    }
}

/// A writer that hashes what is written.
struct Hashing(Fnv1a);

impl fmt::Write for Hashing {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.bytes(s.as_bytes());
        Ok(())
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_of_days_is_the_calendar_s_day() {
        // Every day from 1970 to past 2100 (not a leap year), counted one
        // by one by `next`, which shares none of the era arithmetic.
        let mut d = Day {
            year: 1970,
            month: 1,
            day: 1,
        };
        for days in 0..(131 * 366) {
            assert_eq!(Day::of_days(days), d, "{days}");
            assert_eq!(d.days(), days, "{d}");
            d = next(d);
        }
        // Python's datetime: 2026-12-02 is day 20,789, second 1,796,169,600.
        assert_eq!(Day::of_days(20_789), Day::parse("2026-12-02").unwrap());
        let noon = 1_796_169_600 + 12 * 3_600;
        assert_eq!(
            Day::of_unix_seconds(noon),
            Day::parse("2026-12-02").unwrap()
        );
        assert_eq!(Day::of_unix_seconds(-1), Day::parse("1969-12-31").unwrap());
    }

    fn next(d: Day) -> Day {
        if d.day < d.month_length() {
            Day {
                day: d.day + 1,
                ..d
            }
        } else if d.month < 12 {
            Day {
                month: d.month + 1,
                day: 1,
                ..d
            }
        } else {
            Day {
                year: d.year + 1,
                month: 1,
                day: 1,
            }
        }
    }

    /// The seed of 2026-12-02, as Python computes the rule (FNV-1a 64 of
    /// "amulets daily 2026-12-02" is 0x8b5d5f0cbcd95d04; its halves'
    /// exclusive or is 931398152). Pinned here, so on every determinism
    /// target.
    #[test]
    fn the_second_of_december_2026_has_its_seed_everywhere() {
        let day = Day::parse("2026-12-02").unwrap();
        assert_eq!(day.seed(), 931_398_152);
        // The next day is another dungeon.
        assert_ne!(Day::parse("2026-12-03").unwrap().seed(), day.seed());
    }

    #[test]
    fn only_real_days_are_read() {
        assert_eq!(
            Day::parse("2026-12-02"),
            Some(Day {
                year: 2026,
                month: 12,
                day: 2
            })
        );
        for bad in [
            "2026-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-04-31",
            "2026-12",
            "today",
        ] {
            assert_eq!(Day::parse(bad), None, "{bad}");
        }
        assert!(Day::parse("2024-02-29").is_some());
        assert!(Day::parse("2100-02-29").is_none());
        assert!(Day::parse("2000-02-29").is_some());
    }
}
