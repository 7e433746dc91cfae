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
    if let Some(i) = level.item_at(p)
        && level.items[i].seen
    {
        return capitalized(level.items[i].item.name());
    }
    if let Some(t) = level.trap_at(p)
        && level.traps[t].known
    {
        return capitalized(with_article(level.traps[t].kind.name()));
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
