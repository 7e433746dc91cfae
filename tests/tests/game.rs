//! The game, as stories and as invariants: a fixed seed and class, a list
//! of keys, and what the log and the state must say after; and random
//! actions over many runs with the rules' invariants checked after every
//! one.

use amulets_core::game::{Cause, Game, State};
use amulets_core::geom::Point;
use amulets_core::input::Key;
use amulets_core::item::{FloorItem, Item, kinds};
use amulets_core::level::{Trap, TrapKind};
use amulets_core::map::{MAP_CELLS, MAP_H, MAP_W, Map, Terrain};
use amulets_core::monster::Mind;
use amulets_core::player::Class;
use amulets_core::rng::Rng;
use amulets_play::bindings::Press;
use amulets_play::keymap::Keymap;
use amulets_play::view::{self, Offers, Shows};
use amulets_tests::stories::{log_text, monster, said, two_rooms};

/// The map as the player sees it, for a failing test's message.
fn picture(game: &Game) -> String {
    let mut s = String::new();
    for y in 0..MAP_H {
        for x in 0..MAP_W {
            s.push(view::cell(game, Point::new(x, y)).map_or(' ', |l| l.glyph));
        }
        s.push('\n');
    }
    s
}

fn keys(game: &mut Game, keys: &str) {
    for c in keys.chars() {
        game.press(Key::Char(c));
    }
}

#[test]
fn size_of_game() {
    let size = size_of::<Game>();
    println!("size_of::<Game>() = {size} bytes");
    assert!(size <= 24 * 1024, "{size}");
}

#[test]
fn a_bump_opens_a_door_and_the_next_step_walks_in() {
    let mut game = Game::with_floor(1, Class::Fighter, 1, two_rooms('+'), Point::new(5, 3));
    keys(&mut game, "l");
    assert!(said(&game, "You open the door."), "{:?}", log_text(&game));
    assert_eq!(game.level().map.at(Point::new(6, 3)), Terrain::OpenDoor);
    assert_eq!(
        game.player().pos,
        Point::new(5, 3),
        "the bump took the turn"
    );
    assert_eq!(game.turn(), 1);
    keys(&mut game, "ll");
    assert_eq!(game.player().pos, Point::new(7, 3));
    // And c closes it again once the player has stepped back out.
    keys(&mut game, "h");
    keys(&mut game, "h");
    keys(&mut game, "c");
    assert!(said(&game, "You close the door."));
    assert_eq!(game.level().map.at(Point::new(6, 3)), Terrain::ClosedDoor);
}

#[test]
fn a_hidden_trap_springs_and_then_asks_before_a_second_step() {
    let mut game = Game::with_floor(1, Class::Fighter, 1, two_rooms('.'), Point::new(2, 2));
    game.level_mut()
        .traps
        .push(Trap {
            pos: Point::new(3, 2),
            kind: TrapKind::PoisonNeedle,
            known: false,
        })
        .unwrap();
    keys(&mut game, "l");
    assert!(said(&game, "A needle pricks you."), "{:?}", log_text(&game));
    assert!(game.player().poisoned > 0);
    assert!(game.level().traps[0].known);
    keys(&mut game, "h");
    let turn = game.turn();
    keys(&mut game, "l");
    assert!(said(&game, "Step onto the poison needle trap? (y or n)"));
    assert!(matches!(game.state(), State::Confirming(_)));
    keys(&mut game, "n");
    assert_eq!(
        (game.turn(), game.player().pos),
        (turn, Point::new(2, 2)),
        "no means no turn"
    );
    keys(&mut game, "ly");
    assert_eq!(game.player().pos, Point::new(3, 2));
    assert_eq!(game.turn(), turn + 1);
}

#[test]
fn a_fighter_kills_a_rat() {
    let mut game = Game::with_floor(3, Class::Fighter, 1, two_rooms('.'), Point::new(2, 2));
    game.level_mut()
        .monsters
        .push(monster("giant white rat", Point::new(3, 2), Mind::Asleep))
        .unwrap();
    for _ in 0..20 {
        if game.level().monsters.is_empty() {
            break;
        }
        keys(&mut game, "l");
    }
    assert!(
        said(&game, "You kill the giant white rat."),
        "{:?}",
        log_text(&game)
    );
    assert_eq!(game.player().kills, 1);
    assert!(
        game.log()
            .lines()
            .any(|m| m.text.starts_with("You hit the giant white rat.")
                || m.text.starts_with("You kill"))
    );
}

/// Lays an item on the floor, seen.
fn lay(game: &mut Game, item: Item, pos: Point) {
    game.level_mut()
        .items
        .push(FloorItem {
            item,
            pos,
            seen: true,
            left: false,
        })
        .unwrap();
}

#[test]
fn picking_up_a_potion_and_gold() {
    let mut game = Game::with_floor(1, Class::Fighter, 1, two_rooms('.'), Point::new(2, 2));
    lay(&mut game, Item::one(kinds::HEALING), Point::new(2, 2));
    let gold = Item {
        kind: kinds::GOLD,
        count: 18,
    };
    lay(&mut game, gold, Point::new(3, 2));
    keys(&mut game, "g");
    // The Fighter's two potions of healing are in slot c: one more stacks.
    assert!(
        said(&game, "You pick up a potion of healing (c)."),
        "{:?}",
        log_text(&game)
    );
    assert_eq!(
        game.player().pack[2],
        Some(Item {
            kind: kinds::HEALING,
            count: 3
        })
    );
    keys(&mut game, "l");
    assert!(said(&game, "There are 18 gold pieces here."));
    keys(&mut game, "g");
    assert!(said(&game, "You pick up 18 gold pieces."));
    assert_eq!(game.player().gold, 18);
    keys(&mut game, "g");
    assert!(said(&game, "There is nothing here to pick up."));
    // One of a kind takes "is".
    lay(&mut game, Item::one(kinds::HEALING), Point::new(4, 2));
    keys(&mut game, "l");
    assert!(
        said(&game, "There is a potion of healing here."),
        "{:?}",
        log_text(&game)
    );
}

#[test]
fn the_stairs_ask_about_the_amulet_then_go_down() {
    let mut map = two_rooms('.');
    map.set(Point::new(3, 3), Terrain::StairsDown);
    let mut game = Game::with_floor(5, Class::Fighter, 1, map, Point::new(3, 3));
    game.level_mut()
        .items
        .push(FloorItem {
            item: Item::one(kinds::AMULET),
            pos: Point::new(9, 2),
            seen: true,
            left: false,
        })
        .unwrap();
    keys(&mut game, ">");
    assert!(said(
        &game,
        "Leave this floor's Amulet behind for good? (y or n)"
    ));
    keys(&mut game, "n");
    assert_eq!(game.depth(), 1);
    keys(&mut game, ">y");
    assert_eq!(game.depth(), 2);
    assert_eq!(game.log().last(), Some("You go down the stairs"));
    assert!(
        game.level().amulet_still_here(),
        "floor 2 has its own Amulet"
    );
    assert!(game.level().map.is_walkable(game.player().pos));
}

#[test]
fn poison_kills_and_the_end_screen_says_so() {
    let mut game = Game::with_floor(1, Class::Wizard, 2, two_rooms('.'), Point::new(2, 2));
    game.player_mut().hp = 2;
    game.player_mut().poisoned = 5;
    keys(&mut game, "..");
    assert_eq!(game.state(), State::Dead);
    assert_eq!(game.cause_of_death(), Some(Cause::Poison));
    assert_eq!(game.log().last(), Some("You die..."));
    let screen = view::screen(&game, Offers::default(), Shows::default(), &Keymap::new()).unwrap();
    assert_eq!(screen.title.as_str(), "You die...");
    assert_eq!(
        screen.entries[0].text.as_str(),
        "Killed by poison on floor 2."
    );
}

#[test]
fn the_ninth_amulet_wins() {
    let mut game = Game::with_floor(9, Class::Rogue, 9, two_rooms('.'), Point::new(2, 2));
    game.player_mut().amulets = 8;
    game.level_mut()
        .items
        .push(FloorItem {
            item: Item::one(kinds::AMULET),
            pos: Point::new(3, 2),
            seen: true,
            left: false,
        })
        .unwrap();
    keys(&mut game, "lg");
    assert_eq!(game.state(), State::Won);
    assert_eq!(game.player().amulets, 9);
    let screen = view::screen(&game, Offers::default(), Shows::default(), &Keymap::new()).unwrap();
    assert_eq!(screen.title.as_str(), "You have won!");
}

#[test]
fn a_new_run_starts_on_floor_one_with_the_player_on_ground() {
    for seed in 1..=200 {
        for class in Class::ALL {
            let game = Game::new_run(seed, class);
            assert_eq!(game.state(), State::Playing);
            assert_eq!(game.depth(), 1);
            assert!(game.level().map.is_walkable(game.player().pos));
            assert!(game.level().amulet_still_here());
            let l = game.level();
            assert!(
                l.monsters.len() >= 10,
                "seed {seed}: {} monsters",
                l.monsters.len()
            );
            assert!(
                l.monsters.iter().all(|m| !l.areas[0].contains(m.pos)),
                "no monster starts in the player's area"
            );
        }
    }
}

/// What stays true after every action, whatever happens.
fn check_invariants(game: &Game, explored_before: usize, depth_before: i32, step: usize) {
    let l = game.level();
    let p = game.player();
    let ctx = || format!("step {step}, seed {}\n{}", game.seed(), picture(game));
    assert!(
        (0..=p.max_hp).contains(&p.hp),
        "HP {} of {}: {}",
        p.hp,
        p.max_hp,
        ctx()
    );
    if matches!(game.state(), State::Title | State::ChooseClass) {
        return; // a new run was asked for from the menu: nothing to check
    }
    if game.state() != State::Dead {
        assert!(l.map.is_walkable(p.pos), "the player in a wall: {}", ctx());
    }
    for (i, m) in l.monsters.iter().enumerate() {
        assert!(
            l.map.is_walkable(m.pos),
            "a monster in a wall at {:?}: {}",
            m.pos,
            ctx()
        );
        assert_ne!(m.pos, p.pos, "a monster on the player: {}", ctx());
        assert!(
            l.monsters[i + 1..].iter().all(|o| o.pos != m.pos),
            "two monsters on one cell: {}",
            ctx()
        );
        assert!(m.hp > 0 && m.hp <= m.kind().hp);
    }
    if l.depth == depth_before {
        assert!(
            l.explored.len() >= explored_before,
            "the explored set shrank: {}",
            ctx()
        );
    }
    let mut seen = vec![false; MAP_CELLS];
    for it in &l.items {
        let i = Map::index(it.pos);
        assert!(!seen[i], "two items on one cell: {}", ctx());
        seen[i] = true;
        assert!(it.item.count > 0);
    }
}

/// The keys a random player presses, roughly as often as a person would.
const KEYS: &[(Key, u32)] = &[
    (Key::Char('h'), 8),
    (Key::Char('j'), 8),
    (Key::Char('k'), 8),
    (Key::Char('l'), 8),
    (Key::Char('y'), 4),
    (Key::Char('u'), 4),
    (Key::Char('b'), 4),
    (Key::Char('n'), 4),
    (Key::Char('.'), 3),
    (Key::Char('g'), 3),
    (Key::Char('s'), 2),
    (Key::Char('c'), 1),
    (Key::Char('i'), 1),
    (Key::Char('a'), 1),
    (Key::Char('b'), 1),
    (Key::Char('u'), 1),
    (Key::Char('d'), 1),
    (Key::Char('f'), 1),
    (Key::Char('t'), 1),
    (Key::Char('z'), 1),
    (Key::Enter, 2),
    (Key::Tab, 1),
    (Key::Escape, 2),
    (Key::Char('>'), 2),
    (Key::Char('Y'), 1),
    (Key::Char('x'), 1),
    (Key::Char('?'), 1),
];

fn random_key(dice: &mut Rng) -> Key {
    let total: u32 = KEYS.iter().map(|(_, w)| w).sum();
    let mut roll = dice.roll(1, total as i32) as u32;
    for (k, w) in KEYS {
        if roll <= *w {
            return *k;
        }
        roll -= w;
    }
    Key::Char('.')
}

/// Plays a run of random keys; the menu's quit keys are never pressed (Esc
/// opens the menu, and the next key closes it or picks c, s, q or n, all
/// fine here: the game only asks the shell to quit).
fn random_run(seed: u32, class: Class, steps: usize, mut between: impl FnMut(&mut Game)) -> Game {
    let mut game = Game::new_run(seed, class);
    let mut dice = Rng::new(seed ^ 0x5eed);
    for step in 0..steps {
        let explored = game.level().explored.len();
        let depth = game.depth();
        // Now and then a shortcut to the stairs, so the runs see deeper
        // floors (and caves) than random keys would reach.
        if step % 50 == 49
            && game.state() == State::Playing
            && let Some(stairs) = game.level().stairs
            && game.level().monster_at(stairs).is_none()
        {
            game.player_mut().pos = stairs;
            game.refresh_view();
            game.press(Key::Char('>'));
            game.press(Key::Char('y'));
            continue;
        }
        let key = random_key(&mut dice);
        game.press(key);
        // A command runs a few steps, as a shell would play it, then a key
        // may stop it.
        let mut left = dice.roll(1, 40);
        while game.command_running() && left > 0 {
            game.step_command();
            left -= 1;
        }
        between(&mut game);
        check_invariants(&game, explored, depth, step);
        if matches!(
            game.state(),
            State::Dead | State::Won | State::Title | State::ChooseClass
        ) {
            break;
        }
    }
    game
}

#[test]
fn invariants_hold_over_a_thousand_random_runs() {
    let mut deaths = 0;
    let mut deepest = 0;
    for seed in 1..=1000 {
        let class = Class::ALL[seed as usize % 3];
        let game = random_run(seed, class, 300, |_| {});
        deaths += usize::from(game.state() == State::Dead);
        deepest = deepest.max(game.depth());
    }
    println!("1,000 random runs of 300 keys: {deaths} deaths, deepest floor {deepest}");
    // The runs reach what the invariants are checked against: deaths, and
    // floors past the first (59 deaths and floor 7 when last run).
    assert!(deaths >= 10, "{deaths} deaths");
    assert!(deepest >= 4, "deepest floor {deepest}: no cave reached");
}

#[test]
fn drawing_and_debug_views_never_touch_the_run() {
    for seed in 1..=100 {
        let plain = random_run(seed, Class::Rogue, 200, |_| {});
        let mut presses = 0;
        let looked = random_run(seed, Class::Rogue, 200, |g| {
            presses += 1;
            // Draw everything, and flip every debug view now and then.
            for y in 0..MAP_H {
                for x in 0..MAP_W {
                    let p = Point::new(x, y);
                    let _ = view::cell(g, p);
                    let _ = view::describe(g, p);
                    let _ = view::mind_label(g, p);
                }
            }
            let _ = view::panel(g);
            let _ = view::screen(
                g,
                Offers {
                    saved_run: true,
                    ..Offers::default()
                },
                Shows::default(),
                &Keymap::new(),
            );
            let _ = view::distances(g);
            if presses % 7 == 0 {
                for f in [1, 3, 4, 6, 6] {
                    g.press(Key::F(f));
                }
            }
        });
        assert_eq!(plain.rng(), looked.rng(), "seed {seed}: the dice");
        assert_eq!(plain.level(), looked.level(), "seed {seed}: the floor");
        assert_eq!(plain.player(), looked.player(), "seed {seed}: the player");
        assert_eq!(plain.turn(), looked.turn());
        assert_eq!(log_text(&plain), log_text(&looked));
    }
}

#[test]
fn seed_42_fighter_walks_to_the_first_door_and_opens_it() {
    use amulets_core::path::astar::AStar;
    let mut game = Game::new_run(42, Class::Fighter);
    // The nearest closed door the player can see from the start.
    let start = game.player().pos;
    let door = (0..MAP_CELLS)
        .map(Map::point_of)
        .filter(|&p| {
            game.level().map.at(p) == Terrain::ClosedDoor && game.level().visible.contains(p)
        })
        .min_by_key(|p| (p.x - start.x).pow(2) + (p.y - start.y).pow(2))
        .expect("seed 42's first room shows a door");
    let mut astar = AStar::new();
    let steps = astar.find_path(&game.level().map, start, door).steps();
    let way: Vec<Point> = astar.path().collect();
    assert_eq!(steps, way.len());
    let mut at = start;
    for next in way {
        let dir = amulets_core::geom::Dir::ALL
            .into_iter()
            .find(|d| at.step(*d) == next)
            .unwrap();
        game.act(amulets_core::input::Action::Move(dir));
        if next == door {
            break;
        }
        at = next;
    }
    assert!(
        said(&game, "You open the door."),
        "{:?}\n{}",
        log_text(&game),
        picture(&game)
    );
    assert_eq!(game.level().map.at(door), Terrain::OpenDoor);
}

#[test]
fn the_rogue_shoots_a_rat_and_the_arrow_can_be_picked_up() {
    let mut game = Game::with_floor(2, Class::Rogue, 1, two_rooms('.'), Point::new(1, 2));
    game.level_mut()
        .monsters
        .push(monster("giant white rat", Point::new(5, 2), Mind::Asleep))
        .unwrap();
    game.refresh_view();
    keys(&mut game, "f");
    assert!(matches!(game.state(), State::Aiming(_)));
    assert_eq!(
        game.cursor(),
        Point::new(5, 2),
        "aiming starts on the nearest monster"
    );
    assert_eq!(game.aim_line().last(), Some(&Point::new(5, 2)));
    game.press(Key::Enter);
    assert_eq!(game.player().pack[3].unwrap().count, 23, "one arrow used");
    let shot = game.log().lines().any(|m| {
        m.text.as_str() == "You hit the giant white rat."
            || m.text.as_str() == "You kill the giant white rat."
            || m.text.as_str() == "You miss the giant white rat."
    });
    assert!(shot, "{:?}", log_text(&game));
    let arrow = game
        .level()
        .items
        .iter()
        .find(|i| i.item.kind == kinds::ARROW)
        .expect("the arrow lies where it landed");
    assert_eq!(arrow.pos, Point::new(5, 2));
}

#[test]
fn the_wizard_casts_lightning_and_waits_for_it() {
    let mut game = Game::with_floor(4, Class::Wizard, 1, two_rooms('.'), Point::new(1, 3));
    game.level_mut()
        .monsters
        .push(monster("jackal", Point::new(3, 3), Mind::Asleep))
        .unwrap();
    game.level_mut()
        .monsters
        .push(monster("jackal", Point::new(5, 3), Mind::Asleep))
        .unwrap();
    game.refresh_view();
    keys(&mut game, "z");
    game.press(Key::Enter);
    assert!(said(&game, "Lightning leaps from your hands!"));
    // Lightning does 6 to 12, and a jackal has 3 HP: both die.
    assert!(game.level().monsters.is_empty(), "{:?}", log_text(&game));
    assert_eq!(game.player().kills, 2);
    // A Wizard's recharge from the cast, the casting turn counted.
    let left = amulets_core::player::WIZARD_LIGHTNING_RECHARGE - 1;
    keys(&mut game, "z");
    assert!(
        said(
            &game,
            &format!("Lightning needs {left} more turns to come back.")
        ),
        "{:?}",
        log_text(&game)
    );
    assert!(
        view::panel(&game)
            .iter()
            .any(|(l, _)| l.as_str() == format!("Lightning: {left} turns"))
    );
    keys(&mut game, &".".repeat(left as usize - 1));
    keys(&mut game, "z");
    assert_eq!(game.state(), State::Playing, "one turn short");
    keys(&mut game, ".z");
    assert!(
        matches!(game.state(), State::Aiming(_)),
        "{:?}",
        log_text(&game)
    );
}

#[test]
fn searching_finds_a_secret_door_by_the_fifth_try() {
    let mut game = Game::with_floor(6, Class::Fighter, 1, two_rooms('S'), Point::new(5, 3));
    for _ in 0..5 {
        keys(&mut game, "s");
    }
    assert!(said(&game, "You find a secret door!"));
    assert_eq!(game.level().map.at(Point::new(6, 3)), Terrain::ClosedDoor);
}

#[test]
fn e_searches_here_until_the_streak_finds_all_or_nothing() {
    use amulets_core::game::command::StopReason;
    // Nothing hidden in the middle of a room: five turns, then nothing.
    let mut game = Game::with_floor(1, Class::Fighter, 1, two_rooms('.'), Point::new(3, 2));
    keys(&mut game, "e");
    while game.command_running() {
        game.step_command();
    }
    assert_eq!(game.turn(), 5, "a streak of searches");
    assert!(said(&game, "You find nothing."), "{:?}", log_text(&game));
    assert_eq!(
        game.last_stop().map(|s| s.reason),
        Some(StopReason::Searched)
    );
    // A secret door beside the player: found by the fifth turn at most,
    // and the search stops there.
    let mut game = Game::with_floor(1, Class::Fighter, 1, two_rooms('S'), Point::new(5, 3));
    keys(&mut game, "e");
    while game.command_running() {
        game.step_command();
    }
    assert!(game.turn() <= 5);
    assert_eq!(game.level().map.at(Point::new(6, 3)), Terrain::ClosedDoor);
    assert_eq!(
        game.last_stop().map(|s| s.reason),
        Some(StopReason::SecretDoorFound)
    );
}

#[test]
fn the_pack_uses_wears_and_drops() {
    let mut game = Game::with_floor(1, Class::Wizard, 1, two_rooms('.'), Point::new(2, 2));
    game.player_mut().hp = 5;
    keys(&mut game, "icu"); // the potion of healing is c
    assert!(said(&game, "You feel better."));
    assert!(game.player().hp > 5);
    assert_eq!(game.player().pack[2], None);
    keys(&mut game, "dd"); // drop the scroll of magic mapping
    assert!(
        said(&game, "You drop a scroll of magic mapping."),
        "{:?}",
        log_text(&game)
    );
    keys(&mut game, "g");
    keys(&mut game, "icu"); // it came back as c, and is read
    assert!(
        said(&game, "A map of the floor forms in your mind."),
        "{:?}",
        log_text(&game)
    );
    assert!(game.level().explored.contains(Point::new(11, 4)));
}

#[test]
fn what_would_do_nothing_takes_no_turn_and_no_item() {
    // The Wizard wields the staff (a), wears the robe (b) and knows
    // Lightning by heart.
    let mut game = Game::with_floor(1, Class::Wizard, 1, two_rooms('.'), Point::new(2, 2));
    lay(&mut game, Item::one(kinds::LIGHTNING), Point::new(2, 2));
    keys(&mut game, "g");
    let slot = (0..26)
        .find(|&i| game.player().pack[i].map(|it| it.kind) == Some(kinds::LIGHTNING))
        .expect("the scroll is in the pack");
    let letter = char::from(b'a' + slot as u8);
    let turn = game.turn();
    let pack = game.player().pack;
    for (keys_pressed, words) in [
        ("iau".to_string(), "You are wielding the staff already."),
        ("ibu".to_string(), "You are wearing the robe already."),
        (
            format!("i{letter}u"),
            "You know Lightning by heart already.",
        ),
    ] {
        keys(&mut game, &keys_pressed);
        assert!(said(&game, words), "{keys_pressed}: {:?}", log_text(&game));
        assert_eq!(game.turn(), turn, "{keys_pressed}: no turn passed");
        assert_eq!(game.player().pack, pack, "{keys_pressed}: nothing used up");
    }
    // A mass noun takes no article.
    lay(&mut game, Item::one(kinds::CHAIN_MAIL), Point::new(3, 2));
    keys(&mut game, "l");
    assert!(
        said(&game, "There is chain mail here."),
        "{:?}",
        log_text(&game)
    );
}

#[test]
fn aiming_never_picks_a_target_it_cannot_reach() {
    use amulets_core::game::{Aim, clear_shot};
    // A Rogue in a doorway, a rat somewhere in view: wherever the rat is
    // that the bow cannot reach, aiming does not pick it, and says so.
    let mut unreachable = 0;
    for y in 1..=4 {
        for x in 1..=11 {
            let rat = Point::new(x, y);
            let door = Point::new(6, 3);
            if rat == door || x == 6 {
                continue;
            }
            let mut game = Game::with_floor(1, Class::Rogue, 1, two_rooms('.'), door);
            game.level_mut()
                .monsters
                .push(monster("jackal", rat, Mind::Asleep))
                .unwrap();
            game.refresh_view();
            if game.targets().is_empty() {
                continue;
            }
            let reachable = clear_shot(game.level(), door, rat);
            keys(&mut game, "f");
            assert_eq!(game.state(), State::Aiming(Aim::Fire));
            if reachable {
                assert_eq!(game.cursor(), rat, "{rat:?}");
            } else {
                unreachable += 1;
                assert_eq!(game.cursor(), door, "{rat:?}: not picked");
                assert!(
                    said(&game, "Nothing in view can be reached from here."),
                    "{rat:?}: {:?}",
                    log_text(&game)
                );
                game.press(Key::Tab);
                assert_eq!(game.cursor(), door, "{rat:?}: Tab picks nothing either");
            }
        }
    }
    assert!(
        unreachable > 0,
        "some rat in view was out of the bow's reach"
    );
}

#[test]
fn f6_shows_a_cave_in_six_steps_with_its_own_dice() {
    let mut game = Game::new_run(42, Class::Fighter);
    let dice = game.rng().clone();
    let mut words = Vec::new();
    for _ in 0..6 {
        game.press(Key::F(6));
        let steps = game.debug().cave.as_ref().expect("a cave is showing");
        words.push(view::cave_step_words(steps).to_string());
    }
    assert_eq!(words[0], "the random fill");
    assert_eq!(words[1], "smoothing pass 1 of 4");
    assert_eq!(words[4], "smoothing pass 4 of 4");
    assert!(words[5].starts_with("the biggest cave: "), "{}", words[5]);
    assert!(
        view::cell(&game, game.debug().cave.as_ref().unwrap().start.unwrap())
            .is_some_and(|l| l.glyph == '@')
    );
    game.press(Key::F(6));
    assert!(
        game.debug().cave.is_none(),
        "the seventh press puts the game back"
    );
    assert_eq!(game.rng(), &dice, "the run's dice were not touched");
}

#[test]
fn the_look_panel_names_what_is_there() {
    let mut map = two_rooms('+');
    map.set(Point::new(8, 2), Terrain::CaveFloor);
    let mut game = Game::with_floor(1, Class::Fighter, 1, map, Point::new(2, 2));
    game.level_mut()
        .monsters
        .push(monster("jackal", Point::new(3, 3), Mind::Asleep))
        .unwrap();
    game.level_mut()
        .items
        .push(FloorItem {
            item: Item {
                kind: kinds::GOLD,
                count: 18,
            },
            pos: Point::new(4, 1),
            seen: true,
            left: false,
        })
        .unwrap();
    game.refresh_view();
    assert_eq!(
        view::describe(&game, Point::new(3, 3)).as_str(),
        "A jackal (asleep, unhurt)"
    );
    assert_eq!(
        view::describe(&game, Point::new(4, 1)).as_str(),
        "18 gold pieces"
    );
    assert_eq!(
        view::describe(&game, Point::new(6, 3)).as_str(),
        "A closed door"
    );
    assert_eq!(
        view::describe(&game, Point::new(1, 1)).as_str(),
        "The floor"
    );
    assert_eq!(
        view::describe(&game, Point::new(8, 2)).as_str(),
        "You haven't seen that."
    );
    // A known trap under an item: the map shows the trap, the words both.
    game.level_mut()
        .traps
        .push(Trap {
            pos: Point::new(4, 1),
            kind: TrapKind::Teleport,
            known: true,
        })
        .unwrap();
    assert_eq!(
        view::describe(&game, Point::new(4, 1)).as_str(),
        "A teleport trap, with 18 gold pieces on it"
    );
    assert_eq!(view::cell(&game, Point::new(4, 1)).unwrap().glyph, '^');
    game.press(Key::F(1));
    assert_eq!(
        view::describe(&game, Point::new(8, 2)).as_str(),
        "The cave floor"
    );
    // Walls are drawn only where they border open ground.
    assert!(view::cell(&game, Point::new(0, 0)).is_some());
}
