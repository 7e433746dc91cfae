//! The window and its loop (the book's chapter 23), and the headless
//! screenshot mode.

use crate::app::App;
use crate::draw::{self, Gfx};
use crate::keys;
use crate::layout::{self, LOGICAL_H, LOGICAL_W};
use amulets_core::input::script::{self, Step};
use sdl3::event::{Event, WindowEvent};
use sdl3::mouse::MouseButton;
use sdl3::pixels::PixelFormat;
use sdl3::render::Canvas;
use sdl3::sys::render::SDL_LOGICAL_PRESENTATION_LETTERBOX;
use sdl3::video::Window;
use std::path::Path;
use std::time::Instant;

/// The window's first size: the picture's, or smaller to fit the screen.
pub struct WindowSize(pub u32, pub u32);

/// SDL, a window showing the 1600 x 900 picture letterboxed, and its canvas.
pub struct Screen {
    pub sdl: sdl3::Sdl,
    pub canvas: Canvas<Window>,
}

/// How a window is shown: live, or for a picture read back (hidden, unless
/// the caller chose a video driver to see it on).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    Live,
    Picture { shown: bool },
}

impl Screen {
    /// Opens the window.
    pub fn open(size: WindowSize, how: Shown) -> Result<Screen, String> {
        if let Shown::Picture { .. } = how {
            // A picture is drawn by SDL's own software renderer. The
            // frame is ours (amulets_picture) and copied 1:1, so any
            // renderer should show it as it is; a GPU's (on Linux even the
            // offscreen driver takes OpenGL ES through EGL when the machine
            // has it) rounds colours its own way wherever it blends, and
            // screenshots must be the same on every machine.
            sdl3::hint::set("SDL_RENDER_DRIVER", "software");
        }
        if how == (Shown::Picture { shown: false }) {
            // And a hidden window's pixels stay in memory: by default SDL
            // would show them through a GL texture of its own (Mesa's
            // software GL where there is no GPU), 12 ms a frame for nobody
            // to see. A shown one needs it on Wayland, whose windows have
            // no framebuffer of their own.
            sdl3::hint::set("SDL_FRAMEBUFFER_ACCELERATION", "0");
        }
        if how == Shown::Live {
            // The live window: SDL's default renderer (the GPU's where
            // there is one), in step with the display.
            sdl3::hint::set("SDL_RENDER_VSYNC", "1");
        }
        let sdl = sdl3::init().map_err(|e| format!("SDL could not start: {e}"))?;
        let video = sdl
            .video()
            .map_err(|e| format!("SDL's video could not start: {e}"))?;
        let mut builder = video.window("Amulets", size.0, size.1);
        builder.resizable();
        if how == (Shown::Picture { shown: false }) {
            builder.hidden();
        }
        let window = builder
            .build()
            .map_err(|e| format!("the window could not be made: {e}"))?;
        let mut canvas = sdl3::render::create_renderer(window, None)
            .map_err(|e| format!("the window could not be drawn in: {e}"))?;
        canvas
            .set_logical_size(LOGICAL_W, LOGICAL_H, SDL_LOGICAL_PRESENTATION_LETTERBOX)
            .map_err(|e| format!("the picture's size could not be set: {e}"))?;
        Ok(Screen { sdl, canvas })
    }

    /// The video driver SDL chose (or was told): `x11`, `wayland`,
    /// `offscreen`, `windows`.
    pub fn driver(&self) -> &'static str {
        self.canvas.window().subsystem().current_video_driver()
    }
}

/// A `--keys` script read into its steps (`amulets_core::input::script`).
pub fn parse_script(s: &str) -> Result<Vec<Step>, String> {
    script::steps(s)
        .collect::<Result<_, _>>()
        .map_err(|e| format!("--keys: {e}"))
}

/// Plays a script with nobody waiting: each command runs to its end and
/// each animation is over before the next input. A close that cannot save
/// is said on standard error, as the window's own close does.
pub fn play_script(app: &mut App, script: &[Step]) {
    for &step in script {
        if let Err(e) = app.play(step) {
            crate::app::say_unsaved(&e);
        }
    }
}

/// The picture as RGB rows, read back from the renderer.
pub fn read_back(canvas: &Canvas<Window>) -> Result<(u32, u32, Vec<u8>), String> {
    let surface = canvas.read_pixels(None).map_err(|e| e.to_string())?;
    let surface = surface
        .convert_format(PixelFormat::RGB24)
        .map_err(|e| e.to_string())?;
    let (w, h, pitch) = (surface.width(), surface.height(), surface.pitch() as usize);
    let mut rgb = Vec::with_capacity((w * h * 3) as usize);
    surface.with_lock(|px| {
        for y in 0..h as usize {
            rgb.extend_from_slice(&px[y * pitch..y * pitch + w as usize * 3]);
        }
    });
    Ok((w, h, rgb))
}

pub use amulets_desktop::image::write_png;

/// Draws one frame and shows it.
pub fn present(screen: &mut Screen, gfx: &mut Gfx, app: &mut App) -> Result<(), String> {
    draw::frame(&mut screen.canvas, gfx, app)?;
    screen.canvas.present();
    Ok(())
}

/// `--screenshot`: plays the script headless and writes the picture.
pub fn screenshot(app: &mut App, script: &[Step], path: &Path) -> Result<&'static str, String> {
    // No window on any screen: SDL's offscreen driver, unless the caller
    // chose one. A chosen driver (an empty one lets SDL choose, as for a
    // window) shows the window, with the frame presented after it is read.
    let shown = std::env::var_os("SDL_VIDEO_DRIVER").is_some();
    if !shown {
        sdl3::hint::set("SDL_VIDEO_DRIVER", "offscreen");
    }
    let mut screen = Screen::open(WindowSize(LOGICAL_W, LOGICAL_H), Shown::Picture { shown })?;
    let creator = screen.canvas.texture_creator();
    let mut gfx = Gfx::new(&creator)?;
    play_script(app, script);
    draw::frame(&mut screen.canvas, &mut gfx, app)?;
    let (w, h, rgb) = read_back(&screen.canvas)?;
    if shown {
        screen.canvas.present();
    }
    write_png(path, w, h, &rgb)?;
    Ok(screen.driver())
}

/// What one SDL event does to the game.
pub fn handle(app: &mut App, canvas: &Canvas<Window>, event: Event) {
    match event {
        Event::Quit { .. } => crate::app::close(app),
        Event::KeyDown {
            keycode,
            scancode,
            keymod,
            repeat,
            ..
        } => {
            // The keyboard again, after a gamepad: its own repeats, and a
            // help of keys.
            app.session.keyboard_mut().make_repeats(false);
            app.session.prefs.set_shows(amulets_picture::SHOWS);
            app.press(keys::key_of(keycode, scancode, keymod), repeat);
        }
        Event::KeyUp {
            keycode,
            scancode,
            keymod,
            ..
        } => {
            app.release(keys::key_of(keycode, scancode, keymod));
        }
        Event::MouseMotion { .. } => {
            // SDL_ConvertEventToRenderCoordinates: window pixels to the
            // picture's, through the letterbox.
            if let Some(Event::MouseMotion { x, y, .. }) = event.get_converted_coords(canvas) {
                app.hover(layout::cell_at(x, y));
            }
        }
        Event::MouseButtonDown {
            mouse_btn: MouseButton::Left,
            ..
        } => {
            if let Some(Event::MouseButtonDown { x, y, .. }) = event.get_converted_coords(canvas)
                && let Some(cell) = layout::cell_at(x, y)
            {
                app.click(cell);
            }
        }
        Event::Window { win_event, .. } => match win_event {
            WindowEvent::MouseLeave => app.hover(None),
            // The frame is intact (it is ours): shown again as it is.
            WindowEvent::Exposed | WindowEvent::Restored | WindowEvent::Shown => {
                app.redraw = true;
            }
            // A new size paints everything, as a new screen does.
            WindowEvent::Resized(..) | WindowEvent::PixelSizeChanged(..) => app.repaint_all(),
            _ => {}
        },
        _ => {}
    }
}

/// How long the loop sleeps at most, so a hangup is seen soon after it
/// comes.
const HANGUP_POLL_MS: u64 = 250;

/// SIGHUP, which SDL leaves alone (it turns SIGINT and SIGTERM into a
/// quit event) and whose default would end the game unsaved: the terminal
/// that ran the game closed.
pub struct Hangup {
    #[cfg(unix)]
    came: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Hangup {
    /// Watches for it from now: before the session is made, whose first
    /// save may come before the window opens.
    pub fn listen() -> Result<Hangup, String> {
        #[cfg(unix)]
        {
            let came = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            signal_hook::flag::register(signal_hook::consts::SIGHUP, came.clone())
                .map_err(|e| format!("SIGHUP could not be watched: {e}"))?;
            Ok(Hangup { came })
        }
        #[cfg(not(unix))]
        Ok(Hangup {})
    }

    fn came(&self) -> bool {
        #[cfg(unix)]
        {
            self.came.load(std::sync::atomic::Ordering::Relaxed)
        }
        #[cfg(not(unix))]
        false
    }
}

/// Set in the environment to a turn, makes the game panic at the first
/// frame drawn on or after it (`amulets_desktop::TestPanic`): the process
/// test proves a panic saves the run.
const PANIC_FOR_TEST: &str = "AMULETS_SDL_TEST_PANIC";

/// The game in a window until the player quits. The loop sleeps in
/// `SDL_WaitEvent` while nothing runs; while a command runs or an
/// animation plays it waits only until the next step or frame is due.
pub fn play(
    app: &mut App,
    size: WindowSize,
    hangup: &Hangup,
    mut speech: Option<&mut amulets_desktop::speech::SpeechStream>,
) -> Result<(), String> {
    let mut screen = Screen::open(size, Shown::Live)?;
    let creator = screen.canvas.texture_creator();
    let mut gfx = Gfx::new(&creator)?;
    let mut pump = screen
        .sdl
        .event_pump()
        .map_err(|e| format!("SDL's events could not start: {e}"))?;
    let mut pads = crate::gamepad::Gamepads::new(&screen.sdl);
    let start = Instant::now();
    let millis = || u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
    app.tick(millis());
    let test_panic = amulets_desktop::TestPanic::from_env(PANIC_FOR_TEST);
    while !app.quit() {
        if hangup.came() {
            // The terminal the game was started from closed: the run is
            // saved as the window's close saves it.
            crate::app::close(app);
            break;
        }
        if let Some(speech) = speech.as_deref_mut() {
            speech.speak(&app.session);
        }
        // Nothing is painted or shown while nothing changes.
        if app.redraw {
            present(&mut screen, &mut gfx, app)?;
            test_panic.at_frame(app.game().turn());
        }
        // Never asleep longer than `HANGUP_POLL`, so a hangup is seen.
        let ms = app.wait().map_or(HANGUP_POLL_MS, |w| w.min(HANGUP_POLL_MS));
        let event = match ms {
            0 => None,
            ms => pump.wait_event_timeout_ms(u32::try_from(ms).unwrap_or(u32::MAX)),
        };
        app.now = millis();
        if let Some(e) = event {
            if matches!(
                e,
                Event::RenderTargetsReset { .. } | Event::RenderDeviceReset { .. }
            ) {
                // The GPU lost the texture's pixels.
                gfx.lost();
                app.redraw = true;
            }
            if !pads.event(app, &e) {
                handle(app, &screen.canvas, e);
            }
        }
        pads.tick(app);
        app.tick(millis());
    }
    Ok(())
}
