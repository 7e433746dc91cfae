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

/// Every golden file, compiled in.
const FILES: [(&str, &str); 7] = [
    ("rooms", include_str!("../golden/rooms.txt")),
    ("caves", include_str!("../golden/caves.txt")),
    ("gh", include_str!("../golden/gh.txt")),
    ("grid", include_str!("../golden/grid.txt")),
    ("floors", include_str!("../golden/floors.txt")),
    ("floors-gh", include_str!("../golden/floors-gh.txt")),
    ("floors-grid", include_str!("../golden/floors-grid.txt")),
];

#[test]
fn every_kind_matches_its_golden_hashes() {
    for (kind, text) in FILES {
        let checked =
            golden::check(kind, text, |_, _| {}).unwrap_or_else(|m| panic!("{kind}: {m:?}"));
        assert_eq!(
            checked,
            golden::seeds_of(kind) as usize,
            "{kind}: every seed is pinned"
        );
    }
}

#[test]
fn the_golden_files_cover_every_kind() {
    let files = FILES.map(|(kind, _)| kind);
    assert_eq!(
        files,
        golden::KINDS,
        "a new kind needs its file compared here"
    );
}

#[test]
fn the_rooms_file_is_what_the_books_generator_makes() {
    // Independent of the core's generator and hash: the recursive reference
    // and a FNV-1a written in the test crate.
    let text = FILES[0].1;
    let mut seen = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let (seed, hash) = line.split_once(' ').expect("seed hash");
        let seed: u32 = seed.parse().unwrap();
        let dungeon = amulets_tests::book::generate(&mut amulets_core::rng::Rng::new(seed));
        let want = format!("{:016x}", amulets_tests::fnv1a64(&dungeon.cells));
        assert_eq!(hash, want, "seed {seed}");
        seen += 1;
    }
    assert_eq!(seen, 1000);
}
