//! Values, wins, losses and draws of a game on a directed graph you type in.
//!
//! A token sits on a vertex; a move slides it along an edge; whoever cannot move loses. The
//! graph may have cycles, so play may last forever: the values are Smith's generalized
//! Sprague–Grundy values of [`sprague::loopy`], and an outcome can be a draw (`D`).
//!
//! # Input
//!
//! The graph comes on standard input, one vertex per line: the vertex, a colon, then the
//! vertices it can move to, separated by spaces. Vertices are non-negative integers; a vertex
//! that only appears after a colon has no move. Blank lines and lines starting with `#` are
//! ignored.
//!
//! Prints the value and outcome of every vertex. Each argument names a position with one
//! token on each of several vertices, joined by `+` (like `0+2+2`); its value is the sum of
//! the tokens' values (a move moves one token), printed after the table.
//!
//! ```text
//! $ printf '0: 1\n1: 2\n2: 0 3\n4: 4 0\n' | cargo run --release --example digraph -- 0+4 2+4 4+4
//! vertex  value  outcome
//!      0  *      N
//!      1  0      P
//!      2  *2     N
//!      3  0      P
//!      4  ∞(*)   D
//! 0+4: ∞(0) N
//! 2+4: ∞(*3) D
//! 4+4: ∞ D
//! ```

mod support;
use std::collections::BTreeMap;
use std::error::Error;
use std::io::{self, Read, Write};
use std::sync::Arc;

use sprague::Game;
use sprague::loopy::LoopySolver;

type Graph = BTreeMap<u64, Vec<u64>>;

/// Tokens on vertices of the graph, kept sorted; each token is a game of its own.
#[derive(Clone, Debug)]
struct Tokens {
    graph: Arc<Graph>,
    at: Vec<u64>,
}

// Positions share the graph: compare and hash the tokens only.
impl PartialEq for Tokens {
    fn eq(&self, other: &Self) -> bool {
        self.at == other.at
    }
}

impl Eq for Tokens {}

impl std::hash::Hash for Tokens {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.at.hash(state);
    }
}

impl Game for Tokens {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let mut out = Vec::new();
        for (i, v) in self.at.iter().enumerate() {
            for &w in self.graph.get(v).into_iter().flatten() {
                let mut at = self.at.clone();
                at[i] = w;
                at.sort_unstable();
                out.push(Tokens {
                    graph: Arc::clone(&self.graph),
                    at,
                });
            }
        }
        out
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.at.iter().map(|&v| Tokens {
            graph: Arc::clone(&self.graph),
            at: vec![v],
        })
    }
}

fn number(text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|e| format!("{text:?} is not a vertex number: {e}"))
}

fn parse_graph(input: &str) -> Result<Graph, String> {
    let mut graph = Graph::new();
    for (n, line) in input.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (vertex, options) = line.split_once(':').ok_or(format!(
            "line {}: expected `VERTEX: OPTIONS`, got {line:?}",
            n + 1
        ))?;
        let options: Vec<u64> = options
            .split_whitespace()
            .map(number)
            .collect::<Result<_, _>>()
            .map_err(|e| format!("line {}: {e}", n + 1))?;
        for &w in &options {
            graph.entry(w).or_default();
        }
        let vertex = number(vertex.trim()).map_err(|e| format!("line {}: {e}", n + 1))?;
        graph.entry(vertex).or_default().extend(options);
    }
    Ok(graph)
}

fn run() -> Result<(), Box<dyn Error>> {
    let mut input = String::new();
    io::stdin().read_to_string(&mut input)?;
    let graph = Arc::new(parse_graph(&input)?);
    let tokens = |at: Vec<u64>| Tokens {
        graph: Arc::clone(&graph),
        at,
    };

    let mut solver = LoopySolver::new();
    let mut out = io::stdout().lock();
    writeln!(out, "vertex  value  outcome")?;
    for &v in graph.keys() {
        let value = solver.value(&tokens(vec![v]))?;
        writeln!(out, "{v:>6}  {value:<6} {}", value.outcome())?;
    }
    for arg in std::env::args().skip(1) {
        let mut at: Vec<u64> = arg.split('+').map(number).collect::<Result<_, _>>()?;
        if let Some(v) = at.iter().find(|v| !graph.contains_key(v)) {
            return Err(format!("{arg}: vertex {v} is not in the graph").into());
        }
        at.sort_unstable();
        let value = solver.value(&tokens(at))?;
        writeln!(out, "{arg}: {value} {}", value.outcome())?;
    }
    Ok(())
}

fn main() -> std::process::ExitCode {
    support::exit(run())
}
