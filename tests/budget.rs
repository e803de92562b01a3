//! The solver under a memory budget a little below what a search reaches: exact values, and
//! work that grows by a small factor, on one thread and on several.

mod common;

use std::cell::Cell;
use std::sync::Arc;

use common::digraph::{self, ANYWHERE};
use sprague::{Game, Nimber, Solver};

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
    at: Vec<u16>,
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
                at,
            })
            .collect::<Vec<_>>()
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.at
            .iter()
            .map(|&node| Dag {
                edges: Arc::clone(&self.edges),
                at: vec![node],
            })
            .collect::<Vec<_>>()
    }
}

/// A graph of 1,500 nodes with up to 20 edges each, to nodes anywhere below, within 300 or
/// within 30, from a fixed seed.
fn graph() -> Arc<Vec<Vec<u16>>> {
    Arc::new(digraph::random(3, 1500, 20, &[ANYWHERE, 30, 300]))
}

/// The value of the sum of the three highest nodes by `solver`, checked against the
/// definition, and how often the calling thread listed moves.
fn top_three(solver: &mut Solver<Dag>) -> u64 {
    let edges = graph();
    let values = digraph::values(&edges);
    let at = vec![1497, 1498, 1499];
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
    // moves 17 times as often as without a budget.
    let tight = top_three(&mut Solver::new().with_threads(1).with_memory(250_000));
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
    let one = top_three(&mut Solver::new().with_threads(1).with_memory(400_000));
    assert_eq!(one, free, "one thread forgot values");
    let two = top_three(&mut Solver::new().with_threads(2).with_memory(400_000));
    assert!(two < 4 * free, "{two} listings against {free}");
}
