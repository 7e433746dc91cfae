//! What a new floor holds, placed in the order docs/rules.md gives after the
//! player and the stairs: the Amulet, monsters, items, gold, traps. Every
//! number of chapter 18 is here, with ours where the book's is unknown.

use crate::geom::{Dir, Point, Rect};
use crate::item::{FloorItem, Item, kinds};
use crate::level::{Level, MAX_FLOOR_ITEMS, MAX_MONSTERS, MAX_TRAPS, Trap, TrapKind};
use crate::map::{Map, Terrain};
use crate::monster::{KindId, MONSTERS, Mind, Monster, traits};
use crate::path::built_cost;
use crate::path::dijkstra::DijkstraMap;
use crate::rng::Rng;
use crate::rules::LAST_FLOOR;
use crate::rules::{Edition, FloorKind, Rules, kind_of};

/// A floor of rooms wants `MONSTERS_BASE + MONSTERS_PER_FLOOR * depth`
/// monsters (17 on floor 1, 20 on floor 4); a cave `CAVE_MONSTERS_PERCENT`
/// of that (multiplied first: 15 on floor 4).
pub const MONSTERS_BASE: i32 = 16;
/// One monster more for each floor down.
pub const MONSTERS_PER_FLOOR: i32 = 1;
/// A cave's share, in percent, of a floor of rooms' monsters.
pub const CAVE_MONSTERS_PERCENT: i32 = 75;
// How often a monster starts awake, which kinds a cave holds, how many items
// and how much gold a floor has: the run's `Edition` (core::rules), since the
// book's checkpoints pinned other values than the first rules had.
/// Gold: 3 to 6 piles of `GOLD_MIN` to the edition's `gold_max` pieces
/// times the depth (*tune*).
pub const GOLD_PILES_MIN: i32 = 3;
/// The most piles of gold.
pub const GOLD_PILES_MAX: i32 = 6;
/// The fewest pieces in a pile, before the depth multiplies them.
pub const GOLD_MIN: i32 = 5;
/// The most items of a floor before the depth's share: the most of any
/// rule set's `items_base`.
const ITEMS_BASE_MOST: i32 = most_of(Bound::ItemsBase);
/// The biggest pile of gold before the depth: the most of any rule set's.
const GOLD_MAX_MOST: i32 = most_of(Bound::GoldMax);

/// A number of a rule set's `Edition` that sizes a floor's lists.
#[derive(Clone, Copy)]
enum Bound {
    ItemsBase,
    GoldMax,
    DeepOnLast,
}

/// The most of a number over every rule set.
const fn most_of(bound: Bound) -> i32 {
    let mut most = 0;
    let mut i = 0;
    while i < Rules::ALL.len() {
        let e = Rules::ALL[i].edition();
        let n = match bound {
            Bound::ItemsBase => e.items_base,
            Bound::GoldMax => e.gold_max,
            Bound::DeepOnLast => deep_on_last(e),
        };
        most = max(most, n);
        i += 1;
    }
    most
}

const fn max(a: i32, b: i32) -> i32 {
    if a > b { a } else { b }
}

/// Hidden traps: `TRAPS_BASE + depth / 2`.
pub const TRAPS_BASE: i32 = 2;
/// Tries to find a cell before giving up on one thing.
const TRIES: i32 = 20;

/// The biggest band of any kind of monster.
const BIGGEST_BAND: i32 = {
    let mut biggest = 0;
    let mut k = 0;
    while k < MONSTERS.len() {
        if MONSTERS[k].band_size as i32 > biggest {
            biggest = MONSTERS[k].band_size as i32;
        }
        k += 1;
    }
    biggest
};

// What a new floor is given fits its level's lists, on the deepest floor
// too, so no push below can fail. Monsters: placing stops once a floor has
// the monsters it wants, and the band begun below that adds at most the
// rest of a band.
const _: () = assert!(
    (MONSTERS_BASE + MONSTERS_PER_FLOOR * LAST_FLOOR + DEEP_MOST + BIGGEST_BAND - 1) as usize
        <= MAX_MONSTERS
);
/// The most monsters any rule set adds to the last floor.
const DEEP_MOST: i32 = most_of(Bound::DeepOnLast);

/// The monsters an edition adds to the last floor.
const fn deep_on_last(e: Edition) -> i32 {
    let (from, more) = e.deep_monsters;
    if more > 0 && LAST_FLOOR >= from {
        more * (LAST_FLOOR - from + 1)
    } else {
        0
    }
}
// Items: the Amulet, the items, the piles of gold; nothing else lies on a
// new floor.
const _: () =
    assert!((1 + ITEMS_BASE_MOST + LAST_FLOOR / 2 + GOLD_PILES_MAX) as usize <= MAX_FLOOR_ITEMS);
// A pile's count fits its u16: at most GOLD_MAX_MOST * LAST_FLOOR pieces.
const _: () = assert!(GOLD_MAX_MOST * LAST_FLOOR <= u16::MAX as i32);
const _: () = assert!((TRAPS_BASE + LAST_FLOOR / 2) as usize <= MAX_TRAPS);

/// Puts a new floor's things on it, in the order of the dice: the Amulet,
/// monsters, items, gold, traps. The level holds its map, areas and stairs
/// and nothing else yet; the player stands on its start.
pub(super) fn furnish(level: &mut Level, rng: &mut Rng) {
    let start = level.start;
    let edition = rng.rules().edition();
    let mut placer = Placer {
        level,
        rng,
        start,
        edition,
    };
    placer.amulet();
    placer.monsters();
    placer.items();
    placer.gold();
    placer.traps();
}

/// The free ground farthest from the start by walking, not the stairs:
/// where the Amulet goes when no other area has room. Never inlined: its
/// Dijkstra map lives on the stack only while it runs (the Cortex-M3 board
/// has 64 KiB in all).
#[inline(never)]
fn farthest_free(level: &Level, start: Point) -> Point {
    let mut distances = DijkstraMap::new();
    distances.compute(&level.map, &[start], built_cost);
    let (map, stairs) = (&level.map, level.stairs);
    distances
        .highest(|i| {
            let p = Map::point_of(i);
            map.is_walkable(p) && Some(p) != stairs && p != start
        })
        .unwrap_or(start)
}

/// A floor being furnished, with the run's dice.
struct Placer<'a> {
    level: &'a mut Level,
    rng: &'a mut Rng,
    /// The player's cell, kept free of everything.
    start: Point,
    /// The rules of the run's dice.
    edition: Edition,
}

impl Placer<'_> {
    /// A random cell of an area.
    fn cell_in(&mut self, area: Rect) -> Point {
        let x = area.x + self.rng.roll(0, area.w - 1);
        let y = area.y + self.rng.roll(0, area.h - 1);
        Point::new(x, y)
    }

    /// A random area: from `first` to the last.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a floor has at most MAX_AREAS (16) areas"
    )]
    fn area_from(&mut self, first: i32) -> Rect {
        let last = self.level.areas.len() as i32 - 1;
        self.level.areas[self.rng.roll(first, last) as usize]
    }

    /// Ground with nothing on it: no item, not the player's cell.
    fn free_for_item(&self, p: Point) -> bool {
        self.level.map.is_walkable(p) && p != self.start && self.level.item_at(p).is_none()
    }

    /// The floor's Amulet: in an area other than the player's, on free
    /// ground (20 tries), or else on the free ground farthest from the
    /// start.
    fn amulet(&mut self) {
        let mut at = None;
        if self.level.areas.len() > 1 {
            for _ in 0..TRIES {
                let area = self.area_from(1);
                let p = self.cell_in(area);
                if self.free_for_item(p) && self.level.stairs != Some(p) {
                    at = Some(p);
                    break;
                }
            }
        }
        let at = at.unwrap_or_else(|| farthest_free(self.level, self.start));
        let amulet = FloorItem {
            item: Item::one(kinds::AMULET),
            pos: at,
            seen: false,
            left: false,
        };
        self.level
            .items
            .push(amulet)
            .expect("the first item of an empty floor");
    }

    /// A kind for a new monster: any kind found on this floor, alike (the
    /// book's `chooseMonsterKind`); the first edition gave caves the kinds
    /// of a deeper floor.
    #[expect(clippy::cast_possible_truncation, reason = "MONSTERS has 14 kinds")]
    fn choose_monster_kind(&mut self) -> KindId {
        let edition = self.edition;
        let depth = edition
            .cave_kinds_as_floor
            .iter()
            .find(|&&(cave, _)| cave == self.level.depth)
            .map_or(self.level.depth, |&(_, kinds)| kinds);
        let fits = |k: &crate::monster::MonsterKind| {
            let first = edition
                .first_floors
                .iter()
                .find(|&&(name, _)| name == k.name)
                .map_or(k.floors.0, |&(_, floor)| floor);
            (first..=k.floors.1).contains(&depth)
        };
        let n = MONSTERS.iter().filter(|k| fits(k)).count() as i32;
        let pick = self.rng.roll(0, n - 1) as usize;
        KindId::all()
            .filter(|id| fits(id.kind()))
            .nth(pick)
            .expect("every floor's depth has kinds (a test holds it)")
    }

    /// A cell of ground in the area with no monster on it, or none if 20
    /// tries find none.
    fn free_cell_in(&mut self, area: Rect) -> Option<Point> {
        for _ in 0..TRIES {
            let p = self.cell_in(area);
            if self.level.map.is_walkable(p)
                && self.level.monster_at(p).is_none()
                && p != self.start
            {
                return Some(p);
            }
        }
        None
    }

    /// The floor's monsters, chapter 18's way: up to 100 tries, each a kind
    /// and an area other than the player's, a band all in that area, asleep
    /// or awake together.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "at most MAX_AREAS (16) areas and MAX_MONSTERS (32) monsters"
    )]
    fn monsters(&mut self) {
        let last = self.level.areas.len() as i32 - 1;
        if last < 1 {
            return;
        }
        let depth = self.level.depth;
        let mut wanted = MONSTERS_BASE + MONSTERS_PER_FLOOR * depth;
        let (deep_from, deep_more) = self.edition.deep_monsters;
        if deep_more > 0 && depth >= deep_from {
            wanted += deep_more * (depth - deep_from + 1);
        }
        if kind_of(depth) == FloorKind::Cave {
            wanted = wanted * CAVE_MONSTERS_PERCENT / 100;
        }
        let mut bands = 0u8;
        for _ in 0..100 {
            if self.level.monsters.len() as i32 >= wanted {
                return;
            }
            let kind = self.choose_monster_kind();
            let area = self.area_from(1);
            let def = kind.kind();
            let mut band = 0;
            if def.band_size > 1 {
                bands += 1;
                band = bands;
            }
            let one_in = if kind_of(depth) == FloorKind::Cave {
                self.edition.cave_awake_one_in
            } else {
                self.edition.awake_one_in
            };
            let awake = def.has(traits::NEVER_SLEEPS) || self.rng.roll(1, one_in) == 1;
            for _ in 0..def.band_size {
                if let Some(pos) = self.free_cell_in(area) {
                    // The book's monster rolls nothing more: it sets off
                    // north, the first of the directions.
                    let heading = if self.edition.rolls_heading {
                        Dir::ALL[self.rng.below(Dir::ALL.len())].index()
                    } else {
                        Dir::ALL[0].index()
                    };
                    let monster = Monster {
                        kind,
                        pos,
                        hp: def.hp,
                        mind: if awake { Mind::Wandering } else { Mind::Asleep },
                        band,
                        heading,
                    };
                    self.level
                        .monsters
                        .push(monster)
                        .expect("a floor's monsters fit MAX_MONSTERS (asserted above)");
                }
            }
        }
    }

    /// Items in any area: each has 20 tries at free ground.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a pile of arrows or darts is 3 to 10"
    )]
    fn items(&mut self) {
        let wanted = self.edition.items_base + self.level.depth / 2;
        for _ in 0..wanted {
            for _ in 0..TRIES {
                let area = self.area_from(0);
                let p = self.cell_in(area);
                if self.free_for_item(p) {
                    let kind = crate::item::choose_kind(self.rng);
                    let count = match kind {
                        kinds::ARROW => self.rng.roll(4, 10),
                        kinds::DART => self.rng.roll(3, 6),
                        _ => 1,
                    } as u16;
                    let item = FloorItem {
                        item: Item { kind, count },
                        pos: p,
                        seen: false,
                        left: false,
                    };
                    self.level
                        .items
                        .push(item)
                        .expect("a floor's items fit MAX_FLOOR_ITEMS (asserted above)");
                    break;
                }
            }
        }
    }

    /// Piles of gold, the deeper the bigger.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a pile is at most GOLD_MAX_MOST * LAST_FLOOR pieces (asserted)"
    )]
    fn gold(&mut self) {
        let piles = self.rng.roll(GOLD_PILES_MIN, GOLD_PILES_MAX);
        for _ in 0..piles {
            for _ in 0..TRIES {
                let area = self.area_from(0);
                let p = self.cell_in(area);
                if self.free_for_item(p) {
                    let most = self.edition.gold_max;
                    let count = (self.rng.roll(GOLD_MIN, most) * self.level.depth) as u16;
                    let gold = FloorItem {
                        item: Item {
                            kind: kinds::GOLD,
                            count,
                        },
                        pos: p,
                        seen: false,
                        left: false,
                    };
                    self.level
                        .items
                        .push(gold)
                        .expect("a floor's items fit MAX_FLOOR_ITEMS (asserted above)");
                    break;
                }
            }
        }
    }

    /// Hidden traps on plain floor with nothing on it, away from the
    /// player's cell and the stairs.
    fn traps(&mut self) {
        let wanted = TRAPS_BASE + self.level.depth / 2;
        for _ in 0..wanted {
            for _ in 0..TRIES {
                let area = self.area_from(0);
                let p = self.cell_in(area);
                let plain = matches!(self.level.map.at(p), Terrain::Floor | Terrain::CaveFloor);
                if plain && self.free_for_item(p) && self.level.trap_at(p).is_none() {
                    let kind = TrapKind::ALL[self.rng.below(TrapKind::ALL.len())];
                    let trap = Trap {
                        pos: p,
                        kind,
                        known: false,
                    };
                    self.level
                        .traps
                        .push(trap)
                        .expect("a floor's traps fit MAX_TRAPS (asserted above)");
                    break;
                }
            }
        }
    }
}
