//! gh-dungeons' BSP, as its "Dungeon Generation" document describes it: a
//! tree over the whole map, cut to depth 4, each cut's direction a coin that
//! the 1.25 aspect rule can overrule; a room of 6 to 15 cells a side in each
//! leaf big enough, with a one-cell border; and, after the rooms, one
//! L-shaped corridor per cut between the first room of each half.
//!
//! Then the dungeon's decoration that is the map's: the player at the middle
//! of the first room, and the exit `>` in the last (`PlaceDoor`). The map is
//! gh-dungeons' size for a terminal, `w` x `h` at the top left of ours: at
//! least 40 x 20 (its `generateLevel`), at most our 64 x 36 (the default).
//!
//! Rolled with our dice, not Go's `math/rand`, so a seed does not give the
//! original's map; every rule and the order of the rolls are the Go
//! program's (its room rolls have guards the document's snippet leaves out:
//! a side is rolled only when it may be over 6, a place only when more than
//! one fits). One fix: where no leaf can hold a room (the original crashes
//! on such a map: 1.5% of seeds at 40 x 20), the largest leaf gets one of a
//! legal size, as near its top left as the map allows.

use super::Areas;
use crate::geom::{Point, Rect};
use crate::map::{MAP_H, MAP_W, Map, Terrain};
use crate::rng::Rng;

/// The smallest side of a room.
pub const MIN_ROOM_SIZE: i32 = 6;
/// The largest side of a room.
pub const MAX_ROOM_SIZE: i32 = 15;
/// The smallest map gh-dungeons makes (its `generateLevel`: `max(termW,
/// 40)` by `max(termH - 3, 20)`).
pub const MIN_W: i32 = 40;
/// The shortest map gh-dungeons makes.
pub const MIN_H: i32 = 20;

/// A gh-dungeons floor: its rooms (the first the player's, the last the
/// exit's), where the player starts and the exit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dungeon {
    /// The rooms, in the tree's order.
    pub rooms: Areas,
    /// The player's start: the first room's middle.
    pub start: Point,
    /// The exit: in the last room.
    pub exit: Point,
}

/// What the generator draws on: the game's map, or a bigger one of the
/// generator's command line (`amulets-gen gh -w 80 -h 27`, the Go
/// program's own test size). Off the canvas is rock, and setting it does
/// nothing.
pub trait Canvas {
    /// The most cells across and down it holds.
    fn most(&self) -> (i32, i32);
    /// Every cell rock.
    fn fill_rock(&mut self);
    /// One cell's terrain.
    fn set(&mut self, p: Point, t: Terrain);
}

impl Canvas for Map {
    fn most(&self) -> (i32, i32) {
        (MAP_W, MAP_H)
    }
    fn fill_rock(&mut self) {
        self.fill(Terrain::Wall);
    }
    fn set(&mut self, p: Point, t: Terrain) {
        Map::set(self, p, t);
    }
}

/// Why a size is no gh-dungeons map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GhSizeError {
    /// The width asked for.
    pub w: i32,
    /// The height asked for.
    pub h: i32,
    /// The most the canvas holds, across and down.
    pub most: (i32, i32),
}

impl core::fmt::Display for GhSizeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} x {} is no gh-dungeons map: it is {MIN_W} to {} wide and {MIN_H} to {} high",
            self.w, self.h, self.most.0, self.most.1
        )
    }
}

impl core::error::Error for GhSizeError {}
/// How deep the tree is cut: at most 2^4 = 16 leaves.
pub const DEPTH: usize = 4;
/// A tree of depth 4 has at most 1 + 2 + 4 + 8 + 16 nodes.
const MAX_NODES: usize = (1 << (DEPTH + 1)) - 1;
const _: () = assert!(1 << DEPTH <= super::MAX_AREAS);

#[derive(Clone, Copy, Default)]
struct Node {
    area: Rect,
    /// The halves' node numbers, both or neither.
    children: Option<(u8, u8)>,
    depth_left: usize,
    room: Option<Rect>,
}

/// The tree, its nodes in a fixed array, the root first.
struct Tree {
    nodes: heapless::Vec<Node, MAX_NODES>,
}

impl Tree {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "the tree has at most NODES (31) nodes"
    )]
    fn add(&mut self, area: Rect, depth_left: usize) -> u8 {
        let node = Node {
            area,
            children: None,
            depth_left,
            room: None,
        };
        // Every node but the root is one of a parent's two halves, and only
        // nodes with depth left are cut, so the tree has at most MAX_NODES.
        self.nodes
            .push(node)
            .ok()
            .expect("a tree of depth DEPTH has at most MAX_NODES nodes");
        (self.nodes.len() - 1) as u8
    }

    /// The node numbers of the leaves, left to right.
    fn leaves(&self) -> heapless::Vec<u8, { 1 << DEPTH }> {
        let mut leaves = heapless::Vec::new();
        let mut stack: heapless::Vec<u8, { DEPTH + 2 }> = heapless::Vec::new();
        push(&mut stack, 0);
        while let Some(n) = stack.pop() {
            match self.nodes[usize::from(n)].children {
                Some((left, right)) => {
                    push(&mut stack, right);
                    push(&mut stack, left);
                }
                None => leaves
                    .push(n)
                    .expect("a tree of depth DEPTH has at most 2^DEPTH leaves"),
            }
        }
        leaves
    }

    /// The first room found in a subtree, left first (the original's
    /// [`GetRoom`]).
    fn first_room(&self, node: u8) -> Option<Rect> {
        let mut n = node;
        let mut stack: heapless::Vec<u8, { DEPTH + 2 }> = heapless::Vec::new();
        loop {
            let here = self.nodes[usize::from(n)];
            if let Some(room) = here.room {
                return Some(room);
            }
            if let Some((left, right)) = here.children {
                push(&mut stack, right);
                n = left;
            } else {
                n = stack.pop()?;
            }
        }
    }
}

/// Pushes onto a walk's stack. A walk down a tree of depth `DEPTH` keeps at
/// most one right half waiting per level, plus the node in hand.
fn push<const N: usize>(stack: &mut heapless::Vec<u8, N>, node: u8) {
    stack
        .push(node)
        .expect("a walk keeps at most one node per level waiting");
}

/// Builds a gh-dungeons floor the size of our map into `map` and returns
/// its rooms, left to right through the tree; the first is the player's, as
/// in the original.
pub fn generate(map: &mut Map, rng: &mut Rng) -> Areas {
    carve_rooms(map, Rect::new(0, 0, MAP_W, MAP_H), rng)
}

/// The whole dungeon of a size: the map, then the player at the middle of
/// the first room and the exit `>` in the last, a cell in from its walls
/// (`PlaceDoor`: `X + 1 + Intn(W - 2)`, then the same for y).
pub fn dungeon<C: Canvas + ?Sized>(
    map: &mut C,
    w: i32,
    h: i32,
    rng: &mut Rng,
) -> Result<Dungeon, GhSizeError> {
    let most = map.most();
    if !(MIN_W..=most.0).contains(&w) || !(MIN_H..=most.1).contains(&h) {
        return Err(GhSizeError { w, h, most });
    }
    let rooms = carve_rooms(map, Rect::new(0, 0, w, h), rng);
    // Never empty: a map with no room gets one.
    let (first, last) = (rooms[0], rooms[rooms.len() - 1]);
    let start = first.center();
    let exit = Point::new(
        last.x + 1 + rng.roll(0, last.w - 3),
        last.y + 1 + rng.roll(0, last.h - 3),
    );
    map.set(exit, Terrain::StairsDown);
    Ok(Dungeon { rooms, start, exit })
}

/// The rooms and corridors over `region` (the top left of the map), the rest
/// rock.
fn carve_rooms<C: Canvas + ?Sized>(map: &mut C, region: Rect, rng: &mut Rng) -> Areas {
    map.fill_rock();
    let mut tree = Tree {
        nodes: heapless::Vec::new(),
    };
    tree.add(region, DEPTH);
    split_all(&mut tree, rng);

    let mut rooms = Areas::new();
    for leaf in tree.leaves() {
        if let Some(room) = make_room(tree.nodes[usize::from(leaf)].area, rng) {
            tree.nodes[usize::from(leaf)].room = Some(room);
            rooms.push(room).expect("one room per leaf at most");
        }
    }
    if rooms.is_empty() {
        // The original's crash: give the largest leaf a room instead.
        let leaves = tree.leaves();
        let largest = largest_leaf(leaves.iter().map(|&n| tree.nodes[usize::from(n)].area));
        let room = fallback_room(largest, region);
        let node = leaves
            .iter()
            .find(|&&n| tree.nodes[usize::from(n)].area == largest)
            .copied()
            .expect("the largest leaf is one of the leaves");
        tree.nodes[usize::from(node)].room = Some(room);
        rooms.push(room).expect("an empty list has room for one");
    }
    for room in &rooms {
        for y in room.y..room.y + room.h {
            carve_across(map, room.x, room.x + room.w - 1, y);
        }
    }
    connect_all(&tree, map, rng);
    rooms
}

/// The room a map with none gets, in its largest leaf: the leaf less its
/// one-cell border, held to 6 to 15 a side, moved in from the region's far
/// edges when it would cross them. The only room on the map, so it cannot
/// touch another.
fn fallback_room(leaf: Rect, region: Rect) -> Rect {
    let w = (leaf.w - 2).clamp(MIN_ROOM_SIZE, MAX_ROOM_SIZE);
    let h = (leaf.h - 2).clamp(MIN_ROOM_SIZE, MAX_ROOM_SIZE);
    let x = (leaf.x + 1).min(region.x + region.w - 1 - w);
    let y = (leaf.y + 1).min(region.y + region.h - 1 - h);
    Rect::new(x, y, w, h)
}

/// The first of the leaves with the greatest area: where a map with no room
/// gets one.
fn largest_leaf(leaves: impl Iterator<Item = Rect>) -> Rect {
    let mut best = Rect::default();
    for leaf in leaves {
        if leaf.w * leaf.h > best.w * best.h {
            best = leaf;
        }
    }
    best
}

/// Cuts every node, the original's recursive [`Split`] walked in the same
/// order (a node, then all of its first half, then all of its second) with a
/// stack of nodes still to cut.
fn split_all(tree: &mut Tree, rng: &mut Rng) {
    let mut stack: heapless::Vec<u8, { DEPTH + 2 }> = heapless::Vec::new();
    push(&mut stack, 0);
    while let Some(n) = stack.pop() {
        let node = tree.nodes[usize::from(n)];
        if node.depth_left == 0 {
            continue;
        }
        let a = node.area;
        // The coin is always tossed; then a piece 1.25 times longer one way
        // than the other is cut across its long side.
        let mut horizontal = rng.roll(0, 1) == 1;
        if 4 * a.w >= 5 * a.h {
            horizontal = false;
        } else if 4 * a.h >= 5 * a.w {
            horizontal = true;
        }
        let max_size = if horizontal { a.h } else { a.w } - MIN_ROOM_SIZE;
        if max_size <= MIN_ROOM_SIZE {
            continue; // too small: a leaf
        }
        let cut = rng.roll(MIN_ROOM_SIZE, max_size - 1);
        let (first, second) = if horizontal {
            (
                Rect::new(a.x, a.y, a.w, cut),
                Rect::new(a.x, a.y + cut, a.w, a.h - cut),
            )
        } else {
            (
                Rect::new(a.x, a.y, cut, a.h),
                Rect::new(a.x + cut, a.y, a.w - cut, a.h),
            )
        };
        let left = tree.add(first, node.depth_left - 1);
        let right = tree.add(second, node.depth_left - 1);
        tree.nodes[usize::from(n)].children = Some((left, right));
        push(&mut stack, right);
        push(&mut stack, left);
    }
}

/// A room for a leaf, or none when the leaf is under 8 cells either way.
/// Rolls, in order: width, height, left, top (each only when there is a
/// choice), each room 6 to 15 cells a side and never touching its leaf's
/// edge.
fn make_room(leaf: Rect, rng: &mut Rng) -> Option<Rect> {
    if leaf.w < MIN_ROOM_SIZE + 2 || leaf.h < MIN_ROOM_SIZE + 2 {
        return None;
    }
    let max_w = MAX_ROOM_SIZE.min(leaf.w - 2);
    let max_h = MAX_ROOM_SIZE.min(leaf.h - 2);
    // The Go program rolls a side only when it may be over 6, and a place
    // only when there is more than one.
    let side = |max: i32, rng: &mut Rng| {
        if max > MIN_ROOM_SIZE {
            rng.roll(MIN_ROOM_SIZE, max)
        } else {
            MIN_ROOM_SIZE
        }
    };
    let w = side(max_w, rng);
    let h = side(max_h, rng);
    let x = leaf.x
        + 1
        + if leaf.w - w - 1 > 1 {
            rng.roll(0, leaf.w - w - 2)
        } else {
            0
        };
    let y = leaf.y
        + 1
        + if leaf.h - h - 1 > 1 {
            rng.roll(0, leaf.h - h - 2)
        } else {
            0
        };
    Some(Rect::new(x, y, w, h))
}

/// Joins the two halves of every cut, deepest first (the original's
/// post-order walk): an L between the middles of the first room of each
/// half, across then down on a roll of 1, else down then across. A half
/// with no room is not joined (it has nothing to join).
fn connect_all<C: Canvas + ?Sized>(tree: &Tree, map: &mut C, rng: &mut Rng) {
    // (node, halves done): a node comes off twice, first to push its halves
    // and then, after them, to join them. At most two entries per level.
    let mut stack: heapless::Vec<(u8, bool), { 2 * DEPTH + 2 }> = heapless::Vec::new();
    let push2 = |stack: &mut heapless::Vec<(u8, bool), { 2 * DEPTH + 2 }>, e| {
        stack.push(e).expect("at most two entries per level");
    };
    push2(&mut stack, (0, false));
    while let Some((n, done)) = stack.pop() {
        let Some((left, right)) = tree.nodes[usize::from(n)].children else {
            continue;
        };
        if !done {
            push2(&mut stack, (n, true));
            push2(&mut stack, (right, false));
            push2(&mut stack, (left, false));
            continue;
        }
        let (Some(a), Some(b)) = (tree.first_room(left), tree.first_room(right)) else {
            continue;
        };
        let (from, to) = (a.center(), b.center());
        if rng.roll(0, 1) == 1 {
            carve_across(map, from.x, to.x, from.y);
            carve_down(map, from.y, to.y, to.x);
        } else {
            carve_down(map, from.y, to.y, from.x);
            carve_across(map, from.x, to.x, to.y);
        }
    }
}

fn carve_across<C: Canvas + ?Sized>(map: &mut C, x1: i32, x2: i32, y: i32) {
    for x in x1.min(x2)..=x1.max(x2) {
        map.set(Point::new(x, y), Terrain::Floor);
    }
}

fn carve_down<C: Canvas + ?Sized>(map: &mut C, y1: i32, y2: i32, x: i32) {
    for y in y1.min(y2)..=y1.max(y2) {
        map.set(Point::new(x, y), Terrain::Floor);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_leaf_big_enough_means_a_room_in_the_largest() {
        // Leaves too narrow for a room (under 8 a side), as the original
        // crashed on: the largest, first of equals, is chosen.
        let leaves = [
            Rect::new(0, 0, 7, 30),
            Rect::new(7, 0, 31, 7),
            Rect::new(7, 7, 7, 31),
        ];
        for leaf in leaves {
            assert_eq!(make_room(leaf, &mut Rng::new(1)), None);
        }
        assert_eq!(largest_leaf(leaves.into_iter()), Rect::new(7, 0, 31, 7));
    }

    #[test]
    fn the_fallback_room_is_of_legal_size_inside_the_region() {
        let region = Rect::new(0, 0, MIN_W, MIN_H);
        for leaf in [
            Rect::new(0, 0, 7, 20),
            Rect::new(33, 0, 7, 20),
            Rect::new(0, 13, 40, 7),
            Rect::new(0, 0, 40, 20),
        ] {
            let r = fallback_room(leaf, region);
            assert!(
                (MIN_ROOM_SIZE..=MAX_ROOM_SIZE).contains(&r.w),
                "{leaf:?}: {r:?}"
            );
            assert!(
                (MIN_ROOM_SIZE..=MAX_ROOM_SIZE).contains(&r.h),
                "{leaf:?}: {r:?}"
            );
            assert!(r.x >= 1 && r.y >= 1, "{leaf:?}: {r:?}");
            assert!(r.x + r.w < MIN_W && r.y + r.h < MIN_H, "{leaf:?}: {r:?}");
        }
    }

    #[test]
    fn rooms_are_sized_bordered_and_apart() {
        for seed in 0..300 {
            let mut map = Map::new();
            let rooms = generate(&mut map, &mut Rng::new(seed));
            assert!(!rooms.is_empty());
            for (i, r) in rooms.iter().enumerate() {
                assert!((MIN_ROOM_SIZE..=MAX_ROOM_SIZE).contains(&r.w), "{r:?}");
                assert!((MIN_ROOM_SIZE..=MAX_ROOM_SIZE).contains(&r.h), "{r:?}");
                assert!(r.x >= 1 && r.y >= 1 && r.x + r.w < MAP_W && r.y + r.h < MAP_H);
                for s in &rooms[i + 1..] {
                    let apart =
                        r.x + r.w < s.x || s.x + s.w < r.x || r.y + r.h < s.y || s.y + s.h < r.y;
                    assert!(apart, "seed {seed}: {r:?} touches {s:?}");
                }
            }
        }
    }
}
