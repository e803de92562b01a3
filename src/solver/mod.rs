//! The memoizing Sprague–Grundy solver for finite games, and its free-function forms.

mod bits;
mod bookkeeping;
mod finite;
mod parallel;
mod rests;
pub(crate) mod rules;
mod search;
mod splits;
pub(crate) mod table;

use std::fmt;
use std::hash::Hash;

use rules::{FnRules, GameRules};
use search::{EXACT, Engine};

use crate::{Error, Game, Nimber, Outcome, Search};

/// Solves positions of a [`Game`], remembering what it learns about every component.
///
/// Reusing one solver across calls reuses its table: positions shared between calls are
/// valued once.
///
/// # Algorithm
///
/// A position is worth the nim-sum of its components ([`Game::split`]), and a component the
/// mex of its successors. Rather than valuing every successor, the solver looks for
/// *witnesses*: for y = 0, 1, 2, … a successor of value y; the first y without one is the
/// value (the aspiration search of Beling and Rogalski, *On pruning search trees of impartial
/// games*, 2020). Whether a successor has value y is a *test*, "is the value in this set?",
/// answered by their set pruning: the candidates for the value start as 0..=n for n moves, each
/// successor strikes its value (or the largest candidate), a successor is only asked whether
/// its value is a candidate, and the test stops once no requested value is a candidate. Of a
/// successor made of several components, all but the hardest are valued exactly and the
/// hardest is tested (Lemoine and Viennot, *Nimbers are inevitable*, 2012, with Beling's
/// refinement), and two equal components cancel. Successors are tried easiest first: fewer
/// moves in their components.
///
/// Every answer is kept: exact values, lower bounds, values a test excluded, move counts, so
/// no question is searched twice; a component tested six times is valued exactly instead.
/// When every successor of a component is already known, as in a table filled in order, the
/// search is a plain mex; a game whose values are large and whose positions are nearly all
/// reached anyway can ask for that always ([`Game::search`]).
///
/// The search runs on an explicit stack: the depth of a game is limited by memory, never by the
/// call stack. Each component is hashed once, when first met, into a compact open-addressing
/// table; the search then works on dense ids.
///
/// # What it promises
///
/// For a finite game (no position can repeat), exact values, whatever the number of threads.
/// For a game that is not finite, [`Error::Cycle`] when the search meets a cycle; but the
/// search only examines the positions it needs, and may settle a question from the number of
/// moves alone, so it may also return a value that means nothing.
/// [`Solver::with_cycle_check`] examines every reachable position first and always reports the
/// cycle. Games whose positions may repeat on purpose belong in [`loopy`](crate::loopy).
///
/// # Complexity
///
/// For V components reached and E (successor, component) pairs generated: at most
/// O(V + E) hash lookups and other work times a small constant (each component is searched at
/// most seven times), and typically far less, since most successors are never valued; a test
/// of a component with b > 512 moves that looks at all of them lists them b / 512 times.
///
/// # Memory
///
/// The table stores each component met once: `size_of::<G>()` plus 21 to 36 bytes (its value
/// or bounds, 8 bytes of search bookkeeping, its slots in the hashed index, of 4 bytes each
/// and at least a quarter full, and 4 bytes more in a game with an index), plus a cache of
/// split successors, each `size_of::<G>()` plus 9 bytes or so, of what fits beside the table
/// in 64 bytes per stored component besides the component (one successor for a component of
/// 16 bytes), or 8,192 successors, where the oldest give way to new ones; the cache is
/// dropped while its hits save less time than its lookups cost (or, for positions that own
/// heap memory, while a split costs less than two lookups). During a search, the stack holds,
/// per component on the current line of play, the successors not yet valued, or for a test
/// of a component with more than 512 moves at most 512 unsplit ones.
/// [`Solver::with_memory`] bounds the table and the cache; when the table fills, it takes the
/// cache's room, and then forgets what the search does not hold.
///
/// # Threads
///
/// A question is answered on the calling thread alone at first; then the other threads
/// ([`Solver::with_threads`]) join it: as soon as the game's [`split`](Game::split) is seen
/// to be costly (a flood fill and the symmetries of a board: 300 ns or more on average, as
/// the solver times it; it looks every 64 components expanded), else once the search has
/// expanded 4,096 components.
///
/// - A question searched for its value by witnesses (the default) is divided between the
///   threads. Each searches it with a table of its own, and claims the successor of the
///   question it tries: the others pass over it and come back to it once they have tried the
///   rest. An exact value v needs a witness for each value below v (most often the first
///   successor tried) and a refutation of v, which tries every successor; so a thread that
///   finds another on the first successor tried for the least value without a witness
///   searches it too for a while (1,024 components expanded at most, its successors from
///   the middle of their order on: in a short question that search is most of the work),
///   then looks for a witness of the value above while the other thread is on the least
///   value, and leaves it if that least value turns out to need its successors tried one
///   after another. The witnesses and
///   refutations found are shared, and each thread publishes what it learns about the
///   components it searches (exact values, bounds, excluded values; when the split is
///   costly, every component, else those that took a few expansions) in a sharded table all
///   of them consult before searching a component. A component with an
///   [`index`](Game::index) shares its exact value in an array all threads read without
///   locks. The first thread to answer stops the others; each thread's table persists
///   across questions.
/// - An exhaustive search ([`Search::Exhaustive`]) values every successor, in any order: the
///   threads search it each with its own table, taking the successors in an order of its own
///   at every depth, so that they value different components and read one another's values
///   instead of repeating them. This needs the index: a component without one is valued on
///   the calling thread alone.
/// - A question most of whose components are valued exactly rather than tested, in a game
///   without an index, stays with the calling thread (or, if it turns so later, the others
///   leave it): a heap game whose every heap needs the smaller ones, or a game whose tests
///   seldom settle, is searched by each thread in nearly the same order, and the others would
///   only repeat its work. So does a question under a memory budget that holds too little of
///   its search to divide (see [`Solver::with_memory`]), from then on. So does a question in a
///   game without an index whose positions own memory on the heap (a type that needs dropping,
///   such as a vector of heaps or rows): see the allocator below.
///
/// Values never depend on the number of threads: every answer is exact.
///
/// On a glibc system, each other thread starts by taking, and holds while it runs, about
/// 230 KB of small blocks of memory: with glibc's allocator, the blocks a new thread frees
/// first came from the calling thread's arena, and the game's vectors grown from them would
/// go on allocating there, under a lock both threads take.
///
/// Once a process has started a second thread, glibc's allocator takes a lock for blocks its
/// per-thread cache does not hold, for the rest of the process: a game whose successors
/// allocate much (vectors of heaps, grown and dropped by the thousand) then runs slower,
/// here and in the rest of the program, by more than other threads searching the same
/// question save it. So the solver starts no thread for such a game unless its split is
/// costly or its positions have an index; the calling thread answers alone, as with
/// `with_threads(1)`.
///
/// # Beyond one machine
///
/// The published table is the only state the threads share, so it is what would be
/// distributed: partitioned by the hash of a component across processes (as `GamesmanOne`
/// does with MPI), each process owning the values of its share, with a search asking the owner
/// of a component before searching it and batching those requests per round of the stack.
/// Components of a sum and the candidate values of a mex are independent questions that
/// different processes can answer. None of this is built: one solver is one process.
///
/// # Examples
///
/// ```
/// use sprague::{Game, Nimber, Solver};
///
/// /// Take 1, 3 or 4 stones.
/// #[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// struct Pile(u32);
///
/// impl Game for Pile {
///     fn successors(&self) -> impl IntoIterator<Item = Self> {
///         let n = self.0;
///         [1, 3, 4].into_iter().filter(move |&k| k <= n).map(move |k| Pile(n - k))
///     }
/// }
///
/// let mut solver = Solver::new();
/// let values: Vec<u64> = (0..8).map(|n| solver.grundy(&Pile(n)).unwrap().value()).collect();
/// assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0]);
/// assert_eq!(solver.winning_moves(&Pile(6))?, vec![Pile(2)]);
/// # Ok::<(), sprague::Error>(())
/// ```
pub struct Solver<G> {
    engine: Engine<G>,
    /// The searches of the other threads, each with its own table, made when first needed.
    helpers: Vec<Engine<G>>,
    threads: usize,
    cycle_check: bool,
    /// The memory budget, shared among the threads' tables.
    memory: Option<usize>,
    /// Whether a question found the memory budget too small to divide between threads: the
    /// calling thread then answers alone, with the whole budget, until the threads, the
    /// limit or the budget are set again.
    crowded: bool,
}

impl<G: Game> Solver<G> {
    /// An empty solver with no position limit and no memory budget: it stores positions until
    /// memory runs out, and then answers [`Error::OutOfMemory`] (its table and its search's
    /// own stack alike), never aborting. Set [`with_limit`](Solver::with_limit) or
    /// [`with_memory`](Solver::with_memory) to stop sooner.
    ///
    /// ```
    /// use sprague::{games::Nim, Nimber, Solver};
    ///
    /// let mut solver = Solver::new();
    /// assert_eq!(solver.grundy(&Nim::new([3, 5]))?, Nimber::new(6));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Solver {
            engine: Engine::new(),
            helpers: Vec::new(),
            threads: every_core(),
            cycle_check: false,
            memory: None,
            crowded: false,
        }
    }

    /// Bounds the number of positions (components) the solver may store.
    ///
    /// A computation that needs more fails with [`Error::LimitExceeded`]. Like every failed
    /// call, it leaves the table with the positions it had before (and what was learned about
    /// them), so the budget stays available for other questions.
    ///
    /// ```
    /// use sprague::{games::GridCutting, Error, Solver};
    ///
    /// let mut solver = Solver::new().with_limit(100);
    /// let err = solver.grundy(&GridCutting::new(60, 60)).unwrap_err();
    /// assert_eq!(err, Error::LimitExceeded { limit: 100 });
    /// ```
    #[must_use]
    pub fn with_limit(mut self, max_positions: usize) -> Self {
        self.engine.table.limit = max_positions;
        self.drop_helpers();
        self
    }

    /// Sets the number of threads the solver may use; `0` means one per core, the default
    /// ([`std::thread::available_parallelism`]).
    ///
    /// Values never depend on it. A question whose search is short is answered on the calling
    /// thread alone; a long one is joined by the others (see [Threads](Solver#threads)). When
    /// they search on their own, each thread keeps a table of its own, so memory grows with the
    /// number of threads; with [`with_memory`](Solver::with_memory), the budget is divided
    /// among them, most of it to the calling thread.
    ///
    /// ```
    /// use sprague::{games::Nim, Nimber, Solver};
    ///
    /// let mut solver = Solver::new().with_threads(1);
    /// assert_eq!(solver.threads(), 1);
    /// assert_eq!(solver.grundy(&Nim::new([3, 5]))?, Nimber::new(6));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = if threads == 0 { every_core() } else { threads };
        self.drop_helpers();
        self
    }

    /// The number of threads the solver may use: see [`Solver::with_threads`].
    ///
    /// ```
    /// use sprague::{games::Nim, Solver};
    ///
    /// let solver: Solver<Nim> = Solver::new().with_threads(3);
    /// assert_eq!(solver.threads(), 3);
    /// // The default: one per core.
    /// assert!(Solver::<Nim>::new().threads() >= 1);
    /// ```
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Bounds the memory of the table to about `bytes` bytes, besides what the positions
    /// themselves own on the heap (a `Vec` inside a position, say).
    ///
    /// Each stored position costs [`size_of::<G>()`](size_of) plus a few dozen bytes, and the
    /// budget keeps room beside it for the cache of split successors (each about
    /// `size_of::<G>()` plus 9 bytes): what 64 bytes a position leave beside the table's own,
    /// besides the position (one successor of 16 bytes). When the table is three quarters
    /// full, the cache is emptied and gives it its room: a value kept saves a search, a cached
    /// split only a split. When the table is three quarters full with the cache's room, the
    /// solver keeps what the search under way needs and exact values up to half the budget
    /// (mostly those that were the most work to find, by the components their searches
    /// expanded, and the oldest), forgets the rest, and goes on: values stay exact, and what
    /// was forgotten is searched again if it is met again, its work measured anew.
    /// Only a search that needs more than the whole budget at once (the components on its
    /// current line of play and their open successors) fails, with [`Error::OutOfMemory`].
    ///
    /// A budget a little below what a search reaches costs it a small factor; far below, a
    /// search that meets the same components along many lines of play may grow like a tree.
    ///
    /// A forgotten position with an [`index`](Game::index) keeps its exact value in the array
    /// the index addresses (8 bytes an index, up to the largest met), so that it is never
    /// searched again: an exhaustive search ([`Search::Exhaustive`]) under a budget far below
    /// what it reaches then costs about what it costs without one, where searching forgotten
    /// values again would make it grow like a tree.
    ///
    /// The stack of the search itself is not counted: it holds the successors of the components
    /// on the current line of play. With several threads, from the first question that may
    /// start the others on, the calling thread's table gets five eighths of the budget, the
    /// other threads' tables a quarter among them, and the table they publish to an eighth (but
    /// room for about 1,000 components and one page of 65,536 indexed values at least; in a
    /// game with an [`index`](Game::index), most of that eighth holds the values of indexed
    /// components, at 4 bytes each): the calling thread keeps what later questions use, and its
    /// search goes on whatever the others do, so other threads take three eighths from it,
    /// however many there are. But a budget that holds too little of a search is better left
    /// whole: in a game whose split is not costly, once the calling thread's table is compacted
    /// every 4,096 expansions or more often, the others leave the question and give their
    /// memory back, and the calling thread answers this question and the next ones alone, with
    /// the whole budget. Setting the threads, the limit or the budget again divides it anew.
    ///
    /// ```
    /// use sprague::{games::GridCutting, Error, Solver};
    ///
    /// let grid = GridCutting::new(40, 40);
    /// let want = Solver::new().grundy(&grid)?;
    /// assert_eq!(Solver::new().with_memory(1 << 20).grundy(&grid)?, want);
    /// // Far too little for the positions a search of it holds at once.
    /// let mut tiny = Solver::new().with_memory(1000);
    /// assert!(matches!(tiny.grundy(&grid), Err(Error::OutOfMemory { .. })));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn with_memory(mut self, bytes: usize) -> Self {
        self.memory = Some(bytes);
        self.drop_helpers();
        self
    }

    /// Makes every answer check that the game is finite: before a component is valued, every
    /// component reachable from it is examined once, and a position from which a position can
    /// repeat is always [`Error::Cycle`], with the length of a cycle and its distance in moves
    /// from the component.
    ///
    /// Without the check the solver examines only the positions it needs: a finite game gets
    /// its exact value; a game that is not finite gets [`Error::Cycle`] when the search meets
    /// a cycle, and may otherwise get a value that means nothing, since the search can settle
    /// a question ("is this value 5?") from the number of moves alone, without looking behind
    /// them. The check costs one visit of every reachable component and keeps all of them in
    /// the table. Games whose positions may repeat on purpose belong in
    /// [`loopy`](crate::loopy).
    ///
    /// ```
    /// use sprague::{Error, Game, Solver};
    ///
    /// /// Root -> {One, Zero, Loop}, One -> {Zero}, Loop -> {Loop}.
    /// #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    /// enum P { Root, One, Zero, Loop }
    ///
    /// impl Game for P {
    ///     fn successors(&self) -> impl IntoIterator<Item = Self> {
    ///         match self {
    ///             P::Root => vec![P::One, P::Zero, P::Loop],
    ///             P::One => vec![P::Zero],
    ///             P::Zero => vec![],
    ///             P::Loop => vec![P::Loop],
    ///         }
    ///     }
    /// }
    ///
    /// let err = Solver::new().with_cycle_check().grundy(&P::Root).unwrap_err();
    /// assert_eq!(err, Error::Cycle { length: 1, depth: 1 });
    /// ```
    #[must_use]
    pub fn with_cycle_check(mut self) -> Self {
        self.cycle_check = true;
        self
    }

    /// The Grundy value (nimber) of `position`.
    ///
    /// # Errors
    ///
    /// [`Error::Cycle`] if a position repeats (the game is not finite): always, with
    /// [`Solver::with_cycle_check`], and otherwise when the search meets the cycle;
    /// [`Error::LimitExceeded`] if the position limit is reached,
    /// [`Error::OutOfMemory`] if the table cannot grow or the search needs more than the
    /// memory budget at once. The solver keeps what it knew before the call, and stays usable
    /// even after a panic in the game's own code unwound through it.
    ///
    /// # Complexity
    ///
    /// See [`Solver`]: linear in the components and moves not met before by this solver, in
    /// the worst case.
    ///
    /// ```
    /// use sprague::{games::GridCutting, Nimber, Solver};
    ///
    /// // POJ 2311: a 2 x 2 sheet is lost for the player to move, a 4 x 2 sheet won.
    /// let mut solver = Solver::new();
    /// assert_eq!(solver.grundy(&GridCutting::new(2, 2).with_min_side(2))?, Nimber::new(0));
    /// assert!(!solver.grundy(&GridCutting::new(4, 2).with_min_side(2))?.is_zero());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn grundy(&mut self, position: &G) -> Result<Nimber, Error> {
        self.engine.begin();
        let mut total = 0;
        for component in position.split() {
            total ^= self.answer(component, EXACT)?;
        }
        Ok(Nimber::new(total))
    }

    /// The state of `component` once its question with goal `goal` is answered: its exact
    /// value, or, if that is above `goal`, possibly only a lower bound above it (the table's
    /// [`PARTIAL`](table::PARTIAL) state); with [`EXACT`], its value. Searched by every thread
    /// the solver has when that pays, after the cycle check if it is asked for.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`]; the positions the question added are then forgotten.
    fn answer(&mut self, component: G, goal: u64) -> Result<u64, Error> {
        let checked = if self.cycle_check {
            self.engine.check_finite(&mut GameRules, component.clone())
        } else {
            Ok(())
        };
        let state = checked.and_then(|()| {
            // An exhaustive search shares its work through the values of indexed components:
            // without an index, threads would mostly repeat one another.
            let shares = component.search() != Search::Exhaustive || component.index().is_some();
            if self.threads > 1 && shares && !self.crowded {
                self.start_helpers();
                // Crowded, the helpers are dropped, and the calling thread keeps the whole
                // budget.
                self.engine.value_with_helpers(
                    &mut GameRules,
                    component,
                    goal,
                    &mut self.helpers,
                    self.memory,
                    &mut self.crowded,
                )
            } else {
                self.engine.question(&mut GameRules, component, goal)
            }
        });
        if state.is_err() {
            self.engine.fail();
        }
        state
    }

    /// Whether the player to move wins `position` ([`Outcome::N`]) or loses it
    /// ([`Outcome::P`]).
    ///
    /// A sum of components is lost exactly when the value of one component is the nim-sum of
    /// the others', so only the others are valued: the one with the most moves, the costliest
    /// to value, is asked whether its value is that nim-sum, which needs witnesses up to it
    /// and no more (a single component is asked whether it is worth `0`: one successor worth
    /// `0`, or the proof that none is). Moves are counted by [`Game::move_count`], or listed
    /// (up to 4,096: more are as many), when there are two components or more; a component
    /// the solver has valued already counts as having none, and is not listed.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`].
    ///
    /// # Complexity
    ///
    /// As [`Solver::grundy`] in the worst case; the question of the component asked stops at
    /// the first witness above the nim-sum of the others, and is often much shorter than its
    /// value's search.
    ///
    /// ```
    /// use sprague::{games::Nim, Outcome, Solver};
    ///
    /// let mut solver = Solver::new();
    /// assert_eq!(solver.outcome(&Nim::new([1, 2, 3]))?, Outcome::P);
    /// assert_eq!(solver.outcome(&Nim::new([1, 2, 4]))?, Outcome::N);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn outcome(&mut self, position: &G) -> Result<Outcome, Error> {
        self.engine.begin();
        let mut components = position.split().into_iter();
        let Some(mut asked) = components.next() else {
            return Ok(Outcome::P);
        };
        // Counted once a second component shows that there is a choice.
        let mut asked_moves = None;
        let mut others = 0;
        for component in components {
            let most = *asked_moves.get_or_insert_with(|| self.moves_to_ask(&asked));
            let moves = self.moves_to_ask(&component);
            let valued = if moves > most {
                asked_moves = Some(moves);
                std::mem::replace(&mut asked, component)
            } else {
                component
            };
            others ^= self.answer(valued, EXACT)?;
        }
        // Exact and equal to the others' nim-sum, or anything else: above it, or below.
        let loses = self.answer(asked, others)? == others;
        Ok(if loses { Outcome::P } else { Outcome::N })
    }

    /// How many moves [`Solver::outcome`] counts `component` as having, to choose the component
    /// of a sum it asks about: none if its value is stored already, for then it costs nothing
    /// to value (and listing its moves would cost more than that), else its moves up to
    /// [`OUTCOME_MOVES`], counted by the game or listed.
    fn moves_to_ask(&self, component: &G) -> usize {
        if self.engine.table.value_of::<GameRules>(component).is_some() {
            return 0;
        }
        component
            .move_count()
            .unwrap_or_else(|| {
                component
                    .successors()
                    .into_iter()
                    .take(OUTCOME_MOVES)
                    .count()
            })
            .min(OUTCOME_MOVES)
    }

    /// Every successor of `position` of value `0`: the moves that win. Empty exactly when
    /// `position` is a loss for the player to move.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`].
    ///
    /// # Complexity
    ///
    /// An [`outcome`](Solver::outcome) of `position`, then one of each successor if it is won.
    ///
    /// ```
    /// use sprague::{games::Nim, Solver};
    ///
    /// let wins = Solver::new().winning_moves(&Nim::new([3, 4, 5]))?;
    /// assert_eq!(wins, vec![Nim::new([1, 4, 5])]);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn winning_moves(&mut self, position: &G) -> Result<Vec<G>, Error> {
        self.winning_plays(position, position.successors(), |next| Ok(next.clone()))
    }

    /// The moves among `moves` that win `position`: those `play` turns into a position worth
    /// 0; none when `position` is lost. [`Solver::winning_moves`] for games whose moves are
    /// named (cells, dominoes) rather than listed as positions.
    ///
    /// # Errors
    ///
    /// Those of [`Solver::outcome`] and of `play`.
    pub(crate) fn winning_plays<M>(
        &mut self,
        position: &G,
        moves: impl IntoIterator<Item = M>,
        play: impl Fn(&M) -> Result<G, Error>,
    ) -> Result<Vec<M>, Error> {
        if self.outcome(position)? == Outcome::P {
            return Ok(Vec::new());
        }
        let mut wins = Vec::new();
        for m in moves {
            if self.outcome(&play(&m)?)? == Outcome::P {
                wins.push(m);
            }
        }
        Ok(wins)
    }

    /// The number of positions (components) stored.
    ///
    /// ```
    /// use sprague::{games::GridCutting, Solver};
    ///
    /// let mut solver = Solver::new();
    /// assert!(solver.is_empty());
    /// solver.grundy(&GridCutting::new(6, 4))?;
    /// assert!(solver.len() > 1);
    /// solver.clear();
    /// assert_eq!(solver.len(), 0);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.engine.table.len()
    }

    /// Whether no position is stored yet: see [`Solver::len`].
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Forgets every stored position, keeping the limit and the allocated memory: see
    /// [`Solver::len`].
    pub fn clear(&mut self) {
        self.engine.forget_from(0);
        for helper in &mut self.helpers {
            helper.forget_from(0);
        }
    }

    /// Drops the engines of the other threads, made for the settings before, and gives the
    /// calling thread's table the whole memory budget again: the next question that needs the
    /// others makes them anew and divides the budget again.
    fn drop_helpers(&mut self) {
        self.helpers.clear();
        self.crowded = false;
        if let Some(bytes) = self.memory {
            self.engine.set_memory(bytes);
        }
    }

    /// Makes the engines of the other threads, with the same limit and a share of the memory
    /// budget, unless they exist.
    fn start_helpers(&mut self) {
        let wanted = self.threads - 1;
        if self.helpers.len() == wanted {
            return;
        }
        self.helpers.clear();
        let shares = self.memory.map(|bytes| MemoryShares::of(bytes, wanted));
        if let Some(shares) = shares {
            self.engine.set_memory(shares.caller);
            self.engine.set_published_memory(shares.published);
        }
        for _ in 0..wanted {
            let mut helper = Engine::new();
            helper.table.limit = self.engine.table.limit;
            if let Some(shares) = shares {
                helper.set_memory(shares.helper);
            }
            self.helpers.push(helper);
        }
    }
}

/// How a memory budget is divided between the tables of a solver with other threads.
///
/// The calling thread's table keeps what every later question uses, and its search goes on
/// whatever the others do: it gets most of the budget, the same share for any number of
/// other threads. A helper's table serves only the questions the helpers join, and the table
/// the threads publish to what they share of one. The shares add up to the budget at most.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MemoryShares {
    /// The calling thread's table: five eighths.
    caller: usize,
    /// Each helper's table: a quarter among them.
    helper: usize,
    /// The published table: an eighth.
    published: usize,
}

impl MemoryShares {
    /// The shares of `bytes` for the calling thread and `helpers` others.
    fn of(bytes: usize, helpers: usize) -> Self {
        let (helpers_share, published) = (bytes / 4, bytes / 8);
        MemoryShares {
            caller: bytes - helpers_share - published,
            helper: helpers_share / helpers.max(1),
            published,
        }
    }
}

impl<G: Game> Default for Solver<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G> fmt::Debug for Solver<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solver")
            .field("positions", &self.engine.table.len())
            .field("limit", &self.engine.table.limit)
            .field("threads", &self.threads)
            .field("cycle_check", &self.cycle_check)
            .finish_non_exhaustive()
    }
}

/// One thread per core, or one if the number of cores is not known.
fn every_core() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// The Grundy value of `position`, with a fresh [`Solver`].
///
/// # Errors
///
/// As [`Solver::grundy`].
///
/// ```
/// use sprague::{games::Nim, grundy, Nimber};
/// assert_eq!(grundy(&Nim::new([3, 4, 5]))?, Nimber::new(2));
/// # Ok::<(), sprague::Error>(())
/// ```
pub fn grundy<G: Game>(position: &G) -> Result<Nimber, Error> {
    Solver::new().grundy(position)
}

/// The normal-play outcome of `position`, with a fresh [`Solver`]: see
/// [`Solver::outcome`].
///
/// # Errors
///
/// As [`Solver::grundy`].
///
/// ```
/// use sprague::{games::Nim, outcome, Outcome};
/// assert_eq!(outcome(&Nim::new([1, 2, 3]))?, Outcome::P);
/// # Ok::<(), sprague::Error>(())
/// ```
pub fn outcome<G: Game>(position: &G) -> Result<Outcome, Error> {
    Solver::new().outcome(position)
}

/// The Grundy value of `start` in the game whose moves are given by `successors`.
///
/// For games that are easier to write as a function than as a type (in the style of the
/// `pathfinding` crate). Positions are not split into components; implement [`Game`] for
/// that.
///
/// # Errors
///
/// As [`Solver::grundy`].
///
/// # Complexity
///
/// As [`Solver::grundy`]: linear in the positions and moves reachable from `start`.
///
/// ```
/// // Subtract a proper divisor: from n, move to n - d for a divisor d < n.
/// let value = sprague::grundy_by(&12u32, |&n| (1..n).filter(move |d| n % d == 0).map(move |d| n - d))?;
/// assert_eq!(value.value(), 2);
/// # Ok::<(), sprague::Error>(())
/// ```
pub fn grundy_by<N, F, I>(start: &N, successors: F) -> Result<Nimber, Error>
where
    N: Clone + Eq + Hash,
    F: FnMut(&N) -> I,
    I: IntoIterator<Item = N>,
{
    let value = Engine::new().value_of(&mut FnRules(successors), start.clone())?;
    Ok(Nimber::new(value))
}

/// The normal-play outcome of `start` in the game whose moves are given by `successors`:
/// whether `start` is worth `0`, which needs one successor worth `0` or the proof that none
/// is, not its value.
///
/// # Errors
///
/// As [`Solver::grundy`].
///
/// # Complexity
///
/// As [`grundy_by`] in the worst case.
///
/// ```
/// use sprague::Outcome;
/// // Take 1 or 2 from a heap: multiples of 3 are lost for the player to move.
/// let take = |&n: &u32| (1..=2).filter(move |&k| k <= n).map(move |k| n - k);
/// assert_eq!(sprague::outcome_by(&9, take)?, Outcome::P);
/// assert_eq!(sprague::outcome_by(&10, take)?, Outcome::N);
/// # Ok::<(), sprague::Error>(())
/// ```
pub fn outcome_by<N, F, I>(start: &N, successors: F) -> Result<Outcome, Error>
where
    N: Clone + Eq + Hash,
    F: FnMut(&N) -> I,
    I: IntoIterator<Item = N>,
{
    let state = Engine::new().question(&mut FnRules(successors), start.clone(), 0)?;
    Ok(if state == 0 { Outcome::P } else { Outcome::N })
}

/// The most moves [`Solver::outcome`] counts of a component, to choose the one it asks about:
/// a component with more is as costly as any to value, and listing its moves would cost more
/// than the choice saves.
const OUTCOME_MOVES: usize = 4096;

#[cfg(test)]
mod tests {
    use super::{MemoryShares, Solver};
    use crate::games::Cram;

    #[test]
    // Whether threads leave for want of memory depends on the game's split being cheap, as
    // timed: unoptimized, Cram's split takes longer than a costly one.
    #[cfg_attr(debug_assertions, ignore = "an unoptimized split is timed as costly")]
    fn a_budget_too_small_to_divide_is_left_whole_to_the_calling_thread() -> Result<(), crate::Error>
    {
        let boards = [Cram::new(7, 4)?, Cram::new(6, 4)?];
        let want: Vec<_> = boards
            .iter()
            .map(|board| Solver::new().with_threads(1).grundy(board))
            .collect::<Result<_, _>>()?;
        let budget = 40_000;
        let alone = Solver::<Cram>::new().with_threads(1).with_memory(budget);
        let mut solver = Solver::new().with_threads(2).with_memory(budget);
        assert_eq!(solver.grundy(&boards[0])?, want[0]);
        // Cram's split is cheap, and 40 KB holds a small part of a search of 7 x 4.
        assert!(solver.crowded);
        assert!(solver.helpers.is_empty());
        // The whole budget, and maybe some of the split cache's room.
        assert!(solver.engine.table.budget >= alone.engine.table.budget);
        assert_eq!(solver.grundy(&boards[1])?, want[1]);
        assert!(solver.helpers.is_empty());
        // Set again, the budget is divided again.
        let mut solver = solver.with_memory(budget);
        assert!(!solver.crowded);
        assert_eq!(solver.grundy(&boards[1])?, want[1]);
        Ok(())
    }

    #[test]
    fn the_shares_of_a_budget_add_up_to_it_at_most_and_the_caller_keeps_most() {
        for bytes in [0, 7, 1000, 1 << 20, usize::MAX] {
            for helpers in 1..=64 {
                let shares = MemoryShares::of(bytes, helpers);
                let total = [shares.caller, shares.published]
                    .into_iter()
                    .chain(std::iter::repeat_n(shares.helper, helpers))
                    .try_fold(0usize, usize::checked_add);
                assert!(
                    total.is_some_and(|total| total <= bytes),
                    "{bytes} {helpers}"
                );
                assert!(shares.caller >= bytes / 8 * 5, "{bytes} {helpers}");
            }
        }
        assert_eq!(
            MemoryShares::of(8000, 2),
            MemoryShares {
                caller: 5000,
                helper: 1000,
                published: 1000
            }
        );
    }
}
