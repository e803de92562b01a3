//! Define a game, value its positions, and find a winning move.
//!
//! The game: several piles of stones; a move takes 1, 3 or 4 stones from one pile; whoever
//! cannot move loses. Each pile is an independent component, so the solver values piles once
//! and adds their values by nim-sum.
//!
//! Run with `cargo run --release --example quickstart`.

mod support;
use sprague::{Game, Outcome, Solver};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Piles(Vec<u32>);

impl Piles {
    fn new(mut piles: Vec<u32>) -> Self {
        // A canonical order lets the solver recognise equal positions.
        piles.sort_unstable();
        Piles(piles)
    }
}

impl Game for Piles {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let mut next = Vec::new();
        for (i, &n) in self.0.iter().enumerate() {
            for take in [1, 3, 4].into_iter().filter(|&k| k <= n) {
                let mut piles = self.0.clone();
                piles[i] -= take;
                next.push(Piles::new(piles));
            }
        }
        next
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.0.iter().map(|&n| Piles(vec![n]))
    }
}

fn run() -> Result<(), sprague::Error> {
    let mut solver = Solver::new();

    let values: Vec<String> = (0..15)
        .map(|n| solver.grundy(&Piles(vec![n])).map(|v| v.to_string()))
        .collect::<Result<_, _>>()?;
    println!("one pile of 0..15 stones: {}", values.join(" "));

    let position = Piles::new(vec![5, 9, 14]);
    let value = solver.grundy(&position)?;
    println!(
        "piles {:?}: value {value}, {}",
        position.0,
        describe(solver.outcome(&position)?)
    );

    for win in solver.winning_moves(&position)? {
        println!("  a winning move: to {:?}", win.0);
    }
    Ok(())
}

fn describe(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::N => "the player to move wins",
        Outcome::P => "the player to move loses",
        Outcome::D => "a draw",
    }
}

fn main() -> std::process::ExitCode {
    support::exit(run().map_err(Into::into))
}
