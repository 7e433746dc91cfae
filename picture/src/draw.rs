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
use amulets_core::replay::Recorder;
use amulets_core::session::{Session, Store};
use amulets_core::view::{self, CellLook, Label, Shown, Tile, chrome, wrap};

/// How the map is shown: the font's glyphs, or our tiles (F2 switches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewMode {
    Glyph,
    Tile,
}

impl ViewMode {
    pub fn of<S: Store, R: Recorder, E: FnMut() -> u32>(session: &Session<S, R, E>) -> ViewMode {
        if session.tiles() {
            ViewMode::Tile
        } else {
            ViewMode::Glyph
        }
    }
}

type Rect = (i32, i32, i32, i32);

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

/// The map view as the core's scene shows it, moved by a big blow's
/// shake: every cell and its label, then over them the washes, the
/// cursor's outline and a missile.
fn map<S: Store, R: Recorder, E: FnMut() -> u32>(f: &mut Frame, session: &Session<S, R, E>) {
    let scene = session.scene();
    let (sx, sy) = scene.shake();
    let at = |p: Point| (p.x * CELL + sx, p.y * CELL + sy, CELL, CELL);
    f.set_clip(Some((0, 0, MAP_VIEW_W, MAP_VIEW_H)));
    let mode = ViewMode::of(session);
    // The few cells with something over them (a route, a flash), kept for
    // the second pass.
    let mut over: Vec<(Point, Shown)> = Vec::new();
    scene.cells(Point::new(0, 0), (MAP_W, MAP_H), |p, shown| {
        let dst = at(p);
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
        for (color, alpha) in shown.washes() {
            f.fill(at(*p), color, alpha);
        }
        if let Some(color) = shown.outline() {
            f.outline(at(*p), color);
        }
    }
    for (p, shown) in &over {
        if let Some((glyph, color)) = shown.missile {
            let dst = at(*p);
            let mut buf = [0u8; 4];
            f.text((dst.0 + 5, dst.1), glyph.encode_utf8(&mut buf), color, 1, 1);
        }
    }
    f.set_clip(None);
}

/// The characters a screen's line holds, 60 pixels in from either side.
const SCREEN_COLS: usize = 118;

/// Whatever screen is over the map: title, classes, menu, help,
/// inventory, the end, a question.
fn screen<S: Store, R: Recorder, E: FnMut() -> u32>(
    f: &mut Frame,
    session: &Session<S, R, E>,
    over: &view::Screen,
) {
    let big = if session.game().state() == State::Title && !session.asking() {
        4
    } else {
        2
    };
    f.text((60, 50), &over.title, chrome::TITLE, big, 60);
    let top = 60 + big as i32 * font::GLYPH_H as i32 + 40;
    for (row, (i, text)) in over.rows(SCREEN_COLS).enumerate() {
        let y = top + row as i32 * (LINE_H + 4);
        f.text((60, y), text, over.entries[i].color, 1, SCREEN_COLS);
    }
}

/// The whole picture, into `f`.
pub fn frame<S: Store, R: Recorder, E: FnMut() -> u32>(f: &mut Frame, session: &Session<S, R, E>) {
    f.clear(chrome::BACKGROUND);
    let game = session.game();
    let over_map = session.screen();
    match &over_map {
        Some(over) => screen(f, session, over),
        None => map(f, session),
    }

    // The side panel, a shade apart from the map; an empty line of it is
    // half a line's gap.
    f.fill((PANEL_X, 0, PANEL_W, LOGICAL_H as i32), chrome::PANEL, 255);
    let cols = ((PANEL_W - 2 * PAD) / font::GLYPH_W as i32) as usize;
    let mut y = PAD;
    let x = PANEL_X + PAD;
    for (l, c) in session.panel().iter() {
        if l.is_empty() {
            y += LINE_H / 2;
            continue;
        }
        for part in wrap(l, cols) {
            f.text((x, y), part, *c, 1, cols);
            y += LINE_H;
        }
    }
    // The look panel at the panel's foot: the cursor's cell while aiming or
    // looking, else the cell under the mouse.
    if let Some(p) = session.look_at() {
        let text = view::describe(game, p);
        let words: Vec<&str> = wrap(&text, cols).collect();
        let mut ly = LOGICAL_H as i32 - PAD - LINE_H * words.len() as i32;
        f.fill(
            (PANEL_X, ly - PAD, PANEL_W, LOGICAL_H as i32 - ly + PAD),
            chrome::BACKGROUND,
            255,
        );
        for part in words {
            f.text((x, ly), part, chrome::LOOK, 1, cols);
            ly += LINE_H;
        }
    }

    // The log under the map, the newest line last, unread lines brighter;
    // a screen over the map (the help is 27 lines) takes the log's room too.
    let log = view::log_lines(game);
    let shown = if over_map.is_some() { 0 } else { LOG_LINES };
    let skip = log.len().saturating_sub(shown);
    let log_cols = ((MAP_VIEW_W - 2 * PAD) / font::GLYPH_W as i32) as usize;
    for (i, (text, c)) in log.skip(skip).enumerate() {
        let y = LOG_Y + PAD + i as i32 * LINE_H;
        f.text((PAD, y), text, c, 1, log_cols);
    }
    debug_assert!(LOGICAL_W as i32 == PANEL_X + PANEL_W);
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::player::Class;
    use amulets_core::session::{NoStore, Start};

    /// Seed 42's Rogue, at the start of the run.
    fn rogue_42() -> Session<NoStore, (), impl FnMut() -> u32> {
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
        session.add_test_note("A test note.");
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
