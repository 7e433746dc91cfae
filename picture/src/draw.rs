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
use amulets_core::color::{Rgb, palette};
use amulets_core::game::State;
use amulets_core::geom::Point;
use amulets_core::map::{MAP_H, MAP_W};
use amulets_core::replay::Recorder;
use amulets_core::session::{Session, Store};
use amulets_core::view::{self, CellLook, Tile};

/// The see-through cells of a route or a line of fire, and of a hit.
const ROUTE_ALPHA: u8 = 90;
const FLASH_ALPHA: u8 = 170;

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

/// A panel's words wrapped to `cols` characters at spaces.
pub fn wrap(s: &str, cols: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in s.split(' ') {
        if !line.is_empty() && line.len() + 1 + word.len() > cols {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

type Rect = (i32, i32, i32, i32);

/// One tile of the atlas into a cell: the fixed layer multiplied by `tint`,
/// the kind layer by the kind's colour and `tint`.
fn tile(f: &mut Frame, t: Tile, (x, y, side, _): Rect, tint: Rgb) {
    let Some(i) = tiles::index(t) else {
        return;
    };
    f.tile(i, 0, (x, y), side, tint);
    f.tile(i, 1, (x, y), side, tiles::kind_colour(t).tinted(tint));
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
            f.fill(dst, palette::BACKGROUND, 255);
            tile(f, look.ground, dst, look.tint);
            if look.tile != look.ground {
                let tint = if look.lit {
                    palette::NO_TINT
                } else {
                    palette::MEMORY_TINT
                };
                tile(f, look.tile, dst, tint);
            }
        }
    }
}

/// The map view with its overlays, moved by a big blow's shake.
fn map<S: Store, R: Recorder, E: FnMut() -> u32>(f: &mut Frame, session: &Session<S, R, E>) {
    let game = session.game();
    let juice = session.juice();
    let (sx, sy) = juice.map_or((0, 0), |j| j.shake());
    let at = |p: Point| (p.x * CELL + sx, p.y * CELL + sy, CELL, CELL);
    f.set_clip(Some((0, 0, MAP_VIEW_W, MAP_VIEW_H)));
    let mode = ViewMode::of(session);
    let distances = view::distances(game);
    for y in 0..MAP_H {
        for x in 0..MAP_W {
            let p = Point::new(x, y);
            let dst = at(p);
            let Some(look) = view::cell(game, p) else {
                continue;
            };
            cell(f, mode, &look, dst);
            if let Some(d) = &distances
                && let Some(n) = view::distance_label(d, p)
                && matches!(look.tile, Tile::Floor | Tile::Dirt)
            {
                f.fill(dst, palette::BACKGROUND, 255);
                f.text((dst.0, dst.1), &format!("{n:>2}"), palette::DEBUG, 1, 2);
            }
            if let Some(label) = view::mind_label(game, p) {
                let s = label.to_string();
                f.text((dst.0 + 10, dst.1 - 4), &s, palette::DEBUG, 1, 1);
            }
        }
    }
    for &p in session.route().iter().chain(session.aim_line().iter()) {
        f.fill(at(p), palette::ROUTE, ROUTE_ALPHA);
    }
    if let Some(cursor) = session.cursor() {
        f.outline(at(cursor), palette::HIGHLIGHT);
    }
    for p in juice.into_iter().flat_map(|j| j.flashes()) {
        f.fill(at(p), palette::FLASH, FLASH_ALPHA);
    }
    if let Some(m) = juice.and_then(|j| j.missile()) {
        let dst = at(m.at);
        let mut buf = [0u8; 4];
        f.text(
            (dst.0 + 5, dst.1),
            m.glyph.encode_utf8(&mut buf),
            m.color,
            1,
            1,
        );
    }
    f.set_clip(None);
}

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
    f.text((60, 50), &over.title, palette::HIGHLIGHT, big, 60);
    let top = 60 + big as i32 * font::GLYPH_H as i32 + 40;
    for (i, e) in over.entries.iter().enumerate() {
        f.text(
            (60, top + i as i32 * (LINE_H + 4)),
            &e.text,
            e.color,
            1,
            118,
        );
    }
    if let Some(note) = session.note() {
        let y = top + (over.entries.len() as i32 + 1) * (LINE_H + 4);
        for (i, part) in wrap(note, 118).iter().enumerate() {
            let y = y + i as i32 * (LINE_H + 4);
            f.text((60, y), part, palette::DEBUG, 1, 118);
        }
    }
}

/// The whole picture, into `f`.
pub fn frame<S: Store, R: Recorder, E: FnMut() -> u32>(f: &mut Frame, session: &Session<S, R, E>) {
    f.clear(palette::BACKGROUND);
    let game = session.game();
    let over_map = session.screen();
    match &over_map {
        Some(over) => screen(f, session, over),
        None => map(f, session),
    }

    // The side panel, a shade apart from the map.
    f.fill(
        (PANEL_X, 0, PANEL_W, LOGICAL_H as i32),
        palette::WALL_BACK.tinted(palette::MEMORY_TINT),
        255,
    );
    let cols = ((PANEL_W - 2 * PAD) / font::GLYPH_W as i32) as usize;
    let mut y = PAD;
    let x = PANEL_X + PAD;
    for (l, c) in session.panel().iter() {
        for part in wrap(l, cols) {
            f.text((x, y), &part, *c, 1, cols);
            y += LINE_H;
        }
    }
    if let Some(stop) = game.last_stop() {
        y += LINE_H / 2;
        for part in wrap(&stop.text(), cols) {
            f.text((x, y), &part, palette::DIM_TEXT, 1, cols);
            y += LINE_H;
        }
    }
    if let Some(note) = session.note()
        && over_map.is_none()
    {
        y += LINE_H / 2;
        for part in wrap(note, cols) {
            f.text((x, y), &part, palette::DEBUG, 1, cols);
            y += LINE_H;
        }
    }
    // The look panel at the panel's foot: the cursor's cell while aiming or
    // looking, else the cell under the mouse.
    if let Some(p) = session.look_at() {
        let words = wrap(&view::describe(game, p), cols);
        let mut ly = LOGICAL_H as i32 - PAD - LINE_H * words.len() as i32;
        f.fill(
            (PANEL_X, ly - PAD, PANEL_W, LOGICAL_H as i32 - ly + PAD),
            palette::BACKGROUND,
            255,
        );
        for part in words {
            f.text((x, ly), &part, palette::TEXT, 1, cols);
            ly += LINE_H;
        }
    }

    // The log under the map, the newest line last, unread lines brighter;
    // a screen over the map (the help is 27 lines) takes the log's room too.
    let lines: Vec<_> = if over_map.is_some() {
        Vec::new()
    } else {
        game.log().lines().rev().take(LOG_LINES).collect()
    };
    let log_cols = ((MAP_VIEW_W - 2 * PAD) / font::GLYPH_W as i32) as usize;
    for (i, m) in lines.iter().rev().enumerate() {
        let c = if m.read {
            palette::READ_TEXT
        } else {
            palette::UNREAD_TEXT
        };
        let y = LOG_Y + PAD + i as i32 * LINE_H;
        f.text((PAD, y), &m.text, c, 1, log_cols);
    }
    debug_assert!(LOGICAL_W as i32 == PANEL_X + PANEL_W);
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::player::Class;
    use amulets_core::session::{NoStore, Start};

    #[test]
    fn words_wrap_at_spaces() {
        assert_eq!(wrap("a bb ccc", 4), vec!["a bb", "ccc"]);
        assert_eq!(
            wrap("Floor 4 of 9 (a cave)", 30),
            vec!["Floor 4 of 9 (a cave)"]
        );
        assert_eq!(wrap("", 5), vec![""]);
    }

    /// The player's cell shows the player's glyph colour, a wall cell the
    /// wall's, the panel its shade; in the tile view the player's cell is
    /// not the glyph view's.
    #[test]
    fn the_frame_holds_the_map_and_the_panel() {
        let mut session = Session::new(
            NoStore,
            (),
            || 7,
            Start {
                seed: Some(42),
                class: Some(Class::Rogue),
                ..Start::default()
            },
        );
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
        assert_eq!(
            f.pixel(PANEL_X as u32 + 1, LOGICAL_H / 2),
            palette::WALL_BACK.tinted(palette::MEMORY_TINT)
        );
        session.press(amulets_core::input::Key::F(2));
        frame(&mut f, &session);
        assert_ne!(
            cell_pixels(&f),
            glyph,
            "the tile view draws another picture"
        );
    }
}
