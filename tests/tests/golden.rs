//! The golden hashes in `tests/golden/`, compared. The files are written by
//! `cargo xtask golden` and only compared here; they are compiled in, so the
//! comparison runs the same on targets without a file system.
//!
//! What makes these hashes trustworthy rather than a copy of the code's own
//! output: the maps they pin are checked by the property and reference tests
//! (`rooms.rs`: a recursive copy of the book for every seed; `caves.rs`,
//! `others.rs`, `floors.rs`: the guarantees over 10,000 seeds, and every
//! style's floors over 2,700), pictures that
//! were looked at, and the rooms file here against the book's recursive
//! generator and a FNV-1a written in this crate.

use amulets_core::golden;
use amulets_core::rng::Dice;

/// Every golden file of both engines, compiled in.
const FILES: [(Dice, &str, &str); 14] = [
    (Dice::Book, "rooms", include_str!("../golden/rooms.txt")),
    (Dice::Book, "caves", include_str!("../golden/caves.txt")),
    (Dice::Book, "gh", include_str!("../golden/gh.txt")),
    (Dice::Book, "grid", include_str!("../golden/grid.txt")),
    (Dice::Book, "floors", include_str!("../golden/floors.txt")),
    (
        Dice::Book,
        "floors-gh",
        include_str!("../golden/floors-gh.txt"),
    ),
    (
        Dice::Book,
        "floors-grid",
        include_str!("../golden/floors-grid.txt"),
    ),
    (
        Dice::Xorshift,
        "rooms",
        include_str!("../golden/xorshift/rooms.txt"),
    ),
    (
        Dice::Xorshift,
        "caves",
        include_str!("../golden/xorshift/caves.txt"),
    ),
    (
        Dice::Xorshift,
        "gh",
        include_str!("../golden/xorshift/gh.txt"),
    ),
    (
        Dice::Xorshift,
        "grid",
        include_str!("../golden/xorshift/grid.txt"),
    ),
    (
        Dice::Xorshift,
        "floors",
        include_str!("../golden/xorshift/floors.txt"),
    ),
    (
        Dice::Xorshift,
        "floors-gh",
        include_str!("../golden/xorshift/floors-gh.txt"),
    ),
    (
        Dice::Xorshift,
        "floors-grid",
        include_str!("../golden/xorshift/floors-grid.txt"),
    ),
];

#[test]
fn every_kind_matches_its_golden_hashes() {
    for (dice, kind, text) in FILES {
        let checked = golden::check(dice, kind, text, |_, _| {})
            .unwrap_or_else(|m| panic!("{dice:?} {kind}: {m:?}"));
        assert_eq!(
            checked,
            golden::seeds_of(kind) as usize,
            "{dice:?} {kind}: every seed is pinned"
        );
    }
}

#[test]
fn the_golden_files_cover_every_kind_on_both_engines() {
    for dice in Dice::ALL {
        let files: Vec<&str> = FILES.iter().filter(|f| f.0 == dice).map(|f| f.1).collect();
        assert_eq!(
            files,
            golden::KINDS,
            "{dice:?}: a new kind needs its file compared here"
        );
    }
}

#[test]
fn the_rooms_files_are_what_the_books_generator_makes() {
    // Independent of the core's generator and hash: the recursive reference
    // and a FNV-1a written in the test crate, on each engine's dice.
    for (dice, _, text) in FILES.iter().filter(|f| f.1 == "rooms") {
        let mut seen = 0;
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let (seed, hash) = line.split_once(' ').expect("seed hash");
            let seed: u32 = seed.parse().unwrap();
            let mut rng = amulets_core::rng::Rng::of(*dice, seed);
            let dungeon = amulets_tests::book::generate(&mut rng);
            let want = format!("{:016x}", amulets_tests::fnv1a64(&dungeon.cells));
            assert_eq!(hash, want, "{dice:?} seed {seed}");
            seen += 1;
        }
        assert_eq!(seen, 1000);
    }
}
