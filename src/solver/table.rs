//! The interning table: every component is stored once under a dense id, with what is known of
//! its value.

use std::hash::{BuildHasher, Hash};

use rustc_hash::FxBuildHasher;

use super::bookkeeping::Aux;
use super::rules::Lookup;
use crate::Error;

/// The flag of a state that is not an exact value; the low bits hold a lower bound.
///
/// Exact values are mexes, bounded by a number of successors, so they never reach this bit.
pub(crate) const PARTIAL: u64 = 1 << 63;

/// The state of a component nothing is known about.
pub(crate) const UNKNOWN: u64 = PARTIAL;

/// A component and its state: an exact value below [`PARTIAL`], or `PARTIAL | lower` when only
/// a lower bound is known. A lookup that finds the position has its state in the same cache
/// line.
struct Entry<N> {
    position: N,
    state: u64,
}

/// The most positions a table holds: ids fit in 31 bits.
const MAX_POSITIONS: usize = 1 << 31;

/// The hashed index is kept at most half full below this many slots, and at most three
/// quarters full from it on. A small index sits in the processor's caches, where each slot
/// a lookup probes costs (heap games written as user games were slower at three quarters);
/// a large one costs a lookup its cache miss, and a few more slots of the same line little,
/// while it is a large part of a stored position (figures in BENCHMARKS.md).
const LARGE_INDEX: usize = 1 << 20;

/// Positions with a [`Game::index`](crate::Game::index) below this are found in an array of
/// 8 bytes per index, up to the largest met: at most 128 MiB.
pub(crate) const MAX_INDEX: usize = 1 << 24;

/// Components under dense ids, found through an open-addressing index.
///
/// A slot of the index is one word: the id plus one of a position in its low bits, as many as
/// number the slots, and above them the same bits of the position's 32-bit hash, whose low
/// bits place the slot. The high bits filter the comparisons a lookup makes, and the index
/// takes 4 bytes a slot; growing it hashes the positions again. 0 marks an empty slot. The
/// index keeps more slots than the table has positions, so that an id plus one fits in the
/// low bits.
pub(crate) struct Table<N> {
    entries: Vec<Entry<N>>,
    aux: Vec<Aux>,
    slots: Vec<u32>,
    /// The positions with each [`Game::index`](crate::Game::index) met.
    by_index: Vec<IndexSlot>,
    /// The index of each position, or `NO_INDEX`; empty until a position with an index is
    /// stored, so that a game without one spends nothing on it.
    indices: Vec<u32>,
    /// How many positions `slots` holds.
    hashed: usize,
    /// The components being searched, in the order they were entered, each with the on-stack
    /// mark ([`Aux::on_stack`]): a component's place here is the depth a cycle through it is
    /// reported at.
    stack: Vec<u32>,
    pub(crate) limit: usize,
    /// The most positions the memory budget allows; reaching it is [`Error::OutOfMemory`].
    pub(crate) budget: usize,
}

/// The position with an index, and its exact value if it is known and below `u32::MAX`: a
/// lookup that finds a value then reads nothing else.
#[derive(Clone, Copy, Default)]
struct IndexSlot {
    /// The id plus one; 0 when no stored position has the index.
    id_plus_one: u32,
    /// The exact value plus one; 0 when not known. A compaction that forgets the position
    /// keeps its value here.
    value_plus_one: u32,
}

/// What a [`Table`] holds for an index.
enum AtIndex {
    /// An exact value, and the id of the position if it is stored (a compaction may have
    /// forgotten it and kept the value).
    Valued(u64, Option<u32>),
    /// A stored position without an exact value in the index: its id and state.
    Stored(u32, u64),
    /// Nothing.
    Absent,
}

const NO_INDEX: u32 = u32::MAX;

/// The new id [`Table::retain`] gives a forgotten position.
pub(crate) const FORGOTTEN: u32 = u32::MAX;

impl<N> Table<N> {
    pub(crate) fn new() -> Self {
        Table {
            entries: Vec::new(),
            aux: Vec::new(),
            slots: Vec::new(),
            by_index: Vec::new(),
            indices: Vec::new(),
            hashed: 0,
            stack: Vec::new(),
            limit: usize::MAX,
            budget: usize::MAX,
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// The bytes of the table's storage that it has written, which is what its process's
    /// resident memory counts (capacity reserved and not yet written is not).
    #[cfg(test)]
    pub(crate) fn resident_bytes(&self) -> usize {
        self.entries.len() * size_of::<Entry<N>>()
            + self.aux.len() * size_of::<Aux>()
            + (self.slots.len() + self.indices.len() + self.stack.len()) * size_of::<u32>()
            + self.by_index.len() * size_of::<IndexSlot>()
    }

    pub(crate) fn clear(&mut self) {
        self.entries.clear();
        self.aux.clear();
        self.slots.fill(0);
        self.by_index
            .iter_mut()
            .for_each(|s| *s = IndexSlot::default());
        self.indices.clear();
        self.hashed = 0;
        self.stack.clear();
    }

    /// Marks component `id` as being searched, one deeper than the last one entered and not
    /// left.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the stack cannot grow; nothing is marked then.
    pub(crate) fn enter(&mut self, id: u32) -> Result<(), Error> {
        if self.stack.try_reserve(1).is_err() {
            return Err(Error::OutOfMemory {
                what: "the stack of components under search",
                bytes: ((self.stack.len() + 1) * size_of::<u32>()) as u128,
            });
        }
        self.stack.push(id);
        self.aux[id as usize].set_on_stack(true);
        Ok(())
    }

    /// Unmarks component `id`, the last one entered and not left.
    pub(crate) fn leave(&mut self, id: u32) {
        debug_assert_eq!(self.stack.last(), Some(&id), "components leave in order");
        self.stack.pop();
        self.aux[id as usize].set_on_stack(false);
    }

    /// Unmarks every component entered and not left.
    pub(crate) fn leave_all(&mut self) {
        for id in self.stack.drain(..) {
            self.aux[id as usize].set_on_stack(false);
        }
    }

    /// The depth component `id`, marked [`Aux::on_stack`], was entered at: how many
    /// components were entered before it and not left. Read only to report a cycle, so it
    /// looks for it.
    pub(crate) fn depth_of(&self, id: u32) -> usize {
        self.stack.iter().rposition(|&on| on == id).unwrap_or(0)
    }

    /// The bytes one stored position costs in the table, besides what the position itself
    /// owns on the heap: its entry, its search bookkeeping, its index, and its share of the
    /// hashed index (at most four slots).
    pub(crate) const fn bytes_per_position() -> usize {
        size_of::<Entry<N>>() + size_of::<Aux>() + size_of::<u32>() + 4 * size_of::<u32>()
    }

    /// The position stored under `id`.
    #[inline]
    pub(crate) fn position(&self, id: u32) -> &N {
        &self.entries[id as usize].position
    }

    /// The search bookkeeping of `id`.
    #[inline]
    pub(crate) fn aux(&self, id: u32) -> &Aux {
        &self.aux[id as usize]
    }

    /// The search bookkeeping of `id`, to change.
    #[inline]
    pub(crate) fn aux_mut(&mut self, id: u32) -> &mut Aux {
        &mut self.aux[id as usize]
    }

    #[inline]
    pub(crate) fn state(&self, id: u32) -> u64 {
        self.entries[id as usize].state
    }

    /// The index of the position at `id`, or `NO_INDEX`.
    #[inline]
    fn index_of(&self, id: usize) -> u32 {
        self.indices.get(id).copied().unwrap_or(NO_INDEX)
    }

    #[inline]
    pub(crate) fn set_state(&mut self, id: u32, state: u64) {
        self.entries[id as usize].state = state;
        let index = self.index_of(id as usize);
        if index != NO_INDEX && state < u64::from(u32::MAX) {
            self.by_index[index as usize].value_plus_one = state as u32 + 1;
        }
    }
}

impl<N: Eq + Hash> Table<N> {
    /// Forgets the positions with ids from `len` on.
    ///
    /// The index is rebuilt in place, by hashing the positions kept.
    pub(crate) fn truncate(&mut self, len: usize) {
        if len >= self.entries.len() {
            return;
        }
        for &index in self.indices.get(len..).unwrap_or_default() {
            if index != NO_INDEX {
                self.by_index[index as usize] = IndexSlot::default();
            }
        }
        self.entries.truncate(len);
        self.aux.truncate(len);
        self.indices.truncate(len);
        self.stack.retain(|&id| (id as usize) < len);
        self.rehash();
    }

    /// Keeps the positions whose `keep` flag is set, renumbered densely in their order, and
    /// returns the new id of every old id ([`FORGOTTEN`] for the others).
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the renumbering cannot be allocated; the table is unchanged.
    pub(crate) fn retain(&mut self, keep: &[bool]) -> Result<Vec<u32>, Error> {
        let mut remap = Vec::new();
        if remap.try_reserve_exact(keep.len()).is_err() {
            return Err(Error::OutOfMemory {
                what: "the renumbering of the position table",
                bytes: (keep.len() * size_of::<u32>()) as u128,
            });
        }
        let mut next = 0;
        for (old, &kept) in keep.iter().enumerate() {
            let index = self.index_of(old);
            if !kept {
                remap.push(FORGOTTEN);
                if index != NO_INDEX {
                    // The exact value stays in the slot, which takes no more room: an
                    // exhaustive search under a budget smaller than what it reaches would
                    // otherwise value the same positions again and again.
                    self.by_index[index as usize].id_plus_one = 0;
                }
                continue;
            }
            remap.push(next as u32);
            if index != NO_INDEX {
                self.by_index[index as usize].id_plus_one = next as u32 + 1;
            }
            self.entries.swap(old, next);
            self.aux.swap(old, next);
            if !self.indices.is_empty() {
                self.indices.swap(old, next);
            }
            next += 1;
        }
        self.entries.truncate(next);
        self.aux.truncate(next);
        self.indices.truncate(next);
        self.stack.retain_mut(|id| {
            *id = remap[*id as usize];
            *id != FORGOTTEN
        });
        self.rehash();
        Ok(remap)
    }

    /// Rebuilds the hashed index in place, from the positions stored. An index not built
    /// yet is left to [`Table::intern_hashed`].
    fn rehash(&mut self) {
        let mut slots = std::mem::take(&mut self.slots);
        self.hashed = 0;
        if !slots.is_empty() {
            slots.fill(0);
            self.hashed = self.fill_index(&mut slots);
        }
        self.slots = slots;
    }

    /// The 32 bits of the hash of `position` that the hashed index keeps.
    #[inline]
    fn hash32(position: &N) -> u32 {
        let full = FxBuildHasher.hash_one(position);
        (full ^ (full >> 32)) as u32
    }

    /// Puts `id`, of a position whose [`Table::hash32`] is `hash`, in the first empty slot of
    /// `slots` from its place. `id` plus one must be below the number of slots.
    #[inline]
    fn place(slots: &mut [u32], hash: u32, id: u32) {
        let mask = slots.len() - 1;
        let low = mask as u32;
        debug_assert!(id < low, "an id plus one fits below the slots' place bits");
        let mut i = hash as usize & mask;
        while slots[i] != 0 {
            i = (i + 1) & mask;
        }
        slots[i] = hash & !low | (id + 1);
    }

    /// Puts in `slots`, empty, every stored position not found by its index; returns how many.
    fn fill_index(&self, slots: &mut [u32]) -> usize {
        let mut hashed = 0;
        for (id, entry) in self.entries.iter().enumerate() {
            if self.indices.get(id).is_some_and(|&index| index != NO_INDEX) {
                continue;
            }
            Self::place(slots, Self::hash32(&entry.position), id as u32);
            hashed += 1;
        }
        hashed
    }

    /// The id and state of `position`; if it is new, it is stored with the value the rules
    /// `R` know for it ([`Game::known_value`](crate::Game::known_value)), or as [`UNKNOWN`].
    ///
    /// A position with an index below [`MAX_INDEX`] (its [`Game::index`](crate::Game::index),
    /// as the rules `R` give it) is found in an array, others through the hashed index.
    ///
    /// # Errors
    ///
    /// [`Error::LimitExceeded`] or [`Error::OutOfMemory`] if a new position cannot be stored;
    /// [`Error::OutOfRange`] if the value known for it does not fit below [`PARTIAL`].
    // The solver looks up every component of every successor through here: inlined, the
    // array path is a load and a compare (28 ms instead of 19 ms for the grid benchmark).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn intern<R: Lookup<N>>(&mut self, position: N) -> Result<(u32, u64), Error> {
        match R::index(&position) {
            Some(i) if i < MAX_INDEX => match self.at_index(i) {
                AtIndex::Valued(value, Some(id)) => Ok((id, value)),
                AtIndex::Valued(value, None) => self.revive(position, i, value),
                AtIndex::Stored(id, state) => Ok((id, state)),
                AtIndex::Absent => self.insert_new_indexed::<R>(position, i),
            },
            _ => self.intern_hashed::<R>(position),
        }
    }

    /// What the table holds for the index `i` (below [`MAX_INDEX`]).
    // On the path of every lookup by index: inlined, the match on its result folds away.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn at_index(&self, i: usize) -> AtIndex {
        let Some(&slot) = self.by_index.get(i) else {
            return AtIndex::Absent;
        };
        // The value, the common case, is tested first.
        if slot.value_plus_one != 0 {
            let id = slot.id_plus_one.checked_sub(1);
            return AtIndex::Valued(u64::from(slot.value_plus_one - 1), id);
        }
        match slot.id_plus_one.checked_sub(1) {
            Some(id) => AtIndex::Stored(id, self.entries[id as usize].state),
            None => AtIndex::Absent,
        }
    }

    /// The state a new `position` is stored with: the value the rules `R` know, or
    /// [`UNKNOWN`].
    fn known<R: Lookup<N>>(position: &N) -> Result<u64, Error> {
        match R::known_value(position) {
            None => Ok(UNKNOWN),
            Some(value) if value < PARTIAL => Ok(value),
            Some(value) => Err(Error::OutOfRange {
                what: "known value",
                value: value.into(),
                limit: (PARTIAL - 1).into(),
            }),
        }
    }

    #[inline]
    fn intern_hashed<R: Lookup<N>>(&mut self, position: N) -> Result<(u32, u64), Error> {
        let hash = Self::hash32(&position);
        if self.slots.is_empty() {
            if self.entries.is_empty() {
                return self.insert_new::<R>(position, hash);
            }
            // Positions stored and no index: those of a game's index before its first hashed
            // position, or an index whose growth a panic in `Hash` interrupted. Built first,
            // so that the lookup sees every position.
            self.grow_index()?;
        }
        if let Some(found) = self.probe(&position, hash) {
            return Ok(found);
        }
        self.insert_new::<R>(position, hash)
    }

    /// The id and state of `position`, whose [`Table::hash32`] is `hash`, if the hashed index
    /// holds it.
    #[inline]
    fn probe(&self, position: &N, hash: u32) -> Option<(u32, u64)> {
        let mask = self.slots.len().checked_sub(1)?;
        let low = mask as u32;
        let mut i = hash as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return None;
            }
            if (slot ^ hash) & !low == 0 {
                let id = (slot & low) - 1;
                let entry = &self.entries[id as usize];
                if entry.position == *position {
                    return Some((id, entry.state));
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// The id and state of `position` if it is stored and has no index (a position with an
    /// index is found by [`Table::intern`] at the cost of a load).
    #[inline]
    pub(crate) fn find_hashed(&self, position: &N) -> Option<(u32, u64)> {
        self.probe(position, Self::hash32(position))
    }

    /// The exact value stored for `position`, if it is stored with one (or, having an index,
    /// was), without storing it.
    pub(crate) fn value_of<R: Lookup<N>>(&self, position: &N) -> Option<u64> {
        let state = match R::index(position) {
            Some(i) if i < MAX_INDEX => match self.at_index(i) {
                AtIndex::Valued(value, _) => return Some(value),
                AtIndex::Stored(_, state) => state,
                AtIndex::Absent => return None,
            },
            _ => self.find_hashed(position)?.1,
        };
        (state < PARTIAL).then_some(state)
    }

    /// Stores `position`, new, with hash `hash` and the state the rules `R` give it.
    #[inline(never)]
    fn insert_new<R: Lookup<N>>(&mut self, position: N, hash: u32) -> Result<(u32, u64), Error> {
        let state = Self::known::<R>(&position)?;
        let id = self.insert(position, hash)?;
        self.set_state(id, state);
        Ok((id, state))
    }

    /// Stores again `position`, with index `index`, forgotten by a compaction that kept its
    /// value: valued at once, so that nothing is searched twice.
    #[cold]
    #[inline(never)]
    fn revive(&mut self, position: N, index: usize, value: u64) -> Result<(u32, u64), Error> {
        let id = self.insert_indexed(position, index)?;
        self.entries[id as usize].state = value;
        Ok((id, value))
    }

    /// Stores `position`, new, with index `index` and the state the rules `R` give it.
    #[inline(never)]
    fn insert_new_indexed<R: Lookup<N>>(
        &mut self,
        position: N,
        index: usize,
    ) -> Result<(u32, u64), Error> {
        let state = Self::known::<R>(&position)?;
        let id = self.insert_indexed(position, index)?;
        self.set_state(id, state);
        Ok((id, state))
    }

    #[inline(never)]
    fn insert_indexed(&mut self, position: N, index: usize) -> Result<u32, Error> {
        let count = self.entries.len();
        if count >= self.limit.min(self.budget) || self.full() {
            self.make_room(false)?;
        }
        if index >= self.by_index.len() {
            let len = (index + 1).next_power_of_two();
            if self
                .by_index
                .try_reserve_exact(len - self.by_index.len())
                .is_err()
            {
                return Err(Error::OutOfMemory {
                    what: "the position index",
                    bytes: (len * size_of::<IndexSlot>()) as u128,
                });
            }
            self.by_index.resize(len, IndexSlot::default());
        }
        if self.indices.len() < count {
            // The first position with an index: the others get none.
            if self.indices.try_reserve_exact(count + 1).is_err() {
                return Err(Error::OutOfMemory {
                    what: "the indices of the stored positions",
                    bytes: ((count + 1) * size_of::<u32>()) as u128,
                });
            }
            self.indices.resize(count, NO_INDEX);
        }
        let id = count as u32;
        self.by_index[index].id_plus_one = id + 1;
        self.indices.push(index as u32);
        self.entries.push(Entry {
            position,
            state: UNKNOWN,
        });
        self.aux.push(Aux::default());
        Ok(id)
    }

    fn insert(&mut self, position: N, hash: u32) -> Result<u32, Error> {
        let count = self.entries.len();
        if count >= self.limit.min(self.budget) || self.full() || self.index_full() {
            self.make_room(true)?;
        }
        let id = count as u32;
        Self::place(&mut self.slots, hash, id);
        self.hashed += 1;
        if !self.indices.is_empty() {
            self.indices.push(NO_INDEX);
        }
        self.entries.push(Entry {
            position,
            state: UNKNOWN,
        });
        self.aux.push(Aux::default());
        Ok(id)
    }

    /// Whether the hashed index must grow before one more position goes in (see
    /// [`LARGE_INDEX`]), or before the id of one more position fits in a slot.
    #[inline]
    fn index_full(&self) -> bool {
        let (count, len) = (self.hashed + 1, self.slots.len());
        let loaded = if len >= LARGE_INDEX {
            count * 4 > len * 3
        } else {
            count * 2 > len
        };
        loaded || self.entries.len() + 2 > len
    }

    /// Whether storing one more position needs room first.
    #[inline]
    fn full(&self) -> bool {
        self.entries.len() == self.entries.capacity()
            || (!self.indices.is_empty() && self.indices.len() == self.indices.capacity())
    }

    /// Checks the limit and reserves space for one more position, `hashed` or not.
    #[cold]
    #[inline(never)]
    fn make_room(&mut self, hashed: bool) -> Result<(), Error> {
        let count = self.entries.len();
        let limit = self.limit.min(MAX_POSITIONS);
        if count >= limit {
            return Err(Error::LimitExceeded { limit });
        }
        if count >= self.budget {
            return Err(Error::OutOfMemory {
                what: "the positions the search needs at once, within the memory budget",
                bytes: ((count + 1) * Self::bytes_per_position()) as u128,
            });
        }
        if self.entries.try_reserve(1).is_err()
            || self.aux.try_reserve(1).is_err()
            || (!self.indices.is_empty() && self.indices.try_reserve(1).is_err())
        {
            let each = size_of::<Entry<N>>() + size_of::<Aux>() + size_of::<u32>();
            return Err(Error::OutOfMemory {
                what: "the position table",
                bytes: ((count + 1) * each) as u128,
            });
        }
        if hashed && self.index_full() {
            self.grow_index()?;
        }
        Ok(())
    }

    /// Doubles the hashed index, or more if the ids of the table need it, and fills it again.
    fn grow_index(&mut self) -> Result<(), Error> {
        let len = (self.slots.len() * 2)
            .max(64)
            .max((self.entries.len() + 2).next_power_of_two());
        let mut slots = Vec::new();
        if slots.try_reserve_exact(len).is_err() {
            return Err(Error::OutOfMemory {
                what: "the position index",
                bytes: (len * size_of::<u32>()) as u128,
            });
        }
        // The old index is freed before the new one is written (filled from the positions),
        // so that the two never take memory at once.
        self.slots = Vec::new();
        self.hashed = 0;
        slots.resize(len, 0);
        self.hashed = self.fill_index(&mut slots);
        self.slots = slots;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// What a table is asked in a property: store a position, forget from an id on, or keep
    /// the ids with a given bit set.
    #[derive(Clone, Debug)]
    enum Step {
        Intern(u64),
        Truncate(usize),
        Retain(u8),
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            // Indexed (below 10,000) and hashed positions, with repeats.
            8 => prop_oneof![0..300u64, (0..300u64).prop_map(|p| 1 << 40 | p)]
                .prop_map(Step::Intern),
            1 => (0..400usize).prop_map(Step::Truncate),
            1 => any::<u8>().prop_map(Step::Retain),
        ]
    }

    proptest! {
        /// Whatever was stored, forgotten and renumbered, every position kept is found under
        /// its id, none is stored twice, and the index holds exactly the hashed ones.
        #[test]
        fn a_table_finds_what_it_keeps(steps in prop::collection::vec(step(), 1..200)) {
            let mut table: Table<u64> = Table::new();
            let mut kept: Vec<u64> = Vec::new();
            for step in steps {
                match step {
                    Step::Intern(p) => {
                        let id = interned(&mut table, p) as usize;
                        if id == kept.len() {
                            prop_assert!(!kept.contains(&p), "{} stored twice", p);
                            kept.push(p);
                        }
                        prop_assert_eq!(kept[id], p);
                    }
                    Step::Truncate(len) => {
                        table.truncate(len);
                        kept.truncate(len);
                    }
                    Step::Retain(bits) => {
                        let keep: Vec<bool> =
                            (0..kept.len()).map(|id| bits >> (id % 8) & 1 != 0).collect();
                        let remap = table.retain(&keep).unwrap();
                        let mut next = Vec::new();
                        for (old, p) in kept.iter().enumerate() {
                            if keep[old] {
                                prop_assert_eq!(remap[old] as usize, next.len());
                                next.push(*p);
                            } else {
                                prop_assert_eq!(remap[old], FORGOTTEN);
                            }
                        }
                        kept = next;
                    }
                }
                prop_assert_eq!(table.len(), kept.len());
            }
            for (id, &p) in kept.iter().enumerate() {
                prop_assert_eq!(interned(&mut table, p) as usize, id);
            }
            prop_assert_eq!(table.len(), kept.len(), "nothing stored twice");
            let hashed = kept.iter().filter(|&&p| p >= 10_000).count();
            prop_assert_eq!(table.hashed, hashed);
            prop_assert_eq!(table.slots.iter().filter(|&&slot| slot != 0).count(), hashed);
        }
    }

    /// Positions below 10,000 are found by their index, the others by their hash.
    struct SomeIndexed;

    impl Lookup<u64> for SomeIndexed {
        fn index(position: &u64) -> Option<usize> {
            (*position < 10_000).then_some(*position as usize)
        }
    }

    fn interned(table: &mut Table<u64>, position: u64) -> u32 {
        table.intern::<SomeIndexed>(position).unwrap().0
    }

    #[test]
    fn hashed_positions_are_found_after_many_indexed_ones() {
        let mut table = Table::new();
        // A few hashed positions, then ids far beyond their slots: the index grows to fit
        // the ids of the hashed positions after them.
        let mut hashed: Vec<u32> = (0..10).map(|p| interned(&mut table, 1 << 40 | p)).collect();
        let indexed: Vec<u32> = (0..5_000).map(|p| interned(&mut table, p)).collect();
        for p in 10..3_000 {
            let id = interned(&mut table, 1 << 40 | p);
            assert_eq!(interned(&mut table, 1 << 40 | p), id, "found at once");
            hashed.push(id);
        }
        assert_eq!(table.len(), 8_000);
        assert!(table.slots.len() > table.len());
        for p in 0..5_000 {
            assert_eq!(interned(&mut table, p), indexed[p as usize]);
        }
        for p in 0..3_000 {
            assert_eq!(interned(&mut table, 1 << 40 | p), hashed[p as usize]);
        }
        assert_eq!(table.len(), 8_000, "nothing stored twice");
    }

    #[test]
    fn positions_kept_by_a_truncation_or_a_compaction_are_found() {
        let mut table = Table::new();
        let positions: Vec<u64> = (0..4_000)
            .map(|p| if p % 2 == 0 { p } else { 1 << 40 | p })
            .collect();
        for &p in &positions {
            interned(&mut table, p);
        }
        table.truncate(3_000);
        for (id, &p) in positions[..3_000].iter().enumerate() {
            assert_eq!(interned(&mut table, p), id as u32);
        }
        assert_eq!(table.len(), 3_000);
        // Every third kept, renumbered densely.
        let keep: Vec<bool> = (0..3_000).map(|id| id % 3 == 0).collect();
        let remap = table.retain(&keep).unwrap();
        assert_eq!(table.len(), 1_000);
        for (old, &p) in positions[..3_000].iter().enumerate() {
            if keep[old] {
                assert_eq!(interned(&mut table, p), remap[old]);
            }
        }
        assert_eq!(table.len(), 1_000, "nothing stored twice");
    }

    #[test]
    fn a_value_is_found_without_storing_the_position_and_outlives_a_forgotten_index() {
        let mut table = Table::new();
        let (hashed, indexed) = (1 << 40, 7);
        assert_eq!(table.value_of::<SomeIndexed>(&hashed), None);
        assert_eq!(table.value_of::<SomeIndexed>(&indexed), None);
        assert_eq!(table.len(), 0, "nothing stored by a lookup");
        let ids = [interned(&mut table, hashed), interned(&mut table, indexed)];
        // A lower bound is not a value.
        table.set_state(ids[0], PARTIAL | 3);
        table.set_state(ids[1], PARTIAL | 3);
        assert_eq!(table.value_of::<SomeIndexed>(&hashed), None);
        assert_eq!(table.value_of::<SomeIndexed>(&indexed), None);
        table.set_state(ids[0], 5);
        table.set_state(ids[1], 4);
        assert_eq!(table.value_of::<SomeIndexed>(&hashed), Some(5));
        assert_eq!(table.value_of::<SomeIndexed>(&indexed), Some(4));
        // Forgotten, a position with an index keeps its value there.
        table.retain(&[false, false]).unwrap();
        assert_eq!(table.value_of::<SomeIndexed>(&hashed), None);
        assert_eq!(table.value_of::<SomeIndexed>(&indexed), Some(4));
    }
}
