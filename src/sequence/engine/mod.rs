//! Computing the Grundy values of heaps of a take-and-break game, bottom-up.
//!
//! The value of a heap of `n` is the mex of its options: heaps left by taking, and nim-sums of
//! the heaps left by breaking. A break into two heaps has about n/2 splits, so the plain method
//! costs O(n²) for n heaps. Three methods share the work:
//!
//! - **take-only** games (no move leaves two heaps) cost O(moves) per heap;
//! - **sparse space** (Gangolli and Plambeck, Flammenkamp): most values of most games fall in a
//!   *common* class C whose pairwise nim-sums miss the values that matter, so only splits with
//!   a *rare* part can reach them. Only rare positions are enumerated, and the splits are
//!   gone through, with early exit, only for the values left unmarked that could come from two
//!   common parts: all of them looked for at once with vectorized comparisons when a heap has
//!   a few dozen at most, the splits scanned in order marking every value met when it has
//!   more. This is refined by parity, as Flammenkamp's tables do: extended values (value,
//!   parity of the position) split better, separately for moves removing an even and an odd
//!   number of tokens. While every value is below 32 (128), a heap's option values are the
//!   bits of one word (two), kept in registers, and the splits with a far rare part, whose
//!   other parts are all known, are marked for the next 16 heaps at once with vector
//!   instructions. Beyond, the rare splits of a run of consecutive breaks are marked once, for
//!   all the heaps that need them; and when there are more than a thousand rare splits a
//!   heap, a helper thread marks them one heap ahead;
//! - the **plain scan** of every split, for games whose rare values never die out, and for
//!   three-heap breaks.
//!
//! Values are `u16` while they fit and `u32` beyond: no value is ever truncated.

mod ahead;
mod classes;
mod kernels;
mod options;
mod rare;
mod sparse;
mod storage;

use std::thread::Scope;

#[allow(clippy::wildcard_imports)]
use kernels::*;
#[allow(clippy::wildcard_imports)]
use options::*;
#[allow(clippy::wildcard_imports)]
use rare::*;
use sparse::{SPARSE_END, SPARSE_START};
#[allow(clippy::wildcard_imports)]
pub(crate) use storage::*;

use crate::Error;

use super::parallel::{Helper, PARALLEL_END, PARALLEL_START, main_share};
use super::period::{Period, PeriodCheck};
use super::rules::TakeBreak;
use super::unequal::{equal_split_rare, unequal_split_reaches_zero};

/// The values of a take-and-break game, computed up to any length, and its period once proven.
pub(crate) struct SequenceBuilder {
    rules: TakeBreak,
    /// No heap above this can be removed whole.
    largest_take_all: usize,
    values: Values,
    options: OptionSet,
    sparse: Option<Sparse>,
    /// The periodicity theorem's check, for games it holds for: not those whose breaks leave
    /// unequal heaps only, where a split `(a, a + p)` of a heap `n + p` maps to the forbidden
    /// `(a, a)` of heap `n`.
    check: Option<PeriodCheck>,
    period: Option<Period>,
    /// Splits examined so far: the measure of the work done.
    work: u64,
}

impl SequenceBuilder {
    pub(crate) fn new(rules: TakeBreak) -> Self {
        let heaps = if !rules.break3.is_empty() {
            3
        } else if rules.break2.is_empty() {
            1
        } else {
            2
        };
        let check = (!rules.unequal).then(|| PeriodCheck::new(heaps, rules.max_removed() as usize));
        let largest_take_all = rules.take_all.last().map_or(0, |&j| j as usize);
        SequenceBuilder {
            rules,
            largest_take_all,
            values: Values::Narrow(Vec::new()),
            options: OptionSet::new(),
            sparse: None,
            check,
            period: None,
            work: 0,
        }
    }

    /// The values computed so far.
    pub(crate) fn values(&self) -> &Values {
        &self.values
    }

    /// The period, once the values computed prove it.
    pub(crate) fn period(&self) -> Option<Period> {
        self.period
    }

    /// The splits examined so far: the measure of the work done.
    pub(crate) fn work(&self) -> u64 {
        self.work
    }

    /// The values and period, giving up the engine.
    pub(crate) fn into_parts(self) -> (Values, Option<Period>) {
        (self.values, self.period)
    }

    /// Computes values until there are `len` of them or a period is proven, whichever is first.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if `len` values cannot be allocated, [`Error::OutOfRange`] if a
    /// value needs more than 32 bits.
    pub(crate) fn extend_to(&mut self, len: usize) -> Result<(), Error> {
        self.extend_within(len, u64::MAX)
    }

    /// As [`SequenceBuilder::extend_to`], stopping early once more than `budget` splits have been
    /// examined in all.
    pub(crate) fn extend_within(&mut self, len: usize, budget: u64) -> Result<(), Error> {
        if self.period.is_some() || self.values.len() >= len {
            return Ok(());
        }
        if let Values::Narrow(_) = self.values {
            match self.extend_narrow(len, budget)? {
                Some(wide) => self.values.push(wide)?,
                None => return Ok(()),
            }
        }
        self.extend_wide(len, budget)
    }

    /// The loop while values fit in 16 bits. Returns the first value that does not.
    fn extend_narrow(&mut self, len: usize, budget: u64) -> Result<Option<u64>, Error> {
        let SequenceBuilder {
            rules,
            largest_take_all,
            values,
            options,
            sparse,
            check,
            period,
            work,
        } = self;
        let Values::Narrow(values) = values else {
            return Ok(None);
        };
        let plain = rules.break3.is_empty() && !rules.break2.is_empty();
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        std::thread::scope(|scope| {
            // The plain scan of large heaps is shared with a helper thread, started when first
            // needed and stopped when sparse space takes over.
            let mut helper: Option<Helper<'_>> = None;
            let mut rare_marking = RareMarking::default();
            while values.len() < len && *work <= budget {
                let n = values.len();
                let value = if let Some(sp) = sparse {
                    let (value, examined) = sparse_heap(
                        sp,
                        options,
                        (&mut rare_marking, scope),
                        (rules, *largest_take_all),
                        values,
                        (len, cores > 1),
                    );
                    *work += examined;
                    value
                } else if plain && cores > 1 && (PARALLEL_START..PARALLEL_END).contains(&n) {
                    options.clear();
                    insert_takes(rules, *largest_take_all, values, n, |v| options.insert(v));
                    let helper = helper.get_or_insert_with(|| {
                        Helper::start(
                            scope,
                            values,
                            rules.break2.iter().map(|&j| j as usize).collect(),
                            rules.unequal,
                        )
                    });
                    helper.post(n, values[n - 1]);
                    for &j in &rules.break2 {
                        let Some(s) = n.checked_sub(j as usize).filter(|&s| s >= 2) else {
                            break;
                        };
                        options.insert_splits_narrow(values, s, 1, main_share(s), 0);
                        *work += s as u64 / 2;
                    }
                    helper.wait(n);
                    // The mex over both threads' marks: the least value neither saw.
                    options.mex_besides(|v| helper.marked(v))
                } else {
                    options.clear();
                    insert_takes(rules, *largest_take_all, values, n, |v| options.insert(v));
                    *work += plain_breaks(rules, options, values.as_slice(), n);
                    options.mex_from(0)
                };
                let Ok(narrow) = u16::try_from(value) else {
                    return Ok(Some(value));
                };
                make_room(values, len)?;
                values.push(narrow);
                // What the plain scan of heap `len` would examine, per thread: worked out only
                // when sparse space weighs its cost.
                let plain_cost = |len: usize| {
                    let threads = if cores > 1 && (PARALLEL_START..PARALLEL_END).contains(&len) {
                        2
                    } else {
                        1
                    };
                    rules.break2.len() * len / 2 / threads
                };
                let still_pays = sparse.as_mut().map(|sp| sp.record(values, plain_cost));
                rare_marking.post(sparse.as_ref().filter(|_| still_pays == Some(true)), values);
                match still_pays {
                    Some(false) => *sparse = None,
                    // Without sparse space, try again whenever the length doubles: the common
                    // values of many games only settle after a while.
                    None if plain
                        && (SPARSE_START..SPARSE_END).contains(&values.len())
                        && values.len().is_power_of_two() =>
                    {
                        let sp = Sparse::new(&rules.break2, rules.unequal, values);
                        if sp.pays(plain_cost(values.len())) {
                            *sparse = Some(sp);
                            helper = None;
                        }
                    }
                    _ => {}
                }
                if let Some(p) = check.as_mut().and_then(|c| c.observe(values)) {
                    *period = Some(p);
                    // Everything from one period past the preperiod on repeats.
                    values.truncate(p.preperiod + p.period);
                    values.shrink_to_fit();
                    return Ok(None);
                }
            }
            Ok(None)
        })
    }

    /// The loop once values need 32 bits: the plain scan.
    fn extend_wide(&mut self, len: usize, budget: u64) -> Result<(), Error> {
        while self.values.len() < len && self.work <= budget {
            let n = self.values.len();
            let SequenceBuilder {
                rules,
                largest_take_all,
                values,
                options,
                check,
                period,
                work,
                ..
            } = self;
            let Values::Wide(values) = values else {
                return Ok(());
            };
            options.clear();
            insert_takes(rules, *largest_take_all, values, n, |v| options.insert(v));
            *work += plain_breaks(rules, options, values.as_slice(), n);
            let value = options.mex_from(0);
            let value = u32::try_from(value)
                .map_err(|_| Error::out_of_range("grundy value", value, u32::MAX))?;
            make_room(values, len)?;
            values.push(value);
            if let Some(p) = check.as_mut().and_then(|c| c.observe(values)) {
                *period = Some(p);
                values.truncate(p.preperiod + p.period);
                values.shrink_to_fit();
                break;
            }
        }
        Ok(())
    }
}

/// The value of the next heap of `values` by sparse space, and the splits examined: with the
/// options in one word while values are below 32, in two while below 128 (unless a helper
/// thread marks the rare splits), else in `options`, the rare splits marked here or, if it
/// pays and there are `two_cores` and `len` values to reach, by a helper thread in `scope`.
#[inline]
fn sparse_heap<'scope>(
    sp: &mut Sparse,
    options: &mut OptionSet,
    (rare_marking, scope): (&mut RareMarking<'scope>, &'scope Scope<'scope, '_>),
    (rules, largest_take_all): (&TakeBreak, usize),
    values: &[u16],
    (len, two_cores): (usize, bool),
) -> (u64, u64) {
    let n = values.len();
    let zero = if sp.unequal {
        zero_override(sp, rules, largest_take_all, values, n)
    } else {
        None
    };
    if sp.top < SMALL_TOP {
        let takes = take_bits(rules, largest_take_all, values, n);
        // Compiled apart for games with unequal breaks, so that others pay nothing for them.
        return if sp.unequal {
            small_sparse_value::<true>(sp, takes, zero, values, n)
        } else {
            small_sparse_value::<false>(sp, takes, None, values, n)
        };
    }
    if sp.top < WIDE_TOP && !rare_marking.helping() {
        let takes = take_bits(rules, largest_take_all, values, n);
        if let Some(found) = wide_sparse_value(sp, takes, zero, values, n) {
            return found;
        }
    }
    options.clear();
    insert_takes(rules, largest_take_all, values, n, |v| options.insert(v));
    let marks = rare_marking.marks(scope, sp, values, len, two_cores);
    sparse_value(sp, options, marks, zero, values, n)
}

/// Whether value 0 is an option of heap `n`, when the rare splits marked for it cannot say: in
/// a game whose breaks leave unequal heaps, where the forbidden split of a heap into two equal
/// rare parts, worth 0, is marked with the others. `None` when they can say.
///
/// (Rare parts are few, so this is rare too; it costs a scan of the splits until two equal
/// values meet. Kept out of line, so that other games pay for no more than a test.)
#[inline(never)]
fn zero_override(
    sp: &Sparse,
    rules: &TakeBreak,
    largest_take_all: usize,
    values: &[u16],
    n: usize,
) -> Option<u64> {
    if !equal_split_rare(&sp.all_moves, n, |at| {
        sp.rare.binary_search_by_key(&at, |p| p.at as usize).is_ok()
    }) {
        return None;
    }
    let mut reached = false;
    insert_takes(rules, largest_take_all, values, n, |v| reached |= v == 0);
    Some(u64::from(
        reached || unequal_split_reaches_zero(&sp.all_moves, values, n),
    ))
}

#[cfg(test)]
mod tests {
    use super::ahead::{AHEAD, WideMarks, mark_far, mark_far_body, mark_far_wide};
    use super::kernels::{TARGETS, find_targets, search_blocks};
    use super::rare::CarriedMarks;
    use crate::sequence::marking::{RarePart, SEARCH_BLOCK};
    use proptest::prelude::*;

    /// Every compilation of a [`widest_vectors!`](crate::sequence::vectors::widest_vectors) function that this
    /// processor runs, its own choice first, then the baseline's, then the wider ones.
    macro_rules! compilations {
        ($name:ident, $body:ident, $ty:ty, ($($arg:ident),*)) => {{
            let mut all: Vec<$ty> = vec![$name, $body];
            #[cfg(target_arch = "x86_64")]
            {
                use crate::sequence::vectors::{has_avx2, has_avx512};
                if has_avx2() {
                    // SAFETY: the processor has the features the function is compiled for.
                    #[allow(unsafe_code)]
                    all.push(|$($arg),*| unsafe { $name::avx2($($arg),*) });
                }
                if has_avx512() {
                    // SAFETY: as above.
                    #[allow(unsafe_code)]
                    all.push(|$($arg),*| unsafe { $name::avx512($($arg),*) });
                }
            }
            all
        }};
    }

    type Search = fn(&[u16], usize, usize, usize, &[u16; TARGETS], u64) -> (u64, usize);
    type MarkFar = fn(&mut [u32; AHEAD], &[RarePart], &[u16], &[usize], usize);
    type MarkFarWide = fn(&mut WideMarks, &[RarePart], &[u16], &[usize], usize);

    #[test]
    fn carried_marks_take_the_longest_run_of_consecutive_moves() {
        let run = |moves: &[usize]| CarriedMarks::for_moves(moves).map(|c| (c.first, c.len));
        assert_eq!(run(&[1, 2]), Some((1, 2)));
        assert_eq!(run(&[0, 1, 3, 4, 5, 9]), Some((3, 3)));
        assert_eq!(run(&[2, 4, 5]), Some((4, 2)));
        assert_eq!(run(&[1, 3, 5]), None);
        assert_eq!(run(&[7]), None);
        assert_eq!(run(&[]), None);
    }

    proptest! {
        /// The search reports exactly the targets no split reaches, and goes on no further
        /// than the split meeting the last target, in whole blocks and in the rest alike.
        #[test]
        fn find_targets_meets_the_targets_the_splits_reach(
            values in proptest::collection::vec(0u16..16, 2..400),
            first in 1usize..100,
            listed in proptest::collection::vec(0u16..20, 1..=TARGETS),
            pending in any::<u64>(),
        ) {
            let s = values.len() - 1;
            let last = s / 2;
            let mut targets = [0; TARGETS];
            targets[..listed.len()].copy_from_slice(&listed);
            let pending = pending & (u64::MAX >> (TARGETS - listed.len()));
            let met_at = |t: u16| (first..=last).position(|a| values[a] ^ values[s - a] == t);
            let mut want_left = 0;
            let mut furthest = 0;
            for (i, &t) in listed.iter().enumerate().filter(|&(i, _)| pending >> i & 1 == 1) {
                match met_at(t) {
                    Some(at) => furthest = furthest.max(at + 1),
                    None => want_left |= 1 << i,
                }
            }
            let splits = (last + 1).saturating_sub(first);
            for search in compilations!(find_targets, search_blocks, Search, (v, s, f, l, t, p)) {
                let (left, examined) = search(&values, s, first, last, &targets, pending);
                prop_assert_eq!(left, want_left);
                if left == 0 {
                    prop_assert!(furthest <= examined && examined <= splits);
                    prop_assert!(examined < furthest + SEARCH_BLOCK);
                } else {
                    prop_assert_eq!(examined, splits);
                }
            }
        }

        /// Marking the far parts' splits of a block of heaps at once marks, for each heap, the
        /// nim-sums of its splits with those parts, one by one: in one word for values below
        /// 32, in two for values below 128.
        #[test]
        fn mark_far_marks_each_heaps_splits_with_the_far_parts(
            values in proptest::collection::vec(0u16..128, 100..300),
            positions in proptest::collection::btree_set(AHEAD..60, 0..12),
            moves in proptest::collection::btree_set(0usize..6, 1..4),
        ) {
            let n0 = values.len();
            let moves: Vec<usize> = moves.into_iter().collect();
            // The nim-sums of heap `n0 + k`'s splits with the parts, for values `values`.
            let splits = |values: &[u16], k: usize| -> Vec<u16> {
                let mut sums = Vec::new();
                for &j in &moves {
                    let s = n0 + k - j;
                    sums.extend(positions.iter().map(|&a| values[a] ^ values[s - a]));
                }
                sums
            };
            let narrow: Vec<u16> = values.iter().map(|v| v % 32).collect();
            let parts = |values: &[u16]| -> Vec<RarePart> {
                positions.iter().map(|&a| RarePart::new(a, values)).collect()
            };
            let mut want = [0u32; AHEAD];
            let mut want_wide = WideMarks::default();
            for k in 0..AHEAD {
                for v in splits(&narrow, k) {
                    want[k] |= 1 << v;
                }
                for v in splits(&values, k) {
                    let word = if v < 64 { &mut want_wide.low } else { &mut want_wide.high };
                    word[k] |= 1 << (v % 64);
                }
            }
            for mark in compilations!(mark_far, mark_far_body, MarkFar, (m, f, v, j, n)) {
                let mut marks = [0u32; AHEAD];
                mark(&mut marks, &parts(&narrow), &narrow, &moves, n0);
                prop_assert_eq!(marks, want);
            }
            for mark in compilations!(mark_far_wide, mark_far_body, MarkFarWide, (m, f, v, j, n)) {
                let mut marks = WideMarks::default();
                mark(&mut marks, &parts(&values), &values, &moves, n0);
                prop_assert_eq!(marks, want_wide);
            }
        }
    }
}
