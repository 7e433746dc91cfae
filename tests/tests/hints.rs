//! The sealed floor's hint, measured: the bot plays whole runs, and on
//! each floor explore finds sealed it follows the hint alone (travel to
//! the spot, `e`, explore again once a door turns up) until it stands on
//! the stairs. The same floors are played again following the hint as it
//! was (the nearest dead end, else a side of the map, worked out afresh
//! each turn), with a player's memory of where they searched.

use amulets_core::bot::Bot;
use amulets_core::cellset::CellSet;
use amulets_core::game::command::StopReason;
use amulets_core::game::{Game, State};
use amulets_core::geom::{Dir, Point};
use amulets_core::input::Action;
use amulets_core::item::kinds;
use amulets_core::map::{MAP_CELLS, MAP_H, MAP_W, Map};
use amulets_core::path::book_cost;
use amulets_core::path::dijkstra::{DijkstraMap, UNREACHED};
use amulets_core::player::Class;
use amulets_core::rules::LAST_FLOOR;
use amulets_play::session::Notes;
use amulets_play::view::SpotKind;

/// Turns a floor may take from "Explored." before it counts as not found.
const GIVE_UP: u32 = 3000;

/// Which hint the bot follows.
#[derive(Clone, Copy, PartialEq)]
enum Hint {
    /// The session's: one spot, kept until searched.
    Now,
    /// The hint before: the nearest dead end, else the side most unseen.
    Before,
}

/// Plays one input and tells the notes, as the session does.
fn play(game: &mut Game, notes: &mut Notes, action: Option<Action>) {
    let before = game.last_stop();
    let tally = game.tally();
    let asked = matches!(
        action,
        Some(Action::Rest | Action::Explore | Action::Descend | Action::TravelTo(_))
    );
    match action {
        Some(a) => {
            game.act(a);
        }
        None => game.step_command(),
    }
    if let Some(news) = game.news_since(&tally) {
        notes.news(news);
    }
    if let Some(stop) = game.last_stop().filter(|_| action.is_none())
        && !game.command_running()
        && stop.reason.is_news()
    {
        notes.news(stop.reason);
    }
    notes.follow_stop(game, before, asked);
}

/// The old hint's spot (see the module's comment): the nearest dead end
/// of a corridor not searched yet, else the reached ground farthest toward
/// the side of the map most unseen, not searched yet.
fn old_spot(game: &Game, searched: &CellSet) -> Option<Point> {
    let known = game.known_map();
    let level = game.level();
    let me = game.player().pos;
    let far = |p: &Point| (p.x - me.x).abs().max((p.y - me.y).abs());
    let straight = [Dir::N, Dir::S, Dir::W, Dir::E];
    let mut steps = DijkstraMap::new();
    steps.compute(&known, &[me], book_cost);
    let reached = |p: Point| steps.at(p) != UNREACHED;
    let ground: Vec<Point> = (0..MAP_CELLS)
        .map(Map::point_of)
        .filter(|&p| level.explored.contains(p) && known.at(p).is_walkable())
        .filter(|p| !searched.contains(*p))
        .collect();
    let dead_end = ground
        .iter()
        .copied()
        .filter(|&p| {
            straight
                .iter()
                .filter(|&&d| known.at(p.step(d)).is_walkable())
                .count()
                == 1
        })
        .filter(|&p| reached(p))
        .min_by_key(far);
    if dead_end.is_some() {
        return dead_end;
    }
    let (mut x0, mut y0, mut x1, mut y1) = (MAP_W, MAP_H, -1, -1);
    for p in &ground {
        (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
    }
    let sides = [
        (Dir::W, x0 / 2),
        (Dir::E, (MAP_W - 1 - x1) / 2),
        (Dir::N, y0),
        (Dir::S, MAP_H - 1 - y1),
    ];
    let (side, _) = sides.iter().copied().max_by_key(|&(_, m)| m)?;
    let (dx, dy) = side.delta();
    ground
        .iter()
        .copied()
        .filter(|&p| reached(p))
        .max_by_key(|p| (p.x * dx + p.y * dy, -far(p)))
}

/// One run of the bot, following `hint` on each sealed floor: the turns
/// from "Explored." to standing on the stairs, per sealed floor (`None`
/// when they were not reached in `GIVE_UP` turns).
fn run(seed: u32, class: Class, hint: Hint) -> Vec<Option<u32>> {
    let mut game = Game::new_run(seed, class);
    let mut bot = Bot::new();
    let mut notes = Notes::default();
    let mut floors = Vec::new();
    // The floor being measured: its depth, the turn it was found sealed,
    // and (for the old hint) where the bot searched.
    let mut sealed: Option<(i32, u32, CellSet)> = None;
    let mut measured = -1;
    for _ in 0..60_000 {
        if matches!(game.state(), State::Dead | State::Won) {
            break;
        }
        let depth = game.depth();
        if sealed.is_none()
            && depth != measured
            && depth < LAST_FLOOR
            && notes.search_spot(&game).is_some()
        {
            sealed = Some((depth, game.turn(), CellSet::new()));
            measured = depth;
        }
        let Some((_, since, searched)) = sealed.as_mut().filter(|s| s.0 == depth) else {
            sealed = None;
            let action = if game.command_running() {
                None
            } else {
                match bot.next_action(&game) {
                    Some(a) => Some(a),
                    None => break,
                }
            };
            play(&mut game, &mut notes, action);
            continue;
        };
        if game.known_stairs() == Some(game.player().pos) {
            floors.push(Some(game.turn() - *since));
            sealed = None;
            continue;
        }
        if game.turn() - *since > GIVE_UP {
            floors.push(None);
            sealed = None;
            continue;
        }
        let action = following(&game, &notes, &mut bot, hint, searched);
        if action.is_none() && !game.command_running() {
            break;
        }
        play(&mut game, &mut notes, action);
        if game
            .last_stop()
            .is_some_and(|s| matches!(s.reason, StopReason::Blocked | StopReason::NoSafeWay))
        {
            // A spot it cannot reach: the bot plays a turn instead.
            let a = bot.next_action(&game);
            play(&mut game, &mut notes, a);
        }
    }
    floors
}

/// What the bot plays on a sealed floor, following `hint`: the running
/// command's step; the bot's own turn with a monster in view, hurt, or out
/// of play; to the stairs once a way is known; else to the hint's spot and
/// `e` there, or explore once a door has turned up.
fn following(
    game: &Game,
    notes: &Notes,
    bot: &mut Bot,
    hint: Hint,
    searched: &mut CellSet,
) -> Option<Action> {
    let level = game.level();
    let monster = level.monsters.iter().any(|m| level.visible.contains(m.pos));
    let hurt = game.player().hp * 2 < game.player().max_hp;
    let stairs = game
        .known_stairs()
        .filter(|&s| !game.route_to(s).is_empty() || s == game.player().pos);
    if game.command_running() {
        return None;
    }
    if monster || hurt || game.state() != State::Playing {
        return bot.next_action(game);
    }
    if let Some(s) = stairs {
        return Some(Action::TravelTo(s));
    }
    let spot = match hint {
        Hint::Now => notes.search_spot(game).map(|s| s.at),
        // Shown while the floor is sealed, as the session's is.
        Hint::Before => notes
            .search_spot(game)
            .and_then(|_| old_spot(game, searched)),
    };
    Some(match spot {
        Some(p) if p == game.player().pos => {
            searched.insert(p);
            Action::KeepSearching
        }
        Some(p) => Action::TravelTo(p),
        // A door found: explore what it opened.
        None => Action::Explore,
    })
}

fn median(mut v: Vec<u32>) -> u32 {
    v.sort_unstable();
    v[v.len() / 2]
}

#[test]
fn the_bot_following_the_hint_finds_the_way_on_every_sealed_floor() {
    let mut now = Vec::new();
    let mut before = Vec::new();
    let mut seed = 0;
    while now.len() < 100 {
        seed += 1;
        let class = Class::ALL[seed as usize % 3];
        now.extend(run(seed, class, Hint::Now));
        before.extend(run(seed, class, Hint::Before));
        assert!(
            seed < 2000,
            "only {} sealed floors in {seed} runs",
            now.len()
        );
    }
    let found = |v: &[Option<u32>]| v.iter().flatten().copied().collect::<Vec<u32>>();
    let lost = now.iter().filter(|t| t.is_none()).count();
    let lost_before = before.iter().filter(|t| t.is_none()).count();
    let (m_now, m_before) = (median(found(&now)), median(found(&before)));
    println!(
        "{} sealed floors in {seed} runs: median turns from Explored. to the stairs {m_now} \
         (hint before: {m_before} over {} floors); not found in {GIVE_UP} turns: {lost} \
         (before: {lost_before})",
        now.len(),
        before.len()
    );
    assert_eq!(lost, 0, "floors whose way on the hint never found");
    assert!(
        m_now < m_before,
        "{m_now} turns, where the old hint took {m_before}"
    );
}

/// Steps a running command to its end, telling the notes.
fn run_command(game: &mut Game, notes: &mut Notes) {
    for _ in 0..2000 {
        if !game.command_running() {
            return;
        }
        play(game, notes, None);
    }
}

/// A Wizard's run explored until explore finds floor 1 sealed, with the
/// notes that followed it.
fn sealed_wizard() -> (Game, Notes) {
    for seed in 1..400 {
        let mut game = Game::new_run(seed, Class::Wizard);
        let mut notes = Notes::default();
        for _ in 0..20 {
            play(&mut game, &mut notes, Some(Action::Explore));
            run_command(&mut game, &mut notes);
            let level = game.level();
            if level.monsters.iter().any(|m| level.visible.contains(m.pos)) {
                break;
            }
            if notes.search_spot(&game).is_some() {
                return (game, notes);
            }
        }
    }
    panic!("no Wizard's floor 1 sealed in 400 seeds");
}

#[test]
fn the_hint_keeps_one_spot_wherever_the_player_goes_until_it_is_searched() {
    let (mut game, mut notes) = sealed_wizard();
    let spot = notes.search_spot(&game).unwrap();
    // The player anywhere they can reach: the spot stays.
    let known = game.known_map();
    let mut steps = DijkstraMap::new();
    steps.compute(&known, &[game.player().pos], book_cost);
    let reached: Vec<Point> = (0..MAP_CELLS)
        .map(Map::point_of)
        .filter(|&p| known.at(p).is_walkable() && steps.at(p) != UNREACHED)
        .collect();
    assert!(reached.len() > 10);
    for &p in reached.iter().step_by(3) {
        game.player_mut().pos = p;
        game.refresh_view();
        play(&mut game, &mut notes, Some(Action::Search));
        assert_eq!(
            notes.search_spot(&game).map(|s| s.at),
            Some(spot.at),
            "from {p:?}"
        );
        if notes.search_spot(&game).is_none() {
            break;
        }
    }
    // Searched there to the end with nothing found, the next spot.
    game.player_mut().pos = spot.at;
    game.refresh_view();
    play(&mut game, &mut notes, Some(Action::KeepSearching));
    run_command(&mut game, &mut notes);
    match game.last_stop().map(|s| s.reason) {
        Some(StopReason::Searched) => {
            let next = notes.search_spot(&game).expect("another spot");
            assert_ne!(next.at, spot.at);
        }
        // The door was there: the floor is open, the hint gone.
        Some(StopReason::SecretDoorFound) => assert_eq!(notes.search_spot(&game), None),
        other => panic!("the search ended with {other:?}"),
    }
}

#[test]
fn after_magic_mapping_the_hint_names_the_wall_with_floor_behind_it() {
    let (mut game, mut notes) = sealed_wizard();
    let slot = game
        .player()
        .pack
        .iter()
        .position(|s| s.is_some_and(|i| i.kind == kinds::MAGIC_MAPPING))
        .unwrap();
    play(&mut game, &mut notes, Some(Action::Inventory));
    play(
        &mut game,
        &mut notes,
        Some(Action::Letter((b'a' + u8::try_from(slot).unwrap()) as char)),
    );
    play(&mut game, &mut notes, Some(Action::Use));
    assert!(game.known_stairs().is_some(), "the map shows the stairs");
    let spot = notes
        .search_spot(&game)
        .expect("still sealed: no way to them");
    assert_eq!(spot.kind, SpotKind::Mapped);
    // Searched there, the door turns up, and the stairs can be reached.
    let stairs = game.known_stairs().unwrap();
    assert!(game.route_to(stairs).is_empty());
    game.player_mut().pos = spot.at;
    game.refresh_view();
    play(&mut game, &mut notes, Some(Action::KeepSearching));
    run_command(&mut game, &mut notes);
    assert_eq!(
        game.last_stop().map(|s| s.reason),
        Some(StopReason::SecretDoorFound)
    );
    assert_eq!(notes.search_spot(&game), None);
    assert!(!game.route_to(stairs).is_empty(), "a way to the stairs");
}
