//! The desktop game's state and what it does with a key, a click, a hover
//! and time. It holds no rules: keys go to the core as `Key`s, clicks as
//! `Action`s, and the picture comes from `amulets_core::view`.

use amulets_core::game::{Game, Outcome, State};
use amulets_core::geom::Point;
use amulets_core::input::{Action, Key};
use amulets_core::juice::{Juice, Pacer};
use amulets_tui::saves::{Answer, Keeper};

/// How the map is drawn; F2 switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewMode {
    Glyph,
    Tile,
}

pub struct App {
    pub game: Game,
    pub view: ViewMode,
    /// The map cell under the mouse.
    pub hover: Option<Point>,
    /// A line the shell itself says (no saved run yet, say).
    pub note: Option<String>,
    pub quit: bool,
    pub keeper: Keeper,
    pub pacer: Pacer,
    pub juice: Juice,
    /// The shell's clock, in milliseconds.
    pub now: u64,
    /// Something changed since the last frame.
    pub redraw: bool,
}

impl App {
    pub fn new(game: Game, view: ViewMode, keeper: Keeper) -> App {
        App {
            game,
            view,
            hover: None,
            note: None,
            quit: false,
            keeper,
            pacer: Pacer::new(),
            juice: Juice::new(),
            now: 0,
            redraw: true,
        }
    }

    fn act(&mut self, action: Action) -> Outcome {
        let outcome = self.game.act(action);
        if self.game.command_running() {
            // A command's first step is due at once.
            self.pacer.start(self.now);
        }
        self.juice.take(&mut self.game, self.now);
        self.redraw = true;
        outcome
    }

    /// A key pressed (`repeat`: the key held down). While a command runs,
    /// a key stops it and does nothing else, and a repeat is ignored.
    pub fn press(&mut self, key: Key, repeat: bool) {
        if self.game.command_running() {
            if !repeat {
                self.act(Action::Interrupt);
            }
            return;
        }
        self.note = None;
        if key == Key::F(2) {
            self.view = match self.view {
                ViewMode::Glyph => ViewMode::Tile,
                ViewMode::Tile => ViewMode::Glyph,
            };
        }
        let Some(action) = self.game.action_for(key) else {
            self.redraw = true;
            return;
        };
        let outcome = self.act(action);
        match self.keeper.answer(outcome.request, &mut self.game) {
            Answer::Done => {}
            Answer::Quit => self.quit = true,
            Answer::Note(note) => self.note = Some(note),
        }
    }

    /// The mouse is over a map cell, or off the map (`None`). While aiming
    /// or looking, the cursor follows it.
    pub fn hover(&mut self, cell: Option<Point>) {
        if cell == self.hover {
            return;
        }
        self.hover = cell;
        self.redraw = true;
        if let Some(p) = cell
            && matches!(self.game.state(), State::Aiming(_) | State::Looking)
        {
            self.act(Action::CursorTo(p));
        }
    }

    /// A left click on a map cell: fires there while aiming, travels there
    /// while playing; while a command runs it stops it, like a key.
    pub fn click(&mut self, cell: Point) {
        for action in self.game.click_actions(cell) {
            self.act(action);
        }
    }

    /// Time passes: the running command takes its step when it is due, and
    /// the animations move on. True when the picture changed.
    pub fn tick(&mut self, now: u64) -> bool {
        self.now = now;
        let busy = self.juice.busy();
        let stepped = self.pacer.tick(&mut self.game, now);
        self.juice.take(&mut self.game, now);
        let changed = stepped || busy;
        self.redraw |= changed;
        changed
    }

    /// Milliseconds the loop may sleep before something is due, or `None`
    /// to sleep until an event.
    pub fn wait(&self) -> Option<u64> {
        match (self.pacer.wait(&self.game, self.now), self.juice.wait()) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// After a frame: the save follows the run.
    pub fn after_draw(&mut self) {
        if let Err(note) = self.keeper.after_draw(&self.game) {
            self.note = Some(note);
            self.redraw = true;
        }
    }

    /// The window is closing: a run in play is saved first, as the menu's
    /// save and quit would.
    pub fn close(&mut self) {
        if !matches!(
            self.game.state(),
            State::Title | State::ChooseClass | State::Dead | State::Won
        ) {
            let _ = self.keeper.save(&self.game);
        }
        self.quit = true;
    }

    /// Plays a command to its end at once, its steps 30 ms apart on the
    /// shell's clock (screenshots and tests: nobody waits).
    pub fn finish_command(&mut self) {
        while self.game.command_running() {
            let due = self.now + self.pacer.wait(&self.game, self.now).unwrap_or(0);
            self.tick(due);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::map::Map;
    use amulets_core::player::Class;

    fn room() -> Game {
        let map = Map::from_rows(&[
            "#############",
            "#.....#.....#",
            "#.....#.....#",
            "#############",
        ])
        .unwrap();
        Game::with_floor(1, Class::Fighter, 1, map, Point::new(2, 1))
    }

    #[test]
    fn a_rest_steps_every_30_ms_and_a_key_stops_it_doing_nothing_else() {
        let mut game = room();
        game.player_mut().hp = 5;
        let mut app = App::new(game, ViewMode::Glyph, Keeper::new(None));
        app.tick(1000);
        app.press(Key::Char('R'), false);
        assert!(app.game.command_running());
        assert_eq!(app.wait(), Some(0));
        app.tick(1000);
        assert_eq!(app.game.turn(), 1);
        app.tick(1029);
        assert_eq!(app.game.turn(), 1, "not before 30 ms");
        app.tick(1030);
        assert_eq!(app.game.turn(), 2);
        app.press(Key::Char('R'), true);
        assert!(app.game.command_running(), "a repeat does not stop it");
        app.press(Key::Char('l'), false);
        assert!(!app.game.command_running());
        assert_eq!(app.game.player().pos, Point::new(2, 1));
    }

    #[test]
    fn a_click_travels_and_f2_switches_the_view() {
        let mut app = App::new(room(), ViewMode::Glyph, Keeper::new(None));
        app.click(Point::new(5, 2));
        assert!(app.game.command_running());
        app.finish_command();
        assert_eq!(app.game.player().pos, Point::new(5, 2));
        // A click while a command runs only stops it.
        app.click(Point::new(1, 1));
        assert!(app.game.command_running());
        let at = app.game.player().pos;
        app.click(Point::new(11, 1));
        assert!(!app.game.command_running());
        assert_eq!(app.game.player().pos, at);
        app.press(Key::F(2), false);
        assert_eq!(app.view, ViewMode::Tile);
        app.press(Key::F(2), false);
        assert_eq!(app.view, ViewMode::Glyph);
    }
}
