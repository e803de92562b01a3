//! Loopy labelling of large games: a generated digraph of a million vertices with cycles,
//! dead ends and every kind of value, a subtraction game modulo a million, and a path of a
//! million moves.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use sprague::Game;
use sprague::loopy::{LoopySolver, value};

const VERTICES: u32 = 1_000_000;

/// A token on a generated digraph: vertex i moves to its children 2i + 1 and 2i + 2 in a
/// binary tree (so that vertex 0 reaches every vertex) and to up to two vertices anywhere,
/// chosen by a fixed pseudo-random rule; an eighth of the leaves are dead ends. About 2.2
/// million moves; values 0 to *3 and infinite ones, wins and draws among them, in similar
/// numbers.
#[derive(Clone)]
struct Vertex {
    options: Arc<Vec<Vec<u32>>>,
    at: u32,
}

// Positions of one game share the graph: compare and hash the vertex only.
impl PartialEq for Vertex {
    fn eq(&self, other: &Self) -> bool {
        self.at == other.at
    }
}

impl Eq for Vertex {}

impl std::hash::Hash for Vertex {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.at.hash(state);
    }
}

impl Game for Vertex {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        self.options[self.at as usize].iter().map(|&at| Vertex {
            options: Arc::clone(&self.options),
            at,
        })
    }
}

fn generated_graph(n: u32) -> Arc<Vec<Vec<u32>>> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |bound: u32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % u64::from(bound)) as u32
    };
    let options = (0..n)
        .map(|i| {
            let children: Vec<u32> = [2 * i + 1, 2 * i + 2]
                .into_iter()
                .filter(|&c| c < n)
                .collect();
            let extra = if children.is_empty() {
                if next(8) == 0 { 0 } else { 1 + next(2) }
            } else {
                next(3)
            };
            children
                .into_iter()
                .chain((0..extra).map(|_| next(n)))
                .collect()
        })
        .collect();
    Arc::new(options)
}

/// A residue modulo a million; a move subtracts 1, 3 or 4, wrapping round, except from 0.
#[derive(Clone, PartialEq, Eq, Hash)]
struct WindUp(u32);

impl Game for WindUp {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let at = self.0;
        [1, 3, 4]
            .into_iter()
            .filter(move |_| at != 0)
            .map(move |s| WindUp((at + VERTICES - s) % VERTICES))
    }
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct Path(u32);

impl Game for Path {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        (self.0 > 0).then(|| Path(self.0 - 1))
    }
}

fn loopy(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy");
    group.sample_size(10);
    let graph = generated_graph(VERTICES);
    group.bench_function("generated digraph, 1M vertices, cold", |b| {
        b.iter(|| {
            let mut solver = LoopySolver::new();
            let root = Vertex {
                options: Arc::clone(&graph),
                at: 0,
            };
            let v = solver.value(&root).unwrap();
            assert_eq!(solver.len(), VERTICES as usize);
            black_box(v)
        });
    });
    group.bench_function("wind-up subtraction mod 1M, cold", |b| {
        b.iter(|| black_box(value(&WindUp(VERTICES - 1)).unwrap()));
    });
    group.bench_function("path of 1M positions", |b| {
        b.iter(|| black_box(value(&Path(VERTICES)).unwrap()));
    });
    group.finish();
}

criterion_group!(benches, loopy);
criterion_main!(benches);
