//! What Amulets' two desktop shells share besides the core: the save file
//! (`store`), a seed from the operating system (`seed`), the replay file
//! (`record`) and the command line both accept (`args`). No window and no
//! terminal: the SDL game (`amulets`) and the terminal game
//! (`amulets-tui`) each add their own.

pub mod args;
pub mod clock;
pub mod files;
pub mod image;
pub mod man;
pub mod replay;
pub mod seed;
pub mod settings;
pub mod speech;
pub mod store;
pub mod test_panic;

pub use args::RunArgs;
pub use replay::ReplayFile;
pub use store::FileStore;
pub use test_panic::TestPanic;

/// What a desktop shell provides its session: the save in files (none
/// for a screenshot), a replay file when asked for one, seeds from the OS.
pub type DesktopHost = (
    amulets_play::store::Kept<FileStore>,
    Option<ReplayFile>,
    fn() -> u32,
);

/// The session a desktop shell plays.
pub type DesktopSession = amulets_play::session::Session<DesktopHost>;
