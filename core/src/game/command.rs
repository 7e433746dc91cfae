//! Commands that take many turns, as the book's chapter 23 builds them:
//! rest (`R`), travel (a click, or `>` to the stairs) by A* over the floor
//! as the player knows it, and explore (`o`) downhill on a Dijkstra map
//! whose goals are the edge of what the player has seen. The core has no
//! clock: a shell calls `step_command` every `COMMAND_STEP_MS` while
//! `command_running`. Each step is exactly the turn a key would play.
//!
//! Beyond the book, every end and every refusal is a [`StopReason`], kept as
//! `last_stop`, with the book's message as its text, so every shell can
//! show why a command stopped.

use super::auto::{Automation, Halt};
use super::{Game, State};
use crate::cellset::CellSet;
use crate::geom::{Dir, Point};
use crate::item::{Item, kinds};
use crate::map::{MAP_CELLS, Map, Terrain};
use crate::monster::KindId;
use crate::path::astar::AStar;
use crate::path::dijkstra::DijkstraMap;
use crate::path::{book_cost, known_map};
use crate::text::{Line, line, with_article};

/// A command takes a step every `COMMAND_STEP_MS` milliseconds, so the
/// player sees it happen.
pub const COMMAND_STEP_MS: u32 = 30;
/// Resting stops after `REST_TURNS` turns, healed or not.
pub const REST_TURNS: u32 = 300;
/// The most cells `route_to` gives: a preview longer than this shows its
/// first `MAX_ROUTE` cells.
pub const MAX_ROUTE: usize = 256;

/// What a command that takes many turns is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandKind {
    /// Waiting until the player is healed.
    Rest,
    /// Walking to a cell the player chose, by the shortest way they know.
    Travel,
    /// Walking to the nearest edge of what the player has seen.
    Explore,
    /// Searching where the player stands until something turns up, as `s`
    /// would turn after turn (ours, not the book's).
    Search,
}

/// A command running: its kind, its goal (travel's), the turns so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Command {
    /// Rest, travel, explore or the stairs.
    pub kind: CommandKind,
    /// Where travel goes.
    pub goal: Point,
    /// The turns it has taken so far.
    pub turns: u32,
}

/// Why a command ended, or would not start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// Travel arrived.
    Arrived,
    /// "You feel rested."
    Rested,
    /// "You stop resting." after `REST_TURNS` turns.
    RestCapReached,
    /// "You're already at full health."
    AlreadyRested,
    /// "You see a jackal." (stopped) or "Not with a jackal in view."
    /// (refused).
    MonsterInView(KindId),
    /// Health went down by this much.
    HurtBy(i32),
    /// The player went down the stairs.
    NewFloor,
    /// A trap was found.
    TrapFound,
    /// A secret door was found.
    SecretDoorFound,
    /// "You see 18 gold pieces."
    ItemSeen(Item),
    /// "The way there is blocked."
    Blocked,
    /// "You don't know a safe way there."
    NoSafeWay,
    /// "Explored."
    Explored,
    /// "Explored, as far as you can safely go."
    ExploredAsFarAsSafe,
    /// A key stopped it.
    Interrupted,
    /// "Not while you're poisoned."
    Poisoned,
    /// "Not while you're confused."
    Confused,
    /// "You haven't found the stairs down yet."
    StairsUnknown,
    /// A search here ran its turns and found nothing ("You find
    /// nothing." is the search's own message).
    Searched,
    /// "There are no stairs down from the deepest floor."
    NoStairsHere,
    /// The step asked a question, or ended the run.
    LeftPlay,
}

impl StopReason {
    /// Whether a command stops for it under `auto`: a new item (of a kind
    /// not picked up), a trap or a secret door only as the player's
    /// automation says; all else always.
    pub fn stops(self, auto: &Automation) -> bool {
        match self {
            StopReason::ItemSeen(item) => !auto.picks_item(item) && auto.halts(Halt::Items),
            StopReason::TrapFound => auto.halts(Halt::Traps),
            StopReason::SecretDoorFound => auto.halts(Halt::Doors),
            _ => true,
        }
    }

    /// Something new the player should see to (what `something_new`
    /// finds): a monster, a floor, a trap, a secret door, a hurt, an item;
    /// not a command's own end or a refusal.
    pub const fn is_news(self) -> bool {
        matches!(
            self,
            StopReason::MonsterInView(_)
                | StopReason::HurtBy(_)
                | StopReason::NewFloor
                | StopReason::TrapFound
                | StopReason::SecretDoorFound
                | StopReason::ItemSeen(_)
        )
    }
}

/// A command's end or refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stop {
    /// Why it stopped, or why it would not start.
    pub reason: StopReason,
    /// True when the command never started.
    pub refused: bool,
}

impl Stop {
    /// The words for it: the book's message where the book has one.
    pub fn text(&self) -> Line {
        use StopReason::*;
        match self.reason {
            Arrived => line(format_args!("Arrived.")),
            Rested => line(format_args!("You feel rested.")),
            RestCapReached => line(format_args!("You stop resting.")),
            AlreadyRested => line(format_args!("You're already at full health.")),
            MonsterInView(k) => {
                let name = with_article(crate::monster::kind(k).name);
                if self.refused {
                    line(format_args!("Not with {name} in view."))
                } else {
                    line(format_args!("You see {name}."))
                }
            }
            HurtBy(n) => line(format_args!("Hurt, {n} HP.")),
            NewFloor => line(format_args!("A new floor.")),
            TrapFound => line(format_args!("A trap.")),
            SecretDoorFound => line(format_args!("A secret door.")),
            ItemSeen(item) => line(format_args!("You see {}.", item.name())),
            Blocked => line(format_args!("The way there is blocked.")),
            NoSafeWay => line(format_args!("You don't know a safe way there.")),
            Explored => line(format_args!("Explored.")),
            ExploredAsFarAsSafe => line(format_args!("Explored, as far as you can safely go.")),
            Interrupted => line(format_args!("Stopped.")),
            Poisoned => line(format_args!("Not while you're poisoned.")),
            Confused => line(format_args!("Not while you're confused.")),
            StairsUnknown => line(format_args!("You haven't found the stairs down yet.")),
            Searched => line(format_args!("Nothing is hidden next to you here.")),
            NoStairsHere => line(format_args!(
                "There are no stairs down from the deepest floor."
            )),
            LeftPlay => line(format_args!("Stopped.")),
        }
    }

    /// True for the reasons the book writes in the log itself.
    pub fn logged(&self) -> bool {
        use StopReason::*;
        !matches!(
            self.reason,
            Arrived | HurtBy(_) | NewFloor | TrapFound | SecretDoorFound | Interrupted | LeftPlay
        )
    }
}

/// What the player knows as a step begins, so the step can tell what is
/// new: the floor, their health, the traps known, the secret doors still
/// hidden, which items they have seen (a bit each; a floor has at most
/// 48), and how many monsters are in view. A shell's session tallies a
/// key's turn the same way ([`Game::news_since`]).
#[derive(Clone, Copy, Debug)]
pub struct Tally {
    depth: i32,
    hp: i32,
    traps_known: usize,
    secret_doors: usize,
    items_seen: u64,
    in_view: usize,
}
const _: () = assert!(crate::level::MAX_FLOOR_ITEMS <= 64);

impl Tally {
    /// The floor's `i`th item was taken: the bits of the items after it
    /// move down a place, as the items do.
    fn took_item(&mut self, i: usize) {
        let below = (1u64 << i) - 1;
        let seen = self.items_seen;
        self.items_seen = (seen & below) | ((seen >> 1) & !below);
    }
}

impl Game {
    /// The command running, if one is.
    pub fn command(&self) -> Option<Command> {
        self.command
    }

    /// Whether a command is running.
    pub fn command_running(&self) -> bool {
        self.command.is_some()
    }

    /// Why the last command ended or was refused.
    pub fn last_stop(&self) -> Option<Stop> {
        self.last_stop
    }

    /// Ends or refuses a command for a reason; the book's message goes to
    /// the log. A refusal leaves a running command be (a click's travel
    /// refused while another command runs).
    fn stop(&mut self, reason: StopReason, refused: bool) {
        if !refused {
            self.command = None;
        }
        let stop = Stop { reason, refused };
        if stop.logged() {
            self.log.add(stop.text());
        }
        self.last_stop = Some(stop);
    }

    /// Stops the running command because a key was pressed: it does nothing
    /// else.
    pub(super) fn interrupt(&mut self) {
        if self.command.is_some() {
            self.stop(StopReason::Interrupted, false);
        }
    }

    /// The first monster in view, by the floor's order.
    fn first_monster_in_view(&self) -> Option<KindId> {
        self.level
            .monsters
            .iter()
            .find(|m| self.level.visible.contains(m.pos))
            .map(|m| m.kind)
    }

    /// Whether a command can start, refusing it with the reason if not: a
    /// monster in view, poison, or for a command that walks, confusion.
    fn can_start(&mut self, kind: CommandKind) -> bool {
        let refusal = if let Some(k) = self.first_monster_in_view() {
            Some(StopReason::MonsterInView(k))
        } else if self.player.poisoned > 0 {
            Some(StopReason::Poisoned)
        } else if kind != CommandKind::Rest && self.player.confused > 0 {
            Some(StopReason::Confused)
        } else {
            None
        };
        match refusal {
            Some(reason) => {
                self.stop(reason, true);
                false
            }
            None => true,
        }
    }

    fn start(&mut self, kind: CommandKind, goal: Point) {
        self.command = Some(Command {
            kind,
            goal,
            turns: 0,
        });
        self.last_stop = None;
    }

    /// `R`: rest until healed, `REST_TURNS` turns, or something happens.
    pub(super) fn rest(&mut self) {
        if !self.player.is_hurt() {
            self.stop(StopReason::AlreadyRested, true);
        } else if self.can_start(CommandKind::Rest) {
            self.start(CommandKind::Rest, self.player.pos);
        }
    }

    /// A click, or `>` toward known stairs: travel to a cell by the
    /// shortest way the player knows.
    pub(super) fn travel_to(&mut self, goal: Point) {
        if goal == self.player.pos || !self.can_start(CommandKind::Travel) {
            return;
        }
        if self.first_step_toward(goal).is_none() {
            self.stop(StopReason::NoSafeWay, true);
            return;
        }
        self.start(CommandKind::Travel, goal);
    }

    /// `o`: explore until nothing is left that can be reached, or something
    /// happens.
    pub(super) fn explore(&mut self) {
        if self.can_start(CommandKind::Explore) {
            self.start(CommandKind::Explore, self.player.pos);
        }
    }

    /// Starts a command with no look first: the book's experiment "No look
    /// before starting", which takes the check for a monster in view out of
    /// `canStartCommand`. For tests only.
    #[cfg(any(test, feature = "test-support"))]
    pub fn start_without_looking(&mut self, kind: CommandKind) {
        self.start(kind, self.player.pos);
    }

    /// The floor as the player knows it: unseen cells, secret doors and
    /// known traps are wall.
    pub fn known_map(&self) -> Map {
        let traps = self.level.traps.iter().filter(|t| t.known).map(|t| t.pos);
        known_map(&self.level.map, &self.level.explored, traps)
    }

    /// The steps (in `STEP`s) from the player to every cell of the map
    /// they know, by the book's costs, into `steps`: the search explore's
    /// Dijkstra map makes, from the player's cell (one copy of it in a
    /// board's flash serves both).
    pub fn steps_from_player(&self, steps: &mut DijkstraMap) {
        let mut start = CellSet::new();
        start.insert(self.player.pos);
        steps.compute_from(&self.known_map(), start.iter(), book_cost);
    }

    /// Where the stairs down are, if the player has seen them.
    pub fn known_stairs(&self) -> Option<Point> {
        self.level
            .stairs
            .filter(|&s| self.level.explored.contains(s))
    }

    /// The first step of the way travel would take to a cell (the bot
    /// walks up to monsters by it too).
    pub(crate) fn first_step_toward(&self, goal: Point) -> Option<Point> {
        let mut astar = AStar::new();
        astar.find_path(&self.known_map(), self.player.pos, goal);
        astar.path().next()
    }

    /// The way travel would take to a cell, by the same A* over the known
    /// map, for the shells' previews: the cells after the player's, at most
    /// `MAX_ROUTE` of them; empty when there is no way.
    pub fn route_to(&self, goal: Point) -> heapless::Vec<Point, MAX_ROUTE> {
        let mut astar = AStar::new();
        astar.find_path(&self.known_map(), self.player.pos, goal);
        astar.path().take(MAX_ROUTE).collect()
    }

    /// What the player knows now, to compare with after a turn.
    pub fn tally(&self) -> Tally {
        let mut items_seen = 0u64;
        for (i, item) in self.level.items.iter().enumerate() {
            if item.seen {
                items_seen |= 1 << i;
            }
        }
        Tally {
            depth: self.level.depth,
            hp: self.player.hp,
            traps_known: self.level.traps.iter().filter(|t| t.known).count(),
            secret_doors: self.level.map.count(|t| t == Terrain::SecretDoor),
            items_seen,
            in_view: self
                .level
                .monsters
                .iter()
                .filter(|m| self.level.visible.contains(m.pos))
                .count(),
        }
    }

    /// What a step brought that the player should see to, first things
    /// first: a monster in view, a new floor, a trap known, a secret door
    /// found, health lost, an item seen for the first time. A floor's items
    /// keep their order while the player is on it (only the player's own
    /// keys add or take them), so they compare one by one.
    fn something_new(&self, before: &Tally) -> Option<StopReason> {
        if let Some(k) = self.first_monster_in_view() {
            return Some(StopReason::MonsterInView(k));
        }
        self.changed_since(before, &self.tally(), &self.automation)
    }

    /// What a turn played by a key brought, as a command's step would stop
    /// for it (`something_new`), but that a monster counts only when more
    /// are in view than before the turn: one fought in view is no news. A
    /// session drops the keys typed ahead of it.
    pub fn news_since(&self, before: &Tally) -> Option<StopReason> {
        let now = self.tally();
        if now.in_view > before.in_view
            && let Some(k) = self.first_monster_in_view()
        {
            return Some(StopReason::MonsterInView(k));
        }
        self.changed_since(before, &now, &Automation::BOOK)
    }

    /// `something_new` but for the monsters in view: what changed from
    /// `before` to `now` (the watch of now, made once by the caller) that
    /// `auto` stops for.
    fn changed_since(&self, before: &Tally, now: &Tally, auto: &Automation) -> Option<StopReason> {
        if now.depth != before.depth {
            return Some(StopReason::NewFloor);
        }
        // A trap or a secret door found first: a trap's hurt is its doing.
        let found = [
            (now.traps_known > before.traps_known, StopReason::TrapFound),
            (
                now.secret_doors < before.secret_doors,
                StopReason::SecretDoorFound,
            ),
        ];
        if let Some((_, reason)) = found.into_iter().find(|&(f, r)| f && r.stops(auto)) {
            return Some(reason);
        }
        if now.hp < before.hp {
            return Some(StopReason::HurtBy(before.hp - now.hp));
        }
        // The first item seen for the first time that `auto` stops for
        // (under `passes_useless_ammunition`, not arrows with no bow).
        let mut new = now.items_seen & !before.items_seen;
        while new != 0 {
            let i = new.trailing_zeros() as usize;
            new &= new - 1;
            let item = self.level.items[i].item;
            let reason = StopReason::ItemSeen(item);
            if reason.stops(auto) && !self.passes_by(item) {
                return Some(reason);
            }
        }
        None
    }

    /// Whether a command passes an item by under this run's rules: arrows
    /// while the player has no bow in the pack, worn or not
    /// (`passes_useless_ammunition`).
    fn passes_by(&self, item: Item) -> bool {
        let no_bow = self.player.slot_of(kinds::BOW).is_none();
        self.rules().edition().passes_useless_ammunition && item.kind == kinds::ARROW && no_bow
    }

    /// One step of the running command, which takes a turn (unless it finds
    /// there is nothing left to do). The command stops when it is done, and
    /// as soon as anything happens the player should see to. A step leaves
    /// the log as it is, as the book's `stepCommand` does: what the key that
    /// started the command marked read stays read, and what the steps say
    /// stays new until the next key.
    pub fn step_command(&mut self) {
        let Some(command) = self.command else {
            return;
        };
        let mut before = self.tally();
        let done = match command.kind {
            CommandKind::Rest => self.rest_step(),
            CommandKind::Travel => self.travel_step(command.goal),
            CommandKind::Explore => self.explore_step(&mut before),
            CommandKind::Search => self.search_step(),
        };
        if let Some(c) = &mut self.command {
            c.turns += 1;
        }
        if self.state != State::Playing {
            self.stop(StopReason::LeftPlay, false);
        } else if let Some(new) = self.something_new(&before) {
            // A rest that ended on this turn says so first, as the book's
            // rest step logs its end inside the step.
            if let Some(end @ (StopReason::Rested | StopReason::RestCapReached)) = done {
                self.log.add(
                    Stop {
                        reason: end,
                        refused: false,
                    }
                    .text(),
                );
            }
            self.stop(new, false);
        } else if let Some(reason) = done {
            self.stop(reason, false);
        }
    }

    /// A turn of rest, as `.` plays it (which ends a streak of searches).
    fn rest_step(&mut self) -> Option<StopReason> {
        self.player.searches = 0;
        let (hp, max) = (self.player.hp, self.player.max_hp);
        self.finish_turn();
        let turns = self.command.map_or(0, |c| c.turns + 1);
        // Rested at full health, or on coming up to the share the player
        // rests to (a rest begun above it goes on to full).
        let share = |hp| self.automation.rested_share(hp, max);
        if !self.player.is_hurt() || (!share(hp) && share(self.player.hp)) {
            Some(StopReason::Rested)
        } else if turns >= REST_TURNS {
            Some(StopReason::RestCapReached)
        } else {
            None
        }
    }

    /// A turn of searching here, as `s` plays it: done when the streak's
    /// last search (which finds all there is) found nothing; a find stops
    /// the command as something new (`something_new`).
    fn search_step(&mut self) -> Option<StopReason> {
        self.search(false);
        self.finish_turn();
        (self.player.searches == 0).then_some(StopReason::Searched)
    }

    /// `e`: search here until something turns up, at most a streak of
    /// searches (the last finds all there is next to the player).
    pub(super) fn keep_searching(&mut self) {
        if self.can_start(CommandKind::Search) {
            self.start(CommandKind::Search, self.player.pos);
        }
    }

    /// A step as a moving key takes it.
    fn key_step(&mut self, dir: Dir) {
        if self.player_step(dir) {
            self.finish_turn();
        }
    }

    /// A step of travel along the shortest way the player knows, worked
    /// out again every step since doors open and more is seen.
    fn travel_step(&mut self, goal: Point) -> Option<StopReason> {
        let Some(next) = self.first_step_toward(goal) else {
            return Some(StopReason::Blocked);
        };
        let dir = dir_between(self.player.pos, next);
        self.key_step(dir);
        (self.player.pos == goal).then_some(StopReason::Arrived)
    }

    /// A step of exploring: downhill on a Dijkstra map whose goals are the
    /// edge of what the player has seen, worked out again every step.
    fn explore_step(&mut self, before: &mut Tally) -> Option<StopReason> {
        if let Some(i) = self.to_pick_up(self.player.pos) {
            // On an item explore picks up: picked up, a turn as `g`
            // takes (the items after it move up a place, and so do their
            // bits in `before`); one that will not go in the pack is left
            // be.
            if self.pick_up() {
                before.took_item(i);
            } else {
                self.level.items[i].left = true;
            }
            self.finish_turn();
            return None;
        }
        match self.explore_direction() {
            Ok(dir) => {
                self.key_step(dir);
                None
            }
            Err(stop) => Some(stop),
        }
    }

    /// Which way explore goes, or why it stops. Never inlined: its map and
    /// queue (18 KiB) leave the stack before the turn is played.
    #[inline(never)]
    fn explore_direction(&self) -> Result<Dir, StopReason> {
        let known = self.known_map();
        let mut edge = unexplored_edge(&known, &self.level.explored);
        // And the items seen that explore picks up (none, by the book).
        for item in &self.level.items {
            if item.seen && !item.left && self.automation.picks_item(item.item) {
                edge.insert(item.pos);
            }
        }
        let mut to_edge = DijkstraMap::new();
        to_edge.compute_from(&known, edge.iter(), book_cost);
        match to_edge.step_down(self.player.pos) {
            Some(dir) => Ok(dir),
            None if edge.is_empty() => Err(StopReason::Explored),
            None => Err(StopReason::ExploredAsFarAsSafe),
        }
    }

    /// The item at `at` that explore picks up, by its place in the
    /// floor's items.
    fn to_pick_up(&self, at: Point) -> Option<usize> {
        let i = self.level.item_at(at)?;
        let item = &self.level.items[i];
        (!item.left && self.automation.picks_item(item.item)).then_some(i)
    }

    /// What the commands do on their own.
    pub fn automation(&self) -> Automation {
        self.automation
    }

    /// What the commands do on their own from now on: a replay's `auto`
    /// input, which the session gives as the player's settings change.
    pub fn automate(&mut self, automation: Automation) {
        self.automation = automation;
    }

    /// `>` off the stairs: travel to them once seen.
    pub(super) fn travel_to_stairs(&mut self) {
        if self.level.depth >= crate::rules::LAST_FLOOR {
            self.stop(StopReason::NoStairsHere, true);
        } else if let Some(stairs) = self.known_stairs() {
            self.travel_to(stairs);
        } else {
            self.stop(StopReason::StairsUnknown, true);
        }
    }
}

/// The edge of what the player has seen: the cells they know they could
/// stand on (or open) that touch a cell they have never seen, diagonals
/// too.
pub fn unexplored_edge(known: &Map, explored: &CellSet) -> CellSet {
    let mut edge = CellSet::new();
    for i in 0..MAP_CELLS {
        let p = Map::point_of(i);
        if !known.is_passable(p) {
            continue;
        }
        let unseen_next = Dir::ALL.iter().any(|&d| {
            let q = p.step(d);
            Map::in_bounds(q) && !explored.contains(q)
        });
        if unseen_next {
            edge.insert_index(i);
        }
    }
    edge
}

/// The direction of a step from one cell to a neighbour.
pub(crate) fn dir_between(from: Point, to: Point) -> Dir {
    Dir::from_delta((to.x - from.x).signum(), (to.y - from.y).signum()).unwrap_or(Dir::N)
}

/// The reasons a command stops with no words of their own, by name.
pub(crate) const STOPS: [(StopReason, &str); 18] = [
    (StopReason::Arrived, "arrived"),
    (StopReason::Rested, "rested"),
    (StopReason::RestCapReached, "rest-cap"),
    (StopReason::AlreadyRested, "already-rested"),
    (StopReason::NewFloor, "new-floor"),
    (StopReason::TrapFound, "trap"),
    (StopReason::SecretDoorFound, "secret-door"),
    (StopReason::Blocked, "blocked"),
    (StopReason::NoSafeWay, "no-safe-way"),
    (StopReason::Explored, "explored"),
    (StopReason::ExploredAsFarAsSafe, "explored-safe"),
    (StopReason::Interrupted, "interrupted"),
    (StopReason::Poisoned, "poisoned"),
    (StopReason::Confused, "confused"),
    (StopReason::StairsUnknown, "stairs-unknown"),
    (StopReason::NoStairsHere, "no-stairs"),
    (StopReason::Searched, "searched"),
    (StopReason::LeftPlay, "left-play"),
];
/// The commands that run over turns, by name.
pub(crate) const COMMANDS: [(CommandKind, &str); 4] = [
    (CommandKind::Rest, "rest"),
    (CommandKind::Travel, "travel"),
    (CommandKind::Explore, "explore"),
    (CommandKind::Search, "search"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monster::{Mind, Monster};
    use crate::player::Class;

    /// A long corridor: the player at its west end, a jackal out of sight
    /// at its east end, walking west.
    fn corridor(turn: u32, hurt_by: i32) -> Game {
        let map = Map::from_rows(&[
            "##########################",
            "#........................#",
            "##########################",
        ])
        .unwrap();
        let mut g = Game::with_floor(5, Class::Fighter, 1, map, Point::new(1, 1));
        let jackal = crate::monster::KindId::all()
            .find(|k| k.kind().name == "jackal")
            .unwrap();
        g.level
            .monsters
            .push(Monster {
                kind: jackal,
                pos: Point::new(24, 1),
                hp: jackal.kind().hp,
                mind: Mind::Wandering,
                band: 0,
                heading: Dir::W.index(),
            })
            .unwrap();
        g.turn = turn;
        g.player.hp = g.player.max_hp - hurt_by;
        g.update_view();
        g
    }

    fn rest(g: &mut Game) -> u32 {
        g.act(crate::input::Action::Rest);
        let mut steps = 0;
        while g.command_running() {
            g.step_command();
            steps += 1;
        }
        steps
    }

    #[test]
    fn a_rest_that_ends_as_something_comes_into_view_says_both() {
        // How many turns the jackal takes to come into view.
        let mut g = corridor(0, 20);
        let arrives = rest(&mut g);
        assert!(matches!(
            g.last_stop().map(|s| s.reason),
            Some(StopReason::MonsterInView(_))
        ));
        // Now heal on that very turn: the turn count and the health set so
        // the last point comes back as the jackal is seen (a point every
        // 10 turns, on multiples of 10).
        let (points, offset) = (arrives.div_ceil(10), (10 - arrives % 10) % 10);
        let mut g = corridor(offset, points as i32);
        assert_eq!(rest(&mut g), arrives, "the jackal comes as before");
        assert!(!g.player.is_hurt(), "healed on the same turn");
        let log: heapless::Vec<&str, 24> = g.log.lines().map(|m| m.text.as_str()).collect();
        assert!(
            log.ends_with(&["You feel rested.", "You see a jackal."]),
            "{log:?}"
        );
    }

    #[test]
    fn a_rest_ends_a_streak_of_searches() {
        let mut g = corridor(0, 5);
        g.level.monsters.clear();
        for _ in 0..4 {
            g.act(crate::input::Action::Search);
        }
        assert_eq!(g.player.searches, 4);
        g.act(crate::input::Action::Rest);
        g.step_command();
        assert_eq!(
            g.player.searches, 0,
            "the fifth search after a rest is the first"
        );
    }
}
