//! Chapter 23's commands as stories on our dice, the book's checkpoints in
//! our words; then termination over many floors, and a run driven by
//! commands against the same run driven by keys.

use amulets_core::game::command::{REST_TURNS, StopReason};
use amulets_core::game::{Game, State};
use amulets_core::geom::{Dir, Point};
use amulets_core::input::{Action, Key};
use amulets_core::item::{FloorItem, Item, kinds};
use amulets_core::level::{Trap, TrapKind};
use amulets_core::map::{MAP_CELLS, Map, Terrain};
use amulets_core::monster::Mind;
use amulets_core::player::Class;
use amulets_core::rng::Rng;
use amulets_core::rules::LAST_FLOOR;
use amulets_play::bindings::Press;
use amulets_tests::stories::{log_text, monster, said, two_rooms};

/// Steps the running command to its end, as a shell would every 30 ms.
/// Returns the steps taken.
fn run_command(game: &mut Game) -> usize {
    let mut steps = 0;
    while game.command_running() {
        game.step_command();
        steps += 1;
        assert!(steps < 10_000, "a command that never ends");
    }
    steps
}

#[test]
fn a_rest_heals_until_rested_and_counts_the_turns() {
    let mut game = Game::with_floor(42, Class::Fighter, 1, two_rooms('+'), Point::new(2, 2));
    game.player_mut().hp = 10;
    game.press(Key::Char('R'));
    assert!(game.command_running());
    let steps = run_command(&mut game);
    assert!(said(&game, "You feel rested."), "{:?}", log_text(&game));
    assert_eq!(game.player().hp, 32);
    // 22 HP at one every 10 turns: full on turn 220, as the book's Fighter.
    assert_eq!((game.turn(), steps), (220, 220));
    assert_eq!(game.last_stop().unwrap().reason, StopReason::Rested);
    game.press(Key::Char('R'));
    assert_eq!(game.log().last(), Some("You're already at full health."));
    assert!(!game.command_running());
}

#[test]
fn a_rest_stops_after_three_hundred_turns() {
    let mut game = Game::with_floor(1, Class::Fighter, 1, two_rooms('+'), Point::new(2, 2));
    game.player_mut().hp = 1;
    game.player_mut().max_hp = 100;
    game.press(Key::Char('R'));
    assert_eq!(run_command(&mut game), REST_TURNS as usize);
    assert_eq!(game.log().last(), Some("You stop resting."));
}

#[test]
fn a_rest_is_stopped_by_a_monster_coming_into_view_and_a_key() {
    let mut game = Game::with_floor(7, Class::Fighter, 1, two_rooms('\''), Point::new(1, 1));
    game.player_mut().hp = 10;
    // A jackal awake in the far corner of the other room, hunting.
    game.level_mut()
        .monsters
        .push(monster("jackal", Point::new(11, 4), Mind::Hunting))
        .unwrap();
    game.refresh_view();
    assert!(!game.level().visible.contains(Point::new(11, 4)));
    game.press(Key::Char('R'));
    run_command(&mut game);
    assert!(said(&game, "You see a jackal."), "{:?}", log_text(&game));
    assert!(game.player().hp < 32);
    game.press(Key::Char('R'));
    assert_eq!(game.log().last(), Some("Not with a jackal in view."));
    assert!(game.last_stop().unwrap().refused);

    // A key stops a rest and does nothing else.
    let mut game = Game::with_floor(7, Class::Fighter, 1, two_rooms('+'), Point::new(2, 2));
    game.player_mut().hp = 10;
    game.press(Key::Char('R'));
    game.step_command();
    let (turn, pos) = (game.turn(), game.player().pos);
    game.act(Action::Interrupt);
    assert!(!game.command_running());
    assert_eq!(game.last_stop().unwrap().reason, StopReason::Interrupted);
    game.press(Key::Char('R'));
    game.press(Key::Char('l'));
    assert_eq!(
        (game.turn(), game.player().pos),
        (turn, pos),
        "the key that stopped the rest did not move"
    );
}

#[test]
fn poison_and_confusion_refuse_commands() {
    let mut game = Game::with_floor(1, Class::Fighter, 1, two_rooms('+'), Point::new(2, 2));
    game.player_mut().hp = 10;
    game.player_mut().poisoned = 3;
    game.press(Key::Char('R'));
    assert_eq!(game.log().last(), Some("Not while you're poisoned."));
    game.player_mut().poisoned = 0;
    game.player_mut().confused = 5;
    game.press(Key::Char('o'));
    assert_eq!(game.log().last(), Some("Not while you're confused."));
    game.act(Action::TravelTo(Point::new(4, 4)));
    assert_eq!(game.log().last(), Some("Not while you're confused."));
    game.press(Key::Char('R'));
    assert!(game.command_running(), "confusion does not stop a rest");
}

#[test]
fn travel_goes_to_a_corner_and_refuses_the_unknown() {
    let mut game = Game::with_floor(1, Class::Fighter, 1, two_rooms('+'), Point::new(3, 3));
    game.act(Action::TravelTo(Point::new(1, 1)));
    let steps = run_command(&mut game);
    assert_eq!(game.player().pos, Point::new(1, 1));
    assert_eq!(steps, 2, "two diagonal steps");
    assert_eq!(game.last_stop().unwrap().reason, StopReason::Arrived);
    // The other room is behind a closed door, unseen.
    game.act(Action::TravelTo(Point::new(9, 2)));
    assert_eq!(game.log().last(), Some("You don't know a safe way there."));
    assert!(!game.command_running());
    // Through the door once it is known: travel bumps it open and walks on.
    game.press(Key::F(1));
    game.press(Key::F(1));
    game.act(Action::TravelTo(Point::new(6, 3)));
    run_command(&mut game);
    assert_eq!(game.player().pos, Point::new(6, 3), "{:?}", log_text(&game));
    assert!(said(&game, "You open the door."));
}

#[test]
fn explore_stops_for_an_item_a_monster_and_a_trap() {
    let mut game = Game::with_floor(3, Class::Fighter, 1, two_rooms('+'), Point::new(1, 1));
    game.level_mut()
        .items
        .push(FloorItem {
            item: Item {
                kind: kinds::GOLD,
                count: 18,
            },
            pos: Point::new(9, 1),
            seen: false,
            left: false,
        })
        .unwrap();
    game.press(Key::Char('o'));
    run_command(&mut game);
    assert!(
        said(&game, "You see 18 gold pieces."),
        "{:?}",
        log_text(&game)
    );
    assert_eq!(
        game.last_stop().unwrap().reason,
        StopReason::ItemSeen(Item {
            kind: kinds::GOLD,
            count: 18
        })
    );

    let mut game = Game::with_floor(3, Class::Fighter, 1, two_rooms('+'), Point::new(1, 1));
    game.level_mut()
        .monsters
        .push(monster("giant white rat", Point::new(10, 2), Mind::Asleep))
        .unwrap();
    game.press(Key::Char('o'));
    run_command(&mut game);
    assert!(
        said(&game, "You see a giant white rat."),
        "{:?}",
        log_text(&game)
    );
    game.press(Key::Char('o'));
    assert_eq!(
        game.log().last(),
        Some("Not with a giant white rat in view.")
    );

    // A trap in an open doorway, which exploring walks through.
    let mut game = Game::with_floor(3, Class::Fighter, 1, two_rooms('.'), Point::new(1, 3));
    game.level_mut()
        .traps
        .push(Trap {
            pos: Point::new(6, 3),
            kind: TrapKind::PoisonNeedle,
            known: false,
        })
        .unwrap();
    game.press(Key::Char('o'));
    run_command(&mut game);
    assert!(said(&game, "A needle pricks you."), "{:?}", log_text(&game));
    assert_eq!(game.last_stop().unwrap().reason, StopReason::TrapFound);
    game.press(Key::Char('o'));
    assert_eq!(game.log().last(), Some("Not while you're poisoned."));
}

#[test]
fn explore_ends_explored_and_the_stairs_key_travels_then_goes_down() {
    let mut map = two_rooms('+');
    map.set(Point::new(10, 4), Terrain::StairsDown);
    let mut game = Game::with_floor(3, Class::Fighter, 1, map, Point::new(2, 2));
    game.press(Key::Char('>'));
    assert_eq!(
        game.log().last(),
        Some("You haven't found the stairs down yet.")
    );
    game.press(Key::Char('o'));
    run_command(&mut game);
    assert_eq!(
        game.log().last(),
        Some("Explored."),
        "{:?}",
        log_text(&game)
    );
    game.press(Key::Char('>'));
    run_command(&mut game);
    assert_eq!(game.player().pos, Point::new(10, 4));
    game.press(Key::Char('>'));
    assert_eq!(game.depth(), 2);
    assert_eq!(game.log().last(), Some("You go down the stairs"));
    let mut deepest = Game::with_floor(
        3,
        Class::Fighter,
        LAST_FLOOR,
        two_rooms('+'),
        Point::new(2, 2),
    );
    deepest.press(Key::Char('>'));
    assert_eq!(
        deepest.log().last(),
        Some("There are no stairs down from the deepest floor.")
    );
}

/// How many seeds the property tests walk: all of them natively, fewer
/// where the tests run under an emulator.
const SEEDS: u32 = if cfg!(target_arch = "x86_64") {
    10_000
} else {
    100
};

#[test]
#[expect(
    clippy::too_many_lines,
    reason = "a test reads as one story, top to bottom"
)]
fn explore_always_ends_and_never_goes_round_in_circles() {
    let mut total = [0usize; 2];
    let mut worst = [0usize; 2];
    for seed in 1..=SEEDS {
        for (k, depth) in [1, 4].into_iter().enumerate() {
            let mut game = Game::new_run(seed, Class::Fighter);
            if depth != 1 {
                // Straight to floor 4, a cave.
                for _ in 1..depth {
                    let stairs = game.level().stairs.unwrap();
                    game.player_mut().pos = stairs;
                    game.level_mut()
                        .items
                        .retain(|i| i.item.kind != kinds::AMULET);
                    game.press(Key::Char('>'));
                }
            }
            let level = game.level_mut();
            level.monsters.clear();
            level.items.clear();
            level.traps.clear();
            game.refresh_view();
            let cells = game.level().map.count(|t| t != Terrain::Wall);
            let mut visited = vec![false; MAP_CELLS];
            let mut explored = game.level().explored.len();
            let mut steps = 0;
            game.press(Key::Char('o'));
            while game.command_running() {
                let before = game.player().pos;
                game.step_command();
                steps += 1;
                let now = game.level().explored.len();
                if now > explored {
                    visited.iter_mut().for_each(|v| *v = false);
                    explored = now;
                }
                let p = game.player().pos;
                if p != before {
                    assert!(
                        !visited[Map::index(p)],
                        "seed {seed} floor {depth}: back at {p:?} with nothing new seen"
                    );
                    visited[Map::index(p)] = true;
                }
                assert!(
                    steps <= 3 * cells,
                    "seed {seed} floor {depth}: {steps} steps"
                );
                if !game.command_running() {
                    // A secret door found on the way stops it: go on.
                    if game.last_stop().unwrap().reason == StopReason::SecretDoorFound {
                        game.press(Key::Char('o'));
                    }
                }
            }
            let reason = game.last_stop().unwrap().reason;
            assert!(
                matches!(
                    reason,
                    StopReason::Explored | StopReason::ExploredAsFarAsSafe
                ),
                "seed {seed} floor {depth}: {reason:?}"
            );
            total[k] += steps;
            worst[k] = worst[k].max(steps);

            // Travel then arrives, or says why, within the way's length
            // plus a step for each door on it.
            let mut dice = Rng::new(seed);
            for _ in 0..3 {
                let goal = Map::point_of(dice.roll(0, MAP_CELLS as i32 - 1) as usize);
                let known = game.known_map();
                if !known.is_walkable(goal) || goal == game.player().pos {
                    continue;
                }
                let mut astar = amulets_core::path::astar::AStar::new();
                let len = astar.find_path(&known, game.player().pos, goal).steps();
                let doors = astar
                    .path()
                    .filter(|&p| known.at(p) == Terrain::ClosedDoor)
                    .count();
                game.act(Action::TravelTo(goal));
                let steps = run_command(&mut game);
                let reason = game.last_stop().unwrap().reason;
                assert!(
                    (reason == StopReason::Arrived && game.player().pos == goal)
                        || matches!(reason, StopReason::Blocked | StopReason::NoSafeWay),
                    "seed {seed} floor {depth}: travel to {goal:?} ended {reason:?}"
                );
                assert!(
                    steps <= len + doors,
                    "seed {seed}: {steps} steps for a way of {len} with {doors} doors"
                );
            }
        }
    }
    println!(
        "explore over {SEEDS} seeds: rooms (floor 1) mean {:.1} steps, worst {}; caves (floor 4) mean {:.1}, worst {}",
        total[0] as f64 / f64::from(SEEDS),
        worst[0],
        total[1] as f64 / f64::from(SEEDS),
        worst[1]
    );
}

/// The directions of a key press that moves.
fn dir_between(from: Point, to: Point) -> Option<Dir> {
    Dir::ALL.into_iter().find(|d| from.step(*d) == to)
}

#[test]
#[expect(
    clippy::too_many_lines,
    reason = "a test reads as one story, top to bottom"
)]
fn a_run_driven_by_commands_equals_the_same_run_driven_by_keys() {
    for seed in 1..=60 {
        // No traps: a teleport would hide which way the step went.
        let mut by_command = Game::new_run(seed, Class::Rogue);
        by_command.level_mut().traps.clear();
        let mut keys: Vec<Key> = Vec::new();
        let mut dice = Rng::new(seed);
        for _ in 0..40 {
            if by_command.state() != State::Playing {
                break;
            }
            // Explore, or rest when hurt; fight what stops it by bumping.
            let which = if by_command.player().is_hurt() && dice.roll(0, 1) == 0 {
                'R'
            } else {
                'o'
            };
            by_command.press(Key::Char(which));
            if by_command.command_running() {
                while by_command.command_running() {
                    let (pos, turn, door) = (
                        by_command.player().pos,
                        by_command.turn(),
                        by_command.level().map.clone(),
                    );
                    by_command.step_command();
                    if by_command.turn() == turn {
                        continue; // the last step found nothing to do
                    }
                    let now = by_command.player().pos;
                    let key = if now != pos {
                        let d = dir_between(pos, now).unwrap_or_else(|| {
                            panic!(
                                "seed {seed}: {pos:?} to {now:?}: {:?}",
                                log_text(&by_command)
                            )
                        });
                        Key::Char(dir_key(d))
                    } else if let Some(d) = Dir::ALL.into_iter().find(|d| {
                        // A bump that opened a door next to the player (a
                        // monster may open one elsewhere in the same turn).
                        let q = pos.step(*d);
                        door.at(q) == Terrain::ClosedDoor
                            && by_command.level().map.at(q) == Terrain::OpenDoor
                    }) {
                        Key::Char(dir_key(d))
                    } else {
                        Key::Char('.')
                    };
                    keys.push(key);
                }
            } else if let Some(target) = by_command
                .level()
                .monsters
                .iter()
                .find(|m| by_command.level().visible.contains(m.pos))
                .map(|m| m.pos)
            {
                let p = by_command.player().pos;
                let key = match dir_between(p, target) {
                    Some(d) => Key::Char(dir_key(d)),
                    None => Key::Char('.'),
                };
                by_command.press(key);
                keys.push(key);
            } else {
                by_command.press(Key::Char('.'));
                keys.push(Key::Char('.'));
            }
        }
        let mut by_keys = Game::new_run(seed, Class::Rogue);
        by_keys.level_mut().traps.clear();
        for k in &keys {
            by_keys.press(*k);
        }
        assert_eq!(by_keys.rng(), by_command.rng(), "seed {seed}: the dice");
        assert_eq!(
            by_keys.player(),
            by_command.player(),
            "seed {seed}: the player"
        );
        assert_eq!(
            by_keys.level().monsters,
            by_command.level().monsters,
            "seed {seed}: the monsters"
        );
        assert_eq!(by_keys.turn(), by_command.turn());
    }
}

fn dir_key(d: Dir) -> char {
    match d {
        Dir::N => 'k',
        Dir::S => 'j',
        Dir::W => 'h',
        Dir::E => 'l',
        Dir::NW => 'y',
        Dir::NE => 'u',
        Dir::SW => 'b',
        Dir::SE => 'n',
    }
}

#[test]
fn a_click_while_a_command_runs_travels_there_or_lets_it_run_on() {
    use amulets_core::game::command::CommandKind;
    let mut game = Game::with_floor(1, Class::Fighter, 1, two_rooms('.'), Point::new(2, 2));
    game.player_mut().hp = 10;
    game.press(Key::Char('R'));
    game.step_command();
    assert_eq!(game.command().map(|c| c.kind), Some(CommandKind::Rest));
    // The book's handleClick calls travelTo, which starts in its place...
    let goal = Point::new(5, 4);
    for a in amulets_play::bindings::click_actions(game.state(), goal) {
        game.act(a);
    }
    let c = game.command().expect("a command runs");
    assert_eq!((c.kind, c.goal, c.turns), (CommandKind::Travel, goal, 0));
    game.step_command();
    // ...or is refused, with the book's words, and the old one runs on.
    let wall = Point::new(0, 0);
    for a in amulets_play::bindings::click_actions(game.state(), wall) {
        game.act(a);
    }
    assert_eq!(game.log().last(), Some("You don't know a safe way there."));
    assert_eq!(
        game.command().map(|c| c.goal),
        Some(goal),
        "the travel goes on"
    );
    let here = game.player().pos;
    for a in amulets_play::bindings::click_actions(game.state(), here) {
        game.act(a);
    }
    assert_eq!(
        game.command().map(|c| c.goal),
        Some(goal),
        "a click on the player does nothing"
    );
    run_command(&mut game);
    assert_eq!(game.player().pos, goal);
}

#[test]
fn a_commands_steps_leave_the_log_unread() {
    // The book's stepCommand does not mark the log read: what travel's
    // bump says ("You open the door.") stays new through the steps after
    // it, until the next key.
    let mut game = Game::with_floor(42, Class::Fighter, 1, two_rooms('+'), Point::new(2, 2));
    for a in amulets_play::bindings::click_actions(game.state(), Point::new(6, 3)) {
        game.act(a);
    }
    assert!(run_command(&mut game) >= 2, "the bump, then the step in");
    assert_eq!(game.player().pos, Point::new(6, 3));
    let opened = game
        .log()
        .lines()
        .find(|m| m.text.as_str() == "You open the door.");
    assert!(
        !opened.expect("the bump said so").read,
        "a step marks nothing read"
    );
    game.press(Key::Char('.'));
    assert!(
        game.log().lines().all(|m| m.read),
        "a key marks it all read"
    );
}

/// Walks east from the first room's west side until the jackal asleep in
/// the other room comes into view; the log's lines said on that step.
fn walk_until_the_jackal_is_seen(rules: &str) -> Vec<String> {
    let mut game = Game::with_floor(3, Class::Fighter, 1, two_rooms('\''), Point::new(1, 3));
    game.level_mut()
        .monsters
        .push(monster("jackal", Point::new(10, 1), Mind::Asleep))
        .unwrap();
    game.refresh_view();
    let mut game = under(&game, rules);
    let jackal = Point::new(10, 1);
    assert!(!game.level().visible.contains(jackal));
    for _ in 0..10 {
        let before = game.log().added();
        game.act(Action::Move(Dir::E));
        if game.level().visible.contains(jackal) {
            let new = (game.log().added() - before) as usize;
            return log_text(&game)[log_text(&game).len() - new..].to_vec();
        }
    }
    panic!("the jackal never came into view");
}

#[test]
fn under_book_3_a_monster_coming_into_view_on_a_step_is_said() {
    assert_eq!(
        walk_until_the_jackal_is_seen("book-3"),
        ["You see a jackal."]
    );
    // The book's rules (book-2) say it only when a command stops for it.
    assert_eq!(
        walk_until_the_jackal_is_seen("book-2"),
        Vec::<String>::new()
    );
}

/// The run as it stands under the rules named: saved and read back
/// naming them.
fn under(game: &Game, rules: &str) -> Game {
    let mut text = String::new();
    game.write_save(&mut text).unwrap();
    let named = game.rules().name();
    let text = text.replacen(&format!("rules {named}\n"), &format!("rules {rules}\n"), 1);
    let game = Game::read_save(&text).unwrap();
    assert_eq!(game.rules().name(), rules);
    game
}

/// The lines a run added to its log since `before` lines were added.
fn said_since(game: &Game, before: u32) -> Vec<String> {
    let new = (game.log().added() - before) as usize;
    let all = log_text(game);
    all[all.len() - new..].to_vec()
}

#[test]
fn under_book_4_a_fruitless_search_and_a_needle_s_poison_are_said() {
    let start = Game::with_floor(3, Class::Fighter, 1, two_rooms('+'), Point::new(2, 2));
    assert_eq!(
        start.rules().name(),
        "book-4",
        "the newest for the book's dice"
    );
    for (rules, words) in [("book-4", vec!["You find nothing."]), ("book-3", vec![])] {
        let mut game = under(&start, rules);
        let before = game.log().added();
        game.act(Action::Search);
        assert_eq!(said_since(&game, before), words, "{rules}: s");
    }
    // A needle east of the player.
    let mut start = start;
    let trap = Trap {
        pos: Point::new(3, 2),
        kind: TrapKind::PoisonNeedle,
        known: false,
    };
    start.level_mut().traps.push(trap).unwrap();
    for (rules, words) in [
        ("book-4", vec!["A needle pricks you.", "You are poisoned."]),
        ("book-3", vec!["A needle pricks you."]),
    ] {
        let mut game = under(&start, rules);
        let before = game.log().added();
        game.act(Action::Move(Dir::E));
        assert!(game.player().poisoned > 0);
        assert_eq!(said_since(&game, before), words, "{rules}: the needle");
    }
}

#[test]
fn under_book_4_explore_passes_arrows_a_fighter_cannot_shoot() {
    let mut start = Game::with_floor(3, Class::Fighter, 1, two_rooms('\''), Point::new(1, 3));
    assert_eq!(
        start.player().slot_of(kinds::BOW),
        None,
        "a Fighter has no bow"
    );
    let arrows = FloorItem {
        item: Item {
            kind: kinds::ARROW,
            count: 5,
        },
        pos: Point::new(9, 2),
        seen: false,
        left: false,
    };
    start.level_mut().items.push(arrows).unwrap();
    start.refresh_view();
    let stop = |start: &Game, rules: &str| {
        let mut game = under(start, rules);
        game.act(Action::Explore);
        run_command(&mut game);
        game.last_stop().map(|s| s.reason)
    };
    assert_eq!(
        stop(&start, "book-3"),
        Some(StopReason::ItemSeen(arrows.item)),
        "the book stops for every item"
    );
    assert_eq!(stop(&start, "book-4"), Some(StopReason::Explored));
    // With a bow in the pack, arrows stop explore again.
    start
        .player_mut()
        .add_to_pack(Item {
            kind: kinds::BOW,
            count: 1,
        })
        .unwrap();
    assert_eq!(
        stop(&start, "book-4"),
        Some(StopReason::ItemSeen(arrows.item))
    );
}
