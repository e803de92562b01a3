//! The set of option values of a heap, the marking of splits into it, and the lookups of
//! marks made outside it.

use crate::sequence::marking::mark_splits;

/// A set of option values for one heap: a stamp per value, so that starting a new heap costs
/// nothing.
pub(super) struct OptionSet {
    pub(super) stamps: Vec<u32>,
    pub(super) stamp: u32,
}

impl OptionSet {
    pub(super) fn new() -> Self {
        // Room for every 16-bit value, so that marking narrow values needs no check.
        OptionSet {
            stamps: vec![0; 1 << 16],
            stamp: 0,
        }
    }

    pub(super) fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }

    #[inline]
    pub(super) fn insert(&mut self, value: u64) {
        let i = value as usize;
        if i >= self.stamps.len() {
            self.stamps.resize(i + 1, 0);
        }
        self.stamps[i] = self.stamp;
    }

    #[inline]
    pub(super) fn contains(&self, value: u64) -> bool {
        self.stamps.get(value as usize) == Some(&self.stamp)
    }

    /// The least value in neither the set nor `also`.
    pub(super) fn mex_besides(&self, also: impl Fn(u64) -> bool) -> u64 {
        let mut v = self.mex_from(0);
        while also(v) {
            v = self.mex_from(v + 1);
        }
        v
    }

    /// The least value from `from` on that is not in the set.
    pub(super) fn mex_from(&self, from: u64) -> u64 {
        let mut v = from;
        while self.contains(v) {
            v += 1;
        }
        v
    }

    /// The stamps of the 16-bit values, indexable by any `u16` without a check.
    #[inline]
    pub(super) fn narrow(&mut self) -> (&mut [u32; 1 << 16], u32) {
        let stamps = (&mut self.stamps[..1 << 16])
            .try_into()
            .expect("room for every 16-bit value");
        (stamps, self.stamp)
    }

    /// Marks `xor` plus the nim-sums of the splits `(a, s - a)` for `a` in `first..=last`.
    #[inline]
    pub(super) fn insert_splits_narrow(
        &mut self,
        values: &[u16],
        s: usize,
        first: usize,
        last: usize,
        xor: u16,
    ) {
        let (stamps, stamp) = self.narrow();
        mark_splits(stamps, stamp, values, s, first, last, xor);
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
