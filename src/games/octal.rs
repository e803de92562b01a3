//! Octal and hexadecimal take-and-break games.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::Arc;

use smallvec::SmallVec;

use crate::sequence::rules::TakeBreak;
use crate::sequence::{
    Period, Sequence, SequenceBuilder, compute, compute_with_progress, grundy_with_progress,
    grundy_within,
};
use crate::{Error, Game, Nimber};

/// An octal game (or hexadecimal game): take tokens from a heap and maybe break the rest.
///
/// # Rules
///
/// A position is a collection of heaps of tokens. A move picks a heap, removes some tokens,
/// and leaves the rest as zero, one, two (or three) non-empty heaps. Which of these are allowed
/// is given by the game's *code* `d0.d1d2d3…`: digit `dj` says what removing `j` tokens may
/// leave, as a sum of
///
/// - 1: no heap (only from a heap of exactly `j` tokens),
/// - 2: one heap,
/// - 4: two heaps,
/// - 8: three heaps (hexadecimal games),
///
/// and the digit `d0` before the point allows splitting a heap without removing anything (so it
/// can only be 0, 4, 8 or 12). The player who cannot move loses.
///
/// Codes are parsed with [`FromStr`]: octal digits, or hexadecimal digits, written as the
/// literature writes them (a digit A to F makes the code hexadecimal: `"0.3F"`, `"4.F"`,
/// `"0.B"`) or after a `0x` prefix (`"0x0.2048"`, `"0x4.C"`, `"0x0.8"`). Trailing zeros do not change the
/// game. Bad codes give [`Error::InvalidCode`] with the offending character.
///
/// | game | code | constructor |
/// |---|---|---|
/// | Kayles | 0.77 | [`Octal::kayles`] |
/// | Dawson's Kayles | 0.07 | [`Octal::dawsons_kayles`] |
/// | Dawson's chess | 0.137 | [`Octal::dawsons_chess`] |
/// | Treblecross (1 × n Crosses and Crosses) | 0.007 | [`Octal::treblecross`] |
///
/// # Theory
///
/// Heaps are independent, so a position is worth the nim-sum of its heaps' values, and the
/// game is described by the *Grundy sequence* g(0), g(1), g(2), …, computed bottom-up by
/// [`Octal::sequence`]. Every octal game with finitely many non-zero digits is believed to
/// have an eventually periodic sequence (Guy's conjecture), and a period is *proven* by the
/// periodicity theorem of Guy and Smith: with `t` the largest number of tokens a move removes,
/// if g(n + p) = g(n) for n0 ≤ n < 2·n0 + p + t, then for all n ≥ n0 (for hexadecimal games,
/// which can leave three heaps, the bound is 3·n0 + 2·p + t). [`Octal::period`] finds the
/// least preperiod and period that the computed values prove, and [`Octal::grundy`] answers
/// any heap through it.
///
/// As a [`Game`], [`Octal::heap`] is a position of one heap whose successors are collections of
/// heaps ([`OctalHeaps`]), split into single heaps.
///
/// # Examples
///
/// ```
/// use sprague::{games::Octal, Nimber, Period};
///
/// let kayles: Octal = "0.77".parse()?;
/// assert_eq!(kayles, Octal::kayles());
/// assert_eq!(kayles.period(10_000)?, Some(Period { preperiod: 71, period: 12 }));
/// assert_eq!(kayles.grundy(1_000_000_007)?, Nimber::new(7));
/// assert_eq!(kayles.to_string(), "0.77");
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Octal {
    /// `digits[j]` is the digit for removing `j` tokens; no trailing zeros after `digits[1]`.
    digits: Vec<u8>,
}

impl Octal {
    /// Kayles, 0.77: knock down one pin or two adjacent pins from a row.
    ///
    /// ```
    /// use sprague::{games::Octal, Nimber};
    /// let kayles = Octal::kayles();
    /// assert_eq!(kayles.to_string(), "0.77");
    /// // OEIS A002186: 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, …
    /// assert_eq!(kayles.grundy(11)?, Nimber::new(6));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn kayles() -> Self {
        Octal {
            digits: vec![0, 7, 7],
        }
    }

    /// Dawson's Kayles, 0.07: knock down two adjacent pins.
    ///
    /// ```
    /// use sprague::{games::Octal, Nimber};
    /// // OEIS A002187: 0, 0, 1, 1, 2, 0, 3, 1, 1, 0, …
    /// assert_eq!(Octal::dawsons_kayles().grundy(6)?, Nimber::new(3));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn dawsons_kayles() -> Self {
        Octal {
            digits: vec![0, 0, 7],
        }
    }

    /// Dawson's chess, 0.137: pawns on a 3 × n board with forced captures; a heap of n is a
    /// file of n pawns.
    ///
    /// ```
    /// use sprague::games::Octal;
    /// // Dawson's chess on n files is Dawson's Kayles on n + 1 pins.
    /// let (chess, kayles) = (Octal::dawsons_chess(), Octal::dawsons_kayles());
    /// for n in 0..200 {
    ///     assert_eq!(chess.grundy(n)?, kayles.grundy(n + 1)?);
    /// }
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn dawsons_chess() -> Self {
        Octal {
            digits: vec![0, 1, 3, 7],
        }
    }

    /// Treblecross, 0.007: place a cross on a 1 × n strip; whoever completes three in a row
    /// wins.
    ///
    /// Nobody places a cross within two squares of another (the opponent would complete a
    /// line), so a move in an empty stretch removes the square and the two on each side: a
    /// strip of n empty squares plays as a heap of n + 2 in 0.007 ("Crosses and Crosses",
    /// POJ 3537).
    ///
    /// ```
    /// use sprague::games::Octal;
    /// // The first player loses Crosses and Crosses on a 1 x 6 board.
    /// assert!(Octal::treblecross().grundy(6 + 2)?.is_zero());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn treblecross() -> Self {
        Octal {
            digits: vec![0, 0, 0, 7],
        }
    }

    /// The code's digits: `digits()[j]` for removing `j` tokens, `digits()[0]` before the
    /// point.
    ///
    /// ```
    /// use sprague::games::Octal;
    /// assert_eq!(Octal::dawsons_chess().digits(), [0, 1, 3, 7]);
    /// let hex: Octal = "0.F".parse()?;
    /// assert_eq!(hex.digits(), [0, 15]);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Whether some digit needs bit 8 (leaving three heaps).
    ///
    /// ```
    /// use sprague::games::Octal;
    /// assert!(!Octal::kayles().is_hexadecimal());
    /// assert!("0.F".parse::<Octal>()?.is_hexadecimal());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn is_hexadecimal(&self) -> bool {
        self.digits.iter().any(|&d| d >= 8)
    }

    pub(crate) fn rules(&self) -> TakeBreak {
        TakeBreak::from_digits(&self.digits)
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
    /// O(len²) in the worst case, far less where sparse space applies; once a period is proven
    /// the computation stops and the rest costs nothing.
    ///
    /// ```
    /// use sprague::{games::Octal, Nimber};
    /// let seq = Octal::kayles().sequence(12)?;
    /// let values: Vec<u64> = seq.iter().map(Nimber::value).collect();
    /// assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn sequence(&self, len: usize) -> Result<Sequence, Error> {
        compute(self.rules(), len)
    }

    /// The values of heaps `0..len`, as [`Octal::sequence`], reporting progress to `progress`,
    /// which can stop the computation early.
    ///
    /// `progress` is called with the number of heaps valued so far: first after the first few
    /// (all of them in a game that never splits a heap, whose values cost O(len · t) for t the
    /// largest move), then after every `max(len / 1000, 1024)` more (about a thousand calls
    /// for a long sequence; fewer heaps apart at first, a quarter of those valued so far, so
    /// that the first calls come soon), and last with `len`. Once a period is proven every value is known, so that
    /// call reports `len`. If it returns [`ControlFlow::Break`], the computation stops there and
    /// the sequence of the heaps valued so far is returned: its [`len`](Sequence::len) is the
    /// number passed to that call.
    ///
    /// Only the values computed are stored: once a period is proven, none more.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the values computed cannot be stored (2 bytes each while they
    /// fit in 16 bits).
    ///
    /// # Complexity
    ///
    /// As [`Octal::sequence`]; the values of heaps up to the stop are computed once.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use sprague::games::Octal;
    ///
    /// let treblecross = Octal::treblecross();
    /// // Run to the end, watching: the last report is the whole length.
    /// let mut reports = Vec::new();
    /// let seq = treblecross.sequence_with_progress(5_000, |done| {
    ///     reports.push(done);
    ///     ControlFlow::Continue(())
    /// })?;
    /// assert_eq!(reports.last(), Some(&5_000));
    /// assert!(seq.iter().eq(treblecross.sequence(5_000)?.iter()));
    ///
    /// // Stop once 2,000 heaps are valued: the values so far are kept.
    /// let partial = treblecross.sequence_with_progress(100_000, |done| {
    ///     if done >= 2_000 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// })?;
    /// assert!((2_000..100_000).contains(&partial.len()));
    /// assert_eq!(partial.get(1_999), treblecross.sequence(2_000)?.get(1_999));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn sequence_with_progress(
        &self,
        len: usize,
        progress: impl FnMut(usize) -> ControlFlow<()>,
    ) -> Result<Sequence, Error> {
        compute_with_progress(self.rules(), len, progress)
    }

    /// The value of a heap of `heap` tokens, for any heap: through the period once the values
    /// computed prove one, else by computing the value of every heap up to it.
    ///
    /// Values are computed in steps, each doubling their number. From the third step on, the
    /// work still needed is projected from the work of the last two (the cost of a heap grows
    /// as a power of its size between 0, with sparse space, and 1, the plain scan of games whose
    /// rare values persist, like Treblecross), and a heap whose projection exceeds 2⁴⁰ splits
    /// is refused there and then, after 2¹⁷ values. A heap of 2²⁶ or more is answered only through a period, looked for in the
    /// first 2²⁶ values as long as the projection allows (0.354 proves its period, from heap
    /// 10,061,916).
    /// [`Octal::grundy_with_progress`] computes any heap, watched and stoppable.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfRange`] for a heap whose projected splits are refused as above,
    /// [`Error::NoPeriod`] for a heap of 2²⁶ or more when no period is proven in time.
    /// [`Error::OutOfMemory`] if the values cannot be stored (2 bytes a heap while values fit
    /// in 16 bits).
    ///
    /// # Complexity
    ///
    /// As [`Octal::sequence`] up to the heap, or up to the proof of the period: O(heap²) splits
    /// at worst, far less where sparse space applies.
    ///
    /// ```
    /// use sprague::{games::Octal, Error};
    /// // Dawson's Kayles repeats with period 34 from heap 53 on.
    /// let dawson = Octal::dawsons_kayles();
    /// let huge = 10u64.pow(15);
    /// assert_eq!(dawson.grundy(huge)?, dawson.grundy(53 + (huge - 53) % 34)?);
    /// // Treblecross has no period in sight: four million heaps would take hours.
    /// let err = Octal::treblecross().grundy(4_194_303).unwrap_err();
    /// assert!(matches!(err, Error::OutOfRange { .. }));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn grundy(&self, heap: u64) -> Result<Nimber, Error> {
        grundy_within(self.rules(), heap)
    }

    /// The value of a heap of `heap` tokens, as [`Octal::grundy`] but with no limit on the
    /// work, reporting progress to `progress` as [`Octal::sequence_with_progress`] does;
    /// `None` if `progress` stops the computation before the heap is valued.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if the values cannot be stored (2 bytes a heap while values fit
    /// in 16 bits).
    ///
    /// # Complexity
    ///
    /// As [`Octal::grundy`], without its limit: O(heap²) splits at worst.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use sprague::{games::Octal, Nimber};
    /// let treblecross = Octal::treblecross();
    /// let value = treblecross.grundy_with_progress(5_000, |_| ControlFlow::Continue(()))?;
    /// assert_eq!(value, Some(treblecross.sequence(5_001)?.get(5_000).unwrap()));
    /// // Stopped after 2,000 heaps: no value.
    /// let stop = |done: usize| if done >= 2_000 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) };
    /// assert_eq!(treblecross.grundy_with_progress(1 << 40, stop)?, None);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn grundy_with_progress(
        &self,
        heap: u64,
        progress: impl FnMut(usize) -> ControlFlow<()>,
    ) -> Result<Option<Nimber>, Error> {
        grundy_with_progress(self.rules(), heap, progress)
    }

    /// The least preperiod and period proven by the values of heaps below `max_len`, or `None`
    /// if they prove none.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if `max_len` values cannot be stored.
    ///
    /// # Complexity
    ///
    /// As [`Octal::sequence`] up to the length the proof needs (at most `max_len`).
    ///
    /// ```
    /// use sprague::{games::Octal, Period};
    /// assert_eq!(Octal::dawsons_chess().period(10_000)?, Some(Period { preperiod: 52, period: 34 }));
    /// assert_eq!(Octal::treblecross().period(2_000)?, None);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn period(&self, max_len: usize) -> Result<Option<Period>, Error> {
        let mut engine = SequenceBuilder::new(self.rules());
        engine.extend_to(max_len)?;
        Ok(engine.period())
    }

    /// A position of one heap of `tokens`, as a [`Game`].
    ///
    /// ```
    /// use sprague::{games::Octal, grundy};
    /// let kayles = Octal::kayles();
    /// assert_eq!(grundy(&kayles.heap(10))?, kayles.grundy(10)?);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn heap(&self, tokens: u64) -> OctalHeaps {
        self.heaps([tokens])
    }

    /// A position of several heaps, as a [`Game`].
    ///
    /// ```
    /// use sprague::{games::Octal, grundy};
    /// let kayles = Octal::kayles();
    /// let two = kayles.heaps([4, 7]);
    /// assert_eq!(grundy(&two)?, kayles.grundy(4)? + kayles.grundy(7)?);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn heaps(&self, tokens: impl IntoIterator<Item = u64>) -> OctalHeaps {
        OctalHeaps::new(self.clone(), self.rules(), self.to_string(), tokens)
    }
}

impl FromStr for Octal {
    type Err = Error;

    /// Parses `d0.d1d2…` in octal, or in hexadecimal when a digit is A to F or after a `0x`
    /// prefix; `d0` may be left out. (An 8 or a 9 alone needs the prefix: `"0.8"` is more
    /// likely a slip than the hexadecimal `0x0.8`.)
    ///
    /// ```
    /// use sprague::{games::Octal, Error};
    /// assert_eq!("4.07".parse::<Octal>()?.to_string(), "4.07");
    /// assert_eq!("0x0.2048".parse::<Octal>()?.to_string(), "0x0.2048");
    /// assert_eq!("0.3F".parse::<Octal>()?, "0x0.3F".parse::<Octal>()?);
    /// assert_eq!(".770".parse::<Octal>()?, Octal::kayles());
    /// let err = "0.7a7".parse::<Octal>().unwrap_err();
    /// assert!(matches!(err, Error::InvalidCode { position: 3, .. }));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    fn from_str(code: &str) -> Result<Self, Error> {
        // Positions are found as byte offsets and reported in characters.
        let invalid = |byte: usize, reason: String| Error::InvalidCode {
            code: code.to_string(),
            position: code.char_indices().take_while(|&(b, _)| b < byte).count(),
            reason,
        };
        let (hexadecimal, body, offset) =
            match code.strip_prefix("0x").or_else(|| code.strip_prefix("0X")) {
                Some(rest) => (true, rest, 2),
                None => (false, code, 0),
            };
        if body.is_empty() {
            return Err(invalid(code.len(), "the code is empty".into()));
        }
        let Some(point) = body.find('.') else {
            return Err(invalid(
                code.len(),
                "the code has no point (write 0.77, not 77)".into(),
            ));
        };
        // A digit A to F makes the code hexadecimal, as the literature writes it: 0.3F is
        // 0x0.3F. Alone, an 8, a 9 or a lowercase letter is more likely a slip than a
        // hexadecimal code, and needs the prefix.
        let hexadecimal = hexadecimal || body.chars().any(|c| matches!(c, 'A'..='F'));
        let radix = if hexadecimal { 16 } else { 8 };
        let digit = |i: usize, c: char| -> Result<u8, Error> {
            c.to_digit(radix).map(|d| d as u8).ok_or_else(|| {
                let reason = if hexadecimal {
                    format!("{c:?} is not a hexadecimal digit")
                } else {
                    format!(
                        "{c:?} is not an octal digit (a hexadecimal code has a digit A to F, or starts with 0x)"
                    )
                };
                invalid(offset + i, reason)
            })
        };
        let mut digits = Vec::with_capacity(body.len());
        let before = &body[..point];
        match before.chars().count() {
            0 => digits.push(0),
            1 => {
                let d0 = digit(0, before.chars().next().unwrap_or('0'))?;
                if d0 & 3 != 0 {
                    return Err(invalid(
                        offset,
                        format!(
                            "the digit before the point can only allow splitting (0, 4, 8 or C), not {d0:X}: removing nothing and leaving a heap is no move"
                        ),
                    ));
                }
                digits.push(d0);
            }
            _ => {
                return Err(invalid(
                    offset + 1,
                    "only one digit may stand before the point".into(),
                ));
            }
        }
        let after = &body[point + 1..];
        if after.is_empty() {
            return Err(invalid(
                code.len(),
                "the code has no digit after the point".into(),
            ));
        }
        for (i, c) in after.char_indices() {
            digits.push(digit(point + 1 + i, c)?);
        }
        while digits.len() > 2 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(Octal { digits })
    }
}

impl fmt::Display for Octal {
    /// The code, in octal when every digit allows it, else in hexadecimal after `0x`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hexadecimal = self.is_hexadecimal();
        let mut code = String::with_capacity(self.digits.len() + 3);
        if hexadecimal {
            code.push_str("0x");
        }
        for (j, &d) in self.digits.iter().enumerate() {
            if j == 1 {
                code.push('.');
            }
            code.push(
                char::from_digit(u32::from(d), 16)
                    .unwrap_or('?')
                    .to_ascii_uppercase(),
            );
        }
        f.pad(&code)
    }
}

impl fmt::Debug for Octal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Octal({self})")
    }
}

/// The rules of a game, shared by all its positions.
#[derive(Debug)]
struct Shared {
    code: Octal,
    /// The moves of `code`, two-heap breaks maybe restricted to unequal heaps.
    rules: TakeBreak,
    /// The game's name in positions' debug output.
    name: String,
}

/// A position of an [`Octal`] game: a collection of heaps.
///
/// Heaps are kept sorted, so positions that differ only in the order of their heaps are equal.
/// [`split`](Game::split) returns the heaps one by one.
///
/// ```
/// use sprague::{games::Octal, grundy, Game};
/// let kayles = Octal::kayles();
/// let position = kayles.heaps([5, 3]);
/// assert_eq!(position.heaps(), [3, 5]);
/// // Knocking down the middle pin of the 3 leaves heaps of 1, 1 and 5, among other moves.
/// assert!(position.successors().into_iter().any(|p| p.heaps() == [1, 1, 5]));
/// assert_eq!(grundy(&position)?, kayles.grundy(3)? + kayles.grundy(5)?);
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone)]
pub struct OctalHeaps {
    game: Arc<Shared>,
    heaps: SmallVec<[u64; 2]>,
}

impl OctalHeaps {
    /// A position of the heaps `tokens` in the game of `code` played by `rules`, named `name`.
    pub(crate) fn new(
        code: Octal,
        rules: TakeBreak,
        name: String,
        tokens: impl IntoIterator<Item = u64>,
    ) -> Self {
        let mut heaps: SmallVec<[u64; 2]> = tokens.into_iter().filter(|&h| h > 0).collect();
        heaps.sort_unstable();
        OctalHeaps {
            game: Arc::new(Shared { code, rules, name }),
            heaps,
        }
    }

    /// The heap sizes, ascending.
    ///
    /// ```
    /// use sprague::games::Octal;
    /// assert_eq!(Octal::kayles().heaps([4, 0, 2]).heaps(), [2, 4]);
    /// ```
    #[must_use]
    pub fn heaps(&self) -> &[u64] {
        &self.heaps
    }

    /// The code of the game being played (for Grundy's game and its kin, whose breaks leave
    /// unequal heaps, the code without that restriction: see [`OctalHeaps::unequal`]).
    ///
    /// ```
    /// use sprague::games::{GrundysGame, Octal};
    /// assert_eq!(Octal::kayles().heap(4).game(), &Octal::kayles());
    /// assert_eq!(GrundysGame::new().heap(4).game().to_string(), "4.0");
    /// ```
    #[must_use]
    pub fn game(&self) -> &Octal {
        &self.game.code
    }

    /// Whether a move that breaks a heap in two must leave unequal heaps, as in Grundy's game.
    ///
    /// ```
    /// use sprague::games::{GrundysGame, Octal};
    /// assert!(!Octal::kayles().heap(4).unequal());
    /// assert!(GrundysGame::new().heap(4).unequal());
    /// ```
    #[must_use]
    pub fn unequal(&self) -> bool {
        self.game.rules.unequal
    }
}

impl PartialEq for OctalHeaps {
    fn eq(&self, other: &Self) -> bool {
        self.heaps == other.heaps
            && (Arc::ptr_eq(&self.game, &other.game)
                || (self.game.code == other.game.code
                    && self.game.rules.unequal == other.game.rules.unequal))
    }
}

impl Eq for OctalHeaps {}

impl Hash for OctalHeaps {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.game.code.hash(state);
        self.game.rules.unequal.hash(state);
        self.heaps.hash(state);
    }
}

impl fmt::Debug for OctalHeaps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "OctalHeaps({}, {:?})",
            self.game.name,
            self.heaps.as_slice()
        )
    }
}

impl Game for OctalHeaps {
    // Lazy: a heap of n has about n options, and a solver with a position limit must be able
    // to stop before they are all built.
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let heaps = &self.heaps;
        heaps
            .iter()
            .enumerate()
            .filter(move |&(i, &h)| i == 0 || heaps[i - 1] != h)
            .flat_map(move |(i, &h)| {
                self.game.rules.options(h).map(move |parts| {
                    let mut next: SmallVec<[u64; 2]> = SmallVec::with_capacity(heaps.len() + 2);
                    next.extend(heaps[..i].iter().copied());
                    next.extend(heaps[i + 1..].iter().copied());
                    next.extend(parts);
                    next.sort_unstable();
                    OctalHeaps {
                        game: Arc::clone(&self.game),
                        heaps: next,
                    }
                })
            })
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.heaps.iter().map(|&h| OctalHeaps {
            game: Arc::clone(&self.game),
            heaps: SmallVec::from_slice(&[h]),
        })
    }
}
