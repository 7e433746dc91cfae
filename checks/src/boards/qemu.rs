//! The host's end of a firmware's run in QEMU (`rigs::qemu` runs it).

use super::*;

/// The host's end of the same run: the bot plays `seed` as `class` to the
/// end, or until `turns`.
pub(super) fn host_hash(seed: u32, class: Class, turns: Option<u32>) -> u64 {
    let mut game = Game::new_run(seed, class);
    let mut bot = amulets_core::bot::Bot::new();
    while turns.is_none_or(|t| game.turn() < t) && bot.play_one(&mut game) {}
    amulets_core::replay::state_hash(&game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_plays_the_same_run_to_the_same_hash() {
        let a = host_hash(42, Class::Fighter, Some(30));
        assert_eq!(a, host_hash(42, Class::Fighter, Some(30)));
        assert_ne!(
            a,
            host_hash(43, Class::Fighter, Some(30)),
            "the seed counts"
        );
    }
}
