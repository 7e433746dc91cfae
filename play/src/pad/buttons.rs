//! Which of a pad's buttons are down.

use amulets_core::input::Key;

/// Which buttons are down now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Buttons {
    /// The switch pushed up.
    pub up: bool,
    /// The switch pushed down.
    pub down: bool,
    /// The switch pushed left.
    pub left: bool,
    /// The switch pushed right.
    pub right: bool,
    /// The 5-way switch pressed in.
    pub press: bool,
    /// Button A.
    pub a: bool,
    /// Button B.
    pub b: bool,
    /// Button C.
    pub c: bool,
}

impl Buttons {
    /// The eight buttons in a row: the switch's four ways, its press, A, B, C.
    pub const fn to_array(self) -> [bool; 8] {
        [
            self.up, self.down, self.left, self.right, self.press, self.a, self.b, self.c,
        ]
    }

    /// The buttons from `to_array`'s row.
    pub const fn from_array(b: [bool; 8]) -> Buttons {
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

    /// None down.
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

    /// The buttons down in either.
    pub const fn union(self, other: Buttons) -> Buttons {
        let (a, b) = (self.to_array(), other.to_array());
        let mut out = [false; 8];
        let mut i = 0;
        while i < 8 {
            out[i] = a[i] || b[i];
            i += 1;
        }
        Buttons::from_array(out)
    }

    /// True when any is down.
    pub fn any(self) -> bool {
        self != Buttons::NONE
    }

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

    /// The switch as a direction key: one direction, or two at once for a
    /// diagonal (the numpad's corners).
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

#[cfg(test)]
mod tests {
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
