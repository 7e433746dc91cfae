//! A whole turn on a full floor, and a whole run: the game's real load. A turn is the player waiting while every
//! monster of the floor hunts (the turn's Dijkstra map toward the player,
//! each monster's step, the field of view, the statuses): floor 7 of seed
//! 42's Fighter (a cave) and floor 9 (rooms), reached by the bot, with every
//! monster woken. A run is the bot's whole run of seed 42 as the Fighter
//! (won on floor 9, 8,304 turns).

use amulets_benches::arrived_on;
use amulets_core::bot;
use amulets_core::input::Action;
use amulets_core::map::Terrain;
use amulets_core::player::Class;
use criterion::{BatchSize, Criterion};
use std::hint::black_box;
use std::time::Duration;

fn main() {
    let mut c = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3))
        .configure_from_args();
    for (name, depth) in [("cave7", 7), ("rooms9", 9)] {
        let game = arrived_on(depth);
        let caves = game.level().map.count(|t| t == Terrain::CaveFloor);
        println!(
            "check: turn-{name}: floor {depth}, {} monsters hunting, {caves} cells of cave floor",
            game.level().monsters.len()
        );
        let mut g = c.benchmark_group(format!("turn-{name}"));
        g.bench_function("amulets", |b| {
            b.iter_batched(
                || game.clone(),
                |mut game| {
                    game.act(Action::Wait);
                    black_box(game.turn())
                },
                BatchSize::SmallInput,
            )
        });
        g.finish();
    }
    let mut g = c.benchmark_group("run-bot");
    g.sample_size(10);
    g.bench_function("amulets", |b| {
        b.iter(|| black_box(bot::play_run(42, Class::Fighter, |_| Ok(())).map(|r| r.turns)))
    });
    g.finish();
    c.final_summary();
}
