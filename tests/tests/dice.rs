//! The dice against the rules of docs/rules.md ("Dice"), computed here from the
//! definitions and not from the core: `rand_core`'s `seed_from_u64` fills the
//! 16 seed bytes with PCG32 outputs (little-endian), and xorshift128 then runs
//! from those four words (a seed of all zeros would be replaced by 0xBAD5EED).

use amulets_core::rng::Rng;

/// One step of the PCG32 that `seed_from_u64` uses: advance the state by the
/// LCG, then the XSH-RR output.
fn pcg32(state: &mut u64) -> u32 {
    *state = state
        .wrapping_mul(0x5851_F42D_4C95_7F2D)
        .wrapping_add(0xA176_54E4_6FBE_17F3);
    let s = *state;
    let xorshifted = (((s >> 18) ^ s) >> 27) as u32;
    xorshifted.rotate_right((s >> 59) as u32)
}

/// Marsaglia's xorshift128 with the shifts (11, 8, 19).
struct Xorshift128([u32; 4]);

impl Xorshift128 {
    fn seeded(seed: u32) -> Xorshift128 {
        let mut state = u64::from(seed);
        let mut words = [0u32; 4];
        for w in &mut words {
            // The bytes are written little-endian and read back the same way,
            // so each word is the PCG output itself.
            *w = u32::from_le_bytes(pcg32(&mut state).to_le_bytes());
        }
        if words == [0; 4] {
            words = [0x0BAD_5EED; 4];
        }
        Xorshift128(words)
    }

    fn next(&mut self) -> u32 {
        let [x, y, z, w] = self.0;
        let t = x ^ (x << 11);
        let next = w ^ (w >> 19) ^ (t ^ (t >> 8));
        self.0 = [y, z, w, next];
        next
    }
}

#[test]
fn first_values_match_a_python_implementation() {
    // Printed by a separate Python script written from the same definitions
    // (PCG32 XSH-RR seeding, then xorshift128), a second, independent check.
    let expected: [(u32, [u32; 6]); 3] = [
        (
            0,
            [
                0xcbeeced5, 0xe3a70b94, 0xa7211daf, 0x6fed90d0, 0xd2c8639e, 0x09e829f8,
            ],
        ),
        (
            1,
            [
                0xb23e99ef, 0x7dd3633b, 0x592867dc, 0xb1cab865, 0xf77dbe52, 0x1151d13d,
            ],
        ),
        (
            42,
            [
                0xcfbf6560, 0x2cf3213d, 0xed54aaa1, 0xf553e12b, 0xc1f30e84, 0x74bc254e,
            ],
        ),
    ];
    for (seed, values) in expected {
        let mut rng = Rng::new(seed);
        let mut reference = Xorshift128::seeded(seed);
        for v in values {
            assert_eq!(reference.next(), v, "the reference, seed {seed}");
            assert_eq!(rng.next_u32(), v, "the core, seed {seed}");
        }
    }
}

#[test]
fn long_streams_match_the_reference() {
    for seed in (0..200).chain([42, 12345, u32::MAX]) {
        let mut rng = Rng::new(seed);
        let mut reference = Xorshift128::seeded(seed);
        for i in 0..2000 {
            assert_eq!(rng.next_u32(), reference.next(), "seed {seed}, value {i}");
        }
    }
}

/// `roll` written from the rules' words, on the reference generator.
fn reference_roll(g: &mut Xorshift128, lo: i32, hi: i32) -> i32 {
    let span = (hi as i64 - lo as i64 + 1) as u64;
    if span == 1 << 32 {
        return (lo as i64 + g.next() as i64) as i32;
    }
    // Reject the low halves below 2^32 mod span, which would favour some
    // results.
    let threshold = (1u64 << 32) % span;
    loop {
        let m = u64::from(g.next()) * span;
        if (m & 0xffff_ffff) >= threshold {
            return (lo as i64 + (m >> 32) as i64) as i32;
        }
    }
}

#[test]
fn rolls_match_the_reference() {
    let ranges = [
        (0, 1),
        (1, 6),
        (1, 100),
        (12, 50),
        (-7, 7),
        (0, 1 << 30),
        (0, i32::MAX - 5),
        (-1_000_000_000, 2_000_000_000),
        (i32::MIN, i32::MAX),
        (i32::MIN, 3),
    ];
    for seed in 0..50 {
        let mut rng = Rng::new(seed);
        let mut reference = Xorshift128::seeded(seed);
        for i in 0..5000 {
            let (lo, hi) = ranges[i % ranges.len()];
            assert_eq!(
                rng.roll(lo, hi),
                reference_roll(&mut reference, lo, hi),
                "seed {seed}"
            );
        }
    }
}
