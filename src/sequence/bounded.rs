//! The value of one heap, computed within a bound on the work that is checked as it goes.

use std::ops::ControlFlow;

use crate::{Error, Nimber};

use super::compute::compute_with_progress;
use super::engine::SequenceBuilder;
use super::rules::TakeBreak;

/// Heaps from this on are answered only through a period, looked for up to this many values.
const PERIOD_SEARCH: usize = 1 << 26;
/// Values are computed only while all that is needed is projected to examine at most this many
/// splits (some ten minutes' work),
const GRUNDY_WORK: u64 = 1 << 40;
/// projecting from the work of the steps from this many values on.
const FIRST_STEP: usize = 1 << 16;

/// The value of a heap of `heap` played by `rules`: through the period once the
/// values computed prove one, else computed with every value up to it, in steps that double
/// the values computed. From the third step on the work still needed is projected from the
/// last two, and a heap beyond [`GRUNDY_WORK`] is refused at once; a heap of [`PERIOD_SEARCH`]
/// or more is answered only through a period.
pub(crate) fn grundy_within(rules: TakeBreak, heap: u64) -> Result<Nimber, Error> {
    let len = usize::try_from(heap).map_or(usize::MAX, |h| h.saturating_add(1));
    let reach = len.min(PERIOD_SEARCH);
    if rules.unequal && reach < len {
        return Err(Error::out_of_range("heap", heap, PERIOD_SEARCH as u128 - 1));
    }
    let mut engine = SequenceBuilder::new(rules);
    // The values and the work at the end of the step before last, and of the last.
    let mut steps = [(0, 0); 2];
    loop {
        let computed = engine.values().len();
        if engine.period().is_some() || computed >= len {
            let index = match engine.period() {
                Some(p) => p.index(heap),
                // Below `len`, a usize.
                None => heap as usize,
            };
            return Ok(Nimber::new(engine.values().get(index)));
        }
        if computed >= reach {
            return Err(Error::NoPeriod {
                heap: Some(heap),
                computed: computed as u64,
            });
        }
        steps = [steps[1], (computed, engine.work())];
        if let [(n0, w0), (n1, w1)] = steps
            && n0 >= FIRST_STEP
        {
            let projected = projected_work((n0, w0), (n1, w1), reach);
            if projected > GRUNDY_WORK as f64 {
                return Err(Error::out_of_range(
                    "splits to examine",
                    projected as u128,
                    GRUNDY_WORK,
                ));
            }
        }
        let step = computed.saturating_mul(2).max(FIRST_STEP).min(reach);
        engine.extend_to(step)?;
    }
}

/// The value of a heap of `heap` played by `rules`, with no limit on the work, reporting
/// progress to `progress`; `None` if it stops the computation before the heap is valued.
pub(crate) fn grundy_with_progress(
    rules: TakeBreak,
    heap: u64,
    progress: impl FnMut(usize) -> ControlFlow<()>,
) -> Result<Option<Nimber>, Error> {
    let len = usize::try_from(heap).map_or(usize::MAX, |h| h.saturating_add(1));
    let seq = compute_with_progress(rules, len, progress)?;
    Ok(match seq.period() {
        Some(p) => seq.get(p.index(heap)),
        None => usize::try_from(heap).ok().and_then(|h| seq.get(h)),
    })
}

/// The splits left to examine to value `reach` heaps, from the work `w0` done for `n0` heaps and
/// `w1` for `n1`: the cost of a heap is taken to grow as a power of its size, between 0
/// (constant, as with sparse space) and 1 (the plain scan of every split), measured between
/// the two.
fn projected_work((n0, w0): (usize, u64), (n1, w1): (usize, u64), reach: usize) -> f64 {
    let (n0, n1, reach) = (n0 as f64, n1 as f64, reach as f64);
    // The cost of a heap near the middle of each run.
    let early = w0 as f64 / n0;
    let late = (w1 - w0) as f64 / (n1 - n0);
    let growth = ((late / early).ln() / ((n1 + n0) / n0).ln()).clamp(0.0, 1.0);
    let growth = if growth.is_finite() { growth } else { 1.0 };
    let at = f64::midpoint(n0, n1);
    // The integral of late * (n / at)^growth from n1 to reach.
    late * at / (growth + 1.0) * ((reach / at).powf(growth + 1.0) - (n1 / at).powf(growth + 1.0))
}

#[cfg(test)]
mod tests {
    use super::projected_work;

    #[test]
    fn projections_follow_the_growth_of_the_cost_of_a_heap() {
        // 10 splits a heap throughout: 10 a heap left.
        let flat = projected_work((1000, 10_000), (2000, 20_000), 1_002_000);
        assert!((flat / 1e7 - 1.0).abs() < 1e-9, "{flat}");
        // The plain scan, n / 2 splits for heap n: about reach^2 / 4 in all.
        let half = |n: usize| (n * n / 4) as u64;
        let plain = projected_work((1000, half(1000)), (2000, half(2000)), 2_000_000);
        let expected = (2e6f64.powi(2) - 2000f64.powi(2)) / 4.0;
        assert!((plain / expected - 1.0).abs() < 0.01, "{plain} {expected}");
    }
}
