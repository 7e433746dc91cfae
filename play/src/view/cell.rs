//! How a cell of the map looks: its glyph, tile and colours, lit or
//! remembered, and what stands or lies on it (`cell`).

use amulets_core::color::{Rgb, palette};
use amulets_core::game::Game;
use amulets_core::geom::Point;
use amulets_core::item::ItemId;
use amulets_core::map::{Map, Terrain};
use amulets_core::monster::KindId;

/// What the tile view draws for a cell, from our own atlas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tile {
    /// A wall.
    Wall,
    /// A room's floor.
    Floor,
    /// A cave's earth, tinted with `DIRT_TINT`.
    Dirt,
    /// The stairs down.
    Stairs,
    /// A closed door.
    ClosedDoor,
    /// An open door.
    OpenDoor,
    /// A known trap.
    Trap,
    /// The player.
    Player,
    /// A monster of a kind.
    Monster(KindId),
    /// An item of a kind.
    Item(ItemId),
}

/// How to draw one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellLook {
    /// The character shown.
    pub glyph: char,
    /// The glyph's colour.
    pub fg: Rgb,
    /// The cell's background.
    pub bg: Rgb,
    /// The tile, and the ground tile under it (for stairs, monsters and
    /// items, which the tile view draws over the ground).
    pub tile: Tile,
    /// The tile under it.
    pub ground: Tile,
    /// Multiplied into the tile's colours: the dirt tint, the memory tint.
    pub tint: Rgb,
    /// In view now; otherwise remembered.
    pub lit: bool,
}

impl CellLook {
    /// The cell as one pixel of an overview, a pixel a cell: a wall its
    /// bright face (each channel the brighter of its glyph and its back),
    /// anything else its glyph's colour.
    pub fn dot(&self) -> Rgb {
        if self.glyph == '#' {
            Rgb::new(
                self.bg.r.max(self.fg.r),
                self.bg.g.max(self.fg.g),
                self.bg.b.max(self.fg.b),
            )
        } else {
            self.fg
        }
    }

    /// The tint of what stands on the ground in the tile view (the
    /// player, a monster, an item): none in view, the memory's else.
    pub const fn thing_tint(&self) -> Rgb {
        if self.lit {
            palette::NO_TINT
        } else {
            palette::MEMORY_TINT
        }
    }
}

/// How a cell of ground looks, lit or remembered; `None` for rock nobody
/// would see (a wall with no open ground next to it).
fn terrain_look(map: &Map, p: Point, lit: bool) -> Option<CellLook> {
    let t = map.at(p);
    let glyph = terrain_glyph(t);
    let (fg_lit, tile) = match t {
        Terrain::Wall | Terrain::SecretDoor => {
            if !map.borders_floor(p) {
                return None;
            }
            (palette::WALL, Tile::Wall)
        }
        Terrain::Floor => (palette::FLOOR, Tile::Floor),
        Terrain::CaveFloor => (palette::CAVE_FLOOR, Tile::Dirt),
        Terrain::StairsDown => (palette::STAIRS, Tile::Stairs),
        Terrain::ClosedDoor => (palette::DOOR, Tile::ClosedDoor),
        Terrain::OpenDoor => (palette::DOOR, Tile::OpenDoor),
    };
    let is_wall = tile == Tile::Wall;
    let fg = match (lit, is_wall) {
        (true, _) => fg_lit,
        (false, true) => palette::MEMORY_WALL,
        (false, false) => palette::MEMORY_FLOOR,
    };
    let bg = match (lit, is_wall) {
        (true, true) => palette::WALL_BACK,
        (false, true) => palette::MEMORY_WALL_BACK,
        _ => palette::BACKGROUND,
    };
    let base_tint = if tile == Tile::Dirt {
        palette::DIRT_TINT
    } else {
        palette::NO_TINT
    };
    let ground = match tile {
        Tile::Stairs => Tile::Floor,
        other => other,
    };
    Some(CellLook {
        glyph,
        fg,
        bg,
        tile,
        ground,
        tint: if lit {
            base_tint
        } else {
            base_tint.tinted(palette::MEMORY_TINT)
        },
        lit,
    })
}

/// The glyph a kind of ground is drawn with: a secret door looks a wall,
/// and a cave's floor the floor.
pub const fn terrain_glyph(t: Terrain) -> char {
    match t {
        Terrain::Wall | Terrain::SecretDoor => '#',
        Terrain::Floor | Terrain::CaveFloor => '.',
        Terrain::StairsDown => '>',
        Terrain::ClosedDoor => '+',
        Terrain::OpenDoor => '\'',
    }
}

/// What to draw at a cell of the map view, or `None` for nothing (rock,
/// or what the player has never seen).
pub fn cell(game: &Game, p: Point) -> Option<CellLook> {
    cell_among(game, p, true)
}

/// `cell`, told whether anything may stand or lie on `p` (`held`: a trap,
/// an item or a monster): when nothing can, the floor's lists are not
/// searched. A scene knows which cells hold something, for every cell of
/// a picture at once.
pub(crate) fn cell_among(game: &Game, p: Point, held: bool) -> Option<CellLook> {
    if let Some(steps) = &game.debug().cave {
        return cave_step_cell(steps, p);
    }
    let level = game.level();
    let reveal = game.debug().reveal;
    let lit = level.visible.contains(p) || reveal;
    if !level.explored.contains(p) && !reveal {
        return None;
    }
    let mut look = terrain_look(&level.map, p, lit)?;
    if reveal && level.map.at(p) == Terrain::SecretDoor {
        // F1 shows what the floor hides, secret doors too.
        look.glyph = 'S';
        look.fg = palette::DOOR;
    }
    let over = |look: &mut CellLook, glyph: char, color: Rgb, tile: Tile| {
        look.glyph = glyph;
        look.fg = if look.lit {
            color
        } else {
            palette::MEMORY_FLOOR
        };
        look.bg = palette::BACKGROUND;
        look.tile = tile;
    };
    if held
        && let Some(i) = level.item_at(p)
        && (level.items[i].seen || reveal)
    {
        let item = level.items[i].item;
        over(
            &mut look,
            item.kind().glyph,
            item.kind().color,
            Tile::Item(item.kind),
        );
    }
    // A known trap shows over an item on it: the danger, not the loot
    // (`x` names both).
    if held
        && let Some(t) = level.trap_at(p)
        && (level.traps[t].known || reveal)
    {
        over(&mut look, '^', palette::TRAP, Tile::Trap);
    }
    if lit
        && held
        && let Some(m) = level.monster_at(p)
    {
        let m = level.monsters[m];
        over(
            &mut look,
            m.kind().glyph,
            m.kind().color,
            Tile::Monster(m.kind),
        );
    }
    if p == game.player().pos {
        over(&mut look, '@', palette::PLAYER, Tile::Player);
    }
    Some(look)
}

/// F6's cave: every cell lit, walls and all, and where a player would start.
fn cave_step_cell(steps: &amulets_core::game::CaveSteps, p: Point) -> Option<CellLook> {
    let t = steps.map.at(p);
    let mut look = match t {
        Terrain::Wall => CellLook {
            glyph: '#',
            fg: palette::WALL,
            bg: palette::WALL_BACK,
            tile: Tile::Wall,
            ground: Tile::Wall,
            tint: palette::NO_TINT,
            lit: true,
        },
        _ => terrain_look(&steps.map, p, true)?,
    };
    if steps.start == Some(p) {
        look.glyph = '@';
        look.fg = palette::PLAYER;
        look.tile = Tile::Player;
    }
    Some(look)
}
