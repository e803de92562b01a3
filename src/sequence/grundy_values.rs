//! [`Sequence`]: the values of heaps `0..len`, stored up to the end of the first period.

use std::fmt;
use std::iter::FusedIterator;

use super::engine::Values;
use super::period::Period;
use crate::Nimber;

/// The Grundy values of heaps `0..len` of a heap game.
///
/// Only the values up to the end of the first period are stored once a period is proven, so a
/// sequence of any length costs memory for at most its computed part. With the feature
/// `serde`, a sequence is stored and read back in that form: `len`, `period` and the stored
/// `values`, checked as they are read.
///
/// # Examples
///
/// ```
/// use sprague::{games::Octal, Nimber};
///
/// let kayles = Octal::kayles().sequence(1_000_000)?;
/// assert_eq!(kayles.len(), 1_000_000);
/// assert_eq!(kayles.get(4), Some(Nimber::new(1)));
/// // Kayles has period 12 from heap 71 on, proven long before a million.
/// assert_eq!(kayles.period(), Some(sprague::Period { preperiod: 71, period: 12 }));
/// assert_eq!(kayles.get(999_999), kayles.get(71 + (999_999 - 71) % 12));
/// let first: Vec<u64> = kayles.iter().take(8).map(Nimber::value).collect();
/// assert_eq!(first, [0, 1, 2, 3, 1, 4, 3, 2]);
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone)]
pub struct Sequence {
    values: Values,
    len: usize,
    period: Option<Period>,
}

impl Sequence {
    /// `len` values of which `values` holds the first ones; `period` must cover the rest.
    pub(crate) fn new(values: Values, len: usize, period: Option<Period>) -> Self {
        debug_assert!(values.len() >= len || period.is_some());
        Sequence {
            values,
            len,
            period,
        }
    }

    /// The values stored: those up to the end of the first period once one is proven.
    #[cfg(feature = "serde")]
    pub(super) fn stored(&self) -> &Values {
        &self.values
    }

    /// The number of heaps valued.
    ///
    /// ```
    /// assert_eq!(sprague::games::Octal::kayles().sequence(100)?.len(), 100);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the sequence has no values.
    ///
    /// ```
    /// use sprague::games::Octal;
    /// assert!(Octal::kayles().sequence(0)?.is_empty());
    /// assert!(!Octal::kayles().sequence(1)?.is_empty());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The value of a heap of `i`, or `None` past the end.
    ///
    /// # Complexity
    ///
    /// O(1).
    ///
    /// ```
    /// use sprague::{games::Octal, Nimber};
    /// let kayles = Octal::kayles().sequence(12)?;
    /// assert_eq!(kayles.get(11), Some(Nimber::new(6)));
    /// assert_eq!(kayles.get(12), None);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn get(&self, i: usize) -> Option<Nimber> {
        (i < self.len).then(|| self.value(i))
    }

    fn value(&self, i: usize) -> Nimber {
        let stored = match self.period {
            Some(p) if i >= self.values.len() => p.index(i as u64),
            _ => i,
        };
        Nimber::new(self.values.get(stored))
    }

    /// The values in order.
    ///
    /// ```
    /// let dawson = sprague::games::Octal::dawsons_kayles().sequence(10)?;
    /// let values: Vec<u64> = dawson.iter().map(|v| v.value()).collect();
    /// assert_eq!(values, [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            sequence: self,
            next: 0,
            stored: 0,
        }
    }

    /// The period of the game, if the computation proved one.
    ///
    /// ```
    /// use sprague::{games::Octal, Period};
    /// assert_eq!(Octal::kayles().sequence(1000)?.period(), Some(Period { preperiod: 71, period: 12 }));
    /// // Too few values to prove it.
    /// assert_eq!(Octal::kayles().sequence(100)?.period(), None);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn period(&self) -> Option<Period> {
        self.period
    }
}

impl fmt::Debug for Sequence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const SHOWN: usize = 32;
        let head: Vec<u64> = self.iter().take(SHOWN).map(Nimber::value).collect();
        // The values themselves can be millions long: show the first ones.
        f.debug_struct("Sequence")
            .field("len", &self.len)
            .field("period", &self.period)
            .field("head", &head)
            .finish_non_exhaustive()
    }
}

impl<'a> IntoIterator for &'a Sequence {
    type Item = Nimber;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// The values of a [`Sequence`], in order.
///
/// ```
/// use sprague::games::Octal;
/// let values = Octal::dawsons_kayles().sequence(1_000_000)?;
/// let mut iter = values.iter();
/// assert_eq!(iter.len(), 1_000_000);
/// // Past the period's proof, the values are read through it.
/// assert_eq!(iter.nth(999_999), values.get(999_999));
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    sequence: &'a Sequence,
    next: usize,
    /// The stored index holding the value of heap `next`: it wraps around the period instead
    /// of dividing.
    stored: usize,
}

impl Iterator for Iter<'_> {
    type Item = Nimber;

    fn next(&mut self) -> Option<Nimber> {
        if self.next >= self.sequence.len {
            return None;
        }
        let value = Nimber::new(self.sequence.values.get(self.stored));
        self.next += 1;
        self.stored += 1;
        if let Some(p) = self.sequence.period
            && self.stored == p.preperiod + p.period
        {
            self.stored = p.preperiod;
        }
        Some(value)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.sequence.len - self.next;
        (left, Some(left))
    }

    fn nth(&mut self, n: usize) -> Option<Nimber> {
        self.next = self.next.saturating_add(n).min(self.sequence.len);
        self.stored = match self.sequence.period {
            Some(p) => p.index(self.next as u64),
            None => self.next,
        };
        self.next()
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl FusedIterator for Iter<'_> {}
