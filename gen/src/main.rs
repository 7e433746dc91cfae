//! `amulets-gen`: prints any dungeon the core can make, as text: a bare
//! map of one generator, or a whole floor of a run. A tool for looking at
//! the generators, apart from the games.

mod dungeon;

use clap::{CommandFactory, Parser};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "amulets-gen",
    version,
    about = "Prints a dungeon Amulets makes: a bare map, or a whole floor of a run",
    disable_help_flag = true
)]
struct Cli {
    #[command(flatten)]
    args: dungeon::GenArgs,
    /// Print this program's manual page (roff, section 6) and stop
    #[arg(long, hide = true)]
    man_page: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if cli.man_page {
        return amulets_desktop::man::print(Cli::command());
    }
    match dungeon::run(&cli.args) {
        Ok(printed) => {
            print!("{}", printed.text);
            if let Some(seed) = printed.chosen_seed {
                eprintln!("amulets-gen: seed {seed}, chosen at random");
            }
            ExitCode::SUCCESS
        }
        Err(message) => Cli::command()
            .error(clap::error::ErrorKind::ArgumentConflict, message)
            .exit(),
    }
}
