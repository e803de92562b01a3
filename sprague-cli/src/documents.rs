//! The JSON documents of `--json` for the position commands (nim, grid, treblecross): the
//! facts of the summary, each move described rather than the position it reaches.

use std::io::{self, Write};

use serde::{Serialize, Serializer};
use sprague::Outcome;

/// `sprague nim --json`.
#[derive(Serialize)]
pub struct Nim<'a> {
    pub kind: &'static str,
    pub heaps: &'a [u64],
    /// `"normal"` or `"misère"`.
    pub play: &'static str,
    /// The nim-sum of the heaps (the value under normal play).
    #[serde(rename = "nim_sum")]
    pub sum: u64,
    pub outcome: String,
    pub winning_moves: Vec<NimMove>,
}

/// Take `from - to` tokens from heap `heap` (counted from 1, as in the summary).
#[derive(Serialize)]
pub struct NimMove {
    pub heap: usize,
    pub from: u64,
    pub to: u64,
}

/// `sprague grid --json`.
#[derive(Serialize)]
pub struct Grid<'a> {
    pub kind: &'static str,
    pub w: u32,
    pub h: u32,
    pub min_side: u32,
    pub value: u64,
    pub outcome: String,
    pub winning_cuts: &'a [Cut],
    /// With `--table`: the value of every sheet, a row per height from 1, w across from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<Rows<'a>>,
}

/// The values of every sheet up to `w` × `h`, streamed row by row: a table of millions of
/// sheets is never a million JSON nodes at once.
pub struct Rows<'a> {
    pub w: u32,
    pub h: u32,
    pub value: &'a dyn Fn(u32, u32) -> u64,
}

impl Serialize for Rows<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((1..=self.h).map(|y| Row { rows: self, y }))
    }
}

struct Row<'a> {
    rows: &'a Rows<'a>,
    y: u32,
}

impl Serialize for Row<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq((1..=self.rows.w).map(|x| (self.rows.value)(x, self.y)))
    }
}

/// A cut after column or row `at`, into two pieces of (width, height).
#[derive(Clone, Copy, Serialize)]
pub struct Cut {
    /// `"column"` or `"row"`.
    pub after: &'static str,
    pub at: u32,
    pub pieces: [(u32, u32); 2],
}

/// `sprague treblecross --json`.
#[derive(Serialize)]
pub struct Treblecross {
    pub kind: &'static str,
    pub n: usize,
    /// The heap of Treblecross (0.007) the strip plays as: n + 2.
    pub heap: usize,
    pub value: u64,
    pub outcome: String,
    /// The squares (from 1) where a first X wins.
    pub winning_moves: Vec<usize>,
}

/// `"N"`, `"P"` or `"D"`.
pub fn outcome(outcome: Outcome) -> String {
    outcome.to_string()
}

/// Writes `document` as one line of JSON.
pub fn print(out: &mut impl Write, document: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, document).map_err(io::Error::from)?;
    writeln!(out)
}
