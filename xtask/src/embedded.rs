//! The firmwares' chores: `size` (every firmware's flash and RAM, and the
//! M3's stack high-water mark) and `flash` (the Wio Terminal's UF2). Their
//! runs in QEMU are checks: `amulets_checks::boards`.

use amulets_checks::boards::{Firmware, LM3S, M3, M4, MPS2, build};
use amulets_core::game::Game;
use amulets_embedded::Shell;
use amulets_embedded::framebuffer::FrameBuffer;
use amulets_rigs::elf::Elf;
use amulets_rigs::qemu::run as qemu;
use amulets_rigs::{sh, uf2};
use anyhow::{Result, anyhow};
use std::path::{Path, PathBuf};

const WIO: Firmware = Firmware {
    bin: "amulets-wio",
    feature: "board-wio",
    target: M4,
};
const WIO_DEFMT: Firmware = Firmware {
    bin: "amulets-wio",
    feature: "board-wio,defmt",
    target: M4,
};

/// `cargo xtask size`: every firmware's flash and static RAM, the game's
/// size, and the M3's stack high-water mark from a whole run.
pub fn size() -> Result<()> {
    amulets_rigs::tools::ensure_rust_targets(&[M3, M4])?;
    amulets_rigs::tools::ensure_programs(&[amulets_rigs::tools::QEMU_ARM])?;
    let mut rows = Vec::new();
    for (fw, board, flash_max, ram_max) in [
        (&MPS2, "QEMU mps2-an386 (Cortex-M4)", 4u64 << 20, 4u64 << 20),
        (&LM3S, "QEMU lm3s6965evb (Cortex-M3)", 256 << 10, 64 << 10),
        (
            &WIO_DEFMT,
            "Wio Terminal, defmt over RTT",
            (512 - 16) << 10,
            192 << 10,
        ),
        (
            &WIO,
            "Wio Terminal (ATSAMD51P19)",
            (512 - 16) << 10,
            192 << 10,
        ),
    ] {
        let elf = build(fw, &[])?;
        if fw.feature.contains("defmt") {
            logs_at_info(&elf)?;
        }
        let (flash, ram) = Elf::read(&elf)?.sizes();
        if flash == 0 {
            return Err(anyhow!(
                "{}: an empty image (was it linked with link.x?)",
                fw.bin
            ));
        }
        if flash > flash_max {
            return Err(anyhow!(
                "{}: {flash} bytes of flash, more than {flash_max}",
                fw.bin
            ));
        }
        rows.push((board, fw.bin, flash, flash_max, ram, ram_max));
    }
    let elf = build(&LM3S, &[])?;
    let printed = qemu(
        "lm3s6965evb",
        "cortex-m3",
        &elf,
        &std::env::temp_dir(),
        false,
    )?;
    println!();
    println!(
        "{:<30} {:<14} {:>16} {:>18}",
        "board", "firmware", "flash (of)", "static RAM (of)"
    );
    for (board, bin, flash, fmax, ram, rmax) in rows {
        println!(
            "{board:<30} {bin:<14} {:>7} ({:>6}) {:>9} ({:>7})",
            flash, fmax, ram, rmax
        );
    }
    if let Some(line) = printed.lines().find(|l| l.starts_with("static RAM")) {
        println!("lm3s6965evb, a whole bot run (seed 42, Fighter): {line}");
    }
    println!(
        "size_of on the host: Game {} bytes, Shell<320x240 frame buffer> {} bytes (the buffer {})",
        std::mem::size_of::<Game>(),
        std::mem::size_of::<Shell<FrameBuffer<320, 240>>>(),
        std::mem::size_of::<FrameBuffer<320, 240>>()
    );
    Ok(())
}

/// defmt 1.x drops every message below error level unless `DEFMT_LOG` is
/// set when building (`.cargo/config.toml` sets it to info): the firmware's
/// first info message must be in the ELF, where defmt keeps its strings.
fn logs_at_info(elf: &Path) -> Result<()> {
    const FIRST: &[u8] = b"amulets on the Wio Terminal";
    let bytes = std::fs::read(elf).map_err(|e| anyhow!("{}: {e}", elf.display()))?;
    if !bytes.windows(FIRST.len()).any(|w| w == FIRST) {
        return Err(anyhow!(
            "{}: defmt kept no info message; is DEFMT_LOG set when building?",
            elf.display()
        ));
    }
    println!("the defmt firmware logs at info (DEFMT_LOG)");
    Ok(())
}

/// Builds the Wio Terminal firmware and writes its UF2 image to `out`:
/// the firmware ELF's path and the image's length.
pub fn wio_uf2(out: &Path) -> Result<(PathBuf, usize)> {
    amulets_rigs::tools::ensure_rust_targets(&[M4])?;
    let elf = build(&WIO, &[])?;
    let (base, image) = Elf::read(&elf)?.flash_image()?;
    if base != 0x4000 {
        return Err(anyhow!(
            "the image starts at {base:#x}, not after the bootloader at 0x4000"
        ));
    }
    std::fs::write(out, uf2::write(&image, base, uf2::FAMILY_SAMD51))
        .map_err(|e| anyhow!("{}: {e}", out.display()))?;
    Ok((elf, image.len()))
}

/// `cargo xtask flash`: builds the Wio Terminal firmware, writes
/// `target/amulets-wio.uf2`, and flashes with probe-rs when it is there
/// and a probe is attached.
pub fn flash() -> Result<()> {
    let out = sh::root().join("target/amulets-wio.uf2");
    let (elf, size) = wio_uf2(&out)?;
    println!(
        "wrote {} ({size} bytes of firmware). Double-tap the Wio Terminal's reset \
         (slide the power switch down twice): it shows up as a drive called Arduino; copy the file onto it.",
        out.display(),
    );
    if sh::have("probe-rs") {
        let elf = elf.to_string_lossy().into_owned();
        match sh::run(sh::cmd(
            "probe-rs",
            &["download", "--chip", "ATSAMD51P19A", &elf],
        )) {
            Ok(()) => println!("flashed through the attached probe"),
            Err(e) => println!("probe-rs found no probe to flash with ({e}); use the UF2 file"),
        }
    }
    Ok(())
}
