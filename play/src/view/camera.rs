//! A camera that remembers: where a view smaller than the map (a 60 x 20
//! terminal's 36 x 16 cells, a phone's) looked last, so that it moves
//! only when it must, and then far.
//!
//! What it must keep on the view, in this order, each as long as it still
//! fits with what came before: the focus (the player, or the cursor); the
//! nearest monster in view; all the monsters in view; every cell in view;
//! a margin of a quarter of the view around the focus. When the last place holds all of
//! that, the view stays put, so a click planned on the last frame lands
//! on the cell it was planned on. When it does not, the view centres on
//! what it must keep: a player walking on moves a quarter of the view
//! before it moves again.

use amulets_core::game::Game;
use amulets_core::geom::Point;
use amulets_core::map::{MAP_CELLS, MAP_H, MAP_W, Map};
use core::cell::Cell;

/// Where a view looked last (see the module's comment). It is the one
/// thing drawing a frame changes, so it sits in a cell: a frame is drawn
/// from a session read and never changed.
#[derive(Clone, Debug, Default)]
pub struct Camera {
    /// The view's size and its top left cell, the last time it looked.
    last: Cell<Option<((i32, i32), Point)>>,
}

impl Camera {
    /// The top left cell of a view `size` cells across and down on
    /// `game`, following `focus` (the player, or the cursor), moved from
    /// where it last looked only as the module's comment says; remembered
    /// for the next frame.
    pub fn follow(&self, game: &Game, focus: Point, size: (i32, i32)) -> Point {
        let last = self.last.get().filter(|&(s, _)| s == size).map(|(_, p)| p);
        let at = place(game, focus, size, last);
        self.last.set(Some((size, at)));
        at
    }
}

/// A span of cells along one axis, inclusive.
type Span = (i32, i32);

/// Along one axis: the first cell of a view `view` cells long on a map
/// `size` long, that last began at `last`, keeping `keep` in order, each
/// while it still fits with those before it.
fn first_cell(last: Option<i32>, view: i32, size: i32, keep: [Span; 5]) -> i32 {
    if view >= size {
        return 0;
    }
    let (mut lo, mut hi) = keep[0];
    for (a, b) in &keep[1..] {
        let (a, b) = ((*a).min(lo).max(0), (*b).max(hi).min(size - 1));
        if b - a < view {
            (lo, hi) = (a, b);
        }
    }
    match last.map(|l| l.clamp(0, size - view)) {
        Some(l) if lo >= l && hi < l + view => l,
        // Centred on what must be kept: `hi - lo < view`, so it holds it.
        _ => ((lo + hi + 1) / 2 - view / 2).clamp(0, size - view),
    }
}

/// Where the view goes this frame (see the module's comment): the
/// nearest monster in view, then all of them, then every cell in view,
/// then the margin.
fn place(game: &Game, focus: Point, size: (i32, i32), last: Option<Point>) -> Point {
    let level = game.level();
    let far = |p: Point| (p.x - focus.x).abs().max((p.y - focus.y).abs());
    let mut nearest: Option<Point> = None;
    let mut monsters = (focus, focus);
    for p in level.monsters.iter().map(|m| m.pos) {
        if level.visible.contains(p) {
            if nearest.is_none_or(|n| far(p) < far(n)) {
                nearest = Some(p);
            }
            monsters = (
                Point::new(monsters.0.x.min(p.x), monsters.0.y.min(p.y)),
                Point::new(monsters.1.x.max(p.x), monsters.1.y.max(p.y)),
            );
        }
    }
    let nearest = nearest.unwrap_or(focus);
    // Every cell in view: its bounds (the focus's when none is).
    let mut seen = (focus, focus);
    for i in 0..MAP_CELLS {
        if level.visible.contains_index(i) {
            let p = Map::point_of(i);
            seen = (
                Point::new(seen.0.x.min(p.x), seen.0.y.min(p.y)),
                Point::new(seen.1.x.max(p.x), seen.1.y.max(p.y)),
            );
        }
    }
    let axis = |pick: fn(Point) -> i32, view: i32, size: i32| {
        let (f, margin) = (pick(focus), view / 4);
        let keep = [
            (f, f),
            (pick(nearest), pick(nearest)),
            (pick(monsters.0), pick(monsters.1)),
            (pick(seen.0), pick(seen.1)),
            (f - margin, f + margin),
        ];
        first_cell(last.map(pick), view, size, keep)
    };
    Point::new(axis(|p| p.x, size.0, MAP_W), axis(|p| p.y, size.1, MAP_H))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::Scene;
    use amulets_core::bot::Bot;
    use amulets_core::player::Class;

    /// A 60 x 20 terminal's map view.
    const VIEW: (i32, i32) = (36, 16);

    fn inside(at: Point, p: Point) -> bool {
        (at.x..at.x + VIEW.0).contains(&p.x) && (at.y..at.y + VIEW.1).contains(&p.y)
    }

    /// What a frame's view must show of `game` from `at`: every monster in
    /// view when they fit with the player, every cell in view when those
    /// fit. The count of frames where it does not.
    fn misses(game: &Game, at: Point) -> u32 {
        let level = game.level();
        let me = game.player().pos;
        let seen: heapless::Vec<Point, 64> = level
            .monsters
            .iter()
            .map(|m| m.pos)
            .filter(|&p| level.visible.contains(p))
            .collect();
        let span = |points: &mut dyn Iterator<Item = Point>| {
            let (mut lo, mut hi) = (me, me);
            for p in points {
                lo = Point::new(lo.x.min(p.x), lo.y.min(p.y));
                hi = Point::new(hi.x.max(p.x), hi.y.max(p.y));
            }
            hi.x - lo.x < VIEW.0 && hi.y - lo.y < VIEW.1
        };
        let monsters_fit = span(&mut seen.iter().copied());
        let all_fit = span(&mut level.visible.iter());
        let missed = !inside(at, me)
            || (monsters_fit && seen.iter().any(|&p| !inside(at, p)))
            || (all_fit && level.visible.iter().any(|p| !inside(at, p)));
        u32::from(missed)
    }

    /// Bot runs of every class at 60 x 20: the frames that miss what must
    /// be shown, the player's steps, and the steps the view moved on.
    fn walk(remember: bool) -> (u32, u32, u32) {
        let (mut missed, mut steps, mut moves) = (0, 0, 0);
        for (seed, class) in [
            (42, Class::Rogue),
            (7, Class::Fighter),
            (2024, Class::Wizard),
        ] {
            let mut game = Game::new_run(seed, class);
            let mut bot = Bot::new();
            let camera = Camera::default();
            let mut before = (game.player().pos, Point::new(-1, -1));
            for _ in 0..3000 {
                if !bot.play_one(&mut game) {
                    break;
                }
                let scene = Scene::new(&game, None);
                let at = if remember {
                    scene.with_camera(&camera).camera(VIEW)
                } else {
                    scene.camera(VIEW)
                };
                missed += misses(&game, at);
                let me = game.player().pos;
                if me != before.0 {
                    steps += 1;
                    moves += u32::from(at != before.1);
                }
                before = (me, at);
            }
        }
        (missed, steps, moves)
    }

    #[test]
    fn a_small_view_shows_what_the_player_sees_and_moves_seldom() {
        let (missed, steps, moves) = walk(true);
        assert!(steps > 1000, "the bot walked {steps} steps");
        assert_eq!(missed, 0, "frames that hid what the player sees");
        assert!(
            moves * 4 < steps,
            "the view moved on {moves} of {steps} steps"
        );
        // The camera that centres on the player each frame does neither.
        let (missed, steps, moves) = walk(false);
        assert!(missed > 0 && moves * 2 > steps, "{missed} {moves} {steps}");
    }

    #[test]
    fn a_view_that_holds_the_map_never_moves() {
        let game = Game::new_run(42, Class::Rogue);
        let camera = Camera::default();
        let scene = Scene::new(&game, None).with_camera(&camera);
        assert_eq!(scene.camera((64, 36)), Point::new(0, 0));
        assert_eq!(scene.camera((80, 40)), Point::new(0, 0));
    }
}
