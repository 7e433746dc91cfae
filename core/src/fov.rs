//! Field of view: symmetric shadowcasting (Albert Ford, 2021). A cell is in
//! view when a line from the middle of the viewer's cell reaches its middle
//! between the shadows of the walls; so if A sees B, B sees A
//! (docs/rules.md, "Field of view"), and a monster that sees the player is one the player
//! sees. Walls, closed doors and secret doors block sight; a wall in view is
//! seen, so a lit room shows its walls.
//!
//! The map is scanned a quadrant at a time (north, east, south, west), row
//! by row outward, each row a range of columns between two slopes. Ford
//! scans with recursion; here the rows still to scan wait on a small stack.
//! Slopes are fractions of whole numbers: no floats.
//!
//! What makes it fast (docs/performance.md has the figures): each row is
//! first cut to the map and to the range, so a row walks the map's flat
//! array by a fixed step (one cell across, a map row down) with no test of
//! bounds or range a cell; the cells it sees are then one stretch, set in
//! the [`CellSet`] as one mask across or one bit a row down; a slope is one
//! whole number over a denominator shared by all (`DEN`), so a row's ends
//! come from a multiplication rather than a division; a row's last child
//! is scanned next without going through the stack. The same cells as the
//! plain scan, cell for cell (`tests/tests/paths.rs`).

use crate::cellset::CellSet;
use crate::geom::Point;
use crate::kindset::KindSet;
use crate::map::{MAP_CELLS, MAP_H, MAP_W, Map, Terrain};

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

/// `REACH[r][d]`: how far from the middle column a row at depth `d` is in
/// range at radius `r`, the largest `c` with `c * c + d * d <= r * r + r`
/// (0 past the radius, where no row is scanned).
#[expect(
    clippy::cast_possible_truncation,
    reason = "0 <= c <= MAX_RADIUS = 12, as said beside it"
)]
const REACH: [[i8; MAX_RADIUS as usize + 1]; MAX_RADIUS as usize + 1] = {
    let mut table = [[0i8; MAX_RADIUS as usize + 1]; MAX_RADIUS as usize + 1];
    let mut r = 0;
    while r <= MAX_RADIUS {
        let mut d = 1;
        while d <= r {
            let mut c = r;
            while c * c + d * d > r * r + r {
                c -= 1;
            }
            // 0 <= c <= r <= MAX_RADIUS = 12: an i8 holds it.
            table[r as usize][d as usize] = c as i8;
            d += 1;
        }
        r += 1;
    }
    table
};

/// The one denominator of every slope: each is ±1 or `(2 * col - 1) /
/// (2 * depth)` with `depth <= MAX_RADIUS`, so twice the least common
/// multiple of 1..=MAX_RADIUS (55,440) divides them all exactly, and a
/// slope is one whole number, its numerator over `DEN`.
const DEN: i32 = 2 * lcm_to(MAX_RADIUS);

/// The least common multiple of 1..=n.
const fn lcm_to(n: i32) -> i32 {
    let mut m = 1;
    let mut k = 2;
    while k <= n {
        let (mut a, mut b) = (m, k);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        m = m / a * k;
        k += 1;
    }
    m
}

/// `DEN / (2 * depth)` for each depth: a slope through a cell's edge is
/// `(2 * col - 1)` of these.
const PART: [i32; MAX_RADIUS as usize + 1] = {
    let mut part = [0; MAX_RADIUS as usize + 1];
    let mut d = 1;
    while d <= MAX_RADIUS {
        assert!(DEN % (2 * d) == 0);
        part[d as usize] = DEN / (2 * d);
        d += 1;
    }
    part
};

// The largest dividend of `min_col` and `max_col`, 2 * MAX_RADIUS * 2 *
// DEN + DEN (2,716,560), fits an i32 with room.
const _: () = assert!((4 * MAX_RADIUS + 1) as i64 * (DEN as i64) < i32::MAX as i64);

/// One row of a quadrant: the cells at `depth` from the viewer between two
/// slopes, each a numerator over `DEN`: the column a line reaches at depth
/// 1, from -DEN to DEN. A slope is made where a scanned row's open stretch
/// begins after a wall (`col > -depth`) or ends at one (`col <= depth`), so
/// it stays in that range, and a row's ends divide out in whole numbers
/// that are never negative.
#[derive(Clone, Copy, Debug)]
struct Row {
    depth: i32,
    start: i32,
    end: i32,
}

/// `depth * start`, rounded with ties up: the first column of a row,
/// `floor((2 * depth * start + DEN) / (2 * DEN))`. With `depth` added to
/// the quotient first the dividend is `2 * depth * (start + DEN) + DEN`,
/// never negative as `start >= -DEN`; so a plain unsigned division does.
fn min_col(depth: i32, start: i32) -> i32 {
    let dividend = (2 * depth * (start + DEN) + DEN) as u32;
    (dividend / (2 * DEN) as u32) as i32 - depth
}

/// `depth * end`, rounded with ties down: the last column of a row,
/// `-floor((DEN - 2 * depth * end) / (2 * DEN))`, divided as in `min_col`
/// (`end <= DEN`).
fn max_col(depth: i32, end: i32) -> i32 {
    let dividend = (2 * depth * (DEN - end) + DEN) as u32;
    depth - (dividend / (2 * DEN) as u32) as i32
}

/// The slope through a cell's near edge, `(2 * col - 1) / (2 * depth)`.
fn slope(depth: i32, col: i32) -> i32 {
    // 1 <= depth <= MAX_RADIUS where a slope is made.
    (2 * col - 1) * PART[depth as usize]
}

/// `t.blocks_sight()` as one shift of a constant. A cell at a time: a
/// quadrant's lines run down the map's columns as often as along its rows,
/// so the eight-cells-a-word test of `kindset` has no row to read here.
#[inline(always)]
fn opaque(t: Terrain) -> bool {
    KindSet::SIGHT_BLOCKERS.contains(t)
}

/// How a quadrant lies on the map: its row at depth `d` is the map's line
/// (a map row for north and south, a map column for east and west) `d`
/// steps from the origin's, and column `c` of it is the cell
/// `centre + d * down + c * ACROSS` of the flat array, where `ACROSS` (1 or
/// `MAP_W`) is the quadrant's scan's own constant.
#[derive(Clone, Copy)]
struct Quadrant {
    /// Flat-array step for one depth: ±1 or ±MAP_W.
    down: i32,
    /// How deep the quadrant's rows stay on the map (0 when the first is
    /// off it): a row off the map is all wall, so it sees nothing and
    /// pushes nothing, and is never made.
    depths: i32,
    /// The columns on the map: a column outside blocks sight.
    cols: (i32, i32),
}

impl Quadrant {
    /// North, east, south and west of `origin`.
    fn all(origin: Point) -> [Quadrant; 4] {
        let (x, y) = (origin.x, origin.y);
        // How many lines of 0..len there are from `from` on, by `step`.
        let run = |from: i32, step: i32, len: i32| match (from, step) {
            (f, _) if !(0..len).contains(&f) => 0,
            (f, -1) => f + 1,
            (f, _) => len - f,
        };
        let across_x = (-x, MAP_W - 1 - x);
        let across_y = (-y, MAP_H - 1 - y);
        [
            Quadrant {
                down: -MAP_W,
                depths: run(y - 1, -1, MAP_H),
                cols: across_x,
            },
            Quadrant {
                down: 1,
                depths: run(x + 1, 1, MAP_W),
                cols: across_y,
            },
            Quadrant {
                down: MAP_W,
                depths: run(y + 1, 1, MAP_H),
                cols: across_x,
            },
            Quadrant {
                down: -1,
                depths: run(x - 1, -1, MAP_W),
                cols: across_y,
            },
        ]
    }
}

/// The rows waiting, on a stack of fixed size (not filled in advance).
struct Stack(heapless::Vec<Row, STACK_ROWS>);

impl Stack {
    fn push(&mut self, row: Row) {
        self.0
            .push(row)
            .expect("at most STACK_ROWS rows wait at once (see its comment)");
    }

    fn pop(&mut self) -> Option<Row> {
        self.0.pop()
    }
}

/// Fills `visible` with the cells seen from `origin` within `radius` (cut to
/// `MAX_RADIUS`); the origin itself is always seen.
pub fn field_of_view(map: &Map, origin: Point, radius: i32, visible: &mut CellSet) {
    visible.clear();
    visible.insert(origin);
    let radius = radius.clamp(0, MAX_RADIUS);
    let first = Row {
        depth: 1,
        start: -DEN,
        end: DEN,
    };
    let mut stack = Stack(heapless::Vec::new());
    let centre = origin.y * MAP_W + origin.x;
    for (k, q) in Quadrant::all(origin).into_iter().enumerate() {
        let view = View {
            cells: map.cells(),
            centre,
            q,
            deepest: radius.min(q.depths),
            // 0 <= radius <= MAX_RADIUS.
            reach: &REACH[radius as usize],
        };
        if view.deepest == 0 {
            continue;
        }
        stack.push(first);
        if k % 2 == 0 {
            view.scan::<1>(&mut stack, visible);
        } else {
            view.scan::<{ MAP_W as usize }>(&mut stack, visible);
        }
    }
}

/// One quadrant's scan: what it reads and how it lies.
struct View<'a> {
    cells: &'a [Terrain; MAP_CELLS],
    centre: i32,
    q: Quadrant,
    /// The deepest row scanned: the radius, or the map's edge.
    deepest: i32,
    reach: &'a [i8; MAX_RADIUS as usize + 1],
}

impl View<'_> {
    /// Scans the rows on the stack and every row they push, `ACROSS` the
    /// flat-array step between a row's columns (1 or `MAP_W`).
    ///
    /// Each row is first cut to the map and to the range. Off the map a
    /// cell blocks sight, so the cut columns act as walls. Out of range,
    /// they are never seen, and neither is anything behind them: the rows
    /// beyond a row start no nearer the middle column than it does (a
    /// start slope only grows, an end only shrinks), and the range is
    /// narrower a row deeper (`REACH`). So the cut columns may act as walls
    /// too: a row they end still reaches past the range at every depth
    /// (its end is the near edge of the column past the range, and the
    /// range narrows), so the cells in range beyond are the same ones,
    /// and the cell-for-cell test against the plain scan holds it.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a row's cells and columns lie on the map, under MAP_CELLS (the comments say why)"
    )]
    #[expect(
        clippy::too_many_lines,
        reason = "one row's walk is one loop on the hot path: its slopes, stretch and stack stay in registers, not passed through calls"
    )]
    fn scan<const ACROSS: usize>(&self, stack: &mut Stack, visible: &mut CellSet) {
        // A row's last child is scanned next, as the stack's order has it,
        // but straight from here, not through the stack.
        let mut next = stack.pop();
        while let Some(row) = next {
            next = None;
            let depth = row.depth;
            let (first, last) = (min_col(depth, row.start), max_col(depth, row.end));
            // 1 <= depth <= MAX_RADIUS.
            let r = i32::from(self.reach[depth as usize]);
            let lo = first.max(self.q.cols.0).max(-r);
            let hi = last.min(self.q.cols.1).min(r);
            if lo > hi {
                next = stack.pop();
                continue;
            }
            // On the map: 0 <= at_lo <= at_lo + (hi - lo) * ACROSS < MAP_CELLS.
            let at_lo = (self.centre + depth * self.q.down + lo * ACROSS as i32) as usize;
            let line = &self.cells[at_lo..=at_lo + (hi - lo) as usize * ACROSS];
            // The rows beyond: one for each stretch of open cells, between
            // the wall before it (or the row's start) and the wall after it
            // (or the row's end); a cut column is a wall. Noted on the way:
            // whether the line's two ends are open.
            let (mut lo_open, mut hi_open) = (false, false);
            if depth < self.deepest {
                let mut k = 0;
                loop {
                    while k < line.len() && opaque(line[k]) {
                        k += ACROSS;
                    }
                    if k >= line.len() {
                        break;
                    }
                    lo_open |= k == 0;
                    // The cell before, scanned or cut, is a wall.
                    let col = lo + (k / ACROSS) as i32;
                    let start = if col > first {
                        slope(depth, col)
                    } else {
                        row.start
                    };
                    while k < line.len() && !opaque(line[k]) {
                        k += ACROSS;
                    }
                    // `col` is a wall, scanned or cut, unless the row ended.
                    let col = lo + (k / ACROSS) as i32;
                    let end = if col <= last {
                        slope(depth, col)
                    } else {
                        row.end
                    };
                    let child = Row {
                        depth: row.depth + 1,
                        start,
                        end,
                    };
                    if let Some(older) = next.replace(child) {
                        stack.push(older);
                    }
                    if k >= line.len() {
                        hi_open = true;
                        break;
                    }
                }
            } else {
                lo_open = !opaque(line[0]);
                hi_open = !opaque(line[line.len() - 1]);
            }
            // Which cells are seen: a wall in range; an open cell in range
            // with its middle inside the slopes. A middle can be outside
            // only at the row's two ends (the rounding of `first` and
            // `last`): a start moved to a wall's edge has every later
            // middle inside it, and the end never moves. So the cells seen
            // are the line, less an open end whose middle is outside.
            let mut a = lo;
            let mut b = hi;
            if a == first && lo_open && first * DEN < depth * row.start {
                a += 1;
            }
            if b == last && hi_open && last * DEN > depth * row.end {
                b -= 1;
            }
            if a <= b {
                // a..=b is inside lo..=hi.
                let at = at_lo + (a - lo) as usize * ACROSS;
                let n = (b - a + 1) as usize;
                if ACROSS == 1 {
                    visible.insert_across(at, n);
                } else {
                    visible.insert_down(at, n);
                }
            }
            if next.is_none() {
                next = stack.pop();
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
