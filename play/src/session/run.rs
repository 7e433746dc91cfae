//! A run's whole life in a session: the game with its tempo, where it is
//! kept (the shell's store, the session's [`Saving`] and [`Annals`]), its
//! inputs taped to the shell's replays, how the next one starts
//! ([`Starts`]), and every moment between: a run begun, "a new run?"
//! asked and answered, a run given up, continued, saved, ended and
//! entered in the records. Its words go to the session's [`Notes`], handed
//! in; an act hands back its news, and [`Run::replaced`] says when another
//! game took the place of the last, for the keyboard to follow.

use super::annals::{Annals, Overlay};
use super::host::Host;
use super::notes::Notes;
use super::prefs::Prefs;
use super::saving::{Rescue, Saved, Saving};
use super::starts::{Start, Starts, Then};
use super::tempo::Tempo;
use crate::bindings::{Context, Verb};
use crate::fame::Table;
use crate::morgue::{End, Ending};
use crate::palettes::Palette;
use crate::replays::Replays;
use crate::store::{Colours, Fame, Saves, StoreError, enter_end};
use amulets_core::daily::{Daily, Day};
use amulets_core::game::auto::Automation;
use amulets_core::game::command::StopReason;
use amulets_core::game::{Game, InventoryMode, Request, State};
use amulets_core::input::Action;
use amulets_core::item::Use;
use amulets_core::mapgen::floor::Style;
use amulets_core::replay::Input;
use amulets_core::rng::Dice;

/// A run's whole life (see the module's comment).
pub struct Run<H: Host> {
    game: Game,
    tempo: Tempo,
    store: H::Store,
    replays: H::Replays,
    /// The run being played was started here, so its inputs are taped.
    taping: bool,
    starts: Starts<H::Seeds>,
    /// When the run is saved, and what came of it.
    saving: Saving,
    /// The record screens, and whether the run's end was entered.
    annals: Annals,
    /// The player has quit (or the shell closed).
    finished: bool,
    /// Another game took the place of the last since `replaced` was last
    /// asked.
    replaced: bool,
}

impl<H: Host> Clone for Run<H>
where
    H::Store: Clone,
    H::Replays: Clone,
    H::Seeds: Clone,
{
    fn clone(&self) -> Self {
        Run {
            game: self.game.clone(),
            tempo: self.tempo.clone(),
            store: self.store.clone(),
            replays: self.replays.clone(),
            taping: self.taping,
            starts: self.starts.clone(),
            saving: self.saving.clone(),
            annals: self.annals,
            finished: self.finished,
            replaced: self.replaced,
        }
    }
}

impl<H: Host> Run<H> {
    /// The run at its title, or at the start of a run of `start.class`
    /// (after asking, when a saved run would be lost). A save that does not
    /// load is set aside now and the player told; a palette the store
    /// keeps is the player's.
    #[inline(never)]
    pub fn new(
        store: H::Store,
        replays: H::Replays,
        seeds: H::Seeds,
        start: Start,
        notes: &mut Notes,
        prefs: &mut Prefs,
    ) -> Self {
        let mut run = Run::at_title(store, replays, seeds, start, prefs);
        let words = run.saving.look(&mut run.store);
        notes.say_if(words);
        if let Some(day) = start.daily {
            run.starts.set_today(day);
            run.todays_title(day);
        }
        match (start.class, start.daily) {
            (Some(class), _) => run.new_run_or_ask(Then::Start(class), notes, false),
            (None, Some(_)) => run.new_run_or_ask(Then::ChooseClass, notes, false),
            (None, None) => {}
        }
        run.replaced = false;
        run
    }

    /// The run at its title, the store not yet looked at. Never inlined,
    /// as every function here that makes a [`Game`] (10 KiB on a Cortex-M3)
    /// is not: the one made is moved into place, and the frame that held it
    /// is gone before a floor is made or a turn is played, so the run's
    /// deepest calls never have it under them on a 64 KiB board.
    #[inline(never)]
    fn at_title(
        mut store: H::Store,
        replays: H::Replays,
        seeds: H::Seeds,
        start: Start,
        prefs: &mut Prefs,
    ) -> Self {
        let mut starts = Starts::new(seeds, &start);
        let seed = starts.next_seed();
        let saving = Saving::claimed(store.claim());
        // A board's store keeps the player's palette.
        prefs.set_palette(store.palette().unwrap_or_default());
        Run {
            game: Game::at_title(seed, start.style, start.dice),
            tempo: Tempo::new(),
            store,
            replays,
            taping: false,
            starts,
            saving,
            annals: Annals::default(),
            finished: false,
            replaced: false,
        }
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, to change by hand (tests: a run broken as a bug would
    /// break it).
    #[cfg(any(test, feature = "test-support"))]
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// The run's tempo: its clock, its command's pace, its animations.
    pub fn tempo(&self) -> &Tempo {
        &self.tempo
    }

    /// The shell's store.
    pub fn store(&self) -> &H::Store {
        &self.store
    }

    /// The shell's replays.
    pub fn replays(&self) -> &H::Replays {
        &self.replays
    }

    /// How runs start, and the question asked before one does.
    pub fn starts(&self) -> &Starts<H::Seeds> {
        &self.starts
    }

    /// How runs start, to set the day on.
    pub fn starts_mut(&mut self) -> &mut Starts<H::Seeds> {
        &mut self.starts
    }

    /// When the run is saved, and what came of it.
    pub fn saving(&self) -> &Saving {
        &self.saving
    }

    /// The saving policy, to set the autosave on.
    pub fn saving_mut(&mut self) -> &mut Saving {
        &mut self.saving
    }

    /// The record screens.
    pub fn annals(&self) -> &Annals {
        &self.annals
    }

    /// True once the player has quit (or the shell closed).
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// True while "a new run?" is asked over everything.
    pub fn asking(&self) -> bool {
        self.starts.asked().is_some()
    }

    /// Where a key pressed now is read: the question, the session's
    /// screen, or the game's state.
    pub fn context(&self) -> Context {
        match (self.starts.asked(), self.annals.overlay()) {
            (Some(_), _) => Context::Abandon,
            (None, Some(Overlay::Hall(_))) => Context::Hall,
            (None, Some(Overlay::Record(_))) => Context::Record,
            (None, Some(Overlay::Messages)) => Context::Messages,
            (None, Some(Overlay::Automation)) => Context::Automation,
            (None, None) => Context::State(self.game.state()),
        }
    }

    /// True while the run waits on the player and nobody else: nothing
    /// runs, nothing is asked, the game goes on, and no F6 cave over the
    /// title waits for a key. Only then may the bot act.
    pub fn idle(&self) -> bool {
        !self.game.command_running() && !self.asking() && !self.finished && !self.cave_shown()
    }

    /// True while F6 shows a cave in place of the floor.
    pub fn cave_shown(&self) -> bool {
        self.game.debug().cave.is_some()
    }

    /// The store, the replays and the seeds back, as the session ends.
    pub fn into_parts(self) -> (H::Store, H::Replays, H::Seeds) {
        (self.store, self.replays, self.starts.into_seeds())
    }

    /// True when another game took the place of the last since this was
    /// last asked.
    pub fn replaced(&mut self) -> bool {
        core::mem::replace(&mut self.replaced, false)
    }

    /// Shows a run played elsewhere, a replay played back to its end: it
    /// plays on from there, but is never saved, so it cannot take the place
    /// of a saved run without the player's word.
    pub fn watch(&mut self, game: Game, notes: &mut Notes) {
        self.game = game;
        self.tempo.afresh();
        self.starts.answered();
        self.taping = false;
        self.annals.watch();
        self.saving.watching(self.game.depth());
        notes.say(format_args!(
            "The replay played back to where it was recorded to end."
        ));
    }

    /// Time passes to `now`: a running command takes its step when one is
    /// due. What it brought back, and whether it stepped.
    pub fn tick(&mut self, now: u64, notes: &mut Notes, bot: bool) -> (bool, Option<StopReason>) {
        let stop_before = self.game.last_stop();
        let stepped = self.tempo.step(&mut self.game, now);
        let mut news = None;
        if stepped {
            notes.follow_stop(&self.game, stop_before, false);
            if let Some(stop) = self.game.last_stop()
                && !self.game.command_running()
                && stop.reason.is_news()
            {
                notes.news(stop.reason);
                news = Some(stop.reason);
            }
            if self.taping {
                self.replays.tape(Input::Step);
            }
            self.keep(notes, bot);
        }
        (stepped, news)
    }

    /// The game's events since the last call, made animations.
    pub fn animate(&mut self) {
        self.tempo.animate(&mut self.game);
    }

    /// The shell is closing: a run in play is saved first, as save and
    /// quit would.
    pub fn close(&mut self, notes: &mut Notes) -> Result<(), StoreError> {
        self.finished = true;
        self.save_now(notes)
    }

    /// A run in play is saved now.
    pub fn save_now(&mut self, notes: &mut Notes) -> Result<(), StoreError> {
        if self.in_play() {
            self.save(notes)
        } else {
            Ok(())
        }
    }

    /// After a panic: the run in play is saved if it still passes every
    /// check (`Session::rescue`).
    pub fn rescue(&mut self, notes: &mut Notes) -> Rescue {
        self.finished = true;
        if !self.in_play() {
            return Rescue::NoRun;
        }
        if let Err(why) = self.game.check_invariants() {
            return Rescue::Broken(why);
        }
        match self.save(notes) {
            Ok(()) => Rescue::Saved {
                turn: self.game.turn(),
            },
            Err(e) => Rescue::NotSaved(e),
        }
    }

    /// The player's automation given to the run in play when it differs
    /// from the run's: an input of the run's, taped with its others. A
    /// replay watched keeps its own.
    pub fn automate(&mut self, automation: Automation) {
        let state = self.game.state();
        let in_run = !matches!(
            state,
            State::Title | State::ChooseClass | State::Dead | State::Won
        );
        if in_run && !self.annals.watching() && self.game.automation() != automation {
            let input = Input::Automate(automation);
            input.apply(&mut self.game);
            if self.taping {
                self.replays.tape(input);
            }
        }
    }

    /// The host's replays sees every verb taken, with the state it found.
    pub fn saw(&mut self, state: State, verb: Verb) {
        self.replays.saw(state, verb);
    }

    /// A verb of the run's taken, found in `before`: the game's, handed to
    /// it (`Run::act`), or a screen of the records or today's dungeon,
    /// each where it is offered (the title's T and H, the end's R, a run's
    /// M); elsewhere (under F6's cave) they do nothing. The news it brought.
    pub fn take(
        &mut self,
        before: State,
        verb: Verb,
        notes: &mut Notes,
        bot: bool,
    ) -> Option<StopReason> {
        let on_title = before == State::Title && !self.cave_shown();
        let ended = matches!(before, State::Dead | State::Won);
        match verb {
            Verb::Game(action) => return self.act(before, action, notes, bot),
            Verb::Daily if on_title => self.play_today(notes, bot),
            Verb::Hall if on_title => self.show(Overlay::Hall(Table::Runs), notes),
            Verb::Record if ended => self.show(Overlay::Record(0), notes),
            Verb::Messages if matches!(before, State::Playing | State::Menu) => {
                self.show(Overlay::Messages, notes);
            }
            Verb::Automation if before == State::Menu => {
                self.show(Overlay::Automation, notes);
            }
            Verb::Drink if before == State::Playing => {
                return self.use_kind(Use::Potion, notes, bot);
            }
            Verb::Read if before == State::Playing => {
                return self.use_kind(Use::Scroll, notes, bot);
            }
            Verb::LookNext if before == State::Looking => {
                let next = crate::view::next_in_view(&self.game)?;
                return self.act(before, Action::CursorTo(next), notes, bot);
            }
            Verb::Palette
            | Verb::Daily
            | Verb::Hall
            | Verb::Record
            | Verb::Messages
            | Verb::Automation
            | Verb::Automate(_)
            | Verb::Drink
            | Verb::Read
            | Verb::LookNext => {}
        }
        None
    }

    /// One of the game's verbs, handed to the game (but the title's N,
    /// which asks first when a saved run would be lost, and the menu's q).
    fn act(
        &mut self,
        before: State,
        action: Action,
        notes: &mut Notes,
        bot: bool,
    ) -> Option<StopReason> {
        if before == State::Menu && action == Action::Quit {
            // Every turn since the last save would be lost: asked first.
            // Said with the turn the run was last saved on, if it is this
            // run's save (of this seed and class, not past this turn).
            let saved = match self.saving.saved() {
                Saved::Run(r)
                    if r.class == self.game.player().class && r.turn <= self.game.turn() =>
                {
                    Some(r.turn)
                }
                _ => None,
            };
            self.starts.ask_to_quit(saved, self.game.turn());
            return None;
        }
        if before == State::Title && !self.cave_shown() {
            match action {
                Action::NewRun => {
                    // The title's N: asked first when a save would be lost.
                    self.new_run_or_ask(Then::ChooseClass, notes, bot);
                    return None;
                }
                // Another style or dice is not the day's dungeon.
                Action::NextStyle => self.starts.forget_pending(),
                _ => {}
            }
        }
        let running = self.game.command_running();
        let stop_before = self.game.last_stop();
        let tally = self.game.tally();
        let outcome = self.game.act(action);
        // News in a run (not the run's own start from the class screen).
        let in_run = !matches!(before, State::Title | State::ChooseClass);
        let news = self.game.news_since(&tally).filter(|_| in_run);
        if let Some(news) = news {
            notes.news(news);
        }
        let asked = matches!(
            action,
            Action::Rest | Action::Explore | Action::Descend | Action::TravelTo(_)
        );
        notes.follow_stop(&self.game, stop_before, asked);
        if self.taping {
            self.replays.tape(Input::Act(action));
        }
        if before == State::ChooseClass && self.game.state() == State::Playing {
            self.begin_taping(notes);
        }
        if !running && self.game.command_running() {
            // A command's first step is due at once.
            self.tempo.start_command();
        }
        self.tempo.animate(&mut self.game);
        if let Some(request) = outcome.request {
            self.answer(request, notes, bot);
        }
        self.keep(notes, bot);
        news
    }

    /// `q` and `v`: a potion drunk or a scroll read as the pack does it
    /// (`i`, its letter, `u`: each an input of the replay, so the run and
    /// its replay are the book's), when the pack holds one kind of it; the
    /// pack, to choose from, when it holds more; a note when none.
    fn use_kind(&mut self, uses: Use, notes: &mut Notes, bot: bool) -> Option<StopReason> {
        let mut slots = (self.game.player().pack.iter().enumerate())
            .filter(|(_, s)| s.is_some_and(|i| i.kind().uses == uses))
            .map(|(slot, _)| slot);
        let (first, more) = (slots.next(), slots.next().is_some());
        let Some(slot) = first.and_then(|s| u8::try_from(s).ok()) else {
            notes.say(match uses {
                Use::Potion => "You have no potion to drink.",
                _ => "You have no scroll to read.",
            });
            return None;
        };
        self.act(State::Playing, Action::Inventory, notes, bot);
        if more {
            notes.say(match uses {
                Use::Potion => "Which potion? Its letter, then u drinks it.",
                _ => "Which scroll? Its letter, then u reads it.",
            });
            return None;
        }
        let browse = State::Inventory(InventoryMode::Browse);
        self.act(browse, Action::Letter(char::from(b'a' + slot)), notes, bot);
        let chosen = State::Inventory(InventoryMode::Item(slot));
        self.act(chosen, Action::Use, notes, bot)
    }

    /// The answer to "a new run?": a yes gives up the run it would lose
    /// and starts what was asked; a no asks no more.
    pub fn reply(&mut self, yes: bool, notes: &mut Notes, bot: bool) {
        let Some(then) = self.starts.asked() else {
            return;
        };
        self.starts.answered();
        if yes {
            self.abandon(then, notes, bot);
            self.begin(then, notes, bot);
        } else if then == Then::Quit && self.game.state() == State::Menu {
            // "No, keep playing": back to the game, as the menu's c.
            self.act(State::Menu, Action::Cancel, notes, bot);
        }
    }

    /// The title's T: the title of today's dungeon (the book's rooms and
    /// dice), then its class screen, asked first when a save would be
    /// lost. A shell with no clock has no day to offer.
    fn play_today(&mut self, notes: &mut Notes, bot: bool) {
        match self.starts.today() {
            Some(day) => {
                self.todays_title(day);
                self.new_run_or_ask(Then::ChooseClass, notes, bot);
            }
            None => notes.say(format_args!(
                "This game has no clock, so it has no day's dungeon."
            )),
        }
    }

    /// The player's palette changed (`Prefs::next_palette`): kept where
    /// the store keeps it, when this game saves.
    pub fn keep_palette(&mut self, palette: Palette, notes: &mut Notes) {
        if self.saving.saves()
            && let Err(e) = self.store.keep_palette(palette)
        {
            notes.say(format_args!("The colours are not kept: {e}."));
        }
    }

    /// The title's H (the hall of fame), the end screen's R (the run's
    /// record) or M (the messages), read afresh from the store, or why it
    /// cannot be. Out of line: the words it may say are a [`Line`] that
    /// inlined would sit in `act`'s frame, under every turn of a run (the
    /// Cortex-M3's stack).
    ///
    /// [`Line`]: amulets_core::text::Line
    #[inline(never)]
    fn show(&mut self, screen: Overlay, notes: &mut Notes) {
        let words = self.annals.open(screen, &mut self.store);
        notes.say_if(words);
    }

    /// A key while a screen of the session's own is up (`Annals::key`).
    pub fn annals_key(&mut self, key: amulets_core::input::Key) -> bool {
        self.annals.key(key, &self.store)
    }

    // ----- inside -----

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
    ///
    /// [`Line`]: amulets_core::text::Line
    #[inline(never)]
    fn answer(&mut self, request: Request, notes: &mut Notes, bot: bool) {
        match request {
            Request::Quit => self.finished = true,
            Request::SaveAndQuit => match self.save(notes) {
                Ok(()) => self.finished = true,
                // A failing store has said why; a store held by another
                // game is said here, where the player asked to save.
                Err(e) if !self.saving.saves() => {
                    notes.say(format_args!("The run could not be saved: {e}."));
                }
                Err(_) => {}
            },
            Request::Continue => self.continue_saved(notes),
            Request::NewRun => self.new_run_or_ask(Then::NewRun, notes, bot),
            Request::Title => {
                let seed = self.starts.next_seed();
                let (style, dice) = (self.game.style(), self.game.dice());
                self.begin_at_title(seed, style, dice);
            }
        }
    }

    /// Starts what `then` says, or first asks when a saved run (or, from
    /// the menu, the run in play) would be lost.
    fn new_run_or_ask(&mut self, then: Then, notes: &mut Notes, bot: bool) {
        let (saved, saves) = (self.saving.saved(), self.saving.saves());
        if !self.starts.ask(then, saved, saves, &self.game) {
            self.begin(then, notes, bot);
        }
    }

    /// Starts what a yes (or nothing to lose) allows.
    fn begin(&mut self, then: Then, notes: &mut Notes, bot: bool) {
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
                self.begin_taping(notes);
                self.keep(notes, bot);
            }
            Then::NewRun => {
                let seed = self.starts.next_seed();
                let (style, dice) = (self.game.style(), self.game.dice());
                self.begin_at_title(seed, style, dice);
                self.game.act(Action::NewRun);
            }
            Then::Quit => {
                let outcome = self.game.act(Action::Quit);
                if self.taping {
                    self.replays.tape(Input::Act(Action::Quit));
                }
                if let Some(request) = outcome.request {
                    self.answer(request, notes, bot);
                }
            }
        }
    }

    /// The title, on the day's seed, the book's rooms and dice.
    fn todays_title(&mut self, day: Day) {
        self.begin_at_title(day.seed(), Style::Book, Dice::Book);
        self.starts.pend(day);
    }

    /// A game at its title in place of this one (out of line: see
    /// `at_title`).
    #[inline(never)]
    fn begin_at_title(&mut self, seed: u32, style: Style, dice: Dice) {
        self.replace(Game::at_title(seed, style, dice));
    }

    /// Another game in place of this one: nothing of the old run's pace,
    /// animations or tape is kept.
    fn replace(&mut self, game: Game) {
        if self.taping {
            self.replays.left(&self.game);
        }
        self.saving.new_game(game.turn());
        self.game = game;
        self.tempo.afresh();
        self.taping = false;
        self.replaced = true;
        self.starts.forget_pending();
        self.annals.new_game();
    }

    /// A run has just begun here: its inputs are taped from now, and a run
    /// of the day's dungeon is marked so (counting or practice).
    fn begin_taping(&mut self, notes: &mut Notes) {
        if let Some(day) = self.starts.take_pending() {
            let counts = match self.store.begin_daily(day) {
                Ok(counts) => counts,
                Err(e) => {
                    notes.say(format_args!(
                        "The day's run could not be noted in the hall of fame: {e}."
                    ));
                    true
                }
            };
            self.game.mark_daily(Daily { day, counts });
        }
        self.taping = true;
        let class = self.game.player().class;
        self.replays.start(self.game.seed(), class);
    }

    /// A yes to "a new run?": the run given up is recorded as abandoned,
    /// the one in play (the menu's n) or the saved one (the title's), and
    /// its save removed, so it is never given up (and recorded) twice.
    /// Out of line: a saved run is loaded into a [`Game`] (see `at_title`).
    #[inline(never)]
    fn abandon(&mut self, then: Then, notes: &mut Notes, bot: bool) {
        if self.annals.watching() || then == Then::Quit {
            return;
        }
        if then == Then::NewRun && self.in_play() {
            let end = End {
                game: &self.game,
                ending: Ending::Abandoned,
                replay: self.replays.file(),
                bot,
            };
            let words = self.annals.enter(&mut self.store, &end);
            notes.say_if(words);
        } else if matches!(self.saving.saved(), Saved::Run(_)) {
            let loaded = self.store.read().map(|t| t.map(Game::read_save));
            if let Ok(Some(Ok(game))) = loaded {
                let end = End {
                    game: &game,
                    ending: Ending::Abandoned,
                    replay: None,
                    bot: false,
                };
                if let Err(e) = enter_end(&mut self.store, &end) {
                    notes.say(format_args!(
                        "The abandoned run's record could not be kept: {e}."
                    ));
                }
            }
        } else {
            return;
        }
        let words = self.saving.remove_abandoned(&mut self.store);
        notes.say_if(words);
    }

    /// The title's C: the saved run, in play.
    /// Out of line: the game loaded is a [`Game`] on the stack (see
    /// `at_title`).
    #[inline(never)]
    fn continue_saved(&mut self, notes: &mut Notes) {
        match self.saving.load(&mut self.store) {
            Ok(mut game) => {
                game.resume();
                let depth = game.depth();
                self.replace(game);
                self.saving.continued(depth);
            }
            Err(words) => notes.say(words),
        }
    }

    /// Writes the run to the store; a failure is said.
    fn save(&mut self, notes: &mut Notes) -> Result<(), StoreError> {
        self.saving
            .save(&mut self.store, &self.game)
            .map_err(|unsaved| {
                notes.say_if(unsaved.words());
                unsaved.error()
            })
    }

    /// After every input: a run that has just ended is recorded, and the
    /// save follows the run ([`Saving::follow`]).
    /// Out of line, as `show` is.
    #[inline(never)]
    fn keep(&mut self, notes: &mut Notes, bot: bool) {
        let replay = self.replays.file();
        let words = self.annals.follow(&mut self.store, &self.game, replay, bot);
        notes.say_if(words);
        let words = self.saving.follow(&mut self.store, &self.game);
        notes.say_if(words);
    }
}
