//! Packs `art/tiles.txt` (pixel art drawn as text) into one atlas at build
//! time: tile `i` is the 10 x 10 square at x = 10 i, its fixed colours in
//! the top row of squares and its kind-coloured layer (white, coloured when
//! drawn) in the bottom row. A pixel is one byte, its colour's place in a
//! palette of RGBA colours (0 is clear): the art has some twenty colours,
//! and the atlas is a quarter of its size in RGBA (7,000 bytes, not
//! 28,000), which the page's module carries. Writes `tiles.idx` and
//! `tiles.rs` (the palette, the names) into `OUT_DIR`; a malformed tile
//! fails the build, naming its line.

use std::fmt::Write as _;
use std::path::PathBuf;

const SIDE: usize = 10;

/// A letter's colour in the fixed layer, or its brightness in the kind
/// layer (`Err`), or nothing (`None`).
fn colour(letter: char) -> Option<Result<[u8; 3], u8>> {
    Some(Ok(match letter {
        '.' => return None,
        'K' => return Some(Err(255)),
        'k' => return Some(Err(150)),
        'o' => [25, 25, 30],
        'w' => [240, 240, 235],
        'l' => [190, 190, 200],
        'g' => [130, 130, 140],
        'd' => [75, 75, 85],
        'f' => [34, 34, 42],
        'F' => [48, 48, 58],
        'b' => [140, 90, 45],
        'n' => [85, 55, 30],
        'm' => [110, 72, 40],
        'y' => [245, 215, 70],
        'r' => [230, 30, 30],
        's' => [225, 180, 140],
        'B' => [70, 110, 220],
        _ => return Some(Err(0)),
    }))
}

fn main() {
    let source = PathBuf::from("art/tiles.txt");
    println!("cargo::rerun-if-changed={}", source.display());
    let text = std::fs::read_to_string(&source).expect("art/tiles.txt");
    let mut names: Vec<(String, usize)> = Vec::new();
    let mut tiles: Vec<Vec<String>> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("tile ") {
            for name in rest.split('|') {
                names.push((name.trim().to_string(), tiles.len()));
            }
            tiles.push(Vec::new());
            continue;
        }
        let tile = tiles
            .last_mut()
            .unwrap_or_else(|| panic!("art/tiles.txt:{}: a row before any `tile`", n + 1));
        assert!(
            line.chars().count() == SIDE && tile.len() < SIDE,
            "art/tiles.txt:{}: rows are {SIDE} letters, {SIDE} to a tile",
            n + 1
        );
        for c in line.chars() {
            assert!(
                colour(c) != Some(Err(0)),
                "art/tiles.txt:{}: no colour is called {c:?}",
                n + 1
            );
        }
        tile.push(line.to_string());
    }
    let width = tiles.len() * SIDE;
    // A nibble a pixel, two to a byte (the even column low): each layer
    // has its own 16 colours, 0 clear in both.
    let mut atlas = vec![0u8; width * SIDE * 2 / 2];
    let mut palettes: [Vec<[u8; 4]>; 2] = [vec![[0; 4]], vec![[0; 4]]];
    for (i, tile) in tiles.iter().enumerate() {
        assert_eq!(tile.len(), SIDE, "tile {i} has {} rows", tile.len());
        for (y, row) in tile.iter().enumerate() {
            for (x, c) in row.chars().enumerate() {
                let (layer, px) = match colour(c) {
                    None => continue,
                    Some(Ok(rgb)) => (0, [rgb[0], rgb[1], rgb[2], 255]),
                    Some(Err(v)) => (1, [v, v, v, 255]),
                };
                let palette = &mut palettes[layer];
                let place = palette.iter().position(|&c| c == px).unwrap_or_else(|| {
                    palette.push(px);
                    palette.len() - 1
                });
                let nibble = u8::try_from(place)
                    .ok()
                    .filter(|&n| n < 16)
                    .expect("at most 16 colours a layer, clear among them");
                let at = (layer * SIDE + y) * width + i * SIDE + x;
                atlas[at / 2] |= nibble << (4 * (at % 2));
            }
        }
    }
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(out.join("tiles.idx"), &atlas).expect("write tiles.idx");
    let rs = tiles_rs(tiles.len(), &names, &palettes);
    std::fs::write(out.join("tiles.rs"), rs).expect("write tiles.rs");
}

/// The Rust the atlas comes with: how many tiles, every name's tile, and
/// each layer's palette.
fn tiles_rs(count: usize, names: &[(String, usize)], palettes: &[Vec<[u8; 4]>; 2]) -> String {
    let mut rs = String::new();
    writeln!(rs, "/// Tiles in the atlas.").unwrap();
    writeln!(rs, "pub const COUNT: usize = {};", count).unwrap();
    writeln!(rs, "/// Every name and its tile's place in the atlas.").unwrap();
    writeln!(rs, "pub const NAMES: [(&str, usize); {}] = [", names.len()).unwrap();
    for (name, i) in names {
        writeln!(rs, "    ({name:?}, {i}),").unwrap();
    }
    writeln!(rs, "];").unwrap();
    writeln!(rs, "/// Each layer's colours, RGBA; 0 is clear.").unwrap();
    for (name, palette) in ["PALETTE", "SHADES"].iter().zip(palettes) {
        writeln!(
            rs,
            "const {name}: [[u8; 4]; {}] = {:?};",
            palette.len(),
            palette
        )
        .unwrap();
    }
    rs
}
