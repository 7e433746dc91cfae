//! Amulets' core as a library, with no shell: the first floor of a seed,
//! what the player sees from the start, and how many steps every cell is
//! from the stairs (a Dijkstra map), printed as text.
//!
//! ```text
//! cargo run -p amulets-core --example dungeon -- 42
//! ```

use amulets_core::cellset::CellSet;
use amulets_core::fov::field_of_view;
use amulets_core::geom::Point;
use amulets_core::map::{MAP_H, MAP_W, Map};
use amulets_core::mapgen::floor::assemble;
use amulets_core::path::dijkstra::{DijkstraMap, UNREACHED};
use amulets_core::path::{STEP, book_cost};
use amulets_core::rng::Rng;

/// How far the player sees, in cells (the book's torch).
const SIGHT: i32 = 9;

fn main() {
    let seed = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(42u32);
    // The run's dice, and its first floor made with them.
    let mut rng = Rng::new(seed);
    let floor = assemble(1, &mut rng);

    // What the player sees from where the floor starts them.
    let mut seen = CellSet::new();
    field_of_view(&floor.map, floor.start, SIGHT, &mut seen);

    // Every cell's steps from the stairs, by the book's costs.
    let mut steps = DijkstraMap::new();
    let goals: Vec<Point> = floor.stairs.into_iter().collect();
    steps.compute(&floor.map, &goals, book_cost);

    println!("seed {seed}, floor 1: @ the start, > the stairs; lit cells are seen from the start");
    print(&floor.map, |p, letter| {
        if p == floor.start {
            '@'
        } else if Some(p) == floor.stairs {
            '>'
        } else if seen.contains(p) && letter == '.' {
            ','
        } else {
            letter
        }
    });
    println!();
    println!("steps to the stairs, the last digit of each (blank: none goes there)");
    // A cost is in hundredths of a step (`STEP`).
    print(&floor.map, |p, _| match steps.at(p) {
        UNREACHED => ' ',
        n => char::from_digit(n / STEP % 10, 10).unwrap_or('?'),
    });
    let from_start = steps.at(floor.start) / STEP;
    println!(
        "\nfrom the start to the stairs: {from_start} steps; {} cells seen",
        seen.len()
    );
}

/// The map row by row, each cell as `show` gives it from its terrain's
/// letter.
fn print(map: &Map, show: impl Fn(Point, char) -> char) {
    for y in 0..MAP_H {
        let row: String = (0..MAP_W)
            .map(|x| {
                let p = Point::new(x, y);
                show(p, map.at(p).letter())
            })
            .collect();
        println!("{}", row.trim_end());
    }
}
