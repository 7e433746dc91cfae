//! A portable 64-bit FNV-1a hash over explicit bytes. Golden files and
//! replays pin a state by its hash, so the hash must not depend on the
//! machine: it never sees a `usize`, a pointer or a `#[derive(Hash)]`.

use crate::map::Map;

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a, fed a byte at a time.
#[derive(Clone, Copy, Debug)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a::new()
    }
}

impl Fnv1a {
    /// A hash of nothing yet (the offset basis).
    pub const fn new() -> Fnv1a {
        Fnv1a(FNV_OFFSET)
    }

    /// Takes one byte in.
    pub fn byte(&mut self, b: u8) {
        self.0 ^= u64::from(b);
        self.0 = self.0.wrapping_mul(FNV_PRIME);
    }

    /// Takes bytes in, in order.
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.byte(b);
        }
    }

    /// A number as its four little-endian bytes.
    pub fn u32(&mut self, n: u32) {
        self.bytes(&n.to_le_bytes());
    }

    /// The hash of everything taken in.
    pub fn finish(&self) -> u64 {
        self.0
    }
}

/// The hash of a map: its terrain discriminants, row by row.
pub fn map_hash(map: &Map) -> u64 {
    let mut h = Fnv1a::new();
    for &t in map.cells() {
        h.byte(t.discriminant());
    }
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_matches_published_vectors() {
        // The test vectors of the FNV reference (draft-eastlake-fnv).
        let hash = |s: &[u8]| {
            let mut h = Fnv1a::new();
            h.bytes(s);
            h.finish()
        };
        assert_eq!(hash(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(hash(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(hash(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn numbers_hash_as_little_endian_bytes() {
        let mut a = Fnv1a::new();
        a.u32(0x0403_0201);
        let mut b = Fnv1a::new();
        b.bytes(&[1, 2, 3, 4]);
        assert_eq!(a.finish(), b.finish());
    }
}
