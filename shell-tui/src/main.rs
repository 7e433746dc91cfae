//! `amulets-tui`: Amulets in a terminal. (The dungeon printer that was
//! its `gen` command is a tool of its own, `amulets-gen`.)

mod tui;

use amulets_desktop::{RunArgs, seed};
use amulets_play::session::Session;
use clap::{Parser, Subcommand};
use std::io::Write;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "amulets-tui",
    version,
    about = "Amulets, a roguelike, in a terminal",
    long_about = "Amulets, a roguelike, in a terminal.\n\n\
                  With no command it plays (as `play`).",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: RunArgs,
    /// Print this program's manual page (roff, section 6) and stop
    #[arg(long, hide = true)]
    man_page: bool,
}

#[derive(Subcommand)]
enum Command {
    /// Play (the default)
    Play(RunArgs),
    /// Play a recorded run back and check it ends where it did
    Replay {
        /// A replay written by `--record`
        file: std::path::PathBuf,
    },
}

/// `replay FILE`: plays it back; exit 0 when it ends where it did, 1 when it
/// does not (it split from the recording at a point, or ended elsewhere),
/// 2 when the file is no replay this game reads.
fn replay(file: &std::path::Path) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            say_error(format_args!("{}: {e}", file.display()));
            return ExitCode::from(2);
        }
    };
    match amulets_core::replay::play_through(&text) {
        Ok(playback) => {
            let _ = writeln!(
                std::io::stdout(),
                "{}: {} (state hash {:016x})",
                file.display(),
                amulets_core::replay::Played(&playback),
                amulets_core::replay::state_hash(playback.game())
            );
            ExitCode::SUCCESS
        }
        Err(
            e @ (amulets_core::replay::ReplayError::Diverged { .. }
            | amulets_core::replay::ReplayError::Split { .. }),
        ) => {
            say_error(format_args!("{}: {e}", file.display()));
            ExitCode::FAILURE
        }
        Err(e) => {
            say_error(format_args!("{}: {e}", file.display()));
            ExitCode::from(2)
        }
    }
}

fn play(args: RunArgs) -> ExitCode {
    let code = play_and_record(args);
    tui::closed();
    code
}

fn play_and_record(args: RunArgs) -> ExitCode {
    // A bad flag is found before the save is claimed or a run is begun.
    if let Err(e) = args.check() {
        say_error(format_args!("{e}"));
        return ExitCode::from(2);
    }
    let mut session = Session::new(
        args.store(),
        args.replay_file(),
        seed::from_os as fn() -> u32,
        args.start(),
    );
    session
        .run_mut()
        .starts_mut()
        .set_today(amulets_desktop::clock::today());
    session.set_demo(args.demo());
    let settings = args.apply_settings(&mut session, "amulets-tui", args.dir());
    let speech = amulets_desktop::RunArgs::speech_stream(&settings, "amulets-tui");
    let (session, panicked) = match tui::run(session, speech) {
        Ok(ended) => (ended.session, ended.panicked),
        Err(e) => {
            say_error(format_args!("the terminal failed: {e}"));
            return ExitCode::FAILURE;
        }
    };
    // The palette and the automation chosen on the title or the menu are
    // kept for the next game.
    let mut now = settings.clone();
    now.palette = session.prefs.palette();
    now.automation = session.prefs.automation();
    amulets_desktop::settings::keep_chosen(args.dir().as_deref(), &settings, &now, "amulets-tui");
    // The terminal may be gone by now (it was closed under the game): what
    // is said after the game is said only where it can be.
    if let Some(recorder) = session.run().replays() {
        match recorder.write(session.game()) {
            Ok(Some(n)) => {
                let _ = writeln!(
                    std::io::stdout(),
                    "recorded {n} inputs to {}",
                    recorder.path().display()
                );
            }
            Ok(None) => say_error(format_args!(
                "no run was begun here, so nothing was recorded"
            )),
            Err(e) => {
                say_error(format_args!("{}: {e}", recorder.path().display()));
                return ExitCode::FAILURE;
            }
        }
    }
    if panicked {
        // As Rust's own exit for a panic.
        return ExitCode::from(101);
    }
    ExitCode::SUCCESS
}

/// A line on standard error, if it can still be written.
fn say_error(what: std::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr(), "amulets-tui: {what}");
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.man_page {
        return amulets_desktop::man::print(<Cli as clap::CommandFactory>::command());
    }
    match cli.command {
        Some(Command::Play(args)) => play(args),
        Some(Command::Replay { file }) => replay(&file),
        None => play(cli.play),
    }
}
