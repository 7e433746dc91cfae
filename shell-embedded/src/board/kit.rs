//! The LM3S6965 evaluation kit's panel and keys, as QEMU's `lm3s6965evb`
//! wires them: a 128 x 64 OLED of 16 greys behind an SSD0323 controller
//! on SSI0 (a PL022), its data/command line on GPIO C7 and its select on
//! D0, and five keys on E0 to E3 (up, down, left, right) and F1 (select),
//! each low while pressed.
//!
//! Every register is written through `Reg`, whose one `unsafe` block is
//! sound for the addresses below: each is a register of the LM3S6965's
//! data sheet, 4-aligned, in the peripheral region, which no Rust object
//! lives in, and volatile access is what the hardware asks for.

/// One 32-bit register.
#[derive(Clone, Copy)]
struct Reg(usize);

impl Reg {
    fn write(self, value: u32) {
        // SAFETY: see the module's comment: a peripheral register's
        // address, aligned, outside every Rust object.
        unsafe { core::ptr::write_volatile(self.0 as *mut u32, value) }
    }

    fn read(self) -> u32 {
        // SAFETY: as `write`.
        unsafe { core::ptr::read_volatile(self.0 as *const u32) }
    }

    fn set(self, bits: u32) {
        self.write(self.read() | bits);
    }
}

/// The system control block's clock gates for run mode: SSI0 in RCGC1,
/// the GPIO ports in RCGC2.
const RCGC1: Reg = Reg(0x400F_E104);
const RCGC2: Reg = Reg(0x400F_E108);
const RCGC1_SSI0: u32 = 1 << 4;
/// Ports C, D, E and F.
const RCGC2_PORTS: u32 = 0b11_1100;

/// A GPIO port's base address.
const PORT_C: usize = 0x4000_6000;
const PORT_D: usize = 0x4000_7000;
const PORT_E: usize = 0x4002_4000;
const PORT_F: usize = 0x4002_5000;
/// A port's registers: its data, masked by address bits 9 to 2 (so a
/// write changes only the pins the address names), its direction (1:
/// out) and its digital enable.
const fn data(port: usize, pins: u32) -> Reg {
    Reg(port + ((pins as usize) << 2))
}
const fn dir(port: usize) -> Reg {
    Reg(port + 0x400)
}
const fn den(port: usize) -> Reg {
    Reg(port + 0x51C)
}
/// A port's pull-ups: the keys read high (not pressed) until a key pulls
/// its line down.
const fn pull_up(port: usize) -> Reg {
    Reg(port + 0x510)
}
/// The pins: C7 data/command (high: data), D0 the panel's select (high:
/// selected, as QEMU's controller takes it), the keys.
const DC: u32 = 1 << 7;
const SELECT_PANEL: u32 = 1 << 0;
const KEYS_E: u32 = 0b1111;
const KEY_F: u32 = 1 << 1;

/// SSI0's registers.
const SSI0: usize = 0x4000_8000;
const SSI_CR0: Reg = Reg(SSI0);
const SSI_CR1: Reg = Reg(SSI0 + 0x04);
const SSI_DR: Reg = Reg(SSI0 + 0x08);
const SSI_SR: Reg = Reg(SSI0 + 0x0C);
const SSI_CPSR: Reg = Reg(SSI0 + 0x10);
/// Status: the transmit FIFO is not full; the receive FIFO is not empty;
/// the port is busy.
const SR_TNF: u32 = 1 << 1;
const SR_RNE: u32 = 1 << 2;
const SR_BSY: u32 = 1 << 4;

/// The five keys, each `true` while pressed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Keys {
    pub up: bool,
    pub down: bool,
    pub left: bool,
    pub right: bool,
    pub select: bool,
}

/// The kit's panel port and keys, set up.
pub struct Kit(());

impl Kit {
    /// Turns the ports' clocks on and sets the pins and SSI0 up: 8-bit
    /// frames, SPI's first mode, the clock at a half of the system's.
    pub fn new() -> Kit {
        RCGC1.set(RCGC1_SSI0);
        RCGC2.set(RCGC2_PORTS);
        dir(PORT_C).set(DC);
        den(PORT_C).set(DC);
        dir(PORT_D).set(SELECT_PANEL);
        den(PORT_D).set(SELECT_PANEL);
        data(PORT_D, SELECT_PANEL).write(SELECT_PANEL);
        den(PORT_E).set(KEYS_E);
        den(PORT_F).set(KEY_F);
        pull_up(PORT_E).set(KEYS_E);
        pull_up(PORT_F).set(KEY_F);
        SSI_CR1.write(0);
        SSI_CPSR.write(2);
        SSI_CR0.write(0x07);
        SSI_CR1.write(1 << 1);
        Kit(())
    }

    /// Wakes the panel: 64 rows multiplexed, the normal display mode
    /// (not all on or all off), the display on.
    pub fn wake_panel(&mut self) {
        self.send(&[0xA8, 0x3F, 0xA4, 0xAF], false);
    }

    /// Sends bytes as commands (`data` false) or as data.
    pub fn send(&mut self, bytes: &[u8], data_bytes: bool) {
        // The line may change only once the last byte has gone.
        while SSI_SR.read() & SR_BSY != 0 {}
        data(PORT_C, DC).write(if data_bytes { DC } else { 0 });
        for &b in bytes {
            while SSI_SR.read() & SR_TNF == 0 {}
            SSI_DR.write(u32::from(b));
            // What the panel sends back is nothing: drop it, so the
            // receive FIFO never overflows.
            while SSI_SR.read() & SR_RNE != 0 {
                let _ = SSI_DR.read();
            }
        }
    }

    /// The keys as they are now.
    pub fn keys(&self) -> Keys {
        let e = data(PORT_E, KEYS_E).read();
        let f = data(PORT_F, KEY_F).read();
        Keys {
            up: e & 1 == 0,
            down: e & 2 == 0,
            left: e & 4 == 0,
            right: e & 8 == 0,
            select: f & KEY_F == 0,
        }
    }
}

impl Default for Kit {
    fn default() -> Self {
        Kit::new()
    }
}

impl From<Keys> for crate::input::Buttons {
    /// The five keys as a pad's: the four ways, and select as the press.
    fn from(k: Keys) -> Self {
        crate::input::Buttons {
            up: k.up,
            down: k.down,
            left: k.left,
            right: k.right,
            press: k.select,
            ..crate::input::Buttons::NONE
        }
    }
}

/// The kit's clock: SysTick counting down the core's cycles over its
/// whole 24 bits, read often enough (every 1.3 s at most) that no wrap is
/// missed, in milliseconds since `start`.
pub struct Clock {
    syst: cortex_m::peripheral::SYST,
    last: u32,
    cycles: u64,
}

/// The core's clock: QEMU's lm3s6965evb runs at 12.5 MHz until the
/// firmware sets the PLL (its RCC's reset value divides 200 MHz by 16),
/// and this firmware leaves it so.
pub const CYCLES_PER_MS: u64 = 12_500;
/// SysTick counts 24 bits.
const WRAP: u32 = 1 << 24;

impl Clock {
    /// SysTick started on the core's clock; `None` if it was taken.
    pub fn start() -> Option<Clock> {
        use cortex_m::peripheral::syst::SystClkSource;
        let mut syst = cortex_m::Peripherals::take()?.SYST;
        syst.set_clock_source(SystClkSource::Core);
        syst.set_reload(WRAP - 1);
        syst.clear_current();
        syst.enable_counter();
        Some(Clock {
            last: cortex_m::peripheral::SYST::get_current(),
            syst,
            cycles: 0,
        })
    }

    /// Milliseconds since `start`.
    pub fn now(&mut self) -> u64 {
        let current = cortex_m::peripheral::SYST::get_current();
        // It counts down, and wraps from 0 to WRAP - 1.
        self.cycles += u64::from(self.last.wrapping_sub(current) % WRAP);
        self.last = current;
        let _ = &self.syst;
        self.cycles / CYCLES_PER_MS
    }
}
