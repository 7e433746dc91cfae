//! crossterm's key events as the core's keys. A press, a repeat and a
//! release of a key give the same `Key`; the session tells them apart
//! (`tui::App::on_key`).

use amulets_core::input::Key;
use crossterm::event::{KeyCode, KeyEvent, KeyEventState, KeyModifiers};

/// The core's key for a key event. A key the game has no use for (Insert,
/// Delete, a lone modifier where the terminal reports one) is
/// `Key::Other`, which still stops a running command.
pub fn key_of(event: &KeyEvent) -> Key {
    let keypad = event.state.contains(KeyEventState::KEYPAD);
    match event.code {
        KeyCode::Char(c) if keypad && c.is_ascii_digit() => Key::Numpad(c as u8 - b'0'),
        KeyCode::Char('c') if event.modifiers.contains(KeyModifiers::CONTROL) => Key::Escape,
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        // The numpad with Num Lock off, as terminals send it.
        KeyCode::Home => Key::Numpad(7),
        KeyCode::PageUp => Key::Numpad(9),
        KeyCode::End => Key::Numpad(1),
        KeyCode::PageDown => Key::Numpad(3),
        KeyCode::KeypadBegin => Key::Numpad(5),
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Escape,
        KeyCode::Tab => Key::Tab,
        KeyCode::F(n) => Key::F(n),
        _ => Key::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyEventKind;

    #[test]
    fn a_key_is_the_same_key_pressed_repeated_or_released() {
        let mut e = KeyEvent::new(KeyCode::Char('h'), KeyModifiers::NONE);
        assert_eq!(key_of(&e), Key::Char('h'));
        e.kind = KeyEventKind::Repeat;
        assert_eq!(key_of(&e), Key::Char('h'));
        e.kind = KeyEventKind::Release;
        assert_eq!(key_of(&e), Key::Char('h'));
        let mut pad = KeyEvent::new(KeyCode::Char('7'), KeyModifiers::NONE);
        pad.state = KeyEventState::KEYPAD;
        assert_eq!(key_of(&pad), Key::Numpad(7));
        assert_eq!(
            key_of(&KeyEvent::new(KeyCode::Char('>'), KeyModifiers::SHIFT)),
            Key::Char('>')
        );
    }
}
