//! The solver with several threads: values never depend on them, however the threads divide
//! the work between them.

mod common;

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use common::by_mex;
use common::digraph;
use common::user_cram::Cram;
use sprague::games::Chomp;
use sprague::{Game, Nimber, Outcome, Solver};

#[test]
fn a_user_game_with_a_costly_split_has_the_same_values_on_any_number_of_threads() {
    // Beling's table of Cram (github.com/beling/impartial-games): 4 x 5 is *2, 5 x 5 is 0,
    // 4 x 7 is *3. The user's split (a flood fill and a crop) is costly enough for the other
    // threads to join these searches early and divide them.
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

#[test]
fn who_wins_a_user_game_with_a_costly_split_does_not_depend_on_the_threads() {
    // The question whether a board is worth 0, divided between the threads as a search of
    // its value is, stops at the first successor worth 0. Values as above and from the same
    // table: 6 x 4 is 0, 7 x 4 is *3.
    for (rows, cols, value) in [(4, 5, 2), (5, 5, 0), (4, 7, 3), (6, 4, 0), (7, 4, 3)] {
        let want = Outcome::from(Nimber::new(value));
        for threads in [1, 2, 3] {
            let mut solver = Solver::new().with_threads(threads);
            let board = Cram::full(rows, cols);
            assert_eq!(
                solver.outcome(&board),
                Ok(want),
                "{rows} x {cols}, {threads} threads"
            );
            // What the question left in the table is a bound, not a value.
            let got = solver.grundy(&board);
            assert_eq!(
                got,
                Ok(Nimber::new(value)),
                "{rows} x {cols}, {threads} threads"
            );
        }
    }
}

/// Chomp's bites from a diagram (its rows' lengths), by the definition: any square but the
/// poisoned corner, with every square below and to its right.
fn bites(rows: &[u32]) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for (i, &len) in rows.iter().enumerate() {
        for j in u32::from(i == 0)..len {
            let next = rows
                .iter()
                .enumerate()
                .map(|(k, &l)| if k >= i { l.min(j) } else { l })
                .filter(|&l| l > 0)
                .collect();
            out.push(next);
        }
    }
    out
}

#[test]
fn an_exhaustive_game_with_an_index_has_the_same_values_on_any_number_of_threads() {
    // Chomp asks for an exhaustive search and numbers its diagrams, so its threads share
    // values by index. These diagrams have 12,870 to 19,448 smaller ones: enough for the
    // other threads to join. Under a memory budget, a page of values is all the threads may
    // share: the values of the widest diagrams find no room.
    let boards = [vec![8; 8], vec![9, 9, 8, 8, 6, 5, 5, 2], vec![10; 7]];
    let mut memo = HashMap::new();
    for threads in [1, 2, 3] {
        for memory in [None, Some(16 << 20)] {
            let mut solver = Solver::new().with_threads(threads);
            if let Some(bytes) = memory {
                solver = solver.with_memory(bytes);
            }
            for rows in &boards {
                let want = by_mex(rows, &|r: &Vec<u32>| bites(r), &mut memo);
                let got = solver.grundy(&Chomp::staircase(rows).unwrap()).unwrap();
                assert_eq!(
                    got,
                    Nimber::new(want),
                    "{rows:?}, {threads} threads, {memory:?}"
                );
            }
        }
    }
}

#[test]
fn an_exhaustive_game_with_an_index_is_valued_under_a_budget_far_below_what_it_reaches() {
    // The staircase reaches 12,951 diagrams, which take about 3 MB stored; the budgets keep
    // a tenth of that and less. Values forgotten by a compaction must not be searched again
    // and again: the search would then grow like a tree and not finish in minutes.
    let rows = vec![9, 9, 8, 8, 6, 5, 5, 2];
    let want = by_mex(&rows, &|r: &Vec<u32>| bites(r), &mut HashMap::new());
    let (done, finished) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for threads in [1, 2] {
            for bytes in [256 << 10, 1 << 20] {
                let got = Solver::new()
                    .with_threads(threads)
                    .with_memory(bytes)
                    .grundy(&Chomp::staircase(&rows).unwrap());
                done.send((threads, bytes, got)).unwrap();
            }
        }
    });
    for _ in 0..4 {
        let (threads, bytes, got) = finished
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("a search under a small budget finishes within a minute");
        assert_eq!(
            got.unwrap(),
            Nimber::new(want),
            "{threads} threads, {bytes} bytes"
        );
    }
}

/// User Cram whose split or clone (`BRITTLE` says which) panics once `CALLS` passes
/// `PANIC_AFTER`, on whichever thread calls it.
#[derive(Debug, PartialEq, Eq, Hash)]
struct Brittle(Cram);

static BRITTLE: AtomicU8 = AtomicU8::new(0);
static CALLS: AtomicU64 = AtomicU64::new(0);
const SPLIT: u8 = 1;
const CLONE: u8 = 2;
const PANIC_AFTER: u64 = 30_000;

/// Panics if `what` is brittle and called often enough.
fn call(what: u8) {
    let calls = CALLS.fetch_add(1, Ordering::SeqCst);
    assert!(
        !(BRITTLE.load(Ordering::SeqCst) == what && calls > PANIC_AFTER),
        "the user's code panics"
    );
}

impl Clone for Brittle {
    fn clone(&self) -> Self {
        call(CLONE);
        Brittle(self.0.clone())
    }
}

impl Game for Brittle {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        self.0.successors().into_iter().map(Brittle)
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        call(SPLIT);
        self.0.split().into_iter().map(Brittle)
    }
}

#[test]
fn a_panic_in_the_users_code_on_any_thread_reaches_the_caller_and_leaves_the_solver_usable() {
    for what in [SPLIT, CLONE] {
        let mut solver = Solver::new().with_threads(2);
        CALLS.store(0, Ordering::SeqCst);
        BRITTLE.store(what, Ordering::SeqCst);
        let caught = catch_unwind(AssertUnwindSafe(|| {
            solver.grundy(&Brittle(Cram::full(4, 7)))
        }));
        BRITTLE.store(0, Ordering::SeqCst);
        assert!(caught.is_err(), "{what}");
        assert_eq!(
            solver.grundy(&Brittle(Cram::full(4, 7))).unwrap(),
            Nimber::new(3)
        );
    }
}

/// Tokens on a random acyclic graph (edges from a node to lower ones): a move slides one token
/// along an edge. Its split (one token a component) is slowed to about half a microsecond, as
/// a user's costly split would be, so that other threads join the search early and divide it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Tokens {
    edges: std::sync::Arc<Vec<Vec<u16>>>,
    at: Vec<u16>,
    /// Whether a split on a thread other than the caller's stalls for a millisecond, as on
    /// a helper thread that lost its core to another program.
    stalls: bool,
}

std::thread_local! {
    /// Set on the thread that asks the solver.
    static CALLER: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

impl Game for Tokens {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        digraph::moves(&self.at, &self.edges)
            .into_iter()
            .map(|at| Tokens {
                edges: self.edges.clone(),
                at,
                stalls: self.stalls,
            })
            .collect::<Vec<_>>()
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        let start = std::time::Instant::now();
        while start.elapsed() < std::time::Duration::from_nanos(500) {
            std::hint::spin_loop();
        }
        if self.stalls && !CALLER.get() {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        self.at.iter().map(|&node| Tokens {
            edges: self.edges.clone(),
            at: vec![node],
            stalls: self.stalls,
        })
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(8))]

    #[test]
    fn a_costly_split_divided_between_threads_gives_the_values_of_the_definition(
        seed in proptest::prelude::any::<u64>(),
    ) {
        // A graph of 1,500 nodes, each with up to eight edges to lower nodes.
        let nodes = 1500u16;
        let edges = digraph::random(seed, nodes, 8, &[digraph::ANYWHERE]);
        let value = digraph::values(&edges);
        let at = vec![nodes - 3, nodes - 2, nodes - 1];
        let want = at.iter().fold(0, |x, &node| x ^ value[usize::from(node)]);
        let tokens = Tokens { edges: std::sync::Arc::new(edges), at, stalls: false };
        for threads in [1, 2] {
            let got = Solver::new().with_threads(threads).grundy(&tokens).unwrap();
            proptest::prop_assert_eq!(got, Nimber::new(want), "{} threads", threads);
            // Who wins: the sum's last component asked whether it is worth the others'
            // nim-sum, and single nodes asked whether they are worth 0 (a question the
            // threads divide), without their values known first.
            let mut solver = Solver::new().with_threads(threads);
            let outcome = solver.outcome(&tokens).unwrap();
            proptest::prop_assert_eq!(outcome, Outcome::from(Nimber::new(want)), "{} threads", threads);
            for node in (nodes - 40..nodes).rev() {
                let single = Tokens { at: vec![node], ..tokens.clone() };
                let want = Outcome::from(Nimber::new(value[usize::from(node)]));
                proptest::prop_assert_eq!(solver.outcome(&single).unwrap(), want, "node {}, {} threads", node, threads);
            }
        }
        // A helper that stalls: the calling thread searches what the helper claimed too,
        // rather than wait for it, and the values stay those of the definition.
        CALLER.set(true);
        let stalling = Tokens { stalls: true, ..tokens };
        let got = Solver::new().with_threads(2).grundy(&stalling);
        CALLER.set(false);
        proptest::prop_assert_eq!(got.unwrap(), Nimber::new(want), "stalling helpers");
    }
}

/// `Root(missing)`: a position with a move to a Nim heap of each size up to 80 but `missing`,
/// each heap its own (no position is shared between them): worth `missing`, with 80 moves;
/// and sums of it with heaps. Its split takes 800 ns, so that threads divide its questions at
/// once.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Tagged {
    Root(u32),
    Heap { tag: u32, size: u32 },
    Sum(Vec<Tagged>),
}

impl Game for Tagged {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        match self {
            &Tagged::Root(missing) => (0..=80)
                .filter(|&size| size != missing)
                .map(|size| Tagged::Heap { tag: size, size })
                .collect::<Vec<_>>(),
            &Tagged::Heap { tag, size } => {
                (0..size).map(|size| Tagged::Heap { tag, size }).collect()
            }
            Tagged::Sum(parts) => {
                let mut out = Vec::new();
                for (k, part) in parts.iter().enumerate() {
                    for next in part.successors() {
                        let mut moved = parts.clone();
                        moved[k] = next;
                        out.push(Tagged::Sum(moved));
                    }
                }
                out
            }
        }
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        let start = std::time::Instant::now();
        while start.elapsed() < std::time::Duration::from_nanos(800) {
            std::hint::spin_loop();
        }
        match self {
            Tagged::Sum(parts) => parts.clone(),
            part => vec![part.clone()],
        }
    }
}

#[test]
fn questions_worth_values_about_the_last_one_divided_have_the_values_of_the_definition() {
    // A thread dividing a question looks ahead from the least value without a witness to
    // the next one; from 62 to 63, past the last value the threads divide, it took 63 for
    // the least and never came back to 62: `Root(62)` was worth 81 in about one run in six.
    let heap = |size| Tagged::Heap {
        tag: u32::MAX,
        size,
    };
    for missing in [61, 62, 63, 64] {
        let root = Tagged::Root(missing);
        for _ in 0..20 {
            let got = Solver::new().with_threads(2).grundy(&root);
            assert_eq!(got, Ok(Nimber::new(missing.into())), "{root:?}");
            let mut solver = Solver::new().with_threads(2);
            let lost = Tagged::Sum(vec![heap(missing), root.clone()]);
            assert_eq!(solver.outcome(&lost), Ok(Outcome::P), "{lost:?}");
            // Asked whether it is worth the value above its own; then its value.
            let mut solver = Solver::new().with_threads(2);
            let won = Tagged::Sum(vec![heap(missing + 1), root.clone()]);
            assert_eq!(solver.outcome(&won), Ok(Outcome::N), "{won:?}");
            assert_eq!(
                solver.grundy(&root),
                Ok(Nimber::new(missing.into())),
                "{root:?}"
            );
        }
    }
}

#[test]
fn a_limit_met_while_other_threads_search_is_an_error_and_the_solver_goes_on() {
    // Far too few positions for 5 x 6; the threads have joined by the time the limit is met.
    let mut solver = Solver::new().with_threads(2).with_limit(3_000);
    assert_eq!(
        solver.grundy(&Cram::full(5, 6)),
        Err(sprague::Error::LimitExceeded { limit: 3_000 })
    );
    // The same solver answers a question within the limit: 4 x 4 is 0 (Beling's table).
    assert_eq!(solver.grundy(&Cram::full(4, 4)).unwrap(), Nimber::new(0));
    // A memory budget that forgets positions as the threads search: values stay exact.
    let mut solver = Solver::new().with_threads(2).with_memory(4 << 20);
    assert_eq!(solver.grundy(&Cram::full(4, 7)).unwrap(), Nimber::new(3));
}

/// Chomp's diagram as a user writes it without a heap or an index: the rows' lengths, up
/// to ten, in an array, searched for values by witnesses and tests (the default search).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct RowsChomp([u8; 10]);

impl Game for RowsChomp {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let rows: Vec<u32> = self
            .0
            .iter()
            .map(|&l| u32::from(l))
            .filter(|&l| l > 0)
            .collect();
        bites(&rows).into_iter().map(|next| {
            let mut packed = [0; 10];
            for (slot, len) in packed.iter_mut().zip(next) {
                *slot = len as u8;
            }
            RowsChomp(packed)
        })
    }
}

#[test]
fn a_question_divided_then_searched_alone_has_the_value_of_the_definition() {
    // Chomp's tests seldom settle: once it sees that, the calling thread goes on alone with
    // the question it was dividing with the other, from wherever the division left it. The
    // values of these diagrams are 20, 51 and 24.
    let mut memo = HashMap::new();
    for rows in [
        vec![9; 9],
        vec![10; 8],
        vec![10, 10, 10, 9, 9, 8, 7, 7, 5, 3],
    ] {
        let want = by_mex(&rows, &|r: &Vec<u32>| bites(r), &mut memo);
        let mut packed = [0; 10];
        for (slot, &len) in packed.iter_mut().zip(&rows) {
            *slot = len as u8;
        }
        // Two threads take a different path from run to run: a few runs.
        for threads in [1, 2, 2, 2] {
            let got = Solver::new()
                .with_threads(threads)
                .grundy(&RowsChomp(packed))
                .unwrap();
            assert_eq!(got, Nimber::new(want), "{rows:?}, {threads} threads");
            // Who wins, a question that stops at its first witness for 0, goes on alone too.
            let mut solver = Solver::new().with_threads(threads);
            let got = solver.outcome(&RowsChomp(packed));
            assert_eq!(got, Ok(Outcome::N), "{rows:?}, {threads} threads");
            let got = solver.grundy(&RowsChomp(packed));
            assert_eq!(got, Ok(Nimber::new(want)), "{rows:?}, {threads} threads");
        }
    }
}
