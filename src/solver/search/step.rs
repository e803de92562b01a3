//! Advancing the top frame of the search: the witness loop of exact searches and lazy tests,
//! and the single pass of set tests.

use std::hash::Hash;

use super::root::pass_over;
use super::{EXACT, Engine, Kind, MAX_TESTS, Step, Table, ask_for, bits, grow};
use crate::Error;
use crate::solver::rules::Rules;
use crate::solver::table::PARTIAL;

/// Folds the components of a successor that are valued, from `next` on, into its nim-sum
/// `partial`, up to the first that is not; whether every one is valued.
#[inline]
fn fold_valued<N>(
    table: &Table<N>,
    comps: &[u32],
    partial: &mut u64,
    next: &mut usize,
    end: usize,
) -> bool {
    while *next < end {
        let state = table.state(comps[*next]);
        if state >= PARTIAL {
            return false;
        }
        *partial ^= state;
        *next += 1;
    }
    true
}

/// What an open successor of a witness search asks of it, for the value sought.
pub(super) enum Task {
    /// Every component of the successor is valued: it has this value.
    Valued(u64),
    /// Its value is known not to be the one sought.
    Pass,
    /// A component of it is to be searched, for this goal: [`EXACT`], or the value that
    /// makes the successor's the one sought.
    Search(u32, u64),
}

/// What the successor whose components valued so far add up to `partial` and whose others
/// are `comps[next..end]` asks of a search for the value `sought`: its first component not
/// valued is searched for its exact value if others follow it (or with `exact`, in a mex),
/// else tested for the value that makes the successor's `sought`, unless its bounds rule
/// that out.
#[inline]
pub(super) fn task<N>(
    table: &Table<N>,
    comps: &[u32],
    (partial, next, end): (&mut u64, &mut usize, usize),
    sought: u64,
    exact: bool,
) -> Task {
    if fold_valued(table, comps, partial, next, end) {
        return Task::Valued(*partial);
    }
    let component = comps[*next];
    if end - *next >= 2 || exact {
        // Value all components but the last exactly, then test the last.
        return Task::Search(component, EXACT);
    }
    let target = sought ^ *partial;
    let lower = table.state(component) & !PARTIAL;
    let aux = table.aux(component);
    // A component asked about again and again is worth its exact value.
    let excluded = target < 32 && aux.excluded & (1 << target) != 0 && aux.tests < MAX_TESTS;
    // A value is at most the number of moves.
    if target < lower || excluded || aux.value_bound().is_some_and(|bound| target > bound) {
        Task::Pass
    } else {
        Task::Search(component, target)
    }
}

/// Marks `value`, the value of the open successor at `open[at]` of a frame whose known
/// values start at `known[known_first]`, and takes the successor out of the open list
/// (`open[open_first..open_first + open_len]`), keeping the others in their order.
#[inline]
pub(super) fn drop_valued(
    known: &mut [u64],
    open: &mut [usize],
    frame: &mut super::Frame,
    at: usize,
    value: u64,
) {
    if value <= frame.succ_count as u64 {
        known[frame.known_first + (value / 64) as usize] |= 1 << (value % 64);
    }
    let open_end = frame.open_first + frame.open_len;
    open.copy_within(at + 1..open_end, at);
    frame.open_len -= 1;
}

impl<N: Clone + Eq + Hash> Engine<N> {
    /// Advances the top frame until it needs another component searched or is finished.
    pub(super) fn step(&mut self) -> Result<Step, Error> {
        if self.frames.last().expect("a frame is running").kind == Kind::Set {
            return Ok(self.step_set());
        }
        if self.dividing() {
            return self.step_root();
        }
        self.skip_tested();
        let Engine {
            table,
            frames,
            succ_partial,
            succ_next,
            succ_end,
            comps,
            open,
            known,
            request,
            ..
        } = self;
        let frame = frames.last_mut().expect("a frame is running");
        loop {
            let sought = frame.sought;
            let known_values = &mut known[frame.known_first..];
            if sought <= frame.succ_count as u64
                && known_values[(sought / 64) as usize] & (1 << (sought % 64)) != 0
            {
                // A successor has the value sought.
                // A test, or a question with a goal, stops at a witness for its goal.
                if sought == frame.goal {
                    return Ok(Step::Done);
                }
                frame.sought += 1;
                frame.cursor = 0;
                continue;
            }
            if frame.cursor == frame.open_len {
                if frame.raw_next == frame.raw_end {
                    if frame.generated < frame.succ_count {
                        return Ok(Step::Refill);
                    }
                    // No successor has the value sought, and every smaller value is reached.
                    return Ok(Step::Done);
                }
                return Ok(Step::Split);
            }
            let at = frame.open_first + frame.cursor;
            let succ = open[at];
            let successor = (
                &mut succ_partial[succ],
                &mut succ_next[succ],
                succ_end[succ],
            );
            match task(table, comps, successor, sought, frame.kind == Kind::Mex) {
                Task::Valued(value) => drop_valued(known, open, frame, at, value),
                Task::Pass => frame.cursor += 1,
                Task::Search(component, EXACT) => return Ok(Step::Push(component, EXACT)),
                Task::Search(component, target) => {
                    ask_for(request, target)?;
                    return Ok(Step::Push(component, target));
                }
            }
        }
    }

    /// Takes the result of the test the top frame (a witness search) pushed, if it pushed
    /// one: a test that valued the component leaves it to the frame's loop; one that did not
    /// showed that the successor at the cursor does not have the value sought, and the
    /// cursor moves past it.
    pub(super) fn skip_tested(&mut self) {
        let frame = self.frames.last_mut().expect("a frame is running");
        if frame.awaiting {
            frame.awaiting = false;
            let succ = self.open[frame.open_first + frame.cursor];
            if self.table.state(self.comps[self.succ_next[succ]]) >= PARTIAL {
                frame.cursor += 1;
            }
        }
    }

    /// Splits the next unsplit successor of the top frame, a [`Kind::Lazy`] test, unless it was
    /// split before: tests search the same components again with other goals, and different
    /// positions share successors.
    pub(super) fn split_next<R: Rules<N>>(&mut self) -> Result<(), Error> {
        let depth = self.frames.len() - 1;
        let frame = self.frames.last_mut().expect("a frame is running");
        let next = self.raw[frame.raw_next]
            .take()
            .expect("an unsplit successor");
        frame.raw_next += 1;
        let ids = Self::cached_split::<R>(&mut self.split_cache, &mut self.table, next)?;
        let (partial, start) = Self::fold_components(&self.table, &mut self.comps, &ids, depth)?;
        if self.comps.len() == start {
            if partial <= frame.succ_count as u64 {
                self.known[frame.known_first + (partial / 64) as usize] |= 1 << (partial % 64);
            }
        } else {
            // Valued successors were moved out past the end of the open list.
            self.open.truncate(frame.open_first + frame.open_len);
            grow(&mut self.open, self.succ_partial.len())?;
            frame.open_len += 1;
            grow(&mut self.succ_partial, partial)?;
            grow(&mut self.succ_next, start)?;
            grow(&mut self.succ_end, self.comps.len())?;
        }
        Ok(())
    }

    /// Advances the top frame, a [`Kind::Set`] test, until it needs another component
    /// searched or is finished.
    pub(super) fn step_set(&mut self) -> Step {
        let below = self.dividing_below();
        let thread = self.rotation.0;
        let Engine {
            shared,
            passed_below,
            table,
            frames,
            succ_partial,
            succ_next,
            succ_end,
            comps,
            open,
            known,
            request,
            ..
        } = self;
        let frame = frames.last_mut().expect("a frame is running");
        let words = frame.set_first - frame.known_first;
        let (candidates, requested) = known[frame.known_first..].split_at_mut(words);
        let requested = &requested[..words];
        if frame.awaiting {
            frame.awaiting = false;
            let succ = open[frame.open_first + frame.cursor];
            if table.state(comps[succ_next[succ]]) >= PARTIAL {
                // Not a candidate up to the largest requested value: as good as any value
                // above the largest candidate, for the values that matter.
                bits::remove_largest(candidates);
                frame.approx = true;
                frame.cursor += 1;
            }
        }
        loop {
            if !bits::meet(candidates, requested) || frame.cursor == frame.open_len {
                return Step::Done;
            }
            let succ = open[frame.open_first + frame.cursor];
            let end = succ_end[succ];
            if fold_valued(
                table,
                comps,
                &mut succ_partial[succ],
                &mut succ_next[succ],
                end,
            ) {
                bits::remove_or_largest(candidates, succ_partial[succ]);
                frame.cursor += 1;
                continue;
            }
            let component = comps[succ_next[succ]];
            let goal = if end - succ_next[succ] >= 2 {
                EXACT
            } else {
                let top = bits::largest(candidates).expect("one candidate per successor left");
                let mut ask = bits::xored(candidates, frame.goal, top, succ_partial[succ], request);
                let aux = table.aux(component);
                if aux.excluded != 0 && ask.is_some() && aux.tests < MAX_TESTS {
                    request[0] &= !u64::from(aux.excluded);
                    ask = bits::largest(request);
                }
                let lower = table.state(component) & !PARTIAL;
                let bound = aux.value_bound();
                let hopeless = match ask {
                    None => true,
                    Some(most) => {
                        most < lower
                            || bound.is_some_and(|bound| {
                                bits::smallest(request).is_none_or(|least| least > bound)
                            })
                    }
                };
                if hopeless {
                    bits::remove_largest(candidates);
                    frame.approx = true;
                    frame.cursor += 1;
                    continue;
                }
                ask.expect("a value asked for")
            };
            if let Some(shared) = shared.as_deref().filter(|_| below) {
                let left = frame.open_len - frame.cursor;
                let position = table.position(component);
                if pass_over(&shared.root, position, thread, passed_below, left) {
                    // To the end of the order: tried once the others are.
                    let at = frame.open_first + frame.cursor;
                    open[at..frame.open_first + frame.open_len].rotate_left(1);
                    continue;
                }
            }
            return Step::Push(component, goal);
        }
    }
}
