//! The palettes: every text colour of the three new ones has at least 4.5:1
//! contrast against its background (WCAG 2's AA, computed here from its
//! definition, in floating point, apart from the core's whole numbers); the
//! book's palette is measured and reported, and left as it is. Colour is
//! never the only way to tell two kinds of thing apart. And a palette is
//! the player's, never the run's.

use amulets_core::color::{Rgb, palette};
use amulets_core::game::State;
use amulets_core::input::{Action, Key};
use amulets_core::item::{ITEMS, Use};
use amulets_core::level::TrapKind;
use amulets_core::map::Terrain;
use amulets_core::monster::MONSTERS as KINDS;
use amulets_core::player::Class;
use amulets_core::replay::{Input, state_hash};
use amulets_play::bindings::Context;
use amulets_play::palettes::Palette;
use amulets_play::replays::Replays;
use amulets_play::session::{Session, Start};
use amulets_play::store::NoStore;
use amulets_play::view::chrome;
use std::collections::HashMap;

/// A channel of sRGB as light (WCAG 2's relative luminance).
fn linear(c: u8) -> f64 {
    let c = f64::from(c) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn luminance(c: Rgb) -> f64 {
    0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
}

/// WCAG 2's contrast ratio, 1 to 21.
fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Every colour words are written in, with its name: the screens', the
/// panel's and the log's (a run's colours are checked against this list
/// below, so none is missed).
const TEXT: [(&str, Rgb); 8] = [
    ("text", palette::TEXT),
    ("dim text", palette::DIM_TEXT),
    ("unread log", palette::UNREAD_TEXT),
    ("read log", palette::READ_TEXT),
    ("a note", palette::DEBUG),
    ("hurt", palette::HURT),
    ("gold", palette::GOLD),
    ("highlight", palette::HIGHLIGHT),
];

/// What words are written on: the map's room and the screens, the panel.
const BEHIND: [(&str, Rgb); 2] = [("background", chrome::BACKGROUND), ("panel", chrome::PANEL)];

/// The text pairs, as a palette paints them: each text colour on each
/// background, and a chosen line's dark words on the highlight.
fn pairs(p: Palette) -> Vec<(String, f64)> {
    let mut out = Vec::new();
    for (t, fg) in TEXT {
        for (b, bg) in BEHIND {
            out.push((
                format!("{t} on the {b}"),
                contrast(p.apply(fg), p.apply(bg)),
            ));
        }
    }
    let (fg, bg) = (palette::BACKGROUND, palette::HIGHLIGHT);
    out.push((
        "a chosen line".to_string(),
        contrast(p.apply(fg), p.apply(bg)),
    ));
    out
}

#[test]
fn every_text_colour_of_the_new_palettes_has_4_5_to_1() {
    for p in Palette::ALL {
        let all = pairs(p);
        let (worst, ratio) = all
            .iter()
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .expect("pairs");
        println!(
            "{:>13}: the least contrast is {ratio:.2}:1, {worst}",
            p.name()
        );
        if p == Palette::Book {
            // The book's palette is the contract: measured, not changed.
            continue;
        }
        for (what, ratio) in &all {
            assert!(*ratio >= 4.5, "{}: {what} is {ratio:.2}:1", p.name());
        }
    }
}

/// docs/palettes.md's table of the least contrast of each palette says
/// what this file computes, to the hundredth: a palette's change that
/// moves its least contrast fails here until the page says so.
#[cfg(not(target_os = "wasi"))]
#[test]
fn the_palettes_page_gives_each_palette_s_least_contrast() {
    let page = amulets_tests::repository_text("docs/palettes.md");
    for p in Palette::ALL {
        let least = pairs(p)
            .into_iter()
            .map(|(_, r)| r)
            .min_by(f64::total_cmp)
            .expect("pairs");
        let row = format!("| {} | {least:.2}:1 |", p.name());
        assert!(page.contains(&row), "docs/palettes.md lacks the row {row}");
    }
}

/// The colours of the things the map shows as glyphs.
fn glyph_colours() -> Vec<(String, Rgb)> {
    let mut out: Vec<(String, Rgb)> = KINDS
        .iter()
        .map(|k| (k.name.to_string(), k.color))
        .collect();
    out.extend(ITEMS.iter().map(|k| (k.name.to_string(), k.color)));
    out.extend([
        ("floor".to_string(), palette::FLOOR),
        ("cave floor".to_string(), palette::CAVE_FLOOR),
        ("wall".to_string(), palette::WALL),
        ("door".to_string(), palette::DOOR),
        ("stairs".to_string(), palette::STAIRS),
        ("trap".to_string(), palette::TRAP),
        ("you".to_string(), palette::PLAYER),
        ("a remembered floor".to_string(), palette::MEMORY_FLOOR),
        ("a remembered wall".to_string(), palette::MEMORY_WALL),
    ]);
    out
}

#[test]
fn in_high_contrast_every_glyph_has_4_5_to_1_too() {
    let p = Palette::HighContrast;
    for (name, c) in glyph_colours() {
        for (b, bg) in [
            ("background", palette::BACKGROUND),
            ("wall's back", palette::WALL_BACK),
            ("remembered wall's back", palette::MEMORY_WALL_BACK),
        ] {
            let r = contrast(p.apply(c), p.apply(bg));
            assert!(r >= 4.5, "{name} on the {b}: {r:.2}:1");
        }
    }
    // What is remembered still looks apart from what is seen.
    assert_ne!(p.apply(palette::FLOOR), p.apply(palette::MEMORY_FLOOR));
    assert_ne!(p.apply(palette::WALL), p.apply(palette::MEMORY_WALL));
}

#[test]
fn the_palettes_for_colour_blindness_move_what_is_lost_where_it_is_seen() {
    // A red-green dichromat sees the book's red and green alike in
    // brightness and hue; the palette tells them apart by blue.
    let (red, green) = (palette::HURT, Rgb::new(60, 200, 90));
    let rg = Palette::RedGreen;
    assert!(rg.apply(red).b > red.b + 40, "{:?}", rg.apply(red));
    assert_eq!(rg.apply(Rgb::new(128, 128, 128)), Rgb::new(128, 128, 128));
    assert_ne!(rg.apply(red), rg.apply(green));
    // A blue-yellow dichromat: blue's loss goes into red and green.
    let by = Palette::BlueYellow;
    let blue = palette::ROUTE;
    assert_ne!(by.apply(blue), blue);
    assert_eq!(Palette::Book.apply(blue), blue);
}

/// The kinds of thing a player tells apart on the map, each with the
/// glyphs it is drawn with.
fn categories() -> Vec<(String, Vec<char>)> {
    let mut out: Vec<(String, Vec<char>)> = KINDS
        .iter()
        .map(|k| (format!("the {}", k.name), vec![k.glyph]))
        .collect();
    let mut items: HashMap<&str, Vec<char>> = HashMap::new();
    for k in &ITEMS {
        let class = match k.uses {
            Use::Gold => "gold",
            Use::Potion => "a potion",
            Use::Scroll => "a scroll",
            Use::Weapon { .. } | Use::Bow { .. } | Use::Arrows | Use::Thrown { .. } => "a weapon",
            Use::Armour { .. } => "armour",
            Use::Amulet => "the Amulet",
        };
        let glyphs = items.entry(class).or_default();
        if !glyphs.contains(&k.glyph) {
            glyphs.push(k.glyph);
        }
    }
    out.extend(items.into_iter().map(|(c, g)| (c.to_string(), g)));
    for (name, t) in [
        ("the floor", Terrain::Floor),
        ("a wall", Terrain::Wall),
        ("the stairs", Terrain::StairsDown),
        ("a closed door", Terrain::ClosedDoor),
        ("an open door", Terrain::OpenDoor),
    ] {
        out.push((name.to_string(), vec![amulets_play::view::terrain_glyph(t)]));
    }
    // The cave's floor is the floor; every trap is a trap (below).
    out.push(("a trap".to_string(), vec!['^']));
    out
}

#[test]
fn colour_is_never_the_only_way_to_tell_two_kinds_apart() {
    // Two kinds never share a glyph: the shape tells them apart in any
    // palette, and on a terminal of two colours.
    let all = categories();
    for (i, (a, ga)) in all.iter().enumerate() {
        for (b, gb) in &all[..i] {
            let shared: Vec<&char> = ga.iter().filter(|g| gb.contains(g)).collect();
            assert!(shared.is_empty(), "{a} and {b} share {shared:?}");
        }
    }
    // Within a kind that shares a glyph (five potions share !), the words
    // name each: the look command says the name.
    let mut names: HashMap<char, Vec<&str>> = HashMap::new();
    for k in &ITEMS {
        names.entry(k.glyph).or_default().push(k.name);
    }
    for (g, n) in &names {
        let mut unique = n.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), n.len(), "{g}: {n:?}");
    }
    let traps: Vec<&str> = TrapKind::ALL.iter().map(|t| t.name()).collect();
    let mut unique = traps.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), traps.len(), "{traps:?}");
}

/// Every input a session handed its recorder.
#[derive(Default)]
struct Kept(Vec<Input>);

impl Replays for Kept {
    fn start(&mut self, _: u32, _: Class) {
        self.0.clear();
    }
    fn tape(&mut self, input: Input) {
        self.0.push(input);
    }
}

#[test]
fn a_palette_is_the_player_s_and_never_the_run_s() {
    let start = Start {
        seed: Some(42),
        class: Some(Class::Fighter),
        ..Start::default()
    };
    let mut hashes = Vec::new();
    for p in Palette::ALL {
        let mut s = Session::new(NoStore, Kept::default(), (|| 5) as fn() -> u32, start);
        s.prefs.set_palette(p);
        let mut now = 0;
        // The menu's p, twice, in the middle of the run.
        for k in "ooo"
            .chars()
            .map(Key::Char)
            .chain([Key::Escape, Key::Char('p'), Key::Char('p'), Key::Escape])
            .chain("oo".chars().map(Key::Char))
        {
            // A second apart: each key pressed once the last one's turn is
            // seen, none typed ahead.
            now += 1000;
            s.tick(now);
            s.press(k);
            s.release(k);
            for _ in 0..20_000 {
                if !s.game().command_running() {
                    break;
                }
                now += 30;
                s.tick(now);
            }
        }
        assert_eq!(
            s.prefs.palette(),
            p.next().next(),
            "the menu's p went round twice"
        );
        // The menu's Esc, then its Esc back: nothing between them, though
        // p was pressed twice (the palette is no verb of the game's).
        let menu_then_back = [Input::Act(Action::Menu), Input::Act(Action::Cancel)];
        assert!(
            s.run().replays().0.windows(2).any(|w| w == menu_then_back),
            "the palette entered the replay: {:?}",
            s.run().replays().0
        );
        hashes.push(state_hash(s.game()));
    }
    assert!(hashes.windows(2).all(|w| w[0] == w[1]), "{hashes:x?}");
    // The title and the menu name the palette in force.
    let mut s = Session::new(NoStore, (), (|| 5) as fn() -> u32, Start::default());
    s.prefs.set_palette(Palette::HighContrast);
    let title: Vec<String> = s
        .drawn()
        .screen()
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert!(
        title.contains(&"P  colours: high contrast".to_string()),
        "{title:#?}"
    );
    assert_eq!(s.context(), Context::State(State::Title));
    let start = Start {
        seed: Some(42),
        class: Some(Class::Fighter),
        ..Start::default()
    };
    let mut s = Session::new(NoStore, (), (|| 5) as fn() -> u32, start);
    s.prefs.set_palette(Palette::RedGreen);
    s.press(Key::Escape);
    s.release(Key::Escape);
    assert_eq!(s.context(), Context::State(State::Menu));
    let menu: Vec<String> = s
        .drawn()
        .screen()
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert!(
        menu.contains(&"p  colours: red-green safe".to_string())
            && menu.contains(&"s  save and quit".to_string()),
        "{menu:#?}"
    );
}

#[test]
fn every_colour_words_are_written_in_is_in_the_list() {
    // A whole bot run of a Fighter on seed 42: its panel, its log and
    // every screen over it, at each step, in colours of `TEXT` only (or
    // the chrome's, which are among them).
    let start = Start {
        seed: Some(42),
        class: Some(Class::Fighter),
        ..Start::default()
    };
    let listed: Vec<Rgb> = TEXT.iter().map(|&(_, c)| c).collect();
    let mut seen: Vec<Rgb> = Vec::new();
    let mut s = Session::new(NoStore, (), (|| 5) as fn() -> u32, start);
    let mut bot = amulets_core::bot::Bot::new();
    let mut now = 0;
    let mut steps = 0;
    while amulets_play::autoplay::play_bot(
        &mut s,
        &mut bot,
        &mut now,
        amulets_play::autoplay::Pace::Steps,
    ) && steps < 200_000
    {
        steps += 1;
        if steps % 50 != 0 {
            continue;
        }
        seen.extend(s.drawn().panel().iter().map(|&(_, c)| c));
        seen.dedup();
        seen.extend(amulets_play::view::log_lines(s.game()).map(|(_, c)| c));
        if let Some(screen) = s.drawn().screen() {
            seen.extend(screen.entries.iter().map(|e| e.color));
        }
    }
    for key in [Key::Escape, Key::Char('?')] {
        s.press(key);
        if let Some(screen) = s.drawn().screen() {
            seen.extend(screen.entries.iter().map(|e| e.color));
        }
    }
    seen.extend([chrome::TITLE, chrome::LOOK, chrome::TEXT]);
    seen.sort_by_key(|c| (c.r, c.g, c.b));
    seen.dedup();
    let missing: Vec<&Rgb> = seen.iter().filter(|c| !listed.contains(c)).collect();
    assert!(missing.is_empty(), "words in {missing:?}, not in TEXT");
    assert!(seen.len() >= 5, "{seen:?}");
}
