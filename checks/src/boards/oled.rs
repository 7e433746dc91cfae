//! The LM3S6965 kit, whole, in QEMU (`cargo xtask qemu-oled`): the
//! firmware drives the kit's SSD0323 panel over SSI and reads its five keys
//! from GPIO. A person's keys (`kit-keys.txt`) go in through the monitor's
//! `sendkey`; after each, the panel read back by `screendump` must be the
//! host's drawing of the same session pixel for pixel, and the firmware's
//! state hash the host's, the host having played the same keys through the
//! same debouncer, five keys and pad.

use amulets_core::replay;
use amulets_embedded::input::Buttons;
use amulets_embedded::keypad::Keypad;
use amulets_embedded::oled::{self, Frame, HEIGHT, WIDTH};
use amulets_play::session::{Session, Start};
use amulets_play::store::NoStore;
use amulets_rigs::{qemu::Live, sh};
use anyhow::{Context, Result, bail};
use std::path::Path;

/// The seed the kit plays.
pub const SEED: u32 = 42;
/// The keys, one step a line, in the repository.
const SCRIPT: &str = "checks/src/boards/kit-keys.txt";
/// How QEMU shows a panel pixel: 4 x 4 screen pixels.
const ZOOM: usize = 4;

/// One step of the script: the keys as `sendkey` names them, how long
/// they are held, the pad's keys they are, and what they do.
#[derive(Clone, Debug)]
pub struct Step {
    pub keys: String,
    pub hold: u64,
    pub buttons: Buttons,
    pub says: String,
}

/// The script's steps.
pub fn script() -> Result<Vec<Step>> {
    let mut steps = Vec::new();
    for line in super::script_lines(SCRIPT)? {
        let mut buttons = Buttons::NONE;
        for key in line.keys.split('-') {
            match key {
                "up" => buttons.up = true,
                "down" => buttons.down = true,
                "left" => buttons.left = true,
                "right" => buttons.right = true,
                "ctrl" => buttons.press = true,
                other => bail!("{}: {other:?} is none of the kit's keys", line.at),
            }
        }
        steps.push(Step {
            keys: line.keys,
            hold: line.hold,
            buttons,
            says: line.says,
        });
    }
    Ok(steps)
}

type KitSession = Session<(NoStore, (), fn() -> u32)>;

fn seed() -> u32 {
    SEED
}

/// The host's kit: the session, the keypad, a clock in ms.
pub struct HostKit {
    session: KitSession,
    keypad: Keypad,
    now: u64,
}

impl HostKit {
    /// The kit as it starts: the title, nothing pressed.
    pub fn new() -> Result<HostKit> {
        let start = Start {
            seed: Some(SEED),
            ..Start::default()
        };
        let mut kit = HostKit {
            session: Session::new(NoStore, (), seed as fn() -> u32, start),
            keypad: Keypad::new(),
            now: 0,
        };
        kit.settle()?;
        Ok(kit)
    }

    fn update(&mut self, keys: Buttons) {
        self.keypad.update(&mut self.session, keys, self.now);
        self.now += 1;
    }

    /// Time passes with no key down until the kit is ready for the next.
    fn settle(&mut self) -> Result<()> {
        let deadline = self.now + 30 * 60 * 1000;
        while !self.keypad.ready(&self.session, self.now) {
            if self.now > deadline {
                bail!("the host's kit was still busy after half an hour of its time");
            }
            self.update(Buttons::NONE);
        }
        Ok(())
    }

    /// A step's keys held, let go, and the kit settled.
    pub fn play(&mut self, step: &Step) -> Result<()> {
        for _ in 0..step.hold {
            self.update(step.buttons);
        }
        self.settle()
    }

    /// The panel's frame as the firmware draws it.
    pub fn frame(&mut self) -> Frame {
        let mut frame = Frame::new();
        oled::draw(&mut frame, &self.session, &mut self.keypad.controls);
        frame
    }

    pub fn hash(&self) -> u64 {
        replay::state_hash(self.session.game())
    }

    /// The pad's presses the keys have given.
    pub fn given(&self) -> u32 {
        self.keypad.given()
    }

    pub fn session(&self) -> &KitSession {
        &self.session
    }
}

/// A frame as QEMU shows the panel: each pixel 4 x 4 of grey `g * 17`.
pub fn as_shown(frame: &Frame) -> Vec<u8> {
    let (w, h) = (WIDTH * ZOOM, HEIGHT * ZOOM);
    let mut rgb = vec![0; w * h * 3];
    for (i, px) in rgb.chunks_mut(3).enumerate() {
        let grey = frame.grey(i % w / ZOOM, i / w / ZOOM) * 17;
        px.fill(grey);
    }
    rgb
}

fn save(path: &Path, rgb: &[u8]) -> Result<()> {
    let (w, h) = ((WIDTH * ZOOM) as u32, (HEIGHT * ZOOM) as u32);
    amulets_desktop::image::write_png(path, w, h, rgb).map_err(anyhow::Error::msg)
}

/// The host's side alone: the script played, each step's frame written
/// as `host-NN.png` into `out`, its status said. For writing the script.
pub fn host_only(out: &Path) -> Result<()> {
    std::fs::create_dir_all(out)?;
    let mut kit = HostKit::new()?;
    save(&out.join("host-00.png"), &as_shown(&kit.frame()))?;
    for (i, step) in script()?.iter().enumerate() {
        kit.play(step)?;
        let n = i + 1;
        save(
            &out.join(format!("host-{n:02}.png")),
            &as_shown(&kit.frame()),
        )?;
        let game = kit.session().game();
        println!(
            "{n:2} {:<10} {:<40} {:?} turn {} hp {} at {:?}: {}",
            step.keys,
            step.says,
            game.state(),
            game.turn(),
            game.player().hp,
            game.player().pos,
            game.log().last().unwrap_or("")
        );
        println!("     stairs at {:?}", game.level().stairs);
        let scene = amulets_play::view::Scene::new(game, None);
        let at = game.player().pos;
        for y in (at.y - 6).max(0)..(at.y + 7).min(36) {
            let row: String = (0..64)
                .map(|x| {
                    scene
                        .at(amulets_core::geom::Point::new(x, y))
                        .text_cell()
                        .glyph
                })
                .collect();
            println!("     {y:2} {row}");
        }
        for m in &game.level().monsters {
            if game.level().visible.contains(m.pos) {
                let (dx, dy) = (m.pos.x - at.x, m.pos.y - at.y);
                println!("     {} at {:?} in view, d {dx} {dy}", m.kind().name, m.pos);
            }
        }
    }
    println!("host's frames in {}", out.display());
    Ok(())
}

/// Waits for the kit to take key `n` and be ready for the next: its
/// ready line. A key not taken within 5 s (its hold and the waits are
/// half a second at most) was lost; what it does may take longer
/// (explore's walk).
fn wait_ready(live: &Live, n: usize, keys: &str, says: &str) -> Result<String> {
    let taken = n == 0 || live.line_starting(&format!("took key {n}."), 5).is_some();
    let ready = if taken {
        live.line_starting(&format!("ready after {n} keys:"), 120)
    } else {
        None
    };
    ready.with_context(|| {
        let took = (live.printed().lines())
            .filter(|l| l.starts_with("ready after"))
            .count()
            .saturating_sub(1);
        format!("key {n} ({keys:?}: {says}) was lost: the kit took {took} keys and is waiting")
    })
}

/// The panel read back, kept as `kit-NN.png`, must be the host's frame
/// pixel for pixel, and the state hash in the kit's ready `line` the
/// host's. On a difference the host's frame is kept beside it.
fn held_to_host(
    live: &mut Live,
    host: &mut HostKit,
    out: &Path,
    n: usize,
    says: &str,
    line: &str,
) -> Result<()> {
    let hash = line
        .split("state hash ")
        .nth(1)
        .and_then(|h| u64::from_str_radix(h.get(..16)?, 16).ok())
        .with_context(|| format!("no state hash in {line:?}"))?;
    let ppm = out.join(format!("kit-{n:02}.ppm"));
    let (w, h, rgb) = live.screendump(&ppm)?;
    let png = ppm.with_extension("png");
    amulets_desktop::image::write_png(&png, w, h, &rgb).map_err(anyhow::Error::msg)?;
    let _ = std::fs::remove_file(&ppm);
    let want = as_shown(&host.frame());
    let host_png = out.join(format!("host-{n:02}.png"));
    if (w as usize, h as usize) != (WIDTH * ZOOM, HEIGHT * ZOOM) {
        bail!("the panel's picture is {w} x {h}, not 4 times 128 x 64");
    }
    if rgb != want {
        save(&host_png, &want)?;
        let differ = (rgb.chunks(3).zip(want.chunks(3)))
            .filter(|(a, b)| a != b)
            .count();
        bail!(
            "after key {n} ({says}) the panel differs from the host's frame in {differ} \
             of its {w} x {h} pixels: {} against {}",
            png.display(),
            host_png.display()
        );
    }
    if hash != host.hash() {
        save(&host_png, &want)?;
        bail!(
            "after key {n} ({says}) the kit's state hash is {hash:016x}, the host's {:016x}",
            host.hash()
        );
    }
    Ok(())
}

/// CI's: the kit played whole by the script, then again with one key
/// left out, which must fail as a lost key.
pub fn ci() -> Result<()> {
    let out = sh::root().join("target/qemu-oled");
    check(&out, None)?;
    let dropped = out.join("dropped");
    match check(&dropped, Some(DROPPED)) {
        Ok(()) => bail!("qemu-oled: with key {DROPPED} left out, the check still passed"),
        Err(e) if format!("{e:#}").contains("was lost") => {
            println!("qemu-oled: with key {DROPPED} left out, the check fails: {e:#}");
            Ok(())
        }
        Err(e) => Err(e.context(format!(
            "qemu-oled: with key {DROPPED} left out, the check failed, but not for the lost key"
        ))),
    }
}

/// The key CI leaves out to see the check fail: a step of the fight.
const DROPPED: usize = 9;

/// The kit in QEMU, played by the script (without its `drop`th key, if
/// given), each step's panel held to the host's frame and its state hash
/// to the host's. The panel's pictures are kept in `out` as `kit-NN.png`.
pub fn check(out: &Path, drop: Option<usize>) -> Result<()> {
    amulets_rigs::tools::ensure_rust_targets(&[super::M3])?;
    let elf = super::build_in(
        "firmware-small",
        &super::LM3S,
        &[
            ("AMULETS_PANEL", "1".into()),
            ("AMULETS_SEED", SEED.to_string()),
        ],
    )?;
    let _ = std::fs::remove_dir_all(out);
    std::fs::create_dir_all(out)?;
    let steps = script()?;
    let mut host = HostKit::new()?;
    let mut live = Live::start("lm3s6965evb", "cortex-m3", &elf, out)?;
    // QEMU's keys read down until each is first pressed and let go (a
    // real kit's read up from the start): the kit takes a key only once
    // it has seen it up, so each is pressed once first, and taken for no
    // key. The title is ready before.
    live.line_starting("ready after 0 keys:", 30)
        .context("the kit was never ready at the title")?;
    for key in ["up", "down", "left", "right", "ctrl"] {
        live.key(&format!("{key} 50"))?;
    }
    live.wait_for("keys: all five seen up", 30)?;
    let mut ram = String::new();
    for n in 0..=steps.len() {
        let says = match n {
            0 => "the title",
            n => {
                let step = &steps[n - 1];
                host.play(step)?;
                if drop != Some(n) {
                    live.key(&format!("{} {}", step.keys, step.hold))?;
                }
                step.says.as_str()
            }
        };
        let keys = steps.get(n.wrapping_sub(1)).map_or("", |s| s.keys.as_str());
        let line = wait_ready(&live, n, keys, says)?;
        held_to_host(&mut live, &mut host, out, n, says, &line)?;
        ram = line.split(", RAM ").nth(1).unwrap_or("").to_string();
    }
    let used: u64 = ram
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .with_context(|| format!("no RAM in {ram:?}"))?;
    if used >= 64 << 10 {
        bail!("the kit used {used} bytes of RAM: not under its 64 KiB");
    }
    let game = host.session().game();
    println!(
        "qemu-oled: the kit played {} keys from the title to floor {} (turn {}), each panel the \
         host's pixel for pixel, state hash {:016x} as the host's; RAM {ram} ({})",
        steps.len(),
        game.depth(),
        game.turn(),
        host.hash(),
        out.display()
    );
    Ok(())
}
