//! `amulets`: the desktop game. `amulets 12345` plays seed 12345 (0 or not
//! a number: a random seed), as the book's `AmuletsOfSDL 12345`.

use amulets_core::session::Session;
use amulets_desktop::{RunArgs, seed};
use amulets_sdl::app::App;
use amulets_sdl::run::{self, WindowSize};
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
    #[command(flatten)]
    run: RunArgs,
    /// Glyphs from a bitmap font, or our pixel-art tiles (F2 switches)
    #[arg(long, value_enum, default_value = "glyph")]
    view: ViewArg,
    /// The window's size in pixels, as WxH (the picture is letterboxed)
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    windowed: Option<(u32, u32)>,
    /// Draw no window: play the --keys and write the picture to this PNG
    /// (the save is neither read nor written, unless --save-dir is given)
    #[arg(long, value_name = "FILE.png")]
    screenshot: Option<PathBuf>,
    /// With --screenshot: the keys to play first, as typed, with {F2},
    /// {Esc}, {Enter}, {Up}, {KP5}, {hover X Y}, {click X Y}, {close} for
    /// the rest
    #[arg(long, value_name = "KEYS", requires = "screenshot", default_value = "")]
    keys: String,
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
    // A screenshot never touches the player's own save: only one in a
    // directory named for it.
    let store = match (&cli.screenshot, &cli.run.save_dir) {
        (Some(_), None) => None,
        _ => cli.run.store(),
    };
    let mut session = Session::new(
        store,
        cli.run.recorder(),
        seed::from_os as fn() -> u32,
        cli.run.start(),
    );
    session.set_tiles(matches!(cli.view, ViewArg::Tile));
    let mut app = App::new(session);
    let result = if let Some(path) = &cli.screenshot {
        run::parse_script(&cli.keys)
            .and_then(|script| run::screenshot(&mut app, &script, path))
            .map(|()| println!("wrote {}", path.display()))
    } else {
        let (w, h) = cli.windowed.unwrap_or((1600, 900));
        run::play(&mut app, WindowSize(w, h))
    };
    let recorded = app.session.recorder().as_ref().map(|r| r.write(app.game()));
    if let (Some(r), Some(written)) = (app.session.recorder(), recorded) {
        match written {
            Ok(Some(n)) => println!("recorded {n} inputs to {}", r.path().display()),
            Ok(None) => eprintln!("amulets: no run was begun here, so nothing was recorded"),
            Err(e) => {
                eprintln!("amulets: {}: {e}", r.path().display());
                return ExitCode::FAILURE;
            }
        }
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("amulets: {e}");
            ExitCode::FAILURE
        }
    }
}
