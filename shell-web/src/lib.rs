//! Amulets in a browser. The page (`web/`) hands this crate the browser's
//! keys, mouse, clock and storage through a few plain exports and imports
//! (`ffi`); the crate drives the run through the play layer's `Session` and shows
//! the desktop picture, painted by `amulets_picture`, as pixels the page
//! puts in a `<canvas>`. Everything here but `ffi` is plain Rust, tested on
//! the host.

pub mod keys;
pub mod replay;
pub mod settings;
pub mod store;

#[cfg(target_arch = "wasm32")]
mod ffi;

use amulets_core::input::script;
use amulets_picture::{App, Frame};
use amulets_play::session::{Session, Start};
use replay::ReplayTape;
use store::{Backend, LocalStore};

/// What the page provides its session: saves in `localStorage`, every
/// run recorded, seeds from the browser's `crypto.getRandomValues`.
pub type WebHost<B> = (LocalStore<B>, ReplayTape, fn() -> u32);

/// The session the page plays.
pub type WebSession<B> = Session<WebHost<B>>;

/// The run as the desktop picture's `App` (the SDL game's own), and the
/// rectangles of its last painting, as the page reads them.
pub struct WebApp<B: Backend> {
    pub app: App<WebHost<B>>,
    /// x, y, width and height of each rectangle painted last.
    dirty: Vec<i32>,
    /// The player's settings, kept in the page apart from the run.
    pub settings: settings::Loaded,
    /// What the page's live region has been told (`play::speech`).
    speech: amulets_play::speech::Speech,
    /// The on-screen pad (a phone's): the board's controls.
    pad: amulets_play::pad::Controls,
    /// The pad's buttons held now.
    held: amulets_play::pad::Buttons,
    /// The pad was played last, not the keyboard: the small picture
    /// marks its choice and says what its buttons do.
    touching: bool,
}

/// What the page shows played with keys: the desktop's picture, but a
/// page cannot close itself, so its title offers no quit.
const PAGE_SHOWS: amulets_play::view::Shows = amulets_play::view::Shows {
    quits: false,
    ..amulets_picture::SHOWS
};

impl<B: Backend> WebApp<B> {
    pub fn new(store: LocalStore<B>, seeds: fn() -> u32, start: Start) -> WebApp<B> {
        let mut app = App::new(Session::new(store, ReplayTape::default(), seeds, start));
        app.session.prefs.set_shows(PAGE_SHOWS);
        WebApp {
            app,
            dirty: Vec::new(),
            settings: settings::Loaded {
                settings: amulets_play::settings::Settings::new(),
                keymap: amulets_play::keymap::Keymap::new(),
                said: Vec::new(),
            },
            speech: amulets_play::speech::Speech::new(),
            pad: amulets_play::pad::Controls::touch(),
            held: amulets_play::pad::Buttons::NONE,
            touching: false,
        }
    }

    /// The on-screen pad's buttons as they are now (a bit each: up, down,
    /// left, right, press, A, B, C), at the page's `now`.
    pub fn pad(&mut self, bits: u32, now: u64) {
        let mut row = [false; 8];
        for (i, b) in row.iter_mut().enumerate() {
            *b = bits >> i & 1 != 0;
        }
        self.held = amulets_play::pad::Buttons::from_array(row);
        self.touching = true;
        self.app.now = now;
        // The session makes a held direction's repeats, as on the board.
        self.app.session.keyboard_mut().make_repeats(true);
        self.pad.update(&mut self.app.session, self.held, now);
        self.app.redraw = true;
    }

    /// Time passes while the pad's buttons are held.
    pub fn pad_tick(&mut self, now: u64) {
        if self.held.any() {
            self.pad.update(&mut self.app.session, self.held, now);
        }
    }

    /// The keyboard again: its own repeats, and a help of keys.
    pub fn keyboard(&mut self) {
        if self.touching {
            self.touching = false;
            self.app.redraw = true;
        }
        self.app.session.keyboard_mut().make_repeats(false);
        self.app.session.prefs.set_shows(PAGE_SHOWS);
    }

    /// What a screen reader should say that is new since the last call,
    /// a line each (the page puts them in its ARIA live region).
    pub fn speech(&mut self) -> String {
        let mut out = String::new();
        self.speech.take(&self.app.session, |line| {
            out.push_str(line);
            out.push('\n');
        });
        out
    }

    /// The player's settings put in force: the keymap on the session, and
    /// the first thing to say of them on the panel. The words said, one
    /// line each.
    pub fn use_settings(&mut self, loaded: settings::Loaded) -> String {
        self.app.session.prefs.set_keymap(loaded.keymap.clone());
        self.app.session.prefs.set_palette(loaded.settings.palette);
        self.app
            .session
            .prefs
            .set_automation(loaded.settings.automation);
        let said = loaded.said.join("; ");
        if let Some(first) = loaded.said.first() {
            self.app.session.notes.say(first);
            self.app.redraw = true;
        }
        self.settings = loaded;
        said
    }

    /// Keeps the palette when the title's or the menu's P changed it, and
    /// the automation when the menu's A did.
    pub fn keep_palette(&mut self, backend: &mut impl store::Backend) {
        let prefs = &self.app.session.prefs;
        let (palette, automation) = (prefs.palette(), prefs.automation());
        let kept = &self.settings.settings;
        if (palette, automation) != (kept.palette, kept.automation) {
            self.settings.settings.palette = palette;
            self.settings.settings.automation = automation;
            // Storage off or full: the palette holds for this page only.
            let _ = settings::save(backend, &self.settings.settings);
        }
    }

    /// A keymap preset chosen: kept and in force; what went wrong, if
    /// anything.
    pub fn choose_keymap(&mut self, backend: &mut impl store::Backend, name: &str) -> String {
        let mut loaded = self.settings.clone();
        match loaded.choose_keymap(backend, name) {
            Ok(()) => {
                loaded.said.clear();
                self.use_settings(loaded);
                self.app.redraw = true;
                String::new()
            }
            Err(e) => e,
        }
    }

    /// A keymap file loaded: kept and in force; its bad lines said.
    pub fn load_keymap(&mut self, backend: &mut impl store::Backend, text: &str) -> String {
        let mut loaded = self.settings.clone();
        loaded.said = loaded.load_keymap(backend, text);
        let said = self.use_settings(loaded);
        self.app.redraw = true;
        said
    }

    /// The run's session.
    pub fn session(&self) -> &WebSession<B> {
        &self.app.session
    }

    /// The page's picture: the small one laid out for `w` x `h` pixels
    /// (a phone's), or, with a width of 0, the desktop's.
    pub fn lay_out(&mut self, w: i32, h: i32) {
        let compact = (w > 0).then(|| amulets_picture::compact::Compact::new(w, h));
        self.app.set_compact(compact);
    }

    /// A click or a tap at a point of the picture: on the map it travels
    /// there; on the small picture's status it shows the messages, on
    /// their newest.
    pub fn click(&mut self, x: f32, y: f32) {
        if self.app.click_at(x, y) {
            self.pad.show_the_end();
        }
    }

    /// A finger at a point of the picture: a tap, or a long press.
    pub fn touch(&mut self, x: f32, y: f32, long: bool) {
        if self.app.touch_at(x, y, long) {
            self.pad.show_the_end();
        }
    }

    /// The cells a phone's page draws large, kept with the settings.
    pub fn set_large_cells(&mut self, backend: &mut impl store::Backend, large: bool) {
        if self.settings.settings.large_cells != large {
            self.settings.settings.large_cells = large;
            // Storage off or full: the size holds for this page only.
            let _ = settings::save(backend, &self.settings.settings);
        }
    }

    /// The pad laid out for the left hand or not, kept with the settings.
    pub fn set_left_hand(&mut self, backend: &mut impl store::Backend, left: bool) {
        if self.settings.settings.left_hand != left {
            self.settings.settings.left_hand = left;
            // Storage off or full: the layout holds for this page only.
            let _ = settings::save(backend, &self.settings.settings);
        }
    }

    /// Where a map cell (`None`: the player's) is in the picture now,
    /// `(x, y, width, height)`, when the map shown holds it (for the
    /// page's checks).
    pub fn cell_rect(
        &self,
        cell: Option<amulets_core::geom::Point>,
    ) -> Option<amulets_picture::draw::Rect> {
        let view = match self.app.compact() {
            Some(c) => c.map_view(&self.app.session),
            None => amulets_picture::draw::MapView::WHOLE,
        };
        view.rect_of(cell.unwrap_or(self.app.game().player().pos))
    }

    /// Paints the picture where it changed since the last time, and says
    /// whether anything was painted; `dirty` holds where.
    pub fn draw(&mut self) -> bool {
        let pad = self.touching.then_some(&mut self.pad);
        let painted = self.app.paint_with(pad);
        self.dirty.clear();
        self.dirty
            .extend(painted.iter().flat_map(|&(x, y, w, h)| [x, y, w, h]));
        !self.dirty.is_empty()
    }

    /// The rectangles the last `draw` painted, four numbers each: x, y,
    /// width, height.
    pub fn dirty(&self) -> &[i32] {
        &self.dirty
    }

    /// Shows a replay played back to its end (never saved: the run saved
    /// here, if any, stays as it is).
    pub fn watch(&mut self, game: amulets_core::game::Game) {
        self.app.session.watch(game);
        self.app.redraw = true;
    }

    pub fn frame(&self) -> &Frame {
        self.app.frame()
    }

    /// Plays a key script (`--keys`'s grammar, from the test page's link),
    /// each command to its end, from the page's clock `now`. It stops at "a
    /// new run?": a script never answers it, so a link can never abandon a
    /// saved run.
    pub fn play_keys(&mut self, keys: &str, now: u64) -> Result<(), String> {
        let steps: Vec<_> = script::steps(keys)
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())?;
        self.app.now = now;
        for step in steps {
            if self.app.session.run().asking() {
                return Err("the keys stop at the question: a script never answers it".into());
            }
            self.app.play(step).map_err(|e| e.to_string())?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::input::Key;
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

    /// A page cannot close itself: its title, by keys or by the pad,
    /// offers no quit, and Esc there ends nothing.
    #[test]
    fn the_page_s_title_offers_no_quit() {
        let mut a = app(Memory::default(), Start::default());
        for touch in [false, true] {
            if touch {
                a.pad(0, 10);
            } else {
                a.keyboard();
            }
            let screen = a.app.session.drawn().screen().expect("the title");
            assert!(screen.title.contains("Amulets"));
            let lines: Vec<String> = screen.lines().map(str::to_string).collect();
            assert!(lines.iter().any(|l| l.contains("a new run")), "{lines:?}");
            assert!(!lines.iter().any(|l| l.contains("quit")), "{lines:?}");
            a.app.press(Key::Escape, false);
            a.app.press(Key::Char('q'), false);
            assert!(!a.app.session.run().finished());
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
        a.app.close().unwrap();
        let real = a.app.session.run().store().backend().save.clone().unwrap();
        assert_ne!(real, saved);
        let memory = a.app.session.into_parts().0.into_backend();
        let mut b = app(memory, Start::default());
        let text = include_str!("../../tests/replays/rogue-42.txt");
        let end = amulets_core::replay::play(text).expect("the replay plays");
        let hash = amulets_core::replay::state_hash(&end);
        b.watch(end);
        assert_eq!(amulets_core::replay::state_hash(b.app.session.game()), hash);
        for k in "oooo".chars() {
            b.app.press(Key::Char(k), false);
            for t in 0..2000 {
                b.app.tick(t * 30);
            }
        }
        assert!(b.app.close().is_err(), "a watched run is not saved");
        assert_eq!(
            b.app.session.run().store().backend().save.as_deref(),
            Some(real.as_str())
        );
        assert!(
            b.app
                .session
                .drawn()
                .panel()
                .iter()
                .any(|(l, _)| l.contains("Not saving"))
        );
    }

    #[test]
    fn the_run_is_saved_on_arrival_and_on_close_and_continues() {
        let a = app(Memory::default(), rogue_42());
        let text = a.app.session.run().store().backend().save.clone();
        let text = text.expect("a save on arrival on the first floor");
        assert!(text.starts_with("amulets-save"), "{text}");

        let mut a = app(Memory::default(), rogue_42());
        for _ in 0..4 {
            a.app.press(Key::Char('o'), false);
            for t in 0..2000 {
                a.app.tick(t * 30);
            }
        }
        a.app.close().unwrap();
        let hash = amulets_core::replay::state_hash(a.app.session.game());
        let memory = a.app.session.into_parts().0.into_backend();
        // The next page load continues it from the title.
        let mut b = app(memory, Start::default());
        b.app.press(Key::Char('c'), false);
        assert_eq!(amulets_core::replay::state_hash(b.app.session.game()), hash);
    }

    #[test]
    fn a_links_keys_stop_at_the_question_and_never_answer_it() {
        // A run saved before: the title's N asks "a new run?", and a `y`
        // after it in a link would abandon the saved run.
        let mut a = app(Memory::default(), rogue_42());
        a.app.close().unwrap();
        let saved = a.app.session.run().store().backend().save.clone();
        assert!(saved.is_some());
        let memory = a.app.session.into_parts().0.into_backend();
        let mut b = app(memory, Start::default());
        let said = b.play_keys("ny", 0).unwrap_err();
        assert!(said.contains("stop at the question"), "{said}");
        assert!(b.app.session.run().asking(), "the question is still open");
        assert_eq!(b.app.session.run().store().backend().save, saved);
    }

    #[test]
    fn the_live_region_hears_the_book_s_checkpoint_in_order() {
        let start = Start {
            seed: Some(42),
            class: Some(Class::Fighter),
            ..Start::default()
        };
        let mut a = app(Memory::default(), start);
        let mut heard = a.speech();
        a.app.press(Key::Char('o'), false);
        for t in 0..2000 {
            a.app.tick(t * 30);
            heard += &a.speech();
        }
        assert_eq!(
            heard,
            "Welcome, Fighter. Find the Amulet on each floor, and the ninth one wins.\n\
             You open the door.\nYou see a giant white rat.\n"
        );
    }

    #[test]
    fn the_on_screen_pad_explores_and_its_help_names_the_buttons() {
        let mut a = app(Memory::default(), rogue_42());
        // A (bit 5), let go: explore, as the board's A.
        a.pad(1 << 5, 1);
        a.pad(0, 2);
        for t in 0..2000 {
            a.app.tick(100 + t * 30);
        }
        assert!(a.app.game().turn() > 0, "A explored");
        let log: Vec<&str> = a
            .app
            .game()
            .log()
            .lines()
            .map(|m| m.text.as_str())
            .collect();
        assert!(log.contains(&"You see a giant white rat."), "{log:?}");
        // Once the pad is played, the help is the pad's.
        a.app.session.act(amulets_core::input::Action::Help);
        let help = a.app.session.drawn().screen().unwrap();
        assert!(help.title.starts_with("The buttons"), "{}", help.title);
    }

    #[test]
    fn a_links_keys_play_as_the_desktop_plays_them() {
        let mut a = app(Memory::default(), rogue_42());
        a.play_keys("oo{Esc}", 0).unwrap();
        assert!(!a.app.game().command_running());
        assert!(a.app.game().turn() > 2, "two explores");
        let e = a.play_keys("o{Nope}", 0).unwrap_err();
        assert_eq!(e, "{Nope} is no key");
    }
}
