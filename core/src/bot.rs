//! A bot that plays the game by itself, as the book's chapter 27 builds
//! one to tune the game's numbers: it fights what is next to it, shoots or
//! casts at what it sees, drinks healing when low, rests when hurt and
//! safe, explores, picks up what it sees, searches dead ends when the
//! stairs are still hidden, takes the Amulet and goes down. It rolls no
//! dice: the same run plays the same way every time.

use crate::cellset::CellSet;
use crate::game::command::{StopReason, dir_between};
use crate::game::{Cause, Game, InventoryMode, Question, State};
use crate::geom::{Dir, Point};
use crate::input::Action;
use crate::item::{Use, kinds};
use crate::map::{MAP_CELLS, Map, Terrain};
use crate::player::Class;
use crate::replay::Input;

/// Drink healing at or below this share of the maximum health, in percent.
pub const DRINK_AT_PERCENT: i32 = 40;
/// Rest when below this share, with nothing in view.
pub const REST_BELOW_PERCENT: i32 = 70;
/// Searches at each dead end before trying the next.
const SEARCHES_PER_SPOT: u8 = 5;

/// What the bot remembers between actions.
#[derive(Clone, Debug, Default)]
pub struct Bot {
    depth: i32,
    /// Cells it has searched from on this floor.
    searched: CellSet,
    /// Searches left at the current spot.
    searching: u8,
    /// Items it gave up on (no way there), by cell, on this floor.
    skipped: CellSet,
    /// Leave the floor's Amulet behind (it could not be reached).
    give_up_amulet: bool,
    /// Every known way to the stairs crosses a known trap: step on it.
    through_traps: bool,
}

impl Bot {
    /// A bot with no goal yet.
    pub fn new() -> Bot {
        Bot::default()
    }

    /// Plays one thing: the running command's step, or the next action.
    /// False when the run is over and nothing was played.
    pub fn play_one(&mut self, game: &mut Game) -> bool {
        if game.command_running() {
            game.step_command();
            return true;
        }
        match self.next_action(game) {
            Some(action) => {
                game.act(action);
                true
            }
            None => false,
        }
    }

    /// What a driver plays next, as a replay records it: the running
    /// command's step, else the bot's next action; `None` when the run is
    /// over.
    pub fn next_input(&mut self, game: &Game) -> Option<Input> {
        if game.command_running() {
            Some(Input::Step)
        } else {
            self.next_action(game).map(Input::Act)
        }
    }

    /// The next action, or `None` when the run is over. While a command runs
    /// the driver steps it instead of asking.
    pub fn next_action(&mut self, game: &Game) -> Option<Action> {
        if game.depth() != self.depth {
            *self = Bot {
                depth: game.depth(),
                ..Bot::default()
            };
        }
        let p = game.player();
        Some(match game.state() {
            State::Dead | State::Won | State::Title | State::ChooseClass => return None,
            State::Menu | State::Help | State::Looking => Action::Cancel,
            State::Confirming(Question::LeaveAmulet) => {
                Action::Confirm(self.give_up_amulet || !self.amulet_reachable(game))
            }
            State::Confirming(Question::StepOnto(_)) => Action::Confirm(self.through_traps),
            State::Aiming(_) => {
                if game.level().monster_at(game.cursor()).is_some() && !game.aim_line().is_empty() {
                    Action::Select
                } else {
                    Action::Cancel
                }
            }
            State::Inventory(InventoryMode::Browse) => match self.item_to_use(game) {
                Some(slot) => Action::Letter((b'a' + slot) as char),
                None => Action::Cancel,
            },
            State::Inventory(InventoryMode::Item(_)) => Action::Use,
            State::Inventory(InventoryMode::Drop) => Action::Cancel,
            State::Playing => self.play(game, p.pos),
        })
    }

    #[expect(
        clippy::too_many_lines,
        reason = "the bot's choices in the order it weighs them, one list"
    )]
    fn play(&mut self, game: &Game, pos: Point) -> Action {
        let level = game.level();
        let p = game.player();
        // Drink healing when low; read teleportation when low with none;
        // drink strength, wear and wield what is better, as soon as it has
        // them.
        if self.item_to_use(game).is_some() {
            return Action::Inventory;
        }
        // Fight what is next to it.
        for dir in Dir::ALL {
            if let Some(m) = level.monster_at(pos.step(dir))
                && level.visible.contains(level.monsters[m].pos)
            {
                return Action::Move(dir);
            }
        }
        // Shoot, cast or throw at what it sees, else walk up to it; what it
        // can neither reach nor hit, it walks on past (exploring by hand,
        // since commands will not start with a monster in view).
        let targets = game.targets();
        if let Some(&target) = targets.first() {
            if crate::game::clear_shot(game.level(), game.player().pos, target) {
                if p.knows_lightning && p.lightning_wait == 0 {
                    return Action::Cast;
                }
                if p.bow.is_some() && p.slot_of(kinds::ARROW).is_some() {
                    return Action::Fire;
                }
                if p.slot_of(kinds::DART).is_some() {
                    return Action::Throw;
                }
            }
            // Waiting on Lightning with the monster still away: back off.
            if p.knows_lightning
                && p.lightning_wait > 0
                && (p.hp * 2 < p.max_hp || p.class == Class::Wizard)
                && let Some(dir) = step_away(game, target)
            {
                return Action::Move(dir);
            }
            if let Some(dir) = game
                .first_step_toward(target)
                .map(|next| dir_between(game.player().pos, next))
            {
                return Action::Move(dir);
            }
            return match explore_by_hand(game) {
                Some(dir) => Action::Move(dir),
                None => Action::Wait,
            };
        }
        if p.poisoned > 0 || p.confused > 0 {
            return Action::Wait;
        }
        if p.hp * 100 < p.max_hp * REST_BELOW_PERCENT {
            return Action::Rest;
        }
        // What lies here, then the nearest thing seen.
        if let Some(i) = level.item_at(pos)
            && wanted(game, i)
        {
            return Action::PickUp;
        }
        if let Some(goal) = self.nearest_item(game) {
            if game.route_to(goal).is_empty() {
                self.skipped.insert(goal);
            } else {
                return Action::TravelTo(goal);
            }
        }
        if let Some(stairs) = game.known_stairs()
            && (self.through_traps
                || game
                    .last_stop()
                    .is_some_and(|s| s.reason == StopReason::NoSafeWay))
        {
            // The only ways to the stairs cross known traps: walk one; with
            // no way at all, a secret door must be in the way.
            self.through_traps = true;
            if pos == stairs {
                return Action::Descend;
            }
            return match step_through_traps(game, stairs) {
                Some(dir) => Action::Move(dir),
                None => self.search_for_the_way(game, pos),
            };
        }
        // Explore until it says so.
        let explored = matches!(
            game.last_stop().map(|s| s.reason),
            Some(StopReason::Explored | StopReason::ExploredAsFarAsSafe)
        );
        if !explored {
            return Action::Explore;
        }
        let last = game.depth() >= crate::rules::LAST_FLOOR;
        if last && level.amulet_still_here() {
            // The last Amulet is hidden behind a secret door.
            return self.search_for_the_way(game, pos);
        }
        if game.known_stairs().is_some() || last {
            if level.amulet_still_here() && !self.give_up_amulet {
                // The Amulet was seen but cannot be walked to: leave it.
                self.give_up_amulet = true;
            }
            return Action::Descend;
        }
        self.search_for_the_way(game, pos)
    }

    /// The stairs are hidden behind a secret door: search from each cell
    /// next to a wall with the unknown beyond it, nearest first, five times
    /// at each.
    fn search_for_the_way(&mut self, game: &Game, pos: Point) -> Action {
        if self.searching > 0 {
            self.searching -= 1;
            if self.searching == 0 {
                // Something may have been found: look again.
                return Action::Explore;
            }
            return Action::Search;
        }
        let known = game.known_map();
        let explored = &game.level().explored;
        // What can be walked to from here: a wall with the unknown, or the
        // known but cut off (after a teleport), beyond it could hide a door.
        let reachable = crate::cellset::flood_fill(pos, |q| known.is_passable(q));
        let mut best: Option<(usize, Point)> = None;
        for i in 0..MAP_CELLS {
            let c = Map::point_of(i);
            if !known.is_walkable(c) || self.searched.contains(c) {
                continue;
            }
            // A wall next to it with the unknown beyond could hide a door.
            let hides = [Dir::N, Dir::E, Dir::S, Dir::W].iter().any(|&d| {
                let wall = c.step(d);
                let beyond = wall.step(d);
                known.at(wall) == Terrain::Wall
                    && Map::in_bounds(beyond)
                    && (!explored.contains(beyond)
                        || (known.is_passable(beyond) && !reachable.contains(beyond)))
            });
            if !hides {
                continue;
            }
            if !reachable.contains(c) {
                continue;
            }
            let (dx, dy) = ((c.x - pos.x).abs(), (c.y - pos.y).abs());
            let near = dx.max(dy) as usize;
            if best.is_none_or(|(r, _)| near < r) {
                best = Some((near, c));
            }
        }
        match best {
            Some((_, c)) if c == pos => {
                self.searched.insert(c);
                self.searching = SEARCHES_PER_SPOT;
                Action::Search
            }
            Some((_, c)) => Action::TravelTo(c),
            // Nowhere left to search (every wall next to the unknown was
            // searched): rest a turn and let the driver's limit end the run.
            None => Action::Wait,
        }
    }

    fn healing_slot(&self, game: &Game) -> Option<u8> {
        let p = game.player();
        p.slot_of(kinds::EXTRA_HEALING)
            .or_else(|| p.slot_of(kinds::HEALING))
    }

    /// The item the bot wants to use now, if any.
    fn item_to_use(&self, game: &Game) -> Option<u8> {
        let p = game.player();
        if low(game) {
            if let Some(slot) = self.healing_slot(game) {
                return Some(slot);
            }
            if !game.targets().is_empty()
                && let Some(slot) = p.slot_of(kinds::TELEPORTATION)
            {
                return Some(slot);
            }
        }
        if p.poisoned > 3
            && p.hp <= p.poisoned + 2
            && let Some(slot) = p.slot_of(kinds::REMOVE_POISON)
        {
            return Some(slot);
        }
        if let Some(slot) = p.slot_of(kinds::STRENGTH) {
            return Some(slot);
        }
        if !p.knows_lightning
            && let Some(slot) = p.slot_of(kinds::LIGHTNING)
        {
            return Some(slot);
        }
        self.better_gear(game)
    }

    /// A weapon or armour in the pack better than what is worn.
    fn better_gear(&self, game: &Game) -> Option<u8> {
        let p = game.player();
        let worth = |slot: u8| -> Option<(bool, i32)> {
            let item = p.pack[usize::from(slot)]?;
            match item.kind().uses {
                Use::Weapon { attack, damage } => Some((true, attack * 2 + damage.0 + damage.1)),
                Use::Armour { defence } => Some((false, defence)),
                _ => None,
            }
        };
        let current = |weapon: bool| {
            let slot = if weapon { p.weapon } else { p.armour };
            slot.and_then(worth).map_or(-1, |(_, v)| v)
        };
        (0..=crate::player::LAST_SLOT).find(|&slot| {
            let worn = if let Some((weapon, _)) = worth(slot) {
                if weapon { p.weapon } else { p.armour }
            } else {
                None
            };
            worth(slot).is_some_and(|(weapon, v)| v > current(weapon) && Some(slot) != worn)
        })
    }

    fn nearest_item(&self, game: &Game) -> Option<Point> {
        let level = game.level();
        let pos = game.player().pos;
        (0..level.items.len())
            .filter(|&i| {
                level.items[i].seen && wanted(game, i) && !self.skipped.contains(level.items[i].pos)
            })
            .map(|i| level.items[i].pos)
            .min_by_key(|q| (q.x - pos.x).abs().max((q.y - pos.y).abs()))
    }

    fn amulet_reachable(&self, game: &Game) -> bool {
        let level = game.level();
        level
            .items
            .iter()
            .find(|i| i.item.kind == kinds::AMULET)
            .is_some_and(|a| a.seen && !game.route_to(a.pos).is_empty())
    }
}

/// A step toward the nearest edge of what the player has seen, as explore
/// would take it, for when commands refuse to start. Never inlined, here
/// and below: its Dijkstra map lives on the stack only while it runs (the
/// Cortex-M3 board has 64 KiB in all).
#[inline(never)]
fn explore_by_hand(game: &Game) -> Option<Dir> {
    let known = game.known_map();
    let edge = crate::game::command::unexplored_edge(&known, &game.level().explored);
    let mut map = crate::path::dijkstra::DijkstraMap::new();
    map.compute_from(&known, edge.iter(), crate::path::book_cost);
    map.step_down(game.player().pos)
}

/// The first step toward a cell over the known floor with its known traps
/// counted as ground.
#[inline(never)]
fn step_through_traps(game: &Game, goal: Point) -> Option<Dir> {
    let known = crate::path::known_map(
        &game.level().map,
        &game.level().explored,
        core::iter::empty(),
    );
    let mut astar = crate::path::astar::AStar::new();
    astar.find_path(&known, game.player().pos, goal);
    let next = astar.path().next()?;
    Some(dir_between(game.player().pos, next))
}

/// A step to free ground farther from a monster, if there is one.
fn step_away(game: &Game, from: Point) -> Option<Dir> {
    let level = game.level();
    let pos = game.player().pos;
    let far = |p: Point| (p.x - from.x).abs().max((p.y - from.y).abs());
    Dir::ALL
        .into_iter()
        .filter(|d| {
            let q = pos.step(*d);
            level.map.is_walkable(q)
                && level.monster_at(q).is_none()
                && level.trap_at(q).is_none_or(|t| !level.traps[t].known)
        })
        .filter(|d| far(pos.step(*d)) > far(pos))
        .max_by_key(|d| far(pos.step(*d)))
}

/// True when the player is low enough on health to drink.
fn low(game: &Game) -> bool {
    let p = game.player();
    p.hp * 100 <= p.max_hp * DRINK_AT_PERCENT
}

/// Items worth walking to: gold, the Amulet, potions, scrolls, ammunition
/// the class uses, while the pack has room.
fn wanted(game: &Game, i: usize) -> bool {
    let item = game.level().items[i].item;
    let p = game.player();
    let room = p.pack.iter().any(Option::is_none)
        || (item.kind().stacks && p.slot_of(item.kind).is_some());
    match item.kind().uses {
        Use::Gold | Use::Amulet => true,
        Use::Potion | Use::Scroll => room,
        Use::Arrows => room && p.bow.is_some(),
        Use::Thrown { .. } => room,
        Use::Weapon { attack, damage } => {
            let have = p.wielded().map_or(-1, |w| match w.kind().uses {
                Use::Weapon { attack, damage } => attack * 2 + damage.0 + damage.1,
                _ => -1,
            });
            room && attack * 2 + damage.0 + damage.1 > have
        }
        Use::Armour { defence } => {
            let have = p.worn().map_or(-1, |a| match a.kind().uses {
                Use::Armour { defence } => defence,
                _ => -1,
            });
            room && defence > have
        }
        Use::Bow { .. } => room && p.bow.is_none(),
    }
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunResult {
    /// The run's seed.
    pub seed: u32,
    /// The class played.
    pub class: Class,
    /// Whether the ninth Amulet was taken.
    pub won: bool,
    /// The floor the run ended on.
    pub floor: i32,
    /// The turns played.
    pub turns: u32,
    /// The Amulets taken.
    pub amulets: u8,
    /// The monsters killed.
    pub kills: u16,
    /// The gold picked up.
    pub gold: u32,
    /// What killed the player, if something did.
    pub killer: Option<Cause>,
    /// True when the run was cut off by the action limit.
    pub stuck: bool,
}

/// A check that failed during a run, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The check that failed.
    pub what: &'static str,
    /// The floor it failed on.
    pub floor: i32,
    /// The turn it failed on.
    pub turn: u32,
}

impl core::fmt::Display for Failure {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let Failure { what, floor, turn } = self;
        write!(f, "{what} (floor {floor}, turn {turn})")
    }
}

impl core::error::Error for Failure {}

/// The most actions a bot run takes before it is called stuck.
pub const MAX_ACTIONS: u32 = 60_000;

/// Plays a whole run of `seed` as `class` with the bot, calling `check`
/// after every action and command step (the soak's invariants).
pub fn play_run(
    seed: u32,
    class: Class,
    check: impl FnMut(&Game) -> Result<(), &'static str>,
) -> Result<RunResult, Failure> {
    let mut game = Game::new_run(seed, class);
    drive(&mut game, check)
}

/// Plays `game` on with the bot until the run ends (or the action limit),
/// leaving it in its end state; `check` runs after every action and step.
pub fn drive(
    game: &mut Game,
    mut check: impl FnMut(&Game) -> Result<(), &'static str>,
) -> Result<RunResult, Failure> {
    let mut bot = Bot::new();
    let mut actions = 0;
    let mut stuck = false;
    while bot.play_one(game) {
        if let Err(what) = check(game) {
            return Err(Failure {
                what,
                floor: game.depth(),
                turn: game.turn(),
            });
        }
        actions += 1;
        if actions >= MAX_ACTIONS {
            stuck = true;
            break;
        }
    }
    let p = game.player();
    Ok(RunResult {
        seed: game.seed(),
        class: p.class,
        won: game.state() == State::Won,
        floor: game.depth(),
        turns: game.turn(),
        amulets: p.amulets,
        kills: p.kills,
        gold: p.gold,
        killer: game.cause_of_death(),
        stuck,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::item::{FloorItem, Item};
    use crate::monster::{MONSTERS, Mind, Monster};

    fn floor() -> Map {
        Map::from_rows(&[
            "#############",
            "#.....#.....#",
            "#.....+.....#",
            "#.....#.....#",
            "#############",
        ])
        .unwrap()
    }

    fn rat(at: Point) -> Monster {
        Monster {
            kind: crate::monster::KindId::new(0).expect("the first kind"),
            pos: at,
            hp: MONSTERS[0].hp,
            mind: Mind::Hunting,
            band: 0,
            heading: 0,
        }
    }

    #[test]
    fn it_drinks_healing_when_low_with_a_monster_next_to_it() {
        let mut game = Game::with_floor(1, Class::Fighter, 1, floor(), Point::new(2, 2));
        game.player_mut().hp = 6; // under a fifth of 32
        game.level_mut()
            .monsters
            .push(rat(Point::new(3, 2)))
            .unwrap();
        game.refresh_view();
        let mut bot = Bot::new();
        assert_eq!(bot.next_action(&game), Some(Action::Inventory));
        game.act(Action::Inventory);
        assert_eq!(bot.next_action(&game), Some(Action::Letter('c')));
        game.act(Action::Letter('c'));
        assert_eq!(bot.next_action(&game), Some(Action::Use));
        game.act(Action::Use);
        assert!(game.player().hp > 6);
    }

    #[test]
    fn it_does_not_rest_with_a_monster_in_view_but_fights() {
        let mut game = Game::with_floor(1, Class::Fighter, 1, floor(), Point::new(2, 2));
        game.player_mut().hp = 20;
        game.level_mut()
            .monsters
            .push(rat(Point::new(4, 2)))
            .unwrap();
        game.refresh_view();
        let mut bot = Bot::new();
        let action = bot.next_action(&game);
        assert_ne!(action, Some(Action::Rest));
        assert_eq!(action, Some(Action::Move(Dir::E)), "it walks up to the rat");
        game.level_mut().monsters.clear();
        game.refresh_view();
        assert_eq!(
            bot.next_action(&game),
            Some(Action::Rest),
            "and rests once it is alone"
        );
    }

    #[test]
    fn it_takes_the_stairs_only_after_the_amulet() {
        let mut map = floor();
        map.set(Point::new(4, 3), Terrain::StairsDown);
        let mut game = Game::with_floor(1, Class::Fighter, 1, map, Point::new(4, 3));
        game.level_mut()
            .items
            .push(FloorItem {
                item: Item::one(kinds::AMULET),
                pos: Point::new(1, 1),
                seen: true,
                left: false,
            })
            .unwrap();
        game.refresh_view();
        let mut bot = Bot::new();
        // The Amulet is seen and reachable: it goes for it, not down.
        assert_eq!(
            bot.next_action(&game),
            Some(Action::TravelTo(Point::new(1, 1)))
        );
        game.act(Action::TravelTo(Point::new(1, 1)));
        while game.command_running() {
            game.step_command();
        }
        assert_eq!(bot.next_action(&game), Some(Action::PickUp));
        game.act(Action::PickUp);
        assert_eq!(game.player().amulets, 1);
    }

    #[test]
    fn a_run_is_the_same_played_twice() {
        let a = play_run(5, Class::Rogue, |_| Ok(())).unwrap();
        let b = play_run(5, Class::Rogue, |_| Ok(())).unwrap();
        assert_eq!(a, b);
        assert!(a.turns > 0);
    }
}
