//! The heap-sequence engine on its three paths: the plain scan of every split (Treblecross,
//! whose rare values never die out, on two cores from heap 8192), sparse space (0.106 with
//! values below 32, 0.56 below 128, and Officers), and a period proven early (Kayles, where a million values cost next to nothing);
//! and Grundy's game, whose breaks leave unequal heaps (sparse space with values from 128 on).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sprague::games::{GrundysGame, Octal};

fn sequence(c: &mut Criterion) {
    let mut group = c.benchmark_group("sequence");
    group.sample_size(10);
    let cases = [
        ("plain scan: 0.007 to 30,000 heaps", "0.007", 30_000),
        ("sparse space: 0.106 to 1,000,000 heaps", "0.106", 1_000_000),
        (
            "sparse space, values below 128: 0.56 until its period is proven",
            "0.56",
            1_000_000,
        ),
        ("sparse space: 0.6 to 50,000 heaps", "0.6", 50_000),
        ("periodic: 0.77 to 1,000,000 heaps", "0.77", 1_000_000),
        (
            "period proof: 0.16 (found at 509,622 heaps)",
            "0.16",
            1_000_000,
        ),
    ];
    for (name, code, len) in cases {
        let game: Octal = code.parse().expect("a valid code");
        group.bench_function(name, |b| {
            b.iter(|| black_box(game.sequence(len).expect("memory")))
        });
    }
    group.bench_function("unequal breaks: Grundy's game to 100,000 heaps", |b| {
        b.iter(|| black_box(GrundysGame::new().sequence(100_000).expect("memory")))
    });
    group.finish();
}

criterion_group!(benches, sequence);
criterion_main!(benches);
