//! The help of a shell played with a pad's buttons.

use super::{Entry, Screen};
use crate::bindings::{self, Pad, Underfoot};
use amulets_core::color::palette;
use amulets_core::text::line;

/// A pad's help (the board's, a gamepad's): each binding of the core's
/// tables its buttons give ([`bindings::pad_help`]), with the ways that give
/// it, then how the diagonals, the log, the screens and a running command
/// go. A gamepad's names its own buttons (`gamepad_name`), and Y and Start.
pub fn button_help(gamepad: bool) -> Screen {
    let mut screen = Screen {
        title: line(format_args!(
            "The buttons (press or B closes; up, down scroll)"
        )),
        entries: heapless::Vec::new(),
    };
    let mut add = |way: core::fmt::Arguments<'_>, words: &str| {
        let mut w: heapless::String<40> = heapless::String::new();
        // A way longer than the column is cut, as the display would.
        core::fmt::write(&mut w, way).unwrap_or(());
        let entry = Entry {
            text: line(format_args!("{w:<30}{words}")),
            color: palette::TEXT,
            key: None,
            enabled: true,
        };
        screen.entries.push(entry).expect(
            "`pad_help`'s lines (28) and 3 more are fewer than the screen's PANEL_LINES \
             (a test holds it)",
        );
    };
    for (name, b) in bindings::pad_help() {
        let (first, rest) = b.pad.split_first().unwrap_or((&Pad::Press, &[]));
        let mut ways: heapless::String<40> = heapless::String::new();
        let named = |w: &Pad| Named(*w, gamepad);
        core::fmt::write(&mut ways, format_args!("{name}{}", named(first))).unwrap_or(());
        for w in rest {
            core::fmt::write(&mut ways, format_args!(" or {}", named(w))).unwrap_or(());
        }
        add(format_args!("{ways}"), b.words);
    }
    if gamepad {
        add(
            format_args!("B held + a direction"),
            "the diagonals: up is up-right, and on round",
        );
        add(format_args!("Y"), "this help");
        add(format_args!("Start"), "the menu");
    } else {
        add(
            format_args!("B held + the switch"),
            "the diagonals: up is up-right, and on round",
        );
    }
    add(
        format_args!("on a screen"),
        "up and down choose; press or A takes; B back",
    );
    add(
        format_args!("any button"),
        "stops a command that is running",
    );
    screen
}

/// A way of the pad's, as a board or a gamepad names it: a gamepad's
/// switch is its D-pad or left stick, its press the stick's click, and
/// its X the board's C.
struct Named(Pad, bool);

impl core::fmt::Display for Named {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match (self.0, self.1) {
            (way, false) => write!(f, "{way}"),
            (Pad::Switch, true) => f.write_str("D-pad or stick"),
            (Pad::Press, true) => f.write_str("stick click"),
            (Pad::PressOn(Underfoot::Thing), true) => f.write_str("click on a thing"),
            (Pad::PressOn(Underfoot::Stairs), true) => f.write_str("click on stairs"),
            (Pad::PressOn(Underfoot::Nothing), true) => f.write_str("click elsewhere"),
            (Pad::C, true) => f.write_str("X"),
            (Pad::Menu(name), true) => write!(f, "X, {name}"),
            (way, true) => write!(f, "{way}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board's help and the gamepad's each fit the screen's lines
    /// ([`Screen::entries`] holds `PANEL_LINES`), say every way the pad
    /// table gives, and name the buttons of the thing in the player's
    /// hands: a gamepad's help names no board button, and a board's no
    /// gamepad's.
    #[test]
    fn the_button_help_fits_and_names_the_buttons_in_hand() {
        let pad_lines = bindings::pad_help().count();
        for gamepad in [false, true] {
            let help = button_help(gamepad);
            let lines: heapless::Vec<&str, { crate::view::PANEL_LINES }> =
                help.entries.iter().map(|e| e.text.as_str()).collect();
            // It was made (a screen past its lines panics), and a
            // session's note of two lines still fits under it.
            assert!(help.entries.len() + 2 <= crate::view::PANEL_LINES);
            assert!(lines.len() >= pad_lines + 3, "{lines:?}");
            for (_, b) in bindings::pad_help() {
                assert!(
                    lines.iter().any(|l| l.ends_with(b.words)),
                    "{}: {lines:?}",
                    b.words
                );
            }
            let has = |w: &str| lines.iter().any(|l| l.contains(w));
            assert_eq!(has("Start"), gamepad);
            assert_eq!(has("D-pad or stick"), gamepad);
            assert_eq!(has("X, Log"), gamepad);
            assert_eq!(has("C, "), !gamepad, "{lines:?}");
            assert_eq!(has("switch"), !gamepad, "{lines:?}");
        }
    }
}
