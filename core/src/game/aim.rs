//! Aiming: the bow (`f`), throwing darts and daggers (`t`) and Lightning by
//! heart (`z`). Aiming starts on the nearest monster in view; the cursor
//! moves a cell at a time, Tab goes to the next monster, and Enter (or the
//! same key again, or a click) lets fly along the line of fire.

use super::combat::{clear_shot, flight};
use super::{Action, Aim, Event, Game, Outcome, State};
use crate::geom::Point;
use crate::item::{Item, Use, kinds};
use crate::text::line;

/// How far arrows and darts fly, and bolts reach.
pub const RANGE: usize = 12;
/// Lightning's damage to each monster on its line.
pub const LIGHTNING_DAMAGE: (i32, i32) = (6, 12);

impl Game {
    /// Starts aiming the bow or Lightning, if the player can.
    pub(super) fn start_aim(&mut self, aim: Aim) -> bool {
        match aim {
            Aim::Fire => {
                if self.player.bow.is_none() {
                    self.log.say("You have no bow ready.");
                    return false;
                }
                if self.player.slot_of(kinds::ARROW).is_none() {
                    self.log.say("You have no arrows.");
                    return false;
                }
            }
            Aim::Cast => {
                if !self.player.knows_lightning {
                    self.log.say("You don't know any spell by heart.");
                    return false;
                }
                if self.player.lightning_wait > 0 {
                    let wait = self.player.lightning_wait;
                    self.log.add(line(format_args!(
                        "Lightning needs {wait} more turns to come back."
                    )));
                    return false;
                }
            }
            Aim::Throw { .. } => {}
        }
        let reachable = self.reachable_targets(aim);
        self.cursor = reachable.first().copied().unwrap_or(self.player.pos);
        if reachable.is_empty() && !self.targets().is_empty() {
            self.log.say("Nothing in view can be reached from here.");
        }
        self.state = State::Aiming(aim);
        false
    }

    /// `t`: throws darts first, else a dagger that is not the one wielded.
    pub(super) fn start_throw(&mut self) -> bool {
        let slot = self.player.slot_of(kinds::DART).or_else(|| {
            let dagger = self.player.slot_of(kinds::DAGGER)?;
            let spare = self.player.weapon != Some(dagger)
                || self.player.pack[usize::from(dagger)].is_some_and(|d| d.count > 1);
            spare.then_some(dagger)
        });
        match slot {
            Some(slot) => self.start_aim(Aim::Throw { slot }),
            None => {
                self.log.say("You have nothing to throw.");
                false
            }
        }
    }

    /// The monsters in view, nearest first (by squared distance, then
    /// row by row).
    pub fn targets(&self) -> heapless::Vec<Point, { crate::level::MAX_MONSTERS }> {
        let mut seen: heapless::Vec<(i32, usize, Point), { crate::level::MAX_MONSTERS }> =
            heapless::Vec::new();
        for m in &self.level.monsters {
            if self.level.visible.contains(m.pos) {
                let (dx, dy) = (m.pos.x - self.player.pos.x, m.pos.y - self.player.pos.y);
                seen.push((dx * dx + dy * dy, crate::map::Map::index(m.pos), m.pos))
                    .expect("at most MAX_MONSTERS monsters, the list's room");
            }
        }
        crate::sort::sort_by_key(&mut seen, |&(d, i, _)| (d, i));
        seen.into_iter().map(|(_, _, p)| p).collect()
    }

    /// The monsters in view that `aim` can reach from here, nearest first:
    /// a missile's with nothing before it (`clear_shot`), a bolt's with no
    /// wall before it (it goes on through monsters), within `RANGE`.
    pub fn reachable_targets(
        &self,
        aim: Aim,
    ) -> heapless::Vec<Point, { crate::level::MAX_MONSTERS }> {
        let from = self.player.pos;
        self.targets()
            .into_iter()
            .filter(|&t| match aim {
                Aim::Cast => flight(&self.level, from, t, true).contains(&t),
                Aim::Fire | Aim::Throw { .. } => clear_shot(&self.level, from, t),
            })
            .collect()
    }

    /// The cells the missile or bolt would cross toward the cursor, up to
    /// where it stops: the first monster or wall (a bolt goes on through
    /// monsters to the wall).
    pub fn aim_line(&self) -> heapless::Vec<Point, RANGE> {
        let through = matches!(self.state, State::Aiming(Aim::Cast));
        flight(&self.level, self.player.pos, self.cursor, through)
    }

    pub(super) fn on_aiming(&mut self, aim: Aim, action: Action) -> Outcome {
        match action {
            Action::Cursor(d) => self.move_cursor(d),
            Action::CursorTo(p) => self.cursor_to(p),
            Action::NextTarget => {
                let targets = self.reachable_targets(aim);
                if let Some(at) = targets.iter().position(|&p| p == self.cursor) {
                    self.cursor = targets[(at + 1) % targets.len()];
                } else if let Some(&first) = targets.first() {
                    self.cursor = first;
                }
            }
            Action::Cancel => self.state = State::Playing,
            Action::Select => {
                if self.cursor == self.player.pos {
                    self.log.say("Aim at something other than yourself.");
                    return Outcome::default();
                }
                self.state = State::Playing;
                self.let_fly(aim);
                self.finish_turn();
                return Outcome {
                    turn_passed: true,
                    request: None,
                };
            }
            _ => {}
        }
        Outcome::default()
    }

    /// The shot, throw or bolt itself.
    fn let_fly(&mut self, aim: Aim) {
        self.player.searches = 0;
        let path = flight(&self.level, self.player.pos, self.cursor, aim == Aim::Cast);
        let Some(&end) = path.last() else {
            self.log.say("There is no room to shoot there.");
            return;
        };
        match aim {
            Aim::Cast => self.bolt(&path, end),
            Aim::Fire | Aim::Throw { .. } => self.loose(aim, end),
        }
    }

    /// Lightning along `path`, to its `end`: every monster on the way is
    /// struck, in the path's order.
    fn bolt(&mut self, path: &[Point], end: Point) {
        self.event(Event::Bolt {
            from: self.player.pos,
            to: end,
        });
        self.log.say("Lightning leaps from your hands!");
        for &p in path {
            if let Some(m) = self.level.monster_at(p) {
                let dealt = self.rng.roll(LIGHTNING_DAMAGE.0, LIGHTNING_DAMAGE.1);
                self.hurt_monster(m, dealt, "blast");
            }
        }
        self.lightning_cast();
    }

    /// An arrow shot or a thing thrown, to `end`: it strikes a monster
    /// there, and lands.
    fn loose(&mut self, aim: Aim, end: Point) {
        let slot = match aim {
            Aim::Throw { slot } => slot,
            _ => match self.player.slot_of(kinds::ARROW) {
                Some(s) => s,
                None => return,
            },
        };
        let Some(missile) = self.player.take_one(slot) else {
            return;
        };
        let damage = match (aim, missile.kind().uses) {
            (Aim::Fire, _) => match self.player.pack[usize::from(self.player.bow.unwrap_or(0))]
                .map(|b| b.kind().uses)
            {
                Some(Use::Bow { damage }) => damage,
                _ => (1, 2),
            },
            (_, Use::Thrown { damage } | Use::Weapon { damage, .. }) => damage,
            _ => (1, 2),
        };
        self.event(Event::Missile {
            from: self.player.pos,
            to: end,
            glyph: missile.kind().glyph,
            color: missile.kind().color,
        });
        let attack = self.player.class.aim() + self.player.strength;
        if let Some(m) = self.level.monster_at(end) {
            self.strike(m, attack, damage, "hit");
        }
        self.land(
            Item {
                count: 1,
                ..missile
            },
            end,
        );
    }
}
