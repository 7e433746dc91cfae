//! rrpg's dungeon generator: a grid of cells, each a 3 x 3 room stored as
//! one byte of bits, grown outward from a random entrance through a queue.
//! Each room offers doors to its neighbours with one roll of `0..=59` as a
//! mask (north, east, south, west in that order), a door is always cut on
//! both sides, and the whole grid is offered again until at least three
//! quarters of its cells are rooms.
//!
//! Where the original differs, we are reproducible and sound: our dice
//! instead of `/dev/urandom` (whose `r % (max - min) + min` is biased), a
//! zeroed grid instead of `malloc`'s leftovers, and a queue with a length
//! instead of a zero-terminated list (in which cell 0, queued anywhere but
//! first, ended the pass early).

use crate::geom::Point;
use crate::map::{MAP_H, MAP_W, Map, Terrain};
use crate::rng::Rng;

/// The room bits.
pub const USED: u8 = 0x01;
/// The grid's entrance room.
pub const ENTRANCE: u8 = 0x02;
/// A way out north.
pub const NORTH: u8 = 0x04;
/// A way out east.
pub const EAST: u8 = 0x08;
/// A way out south.
pub const SOUTH: u8 = 0x10;
/// A way out west.
pub const WEST: u8 = 0x20;

/// The original's default size.
pub const DEFAULT_W: usize = 10;
/// The grid's height when none is asked for.
pub const DEFAULT_H: usize = 10;
/// The largest grid made, listed or drawn: rrpg takes any size, we take up
/// to 64 x 64, far past its examples (`-h 20 -w 15`), in 4 KiB.
pub const MAX_W: usize = 64;
/// The tallest grid.
pub const MAX_H: usize = 64;
/// The most cells a grid has.
pub const MAX_CELLS: usize = MAX_W * MAX_H;
/// The largest grid that can be carved onto our 64 x 36 map and played: 3
/// cells a room.
pub const CARVE_W: usize = (MAP_W / 3) as usize;
/// The tallest grid that can be carved onto the map.
pub const CARVE_H: usize = (MAP_H / 3) as usize;

/// The doors in the order rooms offer them, each with the bit of the door
/// on the far side.
const DOORS: [(u8, u8); 4] = [(NORTH, SOUTH), (EAST, WEST), (SOUTH, NORTH), (WEST, EAST)];

/// A generated grid: `w * h` room bytes, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Its width in rooms.
    pub w: usize,
    /// Its height in rooms.
    pub h: usize,
    /// Each room's door bits, row by row.
    pub cells: heapless::Vec<u8, MAX_CELLS>,
    /// How many cells were queued (became rooms).
    pub queued: usize,
}

/// Why a grid cannot be made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GridSizeError {
    /// Width and height must each be at least 1 and at most `MAX_W` x `MAX_H`.
    OutOfRange {
        /// The width asked for.
        w: usize,
        /// The height asked for.
        h: usize,
    },
}

impl core::fmt::Display for GridSizeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let GridSizeError::OutOfRange { w, h } = self;
        write!(
            f,
            "a grid of {w} x {h} cannot be made: width 1 to {MAX_W}, height 1 to {MAX_H}"
        )
    }
}

impl core::error::Error for GridSizeError {}

impl Grid {
    /// The door bits of the room at `(x, y)`.
    pub fn at(&self, x: usize, y: usize) -> u8 {
        self.cells[y * self.w + x]
    }

    /// The neighbour's index in a direction, or `None` at the grid's edge.
    fn neighbour(&self, i: usize, door: u8) -> Option<usize> {
        let (x, y) = (i % self.w, i / self.w);
        match door {
            NORTH if y > 0 => Some(i - self.w),
            EAST if x + 1 < self.w => Some(i + 1),
            SOUTH if y + 1 < self.h => Some(i + self.w),
            WEST if x > 0 => Some(i - 1),
            _ => None,
        }
    }

    /// The original's `-v` picture, byte for byte: three text rows per grid
    /// row, each room as `###` / `#E#` / `###` with a space for each door,
    /// and three spaces where there is no room, trailing spaces and all.
    pub fn write_picture(&self, out: &mut impl core::fmt::Write) -> core::fmt::Result {
        for y in 0..self.h {
            for part in 0..3 {
                let mut row: heapless::String<{ 3 * MAX_W }> = heapless::String::new();
                for x in 0..self.w {
                    let v = self.at(x, y);
                    let three = if v == 0 {
                        [' '; 3]
                    } else {
                        let door = |bit| if v & bit != 0 { ' ' } else { '#' };
                        match part {
                            0 => ['#', door(NORTH), '#'],
                            1 => [
                                door(WEST),
                                if v & ENTRANCE != 0 { 'E' } else { ' ' },
                                door(EAST),
                            ],
                            _ => ['#', door(SOUTH), '#'],
                        }
                    };
                    for c in three {
                        // 3 characters per cell, at most MAX_W cells.
                        row.push(c).expect("a row has room for every cell");
                    }
                }
                writeln!(out, "{row}")?;
            }
        }
        Ok(())
    }

    /// True when the grid can be carved onto the map: at most `CARVE_W` x
    /// `CARVE_H`.
    pub fn fits_map(&self) -> bool {
        self.w <= CARVE_W && self.h <= CARVE_H
    }

    /// Carves the grid into a map, each room 3 x 3 as the picture draws it
    /// (the room's middle and its doors are floor), the grid centred on the
    /// map. Returns the entrance's middle cell, where a player would start;
    /// `None` for a grid too big for the map (`fits_map`).
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a grid is carved only up to 21 x 12 rooms (checked first)"
    )]
    pub fn carve(&self, map: &mut Map) -> Option<Point> {
        if !self.fits_map() {
            return None;
        }
        map.fill(Terrain::Wall);
        let (ox, oy) = self.origin();
        let mut entrance = Point::new(ox + 1, oy + 1);
        for y in 0..self.h {
            for x in 0..self.w {
                let v = self.at(x, y);
                if v == 0 {
                    continue;
                }
                let middle = Point::new(ox + 3 * x as i32 + 1, oy + 3 * y as i32 + 1);
                map.set(middle, Terrain::Floor);
                for (bit, dx, dy) in [(NORTH, 0, -1), (EAST, 1, 0), (SOUTH, 0, 1), (WEST, -1, 0)] {
                    if v & bit != 0 {
                        map.set(Point::new(middle.x + dx, middle.y + dy), Terrain::Floor);
                    }
                }
                if v & ENTRANCE != 0 {
                    entrance = middle;
                }
            }
        }
        Some(entrance)
    }

    /// Where the grid's top-left room starts on the map, so it is centred.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a grid is carved only up to 21 x 12 rooms (checked first)"
    )]
    pub fn origin(&self) -> (i32, i32) {
        (
            (MAP_W - 3 * self.w as i32) / 2,
            (MAP_H - 3 * self.h as i32) / 2,
        )
    }
}

/// Grows a grid of `w` x `h` rooms with the dice.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a grid has at most MAX_W x MAX_H = 4,096 cells"
)]
pub fn generate(w: usize, h: usize, rng: &mut Rng) -> Result<Grid, GridSizeError> {
    if !(1..=MAX_W).contains(&w) || !(1..=MAX_H).contains(&h) {
        return Err(GridSizeError::OutOfRange { w, h });
    }
    let n = w * h;
    let mut grid = Grid {
        w,
        h,
        cells: heapless::Vec::new(),
        queued: 0,
    };
    grid.cells
        .resize(n, 0)
        .expect("w and h were checked against MAX_W and MAX_H");
    // Each cell is queued once: the entrance first, and any other when its
    // first door is cut (its value goes from 0 to that door's bit), so the
    // queue never holds more than the grid's cells.
    let mut queue: heapless::Vec<u16, MAX_CELLS> = heapless::Vec::new();
    let entrance = rng.roll(0, n as i32 - 1) as usize;
    grid.cells[entrance] = ENTRANCE | USED;
    queue
        .push(entrance as u16)
        .expect("an empty queue has room");

    let mut i = 0;
    while queue.len() < n {
        if i == queue.len() {
            // The end of the queue: stop with three quarters of the cells
            // queued, or offer every room's doors again.
            if 4 * queue.len() >= 3 * n {
                break;
            }
            i = 0;
        }
        let room = usize::from(queue[i]);
        offer_doors(&mut grid, room, &mut queue, rng);
        grid.cells[room] |= USED;
        i += 1;
    }
    grid.queued = queue.len();
    Ok(grid)
}

/// One roll of `0..=59` says which doors a room offers; each offered door to
/// a neighbour that is not a used room is cut on both sides, and a neighbour
/// that gets its first door joins the queue.
#[expect(
    clippy::cast_possible_truncation,
    reason = "a roll of 0 to 59, and a grid has at most 4,096 cells"
)]
fn offer_doors(
    grid: &mut Grid,
    room: usize,
    queue: &mut heapless::Vec<u16, MAX_CELLS>,
    rng: &mut Rng,
) {
    let offer = rng.roll(0, 59) as u8;
    for (door, opposite) in DOORS {
        if grid.cells[room] & door != 0 {
            continue;
        }
        let Some(next) = grid.neighbour(room, door) else {
            continue;
        };
        if grid.cells[next] & USED != 0 || offer & door == 0 {
            continue;
        }
        grid.cells[room] |= door;
        grid.cells[next] |= opposite;
        if grid.cells[next] == opposite {
            queue
                .push(next as u16)
                .expect("each cell is queued once, so the queue fits the grid");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_out_of_range_are_refused() {
        let mut rng = Rng::new(1);
        assert!(generate(0, 5, &mut rng).is_err());
        assert!(generate(5, 0, &mut rng).is_err());
        assert!(generate(MAX_W + 1, 5, &mut rng).is_err());
        assert!(generate(5, MAX_H + 1, &mut rng).is_err());
        assert!(generate(MAX_W, MAX_H, &mut rng).is_ok());
        assert!(generate(1, 1, &mut rng).is_ok());
        // rrpg's own example is made, and can be listed, not carved.
        let big = generate(15, 20, &mut rng).unwrap();
        assert!(!big.fits_map() && big.carve(&mut Map::new()).is_none());
        assert!(generate(CARVE_W, CARVE_H, &mut rng).unwrap().fits_map());
    }

    #[test]
    fn the_picture_draws_doors_and_the_entrance() {
        let mut grid = Grid {
            w: 3,
            h: 1,
            cells: heapless::Vec::from_slice(&[USED | EAST, USED | ENTRANCE | WEST | SOUTH, 0])
                .unwrap(),
            queued: 2,
        };
        let mut text: heapless::String<64> = heapless::String::new();
        grid.write_picture(&mut text).unwrap();
        // The empty third cell is three spaces, kept at the row's end.
        assert_eq!(text.as_str(), "######   \n#   E#   \n#### #   \n");
        grid.cells[2] = USED | NORTH;
        text.clear();
        grid.write_picture(&mut text).unwrap();
        assert_eq!(text.as_str(), "####### #\n#   E## #\n#### ####\n");
    }
}
