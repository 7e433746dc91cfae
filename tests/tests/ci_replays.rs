//! The whole runs CI records with the bot (`cargo xtask determinism`, not
//! committed) played back on each determinism target: every point of
//! each replay, then its end, must be as recorded on x86_64. Run only by
//! the xtask, which says where the replays are and how many to play:
//! `AMULETS_CI_REPLAYS` (a folder) and `AMULETS_CI_REPLAYS_COUNT` (the
//! first that many, in name order).

use amulets_core::replay;

#[test]
#[ignore = "cargo xtask determinism runs it, with the replays it records"]
fn replays_recorded_on_x86_64_reach_every_point_here() {
    let dir = std::env::var("AMULETS_CI_REPLAYS").expect("AMULETS_CI_REPLAYS: the replays' folder");
    let count: usize = std::env::var("AMULETS_CI_REPLAYS_COUNT")
        .expect("AMULETS_CI_REPLAYS_COUNT: how many to play")
        .parse()
        .expect("a count");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".txt"))
        .collect();
    names.sort();
    assert!(
        names.len() >= count,
        "{} replays in {dir}, not {count}",
        names.len()
    );
    let (mut points, mut turns) = (0, 0);
    for name in &names[..count] {
        let text = std::fs::read_to_string(format!("{dir}/{name}")).expect("the replay reads");
        assert!(
            text.starts_with("amulets-replay 3\n"),
            "{name}: a replay with points"
        );
        let game = replay::play(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        points += text.lines().filter(|l| l.starts_with("point ")).count();
        turns += u64::from(game.turn());
    }
    assert!(points >= count, "{points} points in {count} whole runs");
    println!("{count} replays ({turns} turns, {points} points) play here as recorded");
}
