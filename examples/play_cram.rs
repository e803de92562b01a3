//! Plays Cram from a text board against a random opponent, and checks that the strategy never
//! loses a game it starts from an N-position.
//!
//! The strategy is Sprague–Grundy's: it cuts the empty cells into components
//! ([`Board::components`]), values each in canonical form ([`Board::canonical`]), picks the
//! component and the value to reach with [`strategy::winning_move`], finds a domino of that
//! value in the canonical component, and maps it back onto the real board with the component's
//! [`Placement`](sprague::board::Placement). From a P-position it places any domino and waits
//! for a mistake. The opponent places a random domino. The board comes from the first argument
//! (rows split by `|`, `.` empty, `#` filled), and the starts from it with a few random cells
//! filled; a small local generator with a fixed seed makes every run the same.
//!
//! ```text
//! $ cargo run --release --example play_cram -- "......|......|......|......|....##"
//! from ......|......|..#...|......|....## (*):
//!   strategy (0,3)-(0,4) -> ...##.|......|..#...|......|....##
//!   opponent (0,5)-(1,5) -> ...###|.....#|..#...|......|....##
//!   ...
//! won 30 of 30 games started from N-positions; 0 started from P-positions, 0 won
//! ```

use std::error::Error;

use sprague::board::Board;
use sprague::games::{Cram, Domino};
use sprague::{Nimber, Solver, strategy};

/// splitmix64: enough to vary the games, with no dependency.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % bound as u64) as usize
    }
}

/// A winning domino on `board`, found component by component; `None` from a P-position.
fn winning_domino(
    solver: &mut Solver<Cram>,
    board: Board,
) -> Result<Option<Domino>, Box<dyn Error>> {
    let mut parts = Vec::new();
    let mut values = Vec::new();
    for cells in board.components() {
        let (canonical, placement) = board.with_cells(cells).canonical();
        values.push(solver.grundy(&Cram::from_board(canonical))?);
        parts.push((canonical, placement));
    }
    let Some((i, target)) = strategy::winning_move(&values) else {
        return Ok(None);
    };
    let (canonical, placement) = parts[i];
    let component = Cram::from_board(canonical);
    for domino in component.moves() {
        if solver.grundy(&component.play(domino)?)? == target {
            // The move in the canonical component, as cells of the real board.
            let [(r, c), (r2, c2)] = domino.cells().map(|(r, c)| placement.to_board(r, c));
            let (row, col) = (r.min(r2), c.min(c2));
            return Ok(Some(Domino {
                row,
                col,
                vertical: c == c2,
            }));
        }
    }
    Err(format!("component {i} has no move to {target}").into())
}

/// Plays one game from `start`, the strategy first; whether the strategy made the last move.
fn play(
    solver: &mut Solver<Cram>,
    start: Cram,
    rng: &mut Rng,
    show: bool,
) -> Result<bool, Box<dyn Error>> {
    let mut position = start;
    let mut strategy_to_move = true;
    loop {
        let moves: Vec<Domino> = position.moves().collect();
        if moves.is_empty() {
            // Whoever is to move cannot: the other player won.
            return Ok(!strategy_to_move);
        }
        let domino = if strategy_to_move {
            match winning_domino(solver, position.board())? {
                Some(domino) => domino,
                None => moves[0],
            }
        } else {
            moves[rng.below(moves.len())]
        };
        position = position.play(domino)?;
        if show {
            let who = if strategy_to_move {
                "strategy"
            } else {
                "opponent"
            };
            println!("  {who} {domino} -> {position}");
        }
        strategy_to_move = !strategy_to_move;
    }
}

fn main() -> Result<(), Box<dyn Error>> {
    let text = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "......|......|......|......|....##".to_string());
    let board: Board = text.parse()?;
    let mut solver = Solver::new();
    let mut rng = Rng(2026);
    let (mut n_games, mut n_won, mut p_games, mut p_won) = (0, 0, 0, 0);
    for game in 0..30 {
        // The board with up to three random cells filled.
        let mut cells = board.cells();
        for _ in 0..rng.below(4) {
            cells &= !(1 << rng.below(64));
        }
        let start = Cram::from_board(board.with_cells(cells));
        let value: Nimber = solver.grundy(&start)?;
        if game == 0 {
            println!("from {start} ({value}):");
        }
        let won = play(&mut solver, start, &mut rng, game == 0)?;
        if value.is_zero() {
            p_games += 1;
            p_won += u32::from(won);
        } else {
            n_games += 1;
            n_won += u32::from(won);
            assert!(won, "the strategy lost from the N-position {start}");
        }
    }
    println!(
        "won {n_won} of {n_games} games started from N-positions; {p_games} started from P-positions, {p_won} won"
    );
    Ok(())
}
