//! The game's icon, drawn from its own tiles: the release's desktop icons
//! (`dist`) and the page's (`web`, for its manifest).

use anyhow::{Context, Result};
use std::path::Path;

/// The icon: the game's own Amulet tile on a floor tile, as large as the
/// square holds at a whole number of pixels a tile pixel (a tile is 10 x
/// 10), centred on the map's background.
pub fn icon(size: u32, path: &Path) -> Result<()> {
    use amulets_play::view::{Tile, chrome, tile_colour};
    let art = amulets_picture::tiles::SIDE;
    let side = size / art * art;
    let at = ((size - side) / 2) as i32;
    let mut frame = amulets_picture::Frame::new();
    frame.fill((0, 0, size as i32, size as i32), chrome::BACKGROUND, 255);
    let amulet = Tile::Item(amulets_core::item::kinds::AMULET);
    for tile in [Tile::Floor, amulet] {
        let index = amulets_picture::tiles::index(tile).context("no tile in the art")?;
        let tint = amulets_core::color::palette::NO_TINT;
        frame.tile(index, 0, (at, at), side as i32, tint);
        frame.tile(index, 1, (at, at), side as i32, tile_colour(tile));
    }
    let mut rgb = Vec::with_capacity((size * size * 3) as usize);
    for y in 0..size {
        for x in 0..size {
            let c = frame.pixel(x, y);
            rgb.extend([c.r, c.g, c.b]);
        }
    }
    amulets_desktop::image::write_png(path, size, size, &rgb).map_err(anyhow::Error::msg)
}
