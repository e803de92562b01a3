//! Long sequences watched: a progress bar on a terminal, and a refusal, after a moment's
//! probe, of a length that would take more than a day.

use std::fmt;
use std::io::{self, IsTerminal};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use sprague::Sequence;

/// Why [`watched`] gave no sequence.
#[derive(Debug)]
pub enum Refusal {
    /// The library's error.
    Library(sprague::Error),
    /// No period was proven in the first `done` heaps of `game`, and the values of all `len`
    /// would take about `seconds`.
    TooLong {
        game: String,
        done: usize,
        len: usize,
        seconds: f64,
    },
}

impl From<sprague::Error> for Refusal {
    fn from(e: sprague::Error) -> Self {
        Refusal::Library(e)
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Library(e) => e.fmt(f),
            Refusal::TooLong {
                game,
                done,
                len,
                seconds,
            } => write!(
                f,
                "no period proven in the first {done} heaps of {game}, and the values of all {len} would take about {}",
                in_words(*seconds)
            ),
        }
    }
}

/// Lengths whose projected time exceeds this are refused.
const LIMIT: Duration = Duration::from_secs(24 * 3600);
/// The projection is made once the computation has run this long, and again each time the
/// time run doubles, so that a projection thrown off by a busy machine is corrected,
const PROBE: Duration = Duration::from_millis(500);
/// and valued this many heaps: the cost of a heap is measured over the last half of them.
const PROBE_HEAPS: usize = 1 << 14;

/// The time left to value heaps `done..len`, from the rate `early` seconds a heap around heap
/// `at_early` and `late` around `at_late`: the cost of a heap is taken to grow as a power of
/// its size, between 0 (constant, as with sparse space) and 1 (the plain scan of every split).
fn projected(
    (at_early, early): (f64, f64),
    (at_late, late): (f64, f64),
    done: f64,
    len: f64,
) -> f64 {
    let growth = ((late / early).ln() / (at_late / at_early).ln()).clamp(0.0, 1.0);
    let growth = if growth.is_finite() { growth } else { 1.0 };
    // The integral of late * (n / at_late)^growth from done to len.
    late * at_late / (growth + 1.0)
        * ((len / at_late).powf(growth + 1.0) - (done / at_late).powf(growth + 1.0))
}

/// Computes `len` values with `compute`, which calls its argument with the heaps valued so far
/// (as `Octal::sequence_with_progress` does): a progress bar labelled `label` on standard error
/// when standard output is a terminal, and an error if the values would take more than a day.
///
/// # Errors
///
/// Those of `compute`, and [`Refusal::TooLong`] for a length refused.
#[allow(
    clippy::cast_precision_loss,
    reason = "heap counts as rates for a projection in days"
)]
pub fn watched(
    label: &str,
    len: usize,
    compute: impl FnOnce(&mut dyn FnMut(usize) -> ControlFlow<()>) -> Result<Sequence, sprague::Error>,
) -> Result<Sequence, Refusal> {
    let bar = io::stdout().is_terminal().then(|| {
        let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{msg} [{bar:40}] {human_pos}/{human_len} heaps, {elapsed}",
            )
            .expect("the template is valid")
            .progress_chars("=> "),
        );
        bar.set_message(label.to_string());
        bar
    });
    let start = Instant::now();
    // The heaps valued and the time at the reports: the rate is measured between them.
    let mut reports: Vec<(usize, f64)> = Vec::new();
    let mut refused = None;
    let mut next_probe = PROBE;
    let seq = compute(&mut |done| {
        if let Some(bar) = &bar {
            bar.set_position(done as u64);
        }
        let elapsed = start.elapsed();
        // A report per hundredth more heaps at most: enough for the rates, and few.
        if reports
            .last()
            .is_none_or(|&(last, _)| done > last + last / 100)
        {
            reports.push((done, elapsed.as_secs_f64()));
        }
        if done >= len || elapsed < next_probe || done < PROBE_HEAPS {
            return ControlFlow::Continue(());
        }
        // The rate over the first and the second half of the heaps valued so far.
        let rate = |from: usize, to: usize| {
            let at = |heaps: usize| {
                reports
                    .iter()
                    .find(|&&(d, _)| d >= heaps)
                    .copied()
                    .unwrap_or((done, elapsed.as_secs_f64()))
            };
            let ((d0, t0), (d1, t1)) = (at(from), at(to));
            let middle = (d0 + d1) as f64 / 2.0;
            (
                middle.max(1.0),
                (t1 - t0).max(1e-9) / (d1 - d0).max(1) as f64,
            )
        };
        let left = projected(
            rate(done / 4, done / 2),
            rate(done / 2, done),
            done as f64,
            len as f64,
        );
        if left > LIMIT.as_secs_f64() {
            refused = Some((done, left));
            return ControlFlow::Break(());
        }
        next_probe = elapsed * 2;
        ControlFlow::Continue(())
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    match refused {
        Some((done, seconds)) => Err(Refusal::TooLong {
            game: label.to_string(),
            done,
            len,
            seconds,
        }),
        None => Ok(seq?),
    }
}

/// "3 days", "12 years".
fn in_words(seconds: f64) -> String {
    const DAY: f64 = 86_400.0;
    const YEAR: f64 = 365.25 * DAY;
    if seconds < YEAR {
        format!("{:.0} days", seconds / DAY)
    } else {
        format!("{:.0} years", seconds / YEAR)
    }
}

#[cfg(test)]
mod tests {
    use super::projected;

    #[test]
    fn projections_follow_the_growth_of_the_cost_of_a_heap() {
        // A constant cost: the time left is the heaps left times it.
        let flat = projected((100.0, 1e-6), (200.0, 1e-6), 300.0, 1_000_300.0);
        assert!((flat - 1.0).abs() < 1e-6, "{flat}");
        // A cost growing with the heap (the plain scan): quadratic in the length.
        let plain = projected((100.0, 1e-6), (200.0, 2e-6), 200.0, 2e6);
        let expected = 1e-8 * (2e6f64.powi(2) - 200f64.powi(2)) / 2.0;
        assert!((plain / expected - 1.0).abs() < 1e-6, "{plain} {expected}");
    }
}
