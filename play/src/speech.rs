//! The speech stream: what a screen reader says of the game, as plain
//! lines. Each new line of the log, each stop reason the log does not
//! already say, each screen's title as it comes up, and, while looking,
//! what is under the cursor with its distance and direction. A shell
//! writes the lines to a file or a fifo (the terminal's `--speech`), or to
//! an ARIA live region (the page). Nothing here enters the log, a save or
//! a hash: the look words are the stream's alone.

use crate::session::Host;
use crate::session::Session;
use amulets_core::game::{Game, State};
use amulets_core::geom::{Dir, Point};
use amulets_core::text::{Line, line};
use core::fmt::Write;

/// What has been said, so only what is new is said next.
#[derive(Clone, Debug, Default)]
pub struct Speech {
    /// The log's count of lines ([`Log::added`]) last said up to.
    heard: u32,
    /// The seed and class of the run last heard, to tell a new run's
    /// log (which counts from nothing again).
    run: Option<(u32, amulets_core::player::Class)>,
    /// The last stop reason said, with the turn it came on.
    stop: Option<(u32, amulets_core::game::command::Stop)>,
    /// The title of the screen last said, while it is up.
    title: Option<Line>,
    /// The cell last looked at.
    looked: Option<Point>,
}

impl Speech {
    /// Nothing said yet: the first call says the log as it stands.
    pub const fn new() -> Speech {
        Speech {
            heard: 0,
            run: None,
            stop: None,
            title: None,
            looked: None,
        }
    }

    /// Says, in order, what is new in the session since the last call.
    pub fn take<H: Host>(&mut self, session: &Session<H>, mut say: impl FnMut(&str)) {
        let game = session.game();
        // A screen's title, once as it comes up.
        match session.drawn().screen() {
            Some(screen) => {
                if self.title.as_ref() != Some(&screen.title) {
                    say(&screen.title);
                    self.title = Some(screen.title);
                }
            }
            None => self.title = None,
        }
        // The log's new lines.
        let run = Some((game.seed(), game.player().class));
        let log = game.log();
        // A log of at most LOG_LINES lines: its length fits.
        let held = u32::try_from(log.len()).unwrap_or(u32::MAX);
        if run != self.run || log.added() < self.heard {
            // Another run (a new one, one continued): its log is new.
            self.run = run;
            self.heard = log.added().wrapping_sub(held);
        }
        let new = log.added().wrapping_sub(self.heard);
        let new = usize::try_from(new).unwrap_or(usize::MAX).min(log.len());
        // Each run of the same words once, with its count so far, when
        // its newest line is new: "You hit the jackal. (x2)" as the second
        // comes.
        let first_new = log.len() - new;
        let mut end = 0;
        for run in crate::view::said(log) {
            end += run.times;
            if end > first_new {
                say(&run.shown());
            }
        }
        self.heard = log.added();
        // A stop reason the log does not say.
        if let Some(stop) = game.last_stop() {
            let now = (game.turn(), stop);
            if self.stop != Some(now) {
                self.stop = Some(now);
                if !stop.logged() {
                    say(&stop.text());
                }
            }
        }
        // While looking, the cell under the cursor.
        let looked = (game.state() == State::Looking).then(|| game.cursor());
        if looked != self.looked {
            self.looked = looked;
            if let Some(p) = looked {
                say(&look_words(game, p));
            }
        }
    }
}

/// What the player knows is at `p`, with how far and which way it is:
/// "A giant white rat (asleep), 3 steps northeast."
pub fn look_words(game: &Game, p: Point) -> Line {
    let what = crate::view::describe(game, p);
    let you = game.player().pos;
    if p == you {
        return what;
    }
    let (dx, dy) = (p.x - you.x, p.y - you.y);
    let steps = dx.abs().max(dy.abs());
    let mut out = line(format_args!("{}", what.trim_end_matches('.')));
    // The line has room: the words of a cell are short, and a line that
    // runs out ends where it ran out.
    write!(
        out,
        ", {steps} {} {}.",
        if steps == 1 { "step" } else { "steps" },
        compass(dx, dy)
    )
    .ok();
    out
}

/// The way from the player to a cell `dx` across and `dy` down, as one of
/// eight: straight when one leg is more than twice the other.
fn compass(dx: i32, dy: i32) -> &'static str {
    let (ax, ay) = (dx.abs(), dy.abs());
    // A leg of 0 counts as east or south (the player's own cell is said as
    // south-east), so each step below is one of the eight.
    let (ew, ns) = (if dx < 0 { -1 } else { 1 }, if dy < 0 { -1 } else { 1 });
    let (x, y) = if ax > 2 * ay {
        (ew, 0)
    } else if ay > 2 * ax {
        (0, ns)
    } else {
        (ew, ns)
    };
    Dir::from_delta(x, y).map_or("", Dir::word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_way_is_one_of_eight() {
        assert_eq!(compass(5, 0), "east");
        assert_eq!(compass(-5, 1), "west");
        assert_eq!(compass(0, -3), "north");
        assert_eq!(compass(1, 4), "south");
        assert_eq!(compass(3, -3), "northeast");
        assert_eq!(compass(-2, -3), "northwest");
        assert_eq!(compass(-4, 3), "southwest");
        assert_eq!(compass(2, 2), "southeast");
        assert_eq!(compass(0, 0), "southeast", "the player's own cell");
    }
}
