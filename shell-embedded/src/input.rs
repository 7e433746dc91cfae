//! The board's buttons and what they mean. The Wio Terminal has a 5-way
//! switch (four directions and a press) and three buttons on top (A, B, C);
//! QEMU's firmware scripts the same `Buttons`.

use amulets_core::bindings::{self, Binding, Pad};
use amulets_core::input::Key;

/// Which buttons are down now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Buttons {
    pub up: bool,
    pub down: bool,
    pub left: bool,
    pub right: bool,
    /// The 5-way switch pressed in.
    pub press: bool,
    pub a: bool,
    pub b: bool,
    pub c: bool,
}

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
}

impl Buttons {
    const fn to_array(self) -> [bool; 8] {
        [
            self.up, self.down, self.left, self.right, self.press, self.a, self.b, self.c,
        ]
    }

    const fn from_array(b: [bool; 8]) -> Buttons {
        Buttons {
            up: b[0],
            down: b[1],
            left: b[2],
            right: b[3],
            press: b[4],
            a: b[5],
            b: b[6],
            c: b[7],
        }
    }

    pub const NONE: Buttons = Buttons {
        up: false,
        down: false,
        left: false,
        right: false,
        press: false,
        a: false,
        b: false,
        c: false,
    };

    /// The buttons down now that were not down before: a button acts once
    /// when pressed, not for as long as it is held.
    pub fn newly(self, before: Buttons) -> Buttons {
        Buttons {
            up: self.up && !before.up,
            down: self.down && !before.down,
            left: self.left && !before.left,
            right: self.right && !before.right,
            press: self.press && !before.press,
            a: self.a && !before.a,
            b: self.b && !before.b,
            c: self.c && !before.c,
        }
    }

    pub fn any(self) -> bool {
        self != Buttons::NONE
    }

    /// The joystick as a direction key: one direction, or two at once for a
    /// diagonal (the numpad's corners).
    /// A direction turned 45 degrees clockwise: what B held with a
    /// direction steps, since the 5-way switch gives one direction at a
    /// time (up is up-right, right down-right, down down-left, left
    /// up-left).
    pub fn turned(key: Key) -> Key {
        match key {
            Key::Up => Key::Numpad(9),
            Key::Right => Key::Numpad(3),
            Key::Down => Key::Numpad(1),
            Key::Left => Key::Numpad(7),
            other => other,
        }
    }

    pub fn direction(self) -> Option<Key> {
        Some(match (self.up, self.down, self.left, self.right) {
            (true, false, true, false) => Key::Numpad(7),
            (true, false, false, true) => Key::Numpad(9),
            (false, true, true, false) => Key::Numpad(1),
            (false, true, false, true) => Key::Numpad(3),
            (true, false, false, false) => Key::Up,
            (false, true, false, false) => Key::Down,
            (false, false, true, false) => Key::Left,
            (false, false, false, true) => Key::Right,
            _ => return None,
        })
    }
}

/// A command on C's menu: a binding of the core's playing table its buttons
/// give by name there (`Pad::Menu`), or the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuEntry {
    /// A binding, with its name on the menu. The click's (travel there) is
    /// taken with a cursor to travel to, the way there shown: the mouse's
    /// click, on a board with no mouse.
    Key(&'static Binding, &'static str),
    /// The message log, to read back (the desktop shows it under the map).
    Log,
}

impl MenuEntry {
    /// Its name on the menu.
    pub fn name(self) -> &'static str {
        match self {
            MenuEntry::Key(_, name) => name,
            MenuEntry::Log => "Log",
        }
    }
}

/// The name a binding has on C's menu, if it is there.
const fn menu_name(b: &Binding) -> Option<&'static str> {
    let mut i = 0;
    while i < b.pad.len() {
        if let Pad::Menu(name) = b.pad[i] {
            return Some(name);
        }
        i += 1;
    }
    None
}

/// C's menu: every binding of the core's playing table named on it, in the
/// table's order, then the log.
pub const COMMANDS: [MenuEntry; 1 + COMMAND_KEYS] = {
    let mut out = [MenuEntry::Log; 1 + COMMAND_KEYS];
    let mut i = 0;
    let mut n = 0;
    while i < bindings::PLAYING.len() {
        if let Some(name) = menu_name(&bindings::PLAYING[i]) {
            out[n] = MenuEntry::Key(&bindings::PLAYING[i], name);
            n += 1;
        }
        i += 1;
    }
    assert!(n == COMMAND_KEYS, "COMMAND_KEYS counts the names");
    out
};

/// How many of the playing table's bindings are named on C's menu.
const COMMAND_KEYS: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < bindings::PLAYING.len() {
        if menu_name(&bindings::PLAYING[i]).is_some() {
            n += 1;
        }
        i += 1;
    }
    n
};

#[cfg(test)]
mod tests {
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

    use super::*;

    #[test]
    fn a_button_acts_when_pressed_not_while_held() {
        let a = Buttons {
            a: true,
            ..Buttons::NONE
        };
        assert!(a.newly(Buttons::NONE).a);
        assert!(!a.newly(a).any());
    }

    #[test]
    fn two_directions_make_a_diagonal() {
        let b = Buttons {
            up: true,
            right: true,
            ..Buttons::NONE
        };
        assert_eq!(b.direction(), Some(Key::Numpad(9)));
        let b = Buttons {
            up: true,
            down: true,
            ..Buttons::NONE
        };
        assert_eq!(b.direction(), None);
    }
}
