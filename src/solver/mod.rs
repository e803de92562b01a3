//! The memoizing Sprague–Grundy solver for finite games, and its free-function forms.

mod search;
pub(crate) mod table;

use std::fmt;
use std::hash::Hash;

use search::{Engine, FnRules, GameRules};

use crate::{Error, Game, Nimber, Outcome};

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
/// value. Asking whether a successor has value y is a *test*, answered by the same search,
/// which stops at the first successor of value y (no) or at the first smaller value no
/// successor reaches (no, and now the exact value is known). This is the method of Lemoine and
/// Viennot (*Nimbers are inevitable*, 2012) with Beling's refinement: of a successor made of
/// several components, all but one are valued exactly and the last is tested. Successors are
/// split into components only when the search reaches them, so most successors of most
/// positions are never examined.
///
/// Every answer is kept: exact values, lower bounds and excluded values, so no question is
/// searched twice; a component tested four times is valued exactly instead. When every
/// successor of a component is already known, as in a table filled in order, the search is a
/// plain mex.
///
/// The search runs on an explicit stack: the depth of a game is limited by memory, never by the
/// call stack. Each component is hashed once, when first met, into a compact open-addressing
/// table; the search then works on dense ids.
///
/// # Complexity
///
/// For V components reached and E (successor, component) pairs generated: at most
/// O(V + E) hash lookups and other work times a small constant (each component is searched at
/// most five times), and typically far less, since most successors are never split. Memory:
/// O(V) for the table plus, during a search, O(d · b) for a search d components deep with b
/// successors per component.
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
}

impl<G: Game> Solver<G> {
    /// An empty solver with no position limit.
    #[must_use]
    pub fn new() -> Self {
        Solver {
            engine: Engine::new(),
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
        self
    }

    /// The Grundy value (nimber) of `position`.
    ///
    /// # Errors
    ///
    /// [`Error::Cycle`] if a position repeats (the game is not finite),
    /// [`Error::LimitExceeded`] if the position limit is reached,
    /// [`Error::OutOfMemory`] if the table cannot grow.
    ///
    /// # Complexity
    ///
    /// See [`Solver`]: linear in the components and moves not met before by this solver, in
    /// the worst case.
    pub fn grundy(&mut self, position: &G) -> Result<Nimber, Error> {
        let stored = self.engine.table.len();
        let mut total = 0;
        for component in position.split() {
            match self.engine.value_of(&mut GameRules, component) {
                Ok(value) => total ^= value,
                Err(e) => {
                    self.engine.forget_from(stored);
                    return Err(e);
                }
            }
        }
        Ok(Nimber::new(total))
    }

    /// Whether the player to move wins `position` ([`Outcome::N`]) or loses it
    /// ([`Outcome::P`]).
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`].
    pub fn outcome(&mut self, position: &G) -> Result<Outcome, Error> {
        self.grundy(position).map(Outcome::from)
    }

    /// Every successor of `position` of value `0`: the moves that win. Empty exactly when
    /// `position` is a loss for the player to move.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`].
    ///
    /// ```
    /// use sprague::{games::Nim, Solver};
    ///
    /// let wins = Solver::new().winning_moves(&Nim::new([3, 4, 5]))?;
    /// assert_eq!(wins, vec![Nim::new([1, 4, 5])]);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn winning_moves(&mut self, position: &G) -> Result<Vec<G>, Error> {
        if self.grundy(position)?.is_zero() {
            return Ok(Vec::new());
        }
        let mut wins = Vec::new();
        for next in position.successors() {
            if self.grundy(&next)?.is_zero() {
                wins.push(next);
            }
        }
        Ok(wins)
    }

    /// The number of positions (components) stored.
    #[must_use]
    pub fn len(&self) -> usize {
        self.engine.table.len()
    }

    /// Whether no position is stored yet.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Forgets every stored position, keeping the limit and the allocated memory.
    pub fn clear(&mut self) {
        self.engine.forget_from(0);
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
            .finish_non_exhaustive()
    }
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

/// The normal-play outcome of `position`, with a fresh [`Solver`].
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
    grundy(position).map(Outcome::from)
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

/// The normal-play outcome of `start` in the game whose moves are given by `successors`.
///
/// # Errors
///
/// As [`Solver::grundy`].
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
    grundy_by(start, successors).map(Outcome::from)
}
