//! Items: the kinds in one const table, an item (a kind and a count), and
//! its name as messages say it ("a potion of healing", "18 gold pieces").

use crate::color::Rgb;
use crate::geom::Point;
use crate::text::{Line, line, with_article};

/// What an item is used as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    /// Gold pieces: they go to the purse, not the pack.
    Gold,
    /// Drunk with `u`.
    Potion,
    /// Read with `u`.
    Scroll,
    /// Wielded for melee: attack bonus and damage.
    Weapon {
        /// What it adds to the attack.
        attack: i32,
        /// Its damage, lowest and highest.
        damage: (i32, i32),
    },
    /// Worn: defence.
    Armour {
        /// What it adds to the defence.
        defence: i32,
    },
    /// The bow: `f` shoots its arrows for this damage.
    Bow {
        /// An arrow's damage, lowest and highest.
        damage: (i32, i32),
    },
    /// What the bow shoots.
    Arrows,
    /// Thrown with `t` for this damage.
    Thrown {
        /// The damage, lowest and highest.
        damage: (i32, i32),
    },
    /// A floor's Amulet.
    Amulet,
}

/// A kind of item.
#[derive(Debug, PartialEq, Eq)]
pub struct ItemKind {
    /// One of them, as messages name it ("potion of healing").
    pub name: &'static str,
    /// The name of more than one, for kinds that stack.
    pub plural: &'static str,
    /// How it is drawn.
    pub glyph: char,
    /// The glyph's colour.
    pub color: Rgb,
    /// What it is used as.
    pub uses: Use,
    /// Whether many of them share one inventory slot.
    pub stacks: bool,
    /// How likely a random item is this kind (0: never placed at random).
    pub weight: u16,
    /// Named without an article, as a mass noun is: "chain mail", not
    /// "a chain mail".
    pub mass: bool,
}

/// A kind of item: its place in `ITEMS`, and always a place there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ItemId(u8);

impl ItemId {
    /// The kind at place `number` of `ITEMS`, or `None` past its end (a
    /// number read back from a save).
    pub const fn new(number: u8) -> Option<ItemId> {
        if (number as usize) < ITEMS.len() {
            Some(ItemId(number))
        } else {
            None
        }
    }

    /// Its place in `ITEMS`, as saves write it.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// What the kind is.
    pub fn kind(self) -> &'static ItemKind {
        &ITEMS[usize::from(self.0)]
    }

    /// Every kind, in the table's order.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "ITEMS has 20 places, and the last, AMULET, is a u8 (asserted in kinds)"
    )]
    pub fn all() -> impl Iterator<Item = ItemId> {
        (0..ITEMS.len() as u8).map(ItemId)
    }
}

/// Named places in `ITEMS`, for the rules that need a particular kind.
#[expect(missing_docs, reason = "each kind's name says what it is")]
pub mod kinds {
    use super::ItemId;
    pub const GOLD: ItemId = ItemId(0);
    pub const HEALING: ItemId = ItemId(1);
    pub const EXTRA_HEALING: ItemId = ItemId(2);
    pub const POISON: ItemId = ItemId(3);
    pub const CONFUSION: ItemId = ItemId(4);
    pub const STRENGTH: ItemId = ItemId(5);
    pub const LIGHTNING: ItemId = ItemId(6);
    pub const MAGIC_MAPPING: ItemId = ItemId(7);
    pub const TELEPORTATION: ItemId = ItemId(8);
    pub const REMOVE_POISON: ItemId = ItemId(9);
    pub const BOW: ItemId = ItemId(10);
    pub const ARROW: ItemId = ItemId(11);
    pub const DART: ItemId = ItemId(12);
    pub const DAGGER: ItemId = ItemId(13);
    pub const SWORD: ItemId = ItemId(14);
    pub const STAFF: ItemId = ItemId(15);
    pub const LEATHER: ItemId = ItemId(16);
    pub const CHAIN_MAIL: ItemId = ItemId(17);
    pub const ROBE: ItemId = ItemId(18);
    pub const AMULET: ItemId = ItemId(19);
    // The last is a place of the table, so every one is.
    const _: () = assert!((AMULET.0 as usize) == super::ITEMS.len() - 1);
}

const POTION: Rgb = Rgb::new(230, 80, 160);
const SCROLL: Rgb = Rgb::new(230, 230, 180);
const METAL: Rgb = Rgb::new(180, 190, 210);
const WOOD: Rgb = Rgb::new(170, 120, 70);

/// Every kind (*tune*: the weights are balanced with the bot).
pub const ITEMS: [ItemKind; 20] = [
    ItemKind {
        name: "gold piece",
        plural: "gold pieces",
        glyph: '$',
        color: crate::color::palette::GOLD,
        uses: Use::Gold,
        stacks: true,
        weight: 0,
        mass: false,
    },
    ItemKind {
        name: "potion of healing",
        plural: "potions of healing",
        glyph: '!',
        color: POTION,
        uses: Use::Potion,
        stacks: true,
        weight: 18,
        mass: false,
    },
    ItemKind {
        name: "potion of extra healing",
        plural: "potions of extra healing",
        glyph: '!',
        color: Rgb::new(235, 50, 50),
        uses: Use::Potion,
        stacks: true,
        weight: 6,
        mass: false,
    },
    ItemKind {
        name: "potion of poison",
        plural: "potions of poison",
        glyph: '!',
        color: Rgb::new(120, 200, 60),
        uses: Use::Potion,
        stacks: true,
        weight: 6,
        mass: false,
    },
    ItemKind {
        name: "potion of confusion",
        plural: "potions of confusion",
        glyph: '!',
        color: Rgb::new(120, 140, 255),
        uses: Use::Potion,
        stacks: true,
        weight: 5,
        mass: false,
    },
    ItemKind {
        name: "potion of strength",
        plural: "potions of strength",
        glyph: '!',
        color: Rgb::new(255, 150, 60),
        uses: Use::Potion,
        stacks: true,
        weight: 2,
        mass: false,
    },
    ItemKind {
        name: "scroll of lightning",
        plural: "scrolls of lightning",
        glyph: '?',
        color: Rgb::new(140, 200, 255),
        uses: Use::Scroll,
        stacks: true,
        weight: 6,
        mass: false,
    },
    ItemKind {
        name: "scroll of magic mapping",
        plural: "scrolls of magic mapping",
        glyph: '?',
        color: SCROLL,
        uses: Use::Scroll,
        stacks: true,
        weight: 6,
        mass: false,
    },
    ItemKind {
        name: "scroll of teleportation",
        plural: "scrolls of teleportation",
        glyph: '?',
        color: Rgb::new(200, 120, 255),
        uses: Use::Scroll,
        stacks: true,
        weight: 6,
        mass: false,
    },
    ItemKind {
        name: "scroll of remove poison",
        plural: "scrolls of remove poison",
        glyph: '?',
        color: Rgb::new(120, 220, 120),
        uses: Use::Scroll,
        stacks: true,
        weight: 6,
        mass: false,
    },
    ItemKind {
        name: "bow",
        plural: "bows",
        glyph: '}',
        color: WOOD,
        uses: Use::Bow { damage: (2, 5) },
        stacks: false,
        weight: 3,
        mass: false,
    },
    ItemKind {
        name: "arrow",
        plural: "arrows",
        glyph: '/',
        color: WOOD,
        uses: Use::Arrows,
        stacks: true,
        weight: 8,
        mass: false,
    },
    ItemKind {
        name: "dart",
        plural: "darts",
        glyph: '~',
        color: METAL,
        uses: Use::Thrown { damage: (1, 4) },
        stacks: true,
        weight: 8,
        mass: false,
    },
    ItemKind {
        name: "dagger",
        plural: "daggers",
        glyph: ')',
        color: Rgb::new(130, 160, 200),
        uses: Use::Weapon {
            attack: 1,
            damage: (1, 4),
        },
        stacks: true,
        weight: 4,
        mass: false,
    },
    ItemKind {
        name: "sword",
        plural: "swords",
        glyph: ')',
        color: Rgb::new(235, 235, 250),
        uses: Use::Weapon {
            attack: 2,
            damage: (2, 8),
        },
        stacks: false,
        weight: 3,
        mass: false,
    },
    ItemKind {
        name: "staff",
        plural: "staves",
        glyph: ')',
        color: WOOD,
        uses: Use::Weapon {
            attack: 1,
            damage: (2, 7),
        },
        stacks: false,
        weight: 2,
        mass: false,
    },
    ItemKind {
        name: "leather armour",
        plural: "leather armours",
        glyph: '[',
        color: WOOD,
        uses: Use::Armour { defence: 2 },
        stacks: false,
        weight: 3,
        mass: true,
    },
    ItemKind {
        name: "chain mail",
        plural: "chain mails",
        glyph: '[',
        color: METAL,
        uses: Use::Armour { defence: 3 },
        stacks: false,
        weight: 2,
        mass: true,
    },
    ItemKind {
        name: "robe",
        plural: "robes",
        glyph: '[',
        color: Rgb::new(120, 100, 200),
        uses: Use::Armour { defence: 2 },
        stacks: false,
        weight: 1,
        mass: false,
    },
    ItemKind {
        name: "Amulet",
        plural: "Amulets",
        glyph: '"',
        color: Rgb::new(255, 215, 0),
        uses: Use::Amulet,
        stacks: false,
        weight: 0,
        mass: false,
    },
];

/// What a kind of item is ([`ItemId::kind`]).
pub fn kind(id: ItemId) -> &'static ItemKind {
    id.kind()
}

/// An item: its kind and how many (1 for kinds that do not stack).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Item {
    /// What it is.
    pub kind: ItemId,
    /// How many: 1 for kinds that do not stack.
    pub count: u16,
}

impl Item {
    /// One of a kind.
    pub const fn one(kind: ItemId) -> Item {
        Item { kind, count: 1 }
    }

    /// What its kind is.
    pub fn kind(&self) -> &'static ItemKind {
        kind(self.kind)
    }

    /// The item as a message names it: "a potion of healing", "3 darts",
    /// "18 gold pieces", "an Amulet".
    pub fn name(&self) -> Line {
        let k = self.kind();
        if self.count == 1 && k.mass {
            line(format_args!("{}", k.name))
        } else if self.count == 1 {
            with_article(k.name)
        } else {
            line(format_args!("{} {}", self.count, k.plural))
        }
    }
}

/// An item lying on a floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FloorItem {
    /// What lies there.
    pub item: Item,
    /// Where it lies.
    pub pos: Point,
    /// Set the first time the item comes into view; commands stop for an
    /// item the player has not seen before.
    pub seen: bool,
    /// The player put it here (dropped or threw it) while explore picked
    /// items up: explore leaves it be (docs/rules.md, "Automation").
    pub left: bool,
}

/// The sum of the weights of the kinds placed at random.
pub const TOTAL_WEIGHT: i32 = {
    let mut sum = 0;
    let mut i = 0;
    while i < ITEMS.len() {
        sum += ITEMS[i].weight as i32;
        i += 1;
    }
    sum
};

/// A kind for a random item: one roll of `1..=TOTAL_WEIGHT`.
#[expect(
    clippy::cast_possible_truncation,
    reason = "ITEMS has 20 places, and the last, AMULET, is a u8 (asserted in kinds)"
)]
pub fn choose_kind(rng: &mut crate::rng::Rng) -> ItemId {
    let mut roll = rng.roll(1, TOTAL_WEIGHT);
    for (i, k) in ITEMS.iter().enumerate() {
        roll -= i32::from(k.weight);
        if roll <= 0 {
            return ItemId(i as u8);
        }
    }
    kinds::HEALING
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_item_id_is_a_place_of_the_table() {
        assert_eq!(ItemId::all().count(), ITEMS.len());
        for (i, id) in ItemId::all().enumerate() {
            assert_eq!(usize::from(id.number()), i);
            assert_eq!(ItemId::new(id.number()), Some(id));
        }
        assert_eq!(ItemId::new(ITEMS.len() as u8), None);
        assert_eq!(kinds::AMULET.kind().name, "Amulet");
    }

    #[test]
    fn names_have_articles_and_counts() {
        assert_eq!(
            Item::one(kinds::HEALING).name().as_str(),
            "a potion of healing"
        );
        assert_eq!(
            Item {
                kind: kinds::GOLD,
                count: 18
            }
            .name()
            .as_str(),
            "18 gold pieces"
        );
        assert_eq!(
            Item {
                kind: kinds::DART,
                count: 3
            }
            .name()
            .as_str(),
            "3 darts"
        );
        assert_eq!(Item::one(kinds::AMULET).name().as_str(), "an Amulet");
        assert_eq!(Item::one(kinds::ARROW).name().as_str(), "an arrow");
        assert_eq!(Item::one(kinds::CHAIN_MAIL).name().as_str(), "chain mail");
        assert_eq!(Item::one(kinds::LEATHER).name().as_str(), "leather armour");
        assert_eq!(Item::one(kinds::ROBE).name().as_str(), "a robe");
    }

    #[test]
    fn named_places_match_the_table() {
        use kinds::*;
        let want = [
            (GOLD, "gold piece"),
            (HEALING, "potion of healing"),
            (EXTRA_HEALING, "potion of extra healing"),
            (POISON, "potion of poison"),
            (CONFUSION, "potion of confusion"),
            (STRENGTH, "potion of strength"),
            (LIGHTNING, "scroll of lightning"),
            (MAGIC_MAPPING, "scroll of magic mapping"),
            (TELEPORTATION, "scroll of teleportation"),
            (REMOVE_POISON, "scroll of remove poison"),
            (BOW, "bow"),
            (ARROW, "arrow"),
            (DART, "dart"),
            (DAGGER, "dagger"),
            (SWORD, "sword"),
            (STAFF, "staff"),
            (LEATHER, "leather armour"),
            (CHAIN_MAIL, "chain mail"),
            (ROBE, "robe"),
            (AMULET, "Amulet"),
        ];
        for (id, name) in want {
            assert_eq!(kind(id).name, name);
        }
        assert_eq!(kind(GOLD).weight, 0);
        assert_eq!(kind(AMULET).weight, 0);
    }

    #[test]
    fn random_kinds_follow_the_weights() {
        let mut rng = crate::rng::Rng::new(4);
        let mut counts = [0u32; 20];
        for _ in 0..TOTAL_WEIGHT * 500 {
            counts[usize::from(choose_kind(&mut rng).number())] += 1;
        }
        for (i, k) in ITEMS.iter().enumerate() {
            let want = u32::from(k.weight) * 500;
            let got = counts[i];
            assert!(
                got.abs_diff(want) <= want / 5 + 5,
                "{}: {got} of {want}",
                k.name
            );
        }
    }
}
