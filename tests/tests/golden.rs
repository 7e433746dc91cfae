//! The golden hashes in `tests/golden/`, compared. The files are written by
//! `cargo xtask golden` and only compared here; they are compiled in, so the
//! comparison runs the same on targets without a file system.
//!
//! What makes these hashes trustworthy rather than a copy of the code's own
//! output: the maps they pin are checked by `rooms.rs` (a recursive copy of
//! the book for every seed, the BSP guarantees, seed 7's picture), and the
//! hash itself by the FNV reference vectors in the core.

use amulets_core::golden;

#[test]
fn rooms_match_their_golden_hashes() {
    let text = include_str!("../golden/rooms.txt");
    let checked = golden::check("rooms", text, |_, _| {}).unwrap_or_else(|m| panic!("{m:?}"));
    assert_eq!(checked, 1000, "the file should pin seeds 1..=1000");
}

#[test]
fn the_golden_files_cover_every_kind() {
    let files = ["rooms"];
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
    let text = include_str!("../golden/rooms.txt");
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
