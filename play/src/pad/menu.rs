//! C's menu: the commands a pad gives by name.

use crate::bindings::{self, Binding, Pad};

/// A command on C's menu: a binding of the core's playing table its buttons
/// give by name there ([`Pad::Menu`]), with its name. The click's (travel
/// there) is taken with a cursor to travel to, the way there shown: the
/// mouse's click, on a board with no mouse. The last, Log, is the
/// session's messages, as M shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuEntry(pub &'static Binding, pub &'static str);

impl MenuEntry {
    /// Its name on the menu.
    pub fn name(self) -> &'static str {
        self.1
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
/// table's order.
pub const COMMANDS: [MenuEntry; COMMAND_KEYS] = {
    let mut out = [MenuEntry(&bindings::PLAYING[0], ""); COMMAND_KEYS];
    let mut i = 0;
    let mut n = 0;
    while i < bindings::PLAYING.len() {
        if let Some(name) = menu_name(&bindings::PLAYING[i]) {
            out[n] = MenuEntry(&bindings::PLAYING[i], name);
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
