//! Sequences of a game's rules computed to a length, watched or not.

use std::ops::ControlFlow;

use crate::Error;

use super::engine::SequenceBuilder;
use super::grundy_values::Sequence;
use super::rules::TakeBreak;

/// [`compute_with_progress`] reports about this many times in a long computation,
const PROGRESS_REPORTS: usize = 1000;
/// and at most every this many heaps, which are computed in well under a millisecond.
const PROGRESS_MIN_STEP: usize = 1024;

/// The values of heaps `0..len` of the game of `rules`: computed until a period is proven or
/// `len` are known, and only those stored.
pub(crate) fn compute(rules: TakeBreak, len: usize) -> Result<Sequence, Error> {
    let mut engine = SequenceBuilder::new(rules);
    engine.extend_to(len)?;
    let (values, period) = engine.into_parts();
    Ok(Sequence::new(values, len, period))
}

/// [`compute`], calling `progress` with the number of heaps valued after the first few, then
/// after every `max(len / 1000, 1024)` more (fewer at first: a quarter of those valued, so that
/// the first calls come soon even in a long computation), and last with `len` (or as soon as a
/// period is proven, with `len`). If it returns [`ControlFlow::Break`], the sequence of the heaps valued
/// so far is returned.
pub(crate) fn compute_with_progress(
    rules: TakeBreak,
    len: usize,
    mut progress: impl FnMut(usize) -> ControlFlow<()>,
) -> Result<Sequence, Error> {
    let mut engine = SequenceBuilder::new(rules);
    let step = (len / PROGRESS_REPORTS).max(PROGRESS_MIN_STEP);
    let step = |done: usize| (done / 4).clamp(PROGRESS_MIN_STEP, step);
    loop {
        let done = if engine.period().is_some() {
            len
        } else {
            engine.values().len()
        };
        if progress(done).is_break() || done >= len {
            let (values, period) = engine.into_parts();
            return Ok(Sequence::new(values, done, period));
        }
        // The engine resumes where it stopped, with its sparse-space state.
        engine.extend_to(done.saturating_add(step(done)).min(len))?;
    }
}
