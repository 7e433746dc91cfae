//! A bare text harness for playing the core before the terminal shell is
//! built: each line typed is a string of keys (`hjklyubn` move, `.` wait,
//! `g`, `i`, `>`...; `F1`..`F6` alone on a line for the debug keys, `ENTER`,
//! `ESC`, `TAB`), and after it the map, the side panel and the last log
//! lines are printed. `cargo run -p amulets-tests --example play -- SEED a|b|c`

use amulets_core::game::Game;
use amulets_core::geom::Point;
use amulets_core::input::Key;
use amulets_core::map::{MAP_H, MAP_W};
use amulets_core::player::Class;
use amulets_play::bindings::Press;
use amulets_play::keymap::Keymap;
use amulets_play::view::{self, Offers, Shows};
use std::io::BufRead;

fn show(game: &Game) {
    let panel = view::panel(game);
    for y in 0..MAP_H {
        let row: String = (0..MAP_W)
            .map(|x| view::cell(game, Point::new(x, y)).map_or(' ', |l| l.glyph))
            .collect();
        let side = panel.get(y as usize).map_or("", |(l, _)| l.as_str());
        println!("{row}  {side}");
    }
    if let Some(screen) = view::screen(game, Offers::default(), Shows::default(), &Keymap::new()) {
        println!("== {} ==", screen.title);
        for l in screen.lines() {
            println!("  {l}");
        }
    }
    for m in game
        .log()
        .lines()
        .rev()
        .take(5)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
    {
        println!("{} {}", if m.read { " " } else { "*" }, m.text);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(42);
    let class = match args.get(2).map(String::as_str) {
        Some("b") => Class::Rogue,
        Some("c") => Class::Wizard,
        _ => Class::Fighter,
    };
    let mut game = Game::new_run(seed, class);
    show(&game);
    for input in std::io::stdin().lock().lines() {
        let Ok(input) = input else { break };
        let keys: Vec<Key> = match input.trim() {
            "ENTER" => vec![Key::Enter],
            "ESC" => vec![Key::Escape],
            "TAB" => vec![Key::Tab],
            f if f.starts_with('F') && f[1..].parse::<u8>().is_ok() => {
                vec![Key::F(f[1..].parse().unwrap())]
            }
            keys => keys.chars().map(Key::Char).collect(),
        };
        for k in keys {
            game.press(k);
        }
        show(&game);
    }
}
