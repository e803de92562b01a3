//! The solver with several threads: values never depend on them, whichever way the threads
//! share the work (a search of its own for each, or splitting successors for one).

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use common::user_cram::Cram;
use sprague::{Game, Nimber, Solver};

#[test]
fn a_user_game_with_a_costly_split_has_the_same_values_on_any_number_of_threads() {
    // Beling's table of Cram (github.com/beling/impartial-games): 4 x 5 is *2, 5 x 5 is 0,
    // 4 x 7 is *3. These searches are long enough for the other threads to join, and the
    // user's split (a flood fill and a crop) is costly enough for them to split successors.
    for (rows, cols, value) in [(4, 5, 2), (5, 5, 0), (4, 7, 3)] {
        for threads in [1, 2, 3] {
            let got = Solver::new()
                .with_threads(threads)
                .grundy(&Cram::full(rows, cols))
                .unwrap();
            assert_eq!(
                got,
                Nimber::new(value),
                "{rows} x {cols}, {threads} threads"
            );
        }
    }
}

/// User Cram whose split panics once `SPLITS` passes `PANIC_AFTER`, while `BRITTLE` is set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Brittle(Cram);

static BRITTLE: AtomicBool = AtomicBool::new(false);
static SPLITS: AtomicU64 = AtomicU64::new(0);
const PANIC_AFTER: u64 = 30_000;

impl Game for Brittle {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        self.0.successors().into_iter().map(Brittle)
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        let splits = SPLITS.fetch_add(1, Ordering::SeqCst);
        assert!(
            !(BRITTLE.load(Ordering::SeqCst) && splits > PANIC_AFTER),
            "the user's split panics"
        );
        self.0.split().into_iter().map(Brittle)
    }
}

#[test]
fn a_panic_in_the_users_split_on_any_thread_reaches_the_caller_and_leaves_the_solver_usable() {
    let mut solver = Solver::new().with_threads(2);
    SPLITS.store(0, Ordering::SeqCst);
    BRITTLE.store(true, Ordering::SeqCst);
    let caught = catch_unwind(AssertUnwindSafe(|| {
        solver.grundy(&Brittle(Cram::full(4, 7)))
    }));
    BRITTLE.store(false, Ordering::SeqCst);
    assert!(caught.is_err());
    assert_eq!(
        solver.grundy(&Brittle(Cram::full(4, 7))).unwrap(),
        Nimber::new(3)
    );
}
