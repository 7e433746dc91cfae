//! What the chores read of a firmware's ELF file.

use super::*;

/// An allocated section of an ELF32 file.
pub(super) struct Section {
    /// `SHT_NOBITS` (`.bss`, `.uninit`): room, no contents.
    empty: bool,
    addr: u32,
    offset: u32,
    size: u32,
}

/// What the firmware chores read of an ELF32 (little-endian) file: its
/// allocated sections and where each is loaded. Read once, bounds checked.
pub(super) struct Elf {
    bytes: Vec<u8>,
    sections: Vec<Section>,
    /// The loadable segments: (file offset, physical address, file size).
    loads: Vec<(u32, u32, u32)>,
}

impl Elf {
    pub(super) fn read(path: &Path) -> Result<Elf, String> {
        let b = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let bad = || format!("{}: not a 32-bit little-endian ELF", path.display());
        if b.len() < 52 || &b[..4] != b"\x7fELF" || b[4] != 1 || b[5] != 1 {
            return Err(bad());
        }
        let u16_at = |o: usize| u16::from_le_bytes([b[o], b[o + 1]]) as usize;
        let u32_at = |o: usize| u32::from_le_bytes([b[o], b[o + 1], b[o + 2], b[o + 3]]);
        let (phoff, phentsize, phnum) = (u32_at(0x1c) as usize, u16_at(0x2a), u16_at(0x2c));
        let (shoff, shentsize, shnum) = (u32_at(0x20) as usize, u16_at(0x2e), u16_at(0x30));
        if phoff + phentsize * phnum > b.len() || shoff + shentsize * shnum > b.len() {
            return Err(bad());
        }
        const LOAD: u32 = 1;
        const ALLOC: u32 = 2;
        const NOBITS: u32 = 8;
        let loads = (0..phnum)
            .map(|i| phoff + i * phentsize)
            .filter(|&h| u32_at(h) == LOAD)
            .map(|h| (u32_at(h + 4), u32_at(h + 12), u32_at(h + 16)))
            .collect();
        let sections: Vec<Section> = (0..shnum)
            .map(|i| shoff + i * shentsize)
            .filter(|&h| u32_at(h + 8) & ALLOC != 0)
            .map(|h| Section {
                empty: u32_at(h + 4) == NOBITS,
                addr: u32_at(h + 12),
                offset: u32_at(h + 16),
                size: u32_at(h + 20),
            })
            .collect();
        let outside = |s: &Section| !s.empty && (s.offset + s.size) as usize > b.len();
        if sections.iter().any(outside) {
            return Err(bad());
        }
        Ok(Elf {
            bytes: b,
            sections,
            loads,
        })
    }

    /// Flash and static RAM: sections with contents go to flash (`.data`
    /// is copied from there), those at RAM addresses take RAM.
    pub(super) fn sizes(&self) -> (u64, u64) {
        let flash = self.sections.iter().filter(|s| !s.empty);
        let ram = self.sections.iter().filter(|s| s.addr >= 0x2000_0000);
        (
            flash.map(|s| u64::from(s.size)).sum(),
            ram.map(|s| u64::from(s.size)).sum(),
        )
    }

    /// The flash image, as `objcopy -O binary` makes it: every section with
    /// contents at its load address (found through the segment holding it),
    /// from the lowest, gaps filled with 0xFF (erased flash).
    pub(super) fn flash_image(&self) -> Result<(u32, Vec<u8>), String> {
        let mut pieces = Vec::new();
        for s in self.sections.iter().filter(|s| !s.empty && s.size > 0) {
            let (seg_off, seg_paddr, _) = *self
                .loads
                .iter()
                .find(|&&(o, _, len)| s.offset >= o && s.offset + s.size <= o + len)
                .ok_or("a section outside every loadable segment")?;
            let data = &self.bytes[s.offset as usize..(s.offset + s.size) as usize];
            pieces.push((seg_paddr + (s.offset - seg_off), data));
        }
        let base = pieces
            .iter()
            .map(|p| p.0)
            .min()
            .ok_or("no section to load")?;
        let end = pieces
            .iter()
            .map(|p| p.0 + p.1.len() as u32)
            .max()
            .unwrap_or(base);
        let mut image = vec![0xFFu8; (end - base) as usize];
        for (addr, data) in pieces {
            let at = (addr - base) as usize;
            image[at..at + data.len()].copy_from_slice(data);
        }
        Ok((base, image))
    }
}

/// defmt 1.x drops every message below error level unless `DEFMT_LOG` is
/// set when building (`.cargo/config.toml` sets it to info): the firmware's
/// first info message must be in the ELF, where defmt keeps its strings.
pub(super) fn logs_at_info(elf: &Path) -> Result<(), String> {
    const FIRST: &[u8] = b"amulets on the Wio Terminal";
    let bytes = std::fs::read(elf).map_err(|e| format!("{}: {e}", elf.display()))?;
    if !bytes.windows(FIRST.len()).any(|w| w == FIRST) {
        return Err(format!(
            "{}: defmt kept no info message; is DEFMT_LOG set when building?",
            elf.display()
        ));
    }
    println!("the defmt firmware logs at info (DEFMT_LOG)");
    Ok(())
}
