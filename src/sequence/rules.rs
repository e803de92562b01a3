//! The moves of a take-and-break game on one heap, by number of tokens removed.

/// What removing a number of tokens from a heap may leave, as in the digits of an octal or
/// hexadecimal code: removing `j` tokens may leave no heap (bit 1, only from a heap of exactly
/// `j`), one heap (bit 2), two heaps (bit 4) or three heaps (bit 8), every heap left non-empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct TakeBreak {
    /// Heap sizes that may be removed whole, ascending.
    pub(crate) take_all: Vec<u32>,
    /// Numbers of tokens that may be removed leaving one heap, ascending.
    pub(crate) take: Vec<u32>,
    /// Numbers of tokens that may be removed leaving two heaps, ascending.
    pub(crate) break2: Vec<u32>,
    /// Numbers of tokens that may be removed leaving three heaps, ascending.
    pub(crate) break3: Vec<u32>,
    /// Whether a two-heap break must leave two unequal heaps, as in Grundy's game.
    pub(crate) unequal: bool,
}

/// The largest smaller part of a split of `s` into two non-empty heaps, unequal ones if
/// `unequal`: the splits are `(a, s - a)` for `a` in `1..=last_part(s, unequal)`.
#[inline]
pub(crate) fn last_part(s: usize, unequal: bool) -> usize {
    // Without a branch: this sits in the loops over every move of every heap.
    s.saturating_sub(usize::from(unequal)) / 2
}

impl TakeBreak {
    /// The rules of code digits `digits[j]` for removing `j` tokens (`digits[0]` is the digit
    /// before the point). Digits are 4-bit.
    pub(crate) fn from_digits(digits: &[u8]) -> Self {
        let with_bit = |bit: u8| -> Vec<u32> {
            digits
                .iter()
                .enumerate()
                .filter(|&(_, d)| d & bit != 0)
                .map(|(j, _)| j as u32)
                .collect()
        };
        TakeBreak {
            take_all: with_bit(1),
            take: with_bit(2),
            break2: with_bit(4),
            break3: with_bit(8),
            unequal: false,
        }
    }

    /// The largest number of tokens any move removes: the `t` of the periodicity theorem.
    pub(crate) fn max_removed(&self) -> u32 {
        [&self.take_all, &self.take, &self.break2, &self.break3]
            .iter()
            .filter_map(|moves| moves.last().copied())
            .max()
            .unwrap_or(0)
    }

    /// Whether a heap of `n` may be removed whole.
    pub(crate) fn takes_all(&self, n: u64) -> bool {
        u32::try_from(n).is_ok_and(|n| self.take_all.binary_search(&n).is_ok())
    }

    /// The heaps one move can leave from a heap of `n`, each as a list of at most three sizes,
    /// every split listed once with its parts in ascending order. Lazy: a heap of n has O(n)
    /// options (O(n²) for breaks into three), listed only as far as the caller reads.
    pub(crate) fn options(&self, n: u64) -> impl Iterator<Item = Vec<u64>> + '_ {
        let whole = self.takes_all(n).then(Vec::new);
        let takes = self
            .take
            .iter()
            .filter(move |&&j| u64::from(j) < n)
            .map(move |&j| vec![n - u64::from(j)]);
        let twos = self.break2.iter().flat_map(move |&j| {
            let rest = n.saturating_sub(u64::from(j));
            (1..=rest / 2)
                .filter(move |&a| !(self.unequal && 2 * a == rest))
                .map(move |a| vec![a, rest - a])
        });
        let threes = self.break3.iter().flat_map(move |&j| {
            let rest = n.saturating_sub(u64::from(j));
            (1..=rest / 3)
                .flat_map(move |a| (a..=(rest - a) / 2).map(move |b| vec![a, b, rest - a - b]))
        });
        whole.into_iter().chain(takes).chain(twos).chain(threes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_become_moves() {
        // Kayles, 0.77: remove 1 or 2 pins, leaving 0, 1 or 2 rows.
        let kayles = TakeBreak::from_digits(&[0, 7, 7]);
        assert_eq!(kayles.take_all, [1, 2]);
        assert_eq!(kayles.take, [1, 2]);
        assert_eq!(kayles.break2, [1, 2]);
        assert!(kayles.break3.is_empty());
        assert_eq!(kayles.max_removed(), 2);
        // 4.0: split a heap in two without removing anything.
        let split = TakeBreak::from_digits(&[4, 0]);
        assert_eq!(split.break2, [0]);
        assert_eq!(split.max_removed(), 0);
    }

    #[test]
    fn options_of_a_heap() {
        let kayles = TakeBreak::from_digits(&[0, 7, 7]);
        // From a row of two: knock both down, or one.
        assert_eq!(kayles.options(2).collect::<Vec<_>>(), vec![vec![], vec![1]]);
        // From a row of four: 3, 2 (one row), 1+2, 1+1 (two rows).
        assert_eq!(
            kayles.options(4).collect::<Vec<_>>(),
            vec![vec![3], vec![2], vec![1, 2], vec![1, 1]]
        );
        // Grundy's game: split a heap into two unequal heaps.
        let grundy = TakeBreak {
            unequal: true,
            ..TakeBreak::from_digits(&[4, 0])
        };
        assert_eq!(
            grundy.options(6).collect::<Vec<_>>(),
            vec![vec![1, 5], vec![2, 4]]
        );
        assert_eq!(last_part(6, true), 2);
        assert_eq!(last_part(7, true), 3);
        assert_eq!(last_part(6, false), 3);
        let hex = TakeBreak::from_digits(&[8]);
        assert_eq!(
            hex.options(5).collect::<Vec<_>>(),
            vec![vec![1, 1, 3], vec![1, 2, 2]]
        );
    }
}
