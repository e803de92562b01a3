//! The splitting game (HNOI 2007 "分裂游戏", Luogu P3185).
//!
//! Bottles 0, 1, …, n − 1 hold chocolate beans. A move picks bottles i < j ≤ k with a bean in
//! bottle i, takes one bean from bottle i and puts one into bottle j and one into bottle k.
//! Whoever cannot move loses. The first player asks for the first winning move (the
//! lexicographically least i j k) and for the number of winning moves.
//!
//! Each bean is an independent game worth a value that depends only on its distance to the last
//! bottle (a Multi-SG game), so [`BeanSplitting`] needs only the parity of each bottle's count,
//! and finds the moves from the closed form of the values.
//!
//! Reads the problem's input from standard input: the number of cases t, then for each case
//! the number of bottles n and a line with the n bean counts. For each case prints the first
//! winning move `i j k`, or `-1 -1 -1` if there is none, and then the number of winning moves:
//!
//! ```text
//! $ printf '2\n4\n1 0 1 5000\n3\n0 0 1\n' | cargo run --release --example splitting_game
//! 0 2 3
//! 1
//! -1 -1 -1
//! 0
//! ```

use std::error::Error;
use std::io::{self, Write};

mod support;
use support::Numbers;

use sprague::games::BeanSplitting;

fn run() -> Result<(), Box<dyn Error>> {
    let mut numbers = Numbers::from_stdin()?;
    let mut next = |what: &str| numbers.next(what);
    let cases = next("the number of cases")?;
    let mut out = io::stdout().lock();
    for case in 1..=cases {
        let bottles = next(&format!("the number of bottles of case {case}"))?;
        let beans = (0..bottles)
            .map(|_| next(&format!("a bottle of case {case}")))
            .collect::<Result<Vec<u64>, _>>()?;
        let position = BeanSplitting::new(beans);
        match position.winning_moves().next() {
            Some(first) => writeln!(out, "{first}")?,
            None => writeln!(out, "-1 -1 -1")?,
        }
        writeln!(out, "{}", position.winning_move_count())?;
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    support::exit(run())
}
