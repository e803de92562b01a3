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

use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use rustc_hash::{FxBuildHasher, FxHashMap};

use super::table::{PARTIAL, UNKNOWN};

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

/// What the threads searching one question share.
pub(super) struct Shared<N> {
    shards: Box<[Mutex<FxHashMap<N, Learned>>]>,
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
