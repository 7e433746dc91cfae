//! Painting only what changed (docs/painting.md). The painter keeps what
//! each part of the last picture showed, as the core's values: each map
//! cell's `Shown`, the panel's laid-out lines, the log's lines. The next
//! picture repaints only the cells, lines and bands whose values differ,
//! each exactly as a whole repaint paints it there, so the two pictures
//! are the same pixel for pixel. A screen over the map, a switch of view,
//! a shaking map or a new window paints everything.

use crate::draw::{self, MAP_VIEW, PanelLayout, Rect, ViewMode, log_layout, log_line, map_cell};
use crate::layout::{CELL, LOG_LINES, LOG_Y, LOGICAL_H, LOGICAL_W};
use crate::paint::Frame;
use amulets_core::geom::Point;
use amulets_core::map::{MAP_CELLS, MAP_H, MAP_W, Map};
use amulets_play::session::Host;
use amulets_play::session::Session;
use amulets_play::view::{Memo, Shown};

/// The whole picture, as one rectangle.
pub const WHOLE: Rect = (0, 0, LOGICAL_W as i32, LOGICAL_H as i32);

/// What the last picture showed, part by part.
struct Painted {
    mode: ViewMode,
    /// Each map cell, row by row.
    cells: Vec<Shown>,
    /// What the map's picture was made from.
    memo: Memo,
    panel: PanelLayout,
    log: Vec<(String, amulets_core::color::Rgb)>,
}

/// A frame and what it shows, painted again only where that changed.
pub struct Painter {
    frame: Frame,
    /// `None`: the next picture is painted whole.
    last: Option<Painted>,
    /// The rectangles the last `paint` painted.
    dirty: Vec<Rect>,
}

impl Default for Painter {
    fn default() -> Self {
        Painter::new()
    }
}

impl Painter {
    pub fn new() -> Painter {
        Painter::with_frame(Frame::new())
    }

    /// A painter into `frame` (one that keeps its text runs, say).
    pub fn with_frame(frame: Frame) -> Painter {
        Painter {
            frame,
            last: None,
            dirty: Vec::new(),
        }
    }

    pub fn frame(&self) -> &Frame {
        &self.frame
    }

    /// The next picture is painted whole (a resized or exposed window).
    pub fn forget(&mut self) {
        self.last = None;
    }

    /// The rectangles the last `paint` painted, which are all that changed:
    /// a shell shows only those.
    pub fn dirty(&self) -> &[Rect] {
        &self.dirty
    }

    /// Paints the small picture whole (a phone's page: it is a quarter of
    /// the desktop's pixels or less), and returns its rectangle. The next
    /// desktop picture is painted whole.
    pub fn paint_compact<H: Host>(
        &mut self,
        session: &Session<H>,
        layout: &crate::compact::Compact,
        pad: Option<&mut amulets_play::pad::Controls>,
    ) -> &[Rect] {
        self.last = None;
        crate::compact::frame(&mut self.frame, session, layout, pad);
        self.dirty.clear();
        self.dirty.push(crate::compact::rect(layout));
        &self.dirty
    }

    /// Paints the session's picture, only where it differs from the last,
    /// and returns the rectangles painted.
    pub fn paint<H: Host>(&mut self, session: &Session<H>) -> &[Rect] {
        self.dirty.clear();
        // Another palette: every pixel changes.
        if session.prefs.palette() != self.frame.palette() {
            self.frame.set_palette(session.prefs.palette());
            self.last = None;
        }
        let screen_up = session.drawn().screen().is_some();
        let scene = session.drawn().scene();
        let mode = ViewMode::of(session);
        // A screen, a shake (every cell moved) or another view: all of it.
        let whole = screen_up
            || scene.shake() != (0, 0)
            || self.last.as_ref().is_none_or(|l| l.mode != mode);
        if whole {
            draw::frame(&mut self.frame, session);
            self.dirty.push(WHOLE);
            // After a screen or a shake, the next picture is whole too.
            self.last = (!screen_up && scene.shake() == (0, 0)).then(|| {
                let mut memo = Memo::default();
                let mut cells = vec![Shown::default(); MAP_CELLS];
                scene.cells_changed(&mut memo, |p, shown| cells[Map::index(p)] = *shown);
                Painted {
                    mode,
                    cells,
                    memo,
                    panel: PanelLayout::of(session),
                    log: log_layout(session, false),
                }
            });
            return &self.dirty;
        }
        let Some(last) = &mut self.last else {
            unreachable!("a painter with nothing kept paints whole");
        };
        map_changes(&mut self.frame, mode, &scene, last, &mut self.dirty);

        let panel = PanelLayout::of(session);
        for band in panel.changes(&last.panel) {
            panel.paint(&mut self.frame, band);
            self.dirty.push(band);
        }
        last.panel = panel;

        let log = log_layout(session, false);
        let mut rows: Option<Rect> = None;
        for row in 0..LOG_LINES {
            let (now, was) = (log.get(row), last.log.get(row));
            if now != was {
                let band = log_line(&mut self.frame, row, now, was);
                // From the first changed line's band to the last's.
                rows =
                    Some(rows.map_or(band, |r| (0, r.1, r.2.max(band.2), band.1 + band.3 - r.1)));
            }
        }
        self.dirty.extend(rows);
        last.log = log;
        &self.dirty
    }
}

/// A cell's own picture changed (`flags` bit).
const CHANGED: u8 = 1;
/// A cell's label changed: it reaches into the cell above.
const LABEL_CHANGED: u8 = 2;

/// Repaints each map cell whose picture changed: what it shows, or the
/// label of the cell below, which reaches into it; `last` then holds what
/// each cell shows now. Each row's changed cells side by side are one
/// rectangle in `dirty`.
fn map_changes(
    f: &mut Frame,
    mode: ViewMode,
    scene: &amulets_play::view::Scene,
    last: &mut Painted,
    dirty: &mut Vec<Rect>,
) {
    let w = MAP_W as usize;
    // One pass over the scene: what changed, kept as it is now.
    let mut flags = [0u8; MAP_CELLS];
    scene.cells_changed(&mut last.memo, |p, shown| {
        let i = Map::index(p);
        let was = &mut last.cells[i];
        if was != shown {
            flags[i] = CHANGED
                | if was.label == shown.label {
                    0
                } else {
                    LABEL_CHANGED
                };
            *was = *shown;
        }
    });
    let cells = &last.cells;
    for y in 0..MAP_H as usize {
        let mut run: Option<Rect> = None;
        for x in 0..w {
            let i = y * w + x;
            let below = (y + 1 < MAP_H as usize).then(|| i + w);
            let label_below = below.is_some_and(|b| flags[b] & LABEL_CHANGED != 0);
            if flags[i] & CHANGED == 0 && !label_below {
                dirty.extend(run.take());
                continue;
            }
            let p = Point::new(x as i32, y as i32);
            map_cell(f, mode, p, &cells[i], below.map(|b| &cells[b]));
            let cell = draw::cell_rect(p, (0, 0));
            run = Some(run.map_or(cell, |r| (r.0, r.1, r.2 + CELL, r.3)));
        }
        dirty.extend(run);
    }
    debug_assert!(MAP_VIEW.3 == LOG_Y);
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::bot::Bot;
    use amulets_core::input::Key;
    use amulets_core::player::Class;
    use amulets_play::session::Start;
    use amulets_play::store::NoStore;

    /// The debugging views and the mouse a player might bring in at step
    /// `i` of a run: F4's letters (which reach into the cell above), F3's
    /// steps, F1's whole floor, a hovered cell's route and look panel.
    fn meddle<H: Host>(session: &mut Session<H>, i: usize) {
        match i % 997 {
            100 | 300 => session.press(Key::F(4)),
            400 | 450 => session.press(Key::F(3)),
            500 | 650 => session.press(Key::F(1)),
            _ => {}
        }
        if i.is_multiple_of(40) {
            let me = session.game().player().pos;
            let (dx, dy) = ((i / 40 % 7) as i32 - 3, (i / 280 % 5) as i32 - 2);
            let hover = (!i.is_multiple_of(120)).then(|| Point::new(me.x + dx * 3, me.y + dy * 2));
            session.hover(hover);
        }
    }

    /// Paints a whole run step by step both ways, and holds the two
    /// pictures equal after every step: the bot plays `seed`'s `class`
    /// through the session (juice and all), in the view `tiles` chooses,
    /// with the debugging views and the mouse brought in now and then.
    /// Returns the steps painted in part, and the steps that could have
    /// been: all but those under a screen or a shaking map, which are
    /// painted whole by design.
    fn dirty_equals_whole(seed: u32, class: Class, tiles: bool) -> (usize, usize) {
        let mut session = Session::new(
            NoStore,
            (),
            || 7,
            Start {
                seed: Some(seed),
                class: Some(class),
                ..Start::default()
            },
        );
        session.prefs.set_tiles(tiles);
        let mut bot = Bot::new();
        let mut painter = Painter::new();
        let mut whole = Frame::new();
        let mut now = 0;
        let mut partial = 0;
        let mut whole_by_design = 0;
        for step in 0.. {
            if !amulets_play::autoplay::play_bot(
                &mut session,
                &mut bot,
                &mut now,
                amulets_play::autoplay::Pace::Frames,
            ) {
                return (partial, step - whole_by_design);
            }
            meddle(&mut session, step);
            if session.drawn().screen().is_some() || session.drawn().scene().shake() != (0, 0) {
                whole_by_design += 1;
            }
            let painted = painter.paint(&session).to_vec();
            if painted != [WHOLE] {
                partial += 1;
            }
            draw::frame(&mut whole, &session);
            if painter.frame().rgba() != whole.rgba() {
                let at = painter
                    .frame()
                    .rgba()
                    .iter()
                    .zip(whole.rgba())
                    .position(|(a, b)| a != b)
                    .unwrap_or(0)
                    / 4;
                panic!(
                    "seed {seed}, step {step}: the pictures differ first at ({}, {}); painted {painted:?}",
                    at % LOGICAL_W as usize,
                    at / LOGICAL_W as usize
                );
            }
        }
        unreachable!("a bot's run ends")
    }

    /// Holds the two pictures equal over a whole run, and most of its
    /// steps painted in part. Steps under a screen or a shake are left out
    /// of the count: how many there are is the run's (a fight's hits shake
    /// the map), not the painter's.
    fn check(seed: u32, class: Class, tiles: bool) {
        let (partial, steps) = dirty_equals_whole(seed, class, tiles);
        assert!(
            partial * 4 > steps * 3,
            "most steps that could paint a part do: {partial} of {steps}"
        );
    }

    #[test]
    fn seed_42_painted_in_parts_is_painted_whole_in_glyphs() {
        check(42, Class::Fighter, false);
    }

    #[test]
    fn seed_42_painted_in_parts_is_painted_whole_in_tiles() {
        check(42, Class::Fighter, true);
    }

    #[test]
    fn seed_7_painted_in_parts_is_painted_whole_in_glyphs() {
        check(7, Class::Rogue, false);
    }

    #[test]
    fn seed_7_painted_in_parts_is_painted_whole_in_tiles() {
        check(7, Class::Rogue, true);
    }

    #[test]
    fn seed_2024_painted_in_parts_is_painted_whole_in_glyphs() {
        check(2024, Class::Wizard, false);
    }

    #[test]
    fn seed_2024_painted_in_parts_is_painted_whole_in_tiles() {
        check(2024, Class::Wizard, true);
    }
}
