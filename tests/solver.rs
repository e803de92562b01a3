//! The generic solver against brute force, the Sprague–Grundy theorem, and its error cases.

mod common;

use std::collections::HashMap;
use std::sync::Arc;

use common::games::{Path, Take134};
use proptest::prelude::*;
use smallvec::{SmallVec, smallvec};
use sprague::games::Chomp;
use sprague::{
    Error, Game, Nimber, Outcome, Search, Solver, grundy, grundy_by, mex, outcome, outcome_by,
};

/// A random take-and-break game: each node has options, each option a multiset of lower nodes
/// (so the game is finite). A position is a multiset of tokens on nodes; a move replaces one
/// token by the nodes of one of its options.
#[derive(Debug)]
struct Rules {
    options: Vec<Vec<Vec<u16>>>,
}

impl Rules {
    /// Grundy values by the definition, node by node.
    fn brute_force(&self) -> Vec<u64> {
        let mut values: Vec<u64> = Vec::new();
        for options in &self.options {
            let reached = options
                .iter()
                .map(|o| Nimber::new(o.iter().fold(0, |x, &n| x ^ values[n as usize])));
            values.push(mex(reached).value());
        }
        values
    }
}

#[derive(Clone, Debug)]
struct Tokens {
    rules: Arc<Rules>,
    nodes: Vec<u16>,
    split: bool,
    /// Whether a single token is indexed by its node (other positions are hashed).
    indexed: bool,
    /// Whether the solver is asked to value every successor ([`Search::Exhaustive`]).
    exhaustive: bool,
    /// Whether a single token gives its successors as components
    /// ([`Game::split_successors`]).
    parts: bool,
}

impl PartialEq for Tokens {
    fn eq(&self, other: &Self) -> bool {
        self.nodes == other.nodes
    }
}
impl Eq for Tokens {}
impl std::hash::Hash for Tokens {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.nodes.hash(state);
    }
}

impl Tokens {
    fn new(rules: &Arc<Rules>, mut nodes: Vec<u16>, split: bool) -> Self {
        nodes.sort_unstable();
        Tokens {
            rules: Arc::clone(rules),
            nodes,
            split,
            indexed: false,
            exhaustive: false,
            parts: false,
        }
    }

    fn by_parts(self) -> Self {
        Tokens {
            parts: true,
            ..self
        }
    }

    fn indexed(self) -> Self {
        Tokens {
            indexed: true,
            ..self
        }
    }

    fn exhaustive(self) -> Self {
        Tokens {
            exhaustive: true,
            ..self
        }
    }

    /// A position of the same game with other tokens.
    fn with(&self, nodes: Vec<u16>) -> Self {
        Tokens {
            indexed: self.indexed,
            exhaustive: self.exhaustive,
            parts: self.parts,
            ..Tokens::new(&self.rules, nodes, self.split)
        }
    }
}

impl Game for Tokens {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let mut out = Vec::new();
        for (i, &n) in self.nodes.iter().enumerate() {
            if i > 0 && self.nodes[i - 1] == n {
                continue;
            }
            for option in &self.rules.options[n as usize] {
                let mut next = self.nodes.clone();
                next.remove(i);
                next.extend_from_slice(option);
                out.push(self.with(next));
            }
        }
        out
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        let parts: Vec<Self> = if self.split {
            self.nodes.iter().map(|&n| self.with(vec![n])).collect()
        } else {
            vec![self.clone()]
        };
        parts
    }

    fn split_successors(&self) -> Option<impl IntoIterator<Item = impl IntoIterator<Item = Self>>> {
        let [n] = self.nodes[..] else { return None };
        if !self.parts {
            return None;
        }
        Some(
            self.rules.options[usize::from(n)]
                .iter()
                .map(move |option| option.iter().map(move |&part| self.with(vec![part]))),
        )
    }

    fn index(&self) -> Option<usize> {
        match self.nodes[..] {
            [n] if self.indexed => Some(usize::from(n)),
            _ => None,
        }
    }

    fn search(&self) -> Search {
        if self.exhaustive {
            Search::Exhaustive
        } else {
            Search::Pruned
        }
    }
}

fn rules_strategy(max_nodes: usize, max_parts: usize) -> impl Strategy<Value = Arc<Rules>> {
    (1..=max_nodes)
        .prop_flat_map(move |n| {
            (0..n)
                .map(|i| {
                    let part = if i == 0 {
                        (0..1u16).boxed()
                    } else {
                        (0..i as u16).boxed()
                    };
                    let option = proptest::collection::vec(
                        part,
                        if i == 0 { 0..1 } else { 0..max_parts + 1 },
                    );
                    proptest::collection::vec(option, if i == 0 { 0..1 } else { 0..6 })
                })
                .collect::<Vec<_>>()
        })
        .prop_map(|options| Arc::new(Rules { options }))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Single tokens, including options that leave several tokens: the solver equals the
    /// definition.
    #[test]
    fn solver_agrees_with_brute_force(rules in rules_strategy(40, 3)) {
        let want = rules.brute_force();
        let mut solver = Solver::new();
        // Ask in a scrambled order so that searches start cold and warm.
        let mut indexed = Solver::new();
        let mut exhaustive = Solver::new();
        let mut by_parts = Solver::new();
        let n = want.len();
        for k in 0..n {
            let node = (k * 7 + 3) % n;
            let token = Tokens::new(&rules, vec![node as u16], true);
            prop_assert_eq!(solver.grundy(&token)?.value(), want[node], "node {}", node);
            let every = token.clone().exhaustive();
            prop_assert_eq!(exhaustive.grundy(&every)?.value(), want[node], "exhaustive node {}", node);
            let parts = every.by_parts();
            prop_assert_eq!(by_parts.grundy(&parts)?.value(), want[node], "by parts, node {}", node);
            let token = token.indexed();
            prop_assert_eq!(indexed.grundy(&token)?.value(), want[node], "indexed node {}", node);
        }
    }

    /// The settings of a large search change no value: a table far smaller than the game,
    /// which forgets and searches again, the cycle check, and the thread count.
    #[test]
    fn settings_do_not_change_values(rules in rules_strategy(40, 3), budget in 20_000usize..60_000) {
        let want = rules.brute_force();
        let n = want.len();
        let mut small = Solver::new().with_memory(budget);
        // Indexed tokens keep their values when a compaction forgets them.
        let mut small_indexed = Solver::new().with_memory(budget);
        let mut small_exhaustive = Solver::new().with_memory(budget);
        // Positions without an index stored before and between ones with an index.
        let mut mixed = Solver::new().with_memory(budget);
        let mut checked = Solver::new().with_cycle_check().with_threads(2);
        let mut single = Solver::new().with_threads(1);
        for k in 0..n {
            let node = (k * 7 + 3) % n;
            let token = Tokens::new(&rules, vec![node as u16], true);
            prop_assert_eq!(small.grundy(&token)?.value(), want[node], "budget, node {}", node);
            let indexed = token.clone().indexed();
            prop_assert_eq!(small_indexed.grundy(&indexed)?.value(), want[node], "budget, indexed node {}", node);
            let every = indexed.exhaustive();
            prop_assert_eq!(small_exhaustive.grundy(&every)?.value(), want[node], "budget, exhaustive node {}", node);
            prop_assert_eq!(mixed.grundy(&token)?.value(), want[node], "mixed, node {}", node);
            prop_assert_eq!(mixed.grundy(&token.clone().indexed())?.value(), want[node], "mixed, indexed node {}", node);
            prop_assert_eq!(checked.grundy(&token)?.value(), want[node], "checked, node {}", node);
            prop_assert_eq!(single.grundy(&token)?.value(), want[node], "one thread, node {}", node);
        }
    }

    /// With the cycle check, a position is an error exactly when a cycle can be reached from
    /// it, whatever was asked before.
    #[test]
    fn the_cycle_check_finds_every_reachable_cycle(
        edges in proptest::collection::vec(proptest::collection::vec(0u8..12, 0..4), 12),
        order in proptest::collection::vec(0u8..12, 1..12),
    ) {
        let graph = Arc::new(edges);
        let mut solver = Solver::new().with_cycle_check();
        for &start in &order {
            let got = solver.grundy(&Node { at: start, graph: Arc::clone(&graph) });
            prop_assert_eq!(got.is_err(), reaches_a_cycle(&graph, start), "from {}: {:?}", start, got);
            if let Err(e) = got {
                prop_assert!(matches!(e, Error::Cycle { .. }), "{:?}", e);
            }
        }
    }

    /// A fresh solver per question, so every search starts cold.
    #[test]
    fn cold_searches_agree_with_brute_force(rules in rules_strategy(30, 2), node in 0usize..30) {
        let want = rules.brute_force();
        let node = node % want.len();
        let got = grundy(&Tokens::new(&rules, vec![node as u16], true))?;
        prop_assert_eq!(got.value(), want[node]);
        let out = outcome(&Tokens::new(&rules, vec![node as u16], true))?;
        prop_assert_eq!(out, Outcome::from(Nimber::new(want[node])));
    }

    /// The Sprague–Grundy theorem: a sum is worth the nim-sum of its parts, whether or not the
    /// solver is told the parts.
    #[test]
    fn value_of_a_sum_is_the_nim_sum(rules in rules_strategy(12, 2), tokens in proptest::collection::vec(0u16..12, 0..3)) {
        let want = rules.brute_force();
        let tokens: Vec<u16> = tokens.into_iter().map(|t| t % want.len() as u16).collect();
        let nim_sum = tokens.iter().fold(0, |x, &t| x ^ want[t as usize]);
        let split = grundy(&Tokens::new(&rules, tokens.clone(), true))?;
        let indexed = grundy(&Tokens::new(&rules, tokens.clone(), true).indexed())?;
        let whole = grundy(&Tokens::new(&rules, tokens.clone(), false))?;
        let whole_indexed = grundy(&Tokens::new(&rules, tokens, false).indexed())?;
        prop_assert_eq!(split.value(), nim_sum);
        prop_assert_eq!(indexed.value(), nim_sum);
        prop_assert_eq!(whole.value(), nim_sum);
        prop_assert_eq!(whole_indexed.value(), nim_sum);
    }

    /// Winning moves are exactly the moves to positions of value 0.
    #[test]
    fn winning_moves_are_the_moves_to_zero(rules in rules_strategy(15, 2), tokens in proptest::collection::vec(0u16..15, 1..3)) {
        let n = rules.options.len() as u16;
        let position = Tokens::new(&rules, tokens.into_iter().map(|t| t % n).collect(), true);
        let mut solver = Solver::new();
        let wins = solver.winning_moves(&position)?;
        let zeros: Vec<Tokens> = position.successors().into_iter().filter(|s| grundy(s).unwrap().is_zero()).collect();
        prop_assert_eq!(wins, zeros);
    }

    /// Who wins a sum, asked of one component whether it is worth the nim-sum of the others,
    /// is who wins by the values, on every setting; and the bounds those questions leave in
    /// the table change no value asked for later.
    #[test]
    fn outcomes_and_values_asked_in_turn_agree_with_brute_force(
        rules in rules_strategy(30, 2),
        sums in proptest::collection::vec(proptest::collection::vec(0u16..30, 1..4), 1..12),
        budget in 20_000usize..60_000,
    ) {
        let want = rules.brute_force();
        let n = want.len() as u16;
        let mut solvers = [
            ("default", Solver::new()),
            ("one thread", Solver::new().with_threads(1)),
            ("two threads", Solver::new().with_threads(2)),
            ("budget", Solver::new().with_memory(budget)),
            ("checked", Solver::new().with_cycle_check()),
        ];
        for tokens in sums {
            let tokens: Vec<u16> = tokens.into_iter().map(|t| t % n).collect();
            let nim_sum = tokens.iter().fold(0, |x, &t| x ^ want[t as usize]);
            let sum = Tokens::new(&rules, tokens.clone(), true);
            let first = Tokens::new(&rules, vec![tokens[0]], true);
            for (name, solver) in &mut solvers {
                let got = solver.outcome(&sum)?;
                prop_assert_eq!(got, Outcome::from(Nimber::new(nim_sum)), "{} {:?}", name, tokens);
                prop_assert_eq!(solver.grundy(&first)?.value(), want[tokens[0] as usize], "{} {:?}", name, tokens);
            }
        }
    }

    /// The closure entry point agrees with the trait.
    #[test]
    fn closure_entry_point_agrees(rules in rules_strategy(25, 1), node in 0usize..25) {
        let want = rules.brute_force();
        let node = (node % want.len()) as u16;
        // With at most one part per option, a position is a single node or nothing.
        let moves = |&at: &Option<u16>| {
            let options = at.map_or(&[][..], |n| &rules.options[n as usize][..]);
            options.iter().map(|o| o.first().copied()).collect::<Vec<_>>()
        };
        let got = grundy_by(&Some(node), moves)?;
        prop_assert_eq!(got.value(), want[node as usize]);
        let outcome = outcome_by(&Some(node), moves)?;
        prop_assert_eq!(outcome, Outcome::from(got));
    }
}

#[test]
fn take_one_three_or_four_example() {
    let values: Vec<u64> = (0..14)
        .map(|n| grundy(&Take134(n)).unwrap().value())
        .collect();
    // Period 7: 0 1 0 1 2 3 2 (OEIS A1 of the subtraction game {1, 3, 4}).
    assert_eq!(values, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
    assert_eq!(
        Solver::new().winning_moves(&Take134(6)).unwrap(),
        vec![Take134(2)]
    );
    assert!(Solver::new().winning_moves(&Take134(7)).unwrap().is_empty());
}

#[test]
fn a_million_moves_deep_does_not_overflow_the_stack() {
    assert_eq!(grundy(&Path(1_000_000)).unwrap(), Nimber::new(0));
    assert_eq!(outcome(&Path(999_999)).unwrap(), Outcome::N);
}

/// A path of `lead` positions into a cycle of `cycle` positions.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Lasso {
    at: u32,
    lead: u32,
    cycle: u32,
    /// Whether positions are indexed by `at`.
    indexed: bool,
}

impl Game for Lasso {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let next = if self.at + 1 == self.lead + self.cycle {
            self.lead
        } else {
            self.at + 1
        };
        [Lasso { at: next, ..*self }]
    }

    fn index(&self) -> Option<usize> {
        self.indexed.then_some(self.at as usize)
    }
}

#[test]
fn a_cycle_far_from_the_start_is_reported_with_its_length_and_depth() {
    let start = Lasso {
        at: 0,
        lead: 5000,
        cycle: 3,
        indexed: false,
    };
    let cycle = Err(Error::Cycle {
        length: 3,
        depth: 5000,
    });
    assert_eq!(grundy(&start), cycle);
    let indexed = Lasso {
        indexed: true,
        ..start
    };
    assert_eq!(grundy(&indexed), cycle);
    let self_loop = Lasso {
        at: 0,
        lead: 2,
        cycle: 1,
        indexed: false,
    };
    assert_eq!(
        grundy(&self_loop),
        Err(Error::Cycle {
            length: 1,
            depth: 2
        })
    );
    let msg = grundy(&start).unwrap_err().to_string();
    assert!(
        msg.contains("after 3 moves") && msg.contains("5000 moves from the start"),
        "{msg}"
    );
}

#[test]
fn a_cycle_through_a_split_component_is_found() {
    // 1 -> {0, 1}: the token on 1 reappears beside a new token.
    let rules = Arc::new(Rules {
        options: vec![vec![], vec![vec![0, 1]]],
    });
    let result = grundy(&Tokens::new(&rules, vec![1], true));
    assert!(
        matches!(result, Err(Error::Cycle { length: 1, .. })),
        "{result:?}"
    );
}

#[test]
fn the_limit_triggers_and_the_solver_stays_usable() {
    let mut solver = Solver::new().with_limit(50);
    assert_eq!(
        solver.grundy(&Path(1000)),
        Err(Error::LimitExceeded { limit: 50 })
    );
    assert!(solver.len() <= 50);
    // Small questions still fit, and the stored values are right.
    assert_eq!(solver.grundy(&Path(10)).unwrap(), Nimber::new(0));
    assert_eq!(solver.grundy(&Path(11)).unwrap(), Nimber::new(1));
}

#[test]
fn errors_leave_no_search_state_behind() {
    for indexed in [false, true] {
        let mut solver = Solver::new();
        let start = Lasso {
            at: 0,
            lead: 10,
            cycle: 2,
            indexed,
        };
        assert!(solver.grundy(&start).is_err());
        // The same solver reports the same error again, not a stale one.
        assert_eq!(
            solver.grundy(&start),
            Err(Error::Cycle {
                length: 2,
                depth: 10
            })
        );
    }
}

/// A path numbered from `offset`: positions `offset + n`, so that a path across
/// 2<sup>24</sup> has positions both in the solver's index array and hashed.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct NumberedPath {
    n: u32,
    offset: usize,
}

impl Game for NumberedPath {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        (self.n > 0).then(|| NumberedPath {
            n: self.n - 1,
            ..*self
        })
    }

    fn index(&self) -> Option<usize> {
        Some(self.offset + self.n as usize)
    }
}

#[test]
fn indexed_positions_obey_the_limit_and_survive_errors() {
    let path = |n| NumberedPath { n, offset: 0 };
    let mut solver = Solver::new().with_limit(50);
    assert_eq!(
        solver.grundy(&path(1000)),
        Err(Error::LimitExceeded { limit: 50 })
    );
    assert!(solver.len() <= 50);
    assert_eq!(solver.grundy(&path(10)).unwrap(), Nimber::new(0));
    assert_eq!(solver.grundy(&path(11)).unwrap(), Nimber::new(1));
    assert_eq!(solver.len(), 12);
}

#[test]
fn indices_beyond_the_array_are_hashed() {
    let mut solver = Solver::new();
    for n in [0, 99, 100, 101, 1000] {
        let across = NumberedPath {
            n,
            offset: (1 << 24) - 100,
        };
        assert_eq!(
            solver.grundy(&across).unwrap(),
            Nimber::new(u64::from(n % 2))
        );
    }
    assert_eq!(solver.len(), 1001);
}

#[test]
fn a_reused_solver_reuses_its_table() {
    let mut solver = Solver::new();
    solver.grundy(&Take134(200)).unwrap();
    let stored = solver.len();
    solver.grundy(&Take134(150)).unwrap();
    assert_eq!(solver.len(), stored, "everything below 200 is known");
    solver.clear();
    assert!(solver.is_empty());
}

#[test]
fn outcome_by_closure() {
    // Take 1 or 2: multiples of 3 are lost for the player to move.
    let take = |&n: &u32| (1..=2).filter(move |&k| k <= n).map(move |k| n - k);
    for n in 0..20 {
        let want = if n % 3 == 0 { Outcome::P } else { Outcome::N };
        assert_eq!(outcome_by(&n, take).unwrap(), want);
    }
}

/// A node of a directed graph, which may have cycles; a move follows an edge.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Node {
    at: u8,
    graph: Arc<Vec<Vec<u8>>>,
}

impl Game for Node {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        self.graph[self.at as usize]
            .iter()
            .map(|&at| Node {
                at,
                graph: Arc::clone(&self.graph),
            })
            .collect::<Vec<_>>()
    }
}

/// Whether a cycle can be reached from `start`: by brute force, some node reachable from
/// `start` reaches itself in one or more moves.
fn reaches_a_cycle(graph: &[Vec<u8>], start: u8) -> bool {
    let reach = |from: u8| {
        let mut seen = vec![false; graph.len()];
        let mut todo: Vec<u8> = graph[from as usize].clone();
        while let Some(v) = todo.pop() {
            if !std::mem::replace(&mut seen[v as usize], true) {
                todo.extend(&graph[v as usize]);
            }
        }
        seen
    };
    let from_start = reach(start);
    (0..graph.len() as u8).any(|v| (v == start || from_start[v as usize]) && reach(v)[v as usize])
}

/// Root -> {One, Zero, Loop}, One -> {Zero}, Loop -> {Loop}.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Lure {
    Root,
    One,
    Zero,
    Loop,
}

impl Game for Lure {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        match self {
            Lure::Root => vec![Lure::One, Lure::Zero, Lure::Loop],
            Lure::One => vec![Lure::Zero],
            Lure::Zero => vec![],
            Lure::Loop => vec![Lure::Loop],
        }
    }
}

#[test]
fn a_cycle_behind_a_settled_question_is_found_by_the_check() {
    let cycle = Err(Error::Cycle {
        length: 1,
        depth: 1,
    });
    assert_eq!(Solver::new().with_cycle_check().grundy(&Lure::Root), cycle);
    // Whatever was asked before.
    let mut solver = Solver::new().with_cycle_check();
    assert_eq!(solver.grundy(&Lure::One), Ok(Nimber::new(1)));
    assert_eq!(solver.grundy(&Lure::Zero), Ok(Nimber::new(0)));
    assert_eq!(solver.grundy(&Lure::Root), cycle);
    assert_eq!(
        solver.grundy(&Lure::Loop),
        Err(Error::Cycle {
            length: 1,
            depth: 0
        })
    );
    // Without the check the search never looks behind Loop: the default promises exact
    // values for finite games only.
    assert!(matches!(
        Solver::new().grundy(&Lure::Root),
        Ok(_) | Err(Error::Cycle { .. })
    ));
}

/// A position whose two moves to `Twin(0)` and `Twin(1)` leave the same component, a path
/// of 101 moves (worth 1, one move a position), and whose one move to `Lone` leaves a
/// position with three moves, to `Spoke(0..3)`, each worth 1: `Lone` is worth 0. `Above`
/// has one move, to `Root`; `Sum` is the sum of its parts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Mirror {
    Sum(Vec<Mirror>),
    Above,
    Root,
    Twin(u8),
    Path(u32),
    Lone,
    Spoke(u8),
}

thread_local! {
    /// How many times this thread listed the moves of `Mirror::Root`.
    static ROOT_LISTINGS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

impl Game for Mirror {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        match *self {
            Mirror::Sum(ref parts) => (0..parts.len())
                .flat_map(|at| {
                    parts[at].successors().into_iter().map(move |next| {
                        let mut moved = parts.clone();
                        moved[at] = next;
                        Mirror::Sum(moved)
                    })
                })
                .collect(),
            Mirror::Above => vec![Mirror::Root],
            Mirror::Root => {
                ROOT_LISTINGS.with(|listings| listings.set(listings.get() + 1));
                vec![Mirror::Twin(0), Mirror::Twin(1), Mirror::Lone]
            }
            Mirror::Twin(_) => vec![Mirror::Path(100)],
            Mirror::Path(k) => (k > 0).then_some(Mirror::Path(k - 1)).into_iter().collect(),
            Mirror::Lone => (0..3).map(Mirror::Spoke).collect(),
            Mirror::Spoke(_) => vec![Mirror::Path(0)],
        }
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        match self {
            Mirror::Sum(parts) => parts.iter().flat_map(Mirror::split).collect(),
            Mirror::Twin(_) => vec![Mirror::Path(101)],
            other => vec![other.clone()],
        }
    }
}

#[test]
fn the_question_and_its_successors_try_a_successor_alone_of_its_kind_first() {
    // `Twin(0)` and `Twin(1)` are easier (one move against three), but of a kind of two:
    // `Lone` is tried first, and answers who wins before the path is searched.
    let mut solver = Solver::new().with_threads(1);
    assert_eq!(solver.outcome(&Mirror::Root), Ok(Outcome::N));
    assert!(solver.len() < 20, "{} positions stored", solver.len());
    assert_eq!(solver.grundy(&Mirror::Root), Ok(Nimber::new(2)));
    assert!(solver.len() > 100, "{} positions stored", solver.len());
    // So does the test of the question's successor `Root`, asked whether it is worth 0.
    let mut solver = Solver::new().with_threads(1);
    assert_eq!(solver.outcome(&Mirror::Above), Ok(Outcome::P));
    assert!(solver.len() < 20, "{} positions stored", solver.len());
}

#[test]
fn who_wins_a_sum_asks_the_component_with_the_most_moves() {
    // `Root` (three moves, worth 2) and `Path(2)` (one move, worth 0), in either order:
    // `Root` is asked whether it is worth 0, never valued.
    for parts in [
        vec![Mirror::Root, Mirror::Path(2)],
        vec![Mirror::Path(2), Mirror::Root],
    ] {
        let mut solver = Solver::new().with_threads(1);
        assert_eq!(solver.outcome(&Mirror::Sum(parts)), Ok(Outcome::N));
        assert!(solver.len() < 20, "{} positions stored", solver.len());
    }
    // `Path(2)` and `Path(4)`, both worth 0, of one move each: a loss whichever is asked.
    let paths = Mirror::Sum(vec![Mirror::Path(2), Mirror::Path(4)]);
    assert_eq!(Solver::new().outcome(&paths), Ok(Outcome::P));
}

#[test]
fn who_wins_a_sum_lists_no_moves_of_a_component_already_valued() {
    // One thread: the calling one, which counts the listings.
    let mut solver = Solver::new().with_threads(1);
    assert_eq!(solver.grundy(&Mirror::Root), Ok(Nimber::new(2)));
    let listed = ROOT_LISTINGS.with(std::cell::Cell::get);
    // `Root` (worth 2, three moves, valued) and `Path(5)` (worth 1, one move): *2 + *1 is a
    // win, and `Path(5)` is asked about, `Root`'s value taken from the table.
    let sum = Mirror::Sum(vec![Mirror::Root, Mirror::Path(5)]);
    assert_eq!(solver.outcome(&sum), Ok(Outcome::N));
    assert_eq!(ROOT_LISTINGS.with(std::cell::Cell::get), listed);
    // A fresh solver lists them, to choose the component it asks about.
    assert_eq!(Solver::new().with_threads(1).outcome(&sum), Ok(Outcome::N));
    assert!(ROOT_LISTINGS.with(std::cell::Cell::get) > listed);
}

#[test]
fn a_search_that_needs_more_than_the_budget_at_once_is_out_of_memory() {
    // A path 1000 deep keeps 1000 components on the stack.
    let mut solver = Solver::new().with_memory(1000);
    assert!(matches!(
        solver.grundy(&Path(1000)),
        Err(Error::OutOfMemory { .. })
    ));
    assert_eq!(solver.grundy(&Path(5)).unwrap(), Nimber::new(1));
}

#[test]
fn a_budget_far_below_the_game_still_gives_exact_values() {
    // Node i moves to fractions of i: 3000 nodes, but lines of play of at most 30 moves.
    let options = (0..3000u16)
        .map(|i| {
            if i < 2 {
                return vec![];
            }
            vec![
                vec![i / 2],
                vec![i / 3, i / 4],
                vec![i * 2 / 3],
                vec![i * 3 / 4, i / 7],
            ]
        })
        .collect();
    let rules = Arc::new(Rules { options });
    let want = rules.brute_force();
    let mut small = Solver::new().with_memory(40_000);
    for node in (0..3000).rev().step_by(7) {
        let token = Tokens::new(&rules, vec![node as u16], true);
        assert_eq!(small.grundy(&token).unwrap().value(), want[node], "{node}");
    }
    assert!(small.len() < 400, "{} positions stored", small.len());
}

/// A path whose moves panic while `PANIC` is set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Fragile(u32);

static PANIC: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

impl Game for Fragile {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        assert!(
            !(self.0 == 3 && PANIC.load(std::sync::atomic::Ordering::SeqCst)),
            "the user's code panics"
        );
        (self.0 > 0).then(|| Fragile(self.0 - 1))
    }
}

#[test]
fn a_panic_in_the_users_code_leaves_the_solver_usable() {
    for check in [false, true] {
        let mut solver = Solver::new();
        if check {
            solver = solver.with_cycle_check();
        }
        PANIC.store(true, std::sync::atomic::Ordering::SeqCst);
        let caught =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| solver.grundy(&Fragile(10))));
        PANIC.store(false, std::sync::atomic::Ordering::SeqCst);
        assert!(caught.is_err());
        // No false cycle through the positions the panic left half searched.
        assert_eq!(solver.grundy(&Fragile(10)).unwrap(), Nimber::new(0));
        assert_eq!(solver.grundy(&Fragile(7)).unwrap(), Nimber::new(1));
    }
}

/// A position with a hundred million moves, listed lazily: to `Wide(1)`, …, `Wide(n)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Wide(u64);

impl Game for Wide {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let n = self.0;
        (n > 1_000_000)
            .then_some(1..=n)
            .into_iter()
            .flatten()
            .map(|k| {
                BUILT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                Wide(k)
            })
    }
}

static BUILT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

#[test]
fn the_limit_applies_before_every_successor_is_built() {
    // Interning the first successors meets the limit long before the hundred millionth.
    assert_eq!(
        Solver::new().with_limit(1000).grundy(&Wide(100_000_000)),
        Err(Error::LimitExceeded { limit: 1000 })
    );
    assert!(BUILT.load(std::sync::atomic::Ordering::SeqCst) <= 1000);
}

/// Grundy's game: a move splits a heap into two unequal non-empty heaps.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct GrundysGame(Vec<u32>);

impl Game for GrundysGame {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let mut out = Vec::new();
        for (i, &h) in self.0.iter().enumerate() {
            for a in 1..h.div_ceil(2) {
                let mut heaps = self.0.clone();
                heaps[i] = a;
                heaps.push(h - a);
                heaps.sort_unstable();
                out.push(GrundysGame(heaps));
            }
        }
        out
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.0.iter().map(|&h| GrundysGame(vec![h]))
    }
}

#[test]
fn a_wide_game_asked_directly_agrees_with_the_table() {
    // Heaps of 1300 have 649 moves: searches list them again window by window.
    let n = 1300;
    let mut want = vec![0u64; n + 1];
    for h in 3..=n {
        want[h] = mex((1..h.div_ceil(2)).map(|a| Nimber::new(want[a] ^ want[h - a]))).value();
    }
    // OEIS A002188 begins 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0.
    assert_eq!(
        want[..21],
        [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0
        ]
    );
    for h in [n, n - 1, 1000] {
        let got = grundy(&GrundysGame(vec![h as u32])).unwrap();
        assert_eq!(got.value(), want[h], "heap {h}");
    }
}

/// Grundy's game counting, in `LISTINGS[K]`, how often the solver lists the moves of each
/// heap: one `K` a test, since tests run side by side. The heaps are held in place, so that
/// the split allocates nothing and is timed as cheap even while other tests run: a split
/// timed as costly has other threads join a search at once.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct CountedGrundys<const K: usize>(SmallVec<[u32; 4]>);

/// How often each [`CountedGrundys`] listed the moves of the heap at each index.
static LISTINGS: [std::sync::Mutex<Vec<u32>>; 2] = [const { std::sync::Mutex::new(Vec::new()) }; 2];

impl<const K: usize> Game for CountedGrundys<K> {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        if let [heap] = self.0[..] {
            let mut listings = LISTINGS[K].lock().unwrap();
            let heap = heap as usize;
            if listings.len() <= heap {
                listings.resize(heap + 1, 0);
            }
            listings[heap] += 1;
        }
        let game = GrundysGame(self.0.to_vec());
        let successors = game.successors().into_iter();
        successors
            .map(|next| CountedGrundys(SmallVec::from_slice(&next.0)))
            .collect::<Vec<_>>()
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.0
            .iter()
            .map(|&heap| CountedGrundys(smallvec![heap]))
            .collect::<SmallVec<[_; 4]>>()
    }
}

/// Asserts that [`CountedGrundys`] listed no heap of more than 64 moves (131 and up) more
/// than twice; returns how often it listed each of them.
fn wide_heaps_listed_at_most_twice<const K: usize>() -> Vec<u32> {
    let listings = LISTINGS[K].lock().unwrap();
    for (heap, &count) in listings.iter().enumerate().skip(131) {
        assert!(count <= 2, "heap {heap} listed {count} times");
    }
    listings.get(131..).unwrap_or_default().to_vec()
}

#[test]
fn a_wide_component_is_tested_once_then_valued() {
    // A heap of h has (h - 1) / 2 moves: over 64 from 131 on. Its first test lists its moves
    // and counts them; a second test would list them all again, and most likely end no
    // sooner than the exact search that lists them once more.
    let n = 700;
    let got = Solver::new()
        .with_threads(1)
        .grundy(&CountedGrundys::<0>(smallvec![n]))
        .unwrap();
    let want = grundy(&GrundysGame(vec![n])).unwrap();
    assert_eq!(got, want);
    let listings = wide_heaps_listed_at_most_twice::<0>();
    assert!(listings.contains(&2));
}

#[test]
fn a_question_valued_exactly_throughout_is_searched_by_one_thread() {
    // Each heap's value needs every smaller heap's: a second thread searching the same
    // question would list the same heaps again, in nearly the same order.
    let n = 4600;
    let got = Solver::new()
        .with_threads(2)
        .grundy(&CountedGrundys::<1>(smallvec![n]))
        .unwrap();
    // The sequence engine's Grundy's game, checked against Czajka's table in `grundys.rs`.
    let want = sprague::games::GrundysGame::new()
        .sequence(n as usize + 1)
        .unwrap();
    assert_eq!(Some(got), want.get(n as usize));
    wide_heaps_listed_at_most_twice::<1>();
}

#[test]
fn chomp_on_a_vector_with_the_default_split_has_the_values_of_games_chomp() {
    // Every successor is one component, and most are met again: looked up whole, not split.
    for (rows, columns) in [(4, 7), (6, 6), (7, 5), (8, 3)] {
        let user = common::user_chomp::Chomp(vec![columns; rows]);
        let ready = Chomp::new(rows as u32, columns as u32).unwrap();
        assert_eq!(
            grundy(&user).unwrap(),
            grundy(&ready).unwrap(),
            "{rows} x {columns}"
        );
    }
}

/// Chomp as a user writes it, on the lengths of its rows (non-increasing), counting how often
/// the solver lists the moves of each position in `CHOMP_LISTINGS[K]`: tests running at once
/// count apart.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct CountedChomp<const K: usize>(Vec<u8>);

/// How often a [`CountedChomp`] listed the moves of each position, by its rows.
type ChompListings = Option<HashMap<Vec<u8>, u32>>;

/// The listings of each [`CountedChomp`].
static CHOMP_LISTINGS: [std::sync::Mutex<ChompListings>; 2] =
    [const { std::sync::Mutex::new(None) }; 2];

impl<const K: usize> Game for CountedChomp<K> {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let mut listings = CHOMP_LISTINGS[K].lock().unwrap();
        *listings
            .get_or_insert_with(HashMap::new)
            .entry(self.0.clone())
            .or_insert(0) += 1;
        common::user_chomp::bites(&self.0)
            .into_iter()
            .map(CountedChomp)
            .collect::<Vec<_>>()
    }
}

/// The value of the user-written Chomp on a board of `rows` x `columns` on `threads` threads,
/// with how many positions it listed the moves of and how many times in all.
fn counted_chomp<const K: usize>(rows: u8, columns: usize, threads: usize) -> (Nimber, usize, u32) {
    *CHOMP_LISTINGS[K].lock().unwrap() = None;
    let got = Solver::new()
        .with_threads(threads)
        .grundy(&CountedChomp::<K>(vec![rows; columns]))
        .unwrap();
    let listings = CHOMP_LISTINGS[K].lock().unwrap();
    let listings = listings.as_ref().unwrap();
    (got, listings.len(), listings.values().sum())
}

#[test]
fn a_game_whose_tests_repeat_is_searched_for_exact_values() {
    // Chomp's values are large and its positions meet again and again: a test of one seldom
    // settles a question, and the same positions are tested again, each time listing their
    // moves. Once repeated tests are seven tenths of first ones, the solver values positions
    // exactly.
    let (got, positions, total) = counted_chomp::<0>(8, 8, 1);
    assert_eq!(got, grundy(&Chomp::new(8, 8).unwrap()).unwrap());
    // At most every staircase within 8 x 8 but the empty one.
    assert!(positions <= 12_869);
    assert!(
        f64::from(total) < 2.5 * positions as f64,
        "{total} listings of {positions} positions"
    );
}

#[test]
fn a_game_whose_positions_own_memory_is_searched_by_one_thread() {
    // Each successor of Chomp on a vector of rows is an allocation, which glibc's allocator
    // locks for once a second thread has started: the question stays on the calling thread,
    // which lists the same positions as one thread does, and as often but for the few tests
    // that the split cache settles one way or another as its timings keep it or rest it (a
    // second thread would list thousands more).
    let alone = counted_chomp::<1>(9, 9, 1);
    assert_eq!(alone.0, grundy(&Chomp::new(9, 9).unwrap()).unwrap());
    let (got, positions, total) = counted_chomp::<1>(9, 9, 2);
    assert_eq!((got, positions), (alone.0, alone.1));
    assert!(
        total.abs_diff(alone.2) <= alone.2 / 200,
        "{total} listings on two threads against {}",
        alone.2
    );
}

/// One Nim heap, whose moves are listed from the largest heap left to the smallest.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Heap(u32);

impl Game for Heap {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        (0..self.0).rev().map(Heap)
    }
}

#[test]
fn tests_that_look_at_every_move_of_a_wide_position_see_them_all() {
    // A heap of n is worth n: telling that it is not worth t < n takes the last move listed.
    for n in [600, 1100, 1537] {
        assert_eq!(grundy(&Heap(n)).unwrap(), Nimber::new(u64::from(n)));
    }
}
