//! The Raspberry Pi Pico under Waveshare's Pico-LCD-1.3 (RP2040; an ST7789
//! of 240 x 240 on SPI1; a 5-way joystick and keys A, B, X, Y, each to
//! ground): the whole game, in the square layout. The joystick is the
//! pad's switch and press, A and B are A and B, X is C (the menu), Y the
//! help. The buttons are debounced; time is the RP2040's 1 MHz timer.
//! Saves stay out: the run lasts until the board is switched off.
//!
//! It says on UART0 (GP0, 115,200 baud) the seed it starts with, and,
//! each time nothing is left to happen without a button (for a test rig
//! to read the panel and press the next), how many presses it has taken
//! and the state hash. `cargo xtask dist` writes its UF2; the rig boots
//! that file in an RP2040 emulator (docs/board.md).
#![no_std]
#![no_main]

use amulets_core::replay;
use amulets_embedded::keypad::PadReader;
use amulets_embedded::st7789::St7789;
use amulets_embedded::{Buttons, Layout, Shell};
use amulets_play::session::{Session, Start};
use amulets_play::store::NoStore;
use core::fmt::Write;
use embedded_hal::delay::DelayNs;
use embedded_hal::digital::{InputPin, OutputPin};
use panic_halt as _;
use rp_pico::entry;
use rp_pico::hal::{self, Clock, fugit::RateExtU32, pac};

#[entry]
fn main() -> ! {
    let Some(mut pac) = pac::Peripherals::take() else {
        loop {
            cortex_m::asm::wfi();
        }
    };
    let mut watchdog = hal::Watchdog::new(pac.WATCHDOG);
    let Ok(clocks) = hal::clocks::init_clocks_and_plls(
        rp_pico::XOSC_CRYSTAL_FREQ,
        pac.XOSC,
        pac.CLOCKS,
        pac.PLL_SYS,
        pac.PLL_USB,
        &mut pac.RESETS,
        &mut watchdog,
    ) else {
        loop {
            cortex_m::asm::wfi();
        }
    };
    let sio = hal::Sio::new(pac.SIO);
    let pins = rp_pico::Pins::new(
        pac.IO_BANK0,
        pac.PADS_BANK0,
        sio.gpio_bank0,
        &mut pac.RESETS,
    );
    let timer = hal::Timer::new(pac.TIMER, &mut pac.RESETS, &clocks);

    // What the rig reads: UART0 on GP0 (TX) and GP1.
    let uart_pins = (
        pins.gpio0.into_function::<hal::gpio::FunctionUart>(),
        pins.gpio1.into_function::<hal::gpio::FunctionUart>(),
    );
    let uart = hal::uart::UartPeripheral::new(pac.UART0, uart_pins, &mut pac.RESETS).enable(
        hal::uart::UartConfig::new(
            115_200.Hz(),
            hal::uart::DataBits::Eight,
            None,
            hal::uart::StopBits::One,
        ),
        clocks.peripheral_clock.freq(),
    );
    let mut say = Say(uart.ok());

    // The panel: SPI1's clock on GP10 and data on GP11, chip select GP9
    // (held low: the panel is alone on the bus), data/command GP8, reset
    // GP12, backlight GP13.
    let spi = hal::spi::Spi::<_, _, _, 8>::new(
        pac.SPI1,
        (
            pins.gpio11.into_function::<hal::gpio::FunctionSpi>(),
            pins.gpio10.into_function::<hal::gpio::FunctionSpi>(),
        ),
    )
    .init(
        &mut pac.RESETS,
        clocks.peripheral_clock.freq(),
        62_500_000.Hz(),
        embedded_hal::spi::MODE_0,
    );
    let lines = Lines {
        select: pins.gpio9.into_push_pull_output(),
        reset: pins.gpio12.into_push_pull_output(),
        backlight: pins.gpio13.into_push_pull_output(),
    };
    let dc = pins.gpio8.into_push_pull_output();
    let panel = wake(St7789::new(spi, dc), lines, timer, &mut say);

    // The joystick and the four keys, each to ground when pressed, in
    // the order `read` takes them.
    let keys: [Input; 9] = [
        pins.gpio2.into_pull_up_input().into_dyn_pin(),
        pins.gpio18.into_pull_up_input().into_dyn_pin(),
        pins.gpio16.into_pull_up_input().into_dyn_pin(),
        pins.gpio20.into_pull_up_input().into_dyn_pin(),
        pins.gpio3.into_pull_up_input().into_dyn_pin(),
        pins.gpio15.into_pull_up_input().into_dyn_pin(),
        pins.gpio17.into_pull_up_input().into_dyn_pin(),
        pins.gpio19.into_pull_up_input().into_dyn_pin(),
        pins.gpio21.into_pull_up_input().into_dyn_pin(),
    ];

    let rosc = hal::rosc::RingOscillator::new(pac.ROSC).initialize();
    let shell = Shell::new(panel, Layout::Square);
    play(shell, keys, rosc, &timer, &mut say)
}

/// The panel's other lines: its chip select, its reset, its backlight.
struct Lines<C, R, B> {
    select: C,
    reset: R,
    backlight: B,
}

/// The panel selected, reset (low 10 ms, then 120 ms to wake), woken and
/// lit; a refusal said on the UART.
fn wake<S, D, C, R, B>(
    mut panel: St7789<S, D>,
    mut lines: Lines<C, R, B>,
    mut timer: hal::Timer,
    say: &mut Say<impl SayLine>,
) -> St7789<S, D>
where
    S: embedded_hal::spi::SpiBus<u8>,
    D: OutputPin,
    C: OutputPin,
    R: OutputPin,
    B: OutputPin,
{
    // Setting a pin of the RP2040's cannot fail (its error is Infallible).
    let _ = lines.select.set_low();
    let _ = lines.reset.set_low();
    timer.delay_ms(10);
    let _ = lines.reset.set_high();
    timer.delay_ms(120);
    if panel.init(|ms| timer.delay_ms(ms)).is_err() {
        say.line(format_args!("panel: the SPI bus refused"));
    }
    let _ = lines.backlight.set_high();
    panel
}

/// A button's pin, pulled up.
type Input = hal::gpio::Pin<hal::gpio::DynPinId, hal::gpio::FunctionSioInput, hal::gpio::PullUp>;

/// The pad's buttons and the help key (Y) as the pins read now: up,
/// down, left, right, the press, A, B, X (C), Y.
fn read(keys: &mut [Input; 9]) -> (Buttons, bool) {
    // Reading an RP2040 pin cannot fail (its error is Infallible).
    let [up, down, left, right, press, a, b, c, y] =
        core::array::from_fn(|i| keys[i].is_low().unwrap_or(false));
    let buttons = Buttons {
        up,
        down,
        left,
        right,
        press,
        a,
        b,
        c,
    };
    (buttons, y)
}

/// The game, for ever: its first seed said, then the buttons read and
/// handed on, the panel drawn, the presses and readiness said.
fn play<D>(
    mut shell: Shell<D>,
    mut keys: [Input; 9],
    rosc: hal::rosc::RingOscillator<hal::rosc::Enabled>,
    timer: &hal::Timer,
    say: &mut Say<impl SayLine>,
) -> !
where
    D: embedded_graphics::draw_target::DrawTarget<Color = embedded_graphics::pixelcolor::Rgb565>,
{
    // Seeds from the ring oscillator's random bit, never 0 (which means
    // "choose one").
    let seeds = move || loop {
        let s = (0..32).fold(0u32, |s, _| s << 1 | u32::from(rosc.get_random_bit()));
        if s != 0 {
            break s;
        }
    };
    let seed = seeds();
    say.line(format_args!("amulets on the pico: seed {seed}"));
    let start = Start {
        seed: Some(seed),
        ..Start::default()
    };
    let mut session = Session::new(NoStore, (), seeds, start);
    session.keyboard_mut().make_repeats(true);
    let mut pad = PadReader::new();
    let (mut told, mut taken) = (None, 0);
    loop {
        let now = timer.get_counter().ticks() / 1000;
        let (raw, help) = read(&mut keys);
        pad.update(&mut shell, &mut session, raw, help, now);
        if pad.presses() != taken {
            taken = pad.presses();
            say.line(format_args!("took press {taken}."));
        }
        if session.run().finished() {
            // Quit on a board: its title again, for the next run.
            let (store, recorder, seeds) = session.into_parts();
            session = Session::new(store, recorder, seeds, Start::default());
            session.keyboard_mut().make_repeats(true);
        }
        // A write the panel refused: the shell paints afresh next time.
        let _ = shell.draw(&session);
        if pad.ready(&session, now) && told != Some(taken) {
            told = Some(taken);
            say.line(format_args!(
                "ready after {taken} presses: state hash {:016x}",
                replay::state_hash(session.game())
            ));
        }
    }
}

/// Lines on UART0, when it came up.
struct Say<U>(Option<U>);

/// A UART that writes bytes, waiting while its FIFO is full.
trait SayLine {
    fn write(&mut self, bytes: &[u8]);
}

impl<D: hal::uart::UartDevice, P: hal::uart::ValidUartPinout<D>> SayLine
    for hal::uart::UartPeripheral<hal::uart::Enabled, D, P>
{
    fn write(&mut self, bytes: &[u8]) {
        self.write_full_blocking(bytes);
    }
}

impl<U: SayLine> Say<U> {
    fn line(&mut self, args: core::fmt::Arguments<'_>) {
        let Some(uart) = &mut self.0 else {
            return;
        };
        let mut text: heapless::String<128> = heapless::String::new();
        // A line longer than 128 bytes is cut: these are all shorter.
        let _ = text.write_fmt(args);
        uart.write(text.as_bytes());
        uart.write(b"\r\n");
    }
}
