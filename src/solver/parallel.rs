//! Searching with several threads: each thread runs its own search of the same question with
//! its own table, and they share what settles the costly parts, through a table of their own.
//!
//! A question is answered on the calling thread alone until its search has expanded
//! [`ALONE`] components: most questions are small, and starting threads costs more than they
//! would save. Then the other threads start the same search, each trying the successors of the
//! question in another order (rotated by its share of them), and every thread publishes what it
//! learns about a component whose search expanded at least [`PUBLISH`] components: its exact
//! value, or the values a test excluded. Before searching a component, a thread looks it up
//! among the published ones. This is the "lazy SMP" of chess engines, with the successors of
//! the root split between threads: the thread that reaches the answer first stops the others.
//! Values never depend on the number of threads: every answer is exact.
//!
//! Components with an [`index`](crate::Game::index) share every exact value, whatever its
//! cost, in an array read and written without locks. An exhaustive search needs the value of
//! nearly every component below its question, and takes the successors in any order: there
//! the threads take them in different orders at every depth, not only at the root, and value
//! a question's components between them (Chomp 12 x 12 on two threads: half the time of one).

use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use rustc_hash::{FxBuildHasher, FxHashMap};

use super::table::{MAX_INDEX, PARTIAL, UNKNOWN};

/// Components expanded by a question on the calling thread before the others join.
pub(super) const ALONE: u64 = 4096;

/// Components a search must have expanded below a component for it to be published.
pub(super) const PUBLISH: u64 = 8;

/// Shards of the published table, so that threads rarely wait for one another.
const SHARDS: usize = 64;

/// What one thread learned about a component.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Learned {
    /// The component's state in the table: an exact value or a lower bound.
    pub(super) state: u64,
    /// Values (below 32) the component is known not to have.
    pub(super) excluded: u32,
}

/// Indices per page of [`IndexedValues`].
const PAGE_BITS: u32 = 16;

/// The exact values of components with an [`index`](crate::Game::index), shared by the threads
/// of a search: one word per index, 0 for unknown and v + 1 for the value v, read and written
/// without locks. Pages of 2^16 indices are made when a value in them is first stored, as many
/// as the memory budget allows; a value that finds no page is not shared.
///
/// An exhaustive search values nearly every component below its question, and each thread's
/// table would otherwise value them all again: here a value one thread found is the others'
/// at the cost of a load.
struct IndexedValues {
    pages: Box<[OnceLock<Box<[AtomicU32]>>]>,
    /// Pages that may still be made.
    spare: AtomicUsize,
}

impl IndexedValues {
    fn new(pages: usize) -> Self {
        IndexedValues {
            pages: (0..MAX_INDEX >> PAGE_BITS)
                .map(|_| OnceLock::new())
                .collect(),
            spare: AtomicUsize::new(pages),
        }
    }

    fn get(&self, index: usize) -> Option<u64> {
        let page = self.pages.get(index >> PAGE_BITS)?.get()?;
        let word = page[index & ((1 << PAGE_BITS) - 1)].load(Ordering::Relaxed);
        word.checked_sub(1).map(u64::from)
    }

    /// Whether the value found a page.
    fn set(&self, index: usize, value: u64) -> bool {
        let (Some(slot), Ok(word)) = (self.pages.get(index >> PAGE_BITS), u32::try_from(value + 1))
        else {
            return false;
        };
        if slot.get().is_none() {
            let taken = self
                .spare
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
            let mut words = Vec::new();
            if taken.is_err() || words.try_reserve_exact(1 << PAGE_BITS).is_err() {
                return false;
            }
            words.resize_with(1 << PAGE_BITS, || AtomicU32::new(0));
            // Another thread may have made it meanwhile: then this one is dropped.
            let _ = slot.set(words.into_boxed_slice());
        }
        let Some(page) = slot.get() else {
            return false;
        };
        page[index & ((1 << PAGE_BITS) - 1)].store(word, Ordering::Relaxed);
        true
    }
}

/// What the threads searching one question share.
pub(super) struct Shared<N> {
    shards: Box<[Mutex<FxHashMap<N, Learned>>]>,
    indexed: IndexedValues,
    /// A shard that reaches this many components is emptied: what it forgets is searched
    /// again if needed, and values stay exact.
    shard_capacity: usize,
    /// Set when a thread has the answer: the others stop.
    stop: AtomicBool,
    /// The answer, once a thread has it.
    answer: AtomicU64,
}

impl<N: Eq + Hash> Shared<N> {
    /// A shared table for at most about `capacity` components.
    pub(super) fn new(capacity: usize) -> Arc<Self> {
        Arc::new(Shared {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(FxHashMap::default()))
                .collect(),
            shard_capacity: (capacity / SHARDS).max(16),
            // A page of values costs a few bytes an index, fewer than a stored component.
            indexed: IndexedValues::new((capacity >> PAGE_BITS).max(1)),
            stop: AtomicBool::new(false),
            answer: AtomicU64::new(u64::MAX),
        })
    }

    fn shard(&self, position: &N) -> &Mutex<FxHashMap<N, Learned>> {
        &self.shards[(FxBuildHasher.hash_one(position) as usize) % SHARDS]
    }

    /// What a thread published about `position`.
    pub(super) fn get(&self, position: &N) -> Option<Learned> {
        let shard = self
            .shard(position)
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        shard.get(position).copied()
    }

    /// Adds what a thread learned about `position` to what is known.
    pub(super) fn publish(&self, position: N, learned: Learned) {
        let mut shard = self
            .shard(&position)
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if shard.len() >= self.shard_capacity {
            *shard = FxHashMap::default();
        }
        let known = shard.entry(position).or_insert(Learned {
            state: UNKNOWN,
            excluded: 0,
        });
        known.excluded |= learned.excluded;
        // An exact value stays; a lower bound (`PARTIAL | bound`) grows.
        if known.state >= PARTIAL && (learned.state < PARTIAL || learned.state > known.state) {
            known.state = learned.state;
        }
    }

    /// The exact value a thread found for the component with index `index`.
    pub(super) fn value_at(&self, index: usize) -> Option<u64> {
        self.indexed.get(index)
    }

    /// Shares the exact value `value` of the component with index `index`; whether there was
    /// room for it.
    pub(super) fn set_value_at(&self, index: usize, value: u64) -> bool {
        self.indexed.set(index, value)
    }

    /// Records the answer and stops every thread.
    pub(super) fn answer(&self, value: u64) {
        self.answer.store(value, Ordering::Relaxed);
        self.stop.store(true, Ordering::Release);
    }

    /// Stops every thread without an answer.
    pub(super) fn stop(&self) {
        self.stop.store(true, Ordering::Release);
    }

    pub(super) fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The answer a thread found, if any.
    pub(super) fn found(&self) -> Option<u64> {
        // Pairs with the release in `answer`, which stores the value first.
        if !self.stop.load(Ordering::Acquire) {
            return None;
        }
        let value = self.answer.load(Ordering::Relaxed);
        (value != u64::MAX).then_some(value)
    }
}
