//! The rare/common split of a sequence's values as Flammenkamp and Czajka print it: a value is
//! rare when its bits under a game-specific mask have an even number of ones, the mask being
//! the one that leaves the fewest heaps rare.

use sprague::{Nimber, Sequence};

/// Values from this on are not split: the transform below costs O(v log v) for values below v.
const VALUES_SPLIT: u64 = 1 << 20;

/// The split of a sequence's values.
#[derive(Debug, PartialEq, Eq)]
pub struct RareSplit {
    /// The mask: a value `v` is rare when `v & mask` has an even number of ones.
    pub mask: u64,
    /// The number of heaps of the sequence with a rare value,
    pub rare: usize,
    /// and the last of them.
    pub last: Option<usize>,
}

impl RareSplit {
    /// The split with the fewest rare heaps, the least such mask; `None` for a sequence of
    /// fewer than two heaps or with a value of 2²⁰ or more.
    ///
    /// Heaps past the first period are counted through it, in O(preperiod + period).
    pub fn of(seq: &Sequence) -> Option<Self> {
        let len = seq.len();
        let stored = seq
            .period()
            .map_or(len, |p| (p.preperiod + p.period).min(len));
        // How many heaps of `0..len` have each value: those past the first period count once per
        // repeat.
        let mut counts: Vec<i64> = Vec::new();
        for (n, v) in seq.iter().take(stored).map(Nimber::value).enumerate() {
            if v >= VALUES_SPLIT {
                return None;
            }
            let v = v as usize;
            if v >= counts.len() {
                counts.resize((v + 1).next_power_of_two(), 0);
            }
            counts[v] += times(seq, n).cast_signed() as i64;
        }
        if len < 2 || counts.len() < 2 {
            return None;
        }
        // counts[m] becomes (heaps whose value has an even number of ones under m) − (odd).
        let mut half = 1;
        while half < counts.len() {
            for block in counts.chunks_exact_mut(2 * half) {
                let (low, high) = block.split_at_mut(half);
                for (x, y) in low.iter_mut().zip(high) {
                    (*x, *y) = (*x + *y, *x - *y);
                }
            }
            half *= 2;
        }
        let (mask, even_minus_odd) = (1..counts.len())
            .map(|m| (m, counts[m]))
            .min_by_key(|&(m, d)| (d, m))?;
        let rare = i64::midpoint(len.cast_signed() as i64, even_minus_odd).cast_unsigned() as usize;
        let mask = mask as u64;
        let is_rare = |n: usize| {
            seq.get(n)
                .is_some_and(|v| (v.value() & mask).count_ones().is_multiple_of(2))
        };
        // The last rare heap lies within one period of the end if the period repeats one, else
        // before the period.
        let last = (len.saturating_sub(stored)..len)
            .rev()
            .find(|&n| is_rare(n))
            .or_else(|| (0..stored.min(len)).rev().find(|&n| is_rare(n)));
        Some(RareSplit { mask, rare, last })
    }
}

/// How many heaps of `0..seq.len()` stored heap `n` stands for.
fn times(seq: &Sequence, n: usize) -> usize {
    match seq.period() {
        Some(p) if n >= p.preperiod && seq.len() > p.preperiod => {
            let beyond = seq.len() - p.preperiod;
            beyond / p.period + usize::from(n - p.preperiod < beyond % p.period)
        }
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::RareSplit;
    use sprague::games::{GrundysGame, Octal};
    use sprague::{Nimber, Sequence};

    /// The split by looking at every value under every mask.
    fn counted(seq: &Sequence) -> RareSplit {
        let values: Vec<u64> = seq.iter().map(Nimber::value).collect();
        let top = values.iter().max().unwrap().next_power_of_two() * 2;
        let rare = |m: u64| {
            values
                .iter()
                .filter(move |&&v| (v & m).count_ones().is_multiple_of(2))
        };
        let mask = (1..top).min_by_key(|&m| (rare(m).count(), m)).unwrap();
        let last = values
            .iter()
            .rposition(|&v| (v & mask).count_ones().is_multiple_of(2));
        RareSplit {
            mask,
            rare: rare(mask).count(),
            last,
        }
    }

    #[test]
    fn splits_through_the_period_equal_the_counted_ones() {
        for seq in [
            Octal::kayles().sequence(10_000),
            Octal::dawsons_chess().sequence(3_001),
            "0.16".parse::<Octal>().and_then(|g| g.sequence(20_000)),
            GrundysGame::new().sequence(20_000),
        ] {
            let seq = seq.unwrap();
            assert_eq!(RareSplit::of(&seq), Some(counted(&seq)), "{seq:?}");
        }
    }

    #[test]
    fn grundys_game_splits_by_fe() {
        // Czajka's table: mask fe, 1,274 rare values below 2^21, the last at heap 82,860 (this
        // many heaps show the mask and the first rare values).
        let split = RareSplit::of(&GrundysGame::new().sequence(100_000).unwrap()).unwrap();
        assert_eq!((split.mask, split.last), (0xfe, Some(82_860)));
    }
}
