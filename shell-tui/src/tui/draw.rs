//! The screen, drawn from the core's picture and nothing else: the map
//! (with a camera when the terminal is smaller than the map), the side
//! panel, the log, the look line, and whatever screen is over the map.

use super::App;
use amulets_core::color::palette;
use amulets_core::geom::Point;
use amulets_core::map::{MAP_H, MAP_W};
use amulets_core::view;
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// The smallest terminal the game is drawn in.
pub const MIN_W: u16 = 60;
pub const MIN_H: u16 = 20;
/// Lines of log under the map.
const LOG_LINES: u16 = 3;

/// Where everything goes for a terminal of a size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Regions {
    pub map: Rect,
    pub panel: Rect,
    pub log: Rect,
    pub look: Rect,
}

impl Regions {
    /// The layout for a terminal, or `None` when it is too small.
    pub fn for_size(w: u16, h: u16) -> Option<Regions> {
        if w < MIN_W || h < MIN_H {
            return None;
        }
        let panel_w = w.saturating_sub(MAP_W as u16).clamp(24, 40);
        let map_w = (w - panel_w).min(MAP_W as u16);
        let map_h = (h - LOG_LINES - 1).min(MAP_H as u16);
        Some(Regions {
            map: Rect::new(0, 0, map_w, map_h),
            panel: Rect::new(map_w + 1, 0, w - map_w - 1, h - 1),
            log: Rect::new(0, map_h, map_w, LOG_LINES),
            look: Rect::new(0, h - 1, w, 1),
        })
    }

    /// The map cell at the top left of the map view: everything when the
    /// view is as big as the map, else a camera that keeps `focus` in
    /// view, as near the middle as the map's edges allow.
    pub fn camera(&self, focus: Point) -> Point {
        let axis = |focus: i32, view: i32, size: i32| {
            if view >= size {
                0
            } else {
                (focus - view / 2).clamp(0, size - view)
            }
        };
        Point::new(
            axis(focus.x, i32::from(self.map.width), MAP_W),
            axis(focus.y, i32::from(self.map.height), MAP_H),
        )
    }

    /// The map cell under a screen cell, if it is on the map view.
    pub fn cell_at(&self, camera: Point, col: u16, row: u16) -> Option<Point> {
        let inside = col >= self.map.x
            && col < self.map.x + self.map.width
            && row >= self.map.y
            && row < self.map.y + self.map.height;
        inside.then(|| {
            Point::new(
                camera.x + i32::from(col - self.map.x),
                camera.y + i32::from(row - self.map.y),
            )
        })
    }
}

/// What the camera follows: the cursor while aiming or looking, else the
/// player.
pub fn focus(app: &App) -> Point {
    let s = &app.session;
    s.cursor().unwrap_or(s.game().player().pos)
}

fn put(buf: &mut Buffer, x: u16, y: u16, text: &str, style: Style, max: u16) {
    let area = buf.area;
    if y >= area.height {
        return;
    }
    for (col, ch) in (x..).zip(text.chars()) {
        if col >= area.width || col >= x.saturating_add(max) {
            break;
        }
        let cell = &mut buf[(col, y)];
        cell.set_char(ch);
        cell.set_style(style);
    }
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let buf = frame.buffer_mut();
    let fg = |c| Style::default().fg(app.depth.color(c));
    let Some(layout) = Regions::for_size(area.width, area.height) else {
        let lines = [
            format!("The terminal is {} x {}.", area.width, area.height),
            format!("Make the terminal at least {MIN_W} x {MIN_H}."),
        ];
        for (i, l) in lines.iter().enumerate() {
            put(buf, 0, i as u16, l, fg(palette::TEXT), area.width);
        }
        return;
    };
    let game = app.session.game();
    let camera = layout.camera(focus(app));

    // The map, or the screen over it. A screen with a line longer than the
    // map view (the help) takes the panel's columns too, and the panel is
    // left out while it is up.
    let mut wide_screen = false;
    let over = app.session.screen();
    if let Some(over) = &over {
        put(
            buf,
            1,
            0,
            &over.title,
            fg(palette::HIGHLIGHT).add_modifier(Modifier::BOLD),
            layout.map.width,
        );
        for (i, e) in over.entries.iter().enumerate() {
            put(
                buf,
                1,
                2 + i as u16,
                &e.text,
                fg(e.color),
                area.width.saturating_sub(2),
            );
            wide_screen |= 1 + e.text.chars().count() > usize::from(layout.map.width);
        }
        if let Some(note) = app.session.note() {
            put(
                buf,
                1,
                3 + over.entries.len() as u16,
                note,
                fg(palette::DEBUG),
                area.width.saturating_sub(2),
            );
        }
    } else {
        draw_map(buf, app, &layout, camera);
    }

    // The side panel.
    for (i, (l, c)) in app.session.panel().iter().enumerate() {
        if (i as u16) < layout.panel.height && !wide_screen {
            put(buf, layout.panel.x, i as u16, l, fg(*c), layout.panel.width);
        }
    }
    if let Some(stop) = game.last_stop().filter(|_| !wide_screen) {
        let y = layout.panel.height.saturating_sub(1);
        put(
            buf,
            layout.panel.x,
            y,
            &stop.text(),
            fg(palette::DIM_TEXT),
            layout.panel.width,
        );
    }

    // The log, newest at the bottom, unread lines brighter.
    let lines: Vec<_> = game
        .log()
        .lines()
        .rev()
        .take(usize::from(layout.log.height))
        .collect();
    for (i, m) in lines.iter().rev().enumerate() {
        let color = if m.read {
            palette::READ_TEXT
        } else {
            palette::UNREAD_TEXT
        };
        put(
            buf,
            0,
            layout.log.y + i as u16,
            &m.text,
            fg(color),
            layout.log.width,
        );
    }

    // The look line: the cursor's cell while aiming or looking, else the
    // cell under the mouse.
    // A line the session says (a save that failed) takes the look line's
    // place while the map is up.
    if let Some(note) = app.session.note().filter(|_| over.is_none()) {
        put(
            buf,
            0,
            layout.look.y,
            note,
            fg(palette::DEBUG),
            layout.look.width,
        );
    } else if let Some(p) = app.session.look_at() {
        put(
            buf,
            0,
            layout.look.y,
            &view::describe(game, p),
            fg(palette::DIM_TEXT),
            layout.look.width,
        );
    }
}

fn draw_map(buf: &mut Buffer, app: &App, layout: &Regions, camera: Point) {
    let game = app.session.game();
    let juice = app.session.juice();
    let distances = view::distances(game);
    let route = app.session.route();
    let aim = app.session.aim_line();
    for row in 0..layout.map.height {
        for col in 0..layout.map.width {
            let p = Point::new(camera.x + i32::from(col), camera.y + i32::from(row));
            let (x, y) = (layout.map.x + col, layout.map.y + row);
            let mut glyph = ' ';
            let mut style = Style::default().bg(app.depth.color(palette::BACKGROUND));
            if let Some(look) = view::cell(game, p) {
                glyph = look.glyph;
                style = Style::default()
                    .fg(app.depth.color(look.fg))
                    .bg(app.depth.color(look.bg));
            }
            if let Some(d) = &distances
                && let Some(n) = view::distance_label(d, p)
                && game.level().map.is_walkable(p)
                && glyph == '.'
            {
                glyph = char::from_digit(n % 10, 10).unwrap_or('?');
                style = style.fg(app.depth.color(palette::DEBUG));
            }
            if let Some(label) = view::mind_label(game, p) {
                glyph = label;
                style = style.fg(app.depth.color(palette::DEBUG));
            }
            if route.contains(&p) || aim.contains(&p) {
                style = style.bg(app.depth.color(palette::ROUTE));
            }
            if app.session.cursor() == Some(p) {
                style = style.add_modifier(Modifier::REVERSED);
            }
            if juice.is_some_and(|j| j.flashing(p)) {
                style = style.add_modifier(Modifier::REVERSED);
            }
            if let Some(m) = juice.and_then(|j| j.missile())
                && m.at == p
            {
                glyph = m.glyph;
                style = style.fg(app.depth.color(m.color));
            }
            let cell = &mut buf[(x, y)];
            cell.set_char(glyph);
            cell.set_style(style);
        }
    }
}
