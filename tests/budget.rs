//! The solver under a memory budget a little below what a search reaches: exact values, and
//! work that grows by a small factor, on one thread and on two.

mod common;

use std::cell::Cell;
use std::sync::Arc;

use common::digraph::{self, ANYWHERE};
use smallvec::{SmallVec, smallvec};
use sprague::{Game, Nimber, Search, Solver};

thread_local! {
    /// How often [`Dag`] listed moves on this thread: a test counts the calling thread's
    /// search, whether other threads join it or not.
    static LISTINGS: Cell<u64> = const { Cell::new(0) };
}

/// Listings on one thread past which a search is taken to repeat itself without end: [`Dag`]
/// panics, so that the test fails instead of running on.
const MOST_LISTINGS: u64 = 1_000_000;

/// Tokens on a random acyclic graph (each node's edges go to lower nodes), a sum of one game
/// per token; its moves are listed and counted in [`LISTINGS`].
#[derive(Clone, Debug)]
struct Dag {
    edges: Arc<Vec<Vec<u16>>>,
    at: SmallVec<[u16; 4]>,
}

impl PartialEq for Dag {
    fn eq(&self, other: &Self) -> bool {
        self.at == other.at
    }
}

impl Eq for Dag {}

impl std::hash::Hash for Dag {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.at.hash(state);
    }
}

impl Game for Dag {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let listed = LISTINGS.get();
        LISTINGS.set(listed + 1);
        assert!(listed < MOST_LISTINGS, "moves listed {listed} times");
        digraph::moves(&self.at, &self.edges)
            .into_iter()
            .map(|at| Dag {
                edges: Arc::clone(&self.edges),
                at: SmallVec::from_vec(at),
            })
            .collect::<Vec<_>>()
    }

    // Nothing allocated: the split is timed as cheap even while other tests run, and a
    // position that owns heap memory with a cheap split is searched by the calling thread
    // alone until the question is long (see `Solver`'s Threads).
    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.at
            .iter()
            .map(|&node| Dag {
                edges: Arc::clone(&self.edges),
                at: smallvec![node],
            })
            .collect::<SmallVec<[_; 4]>>()
    }
}

/// A graph of 1,500 nodes with up to 20 edges each, to nodes anywhere below, within 300 or
/// within 30, from a fixed seed.
fn graph() -> Arc<Vec<Vec<u16>>> {
    Arc::new(digraph::random(3, 1500, 20, &[ANYWHERE, 30, 300]))
}

/// How often the calling thread listed moves while `solver` valued the sum of the three
/// highest nodes, whose value it checks against the definition.
fn top_three(solver: &mut Solver<Dag>) -> u64 {
    let edges = graph();
    let values = digraph::values(&edges);
    let at = smallvec![1497, 1498, 1499];
    let want = at.iter().fold(0, |x, &node| x ^ values[usize::from(node)]);
    LISTINGS.set(0);
    let got = solver.grundy(&Dag { edges, at }).unwrap();
    assert_eq!(got, Nimber::new(want));
    LISTINGS.get()
}

#[test]
fn a_budget_a_little_below_the_search_keeps_the_values_that_cost_most() {
    let free = top_three(&mut Solver::new().with_threads(1));
    // Too little for what the search stores: values are forgotten and searched again.
    // Keeping only the oldest values, which forgets first those just searched again, listed
    // moves 17 times as often as without a budget (with the budget that held as many
    // positions as this one before the table took the split cache's room).
    let tight = top_three(&mut Solver::new().with_threads(1).with_memory(120_000));
    assert!(
        tight > free,
        "{tight} listings against {free}: nothing forgotten"
    );
    assert!(tight < 4 * free, "{tight} listings against {free}");
}

#[test]
fn a_budget_that_suits_one_thread_suits_two() {
    // The calling thread's table keeps most of the budget with other threads: a budget the
    // search fits in on one thread only just lets it forget a little on two. With half the
    // budget each, two threads listed moves 6.5 times as often as one (and without end,
    // while a compaction kept only the oldest values).
    let free = top_three(&mut Solver::new().with_threads(1));
    let one = top_three(&mut Solver::new().with_threads(1).with_memory(200_000));
    // The same but for the order of a few splits, which the split cache's timings may change.
    assert!(one <= free + free / 10, "{one} listings against {free}");
    let two = top_three(&mut Solver::new().with_threads(2).with_memory(200_000));
    assert!(two < 4 * free, "{two} listings against {free}");
}

#[test]
fn other_settings_divide_the_budget_again() {
    let free = top_three(&mut Solver::new().with_threads(1));
    let mut two = Solver::new().with_threads(2).with_memory(200_000);
    let divided = top_three(&mut two);
    assert!(divided > free, "{divided} listings against {free}");
    two.clear();
    // One thread: the whole budget again, where the search fits.
    let one = top_three(&mut two.with_threads(1));
    assert!(one <= free + free / 10, "{one} listings against {free}");
}

/// A Nim heap searched exhaustively or pruned, as its flag says: an exhaustive search without
/// an index is answered on the calling thread alone, before any other thread starts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Heap {
    tokens: u32,
    exhaustive: bool,
}

impl Game for Heap {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let exhaustive = self.exhaustive;
        (0..self.tokens).map(move |tokens| Heap { tokens, exhaustive })
    }

    fn search(&self) -> Search {
        if self.exhaustive {
            Search::Exhaustive
        } else {
            Search::Pruned
        }
    }
}

#[test]
fn a_budget_divided_when_other_threads_start_leaves_room_for_the_question() {
    // About 1,000 positions' worth: the first question stores 701 on the calling thread
    // alone, with the whole budget; the second starts the other threads, which leaves the
    // calling thread five eighths, fewer than it holds.
    let mut solver = Solver::new().with_threads(2).with_memory(80_000);
    let heap = |tokens, exhaustive| Heap { tokens, exhaustive };
    assert_eq!(solver.grundy(&heap(700, true)).unwrap(), Nimber::new(700));
    assert!(solver.len() > 600, "{} positions", solver.len());
    assert_eq!(solver.grundy(&heap(100, false)).unwrap(), Nimber::new(100));
}
