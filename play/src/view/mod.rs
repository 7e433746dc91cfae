//! The core's picture: for any cell, what a shell should draw and what is
//! laid over it (`scene`), the camera, and the words and colours of the
//! side panel, the look panel, the log and every screen, wrapped to the
//! width a shell has (`wrap`). The shells draw from this and nothing else,
//! so the game looks the same in a window, a terminal and on a small
//! display; a shell chooses no colour, overlay or camera of its own.
//! Drawing never changes the run.

mod help;
mod scene;
mod wrap;

pub use help::button_help;
pub use scene::{
    FLASH_ALPHA, Label, Memo, Scene, Shown, TextCell, WAY_ALPHA, camera, chrome, tile_colour,
};
pub use wrap::{Wrapped, wrap};

use crate::bindings::{self, Binding, Context, Verb};
use crate::keymap::Keymap;
use amulets_core::color::{Rgb, palette};
use amulets_core::game::{Cause, Game, InventoryMode, State};
use amulets_core::geom::Point;
use amulets_core::input::{Action, Key};
use amulets_core::item::ItemId;
use amulets_core::map::{Map, Terrain};
use amulets_core::mapgen::caves;
use amulets_core::monster::{KindId, Mind};
use amulets_core::path::book_cost;
use amulets_core::path::dijkstra::{DijkstraMap, UNREACHED};
use amulets_core::rng::Dice;
use amulets_core::rules::{FloorKind, LAST_FLOOR, kind_of};
use amulets_core::text::{Line, capitalized, line, with_article};

/// What the tile view draws for a cell, from our own atlas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tile {
    /// A wall.
    Wall,
    /// A room's floor.
    Floor,
    /// A cave's earth, tinted with `DIRT_TINT`.
    Dirt,
    /// The stairs down.
    Stairs,
    /// A closed door.
    ClosedDoor,
    /// An open door.
    OpenDoor,
    /// A known trap.
    Trap,
    /// The player.
    Player,
    /// A monster of a kind.
    Monster(KindId),
    /// An item of a kind.
    Item(ItemId),
}

/// How to draw one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellLook {
    /// The character shown.
    pub glyph: char,
    /// The glyph's colour.
    pub fg: Rgb,
    /// The cell's background.
    pub bg: Rgb,
    /// The tile, and the ground tile under it (for stairs, monsters and
    /// items, which the tile view draws over the ground).
    pub tile: Tile,
    /// The tile under it.
    pub ground: Tile,
    /// Multiplied into the tile's colours: the dirt tint, the memory tint.
    pub tint: Rgb,
    /// In view now; otherwise remembered.
    pub lit: bool,
}

impl CellLook {
    /// The cell as one pixel of an overview, a pixel a cell: a wall its
    /// bright face (each channel the brighter of its glyph and its back),
    /// anything else its glyph's colour.
    pub fn dot(&self) -> Rgb {
        if self.glyph == '#' {
            Rgb::new(
                self.bg.r.max(self.fg.r),
                self.bg.g.max(self.fg.g),
                self.bg.b.max(self.fg.b),
            )
        } else {
            self.fg
        }
    }

    /// The tint of what stands on the ground in the tile view (the
    /// player, a monster, an item): none in view, the memory's else.
    pub const fn thing_tint(&self) -> Rgb {
        if self.lit {
            palette::NO_TINT
        } else {
            palette::MEMORY_TINT
        }
    }
}

/// What a shell can show, which says what its help lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shows {
    /// The tile view (F2 switches to it).
    pub tiles: bool,
    /// It is played with a pad's buttons, not keys: its help lists them.
    pub buttons: bool,
    /// The pad is a gamepad: its help names a gamepad's buttons (the
    /// D-pad, X for C, Y and Start).
    pub gamepad: bool,
}

/// The log's lines, oldest first, each in its colour: unread lines
/// brighter than read ones.
pub fn log_lines(game: &Game) -> impl DoubleEndedIterator<Item = (&str, Rgb)> + ExactSizeIterator {
    game.log().lines().map(|m| {
        let color = if m.read {
            palette::READ_TEXT
        } else {
            palette::UNREAD_TEXT
        };
        (m.text.as_str(), color)
    })
}

/// How a cell of ground looks, lit or remembered; `None` for rock nobody
/// would see (a wall with no open ground next to it).
fn terrain_look(map: &Map, p: Point, lit: bool) -> Option<CellLook> {
    let t = map.at(p);
    let glyph = terrain_glyph(t);
    let (fg_lit, tile) = match t {
        Terrain::Wall | Terrain::SecretDoor => {
            if !map.borders_floor(p) {
                return None;
            }
            (palette::WALL, Tile::Wall)
        }
        Terrain::Floor => (palette::FLOOR, Tile::Floor),
        Terrain::CaveFloor => (palette::CAVE_FLOOR, Tile::Dirt),
        Terrain::StairsDown => (palette::STAIRS, Tile::Stairs),
        Terrain::ClosedDoor => (palette::DOOR, Tile::ClosedDoor),
        Terrain::OpenDoor => (palette::DOOR, Tile::OpenDoor),
    };
    let is_wall = tile == Tile::Wall;
    let fg = match (lit, is_wall) {
        (true, _) => fg_lit,
        (false, true) => palette::MEMORY_WALL,
        (false, false) => palette::MEMORY_FLOOR,
    };
    let bg = match (lit, is_wall) {
        (true, true) => palette::WALL_BACK,
        (false, true) => palette::MEMORY_WALL_BACK,
        _ => palette::BACKGROUND,
    };
    let base_tint = if tile == Tile::Dirt {
        palette::DIRT_TINT
    } else {
        palette::NO_TINT
    };
    let ground = match tile {
        Tile::Stairs => Tile::Floor,
        other => other,
    };
    Some(CellLook {
        glyph,
        fg,
        bg,
        tile,
        ground,
        tint: if lit {
            base_tint
        } else {
            base_tint.tinted(palette::MEMORY_TINT)
        },
        lit,
    })
}

/// The glyph a kind of ground is drawn with: a secret door looks a wall,
/// and a cave's floor the floor.
pub const fn terrain_glyph(t: Terrain) -> char {
    match t {
        Terrain::Wall | Terrain::SecretDoor => '#',
        Terrain::Floor | Terrain::CaveFloor => '.',
        Terrain::StairsDown => '>',
        Terrain::ClosedDoor => '+',
        Terrain::OpenDoor => '\'',
    }
}

/// What to draw at a cell of the map view, or `None` for nothing (rock,
/// or what the player has never seen).
pub fn cell(game: &Game, p: Point) -> Option<CellLook> {
    cell_among(game, p, true)
}

/// `cell`, told whether anything may stand or lie on `p` (`held`: a trap,
/// an item or a monster): when nothing can, the floor's lists are not
/// searched. A scene knows which cells hold something, for every cell of
/// a picture at once.
pub(crate) fn cell_among(game: &Game, p: Point, held: bool) -> Option<CellLook> {
    if let Some(steps) = &game.debug().cave {
        return cave_step_cell(steps, p);
    }
    let level = game.level();
    let reveal = game.debug().reveal;
    let lit = level.visible.contains(p) || reveal;
    if !level.explored.contains(p) && !reveal {
        return None;
    }
    let mut look = terrain_look(&level.map, p, lit)?;
    if reveal && level.map.at(p) == Terrain::SecretDoor {
        // F1 shows what the floor hides, secret doors too.
        look.glyph = 'S';
        look.fg = palette::DOOR;
    }
    let over = |look: &mut CellLook, glyph: char, color: Rgb, tile: Tile| {
        look.glyph = glyph;
        look.fg = if look.lit {
            color
        } else {
            palette::MEMORY_FLOOR
        };
        look.bg = palette::BACKGROUND;
        look.tile = tile;
    };
    if held
        && let Some(t) = level.trap_at(p)
        && (level.traps[t].known || reveal)
    {
        over(&mut look, '^', palette::TRAP, Tile::Trap);
    }
    if held
        && let Some(i) = level.item_at(p)
        && (level.items[i].seen || reveal)
    {
        let item = level.items[i].item;
        over(
            &mut look,
            item.kind().glyph,
            item.kind().color,
            Tile::Item(item.kind),
        );
    }
    if lit
        && held
        && let Some(m) = level.monster_at(p)
    {
        let m = level.monsters[m];
        over(
            &mut look,
            m.kind().glyph,
            m.kind().color,
            Tile::Monster(m.kind),
        );
    }
    if p == game.player().pos {
        over(&mut look, '@', palette::PLAYER, Tile::Player);
    }
    Some(look)
}

/// F6's cave: every cell lit, walls and all, and where a player would start.
fn cave_step_cell(steps: &amulets_core::game::CaveSteps, p: Point) -> Option<CellLook> {
    let t = steps.map.at(p);
    let mut look = match t {
        Terrain::Wall => CellLook {
            glyph: '#',
            fg: palette::WALL,
            bg: palette::WALL_BACK,
            tile: Tile::Wall,
            ground: Tile::Wall,
            tint: palette::NO_TINT,
            lit: true,
        },
        _ => terrain_look(&steps.map, p, true)?,
    };
    if steps.start == Some(p) {
        look.glyph = '@';
        look.fg = palette::PLAYER;
        look.tile = Tile::Player;
    }
    Some(look)
}

/// F3's overlay: every cell's distance from the player in steps, from a
/// Dijkstra map worked out for the picture (never the run's dice).
pub fn distances(game: &Game) -> Option<DijkstraMap> {
    if !game.debug().distances || game.debug().cave.is_some() {
        return None;
    }
    let mut d = DijkstraMap::new();
    d.compute(&game.level().map, &[game.player().pos], book_cost);
    Some(d)
}

/// The number F3 shows at a cell: whole steps, the last two digits.
pub fn distance_label(map: &DijkstraMap, p: Point) -> Option<u32> {
    let c = map.at(p);
    (c != UNREACHED).then_some((c / amulets_core::path::STEP) % 100)
}

/// F4's overlay at a monster's cell: z asleep, w wandering, h hunting.
pub fn mind_label(game: &Game, p: Point) -> Option<char> {
    if !game.debug().minds || game.debug().cave.is_some() {
        return None;
    }
    let m = game.level().monster_at(p)?;
    Some(match game.level().monsters[m].mind {
        Mind::Asleep => 'z',
        Mind::Wandering => 'w',
        Mind::Hunting => 'h',
    })
}

/// A line of a panel and its colour.
pub type Styled = (Line, Rgb);
/// The most lines any panel or screen has.
pub const PANEL_LINES: usize = 32;
/// A panel's or screen's lines.
pub type Lines = heapless::Vec<Styled, PANEL_LINES>;

fn push(lines: &mut Lines, text: Line, color: Rgb) {
    lines
        .push((text, color))
        .expect("every list below has far fewer lines than PANEL_LINES");
}

/// The side panel, top to bottom.
#[expect(
    clippy::too_many_lines,
    reason = "the panel's lines in their order, one push each"
)]
pub fn panel(game: &Game) -> Lines {
    let mut out = Lines::new();
    push(&mut out, line(format_args!("Amulets")), palette::TEXT);
    // The dice are part of the run: named when they are not the book's.
    let seed = match game.dice() {
        Dice::Book => line(format_args!("Seed {}", game.seed())),
        dice => line(format_args!("Seed {} ({})", game.seed(), dice.name())),
    };
    push(&mut out, seed, palette::DIM_TEXT);
    if let Some(daily) = game.daily() {
        push(&mut out, line(format_args!("{daily}")), palette::GOLD);
    }
    if matches!(game.state(), State::Title | State::ChooseClass) {
        cave_lines(game, &mut out);
        return out;
    }
    let p = game.player();
    push(
        &mut out,
        line(format_args!("{}", p.class.name())),
        palette::TEXT,
    );
    let kind = match kind_of(game.depth()) {
        FloorKind::Rooms => "rooms",
        FloorKind::Cave => "a cave",
    };
    push(
        &mut out,
        line(format_args!(
            "Floor {} of {LAST_FLOOR} ({kind})",
            game.depth()
        )),
        palette::TEXT,
    );
    push(
        &mut out,
        line(format_args!("Turn {}", game.turn())),
        palette::TEXT,
    );
    let hp_color = if p.hp * 3 <= p.max_hp {
        palette::HURT
    } else {
        palette::TEXT
    };
    push(
        &mut out,
        line(format_args!("HP {}/{}", p.hp, p.max_hp)),
        hp_color,
    );
    if p.poisoned > 0 {
        push(
            &mut out,
            line(format_args!("Poisoned ({})", p.poisoned)),
            palette::HURT,
        );
    }
    if p.confused > 0 {
        push(
            &mut out,
            line(format_args!("Confused ({})", p.confused)),
            palette::HURT,
        );
    }
    push(
        &mut out,
        line(format_args!(
            "Attack {}  Defence {}",
            p.attack(),
            p.defence()
        )),
        palette::DIM_TEXT,
    );
    push(
        &mut out,
        line(format_args!("Gold {}", p.gold)),
        palette::GOLD,
    );
    push(
        &mut out,
        line(format_args!("Amulets {} of {LAST_FLOOR}", p.amulets)),
        palette::GOLD,
    );
    if p.knows_lightning {
        let text = if p.lightning_wait == 0 {
            line(format_args!("Lightning: ready (z)"))
        } else {
            line(format_args!("Lightning: {} turns", p.lightning_wait))
        };
        push(&mut out, text, palette::TEXT);
    }
    let d = game.debug();
    if d.reveal {
        push(
            &mut out,
            line(format_args!("DEBUG: the whole floor (F1)")),
            palette::DEBUG,
        );
    }
    if d.distances {
        push(
            &mut out,
            line(format_args!("DEBUG: distances (F3)")),
            palette::DEBUG,
        );
    }
    if d.minds {
        push(
            &mut out,
            line(format_args!("DEBUG: minds (F4)")),
            palette::DEBUG,
        );
    }
    cave_lines(game, &mut out);
    out
}

/// F6's lines on the panel, while its cave is shown.
fn cave_lines(game: &Game, out: &mut Lines) {
    if let Some(steps) = &game.debug().cave {
        push(
            out,
            line(format_args!("DEBUG: a cave (F6)")),
            palette::DEBUG,
        );
        push(out, cave_step_words(steps), palette::DEBUG);
        if i32::from(steps.step) > caves::SMOOTHING_PASSES && steps.cells < caves::MIN_CAVE_CELLS {
            push(
                out,
                line(format_args!("too few, so it's made again")),
                palette::DEBUG,
            );
        }
    }
}

/// What F6 is showing, as the side panel says it.
pub fn cave_step_words(steps: &amulets_core::game::CaveSteps) -> Line {
    let step = i32::from(steps.step);
    if step == 0 {
        line(format_args!("the random fill"))
    } else if step <= caves::SMOOTHING_PASSES {
        line(format_args!(
            "smoothing pass {step} of {}",
            caves::SMOOTHING_PASSES
        ))
    } else {
        line(format_args!("the biggest cave: {} cells", steps.cells))
    }
}

/// The words of the look panel for a cell: what the player knows is there.
pub fn describe(game: &Game, p: Point) -> Line {
    let level = game.level();
    if !level.explored.contains(p) && !game.debug().reveal {
        return line(format_args!("You haven't seen that."));
    }
    if p == game.player().pos {
        return line(format_args!("You, the {}.", game.player().class.name()));
    }
    if (level.visible.contains(p) || game.debug().reveal)
        && let Some(m) = level.monster_at(p)
    {
        let m = level.monsters[m];
        let mind = match m.mind {
            Mind::Asleep => " (asleep)",
            Mind::Wandering => " (wandering)",
            Mind::Hunting => "",
        };
        return capitalized(line(format_args!("{}{mind}", with_article(m.kind().name))));
    }
    if let Some(i) = level.item_at(p)
        && level.items[i].seen
    {
        return capitalized(level.items[i].item.name());
    }
    if let Some(t) = level.trap_at(p)
        && level.traps[t].known
    {
        return capitalized(with_article(level.traps[t].kind.name()));
    }
    line(format_args!(
        "{}",
        match level.map.at(p) {
            Terrain::Floor => "The floor",
            Terrain::CaveFloor => "The cave floor",
            Terrain::StairsDown => "The stairs down",
            Terrain::ClosedDoor => "A closed door",
            Terrain::OpenDoor => "An open door",
            Terrain::Wall | Terrain::SecretDoor => "A wall",
        }
    ))
}

/// A line of a screen over the map: its words and colour, and, for a line
/// that is a choice, the key it stands for and whether it can be chosen
/// now (a shell with no keyboard chooses lines, and presses their keys).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its words.
    pub text: Line,
    /// Their colour.
    pub color: Rgb,
    /// The key that chooses it, when it is a choice.
    pub key: Option<Key>,
    /// Whether it can be chosen now.
    pub enabled: bool,
}

impl Entry {
    /// Its words' colour and their background: as it is, or, when it is
    /// the line chosen (a pad's), dark on the highlight.
    pub fn colors(&self, chosen: bool) -> (Rgb, Rgb) {
        if chosen {
            (palette::BACKGROUND, palette::HIGHLIGHT)
        } else {
            (self.color, palette::BACKGROUND)
        }
    }

    /// A choice that can be chosen now.
    pub fn choosable(&self) -> bool {
        self.key.is_some() && self.enabled
    }
}

/// A screen over the map: a title and its lines, at most `PANEL_LINES`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Screen {
    /// The screen's title row.
    pub title: Line,
    /// Its lines, top to bottom.
    pub entries: heapless::Vec<Entry, PANEL_LINES>,
}

impl Screen {
    pub(crate) fn new(title: Line) -> Screen {
        Screen {
            title,
            entries: heapless::Vec::new(),
        }
    }

    /// A line of words that is no choice.
    pub(crate) fn say(&mut self, text: Line, color: Rgb) {
        self.entry(Entry {
            text,
            color,
            key: None,
            enabled: false,
        });
    }

    fn entry(&mut self, entry: Entry) {
        self.entries.push(entry).expect(
            "every screen has fewer lines than PANEL_LINES: the longest, the pack, has 26, \
             and the help's length is tested",
        );
    }

    /// A choice: its key, its words, and whether it can be chosen now.
    fn choice(&mut self, key: Key, text: Line, enabled: bool, color: Rgb) {
        let color = if enabled { color } else { palette::DIM_TEXT };
        self.entry(Entry {
            text,
            color,
            key: Some(key),
            enabled,
        });
    }

    /// A line for each binding of a table that has a key of its own, as
    /// "N  a new run"; `enabled` says which can be chosen now.
    pub(crate) fn choices(
        &mut self,
        keys: (&Keymap, Context),
        table: &'static [Binding],
        enabled: impl Fn(&Binding) -> bool,
        color: Rgb,
    ) {
        let (map, context) = keys;
        for b in table {
            if let Some(key) = map.first_key(context, b) {
                let words = line(format_args!("{}  {}", map.label(context, b), b.words));
                self.choice(key, words, enabled(b), color);
            }
        }
    }

    /// A line the session adds under the others (its note), after a blank
    /// one.
    pub fn note(&mut self, text: &str, color: Rgb) {
        if self.entries.len() + 2 <= PANEL_LINES {
            self.say(Line::new(), color);
            self.say(line(format_args!("{text}")), color);
        }
    }

    /// The screen's lines broken at spaces for `cols` columns, top to
    /// bottom: each row with the index of the line it is of.
    pub fn rows(&self, cols: usize) -> impl Iterator<Item = (usize, &str)> {
        self.entries
            .iter()
            .enumerate()
            .flat_map(move |(i, e)| wrap(&e.text, cols).map(move |r| (i, r)))
    }

    /// The lines' words alone, top to bottom (for tests and for shells
    /// that only print).
    pub fn lines(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|e| e.text.as_str())
    }
}

/// A question over everything, answered from `bindings::CONFIRM`-like
/// keys: the question's words, then its answers, the first the default.
pub fn question_screen(
    title: Line,
    question: Line,
    keys: (&Keymap, Context),
    answers: &'static [Binding],
) -> Screen {
    let mut out = Screen::new(title);
    out.say(question, palette::TEXT);
    out.choices(keys, answers, |_| true, palette::TEXT);
    out
}

/// True when the game shows a screen over the map: not while playing on it
/// (looking, aiming or asked a question there), nor while F6's cave has
/// the map view to itself, on the title too.
pub fn screen_over_map(game: &Game) -> bool {
    let on_map = matches!(
        game.state(),
        State::Playing | State::Looking | State::Aiming(_) | State::Confirming(_)
    );
    let cave = game.state() == State::Title && game.debug().cave.is_some();
    !on_map && !cave
}

/// What the title offers besides a new run: the saved run for C, today's
/// dungeon for T (when the shell has a clock).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Offers {
    /// A saved run is there to continue.
    pub saved_run: bool,
    /// The day, when the shell knows it.
    pub today: Option<amulets_core::daily::Day>,
    /// The ended run's record is kept, for the end screen's R.
    pub record: bool,
    /// The palette in force, named on the title and the menu.
    pub palette: crate::palettes::Palette,
}

/// Whatever screen is over the map, or `None` while playing, with every
/// key in the help. `can_continue`: a saved run is there for the title's C.
pub fn screen(game: &Game, can_continue: bool) -> Option<Screen> {
    screen_for(
        game,
        Offers {
            saved_run: can_continue,
            today: None,
            record: false,
            palette: crate::palettes::Palette::Book,
        },
        Shows {
            tiles: true,
            buttons: false,
            gamepad: false,
        },
        &Keymap::new(),
    )
}

/// Whatever screen is over the map, for a shell that shows `shows`: its
/// help lists what it can do (the buttons on a pad; F2 only where there
/// are tiles).
#[expect(
    clippy::cast_possible_truncation,
    reason = "a slot is under PACK_SLOTS (26)"
)]
#[expect(
    clippy::too_many_lines,
    reason = "one short arm a screen: the match is the list of screens"
)]
pub fn screen_for(game: &Game, offers: Offers, shows: Shows, map: &Keymap) -> Option<Screen> {
    if !screen_over_map(game) {
        return None;
    }
    let here = Context::State(game.state());
    let keys = (map, here);
    let out = match game.state() {
        State::Playing | State::Looking | State::Aiming(_) | State::Confirming(_) => return None,
        State::Title => {
            let mut out = Screen::new(line(format_args!("Amulets")));
            out.say(
                line(format_args!(
                    "Nine floors down, an Amulet on each. Take the ninth to win."
                )),
                palette::TEXT,
            );
            for b in &bindings::TITLE {
                let Some(key) = map.first_key(here, b) else {
                    continue;
                };
                let label = map.label(here, b);
                let text = match b.action() {
                    Some(Verb::Game(Action::NextStyle)) => match game.dice() {
                        Dice::Book => line(format_args!(
                            "{}  dungeons: {}",
                            label,
                            game.style().words()
                        )),
                        dice => line(format_args!(
                            "{}  dungeons: {}, on {}",
                            label,
                            game.style().words(),
                            dice.words()
                        )),
                    },
                    Some(Verb::Palette) => line(format_args!(
                        "{label}  {}: {}",
                        b.words,
                        offers.palette.words()
                    )),
                    Some(Verb::Daily) => match offers.today {
                        Some(day) => line(format_args!("{}  {}, {day}", label, b.words)),
                        None => line(format_args!("{}  {} (no clock here)", label, b.words)),
                    },
                    _ => line(format_args!("{}  {}", label, b.words)),
                };
                let enabled = match b.action() {
                    Some(Verb::Game(Action::Continue)) => offers.saved_run,
                    Some(Verb::Daily) => offers.today.is_some(),
                    _ => true,
                };
                out.choice(key, text, enabled, palette::TEXT);
            }
            out
        }
        State::ChooseClass => {
            let mut out = Screen::new(line(format_args!("Choose a class")));
            for b in &bindings::CHOOSE_CLASS {
                let (Some(key), Some(action)) = (map.first_key(here, b), b.action()) else {
                    continue;
                };
                match action {
                    // The class, then what it has on a line of its own:
                    // both fit a line, where one would be cut.
                    Verb::Game(Action::ChooseClass(class)) => {
                        out.choice(
                            key,
                            line(format_args!("{}  the {}", map.label(here, b), class.name())),
                            true,
                            palette::TEXT,
                        );
                        out.say(
                            line(format_args!("   {}", class.blurb())),
                            palette::DIM_TEXT,
                        );
                    }
                    _ => out.choice(
                        key,
                        line(format_args!("{}  {}", map.label(here, b), b.words)),
                        true,
                        palette::DIM_TEXT,
                    ),
                }
            }
            out
        }
        State::Inventory(mode) => {
            let title = match mode {
                InventoryMode::Browse => line(format_args!(
                    "Inventory: a letter picks an item, Esc closes"
                )),
                InventoryMode::Drop => line(format_args!("Drop which? (a letter, Esc)")),
                InventoryMode::Item(_) => line(format_args!("Inventory: what to do with it?")),
            };
            let mut out = Screen::new(title);
            let p = game.player();
            for (i, slot) in p.pack.iter().enumerate() {
                let Some(item) = slot else { continue };
                let i8 = i as u8;
                let note = if p.weapon == Some(i8) {
                    " (wielded)"
                } else if p.armour == Some(i8) {
                    " (worn)"
                } else if p.bow == Some(i8) {
                    " (ready)"
                } else {
                    ""
                };
                let letter = (b'a' + i8) as char;
                let words = line(format_args!("{letter}) {}{note}", item.name()));
                match mode {
                    InventoryMode::Item(chosen) => {
                        let color = if chosen == i8 {
                            palette::HIGHLIGHT
                        } else {
                            palette::DIM_TEXT
                        };
                        out.say(words, color);
                    }
                    _ => out.choice(Key::Char(letter), words, true, palette::TEXT),
                }
            }
            if out.entries.is_empty() {
                out.say(line(format_args!("Your pack is empty.")), palette::DIM_TEXT);
            }
            if let InventoryMode::Item(_) = mode {
                out.choices(keys, &bindings::PACK_ITEM, |_| true, palette::TEXT);
            }
            out
        }
        State::Menu => {
            let mut out = Screen::new(line(format_args!("Menu")));
            for b in &bindings::MENU {
                let Some(key) = map.first_key(here, b) else {
                    continue;
                };
                let label = map.label(here, b);
                let words = match b.action() {
                    // The colours line names the palette, as the title's.
                    Some(Verb::Palette) => line(format_args!(
                        "{label}  {}: {}",
                        b.words,
                        offers.palette.words()
                    )),
                    _ => line(format_args!("{label}  {}", b.words)),
                };
                out.choice(key, words, true, palette::TEXT);
            }
            out
        }
        State::Help if shows.buttons => button_help(shows.gamepad),
        State::Help => {
            let mut out = Screen::new(line(format_args!("Keys (any key closes)")));
            let switch_view = Some(Verb::Game(Action::Debug(
                amulets_core::input::DebugKey::SwitchView,
            )));
            for (context, b) in
                bindings::help_in().filter(|(_, b)| shows.tiles || b.action() != switch_view)
            {
                out.say(
                    line(format_args!("{:<26} {}", map.label(context, b), b.words)),
                    palette::TEXT,
                );
            }
            out
        }
        State::Dead | State::Won => {
            let dead = game.state() == State::Dead;
            let mut out = Screen::new(if dead {
                line(format_args!("You die..."))
            } else {
                line(format_args!("You have won!"))
            });
            let p = game.player();
            out.say(
                end_words(game),
                if dead { palette::HURT } else { palette::GOLD },
            );
            out.say(
                line(format_args!("Amulets: {} of {LAST_FLOOR}", p.amulets)),
                palette::GOLD,
            );
            out.say(line(format_args!("Gold: {}", p.gold)), palette::GOLD);
            out.say(
                line(format_args!("Floor reached: {}", game.depth())),
                palette::TEXT,
            );
            out.say(line(format_args!("Turns: {}", game.turn())), palette::TEXT);
            out.say(line(format_args!("Kills: {}", p.kills)), palette::TEXT);
            out.say(
                line(format_args!("The {}, seed {}", p.class.name(), game.seed())),
                palette::TEXT,
            );
            out.choices(
                keys,
                &bindings::ENDED,
                |b| offers.record || b.action() != Some(Verb::Record),
                palette::DIM_TEXT,
            );
            out
        }
    };
    Some(out)
}

/// How a run ended, in the end screen's words (the morgue file's too):
/// "Killed by a jackal on floor 3.", or the victory's line. A run not
/// ended is said as one abandoned where it stands.
pub fn end_words(game: &Game) -> Line {
    match game.state() {
        State::Dead => {
            let cause = match game.cause_of_death() {
                Some(Cause::Monster(k)) => with_article(amulets_core::monster::kind(k).name),
                Some(Cause::Poison) => line(format_args!("poison")),
                Some(Cause::Trap(t)) => with_article(t.name()),
                None => line(format_args!("something")),
            };
            line(format_args!("Killed by {cause} on floor {}.", game.depth()))
        }
        State::Won => line(format_args!(
            "You carried the ninth Amulet out of the deep."
        )),
        _ => line(format_args!("Abandoned on floor {}.", game.depth())),
    }
}

#[cfg(test)]
mod tests {
    use crate::session::{Session, Start};
    use crate::store::NoStore;
    use amulets_core::input::Key;
    use amulets_core::text::LINE;

    /// The title's screens, every line whole: a line as long as `LINE`
    /// may have been cut.
    #[test]
    fn no_line_of_the_first_screens_is_cut() {
        let mut s = Session::new(NoStore, (), || 7, Start::default());
        for key in [None, Some(Key::Char('n'))] {
            if let Some(k) = key {
                s.press(k);
                s.release(k);
            }
            let screen = s.screen().expect("a screen is up");
            for l in screen.lines() {
                assert!(l.len() < LINE, "{l:?}");
            }
        }
        let screen = s.screen().unwrap();
        let lines: heapless::Vec<&str, 16> = screen.lines().collect();
        assert!(
            lines
                .iter()
                .any(|l| l.ends_with("a scroll of magic mapping"))
        );
    }
}
