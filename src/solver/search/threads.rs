//! Searching one question with several threads: see [`parallel`](crate::solver::parallel).

use std::hash::Hash;
use std::sync::Arc;
use std::time::Duration;

use super::{ALONE, EXACT, Engine, Run, Shared, answers};
use crate::solver::rules::{GameRules, Rules};
use crate::solver::table::PARTIAL;
use crate::{Error, Game};

/// A game whose split takes at least this long on average has the other threads join a
/// search as soon as that is known, and publish every component they value: the split is
/// most of the search's time, and publishing costs less.
const COSTLY: Duration = Duration::from_nanos(300);

/// A search alone looks this often (in components expanded) whether the split is costly: a
/// short question (user-written Cram 5 x 5, about 3,000 expansions) gains from threads that
/// join early, and the split's cost is known after a few dozen splits.
const JOIN_CHECK: u64 = 64;

/// In a game whose split is not costly, the calling thread of a search with other threads
/// goes on alone, with the whole memory budget, once its table has been compacted once every
/// this many expansions or more often (and at least [`CROWDED_AFTER`] times) over its last
/// [`CROWDED_CHECKS`] checks.
///
/// Each thread searches with a table of its own, so the others take part of the budget from
/// the calling thread; when its share holds too little of the search, what it forgets and
/// searches again costs more than the others save, and the others, with smaller shares,
/// forget more. Measured on two threads: `games::Cram` 7 x 5, a compaction every 23,000
/// and 8,000 of the calling thread's expansions (16 and 8 MB), two threads were faster than
/// one; every 3,200 or fewer (4 MB and less), slower than one thread with the whole budget.
/// When the split is costly, the threads publish every component they value, and what one
/// finds reaches the others whatever their tables hold: there two threads were faster than
/// one at every budget tried (user-written Cram 7 x 4, 400 KB to 3 MB).
const CROWDED: u64 = 4096;

/// Compactions of the calling thread's table, within the window below, before it may go on
/// alone for want of memory.
const CROWDED_AFTER: u64 = 4;

/// The rate of compactions is taken over the last this many checks of the calling thread,
/// every [`ALONE`] expansions: a search's first compaction comes only once its table has
/// filled, and the rate since the others joined would take that time in.
const CROWDED_CHECKS: usize = 8;

/// Whether a table compacted `compactions` times in `expansions` is [`CROWDED`].
fn too_crowded(expansions: u64, compactions: u64) -> bool {
    compactions >= CROWDED_AFTER && compactions.saturating_mul(CROWDED) >= expansions
}

/// The largest request, in bytes, that glibc's per-thread cache of freed blocks keeps, and
/// how many blocks of each size it keeps.
const CACHED_BYTES: usize = 1032;
const CACHED_PER_SIZE: usize = 7;

/// Takes, and holds until dropped, as many blocks of each size as a thread's cache of freed
/// blocks may keep: about 230 KB, at the start of a helper thread.
///
/// A spawned thread frees blocks that the spawning thread allocated for it (the closure it
/// runs), and glibc's allocator keeps them in the new thread's cache, to hand out for its
/// next allocations of their sizes. `realloc` grows a block in the arena the block came
/// from, so a vector grown from one of them, and every block after it, is the main thread's
/// arena's: the helper allocated there, under the lock the main thread takes too, and two
/// searches side by side in one process took far longer than one alone (BENCHMARKS.md has the
/// figures). Holding the blocks, a helper's allocations are its own arena's. With another
/// allocator on a glibc system, this only holds the memory; on other systems it holds nothing.
fn hold_cached_blocks() -> Vec<Vec<u8>> {
    if !cfg!(all(target_os = "linux", target_env = "gnu")) {
        return Vec::new();
    }
    let sizes = (1..)
        .map(|k| 16 * k - 8)
        .take_while(|&bytes| bytes <= CACHED_BYTES);
    let mut held = Vec::new();
    for bytes in sizes {
        for _ in 0..CACHED_PER_SIZE {
            let mut block = Vec::new();
            // A block that cannot be had is not held: this only spares the allocator.
            if block.try_reserve_exact(bytes).is_ok() && held.try_reserve(1).is_ok() {
                held.push(block);
            }
        }
    }
    held
}

impl<N: Clone + Eq + Hash> Engine<N> {
    /// The state of the component `position` once its question with goal `goal` is answered
    /// (see [`Engine::question`]), searched by this thread and `helpers` if its search is
    /// long: see [`parallel`](crate::solver::parallel).
    ///
    /// With a memory budget of `budget` bytes in all, divided between the threads, in a game
    /// whose split is not costly: if this thread's table turns out to hold too little of the
    /// search ([`too_crowded`]), the helpers leave and are dropped, `*crowded` is set, and this
    /// thread goes on alone with the whole budget.
    ///
    /// # Errors
    ///
    /// As [`Engine::value_of`]. Errors of the helpers only stop them.
    // One argument more than clippy's limit: the question, and what the solver keeps for it.
    #[allow(clippy::too_many_arguments)]
    pub(in crate::solver) fn value_with_helpers<R>(
        &mut self,
        rules: &mut R,
        position: N,
        goal: u64,
        helpers: &mut Vec<Engine<N>>,
        budget: Option<usize>,
        crowded: &mut bool,
    ) -> Result<u64, Error>
    where
        R: Rules<N>,
        N: Game,
    {
        let (id, state) = self.intern_question::<R>(position)?;
        if answers(state, goal) {
            return Ok(state);
        }
        self.busy = true;
        let (expanded, exact) = (self.expansions, self.exact_expansions);
        let alone_until = self.expansions + ALONE;
        let mut result = self
            .expand_question(rules, id, goal)
            .and_then(|()| self.run(rules, self.expansions + JOIN_CHECK));
        // Splitting for this thread costs the others little to start, so they join as soon
        // as the split is seen to be costly; searching on their own, only after `ALONE`.
        while result == Ok(Run::Paused)
            && self.expansions < alone_until
            && self.split_cache.split_cost() < COSTLY
        {
            result = self.run(rules, (self.expansions + JOIN_CHECK).min(alone_until));
        }
        let costly = self.split_cache.split_cost() >= COSTLY;
        if result == Ok(Run::Paused) && self.searches_alone::<R>(expanded, exact) {
            result = self.run(rules, u64::MAX);
        } else if result == Ok(Run::Paused) {
            let indexed = R::index(self.table.position(self.frames[0].id)).is_some();
            let shared = Shared::new(self.published, indexed, costly);
            self.claim_root_task(&shared);
            self.shared = Some(Arc::clone(&shared));
            let threads = helpers.len() + 1;
            // The root's id may have changed: a compaction renumbers the table.
            let root = self.frames[0].id;
            let position = self.table.position(root).clone();
            let mut alone = false;
            result = std::thread::scope(|scope| {
                for (k, helper) in helpers.iter_mut().enumerate() {
                    let (shared, position) = (Arc::clone(&shared), position.clone());
                    scope.spawn(move || {
                        let _held = hold_cached_blocks();
                        helper.help(shared, position, goal, (k + 1, threads));
                    });
                }
                let mut result = Ok(Run::Paused);
                // The expansions and compactions at the last checks, oldest first in turn.
                let mut past = [(self.expansions, self.compactions); CROWDED_CHECKS];
                let mut oldest = 0;
                while result == Ok(Run::Paused) {
                    let (expanded, exact) = (self.expansions, self.exact_expansions);
                    result = self.run(rules, self.expansions + ALONE);
                    if result == Ok(Run::Paused) && self.searches_alone::<R>(expanded, exact) {
                        // The others leave, and this thread neither publishes nor looks up.
                        self.leave_shared();
                        shared.stop();
                        result = self.run(rules, u64::MAX);
                    } else if result == Ok(Run::Paused) && budget.is_some() && !costly {
                        let (then_expanded, then_compacted) = past[oldest];
                        past[oldest] = (self.expansions, self.compactions);
                        oldest = (oldest + 1) % CROWDED_CHECKS;
                        alone = too_crowded(
                            self.expansions - then_expanded,
                            self.compactions - then_compacted,
                        );
                        if alone {
                            // Set before this thread goes on, so that a panic in the game's
                            // code leaves the solver answering alone.
                            *crowded = true;
                            // The others leave, and give their memory back below.
                            break;
                        }
                    }
                }
                shared.stop();
                result
            });
            self.leave_shared();
            if alone {
                // Their memory back at once; the solver makes new ones only once the budget is
                // divided again.
                helpers.clear();
                if let Some(bytes) = budget {
                    self.set_memory(bytes);
                }
                if shared.found().is_none() {
                    result = self.run(rules, u64::MAX);
                } else {
                    result = Ok(Run::Stopped);
                }
            }
            if result == Ok(Run::Stopped) {
                if let Some(value) = shared.found() {
                    // Another thread answered first.
                    let root = self.frames[0].id;
                    self.abandon();
                    self.table.set_state(root, value);
                    // The question's work, as its search would have recorded it.
                    self.table
                        .aux_mut(root)
                        .record_work(self.expansions - expanded + 1);
                    self.last_value = value;
                    result = Ok(Run::Finished);
                } else {
                    result = self.run(rules, u64::MAX);
                }
            }
        }
        self.busy = false;
        self.settle(result, goal)
    }

    /// Whether a search that has expanded `expanded` components and `exact` of them for their
    /// exact value by now is better left to this thread, in a game without an index to share
    /// every value cheaply:
    ///
    /// - most of what it expanded since was valued exactly, which a search of the same
    ///   question by another thread repeats in nearly the same order (a heap game; a game
    ///   whose tests seldom settle), so that the other threads would only take memory;
    /// - or its positions own memory on the heap (`needs_drop`) and its split is cheap, so
    ///   that every successor is an allocation and little else: once a process has a second
    ///   thread, glibc's allocator takes a lock for every block its per-thread cache does not
    ///   hold, for the rest of the process, and that costs such a game more than other
    ///   threads searching beside it save it (Chomp written on a vector of rows: figures in
    ///   BENCHMARKS.md). A costly split is most of the work, and worth dividing.
    fn searches_alone<R: Rules<N>>(&self, expanded: u64, exact: u64) -> bool {
        let allocates = std::mem::needs_drop::<N>() && self.split_cache.split_cost() < COSTLY;
        (2 * (self.exact_expansions - exact) > self.expansions - expanded || allocates)
            && R::index(self.table.position(self.frames[0].id)).is_none()
    }

    /// A helper thread's part in a search of `position` by several threads, for a question
    /// with goal `goal`: the same search, as thread `rotation.0` of `rotation.1` (see
    /// [`Engine`]'s `rotation`), until a thread answers. The table keeps what it learned;
    /// errors and panics only end the help.
    pub(super) fn help(
        &mut self,
        shared: Arc<Shared<N>>,
        position: N,
        goal: u64,
        rotation: (usize, usize),
    ) where
        N: Game,
    {
        self.begin();
        self.shared = Some(shared);
        self.rotation = rotation;
        // A panic in the game's code ends this thread's help; `begin` clears what it left.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let Ok((id, state)) = self.table.intern::<GameRules>(position) else {
                return;
            };
            if answers(state, goal) {
                return;
            }
            self.busy = true;
            let _ = self
                .expand_question(&mut GameRules, id, goal)
                .and_then(|()| self.run(&mut GameRules, u64::MAX));
            self.busy = false;
            // Stopped by another thread or not, nothing of this question may stay on the
            // stack: the next question would finish it, and take its value for an answer.
            self.abandon();
        }));
        if let Some(shared) = self.shared.take() {
            shared.root.release(rotation.0);
        }
        self.rotation = (0, 1);
    }

    /// Takes what other threads published about the components of a successor not valued,
    /// `comps[start..]`, as it is split: those they valued are valued, and leave `comps`;
    /// returns the nim-sum of their values. With a costly split, the search of a component
    /// may then be settled by what another thread found below it, before it is searched.
    pub(super) fn learn_components<R: Rules<N>>(&mut self, start: usize) -> u64 {
        let mut partial = 0;
        let mut at = start;
        while at < self.comps.len() {
            let id = self.comps[at];
            if self.learn::<R>(id, EXACT) {
                partial ^= self.table.state(id);
                self.comps.remove(at);
            } else {
                at += 1;
            }
        }
        partial
    }

    /// Takes what other threads published about component `id`; whether that settles the
    /// search with `goal` about to start: the component is now valued, or, for a test, none of
    /// the values in `request` remains possible.
    pub(super) fn learn<R: Rules<N>>(&mut self, id: u32, goal: u64) -> bool {
        let Some(shared) = &self.shared else {
            return false;
        };
        if let Some(value) = R::index(self.table.position(id)).and_then(|i| shared.value_at(i)) {
            self.table.set_state(id, value);
            return true;
        }
        let Some(learned) = shared.get(self.table.position(id)) else {
            return false;
        };
        self.table.aux_mut(id).excluded |= learned.excluded;
        let state = self.table.state(id);
        if learned.state < PARTIAL || learned.state > state {
            self.table.set_state(id, learned.state);
        }
        if learned.state < PARTIAL {
            return true;
        }
        let lower = learned.state.max(state) & !PARTIAL;
        let excluded = u64::from(self.table.aux(id).excluded);
        goal != EXACT
            && (goal < lower
                || self
                    .request
                    .iter()
                    .enumerate()
                    .all(|(word, &values)| values == 0 || (word == 0 && values & !excluded == 0)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    fn the_held_blocks_cover_every_size_the_cache_keeps() {
        let held = hold_cached_blocks();
        // glibc's bins are 16 bytes apart: every request up to the largest cached has a held
        // block of its bin, as many as a bin keeps.
        for bytes in 1..=CACHED_BYTES {
            let fit = held
                .iter()
                .filter(|block| (bytes..bytes + 16).contains(&block.capacity()))
                .count();
            assert!(fit >= CACHED_PER_SIZE, "{bytes} bytes: {fit} blocks");
        }
    }
}
