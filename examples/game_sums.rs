//! A sum of different games: each heap has its own rules.
//!
//! Several heaps of stones: from the first heap a move takes 1, 2 or 3 stones, from the second
//! an odd number, from any other heap any number. Whoever cannot move loses. Each heap is its
//! own game, and by the Sprague–Grundy theorem the position is worth the nim-sum of the heaps'
//! values: x mod 4 for the first heap of x, y mod 2 for the second, z for the others.
//!
//! Here the heaps are the variants of one enum implementing [`Game`], whose `split` returns them
//! one by one; the [`Solver`] values them from the rules alone, and the program prints its value
//! next to the direct one, with a winning move.
//!
//! Reads one position per line from standard input, the heap sizes in order:
//!
//! ```text
//! $ printf '5 6 3\n4 3 1\n7\n' | cargo run --release --example game_sums
//! *2 = * + 0 + *3: take 2 from heap 1
//! 0 = 0 + * + *: the second player wins
//! *3 = *3: take 3 from heap 1
//! ```

mod support;
use std::error::Error;
use std::io::{self, BufRead, Write};

use sprague::{Game, Nimber, Solver};

/// A heap and the rule for taking from it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Heap {
    /// Take 1, 2 or 3.
    UpToThree(u64),
    /// Take an odd number.
    Odd(u64),
    /// Take any number.
    Any(u64),
}

impl Heap {
    fn stones(&self) -> u64 {
        match *self {
            Heap::UpToThree(x) | Heap::Odd(x) | Heap::Any(x) => x,
        }
    }

    fn with_stones(&self, x: u64) -> Heap {
        match self {
            Heap::UpToThree(_) => Heap::UpToThree(x),
            Heap::Odd(_) => Heap::Odd(x),
            Heap::Any(_) => Heap::Any(x),
        }
    }

    fn allows(&self, take: u64) -> bool {
        match self {
            Heap::UpToThree(_) => take <= 3,
            Heap::Odd(_) => take % 2 == 1,
            Heap::Any(_) => true,
        }
    }

    /// The value the theory gives: x mod 4, x mod 2, x.
    fn direct_value(&self) -> Nimber {
        Nimber::new(match *self {
            Heap::UpToThree(x) => x % 4,
            Heap::Odd(x) => x % 2,
            Heap::Any(x) => x,
        })
    }
}

/// A position: the heaps, in input order (a move is read off by comparing positions).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Heaps(Vec<Heap>);

impl Game for Heaps {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let mut out = Vec::new();
        for (i, heap) in self.0.iter().enumerate() {
            for take in (1..=heap.stones()).filter(|&take| heap.allows(take)) {
                let mut heaps = self.0.clone();
                heaps[i] = heap.with_stones(heap.stones() - take);
                out.push(Heaps(heaps));
            }
        }
        out
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.0.iter().map(|heap| Heaps(vec![heap.clone()]))
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let mut solver = Solver::new();
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let line = line?;
        let sizes = line
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<u64>, _>>()
            .map_err(|e| format!("expected heap sizes, got {line:?}: {e}"))?;
        if sizes.is_empty() {
            continue;
        }
        let heaps: Vec<Heap> = sizes
            .iter()
            .enumerate()
            .map(|(i, &x)| match i {
                0 => Heap::UpToThree(x),
                1 => Heap::Odd(x),
                _ => Heap::Any(x),
            })
            .collect();
        let parts: Vec<String> = heaps.iter().map(|h| h.direct_value().to_string()).collect();
        let position = Heaps(heaps);
        let value = solver.grundy(&position)?;
        write!(out, "{value} = {}: ", parts.join(" + "))?;
        match solver.winning_moves(&position)?.first() {
            Some(next) => {
                let (i, before, after) = position
                    .0
                    .iter()
                    .zip(&next.0)
                    .enumerate()
                    .find(|(_, (before, after))| before != after)
                    .map(|(i, (before, after))| (i, before.stones(), after.stones()))
                    .ok_or("a move changes a heap")?;
                writeln!(out, "take {} from heap {}", before - after, i + 1)?;
            }
            None => writeln!(out, "the second player wins")?,
        }
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    support::exit(run())
}
