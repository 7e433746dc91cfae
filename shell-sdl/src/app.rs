//! The desktop game's state: the run's `Session` (from the core, through
//! `amulets-desktop`), and what SDL adds, the redraw flag and its clock.
//! Keys, clicks, hovers and time go to the session as they come; nothing
//! here knows a rule.

use amulets_core::game::Game;
use amulets_core::geom::Point;
use amulets_core::input::Key;
use amulets_desktop::DesktopSession;
use std::io::Write;

/// How the map is drawn; F2 switches (the session keeps which).
pub use amulets_picture::ViewMode;

pub struct App {
    pub session: DesktopSession,
    /// The shell's clock, in milliseconds.
    pub now: u64,
    /// Something changed since the last frame.
    pub redraw: bool,
}

impl App {
    pub fn new(mut session: DesktopSession) -> App {
        session.set_shows(amulets_picture::SHOWS);
        App {
            session,
            now: 0,
            redraw: true,
        }
    }

    pub fn game(&self) -> &Game {
        self.session.game()
    }

    pub fn view(&self) -> ViewMode {
        ViewMode::of(&self.session)
    }

    pub fn quit(&self) -> bool {
        self.session.finished()
    }

    /// A key pressed, or (`repeat`) its repeat while held down.
    pub fn press(&mut self, key: Key, repeat: bool) {
        if repeat {
            self.session.repeat(key);
        } else {
            self.session.press(key);
        }
        self.redraw = true;
    }

    pub fn release(&mut self, key: Key) {
        self.session.release(key);
    }

    /// The mouse is over a map cell, or off the map (`None`).
    pub fn hover(&mut self, cell: Option<Point>) {
        if cell != self.session.hovered() {
            self.session.hover(cell);
            self.redraw = true;
        }
    }

    /// A left click on a map cell.
    pub fn click(&mut self, cell: Point) {
        self.session.click(cell);
        self.redraw = true;
    }

    /// Time passes. True when the picture changed.
    pub fn tick(&mut self, now: u64) -> bool {
        self.now = now;
        let changed = self.session.tick(now);
        self.redraw |= changed;
        changed
    }

    /// Milliseconds the loop may sleep before something is due, or `None`
    /// to sleep until an event.
    pub fn wait(&self) -> Option<u64> {
        self.session.wait()
    }

    /// The window is closing: the session saves a run in play. A save that
    /// fails is said on the terminal the game was started from, the only
    /// place left to say it.
    pub fn close(&mut self) {
        if let Err(e) = self.session.close() {
            // That terminal may be closed too: said only where it can be.
            let _ = writeln!(
                std::io::stderr(),
                "amulets: the run could not be saved: {e}"
            );
        }
    }

    /// Plays a command to its end at once, its steps 30 ms apart on the
    /// shell's clock (screenshots and tests: nobody waits).
    pub fn finish_command(&mut self) {
        while self.game().command_running() {
            let due = self.now + self.session.wait().unwrap_or(0);
            self.tick(due);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::session::{Session, Start};

    fn app(start: Start) -> App {
        App::new(Session::new(None, None, || 7, start))
    }

    #[test]
    fn f2_switches_the_view_and_a_click_travels() {
        let mut app = app(Start {
            seed: Some(42),
            class: Some(amulets_core::player::Class::Fighter),
            ..Start::default()
        });
        app.press(Key::F(2), false);
        assert_eq!(app.view(), ViewMode::Tile);
        app.press(Key::F(2), false);
        assert_eq!(app.view(), ViewMode::Glyph);
        let start = app.game().player().pos;
        let room = app.game().level().areas[0];
        app.click(Point::new(room.x, room.y));
        assert!(app.game().command_running());
        app.finish_command();
        assert_ne!(app.game().player().pos, start, "it travelled");
    }
}
