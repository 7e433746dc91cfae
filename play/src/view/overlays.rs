//! The debugging aids' overlays: F3's distances and F4's minds, worked
//! out for the picture alone.

use amulets_core::game::Game;
use amulets_core::geom::Point;
use amulets_core::monster::Mind;
use amulets_core::path::book_cost;
use amulets_core::path::dijkstra::{DijkstraMap, UNREACHED};

/// F3's overlay: every cell's distance from the player in steps, from a
/// Dijkstra map worked out for the picture (never the run's dice).
pub fn distances(game: &Game) -> Option<DijkstraMap> {
    if !game.debug().distances || game.debug().cave.is_some() {
        return None;
    }
    let mut d = DijkstraMap::new();
    d.compute(&game.level().map, &[game.player().pos], book_cost);
    Some(d)
}

/// The number F3 shows at a cell: whole steps, the last two digits.
pub fn distance_label(map: &DijkstraMap, p: Point) -> Option<u32> {
    let c = map.at(p);
    (c != UNREACHED).then_some((c / amulets_core::path::STEP) % 100)
}

/// F4's overlay at a monster's cell: z asleep, w wandering, h hunting.
pub fn mind_label(game: &Game, p: Point) -> Option<char> {
    if !game.debug().minds || game.debug().cave.is_some() {
        return None;
    }
    let m = game.level().monster_at(p)?;
    Some(match game.level().monsters[m].mind {
        Mind::Asleep => 'z',
        Mind::Wandering => 'w',
        Mind::Hunting => 'h',
    })
}
