//! The solver under a memory budget a little below what a search reaches: exact values, and
//! work that grows by a small factor, on one thread and on several.

use std::cell::Cell;
use std::sync::Arc;

use smallvec::SmallVec;
use sprague::{Game, Nimber, Solver, mex};

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
        let mut next = Vec::new();
        for (k, &node) in self.at.iter().enumerate() {
            for &to in &self.edges[usize::from(node)] {
                let mut at = self.at.clone();
                at[k] = to;
                at.sort_unstable();
                next.push(Dag {
                    edges: Arc::clone(&self.edges),
                    at,
                });
            }
        }
        next
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.at
            .iter()
            .map(|&node| Dag {
                edges: Arc::clone(&self.edges),
                at: SmallVec::from_slice(&[node]),
            })
            .collect::<SmallVec<[_; 4]>>()
    }
}

/// A graph of 1,500 nodes with up to 20 edges each, to nodes anywhere below, within 300 or
/// within 30, from a fixed seed; and the values of its nodes, by the definition.
fn graph() -> (Arc<Vec<Vec<u16>>>, Vec<u64>) {
    let mut state = 3u64;
    let mut random = move |below: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % below
    };
    let edges: Vec<Vec<u16>> = (0..1500u64)
        .map(|node| {
            if node == 0 {
                return Vec::new();
            }
            let count = random(21);
            let span = match random(3) {
                0 => node,
                1 => node.min(30),
                _ => node.min(300),
            };
            (0..count)
                .map(|_| (node - 1 - random(span)) as u16)
                .collect()
        })
        .collect();
    let mut values: Vec<u64> = Vec::new();
    for out in &edges {
        let reached = out.iter().map(|&to| Nimber::new(values[usize::from(to)]));
        values.push(mex(reached).value());
    }
    (Arc::new(edges), values)
}

/// The value of the sum of the three highest nodes by `solver`, checked against the
/// definition, and how often the calling thread listed moves.
fn top_three(solver: &mut Solver<Dag>) -> u64 {
    let (edges, values) = graph();
    let at: SmallVec<[u16; 4]> = SmallVec::from_slice(&[1497, 1498, 1499]);
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
