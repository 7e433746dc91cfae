//! The side panel's lines, top to bottom (`panel`), and the log's, in
//! their colours (`log_lines`).

use amulets_core::color::{Rgb, palette};
use amulets_core::game::{Game, State};
use amulets_core::geom::Point;
use amulets_core::mapgen::caves;
use amulets_core::rng::Dice;
use amulets_core::rules::{FloorKind, LAST_FLOOR, kind_of};
use amulets_core::text::{Line, line};

use super::said::{SaidLine, said};

/// The log's lines as shown, oldest first, each in its colour: a run of
/// the same words is one line with its count ([`super::said`]), unread
/// lines brighter than read ones.
pub fn log_lines(game: &Game) -> impl DoubleEndedIterator<Item = (SaidLine, Rgb)> + Clone {
    said(game.log()).map(|s| {
        let color = if s.read {
            palette::READ_TEXT
        } else {
            palette::UNREAD_TEXT
        };
        (s.shown(), color)
    })
}

/// A line of a panel and its colour.
pub type Styled = (Line, Rgb);

/// The most lines any panel or screen has: the help's, the longest, and a
/// note under it (tests hold each screen to it).
pub const PANEL_LINES: usize = 40;

/// A panel's or screen's lines.
pub type Lines = heapless::Vec<Styled, PANEL_LINES>;

fn push(lines: &mut Lines, text: Line, color: Rgb) {
    lines
        .push((text, color))
        .expect("every list below has far fewer lines than PANEL_LINES");
}

/// The side panel, top to bottom.
#[expect(
    clippy::too_many_lines,
    reason = "the panel's lines in their order, one push each"
)]
pub fn panel(game: &Game) -> Lines {
    let mut out = Lines::new();
    push(&mut out, line(format_args!("Amulets")), palette::TEXT);
    // The dice are part of the run: named when they are not the book's.
    let seed = match game.dice() {
        Dice::Book => line(format_args!("Seed {}", game.seed())),
        dice => line(format_args!("Seed {} ({})", game.seed(), dice.name())),
    };
    push(&mut out, seed, palette::DIM_TEXT);
    if let Some(daily) = game.daily() {
        push(&mut out, line(format_args!("{daily}")), palette::GOLD);
    }
    if matches!(game.state(), State::Title | State::ChooseClass) {
        cave_lines(game, &mut out);
        return out;
    }
    let p = game.player();
    push(
        &mut out,
        line(format_args!("{}", p.class.name())),
        palette::TEXT,
    );
    let kind = match kind_of(game.depth()) {
        FloorKind::Rooms => "rooms",
        FloorKind::Cave => "a cave",
    };
    push(
        &mut out,
        line(format_args!(
            "Floor {} of {LAST_FLOOR} ({kind})",
            game.depth()
        )),
        palette::TEXT,
    );
    push(
        &mut out,
        line(format_args!("Turn {}", game.turn())),
        palette::TEXT,
    );
    let hp_color = if p.hp * 3 <= p.max_hp {
        palette::HURT
    } else {
        palette::TEXT
    };
    push(
        &mut out,
        line(format_args!("HP {}/{}", p.hp, p.max_hp)),
        hp_color,
    );
    if p.poisoned > 0 {
        push(
            &mut out,
            line(format_args!("Poisoned ({})", p.poisoned)),
            palette::HURT,
        );
    }
    if p.confused > 0 {
        push(
            &mut out,
            line(format_args!("Confused ({})", p.confused)),
            palette::HURT,
        );
    }
    push(
        &mut out,
        line(format_args!(
            "Attack {}  Defence {}",
            p.attack(),
            p.defence()
        )),
        palette::DIM_TEXT,
    );
    push(
        &mut out,
        line(format_args!("Gold {}", p.gold)),
        palette::GOLD,
    );
    push(
        &mut out,
        line(format_args!("Amulets {} of {LAST_FLOOR}", p.amulets)),
        palette::GOLD,
    );
    if p.knows_lightning {
        let text = if p.lightning_wait == 0 {
            line(format_args!("Lightning: ready (z)"))
        } else {
            let turns = if p.lightning_wait == 1 {
                "turn"
            } else {
                "turns"
            };
            line(format_args!("Lightning: {} {turns}", p.lightning_wait))
        };
        push(&mut out, text, palette::TEXT);
    }
    let d = game.debug();
    if d.reveal {
        push(
            &mut out,
            line(format_args!("DEBUG: the whole floor (F1)")),
            palette::DEBUG,
        );
    }
    if d.distances {
        push(
            &mut out,
            line(format_args!("DEBUG: distances (F3)")),
            palette::DEBUG,
        );
    }
    if d.minds {
        push(
            &mut out,
            line(format_args!("DEBUG: minds (F4)")),
            palette::DEBUG,
        );
    }
    cave_lines(game, &mut out);
    out
}

/// F6's lines on the panel, while its cave is shown.
fn cave_lines(game: &Game, out: &mut Lines) {
    if let Some(steps) = &game.debug().cave {
        push(
            out,
            line(format_args!("DEBUG: a cave (F6)")),
            palette::DEBUG,
        );
        push(out, cave_step_words(steps), palette::DEBUG);
        if i32::from(steps.step) > caves::SMOOTHING_PASSES && steps.cells < caves::MIN_CAVE_CELLS {
            push(
                out,
                line(format_args!("too few, so it's made again")),
                palette::DEBUG,
            );
        }
    }
}

/// What F6 is showing, as the side panel says it.
pub fn cave_step_words(steps: &amulets_core::game::CaveSteps) -> Line {
    let step = i32::from(steps.step);
    if step == 0 {
        line(format_args!("the random fill"))
    } else if step <= caves::SMOOTHING_PASSES {
        line(format_args!(
            "smoothing pass {step} of {}",
            caves::SMOOTHING_PASSES
        ))
    } else {
        line(format_args!("the biggest cave: {} cells", steps.cells))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::player::Class;

    /// The Wizard's line for Lightning counts its turns in words.
    #[test]
    fn lightning_s_wait_is_one_turn_or_many() {
        let mut game = Game::new_run(42, Class::Wizard);
        let says = |game: &Game, want: &str| {
            assert!(
                panel(game).iter().any(|(l, _)| l.as_str() == want),
                "no {want:?} in {:?}",
                panel(game)
            );
        };
        says(&game, "Lightning: ready (z)");
        game.player_mut().lightning_wait = 1;
        says(&game, "Lightning: 1 turn");
        game.player_mut().lightning_wait = 12;
        says(&game, "Lightning: 12 turns");
    }
}

/// Where the hint says to search when explore has seen all it can
/// (`Session::hint`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchSpot {
    /// A corridor's dead end the player has seen, the nearest: the likeliest
    /// place for a secret door.
    DeadEnd(Point),
    /// No dead end: the side of the map most of the unseen floor lies on.
    Side(&'static str),
}

/// Where to search for the way on: the nearest dead end of a corridor the
/// player knows (a cell of known floor with one known floor next to it,
/// up, down or across), else `unseen_side`.
pub fn where_to_search(game: &Game) -> SearchSpot {
    use amulets_core::geom::Dir;
    use amulets_core::map::{MAP_CELLS, Map};
    let known = game.known_map();
    let level = game.level();
    let me = game.player().pos;
    let straight = [Dir::N, Dir::S, Dir::W, Dir::E];
    (0..MAP_CELLS)
        .map(Map::point_of)
        .filter(|&p| level.explored.contains(p) && known.at(p).is_walkable())
        .filter(|&p| {
            let open = straight
                .iter()
                .filter(|&&d| known.at(p.step(d)).is_walkable());
            open.count() == 1
        })
        .min_by_key(|p| (p.x - me.x).abs().max((p.y - me.y).abs()))
        .map_or_else(|| SearchSpot::Side(unseen_side(game)), SearchSpot::DeadEnd)
}

/// The side of the map most of what the player has not seen lies on, by
/// the margins left round what they have explored: where a secret door
/// is likeliest to lead ("west", "east", "north" or "south").
pub fn unseen_side(game: &Game) -> &'static str {
    use amulets_core::geom::Dir;
    use amulets_core::map::{MAP_CELLS, MAP_H, MAP_W, Map};
    let level = game.level();
    let (mut x0, mut y0, mut x1, mut y1) = (MAP_W, MAP_H, -1, -1);
    for i in 0..MAP_CELLS {
        let p = Map::point_of(i);
        if level.explored.contains(p) && level.map.at(p).is_walkable() {
            (x0, y0, x1, y1) = (x0.min(p.x), y0.min(p.y), x1.max(p.x), y1.max(p.y));
        }
    }
    // Columns are narrower than rows are tall: a margin across counts half.
    let sides = [
        (Dir::W, x0 / 2),
        (Dir::E, (MAP_W - 1 - x1) / 2),
        (Dir::N, y0),
        (Dir::S, MAP_H - 1 - y1),
    ];
    let (dir, _) = sides
        .iter()
        .copied()
        .max_by_key(|&(_, margin)| margin)
        .unwrap_or((Dir::W, 0));
    dir.word()
}
