//! The generic solvers on random games: a random digraph, whose positions are sums of one or
//! two tokens on it, against plain references written here: retrograde analysis for
//! outcomes (normal and misère play, draws), the mex by definition for values, and Smith's
//! labelling by its definition for loopy values. The solvers are reused from one question to
//! the next, after errors, after limits and after a panic in the game's code.
#![no_main]

use std::cell::Cell;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::Once;

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use sprague::loopy::{LoopySolver, Value};
use sprague::misere::MisereSolver;
use sprague::{Error, Game, Nimber, Outcome, Solver};

thread_local! {
    /// Counts calls of `successors`; the call with this number panics.
    static CALLS: Cell<u64> = const { Cell::new(0) };
    static PANIC_AT: Cell<u64> = const { Cell::new(u64::MAX) };
    /// Whether a panic is the test's own, to be caught rather than reported.
    static EXPECTED: Cell<bool> = const { Cell::new(false) };
}

/// A position: tokens on the vertices of a shared graph, sorted; a move moves one token.
#[derive(Clone)]
struct Tokens {
    at: Vec<u8>,
    graph: Arc<Vec<Vec<u8>>>,
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
impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.at)
    }
}

impl Tokens {
    fn options(&self) -> Vec<Tokens> {
        let mut out = Vec::new();
        for (i, &v) in self.at.iter().enumerate() {
            for &w in &self.graph[v as usize] {
                let mut at = self.at.clone();
                at[i] = w;
                at.sort_unstable();
                out.push(Tokens {
                    at,
                    graph: self.graph.clone(),
                });
            }
        }
        out
    }
}

impl Game for Tokens {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let call = CALLS.with(|c| c.replace(c.get() + 1));
        if call == PANIC_AT.with(Cell::get) {
            EXPECTED.with(|e| e.set(true));
            panic!("the game's own panic");
        }
        self.options()
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.at
            .iter()
            .map(|&v| Tokens {
                at: vec![v],
                graph: self.graph.clone(),
            })
            .collect::<Vec<_>>()
    }
}

/// Everything the references know about the positions reachable from a start.
struct Reference {
    /// The positions, in the order met, and their options by number.
    options: Vec<Vec<usize>>,
    number: HashMap<Vec<u8>, usize>,
}

impl Reference {
    fn new(start: &Tokens) -> Self {
        let mut r = Reference {
            options: Vec::new(),
            number: HashMap::new(),
        };
        let mut positions = vec![start.clone()];
        r.number.insert(start.at.clone(), 0);
        let mut i = 0;
        while i < positions.len() {
            let mut opts = Vec::new();
            for next in positions[i].options() {
                let len = positions.len();
                let id = *r.number.entry(next.at.clone()).or_insert(len);
                if id == len {
                    positions.push(next);
                }
                opts.push(id);
            }
            r.options.push(opts);
            i += 1;
        }
        r
    }

    /// Retrograde analysis: `Some(true)` for a win for the player to move, `None` for a draw.
    fn outcomes(&self, misere: bool) -> Vec<Option<bool>> {
        let n = self.options.len();
        let mut result = vec![None; n];
        loop {
            let mut changed = false;
            for v in 0..n {
                if result[v].is_some() {
                    continue;
                }
                let opts = &self.options[v];
                let decided = if opts.is_empty() {
                    Some(misere)
                } else if opts.iter().any(|&w| result[w] == Some(false)) {
                    Some(true)
                } else if opts.iter().all(|&w| result[w] == Some(true)) {
                    Some(false)
                } else {
                    None
                };
                if decided.is_some() {
                    result[v] = decided;
                    changed = true;
                }
            }
            if !changed {
                return result;
            }
        }
    }

    /// Smith's generalized values by their definition, round by round: `Err(escapes)` for ∞.
    fn smith(&self) -> Vec<std::result::Result<u64, BTreeSet<u64>>> {
        let n = self.options.len();
        let mut label: Vec<Option<std::result::Result<u64, BTreeSet<u64>>>> = vec![None; n];
        let mut m = 0u64;
        while label.iter().any(Option::is_none) {
            loop {
                let mut changed = false;
                for v in 0..n {
                    if label[v].is_some() {
                        continue;
                    }
                    let has_m =
                        |w: usize, label: &[Option<std::result::Result<u64, BTreeSet<u64>>>]| {
                            self.options[w].iter().any(|&x| label[x] == Some(Ok(m)))
                        };
                    let open = |w: usize| matches!(label[w], None | Some(Err(_)));
                    if !has_m(v, &label)
                        && self.options[v]
                            .iter()
                            .all(|&w| !open(w) || has_m(w, &label))
                    {
                        label[v] = Some(Ok(m));
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
            for v in 0..n {
                if label[v].is_none() && !self.options[v].iter().any(|&w| label[w] == Some(Ok(m))) {
                    label[v] = Some(Err(BTreeSet::new()));
                }
            }
            m += 1;
        }
        let finite: Vec<Option<u64>> = label
            .iter()
            .map(|l| l.as_ref().unwrap().as_ref().ok().copied())
            .collect();
        (0..n)
            .map(|v| match &label[v] {
                Some(Ok(x)) => Ok(*x),
                _ => Err(self.options[v].iter().filter_map(|&w| finite[w]).collect()),
            })
            .collect()
    }

    /// The Grundy value by the mex, if no position repeats.
    fn grundy(&self) -> Option<u64> {
        let n = self.options.len();
        let mut value: Vec<Option<u64>> = vec![None; n];
        for _ in 0..=n {
            for v in 0..n {
                if value[v].is_none() {
                    let opts: Option<HashSet<u64>> =
                        self.options[v].iter().map(|&w| value[w]).collect();
                    value[v] = opts.map(|s| (0..).find(|x| !s.contains(x)).unwrap());
                }
            }
        }
        value[0]
    }
}

fn to_outcome(win: Option<bool>) -> Outcome {
    match win {
        Some(true) => Outcome::N,
        Some(false) => Outcome::P,
        None => Outcome::D,
    }
}

/// Checks an error of a solver that found no value, with a memory budget if `budgeted`.
fn check_cycle(e: &Error, positions: usize, budgeted: bool) {
    match e {
        Error::Cycle { length, depth } => assert!(
            *length >= 1 && *length <= positions && *depth < positions,
            "{e}"
        ),
        e if stopped_short(e, budgeted) => {}
        e => panic!("unexpected error {e}"),
    }
}

/// Whether `e` ended a search short of an answer: the solver's limit, or, with a memory
/// budget (`budgeted`), the budget.
fn stopped_short(e: &Error, budgeted: bool) -> bool {
    matches!(e, Error::LimitExceeded { .. }) || (budgeted && matches!(e, Error::OutOfMemory { .. }))
}

/// The generic solvers' settings: the limit, and a memory budget of a few kilobytes (a few
/// dozen positions, so that tables make room and compact) and two threads, or neither.
fn generic(limit: usize, memory: Option<usize>, threads: usize) -> Solver<Tokens> {
    let solver = Solver::new().with_limit(limit).with_threads(threads);
    match memory {
        Some(bytes) => solver.with_memory(bytes),
        None => solver,
    }
}

/// Arms the game's panic for solver number `solver` if it is the one `chosen` to meet it: its
/// `panic_at`-th listing of moves from here on panics. Other solvers meet no panic.
fn arm(solver: u8, chosen: u8, panic_at: u64) {
    let at = if solver == chosen {
        CALLS.with(|c| c.set(0));
        panic_at
    } else {
        u64::MAX
    };
    PANIC_AT.with(|p| p.set(at));
}

/// Runs `f`, catching the game's own panic.
fn guarded<T>(f: impl FnOnce() -> T) -> Option<T> {
    let result = catch_unwind(AssertUnwindSafe(f));
    EXPECTED.with(|e| e.set(false));
    result.ok()
}

fn run(u: &mut Unstructured<'_>) -> Result<()> {
    let n = u.int_in_range(1..=7)?;
    let mut graph = vec![Vec::new(); n];
    for v in 0..n {
        let degree = u.int_in_range(0..=3)?;
        for _ in 0..degree {
            graph[v].push(u.int_in_range(0..=n as u8 - 1)?);
        }
    }
    let graph = Arc::new(graph);
    let limit = if u.arbitrary()? {
        usize::MAX
    } else {
        u.int_in_range(1..=40)?
    };
    let memory = if u.arbitrary()? {
        Some(u.int_in_range(0..=8000)?)
    } else {
        None
    };
    let threads = u.int_in_range(1..=2)?;
    let mut solver = generic(limit, memory, threads);
    // Reused whatever it answers: with the check, every answer is exact or a `Cycle`.
    let mut checked = generic(limit, memory, threads).with_cycle_check();
    let mut misere = MisereSolver::new().with_limit(limit);
    let mut loopy = LoopySolver::new().with_limit(limit);
    let panic_at = if u.arbitrary()? {
        u.int_in_range(0..=60)?
    } else {
        u64::MAX
    };
    // The solver that meets the game's panic: loopy, generic, cycle-checked or misère.
    let panicking = u.int_in_range(0..=3)?;
    for _ in 0..u.int_in_range(1..=6)? {
        let mut at = vec![u.int_in_range(0..=n as u8 - 1)?];
        if u.arbitrary()? {
            at.push(u.int_in_range(0..=n as u8 - 1)?);
            at.sort_unstable();
        }
        let p = Tokens {
            at,
            graph: graph.clone(),
        };
        if std::env::var_os("SPRAGUE_FUZZ_TRACE").is_some() {
            eprintln!(
                "graph {graph:?}, limit {limit}, memory {memory:?}, {threads} threads, panic at \
                 call {panic_at} of solver {panicking}: {p:?}"
            );
        }
        let r = Reference::new(&p);
        let positions = r.options.len();
        let normal = r.outcomes(false);
        let misere_ref = r.outcomes(true);
        let smith = r.smith();
        let value = r.grundy();
        arm(0, panicking, panic_at);
        if let Some(result) = guarded(|| loopy.value(&p)) {
            match result {
                Ok(v) => {
                    let expected = match &smith[0] {
                        Ok(x) => Value::Finite(Nimber::new(*x)),
                        Err(k) => Value::infinite(k.iter().map(|&x| Nimber::new(x))),
                    };
                    assert_eq!(v, expected, "{p:?} on {graph:?}");
                    assert_eq!(v.outcome(), to_outcome(normal[0]), "{p:?} on {graph:?}");
                }
                Err(Error::LimitExceeded { .. }) => {}
                Err(e) => panic!("loopy: unexpected error {e}"),
            }
        }
        // The generic solvers are reused after an error or a game's panic, as the others are.
        arm(1, panicking, panic_at);
        let mut solver_failed = false;
        if let Some(result) = guarded(|| solver.grundy(&p)) {
            solver_failed |= result.is_err();
            match (result, value) {
                (Ok(g), Some(x)) => assert_eq!(g.value(), x, "{p:?} on {graph:?}"),
                // Without the check, a position that repeats may get a value (documented); its
                // outcome is still checked below.
                (Ok(_), None) => {}
                (Err(e), None) => check_cycle(&e, positions, memory.is_some()),
                (Err(e), Some(_)) => assert!(
                    stopped_short(&e, memory.is_some()),
                    "{e} for {p:?} on {graph:?}"
                ),
            }
        }
        if let Some(result) = guarded(|| solver.outcome(&p)) {
            solver_failed |= result.is_err();
            match result {
                // Where positions repeat, the generic solver may answer for a draw (two equal
                // loopy components cancelled: reported with a reproducer).
                Ok(o) if value.is_some() || normal[0].is_some() => {
                    assert_eq!(o, to_outcome(normal[0]), "{p:?} on {graph:?}");
                }
                Ok(_) => {}
                Err(e) => check_cycle(&e, positions, memory.is_some()),
            }
        }
        // Without the check, a game that is not finite may get answers that mean nothing
        // (documented): a move to a draw listed as winning, say.
        if !solver_failed
            && value.is_some()
            && let Some(Ok(moves)) = guarded(|| solver.winning_moves(&p))
        {
            for m in moves {
                let id = r.number[&m.at];
                assert_eq!(normal[id], Some(false), "{m:?} from {p:?} on {graph:?}");
            }
        }
        arm(2, panicking, panic_at);
        if let Some(result) = guarded(|| checked.grundy(&p)) {
            match (result, value) {
                (Ok(g), Some(x)) => assert_eq!(g.value(), x, "checked: {p:?} on {graph:?}"),
                (Ok(g), None) => panic!("checked: {g} for {p:?}, which repeats, on {graph:?}"),
                (Err(e), None) => check_cycle(&e, positions, memory.is_some()),
                (Err(e), Some(_)) => assert!(
                    stopped_short(&e, memory.is_some()),
                    "checked: {e} for {p:?} on {graph:?}"
                ),
            }
        }
        if let Some(result) = guarded(|| checked.winning_moves(&p)) {
            match result {
                Ok(moves) => {
                    assert!(value.is_some(), "checked: moves from {p:?}, which repeats");
                    for m in moves {
                        let id = r.number[&m.at];
                        assert_eq!(normal[id], Some(false), "checked: {m:?} from {p:?}");
                    }
                }
                Err(e) if value.is_none() => check_cycle(&e, positions, memory.is_some()),
                Err(e) => assert!(
                    stopped_short(&e, memory.is_some()),
                    "checked: {e} for moves from {p:?} on {graph:?}"
                ),
            }
        }
        arm(3, panicking, panic_at);
        if let Some(result) = guarded(|| misere.outcome(&p)) {
            match result {
                Ok(o) => assert_eq!(o, to_outcome(misere_ref[0]), "misère {p:?} on {graph:?}"),
                Err(e) => check_cycle(&e, positions, false),
            }
        }
        if let Some(Ok(moves)) = guarded(|| misere.winning_moves(&p)) {
            for m in moves {
                let id = r.number[&m.at];
                assert_eq!(
                    misere_ref[id],
                    Some(false),
                    "misère {m:?} from {p:?} on {graph:?}"
                );
            }
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let report = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !EXPECTED.with(Cell::get) {
                report(info);
            }
        }));
    });
    let _ = run(&mut Unstructured::new(data));
});
