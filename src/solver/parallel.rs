//! Searching with several threads: each thread runs its own search of the same question with
//! its own table, and they share what settles the costly parts, through a table of their own.
//!
//! A question is answered on the calling thread alone until its search has expanded
//! [`ALONE`] components, or fewer when the game's split is seen to be costly: most questions
//! are small, and starting threads costs more than they would save. Then the other threads
//! start the same search, and every thread publishes what it learns about a component whose
//! search expanded at least [`PUBLISH`] components (every component, when the split is
//! costly): its exact value, or the values a test excluded. Before searching a component, a
//! thread looks it up among the published ones. This is the "lazy SMP" of chess engines; the
//! thread that reaches the answer first stops the others. Values never depend on the number
//! of threads: every answer is exact.
//!
//! The threads divide the question's own successors ([`Root`]): an exact value needs a
//! witness for each smaller value and a refutation of itself, and these, and the successors a
//! refutation tries, are independent pieces of work, which each thread claims as it starts
//! one; the first of them, which a short question is mostly made of, a second thread may
//! search too for a while. A thread testing one of those successors claims, the same way,
//! the component it searches next, and passes over those another thread is on.
//!
//! Components with an [`index`](crate::Game::index) share every exact value, whatever its
//! cost, in an array read and written without locks. An exhaustive search needs the value of
//! nearly every component below its question, and takes the successors in any order: there
//! the threads take them in different orders at every depth and value a question's components
//! between them.

use std::hash::{BuildHasher, Hash};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};

use rustc_hash::{FxBuildHasher, FxHashMap};

use super::table::{MAX_INDEX, PARTIAL, Table, UNKNOWN};

/// Components expanded by a question on the calling thread before the others join.
pub(super) const ALONE: u64 = 4096;

/// Components a search must have expanded below a component for it to be published.
pub(super) const PUBLISH: u64 = 8;

/// Shards of the published table, so that threads rarely wait for one another.
const SHARDS: usize = 64;

/// The most bytes of [`Filter`]: a filter that stays in a core's cache costs a lookup a few
/// nanoseconds.
const MOST_FILTER_BYTES: usize = 1 << 18;

/// A bit per hash of the components published (bits 32 and up of the hash choose it), read
/// without a lock before a shard is locked: most components a thread looks up were never
/// published, and a shard's lock is a cache line the other threads write. A bit is never
/// cleared, so a component published and then forgotten with its shard costs a lookup, never
/// a wrong answer; a lookup racing a publication may miss it, as it would a moment earlier.
struct Filter {
    words: Box<[AtomicU64]>,
}

impl Filter {
    /// A filter of at most `bytes` bytes (a power of two, one word at least). One whose memory
    /// cannot be had stands aside: every lookup goes on to its shard.
    fn new(bytes: usize) -> Self {
        let words = 1 << (bytes / size_of::<AtomicU64>()).max(1).ilog2();
        let mut held = Vec::new();
        if held.try_reserve_exact(words).is_ok() {
            held.resize_with(words, || AtomicU64::new(0));
        }
        Filter {
            words: held.into_boxed_slice(),
        }
    }

    /// The word and the bit of `hash`; `None` for a filter that stands aside.
    fn bit(&self, hash: u64) -> Option<(&AtomicU64, u64)> {
        let bits = self.words.len() * 64;
        let at = (hash >> 32) as usize & bits.checked_sub(1)?;
        Some((&self.words[at / 64], 1 << (at % 64)))
    }

    /// Sets the bit of `hash`; a bit already set is only read, so that its line stays shared.
    fn add(&self, hash: u64) {
        if let Some((word, bit)) = self.bit(hash)
            && word.load(Ordering::Relaxed) & bit == 0
        {
            word.fetch_or(bit, Ordering::Relaxed);
        }
    }

    /// False if no component with the hash `hash` was added.
    fn may_hold(&self, hash: u64) -> bool {
        self.bit(hash)
            .is_none_or(|(word, bit)| word.load(Ordering::Relaxed) & bit != 0)
    }
}

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
    /// The hashes of the published components.
    filter: Filter,
    indexed: IndexedValues,
    /// A shard that reaches this many components is emptied: what it forgets is searched
    /// again if needed, and values stay exact.
    shard_capacity: usize,
    /// Set when a thread has the answer: the others stop.
    stop: AtomicBool,
    /// The answer, once a thread has it.
    answer: AtomicU64,
    /// How the threads divide the question's own successors.
    pub(super) root: Root<N>,
    /// Whether every component a thread values is published, not only those that took
    /// [`PUBLISH`] expansions.
    publish_all: bool,
}

/// A successor of the question a thread is searching: `component` (the one of its components
/// searched next) for `goal`, as a witness for the value `value` of the question; `helping`
/// if the thread searches it beside the one that claimed it first (see [`Root::help`]).
struct Claim<N> {
    component: N,
    goal: u64,
    value: u64,
    thread: usize,
    helping: bool,
}

/// What the threads know of the question itself, and which of its successors each is
/// searching: the threads divide the successors of the question between them, each trying
/// those no other thread is on, and share the values they find witnesses for, and those they
/// find none for. Values are bits of a word: a question is divided while its least value
/// without a witness is at most 62.
pub(super) struct Root<N> {
    /// Values some successor of the question has.
    witnessed: AtomicU64,
    /// Values no successor of the question has.
    refuted: AtomicU64,
    claims: Mutex<Claims<N>>,
}

/// The successors the threads are searching, and how many were claimed per value.
struct Claims<N> {
    held: Vec<Claim<N>>,
    tried: [u32; 64],
    /// The component each thread is searching for a successor of a successor of the question
    /// (one at most a thread), and the thread.
    below: Vec<(N, usize)>,
}

impl<N: Clone + Eq> Claims<N> {
    /// The claims on `component` for `goal`.
    fn on<'a>(&'a self, component: &'a N, goal: u64) -> impl Iterator<Item = &'a Claim<N>> {
        self.held
            .iter()
            .filter(move |c| c.goal == goal && c.component == *component)
    }

    /// Whether a thread other than `thread` holds a claim on `component` for `goal`, not as a
    /// helper.
    fn held_by_another(&self, component: &N, goal: u64, thread: usize) -> bool {
        self.on(component, goal)
            .any(|c| c.thread != thread && !c.helping)
    }

    /// Records the claim of `thread` on `component` for `goal`, as a witness for `value`.
    fn hold(&mut self, component: &N, goal: u64, value: u64, thread: usize, helping: bool) {
        self.held.push(Claim {
            component: component.clone(),
            goal,
            value,
            thread,
            helping,
        });
    }
}

impl<N: Clone + Eq> Root<N> {
    fn new() -> Self {
        Root {
            witnessed: AtomicU64::new(0),
            refuted: AtomicU64::new(0),
            claims: Mutex::new(Claims {
                held: Vec::new(),
                tried: [0; 64],
                below: Vec::new(),
            }),
        }
    }

    /// The values (bits) some successor of the question is known to have.
    pub(super) fn witnessed(&self) -> u64 {
        self.witnessed.load(Ordering::Relaxed)
    }

    /// Records values (bits) some successor of the question has.
    pub(super) fn witness(&self, values: u64) {
        if self.witnessed.load(Ordering::Relaxed) & values != values {
            self.witnessed.fetch_or(values, Ordering::Relaxed);
        }
    }

    /// Whether no successor of the question has the value `value` (below 64).
    pub(super) fn is_refuted(&self, value: u64) -> bool {
        self.refuted.load(Ordering::Relaxed) & (1 << value) != 0
    }

    /// Records that no successor of the question has the value `value` (below 64).
    pub(super) fn refute(&self, value: u64) {
        self.refuted.fetch_or(1 << value, Ordering::Relaxed);
    }

    fn claims(&self) -> MutexGuard<'_, Claims<N>> {
        self.claims.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Claims the search of `component` for `goal`, as a witness for `value`, for `thread`;
    /// false if another thread is on it, unless `anyway`.
    pub(super) fn claim(
        &self,
        component: &N,
        goal: u64,
        value: u64,
        thread: usize,
        anyway: bool,
    ) -> bool {
        let mut claims = self.claims();
        if !anyway && claims.on(component, goal).any(|c| c.thread != thread) {
            return false;
        }
        claims.hold(component, goal, value, thread, false);
        if let Some(tried) = claims.tried.get_mut(value as usize) {
            *tried += 1;
        }
        true
    }

    /// Records that `thread` searches `component` for `goal`, as a witness for `value`, beside
    /// the thread that claimed it, if another thread holds that claim and nobody helps with
    /// it yet; whether it did. The successor is not tried again for the value, so that
    /// [`Root::ahead`] still sees the first successor tried for it, and sees it searched by
    /// the thread that claimed it only.
    pub(super) fn help(&self, component: &N, goal: u64, value: u64, thread: usize) -> bool {
        let mut claims = self.claims();
        if !claims.held_by_another(component, goal, thread)
            || claims.on(component, goal).any(|c| c.helping)
        {
            return false;
        }
        claims.hold(component, goal, value, thread, true);
        true
    }

    /// Whether a thread other than `thread` still holds its claim on `component` for `goal`
    /// (not as a helper): a helper leaves the successor once it does not.
    pub(super) fn held_by_another(&self, component: &N, goal: u64, thread: usize) -> bool {
        self.claims().held_by_another(component, goal, thread)
    }

    /// Whether a thread other than `thread` helps with a successor claimed for `value`: one
    /// helper is enough; the others look ahead.
    pub(super) fn helped(&self, value: u64, thread: usize) -> bool {
        self.claims()
            .held
            .iter()
            .any(|c| c.thread != thread && c.helping && c.value == value)
    }

    /// The value `thread` seeks a witness for, when `least` is the least value without one and
    /// `values` (bits) those with one, of a question with `moves` moves: the value above the
    /// least while [`Root::ahead`] says so (or, with `ahead`, in any case), else the least.
    pub(super) fn value_to_seek(
        &self,
        least: u64,
        values: u64,
        moves: usize,
        thread: usize,
        ahead: bool,
    ) -> u64 {
        let next = least + 1;
        if next as usize <= moves
            && values & (1 << next) == 0
            && !self.is_refuted(next)
            && (ahead || self.ahead(least, thread))
        {
            next
        } else {
            least
        }
    }

    /// Whether a thread other than `thread` is searching the first successor claimed as a
    /// witness for `value` (helpers aside, see [`Root::help`]), and none is searching one for
    /// `value + 1`: a thread that finds this is better off helping with that successor for a
    /// while, or looking for a witness for `value + 1`, as the first successor tried is most
    /// often the witness.
    pub(super) fn ahead(&self, value: u64, thread: usize) -> bool {
        let claims = self.claims();
        claims
            .tried
            .get(value as usize)
            .is_some_and(|&tried| tried <= 1)
            && claims
                .held
                .iter()
                .any(|c| c.thread != thread && c.value == value && !c.helping)
            && !claims
                .held
                .iter()
                .any(|c| c.thread != thread && c.value == value + 1)
    }

    /// Claims, for `thread`, the search of `component` for a successor of one of the
    /// question's successors, in place of what it claimed there before; false if another
    /// thread is on it. A thread that finds its next such component claimed tries the others
    /// first: once the other thread is done, what it published settles the component.
    pub(super) fn claim_below(&self, component: &N, thread: usize) -> bool {
        let mut claims = self.claims();
        claims.below.retain(|(_, by)| *by != thread);
        if claims.below.iter().any(|(held, _)| held == component) {
            return false;
        }
        claims.below.push((component.clone(), thread));
        true
    }

    /// Ends the claims of `thread`.
    pub(super) fn release(&self, thread: usize) {
        let mut claims = self.claims();
        claims.held.retain(|c| c.thread != thread);
        claims.below.retain(|(_, by)| *by != thread);
    }
}

impl<N: Clone + Eq + Hash> Shared<N> {
    /// A shared table of about `bytes` bytes; with `publish_all`, for every component a thread
    /// values (see [`Shared::publishes`]).
    ///
    /// In a game with an index (`indexed`, as the question is), components share their exact
    /// values in pages of [`IndexedValues`], at 4 bytes a value rather than the tens of bytes
    /// a published component takes, and the components published otherwise are few: the
    /// pages get seven eighths of the bytes. Otherwise the published components get them all.
    /// Either way, room for about 1,000 components and one page at least. The [`Filter`] in
    /// front of the published components takes an eighth of their bytes, at most
    /// [`MOST_FILTER_BYTES`].
    pub(super) fn new(bytes: usize, indexed: bool, publish_all: bool) -> Arc<Self> {
        let page = size_of::<AtomicU32>() << PAGE_BITS;
        let each = Table::<N>::bytes_per_position();
        let (pages, published) = if indexed {
            (bytes / 8 * 7 / page, bytes / 8)
        } else {
            (0, bytes)
        };
        let filter = (published / 8).min(MOST_FILTER_BYTES);
        let components = (published - filter) / each;
        Arc::new(Shared {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(FxHashMap::default()))
                .collect(),
            filter: Filter::new(filter),
            shard_capacity: (components / SHARDS).max(16),
            indexed: IndexedValues::new(pages.max(1)),
            stop: AtomicBool::new(false),
            answer: AtomicU64::new(u64::MAX),
            root: Root::new(),
            publish_all,
        })
    }

    /// Whether a thread publishes what it learned about a component whose search expanded
    /// `expanded` components: those that took [`PUBLISH`] or more, or every one when the
    /// game's split costs more than publishing (the question is divided between the threads,
    /// and what one values, the others search next).
    pub(super) fn publishes(&self, expanded: u64) -> bool {
        self.publish_all || expanded >= PUBLISH
    }

    /// Whether every component a thread values is published (see [`Shared::publishes`]), and
    /// so worth looking up as soon as a successor is split.
    pub(super) fn publishes_all(&self) -> bool {
        self.publish_all
    }

    /// The shard of a component with the hash `hash`.
    fn shard(&self, hash: u64) -> &Mutex<FxHashMap<N, Learned>> {
        &self.shards[hash as usize % SHARDS]
    }

    /// What a thread published about `position`.
    pub(super) fn get(&self, position: &N) -> Option<Learned> {
        let hash = FxBuildHasher.hash_one(position);
        if !self.filter.may_hold(hash) {
            return None;
        }
        let shard = self
            .shard(hash)
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        shard.get(position).copied()
    }

    /// Adds what a thread learned about `position` to what is known.
    pub(super) fn publish(&self, position: N, learned: Learned) {
        let hash = FxBuildHasher.hash_one(&position);
        // The bit before the entry: a lookup that finds no bit would have found no entry.
        self.filter.add(hash);
        let mut shard = self
            .shard(hash)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_with_an_index_gives_most_of_the_shared_bytes_to_pages_of_values() {
        let page = 4 << PAGE_BITS;
        let each = Table::<u64>::bytes_per_position();
        let indexed = Shared::<u64>::new(64 * page, true, false);
        assert_eq!(indexed.indexed.spare.load(Ordering::Relaxed), 56);
        // The filter takes an eighth of the published components' bytes, at most its own
        // largest size.
        assert_eq!(indexed.filter.words.len() * 8, page);
        assert_eq!(indexed.shard_capacity, 7 * page / each / SHARDS);
        let plain = Shared::<u64>::new(64 * page, false, false);
        assert_eq!(plain.indexed.spare.load(Ordering::Relaxed), 1);
        assert_eq!(plain.filter.words.len() * 8, MOST_FILTER_BYTES);
        assert_eq!(
            plain.shard_capacity,
            (64 * page - MOST_FILTER_BYTES) / each / SHARDS
        );
        // The 57th page finds no room: its values are not shared.
        for p in 0..57 {
            assert_eq!(indexed.indexed.set(p << PAGE_BITS, 3), p < 56);
        }
        assert_eq!(indexed.indexed.get(55 << PAGE_BITS), Some(3));
        assert_eq!(indexed.indexed.get(56 << PAGE_BITS), None);
    }

    #[test]
    fn a_published_component_passes_the_filter_and_is_found() {
        let shared = Shared::<u64>::new(1 << 16, false, true);
        // 2^16 bytes: a filter of an eighth, 2^13 bytes.
        assert_eq!(shared.filter.words.len(), 1 << 10);
        let hash = FxBuildHasher.hash_one(7u64);
        assert!(!shared.filter.may_hold(hash));
        assert!(shared.get(&7).is_none());
        let learned = Learned {
            state: 3,
            excluded: 0,
        };
        shared.publish(7, learned);
        assert!(shared.filter.may_hold(hash));
        assert_eq!(shared.get(&7).map(|l| l.state), Some(3));
        // Another bit of the filter is still clear: its hashes are not looked up.
        let other = hash ^ 1 << 32;
        assert!(!shared.filter.may_hold(other));
    }

    #[test]
    fn a_filter_is_a_power_of_two_words_and_one_at_least() {
        assert_eq!(Filter::new(0).words.len(), 1);
        assert_eq!(Filter::new(100).words.len(), 8);
        assert_eq!(Filter::new(1 << 12).words.len(), 1 << 9);
    }

    #[test]
    fn a_filter_without_memory_lets_every_lookup_through() {
        let filter = Filter {
            words: Box::new([]),
        };
        filter.add(7);
        assert!(filter.may_hold(7));
        assert!(filter.may_hold(8 << 32));
    }

    #[test]
    fn a_thread_holds_one_claim_below_the_question_until_its_next_or_its_release() {
        let root = Root::new();
        assert!(root.claim_below(&7u32, 0));
        assert!(!root.claim_below(&7, 1), "thread 0 is on it");
        assert!(root.claim_below(&8, 1));
        // Thread 0 moves on to another component: the first is free again.
        assert!(root.claim_below(&9, 0));
        assert!(root.claim_below(&7, 1));
        assert!(!root.claim_below(&9, 1));
        root.release(0);
        assert!(root.claim_below(&9, 1));
    }

    #[test]
    fn a_successor_claimed_by_one_thread_is_passed_over_by_the_others_until_released() {
        let root = Root::new();
        assert!(root.claim(&7u32, 0, 0, 0, false));
        // The same thread may claim it again; another may not, unless it joins it anyway.
        assert!(root.claim(&7, 0, 0, 0, false));
        assert!(!root.claim(&7, 0, 0, 1, false));
        assert!(root.claim(&7, 0, 0, 1, true));
        // Another goal for the same component is another search.
        assert!(root.claim(&7, 1, 1, 2, false));
        root.release(0);
        root.release(1);
        assert!(root.claim(&7, 0, 0, 2, false));
    }

    #[test]
    fn a_thread_looks_ahead_only_while_another_is_on_the_first_successor_of_the_least_value() {
        let root = Root::new();
        // Nobody is on 0: seek 0.
        assert_eq!(root.value_to_seek(0, 0, 10, 1, false), 0);
        // Thread 0 tries the first successor for 0: thread 1 looks for a witness of 1.
        assert!(root.claim(&1u32, 0, 0, 0, false));
        assert_eq!(root.value_to_seek(0, 0, 10, 1, false), 1);
        // Not past the number of moves, nor to a value with a witness or refuted.
        assert_eq!(root.value_to_seek(0, 0, 0, 1, false), 0);
        assert_eq!(root.value_to_seek(0, 0b10, 10, 1, false), 0);
        root.refute(1);
        assert_eq!(root.value_to_seek(0, 0, 10, 1, false), 0);
        let root = Root::new();
        assert!(root.claim(&1u32, 0, 0, 0, false));
        // Another thread already on 1: stay on 0.
        assert!(root.claim(&2u32, 1, 1, 2, false));
        assert_eq!(root.value_to_seek(0, 0, 10, 1, false), 0);
        root.release(2);
        assert_eq!(root.value_to_seek(0, 0, 10, 1, false), 1);
        // A second successor tried for 0 makes it look like a refutation: back to 0.
        root.release(0);
        assert!(root.claim(&3u32, 0, 0, 0, false));
        assert_eq!(root.value_to_seek(0, 0, 10, 1, false), 0);
    }

    #[test]
    fn a_thread_helping_with_a_successor_counts_neither_as_a_try_nor_as_its_holder() {
        let root = Root::new();
        // Nobody holds it: nothing to help with.
        assert!(!root.help(&1u32, 0, 0, 1));
        assert!(root.claim(&1u32, 0, 0, 0, false));
        assert!(!root.helped(0, 2));
        assert!(root.help(&1, 0, 0, 1));
        // One helper is enough.
        assert!(!root.help(&1, 0, 0, 2));
        assert!(root.helped(0, 2));
        assert!(!root.helped(0, 1));
        // Thread 0 still holds the only successor tried for 0 (a third thread would look
        // ahead), and thread 1, helping, is not what thread 0 sees there.
        assert!(root.ahead(0, 2));
        assert!(!root.ahead(0, 0));
        assert!(!root.claim(&1, 0, 0, 2, false));
        assert!(root.held_by_another(&1, 0, 1));
        // Once thread 0 moves on, only the helper is left on it: nobody to look ahead of, and
        // the helper leaves it.
        root.release(0);
        assert!(!root.ahead(0, 2));
        assert!(!root.held_by_another(&1, 0, 1));
        // Looking ahead on demand, within the same bounds as always.
        assert_eq!(root.value_to_seek(0, 0, 10, 1, true), 1);
        assert_eq!(root.value_to_seek(0, 0, 0, 1, true), 0);
        assert_eq!(root.value_to_seek(0, 0b10, 10, 1, true), 0);
    }

    #[test]
    fn witnesses_and_refutations_are_shared() {
        let root = Root::<u32>::new();
        assert_eq!(root.witnessed(), 0);
        root.witness(0b101);
        root.witness(0b010);
        assert_eq!(root.witnessed(), 0b111);
        assert!(!root.is_refuted(3));
        root.refute(3);
        assert!(root.is_refuted(3));
        assert!(!root.is_refuted(4));
    }
}
