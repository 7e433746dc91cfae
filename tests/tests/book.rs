//! The book's checkpoints, played on the book's dice as a reader would play
//! them: from `Game::new_run`, a title `Session`, or the generators the
//! chapter builds, on the seed the chapter names. Each test quotes the
//! book's words; docs/rules.md ("Dice", "What the checkpoints pin") says
//! what each one pins. The checkpoints that depend on the seed also run on
//! xorshift's dice, where they must fail: they are about the book's dice,
//! not about any seed.

use amulets_core::game::{Game, MONSTERS_BASE, MONSTERS_PER_FLOOR};
use amulets_core::geom::Point;
use amulets_core::input::{Action, DebugKey};
use amulets_core::map::{MAP_CELLS, MAP_W, Map, Terrain};
use amulets_core::mapgen::floor::Style;
use amulets_core::mapgen::{caves, rooms};
use amulets_core::player::Class;
use amulets_core::rng::{Dice, Rng};
use amulets_core::rules::Rules;
use amulets_play::view;
use amulets_tests::book;

/// Chapter 2's seed 7, on some dice: the rooms, the cuts and the map the
/// book's own generator (written again in the tests' crate) makes.
fn seed_7(dice: Dice) -> book::Dungeon {
    book::generate(&mut Rng::of(dice, 7))
}

/// "The next image shows one of this chapter's dungeons: ten rooms and the
/// corridors between them, all grown from the seed 7." "A dungeon with 10
/// rooms always has exactly 9 corridors, one for each cut."
fn ten_rooms_nine_corridors(dice: Dice) -> bool {
    let d = seed_7(dice);
    d.rooms.len() == 10 && d.corridors == 9
}

/// "The first cut splits the map into a narrow piece on the left and a wide
/// one on the right." "The first piece there is 14 cells across, too narrow
/// to cut across, so it can only be cut down. It's cut down until its
/// pieces are shorter than 18 rows."
fn the_first_cut_is_figure_2_1s(dice: Dice) -> bool {
    let d = seed_7(dice);
    let first = d.cuts[0];
    let left = first.first;
    let inside_left = |r: amulets_core::geom::Rect| r.x + r.w <= left.x + left.w;
    let left_cuts: Vec<_> = d.cuts.iter().filter(|c| inside_left(c.piece)).collect();
    first.across
        && (left.w, first.second.w) == (14, 48)
        && !left_cuts.is_empty()
        && left_cuts.iter().all(|c| !c.across)
        && d.rooms
            .iter()
            .filter(|r| inside_left(**r))
            .all(|r| r.h + 2 < 18)
}

#[test]
fn chapter_2_seed_7_has_ten_rooms_and_nine_corridors_all_joined() {
    assert!(ten_rooms_nine_corridors(Dice::Book));
    // The core's generator makes the same map, and every room reaches every
    // other ("in every one, you could walk from any room to any other").
    let mut map = Map::new();
    let plan = rooms::generate_plan(&mut map, &mut Rng::new(7));
    assert_eq!(plan.rooms.len(), 10);
    assert_eq!(plan.corridors.len(), 9);
    let d = seed_7(Dice::Book);
    let cells: Vec<u8> = map
        .cells()
        .iter()
        .map(|&t| u8::from(t == Terrain::Floor))
        .collect();
    assert_eq!(
        cells, d.cells,
        "the core's seed 7 is the book's generator's"
    );
    let reached = amulets_tests::plain::reachable(plan.rooms[0].center(), |p| map.is_walkable(p));
    for room in &plan.rooms {
        let i = (room.center().y * MAP_W + room.center().x) as usize;
        assert!(reached[i], "{room:?} cannot be reached");
    }
}

#[test]
fn chapter_2_the_first_cut_leaves_a_narrow_piece_on_the_left() {
    assert!(the_first_cut_is_figure_2_1s(Dice::Book));
}

#[test]
fn chapter_2_the_corridor_dug_last_joins_the_left_to_the_right() {
    // "The blue one was dug last, for the very first cut, and it joins the
    // left of the map to the right."
    let mut map = Map::new();
    let plan = rooms::generate_plan(&mut map, &mut Rng::new(7));
    let last = plan.corridors.last().unwrap();
    let cut_x = seed_7(Dice::Book).cuts[0].second.x;
    let (a, b) = (last.from.x.min(last.to.x), last.from.x.max(last.to.x));
    assert!(a < cut_x && b >= cut_x, "{last:?} across x = {cut_x}");
}

#[test]
fn chapter_2_the_seed_is_on_the_panel_and_gives_the_same_dungeon_every_time() {
    // "The side panel shows the seed under the game's name." "The dungeon
    // is the one in Figure 2.1, cell for cell, and you'll get it every
    // time."
    let game = Game::new_run(7, Class::Fighter);
    let panel: Vec<String> = view::panel(&game)
        .iter()
        .map(|(l, _)| l.to_string())
        .collect();
    assert_eq!(&panel[..2], ["Amulets", "Seed 7"]);
    let again = Game::new_run(7, Class::Fighter);
    assert_eq!(game.level().map, again.level().map);
}

#[test]
fn chapter_2_seed_7_is_not_figure_2_1_on_xorshift() {
    // Ten rooms on xorshift's seed 7 too, by chance, but not the book's
    // cuts: the checkpoint is of the book's dice.
    assert!(!the_first_cut_is_figure_2_1s(Dice::Xorshift));
    let (book, xorshift) = (seed_7(Dice::Book), seed_7(Dice::Xorshift));
    assert_ne!(book.cells, xorshift.cells);
}

/// F6 pressed `presses` times on a new run of seed 42.
fn f6(game: &mut Game, presses: usize) {
    for _ in 0..presses {
        game.act(Action::Debug(DebugKey::CaveSteps));
    }
}

fn panel_of(game: &Game) -> Vec<String> {
    view::panel(game)
        .iter()
        .map(|(l, _)| l.to_string())
        .collect()
}

fn biggest_cave_of_seed_42(dice: Dice) -> Vec<String> {
    let mut game = Game::new_run_on(42, Class::Fighter, Default::default(), dice);
    f6(&mut game, 6);
    panel_of(&game)
}

#[test]
fn chapter_18_f6_six_times_on_seed_42_keeps_684_cells() {
    // "Press F6 in its window six times. The sixth press keeps the biggest
    // cave: every pocket cut off from it turns to rock, an @ marks where a
    // player would start, and a > marks the stairs at the far end. ... with
    // seed 42, the biggest cave: 684 cells."
    let mut game = Game::new_run(42, Class::Fighter);
    let before = game.clone();
    f6(&mut game, 1);
    let cave = game.debug().cave.as_ref().unwrap();
    let walls = cave.map.count(|t| t == Terrain::Wall);
    // "about half # and half brown dots", and "the random fill".
    assert!(
        (MAP_CELLS * 2 / 5..MAP_CELLS * 3 / 5).contains(&walls),
        "{walls}"
    );
    assert!(panel_of(&game).contains(&"the random fill".to_string()));
    for pass in 1..=4 {
        f6(&mut game, 1);
        let words = format!("smoothing pass {pass} of 4");
        assert!(panel_of(&game).contains(&words), "{words}");
    }
    f6(&mut game, 1);
    assert!(panel_of(&game).contains(&"the biggest cave: 684 cells".to_string()));
    assert!(!panel_of(&game).contains(&"too few, so it's made again".to_string()));
    let cave = game.debug().cave.as_ref().unwrap();
    let start = cave.start.expect("an @ where a player would start");
    let ground = |p: Point| cave.map.is_walkable(p);
    let reached = amulets_tests::plain::reachable(start, ground);
    let cells = (0..MAP_CELLS).filter(|&i| ground(Map::point_of(i))).count();
    assert_eq!(cells, 684, "684 cells, the stairs among them");
    assert!(
        (0..MAP_CELLS).all(|i| !ground(Map::point_of(i)) || reached[i]),
        "every pocket cut off turned to rock"
    );
    let stairs = (0..MAP_CELLS)
        .map(Map::point_of)
        .find(|&p| cave.map.at(p) == Terrain::StairsDown)
        .expect("a > at the far end");
    let far = amulets_tests::plain::costs_built(&cave.map, start);
    let most = far.iter().flatten().max().unwrap();
    assert_eq!(
        far[(stairs.y * MAP_W + stairs.x) as usize],
        Some(*most),
        "the far end"
    );
    // "Press F6 again, and the game is back, exactly as it was."
    f6(&mut game, 1);
    assert!(game.debug().cave.is_none());
    assert_eq!(game.level().map, before.level().map);
    assert_eq!(game.rng(), before.rng(), "the run's dice untouched");
    // "One more press, and a different fill appears, since each cave's dice
    // start one further on": seed + 1.
    f6(&mut game, 1);
    let mut fill = Map::new();
    caves::fill_randomly(&mut fill, &mut Rng::new(43));
    assert_eq!(game.debug().cave.as_ref().unwrap().map, fill);
}

#[test]
fn chapter_18_f6_works_on_the_title_too() {
    // The book's F6 is taken before anything else looks at the key, so it
    // shows its caves whatever the game is showing; ours does on the title,
    // where the cave takes the title screen's place until it is put back.
    use amulets_core::game::State;
    use amulets_core::input::Key;
    use amulets_play::session::{Session, Start};
    use amulets_play::store::NoStore;
    let start = Start {
        seed: Some(42),
        ..Start::default()
    };
    let mut s = Session::new(NoStore, (), || 1, start);
    assert_eq!(s.game().state(), State::Title);
    assert!(s.drawn().screen().is_some(), "the title screen");
    for _ in 0..6 {
        s.press(Key::F(6));
        s.release(Key::F(6));
        assert!(s.drawn().screen().is_none(), "the cave has the map view");
    }
    let lines: Vec<String> = s
        .drawn()
        .panel()
        .iter()
        .map(|(l, _)| l.to_string())
        .collect();
    assert!(
        lines.contains(&"the biggest cave: 684 cells".to_string()),
        "{lines:?}"
    );
    let cave = s.game().debug().cave.as_ref().unwrap();
    assert!(cave.start.is_some());
    // The title's keys wait while the cave is shown: N starts nothing, and
    // Esc puts the title back rather than quitting.
    s.press(Key::Char('n'));
    assert_eq!(s.game().state(), State::Title);
    assert!(s.game().debug().cave.is_some());
    s.press(Key::Escape);
    assert!(
        !s.run().finished(),
        "Esc took the cave away, and did not quit"
    );
    assert!(s.game().debug().cave.is_none());
    assert!(s.drawn().screen().is_some(), "the title is back");
    // A seventh press after six also puts it back; the next cave is on
    // seed + 1, and the run begun after it is seed 42's as ever.
    s.press(Key::F(6));
    let mut fill = Map::new();
    caves::fill_randomly(&mut fill, &mut Rng::new(43));
    assert_eq!(s.game().debug().cave.as_ref().unwrap().map, fill);
    for _ in 0..6 {
        s.press(Key::F(6));
    }
    assert!(s.game().debug().cave.is_none());
    s.press(Key::Char('n'));
    s.press(Key::Char(Class::Fighter.letter()));
    assert_eq!(s.game().state(), State::Playing);
    let fresh = Game::new_run(42, Class::Fighter);
    assert_eq!(s.game().level().map, fresh.level().map);
    assert_eq!(s.game().rng(), fresh.rng(), "looking changed no dice");
}

#[test]
fn chapter_18_seed_42s_cave_is_not_684_cells_on_xorshift() {
    assert!(biggest_cave_of_seed_42(Dice::Book).contains(&"the biggest cave: 684 cells".into()));
    let xorshift = biggest_cave_of_seed_42(Dice::Xorshift);
    assert!(
        !xorshift.contains(&"the biggest cave: 684 cells".into()),
        "{xorshift:?}"
    );
}

#[test]
fn chapter_18_a_cave_under_600_cells_says_it_is_made_again() {
    // "Now and then the side panel says too few, so it's made again, for a
    // cave of fewer than 600 cells."
    let mut game = Game::new_run(42, Class::Fighter);
    let mut said = 0;
    for _ in 0..40 {
        f6(&mut game, 6);
        let cells = game.debug().cave.as_ref().unwrap().cells;
        let too_few = panel_of(&game).contains(&"too few, so it's made again".to_string());
        assert_eq!(too_few, cells < caves::MIN_CAVE_CELLS, "{cells} cells");
        said += usize::from(too_few);
        f6(&mut game, 1);
    }
    assert!(said > 0, "40 caves and none too small");
}

#[test]
fn chapter_18_each_pass_changes_fewer_cells_over_1000_seeds() {
    // "The first pass ... changes over a third of the map's cells ... On
    // average, that's nearly 300 on the second, over 100 on the third, and
    // under 60 on the fourth."
    let mut sums = [0usize; 4];
    for seed in 1..=1000 {
        let mut map = Map::new();
        caves::fill_randomly(&mut map, &mut Rng::new(seed));
        for sum in &mut sums {
            *sum += caves::smooth(&mut map);
        }
    }
    let means = sums.map(|s| s / 1000);
    println!("cells changed by each pass, mean of 1000 seeds: {means:?}");
    assert!(means[0] * 3 > MAP_CELLS, "over a third: {means:?}");
    assert!((250..=300).contains(&means[1]), "{means:?}");
    assert!(means[2] > 100 && means[3] < 60, "{means:?}");
}

#[test]
fn chapter_18_the_floor_4_cave_wants_15_monsters_where_rooms_want_20() {
    // "On floor 4, a cave gets fifteen monsters where a floor of rooms gets
    // twenty, and a pack can add one or two more to either."
    let rooms_want = MONSTERS_BASE + MONSTERS_PER_FLOOR * 4;
    let cave_want = rooms_want * amulets_core::game::CAVE_MONSTERS_PERCENT / 100;
    assert_eq!((rooms_want, cave_want), (20, 15));
    // Played down to floor 4 of seed 42 and seed 7, the stairs taken as
    // soon as each floor is made (`test-support` puts the player on them).
    for seed in [7, 42] {
        let mut game = Game::new_run(seed, Class::Fighter);
        while game.depth() < 4 {
            let stairs = game.level().stairs.unwrap();
            game.player_mut().pos = stairs;
            game.act(Action::Descend);
            game.act(Action::Confirm(true));
        }
        let monsters = game.level().monsters.len() as i32;
        assert!((15..=17).contains(&monsters), "seed {seed}: {monsters}");
    }
}

/// The monsters of each floor 1 to 9 as it is made, under a rule set: the
/// run's seed played down by taking each floor's stairs at once.
fn monsters_on_arrival(seed: u32, rules: Rules) -> Vec<(i32, i32)> {
    let mut game = Game::new_run_under(seed, Class::Fighter, Style::Book, rules);
    let mut counts = vec![(1, game.level().monsters.len() as i32)];
    while game.depth() < 9 {
        let stairs = game.level().stairs.unwrap();
        game.player_mut().pos = stairs;
        game.act(Action::Descend);
        game.act(Action::Confirm(true));
        counts.push((game.depth(), game.level().monsters.len() as i32));
    }
    counts
}

#[test]
fn chapter_18_every_floor_of_the_newest_book_rules_wants_16_and_its_depth() {
    // "A floor of rooms wants 16 monsters, and one more for each floor of
    // depth: 17 on the first floor, and 20 on the fourth. Caves hold only
    // three quarters of that." A pack can add one or two more.
    assert_eq!(Rules::newest(Dice::Book), Rules::Book4);
    let want = |depth: i32| {
        let rooms = 16 + depth;
        if depth == 4 || depth == 7 {
            rooms * 3 / 4
        } else {
            rooms
        }
    };
    let mut over = 0;
    for seed in 1..=150 {
        for (depth, monsters) in monsters_on_arrival(seed, Rules::Book2) {
            let w = want(depth);
            assert!(
                (w..=w + 2).contains(&monsters),
                "seed {seed}, floor {depth}: {monsters} monsters, the book wants {w}"
            );
        }
        // 0.1.0's rules (book-1) broke it from floor 5 on, for balance: its
        // replays keep that, and nothing else does.
        for (depth, monsters) in monsters_on_arrival(seed, Rules::Book1) {
            over += i32::from(monsters > want(depth) + 2);
        }
    }
    assert!(
        over > 150,
        "book-1 has more deep monsters: {over} floors over"
    );
}

#[test]
fn the_dungeons_page_shows_seed_7s_dungeon() {
    let page = include_str!("../../docs/gen.md");
    let after = page
        .split_once("Figure 2.1, cell for cell")
        .expect("docs/gen.md's seed 7")
        .1;
    let block = after
        .split_once("```text\n")
        .unwrap()
        .1
        .split_once("```")
        .unwrap()
        .0;
    let mut map = Map::new();
    rooms::generate(&mut map, &mut Rng::new(7));
    let picture = amulets_tests::stories::picture(&map);
    assert_eq!(block.lines().collect::<Vec<_>>(), picture);
}
