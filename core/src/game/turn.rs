//! A turn: the player's step or blow, then the monsters', then the
//! statuses, healing, and what the player sees.

use super::combat::blow;
use super::{Cause, Game, Question, REGENERATION, State};
use crate::geom::{Dir, Point};
use crate::level::TrapKind;
use crate::map::{Map, Terrain};
use crate::monster::{Mind, traits};
use crate::path::dijkstra::DijkstraMap;
use crate::text::{line, with_article};

/// A sleeping monster the player can see wakes 1 time in this many turns
/// (*tune*).
pub const WAKE_ONE_IN: i32 = 4;
/// Searching finds each hidden thing next to the player 1 time in this many,
/// and so do the Rogue's keen eyes at each step.
pub const FIND_ONE_IN: i32 = 3;
/// The search that finds everything next to the player, in a row.
pub const SEARCHES_TO_FIND_ALL: u8 = 5;
/// A monster that regenerates heals 1 HP every this many turns (*tune*).
pub const MONSTER_REGENERATION: u32 = 3;
/// A confused player staggers (a random step) 1 time in this many steps.
pub const STAGGER_ONE_IN: i32 = 2;
/// An erratic flyer flutters (a random step) 1 time in this many turns.
pub const FLUTTER_ONE_IN: i32 = 2;
/// A wandering monster turns a random way 1 time in this many steps, and
/// whenever it is blocked.
pub const WANDER_TURN_ONE_IN: i32 = 4;
/// A needle trap's poison, in turns.
pub const NEEDLE_POISON: (i32, i32) = (3, 6);
/// A dart trap attacks as a monster of this attack would, for this damage.
pub const DART_ATTACK: i32 = 2;
pub const DART_DAMAGE: (i32, i32) = (1, 4);

impl Game {
    /// A step in a direction, as a moving key takes it: a confused player
    /// staggers one step in two; a monster there is attacked; a closed door
    /// opens; a known trap asks first. True when a turn passed.
    pub(super) fn player_step(&mut self, mut dir: Dir) -> bool {
        self.player.searches = 0;
        if self.player.confused > 0 && self.rng.roll(1, STAGGER_ONE_IN) == 1 {
            dir = Dir::ALL[self.rng.below(Dir::ALL.len())];
        }
        let to = self.player.pos.step(dir);
        if let Some(m) = self.level.monster_at(to) {
            self.player_attacks(m);
            return true;
        }
        match self.level.map.at(to) {
            Terrain::ClosedDoor => {
                self.level.map.set(to, Terrain::OpenDoor);
                self.log.say("You open the door.");
                return true;
            }
            t if !t.is_walkable() => return self.player.confused > 0,
            _ => {}
        }
        if let Some(t) = self.level.trap_at(to)
            && self.level.traps[t].known
        {
            self.state = State::Confirming(Question::StepOnto(dir));
            let name = self.level.traps[t].kind.name();
            self.log
                .add(line(format_args!("Step onto the {name}? (y or n)")));
            return false;
        }
        self.walk_to(to);
        true
    }

    /// A step onto a known trap, once the player said yes: the turn the key
    /// would have taken.
    pub(super) fn step_onto(&mut self, dir: Dir) -> super::Outcome {
        let to = self.player.pos.step(dir);
        let turn_passed = self.level.map.is_walkable(to) && self.level.monster_at(to).is_none();
        if turn_passed {
            self.walk_to(to);
            self.finish_turn();
        }
        super::Outcome {
            turn_passed,
            request: None,
        }
    }

    /// Moves the player onto a cell: a hidden trap there springs, what lies
    /// there is named, and the Rogue's keen eyes look around.
    fn walk_to(&mut self, to: Point) {
        self.player.pos = to;
        if let Some(t) = self.level.trap_at(to) {
            self.spring_trap(t);
        }
        if let Some(i) = self.level.item_at(self.player.pos) {
            let item = self.level.items[i].item;
            let name = item.name();
            let is = if item.count == 1 { "is" } else { "are" };
            self.log.add(line(format_args!("There {is} {name} here.")));
        }
        if self.player.class == crate::player::Class::Rogue {
            self.look_around(FIND_ONE_IN, false);
        }
    }

    /// A trap goes off under the player, and is known from then on.
    fn spring_trap(&mut self, t: usize) {
        self.level.traps[t].known = true;
        match self.level.traps[t].kind {
            TrapKind::PoisonNeedle => {
                self.log.say("A needle pricks you.");
                self.player.poisoned += self.rng.roll(NEEDLE_POISON.0, NEEDLE_POISON.1);
                if self.rules().edition().says_fruitless_turns {
                    self.log.say("You are poisoned.");
                }
            }
            TrapKind::Alarm => {
                self.log.say("An alarm rings out across the floor!");
                for m in self.level.monsters.iter_mut() {
                    m.mind = Mind::Hunting;
                }
            }
            TrapKind::Teleport => {
                self.log
                    .say("The floor gives way to light, and you are somewhere else.");
                self.teleport_player();
            }
            TrapKind::Dart => {
                let defence = self.player.defence();
                match blow(&mut self.rng, DART_ATTACK, defence, DART_DAMAGE) {
                    Some(damage) => {
                        self.log.say("A dart shoots out and hits you.");
                        self.hurt_player(damage, Cause::Trap(TrapKind::Dart));
                    }
                    None => self.log.say("A dart shoots out and misses you."),
                }
            }
        }
    }

    /// Moves the player to a random free cell of ground.
    pub(super) fn teleport_player(&mut self) {
        for _ in 0..200 {
            let p = Map::point_of(self.rng.below(crate::map::MAP_CELLS));
            if self.level.map.is_walkable(p)
                && self.level.monster_at(p).is_none()
                && self.level.trap_at(p).is_none()
            {
                self.player.pos = p;
                return;
            }
        }
    }

    /// Looks for hidden traps and secret doors next to the player: each is
    /// found 1 time in `one_in`, or all of them when `all`.
    pub(super) fn look_around(&mut self, one_in: i32, all: bool) -> bool {
        let mut found = false;
        for dir in Dir::ALL {
            let p = self.player.pos.step(dir);
            if self.level.map.at(p) == Terrain::SecretDoor && (all || self.rng.roll(1, one_in) == 1)
            {
                self.level.map.set(p, Terrain::ClosedDoor);
                self.log.say("You find a secret door!");
                found = true;
            }
            if let Some(t) = self.level.trap_at(p)
                && !self.level.traps[t].known
                && (all || self.rng.roll(1, one_in) == 1)
            {
                self.level.traps[t].known = true;
                let name = self.level.traps[t].kind.name();
                self.log
                    .add(line(format_args!("You find {}!", with_article(name))));
                found = true;
            }
        }
        found
    }

    /// `s` (`by_key`) or a step of `e`: a turn of searching; the fifth
    /// search in a row finds all. The fifth that finds nothing says so;
    /// under `says_fruitless_turns` so does each `s` that finds nothing.
    pub(super) fn search(&mut self, by_key: bool) -> bool {
        self.player.searches = self.player.searches.saturating_add(1);
        let all = self.player.searches >= SEARCHES_TO_FIND_ALL;
        let say = all || (by_key && self.rules().edition().says_fruitless_turns);
        if !self.look_around(FIND_ONE_IN, all) && say {
            self.log.say("You find nothing.");
        }
        if all {
            self.player.searches = 0;
        }
        true
    }

    /// `c`: closes an open door next to the player, the first one found
    /// clockwise from the north; not one with a monster or an item in it.
    pub(super) fn close_door(&mut self) -> bool {
        self.player.searches = 0;
        let doors = Dir::ALL
            .iter()
            .map(|&d| self.player.pos.step(d))
            .find(|&p| self.level.map.at(p) == Terrain::OpenDoor);
        let Some(door) = doors else {
            self.log.say("There is no open door next to you.");
            return false;
        };
        if self.level.monster_at(door).is_some() || self.level.item_at(door).is_some() {
            self.log.say("Something is in the way.");
            return false;
        }
        self.level.map.set(door, Terrain::ClosedDoor);
        self.log.say("You close the door.");
        true
    }

    /// The rest of a turn, after the player's part: the monsters act, the
    /// statuses tick, a hurt player heals every `REGENERATION` turns, and
    /// the view is worked out again.
    pub(super) fn finish_turn(&mut self) {
        self.monsters_act();
        if self.state == State::Dead {
            return;
        }
        if self.player.poisoned > 0 {
            self.player.poisoned -= 1;
            self.hurt_player(1, Cause::Poison);
            if self.state == State::Dead {
                return;
            }
            if self.player.poisoned == 0 {
                self.log.say("You feel the poison wear off.");
            }
        }
        if self.player.confused > 0 {
            self.player.confused -= 1;
            if self.player.confused == 0 {
                self.log.say("You feel less confused.");
            }
        }
        if self.player.lightning_wait > 0 {
            self.player.lightning_wait -= 1;
        }
        self.turn += 1;
        if self.turn.is_multiple_of(REGENERATION)
            && self.player.is_hurt()
            && self.player.poisoned == 0
        {
            self.player.hp += 1;
        }
        self.update_view();
    }

    /// Every monster's turn, in the floor's order. Those hunting walk down
    /// one Dijkstra map toward the player, shared by all of them this turn.
    fn monsters_act(&mut self) {
        let mut toward_player = DijkstraMap::new();
        if self.level.monsters.iter().any(|m| m.mind != Mind::Asleep) {
            toward_player.compute(&self.level.map, &[self.player.pos], monster_cost);
        }
        let mut i = 0;
        while i < self.level.monsters.len() {
            self.monster_turn(i, &toward_player);
            if self.state == State::Dead {
                return;
            }
            i += 1;
        }
    }

    fn monster_turn(&mut self, i: usize, toward_player: &DijkstraMap) {
        let m = self.level.monsters[i];
        let kind = m.kind();
        let seen = self.level.visible.contains(m.pos);
        if kind.has(traits::REGENERATES)
            && m.hp < kind.hp
            && self.turn.is_multiple_of(MONSTER_REGENERATION)
        {
            self.level.monsters[i].hp += 1;
        }
        match m.mind {
            Mind::Asleep => {
                if seen && self.rng.roll(1, WAKE_ONE_IN) == 1 {
                    self.level.monsters[i].mind = Mind::Hunting;
                }
                return;
            }
            Mind::Wandering => {
                if seen {
                    self.level.monsters[i].mind = Mind::Hunting;
                } else {
                    self.wander(i);
                    return;
                }
            }
            Mind::Hunting => {}
        }
        if kind.has(traits::ERRATIC) && self.rng.roll(1, FLUTTER_ONE_IN) == 1 {
            self.flutter(i);
            return;
        }
        let pos = self.level.monsters[i].pos;
        let next_to =
            (pos.x - self.player.pos.x).abs() <= 1 && (pos.y - self.player.pos.y).abs() <= 1;
        if next_to {
            self.monster_attacks(i);
            return;
        }
        if kind.has(traits::RANGED) && seen && self.shoot_at_player(i) {
            return;
        }
        if let Some(dir) = toward_player.step_down(pos) {
            self.monster_moves(i, pos.step(dir));
        }
    }

    /// A monster takes a step onto a cell if it can: a closed door opens
    /// instead, and another monster or the player is in the way.
    fn monster_moves(&mut self, i: usize, to: Point) -> bool {
        if to == self.player.pos || self.level.monster_at(to).is_some() {
            return false;
        }
        match self.level.map.at(to) {
            Terrain::ClosedDoor => {
                self.level.map.set(to, Terrain::OpenDoor);
                true
            }
            t if t.is_walkable() => {
                self.level.monsters[i].pos = to;
                true
            }
            _ => false,
        }
    }

    /// An awake monster that has not seen the player walks on the way it
    /// was going, turning at random when it cannot.
    fn wander(&mut self, i: usize) {
        let m = self.level.monsters[i];
        if self.rng.roll(1, WANDER_TURN_ONE_IN) == 1
            || !self.monster_moves(i, m.pos.step(Dir::from_index(m.heading)))
        {
            self.level.monsters[i].heading = Dir::ALL[self.rng.below(Dir::ALL.len())].index();
        }
    }

    /// An erratic flyer's step in a random direction.
    fn flutter(&mut self, i: usize) {
        let dir = Dir::ALL[self.rng.below(Dir::ALL.len())];
        let to = self.level.monsters[i].pos.step(dir);
        if to == self.player.pos {
            self.monster_attacks(i);
        } else {
            self.monster_moves(i, to);
        }
    }

    /// Casting Lightning by heart starts its wait.
    pub(super) fn lightning_cast(&mut self) {
        self.player.lightning_wait = self.player.class.lightning_recharge();
    }
}

/// What a step costs a monster: the book's costs, closed doors included
/// (a monster opens them).
fn monster_cost(t: Terrain) -> Option<u32> {
    crate::path::book_cost(t)
}
