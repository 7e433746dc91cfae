//! The debugging aids (F1 to F6): switches the view reads, and F6's cave
//! made a step at a time. None of them touches the run's dice or its rules.

use super::Game;
use crate::geom::Point;
use crate::input::DebugKey;
use crate::map::{Map, Terrain};
use crate::mapgen::{caves, floor};
use crate::rng::Rng;

/// The F6 debugging aid: a cave being made, with dice of its own.
#[derive(Clone, Debug)]
pub struct CaveSteps {
    /// The cave so far.
    pub map: Map,
    /// 0 the random fill, 1 to 4 the smoothing passes, 5 the biggest cave.
    pub step: u8,
    /// The biggest cave's cells, once it is kept.
    pub cells: usize,
    /// Where a player would start, once the stairs are placed.
    pub start: Option<Point>,
}

/// The debugging aids' switches. None of them touches the run's dice.
#[derive(Clone, Debug, Default)]
pub struct DebugView {
    /// F1: the whole floor shown.
    pub reveal: bool,
    /// F3: every cell's distance from the player, as the monsters' map counts it.
    pub distances: bool,
    /// F4: each monster's mind over it.
    pub minds: bool,
    /// F6: the cave being made, while it is shown.
    pub cave: Option<CaveSteps>,
    /// How many caves F6 has made (each has dice of its own).
    pub caves_shown: u32,
}

impl Game {
    /// Flips a debugging aid on or off (F6 takes the cave a step on).
    pub(super) fn toggle_debug(&mut self, d: DebugKey) {
        match d {
            DebugKey::Reveal => self.debug.reveal = !self.debug.reveal,
            DebugKey::Distances => self.debug.distances = !self.debug.distances,
            DebugKey::Minds => self.debug.minds = !self.debug.minds,
            DebugKey::SwitchView => {}
            DebugKey::CaveSteps => self.step_cave(),
        }
    }

    /// F6: a cave made a step at a time, with dice of its own (the run's
    /// seed plus the caves shown so far), so looking changes nothing.
    pub(super) fn step_cave(&mut self) {
        let Some(steps) = &mut self.debug.cave else {
            let mut dice = Rng::of(
                self.rng.dice(),
                self.seed.wrapping_add(self.debug.caves_shown),
            );
            self.debug.caves_shown += 1;
            let mut map = Map::new();
            caves::fill_randomly(&mut map, &mut dice);
            self.debug.cave = Some(CaveSteps {
                map,
                step: 0,
                cells: 0,
                start: None,
            });
            return;
        };
        if i32::from(steps.step) < caves::SMOOTHING_PASSES {
            caves::smooth(&mut steps.map);
            steps.step += 1;
        } else if i32::from(steps.step) == caves::SMOOTHING_PASSES {
            steps.cells = caves::keep_biggest_cave(&mut steps.map);
            let areas = caves::areas_of(&steps.map);
            if let Some(first) = areas.first() {
                let start = floor::start_in(&steps.map, *first);
                let stairs = floor::farthest_from(&steps.map, start, self.rng.rules().edition());
                steps.map.set(stairs, Terrain::StairsDown);
                steps.start = Some(start);
            }
            steps.step += 1;
        } else {
            self.debug.cave = None;
        }
    }
}
