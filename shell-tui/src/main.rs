//! `amulets-tui`: Amulets in a terminal, and the `gen` command that prints
//! any dungeon the core can make.

mod gen_cmd;
mod saves;
mod seed;
mod tui;

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
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ClassArg {
    Fighter,
    Rogue,
    Wizard,
}

fn play(args: PlayArgs) -> ExitCode {
    let seed = seed::choose(args.seed);
    let game = match args.class {
        Some(c) => Game::new_run(
            seed,
            match c {
                ClassArg::Fighter => Class::Fighter,
                ClassArg::Rogue => Class::Rogue,
                ClassArg::Wizard => Class::Wizard,
            },
        ),
        None => Game::new(seed),
    };
    let slot = match &args.save_dir {
        Some(dir) => Some(saves::SaveSlot::in_dir(dir)),
        None => saves::SaveSlot::default_place(),
    };
    match tui::run(game, slot) {
        Ok(()) => ExitCode::SUCCESS,
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
        None => play(cli.play),
    }
}
