//! Field of view: symmetric shadowcasting (Albert Ford, 2021). A cell is in
//! view when a line from the middle of the viewer's cell reaches its middle
//! between the shadows of the walls; so if A sees B, B sees A (DECISIONS,
//! "Field of view"), and a monster that sees the player is one the player
//! sees. Walls, closed doors and secret doors block sight; a wall in view is
//! seen, so a lit room shows its walls.
//!
//! The map is scanned a quadrant at a time (north, east, south, west), row
//! by row outward, each row a range of columns between two slopes. Ford
//! scans with recursion; here the rows still to scan wait on a small stack.
//! Slopes are fractions of whole numbers: no floats.

use crate::cellset::CellSet;
use crate::geom::Point;
use crate::map::Map;

/// How far the player sees (*tune*): a cell is in range when
/// `dx * dx + dy * dy <= r * r + r`, a circle that is not too pointy.
pub const FOV_RADIUS: i32 = 9;
/// The largest radius `field_of_view` takes; larger ones are cut to it.
pub const MAX_RADIUS: i32 = 12;

/// The rows waiting to be scanned. A row at depth `d` spans at most
/// `2d + 1` columns, so it has at most `d + 1` stretches of open cells and
/// pushes at most that many rows one deeper; the stack holds, for each depth
/// on the way down, the rows not yet scanned beside the one in hand, at most
/// `d` of them at depth `d + 1`. Rows deeper than the radius are never
/// pushed, so the stack never holds more than 1 + 1 + 2 + ... + MAX_RADIUS.
const STACK_ROWS: usize = (MAX_RADIUS * (MAX_RADIUS + 1) / 2) as usize + 1;

/// A slope, `num / den`, with `den > 0`: the column a line reaches at depth 1.
#[derive(Clone, Copy, Debug)]
struct Slope {
    num: i32,
    den: i32,
}

/// One row of a quadrant: the cells at `depth` from the viewer between two
/// slopes.
#[derive(Clone, Copy, Debug)]
struct Row {
    depth: i32,
    start: Slope,
    end: Slope,
}

impl Row {
    /// The first column: `depth * start`, rounded with ties up.
    fn min_col(&self) -> i32 {
        (2 * self.depth * self.start.num + self.start.den).div_euclid(2 * self.start.den)
    }

    /// The last column: `depth * end`, rounded with ties down.
    fn max_col(&self) -> i32 {
        -(-2 * self.depth * self.end.num + self.end.den).div_euclid(2 * self.end.den)
    }

    /// True when the cell's middle is inside the row's slopes: the test that
    /// makes the field of view symmetric.
    fn is_symmetric(&self, col: i32) -> bool {
        col * self.start.den >= self.depth * self.start.num
            && col * self.end.den <= self.depth * self.end.num
    }
}

/// The slope through a cell's near edge, `(2 * col - 1) / (2 * depth)`.
fn slope(depth: i32, col: i32) -> Slope {
    Slope {
        num: 2 * col - 1,
        den: 2 * depth,
    }
}

/// The map cell at a depth and column of a quadrant.
fn cell_of(origin: Point, quadrant: u8, depth: i32, col: i32) -> Point {
    match quadrant {
        0 => Point::new(origin.x + col, origin.y - depth),
        1 => Point::new(origin.x + depth, origin.y + col),
        2 => Point::new(origin.x + col, origin.y + depth),
        _ => Point::new(origin.x - depth, origin.y + col),
    }
}

/// Fills `visible` with the cells seen from `origin` within `radius` (cut to
/// `MAX_RADIUS`); the origin itself is always seen.
pub fn field_of_view(map: &Map, origin: Point, radius: i32, visible: &mut CellSet) {
    visible.clear();
    visible.insert(origin);
    let radius = radius.clamp(0, MAX_RADIUS);
    let in_range = |p: Point| {
        let (dx, dy) = (p.x - origin.x, p.y - origin.y);
        dx * dx + dy * dy <= radius * radius + radius
    };
    let mut stack: heapless::Vec<Row, STACK_ROWS> = heapless::Vec::new();
    for quadrant in 0..4 {
        if radius >= 1 {
            push(
                &mut stack,
                Row {
                    depth: 1,
                    start: Slope { num: -1, den: 1 },
                    end: Slope { num: 1, den: 1 },
                },
            );
        }
        while let Some(mut row) = stack.pop() {
            let mut prev_wall: Option<bool> = None;
            for col in row.min_col()..=row.max_col() {
                let p = cell_of(origin, quadrant, row.depth, col);
                let wall = map.blocks_sight(p);
                if (wall || row.is_symmetric(col)) && in_range(p) {
                    visible.insert(p);
                }
                if prev_wall == Some(true) && !wall {
                    row.start = slope(row.depth, col);
                }
                if prev_wall == Some(false) && wall && row.depth < radius {
                    push(
                        &mut stack,
                        Row {
                            depth: row.depth + 1,
                            start: row.start,
                            end: slope(row.depth, col),
                        },
                    );
                }
                prev_wall = Some(wall);
            }
            if prev_wall == Some(false) && row.depth < radius {
                push(
                    &mut stack,
                    Row {
                        depth: row.depth + 1,
                        start: row.start,
                        end: row.end,
                    },
                );
            }
        }
    }
}

/// The field of view from `origin` at `FOV_RADIUS` into `visible`, and every
/// cell seen added to `explored`.
pub fn update(map: &Map, origin: Point, visible: &mut CellSet, explored: &mut CellSet) {
    field_of_view(map, origin, FOV_RADIUS, visible);
    explored.union_with(visible);
}

fn push(stack: &mut heapless::Vec<Row, STACK_ROWS>, row: Row) {
    stack
        .push(row)
        .expect("at most STACK_ROWS rows wait at once (see its comment)");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::Terrain;

    /// The picture of what is seen: `@` the viewer, the map's letters where
    /// seen, a space where not.
    fn seen(
        map: &Map,
        origin: Point,
        radius: i32,
        w: i32,
        h: i32,
    ) -> heapless::Vec<heapless::String<64>, 36> {
        let mut visible = CellSet::new();
        field_of_view(map, origin, radius, &mut visible);
        let mut rows = heapless::Vec::new();
        for y in 0..h {
            let mut row = heapless::String::new();
            for x in 0..w {
                let p = Point::new(x, y);
                let c = if p == origin {
                    '@'
                } else if visible.contains(p) {
                    map.at(p).letter()
                } else {
                    ' '
                };
                row.push(c).unwrap();
            }
            rows.push(row).unwrap();
        }
        rows
    }

    #[test]
    fn a_pillar_casts_a_shadow_and_the_walls_are_seen() {
        // From the viewer at (7, 5) the pillar at (4, 3) is in the west
        // quadrant at depth 3, column -2, and shades the slopes -5/6 to -1/2
        // (Ford's slopes through the near edges of its row). Checked by hand:
        // (2, 1) is depth 5, column -4, slope -4/5: shaded; (1, 2) is depth
        // 6, column -3, slope -1/2: on the edge, so seen; (0, 2) is -3/7:
        // seen; (3, 1) is on the diagonal, seen from the north quadrant,
        // where the pillar is not in the way.
        let map = Map::from_rows(&[
            "#############",
            "#...........#",
            "#...........#",
            "#...#.......#",
            "#...........#",
            "#...........#",
            "#############",
        ])
        .unwrap();
        let want = [
            " ############",
            "   .........#",
            "#.  ........#",
            "#...#.......#",
            "#...........#",
            "#......@....#",
            "#############",
        ];
        let got = seen(&map, Point::new(7, 5), 12, 13, 7);
        assert_eq!(
            got.iter()
                .map(|s| s.as_str())
                .collect::<heapless::Vec<&str, 7>>()
                .as_slice(),
            want
        );
    }

    #[test]
    fn the_radius_is_a_circle() {
        let mut map = Map::new();
        map.fill(Terrain::Floor);
        let mut visible = CellSet::new();
        field_of_view(&map, Point::new(30, 17), 9, &mut visible);
        for p in visible.iter() {
            let (dx, dy) = (p.x - 30, p.y - 17);
            assert!(dx * dx + dy * dy <= 90, "{p:?}");
        }
        // Every cell of the circle is seen on an open floor.
        let mut n = 0;
        for dy in -9i32..=9 {
            for dx in -9i32..=9 {
                if dx * dx + dy * dy <= 90 {
                    n += 1;
                    assert!(visible.contains(Point::new(30 + dx, 17 + dy)));
                }
            }
        }
        assert_eq!(visible.len(), n);
    }

    #[test]
    fn closed_and_secret_doors_block_but_open_ones_do_not() {
        for (door, through) in [('+', false), ('S', false), ('\'', true)] {
            let mut row: heapless::String<16> = heapless::String::new();
            for c in ['#', '.', '.', door, '.', '.', '#'] {
                row.push(c).unwrap();
            }
            let map = Map::from_rows(&["#######", &row, "#######"]).unwrap();
            let mut visible = CellSet::new();
            field_of_view(&map, Point::new(1, 1), 9, &mut visible);
            assert!(
                visible.contains(Point::new(3, 1)),
                "the door itself is seen"
            );
            assert_eq!(visible.contains(Point::new(5, 1)), through, "{door}");
        }
    }
}
