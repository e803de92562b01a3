//! Boards of up to 64 cells as bits, and small graphs as adjacency bitmasks: the toolkit of
//! games played on boards and graphs ([`Cram`](crate::games::Cram),
//! [`NodeKayles`](crate::games::NodeKayles)).
//!
//! A [`Board`] is a set of cells of a `rows` × `cols` grid, one bit per cell in row-major order
//! (cell (r, c) is bit `r * cols + c`). Every operation works on whole words: neighbours are
//! four shifts and two masks, a connected component is a flood fill by shifts, the half turn
//! is a bit reversal, a transposition is a few multiplications. So the hot paths of board
//! games (splitting a position into components and bringing each to a canonical form) cost a
//! few dozen instructions per component, not a loop over cells.
//!
//! - [`Board::components`]: the connected components (cells joined by a side).
//! - [`Board::crop`]: the smallest rectangle holding the cells.
//! - [`Symmetry`], [`Board::transform`]: the eight symmetries of the square.
//! - [`Board::canonical`]: the least of the eight images of the cropped board, with the
//!   [`Placement`] that maps its cells back to the board it came from, so that a move found in
//!   a component can be played on the real board.
//! - [`Graph`]: graphs of up to 64 vertices, neighbourhoods and components.
//!
//! A game of your own on a board is a few lines on these: the `board_game` example writes
//! Cram with [`Board::components`] and [`Board::canonical`] as its split.
//!
//! Boards of more than 64 cells are refused with
//! [`Error::OutOfRange`](crate::Error::OutOfRange); nothing here panics on any input.
//!
//! # Examples
//!
//! ```
//! use sprague::board::Board;
//!
//! // Two pieces: an L of three cells and a bar of two.
//! let board: Board = "..#.|.##.".parse()?;
//! let pieces: Vec<Board> = board.components().map(|c| board.with_cells(c)).collect();
//! assert_eq!(pieces.len(), 2);
//! let (canonical, placement) = board.with_cells(pieces[1].cells()).canonical();
//! assert_eq!(canonical.to_string(), "..");
//! // Cell (0, 1) of the canonical bar is cell (1, 3) of the board.
//! assert_eq!(placement.to_board(0, 1), (1, 3));
//! # Ok::<(), sprague::Error>(())
//! ```

mod bitboard;
mod graph;
mod parts;
mod symmetry;

pub use bitboard::{Board, Components, MAX_CELLS};
pub(crate) use bitboard::{COLUMN, low_bits, shl, shr};
pub use graph::Graph;
pub(crate) use parts::{canonical_parts, least_in_orbit};
pub use symmetry::{Placement, Symmetry};
