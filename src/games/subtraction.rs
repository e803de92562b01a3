//! Subtraction games: take a number of tokens allowed by a set.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::RangeInclusive;
use std::str::FromStr;
use std::sync::Arc;

use crate::sequence::rules::TakeBreak;
use crate::sequence::{Period, Sequence, SequenceBuilder, Values};
use crate::{Error, Game, Nimber};

/// A subtraction game: take from a heap a number of tokens allowed by a set.
///
/// # Rules
///
/// A position is a heap of tokens. A move removes `s` tokens, for some `s` in the game's
/// *subtraction set* with `s` at most the heap. The player who cannot move loses. Three kinds of
/// sets are supported:
///
/// - a finite set, [`Subtraction::new`], such as the classic take 1, 3 or 4;
/// - the *bounded* game, [`Subtraction::bounded`]: take 1, 2, …, m (Bachet's game; a finite set
///   `{1, …, m}` given to [`Subtraction::new`] is recognized as one);
/// - an *all-but* set, [`Subtraction::all_but`]: take any positive number except those of a
///   finite excluded set.
///
/// Several heaps, or heaps of different games, are played by summing them: a sum is worth the
/// nim-sum of its heaps' values.
///
/// # Theory
///
/// A heap of n is worth the mex of the values of n − s for the allowed s ≤ n.
///
/// **Finite sets.** With t the largest move, the value of a heap n ≥ t depends only on the
/// values of the t heaps below it. So once a window of t consecutive values repeats, everything
/// after it repeats too: the sequence is eventually periodic (there are finitely many windows),
/// and the first repeated window *proves* the period. [`Subtraction::period`] finds it with the
/// crate's sequence engine, reports the least preperiod and period, and
/// [`Subtraction::grundy`] answers any `u64` heap through it. Periods are usually short (a few
/// times t), but can in principle be exponential in t, so the search is bounded; see below.
///
/// **Bounded games.** Taking 1..=m, a heap n is worth n mod (m + 1) (Bachet): by induction, its
/// options n − 1, …, n − m are worth every residue mod (m + 1) but n's own (only those below n
/// when n ≤ m). Computed in O(1).
///
/// **All-but games.** Their values grow without bound: a heap n can move to every heap more than
/// max(F) below it (F the excluded set), so no value repeats further than max(F) apart, and
/// every value appears only finitely often. So they are never periodic; Angela Siegel proved
/// that they are *arithmetic-periodic* (g(n + p) = g(n) + s from some heap on), but without a
/// finite check that proves the pattern from computed values. [`Subtraction::grundy`] therefore
/// computes them exactly, in O(n · |F|) time with a running histogram of the values below n,
/// and [`Subtraction::period`] reports that there is no period.
///
/// # Bounds
///
/// One question computes at most 2²⁰ values of a finite game (up to about 80 MB for the period
/// check's windows) and at most 2²⁸ steps (heaps times the moves that apply to them, about a
/// second). All-but games are computed for heaps below 2²⁴, within the same 2²⁸ steps, with 4
/// bytes per heap. Beyond these, methods return [`Error::NoPeriod`] (a finite game) or
/// [`Error::OutOfRange`] (an all-but game) rather than run for hours.
///
/// # Examples
///
/// ```
/// use sprague::{games::Subtraction, Nimber, Period};
///
/// // Take 1, 3 or 4. SG(5) = 3, so the first player wins.
/// let game = Subtraction::new([4, 1, 3])?;
/// assert_eq!(game.grundy(5)?, Nimber::new(3));
/// assert_eq!(game.period()?, Period { preperiod: 0, period: 7 });
/// assert_eq!(game.grundy(1_000_000_000_000)?, game.grundy(1_000_000_000_000 % 7)?);
/// assert_eq!(game.to_string(), "{1, 3, 4}");
///
/// assert_eq!(Subtraction::bounded(3)?.grundy(10)?, Nimber::new(2));
/// assert_eq!(Subtraction::all_but([2])?.grundy(7)?, Nimber::new(3));
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Subtraction {
    rules: Rules,
}

/// The set of moves, in a canonical form: equal sets have equal rules.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Rules {
    /// A finite set, ascending, that is not `{1, …, m}`.
    Finite(Vec<u64>),
    /// `{1, …, m}`.
    Bounded(u64),
    /// Every positive number except these, ascending.
    AllBut(Vec<u64>),
}

/// The most values of a finite game computed for one question.
const MAX_VALUES: usize = 1 << 20;
/// The most steps, heaps times the moves that apply to them, spent on one question.
const MAX_STEPS: u64 = 1 << 28;
/// All-but games are computed for heaps below this.
const ALL_BUT_HEAPS: u64 = 1 << 24;

/// Sorts and deduplicates `set`, which may not contain 0.
fn canonical(mut set: Vec<u64>, what: &str) -> Result<Vec<u64>, Error> {
    set.sort_unstable();
    set.dedup();
    if set.first() == Some(&0) {
        return Err(Error::InvalidRules {
            reason: format!("{what} cannot contain 0"),
        });
    }
    Ok(set)
}

impl Subtraction {
    /// The game whose moves take a number of tokens in `set`.
    ///
    /// The set is sorted and deduplicated; `{1, 2, …, m}` is recognized as
    /// [`Subtraction::bounded`]`(m)`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] if `set` is empty or contains 0.
    ///
    /// ```
    /// use sprague::{games::Subtraction, Error};
    ///
    /// assert_eq!(Subtraction::new([3, 1, 3, 4])?, Subtraction::new([1, 3, 4])?);
    /// assert_eq!(Subtraction::new([2, 1, 3])?, Subtraction::bounded(3)?);
    /// let err = Subtraction::new([0, 2]).unwrap_err();
    /// assert_eq!(err.to_string(), "invalid rules: a subtraction set cannot contain 0");
    /// assert!(matches!(Subtraction::new(Vec::<u64>::new()), Err(Error::InvalidRules { .. })));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn new(set: impl Into<Vec<u64>>) -> Result<Self, Error> {
        let set = canonical(set.into(), "a subtraction set")?;
        let rules = match set.last() {
            None => {
                return Err(Error::InvalidRules {
                    reason: "a subtraction set cannot be empty: it would allow no move".into(),
                });
            }
            // Distinct positive numbers, the largest equal to their count: exactly 1..=m.
            Some(&m) if m == set.len() as u64 => Rules::Bounded(m),
            Some(_) => Rules::Finite(set),
        };
        Ok(Subtraction { rules })
    }

    /// The bounded game: take 1, 2, …, `m` tokens.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] if `m` is 0.
    ///
    /// ```
    /// use sprague::{games::Subtraction, Nimber};
    ///
    /// // Take 1 to 3: multiples of 4 are lost for the player to move.
    /// let game = Subtraction::bounded(3)?;
    /// assert!(game.grundy(12)?.is_zero());
    /// assert_eq!(game.grundy(u64::MAX)?, Nimber::new(3));
    /// assert!(Subtraction::bounded(0).is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn bounded(m: u64) -> Result<Self, Error> {
        if m == 0 {
            return Err(Error::InvalidRules {
                reason: "a bounded subtraction game takes 1..=m with m at least 1, not 0".into(),
            });
        }
        Ok(Subtraction {
            rules: Rules::Bounded(m),
        })
    }

    /// The all-but game: take any positive number of tokens except those in `excluded`.
    ///
    /// With nothing excluded this is a heap of Nim.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] if `excluded` contains 0.
    ///
    /// ```
    /// use sprague::{games::Subtraction, Nimber};
    ///
    /// // Anything but 1: heaps 0 and 1 are dead, so heap 2 is worth *1.
    /// let game = Subtraction::all_but([1])?;
    /// let values: Vec<u64> = (0..8).map(|n| game.grundy(n).map(Nimber::value)).collect::<Result<_, _>>()?;
    /// assert_eq!(values, [0, 0, 1, 1, 2, 2, 3, 3]);
    /// assert_eq!(Subtraction::all_but(Vec::<u64>::new())?.grundy(1 << 40)?, Nimber::new(1 << 40));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn all_but(excluded: impl Into<Vec<u64>>) -> Result<Self, Error> {
        Ok(Subtraction {
            rules: Rules::AllBut(canonical(excluded.into(), "an excluded set")?),
        })
    }

    /// Whether taking `s` tokens is a move of this game (from a heap of at least `s`).
    ///
    /// ```
    /// use sprague::games::Subtraction;
    /// let game = Subtraction::all_but([2, 5])?;
    /// assert!(game.contains(1) && !game.contains(2) && game.contains(1 << 60));
    /// assert!(!Subtraction::new([1, 3, 4])?.contains(2));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn contains(&self, s: u64) -> bool {
        match &self.rules {
            Rules::Finite(set) => set.binary_search(&s).is_ok(),
            Rules::Bounded(m) => (1..=*m).contains(&s),
            Rules::AllBut(excluded) => s > 0 && excluded.binary_search(&s).is_err(),
        }
    }

    /// The value of a heap of `heap` tokens, for any heap.
    ///
    /// Finite sets: directly for heaps below 2²⁰ (the computation stops early when it proves
    /// the period), through the proven period beyond. Bounded games: `heap mod (m + 1)`.
    /// All-but games: computed directly.
    ///
    /// # Errors
    ///
    /// Past the bounds in [the type's documentation](Subtraction#bounds):
    /// [`Error::NoPeriod`] for a finite set, when neither the heap's value nor a period is
    /// reached within 2²⁰ values and 2²⁸ steps; [`Error::OutOfRange`] for an all-but set, for a
    /// heap of 2²⁴ or more (unless it is below every excluded number), or one needing more than
    /// 2²⁸ steps.
    /// [`Error::OutOfMemory`] if the values cannot be stored.
    ///
    /// # Complexity
    ///
    /// Finite sets: O(L · |S|) for the L values computed, L at most the heap + 1 or the length
    /// that proves the period. Bounded: O(1). All-but: O(n · |F|) time and 4 (n + 1) bytes for
    /// a heap of n, F the excluded numbers up to n.
    ///
    /// ```
    /// use sprague::{games::Subtraction, Nimber};
    /// // Take 2 or 5: period 7, values 0 0 1 1 0 2 1.
    /// let game = Subtraction::new([2, 5])?;
    /// assert_eq!(game.grundy(12)?, Nimber::new(2));
    /// assert_eq!(game.grundy(7_000_000_000_005)?, Nimber::new(2));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn grundy(&self, heap: u64) -> Result<Nimber, Error> {
        let value = match &self.rules {
            Rules::Bounded(m) => bounded_value(heap, *m),
            Rules::Finite(set) => {
                let len = usize::try_from(heap)
                    .ok()
                    .filter(|&h| h < MAX_VALUES)
                    .map_or(MAX_VALUES, |h| h + 1);
                let prefix = finite_prefix(set, len)?;
                prefix.value(heap).ok_or(Error::NoPeriod {
                    heap: Some(heap),
                    computed: prefix.values.len() as u64,
                })?
            }
            Rules::AllBut(excluded) => Self::all_but_value(excluded, heap)?,
        };
        Ok(Nimber::new(value))
    }

    /// The least preperiod and period of the values: g(n + period) = g(n) for every
    /// n ≥ preperiod.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] for an all-but set, whose values grow without bound.
    /// [`Error::NoPeriod`] if a finite set's period is not proven within 2²⁰ values and 2²⁸
    /// steps, [`Error::OutOfRange`] if a bounded game's period m + 1 does not fit in a `usize`.
    /// [`Error::OutOfMemory`] if the values cannot be stored.
    ///
    /// # Complexity
    ///
    /// Finite sets: O(L · |S|) time for the L = preperiod + period + max(S) values that prove
    /// the period, and O(L) memory. Bounded: O(1).
    ///
    /// ```
    /// use sprague::{games::Subtraction, Error, Period};
    /// assert_eq!(Subtraction::new([2, 5])?.period()?, Period { preperiod: 0, period: 7 });
    /// assert_eq!(Subtraction::bounded(9)?.period()?, Period { preperiod: 0, period: 10 });
    /// assert!(matches!(Subtraction::all_but([3])?.period(), Err(Error::InvalidRules { .. })));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn period(&self) -> Result<Period, Error> {
        match &self.rules {
            Rules::Bounded(m) => m
                .checked_add(1)
                .and_then(|p| usize::try_from(p).ok())
                .map(|period| Period {
                    preperiod: 0,
                    period,
                })
                .ok_or_else(|| {
                    Error::out_of_range("period", u128::from(*m) + 1, usize::MAX as u128)
                }),
            Rules::Finite(set) => {
                let prefix = finite_prefix(set, MAX_VALUES)?;
                prefix.period.ok_or(Error::NoPeriod {
                    heap: None,
                    computed: prefix.values.len() as u64,
                })
            }
            Rules::AllBut(_) => Err(Error::InvalidRules {
                reason: format!(
                    "the subtraction game {self} has no period: the values of an all-but game grow without bound"
                ),
            }),
        }
    }

    /// The values of heaps `0..len`, with the period when one is known.
    ///
    /// Finite sets: computed by the sequence engine, which stops at the proof of the period
    /// (the first repeated window of max(S) values); then every value is read through the
    /// period and `len` can be any size. Bounded games (take 1..=m): `n mod (m + 1)`, with
    /// period m + 1. All-but games: computed exactly, with no period.
    ///
    /// Use this rather than [`Subtraction::grundy`] heap by heap, which would compute the
    /// values below each heap again.
    ///
    /// # Errors
    ///
    /// Past the bounds in [the type's documentation](Subtraction#bounds):
    /// [`Error::NoPeriod`] for a finite set, when no period is proven and `len` is more than the
    /// values computed within 2²⁰ values and 2²⁸ steps; [`Error::OutOfRange`] for an all-but
    /// set, when `len` is above 2²⁴ or needs more than 2²⁸ steps (unless every excluded number
    /// is at least `len`), and when a value needs more than 32 bits. [`Error::OutOfMemory`] if the values cannot be stored.
    ///
    /// # Complexity
    ///
    /// Finite sets: O(L · |S|) time and O(L) memory for L = min(`len`, preperiod + period +
    /// max(S)). Bounded: O(min(`len`, m + 1)). All-but: O(`len` · |F|), F the excluded
    /// numbers below `len`.
    ///
    /// ```
    /// use sprague::{games::Subtraction, Nimber, Period};
    ///
    /// let game = Subtraction::new([1, 3, 4])?;
    /// let seq = game.sequence(1_000_000)?;
    /// let first: Vec<u64> = seq.iter().take(9).map(Nimber::value).collect();
    /// assert_eq!(first, [0, 1, 0, 1, 2, 3, 2, 0, 1]);
    /// assert_eq!(seq.period(), Some(Period { preperiod: 0, period: 7 }));
    /// assert_eq!(seq.get(999_999), Some(game.grundy(999_999)?));
    ///
    /// let all_but: Vec<u64> = Subtraction::all_but([1])?.sequence(6)?.iter().map(Nimber::value).collect();
    /// assert_eq!(all_but, [0, 0, 1, 1, 2, 2]);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn sequence(&self, len: usize) -> Result<Sequence, Error> {
        match &self.rules {
            Rules::Bounded(m) => {
                let period = m.checked_add(1).and_then(|p| usize::try_from(p).ok());
                // One period holds every value; a game whose period exceeds `usize` has every
                // heap below `len` in its first one.
                let stored = period.map_or(len, |p| p.min(len));
                let mut values = values_with_capacity(stored, stored.saturating_sub(1) as u64)?;
                for n in 0..stored {
                    push_value(&mut values, n as u64);
                }
                let period = period.map(|period| Period {
                    preperiod: 0,
                    period,
                });
                Ok(Sequence::new(values, len, period))
            }
            Rules::Finite(set) => {
                let prefix = finite_prefix(set, len.min(MAX_VALUES))?;
                if prefix.period.is_none() && prefix.values.len() < len {
                    return Err(Error::NoPeriod {
                        heap: Some(len as u64 - 1),
                        computed: prefix.values.len() as u64,
                    });
                }
                Ok(Sequence::new(prefix.values, len, prefix.period))
            }
            Rules::AllBut(excluded) => {
                let Some(last) = len.checked_sub(1) else {
                    return Ok(Sequence::new(Values::Narrow(Vec::new()), 0, None));
                };
                // A heap has at most as many options as tokens, so no value exceeds it.
                let mut values = values_with_capacity(len, last as u64)?;
                Self::all_but_scan(excluded, last as u64, |v| push_value(&mut values, v))?;
                Ok(Sequence::new(values, len, None))
            }
        }
    }

    /// A position of one heap of `tokens`, as a [`Game`].
    ///
    /// ```
    /// use sprague::{games::Subtraction, grundy};
    /// let game = Subtraction::new([1, 3, 4])?;
    /// assert_eq!(grundy(&game.heap(9))?, game.grundy(9)?);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn heap(&self, tokens: u64) -> SubtractionHeap {
        SubtractionHeap {
            game: Arc::new(self.clone()),
            tokens,
        }
    }

    /// The numbers of tokens that may be taken from a heap of `heap`, ascending.
    fn takes(&self, heap: u64) -> Takes<'_> {
        match &self.rules {
            Rules::Finite(set) => Takes::Listed(set[..set.partition_point(|&s| s <= heap)].iter()),
            Rules::Bounded(m) => Takes::Range(1..=heap.min(*m)),
            Rules::AllBut(excluded) => Takes::AllBut {
                range: 1..=heap,
                excluded,
            },
        }
    }

    /// The value of `heap` when any positive number but `excluded` may be taken, computed
    /// bottom-up.
    fn all_but_value(excluded: &[u64], heap: u64) -> Result<u64, Error> {
        if excluded.first().is_none_or(|&f| f > heap) {
            // Every smaller heap is an option: a heap of Nim.
            return Ok(heap);
        }
        let mut last = 0;
        Self::all_but_scan(excluded, heap, |value| last = value)?;
        Ok(last)
    }

    /// Passes the values of heaps `0..=heap` to `emit`, in order, when any positive number
    /// but `excluded` may be taken.
    ///
    /// The options of a heap k are all smaller heaps except the k − f, f excluded. So with a
    /// histogram of the values below k and M their mex, the value of k is the least of M and
    /// the values whose count drops to 0 when the excluded heaps are taken out.
    fn all_but_scan(excluded: &[u64], heap: u64, mut emit: impl FnMut(u64)) -> Result<(), Error> {
        let relevant = &excluded[..excluded.partition_point(|&f| f <= heap)];
        let Some(&reach) = relevant.last() else {
            // Every smaller heap is an option: heaps of Nim.
            (0..=heap).for_each(emit);
            return Ok(());
        };
        let steps = heap.saturating_mul(relevant.len() as u64 + 1);
        if heap >= ALL_BUT_HEAPS {
            return Err(Error::out_of_range("heap", heap, ALL_BUT_HEAPS - 1));
        }
        if steps > MAX_STEPS {
            return Err(Error::out_of_range(
                "steps to value the heap",
                steps,
                MAX_STEPS,
            ));
        }
        // Both fit: heap < 2^24.
        let (n, reach) = (heap as usize, reach as usize);
        // An excluded option is at most `reach` heaps back: the last `reach` values, in a ring.
        let mut ring = zeroed::<u32>(reach)?;
        // Values are at most the heap, since a heap has at most that many options.
        let mut counts = zeroed::<u32>(n + 1)?;
        let mut mex = 0;
        let value_of = |k: usize, counts: &mut [u32], ring: &[u32], mex: usize| {
            let excluded = relevant.iter().map(|&f| f as usize).take_while(|&f| f <= k);
            let mut value = mex;
            for f in excluded.clone() {
                let v = ring[(k - f) % reach] as usize;
                counts[v] -= 1;
                if counts[v] == 0 {
                    value = value.min(v);
                }
            }
            for f in excluded {
                counts[ring[(k - f) % reach] as usize] += 1;
            }
            value
        };
        for k in 0..n {
            let value = value_of(k, &mut counts, &ring, mex);
            emit(value as u64);
            ring[k % reach] = value as u32;
            counts[value] += 1;
            while counts[mex] > 0 {
                mex += 1;
            }
        }
        emit(value_of(n, &mut counts, &ring, mex) as u64);
        Ok(())
    }
}

/// `len` zeros, or the memory they need.
fn zeroed<T: Clone + Default>(len: usize) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| Error::OutOfMemory {
        what: "the values of an all-but subtraction game",
        bytes: (len * std::mem::size_of::<T>()) as u128,
    })?;
    v.resize(len, T::default());
    Ok(v)
}

/// Room for `len` values, each at most `largest`, in as few bytes as that allows.
fn values_with_capacity(len: usize, largest: u64) -> Result<Values, Error> {
    let out_of_memory = |width: u128| Error::OutOfMemory {
        what: "a heap-game sequence",
        bytes: len as u128 * width,
    };
    if u16::try_from(largest).is_ok() {
        let mut values = Vec::new();
        values
            .try_reserve_exact(len)
            .map_err(|_| out_of_memory(2))?;
        Ok(Values::Narrow(values))
    } else if u32::try_from(largest).is_ok() {
        let mut values = Vec::new();
        values
            .try_reserve_exact(len)
            .map_err(|_| out_of_memory(4))?;
        Ok(Values::Wide(values))
    } else {
        Err(Error::out_of_range("grundy value", largest, u32::MAX))
    }
}

/// Appends `value`, at most the `largest` that [`values_with_capacity`] made room for.
fn push_value(values: &mut Values, value: u64) {
    match values {
        Values::Narrow(v) => v.push(value as u16),
        Values::Wide(v) => v.push(value as u32),
    }
}

/// The value of a heap of `heap` when 1..=m may be taken: `heap mod (m + 1)`.
fn bounded_value(heap: u64, m: u64) -> u64 {
    // m + 1 overflows only for m = u64::MAX, when every heap is at most m.
    if heap <= m { heap } else { heap % (m + 1) }
}

/// Values of a finite subtraction game from the sequence engine.
struct Prefix {
    /// The values of heaps from 0, up to the end of the first period if one is proven.
    values: Values,
    /// The period of the game, if the values prove it.
    period: Option<Period>,
}

impl Prefix {
    fn value(&self, heap: u64) -> Option<u64> {
        match self.period {
            Some(p) => Some(self.values.get(p.index(heap))),
            None => usize::try_from(heap)
                .ok()
                .filter(|&h| h < self.values.len())
                .map(|h| self.values.get(h)),
        }
    }
}

/// The values of heaps below `len` (at most [`MAX_VALUES`]) of the finite subtraction game
/// `set`, fewer if [`MAX_STEPS`] runs out first, or up to the proof of the period.
///
/// A subtraction set is the take-only game whose code has digit 3 (remove exactly s, leaving
/// nothing or one heap) at every s in the set, which the engine computes in O(|S|) per value,
/// proving the period at the first repeated window of max(S) values.
fn finite_prefix(set: &[u64], len: usize) -> Result<Prefix, Error> {
    // Moves of `len` or more never apply to a smaller heap. A move of exactly `len` stands in
    // for them: it keeps the window of the period check longer than the values computed, so
    // no period of the truncated game passes for the game's. Everything is below 2^20 + 1.
    let below = set.partition_point(|&s| s < len as u64);
    let mut moves: Vec<u32> = set[..below].iter().map(|&s| s as u32).collect();
    if below < set.len() {
        moves.push(len as u32);
    }
    // A value costs a step per move, and one for the rest of its work.
    let affordable = usize::try_from(MAX_STEPS / (moves.len() as u64 + 1)).unwrap_or(usize::MAX);
    let mut engine = SequenceBuilder::new(TakeBreak {
        take_all: moves.clone(),
        take: moves,
        break2: Vec::new(),
        break3: Vec::new(),
        unequal: false,
    });
    engine.extend_to(len.min(affordable))?;
    let (values, period) = engine.into_parts();
    Ok(Prefix { values, period })
}

/// Writes a set as `{1, 3, 4}`.
fn write_set(f: &mut fmt::Formatter<'_>, items: &[u64]) -> fmt::Result {
    f.write_str("{")?;
    for (i, s) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{s}")?;
    }
    f.write_str("}")
}

impl fmt::Display for Subtraction {
    /// The set, whole: `{1, 3, 4}`, `{1, 2, …, 10}` for a bounded game of more than 8 moves,
    /// `all but {2, 5}`. [`FromStr`] reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.rules {
            Rules::Finite(set) => write_set(f, set),
            Rules::Bounded(m) if *m <= 8 => write_set(f, &(1..=*m).collect::<Vec<_>>()),
            Rules::Bounded(m) => write!(f, "{{1, 2, …, {m}}}"),
            Rules::AllBut(excluded) => {
                f.write_str("all but ")?;
                write_set(f, excluded)
            }
        }
    }
}

impl FromStr for Subtraction {
    type Err = Error;

    /// Reads a set as [`Display`](fmt::Display) writes it, or as typed on a command line:
    /// `{1, 3, 4}` or `1,3,4`; `{1, 2, …, 10}` (or `...`) for [`Subtraction::bounded`];
    /// `all but {2, 5}` for [`Subtraction::all_but`].
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] for text that is not a set of numbers, [`Error::InvalidRules`] for a
    /// set the constructors refuse (empty, or with 0).
    ///
    /// ```
    /// use sprague::games::Subtraction;
    ///
    /// let game: Subtraction = "{1, 3, 4}".parse()?;
    /// assert_eq!(game, Subtraction::new([1, 3, 4])?);
    /// assert_eq!("1,3,4".parse::<Subtraction>()?, game);
    /// assert_eq!("{1, 2, …, 20}".parse::<Subtraction>()?, Subtraction::bounded(20)?);
    /// assert_eq!("all but {2, 5}".parse::<Subtraction>()?, Subtraction::all_but([2, 5])?);
    /// assert_eq!(game.to_string().parse::<Subtraction>()?, game);
    /// assert!("{1, x}".parse::<Subtraction>().is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, Error> {
        let error = |reason| Error::parse("a subtraction set", text, reason);
        let trimmed = text.trim();
        let (all_but, set) = match trimmed.strip_prefix("all but") {
            Some(rest) => (true, rest.trim_start()),
            None => (false, trimmed),
        };
        let inner = match set.strip_prefix('{') {
            Some(rest) => rest
                .strip_suffix('}')
                .ok_or_else(|| error("an opening brace has no closing one"))?,
            None => set,
        };
        let items: Vec<&str> = inner.split(',').map(str::trim).collect();
        if let [first, second, dots, last] = items[..]
            && (first, second) == ("1", "2")
            && matches!(dots, "…" | "...")
            && !all_but
        {
            let m = last
                .parse()
                .map_err(|_| error("the last move of a range is a whole number"))?;
            return Subtraction::bounded(m);
        }
        let numbers = if items == [""] {
            Vec::new()
        } else {
            items
                .iter()
                .map(|item| item.parse::<u64>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| error("a set lists whole numbers separated by commas"))?
        };
        if all_but {
            Subtraction::all_but(numbers)
        } else {
            Subtraction::new(numbers)
        }
    }
}

impl fmt::Debug for Subtraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Subtraction({self})")
    }
}

/// The numbers of tokens that may be taken from one heap, ascending.
enum Takes<'a> {
    Listed(std::slice::Iter<'a, u64>),
    Range(RangeInclusive<u64>),
    AllBut {
        range: RangeInclusive<u64>,
        excluded: &'a [u64],
    },
}

impl Iterator for Takes<'_> {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        match self {
            Takes::Listed(set) => set.next().copied(),
            Takes::Range(range) => range.next(),
            Takes::AllBut { range, excluded } => range.find(|s| excluded.binary_search(s).is_err()),
        }
    }
}

/// A position of a [`Subtraction`] game: one heap, from [`Subtraction::heap`].
///
/// Its successors are the heaps left by every allowed move, smallest move first. Sum heaps (of
/// this game or of others) by wrapping them in your own position type with a
/// [`split`](Game::split); the game is shared between a heap and its successors, not copied.
///
/// ```
/// use sprague::{games::Subtraction, Game};
/// let heap = Subtraction::new([1, 3, 4])?.heap(5);
/// let next: Vec<u64> = heap.successors().into_iter().map(|h| h.tokens()).collect();
/// assert_eq!(next, [4, 2, 1]);
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone)]
pub struct SubtractionHeap {
    game: Arc<Subtraction>,
    tokens: u64,
}

impl SubtractionHeap {
    /// The number of tokens in the heap.
    ///
    /// ```
    /// assert_eq!(sprague::games::Subtraction::bounded(2)?.heap(7).tokens(), 7);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn tokens(&self) -> u64 {
        self.tokens
    }

    /// The game being played.
    ///
    /// ```
    /// use sprague::games::Subtraction;
    /// let game = Subtraction::all_but([2])?;
    /// assert_eq!(game.heap(7).game(), &game);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn game(&self) -> &Subtraction {
        &self.game
    }
}

impl PartialEq for SubtractionHeap {
    fn eq(&self, other: &Self) -> bool {
        self.tokens == other.tokens
            && (Arc::ptr_eq(&self.game, &other.game) || self.game == other.game)
    }
}

impl Eq for SubtractionHeap {}

impl Hash for SubtractionHeap {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.game.hash(state);
        self.tokens.hash(state);
    }
}

impl fmt::Debug for SubtractionHeap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SubtractionHeap({}, {})", self.game, self.tokens)
    }
}

impl Game for SubtractionHeap {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        self.game.takes(self.tokens).map(|s| SubtractionHeap {
            game: Arc::clone(&self.game),
            tokens: self.tokens - s,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine_values(set: &[u64], len: usize) -> Vec<u64> {
        let prefix = finite_prefix(set, len).unwrap();
        (0..len as u64).map(|n| prefix.value(n).unwrap()).collect()
    }

    #[test]
    fn the_engine_agrees_with_bachets_formula() {
        // `new` turns {1, …, m} into the O(1) bounded game: check that formula against the
        // generic computation.
        for m in 1..=20u64 {
            let set: Vec<u64> = (1..=m).collect();
            let expected: Vec<u64> = (0..200).map(|n| n % (m + 1)).collect();
            assert_eq!(engine_values(&set, 200), expected, "m = {m}");
            assert_eq!(
                finite_prefix(&set, MAX_VALUES).unwrap().period,
                Some(Period {
                    preperiod: 0,
                    period: m as usize + 1
                })
            );
            assert_eq!(
                Subtraction::bounded(m).unwrap().period().unwrap(),
                Period {
                    preperiod: 0,
                    period: m as usize + 1
                }
            );
        }
    }

    #[test]
    fn moves_beyond_the_values_computed_prove_no_false_period() {
        // {1, 1000}: below 1000 the values alternate 0 1, the period of {1}, which {1, 1000}
        // breaks at heap 1000: it can move to 999 (*1) and to 0, so it is worth *2.
        let set = [1, 1000];
        let prefix = finite_prefix(&set, 600).unwrap();
        assert_eq!(prefix.period, None);
        assert_eq!(prefix.values.len(), 600);
        let game = Subtraction::new(set).unwrap();
        assert_eq!(game.grundy(999).unwrap(), Nimber::new(1));
        assert_eq!(game.grundy(1000).unwrap(), Nimber::new(2));
    }

    #[test]
    fn the_step_budget_bounds_large_sets() {
        // 5000 moves: at most 2^28 / 5001 values, not the 2^20 asked for, too few for a window
        // of 200000 values to repeat.
        let set: Vec<u64> = (1..=5000).map(|s| 40 * s).collect();
        let prefix = finite_prefix(&set, MAX_VALUES).unwrap();
        assert_eq!(prefix.period, None);
        assert_eq!(prefix.values.len(), (MAX_STEPS / 5001) as usize);
        let err = Subtraction::new(set).unwrap().grundy(u64::MAX).unwrap_err();
        let computed = MAX_STEPS / 5001;
        assert_eq!(
            err,
            Error::NoPeriod {
                heap: Some(u64::MAX),
                computed
            }
        );
    }
}
