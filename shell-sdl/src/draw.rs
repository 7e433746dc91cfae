//! The 1600 x 900 picture, drawn from the core's picture and nothing else:
//! the map view (glyphs or tiles), the side panel, the log, the look panel
//! and whatever screen is over the map, with the juice on top.

use crate::app::{App, ViewMode};
use crate::layout::{
    CELL, LINE_H, LOG_LINES, LOG_Y, LOGICAL_H, LOGICAL_W, MAP_VIEW_H, MAP_VIEW_W, PAD, PANEL_W,
    PANEL_X,
};
use crate::{font, tiles};
use amulets_core::color::{Rgb, palette};
use amulets_core::game::State;
use amulets_core::geom::Point;
use amulets_core::map::{MAP_H, MAP_W};
use amulets_core::view::{self, Look, Tile};
use sdl3::pixels::{Color, PixelFormat};
use sdl3::rect::Rect;
use sdl3::render::{BlendMode, Canvas, FRect, RenderTarget, ScaleMode, Texture, TextureCreator};

/// The see-through cells of a route or a line of fire.
const ROUTE_ALPHA: u8 = 90;
const FLASH_ALPHA: u8 = 170;

fn color(c: Rgb) -> Color {
    Color::RGB(c.r, c.g, c.b)
}

/// The textures the picture is drawn from: the font and the tile atlas,
/// each one texture made once.
pub struct Gfx<'t> {
    pub font: Texture<'t>,
    pub tiles: Texture<'t>,
}

fn texture<'t, C>(
    creator: &'t TextureCreator<C>,
    rgba: &[u8],
    w: u32,
    h: u32,
) -> Result<Texture<'t>, String> {
    let mut t = creator
        .create_texture_static(PixelFormat::RGBA32, w, h)
        .map_err(|e| e.to_string())?;
    t.update(None, rgba, (w * 4) as usize)
        .map_err(|e| e.to_string())?;
    t.set_blend_mode(BlendMode::Blend);
    // Pixels stay pixels when scaled: no smoothing of the art or the font.
    t.set_scale_mode(ScaleMode::Nearest);
    Ok(t)
}

impl<'t> Gfx<'t> {
    pub fn new<C>(creator: &'t TextureCreator<C>) -> Result<Gfx<'t>, String> {
        Ok(Gfx {
            font: texture(creator, &font::atlas(), font::ATLAS_W, font::ATLAS_H)?,
            tiles: texture(creator, tiles::ATLAS, tiles::ATLAS_W, tiles::ATLAS_H)?,
        })
    }
}

/// Draws text at a logical point, `scale` times the font's size; at most
/// `max` characters.
pub fn text<T: RenderTarget>(
    canvas: &mut Canvas<T>,
    gfx: &mut Gfx,
    (x, y): (i32, i32),
    s: &str,
    c: Rgb,
    scale: u32,
    max: usize,
) -> Result<(), String> {
    gfx.font.set_color_mod(c.r, c.g, c.b);
    let (w, h) = (font::GLYPH_W * scale, font::GLYPH_H * scale);
    for (i, ch) in s.chars().take(max).enumerate() {
        if ch == ' ' {
            continue;
        }
        let src = FRect::new(
            (font::column(ch) * font::GLYPH_W) as f32,
            0.0,
            font::GLYPH_W as f32,
            font::GLYPH_H as f32,
        );
        let dst = FRect::new(
            (x + i as i32 * w as i32) as f32,
            y as f32,
            w as f32,
            h as f32,
        );
        canvas
            .copy(&gfx.font, src, dst)
            .map_err(|e| e.to_string())?;
    }
    Ok(())
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

fn fill<T: RenderTarget>(
    canvas: &mut Canvas<T>,
    r: FRect,
    c: Rgb,
    alpha: u8,
) -> Result<(), String> {
    canvas.set_draw_color(Color::RGBA(c.r, c.g, c.b, alpha));
    canvas.fill_rect(r).map_err(|e| e.to_string())
}

/// One tile of the atlas into a cell: the fixed layer multiplied by `tint`,
/// the kind layer by the kind's colour and `tint`.
fn tile<T: RenderTarget>(
    canvas: &mut Canvas<T>,
    gfx: &mut Gfx,
    t: Tile,
    dst: FRect,
    tint: Rgb,
) -> Result<(), String> {
    let Some(i) = tiles::index(t) else {
        return Ok(());
    };
    let side = tiles::SIDE as f32;
    let x = i as f32 * side;
    gfx.tiles.set_color_mod(tint.r, tint.g, tint.b);
    canvas
        .copy(&gfx.tiles, FRect::new(x, 0.0, side, side), dst)
        .map_err(|e| e.to_string())?;
    let k = tiles::kind_colour(t).tinted(tint);
    gfx.tiles.set_color_mod(k.r, k.g, k.b);
    canvas
        .copy(&gfx.tiles, FRect::new(x, side, side, side), dst)
        .map_err(|e| e.to_string())
}

/// One map cell as the chosen view draws it.
fn cell<T: RenderTarget>(
    canvas: &mut Canvas<T>,
    gfx: &mut Gfx,
    mode: ViewMode,
    look: &Look,
    dst: FRect,
) -> Result<(), String> {
    match mode {
        ViewMode::Glyph => {
            fill(canvas, dst, look.bg, 255)?;
            let x = dst.x as i32 + (CELL - font::GLYPH_W as i32) / 2;
            let mut buf = [0u8; 4];
            text(
                canvas,
                gfx,
                (x, dst.y as i32),
                look.glyph.encode_utf8(&mut buf),
                look.fg,
                1,
                1,
            )
        }
        ViewMode::Tile => {
            fill(canvas, dst, palette::BACKGROUND, 255)?;
            tile(canvas, gfx, look.ground, dst, look.tint)?;
            if look.tile != look.ground {
                let tint = if look.lit {
                    palette::NO_TINT
                } else {
                    palette::MEMORY_TINT
                };
                tile(canvas, gfx, look.tile, dst, tint)?;
            }
            Ok(())
        }
    }
}

/// The map view with its overlays, moved by a big blow's shake.
fn map<T: RenderTarget>(canvas: &mut Canvas<T>, gfx: &mut Gfx, app: &App) -> Result<(), String> {
    let game = app.game();
    let juice = app.session.juice();
    let (sx, sy) = juice.map_or((0, 0), |j| j.shake());
    let at = |p: Point| {
        FRect::new(
            (p.x * CELL + sx) as f32,
            (p.y * CELL + sy) as f32,
            CELL as f32,
            CELL as f32,
        )
    };
    canvas.set_clip_rect(Rect::new(0, 0, MAP_VIEW_W as u32, MAP_VIEW_H as u32));
    let distances = view::distances(game);
    let route = app.session.route();
    let aim = app.session.aim_line();
    for y in 0..MAP_H {
        for x in 0..MAP_W {
            let p = Point::new(x, y);
            let dst = at(p);
            let Some(look) = view::cell(game, p) else {
                continue;
            };
            cell(canvas, gfx, app.view(), &look, dst)?;
            if let Some(d) = &distances
                && let Some(n) = view::distance_label(d, p)
                && matches!(look.tile, Tile::Floor | Tile::Dirt)
            {
                fill(canvas, dst, palette::BACKGROUND, 255)?;
                let s = format!("{n:>2}");
                text(
                    canvas,
                    gfx,
                    (dst.x as i32, dst.y as i32),
                    &s,
                    palette::DEBUG,
                    1,
                    2,
                )?;
            }
            if let Some(label) = view::mind_label(game, p) {
                let s = label.to_string();
                text(
                    canvas,
                    gfx,
                    (dst.x as i32 + 10, dst.y as i32 - 4),
                    &s,
                    palette::DEBUG,
                    1,
                    1,
                )?;
            }
        }
    }
    for &p in route.iter().chain(aim.iter()) {
        fill(canvas, at(p), palette::ROUTE, ROUTE_ALPHA)?;
    }
    if let Some(cursor) = app.session.cursor() {
        canvas.set_draw_color(color(palette::HIGHLIGHT));
        canvas.draw_rect(at(cursor)).map_err(|e| e.to_string())?;
    }
    for p in juice.into_iter().flat_map(|j| j.flashes()) {
        fill(canvas, at(p), palette::FLASH, FLASH_ALPHA)?;
    }
    if let Some(m) = juice.and_then(|j| j.missile()) {
        let dst = at(m.at);
        let mut buf = [0u8; 4];
        text(
            canvas,
            gfx,
            (dst.x as i32 + 5, dst.y as i32),
            m.glyph.encode_utf8(&mut buf),
            m.color,
            1,
            1,
        )?;
    }
    canvas.set_clip_rect(None);
    Ok(())
}

/// Whatever screen is over the map: title, classes, menu, help,
/// inventory, the end, a question.
fn screen<T: RenderTarget>(
    canvas: &mut Canvas<T>,
    gfx: &mut Gfx,
    app: &App,
    over: &view::Screen,
) -> Result<(), String> {
    let big = if app.game().state() == State::Title && !app.session.asking() {
        4
    } else {
        2
    };
    text(
        canvas,
        gfx,
        (60, 50),
        &over.title,
        palette::HIGHLIGHT,
        big,
        60,
    )?;
    let top = 60 + big as i32 * font::GLYPH_H as i32 + 40;
    for (i, e) in over.entries.iter().enumerate() {
        text(
            canvas,
            gfx,
            (60, top + i as i32 * (LINE_H + 4)),
            &e.text,
            e.color,
            1,
            118,
        )?;
    }
    if let Some(note) = app.session.note() {
        let y = top + (over.entries.len() as i32 + 1) * (LINE_H + 4);
        for (i, part) in wrap(note, 118).iter().enumerate() {
            let y = y + i as i32 * (LINE_H + 4);
            text(canvas, gfx, (60, y), part, palette::DEBUG, 1, 118)?;
        }
    }
    Ok(())
}

/// The whole picture.
pub fn frame<T: RenderTarget>(
    canvas: &mut Canvas<T>,
    gfx: &mut Gfx,
    app: &App,
) -> Result<(), String> {
    canvas.set_blend_mode(BlendMode::Blend);
    canvas.set_draw_color(color(palette::BACKGROUND));
    canvas.clear();
    let game = app.game();
    let over_map = app.session.screen();
    match &over_map {
        Some(over) => screen(canvas, gfx, app, over)?,
        None => map(canvas, gfx, app)?,
    }

    // The side panel, a shade apart from the map.
    let panel = FRect::new(PANEL_X as f32, 0.0, PANEL_W as f32, LOGICAL_H as f32);
    fill(
        canvas,
        panel,
        palette::WALL_BACK.tinted(palette::MEMORY_TINT),
        255,
    )?;
    let cols = ((PANEL_W - 2 * PAD) / font::GLYPH_W as i32) as usize;
    let mut y = PAD;
    let x = PANEL_X + PAD;
    for (l, c) in app.session.panel().iter() {
        for part in wrap(l, cols) {
            text(canvas, gfx, (x, y), &part, *c, 1, cols)?;
            y += LINE_H;
        }
    }
    if let Some(stop) = game.last_stop() {
        y += LINE_H / 2;
        for part in wrap(&stop.text(), cols) {
            text(canvas, gfx, (x, y), &part, palette::DIM_TEXT, 1, cols)?;
            y += LINE_H;
        }
    }
    if let Some(note) = app.session.note()
        && over_map.is_none()
    {
        y += LINE_H / 2;
        for part in wrap(note, cols) {
            text(canvas, gfx, (x, y), &part, palette::DEBUG, 1, cols)?;
            y += LINE_H;
        }
    }
    // The look panel at the panel's foot: the cursor's cell while aiming or
    // looking, else the cell under the mouse.
    if let Some(p) = app.session.look_at() {
        let words = wrap(&view::look(game, p), cols);
        let mut ly = LOGICAL_H as i32 - PAD - LINE_H * words.len() as i32;
        fill(
            canvas,
            FRect::new(
                PANEL_X as f32,
                (ly - PAD) as f32,
                PANEL_W as f32,
                (LOGICAL_H as i32 - ly + PAD) as f32,
            ),
            palette::BACKGROUND,
            255,
        )?;
        for part in words {
            text(canvas, gfx, (x, ly), &part, palette::TEXT, 1, cols)?;
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
        text(canvas, gfx, (PAD, y), &m.text, c, 1, log_cols)?;
    }
    debug_assert!(LOGICAL_W as i32 == PANEL_X + PANEL_W);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::wrap;

    #[test]
    fn words_wrap_at_spaces() {
        assert_eq!(wrap("a bb ccc", 4), vec!["a bb", "ccc"]);
        assert_eq!(
            wrap("Floor 4 of 9 (a cave)", 30),
            vec!["Floor 4 of 9 (a cave)"]
        );
        assert_eq!(wrap("", 5), vec![""]);
    }
}
