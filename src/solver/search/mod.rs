//! The search behind [`Solver`](super::Solver): exact values by witness search and set tests,
//! on an explicit stack.
//!
//! A component P has value v exactly when its successors reach every value below v and none
//! reaches v. Rather than valuing every successor, an exact search looks for *witnesses*: for
//! y = 0, 1, 2, … it asks successors "is your value y?", and the first y no successor has is
//! the value (an aspiration search, after Beling and Rogalski, *On pruning search trees of
//! impartial games*, 2020). Of a successor made of several components, all but the hardest are
//! valued exactly and the hardest is asked (Beling's refinement of Lemoine and Viennot,
//! *Nimbers are inevitable*, 2012); equal components cancel first.
//!
//! A question "is your value in R?" about a component with n moves is a *set test*: the value
//! is one of the candidates 0..=n, each successor strikes out its value (or, when its value is
//! not a candidate, the largest candidate), and a successor is asked only whether its value is
//! among the candidates up to the largest of R. The test stops as soon as no value of R is a
//! candidate; if it sees every successor, the one candidate left is the value. Successors are
//! split before any is searched, those whose split is cached first, then from the one that
//! settled a sibling's test outward (see `killers`), and the splitting stops as soon as those
//! already valued settle the question (the enhanced transposition cutoff); the others are
//! tried in this order: those whose hardest component a test has already met (it excluded a
//! value of it) first, then the rest, each group in order of difficulty (the sum of the
//! squared move counts of their components: fewer moves first), ties to the one whose
//! hardest component was met earliest. The successors of the question, and of its
//! successors, go fewest of a kind first, before all that (successors whose components are
//! the same, as a symmetry's images are): a move the position's symmetries fix is the
//! likeliest witness for 0. Most successors of most positions are never valued exactly.
//!
//! What searches learn is kept: exact values, lower bounds, values a test excluded, and move
//! counts. A component tested [`MAX_TESTS`] times is valued exactly, one with more than
//! [`WIDE`] moves after the test that counted them, and every component of a game whose
//! components are tested again more than seven tenths as often as once (see [`TESTED`]).
//! When every successor of a component is already known, the search is a plain mex, and a
//! game that asks for [`Search::Exhaustive`](crate::Search) gets one always.
//!
//! A test of a component with more than [`WINDOW`] moves keeps at most that many unsplit and
//! lists them again for the next ones, looking for witnesses up to the largest requested
//! value, so the stack of a deep search of a wide game grows with its depth, not with its depth
//! times its width. Under a memory budget the table is compacted between steps: what the stack
//! names stays, with the exact values whose searches expanded the most components and the
//! oldest, and everything is renumbered.
//!
//! The files: this one holds the engine and its stack; `expand` lists the successors of a
//! component, splits them for exact searches and orders them; `splitting` splits those a test
//! listed, in the order `killers` chooses; `step` advances the top frame; `threads` lets
//! several threads search one question (see [`parallel`](super::parallel)), and `root`
//! divides the question's successors between them; `whole` judges whether successors are
//! looked up whole before they are split.

mod expand;
mod killers;
mod root;
mod splitting;
mod step;
mod threads;
mod whole;

use std::hash::Hash;
use std::sync::Arc;

use super::bits;
use super::finite;
use super::parallel::{ALONE, Learned, Shared};
use super::rules::Rules;
use super::splits::{ComponentIds, SplitCache};
use super::table::{FORGOTTEN, PARTIAL, Table};
use crate::Error;

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

/// No value: see `Engine::root_value`.
const NO_VALUE: u64 = u64::MAX;

/// Whether `state`, a component's state in the table, answers a question with goal `goal`:
/// an exact value, or a lower bound above the goal.
fn answers(state: u64, goal: u64) -> bool {
    state < PARTIAL || state & !PARTIAL > goal
}

/// Makes `request` ask for the one value `value` (a test's request).
fn ask_for(request: &mut Vec<u64>, value: u64) -> Result<(), Error> {
    request.clear();
    grow_to(request, (value / 64) as usize + 1, 0)?;
    request[(value / 64) as usize] |= 1 << (value % 64);
    Ok(())
}

/// Successor values below this are marked in a frame's bitset as they are found.
const DIRECT_MARKS: u64 = 1 << 12;

/// A test keeps at most this many of its successors unsplit at a time, and lists them again
/// for the next ones: a search d components deep with b successors each holds O(d) of them,
/// not O(d · b), for O(b / WINDOW) listings of a component that a test searches to the end.
/// A smaller window lists wide components too often; a larger one holds more memory.
const WINDOW: usize = 512;

/// The goal of a frame that wants the exact value.
pub(super) const EXACT: u64 = u64::MAX;

/// Once this many components have been tested, a game whose components have been tested
/// again more than [`REPEATED`] as often as once is searched for exact values only: its
/// tests seldom settle a question (a game of large values and many transpositions, such as
/// Chomp), and each lists its component's moves again. A game of small values tests a
/// component again a fifth to a half as often as once (Cram).
const TESTED: u64 = 4096;

/// See [`TESTED`]: seven tenths, as a fraction. Chomp written as a user game climbs from
/// about 0.6 to 1 and gains from turning early; user-written Cram stays at 0.48 or below
/// (figures in BENCHMARKS.md).
const REPEATED: (u64, u64) = (7, 10);

/// How many tests may search a component before it is valued exactly. A test that does not
/// settle the value shows little, and tests again and again with other requests could cost a
/// factor of the value; an exact search costs more than one test, though, and most tests of a
/// game with small values settle within a few.
const MAX_TESTS: u8 = 6;

/// A component known to have more moves than this is valued exactly rather than tested: wide
/// components tend to have large values, tested for many values in turn; each test of one
/// lists every move (so a game that builds its successors pays for all of them) and seldom
/// settles before the last; and a test of more than [`WINDOW`] moves lists them again for
/// each window. The first test of a component counts its moves, so a wide one is tested once.
const WIDE: u32 = 64;

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
    /// [`EXACT`], or the largest value a test asks for; for a [`Kind::Exact`] frame, the
    /// value above which a question stops (see [`Engine::question`]).
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
    /// The exact value, by witnesses for 0, 1, 2, … in turn (an aspiration search); or, for a
    /// question with a goal below [`EXACT`], the exact value if it is at most the goal, else
    /// the witnesses up to the goal's.
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
    /// Scratch: the open successors of a frame being ordered, by their place in the order.
    keys: Vec<expand::OrderKey>,
    /// The values the next test asks for.
    request: Vec<u64>,
    /// Scratch: the candidates for the value of a component whose test is being expanded.
    striking: Vec<u64>,
    /// Which successor to split first in a test, per depth.
    killers: killers::Killers,
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
    /// With a memory budget, the table makes room when it reaches this many positions (see
    /// [`Engine::make_room`]).
    compact_at: usize,
    /// The memory budget of this thread's table and split cache, in bytes.
    memory: Option<usize>,
    /// The bytes per stored position the memory budget still leaves the split cache.
    split_bytes: usize,
    /// How many components the engine has expanded: a clock for the threads' policies.
    expansions: u64,
    /// How many times the table was compacted: beside `expansions`, how little of a search
    /// the memory budget holds.
    compactions: u64,
    /// Tests of components never tested before, and of components tested again.
    first_tests: u64,
    repeated_tests: u64,
    /// Components expanded for their exact value (not counting exhaustive searches).
    exact_expansions: u64,
    /// While several threads search one question: what they share.
    shared: Option<Arc<Shared<N>>>,
    /// Whether successors are looked up whole before they are split.
    whole: whole::WholeFirst,
    /// This thread's number among the threads searching, and how many there are: it names
    /// the thread's claims on a question they divide (see `root`), and an exhaustive search
    /// takes the successors of each component rotated by the thread's share of them.
    rotation: (usize, usize),
    /// What this thread, dividing a question with others, did with the successors they
    /// claimed (see `root`).
    root_others: root::Others,
    /// The value of the question the successor this thread claimed is searched as a witness
    /// for, or [`NO_VALUE`] (see `root`).
    root_value: u64,
    /// Steps until `root_value` is checked again.
    root_check: u32,
    /// Successors a test of a successor of the question passed over since this thread last
    /// claimed one (see `root::pass_over`).
    passed_below: usize,
    /// Whether this thread, dividing a question with others, helps with the first successor
    /// tried for a value (see `root`).
    help: root::Help,
    /// The bytes the table shared with other threads may take, when this thread divides a
    /// question with them (see [`Engine::set_published_memory`]).
    published: usize,
}

/// The share of the room a compaction keeps that goes to the exact values that cost the most
/// to find, by [`Aux::work`](crate::solver::bookkeeping::Aux::work); the rest goes to the oldest.
///
/// A value forgotten and met again is searched again, and its work measured again with what
/// the table then lacks: a value whose search was cheap while its successors were known, and
/// costly once they were forgotten, is kept the next time. Keeping only the oldest forgets
/// the values just searched again first, so that a search with a budget a little below what
/// it reaches searches the same values over and over (random acyclic games: 17 times the
/// listings of moves without a budget, or without end); keeping only the costliest forgets
/// the small components a depth-first search met first, which recur the most (Cram through
/// `Solver` with 1 MB: 1.35 M expansions against 1.25 M keeping the oldest, and 1.08 M with
/// this share).
const COSTLIEST_SHARE: (usize, usize) = (9, 10);

/// The split cache may hold [`split_bytes_per_position`] bytes of successors per stored
/// position, or this many successors (but never more than the memory budget allows): it
/// saves work, and must not grow without bound. The floor is for small searches, which reuse
/// most of what they split and gain from keeping it all; it is small enough (about 200 KB
/// when full, for a successor of 16 bytes) to leave a search of some tens of thousands of
/// positions within [`BYTES_PER_POSITION`].
const MIN_SPLIT_CACHE: usize = 1 << 13;

/// The most bytes a stored position and its share of the split cache take by default,
/// besides the position itself.
const BYTES_PER_POSITION: usize = 64;

/// The bytes of successors the split cache may hold per stored position: what
/// [`BYTES_PER_POSITION`] leaves beside the table's own (21 to 36 bytes besides the
/// position), about one successor of 16 bytes (which takes its size and 9 bytes more), fewer
/// of larger ones. Two successors of 16 bytes split less on boards of some tens of thousands
/// of positions, where one is short of what they split again, and put a position at up to
/// 80 bytes.
pub(super) const fn split_bytes_per_position<N>() -> usize {
    (BYTES_PER_POSITION + size_of::<N>()).saturating_sub(Table::<N>::bytes_per_position())
}

impl<N: Clone + Eq + Hash> Engine<N> {
    /// Whether the game's tests repeat more than they settle, so that every component is
    /// now valued exactly (see [`TESTED`]).
    fn tests_repeat(&self) -> bool {
        let (times, per) = REPEATED;
        self.first_tests >= TESTED && self.repeated_tests * per > times * self.first_tests
    }

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
            striking: Vec::new(),
            killers: killers::Killers::default(),
            split_cache: SplitCache::new(),
            last_value: 0,
            mark: 0,
            busy: false,
            compact_at: usize::MAX,
            memory: None,
            split_bytes: split_bytes_per_position::<N>(),
            expansions: 0,
            compactions: 0,
            first_tests: 0,
            repeated_tests: 0,
            exact_expansions: 0,
            shared: None,
            whole: whole::WholeFirst::default(),
            rotation: (0, 1),
            root_others: root::Others::Untouched,
            root_value: NO_VALUE,
            root_check: 0,
            passed_below: 0,
            help: root::Help::Unused,
            published: usize::MAX,
        }
    }

    /// Bounds the table to about `bytes` bytes (besides what positions own on the heap), for
    /// the positions and for the cache of split successors: at three quarters of it the table
    /// makes room ([`Engine::make_room`]), and a search that needs more at once fails with
    /// [`Error::OutOfMemory`].
    pub(super) fn set_memory(&mut self, bytes: usize) {
        self.memory = Some(bytes);
        self.split_bytes = split_bytes_per_position::<N>();
        self.divide_memory();
    }

    /// Divides the memory budget between the table and the split cache, which gets
    /// `split_bytes` bytes per position.
    fn divide_memory(&mut self) {
        let Some(bytes) = self.memory else {
            return;
        };
        let each = Table::<N>::bytes_per_position() + self.split_bytes;
        let positions = (bytes / each).max(16);
        self.table.budget = positions;
        self.compact_at = positions / 4 * 3;
        self.split_cache.set_room(
            positions.saturating_mul(self.split_bytes) / SplitCache::<N>::bytes_per_successor(),
        );
    }

    /// Makes room in a table that reached [`Engine::compact_at`]: first from the split cache,
    /// whose room the budget gives to the table, then by a compaction.
    ///
    /// A cached split saves a split; a value kept saves a search, and a search a little
    /// short of room searches the values it forgot again and again. A game whose cache stands
    /// aside (its split is cheap) kept the cache's room empty; one whose cache saves a tenth
    /// of its splits (user-written Cram) loses little by it (BENCHMARKS.md has the figures).
    fn make_room(&mut self) -> Result<(), Error> {
        if self.split_bytes > 0 {
            self.split_bytes = 0;
            self.divide_memory();
            return Ok(());
        }
        self.compact()
    }

    /// Bounds the table this thread shares with others, when it divides a question, to about
    /// `bytes` bytes (see [`Shared::new`]).
    pub(super) fn set_published_memory(&mut self, bytes: usize) {
        self.published = bytes;
    }

    /// Makes the engine ready for a new question: after a panic that unwound through a
    /// search, drops its stack and clears every mark of a component under search, which would
    /// otherwise read as a cycle.
    pub(super) fn begin(&mut self) {
        // Left by a panic that unwound through a search with other threads, or by the
        // division of the last question between them.
        self.shared = None;
        self.root_value = NO_VALUE;
        self.root_others = root::Others::Untouched;
        self.help = root::Help::Unused;
        self.passed_below = 0;
        if self.busy {
            // Also the marks of a check that every position is finite.
            self.abandon();
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

    /// Forgets the positions that nothing on the stack names, but for the exact values that
    /// cost the most to find ([`Aux::work`](crate::solver::bookkeeping::Aux::work)) and the oldest
    /// (see [`COSTLIEST_SHARE`]), to bring the table down to half its budget; renumbers the
    /// rest.
    fn compact(&mut self) -> Result<(), Error> {
        self.compactions += 1;
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
        let table = &self.table;
        keep_costliest_and_oldest(&mut keep, table.budget / 2, |id| {
            (table.state(id as u32) < PARTIAL).then(|| table.aux(id as u32).work())
        });
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
        self.question(rules, position, EXACT)
    }

    /// The state of the component `position` once its question with goal `goal` is answered:
    /// its exact value, or, if that is above `goal`, possibly only [`PARTIAL`] with a lower
    /// bound above `goal`. With [`EXACT`] for the goal, the exact value.
    ///
    /// A goal spares the search everything above it: whether a component is worth `0` (who
    /// wins) needs one witness for `0` (a successor worth `0`) or its refutation, not the
    /// witnesses and the refutation of the value.
    ///
    /// # Errors
    ///
    /// As [`Engine::value_of`].
    pub(super) fn question<R: Rules<N>>(
        &mut self,
        rules: &mut R,
        position: N,
        goal: u64,
    ) -> Result<u64, Error> {
        let (id, state) = self.intern_question::<R>(position)?;
        if answers(state, goal) {
            return Ok(state);
        }
        self.busy = true;
        let result = self
            .expand_question(rules, id, goal)
            .and_then(|()| self.run(rules, u64::MAX));
        self.busy = false;
        self.settle(result, goal)
    }

    /// Pushes the frame of a question about component `id` with goal `goal`: an exact search
    /// that stops at a witness for the goal.
    fn expand_question<R: Rules<N>>(
        &mut self,
        rules: &mut R,
        id: u32,
        goal: u64,
    ) -> Result<(), Error> {
        if goal == EXACT || R::exhaustive(self.table.position(id)) {
            return self.expand(rules, id, EXACT);
        }
        self.expansions += 1;
        self.exact_expansions += 1;
        self.expand_eagerly(rules, id, goal, Kind::Exact, None)
    }

    /// The id and state of `position`, the component a question asks about, stored if it is
    /// new. The table makes room first ([`Engine::make_room`]) if it holds as many positions
    /// as that starts at: its budget may have shrunk since the last question (other threads
    /// took their shares, or a smaller budget was set), and the position would not fit.
    fn intern_question<R: Rules<N>>(&mut self, position: N) -> Result<(u32, u64), Error> {
        // The cache's room first, then a compaction, which nothing on the stack holds back.
        for _ in 0..=usize::from(self.split_bytes > 0) {
            if self.table.len() < self.compact_at {
                break;
            }
            self.make_room()?;
        }
        self.table.intern::<R>(position)
    }

    /// The state a finished search of a question with goal `goal` left, or its error after
    /// clearing the stack.
    fn settle(&mut self, result: Result<Run, Error>, goal: u64) -> Result<u64, Error> {
        if let Err(e) = result {
            self.abandon();
            return Err(e);
        }
        debug_assert!(
            answers(self.last_value, goal),
            "a finished search answers its question"
        );
        Ok(self.last_value)
    }

    /// Runs the stack until it is empty, or until it has expanded `pause_at` components, or
    /// another thread answered.
    fn run<R: Rules<N>>(&mut self, rules: &mut R, pause_at: u64) -> Result<Run, Error> {
        while !self.frames.is_empty() {
            if self.table.len() >= self.compact_at {
                self.make_room()?;
            }
            if self.expansions >= pause_at {
                return Ok(Run::Paused);
            }
            if self.shared.as_ref().is_some_and(|shared| shared.stopped()) {
                return Ok(Run::Stopped);
            }
            if self.root_value != NO_VALUE && self.frames.len() > 1 && self.root_task_stale() {
                self.back_to_root();
                continue;
            }
            match self.step()? {
                Step::Done => self.finish::<R>(),
                Step::Split => self.split_next::<R>()?,
                Step::Refill => self.refill(rules)?,
                Step::Push(id, goal) => {
                    if goal != EXACT {
                        self.frames.last_mut().expect("a frame is running").awaiting = true;
                    }
                    if !self.learn::<R>(id, goal) {
                        self.expand(rules, id, goal)?;
                    }
                }
            }
        }
        Ok(Run::Finished)
    }

    /// Records the result of the top frame and pops it.
    fn finish<R: Rules<N>>(&mut self) {
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
                    self.table.aux_mut(f.id).excluded |= self.known[f.set_first] as u32;
                }
            }
            // A test stops at its goal when it finds a witness for it: every value up to the
            // goal is reached, so the value is above it.
            Kind::Lazy | Kind::Exact if f.sought == f.goal && self.has_known(&f, f.sought) => {
                self.table.set_state(f.id, PARTIAL | (f.goal + 1));
            }
            // Otherwise no successor has the value sought, and every smaller one is reached.
            _ => self.table.set_state(f.id, f.sought),
        }
        self.last_value = self.table.state(f.id);
        self.table
            .aux_mut(f.id)
            .record_work(self.expansions - f.started + 1);
        self.table.leave(f.id);
        self.truncate_to(&f);
        if let Some(shared) = &self.shared {
            let state = self.table.state(f.id);
            let index = R::index(self.table.position(f.id));
            if self.frames.is_empty() {
                shared.answer(state);
            } else if index.is_some_and(|i| state < PARTIAL && shared.set_value_at(i, state)) {
                // Shared by index: cheap enough for every value.
            } else if shared.publishes(self.expansions - f.started) {
                let excluded = self.table.aux(f.id).excluded;
                let position = self.table.position(f.id).clone();
                shared.publish(position, Learned { state, excluded });
            }
        }
    }

    fn has_known(&self, f: &Frame, v: u64) -> bool {
        v <= f.succ_count as u64
            && self.known[f.known_first + (v / 64) as usize] & (1 << (v % 64)) != 0
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
        self.frames.clear();
        self.table.leave_all();
        self.raw.clear();
        self.succ_partial.clear();
        self.succ_next.clear();
        self.succ_end.clear();
        self.comps.clear();
        self.open.clear();
        self.known.clear();
    }
}

/// Marks in `keep` which exact values a compaction keeps besides those already marked, so
/// that at most `target` are marked (or those already marked, if more): `work(id)` is the
/// work class ([`Aux::work`](crate::solver::bookkeeping::Aux::work)) of the exact value
/// `id`, or `None` if `id` has none. Whole classes go first, from the costliest down, as long
/// as they fit in [`COSTLIEST_SHARE`] of the room; a class is not split, so that which of its
/// values stay does not depend on where the share happens to end. The rest of the room goes
/// to the oldest values of the other classes.
fn keep_costliest_and_oldest(keep: &mut [bool], target: usize, work: impl Fn(usize) -> Option<u8>) {
    let room = target.saturating_sub(keep.iter().filter(|&&k| k).count());
    let mut by_class = [0usize; 64];
    for (id, _) in keep.iter().enumerate().filter(|&(_, &k)| !k) {
        if let Some(class) = work(id) {
            by_class[usize::from(class)] += 1;
        }
    }
    let (share, out_of) = COSTLIEST_SHARE;
    // The floor of room * share / out_of, without overflow.
    let costliest_room = room / out_of * share + room % out_of * share / out_of;
    let (mut least_class_kept, mut costliest_kept) = (by_class.len(), 0);
    while least_class_kept > 0 && costliest_kept + by_class[least_class_kept - 1] <= costliest_room
    {
        least_class_kept -= 1;
        costliest_kept += by_class[least_class_kept];
    }
    let mut oldest_room = room - costliest_kept;
    for (id, k) in keep.iter_mut().enumerate().filter(|(_, k)| !**k) {
        match work(id) {
            Some(class) if usize::from(class) >= least_class_kept => *k = true,
            Some(_) if oldest_room > 0 => {
                oldest_room -= 1;
                *k = true;
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Engine, Table, keep_costliest_and_oldest, split_bytes_per_position};
    use crate::games::Cram;
    use crate::solver::rules::GameRules;

    #[test]
    fn a_table_short_of_room_takes_the_split_cache_room_before_it_forgets()
    -> Result<(), crate::Error> {
        let board = Cram::new(6, 4)?;
        let mut unbounded = Engine::new();
        let want = unbounded.value_of(&mut GameRules, board)?;
        let positions = unbounded.table.len();
        // Room for every position once the cache's room is the table's, not before.
        let each = Table::<Cram>::bytes_per_position();
        let bytes = positions * each * 3 / 2;
        let with_cache = each + split_bytes_per_position::<Cram>();
        assert!(bytes / with_cache / 4 * 3 < positions);
        let mut engine = Engine::new();
        engine.set_memory(bytes);
        assert_eq!(engine.value_of(&mut GameRules, board)?, want);
        assert_eq!(engine.compactions, 0);
        assert_eq!(engine.table.len(), positions);
        assert_eq!(engine.split_bytes, 0);
        Ok(())
    }

    #[test]
    fn by_default_a_stored_position_takes_at_most_64_bytes_besides_itself()
    -> Result<(), crate::Error> {
        use crate::user_cram::Cram as UserCram;
        // 27,000 and 17,000 positions, with a split costly enough for the cache. The cache
        // may stand aside when its lookups are timed as not paying: then it takes less.
        for (rows, columns) in [(5, 5), (6, 4)] {
            let mut engine = Engine::new();
            engine.value_of(&mut GameRules, UserCram::full(rows, columns))?;
            let positions = engine.table.len();
            let bytes = engine.table.resident_bytes() + engine.split_cache.resident_bytes();
            let most = positions * (64 + size_of::<UserCram>());
            assert!(
                bytes <= most,
                "{rows} x {columns}: {bytes} bytes for {positions}"
            );
        }
        Ok(())
    }

    /// The ids kept of exact values of work classes `work` (`None`: not exact), with those of
    /// `marked` kept already, for `target`.
    fn kept(work: &[Option<u8>], marked: &[usize], target: usize) -> Vec<usize> {
        let mut keep = vec![false; work.len()];
        for &id in marked {
            keep[id] = true;
        }
        keep_costliest_and_oldest(&mut keep, target, |id| work[id]);
        (0..work.len()).filter(|&id| keep[id]).collect()
    }

    #[test]
    fn whole_classes_from_the_costliest_fill_nine_tenths_and_the_oldest_the_rest() {
        // Ten of class 1, four of class 5, five of class 3, one not exact. Room for 10:
        // classes 5 and 3 fill the nine tenths exactly, the oldest of class 1 the rest.
        let mut work = vec![Some(1); 10];
        work.extend([Some(5); 4]);
        work.extend([Some(3); 5]);
        work.push(None);
        let want: Vec<usize> = [0].into_iter().chain(10..19).collect();
        assert_eq!(kept(&work, &[], 10), want);
        // One marked already leaves room for 9, nine tenths of it 8: class 5, then the five
        // oldest.
        assert_eq!(kept(&work, &[19], 10), [0, 1, 2, 3, 4, 10, 11, 12, 13, 19]);
    }

    #[test]
    fn a_class_too_large_for_the_share_is_left_to_the_oldest() {
        // Five of class 7 do not fit in nine tenths of 4: the four oldest stay, whatever
        // their class.
        let work = [
            Some(1),
            Some(7),
            Some(1),
            Some(7),
            Some(7),
            Some(7),
            Some(7),
        ];
        assert_eq!(kept(&work, &[], 4), [0, 1, 2, 3]);
        // A small room: nine tenths of 5 is 4, enough for the one of class 9.
        let work = [Some(2), Some(2), Some(2), Some(2), Some(2), Some(9), None];
        assert_eq!(kept(&work, &[], 5), [0, 1, 2, 3, 5]);
    }

    #[test]
    fn what_the_stack_names_beyond_the_target_is_kept_and_nothing_more() {
        let work = [Some(9), None, Some(1), Some(2)];
        assert_eq!(kept(&work, &[1, 2, 3], 2), [1, 2, 3]);
        assert_eq!(kept(&work, &[], 0), Vec::<usize>::new());
    }
}
