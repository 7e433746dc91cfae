//! Sets of terrain kinds, tested a cell at a time or eight cells at a time.
//!
//! A [`KindSet`] is one bit a kind (bit `d` for the kind whose discriminant is
//! `d`; there are fewer than eight), so a cell's test is one shift. For
//! eight cells at once, a row's terrain is read as the bytes of a `u64`
//! (`eight_cells`) and the set as runs of discriminants ([`KindRuns`]): a
//! range test of all eight bytes a run, by adding constants that set a
//! byte's top bit, and the eight top bits gathered into one byte by a
//! multiplication (`gather_tops`). The Dijkstra map's layers classify the
//! whole map so, a row of 64 cells as one word; the field of view tests
//! cell by cell along its lines, which run down columns as often as along
//! rows, with `contains`.

use crate::map::Terrain;

// Every kind's bit fits a byte, and every discriminant is under 8, which
// `KindRuns` needs (no carry crosses into the next byte).
const _: () = assert!(Terrain::ALL.len() <= 8);

/// A set of terrain kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KindSet {
    bits: u8,
}

impl KindSet {
    /// The kinds that block sight ([`Terrain::blocks_sight`]).
    pub const SIGHT_BLOCKERS: KindSet = {
        let mut bits = 0;
        let mut k = 0;
        while k < Terrain::ALL.len() {
            if Terrain::ALL[k].blocks_sight() {
                bits |= 1 << Terrain::ALL[k].discriminant();
            }
            k += 1;
        }
        KindSet { bits }
    };

    /// The kinds `wanted` says yes to.
    pub fn of(wanted: impl Fn(Terrain) -> bool) -> KindSet {
        let mut bits = 0;
        for t in Terrain::ALL {
            if wanted(t) {
                bits |= 1 << t.discriminant();
            }
        }
        KindSet { bits }
    }

    /// Whether a kind is in the set: one shift of a constant.
    #[inline(always)]
    pub const fn contains(self, t: Terrain) -> bool {
        (self.bits >> t.discriminant()) & 1 != 0
    }

    /// The set as runs of discriminants, for eight cells at a time.
    pub fn runs(self) -> KindRuns {
        KindRuns::of(|d| (self.bits >> d) & 1 != 0)
    }
}

/// A set of kinds as runs of discriminants: for each run `lo..=hi`, what
/// added to every byte sets its top bit when the byte is at least `lo`, and
/// what sets it when the byte is more than `hi` (a byte is under 8, and
/// what is added at most 0x80, so no carry crosses into the next byte). At
/// most four runs: eight discriminants, a gap between runs.
#[derive(Clone, Debug)]
pub struct KindRuns {
    runs: heapless::Vec<(u64, u64), 4>,
}

/// A 1 in every byte.
const ONES: u64 = 0x0101_0101_0101_0101;

impl KindRuns {
    fn of(wanted: impl Fn(usize) -> bool) -> KindRuns {
        let mut runs = heapless::Vec::new();
        let mut d = 0;
        while d < 8 {
            if !wanted(d) {
                d += 1;
                continue;
            }
            let lo = d as u64;
            while d < 8 && wanted(d) {
                d += 1;
            }
            let hi = d as u64 - 1;
            runs.push((ONES * (0x80 - lo), ONES * (0x7f - hi)))
                .expect("runs have a gap between them: at most four in eight");
        }
        KindRuns { runs }
    }

    /// The top bit of each byte of `word` (eight cells, `eight_cells`)
    /// whose kind is in the set.
    #[inline(always)]
    pub fn tops(&self, word: u64) -> u64 {
        const TOPS: u64 = 0x8080_8080_8080_8080;
        let mut tops = 0;
        for &(at_least, above) in &self.runs {
            tops |= (word + at_least) & !(word + above);
        }
        tops & TOPS
    }

    /// Which of the eight cells of `word` are of a kind in the set, cell k
    /// as bit k.
    #[inline(always)]
    pub fn cells_in(&self, word: u64) -> u64 {
        gather_tops(self.tops(word))
    }
}

/// Eight cells' kinds as the bytes of a word, the first cell the lowest
/// byte.
#[inline(always)]
pub fn eight_cells(cells: &[Terrain; 8]) -> u64 {
    let mut bytes = [0u8; 8];
    for (b, t) in bytes.iter_mut().zip(cells) {
        *b = t.discriminant();
    }
    u64::from_le_bytes(bytes)
}

/// The top bits of the eight bytes as one byte, byte k's top bit as bit k:
/// shifted down to bit 8k, each lands on bit 56 + k of the product (and no
/// two partial products meet, so nothing carries into those bits).
#[inline(always)]
pub fn gather_tops(tops: u64) -> u64 {
    ((tops >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn eight_cells_at_a_time_say_what_one_at_a_time_say() {
        let mut dice = Rng::new(11);
        // Every set of kinds there is, on random rows of eight cells.
        for bits in 0..1u16 << Terrain::ALL.len() {
            let set = KindSet::of(|t| bits >> t.discriminant() & 1 != 0);
            let runs = set.runs();
            for _ in 0..20 {
                let cells: [Terrain; 8] = core::array::from_fn(|_| {
                    Terrain::ALL[dice.roll(0, Terrain::ALL.len() as i32 - 1) as usize]
                });
                let got = runs.cells_in(eight_cells(&cells));
                for (k, &t) in cells.iter().enumerate() {
                    assert_eq!(got >> k & 1 != 0, set.contains(t), "set {bits:#b}, {t:?}");
                    assert_eq!(set.contains(t), bits >> t.discriminant() & 1 != 0);
                }
            }
        }
    }

    #[test]
    fn the_sight_blockers_are_those_that_block_sight() {
        for t in Terrain::ALL {
            assert_eq!(
                KindSet::SIGHT_BLOCKERS.contains(t),
                t.blocks_sight(),
                "{t:?}"
            );
        }
    }
}
