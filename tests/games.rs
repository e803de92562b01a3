//! The ready-made games of the classic problems (subtraction games, staircase Nim and POI 2009
//! "Pebbles", the splitting game of HNOI 2007, sums of different games) against brute force over
//! their definitions, their `Game` impls through the solver, and the problems' samples.

use std::collections::HashMap;
use std::hash::Hash;

use proptest::prelude::*;
use sprague::games::{BeanSplitting, Nim, SplitMove, Staircase, Subtraction, SubtractionHeap};
use sprague::{Error, Game, Nimber, Period, Solver, grundy};

/// The values of heaps `0..len` of the subtraction game that may take `s` when `allowed(s)`.
fn subtraction_values(allowed: impl Fn(u64) -> bool, len: u64) -> Vec<u64> {
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
fn naive_period(values: &[u64]) -> Period {
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

fn values_of(game: &Subtraction, len: u64) -> Vec<u64> {
    (0..len).map(|n| game.grundy(n).unwrap().value()).collect()
}

// ---------------------------------------------------------------------------------------------
// Subtraction games

#[test]
fn take_one_three_or_four() {
    let game = Subtraction::new([1, 3, 4]).unwrap();
    // SG(1) = 1, SG(2) = 0, SG(3) = 1, SG(4) = 2, SG(5) = 3, computed by hand.
    assert_eq!(
        values_of(&game, 14),
        [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]
    );
    assert_eq!(game.grundy(5).unwrap(), Nimber::new(3));
    assert_eq!(
        game.period().unwrap(),
        Period {
            preperiod: 0,
            period: 7
        }
    );
    assert_eq!(
        values_of(&game, 500),
        subtraction_values(|s| [1, 3, 4].contains(&s), 500)
    );
    let huge = 1_000_000_000_000_000_000;
    assert_eq!(game.grundy(huge).unwrap(), game.grundy(huge % 7).unwrap());
}

#[test]
fn subtraction_sets_with_known_periods() {
    // Take 2 or 5: 0 0 1 1 0 2 1, period 7. Take 1, 2 or 4: 0 1 2, period 3. Take 3 or 4:
    // 0 0 0 1 1 1 2, period 7. Take 2, 3 or 7: as the values themselves show.
    for (set, period) in [
        (
            vec![2, 5],
            Period {
                preperiod: 0,
                period: 7,
            },
        ),
        (
            vec![1, 2, 4],
            Period {
                preperiod: 0,
                period: 3,
            },
        ),
        (
            vec![3, 4],
            Period {
                preperiod: 0,
                period: 7,
            },
        ),
    ] {
        let game = Subtraction::new(set.clone()).unwrap();
        assert_eq!(game.period().unwrap(), period, "{game}");
        let brute = subtraction_values(|s| set.contains(&s), 300);
        assert_eq!(naive_period(&brute), period);
    }
    let set = [2, 3, 7];
    let brute = subtraction_values(|s| set.contains(&s), 600);
    assert_eq!(
        Subtraction::new(set).unwrap().period().unwrap(),
        naive_period(&brute)
    );
}

#[test]
fn bachets_game_is_n_mod_m_plus_one() {
    for m in 1..=12 {
        let game = Subtraction::bounded(m).unwrap();
        assert_eq!(
            game,
            Subtraction::new((1..=m).rev().collect::<Vec<_>>()).unwrap()
        );
        assert_eq!(
            values_of(&game, 100),
            subtraction_values(|s| s <= m, 100),
            "m = {m}"
        );
        assert_eq!(game.grundy(1 << 62).unwrap().value(), (1 << 62) % (m + 1));
    }
    // The classic take 1, 3 or 4, and the contract's example.
    assert_eq!(
        Subtraction::bounded(3).unwrap().grundy(10).unwrap(),
        Nimber::new(2)
    );
    let all = Subtraction::bounded(u64::MAX).unwrap();
    assert_eq!(all.grundy(u64::MAX).unwrap(), Nimber::new(u64::MAX));
    assert!(matches!(all.period(), Err(Error::OutOfRange { .. })));
    assert_eq!(all.to_string(), format!("{{1, 2, …, {}}}", u64::MAX));
}

#[test]
fn bad_subtraction_sets_are_errors_naming_the_problem() {
    let message = |r: Result<Subtraction, Error>| match r {
        Err(e @ Error::InvalidRules { .. }) => e.to_string(),
        other => panic!("expected invalid rules, got {other:?}"),
    };
    assert_eq!(
        message(Subtraction::new([3, 0, 2])),
        "invalid rules: a subtraction set cannot contain 0"
    );
    assert_eq!(
        message(Subtraction::new(Vec::<u64>::new())),
        "invalid rules: a subtraction set cannot be empty: it would allow no move"
    );
    assert_eq!(
        message(Subtraction::all_but([0, 4])),
        "invalid rules: an excluded set cannot contain 0"
    );
    assert_eq!(
        message(Subtraction::bounded(0)),
        "invalid rules: a bounded subtraction game takes 1..=m with m at least 1, not 0"
    );
}

#[test]
fn subtraction_games_display_their_sets() {
    let show = |g: Result<Subtraction, Error>| g.unwrap().to_string();
    assert_eq!(show(Subtraction::new([4, 1, 3, 3])), "{1, 3, 4}");
    assert_eq!(show(Subtraction::new([1, 2, 3])), "{1, 2, 3}");
    assert_eq!(show(Subtraction::bounded(20)), "{1, 2, …, 20}");
    assert_eq!(show(Subtraction::all_but([5, 2])), "all but {2, 5}");
    assert_eq!(
        show(Subtraction::new(
            (1..=20).map(|s| 2 * s).collect::<Vec<_>>()
        )),
        "{2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40}"
    );
    assert_eq!(
        format!("{:?}", Subtraction::new([1, 3, 4]).unwrap().heap(9)),
        "SubtractionHeap({1, 3, 4}, 9)"
    );
}

#[test]
fn huge_moves_are_out_of_range_for_a_period_not_for_small_heaps() {
    // A move of 2^40 tokens: heaps below it play as {1}, but the period needs windows of 2^40
    // values.
    let game = Subtraction::new([1, 1 << 40]).unwrap();
    assert_eq!(game.grundy(1001).unwrap(), Nimber::new(1));
    assert!(matches!(game.period(), Err(Error::OutOfRange { .. })));
    assert!(matches!(
        game.grundy(1 << 41),
        Err(Error::OutOfRange { .. })
    ));
    assert!(game.contains(1 << 40) && !game.contains(2));
}

#[test]
fn all_but_games_have_no_period_and_exact_values() {
    // Anything but 1: heaps 2k and 2k + 1 are worth k (a move from 2k + 1 to 2k is the
    // excluded 1, and every other heap below is reachable).
    let game = Subtraction::all_but([1]).unwrap();
    assert_eq!(values_of(&game, 200), subtraction_values(|s| s != 1, 200));
    assert_eq!(game.grundy(1_000_001).unwrap(), Nimber::new(500_000));
    match game.period() {
        Err(e @ Error::InvalidRules { .. }) => assert_eq!(
            e.to_string(),
            "invalid rules: the subtraction game all but {1} has no period: the values of an all-but game grow without bound"
        ),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        game.grundy(1 << 24),
        Err(Error::OutOfRange { .. })
    ));
    // Below every excluded number, a heap is a heap of Nim, for any size.
    let far = Subtraction::all_but([1 << 50]).unwrap();
    assert_eq!(
        far.grundy((1 << 50) - 1).unwrap(),
        Nimber::new((1 << 50) - 1)
    );
    assert!(matches!(far.grundy(1 << 50), Err(Error::OutOfRange { .. })));
    // Many excluded numbers exhaust the step budget sooner.
    let many = Subtraction::all_but((1..=2000).map(|f| 3 * f).collect::<Vec<_>>()).unwrap();
    assert!(matches!(
        many.grundy(1 << 20),
        Err(Error::OutOfRange { .. })
    ));
}

#[test]
fn subtraction_sequences_match_grundy_and_report_their_bounds() {
    let games = [
        Subtraction::new([1, 3, 4]).unwrap(),
        Subtraction::new([2, 5, 6]).unwrap(),
        Subtraction::bounded(4).unwrap(),
        Subtraction::bounded(1000).unwrap(),
        Subtraction::all_but([2, 3]).unwrap(),
        Subtraction::all_but(Vec::<u64>::new()).unwrap(),
    ];
    for game in games {
        for len in [0, 1, 7, 300] {
            let seq = game.sequence(len).unwrap();
            assert_eq!(seq.len(), len, "{game}");
            let values: Vec<u64> = seq.iter().map(Nimber::value).collect();
            assert_eq!(values, values_of(&game, len as u64), "{game} len {len}");
        }
    }
    // A proven period answers any length in the memory of one period.
    let game = Subtraction::new([1, 3, 4]).unwrap();
    let whole = game.sequence(usize::MAX).unwrap();
    let last = usize::MAX - 1;
    assert_eq!(whole.get(last), Some(game.grundy(last as u64).unwrap()));
    let bounded = Subtraction::bounded(3)
        .unwrap()
        .sequence(usize::MAX)
        .unwrap();
    assert_eq!(
        bounded.period(),
        Some(Period {
            preperiod: 0,
            period: 4
        })
    );
    assert_eq!(bounded.get(1_000_003), Some(Nimber::new(3)));
    // Too short to prove the period: the values, and no period.
    let short = Subtraction::new([1, 3, 4]).unwrap().sequence(5).unwrap();
    assert_eq!(short.period(), None);
    // Past the bounds: errors, not hours of work or an abort.
    let huge_move = Subtraction::new([1, 1 << 40]).unwrap();
    assert_eq!(
        huge_move.sequence(1000).unwrap().get(999),
        Some(Nimber::new(1))
    );
    assert!(matches!(
        huge_move.sequence(1 << 21),
        Err(Error::OutOfRange { .. })
    ));
    let all_but = Subtraction::all_but([1]).unwrap();
    assert!(matches!(
        all_but.sequence(1 << 25),
        Err(Error::OutOfRange { .. })
    ));
    let nim = Subtraction::all_but(Vec::<u64>::new()).unwrap();
    assert!(matches!(
        nim.sequence(usize::MAX),
        Err(Error::OutOfRange { .. } | Error::OutOfMemory { .. })
    ));
    assert!(matches!(
        Subtraction::bounded(u64::MAX)
            .unwrap()
            .sequence(usize::MAX / 2),
        Err(Error::OutOfRange { .. } | Error::OutOfMemory { .. })
    ));
}

#[test]
fn subtraction_heaps_are_games() {
    let games = [
        Subtraction::new([1, 3, 4]).unwrap(),
        Subtraction::new([2, 5, 6]).unwrap(),
        Subtraction::bounded(4).unwrap(),
        Subtraction::all_but([2, 3]).unwrap(),
        Subtraction::all_but(Vec::<u64>::new()).unwrap(),
    ];
    for game in games {
        let mut solver = Solver::new();
        for n in 0..80 {
            let heap: SubtractionHeap = game.heap(n);
            assert_eq!(heap.tokens(), n);
            assert_eq!(heap.game(), &game);
            let successors: Vec<u64> = heap.successors().into_iter().map(|h| h.tokens()).collect();
            let expected: Vec<u64> = (1..=n)
                .filter(|&s| game.contains(s))
                .map(|s| n - s)
                .collect();
            assert_eq!(successors, expected, "{game} heap {n}");
            assert_eq!(
                solver.grundy(&heap).unwrap(),
                game.grundy(n).unwrap(),
                "{game} heap {n}"
            );
        }
    }
    // Positions of equal games are equal, whichever `heap` call made them.
    let a = Subtraction::new([1, 3, 4]).unwrap();
    assert_eq!(a.heap(5), Subtraction::new([4, 3, 1]).unwrap().heap(5));
    assert_ne!(a.heap(5), Subtraction::new([1, 3]).unwrap().heap(5));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn finite_sets_match_brute_force(set in proptest::collection::btree_set(1u64..=15, 1..=4)) {
        let set: Vec<u64> = set.into_iter().collect();
        let game = Subtraction::new(set.clone())?;
        let brute = subtraction_values(|s| set.contains(&s), 2000);
        prop_assert_eq!(values_of(&game, 150), &brute[..150]);
        let period = naive_period(&brute);
        prop_assert_eq!(game.period()?, period);
        let seq = game.sequence(2000)?;
        prop_assert_eq!(&seq.iter().map(Nimber::value).collect::<Vec<_>>(), &brute);
        prop_assert_eq!(seq.period(), Some(period));
        for huge in [1u64 << 40, (1 << 62) + 12_345, u64::MAX] {
            let index = period.preperiod as u64 + (huge - period.preperiod as u64) % period.period as u64;
            prop_assert_eq!(game.grundy(huge)?.value(), brute[index as usize]);
        }
    }

    #[test]
    fn all_but_sets_match_brute_force(excluded in proptest::collection::btree_set(1u64..=12, 0..=4)) {
        let excluded: Vec<u64> = excluded.into_iter().collect();
        let game = Subtraction::all_but(excluded.clone())?;
        let brute = subtraction_values(|s| !excluded.contains(&s), 150);
        prop_assert_eq!(&values_of(&game, 150), &brute);
        let seq = game.sequence(150)?;
        prop_assert_eq!(seq.iter().map(Nimber::value).collect::<Vec<_>>(), brute);
        prop_assert_eq!(seq.period(), None);
        let mut solver = Solver::new();
        for n in [0, 1, 13, 40, 77] {
            prop_assert_eq!(solver.grundy(&game.heap(n))?, game.grundy(n)?);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Staircase Nim and Pebbles

/// The value of `start` by the definition, the mex of its successors' values, with moves
/// written out here independently of the crate.
fn by_mex<S: Clone + Eq + Hash>(
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

// ---------------------------------------------------------------------------------------------
// The splitting game

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

// ---------------------------------------------------------------------------------------------
// Sums of different games

/// A sum of different games: take 1 to 3 from the first heap, an odd number from the second, anything
/// from the others.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Heap {
    UpToThree(u64),
    Odd(u64),
    Any(u64),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Sum(Vec<Heap>);

impl Heap {
    fn options(&self) -> Vec<Heap> {
        match *self {
            Heap::UpToThree(x) => (1..=x.min(3)).map(|s| Heap::UpToThree(x - s)).collect(),
            Heap::Odd(x) => (1..=x).step_by(2).map(|s| Heap::Odd(x - s)).collect(),
            Heap::Any(x) => (0..x).map(Heap::Any).collect(),
        }
    }
}

impl Game for Sum {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let mut out = Vec::new();
        for (i, heap) in self.0.iter().enumerate() {
            for next in heap.options() {
                let mut heaps = self.0.clone();
                heaps[i] = next;
                out.push(Sum(heaps));
            }
        }
        out
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.0.iter().map(|heap| Sum(vec![heap.clone()]))
    }
}

/// Ready-made games mixed in one position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Mixed {
    Heap(SubtractionHeap),
    Nim(Nim),
}

impl Game for Mixed {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        match self {
            Mixed::Heap(h) => h
                .successors()
                .into_iter()
                .map(Mixed::Heap)
                .collect::<Vec<_>>(),
            Mixed::Nim(n) => n.successors().into_iter().map(Mixed::Nim).collect(),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn sums_of_different_games(x in 0u64..40, y in 0u64..40, rest in proptest::collection::vec(0u64..20, 0..4)) {
        let mut heaps = vec![Heap::UpToThree(x), Heap::Odd(y)];
        heaps.extend(rest.iter().map(|&z| Heap::Any(z)));
        let direct = rest.iter().fold((x % 4) ^ (y % 2), |acc, z| acc ^ z);
        prop_assert_eq!(Solver::new().grundy(&Sum(heaps))?.value(), direct);

        // The same sum from ready-made games: every value is the component's own.
        let odd: Vec<u64> = (0..=y / 2).map(|k| 2 * k + 1).collect();
        let upto = Subtraction::bounded(3)?;
        let odds = Subtraction::new(odd)?;
        let mut solver = Solver::new();
        let parts = [Mixed::Heap(upto.heap(x)), Mixed::Heap(odds.heap(y)), Mixed::Nim(Nim::new(rest))];
        let total: Nimber = parts.iter().map(|p| solver.grundy(p).unwrap()).sum();
        prop_assert_eq!(total.value(), direct);
        prop_assert_eq!(upto.grundy(x)? + odds.grundy(y)?, Nimber::new((x % 4) ^ (y % 2)));
    }
}
