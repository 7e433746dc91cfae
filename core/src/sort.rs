//! A stable insertion sort for the few short lists the game and the play
//! layer order (monsters in view, a hall's runs, a binding's keys).
//!
//! The standard library's sorts are fast on long slices, and each type
//! sorted brings its own copy of their machinery: some 60 KiB of the
//! browser's module was sorting code for lists of at most a few dozen
//! items. An insertion sort is a loop of a few instructions for each, and
//! stable, so where the order compared is total (every list here is) it
//! puts the items in the same order as any other sort.

use core::cmp::Ordering;

/// Sorts `items` by `order`, stably: items `order` holds equal keep the
/// order they had. Quadratic in the length: for short lists.
pub fn sort_by<T>(items: &mut [T], mut order: impl FnMut(&T, &T) -> Ordering) {
    for end in 1..items.len() {
        // Move items[end] left past every item it goes before.
        let mut at = end;
        while at > 0 && order(&items[at], &items[at - 1]) == Ordering::Less {
            items.swap(at, at - 1);
            at -= 1;
        }
    }
}

/// Sorts `items` by the key `key` gives each, stably.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Sorts `items` in their own order, stably.
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn it_orders_as_the_standard_stable_sort_does() {
        // Pairs with many equal keys: stability shows in the second half.
        let mut rng = Rng::new(42);
        for len in [0usize, 1, 2, 3, 17, 64] {
            let mut ours: heapless::Vec<(usize, usize), 64> = heapless::Vec::new();
            for i in 0..len {
                ours.push((rng.below(5), i)).unwrap();
            }
            let mut theirs = ours.clone();
            sort_by_key(&mut ours, |&(k, _)| k);
            theirs.sort_by_key(|&(k, _)| k);
            assert_eq!(ours, theirs, "{len} items");
        }
        let mut words = ["d", "a", "c", "b", "a"];
        sort(&mut words);
        assert_eq!(words, ["a", "a", "b", "c", "d"]);
    }
}
