//! The browser's key events (`KeyboardEvent.key` and `.code`) as the
//! core's keys, as the desktop game reads SDL's: the numpad moves whether
//! Num Lock is on or off, `>` is the typed character, and a key the game
//! has no use for is `Key::Other`, which still stops a running command.

use amulets_core::input::Key;

pub fn key_of(key: &str, code: &str) -> Key {
    if let Some(n) = code
        .strip_prefix("Numpad")
        .and_then(|d| d.parse::<u8>().ok())
        .filter(|n| (1..=9).contains(n))
    {
        return Key::Numpad(n);
    }
    match key {
        "ArrowUp" => Key::Up,
        "ArrowDown" => Key::Down,
        "ArrowLeft" => Key::Left,
        "ArrowRight" => Key::Right,
        "Enter" => Key::Enter,
        "Escape" => Key::Escape,
        "Tab" => Key::Tab,
        _ => {
            if let Some(n) = key
                .strip_prefix('F')
                .and_then(|n| n.parse::<u8>().ok())
                .filter(|n| (1..=12).contains(n))
            {
                return Key::F(n);
            }
            // The browser gives the character typed, case and all.
            let mut chars = key.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_graphic() || c == ' ' => Key::Char(c),
                _ => Key::Other,
            }
        }
    }
}

/// The browser keeps some keys for itself (F5 reloads, F6 goes to the
/// address bar, F11 and F12 are its own): Alt with a digit stands for
/// F1 to F9 as well. `None` when the key is no such alternative.
pub fn alternative(key: &str, code: &str, alt: bool) -> Option<Key> {
    if !alt {
        return None;
    }
    let _ = key;
    code.strip_prefix("Digit")
        .and_then(|d| d.parse::<u8>().ok())
        .filter(|n| (1..=9).contains(n))
        .map(Key::F)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_as_the_desktop_reads_them() {
        assert_eq!(key_of("ArrowUp", "ArrowUp"), Key::Up);
        assert_eq!(key_of("8", "Numpad8"), Key::Numpad(8));
        assert_eq!(key_of("ArrowUp", "Numpad8"), Key::Numpad(8));
        assert_eq!(key_of(">", "Period"), Key::Char('>'));
        assert_eq!(key_of("R", "KeyR"), Key::Char('R'));
        assert_eq!(key_of("F2", "F2"), Key::F(2));
        assert_eq!(key_of("Shift", "ShiftLeft"), Key::Other);
        assert_eq!(key_of("Home", "Home"), Key::Other);
        assert_eq!(key_of("é", "KeyE"), Key::Other);
        assert_eq!(key_of("Enter", "NumpadEnter"), Key::Enter);
        assert_eq!(alternative("6", "Digit6", true), Some(Key::F(6)));
        assert_eq!(alternative("6", "Digit6", false), None);
    }
}
