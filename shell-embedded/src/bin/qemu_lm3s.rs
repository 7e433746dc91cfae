//! The QEMU `lm3s6965evb` (Cortex-M3, 64 KiB of RAM) firmware: the bot
//! plays a whole run through the `Session`, as the other boards' buttons do
//! (a command's step on the session's clock, else the bot's next action),
//! and the state hash at its end is printed, to equal the host's. The stack
//! is painted first and measured after, so the run's high-water mark is
//! known.
//!
//! Built with `AMULETS_PANEL=1`, it is played instead by the kit's own
//! five keys on its own panel, until QEMU is stopped (`cargo xtask
//! qemu-oled`).
//! Built with `AMULETS_REPLAYS=N`, it plays the host's `replay-0.txt` to
//! `replay-{N-1}.txt` instead (CI's recorded runs), each read a piece at a
//! time through semihosting and checked at every point and at its end.
#![no_std]
#![no_main]

use amulets_core::bot::Bot;
use amulets_core::game::Game;
use amulets_core::input::Action;
use amulets_core::replay::{self, Playback, ReplayError};
use amulets_embedded::board::{self, host_file, stack};
use amulets_play::session::{Session, Start};
use amulets_play::store::NoStore;
use core::fmt::Write;
use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};

#[entry]
fn main() -> ! {
    let painted = stack::paint();
    // The day the docs pin the daily dungeon's seed of (docs/rules.md).
    let daily = amulets_core::daily::Day::parse("2026-12-02").map_or(0, |d| d.seed());
    hprintln!("daily 2026-12-02: seed {}", daily);
    let played = match board::REPLAYS {
        Some(count) => play_replays(count),
        None if board::drive_panel() => drive_panel(painted),
        None => play_bot(),
    };
    let (used, size) = stack::high_water(painted);
    hprintln!(
        "static RAM {} bytes, stack high-water {} of {} bytes, size_of Game {}",
        stack::static_ram(),
        used,
        size,
        core::mem::size_of::<Game>()
    );
    debug::exit(if played {
        debug::EXIT_SUCCESS
    } else {
        debug::EXIT_FAILURE
    });
    loop {
        cortex_m::asm::wfi();
    }
}

/// The kit played by its keys: the keys read each time round through
/// the keypad (debouncer, five keys, pad) into the session, and the panel
/// drawn again when it may have changed, at most every `REDRAW_MS` while
/// something runs. It says each key it takes as it takes it, and each
/// time it is ready for the next, how many it has taken, the state hash
/// and the RAM used, for the rig to read the panel and send the next.
/// Runs until QEMU is stopped.
#[inline(never)]
fn drive_panel(painted: usize) -> bool {
    use amulets_embedded::board::kit::{Clock, Kit};
    use amulets_embedded::keypad::Keypad;
    use amulets_embedded::oled::Frame;
    const REDRAW_MS: u64 = 40;
    // The panel's frame, 4 KiB, in static RAM: the session's stack frame
    // and this one's together pass the M3's 64 KiB.
    let Some(frame) = cortex_m::singleton!(: Frame = Frame::new()) else {
        return false;
    };
    let mut kit = Kit::new();
    kit.wake_panel();
    let Some(mut clock) = Clock::start() else {
        hprintln!("panel: SysTick was taken");
        return false;
    };
    let start = Start {
        seed: Some(board::SEED),
        ..Start::default()
    };
    let mut session = Session::new(NoStore, (), || board::SEED, start);
    let mut pad = Keypad::new();
    let (mut stale, mut drawn_at, mut told) = (true, 0, None);
    let (mut armed, mut taken) = (false, 0);
    loop {
        let now = clock.now();
        stale |= pad.update(&mut session, kit.keys().into(), now);
        if pad.given() != taken {
            taken = pad.given();
            hprintln!("took key {}.", taken);
        }
        let ready = pad.ready(&session, now);

        if stale && (ready || now >= drawn_at + REDRAW_MS) {
            show(frame, &session, &mut pad, &mut kit);
            (stale, drawn_at) = (false, now);
        }
        if !armed && pad.armed() {
            hprintln!("keys: all five seen up");
            armed = true;
        }
        if ready && !stale && told != Some(pad.given()) {
            told = Some(pad.given());
            tell_ready(session.game(), pad.given(), painted);
        }
    }
}

/// The session drawn into the panel's frame (in static RAM) and sent.
#[inline(never)]
fn show<H: amulets_play::session::Host>(
    frame: &mut amulets_embedded::oled::Frame,
    session: &Session<H>,
    pad: &mut amulets_embedded::keypad::Keypad,
    kit: &mut amulets_embedded::board::kit::Kit,
) {
    amulets_embedded::oled::draw(frame, session, &mut pad.controls);
    frame.send_to(|bytes, data| kit.send(bytes, data));
}

/// The kit is ready for the next key: the keys it has taken, the state
/// hash, and the RAM used so far (static, and the stack's high-water).
#[inline(never)]
fn tell_ready(game: &Game, keys: u32, painted: usize) {
    let (used, size) = stack::high_water(painted);
    let statics = stack::static_ram();
    let at = game.player().pos;
    hprintln!(
        "ready after {} keys: state hash {:016x} (turn {} at {},{}), RAM {} of 65536 bytes (static {}, stack high-water {} of {})",
        keys,
        replay::state_hash(game),
        game.turn(),
        at.x,
        at.y,
        statics + used,
        statics,
        used,
        size
    );
}

/// The bot's whole run of the build's seed and class, its end's hash
/// printed. Out of line, so its frame and the replays' are not one.
#[inline(never)]
fn play_bot() -> bool {
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
    while amulets_play::autoplay::play_bot(
        &mut session,
        &mut bot,
        &mut now,
        amulets_play::autoplay::Pace::Steps,
    ) {}
    report(session.game(), core::mem::size_of_val(&session));
    true
}

/// How the bot's run ended, its hash and the session's size. Out of line,
/// so the hash's buffers are not in `play_bot`'s frame, under the run.
#[inline(never)]
fn report(game: &amulets_core::game::Game, session_bytes: usize) {
    hprintln!(
        "ended on floor {} at turn {}, won: {}",
        game.depth(),
        game.turn(),
        game.state() == amulets_core::game::State::Won
    );
    hprintln!("state hash {:016x}", replay::state_hash(game));
    hprintln!("size_of Session {}", session_bytes);
}

/// Plays `replay-0.txt` to `replay-{count-1}.txt` from the host, each
/// line by line, and prints how each ended: its points and its end's
/// hash, or why it did not play as recorded. True when every one did.
#[inline(never)]
fn play_replays(count: u32) -> bool {
    hprintln!("amulets on lm3s6965evb: {} recorded runs", count);
    let mut all = true;
    for i in 0..count {
        let mut name: heapless::String<24> = heapless::String::new();
        // "replay-4294967295.txt\0" is 22 bytes: it always fits.
        let _ = write!(name, "replay-{i}.txt\0");
        let shown = name.trim_end_matches('\0');
        let Some(fd) = host_file::open_read(&name) else {
            hprintln!("{}: not on the host", shown);
            all = false;
            continue;
        };
        let mut playback = Playback::new();
        let ended = play_file(fd, &mut playback);
        host_file::close(fd);
        let game = playback.game();
        match ended {
            Ok(()) => hprintln!(
                "{}: {} points as recorded, ended at turn {}, state hash {:016x}",
                shown,
                playback.points(),
                game.turn(),
                replay::state_hash(game)
            ),
            Err(e) => {
                hprintln!("{}: {}", shown, e);
                all = false;
            }
        }
    }
    all
}

/// Feeds the open file to the playback a piece at a time, to its end.
fn play_file(fd: usize, playback: &mut Playback) -> Result<(), ReplayError> {
    let mut piece = [0u8; 256];
    loop {
        let read = host_file::read_some(fd, &mut piece);
        if read == 0 {
            return playback.end();
        }
        if playback.feed(&piece[..read])? {
            return Ok(());
        }
    }
}
