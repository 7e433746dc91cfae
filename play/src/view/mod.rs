//! The core's picture: for any cell, what a shell should draw (`cell`)
//! and what is laid over it (`scene`, with F3's and F4's `overlays`), the
//! camera, and the words and colours of the side panel (`panel`), the look
//! panel (`look`), the log and every screen (`screens`, `help`), wrapped
//! to the width a shell has (`wrap`). The shells draw from this and nothing else,
//! so the game looks the same in a window, a terminal and on a small
//! display; a shell chooses no colour, overlay or camera of its own.
//! Drawing never changes the run.

mod camera;
mod cell;
mod help;
mod look;
mod overlays;
mod panel;
mod said;
mod scene;
mod screens;
mod search;
mod wrap;

pub use camera::Camera;
pub use cell::{CellLook, Tile, cell, terrain_glyph};
pub(crate) use help::Named;
pub use help::button_help;
pub use look::{describe, next_in_view};
pub use overlays::{distance_label, distances, mind_label};
pub use panel::{Lines, PANEL_LINES, Styled, cave_step_words, log_lines, log_lines_fitting, panel};
pub use said::{Condensed, SAID, Said, SaidLine, newest, said};
pub use scene::{
    FLASH_ALPHA, Label, Memo, Scene, Shown, TextCell, WAY_ALPHA, camera, chrome, tile_colour,
};
pub use screens::{
    Entry, Offers, Paging, Screen, Scroll, automation_screen, end_words, entry_rows,
    entry_rows_hanging, legend, messages_screen, question_screen, screen, screen_over_map,
};
pub use search::{Kind as SpotKind, SearchSpot, where_to_search};
pub use wrap::{LineParts, Wrapped, line_parts, wrap};

/// What a shell can show, which says what its help lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shows {
    /// The tile view (F2 switches to it).
    pub tiles: bool,
    /// It is played with a pad's buttons, not keys: its help lists them.
    pub buttons: bool,
    /// Which pad it is played with, when `buttons`: its help names that
    /// pad's buttons.
    pub hands: Hands,
    /// The title offers to quit (a page cannot close itself: there the
    /// title offers no quit, and its key does nothing).
    pub quits: bool,
}

/// The pad in the player's hands, which the help names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Hands {
    /// A board's (or a phone's on-screen copy): the switch, A, B and C.
    #[default]
    Board,
    /// A gamepad: the D-pad, X for C, Y and Start.
    Gamepad,
    /// Five keys, up, down, left, right and select ([`crate::pad::FiveKeys`]).
    FiveKeys,
}
