//! The screen, drawn from the core's picture and nothing else: the map
//! (with a camera when the terminal is smaller than the map), the side
//! panel, the log, the look line, and whatever screen is over the map.

use super::App;
use amulets_core::geom::Point;
use amulets_core::map::{MAP_H, MAP_W};
use amulets_play::view::{self, chrome};
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

    /// The map cell at the top left of the map view: the play layer's
    /// camera on what the app shows, for the view's size (where it looked
    /// last, so a click lands on the cell drawn).
    pub fn camera(&self, app: &App) -> Point {
        let size = (i32::from(self.map.width), i32::from(self.map.height));
        app.session.drawn().scene().camera(size)
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

/// Where a screen over the map goes in a terminal of `w` x `h`: `cols`
/// characters by `rows` rows under its title, down to the look line. A
/// screen in columns (the help) too wide for the map view's columns, or
/// with a word longer than they are (a record's path), takes the panel's
/// too (`wide`), and the panel is left out while it is up: words break at
/// spaces, columns would not read, and a word never breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScreenRoom {
    pub cols: u16,
    pub rows: u16,
    pub wide: bool,
}

pub fn screen_room(over: &view::Screen, w: u16, h: u16) -> ScreenRoom {
    let Some(layout) = Regions::for_size(w, h) else {
        return ScreenRoom {
            cols: w,
            rows: h,
            wide: false,
        };
    };
    let narrow = layout.map.width.saturating_sub(1);
    let narrow_cols = usize::from(narrow);
    let wide = over.entries.iter().any(|e| {
        let long = e.text.chars().count() > narrow_cols;
        let long_word = e.text.split(' ').any(|w| w.chars().count() > narrow_cols);
        (long && e.text.contains("  ")) || long_word
    });
    ScreenRoom {
        cols: if wide { w.saturating_sub(2) } else { narrow },
        // The title's row, an empty one, and the look line at the foot.
        rows: h.saturating_sub(3),
        wide,
    }
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App) {
    let area = frame.area();
    let buf = frame.buffer_mut();
    let fg = |c| Style::default().fg(app.color(c));
    let Some(layout) = Regions::for_size(area.width, area.height) else {
        let lines = [
            format!("The terminal is {} x {}.", area.width, area.height),
            format!("Make the terminal at least {MIN_W} x {MIN_H}."),
        ];
        for (i, l) in lines.iter().enumerate() {
            put(buf, 0, i as u16, l, fg(chrome::TEXT), area.width);
        }
        return;
    };
    let game = app.session.game();

    // The map, or the screen over it, its lines broken at spaces to fit,
    // down to the look line (the log is left out while it is up); a screen
    // longer than that scrolls, and says so on its last row.
    let wide_screen = match &app.session.drawn().screen() {
        Some(over) => draw_screen(buf, app, over, (area.width, area.height)),
        None => {
            draw_map(buf, app, &layout);
            false
        }
    };

    // The side panel, its lines broken at spaces to fit.
    if !wide_screen {
        let cols = usize::from(layout.panel.width);
        let panel = app.session.drawn().panel();
        let rows = panel
            .iter()
            .flat_map(|(l, c)| view::wrap(l, cols).map(move |part| (part, *c)));
        for (y, (part, c)) in (0..layout.panel.height).zip(rows) {
            put(buf, layout.panel.x, y, part, fg(c), layout.panel.width);
        }
    }

    // The log, newest at the bottom, unread lines brighter, each broken at
    // spaces: the last rows that fit (none while a screen is up).
    if app.session.drawn().screen().is_some() {
        return;
    }
    // Whole lines only: a message's tail never sits alone at the top.
    let (cols, rows) = (
        usize::from(layout.log.width),
        usize::from(layout.log.height),
    );
    let log = view::log_lines(game);
    let newest = log
        .clone()
        .count()
        .saturating_sub(view::log_lines_fitting(game, cols, rows));
    let lines: Vec<_> = log.skip(newest).collect();
    let parts: Vec<(&str, _)> = lines
        .iter()
        .flat_map(|(text, c)| view::wrap(text, cols).map(move |p| (p, *c)))
        .collect();
    for (y, (part, c)) in (layout.log.y..).zip(parts.iter().take(rows)) {
        put(buf, 0, y, part, fg(*c), layout.log.width);
    }

    // The look line: the cursor's cell while aiming or looking, else the
    // cell under the mouse.
    if let Some(p) = app.session.drawn().look_at() {
        put(
            buf,
            0,
            layout.look.y,
            &view::describe(game, p),
            fg(chrome::LOOK),
            layout.look.width,
        );
    }
}

/// A screen over the map, scrolled as the session says, in the room
/// `screen_room` gives it; true when it took the panel's columns too.
fn draw_screen(buf: &mut Buffer, app: &App, over: &view::Screen, (w, h): (u16, u16)) -> bool {
    let fg = |c| Style::default().fg(app.color(c));
    let Some(layout) = Regions::for_size(w, h) else {
        return false;
    };
    let room = screen_room(over, w, h);
    let title_width = if room.wide {
        w.saturating_sub(2)
    } else {
        layout.map.width
    };
    // A title too long for its row takes the empty row under it too.
    let title = view::wrap(&over.title, usize::from(title_width.saturating_sub(1)));
    for (row, part) in title.take(2).enumerate() {
        put(
            buf,
            1,
            row as u16,
            part,
            fg(chrome::TITLE).add_modifier(Modifier::BOLD),
            title_width,
        );
    }
    let (cols, rows) = (usize::from(room.cols), usize::from(room.rows));
    let paging = over.paging(cols, rows, app.session.keyboard().scroll());
    let shown = over.rows(cols).skip(paging.first).take(paging.shown);
    for (row, (i, indent, text)) in shown.enumerate() {
        let color = over.entries[i].color;
        // Within the room: an indent is under half of it.
        let indent = indent as u16;
        put(
            buf,
            1 + indent,
            2 + row as u16,
            text,
            fg(color),
            room.cols - indent,
        );
    }
    if let Some(more) = paging.more(amulets_play::view::Scroll::Keys) {
        let row = 2 + paging.shown as u16;
        put(buf, 1, row, more, fg(chrome::MORE), room.cols);
    }
    room.wide
}

/// The map view, each cell as the core's scene shows it.
fn draw_map(buf: &mut Buffer, app: &App, layout: &Regions) {
    let scene = app.session.drawn().scene();
    let size = (i32::from(layout.map.width), i32::from(layout.map.height));
    let camera = scene.camera(size);
    scene.cells(camera, size, |p, shown| {
        let c = shown.text_cell();
        // Both inside the view: p - camera is under its width and height.
        let x = layout.map.x + (p.x - camera.x) as u16;
        let y = layout.map.y + (p.y - camera.y) as u16;
        let style = Style::default().fg(app.color(c.fg)).bg(app.color(c.bg));
        let cell = &mut buf[(x, y)];
        cell.set_char(c.glyph);
        cell.set_style(style);
    });
}
