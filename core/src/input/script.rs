//! A key script: what a person would do at the keyboard and the mouse,
//! written as text, for screenshots, tests and the page's links
//! (`--keys "oo{Esc}{click 12 7}"`). Every shell that takes one reads it
//! here, so a script means the same on the desktop and in the browser.
//!
//! A character is its key as typed. Braces name the rest: `{Esc}`,
//! `{Enter}`, `{Tab}`, `{Up}`, `{Down}`, `{Left}`, `{Right}`, `{F1}` to
//! `{F12}`, `{KP1}` to `{KP9}`, and what is not a key: `{hover X Y}` (the
//! mouse over a map cell), `{hover off}`, `{click X Y}` (a left click on a
//! map cell), `{freeze}` (from here on time stands still after each step,
//! so a picture catches an animation) and `{close}` (the window's close).

use super::Key;
use crate::geom::Point;
use core::fmt;

/// One step of a key script.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A key pressed (and let go).
    Key(Key),
    /// The mouse over a map cell, or off the map.
    Hover(Option<Point>),
    /// A left click on a map cell.
    Click(Point),
    /// From here on, time stands still after each step.
    Freeze,
    /// The window closed, as its close button does.
    Close,
}

/// Why a script cannot be read, with the words in braces it stopped at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScriptError<'a> {
    /// A `{` with no `}` after it.
    Unclosed(&'a str),
    /// Braces round no key or step the script knows.
    NotAKey(&'a str),
    /// A hover or a click whose cell is not two whole numbers.
    NotACell(&'a str),
}

impl fmt::Display for ScriptError<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptError::Unclosed(rest) => write!(f, "{{{rest}: no }} closes it"),
            ScriptError::NotAKey(name) => write!(f, "{{{name}}} is no key"),
            ScriptError::NotACell(name) => write!(f, "{{{name}}}: give a cell as X Y"),
        }
    }
}

/// The steps of a script, in order; an error ends them.
pub fn steps(script: &str) -> Steps<'_> {
    Steps { rest: script }
}

/// The iterator `steps` gives: each item a step, or why the script cannot
/// be read there (and nothing after it).
#[derive(Clone, Debug)]
pub struct Steps<'a> {
    rest: &'a str,
}

impl<'a> Iterator for Steps<'a> {
    type Item = Result<Step, ScriptError<'a>>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut chars = self.rest.chars();
        let c = chars.next()?;
        if c != '{' {
            self.rest = chars.as_str();
            return Some(Ok(Step::Key(Key::Char(c))));
        }
        let inside = &self.rest[1..];
        let Some(end) = inside.find('}') else {
            // Nothing after an error: the script cannot be read on.
            self.rest = "";
            return Some(Err(ScriptError::Unclosed(inside)));
        };
        let name = &inside[..end];
        self.rest = &inside[end + 1..];
        let step = named(name);
        if step.is_err() {
            self.rest = "";
        }
        Some(step)
    }
}

/// What the words in one pair of braces mean.
fn named(name: &str) -> Result<Step, ScriptError<'_>> {
    let mut words = name.split_whitespace();
    let first = words.next().unwrap_or("");
    let step = match first {
        "hover" | "click" => {
            let (x, y, more) = (words.next(), words.next(), words.next());
            if first == "hover" && x == Some("off") && y.is_none() {
                return Ok(Step::Hover(None));
            }
            let number = |w: Option<&str>| w.and_then(|w| w.parse::<i32>().ok());
            let (Some(x), Some(y), None) = (number(x), number(y), more) else {
                return Err(ScriptError::NotACell(name));
            };
            let cell = Point::new(x, y);
            return Ok(if first == "hover" {
                Step::Hover(Some(cell))
            } else {
                Step::Click(cell)
            });
        }
        _ if words.next().is_some() => return Err(ScriptError::NotAKey(name)),
        "freeze" => Step::Freeze,
        "close" => Step::Close,
        "Esc" => Step::Key(Key::Escape),
        "Enter" => Step::Key(Key::Enter),
        "Tab" => Step::Key(Key::Tab),
        "Up" => Step::Key(Key::Up),
        "Down" => Step::Key(Key::Down),
        "Left" => Step::Key(Key::Left),
        "Right" => Step::Key(Key::Right),
        _ => {
            let number = |prefix: &str| first.strip_prefix(prefix)?.parse::<u8>().ok();
            match (number("KP"), number("F")) {
                (Some(n @ 1..=9), _) => Step::Key(Key::Numpad(n)),
                (_, Some(n @ 1..=12)) => Step::Key(Key::F(n)),
                _ => return Err(ScriptError::NotAKey(name)),
            }
        }
    };
    Ok(step)
}

/// One key alone, written as a script writes it (`o`, `{Esc}`, `{KP5}`):
/// `None` for anything else (two keys, a click, nothing).
pub fn one_key(text: &str) -> Option<Key> {
    let mut all = steps(text);
    match (all.next(), all.next()) {
        (Some(Ok(Step::Key(key))), None) => Some(key),
        _ => None,
    }
}

/// A key as a script writes it: `o`, `{Esc}`, `{KP5}`, `{F2}` ([`Key::Other`],
/// which no script can give, as `{Other}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Written(pub Key);

impl fmt::Display for Written {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Key::Char(c) => write!(f, "{c}"),
            Key::Up => f.write_str("{Up}"),
            Key::Down => f.write_str("{Down}"),
            Key::Left => f.write_str("{Left}"),
            Key::Right => f.write_str("{Right}"),
            Key::Numpad(n) => write!(f, "{{KP{n}}}"),
            Key::Enter => f.write_str("{Enter}"),
            Key::Escape => f.write_str("{Esc}"),
            Key::Tab => f.write_str("{Tab}"),
            Key::F(n) => write!(f, "{{F{n}}}"),
            Key::Other => f.write_str("{Other}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The steps of a script that reads, in a fixed array.
    fn read<const N: usize>(script: &str) -> [Step; N] {
        let mut out = [Step::Freeze; N];
        let mut count = 0;
        for (i, step) in steps(script).enumerate() {
            out[i] = step.expect("the script reads");
            count += 1;
        }
        assert_eq!(count, N, "{script} has {N} steps");
        out
    }

    /// The error a script stops at.
    fn error(script: &str) -> ScriptError<'_> {
        steps(script)
            .find_map(Result::err)
            .expect("the script does not read")
    }

    #[test]
    fn characters_are_keys_as_typed_and_braces_name_the_rest() {
        assert_eq!(
            read("o{Esc}{KP7}{F2}>{Enter}{Tab}{F12}"),
            [
                Step::Key(Key::Char('o')),
                Step::Key(Key::Escape),
                Step::Key(Key::Numpad(7)),
                Step::Key(Key::F(2)),
                Step::Key(Key::Char('>')),
                Step::Key(Key::Enter),
                Step::Key(Key::Tab),
                Step::Key(Key::F(12)),
            ]
        );
        assert_eq!(
            read("{Up}{Down}{Left}{Right} "),
            [
                Step::Key(Key::Up),
                Step::Key(Key::Down),
                Step::Key(Key::Left),
                Step::Key(Key::Right),
                Step::Key(Key::Char(' ')),
            ]
        );
    }

    #[test]
    fn the_mouse_and_the_window_are_steps_too() {
        assert_eq!(
            read("{hover 12 7}{hover off}{click 3 -1}{freeze}{close}"),
            [
                Step::Hover(Some(Point::new(12, 7))),
                Step::Hover(None),
                Step::Click(Point::new(3, -1)),
                Step::Freeze,
                Step::Close,
            ]
        );
    }

    #[test]
    fn a_script_that_cannot_be_read_says_where() {
        assert_eq!(error("o{Nope}"), ScriptError::NotAKey("Nope"));
        assert_eq!(error("{KP0}"), ScriptError::NotAKey("KP0"));
        assert_eq!(error("{KP10}"), ScriptError::NotAKey("KP10"));
        assert_eq!(error("{F13}"), ScriptError::NotAKey("F13"));
        assert_eq!(error("{F}"), ScriptError::NotAKey("F"));
        assert_eq!(error("{}"), ScriptError::NotAKey(""));
        assert_eq!(error("{Esc now}"), ScriptError::NotAKey("Esc now"));
        assert_eq!(error("{click 3}"), ScriptError::NotACell("click 3"));
        assert_eq!(error("{click a b}"), ScriptError::NotACell("click a b"));
        assert_eq!(error("{hover 1 2 3}"), ScriptError::NotACell("hover 1 2 3"));
        assert_eq!(error("oo{Esc"), ScriptError::Unclosed("Esc"));
    }

    #[test]
    fn a_key_written_reads_back_as_itself() {
        let keys = [
            Key::Char('o'),
            Key::Char('>'),
            Key::Char('{'),
            Key::Up,
            Key::Down,
            Key::Left,
            Key::Right,
            Key::Numpad(5),
            Key::Enter,
            Key::Escape,
            Key::Tab,
            Key::F(12),
        ];
        for key in keys {
            let mut text = heapless::String::<8>::new();
            fmt::write(&mut text, format_args!("{}", Written(key))).unwrap();
            if key == Key::Char('{') {
                // A lone brace opens a name: it is no key alone.
                assert_eq!(one_key(&text), None);
            } else {
                assert_eq!(one_key(&text), Some(key), "{text}");
            }
        }
        assert_eq!(one_key("oo"), None);
        assert_eq!(one_key("{click 1 2}"), None);
        assert_eq!(one_key(""), None);
    }

    #[test]
    fn nothing_is_read_after_an_error() {
        let mut s = steps("a{Nope}b");
        assert_eq!(s.next(), Some(Ok(Step::Key(Key::Char('a')))));
        assert!(matches!(s.next(), Some(Err(_))));
        assert_eq!(s.next(), None);
    }

    #[test]
    fn an_error_says_what_it_stopped_at_in_words() {
        let mut text = heapless::String::<64>::new();
        fmt::write(&mut text, format_args!("{}", error("{Nope}"))).unwrap();
        assert_eq!(text, "{Nope} is no key");
        text.clear();
        fmt::write(&mut text, format_args!("{}", error("{click 3}"))).unwrap();
        assert_eq!(text, "{click 3}: give a cell as X Y");
        text.clear();
        fmt::write(&mut text, format_args!("{}", error("o{Esc"))).unwrap();
        assert_eq!(text, "{Esc: no } closes it");
    }
}
