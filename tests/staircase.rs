//! Staircase Nim and POI 2009 "Pebbles" against brute force over their definitions.

mod common;

use std::collections::HashMap;

use common::by_mex;
use proptest::prelude::*;
use sprague::games::Staircase;
use sprague::{Error, Game, Nimber, Solver, grundy};

/// Staircase moves written out: any number of stones from step i + 1 to step i (or off).
fn staircase_moves(stones: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..stones.len() {
        for moved in 1..=stones[i] {
            let mut next = stones.to_vec();
            next[i] -= moved;
            if i > 0 {
                next[i - 1] += moved;
            }
            out.push(next);
        }
    }
    out
}

/// Pebbles moves written out: remove some pebbles from one pile, keeping the row
/// non-decreasing.
fn pebbles_moves(piles: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for i in 0..piles.len() {
        let floor = if i == 0 { 0 } else { piles[i - 1] };
        for left in floor..piles[i] {
            let mut next = piles.to_vec();
            next[i] = left;
            out.push(next);
        }
    }
    out
}

#[test]
fn staircase_counts_only_the_odd_steps() {
    let stairs = Staircase::new([3, 5, 6, 1]);
    assert_eq!(stairs.grundy().unwrap(), Nimber::new(3 ^ 6));
    assert_eq!(grundy(&stairs).unwrap(), Nimber::new(3 ^ 6));
    assert_eq!(
        by_mex(
            &vec![3, 5, 6, 1],
            &|s: &Vec<u64>| staircase_moves(s),
            &mut HashMap::new()
        ),
        3 ^ 6
    );
    assert_eq!(Staircase::new([0, 0]), Staircase::default());
    assert!(
        Staircase::default()
            .successors()
            .into_iter()
            .next()
            .is_none()
    );
    let big = Staircase::new([u64::MAX, 1, 1 << 40]);
    assert_eq!(big.grundy().unwrap(), Nimber::new(u64::MAX ^ (1 << 40)));
}

#[test]
fn staircase_successors_move_stones_one_step_down() {
    let next: Vec<Vec<u128>> = Staircase::new([1, 2])
        .successors()
        .into_iter()
        .map(|s| s.stones().to_vec())
        .collect();
    assert_eq!(next, [vec![0, 2], vec![3], vec![2, 1]]);
}

#[test]
fn staircase_counts_past_64_bits_are_kept_exact() {
    // Moving every stone of step 2 onto step 1 makes 2^64 there: kept in 128 bits, and the
    // value, which no longer fits a nimber, is an error rather than a wrapped number.
    let stairs = Staircase::new([1, u64::MAX]);
    let after = stairs.successors().into_iter().nth(1).unwrap();
    assert_eq!(after.stones(), [1 << 64]);
    assert!(matches!(after.grundy(), Err(Error::OutOfRange { .. })));
}

#[test]
fn pebbles_samples_and_errors() {
    // POI 2009 KAM: "2 2" -> NIE, "1 2 4" -> TAK.
    assert!(
        Staircase::pebbles([2, 2])
            .unwrap()
            .grundy()
            .unwrap()
            .is_zero()
    );
    assert!(
        !Staircase::pebbles([1, 2, 4])
            .unwrap()
            .grundy()
            .unwrap()
            .is_zero()
    );
    assert_eq!(
        Staircase::pebbles([1, 2, 4]).unwrap(),
        Staircase::new([2, 1, 1])
    );
    assert_eq!(
        Staircase::pebbles(Vec::<u64>::new()).unwrap(),
        Staircase::default()
    );
    assert_eq!(
        Staircase::pebbles([0, u64::MAX]).unwrap().grundy().unwrap(),
        Nimber::new(u64::MAX)
    );
    let err = Staircase::pebbles([3, 4, 4, 1]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid rules: pebbles piles must not decrease, but pile 3 holds 1 after 4 (piles counted from 0)"
    );
}

fn non_decreasing(piles: Vec<u64>) -> Vec<u64> {
    let mut piles = piles;
    piles.sort_unstable();
    piles
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn staircases_match_brute_force(stones in proptest::collection::vec(0u64..4, 0..5)) {
        let stairs = Staircase::new(stones.clone());
        let brute = by_mex(&stones, &|s: &Vec<u64>| staircase_moves(s), &mut HashMap::new());
        prop_assert_eq!(stairs.grundy()?.value(), brute);
        prop_assert_eq!(Solver::new().grundy(&stairs)?.value(), brute);
    }

    #[test]
    fn pebbles_match_brute_force(piles in proptest::collection::vec(0u64..7, 0..5).prop_map(non_decreasing)) {
        let brute = by_mex(&piles, &|s: &Vec<u64>| pebbles_moves(s), &mut HashMap::new());
        let stairs = Staircase::pebbles(piles.clone())?;
        prop_assert_eq!(stairs.grundy()?.value(), brute);
        // Isomorphic games: every pebbles move is one staircase move and back.
        let from_moves: Vec<Staircase> = pebbles_moves(&piles)
            .into_iter()
            .map(|next| Staircase::pebbles(next).unwrap())
            .collect();
        let mut expected: Vec<Vec<u128>> = from_moves.iter().map(|s| s.stones().to_vec()).collect();
        let mut successors: Vec<Vec<u128>> =
            stairs.successors().into_iter().map(|s| s.stones().to_vec()).collect();
        expected.sort();
        successors.sort();
        prop_assert_eq!(successors, expected);
    }
}
