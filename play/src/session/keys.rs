//! What a key, a click and the mouse do in a session: a key is read
//! through the player's keymap in the context it is pressed in (the
//! question, a record screen, the game's state), a held key repeats only
//! where its press found the game, and a key or a click while a command
//! runs, or while the bot plays, stops it and does nothing else.

use super::{Overlay, Session};
use crate::bindings::{self, Context, Verb};
use crate::recorder::Recorder;
use crate::store::Store;
use amulets_core::game::State;
use amulets_core::geom::Point;
use amulets_core::input::{Action, Key};

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
pub(super) struct Held {
    pub(super) key: Key,
    /// The state its press found: a repeat acts only while the game is
    /// still there (a held Esc opens the menu once; a held `y` walks but
    /// never answers the question a step asks).
    pub(super) state: State,
    /// When the session's own repeat is next due.
    pub(super) next: u64,
}

impl<S: Store, R: Recorder, E: FnMut() -> u32> Session<S, R, E> {
    /// A key pressed. While a command runs it stops the command and does
    /// nothing else.
    pub fn press(&mut self, key: Key) {
        self.note = None;
        if self.take_over_from_the_bot() {
            return;
        }
        // The aids' F keys take no turn: never typed ahead of anything.
        if !matches!(key, Key::F(_)) && self.drop_typed_ahead() {
            self.held = None;
            return;
        }
        self.held = Some(Held {
            key,
            state: self.game.state(),
            next: self.now + REPEAT_DELAY_MS,
        });
        if self.game.command_running() {
            self.act(Action::Interrupt);
            return;
        }
        self.key(key);
    }

    /// A held key's repeat, as the shell's keyboard reports it: it does
    /// what its press did while nothing runs and the game is still where
    /// the press found it; it never stops a running command.
    pub fn repeat(&mut self, key: Key) {
        if self.game.command_running() || self.asking.is_some() || self.drop_typed_ahead() {
            return;
        }
        let state = match self.held {
            Some(h) if h.key == key => h.state,
            // A repeat with no press seen (the key went down before the
            // window had the focus, or Shift was let go): from now on it
            // counts as held.
            _ => {
                self.held = Some(Held {
                    key,
                    state: self.game.state(),
                    next: self.now + REPEAT_MS,
                });
                self.game.state()
            }
        };
        let book = self.keymap.translate(Context::State(state), key);
        if self.game.state() == state && bindings::repeats(state, book) {
            self.key(key);
        }
    }

    /// True when a key pressed now was typed ahead of something new: it
    /// is dropped, the gate held shut at least `BURST_MS` longer, and the
    /// player told why.
    fn drop_typed_ahead(&mut self) -> bool {
        let Some((until, news)) = self.drop_keys_until else {
            return false;
        };
        if self.now >= until {
            self.drop_keys_until = None;
            return false;
        }
        self.drop_keys_until = Some((until.max(self.now + BURST_MS), news));
        let stop = amulets_core::game::command::Stop {
            reason: news,
            refused: false,
        };
        self.tell(format_args!(
            "{} The keys typed ahead were dropped.",
            stop.text()
        ));
        true
    }

    /// A key pressed where a screen is up that is longer than the room the
    /// shell has for it (`cols` characters by `rows` rows under its title):
    /// Up or Down scrolls it a page, less a row, and at an end does
    /// nothing. True when the key was taken so; the shell then presses
    /// nothing. False for any other key, and for a key that is the
    /// screen's own: it fits, or it is a record's, whose Down at the end
    /// turns its page. A shell that scrolls its own way (a board's pad)
    /// never calls it, and never links the screens it builds.
    pub fn scroll_key(&mut self, key: Key, cols: usize, rows: usize) -> bool {
        let key = self.keymap.translate(self.context(), key);
        if !matches!(key, Key::Up | Key::Down) || self.asking.is_some() {
            return false;
        }
        let Some(screen) = self.screen() else {
            return false;
        };
        let paging = screen.paging(cols, rows, self.scroll);
        if paging.total <= rows {
            return false;
        }
        self.note = None;
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
            // At an end a scrolling screen stays, but for a screen whose
            // own key it is (a record's Down turns its page).
            _ => self.context() != Context::Record,
        }
    }

    /// The first key of the player's keymap that takes `action` while
    /// playing (not its label: that sorts the keys, and a board with no
    /// keyboard links none of it).
    pub(super) fn playing_key(&self, action: Action) -> Option<Key> {
        let playing = Context::State(State::Playing);
        bindings::PLAYING
            .iter()
            .find(|b| b.action() == Some(action.into()))
            .and_then(|b| self.keymap.first_key(playing, b))
    }

    /// How far the screen up is scrolled, in rows (`Screen::paging`).
    pub fn scroll(&self) -> usize {
        self.scroll
    }

    /// A key let go.
    pub fn release(&mut self, key: Key) {
        if self.held.is_some_and(|h| h.key == key) {
            self.held = None;
        }
    }

    /// The mouse over a map cell, or off the map: while aiming or looking
    /// the cursor follows it.
    pub fn hover(&mut self, cell: Option<Point>) {
        if cell == self.hover {
            return;
        }
        self.hover = cell;
        if let Some(p) = cell
            && self.asking.is_none()
            && matches!(self.game.state(), State::Aiming(_) | State::Looking)
        {
            self.act(Action::CursorTo(p));
        }
    }

    /// A left click on a map cell (`Game::click_actions`).
    pub fn click(&mut self, cell: Point) {
        if self.asking.is_some() {
            return;
        }
        self.note = None;
        if self.take_over_from_the_bot() {
            return;
        }
        for action in bindings::click_actions(self.game.state(), cell) {
            self.act(action);
        }
    }

    /// Where a key pressed now is read: the question, the session's
    /// screen, or the game's state.
    pub fn context(&self) -> Context {
        match (&self.asking, self.annals.overlay()) {
            (Some(_), _) => Context::Abandon,
            (None, Some(Overlay::Hall(_))) => Context::Hall,
            (None, Some(Overlay::Record(_))) => Context::Record,
            (None, Some(Overlay::Messages)) => Context::Messages,
            (None, None) => Context::State(self.game.state()),
        }
    }

    /// A key's action in the state the game (or the question) is in, the
    /// key read through the player's keymap.
    pub(super) fn key(&mut self, key: Key) {
        let key = self.keymap.translate(self.context(), key);
        self.scroll = 0;
        if let Some((then, _)) = self.asking {
            let answer = bindings::ABANDON.iter().find_map(|b| b.action_for(key));
            if let Some(a) = answer {
                self.recorder.saw(self.game.state(), a);
            }
            match answer {
                Some(Verb::Game(Action::Confirm(true))) => {
                    self.asking = None;
                    self.abandon(then);
                    self.begin(then);
                }
                Some(Verb::Game(Action::Confirm(false))) => self.asking = None,
                _ => {}
            }
            return;
        }
        if self.annals.key(key, &self.store) {
            return;
        }
        if let Some(action) = bindings::action_for(self.game.state(), key) {
            self.act(action);
        } else if let (State::Playing, Key::Char(c), false) =
            (self.game.state(), key, self.told_unknown)
        {
            // Once a session: which key shows the keys.
            self.told_unknown = true;
            match self.playing_key(Action::Help) {
                Some(Key::Char(h)) => {
                    self.tell(format_args!("{c} does nothing: {h} shows the keys."));
                }
                _ => self.tell(format_args!(
                    "{c} does nothing: the menu's help shows the keys."
                )),
            }
        }
    }
}
