//! Ready-made games.
//!
//! Every position type here implements [`Game`](crate::Game), so its positions can be solved,
//! summed and mixed with your own games by the generic solvers. Where theory gives a faster
//! route, the type has a direct method as well: a formula (Nim, staircase Nim), a proven period
//! (subtraction games, octal games) or a table (grid cutting).
//!
//! | game | type | direct method |
//! |---|---|---|
//! | Nim | [`Nim`] | nim-sum of the heaps (Bouton) |
//! | cutting a grid of paper | [`GridCutting`] | [`GridCutting::table`] of all sizes |
//! | octal games: Kayles, Dawson's Kayles, Treblecross, … | [`Octal`] | [`Octal::sequence`], proven [`Octal::period`] |
//! | Grundy's game, and breaks into unequal heaps | [`GrundysGame`] | [`GrundysGame::sequence`] by sparse space |
//! | the splitting game (HNOI 2007) | [`BeanSplitting`] | values of single beans in closed form; winning moves counted in O(n) |
//! | staircase Nim, and POI 2009 "Pebbles" | [`Staircase`] | nim-sum of the odd steps |
//! | Cram (dominoes on a board) | [`Cram`] | components in canonical form; even by even boards are 0 |
//! | Chomp | [`Chomp`] | L shapes as two Nim heaps |
//! | Node Kayles on grids and graphs | [`NodeKayles`] | components, in canonical form on grids |
//! | subtraction games: finite, bounded (take 1..=m), all-but sets | [`Subtraction`] | proven [`Subtraction::period`]; n mod (m + 1); exact values of all-but games |
//!
//! A game whose rules are fixed is its own position type ([`Nim`], [`Cram`], …). A game with
//! rules of its own hands out positions through `heap`, whose type is named after the game and
//! what it holds: [`OctalHeaps`] (several heaps of an octal game or of Grundy's game, since a
//! move may break a heap) and [`SubtractionHeap`] (one heap, since a move never breaks one).
//!
//! # Examples
//!
//! The direct methods and the generic solver agree, and the games mix in sums:
//!
//! ```
//! use sprague::games::{GridCutting, Nim, Octal, Subtraction};
//! use sprague::{grundy, Nimber};
//!
//! assert_eq!(Nim::new([3, 4, 5]).grundy(), Nimber::new(2));
//! let take_134 = Subtraction::new([1, 3, 4])?;
//! assert_eq!(take_134.grundy(1_000_000)?, grundy(&take_134.heap(1_000_000))?);
//! let kayles = Octal::kayles();
//! assert_eq!(kayles.grundy(10)?, Nimber::new(2));
//! assert!(grundy(&GridCutting::new(2, 2).with_min_side(2))?.is_zero()); // POJ 2311's 2 x 2
//! # Ok::<(), sprague::Error>(())
//! ```

mod beans;
mod chomp;
mod cram;
mod grid;
mod grundys;
mod nim;
mod node_kayles;
mod octal;
mod staircase;
mod subtraction;

pub use beans::{BeanSplitting, SplitMove, WinningMoves};
pub use chomp::{CHOMP_MAX_COLS, CHOMP_MAX_ROWS, Chomp};
pub use cram::{Cram, Domino};
pub use grid::{GridCutting, GridTable};
pub use grundys::GrundysGame;
pub use nim::Nim;
pub use node_kayles::NodeKayles;
pub use octal::{Octal, OctalHeaps};
pub use staircase::Staircase;
pub use subtraction::{Subtraction, SubtractionHeap};
