//! The terminal game: the loop that turns key presses, clicks and time into
//! calls on the core, and the core's picture into characters. It holds no
//! rules: everything it shows comes from `amulets_core::view`.

pub mod colors;
pub mod draw;
pub mod keys;

use crate::saves::{Answer, Keeper, SaveSlot};
use amulets_core::game::{Game, Request};
use amulets_core::geom::Point;
use amulets_core::input::Action;
use amulets_core::juice::{Juice, Pacer};
use amulets_core::replay::Input;
use crossterm::event::{
    self, Event as TermEvent, KeyEvent, MouseButton, MouseEvent, MouseEventKind,
};
use crossterm::execute;
use std::io::{self, stdout};
use std::time::{Duration, Instant};

/// The terminal game's state: the run, and what the screen shows besides.
pub struct App {
    pub game: Game,
    pub depth: colors::Depth,
    /// The map cell under the mouse, for the route preview and the look line.
    pub hover: Option<Point>,
    /// A line the shell itself says (no saved run yet, say).
    pub note: Option<String>,
    pub quit: bool,
    /// The save, following the run.
    pub keeper: Keeper,
    /// Everything asked of the game, when recording a replay.
    pub recording: Option<Vec<Input>>,
    /// The core's clock for commands and animations, in milliseconds since
    /// `epoch`.
    pacer: Pacer,
    pub juice: Juice,
    epoch: Instant,
    now: u64,
    size: (u16, u16),
}

impl App {
    pub fn new(game: Game, depth: colors::Depth, size: (u16, u16)) -> App {
        App {
            game,
            depth,
            hover: None,
            note: None,
            quit: false,
            keeper: Keeper::new(None),
            recording: None,
            pacer: Pacer::new(),
            juice: Juice::new(),
            epoch: Instant::now(),
            now: 0,
            size,
        }
    }

    /// Asks the game for an action, recording it when recording.
    fn act(&mut self, action: Action) -> amulets_core::game::Outcome {
        if let Some(r) = &mut self.recording {
            r.push(Input::Act(action));
        }
        self.game.act(action)
    }

    fn millis(&self, t: Instant) -> u64 {
        u64::try_from(t.saturating_duration_since(self.epoch).as_millis()).unwrap_or(u64::MAX)
    }

    /// How long the loop may sleep before something is due: a command's
    /// step, or the next frame of an animation. `None`: until an event.
    pub fn wake_in(&self) -> Option<Duration> {
        let now = self.millis(Instant::now());
        let step = self.pacer.wait(&self.game, now);
        let frame = self.juice.wait();
        let ms = match (step, frame) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        ms.map(Duration::from_millis)
    }

    /// Time passes: a command takes its step when one is due, a step every
    /// `COMMAND_STEP_MS` whatever events come between.
    pub fn tick(&mut self, now: Instant) {
        self.now = self.millis(now);
        if self.game.command_running() && self.pacer.wait(&self.game, self.now) == Some(0) {
            if let Some(r) = &mut self.recording {
                r.push(Input::Step);
            }
            self.pacer.tick(&mut self.game, self.now);
        }
        self.juice.take(&mut self.game, self.now);
    }

    /// A key press: while a command runs it stops it and does nothing else.
    pub fn on_key(&mut self, event: &KeyEvent) {
        let Some(key) = keys::key_of(event) else {
            return;
        };
        self.note = None;
        if self.game.command_running() {
            self.act(Action::Interrupt);
            return;
        }
        let outcome = match self.game.action_for(key) {
            Some(action) => self.act(action),
            None => amulets_core::game::Outcome::default(),
        };
        if self.game.command_running() {
            // The first step is due at once.
            self.pacer.start(self.now);
        }
        self.on_request(outcome.request);
        self.juice.take(&mut self.game, self.now);
    }

    fn on_request(&mut self, request: Option<Request>) {
        match self.keeper.answer(request, &mut self.game) {
            Answer::Done => {}
            Answer::Quit => self.quit = true,
            Answer::Note(note) => self.note = Some(note),
        }
    }

    /// The save follows the run (see `Keeper`).
    pub fn after_draw(&mut self) {
        if let Err(note) = self.keeper.after_draw(&self.game) {
            self.note = Some(note);
        }
    }

    /// The mouse: hovering shows the route and names the cell; a left click
    /// travels there, or fires there while aiming.
    pub fn on_mouse(&mut self, event: &MouseEvent) {
        let Some(layout) = draw::Layout::for_size(self.size.0, self.size.1) else {
            return;
        };
        let camera = layout.camera(draw::focus(self));
        let cell = layout.cell_at(camera, event.column, event.row);
        match event.kind {
            MouseEventKind::Moved => self.hover = cell,
            MouseEventKind::Down(MouseButton::Left) => {
                let Some(cell) = cell else { return };
                let running = self.game.command_running();
                for action in self.game.click_actions(cell) {
                    self.act(action);
                }
                if !running && self.game.command_running() {
                    self.pacer.start(self.now);
                }
                self.juice.take(&mut self.game, self.now);
            }
            _ => {}
        }
    }

    pub fn on_resize(&mut self, w: u16, h: u16) {
        self.size = (w, h);
    }
}

/// Plays in the terminal until the player quits. The terminal is put back
/// on every way out: a normal quit, an error, and a panic (ratatui's hook
/// restores it, ours first lets the mouse go, then the panic is printed).
/// Plays in the terminal until the player quits; returns what was asked of
/// the game when `record` is set, for a replay.
pub fn run(
    game: Game,
    slot: Option<SaveSlot>,
    record: bool,
) -> io::Result<(Game, Option<Vec<Input>>)> {
    let mut terminal = ratatui::try_init()?;
    let ratatui_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), event::DisableMouseCapture);
        ratatui_hook(info);
    }));
    let result = execute!(stdout(), event::EnableMouseCapture).and_then(|()| {
        let size = terminal.size()?;
        let mut app = App::new(game, colors::Depth::detect(), (size.width, size.height));
        app.keeper = Keeper::new(slot);
        app.recording = record.then(Vec::new);
        play(&mut terminal, &mut app)?;
        Ok((app.game, app.recording))
    });
    let _ = execute!(stdout(), event::DisableMouseCapture);
    ratatui::restore();
    result
}

/// Set in the environment, makes the game panic after its first frame:
/// the end-to-end test proves the terminal comes back from a panic.
const PANIC_FOR_TEST: &str = "AMULETS_TUI_TEST_PANIC";

fn play(terminal: &mut ratatui::DefaultTerminal, app: &mut App) -> io::Result<()> {
    while !app.quit {
        terminal.draw(|f| draw::draw(f, app))?;
        app.after_draw();
        if std::env::var_os(PANIC_FOR_TEST).is_some() {
            panic!("{PANIC_FOR_TEST} is set, so the game panics here on purpose");
        }
        let ready = match app.wake_in() {
            Some(wait) => event::poll(wait)?,
            None => true,
        };
        app.now = app.millis(Instant::now());
        if ready {
            match event::read()? {
                TermEvent::Key(k) => app.on_key(&k),
                TermEvent::Mouse(m) => app.on_mouse(&m),
                TermEvent::Resize(w, h) => app.on_resize(w, h),
                _ => {}
            }
        }
        app.tick(Instant::now());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::game::State;
    use amulets_core::map::Map;
    use amulets_core::player::Class;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

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
    fn plain(code: crossterm::event::KeyCode) -> KeyEvent {
        KeyEvent::new(code, crossterm::event::KeyModifiers::NONE)
    }

    fn at(lines: &[String], x: i32, y: i32) -> char {
        lines[y as usize].chars().nth(x as usize).unwrap()
    }

    #[test]
    fn the_whole_map_shows_at_100_by_40() {
        let game = Game::new_run(42, Class::Fighter);
        let p = game.player().pos;
        let app = App::new(game, colors::Depth::TrueColor, (100, 40));
        let lines = screen(&app, 100, 40);
        assert_eq!(at(&lines, p.x, p.y), '@');
        // The first room's top-left wall, drawn because it borders floor.
        let room = app.game.level().areas[0];
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
        let mut app = App::new(game, colors::Depth::Basic16, (100, 40));
        app.on_key(&plain(crossterm::event::KeyCode::Char('l')));
        let lines = screen(&app, 100, 40);
        assert!(
            lines[36..39]
                .iter()
                .any(|l| l.trim_end() == "You open the door."),
            "{:#?}",
            &lines[36..]
        );
        assert_eq!(at(&lines, 6, 2), '\'');
    }

    #[test]
    fn the_help_is_not_drawn_over_by_the_panel() {
        let game = Game::new_run(42, Class::Rogue);
        let mut app = App::new(game, colors::Depth::TrueColor, (120, 45));
        let key = |c| plain(crossterm::event::KeyCode::Char(c));
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
        app.on_key(&plain(crossterm::event::KeyCode::Esc));
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
        let app = App::new(game, colors::Depth::Indexed256, (60, 20));
        let layout = draw::Layout::for_size(60, 20).unwrap();
        let camera = layout.camera(far);
        assert!(camera.x > 0 && camera.y > 0, "{camera:?}");
        let lines = screen(&app, 60, 20);
        assert_eq!(
            at(&lines, far.x - camera.x, far.y - camera.y),
            '@',
            "{lines:#?}"
        );
        assert!(shows(&lines, "Seed 7"));
    }

    #[test]
    fn too_small_a_terminal_says_so() {
        let app = App::new(Game::new(1), colors::Depth::Basic16, (59, 30));
        let lines = screen(&app, 59, 30);
        assert!(
            shows(&lines, "Make the terminal at least 60 x 20."),
            "{lines:#?}"
        );
        let lines = screen(&app, 80, 19);
        assert!(shows(&lines, "Make the terminal at least 60 x 20."));
    }

    #[test]
    fn the_run_is_saved_on_arrival_continued_and_removed_at_its_end() {
        let dir = std::env::temp_dir().join(format!("amulets-app-save-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut app = App::new(
            Game::new_run(9, Class::Fighter),
            colors::Depth::TrueColor,
            (100, 40),
        );
        app.keeper = Keeper::new(Some(SaveSlot::in_dir(&dir)));
        app.after_draw();
        let slot = SaveSlot::in_dir(&dir);
        assert!(slot.exists(), "saved on arrival on floor 1");
        // A new game at the title continues the saved run with C.
        let mut title = App::new(Game::new(1), colors::Depth::TrueColor, (100, 40));
        title.keeper = Keeper::new(Some(SaveSlot::in_dir(&dir)));
        title.on_key(&plain(crossterm::event::KeyCode::Char('c')));
        assert_eq!(title.game.seed(), 9);
        assert_eq!(title.game.state(), State::Playing);
        // Dying removes it once the end screen has been drawn.
        title.game.player_mut().hp = 1;
        title.game.player_mut().poisoned = 3;
        title.on_key(&plain(crossterm::event::KeyCode::Char('.')));
        assert_eq!(title.game.state(), State::Dead);
        title.after_draw();
        assert!(!slot.exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn commands_step_on_time_and_any_key_stops_them() {
        let map = Map::from_rows(&[
            "#############",
            "#.....#.....#",
            "#.....#.....#",
            "#############",
        ])
        .unwrap();
        let mut game = Game::with_floor(1, Class::Fighter, 1, map, Point::new(2, 1));
        game.player_mut().hp = 5;
        let mut app = App::new(game, colors::Depth::TrueColor, (100, 40));
        let t0 = Instant::now();
        app.tick(t0);
        app.on_key(&KeyEvent::new(
            crossterm::event::KeyCode::Char('R'),
            crossterm::event::KeyModifiers::SHIFT,
        ));
        assert!(app.game.command_running());
        app.tick(t0);
        assert_eq!(app.game.turn(), 1, "the first step at once");
        app.tick(t0 + Duration::from_millis(10));
        assert_eq!(app.game.turn(), 1, "not before 30 ms");
        app.tick(t0 + Duration::from_millis(31));
        assert_eq!(app.game.turn(), 2);
        let mut repeat = KeyEvent::new(
            crossterm::event::KeyCode::Char('R'),
            crossterm::event::KeyModifiers::SHIFT,
        );
        repeat.kind = crossterm::event::KeyEventKind::Repeat;
        app.on_key(&repeat);
        assert!(
            app.game.command_running(),
            "a key's repeat does not stop it"
        );
        app.on_key(&plain(crossterm::event::KeyCode::Char('h')));
        assert!(!app.game.command_running());
        assert_eq!(
            app.game.player().pos,
            Point::new(2, 1),
            "the key that stopped it did nothing else"
        );
    }
}
