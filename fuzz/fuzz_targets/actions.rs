//! Random streams of keys and command steps against a run: the rules'
//! invariants hold after every one, and nothing panics.
#![no_main]

use amulets_core::game::Game;
use amulets_core::input::Key;
use amulets_core::player::Class;
use amulets_play::bindings::Press;
use libfuzzer_sys::fuzz_target;

const KEYS: [Key; 24] = [
    Key::Char('h'),
    Key::Char('j'),
    Key::Char('k'),
    Key::Char('l'),
    Key::Char('y'),
    Key::Char('u'),
    Key::Char('b'),
    Key::Char('n'),
    Key::Char('.'),
    Key::Char('g'),
    Key::Char('i'),
    Key::Char('d'),
    Key::Char('s'),
    Key::Char('c'),
    Key::Char('f'),
    Key::Char('t'),
    Key::Char('z'),
    Key::Char('o'),
    Key::Char('R'),
    Key::Char('>'),
    Key::Enter,
    Key::Escape,
    Key::Tab,
    Key::F(6),
];

fuzz_target!(|data: &[u8]| {
    if data.len() < 3 {
        return;
    }
    let seed = u32::from(data[0]) | (u32::from(data[1]) << 8);
    let class = Class::ALL[usize::from(data[2]) % 3];
    let mut game = Game::new_run(seed, class);
    for &b in &data[3..] {
        if game.command_running() && b & 0x80 != 0 {
            game.step_command();
        } else if b & 0x40 != 0 {
            game.press(Key::Char((b'a' + (b % 26)) as char));
        } else {
            game.press(KEYS[usize::from(b) % KEYS.len()]);
        }
        if let Err(e) = game.check_invariants() {
            panic!("{e}");
        }
    }
});
