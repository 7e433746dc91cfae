//! The player's preferences a session plays with: the keymap the keys
//! are read through, the palette the shell paints with, the view (glyphs
//! or tiles, F2), what the shell can show, for its help, and the
//! automation the player chose (the menu's A). None of it but the
//! automation is the run's; that the session gives the run in play as an
//! input of its own (`Run::automate`), saved and taped with it.

use crate::bindings::{self, Context, Setting};
use crate::keymap::Keymap;
use crate::palettes::Palette;
use crate::view::Shows;
use amulets_core::game::State;
use amulets_core::game::auto::{Automation, LEAST_REST};
use amulets_core::input::{Action, Key};
use amulets_core::text::{Note, note};

/// The player's preferences (see the module's comment).
#[derive(Clone, Debug)]
pub struct Prefs {
    /// The player's keys: the keys pressed are read through it.
    keymap: Keymap,
    /// The player's palette, for the shell to paint with.
    palette: Palette,
    /// F2: tiles instead of glyphs (a shell with one view ignores it).
    tiles: bool,
    /// What the shell can show, for its help.
    shows: Shows,
    /// What the player lets the commands do on their own.
    automation: Automation,
}

impl Prefs {
    /// The book's keys, glyphs, and `palette`; a shell that shows nothing
    /// but glyphs.
    pub fn new(palette: Palette) -> Prefs {
        Prefs {
            keymap: Keymap::new(),
            palette,
            tiles: false,
            shows: Shows {
                tiles: false,
                buttons: false,
                hands: crate::view::Hands::Board,
                quits: true,
            },
            automation: Automation::BOOK,
        }
    }

    /// The player's keys.
    pub fn keymap(&self) -> &Keymap {
        &self.keymap
    }

    /// The player's keys from now on.
    pub fn set_keymap(&mut self, keymap: Keymap) {
        self.keymap = keymap;
    }

    /// The palette the shell paints with ([`Palette::apply`]); the title's
    /// and the menu's P change it.
    pub fn palette(&self) -> Palette {
        self.palette
    }

    /// The player's palette from now on.
    pub fn set_palette(&mut self, palette: Palette) {
        self.palette = palette;
    }

    /// P: the next palette, which is the player's from now on.
    pub fn next_palette(&mut self) -> Palette {
        self.palette = self.palette.next();
        self.palette
    }

    /// Whether the tile view is on (F2).
    pub fn tiles(&self) -> bool {
        self.tiles
    }

    /// F2's view to begin with.
    pub fn set_tiles(&mut self, on: bool) {
        self.tiles = on;
    }

    /// F2: the other view.
    pub fn switch_view(&mut self) {
        self.tiles = !self.tiles;
    }

    /// What the shell can show (tiles, a pad's buttons), which its help
    /// lists.
    pub fn shows(&self) -> Shows {
        self.shows
    }

    /// What the shell can show from now on.
    pub fn set_shows(&mut self, shows: Shows) {
        self.shows = shows;
    }

    /// What the player lets the commands do on their own.
    pub fn automation(&self) -> Automation {
        self.automation
    }

    /// The player's automation from now on (the settings, as a shell
    /// starts).
    pub fn set_automation(&mut self, automation: Automation) {
        self.automation = automation;
    }

    /// A letter of the automation screen: its setting changed (a kind
    /// picked up or not, a stop on or off, the rest's share a tenth lower,
    /// from the least back to full).
    pub fn change(&mut self, setting: Setting) {
        let a = &mut self.automation;
        match setting {
            Setting::Pick(kind) => a.set_pick(kind, !a.picks(kind)),
            Setting::Halt(halt) => a.set_halt(halt, !a.halts(halt)),
            Setting::Rest => match a.rest_to() {
                share if share <= LEAST_REST => a.set_rest_to(100),
                share => a.set_rest_to(share - 10),
            },
        }
    }

    /// The first key of the player's keymap that takes `action` while
    /// playing (not its label: that sorts the keys, and a board with no
    /// keyboard links none of it).
    pub fn playing_key(&self, action: Action) -> Option<Key> {
        let playing = Context::State(State::Playing);
        bindings::PLAYING
            .iter()
            .find(|b| b.action() == Some(action.into()))
            .and_then(|b| self.keymap.first_key(playing, b))
    }

    /// What a key asks for while playing, read through the player's keys.
    pub fn playing_verb(&self, key: Key) -> Option<bindings::Verb> {
        let playing = Context::State(State::Playing);
        bindings::action_for(State::Playing, self.keymap.translate(playing, key))
    }

    /// What the player is told of `c`, a key that does nothing while
    /// playing: which key shows the keys.
    pub fn does_nothing(&self, c: char) -> Note {
        match self.playing_key(Action::Help) {
            Some(Key::Char(h)) => note(format_args!("{c} does nothing: {h} shows the keys.")),
            _ => note(format_args!(
                "{c} does nothing: the menu's help shows the keys."
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_book_keys_name_the_help_and_the_search() {
        let prefs = Prefs::new(Palette::default());
        assert_eq!(prefs.playing_key(Action::Help), Some(Key::Char('?')));
        assert_eq!(
            prefs.playing_key(Action::KeepSearching),
            Some(Key::Char('e'))
        );
        assert_eq!(
            &*prefs.does_nothing('w'),
            "w does nothing: ? shows the keys."
        );
    }

    #[test]
    fn the_palette_and_the_view_change_as_the_player_asks() {
        let mut prefs = Prefs::new(Palette::default());
        let next = prefs.next_palette();
        assert_ne!(next, Palette::default());
        assert_eq!(prefs.palette(), next);
        assert!(!prefs.tiles());
        prefs.switch_view();
        assert!(prefs.tiles());
        prefs.switch_view();
        assert!(!prefs.tiles());
    }

    #[test]
    fn a_letter_of_the_automation_screen_changes_its_setting() {
        use amulets_core::game::auto::{Halt, Pick};
        let mut prefs = Prefs::new(Palette::default());
        prefs.change(Setting::Pick(Pick::Gold));
        assert!(prefs.automation().picks(Pick::Gold));
        prefs.change(Setting::Pick(Pick::Gold));
        assert_eq!(prefs.automation(), Automation::BOOK);
        prefs.change(Setting::Halt(Halt::Traps));
        assert!(!prefs.automation().halts(Halt::Traps));
        let mut shares = heapless::Vec::<u8, 12>::new();
        for _ in 0..11 {
            prefs.change(Setting::Rest);
            shares.push(prefs.automation().rest_to()).unwrap();
        }
        assert_eq!(shares, [90, 80, 70, 60, 50, 40, 30, 20, 10, 100, 90]);
    }
}
