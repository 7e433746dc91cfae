//! UF2 files, the format the Wio Terminal's (SAMD51) bootloader and the
//! RP2040's bootrom take: an image written as blocks, and read back with
//! every block checked.

use anyhow::{Result, anyhow};

/// The SAMD51's family in a UF2 block.
pub const FAMILY_SAMD51: u32 = 0x5511_4460;
/// The RP2040's.
pub const FAMILY_RP2040: u32 = 0xE48B_FF56;

/// UF2 blocks of a chip `family`: 256 bytes of the image a block, from the
/// flash address `base` (after the Wio's 16 KiB bootloader; the RP2040's
/// flash itself).
pub fn write(image: &[u8], base: u32, family: u32) -> Vec<u8> {
    let blocks = image.len().div_ceil(256);
    let mut out = Vec::with_capacity(blocks * 512);
    for (n, chunk) in image.chunks(256).enumerate() {
        let mut block = [0u8; 512];
        let words = [
            0x0A32_4655,
            0x9E5D_5157,
            0x0000_2000, // the family ID field is present
            base + 256 * n as u32,
            256,
            n as u32,
            blocks as u32,
            family,
        ];
        for (i, w) in words.iter().enumerate() {
            block[4 * i..4 * i + 4].copy_from_slice(&w.to_le_bytes());
        }
        block[32..32 + chunk.len()].copy_from_slice(chunk);
        block[508..].copy_from_slice(&0x0AB1_6F30u32.to_le_bytes());
        out.extend_from_slice(&block);
    }
    out
}

/// A UF2 file's payload as one image from `base`: each block's magic
/// words, `family` and numbering checked.
pub fn read(blocks: &[u8], base: u32, family: u32) -> Result<Vec<u8>> {
    if blocks.is_empty() || !blocks.len().is_multiple_of(512) {
        return Err(anyhow!(
            "a UF2 of {} bytes is not whole 512-byte blocks",
            blocks.len()
        ));
    }
    let count = blocks.len() / 512;
    let mut image = Vec::new();
    for (n, block) in blocks.chunks_exact(512).enumerate() {
        let word = |i: usize| {
            u32::from_le_bytes([
                block[4 * i],
                block[4 * i + 1],
                block[4 * i + 2],
                block[4 * i + 3],
            ])
        };
        let end = u32::from_le_bytes([block[508], block[509], block[510], block[511]]);
        let magic = (word(0), word(1), end) == (0x0A32_4655, 0x9E5D_5157, 0x0AB1_6F30);
        let of_family = word(2) & 0x2000 != 0 && word(7) == family;
        let numbered = word(5) as usize == n && word(6) as usize == count;
        let size = word(4) as usize;
        if !magic || !of_family || !numbered || size > 476 || word(3) < base {
            return Err(anyhow!(
                "UF2 block {n} is not a block of family {family:#010x} in order"
            ));
        }
        let at = (word(3) - base) as usize;
        if image.len() < at + size {
            image.resize(at + size, 0);
        }
        image[at..at + size].copy_from_slice(&block[32..32 + size]);
    }
    Ok(image)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uf2_blocks_carry_their_addresses_and_magic() {
        let image: Vec<u8> = (0..600u32).map(|i| i as u8).collect();
        let out = write(&image, 0x4000, FAMILY_SAMD51);
        assert_eq!(out.len(), 3 * 512);
        let word = |b: usize, i: usize| {
            u32::from_le_bytes(
                out[b * 512 + 4 * i..b * 512 + 4 * i + 4]
                    .try_into()
                    .unwrap(),
            )
        };
        assert_eq!(word(0, 0), 0x0A32_4655);
        assert_eq!(word(2, 3), 0x4000 + 512);
        assert_eq!(word(2, 6), 3);
        assert_eq!(word(2, 4), 256);
        assert_eq!(out[512 + 32], 0);
        assert_eq!(out[512 + 32 + 1], 1);
        assert_eq!(word(1, 127), 0x0AB1_6F30);
    }

    #[test]
    fn a_uf2_payload_is_read_back_and_a_broken_block_refused() {
        let image: Vec<u8> = (0..700u32).map(|i| (i % 251) as u8).collect();
        let blocks = write(&image, 0x4000, FAMILY_SAMD51);
        let payload = read(&blocks, 0x4000, FAMILY_SAMD51).unwrap();
        assert_eq!(&payload[..700], &image[..]);
        assert!(payload[700..].iter().all(|&b| b == 0));
        let mut broken = blocks.clone();
        broken[512 + 20] ^= 1; // the second block's number
        assert!(read(&broken, 0x4000, FAMILY_SAMD51).is_err());
        assert!(read(&blocks[..1000], 0x4000, FAMILY_SAMD51).is_err());
    }
}
