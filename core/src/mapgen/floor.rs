//! A floor put together: the kind its depth asks for (`rules::kind_of`),
//! doors where corridors enter rooms, where the player starts,
//! and the stairs down on the cell farthest from there by walking. What
//! stands on the floor (the Amulet, monsters, items, gold, traps) is the
//! game's to place.

use super::{Areas, caves, gh_bsp, grid, rooms};
use crate::geom::{Point, Rect};
use crate::map::{MAP_CELLS, Map, Terrain};
use crate::path::built_cost;
use crate::path::dijkstra::DijkstraMap;
use crate::rng::Rng;
use crate::rules::{Edition, FloorKind, LAST_FLOOR, kind_of};

/// Where a corridor enters a room, a door `DOOR_IN` times in `DOOR_OF`, and
/// one door in `SECRET_ONE_IN` is secret (docs/rules.md, "The dungeon").
pub const DOOR_IN: i32 = 3;
/// Out of this many.
pub const DOOR_OF: i32 = 4;
/// One door in this many is secret.
pub const SECRET_ONE_IN: i32 = 8;

/// A floor as the generators and this module leave it.
#[derive(Clone, Debug)]
pub struct Floor {
    /// Which floor, 1 to 9.
    pub depth: i32,
    /// Rooms or a cave.
    pub kind: FloorKind,
    /// The terrain, doors and stairs in.
    pub map: Map,
    /// Rooms, or a cave's areas; the player starts in the first.
    pub areas: Areas,
    /// Where the player starts.
    pub start: Point,
    /// None on the last floor.
    pub stairs: Option<Point>,
}

/// Whose dungeon the floors of rooms are: the book's BSP, gh-dungeons', or
/// rrpg's grid carved onto the map. The caves are the book's whatever the
/// style.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    #[default]
    /// The book's rooms (chapter 2).
    Book,
    /// gh-dungeons' BSP rooms.
    Gh,
    /// rrpg's grid of rooms.
    Grid,
}

impl Style {
    /// Every style, in the title's order.
    pub const ALL: [Style; 3] = [Style::Book, Style::Gh, Style::Grid];

    /// The style after this one, round (the title's D).
    pub const fn next(self) -> Style {
        match self {
            Style::Book => Style::Gh,
            Style::Gh => Style::Grid,
            Style::Grid => Style::Book,
        }
    }

    /// Its name in a save, a replay and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Style::Book => "book",
            Style::Gh => "gh",
            Style::Grid => "grid",
        }
    }

    /// The style of a name.
    pub fn named(name: &str) -> Option<Style> {
        Style::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Whose dungeons, in words for the title.
    pub const fn words(self) -> &'static str {
        match self {
            Style::Book => "the book's rooms",
            Style::Gh => "gh-dungeons' rooms",
            Style::Grid => "rrpg's grid",
        }
    }
}

/// The grid a floor of rrpg's style is grown on: its default size.
pub const GRID_STYLE: (usize, usize) = (grid::DEFAULT_W, grid::DEFAULT_H);
const _: () = assert!(GRID_STYLE.0 <= grid::CARVE_W && GRID_STYLE.1 <= grid::CARVE_H);
const _: () = assert!(GRID_STYLE.1 <= super::MAX_AREAS);

/// Makes the floor at `depth` of the book's style with the run's dice: the
/// map (and its doors, on a floor of rooms), the start, then the stairs.
pub fn assemble(depth: i32, rng: &mut Rng) -> Floor {
    assemble_styled(depth, Style::Book, rng)
}

/// Makes the floor at `depth` of a style. What a room, an area and a door
/// are on each:
/// - the book's: its rooms are the areas; a door where a corridor enters a
///   room's wall ring (`place_doors`); the start in the first room, the
///   stairs on the ground farthest from it.
/// - gh-dungeons': its rooms are the areas, the start the middle of the
///   first and the stairs its exit in the last ([`gh_bsp::dungeon`], before any
///   door); doors by the book's rule.
/// - rrpg's: a room is a grid cell's 3 x 3 block, its middle the floor and
///   its door bits the ways out; an area is a row of the grid (a floor has
///   at most 16 areas), the entrance's row first; a door where a way leaves
///   a room (by the book's rule, each room's one cell of floor its ring's
///   inside); the start at the entrance, the stairs on the ground farthest
///   from it.
///
/// Caves on floors 4 and 7 whatever the style; no stairs on the last floor.
pub fn assemble_styled(depth: i32, style: Style, rng: &mut Rng) -> Floor {
    let kind = kind_of(depth);
    let mut map = Map::new();
    let mut start = None;
    let mut exit = None;
    let areas = match (kind, style) {
        (FloorKind::Cave, _) => caves::generate(&mut map, rng),
        (FloorKind::Rooms, Style::Book) => {
            let rooms = rooms::generate(&mut map, rng);
            place_doors(&mut map, &rooms, rng);
            rooms
        }
        (FloorKind::Rooms, Style::Gh) => {
            let d = gh_bsp::dungeon(&mut map, crate::map::MAP_W, crate::map::MAP_H, rng)
                .expect("the map's own size is a gh-dungeons size");
            place_doors(&mut map, &d.rooms, rng);
            (start, exit) = (Some(d.start), Some(d.exit));
            d.rooms
        }
        (FloorKind::Rooms, Style::Grid) => {
            let (areas, entrance) = grid_floor(&mut map, rng);
            start = Some(entrance);
            areas
        }
    };
    let start = start.unwrap_or_else(|| start_in(&map, areas[0]));
    let stairs = if depth >= LAST_FLOOR {
        if let Some(e) = exit {
            map.set(e, Terrain::Floor);
        }
        None
    } else {
        let stairs = exit.unwrap_or_else(|| farthest_from(&map, start, rng.rules().edition()));
        map.set(stairs, Terrain::StairsDown);
        Some(stairs)
    };
    Floor {
        depth,
        kind,
        map,
        areas,
        start,
        stairs,
    }
}

/// rrpg's grid grown and carved onto the map, with its doors: the areas
/// (a grid row each, the entrance's first) and the entrance's middle.
#[expect(
    clippy::cast_possible_truncation,
    reason = "the grid on a floor is GRID_STYLE's, at most 21 x 12 rooms (asserted)"
)]
fn grid_floor(map: &mut Map, rng: &mut Rng) -> (Areas, Point) {
    let (w, h) = GRID_STYLE;
    let g = grid::generate(w, h, rng).expect("the style's grid size can be made");
    let entrance = g.carve(map).expect("the style's grid fits the map");
    let (ox, oy) = g.origin();
    let row_of = |y: usize| Rect::new(ox, oy + 3 * y as i32, 3 * w as i32, 3);
    let mut areas = Areas::new();
    let first = ((entrance.y - oy) / 3) as usize;
    let rows_with_rooms = (0..h).filter(|&y| (0..w).any(|x| g.at(x, y) != 0));
    for y in core::iter::once(first).chain(rows_with_rooms.filter(|&y| y != first)) {
        areas
            .push(row_of(y))
            .expect("a grid row an area, and the grid has at most MAX_AREAS rows");
    }
    // Each room's one cell of floor, its middle, as a room for the doors.
    let mut middles: heapless::Vec<Rect, { grid::CARVE_W * grid::CARVE_H }> = heapless::Vec::new();
    for y in 0..h {
        for x in 0..w {
            if g.at(x, y) != 0 {
                let m = Rect::new(ox + 3 * x as i32 + 1, oy + 3 * y as i32 + 1, 1, 1);
                middles
                    .push(m)
                    .expect("a room a cell, and the grid fits the map");
            }
        }
    }
    place_doors(map, &middles, rng);
    (areas, entrance)
}

/// Where the player starts in an area: the walkable cell nearest its
/// middle, by squared distance, the first found row by row on a tie. In a
/// room that is the middle itself.
pub fn start_in(map: &Map, area: Rect) -> Point {
    let middle = area.center();
    let mut best = middle;
    let mut best_distance = i32::MAX;
    for y in area.y..area.y + area.h {
        for x in area.x..area.x + area.w {
            let p = Point::new(x, y);
            let (dx, dy) = (x - middle.x, y - middle.y);
            let distance = dx * dx + dy * dy;
            if map.is_walkable(p) && distance < best_distance {
                best = p;
                best_distance = distance;
            }
        }
    }
    best
}

/// The cell farthest from `start` by walking, the first found row by row
/// with the strictly greatest cost: where the stairs down go, so every
/// floor has to be crossed to find the way down. The walk is over the
/// dungeon as built, where a secret door costs what a closed one does. The
/// book's edition takes any cell the walk reaches (its `farthestFrom`); the
/// first took plain ground only.
pub fn farthest_from(map: &Map, start: Point, edition: Edition) -> Point {
    let mut distances = DijkstraMap::new();
    distances.compute(map, &[start], built_cost);
    let ground = |i: usize| matches!(map.cells()[i], Terrain::Floor | Terrain::CaveFloor);
    distances
        .highest(|i| edition.stairs_on_any_cell || ground(i))
        .unwrap_or(start)
}

/// Puts doors where corridors enter rooms through their wall rings: a ring
/// cell (not a corner) that is floor, with floor beyond it and wall on both
/// sides along the ring, is a doorway. Each doorway gets a door `DOOR_IN`
/// times in `DOOR_OF`, and a door is secret one time in `SECRET_ONE_IN`
/// (when that roll shows a 1). The doorways are taken in the
/// edition's order: the book's reads the whole map row by row; the first
/// took the rooms in order, each ring row by row. Returns how many doors it
/// placed.
pub fn place_doors(map: &mut Map, rooms: &[Rect], rng: &mut Rng) -> usize {
    let edition = rng.rules().edition();
    let mut doors = 0;
    let mut door_at = |map: &mut Map, p: Point, rng: &mut Rng| {
        if rng.roll(1, DOOR_OF) <= DOOR_IN {
            let door = if rng.roll(1, SECRET_ONE_IN) == 1 {
                Terrain::SecretDoor
            } else {
                Terrain::ClosedDoor
            };
            map.set(p, door);
            doors += 1;
        }
    };
    if edition.doors_room_by_room {
        for room in rooms {
            for y in room.y - 1..=room.y + room.h {
                for x in room.x - 1..=room.x + room.w {
                    let p = Point::new(x, y);
                    if is_doorway(map, *room, p) {
                        door_at(map, p, rng);
                    }
                }
            }
        }
    } else {
        for i in 0..MAP_CELLS {
            let p = Map::point_of(i);
            if rooms.iter().any(|room| is_doorway(map, *room, p)) {
                door_at(map, p, rng);
            }
        }
    }
    doors
}

/// A cell of a room's wall ring, not a corner, that is floor, with floor
/// beyond it and wall on both sides along the ring: where a corridor comes
/// in (one that runs alongside the ring is not a doorway).
fn is_doorway(map: &Map, room: Rect, p: Point) -> bool {
    let Some((outward, along)) = ring_side(room, p) else {
        return false;
    };
    let beyond = Point::new(p.x + outward.0, p.y + outward.1);
    let side_a = Point::new(p.x + along.0, p.y + along.1);
    let side_b = Point::new(p.x - along.0, p.y - along.1);
    map.at(p) == Terrain::Floor
        && map.at(beyond) == Terrain::Floor
        && map.at(side_a) == Terrain::Wall
        && map.at(side_b) == Terrain::Wall
}

/// For a cell of a room's wall ring that is not a corner: the step out of
/// the room, and the step along the ring. `None` for any other cell.
fn ring_side(room: Rect, p: Point) -> Option<((i32, i32), (i32, i32))> {
    let inside_x = p.x >= room.x && p.x < room.x + room.w;
    let inside_y = p.y >= room.y && p.y < room.y + room.h;
    if inside_x && p.y == room.y - 1 {
        Some(((0, -1), (1, 0)))
    } else if inside_x && p.y == room.y + room.h {
        Some(((0, 1), (1, 0)))
    } else if inside_y && p.x == room.x - 1 {
        Some(((-1, 0), (0, 1)))
    } else if inside_y && p.x == room.x + room.w {
        Some(((1, 0), (0, 1)))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_in_a_room_is_its_middle_and_in_a_cave_the_nearest_ground() {
        let mut map = Map::new();
        let room = Rect::new(3, 3, 6, 5);
        map.carve(room);
        assert_eq!(start_in(&map, room), Point::new(6, 5));
        let mut cave = Map::new();
        cave.set(Point::new(2, 2), Terrain::CaveFloor);
        cave.set(Point::new(9, 7), Terrain::CaveFloor);
        cave.set(Point::new(7, 8), Terrain::CaveFloor);
        // The middle of (0,0,16,12) is (8,6): (9,7) is 2 away, (7,8) is 5.
        assert_eq!(start_in(&cave, Rect::new(0, 0, 16, 12)), Point::new(9, 7));
    }

    #[test]
    fn a_corridor_into_a_room_makes_a_doorway_but_one_alongside_does_not() {
        // The room is x 3..=6, y 2..=4. A corridor enters its left ring at
        // (2, 3); another runs along its top ring, which opens the ring
        // there, so no doorway.
        let map = Map::from_rows(&[
            "############", //
            "###....#####", //
            "###....#####", //
            "#......#####", //
            "###....#####", //
            "############",
        ])
        .unwrap();
        let room = Rect::new(3, 2, 4, 3);
        let doorway = Point::new(2, 3);
        let mut dice = Rng::new(1);
        let (mut doors, mut secret) = (0, 0);
        for _ in 0..400 {
            let mut m = map.clone();
            doors += place_doors(&mut m, &[room], &mut dice);
            match m.at(doorway) {
                Terrain::SecretDoor => secret += 1,
                Terrain::ClosedDoor | Terrain::Floor => {}
                t => panic!("{t:?}"),
            }
            m.set(doorway, Terrain::Floor);
            assert_eq!(m, map, "only the doorway may change");
        }
        // 3 in 4 of 400 is 300, and 1 in 8 of those about 37.
        assert!((250..=350).contains(&doors), "{doors} doors");
        assert!((15..=65).contains(&secret), "{secret} secret doors");
    }
}
