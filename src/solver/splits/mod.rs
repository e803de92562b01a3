//! The cache of split successors: the component ids of successors that tests split, so that a
//! component searched again, or a successor shared by several positions, is not split again.
//!
//! Hashing a successor costs about as much as splitting a cheap one, and a game whose
//! successors are rarely met twice gains nothing from the cache; but a game whose split is
//! costly (a flood fill and eight symmetries of a board) gains from a few hits. So the cache
//! times a sample of its lookups and of the splits it makes, and stands aside while what its
//! hits save is less than what its lookups cost, or, for positions that own heap memory,
//! while a split costs less than two lookups.

mod store;

use std::hash::Hash;
use std::time::{Duration, Instant};

use smallvec::SmallVec;

use store::SplitStore;

use super::rests::Rests;

/// The component ids of one successor.
pub(super) type ComponentIds = SmallVec<[u32; 2]>;

/// Splits kept in a [`SplitStore`], and the judge of whether keeping them pays.
pub(super) struct SplitCache<N> {
    store: SplitStore<N>,
    /// Lookups and hits in the current trial of the cache.
    lookups: u32,
    hits: u32,
    /// Of the sampled lookups of the trial, in nanoseconds: the times of the splits, and the
    /// times of everything else (hashing, probing, storing). Their medians are judged, so that
    /// a sample the thread lost its core in does not count.
    split_times: Vec<u32>,
    lookup_times: Vec<u32>,
    /// Successors to split without the cache before it is tried again.
    rests: Rests,
    /// Whether the cache rested since its last trial began, so that it is warming up again.
    judged: bool,
    /// The median time of a split in the last trial that timed one.
    cost: Duration,
    /// The most successors the memory budget leaves the cache.
    room: usize,
}

/// The cache is judged after this many lookups: kept if it pays by the medians of the sampled
/// times (see [`pays`]), else rested.
const TRIAL: u32 = 1 << 12;
/// One lookup in this many is timed.
const SAMPLE: u32 = 16;
/// After a rest the cache starts empty: this many lookups fill it before a trial begins.
const WARM: u32 = 1 << 12;
/// A cache judged not worth it rests for this many successors after its first failed trial,
/// twice as long after each further one, up to [`LONGEST_REST`].
const REST: u32 = 1 << 16;
/// See [`REST`].
const LONGEST_REST: u32 = 1 << 24;
/// Splits timed before their median is taken for what a split costs, ahead of a first trial:
/// until then every lookup is timed, not one in [`SAMPLE`].
const EARLY_SAMPLES: usize = 32;

impl<N: Clone + Eq + Hash> SplitCache<N> {
    pub(super) fn new() -> Self {
        SplitCache {
            store: SplitStore::new(),
            lookups: 0,
            hits: 0,
            split_times: Vec::new(),
            lookup_times: Vec::new(),
            rests: Rests::new(REST, LONGEST_REST),
            judged: false,
            cost: Duration::ZERO,
            room: usize::MAX,
        }
    }

    /// Whether the cache is standing aside: then the next successor is split without it.
    pub(super) fn resting(&mut self) -> bool {
        self.rests.resting()
    }

    pub(super) fn clear(&mut self) {
        self.store.clear();
    }

    /// The most successors the memory budget leaves the cache.
    pub(super) fn room(&self) -> usize {
        self.room
    }

    /// Leaves the cache room for at most `successors` successors; if that is less than it had,
    /// forgets what it holds and frees its memory.
    pub(super) fn set_room(&mut self, successors: usize) {
        if successors < self.room {
            self.store.release();
        }
        self.room = successors;
    }

    /// The bytes the cache takes.
    #[cfg(test)]
    pub(super) fn resident_bytes(&self) -> usize {
        self.store.resident_bytes()
    }

    /// The bytes the cache takes for each successor it holds.
    pub(super) const fn bytes_per_successor() -> usize {
        SplitStore::<N>::bytes_per_way()
    }

    /// The component ids of `successor`, from the cache, or from `split`, holding at most
    /// `capacity` successors.
    ///
    /// # Errors
    ///
    /// Those of `split`; nothing is then cached.
    pub(super) fn get_or_split<E>(
        &mut self,
        successor: N,
        capacity: usize,
        split: impl FnOnce(N, &mut ComponentIds) -> Result<(), E>,
    ) -> Result<ComponentIds, E> {
        self.lookups += 1;
        // At least, not exactly: a peek counts lookups too, and may step over the mark.
        if self.judged && self.lookups >= WARM {
            // After a rest the cache starts empty: its first lookups say little of its worth.
            self.lookups = 0;
            self.hits = 0;
            self.judged = false;
        } else if self.lookups >= TRIAL {
            self.judge();
        }
        // Every lookup is timed until a split's cost is known: a search with helper threads
        // waits for it to decide whether they split for it.
        let early = self.cost.is_zero() && self.split_times.len() < EARLY_SAMPLES;
        let start = (early || self.lookups.is_multiple_of(SAMPLE)).then(Instant::now);
        // Hashed once, for the lookup and, on a miss, the insertion.
        let hash = SplitStore::hash(&successor);
        if let Some(ids) = self.store.get_hashed(&successor, hash) {
            self.hits += 1;
            if let Some(start) = start {
                self.lookup_times.push(nanos(start.elapsed()));
            }
            return Ok(ids);
        }
        let mut ids = ComponentIds::new();
        let split_start = start.map(|_| Instant::now());
        split(successor.clone(), &mut ids)?;
        let splitting = split_start.map_or(Duration::ZERO, |split_start| split_start.elapsed());
        if start.is_some() {
            self.split_times.push(nanos(splitting));
        }
        self.store.insert_hashed(successor, hash, &ids, capacity);
        if let Some(start) = start {
            self.lookup_times
                .push(nanos(start.elapsed().saturating_sub(splitting)));
        }
        Ok(ids)
    }

    /// The component ids of `successor` if they are cached, counted as a lookup (and a hit)
    /// only when they are: a successor not found goes on to [`SplitCache::get_or_split`],
    /// which counts it.
    pub(super) fn peek(&mut self, successor: &N) -> Option<ComponentIds> {
        let ids = self.store.get(successor)?;
        self.lookups += 1;
        self.hits += 1;
        Some(ids)
    }

    /// The median time of a split in the last trial of the cache that timed one, or, before
    /// the first trial ends, of the splits timed so far (once there are a few): zero if none.
    pub(super) fn split_cost(&self) -> Duration {
        if self.cost.is_zero() && self.split_times.len() >= EARLY_SAMPLES {
            return median(&mut self.split_times.clone()).unwrap_or_default();
        }
        self.cost
    }

    /// Whether the cache is in use (not resting), without counting a successor.
    pub(super) fn active(&self) -> bool {
        self.rests.active()
    }

    /// Ends a trial: the cache rests unless its hits saved, by the sampled times, at least half
    /// what its lookups cost.
    fn judge(&mut self) {
        let split = median(&mut self.split_times);
        if let Some(split) = split {
            self.cost = split;
        }
        let lookup = median(&mut self.lookup_times).unwrap_or_default();
        let owns_heap = std::mem::needs_drop::<N>();
        let failed =
            split.is_some_and(|split| !pays(split, lookup, self.hits, self.lookups, owns_heap));
        self.rests.judge(failed);
        if failed {
            // Freed, not cleared: clearing costs the capacity, and resting frees it.
            self.store.release();
            self.judged = true;
        }
        self.lookups = 0;
        self.hits = 0;
        self.split_times.clear();
        self.lookup_times.clear();
    }
}

/// Whether a cache pays whose trial hit `hits` times in `lookups`, by the median times of a
/// split and of a lookup, for positions that own memory on the heap (`owns_heap`) or not.
///
/// Its hits must save at least half what its lookups cost: a warm cache hits more as the
/// search goes on, and the sampled lookups include the store's growth. A position that owns
/// heap memory costs the cache more than its lookups show (the cache keeps its blocks alive,
/// and comparing it follows a pointer): then a split must also cost at least two lookups,
/// however often the cache hits.
fn pays(split: Duration, lookup: Duration, hits: u32, lookups: u32, owns_heap: bool) -> bool {
    (!owns_heap || split >= lookup * 2) && split * hits >= lookup * lookups / 2
}

/// `time` in nanoseconds, up to four seconds.
fn nanos(time: Duration) -> u32 {
    u32::try_from(time.as_nanos()).unwrap_or(u32::MAX)
}

/// The median of `times` (in nanoseconds), reordering them; `None` if there are none.
fn median(times: &mut [u32]) -> Option<Duration> {
    if times.is_empty() {
        return None;
    }
    let middle = times.len() / 2;
    Some(Duration::from_nanos(u64::from(
        *times.select_nth_unstable(middle).1,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_trial_ends_when_peeks_step_over_its_length() {
        let mut cache = SplitCache::new();
        cache
            .get_or_split(1u32, usize::MAX, |_, _| Ok::<(), ()>(()))
            .unwrap();
        // Hits by peeks alone carry the count of lookups past the trial's length.
        for _ in 0..=TRIAL {
            assert!(cache.peek(&1).is_some());
        }
        cache
            .get_or_split(2, usize::MAX, |_, _| Ok::<(), ()>(()))
            .unwrap();
        assert!(cache.lookups < TRIAL, "the trial was judged");
    }

    #[test]
    fn a_cache_pays_for_splits_it_hits_often_enough_that_cost_enough() {
        let ns = Duration::from_nanos;
        // A costly split (a flood fill and the symmetries of a board), hit a quarter of the
        // time, whether the position owns heap memory or not.
        assert!(pays(ns(1200), ns(90), 1000, 4096, false));
        assert!(pays(ns(1200), ns(90), 1000, 4096, true));
        // The same, hit once in forty: the lookups cost more than the hits save.
        assert!(!pays(ns(1200), ns(90), 100, 4096, false));
        // Nearly every lookup hits, and a split (the default's clone of a position, found in
        // the table) costs a little more than a lookup: worth it for a position held in
        // place, not for one that owns heap memory.
        assert!(pays(ns(69), ns(54), 3940, 4096, false));
        assert!(!pays(ns(69), ns(54), 3940, 4096, true));
        assert!(pays(ns(120), ns(54), 3940, 4096, true));
    }

    #[test]
    fn a_splits_cost_is_known_after_its_first_few_splits() {
        let mut cache = SplitCache::new();
        let pause = Duration::from_micros(50);
        for successor in 0..EARLY_SAMPLES as u32 {
            assert!(cache.split_cost().is_zero());
            cache
                .get_or_split(successor, usize::MAX, |_, _| {
                    std::thread::sleep(pause);
                    Ok::<(), ()>(())
                })
                .unwrap();
        }
        assert!(cache.split_cost() >= pause, "{:?}", cache.split_cost());
    }
}
