//! Inputs that once broke the promise of no panic, no abort and bounded memory, each kept as
//! a regression test: huge successor counts, limits checked before the work they bound,
//! panics in a game's own code, any value of public fields, and allocation failure under a
//! memory cap.

mod memory_cap;

use std::cell::Cell;
use std::panic::{AssertUnwindSafe, catch_unwind};

use sprague::games::{GridCutting, Nim, Octal, Staircase};
use sprague::loopy::{LoopySolver, Value};
use sprague::misere::{self, MisereSolver};
use sprague::{Error, Game, Nimber, Outcome, Period};

#[test]
fn misere_search_decides_heaps_of_two_to_the_64() {
    // Reserving by the size hint asked for 2^64 positions: a panic, "capacity overflow".
    // A Nim heap moves to 1, a misère loss, among its first options.
    assert_eq!(misere::outcome(&Nim::new([u64::MAX])), Ok(Outcome::N));
    assert_eq!(misere::outcome(&Staircase::new([u64::MAX])), Ok(Outcome::N));
    assert_eq!(misere::outcome(&Nim::new([u64::MAX, 1])), Ok(Outcome::N));
}

#[test]
fn limits_bound_the_options_listed_as_well_as_the_positions() {
    // Listing the 2^40 options of a heap before the limit applied asked for 26 TB: an abort.
    let mut solver = MisereSolver::new().with_limit(1000);
    assert_eq!(solver.outcome(&Nim::new([1 << 40])), Ok(Outcome::N));
    // Every option of a sum of two huge heaps must be listed to find the loss [1, 1]... not
    // among the first: the limit stops the listing.
    let err = solver.outcome(&Nim::new([1 << 40, 1 << 40])).unwrap_err();
    assert_eq!(err, Error::LimitExceeded { limit: 1000 });
    assert_eq!(solver.outcome(&Nim::new([2, 2])), Ok(Outcome::P));

    let mut loopy = LoopySolver::new().with_limit(1000);
    let err = loopy.value(&Nim::new([1 << 40])).unwrap_err();
    assert_eq!(err, Error::LimitExceeded { limit: 1000 });
    assert!(loopy.is_empty());
    assert_eq!(
        loopy.value(&Nim::new([5, 3])),
        Ok(Value::Finite(Nimber::new(6)))
    );
}

/// A token on a path 0 -> 1 -> … -> 9; from a position whose number is `PANIC_AT`, listing the
/// moves panics.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Path(u8);

thread_local! {
    static PANIC_AT: Cell<Option<u8>> = const { Cell::new(None) };
}

impl Game for Path {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        assert!(
            PANIC_AT.with(Cell::get) != Some(self.0),
            "the game's own panic"
        );
        (self.0 < 9).then(|| Path(self.0 + 1))
    }
}

/// Runs `f` with the game panicking at `at`, and checks that it panicked.
fn panicking(at: u8, f: impl FnOnce()) {
    PANIC_AT.with(|p| p.set(Some(at)));
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let result = catch_unwind(AssertUnwindSafe(f));
    std::panic::set_hook(hook);
    PANIC_AT.with(|p| p.set(None));
    assert!(result.is_err(), "the game did not panic");
}

#[test]
fn solvers_are_usable_after_a_panic_in_the_games_code() {
    // Misère: 9 is terminal, a win for the player to move; so the even numbers are losses.
    let mut solver = MisereSolver::new();
    assert_eq!(solver.outcome(&Path(8)), Ok(Outcome::P));
    let stored = solver.len();
    panicking(4, || drop(solver.outcome(&Path(0))));
    // It once reported a false cycle here.
    assert_eq!(solver.outcome(&Path(0)), Ok(Outcome::P));
    assert_eq!(solver.outcome(&Path(1)), Ok(Outcome::N));
    assert!(solver.len() > stored);
    solver.clear();
    panicking(2, || drop(solver.winning_moves(&Path(1))));
    assert_eq!(solver.winning_moves(&Path(1)), Ok(vec![Path(2)]));

    // Loopy: the path is finite, its values alternate 1, 0 from the end.
    let mut solver = LoopySolver::new();
    assert_eq!(solver.value(&Path(9)), Ok(Value::Finite(Nimber::ZERO)));
    panicking(3, || drop(solver.value(&Path(0))));
    // It once panicked on every later call, an index out of bounds.
    assert_eq!(solver.value(&Path(0)), Ok(Value::Finite(Nimber::new(1))));
    assert_eq!(solver.value(&Path(4)), Ok(Value::Finite(Nimber::new(1))));
    assert_eq!(solver.len(), 10);
    solver.clear();
    panicking(5, || drop(solver.value(&Path(0))));
    assert_eq!(solver.outcome(&Path(8)), Ok(Outcome::N));
    assert_eq!(solver.outcome(&Path(1)), Ok(Outcome::P));
}

#[test]
fn periods_accept_any_value_of_their_fields() {
    // Division by zero, and an overflow, once.
    assert_eq!(
        Period {
            preperiod: 0,
            period: 0
        }
        .index(5),
        5
    );
    assert_eq!(
        Period {
            preperiod: usize::MAX,
            period: 1
        }
        .index(5),
        5
    );
    let wide = Period {
        preperiod: usize::MAX,
        period: usize::MAX,
    };
    assert_eq!(wide.index(u64::MAX), u64::MAX as usize);
    assert_eq!(
        Period {
            preperiod: 3,
            period: usize::MAX
        }
        .index(u64::MAX),
        3 + (u64::MAX as usize - 3) % usize::MAX
    );
    assert_eq!(
        Period {
            preperiod: 0,
            period: 7
        }
        .index(u64::MAX),
        (u64::MAX % 7) as usize
    );
    for preperiod in [0, 1, 5, usize::MAX] {
        for period in [0, 1, 3, usize::MAX] {
            for n in [0, 1, 7, u64::MAX] {
                let i = Period { preperiod, period }.index(n);
                assert!(i as u64 <= n, "{preperiod} {period} {n}");
            }
        }
    }
}

#[test]
fn code_errors_count_characters_not_bytes() {
    let position = |code: &str| match code.parse::<Octal>() {
        Err(Error::InvalidCode { position, .. }) => position,
        other => panic!("{code:?}: {other:?}"),
    };
    // "ééé" is 6 bytes; the position of an incomplete code is its length.
    assert_eq!(position("ééé"), 3);
    assert_eq!(position("0.éé"), 2);
    assert_eq!(position("é.7"), 0);
    assert_eq!(position("0.7é"), 3);
    assert_eq!(position("0xé.7"), 2);
}

#[test]
fn nim_moves_are_described_without_building_positions() {
    let heaps: Vec<u64> = (1..=30_000).collect();
    let nim = Nim::new(heaps.clone());
    let sum = heaps.iter().fold(0, |a, h| a ^ h);
    let moves: Vec<(usize, u64)> = nim.winning_reductions().collect();
    assert!(!moves.is_empty());
    for &(i, to) in &moves {
        assert_eq!(sum ^ heaps[i] ^ to, 0);
    }
    // The same moves as the positions they reach, checked on a small position.
    let small = Nim::new([3, 5, 7, 9]);
    let reached: Vec<Nim> = small
        .winning_reductions()
        .map(|(i, to)| {
            let mut h = small.heaps().to_vec();
            h[i] = to;
            Nim::new(h)
        })
        .collect();
    assert_eq!(reached, small.winning_moves());
}

/// A root with 2^64 distinct options, all terminal: every one must be listed to value it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Fan {
    Root,
    Leaf(u64),
}

impl Game for Fan {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let leaves = match self {
            Fan::Root => 0..u64::MAX,
            Fan::Leaf(_) => 0..0,
        };
        leaves.map(Fan::Leaf)
    }
}

#[test]
fn loopy_exhausting_memory_is_an_error() {
    if memory_cap::in_capped_child("loopy_exhausting_memory_is_an_error", 1 << 30) {
        let mut solver = LoopySolver::new();
        let err = solver.value(&Fan::Root).unwrap_err();
        assert!(matches!(err, Error::OutOfMemory { .. }), "{err}");
        assert!(solver.is_empty());
        assert_eq!(solver.outcome(&Fan::Leaf(3)), Ok(Outcome::P));
    }
}

#[test]
fn misere_exhausting_memory_is_an_error() {
    if memory_cap::in_capped_child("misere_exhausting_memory_is_an_error", 1 << 30) {
        let mut solver = MisereSolver::new();
        let err = solver.outcome(&Fan::Root).unwrap_err();
        assert!(matches!(err, Error::OutOfMemory { .. }), "{err}");
        assert!(solver.is_empty());
        assert_eq!(solver.outcome(&Fan::Leaf(3)), Ok(Outcome::N));
    }
}

#[test]
fn grid_tables_beyond_memory_are_an_error() {
    if memory_cap::in_capped_child("grid_tables_beyond_memory_are_an_error", 1 << 30) {
        let err = GridCutting::table(60_000, 60_000, 1).unwrap_err();
        assert!(matches!(err, Error::OutOfMemory { .. }), "{err}");
    }
}

#[test]
fn the_solvers_limit_applies_before_a_huge_heap_lists_its_options() {
    // A heap of Kayles of 10^8 has 10^8 options; they were all built (gigabytes) before the
    // limit could apply. Under a 1 GiB cap the limit must answer first.
    if memory_cap::in_capped_child(
        "the_solvers_limit_applies_before_a_huge_heap_lists_its_options",
        1 << 30,
    ) {
        let heap = Octal::kayles().heap(100_000_000);
        let err = sprague::Solver::new().with_limit(1000).grundy(&heap);
        assert_eq!(err, Err(Error::LimitExceeded { limit: 1000 }));
        // The options are those of the definition, in the same order as before.
        let options: Vec<_> = Octal::kayles().heap(4).successors().into_iter().collect();
        assert_eq!(options.len(), 4);
    }
}

#[test]
fn the_solvers_own_vectors_failing_to_grow_is_an_error() {
    // A strip of 2^32 - 1 squares has 2^31 cuts: the search's own vectors (not only its table)
    // outgrow a 1 GiB cap, and once aborted the process.
    if memory_cap::in_capped_child(
        "the_solvers_own_vectors_failing_to_grow_is_an_error",
        1 << 30,
    ) {
        let mut solver = sprague::Solver::new();
        let err = solver.grundy(&GridCutting::new(u32::MAX, 1)).unwrap_err();
        assert!(matches!(err, Error::OutOfMemory { .. }), "{err}");
        // The solver is usable afterwards: POJ 2311's 4 x 2 (minimum side 2) is won.
        let sheet = GridCutting::new(4, 2).with_min_side(2);
        assert_eq!(solver.grundy(&sheet), Ok(Nimber::new(1)));
    }
}
