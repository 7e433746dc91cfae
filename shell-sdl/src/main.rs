//! `amulets`: the desktop game. `amulets 12345` plays seed 12345 (0 or not
//! a number: a random seed), as the book's `AmuletsOfSDL 12345`.

// A Windows player starts a game, not a console: no console window opens
// with it. What it would print to one (the usage, an error) is shown in a
// message box as well.
#![cfg_attr(windows, windows_subsystem = "windows")]

use amulets_core::replay;
use amulets_desktop::{RunArgs, seed};
use amulets_play::session::Session;
use amulets_sdl::app::App;
use amulets_sdl::run::{self, WindowSize};
use clap::{Parser, ValueEnum};
use std::io::Write;
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
    /// Glyphs from a bitmap font, or our pixel-art tiles (F2 switches;
    /// the last one shown is kept for the next game)
    #[arg(long, value_enum)]
    view: Option<ViewArg>,
    /// The window's size in pixels, as WxH (the picture is letterboxed)
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    windowed: Option<(u32, u32)>,
    /// Draw no window: play the --keys and write the picture to this PNG
    /// (the save is neither read nor written, unless --save-dir is given).
    /// With SDL_VIDEO_DRIVER set, the window is shown on that driver (an
    /// empty one: the driver SDL would choose for the game)
    #[arg(long, value_name = "FILE.png")]
    screenshot: Option<PathBuf>,
    /// With --screenshot: the keys to play first, as typed, with {F2},
    /// {Esc}, {Enter}, {Up}, {KP5}, {hover X Y}, {click X Y}, {close} for
    /// the rest
    #[arg(long, value_name = "KEYS", requires = "screenshot", default_value = "")]
    keys: String,
    /// Print this program's manual page (roff, section 6) and stop
    #[arg(long, hide = true)]
    man_page: bool,
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

/// Says something to the player: on the terminal it was started from, and
/// on Windows, where a game has no console, in a message box too.
fn say(text: &str, error: bool) {
    // The terminal may be gone (a hangup): said only where it can be.
    let _ = if error {
        writeln!(std::io::stderr(), "{text}")
    } else {
        writeln!(std::io::stdout(), "{text}")
    };
    if cfg!(windows) {
        use sdl3::messagebox::{MessageBoxFlag, show_simple_message_box};
        let flag = if error {
            MessageBoxFlag::ERROR
        } else {
            MessageBoxFlag::INFORMATION
        };
        // With no display to show it on, the printed text is all there is.
        let _ = show_simple_message_box(flag, "Amulets", text, None);
    }
}

#[expect(
    clippy::too_many_lines,
    reason = "the program's steps in order: flags, the session, the window or the picture, the ending"
)]
fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version are no errors, a bad flag is (exit 2).
            say(e.render().to_string().trim_end(), e.use_stderr());
            return ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
        }
    };
    if cli.man_page {
        return amulets_desktop::man::print(<Cli as clap::CommandFactory>::command());
    }
    // A screenshot never touches the player's own save: only one in a
    // directory named for it.
    // A bad flag is found before the save is claimed or a run is begun.
    let script = match cli.run.check().and_then(|()| run::parse_script(&cli.keys)) {
        Ok(script) => script,
        Err(e) => {
            say(&format!("amulets: {e}"), true);
            return ExitCode::from(2);
        }
    };
    let hangup = match run::Hangup::listen() {
        Ok(h) => h,
        Err(e) => {
            say(&format!("amulets: {e}"), true);
            return ExitCode::FAILURE;
        }
    };
    let store = match (&cli.screenshot, &cli.run.save_dir) {
        (Some(_), None) => amulets_play::store::Kept::Nowhere,
        _ => cli.run.store(),
    };
    let mut session = Session::new(
        store,
        cli.run.replay_file(),
        seed::from_os as fn() -> u32,
        cli.run.start(),
    );
    session
        .run_mut()
        .starts_mut()
        .set_today(amulets_desktop::clock::today());
    session.set_demo(cli.run.demo());
    // A screenshot's picture is the flags' alone: the player's settings
    // are neither read nor kept, unless --save-dir names a directory.
    let settings_dir = match (&cli.screenshot, &cli.run.save_dir) {
        (Some(_), None) => None,
        _ => cli.run.dir(),
    };
    let settings = cli
        .run
        .apply_settings(&mut session, "amulets", settings_dir.clone());
    let tiles = match cli.view {
        Some(view) => matches!(view, ViewArg::Tile),
        None => settings.tiles,
    };
    session.prefs.set_tiles(tiles);
    let mut app = App::new(session);
    let mut speech = match &cli.screenshot {
        Some(_) => None,
        None => amulets_desktop::RunArgs::speech_stream(&settings, "amulets"),
    };
    let mut panicked = false;
    let result = if let Some(path) = &cli.screenshot {
        run::screenshot(&mut app, &script, path).map(|driver| {
            // The hash lets a check compare runs across machines (a
            // save continued on Windows, say) by more than a picture.
            println!("wrote {}", path.display());
            println!("state hash {:016x}", replay::state_hash(app.game()));
            println!("video driver {driver}");
        })
    } else {
        let whole = (
            amulets_picture::layout::LOGICAL_W,
            amulets_picture::layout::LOGICAL_H,
        );
        let (w, h) = cli.windowed.unwrap_or(whole);
        // A panic in the loop (a bug): the run is saved if it still passes
        // its checks, and the player told (the panic's own words are on
        // standard error already).
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            run::play(&mut app, WindowSize(w, h), &hangup, speech.as_mut())
        }))
        .unwrap_or_else(|_| {
            panicked = true;
            let rescue = app.session.rescue();
            Err(format!("the game failed, which is a bug. {rescue}"))
        })
    };
    // The view, the palette and the automation last chosen are the
    // player's settings for the next game.
    let mut now = settings.clone();
    now.tiles = app.session.prefs.tiles();
    now.palette = app.session.prefs.palette();
    now.automation = app.session.prefs.automation();
    amulets_desktop::settings::keep_chosen(settings_dir.as_deref(), &settings, &now, "amulets");
    let recorded = app
        .session
        .run()
        .replays()
        .as_ref()
        .map(|r| r.write(app.game()));
    if let (Some(r), Some(written)) = (app.session.run().replays(), recorded) {
        match written {
            Ok(Some(n)) => {
                let _ = writeln!(
                    std::io::stdout(),
                    "recorded {n} inputs to {}",
                    r.path().display()
                );
            }
            Ok(None) => {
                let _ = writeln!(
                    std::io::stderr(),
                    "amulets: no run was begun here, so nothing was recorded"
                );
            }
            Err(e) => {
                let _ = writeln!(std::io::stderr(), "amulets: {}: {e}", r.path().display());
                return ExitCode::FAILURE;
            }
        }
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            say(&format!("amulets: {e}"), true);
            // A panic exits as Rust's own exit for one does.
            if panicked {
                ExitCode::from(101)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}
