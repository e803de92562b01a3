//! Rare positions, the marks their splits carry to later heaps, and the helper thread that
//! marks them one heap ahead.

use super::ahead::MarksAhead;
use super::classes::ParityClass;
use super::options::Elsewhere;
use crate::sequence::marking::{RarePart, count_below, stamp_array};
use crate::sequence::parallel::RareHelper;

/// The sparse-space state: the histogram of extended values, one class per parity of the
/// tokens removed by two-heap breaks, and the scan cursors of the current heap.
pub(super) struct Sparse {
    pub(super) classes: Vec<ParityClass>,
    /// The two-heap breaks whose rare splits are marked afresh for every heap, ascending by
    /// tokens removed: all but those of `carried`.
    pub(super) moves: Vec<usize>,
    /// The rare splits of a run of consecutive breaks, marked once for all the heaps that
    /// need them.
    pub(super) carried: Option<CarriedMarks>,
    /// Every two-heap break, ascending,
    pub(super) all_moves: Vec<usize>,
    /// and how many rare positions lie below the heap it leaves, as
    /// [`small_sparse_value`](super::kernels::small_sparse_value) counts them.
    pub(super) small_below: Vec<usize>,
    /// The splits of far rare parts, marked ahead for
    /// [`small_sparse_value`](super::kernels::small_sparse_value) and
    /// [`wide_sparse_value`](super::kernels::wide_sparse_value).
    pub(super) ahead: MarksAhead,
    /// Positions rare in some class, ascending, with their values: the splits to enumerate,
    /// for every move at once. A position common in every class can only meet another such in
    /// a split that every closure accounts for.
    pub(super) rare: Vec<RarePart>,
    pub(super) counts: Vec<u64>,
    /// The largest extended value counted.
    pub(super) top: usize,
    pub(super) next_rebuild: usize,
    /// The next split to scan, per move of every class.
    pub(super) cursors: Vec<usize>,
    /// Per move, how many rare positions lie below the heap it leaves: heaps only grow, so the
    /// count only moves forward.
    pub(super) rare_below: Vec<usize>,
    /// How many times the rare positions have been listed.
    pub(super) listing: usize,
    /// Whether the breaks leave unequal heaps only.
    pub(super) unequal: bool,
}

/// Rare splits a heap (rare positions times moves) from which they are marked by a helper
/// thread: a few microseconds' work, well above the cost of handing it over.
pub(super) const RARE_HELPER_FROM: usize = 1024;

/// The fewest heaps left to compute in one call for which a helper for rare splits is started.
pub(super) const RARE_HELPER_RUN: usize = 16_384;

/// The rare splits for a run of consecutive two-heap breaks, removing `first`, `first + 1`, …,
/// `first + len - 1` tokens, carried from heap to heap.
///
/// Heap `n` needs the splits of the heaps `n - first - len + 1 ..= n - first` those moves leave,
/// and heap `n + 1` the same but the lowest, plus `n + 1 - first`. So each heap marks the rare
/// splits of one heap only, the one its smallest move of the run leaves, and `latest[v]` keeps
/// the largest heap left whose splits reached `v`. Those heaps are marked in increasing order,
/// so `v` is reached by a split the current heap needs exactly when `latest[v]` is at least the
/// lowest heap it needs.
///
/// (A game whose breaks remove 1 and 2 tokens, like 0.56, marks each rare split once
/// instead of twice.)
pub(super) struct CarriedMarks {
    pub(super) first: usize,
    pub(super) len: usize,
    pub(super) latest: Box<[u32; 1 << 16]>,
    /// The largest heap whose splits are marked, 0 for none,
    pub(super) marked: usize,
    /// and how many rare positions lie below it.
    pub(super) below: usize,
}

impl CarriedMarks {
    /// Marks for the longest run of at least two consecutive moves among `moves`, ascending.
    pub(super) fn for_moves(moves: &[usize]) -> Option<Self> {
        let (mut first, mut len) = (0, 0);
        let mut start = 0;
        for i in 1..=moves.len() {
            if i == moves.len() || moves[i] != moves[i - 1] + 1 {
                if i - start > len {
                    (first, len) = (start, i - start);
                }
                start = i;
            }
        }
        (len >= 2).then(|| CarriedMarks {
            first: moves[first],
            len,
            latest: stamp_array(),
            marked: 0,
            below: 0,
        })
    }

    /// Whether `j` is a move of the run.
    pub(super) fn covers(&self, j: usize) -> bool {
        (self.first..self.first + self.len).contains(&j)
    }

    /// Forgets the marks, after the rare positions were listed again.
    pub(super) fn reset(&mut self) {
        self.latest.fill(0);
        self.marked = 0;
        self.below = 0;
    }

    /// Marks the rare splits of the heaps left by the run's moves from heap `n` that are not
    /// marked yet. Returns the marks for heap `n` and the number of splits marked.
    ///
    /// (Kept out of line, so that the marking loop has the registers to itself.)
    #[inline(never)]
    pub(super) fn mark(
        &mut self,
        rare: &[RarePart],
        values: &[u16],
        n: usize,
    ) -> (Elsewhere<'_>, u64) {
        // No split of a heap below 2; heaps stay below `SPARSE_END`, so `u32::MAX` is never
        // reached.
        let highest = n.saturating_sub(self.first);
        let lowest = n.saturating_sub(self.first + self.len - 1).max(2);
        let mut work = 0;
        if highest >= 2 {
            // In locals, so that the marking loop keeps them in registers.
            let latest = &mut *self.latest;
            let mut below = self.below;
            for s in (self.marked + 1).max(lowest)..=highest {
                count_below(rare, &mut below, s);
                let stamp = s as u32;
                for part in &rare[..below] {
                    latest[part.split_value(values, s)] = stamp;
                }
                work += below as u64;
            }
            self.below = below;
            self.marked = highest;
        }
        let lowest = if highest >= 2 {
            lowest as u32
        } else {
            u32::MAX
        };
        let carried = Elsewhere::Carried {
            latest: &self.latest,
            lowest,
        };
        (carried, work)
    }
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
