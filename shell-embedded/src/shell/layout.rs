//! Where everything goes on the two displays.

use amulets_core::geom::Point;
use amulets_core::map::{MAP_H, MAP_W};

/// A map cell on the display: 5 x 6 pixels, a 4 x 6 glyph and a gap.
pub const CELL_W: i32 = 5;
pub const CELL_H: i32 = 6;
/// The font's character box.
pub const CHAR_W: i32 = 4;
pub const CHAR_H: i32 = 6;

/// Which of the two pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// 320 x 240: the whole map at 5 x 6 a cell (320 x 216), and four
    /// lines of status under it.
    Full,
    /// 160 x 128: a 32 x 15-cell viewport following the player (160 x 90),
    /// and under it the whole floor at a pixel a cell (64 x 36) beside six
    /// lines of status.
    Small,
}

/// The full display, in pixels.
const FULL: (u32, u32) = (320, 240);
/// The small display, in pixels.
const SMALL: (u32, u32) = (160, 128);
/// The small display's viewport, in cells: as many as its width holds
/// across, and the rows above the overview.
const SMALL_VIEW: (i32, i32) = (SMALL.0 as i32 / CELL_W, 15);
/// The pixels between the small viewport and what is under it, and
/// between the overview and the status beside it.
const GAP: i32 = 2;
/// Status rows: four on the full display, under the map; six on the small
/// one, beside the overview (36 pixels high, six rows of 6).
const FULL_STATUS_ROWS: usize = 4;
const SMALL_STATUS_ROWS: usize = 6;
/// Characters a status row holds: the display's width after the status's
/// left edge, in whole characters (80 and 23).
const fn status_cols(width: u32, left: i32) -> usize {
    ((width as i32 - left) / CHAR_W) as usize
}

const _: () = assert!(status_cols(FULL.0, 0) == amulets_play::pad::STATUS_COLS);
const _: () = assert!(SMALL_STATUS_ROWS <= amulets_play::pad::STATUS_LINES);
const _: () = assert!(MAP_H * CELL_H + FULL_STATUS_ROWS as i32 * CHAR_H <= FULL.1 as i32);
const _: () =
    assert!(SMALL_VIEW.1 * CELL_H + GAP + SMALL_STATUS_ROWS as i32 * CHAR_H <= SMALL.1 as i32);

impl Layout {
    /// The display's size in pixels.
    pub const fn size(self) -> (u32, u32) {
        match self {
            Layout::Full => FULL,
            Layout::Small => SMALL,
        }
    }

    /// The map cells the viewport shows across and down.
    pub const fn view_cells(self) -> (i32, i32) {
        match self {
            Layout::Full => (MAP_W, MAP_H),
            Layout::Small => SMALL_VIEW,
        }
    }

    /// Where the status lines start, their count and width in characters.
    pub(super) const fn status(self) -> (Point, usize, usize) {
        match self {
            Layout::Full => (
                Point::new(0, MAP_H * CELL_H),
                FULL_STATUS_ROWS,
                status_cols(FULL.0, 0),
            ),
            Layout::Small => {
                let left = MAP_W + GAP;
                (
                    Point::new(left, SMALL_VIEW.1 * CELL_H + GAP),
                    SMALL_STATUS_ROWS,
                    status_cols(SMALL.0, left),
                )
            }
        }
    }

    /// The overview's top left corner (small layout only), under the
    /// viewport.
    pub(super) const OVERVIEW: Point = Point::new(0, SMALL_VIEW.1 * CELL_H + GAP);
}
