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
//! | subtraction games: finite, bounded (take 1..=m), all-but sets | [`Subtraction`] | proven [`Subtraction::period`]; n mod (m + 1); exact values of all-but games |

mod beans;
mod grid;
mod grundys;
mod nim;
mod octal;
mod staircase;
mod subtraction;

pub use beans::{BeanSplitting, SplitMove, WinningMoves};
pub use grid::{GridCutting, GridTable};
pub use grundys::GrundysGame;
pub use nim::Nim;
pub use octal::{Heaps, Octal};
pub use staircase::Staircase;
pub use subtraction::{Subtraction, SubtractionHeap};
