//! A run of the game: one value that holds everything (the dice, the floor,
//! the player, the log, the state of the screen) and takes what a person
//! asks for, one [`Action`] at a time. The core has no clock: a turn passes
//! when an action takes one, and everything that happens in it happens
//! before `act` returns.
//!
//! The rules are split by what they are about: `turn` (steps, traps, the
//! monsters' turn, statuses), `combat` (who hits whom, for how much, and
//! the line a missile flies), `items` (the pack and the floor's items),
//! `aim` (bow, throwing and Lightning), `place` (a new floor's monsters,
//! items, gold and traps). `state` holds the types that say what a run is
//! doing, `debug` the F-key aids, `invariants` what stays true.

mod aim;
pub mod auto;
mod combat;
pub mod command;
mod debug;
mod invariants;
mod items;
mod place;
pub mod save;

mod turn;

use crate::fov;
use crate::geom::{Dir, Point};
use crate::input::Action;
use crate::level::Level;
use crate::log::Log;
use crate::map::Map;
use crate::mapgen::floor;
use crate::player::{Class, Player};
use crate::rng::{Dice, Rng};
use crate::rules::Rules;
use crate::text::line;

pub use crate::state::{Aim, Cause, Event, InventoryMode, Outcome, Question, Request, State};
pub use aim::RANGE;
pub use combat::{SHOOTING_RANGE, clear_shot, flight};
pub use debug::{CaveSteps, DebugView};
pub use place::{
    CAVE_MONSTERS_PERCENT, GOLD_MIN, GOLD_PILES_MAX, GOLD_PILES_MIN, MONSTERS_BASE,
    MONSTERS_PER_FLOOR,
};

/// A hurt player heals 1 HP every `REGENERATION` turns, not while poisoned.
pub const REGENERATION: u32 = 10;
/// The most events (for animations) waiting for the shell; older ones are
/// dropped when it does not take them.
pub const MAX_EVENTS: usize = 32;

/// A run of the game.
#[derive(Clone, Debug)]
pub struct Game {
    seed: u32,
    rng: Rng,
    state: State,
    /// Where Help and the menu go back to.
    back: State,
    turn: u32,
    level: Level,
    player: Player,
    log: Log,
    events: heapless::Deque<Event, MAX_EVENTS>,
    /// The aiming or looking cursor.
    cursor: Point,
    cause: Option<Cause>,
    debug: DebugView,
    command: Option<command::Command>,
    last_stop: Option<command::Stop>,
    /// Whose dungeons the floors of rooms are (the title's D).
    style: floor::Style,
    /// A run of a day's dungeon (the title's T): the day, and whether it
    /// counts. Said on the panel, kept in the save, not in its hash.
    daily: Option<crate::daily::Daily>,
    /// What the commands do on their own (the book's unless the player
    /// says otherwise).
    automation: auto::Automation,
}

impl Game {
    /// A game at its title screen, for a seed (0 is a seed like any other
    /// here: the shells choose a random one before they call this).
    pub fn new(seed: u32) -> Game {
        Game {
            seed,
            rng: Rng::new(seed),
            state: State::Title,
            back: State::Title,
            turn: 0,
            level: Level::empty(),
            player: Player::new(Class::Fighter),
            log: Log::new(),
            events: heapless::Deque::new(),
            cursor: Point::new(0, 0),
            cause: None,
            debug: DebugView::default(),
            command: None,
            last_stop: None,
            style: floor::Style::Book,
            daily: None,
            automation: auto::Automation::BOOK,
        }
    }

    /// A new run of a class on the book's rooms and dice, past the title
    /// screen: floor 1, the player at its start.
    pub fn new_run(seed: u32, class: Class) -> Game {
        Game::new_run_on(seed, class, floor::Style::Book, Dice::Book)
    }

    /// A new run of a class on floors of a style, rolled on an engine's
    /// dice under the newest rules for them.
    pub fn new_run_on(seed: u32, class: Class, style: floor::Style, dice: Dice) -> Game {
        Game::new_run_under(seed, class, style, Rules::newest(dice))
    }

    /// A new run of a class on floors of a style, under a rule set.
    pub fn new_run_under(seed: u32, class: Class, style: floor::Style, rules: Rules) -> Game {
        let mut game = Game::at_title_under(seed, style, rules);
        game.start_as(class);
        game
    }

    /// A game at its title, its floors to be of a style and its dice of an
    /// engine, under the newest rules for them.
    pub fn at_title(seed: u32, style: floor::Style, dice: Dice) -> Game {
        Game::at_title_under(seed, style, Rules::newest(dice))
    }

    /// A game at its title, its floors to be of a style, under a rule set.
    pub fn at_title_under(seed: u32, style: floor::Style, rules: Rules) -> Game {
        let mut game = Game::new(seed);
        game.style = style;
        game.rng.reseed(rules, seed);
        game
    }

    /// Whose dungeons the floors of rooms are.
    pub fn style(&self) -> floor::Style {
        self.style
    }

    /// Whose dice the run rolls (the title's D chooses, with the style).
    pub fn dice(&self) -> Dice {
        self.rng.dice()
    }

    /// The rule set the run plays by.
    pub fn rules(&self) -> Rules {
        self.rng.rules()
    }

    /// A run on a hand-made floor with nothing on it yet, for tests and
    /// tools: the floor's stairs are where the map has them, and the whole
    /// map is one area.
    pub fn with_floor(seed: u32, class: Class, depth: i32, map: Map, start: Point) -> Game {
        let mut game = Game::new(seed);
        game.player = Player::new(class);
        game.state = State::Playing;
        game.level = Level::empty();
        game.level.depth = depth;
        game.level.stairs = (0..crate::map::MAP_CELLS)
            .map(Map::point_of)
            .find(|&p| map.at(p) == crate::map::Terrain::StairsDown);
        game.level.map = map;
        let whole = crate::geom::Rect::new(0, 0, crate::map::MAP_W, crate::map::MAP_H);
        game.level
            .areas
            .push(whole)
            .expect("the first area of an empty floor");
        game.level.start = start;
        game.player.pos = start;
        game.update_view();
        game
    }

    /// The floor, to change by hand, for tests and tools: what is changed
    /// here does not go through the rules.
    #[cfg(any(test, feature = "test-support"))]
    pub fn level_mut(&mut self) -> &mut Level {
        &mut self.level
    }

    /// The run ends in death, by `cause`, as a blow would end it (tests
    /// of what follows an end).
    #[cfg(any(test, feature = "test-support"))]
    pub fn die_for_tests(&mut self, cause: Cause) {
        self.player.hp = 0;
        self.die(cause);
    }

    /// The log, to fill by hand (tests of what shows it).
    #[cfg(any(test, feature = "test-support"))]
    pub fn log_mut_for_tests(&mut self) -> &mut Log {
        &mut self.log
    }

    /// The player, to change by hand (tests and tools).
    #[cfg(any(test, feature = "test-support"))]
    pub fn player_mut(&mut self) -> &mut Player {
        &mut self.player
    }

    /// Works out the view again after a change by hand.
    #[cfg(any(test, feature = "test-support"))]
    pub fn refresh_view(&mut self) {
        self.update_view();
    }

    /// The day's dungeon this run is, if it is one.
    pub fn daily(&self) -> Option<crate::daily::Daily> {
        self.daily
    }

    /// Marks the run as a day's dungeon (the session does, as it begins).
    pub fn mark_daily(&mut self, daily: crate::daily::Daily) {
        self.daily = Some(daily);
    }

    /// The run's seed.
    pub fn seed(&self) -> u32 {
        self.seed
    }
    /// What the screen shows, and so what keys mean.
    pub fn state(&self) -> State {
        self.state
    }
    /// The turns played.
    pub fn turn(&self) -> u32 {
        self.turn
    }
    /// The floor, 1 to 9.
    pub fn depth(&self) -> i32 {
        self.level.depth
    }
    /// The floor being played.
    pub fn level(&self) -> &Level {
        &self.level
    }
    /// The player.
    pub fn player(&self) -> &Player {
        &self.player
    }
    /// The messages.
    pub fn log(&self) -> &Log {
        &self.log
    }
    /// The aiming or looking cursor.
    pub fn cursor(&self) -> Point {
        self.cursor
    }
    /// What killed the player, once something has.
    pub fn cause_of_death(&self) -> Option<Cause> {
        self.cause
    }
    /// The debugging aids' switches.
    pub fn debug(&self) -> &DebugView {
        &self.debug
    }
    /// The run's dice, to compare runs (tests, replays).
    pub fn rng(&self) -> &Rng {
        &self.rng
    }

    /// The next event for the shell to animate, oldest first.
    pub fn take_event(&mut self) -> Option<Event> {
        self.events.pop_front()
    }

    fn event(&mut self, e: Event) {
        if self.events.is_full() {
            self.events.pop_front();
        }
        self.events
            .push_back(e)
            .expect("room was made on a full queue above");
    }

    /// Does what a person asked for, if it means anything in this state.
    pub fn act(&mut self, action: Action) -> Outcome {
        // While a command runs, any action stops it and does nothing else;
        // but a click's travel is the book's `travelTo`, which starts in its
        // place or is refused and lets it run on.
        if self.command.is_some() {
            match action {
                Action::TravelTo(p) if self.state == State::Playing => {
                    self.log.mark_read();
                    self.travel_to(p);
                }
                _ => self.interrupt(),
            }
            return Outcome::default();
        }
        if let Action::Debug(d) = action {
            self.toggle_debug(d);
            return Outcome::default();
        }
        let seen = self
            .rules()
            .edition()
            .says_monsters_seen
            .then(|| self.in_view());
        let outcome = self.on_state(action);
        if let Some(before) = seen
            && outcome.turn_passed
        {
            self.say_newly_seen(before);
        }
        outcome
    }

    /// Which of the floor's monsters are in view, a bit each by their
    /// place in its list.
    fn in_view(&self) -> u64 {
        const _: () = assert!(crate::level::MAX_MONSTERS <= 64, "a bit each");
        let mut bits = 0;
        for (i, m) in self.level.monsters.iter().enumerate() {
            if self.level.visible.contains(m.pos) {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// After a turn a key played (`says_monsters_seen`): the first monster
    /// in view that was not before it, said as a command's stop says it.
    /// Only when more are in view than before, so a monster that died or
    /// left the list moves no other into its bit. Out of line: its words
    /// would sit in `act`'s frame, under every turn (the Cortex-M3's
    /// stack).
    #[inline(never)]
    fn say_newly_seen(&mut self, before: u64) {
        let now = self.in_view();
        if self.state != State::Playing || now.count_ones() <= before.count_ones() {
            return;
        }
        let new = now & !before;
        if new == 0 {
            return;
        }
        // In a command's stop's own words.
        let kind = self.level.monsters[new.trailing_zeros() as usize].kind;
        let stop = command::Stop {
            reason: command::StopReason::MonsterInView(kind),
            refused: false,
        };
        self.log.add(stop.text());
    }

    /// An action, by the state it finds. Inlined: `act` keeps one frame.
    #[inline(always)]
    fn on_state(&mut self, action: Action) -> Outcome {
        match self.state {
            State::Title => self.on_title(action),
            State::ChooseClass => {
                match action {
                    Action::ChooseClass(class) => self.start_as(class),
                    Action::Cancel => self.state = State::Title,
                    _ => {}
                }
                Outcome::default()
            }
            State::Playing => self.on_playing(action),
            State::Aiming(aim) => self.on_aiming(aim, action),
            State::Looking => {
                match action {
                    Action::Cursor(d) => self.move_cursor(d),
                    Action::CursorTo(p) => self.cursor_to(p),
                    Action::Cancel => self.state = State::Playing,
                    _ => {}
                }
                Outcome::default()
            }
            State::Inventory(pack) => self.on_inventory(pack, action),
            State::Confirming(q) => self.on_question(q, action),
            State::Menu => self.on_menu(action),
            State::Help => {
                self.state = self.back;
                Outcome::default()
            }
            State::Dead | State::Won => Outcome {
                turn_passed: false,
                request: (action == Action::Cancel).then_some(Request::Title),
            },
        }
    }

    fn on_title(&mut self, action: Action) -> Outcome {
        if self.debug.cave.is_some() {
            // F6's cave has the screen: the title's keys wait, but Esc
            // puts the title back.
            if action == Action::Quit {
                self.debug.cave = None;
            }
            return Outcome::default();
        }
        match action {
            Action::NewRun => self.state = State::ChooseClass,
            Action::Continue => {
                return Outcome {
                    turn_passed: false,
                    request: Some(Request::Continue),
                };
            }
            Action::Help => {
                self.back = State::Title;
                self.state = State::Help;
            }
            Action::NextStyle => {
                // Every style on the book's dice, then every style on
                // xorshift's, then round again.
                self.style = self.style.next();
                if self.style == floor::Style::Book {
                    let dice = match self.rng.dice() {
                        Dice::Book => Dice::Xorshift,
                        Dice::Xorshift => Dice::Book,
                    };
                    self.rng.reseed(Rules::newest(dice), self.seed);
                }
            }
            Action::Quit => {
                return Outcome {
                    turn_passed: false,
                    request: Some(Request::Quit),
                };
            }
            _ => {}
        }
        Outcome::default()
    }

    fn on_menu(&mut self, action: Action) -> Outcome {
        let request = match action {
            Action::Cancel => {
                self.state = State::Playing;
                None
            }
            Action::SaveAndQuit => Some(Request::SaveAndQuit),
            Action::Quit => Some(Request::Quit),
            Action::NewRun => Some(Request::NewRun),
            _ => None,
        };
        Outcome {
            turn_passed: false,
            request,
        }
    }

    fn on_question(&mut self, q: Question, action: Action) -> Outcome {
        let Action::Confirm(yes) = action else {
            return Outcome::default();
        };
        self.state = State::Playing;
        if !yes {
            return Outcome::default();
        }
        match q {
            Question::LeaveAmulet => {
                self.go_down();
                Outcome::default()
            }
            Question::StepOnto(dir) => self.step_onto(dir),
        }
    }

    fn on_playing(&mut self, action: Action) -> Outcome {
        self.log.mark_read();
        let turn_passed = match action {
            Action::Move(d) => self.player_step(d),
            Action::Wait => {
                self.player.searches = 0;
                true
            }
            Action::PickUp => self.pick_up(),
            Action::Drop => {
                self.state = State::Inventory(InventoryMode::Drop);
                false
            }
            Action::Inventory => {
                self.state = State::Inventory(InventoryMode::Browse);
                false
            }
            Action::Look => {
                self.cursor = self.player.pos;
                self.state = State::Looking;
                false
            }
            Action::Close => self.close_door(),
            Action::Search => self.search(true),
            Action::Fire => self.start_aim(Aim::Fire),
            Action::Throw => self.start_throw(),
            Action::Cast => self.start_aim(Aim::Cast),
            Action::Descend => self.descend(),
            // The commands that run over turns take none at once.
            Action::Rest | Action::Explore | Action::KeepSearching => {
                match action {
                    Action::Rest => self.rest(),
                    Action::Explore => self.explore(),
                    _ => self.keep_searching(),
                }
                false
            }
            Action::TravelTo(p) => {
                self.travel_to(p);
                false
            }
            Action::Help => {
                self.back = State::Playing;
                self.state = State::Help;
                false
            }
            Action::Menu => {
                self.state = State::Menu;
                false
            }
            _ => false,
        };
        if turn_passed {
            self.finish_turn();
        }
        Outcome {
            turn_passed,
            request: None,
        }
    }

    /// Back to play from the menu or the help over it, as a run saved from
    /// the menu is continued: in play, not in the menu it was saved from.
    pub fn resume(&mut self) {
        match self.state {
            State::Menu => self.state = State::Playing,
            State::Help if self.back == State::Playing => self.state = State::Playing,
            _ => {}
        }
    }

    /// Starts a new run as a class: floor 1, from the run's own dice, under
    /// the run's rule set.
    pub fn start_as(&mut self, class: Class) {
        self.rng.reseed(self.rng.rules(), self.seed);
        self.player = Player::new(class);
        self.turn = 0;
        self.log = Log::new();
        self.cause = None;
        self.state = State::Playing;
        self.new_level(1);
        self.log.add(line(format_args!(
            "Welcome, {}. Find the Amulet on each floor, and the ninth one wins.",
            class.name()
        )));
    }

    /// Makes the floor at a depth and puts the player on it, in the order
    /// docs/rules.md gives ("What a floor holds"): the map, the player, the
    /// stairs, the Amulet, monsters, items, gold, traps.
    fn new_level(&mut self, depth: i32) {
        self.command = None;
        let f = floor::assemble_styled(depth, self.style, &mut self.rng);
        self.level = Level::empty();
        self.level.depth = depth;
        self.level.map = f.map;
        self.level.areas = f.areas;
        self.level.stairs = f.stairs;
        self.level.start = f.start;
        self.player.pos = f.start;
        place::furnish(&mut self.level, &mut self.rng);
        self.update_view();
    }

    /// Goes down the stairs to the next floor.
    fn go_down(&mut self) {
        let depth = self.level.depth + 1;
        self.new_level(depth);
        self.log.say("You go down the stairs");
    }

    /// `>`: down the stairs when on them (asking first if this floor's
    /// Amulet is still here); off them, travel to them once seen.
    fn descend(&mut self) -> bool {
        if self.level.stairs == Some(self.player.pos) {
            if self.level.amulet_still_here() {
                self.state = State::Confirming(Question::LeaveAmulet);
                self.log
                    .say("Leave this floor's Amulet behind for good? (y or n)");
            } else {
                self.go_down();
            }
        } else {
            self.travel_to_stairs();
        }
        false
    }

    /// Works out what the player sees, remembers it, and notes the items
    /// seen for the first time.
    fn update_view(&mut self) {
        let level = &mut self.level;
        fov::update(
            &level.map,
            self.player.pos,
            &mut level.visible,
            &mut level.explored,
        );
        for item in level.items.iter_mut() {
            if level.visible.contains(item.pos) {
                item.seen = true;
            }
        }
    }

    fn move_cursor(&mut self, d: Dir) {
        let p = self.cursor.step(d);
        if Map::in_bounds(p) {
            self.cursor = p;
        }
    }

    fn cursor_to(&mut self, p: Point) {
        if Map::in_bounds(p) {
            self.cursor = p;
        }
    }

    /// The player has died: the end screen follows.
    fn die(&mut self, cause: Cause) {
        self.cause = Some(cause);
        self.state = State::Dead;
        self.log.say("You die...");
    }
}
