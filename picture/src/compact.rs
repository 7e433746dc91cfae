//! The small picture: a phone's page (docs/web.md, "On a phone"). Where
//! the desktop picture shows the whole map, a side panel and the log in
//! 1600 x 900, a small screen shows a part of the map that follows the
//! player (the core's camera), and under it the board's status rows: the
//! run's facts, the log's newest lines whole, what the buttons do. A
//! screen (the help, the pack, the menu) takes the map's part, its lines
//! broken at words, the pad's choice marked.
//!
//! It is drawn in the same cells and letters as the desktop picture (a
//! cell 20 pixels, a letter 10 x 20), into the top left of the same
//! frame: the page shows those pixels as large as its cell size asks.

use crate::draw::{MapView, Rect, map_in};
use crate::font::GLYPH_W;
use crate::layout::{CELL, LINE_H, LOGICAL_H, LOGICAL_W, PAD};
use crate::paint::Frame;
use amulets_core::geom::Point;
use amulets_core::map::{MAP_H, MAP_W};
use amulets_play::pad::{Controls, STATUS_LINES, Status};
use amulets_play::session::Host;
use amulets_play::session::Session;
use amulets_play::view::{self, Screen, chrome};

/// The smallest picture it lays out, in pixels: 20 cells across, and room
/// for seven status rows under eight rows of map.
pub const MIN: (i32, i32) = (20 * CELL, 8 * CELL + 7 * LINE_H + 2 * PAD);
/// The map rows a status's extra rows of log may not take the map below.
const MAP_ROWS_KEPT: i32 = 15;

/// A small picture's parts, for a picture `size` pixels across and down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compact {
    w: i32,
    h: i32,
}

impl Compact {
    /// The layout of a picture `w` x `h` pixels, held between `MIN` and
    /// the desktop picture's 1600 x 900 (the frame it is drawn into).
    pub fn new(w: i32, h: i32) -> Compact {
        Compact {
            w: w.clamp(MIN.0, LOGICAL_W as i32),
            h: h.clamp(MIN.1, LOGICAL_H as i32),
        }
    }

    /// Its size in pixels.
    pub fn size(&self) -> (i32, i32) {
        (self.w, self.h)
    }

    /// The letters a row of text holds.
    pub fn cols(&self) -> usize {
        ((self.w - 2 * PAD) / GLYPH_W as i32) as usize
    }

    /// The board's status rows at this width: four at 60 columns and
    /// more, else six.
    fn board_rows(&self) -> usize {
        if self.cols() >= 60 { 4 } else { 6 }
    }

    /// The status rows under the map: the board's, a row for the second
    /// half of a long hint, and up to three more of the log while the map
    /// keeps `MAP_ROWS_KEPT` rows.
    pub fn status_rows(&self) -> usize {
        let least = self.board_rows() + 1;
        (least..=STATUS_LINES)
            .rev()
            .find(|&rows| self.map_rows(rows) >= MAP_ROWS_KEPT)
            .unwrap_or(least)
    }

    /// The map rows left over `rows` status rows.
    fn map_rows(&self, rows: usize) -> i32 {
        (self.h - 2 * PAD - rows as i32 * LINE_H) / CELL
    }

    /// The map's part: as many cells as fit over the status, centred
    /// across, the camera on what the scene follows.
    pub fn map_view<H: Host>(&self, session: &Session<H>) -> MapView {
        let cells = (
            (self.w / CELL).min(MAP_W),
            self.map_rows(self.status_rows()).min(MAP_H),
        );
        MapView {
            camera: session.drawn().scene().camera(cells),
            cells,
            at: ((self.w - cells.0 * CELL) / 2, 0),
        }
    }

    /// The top of the status's ground: under the map's part, or the map's
    /// rows' worth of room when the map has fewer rows than that.
    pub fn status_top(&self) -> i32 {
        self.h - 2 * PAD - self.status_rows() as i32 * LINE_H
    }

    /// The room a screen's lines have under its title's two rows and a
    /// gap: columns, and rows (what `Session::scroll_key` scrolls by).
    pub fn screen_room(&self) -> (usize, usize) {
        let rows = (self.status_top() - 2 * PAD) / LINE_H - 3;
        (self.cols(), rows.max(1) as usize)
    }

    /// The map cell at a point of the picture, when it is on the map's
    /// part.
    pub fn cell_at<H: Host>(&self, session: &Session<H>, (x, y): (i32, i32)) -> Option<Point> {
        let view = self.map_view(session);
        let (vx, vy, vw, vh) = view.rect();
        let on = x >= vx && y >= vy && x < vx + vw && y < vy + vh;
        on.then(|| {
            Point::new(
                view.camera.x + (x - vx) / CELL,
                view.camera.y + (y - vy) / CELL,
            )
        })
    }

    /// Whether a point of the picture is on the status (a tap there shows
    /// the messages).
    pub fn on_status(&self, (_, y): (i32, i32)) -> bool {
        y >= self.status_top() && y < self.h
    }
}

/// The small picture, into the top left of `f`: the map's part, or the
/// screen over it, and the status. `pad`, when the pad is played, chooses
/// a screen's lines, marks its choice and says what its buttons do on the
/// status's last row; played with keys, the session's scroll chooses the
/// lines, and that row is left empty (the help has the keys).
pub fn frame<H: Host>(
    f: &mut Frame,
    session: &Session<H>,
    layout: &Compact,
    pad: Option<&mut Controls>,
) {
    if session.prefs.palette() != f.palette() {
        f.set_palette(session.prefs.palette());
    }
    let (w, h) = layout.size();
    f.fill((0, 0, w, h), chrome::BACKGROUND, 255);
    let rows = layout.status_rows();
    let status = match &pad {
        Some(pad) => pad.status(session, layout.cols(), rows),
        None => {
            // Played with keys: the pad's buttons are no help.
            let mut status = Controls::touch().status(session, layout.cols(), rows);
            for row in &mut status.rows[rows - status.hint_rows..rows] {
                row.clear();
            }
            status
        }
    };
    let (cols, room) = layout.screen_room();
    match (session.drawn().screen(), pad) {
        (Some(over), Some(pad)) => {
            let height = |e: &view::Entry| view::entry_rows(&e.text, cols).count();
            let window = pad.window_by(&over.entries, room, height);
            screen(f, layout, &over, window);
        }
        (Some(over), None) => {
            let paging = over.paging(cols, room, session.keyboard().scroll());
            screen_paged(f, layout, &over, paging);
        }
        (None, _) => map_in(f, session, layout.map_view(session)),
    }
    status_rows(f, layout, &status, rows);
}

/// The status's ground and its `rows` rows.
fn status_rows(f: &mut Frame, layout: &Compact, status: &Status, rows: usize) {
    let (w, h) = layout.size();
    let top = layout.status_top();
    f.fill((0, top, w, h - top), chrome::PANEL, 255);
    let lines = status.rows.iter().zip(&status.colors).take(rows);
    for (i, (text, &color)) in lines.enumerate() {
        let y = top + PAD + i as i32 * LINE_H;
        f.text((PAD, y), text, color, 1, layout.cols());
    }
}

/// A screen's title, broken at words over two rows at most; the rows its
/// lines have under it.
fn title(f: &mut Frame, layout: &Compact, over: &Screen) {
    for (i, part) in view::wrap(&over.title, layout.cols()).take(2).enumerate() {
        f.text(
            (PAD, PAD + i as i32 * LINE_H),
            part,
            chrome::TITLE,
            1,
            layout.cols(),
        );
    }
}

/// The top of a screen's first line.
const LINES_TOP: i32 = PAD + 3 * LINE_H;

/// A screen as the pad shows it: the lines its window holds, each broken
/// at words under its column, the choice marked, and a last row saying
/// there is more.
fn screen(
    f: &mut Frame,
    layout: &Compact,
    over: &Screen,
    (window, chosen): (view::Paging, Option<usize>),
) {
    title(f, layout, over);
    let cols = layout.cols();
    let mut y = LINES_TOP;
    let shown = over
        .entries
        .iter()
        .enumerate()
        .skip(window.first)
        .take(window.shown);
    for (i, e) in shown {
        let (fg, bg) = e.colors(chosen == Some(i));
        for (indent, part) in view::entry_rows(&e.text, cols) {
            let x = PAD + indent as i32 * GLYPH_W as i32;
            if bg != chrome::BACKGROUND {
                let width = part.chars().count() as i32 * GLYPH_W as i32;
                f.fill((x, y, width, LINE_H), bg, 255);
            }
            f.text((x, y), part, fg, 1, cols - indent);
            y += LINE_H;
        }
    }
    if let Some(more) = window.more(view::Scroll::Choice) {
        f.text((PAD, y), more, chrome::MORE, 1, cols);
    }
}

/// A screen as the keys show it: the rows `paging` holds, and its "more"
/// with the keys that scroll.
fn screen_paged(f: &mut Frame, layout: &Compact, over: &Screen, paging: view::Paging) {
    title(f, layout, over);
    let cols = layout.cols();
    let rows = over.rows(cols).skip(paging.first).take(paging.shown);
    let mut y = LINES_TOP;
    for (i, indent, text) in rows {
        let x = PAD + indent as i32 * GLYPH_W as i32;
        f.text((x, y), text, over.entries[i].color, 1, cols - indent);
        y += LINE_H;
    }
    if let Some(more) = paging.more(amulets_play::view::Scroll::Keys) {
        f.text((PAD, y), more, chrome::MORE, 1, cols);
    }
}

/// The whole small picture's rectangle, for a shell's dirty list.
pub fn rect(layout: &Compact) -> Rect {
    let (w, h) = layout.size();
    (0, 0, w, h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::App;
    use amulets_core::bot::Bot;
    use amulets_core::input::{Action, Key};
    use amulets_core::player::Class;
    use amulets_play::autoplay::Pace;
    use amulets_play::session::Start;
    use amulets_play::store::NoStore;

    /// A phone's pictures: held upright (390 x 539 CSS pixels at 0.8) and
    /// on its side (506 x 354).
    const UPRIGHT: (i32, i32) = (487, 673);
    const ON_ITS_SIDE: (i32, i32) = (632, 442);

    fn fighter_42() -> App<(NoStore, (), impl FnMut() -> u32)> {
        App::new(Session::new(
            NoStore,
            (),
            || 7,
            Start {
                seed: Some(42),
                class: Some(Class::Fighter),
                ..Start::default()
            },
        ))
    }

    /// The small picture of the session now, keeping its text.
    fn drawn<H: Host>(session: &Session<H>, layout: &Compact, pad: Option<&mut Controls>) -> Frame {
        let mut f = Frame::keeping_text();
        frame(&mut f, session, layout, pad);
        f
    }

    /// Every run of words lies inside the picture (the map's glyphs,
    /// clipped to its part, shake with a blow and are left out).
    fn all_inside(f: &Frame, (w, h): (i32, i32)) {
        for run in f.text_runs().iter().filter(|r| r.text.chars().count() > 2) {
            let right = run.at.0 + run.text.chars().count() as i32 * GLYPH_W as i32;
            assert!(
                run.at.0 >= 0 && right <= w && run.at.1 >= 0 && run.at.1 + LINE_H <= h,
                "{run:?} is not inside {w} x {h}"
            );
        }
    }

    /// The runs of words on the status, top to bottom.
    fn status_of<'a>(f: &'a Frame, layout: &Compact) -> Vec<&'a str> {
        let runs = f.text_runs().iter();
        let on_status = runs.filter(|r| r.at.1 >= layout.status_top());
        on_status.map(|r| r.text.as_str()).collect()
    }

    #[test]
    fn the_small_picture_follows_the_player_with_every_word_whole() {
        for size in [UPRIGHT, ON_ITS_SIDE] {
            let layout = Compact::new(size.0, size.1);
            assert_eq!(
                layout.size(),
                size,
                "a phone's picture is laid out as it is"
            );
            let mut app = fighter_42();
            let mut bot = Bot::new();
            let mut now = 0;
            let mut moved_camera = false;
            for step in 0..3000 {
                if !amulets_play::autoplay::play_bot(
                    &mut app.session,
                    &mut bot,
                    &mut now,
                    Pace::Frames,
                ) {
                    break;
                }
                if step % 50 != 0 || app.session.drawn().screen().is_some() {
                    continue;
                }
                let view = layout.map_view(&app.session);
                let me = app.game().player().pos;
                let cell = view.rect_of(me);
                let cell = cell.unwrap_or_else(|| panic!("step {step}: {me:?} is off {view:?}"));
                assert!(
                    cell.0 >= 0 && cell.0 + CELL <= size.0 && cell.1 + CELL <= layout.status_top()
                );
                moved_camera |= view.camera != Point::new(0, 0);
                let f = drawn(&app.session, &layout, None);
                all_inside(&f, size);
                // The log's newest line is on the status, whole (aiming,
                // the status says what the cursor is on).
                if matches!(app.game().state(), amulets_core::game::State::Aiming(_)) {
                    continue;
                }
                let newest = view::newest(app.game().log()).unwrap_or_default();
                let status = status_of(&f, &layout);
                assert!(
                    status.join(" ").contains(newest.as_str()),
                    "{status:?} has not {newest:?}"
                );
            }
            assert!(
                moved_camera,
                "{size:?}: the camera never left the map's corner"
            );
        }
    }

    #[test]
    fn what_the_pad_s_buttons_do_is_said_whole() {
        let app = fighter_42();
        for size in [UPRIGHT, ON_ITS_SIDE] {
            let layout = Compact::new(size.0, size.1);
            let mut pad = Controls::touch();
            let hint = pad.status(&app.session, 80, 4).rows[3].clone();
            assert!(hint.ends_with("press: act"), "{hint:?}");
            let f = drawn(&app.session, &layout, Some(&mut pad));
            all_inside(&f, size);
            let status = status_of(&f, &layout);
            let words = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
            assert!(
                words(&status.join(" ")).ends_with(&words(&hint)),
                "{status:?}"
            );
        }
    }

    #[test]
    fn the_help_on_the_small_picture_scrolls_with_its_keys() {
        let mut app = fighter_42();
        let layout = Compact::new(UPRIGHT.0, UPRIGHT.1);
        app.set_compact(Some(layout));
        app.press(Key::Char('?'), false);
        let first = drawn(&app.session, &layout, None);
        all_inside(&first, UPRIGHT);
        let words =
            |f: &Frame| -> Vec<String> { f.text_runs().iter().map(|r| r.text.clone()).collect() };
        let before = words(&first);
        assert!(
            before.iter().any(|t| t == "(more below: Down scrolls)"),
            "{before:?}"
        );
        app.press(Key::Down, false);
        let after = words(&drawn(&app.session, &layout, None));
        assert_ne!(before, after, "Down scrolled the help");
        assert!(
            after.iter().any(|t| t.starts_with("(more above")),
            "{after:?}"
        );
    }

    #[test]
    fn the_pad_s_choice_is_marked_and_a_tap_on_the_status_shows_the_messages() {
        let mut app = fighter_42();
        let layout = Compact::new(ON_ITS_SIDE.0, ON_ITS_SIDE.1);
        app.set_compact(Some(layout));
        app.session.act(Action::Menu);
        let mut pad = Controls::touch();
        let f = drawn(&app.session, &layout, Some(&mut pad));
        all_inside(&f, ON_ITS_SIDE);
        let chosen: Vec<_> = f
            .text_runs()
            .iter()
            .filter(|r| r.color == amulets_core::color::palette::BACKGROUND)
            .collect();
        assert_eq!(chosen.len(), 1, "one choice marked: {:?}", f.text_runs());
        app.press(Key::Escape, false);
        assert!(app.session.drawn().screen().is_none());
        let shown = app.click_at(10.0, (layout.status_top() + 5) as f32);
        assert!(shown, "the tap showed a screen");
        let title = app
            .session
            .drawn()
            .screen()
            .map(|s| s.title.to_string())
            .unwrap_or_default();
        assert!(title.starts_with("The messages"), "{title:?}");
    }
}
