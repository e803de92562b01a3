//! Impartial combinatorial games and their Sprague–Grundy values.
//!
//! # The theory in a page
//!
//! An *impartial* game is one where both players have the same moves from every position:
//! Nim, Kayles, cutting a sheet of paper, placing crosses on a strip. Under *normal play* the
//! player who cannot move loses. If no position can repeat, every position is either lost for
//! the player to move (a **P-position**: the *previous* player wins) or won (an
//! **N-position**): a position is a P-position exactly when every move leads to an
//! N-position.
//!
//! Sprague (1935) and Grundy (1939) found much more: every such position is *equivalent* to a
//! single Nim heap, whose size is its **Grundy value** or **nimber** ([`Nimber`]). The value of
//! a position is the **mex** (minimal excludant, [`mex`]) of the values of its options, the
//! least value no move reaches:
//!
//! > G(x) = mex { G(y) : y a successor of x }
//!
//! so a terminal position is worth `0`, and a position is a P-position exactly when it is worth
//! `0`. The point of the values is the **Sprague–Grundy theorem**: when a position is a
//! *disjunctive sum* of independent games (each move is made in one of them), its value is the
//! **nim-sum** (bitwise exclusive or) of their values,
//!
//! > G(A + B) = G(A) ⊕ G(B),
//!
//! so a big position is solved by valuing its small components once each. Nim itself is the
//! first example: a heap of n is worth n, and a Nim position is lost exactly when the exclusive
//! or of its heaps is 0 (Bouton, 1901).
//!
//! # The crate
//!
//! - [`Game`]: implement `successors` (and `split`, to declare independent components) for
//!   your positions.
//! - [`grundy`], [`outcome`], [`Solver`]: values, outcomes ([`Outcome`]) and winning moves of
//!   any finite game, memoized and iterative (a game a million moves deep is fine), with
//!   [`Error::Cycle`] for games that are not finite and a position budget
//!   ([`Solver::with_limit`]). [`grundy_by`] takes a successor function instead of a type.
//! - [`strategy`]: winning moves in sums of components of known values.
//! - [`loopy`]: games whose positions can repeat: Smith's generalized Sprague–Grundy values,
//!   which tell draws apart and still add over components.
//! - [`misere`]: misère play (the player who cannot move wins), searched over whole
//!   positions, and the anti-SG theorem for sums that satisfy its hypotheses.
//! - [`games`]: ready-made games, each with a direct method where theory gives one: Nim,
//!   subtraction games (finite, bounded and all-but sets), staircase Nim (and the POI
//!   *Pebbles* game reduced to it), grid cutting, the splitting game, and octal and
//!   hexadecimal games by code: Kayles, Dawson's Kayles, Dawson's chess, Treblecross.
//! - [`board`]: boards of up to 64 cells and small graphs as bits: components, the eight
//!   symmetries, canonical forms and the way back to the board, for games on boards.
//! - [`sequence`]: Grundy sequences of heap games computed bottom-up at research scale (the
//!   sparse-space method, the plain scan on two cores where it must run), and their periods
//!   proven by the periodicity theorem ([`Period`]), after which every heap costs O(1).
//!
//! # Example
//!
//! A sheet of W × H squares is cut along a grid line into two; pieces with a side below 2 are
//! dead. The player who cannot cut loses. A position is a set of sheets, and each sheet is an
//! independent component:
//!
//! ```
//! use sprague::{Game, Nimber, Outcome, Solver};
//!
//! #[derive(Clone, PartialEq, Eq, Hash)]
//! struct Sheets(Vec<(u16, u16)>); // sorted (w, h) pairs
//!
//! impl Game for Sheets {
//!     fn successors(&self) -> impl IntoIterator<Item = Self> {
//!         let mut out = Vec::new();
//!         for (i, &(w, h)) in self.0.iter().enumerate() {
//!             let cuts = (2..=w / 2).filter(|&a| w - a >= 2).map(|a| [(a, h), (w - a, h)]);
//!             let cuts = cuts.chain((2..=h / 2).filter(|&b| h - b >= 2).map(|b| [(w, b), (w, h - b)]));
//!             for pieces in cuts {
//!                 let mut next = self.0.clone();
//!                 next.splice(i..=i, pieces);
//!                 next.sort_unstable();
//!                 out.push(Sheets(next));
//!             }
//!         }
//!         out
//!     }
//!
//!     fn split(&self) -> impl IntoIterator<Item = Self> {
//!         self.0.iter().map(|&sheet| Sheets(vec![sheet]))
//!     }
//! }
//!
//! let mut solver = Solver::new();
//! assert_eq!(solver.outcome(&Sheets(vec![(2, 2)]))?, Outcome::P);
//! assert_eq!(solver.outcome(&Sheets(vec![(4, 2)]))?, Outcome::N);
//! let a = solver.grundy(&Sheets(vec![(7, 5)]))?;
//! let b = solver.grundy(&Sheets(vec![(6, 9)]))?;
//! assert_eq!(solver.grundy(&Sheets(vec![(6, 9), (7, 5)]))?, a + b);
//! # Ok::<(), sprague::Error>(())
//! ```
//!
//! The same game is ready-made as [`games::GridCutting`].
//!
//! # Text and storage
//!
//! Every value with a [`Display`](std::fmt::Display) form reads back from it with
//! [`FromStr`](std::str::FromStr): [`Nimber`] (`0`, `*`, `*5`), [`Outcome`] (`P`, `N`, `D`),
//! [`Period`], [`loopy::Value`] (`∞(0,*2)`), [`games::Subtraction`] sets and
//! [`games::Octal`] codes. Bad text is an [`Error::Parse`] (or the game's own
//! [`Error::InvalidRules`] / [`Error::InvalidCode`]).
//!
//! ```
//! use sprague::{loopy::Value, Nimber};
//!
//! let v: Value = "∞(0,*2)".parse()?;
//! assert_eq!(v.to_string(), "∞(0,*2)");
//! assert_eq!("*5".parse::<Nimber>()?, Nimber::new(5));
//! # Ok::<(), sprague::Error>(())
//! ```
//!
//! # Features
//!
//! - `serde` (off by default): `Serialize` and `Deserialize` for [`Nimber`] (as its number),
//!   [`Outcome`], [`Period`], [`loopy::Value`] and [`Sequence`] (its length, period and the
//!   values up to the end of the first period), so results can be stored and read back.
//!
//! The `sprague` command-line tool is the package `sprague-cli`, so the library depends on none
//! of its crates.
//!
//! # Guarantees
//!
//! - **No panic on any input.** Whatever values a caller passes, the crate answers or returns
//!   an [`Error`] that names what was wrong (the `sprague` tool: one line on standard error
//!   and exit status 2). Public fields accept every value ([`Period`]). The only panics are
//!   those of a game's own code (`successors`, `split`, `Clone`, `Hash`, `Eq`); if one is
//!   caught with [`std::panic::catch_unwind`], a [`loopy::LoopySolver`] or
//!   [`misere::MisereSolver`] stays usable (see each solver's `# Panics`).
//! - **No deep recursion.** Searches run on explicit stacks: a game a million moves deep is
//!   fine.
//! - **Limits, checked before the work they bound:**
//!
//! | limit | where | error |
//! |---|---|---|
//! | positions stored (and, in misère search, options waiting) | `with_limit` of [`Solver`], [`loopy::LoopySolver`], [`misere::MisereSolver`]; 2<sup>31</sup> at most | [`Error::LimitExceeded`] |
//! | memory | every table, index and sequence grows with `try_reserve`, never by an iterator's size hint | [`Error::OutOfMemory`], with what and how many bytes |
//! | heap sizes | [`games::Octal::grundy`], [`games::Subtraction::grundy`]: any `u64` heap through a proven period, within the bounds each documents | [`Error::OutOfRange`], [`Error::NoPeriod`] |
//! | values | sequences store values of up to 32 bits; the solvers, a [`Game::known_value`] below 2<sup>63</sup> | [`Error::OutOfRange`] |
//! | board sizes | [`games::GridCutting::table`]: sides up to 65535, 2 (N + 1)² bytes, O(N³) time (the tool refuses sides above 4096, but for 1 × n strips, valued in closed form) | [`Error::OutOfRange`], [`Error::OutOfMemory`] |
//! | game rules and codes | constructors of [`games`], [`games::Octal`]'s parser (positions in characters) | [`Error::InvalidRules`], [`Error::InvalidCode`] |
//!
//! A solver that returns an error keeps only the positions it had before the call. The tests
//! check allocation failure under a memory cap in a child process, and `fuzz/` holds
//! `cargo fuzz` targets for the code parser and the sequence engine, the games'
//! constructors, the tool's arguments, and the solvers against plain references.
//!
//! # Minimum supported Rust version
//!
//! Rust 1.89.
// Unsafe code is denied but for the calls of functions compiled for vector instructions the
// processor is checked to have (`sequence::vectors`).
#![deny(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations, rust_2018_idioms)]
#![warn(clippy::pedantic)]
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::cast_sign_loss,
    clippy::module_name_repetitions,
    clippy::must_use_candidate
)]

pub mod board;
mod error;
mod game;
pub mod games;
pub mod loopy;
pub mod misere;
mod nimber;
pub mod sequence;
mod solver;
pub mod strategy;

// Cram as a user writes it (a costly split), shared with the integration tests and the
// benches, which name the crate as a user does.
#[cfg(test)]
extern crate self as sprague;
#[cfg(test)]
#[path = "../tests/common/user_cram.rs"]
mod user_cram;

pub use error::Error;
pub use game::{Game, Outcome, Search};
pub use nimber::{Nimber, mex};
pub use sequence::{Period, Sequence};
pub use solver::{Solver, grundy, grundy_by, outcome, outcome_by};

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
