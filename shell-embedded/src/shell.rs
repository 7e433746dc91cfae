//! The shell: draws the core's picture on a `DrawTarget`, redrawing only
//! what changed, and turns the buttons into the core's keys and actions.

use crate::input::{Buttons, COMMANDS, MenuEntry};
use amulets_core::bindings::{self, Binding, Does, Pad, Underfoot};
use amulets_core::cellset::CellSet;
use amulets_core::color::{Rgb, palette};
use amulets_core::game::{Game, State};
use amulets_core::geom::Point;
use amulets_core::input::{Action, Key};
use amulets_core::map::{MAP_CELLS, MAP_H, MAP_W, Map};
use amulets_core::replay::Recorder;
use amulets_core::rules::LAST_FLOOR;
use amulets_core::session::{Session, Store};
use amulets_core::view;
use embedded_graphics::mono_font::MonoTextStyle;
use embedded_graphics::mono_font::ascii::FONT_4X6;
use embedded_graphics::pixelcolor::Rgb565;
use embedded_graphics::prelude::*;
use embedded_graphics::primitives::Rectangle;
use embedded_graphics::text::{Baseline, Text};

/// A map cell on the display: 5 x 6 pixels, a 4 x 6 glyph and a gap.
pub const CELL_W: i32 = 5;
pub const CELL_H: i32 = 6;
/// The font's character box.
pub const CHAR_W: i32 = 4;
pub const CHAR_H: i32 = 6;
/// Characters a status line holds, at most (the big layout's 320 / 4).
pub const STATUS_COLS: usize = 80;
/// Status lines, at most (the small layout's).
pub const STATUS_LINES: usize = 6;

type StatusLine = heapless::String<STATUS_COLS>;

/// Which of the two pictures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// 320 x 240: the whole map at 5 x 6 a cell (320 x 216), and four
    /// lines of status under it.
    Full,
    /// 160 x 128: a 32 x 15-cell viewport following the player (160 x 90),
    /// and under it the whole floor at a pixel a cell (64 x 36) beside six
    /// lines of status.
    Small,
}

impl Layout {
    pub const fn size(self) -> (u32, u32) {
        match self {
            Layout::Full => (320, 240),
            Layout::Small => (160, 128),
        }
    }

    /// The map cells the viewport shows across and down.
    pub const fn view_cells(self) -> (i32, i32) {
        match self {
            Layout::Full => (MAP_W, MAP_H),
            Layout::Small => (32, 15),
        }
    }

    /// Where the status lines start, their count and width in characters.
    const fn status(self) -> (Point, usize, usize) {
        match self {
            Layout::Full => (Point::new(0, MAP_H * CELL_H), 4, 80),
            Layout::Small => (Point::new(MAP_W + 2, 15 * CELL_H + 2), 6, 23),
        }
    }

    /// The overview's top left corner (small layout only).
    const OVERVIEW: Point = Point::new(0, 15 * CELL_H + 2);
}

/// What the buttons are doing besides playing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Play,
    /// C's menu is open on a command.
    Menu(usize),
    /// The travel cursor is out.
    Travel(Point),
    /// The log is shown over the map, this many lines up from the newest.
    Log(usize),
}

/// The board's help: each binding of the core's tables its buttons give
/// (`bindings::pad_help`), with the ways that give it, then how the
/// diagonals, the log, the screens and a running command go.
pub fn button_help() -> view::Screen {
    use amulets_core::text::line;
    let mut screen = view::Screen {
        title: line(format_args!(
            "The buttons (press or B closes; up, down scroll)"
        )),
        entries: heapless::Vec::new(),
    };
    let mut add = |way: core::fmt::Arguments<'_>, words: &str| {
        let mut w: heapless::String<40> = heapless::String::new();
        // A way longer than the column is cut, as the display would.
        let _ = core::fmt::write(&mut w, way);
        let entry = view::Entry {
            text: line(format_args!("{w:<30}{words}")),
            color: palette::TEXT,
            key: None,
            enabled: true,
        };
        screen.entries.push(entry).expect(
            "`pad_help`'s lines (26) and 4 more are fewer than the screen's PANEL_LINES \
             (a test holds it)",
        );
    };
    for (name, b) in bindings::pad_help() {
        let (first, rest) = b.pad.split_first().unwrap_or((&Pad::Press, &[]));
        let mut ways: heapless::String<40> = heapless::String::new();
        let _ = core::fmt::write(&mut ways, format_args!("{name}{first}"));
        for w in rest {
            let _ = core::fmt::write(&mut ways, format_args!(" or {w}"));
        }
        add(format_args!("{ways}"), b.words);
    }
    add(
        format_args!("B held + the switch"),
        "the diagonals: up is up-right, and on round",
    );
    add(format_args!("C, Log"), "read the messages back");
    add(
        format_args!("on a screen"),
        "up and down choose; press or A takes; B back",
    );
    add(
        format_args!("any button"),
        "stops a command that is running",
    );
    screen
}

/// The juice to draw this frame: the cells flashing, the missile in flight.
struct Juiced {
    flashes: CellSet,
    missile: Option<amulets_core::juice::Missile>,
}

/// What is drawn in one place: a glyph and its two colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Drawn {
    glyph: u8,
    fg: u16,
    bg: u16,
}

impl Drawn {
    /// Both colours in one word, as the cache keeps them.
    const fn colours(self) -> u32 {
        (self.fg as u32) << 16 | self.bg as u32
    }
}

/// An empty cell: no glyph on the background, as a cleared display is.
const BLANK: Drawn = Drawn {
    glyph: b' ',
    fg: raw565(palette::BACKGROUND),
    bg: raw565(palette::BACKGROUND),
};

fn rgb565(c: Rgb) -> Rgb565 {
    Rgb565::new(c.r >> 3, c.g >> 2, c.b >> 3)
}

/// A colour as RGB565's 16 bits (red in the top five, green in the middle
/// six), as the cache keeps it and `rgb565` packs it.
const fn raw565(c: Rgb) -> u16 {
    (c.r as u16 >> 3) << 11 | (c.g as u16 >> 2) << 5 | c.b as u16 >> 3
}

/// A screen's line, with each run of spaces (the help's columns) made two
/// when `squeeze`: for a screen with lines longer than the display is wide.
fn squeezed(text: &str, squeeze: bool) -> StatusLine {
    let mut out = StatusLine::new();
    let mut spaces = 0;
    for c in text.chars() {
        spaces = if c == ' ' { spaces + 1 } else { 0 };
        // A line longer than a status line is cut, as the display would.
        if (!squeeze || spaces <= 2) && out.push(c).is_err() {
            break;
        }
    }
    out
}

/// The embedded game's shell over a display `D`.
#[derive(Clone)]
pub struct Shell<D: DrawTarget<Color = Rgb565>> {
    display: D,
    layout: Layout,
    /// What each viewport place shows now (glyph, colours), by
    /// `row * MAP_W + column`: at most the whole map.
    glyphs: [u8; MAP_CELLS],
    colours: [u32; MAP_CELLS],
    /// The overview's pixels (small layout).
    overview: [u16; MAP_CELLS],
    status: [StatusLine; STATUS_LINES],
    /// A hash of the screen drawn over the map; `None` while the map is.
    screen: Option<u64>,
    /// The display holds something else: the next `draw` clears it and
    /// paints everything.
    stale: bool,
    mode: Mode,
    /// The chosen line of a screen (counting its choices only), and the
    /// screen it belongs to.
    choice: usize,
    /// The first line of a screen shown, when it has more lines than the
    /// display (the help on the small layout): it follows the choice.
    scroll: usize,
    /// The first line of the screen drawn last and how many were shown.
    shown: (usize, usize),
    seen_screen: Option<(State, bool)>,
    before: Buttons,
    /// The direction key pressed for the 5-way switch, until let go.
    direction: Option<Key>,
    /// B as pressed on the map, while it is held: whether it has turned a
    /// direction (then its own action is not taken when it is let go).
    b_held: Option<bool>,
    /// Places redrawn by the last `draw` (cells, overview pixels, lines).
    pub redrawn: u32,
    glyph_masks: Glyphs,
    /// The log as last drawn (lines up from the newest, how many, the
    /// turn), while it is shown.
    log_drawn: Option<(usize, usize, u32)>,
}

/// The 4 x 6 font's printable ASCII characters as masks, made once from
/// embedded-graphics' `FONT_4X6`: bit `y * 4 + x` is set where the glyph
/// has ink. With them a cell or a line of text is one `fill_contiguous`,
/// glyph and background together, instead of a fill and then every lit
/// pixel on its own (each its own transfer on an SPI display).
#[derive(Clone)]
struct Glyphs([u32; 95]);

/// A glyph's box, drawn into a mask.
struct Mask(u32);

impl OriginDimensions for Mask {
    fn size(&self) -> Size {
        Size::new(CHAR_W as u32, CHAR_H as u32)
    }
}

impl DrawTarget for Mask {
    type Color = embedded_graphics::pixelcolor::BinaryColor;
    type Error = core::convert::Infallible;

    fn draw_iter<I: IntoIterator<Item = Pixel<Self::Color>>>(
        &mut self,
        pixels: I,
    ) -> Result<(), Self::Error> {
        for Pixel(p, c) in pixels {
            let inside = (0..CHAR_W).contains(&p.x) && (0..CHAR_H).contains(&p.y);
            if inside && c.is_on() {
                // 0 <= y * 4 + x < 24: the bit is in the word.
                self.0 |= 1 << (p.y * CHAR_W + p.x);
            }
        }
        Ok(())
    }
}

impl Glyphs {
    fn new() -> Glyphs {
        let style = MonoTextStyle::new(&FONT_4X6, embedded_graphics::pixelcolor::BinaryColor::On);
        Glyphs(core::array::from_fn(|i| {
            let mut mask = Mask(0);
            let mut buf = [0u8; 4];
            let s = char::from(b' ' + i as u8).encode_utf8(&mut buf);
            let drawn = Text::with_baseline(s, Point::new(0, 0).into_eg(), style, Baseline::Top)
                .draw(&mut mask);
            let Ok(_) = drawn; // Drawing into a mask cannot fail (Infallible).
            mask.0
        }))
    }

    /// Whether character `c` (outside printable ASCII: `?`) has ink at
    /// `(x, y)` of its box.
    fn ink(&self, c: u8, x: i32, y: i32) -> bool {
        let i = if (b' '..=b'~').contains(&c) {
            c - b' '
        } else {
            b'?' - b' '
        };
        self.0[usize::from(i)] >> (y * CHAR_W + x) & 1 == 1
    }
}

impl<D: DrawTarget<Color = Rgb565>> Shell<D> {
    pub fn new(display: D, layout: Layout) -> Self {
        Shell {
            glyph_masks: Glyphs::new(),
            log_drawn: None,
            display,
            layout,
            glyphs: [BLANK.glyph; MAP_CELLS],
            colours: [BLANK.colours(); MAP_CELLS],
            overview: [BLANK.bg; MAP_CELLS],
            status: core::array::from_fn(|_| StatusLine::new()),
            screen: None,
            stale: true,
            mode: Mode::Play,
            choice: 0,
            scroll: 0,
            shown: (0, 0),
            seen_screen: None,
            before: Buttons::NONE,
            direction: None,
            b_held: None,
            redrawn: 0,
        }
    }

    /// Where the buttons are: what they are doing besides playing, and
    /// the chosen line of the screen shown (counting its choices only).
    pub fn focus(&self) -> (Mode, usize) {
        (self.mode, self.choice)
    }

    pub fn display(&self) -> &D {
        &self.display
    }

    pub fn display_mut(&mut self) -> &mut D {
        &mut self.display
    }

    /// Forgets what was drawn (the display was used for something
    /// else): the next `draw` clears it and paints everything.
    pub fn invalidate(&mut self) {
        self.stale = true;
    }

    // ----- input -----

    /// The buttons as they are now, at `now` milliseconds, handed to the
    /// session: a button acts when pressed (the session repeats a held
    /// direction, and steps a running command on time). A button pressed
    /// while a command runs stops it and does nothing else.
    pub fn update<S: Store, R: Recorder, E: FnMut() -> u32>(
        &mut self,
        session: &mut Session<S, R, E>,
        buttons: Buttons,
        now: u64,
    ) {
        session.tick(now);
        let mut new = buttons.newly(self.before);
        let b_let_go = self.before.b && !buttons.b;
        self.before = buttons;
        if buttons.direction().is_none()
            && let Some(k) = self.direction.take()
        {
            session.release(k);
        }
        if session.game().command_running() {
            if new.any() {
                // Any key stops it; which one does not matter. Let go at
                // once, so nothing is held down to repeat after.
                Self::tap(session, Key::Escape);
            }
            return;
        }
        let seen = (session.game().state(), session.asking());
        if self.seen_screen != Some(seen) {
            self.seen_screen = Some(seen);
            self.choice = 0;
            self.scroll = 0;
            if seen != (State::Playing, false) {
                self.mode = Mode::Play;
            }
        }
        // On the map (playing, aiming, looking), B held turns a direction
        // by 45 degrees, for the diagonals the switch cannot give; B's own
        // action is then taken when it is let go, unless it turned one.
        let on_map = matches!(self.mode, Mode::Play)
            && !session.asking()
            && matches!(
                session.game().state(),
                State::Playing | State::Aiming(_) | State::Looking
            );
        if on_map {
            // B counts when let go, if it was pressed here on the map (not
            // to close a menu) and turned no direction.
            if new.b {
                self.b_held = Some(false);
            }
            new.b = b_let_go && self.b_held == Some(false);
        }
        if b_let_go {
            self.b_held = None;
        }
        if !new.any() {
            return;
        }
        let dir = if new.up || new.down || new.left || new.right {
            match buttons.direction() {
                Some(d) if on_map && buttons.b => {
                    self.b_held = Some(true);
                    Some(Buttons::turned(d))
                }
                d => d,
            }
        } else {
            None
        };
        match self.mode {
            Mode::Menu(i) => self.menu(session, new, i),
            Mode::Log(up) => {
                let lines = session.game().log().lines().len();
                self.mode = if new.up {
                    Mode::Log((up + 1).min(lines.saturating_sub(1)))
                } else if new.down {
                    Mode::Log(up.saturating_sub(1))
                } else {
                    // Any other button closes it.
                    Mode::Play
                };
            }
            Mode::Travel(cursor) => self.travel(session, new, dir, cursor),
            Mode::Play => self.play(session, new, dir),
        }
    }

    /// A direction pressed: held until the switch is let go.
    fn press_direction<S: Store, R: Recorder, E: FnMut() -> u32>(
        &mut self,
        session: &mut Session<S, R, E>,
        key: Key,
    ) {
        if let Some(old) = self.direction.replace(key) {
            session.release(old);
        }
        session.press(key);
    }

    fn menu<S: Store, R: Recorder, E: FnMut() -> u32>(
        &mut self,
        session: &mut Session<S, R, E>,
        new: Buttons,
        i: usize,
    ) {
        let n = COMMANDS.len();
        if new.left || new.up {
            self.mode = Mode::Menu((i + n - 1) % n);
        } else if new.right || new.down {
            self.mode = Mode::Menu((i + 1) % n);
        } else if new.b || new.c {
            self.mode = Mode::Play;
        } else if new.press || new.a {
            self.mode = Mode::Play;
            match COMMANDS[i] {
                MenuEntry::Log => self.mode = Mode::Log(0),
                MenuEntry::Key(b, _) if b.does == Does::Click => {
                    self.mode = Mode::Travel(session.game().player().pos);
                }
                MenuEntry::Key(b, _) => {
                    if let Some(k) = b.key() {
                        Self::tap(session, k);
                    }
                }
            }
        }
    }

    fn travel<S: Store, R: Recorder, E: FnMut() -> u32>(
        &mut self,
        session: &mut Session<S, R, E>,
        new: Buttons,
        dir: Option<Key>,
        cursor: Point,
    ) {
        if let Some(d) = dir.and_then(amulets_core::input::direction) {
            let p = cursor.step(d);
            if Map::in_bounds(p) {
                self.mode = Mode::Travel(p);
            }
        } else if new.press || new.a {
            self.mode = Mode::Play;
            session.act(Action::TravelTo(cursor));
        } else if new.b || new.c {
            self.mode = Mode::Play;
        }
    }

    /// Presses a key and lets it go at once (the buttons that are no key
    /// held down).
    fn tap<S: Store, R: Recorder, E: FnMut() -> u32>(session: &mut Session<S, R, E>, key: Key) {
        session.press(key);
        session.release(key);
    }

    fn play<S: Store, R: Recorder, E: FnMut() -> u32>(
        &mut self,
        session: &mut Session<S, R, E>,
        new: Buttons,
        dir: Option<Key>,
    ) {
        let state = session.game().state();
        if session.asking() {
            return self.choose(session, new);
        }
        if !matches!(
            state,
            State::Playing | State::Aiming(_) | State::Looking | State::Confirming(_)
        ) {
            return self.choose(session, new);
        }
        // On the map and asked a question, the core's table says what each
        // button gives (`Pad`); C opens the menu of commands while playing.
        let under = Underfoot::of(session.game());
        let given = if let Some(k) = dir {
            if bindings::for_pad(state, Pad::Switch, under).is_some() {
                self.press_direction(session, k);
            }
            return;
        } else if new.press {
            Pad::Press
        } else if new.a {
            Pad::A
        } else if new.b {
            Pad::B
        } else if new.c {
            Pad::C
        } else {
            return;
        };
        match bindings::for_pad(state, given, under).and_then(Binding::key) {
            Some(k) => Self::tap(session, k),
            None if given == Pad::C && state == State::Playing => self.mode = Mode::Menu(0),
            None => {}
        }
    }

    /// A screen of choices: up and down choose among the lines that can be
    /// chosen, the press takes one (its key, as the screen gives it), B
    /// goes back. A screen with nothing to choose scrolls with up and down
    /// and closes on a press.
    fn choose<S: Store, R: Recorder, E: FnMut() -> u32>(
        &mut self,
        session: &mut Session<S, R, E>,
        new: Buttons,
    ) {
        let Some(screen) = session.screen() else {
            return;
        };
        let keys: heapless::Vec<Key, { view::PANEL_LINES }> = screen
            .entries
            .iter()
            .filter(|e| e.choosable())
            .filter_map(|e| e.key)
            .collect();
        let n = keys.len();
        if n == 0 && (new.up || new.down) {
            // Nothing to choose (the help): up and down scroll a line; the
            // drawing keeps the window on the screen.
            self.scroll = if new.up {
                self.scroll.saturating_sub(1)
            } else {
                self.scroll + 1
            };
        } else if new.up {
            self.choice = (self.choice + n - 1) % n;
        } else if new.down {
            self.choice = (self.choice + 1) % n;
        } else if new.press || new.a {
            let key = keys.get(self.choice).copied().unwrap_or(Key::Enter);
            Self::tap(session, key);
        } else if new.b {
            Self::tap(session, Key::Escape);
        }
    }

    // ----- the picture -----

    /// Draws what changed since the last call; returns the places redrawn,
    /// or the display's error. After an error the whole picture is drawn
    /// afresh next time: what the caches say was drawn may not have been.
    pub fn draw<S: Store, R: Recorder, E: FnMut() -> u32>(
        &mut self,
        session: &Session<S, R, E>,
    ) -> Result<u32, D::Error> {
        let drawn = self.draw_changes(session);
        if drawn.is_err() {
            self.stale = true;
        }
        drawn
    }

    fn draw_changes<S: Store, R: Recorder, E: FnMut() -> u32>(
        &mut self,
        session: &Session<S, R, E>,
    ) -> Result<u32, D::Error> {
        let game = session.game();
        self.redrawn = 0;
        if self.stale {
            // A cleared display is what the caches say when they are blank.
            self.stale = false;
            let (w, h) = self.layout.size();
            let all = Rectangle::new(Point::new(0, 0).into_eg(), Size::new(w, h));
            self.display.fill_solid(&all, rgb565(palette::BACKGROUND))?;
            self.forget_view();
            self.overview = [BLANK.bg; MAP_CELLS];
            self.status.iter_mut().for_each(StatusLine::clear);
            self.screen = None;
        }
        if let Mode::Log(up) = self.mode {
            let shown = (up, game.log().lines().len(), game.turn());
            if self.log_drawn != Some(shown) {
                self.log_drawn = Some(shown);
                self.draw_log(game, up)?;
            }
            self.draw_status(session)?;
            return Ok(self.redrawn);
        }
        if self.log_drawn.take().is_some() {
            // Back from the log: the map is painted afresh.
            self.clear_view()?;
            self.forget_view();
        }
        match session.screen() {
            // The board's help lists its buttons, not a keyboard's keys.
            Some(_) if game.state() == State::Help => self.draw_screen(&button_help())?,
            Some(screen) => self.draw_screen(&screen)?,
            None => {
                if self.screen.take().is_some() {
                    // Back from a screen: the map is painted afresh.
                    self.clear_view()?;
                    self.forget_view();
                }
                self.draw_map(game, &session.aim_line(), session.cursor(), session.juice())?;
                if self.layout == Layout::Small {
                    self.draw_overview(game)?;
                }
            }
        }
        self.draw_status(session)?;
        Ok(self.redrawn)
    }

    /// The log over the map: a title row, then the lines oldest first,
    /// ending `up` lines before the newest; unread lines brighter.
    fn draw_log(&mut self, game: &Game, up: usize) -> Result<(), D::Error> {
        self.clear_view()?;
        let (w, h) = self.layout.view_cells();
        let cols = ((w * CELL_W) / CHAR_W) as usize;
        let rows = ((h * CELL_H) / CHAR_H) as usize;
        self.text_line(
            Point::new(0, 0),
            cols,
            "The log, newest last",
            palette::HIGHLIGHT,
            palette::BACKGROUND,
        )?;
        let lines = game.log().lines();
        let total = lines.len();
        let end = total.saturating_sub(up);
        let start = end.saturating_sub(rows.saturating_sub(1));
        for (row, m) in game.log().lines().skip(start).take(end - start).enumerate() {
            let c = if m.read {
                palette::READ_TEXT
            } else {
                palette::UNREAD_TEXT
            };
            let y = (row as i32 + 1) * CHAR_H;
            self.text_line(Point::new(0, y), cols, &m.text, c, palette::BACKGROUND)?;
        }
        self.redrawn += 1;
        Ok(())
    }

    /// The viewport's cache as a cleared viewport: all blank.
    fn forget_view(&mut self) {
        self.glyphs = [BLANK.glyph; MAP_CELLS];
        self.colours = [BLANK.colours(); MAP_CELLS];
    }

    fn clear_view(&mut self) -> Result<(), D::Error> {
        let (w, h) = self.layout.view_cells();
        let area = Rectangle::new(
            Point::new(0, 0).into_eg(),
            Size::new((w * CELL_W) as u32, (h * CELL_H) as u32),
        );
        self.display.fill_solid(&area, rgb565(palette::BACKGROUND))
    }

    /// The cell the viewport's top left shows: the whole map in the big
    /// layout; in the small one, the player (or the cursor) as near the
    /// middle as the map's edges allow.
    pub fn camera(&self, game: &Game) -> Point {
        let (w, h) = self.layout.view_cells();
        let focus = match (self.mode, game.state()) {
            (Mode::Travel(c), _) => c,
            (_, State::Aiming(_) | State::Looking) => game.cursor(),
            _ => game.player().pos,
        };
        let axis = |f: i32, view: i32, size: i32| (f - view / 2).clamp(0, size - view);
        Point::new(axis(focus.x, w, MAP_W), axis(focus.y, h, MAP_H))
    }

    /// What a map cell looks like, with the cursor and the way shown.
    fn drawn_at(
        game: &Game,
        p: Point,
        way: &CellSet,
        cursor: Option<Point>,
        juice: &Juiced,
    ) -> Drawn {
        let (mut glyph, mut fg, mut bg) = match view::cell(game, p) {
            Some(l) => (l.glyph, l.fg, l.bg),
            None => (' ', palette::BACKGROUND, palette::BACKGROUND),
        };
        if way.contains(p) {
            bg = palette::ROUTE.tinted(Rgb::new(128, 128, 128));
        }
        // The juice, timed by the session's clock as on the desktop: a hit
        // cell flashes, a missile in flight is drawn where it is.
        if juice.flashes.contains(p) {
            bg = palette::FLASH;
        }
        if let Some(m) = juice.missile
            && m.at == p
        {
            glyph = m.glyph;
            fg = m.color;
        }
        if cursor == Some(p) {
            bg = palette::HIGHLIGHT;
            if glyph == ' ' {
                glyph = '+';
            }
            fg = palette::BACKGROUND;
        }
        Drawn {
            glyph: if glyph.is_ascii_graphic() {
                glyph as u8
            } else {
                b' '
            },
            fg: raw565(fg),
            bg: raw565(bg),
        }
    }

    /// The map, with the travel cursor's way or the line of fire and the
    /// cursor (the session's: none while F6's cave is shown).
    fn draw_map(
        &mut self,
        game: &Game,
        aim: &[Point],
        aim_cursor: Option<Point>,
        juice: Option<&amulets_core::juice::Juice>,
    ) -> Result<(), D::Error> {
        let mut juiced = Juiced {
            flashes: CellSet::new(),
            missile: None,
        };
        if let Some(j) = juice {
            j.flashes().for_each(|p| juiced.flashes.insert(p));
            juiced.missile = j.missile();
        }
        let mut way = CellSet::new();
        let cursor = match self.mode {
            Mode::Travel(c) => {
                game.route_to(c).into_iter().for_each(|p| way.insert(p));
                Some(c)
            }
            _ => {
                aim.iter().for_each(|&p| way.insert(p));
                aim_cursor
            }
        };
        let camera = self.camera(game);
        let (w, h) = self.layout.view_cells();
        for row in 0..h {
            for col in 0..w {
                let p = Point::new(camera.x + col, camera.y + row);
                let want = Self::drawn_at(game, p, &way, cursor, &juiced);
                let slot = (row * MAP_W + col) as usize;
                if self.glyphs[slot] == want.glyph && self.colours[slot] == want.colours() {
                    continue;
                }
                self.glyphs[slot] = want.glyph;
                self.colours[slot] = want.colours();
                self.draw_cell(col * CELL_W, row * CELL_H, want)?;
                self.redrawn += 1;
            }
        }
        Ok(())
    }

    /// A cell, glyph and background, in one fill: the glyph's 4 x 6 box at
    /// its left, the cell's fifth column background.
    fn draw_cell(&mut self, x: i32, y: i32, d: Drawn) -> Result<(), D::Error> {
        let area = Rectangle::new(
            embedded_graphics::geometry::Point::new(x, y),
            Size::new(CELL_W as u32, CELL_H as u32),
        );
        let bg: Rgb565 = embedded_graphics::pixelcolor::raw::RawU16::new(d.bg).into();
        let fg: Rgb565 = embedded_graphics::pixelcolor::raw::RawU16::new(d.fg).into();
        let glyphs = &self.glyph_masks;
        let pixels = (0..CELL_W * CELL_H).map(|i| {
            let (px, py) = (i % CELL_W, i / CELL_W);
            let lit = px < CHAR_W && d.glyph != b' ' && glyphs.ink(d.glyph, px, py);
            if lit { fg } else { bg }
        });
        self.display.fill_contiguous(&area, pixels)
    }

    fn draw_overview(&mut self, game: &Game) -> Result<(), D::Error> {
        let o = Layout::OVERVIEW;
        for i in 0..MAP_CELLS {
            let p = Map::point_of(i);
            let c = match view::cell(game, p) {
                Some(l) if l.glyph == '#' => {
                    l.bg.tinted(Rgb::new(255, 255, 255)).max_channel_with(l.fg)
                }
                Some(l) => l.fg,
                None => palette::BACKGROUND,
            };
            let c = raw565(c);
            if self.overview[i] != c {
                self.overview[i] = c;
                let px = embedded_graphics::geometry::Point::new(o.x + p.x, o.y + p.y);
                let color = embedded_graphics::pixelcolor::raw::RawU16::new(c).into();
                Pixel(px, color).draw(&mut self.display)?;
                self.redrawn += 1;
            }
        }
        Ok(())
    }

    /// Writes a line of text at a character row and column of the display,
    /// `cols` characters wide (spaces after the text), in one fill.
    fn text_line(
        &mut self,
        at: Point,
        cols: usize,
        text: &str,
        fg: Rgb,
        bg: Rgb,
    ) -> Result<(), D::Error> {
        let cols = cols.min(STATUS_COLS);
        let mut chars = [b' '; STATUS_COLS];
        for (slot, c) in chars.iter_mut().zip(text.chars()).take(cols) {
            *slot = if c.is_ascii() { c as u8 } else { b'?' };
        }
        let w = cols as i32 * CHAR_W;
        let area = Rectangle::new(at.into_eg(), Size::new(w as u32, CHAR_H as u32));
        let (fg, bg) = (rgb565(fg), rgb565(bg));
        let glyphs = &self.glyph_masks;
        let pixels = (0..w * CHAR_H).map(|i| {
            let (x, y) = (i % w, i / w);
            // x < cols * 4, so the character's index is below `cols`.
            let c = chars[(x / CHAR_W) as usize];
            if c != b' ' && glyphs.ink(c, x % CHAR_W, y) {
                fg
            } else {
                bg
            }
        });
        self.display.fill_contiguous(&area, pixels)
    }

    /// The lines of a screen that fit under its title: all of them, or,
    /// when there are more, a window of them that holds the chosen line,
    /// and a last row saying there is more. The first line shown, how many,
    /// and which line is the chosen one.
    fn screen_window(&mut self, lines: &[view::Entry]) -> (usize, usize, Option<usize>) {
        let chosen = lines
            .iter()
            .enumerate()
            .filter(|(_, e)| e.choosable())
            .nth(self.choice)
            .map(|(i, _)| i);
        let (_, h) = self.layout.view_cells();
        let rows = ((h * CELL_H / CHAR_H) as usize).saturating_sub(2);
        if lines.len() <= rows {
            self.scroll = 0;
            return (0, lines.len(), chosen);
        }
        let shown = rows.saturating_sub(1).max(1);
        if let Some(line) = chosen {
            if self.choice == 0 && line < shown {
                // Back at the first choice: the lines above it too.
                self.scroll = 0;
            } else if line < self.scroll {
                self.scroll = line;
            } else if line >= self.scroll + shown {
                self.scroll = line + 1 - shown;
            }
        }
        self.scroll = self.scroll.min(lines.len() - shown);
        (self.scroll, shown, chosen)
    }

    fn draw_screen(&mut self, screen: &view::Screen) -> Result<(), D::Error> {
        let (title, lines) = (&screen.title, &screen.entries[..]);
        let (first, shown, chosen) = self.screen_window(lines);
        self.shown = (first, shown);
        let mut h = amulets_core::hash::Fnv1a::new();
        h.bytes(title.as_bytes());
        for e in lines {
            h.bytes(e.text.as_bytes());
            h.u32(u32::from(e.enabled));
        }
        h.u32(self.choice as u32);
        h.u32(first as u32);
        let hash = h.finish();
        if self.screen == Some(hash) {
            return Ok(());
        }
        self.screen = Some(hash);
        self.clear_view()?;
        let (w, _) = self.layout.view_cells();
        let cols = (w * CELL_W / CHAR_W) as usize;
        self.text_line(
            Point::new(0, 0),
            cols,
            title,
            palette::HIGHLIGHT,
            palette::BACKGROUND,
        )?;
        let squeeze = lines.iter().any(|e| e.text.chars().count() > cols);
        for (i, e) in lines.iter().enumerate().skip(first).take(shown) {
            let (fg, bg) = if chosen == Some(i) {
                (palette::BACKGROUND, palette::HIGHLIGHT)
            } else {
                (e.color, palette::BACKGROUND)
            };
            let row = (i - first) as i32 + 2;
            let l = squeezed(&e.text, squeeze);
            self.text_line(Point::new(0, row * CHAR_H), cols, &l, fg, bg)?;
            self.redrawn += 1;
        }
        if shown < lines.len() {
            let more = match (first > 0, first + shown < lines.len()) {
                (true, true) => "(more above and below)",
                (true, false) => "(more above)",
                _ => "(more below)",
            };
            let row = shown as i32 + 2;
            self.text_line(
                Point::new(0, row * CHAR_H),
                cols,
                more,
                palette::DIM_TEXT,
                palette::BACKGROUND,
            )?;
            self.redrawn += 1;
        }
        Ok(())
    }

    /// The first line of the screen shown and how many lines are shown,
    /// after the last `draw` (for tests).
    pub fn screen_lines_shown(&self) -> Option<(usize, usize)> {
        self.screen.map(|_| self.shown)
    }

    /// The status lines for the layout.
    /// The status rows, and the rows of the standing "Not saving" line
    /// (`warning`), empty when there is none.
    fn status_lines(
        &self,
        game: &Game,
        note: Option<&str>,
        warning: Option<&str>,
        look: Option<Point>,
    ) -> ([StatusLine; STATUS_LINES], core::ops::Range<usize>) {
        let mut out: [StatusLine; STATUS_LINES] = core::array::from_fn(|_| StatusLine::new());
        let p = game.player();
        let w = |s: &mut StatusLine, args: core::fmt::Arguments| {
            // A status line is cut at its width: `write_fmt` stops there.
            let _ = core::fmt::write(s, args);
        };
        let mut status: heapless::String<24> = heapless::String::new();
        if p.poisoned > 0 {
            status
                .push_str(" Poisoned")
                .expect("both words, 18 bytes, fit the 24");
        }
        if p.confused > 0 {
            status
                .push_str(" Confused")
                .expect("both words, 18 bytes, fit the 24");
        }
        let mut hint = StatusLine::new();
        match self.mode {
            Mode::Menu(i) => {
                // The names from the first that still lets the chosen one
                // show in the row (the menu is longer than 80 columns).
                let (_, _, cols) = self.layout.status();
                let width = |k: usize| COMMANDS[k].name().len() + 2;
                let mut first = 0;
                while first < i && (first..=i).map(width).sum::<usize>() > cols {
                    first += 1;
                }
                for (k, c) in COMMANDS.iter().enumerate().skip(first) {
                    if self.layout == Layout::Small && k != i {
                        continue;
                    }
                    let (l, r) = if k == i { ("[", "]") } else { (" ", " ") };
                    w(&mut hint, format_args!("{l}{}{r}", c.name()));
                }
            }
            Mode::Travel(_) => w(&mut hint, format_args!("Travel: press goes, B back")),
            Mode::Log(_) => w(
                &mut hint,
                format_args!("Log: up/down scroll, any button back"),
            ),
            Mode::Play => {
                // On the map, the buttons of a few actions, as the core's
                // table gives them; the help has them all.
                let brief: &[(Action, &str)] = match game.state() {
                    State::Playing => &[(Action::Explore, "explore"), (Action::Rest, "rest")],
                    State::Aiming(_) => &[
                        (Action::Select, "there"),
                        (Action::NextTarget, "next"),
                        (Action::Cancel, "back"),
                    ],
                    State::Looking => &[(Action::Cancel, "back")],
                    State::Confirming(_) => &[
                        (Action::Confirm(true), "yes"),
                        (Action::Confirm(false), "no"),
                    ],
                    _ => &[],
                };
                for &(action, word) in brief {
                    let tables = bindings::tables(game.state());
                    let b = tables
                        .iter()
                        .flat_map(|t| t.iter())
                        .find(|b| b.action() == Some(action));
                    for (k, way) in b.into_iter().flat_map(|b| b.pad).enumerate() {
                        let or = if k == 0 { "" } else { " or " };
                        w(&mut hint, format_args!("{or}{way}"));
                    }
                    w(&mut hint, format_args!(": {word}  "));
                }
                match game.state() {
                    State::Playing => w(
                        &mut hint,
                        format_args!("B+dir diagonal  C more  press: act"),
                    ),
                    State::Aiming(_) | State::Looking => {
                        w(&mut hint, format_args!("the switch: cursor"))
                    }
                    State::Confirming(_) => {}
                    _ => w(
                        &mut hint,
                        format_args!("up/down choose  press takes  B back"),
                    ),
                }
            }
        }
        if matches!(game.state(), State::Title | State::ChooseClass) {
            w(&mut out[0], format_args!("Amulets  seed {}", game.seed()));
        } else if self.layout == Layout::Full {
            w(
                &mut out[0],
                format_args!(
                    "{} #{}  HP {}/{}  Floor {}/{LAST_FLOOR}  Turn {}  Gold {}  Amulets {}{status}",
                    p.class.name(),
                    game.seed(),
                    p.hp,
                    p.max_hp,
                    game.depth(),
                    game.turn(),
                    p.gold,
                    p.amulets
                ),
            );
        } else {
            w(
                &mut out[0],
                format_args!(
                    "HP {}/{} F{} T{}",
                    p.hp,
                    p.max_hp,
                    game.depth(),
                    game.turn()
                ),
            );
            w(
                &mut out[1],
                format_args!("${} Amulets {}{status}", p.gold, p.amulets),
            );
        }
        let (_, _, cols) = self.layout.status();
        // While aiming or looking, the words of the cell under the cursor
        // (what is there, the target's name) take the message rows.
        let words = match (game.state(), look) {
            (State::Aiming(_) | State::Looking, Some(p)) => Some(view::describe(game, p)),
            _ => None,
        };
        if let Some(words) = &words {
            let rows = if self.layout == Layout::Full {
                1..3
            } else {
                2..4
            };
            let mut rest = words.as_str();
            for line in &mut out[rows.clone()] {
                let end = rest.char_indices().nth(cols).map_or(rest.len(), |(i, _)| i);
                w(line, format_args!("{}", &rest[..end]));
                rest = &rest[end..];
            }
            let hint_row = if self.layout == Layout::Full { 3 } else { 5 };
            out[hint_row] = hint;
            return (out, 0..0);
        }
        if self.layout == Layout::Full {
            // The two newest lines, the newest last (the session's note,
            // when there is one, is the newest); a stop is said in the log
            // too, so it needs no row of its own here. While the game does
            // not save, that stands on the lower row, the newest line over
            // it.
            let mut newest = game.log().lines().rev().map(|m| m.text.as_str());
            let (older, last) = match note {
                Some(n) => (newest.next(), Some(n)),
                None => {
                    let last = newest.next();
                    (newest.next(), last)
                }
            };
            let (upper, lower) = match warning {
                Some(warning) => (last, Some(warning)),
                None => (older, last),
            };
            w(&mut out[1], format_args!("{}", upper.unwrap_or("")));
            w(&mut out[2], format_args!("{}", lower.unwrap_or("")));
            out[3] = hint;
            return (out, if warning.is_some() { 2..3 } else { 0..0 });
        }
        // The small layout: the newest message (a line the session says, as
        // a save that failed, before the log's) over two lines, then why
        // the last command stopped. While the game does not save, that
        // takes the message's second line and the stop's, broken between
        // words.
        let message = note.or(game.log().last()).unwrap_or("");
        let stop = game.last_stop().map(|s| s.text());
        let stop = stop.as_deref().unwrap_or("");
        let (msg_row, msg_lines) = (2, if warning.is_some() { 1 } else { 2 });
        let mut rest = message;
        for line in &mut out[msg_row..msg_row + msg_lines] {
            let end = rest.char_indices().nth(cols).map_or(rest.len(), |(i, _)| i);
            w(line, format_args!("{}", &rest[..end]));
            rest = &rest[end..];
        }
        let stop_row = msg_row + 2;
        match warning {
            Some(warning) => {
                let (first, second) = broken_at_a_space(warning, cols);
                w(&mut out[msg_row + 1], format_args!("{first}"));
                w(&mut out[stop_row], format_args!("{second}"));
            }
            None => w(&mut out[stop_row], format_args!("{stop}")),
        }
        out[stop_row + 1] = hint;
        let warning_rows = if warning.is_some() {
            msg_row + 1..stop_row + 1
        } else {
            0..0
        };
        (out, warning_rows)
    }

    fn draw_status<S: Store, R: Recorder, E: FnMut() -> u32>(
        &mut self,
        session: &Session<S, R, E>,
    ) -> Result<(), D::Error> {
        let warning = session.not_saving_line();
        let (lines, warning_rows) = self.status_lines(
            session.game(),
            session.note(),
            warning.as_deref(),
            session.look_at(),
        );
        let (at, rows, cols) = self.layout.status();
        for (i, line) in lines.iter().enumerate().take(rows) {
            // A row's colour changes only with its words: the warning's
            // words are its own.
            if self.status[i] == *line {
                continue;
            }
            self.status[i] = line.clone();
            let color = match i {
                _ if warning_rows.contains(&i) => palette::HURT,
                0 => palette::TEXT,
                _ if i == rows - 1 => palette::DIM_TEXT,
                _ => palette::UNREAD_TEXT,
            };
            let y = at.y + i as i32 * CHAR_H;
            self.text_line(Point::new(at.x, y), cols, line, color, palette::BACKGROUND)?;
            self.redrawn += 1;
        }
        Ok(())
    }
}

/// `text` as two lines of at most `cols` characters, the first broken at
/// its last space that fits (or cut, in a word longer than the line).
fn broken_at_a_space(text: &str, cols: usize) -> (&str, &str) {
    let Some((fits, _)) = text.char_indices().nth(cols) else {
        return (text, "");
    };
    match text[..=fits].rfind(' ') {
        Some(space) if space > 0 => (&text[..space], &text[space + 1..]),
        _ => (&text[..fits], &text[fits..]),
    }
}

/// The core's points as embedded-graphics' points.
trait IntoEg {
    fn into_eg(self) -> embedded_graphics::geometry::Point;
}

impl IntoEg for Point {
    fn into_eg(self) -> embedded_graphics::geometry::Point {
        embedded_graphics::geometry::Point::new(self.x, self.y)
    }
}

/// A wall's overview pixel: its bright face, not its dark back.
trait Brighter {
    fn max_channel_with(self, other: Rgb) -> Rgb;
}

impl Brighter for Rgb {
    fn max_channel_with(self, other: Rgb) -> Rgb {
        Rgb::new(
            self.r.max(other.r),
            self.g.max(other.g),
            self.b.max(other.b),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use embedded_graphics::pixelcolor::raw::RawU16;

    #[test]
    fn the_cache_packs_colours_as_the_display_does() {
        for c in [
            palette::BACKGROUND,
            palette::PLAYER,
            palette::ROUTE,
            palette::TRAP,
        ] {
            assert_eq!(raw565(c), RawU16::from(rgb565(c)).into_inner());
        }
    }

    #[test]
    fn a_line_breaks_at_its_last_space_that_fits() {
        let words = "Not saving: the flash did not answer.";
        assert_eq!(
            broken_at_a_space(words, 23),
            ("Not saving: the flash", "did not answer.")
        );
        assert_eq!(broken_at_a_space("short", 23), ("short", ""));
        assert_eq!(broken_at_a_space("abcdefgh", 3), ("abc", "defgh"));
        // A space just past the width still breaks there.
        assert_eq!(broken_at_a_space("abc defg", 3), ("abc", "defg"));
    }

    #[test]
    fn a_squeezed_line_keeps_two_spaces_of_each_run() {
        let help = "o                          explore until something happens";
        assert_eq!(
            squeezed(help, true).as_str(),
            "o  explore until something happens"
        );
        assert_eq!(squeezed(help, false).as_str(), help);
        assert_eq!(squeezed("a b", true).as_str(), "a b");
    }
}
