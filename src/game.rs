//! The [`Game`] trait and game [`Outcome`]s.

use std::fmt;
use std::hash::Hash;
use std::str::FromStr;

use crate::{Error, Nimber};

/// A position of an impartial game: both players have the same moves from it.
///
/// Positions are `Send`, so that the solver can search with every core: share immutable data
/// between positions (a graph, a rule set) with [`Arc`](std::sync::Arc), not `Rc`.
///
/// Implement two things:
///
/// - [`successors`](Game::successors): every position one move away. The position is lost
///   for the player to move when there is none (normal play).
/// - [`split`](Game::split), optionally: the independent components whose *disjunctive sum*
///   is this position (a move is a move in exactly one component). The solvers then value each
///   component once and combine them by nim-sum, which is what makes games like cutting paper
///   or Kayles tractable. The default is the position alone. A position may split into no
///   components at all: the empty sum, worth `0`.
///
/// `successors` must list moves of the *whole* position (for a sum, the moves of every
/// component with the others left as they are), so that a position is a `Game` on its own
/// whether or not it is split.
///
/// Positions are hashed and compared to memoize values, so two positions that play the same
/// should be equal: store a canonical form (sorted components, a fixed orientation) and the
/// solvers will share work between them. A game whose components are naturally numbered (heap
/// sizes, board sizes) can also give each an [`index`](Game::index), which spares the hashing.
///
/// The other methods only make a search faster, never change a value:
/// [`search`](Game::search) chooses an exhaustive search where pruning does not pay,
/// [`split_successors`](Game::split_successors) gives a move's components without building
/// the whole position, and [`move_count`](Game::move_count) counts moves without listing them.
/// [`known_value`](Game::known_value) gives the value of a component known from theory, which
/// the normal-play solvers then take instead of searching.
///
/// # Examples
///
/// Take 1, 3 or 4 stones from a pile, the classic first example of Grundy values:
///
/// ```
/// use sprague::{grundy, Game, Nimber};
///
/// #[derive(Clone, PartialEq, Eq, Hash)]
/// struct Pile(u32);
///
/// impl Game for Pile {
///     fn successors(&self) -> impl IntoIterator<Item = Self> {
///         let n = self.0;
///         [1, 3, 4].into_iter().filter(move |&k| k <= n).map(move |k| Pile(n - k))
///     }
/// }
///
/// assert_eq!(grundy(&Pile(5))?, Nimber::new(3));
/// # Ok::<(), sprague::Error>(())
/// ```
///
/// Several piles, split into independent components:
///
/// ```
/// use sprague::{grundy, Game, Nimber};
///
/// #[derive(Clone, PartialEq, Eq, Hash)]
/// struct Piles(Vec<u32>);
///
/// impl Game for Piles {
///     fn successors(&self) -> impl IntoIterator<Item = Self> {
///         let mut out = Vec::new();
///         for (i, &n) in self.0.iter().enumerate() {
///             for k in [1, 3, 4].into_iter().filter(|&k| k <= n) {
///                 let mut next = self.0.clone();
///                 next[i] -= k;
///                 next.sort_unstable();
///                 out.push(Piles(next));
///             }
///         }
///         out
///     }
///
///     fn split(&self) -> impl IntoIterator<Item = Self> {
///         self.0.iter().map(|&n| Piles(vec![n]))
///     }
/// }
///
/// // *3 + *2 + *1 = 0: a second-player win.
/// assert_eq!(grundy(&Piles(vec![5, 6, 3]))?, Nimber::new(0));
/// # Ok::<(), sprague::Error>(())
/// ```
pub trait Game: Clone + Eq + Hash + Send {
    /// Every position reachable in one move.
    ///
    /// The order matters only for speed. [`Solver`](crate::Solver) splits a position's
    /// successors either in this order or from the one that settled a similar question
    /// outward (moves listed cell by cell gain by that), whichever measures cheaper as it
    /// searches; so a game that lists its most promising moves first keeps that order.
    fn successors(&self) -> impl IntoIterator<Item = Self>;

    /// The independent components whose disjunctive sum is this position.
    ///
    /// The solvers that use it ([`Solver`](crate::Solver) and [`loopy`](crate::loopy)) only
    /// need the sum to have the position's value, so components with no move may be left out,
    /// and, in a game whose positions cannot repeat, two equal components cancel and may both
    /// be left out. Misère play does not split positions.
    ///
    /// [`Solver`](crate::Solver) splits nearly every successor it meets, so in a game whose
    /// components take work to find, this is most of a search's time: on a board, the
    /// [`board`](crate::board) toolkit finds components and canonical forms with whole-word
    /// operations (the `board_game` example writes Cram on it in thirty lines).
    ///
    /// Components in a canonical form (one for a shape and all its mirror images) are stored
    /// once, and they also show the solver which moves a position's symmetries map onto each
    /// other: near the top of its search it tries first the moves alone of their kind, which
    /// leave a symmetric position, the likeliest to be worth 0.
    ///
    /// The default returns the position itself.
    fn split(&self) -> impl IntoIterator<Item = Self> {
        std::iter::once(self.clone())
    }

    /// Every successor of this position as the components of its sum, for a game that knows
    /// them without building the successor whole: what [`successors`](Game::successors) then
    /// [`split`](Game::split) on each would give, up to order.
    ///
    /// [`Solver`](crate::Solver) uses it when it values a component by
    /// [`Search::Exhaustive`], where every successor is met once and building it only to split
    /// it again is most of the work: cutting a sheet of paper gives its two pieces, taking from
    /// the middle of a row gives the two rows left. The default, `None`, has the solvers list
    /// the successors and split each.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague::{grundy, Game, Nimber, Search};
    ///
    /// /// Rows of pins; a move knocks down one pin, or two side by side (Kayles).
    /// #[derive(Clone, PartialEq, Eq, Hash)]
    /// struct Rows(Vec<u32>);
    ///
    /// /// The rows left by knocking `take` pins starting `at` pins into a row of `n`.
    /// fn pieces(n: u32, at: u32, take: u32) -> impl Iterator<Item = u32> {
    ///     [at, n - at - take].into_iter().filter(|&len| len > 0)
    /// }
    ///
    /// /// Every (at, take) move on a row of `n` pins, each once up to reflection.
    /// fn moves(n: u32) -> impl Iterator<Item = (u32, u32)> {
    ///     (1..=2.min(n)).flat_map(move |take| (0..=(n - take) / 2).map(move |at| (at, take)))
    /// }
    ///
    /// impl Game for Rows {
    ///     fn successors(&self) -> impl IntoIterator<Item = Self> {
    ///         let rows = self.0.clone();
    ///         (0..rows.len()).flat_map(move |i| {
    ///             let rows = rows.clone();
    ///             moves(rows[i]).map(move |(at, take)| {
    ///                 let mut next = rows.clone();
    ///                 next.remove(i);
    ///                 next.extend(pieces(rows[i], at, take));
    ///                 Rows(next)
    ///             })
    ///         })
    ///     }
    ///
    ///     fn split(&self) -> impl IntoIterator<Item = Self> {
    ///         self.0.iter().map(|&n| Rows(vec![n]))
    ///     }
    ///
    ///     // A single row's successors are the rows a move leaves, each a component.
    ///     fn split_successors(
    ///         &self,
    ///     ) -> Option<impl IntoIterator<Item = impl IntoIterator<Item = Self>>> {
    ///         let &[n] = &self.0[..] else { return None };
    ///         Some(moves(n).map(move |(at, take)| pieces(n, at, take).map(|len| Rows(vec![len]))))
    ///     }
    ///
    ///     fn search(&self) -> Search {
    ///         Search::Exhaustive
    ///     }
    /// }
    ///
    /// // Kayles: 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, …
    /// assert_eq!(grundy(&Rows(vec![11]))?, Nimber::new(6));
    /// assert_eq!(grundy(&Rows(vec![3, 5, 6]))?, Nimber::new(3 ^ 4 ^ 3));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    fn split_successors(&self) -> Option<impl IntoIterator<Item = impl IntoIterator<Item = Self>>> {
        None::<[[Self; 0]; 0]>
    }

    /// A small number naming this position, so that the solvers find it in an array instead
    /// of hashing it.
    ///
    /// Indices must name positions one to one: two positions that both have an index are equal
    /// exactly when their indices are. The solvers trust this, as they trust `Eq` and `Hash`
    /// to agree; two different positions under one index would share a value. Positions of
    /// one type all share one numbering, so a type that holds its rules (a minimum size, a move
    /// set) must fold them into the index or give none.
    ///
    /// Indices below 2<sup>24</sup> go to an array of 8 bytes per index up to the largest
    /// met, so they should be dense: numbering the components met in a search 0, 1, 2, …
    /// gains most, both in lookups (one array read, no hash, no comparison) and in memory.
    /// Larger indices are hashed like positions without one. The default is `None`: hash.
    ///
    /// With several threads ([`Solver::with_threads`](crate::Solver::with_threads)), the exact
    /// values of components with an index below 2<sup>24</sup> are shared between the threads
    /// without locks; an exhaustive search ([`Search::Exhaustive`]) uses the other threads only
    /// when its component has an index.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague::{grundy, Game, Nimber};
    ///
    /// /// Take 1, 3 or 4 stones.
    /// #[derive(Clone, PartialEq, Eq, Hash)]
    /// struct Pile(u32);
    ///
    /// impl Game for Pile {
    ///     fn successors(&self) -> impl IntoIterator<Item = Self> {
    ///         let n = self.0;
    ///         [1, 3, 4].into_iter().filter(move |&k| k <= n).map(move |k| Pile(n - k))
    ///     }
    ///
    ///     // A pile is its number of stones.
    ///     fn index(&self) -> Option<usize> {
    ///         usize::try_from(self.0).ok()
    ///     }
    /// }
    ///
    /// // Period 7: 0, 1, 0, 1, 2, 3, 2.
    /// assert_eq!(grundy(&Pile(1_000_004))?, Nimber::new(3));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    fn index(&self) -> Option<usize> {
        None
    }

    /// How [`Solver`](crate::Solver) should look for the value of this component: the default,
    /// [`Search::Pruned`], suits most games; [`Search::Exhaustive`] suits games whose values
    /// are large and whose positions the search reaches nearly all anyway, such as Chomp.
    ///
    /// Only speed depends on it, never a value.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague::{grundy, Game, Nimber, Search};
    ///
    /// /// Take any positive number of tokens: every value is reached, pruning saves nothing.
    /// #[derive(Clone, PartialEq, Eq, Hash)]
    /// struct Heap(u32);
    ///
    /// impl Game for Heap {
    ///     fn successors(&self) -> impl IntoIterator<Item = Self> {
    ///         (0..self.0).map(Heap)
    ///     }
    ///
    ///     fn search(&self) -> Search {
    ///         Search::Exhaustive
    ///     }
    /// }
    ///
    /// assert_eq!(grundy(&Heap(40))?, Nimber::new(40));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    fn search(&self) -> Search {
        Search::Pruned
    }

    /// How many positions [`successors`](Game::successors) lists, if the game can tell
    /// without listing them (a count of bits, a formula), or `None`.
    ///
    /// [`Solver`](crate::Solver) orders the successors of a position by the move counts of
    /// their components, fewer moves first, and knows a value to be at most its number of
    /// moves: a count saves listing the successors of components it would not search. It must
    /// be exactly the number `successors` lists, counting equal positions each time; a wrong
    /// count may give a wrong value. The default is `None`: the solver lists and counts.
    ///
    /// # Examples
    ///
    /// ```
    /// use sprague::{grundy, Game, Nimber};
    ///
    /// /// Take any positive number of tokens.
    /// #[derive(Clone, PartialEq, Eq, Hash)]
    /// struct Heap(u32);
    ///
    /// impl Game for Heap {
    ///     fn successors(&self) -> impl IntoIterator<Item = Self> {
    ///         (0..self.0).map(Heap)
    ///     }
    ///
    ///     fn move_count(&self) -> Option<usize> {
    ///         usize::try_from(self.0).ok()
    ///     }
    /// }
    ///
    /// assert_eq!(Heap(7).move_count(), Some(Heap(7).successors().into_iter().count()));
    /// assert_eq!(grundy(&Heap(7))?, Nimber::new(7));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    fn move_count(&self) -> Option<usize> {
        None
    }

    /// The value of this component if it is known without a search (from theory: a strategy
    /// that mirrors the opponent's moves, a formula, a table of small positions), or `None`.
    ///
    /// The normal-play solvers ([`Solver`](crate::Solver), [`grundy`](crate::grundy) and
    /// those built on them) ask it of each component when they store it, and take a value
    /// given as exact: its successors are never listed, and the search below it is saved. A
    /// wrong value gives wrong answers, as a wrong [`successors`](Game::successors) would.
    /// The misère and loopy solvers do not ask it: it is a normal-play value. The default is
    /// `None`: search.
    ///
    /// # Examples
    ///
    /// Cram, the game of placing dominoes on the empty cells of a board, on an empty board
    /// with an even number of rows and of columns: the second player answers each domino with
    /// its image under the half turn of the board, which is always free, and wins.
    ///
    /// ```
    /// use sprague::{grundy, Game, Nimber};
    ///
    /// /// An empty board, rows by columns, and the cells covered (bit `r * columns + c`).
    /// #[derive(Clone, PartialEq, Eq, Hash)]
    /// struct Cram { rows: u32, columns: u32, covered: u64 }
    ///
    /// impl Cram {
    ///     fn free(&self, r: u32, c: u32) -> bool {
    ///         r < self.rows && c < self.columns && self.covered >> (r * self.columns + c) & 1 == 0
    ///     }
    /// }
    ///
    /// impl Game for Cram {
    ///     fn successors(&self) -> impl IntoIterator<Item = Self> {
    ///         let mut next = Vec::new();
    ///         for r in 0..self.rows {
    ///             for c in 0..self.columns {
    ///                 for (r2, c2) in [(r, c + 1), (r + 1, c)] {
    ///                     if self.free(r, c) && self.free(r2, c2) {
    ///                         let (a, b) = (r * self.columns + c, r2 * self.columns + c2);
    ///                         next.push(Cram { covered: self.covered | 1 << a | 1 << b, ..*self });
    ///                     }
    ///                 }
    ///             }
    ///         }
    ///         next
    ///     }
    ///
    ///     fn known_value(&self) -> Option<Nimber> {
    ///         let empty = self.covered == 0 && self.rows % 2 == 0 && self.columns % 2 == 0;
    ///         empty.then_some(Nimber::new(0))
    ///     }
    /// }
    ///
    /// let board = Cram { rows: 4, columns: 4, covered: 0 };
    /// assert_eq!(grundy(&board)?, Nimber::new(0));
    /// // Searched, not known: the first player wins on 3 x 4.
    /// assert_ne!(grundy(&Cram { rows: 3, columns: 4, covered: 0 })?, Nimber::new(0));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    fn known_value(&self) -> Option<Nimber> {
        None
    }
}

/// How [`Solver`](crate::Solver) looks for the value of a component: see [`Game::search`].
///
/// ```
/// use sprague::Search;
/// assert_eq!(Search::default(), Search::Pruned);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Search {
    /// Ask each successor only what decides the value: "is your value y?" for y = 0, 1, 2, …,
    /// and, inside those questions, "is your value in this set?" (Beling and Rogalski's
    /// pruning), with successors of fewer moves tried first (near the top of the search, those
    /// alone of their kind before them: see [`Game::split`]). Most successors are never valued
    /// exactly. Best when values are small next to the number of moves, as in Cram, Kayles and
    /// most games that split into components.
    #[default]
    Pruned,
    /// Value every successor exactly and take the mex. Best when values are large and nearly
    /// every position is reached anyway, as in Chomp, where the questions of a pruned search
    /// cost more than they save.
    Exhaustive,
}

/// Who wins a position with best play.
///
/// ```
/// use sprague::{Nimber, Outcome};
/// assert_eq!(Outcome::from(Nimber::new(0)), Outcome::P);
/// assert_eq!(Outcome::from(Nimber::new(3)), Outcome::N);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The previous player (the one who just moved) wins: the player to move loses.
    P,
    /// The next player (the one to move) wins.
    N,
    /// Neither player can force a win: with best play the game never ends. Only games whose
    /// positions can repeat have draws.
    D,
}

impl Outcome {
    /// Whether the player to move can force a win.
    ///
    /// ```
    /// assert!(sprague::Outcome::N.is_win() && !sprague::Outcome::D.is_win());
    /// ```
    #[must_use]
    pub const fn is_win(self) -> bool {
        matches!(self, Outcome::N)
    }
}

impl From<Nimber> for Outcome {
    /// The normal-play outcome of a position of that value: `P` exactly for `0`.
    fn from(value: Nimber) -> Self {
        if value.is_zero() {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

impl fmt::Display for Outcome {
    /// `P`, `N` or `D`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        })
    }
}

impl FromStr for Outcome {
    type Err = Error;

    /// Reads `P`, `N` or `D` (in either case), as [`Display`](fmt::Display) writes them.
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] for any other text.
    ///
    /// ```
    /// use sprague::Outcome;
    ///
    /// assert_eq!("N".parse::<Outcome>()?, Outcome::N);
    /// assert_eq!("p".parse::<Outcome>()?, Outcome::P);
    /// assert!("W".parse::<Outcome>().is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, Error> {
        match text.trim() {
            "P" | "p" => Ok(Outcome::P),
            "N" | "n" => Ok(Outcome::N),
            "D" | "d" => Ok(Outcome::D),
            _ => Err(Error::parse("an outcome", text, "an outcome is P, N or D")),
        }
    }
}
