//! Reads a save file and checks it writes, reads and writes back to the same
//! text; prints the first difference. `cargo run -p amulets-tests --example
//! roundtrip -- FILE` (for a fuzzer's crash file).
use amulets_core::game::Game;

fn main() {
    let path = std::env::args().nth(1).expect("a file");
    let text = std::fs::read_to_string(&path).expect("readable as UTF-8");
    let game = match Game::read_save(&text) {
        Ok(g) => g,
        Err(e) => {
            println!("refused: {e}");
            return;
        }
    };
    let mut again = String::new();
    game.write_save(&mut again).unwrap();
    let reloaded =
        Game::read_save(&again).unwrap_or_else(|e| panic!("the written save does not read: {e}"));
    let mut third = String::new();
    reloaded.write_save(&mut third).unwrap();
    for (i, (a, b)) in again.lines().zip(third.lines()).enumerate() {
        if a != b {
            println!("line {}: {a:?} then {b:?}", i + 1);
        }
    }
    println!("same: {}", again == third);
}
