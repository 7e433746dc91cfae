//! What the player lets the commands do on their own (docs/rules.md,
//! "Automation"): explore picks up the kinds of item the player chose on
//! its way and stops only for the rest; what stops explore and travel; the
//! share of health a rest rests to; and the book's behaviour untouched when
//! nothing is chosen. A run's automation goes into its save and its replay.

use amulets_core::bot::Bot;
use amulets_core::game::auto::{Automation, Halt, Pick};
use amulets_core::game::command::StopReason;
use amulets_core::game::{Game, State};
use amulets_core::geom::{Dir, Point};
use amulets_core::input::Action;
use amulets_core::item::{FloorItem, Item, Use, kinds};
use amulets_core::player::Class;
use amulets_core::replay::{self, Input, Playback};
use amulets_tests::stories::{log_text, said, two_rooms};

fn run_command(game: &mut Game) {
    let mut steps = 0;
    while game.command_running() {
        game.step_command();
        steps += 1;
        assert!(steps < 10_000, "a command that never ends");
    }
}

fn lay(game: &mut Game, kind: amulets_core::item::ItemId, count: u16, at: (i32, i32)) {
    game.level_mut()
        .items
        .push(FloorItem {
            item: Item { kind, count },
            pos: Point::new(at.0, at.1),
            seen: false,
            left: false,
        })
        .unwrap();
}

/// Two rooms joined by a door at (6, 3): in the player's, gold and a
/// potion, seen from the start; in the other, gold and a scroll, seen once
/// the door is open.
fn two_rooms_with_things(auto: Automation) -> Game {
    let mut game = Game::with_floor(3, Class::Fighter, 1, two_rooms('+'), Point::new(1, 1));
    game.automate(auto);
    lay(&mut game, kinds::GOLD, 18, (4, 4));
    lay(&mut game, kinds::HEALING, 1, (2, 4));
    lay(&mut game, kinds::GOLD, 7, (8, 2));
    lay(&mut game, kinds::LIGHTNING, 1, (10, 4));
    game.refresh_view();
    game
}

fn gold_and_potions() -> Automation {
    let mut auto = Automation::BOOK;
    auto.set_pick(Pick::Gold, true);
    auto.set_pick(Pick::Potions, true);
    auto
}

#[test]
fn explore_picks_up_what_the_player_chose_and_stops_for_the_rest() {
    let mut game = two_rooms_with_things(gold_and_potions());
    game.act(Action::Explore);
    run_command(&mut game);
    let log = log_text(&game);
    // Both of the first room's, on the way; then the scroll stops it, not
    // the gold beside it (earlier in the floor's list).
    assert!(said(&game, "You pick up 18 gold pieces."), "{log:?}");
    assert!(
        log.iter()
            .any(|l| l.starts_with("You pick up a potion of healing (")),
        "{log:?}"
    );
    assert_eq!(
        game.last_stop().unwrap().reason,
        StopReason::ItemSeen(Item::one(kinds::LIGHTNING)),
        "{log:?}"
    );
    assert!(said(&game, "You see a scroll of lightning."));
    assert!(!said(&game, "You see 7 gold pieces."), "{log:?}");
    assert_eq!(game.player().gold, 18);
    // Again: the other room's gold too, and on to the end.
    game.act(Action::Explore);
    run_command(&mut game);
    assert_eq!(game.player().gold, 25);
    assert_eq!(game.last_stop().unwrap().reason, StopReason::Explored);
    assert_eq!(game.level().items.len(), 1, "the scroll stays");
}

#[test]
fn by_the_book_explore_stops_for_each_item_and_picks_up_nothing() {
    let mut game = two_rooms_with_things(Automation::BOOK);
    game.act(Action::Explore);
    run_command(&mut game);
    // The other room's first item in the floor's list.
    assert!(
        said(&game, "You see 7 gold pieces."),
        "{:?}",
        log_text(&game)
    );
    assert_eq!(game.player().gold, 0);
    assert_eq!(game.level().items.len(), 4);
}

#[test]
fn what_the_player_dropped_or_threw_is_never_picked_up_again() {
    let mut game = two_rooms_with_things(gold_and_potions());
    game.act(Action::Explore);
    run_command(&mut game);
    // Drop the potion where the player stands.
    let slot = game
        .player()
        .pack
        .iter()
        .position(|s| s.is_some_and(|i| i.kind == kinds::HEALING))
        .unwrap();
    game.act(Action::Drop);
    game.act(Action::Letter((b'a' + u8::try_from(slot).unwrap()) as char));
    let here = game.player().pos;
    let i = game.level().item_at(here).unwrap();
    assert!(game.level().items[i].left);
    // A dart thrown across the room, with weapons picked up too.
    let mut auto = game.automation();
    auto.set_pick(Pick::Weapons, true);
    game.automate(auto);
    game.player_mut()
        .add_to_pack(Item {
            kind: kinds::DART,
            count: 2,
        })
        .unwrap();
    game.act(Action::Throw);
    game.act(Action::CursorTo(Point::new(10, 1)));
    game.act(Action::Select);
    let thrown = game
        .level()
        .items
        .iter()
        .position(|i| i.item.kind == kinds::DART)
        .unwrap_or_else(|| panic!("no dart: {:?}", log_text(&game)));
    let target = game.level().items[thrown].pos;
    assert!(game.level().items[thrown].left, "{:?}", log_text(&game));
    // Explore goes on to the end and leaves both.
    game.act(Action::Move(Dir::E));
    game.act(Action::Explore);
    run_command(&mut game);
    assert!(
        game.level().item_at(here).is_some(),
        "{:?}",
        log_text(&game)
    );
    assert!(game.level().item_at(target).is_some());
    assert_eq!(game.last_stop().unwrap().reason, StopReason::Explored);
    // Saved and loaded, it is still the player's to leave.
    let mut text = String::new();
    game.write_save(&mut text).unwrap();
    let loaded = Game::read_save(&text).unwrap();
    assert_eq!(loaded.level().items, game.level().items);
    assert_eq!(loaded.automation(), game.automation());
}

#[test]
fn with_items_not_stopping_explore_walks_past_the_scroll() {
    let mut auto = gold_and_potions();
    auto.set_halt(Halt::Items, false);
    let mut game = two_rooms_with_things(auto);
    game.act(Action::Explore);
    run_command(&mut game);
    assert_eq!(game.last_stop().unwrap().reason, StopReason::Explored);
    assert!(!said(&game, "You see a scroll of lightning."));
    assert_eq!(game.player().gold, 25);
}

#[test]
fn a_rest_stops_at_the_share_chosen_and_goes_on_to_full_from_above_it() {
    let mut auto = Automation::BOOK;
    auto.set_rest_to(50);
    let mut game = two_rooms_with_things(auto);
    game.level_mut().items.clear();
    let max = game.player().max_hp;
    game.player_mut().hp = 2;
    game.act(Action::Rest);
    run_command(&mut game);
    let hp = game.player().hp;
    assert_eq!(hp * 100 / max, 50, "{hp} of {max}");
    assert!(hp * 100 >= max * 50 && (hp - 1) * 100 < max * 50);
    assert_eq!(game.log().last(), Some("You feel rested."));
    // Above the share already: on to full.
    game.act(Action::Rest);
    run_command(&mut game);
    assert_eq!(game.player().hp, max);
}

/// Plays seed 42's Rogue over its first two floors by explore alone: a
/// monster that refuses explore is waited for and fought where it comes
/// (the bot walks to one that never comes), the stairs taken when
/// explored. The stops explore made, but for monsters.
fn explore_seed_42(auto: Automation) -> (Game, Vec<StopReason>) {
    let mut game = Game::new_run(42, Class::Rogue);
    game.automate(auto);
    let mut bot = Bot::new();
    let mut stops = Vec::new();
    let mut waited = 0;
    for _ in 0..3000 {
        game.act(Action::Explore);
        if !game.command_running() {
            let me = game.player().pos;
            let next_to = game
                .level()
                .monsters
                .iter()
                .map(|m| m.pos)
                .find(|p| (p.x - me.x).abs() <= 1 && (p.y - me.y).abs() <= 1 && *p != me);
            match (game.last_stop().map(|s| s.reason), next_to) {
                (Some(StopReason::MonsterInView(_)), Some(p)) => {
                    let d = Dir::from_delta(p.x - me.x, p.y - me.y).unwrap();
                    game.act(Action::Move(d));
                    waited = 0;
                }
                (Some(StopReason::MonsterInView(_)), None) if waited < 6 => {
                    game.act(Action::Wait);
                    waited += 1;
                }
                (Some(StopReason::MonsterInView(_)), None) => {
                    let a = bot.next_action(&game).unwrap();
                    game.act(a);
                }
                other => panic!("explore refused: {other:?}"),
            }
            continue;
        }
        run_command(&mut game);
        let stop = game.last_stop().unwrap().reason;
        if !matches!(stop, StopReason::MonsterInView(_)) {
            stops.push(stop);
        }
        if stop == StopReason::Explored {
            if game.depth() == 2 {
                break;
            }
            game.act(Action::Descend);
            run_command(&mut game);
            game.act(Action::Descend);
            if game.state() != State::Playing {
                // Leave the Amulet: this walk is about explore.
                game.act(Action::Confirm(true));
            }
            assert_eq!(game.depth(), 2);
        }
    }
    (game, stops)
}

fn item_stops(stops: &[StopReason]) -> Vec<Item> {
    stops
        .iter()
        .filter_map(|s| match s {
            StopReason::ItemSeen(item) => Some(*item),
            _ => None,
        })
        .collect()
}

#[test]
fn seed_42s_rogue_explores_over_gold_and_potions_and_stops_for_scrolls() {
    let uses =
        |items: &[Item], f: fn(&Use) -> bool| items.iter().filter(|i| f(&i.kind().uses)).count();
    let gold_or_potion = |u: &Use| matches!(u, Use::Gold | Use::Potion);
    let scroll = |u: &Use| matches!(u, Use::Scroll);
    // By the book, explore stops for gold and potions.
    let (book, stops) = explore_seed_42(Automation::BOOK);
    let seen = item_stops(&stops);
    assert!(uses(&seen, gold_or_potion) >= 3, "{seen:?}");
    assert_eq!(book.player().gold, 0);
    // Picking them up, it never stops for one, and has them.
    let (game, stops) = explore_seed_42(gold_and_potions());
    let seen = item_stops(&stops);
    assert_eq!(uses(&seen, gold_or_potion), 0, "{seen:?}");
    assert!(uses(&seen, scroll) >= 1, "{seen:?}");
    let potions = |g: &Game| {
        g.player()
            .pack
            .iter()
            .flatten()
            .filter(|i| matches!(i.kind().uses, Use::Potion))
            .map(|i| i.count)
            .sum::<u16>()
    };
    let start = Game::new_run(42, Class::Rogue);
    assert!(potions(&game) > potions(&start), "potions picked up");
    assert!(game.player().gold > 0);
}

#[test]
fn a_run_with_its_automation_changed_replays_to_its_end() {
    let mut game = Game::new_run(7, Class::Wizard);
    let mut inputs = vec![Input::Automate(gold_and_potions())];
    inputs[0].apply(&mut game);
    let mut bot = Bot::new();
    for n in 0..1500 {
        let input = if n == 700 {
            let mut auto = game.automation();
            auto.set_rest_to(60);
            auto.set_pick(Pick::Scrolls, true);
            Input::Automate(auto)
        } else if game.command_running() {
            Input::Step
        } else {
            match bot.next_action(&game) {
                Some(a) => Input::Act(a),
                None => break,
            }
        };
        input.apply(&mut game);
        inputs.push(input);
    }
    let mut text = String::new();
    replay::write(&mut text, 7, Class::Wizard, &inputs, &game).unwrap();
    assert!(text.starts_with("amulets-replay 4\n"), "{}", &text[..80]);
    assert!(text.contains("\nauto pickup=gold,potions stops=items,traps,doors rest=100\n"));
    assert!(text.contains("\nauto pickup=gold,potions,scrolls stops=items,traps,doors rest=60\n"));
    let mut playback = Playback::new();
    for line in text.lines() {
        if playback.line(line).unwrap() {
            break;
        }
    }
    playback.finish().unwrap();
    assert_eq!(
        replay::state_hash(playback.game()),
        replay::state_hash(&game)
    );
    // A run that never changed it is written as before.
    let mut plain = String::new();
    replay::write(&mut plain, 7, Class::Wizard, &inputs[1..700], &game).unwrap();
    assert!(plain.starts_with("amulets-replay 3\n"));
}

#[test]
fn the_books_automation_stops_for_everything() {
    let potion = Item::one(kinds::HEALING);
    let book = Automation::BOOK;
    for reason in [
        StopReason::ItemSeen(potion),
        StopReason::TrapFound,
        StopReason::SecretDoorFound,
        StopReason::HurtBy(1),
    ] {
        assert!(reason.stops(&book), "{reason:?}");
    }
    let mut auto = book;
    auto.set_pick(Pick::Potions, true);
    assert!(!StopReason::ItemSeen(potion).stops(&auto), "picked up");
    auto.set_halt(Halt::Traps, false);
    assert!(!StopReason::TrapFound.stops(&auto));
    assert!(StopReason::HurtBy(1).stops(&auto), "harm always stops");
}
