//! What the integration tests share: references written from the definitions, independently
//! of the crate, and the small games several files play. Each test file uses part of it.
#![allow(dead_code)]

pub mod digraph;
pub mod games;
pub mod user_chomp;
pub mod user_cram;

use std::collections::HashMap;
use std::hash::Hash;

use sprague::Period;

/// The value of `start` by the definition, the mex of its successors' values, with moves
/// written out here independently of the crate.
pub fn by_mex<S: Clone + Eq + Hash>(
    start: &S,
    moves: &impl Fn(&S) -> Vec<S>,
    memo: &mut HashMap<S, u64>,
) -> u64 {
    if let Some(&v) = memo.get(start) {
        return v;
    }
    let reached: Vec<u64> = moves(start)
        .iter()
        .map(|s| by_mex(s, moves, memo))
        .collect();
    let value = (0..).find(|v| !reached.contains(v)).unwrap();
    memo.insert(start.clone(), value);
    value
}

/// The values of heaps `0..len` of the subtraction game whose moves take `s` tokens where
/// `allowed(s)`, by the definition.
pub fn subtraction_values(allowed: impl Fn(u64) -> bool, len: u64) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::new();
    for n in 0..len {
        let reached: Vec<u64> = (1..=n)
            .filter(|&s| allowed(s))
            .map(|s| g[(n - s) as usize])
            .collect();
        g.push((0..).find(|v| !reached.contains(v)).unwrap());
    }
    g
}

/// The least preperiod and period of `values`, assuming that the periodic part fills at least
/// the second half of them, three periods or more.
pub fn naive_period(values: &[u64]) -> Period {
    let len = values.len();
    (1..len / 6)
        .find_map(|p| {
            let last_bad = (0..len - p).rev().find(|&n| values[n] != values[n + p]);
            let preperiod = last_bad.map_or(0, |n| n + 1);
            (preperiod <= len / 2).then_some(Period {
                preperiod,
                period: p,
            })
        })
        .expect("a period well inside the values")
}

/// The values of heaps `0..len` of the take-and-break game of `digits` (digit `j` for taking
/// `j` tokens), by the definition: removing `j` tokens may leave no heap (bit 1, from a heap of
/// exactly `j`), one heap (2), two heaps (4) or three (8); with `unequal`, the two heaps must
/// differ, as in Grundy's game. A stamp per value marks the values reached from heap n.
pub fn take_break_values(digits: &[u8], len: usize, unequal: bool) -> Vec<u64> {
    assert!(
        !unequal || digits.iter().all(|d| d & 8 == 0),
        "unequal breaks are defined here for two heaps only"
    );
    let mut g: Vec<u64> = Vec::with_capacity(len);
    let mut stamp: Vec<usize> = Vec::new();
    let reach = |stamp: &mut Vec<usize>, value: u64, n: usize| {
        let v = value as usize;
        if v >= stamp.len() {
            stamp.resize(v + 1, usize::MAX);
        }
        stamp[v] = n;
    };
    for n in 0..len {
        for (j, &d) in digits.iter().enumerate().take(n + 1) {
            let rest = n - j;
            if d & 1 != 0 && rest == 0 && j > 0 {
                reach(&mut stamp, 0, n);
            }
            if d & 2 != 0 && rest > 0 && j > 0 {
                reach(&mut stamp, g[rest], n);
            }
            if d & 4 != 0 {
                for a in (1..rest).filter(|&a| a <= rest - a && !(unequal && a == rest - a)) {
                    reach(&mut stamp, g[a] ^ g[rest - a], n);
                }
            }
            if d & 8 != 0 {
                for a in 1..rest {
                    for b in 1..rest - a {
                        reach(&mut stamp, g[a] ^ g[b] ^ g[rest - a - b], n);
                    }
                }
            }
        }
        g.push(
            (0..)
                .find(|&v| stamp.get(v).is_none_or(|&s| s != n))
                .unwrap() as u64,
        );
    }
    g
}
