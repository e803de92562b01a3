//! The search behind [`Solver`](super::Solver): exact values by witness search, on an explicit
//! stack.
//!
//! A component P has value v exactly when its successors reach every value below v and none
//! reaches v. Rather than valuing every successor, the search looks for *witnesses*: for
//! y = 0, 1, 2, … it looks for a successor of value y, and the first y without one is the
//! value. Whether a successor has value y is itself a question, "is the value of this component
//! t?", answered by the same search with a goal: such a test stops as soon as it finds a
//! successor of value t (then the answer is no) or a value below t that no successor reaches
//! (no again, and the exact value is known). This is the method of Lemoine and Viennot
//! (*Nimbers are inevitable*, 2012), with Beling's refinement of valuing all but one component
//! of a successor exactly and testing the last. Most successors of most positions are never
//! valued exactly.
//!
//! Every answer is remembered: exact values, lower bounds (a test of t that found witnesses for
//! 0..=t proves the value exceeds t) and excluded values, so a question is searched at most
//! once. When every successor of a component is already known, the search is a plain mex.
//!
//! A test keeps at most [`WINDOW`] of its successors unsplit and lists them again for the
//! next ones, so the stack of a deep search of a wide game grows with its depth, not with its
//! depth times its width. Under a memory budget the table is compacted between steps: what the
//! stack names stays, with the oldest exact values, and everything is renumbered.

use std::hash::Hash;

use std::sync::Arc;

use super::bits;
use super::finite;
use super::parallel::{ALONE, Learned, PUBLISH, Shared};
use super::rules::{GameRules, Rules};
use super::splits::{ComponentIds, SplitCache};
use super::table::{FORGOTTEN, NOT_COUNTED, PARTIAL, Table};
use crate::{Error, Game};

/// Appends `item` to one of the search's own vectors, a failed allocation being
/// [`Error::OutOfMemory`] rather than an abort (a game with billions of successors fills them).
#[inline]
fn grow<T>(vec: &mut Vec<T>, item: T) -> Result<(), Error> {
    if vec.len() == vec.capacity() && vec.try_reserve(1).is_err() {
        return Err(search_memory::<T>(vec.len() + 1));
    }
    vec.push(item);
    Ok(())
}

/// Lengthens one of the search's own vectors to `len` (if shorter), filling with `value`, a
/// failed allocation being [`Error::OutOfMemory`].
fn grow_to<T: Clone>(vec: &mut Vec<T>, len: usize, value: T) -> Result<(), Error> {
    if len <= vec.len() {
        return Ok(());
    }
    if vec.try_reserve(len - vec.len()).is_err() {
        return Err(search_memory::<T>(len));
    }
    vec.resize(len, value);
    Ok(())
}

#[cold]
fn search_memory<T>(len: usize) -> Error {
    Error::OutOfMemory {
        what: "the search's own stack",
        bytes: (len as u128) * (size_of::<T>() as u128),
    }
}

/// Successor values below this are marked in a frame's bitset as they are found.
const DIRECT_MARKS: u64 = 1 << 12;

/// A test keeps at most this many of its successors unsplit at a time, and lists them again
/// for the next ones: a search d components deep with b successors each holds O(d) of them,
/// not O(d · b), for O(b / WINDOW) listings of a component that a test searches to the end.
/// A smaller window lists wide components too often; a larger one holds more memory.
const WINDOW: usize = 512;

/// The goal of a frame that wants the exact value.
const EXACT: u64 = u64::MAX;

/// How many tests may search a component before it is valued exactly. A test that does not
/// settle the value shows little, and tests again and again with other requests could cost a
/// factor of the value; an exact search costs more than one test, though, and most tests of a
/// game with small values settle within a few.
const MAX_TESTS: u8 = 6;

/// A component under search.
///
/// Its successors wait unsplit in `raw[raw_next..raw_end]` until the search
/// needs them; split ones are in the successor arrays from `succ_first` on. Those not yet
/// valued are listed in `open[open_first..open_first + open_len]`, and the values of the valued
/// ones are marked in the bitset `known[known_first..]` (bits up to `succ_count`: a value above
/// the number of successors cannot matter).
struct Frame {
    id: u32,
    kind: Kind,
    /// [`EXACT`], or the largest value a test asks for.
    goal: u64,
    /// For [`Kind::Set`]: where the requested values start in `known`, after the candidates.
    set_first: usize,
    /// For [`Kind::Set`]: whether a candidate was struck for a successor of unknown value.
    approx: bool,
    /// The value whose witness is sought.
    sought: u64,
    raw_first: usize,
    raw_next: usize,
    raw_end: usize,
    /// How many successors, in the order the game lists them, have entered `raw` so far.
    generated: usize,
    succ_first: usize,
    succ_count: usize,
    comps_first: usize,
    open_first: usize,
    open_len: usize,
    known_first: usize,
    /// The open successor being tried as a witness for `y`.
    cursor: usize,
    /// A test was pushed for the successor at `cursor`: if it did not value the component,
    /// the value was not among those asked.
    awaiting: bool,
    /// `Engine::expansions` when the frame was pushed.
    started: u64,
}

/// How a run of the stack ended.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Run {
    /// The stack is empty: the question is answered.
    Finished,
    /// It expanded as many components as it was allowed to.
    Paused,
    /// Another thread answered the question.
    Stopped,
}

/// How a frame searches.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The exact value, by witnesses for 0, 1, 2, … in turn (an aspiration search).
    Exact,
    /// The exact value, as the mex of the values of the successors, each valued exactly
    /// ([`Search::Exhaustive`](crate::Search)).
    Mex,
    /// A test of a component with every successor split: Beling and Rogalski's "is the value
    /// in this set?". The candidates for the value start as 0..=n for n successors (the value is
    /// at most n); each successor strikes out its value, or the largest candidate when its
    /// value is not a candidate, so one candidate is left at the end: the value. A successor is
    /// asked only whether its value is among the candidates (up to the largest requested, but
    /// the largest candidate), and the search stops once no requested value is a candidate.
    Set,
    /// A test of a component with too many successors to split at once: witnesses for
    /// 0, 1, 2, … up to the largest requested value, with the successors listed a window at a
    /// time.
    Lazy,
}

/// Folds the components of a successor that are valued, from `next` on, into its nim-sum
/// `partial`, up to the first that is not; whether every one is valued.
#[inline]
fn fold_valued<N>(
    table: &Table<N>,
    comps: &[u32],
    partial: &mut u64,
    next: &mut usize,
    end: usize,
) -> bool {
    while *next < end {
        let state = table.state(comps[*next]);
        if state >= PARTIAL {
            return false;
        }
        *partial ^= state;
        *next += 1;
    }
    true
}

/// Drops pairs of equal components from `comps[start..]`, the components of one successor
/// not yet valued: in a finite game a sum of two equal games is worth 0 (the second player
/// copies every move), so neither needs a search.
fn cancel_pairs(comps: &mut Vec<u32>, start: usize) {
    let parts = &mut comps[start..];
    if parts.len() < 2 {
        return;
    }
    parts.sort_unstable();
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

/// What the top frame needs next.
enum Step {
    /// Search this component for its exact value ([`EXACT`]), or test whether its value is in
    /// `Engine::request`, whose largest value this is.
    Push(u32, u64),
    /// The frame is finished.
    Done,
    /// The frame needs its next window of unsplit successors.
    Refill,
    /// The frame needs its next unsplit successor split.
    Split,
}

/// The table and the reusable search stack.
pub(super) struct Engine<N> {
    pub(super) table: Table<N>,
    frames: Vec<Frame>,
    /// Successors of stacked components, until they are split.
    raw: Vec<Option<N>>,
    /// Per successor of a stacked component: the nim-sum of its components valued so far,
    succ_partial: Vec<u64>,
    /// the index in `comps` of its first component not yet valued,
    succ_next: Vec<usize>,
    /// and the end of its components in `comps`.
    succ_end: Vec<usize>,
    /// Components of successors not valued when their parent was expanded.
    comps: Vec<u32>,
    /// Indices of successors not yet valued, per frame.
    open: Vec<usize>,
    /// Bitsets of the values of valued successors, per frame.
    known: Vec<u64>,
    /// Scratch: the values of the successors valued while a frame is expanded eagerly.
    known_values: Vec<u64>,
    /// Scratch: the open successors of a frame being ordered, with their difficulty.
    keys: Vec<(u64, usize)>,
    /// The values the next test asks for.
    request: Vec<u64>,
    /// The components of successors split by tests, by successor.
    split_cache: SplitCache<N>,
    /// The value of the last frame finished: after a search, the root's.
    last_value: u64,
    /// The number of positions stored before the current question, renumbered when the table
    /// is compacted: what an error leaves.
    pub(super) mark: usize,
    /// Whether a search is under way: set when one starts, cleared when it returns, so still
    /// set at the next start only after a panic in the user's code unwound through it.
    busy: bool,
    /// With a memory budget, the table is compacted when it reaches this many positions.
    compact_at: usize,
    /// How many components the engine has expanded: a clock for the threads' policies.
    expansions: u64,
    /// While several threads search one question: what they share.
    shared: Option<Arc<Shared<N>>>,
    /// This thread's number among the threads searching, and how many there are: the thread
    /// tries the successors of the question rotated by its share of them.
    rotation: (usize, usize),
}

/// The split cache may hold one successor per stored position, or this many (but never more
/// than the memory budget allows): it saves work, and must not grow without bound. Sixteen per
/// position split a third fewer successors on Cram, for five times the memory.
const MIN_SPLIT_CACHE: usize = 1 << 16;

impl<N: Clone + Eq + Hash> Engine<N> {
    pub(super) fn new() -> Self {
        Engine {
            table: Table::new(),
            frames: Vec::new(),
            raw: Vec::new(),
            succ_partial: Vec::new(),
            succ_next: Vec::new(),
            succ_end: Vec::new(),
            comps: Vec::new(),
            open: Vec::new(),
            known: Vec::new(),
            known_values: Vec::new(),
            keys: Vec::new(),
            request: Vec::new(),
            split_cache: SplitCache::new(),
            last_value: 0,
            mark: 0,
            busy: false,
            compact_at: usize::MAX,
            expansions: 0,
            shared: None,
            rotation: (0, 1),
        }
    }

    /// Bounds the table to about `bytes` bytes (besides what positions own on the heap), for
    /// the positions and for the cache of split successors: at three quarters of it the table
    /// is compacted, and a search that needs more at once fails with [`Error::OutOfMemory`].
    pub(super) fn set_memory(&mut self, bytes: usize) {
        let each = Table::<N>::bytes_per_position() + 2 * size_of::<(N, ComponentIds)>();
        let positions = (bytes / each).max(16);
        self.table.budget = positions;
        self.compact_at = positions / 4 * 3;
    }

    /// Makes the engine ready for a new question: after a panic that unwound through a
    /// search, drops its stack and clears every mark of a component under search, which would
    /// otherwise read as a cycle.
    pub(super) fn begin(&mut self) {
        if self.busy {
            self.abandon();
            for aux in &mut self.table.aux {
                aux.on_stack = 0;
            }
        }
        self.mark = self.table.len();
    }

    /// Examines every component reachable from `position` for a cycle, unless it was
    /// examined before: see [`finite::check`].
    ///
    /// # Errors
    ///
    /// As [`finite::check`].
    pub(super) fn check_finite<R: Rules<N>>(
        &mut self,
        rules: &mut R,
        position: N,
    ) -> Result<(), Error> {
        self.busy = true;
        let result = finite::check(&mut self.table, rules, position);
        self.busy = false;
        result
    }

    /// Forgets what the current question added, after an error.
    pub(super) fn fail(&mut self) {
        self.forget_from(self.mark);
    }

    /// Forgets the positions that nothing on the stack names, but for the oldest exact values,
    /// to bring the table down to half its budget; renumbers the rest.
    ///
    /// Old positions are kept because a depth-first search meets the big components, the
    /// costly ones to value again, first.
    fn compact(&mut self) -> Result<(), Error> {
        let len = self.table.len();
        let mut keep = Vec::new();
        if keep.try_reserve_exact(len).is_err() {
            return Err(Error::OutOfMemory {
                what: "the compaction of the position table",
                bytes: len as u128,
            });
        }
        keep.resize(len, false);
        for f in &self.frames {
            keep[f.id as usize] = true;
        }
        for &c in &self.comps {
            keep[c as usize] = true;
        }
        let mut kept = keep.iter().filter(|&&k| k).count();
        let target = self.table.budget / 2;
        for (id, k) in keep.iter_mut().enumerate() {
            if kept >= target {
                break;
            }
            if !*k && self.table.entries[id].state < PARTIAL {
                *k = true;
                kept += 1;
            }
        }
        let remap = self.table.retain(&keep)?;
        for f in &mut self.frames {
            f.id = remap[f.id as usize];
        }
        for c in &mut self.comps {
            *c = remap[*c as usize];
        }
        self.mark = remap[..self.mark.min(len)]
            .iter()
            .filter(|&&id| id != FORGOTTEN)
            .count();
        self.split_cache.clear();
        // Halfway between what is kept and the budget, so that a stack near the budget does
        // not compact at every step.
        self.compact_at = usize::midpoint(self.table.len(), self.table.budget);
        Ok(())
    }

    /// The value of the component `position`, searched if it is not known.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`](super::Solver::grundy). The stack is then empty again; the caller
    /// decides what to keep of the positions met.
    pub(super) fn value_of<R: Rules<N>>(
        &mut self,
        rules: &mut R,
        position: N,
    ) -> Result<u64, Error> {
        let index = R::index(&position);
        let (id, state) = self.table.intern(position, index)?;
        if state < PARTIAL {
            return Ok(state);
        }
        self.busy = true;
        let result = self
            .expand(rules, id, EXACT)
            .and_then(|()| self.run(rules, u64::MAX));
        self.busy = false;
        self.settle(result)
    }

    /// The value of the component `position`, searched by this thread and `helpers` if its
    /// search is long: see [`parallel`](super::parallel).
    ///
    /// # Errors
    ///
    /// As [`Engine::value_of`]. Errors of the helpers only stop them.
    pub(super) fn value_with_helpers<R>(
        &mut self,
        rules: &mut R,
        position: N,
        helpers: &mut [Engine<N>],
    ) -> Result<u64, Error>
    where
        R: Rules<N>,
        N: Game,
    {
        let index = R::index(&position);
        let (id, state) = self.table.intern(position, index)?;
        if state < PARTIAL {
            return Ok(state);
        }
        self.busy = true;
        let mut result = self
            .expand(rules, id, EXACT)
            .and_then(|()| self.run(rules, self.expansions + ALONE));
        if result == Ok(Run::Paused) {
            let shared = Shared::new();
            self.shared = Some(Arc::clone(&shared));
            let threads = helpers.len() + 1;
            // The root's id may have changed: a compaction renumbers the table.
            let root = self.frames[0].id;
            let position = self.table.entries[root as usize].position.clone();
            result = std::thread::scope(|scope| {
                for (k, helper) in helpers.iter_mut().enumerate() {
                    let (shared, position) = (Arc::clone(&shared), position.clone());
                    scope.spawn(move || helper.help(shared, position, (k + 1, threads)));
                }
                let result = self.run(rules, u64::MAX);
                shared.stop();
                result
            });
            self.shared = None;
            if let Some(value) = shared.found().filter(|_| result == Ok(Run::Stopped)) {
                // Another thread answered first.
                let root = self.frames[0].id;
                self.abandon();
                self.table.set_state(root, value);
                self.last_value = value;
                result = Ok(Run::Finished);
            }
        }
        self.busy = false;
        self.settle(result)
    }

    /// The value a finished search left, or its error after clearing the stack.
    fn settle(&mut self, result: Result<Run, Error>) -> Result<u64, Error> {
        if let Err(e) = result {
            self.abandon();
            return Err(e);
        }
        debug_assert!(
            self.last_value < PARTIAL,
            "a finished search leaves an exact value"
        );
        Ok(self.last_value)
    }

    /// A helper thread's part in a search of `position` by several threads: the same search,
    /// with the successors of `position` tried in the order `rotation` gives, until a thread
    /// answers. The table keeps what it learned; errors and panics only end the help.
    fn help(&mut self, shared: Arc<Shared<N>>, position: N, rotation: (usize, usize))
    where
        N: Game,
    {
        self.begin();
        self.shared = Some(shared);
        self.rotation = rotation;
        // A panic in the game's code ends this thread's help; `begin` clears what it left.
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _ = self.value_of(&mut GameRules, position);
        }));
        self.shared = None;
        self.rotation = (0, 1);
    }

    /// Runs the stack until it is empty, or until it has expanded `pause_at` components, or
    /// another thread answered.
    fn run<R: Rules<N>>(&mut self, rules: &mut R, pause_at: u64) -> Result<Run, Error> {
        while !self.frames.is_empty() {
            if self.table.len() >= self.compact_at {
                self.compact()?;
            }
            if self.expansions >= pause_at {
                return Ok(Run::Paused);
            }
            if self.shared.as_ref().is_some_and(|shared| shared.stopped()) {
                return Ok(Run::Stopped);
            }
            match self.step()? {
                Step::Done => self.finish(),
                Step::Split => self.split_next::<R>()?,
                Step::Refill => self.refill(rules)?,
                Step::Push(id, goal) => {
                    if goal != EXACT {
                        self.frames.last_mut().expect("a frame is running").awaiting = true;
                    }
                    if !self.learn(id, goal) {
                        self.expand(rules, id, goal)?;
                    }
                }
            }
        }
        Ok(Run::Finished)
    }

    /// Takes what other threads published about component `id`; whether that settles the
    /// search with `goal` about to start: the component is now valued, or, for a test, none of
    /// the values in `request` remains possible.
    fn learn(&mut self, id: u32, goal: u64) -> bool {
        let Some(shared) = &self.shared else {
            return false;
        };
        let Some(learned) = shared.get(&self.table.entries[id as usize].position) else {
            return false;
        };
        self.table.aux[id as usize].excluded |= learned.excluded;
        let state = self.table.state(id);
        if learned.state < PARTIAL || learned.state > state {
            self.table.set_state(id, learned.state);
        }
        if learned.state < PARTIAL {
            return true;
        }
        let lower = learned.state.max(state) & !PARTIAL;
        let excluded = u64::from(self.table.aux[id as usize].excluded);
        goal != EXACT
            && (goal < lower
                || self
                    .request
                    .iter()
                    .enumerate()
                    .all(|(word, &values)| values == 0 || (word == 0 && values & !excluded == 0)))
    }

    /// Advances the top frame until it needs another component searched or is finished.
    fn step(&mut self) -> Result<Step, Error> {
        if self.frames.last().expect("a frame is running").kind == Kind::Set {
            return Ok(self.step_set());
        }
        let Engine {
            table,
            frames,
            succ_partial,
            succ_next,
            succ_end,
            comps,
            open,
            known,
            request,
            ..
        } = self;
        let frame = frames.last_mut().expect("a frame is running");
        if frame.awaiting {
            frame.awaiting = false;
            // A test that valued the component leaves it to the loop below; one that did not
            // showed that it has no successor of the value sought.
            let succ = open[frame.open_first + frame.cursor];
            if table.state(comps[succ_next[succ]]) >= PARTIAL {
                frame.cursor += 1;
            }
        }
        loop {
            let sought = frame.sought;
            let known_values = &mut known[frame.known_first..];
            if sought <= frame.succ_count as u64
                && known_values[(sought / 64) as usize] & (1 << (sought % 64)) != 0
            {
                // A successor has the value sought.
                if sought == frame.goal && frame.kind == Kind::Lazy {
                    return Ok(Step::Done);
                }
                frame.sought += 1;
                frame.cursor = 0;
                continue;
            }
            if frame.cursor == frame.open_len {
                if frame.raw_next == frame.raw_end {
                    if frame.generated < frame.succ_count {
                        return Ok(Step::Refill);
                    }
                    // No successor has the value sought, and every smaller value is reached.
                    return Ok(Step::Done);
                }
                return Ok(Step::Split);
            }
            let at = frame.open_first + frame.cursor;
            let succ = open[at];
            let end = succ_end[succ];
            if fold_valued(
                table,
                comps,
                &mut succ_partial[succ],
                &mut succ_next[succ],
                end,
            ) {
                let value = succ_partial[succ];
                if value <= frame.succ_count as u64 {
                    known_values[(value / 64) as usize] |= 1 << (value % 64);
                }
                // Out of the open list, keeping the others in their order.
                let open_end = frame.open_first + frame.open_len;
                open.copy_within(at + 1..open_end, at);
                frame.open_len -= 1;
                continue;
            }
            let component = comps[succ_next[succ]];
            if end - succ_next[succ] >= 2 || frame.kind == Kind::Mex {
                // Value all components but the last exactly, then test the last.
                return Ok(Step::Push(component, EXACT));
            }
            let target = sought ^ succ_partial[succ];
            let lower = table.state(component) & !PARTIAL;
            let aux = &table.aux[component as usize];
            // A component asked about again and again is worth its exact value.
            let excluded =
                target < 32 && aux.excluded & (1 << target) != 0 && aux.tests < MAX_TESTS;
            // A value is at most the number of moves.
            if target < lower
                || excluded
                || (aux.moves != NOT_COUNTED && target > u64::from(aux.moves))
            {
                frame.cursor += 1;
                continue;
            }
            request.clear();
            grow_to(request, (target / 64) as usize + 1, 0)?;
            request[(target / 64) as usize] |= 1 << (target % 64);
            return Ok(Step::Push(component, target));
        }
    }

    /// Splits the next unsplit successor of the top frame, a [`Kind::Lazy`] test, unless it was
    /// split before: tests search the same components again with other goals, and different
    /// positions share successors.
    fn split_next<R: Rules<N>>(&mut self) -> Result<(), Error> {
        let depth = self.frames.len() - 1;
        let frame = self.frames.last_mut().expect("a frame is running");
        let next = self.raw[frame.raw_next]
            .take()
            .expect("an unsplit successor");
        frame.raw_next += 1;
        let ids = Self::cached_split::<R>(&mut self.split_cache, &mut self.table, next)?;
        let (partial, start) = Self::fold_components(&self.table, &mut self.comps, ids, depth)?;
        if self.comps.len() == start {
            if partial <= frame.succ_count as u64 {
                self.known[frame.known_first + (partial / 64) as usize] |= 1 << (partial % 64);
            }
        } else {
            // Valued successors were moved out past the end of the open list.
            self.open.truncate(frame.open_first + frame.open_len);
            grow(&mut self.open, self.succ_partial.len())?;
            frame.open_len += 1;
            grow(&mut self.succ_partial, partial)?;
            grow(&mut self.succ_next, start)?;
            grow(&mut self.succ_end, self.comps.len())?;
        }
        Ok(())
    }

    /// Advances the top frame, a [`Kind::Set`] test, until it needs another component
    /// searched or is finished.
    fn step_set(&mut self) -> Step {
        let Engine {
            table,
            frames,
            succ_partial,
            succ_next,
            succ_end,
            comps,
            open,
            known,
            request,
            ..
        } = self;
        let frame = frames.last_mut().expect("a frame is running");
        let words = frame.set_first - frame.known_first;
        let (candidates, requested) = known[frame.known_first..].split_at_mut(words);
        let requested = &requested[..words];
        if frame.awaiting {
            frame.awaiting = false;
            let succ = open[frame.open_first + frame.cursor];
            if table.state(comps[succ_next[succ]]) >= PARTIAL {
                // Not a candidate up to the largest requested value: as good as any value
                // above the largest candidate, for the values that matter.
                bits::remove_largest(candidates);
                frame.approx = true;
                frame.cursor += 1;
            }
        }
        loop {
            if !bits::meet(candidates, requested) || frame.cursor == frame.open_len {
                return Step::Done;
            }
            let succ = open[frame.open_first + frame.cursor];
            let end = succ_end[succ];
            if fold_valued(
                table,
                comps,
                &mut succ_partial[succ],
                &mut succ_next[succ],
                end,
            ) {
                bits::remove_or_largest(candidates, succ_partial[succ]);
                frame.cursor += 1;
                continue;
            }
            let component = comps[succ_next[succ]];
            if end - succ_next[succ] >= 2 {
                return Step::Push(component, EXACT);
            }
            let top = bits::largest(candidates).expect("one candidate per successor left");
            let mut ask = bits::xored(candidates, frame.goal, top, succ_partial[succ], request);
            let aux = &table.aux[component as usize];
            if aux.excluded != 0 && ask.is_some() && aux.tests < MAX_TESTS {
                request[0] &= !u64::from(aux.excluded);
                ask = bits::largest(request);
            }
            let lower = table.state(component) & !PARTIAL;
            let moves = aux.moves;
            let hopeless = match ask {
                None => true,
                Some(most) => {
                    most < lower
                        || (moves != NOT_COUNTED
                            && bits::smallest(request).is_none_or(|least| least > u64::from(moves)))
                }
            };
            if hopeless {
                bits::remove_largest(candidates);
                frame.approx = true;
                frame.cursor += 1;
                continue;
            }
            return Step::Push(component, ask.expect("a value asked for"));
        }
    }

    /// Interns the components of a successor of a component at stack depth `depth`: returns the
    /// nim-sum of those already valued, and the start in `comps` of the others, which it
    /// appends.
    fn split_successor<R: Rules<N>>(
        table: &mut Table<N>,
        comps: &mut Vec<u32>,
        successor: N,
        depth: usize,
    ) -> Result<(u64, usize), Error> {
        let start = comps.len();
        let mut partial = 0;
        R::for_each_component(successor, |c| {
            let index = R::index(&c);
            let (id, state) = table.intern(c, index)?;
            Self::fold_component(table, comps, id, state, depth, &mut partial)
        })?;
        cancel_pairs(comps, start);
        Ok((partial, start))
    }

    /// The component ids of `successor`, from the cache or split and cached.
    fn cached_split<'c, R: Rules<N>>(
        cache: &'c mut SplitCache<N>,
        table: &mut Table<N>,
        successor: N,
    ) -> Result<&'c ComponentIds, Error> {
        let capacity = table.len().max(MIN_SPLIT_CACHE).min(table.budget);
        cache.get_or_split(successor, capacity, |successor, ids| {
            Self::intern_components::<R>(table, successor, ids)
        })
    }

    /// Appends the ids of the components of `successor` to `ids`, interning new ones.
    fn intern_components<R: Rules<N>>(
        table: &mut Table<N>,
        successor: N,
        ids: &mut ComponentIds,
    ) -> Result<(), Error> {
        R::for_each_component(successor, |c| {
            let index = R::index(&c);
            ids.push(table.intern(c, index)?.0);
            Ok(())
        })
    }

    /// The nim-sum of the components of `ids` already valued, and the start in `comps` of the
    /// others, which it appends; a component on the stack at depth `depth` or above is a cycle.
    fn fold_components(
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
    fn fold_component(
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
        let on_stack = table.aux[id as usize].on_stack;
        if on_stack != 0 {
            let entered = on_stack as usize - 1;
            return Err(Error::Cycle {
                length: depth + 1 - entered,
                depth: entered,
            });
        }
        grow(comps, id)
    }

    /// Records the result of the top frame and pops it.
    fn finish(&mut self) {
        let f = self.frames.pop().expect("a frame is running");
        match f.kind {
            Kind::Set => {
                // With every successor seen, one candidate is left: the value, unless a
                // successor of unknown value struck the largest candidate in its place and the
                // one left is above every value asked for.
                let candidates = &self.known[f.known_first..f.set_first];
                let last = bits::smallest(candidates).expect("one candidate is left");
                if f.cursor == f.open_len && (!f.approx || last <= f.goal) {
                    self.table.set_state(f.id, last);
                } else {
                    // No value asked for is a candidate, and the value is always one.
                    self.table.aux[f.id as usize].excluded |= self.known[f.set_first] as u32;
                }
            }
            // A test stops at its goal when it finds a witness for it: every value up to the
            // goal is reached, so the value is above it.
            Kind::Lazy if f.sought == f.goal && self.has_known(&f, f.sought) => {
                self.table.set_state(f.id, PARTIAL | (f.goal + 1));
            }
            // Otherwise no successor has the value sought, and every smaller one is reached.
            _ => self.table.set_state(f.id, f.sought),
        }
        self.last_value = f.sought;
        self.table.aux[f.id as usize].on_stack = 0;
        self.truncate_to(&f);
        if let Some(shared) = &self.shared {
            let state = self.table.state(f.id);
            if self.frames.is_empty() {
                shared.answer(state);
            } else if self.expansions - f.started >= PUBLISH {
                let excluded = self.table.aux[f.id as usize].excluded;
                let position = self.table.entries[f.id as usize].position.clone();
                shared.publish(position, Learned { state, excluded });
            }
        }
    }

    fn has_known(&self, f: &Frame, v: u64) -> bool {
        v <= f.succ_count as u64
            && self.known[f.known_first + (v / 64) as usize] & (1 << (v % 64)) != 0
    }

    /// Generates the successors of component `id` and pushes a frame with `goal` for it, unless
    /// the number of successors answers a test: none of the values in `request` can be the value.
    ///
    /// A component tested [`MAX_TESTS`] times before is valued exactly instead: a test that did
    /// not settle its value showed only a bound, and testing again and again with growing
    /// targets could cost a factor of the value.
    fn expand<R: Rules<N>>(&mut self, rules: &mut R, id: u32, goal: u64) -> Result<(), Error> {
        self.expansions += 1;
        if R::exhaustive(&self.table.entries[id as usize].position) {
            return self.expand_eagerly(rules, id, EXACT, Kind::Mex, None);
        }
        let aux = &mut self.table.aux[id as usize];
        let exact = goal == EXACT || aux.tests >= MAX_TESTS;
        aux.tests = aux.tests.saturating_add(1);
        if exact {
            return self.expand_eagerly(rules, id, EXACT, Kind::Exact, None);
        }
        let raw_first = self.raw.len();
        let position = &self.table.entries[id as usize].position;
        let raw = &mut self.raw;
        let mut count = 0;
        rules.for_each_successor(position, |next| {
            if count < WINDOW {
                grow(raw, Some(next))?;
            }
            count += 1;
            Ok(())
        })?;
        self.table.aux[id as usize].moves = u32::try_from(count).unwrap_or(NOT_COUNTED);
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
        self.table.aux[id as usize].on_stack = self.frames.len() as u32 + 1;
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
    fn expand_eagerly<R: Rules<N>>(
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
        self.table.aux[id as usize].on_stack = depth as u32 + 1;
        let (succ_first, comps_first, open_first) =
            (self.succ_partial.len(), self.comps.len(), self.open.len());
        let known_first = self.known.len();
        self.known_values.clear();
        let mut count = 0;
        let generated = if let Some(first) = listed {
            let mut result = Ok(());
            for at in first..self.raw.len() {
                let next = self.raw[at].take().expect("a listed successor");
                count += 1;
                result = self.add_successor::<R>(next, depth, known_first);
                if result.is_err() {
                    break;
                }
            }
            self.raw.truncate(first);
            result
        } else {
            // A copy, because interning the successors may move the table's storage.
            let position = self.table.entries[id as usize].position.clone();
            rules.for_each_successor(&position, |next| {
                count += 1;
                self.add_successor::<R>(next, depth, known_first)
            })
        };
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
            .and_then(|()| self.order(rules, open_first));
        if let Err(e) = ordered {
            self.table.aux[id as usize].on_stack = 0;
            self.succ_partial.truncate(succ_first);
            self.succ_next.truncate(succ_first);
            self.succ_end.truncate(succ_first);
            self.comps.truncate(comps_first);
            self.open.truncate(open_first);
            self.known.truncate(known_first);
            return Err(e);
        }
        self.table.aux[id as usize].moves = u32::try_from(count).unwrap_or(NOT_COUNTED);
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

    /// Turns the values of the valued successors of a [`Kind::Set`] frame with `count`
    /// successors, `open` of them not valued, marked in `known[known_first..]`, into its
    /// candidates, and copies the requested values after them.
    fn set_candidates(&mut self, known_first: usize, count: usize, open: usize) {
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
    /// component is valued, else adds it to the open list.
    fn add_successor<R: Rules<N>>(
        &mut self,
        next: N,
        depth: usize,
        known_first: usize,
    ) -> Result<(), Error> {
        let (partial, start) = if self.split_cache.resting() {
            Self::split_successor::<R>(&mut self.table, &mut self.comps, next, depth)?
        } else {
            let ids = Self::cached_split::<R>(&mut self.split_cache, &mut self.table, next)?;
            Self::fold_components(&self.table, &mut self.comps, ids, depth)?
        };
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
        } else {
            grow(&mut self.open, self.succ_partial.len())?;
            grow(&mut self.succ_partial, partial)?;
            grow(&mut self.succ_next, start)?;
            grow(&mut self.succ_end, self.comps.len())?;
        }
        Ok(())
    }

    /// Orders the open successors from `open_first` on by difficulty, the sum of the squared
    /// move counts of their components not yet valued, easiest first, and puts the hardest
    /// component of each last, where it is tested while the others are valued exactly.
    ///
    /// Easy successors are settled fast and settle most tests (Beling and Rogalski's
    /// "fewer moves first"): on Cram this halves the components the search expands. The
    /// move count of a component is listed once and kept in the table.
    fn order<R: Rules<N>>(&mut self, rules: &mut R, open_first: usize) -> Result<(), Error> {
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
            grow(&mut self.keys, (key, succ))?;
        }
        self.keys.sort_unstable();
        let (thread, threads) = self.rotation;
        if threads > 1 && self.frames.is_empty() {
            // Each thread starts the question from its own share of the successors.
            let by = self.keys.len() * thread / threads;
            self.keys.rotate_left(by);
        }
        for (at, &(_, succ)) in self.keys.iter().enumerate() {
            self.open[open_first + at] = succ;
        }
        Ok(())
    }

    /// The number of moves of component `id`, listed if it was never counted.
    fn moves<R: Rules<N>>(&mut self, rules: &mut R, id: u32) -> Result<u32, Error> {
        let known = self.table.aux[id as usize].moves;
        if known != NOT_COUNTED {
            return Ok(known);
        }
        let mut count = 0u32;
        rules.for_each_successor(&self.table.entries[id as usize].position, |_| {
            count = count.saturating_add(1);
            Ok(())
        })?;
        let count = count.min(NOT_COUNTED - 1);
        self.table.aux[id as usize].moves = count;
        Ok(count)
    }

    /// Lists the successors of the top frame again and keeps the next [`WINDOW`] of them not
    /// yet seen.
    fn refill<R: Rules<N>>(&mut self, rules: &mut R) -> Result<(), Error> {
        let frame = self.frames.last_mut().expect("a frame is running");
        self.raw.truncate(frame.raw_first);
        let position = &self.table.entries[frame.id as usize].position;
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

    /// Drops the stack storage of `f` and of everything above it.
    fn truncate_to(&mut self, f: &Frame) {
        self.raw.truncate(f.raw_first);
        self.succ_partial.truncate(f.succ_first);
        self.succ_next.truncate(f.succ_first);
        self.succ_end.truncate(f.succ_first);
        self.comps.truncate(f.comps_first);
        self.open.truncate(f.open_first);
        self.known.truncate(f.known_first);
    }

    /// Forgets the positions with ids from `len` on, and every cached split, which may name
    /// them.
    pub(super) fn forget_from(&mut self, len: usize) {
        if len == 0 {
            self.table.clear();
        } else {
            self.table.truncate(len);
        }
        self.split_cache.clear();
    }

    /// Clears the stack after an error. Values and bounds found so far are facts and stay.
    fn abandon(&mut self) {
        for f in self.frames.drain(..) {
            self.table.aux[f.id as usize].on_stack = 0;
        }
        self.raw.clear();
        self.succ_partial.clear();
        self.succ_next.clear();
        self.succ_end.clear();
        self.comps.clear();
        self.open.clear();
        self.known.clear();
    }
}
