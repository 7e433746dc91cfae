//! Your own keys, through the session as a shell drives it: a preset
//! moves the moving keys and the commands they held, the screens write the
//! keys in force, and a run played with a map is the run played with the
//! book's keys.

use amulets_core::game::State;
use amulets_core::input::Key;
use amulets_core::player::Class;
use amulets_core::replay::state_hash;
use amulets_core::state::InventoryMode;
use amulets_play::keymap::Keymap;
use amulets_play::session::{Session, Start};
use amulets_play::store::NoStore;

/// No store, no tape, seeds from a function: a test's host.
type Bare = (NoStore, (), fn() -> u32);

/// A session as a shell drives it, with its clock.
struct Played {
    s: Session<Bare>,
    now: u64,
}

fn seed_42_fighter(keymap: &Keymap) -> Played {
    let start = Start {
        seed: Some(42),
        class: Some(Class::Fighter),
        ..Start::default()
    };
    let mut s = Session::new(NoStore, (), (|| 5) as fn() -> u32, start);
    s.prefs.set_keymap(keymap.clone());
    Played { s, now: 0 }
}

impl Played {
    /// Keys pressed, each command run to its end.
    /// Each key pressed a second after the last one's turn: seen, not
    /// typed ahead.
    fn press(&mut self, keys: &[Key]) {
        for &k in keys {
            self.now += 1000;
            self.s.tick(self.now);
            self.s.press(k);
            self.s.release(k);
            for _ in 0..20_000 {
                if !self.s.game().command_running() {
                    break;
                }
                self.now += 30;
                self.s.tick(self.now);
            }
        }
    }

    fn screen(&self) -> Vec<String> {
        self.s
            .drawn()
            .screen()
            .map(|sc| sc.lines().map(str::to_string).collect())
            .unwrap_or_default()
    }
}

#[test]
fn dvorak_moves_on_its_own_letters_and_the_help_says_so() {
    let dvorak = Keymap::preset("dvorak").unwrap();
    let mut s = seed_42_fighter(&dvorak);
    s.press(&[Key::Char('?')]);
    let help = s.screen();
    assert!(
        help.iter()
            .any(|l| l.starts_with("arrows, numpad, dhtnfgxb ")),
        "{help:#?}"
    );
    assert!(
        help.iter()
            .any(|l| l.starts_with("e ") && l.contains("drop something"))
    );
    assert!(
        help.iter()
            .any(|l| l.starts_with("l ") && l.contains("look around"))
    );
    // The book's R is still R.
    assert!(
        help.iter()
            .any(|l| l.starts_with("R ") && l.contains("rest"))
    );
    s.press(&[Key::Escape]);
    // e drops, where d did.
    s.press(&[Key::Char('e')]);
    assert_eq!(s.s.game().state(), State::Inventory(InventoryMode::Drop));
    s.press(&[Key::Escape]);
    // Where the book's keys have no say (the menu), they are the book's.
    s.press(&[Key::Escape]);
    assert_eq!(s.s.game().state(), State::Menu);
    let menu = s.screen();
    assert_eq!(menu[0], "c  continue");
}

#[test]
fn a_run_played_with_a_map_is_the_run_played_with_the_book_s_keys() {
    // The same moves and commands, typed on each layout's own letters.
    let book: Vec<Key> = "ooohhjjkkllyubnoo.r".chars().map(Key::Char).collect();
    let dvorak: Vec<Key> = "oooddhhttnnfgxboo.r".chars().map(Key::Char).collect();
    let left: Vec<Key> = "5555aaxxwwddqezc55sr".chars().map(Key::Char).collect();
    let mut a = seed_42_fighter(&Keymap::new());
    a.press(&book);
    let mut b = seed_42_fighter(&Keymap::preset("dvorak").unwrap());
    b.press(&dvorak);
    assert_eq!(state_hash(a.s.game()), state_hash(b.s.game()));
    // The left hand's 5 explores, and o still does too; s waits.
    let mut c = seed_42_fighter(&Keymap::preset("left-hand").unwrap());
    c.press(&left[1..]);
    assert_eq!(state_hash(a.s.game()), state_hash(c.s.game()));
    let log: Vec<&str> = a.s.game().log().lines().map(|m| m.text.as_str()).collect();
    assert!(
        a.s.game().turn() > 10,
        "the keys played a run: {} {log:?}",
        a.s.game().turn()
    );
}

/// `docs/keys.md`'s table of actions names every word a map takes, each
/// once, and nothing else: the words come from the code's one table
/// (`keymap::ACTIONS`), so the page cannot fall behind it.
#[cfg(not(target_os = "wasi"))]
#[test]
fn the_keys_page_names_every_action_a_map_takes() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let page = std::fs::read_to_string(root.join("docs/keys.md")).unwrap();
    let mut named: Vec<String> = Vec::new();
    for row in page.lines().filter(|l| l.starts_with("| `")) {
        let first = row.split('|').nth(1).unwrap();
        named.extend(first.split('`').skip(1).step_by(2).map(str::to_string));
    }
    let words: Vec<&str> = amulets_play::keymap::ACTIONS
        .iter()
        .map(|m| m.name())
        .collect();
    for w in &words {
        let n = named.iter().filter(|n| n == w).count();
        assert_eq!(n, 1, "docs/keys.md names {w} {n} times");
    }
    for n in &named {
        assert!(
            words.contains(&n.as_str()),
            "docs/keys.md names {n}, no action"
        );
    }
}
