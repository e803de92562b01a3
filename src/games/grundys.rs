//! Grundy's game and the take-and-break games whose breaks leave unequal heaps.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use crate::sequence::rules::TakeBreak;
use crate::sequence::{
    Sequence, compute, compute_with_progress, grundy_with_progress, grundy_within,
};
use crate::{Error, Nimber};

use super::octal::{Octal, OctalHeaps};

/// Grundy's game, and every take-and-break game whose two-heap breaks must leave two unequal
/// heaps.
///
/// # Rules
///
/// In Grundy's game a move splits one heap into two non-empty heaps of different sizes; the
/// player who cannot move loses (heaps of 1 and 2 cannot be split). More generally, the game
/// of an octal or hexadecimal code `d0.d1d2…` (see [`Octal`]) in which every move that leaves
/// two heaps must leave two unequal ones. Codes are written as in Czajka's tables of octal
/// games: a `u` after each digit whose breaks must be unequal, so Grundy's game is `4u` (or
/// `4u.0`): remove no token and leave two unequal heaps. Every break of a code must carry the
/// `u`, as every game here forbids equal parts for all its breaks.
///
/// # Theory
///
/// Grundy's game is the most famous unsolved heap game: its values are known far beyond 2³⁵
/// (Flammenkamp) and believed, but not proven, to be eventually periodic. No periodicity
/// theorem covers a game whose splits must be unequal (a split `(a, a + p)` of heap `n + p`
/// corresponds to the forbidden `(a, a)` of heap `n`), so no period is ever claimed: the
/// values of every heap up to the one asked for are computed.
///
/// They are computed with the sequence engine of [`Octal`], by sparse space: the values of
/// Grundy's game split into common ones (those whose bits under the mask `fe` have an odd
/// number of ones, in Flammenkamp's terms) and rare ones, of which there are only 1,274 among
/// the first 2²¹ heaps, the last at heap 82,860; only the splits with a rare part are
/// enumerated, and the others searched for the few values left. The forbidden equal split,
/// always worth 0, is the one exception sparse space has to check.
///
/// # Examples
///
/// ```
/// use sprague::{games::GrundysGame, grundy, Nimber};
///
/// let game = GrundysGame::new();
/// let values: Vec<u64> = game.sequence(14)?.iter().map(Nimber::value).collect();
/// assert_eq!(values, [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]);
/// assert_eq!(game.grundy(13)?, Nimber::new(3));
/// // As a Game: a heap of 7 is a loss for the player to move.
/// assert_eq!(grundy(&game.heap(7))?, Nimber::new(0));
/// assert_eq!(game.to_string(), "4u.0");
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct GrundysGame {
    /// The code without the restriction to unequal heaps.
    code: Octal,
}

impl Default for GrundysGame {
    fn default() -> Self {
        Self::new()
    }
}

impl GrundysGame {
    /// Grundy's game, `4u`: split a heap into two unequal heaps.
    ///
    /// ```
    /// use sprague::{games::GrundysGame, Nimber};
    /// // A heap of 3 splits only into 1 and 2, a loss for the player to move.
    /// assert_eq!(GrundysGame::new().grundy(3)?, Nimber::new(1));
    /// assert_eq!(GrundysGame::new().to_string(), "4u.0");
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn new() -> Self {
        GrundysGame {
            code: "4.0".parse().unwrap_or_else(|_| Octal::kayles()),
        }
    }

    /// The game of `code` with every two-heap break restricted to unequal heaps: `4.0` gives
    /// Grundy's game.
    ///
    /// ```
    /// use sprague::games::{GrundysGame, Octal};
    /// let code: Octal = "4.0".parse()?;
    /// assert_eq!(GrundysGame::unequal(&code), GrundysGame::new());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn unequal(code: &Octal) -> Self {
        GrundysGame { code: code.clone() }
    }

    /// The code without the restriction to unequal heaps.
    ///
    /// ```
    /// use sprague::games::GrundysGame;
    /// assert_eq!(GrundysGame::new().code().to_string(), "4.0");
    /// ```
    #[must_use]
    pub fn code(&self) -> &Octal {
        &self.code
    }

    fn rules(&self) -> TakeBreak {
        TakeBreak {
            unequal: true,
            ..self.code.rules()
        }
    }

    /// The values of heaps `0..len`.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the values cannot be stored (2 bytes each while they fit in
    /// 16 bits).
    ///
    /// # Complexity
    ///
    /// O(len²) splits in the worst case. For Grundy's game sparse space makes it
    /// O(len · r) for r the rare values (1,274 below 2²¹): on a two-core
    /// machine 2²¹ heaps take about 6 s and 2²⁴ about a minute, with a peak of 35 MB (the
    /// values, 2 bytes a heap, and tables of every 16-bit value).
    ///
    /// ```
    /// use sprague::games::GrundysGame;
    /// let seq = GrundysGame::new().sequence(1000)?;
    /// assert_eq!(seq.len(), 1000);
    /// // No period is ever claimed: none is proven.
    /// assert_eq!(seq.period(), None);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn sequence(&self, len: usize) -> Result<Sequence, Error> {
        compute(self.rules(), len)
    }

    /// The values of heaps `0..len`, as [`GrundysGame::sequence`], calling `progress` as
    /// [`Octal::sequence_with_progress`] does, which can stop the computation early.
    ///
    /// # Errors
    ///
    /// As [`GrundysGame::sequence`].
    ///
    /// # Complexity
    ///
    /// As [`GrundysGame::sequence`] up to the stop.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use sprague::games::GrundysGame;
    /// let part = GrundysGame::new().sequence_with_progress(1_000_000, |done| {
    ///     if done >= 5_000 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// })?;
    /// assert!((5_000..1_000_000).contains(&part.len()));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn sequence_with_progress(
        &self,
        len: usize,
        progress: impl FnMut(usize) -> ControlFlow<()>,
    ) -> Result<Sequence, Error> {
        compute_with_progress(self.rules(), len, progress)
    }

    /// The value of a heap of `heap` tokens: the values of every heap up to it are computed.
    ///
    /// They are computed in steps as [`Octal::grundy`] computes them, and a heap whose values
    /// are projected to take more than 2⁴⁰ splits (some ten minutes' work) is refused after the
    /// first steps; a heap of 2²⁶ or more is refused before any work, as no period can answer
    /// it. [`GrundysGame::grundy_with_progress`] computes any heap, watched and stoppable.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfRange`] for a heap refused as above (a heap of 2²⁶ or more, or one whose
    /// projected splits are too many). [`Error::OutOfMemory`] if the values cannot be stored.
    ///
    /// # Complexity
    ///
    /// As [`GrundysGame::sequence`] of `heap + 1`.
    ///
    /// ```
    /// use sprague::{games::GrundysGame, Nimber};
    /// assert_eq!(GrundysGame::new().grundy(30)?, Nimber::new(3));
    /// assert!(GrundysGame::new().grundy(1 << 40).is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn grundy(&self, heap: u64) -> Result<Nimber, Error> {
        grundy_within(self.rules(), heap)
    }

    /// The value of a heap of `heap` tokens, as [`GrundysGame::grundy`] but with no limit on
    /// the work, reporting progress to `progress` as [`Octal::sequence_with_progress`] does;
    /// `None` if `progress` stops the computation before the heap is valued.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the values cannot be stored.
    ///
    /// # Complexity
    ///
    /// As [`GrundysGame::sequence`] of `heap + 1`.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use sprague::{games::GrundysGame, Nimber};
    /// let game = GrundysGame::new();
    /// let value = game.grundy_with_progress(30_000, |_| ControlFlow::Continue(()))?;
    /// assert_eq!(value, Some(Nimber::new(149)));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn grundy_with_progress(
        &self,
        heap: u64,
        progress: impl FnMut(usize) -> ControlFlow<()>,
    ) -> Result<Option<Nimber>, Error> {
        grundy_with_progress(self.rules(), heap, progress)
    }

    /// A position of one heap of `tokens`, as a [`Game`](crate::Game).
    ///
    /// ```
    /// use sprague::{games::GrundysGame, grundy};
    /// let game = GrundysGame::new();
    /// assert_eq!(grundy(&game.heap(20))?, game.grundy(20)?);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn heap(&self, tokens: u64) -> OctalHeaps {
        self.heaps([tokens])
    }

    /// A position of several heaps, as a [`Game`](crate::Game).
    ///
    /// ```
    /// use sprague::{games::GrundysGame, grundy};
    /// let game = GrundysGame::new();
    /// assert_eq!(grundy(&game.heaps([5, 13]))?, game.grundy(5)? + game.grundy(13)?);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn heaps(&self, tokens: impl IntoIterator<Item = u64>) -> OctalHeaps {
        OctalHeaps::new(self.code.clone(), self.rules(), self.to_string(), tokens)
    }
}

impl fmt::Display for GrundysGame {
    /// The code as in Czajka's tables: a `u` after every digit that allows a break.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plain = self.code.to_string();
        let mut code = String::with_capacity(plain.len() + 4);
        let mut digits = self.code.digits().iter();
        let body = plain.strip_prefix("0x").map_or(plain.as_str(), |body| {
            code.push_str("0x");
            body
        });
        for c in body.chars() {
            code.push(c);
            if c != '.' && digits.next().is_some_and(|&d| d & 4 != 0) {
                code.push('u');
            }
        }
        f.pad(&code)
    }
}

impl fmt::Debug for GrundysGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GrundysGame({self})")
    }
}

impl FromStr for GrundysGame {
    type Err = Error;

    /// Parses a code in Czajka's notation, a `u` after every digit that allows a break:
    /// `4u` or `4u.0` (Grundy's game), `0.4u`, `0.16u`; the point may be left out, or end
    /// the code, when nothing follows it.
    ///
    /// ```
    /// use sprague::{games::GrundysGame, Error};
    /// assert_eq!("4u".parse::<GrundysGame>()?, GrundysGame::new());
    /// assert_eq!("0.16u".parse::<GrundysGame>()?.to_string(), "0.16u");
    /// // A break without its u would allow equal heaps.
    /// assert!(matches!("0.16".parse::<GrundysGame>(), Err(Error::InvalidCode { .. })));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    fn from_str(code: &str) -> Result<Self, Error> {
        let invalid = |position: usize, reason: String| Error::InvalidCode {
            code: code.to_string(),
            position,
            reason,
        };
        let mut plain = String::with_capacity(code.len() + 2);
        // Positions in `code` of the characters kept in `plain`, and of the u's.
        let mut kept = Vec::with_capacity(code.len());
        let mut marked = Vec::new();
        for (i, c) in code.char_indices() {
            if c == 'u' {
                marked.push((i, plain.len()));
            } else {
                kept.push(i);
                plain.push(c);
            }
        }
        if !plain.contains('.') {
            plain.push('.');
        }
        if plain.ends_with('.') {
            plain.push('0');
        }
        let octal: Octal = plain.parse().map_err(|e| match e {
            Error::InvalidCode {
                position, reason, ..
            } => invalid(kept.get(position).copied().unwrap_or(code.len()), reason),
            other => other,
        })?;
        // Each u follows a digit that allows a break, and each such digit has its u.
        let digit_at = |end: usize| plain[..end].chars().last();
        for &(i, end) in &marked {
            let breaks = digit_at(end)
                .and_then(|c| c.to_digit(16))
                .is_some_and(|d| d & 4 != 0);
            if !breaks || code[..i].ends_with('u') {
                return Err(invalid(
                    i,
                    "a u must follow a digit that allows a break (4, 5, 6, 7, C, D, E or F)".into(),
                ));
            }
        }
        let breaks = octal.digits().iter().filter(|&&d| d & 4 != 0).count();
        if breaks != marked.len() {
            return Err(invalid(
                code.len(),
                "every digit that allows a break needs its u: breaks into equal heaps cannot be \
                 allowed for some moves and not others"
                    .into(),
            ));
        }
        Ok(GrundysGame { code: octal })
    }
}
