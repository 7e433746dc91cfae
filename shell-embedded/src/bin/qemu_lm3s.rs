//! The QEMU `lm3s6965evb` (Cortex-M3, 64 KiB of RAM) firmware: no display,
//! the bot plays a whole run through the `Session`, as the other boards'
//! buttons do (a command's step on the session's clock, else the bot's next
//! action), and the state hash at its end is printed, to equal the host's.
//! The stack is painted first and measured after, so the run's high-water
//! mark is known.
#![no_std]
#![no_main]

use amulets_core::bot::Bot;
use amulets_core::game::Game;
use amulets_core::input::Action;
use amulets_core::session::{NoStore, Session, Start};
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
    let start = Start {
        seed: Some(seed),
        ..Start::default()
    };
    // No flash here to keep a save in: the session saves to nothing. The
    // run begins at the title, as a player's N and class letter begin it
    // (the floor is made under `act`, not under `Session::new`, whose
    // frame holds a whole session: 64 KiB has no room for both).
    let mut session = Session::new(NoStore, (), || board::SEED, start);
    session.act(Action::NewRun);
    session.act(Action::ChooseClass(class));
    let mut bot = Bot::new();
    let mut now: u64 = 0;
    while session.play_bot(&mut bot, &mut now) {}
    let game = session.game();
    hprintln!(
        "ended on floor {} at turn {}, won: {}",
        game.depth(),
        game.turn(),
        game.state() == amulets_core::game::State::Won
    );
    hprintln!("state hash {:016x}", amulets_core::replay::state_hash(game));
    let (used, size) = stack::high_water(painted);
    hprintln!(
        "static RAM {} bytes, stack high-water {} of {} bytes, size_of Game {}, size_of Session {}",
        stack::static_ram(),
        used,
        size,
        core::mem::size_of::<Game>(),
        core::mem::size_of_val(&session)
    );
    debug::exit(debug::EXIT_SUCCESS);
    loop {
        cortex_m::asm::wfi();
    }
}
