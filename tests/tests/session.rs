//! The `Session`, the one driver of a run, as a shell meets it: the same
//! keys give the same run whatever shape of events fed them; the save is
//! written on arrival, every `AUTOSAVE_TURNS` turns, when a command ends, on
//! save and quit and on close; a save that fails stands on the panel;
//! a saved run is never replaced without asking; a damaged save is set
//! aside; a recorded run plays back to where it ended.

use amulets_core::game::{Game, State};
use amulets_core::geom::Point;
use amulets_core::input::{Action, Key};
use amulets_core::item::{Item, kinds};
use amulets_core::map::Map;
use amulets_core::player::Class;
use amulets_core::replay::{self, Input, state_hash};
use amulets_core::rng::Dice;
use amulets_core::text::{Line, Note, line};
use amulets_play::bindings::Pointer;
use amulets_play::replays::Replays;
use amulets_play::session::{AUTOSAVE_TURNS, REPEAT_DELAY_MS, REPEAT_MS, Saved, Session, Start};
use amulets_play::store::{Colours, Fame, Records, SaveText, Saves, StoreError};

/// A store in memory that counts what is done to it.
#[derive(Default)]
struct Memory {
    text: Option<String>,
    writes: u32,
    removes: u32,
    set_aside: Vec<String>,
    busy: bool,
    /// This many writes fail, as on a full disk, before one succeeds.
    full_for: u32,
    /// Reading fails so, while the text stays there.
    read_fails: Option<StoreError>,
    /// Claims refused as held by another game before one is granted (the
    /// other game quits).
    busy_claims: u32,
}

impl Memory {
    fn holding(game: &Game) -> Memory {
        Memory {
            text: Some(SaveText(game).to_string()),
            ..Memory::default()
        }
    }
}

impl Saves for Memory {
    fn claim(&mut self) -> Result<(), StoreError> {
        if self.busy {
            Err(StoreError::Busy)
        } else if self.busy_claims > 0 {
            self.busy_claims -= 1;
            Err(StoreError::Busy)
        } else {
            Ok(())
        }
    }

    fn read(&mut self) -> Result<Option<&str>, StoreError> {
        if let Some(e) = &self.read_fails {
            return Err(e.clone());
        }
        Ok(self.text.as_deref())
    }

    fn write(&mut self, save: &SaveText<'_>) -> Result<(), StoreError> {
        assert!(!self.busy, "a session wrote to a store it does not hold");
        if self.full_for > 0 {
            self.full_for -= 1;
            return Err(StoreError::Full);
        }
        self.writes += 1;
        self.text = Some(save.to_string());
        Ok(())
    }

    fn set_aside(&mut self) -> Result<Line, StoreError> {
        self.set_aside.push(self.text.take().unwrap_or_default());
        Ok(line(format_args!("as save.bad")))
    }

    fn remove(&mut self) -> Result<(), StoreError> {
        self.removes += 1;
        self.text = None;
        Ok(())
    }

    fn name(&self) -> &'static str {
        amulets_play::store::THE_SAVED_RUN
    }
}

/// Keeps no records, and so no hall.
impl Records for Memory {
    fn stamp(&mut self) -> amulets_play::morgue::Stamp {
        amulets_play::morgue::Stamp::Numbered(1)
    }

    fn keep_record(
        &mut self,
        _: &amulets_play::morgue::End<'_>,
        _: amulets_play::morgue::Stamp,
    ) -> Result<Option<Note>, StoreError> {
        Ok(None)
    }

    fn read_record(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    fn record(&self) -> Option<&str> {
        None
    }
}

impl Fame for Memory {
    fn change_hall<T>(
        &mut self,
        change: impl FnOnce(&mut amulets_play::fame::Hall) -> T,
    ) -> Result<T, StoreError> {
        Ok(change(&mut amulets_play::fame::Hall::new()))
    }

    fn read_hall(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    fn hall(&self) -> Option<&str> {
        None
    }
}

impl Colours for Memory {
    fn palette(&mut self) -> Option<amulets_play::palettes::Palette> {
        None
    }

    fn keep_palette(&mut self, _: amulets_play::palettes::Palette) -> Result<(), StoreError> {
        Ok(())
    }
}

/// Records into a vector.
#[derive(Default)]
struct Tape {
    run: Option<(u32, Class)>,
    inputs: Vec<Input>,
}

impl Replays for Tape {
    fn start(&mut self, seed: u32, class: Class) {
        self.run = Some((seed, class));
        self.inputs.clear();
    }
    fn tape(&mut self, input: Input) {
        self.inputs.push(input);
    }
}

/// Seeds from 1000 up, one a call: what the OS would give, but known.
fn counting() -> impl FnMut() -> u32 {
    let mut next = 1000;
    move || {
        next += 1;
        next
    }
}

fn session(store: Memory, start: Start) -> Session<(Memory, Tape, impl FnMut() -> u32)> {
    Session::new(store, Tape::default(), counting(), start)
}

fn run_of(seed: u32, class: Class) -> Start {
    Start {
        seed: Some(seed),
        class: Some(class),
        ..Start::default()
    }
}

fn screen_text(s: &Session<(Memory, Tape, impl FnMut() -> u32)>) -> Vec<String> {
    s.drawn()
        .screen()
        .map(|sc| sc.lines().map(str::to_string).collect())
        .unwrap_or_default()
}

// ----- the same keys, whatever the shell -----

/// What a person does, before a shell turns it into events.
#[derive(Clone, Copy)]
enum Do {
    /// A key held down long enough to act this many times.
    Hold(Key, u32),
    /// A key pressed and let go, then time until any command it started
    /// has ended.
    Tap(Key),
    /// A click, then time until the travel ends.
    Click(Point),
}

/// How a shell's events come.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// SDL (and a terminal with keyboard enhancement): a press, the OS's
    /// repeats, a release.
    Repeats,
    /// A terminal that cannot tell a repeat: every repeat is a press.
    Presses,
    /// A board's buttons: a press and a release; the session repeats.
    Held,
}

/// Plays what a person does through a session, shaped as a shell would
/// send it; the clock goes on 30 ms a tick while a command runs.
fn play(shape: Shape, script: &[Do]) -> u64 {
    let mut s = session(Memory::default(), run_of(42, Class::Rogue));
    if let Shape::Held = shape {
        s.keyboard_mut().make_repeats(true);
    }
    let mut now = 0;
    let settle = |s: &mut Session<(Memory, Tape, _)>, now: &mut u64| {
        while s.game().command_running() {
            *now += 30;
            s.tick(*now);
        }
    };
    for &d in script {
        match d {
            Do::Hold(key, n) => match shape {
                Shape::Repeats => {
                    s.press(key);
                    for _ in 1..n {
                        now += 33;
                        s.tick(now);
                        s.repeat(key);
                    }
                    s.release(key);
                }
                Shape::Presses => {
                    for _ in 0..n {
                        s.press(key);
                        now += 33;
                        s.tick(now);
                    }
                }
                Shape::Held => {
                    s.press(key);
                    for i in 1..u64::from(n) {
                        s.tick(now + REPEAT_DELAY_MS + (i - 1) * REPEAT_MS);
                    }
                    now += REPEAT_DELAY_MS + u64::from(n - 1) * REPEAT_MS - REPEAT_MS / 2;
                    s.tick(now);
                    s.release(key);
                }
            },
            Do::Tap(key) => {
                s.press(key);
                s.release(key);
                settle(&mut s, &mut now);
            }
            Do::Click(cell) => {
                s.point(cell, Pointer::Click);
                settle(&mut s, &mut now);
            }
        }
        now += 500;
        s.tick(now);
    }
    state_hash(s.game())
}

/// The same by actions on a bare `Game`, with no session: the oracle.
fn by_actions(script: &[Do]) -> u64 {
    let mut game = Game::new_run(42, Class::Rogue);
    for &d in script {
        let actions: Vec<Action> = match d {
            Do::Hold(key, n) => (0..n)
                .filter_map(|_| amulets_play::bindings::action_for(game.state(), key))
                .filter_map(amulets_play::bindings::Verb::game)
                .collect(),
            Do::Tap(key) => amulets_play::bindings::action_for(game.state(), key)
                .and_then(amulets_play::bindings::Verb::game)
                .into_iter()
                .collect(),
            Do::Click(cell) => amulets_play::bindings::click_actions(game.state(), cell).to_vec(),
        };
        for a in actions {
            game.act(a);
        }
        while game.command_running() {
            game.step_command();
        }
    }
    state_hash(&game)
}

#[test]
fn the_same_keys_give_the_same_run_whatever_shape_of_events_fed_them() {
    let start = Game::new_run(42, Class::Rogue);
    let room = start.level().areas[0];
    let corner = Point::new(room.x, room.y);
    let script = [
        Do::Hold(Key::Char('l'), 3),
        Do::Hold(Key::Down, 2),
        Do::Tap(Key::Char('s')),
        Do::Click(corner),
        Do::Tap(Key::Char('o')),
        Do::Hold(Key::Char('h'), 4),
        Do::Tap(Key::Char('o')),
    ];
    let expected = by_actions(&script);
    for shape in [Shape::Repeats, Shape::Presses, Shape::Held] {
        assert_eq!(play(shape, &script), expected, "{shape:?}");
    }
    assert_ne!(expected, state_hash(&start), "the script did something");
}

#[test]
fn a_repeat_never_stops_a_command_and_a_press_does() {
    let mut s = session(Memory::default(), run_of(42, Class::Rogue));
    s.tick(0);
    s.press(Key::Char('o'));
    assert!(s.game().command_running());
    s.tick(30);
    s.repeat(Key::Char('o'));
    assert!(s.game().command_running(), "the held o does not stop it");
    let at = s.game().player().pos;
    s.press(Key::Char('l'));
    assert!(!s.game().command_running());
    assert_eq!(
        s.game().player().pos,
        at,
        "the key that stopped it did nothing else"
    );
}

#[test]
fn a_held_key_acts_only_in_the_state_its_press_found() {
    let mut s = session(Memory::default(), run_of(42, Class::Rogue));
    s.press(Key::Escape);
    assert_eq!(s.game().state(), State::Menu);
    s.repeat(Key::Escape);
    assert_eq!(
        s.game().state(),
        State::Menu,
        "a held Esc opens the menu once"
    );
    s.release(Key::Escape);
    s.press(Key::Escape);
    assert_eq!(s.game().state(), State::Playing);
    // The debugging aids do not repeat.
    s.press(Key::F(1));
    s.repeat(Key::F(1));
    assert!(s.game().debug().reveal);
}

#[test]
fn the_command_steps_every_30_ms_through_the_session() {
    let map = Map::from_rows(&["#############", "#.....#.....#", "#############"]).unwrap();
    let mut game = Game::with_floor(1, Class::Fighter, 1, map, Point::new(2, 1));
    game.player_mut().hp = 5;
    let mut s = session(Memory::holding(&game), Start::default());
    s.press(Key::Char('C'));
    assert_eq!(s.game().state(), State::Playing);
    s.tick(1000);
    s.press(Key::Char('R'));
    assert_eq!(s.wait(), Some(0));
    assert!(s.tick(1000));
    assert_eq!(s.game().turn(), 1, "the first step at once");
    assert!(!s.tick(1029));
    assert_eq!(s.wait(), Some(1));
    assert!(s.tick(1030));
    assert_eq!(s.game().turn(), 2);
}

// ----- when the run is saved -----

#[test]
fn the_run_is_saved_on_arrival_on_save_and_quit_and_on_close() {
    let mut s = session(Memory::default(), run_of(9, Class::Fighter));
    assert_eq!(s.run().store().writes, 1, "saved on arrival on floor 1");
    for key in [
        Key::Char('l'),
        Key::Char('j'),
        Key::Char('s'),
        Key::Char('.'),
    ] {
        s.press(key);
        s.release(key);
    }
    s.press(Key::Char('o'));
    let mut now = 0;
    while s.game().command_running() {
        now += 30;
        s.tick(now);
    }
    assert_eq!(s.game().depth(), 1);
    assert!(s.game().turn() < AUTOSAVE_TURNS);
    assert_eq!(
        s.run().store().writes,
        1,
        "not saved by a few steps and keys"
    );
    s.tick(now + 1000);
    s.press(Key::Escape);
    s.press(Key::Char('s'));
    assert!(s.run().finished());
    assert_eq!(s.run().store().writes, 2, "saved on save and quit");

    let mut s = session(Memory::default(), run_of(9, Class::Fighter));
    s.press(Key::Char('l'));
    s.close().unwrap();
    assert_eq!(s.run().store().writes, 2, "saved on close");
    assert_eq!(
        s.run().store().text.as_deref(),
        Some(SaveText(s.game()).to_string().as_str())
    );

    let mut s = session(Memory::default(), Start::default());
    s.close().unwrap();
    assert_eq!(s.run().store().writes, 0, "a title has nothing to save");
}

/// A hand-made floor to play on: a room with no monster, the player hurt.
fn quiet_room() -> Game {
    let map = Map::from_rows(&["#########", "#.......#", "#.......#", "#########"]).unwrap();
    let mut game = Game::with_floor(3, Class::Fighter, 1, map, Point::new(2, 1));
    game.player_mut().hp = 3;
    game
}

fn saved_turn(s: &Session<(Memory, Tape, impl FnMut() -> u32)>) -> u32 {
    Game::read_save(s.run().store().text.as_deref().unwrap())
        .unwrap()
        .turn()
}

#[test]
fn a_run_in_play_is_saved_every_autosave_turns() {
    let mut s = session(Memory::holding(&quiet_room()), Start::default());
    s.press(Key::Char('c'));
    assert_eq!(s.game().state(), State::Playing);
    for _ in 1..AUTOSAVE_TURNS {
        s.press(Key::Char('.'));
    }
    assert_eq!(
        s.run().store().writes,
        0,
        "not before {AUTOSAVE_TURNS} turns"
    );
    s.press(Key::Char('.'));
    assert_eq!(s.run().store().writes, 1);
    assert_eq!(saved_turn(&s), AUTOSAVE_TURNS);
    // Keys that take no turn save nothing more.
    for _ in 0..3 {
        s.press(Key::Char('i'));
        s.press(Key::Escape);
    }
    assert_eq!(s.run().store().writes, 1);
    for _ in 0..AUTOSAVE_TURNS {
        s.press(Key::Char('.'));
    }
    assert_eq!(s.run().store().writes, 2);
    assert_eq!(saved_turn(&s), 2 * AUTOSAVE_TURNS);
}

#[test]
fn a_command_that_ends_saves_the_run_where_it_ended() {
    let mut s = session(Memory::holding(&quiet_room()), Start::default());
    s.press(Key::Char('c'));
    s.press(Key::Char('R'));
    let mut now = 0;
    while s.game().command_running() {
        now += 30;
        s.tick(now);
    }
    let turns = s.game().turn();
    assert!(turns > AUTOSAVE_TURNS, "a long rest: {turns}");
    assert_eq!(s.game().player().hp, s.game().player().max_hp);
    assert_eq!(saved_turn(&s), turns, "saved where the rest ended");
    assert_eq!(
        s.run().store().writes,
        turns / AUTOSAVE_TURNS + u32::from(!turns.is_multiple_of(AUTOSAVE_TURNS)),
        "every {AUTOSAVE_TURNS} turns of the rest, and at its end"
    );
}

#[test]
fn a_save_that_fails_stands_on_the_panel_until_one_succeeds() {
    let mut s = session(Memory::holding(&quiet_room()), Start::default());
    s.press(Key::Char('c'));
    let panel = |s: &Session<(Memory, Tape, _)>| -> Vec<String> {
        s.drawn()
            .panel()
            .iter()
            .map(|(l, _)| l.to_string())
            .collect()
    };
    assert!(!panel(&s).iter().any(|l| l.starts_with("Not saving")));
    let full = Memory {
        full_for: 1,
        ..Memory::holding(s.game())
    };
    let mut s = session(full, Start::default());
    s.press(Key::Char('c'));
    for _ in 0..AUTOSAVE_TURNS {
        s.press(Key::Char('.'));
    }
    let said = panel(&s);
    assert!(said.contains(&"Not saving:".to_string()), "{said:?}");
    assert!(
        said.contains(&"there is no room for it.".to_string()),
        "{said:?}"
    );
    // A key later, the note is gone; the panel's line is not.
    s.press(Key::Char('i'));
    s.press(Key::Escape);
    assert!(panel(&s).contains(&"Not saving:".to_string()));
    // The next save succeeds, and the line goes.
    for _ in 0..AUTOSAVE_TURNS {
        s.press(Key::Char('.'));
    }
    assert_eq!(s.run().store().writes, 1);
    assert!(!panel(&s).iter().any(|l| l.starts_with("Not saving")));
}

#[test]
fn arriving_on_a_floor_saves_and_dying_removes_the_save() {
    // A floor whose start is its stairs, and no Amulet to leave behind.
    let map = Map::from_rows(&["#######", "#..>..#", "#######"]).unwrap();
    let game = Game::with_floor(3, Class::Fighter, 1, map, Point::new(3, 1));
    let mut s = session(Memory::holding(&game), Start::default());
    s.press(Key::Char('C'));
    assert_eq!(s.run().store().writes, 0, "continuing writes nothing");
    s.press(Key::Char('>'));
    assert_eq!(s.game().depth(), 2);
    assert_eq!(s.run().store().writes, 1, "saved on arrival on floor 2");
    let saved = Game::read_save(s.run().store().text.as_deref().unwrap()).unwrap();
    assert_eq!(saved.depth(), 2);

    let mut dying = Game::with_floor(
        3,
        Class::Fighter,
        1,
        Map::from_rows(&["###", "#.#", "###"]).unwrap(),
        Point::new(1, 1),
    );
    dying.player_mut().hp = 1;
    dying.player_mut().poisoned = 5;
    let mut s = session(Memory::holding(&dying), Start::default());
    s.press(Key::Char('c'));
    s.press(Key::Char('.'));
    assert_eq!(s.game().state(), State::Dead);
    assert_eq!(
        (s.run().store().removes, s.run().store().text.is_none()),
        (1, true)
    );
    assert_eq!(s.run().saving().saved(), Saved::Nothing);
}

#[test]
fn continue_lands_in_play_even_from_the_menu_it_was_saved_from() {
    let mut s = session(Memory::default(), run_of(11, Class::Wizard));
    s.press(Key::Char('l'));
    let at = s.game().player().pos;
    s.press(Key::Escape);
    s.press(Key::Char('s'));
    let (store, _, _) = s.into_parts();
    let mut s = session(store, Start::default());
    assert_eq!(s.game().state(), State::Title);
    s.press(Key::Char('C'));
    assert_eq!(s.game().state(), State::Playing);
    assert_eq!(s.game().player().pos, at);
    assert_eq!(s.game().seed(), 11);
}

// ----- a saved run is never lost without asking -----

fn a_saved_rogue() -> Game {
    let mut g = Game::new_run(5, Class::Rogue);
    for _ in 0..3 {
        g.act(Action::Wait);
    }
    g
}

#[test]
fn a_class_given_with_a_save_present_asks_and_no_keeps_the_save() {
    let saved = a_saved_rogue();
    let text = SaveText(&saved).to_string();
    let mut s = session(Memory::holding(&saved), run_of(77, Class::Wizard));
    assert!(s.run().asking());
    let shown = screen_text(&s);
    assert!(
        shown.contains(&"Abandon the saved Rogue on floor 1, turn 3? (y or n)".to_string()),
        "{shown:?}"
    );
    assert_eq!(
        s.drawn().screen().unwrap().entries[1].key,
        Some(Key::Char('n')),
        "no first"
    );
    s.press(Key::Char('n'));
    assert!(!s.run().asking());
    assert_eq!(s.game().state(), State::Title);
    assert_eq!(
        s.run().store().text.as_deref(),
        Some(text.as_str()),
        "the save is untouched"
    );
    assert_eq!(s.run().store().writes, 0);
    let title = s.drawn().screen().unwrap();
    let c = title
        .entries
        .iter()
        .find(|e| e.key == Some(Key::Char('c')))
        .unwrap();
    assert!(c.enabled, "C is offered");

    // N asks too; yes leads to the class screen, and the new run's arrival
    // replaces the save.
    s.press(Key::Char('N'));
    assert!(s.run().asking());
    s.press(Key::Char('y'));
    assert_eq!(s.game().state(), State::ChooseClass);
    s.press(Key::Char('c'));
    assert_eq!(s.game().player().class, Class::Wizard);
    assert_eq!(s.run().store().writes, 1);
    assert_ne!(s.run().store().text.as_deref(), Some(text.as_str()));
}

#[test]
fn a_class_given_with_a_save_present_and_yes_starts_that_run() {
    let mut s = session(Memory::holding(&a_saved_rogue()), run_of(77, Class::Wizard));
    s.press(Key::Char('y'));
    assert_eq!(s.game().state(), State::Playing);
    assert_eq!(
        (s.game().seed(), s.game().player().class),
        (77, Class::Wizard)
    );
    assert_eq!(s.run().store().writes, 1);
}

#[test]
fn the_menu_s_new_run_asks_and_gets_a_new_seed() {
    let mut s = session(
        Memory::default(),
        Start {
            seed: None,
            class: Some(Class::Fighter),
            ..Start::default()
        },
    );
    let first = s.game().seed();
    s.press(Key::Escape);
    s.press(Key::Char('n'));
    assert!(s.run().asking());
    assert!(screen_text(&s)[0].starts_with("Abandon this run, the Fighter on floor 1"));
    s.press(Key::Escape);
    assert_eq!(s.game().state(), State::Menu, "no leads back to the menu");
    s.press(Key::Char('n'));
    s.press(Key::Char('y'));
    assert_eq!(s.game().state(), State::ChooseClass);
    assert_ne!(s.game().seed(), first, "a new random seed");
}

#[test]
fn the_title_offers_continue_only_with_a_save() {
    let s = session(Memory::default(), Start::default());
    let c = s
        .drawn()
        .screen()
        .unwrap()
        .entries
        .into_iter()
        .find(|e| e.key == Some(Key::Char('c')));
    assert_eq!(c, None, "no C to offer");
    let mut s = session(Memory::default(), Start::default());
    s.press(Key::Char('C'));
    assert_eq!(s.notes.note(), Some("There is no saved run to continue."));
    assert_eq!(s.game().state(), State::Title);
}

#[test]
fn after_death_a_new_run_has_a_new_seed_unless_one_was_given() {
    for (given, expected_next) in [(None, true), (Some(42), false)] {
        let map = Map::from_rows(&["###", "#.#", "###"]).unwrap();
        let mut dying = Game::with_floor(42, Class::Fighter, 1, map, Point::new(1, 1));
        dying.player_mut().hp = 1;
        dying.player_mut().poisoned = 5;
        let mut s = session(
            Memory::holding(&dying),
            Start {
                seed: given,
                class: None,
                ..Start::default()
            },
        );
        let title_seed = s.game().seed();
        s.press(Key::Char('C'));
        s.press(Key::Char('.'));
        assert_eq!(s.game().state(), State::Dead);
        s.tick(1000);
        s.press(Key::Enter);
        assert_eq!(s.game().state(), State::Title);
        if expected_next {
            assert_ne!(s.game().seed(), 42);
            assert_ne!(s.game().seed(), title_seed);
        } else {
            assert_eq!(s.game().seed(), 42);
        }
    }
}

#[test]
fn a_save_that_cannot_be_read_is_set_aside_and_never_written_over() {
    // No permission, an I/O error: set aside, as a damaged one.
    let store = Memory {
        read_fails: Some(StoreError::Failed(line(format_args!(
            "save.txt: Permission denied (os error 13)"
        )))),
        ..Memory::holding(&Game::new_run(5, Class::Rogue))
    };
    let s = session(store, run_of(9, Class::Wizard));
    assert_eq!(
        s.run().store().set_aside.len(),
        1,
        "set aside, not renamed over"
    );
    assert!(
        s.notes
            .note()
            .unwrap()
            .starts_with("The saved run could not be read (save.txt: Permission"),
        "{:?}",
        s.notes.note()
    );
    // Something that is no save to read (a FIFO, a huge file): left where
    // it is, and a new run asks before it replaces it.
    let store = Memory {
        read_fails: Some(StoreError::Refused(line(format_args!(
            "save.txt is not a regular file"
        )))),
        ..Memory::holding(&Game::new_run(5, Class::Rogue))
    };
    let s = session(store, run_of(9, Class::Wizard));
    assert!(s.run().store().set_aside.is_empty());
    assert_eq!(s.run().store().writes, 0, "nothing written over it");
    assert_eq!(s.run().saving().saved(), Saved::Damaged);
    assert!(s.run().asking(), "asked first");
    assert!(
        screen_text(&s)[0].starts_with("Replace the damaged saved run?"),
        "{:?}",
        screen_text(&s)
    );
}

#[test]
fn the_title_offers_to_continue_only_a_run_it_can_read() {
    fn offers(s: &Session<(Memory, Tape, impl FnMut() -> u32)>) -> bool {
        screen_text(s).iter().any(|l| l.contains("continue"))
    }
    let s = session(Memory::default(), Start::default());
    assert!(!offers(&s), "no save: {:?}", screen_text(&s));
    let damaged = Memory {
        text: Some("amulets-save 1\nnonsense\n".into()),
        ..Memory::default()
    };
    let s = session(damaged, Start::default());
    assert!(!offers(&s), "set aside: {:?}", screen_text(&s));
    let unread = Memory {
        read_fails: Some(StoreError::Refused(line(format_args!(
            "save.txt is not a regular file"
        )))),
        ..Memory::holding(&Game::new_run(5, Class::Rogue))
    };
    let s = session(unread, Start::default());
    assert_eq!(s.run().saving().saved(), Saved::Damaged);
    assert!(!offers(&s), "cannot be read: {:?}", screen_text(&s));
    let s = session(
        Memory::holding(&Game::new_run(5, Class::Rogue)),
        Start::default(),
    );
    assert!(offers(&s), "a run to continue: {:?}", screen_text(&s));
}

#[test]
fn the_panel_s_stop_line_goes_once_a_turn_has_passed() {
    let mut s = session(Memory::default(), run_of(42, Class::Rogue));
    let shown = |s: &Session<(Memory, Tape, _)>| {
        s.drawn()
            .panel()
            .iter()
            .any(|(l, _)| l.as_str() == "You're already at full health.")
    };
    s.press(Key::Char('r'));
    assert!(shown(&s), "refused: said");
    s.press(Key::Char('i'));
    s.press(Key::Escape);
    assert!(shown(&s), "no turn passed: still said");
    s.press(Key::Char('.'));
    assert!(!shown(&s), "a turn passed: gone");
    assert!(s.game().last_stop().is_some(), "the game keeps it");
    s.press(Key::Char('r'));
    assert!(shown(&s), "refused again: said again");
}

#[test]
fn a_burst_typed_ahead_stops_where_a_monster_comes_into_view() {
    use amulets_core::map::Terrain;
    use amulets_core::monster::Mind;
    use amulets_tests::stories::{monster, two_rooms};
    let mut s = session(Memory::default(), run_of(42, Class::Fighter));
    // A jackal asleep in the room behind the closed door at (6, 3).
    let mut game = Game::with_floor(42, Class::Fighter, 1, two_rooms('+'), Point::new(2, 3));
    game.level_mut()
        .monsters
        .push(monster("jackal", Point::new(9, 3), Mind::Asleep))
        .unwrap();
    game.refresh_view();
    *s.game_mut() = game;
    let mut now = 1000;
    s.tick(now);
    // Ten l's at once: three steps, the fourth opens the door, and the
    // jackal comes into view; the six after it were typed ahead.
    for _ in 0..10 {
        s.press(Key::Char('l'));
        s.release(Key::Char('l'));
    }
    assert_eq!(s.game().player().pos, Point::new(5, 3));
    assert_eq!(s.game().level().map.at(Point::new(6, 3)), Terrain::OpenDoor);
    assert_eq!(
        s.notes.note(),
        Some("You see a jackal. The keys typed ahead were dropped.")
    );
    // A burst keeps the gate shut while it lasts, a key every 50 ms...
    for _ in 0..10 {
        now += 50;
        s.tick(now);
        s.press(Key::Char('l'));
        s.release(Key::Char('l'));
    }
    assert_eq!(s.game().player().pos, Point::new(5, 3), "still dropped");
    // ...and a key pressed once the jackal was seen is the player's.
    now += 1000;
    s.tick(now);
    s.press(Key::Char('l'));
    assert_eq!(s.game().player().pos, Point::new(6, 3));
    assert_eq!(s.notes.note(), None);
}

#[test]
fn esc_then_q_asks_before_quitting_without_saving() {
    let mut s = session(Memory::default(), run_of(42, Class::Fighter));
    let saved = s.run().store().writes;
    s.press(Key::Char('.'));
    s.press(Key::Escape);
    s.press(Key::Char('q'));
    assert!(!s.run().finished(), "asked first");
    let screen = screen_text(&s);
    // It says when the run was saved: on arrival, turn 0.
    assert_eq!(
        screen[0],
        "Quit without saving? It was last saved on turn 0: the turn since is lost. (y or n)"
    );
    // No is the default, and first: n, and Esc, keep playing: back to
    // the game, not the menu.
    assert_eq!(screen[1], "n  no, keep playing");
    assert_eq!(screen[2], "y  yes, quit without saving");
    s.press(Key::Escape);
    assert!(!s.run().finished());
    assert!(!s.run().asking());
    assert_eq!(s.game().state(), State::Playing);
    s.press(Key::Escape);
    s.press(Key::Char('q'));
    s.press(Key::Char('n'));
    assert!(!s.run().finished());
    assert_eq!(s.game().state(), State::Playing);
    s.press(Key::Escape);
    s.press(Key::Char('q'));
    s.press(Key::Char('y'));
    assert!(s.run().finished(), "yes quits");
    assert_eq!(s.run().store().writes, saved, "without saving");
}

#[test]
fn m_reads_back_every_message_the_run_keeps() {
    let mut s = session(Memory::default(), run_of(42, Class::Rogue));
    let mut now = 0;
    // Enough turns that the log holds more than the three lines the
    // terminal shows under the map.
    for k in "sgcz".chars() {
        now += 1000;
        s.tick(now);
        s.press(Key::Char(k));
    }
    let log: Vec<String> = s.game().log().lines().map(|m| m.text.to_string()).collect();
    assert!(log.len() > 3, "{log:?}");
    s.press(Key::Char('m'));
    let screen = screen_text(&s);
    assert_eq!(
        s.drawn().screen().unwrap().title.as_str(),
        "The messages, newest last (any key closes)"
    );
    assert_eq!(screen, log, "every line, oldest first");
    let turn = s.game().turn();
    s.press(Key::Char('x'));
    assert!(s.drawn().screen().is_none(), "any key closes it");
    assert_eq!(s.game().turn(), turn, "and does nothing else");
    // The help and the menu name it.
    s.press(Key::Char('?'));
    assert!(
        screen_text(&s)
            .iter()
            .any(|l| l.starts_with("m ") && l.contains("the messages"))
    );
    s.press(Key::Escape);
    s.press(Key::Escape);
    assert!(
        screen_text(&s).contains(&"m  the messages".to_string()),
        "{:?}",
        screen_text(&s)
    );
    s.press(Key::Char('m'));
    assert_eq!(screen_text(&s), log, "from the menu too");
}

#[test]
fn a_sealed_start_says_where_to_search_and_e_finds_the_way_on() {
    use amulets_play::view::SpotKind;
    // Seed 19's first room: its one door opens on a corridor that ends in
    // a secret door, and explore sees all it can before a step.
    let mut s = session(Memory::default(), run_of(19, Class::Fighter));
    let mut now = 1000;
    let mut wait = |s: &mut Session<(Memory, Tape, _)>, ms: u64| {
        for _ in 0..ms / 30 {
            now += 30;
            s.tick(now);
        }
    };
    s.press(Key::Char('o'));
    wait(&mut s, 1000);
    assert_eq!(s.game().known_stairs(), None);
    let panel: Vec<String> = s
        .drawn()
        .panel()
        .iter()
        .map(|(l, _)| l.to_string())
        .collect();
    assert!(
        panel.contains(&"A secret door hides the way to the stairs.".to_string()),
        "{panel:?}"
    );
    let spot = s.notes.search_spot(s.game()).expect("a spot");
    assert_eq!(
        spot.kind,
        SpotKind::DeadEnd,
        "the corridor's end: {panel:?}"
    );
    let end = spot.at;
    let me = s.game().player().pos;
    let said = format!(
        "Search where the corridor ends, {} steps south (e searches).",
        end.y - me.y
    );
    assert!(panel.contains(&said), "{said:?} in {panel:?}");
    assert!(
        s.game()
            .log()
            .lines()
            .all(|m| !m.text.contains("secret door hides")),
        "not in the log"
    );
    // Where it says, e searches until the door turns up.
    s.point(end, Pointer::Click);
    wait(&mut s, 1000);
    assert_eq!(s.game().player().pos, end);
    let turn = s.game().turn();
    s.press(Key::Char('e'));
    wait(&mut s, 1000);
    assert!(
        s.game()
            .log()
            .lines()
            .any(|m| m.text.as_str() == "You find a secret door!"),
        "{:?}",
        s.game()
            .log()
            .lines()
            .map(|m| m.text.to_string())
            .collect::<Vec<_>>()
    );
    let searched = s.game().turn() - turn;
    assert!((1..=5).contains(&searched), "{searched} turns of search");
    assert!(
        s.drawn()
            .panel()
            .iter()
            .all(|(l, _)| !l.contains("secret door hides")),
        "the hint is gone"
    );
    // And explore goes on past it.
    let seen = s.game().level().explored.len();
    s.press(Key::Char('o'));
    wait(&mut s, 3000);
    assert!(
        s.game().level().explored.len() > seen,
        "explore went on: {:?}",
        s.game().last_stop()
    );
}

#[test]
fn a_key_that_does_nothing_says_once_which_key_shows_the_keys() {
    let mut s = session(Memory::default(), run_of(42, Class::Fighter));
    s.press(Key::Char('w'));
    assert_eq!(s.notes.note(), Some("w does nothing: ? shows the keys."));
    s.press(Key::Char('p'));
    assert_eq!(s.notes.note(), None, "once");
}

#[test]
fn a_second_game_takes_the_store_once_the_first_lets_it_go() {
    // The first game quits with nothing saved, after the second's start
    // and its arrival found the store held: the second's save and quit
    // takes the store and saves, and the panel's "Not saving" goes.
    let store = Memory {
        busy_claims: 2,
        ..Memory::default()
    };
    let mut s = session(store, run_of(9, Class::Fighter));
    assert!(!s.run().saving().saves());
    s.press(Key::Escape);
    s.press(Key::Char('s'));
    assert!(s.run().finished());
    assert!(s.run().saving().saves());
    assert_eq!(s.run().store().writes, 1, "saved once the store was free");
    // The first game left a run saved: it stays, said on the panel.
    let store = Memory {
        busy_claims: 2,
        ..Memory::holding(&Game::new_run(5, Class::Rogue))
    };
    let mut s = session(store, run_of(9, Class::Fighter));
    s.press(Key::Escape);
    s.press(Key::Char('s'));
    assert!(!s.run().finished(), "not saved, so not quit");
    assert_eq!(
        s.run().store().writes,
        0,
        "the other run is not written over"
    );
    let panel: Vec<String> = s
        .drawn()
        .panel()
        .iter()
        .map(|(l, _)| l.to_string())
        .collect();
    assert!(
        panel.contains(&"another run is saved there.".to_string()),
        "{panel:?}"
    );
}

#[test]
fn a_save_with_a_byte_order_mark_and_crlf_loads() {
    let game = Game::new_run(5, Class::Rogue);
    let text = format!(
        "\u{feff}{}",
        SaveText(&game).to_string().replace('\n', "\r\n")
    );
    let loaded = Game::read_save(&text).expect("loads");
    assert_eq!(SaveText(&loaded).to_string(), SaveText(&game).to_string());
}

#[test]
fn a_damaged_save_is_set_aside_and_another_version_is_kept() {
    let s = session(
        Memory {
            text: Some("amulets-save 1\nnonsense\n".into()),
            ..Memory::default()
        },
        Start::default(),
    );
    assert_eq!(s.run().store().set_aside, ["amulets-save 1\nnonsense\n"]);
    assert!(
        s.notes
            .note()
            .unwrap()
            .starts_with("The saved run was damaged"),
        "{:?}",
        s.notes.note()
    );
    assert!(
        s.notes
            .note()
            .unwrap()
            .ends_with("it was kept as save.bad.")
    );
    assert_eq!(s.run().saving().saved(), Saved::Nothing);

    let other = "amulets-save 99\nseed 1\n";
    let mut s = session(
        Memory {
            text: Some(other.into()),
            ..Memory::default()
        },
        Start::default(),
    );
    assert_eq!(s.run().saving().saved(), Saved::OtherVersion(99));
    assert!(s.run().store().set_aside.is_empty());
    // In the book's words (chapter 18), the store naming the save.
    assert_eq!(
        s.notes.note().unwrap(),
        "the saved run: it's version 99, and this game reads versions 1 to 3; it was left as it is."
    );
    s.press(Key::Char('N'));
    assert!(screen_text(&s)[0].starts_with("Replace the saved run of version 99"));
    s.press(Key::Char('n'));
    assert_eq!(s.run().store().text.as_deref(), Some(other));
}

#[test]
fn a_game_that_does_not_hold_the_store_says_so_and_never_writes() {
    let mut s = session(
        Memory {
            busy: true,
            ..Memory::default()
        },
        run_of(3, Class::Rogue),
    );
    let panel: Vec<String> = s
        .drawn()
        .panel()
        .iter()
        .map(|(l, _)| l.to_string())
        .collect();
    assert!(
        panel.iter().any(|l| l.starts_with("Not saving")),
        "{panel:?}"
    );
    s.press(Key::Escape);
    s.press(Key::Char('s'));
    assert!(!s.run().finished(), "save and quit cannot save");
    assert!(s.close().is_err());
    assert_eq!(s.run().store().writes, 0);
}

#[test]
fn a_recorded_run_plays_back_to_where_it_ended() {
    let mut s = session(Memory::default(), Start::default());
    for key in ['N', 'b', 'o'] {
        s.press(Key::Char(key));
    }
    let mut now = 0;
    for _ in 0..40 {
        now += 30;
        s.tick(now);
    }
    // Each key a beat after the last: none typed ahead of what explore saw.
    for key in [
        Key::Char('x'),
        Key::Char('l'),
        Key::Escape,
        Key::Char('j'),
        Key::Char('i'),
        Key::Escape,
    ] {
        now += 1000;
        s.tick(now);
        s.press(key);
    }
    s.point(Point::new(30, 20), Pointer::Click);
    for _ in 0..10 {
        now += 30;
        s.tick(now);
    }
    let tape = s.run().replays();
    let (seed, class) = tape.run.unwrap();
    assert_eq!(class, Class::Rogue);
    assert!(tape.inputs.contains(&Input::Step));
    let mut text = String::new();
    replay::write(&mut text, seed, class, &tape.inputs, s.game()).unwrap();
    let played = replay::play(&text).unwrap();
    assert_eq!(state_hash(&played), state_hash(s.game()));
}

#[test]
fn any_key_stops_a_command_even_one_that_means_nothing() {
    let mut s = session(Memory::default(), run_of(42, Class::Rogue));
    let before = state_hash(s.game());
    s.press(Key::Other);
    assert_eq!(state_hash(s.game()), before, "a lone Shift does nothing");
    s.press(Key::Char('o'));
    s.tick(30);
    assert!(s.game().command_running());
    // Shift, on its way to a `>`: the command stops on the Shift.
    s.press(Key::Other);
    assert!(!s.game().command_running());
    assert_eq!(
        s.game().last_stop().map(|st| st.reason),
        Some(amulets_core::game::command::StopReason::Interrupted)
    );
}

#[test]
fn nothing_of_the_run_is_drawn_over_f6_s_cave() {
    let mut s = session(Memory::default(), run_of(42, Class::Rogue));
    let room = s.game().level().areas[0];
    s.press(Key::F(4));
    s.press(Key::Char('f'));
    assert!(matches!(s.game().state(), State::Aiming(_)));
    s.hover(Some(Point::new(room.x, room.y)));
    assert!(s.drawn().cursor().is_some() && s.drawn().juice().is_some());
    s.press(Key::F(6));
    assert!(s.run().cave_shown());
    assert!(s.drawn().aim_line().is_empty() && s.drawn().route().is_empty());
    assert_eq!(s.drawn().cursor(), None);
    assert!(s.drawn().juice().is_none());
    let minds = (0..amulets_core::map::MAP_CELLS)
        .map(Map::point_of)
        .filter_map(|p| amulets_play::view::mind_label(s.game(), p))
        .count();
    assert_eq!(minds, 0, "no F4 letters over the cave");
    // A held F6 steps the cave once.
    s.repeat(Key::F(6));
    assert_eq!(s.game().debug().cave.as_ref().map(|c| c.step), Some(0));
}

#[test]
fn a_style_chosen_on_the_title_is_the_run_s_saved_and_replayed() {
    use amulets_core::mapgen::floor::{self, Style};
    let mut s = session(
        Memory::default(),
        Start {
            seed: Some(42),
            ..Start::default()
        },
    );
    assert_eq!(s.game().style(), Style::Book);
    s.press(Key::Char('d'));
    assert!(
        screen_text(&s)
            .iter()
            .any(|l| l == "D  dungeons: gh-dungeons' rooms"),
        "{:?}",
        screen_text(&s)
    );
    s.press(Key::Char('D'));
    assert_eq!(s.game().style(), Style::Grid);
    // Past the last style, round again on the other dice.
    s.press(Key::Char('d'));
    assert_eq!(
        (s.game().style(), s.game().dice()),
        (Style::Book, Dice::Xorshift)
    );
    assert!(
        screen_text(&s)
            .iter()
            .any(|l| l == "D  dungeons: the book's rooms, on xorshift dice"),
        "{:?}",
        screen_text(&s)
    );
    for _ in 0..3 {
        s.press(Key::Char('d'));
    }
    assert_eq!(
        (s.game().style(), s.game().dice()),
        (Style::Book, Dice::Book),
        "round"
    );
    s.press(Key::Char('d'));
    for key in ['n', 'b'] {
        s.press(Key::Char(key));
    }
    // The run's first floor is gh-dungeons': the one assemble_styled makes.
    let want = floor::assemble_styled(1, Style::Gh, &mut amulets_core::rng::Rng::new(42));
    assert_eq!(s.game().level().map, want.map);
    assert_eq!(s.game().player().pos, want.start);
    // Saved with its style, and continued so.
    let text = s.run().store().text.clone().unwrap();
    assert!(text.lines().any(|l| l == "style gh"));
    assert_eq!(Game::read_save(&text).unwrap().style(), Style::Gh);
    // And replayed so.
    s.press(Key::Char('o'));
    let mut now = 0;
    for _ in 0..30 {
        now += 30;
        s.tick(now);
    }
    let tape = s.run().replays();
    let (seed, class) = tape.run.unwrap();
    let mut replay = String::new();
    replay::write(&mut replay, seed, class, &tape.inputs, s.game()).unwrap();
    assert!(replay.lines().nth(3) == Some("style gh"), "{replay}");
    assert!(replay.lines().nth(4) == Some("rules book-4"), "{replay}");
    assert_eq!(
        state_hash(&replay::play(&replay).unwrap()),
        state_hash(s.game())
    );
}

#[test]
fn xorshift_dice_chosen_on_the_command_line_are_the_run_s_saved_and_replayed() {
    let mut s = session(
        Memory::default(),
        Start {
            seed: Some(42),
            dice: Dice::Xorshift,
            ..Start::default()
        },
    );
    let title: Vec<String> = s
        .drawn()
        .panel()
        .iter()
        .map(|(l, _)| l.to_string())
        .collect();
    assert_eq!(
        title[1], "Seed 42 (xorshift)",
        "the panel names dice not the book's"
    );
    for key in ['n', 'a'] {
        s.press(Key::Char(key));
    }
    assert_eq!(s.game().dice(), Dice::Xorshift);
    // The run is the xorshift run of seed 42, as before the book's dice.
    let old = Game::new_run_on(42, Class::Fighter, Default::default(), Dice::Xorshift);
    assert_eq!(s.game().level().map, old.level().map);
    let book = Game::new_run(42, Class::Fighter);
    assert_ne!(s.game().level().map, book.level().map, "and not the book's");
    // Saved as version 1, whose dice are xorshift's four words.
    let text = s.run().store().text.clone().unwrap();
    assert!(text.starts_with("amulets-save 1\n"), "{text}");
    assert_eq!(Game::read_save(&text).unwrap().dice(), Dice::Xorshift);
    // Replayed with its rules, which name its dice.
    s.press(Key::Char('.'));
    let tape = s.run().replays();
    let (seed, class) = tape.run.unwrap();
    let mut replay = String::new();
    replay::write(&mut replay, seed, class, &tape.inputs, s.game()).unwrap();
    assert_eq!(replay.lines().nth(3), Some("rules xorshift-1"), "{replay}");
    assert_eq!(
        state_hash(&replay::play(&replay).unwrap()),
        state_hash(s.game())
    );
    // The book's run of the same seed says nothing of its dice on the panel.
    let mut b = session(
        Memory::default(),
        Start {
            seed: Some(42),
            ..Start::default()
        },
    );
    for key in ['n', 'a'] {
        b.press(Key::Char(key));
    }
    let panel: Vec<String> = b
        .drawn()
        .panel()
        .iter()
        .map(|(l, _)| l.to_string())
        .collect();
    assert_eq!(panel[1], "Seed 42");
    assert!(
        b.run()
            .store()
            .text
            .clone()
            .unwrap()
            .starts_with("amulets-save 3\n")
    );
}

// ----- the bot's demo -----

/// Ticks a demo on, a command's step at a time, until `done` or the bot's
/// whole run is over (a bound no run of the bot comes near).
fn tick_demo<E: FnMut() -> u32>(
    s: &mut Session<(Memory, Tape, E)>,
    now: &mut u64,
    mut done: impl FnMut(&Session<(Memory, Tape, E)>) -> bool,
) {
    for _ in 0..2_000_000 {
        if done(s) {
            return;
        }
        *now += 30;
        s.tick(*now);
    }
    panic!("the demo went on past any run's length");
}

#[test]
fn the_demo_plays_the_bots_run_through_the_session_saving_as_it_goes() {
    let mut s = session(
        Memory::default(),
        Start {
            seed: Some(42),
            ..Start::default()
        },
    );
    s.set_demo(Some(Class::Fighter));
    assert!(
        s.drawn()
            .panel()
            .iter()
            .any(|(l, _)| l.as_str() == "A key takes over.")
    );
    let mut now = 0;
    let mut most_unsaved = 0;
    tick_demo(&mut s, &mut now, |s| {
        if s.game().state() == State::Playing {
            let saved = s
                .run()
                .store()
                .text
                .as_deref()
                .map_or(0, |t| Game::read_save(t).unwrap().turn());
            most_unsaved = most_unsaved.max(s.game().turn() - saved);
        }
        !s.demo()
    });
    // The bot played it from the title: the same run, to the same end, as
    // the bot driving the game by itself.
    let mut alone = Game::new_run(42, Class::Fighter);
    amulets_core::bot::drive(&mut alone, |_| Ok(())).unwrap();
    assert!(matches!(s.game().state(), State::Dead | State::Won));
    assert_eq!(state_hash(s.game()), state_hash(&alone));
    assert!(s.game().turn() > 3 * AUTOSAVE_TURNS, "{}", s.game().turn());
    // Saved as a player's run is, and the save gone with the run's end.
    assert!(s.run().store().writes >= s.game().turn() / AUTOSAVE_TURNS);
    assert!(most_unsaved <= AUTOSAVE_TURNS + 1, "{most_unsaved}");
    assert_eq!(s.run().store().text, None);
    assert!(s.game().turn() > 0 && s.run().store().removes == 1);
    // Its end stays on the screen for the player.
    assert!(s.drawn().screen().is_some());
    // Recorded as a player's run: the tape plays back to the same end.
    let tape = s.run().replays();
    assert_eq!(tape.run, Some((42, Class::Fighter)));
    let mut replayed = Game::new_run(42, Class::Fighter);
    for input in &tape.inputs {
        match *input {
            Input::Act(a) => {
                replayed.act(a);
            }
            Input::Step => {
                replayed.step_command();
            }
            Input::Automate(a) => replayed.automate(a),
        }
    }
    assert_eq!(state_hash(&replayed), state_hash(&alone));
}

#[test]
fn a_key_takes_the_run_over_from_the_bot_and_does_nothing_else() {
    let mut s = session(Memory::default(), run_of(42, Class::Rogue));
    s.set_demo(Some(Class::Rogue));
    let mut now = 0;
    tick_demo(&mut s, &mut now, |s| s.game().turn() >= 20);
    let turn = s.game().turn();
    s.press(Key::Char('.'));
    assert_eq!(s.game().turn(), turn, "the key took no turn of its own");
    assert!(!s.demo());
    assert_eq!(s.notes.note(), Some("You take over from the bot."));
    assert!(!s.game().command_running(), "what ran is stopped");
    let pos = s.game().player().pos;
    for _ in 0..100 {
        now += 30;
        s.tick(now);
    }
    assert_eq!(s.game().player().pos, pos, "the bot plays no more");
    assert_eq!(s.game().turn(), turn);
    assert!(
        !s.drawn()
            .panel()
            .iter()
            .any(|(l, _)| l.as_str() == "A key takes over.")
    );
    s.press(Key::Char('.'));
    assert_eq!(s.game().turn(), turn + 1, "the next key is the player's");
}

#[test]
fn the_demo_continues_a_saved_run_and_never_replaces_one() {
    // A saved run: continued from the title.
    let saved = a_saved_rogue();
    let mut s = session(Memory::holding(&saved), Start::default());
    s.set_demo(Some(Class::Fighter));
    let mut now = 0;
    tick_demo(&mut s, &mut now, |s| s.game().turn() > saved.turn());
    assert_eq!(s.game().player().class, Class::Rogue, "the saved run");
    assert_eq!(s.game().seed(), saved.seed());

    // A class given with a save there: "abandon it?" waits for the player.
    let mut s = session(Memory::holding(&saved), run_of(9, Class::Wizard));
    s.set_demo(Some(Class::Wizard));
    for _ in 0..200 {
        now += 30;
        s.tick(now);
    }
    assert!(s.run().asking(), "still asked");
    assert_eq!(s.run().store().writes, 0);
    assert_eq!(s.run().store().text, Some(SaveText(&saved).to_string()));

    // A save it cannot play (another version's): the bot stops, and says
    // so.
    let other = "amulets-save 99\nseed 1\n";
    let mut s = session(
        Memory {
            text: Some(other.into()),
            ..Memory::default()
        },
        Start::default(),
    );
    s.set_demo(Some(Class::Fighter));
    for _ in 0..200 {
        now += 30;
        s.tick(now);
    }
    assert_eq!(s.game().state(), State::Title);
    assert!(!s.demo());
    assert_eq!(
        s.notes.note(),
        Some("The bot does not replace a saved run it cannot play.")
    );
    assert_eq!(s.run().store().writes, 0);
    assert_eq!(s.run().store().text.as_deref(), Some(other));
}

// ----- after a panic -----

#[test]
fn a_rescue_saves_a_sound_run_and_never_a_broken_one() {
    use amulets_play::session::Rescue;
    // A sound run, 7 turns past its last save: saved where it is.
    let mut s = session(Memory::holding(&quiet_room()), Start::default());
    s.press(Key::Char('c'));
    for _ in 0..7 {
        s.press(Key::Char('.'));
    }
    assert_eq!(s.run().store().writes, 0);
    assert_eq!(s.rescue(), Rescue::Saved { turn: 7 });
    assert!(s.run().finished());
    assert_eq!(saved_turn(&s), 7);
    // Broken as a bug would break it: the last save stands.
    let mut s = session(Memory::holding(&quiet_room()), Start::default());
    s.press(Key::Char('c'));
    s.press(Key::Char('.'));
    s.game_mut().player_mut().hp = 1000;
    let rescue = s.rescue();
    assert_eq!(
        rescue,
        Rescue::Broken("the player's health is out of bounds")
    );
    assert!(rescue.to_string().contains("the last save stands"));
    assert_eq!(s.run().store().writes, 0);
    assert_eq!(saved_turn(&s), 0);
    // Nothing in play, and a store that fails.
    let mut s = session(Memory::default(), Start::default());
    assert_eq!(s.rescue(), Rescue::NoRun);
    let mut s = session(
        Memory {
            full_for: 9,
            ..Memory::holding(&quiet_room())
        },
        Start::default(),
    );
    s.press(Key::Char('c'));
    assert_eq!(s.rescue(), Rescue::NotSaved(StoreError::Full));
}

#[test]
fn save_now_saves_a_run_in_play_and_it_plays_on() {
    let mut s = session(Memory::holding(&quiet_room()), Start::default());
    assert_eq!(s.save_now(), Ok(()), "nothing in play at the title");
    assert_eq!(s.run().store().writes, 0);
    s.press(Key::Char('c'));
    for _ in 0..3 {
        s.press(Key::Char('.'));
    }
    assert_eq!(s.save_now(), Ok(()));
    assert_eq!(saved_turn(&s), 3);
    assert!(!s.run().finished());
    s.press(Key::Char('.'));
    assert_eq!(s.game().turn(), 4, "play goes on");
}

#[test]
fn a_demo_that_cannot_act_asks_the_shell_to_wake_for_nothing() {
    // F6's cave over the title waits for the player's key: the bot waits
    // too, and the shell may sleep: `wait` names no time to wake at.
    let mut s = session(Memory::default(), Start::default());
    s.press(Key::F(6));
    assert!(s.run().cave_shown());
    s.set_demo(Some(Class::Fighter));
    s.tick(1000);
    assert_eq!(s.wait(), None);
    assert_eq!(s.game().state(), State::Title);
}

// ----- a line said again is one line with its count -----

/// A floor where resting is refused: a jackal awake in view.
fn jackal_in_view() -> Game {
    let map = Map::from_rows(&["#########", "#.......#", "#.......#", "#########"]).unwrap();
    let mut game = Game::with_floor(7, Class::Fighter, 1, map, Point::new(1, 1));
    game.player_mut().hp = 10;
    let jackal = amulets_tests::stories::monster(
        "jackal",
        Point::new(7, 2),
        amulets_core::monster::Mind::Asleep,
    );
    game.level_mut().monsters.push(jackal).unwrap();
    game.refresh_view();
    game
}

#[test]
fn a_refusal_said_three_times_shows_once_with_its_count() {
    const REFUSED: &str = "Not with a jackal in view.";
    let mut s = session(Memory::holding(&jackal_in_view()), Start::default());
    s.press(Key::Char('C'));
    let mut speech = amulets_play::speech::Speech::new();
    let mut heard = Vec::new();
    speech.take(&s, |l| heard.push(l.to_string()));
    heard.clear();
    for _ in 0..3 {
        s.press(Key::Char('R'));
        speech.take(&s, |l| heard.push(l.to_string()));
    }
    // The log keeps the three lines as the game said them.
    let log = amulets_tests::stories::log_text(s.game());
    assert_eq!(log[log.len() - 3..], [REFUSED; 3], "{log:?}");
    // Shown: one line, with its count, the newest.
    let shown: Vec<String> = amulets_play::view::log_lines(s.game())
        .map(|(t, _)| t.to_string())
        .collect();
    let thrice = format!("{REFUSED} (x3)");
    assert_eq!(shown.last(), Some(&thrice), "{shown:?}");
    assert_eq!(shown.iter().filter(|l| l.starts_with(REFUSED)).count(), 1);
    // Said as each came, with the count so far.
    assert_eq!(
        heard,
        [
            REFUSED.to_string(),
            format!("{REFUSED} (x2)"),
            thrice.clone()
        ]
    );
    // The messages (m): one line.
    s.press(Key::Char('m'));
    let screen = screen_text(&s);
    assert_eq!(
        screen
            .iter()
            .filter(|l| l.contains(REFUSED))
            .collect::<Vec<_>>(),
        [&thrice],
        "{screen:?}"
    );
    s.press(Key::Escape);
    // The save keeps the count: a continued run shows the same.
    s.press(Key::Escape);
    s.press(Key::Char('s'));
    let (store, _, _) = s.into_parts();
    let mut s = session(store, Start::default());
    s.press(Key::Char('C'));
    let again = amulets_play::view::newest(s.game().log()).unwrap();
    assert_eq!(again.as_str(), thrice);
}

#[test]
fn no_line_the_game_says_is_too_long_for_its_count() {
    // A line shown with its count must fit a line of the messages screen
    // (`Line`): every line the bot's runs meet leaves room for " (x24)".
    use amulets_core::bot::Bot;
    let room = amulets_core::text::LINE - " (x24)".len();
    let mut longest = String::new();
    for seed in 1..=30 {
        let mut game = Game::new_run(seed, Class::ALL[seed as usize % 3]);
        let mut bot = Bot::new();
        for _ in 0..3000 {
            for m in game.log().lines() {
                if m.text.len() > longest.len() {
                    longest = m.text.to_string();
                }
            }
            if game.command_running() {
                game.step_command();
            } else if let Some(a) = bot.next_action(&game) {
                game.act(a);
            } else {
                break;
            }
        }
    }
    println!("the longest line: {} bytes: {longest}", longest.len());
    assert!(longest.len() <= room, "{longest}");
}

// ----- the automation the player chooses -----

#[test]
fn automation_chosen_on_the_menu_is_given_to_the_run_taped_and_replayed() {
    use amulets_core::game::auto::{Automation, Pick};
    let mut s = session(Memory::default(), run_of(42, Class::Rogue));
    assert_eq!(s.game().automation(), Automation::BOOK);
    s.press(Key::Escape);
    s.press(Key::Char('a'));
    let title = s.drawn().screen().unwrap().title;
    assert!(title.starts_with("Automation"), "{title}");
    let screen = screen_text(&s);
    assert!(
        screen.iter().any(|l| l == "g  pick up gold: no"),
        "{screen:?}"
    );
    s.press(Key::Char('g'));
    s.press(Key::Char('p'));
    let screen = screen_text(&s);
    assert!(
        screen.iter().any(|l| l == "g  pick up gold: yes")
            && screen.iter().any(|l| l == "p  pick up potions: yes"),
        "{screen:?}"
    );
    // Given to the run at once, as an input of its own.
    assert!(s.game().automation().picks(Pick::Gold));
    // Any other key closes the screen; the menu's c goes back to play.
    s.press(Key::Escape);
    assert_eq!(s.game().state(), State::Menu);
    assert!(
        s.drawn()
            .screen()
            .is_some_and(|sc| !sc.title.starts_with("Automation"))
    );
    s.press(Key::Char('c'));
    assert_eq!(s.game().state(), State::Playing);
    // The bot plays on through the session, as a player's keys would.
    let (mut bot, mut now) = (amulets_core::bot::Bot::new(), 0);
    for _ in 0..1500 {
        if s.game().command_running() {
            now += 30;
            s.tick(now);
        } else if let Some(action) = bot.next_action(s.game()) {
            s.act(action);
        } else {
            break;
        }
    }
    assert!(s.game().turn() > 100);
    let tape = s.run().replays();
    let automated: Vec<&Input> = tape
        .inputs
        .iter()
        .filter(|i| matches!(i, Input::Automate(_)))
        .collect();
    // Each change given as it was made: gold, then potions too.
    assert_eq!(automated.len(), 2, "{automated:?}");
    assert!(
        matches!(automated[1], Input::Automate(a) if a.picks(Pick::Potions) && a.picks(Pick::Gold))
    );
    let mut text = String::new();
    let (seed, class) = tape.run.unwrap();
    replay::write(&mut text, seed, class, &tape.inputs, s.game()).unwrap();
    assert!(text.starts_with("amulets-replay 4\n"));
    let played = replay::play(&text).unwrap();
    assert_eq!(state_hash(&played), state_hash(s.game()));
}

#[test]
fn a_players_automation_is_given_to_a_continued_run_at_its_first_key() {
    use amulets_core::game::auto::{Automation, Pick};
    let mut s = session(Memory::holding(&quiet_room()), Start::default());
    let mut auto = Automation::BOOK;
    auto.set_pick(Pick::Armour, true);
    s.prefs.set_automation(auto);
    s.press(Key::Char('C'));
    s.press(Key::Char('.'));
    assert_eq!(s.game().automation(), auto);
    s.save_now().unwrap();
    let saved = Game::read_save(s.run().store().text.as_deref().unwrap()).unwrap();
    assert_eq!(saved.automation(), auto, "and saved with it");
}

// ----- a finger's gestures on the map -----

#[test]
fn a_tap_next_to_the_player_steps_or_attacks_and_on_the_player_rests() {
    let mut game = jackal_in_view();
    // A troll next to the player, south-east, in the jackal's place: it
    // outlives a blow.
    let troll = amulets_tests::stories::monster(
        "troll",
        Point::new(2, 2),
        amulets_core::monster::Mind::Asleep,
    );
    game.level_mut().monsters[0] = troll;
    game.refresh_view();
    let mut s = session(Memory::holding(&game), Start::default());
    s.press(Key::Char('C'));
    let hp = s.game().level().monsters[0].hp;
    let turn = s.game().turn();
    s.point(Point::new(2, 2), Pointer::Tap);
    assert_eq!(s.game().turn(), turn + 1, "the tap took a turn");
    let log = amulets_tests::stories::log_text(s.game());
    let fought = log
        .iter()
        .any(|l| l.starts_with("You hit the troll") || l.starts_with("You miss the troll"));
    assert!(fought, "{log:?}");
    assert!(s.game().level().monsters[0].hp <= hp);
    assert_eq!(
        s.game().player().pos,
        Point::new(1, 1),
        "it attacked, not moved"
    );
    // On the player, hurt (10 of its most): a rest, refused with the jackal
    // in view, as R is.
    s.point(Point::new(1, 1), Pointer::Tap);
    assert_eq!(
        s.game().last_stop().map(|st| st.reason),
        Some(amulets_core::game::command::StopReason::MonsterInView(
            s.game().level().monsters[0].kind
        )),
    );
    // A long press looks at a cell; a tap stops looking.
    s.point(Point::new(5, 1), Pointer::LongPress);
    assert_eq!(s.game().state(), State::Looking);
    assert_eq!(s.game().cursor(), Point::new(5, 1));
    s.point(Point::new(5, 1), Pointer::Tap);
    assert_eq!(s.game().state(), State::Playing);
    // A tap next to the player, with the troll in view: a step, where
    // travel would be refused.
    s.point(Point::new(2, 1), Pointer::Tap);
    assert_eq!(s.game().player().pos, Point::new(2, 1));
}

#[test]
fn a_tap_on_the_player_searches_when_nothing_is_hurt_and_elsewhere_travels() {
    let mut game = quiet_room();
    game.player_mut().hp = game.player().max_hp;
    let mut s = session(Memory::holding(&game), Start::default());
    s.press(Key::Char('C'));
    s.point(Point::new(2, 1), Pointer::Tap);
    assert_eq!(
        s.game().command().map(|c| c.kind),
        Some(amulets_core::game::command::CommandKind::Search)
    );
    let mut now = 0;
    while s.game().command_running() {
        now += 30;
        s.tick(now);
    }
    s.point(Point::new(6, 2), Pointer::Tap);
    while s.game().command_running() {
        now += 30;
        s.tick(now);
    }
    assert_eq!(s.game().player().pos, Point::new(6, 2));
}

#[test]
fn a_second_descend_while_travelling_to_the_stairs_goes_on() {
    let map = Map::from_rows(&["##########", "#.......>#", "#........#", "##########"]).unwrap();
    let game = Game::with_floor(3, Class::Fighter, 1, map, Point::new(1, 1));
    let stairs = game.known_stairs().expect("seen from the start");
    let mut s = session(Memory::holding(&game), Start::default());
    s.press(Key::Char('C'));
    let mut now = 0;
    s.press(Key::Char('>'));
    assert!(s.game().command_running(), "{:?}", s.game().last_stop());
    now += 30;
    s.tick(now);
    s.press(Key::Char('>'));
    assert!(s.game().command_running(), "a second > goes on");
    // Another key still stops it.
    s.press(Key::Char('.'));
    assert!(!s.game().command_running());
    s.press(Key::Char('>'));
    while s.game().command_running() {
        now += 30;
        s.tick(now);
    }
    assert_eq!(s.game().player().pos, stairs, "{:?}", s.game().last_stop());
}

// ----- drinking and reading at a key -----

#[test]
fn q_drinks_and_v_reads_at_once_and_the_tape_replays() {
    // The Wizard starts with one potion of healing and one scroll of
    // magic mapping: one kind of each.
    let mut s = session(Memory::default(), run_of(42, Class::Wizard));
    let count = |s: &Session<(Memory, Tape, _)>, kind| -> u32 {
        s.game()
            .player()
            .pack
            .iter()
            .flatten()
            .filter(|i| i.kind == kind)
            .map(|i| u32::from(i.count))
            .sum()
    };
    let said = |s: &Session<(Memory, Tape, _)>, words: &str| {
        s.game().log().lines().any(|m| m.text.as_str() == words)
    };
    assert_eq!(count(&s, kinds::MAGIC_MAPPING), 1);
    let turn = s.game().turn();
    s.press(Key::Char('v'));
    assert_eq!(s.game().state(), State::Playing, "read, and back to play");
    assert_eq!(count(&s, kinds::MAGIC_MAPPING), 0);
    assert!(said(&s, "A map of the floor forms in your mind."));
    assert_eq!(s.game().turn(), turn + 1, "a turn, as the pack's u takes");
    s.press(Key::Char('v'));
    assert_eq!(s.notes.note(), Some("You have no scroll to read."));
    assert_eq!(s.game().turn(), turn + 1);
    let healing = count(&s, kinds::HEALING);
    assert_eq!(healing, 1);
    s.press(Key::Char('q'));
    assert_eq!(count(&s, kinds::HEALING), 0);
    assert_eq!(s.game().state(), State::Playing);
    // The keys' inputs are the pack's, so the tape replays the run.
    let tape = s.run().replays();
    let mut text = String::new();
    let (seed, class) = tape.run.unwrap();
    replay::write(&mut text, seed, class, &tape.inputs, s.game()).unwrap();
    let played = replay::play(&text).unwrap();
    assert_eq!(state_hash(&played), state_hash(s.game()));
    // Two kinds of potion: the pack opens to choose from.
    for kind in [kinds::HEALING, kinds::STRENGTH] {
        let potion = Item { kind, count: 1 };
        s.game_mut().player_mut().add_to_pack(potion).unwrap();
    }
    s.press(Key::Char('q'));
    assert!(matches!(s.game().state(), State::Inventory(_)));
    assert_eq!(
        s.notes.note(),
        Some("Which potion? Its letter, then u drinks it.")
    );
}

#[test]
fn look_tab_goes_from_monster_to_monster_and_says_health_and_mind() {
    use amulets_core::monster::{Mind, Monster};
    let mut s = session(Memory::default(), run_of(42, Class::Fighter));
    // Two rats in the first room, one hurt and hunting.
    let me = s.game().player().pos;
    let rat = s.game().level().monsters[0].kind;
    let whole = rat.kind().hp;
    let places = [Point::new(me.x + 2, me.y), Point::new(me.x - 3, me.y)];
    for (i, pos) in places.into_iter().enumerate() {
        let m = Monster {
            kind: rat,
            pos,
            hp: if i == 0 { whole } else { 1 },
            mind: if i == 0 { Mind::Asleep } else { Mind::Hunting },
            band: 0,
            heading: 0,
        };
        s.game_mut().level_mut().monsters.push(m).unwrap();
    }
    s.game_mut().refresh_view();
    s.press(Key::Char('x'));
    assert_eq!(s.game().state(), State::Looking);
    let name = amulets_core::text::with_article(rat.kind().name);
    let look = |s: &Session<(Memory, Tape, _)>| {
        amulets_play::view::describe(s.game(), s.game().cursor()).to_string()
    };
    s.press(Key::Tab);
    assert_eq!(s.game().cursor(), places[0], "the nearest first");
    let said = look(&s);
    assert!(
        said.ends_with(" (asleep, unhurt)") && said.to_lowercase().starts_with(name.as_str()),
        "{said}"
    );
    s.press(Key::Tab);
    assert_eq!(s.game().cursor(), places[1]);
    assert!(
        look(&s).ends_with(" (hunting you, badly hurt)"),
        "{}",
        look(&s)
    );
    s.press(Key::Tab);
    assert_eq!(s.game().cursor(), places[0], "round again");
}
