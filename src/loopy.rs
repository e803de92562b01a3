//! Games whose positions can repeat: the generalized Sprague–Grundy function and draws.
//!
//! # The theory
//!
//! When a position can come back (a *loopy* game), play may go on forever, and a position can
//! be a **draw** ([`Outcome::D`]) as well as a win or a loss. The plain Grundy value does not
//! exist any more, but C. A. B. Smith (1966) found the right generalization, worked out as an
//! algorithm by Fraenkel and Yesha (1986). Every position u gets a value γ(u) that is either a
//! nimber or **∞(K)**, where K is the set of nimbers among the values of u's options: the
//! finite values u can *escape* to. A finite value m means: u has options worth every value
//! below m and none worth m, and every option of u worth more than m (or infinite) has an
//! option worth m, a *reversing* move that cancels it, reached in a bounded number of steps. So a position worth m plays like a
//! Nim heap of m, and ∞(K) like a position from which one can play forever, or else leave for
//! one of the values in K.
//!
//! Outcomes follow: `0` is a loss for the player to move ([`Outcome::P`]), any other nimber a
//! win ([`Outcome::N`]), ∞(K) a win if 0 ∈ K (move there) and a draw otherwise (neither player
//! leaves the loop: leaving it means moving to a position the opponent wins).
//!
//! The values add like nimbers (Smith's sum theorem, [`Value`]'s `+`): for a disjunctive sum,
//!
//! > a + b = a ⊕ b,  a + ∞(K) = ∞(K ⊕ a),  ∞(K) + ∞(L) = ∞(∅),
//!
//! so, as for finite games, a position is valued component by component ([`Game::split`]).
//!
//! # Examples
//!
//! A token on a digraph, moved along an arc by either player: from 0 the moves are to 1 and
//! to 2, from 1 back to 0, and 2 is terminal, worth 0. So 0 is worth `*`: it reaches 0, and its
//! move to 1 is reversed by the move back. Vertex 1, whose only option is worth `*`, is worth 0.
//!
//! ```
//! use sprague::loopy::{self, Value};
//! use sprague::{Game, Nimber, Outcome};
//!
//! #[derive(Clone, PartialEq, Eq, Hash)]
//! struct Vertex(u8);
//!
//! impl Game for Vertex {
//!     fn successors(&self) -> impl IntoIterator<Item = Self> {
//!         match self.0 {
//!             0 => vec![Vertex(1), Vertex(2)],
//!             1 => vec![Vertex(0)],
//!             _ => vec![],
//!         }
//!     }
//! }
//!
//! assert_eq!(loopy::value(&Vertex(2))?, Value::from(Nimber::ZERO));
//! assert_eq!(loopy::value(&Vertex(0))?, Value::from(Nimber::STAR));
//! assert_eq!(loopy::outcome(&Vertex(1))?, Outcome::P);
//! # Ok::<(), sprague::Error>(())
//! ```
//!
//! # Algorithm
//!
//! The graph of positions reachable from a component is explored breadth first, each position
//! hashed once into a table of dense ids. Then it is labelled in rounds m = 0, 1, 2, … (the
//! Fraenkel–Yesha labelling): in round m, an unlabelled vertex gets the label m when no option
//! is labelled m and every option that is unlabelled or infinite has an option labelled m; at
//! the end of the round, every unlabelled vertex with no option labelled m is infinite. Each
//! round is a retrograde propagation driven by a queue and a counter per vertex (the options
//! still to be reversed), so it costs time linear in the vertices and moves still in play;
//! since a vertex still unlabelled after round m has options labelled 0, …, m, the number of
//! rounds is at most one more than the largest number of options. A position's value depends
//! only on the positions it reaches, so those labelled by an earlier question keep their
//! labels, and a new question explores and labels only positions not met before.
//!
//! [`Game::split`]: crate::Game::split

use std::collections::BTreeSet;
use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign};
use std::str::FromStr;

use crate::error::try_push;
use crate::solver::rules::GameIndex;
use crate::solver::table::{Table, UNKNOWN};
use crate::{Error, Game, Nimber, Outcome};

/// What the moves' storage is called when it cannot grow.
const MOVES: &str = "the moves of a loopy game";

/// The generalized Sprague–Grundy value of a position of a loopy game.
///
/// `Finite(n)` plays like a Nim heap of `n`; `Infinite(K)` is Smith's ∞(K): the position can
/// be played forever, and K holds the finite values of its options. See the
/// [module documentation](self) for the theory.
///
/// Values add like positions (`+`, [`Sum`]): finite values by nim-sum, a finite value shifts
/// the escapes of an infinite one, and two infinite values give ∞(∅), a draw.
///
/// # Examples
///
/// ```
/// use sprague::loopy::Value;
/// use sprague::{Nimber, Outcome};
///
/// let star3 = Value::from(Nimber::new(3));
/// let loop_ = Value::infinite([0, 2].map(Nimber::new));
/// assert_eq!(loop_.outcome(), Outcome::N); // escape to 0
/// assert_eq!(star3.clone() + loop_.clone(), Value::infinite([1, 3].map(Nimber::new)));
/// assert_eq!((star3.clone() + loop_.clone()).outcome(), Outcome::D);
/// assert_eq!((loop_.clone() + loop_.clone()).outcome(), Outcome::D);
/// assert_eq!(format!("{star3} {loop_}"), "*3 ∞(0,*2)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Value {
    /// A nimber: the position plays like a Nim heap of that size.
    Finite(Nimber),
    /// ∞(K): play can go on forever; K is the set of finite values of the options.
    Infinite(BTreeSet<Nimber>),
}

impl Value {
    /// ∞(K) for the values in `escapes` (in any order, repeats ignored).
    ///
    /// ```
    /// use sprague::{loopy::Value, Nimber};
    /// assert_eq!(Value::infinite([Nimber::new(2), Nimber::ZERO]).to_string(), "∞(0,*2)");
    /// ```
    pub fn infinite(escapes: impl IntoIterator<Item = Nimber>) -> Self {
        Value::Infinite(escapes.into_iter().collect())
    }

    /// Who wins with best play: [`Outcome::P`] for `0`, [`Outcome::N`] for other nimbers and
    /// for ∞(K) with 0 in K, [`Outcome::D`] for the other infinite values.
    ///
    /// ```
    /// use sprague::{loopy::Value, Nimber, Outcome};
    /// assert_eq!(Value::from(Nimber::ZERO).outcome(), Outcome::P);
    /// assert_eq!(Value::infinite([Nimber::new(1)]).outcome(), Outcome::D);
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        match self {
            Value::Finite(n) => Outcome::from(*n),
            Value::Infinite(escapes) if escapes.contains(&Nimber::ZERO) => Outcome::N,
            Value::Infinite(_) => Outcome::D,
        }
    }

    /// The nimber, for a finite value.
    ///
    /// ```
    /// use sprague::{loopy::Value, Nimber};
    /// assert_eq!(Value::from(Nimber::new(4)).finite(), Some(Nimber::new(4)));
    /// assert_eq!(Value::infinite([]).finite(), None);
    /// ```
    #[must_use]
    pub fn finite(&self) -> Option<Nimber> {
        match self {
            Value::Finite(n) => Some(*n),
            Value::Infinite(_) => None,
        }
    }
}

impl Default for Value {
    /// `0`, the value of the empty sum.
    fn default() -> Self {
        Value::Finite(Nimber::ZERO)
    }
}

impl From<Nimber> for Value {
    fn from(n: Nimber) -> Self {
        Value::Finite(n)
    }
}

impl Add for Value {
    type Output = Value;

    /// The value of the disjunctive sum (Smith's sum theorem).
    fn add(self, rhs: Value) -> Value {
        match (self, rhs) {
            (Value::Finite(a), Value::Finite(b)) => Value::Finite(a + b),
            (Value::Finite(a), Value::Infinite(k)) | (Value::Infinite(k), Value::Finite(a)) => {
                Value::Infinite(k.into_iter().map(|x| x + a).collect())
            }
            // Every option of the sum moves in one loopy component and leaves the other one
            // loopy, so no option is finite.
            (Value::Infinite(_), Value::Infinite(_)) => Value::Infinite(BTreeSet::new()),
        }
    }
}

impl AddAssign for Value {
    fn add_assign(&mut self, rhs: Value) {
        *self = std::mem::take(self) + rhs;
    }
}

impl Sum for Value {
    fn sum<I: Iterator<Item = Value>>(iter: I) -> Value {
        iter.fold(Value::default(), Add::add)
    }
}

impl fmt::Display for Value {
    /// A finite value as its nimber (`0`, `*`, `*5`); an infinite one as `∞(0,*2)`, or `∞`
    /// when it has no finite option.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Finite(n) => n.fmt(f),
            Value::Infinite(escapes) if escapes.is_empty() => f.pad("∞"),
            Value::Infinite(escapes) => {
                let list: Vec<String> = escapes.iter().map(ToString::to_string).collect();
                f.pad(&format!("∞({})", list.join(",")))
            }
        }
    }
}

impl FromStr for Value {
    type Err = Error;

    /// Reads what [`Display`](fmt::Display) writes: a nimber (`0`, `*`, `*5`), `∞`, or
    /// `∞(0,*2)` (spaces after the commas allowed, escapes in any order).
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] for any other text.
    ///
    /// ```
    /// use sprague::{loopy::Value, Nimber};
    ///
    /// let v: Value = "∞(0,*2)".parse()?;
    /// assert_eq!(v, Value::infinite([Nimber::ZERO, Nimber::new(2)]));
    /// assert_eq!("∞".parse::<Value>()?, Value::infinite([]));
    /// assert_eq!("*3".parse::<Value>()?, Value::from(Nimber::new(3)));
    /// assert!("∞(0".parse::<Value>().is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, Error> {
        let Some(rest) = text.trim().strip_prefix('∞') else {
            return text.parse().map(Value::Finite).map_err(|_| {
                Error::parse(
                    "a loopy value",
                    text,
                    "a loopy value is a nimber such as *2, or ∞, or ∞ with escapes such as ∞(0,*2)",
                )
            });
        };
        if rest.is_empty() {
            return Ok(Value::Infinite(BTreeSet::new()));
        }
        let list = rest
            .strip_prefix('(')
            .and_then(|r| r.strip_suffix(')'))
            .ok_or_else(|| {
                Error::parse(
                    "a loopy value",
                    text,
                    "the escapes of ∞ are listed in parentheses, such as ∞(0,*2)",
                )
            })?;
        list.split(',')
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map(Value::Infinite)
    }
}

/// The state of a vertex that is not labelled yet.
const UNLABELLED: u64 = UNKNOWN;

/// The flag of an infinite label; the low bits index its escapes in [`LoopySolver`]. Finite
/// labels are at most the number of options of a vertex, so they never reach this bit.
const INFINITE: u64 = 1 << 62;

fn is_infinite(state: u64) -> bool {
    state & INFINITE != 0
}

/// Values and outcomes of positions of a loopy [`Game`], remembering every position it labels.
///
/// Positions may repeat: instead of reporting [`Error::Cycle`] like [`Solver`](crate::Solver),
/// this solver computes Smith's generalized Sprague–Grundy values ([`Value`]), which tell wins,
/// losses and draws apart and add over the components of [`Game::split`]. Each component's
/// reachable graph is explored and labelled once and kept, so later questions about positions
/// met before are answered from the table.
///
/// # Complexity
///
/// For V positions and E moves reachable from a component not met before: O(V + E) hash
/// lookups to explore, then O(V + E) per labelling round, with at most 1 + (the largest number
/// of options of a position) rounds and typically a handful. Memory: O(V + E).
///
/// # Examples
///
/// A hand on a clock of 5 hours; a move turns it back 2 or 3 hours, and from 0 there is no
/// move. From 2 or 3 the player to move wins by moving to 0. From 1 the moves go to 4 and 3,
/// and from 4 to 2 and 1: moving to 2 or 3 loses, so both players keep going between 1 and 4.
///
/// ```
/// use sprague::loopy::{LoopySolver, Value};
/// use sprague::{Game, Nimber, Outcome};
///
/// #[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// struct Clock(u8);
///
/// impl Game for Clock {
///     fn successors(&self) -> impl IntoIterator<Item = Self> {
///         let h = self.0;
///         [2, 3].into_iter().filter(move |_| h != 0).map(move |k| Clock((h + 5 - k) % 5))
///     }
/// }
///
/// let mut solver = LoopySolver::new();
/// assert_eq!(solver.value(&Clock(0))?, Value::Finite(Nimber::ZERO));
/// assert_eq!(solver.value(&Clock(2))?, Value::infinite([Nimber::ZERO]));
/// assert_eq!(solver.outcome(&Clock(2))?, Outcome::N);
/// assert_eq!(solver.outcome(&Clock(1))?, Outcome::D);
/// assert_eq!(solver.value(&Clock(4))?.to_string(), "∞");
/// assert_eq!(solver.len(), 5);
/// # Ok::<(), sprague::Error>(())
/// ```
pub struct LoopySolver<G> {
    /// Every position met, with its label: a finite value, [`INFINITE`] with the index of its
    /// escapes, or [`UNLABELLED`] while its component is being labelled.
    table: Table<G>,
    /// The options of vertex `v` are `edges[edge_start[v]..edge_start[v + 1]]`.
    edge_start: Vec<usize>,
    edges: Vec<u32>,
    /// The escapes of infinite label `i` are `escapes[escape_start[i]..escape_start[i + 1]]`,
    /// sorted.
    escape_start: Vec<usize>,
    escapes: Vec<u64>,
    /// The number of positions stored when the call under way began: set while a call runs,
    /// so that a call that a panic in the game's code interrupted is undone by the next one.
    started: Option<usize>,
}

impl<G: Game> LoopySolver<G> {
    /// An empty solver with no position limit.
    ///
    /// ```
    /// use sprague::loopy::LoopySolver;
    /// let solver: LoopySolver<sprague::games::Nim> = LoopySolver::new();
    /// assert!(solver.is_empty());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        LoopySolver {
            table: Table::new(),
            edge_start: vec![0],
            edges: Vec::new(),
            escape_start: vec![0],
            escapes: Vec::new(),
            started: None,
        }
    }

    /// Bounds the number of positions the solver may store.
    ///
    /// A computation that needs more fails with [`Error::LimitExceeded`] and leaves the solver
    /// with the positions it had before.
    ///
    /// ```
    /// use sprague::{loopy::LoopySolver, Error, Game};
    ///
    /// #[derive(Clone, PartialEq, Eq, Hash)]
    /// struct Ring(u32); // a ring of 1000 positions
    /// impl Game for Ring {
    ///     fn successors(&self) -> impl IntoIterator<Item = Self> {
    ///         [Ring((self.0 + 1) % 1000)]
    ///     }
    /// }
    ///
    /// let mut solver = LoopySolver::new().with_limit(100);
    /// assert_eq!(solver.value(&Ring(0)), Err(Error::LimitExceeded { limit: 100 }));
    /// assert!(solver.is_empty());
    /// ```
    #[must_use]
    pub fn with_limit(mut self, max_positions: usize) -> Self {
        self.table.limit = max_positions;
        self
    }

    /// The generalized Sprague–Grundy value of `position`: the sum of the values of its
    /// components.
    ///
    /// # Errors
    ///
    /// [`Error::LimitExceeded`] if the position limit is reached, [`Error::OutOfMemory`] if the
    /// table or the moves cannot grow. The solver then keeps only the positions it had before
    /// the call.
    ///
    /// # Panics
    ///
    /// Only if the game's own code panics (`successors`, `split`, `Clone`, `Hash`, `Eq`). If
    /// that panic is caught ([`std::panic::catch_unwind`]), the solver stays usable: the next
    /// call first forgets what the interrupted one had stored.
    ///
    /// # Complexity
    ///
    /// See [`LoopySolver`]: linear in the positions and moves not met before, per labelling
    /// round.
    ///
    /// ```
    /// use sprague::loopy::{LoopySolver, Value};
    /// use sprague::{games::Nim, Game, Nimber};
    ///
    /// /// A spinning top: its only move is to itself, so the game never ends.
    /// #[derive(Clone, PartialEq, Eq, Hash)]
    /// struct Top;
    ///
    /// impl Game for Top {
    ///     fn successors(&self) -> impl IntoIterator<Item = Self> {
    ///         [Top]
    ///     }
    /// }
    ///
    /// assert_eq!(LoopySolver::new().value(&Top)?.to_string(), "∞");
    /// // A finite game has its Sprague–Grundy value.
    /// assert_eq!(LoopySolver::new().value(&Nim::new([3, 5]))?, Value::Finite(Nimber::new(6)));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn value(&mut self, position: &G) -> Result<Value, Error> {
        if let Some(stored) = self.started {
            self.forget_from(stored);
        }
        let stored = self.table.len();
        self.started = Some(stored);
        let mut total = Value::default();
        for component in position.split() {
            match self.label(component) {
                Ok(id) => total += self.value_of(id),
                Err(e) => {
                    self.forget_from(stored);
                    self.started = None;
                    return Err(e);
                }
            }
        }
        self.started = None;
        Ok(total)
    }

    /// Who wins `position` with best play: [`Outcome::P`], [`Outcome::N`], or [`Outcome::D`]
    /// for a draw.
    ///
    /// # Errors
    ///
    /// As [`LoopySolver::value`].
    ///
    /// ```
    /// use sprague::loopy::LoopySolver;
    /// use sprague::{games::Nim, Outcome};
    /// let mut solver = LoopySolver::new();
    /// assert_eq!(solver.outcome(&Nim::new([3, 5]))?, Outcome::N);
    /// assert_eq!(solver.outcome(&Nim::new([4, 4]))?, Outcome::P);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn outcome(&mut self, position: &G) -> Result<Outcome, Error> {
        self.value(position).map(|v| v.outcome())
    }

    /// The number of positions stored.
    ///
    /// ```
    /// use sprague::{games::Nim, loopy::LoopySolver};
    /// let mut solver = LoopySolver::new();
    /// solver.value(&Nim::new([2]))?;
    /// // Heaps of 2, 1 and 0.
    /// assert_eq!(solver.len(), 3);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// Whether no position is stored yet.
    ///
    /// ```
    /// use sprague::{games::Nim, loopy::LoopySolver};
    /// let mut solver = LoopySolver::new();
    /// assert!(solver.is_empty());
    /// solver.value(&Nim::new([1]))?;
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
    /// use sprague::{games::Nim, loopy::LoopySolver};
    /// let mut solver = LoopySolver::new().with_limit(10);
    /// solver.value(&Nim::new([5]))?;
    /// solver.clear();
    /// assert!(solver.is_empty());
    /// // The limit stays: a heap of 20 has 21 positions.
    /// assert!(solver.value(&Nim::new([20])).is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn clear(&mut self) {
        self.forget_from(0);
        self.started = None;
    }

    /// Forgets the positions from id `len` on, with their moves and escapes; the positions of
    /// a call interrupted while exploring may not have their moves yet.
    fn forget_from(&mut self, len: usize) {
        // Forgetting everything is a clear: `truncate` hashes again every position it
        // keeps.
        if len == 0 {
            self.table.clear();
        } else {
            self.table.truncate(len);
        }
        self.edge_start.truncate(len + 1);
        self.edges.truncate(self.edge_start[len]);
        // Positions are labelled component by component, so the escapes of the positions kept
        // come first.
        let labels = (0..len as u32).map(|v| self.table.state(v));
        let kept = labels.filter(|&s| is_infinite(s)).count();
        self.escape_start.truncate(kept + 1);
        self.escapes.truncate(self.escape_start[kept]);
    }

    fn value_of(&self, id: u32) -> Value {
        let state = self.table.state(id);
        if is_infinite(state) {
            Value::Infinite(
                self.escapes_of(state)
                    .iter()
                    .map(|&v| Nimber::new(v))
                    .collect(),
            )
        } else {
            Value::Finite(Nimber::new(state))
        }
    }

    fn escapes_of(&self, state: u64) -> &[u64] {
        let i = (state & !INFINITE) as usize;
        &self.escapes[self.escape_start[i]..self.escape_start[i + 1]]
    }

    fn options(&self, v: u32) -> &[u32] {
        &self.edges[self.edge_start[v as usize]..self.edge_start[v as usize + 1]]
    }

    /// Explores and labels the positions reachable from `position` that are not stored yet,
    /// and returns its id.
    fn label(&mut self, position: G) -> Result<u32, Error> {
        let first = self.table.len();
        let (root, _) = self.table.intern::<GameIndex>(position)?;
        if (root as usize) < first {
            return Ok(root);
        }
        self.explore(first)?;
        self.label_region(first);
        Ok(root)
    }

    /// Stores the options of every position from id `first` on, breadth first: new positions
    /// get the next ids, so the queue is the range of ids not yet expanded.
    ///
    /// Each option is stored as it is listed, so the position limit bounds the work and the
    /// memory of a position with more moves than the limit.
    fn explore(&mut self, first: usize) -> Result<(), Error> {
        let mut next = first;
        while next < self.table.len() {
            // A copy, so that the options can be stored while they are listed.
            let position = self.table.position(next as u32).clone();
            for option in position.successors() {
                let (id, _) = self.table.intern::<GameIndex>(option)?;
                try_push(&mut self.edges, id, MOVES)?;
            }
            try_push(&mut self.edge_start, self.edges.len(), MOVES)?;
            next += 1;
        }
        Ok(())
    }

    /// Labels the vertices from id `first` on, all of them new; the vertices before are
    /// labelled and have no option among the new ones.
    fn label_region(&mut self, first: usize) {
        let n = self.table.len();
        let local = |v: u32| v as usize - first;
        // Labels propagate backwards: from a vertex to the new vertices that can move to it.
        let mut pred_start = vec![0usize; n - first + 1];
        for &w in &self.edges[self.edge_start[first]..] {
            if w as usize >= first {
                pred_start[local(w) + 1] += 1;
            }
        }
        for i in 1..pred_start.len() {
            pred_start[i] += pred_start[i - 1];
        }
        let mut preds = vec![0u32; pred_start[n - first]];
        let mut fill = pred_start.clone();
        for v in first..n {
            for &w in self.options(v as u32) {
                if w as usize >= first {
                    preds[fill[local(w)]] = v as u32;
                    fill[local(w)] += 1;
                }
            }
        }
        let preds_of = |v: u32| &preds[pred_start[local(v)]..pred_start[local(v) + 1]];

        let mut unlabelled: Vec<u32> = (first as u32..n as u32).collect();
        let mut infinite: Vec<u32> = Vec::new();
        // Per new vertex and round: whether an option is labelled with the round's value, and
        // how many options that are unlabelled or infinite have none yet.
        let mut reversible = vec![false; n - first];
        let mut pending = vec![0u32; n - first];
        let mut queue: Vec<u32> = Vec::new();
        let mut m = 0u64;
        while !unlabelled.is_empty() {
            // Options labelled m before this round are old vertices, labelled in an earlier
            // call: they count from the start.
            for &v in unlabelled.iter().chain(&infinite) {
                reversible[local(v)] = self.options(v).iter().any(|&w| self.table.state(w) == m);
            }
            for &v in &unlabelled {
                let open = self.options(v).iter().filter(|&&w| {
                    let state = self.table.state(w);
                    if w as usize >= first {
                        (state == UNLABELLED || is_infinite(state)) && !reversible[local(w)]
                    } else {
                        is_infinite(state) && self.escapes_of(state).binary_search(&m).is_err()
                    }
                });
                pending[local(v)] = open.count() as u32;
            }
            // Labelled only once every count is taken: a vertex labelled m still counts as
            // open for its predecessors, which it makes reversible instead.
            for &v in &unlabelled {
                if pending[local(v)] == 0 && !reversible[local(v)] {
                    self.table.set_state(v, m);
                    queue.push(v);
                }
            }
            while let Some(v) = queue.pop() {
                for &p in preds_of(v) {
                    let state = self.table.state(p);
                    let open = state == UNLABELLED || is_infinite(state);
                    if !open || reversible[local(p)] {
                        continue;
                    }
                    // p now reverses to m, so it no longer holds back its predecessors.
                    reversible[local(p)] = true;
                    for &q in preds_of(p) {
                        if self.table.state(q) == UNLABELLED && !reversible[local(q)] {
                            pending[local(q)] -= 1;
                            if pending[local(q)] == 0 {
                                self.table.set_state(q, m);
                                queue.push(q);
                            }
                        }
                    }
                }
            }
            unlabelled.retain(|&v| {
                if self.table.state(v) != UNLABELLED {
                    false
                } else if reversible[local(v)] {
                    true
                } else {
                    // The index is set below, once all labels are known.
                    self.table.set_state(v, INFINITE);
                    infinite.push(v);
                    false
                }
            });
            m += 1;
        }
        // Escapes are stored in the order of the ids, so that forgetting the last positions
        // forgets the last escapes.
        infinite.sort_unstable();
        let mut escapes = Vec::new();
        for v in infinite {
            let labels = self.options(v).iter().map(|&w| self.table.state(w));
            escapes.extend(labels.filter(|&s| !is_infinite(s)));
            escapes.sort_unstable();
            escapes.dedup();
            self.escapes.append(&mut escapes);
            self.escape_start.push(self.escapes.len());
            let index = self.escape_start.len() as u64 - 2;
            self.table.set_state(v, INFINITE | index);
        }
    }
}

impl<G: Game> Default for LoopySolver<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G> fmt::Debug for LoopySolver<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LoopySolver")
            .field("positions", &self.table.len())
            .field("moves", &self.edges.len())
            .field("limit", &self.table.limit)
            .finish_non_exhaustive()
    }
}

/// The generalized Sprague–Grundy value of `position`, with a fresh [`LoopySolver`].
///
/// # Errors
///
/// As [`LoopySolver::value`].
///
/// # Complexity
///
/// As [`LoopySolver::value`].
///
/// ```
/// use sprague::{loopy, Game, Outcome};
///
/// /// Hands on a clock of 5 hours; a move turns one hand back 2 or 3 hours, but not from 0.
/// #[derive(Clone, PartialEq, Eq, Hash)]
/// struct Hands(Vec<u8>);
///
/// impl Game for Hands {
///     fn successors(&self) -> impl IntoIterator<Item = Self> {
///         let mut out = Vec::new();
///         for (i, &h) in self.0.iter().enumerate().filter(|&(_, &h)| h != 0) {
///             for k in [2, 3] {
///                 let mut hands = self.0.clone();
///                 hands[i] = (h + 5 - k) % 5;
///                 hands.sort_unstable();
///                 out.push(Hands(hands));
///             }
///         }
///         out
///     }
///
///     // Each hand is a game of its own.
///     fn split(&self) -> impl IntoIterator<Item = Self> {
///         self.0.iter().map(|&h| Hands(vec![h]))
///     }
/// }
///
/// // One hand on 2 wins by moving to 0; two such hands are a draw: whoever moves a hand to 0
/// // leaves the other one to the opponent.
/// assert_eq!(loopy::value(&Hands(vec![2]))?.to_string(), "∞(0)");
/// assert_eq!(loopy::value(&Hands(vec![2, 3]))?.to_string(), "∞");
/// assert_eq!(loopy::outcome(&Hands(vec![2, 3]))?, Outcome::D);
/// # Ok::<(), sprague::Error>(())
/// ```
pub fn value<G: Game>(position: &G) -> Result<Value, Error> {
    LoopySolver::new().value(position)
}

/// Who wins `position` with best play ([`Outcome::D`] for a draw), with a fresh
/// [`LoopySolver`].
///
/// # Errors
///
/// As [`LoopySolver::value`].
///
/// ```
/// use sprague::{loopy, Game, Outcome};
///
/// /// A token on a cycle 0 -> 1 -> 2 -> 0, with an exit from 2 to a dead end 3.
/// #[derive(Clone, PartialEq, Eq, Hash)]
/// struct Token(u8);
/// impl Game for Token {
///     fn successors(&self) -> impl IntoIterator<Item = Self> {
///         let next: &[u8] = match self.0 { 0 => &[1], 1 => &[2], 2 => &[0, 3], _ => &[] };
///         next.iter().map(|&v| Token(v))
///     }
/// }
///
/// assert_eq!(loopy::outcome(&Token(2))?, Outcome::N); // move to the dead end
/// assert_eq!(loopy::outcome(&Token(1))?, Outcome::P); // must move to 2
/// assert_eq!(loopy::outcome(&Token(0))?, Outcome::N); // move to 1
/// # Ok::<(), sprague::Error>(())
/// ```
pub fn outcome<G: Game>(position: &G) -> Result<Outcome, Error> {
    value(position).map(|v| v.outcome())
}
