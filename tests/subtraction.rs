//! Subtraction games (finite, bounded and all-but sets) against the definition, their known
//! periods, and their `Game` impls through the solver.

mod common;

use common::{naive_period, subtraction_values};
use proptest::prelude::*;
use sprague::games::{Subtraction, SubtractionHeap};
use sprague::{Error, Game, Nimber, Period, Solver};

fn values_of(game: &Subtraction, len: u64) -> Vec<u64> {
    (0..len).map(|n| game.grundy(n).unwrap().value()).collect()
}

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
    assert_eq!(
        all.period(),
        Err(Error::OutOfRange {
            what: "period",
            value: 1 << 64,
            limit: usize::MAX as u128
        })
    );
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
fn huge_moves_leave_no_period_in_reach_but_small_heaps_are_valued() {
    // A move of 2^40 tokens: heaps below it play as {1}, but the period needs windows of 2^40
    // values.
    let game = Subtraction::new([1, 1 << 40]).unwrap();
    assert_eq!(game.grundy(1001).unwrap(), Nimber::new(1));
    assert!(matches!(
        game.period(),
        Err(Error::NoPeriod { heap: None, .. })
    ));
    assert!(matches!(
        game.grundy(1 << 41),
        Err(Error::NoPeriod { heap: Some(h), .. }) if h == 1 << 41
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
    assert_eq!(
        game.grundy(1 << 24),
        Err(Error::OutOfRange {
            what: "heap",
            value: 1 << 24,
            limit: (1 << 24) - 1
        })
    );
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
        Err(Error::OutOfRange { what: "steps to value the heap", value, limit }) if value > limit
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
        Err(Error::NoPeriod { heap: Some(h), .. }) if h == (1 << 21) - 1
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
