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
