//! The terminal game: the loop that turns key presses, clicks, time and
//! signals into calls on the run's `Session`, and the core's picture into
//! characters. It holds no rules: everything it shows comes from the
//! session and `amulets_play::view`.

pub mod colors;
#[cfg(windows)]
mod console_close;
pub mod draw;
pub mod keys;
mod tty;

use amulets_core::geom::Point;
use amulets_desktop::DesktopSession;
use crossterm::event::{
    self, Event as TermEvent, KeyEvent, KeyEventKind, KeyboardEnhancementFlags, MouseButton,
    MouseEvent, MouseEventKind, PopKeyboardEnhancementFlags, PushKeyboardEnhancementFlags,
};
use crossterm::execute;
use std::io::{self, Write, stdout};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The terminal game's state: the run's session, and what the terminal
/// adds (its colours and size, and the clock).
pub struct App {
    pub session: DesktopSession,
    /// The speech stream (`--speech`), when there is one.
    pub speech: Option<amulets_desktop::speech::SpeechStream>,
    pub depth: colors::Depth,
    epoch: Instant,
    size: (u16, u16),
}

impl App {
    pub fn new(session: DesktopSession, depth: colors::Depth, size: (u16, u16)) -> App {
        App {
            session,
            speech: None,
            depth,
            epoch: Instant::now(),
            size,
        }
    }

    /// A colour of the core's as the terminal shows it, in the player's
    /// palette.
    pub fn color(&self, c: amulets_core::color::Rgb) -> ratatui::style::Color {
        self.depth.color(self.session.prefs.palette().apply(c))
    }

    fn millis(&self, t: Instant) -> u64 {
        u64::try_from(t.saturating_duration_since(self.epoch).as_millis()).unwrap_or(u64::MAX)
    }

    /// How long the loop may sleep before something is due: a command's
    /// step, the next frame of an animation. `None`: until an event.
    pub fn wake_in(&self) -> Option<Duration> {
        self.session.wait().map(Duration::from_millis)
    }

    /// Time passes: the session steps what is due.
    pub fn tick(&mut self, now: Instant) {
        let ms = self.millis(now);
        self.session.tick(ms);
    }

    /// A key event: a press, a repeat (where the terminal tells them
    /// apart, else a repeat comes as a press) or a release.
    pub fn on_key(&mut self, event: &KeyEvent) {
        let key = keys::key_of(event);
        // Up and Down scroll a screen longer than the room it has here.
        if event.kind != KeyEventKind::Release
            && let Some(over) = self.session.drawn().screen()
        {
            let room = draw::screen_room(&over, self.size.0, self.size.1);
            let (cols, rows) = (usize::from(room.cols), usize::from(room.rows));
            if self.session.scroll_key(key, cols, rows) {
                return;
            }
        }
        match event.kind {
            KeyEventKind::Press => self.session.press(key),
            KeyEventKind::Repeat => self.session.repeat(key),
            KeyEventKind::Release => self.session.release(key),
        }
    }

    /// The mouse: hovering shows the route and names the cell; a left click
    /// travels there, or fires there while aiming.
    pub fn on_mouse(&mut self, event: &MouseEvent) {
        let Some(layout) = draw::Regions::for_size(self.size.0, self.size.1) else {
            return;
        };
        let camera = layout.camera(self);
        let cell: Option<Point> = layout.cell_at(camera, event.column, event.row);
        match event.kind {
            MouseEventKind::Moved => self.session.hover(cell),
            MouseEventKind::Down(MouseButton::Left) => {
                if let Some(cell) = cell {
                    self.session
                        .point(cell, amulets_play::bindings::Pointer::Click);
                }
            }
            _ => {}
        }
    }

    pub fn on_resize(&mut self, w: u16, h: u16) {
        self.size = (w, h);
    }
}

/// The signals that end the game as a closed window does: the terminal
/// closed (SIGHUP), `kill` (SIGTERM), and SIGINT sent from outside (in the
/// game Ctrl-C is a key). Each saves the run in play before the terminal is
/// put back; another one a second or more after the first ends the game
/// at once (exit 1). On Windows the console's close does the same
/// (`console_close`).
#[cfg(unix)]
const CLOSING: [i32; 3] = [
    signal_hook::consts::SIGHUP,
    signal_hook::consts::SIGTERM,
    signal_hook::consts::SIGINT,
];
#[cfg(not(unix))]
const CLOSING: [i32; 1] = [signal_hook::consts::SIGTERM];

/// How long after the first closing signal another one means a person
/// insisting, and ends the game at once: one hangup comes as several
/// signals together (the kernel's SIGHUP and the shell's, passed on to its
/// jobs), and those must not cut the save short.
#[cfg(unix)]
const INSIST: Duration = Duration::from_secs(1);

/// Sets `closing` at the first closing signal; on Unix a thread of its own
/// sees them, and ends the game at once (exit 1) on one that comes
/// `INSIST` or more after the first.
fn listen_for_signals(closing: Arc<AtomicBool>) -> io::Result<()> {
    #[cfg(unix)]
    {
        let mut signals = signal_hook::iterator::Signals::new(CLOSING)?;
        std::thread::Builder::new()
            .name("signals".into())
            .spawn(move || {
                let mut first: Option<Instant> = None;
                for _ in signals.forever() {
                    match first {
                        None => {
                            first = Some(Instant::now());
                            closing.store(true, Ordering::Relaxed);
                        }
                        Some(at) if at.elapsed() >= INSIST => std::process::exit(1),
                        Some(_) => {}
                    }
                }
            })?;
    }
    #[cfg(not(unix))]
    for signal in CLOSING {
        signal_hook::flag::register(signal, Arc::clone(&closing))?;
    }
    Ok(())
}

/// The game has saved and put the terminal back after a close: on Windows
/// the console's close waits for this before the program is ended.
pub fn closed() {
    #[cfg(windows)]
    console_close::done();
}

/// How long the loop sleeps at most while nothing is due, so a signal is
/// seen soon after it comes.
const SIGNAL_POLL: Duration = Duration::from_millis(100);

/// How the terminal game ended.
pub struct Ended {
    pub session: DesktopSession,
    /// The game panicked: it has said so, and what became of the run.
    pub panicked: bool,
}

std::thread_local! {
    /// The game loop runs on this thread now: a panic in it is caught and
    /// the run rescued, so the panic hook only keeps its words.
    static IN_THE_LOOP: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The words of a panic caught in the loop.
    static PANIC_SAID: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Plays in the terminal until the player quits or a signal closes it, and
/// gives the session back. The terminal is put back on every way out: a
/// quit, a signal, an error, and a panic. A panic in the game loop is
/// caught: the run is saved if it still passes its checks, then the
/// terminal is put back and the panic and the run's fate are said. A panic
/// anywhere else is printed by Rust's hook once the terminal is back.
pub fn run(
    session: DesktopSession,
    speech: Option<amulets_desktop::speech::SpeechStream>,
) -> io::Result<Ended> {
    let closing = Arc::new(AtomicBool::new(false));
    listen_for_signals(Arc::clone(&closing))?;
    #[cfg(windows)]
    console_close::register(Arc::clone(&closing))?;
    let rusts_hook = std::panic::take_hook();
    let mut terminal = ratatui::try_init()?;
    // Ratatui's hook restores the terminal and prints when it cannot, and
    // a print to a terminal that is gone panics again: ours says nothing.
    drop(std::panic::take_hook());
    std::panic::set_hook(Box::new(move |info| {
        if IN_THE_LOOP.with(std::cell::Cell::get) {
            PANIC_SAID.with(|said| *said.borrow_mut() = Some(info.to_string()));
            return;
        }
        let _ = execute!(
            stdout(),
            PopKeyboardEnhancementFlags,
            event::DisableMouseCapture
        );
        let _ = ratatui::try_restore();
        rusts_hook(info);
    }));
    // Where the terminal can report repeats and releases, it is asked to,
    // so a held key repeats by the session's rule; elsewhere a repeat is a
    // press (docs/desktop.md).
    let enhanced = crossterm::terminal::supports_keyboard_enhancement().unwrap_or(false);
    if enhanced {
        let _ = execute!(
            stdout(),
            PushKeyboardEnhancementFlags(
                KeyboardEnhancementFlags::REPORT_EVENT_TYPES
                    | KeyboardEnhancementFlags::DISAMBIGUATE_ESCAPE_CODES
            )
        );
    }
    let size = terminal.size();
    let tty = tty::Tty::open();
    let mut app = App::new(session, colors::Depth::detect(), (80, 24));
    app.speech = speech;
    let result = execute!(stdout(), event::EnableMouseCapture)
        .and(size)
        .and_then(|size| {
            let reader = tty::Reader::start()?;
            app.on_resize(size.width, size.height);
            IN_THE_LOOP.with(|on| on.set(true));
            let played = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                play(&mut terminal, &mut app, &closing, &reader, tty.as_ref())
            }));
            IN_THE_LOOP.with(|on| on.set(false));
            Ok(played)
        });
    // A run that outlived a panic is saved before the terminal goes back.
    let rescued = match &result {
        Ok(Err(_)) => Some(app.session.rescue()),
        _ => None,
    };
    if enhanced {
        let _ = execute!(stdout(), PopKeyboardEnhancementFlags);
    }
    let _ = execute!(stdout(), event::DisableMouseCapture);
    put_back(terminal);
    if let Some(rescue) = rescued {
        let said = PANIC_SAID.with(|said| said.borrow_mut().take());
        let _ = writeln!(
            io::stderr(),
            "amulets-tui: the game failed, which is a bug: {}\namulets-tui: {rescue}",
            said.as_deref().unwrap_or("a panic")
        );
    }
    match result {
        Ok(Ok(played)) => played.map(|()| Ended {
            session: app.session,
            panicked: false,
        }),
        Ok(Err(_)) => Ok(Ended {
            session: app.session,
            panicked: true,
        }),
        Err(e) => Err(e),
    }
}

/// Puts the terminal back (raw mode off, the main screen, the cursor),
/// silently: ratatui's own restore, and its terminal's drop, print when
/// they fail, and a print to a terminal that is gone (its pty's master
/// closed) panics, which in a drop aborts the game.
fn put_back(mut terminal: ratatui::DefaultTerminal) {
    let _ = ratatui::try_restore();
    if terminal.show_cursor().is_err() {
        // Its drop would try again, and print.
        std::mem::forget(terminal);
    }
}

/// Set in the environment to a turn, makes the game panic at the first
/// frame drawn on or after it (`amulets_desktop::TestPanic`): the
/// end-to-end test proves the terminal comes back from a panic and the run
/// is saved where it was.
const PANIC_FOR_TEST: &str = "AMULETS_TUI_TEST_PANIC";

fn play(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
    closing: &AtomicBool,
    reader: &tty::Reader,
    tty: Option<&tty::Tty>,
) -> io::Result<()> {
    let test_panic = amulets_desktop::TestPanic::from_env(PANIC_FOR_TEST);
    while !app.session.run().finished() {
        // Looked at before drawing: a terminal that is gone cannot be drawn
        // on, and must not cost the run.
        if closing.load(Ordering::Relaxed) || tty.is_some_and(tty::Tty::gone) {
            close(app);
            break;
        }
        if let Some(speech) = &mut app.speech {
            speech.speak(&app.session);
        }
        if terminal.draw(|f| draw::draw(f, app)).is_err() {
            // A terminal that takes no more writes is gone too.
            close(app);
            break;
        }
        test_panic.at_frame(app.session.game().turn());
        let wait = app.wake_in().map_or(SIGNAL_POLL, |w| w.min(SIGNAL_POLL));
        // Everything that came before the next frame, in order.
        let mut input = reader.next(wait);
        while let Some(got) = input {
            app.tick(Instant::now());
            match got {
                tty::Input::Event(TermEvent::Key(k)) => app.on_key(&k),
                tty::Input::Event(TermEvent::Mouse(m)) => app.on_mouse(&m),
                tty::Input::Event(TermEvent::Resize(w, h)) => app.on_resize(w, h),
                tty::Input::Event(_) => {}
                tty::Input::Gone => {
                    close(app);
                    return Ok(());
                }
            }
            input = reader.pending();
        }
        app.tick(Instant::now());
    }
    if let Some(speech) = &mut app.speech {
        speech.speak(&app.session);
    }
    Ok(())
}

/// The terminal closed, or a signal asked the game to end: the run in play
/// is saved, as a closed window saves it. A failure is said on standard
/// error, which may be the closed terminal too.
fn close(app: &mut App) {
    if let Err(e) = app.session.close() {
        let _ = ratatui::try_restore();
        let _ = writeln!(io::stderr(), "amulets-tui: the run could not be saved: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::game::{Game, State};
    use amulets_core::map::Map;
    use amulets_core::player::Class;
    use amulets_desktop::{FileStore, seed};
    use amulets_play::session::{Session, Start};
    use amulets_play::store::SaveText;
    use crossterm::event::{KeyCode, KeyModifiers};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn session(store: Option<FileStore>, start: Start) -> DesktopSession {
        Session::new(store.into(), None, seed::from_os as fn() -> u32, start)
    }

    fn app_of(start: Start, w: u16, h: u16) -> App {
        App::new(session(None, start), colors::Depth::TrueColor, (w, h))
    }

    fn run_of(seed: u32, class: Class) -> Start {
        Start {
            seed: Some(seed),
            class: Some(class),
            ..Start::default()
        }
    }

    /// A hand-made game continued from a save in a scratch directory, as
    /// a player would reach it.
    fn continued(game: &Game, name: &str) -> (App, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("amulets-tui-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join(amulets_desktop::store::SAVE),
            SaveText(game).to_string(),
        )
        .unwrap();
        let store = Some(FileStore::in_dir(&dir));
        let mut app = App::new(
            session(store, Start::default()),
            colors::Depth::Basic16,
            (100, 40),
        );
        app.on_key(&plain(KeyCode::Char('c')));
        assert_eq!(app.session.game().state(), State::Playing);
        (app, dir)
    }

    /// Draws the app on a test terminal of a size and returns its lines.
    fn screen(app: &App, w: u16, h: u16) -> Vec<String> {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal.draw(|f| draw::draw(f, app)).unwrap();
        let buf = terminal.backend().buffer();
        (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| buf[(x, y)].symbol().chars().next().unwrap_or(' '))
                    .collect()
            })
            .collect()
    }

    /// Whether some line of the screen has `text` in it.
    fn shows(lines: &[String], text: &str) -> bool {
        lines.iter().any(|l| l.contains(text))
    }

    /// A key pressed with no modifier.
    fn plain(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn at(lines: &[String], x: i32, y: i32) -> char {
        lines[y as usize].chars().nth(x as usize).unwrap()
    }

    /// A line the core puts on the panel shows in the terminal, in the
    /// core's colour, with nothing of the terminal's code told of it; on
    /// a terminal too narrow for the panel beside a screen's long lines,
    /// and in the narrowest one, too.
    #[test]
    fn a_note_put_on_the_panel_in_the_core_shows() {
        for (w, h) in [(100, 40), (60, 20)] {
            let mut app = app_of(run_of(42, Class::Fighter), w, h);
            app.session.notes.add_test_note("A test note.");
            let lines = screen(&app, w, h);
            let row = lines.iter().position(|l| l.contains("A test note."));
            let row = row.unwrap_or_else(|| panic!("{w} x {h}: {lines:#?}"));
            let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
            terminal.draw(|f| draw::draw(f, &app)).unwrap();
            let col = lines[row].find("A test note.").unwrap() as u16;
            let cell = &terminal.backend().buffer()[(col, row as u16)];
            let hurt = amulets_core::color::palette::HURT;
            assert_eq!(cell.fg, ratatui::style::Color::Rgb(hurt.r, hurt.g, hurt.b));
        }
    }

    /// The class screen's lines are broken between words at 110 columns,
    /// and the help lists no F2, which the terminal cannot show.
    #[test]
    fn the_class_screen_and_the_help_fit_the_terminal() {
        let mut app = app_of(Start::default(), 110, 40);
        app.on_key(&plain(KeyCode::Char('n')));
        let lines = screen(&app, 110, 40);
        assert!(shows(&lines, "a scroll of magic mapping"), "{lines:#?}");
        app.on_key(&plain(KeyCode::Char('a')));
        app.on_key(&plain(KeyCode::Char('?')));
        let lines = screen(&app, 110, 40);
        assert!(shows(&lines, "F1"), "{lines:#?}");
        assert!(!shows(&lines, "F2"), "{lines:#?}");
    }

    #[test]
    fn the_whole_map_shows_at_100_by_40() {
        let app = app_of(run_of(42, Class::Fighter), 100, 40);
        let game = app.session.game();
        let p = game.player().pos;
        let lines = screen(&app, 100, 40);
        assert_eq!(at(&lines, p.x, p.y), '@');
        // The first room's top-left wall, drawn because it borders floor.
        let room = game.level().areas[0];
        assert_eq!(at(&lines, room.x - 1, room.y - 1), '#');
        assert!(shows(&lines, "Seed 42"), "{lines:#?}");
        assert!(shows(&lines, "HP 32/32"));
    }

    #[test]
    fn the_log_shows_a_door_opened_by_a_bump() {
        let map = Map::from_rows(&[
            "#############",
            "#.....#.....#",
            "#.....+.....#",
            "#############",
        ])
        .unwrap();
        let game = Game::with_floor(1, Class::Fighter, 1, map, Point::new(5, 2));
        let (mut app, dir) = continued(&game, "door");
        app.on_key(&plain(KeyCode::Char('l')));
        let lines = screen(&app, 100, 40);
        assert!(
            lines[36..39]
                .iter()
                .any(|l| l.trim_end() == "You open the door."),
            "{:#?}",
            &lines[36..]
        );
        assert_eq!(at(&lines, 6, 2), '\'');
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_help_is_not_drawn_over_by_the_panel() {
        let mut app = app_of(run_of(42, Class::Rogue), 120, 45);
        let key = |c| plain(KeyCode::Char(c));
        app.on_key(&key('?'));
        let lines = screen(&app, 120, 45);
        // Its longest lines run past the map's 64 columns, where the panel
        // would be; they are whole, and no panel line is mixed in.
        assert!(
            shows(&lines, "rest until healed, or until something happens"),
            "{lines:#?}"
        );
        assert!(!shows(&lines, "Seed 42"), "{lines:#?}");
        // A narrow screen, the inventory, leaves the panel be.
        app.on_key(&plain(KeyCode::Esc));
        app.on_key(&key('i'));
        let lines = screen(&app, 120, 45);
        assert!(shows(&lines, "Inventory"), "{lines:#?}");
        assert!(shows(&lines, "Seed 42"), "{lines:#?}");
    }

    #[test]
    fn a_small_terminal_follows_the_player_with_a_camera() {
        let mut game = Game::new_run(7, Class::Rogue);
        // Put the player far right and down, where a 60 x 20 view needs the
        // camera to move.
        let far = (0..amulets_core::map::MAP_CELLS)
            .map(Map::point_of)
            .filter(|&q| game.level().map.is_walkable(q) && game.level().monster_at(q).is_none())
            .max_by_key(|q| q.x + q.y)
            .unwrap();
        game.player_mut().pos = far;
        game.refresh_view();
        let (mut app, dir) = continued(&game, "camera");
        app.on_resize(60, 20);
        let layout = draw::Regions::for_size(60, 20).unwrap();
        let camera = layout.camera(&app);
        assert!(camera.x > 0 && camera.y > 0, "{camera:?}");
        let lines = screen(&app, 60, 20);
        assert_eq!(
            at(&lines, far.x - camera.x, far.y - camera.y),
            '@',
            "{lines:#?}"
        );
        assert!(shows(&lines, "Seed 7"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_small_terminal_shows_the_log_s_lines_whole() {
        let mut game = Game::new_run(7, Class::Rogue);
        // Three lines that each wrap to two rows of a 60 x 20 terminal's
        // 36 columns: its 3 rows hold the newest whole, and no tail of
        // the one before it.
        for n in 1..=3 {
            let text = format!("Line {n} of the log, long enough to wrap in two ({n}9).");
            game.log_mut_for_tests().say(&text);
        }
        let (mut app, dir) = continued(&game, "log-whole");
        app.on_resize(60, 20);
        let lines = screen(&app, 60, 20);
        let log: Vec<&str> = lines[16..19].iter().map(|l| l[..36].trim_end()).collect();
        assert!(log[0].starts_with("Line 3 of the log"), "{log:#?}");
        assert!(!lines.iter().any(|l| l.starts_with("(29).")), "{lines:#?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn too_small_a_terminal_says_so() {
        let app = app_of(Start::default(), 59, 30);
        let lines = screen(&app, 59, 30);
        assert!(
            shows(&lines, "Make the terminal at least 60 x 20."),
            "{lines:#?}"
        );
        let lines = screen(&app, 80, 19);
        assert!(shows(&lines, "Make the terminal at least 60 x 20."));
    }

    #[test]
    fn the_title_offers_continue_dim_without_a_save_and_says_why_on_c() {
        let mut app = app_of(Start::default(), 100, 40);
        app.on_key(&plain(KeyCode::Char('c')));
        let lines = screen(&app, 100, 40);
        assert!(
            shows(&lines, "There is no saved run to continue."),
            "{lines:#?}"
        );
        assert_eq!(app.session.game().state(), State::Title);
    }

    #[test]
    fn commands_step_on_time_and_a_repeat_does_not_stop_them() {
        let map = Map::from_rows(&[
            "#############",
            "#.....#.....#",
            "#.....#.....#",
            "#############",
        ])
        .unwrap();
        let mut game = Game::with_floor(1, Class::Fighter, 1, map, Point::new(2, 1));
        game.player_mut().hp = 5;
        let (mut app, dir) = continued(&game, "rest");
        let t0 = app.epoch;
        app.tick(t0);
        let rest = KeyEvent::new(KeyCode::Char('R'), KeyModifiers::SHIFT);
        app.on_key(&rest);
        assert!(app.session.game().command_running());
        app.tick(t0);
        assert_eq!(app.session.game().turn(), 1, "the first step at once");
        app.tick(t0 + Duration::from_millis(10));
        assert_eq!(app.session.game().turn(), 1, "not before 30 ms");
        app.tick(t0 + Duration::from_millis(31));
        assert_eq!(app.session.game().turn(), 2);
        let mut repeat = rest;
        repeat.kind = KeyEventKind::Repeat;
        app.on_key(&repeat);
        assert!(
            app.session.game().command_running(),
            "a key's repeat does not stop it"
        );
        app.on_key(&plain(KeyCode::Char('h')));
        assert!(!app.session.game().command_running());
        assert_eq!(
            app.session.game().player().pos,
            Point::new(2, 1),
            "the key that stopped it did nothing else"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Every word of the screen up (its title and its lines), read off a
    /// terminal of `w` x `h` as the player pages it down with Down: each
    /// row once, in order, no word cut, nothing drawn over it.
    fn check_whole(app: &mut App, w: u16, h: u16, what: &str) {
        let over = app
            .session
            .drawn()
            .screen()
            .unwrap_or_else(|| panic!("{what}: no screen"));
        let room = draw::screen_room(&over, w, h);
        let (cols, rows) = (usize::from(room.cols), usize::from(room.rows));
        let mut shown: Vec<Option<String>> = vec![None; over.rows(cols).count()];
        // The title, on its row and the empty one under it, left of the
        // panel.
        let top = screen(app, w, h);
        let title_cols = if room.wide { usize::from(w) } else { cols + 1 };
        let title: Vec<String> = top[..2]
            .iter()
            .flat_map(|l| {
                let left: String = l.chars().take(title_cols).collect();
                left.split_whitespace()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect();
        let title_words: Vec<&str> = over.title.split_whitespace().collect();
        assert_eq!(title, title_words, "{what}: the title whole");
        for _ in 0..100 {
            let lines = screen(app, w, h);
            let paging = over.paging(cols, rows, app.session.keyboard().scroll());
            for r in 0..paging.shown {
                let row: String = lines[2 + r].chars().skip(1).take(cols).collect();
                shown[paging.first + r] = Some(row.trim_end().to_string());
            }
            if !paging.more_below() {
                break;
            }
            assert_eq!(
                lines[2 + paging.shown].trim(),
                paging.more(amulets_play::view::Scroll::Keys).unwrap(),
                "{what}: it says there is more"
            );
            app.on_key(&plain(KeyCode::Down));
        }
        let missing: Vec<usize> = (0..shown.len()).filter(|&r| shown[r].is_none()).collect();
        assert!(missing.is_empty(), "{what}: rows {missing:?} never shown");
        let seen: Vec<String> = shown
            .iter()
            .flatten()
            .flat_map(|r| r.split_whitespace().map(str::to_string).collect::<Vec<_>>())
            .collect();
        let words: Vec<String> = over
            .entries
            .iter()
            .flat_map(|e| {
                e.text
                    .split_whitespace()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect();
        assert_eq!(seen, words, "{what}: every word whole and in order");
        // Back to the top, as any other key would leave it.
        for _ in 0..100 {
            if app.session.keyboard().scroll() == 0 {
                break;
            }
            app.on_key(&plain(KeyCode::Up));
        }
    }

    /// A scratch directory holding `save.txt` made by `make`, and the
    /// title's app on it: the note the session has for what it found.
    fn title_over(name: &str, make: impl FnOnce(&std::path::Path)) -> (App, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!(
            "amulets-tui-whole-{name}-with-a-long-folder-name-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        make(&dir.join(amulets_desktop::store::SAVE));
        let app = App::new(
            session(Some(FileStore::in_dir(&dir)), Start::default()),
            colors::Depth::TrueColor,
            (60, 20),
        );
        (app, dir)
    }

    /// What puts a save in place, for `title_over`.
    type MakeSave = fn(&std::path::Path);

    #[test]
    fn the_title_and_each_note_a_save_leaves_are_whole_at_60_by_20() {
        let (w, h) = (60, 20);
        // The title with each note a save can leave it: damaged and set
        // aside, another version, far too long, no file at all.
        let notes: [(&str, MakeSave); 4] = [
            ("damaged", |p| {
                std::fs::write(p, "amulets-save 2\nnonsense\n").unwrap()
            }),
            ("version", |p| {
                std::fs::write(p, "amulets-save 99\nseed 1\n").unwrap()
            }),
            ("huge", |p| {
                std::fs::File::create(p).unwrap().set_len(60_000).unwrap();
            }),
            ("folder", |p| std::fs::create_dir_all(p).unwrap()),
        ];
        for (name, make) in notes {
            let (mut app, dir) = title_over(name, make);
            assert!(app.session.notes.note().is_some(), "{name}: a note");
            check_whole(&mut app, w, h, &format!("the title, {name}"));
            let _ = std::fs::remove_dir_all(&dir);
        }
    }

    #[test]
    fn a_run_s_screens_are_whole_at_60_by_20() {
        let (w, h) = (60, 20);
        let key = |c| plain(KeyCode::Char(c));
        // A run's screens: the help, the classes, the menu, its questions.
        let mut app = app_of(Start::default(), w, h);
        app.on_key(&key('n'));
        check_whole(&mut app, w, h, "the classes");
        let mut app = app_of(run_of(42, Class::Rogue), w, h);
        app.on_key(&key('?'));
        assert!(
            app.session
                .drawn()
                .screen()
                .unwrap()
                .paging(58, 17, 0)
                .more_below(),
            "the help is longer than 60 x 20 has room for"
        );
        check_whole(&mut app, w, h, "the help");
        app.on_key(&plain(KeyCode::Esc));
        app.on_key(&plain(KeyCode::Esc));
        check_whole(&mut app, w, h, "the menu");
        app.on_key(&key('q'));
        check_whole(&mut app, w, h, "quit without saving?");
        // No goes back to the game; the menu again, and its new run.
        app.on_key(&key('n'));
        app.on_key(&plain(KeyCode::Esc));
        app.on_key(&key('n'));
        check_whole(&mut app, w, h, "a new run?");
        app.on_key(&key('n'));
        app.on_key(&plain(KeyCode::Esc));
        for k in "sssss.....".chars() {
            app.on_key(&key(k));
        }
        app.on_key(&key('m'));
        check_whole(&mut app, w, h, "the messages");
        // A full pack, and an item of it.
        let mut game = Game::new_run(42, Class::Fighter);
        for (slot, kind) in game.player_mut().pack.iter_mut().zip(
            amulets_core::item::ItemId::all()
                .collect::<Vec<_>>()
                .into_iter()
                .cycle(),
        ) {
            *slot = Some(amulets_core::item::Item::one(kind));
        }
        let (mut app, dir) = continued(&game, "whole-pack");
        app.on_resize(w, h);
        app.on_key(&key('i'));
        check_whole(&mut app, w, h, "a full pack");
        app.on_key(&key('a'));
        check_whole(&mut app, w, h, "an item");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_run_s_end_its_record_and_the_hall_are_whole_at_60_by_20() {
        let (w, h) = (60, 20);
        let key = |c| plain(KeyCode::Char(c));
        // A run's end, with where its record went, each page of the
        // record, and the hall.
        let map = Map::from_rows(&["###", "#.#", "###"]).unwrap();
        let mut dying = Game::with_floor(
            42,
            Class::Fighter,
            1,
            map,
            amulets_core::geom::Point::new(1, 1),
        );
        dying.player_mut().hp = 1;
        dying.player_mut().poisoned = 5;
        let (mut app, dir) = continued(&dying, "whole-end-of-a-run-with-a-long-folder-name");
        app.on_resize(w, h);
        app.on_key(&key('.'));
        assert_eq!(app.session.game().state(), State::Dead);
        assert!(
            app.session
                .notes
                .note()
                .is_some_and(|n| n.contains("record")),
            "{:?}",
            app.session.notes.note()
        );
        check_whole(&mut app, w, h, "the end");
        std::thread::sleep(std::time::Duration::from_millis(300));
        app.tick(std::time::Instant::now());
        app.on_key(&key('r'));
        let title = app.session.drawn().screen().unwrap().title.to_string();
        let pages: u8 = title.rsplit(' ').next().unwrap().parse().unwrap();
        for page in 0..pages {
            check_whole(&mut app, w, h, &format!("the record, page {}", page + 1));
            app.on_key(&key('r'));
        }
        app.on_key(&plain(KeyCode::Esc));
        app.on_key(&plain(KeyCode::Enter));
        app.on_key(&key('h'));
        check_whole(&mut app, w, h, "the hall of fame");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
