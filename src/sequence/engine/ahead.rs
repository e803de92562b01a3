//! Marks of far rare splits for the next heaps at once.

use crate::sequence::marking::{RarePart, count_below};
use crate::sequence::vectors::widest_vectors;

/// Heaps whose far rare splits are marked at once by [`MarksAhead`].
pub(super) const AHEAD: usize = 16;

/// The splits of the next [`AHEAD`] heaps with a far rare part, marked at once, a bit per value:
/// one word a heap for [`small_sparse_value`](super::kernels::small_sparse_value) (values below
/// 32), two for [`wide_sparse_value`](super::kernels::wide_sparse_value)
/// (values below 128).
///
/// A rare part at `a` meets, in heaps `n0..n0 + AHEAD` and a move removing `j` tokens, the
/// values at `n0 - j - a ..` up to `n0 + AHEAD - 1 - j - a`: all known at heap `n0` once
/// `a >= AHEAD`, and consecutive. So the splits of each such part with all those heaps are a
/// few vector instructions, where marking them heap by heap takes a load, a nim-sum and a mark
/// each. Parts below `AHEAD` (near) and from `n0 - j` on (recent, listed since) are marked
/// heap by heap. (0.16 has 52 rare positions, 9 of them near.)
#[derive(Default)]
pub(super) struct MarksAhead {
    /// The first heap marked, and the listing of rare positions the marks were made with.
    pub(super) start: usize,
    pub(super) listing: usize,
    /// Rare parts `..near` are near, `near..recent` far, `recent..` recent.
    pub(super) near: usize,
    pub(super) recent: usize,
    /// The marks of heap `start + k`, at `k`: in `narrow` for values below 32, in `wide`
    /// for values below 128 when `is_wide`.
    pub(super) narrow: [u32; AHEAD],
    pub(super) wide: WideMarks,
    pub(super) is_wide: bool,
}

/// Marks of values below 128 for [`AHEAD`] heaps: those below 64 in `low`, the others in
/// `high`.
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct WideMarks {
    pub(super) low: [u64; AHEAD],
    pub(super) high: [u64; AHEAD],
}

/// Marks, a bit per value, for [`AHEAD`] heaps.
pub(super) trait LaneMarks {
    /// Marks `partners[k] ^ value` for heap `k`.
    fn mark(&mut self, partners: &[u16; AHEAD], value: u16);
}

/// Values below 32, a word a heap.
impl LaneMarks for [u32; AHEAD] {
    #[allow(
        clippy::inline_always,
        reason = "a call would lose the vector instructions"
    )]
    #[inline(always)]
    fn mark(&mut self, partners: &[u16; AHEAD], value: u16) {
        for (bits, &partner) in self.iter_mut().zip(partners) {
            *bits |= 1 << ((partner ^ value) & 31);
        }
    }
}

impl LaneMarks for WideMarks {
    #[allow(
        clippy::inline_always,
        reason = "a call would lose the vector instructions"
    )]
    #[inline(always)]
    fn mark(&mut self, partners: &[u16; AHEAD], value: u16) {
        // Word by word, each lane with a mask rather than a branch, so that the lanes
        // vectorize without shuffles.
        for (word, half) in [(&mut self.low, 0), (&mut self.high, 1)] {
            for (bits, &partner) in word.iter_mut().zip(partners) {
                let x = u64::from(partner ^ value);
                let in_word = 0u64.wrapping_sub(u64::from(x >> 6 == half));
                *bits |= 1 << (x & 63) & in_word;
            }
        }
    }
}

impl MarksAhead {
    /// Whether heap `n` is marked, with rare positions listed for the `listing`th time, in
    /// two words (`wide`) or one.
    pub(super) fn covers(&self, n: usize, listing: usize, wide: bool) -> bool {
        listing == self.listing
            && wide == self.is_wide
            && (self.start..self.start + AHEAD).contains(&n)
    }

    /// Marks the far rare splits of heaps `n0..n0 + AHEAD`, the values of heaps below `n0`
    /// being known, all below 128 if `wide`, else below 32, and the two-heap breaks `moves`
    /// ascending. Returns the number of splits marked.
    pub(super) fn mark(
        &mut self,
        rare: &[RarePart],
        values: &[u16],
        moves: &[usize],
        n0: usize,
        (listing, wide): (usize, bool),
    ) -> u64 {
        self.start = n0;
        self.listing = listing;
        self.is_wide = wide;
        let below = |at: usize| rare.partition_point(|p| (p.at as usize) < at);
        self.near = below(AHEAD);
        // Far parts lie below every heap the moves leave, so they make a split of each.
        let far_below = n0.saturating_sub(moves.last().copied().unwrap_or(0));
        self.recent = below(far_below).max(self.near);
        let far = &rare[self.near..self.recent];
        if wide {
            self.wide = WideMarks::default();
            mark_far_wide(&mut self.wide, far, values, moves, n0);
        } else {
            self.narrow = [0; AHEAD];
            mark_far(&mut self.narrow, far, values, moves, n0);
        }
        (far.len() * moves.len() * AHEAD) as u64
    }

    /// Calls `mark` with the nim-sum of each split of heap `n` with a near or recent rare
    /// part, for every two-heap break of `moves` (ascending), `below` counting the parts below
    /// the heap each leaves; the far parts' splits are marked ahead. Returns the number of
    /// splits.
    #[inline]
    pub(super) fn mark_others(
        &self,
        rare: &[RarePart],
        values: &[u16],
        (moves, below): (&[usize], &mut [usize]),
        n: usize,
        mut mark: impl FnMut(usize),
    ) -> u64 {
        let mut work = 0;
        for (&j, below) in moves.iter().zip(below) {
            let Some(s) = n.checked_sub(j).filter(|&s| s >= 2) else {
                break;
            };
            count_below(rare, below, s);
            let near = self.near.min(*below);
            let recent = self.recent.min(*below);
            for part in &rare[..near] {
                mark(part.split_value(values, s));
            }
            for part in &rare[recent..*below] {
                mark(part.split_value(values, s));
            }
            work += (near + *below - recent) as u64;
        }
        work
    }
}

widest_vectors! {
    /// Marks in `marks[k]` the splits of heap `n0 + k` with the parts `far`, for every move of
    /// `moves`: each part at `AHEAD` or more, and below every heap the moves leave from `n0`.
    /// Every value is below 32.
    ///
    /// (AVX2 shifts each lane by its own amount, which the baseline instructions cannot.)
    pub(super) fn mark_far(
        marks: &mut [u32; AHEAD],
        far: &[RarePart],
        values: &[u16],
        moves: &[usize],
        n0: usize,
    ) => mark_far_body;
}

widest_vectors! {
    /// [`mark_far()`] for values below 128.
    pub(super) fn mark_far_wide(
        marks: &mut WideMarks,
        far: &[RarePart],
        values: &[u16],
        moves: &[usize],
        n0: usize,
    ) => mark_far_body;
}

/// The body of [`mark_far()`] and [`mark_far_wide()`], inlined into each of their compilations.
#[allow(
    clippy::inline_always,
    reason = "a call would lose the vector instructions"
)]
#[inline(always)]
pub(super) fn mark_far_body(
    marks: &mut impl LaneMarks,
    far: &[RarePart],
    values: &[u16],
    moves: &[usize],
    n0: usize,
) {
    for &j in moves {
        for part in far {
            // The values from `first` on, all known as `first + AHEAD <= n0`.
            let first = n0 - j - part.at as usize;
            if let Some(partners) = values[first..].first_chunk::<AHEAD>() {
                marks.mark(partners, part.value);
            }
        }
    }
}
