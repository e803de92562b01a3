//! Looking a successor up whole before splitting it, while that finds it often enough.
//!
//! A successor equal to a stored component has that component's value: equal positions have
//! equal values, however the game splits them. In a game whose positions are mostly single
//! components (Chomp, a heap game whose moves leave one heap), nearly every successor met is
//! stored already, and finding it whole spares the split, which for a game that keeps the
//! default [`split`](crate::Game::split) is a clone of the position: an allocation, for a
//! position on the heap. In a game whose successors are sums (Kayles, Grundy's game), the
//! lookup finds nothing and costs a probe of the table: so the search counts what the
//! lookups find, and stops making them while they find less than half the time, trying
//! again later, after longer and longer rests.

use crate::solver::rests::Rests;

/// Lookups in a trial: the trial is judged when it has made this many.
const TRIAL: u32 = 1 << 10;
/// The first rest after a failed trial, in successors; each failed trial after it doubles
/// it, up to [`LONGEST_REST`].
const REST: u32 = 1 << 12;
/// See [`REST`].
const LONGEST_REST: u32 = 1 << 22;

/// Whether successors are looked up whole before they are split (see the module's
/// documentation).
#[derive(Clone, Debug)]
pub(super) struct WholeFirst {
    /// Lookups and finds in the current trial.
    lookups: u32,
    found: u32,
    /// The successors split without a lookup after failed trials.
    rests: Rests,
}

impl Default for WholeFirst {
    fn default() -> Self {
        WholeFirst {
            lookups: 0,
            found: 0,
            rests: Rests::new(REST, LONGEST_REST),
        }
    }
}

impl WholeFirst {
    /// Whether the next successor is to be looked up whole; if so, [`WholeFirst::record`]
    /// counts what the lookup found.
    #[inline]
    pub(super) fn trying(&mut self) -> bool {
        !self.rests.resting()
    }

    /// Counts a lookup, and whether it found the successor; after [`TRIAL`] lookups, rests
    /// if they found less than half the time.
    #[inline]
    pub(super) fn record(&mut self, found: bool) {
        self.lookups += 1;
        self.found += u32::from(found);
        if self.lookups == TRIAL {
            self.rests.judge(self.found * 2 < self.lookups);
            self.lookups = 0;
            self.found = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs a trial whose lookups find the successor `found` times in `TRIAL`.
    fn trial(whole: &mut WholeFirst, found: u32) {
        for k in 0..TRIAL {
            assert!(whole.trying(), "a trial looks every successor up");
            whole.record(k < found);
        }
    }

    /// How many successors are split without a lookup before the next is looked up (the
    /// call that says so starts the next trial, which counts only what is recorded).
    fn rest(whole: &mut WholeFirst) -> u32 {
        let mut rested = 0;
        while !whole.trying() {
            rested += 1;
        }
        rested
    }

    #[test]
    fn lookups_go_on_while_they_find_and_rest_longer_after_each_failed_trial() {
        let mut whole = WholeFirst::default();
        trial(&mut whole, TRIAL / 2);
        assert_eq!(rest(&mut whole), 0, "half found: lookups go on");
        trial(&mut whole, 0);
        assert_eq!(rest(&mut whole), REST);
        trial(&mut whole, 0);
        assert_eq!(rest(&mut whole), 2 * REST);
        trial(&mut whole, TRIAL);
        assert_eq!(rest(&mut whole), 0, "a trial that finds ends the rests");
        trial(&mut whole, 0);
        assert_eq!(
            rest(&mut whole),
            REST,
            "the next failure rests as after the first"
        );
    }
}
