//! What the map shows this frame: each cell's look, and what is laid over
//! it (the way a click or the travel cursor would go, the line of fire,
//! the cursor, a hit's flash, a missile in flight, the F-keys' labels),
//! with the one rule for how each is drawn, and the camera that picks the
//! cells a screen smaller than the map shows.

use super::camera::Camera;
use super::cell::cell_among;
use super::{CellLook, Tile, distance_label, distances, mind_label};
use crate::juice::{Juice, Missile};
use amulets_core::cellset::CellSet;
use amulets_core::color::{Rgb, palette};
use amulets_core::game::Game;
use amulets_core::geom::Point;
use amulets_core::map::{MAP_H, MAP_W, Map};
use amulets_core::path::dijkstra::DijkstraMap;

/// How much of a cell's colour the way's wash and a hit's flash cover (of
/// 255): the way lets the cell show through, the flash hardly.
pub const WAY_ALPHA: u8 = 90;
/// A hit's flash (of 255).
pub const FLASH_ALPHA: u8 = 170;

/// The colours of the picture that belong to no cell, line or screen:
/// what is behind everything, and the side panel's shade.
pub mod chrome {
    use amulets_core::color::{Rgb, palette};
    /// Behind everything: empty cells, the map's room, the log's.
    pub const BACKGROUND: Rgb = palette::BACKGROUND;
    /// The side panel, a shade apart from the map.
    pub const PANEL: Rgb = palette::WALL_BACK.tinted(palette::MEMORY_TINT);
    /// A screen's title.
    pub const TITLE: Rgb = palette::HIGHLIGHT;
    /// The look panel's words.
    pub const LOOK: Rgb = palette::TEXT;
    /// The words of a shell's own (a terminal too small to play in).
    pub const TEXT: Rgb = palette::TEXT;
    /// A screen's "(more below)", when it has more lines than room.
    pub const MORE: Rgb = palette::DIM_TEXT;
}

/// The map cell at the top left of a view `size` cells across and down:
/// the whole map when the view is as big, else `focus` as near the middle
/// as the map's edges allow.
pub fn camera(focus: Point, (w, h): (i32, i32)) -> Point {
    let axis = |focus: i32, view: i32, size: i32| {
        if view >= size {
            0
        } else {
            (focus - view / 2).clamp(0, size - view)
        }
    };
    Point::new(axis(focus.x, w, MAP_W), axis(focus.y, h, MAP_H))
}

/// An F-key's label on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Label {
    /// F3: the whole steps from the player, the last two digits, on a cell
    /// of open floor.
    Steps(u32),
    /// F4: a monster's mind, z asleep, w wandering, h hunting.
    Mind(char),
}

impl Label {
    /// Its words: two digits for steps (a space before one), a letter
    /// for a mind.
    pub fn text(self) -> heapless::String<2> {
        let mut out = heapless::String::new();
        let put = |out: &mut heapless::String<2>, c: char| {
            out.push(c)
                .expect("at most two characters of one byte each");
        };
        match self {
            Label::Steps(n) => {
                let tens = char::from_digit(n / 10 % 10, 10).filter(|_| n >= 10);
                put(&mut out, tens.unwrap_or(' '));
                put(&mut out, char::from_digit(n % 10, 10).unwrap_or('?'));
            }
            Label::Mind(c) => put(&mut out, c),
        }
        out
    }

    /// The label's colour.
    pub const fn color(self) -> Rgb {
        palette::DEBUG
    }

    /// What the label blanks its cell to first, if anything: steps hide
    /// the floor under them, a mind is written over the monster.
    pub const fn back(self) -> Option<Rgb> {
        match self {
            Label::Steps(_) => Some(palette::BACKGROUND),
            Label::Mind(_) => None,
        }
    }
}

/// A cell as a grid of characters shows it: one glyph in two colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextCell {
    /// The character.
    pub glyph: char,
    /// Its colour.
    pub fg: Rgb,
    /// The cell's background.
    pub bg: Rgb,
}

/// Everything shown at one cell of the map.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// The ground and what is on it, or `None` for nothing (rock, or what
    /// the player has never seen).
    pub look: Option<CellLook>,
    /// An F-key's label.
    pub label: Option<Label>,
    /// On the way shown (a route, or the line of fire).
    pub way: bool,
    /// The cursor is here.
    pub cursor: bool,
    /// A hit flashes here.
    pub flash: bool,
    /// A missile in flight over it: its glyph and colour.
    pub missile: Option<(char, Rgb)>,
}

impl Shown {
    /// The cell as one character, every overlay applied in one order: the
    /// look, the label, the way's wash, the flash's, the missile, and the
    /// cursor over all (dark on the highlight, a `+` on an empty cell).
    pub fn text_cell(&self) -> TextCell {
        let mut out = match self.look {
            Some(l) => TextCell {
                glyph: l.glyph,
                fg: l.fg,
                bg: l.bg,
            },
            None => TextCell {
                glyph: ' ',
                fg: palette::BACKGROUND,
                bg: palette::BACKGROUND,
            },
        };
        if let Some(label) = self.label {
            out.glyph = label.text().chars().last().unwrap_or(' ');
            out.fg = label.color();
            out.bg = label.back().unwrap_or(out.bg);
        }
        for (color, alpha) in self.washes() {
            out.bg = out.bg.washed(color, alpha);
        }
        if let Some((glyph, color)) = self.missile {
            out.glyph = glyph;
            out.fg = color;
        }
        if self.cursor {
            out.bg = palette::HIGHLIGHT;
            out.fg = palette::BACKGROUND;
            if out.glyph == ' ' {
                out.glyph = '+';
            }
        }
        out
    }

    /// The see-through colours laid over the cell, in order: the way's,
    /// then a flash's, each with its opacity.
    pub fn washes(&self) -> impl Iterator<Item = (Rgb, u8)> {
        let way = self.way.then_some((palette::ROUTE, WAY_ALPHA));
        let flash = self.flash.then_some((palette::FLASH, FLASH_ALPHA));
        way.into_iter().chain(flash)
    }

    /// The outline a picture draws round the cursor's cell.
    pub fn outline(&self) -> Option<Rgb> {
        self.cursor.then_some(palette::HIGHLIGHT)
    }
}

/// The look of a tile's kind layer: the colour its glyph has (white for a
/// tile of one fixed colour).
pub fn tile_colour(tile: Tile) -> Rgb {
    match tile {
        Tile::Monster(k) => amulets_core::monster::kind(k).color,
        Tile::Item(i) => amulets_core::item::kind(i).color,
        Tile::Trap => palette::TRAP,
        Tile::Player => palette::PLAYER,
        _ => palette::NO_TINT,
    }
}

/// What a picture of the map was made from, so that the next picture need
/// look again only at the cells whose making changed (`Scene::
/// cells_changed`). A painter keeps one.
#[derive(Clone, Default)]
pub struct Memo {
    /// Nothing was made from it yet.
    made: bool,
    map: Map,
    visible: CellSet,
    explored: CellSet,
    /// The cells whose look depends on more than their terrain and sight:
    /// a trap, an item, a monster or the player on them, or the way, the
    /// cursor, a flash or a missile over them.
    busy: CellSet,
    /// The debugging views' switches: F1, F3, F4, F6.
    views: [bool; 4],
}

/// What the map shows this frame, from a game and what is laid over it.
#[derive(Clone)]
pub struct Scene<'a> {
    game: &'a Game,
    way: CellSet,
    cursor: Option<Point>,
    juice: Option<&'a Juice>,
    /// The missile in flight now, worked out once for every cell.
    missile: Option<Missile>,
    /// The cells with a trap, an item or a monster on them: only those
    /// need the floor's lists searched.
    held: CellSet,
    /// Where a view smaller than the map last looked, when one is kept.
    memory: Option<&'a Camera>,
}

impl<'a> Scene<'a> {
    /// The game's map with nothing laid over it but the juice.
    pub fn new(game: &'a Game, juice: Option<&'a Juice>) -> Scene<'a> {
        let level = game.level();
        let mut held = CellSet::new();
        let places = level.traps.iter().map(|t| t.pos);
        let places = places.chain(level.items.iter().map(|i| i.pos));
        places
            .chain(level.monsters.iter().map(|m| m.pos))
            .filter(|&p| Map::in_bounds(p))
            .for_each(|p| held.insert(p));
        Scene {
            game,
            way: CellSet::new(),
            cursor: None,
            juice,
            missile: juice.and_then(Juice::missile),
            held,
            memory: None,
        }
    }

    /// With these cells shown as the way.
    #[must_use]
    pub fn with_way(mut self, cells: impl IntoIterator<Item = Point>) -> Scene<'a> {
        cells
            .into_iter()
            .filter(|&p| Map::in_bounds(p))
            .for_each(|p| self.way.insert(p));
        self
    }

    /// With the cursor out at `cursor`.
    #[must_use]
    pub fn with_cursor(mut self, cursor: Option<Point>) -> Scene<'a> {
        self.cursor = cursor;
        self
    }

    /// With a camera that remembers where it looked ([`Camera`]).
    #[must_use]
    pub fn with_camera(mut self, camera: &'a Camera) -> Scene<'a> {
        self.memory = Some(camera);
        self
    }

    /// The game shown.
    pub fn game(&self) -> &'a Game {
        self.game
    }

    /// The cursor, while it is out.
    pub fn cursor(&self) -> Option<Point> {
        self.cursor
    }

    /// What a camera follows: the cursor while it is out, else the player.
    pub fn focus(&self) -> Point {
        self.cursor.unwrap_or(self.game.player().pos)
    }

    /// The top left cell of a view `size` cells across and down: with a
    /// camera that remembers, as [`Camera`] says; else the focus as near
    /// the middle as the map allows.
    pub fn camera(&self, size: (i32, i32)) -> Point {
        match self.memory {
            Some(memory) => memory.follow(self.game, self.focus(), size),
            None => camera(self.focus(), size),
        }
    }

    /// The top left cell of a view `size` cells across and down that
    /// shows the focus and, where it can, the nearest monster in view: a
    /// view smaller than sight (a 128 x 64 panel's 7 rows) moves from the
    /// middle toward it, as far as keeps the focus a cell inside.
    pub fn camera_in_sight(&self, size: (i32, i32)) -> Point {
        let camera = camera(self.focus(), size);
        let focus = self.focus();
        let level = self.game.level();
        let Some(near) = (level.monsters.iter())
            .map(|m| m.pos)
            .filter(|&p| level.visible.contains(p))
            .min_by_key(|p| (p.x - focus.x).abs().max((p.y - focus.y).abs()))
        else {
            return camera;
        };
        // Along one axis: the view's first cell, moved to hold `near`.
        let axis = |first: i32, view: i32, focus: i32, near: i32, size: i32| {
            if view >= size || view < 3 {
                return first;
            }
            let moved = if near < first {
                near.max(focus - view + 2)
            } else if near >= first + view {
                (near - view + 1).min(focus - 1)
            } else {
                first
            };
            moved.clamp(0, size - view)
        };
        Point::new(
            axis(camera.x, size.0, focus.x, near.x, MAP_W),
            axis(camera.y, size.1, focus.y, near.y, MAP_H),
        )
    }

    /// Each monster in view that a view `size` cells from `camera` cannot
    /// show, as the view's edge shows it: at the edge cell nearest to it,
    /// its glyph dark on its colour (a mark, not the monster's place).
    pub fn beyond_view(&self, camera: Point, size: (i32, i32), mut f: impl FnMut(Point, TextCell)) {
        let level = self.game.level();
        let inside = |p: Point| {
            (camera.x..camera.x + size.0).contains(&p.x)
                && (camera.y..camera.y + size.1).contains(&p.y)
        };
        for m in &level.monsters {
            if !level.visible.contains(m.pos) || inside(m.pos) {
                continue;
            }
            let c = self.at(m.pos).text_cell();
            let edge = Point::new(
                m.pos.x.clamp(camera.x, camera.x + size.0 - 1),
                m.pos.y.clamp(camera.y, camera.y + size.1 - 1),
            );
            let mark = TextCell {
                glyph: c.glyph,
                fg: palette::BACKGROUND,
                bg: c.fg,
            };
            f(edge, mark);
        }
    }

    /// How far a big blow shakes the map now, in the picture's pixels.
    pub fn shake(&self) -> (i32, i32) {
        self.juice.map_or((0, 0), Juice::shake)
    }

    /// What one cell shows (with no F3 label: `cells` gives those).
    pub fn at(&self, p: Point) -> Shown {
        self.shown(p, None)
    }

    /// Each cell of the view `size` cells across and down from `camera`,
    /// row by row, with what it shows.
    pub fn cells(&self, camera: Point, size: (i32, i32), mut f: impl FnMut(Point, &Shown)) {
        if self.game.debug().distances {
            self.cells_with_steps(camera, size, &mut f);
        } else {
            self.each(camera, size, None, &mut f);
        }
    }

    /// The cells whose picture may differ from the scene `memo` was made
    /// from, each with what it shows now, and `memo` made from this scene.
    /// All the map's cells when the memo is new, or when something of the
    /// whole map changed: the terrain, a debugging view, F3's distances
    /// (which move with the player). Any other cell shows what it showed:
    /// its look is made from its terrain and its neighbours', whether it
    /// is seen and explored, the debugging views, and what stands, lies or
    /// is laid on it, and all of those are compared.
    pub fn cells_changed(&self, memo: &mut Memo, mut f: impl FnMut(Point, &Shown)) {
        let level = self.game.level();
        let debug = self.game.debug();
        let views = [
            debug.reveal,
            debug.distances,
            debug.minds,
            debug.cave.is_some(),
        ];
        let mut busy = self.held.clone();
        busy.insert(self.game.player().pos);
        busy.union_with(&self.way);
        let laid = self.cursor.into_iter().chain(self.missile.map(|m| m.at));
        let flashes = self.juice.into_iter().flat_map(Juice::flashes);
        laid.chain(flashes)
            .filter(|&p| Map::in_bounds(p))
            .for_each(|p| busy.insert(p));
        let whole = !memo.made
            || memo.views != views
            || debug.distances
            || debug.cave.is_some()
            || memo.map != level.map;
        if whole {
            self.cells(Point::new(0, 0), (MAP_W, MAP_H), f);
            memo.map = level.map.clone();
        } else {
            let mut check = busy.clone();
            check.union_with(&memo.busy);
            check.union_with_differences(&memo.visible, &level.visible);
            check.union_with_differences(&memo.explored, &level.explored);
            for i in check.indices() {
                let p = Map::point_of(i);
                f(p, &self.shown(p, None));
            }
        }
        memo.made = true;
        memo.visible = level.visible.clone();
        memo.explored = level.explored.clone();
        memo.busy = busy;
        memo.views = views;
    }

    /// F3's view: its distances are worked out for this picture alone, in
    /// a frame of their own, so a view that never shows them (the board's)
    /// never needs the room.
    #[inline(never)]
    fn cells_with_steps(&self, camera: Point, size: (i32, i32), f: &mut impl FnMut(Point, &Shown)) {
        let steps = distances(self.game);
        self.each(camera, size, steps.as_ref(), f);
    }

    fn each(
        &self,
        camera: Point,
        (w, h): (i32, i32),
        steps: Option<&DijkstraMap>,
        f: &mut impl FnMut(Point, &Shown),
    ) {
        for row in 0..h {
            for col in 0..w {
                let p = Point::new(camera.x + col, camera.y + row);
                f(p, &self.shown(p, steps));
            }
        }
    }

    fn shown(&self, p: Point, steps: Option<&DijkstraMap>) -> Shown {
        let look = cell_among(self.game, p, self.held.contains(p));
        let on_floor = look.is_some_and(|l| matches!(l.tile, Tile::Floor | Tile::Dirt));
        // Labels only on cells drawn: what is not shown is not named.
        let label = look
            .and(mind_label(self.game, p).map(Label::Mind))
            .or_else(|| {
                steps
                    .filter(|_| on_floor)
                    .and_then(|d| distance_label(d, p))
                    .map(Label::Steps)
            });
        let missile = self
            .missile
            .filter(|m| m.at == p)
            .map(|m| (m.glyph, m.color));
        Shown {
            look,
            label,
            way: Map::in_bounds(p) && self.way.contains(p),
            cursor: self.cursor == Some(p),
            flash: self.juice.is_some_and(|j| j.flashing(p)),
            missile,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::monster::{KindId, Mind, Monster};
    use amulets_core::player::Class;

    /// A Fighter at the top of a hall 3 wide and 20 long, a rat 8 below
    /// him, in sight.
    fn hall_with_a_rat() -> Game {
        let mut rows = [[b'#'; 5]; 22];
        for row in &mut rows[1..21] {
            row[1..4].fill(b'.');
        }
        let rows: heapless::Vec<&str, 22> = rows
            .iter()
            .map(|r| core::str::from_utf8(r).unwrap())
            .collect();
        let map = Map::from_rows(&rows).unwrap();
        let mut game = Game::with_floor(1, Class::Fighter, 1, map, Point::new(2, 2));
        let kind = KindId::all()
            .find(|k| k.kind().name == "giant white rat")
            .unwrap();
        let rat = Monster {
            kind,
            pos: Point::new(2, 10),
            hp: kind.kind().hp,
            mind: Mind::Hunting,
            band: 0,
            heading: 0,
        };
        game.level_mut().monsters.push(rat).unwrap();
        game.refresh_view();
        assert!(game.level().visible.contains(Point::new(2, 10)));
        game
    }

    #[test]
    fn a_short_view_moves_toward_the_monster_in_sight_keeping_the_player() {
        let game = hall_with_a_rat();
        let scene = Scene::new(&game, None);
        // 7 rows cannot hold the player (row 2) and the rat (row 10): the
        // view moves as far as keeps the player a row inside, rows 1 to 7.
        assert_eq!(scene.camera((32, 7)), Point::new(0, 0));
        assert_eq!(scene.camera_in_sight((32, 7)), Point::new(0, 1));
        // 10 rows hold both.
        let c = scene.camera_in_sight((32, 10));
        assert!(
            (c.y..c.y + 10).contains(&10) && (c.y..c.y + 10).contains(&2),
            "{c:?}"
        );
        // The rat a 7-row view cannot show is marked on its edge, in its
        // column: its glyph dark on its colour.
        let mut marks = heapless::Vec::<(Point, TextCell), 4>::new();
        let camera = scene.camera_in_sight((32, 7));
        scene.beyond_view(camera, (32, 7), |p, c| marks.push((p, c)).unwrap());
        let rat = scene.at(Point::new(2, 10)).text_cell();
        assert_eq!(marks.len(), 1);
        assert_eq!(marks[0].0, Point::new(2, 7));
        assert_eq!((marks[0].1.glyph, marks[0].1.bg), (rat.glyph, rat.fg));
        // A view that holds it marks nothing.
        let mut any = false;
        scene.beyond_view(c, (32, 10), |_, _| any = true);
        assert!(!any);
    }
}
