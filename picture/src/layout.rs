//! Where everything goes in the fixed 1600 x 900 picture (docs/rules.md,
//! "Screens"), and the letterbox that fits it into any window.

use amulets_core::geom::Point;
use amulets_core::map::{MAP_H, MAP_W};

/// The logical picture, whatever the window's size.
pub const LOGICAL_W: u32 = 1600;
pub const LOGICAL_H: u32 = 900;
/// A map cell, in logical pixels.
pub const CELL: i32 = 20;
/// The map view: 64 x 36 cells of 20 px at the top left.
pub const MAP_VIEW_W: i32 = MAP_W * CELL;
pub const MAP_VIEW_H: i32 = MAP_H * CELL;
/// The side panel, right of the map, the whole height.
pub const PANEL_X: i32 = MAP_VIEW_W;
pub const PANEL_W: i32 = LOGICAL_W as i32 - MAP_VIEW_W;
/// The message log, under the map.
pub const LOG_Y: i32 = MAP_VIEW_H;
/// A line of text: the font's 20 px and 2 px between lines.
pub const LINE_H: i32 = 22;
/// The space kept clear inside the panels' edges.
pub const PAD: i32 = 10;
/// Lines of log under the map.
pub const LOG_LINES: usize = ((LOGICAL_H as i32 - LOG_Y - PAD) / LINE_H) as usize;

/// The map cell under a logical point, if the point is on the map view.
pub fn cell_at(x: f32, y: f32) -> Option<Point> {
    let on_map = x >= 0.0 && y >= 0.0 && x < MAP_VIEW_W as f32 && y < MAP_VIEW_H as f32;
    // The picture's coordinates: whole cells, so truncating is the floor.
    on_map.then(|| Point::new(x as i32 / CELL, y as i32 / CELL))
}

/// Where the 1600 x 900 picture lands in a window of `w` x `h` pixels:
/// scaled as large as fits with its shape kept, centred, bars on the two
/// other sides (SDL's `SDL_LOGICAL_PRESENTATION_LETTERBOX`). Returns
/// `(x, y, width, height)` in window pixels.
pub fn letterbox(w: u32, h: u32) -> (f32, f32, f32, f32) {
    let (w, h) = (w as f32, h as f32);
    let scale = (w / LOGICAL_W as f32).min(h / LOGICAL_H as f32);
    let (pw, ph) = (LOGICAL_W as f32 * scale, LOGICAL_H as f32 * scale);
    ((w - pw) / 2.0, (h - ph) / 2.0, pw, ph)
}

/// A window point as a point of the logical picture, by the letterbox.
pub fn to_logical(w: u32, h: u32, x: f32, y: f32) -> (f32, f32) {
    let (bx, by, bw, _) = letterbox(w, h);
    let scale = bw / LOGICAL_W as f32;
    ((x - bx) / scale, (y - by) / scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parts_fill_the_picture() {
        assert_eq!(MAP_VIEW_W, 1280);
        assert_eq!(MAP_VIEW_H, 720);
        assert_eq!(PANEL_W, 320);
        assert_eq!(LOG_LINES, 7);
    }

    #[test]
    fn letterbox_for_three_windows() {
        // The same shape: the whole window.
        assert_eq!(letterbox(1600, 900), (0.0, 0.0, 1600.0, 900.0));
        // Wider than 16:9: bars left and right.
        assert_eq!(letterbox(2000, 900), (200.0, 0.0, 1600.0, 900.0));
        // Taller: bars above and below, half size.
        assert_eq!(letterbox(800, 800), (0.0, 175.0, 800.0, 450.0));
        assert_eq!(to_logical(800, 800, 400.0, 175.0), (800.0, 0.0));
        assert_eq!(to_logical(2000, 900, 200.0, 450.0), (0.0, 450.0));
    }

    #[test]
    fn cells_under_points() {
        assert_eq!(cell_at(0.0, 0.0), Some(Point::new(0, 0)));
        assert_eq!(cell_at(1279.9, 719.9), Some(Point::new(63, 35)));
        assert_eq!(cell_at(1280.0, 10.0), None);
        assert_eq!(cell_at(-0.5, 10.0), None);
    }
}
