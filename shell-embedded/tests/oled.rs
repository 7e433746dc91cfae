//! Every screen the LM3S6965 kit's panel shows is whole: scrolled through
//! with its keys, each word of the screen is on some row, and no row is
//! wider than the panel's 32 characters (`oled::screen_rows`, what
//! `draw_screen` draws).

use amulets_core::input::Key;
use amulets_core::player::Class;
use amulets_core::state::Cause;
use amulets_embedded::input::Buttons;
use amulets_embedded::oled::{COLS, screen_rows};
use amulets_play::pad::Controls;
use amulets_play::session::{Session, Start};
use amulets_play::store::NoStore;
use std::collections::BTreeSet;

type Kit = Session<(NoStore, (), fn() -> u32)>;

fn seven() -> u32 {
    7
}

fn run(class: Option<Class>) -> Kit {
    let start = Start {
        seed: Some(42),
        class,
        ..Start::default()
    };
    Session::new(NoStore, (), seven as fn() -> u32, start)
}

/// Every row of every window of the screen shown, down to its end and
/// round again (a choice wraps), with its words; panics on a row wider
/// than the panel.
fn every_row(session: &mut Kit, what: &str) -> BTreeSet<String> {
    let mut controls = Controls::five_keys();
    let mut now = 10_000;
    controls.update(session, Buttons::NONE, now);
    let screen = session
        .drawn()
        .screen()
        .unwrap_or_else(|| panic!("{what}: no screen"));
    let mut words = BTreeSet::new();
    for _ in 0..80 {
        screen_rows(&screen, &mut controls, |_, text, _, _| {
            assert!(
                text.chars().count() <= COLS,
                "{what}: {text:?} is wider than the panel"
            );
            words.extend(text.split_whitespace().map(str::to_string));
        });
        // Down, as the kit's down key gives it.
        now += 1000;
        let down = Buttons {
            down: true,
            ..Buttons::NONE
        };
        controls.update(session, down, now);
        controls.update(session, Buttons::NONE, now + 1);
    }
    words
}

fn check(session: &mut Kit, what: &str) {
    // The kit's pad first: the help is the five keys'.
    Controls::five_keys().update(session, Buttons::NONE, 5_000);
    let screen = session.drawn().screen().expect("a screen");
    let title_rows = amulets_play::view::wrap(&screen.title, COLS).count();
    assert!(title_rows <= 2, "{what}: its title takes {title_rows} rows");
    let shown = every_row(session, what);
    let all = std::iter::once(screen.title.as_str())
        .chain(screen.entries.iter().map(|e| e.text.as_str()))
        .flat_map(str::split_whitespace);
    let missing: Vec<&str> = all.filter(|w| !shown.contains(*w)).collect();
    assert!(missing.is_empty(), "{what}: never shown: {missing:?}");
}

#[test]
fn every_screen_is_whole_on_the_kit_s_panel() {
    let mut s = run(None);
    check(&mut s, "the title");
    s.press(Key::Char('n'));
    check(&mut s, "the class");
    let mut s = run(Some(Class::Rogue));
    s.press(Key::Char('?'));
    check(&mut s, "the keys' help");
    let mut s = run(Some(Class::Rogue));
    s.press(Key::Escape);
    check(&mut s, "the game's menu");
    let mut s = run(Some(Class::Wizard));
    s.press(Key::Char('i'));
    check(&mut s, "the pack");
    let mut s = run(Some(Class::Fighter));
    s.press(Key::Char('o'));
    for t in 0..2000 {
        s.tick(t * 50);
    }
    s.press(Key::Char('m'));
    check(&mut s, "the messages");
    let mut s = run(Some(Class::Fighter));
    s.game_mut().die_for_tests(Cause::Poison);
    s.tick(1000);
    check(&mut s, "a run's end");
}
