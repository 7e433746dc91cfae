//! The desktop game's state: the desktop picture's `App` (shared with the
//! browser) over the run's `Session` from `amulets-desktop`. Keys, clicks,
//! hovers and time go to the session as they come; nothing here knows a
//! rule.

use amulets_play::store::StoreError;
use std::io::Write;

/// How the map is drawn; F2 switches (the session keeps which).
pub use amulets_picture::ViewMode;

/// The app of the desktop game: the session saves in files, records to a
/// file when asked, and takes its seeds from the OS.
pub type App = amulets_picture::App<amulets_desktop::DesktopHost>;

/// The window is closing: the session saves a run in play.
pub fn close(app: &mut App) {
    if let Err(e) = app.close() {
        say_unsaved(&e);
    }
}

/// A save that failed as the game closed is said on the terminal the game
/// was started from, the only place left to say it.
pub fn say_unsaved(e: &StoreError) {
    // That terminal may be closed too: said only where it can be.
    let _ = writeln!(
        std::io::stderr(),
        "amulets: the run could not be saved: {e}"
    );
}
