//! The QEMU `lm3s6965evb` (Cortex-M3, 64 KiB of RAM) firmware: no display,
//! the bot plays a whole run and the state hash at its end is printed, to
//! equal the host's. The stack is painted first and measured after, so the
//! run's high-water mark is known.
#![no_std]
#![no_main]

use amulets_core::game::Game;
use amulets_embedded::board::{self, stack};
use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};

#[entry]
fn main() -> ! {
    let painted = stack::paint();
    let seed = board::SEED;
    let class = board::class();
    hprintln!(
        "amulets on lm3s6965evb: seed {}, the {}",
        seed,
        class.name()
    );
    let mut game = Game::new_run(seed, class);
    let result = amulets_core::bot::drive(&mut game, |_| Ok(()));
    let hash = amulets_core::replay::state_hash(&game);
    match result {
        Ok(r) => hprintln!(
            "ended on floor {} at turn {}, won: {}",
            r.floor,
            r.turns,
            r.won
        ),
        Err(_) => hprintln!("the run broke an invariant"),
    }
    hprintln!("state hash {:016x}", hash);
    let (used, size) = stack::high_water(painted);
    hprintln!(
        "static RAM {} bytes, stack high-water {} of {} bytes, size_of Game {}",
        stack::static_ram(),
        used,
        size,
        core::mem::size_of::<Game>()
    );
    debug::exit(debug::EXIT_SUCCESS);
    loop {
        cortex_m::asm::wfi();
    }
}
