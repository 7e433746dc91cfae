//! The player: the three classes, what each starts with, and what the pack,
//! the purse and the statuses hold.

use crate::geom::Point;
use crate::item::{Item, ItemId, Use, kinds};

/// Inventory letters a to z.
pub const PACK_SLOTS: usize = LAST_SLOT as usize + 1;
/// The last slot's number (the pack's slots are `a` to `z`).
pub const LAST_SLOT: u8 = 25;
const _: () = assert!(LAST_SLOT as u32 == 'z' as u32 - 'a' as u32);
/// Lightning by heart needs this many turns to come back (*tune*): a
/// Wizard's, born to it, `WIZARD_LIGHTNING_RECHARGE`; anyone else's, learned
/// from a scroll, `LIGHTNING_RECHARGE`.
pub const LIGHTNING_RECHARGE: i32 = 10;
/// The Wizard's wait, shorter.
pub const WIZARD_LIGHTNING_RECHARGE: i32 = 6;

/// The classes of the title screen (a, b, c).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// Strong in melee, the most health.
    Fighter,
    /// Keen-eyed, with a bow and darts.
    Rogue,
    /// Knows Lightning by heart; the least health.
    Wizard,
}

impl Class {
    /// Every class, in the title's order.
    pub const ALL: [Class; 3] = [Class::Fighter, Class::Rogue, Class::Wizard];

    /// What the game calls it.
    pub const fn name(self) -> &'static str {
        match self {
            Class::Fighter => "Fighter",
            Class::Rogue => "Rogue",
            Class::Wizard => "Wizard",
        }
    }

    /// The class a word names: its name in any case ("fighter",
    /// "Rogue"). Every parser of a class (the command lines, the page's
    /// link, the board's build) reads it here.
    pub fn named(word: &str) -> Option<Class> {
        Class::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(word))
    }

    /// The class a letter picks on the class screen (and a save writes).
    pub fn lettered(letter: &str) -> Option<Class> {
        Class::ALL
            .into_iter()
            .find(|c| letter.len() == 1 && letter.starts_with(c.letter()))
    }

    /// The letter that picks it on the class screen.
    pub const fn letter(self) -> char {
        match self {
            Class::Fighter => 'a',
            Class::Rogue => 'b',
            Class::Wizard => 'c',
        }
    }

    /// Turns Lightning takes to come back after a cast.
    pub const fn lightning_recharge(self) -> i32 {
        match self {
            Class::Wizard => WIZARD_LIGHTNING_RECHARGE,
            _ => LIGHTNING_RECHARGE,
        }
    }

    /// The class's health at the start.
    pub const fn max_hp(self) -> i32 {
        match self {
            Class::Fighter => 32,
            Class::Rogue => 24,
            Class::Wizard => 20,
        }
    }

    /// Skill in melee before a weapon's bonus: the Fighter's is best.
    pub const fn melee(self) -> i32 {
        match self {
            Class::Fighter => 3,
            Class::Rogue => 2,
            Class::Wizard => 1,
        }
    }

    /// Skill with the bow and thrown things: the Rogue's is best.
    pub const fn aim(self) -> i32 {
        match self {
            Class::Fighter => 1,
            Class::Rogue => 2,
            Class::Wizard => 1,
        }
    }

    /// One line for the class screen.
    pub const fn blurb(self) -> &'static str {
        match self {
            Class::Fighter => "32 HP, the best in melee: sword, chain mail, 2 potions of healing",
            Class::Rogue => {
                "24 HP, keen eyes for traps and secret doors: dagger, leather, a bow and 24 arrows, 6 darts"
            }
            Class::Wizard => {
                "20 HP, knows Lightning by heart: staff, robe, a potion of healing, a scroll of magic mapping"
            }
        }
    }
}

/// The player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The class.
    pub class: Class,
    /// Where the player stands.
    pub pos: Point,
    /// Health now.
    pub hp: i32,
    /// The most health.
    pub max_hp: i32,
    /// Added to melee by potions of strength.
    pub strength: i32,
    /// Turns of poison left: 1 HP a turn while above 0.
    pub poisoned: i32,
    /// Turns of confusion left.
    pub confused: i32,
    /// Gold pieces picked up.
    pub gold: u32,
    /// Amulets taken, one a floor.
    pub amulets: u8,
    /// Monsters killed.
    pub kills: u16,
    /// Monsters killed, by kind (`monster::MONSTERS`' order): the run's
    /// record, kept in the save but not in its hash (`docs/saves.md`).
    pub slain: [u16; crate::monster::MONSTERS.len()],
    /// The pack's slots, `a` to `z`.
    pub pack: [Option<Item>; PACK_SLOTS],
    /// The slot wielded as a weapon.
    pub weapon: Option<u8>,
    /// The slot worn as armour.
    pub armour: Option<u8>,
    /// The slot of the bow, when one is carried.
    pub bow: Option<u8>,
    /// Worked out by `update_defense` from the class and what is worn
    /// (`attack()`, `defence()`): never set by hand.
    attack: i32,
    defence: i32,
    /// Whether Lightning can be cast by heart (`z`).
    pub knows_lightning: bool,
    /// Turns until Lightning by heart can be cast again.
    pub lightning_wait: i32,
    /// Searches in a row: the fifth finds everything next to the player.
    pub searches: u8,
}

impl Player {
    /// The melee attack: the class's, strength, and the weapon wielded.
    pub fn attack(&self) -> i32 {
        self.attack
    }

    /// The defence: the class's and the armour worn.
    pub fn defence(&self) -> i32 {
        self.defence
    }

    /// A new player of a class, with its kit worn and ready.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a slot is under PACK_SLOTS (26)"
    )]
    pub fn new(class: Class) -> Player {
        let mut p = Player {
            class,
            pos: Point::new(0, 0),
            hp: class.max_hp(),
            max_hp: class.max_hp(),
            strength: 0,
            poisoned: 0,
            confused: 0,
            gold: 0,
            amulets: 0,
            kills: 0,
            slain: [0; crate::monster::MONSTERS.len()],
            pack: [None; PACK_SLOTS],
            weapon: None,
            armour: None,
            bow: None,
            attack: 0,
            defence: 0,
            knows_lightning: class == Class::Wizard,
            lightning_wait: 0,
            searches: 0,
        };
        let kit: &[(ItemId, u16)] = match class {
            Class::Fighter => &[
                (kinds::SWORD, 1),
                (kinds::CHAIN_MAIL, 1),
                (kinds::HEALING, 2),
            ],
            Class::Rogue => &[
                (kinds::DAGGER, 1),
                (kinds::LEATHER, 1),
                (kinds::BOW, 1),
                (kinds::ARROW, 24),
                (kinds::DART, 6),
            ],
            Class::Wizard => &[
                (kinds::STAFF, 1),
                (kinds::ROBE, 1),
                (kinds::HEALING, 1),
                (kinds::MAGIC_MAPPING, 1),
            ],
        };
        for (slot, &(kind, count)) in kit.iter().enumerate() {
            p.pack[slot] = Some(Item { kind, count });
            match crate::item::kind(kind).uses {
                Use::Weapon { .. } => p.weapon = Some(slot as u8),
                Use::Armour { .. } => p.armour = Some(slot as u8),
                Use::Bow { .. } => p.bow = Some(slot as u8),
                _ => {}
            }
        }
        p.update_defense();
        p
    }

    /// Works out attack and defence from the class, strength and what is
    /// wielded and worn (the book's `updateDefense`).
    pub fn update_defense(&mut self) {
        let weapon = self.wielded().map_or(0, |w| match w.kind().uses {
            Use::Weapon { attack, .. } => attack,
            _ => 0,
        });
        self.attack = self.class.melee() + self.strength + weapon;
        self.defence = self.worn().map_or(0, |a| match a.kind().uses {
            Use::Armour { defence } => defence,
            _ => 0,
        });
    }

    /// The weapon wielded.
    pub fn wielded(&self) -> Option<Item> {
        self.weapon.and_then(|s| self.pack[usize::from(s)])
    }

    /// The armour worn.
    pub fn worn(&self) -> Option<Item> {
        self.armour.and_then(|s| self.pack[usize::from(s)])
    }

    /// The melee damage: the weapon's, or fists' 1 to 2.
    pub fn melee_damage(&self) -> (i32, i32) {
        match self.wielded().map(|w| w.kind().uses) {
            Some(Use::Weapon { damage, .. }) => damage,
            _ => (1, 2),
        }
    }

    /// Adds an item: onto a stack of its kind if it stacks, else into the
    /// first empty slot. `Err` gives it back when the pack is full.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a slot is under PACK_SLOTS (26)"
    )]
    pub fn add_to_pack(&mut self, item: Item) -> Result<u8, Item> {
        if item.kind().stacks {
            for (i, slot) in self.pack.iter_mut().enumerate() {
                if let Some(have) = slot
                    && have.kind == item.kind
                {
                    have.count = have.count.saturating_add(item.count);
                    return Ok(i as u8);
                }
            }
        }
        match self.pack.iter().position(Option::is_none) {
            Some(i) => {
                self.pack[i] = Some(item);
                Ok(i as u8)
            }
            None => Err(item),
        }
    }

    /// Takes one of the item in a slot out of the pack (all of it, for a
    /// single item), unreadying it if it was worn or wielded.
    pub fn take_one(&mut self, slot: u8) -> Option<Item> {
        let s = usize::from(slot);
        let have = self.pack[s]?;
        if have.count > 1 {
            self.pack[s] = Some(Item {
                count: have.count - 1,
                ..have
            });
        } else {
            self.pack[s] = None;
            for worn in [&mut self.weapon, &mut self.armour, &mut self.bow] {
                if *worn == Some(slot) {
                    *worn = None;
                }
            }
            self.update_defense();
        }
        Some(Item { count: 1, ..have })
    }

    /// The first slot holding a kind.
    #[expect(
        clippy::cast_possible_truncation,
        reason = "a slot is under PACK_SLOTS (26)"
    )]
    pub fn slot_of(&self, kind: ItemId) -> Option<u8> {
        self.pack
            .iter()
            .position(|s| s.is_some_and(|i| i.kind == kind))
            .map(|i| i as u8)
    }

    /// Whether health is under its most.
    pub fn is_hurt(&self) -> bool {
        self.hp < self.max_hp
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_class_starts_as_the_rules_say() {
        let f = Player::new(Class::Fighter);
        assert_eq!((f.hp, f.max_hp), (32, 32));
        assert_eq!(f.wielded().unwrap().kind, kinds::SWORD);
        assert_eq!(f.worn().unwrap().kind, kinds::CHAIN_MAIL);
        assert_eq!(
            f.pack[2],
            Some(Item {
                kind: kinds::HEALING,
                count: 2
            })
        );
        assert_eq!((f.attack, f.defence), (3 + 2, 3));
        let r = Player::new(Class::Rogue);
        assert_eq!(r.max_hp, 24);
        assert_eq!(
            r.pack[3],
            Some(Item {
                kind: kinds::ARROW,
                count: 24
            })
        );
        assert_eq!(
            r.pack[4],
            Some(Item {
                kind: kinds::DART,
                count: 6
            })
        );
        assert!(r.bow.is_some() && !r.knows_lightning);
        let w = Player::new(Class::Wizard);
        assert_eq!(w.max_hp, 20);
        assert!(w.knows_lightning);
        assert!(
            f.attack > r.attack && r.attack > w.attack,
            "melee: best, middling, weak"
        );
    }

    #[test]
    fn the_pack_stacks_and_fills_up() {
        let mut p = Player::new(Class::Rogue);
        assert_eq!(
            p.add_to_pack(Item {
                kind: kinds::ARROW,
                count: 3
            }),
            Ok(3)
        );
        assert_eq!(p.pack[3].unwrap().count, 27);
        let mut filled = 0;
        while p.add_to_pack(Item::one(kinds::SWORD)).is_ok() {
            filled += 1;
        }
        assert_eq!(filled, PACK_SLOTS - 5);
        assert_eq!(
            p.add_to_pack(Item::one(kinds::STAFF)),
            Err(Item::one(kinds::STAFF))
        );
        // Taking the last of a worn item unreadies it.
        assert_eq!(p.take_one(1).unwrap().kind, kinds::LEATHER);
        assert_eq!(p.armour, None);
        assert_eq!(p.defence, 0);
    }
}
