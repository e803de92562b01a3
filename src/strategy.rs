//! Winning moves in sums of games under normal play.
//!
//! By the Sprague–Grundy theorem a sum of components is lost for the player to move exactly
//! when the nim-sum s of their values is 0. Otherwise the winning moves are those of Nim: some
//! component of value v has v ⊕ s < v (any component whose value has a 1 at the highest bit of
//! s), and moving it to an option of value v ⊕ s, which exists because v is the mex of its
//! options' values, leaves nim-sum 0.
//!
//! [`winning_move`] finds the component and the value to reach from the values alone;
//! [`Solver::option_with_value`] finds an option of a component with a given value;
//! [`Solver::sum_winning_move`] does both for a list of components.
//!
//! # Examples
//!
//! Heaps of Kayles of 4, 5 and 6 are worth *1, *4 and *3, nim-sum *6: the winning move turns
//! the heap of 5 into a position worth *4 ⊕ *6 = *2.
//!
//! ```
//! use sprague::games::Octal;
//! use sprague::strategy::winning_move;
//! use sprague::Nimber;
//!
//! let kayles = Octal::kayles();
//! let values = [4, 5, 6].map(|n| kayles.grundy(n)).map(Result::unwrap);
//! assert_eq!(values, [1, 4, 3].map(Nimber::new));
//! assert_eq!(winning_move(&values), Some((1, Nimber::new(2))));
//! ```

use crate::{Error, Game, Nimber, Solver};

/// Which component to move in, and to which value, to leave a sum of nim-sum 0; `None` when
/// the sum is already 0 (the player to move loses).
///
/// The component chosen is the first whose value v has v ⊕ s < v, for s the nim-sum of
/// `values`.
///
/// # Complexity
///
/// O(number of components).
///
/// # Examples
///
/// Nim heaps of 3, 4 and 5 have nim-sum 2; the heap of 3 goes down to 1:
///
/// ```
/// use sprague::{strategy::winning_move, Nimber};
///
/// let values = [3, 4, 5].map(Nimber::new);
/// assert_eq!(winning_move(&values), Some((0, Nimber::new(1))));
/// assert_eq!(winning_move(&[1, 2, 3].map(Nimber::new)), None);
/// ```
#[must_use]
pub fn winning_move(values: &[Nimber]) -> Option<(usize, Nimber)> {
    let sum: Nimber = values.iter().sum();
    if sum.is_zero() {
        return None;
    }
    values
        .iter()
        .position(|&v| (v + sum) < v)
        .map(|i| (i, values[i] + sum))
}

impl<G: Game> Solver<G> {
    /// An option of `component` (a position one move away) whose Grundy value is `value`;
    /// `None` if there is none.
    ///
    /// There is one for every `value` below the component's own value, by the definition of
    /// the value as a mex.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`].
    ///
    /// # Complexity
    ///
    /// One [`Solver::grundy`] per option, until one has the value.
    ///
    /// ```
    /// use sprague::{games::Nim, Nimber, Solver};
    ///
    /// let mut solver = Solver::new();
    /// let option = solver.option_with_value(&Nim::new([7]), Nimber::new(2))?;
    /// assert_eq!(option, Some(Nim::new([2])));
    /// assert_eq!(solver.option_with_value(&Nim::new([7]), Nimber::new(7))?, None);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn option_with_value(&mut self, component: &G, value: Nimber) -> Result<Option<G>, Error> {
        for option in component.successors() {
            if self.grundy(&option)? == value {
                return Ok(Some(option));
            }
        }
        Ok(None)
    }

    /// A winning move in the sum of `components`: the index of the component to move in and
    /// the option of it to move to. `None` when the sum is lost for the player to move.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`], and [`Error::InvalidRules`] if the component to move in has no
    /// option of the value needed, which happens only when its [`Game::successors`] and
    /// [`Game::split`] disagree (its value, the sum of its parts, is then not the mex of its
    /// options).
    ///
    /// # Complexity
    ///
    /// One [`Solver::grundy`] per component, then one per option of the chosen component
    /// until a winning one is found.
    ///
    /// # Examples
    ///
    /// Take 1, 3 or 4 stones from one of several piles:
    ///
    /// ```
    /// use sprague::{Game, Solver};
    ///
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
    /// // Piles of 5, 6 and 3 are worth *3, *2 and *: a loss for the player to move.
    /// let mut solver = Solver::new();
    /// assert_eq!(solver.sum_winning_move(&[Pile(5), Pile(6), Pile(3)])?, None);
    /// // Piles of 5, 6 and 2 are worth *3, *2 and 0: move the 5 to a pile worth *2, which is 4.
    /// let piles = [Pile(5), Pile(6), Pile(2)];
    /// assert_eq!(solver.sum_winning_move(&piles)?, Some((0, Pile(4))));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn sum_winning_move(&mut self, components: &[G]) -> Result<Option<(usize, G)>, Error> {
        let values: Vec<Nimber> = components
            .iter()
            .map(|c| self.grundy(c))
            .collect::<Result<_, _>>()?;
        let Some((i, target)) = winning_move(&values) else {
            return Ok(None);
        };
        match self.option_with_value(&components[i], target)? {
            Some(option) => Ok(Some((i, option))),
            None => Err(Error::InvalidRules {
                reason: format!(
                    "component {i} is worth {} but has no option worth {target}: its \
                     successors and its split disagree",
                    values[i]
                ),
            }),
        }
    }
}
