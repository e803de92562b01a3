//! Misère play: the player who cannot move wins.
//!
//! # Why misère positions are searched whole
//!
//! Under misère play the last player to move loses, so a terminal position is a win for the
//! player to move ([`Outcome::N`]), and a position is a loss ([`Outcome::P`]) exactly when
//! every move leads to a win. The Sprague–Grundy theorem has no misère counterpart: the
//! misère outcome of a sum is not a function of the components' misère outcomes, nor of their
//! normal-play values. The empty heap and a heap of 2 are both misère wins for the player to
//! move, yet with a heap of 1 added the first is a loss (`[1]`) and the second a win
//! (`[2, 1]`: take the 2). A heap of 1 and the heaps `[2, 3]` are both worth `*`, but the
//! first is a misère loss and the second a win. Describing sums takes far larger structures
//! (the misère quotients of Plambeck and Siegel). So [`MisereSolver`] searches whole positions
//! and never calls [`Game::split`]: positions are memoized as they are.
//!
//! # The anti-SG theorem
//!
//! One family of sums does have a rule, from the normal-play values of the components: the
//! *anti-SG* or *SJ theorem* (Jia Zhihao, 2009; the problem "小约翰的游戏", SHOI 2008, is misère
//! Nim). See [`anti_sg_outcome`] for the statement and its hypotheses; Bouton's misère Nim rule
//! ([`Nim::misere_outcome`](crate::games::Nim::misere_outcome)) is the special case of Nim
//! heaps.
//!
//! # Examples
//!
//! Misère Nim: heaps of 1 and 1 are a win for the player to move (take one, leave the last
//! token to the opponent); heaps of 1, 1 and 1 are a loss.
//!
//! ```
//! use sprague::games::Nim;
//! use sprague::{misere, Outcome};
//!
//! assert_eq!(misere::outcome(&Nim::new([1, 1]))?, Outcome::N);
//! assert_eq!(misere::outcome(&Nim::new([1, 1, 1]))?, Outcome::P);
//! assert_eq!(misere::outcome(&Nim::new([3, 4, 5]))?, Nim::new([3, 4, 5]).misere_outcome());
//! # Ok::<(), sprague::Error>(())
//! ```

use std::fmt;

use crate::error::try_push;
use crate::solver::rules::GameIndex;
use crate::solver::table::{Table, UNKNOWN};
use crate::{Error, Game, Nimber, Outcome};

/// The state of a position lost for the player to move.
const LOSS: u64 = 0;
/// The state of a position won for the player to move.
const WIN: u64 = 1;

/// A position under search, whose options not yet examined are `options[first..]` (up to the
/// next frame's).
struct Frame {
    id: u32,
    first: usize,
    /// Whether the position has a move at all: without one, the player to move has won.
    has_moves: bool,
    /// Whether the position has more options than the first [`FIRST_OPTIONS`] listed.
    more: bool,
}

/// How many options of a position are listed before any is examined. A win is often among the
/// first (a Nim heap moves to 1, a loss), and then a position with far more moves than memory
/// holds, such as a Nim heap of 2<sup>64</sup> − 1, is decided without listing them all.
const FIRST_OPTIONS: usize = 16;

/// Misère outcomes and winning moves of positions of a finite [`Game`], remembering every
/// position it decides.
///
/// # Algorithm
///
/// A depth-first search over whole positions on an explicit stack (a game a million moves deep
/// is fine), stopping at the first option that is a loss: the position is then a win, and its
/// other options are never examined. Each position is hashed once into a table of dense ids,
/// with its outcome once it is known. A position met again on the line of play being searched
/// is a cycle, reported as [`Error::Cycle`].
///
/// # Complexity
///
/// O(V + E) hash lookups and other work for the V positions and E moves examined, which with
/// the early exit is usually a fraction of those reachable. Memory: O(V) for the table plus,
/// during a search, the options of every position on the current line of play.
///
/// # Examples
///
/// Take 1 or 2 from a heap, the player who takes the last token loses:
///
/// ```
/// use sprague::{misere::MisereSolver, Game, Outcome};
///
/// #[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// struct Heap(u32);
///
/// impl Game for Heap {
///     fn successors(&self) -> impl IntoIterator<Item = Self> {
///         let n = self.0;
///         [1, 2].into_iter().filter(move |&k| k <= n).map(move |k| Heap(n - k))
///     }
/// }
///
/// let mut solver = MisereSolver::new();
/// assert_eq!(solver.outcome(&Heap(0))?, Outcome::N); // the opponent took the last token
/// assert_eq!(solver.outcome(&Heap(1))?, Outcome::P);
/// assert_eq!(solver.outcome(&Heap(7))?, Outcome::P);
/// assert_eq!(solver.winning_moves(&Heap(9))?, vec![Heap(7)]);
/// # Ok::<(), sprague::Error>(())
/// ```
pub struct MisereSolver<G> {
    /// Every position met, with [`LOSS`], [`WIN`] or [`UNKNOWN`].
    table: Table<G>,
    frames: Vec<Frame>,
    /// The options of the positions on the stack, not yet examined.
    options: Vec<G>,
    /// The number of positions stored when the call under way began: set while a call runs,
    /// so that a call that a panic in the game's code interrupted is undone by the next one.
    started: Option<usize>,
}

impl<G: Game> MisereSolver<G> {
    /// An empty solver with no position limit.
    ///
    /// ```
    /// use sprague::misere::MisereSolver;
    /// let solver: MisereSolver<sprague::games::Nim> = MisereSolver::new();
    /// assert!(solver.is_empty());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        MisereSolver {
            table: Table::new(),
            frames: Vec::new(),
            options: Vec::new(),
            started: None,
        }
    }

    /// Bounds the number of positions the solver may store, and the number of options it may
    /// hold listed and waiting on the line of play being searched.
    ///
    /// A computation that needs more fails with [`Error::LimitExceeded`] and leaves the solver
    /// with the positions it had before. The limit is checked as each position is stored and
    /// each option listed, so a position with more moves than the limit costs no more memory.
    ///
    /// ```
    /// use sprague::{games::Nim, misere::MisereSolver, Error};
    ///
    /// let mut solver = MisereSolver::new().with_limit(10);
    /// let err = solver.outcome(&Nim::new([5, 6, 7])).unwrap_err();
    /// assert_eq!(err, Error::LimitExceeded { limit: 10 });
    /// assert!(solver.is_empty());
    /// ```
    #[must_use]
    pub fn with_limit(mut self, max_positions: usize) -> Self {
        self.table.limit = max_positions;
        self
    }

    /// The misère outcome of `position`: [`Outcome::N`] if the player to move can force the
    /// opponent to make the last move, else [`Outcome::P`]. A terminal position is
    /// [`Outcome::N`].
    ///
    /// # Errors
    ///
    /// [`Error::Cycle`] if a position repeats on a line of play (the game is not finite),
    /// [`Error::LimitExceeded`] if the position limit is reached, [`Error::OutOfMemory`] if
    /// the table or the options cannot grow. The solver then keeps only the positions it had
    /// before the call.
    ///
    /// # Panics
    ///
    /// Only if the game's own code panics (`successors`, `Clone`, `Hash`, `Eq`). If that panic
    /// is caught ([`std::panic::catch_unwind`]), the solver stays usable: the next call first
    /// forgets what the interrupted one had stored.
    ///
    /// # Complexity
    ///
    /// See [`MisereSolver`]: linear in the positions and moves examined that were not decided
    /// before.
    ///
    /// ```
    /// use sprague::{games::Nim, misere::MisereSolver, Outcome};
    /// let mut solver = MisereSolver::new();
    /// // Three heaps of 1: the player to move takes one, then one, and the opponent takes the last.
    /// assert_eq!(solver.outcome(&Nim::new([1, 1, 1]))?, Outcome::P);
    /// // Unlike normal play, two equal heaps of 1 win for the player to move.
    /// assert_eq!(solver.outcome(&Nim::new([1, 1]))?, Outcome::N);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn outcome(&mut self, position: &G) -> Result<Outcome, Error> {
        if let Some(stored) = self.started {
            self.undo(stored);
        }
        let stored = self.table.len();
        self.started = Some(stored);
        let result = self.search(position.clone());
        if result.is_err() {
            self.undo(stored);
        }
        self.started = None;
        result.map(|win| if win { Outcome::N } else { Outcome::P })
    }

    /// Forgets the positions from id `stored` on, and the search under way.
    fn undo(&mut self, stored: usize) {
        self.frames.clear();
        self.table.leave_all();
        self.options.clear();
        // Forgetting everything is a clear: `truncate` hashes again every position it
        // keeps.
        if stored == 0 {
            self.table.clear();
        } else {
            self.table.truncate(stored);
        }
    }

    /// Every option of `position` that is a misère loss for the player then to move: the
    /// winning moves. Empty when `position` is lost, and for a terminal position, which the
    /// player to move has already won.
    ///
    /// # Errors
    ///
    /// As [`MisereSolver::outcome`].
    ///
    /// # Complexity
    ///
    /// One [`MisereSolver::outcome`] per option.
    ///
    /// ```
    /// use sprague::{games::Nim, misere::MisereSolver};
    ///
    /// // Misère Nim: leave an odd number of heaps of 1.
    /// let wins = MisereSolver::new().winning_moves(&Nim::new([1, 1, 5]))?;
    /// assert_eq!(wins, vec![Nim::new([1, 1, 1])]);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn winning_moves(&mut self, position: &G) -> Result<Vec<G>, Error> {
        if self.outcome(position)? == Outcome::P {
            return Ok(Vec::new());
        }
        let mut wins = Vec::new();
        for next in position.successors() {
            if self.outcome(&next)? == Outcome::P {
                wins.push(next);
            }
        }
        Ok(wins)
    }

    /// The number of positions stored.
    ///
    /// ```
    /// use sprague::{games::Nim, misere::MisereSolver};
    /// let mut solver = MisereSolver::new();
    /// solver.outcome(&Nim::new([2]))?;
    /// assert!(solver.len() > 0);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether no position is stored yet.
    ///
    /// ```
    /// use sprague::{games::Nim, misere::MisereSolver};
    /// let mut solver = MisereSolver::new();
    /// assert!(solver.is_empty());
    /// solver.outcome(&Nim::new([1]))?;
    /// assert!(!solver.is_empty());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Forgets every stored position, keeping the limit.
    ///
    /// ```
    /// use sprague::{games::Nim, misere::MisereSolver};
    /// let mut solver = MisereSolver::new();
    /// solver.outcome(&Nim::new([3, 4]))?;
    /// solver.clear();
    /// assert!(solver.is_empty());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn clear(&mut self) {
        self.undo(0);
        self.started = None;
    }

    /// Whether the player to move wins `position`.
    fn search(&mut self, position: G) -> Result<bool, Error> {
        let (id, state) = self.table.intern::<GameIndex>(position)?;
        if state != UNKNOWN {
            return Ok(state == WIN);
        }
        self.expand(id)?;
        // The outcome of the frame just finished, for the frame below it.
        let mut finished: Option<bool> = None;
        loop {
            if let Some(win) = finished.take() {
                if self.frames.is_empty() {
                    return Ok(win);
                }
                if !win {
                    finished = Some(self.finish(true));
                    continue;
                }
            }
            let frame = self.frames.last().expect("a frame is running");
            if self.options.len() == frame.first && frame.more {
                self.list_all()?;
                continue;
            }
            if self.options.len() == frame.first {
                // Every move hands the opponent a win; without a move, the opponent made the
                // last one.
                let win = !frame.has_moves;
                finished = Some(self.finish(win));
                continue;
            }
            let option = self.options.pop().expect("an option left");
            let (next, state) = self.table.intern::<GameIndex>(option)?;
            match state {
                LOSS => finished = Some(self.finish(true)),
                WIN => {}
                _ => {
                    if self.table.aux(next).on_stack() {
                        let entered = self.table.depth_of(next);
                        return Err(Error::Cycle {
                            length: self.frames.len() - entered,
                            depth: entered,
                        });
                    }
                    self.expand(next)?;
                }
            }
        }
    }

    /// Pushes a frame for position `id`, with its first [`FIRST_OPTIONS`] options.
    fn expand(&mut self, id: u32) -> Result<(), Error> {
        let first = self.options.len();
        let position = self.table.position(id);
        let mut successors = position.successors().into_iter();
        for option in successors.by_ref().take(FIRST_OPTIONS) {
            push_option(&mut self.options, option, self.table.limit)?;
        }
        let more = successors.next().is_some();
        drop(successors);
        self.table.enter(id)?;
        self.frames.push(Frame {
            id,
            first,
            has_moves: self.options.len() > first,
            more,
        });
        Ok(())
    }

    /// Lists every option of the top frame, whose first options were all wins for the
    /// opponent. They are listed again from the start rather than resumed, so a game whose
    /// `successors` lists them in a different order each time is still searched whole; the
    /// first ones are found decided.
    fn list_all(&mut self) -> Result<(), Error> {
        let frame = self.frames.last_mut().expect("a frame is running");
        frame.more = false;
        let position = &self.table.position(frame.id);
        for option in position.successors() {
            push_option(&mut self.options, option, self.table.limit)?;
        }
        Ok(())
    }

    /// Records the outcome of the top frame, pops it and returns the outcome.
    fn finish(&mut self, win: bool) -> bool {
        let f = self.frames.pop().expect("a frame is running");
        self.table.set_state(f.id, if win { WIN } else { LOSS });
        self.table.leave(f.id);
        self.options.truncate(f.first);
        win
    }
}

/// Pushes `option` on the options waiting, one at a time: an iterator's size hint is never
/// trusted for a reservation, and no more than `limit` options wait at once.
fn push_option<G>(options: &mut Vec<G>, option: G, limit: usize) -> Result<(), Error> {
    if options.len() >= limit {
        return Err(Error::LimitExceeded { limit });
    }
    try_push(options, option, "the options of a misère search")
}

impl<G: Game> Default for MisereSolver<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G> fmt::Debug for MisereSolver<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MisereSolver")
            .field("positions", &self.table.len())
            .field("limit", &self.table.limit)
            .finish_non_exhaustive()
    }
}

/// The misère outcome of `position`, with a fresh [`MisereSolver`].
///
/// # Errors
///
/// As [`MisereSolver::outcome`].
///
/// # Complexity
///
/// As [`MisereSolver::outcome`].
///
/// ```
/// use sprague::{games::Nim, misere, Outcome};
///
/// assert_eq!(misere::outcome(&Nim::new([1, 1, 1]))?, Outcome::P);
/// assert_eq!(misere::outcome(&Nim::new([2, 2]))?, Outcome::P);
/// assert_eq!(misere::outcome(&Nim::new([3, 4, 5]))?, Outcome::N);
/// # Ok::<(), sprague::Error>(())
/// ```
pub fn outcome<G: Game>(position: &G) -> Result<Outcome, Error> {
    MisereSolver::new().outcome(position)
}

/// The misère outcome of a sum of components, from their normal-play Grundy values, by the
/// anti-SG theorem (SJ theorem, Jia Zhihao 2009).
///
/// # Hypotheses
///
/// The position is a disjunctive sum of components of finite impartial games, played misère
/// (the player who cannot move wins), and **in every component, every position of Grundy value
/// 0 is terminal** (has no move). Equivalently, the whole game ends exactly when every
/// component is worth 0. A move replaces one component by one of its options, and the
/// hypothesis concerns those options as whole units, so it holds for all positions met in
/// play. `values` are the normal-play Grundy values of the components.
///
/// Nim satisfies it (only the empty heap is worth 0), so this decides misère Nim. Kayles does
/// not: a row split into two equal rows is worth 0 but can still move. Without the hypothesis
/// the rule can be wrong: a component whose only move is to a Nim heap of 2 is worth 0, and
/// it is a misère loss, not the win the rule would claim.
///
/// # The rule
///
/// The first player wins ([`Outcome::N`]) exactly when
/// - the nim-sum is not 0 and some component is worth more than 1, or
/// - the nim-sum is 0 and no component is worth more than 1;
///
/// otherwise the first player loses ([`Outcome::P`]). The proof is an induction: from a
/// position of the first kind with one component above 1, move that component to 0 or 1 so as
/// to leave an odd number of components worth 1; with two or more above 1, move to nim-sum 0
/// as in Nim, and a component above 1 remains; from the second kind (not terminal), move a
/// component worth 1 to 0. From the other positions, every move changes exactly one value to a
/// different one and lands in one of the two kinds. The hypothesis makes the terminal positions,
/// wins under misère play, exactly those of nim-sum 0 with every component worth 0.
///
/// # Complexity
///
/// O(number of components).
///
/// # Examples
///
/// Misère Nim (SHOI 2008, "小约翰的游戏"), where a heap of n is worth n:
///
/// ```
/// use sprague::{misere::anti_sg_outcome, Nimber, Outcome};
///
/// let heaps = |h: &[u64]| h.iter().map(|&n| Nimber::new(n)).collect::<Vec<_>>();
/// assert_eq!(anti_sg_outcome(heaps(&[3])), Outcome::N);
/// assert_eq!(anti_sg_outcome(heaps(&[1, 1])), Outcome::N);
/// assert_eq!(anti_sg_outcome(heaps(&[1, 1, 1])), Outcome::P);
/// assert_eq!(anti_sg_outcome(heaps(&[2, 3, 1])), Outcome::P);
/// assert_eq!(anti_sg_outcome(heaps(&[])), Outcome::N);
/// ```
pub fn anti_sg_outcome(values: impl IntoIterator<Item = Nimber>) -> Outcome {
    let (mut sum, mut some_above_one) = (Nimber::ZERO, false);
    for v in values {
        sum += v;
        some_above_one |= v.value() > 1;
    }
    // Nim-sum 0 with a component above 1, or a non-zero nim-sum without one, is lost.
    if sum.is_zero() == some_above_one {
        Outcome::P
    } else {
        Outcome::N
    }
}
