//! The help of a shell played with a pad's buttons.

use super::{Entry, Hands, Screen};
use crate::bindings::{self, Pad, Underfoot};
use amulets_core::color::palette;
use amulets_core::text::line;

/// A pad's help (a board's, a gamepad's, five keys'): each binding of the
/// core's tables its buttons give ([`bindings::pad_help`]), with the ways
/// that give it, then how the diagonals, the log, the screens and a
/// running command go, each named as the pad in the player's `hands`
/// names it (`Named`): a gamepad's Y and Start too.
pub fn button_help(hands: Hands) -> Screen {
    let title = match hands {
        Hands::FiveKeys => "The keys (select closes; up, down scroll)",
        _ => "The buttons (press or B closes; up, down scroll)",
    };
    let mut screen = Screen {
        title: line(format_args!("{title}")),
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
        let named = |w: &Pad| Named(*w, hands);
        core::fmt::write(&mut ways, format_args!("{name}{}", named(first))).unwrap_or(());
        for w in rest {
            core::fmt::write(&mut ways, format_args!(" or {}", named(w))).unwrap_or(());
        }
        add(format_args!("{ways}"), b.words);
    }
    match hands {
        Hands::Gamepad => {
            add(
                format_args!("B held + a direction"),
                "the diagonals: up is up-right, and on round",
            );
            add(format_args!("Y"), "this help");
            add(format_args!("Start"), "the menu");
        }
        Hands::Board => add(
            format_args!("B held + the switch"),
            "the diagonals: up is up-right, and on round",
        ),
        Hands::FiveKeys => add(
            format_args!("two keys together"),
            "the diagonals: up and right is up-right",
        ),
    }
    let screens = match hands {
        Hands::FiveKeys => "up and down choose; select takes; select+down back",
        _ => "up and down choose; press or A takes; B back",
    };
    add(format_args!("on a screen"), screens);
    add(
        format_args!("any button"),
        "stops a command that is running",
    );
    screen
}

/// A way of the pad's, as the pad in hand names it: a gamepad's switch
/// is its D-pad or left stick, its press the stick's click, and its X the
/// board's C; five keys give the press with select, and A, B and C with
/// select and up, down, or held (docs/board.md).
pub(crate) struct Named(pub Pad, pub Hands);

impl core::fmt::Display for Named {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match (self.0, self.1) {
            (way, Hands::Board) => write!(f, "{way}"),
            (Pad::Switch, Hands::Gamepad) => f.write_str("D-pad or stick"),
            (Pad::Press, Hands::Gamepad) => f.write_str("stick click"),
            (Pad::PressOn(Underfoot::Thing), Hands::Gamepad) => f.write_str("click on a thing"),
            (Pad::PressOn(Underfoot::Stairs), Hands::Gamepad) => f.write_str("click on stairs"),
            (Pad::PressOn(Underfoot::Nothing), Hands::Gamepad) => f.write_str("click elsewhere"),
            (Pad::C, Hands::Gamepad) => f.write_str("X"),
            (Pad::Menu(name), Hands::Gamepad) => write!(f, "X, {name}"),
            (way, Hands::Gamepad) => write!(f, "{way}"),
            (Pad::Switch, Hands::FiveKeys) => f.write_str("the keys"),
            (Pad::Press, Hands::FiveKeys) => f.write_str("select"),
            (Pad::PressOn(Underfoot::Thing), Hands::FiveKeys) => f.write_str("select on a thing"),
            (Pad::PressOn(Underfoot::Stairs), Hands::FiveKeys) => f.write_str("select on stairs"),
            (Pad::PressOn(Underfoot::Nothing), Hands::FiveKeys) => f.write_str("select elsewhere"),
            (Pad::A, Hands::FiveKeys) => f.write_str("select+up"),
            (Pad::B, Hands::FiveKeys) => f.write_str("select+down"),
            (Pad::C, Hands::FiveKeys) => f.write_str("select held"),
            (Pad::Menu(name), Hands::FiveKeys) => write!(f, "select held, {name}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board's help, the gamepad's and five keys' each fit the
    /// screen's lines ([`Screen::entries`] holds `PANEL_LINES`), say every
    /// way the pad table gives, and name the buttons of the thing in the
    /// player's hands: a gamepad's help names no board button, and a
    /// board's no gamepad's.
    #[test]
    fn the_button_help_fits_and_names_the_buttons_in_hand() {
        let pad_lines = bindings::pad_help().count();
        for hands in [Hands::Board, Hands::Gamepad, Hands::FiveKeys] {
            let help = button_help(hands);
            let gamepad = hands == Hands::Gamepad;
            let board = hands == Hands::Board;
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
            assert_eq!(has("C, "), board, "{lines:?}");
            assert_eq!(has("switch"), board, "{lines:?}");
            assert_eq!(has("select held, Log"), hands == Hands::FiveKeys);
            // Five keys have no press, A, B or C of their own.
            let ways_say = |w: &str| lines.iter().any(|l| l.get(..30).unwrap_or(l).contains(w));
            let five = hands == Hands::FiveKeys;
            assert_eq!(ways_say("press"), board, "{lines:?}");
            assert_eq!(ways_say("select+up"), five, "{lines:?}");
        }
    }
}
