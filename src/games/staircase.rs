//! Staircase Nim, and the monotone piles of POI 2009 "Pebbles" reduced to it.

use crate::{Error, Game, Nimber};

/// Staircase Nim: move stones down a staircase.
///
/// # Rules
///
/// Stones lie on the steps 1, 2, …, k of a staircase whose step 0 is the ground. A move takes
/// any positive number of stones from one step and puts them on the step just below; stones
/// moved from step 1 reach the ground and leave the game. The player who cannot move (every
/// stone on the ground) loses.
///
/// # Theory
///
/// The position is worth the nim-sum of the stones on the **odd** steps: it plays like Nim on
/// the odd steps. Every move changes exactly one odd step: from an odd step it lowers it (the
/// stones land on an even step or the ground), from an even step it raises the odd step below.
/// So no move keeps the nim-sum s of the odd steps, while the moves that lower an odd step
/// reach every value below s, as in Nim. By induction the value is s (the strategy in words:
/// answer a move up onto an odd step by moving the same stones on down).
/// [`Staircase::grundy`] computes it in O(k).
///
/// Steps interact (a move changes two of them), so a position does not split into
/// components: as a [`Game`] its successors are every move (step by step from step 1 up, the
/// most stones first), and the generic solver searches the whole position. Trailing empty steps
/// are dropped, since they take no part in play.
///
/// Stones are counted in 128 bits: a move only moves stones down, so no step ever holds more
/// than the total given to [`Staircase::new`], which fits.
///
/// # Pebbles
///
/// [`Staircase::pebbles`] solves the monotone piles game of POI 2009 ("KAM-Pebbles"): piles
/// a₁ ≤ a₂ ≤ … ≤ aₙ in a row; a move removes pebbles from one pile so that the row stays
/// non-decreasing; whoever cannot move loses. With a₀ = 0, let cᵢ = aᵢ − aᵢ₋₁ ≥ 0. Removing x
/// from pile i is allowed exactly when x ≤ cᵢ, and then cᵢ loses x while cᵢ₊₁ gains x (for
/// i < n; pile n has no right neighbour, so the x pebbles simply leave). So the differences are
/// a staircase in which cₙ is step 1, cₙ₋₁ step 2, …, c₁ step n: difference i is step
/// n + 1 − i, and a move carries x stones from step n + 1 − i to step n − i, one step down.
/// Since aᵢ = c₁ + … + cᵢ, the map is a bijection between rows and staircases that matches
/// moves one for one: the games are isomorphic, and the row is worth the nim-sum of cₙ, cₙ₋₂,
/// cₙ₋₄, ….
///
/// # Examples
///
/// ```
/// use sprague::{games::Staircase, grundy, Nimber};
///
/// // 3 stones on step 1, 5 on step 2, 6 on step 3, 1 on step 4: worth 3 xor 6.
/// let stairs = Staircase::new([3, 5, 6, 1]);
/// assert_eq!(stairs.grundy()?, Nimber::new(3 ^ 6));
/// assert_eq!(grundy(&stairs)?, stairs.grundy()?);
///
/// // The POI samples: 2 2 is lost for the first player, 1 2 4 is won.
/// assert!(Staircase::pebbles([2, 2])?.grundy()?.is_zero());
/// assert!(!Staircase::pebbles([1, 2, 4])?.grundy()?.is_zero());
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Staircase {
    /// `stones[i]` lie on step `i + 1`; the last step is not empty.
    stones: Vec<u128>,
}

impl Staircase {
    /// A staircase with `stones[i]` stones on step `i + 1`.
    ///
    /// ```
    /// use sprague::games::Staircase;
    /// assert_eq!(Staircase::new([0, 4, 0, 0]).stones(), [0, 4]);
    /// ```
    pub fn new(stones: impl Into<Vec<u64>>) -> Self {
        Self::from_steps(stones.into().into_iter().map(u128::from).collect())
    }

    fn from_steps(mut stones: Vec<u128>) -> Self {
        while stones.last() == Some(&0) {
            stones.pop();
        }
        Staircase { stones }
    }

    /// The staircase of the monotone piles game (POI 2009 "KAM-Pebbles"), whose positions and
    /// moves it matches one for one (see [Pebbles](Staircase#pebbles)): the differences of
    /// consecutive piles, the last one on step 1.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] if the piles decrease somewhere.
    ///
    /// # Complexity
    ///
    /// O(n) for n piles.
    ///
    /// ```
    /// use sprague::{games::Staircase, Error};
    ///
    /// // Differences 1 1 2, the last pile's on step 1.
    /// assert_eq!(Staircase::pebbles([1, 2, 4])?, Staircase::new([2, 1, 1]));
    /// let err = Staircase::pebbles([1, 5, 2]).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "invalid rules: pebbles piles must not decrease, but pile 2 holds 2 after 5 (piles counted from 0)"
    /// );
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn pebbles(piles: impl Into<Vec<u64>>) -> Result<Self, Error> {
        let piles = piles.into();
        let mut stones = Vec::with_capacity(piles.len());
        let mut before = 0;
        for (i, &pile) in piles.iter().enumerate() {
            let Some(difference) = pile.checked_sub(before) else {
                return Err(Error::InvalidRules {
                    reason: format!(
                        "pebbles piles must not decrease, but pile {i} holds {pile} after {before} (piles counted from 0)"
                    ),
                });
            };
            stones.push(u128::from(difference));
            before = pile;
        }
        stones.reverse();
        Ok(Self::from_steps(stones))
    }

    /// The stones on steps 1, 2, …, up to the highest step that holds any.
    ///
    /// ```
    /// use sprague::games::Staircase;
    /// assert_eq!(Staircase::new([4, 0, 2]).stones(), [4, 0, 2]);
    /// assert!(Staircase::new([0]).stones().is_empty());
    /// ```
    #[must_use]
    pub fn stones(&self) -> &[u128] {
        &self.stones
    }

    /// The value of the position: the nim-sum of the stones on the odd steps.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfRange`] if the value needs more than 64 bits, which only a position
    /// reached by play from a staircase of more than 2⁶⁴ − 1 stones in all can need.
    ///
    /// # Complexity
    ///
    /// O(number of steps).
    ///
    /// ```
    /// use sprague::{games::Staircase, Nimber};
    /// // Stones on even steps do not count.
    /// assert_eq!(Staircase::new([0, 7, 0, 9]).grundy()?, Nimber::new(0));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn grundy(&self) -> Result<Nimber, Error> {
        let sum = self.stones.iter().step_by(2).fold(0, |acc, &s| acc ^ s);
        u64::try_from(sum)
            .map(Nimber::new)
            .map_err(|_| Error::out_of_range("grundy value", sum, u64::MAX))
    }
}

impl Game for Staircase {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        self.stones
            .iter()
            .enumerate()
            .flat_map(move |(i, &on_step)| {
                (1..=on_step).rev().map(move |moved| {
                    let mut stones = self.stones.clone();
                    stones[i] -= moved;
                    // Step 1 is stones[0]: from there the stones reach the ground.
                    if i > 0 {
                        stones[i - 1] += moved;
                    }
                    Staircase::from_steps(stones)
                })
            })
    }
}
