//! The 1600 x 900 picture, drawn from the session and the core's picture
//! and nothing else: the map view (glyphs or tiles), the side panel, the
//! log, the look panel and whatever screen is over the map, with the juice
//! on top.

use crate::layout::{
    CELL, LINE_H, LOG_LINES, LOG_Y, LOGICAL_H, LOGICAL_W, MAP_VIEW_H, MAP_VIEW_W, PAD, PANEL_W,
    PANEL_X,
};
use crate::paint::Frame;
use crate::{font, tiles};
use amulets_core::color::Rgb;
use amulets_core::game::State;
use amulets_core::geom::Point;
use amulets_core::map::{MAP_H, MAP_W};
use amulets_play::session::Host;
use amulets_play::session::Session;
use amulets_play::view::{self, CellLook, Label, Shown, Tile, chrome, wrap};

/// How the map is shown: the font's glyphs, or our tiles (F2 switches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewMode {
    Glyph,
    Tile,
}

impl ViewMode {
    pub fn of<H: Host>(session: &Session<H>) -> ViewMode {
        if session.prefs.tiles() {
            ViewMode::Tile
        } else {
            ViewMode::Glyph
        }
    }
}

/// One tile of the atlas into a cell: the fixed layer multiplied by `tint`,
/// the kind layer by the kind's colour and `tint`.
fn tile(f: &mut Frame, t: Tile, (x, y, side, _): Rect, tint: Rgb) {
    let Some(i) = tiles::index(t) else {
        return;
    };
    f.tile(i, 0, (x, y), side, tint);
    f.tile(i, 1, (x, y), side, view::tile_colour(t).tinted(tint));
}

/// One map cell as the chosen view draws it.
fn cell(f: &mut Frame, mode: ViewMode, look: &CellLook, dst: Rect) {
    match mode {
        ViewMode::Glyph => {
            f.fill(dst, look.bg, 255);
            let x = dst.0 + (CELL - font::GLYPH_W as i32) / 2;
            let mut buf = [0u8; 4];
            f.text((x, dst.1), look.glyph.encode_utf8(&mut buf), look.fg, 1, 1);
        }
        ViewMode::Tile => {
            f.fill(dst, chrome::BACKGROUND, 255);
            tile(f, look.ground, dst, look.tint);
            if look.tile != look.ground {
                tile(f, look.tile, dst, look.thing_tint());
            }
        }
    }
}

/// An F-key's label on a cell: F3's steps over the blanked floor, in
/// tall digits; F4's letter small at the cell's top right.
fn label(f: &mut Frame, label: Label, dst: Rect) {
    if let Some(back) = label.back() {
        f.fill(dst, back, 255);
    }
    match label {
        Label::Steps(_) => f.text((dst.0, dst.1), &label.text(), label.color(), 1, 2),
        Label::Mind(_) => f.text((dst.0 + 10, dst.1 - 4), &label.text(), label.color(), 1, 1),
    }
}

/// A rectangle of the picture in pixels: `(x, y, width, height)`.
pub type Rect = (i32, i32, i32, i32);

/// The map view, where the map's cells are.
pub const MAP_VIEW: Rect = (0, 0, MAP_VIEW_W, MAP_VIEW_H);
/// The side panel, the whole height.
pub const PANEL: Rect = (PANEL_X, 0, PANEL_W, LOGICAL_H as i32);

/// Where cell `p` is painted, moved by `shake`.
pub fn cell_rect(p: Point, (sx, sy): (i32, i32)) -> Rect {
    (p.x * CELL + sx, p.y * CELL + sy, CELL, CELL)
}

/// The overlays of one cell, laid over every cell's look and label: its
/// washes and outline.
fn overlays(f: &mut Frame, shown: &Shown, dst: Rect) {
    for (color, alpha) in shown.washes() {
        f.fill(dst, color, alpha);
    }
    if let Some(color) = shown.outline() {
        f.outline(dst, color);
    }
}

/// A missile in flight over a cell, over everything else.
fn missile(f: &mut Frame, shown: &Shown, dst: Rect) {
    if let Some((glyph, color)) = shown.missile {
        let mut buf = [0u8; 4];
        f.text((dst.0 + 5, dst.1), glyph.encode_utf8(&mut buf), color, 1, 1);
    }
}

/// A part of the map shown in a part of the picture: the cells from
/// `camera`, `cells` across and down, the first at `at`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MapView {
    pub camera: Point,
    pub cells: (i32, i32),
    pub at: (i32, i32),
}

impl MapView {
    /// The desktop's: the whole map from the picture's top left.
    pub const WHOLE: MapView = MapView {
        camera: Point::new(0, 0),
        cells: (MAP_W, MAP_H),
        at: (0, 0),
    };

    /// The pixels it covers.
    pub fn rect(&self) -> Rect {
        (
            self.at.0,
            self.at.1,
            self.cells.0 * CELL,
            self.cells.1 * CELL,
        )
    }

    /// Where cell `p` is painted, when it is in the view.
    pub fn rect_of(&self, p: Point) -> Option<Rect> {
        let (dx, dy) = (p.x - self.camera.x, p.y - self.camera.y);
        let inside = (0..self.cells.0).contains(&dx) && (0..self.cells.1).contains(&dy);
        inside.then(|| self.cell(p, (0, 0)))
    }

    /// Where cell `p` is painted, moved by `shake`.
    fn cell(&self, p: Point, (sx, sy): (i32, i32)) -> Rect {
        let q = Point::new(p.x - self.camera.x, p.y - self.camera.y);
        let r = cell_rect(q, (sx, sy));
        (r.0 + self.at.0, r.1 + self.at.1, r.2, r.3)
    }
}

/// The map view as the core's scene shows it, moved by a big blow's
/// shake: every cell and its label, then over them the washes, the
/// cursor's outline and a missile. `f` holds the background there.
fn map<H: Host>(f: &mut Frame, session: &Session<H>) {
    map_in(f, session, MapView::WHOLE);
}

/// `map`, for the part of the map `view` shows.
pub fn map_in<H: Host>(f: &mut Frame, session: &Session<H>, view: MapView) {
    let scene = session.drawn().scene();
    let shake = scene.shake();
    f.set_clip(Some(view.rect()));
    let mode = ViewMode::of(session);
    // The few cells with something over them (a route, a flash), kept for
    // the second pass.
    let mut over: Vec<(Point, Shown)> = Vec::new();
    scene.cells(view.camera, view.cells, |p, shown| {
        let dst = view.cell(p, shake);
        if let Some(look) = &shown.look {
            cell(f, mode, look, dst);
        }
        if let Some(l) = shown.label {
            label(f, l, dst);
        }
        let laid = shown.way || shown.cursor || shown.flash || shown.missile.is_some();
        if laid {
            over.push((p, *shown));
        }
    });
    for (p, shown) in &over {
        overlays(f, shown, view.cell(*p, shake));
    }
    for (p, shown) in &over {
        missile(f, shown, view.cell(*p, shake));
    }
    f.set_clip(None);
}

/// One cell of the map view painted again, unshaken, as `map` paints it
/// there: the background, its look and label, the label of the cell
/// below (an F4 letter reaches 4 pixels up into this cell), its overlays
/// and its missile. Nothing else of the map reaches into a cell.
pub fn map_cell(f: &mut Frame, mode: ViewMode, p: Point, shown: &Shown, below: Option<&Shown>) {
    let dst = cell_rect(p, (0, 0));
    f.set_clip(Some(dst));
    f.fill(dst, chrome::BACKGROUND, 255);
    if let Some(look) = &shown.look {
        cell(f, mode, look, dst);
    }
    if let Some(l) = shown.label {
        label(f, l, dst);
    }
    if let Some(l) = below.and_then(|b| b.label) {
        label(f, l, cell_rect(Point::new(p.x, p.y + 1), (0, 0)));
    }
    overlays(f, shown, dst);
    missile(f, shown, dst);
    f.set_clip(None);
}

/// The characters a screen's line holds, 60 pixels in from either side.
const SCREEN_COLS: usize = 118;
/// Where a screen's lines start, under its title (twice the size).
const SCREEN_TOP: i32 = 60 + 2 * font::GLYPH_H as i32 + 40;
/// A screen's row, a line and its gap.
const SCREEN_ROW_H: i32 = LINE_H + 4;
/// The room a screen has under its title: its columns, and its rows down
/// to the picture's foot (what `Session::scroll_key` scrolls by).
pub const SCREEN_ROOM: (usize, usize) = (
    SCREEN_COLS,
    ((crate::layout::LOGICAL_H as i32 - SCREEN_TOP - PAD) / SCREEN_ROW_H) as usize,
);

/// Whatever screen is over the map: title, classes, menu, help,
/// inventory, the end, a question.
fn screen<H: Host>(f: &mut Frame, session: &Session<H>, over: &view::Screen) {
    let big = if session.game().state() == State::Title && !session.run().asking() {
        4
    } else {
        2
    };
    f.text((60, 50), &over.title, chrome::TITLE, big, 60);
    let top = 60 + big as i32 * font::GLYPH_H as i32 + 40;
    // The title's big letters take rows of their own.
    let (cols, rows) = SCREEN_ROOM;
    let rows =
        rows - usize::try_from((top - SCREEN_TOP + SCREEN_ROW_H - 1) / SCREEN_ROW_H).unwrap_or(0);
    let paging = over.paging(cols, rows, session.keyboard().scroll());
    let shown = over.rows(cols).skip(paging.first).take(paging.shown);
    for (row, (i, indent, text)) in shown.enumerate() {
        let y = top + row as i32 * SCREEN_ROW_H;
        let x = 60 + indent as i32 * font::GLYPH_W as i32;
        f.text((x, y), text, over.entries[i].color, 1, cols - indent);
    }
    if let Some(more) = paging.more(amulets_play::view::Scroll::Keys) {
        let y = top + paging.shown as i32 * SCREEN_ROW_H;
        f.text((60, y), more, chrome::MORE, 1, cols);
    }
}

/// The characters a line of the side panel holds.
const PANEL_COLS: usize = ((PANEL_W - 2 * PAD) / font::GLYPH_W as i32) as usize;

/// The side panel as laid out: each line of text where it goes, and the
/// look panel at its foot. Two layouts that are equal paint the same.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PanelLayout {
    /// Each line's top and its words and colour, top to bottom.
    pub lines: Vec<(i32, String, Rgb)>,
    /// The look panel: the top of its ground, and its lines' tops and
    /// words.
    pub look: Option<(i32, Vec<(i32, String)>)>,
}

impl PanelLayout {
    /// The panel of the session now: its lines broken between words, an
    /// empty line half a line's gap; the look panel says what is at the
    /// cursor's cell while aiming or looking, else under the mouse.
    pub fn of<H: Host>(session: &Session<H>) -> Self {
        let mut lines = Vec::new();
        let mut y = PAD;
        for (l, c) in session.drawn().panel().iter() {
            if l.is_empty() {
                y += LINE_H / 2;
                continue;
            }
            for part in wrap(l, PANEL_COLS) {
                lines.push((y, part.to_string(), *c));
                y += LINE_H;
            }
        }
        let look = session.drawn().look_at().map(|p| {
            let text = view::describe(session.game(), p);
            let words: Vec<&str> = wrap(&text, PANEL_COLS).collect();
            let top = LOGICAL_H as i32 - PAD - LINE_H * words.len() as i32;
            let rows = words
                .into_iter()
                .enumerate()
                .map(|(i, w)| (top + i as i32 * LINE_H, w.to_string()))
                .collect();
            (top - PAD, rows)
        });
        PanelLayout { lines, look }
    }

    /// The bands of the panel whose pixels differ between two layouts.
    pub fn changes(&self, before: &PanelLayout) -> Vec<Rect> {
        let band = |y: i32| (PANEL_X, y, PANEL_W, LINE_H);
        let mut out = Vec::new();
        let (mut i, mut j) = (0, 0);
        // Both lists run down the panel: walk them together by their tops.
        while i < self.lines.len() || j < before.lines.len() {
            let (now, was) = (self.lines.get(i), before.lines.get(j));
            match (now, was) {
                (Some(a), Some(b)) if a.0 == b.0 => {
                    if a != b {
                        out.push(band(a.0));
                    }
                    i += 1;
                    j += 1;
                }
                (Some(a), Some(b)) if a.0 < b.0 => {
                    out.push(band(a.0));
                    i += 1;
                }
                (Some(a), None) => {
                    out.push(band(a.0));
                    i += 1;
                }
                (_, Some(b)) => {
                    out.push(band(b.0));
                    j += 1;
                }
                (None, None) => break,
            }
        }
        if self.look != before.look {
            let top = |l: &Option<(i32, Vec<(i32, String)>)>| l.as_ref().map(|(t, _)| *t);
            if let Some(top) = top(&self.look).into_iter().chain(top(&before.look)).min() {
                out.push((PANEL_X, top, PANEL_W, LOGICAL_H as i32 - top));
            }
        }
        out
    }

    /// Paints the panel's part inside `region`: the panel's shade, the
    /// lines that reach into it, the look panel's ground and lines.
    pub fn paint(&self, f: &mut Frame, region: Rect) {
        f.set_clip(Some(region));
        f.fill(PANEL, chrome::PANEL, 255);
        let meets = |y: i32| y < region.1 + region.3 && y + LINE_H > region.1;
        let x = PANEL_X + PAD;
        for (y, text, c) in self.lines.iter().filter(|l| meets(l.0)) {
            f.text((x, *y), text, *c, 1, PANEL_COLS);
        }
        if let Some((top, rows)) = &self.look {
            let ground = (PANEL_X, *top, PANEL_W, LOGICAL_H as i32 - top);
            f.fill(ground, chrome::BACKGROUND, 255);
            for (y, text) in rows.iter().filter(|l| meets(l.0)) {
                f.text((x, *y), text, chrome::LOOK, 1, PANEL_COLS);
            }
        }
        f.set_clip(None);
    }
}

/// The characters a line of the log holds.
const LOG_COLS: usize = ((MAP_VIEW_W - 2 * PAD) / font::GLYPH_W as i32) as usize;

/// The log's lines under the map, oldest first, the newest last, unread
/// lines brighter; a screen over the map (the help is 27 lines) takes the
/// log's room too.
pub fn log_layout<H: Host>(session: &Session<H>, screen_up: bool) -> Vec<(String, Rgb)> {
    let log = view::log_lines(session.game());
    let shown = if screen_up { 0 } else { LOG_LINES };
    let skip = log.clone().count().saturating_sub(shown);
    log.skip(skip).map(|(t, c)| (t.to_string(), c)).collect()
}

/// The band of the log's `row`th line.
pub fn log_band(row: usize) -> Rect {
    (0, LOG_Y + PAD + row as i32 * LINE_H, MAP_VIEW_W, LINE_H)
}

/// How far a line of the log reaches from the left edge.
fn log_reach(line: Option<&(String, Rgb)>) -> i32 {
    let chars = line.map_or(0, |(t, _)| t.chars().take(LOG_COLS).count());
    PAD + chars as i32 * font::GLYPH_W as i32
}

/// Paints the log's `row`th line afresh over the line `was` there: its
/// band as far as either reaches (beyond, the band is bare ground
/// already). The rectangle painted.
pub fn log_line(
    f: &mut Frame,
    row: usize,
    line: Option<&(String, Rgb)>,
    was: Option<&(String, Rgb)>,
) -> Rect {
    let band = log_band(row);
    let band = (band.0, band.1, log_reach(line).max(log_reach(was)), band.3);
    f.fill(band, chrome::BACKGROUND, 255);
    if let Some((text, c)) = line {
        f.text((PAD, band.1), text, *c, 1, LOG_COLS);
    }
    band
}

/// The whole picture, into `f`.
pub fn frame<H: Host>(f: &mut Frame, session: &Session<H>) {
    f.clear(chrome::BACKGROUND);
    let over_map = session.drawn().screen();
    match &over_map {
        Some(over) => screen(f, session, over),
        None => map(f, session),
    }
    PanelLayout::of(session).paint(f, PANEL);
    let log = log_layout(session, over_map.is_some());
    for (row, line) in log.iter().enumerate() {
        let y = log_band(row).1;
        f.text((PAD, y), &line.0, line.1, 1, LOG_COLS);
    }
    debug_assert!(LOGICAL_W as i32 == PANEL_X + PANEL_W);
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::player::Class;
    use amulets_play::session::Start;
    use amulets_play::store::NoStore;

    /// Seed 42's Rogue, at the start of the run.
    fn rogue_42() -> Session<(NoStore, (), impl FnMut() -> u32)> {
        Session::new(
            NoStore,
            (),
            || 7,
            Start {
                seed: Some(42),
                class: Some(Class::Rogue),
                ..Start::default()
            },
        )
    }

    /// A line the core puts on the panel is painted on the panel, in the
    /// core's colour, with nothing of the picture's code told of it.
    #[test]
    fn a_note_put_on_the_panel_in_the_core_is_painted() {
        let mut session = rogue_42();
        session.notes.add_test_note("A test note.");
        let mut f = Frame::keeping_text();
        frame(&mut f, &session);
        let run = f.text_runs().iter().find(|r| r.text == "A test note.");
        let run = run.unwrap_or_else(|| panic!("{:#?}", f.text_runs()));
        assert!(run.at.0 >= PANEL_X, "on the panel");
        assert_eq!(run.color, amulets_core::color::palette::HURT);
    }

    /// The player's cell shows the player's glyph colour, a wall cell the
    /// wall's, the panel its shade; in the tile view the player's cell is
    /// not the glyph view's.
    #[test]
    fn the_frame_holds_the_map_and_the_panel() {
        let mut session = rogue_42();
        let mut f = Frame::new();
        frame(&mut f, &session);
        let me = session.game().player().pos;
        let look = view::cell(session.game(), me).unwrap();
        let (cx, cy) = ((me.x * CELL) as u32, (me.y * CELL) as u32);
        let cell_pixels = |f: &Frame| -> Vec<Rgb> {
            (0..CELL as u32)
                .flat_map(|y| (0..CELL as u32).map(move |x| (x, y)))
                .map(|(x, y)| f.pixel(cx + x, cy + y))
                .collect()
        };
        let glyph = cell_pixels(&f);
        assert!(glyph.contains(&look.fg), "the player's glyph is drawn");
        assert!(glyph.contains(&look.bg));
        assert_eq!(f.pixel(PANEL_X as u32 + 1, LOGICAL_H / 2), chrome::PANEL);
        session.press(amulets_core::input::Key::F(2));
        frame(&mut f, &session);
        assert_ne!(
            cell_pixels(&f),
            glyph,
            "the tile view draws another picture"
        );
    }
}
