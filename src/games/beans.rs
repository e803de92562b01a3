//! The splitting game of HNOI 2007 ("分裂游戏"): beans split in two along a row of bottles.

use std::fmt;
use std::iter::FusedIterator;
use std::str::FromStr;

use crate::{Error, Game, Nimber};

/// The splitting game: a bean taken from a bottle becomes two beans in later bottles.
///
/// # Rules
///
/// Bottles 0, 1, …, n − 1 stand in a row, each holding some beans. A move picks bottles
/// i < j ≤ k with a bean in bottle i, takes one bean from bottle i and puts one bean into
/// bottle j and one into bottle k (two into j when j = k). Beans in the last bottle can never
/// move. The player who cannot move loses. (HNOI 2007 "分裂游戏", Luogu P3185; the bottles are
/// numbered from 0 as there.)
///
/// # Theory
///
/// The beans are independent games: a bean's moves only replace it by new beans further on,
/// and never touch another bean. So a position is the disjunctive sum of its beans (a
/// *Multi-SG* game: a move of one component leaves two components), and a bean's value
/// depends only on its distance d = n − 1 − i to the last bottle:
///
/// > g(d) = mex { g(a) ⊕ g(b) : 0 ≤ b ≤ a < d }, so g(0) = 0, g(1) = 1, g(2) = 2, g(3) = 4, …
///
/// Two beans in one bottle are equal games, and G + G = 0, so only the parity of each count
/// matters: the position is worth the nim-sum of g(d) over the bottles holding an odd number
/// of beans.
///
/// The values have a closed form: g(d) is the (d − 1)-th **odious number** (an odd count of 1
/// bits) counting from 0, that is 2(d − 1) + 1 when d − 1 has an even number of 1 bits and
/// 2(d − 1) otherwise: 1, 2, 4, 7, 8, 11, 13, 14, …, the values of Mock Turtles (*Winning Ways*,
/// ch. 14), which this game is with the last bottle's dead beans left out. Proof, by induction
/// on d: the values at distances below d are 0 and the odious numbers with halves
/// (`value >> 1`) below d − 1. The xor of two odious numbers is evil (an even count of 1 bits),
/// the xor with 0 keeps a number odious, and every number is fixed by its half and its parity
/// of 1 bits. Every odious v with half below d − 1 is reached as v ⊕ 0; every non-zero evil v
/// with half h below d − 1 as the odious numbers of halves h and 0; 0 as a ⊕ a; and if the
/// number 2(d − 1) is non-zero and evil (so below g(d)), then d − 1 has an even number of 1
/// bits, at least two, so it splits into its top bit and the rest, two distinct smaller halves
/// whose odious numbers xor to it. Nothing reaches
/// g(d): being odious, it would have to be g(d) ⊕ 0, with half d − 1, out of reach.
///
/// So [`BeanSplitting::grundy`] costs O(n), with no table. The winning moves are those with
/// g(dⱼ) ⊕ g(dₖ) = t for t = total ⊕ g(dᵢ), and the form of the values counts them in O(1) per
/// bottle i: for t = 0 the d choices j = k; for odious t only the bottle worth t with the last
/// bottle; for evil t the pairs of distinct halves below dᵢ − 1 whose xor is t's half.
///
/// As a [`Game`], the successors are every move, and [`split`](Game::split) returns one
/// component per bottle with an odd number of beans (not the last bottle, whose beans are
/// dead): a single bean there. Counts are kept in 128 bits: each move adds one bean in all, so
/// no count built from `u64` ones overflows in fewer than 2¹²⁷ moves.
///
/// # Examples
///
/// ```
/// use sprague::{games::{BeanSplitting, SplitMove}, grundy, Nimber};
///
/// // The sample of the problem: one winning move, 0 2 3.
/// let beans = BeanSplitting::new([1, 0, 1, 5000]);
/// assert_eq!(beans.winning_moves().next(), Some(SplitMove { i: 0, j: 2, k: 3 }));
/// assert_eq!(beans.winning_move_count(), 1);
/// assert_eq!(grundy(&beans)?, beans.grundy());
///
/// assert_eq!(BeanSplitting::new([1, 0, 0, 0]).grundy(), Nimber::new(4));
/// assert_eq!(BeanSplitting::new([u64::MAX - 1, 0, 0, 0]).grundy(), Nimber::new(0));
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct BeanSplitting {
    beans: Vec<u128>,
}

/// A move of the splitting game: one bean from bottle `i` becomes a bean in bottle `j` and a
/// bean in bottle `k`, with `i < j <= k`.
///
/// Moves order lexicographically by (`i`, `j`, `k`), and display as the problem prints them:
///
/// ```
/// use sprague::games::SplitMove;
/// let mv = SplitMove { i: 0, j: 2, k: 3 };
/// assert_eq!(mv.to_string(), "0 2 3");
/// assert!(mv < SplitMove { i: 0, j: 3, k: 3 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SplitMove {
    /// The bottle a bean is taken from.
    pub i: usize,
    /// The bottle the first new bean goes to.
    pub j: usize,
    /// The bottle the second new bean goes to.
    pub k: usize,
}

impl fmt::Display for SplitMove {
    /// `i j k`, as HNOI 2007 prints a move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.i, self.j, self.k)
    }
}

impl FromStr for SplitMove {
    type Err = Error;

    /// Reads what [`Display`](fmt::Display) writes: three bottle numbers, `i j k`.
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] for anything but three whole numbers separated by spaces.
    ///
    /// ```
    /// use sprague::games::SplitMove;
    ///
    /// assert_eq!("0 2 3".parse::<SplitMove>()?, SplitMove { i: 0, j: 2, k: 3 });
    /// assert!("0 2".parse::<SplitMove>().is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, Error> {
        let numbers: Vec<usize> = text
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .unwrap_or_default();
        match numbers[..] {
            [i, j, k] => Ok(SplitMove { i, j, k }),
            _ => Err(Error::parse(
                "a splitting move",
                text,
                "a move is three bottle numbers, such as 0 2 3",
            )),
        }
    }
}

/// The value of a bean `distance` bottles before the last: 0, then the odious numbers.
fn bean_value(distance: usize) -> u64 {
    // Bottles are in a Vec of 16-byte counts, so a distance is below 2^60 and 2m + 1 fits.
    match distance as u64 {
        0 => 0,
        d => {
            let m = d - 1;
            2 * m + u64::from(m.count_ones() % 2 == 0)
        }
    }
}

/// The distance of a bean worth `value`, if some distance gives that value.
fn distance_of(value: u64) -> Option<u64> {
    match value {
        0 => Some(0),
        v if v.count_ones() % 2 == 1 => Some((v >> 1) + 1),
        _ => None,
    }
}

/// The number of pairs of distances b ≤ a < `d` with g(a) ⊕ g(b) = `target`.
fn pairs_making(target: u64, d: u64) -> u64 {
    if target == 0 {
        // a = b: the two beans cancel.
        return d;
    }
    let Some(dt) = distance_of(target) else {
        // Evil: two odious values, whose halves x, y < d − 1 (distances 1 to d − 1) have
        // x ⊕ y = h. Past its top bit, h flips only bits within blocks of 2^(top + 1)
        // numbers: a whole block holds 2^top such pairs, and the last, partial block of r
        // numbers the ones whose upper member, with bit `top` set, is below r.
        let h = target >> 1;
        let top = h.ilog2();
        let halves = d - 1;
        let block = 1 << (top + 1);
        let (whole, rest) = (halves / block, halves % block);
        return whole * (block / 2) + rest.saturating_sub(block / 2);
    };
    // Odious: an odious value xor the last bottle's 0, the only evil value.
    u64::from(dt < d)
}

impl BeanSplitting {
    /// A row of bottles holding `beans[i]` beans in bottle `i`.
    ///
    /// ```
    /// use sprague::games::BeanSplitting;
    /// assert_eq!(BeanSplitting::new([1, 0, 2]).beans(), [1, 0, 2]);
    /// ```
    pub fn new(beans: impl Into<Vec<u64>>) -> Self {
        BeanSplitting {
            beans: beans.into().into_iter().map(u128::from).collect(),
        }
    }

    /// The beans in each bottle, first bottle first.
    ///
    /// ```
    /// use sprague::games::{BeanSplitting, SplitMove};
    /// let after = BeanSplitting::new([1, 0, 0]).play(SplitMove { i: 0, j: 2, k: 2 }).unwrap();
    /// assert_eq!(after.beans(), [0, 0, 2]);
    /// ```
    #[must_use]
    pub fn beans(&self) -> &[u128] {
        &self.beans
    }

    /// The value of the position: the nim-sum, over the bottles with an odd number of beans,
    /// of a bean's value there.
    ///
    /// # Complexity
    ///
    /// O(n) for n bottles, whatever the counts.
    ///
    /// ```
    /// use sprague::{games::BeanSplitting, Nimber};
    /// // A bean 3 bottles from the end is worth *4, one 1 bottle from the end *1.
    /// assert_eq!(BeanSplitting::new([1, 0, 1, 7]).grundy(), Nimber::new(4 ^ 1));
    /// ```
    #[must_use]
    pub fn grundy(&self) -> Nimber {
        let n = self.beans.len();
        let total = self
            .beans
            .iter()
            .enumerate()
            .filter(|&(_, &count)| count % 2 == 1)
            .fold(0, |acc, (i, _)| acc ^ bean_value(n - 1 - i));
        Nimber::new(total)
    }

    /// The number of winning moves: the moves to a position worth 0.
    ///
    /// Returned as a `u128`: there are at most n² / 2 for n bottles.
    ///
    /// # Complexity
    ///
    /// O(n), by the closed form of the values (see [`BeanSplitting`]).
    ///
    /// ```
    /// use sprague::games::BeanSplitting;
    /// // The position is worth 0: no winning move.
    /// assert_eq!(BeanSplitting::new([0, 0, 1]).winning_move_count(), 0);
    /// // Worth *4 + *1: the only winning move splits bottle 0's bean into bottles 2 and 3,
    /// // where it cancels bottle 2's bean and dies.
    /// assert_eq!(BeanSplitting::new([1, 0, 1, 0]).winning_move_count(), 1);
    /// ```
    #[must_use]
    pub fn winning_move_count(&self) -> u128 {
        let total = self.grundy().value();
        (0..self.beans.len())
            .map(|i| u128::from(self.winning_from(total, i)))
            .sum()
    }

    /// The number of winning moves taking a bean from bottle `i`, in a position worth `total`.
    fn winning_from(&self, total: u64, i: usize) -> u64 {
        let distance = self.beans.len() - 1 - i;
        if self.beans[i] == 0 || distance == 0 {
            return 0;
        }
        pairs_making(total ^ bean_value(distance), distance as u64)
    }

    /// The winning moves, in lexicographic order of (i, j, k): the first is the one the
    /// problem asks for. Empty when the position is lost.
    ///
    /// # Complexity
    ///
    /// O(n) for the first move, O(n) per bottle that has winning moves for all of them; the
    /// bottles without are skipped in O(1) each.
    ///
    /// ```
    /// use sprague::games::{BeanSplitting, SplitMove};
    /// let moves: Vec<SplitMove> = BeanSplitting::new([1, 0, 0, 0]).winning_moves().collect();
    /// // Worth *4: the bean must become two beans in one bottle (j = k), which cancel.
    /// assert_eq!(moves.len(), 3);
    /// assert_eq!(moves[0], SplitMove { i: 0, j: 1, k: 1 });
    /// ```
    pub fn winning_moves(&self) -> WinningMoves<'_> {
        WinningMoves {
            position: self,
            total: self.grundy().value(),
            i: 0,
            j: 1,
        }
    }

    /// The position after `mv`, or `None` if it is not a move here (bottles out of order or
    /// out of the row, or no bean in bottle `mv.i`).
    ///
    /// ```
    /// use sprague::games::{BeanSplitting, SplitMove};
    /// let beans = BeanSplitting::new([1, 0, 1, 5000]);
    /// let after = beans.play(SplitMove { i: 0, j: 2, k: 3 }).unwrap();
    /// assert_eq!(after.beans(), [0, 0, 2, 5001]);
    /// assert!(after.grundy().is_zero());
    /// assert_eq!(beans.play(SplitMove { i: 1, j: 2, k: 3 }), None);
    /// ```
    #[must_use]
    pub fn play(&self, mv: SplitMove) -> Option<BeanSplitting> {
        let legal = mv.i < mv.j && mv.j <= mv.k && mv.k < self.beans.len() && self.beans[mv.i] > 0;
        legal.then(|| self.after(mv))
    }

    /// The position after a legal move.
    fn after(&self, SplitMove { i, j, k }: SplitMove) -> BeanSplitting {
        let mut beans = self.beans.clone();
        beans[i] -= 1;
        // Cannot saturate: see the type's documentation.
        beans[j] = beans[j].saturating_add(1);
        beans[k] = beans[k].saturating_add(1);
        BeanSplitting { beans }
    }
}

impl Game for BeanSplitting {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let n = self.beans.len();
        (0..n)
            .filter(move |&i| self.beans[i] > 0)
            .flat_map(move |i| {
                (i + 1..n).flat_map(move |j| (j..n).map(move |k| self.after(SplitMove { i, j, k })))
            })
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        let n = self.beans.len();
        (0..n.saturating_sub(1))
            .filter(|&i| self.beans[i] % 2 == 1)
            .map(move |i| {
                let mut beans = vec![0; n];
                beans[i] = 1;
                BeanSplitting { beans }
            })
    }
}

/// The winning moves of a [`BeanSplitting`] position, in lexicographic order, from
/// [`BeanSplitting::winning_moves`].
///
/// ```
/// use sprague::games::BeanSplitting;
/// let beans = BeanSplitting::new([0, 1, 0, 1, 0]);
/// // Worth *4 + *1: bottle 1's bean must become a pair worth *1 (bottles 3 and 4).
/// let moves: Vec<String> = beans.winning_moves().map(|mv| mv.to_string()).collect();
/// assert_eq!(moves, ["1 3 4"]);
/// ```
#[derive(Clone, Debug)]
pub struct WinningMoves<'a> {
    position: &'a BeanSplitting,
    total: u64,
    /// The bottle a bean is taken from, and the next first target to try.
    i: usize,
    j: usize,
}

impl Iterator for WinningMoves<'_> {
    type Item = SplitMove;

    fn next(&mut self) -> Option<SplitMove> {
        let n = self.position.beans.len();
        while self.i + 1 < n {
            let i = self.i;
            if self.j == i + 1 && self.position.winning_from(self.total, i) == 0 {
                self.i += 1;
                self.j = self.i + 1;
                continue;
            }
            let target = self.total ^ bean_value(n - 1 - i);
            while self.j < n {
                let j = self.j;
                self.j += 1;
                // The later bottle k ≥ j must hold the value that completes the pair: a
                // distance at most j's.
                let dj = n - 1 - j;
                if let Some(dk) = distance_of(target ^ bean_value(dj))
                    && dk <= dj as u64
                {
                    return Some(SplitMove {
                        i,
                        j,
                        k: n - 1 - dk as usize,
                    });
                }
            }
            self.i += 1;
            self.j = self.i + 1;
        }
        None
    }
}

impl FusedIterator for WinningMoves<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    /// g(d) by its definition, the mex over pairs of smaller distances.
    fn values_by_mex(len: usize) -> Vec<u64> {
        let mut g: Vec<u64> = Vec::new();
        for d in 0..len {
            let mut reached = vec![false; 4 * len + 4];
            for a in 0..d {
                for b in 0..=a {
                    reached[(g[a] ^ g[b]) as usize] = true;
                }
            }
            g.push(reached.iter().position(|&r| !r).unwrap() as u64);
        }
        g
    }

    #[test]
    fn the_closed_form_is_the_mex_definition() {
        let g = values_by_mex(200);
        assert_eq!(g[..10], [0, 1, 2, 4, 7, 8, 11, 13, 14, 16]);
        for (d, &value) in g.iter().enumerate() {
            assert_eq!(bean_value(d), value, "distance {d}");
            assert_eq!(distance_of(value), Some(d as u64));
        }
        // Evil numbers are no bean's value.
        assert_eq!(distance_of(3), None);
        assert_eq!(distance_of(5), None);
    }

    #[test]
    fn pair_counts_match_enumeration() {
        let g = values_by_mex(130);
        for d in 1..130u64 {
            for target in 0..300u64 {
                let enumerated = (0..d as usize)
                    .flat_map(|a| (0..=a).map(move |b| (a, b)))
                    .filter(|&(a, b)| g[a] ^ g[b] == target)
                    .count() as u64;
                assert_eq!(
                    pairs_making(target, d),
                    enumerated,
                    "d = {d}, target {target}"
                );
            }
        }
    }
}
