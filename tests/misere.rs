//! Misère play against brute force (Kayles, Nim, random games), the anti-SG theorem against
//! brute-force misère search, and the contract cases.

mod common;

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use common::games::Path;
use proptest::prelude::*;
use sprague::games::Nim;
use sprague::games::Octal;
use sprague::misere::{self, MisereSolver, anti_sg_outcome};
use sprague::{Error, Game, Nimber, Outcome, grundy};

/// Kayles written out independently, as the brute-force model for `Octal::kayles()`: rows of
/// pins; a move knocks down one pin or two adjacent ones, which may split a row in two. A
/// position is the sorted multiset of row lengths.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Kayles(Vec<u8>);

impl Kayles {
    fn new(mut rows: Vec<u8>) -> Self {
        rows.retain(|&r| r > 0);
        rows.sort_unstable();
        Kayles(rows)
    }
}

impl Game for Kayles {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let mut out = Vec::new();
        for (i, &row) in self.0.iter().enumerate() {
            for take in 1..=2.min(row) {
                for left in 0..=(row - take) / 2 {
                    let mut rows = self.0.clone();
                    rows.remove(i);
                    rows.extend([left, row - take - left]);
                    out.push(Kayles::new(rows));
                }
            }
        }
        out
    }
}

/// Whether the player to move wins a misère game, straight from the definition: a position is
/// won when it has no move or a move to a lost position. Memoized, recursive.
fn misere_win<N: Clone + Eq + Hash>(
    position: &N,
    moves: &impl Fn(&N) -> Vec<N>,
    memo: &mut HashMap<N, bool>,
) -> bool {
    if let Some(&win) = memo.get(position) {
        return win;
    }
    let options = moves(position);
    let win = options.is_empty() || options.iter().any(|o| !misere_win(o, moves, memo));
    memo.insert(position.clone(), win);
    win
}

fn outcome_of(win: bool) -> Outcome {
    if win { Outcome::N } else { Outcome::P }
}

fn kayles_moves(k: &Kayles) -> Vec<Kayles> {
    k.successors().into_iter().collect()
}

/// Nim by the definition: every heap may be reduced to any smaller size.
fn nim_moves(heaps: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..heaps.len() {
        for smaller in 0..heaps[i] {
            let mut next = heaps.to_vec();
            next[i] = smaller;
            next.sort_unstable();
            out.push(next);
        }
    }
    out
}

#[test]
fn misere_kayles_rows_agree_with_brute_force() {
    let mut memo = HashMap::new();
    let mut solver = MisereSolver::new();
    for n in 0..=16 {
        let row = Kayles::new(vec![n]);
        let want = outcome_of(misere_win(&row, &kayles_moves, &mut memo));
        assert_eq!(
            solver.outcome(&Octal::kayles().heap(u64::from(n))).unwrap(),
            want,
            "row of {n}"
        );
    }
}

/// The contract part `misere` (`shared/contract/src/bin/misere.rs`): "contract cases".
#[test]
fn contract_cases() {
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Take12(u32);
    impl Game for Take12 {
        fn successors(&self) -> impl IntoIterator<Item = Self> {
            let n = self.0;
            [1, 2]
                .into_iter()
                .filter(move |&k| k <= n)
                .map(move |k| Take12(n - k))
        }
    }
    for k in 0..30 {
        let want = if k % 3 == 1 { Outcome::P } else { Outcome::N };
        assert_eq!(
            misere::outcome(&Take12(k)).unwrap(),
            want,
            "take-1-or-2 heap {k}"
        );
    }
    let cases: [(&[u64], Outcome); 6] = [
        (&[1, 1], Outcome::N),
        (&[1, 1, 1], Outcome::P),
        (&[], Outcome::N),
        (&[2, 2], Outcome::P),
        (&[3, 4, 5], Outcome::N),
        (&[1, 2, 3], Outcome::P),
    ];
    for (heaps, want) in cases {
        let nim = Nim::new(heaps.to_vec());
        assert_eq!(nim.misere_outcome(), want, "{heaps:?} by rule");
        assert_eq!(misere::outcome(&nim).unwrap(), want, "{heaps:?} by search");
    }
    let kayles = Octal::kayles();
    let p_rows: Vec<u64> = (0..12)
        .filter(|&n| misere::outcome(&kayles.heap(n)).ok() == Some(Outcome::P))
        .collect();
    assert_eq!(p_rows, [1, 4, 9]);
}

/// A random finite game for the anti-SG theorem: node v has options among the lower nodes,
/// and every node of Grundy value 0 is a dead end (the theorem's hypothesis). A position is a
/// token on each of several nodes; a move moves one token along an edge.
#[derive(Debug)]
struct Dag {
    options: Vec<Vec<usize>>,
}

impl Dag {
    /// Makes the hypothesis hold: a node that would be worth 0 loses its options, which keeps
    /// its value 0 and changes no value computed before it.
    fn with_zero_dead_ends(mut options: Vec<Vec<usize>>) -> (Self, Vec<u64>) {
        let mut values: Vec<u64> = Vec::new();
        for node in &mut options {
            let reached = node.iter().map(|&w| Nimber::new(values[w]));
            let value = sprague::mex(reached).value();
            if value == 0 {
                node.clear();
            }
            values.push(value);
        }
        (Dag { options }, values)
    }
}

#[derive(Clone, Debug)]
struct Tokens {
    dag: Arc<Dag>,
    at: Vec<usize>,
}

impl PartialEq for Tokens {
    fn eq(&self, other: &Self) -> bool {
        self.at == other.at
    }
}
impl Eq for Tokens {}
impl Hash for Tokens {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.at.hash(state);
    }
}

impl Game for Tokens {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let mut out = Vec::new();
        for (i, &v) in self.at.iter().enumerate() {
            for &w in &self.dag.options[v] {
                let mut at = self.at.clone();
                at[i] = w;
                at.sort_unstable();
                out.push(Tokens {
                    dag: Arc::clone(&self.dag),
                    at,
                });
            }
        }
        out
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.at.iter().map(|&v| Tokens {
            dag: Arc::clone(&self.dag),
            at: vec![v],
        })
    }
}

fn dag_options(max_nodes: usize) -> impl Strategy<Value = Vec<Vec<usize>>> {
    proptest::collection::vec(
        proptest::collection::vec(any::<prop::sample::Index>(), 0..5),
        1..max_nodes,
    )
    .prop_map(|picks| {
        picks
            .iter()
            .enumerate()
            .map(|(v, p)| {
                if v == 0 {
                    Vec::new()
                } else {
                    p.iter().map(|i| i.index(v)).collect()
                }
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn misere_nim_agrees_with_brute_force(heaps in proptest::collection::vec(0u64..7, 0..5)) {
        let mut sorted = heaps.clone();
        sorted.sort_unstable();
        let want = outcome_of(misere_win(&sorted, &|h: &Vec<u64>| nim_moves(h), &mut HashMap::new()));
        let nim = Nim::new(heaps);
        prop_assert_eq!(misere::outcome(&nim)?, want);
        prop_assert_eq!(nim.misere_outcome(), want);
        // The anti-SG theorem applies to Nim: a heap of n is worth n, and only 0 is terminal.
        prop_assert_eq!(anti_sg_outcome(nim.heaps().iter().map(|&h| Nimber::new(h))), want);
    }

    #[test]
    fn misere_kayles_sums_agree_with_brute_force(rows in proptest::collection::vec(0u8..9, 0..4)) {
        let want = outcome_of(misere_win(&Kayles::new(rows.clone()), &kayles_moves, &mut HashMap::new()));
        let position = Octal::kayles().heaps(rows.iter().map(|&r| u64::from(r)));
        prop_assert_eq!(misere::outcome(&position)?, want);
    }

    #[test]
    fn anti_sg_agrees_with_brute_force_under_its_hypothesis(
        options in dag_options(25),
        tokens in proptest::collection::vec(any::<prop::sample::Index>(), 0..4),
    ) {
        let (dag, values) = Dag::with_zero_dead_ends(options);
        let dag = Arc::new(dag);
        let mut at: Vec<usize> = tokens.iter().map(|i| i.index(values.len())).collect();
        at.sort_unstable();
        let moves = |at: &Vec<usize>| {
            Tokens { dag: Arc::clone(&dag), at: at.clone() }.successors().into_iter().map(|t| t.at).collect()
        };
        let want = outcome_of(misere_win(&at, &moves, &mut HashMap::new()));
        let position = Tokens { dag: Arc::clone(&dag), at: at.clone() };
        prop_assert_eq!(misere::outcome(&position)?, want);
        let component_values: Vec<Nimber> = position
            .split()
            .into_iter()
            .map(|c| grundy(&c))
            .collect::<Result<_, _>>()?;
        prop_assert_eq!(component_values.iter().map(|v| v.value()).collect::<Vec<_>>(), at.iter().map(|&v| values[v]).collect::<Vec<_>>());
        prop_assert_eq!(anti_sg_outcome(component_values), want);
    }

    #[test]
    fn winning_moves_lead_to_losses(rows in proptest::collection::vec(0u8..8, 0..3)) {
        let mut solver = MisereSolver::new();
        let wins = solver.winning_moves(&Octal::kayles().heaps(rows.iter().map(|&r| u64::from(r))))?;
        let as_rows = |heaps: &[u64]| Kayles::new(heaps.iter().map(|&h| h as u8).collect());
        let mut got: Vec<Kayles> = wins.iter().map(|w| as_rows(w.heaps())).collect();
        let mut memo = HashMap::new();
        let mut want: Vec<Kayles> = kayles_moves(&Kayles::new(rows))
            .into_iter()
            .filter(|o| !misere_win(o, &kayles_moves, &mut memo))
            .collect();
        got.sort_by(|a, b| a.0.cmp(&b.0));
        got.dedup();
        want.sort_by(|a, b| a.0.cmp(&b.0));
        want.dedup();
        prop_assert_eq!(got, want);
    }
}

/// The anti-SG rule needs its hypothesis: here a position of value 0 can still move.
#[test]
fn anti_sg_fails_without_its_hypothesis() {
    // Node 3 moves only to node 2, a Nim heap of 2 (options 0 and 1).
    let dag = Arc::new(Dag {
        options: vec![vec![], vec![0], vec![0, 1], vec![2]],
    });
    let position = Tokens { dag, at: vec![3] };
    let value = grundy(&position).unwrap();
    assert_eq!(value, Nimber::ZERO);
    assert_eq!(misere::outcome(&position).unwrap(), Outcome::P);
    assert_eq!(anti_sg_outcome([value]), Outcome::N);
}

#[test]
fn anti_sg_cases() {
    let rule = |v: &[u64]| anti_sg_outcome(v.iter().map(|&x| Nimber::new(x)));
    assert_eq!(rule(&[]), Outcome::N);
    assert_eq!(rule(&[0, 0]), Outcome::N);
    assert_eq!(rule(&[1]), Outcome::P);
    assert_eq!(rule(&[1, 1]), Outcome::N);
    assert_eq!(rule(&[2]), Outcome::N);
    assert_eq!(rule(&[2, 2]), Outcome::P);
    assert_eq!(rule(&[3, 2, 1]), Outcome::P);
    assert_eq!(rule(&[3, 2, 1, 1]), Outcome::N);
}

#[test]
fn a_million_moves_deep() {
    // A path: whoever makes the last move loses, so odd lengths are lost.
    let mut solver = MisereSolver::new();
    assert_eq!(solver.outcome(&Path(1_000_001)).unwrap(), Outcome::P);
    assert_eq!(solver.outcome(&Path(1_000_000)).unwrap(), Outcome::N);
    assert_eq!(solver.len(), 1_000_002);
}

/// From n < 10, move to n + 1; from 10, to 5: a cycle of 6 entered 5 moves from 0. From 11
/// and up, the only move is back to 11.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Loop(u8);

impl Game for Loop {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        match self.0 {
            10 => vec![Loop(5)],
            n if n > 10 => vec![Loop(11)],
            n => vec![Loop(n + 1)],
        }
    }
}

#[test]
fn cycles_are_reported_with_length_and_depth() {
    let err = misere::outcome(&Loop(0)).unwrap_err();
    assert_eq!(
        err,
        Error::Cycle {
            length: 6,
            depth: 5
        }
    );
    let err = misere::outcome(&Loop(7)).unwrap_err();
    assert_eq!(
        err,
        Error::Cycle {
            length: 6,
            depth: 0
        }
    );
    assert_eq!(
        misere::outcome(&Loop(11)).unwrap_err(),
        Error::Cycle {
            length: 1,
            depth: 0
        }
    );
    assert_eq!(
        misere::outcome(&Loop(12)).unwrap_err(),
        Error::Cycle {
            length: 1,
            depth: 1
        }
    );
}

#[test]
fn errors_leave_the_solver_as_it_was() {
    let mut solver = MisereSolver::new().with_limit(20);
    assert_eq!(solver.outcome(&Path(9)).unwrap(), Outcome::P);
    assert_eq!(solver.len(), 10);
    assert_eq!(
        solver.outcome(&Path(40)),
        Err(Error::LimitExceeded { limit: 20 })
    );
    assert_eq!(solver.len(), 10);
    let mut solver = MisereSolver::new();
    assert!(solver.outcome(&Loop(0)).is_err());
    assert!(solver.is_empty());
    // No position is left marked as under search: the cycle is found afresh.
    assert_eq!(
        solver.outcome(&Loop(3)).unwrap_err(),
        Error::Cycle {
            length: 6,
            depth: 2
        }
    );
    solver.clear();
    assert!(solver.is_empty());
}
