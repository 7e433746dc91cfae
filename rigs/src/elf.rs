//! What the chores read of a firmware's ELF file, through `object`.

use anyhow::{Context, Result, anyhow};
use std::path::Path;

/// An allocated section of an ELF32 file.
pub struct Section {
    /// `SHT_NOBITS` (`.bss`, `.uninit`): room, no contents.
    empty: bool,
    addr: u32,
    offset: u32,
    size: u32,
}

/// What the firmware chores read of an ELF32 (little-endian) file: its
/// allocated sections and where each is loaded. Read once, bounds checked
/// by `object`.
pub struct Elf {
    bytes: Vec<u8>,
    sections: Vec<Section>,
    /// The loadable segments: (file offset, physical address, file size).
    loads: Vec<(u32, u32, u32)>,
}

impl Elf {
    /// Reads an ELF32 little-endian file's loadable segments and allocated
    /// sections (`object`'s ELF reader, which checks every bound).
    pub fn read(path: &Path) -> Result<Elf> {
        use object::LittleEndian;
        use object::elf::{FileHeader32, PT_LOAD, SHF_ALLOC, SHT_NOBITS};
        use object::read::elf::{FileHeader, ProgramHeader, SectionHeader};
        let b = std::fs::read(path).map_err(|e| anyhow!("{}: {e}", path.display()))?;
        let bad = |_| anyhow!("{}: not a 32-bit little-endian ELF", path.display());
        let header = FileHeader32::<LittleEndian>::parse(&*b).map_err(bad)?;
        let endian = header.endian().map_err(bad)?;
        let loads = header
            .program_headers(endian, &*b)
            .map_err(bad)?
            .iter()
            .filter(|p| p.p_type(endian) == PT_LOAD)
            .map(|p| (p.p_offset(endian), p.p_paddr(endian), p.p_filesz(endian)))
            .collect();
        let mut sections = Vec::new();
        for s in header.section_headers(endian, &*b).map_err(bad)? {
            if s.sh_flags(endian) & SHF_ALLOC == 0 {
                continue;
            }
            let empty = s.sh_type(endian) == SHT_NOBITS;
            // The contents must be in the file (`data` checks the bounds).
            s.data(endian, &*b).map_err(bad)?;
            sections.push(Section {
                empty,
                addr: s.sh_addr(endian),
                offset: s.sh_offset(endian),
                size: s.sh_size(endian),
            });
        }
        Ok(Elf {
            bytes: b,
            sections,
            loads,
        })
    }

    /// Flash and static RAM: sections with contents go to flash (`.data`
    /// is copied from there), those at RAM addresses take RAM.
    pub fn sizes(&self) -> (u64, u64) {
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
    pub fn flash_image(&self) -> Result<(u32, Vec<u8>)> {
        let mut pieces = Vec::new();
        for s in self.sections.iter().filter(|s| !s.empty && s.size > 0) {
            let (seg_off, seg_paddr, _) = *self
                .loads
                .iter()
                .find(|&&(o, _, len)| s.offset >= o && s.offset + s.size <= o + len)
                .context("a section outside every loadable segment")?;
            let data = &self.bytes[s.offset as usize..(s.offset + s.size) as usize];
            pieces.push((seg_paddr + (s.offset - seg_off), data));
        }
        let base = pieces
            .iter()
            .map(|p| p.0)
            .min()
            .context("no section to load")?;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn put16(b: &mut [u8], at: usize, v: u16) {
        b[at..at + 2].copy_from_slice(&v.to_le_bytes());
    }

    fn put32(b: &mut [u8], at: usize, v: u32) {
        b[at..at + 4].copy_from_slice(&v.to_le_bytes());
    }

    /// A firmware as a linker leaves it, made by hand: `.text` (300 bytes)
    /// loaded at 0x4000, `.data` (20 bytes) run at 0x2000_0000 but loaded
    /// from flash at 0x4200, and `.bss` (64 bytes, no contents).
    fn firmware() -> Vec<u8> {
        let mut b = vec![0u8; 0x4A0];
        b[..7].copy_from_slice(b"\x7fELF\x01\x01\x01");
        put16(&mut b, 0x10, 2);
        put16(&mut b, 0x12, 40);
        put32(&mut b, 0x1c, 52);
        put32(&mut b, 0x20, 0x400);
        put16(&mut b, 0x2a, 32);
        put16(&mut b, 0x2c, 2);
        put16(&mut b, 0x2e, 40);
        put16(&mut b, 0x30, 4);
        // The loadable segments: (offset, virtual, physical, size).
        for (i, (off, vaddr, paddr, size)) in [
            (0x100, 0x4000, 0x4000, 300),
            (0x300, 0x2000_0000, 0x4200, 20),
        ]
        .into_iter()
        .enumerate()
        {
            let h = 52 + 32 * i;
            put32(&mut b, h, 1);
            put32(&mut b, h + 4, off);
            put32(&mut b, h + 8, vaddr);
            put32(&mut b, h + 12, paddr);
            put32(&mut b, h + 16, size);
            put32(&mut b, h + 20, size);
        }
        // The sections, after the null one: (type, flags, addr, offset, size).
        for (i, (kind, flags, addr, off, size)) in [
            (1, 6, 0x4000, 0x100, 300),
            (1, 3, 0x2000_0000, 0x300, 20),
            (8, 3, 0x2000_0014, 0x314, 64),
        ]
        .into_iter()
        .enumerate()
        {
            let h = 0x400 + 40 * (i + 1);
            put32(&mut b, h + 4, kind);
            put32(&mut b, h + 8, flags);
            put32(&mut b, h + 12, addr);
            put32(&mut b, h + 16, off);
            put32(&mut b, h + 20, size);
        }
        for i in 0..300 {
            b[0x100 + i] = (i % 251) as u8 + 1;
        }
        for i in 0..20 {
            b[0x300 + i] = 0xD0 + i as u8;
        }
        b
    }

    /// The UF2 file written from the ELF, read back block by block, holds
    /// the ELF's loadable bytes at their flash addresses, and erased flash
    /// in the gap between them.
    #[test]
    fn the_uf2_written_from_an_elf_holds_its_loadable_bytes() {
        let path = std::env::temp_dir().join(format!("xtask-elf-{}", std::process::id()));
        std::fs::write(&path, firmware()).unwrap();
        let elf = Elf::read(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(
            elf.sizes(),
            (320, 84),
            "flash: .text and .data; RAM: .data and .bss"
        );
        let (base, image) = elf.flash_image().unwrap();
        let file = crate::uf2::write(&image, base, crate::uf2::FAMILY_SAMD51);
        let mut flash = std::collections::BTreeMap::new();
        for block in file.chunks(512) {
            let word = |i: usize| u32::from_le_bytes(block[4 * i..4 * i + 4].try_into().unwrap());
            assert_eq!(
                (word(0), word(1), word(127)),
                (0x0A32_4655, 0x9E5D_5157, 0x0AB1_6F30)
            );
            let (addr, len) = (word(3), word(4) as usize);
            for (k, &byte) in block[32..32 + len].iter().enumerate() {
                assert!(
                    flash.insert(addr + k as u32, byte).is_none(),
                    "written twice"
                );
            }
        }
        let source = firmware();
        for i in 0..300u32 {
            assert_eq!(flash[&(0x4000 + i)], source[0x100 + i as usize], "text {i}");
        }
        for i in 300..0x200u32 {
            assert_eq!(flash[&(0x4000 + i)], 0xFF, "the gap at {i}");
        }
        for i in 0..20u32 {
            assert_eq!(flash[&(0x4200 + i)], source[0x300 + i as usize], "data {i}");
        }
        // Past .data's end, only the last block's padding: the SAMD
        // bootloader takes blocks of 256 bytes and no other size.
        assert_eq!(*flash.keys().next_back().unwrap(), 0x4000 + 3 * 256 - 1);
        assert!((0x4214..0x4300).all(|a| flash[&a] == 0), "padding");
    }

    #[test]
    fn what_is_no_elf_or_runs_past_its_end_is_refused() {
        let path = std::env::temp_dir().join(format!("xtask-elf-bad-{}", std::process::id()));
        std::fs::write(&path, b"\x7fELF\x02\x01 a 64-bit one").unwrap();
        assert!(Elf::read(&path).is_err());
        let mut cut = firmware();
        cut.truncate(0x300);
        std::fs::write(&path, cut).unwrap();
        assert!(Elf::read(&path).is_err(), "section headers past the end");
        std::fs::remove_file(&path).unwrap();
    }
}
