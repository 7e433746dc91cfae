//! `amulets-tui`: Amulets in a terminal, and the `gen` command that prints
//! any dungeon the core can make. The game itself arrives with the terminal
//! shell's issue; `gen` is how we look at dungeons meanwhile, and its output
//! is kept stable (the README documents it).

mod gen_cmd;
mod seed;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "amulets-tui",
    version,
    about = "Amulets, a roguelike, in a terminal",
    long_about = "Amulets, a roguelike, in a terminal.\n\n\
                  `amulets-tui gen` prints the dungeons the game is made of."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Play (the terminal game is not built yet)
    Play,
    /// Print a generated dungeon: a bare map, or a whole floor of a run
    Gen(gen_cmd::GenArgs),
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
        Some(Command::Play) | None => {
            eprintln!(
                "amulets-tui: the terminal game is not built yet; `amulets-tui gen --help` prints dungeons."
            );
            ExitCode::FAILURE
        }
    }
}
