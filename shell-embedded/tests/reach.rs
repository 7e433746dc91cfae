//! Every action of the core's binding table can be reached from the title
//! with the board's buttons alone. Nothing here lists the actions or the
//! way to each: a breadth-first search presses every button (and B with
//! each direction, and lets time pass) from every place the buttons reach,
//! through the shell and the session, and the actions the session handed
//! on are then held against the core's tables.

use amulets_core::game::{Game, State};
use amulets_core::geom::{Dir, Point};
use amulets_core::input::Action;
use amulets_core::player::Class;
use amulets_core::replay::Input;
use amulets_embedded::keypad::Keypad;
use amulets_embedded::{Buttons, Layout, Mode, Shell};
use amulets_play::bindings::{self, Binding, Does, Underfoot, Verb};
use amulets_play::keymap::Keymap;
use amulets_play::pad::Controls;
use amulets_play::replays::Replays;
use amulets_play::session::{Session, Start};
use amulets_play::store::SaveText;
use amulets_play::view::Hands;
use common::{Counting, Holding};
use std::cell::RefCell;
use std::collections::{HashSet, VecDeque};
use std::rc::Rc;

mod common;

/// Every state and action the session handed on, shared by every copy of
/// the session the search makes.
#[derive(Clone, Default)]
struct Seen(Rc<RefCell<Vec<(State, Verb)>>>);

impl Replays for Seen {
    fn start(&mut self, _: u32, _: Class) {}
    fn tape(&mut self, _: Input) {}
    fn saw(&mut self, state: State, verb: Verb) {
        let mut seen = self.0.borrow_mut();
        if !seen.contains(&(state, verb)) {
            seen.push((state, verb));
        }
    }
}

type Run = Session<(Holding, Seen, fn() -> u32)>;

fn five() -> u32 {
    5
}

/// The saved run, for the places a new run's first floor is far from: a
/// Fighter of 1 hit point on the stairs down, the floor's Amulet in the
/// room and a hunting ogre beside him. The press asks whether to leave the
/// Amulet behind, and a turn or two ends the run.
fn a_run_about_to_end() -> Game {
    let map = amulets_core::map::Map::from_rows(&[
        "#######", "#.....#", "#.>...#", "#.....#", "#.....#", "#######",
    ])
    .unwrap();
    let mut game = Game::with_floor(11, Class::Fighter, 1, map, Point::new(2, 2));
    game.player_mut().hp = 1;
    game.level_mut()
        .items
        .push(amulets_core::item::FloorItem {
            item: amulets_core::item::Item::one(amulets_core::item::kinds::AMULET),
            pos: Point::new(5, 4),
            seen: true,
            left: false,
        })
        .unwrap();
    common::hunting(&mut game, "ogre", Point::new(3, 2));
    game.refresh_view();
    game
}

/// What the player can do next: press a button and let it go, press a
/// direction with B held, or let time pass while a command runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Press {
    /// A gamepad's Y and Start.
    Help,
    Start,
    Tap(Buttons),
    Turned(Buttons),
    Wait,
    /// Five keys held together this many ms (select is the press), then
    /// let go.
    Keys(Buttons, u64),
}

fn button(f: impl Fn(&mut Buttons)) -> Buttons {
    let mut b = Buttons::NONE;
    f(&mut b);
    b
}

/// What five keys can do: each tapped, select with each direction, two
/// neighbours together, and select held.
fn five_key_presses() -> Vec<Press> {
    let one = |f: fn(&mut Buttons)| button(f);
    let (up, down, left, right) = (
        one(|b| b.up = true),
        one(|b| b.down = true),
        one(|b| b.left = true),
        one(|b| b.right = true),
    );
    let with = |a: Buttons, b: Buttons| {
        Buttons::from_array(core::array::from_fn(|i| a.to_array()[i] || b.to_array()[i]))
    };
    let select = one(|b| b.press = true);
    let mut all: Vec<Press> = [up, down, left, right, select]
        .iter()
        .map(|&b| Press::Keys(b, 100))
        .collect();
    all.extend([up, down, left, right].map(|d| Press::Keys(with(select, d), 100)));
    all.extend(
        [(up, left), (up, right), (down, left), (down, right)]
            .map(|(a, b)| Press::Keys(with(a, b), 100)),
    );
    all.extend([Press::Keys(select, 800), Press::Wait]);
    all
}

fn presses() -> Vec<Press> {
    let dirs = [
        button(|b| b.up = true),
        button(|b| b.down = true),
        button(|b| b.left = true),
        button(|b| b.right = true),
    ];
    let others = [
        button(|b| b.press = true),
        button(|b| b.a = true),
        button(|b| b.b = true),
        button(|b| b.c = true),
    ];
    let mut all: Vec<Press> = dirs.iter().chain(&others).map(|&b| Press::Tap(b)).collect();
    all.extend(dirs.iter().map(|&d| Press::Turned(d)));
    all.extend([Press::Wait, Press::Help, Press::Start]);
    all
}

/// What the buttons go through: the board's shell, or a gamepad's
/// controls (the SDL game's: the core's pad, with Y and Start besides).
#[derive(Clone)]
enum Driver {
    Board(Box<Shell<Counting>>),
    Gamepad(Controls),
    /// Five keys through the kit's keypad (debouncer, five keys, pad).
    FiveKeys(Keypad),
}

/// A place the search has reached.
#[derive(Clone)]
struct Place {
    session: Run,
    shell: Driver,
    now: u64,
}

impl Place {
    fn buttons(&mut self, held: &[Buttons]) {
        for &b in held {
            self.now += 20;
            match &mut self.shell {
                Driver::Board(shell) => shell.update(&mut self.session, b, self.now),
                Driver::Gamepad(c) => c.update(&mut self.session, b, self.now),
                Driver::FiveKeys(k) => {
                    k.update(&mut self.session, b, self.now);
                }
            }
        }
    }

    /// Five keys held `ms`, then let go until the keypad has taken them
    /// (read every 5 ms, as steady as the debouncer wants).
    fn keys(&mut self, keys: Buttons, ms: u64) {
        let Driver::FiveKeys(k) = &mut self.shell else {
            return;
        };
        let end = self.now + ms;
        while self.now < end {
            self.now += 5;
            k.update(&mut self.session, keys, self.now);
        }
        for _ in 0..40 {
            self.now += 5;
            k.update(&mut self.session, Buttons::NONE, self.now);
        }
    }

    /// Does `press`; false when it can do nothing here (time passing with
    /// no command running).
    fn press(&mut self, press: Press) -> bool {
        // A second between inputs, as a player takes: no press is typed
        // ahead of what the last one brought (a command's steps keep their
        // own pace).
        if !self.session.game().command_running() {
            self.now += 1000;
        }
        match press {
            Press::Help | Press::Start => {
                let Driver::Gamepad(c) = &mut self.shell else {
                    return false;
                };
                if press == Press::Help {
                    c.help(&mut self.session);
                } else {
                    c.start(&mut self.session);
                }
            }
            Press::Keys(b, ms) => self.keys(b, ms),
            Press::Tap(b) => self.buttons(&[b, Buttons::NONE]),
            Press::Turned(d) => {
                let b = button(|b| b.b = true);
                self.buttons(&[b, Buttons { b: true, ..d }, b, Buttons::NONE]);
            }
            Press::Wait => {
                if !self.session.game().command_running() {
                    return false;
                }
                // A whole floor explored is some thousands of steps.
                for _ in 0..20_000 {
                    if !self.session.game().command_running() {
                        break;
                    }
                    match self.shell {
                        Driver::FiveKeys(_) => self.keys(Buttons::NONE, 20),
                        _ => self.buttons(&[Buttons::NONE]),
                    }
                }
            }
        }
        true
    }

    /// What tells two places apart for what the buttons can do from them:
    /// the game's state and what is asked, where the shell's buttons are
    /// (its mode, without the travel cursor's cell or the log's line, and
    /// the chosen line), the class, what is underfoot, whether the stairs
    /// are known (the menu's Stairs travels to them only then), whether a
    /// command runs and, on the map with no menu, how much of the floor is
    /// explored in steps of 50 cells (an explore that stops for a monster
    /// in view is pressed again from a new place). Where on the floor is
    /// left out, or the search would walk every floor cell by cell.
    fn key(&self) -> String {
        let game = self.session.game();
        let (mode, choice) = match &self.shell {
            Driver::Board(shell) => shell.focus(),
            Driver::Gamepad(c) => (c.mode(), c.choice()),
            Driver::FiveKeys(k) => (k.controls.mode(), k.controls.choice()),
        };
        let explored = match (game.state(), mode) {
            (State::Playing, Mode::Play) => game.level().explored.len() / 50,
            _ => 0,
        };
        let mode = match mode {
            Mode::Travel(_) => "travel".to_string(),
            m => format!("{m:?}"),
        };
        format!(
            "{:?} {} {mode} {choice} {:?} {:?} {} {} {}",
            game.state(),
            self.session.run().asking(),
            game.player().class,
            Underfoot::of(game.level(), game.player().pos),
            game.known_stairs().is_some(),
            explored,
            game.command_running()
        )
    }
}

/// The search: every place the buttons reach from the title, breadth
/// first. Returns what the session was handed and how many places.
fn search(seed: u32, keymap: &Keymap, hands: Hands) -> (Vec<(State, Verb)>, usize) {
    let seen = Seen::default();
    let store = Holding(SaveText(&a_run_about_to_end()).to_string(), None);
    let start = Start {
        seed: Some(seed),
        ..Start::default()
    };
    let mut session = Session::new(store, seen.clone(), five as fn() -> u32, start);
    session.prefs.set_keymap(keymap.clone());
    assert_eq!(session.game().state(), State::Title);
    let root = Place {
        session,
        shell: match hands {
            Hands::Gamepad => Driver::Gamepad(Controls::gamepad()),
            Hands::Board => Driver::Board(Box::new(Shell::new(Counting::default(), Layout::Full))),
            Hands::FiveKeys => Driver::FiveKeys(Keypad::new()),
        },
        now: 0,
    };
    let presses = match hands {
        Hands::FiveKeys => five_key_presses(),
        _ => presses(),
    };
    let mut known = HashSet::from([root.key()]);
    let mut queue = VecDeque::from([root]);
    while let Some(place) = queue.pop_front() {
        for &p in &presses {
            let mut next = place.clone();
            if !next.press(p) || next.session.run().finished() {
                continue;
            }
            if known.insert(next.key()) {
                queue.push_back(next);
            }
        }
        assert!(known.len() < 20_000, "the search does not end");
    }
    let actions = seen.0.borrow().clone();
    (actions, known.len())
}

/// True when `table` is one of the tables of `state`'s keys (the same
/// bindings: the tables are constants, which have no one address).
fn in_tables(state: State, table: &[Binding]) -> bool {
    bindings::tables(state)
        .iter()
        .any(|&t| !t.is_empty() && t == table)
}

#[test]
fn every_action_of_the_binding_table_is_reached_by_the_buttons() {
    every_action_is_reached(&Keymap::new(), Hands::Board);
}

/// A gamepad (the SDL game's) is the board's pad with Y for the help and
/// Start for the menu: its buttons reach every action too.
#[test]
fn every_action_is_reached_by_a_gamepad() {
    every_action_is_reached(&Keymap::new(), Hands::Gamepad);
}

/// The LM3S6965 kit's five keys, through the keypad the firmware reads
/// them with, reach every action too (select and a direction for A, B
/// and C, select held for C, two keys for a diagonal).
#[test]
fn every_action_is_reached_by_five_keys() {
    every_action_is_reached(&Keymap::new(), Hands::FiveKeys);
}

/// A gamepad or a phone's pad plays a desktop or page game, whose player
/// may have a keymap: the buttons give the keys in force, and reach every
/// action under each preset as under the book's keys.
#[test]
fn the_buttons_reach_every_action_under_each_preset_keymap() {
    for (name, _) in amulets_play::keymap::PRESETS {
        println!("{name}:");
        every_action_is_reached(&Keymap::preset(name).unwrap(), Hands::Board);
    }
}

fn every_action_is_reached(keymap: &Keymap, hands: Hands) {
    let (seen, places) = search(5, keymap, hands);
    println!("{places} places, {} actions in their states", seen.len());
    // Each binding of each state the board can be in: its action was handed
    // on in a state that has its table.
    let took = |table: &[Binding], wanted: &dyn Fn(Verb) -> bool| {
        seen.iter().any(|&(s, a)| wanted(a) && in_tables(s, table))
    };
    let mut missing = Vec::new();
    for state in bindings::STATES {
        for table in bindings::tables(state) {
            // The debugging aids change nothing of a run, and a board has
            // no keys for them; the table says so with no `pad` column.
            if table
                .iter()
                .all(|b| matches!(b.action(), Some(Verb::Game(Action::Debug(_)))))
            {
                assert!(table.iter().all(|b| b.pad.is_empty()));
                continue;
            }
            for b in table {
                let reached = match b.does {
                    // The day's dungeon needs a clock, which a board has
                    // not: the title shows T as not to be chosen.
                    Does::Act(Verb::Daily) => !took(table, &|a| a == Verb::Daily),
                    Does::Act(want) => took(table, &|a| a == want),
                    Does::Move => Dir::ALL
                        .iter()
                        .all(|&d| took(table, &|a| a == Action::Move(d).into())),
                    Does::Cursor => Dir::ALL
                        .iter()
                        .all(|&d| took(table, &|a| a == Action::Cursor(d).into())),
                    Does::Letter => took(table, &|a| matches!(a, Verb::Game(Action::Letter(_)))),
                    // The mouse's click: travel, while playing (the board's
                    // travel cursor). Aiming's click fires where the
                    // cursor's press does (Select, above).
                    Does::Click if state == State::Playing => {
                        took(table, &|a| matches!(a, Verb::Game(Action::TravelTo(_))))
                    }
                    Does::Click => true,
                };
                if !reached {
                    missing.push(format!("{state:?}: {} ({})", b.label, b.words));
                }
            }
        }
    }
    // "A new run?", asked over the title when a save would be lost.
    for b in &bindings::ABANDON {
        if !seen.iter().any(|&(_, a)| Some(a) == b.action()) {
            missing.push(format!("asked: {} ({})", b.label, b.words));
        }
    }
    assert!(missing.is_empty(), "not reached: {missing:#?}");
    // Every class played, each with its own kit: the Wizard's spell, the
    // bow and the throw are each some class's.
    for class in [Class::Fighter, Class::Rogue, Class::Wizard] {
        let chosen = Action::ChooseClass(class);
        assert!(seen.iter().any(|&(_, a)| a == chosen.into()), "{class:?}");
    }
    // The keys a board has none of are the debugging aids' only.
    let keys_only: Vec<&str> = bindings::PLAYING
        .iter()
        .filter(|b| b.pad.is_empty())
        .map(|b| b.label)
        .collect();
    assert!(keys_only.is_empty(), "{keys_only:?}");
}
