//! One floor of the dungeon: a grid of `MAP_W` by `MAP_H` cells, kept row by
//! row in one fixed array. The map knows what each cell is made of, but not
//! how it was made: that is the generators' business.

use crate::geom::{Point, Rect};

/// The map's width and height in cells.
pub const MAP_W: i32 = 64;
/// The map's height in cells.
pub const MAP_H: i32 = 36;
/// How many cells a map has: 2,304.
pub const MAP_CELLS: usize = (MAP_W * MAP_H) as usize;

/// What a cell is made of. The numbers are stable (saves and golden hashes
/// depend on them): new kinds go at the end, so the ones before keep theirs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(u8)]
pub enum Terrain {
    /// Solid rock. Everything off the map counts as this.
    #[default]
    Wall = 0,
    /// A room's floor, or a corridor's.
    Floor = 1,
    /// The stairs down.
    StairsDown = 2,
    /// A cave's floor.
    CaveFloor = 3,
    /// A closed door: a step opens it.
    ClosedDoor = 4,
    /// An open door: walked through, seen through.
    OpenDoor = 5,
    /// Looks like wall until it is found.
    SecretDoor = 6,
}

// `is_passable` as a range is the rule as words say it: walkable, or a
// closed door.
const _: () = {
    let mut k = 0;
    while k < Terrain::ALL.len() {
        let t = Terrain::ALL[k];
        assert!(t.is_passable() == (t.is_walkable() || matches!(t, Terrain::ClosedDoor)));
        k += 1;
    }
};

impl Terrain {
    /// Every kind, in discriminant order.
    pub const ALL: [Terrain; 7] = [
        Terrain::Wall,
        Terrain::Floor,
        Terrain::StairsDown,
        Terrain::CaveFloor,
        Terrain::ClosedDoor,
        Terrain::OpenDoor,
        Terrain::SecretDoor,
    ];

    /// The byte hashed for golden files and written in saves' numbers.
    pub const fn discriminant(self) -> u8 {
        self as u8
    }

    /// The one letter a save writes for this terrain (docs/rules.md, "The
    /// map").
    pub const fn letter(self) -> char {
        match self {
            Terrain::Wall => '#',
            Terrain::Floor => '.',
            Terrain::StairsDown => '>',
            Terrain::CaveFloor => ':',
            Terrain::ClosedDoor => '+',
            Terrain::OpenDoor => '\'',
            Terrain::SecretDoor => 'S',
        }
    }

    /// The terrain a save's letter stands for, or `None` for any other letter.
    pub const fn from_letter(letter: char) -> Option<Terrain> {
        Some(match letter {
            '#' => Terrain::Wall,
            '.' => Terrain::Floor,
            '>' => Terrain::StairsDown,
            ':' => Terrain::CaveFloor,
            '+' => Terrain::ClosedDoor,
            '\'' => Terrain::OpenDoor,
            'S' => Terrain::SecretDoor,
            _ => return None,
        })
    }

    /// Ground a creature can stand on.
    #[inline]
    pub const fn is_walkable(self) -> bool {
        matches!(
            self,
            Terrain::Floor | Terrain::CaveFloor | Terrain::StairsDown | Terrain::OpenDoor
        )
    }

    /// Ground a step can be taken toward: walkable, or a closed door, which a
    /// bump opens. Those kinds are numbered together, `Floor` to `OpenDoor`,
    /// so this is one range check, which the compiler does many cells at a
    /// time (every A* search starts with it over the whole map).
    #[inline]
    pub const fn is_passable(self) -> bool {
        (self as u8).wrapping_sub(Terrain::Floor as u8)
            <= Terrain::OpenDoor as u8 - Terrain::Floor as u8
    }

    /// Rock, closed doors and secret doors stop the eye.
    #[inline]
    pub const fn blocks_sight(self) -> bool {
        matches!(
            self,
            Terrain::Wall | Terrain::ClosedDoor | Terrain::SecretDoor
        )
    }

    /// Open ground or a doorway: what makes a neighbouring wall worth
    /// drawing. A secret door is not, since it looks like the rock around it.
    #[inline]
    pub const fn is_open(self) -> bool {
        !matches!(self, Terrain::Wall | Terrain::SecretDoor)
    }
}

/// One floor's terrain, row by row: the cell at column `x` of row `y` is
/// `cells[y * MAP_W + x]`.
#[derive(Clone, PartialEq, Eq)]
pub struct Map {
    cells: [Terrain; MAP_CELLS],
}

impl Default for Map {
    fn default() -> Map {
        Map::new()
    }
}

impl core::fmt::Debug for Map {
    /// A map prints as its picture, one row of save letters a line, so a
    /// failing test shows the dungeon.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for y in 0..MAP_H {
            f.write_str("\n")?;
            for x in 0..MAP_W {
                core::fmt::Write::write_char(f, self.at(Point::new(x, y)).letter())?;
            }
        }
        Ok(())
    }
}

impl Map {
    /// A new map is solid rock; the generators carve the dungeon out of it.
    pub const fn new() -> Map {
        Map {
            cells: [Terrain::Wall; MAP_CELLS],
        }
    }

    /// True when the cell is on the map at all.
    #[inline]
    pub const fn in_bounds(p: Point) -> bool {
        p.x >= 0 && p.x < MAP_W && p.y >= 0 && p.y < MAP_H
    }

    /// The index of an on-map cell in row-major order.
    #[inline]
    pub const fn index(p: Point) -> usize {
        (p.y * MAP_W + p.x) as usize
    }

    /// The cell at a row-major index, the inverse of `index` (unsigned, so
    /// the division by the width of 64 is a shift).
    #[expect(
        clippy::cast_possible_truncation,
        reason = "index % MAP_W is under 64, and every caller's index is a cell's, so index / MAP_W is under 36"
    )]
    #[inline]
    pub const fn point_of(index: usize) -> Point {
        let w = MAP_W as usize;
        Point::new((index % w) as i32, (index / w) as i32)
    }

    // Outside the map counts as wall, so code that looks at a cell's
    // neighbours never has to check the edges first.
    /// The terrain at a cell; off the map, wall.
    #[inline]
    pub const fn at(&self, p: Point) -> Terrain {
        if !Map::in_bounds(p) {
            return Terrain::Wall;
        }
        self.cells[Map::index(p)]
    }

    /// Changes a cell; a change to a cell off the map does nothing at all.
    #[inline]
    pub fn set(&mut self, p: Point, terrain: Terrain) {
        if Map::in_bounds(p) {
            self.cells[Map::index(p)] = terrain;
        }
    }

    /// Makes every cell the same: generators start from rock this way.
    pub fn fill(&mut self, terrain: Terrain) {
        self.cells = [terrain; MAP_CELLS];
    }

    /// Turns every cell inside `area` (half-open) into floor. Cells of the
    /// rectangle that hang over the edge are left alone.
    pub fn carve(&mut self, area: Rect) {
        for y in area.y..area.y + area.h {
            for x in area.x..area.x + area.w {
                self.set(Point::new(x, y), Terrain::Floor);
            }
        }
    }

    /// True for a cell with open ground in its 3 x 3 block, diagonals
    /// included. Only such walls are drawn: the rest is rock nobody can see.
    /// The diagonals matter, or every room would lack its corner walls.
    pub fn borders_floor(&self, p: Point) -> bool {
        for dy in -1..=1 {
            for dx in -1..=1 {
                if self.at(Point::new(p.x + dx, p.y + dy)).is_open() {
                    return true;
                }
            }
        }
        false
    }

    /// Whether the player or a monster can stand on a cell.
    #[inline]
    pub fn is_walkable(&self, p: Point) -> bool {
        self.at(p).is_walkable()
    }

    /// Whether a step can go toward a cell (walkable, or a closed door it opens).
    #[inline]
    pub fn is_passable(&self, p: Point) -> bool {
        self.at(p).is_passable()
    }

    /// Whether a cell's terrain blocks sight.
    #[inline]
    pub fn blocks_sight(&self, p: Point) -> bool {
        self.at(p).blocks_sight()
    }

    /// Every cell in row-major order, for hashing, saving and counting.
    #[inline]
    pub fn cells(&self) -> &[Terrain; MAP_CELLS] {
        &self.cells
    }

    /// How many cells satisfy `keep`.
    pub fn count(&self, keep: impl Fn(Terrain) -> bool) -> usize {
        self.cells.iter().filter(|&&t| keep(t)).count()
    }

    /// Reads a map from a picture: up to `MAP_H` rows of save letters, each
    /// up to `MAP_W` long; what the rows leave out is rock. For tests and
    /// hand-made maps. Fails on a letter that names no terrain or a picture
    /// too big for the map.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a picture bigger than the map is refused first (TooBig), so x < 64 and y < 36"
    )]
    pub fn from_rows(rows: &[&str]) -> Result<Map, PictureError> {
        let mut map = Map::new();
        if rows.len() > MAP_H as usize {
            return Err(PictureError::TooBig);
        }
        for (y, row) in rows.iter().enumerate() {
            for (x, letter) in row.chars().enumerate() {
                if x >= MAP_W as usize {
                    return Err(PictureError::TooBig);
                }
                let terrain = Terrain::from_letter(letter).ok_or(PictureError::UnknownLetter {
                    row: y,
                    column: x,
                    letter,
                })?;
                map.set(Point::new(x as i32, y as i32), terrain);
            }
        }
        Ok(map)
    }
}

/// True when every cell of the map's outermost ring is rock, as every
/// generator leaves it (for the generators' tests).
#[cfg(test)]
pub(crate) fn edge_is_rock(map: &Map) -> bool {
    (0..MAP_W).all(|x| {
        map.at(Point::new(x, 0)) == Terrain::Wall
            && map.at(Point::new(x, MAP_H - 1)) == Terrain::Wall
    }) && (0..MAP_H).all(|y| {
        map.at(Point::new(0, y)) == Terrain::Wall
            && map.at(Point::new(MAP_W - 1, y)) == Terrain::Wall
    })
}

/// Why [`Map::from_rows`] could not read a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PictureError {
    /// A letter that is no terrain's.
    UnknownLetter {
        /// The row, from 0.
        row: usize,
        /// The column, from 0.
        column: usize,
        /// The letter found there.
        letter: char,
    },
    /// More rows or columns than the map has.
    TooBig,
}

impl core::fmt::Display for PictureError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            PictureError::UnknownLetter {
                row,
                column,
                letter,
            } => write!(
                f,
                "row {row}, column {column}: {letter:?} is no terrain's letter"
            ),
            PictureError::TooBig => {
                write!(f, "the picture is bigger than the map ({MAP_W} x {MAP_H})")
            }
        }
    }
}

impl core::error::Error for PictureError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_map_is_rock() {
        let map = Map::new();
        assert_eq!(map.count(|t| t == Terrain::Wall), MAP_CELLS);
        assert_eq!(MAP_CELLS, 2304);
    }

    #[test]
    fn off_the_map_is_wall_and_cannot_be_changed() {
        let mut map = Map::new();
        map.fill(Terrain::Floor);
        for p in [
            Point::new(-1, 0),
            Point::new(0, -1),
            Point::new(MAP_W, 0),
            Point::new(0, MAP_H),
            Point::new(i32::MIN, i32::MAX),
        ] {
            assert!(!Map::in_bounds(p));
            assert_eq!(map.at(p), Terrain::Wall);
            map.set(p, Terrain::CaveFloor);
            assert_eq!(map.at(p), Terrain::Wall);
        }
        // Nothing on the map changed either.
        assert_eq!(map.count(|t| t == Terrain::Floor), MAP_CELLS);
    }

    #[test]
    fn corners_are_in_bounds_and_indexed_row_major() {
        let mut map = Map::new();
        let corners = [
            Point::new(0, 0),
            Point::new(MAP_W - 1, 0),
            Point::new(0, MAP_H - 1),
            Point::new(MAP_W - 1, MAP_H - 1),
        ];
        for p in corners {
            assert!(Map::in_bounds(p));
            map.set(p, Terrain::Floor);
            assert_eq!(Map::point_of(Map::index(p)), p);
        }
        // The book's example: column 5 of row 2 is index 133.
        assert_eq!(Map::index(Point::new(5, 2)), 133);
        assert_eq!(map.cells()[0], Terrain::Floor);
        assert_eq!(map.cells()[63], Terrain::Floor);
        assert_eq!(map.cells()[35 * 64], Terrain::Floor);
        assert_eq!(map.cells()[MAP_CELLS - 1], Terrain::Floor);
        assert_eq!(map.count(|t| t == Terrain::Floor), 4);
    }

    #[test]
    fn carve_is_half_open_and_clips_at_the_edge() {
        let mut map = Map::new();
        map.carve(Rect::new(11, 7, 10, 6));
        assert_eq!(map.count(|t| t == Terrain::Floor), 60);
        assert_eq!(map.at(Point::new(11, 7)), Terrain::Floor);
        assert_eq!(map.at(Point::new(20, 12)), Terrain::Floor);
        assert_eq!(map.at(Point::new(21, 12)), Terrain::Wall);
        assert_eq!(map.at(Point::new(20, 13)), Terrain::Wall);

        let mut edge = Map::new();
        edge.carve(Rect::new(60, 33, 10, 10));
        assert_eq!(edge.count(|t| t == Terrain::Floor), 4 * 3);
    }

    #[test]
    fn borders_floor_sees_diagonals_and_the_edge_is_safe() {
        let map = Map::from_rows(&["#####", "#####", "##.##", "#####", "#####"]).unwrap();
        let mut drawn = 0;
        for y in -1..=5 {
            for x in -1..=5 {
                let near = (x - 2i32).abs() <= 1 && (y - 2i32).abs() <= 1;
                assert_eq!(map.borders_floor(Point::new(x, y)), near, "({x}, {y})");
                drawn += i32::from(near);
            }
        }
        assert_eq!(drawn, 9);
        // Cells on the map's edge look past it without harm.
        assert!(!map.borders_floor(Point::new(MAP_W - 1, MAP_H - 1)));
    }

    #[test]
    fn walkable_passable_and_sight_follow_the_rules() {
        use Terrain::*;
        let walkable = [Floor, CaveFloor, StairsDown, OpenDoor];
        let passable = [Floor, CaveFloor, StairsDown, OpenDoor, ClosedDoor];
        let blocking = [Wall, ClosedDoor, SecretDoor];
        for t in Terrain::ALL {
            assert_eq!(t.is_walkable(), walkable.contains(&t), "{t:?}");
            assert_eq!(t.is_passable(), passable.contains(&t), "{t:?}");
            assert_eq!(t.blocks_sight(), blocking.contains(&t), "{t:?}");
        }
    }

    #[test]
    fn discriminants_and_letters_are_stable() {
        let letters = "#.>:+'S";
        for (i, (t, letter)) in Terrain::ALL.iter().zip(letters.chars()).enumerate() {
            assert_eq!(t.discriminant() as usize, i);
            assert_eq!(t.letter(), letter);
            assert_eq!(Terrain::from_letter(letter), Some(*t));
        }
        assert_eq!(Terrain::from_letter('?'), None);
    }

    #[test]
    fn pictures_refuse_unknown_letters_and_oversize() {
        assert_eq!(
            Map::from_rows(&["..", ".x"]),
            Err(PictureError::UnknownLetter {
                row: 1,
                column: 1,
                letter: 'x'
            })
        );
        let long = [b'.'; 65];
        let long = core::str::from_utf8(&long).unwrap();
        assert_eq!(Map::from_rows(&[long]), Err(PictureError::TooBig));
        assert_eq!(Map::from_rows(&[""; 37]), Err(PictureError::TooBig));
    }
}
