//! One run, one driver: the [`Session`] every shell plays through. A shell
//! hands it keys, clicks and touches, the mouse's place, the time (`press`,
//! `release`, `point`, `hover`, `tick`, `close`...) and a [`Host`] (a store,
//! a replays, seeds), and draws what it shows; the session never makes
//! entropy, touches a file or reads a clock. So the game behaves the same
//! in a window, a terminal, a browser and on a board.
//!
//! It is a few parts, each owning its state and its rule in a file of its
//! own: the [`Keyboard`], the player's [`Prefs`], the panel's [`Notes`],
//! the bot's [`Demo`], and the [`Run`]: the game with its [`Tempo`], its
//! [`Starts`], its [`Saving`] and its [`Annals`]. The session only routes:
//! the keyboard and the keymap make a key a verb, the verb goes to the run
//! or a part, and what happened goes to the parts that follow it; a shell
//! draws what the parts show ([`Drawn`]).

use crate::bindings::{self, Context, Pointer, Verb};
use crate::replays::Replays;
use crate::store::{Store, StoreError};
use amulets_core::game::command::StopReason;
use amulets_core::game::{Game, State};
use amulets_core::geom::Point;
use amulets_core::input::{Action, DebugKey, Key};
use amulets_core::player::Class;

mod annals;
mod demo;
mod drawn;
mod host;
mod keyboard;
mod notes;
mod prefs;
mod run;
mod saving;
mod starts;
mod tempo;
pub use annals::{Annals, Overlay};
pub use demo::{DEMO_STEP_MS, Demo, DemoTurn};
pub use drawn::Drawn;
pub use host::Host;
pub use keyboard::{BURST_MS, Keyboard, REPEAT_DELAY_MS, REPEAT_MS, TYPED_AHEAD_MS};
pub use notes::Notes;
pub use prefs::Prefs;
pub use run::Run;
pub use saving::{AUTOSAVE_TURNS, Autosave, Rescue, RunSummary, Saved, Saving, Unsaved};
pub use starts::{Start, Starts, seed_from_text};
pub use tempo::Tempo;

/// One run, driven (see the module's comment). A copy is a session of its
/// own, store and replays too: a search of a shell's inputs tries each.
pub struct Session<H: Host> {
    run: Run<H>,
    keyboard: Keyboard,
    /// The player's preferences, which a shell sets as it starts.
    pub prefs: Prefs,
    /// What the panel says of the session's own; a shell says a line of
    /// its own here.
    pub notes: Notes,
    /// The bot plays for the player (`set_demo`), until a key takes over.
    demo: Demo,
}

impl<H: Host> Clone for Session<H>
where
    Run<H>: Clone,
{
    fn clone(&self) -> Self {
        Session {
            run: self.run.clone(),
            keyboard: self.keyboard.clone(),
            prefs: self.prefs.clone(),
            notes: self.notes.clone(),
            demo: self.demo.clone(),
        }
    }
}

impl<St: Store, Re: Replays, Se: FnMut() -> u32> Session<(St, Re, Se)> {
    /// A session at its title, or at the start of a run of `start.class`
    /// (after asking, when a saved run would be lost), on the shell's
    /// store, replays and seeds; a save that does not load is set aside.
    #[inline(never)]
    pub fn new(store: St, replays: Re, seeds: Se, start: Start) -> Self {
        let (mut notes, mut prefs) = (Notes::default(), Prefs::new(Default::default()));
        let run = Run::new(store, replays, seeds, start, &mut notes, &mut prefs);
        Session {
            run,
            keyboard: Keyboard::default(),
            prefs,
            notes,
            demo: Demo::default(),
        }
    }
}

impl<H: Host> Session<H> {
    /// Shows a run played elsewhere, a replay played back to its end: it
    /// plays on from there, never saved ([`Run::watch`]).
    pub fn watch(&mut self, game: Game) {
        self.keyboard.let_go();
        self.run.watch(game, &mut self.notes);
    }

    /// Milliseconds until something is due (a command's step, an
    /// animation's frame, a held key's repeat, the bot's action), or
    /// `None` to sleep until the next event.
    pub fn wait(&self) -> Option<u64> {
        let now = self.run.tempo().now();
        let demo = self.demo.wait(now).filter(|_| self.run.idle());
        let tempo = self.run.tempo().wait(self.game());
        [tempo, self.keyboard.wait(now), demo]
            .into_iter()
            .flatten()
            .min()
    }

    /// Time passes, in the shell's milliseconds: a running command takes
    /// its step when one is due, a held key repeats (when the session makes
    /// the repeats), the animations move on, the bot plays. True when the
    /// picture changed. Out of line: see `autoplay::play_bot`.
    #[inline(never)]
    pub fn tick(&mut self, now: u64) -> bool {
        let busy = self.run.tempo().busy();
        let bot = self.demo.playing();
        let (stepped, news) = self.run.tick(now, &mut self.notes, bot);
        if let Some(news) = news {
            self.keyboard.shut(news, now);
        }
        let repeated = self.keyboard.due(now).map(|key| self.repeat(key));
        self.run.animate();
        let played = self.play_the_bot();
        stepped || busy || repeated.is_some() || played
    }

    /// The shell is closing (a window closed, a hangup, a power button): a
    /// run in play is saved first, as save and quit would.
    pub fn close(&mut self) -> Result<(), StoreError> {
        self.run.close(&mut self.notes)
    }

    /// The shell may be stopped without a word from now on (a hidden tab a
    /// phone may kill): a run in play is saved, and play goes on.
    pub fn save_now(&mut self) -> Result<(), StoreError> {
        self.run.save_now(&mut self.notes)
    }

    /// The shell caught a panic in its loop: the run in play is saved if it
    /// passes every check ([`Game::check_invariants`]); the session ends.
    pub fn rescue(&mut self) -> saving::Rescue {
        self.run.rescue(&mut self.notes)
    }

    /// A key pressed: while a command runs it stops it, no more; while the bot plays it takes over.
    pub fn press(&mut self, key: Key) {
        self.notes.clear();
        if self.take_over_from_the_bot() {
            return;
        }
        let now = self.run.tempo().now();
        // The aids' F keys take no turn: never typed ahead of anything.
        if !matches!(key, Key::F(_)) && self.notes.say_if(self.keyboard.dropped(now)) {
            self.keyboard.let_go();
            return;
        }
        self.keyboard.press(key, self.game().state(), now);
        if self.game().command_running() {
            // But the key that asked for it again (a second `>`).
            if !bindings::asks_again(self.game(), self.prefs.playing_verb(key)) {
                self.act(Action::Interrupt);
            }
            return;
        }
        self.key(key);
    }

    /// A held key's repeat, as the shell's keyboard reports it: it does
    /// what its press did while nothing runs and the game is still where
    /// the press found it; it never stops a running command.
    pub fn repeat(&mut self, key: Key) {
        let now = self.run.tempo().now();
        // A key typed ahead of news is dropped, and the player told why.
        let busy = self.game().command_running() || self.run.asking();
        if busy || self.notes.say_if(self.keyboard.dropped(now)) {
            return;
        }
        let state = self.keyboard.repeat(key, self.game().state(), now);
        let book = self.prefs.keymap().translate(Context::State(state), key);
        if self.game().state() == state && bindings::repeats(state, book) {
            self.key(key);
        }
    }

    /// A key let go.
    pub fn release(&mut self, key: Key) {
        self.keyboard.release(key);
    }

    /// The mouse over a map cell, or off it: the cursor follows it.
    pub fn hover(&mut self, cell: Option<Point>) {
        if let (true, Some(p)) = (self.keyboard.hover(cell), cell)
            && !self.run.asking()
            && matches!(self.game().state(), State::Aiming(_) | State::Looking)
        {
            self.act(Action::CursorTo(p));
        }
    }

    /// A pointer on a map cell, a mouse's click or a finger's tap or long
    /// press: the actions its table gives (`bindings::pointer_actions`).
    pub fn point(&mut self, cell: Point, how: Pointer) {
        if self.run.asking() {
            return;
        }
        self.notes.clear();
        if self.take_over_from_the_bot() {
            return;
        }
        for action in bindings::pointer_actions(self.game(), cell, how) {
            self.act(action);
        }
    }

    /// Up or Down where a screen is up taller than the shell's room for it
    /// (`cols` by `rows` under its title) scrolls it ([`Keyboard::page`]).
    /// True when the key was taken so, and the shell presses nothing; false
    /// for any other key, and for a screen's own key (a record's Down at
    /// the end turns its page). A board's pad scrolls its own way.
    pub fn scroll_key(&mut self, key: Key, cols: usize, rows: usize) -> bool {
        let key = self.prefs.keymap().translate(self.context(), key);
        if !matches!(key, Key::Up | Key::Down) || self.run.asking() {
            return false;
        }
        let Some(screen) = self.drawn().screen() else {
            return false;
        };
        let paging = screen.paging(cols, rows, self.keyboard.scroll());
        if paging.total <= rows {
            return false;
        }
        self.notes.clear();
        // At an end a scrolling screen stays, but for a screen whose own
        // key it is (a record's Down turns its page).
        self.keyboard.page(key, paging) || self.context() != Context::Record
    }

    /// Where a key pressed now is read ([`Run::context`]).
    pub fn context(&self) -> Context {
        self.run.context()
    }

    /// A verb, the game's ([`Action`]) or the session's, from a shell's own
    /// way of asking (a board's travel cursor), taken as a key's would be.
    pub fn act(&mut self, verb: impl Into<Verb>) {
        self.take(verb.into());
    }

    /// The bot plays the run for the player to watch ([`Demo`]), until a
    /// key or a click takes it over or the run ends; `None` stops it.
    pub fn set_demo(&mut self, class: Option<Class>) {
        self.demo.start(class, self.run.tempo().now());
    }

    // ----- the parts, for shells to read and set -----

    /// The run: the game, its store, its saving, its records.
    pub fn run(&self) -> &Run<H> {
        &self.run
    }
    /// The run, to set how it is kept (the day, the autosave).
    pub fn run_mut(&mut self) -> &mut Run<H> {
        &mut self.run
    }
    /// The game.
    pub fn game(&self) -> &Game {
        self.run.game()
    }
    /// The game, to break by hand as a bug would (tests).
    #[cfg(any(test, feature = "test-support"))]
    pub fn game_mut(&mut self) -> &mut Game {
        self.run.game_mut()
    }
    /// The host's parts back, as the session ends (a board's next).
    pub fn into_parts(self) -> (H::Store, H::Replays, H::Seeds) {
        self.run.into_parts()
    }
    /// The keyboard: the key held, the scroll, the mouse.
    pub fn keyboard(&self) -> &Keyboard {
        &self.keyboard
    }
    /// The keyboard, to say whether the session makes repeats.
    pub fn keyboard_mut(&mut self) -> &mut Keyboard {
        &mut self.keyboard
    }
    /// True while the bot plays.
    pub fn demo(&self) -> bool {
        self.demo.playing()
    }
    /// What a shell draws of the session: its parts, read.
    pub fn drawn(&self) -> Drawn<'_, H> {
        let bot = self.demo.playing();
        Drawn::new(&self.run, &self.prefs, &self.notes, &self.keyboard, bot)
    }

    /// A key's action in the context it is pressed in (the question, a
    /// screen of the session's, the game's state), the key read through
    /// the player's keymap.
    fn key(&mut self, key: Key) {
        let key = self.prefs.keymap().translate(self.context(), key);
        self.keyboard.scroll_to(0);
        if self.run.asking() {
            let answer = bindings::ABANDON.iter().find_map(|b| b.action_for(key));
            if let Some(a) = answer {
                self.run.saw(self.game().state(), a);
            }
            if let Some(Verb::Game(Action::Confirm(yes))) = answer {
                let bot = self.demo.playing();
                self.run.reply(yes, &mut self.notes, bot);
                self.follow(None);
            }
        } else if self.run.annals_key(key) {
            // A key on a screen of the records is the screen's.
        } else if let Some(action) = bindings::action_in(self.context(), key) {
            self.act(action);
        } else if let (State::Playing, Key::Char(c)) = (self.game().state(), key)
            && self.keyboard.first_unknown()
        {
            // Once a session: which key shows the keys.
            let words = self.prefs.does_nothing(c);
            self.notes.say(words);
        }
    }

    /// A verb taken: the player's preferences (their automation given to
    /// the run) and the keyboard's scroll here, the rest the run's.
    fn take(&mut self, verb: Verb) {
        let before = self.game().state();
        // Only a question's answers while one is asked; no page's title quit.
        let quit = verb == Verb::Game(Action::Quit) && before == State::Title;
        if self.run.asking() || (quit && !self.prefs.shows().quits) {
            return;
        }
        self.run.saw(before, verb);
        match verb {
            Verb::Palette => {
                let palette = self.prefs.next_palette();
                self.run.keep_palette(palette, &mut self.notes);
            }
            Verb::Game(Action::Debug(DebugKey::SwitchView)) => self.prefs.switch_view(),
            Verb::Automate(setting) => self.prefs.change(setting),
            _ => {}
        }
        self.run.automate(self.prefs.automation());
        let news = (self.run).take(before, verb, &mut self.notes, self.demo.playing());
        if verb == Verb::Messages && self.run.annals().overlay() == Some(Overlay::Messages) {
            // Newest last, and shown first: scrolled to the end.
            self.keyboard.scroll_to(usize::MAX);
        }
        self.follow(news);
    }

    /// What the run's input brought, followed by the keyboard: news shuts
    /// the typed-ahead gate, and another game lets go of the keys held.
    fn follow(&mut self, news: Option<StopReason>) {
        if let Some(news) = news {
            self.keyboard.shut(news, self.run.tempo().now());
        }
        if self.run.replaced() {
            self.keyboard.let_go();
        }
    }

    /// The demo's next action, when one is due. True when it played.
    fn play_the_bot(&mut self) -> bool {
        // (`wait` asks `idle` too: a shell never wakes for an action that
        // cannot come.)
        if !self.run.idle() {
            return false;
        }
        let (saved, now) = (self.run.saving().saved(), self.run.tempo().now());
        match self.demo.turn(self.run.game(), saved, now) {
            Some(DemoTurn::Act(action)) => self.act(action),
            Some(turn) => {
                self.notes.say_if(turn.words());
            }
            None => return false,
        }
        true
    }

    /// A key or a click while the bot plays: the run is the player's from
    /// now on. True when the bot was playing (the input is spent on that).
    fn take_over_from_the_bot(&mut self) -> bool {
        if !self.demo.stop() {
            return false;
        }
        if self.game().command_running() {
            self.act(Action::Interrupt);
        }
        self.notes.say("You take over from the bot.");
        true
    }
}
