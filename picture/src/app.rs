//! The app the desktop picture is shown by, in a window or in a page: the
//! run's `Session`, the shell's clock, and whether the picture is out of
//! date. Presses, repeats, hovers, clicks and time go to the session as
//! they come, and a key script (`amulets_core::input::script`) is played
//! through the same calls. SDL and the browser differ only in where their
//! events come from and where the pixels go.

use crate::compact::Compact;
use crate::draw::Rect;
use crate::{Frame, Painter, SHOWS, ViewMode, layout};
use amulets_core::game::Game;
use amulets_core::geom::Point;
use amulets_core::input::Key;
use amulets_core::input::script::Step;
use amulets_play::bindings::Pointer;
use amulets_play::session::Host;
use amulets_play::session::Session;
use amulets_play::store::StoreError;

/// How far a script's clock moves after each of its steps, unless frozen:
/// more than any animation lasts, so each step's picture is settled.
const SETTLE_MS: u64 = 1000;

/// A session shown as the desktop picture.
pub struct App<H: Host> {
    pub session: Session<H>,
    /// The shell's clock, in milliseconds.
    pub now: u64,
    /// Something changed since the picture was last painted.
    pub redraw: bool,
    /// A script's `{freeze}` came: its clock stands still after each step.
    frozen: bool,
    /// The picture, painted again where it changed.
    painter: Painter,
    /// The small picture's layout, when the shell shows that one.
    compact: Option<Compact>,
}

impl<H: Host> App<H> {
    pub fn new(mut session: Session<H>) -> Self {
        session.prefs.set_shows(SHOWS);
        App {
            session,
            now: 0,
            redraw: true,
            frozen: false,
            painter: Painter::new(),
            compact: None,
        }
    }

    pub fn game(&self) -> &Game {
        self.session.game()
    }

    pub fn view(&self) -> ViewMode {
        ViewMode::of(&self.session)
    }

    /// The game is over: the player left it or the window closed.
    pub fn quit(&self) -> bool {
        self.session.run().finished()
    }

    /// A key pressed, or (`repeat`) its repeat while held down.
    pub fn press(&mut self, key: Key, repeat: bool) {
        self.redraw = true;
        let (cols, rows) = self
            .compact
            .map_or(crate::draw::SCREEN_ROOM, |c| c.screen_room());
        if self.session.scroll_key(key, cols, rows) {
            return;
        }
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
        if cell != self.session.keyboard().hovered() {
            self.session.hover(cell);
            self.redraw = true;
        }
    }

    /// The mouse at a point of the picture, or off it.
    pub fn mouse_at(&mut self, at: Option<(f32, f32)>) {
        self.hover(at.and_then(|(x, y)| self.cell_at(x, y)));
    }

    /// The map cell under a point of the picture shown, if any.
    fn cell_at(&self, x: f32, y: f32) -> Option<Point> {
        match self.compact {
            // The picture's pixels are whole: truncating is the floor.
            Some(c) if x >= 0.0 && y >= 0.0 => c.cell_at(&self.session, (x as i32, y as i32)),
            Some(_) => None,
            None => layout::cell_at(x, y),
        }
    }

    /// Shows the small picture laid out as `compact`, or (`None`) the
    /// desktop's; either is painted whole next.
    pub fn set_compact(&mut self, compact: Option<Compact>) {
        if compact != self.compact {
            self.compact = compact;
            self.repaint_all();
        }
    }

    /// The small picture's layout, when it is the one shown.
    pub fn compact(&self) -> Option<Compact> {
        self.compact
    }

    /// A left click on a map cell: it travels there (or fires while
    /// aiming).
    pub fn click(&mut self, cell: Point) {
        self.session.point(cell, Pointer::Click);
        self.redraw = true;
    }

    /// A left click at a point of the picture; off the map it does
    /// nothing, but on the small picture's status, which shows the
    /// messages (true then).
    pub fn click_at(&mut self, x: f32, y: f32) -> bool {
        self.pointer_at(x, y, Pointer::Click)
    }

    /// A finger at a point of the picture, a tap or a long press: on the
    /// map, what the session makes of it (`Session::point`); elsewhere as
    /// a click.
    pub fn touch_at(&mut self, x: f32, y: f32, long: bool) -> bool {
        let how = if long {
            Pointer::LongPress
        } else {
            Pointer::Tap
        };
        self.pointer_at(x, y, how)
    }

    fn pointer_at(&mut self, x: f32, y: f32, how: Pointer) -> bool {
        if let Some(cell) = self.cell_at(x, y) {
            self.session.point(cell, how);
            self.redraw = true;
            return false;
        }
        let on_status = self
            .compact
            .is_some_and(|c| c.on_status((x as i32, y as i32)));
        if on_status && self.session.drawn().screen().is_none() {
            self.session.act(amulets_play::bindings::Verb::Messages);
            self.redraw = true;
        }
        on_status && self.session.drawn().screen().is_some()
    }

    /// Time passes: the session steps what is due. True when the picture
    /// changed.
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

    /// The window or the page is closing: the session saves a run in play.
    pub fn close(&mut self) -> Result<(), StoreError> {
        self.session.close()
    }

    /// Plays a command to its end at once, its steps as far apart on the
    /// shell's clock as the session asks (scripts and tests: nobody waits).
    pub fn finish_command(&mut self) {
        while self.game().command_running() {
            let due = self.now + self.session.wait().unwrap_or(1).max(1);
            self.tick(due);
        }
    }

    /// Plays one step of a key script with nobody waiting: a key is
    /// pressed and let go, a command runs to its end, and, until a
    /// `{freeze}`, every animation is over before the next step. A close
    /// that cannot save says so in the error.
    pub fn play(&mut self, step: Step) -> Result<(), StoreError> {
        let mut closed = Ok(());
        match step {
            Step::Key(k) => {
                self.press(k, false);
                self.release(k);
            }
            Step::Hover(cell) => self.hover(cell),
            Step::Click(cell) => self.click(cell),
            Step::Freeze => self.frozen = true,
            Step::Close => closed = self.close(),
        }
        self.finish_command();
        if !self.frozen {
            self.tick(self.now + SETTLE_MS);
        }
        closed
    }

    /// Paints the picture again where it changed, if anything may have
    /// since the last time: the rectangles painted, none when nothing
    /// changed (docs/painting.md).
    pub fn paint(&mut self) -> &[Rect] {
        self.paint_with(None)
    }

    /// `paint`, with the pad that is played (a phone's page), whose
    /// choice the small picture marks.
    pub fn paint_with(&mut self, pad: Option<&mut amulets_play::pad::Controls>) -> &[Rect] {
        if !std::mem::take(&mut self.redraw) {
            return &[];
        }
        match &self.compact {
            Some(c) => self.painter.paint_compact(&self.session, c, pad),
            None => self.painter.paint(&self.session),
        }
    }

    /// The rectangles the last paint that painted anything painted.
    pub fn painted(&self) -> &[Rect] {
        self.painter.dirty()
    }

    /// The picture as last painted.
    pub fn frame(&self) -> &Frame {
        self.painter.frame()
    }

    /// The next picture is painted whole (a new or resized window, a lost
    /// texture).
    pub fn repaint_all(&mut self) {
        self.painter.forget();
        self.redraw = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::input::script::steps;
    use amulets_core::player::Class;
    use amulets_play::session::Start;
    use amulets_play::store::NoStore;

    fn app(start: Start) -> App<(NoStore, (), impl FnMut() -> u32)> {
        App::new(Session::new(NoStore, (), || 7, start))
    }

    fn fighter_42() -> Start {
        Start {
            seed: Some(42),
            class: Some(Class::Fighter),
            ..Start::default()
        }
    }

    #[test]
    fn f2_switches_the_view_and_a_click_travels() {
        let mut app = app(fighter_42());
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

    #[test]
    fn a_frame_is_painted_only_when_something_changed() {
        let mut a = app(fighter_42());
        assert_eq!(a.paint(), [crate::painter::WHOLE], "the first frame");
        assert!(a.paint().is_empty(), "nothing changed");
        a.tick(10);
        a.mouse_at(Some((5.0, 5.0)));
        assert!(!a.paint().is_empty(), "the mouse moved onto the map");
        a.mouse_at(Some((6.0, 6.0)));
        assert!(a.paint().is_empty(), "the same cell");
        a.press(Key::Char('.'), false);
        let painted = a.paint().to_vec();
        assert!(
            !painted.is_empty() && painted != [crate::painter::WHOLE],
            "{painted:?}"
        );
        a.repaint_all();
        assert_eq!(a.paint(), [crate::painter::WHOLE]);
    }

    #[test]
    fn a_script_plays_each_command_to_its_end() {
        let mut by_script = app(fighter_42());
        for step in steps("oo") {
            by_script.play(step.unwrap()).unwrap();
        }
        assert!(!by_script.game().command_running());
        let mut by_hand = app(fighter_42());
        for _ in 0..2 {
            by_hand.press(Key::Char('o'), false);
            by_hand.finish_command();
        }
        assert_eq!(by_script.game().turn(), by_hand.game().turn());
        assert_eq!(by_script.game().player().pos, by_hand.game().player().pos);
        assert!(by_script.game().turn() > 2, "exploring took many turns");
    }

    #[test]
    fn a_frozen_script_leaves_the_clock_where_it_is() {
        let mut a = app(fighter_42());
        a.play(Step::Key(Key::Char('.'))).unwrap();
        let settled = a.now;
        assert!(settled >= SETTLE_MS, "the clock moved on");
        a.play(Step::Freeze).unwrap();
        let frozen = a.now;
        a.play(Step::Key(Key::Char('.'))).unwrap();
        assert_eq!(a.now, frozen, "no time passes once frozen");
    }

    #[test]
    fn a_scripted_close_ends_the_game() {
        let mut a = app(fighter_42());
        assert!(!a.quit());
        let _ = a.play(Step::Close);
        assert!(a.quit());
    }
}
