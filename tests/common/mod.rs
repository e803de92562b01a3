//! What the integration tests share: references written from the definitions, independently
//! of the crate. Each test file uses part of it.
#![allow(dead_code)]

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
