//! The desktop shell drawn headless, on SDL's offscreen video driver, and
//! read back with `SDL_RenderReadPixels`. SDL's state is global, so this is
//! one test program (no libtest harness) that runs its checks in order on
//! the main thread and stops at the first that fails.

use amulets_core::color::{Rgb, palette};
use amulets_core::game::{Game, State};
use amulets_core::geom::Point;
use amulets_core::input::Key;
use amulets_core::map::{MAP_H, MAP_W, Terrain};
use amulets_core::player::Class;
use amulets_desktop::{DesktopSession, FileStore, seed};
use amulets_play::session::{Session, Start};
use amulets_play::store::SaveText;
use amulets_sdl::app::{App, ViewMode};
use amulets_sdl::draw::{self, Gfx};
use amulets_sdl::layout::{self, CELL, LOGICAL_H, LOGICAL_W, PANEL_X};
use amulets_sdl::run::{self, Screen, Shown, WindowSize};
use sdl3::event::{Event, WindowEvent};
use sdl3::keyboard::{Keycode, Mod, Scancode};
use sdl3::mouse::MouseState;

/// A frame read back: RGB rows of the 1600 x 900 picture.
struct Frame {
    w: u32,
    rgb: Vec<u8>,
}

impl Frame {
    fn px(&self, x: i32, y: i32) -> Rgb {
        let at = (y as usize * self.w as usize + x as usize) * 3;
        Rgb::new(self.rgb[at], self.rgb[at + 1], self.rgb[at + 2])
    }

    /// Every pixel of a map cell.
    fn cell(&self, p: Point) -> Vec<Rgb> {
        let mut out = Vec::new();
        for y in 0..CELL {
            for x in 0..CELL {
                out.push(self.px(p.x * CELL + x, p.y * CELL + y));
            }
        }
        out
    }

    fn area_has(&self, x0: i32, y0: i32, x1: i32, y1: i32, c: Rgb) -> bool {
        (y0..y1).any(|y| (x0..x1).any(|x| self.px(x, y) == c))
    }
}

fn shot(screen: &mut Screen, gfx: &mut Gfx, app: &mut App) -> Frame {
    draw::frame(&mut screen.canvas, gfx, app).expect("drawn");
    let (w, h, rgb) = run::read_back(&screen.canvas).expect("read back");
    assert_eq!((w, h), (LOGICAL_W, LOGICAL_H));
    Frame { w, rgb }
}

/// A scratch directory for saves, empty.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("amulets-sdl-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn session(store: Option<FileStore>, start: Start) -> DesktopSession {
    Session::new(store.into(), None, seed::from_os as fn() -> u32, start)
}

/// The game as a player would reach it: at its title, or a run saved in a
/// scratch directory and continued with C.
fn new_app(game: Game) -> App {
    if game.state() == State::Title {
        let start = Start {
            seed: Some(game.seed()),
            class: None,
            ..Start::default()
        };
        return App::new(session(None, start));
    }
    let dir = scratch("continued");
    std::fs::write(
        dir.join(amulets_desktop::store::SAVE),
        SaveText(&game).to_string(),
    )
    .expect("saved");
    let mut app = App::new(session(Some(FileStore::in_dir(&dir)), Start::default()));
    app.press(Key::Char('C'), false);
    assert_eq!(app.game().state(), State::Playing, "continued");
    app
}

/// The window's id, which SDL checks before converting an event.
static WINDOW: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);

fn motion(x: f32, y: f32) -> Event {
    Event::MouseMotion {
        timestamp: 0,
        window_id: WINDOW.load(std::sync::atomic::Ordering::Relaxed),
        which: 0,
        mousestate: MouseState::from_sdl_state(0),
        x,
        y,
        xrel: 0.0,
        yrel: 0.0,
    }
}

fn key_down(keycode: Keycode, scancode: Scancode, keymod: Mod, repeat: bool) -> Event {
    Event::KeyDown {
        timestamp: 0,
        window_id: 0,
        keycode: Some(keycode),
        scancode: Some(scancode),
        keymod,
        repeat,
        which: 0,
        raw: 0,
    }
}

/// The letterbox: our maths and SDL's conversion of a window point agree
/// for three window sizes.
fn letterbox(screen: &mut Screen) {
    let mut pump = screen.sdl.event_pump().expect("events");
    for (w, h) in [(LOGICAL_W, LOGICAL_H), (2000, 900), (800, 800)] {
        screen
            .canvas
            .window_mut()
            .set_size(w, h)
            .expect("window resized");
        // SDL applies the size once the window has synced and the
        // events are pumped.
        screen.canvas.window().sync();
        pump.pump_events();
        screen.canvas.present();
        let (ow, oh) = screen.canvas.window().size_in_pixels();
        assert_eq!((ow, oh), (w, h), "the offscreen window took its size");
        for (wx, wy) in [
            (0.0, 0.0),
            (w as f32 / 2.0, h as f32 / 2.0),
            (w as f32 - 1.0, 100.0),
        ] {
            let Some(Event::MouseMotion { x, y, .. }) =
                motion(wx, wy).get_converted_coords(&screen.canvas)
            else {
                panic!("no conversion");
            };
            let (ex, ey) = layout::to_logical(w, h, wx, wy);
            assert!(
                (x - ex).abs() < 0.01 && (y - ey).abs() < 0.01,
                "{w}x{h}: window ({wx}, {wy}) is ({x}, {y}) to SDL, ({ex}, {ey}) to us"
            );
        }
    }
    screen
        .canvas
        .window_mut()
        .set_size(LOGICAL_W, LOGICAL_H)
        .expect("resized");
    screen.canvas.present();
    println!("ok: the letterbox for 1600x900, 2000x900 and 800x800");
}

/// Seed 42, a few keys: the player's cell, a wall, a remembered cell and the
/// seed's words have the colours the core gives them.
fn colours(screen: &mut Screen, gfx: &mut Gfx) {
    let mut app = new_app(Game::new_run(42, Class::Fighter));
    // Explore until the first room is out of sight.
    run::play_script(&mut app, &run::parse_script("oooooo").unwrap());
    let f = shot(screen, gfx, &mut app);
    let game = app.game();
    let level = game.level();
    let player = f.cell(game.player().pos);
    assert!(
        player.contains(&palette::PLAYER),
        "the @ is drawn in the player's colour"
    );
    assert!(player.contains(&palette::BACKGROUND));
    let wall = (0..amulets_core::map::MAP_CELLS)
        .map(amulets_core::map::Map::point_of)
        .find(|&p| {
            level.visible.contains(p)
                && level.map.at(p) == Terrain::Wall
                && level.map.borders_floor(p)
        })
        .expect("a wall in view");
    let wall = f.cell(wall);
    assert!(wall.contains(&palette::WALL) && wall.contains(&palette::WALL_BACK));
    let remembered = (0..amulets_core::map::MAP_CELLS)
        .map(amulets_core::map::Map::point_of)
        .find(|&p| {
            level.explored.contains(p)
                && !level.visible.contains(p)
                && level.map.at(p) == Terrain::Floor
                && level.item_at(p).is_none()
                && level.trap_at(p).is_none()
        })
        .expect("a remembered floor cell");
    let cell = f.cell(remembered);
    assert!(
        cell.contains(&palette::MEMORY_FLOOR),
        "remembered floor in the memory colour"
    );
    assert!(!cell.contains(&palette::FLOOR));
    // "Seed 42" under the name, in the dim colour.
    assert!(f.area_has(PANEL_X, 30, PANEL_X + 100, 54, palette::DIM_TEXT));
    assert!(!f.area_has(PANEL_X, 30, PANEL_X + 100, 54, palette::TEXT));
    assert!(
        f.area_has(PANEL_X, 8, PANEL_X + 100, 30, palette::TEXT),
        "the name"
    );
    println!("ok: the player, a wall, a remembered cell and the seed after 'oooooo' on seed 42");
}

/// The tile view draws a floor cell differently from the glyph view.
fn views(screen: &mut Screen, gfx: &mut Gfx) {
    let mut app = new_app(Game::new_run(42, Class::Fighter));
    let floor = (0..amulets_core::map::MAP_CELLS)
        .map(amulets_core::map::Map::point_of)
        .find(|&p| {
            app.game().level().visible.contains(p)
                && app.game().level().map.at(p) == Terrain::Floor
                && p != app.game().player().pos
        })
        .unwrap();
    let glyph = shot(screen, gfx, &mut app).cell(floor);
    app.press(Key::F(2), false);
    assert_eq!(app.view(), ViewMode::Tile);
    let tile = shot(screen, gfx, &mut app).cell(floor);
    assert_ne!(glyph, tile);
    // The glyph view's floor is a dot on the background; the tile's is stone.
    assert!(glyph.iter().filter(|&&c| c == palette::BACKGROUND).count() > 300);
    assert!(tile.iter().filter(|&&c| c == palette::BACKGROUND).count() < 40);
    println!("ok: the tile view differs from the glyph view at a floor cell");
}

/// The window shows the whole picture though only the rectangles painted
/// each step are uploaded: the bot plays seed 42's Fighter, in both views,
/// every step painted in part and presented; now and then the window is
/// read back and must equal the app's whole frame.
fn uploads_in_part(screen: &mut Screen, gfx: &mut Gfx) {
    // The software renderer's window is XRGB8888: the frame's pixels are
    // rewritten into the window's own order as they are put in, so that
    // presenting converts nothing (and this checks the rewriting).
    assert_eq!(gfx.order(), amulets_sdl::draw::Order::Xrgb);
    for tiles in [false, true] {
        let mut app = App::new(session(
            None,
            Start {
                seed: Some(42),
                class: Some(Class::Fighter),
                ..Start::default()
            },
        ));
        app.session.prefs.set_tiles(tiles);
        let mut bot = amulets_core::bot::Bot::new();
        let (mut partial, mut compared) = (0, 0);
        for step in 1..=600 {
            if !amulets_play::autoplay::play_bot(
                &mut app.session,
                &mut bot,
                &mut app.now,
                amulets_play::autoplay::Pace::Frames,
            ) {
                break;
            }
            app.redraw = true;
            let shown = shot(screen, gfx, &mut app);
            if app.painted() != [amulets_picture::painter::WHOLE] {
                partial += 1;
            }
            if step % 50 == 0 {
                compared += 1;
                let whole = app.frame().rgba();
                for (i, px) in whole.chunks_exact(4).enumerate() {
                    let at = i * 3;
                    assert_eq!(
                        &shown.rgb[at..at + 3],
                        &px[..3],
                        "step {step}: the window differs at ({}, {})",
                        i % LOGICAL_W as usize,
                        i / LOGICAL_W as usize
                    );
                }
            }
        }
        assert!(partial > 300, "{partial} steps painted in part");
        println!(
            "ok: {partial} steps uploaded in part; the window equals the picture at {compared} of them (tiles {tiles})"
        );
    }
}

/// F6 steps through the six pictures of a cave being made, and back.
fn cave_steps(screen: &mut Screen, gfx: &mut Gfx) {
    let mut app = new_app(Game::new_run(42, Class::Fighter));
    let before = shot(screen, gfx, &mut app);
    let mut last = before.rgb.clone();
    for step in 0..6 {
        app.press(Key::F(6), false);
        assert!(app.game().debug().cave.is_some(), "picture {step}");
        let f = shot(screen, gfx, &mut app);
        assert_ne!(f.rgb, last, "picture {step} differs from the one before");
        assert!(
            f.area_has(
                PANEL_X,
                0,
                LOGICAL_W as i32,
                LOGICAL_H as i32,
                palette::DEBUG
            ),
            "the reminder"
        );
        last = f.rgb;
    }
    app.press(Key::F(6), false);
    assert!(app.game().debug().cave.is_none());
    let after = shot(screen, gfx, &mut app);
    assert!(after.rgb == before.rgb, "back to the run as it was");
    println!("ok: F6 steps through six pictures and back");
}

/// A rest runs on the clock; a key event stops it and does nothing else;
/// `>` is Shift and period.
fn keys(screen: &mut Screen) {
    let mut game = Game::new_run(42, Class::Fighter);
    game.player_mut().hp = 3;
    let mut app = new_app(game);
    let start = app.game().player().pos;
    app.tick(0);
    app.press(Key::Char('R'), false);
    assert!(app.game().command_running());
    app.tick(0);
    app.tick(30);
    app.tick(60);
    assert_eq!(app.game().turn(), 3);
    run::handle(
        &mut app,
        &screen.canvas,
        key_down(Keycode::R, Scancode::R, Mod::LSHIFTMOD, true),
    );
    assert!(
        app.game().command_running(),
        "a held key's repeat does not stop it"
    );
    run::handle(
        &mut app,
        &screen.canvas,
        key_down(Keycode::L, Scancode::L, Mod::NOMOD, false),
    );
    assert!(!app.game().command_running(), "a key stopped the rest");
    assert_eq!(app.game().player().pos, start, "and did nothing else");
    assert_eq!(app.game().turn(), 3);
    let gt = amulets_sdl::keys::key_of(
        Some(Keycode::Period),
        Some(Scancode::Period),
        Mod::LSHIFTMOD,
    );
    assert_eq!(gt, Key::Char('>'));
    let dot = amulets_sdl::keys::key_of(Some(Keycode::Period), Some(Scancode::Period), Mod::NOMOD);
    assert_eq!(dot, Key::Char('.'));
    let big_r = amulets_sdl::keys::key_of(Some(Keycode::R), Some(Scancode::R), Mod::LSHIFTMOD);
    assert_eq!(big_r, Key::Char('R'));
    let shift = amulets_sdl::keys::key_of(
        Some(Keycode::LShift),
        Some(Scancode::LShift),
        Mod::LSHIFTMOD,
    );
    assert_eq!(shift, Key::Other, "a lone Shift is a key too");
    println!("ok: a running rest is stopped by a key event; Shift+period is '>'");
}

/// Hovering shows the way as see-through cells; leaving the map clears it.
fn route_preview(screen: &mut Screen, gfx: &mut Gfx) {
    let mut app = new_app(Game::new_run(42, Class::Fighter));
    let player = app.game().player().pos;
    // A floor cell in view, a few steps away: the top left corner of the
    // first room (the book's chapter 23 walks there in five steps).
    let goal = (0..amulets_core::map::MAP_CELLS)
        .map(amulets_core::map::Map::point_of)
        .filter(|&p| {
            app.game().level().visible.contains(p) && app.game().level().map.at(p) == Terrain::Floor
        })
        .min_by_key(|p| p.x + p.y)
        .unwrap();
    assert!((goal.x - player.x).abs() + (goal.y - player.y).abs() >= 3);
    let before = shot(screen, gfx, &mut app);
    let (x, y) = ((goal.x * CELL + 10) as f32, (goal.y * CELL + 10) as f32);
    run::handle(&mut app, &screen.canvas, motion(x, y));
    assert_eq!(app.session.keyboard().hovered(), Some(goal));
    let route = app.game().route_to(goal);
    assert!(route.len() >= 3, "{route:?}");
    let during = shot(screen, gfx, &mut app);
    for &p in &route {
        assert_ne!(before.cell(p), during.cell(p), "{p:?} on the way is drawn");
        // The background shows through, tinted toward the route colour.
        let c = during.px(p.x * CELL + 1, p.y * CELL + 1);
        assert!(c.b > c.r && c.b > palette::BACKGROUND.b, "{c:?}");
    }
    // Off the map (over the panel), then out of the window.
    run::handle(&mut app, &screen.canvas, motion(1400.0, 300.0));
    assert_eq!(app.session.keyboard().hovered(), None);
    assert!(
        shot(screen, gfx, &mut app).rgb == before.rgb,
        "cleared off the map"
    );
    run::handle(&mut app, &screen.canvas, motion(x, y));
    run::handle(
        &mut app,
        &screen.canvas,
        Event::Window {
            timestamp: 0,
            window_id: 0,
            win_event: WindowEvent::MouseLeave,
        },
    );
    assert!(
        shot(screen, gfx, &mut app).rgb == before.rgb,
        "cleared when the mouse leaves"
    );
    // A click travels there, a step at a time.
    run::handle(&mut app, &screen.canvas, motion(x, y));
    app.click(goal);
    assert!(app.game().command_running());
    app.finish_command();
    assert_eq!(app.game().player().pos, goal);
    assert_eq!(app.game().state(), State::Playing);
    println!("ok: the route preview is drawn on hover and cleared off the map; a click travels");
}

/// Every screen is drawn in the picture: title, classes, help, menu.
fn screens(screen: &mut Screen, gfx: &mut Gfx) {
    let mut app = new_app(Game::new(7));
    let title = shot(screen, gfx, &mut app);
    assert!(
        title.area_has(0, 0, 1280, 200, palette::HIGHLIGHT),
        "the title"
    );
    app.press(Key::Char('?'), false);
    assert_eq!(app.game().state(), State::Help);
    let help = shot(screen, gfx, &mut app);
    assert!(help.rgb != title.rgb);
    // The help runs below the map's 720 px, where the log would be: the
    // log is not drawn over it (its lines are in the read or unread
    // colours, the help's in the text colour).
    let mut in_play = new_app(Game::new_run(7, Class::Fighter));
    in_play.press(Key::Char('?'), false);
    assert_eq!(in_play.game().state(), State::Help);
    let help_in_play = shot(screen, gfx, &mut in_play);
    assert!(
        help_in_play.area_has(0, 720, 1280, 900, palette::TEXT),
        "the help's last lines"
    );
    for log in [palette::READ_TEXT, palette::UNREAD_TEXT] {
        assert!(
            !help_in_play.area_has(0, 720, 1280, 900, log),
            "no log over it"
        );
    }
    app.press(Key::Escape, false);
    app.press(Key::Char('n'), false);
    assert_eq!(app.game().state(), State::ChooseClass);
    app.press(Key::Char('a'), false);
    assert_eq!(app.game().state(), State::Playing);
    app.press(Key::Escape, false);
    assert_eq!(app.game().state(), State::Menu);
    let menu = shot(screen, gfx, &mut app);
    assert!(menu.area_has(0, 0, 1280, 200, palette::HIGHLIGHT));
    println!("ok: the title, help, classes and menu are drawn");
}

/// A saved run is never replaced without asking (a class given on the
/// command line asks first, and no leaves the file as it was), and the
/// window's close button saves the run in play.
fn saves(screen: &mut Screen, gfx: &mut Gfx) {
    let dir = scratch("question");
    let path = dir.join(amulets_desktop::store::SAVE);
    std::fs::write(&path, SaveText(&Game::new_run(5, Class::Rogue)).to_string()).unwrap();
    let before = std::fs::read(&path).unwrap();
    let start = Start {
        seed: Some(9),
        class: Some(Class::Wizard),
        ..Start::default()
    };
    let mut app = App::new(session(Some(FileStore::in_dir(&dir)), start));
    assert!(app.session.run().asking(), "asked first");
    let lines: Vec<String> = app
        .session
        .drawn()
        .screen()
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(
        lines[0],
        "Abandon the saved Rogue on floor 1, turn 0? (y or n)"
    );
    let f = shot(screen, gfx, &mut app);
    assert!(
        f.area_has(0, 40, 1280, 130, palette::HIGHLIGHT),
        "its title"
    );
    assert!(f.area_has(0, 150, 1280, 190, palette::TEXT), "its question");
    if let Some(out) = std::env::var_os("AMULETS_HEADLESS_PNG") {
        run::write_png(std::path::Path::new(&out), f.w, LOGICAL_H, &f.rgb).unwrap();
    }
    let press = |app: &mut App, keycode, scancode| {
        run::handle(
            app,
            &screen.canvas,
            key_down(keycode, scancode, Mod::NOMOD, false),
        );
    };
    press(&mut app, Keycode::N, Scancode::N);
    assert_eq!(app.game().state(), State::Title);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the save is untouched"
    );
    // C continues it; a turn, then the window's close button saves it.
    press(&mut app, Keycode::C, Scancode::C);
    assert_eq!((app.game().seed(), app.game().state()), (5, State::Playing));
    press(&mut app, Keycode::Period, Scancode::Period);
    assert_eq!(app.game().turn(), 1);
    run::handle(&mut app, &screen.canvas, Event::Quit { timestamp: 0 });
    assert!(app.quit());
    let after = std::fs::read_to_string(&path).unwrap();
    assert_eq!(after, SaveText(app.game()).to_string(), "saved on close");
    let _ = std::fs::remove_dir_all(&dir);
    println!("ok: a class given with a save asks first, n keeps the file; closing saves");
}

fn main() {
    // SDL's offscreen driver: no display needed.
    sdl3::hint::set("SDL_VIDEO_DRIVER", "offscreen");
    let mut screen = Screen::open(
        WindowSize(LOGICAL_W, LOGICAL_H),
        Shown::Picture { shown: false },
    )
    .expect("SDL starts offscreen");
    WINDOW.store(
        screen.canvas.window().id(),
        std::sync::atomic::Ordering::Relaxed,
    );
    let creator = screen.canvas.texture_creator();
    let mut gfx = Gfx::new(&creator).expect("textures");
    letterbox(&mut screen);
    colours(&mut screen, &mut gfx);
    views(&mut screen, &mut gfx);
    cave_steps(&mut screen, &mut gfx);
    uploads_in_part(&mut screen, &mut gfx);
    keys(&mut screen);
    route_preview(&mut screen, &mut gfx);
    screens(&mut screen, &mut gfx);
    saves(&mut screen, &mut gfx);
    gamepad(&mut screen);
    let _ = (MAP_W, MAP_H);
    println!("headless: all checks passed");
}

/// What a session was handed, in order: a recorder for the gamepad's
/// search, copied with its session.
#[derive(Clone, Default)]
struct Saw(Vec<amulets_play::bindings::Verb>);

impl amulets_play::replays::Replays for Saw {
    fn start(&mut self, _: u32, _: Class) {}
    fn tape(&mut self, _: amulets_core::replay::Input) {}
    fn saw(&mut self, _: State, action: amulets_play::bindings::Verb) {
        self.0.push(action);
    }
}

type Sim = (
    Session<(amulets_play::store::NoStore, Saw, fn() -> u32)>,
    amulets_play::pad::Controls,
    u64,
);

/// Buttons pressed in turn on the simulated board, each command run to its
/// end after.
fn sim_play(sim: &mut Sim, presses: &[amulets_play::pad::Buttons]) {
    use amulets_play::pad::Buttons;
    // A second after the last: nothing pressed is typed ahead of what it
    // brought.
    sim.2 += 1000;
    for &b in presses {
        sim.2 += 1;
        sim.1.update(&mut sim.0, b, sim.2);
    }
    for _ in 0..50_000 {
        if !sim.0.game().command_running() {
            break;
        }
        sim.2 += 30;
        sim.1.update(&mut sim.0, Buttons::NONE, sim.2);
    }
}

/// The presses that give `action` on the simulated board now: tried in
/// turn on a copy, the first that hands the session that action alone.
fn presses_for(sim: &Sim, action: amulets_core::input::Action) -> Vec<amulets_play::pad::Buttons> {
    use amulets_core::input::Action;
    use amulets_play::pad::{Buttons, COMMANDS};
    let b = |f: fn(&mut Buttons)| {
        let mut x = Buttons::NONE;
        f(&mut x);
        x
    };
    let n = Buttons::NONE;
    let (up, down, left, right) = (
        b(|x| x.up = true),
        b(|x| x.down = true),
        b(|x| x.left = true),
        b(|x| x.right = true),
    );
    let (press, a, bb, c) = (
        b(|x| x.press = true),
        b(|x| x.a = true),
        b(|x| x.b = true),
        b(|x| x.c = true),
    );
    let mut tries: Vec<Vec<Buttons>> = Vec::new();
    if let Action::TravelTo(goal) = action {
        // C, down to Travel, press; the cursor from the player to the goal
        // a cell a push; press.
        let at = COMMANDS
            .iter()
            .position(|e| e.name() == "Travel")
            .expect("Travel is on C's menu");
        let mut t = vec![c, n];
        for _ in 0..at {
            t.extend([down, n]);
        }
        t.extend([press, n]);
        let from = sim.0.game().player().pos;
        let (dx, dy) = (goal.x - from.x, goal.y - from.y);
        for _ in 0..dx.abs() {
            t.extend([if dx > 0 { right } else { left }, n]);
        }
        for _ in 0..dy.abs() {
            t.extend([if dy > 0 { down } else { up }, n]);
        }
        t.extend([press, n]);
        tries.push(t);
    }
    for x in [up, down, left, right, press, a, bb, c] {
        tries.push(vec![x, n]);
    }
    for d in [up, down, left, right] {
        let held = Buttons { b: true, ..d };
        tries.push(vec![bb, held, bb, n]);
    }
    for k in 0..COMMANDS.len() {
        let mut t = vec![c, n];
        for _ in 0..k {
            t.extend([down, n]);
        }
        t.extend([press, n]);
        tries.push(t);
    }
    for k in 1..27 {
        let mut t = Vec::new();
        for _ in 0..k {
            t.extend([down, n]);
        }
        t.extend([press, n]);
        tries.push(t);
    }
    for t in tries {
        let mut copy = sim.clone();
        let before = copy.0.run().replays().0.len();
        sim_play(&mut copy, &t);
        if copy.0.run().replays().0[before..] == [action.into()] {
            return t;
        }
    }
    panic!("no presses give {action:?} in {:?}", sim.0.game().state());
}

/// A virtual gamepad, through SDL's joystick API on the offscreen driver:
/// the game opens it as it is plugged in, and the bot's choices for seed
/// 42's Fighter, turned into the board's buttons, played on it through the
/// D-pad, a hat and the stick in turn, take him down the stairs of floor 1
/// to the run the same presses play on the simulated board. Y opens the
/// help, which names a gamepad's buttons; taken away, it lets go.
#[expect(
    clippy::too_many_lines,
    reason = "one story in order: plugged in, the help, a floor played, pulled out"
)]
fn gamepad(screen: &mut Screen) {
    use amulets_play::pad::{Buttons, Controls};
    use amulets_sdl::gamepad::{DEAD_ZONE, Gamepads};
    use sdl3::gamepad::{Axis, Button};
    use sdl3::joystick::{HatState, JoystickType, VirtualJoystickDescription};
    let start = Start {
        seed: Some(42),
        class: Some(Class::Fighter),
        ..Start::default()
    };
    let mut app = App::new(session(None, start));
    // The hidden window never has the focus, and SDL keeps a joystick's
    // events from a game in the background unless told.
    sdl3::hint::set("SDL_JOYSTICK_ALLOW_BACKGROUND_EVENTS", "1");
    let mut pads = Gamepads::new(&screen.sdl);
    assert_eq!(pads.count(), 0, "no gamepad yet");
    let joysticks = screen.sdl.joystick().expect("SDL's joysticks");
    // The buttons in the order SDL numbers a virtual gamepad's (the order
    // of SDL_GamepadButton among those given).
    let order = [
        Button::South,
        Button::East,
        Button::West,
        Button::North,
        Button::Start,
        Button::LeftStick,
        Button::DPadUp,
        Button::DPadDown,
        Button::DPadLeft,
        Button::DPadRight,
    ];
    let desc = VirtualJoystickDescription::new()
        .name("Amulets test pad")
        .joystick_type(JoystickType::Gamepad)
        .with_buttons(order)
        .with_axis(Axis::LeftX)
        .with_axis(Axis::LeftY)
        .num_hats(1);
    let plugged = joysticks
        .attach_virtual_joystick(desc)
        .expect("a virtual gamepad");
    // Its buttons are set through a joystick of its own, opened on it.
    let pad = joysticks
        .open(plugged.id())
        .expect("the virtual gamepad opens");
    let mut pump = screen.sdl.event_pump().expect("events");
    let mut events = |app: &mut App, pads: &mut Gamepads| {
        joysticks.update();
        for e in pump.poll_iter() {
            if std::env::var("AMULETS_SHOW_EVENTS").is_ok() {
                println!("{e:?}");
            }
            pads.event(app, &e);
        }
    };
    events(&mut app, &mut pads);
    assert_eq!(pads.count(), 1, "the gamepad plugged in is opened");
    let index = |b: Button| order.iter().position(|&o| o == b).unwrap() as u32;

    // Y: the help, naming a gamepad's buttons.
    pad.set_virtual_button(index(Button::North), true).unwrap();
    events(&mut app, &mut pads);
    pad.set_virtual_button(index(Button::North), false).unwrap();
    events(&mut app, &mut pads);
    let help: Vec<String> = app
        .session
        .drawn()
        .screen()
        .expect("the help")
        .lines()
        .map(str::to_string)
        .collect();
    assert!(
        help.iter().any(|l| l.starts_with("D-pad or stick")),
        "{help:#?}"
    );
    assert!(
        help.iter()
            .any(|l| l.starts_with("Start") && l.contains("the menu"))
    );
    // B closes it, as on the board.
    pad.set_virtual_button(index(Button::East), true).unwrap();
    events(&mut app, &mut pads);
    pad.set_virtual_button(index(Button::East), false).unwrap();
    events(&mut app, &mut pads);
    assert!(app.session.drawn().screen().is_none(), "the help closed");

    // The bot's floor, found on a simulated board, then played on the pad.
    let sim_session = Session::new(
        amulets_play::store::NoStore,
        Saw::default(),
        (|| 5) as fn() -> u32,
        start,
    );
    let mut sim: Sim = (sim_session, Controls::gamepad(), 0);
    // The board opens and closes its help as the pad did (a new action
    // marks the log read).
    sim.1.help(&mut sim.0);
    let b_tap = [
        Buttons {
            b: true,
            ..Buttons::NONE
        },
        Buttons::NONE,
    ];
    sim_play(&mut sim, &b_tap);
    assert_eq!(
        amulets_core::replay::state_hash(app.game()),
        amulets_core::replay::state_hash(sim.0.game()),
        "the same run to begin with"
    );
    let mut bot = amulets_core::bot::Bot::new();
    let mut script: Vec<Vec<Buttons>> = Vec::new();
    let mut hashes = Vec::new();
    while sim.0.game().depth() == 1 && script.len() < 3000 {
        let Some(action) = bot.next_action(sim.0.game()) else {
            break;
        };
        let presses = presses_for(&sim, action);
        sim_play(&mut sim, &presses);
        script.push(presses);
        hashes.push((action, amulets_core::replay::state_hash(sim.0.game())));
    }
    assert_eq!(
        sim.0.game().depth(),
        2,
        "the bot took floor 1 in {} actions",
        script.len()
    );
    let mut way = 0;
    let mut now = 1u64;
    for (step, presses) in script.iter().enumerate() {
        // As on the simulated board: a second after the last step.
        now += 1000;
        for b in presses {
            // The directions by the D-pad, a hat and the stick in turn.
            way = (way + 1) % 3;
            let dirs = [b.up, b.down, b.left, b.right];
            let dpad = [
                Button::DPadUp,
                Button::DPadDown,
                Button::DPadLeft,
                Button::DPadRight,
            ];
            for (i, d) in dpad.iter().enumerate() {
                pad.set_virtual_button(index(*d), way == 0 && dirs[i])
                    .unwrap();
            }
            let hat = match (way == 1, dirs) {
                (true, [true, _, _, _]) => HatState::Up,
                (true, [_, true, _, _]) => HatState::Down,
                (true, [_, _, true, _]) => HatState::Left,
                (true, [_, _, _, true]) => HatState::Right,
                _ => HatState::Centered,
            };
            pad.set_virtual_hat(0, hat).unwrap();
            let push = DEAD_ZONE + 100;
            let x = if way != 2 {
                0
            } else if b.left {
                -push
            } else if b.right {
                push
            } else {
                0
            };
            let y = if way != 2 {
                0
            } else if b.up {
                -push
            } else if b.down {
                push
            } else {
                0
            };
            pad.set_virtual_axis(u32::from(Axis::LeftX as u8), x)
                .unwrap();
            pad.set_virtual_axis(u32::from(Axis::LeftY as u8), y)
                .unwrap();
            pad.set_virtual_button(index(Button::LeftStick), b.press)
                .unwrap();
            pad.set_virtual_button(index(Button::South), b.a).unwrap();
            pad.set_virtual_button(index(Button::East), b.b).unwrap();
            pad.set_virtual_button(index(Button::West), b.c).unwrap();
            now += 1;
            app.now = now;
            events(&mut app, &mut pads);
            assert_eq!(pads.held().buttons(), *b, "the pad holds what was pressed");
        }
        for _ in 0..50_000 {
            if !app.game().command_running() {
                break;
            }
            now += 30;
            app.tick(now);
        }
        assert_eq!(
            amulets_core::replay::state_hash(app.game()),
            hashes[step].1,
            "after {:?}, step {step} of {}, the pad's run split from the board's",
            hashes[step].0,
            script.len()
        );
    }
    assert_eq!(app.game().depth(), 2, "the pad took the Fighter down");
    assert_eq!(
        amulets_core::replay::state_hash(app.game()),
        amulets_core::replay::state_hash(sim.0.game()),
        "the pad played the simulated board's run"
    );
    // Unplugged while a direction is held: it lets go.
    pad.set_virtual_button(index(Button::DPadUp), true).unwrap();
    events(&mut app, &mut pads);
    drop(pad);
    drop(plugged);
    events(&mut app, &mut pads);
    assert_eq!(pads.count(), 0, "the gamepad taken away is closed");
    assert_eq!(pads.held(), Default::default(), "and lets go");
    println!(
        "headless: a virtual gamepad took seed 42's Fighter down floor 1 in {} of the bot's actions",
        script.len()
    );
}
