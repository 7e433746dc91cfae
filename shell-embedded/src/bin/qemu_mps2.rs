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
use amulets_embedded::board::HostFlash;
use amulets_embedded::board::{self, host_file};
use amulets_embedded::flash::FlashStore;
use amulets_embedded::framebuffer::FrameBuffer;
use amulets_embedded::{Buttons, Layout, Shell};
use amulets_play::session::{Session, Start};
use amulets_play::store::Kept;
use core::sync::atomic::{AtomicU32, Ordering};
use cortex_m::peripheral::syst::SystClkSource;
use cortex_m_rt::{entry, exception};
use cortex_m_semihosting::{debug, hprintln};

/// Writes the display to `frame-<floor>-<turn>.ppm` on the host.
fn dump(fb: &FrameBuffer<320, 240>, game: &Game) {
    let mut name: heapless::String<40> = heapless::String::new();
    core::fmt::write(
        &mut name,
        format_args!("frame-floor{}-turn{:05}.ppm\0", game.depth(), game.turn()),
    )
    .expect("the longest name, a turn of ten digits, is 32 bytes of the 40");
    match host_file::create(&name) {
        Some(fd) => {
            fb.write_ppm(|bytes| host_file::write(fd, bytes));
            host_file::close(fd);
            hprintln!("wrote {}", name.trim_end_matches('\0'));
        }
        None => hprintln!("could not write {}", name.trim_end_matches('\0')),
    }
}

/// A button by its script name.
fn button(name: &str) -> Option<Buttons> {
    let mut b = Buttons::NONE;
    match name {
        "up" => b.up = true,
        "down" => b.down = true,
        "left" => b.left = true,
        "right" => b.right = true,
        "press" => b.press = true,
        "a" => b.a = true,
        "b" => b.b = true,
        "c" => b.c = true,
        _ => return None,
    }
    Some(b)
}

/// Plays the host's `buttons.txt`: words separated by white space, each a
/// button pressed and let go (`up down left right press a b c`), B held
/// with a direction (`b+up`), `wait N` (milliseconds with nothing
/// pressed), `shot NAME` (the display to `NAME.ppm`), `hash` (the state
/// hash printed), `bot` (the bot plays the run to its end, to see the end
/// and the record). Commands run on the session's clock between words.
fn play_script<H: amulets_play::session::Host>(
    session: &mut Session<H>,
    shell: &mut Shell<FrameBuffer<320, 240>>,
) {
    let mut text = [0u8; 4096];
    let Some(n) = host_file::read_all("buttons.txt\0", &mut text) else {
        hprintln!("no buttons.txt to play");
        debug::exit(debug::EXIT_FAILURE);
        return;
    };
    let script = core::str::from_utf8(&text[..n]).unwrap_or("");
    let mut now: u64 = 0;
    let mut words = script.split_whitespace();
    let step = |session: &mut Session<H>,
                shell: &mut Shell<FrameBuffer<320, 240>>,
                b: Buttons,
                now: &mut u64| {
        shell.update(session, b, *now);
        *now += 50;
        let Ok(_) = shell.draw(session); // A frame in RAM takes every write.
    };
    while let Some(w) = words.next() {
        match w {
            "wait" => {
                let ms: u64 = words.next().and_then(|n| n.parse().ok()).unwrap_or(0);
                let end = now + ms;
                while now < end {
                    step(session, shell, Buttons::NONE, &mut now);
                }
            }
            "shot" => {
                let name = words.next().unwrap_or("shot");
                let mut file: heapless::String<48> = heapless::String::new();
                if core::fmt::write(&mut file, format_args!("{name}.ppm\0")).is_err() {
                    hprintln!("a shot's name is 43 bytes at most: {}", name);
                    debug::exit(debug::EXIT_FAILURE);
                }
                let Ok(_) = shell.draw(session);
                match host_file::create(&file) {
                    Some(fd) => {
                        shell
                            .display()
                            .write_ppm(|bytes| host_file::write(fd, bytes));
                        host_file::close(fd);
                        hprintln!("wrote {}", file.trim_end_matches('\0'));
                    }
                    None => hprintln!("could not write {}", file.trim_end_matches('\0')),
                }
            }
            "hash" => hprintln!(
                "state hash {:016x}",
                amulets_core::replay::state_hash(session.game())
            ),
            "bot" => {
                let mut bot = amulets_core::bot::Bot::new();
                while amulets_play::autoplay::play_bot(
                    session,
                    &mut bot,
                    &mut now,
                    amulets_play::autoplay::Pace::Steps,
                ) {}
                step(session, shell, Buttons::NONE, &mut now);
            }
            chord if chord.starts_with("b+") => match button(&chord[2..]) {
                Some(d) => {
                    let b = button("b").unwrap_or(Buttons::NONE);
                    let both = Buttons { b: true, ..d };
                    for held in [b, both, b, Buttons::NONE] {
                        step(session, shell, held, &mut now);
                    }
                }
                None => hprintln!("no button {}", chord),
            },
            name => match button(name) {
                Some(b) => {
                    step(session, shell, b, &mut now);
                    step(session, shell, Buttons::NONE, &mut now);
                }
                None => hprintln!("no button {}", name),
            },
        }
        // A command the words started runs to its end on the clock.
        while session.game().command_running() {
            step(session, shell, Buttons::NONE, &mut now);
        }
    }
}

/// SysTick's wraps: it counts down 24 bits, about 0.67 s of QEMU's
/// virtual time, and a long parse takes more than one.
static WRAPS: AtomicU32 = AtomicU32::new(0);

#[exception]
fn SysTick() {
    WRAPS.fetch_add(1, Ordering::Relaxed);
}

/// SysTick ticks since it was started, wraps included.
fn ticks() -> u64 {
    loop {
        let wraps = WRAPS.load(Ordering::Relaxed);
        let left = cortex_m::peripheral::SYST::get_current();
        if WRAPS.load(Ordering::Relaxed) == wraps {
            return (u64::from(wraps) << 24) + u64::from(0x00FF_FFFF - left);
        }
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
    p.SYST.enable_interrupt();
    // Cleared, the counter reads 0 until its first tick loads the reload.
    while cortex_m::peripheral::SYST::get_current() == 0 {}
    let started = ticks();

    // The bot plays through the session, as a player's buttons would: a
    // command's step every 30 ms of the session's clock, else its next
    // action.
    let start = if board::continue_saved() || board::play_buttons() {
        Start::default()
    } else {
        Start {
            seed: Some(seed),
            class: Some(class),
            ..Start::default()
        }
    };
    // The save in a flash file on the host when asked for, else none.
    // A flash file that does not open is said on the status, as the Wio
    // says a chip that does not answer.
    let store = match board::store_in_flash().then(|| HostFlash::open("amulets-flash.bin\0")) {
        None => Kept::Nowhere,
        Some(Some(flash)) => Kept::In(FlashStore::new(flash, 0)),
        Some(None) => Kept::Lost("the host's flash file did not open"),
    };
    let mut session = Session::new(store, (), || board::SEED, start);
    session
        .run_mut()
        .saving_mut()
        .set_autosave(amulets_embedded::flash::BOARD_AUTOSAVE);
    if board::play_buttons() {
        let mut shell = Shell::new(FrameBuffer::<320, 240>::new(), Layout::Full);
        let Ok(_) = shell.draw(&session);
        play_script(&mut session, &mut shell);
        debug::exit(debug::EXIT_SUCCESS);
    }
    if board::continue_saved() {
        // The title's C, as a player's button would press it.
        session.press(Key::Char('c'));
        session.release(Key::Char('c'));
        let game = session.game();
        // Both parses: the session's look at the store as it began, and C.
        hprintln!(
            "continuing took {} SysTick ticks, the save's dice drawn {} times",
            ticks() - started,
            game.rng().draws()
        );
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
        let Ok(redrawn) = shell.draw(&session);
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
        if !amulets_play::autoplay::play_bot(
            &mut session,
            &mut bot,
            &mut now,
            amulets_play::autoplay::Pace::Steps,
        ) {
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
