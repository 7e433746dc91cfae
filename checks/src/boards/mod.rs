//! The firmwares run whole in QEMU: the mps2-an386's frames, state hash
//! and first frame against the host's (`qemu_command`), its flash file
//! kept across a restart (`qemu_continue`, `palette_shots`), the hall on
//! its screen (`hall_shots`), and the lm3s6965evb's runs and replays to the
//! host's ends (`lm3s_check`, `lm3s_replays`, part of `determinism`).

use amulets_core::game::Game;
use amulets_core::player::Class;
use amulets_embedded::framebuffer::FrameBuffer;
use amulets_embedded::{Layout, Shell};
use amulets_rigs::sh;
use anyhow::{Context, Result, anyhow};
use std::path::{Path, PathBuf};

pub mod oled;
pub mod pico;
mod qemu;

use amulets_desktop::image::write_png;
use amulets_rigs::pixels::read_ppm;
use amulets_rigs::qemu::{printed_hash, run as qemu};
use qemu::host_hash;

pub const M4: &str = "thumbv7em-none-eabihf";
pub const M3: &str = "thumbv7m-none-eabi";

/// A firmware: its binary, the feature that picks its board, its target.
pub struct Firmware {
    pub bin: &'static str,
    pub feature: &'static str,
    pub target: &'static str,
}

pub const MPS2: Firmware = Firmware {
    bin: "amulets-mps2",
    feature: "board-mps2",
    target: M4,
};
/// The Raspberry Pi Pico's RP2040 (Cortex-M0+).
pub const M0: &str = "thumbv6m-none-eabi";
pub const PICO: Firmware = Firmware {
    bin: "amulets-pico",
    feature: "board-pico",
    target: M0,
};

/// Builds the Pico's firmware and writes its UF2 to `out`, as its
/// bootrom takes one: the image from the flash's start (its second stage
/// bootloader first). The ELF's path and the image's length.
pub fn pico_uf2(out: &Path) -> Result<(PathBuf, usize)> {
    amulets_rigs::tools::ensure_rust_targets(&[M0])?;
    let elf = build(&PICO, &[])?;
    let (base, image) = amulets_rigs::elf::Elf::read(&elf)?.flash_image()?;
    if base != 0x1000_0000 {
        return Err(anyhow!(
            "the Pico's image starts at {base:#x}, not at the flash's start 0x10000000"
        ));
    }
    let blocks = amulets_rigs::uf2::write(&image, base, amulets_rigs::uf2::FAMILY_RP2040);
    std::fs::write(out, blocks).map_err(|e| anyhow!("{}: {e}", out.display()))?;
    Ok((elf, image.len()))
}

pub const LM3S: Firmware = Firmware {
    bin: "amulets-lm3s",
    feature: "board-lm3s",
    target: M3,
};
/// Builds a firmware for a run (seed, class, turns) and returns its ELF.
pub fn build(fw: &Firmware, run: &[(&str, String)]) -> Result<PathBuf> {
    build_in("firmware", fw, run)
}

/// [`build`] in a cargo profile of the workspace's.
pub fn build_in(profile: &str, fw: &Firmware, run: &[(&str, String)]) -> Result<PathBuf> {
    let mut c = sh::cmd(
        &sh::cargo(),
        &[
            "build",
            "--profile",
            profile,
            "-p",
            "amulets-embedded",
            "--features",
            fw.feature,
            "--bin",
            fw.bin,
            "--target",
            fw.target,
        ],
    );
    for (k, v) in run {
        c.env(k, v);
    }
    sh::run(c)?;
    Ok(sh::root()
        .join("target")
        .join(fw.target)
        .join(profile)
        .join(fw.bin))
}

fn class_named(name: &str) -> Result<Class> {
    Class::named(name).with_context(|| format!("{name:?} is not a class: fighter, rogue or wizard"))
}

/// The first frame as the host draws it, as the firmware's PPM bytes.
fn host_first_frame(seed: u32, class: Class) -> Vec<u8> {
    let start = amulets_play::session::Start {
        seed: Some(seed),
        class: Some(class),
        ..amulets_play::session::Start::default()
    };
    let session =
        amulets_play::session::Session::new(amulets_play::store::NoStore, (), || seed, start);
    let mut shell = Shell::new(FrameBuffer::<320, 240>::new(), Layout::Full);
    let Ok(_) = shell.draw(&session); // A frame in RAM takes every write.
    let mut out = Vec::new();
    shell.display().write_ppm(|b| out.extend_from_slice(b));
    out
}

/// `cargo xtask qemu`'s flags; none given (`default()`) is CI's run.
#[derive(clap::Args, Debug, Default)]
pub struct QemuOptions {
    /// The run's seed (42)
    #[arg(long)]
    seed: Option<u32>,
    /// The bot's class (fighter, rogue or wizard)
    #[arg(long, conflicts_with = "buttons")]
    class: Option<String>,
    /// End the bot's run after this many turns
    #[arg(long, conflicts_with = "buttons")]
    turns: Option<u32>,
    /// Where the frames go (target/qemu-frames)
    #[arg(long)]
    out: Option<PathBuf>,
    /// Play from the title by this button script instead of the bot
    #[arg(long)]
    buttons: Option<PathBuf>,
}

/// The embedded shell on mps2-an386 while the bot plays (or a button
/// script): frames, the state hash and the first frame against the host's.
pub fn qemu_command(o: &QemuOptions) -> Result<()> {
    let (seed, turns) = (o.seed.unwrap_or(42), o.turns);
    let class = o.class.clone().unwrap_or_else(|| "fighter".to_string());
    let out = o
        .out
        .clone()
        .unwrap_or_else(|| sh::root().join("target/qemu-frames"));
    let class_value = class_named(&class)?;
    amulets_rigs::tools::ensure_rust_targets(&[M4])?;
    amulets_rigs::tools::ensure_programs(&[amulets_rigs::tools::QEMU_ARM])?;
    let mut run = vec![
        ("AMULETS_SEED", seed.to_string()),
        ("AMULETS_CLASS", class.clone()),
    ];
    run.push((
        "AMULETS_TURNS",
        turns.map_or(String::new(), |t| t.to_string()),
    ));
    if let Some(script) = &o.buttons {
        return play_buttons(script, seed, &out).map(drop);
    }
    let elf = build(&MPS2, &run)?;
    std::fs::create_dir_all(&out).map_err(|e| anyhow!("{}: {e}", out.display()))?;
    for e in std::fs::read_dir(&out)?.flatten() {
        if e.path()
            .extension()
            .is_some_and(|x| x == "ppm" || x == "png")
        {
            let _ = std::fs::remove_file(e.path());
        }
    }
    let printed = qemu("mps2-an386", "cortex-m4", &elf, &out, true)?;
    let hash = printed_hash(&printed)?;
    let host = host_hash(seed, class_value, turns);
    if hash != host {
        return Err(sh::failed(
            "mps2-an386 ends the run at the host's state hash",
            format!("{host:016x}"),
            format!("{hash:016x}"),
        ));
    }
    println!("the state hash equals the host's: {host:016x}");
    // The first frame, pixel for pixel, against the host's drawing.
    let first = out.join("frame-floor1-turn00000.ppm");
    let theirs = std::fs::read(&first).map_err(|e| anyhow!("{}: {e}", first.display()))?;
    if theirs != host_first_frame(seed, class_value) {
        return Err(sh::failed(
            "the board's first frame is the host's drawing, pixel for pixel",
            "the host's frame",
            format!("{}, which differs", first.display()),
        ));
    }
    println!("the first frame equals the host's, pixel for pixel");
    let mut pngs = Vec::new();
    let mut ppms: Vec<PathBuf> = std::fs::read_dir(&out)?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ppm"))
        .collect();
    ppms.sort();
    for ppm in ppms {
        let (w, h, rgb) = read_ppm(&ppm)?;
        let png = ppm.with_extension("png");
        write_png(&png, w, h, &rgb).map_err(anyhow::Error::msg)?;
        let _ = std::fs::remove_file(&ppm);
        pngs.push(png);
    }
    println!("{} frames in {}", pngs.len(), out.display());
    Ok(())
}

/// `cargo xtask qemu --buttons SCRIPT`: the mps2 firmware plays a script of
/// button presses from its title instead of the bot (the words are in
/// `qemu_mps2.rs`: buttons, `b+up`, `wait N`, `shot NAME`, `hash`), with its
/// save in `amulets-flash.bin` in the out folder, kept between runs, and
/// the shots written there as PNG.
fn play_buttons(script: &Path, seed: u32, out: &Path) -> Result<Vec<Shot>> {
    std::fs::create_dir_all(out).map_err(|e| anyhow!("{}: {e}", out.display()))?;
    std::fs::copy(script, out.join("buttons.txt"))
        .map_err(|e| anyhow!("{}: {e}", script.display()))?;
    let flag = |k: &'static str, v: &str| (k, v.to_string());
    let elf = build(
        &MPS2,
        &[
            flag("AMULETS_SEED", &seed.to_string()),
            flag("AMULETS_TURNS", ""),
            flag("AMULETS_STORE", "flash"),
            flag("AMULETS_END", ""),
            flag("AMULETS_CONTINUE", ""),
            flag("AMULETS_BUTTONS", "1"),
        ],
    )?;
    let printed = qemu("mps2-an386", "cortex-m4", &elf, out, false)?;
    let mut shots = Vec::new();
    for name in printed.lines().filter_map(|l| l.strip_prefix("wrote ")) {
        let ppm = out.join(name.trim());
        let (w, h, rgb) = read_ppm(&ppm)?;
        write_png(&ppm.with_extension("png"), w, h, &rgb).map_err(anyhow::Error::msg)?;
        let _ = std::fs::remove_file(&ppm);
        shots.push(Shot {
            name: name.trim().trim_end_matches(".ppm").to_string(),
            rgb,
        });
    }
    println!(
        "qemu --buttons: played {}; shots in {}",
        script.display(),
        out.display()
    );
    Ok(shots)
}

/// A shot a script took: its name and its pixels, RGB.
struct Shot {
    name: String,
    rgb: Vec<u8>,
}

impl Shot {
    /// The colour most of its pixels have: a screen's background.
    fn background(&self) -> [u8; 3] {
        let mut counts = std::collections::HashMap::new();
        for p in self.rgb.chunks_exact(3) {
            *counts.entry([p[0], p[1], p[2]]).or_insert(0u32) += 1;
        }
        counts
            .into_iter()
            .max_by_key(|&(c, n)| (n, c))
            .map_or([0; 3], |(c, _)| c)
    }
}

/// `cargo xtask qemu-palette`: the palette a player chooses on the board
/// outlives a restart. The mps2 firmware starts over an empty flash file
/// in the book's colours, its title's colours line (four downs from N,
/// past the choices a board cannot take) is taken three times (red-green,
/// blue-yellow, high contrast), and QEMU ends; a second firmware over the
/// same flash file starts in high contrast, and plays in it. Each shot's
/// background is checked: the kept palette's, not the book's. The shots
/// are in `target/qemu-palette`.
pub fn palette_shots() -> Result<()> {
    amulets_rigs::tools::ensure_rust_targets(&[M4])?;
    amulets_rigs::tools::ensure_programs(&[amulets_rigs::tools::QEMU_ARM])?;
    let out = sh::root().join("target/qemu-palette");
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).map_err(|e| anyhow!("{}: {e}", out.display()))?;
    let script = out.join("palette-script.txt");
    let write = |text: &str| std::fs::write(&script, text);
    write(
        "wait 100\nshot board-title-book\ndown\ndown\ndown\ndown\n\
         press\npress\npress\nwait 100\nshot board-title-chosen\n",
    )?;
    let first = play_buttons(&script, 1, &out)?;
    write("wait 100\nshot board-title-kept\npress\npress\nwait 100\nshot board-play-kept\n")?;
    let second = play_buttons(&script, 1, &out)?;
    let background = |shots: &[Shot], name: &str| {
        shots
            .iter()
            .find(|s| s.name == name)
            .map(Shot::background)
            .with_context(|| format!("qemu-palette: the firmware took no shot {name}"))
    };
    let book = background(&first, "board-title-book")?;
    let chosen = background(&first, "board-title-chosen")?;
    if chosen == book {
        return Err(anyhow!(
            "qemu-palette: the colours line taken three times left the book's background {book:?}"
        ));
    }
    for name in ["board-title-kept", "board-play-kept"] {
        let kept = background(&second, name)?;
        if kept != chosen {
            return Err(sh::failed(
                &format!("qemu-palette: {name}'s background after a restart"),
                format!("{chosen:?}, the chosen palette's"),
                format!("{kept:?}"),
            ));
        }
    }
    println!(
        "qemu-palette: high contrast chosen on the title ({book:?} to {chosen:?}) is the board's after a restart; shots in {}",
        out.display()
    );
    Ok(())
}

/// `cargo xtask qemu-hall`: the hall of fame on the board (QEMU's mps2),
/// over the example hall (`hall::example`) put in its flash file: the
/// title's H (three downs past the choices a board cannot take), its
/// table of runs, then the daily table. The shots are
/// `target/qemu-hall/board-hall.png` and `board-hall-daily.png`.
pub fn hall_shots() -> Result<()> {
    use amulets_embedded::flash::{FlashStore, REGION, RamFlash};
    let out = sh::root().join("target/qemu-hall");
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).map_err(|e| anyhow!("{}: {e}", out.display()))?;
    let mut store = FlashStore::new(RamFlash::<{ REGION as usize }, 4096>::new(), 0);
    store
        .write_hall(&crate::hall::example())
        .map_err(|e| anyhow!("the example hall in flash: {e}"))?;
    let image = store.into_flash().bytes;
    std::fs::write(out.join("amulets-flash.bin"), image)?;
    let script = out.join("hall-script.txt");
    std::fs::write(
        &script,
        "down\ndown\ndown\npress\nwait 100\nshot board-hall\npress\nwait 100\nshot board-hall-daily\n",
    )?;
    play_buttons(&script, 1, &out).map(drop)
}

/// `cargo xtask qemu-continue`: the save outlives QEMU. The mps2 firmware
/// plays seed 42's Rogue with its save in a flash file on the host
/// (`board::HostFlash`, under the Wio's own `FlashStore`) until it arrives
/// on floor 2, where the session saves, prints the live game's hash and
/// stops, as a power cut would stop it; a second firmware starts at the
/// title, continues by C, and must print the same hash.
pub fn qemu_continue() -> Result<()> {
    amulets_rigs::tools::ensure_rust_targets(&[M4])?;
    amulets_rigs::tools::ensure_programs(&[amulets_rigs::tools::QEMU_ARM])?;
    let dir = sh::root().join("target/qemu-continue");
    std::fs::create_dir_all(&dir)?;
    let flash = dir.join("amulets-flash.bin");
    if flash.exists() {
        std::fs::remove_file(&flash)?;
    }
    let flag = |k: &'static str, v: &str| (k, v.to_string());
    let playing = build(
        &MPS2,
        &[
            flag("AMULETS_SEED", "42"),
            flag("AMULETS_CLASS", "rogue"),
            flag("AMULETS_TURNS", ""),
            flag("AMULETS_STORE", "flash"),
            flag("AMULETS_END", "save"),
            flag("AMULETS_CONTINUE", ""),
        ],
    )?;
    let printed = qemu("mps2-an386", "cortex-m4", &playing, &dir, false)?;
    let at_save = printed
        .lines()
        .find_map(|l| l.strip_prefix("state hash at the save "))
        .map(|h| h.trim().to_string())
        .context("the firmware printed no hash at its save")?;
    if !flash.exists() {
        return Err(anyhow!("the firmware left no {}", flash.display()));
    }
    let continuing = build(
        &MPS2,
        &[
            flag("AMULETS_SEED", "42"),
            flag("AMULETS_CLASS", "rogue"),
            flag("AMULETS_TURNS", ""),
            flag("AMULETS_STORE", "flash"),
            flag("AMULETS_END", ""),
            flag("AMULETS_CONTINUE", "1"),
        ],
    )?;
    let printed = qemu("mps2-an386", "cortex-m4", &continuing, &dir, false)?;
    let continued = format!("{:016x}", printed_hash(&printed)?);
    if continued != at_save {
        return Err(sh::failed(
            "qemu-continue: a save continues after a restart at its state hash",
            at_save,
            continued,
        ));
    }
    println!("qemu-continue: saved, QEMU restarted, continued at the same state hash, {at_save}");
    // How long continuing takes (both parses: the look at the store as the
    // session begins, and C), on the save of 30 whole bot runs that draws
    // the book's dice the most, which must be under 1 s with half again
    // for safety; and, for the record, on one at the cap a save may claim.
    let longest = most_drawn_save();
    let seconds = timed_continue(&continuing, &dir, &longest)?;
    let draws = longest.rng().draws();
    println!(
        "qemu-continue: the longest bot run's save (seed {} {}, floor {}, {draws} draws) continues in {seconds:.3} s at 120 MHz, x1.5 {:.3} s",
        longest.seed(),
        longest.player().class.name(),
        longest.depth(),
        seconds * 1.5
    );
    if seconds * 1.5 >= 1.0 {
        return Err(anyhow!(
            "continuing the longest bot run's save takes {:.3} s with the margin, over 1 s",
            seconds * 1.5
        ));
    }
    let cap = amulets_core::game::save::MAX_SAVED_DRAWS;
    let text = amulets_play::store::SaveText(&longest).to_string();
    let at_cap = text.replace(
        &format!("\ndice book {draws}\n"),
        &format!("\ndice book {cap}\n"),
    );
    let capped = Game::read_save(&at_cap).map_err(|e| anyhow!("the save at the cap: {e}"))?;
    let seconds = timed_continue(&continuing, &dir, &capped)?;
    println!(
        "qemu-continue: a save at the cap ({cap} draws) continues in {seconds:.3} s at 120 MHz"
    );
    Ok(())
}

/// The in-play moment of 30 whole bot runs (those of
/// `no_save_is_longer_than_the_bound`) whose dice have been drawn most: the
/// save that takes longest to load.
fn most_drawn_save() -> Game {
    let mut best = (0u64, 0u32, Class::Fighter, 0usize);
    for seed in 1..=30u32 {
        let class = Class::ALL[seed as usize % 3];
        let mut game = Game::new_run(seed, class);
        let mut actions = 0;
        let _ = amulets_core::bot::drive(&mut game, |g| {
            actions += 1;
            let playing = !matches!(
                g.state(),
                amulets_core::game::State::Dead | amulets_core::game::State::Won
            );
            if playing && g.rng().draws() > best.0 {
                best = (g.rng().draws(), seed, class, actions);
            }
            Ok(())
        });
    }
    let (_, seed, class, actions) = best;
    let mut game = Game::new_run(seed, class);
    let mut bot = amulets_core::bot::Bot::new();
    for _ in 0..actions {
        bot.play_one(&mut game);
    }
    game
}

/// Seconds the M4 takes at 120 MHz to start with `game` saved in its flash
/// and continue it (both parses), counted under `-icount shift=0`, where
/// one SysTick tick is 40 instructions; and the continued run must be the
/// saved one.
fn timed_continue(elf: &Path, dir: &Path, game: &Game) -> Result<f64> {
    use amulets_embedded::flash::{FlashStore, REGION, RamFlash};
    use amulets_play::store::{SaveText, Saves};
    let mut store = FlashStore::new(RamFlash::<{ REGION as usize }, 4096>::new(), 0);
    store
        .write(&SaveText(game))
        .map_err(|e| anyhow!("the save in a RAM flash: {e}"))?;
    let timed = dir.join("timed");
    std::fs::create_dir_all(&timed)?;
    let flash = timed.join("amulets-flash.bin");
    std::fs::write(&flash, store.into_flash().bytes)
        .map_err(|e| anyhow!("{}: {e}", flash.display()))?;
    let printed = qemu("mps2-an386", "cortex-m4", elf, &timed, true)?;
    let want = amulets_core::replay::state_hash(game);
    if printed_hash(&printed)? != want {
        return Err(anyhow!("the timed save did not continue at {want:016x}"));
    }
    let ticks: u64 = printed
        .lines()
        .find_map(|l| l.strip_prefix("continuing took "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|t| t.parse().ok())
        .context("the firmware printed no time for continuing")?;
    #[expect(clippy::cast_precision_loss, reason = "ticks are far below 2^52")]
    Ok((ticks * 40) as f64 / 120e6)
}

/// A line of a board's script of keys (`kit-keys.txt`, `pico-keys.txt`):
/// the keys as written, how long they are held in ms, what they do, and
/// where it stands, for the board's own words about a key it lacks.
pub struct ScriptLine {
    pub keys: String,
    pub hold: u64,
    pub says: String,
    /// "file:line".
    pub at: String,
}

/// The lines of the script at `path` (in the repository): "keys hold
/// words", `#` beginning a comment.
pub fn script_lines(path: &str) -> Result<Vec<ScriptLine>> {
    let file = sh::root().join(path);
    let text = std::fs::read_to_string(&file).with_context(|| file.display().to_string())?;
    let mut lines = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("{path}:{}", n + 1);
        let mut words = line.splitn(3, char::is_whitespace);
        let (Some(keys), Some(hold)) = (words.next(), words.next()) else {
            return Err(anyhow!("{at}: keys and a hold in ms, then words"));
        };
        let hold =
            (hold.trim().parse()).with_context(|| format!("{at}: {hold:?} is no hold in ms"))?;
        lines.push(ScriptLine {
            keys: keys.to_string(),
            hold,
            says: words.next().unwrap_or("").trim().to_string(),
            at,
        });
    }
    Ok(lines)
}

/// `cargo xtask qemu-oled`'s flags; none given is CI's run.
#[derive(clap::Args, Debug, Default)]
pub struct OledOptions {
    /// Play the keys on the host alone, each step's frame written as
    /// target/qemu-oled/host-NN.png (for writing the script)
    #[arg(long)]
    host_only: bool,
    /// Leave out the Nth key (from 1) on the board, to see the check fail
    #[arg(long)]
    drop: Option<usize>,
}

/// `cargo xtask qemu-oled`.
pub fn oled_command(o: &OledOptions) -> Result<()> {
    let out = sh::root().join("target/qemu-oled");
    if o.host_only {
        return oled::host_only(&out);
    }
    match o.drop {
        // Beside CI's pictures, not over them.
        Some(n) => oled::check(&out.join("dropped"), Some(n)),
        None => oled::check(&out, None),
    }
}

/// The lm3s6965evb check: the bot plays whole runs in 64 KiB, and each
/// ends with the host's hash. Returns a line for the determinism table.
pub fn lm3s_check() -> Result<String> {
    amulets_rigs::tools::ensure_rust_targets(&[M3])?;
    amulets_rigs::tools::ensure_programs(&[amulets_rigs::tools::QEMU_ARM])?;
    let mut lines = Vec::new();
    for (seed, class) in [(42u32, "fighter"), (7, "rogue"), (2024, "wizard")] {
        let run = [
            ("AMULETS_SEED", seed.to_string()),
            ("AMULETS_CLASS", class.to_string()),
        ];
        let elf = build(&LM3S, &run)?;
        let dir = std::env::temp_dir();
        let printed = qemu("lm3s6965evb", "cortex-m3", &elf, &dir, false)?;
        m3_daily(&printed)?;
        let hash = printed_hash(&printed)?;
        let host = host_hash(seed, class_named(class)?, None);
        if hash != host {
            return Err(sh::failed(
                &format!("lm3s6965evb: seed {seed} {class} ends at the host's state hash"),
                format!("{host:016x}"),
                format!("{hash:016x}"),
            ));
        }
        let stack = m3_stack(&printed)?;
        lines.push(format!("seed {seed} {class}: {host:016x}; {stack}"));
    }
    Ok(lines.join("\n"))
}

/// The M3's line "static RAM S bytes, stack high-water H of T bytes, ...":
/// the stack stays under 60 KiB, and at least 2 KiB must be left, or the
/// next run could overflow.
fn m3_stack(printed: &str) -> Result<String> {
    let stack = printed
        .lines()
        .find(|l| l.starts_with("static RAM"))
        .unwrap_or("")
        .to_string();
    let words: Vec<u64> = stack
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|w| w.parse().ok())
        .collect();
    match words.as_slice() {
        [s, h, t, ..] if s + h + 2048 <= *t && *h < 60 << 10 => Ok(stack),
        [_, h, t, ..] => Err(anyhow!(
            "lm3s6965evb: the stack reached {h} of {t} bytes: not under 60 KiB with 2 KiB spare"
        )),
        _ => Err(anyhow!("lm3s6965evb: no stack report")),
    }
}

/// The daily dungeon's seed of 2026-12-02 as the M3 made it, against the
/// one docs/rules.md pins.
fn m3_daily(printed: &str) -> Result<()> {
    let line = "daily 2026-12-02: seed 931398152";
    if printed.lines().any(|l| l.trim_end() == line) {
        Ok(())
    } else {
        Err(anyhow!(
            "lm3s6965evb: no \"{line}\" in what it printed:\n{printed}"
        ))
    }
}

/// The M3's share of the runs CI recorded into `replays` (the first
/// `count`, in name order, as the other targets take them): copied to the
/// host's folder as `replay-N.txt`, read by the firmware a piece at a time
/// through semihosting, and each played to every point and its end. Each
/// must end as it does here: the same points, turn and state hash.
pub fn lm3s_replays(replays: &Path, count: usize) -> Result<String> {
    amulets_rigs::tools::ensure_rust_targets(&[M3])?;
    amulets_rigs::tools::ensure_programs(&[amulets_rigs::tools::QEMU_ARM])?;
    let mut names: Vec<PathBuf> = std::fs::read_dir(replays)
        .map_err(|e| anyhow!("{}: {e}", replays.display()))?
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    names.sort();
    if names.len() < count {
        return Err(anyhow!(
            "{} replays in {}, not {count}",
            names.len(),
            replays.display()
        ));
    }
    let dir = sh::root().join("target/m3-replays");
    std::fs::create_dir_all(&dir).map_err(|e| anyhow!("{}: {e}", dir.display()))?;
    let mut want = Vec::new();
    for (i, path) in names[..count].iter().enumerate() {
        let text = std::fs::read_to_string(path).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        let game = amulets_core::replay::play(&text)
            .map_err(|e| anyhow!("{} on the host: {e}", path.display()))?;
        let points = text.lines().filter(|l| l.starts_with("point ")).count();
        want.push(format!(
            "replay-{i}.txt: {points} points as recorded, ended at turn {}, state hash {:016x}",
            game.turn(),
            amulets_core::replay::state_hash(&game)
        ));
        let to = dir.join(format!("replay-{i}.txt"));
        std::fs::write(&to, &text).map_err(|e| anyhow!("{}: {e}", to.display()))?;
    }
    let elf = build(&LM3S, &[("AMULETS_REPLAYS", count.to_string())])?;
    let printed = qemu("lm3s6965evb", "cortex-m3", &elf, &dir, false)?;
    m3_daily(&printed)?;
    for line in &want {
        if !printed.lines().any(|l| l.trim_end() == line) {
            return Err(anyhow!(
                "lm3s6965evb: not \"{line}\", as on the host; it printed:\n{printed}"
            ));
        }
    }
    let stack = m3_stack(&printed)?;
    Ok(format!("{}\n{stack}", want.join("\n")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The M3's stack report, as its firmware prints it over semihosting.
    #[test]
    fn the_m3_s_stack_is_held_under_60_kib_with_2_kib_spare() {
        let line = "static RAM 12 bytes, stack high-water 56324 of 65524 bytes, size_of Game 13000";
        assert_eq!(m3_stack(&format!("seed 42\n{line}\n")).unwrap(), line);
        let deep = "static RAM 12 bytes, stack high-water 61500 of 65524 bytes, size_of Game 13000";
        assert!(
            m3_stack(deep)
                .unwrap_err()
                .to_string()
                .contains("61500 of 65524")
        );
        let full = "static RAM 4000 bytes, stack high-water 60000 of 65524 bytes";
        assert!(m3_stack(full).is_err(), "less than 2 KiB left");
        assert!(m3_stack("no report").is_err());
    }

    #[test]
    fn the_m3_s_daily_seed_is_found_or_said_missing() {
        assert!(m3_daily("x\ndaily 2026-12-02: seed 931398152  \n").is_ok());
        assert!(m3_daily("daily 2026-12-02: seed 931398153\n").is_err());
    }
}
