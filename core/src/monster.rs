//! Monsters: the kinds in one const table, in three bands by depth, and a
//! monster on a floor. The rules they follow each turn are the game's
//! (`game::monsters`); this module says what each kind is.

use crate::color::Rgb;
use crate::geom::Point;

/// What a kind of monster does beyond walking and biting, as bits.
pub mod traits {
    /// Awake from the start and never asleep.
    pub const NEVER_SLEEPS: u8 = 1;
    /// A bite that lands poisons.
    pub const POISONS: u8 = 2;
    /// Flies at random one step in two.
    pub const ERRATIC: u8 = 4;
    /// Heals 1 a turn.
    pub const REGENERATES: u8 = 8;
    /// Shoots from afar when it sees the player.
    pub const RANGED: u8 = 16;
}

/// A kind of monster.
#[derive(Debug, PartialEq, Eq)]
pub struct MonsterKind {
    /// What messages call it.
    pub name: &'static str,
    /// How it is drawn.
    pub glyph: char,
    /// The glyph's colour.
    pub color: Rgb,
    /// Its health when it is made.
    pub hp: i32,
    /// Its attack (the hit chance's).
    pub attack: i32,
    /// Its defence.
    pub defence: i32,
    /// Its blow's damage, lowest and highest.
    pub damage: (i32, i32),
    /// How many come together as a band (all in one area, asleep or awake
    /// together).
    pub band_size: u8,
    /// The floors it is found on, both included.
    pub floors: (i32, i32),
    /// Its traits, `traits`' bits.
    pub traits: u8,
}

impl MonsterKind {
    /// Whether it has a trait of `traits`.
    pub const fn has(&self, t: u8) -> bool {
        self.traits & t != 0
    }
}

use traits::*;

/// Every kind, shallow to deep (*tune*: the bot balances these numbers).
/// Shallow floors 1-3, middle 4-6, deep 7-9; a kind may reach into the
/// band beside its own. The ogre, troll and wraith are the walls of the
/// deep: the ogre from floor 7, the troll and wraith only on floor 9 and in
/// the floor 7 cave of the first edition (which gave it floor 9's kinds;
/// `rules::Edition`). On the book's dice the jackal comes from floor 2.
pub const MONSTERS: [MonsterKind; 14] = [
    MonsterKind {
        name: "giant white rat",
        glyph: 'r',
        color: Rgb::new(230, 230, 220),
        hp: 4,
        attack: 0,
        defence: 0,
        damage: (1, 2),
        band_size: 1,
        floors: (1, 3),
        traits: 0,
    },
    MonsterKind {
        name: "jackal",
        glyph: 'j',
        color: Rgb::new(200, 160, 90),
        hp: 3,
        attack: 0,
        defence: 0,
        damage: (1, 2),
        band_size: 3,
        floors: (1, 4),
        traits: 0,
    },
    MonsterKind {
        name: "fruit bat",
        glyph: 'b',
        color: Rgb::new(170, 110, 200),
        hp: 3,
        attack: 1,
        defence: 1,
        damage: (1, 2),
        band_size: 1,
        floors: (1, 4),
        traits: ERRATIC,
    },
    MonsterKind {
        name: "kobold",
        glyph: 'k',
        color: Rgb::new(120, 200, 120),
        hp: 6,
        attack: 1,
        defence: 1,
        damage: (1, 4),
        band_size: 1,
        floors: (1, 5),
        traits: 0,
    },
    MonsterKind {
        name: "cave spider",
        glyph: 's',
        color: Rgb::new(150, 100, 50),
        hp: 5,
        attack: 2,
        defence: 1,
        damage: (1, 3),
        band_size: 1,
        floors: (2, 6),
        traits: POISONS,
    },
    MonsterKind {
        name: "goblin",
        glyph: 'g',
        color: Rgb::new(90, 170, 60),
        hp: 7,
        attack: 2,
        defence: 2,
        damage: (1, 4),
        band_size: 3,
        floors: (3, 7),
        traits: 0,
    },
    MonsterKind {
        name: "snake",
        glyph: 'S',
        color: Rgb::new(60, 200, 90),
        hp: 8,
        attack: 3,
        defence: 2,
        damage: (2, 4),
        band_size: 1,
        floors: (3, 7),
        traits: POISONS,
    },
    MonsterKind {
        name: "orc",
        glyph: 'o',
        color: Rgb::new(200, 80, 60),
        hp: 12,
        attack: 3,
        defence: 3,
        damage: (2, 6),
        band_size: 1,
        floors: (4, 8),
        traits: 0,
    },
    MonsterKind {
        name: "hobgoblin",
        glyph: 'h',
        color: Rgb::new(210, 140, 60),
        hp: 14,
        attack: 4,
        defence: 3,
        damage: (2, 6),
        band_size: 1,
        floors: (5, 9),
        traits: 0,
    },
    MonsterKind {
        name: "vampire bat",
        glyph: 'v',
        color: Rgb::new(160, 40, 60),
        hp: 12,
        attack: 5,
        defence: 3,
        damage: (2, 6),
        band_size: 1,
        floors: (5, 9),
        traits: ERRATIC | POISONS,
    },
    MonsterKind {
        name: "goblin archer",
        glyph: 'a',
        color: Rgb::new(140, 200, 60),
        hp: 12,
        attack: 4,
        defence: 2,
        damage: (2, 6),
        band_size: 1,
        floors: (6, 9),
        traits: RANGED,
    },
    MonsterKind {
        name: "ogre",
        glyph: 'O',
        color: Rgb::new(190, 150, 110),
        hp: 24,
        attack: 5,
        defence: 4,
        damage: (5, 10),
        band_size: 1,
        floors: (7, 9),
        traits: 0,
    },
    MonsterKind {
        name: "troll",
        glyph: 'T',
        color: Rgb::new(60, 160, 120),
        hp: 26,
        attack: 5,
        defence: 4,
        damage: (4, 9),
        band_size: 1,
        floors: (9, 9),
        traits: REGENERATES,
    },
    MonsterKind {
        name: "wraith",
        glyph: 'W',
        color: Rgb::new(200, 200, 255),
        hp: 20,
        attack: 6,
        defence: 5,
        damage: (4, 8),
        band_size: 1,
        floors: (9, 9),
        traits: NEVER_SLEEPS,
    },
];

/// A kind of monster: its place in `MONSTERS`, and always a place there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct KindId(u8);

// Every place of the table is a `u8`.
const _: () = assert!(MONSTERS.len() <= u8::MAX as usize);

impl KindId {
    /// The kind at place `number` of `MONSTERS`, or `None` past its end
    /// (a number read back from a save).
    pub const fn new(number: u8) -> Option<KindId> {
        if (number as usize) < MONSTERS.len() {
            Some(KindId(number))
        } else {
            None
        }
    }

    /// Its place in `MONSTERS`, as saves write it.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// What the kind is.
    pub fn kind(self) -> &'static MonsterKind {
        &MONSTERS[usize::from(self.0)]
    }

    /// Every kind, shallow to deep.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "MONSTERS.len() <= u8::MAX, asserted beside KindId"
    )]
    pub fn all() -> impl Iterator<Item = KindId> {
        (0..MONSTERS.len() as u8).map(KindId)
    }
}

/// What a kind of monster is ([`KindId::kind`]).
pub fn kind(id: KindId) -> &'static MonsterKind {
    id.kind()
}

/// What a monster is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mind {
    /// Asleep until it sees the player and wakes.
    Asleep,
    /// Awake, walking where it likes until it sees the player.
    Wandering,
    /// Chasing the player down the turn's Dijkstra map.
    Hunting,
}

/// A monster on a floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Monster {
    /// What it is.
    pub kind: KindId,
    /// Where it stands.
    pub pos: Point,
    /// Its health now.
    pub hp: i32,
    /// What it is doing.
    pub mind: Mind,
    /// Monsters of one band share a number (0 for none).
    pub band: u8,
    /// The way a wandering monster last went, so it keeps going.
    pub heading: u8,
}

impl Monster {
    /// What its kind is.
    pub fn kind(&self) -> &'static MonsterKind {
        kind(self.kind)
    }
}

/// The minds, by the letter a save writes.
pub(crate) const MINDS: [(Mind, &str); 3] = [
    (Mind::Asleep, "z"),
    (Mind::Wandering, "w"),
    (Mind::Hunting, "h"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kind_id_is_a_place_of_the_table() {
        assert_eq!(KindId::all().count(), MONSTERS.len());
        for (i, id) in KindId::all().enumerate() {
            assert_eq!(usize::from(id.number()), i);
            assert_eq!(KindId::new(id.number()), Some(id));
            assert_eq!(id.kind().name, MONSTERS[i].name);
        }
        assert_eq!(KindId::new(MONSTERS.len() as u8), None);
        assert_eq!(KindId::new(u8::MAX), None);
    }

    #[test]
    fn the_table_has_the_kinds_the_rules_ask_for() {
        let has = |name: &str| MONSTERS.iter().find(|k| k.name == name);
        for name in [
            "giant white rat",
            "jackal",
            "fruit bat",
            "kobold",
            "cave spider",
            "goblin",
            "snake",
            "orc",
            "ogre",
            "troll",
            "wraith",
        ] {
            assert!(has(name).is_some(), "{name}");
        }
        assert_eq!(has("jackal").unwrap().band_size, 3);
        assert!(has("fruit bat").unwrap().has(ERRATIC));
        assert!(has("cave spider").unwrap().has(POISONS));
        assert!(has("snake").unwrap().has(POISONS));
        assert!(has("troll").unwrap().has(REGENERATES));
        assert!(has("wraith").unwrap().has(NEVER_SLEEPS));
        assert!(MONSTERS.iter().any(|k| k.has(RANGED) && k.floors.0 >= 6));
        // Every floor has kinds to choose from, and glyphs tell kinds apart.
        for depth in 1..=9 {
            assert!(
                MONSTERS
                    .iter()
                    .any(|k| (k.floors.0..=k.floors.1).contains(&depth))
            );
        }
        for (i, a) in MONSTERS.iter().enumerate() {
            assert!(a.damage.0 <= a.damage.1 && a.hp > 0);
            for b in &MONSTERS[i + 1..] {
                assert_ne!(a.glyph, b.glyph);
            }
        }
    }
}
