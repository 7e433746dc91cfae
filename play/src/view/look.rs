//! The look panel's words: what the cursor's cell holds (`describe`).

use amulets_core::game::Game;
use amulets_core::geom::Point;
use amulets_core::map::Terrain;
use amulets_core::monster::Mind;
use amulets_core::text::{Line, capitalized, line, with_article};

/// Where Tab takes the look cursor: the next monster in view after the
/// one under it, nearest the player first (the first when it is on none),
/// round again after the last; `None` with none in view.
pub fn next_in_view(game: &Game) -> Option<Point> {
    let level = game.level();
    let me = game.player().pos;
    let order = |p: Point| ((p.x - me.x).abs().max((p.y - me.y).abs()), p.y, p.x);
    let here = order(game.cursor());
    // The first in order, and the first after the cursor's (when the
    // cursor is on one).
    let (mut first, mut after, mut on_one) = (None, None, false);
    for m in &level.monsters {
        if !level.visible.contains(m.pos) {
            continue;
        }
        let o = order(m.pos);
        on_one |= m.pos == game.cursor();
        if first.is_none_or(|(f, _)| o < f) {
            first = Some((o, m.pos));
        }
        if o > here && after.is_none_or(|(a, _)| o < a) {
            after = Some((o, m.pos));
        }
    }
    after.filter(|_| on_one).or(first).map(|(_, p)| p)
}

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
            Mind::Asleep => "asleep",
            Mind::Wandering => "wandering",
            Mind::Hunting => "hunting you",
        };
        let whole = m.kind().hp.max(1);
        let health = match m.hp {
            hp if hp >= whole => "unhurt",
            hp if hp * 3 > whole * 2 => "lightly hurt",
            hp if hp * 3 > whole => "hurt",
            _ => "badly hurt",
        };
        let name = with_article(m.kind().name);
        return capitalized(line(format_args!("{name} ({mind}, {health})")));
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
