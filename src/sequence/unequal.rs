//! Breaks into two unequal heaps, as in Grundy's game: what sparse space needs besides.
//!
//! Sparse space marks every split of a heap with a rare part, the forbidden split of a heap
//! into two equal parts among them when that part is rare. That split is worth 0 and is the
//! only one of its kind, so only the mark of 0 is in doubt, and only for the heaps with such a
//! split: [`equal_split_rare`] finds them, and [`unequal_split_reaches_zero`] settles the
//! mark of 0 for them by looking for two equal values among the allowed splits.

use super::rules::last_part;

/// Whether one of the two-heap breaks `moves` (ascending) leaves from heap `n` a heap `s`
/// whose equal split `(s / 2, s / 2)` has a part that `is_rare`.
#[inline]
pub(crate) fn equal_split_rare(moves: &[usize], n: usize, is_rare: impl Fn(usize) -> bool) -> bool {
    moves
        .iter()
        .map_while(|&j| n.checked_sub(j).filter(|&s| s >= 2))
        .any(|s| s % 2 == 0 && is_rare(s / 2))
}

/// Splits compared at once: a block of comparisons without a branch runs as vector
/// instructions.
const BLOCK: usize = 64;

/// Whether a split of a heap left from heap `n` by one of the two-heap breaks `moves`
/// (ascending) into two unequal heaps is worth 0: whether two such heaps have equal values.
///
/// # Complexity
///
/// O(n) per move in the worst case, with early exit at the first such split.
pub(crate) fn unequal_split_reaches_zero(moves: &[usize], values: &[u16], n: usize) -> bool {
    moves
        .iter()
        .map_while(|&j| n.checked_sub(j).filter(|&s| s >= 2))
        .any(|s| {
            let last = last_part(s, true);
            // Parts 1..=last against s - 1 down to s - last.
            let lo = &values[1..=last];
            let hi = &values[s - last..s];
            let (lo_blocks, lo_rest) = lo.as_chunks::<BLOCK>();
            let (hi_rest, hi_blocks) = hi.as_rchunks::<BLOCK>();
            lo_blocks.iter().zip(hi_blocks.iter().rev()).any(|(l, h)| {
                // Without a branch per split, so that the comparisons vectorize.
                (0..BLOCK).fold(0u8, |met, i| met | u8::from(l[i] == h[BLOCK - 1 - i])) != 0
            }) || lo_rest
                .iter()
                .zip(hi_rest.iter().rev())
                .any(|(x, y)| x == y)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_splits_with_a_rare_part() {
        // Heap 10 with moves removing 0 and 1: heaps 10 (split 5 + 5) and 9 (no equal split).
        assert!(equal_split_rare(&[0, 1], 10, |at| at == 5));
        assert!(!equal_split_rare(&[0, 1], 10, |at| at == 4));
        assert!(equal_split_rare(&[0, 1], 11, |at| at == 5));
        assert!(!equal_split_rare(&[0], 1, |_| true));
    }

    #[test]
    fn zero_from_two_unequal_parts_with_equal_values() {
        let mut values = vec![0u16, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3];
        // Heap 4 splits only into 1 + 3: values 0 and 1.
        assert!(!unequal_split_reaches_zero(&[0], &values, 4));
        // Heap 5: 1 + 4 are both worth 0.
        assert!(unequal_split_reaches_zero(&[0], &values, 5));
        // Distinct values: only the forbidden split 150 + 150 has equal parts.
        values = (0..300).collect();
        assert!(!unequal_split_reaches_zero(&[0], &values, 300));
        values[1] = values[299];
        assert!(unequal_split_reaches_zero(&[0], &values, 300));
    }
}
