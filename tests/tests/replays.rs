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
use amulets_core::rules::Rules;

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

/// The replays the 0.1.0 release made itself, at its commit (9e147d4): the
/// five above as they were then, and six of its CI's bot runs (`cargo
/// xtask replays --ci` at that commit), two of each floor style and each
/// class. They are never recorded again: every later game plays each to
/// the end it recorded (docs/sessions.md, "Replays").
const RELEASE_0_1_0: [(&str, &str); 11] = [
    ("fighter-7", include_str!("../replays/0.1.0/fighter-7.txt")),
    ("rogue-42", include_str!("../replays/0.1.0/rogue-42.txt")),
    (
        "wizard-2024",
        include_str!("../replays/0.1.0/wizard-2024.txt"),
    ),
    (
        "rogue-42-gh",
        include_str!("../replays/0.1.0/rogue-42-gh.txt"),
    ),
    (
        "fighter-7-grid",
        include_str!("../replays/0.1.0/fighter-7-grid.txt"),
    ),
    (
        "bot-161-wizard-book",
        include_str!("../replays/0.1.0/bot-161-wizard-book.txt"),
    ),
    (
        "bot-157-rogue-book",
        include_str!("../replays/0.1.0/bot-157-rogue-book.txt"),
    ),
    (
        "bot-003-fighter-gh",
        include_str!("../replays/0.1.0/bot-003-fighter-gh.txt"),
    ),
    (
        "bot-173-wizard-gh",
        include_str!("../replays/0.1.0/bot-173-wizard-gh.txt"),
    ),
    (
        "bot-064-rogue-grid",
        include_str!("../replays/0.1.0/bot-064-rogue-grid.txt"),
    ),
    (
        "bot-189-fighter-grid",
        include_str!("../replays/0.1.0/bot-189-fighter-grid.txt"),
    ),
];

/// Runs on xorshift's dice, which the release's own set lacks, recorded
/// after it by the 0.1.0 code at its commit (the core's `bot::Bot` and
/// `replay::write` at 9e147d4, built apart): one of each floor style and
/// class. Kept apart from the release's own, and never recorded again
/// either.
const AT_0_1_0: [(&str, &str); 3] = [
    (
        "bot-211-fighter-book-xorshift",
        include_str!("../replays/at-0.1.0/bot-211-fighter-book-xorshift.txt"),
    ),
    (
        "bot-212-rogue-gh-xorshift",
        include_str!("../replays/at-0.1.0/bot-212-rogue-gh-xorshift.txt"),
    ),
    (
        "bot-214-wizard-grid-xorshift",
        include_str!("../replays/at-0.1.0/bot-214-wizard-grid-xorshift.txt"),
    ),
];

#[test]
fn every_replay_the_0_1_0_release_made_plays_to_its_recorded_end() {
    for (folder, replays) in [("0.1.0", &RELEASE_0_1_0[..]), ("at-0.1.0", &AT_0_1_0[..])] {
        for (name, text) in replays {
            let game = replay::play(text).unwrap_or_else(|e| panic!("{folder}/{name}: {e}"));
            assert!(game.turn() > 100, "{folder}/{name}: a real run");
        }
    }
}

/// Every file of `tests/replays/0.1.0/` and `at-0.1.0/` is in the lists
/// above, so a file put there is played (on the host: the folders are not
/// there on WASI).
#[cfg(not(target_os = "wasi"))]
#[test]
fn every_file_the_0_1_0_release_made_is_played() {
    for (folder, replays) in [("0.1.0", &RELEASE_0_1_0[..]), ("at-0.1.0", &AT_0_1_0[..])] {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("replays")
            .join(folder);
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        files.sort();
        let mut listed: Vec<String> = replays.iter().map(|(n, _)| format!("{n}.txt")).collect();
        listed.sort();
        assert_eq!(files, listed, "{folder}");
    }
}

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
        // Version 3 names its rules; before, the dice imply 0.1.0's.
        let mut rules = Rules::of_0_1_0(Dice::Xorshift);
        let line = text.lines().nth(header).unwrap();
        if let Some(name) = line.strip_prefix("dice ") {
            rules = Rules::of_0_1_0(Dice::named(name).unwrap());
            header += 1;
        } else if let Some(name) = line.strip_prefix("rules ") {
            rules = Rules::named(name).unwrap();
            header += 1;
        }
        assert_eq!(
            name.starts_with("xorshift/"),
            rules.dice() == Dice::Xorshift,
            "{name}: its dice"
        );
        let words = !text.starts_with("amulets-replay 3\n");
        // Every line after the header but the points and the hash.
        let inputs = text
            .lines()
            .skip(header)
            .filter(|l| !l.starts_with("point ") && !l.starts_with("hash "))
            .count();
        let mut game = Game::new_run_under(seed, class, style, rules);
        let mut bot = Bot::new();
        for _ in 0..inputs {
            bot.next_input(&game).unwrap().apply(&mut game);
        }
        let hash = text.lines().last().unwrap().strip_prefix("hash ").unwrap();
        let live = match words {
            true => replay::state_hash(&game),
            false => replay::rules_hash(&game),
        };
        assert_eq!(format!("{live:016x}"), hash, "{name}");
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
    // A replay with points splits at one.
    let text = REPLAYS[1].1;
    let changed = text.replacen("\nexplore\n", "\nwait\n", 1);
    assert_ne!(changed, text);
    assert!(matches!(
        replay::play(&changed),
        Err(ReplayError::Split { .. })
    ));
    // One of version 1, with none, still checks its end.
    let (name, text) = REPLAYS[6];
    assert!(text.starts_with("amulets-replay 1\n"), "{name}");
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

/// What a playback came to: the end's hash, or the error.
fn outcome(played: Result<Game, ReplayError>) -> Result<u64, ReplayError> {
    played.map(|game| replay::state_hash(&game))
}

/// A replay fed to a `Playback` in pieces of `size` bytes, as the Cortex-M3
/// reads it from the host.
fn fed(text: &str, size: usize) -> Result<u64, ReplayError> {
    let mut playback = replay::Playback::new();
    for piece in text.as_bytes().chunks(size) {
        if playback.feed(piece)? {
            return Ok(replay::state_hash(playback.game()));
        }
    }
    playback.end()?;
    Ok(replay::state_hash(playback.game()))
}

#[test]
fn a_replay_fed_in_pieces_plays_as_its_whole_text() {
    let mut texts: Vec<String> = REPLAYS.iter().map(|(_, t)| t.to_string()).collect();
    let text = REPLAYS[1].1;
    let no_hash = &text[..text.rfind("hash ").unwrap()];
    let damaged = [
        text.replacen("\nexplore\n", "\nwait\n", 1),
        REPLAYS[6].1.replacen("\nexplore\n", "\nwait\n", 1),
        text.replace('\n', "\r\n"),
        text.trim_end().to_string(),
        no_hash.to_string(),
        text.replacen("\nexplore\n", "\n\n", 1),
        text.replacen("\nexplore\n", "\nexplore\u{e9}\n", 1),
        "amulets-replay 9\n".to_string(),
        "amulets-replay 2\nseed 4\n".to_string(),
        "amulets-replay 2\nseed 4\nclass a\ndice book".to_string(),
        "seed 1\n".to_string(),
        String::new(),
    ];
    texts.extend(damaged);
    let mut errors = 0;
    for text in &texts {
        let whole = outcome(replay::play(text));
        errors += usize::from(whole.is_err());
        for size in [1, 3, 64, 4096] {
            assert_eq!(fed(text, size), whole, "in pieces of {size}: {:.60}", text);
        }
    }
    assert_eq!(errors, 10, "each damaged text fails whole");
    // A line longer than any a replay writes is no line.
    let long = format!("amulets-replay 2\nseed 4\nclass a\n{}\n", "w".repeat(200));
    assert_eq!(fed(&long, 16), Err(ReplayError::BadLine(4)));
    assert_eq!(replay::MAX_LINE, 128);
}

/// The bot's run of `seed` and `class` on the book's dice, at most `most`
/// inputs: the inputs and the game they end with.
fn bot_run(seed: u32, class: Class, most: usize) -> (Vec<Input>, Game) {
    let mut game = Game::new_run_on(seed, class, Style::Book, Dice::Book);
    let mut bot = Bot::new();
    let mut inputs = Vec::new();
    while inputs.len() < most {
        let Some(input) = bot.next_input(&game) else {
            break;
        };
        input.apply(&mut game);
        inputs.push(input);
    }
    (inputs, game)
}

/// A point's line as the test reads the run: turn, floor, place, health,
/// draws and hash, in that order.
fn point_line(game: &Game) -> String {
    let p = game.player();
    format!(
        "point {} {} {} {} {} {} {:016x}",
        game.turn(),
        game.depth(),
        p.pos.x,
        p.pos.y,
        p.hp,
        game.rng().draws(),
        replay::rules_hash(game)
    )
}

#[test]
fn a_replay_records_where_the_run_stood_every_fifty_turns() {
    let (inputs, end) = bot_run(42, Class::Rogue, 1500);
    let mut text = String::new();
    replay::write(&mut text, 42, Class::Rogue, &inputs, &end).unwrap();
    assert!(
        text.starts_with("amulets-replay 3\nseed 42\nclass b\nrules book-4\n"),
        "{text}"
    );
    // The points, found by playing the inputs here: after the first input
    // that reaches turn 50, 100, ...
    let mut game = Game::new_run_on(42, Class::Rogue, Style::Book, Dice::Book);
    let mut want = Vec::new();
    let mut next = 50;
    for input in &inputs {
        input.apply(&mut game);
        if game.turn() >= next {
            want.push(point_line(&game));
            next = (game.turn() / 50 + 1) * 50;
        }
    }
    let got: Vec<&str> = text.lines().filter(|l| l.starts_with("point ")).collect();
    assert!(want.len() > 10, "{} points", want.len());
    assert_eq!(got, want);
    assert_eq!(replay::POINT_EVERY, 50);
    let played = replay::play(&text).unwrap();
    assert_eq!(replay::state_hash(&played), replay::state_hash(&end));
}

#[test]
fn a_changed_action_in_the_middle_is_named_at_its_turn() {
    let (inputs, end) = bot_run(7, Class::Fighter, 3000);
    let mut text = String::new();
    replay::write(&mut text, 7, Class::Fighter, &inputs, &end).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // The middle's first move that moved the player: it becomes a wait.
    let mut game = Game::new_run_on(7, Class::Fighter, Style::Book, Dice::Book);
    let mut changed = None;
    for (i, line) in lines.iter().enumerate() {
        let Some(input) = replay::read_input(line) else {
            continue;
        };
        let (before, turn) = (game.player().pos, game.turn());
        input.apply(&mut game);
        if turn > end.turn() / 2 && line.starts_with("move ") && game.player().pos != before {
            changed = Some(i);
            break;
        }
    }
    let at = changed.expect("a move in the middle");
    // The points around it, as recorded.
    let turn_of = |l: &str| -> u32 { l.split(' ').nth(1).unwrap().parse().unwrap() };
    let after = lines[..at]
        .iter()
        .rev()
        .find(|l| l.starts_with("point "))
        .map_or(0, |l| turn_of(l));
    let by = lines[at..]
        .iter()
        .find(|l| l.starts_with("point "))
        .map(|l| turn_of(l))
        .expect("a point after it");
    let mut edited: Vec<&str> = lines.clone();
    edited[at] = "wait";
    let edited = edited.join("\n") + "\n";
    let err = replay::play(&edited).expect_err("it splits");
    let words = err.to_string();
    println!("{words}");
    match err {
        ReplayError::Split {
            after: a, recorded, ..
        } => assert_eq!((a, recorded.turn), (after, by), "{words}"),
        other => panic!("{other:?}"),
    }
    assert!(
        words.starts_with(&format!("Differs by turn {by} (after turn {after}): ")),
        "{words}"
    );
    assert!(words.contains("; the last action was "), "{words}");
}

#[test]
fn points_add_at_most_a_quarter_to_a_replay() {
    let (mut with, mut without) = (0, 0);
    for seed in 1..=40 {
        let class = Class::ALL[seed as usize % 3];
        let (inputs, end) = bot_run(seed, class, 20_000);
        let mut text = String::new();
        replay::write(&mut text, seed, class, &inputs, &end).unwrap();
        with += text.len();
        without += text
            .lines()
            .filter(|l| !l.starts_with("point "))
            .map(|l| l.len() + 1)
            .sum::<usize>();
    }
    let growth = with as f64 / without as f64 - 1.0;
    println!(
        "points add {:.1}% to 40 whole bot runs' replays",
        growth * 100.0
    );
    assert!(growth <= 0.25, "{growth}");
    assert!(growth > 0.0);
}

/// A replay made before 0.1.0: the bot's run of seed 5, a Fighter, on the
/// book's dice, recorded by the game of 2026-12-05 (39bb3a0), whose rules
/// no release kept (0.1.0 changed them after). Kept as it was written.
const BEFORE_0_1_0: &str = include_str!("../replays/before-0.1.0/bot-5-fighter.txt");

#[test]
fn a_replay_made_before_0_1_0_is_refused_naming_the_rules_it_needs() {
    let err = replay::play(BEFORE_0_1_0).expect_err("its rules are gone");
    assert!(matches!(err, ReplayError::Split { .. }), "{err:?}");
    let words = err.to_string();
    assert!(words.starts_with("Differs by turn "), "{words}");
    assert!(
        words.ends_with(
            ". The replay names no rules, so it was played under 0.1.0's for its dice, \
             book-1. Made before 0.1.0, it needs the rules of the game that recorded it, \
             which this game does not have: play it with that version."
        ),
        "{words}"
    );
}

#[test]
fn a_replay_naming_rules_this_game_lacks_is_refused_by_their_name() {
    let (name, text) = REPLAYS[0];
    assert!(text.contains("\nrules book-2\n"), "{name}");
    let later = text.replacen("\nrules book-2\n", "\nrules book-9\n", 1);
    let err = replay::play(&later).expect_err("no such rules here");
    assert_eq!(
        err.to_string(),
        "it was played under the rules book-9, which this game does not have (it has \
         xorshift-1, book-1, book-2, book-3 and book-4): a later version of Amulets plays it"
    );
    // A name no longer than a save's line; what is not printable ASCII is
    // shown as `?`.
    let long = text.replacen(
        "\nrules book-2\n",
        &format!("\nrules {}\n", "é".repeat(40)),
        1,
    );
    let ReplayError::UnknownRules(cut) = replay::play(&long).unwrap_err() else {
        panic!("an unknown name");
    };
    assert_eq!(cut.to_string(), "?".repeat(24));
    // Version 3 must name its rules.
    let unnamed = text.replacen("\nrules book-2\n", "\n", 1);
    assert_eq!(
        replay::play(&unnamed).unwrap_err(),
        ReplayError::Missing("rules")
    );
}

/// `text` with the hash of its `n`th point (from 0) changed, nothing else.
fn point_hash_changed(text: &str, n: usize) -> String {
    let mut seen = 0;
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            if !l.starts_with("point ") {
                return l.to_string();
            }
            seen += 1;
            if seen - 1 != n {
                return l.to_string();
            }
            let (head, hash) = l.rsplit_once(' ').unwrap();
            let flipped = u64::from_str_radix(hash, 16).unwrap() ^ 1;
            format!("{head} {flipped:016x}")
        })
        .collect();
    lines.join("\n") + "\n"
}

#[test]
fn a_0_1_0_replay_whose_words_moved_its_hashes_plays_on_its_other_marks() {
    // 0.1.0's hashes hold the log's words; a later version may word a
    // message otherwise. A point whose hash alone differs is checked by the
    // rest of its marks, and counted.
    let (name, text) = RELEASE_0_1_0[0];
    assert!(text.starts_with("amulets-replay 2\n"), "{name}");
    let held = replay::play_through(text).unwrap();
    assert_eq!(held.under(), (Rules::Book1, false));
    let moved = point_hash_changed(text, 3);
    let played = replay::play_through(&moved).expect("it plays on");
    // One more, unless the words of this game already moved that point.
    assert!(played.unhashed() >= 1 && played.unhashed() >= held.unhashed());
    let words = replay::Played(&played).to_string();
    assert!(
        words.contains("under the rules book-1 (0.1.0's for its dice"),
        "{words}"
    );
    assert!(
        words.contains("; 1 of its hashes hold the log's words"),
        "{words}"
    );
    // Its end's hash too, once its points have held.
    let (body, _) = text.trim_end().rsplit_once('\n').unwrap();
    let end_moved = format!("{body}\nhash 0000000000000001\n");
    assert!(replay::play_through(&end_moved).unwrap().unhashed() >= 1);
    // A point whose cell or HP differs still splits it.
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let at = lines.iter().position(|l| l.starts_with("point ")).unwrap();
    let mut words: Vec<String> = lines[at].split(' ').map(str::to_string).collect();
    words[5] = (words[5].parse::<i32>().unwrap() + 1).to_string();
    lines[at] = words.join(" ");
    assert!(matches!(
        replay::play(&(lines.join("\n") + "\n")),
        Err(ReplayError::Split { .. })
    ));
    // A replay of version 3 holds its hashes, which have no words in them.
    let (name, text) = REPLAYS[0];
    assert!(text.starts_with("amulets-replay 3\n"), "{name}");
    assert!(matches!(
        replay::play(&point_hash_changed(text, 3)),
        Err(ReplayError::Split { .. })
    ));
}

#[test]
fn a_message_worded_otherwise_moves_the_state_hash_and_not_the_rules_hash() {
    let (_, end) = bot_run(42, Class::Rogue, 300);
    let mut worded = end.clone();
    let last = worded.log().lines().last().unwrap().text.clone();
    worded.log_mut_for_tests().say(&format!("{last}!"));
    let mut said = end.clone();
    said.log_mut_for_tests().say(last.as_ref());
    assert_ne!(replay::state_hash(&worded), replay::state_hash(&said));
    assert_eq!(replay::rules_hash(&worded), replay::rules_hash(&said));
    // A line more or less is no word: it moves both.
    assert_ne!(replay::rules_hash(&end), replay::rules_hash(&said));
}
