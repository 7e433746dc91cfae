//! The look panel's words: what the cursor's cell holds (`describe`).

use amulets_core::game::Game;
use amulets_core::geom::Point;
use amulets_core::map::Terrain;
use amulets_core::monster::Mind;
use amulets_core::text::{Line, capitalized, line, with_article};

/// The words of the look panel for a cell: what the player knows is there.
pub fn describe(game: &Game, p: Point) -> Line {
    let level = game.level();
    if !level.explored.contains(p) && !game.debug().reveal {
        return line(format_args!("You haven't seen that."));
    }
    if p == game.player().pos {
        return line(format_args!("You, the {}.", game.player().class.name()));
    }
    if (level.visible.contains(p) || game.debug().reveal)
        && let Some(m) = level.monster_at(p)
    {
        let m = level.monsters[m];
        let mind = match m.mind {
            Mind::Asleep => " (asleep)",
            Mind::Wandering => " (wandering)",
            Mind::Hunting => "",
        };
        return capitalized(line(format_args!("{}{mind}", with_article(m.kind().name))));
    }
    let item = level
        .item_at(p)
        .filter(|&i| level.items[i].seen)
        .map(|i| level.items[i].item.name());
    let trap = level
        .trap_at(p)
        .filter(|&t| level.traps[t].known)
        .map(|t| with_article(level.traps[t].kind.name()));
    match (trap, item) {
        (Some(trap), Some(item)) => {
            return capitalized(line(format_args!("{trap}, with {item} on it")));
        }
        (Some(one), None) | (None, Some(one)) => return capitalized(one),
        (None, None) => {}
    }
    line(format_args!(
        "{}",
        match level.map.at(p) {
            Terrain::Floor => "The floor",
            Terrain::CaveFloor => "The cave floor",
            Terrain::StairsDown => "The stairs down",
            Terrain::ClosedDoor => "A closed door",
            Terrain::OpenDoor => "An open door",
            Terrain::Wall | Terrain::SecretDoor => "A wall",
        }
    ))
}
