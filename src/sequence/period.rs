//! Periods of heap-game sequences, proven by the periodicity theorem.

use std::fmt;
use std::str::FromStr;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::bits::byte_bits;
use crate::Error;

/// An eventual period of a sequence: `g(n + period) == g(n)` for every `n >= preperiod`, with
/// both numbers the least possible.
///
/// ```
/// use sprague::Period;
/// let kayles = Period { preperiod: 71, period: 12 };
/// assert_eq!(kayles.to_string(), "preperiod 71, period 12");
/// assert_eq!(kayles.index(1_000_000_007), 71 + (1_000_000_007 - 71) % 12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Period {
    /// The number of values before the periodic part starts.
    pub preperiod: usize,
    /// The length of the repeating block.
    pub period: usize,
}

impl Period {
    /// The index below `preperiod + period` holding the same value as index `n`.
    ///
    /// Any values of the fields are accepted: a period of 0 repeats nothing, so every index
    /// then stands for itself, and an index that does not fit a `usize` is given as
    /// `usize::MAX`.
    ///
    /// ```
    /// use sprague::Period;
    /// assert_eq!(Period { preperiod: 2, period: 3 }.index(10), 4);
    /// assert_eq!(Period { preperiod: 2, period: 3 }.index(1), 1);
    /// assert_eq!(Period { preperiod: 0, period: 0 }.index(5), 5);
    /// ```
    #[must_use]
    pub fn index(&self, n: u64) -> usize {
        let (start, period) = (self.preperiod as u64, self.period as u64);
        let index = match n.checked_sub(start) {
            // At most n, so it cannot overflow.
            Some(past) if period > 0 && past >= period => start + past % period,
            _ => n,
        };
        usize::try_from(index).unwrap_or(usize::MAX)
    }
}

impl fmt::Display for Period {
    /// `preperiod 71, period 12`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "preperiod {}, period {}", self.preperiod, self.period)
    }
}

impl FromStr for Period {
    type Err = Error;

    /// Reads what [`Display`](fmt::Display) writes: `preperiod 71, period 12`.
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] for any other text, or numbers that do not fit a `usize`.
    ///
    /// ```
    /// use sprague::Period;
    ///
    /// let kayles = Period { preperiod: 71, period: 12 };
    /// assert_eq!(kayles.to_string().parse::<Period>()?, kayles);
    /// assert!("period 12".parse::<Period>().is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, Error> {
        let error = |reason| Error::parse("a period", text, reason);
        let (start, length) = text
            .trim()
            .strip_prefix("preperiod ")
            .and_then(|rest| rest.split_once(", period "))
            .ok_or_else(|| error("a period reads `preperiod P, period Q`"))?;
        let number = |digits: &str| {
            digits
                .parse::<usize>()
                .map_err(|_| error("the preperiod and the period are whole numbers"))
        };
        Ok(Period {
            preperiod: number(start)?,
            period: number(length)?,
        })
    }
}

/// Watches a growing sequence of a take-and-break game for a proof of periodicity.
///
/// The periodicity theorem (Guy and Smith, 1956, for moves leaving at most two heaps): if every
/// move removes at most `t` tokens and leaves at most `k` heaps, and `g(n + p) == g(n)` for
/// `n0 <= n < k·n0 + (k − 1)·p + t`, then `g(n + p) == g(n)` for every `n >= n0`. (An option of
/// a heap of `n + p` leaves parts summing to at least `n + p − t`, so its largest part is at
/// least `n0 + p` and can be shortened by `p`; the options of `n` lengthen likewise.) So `L`
/// values prove period `p` from `n0` when `L >= k·(n0 + p) + t`.
///
/// When moves leave two or more heaps, one Z-function pass over the reversed values, at
/// checkpoints spaced geometrically, finds the last index where every candidate period fails;
/// the few candidates closest to a proof are then followed value by value, so that a proof is
/// noticed at the exact length where it completes.
///
/// When moves leave at most one heap (`k = 1`), a value past `t` is a function of the `t`
/// values before it (up to `t`, a move may also remove a whole heap of exactly that size), so
/// the first window of `t` values past the first one to repeat proves the period; windows are
/// found again by a rolling hash, in O(1) per value.
#[derive(Clone, Debug)]
pub(crate) struct PeriodCheck {
    /// The most heaps a move leaves (at least 1).
    heaps: usize,
    /// The most tokens a move removes.
    removed: usize,
    next_check: usize,
    /// Candidate periods and their preperiods so far (one past their last mismatch),
    tracked: Vec<Candidate>,
    /// and the fewest values a proof of one of them needs.
    soonest: usize,
    /// The Z-function of the last check, kept so that each check does not fault in fresh
    /// memory for it (a page fault can cost microseconds on a virtual machine).
    matches: Vec<u32>,
    /// For `k = 1`: the rolling hash of the last `t` values, and where each window ended.
    window: u64,
    windows: FxHashMap<u64, SmallVec<[usize; 1]>>,
}

#[derive(Clone, Copy, Debug)]
struct Candidate {
    period: usize,
    start: usize,
}

/// Checkpoints are this fraction of the length apart: a full check costs O(length), so all
/// checks together cost O(length), and every candidate is seen before its proof, which needs
/// about twice the length at which it first shows (one period past its preperiod), while
/// checkpoints grow by half at a time.
const CHECK_FRACTION: usize = 2;
/// How many candidates are followed between checkpoints.
const TRACKED: usize = 4;

impl PeriodCheck {
    pub(crate) fn new(heaps: usize, removed: usize) -> Self {
        PeriodCheck {
            heaps: heaps.max(1),
            removed,
            next_check: 0,
            tracked: Vec::new(),
            soonest: usize::MAX,
            matches: Vec::new(),
            window: 0,
            windows: FxHashMap::default(),
        }
    }

    /// How many values a proof of `period` from `start` needs.
    ///
    /// The induction shortens a part `b >= n0 + p` of a split by `p`, which must leave a heap:
    /// from `n0 = 0`, the split of `2p` into `(p, p)` would map to a split with an empty part.
    /// So a proof for a breaking game starts at 1 at the earliest (the preperiod reported can
    /// still be 0, when the values say so).
    fn needed(&self, start: usize, period: usize) -> usize {
        let start = if self.heaps > 1 { start.max(1) } else { start };
        self.heaps * (start + period) + self.removed
    }

    /// Takes note of the newest value of `values`; returns the period once they prove one.
    #[inline]
    pub(crate) fn observe<T: Copy + PartialEq + Into<u64>>(
        &mut self,
        values: &[T],
    ) -> Option<Period> {
        if self.heaps == 1 {
            return self.observe_window(values);
        }
        let len = values.len();
        let newest = len - 1;
        let mut mismatched = false;
        for c in &mut self.tracked {
            if newest >= c.period && values[newest] != values[newest - c.period] {
                c.start = newest - c.period + 1;
                mismatched = true;
            }
        }
        if mismatched || len >= self.soonest || len >= self.next_check {
            return self.settle(values, mismatched);
        }
        None
    }

    /// The rarer part of [`PeriodCheck::observe`]: after a mismatch, a proof or at a
    /// checkpoint.
    fn settle<T: PartialEq>(&mut self, values: &[T], mismatched: bool) -> Option<Period> {
        let len = values.len();
        if mismatched {
            // A candidate with a new mismatch may no longer be provable before the next check.
            let next_check = self.next_check;
            let mut tracked = std::mem::take(&mut self.tracked);
            tracked.retain(|c| self.needed(c.start, c.period) <= next_check);
            self.tracked = tracked;
            self.note_soonest();
        }
        if len >= self.soonest {
            let proven = self
                .tracked
                .iter()
                .find(|c| len >= self.needed(c.start, c.period));
            if let Some(&c) = proven {
                return Some(least_period(values, c));
            }
        }
        if len >= self.next_check {
            self.next_check = len + (len / CHECK_FRACTION).max(1);
            let proven = self.check(values);
            self.note_soonest();
            return proven;
        }
        None
    }

    /// Takes note of the fewest values a proof of a tracked candidate needs.
    fn note_soonest(&mut self) {
        self.soonest = self
            .tracked
            .iter()
            .map(|c| self.needed(c.start, c.period))
            .min()
            .unwrap_or(usize::MAX);
    }

    /// The first repeat of a window of `t` values (past the first `t` values, which moves
    /// removing a whole heap can make special).
    fn observe_window<T: Copy + PartialEq + Into<u64>>(&mut self, values: &[T]) -> Option<Period> {
        // Window hash: sum of values[end - t + m] * B^(t - 1 - m), wrapping.
        const B: u64 = 0x9e37_79b9_7f4a_7c15;
        let t = self.removed;
        let newest = values.len() - 1;
        let value = |i: usize| values[i].into().wrapping_add(1);
        self.window = self.window.wrapping_mul(B).wrapping_add(value(newest));
        if newest >= t {
            self.window = self
                .window
                .wrapping_sub(value(newest - t).wrapping_mul(B.wrapping_pow(t as u32)));
        }
        // The window of values[end - t..end] decides values[end] once end > t.
        let end = newest + 1;
        if end <= t {
            return None;
        }
        let same = |a: usize, b: usize| (0..t).all(|m| values[a - t + m] == values[b - t + m]);
        let earlier = self.windows.entry(self.window).or_default();
        if let Some(&start) = earlier.iter().find(|&&e| same(e, end)) {
            return Some(least_period(
                values,
                Candidate {
                    period: end - start,
                    start: start - t,
                },
            ));
        }
        earlier.push(end);
        None
    }

    /// Finds the last mismatch of every candidate period; returns a proven period, or keeps
    /// the candidates closest to a proof.
    fn check<T: PartialEq>(&mut self, values: &[T]) -> Option<Period> {
        let len = values.len();
        // A proof of p needs len >= heaps * (0 + p) + removed at the least.
        let max_period = (len.saturating_sub(self.removed) / self.heaps).min(len - 1);
        if max_period == 0 {
            return None;
        }
        let mut matched = std::mem::take(&mut self.matches);
        reversed_z(values, max_period, &mut matched);
        // A proof needs heaps · (start + period) + removed values at least, and start + period
        // is len − matched: only periods matching this many values can be proven by the next
        // check. (Most match none, and are passed over without working that out.)
        let least = len.saturating_sub(self.next_check.saturating_sub(self.removed) / self.heaps);
        let candidates = (1..=max_period)
            .filter(|&period| matched[period] as usize >= least)
            .map(|period| Candidate {
                period,
                start: len - period - matched[period] as usize,
            });
        // Follow the few that could be proven before the next check, fewest values needed
        // first; the next check finds the others again.
        self.tracked.clear();
        for c in candidates {
            let needed = self.needed(c.start, c.period);
            if len >= needed {
                return Some(least_period(values, c));
            }
            if needed > self.next_check {
                continue;
            }
            let worst = self
                .tracked
                .iter()
                .enumerate()
                .max_by_key(|(_, t)| (self.needed(t.start, t.period), t.period));
            match worst {
                _ if self.tracked.len() < TRACKED => self.tracked.push(c),
                Some((i, t)) if needed < self.needed(t.start, t.period) => self.tracked[i] = c,
                _ => {}
            }
        }
        self.matches = matched;
        None
    }
}

/// Values compared at once while extending a match in [`reversed_z`].
const BLOCK: usize = 8;

/// How many of the last values a distance must repeat to be looked at closely, outside the
/// matches found so far, in [`reversed_z`].
const FILTER: usize = 4;

/// Lengths from which [`reversed_z`] passes over distances that do not repeat the last
/// [`FILTER`] values (below, a count under [`FILTER`] could still matter for a proof).
const FILTER_FROM: usize = 256;

/// Sets `z` to `z[p]` for `p` in `1..=max_period` (and `z[0] = 0`), reusing its memory: how
/// many of the last values repeat at distance `p`, the
/// number of `i` with `values[len-1-j] == values[len-1-j-p]` for every `j < i`. This is the
/// Z-function of the reversed values, except that from [`FILTER_FROM`] values on, counts
/// below [`FILTER`] may be given as 0.
///
/// Outside the matches found so far, 64 distances at a time are compared on their last
/// [`FILTER`] values without a branch, and only those that repeat them are looked at one by
/// one. (Looked at one by one, most distances fail at once, but at a mispredicted branch
/// each.) A count left at 0 is less than
/// the true one by less than [`FILTER`]: it costs the Z-function no more than that many
/// comparisons where it is reused, and a proof needs counts of half the length at least.
///
/// # Complexity
///
/// O(len) comparisons, 4 bytes per candidate.
fn reversed_z<T: PartialEq>(values: &[T], max_period: usize, z: &mut Vec<u32>) {
    let len = values.len();
    let at = |i: usize| &values[len - 1 - i];
    z.clear();
    z.resize(max_period + 1, 0);
    let (mut left, mut right) = (0, 0);
    let filter = len >= FILTER_FROM;
    let mut i = 1;
    while i <= max_period {
        if filter && i >= right && i + FILTER <= len {
            let count = 64.min(max_period + 1 - i).min(len + 1 - FILTER - i);
            let repeats = repeating_distances(values, i, count);
            if repeats == 0 {
                i += count;
                continue;
            }
            i += repeats.trailing_zeros() as usize;
        }
        let mut k = if i < right {
            (right - i).min(z[i - left] as usize)
        } else {
            0
        };
        // Most periods fail at once: that is told without comparing a block.
        if k == 0 && at(0) != at(i) {
            i += 1;
            continue;
        }
        // Whole blocks first (slice comparison is a memory compare for plain values), then
        // value by value.
        while i + k + BLOCK <= len
            && values[len - k - BLOCK..len - k] == values[len - i - k - BLOCK..len - i - k]
        {
            k += BLOCK;
        }
        while i + k < len && at(k) == at(i + k) {
            k += 1;
        }
        z[i] = k as u32;
        if i + k > right {
            left = i;
            right = i + k;
        }
        i += 1;
    }
}

/// Bit `b` set, for `b < count <= 64`, when the last [`FILTER`] values repeat at distance
/// `from + b`; `from + count - 1 + FILTER` must not exceed the length.
fn repeating_distances<T: PartialEq>(values: &[T], from: usize, count: usize) -> u64 {
    let len = values.len();
    let last = &values[len - FILTER..];
    // The values `count - 1` distances and fewer before those at distance `from`, ascending:
    // position `q` starts the run at distance `from + count - 1 - q`.
    let window = &values[len - FILTER - from - (count - 1)..len - from];
    let mut hits = [0u8; 64];
    for (q, hit) in hits[..count].iter_mut().enumerate() {
        let run = &window[q..q + FILTER];
        *hit = run
            .iter()
            .zip(last)
            .fold(1, |all, (x, y)| all & u8::from(x == y));
    }
    let by_position = byte_bits(&hits);
    // Position q is distance from + count - 1 - q: reversed, and shifted to bit 0.
    by_position.reverse_bits() >> (64 - count)
}

/// The least period and preperiod of a sequence proven periodic with `proven.period` from
/// `proven.start`.
///
/// A multiple of the least period can be proven first, when the sequence settles into it
/// earlier; the least period divides it and can be read off one cycle, and its preperiod off
/// the values before, extended periodically.
fn least_period<T: PartialEq>(values: &[T], proven: Candidate) -> Period {
    let Candidate { period: big, start } = proven;
    let value = |i: usize| {
        if i < values.len() {
            &values[i]
        } else {
            &values[start + (i - start) % big]
        }
    };
    let period = (1..=big)
        .filter(|d| big % d == 0)
        .find(|&d| (start..start + big).all(|n| value(n) == value(n + d)))
        .unwrap_or(big);
    let mut preperiod = start + big;
    while preperiod > 0 && value(preperiod - 1) == value(preperiod - 1 + period) {
        preperiod -= 1;
    }
    Period { preperiod, period }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds `values` one by one; returns the length at which a period is proven, and it.
    fn first_proof<T: Copy + PartialEq + Into<u64>>(
        check: &mut PeriodCheck,
        values: &[T],
    ) -> Option<(usize, Period)> {
        (1..=values.len()).find_map(|len| check.observe(&values[..len]).map(|p| (len, p)))
    }

    #[test]
    fn proves_a_periodic_tail_exactly_when_long_enough() {
        // 5 values of preperiod, then period 3.
        let mut values: Vec<u16> = vec![9, 8, 7, 6, 5];
        values.extend([1, 2, 3].iter().cycle().take(600));
        let found = first_proof(&mut PeriodCheck::new(2, 2), &values);
        assert_eq!(
            found,
            Some((
                2 * (5 + 3) + 2,
                Period {
                    preperiod: 5,
                    period: 3
                }
            ))
        );
    }

    #[test]
    fn a_late_tail_is_found_at_its_proof_not_at_a_checkpoint() {
        // Period 7 from 1000: the proof completes at 2 * 1007 + 1 values.
        let mut values: Vec<u32> = (0..1000).map(|i| 100 + i).collect();
        values.extend([0, 1, 2, 3, 4, 5, 6].iter().cycle().take(5000));
        let found = first_proof(&mut PeriodCheck::new(2, 1), &values);
        assert_eq!(
            found,
            Some((
                2015,
                Period {
                    preperiod: 1000,
                    period: 7
                }
            ))
        );
    }

    #[test]
    fn a_breaking_game_is_never_proven_from_0() {
        // 4.0 (split a heap in two) starts 0, 0, 1, 0, 1: two zeros prove nothing.
        let values: [u16; 8] = [0, 0, 1, 0, 1, 0, 1, 0];
        let found = first_proof(&mut PeriodCheck::new(2, 0), &values);
        assert_eq!(
            found,
            Some((
                2 * (1 + 2),
                Period {
                    preperiod: 1,
                    period: 2
                }
            ))
        );
    }

    #[test]
    fn the_least_period_is_found_not_a_multiple() {
        let values: Vec<u8> = [0, 1].iter().copied().cycle().take(100).collect();
        assert_eq!(
            first_proof(&mut PeriodCheck::new(2, 1), &values).map(|f| f.1),
            Some(Period {
                preperiod: 0,
                period: 2
            })
        );
    }

    #[test]
    fn a_multiple_settling_first_is_refined_to_the_least_period() {
        // Period 4 from index 40, but period 2 only from index 61: the refinement must report
        // period 2 and preperiod 61, whichever proof completes first.
        let mut values: Vec<u32> = (0..40).map(|i| 50 + i).collect();
        values.extend((40..61).map(|i| if i % 4 == 3 { 9 } else { i as u32 % 2 }));
        values.extend((61..400).map(|i| i as u32 % 2));
        let found = first_proof(&mut PeriodCheck::new(2, 0), &values).map(|f| f.1);
        // Index 59 is 3 mod 4 and holds 9, so period 2 fails at 59/61, and starts at 60... check:
        let last_bad = (0..398)
            .rev()
            .find(|&n| values[n] != values[n + 2])
            .unwrap();
        assert_eq!(
            found,
            Some(Period {
                preperiod: last_bad + 1,
                period: 2
            })
        );
    }

    #[test]
    fn take_only_games_need_a_window_of_t() {
        // One heap at a time: a window of t values decides the next, past the heap sizes that
        // a move may remove whole, so periodicity from 0 needs g(n + 7) = g(n) for n <= t:
        // 12 values.
        let values: [u16; 14] = [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2];
        assert_eq!(
            first_proof(&mut PeriodCheck::new(1, 4), &values),
            Some((
                12,
                Period {
                    preperiod: 0,
                    period: 7
                }
            ))
        );
    }

    #[test]
    fn a_late_change_is_not_a_period() {
        // Ones, a 2 at index 15, ones again: with t = 20 no proof completes before the 2, and
        // after it period 1 would need 2 * (16 + 1) + 20 = 54 values.
        let values: Vec<u8> = (0..40).map(|i| if i == 15 { 2 } else { 1 }).collect();
        assert_eq!(first_proof(&mut PeriodCheck::new(2, 20), &values), None);
    }

    #[test]
    fn reversed_z_counts_matching_suffixes() {
        let values = [5, 1, 2, 1, 2, 1, 2];
        let mut z = Vec::new();
        reversed_z(&values, 3, &mut z);
        assert_eq!(z[1..], [0, 4, 0]);
    }

    /// How many of the last values repeat at distance `p`, counted one by one.
    fn matching_suffix(values: &[u16], p: usize) -> u32 {
        let len = values.len();
        (0..len - p)
            .take_while(|&j| values[len - 1 - j] == values[len - 1 - j - p])
            .count() as u32
    }

    proptest::proptest! {
        /// Long sequences are filtered: counts of at least `FILTER` are exact, smaller ones
        /// at most what they are. A few symbols and a periodic stretch give long matches,
        /// whose counts are reused inside them.
        #[test]
        fn reversed_z_is_exact_from_filter_on(
            noise in proptest::collection::vec(0u16..3, FILTER_FROM..700),
            pattern in proptest::collection::vec(0u16..3, 1..40),
            repeats in 0usize..400,
        ) {
            let mut values = noise;
            values.extend(pattern.iter().cycle().take(repeats));
            let max_period = values.len() - 1;
            // Left over from a longer run, which must not show through.
            let mut z = vec![u32::MAX; 2 * values.len()];
            reversed_z(&values, max_period, &mut z);
            z.truncate(max_period + 1);
            for (p, &got) in z.iter().enumerate().skip(1) {
                let want = matching_suffix(&values, p);
                if want >= FILTER as u32 {
                    proptest::prop_assert_eq!(got, want, "distance {}", p);
                } else {
                    proptest::prop_assert!(got <= want, "distance {}", p);
                }
            }
        }

        #[test]
        fn repeating_distances_are_those_repeating_the_last_values(
            values in proptest::collection::vec(0u16..2, FILTER + 64..300),
            from in 1usize..100,
            count in 1usize..=64,
        ) {
            let len = values.len();
            let from = from.min(len - FILTER);
            let count = count.min(len + 1 - FILTER - from);
            let want = (0..count).fold(0u64, |bits, b| {
                let p = from + b;
                let repeats = (0..FILTER).all(|j| values[len - 1 - j] == values[len - 1 - j - p]);
                bits | u64::from(repeats) << b
            });
            proptest::prop_assert_eq!(repeating_distances(&values, from, count), want);
        }
    }
}
