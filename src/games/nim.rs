//! Nim.

use crate::{Game, Nimber, Outcome};

/// Nim: take any positive number of tokens from one heap.
///
/// # Rules
///
/// A position is a row of heaps. A move removes one or more tokens from a single heap. Under
/// normal play the player who takes the last token wins; under misère play that player loses.
///
/// # Theory
///
/// A heap of n tokens can move to every smaller heap, so it is worth `*n`, and by the
/// Sprague–Grundy theorem a row of heaps is worth the exclusive or of their sizes (Bouton,
/// 1901). [`Nim::grundy`] computes it in O(heaps). The winning moves make that exclusive or 0:
/// with s the nim-sum, any heap h with h ⊕ s < h is reduced to h ⊕ s.
///
/// In misère play (Bouton's rule, [`Nim::misere_outcome`]), the player to move wins exactly when
/// the nim-sum is not 0, except when every heap has at most one token: then the player to move
/// wins exactly when the number of single-token heaps is even.
///
/// As a [`Game`], a position lists every move (heaps stay in their order so that a move can be
/// read off by comparing positions) and splits into its non-empty heaps. Solving through the
/// generic solver costs O(n) per heap of n tokens; use [`Nim::grundy`] for large heaps.
///
/// # Examples
///
/// ```
/// use sprague::{games::Nim, grundy, Nimber, Outcome};
///
/// let nim = Nim::new([3, 4, 5]);
/// assert_eq!(nim.grundy(), Nimber::new(2));
/// assert_eq!(grundy(&nim)?, nim.grundy());
/// assert_eq!(Nim::new([1, 1, 1]).misere_outcome(), Outcome::P);
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Nim {
    heaps: Vec<u64>,
}

impl Nim {
    /// A row of heaps with these sizes.
    ///
    /// ```
    /// let nim = sprague::games::Nim::new([3, 4, 5]);
    /// assert_eq!(nim.heaps(), [3, 4, 5]);
    /// ```
    pub fn new(heaps: impl Into<Vec<u64>>) -> Self {
        Nim {
            heaps: heaps.into(),
        }
    }

    /// The heap sizes, in order.
    ///
    /// ```
    /// assert_eq!(sprague::games::Nim::new([3, 0, 5]).heaps(), [3, 0, 5]);
    /// ```
    #[must_use]
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The value of the position: the nim-sum of the heap sizes.
    ///
    /// # Complexity
    ///
    /// O(number of heaps).
    ///
    /// ```
    /// assert_eq!(sprague::games::Nim::new([1, 2, 3]).grundy().value(), 0);
    /// ```
    #[must_use]
    pub fn grundy(&self) -> Nimber {
        self.heaps.iter().map(|&h| Nimber::new(h)).sum()
    }

    /// The outcome under misère play (the player who takes the last token loses), by Bouton's
    /// rule.
    ///
    /// # Complexity
    ///
    /// O(number of heaps).
    ///
    /// ```
    /// use sprague::{games::Nim, Outcome};
    /// assert_eq!(Nim::new([1, 1]).misere_outcome(), Outcome::N);
    /// assert_eq!(Nim::new([2, 2]).misere_outcome(), Outcome::P);
    /// assert_eq!(Nim::new([]).misere_outcome(), Outcome::N);
    /// ```
    #[must_use]
    pub fn misere_outcome(&self) -> Outcome {
        if self.heaps.iter().all(|&h| h <= 1) {
            let ones = self.heaps.iter().filter(|&&h| h == 1).count();
            if ones % 2 == 0 {
                Outcome::N
            } else {
                Outcome::P
            }
        } else {
            Outcome::from(self.grundy())
        }
    }

    /// Every winning move under normal play: the positions one move away whose nim-sum is 0.
    /// Empty when the position is lost.
    ///
    /// With s the nim-sum, a heap h can be reduced to h ⊕ s exactly when h ⊕ s < h, that is
    /// when h has a 1 at the highest bit of s; at least one heap does when s ≠ 0.
    ///
    /// # Complexity
    ///
    /// O(number of heaps) for each move returned, without a search; see
    /// [`Nim::winning_reductions`] for the moves alone, in O(1) each.
    ///
    /// ```
    /// use sprague::games::Nim;
    /// assert_eq!(Nim::new([3, 4, 5]).winning_moves(), vec![Nim::new([1, 4, 5])]);
    /// assert!(Nim::new([1, 2, 3]).winning_moves().is_empty());
    /// ```
    #[must_use]
    pub fn winning_moves(&self) -> Vec<Nim> {
        self.positions_after(self.winning_reductions())
    }

    /// The winning moves under normal play as (heap, new size) pairs, the heap counted from 0:
    /// the moves of [`Nim::winning_moves`] without building the positions they reach.
    ///
    /// # Complexity
    ///
    /// O(number of heaps) in all, and O(1) memory.
    ///
    /// ```
    /// use sprague::games::Nim;
    /// let moves: Vec<(usize, u64)> = Nim::new([3, 4, 5]).winning_reductions().collect();
    /// assert_eq!(moves, [(0, 1)]);
    /// ```
    pub fn winning_reductions(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        let sum = self.grundy().value();
        self.reductions(move |h| h ^ sum)
    }

    /// Every winning move under misère play (the player who takes the last token loses): the
    /// positions one move away that are misère losses. Empty when the position is lost, and
    /// for the empty position, which the player to move has already won.
    ///
    /// By Bouton's rule: while another heap has 2 or more tokens, the only target for a heap
    /// is the one that makes the nim-sum 0, as in normal play; otherwise it is the size, 0 or
    /// 1, that leaves an odd number of heaps of one token.
    ///
    /// # Complexity
    ///
    /// O(number of heaps) for each move returned, without a search; see
    /// [`Nim::misere_winning_reductions`] for the moves alone, in O(1) each.
    ///
    /// ```
    /// use sprague::games::Nim;
    /// // Normal play would take the 4 down to 0; misère play leaves one heap of 1.
    /// assert_eq!(Nim::new([1, 1, 4]).misere_winning_moves(), vec![Nim::new([1, 1, 1])]);
    /// assert_eq!(Nim::new([3, 4, 5]).misere_winning_moves(), vec![Nim::new([1, 4, 5])]);
    /// assert!(Nim::new([1, 1, 1]).misere_winning_moves().is_empty());
    /// ```
    #[must_use]
    pub fn misere_winning_moves(&self) -> Vec<Nim> {
        self.positions_after(self.misere_winning_reductions())
    }

    /// The winning moves under misère play as (heap, new size) pairs, the heap counted from
    /// 0: the moves of [`Nim::misere_winning_moves`] without building the positions they
    /// reach.
    ///
    /// # Complexity
    ///
    /// O(number of heaps) in all, and O(1) memory.
    ///
    /// ```
    /// use sprague::games::Nim;
    /// let moves: Vec<(usize, u64)> = Nim::new([1, 1, 4]).misere_winning_reductions().collect();
    /// assert_eq!(moves, [(2, 1)]);
    /// ```
    pub fn misere_winning_reductions(&self) -> impl Iterator<Item = (usize, u64)> + '_ {
        let sum = self.grundy().value();
        let big = self.heaps.iter().filter(|&&h| h >= 2).count();
        let ones = self.heaps.iter().filter(|&&h| h == 1).count();
        self.reductions(move |h| {
            if big > usize::from(h >= 2) {
                h ^ sum
            } else {
                let other_ones = ones - usize::from(h == 1);
                u64::from(other_ones % 2 == 0)
            }
        })
    }

    /// The moves that reduce a heap h to `target(h)`, for every heap that target is below.
    fn reductions<'a>(
        &'a self,
        target: impl Fn(u64) -> u64 + 'a,
    ) -> impl Iterator<Item = (usize, u64)> + 'a {
        self.heaps
            .iter()
            .enumerate()
            .filter_map(move |(i, &h)| Some((i, target(h))).filter(|&(_, t)| t < h))
    }

    /// The positions these moves reach.
    fn positions_after(&self, moves: impl Iterator<Item = (usize, u64)>) -> Vec<Nim> {
        moves
            .map(|(i, t)| {
                let mut heaps = self.heaps.clone();
                heaps[i] = t;
                Nim { heaps }
            })
            .collect()
    }
}

impl Game for Nim {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        self.heaps.iter().enumerate().flat_map(move |(i, &h)| {
            (0..h).map(move |smaller| {
                let mut heaps = self.heaps.clone();
                heaps[i] = smaller;
                Nim { heaps }
            })
        })
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.heaps
            .iter()
            .filter(|&&h| h > 0)
            .map(|&h| Nim { heaps: vec![h] })
    }

    /// A single heap is numbered by its size; other positions have no index.
    fn index(&self) -> Option<usize> {
        match self.heaps[..] {
            [h] => usize::try_from(h).ok(),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Solver;
    use proptest::prelude::*;

    /// Misère outcome by exhaustive search over whole positions.
    fn misere_by_search(heaps: &mut Vec<u64>) -> bool {
        let mut any_move = false;
        for i in 0..heaps.len() {
            for smaller in 0..heaps[i] {
                any_move = true;
                let h = std::mem::replace(&mut heaps[i], smaller);
                let opponent_wins = misere_by_search(heaps);
                heaps[i] = h;
                if !opponent_wins {
                    return true;
                }
            }
        }
        !any_move
    }

    proptest! {
        #[test]
        fn value_is_the_nim_sum(heaps in proptest::collection::vec(0u64..9, 0..4)) {
            let nim = Nim::new(heaps.clone());
            prop_assert_eq!(Solver::new().grundy(&nim)?, nim.grundy());
            prop_assert_eq!(nim.grundy().value(), heaps.iter().fold(0, |a, h| a ^ h));
        }

        #[test]
        fn boutons_misere_rule_matches_search(mut heaps in proptest::collection::vec(0u64..5, 0..4)) {
            let nim = Nim::new(heaps.clone());
            let win = misere_by_search(&mut heaps);
            prop_assert_eq!(nim.misere_outcome(), if win { Outcome::N } else { Outcome::P });
        }
    }

    proptest! {
        #[test]
        fn direct_winning_moves_match_search(heaps in proptest::collection::vec(0u64..6, 0..4)) {
            let nim = Nim::new(heaps);
            prop_assert_eq!(nim.winning_moves(), Solver::new().winning_moves(&nim)?);
            let misere_wins: Vec<Nim> = nim
                .successors()
                .into_iter()
                .filter(|next| !misere_by_search(&mut next.heaps.clone()))
                .collect();
            prop_assert_eq!(nim.misere_winning_moves(), misere_wins);
        }
    }

    #[test]
    fn winning_moves_reach_nim_sum_zero() {
        let nim = Nim::new([3, 4, 5]);
        let wins = Solver::new().winning_moves(&nim).unwrap();
        assert_eq!(wins, vec![Nim::new([1, 4, 5])]);
        assert!(
            Solver::new()
                .winning_moves(&Nim::new([1, 2, 3]))
                .unwrap()
                .is_empty()
        );
    }
}
