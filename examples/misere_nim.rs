//! Misère Nim as in the problem "小约翰的游戏" (SHOI 2008): heaps of stones, a move
//! takes any positive number from one heap, and whoever takes the last stone **loses**. John
//! moves first; who wins?
//!
//! Nim satisfies the hypothesis of the anti-SG theorem (a heap is worth 0 only when it is
//! empty), so [`anti_sg_outcome`] decides it from the heap sizes: John wins exactly when the
//! nim-sum is not 0 and some heap has 2 or more stones, or the nim-sum is 0 and none has.
//!
//! Reads the problem's input from standard input: a line with the number of cases T, then for
//! each case a line with the number of heaps N and a line with the N heap sizes. Prints `John`
//! when the first player wins, `Brother` otherwise:
//!
//! ```text
//! $ printf '2\n3\n3 5 1\n1\n1\n' | cargo run --release --example misere_nim
//! John
//! Brother
//! ```

use std::error::Error;
use std::io::{self, Write};

mod support;
use support::Numbers;

use sprague::misere::anti_sg_outcome;
use sprague::{Nimber, Outcome};

fn run() -> Result<(), Box<dyn Error>> {
    let mut numbers = Numbers::from_stdin()?;
    let mut next = |what: &str| numbers.next(what);
    let cases = next("the number of cases")?;
    let mut out = io::stdout().lock();
    for case in 1..=cases {
        let heaps = next(&format!("the number of heaps of case {case}"))?;
        let mut values = Vec::new();
        for _ in 0..heaps {
            values.push(Nimber::new(next(&format!("a heap of case {case}"))?));
        }
        let winner = match anti_sg_outcome(values) {
            Outcome::N => "John",
            _ => "Brother",
        };
        writeln!(out, "{winner}")?;
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    support::exit(run())
}
