//! Pebbles (POI 2009 "KAM", Luogu P3480).
//!
//! Piles of pebbles stand in a row, each at least as large as the one to its left. Johny and
//! Margaret take turns removing any number of pebbles from one pile, keeping the row
//! non-decreasing; whoever cannot move loses. Johny moves first: can he win?
//!
//! The differences of consecutive piles form a staircase, the last difference on step 1, and a
//! move carries pebbles from one step to the next lower one: staircase Nim, won exactly when
//! the nim-sum of the odd steps is not 0 ([`Staircase::pebbles`] proves the correspondence).
//!
//! Reads the problem's input from standard input: the number of arrangements u, then for each
//! the number of piles n and a line with the n pile sizes, left to right. Prints `TAK` ("yes")
//! when Johny wins and `NIE` ("no") otherwise:
//!
//! ```text
//! $ printf '2\n2\n2 2\n3\n1 2 4\n' | cargo run --release --example pebbles
//! NIE
//! TAK
//! ```

use std::error::Error;
use std::io::{self, Write};

mod support;
use support::Numbers;

use sprague::games::Staircase;

fn run() -> Result<(), Box<dyn Error>> {
    let mut numbers = Numbers::from_stdin()?;
    let mut next = |what: &str| numbers.next(what);
    let arrangements = next("the number of arrangements")?;
    let mut out = io::stdout().lock();
    for case in 1..=arrangements {
        let piles = next(&format!("the number of piles of arrangement {case}"))?;
        let sizes = (0..piles)
            .map(|_| next(&format!("a pile of arrangement {case}")))
            .collect::<Result<Vec<u64>, _>>()?;
        let johny_wins = !Staircase::pebbles(sizes)?.grundy()?.is_zero();
        writeln!(out, "{}", if johny_wins { "TAK" } else { "NIE" })?;
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    support::exit(run())
}
