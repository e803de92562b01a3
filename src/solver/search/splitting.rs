//! Splitting the successors a frame listed: those whose split is cached first, then in the
//! order `killers` chooses, until a test is settled.

use std::hash::Hash;

use super::killers::Outward;
use super::{Engine, bits};
use crate::Error;
use crate::solver::rules::Rules;

impl<N: Clone + Eq + Hash> Engine<N> {
    /// Splits the successors a test listed into `raw` from `first` on, for a frame at stack
    /// depth `depth`; returns how many were split, and whether the test is settled.
    ///
    /// A test may be settled by successors already valued before the others are split
    /// (Beling and Rogalski's enhanced transposition cutoff): each strikes a candidate, and
    /// once no requested value is a candidate the answer is no. Those whose split is cached
    /// go first; the others in the order `killers` chooses.
    pub(super) fn split_listed<R: Rules<N>>(
        &mut self,
        first: usize,
        depth: usize,
        known_first: usize,
    ) -> Result<(usize, bool), Error> {
        let mut result = self.candidates_up_to(self.raw.len() - first);
        let mut count = 0;
        if self.split_cache.active() {
            // Successors split before first: they cost no split, and may settle the test.
            for at in first..self.raw.len() {
                let Some(next) = &self.raw[at] else { continue };
                let Some(ids) = self.split_cache.peek(next) else {
                    continue;
                };
                let folded = Self::fold_components(&self.table, &mut self.comps, &ids, depth);
                self.raw[at] = None;
                count += 1;
                match folded.and_then(|(partial, start)| self.record(partial, start, known_first)) {
                    Ok(Some(value)) if self.strikes(value) => {
                        self.raw.truncate(first);
                        return result.map(|()| (count, true));
                    }
                    Ok(_) => {}
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            }
        }
        // Listed successors are all there but those the cache held.
        let len = self.raw.len() - first;
        let unsplit = len - count;
        let (chosen, order) = self.killers.order(depth, len);
        let split = if result.is_ok() {
            self.split_in_order::<R>(order, first, depth, known_first)
        } else {
            Ok((0, None))
        };
        self.raw.truncate(first);
        let (split, settler) = result.and(split)?;
        if unsplit >= 2 {
            self.killers.record(depth, chosen, split, settler)?;
        }
        Ok((count + split, settler.is_some()))
    }

    /// Splits the successors left in `raw` at the offsets `order` gives (from `first` on), for
    /// a frame at stack depth `depth`, until one settles the test; returns how many it split
    /// and the offset of the one that settled it.
    fn split_in_order<R: Rules<N>>(
        &mut self,
        order: Outward,
        first: usize,
        depth: usize,
        known_first: usize,
    ) -> Result<(usize, Option<u32>), Error> {
        let mut count = 0;
        for at in order {
            let Some(next) = self.raw[first + at].take() else {
                continue;
            };
            count += 1;
            if self
                .add_successor::<R>(next, depth, known_first)?
                .is_some_and(|value| self.strikes(value))
            {
                return Ok((count, Some(at as u32)));
            }
        }
        Ok((count, None))
    }

    /// Strikes a successor of value `value` from the candidates of the test being expanded;
    /// whether that settles it: no requested value is a candidate any more.
    fn strikes(&mut self, value: u64) -> bool {
        bits::remove_or_largest(&mut self.striking, value);
        !bits::meet(&self.striking, &self.request)
    }
}
