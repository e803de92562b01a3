//! The sparse-space computation of one heap: the rare marks and the searches, driven.

use super::ahead::MarksAhead;
use super::classes::{EXTENDED, ParityClass, extended, values_below};
use super::rare::{CarriedMarks, RARE_HELPER_FROM, Sparse};
use crate::sequence::marking::RarePart;
use crate::sequence::parallel::PARALLEL_END;

/// Heaps below this use the plain scan: sparse bookkeeping does not pay yet.
pub(super) const SPARSE_START: usize = 256;
/// Heaps from this on use the plain scan: rare positions are stored in 32 bits.
pub(super) const SPARSE_END: usize = u32::MAX as usize;

impl Sparse {
    pub(super) fn new(break2: &[u32], unequal: bool, values: &[u16]) -> Self {
        let mut counts = vec![0u64; EXTENDED];
        let mut top = 0;
        for (a, &v) in values.iter().enumerate().skip(1) {
            counts[extended(v, a)] += 1;
            top = top.max(extended(v, a));
        }
        let mut classes = Vec::new();
        for d in 0..2 {
            let moves: Vec<usize> = break2
                .iter()
                .map(|&j| j as usize)
                .filter(|j| j % 2 == d)
                .collect();
            if !moves.is_empty() {
                let mut class = ParityClass::new(d, moves);
                class.rebuild(&counts[..values_below(top)]);
                classes.push(class);
            }
        }
        let all: Vec<usize> = break2.iter().map(|&j| j as usize).collect();
        let carried = CarriedMarks::for_moves(&all);
        let moves: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&j| !carried.as_ref().is_some_and(|c| c.covers(j)))
            .collect();
        let mut sparse = Sparse {
            classes,
            carried,
            small_below: vec![0; all.len()],
            ahead: MarksAhead::default(),
            all_moves: all,
            rare_below: vec![0; moves.len()],
            moves,
            rare: Vec::new(),
            counts,
            top,
            next_rebuild: 2 * values.len(),
            cursors: vec![0; break2.len()],
            listing: 0,
            unequal,
        };
        sparse.list_rare(values);
        sparse
    }

    /// Lists again the positions rare in some class.
    pub(super) fn list_rare(&mut self, values: &[u16]) {
        self.listing += 1;
        let classes = &self.classes;
        self.rare_below.fill(0);
        self.small_below.fill(0);
        if let Some(carried) = &mut self.carried {
            carried.reset();
        }
        self.rare.clear();
        self.rare.extend(
            (1..values.len())
                .filter(|&a| classes.iter().any(|c| !c.is_common(extended(values[a], a))))
                .map(|a| RarePart::new(a, values)),
        );
    }

    /// Records the value of the newest heap; rebuilds the classes when the histogram has
    /// changed enough. Returns whether the sparse method still pays (never from
    /// [`SPARSE_END`] on) against `plain(len)`, the splits the plain scan of heap `len` would
    /// examine per thread.
    #[inline]
    pub(super) fn record(&mut self, values: &[u16], plain: impl Fn(usize) -> usize) -> bool {
        let n = values.len() - 1;
        if values.len() >= SPARSE_END {
            return false;
        }
        let e = extended(values[n], n);
        self.counts[e] += 1;
        self.top = self.top.max(e);
        let (mut rare, mut grown) = (false, false);
        for class in &mut self.classes {
            rare |= class.record(e, self.counts[e]);
            grown |= class.rare > 2 * class.rare_at_rebuild + 64;
        }
        if rare {
            self.rare.push(RarePart::new(n, values));
        }
        if values.len() < self.next_rebuild && !grown {
            return true;
        }
        self.rebuild(values, plain(values.len()))
    }

    /// Chooses the classes again from the histogram and, if they have changed, lists the rare
    /// positions again; returns whether the sparse method still pays.
    #[cold]
    #[inline(never)]
    pub(super) fn rebuild(&mut self, values: &[u16], plain: usize) -> bool {
        self.next_rebuild = 2 * values.len();
        let size = values_below(self.top);
        let mut changed = false;
        for class in &mut self.classes {
            changed |= class.rebuild(&self.counts[..size]);
        }
        // The positions recorded since the last listing were rare or not by the same classes.
        if changed {
            self.list_rare(values);
        }
        self.pays(plain)
    }

    /// Marks the rare splits of heap `n`: those with a far part in `ahead`, in two words a heap
    /// if `wide` (values below 128) or one (below 32), marking the next heaps too if they are
    /// not yet; the others through `mark`. Returns the index of heap `n` in `ahead`'s marks
    /// and the number of splits marked.
    #[inline]
    pub(super) fn mark_rare(
        &mut self,
        values: &[u16],
        n: usize,
        wide: bool,
        mark: impl FnMut(usize),
    ) -> (usize, u64) {
        let Sparse {
            rare,
            all_moves,
            small_below,
            ahead,
            listing,
            ..
        } = self;
        let mut work = 0;
        if !ahead.covers(n, *listing, wide) {
            work += ahead.mark(rare, values, all_moves, n, (*listing, wide));
        }
        work += ahead.mark_others(rare, values, (all_moves, small_below), n, mark);
        (n - ahead.start, work)
    }

    /// Whether the rare splits of heap `n` are worth a helper thread: many, of moves that all
    /// remove a token or more (so that they read no value of the last two heaps).
    pub(super) fn wants_helper(&self, n: usize) -> bool {
        self.rare.len() * self.all_moves.len() >= RARE_HELPER_FROM
            && self.all_moves.iter().all(|&j| j >= 1)
            && n < PARALLEL_END
    }

    /// Words of a bitset of every value below a power of two above the values so far, which
    /// holds their nim-sums too.
    pub(super) fn value_words(&self) -> usize {
        ((self.top >> 1) + 1).next_power_of_two().div_ceil(64)
    }

    /// Whether enumerating rare positions costs well under `plain`, the splits the plain scan
    /// of the next heap examines per thread, since the scans for candidates come on top.
    pub(super) fn pays(&self, plain: usize) -> bool {
        let marked_moves = self.moves.len() + usize::from(self.carried.is_some());
        self.rare.len() * marked_moves * 2 <= plain
    }
}
