//! Marks of far rare splits for the next heaps at once, and the lookups of marks made elsewhere.

#[allow(clippy::wildcard_imports)]
use super::*;

/// Heaps whose far rare splits are marked at once by [`MarksAhead`].
pub(super) const AHEAD: usize = 16;

/// The splits of the next [`AHEAD`] heaps with a far rare part, marked at once, a bit per value:
/// one word a heap for [`small_sparse_value`] (values below 32), two for [`wide_sparse_value`]
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

/// Rare splits of the current heap marked outside its option set.
#[derive(Clone, Copy)]
pub(super) enum Elsewhere<'a> {
    /// Carried from heap to heap, for a run of consecutive breaks: values whose `latest` entry
    /// is at least `lowest`.
    Carried {
        latest: &'a [u32; 1 << 16],
        lowest: u32,
    },
    /// Marked by the helper thread, a bit per value.
    Helper(&'a [u64]),
}

/// Sparse space's rare splits on a helper thread, one heap ahead, once they are many (see
/// [`RareHelper`]): the helper, with the listing of rare positions it knows, and its marks for
/// the current heap.
#[derive(Default)]
pub(super) struct RareMarking<'scope> {
    pub(super) helper: Option<(RareHelper<'scope>, usize)>,
    pub(super) marks: Vec<u64>,
}

impl<'scope> RareMarking<'scope> {
    /// The helper's marks for the next heap of `values`, starting the helper if the rare
    /// splits are worth it, `two_cores`, and the values are to reach `len` in this call (a
    /// helper lives as long as the call: started and stopped for every thousand heaps, as
    /// progress reports have them computed, it cost more than it saved when the machine was
    /// busy); `None` when the main thread marks them itself.
    ///
    /// (Whether to start is asked every 1024 heaps only: the question, with its call, is not
    /// free, and the answer rarely changes sooner.)
    #[inline]
    pub(super) fn marks<'env>(
        &mut self,
        scope: &'scope std::thread::Scope<'scope, 'env>,
        sparse: &Sparse,
        values: &[u16],
        len: usize,
        two_cores: bool,
    ) -> Option<&[u64]> {
        let n = values.len();
        if self.helper.is_none() {
            if !two_cores
                || !n.is_multiple_of(1024)
                || len - n < RARE_HELPER_RUN
                || !sparse.wants_helper(n)
            {
                return None;
            }
            let moves = sparse.all_moves.clone();
            let helper = RareHelper::start(scope, values, &sparse.rare, moves);
            self.helper = Some((helper, sparse.listing));
        }
        let (helper, _) = self.helper.as_ref()?;
        self.marks.clear();
        self.marks.resize(sparse.value_words(), 0);
        helper.marks(n, &mut self.marks);
        Some(&self.marks)
    }

    /// Whether a helper is marking the rare splits.
    pub(super) fn helping(&self) -> bool {
        self.helper.is_some()
    }

    /// Tells the helper the newest of `values`, or stops it when sparse space has ended or
    /// listed its rare positions anew.
    #[inline]
    pub(super) fn post(&mut self, sparse: Option<&Sparse>, values: &[u16]) {
        let Some((helper, listing)) = &self.helper else {
            return;
        };
        let n = values.len() - 1;
        match sparse {
            Some(sp) if sp.listing == *listing => {
                let rare = sp.rare.last().is_some_and(|p| p.at as usize == n);
                helper.post(n, values[n], rare);
            }
            _ => self.helper = None,
        }
    }
}

/// Whether value `v` is an option of the current heap: marked in `options` or `elsewhere`.
#[inline]
pub(super) fn reached(options: &OptionSet, elsewhere: Option<Elsewhere<'_>>, v: u64) -> bool {
    options.contains(v)
        || match elsewhere {
            None => false,
            Some(Elsewhere::Carried { latest, lowest }) => {
                latest.get(v as usize).is_some_and(|&s| s >= lowest)
            }
            Some(Elsewhere::Helper(bits)) => bits
                .get((v / 64) as usize)
                .is_some_and(|w| w >> (v % 64) & 1 == 1),
        }
}

/// The least value from `from` on that is not an option of the current heap.
pub(super) fn next_unreached(options: &OptionSet, window: Option<Elsewhere<'_>>, from: u64) -> u64 {
    let mut v = from;
    while reached(options, window, v) {
        v += 1;
    }
    v
}
