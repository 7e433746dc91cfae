//! An example hall of fame, for the pictures of the hall's screen: a few
//! of the bot's runs on the book's dice, entered as a player's would be,
//! each on a day of its own, two of them the day's dungeon. The same hall
//! every time (no clock, no OS seed), so every shell shows the same one.

use amulets_core::bot::Bot;
use amulets_core::daily::{Daily, Day};
use amulets_core::game::Game;
use amulets_core::mapgen::floor::Style;
use amulets_core::player::Class;
use amulets_core::rng::Dice;
use amulets_play::fame::Hall;
use amulets_play::morgue::{End, Ending, Stamp};
use anyhow::{Result, anyhow};
use std::path::Path;

/// The most inputs an example run plays before it is left (abandoned).
const MOST: usize = 20_000;
/// 2026-12-02 00:00 UTC, the first example's day.
const FIRST: i64 = 1_796_169_600;

/// The example hall, as `scores.txt` writes it.
pub fn example() -> Hall {
    let mut hall = Hall::new();
    let classes = [Class::Fighter, Class::Rogue, Class::Wizard];
    for (i, seed) in [42u32, 7, 2024, 3, 11, 19, 5, 8].into_iter().enumerate() {
        let class = classes[i % 3];
        let mut game = Game::new_run_on(seed, class, Style::Book, Dice::Book);
        let day = FIRST + 86_400 * i64::try_from(i).unwrap_or(0);
        let mut played = 0;
        let mut bot = Bot::new();
        while played < MOST && bot.play_one(&mut game) {
            played += 1;
        }
        let end = End {
            game: &game,
            ending: Ending::of(&game),
            replay: None,
            bot: false,
        };
        hall.enter(&end, Stamp::of_unix_seconds(day + 3_600 * 20));
    }
    // The day's dungeon twice on 2026-12-03: the first counts, the second
    // is practice.
    let day = Day::of_unix_seconds(FIRST + 86_400);
    for (class, most) in [(Class::Rogue, MOST), (Class::Fighter, MOST / 40)] {
        let counts = hall.begin_daily(day);
        let mut game = Game::new_run_on(day.seed(), class, Style::Book, Dice::Book);
        game.mark_daily(Daily { day, counts });
        let mut bot = Bot::new();
        let mut played = 0;
        while played < most && bot.play_one(&mut game) {
            played += 1;
        }
        let end = End {
            game: &game,
            ending: Ending::of(&game),
            replay: None,
            bot: false,
        };
        hall.enter(&end, Stamp::of_unix_seconds(FIRST + 86_400 + 3_600 * 21));
    }
    hall
}

/// Writes the example hall as `dir/scores.txt` (the folder made afresh).
pub fn write_example(dir: &Path) -> Result<()> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(|e| anyhow!("{}: {e}", dir.display()))?;
    let file = dir.join("scores.txt");
    std::fs::write(&file, example().to_string()).map_err(|e| anyhow!("{}: {e}", file.display()))
}
