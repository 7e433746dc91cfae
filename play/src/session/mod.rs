//! One run, one driver: the [`Session`] every shell plays through. A shell
//! has keys, clicks, the mouse's place, a clock and somewhere to keep a
//! file; it hands each to the session as it comes (`press`, `repeat`,
//! `release`, `click`, `hover`, `tick`, `close`) and draws what the
//! session shows. Everything between is here, once: what a key means, when
//! a running command takes its step, the animations, when the run is saved
//! and when the save is removed, what a new run asks first, the inputs a
//! replay records. So the game behaves the same in a window, a terminal, a
//! browser and on a board.
//!
//! The session never makes entropy, never touches a file and never reads a
//! clock: the shell gives it a source of seeds, a [`Store`] for the save and
//! a [`Recorder`] for the inputs, and the time in milliseconds.
//!
//! The save's moments, the same on every shell: on arrival on each floor,
//! on the menu's save and quit, and when the shell closes (a window closed,
//! a hangup); the save is removed when the run ends in death or victory. A
//! new run never replaces a saved one without asking.
//!
//! The bot (`set_demo`) plays a run for a player who watches: its actions
//! come in as a player's would, so they are saved and recorded alike.

use crate::bindings::Verb;
use crate::juice::{Juice, Pacer};
use crate::keymap::Keymap;
use crate::morgue::{End, Ending};
use crate::palettes::Palette;
use crate::recorder::Recorder;
use crate::store::{Store, StoreError};
use crate::view::Shows;
use amulets_core::daily::{Daily, Day};
use amulets_core::game::command::StopReason;
use amulets_core::game::{Game, Request, State};
use amulets_core::geom::Point;
use amulets_core::input::{Action, DebugKey};
use amulets_core::mapgen::floor::Style;
use amulets_core::player::Class;
use amulets_core::replay::Input;
use amulets_core::rng::Dice;
use amulets_core::text::{Line, Note, line, note};
use core::fmt;

mod annals;
mod demo;
mod keys;
use keys::Held;
mod saving;
mod shell;
mod start;
pub use annals::{Annals, Overlay};
pub use demo::{DEMO_STEP_MS, Demo, DemoTurn, Pace};
pub use keys::{BURST_MS, REPEAT_DELAY_MS, REPEAT_MS, TYPED_AHEAD_MS};
pub use saving::{AUTOSAVE_TURNS, Autosave, Rescue, RunSummary, Saved, Saving, Unsaved};
pub use start::{Start, seed_from_text};

/// What a yes to the session's question does: start a new run, or quit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Then {
    /// The title's N: the class screen, with the title's seed.
    ChooseClass,
    /// A class given when the shell started: that run at once.
    Start(Class),
    /// The menu's n: the class screen, with a new seed.
    NewRun,
    /// The menu's q: quit without saving.
    Quit,
}

impl Then {
    /// The question's title, and the words of its no and its yes (in
    /// `bindings::ABANDON`'s order: no first, the default).
    pub(crate) fn words(self) -> (&'static str, [&'static str; 2]) {
        match self {
            Then::Quit => ("Quit", ["no, keep playing", "yes, quit without saving"]),
            _ => (
                "A new run",
                [
                    crate::bindings::ABANDON[0].words,
                    crate::bindings::ABANDON[1].words,
                ],
            ),
        }
    }
}

/// One run, driven (see the module's comment). A copy is a session of its
/// own (its store's and recorder's copies too): a search over what a
/// shell's inputs reach tries each from the same place.
#[derive(Clone)]
pub struct Session<S: Store, R: Recorder, E: FnMut() -> u32> {
    game: Game,
    pacer: Pacer,
    juice: Juice,
    store: S,
    recorder: R,
    seeds: E,
    /// The seed the player gave, kept for every new run.
    given_seed: Option<u32>,
    now: u64,
    /// When the run is saved, and what came of it.
    saving: Saving,
    /// "A new run?", asked over everything while a save would be lost.
    asking: Option<(Then, Line)>,
    note: Option<Note>,
    /// The turn and floor the last command's stop was made on: the panel
    /// shows it until a turn passes or the floor changes ([`Session::stop`]).
    stop_at: Option<(u32, i32)>,
    /// The floor explore found all there is to see on with the way on
    /// still unfound (no stairs known; on the last floor, no Amulet seen):
    /// the panel says where to search ([`Session::hint`]).
    sealed: Option<i32>,
    /// A key that does nothing was told which key shows the keys (once).
    told_unknown: bool,
    /// Keys pressed before this time (the session's ms) were typed ahead
    /// of something new the player must see first: they are dropped.
    drop_keys_until: Option<(u64, StopReason)>,
    /// The rows a screen longer than its space is scrolled down by (Up and
    /// Down), from 0 at each other key.
    scroll: usize,
    held: Option<Held>,
    /// The shell reports no repeats of its own: the session makes them.
    repeats_held_keys: bool,
    hover: Option<Point>,
    /// F2: tiles instead of glyphs (a shell with one view ignores it).
    tiles: bool,
    /// What the shell can show, for its help.
    shows: Shows,
    /// A line a test puts on the panel, to see it reach every shell.
    #[cfg(any(test, feature = "test-support"))]
    test_note: Option<Line>,
    /// The run being played was started here, so its inputs are recorded.
    recording: bool,
    /// The player's keys (`keymap`): the keys pressed are read through it.
    keymap: Keymap,
    /// The player's palette, for the shell to paint with.
    palette: Palette,
    /// The bot plays for the player (`set_demo`), until a key takes over.
    demo: Option<Demo>,
    finished: bool,
    /// The day, from the shell's clock (`set_today`): the title's T.
    today: Option<Day>,
    /// The title's game is the day's dungeon: the run begun from it is
    /// marked a daily run.
    daily_pending: Option<Day>,
    /// The record screens, and whether the run's end was entered.
    annals: Annals,
}

impl<S: Store, R: Recorder, E: FnMut() -> u32> Session<S, R, E> {
    /// A session at its title, or at the start of a run of `start.class`
    /// (after asking, when a saved run would be lost). A save that does not
    /// load is set aside now and the player told.
    #[inline(never)]
    pub fn new(store: S, recorder: R, seeds: E, start: Start) -> Self {
        let mut session = Session::at_title(store, recorder, seeds, start);
        let words = session.saving.look(&mut session.store);
        session.tell_if(words);
        if let Some(day) = start.daily {
            session.today = Some(day);
            session.todays_title(day);
        }
        match (start.class, start.daily) {
            (Some(class), _) => session.new_run_or_ask(Then::Start(class)),
            (None, Some(_)) => session.new_run_or_ask(Then::ChooseClass),
            (None, None) => {}
        }
        session
    }

    /// The session at its title, the store not yet looked at. Never inlined,
    /// as every function here that makes a [`Game`] (10 KiB on a Cortex-M3)
    /// is not: the one made is moved into place, and the frame that held it
    /// is gone before a floor is made or a turn is played, so the run's
    /// deepest calls never have it under them on a 64 KiB board.
    #[inline(never)]
    fn at_title(mut store: S, recorder: R, mut seeds: E, start: Start) -> Self {
        let given_seed = start.seed.filter(|&s| s != 0);
        let seed = given_seed.unwrap_or_else(&mut seeds);
        let saving = Saving::claimed(store.claim());
        let palette = store.palette().unwrap_or_default();
        Session {
            game: Game::at_title(seed, start.style, start.dice),
            pacer: Pacer::new(),
            juice: Juice::new(),
            store,
            recorder,
            seeds,
            given_seed,
            now: 0,
            saving,
            asking: None,
            note: None,
            stop_at: None,
            sealed: None,
            told_unknown: false,
            drop_keys_until: None,
            scroll: 0,
            held: None,
            repeats_held_keys: false,
            hover: None,
            tiles: false,
            shows: Shows {
                tiles: false,
                buttons: false,
                gamepad: false,
            },
            #[cfg(any(test, feature = "test-support"))]
            test_note: None,
            recording: false,
            keymap: Keymap::new(),
            palette,
            demo: None,
            finished: false,
            today: None,
            daily_pending: None,
            annals: Annals::default(),
        }
    }

    /// Shows a run played elsewhere, a replay played back to its end: it
    /// plays on from there, but is never saved, so it cannot take the place
    /// of a saved run without the player's word.
    pub fn watch(&mut self, game: Game) {
        self.game = game;
        self.pacer = Pacer::new();
        self.juice = Juice::new();
        self.asking = None;
        self.held = None;
        self.recording = false;
        self.annals.watch();
        self.saving.watching(self.game.depth());
        self.tell(format_args!(
            "The replay played back to where it was recorded to end."
        ));
    }

    /// Milliseconds until something is due (a command's step, an
    /// animation's frame, a held key's repeat), or `None` to sleep until
    /// the next event.
    pub fn wait(&self) -> Option<u64> {
        let repeat = self
            .held
            .filter(|_| self.repeats_held_keys)
            .map(|h| h.next.saturating_sub(self.now));
        let demo = self
            .demo
            .as_ref()
            .filter(|_| self.demo_may_act())
            .map(|d| d.wait(self.now));
        [
            self.pacer.wait(&self.game, self.now),
            self.juice.wait(),
            repeat,
            demo,
        ]
        .into_iter()
        .flatten()
        .min()
    }

    /// A line for the player, on the panel or under the screen until the
    /// next key (what went wrong with the settings, say): the session's
    /// note, the one way anything outside the log is said.
    pub fn tell(&mut self, text: impl fmt::Display) {
        self.note = Some(note(format_args!("{text}")));
    }

    /// Tells the words, when there are any.
    fn tell_if(&mut self, words: Option<Note>) {
        if let Some(words) = words {
            self.tell(words);
        }
    }

    /// Time passes, in the shell's milliseconds: a running command takes
    /// its step when one is due, a held key repeats (when the session makes
    /// the repeats), the animations move on. True when the picture changed.
    /// Out of line: see `play_bot`.
    #[inline(never)]
    pub fn tick(&mut self, now: u64) -> bool {
        self.now = now;
        let busy = self.juice.busy();
        let stop_before = self.game.last_stop();
        let stepped = self.pacer.tick(&mut self.game, now);
        if stepped {
            self.follow_stop(stop_before, false);
            if let Some(stop) = self.game.last_stop()
                && !self.game.command_running()
                && stop.reason.is_news()
            {
                self.stop_typing_ahead(stop.reason);
            }
            if self.recording {
                self.recorder.record(Input::Step);
            }
            self.keep();
        }
        let mut repeated = false;
        if self.repeats_held_keys
            && let Some(held) = self.held
            && now >= held.next
        {
            self.held = Some(Held {
                next: now + REPEAT_MS,
                ..held
            });
            self.repeat(held.key);
            repeated = true;
        }
        self.juice.take(&mut self.game, now);
        let played = self.play_the_bot();
        stepped || busy || repeated || played
    }

    /// The shell is closing (a window closed, a hangup, a power button): a
    /// run in play is saved first, as save and quit would.
    pub fn close(&mut self) -> Result<(), StoreError> {
        self.finished = true;
        self.save_now()
    }

    /// The shell may be stopped from now on without a word (a browser tab
    /// hidden, which a phone may kill): a run in play is saved, and play
    /// goes on.
    pub fn save_now(&mut self) -> Result<(), StoreError> {
        if self.in_play() { self.save() } else { Ok(()) }
    }

    /// The shell caught a panic in its loop (the game's code failed, or the
    /// shell's): the run in play is saved if it still passes every check
    /// ([`Game::check_invariants`]), so a bug costs no more than it must,
    /// and never leaves a save that breaks the next game. The session is
    /// finished either way.
    pub fn rescue(&mut self) -> Rescue {
        self.finished = true;
        if !self.in_play() {
            return Rescue::NoRun;
        }
        if let Err(why) = self.game.check_invariants() {
            return Rescue::Broken(why);
        }
        match self.save() {
            Ok(()) => Rescue::Saved {
                turn: self.game.turn(),
            },
            Err(e) => Rescue::NotSaved(e),
        }
    }

    /// A verb from a shell's own way of asking for it (a board's travel
    /// cursor, its menu's colours), as a key's would be taken: the game's
    /// ([`Action`]) or the session's ([`Verb`]).
    pub fn act(&mut self, verb: impl Into<Verb>) {
        self.take(verb.into());
    }

    /// A verb taken: the session's own here, the game's handed on.
    fn take(&mut self, verb: Verb) {
        if self.asking.is_some() {
            // While "a new run?" is asked, only its answers count.
            return;
        }
        let before = self.game.state();
        self.recorder.saw(before, verb);
        let on_title = before == State::Title && !self.cave_shown();
        let ended = matches!(before, State::Dead | State::Won);
        match verb {
            Verb::Game(action) => self.hand_on(before, action),
            Verb::Palette => self.next_palette(),
            Verb::Daily if on_title => self.play_today(),
            Verb::Hall if on_title => self.show(Overlay::Hall(crate::fame::Table::Runs)),
            Verb::Record if ended => self.show(Overlay::Record(0)),
            Verb::Messages if matches!(before, State::Playing | State::Menu) => {
                // Newest last, and shown first: scrolled to the end.
                self.show(Overlay::Messages);
                self.scroll = usize::MAX;
            }
            // Today, the hall and the record are the title's and the end's,
            // the messages a run's; elsewhere (under F6's cave) they do
            // nothing.
            Verb::Daily | Verb::Hall | Verb::Record | Verb::Messages => {}
        }
    }

    /// One of the game's verbs, handed to the game (but the title's N,
    /// which asks first when a saved run would be lost).
    fn hand_on(&mut self, before: State, action: Action) {
        if action == Action::Debug(DebugKey::SwitchView) {
            self.tiles = !self.tiles;
        }
        if before == State::Menu && action == Action::Quit {
            // Every turn since the last save would be lost: asked first.
            self.asking = Some((
                Then::Quit,
                line(format_args!(
                    "Quit without saving? Every turn since the last save is lost. (y or n)"
                )),
            ));
            return;
        }
        if before == State::Title && !self.cave_shown() {
            match action {
                Action::NewRun => {
                    // The title's N: asked first when a save would be lost.
                    self.new_run_or_ask(Then::ChooseClass);
                    return;
                }
                // Another style or dice is not the day's dungeon.
                Action::NextStyle => self.daily_pending = None,
                _ => {}
            }
        }
        let running = self.game.command_running();
        let stop_before = self.game.last_stop();
        let watch = self.game.watch();
        let outcome = self.game.act(action);
        // News in a run (not the run's own start from the class screen).
        let in_run = !matches!(before, State::Title | State::ChooseClass);
        if in_run && let Some(news) = self.game.news_since(&watch) {
            self.stop_typing_ahead(news);
        }
        let asked = matches!(
            action,
            Action::Rest | Action::Explore | Action::Descend | Action::TravelTo(_)
        );
        self.follow_stop(stop_before, asked);
        if self.recording {
            self.recorder.record(Input::Act(action));
        }
        if before == State::ChooseClass && self.game.state() == State::Playing {
            self.begin_recording();
        }
        if !running && self.game.command_running() {
            // A command's first step is due at once.
            self.pacer.start(self.now);
        }
        self.juice.take(&mut self.game, self.now);
        if let Some(request) = outcome.request {
            self.answer(request);
        }
        self.keep();
    }

    // ----- inside -----

    /// Something new came (`news`): the keys typed ahead of it are
    /// dropped, the player sees it first ([`TYPED_AHEAD_MS`]).
    fn stop_typing_ahead(&mut self, news: StopReason) {
        if news == StopReason::SecretDoorFound {
            // A way on, maybe: there is more to explore.
            self.sealed = None;
        }
        self.drop_keys_until = Some((self.now + TYPED_AHEAD_MS, news));
    }

    /// After the game took an input: a stop made by it (a new one, or a
    /// command asked for and refused again) is current from now.
    fn follow_stop(&mut self, before: Option<amulets_core::game::command::Stop>, asked: bool) {
        let now = self.game.last_stop();
        if now.is_some() && (now != before || asked) {
            self.stop_at = Some((self.game.turn(), self.game.depth()));
            if now.is_some_and(|s| {
                matches!(
                    s.reason,
                    StopReason::Explored | StopReason::ExploredAsFarAsSafe
                )
            }) {
                self.sealed = Some(self.game.depth());
            }
        }
    }

    fn in_play(&self) -> bool {
        !matches!(
            self.game.state(),
            State::Title | State::ChooseClass | State::Dead | State::Won
        )
    }

    /// What the game asked for. Out of line, as `show` is: a save's
    /// failure is a [`Line`] that inlined would sit in `act`'s frame, under
    /// every turn (with both inlined the Cortex-M3's whole run took 56,836
    /// bytes of stack; with neither, 56,212).
    #[inline(never)]
    fn answer(&mut self, request: Request) {
        match request {
            Request::Quit => self.finished = true,
            Request::SaveAndQuit => match self.save() {
                Ok(()) => self.finished = true,
                // A failing store has said why; a store held by another
                // game is said here, where the player asked to save.
                Err(e) if !self.saving.saves() => {
                    self.tell(format_args!("The run could not be saved: {e}."));
                }
                Err(_) => {}
            },
            Request::Continue => self.continue_saved(),
            Request::NewRun => self.new_run_or_ask(Then::NewRun),
            Request::Title => {
                let seed = self.next_seed();
                let (style, dice) = (self.game.style(), self.game.dice());
                self.begin_at_title(seed, style, dice);
            }
        }
    }

    /// Starts what `then` says, or first asks when a saved run (or, from
    /// the menu, the run in play) would be lost.
    fn new_run_or_ask(&mut self, then: Then) {
        let question = match (then, self.saving.saved()) {
            (Then::NewRun, _) => {
                let run = RunSummary::of(&self.game);
                Some(line(format_args!(
                    "Abandon this run, the {} on floor {}, turn {}? (y or n)",
                    run.class.name(),
                    run.depth,
                    run.turn
                )))
            }
            (_, Saved::Run(run)) => Some(line(format_args!(
                "Abandon the saved {} on floor {}, turn {}? (y or n)",
                run.class.name(),
                run.depth,
                run.turn
            ))),
            (_, Saved::OtherVersion(v)) => Some(line(format_args!(
                "Replace the saved run of version {v}, which this game cannot read? (y or n)"
            ))),
            (_, Saved::Damaged) => Some(line(format_args!(
                "Replace the damaged saved run? (y or n)"
            ))),
            (_, Saved::Nothing) => None,
        };
        // A game that does not save loses nothing by starting anew.
        match question {
            Some(q) if self.saving.saves() || then == Then::NewRun => {
                self.asking = Some((then, q));
            }
            _ => self.begin(then),
        }
    }

    /// Starts what a yes (or nothing to lose) allows.
    fn begin(&mut self, then: Then) {
        match then {
            Then::ChooseClass => {
                self.game.act(Action::NewRun);
            }
            Then::Start(class) => {
                let (seed, style, dice) = (self.game.seed(), self.game.style(), self.game.dice());
                // `Game::new_run_on`, made in place: the title's game, then
                // its first floor.
                self.begin_at_title(seed, style, dice);
                self.game.start_as(class);
                self.begin_recording();
                self.keep();
            }
            Then::NewRun => {
                let seed = self.next_seed();
                let (style, dice) = (self.game.style(), self.game.dice());
                self.begin_at_title(seed, style, dice);
                self.game.act(Action::NewRun);
            }
            Then::Quit => {
                let outcome = self.game.act(Action::Quit);
                if self.recording {
                    self.recorder.record(Input::Act(Action::Quit));
                }
                if let Some(request) = outcome.request {
                    self.answer(request);
                }
            }
        }
    }

    /// A game at its title in place of this one (out of line: see
    /// `at_title`).
    #[inline(never)]
    fn begin_at_title(&mut self, seed: u32, style: Style, dice: Dice) {
        self.replace(Game::at_title(seed, style, dice));
    }

    /// Another game in place of this one: nothing of the old run's pace,
    /// animations or recording is kept.
    fn replace(&mut self, game: Game) {
        if self.recording {
            self.recorder.left(&self.game);
        }
        self.saving.new_game(game.turn());
        self.game = game;
        self.pacer = Pacer::new();
        self.juice = Juice::new();
        self.recording = false;
        self.held = None;
        self.daily_pending = None;
        self.annals.new_game();
    }

    /// A run has just begun here: its inputs are recorded from now, and a
    /// run of the day's dungeon is marked so (counting or practice).
    fn begin_recording(&mut self) {
        if let Some(day) = self.daily_pending.take() {
            let counts = match self.store.begin_daily(day) {
                Ok(counts) => counts,
                Err(e) => {
                    self.tell(format_args!(
                        "The day's run could not be noted in the hall of fame: {e}."
                    ));
                    true
                }
            };
            self.game.mark_daily(Daily { day, counts });
        }
        self.recording = true;
        let class = self.game.player().class;
        self.recorder.start(self.game.seed(), class);
    }

    /// A run ends: the store keeps its record and enters it in the hall,
    /// and the end screen says where the record is. A replay watched is
    /// not recorded.
    fn record_end(&mut self, ending: Ending) {
        let end = End {
            game: &self.game,
            ending,
            replay: self.recorder.file(),
            bot: self.demo.is_some(),
        };
        let words = self.annals.enter(&mut self.store, &end);
        self.tell_if(words);
    }

    /// A yes to "a new run?": the run given up is recorded as abandoned,
    /// the one in play (the menu's n) or the saved one (the title's), and
    /// its save removed, so it is never given up (and recorded) twice.
    /// Out of line: a saved run is loaded into a [`Game`] (see `at_title`).
    #[inline(never)]
    fn abandon(&mut self, then: Then) {
        if self.annals.watching() || then == Then::Quit {
            return;
        }
        if then == Then::NewRun && self.in_play() {
            self.record_end(Ending::Abandoned);
        } else if matches!(self.saving.saved(), Saved::Run(_)) {
            let loaded = self.store.read().map(|t| t.map(Game::read_save));
            if let Ok(Some(Ok(game))) = loaded {
                let end = End {
                    game: &game,
                    ending: Ending::Abandoned,
                    replay: None,
                    bot: false,
                };
                if let Err(e) = self.store.ended(&end) {
                    self.tell(format_args!(
                        "The abandoned run's record could not be kept: {e}."
                    ));
                }
            }
        } else {
            return;
        }
        let words = self.saving.remove_abandoned(&mut self.store);
        self.tell_if(words);
    }

    /// The title's C: the saved run, in play.
    /// Out of line: the game loaded is a [`Game`] on the stack (see
    /// `at_title`).
    #[inline(never)]
    fn continue_saved(&mut self) {
        match self.saving.load(&mut self.store) {
            Ok(mut game) => {
                game.resume();
                let depth = game.depth();
                self.replace(game);
                self.saving.continued(depth);
            }
            Err(words) => self.tell(words),
        }
    }

    /// Writes the run to the store; a failure is said.
    fn save(&mut self) -> Result<(), StoreError> {
        self.saving
            .save(&mut self.store, &self.game)
            .map_err(|unsaved| {
                self.tell_if(unsaved.words());
                unsaved.error()
            })
    }

    /// The title's H (the hall of fame) or the end screen's R (the run's
    /// record), read afresh from the store, or why it cannot be. Out of
    /// line: the words it may say are a [`Line`] that inlined would sit in
    /// `act`'s frame, under every turn of a run (the Cortex-M3's stack).
    #[inline(never)]
    fn show(&mut self, screen: Overlay) {
        let words = self.annals.open(screen, &mut self.store);
        self.tell_if(words);
    }

    /// After every input: a run that has just ended is recorded, and the
    /// save follows the run ([`Saving::follow`]).
    /// Out of line, as `show` is.
    #[inline(never)]
    fn keep(&mut self) {
        let (replay, bot) = (self.recorder.file(), self.demo.is_some());
        let words = self.annals.follow(&mut self.store, &self.game, replay, bot);
        self.tell_if(words);
        let words = self.saving.follow(&mut self.store, &self.game);
        self.tell_if(words);
    }
}
