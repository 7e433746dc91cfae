//! SDL's key events as the core's keys.

use amulets_core::input::Key;
use sdl3::keyboard::{Keycode, Mod, Scancode};

/// The character a key types with the modifiers held (the book's
/// `typedKey`): Shift and period give `>` whatever the keyboard's layout.
pub fn typed(scancode: Option<Scancode>, keymod: Mod) -> Option<Keycode> {
    Keycode::from_scancode(
        scancode?,
        sdl3::sys::keycode::SDL_Keymod(keymod.bits()),
        false,
    )
}

/// The core's key for a key event: every key is one, and a key the game
/// has no use for (a lone Shift, Home, Delete) is `Key::Other`, which
/// still stops a running command, as any key down does in the book.
pub fn key_of(keycode: Option<Keycode>, scancode: Option<Scancode>, keymod: Mod) -> Key {
    mapped(keycode, scancode, keymod).unwrap_or(Key::Other)
}

/// The key the game has a use for, or `None`.
fn mapped(keycode: Option<Keycode>, scancode: Option<Scancode>, keymod: Mod) -> Option<Key> {
    let keycode = keycode?;
    // The numpad moves whether Num Lock is on or off.
    let pad = match keycode {
        Keycode::Kp1 => Some(1),
        Keycode::Kp2 => Some(2),
        Keycode::Kp3 => Some(3),
        Keycode::Kp4 => Some(4),
        Keycode::Kp5 => Some(5),
        Keycode::Kp6 => Some(6),
        Keycode::Kp7 => Some(7),
        Keycode::Kp8 => Some(8),
        Keycode::Kp9 => Some(9),
        _ => None,
    };
    if let Some(n) = pad {
        return Some(Key::Numpad(n));
    }
    let typed = typed(scancode, keymod);
    // `>` is a typed character, checked before the keys that move.
    if typed == Some(Keycode::Greater) {
        return Some(Key::Char('>'));
    }
    let f = keycode as u32;
    let f1 = Keycode::F1 as u32;
    if (f1..f1 + 12).contains(&f) {
        return Some(Key::F((f - f1 + 1) as u8));
    }
    Some(match keycode {
        Keycode::Up => Key::Up,
        Keycode::Down => Key::Down,
        Keycode::Left => Key::Left,
        Keycode::Right => Key::Right,
        Keycode::Return | Keycode::KpEnter => Key::Enter,
        Keycode::Escape => Key::Escape,
        Keycode::Tab => Key::Tab,
        _ => {
            // Any other key counts as the character it types (a letter's
            // keycode is its lower-case letter).
            let letter = char::from_u32(keycode as u32).filter(char::is_ascii_lowercase);
            let c = letter.or_else(|| char::from_u32(typed? as u32))?;
            if !(c.is_ascii_graphic() || c == ' ') {
                return None;
            }
            // SDL3 gives letters lower case whatever the modifiers: Shift
            // or Caps Lock (not both) makes them capitals.
            let shift = keymod.intersects(Mod::LSHIFTMOD | Mod::RSHIFTMOD);
            let caps = keymod.contains(Mod::CAPSMOD);
            if c.is_ascii_lowercase() && shift != caps {
                Key::Char(c.to_ascii_uppercase())
            } else {
                Key::Char(c)
            }
        }
    })
}
