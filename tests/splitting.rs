//! The splitting game of HNOI 2007 against brute force over its definition, and the
//! problem's samples.

mod common;

use std::collections::HashMap;

use common::by_mex;
use proptest::prelude::*;
use sprague::games::{BeanSplitting, SplitMove};
use sprague::{Game, Nimber, Solver, grundy};

/// Splitting-game moves written out, with the last bottle's dead beans dropped (they never
/// move, so positions differing only there play alike).
fn split_moves(beans: &[u64]) -> Vec<Vec<u64>> {
    let n = beans.len();
    let mut out = Vec::new();
    for i in 0..n {
        if beans[i] == 0 {
            continue;
        }
        for j in i + 1..n {
            for k in j..n {
                let mut next = beans.to_vec();
                next[i] -= 1;
                next[j] += 1;
                next[k] += 1;
                next[n - 1] = 0;
                out.push(next);
            }
        }
    }
    out
}

/// Every move in lexicographic order.
fn all_split_moves(beans: &BeanSplitting) -> Vec<SplitMove> {
    let n = beans.beans().len();
    let mut out = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            for k in j..n {
                if beans.beans()[i] > 0 {
                    out.push(SplitMove { i, j, k });
                }
            }
        }
    }
    out
}

#[test]
fn splitting_game_samples() {
    // HNOI 2007, sample 1: "0 2 3" and 1 winning move; sample 2: "-1 -1 -1" and 0.
    let first = BeanSplitting::new([1, 0, 1, 5000]);
    assert_eq!(
        first.winning_moves().collect::<Vec<_>>(),
        [SplitMove { i: 0, j: 2, k: 3 }]
    );
    assert_eq!(first.winning_move_count(), 1);
    let second = BeanSplitting::new([0, 0, 1]);
    assert_eq!(second.winning_moves().next(), None);
    assert_eq!(second.winning_move_count(), 0);
    assert!(second.grundy().is_zero());
    // The contract's values.
    assert_eq!(
        grundy(&BeanSplitting::new([1, 0, 0, 0])).unwrap(),
        Nimber::new(4)
    );
    assert_eq!(
        grundy(&BeanSplitting::new([2, 0, 0, 0])).unwrap(),
        Nimber::new(0)
    );
}

#[test]
fn single_beans_are_worth_the_mock_turtle_values() {
    // A bean d bottles before the last, by the definition on whole positions.
    for d in 0..7 {
        let mut row = vec![0; d + 1];
        row[0] = 1;
        let brute = by_mex(&row, &|s: &Vec<u64>| split_moves(s), &mut HashMap::new());
        assert_eq!(
            BeanSplitting::new(row).grundy().value(),
            brute,
            "distance {d}"
        );
    }
    // Odious numbers, A000069: 1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31.
    let odious = [1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31];
    for (m, &value) in odious.iter().enumerate() {
        let mut row = vec![0; m + 2];
        row[0] = 1;
        assert_eq!(BeanSplitting::new(row).grundy().value(), value);
    }
}

#[test]
fn huge_bean_counts_cost_nothing() {
    let beans = BeanSplitting::new([u64::MAX, u64::MAX - 1, 3, u64::MAX]);
    // Odd counts in bottles 0 and 2 (the last bottle's beans are dead): *4 + *1.
    assert_eq!(beans.grundy(), Nimber::new(5));
    assert_eq!(grundy(&beans).unwrap(), Nimber::new(5));
    assert_eq!(beans.split().into_iter().count(), 2);
    let moves: Vec<SplitMove> = beans.winning_moves().collect();
    assert_eq!(moves, [SplitMove { i: 0, j: 2, k: 3 }]);
    assert_eq!(beans.winning_move_count(), 1);
    let after = beans.play(moves[0]).unwrap();
    assert_eq!(
        after.beans(),
        [
            u128::from(u64::MAX) - 1,
            u128::from(u64::MAX) - 1,
            4,
            1 << 64
        ]
    );
    assert!(after.grundy().is_zero());
    assert_eq!(Solver::new().winning_moves(&beans).unwrap(), [after]);
}

#[test]
fn illegal_moves_are_not_played() {
    let beans = BeanSplitting::new([1, 0, 2]);
    for mv in [
        SplitMove { i: 1, j: 2, k: 2 }, // bottle 1 is empty
        SplitMove { i: 0, j: 0, k: 2 }, // j must be after i
        SplitMove { i: 0, j: 2, k: 1 }, // k before j
        SplitMove { i: 0, j: 1, k: 3 }, // no bottle 3
    ] {
        assert_eq!(beans.play(mv), None, "{mv:?}");
    }
    assert_eq!(
        beans.play(SplitMove { i: 0, j: 1, k: 2 }).unwrap().beans(),
        [0, 1, 3]
    );
    assert!(
        BeanSplitting::new(Vec::<u64>::new())
            .winning_moves()
            .next()
            .is_none()
    );
    assert_eq!(BeanSplitting::new([7]).grundy(), Nimber::new(0));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn bean_rows_match_brute_force(beans in proptest::collection::vec(0u64..3, 1..5)) {
        let brute = by_mex(&beans, &|s: &Vec<u64>| split_moves(s), &mut HashMap::new());
        let row = BeanSplitting::new(beans);
        prop_assert_eq!(row.grundy().value(), brute);
        prop_assert_eq!(Solver::new().grundy(&row)?.value(), brute);
    }

    #[test]
    fn winning_moves_match_the_solver(beans in proptest::collection::vec(0u64..4, 1..8)) {
        let row = BeanSplitting::new(beans);
        let mut solver = Solver::new();
        prop_assert_eq!(solver.grundy(&row)?, row.grundy());
        let wins: Vec<SplitMove> = all_split_moves(&row)
            .into_iter()
            .filter(|&mv| solver.grundy(&row.play(mv).unwrap()).unwrap().is_zero())
            .collect();
        prop_assert_eq!(row.winning_moves().collect::<Vec<_>>(), wins.clone());
        prop_assert_eq!(row.winning_move_count(), wins.len() as u128);
        // The solver lists the same positions, in the same order.
        let positions: Vec<BeanSplitting> = wins.iter().map(|&mv| row.play(mv).unwrap()).collect();
        prop_assert_eq!(solver.winning_moves(&row)?, positions);
    }

    #[test]
    fn winning_moves_of_long_rows(beans in proptest::collection::vec(0u64..3, 1..40)) {
        let row = BeanSplitting::new(beans);
        let wins: Vec<SplitMove> = all_split_moves(&row)
            .into_iter()
            .filter(|&mv| row.play(mv).unwrap().grundy().is_zero())
            .collect();
        prop_assert_eq!(row.winning_move_count(), wins.len() as u128);
        prop_assert_eq!(row.winning_moves().collect::<Vec<_>>(), wins);
    }
}
