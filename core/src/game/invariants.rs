//! What must stay true of a run after every action, whatever happens: the
//! soak test, the fuzzer and the bot's runs check it.

use super::{Game, State};

impl Game {
    /// What must stay true after every action, whatever happens: the
    /// player and every monster on ground, no two monsters (or a monster
    /// and the player) on one cell, health within bounds, no two items on
    /// one cell. The soak test checks it after every action of 300 runs.
    pub fn check_invariants(&self) -> Result<(), &'static str> {
        if matches!(self.state, State::Title | State::ChooseClass) {
            return Ok(());
        }
        let l = &self.level;
        let p = &self.player;
        if !(0..=p.max_hp).contains(&p.hp) {
            return Err("the player's health is out of bounds");
        }
        if self.state != State::Dead && !l.map.is_walkable(p.pos) {
            return Err("the player stands in a wall");
        }
        for (i, m) in l.monsters.iter().enumerate() {
            if !l.map.is_walkable(m.pos) {
                return Err("a monster stands in a wall");
            }
            if m.pos == p.pos {
                return Err("a monster stands on the player");
            }
            if l.monsters[i + 1..].iter().any(|o| o.pos == m.pos) {
                return Err("two monsters stand on one cell");
            }
            if m.hp <= 0 || m.hp > m.kind().hp {
                return Err("a monster's health is out of bounds");
            }
        }
        for (i, it) in l.items.iter().enumerate() {
            if l.items[i + 1..].iter().any(|o| o.pos == it.pos) {
                return Err("two items lie on one cell");
            }
            if it.item.count == 0 {
                return Err("an item of none");
            }
        }
        Ok(())
    }
}
