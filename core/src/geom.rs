//! Places on the map: a cell's [`Point`], a [`Rect`] of cells, a floor's
//! [`Areas`], the eight directions a step can take, and the line a missile
//! flies.

/// A cell's place on the map: `x` across from the left, `y` down from the top.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Point {
    /// Columns from the left, 0 to 63 on the map.
    pub x: i32,
    /// Rows from the top, 0 to 35 on the map.
    pub y: i32,
}

impl Point {
    /// The cell at column `x`, row `y`.
    #[inline]
    pub const fn new(x: i32, y: i32) -> Point {
        Point { x, y }
    }

    /// The cell one step away in `dir`.
    #[inline]
    pub const fn step(self, dir: Dir) -> Point {
        let (dx, dy) = dir.delta();
        Point::new(self.x + dx, self.y + dy)
    }
}

/// A rectangle of cells, as the book's `SDL_Rect`: it covers the columns from
/// `x` up to, but not including, `x + w`, and the rows from `y` to `y + h`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rect {
    /// The left column.
    pub x: i32,
    /// The top row.
    pub y: i32,
    /// How many columns.
    pub w: i32,
    /// How many rows.
    pub h: i32,
}

impl Rect {
    /// The rectangle with its top left at `(x, y)`, `w` wide and `h` high.
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect { x, y, w, h }
    }

    /// True when the cell is inside the rectangle (the half-open rule).
    #[inline]
    pub const fn contains(&self, p: Point) -> bool {
        p.x >= self.x && p.x < self.x + self.w && p.y >= self.y && p.y < self.y + self.h
    }

    /// The cell in the middle, rounding down, as the book's `centerOf`: a
    /// room 10 cells wide has its middle 5 cells in from its left edge.
    pub const fn center(&self) -> Point {
        Point::new(self.x + self.w / 2, self.y + self.h / 2)
    }
}

/// The most areas a floor can have: 16 BSP rooms (2 to the power of
/// `mapgen::rooms::MAX_CUTS`), which is also more than a cave's 4 x 3
/// squares; each generator asserts that its areas fit.
pub const MAX_AREAS: usize = 16;

/// A floor's areas (its rooms, or a cave's squares), in the order their
/// generator made them: where the game places things.
pub type Areas = heapless::Vec<Rect, MAX_AREAS>;

/// The eight directions of a step. Straight ones come first, so code that
/// scans [`Dir::ALL`] and keeps the first best choice prefers a straight step
/// on ties, as the book's monsters and explore do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Up.
    N,
    /// Right.
    E,
    /// Down.
    S,
    /// Left.
    W,
    /// Up and right.
    NE,
    /// Down and right.
    SE,
    /// Down and left.
    SW,
    /// Up and left.
    NW,
}

impl Dir {
    /// Straight steps first, then the diagonals, each clockwise from north.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::E,
        Dir::S,
        Dir::W,
        Dir::NE,
        Dir::SE,
        Dir::SW,
        Dir::NW,
    ];

    /// How far a step in this direction moves, across and down.
    #[inline]
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (0, -1),
            Dir::E => (1, 0),
            Dir::S => (0, 1),
            Dir::W => (-1, 0),
            Dir::NE => (1, -1),
            Dir::SE => (1, 1),
            Dir::SW => (-1, 1),
            Dir::NW => (-1, -1),
        }
    }

    /// The direction of a step of `(dx, dy)`, each -1, 0 or 1 and not
    /// both 0; `None` for anything else.
    pub const fn from_delta(dx: i32, dy: i32) -> Option<Dir> {
        Some(match (dx, dy) {
            (0, -1) => Dir::N,
            (1, 0) => Dir::E,
            (0, 1) => Dir::S,
            (-1, 0) => Dir::W,
            (1, -1) => Dir::NE,
            (1, 1) => Dir::SE,
            (-1, 1) => Dir::SW,
            (-1, -1) => Dir::NW,
            _ => return None,
        })
    }

    /// The direction's names: the word a keymap writes (`west`) and the
    /// letters a replay writes (`w`).
    pub const fn names(self) -> (&'static str, &'static str) {
        match self {
            Dir::N => ("north", "n"),
            Dir::E => ("east", "e"),
            Dir::S => ("south", "s"),
            Dir::W => ("west", "w"),
            Dir::NE => ("northeast", "ne"),
            Dir::SE => ("southeast", "se"),
            Dir::SW => ("southwest", "sw"),
            Dir::NW => ("northwest", "nw"),
        }
    }

    /// The direction's word: `west`, `northeast`.
    pub const fn word(self) -> &'static str {
        self.names().0
    }

    /// The direction's letters: `w`, `ne`.
    pub const fn letters(self) -> &'static str {
        self.names().1
    }

    /// The direction a word names ([`Dir::word`]).
    pub fn worded(word: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.word() == word)
    }

    /// The direction letters name ([`Dir::letters`]).
    pub fn lettered(letters: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.letters() == letters)
    }

    /// The direction's place in `ALL`, 0 to 7.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The last direction's place in `ALL`.
    pub const LAST_INDEX: u8 = 7;

    /// The direction at a place in `ALL`; places wrap around past 7.
    pub const fn from_index(i: u8) -> Dir {
        Dir::ALL[(i % 8) as usize]
    }

    /// The way back.
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::E => Dir::W,
            Dir::S => Dir::N,
            Dir::W => Dir::E,
            Dir::NE => Dir::SW,
            Dir::SE => Dir::NW,
            Dir::SW => Dir::NE,
            Dir::NW => Dir::SE,
        }
    }

    /// True for a diagonal step, which costs a little more than a straight one.
    pub const fn is_diagonal(self) -> bool {
        let (dx, dy) = self.delta();
        dx != 0 && dy != 0
    }
}

// `Dir::LAST_INDEX` is the last place of `Dir::ALL`.
const _: () = assert!(Dir::ALL.len() == Dir::LAST_INDEX as usize + 1);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_direction_has_a_word_and_letters_of_its_own() {
        for (i, d) in Dir::ALL.into_iter().enumerate() {
            assert_eq!(Dir::worded(d.word()), Some(d));
            assert_eq!(Dir::lettered(d.letters()), Some(d));
            for o in &Dir::ALL[..i] {
                assert!(o.word() != d.word() && o.letters() != d.letters());
            }
        }
        assert_eq!(Dir::worded("w"), None);
        assert_eq!(Dir::lettered("west"), None);
    }

    #[test]
    fn center_rounds_down() {
        assert_eq!(Rect::new(11, 7, 10, 6).center(), Point::new(16, 10));
        assert_eq!(Rect::new(0, 0, 5, 5).center(), Point::new(2, 2));
    }

    #[test]
    fn rect_is_half_open() {
        let r = Rect::new(2, 3, 4, 5);
        assert!(r.contains(Point::new(2, 3)));
        assert!(r.contains(Point::new(5, 7)));
        assert!(!r.contains(Point::new(6, 7)));
        assert!(!r.contains(Point::new(5, 8)));
        assert!(!r.contains(Point::new(1, 3)));
    }

    #[test]
    fn directions_are_all_different_and_straight_ones_come_first() {
        for (i, a) in Dir::ALL.iter().enumerate() {
            for b in &Dir::ALL[i + 1..] {
                assert_ne!(a.delta(), b.delta());
            }
            assert_eq!(a.is_diagonal(), i >= 4);
            assert_eq!(Dir::from_index(a.index()), *a);
            assert_eq!(a.index() as usize, i);
            let (ox, oy) = a.opposite().delta();
            assert_eq!((ox, oy), (-a.delta().0, -a.delta().1));
            let (dx, dy) = a.delta();
            assert!(dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0));
        }
    }
}

/// The cells of a straight line from `from` toward `to` and on past it,
/// after `from`, at most `len` of them: Bresenham's line, in whole numbers.
/// Arrows, darts and bolts fly along it.
pub fn line_of_fire<const N: usize>(from: Point, to: Point, len: usize) -> heapless::Vec<Point, N> {
    let mut cells = heapless::Vec::new();
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    if (dx, dy) == (0, 0) {
        return cells;
    }
    let (ax, ay) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    let mut err = ax - ay;
    let mut p = from;
    while cells.len() < len.min(N) {
        let e2 = 2 * err;
        if e2 > -ay {
            err -= ay;
            p.x += sx;
        }
        if e2 < ax {
            err += ax;
            p.y += sy;
        }
        cells
            .push(p)
            .expect("the loop stops at N cells, the list's room");
    }
    cells
}

#[cfg(test)]
mod line_tests {
    use super::*;

    #[test]
    fn a_line_passes_through_its_target_and_goes_on() {
        let cells: heapless::Vec<Point, 16> = line_of_fire(Point::new(0, 0), Point::new(4, 2), 8);
        assert_eq!(cells.len(), 8);
        assert!(cells.contains(&Point::new(4, 2)));
        for w in cells.windows(2) {
            assert!((w[1].x - w[0].x).abs() <= 1 && (w[1].y - w[0].y).abs() <= 1);
        }
        let straight: heapless::Vec<Point, 4> = line_of_fire(Point::new(5, 5), Point::new(5, 2), 3);
        assert_eq!(
            straight.as_slice(),
            [Point::new(5, 4), Point::new(5, 3), Point::new(5, 2)]
        );
        let none: heapless::Vec<Point, 4> = line_of_fire(Point::new(5, 5), Point::new(5, 5), 3);
        assert!(none.is_empty());
    }
}
