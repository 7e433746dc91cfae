use amulets_core::geom::Dir;
use amulets_core::map::{MAP_CELLS, Map};
use amulets_core::path::{book_cost, dijkstra::DijkstraMap};
fn main() {
    for (name, depth) in [("rooms", 1), ("caves", 4)] {
        let cases = amulets_benches::floors(50, depth);
        let mut tot = 0;
        let mut reached_tot = 0;
        let mut mx = 0;
        for case in &cases {
            let mut d = DijkstraMap::new();
            d.compute(&case.map, &[case.from], book_cost);
            let goal = Map::index(case.to);
            let mut mark = vec![false; MAP_CELLS];
            let mut stack = vec![goal];
            mark[goal] = true;
            while let Some(c) = stack.pop() {
                let p = Map::point_of(c);
                let dc = d.at(p);
                let step = book_cost(case.map.at(p)).unwrap_or(0);
                for dir in Dir::ALL {
                    let q = p.step(dir);
                    if !Map::in_bounds(q) {
                        continue;
                    }
                    let dq = d.at(q);
                    if dq == u32::MAX {
                        continue;
                    }
                    let s = step + u32::from(dir.is_diagonal());
                    if dq + s == dc && !mark[Map::index(q)] {
                        mark[Map::index(q)] = true;
                        stack.push(Map::index(q));
                    }
                }
            }
            let n = mark.iter().filter(|&&m| m).count();
            let r = (0..MAP_CELLS)
                .filter(|&i| d.at(Map::point_of(i)) <= d.at(case.to))
                .count();
            tot += n;
            reached_tot += r;
            mx = mx.max(n);
        }
        println!(
            "{name}: corridor avg {} max {} ; cells with d<=d(goal) avg {}",
            tot / 50,
            mx,
            reached_tot / 50
        );
    }
    for (name, (map, from, to)) in [
        ("serp", amulets_tests::maps::serpentine()),
        ("open", amulets_tests::maps::open()),
        ("pillars", amulets_tests::maps::pillars()),
    ] {
        let mut d = DijkstraMap::new();
        d.compute(&map, &[from], book_cost);
        let r = (0..MAP_CELLS)
            .filter(|&i| d.at(Map::point_of(i)) <= d.at(to))
            .count();
        println!("{name}: cells d<=d(goal) {r}, from {from:?} to {to:?}");
    }
}
