//! The cache of split successors: the component ids of successors that tests split, so that a
//! component searched again, or a successor shared by several positions, is not split again.
//!
//! Hashing a successor costs about as much as splitting a cheap one, and a game whose
//! successors are rarely met twice gains nothing from the cache, so the cache watches its hit
//! rate and stands aside while it is low.

use std::hash::Hash;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

/// The component ids of one successor.
pub(super) type ComponentIds = SmallVec<[u32; 2]>;

/// Two generations of splits: new ones go to the young map; when it holds half the capacity it
/// becomes the old map and the old one is dropped, and a hit in the old map moves back to the
/// young one. What is used stays; what is not is forgotten within two generations.
pub(super) struct SplitCache<N> {
    young: FxHashMap<N, ComponentIds>,
    old: FxHashMap<N, ComponentIds>,
    /// Lookups and hits in the current trial of the cache.
    lookups: u32,
    hits: u32,
    /// Successors to split without the cache before it is tried again.
    resting: u32,
}

/// The cache is judged after this many lookups,
const TRIAL: u32 = 1 << 12;
/// and kept if at least one in this many hit;
const WORTH: u32 = 8;
/// else it rests for this many successors.
const REST: u32 = 1 << 20;

impl<N: Clone + Eq + Hash> SplitCache<N> {
    pub(super) fn new() -> Self {
        SplitCache {
            young: FxHashMap::default(),
            old: FxHashMap::default(),
            lookups: 0,
            hits: 0,
            resting: 0,
        }
    }

    /// Whether the cache is standing aside: then the next successor is split without it.
    pub(super) fn resting(&mut self) -> bool {
        if self.resting == 0 {
            return false;
        }
        self.resting -= 1;
        true
    }

    pub(super) fn clear(&mut self) {
        self.young.clear();
        self.old.clear();
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
    ) -> Result<&ComponentIds, E> {
        self.lookups += 1;
        if self.lookups == TRIAL {
            if self.hits * WORTH < TRIAL {
                self.resting = REST;
                // Dropped, not cleared: clearing costs the capacity, and resting frees it.
                self.young = FxHashMap::default();
                self.old = FxHashMap::default();
            }
            self.lookups = 0;
            self.hits = 0;
        }
        if self.young.len() >= capacity / 2 {
            std::mem::swap(&mut self.young, &mut self.old);
            self.young.clear();
        }
        if !self.young.contains_key(&successor) {
            let ids = if let Some(ids) = self.old.remove(&successor) {
                self.hits += 1;
                ids
            } else {
                let mut ids = ComponentIds::new();
                split(successor.clone(), &mut ids)?;
                ids
            };
            return Ok(self.young.entry(successor).or_insert(ids));
        }
        self.hits += 1;
        Ok(&self.young[&successor])
    }
}
