//! The QEMU `mps2-an386` (Cortex-M4) firmware: the shell draws into a RAM
//! frame buffer while the bot plays; frames go to the host as PPM files
//! through semihosting (the first on each floor, and one `LATER` turns on),
//! and the
//! redraw's cost is measured with SysTick under QEMU's `-icount`.
//! `cargo xtask qemu` builds and runs it.
#![no_std]
#![no_main]

use amulets_core::bot::Bot;
use amulets_core::game::Game;
use amulets_core::input::Key;
use amulets_core::session::{Session, Start};
use amulets_embedded::board::HostFlash;
use amulets_embedded::board::{self, host_file};
use amulets_embedded::flash::FlashStore;
use amulets_embedded::framebuffer::FrameBuffer;
use amulets_embedded::{Layout, Shell};
use cortex_m::peripheral::syst::SystClkSource;
use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};

/// Writes the display to `frame-<floor>-<turn>.ppm` on the host.
fn dump(fb: &FrameBuffer<320, 240>, game: &Game) {
    let mut name: heapless::String<40> = heapless::String::new();
    let _ = core::fmt::write(
        &mut name,
        format_args!("frame-floor{}-turn{:05}.ppm\0", game.depth(), game.turn()),
    );
    match host_file::create(&name) {
        Some(fd) => {
            fb.write_ppm(|bytes| host_file::write(fd, bytes));
            host_file::close(fd);
            hprintln!("wrote {}", name.trim_end_matches('\0'));
        }
        None => hprintln!("could not write {}", name.trim_end_matches('\0')),
    }
}

#[entry]
fn main() -> ! {
    let seed = board::SEED;
    let class = board::class();
    hprintln!("amulets on mps2-an386: seed {}, the {}", seed, class.name());
    let mut p = cortex_m::Peripherals::take().expect("taken once");
    p.SYST.set_clock_source(SystClkSource::Core);
    p.SYST.set_reload(0x00FF_FFFF);
    p.SYST.clear_current();
    p.SYST.enable_counter();

    // The bot plays through the session, as a player's buttons would: a
    // command's step every 30 ms of the session's clock, else its next
    // action.
    let start = if board::continue_saved() {
        Start::default()
    } else {
        Start {
            seed: Some(seed),
            class: Some(class),
            ..Start::default()
        }
    };
    // The save in a flash file on the host when asked for, else none.
    let store = board::store_in_flash().then(|| {
        FlashStore::new(
            HostFlash::open("amulets-flash.bin\0").expect("the flash file opens"),
            0,
        )
    });
    let mut session = Session::new(store, (), || board::SEED, start);
    if board::continue_saved() {
        // The title's C, as a player's button would press it.
        session.press(Key::Char('c'));
        session.release(Key::Char('c'));
        let game = session.game();
        hprintln!("continued on floor {}, turn {}", game.depth(), game.turn());
        hprintln!("state hash {:016x}", amulets_core::replay::state_hash(game));
        debug::exit(debug::EXIT_SUCCESS);
    }
    let mut now: u64 = 0;
    let mut shell = Shell::new(FrameBuffer::<320, 240>::new(), Layout::Full);
    let mut bot = Bot::new();
    let mut floor = 0;
    let mut arrived = 0;
    let (mut frames, mut total, mut most) = (0u64, 0u64, 0u32);
    loop {
        let before = cortex_m::peripheral::SYST::get_current();
        let redrawn = shell.draw(&session);
        let game = session.game();
        let after = cortex_m::peripheral::SYST::get_current();
        // SysTick counts down through 24 bits; a redraw takes far fewer.
        let ticks = before.wrapping_sub(after) & 0x00FF_FFFF;
        if redrawn > 0 {
            frames += 1;
            total += u64::from(ticks);
            most = most.max(ticks);
        }
        if game.depth() != floor {
            floor = game.depth();
            arrived = game.turn();
            dump(shell.display(), game);
        } else if arrived != u32::MAX && game.turn() >= arrived + board::LATER {
            arrived = u32::MAX;
            dump(shell.display(), game);
        }
        if board::end_by_saving() && game.depth() == 2 {
            // The session saved the run on arrival, as it does on every
            // floor; the board then loses its power, as it may at any time.
            hprintln!("saved on floor {}, turn {}", game.depth(), game.turn());
            hprintln!(
                "state hash at the save {:016x}",
                amulets_core::replay::state_hash(game)
            );
            debug::exit(debug::EXIT_SUCCESS);
        }
        if board::TURNS.is_some_and(|t| game.turn() >= t) {
            break;
        }
        if game.command_running() {
            now += u64::from(amulets_core::game::command::COMMAND_STEP_MS);
            session.tick(now);
        } else if let Some(action) = bot.next_action(game) {
            session.act(action);
        } else {
            break;
        }
    }
    let game = session.game();
    dump(shell.display(), game);
    hprintln!(
        "ended on floor {}, turn {}; {} redraws, {} SysTick ticks each on average, {} at most",
        game.depth(),
        game.turn(),
        frames,
        total / frames.max(1),
        most
    );
    hprintln!("state hash {:016x}", amulets_core::replay::state_hash(game));
    debug::exit(debug::EXIT_SUCCESS);
    loop {
        cortex_m::asm::wfi();
    }
}
