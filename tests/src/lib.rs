//! Shared pieces of the integration tests: plain reference versions of the
//! core's algorithms, written from the book and the specs with `std`, so the
//! tests compare two independent implementations.

/// A file of the repository as text, for the tests that hold a page to
/// the code (not under WASI, which has no way to the repository).
#[cfg(not(target_os = "wasi"))]
pub fn repository_text(path: &str) -> String {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(path);
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

/// A portable FNV-1a 64, written from its definition, to check the golden
/// files without the core's own hash.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100_0000_01b3);
    }
    h
}

pub mod book {
    //! The book's chapter 2, as it reads, recursion and all: a grid of bytes
    //! (0 rock, 1 floor, the terrain discriminants) instead of the core's
    //! `Map`, so nothing is shared with the core but the dice.
    use amulets_core::geom::{Point, Rect};
    use amulets_core::map::{MAP_H, MAP_W};
    use amulets_core::rng::Rng;

    /// What the book's generator made.
    pub struct Dungeon {
        pub cells: Vec<u8>,
        pub rooms: Vec<Rect>,
        pub corridors: usize,
        /// Every cut in the order made: the piece, across or not, and the
        /// two halves.
        pub cuts: Vec<Cut>,
    }

    /// One cut of a piece in two.
    #[derive(Clone, Copy, Debug)]
    pub struct Cut {
        pub piece: Rect,
        pub across: bool,
        pub first: Rect,
        pub second: Rect,
    }

    fn carve(d: &mut Dungeon, r: Rect) {
        for y in r.y..r.y + r.h {
            for x in r.x..r.x + r.w {
                if (0..MAP_W).contains(&x) && (0..MAP_H).contains(&y) {
                    d.cells[(y * MAP_W + x) as usize] = 1;
                }
            }
        }
    }

    fn add_room(d: &mut Dungeon, area: Rect, rng: &mut Rng) -> Rect {
        let max_w = area.w - 2;
        let max_h = area.h - 2;
        let w = rng.roll(4, max_w);
        let h = rng.roll(4, max_h);
        let x = area.x + 1 + rng.roll(0, max_w - w);
        let y = area.y + 1 + rng.roll(0, max_h - h);
        let room = Rect::new(x, y, w, h);
        carve(d, room);
        room
    }

    fn carve_line(d: &mut Dungeon, a: Point, b: Point) {
        let r = Rect::new(
            a.x.min(b.x),
            a.y.min(b.y),
            (a.x - b.x).abs() + 1,
            (a.y - b.y).abs() + 1,
        );
        carve(d, r);
    }

    fn carve_corridor(d: &mut Dungeon, from: Point, to: Point, rng: &mut Rng) {
        let mut corner = Point::new(to.x, from.y);
        if rng.roll(0, 1) == 1 {
            corner = Point::new(from.x, to.y);
        }
        carve_line(d, from, corner);
        carve_line(d, corner, to);
        d.corridors += 1;
    }

    fn split(d: &mut Dungeon, area: Rect, cuts_left: i32, rng: &mut Rng) -> Point {
        let can_cut_across = area.w >= 24;
        let can_cut_down = area.h >= 18;
        if cuts_left == 0 || (!can_cut_across && !can_cut_down) {
            let room = add_room(d, area, rng);
            d.rooms.push(room);
            return Point::new(room.x + room.w / 2, room.y + room.h / 2);
        }
        let across = can_cut_across && (!can_cut_down || area.w >= area.h);
        let mut first = area;
        let mut second = area;
        if across {
            let cut = rng.roll(12, area.w - 12);
            first.w = cut;
            second.x = area.x + cut;
            second.w = area.w - cut;
        } else {
            let cut = rng.roll(9, area.h - 9);
            first.h = cut;
            second.y = area.y + cut;
            second.h = area.h - cut;
        }
        d.cuts.push(Cut {
            piece: area,
            across,
            first,
            second,
        });
        let a = split(d, first, cuts_left - 1, rng);
        let b = split(d, second, cuts_left - 1, rng);
        carve_corridor(d, a, b, rng);
        if rng.roll(0, 1) == 0 { a } else { b }
    }

    pub fn generate(rng: &mut Rng) -> Dungeon {
        let mut d = Dungeon {
            cells: vec![0; (MAP_W * MAP_H) as usize],
            rooms: Vec::new(),
            corridors: 0,
            cuts: Vec::new(),
        };
        split(&mut d, Rect::new(1, 1, MAP_W - 2, MAP_H - 2), 4, rng);
        d
    }
}

pub mod plain {
    //! Plain `std` versions of the searches the core does with fixed
    //! buffers: a breadth-first flood fill and a Dijkstra with a standard
    //! binary heap, for the tests to check the core against.
    use amulets_core::geom::Point;
    use amulets_core::map::{MAP_CELLS, MAP_H, MAP_W, Map, Terrain};
    use std::cmp::Reverse;
    use std::collections::{BinaryHeap, VecDeque};

    const STEPS: [(i32, i32); 8] = [
        (0, -1),
        (1, 0),
        (0, 1),
        (-1, 0),
        (1, -1),
        (1, 1),
        (-1, 1),
        (-1, -1),
    ];

    fn on_map(p: Point) -> bool {
        (0..MAP_W).contains(&p.x) && (0..MAP_H).contains(&p.y)
    }

    /// The cells reachable from `start` by 8-way steps onto cells `can_enter`
    /// allows.
    pub fn reachable(start: Point, can_enter: impl Fn(Point) -> bool) -> Vec<bool> {
        let mut seen = vec![false; MAP_CELLS];
        let mut queue = VecDeque::from([start]);
        seen[(start.y * MAP_W + start.x) as usize] = true;
        while let Some(p) = queue.pop_front() {
            for (dx, dy) in STEPS {
                let q = Point::new(p.x + dx, p.y + dy);
                let i = (q.y * MAP_W + q.x) as usize;
                if on_map(q) && !seen[i] && can_enter(q) {
                    seen[i] = true;
                    queue.push_back(q);
                }
            }
        }
        seen
    }

    /// Every cell's cost from `start`: 100 a step onto ground, 200 onto a
    /// door (closed or secret), diagonal or not; `None` where unreached.
    pub fn costs_built(map: &Map, start: Point) -> Vec<Option<u32>> {
        costs(map, &[start], true)
    }

    /// Every cell's cost from the nearest goal by the book's rule for its
    /// Dijkstra maps, in whole steps of 100: 100 a step onto ground, 200
    /// onto a closed door (and a secret one too when `secret_doors_open`),
    /// a diagonal step as a straight one; `None` where unreached.
    pub fn costs(map: &Map, goals: &[Point], secret_doors_open: bool) -> Vec<Option<u32>> {
        let step = |t: Terrain| match t {
            Terrain::ClosedDoor => Some(200),
            Terrain::SecretDoor if secret_doors_open => Some(200),
            t if t.is_walkable() => Some(100),
            _ => None,
        };
        let mut cost: Vec<Option<u32>> = vec![None; MAP_CELLS];
        let mut heap = BinaryHeap::new();
        for &g in goals {
            cost[(g.y * MAP_W + g.x) as usize] = Some(0);
            heap.push(Reverse((0u32, g.x, g.y)));
        }
        while let Some(Reverse((c, x, y))) = heap.pop() {
            if cost[(y * MAP_W + x) as usize] != Some(c) {
                continue;
            }
            for (dx, dy) in STEPS {
                let q = Point::new(x + dx, y + dy);
                if !on_map(q) {
                    continue;
                }
                let Some(s) = step(map.at(q)) else { continue };
                let n = c + s;
                let i = (q.y * MAP_W + q.x) as usize;
                if cost[i].is_none_or(|old| n < old) {
                    cost[i] = Some(n);
                    heap.push(Reverse((n, q.x, q.y)));
                }
            }
        }
        cost
    }
}

pub mod book_astar {
    //! The book's `AStar::findPath`, as it reads: a `std` priority queue of
    //! (guess, crow's distance, index) tuples, smallest first, stale entries
    //! skipped, `cameFrom` followed back from the goal and turned around.
    //! The directions in the core's order (the book's `DIRECTIONS` is not
    //! in the chapters we have): straight steps first, then diagonals.
    use amulets_core::geom::Point;
    use amulets_core::map::{MAP_W, Map, Terrain};
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    const STEP: i32 = 100;
    const DIAGONAL_EXTRA: i32 = 1;
    const DOOR_STEPS: i32 = 2;
    const UNREACHED: i32 = i32::MAX;
    const DIRECTIONS: [(i32, i32); 8] = [
        (0, -1),
        (1, 0),
        (0, 1),
        (-1, 0),
        (1, -1),
        (1, 1),
        (-1, 1),
        (-1, -1),
    ];

    fn crow_flies(a: Point, b: Point) -> i32 {
        let (dx, dy) = (a.x - b.x, a.y - b.y);
        dx * dx + dy * dy
    }

    fn index_of(p: Point) -> i32 {
        p.y * MAP_W + p.x
    }

    /// The way and its cost, or an empty way.
    pub fn find_path(map: &Map, from: Point, to: Point) -> (Vec<Point>, i32) {
        let found = search(map, from, to, Search::BOOK);
        (found.path, found.cost)
    }

    /// How a search is run: the book's A*, or one of its experiments.
    #[derive(Clone, Copy, Debug)]
    pub struct Search {
        /// Whether the queue is ordered by the cost so far plus the guess
        /// (A*), or by the cost so far alone (Dijkstra's algorithm,
        /// stopping at the goal, with the same costs and the same ties).
        pub guess: bool,
        /// What a diagonal step costs over a straight one.
        pub diagonal_extra: i32,
    }

    impl Search {
        /// The book's A*.
        pub const BOOK: Search = Search {
            guess: true,
            diagonal_extra: DIAGONAL_EXTRA,
        };
        /// Dijkstra's algorithm stopping at the goal: a guess of zero.
        pub const DIJKSTRA: Search = Search {
            guess: false,
            diagonal_extra: DIAGONAL_EXTRA,
        };
    }

    /// What a search found, and how many cells the queue handed back.
    #[derive(Clone, Debug)]
    pub struct Found {
        /// The way, without the start.
        pub path: Vec<Point>,
        /// Its cost, in hundredths of a step.
        pub cost: i32,
        /// The cells the queue handed back and the search looked on from:
        /// stale entries, skipped, are not counted, nor is the goal, where
        /// the search stops.
        pub handed_back: usize,
    }

    /// The book's `findPath` with the search's guess and diagonal cost.
    pub fn search(map: &Map, from: Point, to: Point, how: Search) -> Found {
        let mut found = Found {
            path: Vec::new(),
            cost: 0,
            handed_back: 0,
        };
        if from == to || !map.is_passable(to) {
            return found;
        }
        let guess_of = |p: Point| {
            if !how.guess {
                return 0;
            }
            let across = (p.x - to.x).abs();
            let down = (p.y - to.y).abs();
            across.max(down) * STEP + across.min(down) * how.diagonal_extra
        };
        let n = map.cells().len();
        let mut cost = vec![UNREACHED; n];
        let mut came_from = vec![-1i32; n];
        let mut open = BinaryHeap::new();
        cost[index_of(from) as usize] = 0;
        open.push(Reverse((
            guess_of(from),
            crow_flies(from, to),
            index_of(from),
        )));
        while let Some(Reverse((guess, _crow, index))) = open.pop() {
            let cell = Point::new(index % MAP_W, index / MAP_W);
            if guess > cost[index as usize] + guess_of(cell) {
                continue;
            }
            if cell == to {
                break;
            }
            found.handed_back += 1;
            for (dx, dy) in DIRECTIONS {
                let next = Point::new(cell.x + dx, cell.y + dy);
                let mut step_cost = STEP;
                if map.at(next) == Terrain::ClosedDoor {
                    step_cost = DOOR_STEPS * STEP;
                } else if !map.is_walkable(next) {
                    continue;
                }
                if dx != 0 && dy != 0 {
                    step_cost += how.diagonal_extra;
                }
                let next_cost = cost[index as usize] + step_cost;
                let next_index = index_of(next);
                if next_cost < cost[next_index as usize] {
                    cost[next_index as usize] = next_cost;
                    came_from[next_index as usize] = index;
                    open.push(Reverse((
                        next_cost + guess_of(next),
                        crow_flies(next, to),
                        next_index,
                    )));
                }
            }
        }
        let total = cost[index_of(to) as usize];
        if total == UNREACHED {
            return found;
        }
        let mut index = index_of(to);
        while index != index_of(from) {
            found.path.push(Point::new(index % MAP_W, index / MAP_W));
            index = came_from[index as usize];
        }
        found.path.reverse();
        found.cost = total;
        found
    }
}

/// gh-dungeons' `GenerateDungeon` and `PlaceDoor` as its Go program writes
/// them, recursive and on a boxed tree (the core walks a fixed array with
/// stacks), rolled with our dice in the program's order: the reference
/// the core's `mapgen::gh_bsp` is checked against.
pub mod plain_gh {
    use amulets_core::geom::{Point, Rect};
    use amulets_core::rng::Rng;

    const MIN: i32 = 6;
    const MAX: i32 = 15;

    struct Node {
        x: i32,
        y: i32,
        w: i32,
        h: i32,
        left: Option<Box<Node>>,
        right: Option<Box<Node>>,
        room: Option<Rect>,
    }

    fn node(x: i32, y: i32, w: i32, h: i32) -> Node {
        Node {
            x,
            y,
            w,
            h,
            left: None,
            right: None,
            room: None,
        }
    }

    /// `BSPNode.Split`.
    fn split(n: &mut Node, rng: &mut Rng, depth: i32) {
        if depth <= 0 {
            return;
        }
        let mut horizontal = rng.roll(0, 1) == 1;
        // `float32(W)/float32(H) >= 1.25`, in whole numbers.
        if n.w * 4 >= n.h * 5 {
            horizontal = false;
        } else if n.h * 4 >= n.w * 5 {
            horizontal = true;
        }
        let max_size = if horizontal { n.h } else { n.w } - MIN;
        if max_size <= MIN {
            return;
        }
        // `rng.Intn(maxSize-MinRoomSize) + MinRoomSize`
        let cut = MIN + rng.roll(0, max_size - MIN - 1);
        if horizontal {
            n.left = Some(Box::new(node(n.x, n.y, n.w, cut)));
            n.right = Some(Box::new(node(n.x, n.y + cut, n.w, n.h - cut)));
        } else {
            n.left = Some(Box::new(node(n.x, n.y, cut, n.h)));
            n.right = Some(Box::new(node(n.x + cut, n.y, n.w - cut, n.h)));
        }
        split(n.left.as_mut().unwrap(), rng, depth - 1);
        split(n.right.as_mut().unwrap(), rng, depth - 1);
    }

    /// `BSPNode.CreateRooms`, with the program's guards.
    fn create_rooms(n: &mut Node, rng: &mut Rng, rooms: &mut Vec<Rect>) {
        if let (Some(l), Some(r)) = (n.left.as_mut(), n.right.as_mut()) {
            create_rooms(l, rng, rooms);
            create_rooms(r, rng, rooms);
            return;
        }
        if n.w < MIN + 2 || n.h < MIN + 2 {
            return;
        }
        let max_w = MAX.min(n.w - 2);
        let max_h = MAX.min(n.h - 2);
        let w = if max_w > MIN {
            MIN + rng.roll(0, max_w - MIN)
        } else {
            MIN
        };
        let h = if max_h > MIN {
            MIN + rng.roll(0, max_h - MIN)
        } else {
            MIN
        };
        let x = if n.w - w - 1 > 1 {
            n.x + rng.roll(0, n.w - w - 2) + 1
        } else {
            n.x + 1
        };
        let y = if n.h - h - 1 > 1 {
            n.y + rng.roll(0, n.h - h - 2) + 1
        } else {
            n.y + 1
        };
        let room = Rect::new(x, y, w, h);
        n.room = Some(room);
        rooms.push(room);
    }

    /// `GetRoom`: the first room found, left first.
    fn get_room(n: &Node) -> Option<Rect> {
        n.room
            .or_else(|| n.left.as_deref().and_then(get_room))
            .or_else(|| n.right.as_deref().and_then(get_room))
    }

    /// `connectRooms`, post-order.
    fn connect(n: &Node, cells: &mut [Vec<bool>], rng: &mut Rng) {
        let (Some(l), Some(r)) = (n.left.as_deref(), n.right.as_deref()) else {
            return;
        };
        connect(l, cells, rng);
        connect(r, cells, rng);
        let (Some(a), Some(b)) = (get_room(l), get_room(r)) else {
            return;
        };
        let (x1, y1, x2, y2) = (a.x + a.w / 2, a.y + a.h / 2, b.x + b.w / 2, b.y + b.h / 2);
        let across = |cells: &mut [Vec<bool>], y: i32| {
            for x in x1.min(x2)..=x1.max(x2) {
                cells[y as usize][x as usize] = true;
            }
        };
        let down = |cells: &mut [Vec<bool>], x: i32| {
            for y in y1.min(y2)..=y1.max(y2) {
                cells[y as usize][x as usize] = true;
            }
        };
        if rng.roll(0, 1) == 1 {
            across(cells, y1);
            down(cells, x2);
        } else {
            down(cells, x1);
            across(cells, y2);
        }
    }

    /// A whole gh-dungeons map of `w` x `h`.
    pub struct Gh {
        /// Floor, `[y][x]`.
        pub cells: Vec<Vec<bool>>,
        pub rooms: Vec<Rect>,
        pub start: Point,
        pub exit: Point,
        /// No leaf held a room (the Go program panics there).
        pub fell_back: bool,
    }

    /// A whole gh-dungeons map of `w` x `h`. A map with no room gets the
    /// core's fallback, made here from its own rule: the largest leaf less
    /// its border, 6 to 15 a side, kept inside the map.
    pub fn generate(w: i32, h: i32, rng: &mut Rng) -> Gh {
        let mut root = node(0, 0, w, h);
        split(&mut root, rng, 4);
        let mut rooms = Vec::new();
        create_rooms(&mut root, rng, &mut rooms);
        let fell_back = rooms.is_empty();
        if fell_back {
            fn leaves<'a>(n: &'a mut Node, out: &mut Vec<&'a mut Node>) {
                match (n.left.is_some(), n.right.is_some()) {
                    (true, true) => {
                        let (l, r) = (n.left.as_deref_mut().unwrap(), n.right.as_deref_mut());
                        leaves(l, out);
                        leaves(r.unwrap(), out);
                    }
                    _ => out.push(n),
                }
            }
            let mut all = Vec::new();
            leaves(&mut root, &mut all);
            let mut best = 0;
            for (i, l) in all.iter().enumerate() {
                if l.w * l.h > all[best].w * all[best].h {
                    best = i;
                }
            }
            let leaf = &mut all[best];
            let rw = (leaf.w - 2).clamp(MIN, MAX);
            let rh = (leaf.h - 2).clamp(MIN, MAX);
            let room = Rect::new(
                (leaf.x + 1).min(w - 1 - rw),
                (leaf.y + 1).min(h - 1 - rh),
                rw,
                rh,
            );
            leaf.room = Some(room);
            rooms.push(room);
        }
        // At least the game's map, and as big as the Go program's map.
        let (cw, ch) = (w.max(64) as usize, h.max(36) as usize);
        let mut cells = vec![vec![false; cw]; ch];
        for r in &rooms {
            for y in r.y..r.y + r.h {
                for x in r.x..r.x + r.w {
                    cells[y as usize][x as usize] = true;
                }
            }
        }
        connect(&root, &mut cells, rng);
        let (first, last) = (rooms[0], rooms[rooms.len() - 1]);
        let start = Point::new(first.x + first.w / 2, first.y + first.h / 2);
        // `PlaceDoor`: `room.X + rng.Intn(room.W-2) + 1`, then y.
        let ex = last.x + rng.roll(0, last.w - 3) + 1;
        let ey = last.y + rng.roll(0, last.h - 3) + 1;
        Gh {
            cells,
            rooms,
            start,
            exit: Point::new(ex, ey),
            fell_back,
        }
    }
}

pub mod plain_fov {
    //! A plain symmetric shadowcasting (Albert Ford's, recursive as he
    //! writes it) over the map's flat array of cells, for the tests to check
    //! the core's field of view cell for cell and for the benchmarks to
    //! time it against. Written once from Ford's description and the
    //! core's rules of sight (walls and closed or secret doors block; a wall
    //! in view is seen; in range when `dx * dx + dy * dy <= r * r + r`), and
    //! frozen: a change to it is a change of those rules.
    use amulets_core::fov::MAX_RADIUS;
    use amulets_core::geom::Point;
    use amulets_core::map::{MAP_H, MAP_W, Map};

    /// What a row of a quadrant maps to: a map step per column and per
    /// depth (north, east, south, west).
    const QUADRANTS: [(i32, i32, i32, i32); 4] =
        [(1, 0, 0, -1), (0, 1, 1, 0), (1, 0, 0, 1), (0, 1, -1, 0)];

    struct Scan<'a> {
        map: &'a Map,
        origin: Point,
        radius: i32,
        quadrant: (i32, i32, i32, i32),
        seen: &'a mut [bool],
    }

    /// Every cell seen from `origin` within `radius` (cut to the core's
    /// largest), by row-major index, into `seen` (cleared first).
    pub fn field_of_view(map: &Map, origin: Point, radius: i32, seen: &mut [bool]) {
        seen.fill(false);
        seen[(origin.y * MAP_W + origin.x) as usize] = true;
        let radius = radius.clamp(0, MAX_RADIUS);
        for quadrant in QUADRANTS {
            let mut scan = Scan {
                map,
                origin,
                radius,
                quadrant,
                seen: &mut *seen,
            };
            scan.row(1, (-1, 1), (1, 1));
        }
    }

    impl Scan<'_> {
        /// The map index at a depth and column, or `None` off the map.
        fn index(&self, depth: i32, col: i32) -> Option<usize> {
            let (cx, cy, dx, dy) = self.quadrant;
            let x = self.origin.x + col * cx + depth * dx;
            let y = self.origin.y + col * cy + depth * dy;
            ((0..MAP_W).contains(&x) && (0..MAP_H).contains(&y)).then(|| (y * MAP_W + x) as usize)
        }

        /// The row at `depth` between slopes `start` and `end` (each a
        /// numerator and a positive denominator), and the rows beyond it.
        fn row(&mut self, depth: i32, mut start: (i32, i32), end: (i32, i32)) {
            if depth > self.radius {
                return;
            }
            // depth * start rounded half up, depth * end rounded half down.
            let min_col = (2 * depth * start.0 + start.1).div_euclid(2 * start.1);
            let max_col = -(-2 * depth * end.0 + end.1).div_euclid(2 * end.1);
            let mut prev_wall = None;
            for col in min_col..=max_col {
                let at = self.index(depth, col);
                let wall = at.is_none_or(|i| self.map.cells()[i].blocks_sight());
                let centre_inside =
                    col * start.1 >= depth * start.0 && col * end.1 <= depth * end.0;
                let near = col * col + depth * depth <= self.radius * self.radius + self.radius;
                if let Some(i) = at
                    && (wall || centre_inside)
                    && near
                {
                    self.seen[i] = true;
                }
                if prev_wall == Some(true) && !wall {
                    start = (2 * col - 1, 2 * depth);
                }
                if prev_wall == Some(false) && wall {
                    self.row(depth + 1, start, (2 * col - 1, 2 * depth));
                }
                prev_wall = Some(wall);
            }
            if prev_wall == Some(false) {
                self.row(depth + 1, start, end);
            }
        }
    }
}

pub mod maps {
    //! Hand-made maps for the worst cases of the searches and for the
    //! benchmarks: a serpentine maze, an open floor, and a floor of pillars.
    use amulets_core::geom::{Point, Rect};
    use amulets_core::map::{MAP_H, MAP_W, Map, Terrain};

    /// Corridors one cell wide running the whole width, joined at
    /// alternate ends: the longest way across the map, about 1,000 steps.
    /// Start at (1, 1); the far end is returned too.
    pub fn serpentine() -> (Map, Point, Point) {
        let mut map = Map::new();
        let mut y = 1;
        let mut row = 0;
        let mut end = Point::new(1, 1);
        while y < MAP_H - 1 {
            map.carve(Rect::new(1, y, MAP_W - 2, 1));
            end = Point::new(if row % 2 == 0 { MAP_W - 2 } else { 1 }, y);
            if y + 2 < MAP_H - 1 {
                let x = if row % 2 == 0 { MAP_W - 2 } else { 1 };
                map.set(Point::new(x, y + 1), Terrain::Floor);
            }
            y += 2;
            row += 1;
        }
        (map, Point::new(1, 1), end)
    }

    /// Floor everywhere inside the outer ring.
    pub fn open() -> (Map, Point, Point) {
        let mut map = Map::new();
        map.carve(Rect::new(1, 1, MAP_W - 2, MAP_H - 2));
        (map, Point::new(1, 1), Point::new(MAP_W - 2, MAP_H - 2))
    }

    /// An open floor from `seed`: floor inside the outer ring, with a
    /// pillar on about one cell in twenty and a few short walls, as a
    /// cave's broad hall or a big room has.
    pub fn open_floor(seed: u32) -> Map {
        let mut dice = amulets_core::rng::Rng::new(seed);
        let (mut map, _, _) = open();
        for _ in 0..100 {
            let p = Point::new(dice.roll(2, MAP_W - 3), dice.roll(2, MAP_H - 3));
            map.set(p, Terrain::Wall);
        }
        for _ in 0..8 {
            let (x, y) = (dice.roll(3, MAP_W - 12), dice.roll(3, MAP_H - 6));
            let (w, h) = if dice.roll(0, 1) == 0 {
                (dice.roll(3, 8), 1)
            } else {
                (1, dice.roll(2, 4))
            };
            for k in 0..w.max(h) {
                let p = Point::new(x + k * i32::from(w > 1), y + k * i32::from(h > 1));
                map.set(p, Terrain::Wall);
            }
        }
        map
    }

    /// An open floor with a pillar on every other cell of every other row.
    pub fn pillars() -> (Map, Point, Point) {
        let (mut map, from, to) = open();
        for y in (2..MAP_H - 2).step_by(2) {
            for x in (2..MAP_W - 2).step_by(2) {
                map.set(Point::new(x, y), Terrain::Wall);
            }
        }
        (map, from, to)
    }

    /// A corridor one cell wide winding inward from the map's outer ring
    /// to its middle, its turns a wall apart: each layer of a search is one
    /// cell, as in the serpentine, but every stretch turns the corner, so
    /// the way changes direction some thirty times. From the corner (1, 1)
    /// to the innermost end.
    pub fn spiral() -> (Map, Point, Point) {
        let mut map = Map::new();
        let (mut x0, mut y0, mut x1, mut y1) = (1, 1, MAP_W - 2, MAP_H - 2);
        let mut at = Point::new(1, 1);
        // Each ring: along the top, down the right, back along the bottom,
        // up the left to two below the top; then in by two.
        while x1 - x0 >= 2 && y1 - y0 >= 2 {
            let ring = [
                (Point::new(x0, y0), Point::new(x1, y0)),
                (Point::new(x1, y0), Point::new(x1, y1)),
                (Point::new(x1, y1), Point::new(x0, y1)),
                (Point::new(x0, y1), Point::new(x0, y0 + 2)),
                (Point::new(x0, y0 + 2), Point::new(x0 + 2, y0 + 2)),
            ];
            for (from, to) in ring {
                let (sx, sy) = ((to.x - from.x).signum(), (to.y - from.y).signum());
                let mut p = from;
                map.set(p, Terrain::Floor);
                while p != to {
                    p = Point::new(p.x + sx, p.y + sy);
                    map.set(p, Terrain::Floor);
                }
                at = to;
            }
            x0 += 2;
            y0 += 2;
            x1 -= 2;
            y1 -= 2;
        }
        (map, Point::new(1, 1), at)
    }

    /// The hand-made worst cases for searches, by name: the serpentine, the
    /// spiral, the open floor and the pillars.
    /// A perfect maze from `seed`: corridors one cell wide between the
    /// cells of odd x and y, carved by a randomized depth-first walk (an
    /// explicit stack of the cells begun), so every two floor cells are
    /// joined by exactly one way, with branches and dead ends everywhere.
    /// The map's edge stays rock.
    pub fn perfect_maze(seed: u32) -> Map {
        let mut dice = amulets_core::rng::Rng::new(seed);
        // The cells: odd x from 1 to 61, odd y from 1 to 33.
        let (cols, rows) = ((MAP_W - 2) / 2, (MAP_H - 2) / 2);
        let at = |c: i32, r: i32| Point::new(1 + 2 * c, 1 + 2 * r);
        let mut map = Map::new();
        let mut seen = vec![false; (cols * rows) as usize];
        let mut stack = vec![(0, 0)];
        seen[0] = true;
        map.set(at(0, 0), Terrain::Floor);
        while let Some(&(c, r)) = stack.last() {
            let next: Vec<(i32, i32)> = [(0, -1), (1, 0), (0, 1), (-1, 0)]
                .iter()
                .map(|&(dc, dr)| (c + dc, r + dr))
                .filter(|&(nc, nr)| (0..cols).contains(&nc) && (0..rows).contains(&nr))
                .filter(|&(nc, nr)| !seen[(nr * cols + nc) as usize])
                .collect();
            if next.is_empty() {
                stack.pop();
                continue;
            }
            let (nc, nr) = next[dice.roll(0, next.len() as i32 - 1) as usize];
            seen[(nr * cols + nc) as usize] = true;
            // The cell and the wall between.
            map.set(at(nc, nr), Terrain::Floor);
            map.set(
                Point::new(at(c, r).x + (nc - c), at(c, r).y + (nr - r)),
                Terrain::Floor,
            );
            stack.push((nc, nr));
        }
        map
    }

    pub fn worst() -> [(&'static str, (Map, Point, Point)); 4] {
        [
            ("serpentine", serpentine()),
            ("spiral", spiral()),
            ("open", open()),
            ("pillars", pillars()),
        ]
    }

    /// Floor only on the cells whose x + y is even, so every step is a
    /// diagonal one, and a wall across the map every fourth row with a gap
    /// at alternate ends: the way down is hundreds of diagonal steps, whose
    /// extras add up to more than a step (the case the Dijkstra map's
    /// layers hand back to its buckets). From (1, 1) to the far end.
    pub fn diagonal_maze() -> (Map, Point, Point) {
        let mut map = Map::new();
        let mut end = Point::new(1, 1);
        for y in 1..MAP_H - 1 {
            let barrier = y % 4 == 0;
            for x in 1..MAP_W - 1 {
                if (x + y) % 2 != 0 {
                    continue;
                }
                let gap_left = (y / 4) % 2 == 1;
                let in_gap = if gap_left { x <= 2 } else { x >= MAP_W - 3 };
                if !barrier || in_gap {
                    map.set(Point::new(x, y), Terrain::Floor);
                    end = Point::new(x, y);
                }
            }
        }
        (map, Point::new(1, 1), end)
    }
}

pub mod stories {
    //! What the story tests share: a hand-made floor, a monster by name, and
    //! questions about the log.
    use amulets_core::game::Game;
    use amulets_core::geom::Point;
    use amulets_core::map::Map;
    use amulets_core::monster::{KindId, Mind, Monster};

    /// A map as 36 rows of save letters.
    pub fn picture(map: &Map) -> Vec<String> {
        (0..amulets_core::map::MAP_H)
            .map(|y| {
                (0..amulets_core::map::MAP_W)
                    .map(|x| map.at(Point::new(x, y)).letter())
                    .collect()
            })
            .collect()
    }

    /// The log's lines, oldest first.
    pub fn log_text(game: &Game) -> Vec<String> {
        game.log().lines().map(|m| m.text.to_string()).collect()
    }

    /// True when the log has this line.
    pub fn said(game: &Game, text: &str) -> bool {
        game.log().lines().any(|m| m.text.as_str() == text)
    }

    /// Two rooms, x 1..=5 and 7..=11, y 1..=4, joined at (6, 3) by `door`
    /// (a terrain letter).
    pub fn two_rooms(door: char) -> Map {
        let door_row = format!("#.....{door}.....#");
        Map::from_rows(&[
            "#############",
            "#.....#.....#",
            "#.....#.....#",
            &door_row,
            "#.....#.....#",
            "#############",
        ])
        .unwrap()
    }

    /// A monster of a kind named as the table names it, at full health.
    pub fn monster(name: &str, pos: Point, mind: Mind) -> Monster {
        let kind = KindId::all()
            .find(|k| k.kind().name == name)
            .expect("a kind of that name");
        Monster {
            kind,
            pos,
            hp: kind.kind().hp,
            mind,
            band: 0,
            heading: 0,
        }
    }
}
