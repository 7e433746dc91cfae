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
    /// 240 x 240 on a 1.3-inch panel (a Pico's Waveshare LCD), every
    /// pixel drawn as 2 x 2 so a cell is 10 x 12 and a character 8 x 12,
    /// as big on the glass as the Wio's on its 2.4 inches: a 24 x 13-cell
    /// viewport following the player (240 x 156), and under it seven lines
    /// of 30 characters of status (the buttons' hint whole, the newest
    /// messages whole). No overview: it would not be seen.
    Square,
}

/// The full display, in pixels.
const FULL: (u32, u32) = (320, 240);
/// The small display, in pixels.
const SMALL: (u32, u32) = (160, 128);
/// The small display's viewport, in cells: as many as its width holds
/// across, and the rows above the overview.
const SMALL_VIEW: (i32, i32) = (SMALL.0 as i32 / CELL_W, 15);
/// The square display, in pixels; how many pixels of it one of the
/// shell's is, across and down; its viewport in cells: as many as its
/// width holds, and as many rows as leave six of status.
const SQUARE: (u32, u32) = (240, 240);
const SQUARE_SCALE: i32 = 2;
/// Status rows on the square display: one more than the small one's six,
/// so the buttons' hint shows whole over two and the messages whole over
/// what is left (the play layer's tall status).
const SQUARE_STATUS_ROWS: usize = 7;
const SQUARE_VIEW: (i32, i32) = (
    SQUARE.0 as i32 / (CELL_W * SQUARE_SCALE),
    (SQUARE.1 as i32 - SQUARE_STATUS_ROWS as i32 * CHAR_H * SQUARE_SCALE) / (CELL_H * SQUARE_SCALE),
);
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
const _: () = assert!(
    (SQUARE_VIEW.1 * CELL_H + SQUARE_STATUS_ROWS as i32 * CHAR_H) * SQUARE_SCALE <= SQUARE.1 as i32
);
const _: () = assert!(SQUARE_STATUS_ROWS <= amulets_play::pad::STATUS_LINES);
const _: () = assert!(SQUARE.0 as i32 / (CHAR_W * SQUARE_SCALE) < 60);

impl Layout {
    /// The display's size in pixels.
    pub const fn size(self) -> (u32, u32) {
        match self {
            Layout::Full => FULL,
            Layout::Small => SMALL,
            Layout::Square => SQUARE,
        }
    }

    /// A viewport over the overview and the status beside it (the small
    /// layout's).
    pub const fn has_overview(self) -> bool {
        matches!(self, Layout::Small)
    }

    /// How many of the display's pixels, across and down, one of the
    /// shell's pixels is.
    pub const fn scale(self) -> i32 {
        match self {
            Layout::Square => SQUARE_SCALE,
            _ => 1,
        }
    }

    /// The map cells the viewport shows across and down.
    pub const fn view_cells(self) -> (i32, i32) {
        match self {
            Layout::Full => (MAP_W, MAP_H),
            Layout::Small => SMALL_VIEW,
            Layout::Square => SQUARE_VIEW,
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
                    Point::new(left, self.overview().y),
                    SMALL_STATUS_ROWS,
                    status_cols(SMALL.0, left),
                )
            }
            Layout::Square => (
                Point::new(0, SQUARE_VIEW.1 * CELL_H * SQUARE_SCALE),
                SQUARE_STATUS_ROWS,
                (SQUARE.0 as i32 / (CHAR_W * SQUARE_SCALE)) as usize,
            ),
        }
    }

    /// The overview's top left corner (all but the full layout), under the
    /// viewport.
    pub(super) const fn overview(self) -> Point {
        Point::new(0, self.view_cells().1 * CELL_H + GAP)
    }
}
