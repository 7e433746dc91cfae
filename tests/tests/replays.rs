//! The recorded runs in `tests/replays/` (written once by `cargo xtask
//! replays` with the bot) play back to the state their hash pins, here and
//! on every determinism target. What makes the hashes more than the code's
//! own output: the same seeds played live by the bot reach a game that hashes
//! the same and whose save reads back to itself, and a changed input changes
//! the end.

use amulets_core::bot::Bot;
use amulets_core::game::Game;
use amulets_core::mapgen::floor::Style;
use amulets_core::player::Class;
use amulets_core::replay::{self, Input, ReplayError};
use amulets_core::rng::Dice;

/// The runs on the book's dice, recorded by `cargo xtask replays`, then the
/// runs recorded on xorshift's before the book's dice came: those have no
/// `dice` line, and are never written again.
const REPLAYS: [(&str, &str); 10] = [
    ("fighter-7", include_str!("../replays/fighter-7.txt")),
    ("rogue-42", include_str!("../replays/rogue-42.txt")),
    ("wizard-2024", include_str!("../replays/wizard-2024.txt")),
    ("rogue-42-gh", include_str!("../replays/rogue-42-gh.txt")),
    (
        "fighter-7-grid",
        include_str!("../replays/fighter-7-grid.txt"),
    ),
    (
        "xorshift/fighter-7",
        include_str!("../replays/xorshift/fighter-7.txt"),
    ),
    (
        "xorshift/rogue-42",
        include_str!("../replays/xorshift/rogue-42.txt"),
    ),
    (
        "xorshift/wizard-2024",
        include_str!("../replays/xorshift/wizard-2024.txt"),
    ),
    (
        "xorshift/rogue-42-gh",
        include_str!("../replays/xorshift/rogue-42-gh.txt"),
    ),
    (
        "xorshift/fighter-7-grid",
        include_str!("../replays/xorshift/fighter-7-grid.txt"),
    ),
];

#[test]
fn every_recorded_run_plays_to_its_hash() {
    for (name, text) in REPLAYS {
        let game = replay::play(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(game.turn() > 500, "{name}: a real run");
    }
}

#[test]
fn the_bot_live_ends_where_the_recording_does() {
    for (name, text) in REPLAYS {
        let mut lines = text.lines().skip(1);
        let seed: u32 = lines
            .next()
            .unwrap()
            .strip_prefix("seed ")
            .unwrap()
            .parse()
            .unwrap();
        let class = match lines.next().unwrap() {
            "class a" => Class::Fighter,
            "class b" => Class::Rogue,
            _ => Class::Wizard,
        };
        let mut header = 3;
        let mut style = Style::Book;
        if let Some(name) = text.lines().nth(header).unwrap().strip_prefix("style ") {
            style = Style::named(name).unwrap();
            header += 1;
        }
        let mut dice = Dice::Xorshift;
        if let Some(name) = text.lines().nth(header).unwrap().strip_prefix("dice ") {
            dice = Dice::named(name).unwrap();
            header += 1;
        }
        assert_eq!(
            name.starts_with("xorshift/"),
            dice == Dice::Xorshift,
            "{name}: its dice"
        );
        let inputs = text.lines().count() - header - 1;
        let mut game = Game::new_run_on(seed, class, style, dice);
        let mut bot = Bot::new();
        for _ in 0..inputs {
            let input = if game.command_running() {
                Input::Step
            } else {
                Input::Act(bot.next_action(&game).unwrap())
            };
            input.apply(&mut game);
        }
        let hash = text.lines().last().unwrap().strip_prefix("hash ").unwrap();
        assert_eq!(
            format!("{:016x}", replay::state_hash(&game)),
            hash,
            "{name}"
        );
        let mut save = String::new();
        game.write_save(&mut save).unwrap();
        let loaded = Game::read_save(&save).unwrap();
        assert_eq!(
            replay::state_hash(&loaded),
            replay::state_hash(&game),
            "{name}: the save reads back"
        );
    }
}

#[test]
fn a_changed_input_changes_the_end() {
    let text = REPLAYS[1].1;
    let changed = text.replacen("\nexplore\n", "\nwait\n", 1);
    assert_ne!(changed, text);
    assert!(matches!(
        replay::play(&changed),
        Err(ReplayError::Diverged { .. })
    ));
    assert!(matches!(
        replay::play("amulets-replay 9\n"),
        Err(ReplayError::WrongVersion { found: 9 })
    ));
    assert!(matches!(
        replay::play("seed 1\n"),
        Err(ReplayError::NotAReplay)
    ));
}
