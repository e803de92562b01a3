//! Grundy sequences of heap games, computed bottom-up, and their proven periods.
//!
//! A heap game (an octal game, a subtraction game, …) is described by the values of single
//! heaps, g(0), g(1), g(2), …: by the Sprague–Grundy theorem a position of several heaps is
//! worth the nim-sum of theirs. A [`Sequence`] holds those values up to a length; a [`Period`]
//! proven by the periodicity theorem extends them to every heap.
//!
//! The games compute their sequences with an engine that uses the sparse-space method of
//! Gangolli, Plambeck and Flammenkamp where it pays, checks the periodicity theorem as it goes,
//! and stops as soon as a period is proven: after that every value costs O(1).
//!
//! # Examples
//!
//! Dawson's chess (octal 0.137) has period 34 from heap 52, proven from the values computed:
//!
//! ```
//! use sprague::games::Octal;
//! use sprague::Period;
//!
//! let game = Octal::dawsons_chess();
//! let values = game.sequence(200)?;
//! assert_eq!(values.period(), Some(Period { preperiod: 52, period: 34 }));
//! assert_eq!(values.get(20).map(|v| v.value()), Some(0));
//! // Past the proof, any heap costs O(1).
//! assert_eq!(game.grundy(1 << 60)?, values.get(Period { preperiod: 52, period: 34 }.index(1 << 60)).unwrap());
//! # Ok::<(), sprague::Error>(())
//! ```

mod bits;
mod bounded;
mod checksum;
mod compute;
mod engine;
mod grundy_values;
mod marking;
mod parallel;
mod period;
pub(crate) mod rules;
#[cfg(feature = "serde")]
mod serialized;
mod unequal;
mod vectors;

pub(crate) use bounded::{grundy_with_progress, grundy_within};
pub(crate) use compute::{compute, compute_with_progress};
pub(crate) use engine::{SequenceBuilder, Values};
pub use grundy_values::{Iter, Sequence};
pub use period::Period;
