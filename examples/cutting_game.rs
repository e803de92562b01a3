//! The cutting game (POJ 2311).
//!
//! A W × H sheet of grid paper; players take turns cutting one sheet along a grid line into
//! two; whoever first cuts out a 1 × 1 square wins. Nobody leaves a strip of width 1 while they
//! have another cut (the opponent would cut out a square at once), so the game is
//! [`GridCutting`] with minimum side 2: the player who cannot cut loses.
//!
//! Reads lines `W H` from standard input and prints `WIN` when the first player wins, `LOSE`
//! otherwise:
//!
//! ```text
//! $ printf '2 2\n3 2\n4 2\n' | cargo run --release --example cutting_game
//! LOSE
//! LOSE
//! WIN
//! ```

mod support;
use std::io::{self, BufRead, Write};

use sprague::Solver;
use sprague::games::GridCutting;

fn run() -> Result<(), Box<dyn std::error::Error>> {
    // One solver for all lines: sheets met before are not searched again.
    let mut solver = Solver::new();
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let line = line?;
        let numbers: Vec<u32> = line
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()?;
        let [w, h] = numbers[..] else {
            if numbers.is_empty() {
                continue;
            }
            return Err(format!("expected two numbers `W H`, got {line:?}").into());
        };
        let value = solver.grundy(&GridCutting::new(w, h).with_min_side(2))?;
        writeln!(out, "{}", if value.is_zero() { "LOSE" } else { "WIN" })?;
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    support::exit(run())
}
