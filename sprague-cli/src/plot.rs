//! `--plot`: g(n) against n as an SVG picture, the view in which periods show up as stripes.

use std::collections::BTreeSet;
use std::path::Path;

use plotters::prelude::*;
use sprague::{Nimber, Sequence};

const WIDTH: u32 = 1200;
const HEIGHT: u32 = 600;
/// Up to this many heaps every heap is a dot, joined to the next by a faint line.
const EVERY_HEAP: usize = 1500;
/// Beyond, heaps are grouped into this many columns (about one per pixel) and each value met
/// in a column is one dot: the picture is the same, the file a fraction of the size.
const COLUMNS: usize = 1100;
/// Values are grouped likewise into this many rows when there are more.
const ROWS: u64 = 500;

/// Draws the values of `seq` into an SVG file at `path`; `title` heads the picture. A proven
/// period is marked by a dashed line where it starts.
///
/// # Errors
///
/// The drawing library's message, when the file cannot be written.
pub fn plot(path: &Path, title: &str, seq: &Sequence) -> Result<(), String> {
    let len = seq.len();
    let top = seq
        .iter()
        .take(scan_len(seq))
        .map(Nimber::value)
        .max()
        .unwrap_or(0)
        + 1;
    let root = SVGBackend::new(path, (WIDTH, HEIGHT)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d(0..len as u64, 0..top)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("n (heap)")
        .y_desc("g(n)")
        .light_line_style(WHITE)
        .draw()
        .map_err(|e| e.to_string())?;
    if len <= EVERY_HEAP {
        let points: Vec<(u64, u64)> = seq
            .iter()
            .enumerate()
            .map(|(n, v)| (n as u64, v.value()))
            .collect();
        chart
            .draw_series(LineSeries::new(points.iter().copied(), BLUE.mix(0.25)))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(points.iter().map(|&p| Circle::new(p, 2, BLUE.filled())))
            .map_err(|e| e.to_string())?;
    } else {
        chart
            .draw_series(
                dots(seq, top)
                    .into_iter()
                    .map(|p| Circle::new(p, 1, BLUE.filled())),
            )
            .map_err(|e| e.to_string())?;
    }
    if let Some(p) = seq
        .period()
        .filter(|p| p.preperiod > 0 && p.preperiod < len)
    {
        let start = p.preperiod as u64;
        chart
            .draw_series(DashedLineSeries::new(
                [(start, 0), (start, top)],
                6,
                4,
                RED.stroke_width(1),
            ))
            .map_err(|e| e.to_string())?;
    }
    root.present().map_err(|e| e.to_string())
}

/// The number of leading heaps that hold every value: one period past the preperiod, or all.
fn scan_len(seq: &Sequence) -> usize {
    seq.period()
        .map_or(seq.len(), |p| (p.preperiod + p.period).min(seq.len()))
}

/// One dot per column of heaps and row of values that some heap falls in.
fn dots(seq: &Sequence, top: u64) -> Vec<(u64, u64)> {
    let len = seq.len();
    let row = |v: u64| if top > ROWS { v * ROWS / top } else { v };
    let mut out = Vec::new();
    for column in 0..COLUMNS {
        // In 128 bits: a periodic sequence can be longer than 2^64 / COLUMNS.
        let bound = |c: usize| (c as u128 * len as u128 / COLUMNS as u128) as usize;
        let (lo, hi) = (bound(column), bound(column + 1));
        // Past the preperiod, one period of a column shows all its values.
        let end = seq
            .period()
            .map_or(hi, |p| hi.min(lo.max(p.preperiod).saturating_add(p.period)));
        let mut rows = BTreeSet::new();
        for n in lo..end {
            if let Some(v) = seq.get(n).map(Nimber::value)
                && rows.insert(row(v))
            {
                out.push((n as u64, v));
            }
        }
    }
    out
}
