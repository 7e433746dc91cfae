//! The board's buttons and what they mean. The Wio Terminal has a 5-way
//! switch (four directions and a press) and three buttons on top (A, B, C);
//! QEMU's firmware scripts the same `Buttons`.

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

impl Buttons {
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

/// The commands on C's menu: everything the buttons have no room for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// A cursor to travel to, with the way there shown.
    Travel,
    /// `>`: to the stairs, and down.
    Stairs,
    Search,
    Inventory,
    Fire,
    Throw,
    Cast,
    Look,
    /// Asks the board to write the save (`Shell::take_save_request`).
    Save,
}

impl Command {
    pub const ALL: [Command; 9] = [
        Command::Travel,
        Command::Stairs,
        Command::Search,
        Command::Inventory,
        Command::Fire,
        Command::Throw,
        Command::Cast,
        Command::Look,
        Command::Save,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Command::Travel => "Travel",
            Command::Stairs => "Stairs",
            Command::Search => "Search",
            Command::Inventory => "Pack",
            Command::Fire => "Fire",
            Command::Throw => "Throw",
            Command::Cast => "Cast",
            Command::Look => "Look",
            Command::Save => "Save",
        }
    }

    /// The key it stands for, for the ones that are a key.
    pub fn key(self) -> Option<Key> {
        Some(Key::Char(match self {
            Command::Stairs => '>',
            Command::Search => 's',
            Command::Inventory => 'i',
            Command::Fire => 'f',
            Command::Throw => 't',
            Command::Cast => 'z',
            Command::Look => 'x',
            Command::Travel | Command::Save => return None,
        }))
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
