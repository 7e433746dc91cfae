//! Five keys as a pad: a board with only up, down, left, right and select
//! (the LM3S6965 evaluation kit's keypad) plays with the pad's eight
//! buttons, given this way (docs/board.md):
//!
//! | the keys                      | the pad's          |
//! |-------------------------------|--------------------|
//! | up, down, left, right         | the switch         |
//! | two neighbours together       | a diagonal         |
//! | select, pressed and let go    | the press          |
//! | select with up                | A                  |
//! | select with down              | B                  |
//! | select with left or right     | C                  |
//! | select held half a second     | C                  |
//!
//! A direction waits [`CHORD_MS`] before it moves, so two keys pressed
//! together are one diagonal, not a step and then a diagonal. Keys read as
//! down since the board started count only once seen up (QEMU holds every
//! key's line low until its first press).

use super::Buttons;

/// How long a direction waits for a second to make a diagonal (*tune*).
pub const CHORD_MS: u64 = 40;
/// Select held this long, alone, is C (*tune*: longer than a tap, short
/// enough not to feel stuck).
pub const HOLD_MS: u64 = 500;

/// Where the direction keys are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ways {
    /// None down.
    Up,
    /// Down since `since`, waiting for a second: the keys seen down so far.
    Waiting { since: u64, seen: Buttons },
    /// Given to the pad as these, until all are let go.
    Given(Buttons),
    /// Taken by a chord with select: nothing until all are let go.
    Spent,
}

/// Where select is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Select {
    Up,
    /// Down since `since`, nothing given yet.
    Down {
        since: u64,
    },
    /// With a direction: this button of the pad, held while both are.
    Chord(Buttons),
    /// Given (C by holding, or a chord let go): nothing until let go.
    Spent,
}

/// The five keys' state (see the module's comment).
#[derive(Clone, Copy, Debug)]
pub struct FiveKeys {
    /// Each key (up, down, left, right, select) has been seen up.
    armed: [bool; 5],
    ways: Ways,
    select: Select,
    /// Buttons given by this update only (a tap let go, C by a hold).
    pulse: Buttons,
    /// The pad's buttons given so far, one for each press: what the keys
    /// did, counted, so a key that was lost shows.
    given: u32,
}

impl Default for FiveKeys {
    fn default() -> Self {
        FiveKeys::new()
    }
}

/// Two directions that make a diagonal, or one.
const fn one_way(b: Buttons) -> bool {
    !(b.up && b.down || b.left && b.right)
}

impl FiveKeys {
    /// Nothing pressed.
    pub const fn new() -> FiveKeys {
        FiveKeys {
            armed: [false; 5],
            ways: Ways::Up,
            select: Select::Up,
            pulse: Buttons::NONE,
            given: 0,
        }
    }

    /// Every key has been seen up, and counts when pressed.
    pub const fn armed(&self) -> bool {
        let mut i = 0;
        while i < self.armed.len() {
            if !self.armed[i] {
                return false;
            }
            i += 1;
        }
        true
    }

    /// How many of the pad's presses the keys have given.
    pub const fn given(&self) -> u32 {
        self.given
    }

    /// Waiting on a key: a direction for its chord, select for its hold.
    /// `None` when the keys would give nothing more with time alone.
    pub fn wait(&self, now: u64) -> Option<u64> {
        let due = |since: u64, after: u64| (since + after).saturating_sub(now);
        match (self.ways, self.select) {
            (_, Select::Down { since }) => Some(due(since, HOLD_MS)),
            (Ways::Waiting { since, .. }, _) => Some(due(since, CHORD_MS)),
            _ => None,
        }
    }

    /// The pad's buttons, given the five keys as read at `now` (ms):
    /// `keys`' four ways and its press (select); its A, B and C are not
    /// read.
    pub fn update(&mut self, keys: Buttons, now: u64) -> Buttons {
        let read = [keys.up, keys.down, keys.left, keys.right, keys.press];
        for (armed, down) in self.armed.iter_mut().zip(read) {
            *armed |= !down;
        }
        let [up, down, left, right, select] = core::array::from_fn(|i| read[i] && self.armed[i]);
        let ways = Buttons {
            up,
            down,
            left,
            right,
            ..Buttons::NONE
        };
        self.update_select(select, ways, now);
        self.update_ways(ways, now);
        let mut out = core::mem::replace(&mut self.pulse, Buttons::NONE);
        if let Ways::Given(w) = self.ways {
            out = out.union(w);
        }
        if let Select::Chord(b) = self.select {
            out = out.union(b);
        }
        out
    }

    fn update_select(&mut self, select: bool, ways: Buttons, now: u64) {
        self.select = match self.select {
            Select::Up if select => Select::Down { since: now },
            Select::Up => Select::Up,
            Select::Down { .. } if !select => {
                self.give(Buttons {
                    press: true,
                    ..Buttons::NONE
                });
                Select::Up
            }
            Select::Down { since } => {
                let chord = if ways.up {
                    Some(Buttons {
                        a: true,
                        ..Buttons::NONE
                    })
                } else if ways.down {
                    Some(Buttons {
                        b: true,
                        ..Buttons::NONE
                    })
                } else if ways.left || ways.right {
                    Some(Buttons {
                        c: true,
                        ..Buttons::NONE
                    })
                } else {
                    None
                };
                match chord {
                    Some(b) => {
                        self.given += 1;
                        self.ways = Ways::Spent;
                        Select::Chord(b)
                    }
                    None if now >= since + HOLD_MS => {
                        self.give(Buttons {
                            c: true,
                            ..Buttons::NONE
                        });
                        Select::Spent
                    }
                    None => Select::Down { since },
                }
            }
            Select::Chord(_) if !select || !ways.any() => Select::Spent,
            Select::Chord(b) => Select::Chord(b),
            Select::Spent if !select => Select::Up,
            Select::Spent => Select::Spent,
        };
    }

    fn update_ways(&mut self, ways: Buttons, now: u64) {
        self.ways = match self.ways {
            Ways::Up | Ways::Spent if !ways.any() => Ways::Up,
            Ways::Spent => Ways::Spent,
            Ways::Up => Ways::Waiting {
                since: now,
                seen: ways,
            },
            Ways::Waiting { seen, .. } if !ways.any() => {
                // Let go before its wait was up: a step all the same.
                if one_way(seen) {
                    self.give(seen);
                }
                Ways::Up
            }
            Ways::Waiting { since, .. } => {
                let two = [ways.up, ways.down, ways.left, ways.right]
                    .into_iter()
                    .filter(|&w| w)
                    .count()
                    >= 2;
                if (two || now >= since + CHORD_MS) && one_way(ways) {
                    self.given += 1;
                    Ways::Given(ways)
                } else {
                    Ways::Waiting { since, seen: ways }
                }
            }
            Ways::Given(w) if ways.any() => Ways::Given(w),
            Ways::Given(_) => Ways::Up,
        };
    }

    /// `b` given by this update only.
    fn give(&mut self, b: Buttons) {
        self.given += 1;
        self.pulse = b;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const UP: Buttons = Buttons {
        up: true,
        ..Buttons::NONE
    };
    const RIGHT: Buttons = Buttons {
        right: true,
        ..Buttons::NONE
    };
    const SELECT: Buttons = Buttons {
        press: true,
        ..Buttons::NONE
    };

    /// The pad's buttons for the keys held over `ms` from `at`, one read
    /// a millisecond, each new output with its time.
    type Outs = heapless::Vec<(u64, Buttons), 1024>;

    fn hold(f: &mut FiveKeys, keys: Buttons, at: u64, ms: u64) -> Outs {
        (at..at + ms).map(|t| (t, f.update(keys, t))).collect()
    }

    fn armed() -> FiveKeys {
        let mut f = FiveKeys::new();
        f.update(Buttons::NONE, 0);
        f
    }

    #[test]
    fn a_direction_moves_after_its_wait_and_until_let_go() {
        let mut f = armed();
        let out = hold(&mut f, UP, 1, 100);
        assert!(out[..CHORD_MS as usize].iter().all(|(_, b)| !b.any()));
        assert!(out[CHORD_MS as usize..].iter().all(|(_, b)| *b == UP));
        assert_eq!(f.update(Buttons::NONE, 200), Buttons::NONE);
        assert_eq!(f.given(), 1);
    }

    #[test]
    fn two_neighbours_together_are_one_diagonal() {
        let mut f = armed();
        f.update(UP, 1);
        let out = hold(&mut f, UP.union(RIGHT), 5, 100);
        let given: heapless::Vec<Buttons, 128> =
            out.iter().map(|(_, b)| *b).filter(|b| b.any()).collect();
        assert!(given.iter().all(|b| *b == UP.union(RIGHT)), "{given:?}");
        assert_eq!(f.given(), 1);
        assert_eq!(
            given[0].direction(),
            Some(amulets_core::input::Key::Numpad(9))
        );
    }

    #[test]
    fn a_quick_tap_is_a_step_and_select_tapped_is_the_press() {
        let mut f = armed();
        hold(&mut f, RIGHT, 1, 20);
        assert_eq!(f.update(Buttons::NONE, 21), RIGHT, "the tap, given once");
        assert_eq!(f.update(Buttons::NONE, 22), Buttons::NONE);
        hold(&mut f, SELECT, 30, 100);
        assert_eq!(f.update(Buttons::NONE, 130), SELECT);
        assert_eq!(f.update(Buttons::NONE, 131), Buttons::NONE);
        assert_eq!(f.given(), 2);
    }

    #[test]
    fn select_with_a_direction_is_a_b_or_c_and_held_alone_is_c() {
        for (way, want) in [
            (
                UP,
                Buttons {
                    a: true,
                    ..Buttons::NONE
                },
            ),
            (
                Buttons {
                    down: true,
                    ..Buttons::NONE
                },
                Buttons {
                    b: true,
                    ..Buttons::NONE
                },
            ),
            (
                RIGHT,
                Buttons {
                    c: true,
                    ..Buttons::NONE
                },
            ),
        ] {
            let mut f = armed();
            hold(&mut f, SELECT, 1, 10);
            let out = hold(&mut f, SELECT.union(way), 11, 100);
            assert!(out.iter().all(|(_, b)| *b == want), "{way:?}: {out:?}");
            // Let go in either order: nothing more, no step, no press.
            let after = hold(&mut f, way, 111, 100);
            assert!(after.iter().all(|(_, b)| !b.any()), "{after:?}");
            assert_eq!(f.update(Buttons::NONE, 300), Buttons::NONE);
            assert_eq!(f.given(), 1);
        }
        let mut f = armed();
        let out = hold(&mut f, SELECT, 1, 1000);
        let c: heapless::Vec<u64, 8> = out.iter().filter(|(_, b)| b.c).map(|(t, _)| *t).collect();
        assert_eq!(
            &c[..],
            [1 + HOLD_MS],
            "C once, a hold after select went down"
        );
        assert_eq!(
            f.update(Buttons::NONE, 1001),
            Buttons::NONE,
            "no press after"
        );
    }

    #[test]
    fn keys_down_since_the_start_wait_to_be_let_go() {
        let mut f = FiveKeys::new();
        let all = UP.union(RIGHT).union(SELECT);
        assert!(hold(&mut f, all, 0, 1000).iter().all(|(_, b)| !b.any()));
        assert_eq!(f.update(Buttons::NONE, 1000), Buttons::NONE);
        assert_eq!(f.given(), 0);
        let out = hold(&mut f, UP, 1001, 100);
        assert!(out.iter().any(|(_, b)| *b == UP));
    }
}
