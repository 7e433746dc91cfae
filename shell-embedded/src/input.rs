//! The board's buttons, made steady. The Wio Terminal has a 5-way
//! switch (four directions and a press) and three buttons on top (A, B, C);
//! QEMU's firmware scripts the same `Buttons` (the core's `pad`, which says
//! what they mean).

pub use amulets_play::pad::Buttons;

/// How long a button must read the same before it counts as pressed or
/// let go: switches bounce for a few milliseconds when they close and open
/// (*tune*).
pub const DEBOUNCE_MS: u64 = 15;

/// The buttons as read, made steady: each button's state changes only once
/// it has read the same for `DEBOUNCE_MS`, so a bounce is not two presses.
#[derive(Clone, Copy, Debug, Default)]
pub struct Debouncer {
    steady: [bool; 8],
    seen: [bool; 8],
    since: [u64; 8],
}

impl Debouncer {
    pub const fn new() -> Debouncer {
        Debouncer {
            steady: [false; 8],
            seen: [false; 8],
            since: [0; 8],
        }
    }

    /// The steady buttons, given what the pins read at `now` (ms).
    pub fn update(&mut self, raw: Buttons, now: u64) -> Buttons {
        let buttons = raw.to_array().into_iter().zip(&mut self.seen);
        for ((read, seen), (since, steady)) in
            buttons.zip(self.since.iter_mut().zip(&mut self.steady))
        {
            if read != *seen {
                *seen = read;
                *since = now;
            }
            if now.saturating_sub(*since) >= DEBOUNCE_MS {
                *steady = *seen;
            }
        }
        Buttons::from_array(self.steady)
    }

    /// Every button reads as it did long enough: nothing is bouncing.
    pub fn settled(&self) -> bool {
        self.seen == self.steady
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bouncing_button_is_one_press() {
        let a = Buttons {
            a: true,
            ..Buttons::NONE
        };
        let mut d = Debouncer::new();
        // Closing: on, off, on within a few ms, then held.
        assert_eq!(d.update(a, 0), Buttons::NONE);
        assert_eq!(d.update(Buttons::NONE, 2), Buttons::NONE);
        assert_eq!(d.update(a, 4), Buttons::NONE);
        assert_eq!(d.update(a, 4 + DEBOUNCE_MS - 1), Buttons::NONE);
        assert_eq!(d.update(a, 4 + DEBOUNCE_MS), a, "steady long enough");
        // Opening bounces too: still pressed until it reads off long enough.
        assert_eq!(d.update(Buttons::NONE, 40), a);
        assert_eq!(d.update(a, 41), a);
        assert_eq!(d.update(Buttons::NONE, 42), a);
        assert_eq!(d.update(Buttons::NONE, 42 + DEBOUNCE_MS), Buttons::NONE);
    }
}
