//! `Game::known_value`: the normal-play solvers take a value given and search nothing below
//! it; the misère and loopy solvers, whose values are others, never ask it.

mod common;

use std::cell::Cell;
use std::collections::HashMap;

use common::subtraction_values;
use proptest::prelude::*;
use sprague::loopy::LoopySolver;
use sprague::misere::MisereSolver;
use sprague::{Error, Game, Nimber, Solver};

thread_local! {
    /// How many times this thread listed the moves of a token at most `WATCHED` from the end.
    static LISTED_NEAR_END: Cell<usize> = const { Cell::new(0) };
}

const WATCHED: u32 = 10;

/// A token `at` moves from the end of a path (worth 0 or * by parity), whose position
/// `claim.0` claims the value `claim.1`; with `indexed`, positions have an index.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Path {
    at: u32,
    claim: (u32, u64),
    indexed: bool,
}

impl Path {
    fn new(at: u32, claim: (u32, u64), indexed: bool) -> Self {
        Path { at, claim, indexed }
    }
}

impl Game for Path {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        if self.at <= WATCHED {
            LISTED_NEAR_END.with(|listed| listed.set(listed.get() + 1));
        }
        (self.at > 0).then(|| Path {
            at: self.at - 1,
            ..*self
        })
    }

    fn index(&self) -> Option<usize> {
        self.indexed.then_some(self.at as usize)
    }

    fn known_value(&self) -> Option<Nimber> {
        (self.at == self.claim.0).then_some(Nimber::new(self.claim.1))
    }
}

fn listed_near_end() -> usize {
    LISTED_NEAR_END.with(Cell::take)
}

#[test]
fn a_known_value_is_taken_and_nothing_below_it_is_listed() {
    for indexed in [false, true] {
        let mut solver = Solver::new().with_threads(1);
        listed_near_end();
        // The true value of position 10: it is 10 moves from the end.
        let value = solver.grundy(&Path::new(30, (WATCHED, 0), indexed));
        assert_eq!(value, Ok(Nimber::new(0)));
        assert_eq!(listed_near_end(), 0, "indexed: {indexed}");
        // Without a known value, the search goes to the end.
        let mut solver = Solver::new().with_threads(1);
        let value = solver.grundy(&Path::new(30, (u32::MAX, 0), indexed));
        assert_eq!(value, Ok(Nimber::new(0)));
        assert_eq!(
            listed_near_end(),
            WATCHED as usize + 1,
            "indexed: {indexed}"
        );
    }
}

#[test]
fn the_solver_takes_a_known_value_as_given() {
    // A claim the rules do not bear out (position 10 is worth 0) is still taken: the value
    // is the user's word, as the moves are.
    for indexed in [false, true] {
        let mut solver = Solver::new().with_threads(1);
        let value = solver.grundy(&Path::new(30, (WATCHED, 1), indexed));
        assert_eq!(value, Ok(Nimber::new(1)), "indexed: {indexed}");
        // A fresh solver: the index names a position by its place on the path alone.
        let mut solver = Solver::new().with_threads(1);
        assert_eq!(
            solver.grundy(&Path::new(WATCHED, (WATCHED, 5), indexed)),
            Ok(Nimber::new(5))
        );
    }
}

#[test]
fn a_known_value_too_large_to_store_is_an_error() {
    for indexed in [false, true] {
        let mut solver = Solver::new().with_threads(1);
        let error = solver.grundy(&Path::new(30, (WATCHED, u64::MAX), indexed));
        assert_eq!(
            error,
            Err(Error::OutOfRange {
                what: "known value",
                value: u64::MAX.into(),
                limit: (u64::MAX >> 1).into(),
            })
        );
        // The solver stays usable.
        assert_eq!(
            solver.grundy(&Path::new(5, (u32::MAX, 0), indexed)),
            Ok(Nimber::new(1))
        );
    }
}

#[test]
fn misere_and_loopy_play_do_not_ask_for_known_values() {
    for (indexed, claim) in [false, true]
        .into_iter()
        .flat_map(|i| [0, 1, 7].map(|v| (i, v)))
    {
        for at in 0..=12 {
            let claimed = Path::new(at, (3, claim), indexed);
            let plain = Path::new(at, (u32::MAX, 0), indexed);
            assert_eq!(
                MisereSolver::new().outcome(&claimed),
                MisereSolver::new().outcome(&plain),
                "misère, {at} from the end"
            );
            assert_eq!(
                LoopySolver::new().value(&claimed),
                LoopySolver::new().value(&plain),
                "loopy, {at} from the end"
            );
        }
    }
}

/// Sums of heaps of a subtraction game, split into heaps; heaps in `known` give their true
/// value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Heaps {
    heaps: Vec<u32>,
    moves: Vec<u32>,
    known: Vec<(u32, u64)>,
}

impl Game for Heaps {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let mut next = Vec::new();
        for (i, &heap) in self.heaps.iter().enumerate() {
            for &take in self.moves.iter().filter(|&&take| take <= heap) {
                let mut heaps = self.heaps.clone();
                heaps[i] -= take;
                heaps.sort_unstable();
                next.push(Heaps {
                    heaps,
                    ..self.clone()
                });
            }
        }
        next
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.heaps.iter().map(|&heap| Heaps {
            heaps: vec![heap],
            ..self.clone()
        })
    }

    fn known_value(&self) -> Option<Nimber> {
        let [heap] = self.heaps[..] else {
            return None;
        };
        let known: HashMap<u32, u64> = self.known.iter().copied().collect();
        known.get(&heap).map(|&value| Nimber::new(value))
    }
}

proptest! {
    #[test]
    fn true_known_values_leave_every_value_as_the_definition_gives(
        moves in prop::collection::btree_set(1u32..6, 1..4),
        heaps in prop::collection::vec(0u32..40, 1..4),
        known in prop::collection::btree_set(0u32..40, 0..12),
    ) {
        let moves: Vec<u32> = moves.into_iter().collect();
        let values = subtraction_values(|take| moves.contains(&(take as u32)), 40);
        let known = known.into_iter().map(|heap| (heap, values[heap as usize])).collect();
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        let sum = Heaps { heaps: sorted, moves, known };
        let expected = heaps.iter().fold(0, |x, &heap| x ^ values[heap as usize]);
        prop_assert_eq!(Solver::new().grundy(&sum), Ok(Nimber::new(expected)));
    }
}
