//! `cargo xtask replays`: records the runs in `tests/replays/` with the bot,
//! on the book's dice. The tests and every determinism target play them
//! back; only this command writes them. The runs in
//! `tests/replays/xorshift/` were recorded on xorshift's dice before the
//! book's came, and are kept as they are: nothing writes them again.

use amulets_core::bot::Bot;
use amulets_core::game::Game;
use amulets_core::mapgen::floor::Style;
use amulets_core::player::Class;
use amulets_core::replay;
use amulets_core::rng::Dice;
use anyhow::{Result, anyhow};

/// The recorded runs: seed, class, how many inputs to keep, and the style
/// of their floors.
pub const RUNS: [(u32, Class, usize, Style); 5] = [
    (7, Class::Fighter, 1500, Style::Book),
    (42, Class::Rogue, 1500, Style::Book),
    (2024, Class::Wizard, 1500, Style::Book),
    (42, Class::Rogue, 1500, Style::Gh),
    (7, Class::Fighter, 1500, Style::Grid),
];

pub fn write() -> Result<()> {
    let dir = crate::sh::root().join("tests/replays");
    std::fs::create_dir_all(&dir).map_err(|e| anyhow!("{}: {e}", dir.display()))?;
    for (seed, class, count, style) in RUNS {
        let (text, inputs, game) = record(seed, class, count, style)?;
        let suffix = match style {
            Style::Book => String::new(),
            other => format!("-{}", other.name()),
        };
        let path = dir.join(format!(
            "{}-{seed}{suffix}.txt",
            class.name().to_lowercase()
        ));
        std::fs::write(&path, text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        println!(
            "wrote {} ({inputs} inputs, ended on floor {}, turn {})",
            path.display(),
            game.depth(),
            game.turn()
        );
    }
    Ok(())
}

/// The bot's run of `seed`, `class` and `style` on the book's dice, at
/// most `most` inputs: its replay's text, its inputs' count, and its end.
fn record(seed: u32, class: Class, most: usize, style: Style) -> Result<(String, usize, Game)> {
    let mut game = Game::new_run_on(seed, class, style, Dice::Book);
    let mut bot = Bot::new();
    let mut inputs = Vec::new();
    while inputs.len() < most {
        let Some(input) = bot.next_input(&game) else {
            break;
        };
        input.apply(&mut game);
        inputs.push(input);
    }
    let mut text = String::new();
    replay::write(&mut text, seed, class, &inputs, &game)?;
    Ok((text, inputs.len(), game))
}

/// How many whole runs CI records and plays on every hosted target.
pub const CI_RUNS: u32 = 200;

/// The most inputs of a run CI records.
const CI_INPUTS: usize = 20_000;

/// Records `CI_RUNS` whole runs of the bot into `dir` (emptied first),
/// for the determinism targets to play: seeds 1 to 200, the class and
/// the floors' style turning with the seed. Made anew each time, never
/// committed. Their names sort in seed order.
pub fn write_ci(dir: &std::path::Path) -> Result<()> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(|e| anyhow!("{}: {e}", dir.display()))?;
    let mut turns = 0;
    for seed in 1..=CI_RUNS {
        let class = Class::ALL[seed as usize % Class::ALL.len()];
        let style = match seed % 5 {
            3 => Style::Gh,
            4 => Style::Grid,
            _ => Style::Book,
        };
        // A whole run, or its first CI_INPUTS inputs: in about one run of
        // ten the bot, with nothing it knows to do on a floor, waits on
        // for ever.
        let (text, _, game) = record(seed, class, CI_INPUTS, style)?;
        turns += u64::from(game.turn());
        let path = dir.join(format!(
            "{seed:03}-{}-{}.txt",
            class.name().to_lowercase(),
            style.name()
        ));
        std::fs::write(&path, text).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    }
    println!(
        "replays: {CI_RUNS} bot runs recorded into {} ({turns} turns)",
        dir.display()
    );
    Ok(())
}
