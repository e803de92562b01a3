//! A subtraction game played modulo n, with Smith's generalized Sprague–Grundy values.
//!
//! A hand points at one of the hours 0, 1, …, n − 1 of a clock; a move turns a hand back by
//! one of the amounts of the subtraction set, wrapping round past 0, except that a hand at 0
//! is stuck. Whoever cannot move loses. Since a hand can go round and round, positions repeat
//! and play may last forever: the values are those of [`sprague::loopy`], and a position can
//! be a draw (`D`).
//!
//! Prints the value and outcome of one hand at every hour, then the outcome of every pair of
//! hands (a sum of two games, valued by Smith's sum rule). Arguments: the number of hours,
//! then the subtraction set (default: `12 3 4 5`).
//!
//! ```text
//! $ cargo run --release --example wind_up -- 7 2 3
//! one hand, turned back by [2, 3] on a clock of 7 hours:
//!  hour  value  outcome
//!     0  0      P
//!     1  ∞(0)   N
//!     2  ∞(0)   N
//!     3  ∞(0)   N
//!     4  0      P
//!     5  0      P
//!     6  ∞(0)   N
//!
//! two hands (row: first hand, column: second):
//!        0  1  2  3  4  5  6
//!     0  P  N  N  N  P  P  N
//!     1  N  D  D  D  N  N  D
//! ...
//! ```

mod support;
use std::error::Error;
use std::io::{self, Write};
use std::sync::Arc;

use sprague::Game;
use sprague::loopy::LoopySolver;

/// Hands on a clock, each a game of its own.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Hands {
    hours: u32,
    set: Arc<[u32]>,
    at: Vec<u32>,
}

impl Game for Hands {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let mut out = Vec::new();
        for (i, &h) in self.at.iter().enumerate().filter(|&(_, &h)| h != 0) {
            for &s in self.set.iter() {
                let mut at = self.at.clone();
                at[i] = (h + self.hours - s % self.hours) % self.hours;
                at.sort_unstable();
                out.push(Hands { at, ..self.clone() });
            }
        }
        out
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.at.iter().map(|&h| Hands {
            at: vec![h],
            ..self.clone()
        })
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().map_err(|e| format!("{a:?} is not a number: {e}")))
        .collect::<Result<_, _>>()?;
    let (hours, set) = match args.split_first() {
        None => (12, vec![3, 4, 5]),
        Some((&hours, set)) => (hours, set.to_vec()),
    };
    if hours == 0 || set.is_empty() || set.iter().any(|&s| s % hours == 0) {
        return Err("give a number of hours and amounts that are not multiples of it".into());
    }
    let set: Arc<[u32]> = set.into();
    let hands = |at: Vec<u32>| Hands {
        hours,
        set: Arc::clone(&set),
        at,
    };

    let mut solver = LoopySolver::new();
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "one hand, turned back by {set:?} on a clock of {hours} hours:"
    )?;
    writeln!(out, " hour  value  outcome")?;
    for h in 0..hours {
        let value = solver.value(&hands(vec![h]))?;
        writeln!(out, "{h:>5}  {value:<6} {}", value.outcome())?;
    }
    writeln!(out, "\ntwo hands (row: first hand, column: second):")?;
    write!(out, "     ")?;
    for b in 0..hours {
        write!(out, "{b:>3}")?;
    }
    writeln!(out)?;
    for a in 0..hours {
        write!(out, "{a:>5}")?;
        for b in 0..hours {
            write!(out, "{:>3}", solver.outcome(&hands(vec![a, b]))?)?;
        }
        writeln!(out)?;
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    support::exit(run())
}
