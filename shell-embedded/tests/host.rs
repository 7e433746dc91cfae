//! The embedded shell on the host, drawing into a RAM frame buffer.

use amulets_core::color::{Rgb, palette};
use amulets_core::game::{Game, State};
use amulets_core::geom::Point;
use amulets_core::map::{MAP_CELLS, Map};
use amulets_core::player::Class;
use amulets_core::view;
use amulets_embedded::framebuffer::FrameBuffer;
use amulets_embedded::shell::{CELL_H, CELL_W};
use amulets_embedded::{Buttons, Layout, Shell};
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

fn press(shell: &mut Shell<Big>, game: &mut Game, b: Buttons, now: u64) {
    shell.update(game, b, now);
    shell.update(game, Buttons::NONE, now + 1);
}

/// A direction to a walkable, empty neighbour of the player.
fn free_step(game: &Game) -> (Buttons, Point) {
    let p = game.player().pos;
    let level = game.level();
    let options = [
        (
            Buttons {
                right: true,
                ..Buttons::NONE
            },
            Point::new(p.x + 1, p.y),
        ),
        (
            Buttons {
                left: true,
                ..Buttons::NONE
            },
            Point::new(p.x - 1, p.y),
        ),
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
    let mut game = Game::new_run(42, Class::Fighter);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    let first = shell.draw(&game);
    assert!(
        first > 100,
        "the first frame paints everything seen: {first}"
    );
    assert_eq!(shell.draw(&game), 0, "nothing changed, nothing drawn");

    let before: Vec<_> = (0..MAP_CELLS)
        .map(|i| view::cell(&game, Map::point_of(i)))
        .collect();
    let old = game.player().pos;
    let (step, new) = free_step(&game);
    press(&mut shell, &mut game, step, 10);
    assert_eq!(game.player().pos, new);
    let after: Vec<_> = (0..MAP_CELLS)
        .map(|i| view::cell(&game, Map::point_of(i)))
        .collect();
    // Counted independently: the cells whose look changed, plus the status
    // line whose turn number changed.
    let changed = before.iter().zip(&after).filter(|(a, b)| a != b).count() as u32;
    shell.display_mut().take_writes();
    let redrawn = shell.draw(&game);
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
fn the_status_line_says_hp_floor_and_turn() {
    let mut game = Game::new_run(42, Class::Fighter);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    shell.draw(&game);
    let (step, _) = free_step(&game);
    press(&mut shell, &mut game, step, 10);
    shell.draw(&game);
    // The same words drawn by hand where the status line goes.
    let hp = game.player().max_hp;
    let words = format!("HP {hp}/{hp}  Floor 1 of 9  Turn 1  Gold 0  Amulets 0");
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
    let mut shell = Shell::new(Small::new(), Layout::Small);
    shell.draw(&game);
    let camera = shell.camera(&game);
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
    let mut game = Game::new_run(42, Class::Fighter);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    press(
        &mut shell,
        &mut game,
        Buttons {
            a: true,
            ..Buttons::NONE
        },
        0,
    );
    assert!(game.command_running(), "A explores");
    // Steps come every 30 ms; a button stops it.
    let turn = game.turn();
    shell.update(&mut game, Buttons::NONE, 30);
    shell.update(&mut game, Buttons::NONE, 60);
    assert!(game.turn() > turn);
    let stopped_at = game.turn();
    shell.update(
        &mut game,
        Buttons {
            b: true,
            ..Buttons::NONE
        },
        61,
    );
    assert!(!game.command_running());
    assert_eq!(game.turn(), stopped_at, "the button only stopped it");
    shell.update(&mut game, Buttons::NONE, 62);
    // C opens the menu; right twice is Search; the press searches.
    press(
        &mut shell,
        &mut game,
        Buttons {
            c: true,
            ..Buttons::NONE
        },
        100,
    );
    press(
        &mut shell,
        &mut game,
        Buttons {
            right: true,
            ..Buttons::NONE
        },
        110,
    );
    press(
        &mut shell,
        &mut game,
        Buttons {
            right: true,
            ..Buttons::NONE
        },
        120,
    );
    let t = game.turn();
    press(
        &mut shell,
        &mut game,
        Buttons {
            press: true,
            ..Buttons::NONE
        },
        130,
    );
    assert!(game.turn() > t, "searched");
    assert_eq!(game.state(), State::Playing);
}

#[test]
fn the_title_is_played_with_the_buttons() {
    let mut game = Game::new(5);
    let mut shell = Shell::new(Big::new(), Layout::Full);
    shell.draw(&game);
    // The first choice is N, a new run; then a, the Fighter.
    press(
        &mut shell,
        &mut game,
        Buttons {
            press: true,
            ..Buttons::NONE
        },
        0,
    );
    assert_eq!(game.state(), State::ChooseClass);
    shell.draw(&game);
    press(
        &mut shell,
        &mut game,
        Buttons {
            down: true,
            ..Buttons::NONE
        },
        10,
    );
    press(
        &mut shell,
        &mut game,
        Buttons {
            press: true,
            ..Buttons::NONE
        },
        20,
    );
    assert_eq!(game.state(), State::Playing);
    assert_eq!(game.player().class, Class::Rogue);
    assert!(shell.draw(&game) > 100, "the map is painted afresh");
}

fn press_on<D: DrawTarget<Color = Rgb565>>(
    shell: &mut Shell<D>,
    game: &mut Game,
    b: Buttons,
    now: u64,
) {
    shell.update(game, b, now);
    shell.update(game, Buttons::NONE, now + 1);
}

const DOWN: Buttons = Buttons {
    down: true,
    ..Buttons::NONE
};
const UP: Buttons = Buttons {
    up: true,
    ..Buttons::NONE
};

/// Line by line, which lines of a screen are choices (`a) ...`, `o  ...`).
fn choice_lines(lines: &view::Lines) -> Vec<usize> {
    lines
        .iter()
        .enumerate()
        .filter(|(_, (l, _))| {
            let mut c = l.chars();
            c.next().is_some() && matches!(c.next(), Some(' ' | ')')) || l.starts_with("Esc")
        })
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn a_screen_longer_than_the_small_display_scrolls_with_the_choice() {
    let mut game = Game::new_run(42, Class::Rogue);
    game.press(amulets_core::input::Key::Char('?'));
    let (_, lines) = view::screen(&game).expect("the help");
    let choices = choice_lines(&lines);
    // The small layout has 15 rows of text: the title, a blank row, 12
    // lines and a row saying there is more.
    assert!(lines.len() > 13, "the help has {} lines", lines.len());
    let mut small = Shell::new(Small::new(), Layout::Small);
    small.draw(&game);
    assert_eq!(small.screen_lines_shown(), Some((0, 12)));
    let mut now = 0;
    for (k, &line) in choices.iter().enumerate().skip(1) {
        press_on(&mut small, &mut game, DOWN, now);
        now += 10;
        small.draw(&game);
        let (first, shown) = small.screen_lines_shown().unwrap();
        assert_eq!(shown, 12);
        assert!(
            first <= line && line < first + shown,
            "choice {k} is line {line}, lines {first} to {} shown",
            first + shown
        );
        // The chosen line's row is the highlighted one, at the far right
        // where no letter is drawn; the row under it is not.
        let row = |l: usize| (l - first + 2) * 6;
        let px = |y: usize| small.display().at(159, y);
        assert_eq!(px(row(line)), c565(palette::HIGHLIGHT), "choice {k}");
        assert_eq!(px(row(line) + 6), c565(palette::BACKGROUND), "choice {k}");
    }
    assert_eq!(game.state(), State::Help, "down chooses, it does not close");
    assert_eq!(
        small.screen_lines_shown(),
        Some((choices[choices.len() - 1] + 1 - 12, 12)),
        "the last choice is the last line shown"
    );
    if std::env::var_os("AMULETS_DUMP").is_some() {
        let mut ppm = Vec::new();
        small.display().write_ppm(|b| ppm.extend_from_slice(b));
        std::fs::write("small-help.ppm", ppm).unwrap();
    }
    // One more goes round to the first choice, at the top again.
    press_on(&mut small, &mut game, DOWN, now);
    small.draw(&game);
    assert_eq!(small.screen_lines_shown(), Some((0, 12)));
    // Up from the first goes round to the last.
    press_on(&mut small, &mut game, UP, now + 10);
    small.draw(&game);
    assert_eq!(
        small.screen_lines_shown(),
        Some((choices[choices.len() - 1] + 1 - 12, 12))
    );
    // The big layout has room for all of it.
    let mut big = Shell::new(Big::new(), Layout::Full);
    big.draw(&game);
    assert_eq!(big.screen_lines_shown(), Some((0, lines.len())));
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
    game.press(amulets_core::input::Key::Char('i'));
    let (_, lines) = view::screen(&game).expect("the pack");
    assert!(lines.len() > 13, "the pack has {} lines", lines.len());
    let choices = choice_lines(&lines);
    let chosen_line = |k: usize| choices[k];
    let mut small = Shell::new(Small::new(), Layout::Small);
    small.draw(&game);
    let mut now = 0;
    for k in 1..20 {
        press_on(&mut small, &mut game, DOWN, now);
        now += 10;
        small.draw(&game);
        let (first, shown) = small.screen_lines_shown().unwrap();
        let line = chosen_line(k);
        assert!(
            first <= line && line < first + shown,
            "choice {k} is line {line}, lines {first} to {} shown",
            first + shown
        );
    }
    assert!(small.screen_lines_shown().unwrap().0 > 0, "it scrolled");
}
