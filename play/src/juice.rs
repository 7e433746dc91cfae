//! Time for the shells: when a running command's next step is due, and the
//! juice of the book's chapter 24 (a hit cell flashes, missiles fly cell by
//! cell, a big blow shakes the map). The core has no clock, so every call
//! takes the shell's time in milliseconds; none of this rolls dice or
//! touches the run, so a shell may draw it or not and the game is the same.
//!
//! Every shell needs exactly this (the terminal, the desktop and the small
//! display), so it lives here rather than three times over.

use amulets_core::color::{Rgb, palette};
use amulets_core::game::command::COMMAND_STEP_MS;
use amulets_core::game::{Event, Game};
use amulets_core::geom::{Point, line_of_fire};

/// How long a hit cell flashes.
pub const HIT_FLASH_MS: u64 = 120;
/// How long a missile takes over each cell of its flight.
pub const MISSILE_CELL_MS: u64 = 25;
/// How long a big blow shakes the map view.
pub const SHAKE_MS: u64 = 240;
/// How far the shake moves the map, in pixels of a 20-pixel cell.
pub const SHAKE_PIXELS: i32 = 6;

/// Flashes at once: a turn has at most one blow per monster and the
/// player's, and a full list forgets its oldest (it is only a picture).
pub const MAX_FLASHES: usize = 16;
/// Missiles queued at once; one more than this is not drawn.
pub const MAX_FLIGHTS: usize = 8;
/// The longest flight drawn, in cells: the map's width.
pub const FLIGHT_CELLS: usize = amulets_core::map::MAP_W as usize;

/// When a running command's next step is due: the first at once, then one
/// every `COMMAND_STEP_MS`, however many events come between (the book's
/// `stepDue`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pacer {
    due: u64,
}

impl Pacer {
    /// No command step due.
    pub const fn new() -> Pacer {
        Pacer { due: 0 }
    }

    /// A command has just started: its first step is due now.
    pub fn start(&mut self, now: u64) {
        self.due = now;
    }

    /// Takes the running command's step if it is due. True when it did.
    pub fn tick(&mut self, game: &mut Game, now: u64) -> bool {
        if !game.command_running() || now < self.due {
            return false;
        }
        game.step_command();
        self.due = now + u64::from(COMMAND_STEP_MS);
        true
    }

    /// Milliseconds until the next step (0 when it is due), or `None` when
    /// no command runs and the shell may sleep until an event.
    pub fn wait(&self, game: &Game, now: u64) -> Option<u64> {
        game.command_running().then(|| self.due.saturating_sub(now))
    }
}

/// A missile in flight.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Flight {
    /// The cells it passes over, ending where it stopped.
    path: heapless::Vec<Point, FLIGHT_CELLS>,
    glyph: char,
    color: Rgb,
    /// When it leaves its first cell's predecessor.
    start: u64,
}

impl Flight {
    fn end(&self) -> u64 {
        self.start + MISSILE_CELL_MS * self.path.len() as u64
    }
}

/// What a missile in flight looks like now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Missile {
    /// The cell it is over now.
    pub at: Point,
    /// How it is drawn.
    pub glyph: char,
    /// The glyph's colour.
    pub color: Rgb,
}

/// The animations running, fed by the game's events.
#[derive(Clone, Debug, Default)]
pub struct Juice {
    flashes: heapless::Vec<(Point, u64), MAX_FLASHES>,
    /// Missiles fly one after another, in the order they were loosed.
    flights: heapless::Deque<Flight, MAX_FLIGHTS>,
    shake_start: u64,
    shake_until: u64,
    now: u64,
}

impl Juice {
    /// No animation yet, at time 0.
    pub fn new() -> Juice {
        Juice::default()
    }

    /// Takes every event the game has for the picture, at time `now`.
    pub fn take(&mut self, game: &mut Game, now: u64) {
        self.advance(now);
        while let Some(e) = game.take_event() {
            self.add(e);
        }
    }

    /// Starts the animation for one event.
    pub fn add(&mut self, event: Event) {
        let now = self.now;
        match event {
            Event::Hit { at, big } => {
                if self.flashes.is_full() {
                    self.flashes.remove(0);
                }
                self.flashes
                    .push((at, now + HIT_FLASH_MS))
                    .expect("room was made on a full list above");
                if big {
                    self.shake_start = now;
                    self.shake_until = now + SHAKE_MS;
                }
            }
            Event::Missile {
                from,
                to,
                glyph,
                color,
            } => self.fly(from, to, glyph, color),
            Event::Bolt { from, to } => self.fly(from, to, '*', palette::LIGHTNING),
        }
    }

    fn fly(&mut self, from: Point, to: Point, glyph: char, color: Rgb) {
        let mut path: heapless::Vec<Point, FLIGHT_CELLS> =
            line_of_fire::<FLIGHT_CELLS>(from, to, FLIGHT_CELLS)
                .into_iter()
                .take_while(|&p| p != to)
                .collect();
        if path.is_full() {
            path.pop();
        }
        path.push(to)
            .expect("room was made above, so the last cell fits");
        let start = self
            .flights
            .back()
            .map_or(self.now, Flight::end)
            .max(self.now);
        let flight = Flight {
            path,
            glyph,
            color,
            start,
        };
        if self.flights.is_full() {
            // The oldest in the air gives way, as the oldest flash does.
            self.flights.pop_front();
        }
        self.flights
            .push_back(flight)
            .expect("room was made on a full queue above");
    }

    /// Time passes: animations that are over are forgotten.
    pub fn advance(&mut self, now: u64) {
        self.now = now;
        self.flashes.retain(|&(_, until)| now < until);
        while self.flights.front().is_some_and(|f| now >= f.end()) {
            self.flights.pop_front();
        }
    }

    /// True while a hit at the cell flashes.
    pub fn flashing(&self, p: Point) -> bool {
        self.flashes().any(|at| at == p)
    }

    /// The cells flashing now.
    pub fn flashes(&self) -> impl Iterator<Item = Point> + '_ {
        self.flashes.iter().map(|&(at, _)| at)
    }

    /// The missile in flight now, if any.
    pub fn missile(&self) -> Option<Missile> {
        let f = self.flights.front()?;
        let cell = self.now.saturating_sub(f.start) / MISSILE_CELL_MS;
        let at = *f.path.get(usize::try_from(cell).ok()?)?;
        Some(Missile {
            at,
            glyph: f.glyph,
            color: f.color,
        })
    }

    /// How far to move the map view now, in pixels: a few jolts that die
    /// away over `SHAKE_MS`, the same every time (no dice).
    #[expect(
        clippy::cast_possible_truncation,
        reason = "SHAKE_MS is 240 milliseconds"
    )]
    pub fn shake(&self) -> (i32, i32) {
        if self.now >= self.shake_until {
            return (0, 0);
        }
        const JOLTS: [(i32, i32); 6] = [(1, 0), (-1, 1), (0, -1), (1, 1), (-1, 0), (0, 1)];
        let t = self.now - self.shake_start;
        let jolt = JOLTS[usize::try_from(t / 40).unwrap_or(0) % JOLTS.len()];
        // Dies away: the full size at first, down to a third at the end.
        let left = i32::try_from(self.shake_until - self.now).unwrap_or(0);
        let size = SHAKE_PIXELS * (left + SHAKE_MS as i32 / 2) / (SHAKE_MS as i32 * 3 / 2);
        (jolt.0 * size, jolt.1 * size)
    }

    /// True while anything is moving.
    pub fn busy(&self) -> bool {
        !self.flashes.is_empty() || !self.flights.is_empty() || self.now < self.shake_until
    }

    /// Milliseconds until the picture next changes by itself, or `None`.
    pub fn wait(&self) -> Option<u64> {
        self.busy().then_some(MISSILE_CELL_MS.min(HIT_FLASH_MS))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flash_lasts_its_time() {
        let mut j = Juice::new();
        j.advance(1000);
        j.add(Event::Hit {
            at: Point::new(3, 4),
            big: false,
        });
        assert!(j.flashing(Point::new(3, 4)));
        assert!(!j.flashing(Point::new(4, 4)));
        j.advance(1000 + HIT_FLASH_MS - 1);
        assert!(j.flashing(Point::new(3, 4)));
        j.advance(1000 + HIT_FLASH_MS);
        assert!(!j.flashing(Point::new(3, 4)));
        assert!(!j.busy());
        assert_eq!(j.shake(), (0, 0), "a small blow does not shake");
    }

    #[test]
    fn missiles_fly_cell_by_cell_one_after_another() {
        let mut j = Juice::new();
        j.advance(0);
        let red = Rgb::new(255, 0, 0);
        j.add(Event::Missile {
            from: Point::new(0, 0),
            to: Point::new(3, 0),
            glyph: ')',
            color: red,
        });
        j.add(Event::Missile {
            from: Point::new(0, 1),
            to: Point::new(2, 1),
            glyph: '!',
            color: red,
        });
        let at = |j: &mut Juice, t| {
            j.advance(t);
            j.missile().map(|m| (m.at, m.glyph))
        };
        assert_eq!(at(&mut j, 0), Some((Point::new(1, 0), ')')));
        assert_eq!(at(&mut j, 25), Some((Point::new(2, 0), ')')));
        assert_eq!(at(&mut j, 74), Some((Point::new(3, 0), ')')));
        assert_eq!(at(&mut j, 75), Some((Point::new(1, 1), '!')));
        assert_eq!(at(&mut j, 100), Some((Point::new(2, 1), '!')));
        assert_eq!(at(&mut j, 125), None);
        assert!(!j.busy());
    }

    #[test]
    fn a_big_blow_shakes_and_settles() {
        let mut j = Juice::new();
        j.advance(500);
        j.add(Event::Hit {
            at: Point::new(1, 1),
            big: true,
        });
        let (dx, dy) = j.shake();
        assert!(dx != 0 || dy != 0);
        assert!(dx.abs() <= SHAKE_PIXELS && dy.abs() <= SHAKE_PIXELS);
        j.advance(500 + SHAKE_MS);
        assert_eq!(j.shake(), (0, 0));
    }

    #[test]
    fn the_lists_never_overflow() {
        let mut j = Juice::new();
        for i in 0..100 {
            j.add(Event::Hit {
                at: Point::new(i % amulets_core::map::MAP_W, 0),
                big: false,
            });
            j.add(Event::Bolt {
                from: Point::new(0, 0),
                to: Point::new(200, i),
            });
        }
        assert!(
            j.flashing(Point::new(99 % amulets_core::map::MAP_W, 0)),
            "the newest is kept"
        );
        assert!(j.missile().is_some());
    }

    #[test]
    fn the_pacer_steps_every_30_ms_whatever_happens_between() {
        use amulets_core::map::Map;
        use amulets_core::player::Class;
        let map = Map::from_rows(&["#######", "#.....#", "#######"]).unwrap();
        let mut game = Game::with_floor(1, Class::Fighter, 1, map, Point::new(1, 1));
        game.player_mut().hp = 1;
        let mut pacer = Pacer::new();
        assert_eq!(pacer.wait(&game, 0), None);
        game.act(amulets_core::input::Action::Rest);
        pacer.start(100);
        assert_eq!(pacer.wait(&game, 100), Some(0));
        assert!(pacer.tick(&mut game, 100));
        assert!(!pacer.tick(&mut game, 129));
        assert_eq!(pacer.wait(&game, 110), Some(20));
        assert!(pacer.tick(&mut game, 130));
        assert_eq!(game.turn(), 2);
    }
}
