//! Golden hashes: a seed's dungeon pinned by a 64-bit FNV-1a of its terrain
//! bytes, so that every target can prove it builds the same dungeons. The
//! files live in `tests/golden/` for the book's dice and in
//! `tests/golden/xorshift/` for xorshift's (written by `cargo xtask
//! golden`); this module says what each kind of hash covers and checks a
//! file's lines, and has no `std`, so a microcontroller runs the same check.
//!
//! A file is lines of `seed hash` (decimal seed, 16 hex digits); lines that
//! are empty or start with `#` are comments.

use crate::hash::{Fnv1a, map_hash};
use crate::map::Map;
use crate::rng::{Dice, Rng};

/// The kinds of golden hash, each the name of its file in `tests/golden/`.
pub const KINDS: [&str; 7] = [
    "rooms",
    "caves",
    "gh",
    "grid",
    "floors",
    "floors-gh",
    "floors-grid",
];

/// Where an engine's golden files are, under `tests/golden/`.
pub const fn folder_of(dice: Dice) -> &'static str {
    match dice {
        Dice::Book => "",
        Dice::Xorshift => "xorshift/",
    }
}

/// The seeds each kind's file pins: 1 to this many.
pub const fn seeds_of(kind: &str) -> u32 {
    match kind.as_bytes() {
        b"rooms" => 1000,
        _ => 200,
    }
}

/// The hash a kind pins for a seed, or `None` for an unknown kind. Each is
/// an FNV-1a 64 of explicit bytes, every map as its terrain discriminants
/// row by row, all rolled from `Rng::of(dice, seed)`:
/// - `rooms`: the bare BSP map of chapter 2;
/// - `caves`: a cave floor of chapter 18, tries and all;
/// - `gh`: gh-dungeons' whole dungeon at 64 x 36, its exit too;
/// - `grid`: rrpg's 10 x 10 grid, carved into a map;
/// - `floors`: floors 1 to 9 assembled in turn with one set of dice, each
///   floor its map, then the start's and the stairs' x and y as
///   little-endian `u32`s (all ones for no stairs);
/// - `floors-gh`, `floors-grid`: the same, of gh-dungeons' and rrpg's style.
pub fn hash_of(dice: Dice, kind: &str, seed: u32) -> Option<u64> {
    let mut rng = Rng::of(dice, seed);
    let mut map = Map::new();
    match kind {
        "rooms" => {
            crate::mapgen::rooms::generate(&mut map, &mut rng);
        }
        "caves" => {
            crate::mapgen::caves::generate(&mut map, &mut rng);
        }
        "gh" => {
            // The whole dungeon at its default size: rooms, corridors and
            // the exit `>` in the last room.
            let (w, h) = (crate::map::MAP_W, crate::map::MAP_H);
            crate::mapgen::gh_bsp::dungeon(&mut map, w, h, &mut rng).ok()?;
        }
        "grid" => {
            let grid = crate::mapgen::grid::generate(10, 10, &mut rng).ok()?;
            grid.carve(&mut map)?;
        }
        "floors" | "floors-gh" | "floors-grid" => {
            use crate::mapgen::floor::{Style, assemble_styled};
            let style = match kind {
                "floors-gh" => Style::Gh,
                "floors-grid" => Style::Grid,
                _ => Style::Book,
            };
            let mut h = Fnv1a::new();
            for depth in 1..=crate::rules::LAST_FLOOR {
                let floor = assemble_styled(depth, style, &mut rng);
                for &t in floor.map.cells() {
                    h.byte(t.discriminant());
                }
                h.u32(floor.start.x as u32);
                h.u32(floor.start.y as u32);
                let stairs = floor
                    .stairs
                    .map_or((u32::MAX, u32::MAX), |p| (p.x as u32, p.y as u32));
                h.u32(stairs.0);
                h.u32(stairs.1);
            }
            return Some(h.finish());
        }
        _ => return None,
    }
    Some(map_hash(&map))
}

/// Why a golden file did not check out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// The kind names no hash this module knows.
    UnknownKind,
    /// A line (counted from 1) is not `seed hash`.
    Malformed {
        /// The line.
        line: usize,
    },
    /// A seed's dungeon hashed to something other than the file says.
    Differs {
        /// The file's line.
        line: usize,
        /// The seed.
        seed: u32,
        /// The hash the file holds.
        expected: u64,
        /// The hash the core made.
        found: u64,
    },
    /// The file has no hash at all, which would check nothing.
    Empty,
}

/// Checks every line of a golden file of `kind` on an engine's dice,
/// calling `each` with every seed and hash that matched. Returns how many
/// matched, or the first problem.
pub fn check(
    dice: Dice,
    kind: &str,
    text: &str,
    mut each: impl FnMut(u32, u64),
) -> Result<usize, Mismatch> {
    if !KINDS.contains(&kind) {
        return Err(Mismatch::UnknownKind);
    }
    let mut checked = 0;
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (seed, expected) = parse_line(line).ok_or(Mismatch::Malformed { line: line_no })?;
        let found = hash_of(dice, kind, seed).ok_or(Mismatch::UnknownKind)?;
        if found != expected {
            return Err(Mismatch::Differs {
                line: line_no,
                seed,
                expected,
                found,
            });
        }
        each(seed, found);
        checked += 1;
    }
    if checked == 0 {
        return Err(Mismatch::Empty);
    }
    Ok(checked)
}

/// Reads `seed hash` from one line.
fn parse_line(line: &str) -> Option<(u32, u64)> {
    let mut words = line.split_ascii_whitespace();
    let seed = words.next()?.parse().ok()?;
    let hash = words.next()?;
    if hash.len() != 16 || words.next().is_some() {
        return None;
    }
    let hash = u64::from_str_radix(hash, 16).ok()?;
    Some((seed, hash))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_hash_is_caught_with_its_line() {
        let good = hash_of(Dice::Book, "rooms", 5).unwrap();
        let mut text: heapless::String<128> = heapless::String::new();
        core::fmt::write(
            &mut text,
            format_args!("# comment\n5 {good:016x}\n6 {good:016x}\n"),
        )
        .unwrap();
        let result = check(Dice::Book, "rooms", &text, |_, _| {});
        assert!(
            matches!(
                result,
                Err(Mismatch::Differs {
                    line: 3,
                    seed: 6,
                    ..
                })
            ),
            "{result:?}"
        );
    }

    #[test]
    fn malformed_and_empty_files_are_refused() {
        assert_eq!(
            check(Dice::Book, "rooms", "1 xyz\n", |_, _| {}),
            Err(Mismatch::Malformed { line: 1 })
        );
        assert_eq!(
            check(Dice::Book, "rooms", "1 00\n", |_, _| {}),
            Err(Mismatch::Malformed { line: 1 })
        );
        assert_eq!(
            check(Dice::Book, "rooms", "# nothing\n", |_, _| {}),
            Err(Mismatch::Empty)
        );
        assert_eq!(
            check(Dice::Book, "lava", "1 0000000000000000", |_, _| {}),
            Err(Mismatch::UnknownKind)
        );
    }
}
