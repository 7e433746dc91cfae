//! Amulets in a browser. The page (`web/`) hands this crate the browser's
//! keys, mouse, clock and storage through a few plain exports and imports
//! (`ffi`); the crate drives the run through the core's `Session` and shows
//! the desktop picture, painted by `amulets_picture`, as pixels the page
//! puts in a `<canvas>`. Everything here but `ffi` is plain Rust, tested on
//! the host.

pub mod keys;
pub mod record;
pub mod store;

#[cfg(target_arch = "wasm32")]
mod ffi;

use amulets_core::geom::Point;
use amulets_core::input::Key;
use amulets_core::session::{Session, Start};
use amulets_picture::{Frame, layout};
use record::Recording;
use store::{Backend, LocalStore};

/// The session the page plays: saves in `localStorage`, every run
/// recorded, seeds from the browser's `crypto.getRandomValues`.
pub type WebSession<B> = Session<LocalStore<B>, Recording, fn() -> u32>;

/// The run, its picture, and whether the picture is out of date.
pub struct WebApp<B: Backend> {
    pub session: WebSession<B>,
    frame: Frame,
    redraw: bool,
}

impl<B: Backend> WebApp<B> {
    pub fn new(store: LocalStore<B>, seeds: fn() -> u32, start: Start) -> WebApp<B> {
        let mut session = Session::new(store, Recording::default(), seeds, start);
        session.set_shows(amulets_picture::SHOWS);
        WebApp {
            session,
            frame: Frame::new(),
            redraw: true,
        }
    }

    /// A key went down (`repeat`: the browser's own repeat of a held key).
    pub fn key_down(&mut self, key: Key, repeat: bool) {
        if repeat {
            self.session.repeat(key);
        } else {
            self.session.press(key);
        }
        self.redraw = true;
    }

    pub fn key_up(&mut self, key: Key) {
        self.session.release(key);
    }

    /// The mouse at a point of the 1600 x 900 picture, or off it.
    pub fn mouse_at(&mut self, at: Option<(f32, f32)>) {
        let cell = at.and_then(|(x, y)| layout::cell_at(x, y));
        if cell != self.session.hovered() {
            self.session.hover(cell);
            self.redraw = true;
        }
    }

    /// A left click at a point of the picture: on the map it travels (or
    /// fires while aiming).
    pub fn click(&mut self, x: f32, y: f32) {
        if let Some(cell) = layout::cell_at(x, y) {
            self.session.click(cell);
            self.redraw = true;
        }
    }

    /// The page's clock: steps what runs and what plays.
    pub fn tick(&mut self, now_ms: u64) {
        if self.session.tick(now_ms) {
            self.redraw = true;
        }
    }

    /// The page is going away: the run in play is saved.
    pub fn close(&mut self) -> Result<(), String> {
        self.session.close().map_err(|e| e.to_string())
    }

    /// Paints the picture if anything changed since the last time, and says
    /// whether it did (no frame is drawn when nothing changed).
    pub fn draw(&mut self) -> bool {
        if !self.redraw {
            return false;
        }
        amulets_picture::frame(&mut self.frame, &self.session);
        self.redraw = false;
        true
    }

    /// Shows a replay played back to its end (never saved: the run saved
    /// here, if any, stays as it is).
    pub fn watch(&mut self, game: amulets_core::game::Game) {
        self.session.watch(game);
        self.redraw = true;
    }

    pub fn frame(&self) -> &Frame {
        &self.frame
    }

    pub fn hovered(&self) -> Option<Point> {
        self.session.hovered()
    }
}

/// A script of keys for tests and links, as the desktop game's `--keys`
/// takes them: characters as typed, with `{Esc}`, `{Enter}`, `{Tab}`,
/// `{Up}`, `{Down}`, `{Left}`, `{Right}`, `{F1}`..`{F12}`, `{KP1}`..`{KP9}`.
pub fn parse_keys(script: &str) -> Result<Vec<Key>, String> {
    let mut out = Vec::new();
    let mut chars = script.chars();
    while let Some(c) = chars.next() {
        if c != '{' {
            out.push(Key::Char(c));
            continue;
        }
        let name: String = chars.by_ref().take_while(|&c| c != '}').collect();
        let key = match name.as_str() {
            "Esc" => Key::Escape,
            "Enter" => Key::Enter,
            "Tab" => Key::Tab,
            "Up" => Key::Up,
            "Down" => Key::Down,
            "Left" => Key::Left,
            "Right" => Key::Right,
            other => {
                let number = |prefix: &str, range: core::ops::RangeInclusive<u8>| {
                    other
                        .strip_prefix(prefix)
                        .and_then(|n| n.parse::<u8>().ok())
                        .filter(|n| range.contains(n))
                };
                if let Some(n) = number("KP", 1..=9) {
                    Key::Numpad(n)
                } else if let Some(n) = number("F", 1..=12) {
                    Key::F(n)
                } else {
                    return Err(format!("{{{other}}} is no key"));
                }
            }
        };
        out.push(key);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::player::Class;
    use store::Memory;

    fn app(memory: Memory, start: Start) -> WebApp<Memory> {
        WebApp::new(LocalStore::new(memory, true), || 7, start)
    }

    fn rogue_42() -> Start {
        Start {
            seed: Some(42),
            class: Some(Class::Rogue),
            ..Start::default()
        }
    }

    #[test]
    fn a_watched_replay_never_takes_the_saved_runs_place() {
        let saved = "amulets-save 1\n(a run saved before)\n".to_string();
        let memory = Memory {
            save: None,
            ..Memory::default()
        };
        // A real save first, so the title offers to continue it.
        let mut a = app(memory, rogue_42());
        a.close().unwrap();
        let real = a.session.store().backend().save.clone().unwrap();
        assert_ne!(real, saved);
        let memory = a.session.into_parts().0.into_backend();
        let mut b = app(memory, Start::default());
        let text = include_str!("../../tests/replays/rogue-42.txt");
        let end = amulets_core::replay::play(text).expect("the replay plays");
        let hash = amulets_core::replay::state_hash(&end);
        b.watch(end);
        assert_eq!(amulets_core::replay::state_hash(b.session.game()), hash);
        for k in "oooo".chars() {
            b.key_down(Key::Char(k), false);
            for t in 0..2000 {
                b.tick(t * 30);
            }
        }
        assert!(b.close().is_err(), "a watched run is not saved");
        assert_eq!(
            b.session.store().backend().save.as_deref(),
            Some(real.as_str())
        );
        assert!(
            b.session
                .panel()
                .iter()
                .any(|(l, _)| l.contains("Not saving"))
        );
    }

    #[test]
    fn keys_scripts_read_as_the_desktop_reads_them() {
        assert_eq!(
            parse_keys("o{Esc}{KP7}{F2}>").unwrap(),
            vec![
                Key::Char('o'),
                Key::Escape,
                Key::Numpad(7),
                Key::F(2),
                Key::Char('>')
            ]
        );
        assert!(parse_keys("{Nope}").is_err());
        assert!(parse_keys("{KP0}").is_err());
    }

    #[test]
    fn a_frame_is_drawn_only_when_something_changed() {
        let mut a = app(Memory::default(), rogue_42());
        assert!(a.draw(), "the first frame");
        assert!(!a.draw(), "nothing changed");
        a.tick(10);
        a.mouse_at(Some((5.0, 5.0)));
        assert!(a.draw(), "the mouse moved onto the map");
        a.mouse_at(Some((6.0, 6.0)));
        assert!(!a.draw(), "the same cell");
        a.key_down(Key::Char('o'), false);
        assert!(a.draw());
    }

    #[test]
    fn the_run_is_saved_on_arrival_and_on_close_and_continues() {
        let a = app(Memory::default(), rogue_42());
        let text = a.session.store().backend().save.clone();
        let text = text.expect("a save on arrival on the first floor");
        assert!(text.starts_with("amulets-save"), "{text}");

        let mut a = app(Memory::default(), rogue_42());
        for _ in 0..4 {
            a.key_down(Key::Char('o'), false);
            for t in 0..2000 {
                a.tick(t * 30);
            }
        }
        a.close().unwrap();
        let hash = amulets_core::replay::state_hash(a.session.game());
        let memory = a.session.into_parts().0.into_backend();
        // The next page load continues it from the title.
        let mut b = app(memory, Start::default());
        b.key_down(Key::Char('c'), false);
        assert_eq!(amulets_core::replay::state_hash(b.session.game()), hash);
    }
}
