//! Combat: who hits whom, and for how much. A blow, an arrow, a thrown
//! dagger, a monster's bite or shot and a dart trap all follow one rule:
//! a roll of 1 to 100 no higher than the hit chance hits, and then the
//! damage is a roll in the weapon's range. Lightning always hits. And the
//! line a missile flies, which the player's aim, a monster's shot and the
//! bot's choice of a shot all walk the same way.

use super::{Cause, Event, Game, RANGE};
use crate::geom::{Point, line_of_fire};
use crate::level::Level;
use crate::monster::{Mind, MonsterKind, traits};
use crate::rng::Rng;
use crate::text::{capitalized, line};

/// How far a monster that shoots will shoot from (Chebyshev distance).
pub const SHOOTING_RANGE: i32 = 6;
// A monster's shot walks the player's line of fire, `RANGE` cells long, so
// a player in its range is always on that line.
const _: () = assert!(SHOOTING_RANGE as usize <= RANGE);

/// A poisoner's blow that hurts poisons for this many turns more.
pub const BITE_POISON: (i32, i32) = (2, 4);

/// The chance to hit in percent: 75, and 5 more for each point of attack
/// over the defence, from 5 to 95 (docs/rules.md, "Combat").
pub fn hit_chance(attack: i32, defence: i32) -> i32 {
    (75 + 5 * (attack - defence)).clamp(5, 95)
}

/// One attack's dice: the roll to hit, then, if it hit, the damage in
/// `damage`'s range; `None` for a miss, which rolls no damage. Every attack
/// rolls through here, so every attack rolls in this order.
pub(super) fn blow(rng: &mut Rng, attack: i32, defence: i32, damage: (i32, i32)) -> Option<i32> {
    if rng.roll(1, 100) > hit_chance(attack, defence) {
        return None;
    }
    Some(rng.roll(damage.0, damage.1))
}

/// The cells a missile from `from` toward `to` crosses, in order, at most
/// `RANGE` of them: it stops before the first cell that blocks sight, and
/// on the first monster, unless it goes `through` them (a bolt).
pub fn flight(level: &Level, from: Point, to: Point, through: bool) -> heapless::Vec<Point, RANGE> {
    let mut out = heapless::Vec::new();
    for p in line_of_fire::<RANGE>(from, to, RANGE) {
        if level.map.blocks_sight(p) {
            break;
        }
        out.push(p)
            .expect("line_of_fire gives at most RANGE cells, the room here");
        if !through && level.monster_at(p).is_some() {
            break;
        }
    }
    out
}

/// True when a missile from `from` reaches `to` within `RANGE` cells with
/// nothing on a cell before it: no wall, no monster.
pub fn clear_shot(level: &Level, from: Point, to: Point) -> bool {
    for p in line_of_fire::<RANGE>(from, to, RANGE) {
        if p == to {
            return true;
        }
        if level.map.blocks_sight(p) || level.monster_at(p).is_some() {
            return false;
        }
    }
    false
}

impl Game {
    /// A melee blow at a monster: the hit chance, the weapon's damage.
    pub(super) fn player_attacks(&mut self, m: usize) {
        let damage = self.player.melee_damage();
        let attack = self.player.attack();
        self.strike(m, attack, damage, "hit");
    }

    /// A blow, arrow or dart at a monster, with the message naming both.
    pub(super) fn strike(&mut self, m: usize, attack: i32, damage: (i32, i32), verb: &str) {
        let target = self.level.monsters[m];
        let name = target.kind().name;
        let Some(dealt) = blow(&mut self.rng, attack, target.kind().defence, damage) else {
            self.log.add(line(format_args!("You miss the {name}.")));
            self.wake(m);
            return;
        };
        self.hurt_monster(m, dealt, verb);
    }

    /// Damage to a monster: it dies at 0, or wakes and hunts.
    pub(super) fn hurt_monster(&mut self, m: usize, dealt: i32, verb: &str) {
        let target = self.level.monsters[m];
        let name = target.kind().name;
        let big = dealt * 3 >= target.kind().hp;
        self.event(Event::Hit {
            at: target.pos,
            big,
        });
        if dealt >= target.hp {
            self.log.add(line(format_args!("You kill the {name}.")));
            self.level.monsters.remove(m);
            self.player.kills = self.player.kills.saturating_add(1);
            let slain = &mut self.player.slain[usize::from(target.kind.number())];
            *slain = slain.saturating_add(1);
        } else {
            self.level.monsters[m].hp -= dealt;
            self.log.add(line(format_args!("You {verb} the {name}.")));
            self.wake(m);
        }
    }

    /// A monster hurt or missed hunts the player from then on.
    fn wake(&mut self, m: usize) {
        self.level.monsters[m].mind = Mind::Hunting;
    }

    /// Damage to the player; death at 0.
    pub(super) fn hurt_player(&mut self, damage: i32, cause: Cause) {
        let big = damage * 3 >= self.player.max_hp;
        self.event(Event::Hit {
            at: self.player.pos,
            big,
        });
        self.player.hp -= damage;
        if self.player.hp <= 0 {
            self.player.hp = 0;
            self.die(cause);
        }
    }

    /// A monster's blow or shot at the player: its attack against the
    /// player's defence, for its damage.
    fn blow_at_player(&mut self, kind: &MonsterKind) -> Option<i32> {
        blow(
            &mut self.rng,
            kind.attack,
            self.player.defence(),
            kind.damage,
        )
    }

    /// A monster next to the player strikes: a poisoner's blow that
    /// hurts poisons too.
    pub(super) fn monster_attacks(&mut self, i: usize) {
        let m = self.level.monsters[i];
        let kind = m.kind();
        let Some(damage) = self.blow_at_player(kind) else {
            self.log.add(capitalized(line(format_args!(
                "the {} misses you.",
                kind.name
            ))));
            return;
        };
        self.log.add(capitalized(line(format_args!(
            "the {} hits you.",
            kind.name
        ))));
        if kind.has(traits::POISONS) && damage > 0 {
            self.player.poisoned += self.rng.roll(BITE_POISON.0, BITE_POISON.1);
            self.log.say("You are poisoned!");
        }
        self.hurt_player(damage, Cause::Monster(m.kind));
    }

    /// A monster that shoots: when the player is within range and the line
    /// of fire is clear, it shoots instead of walking. True if it shot.
    pub(super) fn shoot_at_player(&mut self, i: usize) -> bool {
        let m = self.level.monsters[i];
        let (dx, dy) = (self.player.pos.x - m.pos.x, self.player.pos.y - m.pos.y);
        if dx.abs().max(dy.abs()) > SHOOTING_RANGE {
            return false;
        }
        if !clear_shot(&self.level, m.pos, self.player.pos) {
            return false;
        }
        let kind = m.kind();
        self.event(Event::Missile {
            from: m.pos,
            to: self.player.pos,
            glyph: '/',
            color: kind.color,
        });
        let Some(damage) = self.blow_at_player(kind) else {
            self.log.add(capitalized(line(format_args!(
                "the {} shoots and misses you.",
                kind.name
            ))));
            return true;
        };
        self.log.add(capitalized(line(format_args!(
            "the {} shoots you.",
            kind.name
        ))));
        self.hurt_player(damage, Cause::Monster(m.kind));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::{MAP_H, MAP_W, Terrain};
    use crate::monster::Monster;

    #[test]
    fn hit_chances_are_clamped() {
        assert_eq!(hit_chance(0, 0), 75);
        assert_eq!(hit_chance(5, 0), 95);
        assert_eq!(hit_chance(10, 0), 95);
        assert_eq!(hit_chance(0, 5), 50);
        assert_eq!(hit_chance(0, 20), 5);
    }

    /// A floor of open ground, walls round its edge, with monsters where
    /// the list says.
    fn ground_with_monsters(at: &[Point]) -> Level {
        let mut level = Level::empty();
        for i in 0..crate::map::MAP_CELLS {
            let p = crate::map::Map::point_of(i);
            let edge = p.x == 0 || p.y == 0 || p.x == MAP_W - 1 || p.y == MAP_H - 1;
            if !edge {
                level.map.set(p, Terrain::Floor);
            }
        }
        for &pos in at {
            let rat = Monster {
                kind: crate::monster::KindId::new(0).expect("the first kind, the rat"),
                pos,
                hp: 4,
                mind: Mind::Asleep,
                band: 0,
                heading: 0,
            };
            level
                .monsters
                .push(rat)
                .expect("a test's few monsters fit a floor");
        }
        level
    }

    #[test]
    fn a_missile_stops_at_the_first_monster_and_a_bolt_goes_through() {
        let (first, second) = (Point::new(13, 10), Point::new(16, 10));
        let level = ground_with_monsters(&[first, second]);
        let from = Point::new(10, 10);
        let to = Point::new(20, 10);
        let arrow = flight(&level, from, to, false);
        assert_eq!(arrow.last(), Some(&first));
        assert_eq!(arrow.len(), 3);
        let bolt = flight(&level, from, to, true);
        assert!(bolt.contains(&first) && bolt.contains(&second));
        assert_eq!(
            bolt.len(),
            RANGE,
            "a bolt flies its whole range on open ground"
        );
    }

    #[test]
    fn a_missile_stops_before_a_wall() {
        let mut level = ground_with_monsters(&[]);
        level.map.set(Point::new(14, 10), Terrain::Wall);
        let cells = flight(&level, Point::new(10, 10), Point::new(20, 10), true);
        assert_eq!(cells.last(), Some(&Point::new(13, 10)));
    }

    #[test]
    fn a_shot_is_clear_only_with_nothing_between() {
        let from = Point::new(10, 10);
        let to = Point::new(15, 12);
        assert!(clear_shot(&ground_with_monsters(&[]), from, to));
        let between = flight(&ground_with_monsters(&[]), from, to, false)[1];
        assert!(!clear_shot(&ground_with_monsters(&[between]), from, to));
        let mut walled = ground_with_monsters(&[]);
        walled.map.set(between, Terrain::Wall);
        assert!(!clear_shot(&walled, from, to));
        // The target itself standing there does not block the shot.
        assert!(clear_shot(&ground_with_monsters(&[to]), from, to));
        let far = Point::new(10 + RANGE as i32 + 1, 10);
        assert!(
            !clear_shot(&ground_with_monsters(&[]), from, far),
            "out of range"
        );
    }

    #[test]
    fn a_blow_rolls_to_hit_then_for_damage() {
        // Against a defence of 100 the chance is 5: most rolls miss, and
        // a miss rolls no damage, so the dice are one roll on.
        let mut dice = Rng::new(7);
        let mut copy = dice.clone();
        let mut hits = 0;
        for _ in 0..200 {
            let to_hit = copy.roll(1, 100);
            match blow(&mut dice, 0, 100, (3, 5)) {
                Some(damage) => {
                    assert!(to_hit <= 5, "a hit on {to_hit}");
                    assert!((3..=5).contains(&damage));
                    assert_eq!(damage, copy.roll(3, 5));
                    hits += 1;
                }
                None => assert!(to_hit > 5, "a miss on {to_hit}"),
            }
        }
        assert!(hits > 0 && hits < 40, "{hits} hits of 200 at 5%");
    }
}
