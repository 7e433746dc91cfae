//! Any bytes as a save: the loader returns an error or a run, and a run it
//! returns saves to text it reads back the same. It must never panic.
#![no_main]

use amulets_core::game::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(game) = Game::read_save(text) {
        let mut again = String::new();
        game.write_save(&mut again).expect("a loaded run writes");
        let reloaded = Game::read_save(&again).expect("a written save reads");
        let mut third = String::new();
        reloaded.write_save(&mut third).expect("writes again");
        assert_eq!(again, third);
    }
});
