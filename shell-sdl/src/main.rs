//! `amulets`: the desktop game. `amulets 12345` plays seed 12345 (0 or not
//! a number: a random seed), as the book's `AmuletsOfSDL 12345`.

use amulets_core::game::Game;
use amulets_core::player::Class;
use amulets_sdl::app::{App, ViewMode};
use amulets_sdl::run::{self, WindowSize};
use amulets_tui::saves::{Keeper, SaveSlot};
use amulets_tui::seed;
use clap::{Parser, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "amulets",
    version,
    about = "Amulets, a roguelike, in a window",
    after_help = "Keys: ? in the game lists them. F1-F6 are the debugging views."
)]
struct Cli {
    /// The run's seed, a whole number; 0, none or not a number chooses one
    /// at random
    seed: Option<String>,
    /// Start a new run of this class at once, past the title screen
    #[arg(long, value_enum)]
    class: Option<ClassArg>,
    /// Glyphs from a bitmap font, or our pixel-art tiles (F2 switches)
    #[arg(long, value_enum, default_value = "glyph")]
    view: ViewArg,
    /// The window's size in pixels, as WxH (the picture is letterboxed)
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    windowed: Option<(u32, u32)>,
    /// Keep the save in this directory instead of the platform's data
    /// directory
    #[arg(long, value_name = "DIR")]
    save_dir: Option<PathBuf>,
    /// Draw no window: play the --keys and write the picture to this PNG
    #[arg(long, value_name = "FILE.png")]
    screenshot: Option<PathBuf>,
    /// With --screenshot: the keys to play first, as typed, with {F2},
    /// {Esc}, {Enter}, {Up}, {KP5}, {hover X Y}, {click X Y} for the rest
    #[arg(long, value_name = "KEYS", requires = "screenshot", default_value = "")]
    keys: String,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ClassArg {
    Fighter,
    Rogue,
    Wizard,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum ViewArg {
    Glyph,
    Tile,
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("{s:?} is not WxH, as 1280x720"))?;
    let w: u32 = w.parse().map_err(|_| format!("{w:?} is not a width"))?;
    let h: u32 = h.parse().map_err(|_| format!("{h:?} is not a height"))?;
    if !(320..=16384).contains(&w) || !(180..=16384).contains(&h) {
        return Err(format!("{w}x{h}: a window is 320x180 to 16384x16384"));
    }
    Ok((w, h))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // The book's rule: a decimal seed; 0 or anything else is random.
    let seed = seed::choose(cli.seed.as_deref().and_then(|s| s.parse().ok()));
    let game = match cli.class {
        Some(ClassArg::Fighter) => Game::new_run(seed, Class::Fighter),
        Some(ClassArg::Rogue) => Game::new_run(seed, Class::Rogue),
        Some(ClassArg::Wizard) => Game::new_run(seed, Class::Wizard),
        None => Game::new(seed),
    };
    let view = match cli.view {
        ViewArg::Glyph => ViewMode::Glyph,
        ViewArg::Tile => ViewMode::Tile,
    };
    let result = if let Some(path) = &cli.screenshot {
        // A screenshot never touches the player's save.
        let mut app = App::new(game, view, Keeper::new(None));
        run::parse_script(&cli.keys)
            .and_then(|script| run::screenshot(&mut app, &script, path))
            .map(|()| println!("wrote {}", path.display()))
    } else {
        let slot = match &cli.save_dir {
            Some(dir) => Some(SaveSlot::in_dir(dir)),
            None => SaveSlot::default_place(),
        };
        let mut app = App::new(game, view, Keeper::new(slot));
        let (w, h) = cli.windowed.unwrap_or((1600, 900));
        run::play(&mut app, WindowSize(w, h))
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("amulets: {e}");
            ExitCode::FAILURE
        }
    }
}
