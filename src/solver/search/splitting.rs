//! Splitting the successors a frame listed: those whose split is cached first, then in the
//! order `killers` chooses, on this thread alone or with the helper threads of `pool`, until
//! a test is settled.

use std::hash::Hash;
use std::time::Instant;

use smallvec::SmallVec;

use super::expand::split_cache_capacity;
use super::killers::Outward;
use super::{ComponentIds, Engine, bits, pool, search_memory};
use crate::Error;
use crate::solver::rules::Rules;

/// A job posted to the split pool: slot k holds a copy of the successor at offset
/// `offsets[k]` of the listed ones.
struct Posted<'a, N> {
    pool: &'a pool::SplitPool<N>,
    job: u32,
    offsets: &'a [u32],
}

impl<N: Clone + Eq + Hash> Engine<N> {
    /// Splits the successors listed into `raw` from `first` on, for a frame at stack depth
    /// `depth`; returns how many were split, and, with `cut` (for a test), whether the test is
    /// settled.
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
        cut: bool,
    ) -> Result<(usize, bool), Error> {
        let mut result = if cut {
            self.candidates_up_to(self.raw.len() - first)
        } else {
            Ok(())
        };
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
                    Ok(Some(value)) if cut && self.strikes(value) => {
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
        let (chosen, order) = if cut {
            let (chosen, order) = self.killers.order(depth, len);
            (Some(chosen), order)
        } else {
            (None, Outward::new(0, len))
        };
        let split = if result.is_ok() {
            self.split_in_order::<R>(order, unsplit, first, depth, known_first, cut)
        } else {
            Ok((0, None))
        };
        self.raw.truncate(first);
        let (split, settler) = result.and(split)?;
        if let Some(chosen) = chosen
            && unsplit >= 2
        {
            self.killers.record(depth, chosen, split, settler)?;
        }
        Ok((count + split, settler.is_some()))
    }

    /// Splits the `unsplit` successors left in `raw` from `first` on, at the offsets `order`
    /// gives, in that order, for a frame at stack depth `depth`, sharing them with other
    /// threads when that pays; returns how many were split and, with `cut` (for a test), the
    /// offset of the one that settled it.
    fn split_in_order<R: Rules<N>>(
        &mut self,
        order: Outward,
        unsplit: usize,
        first: usize,
        depth: usize,
        known_first: usize,
        cut: bool,
    ) -> Result<(usize, Option<u32>), Error> {
        // Counted only while other threads split: this runs for every test expanded.
        let timed = self.pool.is_some() && unsplit >= pool::SHARED_JOB;
        // The clock is read only while the pacer compares the two ways.
        let start = (timed && self.pacer.probing()).then(Instant::now);
        if timed
            && self.pacer.sharing()
            && let Some(pool) = self.pool.clone()
        {
            // The offsets in the order they are split: slot k of the job is `posted[k]`.
            let mut posted = std::mem::take(&mut self.posted);
            posted.clear();
            if posted.try_reserve(unsplit).is_err() {
                return Err(search_memory::<u32>(unsplit));
            }
            let raw = &self.raw[first..];
            // Offsets index successors held in memory at once: far fewer than 2^32.
            posted.extend(order.filter(|&at| raw[at].is_some()).map(|at| at as u32));
            let (number, len) = pool.post(posted.iter().filter_map(|&at| raw[at as usize].clone()));
            let job = Posted {
                pool: &pool,
                job: number,
                offsets: &posted[..len],
            };
            let split = self.split_job::<R>(&job, first, depth, known_first, cut);
            pool.withdraw(number);
            let split = match split {
                Ok((count, None)) if len < posted.len() => self
                    .split_alone::<R>(
                        posted[len..].iter().map(|&at| at as usize),
                        first,
                        depth,
                        known_first,
                        cut,
                    )
                    .map(|(more, settler)| (count + more, settler)),
                split => split,
            };
            if let Ok((split, _)) = &split {
                self.pacer
                    .record(*split, start.map(|start| start.elapsed()));
            }
            self.posted = posted;
            return split;
        }
        let (count, settler) = self.split_alone::<R>(order, first, depth, known_first, cut)?;
        if timed {
            self.pacer.record(count, start.map(|start| start.elapsed()));
        }
        Ok((count, settler))
    }

    /// Splits on this thread the successors left in `raw` at the offsets `order` gives (from
    /// `first` on), until one settles the test (with `cut`); returns how many it split and
    /// the offset of the one that settled it.
    fn split_alone<R: Rules<N>>(
        &mut self,
        order: impl Iterator<Item = usize>,
        first: usize,
        depth: usize,
        known_first: usize,
        cut: bool,
    ) -> Result<(usize, Option<u32>), Error> {
        let mut count = 0;
        for at in order {
            let Some(next) = self.raw[first + at].take() else {
                continue;
            };
            count += 1;
            if self
                .add_successor::<R>(next, depth, known_first)?
                .is_some_and(|value| cut && self.strikes(value))
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

    /// [`Engine::split_in_order`] for the successors of `job` (from `first` on in `raw`): this
    /// thread claims them in turn with the helpers, splitting its own and taking the helpers'
    /// as they finish, so that it waits for a helper only when none is left to claim. Returns
    /// how many it took and the offset of the one that settled the test, if any.
    fn split_job<R: Rules<N>>(
        &mut self,
        job: &Posted<'_, N>,
        first: usize,
        depth: usize,
        known_first: usize,
        cut: bool,
    ) -> Result<(usize, Option<u32>), Error> {
        // Slots the helpers claimed and this thread has not taken, and the first slot not
        // yet seen claimed.
        let mut theirs: SmallVec<[usize; 8]> = SmallVec::new();
        // A helper that has not split a successor in twice the time a split takes has most
        // likely lost its core to another program (the machine is busy): this thread splits
        // the successor itself rather than wait a time slice for it.
        let patience = self.split_cache.split_cost() * 2;
        let mut frontier = 0;
        let mut count = 0;
        loop {
            let mut k = 0;
            while k < theirs.len() {
                if let Some(done) = job.pool.ready(job.job, theirs[k]) {
                    let at = job.offsets[theirs.swap_remove(k)];
                    count += 1;
                    if self.take_done::<R>(done, first + at as usize, depth, known_first, cut)? {
                        return Ok((count, Some(at)));
                    }
                } else {
                    k += 1;
                }
            }
            let (slot, done) = if let Some(slot) = job.pool.claim(job.job) {
                theirs.extend(frontier..slot);
                frontier = slot + 1;
                (slot, pool::Done::Again)
            } else {
                theirs.extend(frontier..job.offsets.len());
                frontier = job.offsets.len();
                let Some(slot) = theirs.pop() else {
                    return Ok((count, None));
                };
                (slot, job.pool.wait(job.job, slot, patience))
            };
            let at = job.offsets[slot];
            count += 1;
            if self.take_done::<R>(done, first + at as usize, depth, known_first, cut)? {
                return Ok((count, Some(at)));
            }
        }
    }

    /// Adds the successor at `raw[at]`, posted to a job: split by a helper as `done` says, or
    /// by this thread; whether that settles the test being expanded (with `cut`).
    fn take_done<R: Rules<N>>(
        &mut self,
        done: pool::Done<N>,
        at: usize,
        depth: usize,
        known_first: usize,
        cut: bool,
    ) -> Result<bool, Error> {
        let next = self.raw[at]
            .take()
            .expect("a posted successor is taken once");
        let added = match done {
            pool::Done::Again => self.add_successor::<R>(next, depth, known_first)?,
            pool::Done::Split(_copy, parts) => {
                let (partial, start) = self.fold_parts::<R>(next, parts, depth)?;
                self.record(partial, start, known_first)?
            }
        };
        Ok(added.is_some_and(|value| cut && self.strikes(value)))
    }

    /// Interns `parts`, the components of `successor` that another thread split, and caches
    /// them; returns what [`Engine::split_successor`] does.
    fn fold_parts<R: Rules<N>>(
        &mut self,
        successor: N,
        parts: pool::Parts<N>,
        depth: usize,
    ) -> Result<(u64, usize), Error> {
        let mut ids = ComponentIds::new();
        for part in parts {
            ids.push(self.table.intern::<R>(part)?.0);
        }
        let folded = Self::fold_components(&self.table, &mut self.comps, &ids, depth);
        if self.split_cache.active() {
            let capacity = split_cache_capacity(&self.table);
            self.split_cache.insert(successor, &ids, capacity);
        }
        folded
    }
}
