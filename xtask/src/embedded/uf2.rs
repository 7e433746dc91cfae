//! The Wio Terminal's UF2 image.

/// UF2 blocks for the Wio Terminal's bootloader: 256 bytes of the image a
/// block, at the flash address after the 16 KiB bootloader.
pub(super) fn uf2(image: &[u8], base: u32) -> Vec<u8> {
    const FAMILY_SAMD51: u32 = 0x5511_4460;
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
            FAMILY_SAMD51,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uf2_blocks_carry_their_addresses_and_magic() {
        let image: Vec<u8> = (0..600u32).map(|i| i as u8).collect();
        let out = uf2(&image, 0x4000);
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
}
