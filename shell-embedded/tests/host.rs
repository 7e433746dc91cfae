//! The embedded shell on the host, drawing into a RAM frame buffer.

use amulets_core::color::{Rgb, palette};
use amulets_core::game::{Game, State};
use amulets_core::geom::Point;
use amulets_core::input::Key;
use amulets_core::map::{MAP_CELLS, Map};
use amulets_core::player::Class;
use amulets_core::text::Note;
use amulets_embedded::framebuffer::FrameBuffer;
use amulets_embedded::shell::{CELL_H, CELL_W, CHAR_H, CHAR_W};
use amulets_embedded::{Buttons, Layout, Shell};
use amulets_play::morgue::End;
use amulets_play::session::{Session, Start};
use amulets_play::store::{Colours, Fame, NoStore, Records, SaveText, Saves, Store, StoreError};
use amulets_play::view;
use common::{Counting, Holding, WINDOW_BYTES};

mod common;
use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::mono_font::ascii::FONT_4X6;
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics::text::{Baseline, Text};

type Big = FrameBuffer<320, 240>;
type Small = FrameBuffer<160, 128>;

fn c565(c: Rgb) -> Rgb565 {
    Rgb565::new(c.r >> 3, c.g >> 2, c.b >> 3)
}

/// Every pixel of the cell drawn at a display place.
fn cell_pixels<const W: usize, const H: usize>(
    fb: &FrameBuffer<W, H>,
    x: i32,
    y: i32,
) -> Vec<Rgb565> {
    let mut v = Vec::new();
    for dy in 0..CELL_H {
        for dx in 0..CELL_W {
            v.push(fb.at((x * CELL_W + dx) as usize, (y * CELL_H + dy) as usize));
        }
    }
    v
}

type Run<S> = Session<(S, (), fn() -> u32)>;

fn five() -> u32 {
    5
}

/// A new run of a class, past the title.
fn run_of(seed: u32, class: Class) -> Run<NoStore> {
    let start = Start {
        seed: Some(seed),
        class: Some(class),
        ..Start::default()
    };
    Session::new(NoStore, (), five as fn() -> u32, start)
}

/// A hand-made game, continued from its save.
fn continued(game: &Game) -> Run<Holding> {
    let store = Holding(SaveText(game).to_string(), None);
    let mut s = Session::new(store, (), five as fn() -> u32, Start::default());
    s.press(Key::Char('C'));
    assert_eq!(s.game().state(), State::Playing);
    s
}

fn press(shell: &mut Shell<Big>, session: &mut Run<NoStore>, b: Buttons, now: u64) {
    shell.update(session, b, now);
    shell.update(session, Buttons::NONE, now + 1);
}

/// Asserts that rows `rows` of the display hold ink exactly where these
/// lines of text, drawn by hand at their heights, would put it.
fn rows_read(shell: &Shell<Big>, lines: &[(i32, &str)], rows: core::ops::Range<usize>) {
    let mut expect = Big::new();
    expect.clear(c565(palette::BACKGROUND)).unwrap();
    let style = MonoTextStyle::new(&FONT_4X6, c565(palette::TEXT));
    for &(y, line) in lines {
        Text::with_baseline(
            line,
            embedded_graphics::geometry::Point::new(0, y),
            style,
            Baseline::Top,
        )
        .draw(&mut expect)
        .unwrap();
    }
    let ink = |fb: &Big, y: usize| -> Vec<bool> {
        (0..320)
            .map(|x| fb.at(x, y) != c565(palette::BACKGROUND))
            .collect()
    };
    for y in rows {
        assert_eq!(ink(shell.display(), y), ink(&expect, y), "row {y}");
    }
}

/// A direction to a walkable, empty neighbour of the player.
fn free_step(game: &Game) -> (Buttons, Point) {
    let p = game.player().pos;
    let level = game.level();
    let options = [
        (RIGHT, Point::new(p.x + 1, p.y)),
        (LEFT, Point::new(p.x - 1, p.y)),
        (
            Buttons {
                down: true,
                ..Buttons::NONE
            },
            Point::new(p.x, p.y + 1),
        ),
        (
            Buttons {
                up: true,
                ..Buttons::NONE
            },
            Point::new(p.x, p.y - 1),
        ),
    ];
    options
        .into_iter()
        .find(|&(_, q)| {
            level.map.at(q) == amulets_core::map::Terrain::Floor
                && level.monster_at(q).is_none()
                && level.item_at(q).is_none()
        })
        .expect("room to move")
}

#[test]
fn the_player_moves_and_only_what_changed_is_redrawn() {
    let mut session = run_of(42, Class::Fighter);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    let first = shell.draw(&session).unwrap();
    assert!(
        first > 100,
        "the first frame paints everything seen: {first}"
    );
    assert_eq!(
        shell.draw(&session).unwrap(),
        0,
        "nothing changed, nothing drawn"
    );

    let before: Vec<_> = (0..MAP_CELLS)
        .map(|i| view::cell(session.game(), Map::point_of(i)))
        .collect();
    let old = session.game().player().pos;
    let (step, new) = free_step(session.game());
    press(&mut shell, &mut session, step, 10);
    assert_eq!(session.game().player().pos, new);
    let after: Vec<_> = (0..MAP_CELLS)
        .map(|i| view::cell(session.game(), Map::point_of(i)))
        .collect();
    // Counted independently: the cells whose look changed, plus the status
    // line whose turn number changed.
    let changed = before.iter().zip(&after).filter(|(a, b)| a != b).count() as u32;
    shell.display_mut().take_writes();
    let redrawn = shell.draw(&session).unwrap();
    assert!((2..40).contains(&changed), "{changed}");
    assert_eq!(
        redrawn,
        changed + 1,
        "the changed cells and one status line"
    );
    let writes = shell.display_mut().take_writes();
    // A few cells and one line of text, not the screen's 76,800 pixels.
    assert!(writes < 320 * 240 / 20, "pixels written: {writes}");

    let white = c565(palette::PLAYER);
    let fb = shell.display();
    assert!(
        cell_pixels(fb, new.x, new.y).contains(&white),
        "the @ moved here"
    );
    assert!(
        !cell_pixels(fb, old.x, old.y).contains(&white),
        "and left there"
    );
}

#[test]
fn the_status_line_says_class_seed_hp_floor_and_turn() {
    let mut session = run_of(42, Class::Fighter);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    shell.draw(&session).unwrap();
    let (step, _) = free_step(session.game());
    press(&mut shell, &mut session, step, 10);
    shell.draw(&session).unwrap();
    // The same words drawn by hand where the status line goes.
    let hp = session.game().player().max_hp;
    let words = format!("Fighter #42  HP {hp}/{hp}  Floor 1/9  Turn 1  Gold 0  Amulets 0");
    let mut expect = Big::new();
    let style = MonoTextStyle::new(&FONT_4X6, c565(palette::TEXT));
    Text::with_baseline(
        &words,
        embedded_graphics::geometry::Point::new(0, 216),
        style,
        Baseline::Top,
    )
    .draw(&mut expect)
    .unwrap();
    let row = |fb: &Big, y: usize| -> Vec<bool> {
        (0..320)
            .map(|x| fb.at(x, y) == c565(palette::TEXT))
            .collect()
    };
    for y in 216..222 {
        assert_eq!(row(shell.display(), y), row(&expect, y), "status row {y}");
    }
    // The two newest lines of the log under it, the newest last.
    let log: Vec<String> = session
        .game()
        .log()
        .lines()
        .rev()
        .take(2)
        .map(|m| m.text.to_string())
        .collect();
    // `log` is newest first: the newest on the lower row.
    let at: Vec<(i32, &str)> = log
        .iter()
        .enumerate()
        .map(|(i, l)| (228 - 6 * i as i32, l.as_str()))
        .collect();
    rows_read(&shell, &at, 222..234);
}

#[test]
fn the_small_layout_follows_the_player() {
    let mut game = Game::new_run(7, Class::Rogue);
    let far = (0..MAP_CELLS)
        .map(Map::point_of)
        .filter(|&q| game.level().map.is_walkable(q) && game.level().monster_at(q).is_none())
        .max_by_key(|q| q.x + q.y)
        .unwrap();
    game.player_mut().pos = far;
    game.refresh_view();
    let session = continued(&game);
    let mut shell = Shell::new(Small::new(), Layout::Small);
    shell.draw(&session).unwrap();
    let camera = shell.camera(&session);
    assert!(camera.x > 0 && camera.y > 0, "{camera:?}");
    let (sx, sy) = (far.x - camera.x, far.y - camera.y);
    assert!((0..32).contains(&sx) && (0..15).contains(&sy));
    let white = c565(palette::PLAYER);
    assert!(cell_pixels(shell.display(), sx, sy).contains(&white));
    // The overview shows the player at one pixel a cell.
    assert_eq!(
        shell.display().at(far.x as usize, 92 + far.y as usize),
        white
    );
}

#[test]
fn buttons_explore_rest_and_open_the_menu() {
    let mut session = run_of(42, Class::Fighter);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    let a = Buttons {
        a: true,
        ..Buttons::NONE
    };
    press(&mut shell, &mut session, a, 0);
    assert!(session.game().command_running(), "A explores");
    // Steps come every 30 ms; a button stops it.
    let turn = session.game().turn();
    shell.update(&mut session, Buttons::NONE, 30);
    shell.update(&mut session, Buttons::NONE, 60);
    assert!(session.game().turn() > turn);
    let stopped_at = session.game().turn();
    let b = Buttons {
        b: true,
        ..Buttons::NONE
    };
    shell.update(&mut session, b, 61);
    assert!(!session.game().command_running());
    assert_eq!(
        session.game().turn(),
        stopped_at,
        "the button only stopped it"
    );
    shell.update(&mut session, Buttons::NONE, 62);
    // Nothing is left held down to repeat, on a board that repeats.
    session.keyboard_mut().make_repeats(true);
    shell.update(&mut session, Buttons::NONE, 2000);
    assert_eq!(session.game().state(), State::Playing, "nothing repeated");
    session.keyboard_mut().make_repeats(false);
    // C opens the menu of commands: travel, then the playing table's
    // commands in order. Search is the sixth.
    let search = amulets_embedded::COMMANDS
        .iter()
        .position(|c| c.name() == "Search")
        .unwrap();
    assert_eq!(search, 5);
    let c = Buttons {
        c: true,
        ..Buttons::NONE
    };
    press(&mut shell, &mut session, c, 100);
    let right = Buttons {
        right: true,
        ..Buttons::NONE
    };
    for i in 0..search {
        press(&mut shell, &mut session, right, 110 + 10 * i as u64);
    }
    let t = session.game().turn();
    let push = Buttons {
        press: true,
        ..Buttons::NONE
    };
    press(&mut shell, &mut session, push, 200);
    assert!(session.game().turn() > t, "searched");
    assert_eq!(session.game().state(), State::Playing);
    // The game's own menu is on it too: Menu, then save and quit.
    let menu = amulets_embedded::COMMANDS
        .iter()
        .position(|c| c.name() == "Menu")
        .unwrap();
    press(&mut shell, &mut session, c, 300);
    for i in 0..menu {
        press(&mut shell, &mut session, right, 310 + 10 * i as u64);
    }
    press(&mut shell, &mut session, push, 500);
    assert_eq!(session.game().state(), State::Menu);
}

#[test]
fn a_held_direction_walks() {
    let map = Map::from_rows(&["############", "#..........#", "############"]).unwrap();
    let game = Game::with_floor(1, Class::Fighter, 1, map, Point::new(1, 1));
    let mut session = continued(&game);
    session.keyboard_mut().make_repeats(true);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    let right = Buttons {
        right: true,
        ..Buttons::NONE
    };
    let mut now = 1000;
    shell.update(&mut session, right, now);
    assert_eq!(
        session.game().player().pos,
        Point::new(2, 1),
        "the press steps"
    );
    // Held: a step after the delay, then one every REPEAT_MS.
    let delay = amulets_play::session::REPEAT_DELAY_MS;
    let every = amulets_play::session::REPEAT_MS;
    now += delay;
    shell.update(&mut session, right, now);
    now += 2 * every;
    shell.update(&mut session, right, now);
    assert_eq!(session.game().player().pos, Point::new(4, 1));
    shell.update(&mut session, Buttons::NONE, now + 1);
    shell.update(&mut session, Buttons::NONE, now + 10 * every);
    assert_eq!(
        session.game().player().pos,
        Point::new(4, 1),
        "let go, it stops"
    );
}

#[test]
fn the_title_is_played_with_the_buttons() {
    let start = Start {
        seed: Some(5),
        class: None,
        ..Start::default()
    };
    let mut session = Session::new(NoStore, (), five as fn() -> u32, start);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    shell.draw(&session).unwrap();
    let push = Buttons {
        press: true,
        ..Buttons::NONE
    };
    // The first choice is N, a new run; then b, the Rogue.
    press(&mut shell, &mut session, push, 0);
    assert_eq!(session.game().state(), State::ChooseClass);
    shell.draw(&session).unwrap();
    press(&mut shell, &mut session, DOWN, 10);
    press(&mut shell, &mut session, push, 20);
    assert_eq!(session.game().state(), State::Playing);
    assert_eq!(session.game().player().class, Class::Rogue);
    assert!(
        shell.draw(&session).unwrap() > 100,
        "the map is painted afresh"
    );
}

#[test]
fn continue_is_not_chosen_when_there_is_no_save_and_the_style_is() {
    let mut session = Session::new(NoStore, (), five as fn() -> u32, Start::default());
    let mut shell = Shell::new(Big::new(), Layout::Full);
    // N, then down: the dungeons' style (C, with no save, is passed over);
    // the press changes it, and the title stays.
    press(&mut shell, &mut session, DOWN, 0);
    let push = Buttons {
        press: true,
        ..Buttons::NONE
    };
    press(&mut shell, &mut session, push, 10);
    assert_eq!(session.game().state(), State::Title);
    assert_eq!(
        session.game().style(),
        amulets_core::mapgen::floor::Style::Gh
    );
    // Down again: the help.
    press(&mut shell, &mut session, DOWN, 20);
    press(&mut shell, &mut session, push, 30);
    assert_eq!(session.game().state(), State::Help);
}

fn press_on<D: DrawTarget<Color = Rgb565>, S: Store>(
    shell: &mut Shell<D>,
    session: &mut Run<S>,
    b: Buttons,
    now: u64,
) {
    shell.update(session, b, now);
    shell.update(session, Buttons::NONE, now + 1);
}

const DOWN: Buttons = Buttons {
    down: true,
    ..Buttons::NONE
};
const UP: Buttons = Buttons {
    up: true,
    ..Buttons::NONE
};
const LEFT: Buttons = Buttons {
    left: true,
    ..Buttons::NONE
};
const RIGHT: Buttons = Buttons {
    right: true,
    ..Buttons::NONE
};
const PRESS: Buttons = Buttons {
    press: true,
    ..Buttons::NONE
};
const ONLY_B: Buttons = Buttons {
    b: true,
    ..Buttons::NONE
};
const ONLY_C: Buttons = Buttons {
    c: true,
    ..Buttons::NONE
};

/// Line by line, which lines of a screen can be chosen.
fn choice_lines(screen: &view::Screen) -> Vec<usize> {
    screen
        .entries
        .iter()
        .enumerate()
        .filter(|(_, e)| e.choosable())
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn a_screen_longer_than_the_small_display_scrolls_a_line_at_a_time() {
    let mut session = run_of(42, Class::Rogue);
    session.press(Key::Char('?'));
    assert!(session.drawn().screen().is_some(), "the help");
    // On the board the help is the buttons'.
    let help = amulets_play::view::button_help(amulets_play::view::Hands::Board);
    let lines = help.entries.len();
    assert!(
        choice_lines(&help).is_empty(),
        "nothing to choose on the help"
    );
    // The small layout has 15 rows of text: the title, a blank row, 12
    // rows, a line taking as many as its words need at 40 columns, and a
    // row saying there is more.
    assert!(lines > 13, "the help has {lines} lines");
    let mut small = Shell::new(Small::new(), Layout::Small);
    small.draw(&session).unwrap();
    let (first, shown) = small.screen_lines_shown().unwrap();
    assert_eq!(first, 0);
    assert!(shown < lines, "{shown} of {lines} lines");
    let mut now = 0;
    let mut at = 0;
    loop {
        press_on(&mut small, &mut session, DOWN, now);
        now += 10;
        small.draw(&session).unwrap();
        let (first, shown) = small.screen_lines_shown().unwrap();
        if first == at {
            // No further than the last line.
            assert_eq!(first + shown, lines, "down to the last line");
            break;
        }
        at += 1;
        assert_eq!(first, at, "a line at a time");
    }
    assert_eq!(
        session.game().state(),
        State::Help,
        "down scrolls, it does not close"
    );
    if std::env::var_os("AMULETS_DUMP").is_some() {
        let mut ppm = Vec::new();
        small.display().write_ppm(|b| ppm.extend_from_slice(b));
        std::fs::write("small-help.ppm", ppm).unwrap();
    }
    press_on(&mut small, &mut session, UP, now + 10);
    small.draw(&session).unwrap();
    assert_eq!(small.screen_lines_shown().unwrap().0, at - 1);
    // The big layout has room for all of it.
    let mut big = Shell::new(Big::new(), Layout::Full);
    big.draw(&session).unwrap();
    assert_eq!(big.screen_lines_shown(), Some((0, lines)));
}

#[test]
fn the_chosen_line_stays_on_the_small_display() {
    use amulets_core::item::{Item, kinds};
    let mut game = Game::new_run(42, Class::Rogue);
    // A full pack: more lines than the small display has.
    for (slot, item) in game.player_mut().pack.iter_mut().enumerate() {
        if item.is_none() {
            *item = Some(Item::one(if slot % 2 == 0 {
                kinds::HEALING
            } else {
                kinds::POISON
            }));
        }
    }
    let mut session = continued(&game);
    session.press(Key::Char('i'));
    let pack = session.drawn().screen().expect("the pack");
    assert!(
        pack.entries.len() > 13,
        "the pack has {} lines",
        pack.entries.len()
    );
    let choices = choice_lines(&pack);
    let mut small = Shell::new(Small::new(), Layout::Small);
    small.draw(&session).unwrap();
    let mut now = 0;
    for (k, &line) in choices.iter().enumerate().take(20).skip(1) {
        press_on(&mut small, &mut session, DOWN, now);
        now += 10;
        small.draw(&session).unwrap();
        let (first, shown) = small.screen_lines_shown().unwrap();
        assert!(
            first <= line && line < first + shown,
            "choice {k} is line {line}, lines {first} to {} shown",
            first + shown
        );
        // The chosen line's row is the highlighted one, at the far right
        // where no letter is drawn; the row under it is not. The title,
        // longer than the display's 23 columns, takes two rows.
        let title_rows = amulets_play::view::wrap(&pack.title, 23).count().min(2);
        let row = |l: usize| (l - first + title_rows + 1) * 6;
        let px = |y: usize| small.display().at(159, y);
        assert_eq!(px(row(line)), c565(palette::HIGHLIGHT), "choice {k}");
        if line + 1 < first + shown {
            assert_eq!(px(row(line) + 6), c565(palette::BACKGROUND), "choice {k}");
        }
    }
    assert!(small.screen_lines_shown().unwrap().0 > 0, "it scrolled");
}

/// The SPI bytes of seed 42's first free step's redraw on the 320 x 240
/// display when the desktop and the page began to paint only what
/// changed (five fills, four cells and the turn's status, of 2,040 pixels
/// in all): the board's redraw may not grow past it.
const ORDINARY_TURN_SPI_BYTES: u64 = 5 * WINDOW_BYTES + 2040 * 2;

/// One ordinary turn's redraw on the 320 x 240 display: no pixel drawn on
/// its own, one fill a changed cell or character. The bound is derived:
/// the changed cells times a cell's pixels, and one status line (its
/// characters times a character's pixels).
#[test]
fn an_ordinary_turn_is_redrawn_in_one_fill_a_cell() {
    let mut session = run_of(42, Class::Fighter);
    let mut shell = Shell::new(Counting::default(), Layout::Full);
    shell.draw(&session).unwrap();
    let before: Vec<_> = (0..MAP_CELLS)
        .map(|i| view::cell(session.game(), Map::point_of(i)))
        .collect();
    let (step, _) = free_step(session.game());
    shell.update(&mut session, step, 10);
    shell.update(&mut session, Buttons::NONE, 11);
    let after: Vec<_> = (0..MAP_CELLS)
        .map(|i| view::cell(session.game(), Map::point_of(i)))
        .collect();
    let changed = before.iter().zip(&after).filter(|(a, b)| a != b).count() as u64;
    *shell.display_mut() = Counting::default();
    shell.draw(&session).unwrap();
    let c = shell.display();
    let cell = (CELL_W * CELL_H) as u64;
    let line = 80 * (CHAR_W * CHAR_H) as u64;
    println!(
        "one turn: {changed} cells changed; {} pixels one by one, {} fills of {} pixels, {} SPI bytes",
        c.one_by_one,
        c.fills,
        c.filled,
        c.spi_bytes()
    );
    assert_eq!(c.one_by_one, 0, "no pixel is drawn on its own");
    // A turn's redraw on the board may not grow past this bound
    // (docs/painting.md).
    assert!(
        c.spi_bytes() <= ORDINARY_TURN_SPI_BYTES,
        "{} bytes",
        c.spi_bytes()
    );
    assert!(c.filled <= changed * cell + line, "{} pixels", c.filled);
    assert!(c.fills <= changed + 80, "{} fills", c.fills);
}

/// A room of floor with the player in the middle, and a monster (if any)
/// up and to the right of the player: a diagonal the 5-way switch cannot
/// give by itself.
fn room_with(monster: Option<&str>) -> Run<Holding> {
    let map = amulets_core::map::Map::from_rows(&[
        "#######", "#.....#", "#.....#", "#.....#", "#.....#", "#######",
    ])
    .unwrap();
    let me = Point::new(2, 3);
    let mut game = Game::with_floor(11, Class::Fighter, 1, map, me);
    // Hurt, so that a rest has something to do.
    game.player_mut().hp = 10;
    if let Some(name) = monster {
        common::hunting(&mut game, name, Point::new(3, 2));
    }
    game.refresh_view();
    continued(&game)
}

/// B held with up, then let go: one step up and to the right, and no rest
/// (B's own action is for B pressed alone).
fn diagonal(shell: &mut Shell<Big>, session: &mut Run<Holding>, now: u64) {
    let b = Buttons {
        b: true,
        ..Buttons::NONE
    };
    let b_up = Buttons { up: true, ..b };
    shell.update(session, b, now);
    shell.update(session, b_up, now + 1);
    shell.update(session, b, now + 2);
    shell.update(session, Buttons::NONE, now + 3);
}

#[test]
fn b_held_turns_a_direction_to_the_diagonal() {
    let mut session = room_with(None);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    shell.draw(&session).unwrap();
    let turn = session.game().turn();
    diagonal(&mut shell, &mut session, 10);
    assert_eq!(session.game().player().pos, Point::new(3, 2));
    assert_eq!(session.game().turn(), turn + 1, "one step, no rest");
    // B alone, pressed and let go, rests as before.
    press_on(&mut shell, &mut session, ONLY_B, 50);
    assert!(
        session.game().command_running() || session.game().turn() > turn + 1,
        "B alone rests: {:?}",
        session.game().log().last()
    );
}

#[test]
fn a_diagonal_attack_kills_a_monster_placed_on_a_diagonal() {
    let mut session = room_with(Some("jackal"));
    let mut shell = Shell::new(Big::new(), Layout::Full);
    shell.draw(&session).unwrap();
    let mut now = 10;
    for _ in 0..30 {
        if session.game().level().monsters.is_empty() {
            break;
        }
        diagonal(&mut shell, &mut session, now);
        // A beat apart, as a player presses: none typed ahead of a bite.
        now += 1000;
        assert_eq!(
            session.game().player().pos,
            Point::new(2, 3),
            "it fights, it does not move"
        );
    }
    assert!(
        session.game().level().monsters.is_empty(),
        "the jackal is dead"
    );
}

/// Looking at a monster's cell writes its words (the look panel's text,
/// the core's `view::describe`) where the messages go.
#[test]
fn the_look_text_appears_on_the_display_for_a_monsters_cell() {
    let mut session = room_with(Some("jackal"));
    let mut shell = Shell::new(Big::new(), Layout::Full);
    shell.draw(&session).unwrap();
    // Look (the playing table's x), and the cursor up-right onto it.
    session.press(Key::Char('x'));
    session.release(Key::Char('x'));
    session.press(Key::Numpad(9));
    session.release(Key::Numpad(9));
    assert_eq!(session.drawn().look_at(), Some(Point::new(3, 2)));
    shell.draw(&session).unwrap();
    let words = view::describe(session.game(), Point::new(3, 2));
    assert!(words.contains("jackal"), "{words}");
    let first: String = words.chars().take(80).collect();
    rows_read(&shell, &[(222, &first)], 222..228);
    // The last row says how to get back, with the buttons of the core's
    // looking table (typed here as the help says them).
    rows_read(
        &shell,
        &[(234, "press or B or C: back  the switch: cursor")],
        234..240,
    );
}

/// C's menu ends with the log: the session's messages (M's screen), its
/// lines drawn over the map under their title, newest last, and any
/// button but up and down goes back to the map.
#[test]
fn the_log_can_be_read_from_the_menu() {
    let mut session = run_of(42, Class::Fighter);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    // A few turns' messages.
    for t in 0..3 {
        let (step, _) = free_step(session.game());
        press(&mut shell, &mut session, step, 10 + 10 * t);
    }
    shell.draw(&session).unwrap();
    let c = Buttons {
        c: true,
        ..Buttons::NONE
    };
    let left = Buttons {
        left: true,
        ..Buttons::NONE
    };
    let push = Buttons {
        press: true,
        ..Buttons::NONE
    };
    assert_eq!(
        amulets_embedded::COMMANDS.last().map(|c| c.name()),
        Some("Log")
    );
    press(&mut shell, &mut session, c, 100);
    // From the first command, left wraps round to the last: the log.
    press(&mut shell, &mut session, left, 110);
    press(&mut shell, &mut session, push, 120);
    shell.draw(&session).unwrap();
    let lines: Vec<String> = session
        .game()
        .log()
        .lines()
        .map(|m| m.text.to_string())
        .collect();
    assert!(!lines.is_empty());
    let at: Vec<(i32, &str)> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| (6 * (i as i32 + 2), l.as_str()))
        .collect();
    rows_read(&shell, &at, 12..6 * (lines.len() + 2));
    // Any other button: back to the map, painted again.
    press(&mut shell, &mut session, push, 130);
    shell.draw(&session).unwrap();
    let me = session.game().player().pos;
    assert!(cell_pixels(shell.display(), me.x, me.y).contains(&c565(palette::PLAYER)));
}

/// A blow lands: the struck cell flashes on the board, timed by the
/// session's clock, and is drawn as it was once the flash is over.
#[test]
fn a_hit_flashes_on_the_board() {
    let mut session = room_with(Some("jackal"));
    let mut shell = Shell::new(Big::new(), Layout::Full);
    shell.draw(&session).unwrap();
    // The core's rule: the flash washed over the cell's dark back.
    let flash = c565(palette::BACKGROUND.washed(palette::FLASH, view::FLASH_ALPHA));
    let mut now = 10;
    let mut seen = false;
    for _ in 0..30 {
        diagonal(&mut shell, &mut session, now);
        shell.draw(&session).unwrap();
        if cell_pixels(shell.display(), 3, 2).contains(&flash)
            || cell_pixels(shell.display(), 2, 3).contains(&flash)
        {
            seen = true;
            break;
        }
        now += 2000;
        shell.update(&mut session, Buttons::NONE, now);
    }
    assert!(seen, "no blow flashed in 30 tries");
    // Long after: no flash left.
    shell.update(&mut session, Buttons::NONE, now + 5000);
    shell.draw(&session).unwrap();
    assert!(!cell_pixels(shell.display(), 3, 2).contains(&flash));
    assert!(!cell_pixels(shell.display(), 2, 3).contains(&flash));
}

/// B that closes C's menu is not also a rest when it is let go.
#[test]
fn b_closing_the_menu_does_not_rest() {
    let mut session = room_with(None);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    shell.draw(&session).unwrap();
    let turn = session.game().turn();
    press_on(&mut shell, &mut session, ONLY_C, 10);
    press_on(&mut shell, &mut session, ONLY_B, 20);
    assert!(!session.game().command_running(), "no rest began");
    assert_eq!(session.game().turn(), turn);
    // And B alone afterwards rests as ever.
    press_on(&mut shell, &mut session, ONLY_B, 30);
    assert!(session.game().command_running() || session.game().turn() > turn);
}

/// The last of C's commands (the log) shows on the menu's row when it is
/// chosen, though the whole menu is wider than the display.
#[test]
fn the_chosen_command_is_always_on_the_menu_row() {
    let mut session = room_with(None);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    press_on(&mut shell, &mut session, ONLY_C, 10);
    press_on(&mut shell, &mut session, LEFT, 20);
    shell.draw(&session).unwrap();
    let names: Vec<&str> = amulets_embedded::COMMANDS
        .iter()
        .map(|c| c.name())
        .collect();
    let all: usize = names.iter().map(|n| n.len() + 2).sum();
    assert!(all > 80, "the menu is wider than the row: {all}");
    // The row as drawn by hand from the first name that lets [Log] show.
    let mut first = 0;
    while names[first..].iter().map(|n| n.len() + 2).sum::<usize>() > 80 {
        first += 1;
    }
    let row: String = names[first..]
        .iter()
        .enumerate()
        .map(|(k, n)| {
            if first + k == names.len() - 1 {
                format!("[{n}]")
            } else {
                format!(" {n} ")
            }
        })
        .collect();
    rows_read(&shell, &[(234, &row)], 234..240);
}

/// The help, reached by the buttons, lists the buttons: every command of
/// the core's playing table that C's menu holds is there by its name.
#[test]
fn the_help_lists_the_buttons() {
    let help = amulets_play::view::button_help(amulets_play::view::Hands::Board);
    assert!(help.entries.len() < view::PANEL_LINES, "room to spare");
    // Every way of every binding the buttons give is on its line, with the
    // binding's words; while playing, that is every binding with a key.
    for (name, table) in amulets_play::bindings::PAD_TABLES {
        for b in table.iter().filter(|b| !b.pad.is_empty()) {
            // Looking's cursor is aiming's line, said once.
            let line = help.entries.iter().find(|e| {
                e.text.contains(b.words) && b.pad.iter().all(|w| e.text.contains(&w.to_string()))
            });
            assert!(line.is_some(), "{name}{:?} is not in the help", b.words);
        }
    }
    for b in &amulets_play::bindings::PLAYING {
        assert!(!b.pad.is_empty(), "{} has no button", b.label);
    }
    let mut session = room_with(None);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    let help_at = amulets_embedded::COMMANDS
        .iter()
        .position(|c| c.name() == "Help")
        .unwrap();
    press_on(&mut shell, &mut session, ONLY_C, 10);
    for i in 0..help_at {
        press_on(&mut shell, &mut session, RIGHT, 20 + 10 * i as u64);
    }
    press_on(&mut shell, &mut session, PRESS, 500);
    assert_eq!(session.game().state(), State::Help);
    shell.draw(&session).unwrap();
    rows_read(&shell, &[(0, help.title.as_str())], 0..6);
}

#[test]
fn a_display_that_refuses_a_write_is_told_and_then_painted_afresh() {
    let mut session = run_of(42, Class::Fighter);
    let display = Refusing {
        frame: Big::new(),
        refusing: false,
    };
    let mut shell = Shell::new(display, Layout::Full);
    assert!(shell.draw(&session).is_ok());
    let (step, _) = free_step(session.game());
    shell.update(&mut session, step, 10);
    shell.update(&mut session, Buttons::NONE, 11);
    shell.display_mut().refusing = true;
    assert_eq!(shell.draw(&session), Err(Refused));
    // The bus is back: the whole picture is drawn again, so the display
    // shows what a shell that never failed shows.
    shell.display_mut().refusing = false;
    let redrawn = shell.draw(&session).unwrap();
    assert!(redrawn > 100, "painted afresh: {redrawn}");
    let mut fresh = Shell::new(Big::new(), Layout::Full);
    fresh.draw(&session).unwrap();
    let same = (0..240)
        .all(|y| (0..320).all(|x| shell.display().frame.at(x, y) == fresh.display().at(x, y)));
    assert!(same, "the display shows the run as it is");
}

/// A display that refuses every write while `refusing` is set (a display
/// whose bus failed), drawing into a frame buffer otherwise.
pub struct Refusing {
    pub frame: amulets_embedded::framebuffer::FrameBuffer<320, 240>,
    pub refusing: bool,
}

/// What a refusing display answers.
#[derive(Debug, PartialEq, Eq)]
pub struct Refused;

impl OriginDimensions for Refusing {
    fn size(&self) -> Size {
        Size::new(320, 240)
    }
}

impl DrawTarget for Refusing {
    type Color = Rgb565;
    type Error = Refused;

    fn draw_iter<I: IntoIterator<Item = Pixel<Rgb565>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Refused> {
        if self.refusing {
            return Err(Refused);
        }
        let Ok(()) = self.frame.draw_iter(pixels);
        Ok(())
    }
}

/// A store that fails every write, as a worn-out flash does.
struct Failing;

impl Saves for Failing {
    fn claim(&mut self) -> Result<(), amulets_play::store::StoreError> {
        Ok(())
    }

    fn read(&mut self) -> Result<Option<&str>, amulets_play::store::StoreError> {
        Ok(None)
    }

    fn write(&mut self, _: &SaveText<'_>) -> Result<(), amulets_play::store::StoreError> {
        Err(amulets_play::store::StoreError::Full)
    }

    fn set_aside(&mut self) -> Result<amulets_core::text::Line, amulets_play::store::StoreError> {
        Ok(amulets_core::text::Line::new())
    }

    fn remove(&mut self) -> Result<(), amulets_play::store::StoreError> {
        Ok(())
    }

    fn name(&self) -> &'static str {
        amulets_play::store::THE_SAVED_RUN
    }
}

impl Records for Failing {
    fn stamp(&mut self) -> amulets_play::morgue::Stamp {
        amulets_play::morgue::Stamp::Numbered(1)
    }

    fn keep_record(
        &mut self,
        _: &End<'_>,
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

impl Fame for Failing {
    fn change_hall<T>(
        &mut self,
        _: impl FnOnce(&mut amulets_play::fame::Hall) -> T,
    ) -> Result<T, StoreError> {
        Err(StoreError::Full)
    }

    fn read_hall(&mut self) -> Result<(), StoreError> {
        Ok(())
    }

    fn hall(&self) -> Option<&str> {
        None
    }

    fn begin_daily(&mut self, _: amulets_core::daily::Day) -> Result<bool, StoreError> {
        Ok(true)
    }
}

impl Colours for Failing {
    fn palette(&mut self) -> Option<amulets_play::palettes::Palette> {
        None
    }

    fn keep_palette(&mut self, _: amulets_play::palettes::Palette) -> Result<(), StoreError> {
        Ok(())
    }
}

/// The rows `rows` of the display hold `words` at height `y` in `color`,
/// as drawn by hand.
fn row_reads<const W: usize, const H: usize>(
    fb: &FrameBuffer<W, H>,
    (x, y): (i32, i32),
    words: &str,
    color: Rgb,
) {
    let mut expect = FrameBuffer::<W, H>::new();
    let style = MonoTextStyle::new(&FONT_4X6, c565(color));
    Text::with_baseline(
        words,
        embedded_graphics::geometry::Point::new(x, y),
        style,
        Baseline::Top,
    )
    .draw(&mut expect)
    .unwrap();
    for row in y as usize..y as usize + 6 {
        let ink = |fb: &FrameBuffer<W, H>| -> Vec<bool> {
            (0..W).map(|x| fb.at(x, row) == c565(color)).collect()
        };
        assert_eq!(ink(fb), ink(&expect), "{words:?}, row {row}");
    }
}

#[test]
fn the_board_says_it_is_not_saving_on_its_own_pixels() {
    let start = Start {
        seed: Some(42),
        class: Some(Class::Fighter),
        ..Start::default()
    };
    // No flash: said from the first frame, in the full layout...
    let store: amulets_play::store::Kept<Holding> =
        amulets_play::store::Kept::Lost("the flash did not answer");
    let session = Session::new(store, (), five as fn() -> u32, start);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    shell.draw(&session).unwrap();
    row_reads(
        shell.display(),
        (0, 228),
        "Not saving: the flash did not answer.",
        palette::HURT,
    );
    // ... and the small one, over two rows broken between words (its
    // status starts at x 66, y 92, a row 6 pixels high: rows 3 and 4).
    let mut small = Shell::new(Small::new(), Layout::Small);
    small.draw(&session).unwrap();
    // `AMULETS_BOARD_SHOT=DIR`: both pictures as PPM files, to look at.
    if let Some(dir) = std::env::var_os("AMULETS_BOARD_SHOT") {
        let dir = std::path::PathBuf::from(dir);
        let mut bytes = Vec::new();
        shell.display().write_ppm(|b| bytes.extend_from_slice(b));
        std::fs::write(dir.join("not-saving-full.ppm"), &bytes).unwrap();
        bytes.clear();
        small.display().write_ppm(|b| bytes.extend_from_slice(b));
        std::fs::write(dir.join("not-saving-small.ppm"), &bytes).unwrap();
    }
    row_reads(
        small.display(),
        (66, 110),
        "Not saving: the flash",
        palette::HURT,
    );
    row_reads(small.display(), (66, 116), "did not answer.", palette::HURT);
    // A flash whose writes fail: said once the arrival's save fails, and
    // for as long as none succeeds.
    let mut session = Session::new(Failing, (), five as fn() -> u32, start);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    for now in [10, 20, 30] {
        shell.update(&mut session, Buttons::NONE, now);
        shell.draw(&session).unwrap();
        row_reads(
            shell.display(),
            (0, 228),
            "Not saving: there is no room for it.",
            palette::HURT,
        );
    }
}

/// A display that reads back the text the shell writes: each line of
/// text is one fill of character boxes (4 x 6), so each box's ink is
/// matched against the font's glyphs. It keeps every run of text written,
/// with its place and its ink's colour.
struct TextReader<const W: u32, const H: u32> {
    glyphs: Vec<(char, [bool; 24])>,
    runs: Vec<((i32, i32), String, Rgb565)>,
}

impl<const W: u32, const H: u32> TextReader<W, H> {
    fn new() -> Self {
        let glyphs = (b' '..=b'~')
            .map(|b| {
                let mut fb = FrameBuffer::<4, 6>::new();
                let style = MonoTextStyle::new(&FONT_4X6, Rgb565::WHITE);
                let mut buf = [0u8; 4];
                let s = char::from(b).encode_utf8(&mut buf);
                Text::with_baseline(s, Point::new(0, 0).into_eg(), style, Baseline::Top)
                    .draw(&mut fb)
                    .unwrap();
                let mask = core::array::from_fn(|i| fb.at(i % 4, i / 4) == Rgb565::WHITE);
                (char::from(b), mask)
            })
            .collect();
        TextReader {
            glyphs,
            runs: Vec::new(),
        }
    }

    /// The words of every run written at height `y`, left to right.
    fn row(&self, y: i32) -> String {
        let mut runs: Vec<_> = self.runs.iter().filter(|r| r.0.1 == y).collect();
        runs.sort_by_key(|r| r.0.0);
        runs.iter()
            .map(|r| r.1.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

trait IntoEg {
    fn into_eg(self) -> embedded_graphics::geometry::Point;
}

impl IntoEg for Point {
    fn into_eg(self) -> embedded_graphics::geometry::Point {
        embedded_graphics::geometry::Point::new(self.x, self.y)
    }
}

impl<const W: u32, const H: u32> OriginDimensions for TextReader<W, H> {
    fn size(&self) -> Size {
        Size::new(W, H)
    }
}

impl<const W: u32, const H: u32> DrawTarget for TextReader<W, H> {
    type Color = Rgb565;
    type Error = core::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Rgb565>>>(
        &mut self,
        _: I,
    ) -> Result<(), Self::Error> {
        Ok(())
    }

    fn fill_contiguous<I: IntoIterator<Item = Rgb565>>(
        &mut self,
        area: &embedded_graphics::primitives::Rectangle,
        colors: I,
    ) -> Result<(), Self::Error> {
        let (w, h) = (area.size.width as usize, area.size.height as usize);
        // A map cell is 5 wide; a line of text is whole boxes of 4.
        if h != CHAR_H as usize || w % CHAR_W as usize != 0 {
            return Ok(());
        }
        let px: Vec<Rgb565> = colors.into_iter().collect();
        // The back is the commonest colour; the ink the other one.
        let mut counts: Vec<(Rgb565, usize)> = Vec::new();
        for &c in &px {
            match counts.iter_mut().find(|(k, _)| *k == c) {
                Some((_, n)) => *n += 1,
                None => counts.push((c, 1)),
            }
        }
        counts.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
        let back = counts[0].0;
        let ink = counts.get(1).map_or(back, |&(c, _)| c);
        let text: String = (0..w / 4)
            .map(|col| {
                let mask: [bool; 24] =
                    core::array::from_fn(|i| px[(i / 4) * w + col * 4 + i % 4] != back);
                self.glyphs
                    .iter()
                    .find(|(_, m)| *m == mask)
                    .map_or('\u{fffd}', |&(c, _)| c)
            })
            .collect();
        let text = text.trim_end().to_string();
        if !text.is_empty() {
            self.runs
                .push(((area.top_left.x, area.top_left.y), text, ink));
        }
        Ok(())
    }
}

/// Every word of the screen up, read off the board's display in a
/// layout as the pad scrolls it (down, until the window stays): each
/// window shows its lines' words whole and in order, and the windows
/// reach the screen's end.
fn check_whole_on_board<const W: u32, const H: u32>(
    session: &mut Run<impl Store>,
    layout: Layout,
    what: &str,
) {
    let mut shell = Shell::new(TextReader::<W, H>::new(), layout);
    // The pad's first update: the session shows the buttons' help.
    shell.update(session, Buttons::NONE, 500);
    let screen = session
        .drawn()
        .screen()
        .unwrap_or_else(|| panic!("{what}: no screen"));
    let words_of = |from: usize, n: usize| -> Vec<String> {
        screen.entries[from..from + n]
            .iter()
            .flat_map(|e| {
                e.text
                    .split_whitespace()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let mut now = 1000;
    let mut last = None;
    for _ in 0..200 {
        shell.display_mut().runs.clear();
        shell.draw(session).unwrap();
        let (first, shown) = shell.screen_lines_shown().unwrap();
        let more = first + shown < screen.entries.len();
        // The rows under the title and its blank row, top to bottom, but
        // the one saying there is more.
        let mut rows: Vec<(i32, String)> = shell
            .display()
            .runs
            .iter()
            .filter(|r| r.0.1 >= 12 && r.0.1 < (H as i32 * 3) / 4 + 40)
            .map(|r| (r.0.1, r.1.clone()))
            .collect();
        rows.sort_by_key(|r| r.0);
        let read: Vec<String> = rows
            .iter()
            .filter(|r| !r.1.starts_with("(more"))
            .flat_map(|r| {
                r.1.split_whitespace()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect();
        let want = words_of(first, shown);
        assert!(
            read.starts_with(&want),
            "{what}, lines {first}..{}: read {read:?}, want {want:?}",
            first + shown
        );
        if !more || last == Some(first) {
            assert!(!more, "{what}: the windows never reach the end");
            return;
        }
        last = Some(first);
        press_on(&mut shell, session, DOWN, now);
        now += 1000;
    }
    panic!("{what}: no end");
}

#[test]
fn every_screen_and_note_is_whole_on_the_board_s_layouts() {
    for layout in [Layout::Full, Layout::Small] {
        // The help, the title with a long note, the pack.
        let mut session = run_of(42, Class::Rogue);
        session.press(Key::Char('?'));
        check(&mut session, layout, "the help");
        let mut session = run_of(42, Class::Rogue);
        session.press(Key::Escape);
        check(&mut session, layout, "the menu");
        let mut session = run_of(42, Class::Wizard);
        session.notes.say(
            "The saved run could not be read: it is 60000 bytes, far longer than a save can be; \
             it was left as it is, and a new run asks before it replaces it.",
        );
        session.press(Key::Char('i'));
        check(&mut session, layout, "the pack, with a long note");
        // A run's end on the board's own flash, where its record went, and
        // the record's first page.
        let (mut session, now) = bot_run_on_flash();
        session.tick(now + 1000);
        check(&mut session, layout, "the end");
        session.press(Key::Char('r'));
        check(&mut session, layout, "the record");
    }
    fn check(session: &mut Run<impl Store>, layout: Layout, what: &str) {
        match layout {
            Layout::Full => check_whole_on_board::<320, 240>(session, layout, what),
            Layout::Small => check_whole_on_board::<160, 128>(session, layout, what),
            // Its characters are 2 x 2 pixels a pixel, which the reader
            // does not read: `cargo xtask pico` looks at its screens.
            Layout::Square => panic!("the square layout is not read here"),
        }
    }
}

/// A line the core puts on the panel is written on the board's status, in
/// the core's colour, in both layouts, with nothing of the board's code
/// told of it: read back off what the shell writes to its display.
#[test]
fn a_note_put_on_the_panel_in_the_core_shows_on_the_board() {
    let mut session = run_of(42, Class::Fighter);
    session.notes.add_test_note("A test note.");
    let mut big = Shell::new(TextReader::<320, 240>::new(), Layout::Full);
    big.draw(&session).unwrap();
    let status: Vec<String> = (0..4).map(|r| big.display().row(216 + r * 6)).collect();
    let run = big.display().runs.iter().find(|r| r.1 == "A test note.");
    assert!(run.is_some(), "{status:#?}");
    assert_eq!(run.unwrap().2, c565(palette::HURT));
    let mut small = Shell::new(TextReader::<160, 128>::new(), Layout::Small);
    small.draw(&session).unwrap();
    let status: Vec<String> = (0..6).map(|r| small.display().row(92 + r * 6)).collect();
    assert!(status.iter().any(|l| l == "A test note."), "{status:#?}");
    // The reader reads what the shell writes: the run's facts too.
    assert!(status[0].starts_with("HP 32/32"), "{status:#?}");
}

/// The board's own flash store, a RAM copy of it.
type OnFlash = amulets_embedded::flash::FlashStore<
    amulets_embedded::flash::RamFlash<{ amulets_embedded::flash::REGION as usize }, 4096>,
>;

/// Seed 42's Fighter played to its end by the bot on the board's own flash
/// store (a RAM copy of it): the session, and its clock at the end.
fn bot_run_on_flash() -> (Run<OnFlash>, u64) {
    use amulets_embedded::flash::{FlashStore, REGION, RamFlash};
    let flash = RamFlash::<{ REGION as usize }, 4096>::new();
    let start = Start {
        seed: Some(42),
        class: Some(Class::Fighter),
        ..Start::default()
    };
    let mut session = Session::new(FlashStore::new(flash, 0), (), five as fn() -> u32, start);
    let mut bot = amulets_core::bot::Bot::new();
    let mut now = 0;
    while amulets_play::autoplay::play_bot(
        &mut session,
        &mut bot,
        &mut now,
        amulets_play::autoplay::Pace::Steps,
    ) {}
    (session, now)
}

/// The end screen's R line on the board's own flash store: the record
/// was kept in flash as the run ended, so its line can be chosen, and the
/// switch's down and press show it (the end screen said "R shows it").
#[test]
fn the_record_is_chosen_on_the_end_screen_from_flash() {
    use amulets_play::session::Overlay;
    let (mut session, now) = bot_run_on_flash();
    assert!(matches!(session.game().state(), State::Dead | State::Won));
    let screen = session.drawn().screen().expect("the end screen");
    assert_eq!(choice_lines(&screen).len(), 2, "Enter and R can be chosen");
    let mut shell = Shell::new(Big::new(), Layout::Full);
    // A second after the death: keys typed ahead of it would be dropped.
    press_on(&mut shell, &mut session, DOWN, now + 1000);
    press_on(&mut shell, &mut session, PRESS, now + 1100);
    assert_eq!(session.run().annals().overlay(), Some(Overlay::Record(0)));
    let record = session.drawn().screen().expect("the record");
    assert!(
        record.entries.iter().any(|e| e.text.contains("seed 42")),
        "the record's lines"
    );
}

/// Every pixel of a frame.
fn pixels(fb: &Big) -> Vec<Rgb565> {
    (0..240)
        .flat_map(|y| (0..320).map(move |x| fb.at(x, y)))
        .collect()
}

/// Another palette chosen mid-run repaints the whole display in it, as
/// a shell that only ever drew in it would.
#[test]
fn a_palette_chosen_repaints_everything_in_it() {
    use amulets_play::palettes::Palette;
    let mut session = run_of(42, Class::Fighter);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    shell.draw(&session).unwrap();
    let book = pixels(shell.display());
    session.prefs.set_palette(Palette::HighContrast);
    shell.draw(&session).unwrap();
    let mut fresh = Shell::new(Big::new(), Layout::Full);
    fresh.draw(&session).unwrap();
    let high = pixels(shell.display());
    assert!(
        high == pixels(fresh.display()),
        "as a fresh shell paints it"
    );
    assert!(high != book);
    let hc = |c| c565(Palette::HighContrast.apply(c));
    // The room's walls, in the palette's wall colour and not the book's.
    assert_ne!(hc(palette::WALL), c565(palette::WALL));
    assert!(high.contains(&hc(palette::WALL)) && !high.contains(&c565(palette::WALL)));
    assert!(book.contains(&c565(palette::WALL)));
    // Far corner of the map, never seen: the palette's background.
    assert_eq!(shell.display().at(319, 0), hc(palette::BACKGROUND));
    // And back: the book's picture again.
    session.prefs.set_palette(Palette::Book);
    shell.draw(&session).unwrap();
    assert!(pixels(shell.display()) == book);
}
