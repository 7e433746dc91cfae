//! Saves: written and read back to the same run, byte for byte and field by
//! field, over 1,000 states of bot runs; a loaded run goes on exactly as the
//! saved one; a damaged save is an error or another run, never a panic;
//! another version is refused by name.

use amulets_core::bot::Bot;
use amulets_core::game::Game;
use amulets_core::game::save::{LoadError, SAVE_VERSION};
use amulets_core::player::Class;
use amulets_core::rules::Rules;

fn save_text(game: &Game) -> String {
    let mut s = String::new();
    game.write_save(&mut s).unwrap();
    s
}

/// Everything a save keeps, compared.
fn assert_same(a: &Game, b: &Game, what: &str) {
    assert_eq!(a.seed(), b.seed(), "{what}: seed");
    assert_eq!(a.rng(), b.rng(), "{what}: dice");
    assert_eq!(a.state(), b.state(), "{what}: state");
    assert_eq!(a.turn(), b.turn(), "{what}: turn");
    assert_eq!(a.player(), b.player(), "{what}: player");
    assert_eq!(a.level(), b.level(), "{what}: floor");
    assert_eq!(a.log(), b.log(), "{what}: log");
    assert_eq!(a.cursor(), b.cursor(), "{what}: cursor");
    assert_eq!(a.cause_of_death(), b.cause_of_death(), "{what}: cause");
    assert_eq!(a.command(), b.command(), "{what}: command");
    assert_eq!(a.last_stop(), b.last_stop(), "{what}: last stop");
}

/// One step of a bot run: a command's step, or the bot's action.
fn step(game: &mut Game, bot: &mut Bot) -> bool {
    if game.command_running() {
        game.step_command();
        true
    } else if let Some(a) = bot.next_action(game) {
        game.act(a);
        true
    } else {
        false
    }
}

#[test]
fn a_thousand_states_round_trip_and_play_on_the_same() {
    let mut states = 0;
    let mut seed = 1;
    let mut biggest = 0;
    while states < 1000 {
        let class = Class::ALL[seed as usize % 3];
        let mut game = Game::new_run(seed, class);
        let mut bot = Bot::new();
        for k in 0..3000 {
            if !step(&mut game, &mut bot) {
                break;
            }
            if k % 150 != 149 {
                continue;
            }
            let text = save_text(&game);
            biggest = biggest.max(text.len());
            let loaded =
                Game::read_save(&text).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{text}"));
            assert_eq!(save_text(&loaded), text, "seed {seed}: write, read, write");
            assert_same(&game, &loaded, "loaded");
            states += 1;
            // Save, load, continue equals continue.
            if states % 10 == 0 {
                let (mut a, mut b) = (game.clone(), loaded);
                let (mut bot_a, mut bot_b) = (bot.clone(), bot.clone());
                for _ in 0..200 {
                    let more = step(&mut a, &mut bot_a);
                    assert_eq!(more, step(&mut b, &mut bot_b));
                    if !more {
                        break;
                    }
                }
                assert_same(&a, &b, "played on");
            }
        }
        seed += 1;
    }
    println!(
        "{states} states from {} runs round-tripped; the biggest save was {biggest} bytes",
        seed - 1
    );
}

#[test]
fn every_damaged_byte_is_an_error_or_a_run_never_a_panic() {
    let mut game = Game::new_run(42, Class::Rogue);
    let mut bot = Bot::new();
    for _ in 0..400 {
        step(&mut game, &mut bot);
    }
    let text = save_text(&game);
    println!("a sample save after 400 bot steps: {} bytes", text.len());
    let bytes = text.as_bytes();
    let (mut errors, mut runs) = (0, 0);
    for i in 0..bytes.len() {
        for b in [b'0', b'9', b'#', b' ', b'\n', b'-', b'z', 0xff] {
            if bytes[i] == b {
                continue;
            }
            let mut damaged = bytes.to_vec();
            damaged[i] = b;
            let Ok(damaged) = String::from_utf8(damaged) else {
                continue;
            };
            match Game::read_save(&damaged) {
                Ok(g) => {
                    runs += 1;
                    // A different run still writes a save it reads back.
                    let again =
                        Game::read_save(&save_text(&g)).expect("a loaded run saves and loads");
                    assert_eq!(save_text(&again), save_text(&g));
                }
                Err(_) => errors += 1,
            }
        }
    }
    println!("damaged saves: {errors} refused, {runs} read as other runs");
    assert!(errors > 0 && runs > 0);
}

#[test]
fn another_version_is_refused_by_name_and_junk_is_not_a_save() {
    let text = save_text(&Game::new_run(1, Class::Fighter));
    let newer = text.replacen(
        &format!("amulets-save {SAVE_VERSION}"),
        "amulets-save 99",
        1,
    );
    let err = Game::read_save(&newer).unwrap_err();
    assert_eq!(err, LoadError::WrongVersion { found: 99 });
    // The book's shape of words (chapter 18: "save.txt: it's version 1,
    // and this game reads version 2"), for the three versions read now.
    assert_eq!(
        err.to_string(),
        "it's version 99, and this game reads versions 1 to 3"
    );
    assert_eq!(SAVE_VERSION, 3);
    assert_eq!(Game::read_save("").unwrap_err(), LoadError::NotASave);
    assert_eq!(Game::read_save("hello\n").unwrap_err(), LoadError::NotASave);
    let cut = &text[..text.len() / 2];
    assert!(Game::read_save(cut).is_err());
    let bad_letter = text.replacen("\nmap\n#", "\nmap\nX", 1);
    assert!(
        matches!(
            Game::read_save(&bad_letter),
            Err(LoadError::UnknownTerrain { letter: 'X', .. })
        ),
        "{:?}",
        Game::read_save(&bad_letter)
    );
    // The book's words for it (chapter 18).
    let err = Game::read_save(&bad_letter.replacen("\nmap\nX", "\nmap\n?", 1)).unwrap_err();
    assert!(
        err.to_string().ends_with(": no terrain is called '?'"),
        "{err}"
    );
}

#[test]
fn a_log_line_with_control_characters_is_refused() {
    // Found by the fuzzer: a log line ending in carriage returns lost one
    // at each reading, so a save read back differently each time.
    let text = save_text(&Game::new_run(1, Class::Fighter));
    let with_cr = text.replacen("\nlog 0 Welcome", "\nlog 0 \rWelcome\r", 1);
    assert_ne!(with_cr, text);
    assert!(matches!(
        Game::read_save(&with_cr),
        Err(LoadError::Malformed { .. })
    ));
}

/// A version-1 save written by the codec before it was a table (seed 42,
/// a Rogue after 700 bot steps, aiming on floor 2), kept as it was written.
const V1_ROGUE_42: &str = include_str!("../saves/v1-rogue-42.txt");
/// Its state hash after 300 more bot steps. The old codec's continuation
/// from the loaded save and from the run in memory agreed (6764ba186b1b6541);
/// re-pinned when the Dijkstra maps came to count whole steps (a rule change:
/// the monsters and the bot walk otherwise), from the loaded save, which the
/// test above shows is read whole.
const V1_ROGUE_42_AFTER_300: u64 = 0x9a26_e8dd_e2d5_22a8;

#[test]
fn an_old_save_still_loads_writes_the_same_and_plays_on_the_same() {
    let mut game = Game::read_save(V1_ROGUE_42).expect("a version 1 save loads");
    assert_eq!(save_text(&game), V1_ROGUE_42, "written again byte for byte");
    let mut bot = Bot::new();
    for _ in 0..300 {
        if !step(&mut game, &mut bot) {
            break;
        }
    }
    assert_eq!(
        amulets_core::replay::state_hash(&game),
        V1_ROGUE_42_AFTER_300
    );
}

/// A save the 0.1.0 release wrote (its `amulets-tui` built at 9e147d4,
/// seed 7, a Fighter, saved by S after a few o's), kept as it was written.
const SAVE_0_1_0: &str = include_str!("../saves/0.1.0-fighter-7.txt");

#[test]
fn a_save_of_0_1_0_continues_under_0_1_0s_rules() {
    let mut game = Game::read_save(SAVE_0_1_0).expect("0.1.0's save loads");
    assert_eq!(game.rules(), Rules::Book1);
    assert_eq!(save_text(&game), SAVE_0_1_0, "written again byte for byte");
    let mut bot = Bot::new();
    for _ in 0..300 {
        if !step(&mut game, &mut bot) {
            break;
        }
    }
    assert!(game.turn() > 100, "it played on");
    assert_eq!(game.rules(), Rules::Book1, "under the rules it began with");
    let text = save_text(&game);
    assert!(text.starts_with("amulets-save 2\n"), "as 0.1.0 saved it");
    assert!(!text.contains("\nrules "), "{text}");
    // A new run on the book's dice takes the newest rules.
    assert_eq!(Game::new_run(7, Class::Fighter).rules(), Rules::Book4);
}

#[test]
fn no_save_is_longer_than_the_bound() {
    // Thirty whole bot runs, on the book's dice, saved after every step:
    // the longest text must be within the bound the board's flash slot is
    // sized by (its 16 KiB slot holds a 16-byte header and
    // `MAX_SAVE_BYTES`, `shell-embedded/src/flash.rs`).
    use amulets_core::game::save::MAX_SAVE_BYTES;
    // A whole run is the bot's own (`bot::drive`, to the run's end or the
    // bot's action limit).
    let mut longest = 0;
    for seed in 1..=30 {
        let mut game = Game::new_run(seed, Class::ALL[seed as usize % 3]);
        amulets_core::bot::drive(&mut game, |g| {
            longest = longest.max(save_text(g).len());
            Ok(())
        })
        .unwrap();
    }
    println!("the longest save of 30 whole bot runs: {longest} bytes of {MAX_SAVE_BYTES}");
    assert!(longest <= MAX_SAVE_BYTES);
    const { assert!(16 + MAX_SAVE_BYTES <= 16 * 1024, "the board's 16 KiB slot") };
}

#[test]
fn a_run_on_the_books_dice_saves_its_draws_and_loads_by_drawing_forward() {
    let mut game = Game::new_run(42, Class::Fighter);
    for _ in 0..30 {
        game.act(amulets_core::input::Action::Wait);
    }
    let text = save_text(&game);
    assert!(
        text.starts_with("amulets-save 3\nseed 42\ndice book "),
        "{text}"
    );
    assert!(text.lines().any(|l| l == "rules book-4"), "{text}");
    let draws = game.rng().draws();
    assert!(draws > 0);
    assert!(text.lines().any(|l| l == format!("dice book {draws}")));
    let loaded = Game::read_save(&text).unwrap();
    assert_eq!(loaded.rng(), game.rng(), "the same dice, drawn forward");
    assert_eq!(save_text(&loaded), text);
    // A count past the cap is refused, not drawn.
    let cap = amulets_core::game::save::MAX_SAVED_DRAWS;
    let greedy = text.replacen(
        &format!("dice book {draws}"),
        &format!("dice book {}", cap + 1),
        1,
    );
    assert!(matches!(
        Game::read_save(&greedy),
        Err(LoadError::OutOfRange { what: "dice", .. })
    ));
    // Each version's dice are its own engine's, and its rules its own.
    for older in ["amulets-save 1", "amulets-save 2"] {
        let as_older = text.replacen("amulets-save 3", older, 1);
        assert!(matches!(
            Game::read_save(&as_older),
            Err(LoadError::Inconsistent(_))
        ));
    }
    let unnamed = text.replacen("rules book-4\n", "", 1);
    assert_eq!(
        Game::read_save(&unnamed).unwrap_err(),
        LoadError::Missing("rules")
    );
}

#[test]
fn a_save_under_rules_this_game_lacks_is_refused_by_their_name() {
    let text = save_text(&Game::new_run(42, Class::Rogue));
    let later = text.replacen("rules book-4\n", "rules book-9\n", 1);
    let err = Game::read_save(&later).unwrap_err();
    assert_eq!(
        err.to_string(),
        "it was made under the rules book-9, which this game does not have (it has \
         xorshift-1, book-1, book-2, book-3 and book-4): a later version of Amulets plays it"
    );
    // The rules come after the dice they are rules of.
    let before =
        text.replacen("rules book-4\n", "", 1)
            .replacen("seed 42\n", "seed 42\nrules book-4\n", 1);
    assert_eq!(
        Game::read_save(&before).unwrap_err(),
        LoadError::Missing("dice")
    );
    let other_dice = text.replacen("rules book-4\n", "rules xorshift-1\n", 1);
    assert!(matches!(
        Game::read_save(&other_dice),
        Err(LoadError::Inconsistent(_))
    ));
}

/// docs/sessions.md names the longest save's bound as the code has it.
#[cfg(not(target_os = "wasi"))]
#[test]
fn the_sessions_page_names_the_longest_save_as_the_code_bounds_it() {
    let page = amulets_tests::repository_text("docs/sessions.md");
    let n = amulets_core::game::save::MAX_SAVE_BYTES;
    let written = format!("{},{:03} bytes (`MAX_SAVE_BYTES`)", n / 1000, n % 1000);
    assert!(
        page.contains(&written),
        "docs/sessions.md lacks {written:?}"
    );
}
