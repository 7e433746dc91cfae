//! `cargo xtask replays`: records the runs in `tests/replays/` with the bot,
//! on the book's dice. The tests and every determinism target play them
//! back; only this command writes them. The runs in
//! `tests/replays/xorshift/` were recorded on xorshift's dice before the
//! book's came, and are kept as they are: nothing writes them again.

use amulets_core::bot::Bot;
use amulets_core::game::Game;
use amulets_core::mapgen::floor::Style;
use amulets_core::player::Class;
use amulets_core::replay::{self, Input};
use amulets_core::rng::Dice;

/// The recorded runs: seed, class, how many inputs to keep, and the style
/// of their floors.
pub const RUNS: [(u32, Class, usize, Style); 5] = [
    (7, Class::Fighter, 1500, Style::Book),
    (42, Class::Rogue, 1500, Style::Book),
    (2024, Class::Wizard, 1500, Style::Book),
    (42, Class::Rogue, 1500, Style::Gh),
    (7, Class::Fighter, 1500, Style::Grid),
];

pub fn write() -> Result<(), String> {
    let dir = crate::sh::root().join("tests/replays");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for (seed, class, count, style) in RUNS {
        let mut game = Game::new_run_on(seed, class, style, Dice::Book);
        let mut bot = Bot::new();
        let mut inputs = Vec::new();
        while inputs.len() < count {
            let input = if game.command_running() {
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
        replay::write(&mut text, seed, class, &inputs, &game).map_err(|e| e.to_string())?;
        let suffix = match style {
            Style::Book => String::new(),
            other => format!("-{}", other.name()),
        };
        let path = dir.join(format!(
            "{}-{seed}{suffix}.txt",
            class.name().to_lowercase()
        ));
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        println!(
            "wrote {} ({} inputs, ended on floor {}, turn {})",
            path.display(),
            inputs.len(),
            game.depth(),
            game.turn()
        );
    }
    Ok(())
}
