//! Where the split cache keeps its successors: a table of buckets of [`WAYS`] ways, each way a
//! successor and the ids of its components packed in a word. A lookup reads one bucket: its
//! tags first, one byte a way, and a way's successor only when the tag matches, so a miss,
//! the common case, costs one cache line. A new successor takes an empty way of its bucket,
//! or the place of the oldest in a full one, which a counter per bucket names, so that
//! nothing else in the bucket is moved; a table half full or more doubles instead, up to the
//! cache's capacity.
//!
//! A successor of `size_of::<N>()` bytes costs `size_of::<Option<(N, u64)>>() + 1` and a
//! quarter of a byte (25 for a 16-byte board: the word of ids is never zero, so an empty way
//! takes no room of its own), with nothing on the heap, so that a cache of a successor per
//! stored position fits in the memory a position may take.

use std::hash::{BuildHasher, Hash};
use std::num::NonZeroU64;

use rustc_hash::FxBuildHasher;
use smallvec::{SmallVec, smallvec};

use super::ComponentIds;

/// Ways per bucket: a successor is looked for in one bucket only.
const WAYS: usize = 4;

/// The ways a table starts with: a small search does not pay for a large one.
const FIRST_WAYS: usize = 1 << 10;

/// Ids of positions are below 2^31 (the table's bound), so two fit in a word with their number.
const ID_BITS: u32 = 31;

/// Up to two component ids and how many there are plus one, in one word that is never zero,
/// so that an empty way costs no more room than a full one.
#[derive(Clone, Copy)]
struct Packed(NonZeroU64);

impl Packed {
    /// The ids packed, or `None` for three or more, which are not kept.
    fn new(ids: &[u32]) -> Option<Packed> {
        debug_assert!(ids.iter().all(|&id| id >> ID_BITS == 0), "ids below 2^31");
        let word = match *ids {
            [] => 1 << 62,
            [a] => 2 << 62 | u64::from(a),
            [a, b] => 3 << 62 | u64::from(b) << ID_BITS | u64::from(a),
            _ => return None,
        };
        NonZeroU64::new(word).map(Packed)
    }

    fn ids(self) -> ComponentIds {
        let (word, mask) = (self.0.get(), (1 << ID_BITS) - 1);
        let (a, b) = ((word & mask) as u32, (word >> ID_BITS & mask) as u32);
        match word >> 62 {
            1 => smallvec![],
            2 => smallvec![a],
            _ => smallvec![a, b],
        }
    }
}

/// Successors and their components, by bucket.
pub(super) struct SplitStore<N> {
    /// Per way: 0 if empty, else `0x80` and seven bits of the successor's hash.
    tags: Vec<u8>,
    ways: Vec<Option<(N, Packed)>>,
    /// Per bucket: the way a full bucket gives up next, its oldest.
    oldest: Vec<u8>,
    /// Ways in use.
    len: usize,
}

impl<N: Eq + Hash> SplitStore<N> {
    pub(super) fn new() -> Self {
        SplitStore {
            tags: Vec::new(),
            ways: Vec::new(),
            oldest: Vec::new(),
            len: 0,
        }
    }

    /// The bytes the store takes: its tables are written whole as they grow.
    #[cfg(test)]
    pub(super) fn resident_bytes(&self) -> usize {
        self.tags.len() + self.ways.len() * size_of::<Option<(N, Packed)>>() + self.oldest.len()
    }

    /// The bytes one way takes.
    pub(super) const fn bytes_per_way() -> usize {
        1 + size_of::<Option<(N, Packed)>>()
    }

    /// The first way of the bucket of a successor with hash `hash`, and its tag.
    fn place(&self, hash: u64) -> (usize, u8) {
        let buckets = self.tags.len() / WAYS;
        // Low bits choose the bucket, high bits make the tag: independent of each other.
        (
            (hash as usize & (buckets - 1)) * WAYS,
            0x80 | (hash >> 57) as u8,
        )
    }

    /// The hash a successor is placed by.
    pub(super) fn hash(successor: &N) -> u64 {
        FxBuildHasher.hash_one(successor)
    }

    /// The component ids of `successor`, if it is kept.
    pub(super) fn get(&self, successor: &N) -> Option<ComponentIds> {
        self.get_hashed(successor, Self::hash(successor))
    }

    /// [`SplitStore::get`] for a successor whose [`SplitStore::hash`] is `hash`.
    pub(super) fn get_hashed(&self, successor: &N, hash: u64) -> Option<ComponentIds> {
        if self.tags.is_empty() {
            return None;
        }
        let (first, tag) = self.place(hash);
        // The tag first: a way's successor is read only when its tag matches.
        (first..first + WAYS)
            .filter(|&way| self.tags[way] == tag)
            .find_map(|way| match &self.ways[way] {
                Some((held, ids)) if held == successor => Some(ids.ids()),
                _ => None,
            })
    }

    /// Keeps `successor` with the component ids `ids` (unless there are three or more), the
    /// table growing up to `capacity` ways; the oldest successor of a full bucket gives way.
    #[cfg(test)]
    pub(super) fn insert(&mut self, successor: N, ids: &[u32], capacity: usize) {
        let hash = Self::hash(&successor);
        self.insert_hashed(successor, hash, ids, capacity);
    }

    /// Keeps `successor`, whose [`SplitStore::hash`] is `hash`, with the component ids `ids`
    /// (unless there are three or more), the table growing up to `capacity` ways; the oldest
    /// successor of a full bucket gives way.
    pub(super) fn insert_hashed(&mut self, successor: N, hash: u64, ids: &[u32], capacity: usize) {
        let Some(packed) = Packed::new(ids) else {
            return;
        };
        // Doubled when a bucket would drop a successor, once the table is half full: buckets
        // overflow from about a quarter full, and growing then would leave most ways empty.
        if self.tags.len() < capacity
            && (self.tags.is_empty() || (self.len * 2 >= self.tags.len() && self.full(hash)))
        {
            self.grow(capacity);
        }
        if self.tags.is_empty() {
            return;
        }
        self.put(successor, packed, hash);
    }

    /// Whether the bucket of a successor with hash `hash` has no empty way.
    fn full(&self, hash: u64) -> bool {
        let (first, _) = self.place(hash);
        self.tags[first + WAYS - 1] != 0
    }

    /// Puts a successor in the first empty way of its bucket, so that a bucket fills in order
    /// (a way is never emptied but by [`SplitStore::clear`]); in a full bucket it takes the
    /// way of the oldest, and the next way becomes the oldest. A successor already kept (split
    /// twice, as a game may list a successor twice) is replaced in place.
    fn put(&mut self, successor: N, packed: Packed, hash: u64) {
        let (first, tag) = self.place(hash);
        let bucket = first..first + WAYS;
        let same = bucket.clone().find(|&way| {
            self.tags[way] == tag
                && self.ways[way]
                    .as_ref()
                    .is_some_and(|(held, _)| *held == successor)
        });
        let way = if let Some(way) = same {
            way
        } else if let Some(way) = bucket.clone().find(|&way| self.tags[way] == 0) {
            self.len += 1;
            way
        } else {
            let oldest = &mut self.oldest[first / WAYS];
            let way = first + usize::from(*oldest);
            *oldest = (*oldest + 1) % WAYS as u8;
            way
        };
        self.tags[way] = tag;
        self.ways[way] = Some((successor, packed));
    }

    /// Doubles the table (or makes the first, of [`FIRST_WAYS`]) within `capacity` ways, and
    /// puts back what it held. A failed allocation leaves the table as it was: the cache only
    /// saves work.
    ///
    /// The table grows in place: a successor of bucket `b` stays there or moves to bucket
    /// `b` plus the old number of buckets, which is empty, so that the old table and a new
    /// one are never held at once (they were the peak of a large search's memory).
    fn grow(&mut self, capacity: usize) {
        let Some(most) = capacity.checked_ilog2().map(|bits| 1usize << bits) else {
            return;
        };
        let old = self.tags.len();
        let ways = if old == 0 { FIRST_WAYS } else { old * 2 }.min(most);
        if ways <= old || ways < WAYS {
            return;
        }
        if self.tags.try_reserve_exact(ways - old).is_err()
            || self.ways.try_reserve_exact(ways - old).is_err()
            || self.oldest.try_reserve_exact((ways - old) / WAYS).is_err()
        {
            return;
        }
        self.tags.resize(ways, 0);
        self.ways.resize_with(ways, || None);
        self.oldest.resize(ways / WAYS, 0);
        for bucket in 0..old / WAYS {
            let first = bucket * WAYS;
            // Oldest first, so that the doubled table drops them first too.
            let from = usize::from(std::mem::take(&mut self.oldest[bucket]));
            let mut held: SmallVec<[(N, Packed); WAYS]> = SmallVec::new();
            for k in 0..WAYS {
                let way = first + (from + k) % WAYS;
                self.tags[way] = 0;
                if let Some(kept) = self.ways[way].take() {
                    held.push(kept);
                }
            }
            self.len -= held.len();
            for (successor, packed) in held {
                let hash = Self::hash(&successor);
                self.put(successor, packed, hash);
            }
        }
    }

    /// Forgets every successor, keeping the table.
    pub(super) fn clear(&mut self) {
        self.tags.fill(0);
        self.ways.fill_with(|| None);
        self.oldest.fill(0);
        self.len = 0;
    }

    /// Forgets every successor and frees the table.
    pub(super) fn release(&mut self) {
        *self = SplitStore::new();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_through_a_word() {
        let big = (1 << ID_BITS) - 1;
        for ids in [&[][..], &[0], &[big], &[7, big], &[big, 0]] {
            assert_eq!(&Packed::new(ids).unwrap().ids()[..], ids);
        }
        assert!(Packed::new(&[1, 2, 3]).is_none(), "three ids are not kept");
    }

    #[test]
    fn successors_are_found_until_their_bucket_overflows() {
        let mut store = SplitStore::new();
        // Room for the first table only: a full bucket then drops its oldest.
        for n in 0..FIRST_WAYS as u64 {
            store.insert(n, &[n as u32], FIRST_WAYS);
        }
        let found = (0..FIRST_WAYS as u64)
            .filter(|n| store.get(n).is_some())
            .count();
        assert!(found > FIRST_WAYS / 2, "{found}");
        for n in 0..FIRST_WAYS as u64 {
            if let Some(ids) = store.get(&n) {
                assert_eq!(&ids[..], [n as u32]);
            }
        }
        // The newest is always kept; three ids are never.
        store.insert(1 << 40, &[3, 4], FIRST_WAYS);
        assert_eq!(&store.get(&(1 << 40)).unwrap()[..], [3, 4]);
        store.insert(1 << 41, &[1, 2, 3], FIRST_WAYS);
        assert!(store.get(&(1 << 41)).is_none());
    }

    #[test]
    fn an_empty_way_takes_no_room_of_its_own() {
        assert_eq!(size_of::<Option<(u64, Packed)>>(), 16);
        assert_eq!(SplitStore::<u64>::bytes_per_way(), 17);
    }

    /// Keys of the bucket of 0 in a store of the first size, in increasing order.
    fn keys_of_one_bucket(store: &SplitStore<u64>, count: usize) -> Vec<u64> {
        let bucket = |n: &u64| store.place(FxBuildHasher.hash_one(n)).0;
        let first = bucket(&0);
        (0..).filter(|n| bucket(n) == first).take(count).collect()
    }

    #[test]
    fn a_full_bucket_drops_its_successors_oldest_first() {
        let mut store = SplitStore::new();
        store.insert(0u64, &[], FIRST_WAYS);
        let same = keys_of_one_bucket(&store, 3 * WAYS);
        for (k, &n) in same.iter().enumerate().skip(1) {
            store.insert(n, &[n as u32], FIRST_WAYS);
            // The last `WAYS` kept, the others dropped.
            for (j, m) in same[..=k].iter().enumerate() {
                let kept = store.get(m).map(|ids| ids[..].to_vec());
                let want = (j + WAYS > k).then(|| if j == 0 { vec![] } else { vec![*m as u32] });
                assert_eq!(kept, want, "{j} after {k}");
            }
        }
    }

    #[test]
    fn a_doubled_table_drops_the_oldest_first_still() {
        let mut store = SplitStore::new();
        store.insert(0u64, &[], FIRST_WAYS);
        // Keys that share a bucket in the doubled table too.
        let doubled = |n: &u64| FxBuildHasher.hash_one(n) as usize & (2 * FIRST_WAYS / WAYS - 1);
        let same: Vec<u64> = keys_of_one_bucket(&store, 64 * WAYS)
            .into_iter()
            .filter(|n| doubled(n) == doubled(&0))
            .take(WAYS + 3)
            .collect();
        assert_eq!(same.len(), WAYS + 3);
        // The bucket wraps round: its oldest is not its first way.
        for &n in &same[1..WAYS + 2] {
            store.insert(n, &[n as u32], FIRST_WAYS);
        }
        store.grow(2 * FIRST_WAYS);
        assert_eq!(store.tags.len(), 2 * FIRST_WAYS);
        // One more drops the oldest of the four kept.
        store.insert(same[WAYS + 2], &[1], 2 * FIRST_WAYS);
        let kept: Vec<bool> = same.iter().map(|n| store.get(n).is_some()).collect();
        let mut want = vec![true; WAYS + 3];
        want[..3].fill(false);
        assert_eq!(kept, want);
    }

    #[test]
    fn the_table_grows_to_its_capacity_and_keeps_what_it_held() {
        let mut store = SplitStore::new();
        for n in 0..10_000u64 {
            store.insert(n, &[n as u32, 1], 1 << 16);
        }
        assert!(store.tags.len() <= 1 << 16);
        for n in 0..10_000u64 {
            assert_eq!(&store.get(&n).unwrap()[..], [n as u32, 1], "{n}");
        }
        // Replaced, not added twice.
        let len = store.len;
        store.insert(5, &[9], 1 << 16);
        assert_eq!(store.len, len);
        assert_eq!(&store.get(&5).unwrap()[..], [9]);
        store.clear();
        assert!(store.get(&5).is_none());
    }
}
