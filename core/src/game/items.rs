//! The pack and the floor's items: picking up, dropping, and using what the
//! pack holds (drinking, reading, wielding, wearing).

use super::{Action, Game, InventoryMode, Outcome, State};
use crate::item::{FloorItem, Item, ItemId, Use, kinds};
use crate::map::{MAP_CELLS, Map};
use crate::rules::LAST_FLOOR;
use crate::text::line;

impl Game {
    /// `g`: picks up what lies here. Gold goes to the purse, the Amulet to
    /// the player's Amulets (the ninth floor's wins the run), the rest to
    /// the pack if there is room.
    pub(super) fn pick_up(&mut self) -> bool {
        self.player.searches = 0;
        let Some(i) = self.level.item_at(self.player.pos) else {
            self.log.say("There is nothing here to pick up.");
            return false;
        };
        let item = self.level.items[i].item;
        match item.kind().uses {
            Use::Gold => {
                self.player.gold += u32::from(item.count);
                self.log
                    .add(line(format_args!("You pick up {}.", item.name())));
            }
            Use::Amulet => {
                self.player.amulets += 1;
                self.level.items.remove(i);
                if self.level.depth >= LAST_FLOOR {
                    self.log.say("You take the last Amulet. You have won!");
                    self.state = State::Won;
                    return false;
                }
                self.log.add(line(format_args!(
                    "You take this floor's Amulet ({} of {LAST_FLOOR}).",
                    self.player.amulets
                )));
                return true;
            }
            _ => match self.player.add_to_pack(item) {
                Ok(slot) => {
                    let letter = (b'a' + slot) as char;
                    self.log.add(line(format_args!(
                        "You pick up {} ({letter}).",
                        item.name()
                    )));
                }
                Err(_) => {
                    self.log.say("Your pack is full.");
                    return false;
                }
            },
        }
        self.level.items.remove(i);
        true
    }

    pub(super) fn on_inventory(&mut self, mode: InventoryMode, action: Action) -> Outcome {
        let mut outcome = Outcome::default();
        match (mode, action) {
            (InventoryMode::Item(_), Action::Cancel) => {
                self.state = State::Inventory(InventoryMode::Browse)
            }
            (_, Action::Cancel) => self.state = State::Playing,
            (InventoryMode::Browse | InventoryMode::Drop, Action::Letter(c)) => {
                let slot = c as u8 - b'a';
                if self
                    .player
                    .pack
                    .get(usize::from(slot))
                    .copied()
                    .flatten()
                    .is_none()
                {
                    return outcome;
                }
                if mode == InventoryMode::Drop {
                    self.state = State::Playing;
                    outcome.turn_passed = self.drop(slot);
                } else {
                    self.state = State::Inventory(InventoryMode::Item(slot));
                }
            }
            (InventoryMode::Item(slot), Action::Use) => {
                self.state = State::Playing;
                outcome.turn_passed = self.use_item(slot);
            }
            (InventoryMode::Item(slot), Action::Drop) => {
                self.state = State::Playing;
                outcome.turn_passed = self.drop(slot);
            }
            _ => {}
        }
        if outcome.turn_passed {
            self.finish_turn();
        }
        outcome
    }

    /// Drops one item of a slot (all of a stack of gold-like things is not
    /// a case: stacks drop whole) onto the player's cell, if nothing lies
    /// there.
    fn drop(&mut self, slot: u8) -> bool {
        if self.level.item_at(self.player.pos).is_some() || self.level.items.is_full() {
            self.log.say("There is no room to drop it here.");
            return false;
        }
        let Some(have) = self.player.pack[usize::from(slot)] else {
            return false;
        };
        // A stack goes down whole; a single item is taken out (and
        // unreadied) by take_one.
        let dropped = if have.count > 1 {
            self.player.pack[usize::from(slot)] = None;
            have
        } else {
            match self.player.take_one(slot) {
                Some(item) => item,
                None => return false,
            }
        };
        self.log
            .add(line(format_args!("You drop {}.", dropped.name())));
        let on_floor = FloorItem {
            item: dropped,
            pos: self.player.pos,
            seen: true,
            left: self.automation.picks_any(),
        };
        self.level
            .items
            .push(on_floor)
            .expect("room on the floor was checked above");
        true
    }

    /// Uses an item: drinks a potion, reads a scroll, wields a weapon,
    /// wears armour, readies a bow. True when a turn passed.
    fn use_item(&mut self, slot: u8) -> bool {
        let Some(item) = self.player.pack[usize::from(slot)] else {
            return false;
        };
        let k = item.kind();
        // What would do nothing says so, and takes no turn and no item.
        let p = &self.player;
        let already = match k.uses {
            Use::Scroll if item.kind == kinds::LIGHTNING && p.knows_lightning => {
                Some(line(format_args!("You know Lightning by heart already.")))
            }
            Use::Weapon { .. } if p.weapon == Some(slot) => Some(line(format_args!(
                "You are wielding the {} already.",
                k.name
            ))),
            Use::Armour { .. } if p.armour == Some(slot) => Some(line(format_args!(
                "You are wearing the {} already.",
                k.name
            ))),
            Use::Bow { .. } if p.bow == Some(slot) => {
                Some(line(format_args!("The bow is ready already.")))
            }
            _ => None,
        };
        if let Some(words) = already {
            self.log.add(words);
            return false;
        }
        match k.uses {
            Use::Potion | Use::Scroll => {
                self.player.take_one(slot);
                self.apply(item.kind);
            }
            Use::Weapon { .. } => {
                self.player.weapon = Some(slot);
                self.log
                    .add(line(format_args!("You wield the {}.", k.name)));
            }
            Use::Armour { .. } => {
                self.player.armour = Some(slot);
                self.log.add(line(format_args!("You wear the {}.", k.name)));
            }
            Use::Bow { .. } => {
                self.player.bow = Some(slot);
                self.log.say("You ready the bow.");
            }
            _ => {
                self.log
                    .add(line(format_args!("You cannot use {}.", item.name())));
                return false;
            }
        }
        self.player.update_defense();
        true
    }

    /// What a potion or scroll does.
    fn apply(&mut self, kind: ItemId) {
        let p = &mut self.player;
        match kind {
            kinds::HEALING => {
                let heal = self.rng.roll(10, 20);
                p.hp = (p.hp + heal).min(p.max_hp);
                self.log.say("You feel better.");
            }
            kinds::EXTRA_HEALING => {
                p.max_hp += 2;
                p.hp = p.max_hp;
                p.poisoned = 0;
                self.log.say("You feel much better.");
            }
            kinds::POISON => {
                p.poisoned += self.rng.roll(4, 8);
                self.log.say("You feel very sick.");
            }
            kinds::CONFUSION => {
                p.confused += self.rng.roll(5, 10);
                self.log.say("You feel confused.");
            }
            kinds::STRENGTH => {
                p.strength += 1;
                self.log.say("You feel stronger.");
            }
            kinds::LIGHTNING => {
                // Known already, it was never read (`use_item`).
                p.knows_lightning = true;
                self.log
                    .say("You learn Lightning by heart. Cast it with z.");
            }
            kinds::MAGIC_MAPPING => {
                let level = &mut self.level;
                for i in 0..MAP_CELLS {
                    let pos = Map::point_of(i);
                    if level.map.borders_floor(pos) || level.map.at(pos).is_open() {
                        level.explored.insert(pos);
                    }
                }
                self.log.say("A map of the floor forms in your mind.");
            }
            kinds::TELEPORTATION => {
                self.teleport_player();
                self.log.say("You are somewhere else.");
            }
            kinds::REMOVE_POISON => {
                p.poisoned = 0;
                self.log.say("You feel the poison leave you.");
            }
            _ => {}
        }
    }

    /// Puts a thrown or shot item where it landed, onto a pile of its kind
    /// or an empty cell; with neither, or no room on the floor, it breaks.
    pub(super) fn land(&mut self, item: Item, at: crate::geom::Point) {
        if let Some(i) = self.level.item_at(at) {
            if self.level.items[i].item.kind == item.kind {
                self.level.items[i].item.count += item.count;
                self.level.items[i].left |= self.automation.picks_any();
                return;
            }
        } else if self
            .level
            .items
            .push(FloorItem {
                item,
                pos: at,
                seen: true,
                left: self.automation.picks_any(),
            })
            .is_ok()
        {
            return;
        }
        self.log
            .add(line(format_args!("The {} breaks.", item.kind().name)));
    }
}
