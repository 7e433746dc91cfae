//! Chapter 18's caves over 10,000 seeds: every kept cave is big enough, all
//! of a piece, and has two areas or more; and how many caves were too small
//! and made again (the book says nearly one in four).

use amulets_core::geom::Point;
use amulets_core::map::{MAP_CELLS, MAP_H, MAP_W, Map, Terrain};
use amulets_core::mapgen::caves::{self, AREA_H, AREA_W, MIN_AREA_CELLS, MIN_CAVE_CELLS};
use amulets_core::rng::{Dice, Rng};
use amulets_tests::plain;

const SEEDS: u32 = 10_000;

#[test]
fn every_cave_is_big_whole_and_has_two_areas() {
    let mut tries = 0u32;
    let mut smallest = usize::MAX;
    for seed in 1..=SEEDS {
        let mut map = Map::new();
        let (areas, t) = caves::generate_counting_tries(&mut map, &mut Rng::new(seed));
        tries += t;
        let floor: Vec<usize> = (0..MAP_CELLS)
            .filter(|&i| map.cells()[i] == Terrain::CaveFloor)
            .collect();
        assert_eq!(
            map.count(|t| t != Terrain::Wall && t != Terrain::CaveFloor),
            0
        );
        assert!(
            floor.len() >= MIN_CAVE_CELLS,
            "seed {seed}: {} cells",
            floor.len()
        );
        smallest = smallest.min(floor.len());

        let reached = plain::reachable(Map::point_of(floor[0]), |p| map.is_walkable(p));
        assert!(
            floor.iter().all(|&i| reached[i]),
            "seed {seed}: the cave is in pieces"
        );

        assert!(areas.len() >= 2, "seed {seed}");
        for a in &areas {
            assert_eq!(
                (a.x % AREA_W, a.y % AREA_H, a.w, a.h),
                (0, 0, AREA_W, AREA_H)
            );
            let cells = (a.y..a.y + a.h)
                .flat_map(|y| (a.x..a.x + a.w).map(move |x| Point::new(x, y)))
                .filter(|&p| map.is_walkable(p))
                .count();
            assert!(cells >= MIN_AREA_CELLS, "seed {seed}: {a:?}");
        }
        for x in 0..MAP_W {
            assert_eq!(map.at(Point::new(x, 0)), Terrain::Wall);
            assert_eq!(map.at(Point::new(x, MAP_H - 1)), Terrain::Wall);
        }
    }
    let rejected = tries - SEEDS;
    println!(
        "caves: {SEEDS} floors took {tries} tries: {rejected} rejected, {:.1} % of all caves made; smallest kept {smallest} cells",
        100.0 * f64::from(rejected) / f64::from(tries)
    );
    // The book: "nearly one cave in four is too small". Ours must be in the
    // same neighbourhood, or the rule or the fill is wrong.
    let percent = 100 * rejected / tries;
    assert!((10..=35).contains(&percent), "{percent} % rejected");
}

/// Seed 42's cave floor on xorshift's dice, as a picture somebody looked
/// at: one cave of chambers joined by throats, no pocket cut off, the edge
/// all rock, 1,173 cells in 12 areas. (The book's dice make the book's
/// cave of 684 cells: `book.rs`.)
#[test]
fn seed_42_cave_looks_as_it_did() {
    let mut map = Map::new();
    let areas = caves::generate(&mut map, &mut Rng::of(Dice::Xorshift, 42));
    let picture = amulets_tests::stories::picture(&map);
    let printed = picture.join("\n");
    println!(
        "seed 42 cave, {} areas, {} cells:\n{printed}",
        areas.len(),
        map.count(|t| t == Terrain::CaveFloor)
    );
    assert_eq!(picture, SEED_42, "seed 42's cave changed:\n{printed}");
}

const SEED_42: &[&str] = &[
    "################################################################",
    "####::###::#####################################################",
    "###:::::::::::::::::####:::######::::::##########:::############",
    "###::::::::::::::::::###::::####::::::::########::::############",
    "###::::::::::::::::::###:::::##::::::::::######:::::############",
    "###::::::::::::::::::###::::::::::::#::::######:::::############",
    "####:::###:::::::::::##::::::::::::###::::#####::::#############",
    "##########::::::::::###::::::::::::::::::::####::::#############",
    "############:::::::####::::::::::::::::::::####::::#############",
    "##############:::::####::::::::::::::::::::###::::::##:::::::###",
    "##############::::::##:::::::::::::::::######::::::::::::::::###",
    "#############:::::::::::::::::::::::::#######::::::::::::::::###",
    "#############::::::::::::::::::::::::#######:::::::::::::::#####",
    "##############::::::::::::::::::::::#######:::::::::::::::######",
    "##############::::::#::::::::::::::#######:::::::::::#::::######",
    "##############::######::::::::::::#######:::::::::::###::::#####",
    "###::########::######::::::::::::########:::::::::::####::::####",
    "##::::#####::::####::::::::::::::#########::::::::::####::::####",
    "##:::::##::::::####:::::::::::::::#######:::::##::::####:::#####",
    "###:::::::::::::###::::::::::::::::::::::::::####::::##:::######",
    "###:::::::::::::####::::::::::::::::::::::::#####:::::::::######",
    "###:::::::::::::#####::::::::::::::::::::::#####::::::::::######",
    "##::::::::::::::#####:::::::::::::::::::::######::::::::::######",
    "###::::::::::::######:::::::::::::::::::::######:::::::::#######",
    "#####::::::::::###:::::::::::::::::::::::#######::::::::########",
    "#####:::::::::###:::::::::::::::::::::::########::::::::########",
    "####::::::::::##::::::::::::::::::::::::########::::::::########",
    "###:::::::::::#########:::::::::::::::::########::::::::########",
    "###::::::::::::#########::::::::::::::::#########::::::::#######",
    "###::::::::::::#########::::::::::::::::##########::::::::::####",
    "###::::::::::::#########::::::::::::::::###########::::::::::###",
    "###:::::::::::#########::::::::::::::::############:::::::::####",
    "###::::::::::##############::::::::#################::::::######",
    "####::::::##########################################::::########",
    "#######::#######################################################",
    "################################################################",
];
