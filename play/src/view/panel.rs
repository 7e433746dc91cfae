//! The side panel's lines, top to bottom (`panel`), and the log's, in
//! their colours (`log_lines`).

use amulets_core::color::{Rgb, palette};
use amulets_core::game::{Game, State};
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

/// How many of the log's newest lines a space `cols` wide and `rows`
/// high shows whole, each broken at spaces ([`super::wrap`]): an older
/// line that would show only its tail is left out, so no message's end
/// sits alone at the top ("9)."). At least one: the newest shows its
/// first rows when it alone is taller than the space.
pub fn log_lines_fitting(game: &Game, cols: usize, rows: usize) -> usize {
    let mut used = 0;
    let mut fit = 0;
    for (text, _) in log_lines(game).rev() {
        used += super::wrap(&text, cols).count().max(1);
        if used > rows {
            break;
        }
        fit += 1;
    }
    fit.max(1)
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
