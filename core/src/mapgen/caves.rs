//! Caves, as the book's chapter 18 grows them with a cellular automaton: the
//! map starts as random noise, a little under half wall; four passes of the
//! 4-5 rule clump it into chambers and throats; the biggest cave is kept so
//! all of it can be reached, and the squares of a 16 x 12 grid that hold
//! enough of it are its areas. The steps are public, so F6 can show them
//! one at a time.

use super::Areas;
use crate::cellset::{CellSet, flood_fill};
use crate::geom::{Point, Rect};
use crate::map::{MAP_CELLS, MAP_H, MAP_W, Map, Terrain};
use crate::rng::Rng;

/// How much of the map starts as wall, in percent (*tune*).
pub const WALL_PERCENT: i32 = 48;
/// How many times the noise is smoothed (*tune*).
pub const SMOOTHING_PASSES: i32 = 4;
/// The fewest cells the biggest cave may have; a floor whose biggest cave
/// is smaller is made again (*tune*).
pub const MIN_CAVE_CELLS: usize = 600;
/// Monsters and items are placed in areas, as they are in rooms: the squares
/// of an `AREA_W` by `AREA_H` grid over the map that hold at least
/// `MIN_AREA_CELLS` of the cave.
pub const AREA_W: i32 = 16;
/// The height of a cave's area.
pub const AREA_H: i32 = 12;
/// The fewest cave cells an area needs to count.
pub const MIN_AREA_CELLS: usize = 40;

// The grid's squares must fit in `Areas` (4 x 3 = 12 of 16).
const _: () = assert!(
    (((MAP_W + AREA_W - 1) / AREA_W) * ((MAP_H + AREA_H - 1) / AREA_H)) as usize
        <= super::MAX_AREAS
);

/// Makes each cell inside the map's edge a wall `WALL_PERCENT` of the time,
/// and cave floor the rest, row by row from (1, 1). The edge is all wall.
pub fn fill_randomly(map: &mut Map, rng: &mut Rng) {
    map.fill(Terrain::Wall);
    for y in 1..MAP_H - 1 {
        for x in 1..MAP_W - 1 {
            if rng.roll(1, 100) > WALL_PERCENT {
                map.set(Point::new(x, y), Terrain::CaveFloor);
            }
        }
    }
}

/// One smoothing pass, by the 4-5 rule: a cell becomes wall if 5 or more of
/// the 9 cells in the 3 x 3 block around it, itself included, are walls, and
/// cave floor if 4 or fewer are. Every cell is decided from the map as it was
/// before the pass (a copy), never from one half changed, so the rule treats
/// every cell alike. The edge is not changed, so it stays wall. Returns how
/// many cells changed.
pub fn smooth(map: &mut Map) -> usize {
    let before = map.clone();
    let mut changed = 0;
    for y in 1..MAP_H - 1 {
        for x in 1..MAP_W - 1 {
            let mut walls = 0;
            for dy in -1..=1 {
                for dx in -1..=1 {
                    if before.at(Point::new(x + dx, y + dy)) == Terrain::Wall {
                        walls += 1;
                    }
                }
            }
            let p = Point::new(x, y);
            let now = if walls >= 5 {
                Terrain::Wall
            } else {
                Terrain::CaveFloor
            };
            if before.at(p) != now {
                changed += 1;
            }
            map.set(p, now);
        }
    }
    changed
}

/// Keeps the biggest cave: the floor cells that can all be walked to from one
/// another, by 8-way steps, since a step can go diagonally. Every other floor
/// cell becomes wall. The biggest is the first found (row by row) with the
/// strictly largest size. Returns how many cells it kept; 0 for a map with no
/// floor at all.
pub fn keep_biggest_cave(map: &mut Map) -> usize {
    let mut seen = CellSet::new();
    let mut biggest: Option<(Point, usize)> = None;
    for i in 0..MAP_CELLS {
        let p = Map::point_of(i);
        if !map.is_walkable(p) || seen.contains_index(i) {
            continue;
        }
        let cave = flood_fill(p, |q| map.is_walkable(q));
        let size = cave.len();
        seen.union_with(&cave);
        if biggest.is_none_or(|(_, best)| size > best) {
            biggest = Some((p, size));
        }
    }
    let Some((start, size)) = biggest else {
        return 0;
    };
    let keep = flood_fill(start, |q| map.is_walkable(q));
    for i in 0..MAP_CELLS {
        let p = Map::point_of(i);
        if map.is_walkable(p) && !keep.contains_index(i) {
            map.set(p, Terrain::Wall);
        }
    }
    size
}

/// The squares of the area grid that hold at least `MIN_AREA_CELLS` walkable
/// cells, from the top left, row by row, as the rooms come. A square that
/// does not fit the map (if the sizes were changed) is cut short at its edge.
pub fn areas_of(map: &Map) -> Areas {
    let mut areas = Areas::new();
    for top in (0..MAP_H).step_by(AREA_H as usize) {
        for left in (0..MAP_W).step_by(AREA_W as usize) {
            let area = Rect::new(left, top, AREA_W.min(MAP_W - left), AREA_H.min(MAP_H - top));
            let mut cells = 0;
            for y in area.y..area.y + area.h {
                for x in area.x..area.x + area.w {
                    if map.is_walkable(Point::new(x, y)) {
                        cells += 1;
                    }
                }
            }
            if cells >= MIN_AREA_CELLS {
                // At most 12 squares (the const assertion above).
                areas.push(area).expect("the area grid fits in Areas");
            }
        }
    }
    areas
}

/// A whole floor of caves: filled, smoothed, and its biggest cave kept. It is
/// made again, with the same dice rolling on, if that cave is too small or
/// too squeezed to give two areas (one for the player to start in, one for
/// the monsters). Returns the areas; the player starts in the first.
pub fn generate(map: &mut Map, rng: &mut Rng) -> Areas {
    generate_counting_tries(map, rng).0
}

/// `generate`, also saying how many caves it made to get one good enough
/// (1 when the first was kept).
pub fn generate_counting_tries(map: &mut Map, rng: &mut Rng) -> (Areas, u32) {
    let mut tries = 0;
    loop {
        tries += 1;
        fill_randomly(map, rng);
        for _ in 0..SMOOTHING_PASSES {
            smooth(map);
        }
        if keep_biggest_cave(map) >= MIN_CAVE_CELLS {
            let areas = areas_of(map);
            if areas.len() >= 2 {
                return (areas, tries);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads a picture into the top-left corner of a map of rock.
    fn picture(rows: &[&str]) -> Map {
        Map::from_rows(rows).unwrap()
    }

    fn rows_of(map: &Map, w: i32, h: i32) -> heapless::Vec<heapless::String<64>, 36> {
        let mut out = heapless::Vec::new();
        for y in 0..h {
            let mut row = heapless::String::new();
            for x in 0..w {
                row.push(map.at(Point::new(x, y)).letter()).unwrap();
            }
            out.push(row).unwrap();
        }
        out
    }

    #[test]
    fn one_pass_of_the_4_5_rule_on_a_small_picture() {
        // From the rule, by a separate script and by hand for (1, 1): 6
        // walls, so wall; (5, 1): 4, floor; (6, 4): 4, floor; (7, 4): 6 with
        // the rock right of the picture, wall. The picture's edge row and
        // column are the map's edge, and never change.
        let mut map = picture(&[
            "########", //
            "#::#:::#", //
            "#:#::#:#", //
            "#::::::#", //
            "##:::#:#", //
            "#:#::::#", //
            "#::::#:#", //
            "########",
        ]);
        smooth(&mut map);
        let want = [
            "########", //
            "#####:##", //
            "#::::::#", //
            "##::::##", //
            "##:::::#", //
            "##::::##", //
            "##::::##", //
            "########",
        ];
        assert_eq!(rows_of(&map, 8, 8).as_slice(), want);
    }

    #[test]
    fn smoothing_reads_a_copy_not_the_cells_it_just_changed() {
        // Smoothing in place, reading cells this pass already changed, makes
        // another map: the copy is what makes the rule treat all cells alike.
        let mut map = Map::new();
        fill_randomly(&mut map, &mut Rng::new(42));
        let mut in_place = map.clone();
        smooth(&mut map);
        for y in 1..MAP_H - 1 {
            for x in 1..MAP_W - 1 {
                let mut walls = 0;
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        if in_place.at(Point::new(x + dx, y + dy)) == Terrain::Wall {
                            walls += 1;
                        }
                    }
                }
                let t = if walls >= 5 {
                    Terrain::Wall
                } else {
                    Terrain::CaveFloor
                };
                in_place.set(Point::new(x, y), t);
            }
        }
        assert_ne!(map, in_place);
    }

    #[test]
    fn the_edge_stays_wall() {
        let mut map = Map::new();
        fill_randomly(&mut map, &mut Rng::new(1));
        for _ in 0..SMOOTHING_PASSES {
            smooth(&mut map);
        }
        assert!(crate::map::edge_is_rock(&map));
    }

    #[test]
    fn the_biggest_cave_is_the_first_of_the_largest() {
        // Two caves of 4 cells and one of 3: the first 4 is kept.
        let mut map = picture(&[
            "###########", //
            "#::##::##:#", //
            "#::##::##:#", //
            "#########:#", //
            "###########",
        ]);
        assert_eq!(keep_biggest_cave(&mut map), 4);
        let want = [
            "###########", //
            "#::########", //
            "#::########", //
            "###########", //
            "###########",
        ];
        assert_eq!(rows_of(&map, 11, 5).as_slice(), want);
        // Touching at a corner is one cave: a step can go diagonally.
        let mut corner = picture(&["####", "#:##", "##:#", "####"]);
        assert_eq!(keep_biggest_cave(&mut corner), 2);
        assert_eq!(keep_biggest_cave(&mut Map::new()), 0);
    }

    #[test]
    fn areas_need_forty_cells_and_come_row_by_row() {
        let mut map = Map::new();
        // 40 cells in the top-right square, 39 in the bottom-left one, and 50
        // in the middle of the second row.
        map.carve(Rect::new(48, 0, 10, 4));
        map.carve(Rect::new(0, 24, 13, 3));
        map.carve(Rect::new(16, 12, 10, 5));
        assert_eq!(map.count(|t| t == Terrain::Floor), 40 + 39 + 50);
        let areas = areas_of(&map);
        assert_eq!(
            areas.as_slice(),
            [Rect::new(48, 0, 16, 12), Rect::new(16, 12, 16, 12)]
        );
    }
}
