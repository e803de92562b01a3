//! Expanding a component: listing its successors, splitting them into components, and
//! ordering them for the search.

use std::hash::Hash;

use super::root::Help;
use super::{
    ComponentIds, DIRECT_MARKS, EXACT, Engine, Frame, Kind, MAX_TESTS, MIN_SPLIT_CACHE, SplitCache,
    Table, WIDE, WINDOW, bits, grow, grow_to, search_memory, split_bytes_per_position,
};
use crate::Error;
use crate::solver::rules::Rules;
use crate::solver::table::PARTIAL;

/// How many successors `cache` may hold beside `table`: [`split_bytes_per_position`] bytes of
/// them per stored position, or [`MIN_SPLIT_CACHE`], within the room the memory budget leaves
/// it.
pub(super) fn split_cache_capacity<N: Clone + Eq + Hash>(
    cache: &SplitCache<N>,
    table: &Table<N>,
) -> usize {
    (table.len().saturating_mul(split_bytes_per_position::<N>())
        / SplitCache::<N>::bytes_per_successor())
    .max(MIN_SPLIT_CACHE)
    .min(cache.room())
}

/// Where an open successor goes in the order of its frame: the fields compare in turn, and
/// the least key goes first (see [`Engine::order`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct OrderKey {
    /// How many successors of the frame are of the successor's kind, at the question and its
    /// successors (see [`count_kinds`]); 0 deeper.
    kinds: u64,
    /// Whether no test has excluded a value of the successor's hardest component yet.
    untried: bool,
    /// The sum of the squared move counts of its components not yet valued.
    difficulty: u64,
    /// The id of its hardest component: the one met first goes first.
    hardest: u32,
    /// The successor's index, for a total order.
    successor: usize,
}

/// Sets [`OrderKey::kinds`] of each key to the number of keys whose successor is of the same
/// kind by `kind` (here: the nim-sum of its valued components and the ids of the others), so
/// that the successors of the question and of its successors are tried fewest of a kind
/// first. Reorders `keys`.
///
/// Successors of a kind are the moves a symmetry of the position maps onto each other, when
/// the game's split puts components in a canonical form: a move the symmetries fix is alone
/// of its kind, and leaves a position as symmetric as the one it came from. A position that
/// is symmetric is often worth 0 (in a sum of two equal games, the second player copies every
/// move), so such a move is the likeliest witness for 0, the first value the question looks
/// for, and the likeliest refutation of a successor asked whether it is worth 0: on Cram the
/// search for who wins splits several times fewer successors than in order of difficulty
/// alone (see BENCHMARKS.md). Deeper, the difficulty's order alone splits less. Where every
/// successor is of its own kind, the order is the difficulty's.
///
/// # Complexity
///
/// O(s log s) comparisons of kinds for s keys.
fn count_kinds<K: Ord>(keys: &mut [OrderKey], kind: impl Fn(usize) -> K) {
    keys.sort_unstable_by_key(|key| kind(key.successor));
    for same in keys.chunk_by_mut(|a, b| kind(a.successor) == kind(b.successor)) {
        let count = same.len() as u64;
        for key in same {
            key.kinds = count;
        }
    }
}

/// Drops pairs of equal components from `comps[start..]`, the components of one successor
/// not yet valued: in a finite game a sum of two equal games is worth 0 (the second player
/// copies every move), so neither needs a search.
#[inline]
fn cancel_pairs(comps: &mut Vec<u32>, start: usize) {
    if comps.len() - start >= 2 {
        cancel_pairs_of_many(comps, start);
    }
}

/// [`cancel_pairs`] for two components or more.
fn cancel_pairs_of_many(comps: &mut Vec<u32>, start: usize) {
    comps[start..].sort_unstable();
    let mut kept = start;
    let mut at = start;
    while at < comps.len() {
        if at + 1 < comps.len() && comps[at] == comps[at + 1] {
            at += 2;
        } else {
            comps[kept] = comps[at];
            kept += 1;
            at += 1;
        }
    }
    comps.truncate(kept);
}

impl<N: Clone + Eq + Hash> Engine<N> {
    /// Interns the components of a successor of a component at stack depth `depth`: returns the
    /// nim-sum of those already valued, and the start in `comps` of the others, which it
    /// appends. A successor stored whole is not split, while `whole` finds that pays.
    pub(super) fn split_successor<R: Rules<N>>(
        &mut self,
        successor: N,
        depth: usize,
    ) -> Result<(u64, usize), Error> {
        // A game with an index finds its positions by the index, not by a probe.
        if R::index(&successor).is_none() && self.whole.trying() {
            return self.split_unless_stored::<R>(successor, depth);
        }
        Self::split_components::<R>(&mut self.table, &mut self.comps, successor, depth)
    }

    /// [`Engine::split_successor`] for a successor looked up whole first. Kept out of line, as
    /// [`Engine::split_through_cache`] is.
    #[inline(never)]
    fn split_unless_stored<R: Rules<N>>(
        &mut self,
        successor: N,
        depth: usize,
    ) -> Result<(u64, usize), Error> {
        let found = self.table.find_hashed(&successor);
        self.whole.record(found.is_some());
        let Some((id, state)) = found else {
            return Self::split_components::<R>(&mut self.table, &mut self.comps, successor, depth);
        };
        let (start, mut partial) = (self.comps.len(), 0);
        Self::fold_component(&self.table, &mut self.comps, id, state, depth, &mut partial)?;
        Ok((partial, start))
    }

    /// [`Engine::split_successor`] by the game's split.
    #[inline]
    fn split_components<R: Rules<N>>(
        table: &mut Table<N>,
        comps: &mut Vec<u32>,
        successor: N,
        depth: usize,
    ) -> Result<(u64, usize), Error> {
        let start = comps.len();
        let mut partial = 0;
        R::for_each_component(successor, |c| {
            let (id, state) = table.intern::<R>(c)?;
            Self::fold_component(table, comps, id, state, depth, &mut partial)
        })?;
        cancel_pairs(comps, start);
        Ok((partial, start))
    }

    /// [`Engine::split_successor`] through the cache of split successors. Kept out of line, so
    /// that the path without the cache stays small enough to inline the game's split.
    #[inline(never)]
    fn split_through_cache<R: Rules<N>>(
        &mut self,
        next: N,
        depth: usize,
    ) -> Result<(u64, usize), Error> {
        let ids = Self::cached_split::<R>(&mut self.split_cache, &mut self.table, next)?;
        Self::fold_components(&self.table, &mut self.comps, &ids, depth)
    }

    /// The component ids of `successor`, from the cache or split and cached.
    pub(super) fn cached_split<R: Rules<N>>(
        cache: &mut SplitCache<N>,
        table: &mut Table<N>,
        successor: N,
    ) -> Result<ComponentIds, Error> {
        let capacity = split_cache_capacity(cache, table);
        cache.get_or_split(successor, capacity, |successor, ids| {
            Self::intern_components::<R>(table, successor, ids)
        })
    }

    /// Appends the ids of the components of `successor` to `ids`, interning new ones.
    pub(super) fn intern_components<R: Rules<N>>(
        table: &mut Table<N>,
        successor: N,
        ids: &mut ComponentIds,
    ) -> Result<(), Error> {
        R::for_each_component(successor, |c| {
            ids.push(table.intern::<R>(c)?.0);
            Ok(())
        })
    }

    /// The nim-sum of the components of `ids` already valued, and the start in `comps` of the
    /// others, which it appends; a component on the stack at depth `depth` or above is a cycle.
    pub(super) fn fold_components(
        table: &Table<N>,
        comps: &mut Vec<u32>,
        ids: &[u32],
        depth: usize,
    ) -> Result<(u64, usize), Error> {
        let start = comps.len();
        let mut partial = 0;
        for &id in ids {
            Self::fold_component(table, comps, id, table.state(id), depth, &mut partial)?;
        }
        cancel_pairs(comps, start);
        Ok((partial, start))
    }

    /// Adds component `id`, in state `state`, to `partial` if it is valued, else to `comps`.
    #[inline]
    pub(super) fn fold_component(
        table: &Table<N>,
        comps: &mut Vec<u32>,
        id: u32,
        state: u64,
        depth: usize,
        partial: &mut u64,
    ) -> Result<(), Error> {
        if state < PARTIAL {
            *partial ^= state;
            return Ok(());
        }
        if table.aux(id).on_stack() {
            let entered = table.depth_of(id);
            return Err(Error::Cycle {
                length: depth + 1 - entered,
                depth: entered,
            });
        }
        grow(comps, id)
    }

    /// Generates the successors of component `id` and pushes a frame with `goal` for it, unless
    /// the number of successors answers a test: none of the values in `request` can be the value.
    ///
    /// A component tested [`MAX_TESTS`] times before is valued exactly instead: a test that did
    /// not settle its value showed only a bound, and testing again and again with growing
    /// targets could cost a factor of the value. So is one known to have more than [`WIDE`]
    /// moves.
    pub(super) fn expand<R: Rules<N>>(
        &mut self,
        rules: &mut R,
        id: u32,
        goal: u64,
    ) -> Result<(), Error> {
        self.expansions += 1;
        if R::exhaustive(self.table.position(id)) {
            return self.expand_eagerly(rules, id, EXACT, Kind::Mex, None);
        }
        let repeat = self.tests_repeat();
        let aux = self.table.aux_mut(id);
        let wide = aux.moves().is_some_and(|moves| moves > WIDE);
        let exact = goal == EXACT || wide || aux.tests >= MAX_TESTS || repeat;
        if !exact {
            if aux.tests == 0 {
                self.first_tests += 1;
            } else {
                self.repeated_tests += 1;
            }
        }
        aux.tests = aux.tests.saturating_add(1);
        if exact {
            self.exact_expansions += 1;
            return self.expand_eagerly(rules, id, EXACT, Kind::Exact, None);
        }
        let raw_first = self.raw.len();
        let position = &self.table.position(id);
        let raw = &mut self.raw;
        let mut count = 0;
        rules.for_each_successor(position, |next| {
            if count < WINDOW {
                grow(raw, Some(next))?;
            }
            count += 1;
            Ok(())
        })?;
        self.table.aux_mut(id).set_moves(count);
        if bits::smallest(&self.request).is_none_or(|least| least > count as u64) {
            // The value is at most the number of successors.
            self.raw.truncate(raw_first);
            return Ok(());
        }
        if count <= WINDOW {
            // Every successor is at hand: split them all, so that one already valued settles
            // the test at once, and try the others in order of difficulty.
            return self.expand_eagerly(rules, id, goal, Kind::Set, Some(raw_first));
        }
        let words = self.known.len() + count / 64 + 1;
        grow_to(&mut self.known, words, 0)?;
        // Room first, so that no error leaves the position marked as on the stack.
        if self.frames.try_reserve(1).is_err() {
            return Err(search_memory::<Frame>(self.frames.len() + 1));
        }
        self.table.enter(id)?;
        grow(
            &mut self.frames,
            Frame {
                id,
                kind: Kind::Lazy,
                goal,
                set_first: 0,
                approx: false,
                sought: self.table.state(id) & !PARTIAL,
                raw_first,
                raw_next: raw_first,
                raw_end: self.raw.len(),
                generated: self.raw.len() - raw_first,
                succ_first: self.succ_partial.len(),
                succ_count: count,
                comps_first: self.comps.len(),
                open_first: self.open.len(),
                open_len: 0,
                known_first: self.known.len() - (count / 64 + 1),
                cursor: 0,
                awaiting: false,
                started: self.expansions,
            },
        )?;
        Ok(())
    }

    /// Pushes a frame for component `id` with every successor split at once: the successors
    /// the game lists, or, with `listed`, those a test listed into `raw` from that index on.
    ///
    /// A frame that wants the exact value must look at every successor (to see that none has
    /// the value), so splitting lazily would save nothing; splitting while the successors are
    /// generated spares storing them. A test of a component with few moves splits them all
    /// too: a successor already valued may settle it at once, and the others can be ordered.
    pub(super) fn expand_eagerly<R: Rules<N>>(
        &mut self,
        rules: &mut R,
        id: u32,
        goal: u64,
        kind: Kind,
        listed: Option<usize>,
    ) -> Result<(), Error> {
        let depth = self.frames.len();
        // Room first, so that no error leaves the position marked as on the stack.
        if self.frames.try_reserve(1).is_err() {
            return Err(search_memory::<Frame>(depth + 1));
        }
        self.table.enter(id)?;
        let (succ_first, comps_first, open_first) =
            (self.succ_partial.len(), self.comps.len(), self.open.len());
        let known_first = self.known.len();
        self.known_values.clear();
        let mut count = 0;
        let mut settled = false;
        let generated = if let Some(first) = listed {
            self.split_listed::<R>(first, depth, known_first)
                .map(|(split, cut)| (count, settled) = (split, cut))
        } else if kind == Kind::Mex {
            self.split_for_mex(rules, id, depth, known_first)
                .map(|split| count = split)
        } else {
            // A copy, because interning the successors may move the table's storage.
            let position = self.table.position(id).clone();
            rules.for_each_successor(&position, |next| {
                count += 1;
                self.add_successor::<R>(next, depth, known_first).map(drop)
            })
        };
        if settled {
            self.unwind_expansion(id, succ_first, comps_first, open_first, known_first);
            // No requested value is a candidate, and the value is always one.
            self.table.aux_mut(id).excluded |= self.request.first().copied().unwrap_or(0) as u32;
            return Ok(());
        }
        let words = count / 64 + 1;
        let ordered = generated
            .and_then(|()| {
                if kind == Kind::Set {
                    // Room for the candidates and the requested values, nothing above.
                    self.known.truncate(known_first + words);
                    grow_to(&mut self.known, known_first + 2 * words, 0)
                } else {
                    grow_to(&mut self.known, known_first + words, 0)
                }
            })
            .and_then(|()| {
                // A mex values every successor anyway, in any order: a helper takes them in
                // an order of its own at every depth, so that the threads value different
                // components and share their values (see `parallel`).
                if kind == Kind::Mex {
                    let (thread, threads) = self.rotation;
                    if threads > 1 {
                        let open = &mut self.open[open_first..];
                        open.rotate_left(open.len() * thread / threads);
                    }
                    Ok(())
                } else {
                    self.order(rules, open_first)
                }
            });
        if let Err(e) = ordered {
            self.unwind_expansion(id, succ_first, comps_first, open_first, known_first);
            return Err(e);
        }
        self.table.aux_mut(id).set_moves(count);
        for &v in &self.known_values {
            if v <= count as u64 {
                self.known[known_first + (v / 64) as usize] |= 1 << (v % 64);
            }
        }
        if kind == Kind::Set {
            self.set_candidates(known_first, count, self.open.len() - open_first);
        }
        let raw = self.raw.len();
        grow(
            &mut self.frames,
            Frame {
                id,
                kind,
                goal,
                set_first: known_first + words,
                approx: false,
                sought: self.table.state(id) & !PARTIAL,
                raw_first: raw,
                raw_next: raw,
                raw_end: raw,
                // Every successor is split already: nothing to list again.
                generated: count,
                succ_first,
                succ_count: count,
                comps_first,
                open_first,
                open_len: self.open.len() - open_first,
                known_first,
                cursor: 0,
                awaiting: false,
                started: self.expansions,
            },
        )?;
        Ok(())
    }

    /// Splits every successor of component `id`, for a mex at stack depth `depth`; returns
    /// how many there are.
    ///
    /// A mex meets each component once, in a search that reaches nearly every one: a cached
    /// split saves less than its lookup costs (Chomp 10 x 10: half the time). The successors'
    /// components come from [`Game::split_successors`](crate::Game::split_successors) if the
    /// game gives them.
    // Out of line, so that the loop's place in memory does not move with the code around it:
    // inlined into `expand`, the same 219.7 M instructions of every sheet up to 200 x 200 of
    // `GridCutting` took 17.0 ms or 15.0 ms as unrelated code changed.
    #[inline(never)]
    fn split_for_mex<R: Rules<N>>(
        &mut self,
        rules: &mut R,
        id: u32,
        depth: usize,
        known_first: usize,
    ) -> Result<usize, Error> {
        // A copy, because interning the successors may move the table's storage.
        let position = self.table.position(id).clone();
        let mut count = 0;
        let Some(successors) = R::split_successors(&position) else {
            return rules
                .for_each_successor(&position, |next| {
                    count += 1;
                    let (partial, start) = self.split_successor::<R>(next, depth)?;
                    self.record(partial, start, known_first).map(drop)
                })
                .map(|()| count);
        };
        // Values below 64 of successors valued at once are gathered in a word and marked
        // together at the end: marking each in `known` makes every successor wait for the
        // previous one's write to the same word.
        let mut low = 0u64;
        for parts in successors {
            count += 1;
            let start = self.comps.len();
            let mut partial = 0;
            for c in parts {
                let (id, value) = self.table.intern::<R>(c)?;
                Self::fold_component(&self.table, &mut self.comps, id, value, depth, &mut partial)?;
            }
            cancel_pairs(&mut self.comps, start);
            if self.comps.len() == start && partial < 64 {
                low |= 1 << partial;
            } else {
                self.record(partial, start, known_first)?;
            }
        }
        if low != 0 {
            if known_first >= self.known.len() {
                grow_to(&mut self.known, known_first + 1, 0)?;
            }
            self.known[known_first] |= low;
        }
        Ok(count)
    }

    /// Drops what an expansion of component `id` that pushed no frame added to the stack.
    fn unwind_expansion(
        &mut self,
        id: u32,
        succ_first: usize,
        comps_first: usize,
        open_first: usize,
        known_first: usize,
    ) {
        self.table.leave(id);
        self.succ_partial.truncate(succ_first);
        self.succ_next.truncate(succ_first);
        self.succ_end.truncate(succ_first);
        self.comps.truncate(comps_first);
        self.open.truncate(open_first);
        self.known.truncate(known_first);
    }

    /// Sets the scratch `striking` to the candidates 0..=`count` of a component with `count`
    /// moves.
    pub(super) fn candidates_up_to(&mut self, count: usize) -> Result<(), Error> {
        let words = count / 64 + 1;
        self.striking.clear();
        grow_to(&mut self.striking, words, u64::MAX)?;
        self.striking[words - 1] = u64::MAX >> (63 - count % 64);
        Ok(())
    }

    /// Turns the values of the valued successors of a [`Kind::Set`] frame with `count`
    /// successors, `open` of them not valued, marked in `known[known_first..]`, into its
    /// candidates, and copies the requested values after them.
    pub(super) fn set_candidates(&mut self, known_first: usize, count: usize, open: usize) {
        let words = count / 64 + 1;
        let valued = count - open;
        let (candidates, requested) = self.known[known_first..].split_at_mut(words);
        let mut hits = 0;
        for (at, word) in candidates.iter_mut().enumerate() {
            let all = if at + 1 == words {
                u64::MAX >> (63 - count % 64)
            } else {
                u64::MAX
            };
            hits += (*word & all).count_ones() as usize;
            *word = all & !*word;
        }
        // Each successor valued strikes its value, or the largest candidate if its value was
        // struck already: the same candidates are left in any order.
        for _ in hits..valued {
            bits::remove_largest(candidates);
        }
        for (to, from) in requested.iter_mut().zip(&self.request) {
            *to = *from;
        }
        if let Some(last) = requested.last_mut() {
            *last &= u64::MAX >> (63 - count % 64);
        }
    }

    /// Splits a successor of the component being expanded at stack depth `depth`, whose
    /// bitset of known successor values starts at `known_first`: marks its value if every
    /// component is valued, and returns it, else adds it to the open list.
    // Called for every successor of every component expanded: inlined into both callers,
    // the successor stays in registers.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn add_successor<R: Rules<N>>(
        &mut self,
        next: N,
        depth: usize,
        known_first: usize,
    ) -> Result<Option<u64>, Error> {
        let (mut partial, start) = if self.split_cache.resting() {
            self.split_successor::<R>(next, depth)?
        } else {
            self.split_through_cache::<R>(next, depth)?
        };
        if self
            .shared
            .as_ref()
            .is_some_and(|shared| shared.publishes_all())
        {
            partial ^= self.learn_components::<R>(start);
        }
        self.record(partial, start, known_first)
    }

    /// Records a successor of the component being expanded, whose components valued so far
    /// add up to `partial` and whose others are in `comps` from `start` on: marks its value if
    /// every component is valued, and returns it, else adds it to the open list.
    // On the path of every successor split, as `add_successor` is.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn record(
        &mut self,
        partial: u64,
        start: usize,
        known_first: usize,
    ) -> Result<Option<u64>, Error> {
        if self.comps.len() == start {
            // Small values are marked at once; a larger one waits until the number of
            // successors, beyond which no value matters, is known.
            if partial < DIRECT_MARKS {
                let word = known_first + (partial / 64) as usize;
                if word >= self.known.len() {
                    grow_to(&mut self.known, word + 1, 0)?;
                }
                self.known[word] |= 1 << (partial % 64);
            } else {
                grow(&mut self.known_values, partial)?;
            }
            Ok(Some(partial))
        } else {
            grow(&mut self.open, self.succ_partial.len())?;
            grow(&mut self.succ_partial, partial)?;
            grow(&mut self.succ_next, start)?;
            grow(&mut self.succ_end, self.comps.len())?;
            Ok(None)
        }
    }

    /// Orders the open successors from `open_first` on: those whose hardest component a test
    /// has already met (it excluded a value) first, and then by difficulty, the sum of the
    /// squared move counts of their components not yet valued, easiest first, and among
    /// equals the one whose hardest component was met earliest first; and puts the hardest
    /// component of each last, where it is tested while the others are valued exactly. The
    /// successors of the question, and of the question's successors, go by how many of their
    /// kind there are before all that, fewest first (see [`count_kinds`]).
    ///
    /// Easy successors are settled fast and settle most tests (Beling and Rogalski's
    /// "fewer moves first"): on Cram this halves the components the search expands. The
    /// move count of a component is listed once and kept in the table. A component a test
    /// has met costs the next test little: a value it excluded may rule it out at once, and
    /// otherwise what that test stored answers much of the next. Those never met, whose
    /// searches cost the most, come last, when a successor met may have settled the test
    /// already: on Cram the search expands about two fifths fewer components for it.
    ///
    /// # Complexity
    ///
    /// O(s log s) comparisons for s open successors (near the question, of their
    /// components' ids too), besides listing the moves of a component the first time it is
    /// met.
    pub(super) fn order<R: Rules<N>>(
        &mut self,
        rules: &mut R,
        open_first: usize,
    ) -> Result<(), Error> {
        if self.open.len() - open_first < 2 {
            return Ok(());
        }
        self.keys.clear();
        for at in open_first..self.open.len() {
            let succ = self.open[at];
            let (first, end) = (self.succ_next[succ], self.succ_end[succ]);
            let mut key = 0u64;
            let mut hardest = (0, first);
            for c in first..end {
                let moves = u64::from(self.moves(rules, self.comps[c])?);
                key = key.saturating_add(moves * moves);
                if moves >= hardest.0 {
                    hardest = (moves, c);
                }
            }
            self.comps.swap(hardest.1, end - 1);
            // Ids number components in the order they were met, and a compaction keeps it.
            let hardest_id = if first == end { 0 } else { self.comps[end - 1] };
            grow(
                &mut self.keys,
                OrderKey {
                    kinds: 0,
                    untried: first == end || self.table.aux(hardest_id).excluded == 0,
                    difficulty: key,
                    hardest: hardest_id,
                    successor: succ,
                },
            )?;
        }
        if self.frames.len() <= 1 {
            let Engine {
                keys,
                succ_partial,
                succ_next,
                succ_end,
                comps,
                ..
            } = self;
            count_kinds(keys, |succ| {
                (succ_partial[succ], &comps[succ_next[succ]..succ_end[succ]])
            });
        }
        // Every thread of a question takes them in this order too: they divide the
        // question's successors by claiming them (see `root`).
        self.keys.sort_unstable();
        for (at, key) in self.keys.iter().enumerate() {
            self.open[open_first + at] = key.successor;
        }
        if let (
            1,
            Help::Helping {
                rotated: rotated @ false,
                ..
            },
        ) = (self.frames.len(), &mut self.help)
        {
            // Helping another thread with this successor of the question: from the middle of
            // the order on, so that the threads start apart.
            let open = &mut self.open[open_first..];
            open.rotate_left(open.len() / 2);
            *rotated = true;
        }
        Ok(())
    }

    /// The number of moves of component `id` (see
    /// [`Aux::moves`](crate::solver::bookkeeping::Aux::moves)), counted by the game or listed
    /// if it was never counted.
    pub(super) fn moves<R: Rules<N>>(&mut self, rules: &mut R, id: u32) -> Result<u32, Error> {
        if let Some(known) = self.table.aux(id).moves() {
            return Ok(known);
        }
        let position = self.table.position(id);
        let count = if let Some(count) = R::move_count(position) {
            count
        } else {
            let mut count = 0usize;
            rules.for_each_successor(position, |_| {
                count += 1;
                Ok(())
            })?;
            count
        };
        Ok(self.table.aux_mut(id).set_moves(count))
    }

    /// Lists the successors of the top frame again and keeps the next [`WINDOW`] of them not
    /// yet seen.
    pub(super) fn refill<R: Rules<N>>(&mut self, rules: &mut R) -> Result<(), Error> {
        let frame = self.frames.last_mut().expect("a frame is running");
        self.raw.truncate(frame.raw_first);
        let position = &self.table.position(frame.id);
        let (skip, raw) = (frame.generated, &mut self.raw);
        let mut seen = 0;
        rules.for_each_successor(position, |next| {
            if seen >= skip && seen < skip + WINDOW {
                grow(raw, Some(next))?;
            }
            seen += 1;
            Ok(())
        })?;
        frame.raw_next = frame.raw_first;
        frame.raw_end = self.raw.len();
        frame.generated += frame.raw_end - frame.raw_first;
        if frame.raw_end == frame.raw_first {
            // The game listed fewer successors than before: its rules are not a function.
            frame.generated = frame.succ_count;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{OrderKey, count_kinds};

    fn key(successor: usize, untried: bool, difficulty: u64) -> OrderKey {
        OrderKey {
            kinds: 0,
            untried,
            difficulty,
            hardest: 7,
            successor,
        }
    }

    #[test]
    fn each_key_counts_the_successors_of_its_kind() {
        // Successors 0 to 5 of kinds a, b, a, c, b, a; difficulties decreasing.
        let kinds = ['a', 'b', 'a', 'c', 'b', 'a'];
        let mut keys: Vec<OrderKey> = (0..6).map(|s| key(s, true, 10 - s as u64)).collect();
        count_kinds(&mut keys, |s| kinds[s]);
        keys.sort_unstable();
        let order: Vec<(u64, usize)> = keys.iter().map(|k| (k.kinds, k.successor)).collect();
        assert_eq!(order, [(1, 3), (2, 4), (2, 1), (3, 5), (3, 2), (3, 0)]);
    }

    #[test]
    fn successors_a_test_has_met_go_first_then_the_easiest() {
        let mut keys = [
            key(0, true, 1),
            key(1, false, 9),
            key(2, true, 4),
            key(3, false, 4),
            key(4, true, 4),
        ];
        keys.sort_unstable();
        let order: Vec<usize> = keys.iter().map(|k| k.successor).collect();
        // Met first, easiest first among them; then the others.
        assert_eq!(order, [3, 1, 0, 2, 4]);
    }

    #[test]
    fn among_equals_the_hardest_component_met_first_goes_first() {
        let mut keys = [key(0, true, 4), key(1, true, 4), key(2, true, 4)];
        keys[0].hardest = 9;
        keys[2].hardest = 3;
        keys.sort_unstable();
        let order: Vec<usize> = keys.iter().map(|k| k.successor).collect();
        assert_eq!(order, [2, 1, 0]);
    }
}
