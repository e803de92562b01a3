//! A board game of your own in a few lines: Cram (players take turns filling two empty cells
//! side by side; who cannot move loses), written as a user would on the board toolkit, and
//! valued by the generic [`Solver`].
//!
//! The solver splits nearly every successor it meets into components, so [`Game::split`] is
//! most of the search's time. On [`Board`], a component is a flood fill by whole words and its
//! canonical form (the least of its eight images, cropped) a few dozen instructions: written
//! this way, Cram is valued several times faster than with a loop over cells per component
//! (BENCHMARKS.md has the figures). Arguments: rows and columns (default 5 and 5, at most 64
//! cells); it prints the value of the empty board and how long the solver took.
//!
//! ```text
//! $ cargo run --release --example board_game -- 7 4
//! 7 x 4 Cram: *3, valued in … ms
//! ```

mod support;

use std::error::Error;
use std::process::ExitCode;
use std::time::Instant;

use sprague::board::Board;
use sprague::{Game, Solver};

/// A Cram position: the empty cells of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Cram(Board);

impl Game for Cram {
    /// Every domino on two empty cells, each listed from its upper or left cell.
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let board = self.0;
        let empty = board.cells();
        (0..u64::BITS)
            .filter(move |&i| empty >> i & 1 == 1)
            .flat_map(move |i| {
                let (row, col) = board.cell(i);
                [(row, col + 1), (row + 1, col)]
                    .into_iter()
                    .filter_map(move |(r, c)| board.bit(r, c))
                    .filter(move |&other| empty & other != 0)
                    .map(move |other| Cram(board.with_cells(empty & !other & !(1 << i))))
            })
    }

    /// The regions of empty cells, each in canonical form; a single cell has no move and is
    /// left out.
    fn split(&self) -> impl IntoIterator<Item = Self> {
        let board = self.0;
        board
            .components()
            .filter(|cells| cells.count_ones() >= 2)
            .map(move |cells| Cram(board.with_cells(cells).canonical().0))
    }
}

fn run() -> Result<(), Box<dyn Error>> {
    let mut args = std::env::args().skip(1);
    let rows = args.next().map_or(Ok(5), |a| a.parse())?;
    let cols = args.next().map_or(Ok(5), |a| a.parse())?;
    let start = Instant::now();
    let value = Solver::new().grundy(&Cram(Board::new(rows, cols)?))?;
    let elapsed = start.elapsed().as_secs_f64() * 1e3;
    println!("{rows} x {cols} Cram: {value}, valued in {elapsed:.1} ms");
    Ok(())
}

fn main() -> ExitCode {
    support::exit(run())
}

#[cfg(test)]
mod tests {
    use super::Cram;
    use proptest::prelude::*;
    use sprague::board::Board;
    use sprague::games;

    #[test]
    fn empty_boards_have_the_values_of_games_cram() -> Result<(), sprague::Error> {
        let mut solver = sprague::Solver::new();
        let mut ready = sprague::Solver::new();
        for rows in 1..=4 {
            for cols in 1..=6 {
                let ours = solver.grundy(&Cram(Board::new(rows, cols)?))?;
                let theirs = ready.grundy(&games::Cram::new(rows, cols)?)?;
                assert_eq!(ours, theirs, "{rows} x {cols}");
            }
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn boards_with_filled_cells_have_the_values_of_games_cram(
            rows in 1u32..=5,
            cols in 1u32..=5,
            filled in any::<u64>(),
        ) {
            let board = Board::new(rows, cols).unwrap();
            let board = board.with_cells(board.cells() & !filled);
            let ours = sprague::grundy(&Cram(board)).unwrap();
            let theirs = sprague::grundy(&games::Cram::from_board(board)).unwrap();
            prop_assert_eq!(ours, theirs);
        }
    }
}
