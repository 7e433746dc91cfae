//! `amulets-tui`: Amulets in a terminal, and the `gen` command that prints
//! any dungeon the core can make.

mod gen_cmd;
mod tui;

use amulets_tui::{saves, seed};

use amulets_core::game::Game;
use amulets_core::player::Class;
use clap::{Args, CommandFactory, Parser, Subcommand, ValueEnum};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "amulets-tui",
    version,
    about = "Amulets, a roguelike, in a terminal",
    long_about = "Amulets, a roguelike, in a terminal.\n\n\
                  With no command it plays (as `play`). `amulets-tui gen` prints the dungeons\n\
                  the game is made of.",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    play: PlayArgs,
}

#[derive(Subcommand)]
enum Command {
    /// Play (the default)
    Play(PlayArgs),
    /// Print a generated dungeon: a bare map, or a whole floor of a run
    Gen(gen_cmd::GenArgs),
    /// Play a recorded run back and check it ends where it did
    Replay {
        /// A replay written by `--record`
        file: std::path::PathBuf,
    },
}

#[derive(Args, Clone, Debug)]
struct PlayArgs {
    /// The run's seed, a whole number; 0 or none chooses one at random
    #[arg(long, value_name = "N")]
    seed: Option<u32>,
    /// Start a new run of this class at once, past the title screen
    #[arg(long, value_enum)]
    class: Option<ClassArg>,
    /// Keep the save in this directory instead of the platform's data
    /// directory
    #[arg(long, value_name = "DIR")]
    save_dir: Option<std::path::PathBuf>,
    /// Record the run to this file when it ends, to play back with `replay`
    #[arg(long, value_name = "FILE", requires = "class")]
    record: Option<std::path::PathBuf>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ClassArg {
    Fighter,
    Rogue,
    Wizard,
}

fn class_of(c: ClassArg) -> Class {
    match c {
        ClassArg::Fighter => Class::Fighter,
        ClassArg::Rogue => Class::Rogue,
        ClassArg::Wizard => Class::Wizard,
    }
}

/// `replay FILE`: plays it back; exit 0 when it ends where it did, 1 when it
/// does not or cannot be read.
fn replay(file: &std::path::Path) -> ExitCode {
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("amulets-tui: {}: {e}", file.display());
            return ExitCode::FAILURE;
        }
    };
    match amulets_core::replay::play(&text) {
        Ok(game) => {
            println!(
                "{}: the run ends on floor {}, turn {}, as recorded (state hash {:016x})",
                file.display(),
                game.depth(),
                game.turn(),
                amulets_core::replay::state_hash(&game)
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("amulets-tui: {}: {e:?}", file.display());
            ExitCode::FAILURE
        }
    }
}

fn play(args: PlayArgs) -> ExitCode {
    let seed = seed::choose(args.seed);
    let game = match args.class {
        Some(c) => Game::new_run(seed, class_of(c)),
        None => Game::new(seed),
    };
    let slot = match &args.save_dir {
        Some(dir) => Some(saves::SaveSlot::in_dir(dir)),
        None => saves::SaveSlot::default_place(),
    };
    match tui::run(game, slot, args.record.is_some()) {
        Ok((end, recording)) => {
            if let (Some(path), Some(inputs), Some(class)) = (&args.record, recording, args.class) {
                let mut text = String::new();
                let class = class_of(class);
                if amulets_core::replay::write(&mut text, seed, class, &inputs, &end).is_err()
                    || std::fs::write(path, text).is_err()
                {
                    eprintln!(
                        "amulets-tui: the replay could not be written to {}",
                        path.display()
                    );
                    return ExitCode::FAILURE;
                }
                println!("recorded {} inputs to {}", inputs.len(), path.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("amulets-tui: the terminal failed: {e}");
            ExitCode::FAILURE
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Gen(args)) => match gen_cmd::run(&args) {
            Ok(text) => {
                print!("{text}");
                ExitCode::SUCCESS
            }
            Err(message) => {
                // Built, so the subcommand's usage line has the binary's name.
                let mut command = Cli::command();
                command.build();
                command
                    .find_subcommand_mut("gen")
                    .expect("gen is a subcommand")
                    .error(clap::error::ErrorKind::ArgumentConflict, message)
                    .exit()
            }
        },
        Some(Command::Play(args)) => play(args),
        Some(Command::Replay { file }) => replay(&file),
        None => play(cli.play),
    }
}
