//! The tile view's atlas: our own pixel art (`art/tiles.txt`), packed by
//! `build.rs`. Each tile has a layer of fixed colours and a white layer the
//! game colours with the kind's own colour (a potion's contents, a
//! monster's body), so one bottle serves every potion.

use amulets_core::{item, monster};
use amulets_play::view::Tile;

include!(concat!(env!("OUT_DIR"), "/tiles.rs"));

/// A tile's side in the atlas; drawn at twice this, a 20-pixel cell.
pub const SIDE: u32 = 10;
/// The atlas: `COUNT` tiles side by side, the fixed layer above the
/// kind-coloured one, a nibble a pixel (two to a byte, the even column's
/// low): its colour's place in its layer's palette, `PALETTE` or `SHADES`.
static ATLAS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/tiles.idx"));
pub const ATLAS_W: u32 = COUNT as u32 * SIDE;
pub const ATLAS_H: u32 = 2 * SIDE;

/// The atlas's pixel at `(x, y)`, RGBA (alpha 0 or 255). Panics off the
/// atlas.
#[inline]
pub fn pixel(x: usize, y: usize) -> [u8; 4] {
    let at = y * ATLAS_W as usize + x;
    let nibble = usize::from(ATLAS[at / 2] >> (4 * (at % 2)) & 15);
    if y < SIDE as usize {
        PALETTE[nibble]
    } else {
        SHADES[nibble]
    }
}

/// The name a tile has in the art file.
pub fn name(tile: Tile) -> &'static str {
    match tile {
        Tile::Wall => "wall",
        Tile::Floor => "floor",
        Tile::Dirt => "dirt",
        Tile::Stairs => "stairs",
        Tile::ClosedDoor => "closed door",
        Tile::OpenDoor => "open door",
        Tile::Trap => "trap",
        Tile::Player => "player",
        Tile::Monster(k) => monster::kind(k).name,
        Tile::Item(i) => item::kind(i).name,
    }
}

/// The tile's place in the atlas (`None` if the art lacks it: a test makes
/// sure it never does).
pub fn index(tile: Tile) -> Option<usize> {
    let name = name(tile);
    NAMES.iter().find(|(n, _)| *n == name).map(|&(_, i)| i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_tiles() -> Vec<Tile> {
        let mut all = vec![
            Tile::Wall,
            Tile::Floor,
            Tile::Dirt,
            Tile::Stairs,
            Tile::ClosedDoor,
            Tile::OpenDoor,
            Tile::Trap,
            Tile::Player,
        ];
        all.extend(monster::KindId::all().map(Tile::Monster));
        all.extend(item::ItemId::all().map(Tile::Item));
        all
    }

    /// The pixels of a tile's two layers, with the kind layer coloured.
    fn picture(tile: Tile) -> Vec<[u8; 4]> {
        let i = index(tile).unwrap();
        let c = amulets_play::view::tile_colour(tile);
        let mut px = Vec::new();
        for y in 0..SIDE as usize {
            for x in 0..SIDE as usize {
                let at = |layer: usize| pixel(i * SIDE as usize + x, layer * SIDE as usize + y);
                let mask = at(1);
                px.push(if mask[3] > 0 {
                    let m = u16::from(mask[0]);
                    let ch = |v: u8| (u16::from(v) * m / 255) as u8;
                    [ch(c.r), ch(c.g), ch(c.b), 255]
                } else {
                    at(0)
                });
            }
        }
        px
    }

    #[test]
    fn every_tile_the_game_draws_is_in_the_atlas() {
        assert_eq!(ATLAS.len(), (ATLAS_W * ATLAS_H / 2) as usize);
        for y in 0..ATLAS_H as usize {
            for x in 0..ATLAS_W as usize {
                let at = y * ATLAS_W as usize + x;
                let nibble = usize::from(ATLAS[at / 2] >> (4 * (at % 2)) & 15);
                let colours = if y < SIDE as usize {
                    PALETTE.len()
                } else {
                    SHADES.len()
                };
                assert!(nibble < colours, "({x}, {y})");
            }
        }
        for t in all_tiles() {
            assert!(index(t).is_some(), "no tile for {:?} ({})", t, name(t));
        }
    }

    #[test]
    fn every_monster_and_item_looks_different() {
        let things: Vec<Tile> = all_tiles()
            .into_iter()
            .filter(|t| matches!(t, Tile::Monster(_) | Tile::Item(_)))
            .collect();
        for (a, ta) in things.iter().enumerate() {
            for tb in &things[a + 1..] {
                assert_ne!(
                    picture(*ta),
                    picture(*tb),
                    "{} and {} look the same",
                    name(*ta),
                    name(*tb)
                );
            }
        }
    }
}
