//! `amulets-gen`: prints a dungeon as text, one row of the map a line,
//! then a line for each room or area. The output is stable; docs/gen.md
//! describes it.
//!
//! - `amulets-gen rooms|caves --seed N`: the bare map as the generator leaves it
//!   (`#` rock, `.` floor, `:` cave floor), then the rooms or areas.
//! - `amulets-gen gh --seed N [-w W] [-h H]`: gh-dungeons' map of W x H (40 x 20 to
//!   64 x 36, the default), with its exit `>`, then the rooms, the start
//!   and the exit.
//! - `amulets-gen grid --seed N [-w W] [-h H] [-v]`: rrpg's grid (any size up to
//!   64 x 64): the room values one per line, as rrpg lists them, or with
//!   `-v` its picture, byte for byte.
//!
//! A seed chosen at random is said on stderr, so stdout is only the map.
//! - `amulets-gen --seed N --floor D [--reveal]`: floor D of a run, put together:
//!   doors `+`, secret doors drawn as rock `#` unless `--reveal` shows them
//!   as `S`, the stairs `>`, and the start `@`.

use amulets_core::geom::{Point, Rect};
use amulets_core::map::{MAP_H, MAP_W, Map, Terrain};
use amulets_core::mapgen::{caves, floor, gh_bsp, grid, rooms};
use amulets_core::rng::{Dice, Rng};
use amulets_core::rules;
use amulets_desktop::args::DiceArg;
use amulets_desktop::seed;
use clap::{ArgAction, Args, ValueEnum};
use std::fmt::Write as _;

/// The generators it can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Kind {
    /// The book's chapter 2 BSP rooms and corridors
    Rooms,
    /// The book's chapter 18 cellular-automaton caves
    Caves,
    /// gh-dungeons' BSP
    Gh,
    /// rrpg's grid of 3 x 3 rooms
    Grid,
}

#[derive(Args, Debug)]
#[command(disable_help_flag = true)]
pub struct GenArgs {
    /// Which generator (with --floor it may be left out)
    pub kind: Option<Kind>,
    /// The seed, a whole number; 0 or none chooses one at random
    #[arg(long, value_name = "N")]
    pub seed: Option<u32>,
    /// Print floor D (1 to 9) of a run with this seed, put together
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(i32).range(1..=rules::LAST_FLOOR as i64))]
    pub floor: Option<i32>,
    /// With --floor: show secret doors as S instead of rock
    #[arg(long)]
    pub reveal: bool,
    /// Whose dice: the book's (its seeds make its dungeons) or xorshift's
    #[arg(long, value_enum, default_value = "book")]
    pub dice: DiceArg,
    /// Grid: how many rooms across (1 to 64); gh: the map's width (40 to 200)
    #[arg(short = 'w', value_name = "W")]
    pub width: Option<usize>,
    /// Grid: how many rooms down (1 to 64); gh: the map's height (20 to 100)
    #[arg(short = 'h', value_name = "H")]
    pub height: Option<usize>,
    /// Grid: draw rrpg's picture instead of listing the room values
    #[arg(short = 'v')]
    pub visual: bool,
    /// Print help
    #[arg(long, action = ArgAction::Help)]
    pub help: Option<bool>,
}

/// What it prints: the text for stdout, and the seed when it was chosen
/// at random (for stderr).
pub struct Printed {
    pub text: String,
    pub chosen_seed: Option<u32>,
}

/// What `gen` prints, or what was wrong with its arguments.
pub fn run(args: &GenArgs) -> Result<Printed, String> {
    let given = args.seed.filter(|&s| s != 0);
    let seed = given.unwrap_or_else(seed::from_os);
    let text = print(args, seed)?;
    Ok(Printed {
        text,
        chosen_seed: given.is_none().then_some(seed),
    })
}

/// The text `gen` prints for a seed.
#[expect(
    clippy::too_many_lines,
    reason = "the printout's parts in the order they are printed"
)]
fn print(args: &GenArgs, seed: u32) -> Result<String, String> {
    let sized = args.width.is_some() || args.height.is_some();
    if sized && !matches!(args.kind, Some(Kind::Grid | Kind::Gh)) {
        return Err("-w and -h go with `grid` and `gh`".into());
    }
    if args.visual && args.kind != Some(Kind::Grid) {
        return Err("-v goes with `grid`".into());
    }
    if args.reveal && args.floor.is_none() {
        return Err("--reveal goes with --floor".into());
    }
    if let Some(depth) = args.floor {
        let kind = match rules::kind_of(depth) {
            rules::FloorKind::Rooms => Kind::Rooms,
            rules::FloorKind::Cave => Kind::Caves,
        };
        if args.kind.is_some_and(|k| k != kind) {
            return Err(format!(
                "floor {depth} is {}; leave out the kind, or name that one",
                if kind == Kind::Caves {
                    "a cave"
                } else {
                    "rooms"
                }
            ));
        }
        return Ok(print_floor(seed, args.dice.dice(), depth, args.reveal));
    }
    let Some(kind) = args.kind else {
        return Err("name a generator (rooms, caves, gh, grid) or give --floor D".into());
    };
    let mut rng = Rng::of(args.dice.dice(), seed);
    let mut map = Map::new();
    let mut out = String::new();
    match kind {
        Kind::Rooms => {
            let rooms = rooms::generate(&mut map, &mut rng);
            write_map(&mut out, &map, |p| map.at(p).letter());
            write_areas(&mut out, "rooms", seed, &map, &rooms);
        }
        Kind::Gh => {
            let w = args
                .width
                .map_or(MAP_W, |w| i32::try_from(w).unwrap_or(i32::MAX));
            let h = args
                .height
                .map_or(MAP_H, |h| i32::try_from(h).unwrap_or(i32::MAX));
            let mut canvas = Canvas::new(w.clamp(0, CANVAS_MOST.0), h.clamp(0, CANVAS_MOST.1));
            let d = gh_bsp::dungeon(&mut canvas, w, h, &mut rng).map_err(|e| e.to_string())?;
            for y in 0..h {
                let row: String = (0..w)
                    .map(|x| canvas.at(Point::new(x, y)).letter())
                    .collect();
                out.push_str(&row);
                out.push('\n');
            }
            write_areas_by(
                &mut out,
                "rooms",
                seed,
                |p| canvas.at(p).is_walkable(),
                &d.rooms,
            );
            writeln!(
                out,
                "start ({}, {}), exit ({}, {})",
                d.start.x, d.start.y, d.exit.x, d.exit.y
            )
            .ok();
        }
        Kind::Caves => {
            let (areas, tries) = caves::generate_counting_tries(&mut map, &mut rng);
            write_map(&mut out, &map, |p| map.at(p).letter());
            writeln!(
                out,
                "cave of {} cells, made in {tries} tries",
                map.count(|t| t.is_walkable())
            )
            .ok();
            write_areas(&mut out, "areas", seed, &map, &areas);
        }
        Kind::Grid => {
            let w = args.width.unwrap_or(grid::DEFAULT_W);
            let h = args.height.unwrap_or(grid::DEFAULT_H);
            let g = grid::generate(w, h, &mut rng).map_err(|e| e.to_string())?;
            if args.visual {
                g.write_picture(&mut out)
                    .expect("writing to a String cannot fail");
            } else {
                for v in &g.cells {
                    writeln!(out, "{v}").ok();
                }
            }
        }
    }
    Ok(out)
}

/// The map, one row a line, each cell as `letter` draws it.
fn write_map(out: &mut String, _map: &Map, letter: impl Fn(Point) -> char) {
    for y in 0..MAP_H {
        let row: String = (0..MAP_W).map(|x| letter(Point::new(x, y))).collect();
        out.push_str(&row);
        out.push('\n');
    }
}

/// A line naming the seed and the count, then a line for each room or area:
/// its number from 1, its left, top, width and height, and its walkable
/// cells.
fn write_areas(out: &mut String, what: &str, seed: u32, map: &Map, areas: &[Rect]) {
    write_areas_by(out, what, seed, |p| map.is_walkable(p), areas);
}

/// The areas' list, with each one's walkable cells.
fn write_areas_by(
    out: &mut String,
    what: &str,
    seed: u32,
    walkable: impl Fn(Point) -> bool,
    areas: &[Rect],
) {
    writeln!(out, "seed {seed}: {} {what}", areas.len()).ok();
    for (i, a) in areas.iter().enumerate() {
        let cells = (a.y..a.y + a.h)
            .flat_map(|y| (a.x..a.x + a.w).map(move |x| Point::new(x, y)))
            .filter(|&p| walkable(p))
            .count();
        writeln!(
            out,
            "{:2}: x {:2} y {:2} w {:2} h {:2}, {cells} cells",
            i + 1,
            a.x,
            a.y,
            a.w,
            a.h
        )
        .ok();
    }
}

/// The most a gh-dungeons map drawn here may be, across and down: bigger
/// than the game's 64 x 36 (the Go program tests at 80 x 27), the printout
/// still a screenful or two.
pub const CANVAS_MOST: (i32, i32) = (200, 100);

/// A gh-dungeons map of any size up to `CANVAS_MOST`, for the command line
/// only: the game's floors stay 64 x 36.
struct Canvas {
    w: i32,
    h: i32,
    cells: Vec<Terrain>,
}

impl Canvas {
    fn new(w: i32, h: i32) -> Canvas {
        let len = usize::try_from(w * h).unwrap_or(0);
        Canvas {
            w,
            h,
            cells: vec![Terrain::Wall; len],
        }
    }

    fn index(&self, p: Point) -> Option<usize> {
        let inside = (0..self.w).contains(&p.x) && (0..self.h).contains(&p.y);
        inside.then(|| usize::try_from(p.y * self.w + p.x).unwrap_or(0))
    }

    fn at(&self, p: Point) -> Terrain {
        self.index(p).map_or(Terrain::Wall, |i| self.cells[i])
    }
}

impl gh_bsp::Canvas for Canvas {
    fn most(&self) -> (i32, i32) {
        CANVAS_MOST
    }
    fn fill_rock(&mut self) {
        self.cells.fill(Terrain::Wall);
    }
    fn set(&mut self, p: Point, t: Terrain) {
        if let Some(i) = self.index(p) {
            self.cells[i] = t;
        }
    }
}

/// Floor `depth` of the run with `seed`: floors 1 to `depth` are put
/// together in turn with the run's dice, and the last is printed.
fn print_floor(seed: u32, dice: Dice, depth: i32, reveal: bool) -> String {
    let mut rng = Rng::of(dice, seed);
    let mut f = floor::assemble(1, &mut rng);
    for d in 2..=depth {
        f = floor::assemble(d, &mut rng);
    }
    let mut out = String::new();
    write_map(&mut out, &f.map, |p| {
        if p == f.start {
            return '@';
        }
        match f.map.at(p) {
            Terrain::SecretDoor if !reveal => Terrain::Wall.letter(),
            t => t.letter(),
        }
    });
    let kind = match f.kind {
        rules::FloorKind::Rooms => "rooms",
        rules::FloorKind::Cave => "a cave",
    };
    let doors = f.map.count(|t| t == Terrain::ClosedDoor);
    let secret = f.map.count(|t| t == Terrain::SecretDoor);
    let stairs = f.stairs.map_or("none (the last floor)".to_string(), |p| {
        format!("({}, {})", p.x, p.y)
    });
    writeln!(
        out,
        "seed {seed}, floor {depth}: {kind}; start ({}, {}); stairs {stairs}; {doors} doors, {secret} secret",
        f.start.x, f.start.y
    )
    .ok();
    let what = if f.kind == rules::FloorKind::Rooms {
        "rooms"
    } else {
        "areas"
    };
    write_areas(&mut out, what, seed, &f.map, &f.areas);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(kind: Option<Kind>) -> GenArgs {
        GenArgs {
            kind,
            seed: Some(42),
            floor: None,
            reveal: false,
            dice: DiceArg::Book,
            width: None,
            height: None,
            visual: false,
            help: None,
        }
    }

    #[test]
    fn a_bare_map_is_36_rows_then_its_rooms() {
        let text = run(&args(Some(Kind::Rooms))).unwrap().text;
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            lines[..36]
                .iter()
                .all(|l| l.len() == 64 && l.chars().all(|c| "#.".contains(c)))
        );
        let mut map = Map::new();
        let rooms = rooms::generate(&mut map, &mut Rng::new(42));
        assert_eq!(lines[36], format!("seed 42: {} rooms", rooms.len()));
        assert_eq!(lines.len(), 37 + rooms.len());
    }

    #[test]
    fn secret_doors_hide_unless_revealed() {
        let mut a = args(None);
        a.floor = Some(1);
        let hidden = run(&a).unwrap().text;
        a.reveal = true;
        let shown = run(&a).unwrap().text;
        let f = floor::assemble(1, &mut Rng::new(42));
        let secret = f.map.count(|t| t == Terrain::SecretDoor);
        assert!(
            secret > 0,
            "seed 42's first floor has a secret door to test with"
        );
        assert_eq!(
            shown.matches('S').count() - hidden.matches('S').count(),
            secret
        );
        assert_eq!(shown.matches('@').count(), 1);
        assert_eq!(shown.matches('>').count(), 1);
    }

    #[test]
    fn mismatched_arguments_are_refused() {
        let mut a = args(Some(Kind::Rooms));
        a.visual = true;
        assert!(run(&a).is_err());
        let mut a = args(Some(Kind::Rooms));
        a.floor = Some(4);
        assert!(run(&a).err().unwrap().contains("a cave"));
        let mut a = args(None);
        a.reveal = true;
        assert!(run(&a).is_err());
        assert!(run(&args(None)).is_err());
        let mut a = args(Some(Kind::Grid));
        a.width = Some(65);
        assert!(run(&a).err().unwrap().contains("cannot be made"));
        let mut a = args(Some(Kind::Gh));
        a.height = Some(19);
        assert!(run(&a).err().unwrap().contains("no gh-dungeons map"));
        let mut a = args(Some(Kind::Gh));
        a.visual = true;
        assert!(run(&a).is_err());
    }

    #[test]
    fn gh_prints_its_size_its_rooms_its_start_and_exit() {
        let mut a = args(Some(Kind::Gh));
        a.width = Some(40);
        a.height = Some(20);
        let text = run(&a).unwrap().text;
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[..20].iter().all(|l| l.len() == 40), "{text}");
        assert_eq!(
            lines[..20]
                .iter()
                .map(|l| l.matches('>').count())
                .sum::<usize>(),
            1
        );
        let mut map = Map::new();
        let d = gh_bsp::dungeon(&mut map, 40, 20, &mut Rng::new(42)).unwrap();
        assert_eq!(lines[20], format!("seed 42: {} rooms", d.rooms.len()));
        assert_eq!(
            *lines.last().unwrap(),
            format!(
                "start ({}, {}), exit ({}, {})",
                d.start.x, d.start.y, d.exit.x, d.exit.y
            )
        );
        assert_eq!(lines[d.exit.y as usize].as_bytes()[d.exit.x as usize], b'>');
    }

    #[test]
    fn rrpg_s_own_example_is_made_and_drawn_byte_for_byte() {
        // `./generator -h 20 -w 15`, from rrpg's README.
        let mut a = args(Some(Kind::Grid));
        a.width = Some(15);
        a.height = Some(20);
        assert_eq!(run(&a).unwrap().text.lines().count(), 15 * 20);
        a.visual = true;
        let picture = run(&a).unwrap().text;
        assert_eq!(picture.lines().count(), 3 * 20);
        assert!(
            picture.lines().all(|l| l.len() == 3 * 15),
            "every cell is 3 characters"
        );
        let g = grid::generate(15, 20, &mut Rng::new(42)).unwrap();
        for (i, l) in picture.lines().enumerate() {
            let (y, part) = (i / 3, i % 3);
            for x in 0..15 {
                let v = g.at(x, y);
                let cell = &l[3 * x..3 * x + 3];
                if v == 0 {
                    assert_eq!(cell, "   ");
                } else {
                    let door = |bit: u8| if v & bit != 0 { ' ' } else { '#' };
                    let want: String = match part {
                        0 => ['#', door(grid::NORTH), '#'].into_iter().collect(),
                        1 => [
                            door(grid::WEST),
                            if v & grid::ENTRANCE != 0 { 'E' } else { ' ' },
                            door(grid::EAST),
                        ]
                        .into_iter()
                        .collect(),
                        _ => ['#', door(grid::SOUTH), '#'].into_iter().collect(),
                    };
                    assert_eq!(cell, want, "cell {x},{y} row {part}");
                }
            }
        }
    }

    #[test]
    fn a_seed_chosen_at_random_is_said_apart() {
        let mut a = args(Some(Kind::Grid));
        a.seed = None;
        let printed = run(&a).unwrap();
        let seed = printed.chosen_seed.expect("a seed was chosen");
        a.seed = Some(seed);
        assert_eq!(
            run(&a).unwrap().text,
            printed.text,
            "the same seed, the same grid"
        );
        assert_eq!(run(&a).unwrap().chosen_seed, None);
    }

    #[test]
    fn the_grid_lists_values_or_draws_its_picture() {
        let mut a = args(Some(Kind::Grid));
        a.width = Some(4);
        a.height = Some(3);
        let list = run(&a).unwrap().text;
        assert_eq!(list.lines().count(), 12);
        assert!(list.lines().all(|l| l.parse::<u8>().is_ok()));
        a.visual = true;
        let picture = run(&a).unwrap().text;
        assert_eq!(picture.lines().count(), 9);
        assert_eq!(picture.matches('E').count(), 1);
    }
}
