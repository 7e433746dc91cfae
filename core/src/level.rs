//! One floor as the game plays it: the map and what the player has seen of
//! it, and what stands and lies on it. Fixed capacities, each with its
//! bound.

use crate::cellset::CellSet;
use crate::geom::{Areas, Point};
use crate::item::{FloorItem, kinds};
use crate::map::Map;
use crate::monster::Monster;

/// The most monsters a floor holds. Placing stops once a floor has the
/// monsters it wants (at most `MONSTERS_BASE + MONSTERS_PER_FLOOR *
/// LAST_FLOOR` = 25), and a pack begun below that adds at most the rest of
/// a pack (2 more): 27 (`game::place` asserts it). Monsters are never made
/// during play.
pub const MAX_MONSTERS: usize = 32;
/// The most items a floor holds: 1 Amulet, at most 11 items and 6 piles of
/// gold at the start (`game::place` asserts it), and what the player drops
/// or shoots; a drop that would not fit is refused, and an arrow with
/// nowhere to land breaks.
pub const MAX_FLOOR_ITEMS: usize = 48;
/// The most traps: `TRAPS_BASE + LAST_FLOOR / 2` = 6 (`game::place`
/// asserts it).
pub const MAX_TRAPS: usize = 8;

/// The kinds of trap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrapKind {
    /// "A needle pricks you.": poison.
    PoisonNeedle,
    /// Wakes every monster of the floor.
    Alarm,
    /// Moves the player to a random free cell.
    Teleport,
    /// Shoots a dart at the player.
    Dart,
}

impl TrapKind {
    /// Every kind, as placing rolls among them.
    pub const ALL: [TrapKind; 4] = [
        TrapKind::PoisonNeedle,
        TrapKind::Alarm,
        TrapKind::Teleport,
        TrapKind::Dart,
    ];

    /// What messages call it.
    pub const fn name(self) -> &'static str {
        match self {
            TrapKind::PoisonNeedle => "poison needle trap",
            TrapKind::Alarm => "alarm trap",
            TrapKind::Teleport => "teleport trap",
            TrapKind::Dart => "dart trap",
        }
    }
}

/// A trap: hidden until it springs or is found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trap {
    /// Its cell.
    pub pos: Point,
    /// What it does.
    pub kind: TrapKind,
    /// Found, sprung, or seen go off: shown, and asked about before a step.
    pub known: bool,
}

/// A floor being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// Which floor, 1 to 9.
    pub depth: i32,
    /// The terrain.
    pub map: Map,
    /// What the player sees this turn, and everything ever seen here.
    pub visible: CellSet,
    /// Every cell the player has ever seen on this floor.
    pub explored: CellSet,
    /// The monsters, in the order they act.
    pub monsters: heapless::Vec<Monster, MAX_MONSTERS>,
    /// What lies on the floor, a cell an item.
    pub items: heapless::Vec<FloorItem, MAX_FLOOR_ITEMS>,
    /// The traps, hidden or known.
    pub traps: heapless::Vec<Trap, MAX_TRAPS>,
    /// The stairs down; none on the last floor.
    pub stairs: Option<Point>,
    /// The rooms or the cave's squares things were placed in.
    pub areas: Areas,
    /// Where the player arrived.
    pub start: Point,
}

impl Level {
    /// A floor of rock with nothing on it.
    pub fn empty() -> Level {
        Level {
            depth: 0,
            map: Map::new(),
            visible: CellSet::new(),
            explored: CellSet::new(),
            monsters: heapless::Vec::new(),
            items: heapless::Vec::new(),
            traps: heapless::Vec::new(),
            stairs: None,
            areas: Areas::new(),
            start: Point::new(0, 0),
        }
    }

    /// The monster on a cell, by its place in `monsters`.
    pub fn monster_at(&self, p: Point) -> Option<usize> {
        self.monsters.iter().position(|m| m.pos == p)
    }

    /// The item on a cell, by its place in `items`.
    pub fn item_at(&self, p: Point) -> Option<usize> {
        self.items.iter().position(|i| i.pos == p)
    }

    /// The trap on a cell, by its place in `traps`.
    pub fn trap_at(&self, p: Point) -> Option<usize> {
        self.traps.iter().position(|t| t.pos == p)
    }

    /// True while this floor's Amulet lies on it.
    pub fn amulet_still_here(&self) -> bool {
        self.items.iter().any(|i| i.item.kind == kinds::AMULET)
    }
}
