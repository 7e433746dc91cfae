//! The keyboard's side of a session: the key held down and its repeats
//! (made here for a shell whose keys report none), the gate that drops
//! keys typed ahead of news, how far a tall screen is scrolled, the map
//! cell under the mouse, and whether a key that does nothing was told
//! which key shows the keys. It reads no key's meaning: that is the
//! keymap's and the bindings'.

use crate::view::{Camera, Paging};
use amulets_core::game::State;
use amulets_core::game::command::{Stop, StopReason};
use amulets_core::geom::Point;
use amulets_core::input::Key;
use amulets_core::text::{Note, note};

/// A held key first repeats this long after its press, when the shell
/// reports no repeats of its own (a board's buttons) (*tune*).
pub const REPEAT_DELAY_MS: u64 = 250;
/// Then again every `REPEAT_MS` (*tune*).
pub const REPEAT_MS: u64 = 100;
/// Keys pressed within this long of something new (a monster come into
/// view, a hurt: what stops a command) were typed ahead of it, before the
/// player could see it: they are dropped (*tune*; docs/sessions.md).
pub const TYPED_AHEAD_MS: u64 = 200;
/// A key dropped holds the gate shut this long after it, so a burst or a
/// held key's repeats (a key every 30 to 90 ms) are dropped whole, while a
/// player's own presses a beat apart are not (*tune*).
pub const BURST_MS: u64 = 100;

/// The key held down, for repeats.
#[derive(Clone, Copy, Debug)]
struct Held {
    key: Key,
    /// The state its press found: a repeat acts only while the game is
    /// still there (a held Esc opens the menu once; a held `y` walks but
    /// never answers the question a step asks).
    state: State,
    /// When the session's own repeat is next due.
    next: u64,
}

/// The keyboard's state (see the module's comment).
#[derive(Clone, Debug, Default)]
pub struct Keyboard {
    held: Option<Held>,
    /// The shell reports no repeats of its own: the session makes them.
    repeats: bool,
    /// Keys pressed before this time (the session's ms) were typed ahead
    /// of this news, which the player must see first: they are dropped.
    gate: Option<(u64, StopReason)>,
    /// A key that does nothing was told which key shows the keys (once).
    told_unknown: bool,
    /// The rows a screen longer than its space is scrolled down by (Up and
    /// Down), from 0 at each other key.
    scroll: usize,
    hover: Option<Point>,
    /// Where the map's view last looked: what a click lands on is the
    /// cell it showed.
    camera: Camera,
}

impl Keyboard {
    /// For a shell whose keys report no repeats (a board's buttons): a key
    /// held down repeats every `REPEAT_MS` after `REPEAT_DELAY_MS`.
    pub fn make_repeats(&mut self, on: bool) {
        self.repeats = on;
    }

    /// Something new came (`news`) at `now`: the keys typed ahead of it are
    /// dropped, so the player sees it first ([`TYPED_AHEAD_MS`]).
    pub fn shut(&mut self, news: StopReason, now: u64) {
        self.gate = Some((now + TYPED_AHEAD_MS, news));
    }

    /// Whether a key pressed at `now` would get through the gate: a
    /// board that tells a test rig it is ready for the next key waits for
    /// this too.
    pub fn open(&self, now: u64) -> bool {
        self.gate.is_none_or(|(until, _)| now >= until)
    }

    /// A key pressed at `now` (not an F key's: the aids take no turn) was
    /// typed ahead of news: it is dropped, the gate held shut at least
    /// `BURST_MS` longer, and the words say why. `None` lets it through.
    pub fn dropped(&mut self, now: u64) -> Option<Note> {
        let (until, news) = self.gate?;
        if now >= until {
            self.gate = None;
            return None;
        }
        self.gate = Some((until.max(now + BURST_MS), news));
        let stop = Stop {
            reason: news,
            refused: false,
        };
        Some(note(format_args!(
            "{} The keys typed ahead were dropped.",
            stop.text()
        )))
    }

    /// A key pressed at `now`, finding the game in `state`: held, for
    /// repeats.
    pub fn press(&mut self, key: Key, state: State, now: u64) {
        self.held = Some(Held {
            key,
            state,
            next: now + REPEAT_DELAY_MS,
        });
    }

    /// The state a repeat of `key` (the shell's) acts in: its press's. A
    /// repeat with no press seen (the key went down before the window had
    /// the focus, or Shift was let go) counts as held from now, in `state`.
    pub fn repeat(&mut self, key: Key, state: State, now: u64) -> State {
        match self.held {
            Some(h) if h.key == key => h.state,
            _ => {
                self.held = Some(Held {
                    key,
                    state,
                    next: now + REPEAT_MS,
                });
                state
            }
        }
    }

    /// The held key, when the session makes its repeats and one is due at
    /// `now`; the next is due `REPEAT_MS` later.
    pub fn due(&mut self, now: u64) -> Option<Key> {
        let held = self.held.filter(|h| self.repeats && now >= h.next)?;
        self.held = Some(Held {
            next: now + REPEAT_MS,
            ..held
        });
        Some(held.key)
    }

    /// Milliseconds from `now` until a repeat of the session's is due.
    pub fn wait(&self, now: u64) -> Option<u64> {
        self.held
            .filter(|_| self.repeats)
            .map(|h| h.next.saturating_sub(now))
    }

    /// A key let go.
    pub fn release(&mut self, key: Key) {
        if self.held.is_some_and(|h| h.key == key) {
            self.held = None;
        }
    }

    /// No key counts as held any more (another game, a key dropped).
    pub fn let_go(&mut self) {
        self.held = None;
    }

    /// Where the map's view last looked (a scene's camera remembers it).
    pub fn camera(&self) -> &Camera {
        &self.camera
    }

    /// The mouse over `cell`, or off the map. True when that is news.
    pub fn hover(&mut self, cell: Option<Point>) -> bool {
        let moved = cell != self.hover;
        self.hover = cell;
        moved
    }

    /// The map cell under the mouse.
    pub fn hovered(&self) -> Option<Point> {
        self.hover
    }

    /// How far the screen up is scrolled, in rows (`Screen::paging`).
    pub fn scroll(&self) -> usize {
        self.scroll
    }

    /// Scrolled to the top (any key but a scroll), or to the end
    /// (`usize::MAX`: the messages, newest last).
    pub fn scroll_to(&mut self, row: usize) {
        self.scroll = row;
    }

    /// Up or Down on a screen taller than its room, paged as `paging`
    /// says: it scrolls a page, less a row. True when it moved; at an end
    /// it stays.
    pub fn page(&mut self, key: Key, paging: Paging) -> bool {
        let page = paging.shown.saturating_sub(1).max(1);
        match key {
            Key::Down if paging.more_below() => {
                self.scroll = (paging.first + page).min(paging.total - paging.shown);
                true
            }
            Key::Up if paging.first > 0 => {
                self.scroll = paging.first.saturating_sub(page);
                true
            }
            _ => false,
        }
    }

    /// True the first time a key that does nothing is pressed: the player
    /// is told which key shows the keys once a session.
    pub fn first_unknown(&mut self) -> bool {
        !core::mem::replace(&mut self.told_unknown, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_typed_ahead_of_news_are_dropped_and_a_burst_whole() {
        let mut k = Keyboard::default();
        assert_eq!(k.dropped(0), None, "no news: nothing dropped");
        k.shut(StopReason::HurtBy(3), 1000);
        let words = k.dropped(1000 + TYPED_AHEAD_MS - 1).expect("typed ahead");
        assert!(
            words.ends_with("The keys typed ahead were dropped."),
            "{words}"
        );
        // The burst goes on past the first gate's end: still dropped.
        assert!(k.dropped(1000 + TYPED_AHEAD_MS + BURST_MS - 2).is_some());
        assert!(!k.open(1000 + TYPED_AHEAD_MS + BURST_MS - 2));
        // A beat after the last dropped key, the gate is open.
        let last = 1000 + TYPED_AHEAD_MS + BURST_MS - 2;
        assert!(k.open(last + BURST_MS));
        assert_eq!(k.dropped(last + BURST_MS), None);
        assert_eq!(k.dropped(last + BURST_MS + 1), None, "and stays open");
    }

    #[test]
    fn a_held_key_repeats_only_when_the_session_makes_repeats() {
        let mut k = Keyboard::default();
        k.press(Key::Left, State::Playing, 0);
        assert_eq!(k.due(REPEAT_DELAY_MS), None, "the shell repeats its own");
        assert_eq!(k.wait(0), None);
        k.make_repeats(true);
        assert_eq!(k.wait(0), Some(REPEAT_DELAY_MS));
        assert_eq!(k.due(REPEAT_DELAY_MS - 1), None);
        assert_eq!(k.due(REPEAT_DELAY_MS), Some(Key::Left));
        assert_eq!(k.due(REPEAT_DELAY_MS + REPEAT_MS - 1), None);
        assert_eq!(k.due(REPEAT_DELAY_MS + REPEAT_MS), Some(Key::Left));
        k.release(Key::Right);
        assert!(k.wait(0).is_some(), "another key's release lets go of none");
        k.release(Key::Left);
        assert_eq!(k.due(10_000), None);
    }

    #[test]
    fn a_repeat_acts_where_its_press_found_the_game() {
        let mut k = Keyboard::default();
        k.press(Key::Escape, State::Playing, 0);
        assert_eq!(k.repeat(Key::Escape, State::Menu, 30), State::Playing);
        assert_eq!(
            k.repeat(Key::Up, State::Menu, 30),
            State::Menu,
            "unseen press"
        );
        assert_eq!(k.repeat(Key::Up, State::Playing, 60), State::Menu);
    }

    #[test]
    fn a_page_is_a_screen_less_a_row_and_an_end_stays() {
        let mut k = Keyboard::default();
        let at = |first| Paging {
            first,
            shown: 10,
            total: 25,
        };
        assert!(!k.page(Key::Up, at(0)));
        assert!(k.page(Key::Down, at(0)));
        assert_eq!(k.scroll(), 9);
        assert!(k.page(Key::Down, at(9)));
        assert_eq!(k.scroll(), 15, "no further than the last page");
        assert!(!k.page(Key::Down, at(15)));
        assert!(k.page(Key::Up, at(15)));
        assert_eq!(k.scroll(), 6);
    }

    #[test]
    fn the_unknown_key_is_told_once() {
        let mut k = Keyboard::default();
        assert!(k.first_unknown());
        assert!(!k.first_unknown());
    }
}
