//! The generic solver on large games: warm table lookups (every grid size in turn), a cold
//! search of a generated game with hundreds of thousands of positions, the same under a memory
//! budget, a deep path, a deep and wide game (Grundy's game written as a user game), Cram,
//! Chomp written as a user game on a vector, and Chomp (an exhaustive search) on one and two
//! threads.

use std::hint::black_box;
use std::sync::Arc;

use criterion::{Criterion, criterion_group, criterion_main};
use sprague::games::{Chomp, GridCutting};
use sprague::{Game, Solver, grundy};

// Shared with the tests, which check their values.
#[path = "../tests/common/user_chomp.rs"]
mod user_chomp;
#[path = "../tests/common/user_cram.rs"]
mod user_cram;
use user_cram::Cram;

/// A generated take-and-break game: node `i` has a few options, each leaving one or two tokens
/// on lower nodes, chosen by a fixed pseudo-random rule.
#[derive(Clone)]
struct Generated {
    options: Arc<Vec<Vec<[u32; 2]>>>,
    tokens: Vec<u32>,
}

// Positions of one game share the rules: compare and hash the tokens only.
impl PartialEq for Generated {
    fn eq(&self, other: &Self) -> bool {
        self.tokens == other.tokens
    }
}

impl Eq for Generated {}

impl std::hash::Hash for Generated {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.tokens.hash(state);
    }
}

fn generated_rules(nodes: u32) -> Arc<Vec<Vec<[u32; 2]>>> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |bound: u32| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % u64::from(bound.max(1))) as u32
    };
    let options = (0..nodes)
        .map(|i| {
            if i == 0 {
                return Vec::new();
            }
            (0..1 + next(6))
                .map(|_| [next(i), if next(3) == 0 { next(i) } else { u32::MAX }])
                .collect()
        })
        .collect();
    Arc::new(options)
}

impl Game for Generated {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let mut out = Vec::new();
        for (i, &t) in self.tokens.iter().enumerate() {
            for option in &self.options[t as usize] {
                let mut tokens = self.tokens.clone();
                tokens.remove(i);
                tokens.extend(option.iter().copied().filter(|&p| p != u32::MAX));
                tokens.sort_unstable();
                out.push(Generated {
                    options: Arc::clone(&self.options),
                    tokens,
                });
            }
        }
        out
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.tokens.iter().map(|&t| Generated {
            options: Arc::clone(&self.options),
            tokens: vec![t],
        })
    }
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct Path(u32);

impl Game for Path {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        (self.0 > 0).then(|| Path(self.0 - 1))
    }
}

/// Grundy's game as a user writes it: sorted heaps; a move splits a heap into two unequal
/// non-empty heaps.
#[derive(Clone, PartialEq, Eq, Hash)]
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
        self.0
            .iter()
            .filter(|&&h| h > 2)
            .map(|&h| GrundysGame(vec![h]))
    }
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("solver");
    group.sample_size(10);
    group.bench_function("grid cutting, every size 2..=200 in turn", |b| {
        b.iter(|| {
            let mut solver = Solver::new();
            let mut sum = 0;
            for w in 2..=200 {
                for h in 2..=200 {
                    sum += solver
                        .grundy(&GridCutting::new(w, h).with_min_side(2))
                        .unwrap()
                        .value();
                }
            }
            black_box(sum)
        });
    });
    let rules = generated_rules(1_000_000);
    group.bench_function("generated take-and-break game, 1M nodes, cold", |b| {
        b.iter(|| {
            let top = Generated {
                options: Arc::clone(&rules),
                tokens: vec![999_999, 999_998, 999_997],
            };
            black_box(grundy(&top).unwrap())
        });
    });
    group.bench_function(
        "generated take-and-break game, 1M nodes, cold, 8 MB table",
        |b| {
            b.iter(|| {
                let top = Generated {
                    options: Arc::clone(&rules),
                    tokens: vec![999_999, 999_998, 999_997],
                };
                black_box(Solver::new().with_memory(8 << 20).grundy(&top).unwrap())
            });
        },
    );
    group.bench_function("Grundy's game as a user game, heap 1500, cold", |b| {
        b.iter(|| black_box(grundy(&GrundysGame(vec![1500])).unwrap()))
    });
    group.bench_function("Cram as a user game, 5 x 5, cold", |b| {
        b.iter(|| black_box(grundy(&Cram::full(5, 5)).unwrap()))
    });
    for threads in [1, 2] {
        group.bench_function(
            format!("Cram as a user game, 7 x 4, cold, {threads} threads"),
            |b| {
                b.iter(|| {
                    let mut solver = Solver::new().with_threads(threads);
                    black_box(solver.grundy(&Cram::full(7, 4)).unwrap())
                });
            },
        );
    }
    // Who wins: a question that stops at the first witness for 0.
    group.bench_function("who wins Cram as a user game, 5 x 6, cold", |b| {
        b.iter(|| black_box(Solver::new().outcome(&Cram::full(5, 6)).unwrap()))
    });
    // An exhaustive search with an index: the threads share values through the index.
    for threads in [1, 2] {
        group.bench_function(format!("Chomp 10 x 10, cold, {threads} threads"), |b| {
            b.iter(|| {
                let mut solver = Solver::new().with_threads(threads);
                black_box(solver.grundy(&Chomp::new(10, 10).unwrap()).unwrap())
            });
        });
    }
    // Positions on the heap, each one component: found whole rather than split.
    group.bench_function("Chomp as a user game, rows in a vector, 9 x 9, cold", |b| {
        b.iter(|| black_box(grundy(&user_chomp::Chomp(vec![9; 9])).unwrap()))
    });
    group.bench_function("path of 1M positions", |b| {
        b.iter(|| black_box(grundy(&Path(1_000_000)).unwrap()))
    });
    group.finish();
}

criterion_group!(benches, solver);
criterion_main!(benches);
