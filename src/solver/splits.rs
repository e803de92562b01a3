//! The cache of split successors: the component ids of successors that tests split, so that a
//! component searched again, or a successor shared by several positions, is not split again.

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
}

impl<N: Clone + Eq + Hash> SplitCache<N> {
    pub(super) fn new() -> Self {
        SplitCache {
            young: FxHashMap::default(),
            old: FxHashMap::default(),
        }
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
        if self.young.len() >= capacity / 2 {
            std::mem::swap(&mut self.young, &mut self.old);
            self.young.clear();
        }
        if !self.young.contains_key(&successor) {
            let ids = if let Some(ids) = self.old.remove(&successor) {
                ids
            } else {
                let mut ids = ComponentIds::new();
                split(successor.clone(), &mut ids)?;
                ids
            };
            return Ok(self.young.entry(successor).or_insert(ids));
        }
        Ok(&self.young[&successor])
    }
}
