//! Crosses and Crosses (POJ 3537).
//!
//! Two players take turns writing an X on an empty square of a 1 × n strip; whoever first
//! completes three X in a row wins. Nobody writes within two squares of another X (the
//! opponent would complete a row at once), so an X removes its square and the two on each side
//! from play, and the player who cannot write loses: the strip is a heap of n + 2 in the octal
//! game Treblecross, 0.007 ([`Octal::treblecross`]).
//!
//! Reads the problem's input from standard input, one n per line (3 ≤ n ≤ 2000 in the
//! problem; any size works), and prints `1` when the first player wins and `2` otherwise:
//!
//! ```text
//! $ printf '3\n6\n12\n13\n' | cargo run --release --example crosses
//! 1
//! 2
//! 2
//! 1
//! ```

mod support;
use std::error::Error;
use std::io::{self, Read, Write};

use sprague::games::Octal;

fn run() -> Result<(), Box<dyn Error>> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let boards = input
        .split_whitespace()
        .map(|token| {
            token
                .parse::<usize>()
                .map_err(|e| format!("expected a board size, got {token:?}: {e}"))
        })
        .collect::<Result<Vec<usize>, _>>()?;
    // One sequence up to the largest board answers every line.
    let Some(&largest) = boards.iter().max() else {
        return Ok(());
    };
    let values = Octal::treblecross().sequence(largest + 3)?;
    let mut out = io::stdout().lock();
    for n in boards {
        let first_wins = values.get(n + 2).is_some_and(|v| !v.is_zero());
        writeln!(out, "{}", if first_wins { 1 } else { 2 })?;
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    support::exit(run())
}
