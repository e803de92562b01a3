//! Loopy games against an independent retrograde analysis, Smith's sum theorem on product
//! graphs, the finite solver on acyclic games, and the contract cases.

mod common;

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use common::games::Path;
use proptest::prelude::*;
use sprague::loopy::{self, LoopySolver, Value};
use sprague::{Error, Game, Nimber, Outcome, grundy};

type Graph = Arc<Vec<Vec<usize>>>;

/// Win, loss or draw of every vertex by retrograde analysis: dead ends are lost, a vertex with
/// an option that is lost is won, a vertex whose options are all won is lost, and every vertex
/// left over is a draw.
fn retrograde(graph: &[Vec<usize>]) -> Vec<Outcome> {
    let n = graph.len();
    let mut preds = vec![Vec::new(); n];
    for (v, options) in graph.iter().enumerate() {
        for &w in options {
            preds[w].push(v);
        }
    }
    let mut outcome: Vec<Option<Outcome>> = vec![None; n];
    let mut won_options: Vec<usize> = vec![0; n];
    let mut queue: Vec<usize> = (0..n).filter(|&v| graph[v].is_empty()).collect();
    for &v in &queue {
        outcome[v] = Some(Outcome::P);
    }
    while let Some(v) = queue.pop() {
        for &p in &preds[v] {
            if outcome[p].is_some() {
                continue;
            }
            if outcome[v] == Some(Outcome::P) {
                outcome[p] = Some(Outcome::N);
                queue.push(p);
            } else {
                won_options[p] += 1;
                if won_options[p] == graph[p].len() {
                    outcome[p] = Some(Outcome::P);
                    queue.push(p);
                }
            }
        }
    }
    outcome
        .into_iter()
        .map(|o| o.unwrap_or(Outcome::D))
        .collect()
}

/// A token on a vertex of a digraph.
#[derive(Clone, Debug)]
struct Vertex {
    graph: Graph,
    at: usize,
    /// Whether the vertex is the position's index.
    indexed: bool,
}

// Positions of one test share the graph: compare and hash the vertex only.
impl PartialEq for Vertex {
    fn eq(&self, other: &Self) -> bool {
        self.at == other.at
    }
}
impl Eq for Vertex {}
impl Hash for Vertex {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.at.hash(state);
    }
}

impl Game for Vertex {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        self.graph[self.at].iter().map(|&at| Vertex {
            graph: Arc::clone(&self.graph),
            at,
            indexed: self.indexed,
        })
    }

    fn index(&self) -> Option<usize> {
        self.indexed.then_some(self.at)
    }
}

fn vertex(graph: &Graph, at: usize) -> Vertex {
    Vertex {
        graph: Arc::clone(graph),
        at,
        indexed: false,
    }
}

/// A token on each of two digraphs, or on one of them; a move moves one token. With `split`,
/// the solver values the two tokens apart and adds the values; without, it labels the product
/// graph.
#[derive(Clone, Debug)]
struct Pair {
    graphs: [Graph; 2],
    at: [Option<usize>; 2],
    split: bool,
}

impl PartialEq for Pair {
    fn eq(&self, other: &Self) -> bool {
        self.at == other.at
    }
}
impl Eq for Pair {}
impl Hash for Pair {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.at.hash(state);
    }
}

impl Game for Pair {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let mut out = Vec::new();
        for side in 0..2 {
            if let Some(v) = self.at[side] {
                for &w in &self.graphs[side][v] {
                    let mut next = self.clone();
                    next.at[side] = Some(w);
                    out.push(next);
                }
            }
        }
        out
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        let mut parts = Vec::new();
        if self.split {
            for side in 0..2 {
                if self.at[side].is_some() {
                    let mut part = self.clone();
                    part.at[1 - side] = None;
                    parts.push(part);
                }
            }
        } else {
            parts.push(self.clone());
        }
        parts
    }
}

/// The product graph of `g` and `h`: vertex `a * h.len() + b` holds tokens on `a` and `b`.
fn product(g: &[Vec<usize>], h: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let m = h.len();
    let mut out = vec![Vec::new(); g.len() * m];
    for a in 0..g.len() {
        for b in 0..m {
            let moves_a = g[a].iter().map(|&a2| a2 * m + b);
            let moves_b = h[b].iter().map(|&b2| a * m + b2);
            out[a * m + b] = moves_a.chain(moves_b).collect();
        }
    }
    out
}

fn graph_strategy(max_vertices: usize, max_options: usize) -> impl Strategy<Value = Graph> {
    (1..=max_vertices).prop_flat_map(move |n| {
        proptest::collection::vec(proptest::collection::vec(0..n, 0..=max_options), n)
            .prop_map(Arc::new)
    })
}

/// Acyclic: every option of vertex v is a smaller vertex.
fn dag_strategy(max_vertices: usize) -> impl Strategy<Value = Graph> {
    proptest::collection::vec(
        proptest::collection::vec(any::<prop::sample::Index>(), 0..5),
        1..max_vertices,
    )
    .prop_map(|picks| {
        let graph = picks
            .iter()
            .enumerate()
            .map(|(v, options)| {
                if v == 0 {
                    return Vec::new();
                }
                options.iter().map(|i| i.index(v)).collect()
            })
            .collect();
        Arc::new(graph)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn outcomes_agree_with_retrograde_analysis(graph in graph_strategy(14, 4)) {
        let want = retrograde(&graph);
        let mut solver = LoopySolver::new();
        let mut indexed = LoopySolver::new();
        for (at, &want) in want.iter().enumerate() {
            let value = solver.value(&vertex(&graph, at))?;
            prop_assert_eq!(value.outcome(), want, "vertex {} valued {}", at, value);
            prop_assert_eq!(loopy::outcome(&vertex(&graph, at))?, want);
            let numbered = Vertex { indexed: true, ..vertex(&graph, at) };
            prop_assert_eq!(indexed.value(&numbered)?, value);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn the_sum_rule_holds_on_product_graphs(
        g in graph_strategy(6, 3),
        h in graph_strategy(6, 3),
    ) {
        let prod = retrograde(&product(&g, &h));
        let mut split = LoopySolver::new();
        let mut whole = LoopySolver::new();
        for a in 0..g.len() {
            for b in 0..h.len() {
                let pair = |split| Pair { graphs: [Arc::clone(&g), Arc::clone(&h)], at: [Some(a), Some(b)], split };
                let sum = loopy::value(&vertex(&g, a))? + loopy::value(&vertex(&h, b))?;
                prop_assert_eq!(sum.outcome(), prod[a * h.len() + b], "({}, {}) valued {}", a, b, &sum);
                prop_assert_eq!(split.value(&pair(true))?, sum.clone());
                // Labelling the product graph itself gives the same value.
                prop_assert_eq!(whole.value(&pair(false))?, sum);
            }
        }
    }

    #[test]
    fn acyclic_games_have_their_grundy_values(graph in dag_strategy(40)) {
        let mut solver = LoopySolver::new();
        for at in (0..graph.len()).rev() {
            let want = grundy(&vertex(&graph, at))?;
            prop_assert_eq!(solver.value(&vertex(&graph, at))?, Value::Finite(want));
        }
    }

    #[test]
    fn a_reused_solver_agrees_with_fresh_ones(
        graph in graph_strategy(16, 3),
        order in proptest::collection::vec(any::<prop::sample::Index>(), 1..16),
    ) {
        // Later questions reach vertices labelled by earlier ones, finite and infinite.
        let mut solver = LoopySolver::new();
        for i in order {
            let at = i.index(graph.len());
            prop_assert_eq!(solver.value(&vertex(&graph, at))?, loopy::value(&vertex(&graph, at))?);
        }
    }
}

/// The contract part `loopy` (`shared/contract/src/bin/loopy.rs`): its graphs and expected
/// values, copied as they are ("contract cases").
#[test]
fn contract_cases() {
    enum Want {
        F(u64),
        I(&'static [u64]),
    }
    use Want::{F, I};
    type Case = (&'static [&'static [usize]], &'static [Want]);
    const CASES: &[Case] = &[
        (&[&[1], &[2], &[0]], &[I(&[]), I(&[]), I(&[])]),
        (&[&[1], &[0, 2], &[]], &[F(0), F(1), F(0)]),
        (
            &[&[3], &[], &[], &[], &[0, 4], &[0]],
            &[F(1), F(0), F(0), F(0), I(&[1]), F(0)],
        ),
        (
            &[&[0, 1, 7], &[4], &[0, 2, 4], &[0, 2], &[5], &[], &[], &[]],
            &[I(&[0]), F(0), I(&[1]), I(&[]), F(1), F(0), F(0), F(0)],
        ),
        (
            &[
                &[7],
                &[3, 4, 5],
                &[1, 2, 5],
                &[3],
                &[],
                &[2, 7],
                &[0, 4, 7],
                &[],
            ],
            &[F(1), I(&[0]), I(&[]), I(&[]), F(0), I(&[0]), F(2), F(0)],
        ),
        (
            &[
                &[2, 6, 7],
                &[7],
                &[0, 5, 7],
                &[5, 7],
                &[4, 7],
                &[0, 1, 6],
                &[5, 7],
                &[],
            ],
            &[F(2), F(1), F(1), F(1), I(&[0]), F(0), F(1), F(0)],
        ),
        (
            &[&[1, 3], &[0, 1, 2], &[1, 2], &[]],
            &[I(&[0]), I(&[]), I(&[]), F(0)],
        ),
        (
            &[&[], &[6], &[1, 5], &[3], &[0, 3, 6], &[3], &[1, 2, 4]],
            &[F(0), I(&[]), I(&[]), I(&[]), I(&[0]), I(&[]), I(&[])],
        ),
    ];
    for (c, (graph, wants)) in CASES.iter().enumerate() {
        let graph: Graph = Arc::new(graph.iter().map(|options| options.to_vec()).collect());
        for (at, want) in wants.iter().enumerate() {
            let want = match want {
                F(v) => Value::Finite(Nimber::new(*v)),
                I(k) => Value::infinite(k.iter().map(|&v| Nimber::new(v))),
            };
            let got = loopy::value(&vertex(&graph, at)).unwrap();
            assert_eq!(got, want, "graph {c}, vertex {at}");
            assert_eq!(loopy::outcome(&vertex(&graph, at)).unwrap(), want.outcome());
        }
    }
    let inf = |k: &[u64]| Value::infinite(k.iter().map(|&v| Nimber::new(v)));
    assert_eq!(Value::Finite(Nimber::new(3)) + inf(&[0, 2]), inf(&[1, 3]));
    assert_eq!((inf(&[0, 2]) + inf(&[0, 2])).outcome(), Outcome::D);
    assert_eq!(inf(&[0, 2]).to_string(), "∞(0,*2)");
}

#[test]
fn outcomes_of_values() {
    let n = Nimber::new;
    assert_eq!(Value::Finite(n(0)).outcome(), Outcome::P);
    assert_eq!(Value::Finite(n(7)).outcome(), Outcome::N);
    assert_eq!(Value::infinite([n(0), n(5)]).outcome(), Outcome::N);
    assert_eq!(Value::infinite([n(1), n(5)]).outcome(), Outcome::D);
    assert_eq!(Value::infinite([]).outcome(), Outcome::D);
}

#[test]
fn sums_of_values() {
    let n = Nimber::new;
    let f = |v| Value::Finite(n(v));
    let inf = |k: &[u64]| Value::infinite(k.iter().map(|&v| n(v)));
    assert_eq!(f(5) + f(3), f(6));
    assert_eq!(inf(&[0, 1, 4]) + f(1), inf(&[0, 1, 5]));
    assert_eq!(f(2) + inf(&[]), inf(&[]));
    assert_eq!(inf(&[0]) + inf(&[0, 1]), inf(&[]));
    assert_eq!(
        [f(1), f(2), inf(&[3])].into_iter().sum::<Value>(),
        inf(&[0])
    );
    assert_eq!(std::iter::empty::<Value>().sum::<Value>(), f(0));
    let mut v = f(4);
    v += inf(&[4, 6]);
    assert_eq!(v, inf(&[0, 2]));
}

#[test]
fn display_of_values() {
    let n = Nimber::new;
    assert_eq!(Value::Finite(n(0)).to_string(), "0");
    assert_eq!(Value::Finite(n(1)).to_string(), "*");
    assert_eq!(Value::Finite(n(12)).to_string(), "*12");
    assert_eq!(Value::infinite([n(2), n(0), n(1)]).to_string(), "∞(0,*,*2)");
    assert_eq!(Value::infinite([]).to_string(), "∞");
    assert_eq!(format!("[{:>6}]", Value::infinite([n(3)])), "[ ∞(*3)]");
}

/// The wind-up subtraction game: a residue mod `modulus`, a move subtracts an element of
/// `set` modulo `modulus`; from 0 there is no move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct WindUp {
    modulus: u32,
    set: Vec<u32>,
    at: u32,
}

impl Game for WindUp {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let (m, at) = (self.modulus, self.at);
        let moves = if at == 0 { &[][..] } else { &self.set[..] };
        moves.iter().map(move |&s| WindUp {
            at: (at + m - s % m) % m,
            ..self.clone()
        })
    }
}

#[test]
fn wind_up_subtraction_agrees_with_retrograde_analysis() {
    for modulus in 1..30u32 {
        for set in [vec![1, 2], vec![1, 3, 4], vec![2, 5], vec![3]] {
            let graph: Vec<Vec<usize>> = (0..modulus)
                .map(|at| {
                    if at == 0 {
                        return Vec::new();
                    }
                    set.iter()
                        .map(|&s| ((at + modulus - s % modulus) % modulus) as usize)
                        .collect()
                })
                .collect();
            let want = retrograde(&graph);
            let mut solver = LoopySolver::new();
            for at in 0..modulus {
                let pos = WindUp {
                    modulus,
                    set: set.clone(),
                    at,
                };
                assert_eq!(
                    solver.outcome(&pos).unwrap(),
                    want[at as usize],
                    "mod {modulus}, {set:?}, {at}"
                );
            }
        }
    }
}

#[test]
fn a_million_moves_deep_path() {
    let mut solver = LoopySolver::new();
    assert_eq!(
        solver.value(&Path(1_000_000)).unwrap(),
        Value::Finite(Nimber::ZERO)
    );
    assert_eq!(solver.len(), 1_000_001);
    assert_eq!(
        solver.value(&Path(999_999)).unwrap(),
        Value::Finite(Nimber::STAR)
    );
}

/// A ring of a million positions with a single exit, at position 0, to a dead end.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Ring {
    At(u32),
    Out,
}

impl Game for Ring {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        match *self {
            Ring::At(0) => vec![Ring::At(1), Ring::Out],
            Ring::At(i) => vec![Ring::At((i + 1) % 1_000_000)],
            Ring::Out => vec![],
        }
    }
}

#[test]
fn a_million_position_cycle() {
    // Everyone is forced round the ring to 0, which wins by leaving; so positions an odd
    // number of moves before 0 are lost.
    let mut solver = LoopySolver::new();
    assert_eq!(
        solver.value(&Ring::At(0)).unwrap(),
        Value::Finite(Nimber::STAR)
    );
    assert_eq!(solver.outcome(&Ring::At(999_999)).unwrap(), Outcome::P);
    assert_eq!(solver.outcome(&Ring::At(999_998)).unwrap(), Outcome::N);
    assert_eq!(solver.outcome(&Ring::At(1)).unwrap(), Outcome::P);
}

#[test]
fn the_limit_triggers_and_the_solver_stays_usable() {
    let mut solver = LoopySolver::new().with_limit(50);
    assert_eq!(
        solver.value(&Path(10)).unwrap(),
        Value::Finite(Nimber::ZERO)
    );
    assert_eq!(solver.len(), 11);
    let err = solver.value(&Path(100)).unwrap_err();
    assert_eq!(err, Error::LimitExceeded { limit: 50 });
    assert_eq!(solver.len(), 11);
    assert_eq!(
        solver.value(&Path(49)).unwrap(),
        Value::Finite(Nimber::STAR)
    );
    assert_eq!(solver.len(), 50);
    solver.clear();
    assert!(solver.is_empty());
    assert_eq!(solver.value(&Path(3)).unwrap(), Value::Finite(Nimber::STAR));
}

#[test]
fn a_failed_call_keeps_earlier_infinite_values() {
    // 0 loops or exits to 1; 2 -> 3 -> 4 -> 2 is a ring; 5 loops or moves to 0.
    let graph: Graph = Arc::new(vec![
        vec![0, 1],
        vec![],
        vec![3],
        vec![4],
        vec![2],
        vec![5, 0],
    ]);
    let mut solver = LoopySolver::new().with_limit(4);
    let escape = Value::infinite([Nimber::ZERO]);
    assert_eq!(solver.value(&vertex(&graph, 0)).unwrap(), escape);
    assert_eq!(solver.len(), 2);
    assert_eq!(
        solver.value(&vertex(&graph, 2)),
        Err(Error::LimitExceeded { limit: 4 })
    );
    assert_eq!(solver.len(), 2);
    assert_eq!(
        solver.value(&vertex(&graph, 5)).unwrap(),
        Value::infinite([])
    );
    assert_eq!(solver.value(&vertex(&graph, 0)).unwrap(), escape);
    assert_eq!(solver.len(), 3);
}

#[test]
fn an_empty_sum_is_zero() {
    let pair = Pair {
        graphs: [Arc::new(vec![vec![]]), Arc::new(vec![vec![]])],
        at: [None, None],
        split: true,
    };
    assert_eq!(loopy::value(&pair).unwrap(), Value::Finite(Nimber::ZERO));
}
