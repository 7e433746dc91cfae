//! The page's side of the wall: plain `extern "C"` exports the page calls,
//! and the few imports it gives (the browser's random numbers and its
//! `localStorage`). Text crosses in UTF-8 through one buffer in the
//! module's memory: the page asks for room (`amulets_buffer`), writes the
//! bytes there, and passes their length; text going out is left in the
//! same buffer for the page to read (`amulets_out_*`).
//!
//! This is the one module of the crate the `unsafe_code` lint is allowed
//! in: `no_mangle` exports and `extern` imports are what it counts.

#![allow(unsafe_code)]

use crate::WebApp;
use crate::keys;
use crate::store::{Backend, LocalStore, Trouble};
use amulets_core::game::Game;
use amulets_core::mapgen::floor::Style;
use amulets_core::player::Class;
use amulets_core::replay;
use amulets_core::rng::Dice;
use amulets_play::session::Start;
use std::cell::RefCell;

#[link(wasm_import_module = "amulets")]
unsafe extern "C" {
    /// 32 random bits from `crypto.getRandomValues`.
    safe fn random() -> u32;
    /// The save's length in bytes; -1 when there is none, -2 when the page
    /// has no storage. The text is left for `storage_take`.
    safe fn storage_len() -> i32;
    /// Copies the text `storage_len` measured to `at`.
    safe fn storage_take(at: *mut u8);
    /// Stores `len` bytes at `at` as the save: 0 done, 1 full, 2 no
    /// storage, 3 another tab took the save.
    safe fn storage_set(at: *const u8, len: usize) -> u32;
    /// Moves the save to the first free `amulets.save.bad` key and leaves
    /// the key's name for `storage_len`/`storage_take`: 0 done, 2 failed.
    safe fn storage_set_aside() -> u32;
    /// Removes the save.
    safe fn storage_remove() -> u32;
    /// The length of the text under another `amulets.` key, named by `len`
    /// bytes at `at`, left for `storage_take`; -1 for none, -2 for no
    /// storage.
    safe fn key_len(at: *const u8, len: usize) -> i32;
    /// Stores `text_len` bytes at `text` under the key of `key_len` bytes
    /// at `key`: 0 done, 1 full, 2 no storage.
    safe fn key_set(key: *const u8, key_len: usize, text: *const u8, text_len: usize) -> u32;
    /// Seconds since 1970-01-01 UTC, `Date.now() / 1000`.
    safe fn now_seconds() -> f64;
}

/// Today (UTC), by the browser's clock.
fn today() -> amulets_core::daily::Day {
    amulets_core::daily::Day::of_unix_seconds(Page.now())
}

/// A seed for a new run, from the browser's random numbers.
fn seed() -> u32 {
    random()
}

/// `localStorage`, through the page.
pub struct Page;

fn status(code: u32) -> Result<(), Trouble> {
    match code {
        0 => Ok(()),
        1 => Err(Trouble::Full),
        3 => Err(Trouble::Taken),
        _ => Err(Trouble::NoStorage),
    }
}

fn take() -> Result<Option<String>, Trouble> {
    take_len(storage_len())
}

/// The text the page measured (`len`, or -1 / -2), taken.
fn take_len(len: i32) -> Result<Option<String>, Trouble> {
    if len == -2 {
        return Err(Trouble::NoStorage);
    }
    let Ok(len) = usize::try_from(len) else {
        return Ok(None);
    };
    let mut bytes = vec![0u8; len];
    storage_take(bytes.as_mut_ptr());
    Ok(Some(String::from_utf8_lossy(&bytes).into_owned()))
}

impl Backend for Page {
    fn get(&mut self) -> Result<Option<String>, Trouble> {
        take()
    }
    fn set(&mut self, text: &str) -> Result<(), Trouble> {
        status(storage_set(text.as_ptr(), text.len()))
    }
    fn set_aside(&mut self) -> Result<String, Trouble> {
        status(storage_set_aside())?;
        take()?.ok_or(Trouble::NoStorage)
    }
    fn remove(&mut self) -> Result<(), Trouble> {
        status(storage_remove())
    }
    fn get_key(&mut self, key: &str) -> Result<Option<String>, Trouble> {
        take_len(key_len(key.as_ptr(), key.len()))
    }
    fn set_key(&mut self, key: &str, text: &str) -> Result<(), Trouble> {
        status(key_set(key.as_ptr(), key.len(), text.as_ptr(), text.len()))
    }
    fn now(&self) -> i64 {
        // Whole seconds, well inside an i64's range.
        #[expect(clippy::cast_possible_truncation, reason = "seconds since 1970 fit")]
        let s = now_seconds().floor() as i64;
        s
    }
}

thread_local! {
    // Boxed: the app is some 24 KB, and a static of its size would be a
    // data segment of that many (mostly zero) bytes in the module.
    static APP: RefCell<Option<Box<WebApp<Page>>>> = const { RefCell::new(None) };
    static BUFFER: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

fn with_app<T>(default: T, f: impl FnOnce(&mut WebApp<Page>) -> T) -> T {
    APP.with(|a| a.borrow_mut().as_deref_mut().map_or(default, f))
}

/// The text the page wrote into the buffer.
fn input(len: usize) -> String {
    BUFFER.with(|b| {
        let b = b.borrow();
        String::from_utf8_lossy(&b[..len.min(b.len())]).into_owned()
    })
}

/// Leaves text in the buffer for the page; its length.
fn output(text: &str) -> usize {
    BUFFER.with(|b| {
        let mut b = b.borrow_mut();
        b.clear();
        b.extend_from_slice(text.as_bytes());
        b.len()
    })
}

/// Room for `len` bytes of text from the page; where to write them.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_buffer(len: usize) -> *mut u8 {
    BUFFER.with(|b| {
        let mut b = b.borrow_mut();
        b.clear();
        b.resize(len, 0);
        b.as_mut_ptr()
    })
}

/// Where the text going out starts (after an `amulets_out_*` call).
#[unsafe(no_mangle)]
pub extern "C" fn amulets_out_ptr() -> *const u8 {
    BUFFER.with(|b| b.borrow().as_ptr())
}

/// Starts the page's game. The buffer holds the link's query, as
/// `seed=42&class=rogue&style=gh&dice=xorshift`; `claimed` is 1 when this tab holds the
/// save's Web Lock. Returns the length of an error's words, 0 when none.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_start(query_len: usize, claimed: u32) -> usize {
    let query = input(query_len);
    let mut start = Start::default();
    let mut error = String::new();
    let mut bot = false;
    for pair in query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
    {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        match name {
            "seed" => start.seed = Some(amulets_play::session::seed_from_text(value)),
            "class" => match Class::named(value) {
                Some(c) => start.class = Some(c),
                None => error = format!("class={value}: a class is fighter, rogue or wizard"),
            },
            "style" => match Style::named(value) {
                Some(s) => start.style = s,
                None => error = format!("style={value}: a style is book, gh or grid"),
            },
            "dice" => match Dice::named(value) {
                Some(d) => start.dice = d,
                None => error = format!("dice={value}: the dice are book or xorshift"),
            },
            // The bot plays for the player to watch, as `--bot` on the
            // desktop: a key or a click takes the run over.
            "bot" => bot = true,
            // Today's dungeon, as `--daily`.
            "daily" => start.daily = Some(today()),
            // The page's own (keys for tests, the view): not the game's.
            _ => {}
        }
    }
    let demo = bot.then(|| start.class.unwrap_or(Class::Fighter));
    let mut app = WebApp::new(LocalStore::new(Page, claimed == 1), seed, start);
    app.app.session.set_demo(demo);
    app.app.session.run_mut().starts_mut().set_today(today());
    // The player's settings, and the link's choices laid over them.
    let mut loaded = crate::settings::load(&mut Page);
    for pair in query.trim_start_matches('?').split('&') {
        match pair.split_once('=') {
            Some(("keymap", name)) => {
                if let Err(e) = loaded.choose_keymap(&mut Page, name) {
                    error = format!("keymap={name}: {e}");
                }
            }
            Some(("palette", name)) => {
                if loaded.settings.set("palette", name).is_err() {
                    error = format!(
                        "palette={name}: a palette is book, red-green, blue-yellow or high-contrast"
                    );
                } else {
                    let _ = crate::settings::save(&mut Page, &loaded.settings);
                }
            }
            _ => {}
        }
    }
    app.use_settings(loaded);
    APP.with(|a| *a.borrow_mut() = Some(Box::new(app)));
    if error.is_empty() { 0 } else { output(&error) }
}

/// A key went down: the buffer holds `key`, a tab, and `code` of the
/// browser's event. Returns 1 when the game took it (the page then keeps
/// it from the browser).
#[unsafe(no_mangle)]
pub extern "C" fn amulets_key_down(len: usize, repeat: u32, alt: u32) -> u32 {
    let taken = key_down(len, repeat, alt);
    with_app((), |a| a.keep_palette(&mut Page));
    taken
}

/// A key went down, as `amulets_key_down` says.
fn key_down(len: usize, repeat: u32, alt: u32) -> u32 {
    with_app((), WebApp::keyboard);
    let text = input(len);
    let (key, code) = text.split_once('\t').unwrap_or((&text, ""));
    let k = keys::alternative(key, code, alt == 1).unwrap_or_else(|| keys::key_of(key, code));
    with_app(0, |a| {
        a.app.press(k, repeat == 1);
        1
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn amulets_key_up(len: usize) {
    let text = input(len);
    let (key, code) = text.split_once('\t').unwrap_or((&text, ""));
    with_app((), |a| a.app.release(keys::key_of(key, code)));
}

/// Plays a script of keys (as `--keys` takes them: the test page's), each
/// command run to its end; the length of an error's words, 0 when none.
/// The keys stop at "a new run?": a script never answers it, so a link
/// can never abandon a saved run.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_play_keys(len: usize, now_ms: f64) -> usize {
    let script = input(len);
    match with_app(Ok(()), |a| a.play_keys(&script, now_ms as u64)) {
        Ok(()) => 0,
        Err(e) => output(&e),
    }
}

/// The mouse over the picture, at logical `x`, `y` (negative: off it).
#[unsafe(no_mangle)]
pub extern "C" fn amulets_mouse_move(x: f32, y: f32) {
    let at = (x >= 0.0 && y >= 0.0).then_some((x, y));
    with_app((), |a| a.app.mouse_at(at));
}

#[unsafe(no_mangle)]
pub extern "C" fn amulets_click(x: f32, y: f32) {
    with_app((), |a| a.click(x, y));
}

/// A finger lifted at once (`long` 0) or held (1) at a point of the
/// picture, in its pixels: a tap or a long press.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_touch(x: f32, y: f32, long: u32) {
    with_app((), |a| a.touch(x, y, long == 1));
}

/// The picture the page shows: the small one (a phone's), `w` x `h`
/// pixels, or with `w` 0 the desktop's 1600 x 900. In the buffer, the
/// small one's size as it is laid out (held to its least), "W H"; its
/// length, 0 for the desktop's.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_out_layout(w: i32, h: i32) -> usize {
    let size = with_app(None, |a| {
        a.lay_out(w, h);
        a.app.compact().map(|c| c.size())
    });
    size.map_or(0, |(w, h)| output(&format!("{w} {h}")))
}

/// 1 when the player chose large cells for the phone's page.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_large_cells() -> u32 {
    with_app(0, |a| u32::from(a.settings.settings.large_cells))
}

/// The phone's page's cells chosen large (1) or small (0), and kept.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_set_large_cells(large: u32) {
    with_app((), |a| a.set_large_cells(&mut Page, large == 1));
}

/// 1 when the player chose the pad laid out for the left hand.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_left_hand() -> u32 {
    with_app(0, |a| u32::from(a.settings.settings.left_hand))
}

/// The pad laid out for the left hand (1) or the right (0), and kept.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_set_left_hand(left: u32) {
    with_app((), |a| a.set_left_hand(&mut Page, left == 1));
}

/// For the page's checks: the turn, and where a map cell is in the
/// picture (x, y, width, height), or "off" when the map shown does not
/// hold it; in the buffer. The cell (`x`, `y`), or with `x` under 0 the
/// player's.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_out_cell(x: i32, y: i32) -> usize {
    let text = with_app(String::new(), |a| {
        let turn = a.app.game().turn();
        let cell = (x >= 0).then(|| amulets_core::geom::Point::new(x, y));
        match a.cell_rect(cell) {
            Some((x, y, w, h)) => format!("{turn} {x} {y} {w} {h}"),
            None => format!("{turn} off"),
        }
    });
    output(&text)
}

/// The page's clock, in milliseconds.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_tick(now_ms: f64) {
    with_app((), |a| {
        a.pad_tick(now_ms as u64);
        a.app.tick(now_ms as u64);
    });
}

/// The on-screen pad's buttons held now, a bit each (up, down, left,
/// right, press, A, B, C), at the page's clock.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_pad(bits: u32, now_ms: f64) {
    with_app((), |a| {
        a.pad(bits, now_ms as u64);
        a.keep_palette(&mut Page);
    });
}

/// Paints the picture where it changed: its pixels (1600 x 900 RGBA), or
/// null when nothing changed. `amulets_dirty` says where it changed.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_draw() -> *const u8 {
    with_app(std::ptr::null(), |a| {
        if a.draw() {
            a.frame().rgba().as_ptr()
        } else {
            std::ptr::null()
        }
    })
}

/// The picture's pixels as last painted, painted or not this time (for
/// the check that the canvas holds the whole picture).
#[unsafe(no_mangle)]
pub extern "C" fn amulets_frame() -> *const u8 {
    with_app(std::ptr::null(), |a| a.frame().rgba().as_ptr())
}

/// The rectangles the last `amulets_draw` painted: a pointer to their
/// numbers (x, y, width, height each, as 32-bit integers); their count is
/// `amulets_dirty_count`. Only those need go to the canvas.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_dirty() -> *const i32 {
    with_app(std::ptr::null(), |a| a.dirty().as_ptr())
}

#[unsafe(no_mangle)]
pub extern "C" fn amulets_dirty_count() -> usize {
    with_app(0, |a| a.dirty().len() / 4)
}

/// The page is hidden or closed: the run in play is saved. The length of
/// the words of a failure, 0 when it saved.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_close() -> usize {
    match with_app(Ok(()), |a| a.app.close().map_err(|e| e.to_string())) {
        Ok(()) => 0,
        Err(e) => output(&format!("the run could not be saved: {e}")),
    }
}

/// The page was hidden (a phone may end a hidden tab without a word): the
/// run in play is saved, and plays on. The length of the words of a
/// failure, 0 when it saved.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_keep() -> usize {
    match with_app(Ok(()), |a| {
        a.app.session.save_now().map_err(|e| e.to_string())
    }) {
        Ok(()) => 0,
        Err(e) => output(&format!("the run could not be saved: {e}")),
    }
}

/// A keymap preset chosen by name (the buffer): kept, and in force. The
/// length of the words of what went wrong, 0 when nothing did.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_set_keymap(len: usize) -> usize {
    let name = input(len);
    let said = with_app(String::new(), |a| a.choose_keymap(&mut Page, &name));
    if said.is_empty() { 0 } else { output(&said) }
}

/// A keymap file loaded (the buffer's text): kept as the page's keys.txt,
/// and in force. The length of the words of its bad lines, 0 for none.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_load_keymap(len: usize) -> usize {
    let text = input(len);
    let said = with_app(String::new(), |a| a.load_keymap(&mut Page, &text));
    if said.is_empty() { 0 } else { output(&said) }
}

/// The keymap's setting (a preset's name, or keys.txt), in the buffer.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_out_keymap() -> usize {
    // keys.txt with no keys of the player's in it is the book's keys.
    let name = with_app(String::new(), |a| {
        let s = &a.settings;
        match s.settings.keymap.as_str() {
            amulets_play::settings::KEYS_FILE if s.keymap.is_default() => "default".to_string(),
            name => name.to_string(),
        }
    });
    output(&name)
}

/// What a screen reader should say that is new, a line each, in the
/// buffer; 0 when there is nothing new.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_out_speech() -> usize {
    let said = with_app(String::new(), WebApp::speech);
    if said.is_empty() { 0 } else { output(&said) }
}

/// 1 once the player has quit.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_finished() -> u32 {
    with_app(1, |a| u32::from(a.app.session.run().finished()))
}

/// The run's state hash as 16 hex digits, in the buffer.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_out_state_hash() -> usize {
    let hash = with_app(0, |a| replay::state_hash(a.app.session.game()));
    output(&format!("{hash:016x}"))
}

/// The run in play as save text (to download), in the buffer; 0 when no
/// run is in play.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_out_save() -> usize {
    let text = with_app(None, |a| {
        let game: &Game = a.app.session.game();
        let mut text = String::new();
        game.write_save(&mut text).ok().map(|()| text)
    });
    text.map_or(0, |t| output(&t))
}

/// The replay of the last run begun in this page, in the buffer; 0 when
/// none was begun here.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_out_replay() -> usize {
    let text = with_app(None, |a| {
        a.app.session.run().replays().text(a.app.session.game())
    });
    text.map_or(0, |t| output(&t))
}

/// Checks that the buffer's text is a save this game loads: 0 when it
/// does, else the length of the words saying why not.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_check_save(len: usize) -> usize {
    let text = input(len);
    match Game::read_save(&text) {
        Ok(_) => 0,
        Err(e) => output(&format!("that file is no save this game loads: {e}")),
    }
}

/// Plays a replay (the buffer's text) back and shows its run where it
/// ended, to play on from there unsaved: 0 when it ended where it was
/// recorded to, else the length of the words why not.
#[unsafe(no_mangle)]
pub extern "C" fn amulets_play_replay(len: usize) -> usize {
    let text = input(len);
    match replay::play(&text) {
        Err(e) => output(&format!("that replay does not play back: {e}")),
        Ok(game) => with_app(0, |a| {
            a.watch(game);
            0
        }),
    }
}
