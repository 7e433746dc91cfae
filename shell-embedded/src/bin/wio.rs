//! The Seeed Wio Terminal firmware (ATSAMD51P19, ILI9341 at 320 x 240, a
//! 5-way switch and three buttons): the whole game on the board. The seed
//! comes from the chip's random number generator; the run is saved in the
//! QSPI flash (`w25q32`, `flash`); the buttons are polled and debounced;
//! the 30 ms command tick is kept with the Cortex-M4's cycle counter.
//! `cargo xtask flash` builds it and writes a UF2 file for the board's
//! bootloader (or flashes it with probe-rs when a probe is attached). With
//! the `defmt` feature it logs over RTT (`probe-rs run` shows the log).
#![no_std]
#![no_main]

use amulets_embedded::flash::FlashStore;
use amulets_embedded::input::Debouncer;
use amulets_embedded::w25q32::{self, W25q32};
use amulets_embedded::{Buttons, Layout, Shell};
use amulets_play::session::{Session, Start};
use amulets_play::store::Kept;
#[cfg(feature = "defmt")]
use defmt_rtt as _;
use panic_halt as _;
use wio_terminal as wio;

use wio::entry;
use wio::hal::clock::GenericClockController;
use wio::hal::delay::Delay;
use wio::pac::{CorePeripherals, Peripherals};
use wio::prelude::*;

/// The main clock GenericClockController sets up: 120 MHz.
const CYCLES_PER_MS: u32 = 120_000;

#[entry]
fn main() -> ! {
    let mut peripherals = Peripherals::take().unwrap();
    let mut core = CorePeripherals::take().unwrap();
    let mut clocks = GenericClockController::with_external_32kosc(
        peripherals.gclk,
        &mut peripherals.mclk,
        &mut peripherals.osc32kctrl,
        &mut peripherals.oscctrl,
        &mut peripherals.nvmctrl,
    );
    let mut delay = Delay::new(core.SYST, &mut clocks);
    core.DCB.enable_trace();
    core.DWT.enable_cycle_counter();

    let sets = wio::Pins::new(peripherals.port).split();
    let (display, _backlight) = sets
        .display
        .init(
            &mut clocks,
            peripherals.sercom7,
            &mut peripherals.mclk,
            58.MHz(),
            &mut delay,
        )
        .unwrap();
    let b = sets.buttons;
    let up = b.switch_u.into_pull_up_input();
    let down = b.switch_x.into_pull_up_input();
    let left = b.switch_b.into_pull_up_input();
    let right = b.switch_y.into_pull_up_input();
    let press = b.switch_z.into_pull_up_input();
    // Seeed's names: A is the right-hand button (1), C the left-hand (3).
    let a = b.button1.into_pull_up_input();
    let bb = b.button2.into_pull_up_input();
    let c = b.button3.into_pull_up_input();

    // Seeds from the chip's random number generator, never 0 (which means
    // "choose one").
    let trng = wio::hal::trng::Trng::new(&mut peripherals.mclk, peripherals.trng);
    let seeds = move || loop {
        let s = trng.random_u32();
        if s != 0 {
            break s;
        }
    };
    // The save in the QSPI flash's last 64 KiB (docs/board.md); without a flash
    // that answers, the game plays on and says it is not saving.
    let qspi = sets.flash.init(&mut peripherals.mclk, peripherals.qspi);
    let store = match W25q32::new(qspi) {
        Ok(chip) => Kept::In(FlashStore::new(chip, w25q32::SAVE_BASE)),
        Err(_) => Kept::Lost("the flash did not answer"),
    };
    let mut session = Session::new(store, (), seeds, Start::default());
    session.keyboard_mut().make_repeats(true);
    session
        .run_mut()
        .saving_mut()
        .set_autosave(amulets_embedded::flash::BOARD_AUTOSAVE);
    #[cfg(feature = "defmt")]
    defmt::info!(
        "amulets on the Wio Terminal, seed {=u32}",
        session.game().seed()
    );
    #[cfg(feature = "defmt")]
    let mut logged_depth = 0;
    let mut shell = Shell::new(display, Layout::Full);
    let mut now: u64 = 0;
    let mut last = wio::hal::pac::DWT::cycle_count();
    let mut spare: u32 = 0;
    let mut debounce = Debouncer::new();
    loop {
        let raw = Buttons {
            up: up.is_low().unwrap_or(false),
            down: down.is_low().unwrap_or(false),
            left: left.is_low().unwrap_or(false),
            right: right.is_low().unwrap_or(false),
            press: press.is_low().unwrap_or(false),
            a: a.is_low().unwrap_or(false),
            b: bb.is_low().unwrap_or(false),
            c: c.is_low().unwrap_or(false),
        };
        // Milliseconds from the cycle counter, which wraps every 35 s: only
        // differences are taken, and the remainder carried.
        let cycles = wio::hal::pac::DWT::cycle_count();
        let elapsed = cycles.wrapping_sub(last) + spare;
        last = cycles;
        now += u64::from(elapsed / CYCLES_PER_MS);
        spare = elapsed % CYCLES_PER_MS;
        let buttons = debounce.update(raw, now);
        shell.update(&mut session, buttons, now);
        if session.run().finished() {
            // Quit on a board: its title again, for the next run.
            let (store, recorder, seeds) = session.into_parts();
            session = Session::new(store, recorder, seeds, Start::default());
            session.keyboard_mut().make_repeats(true);
            session
                .run_mut()
                .saving_mut()
                .set_autosave(amulets_embedded::flash::BOARD_AUTOSAVE);
        }
        // A write the display refused: the shell paints the whole picture
        // afresh next time, which is all there is to do about it here; the
        // defmt build says so.
        #[cfg_attr(not(feature = "defmt"), allow(unused_variables))]
        let drawn = shell.draw(&session);
        #[cfg(feature = "defmt")]
        match drawn {
            Err(_) => defmt::warn!("the display refused a write: drawing afresh"),
            Ok(redrawn) if session.game().depth() != logged_depth => {
                logged_depth = session.game().depth();
                defmt::info!(
                    "floor {=i32}, turn {=u32}, {=u32} places drawn",
                    logged_depth,
                    session.game().turn(),
                    redrawn
                );
            }
            Ok(_) => {}
        }
        delay.delay_ms(5u32);
    }
}
