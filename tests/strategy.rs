//! Normal-play winning moves against brute force.

mod common;

use common::games::Take134;
use common::subtraction_values;
use proptest::prelude::*;
use sprague::strategy::winning_move;
use sprague::{Error, Game, Nimber, Solver};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn winning_move_is_a_nim_move_to_zero(values in proptest::collection::vec(0u64..20, 0..6)) {
        // Every (component, smaller value) that leaves nim-sum 0.
        let total = values.iter().fold(0, |a, v| a ^ v);
        let wins: Vec<(usize, u64)> = values
            .iter()
            .enumerate()
            .flat_map(|(i, &v)| (0..v).map(move |t| (i, t)))
            .filter(|&(i, t)| total ^ values[i] ^ t == 0)
            .collect();
        let nimbers: Vec<Nimber> = values.iter().map(|&v| Nimber::new(v)).collect();
        match winning_move(&nimbers) {
            None => prop_assert!(wins.is_empty()),
            Some((i, t)) => prop_assert!(wins.contains(&(i, t.value()))),
        }
    }

    #[test]
    fn sum_winning_move_leaves_a_loss(piles in proptest::collection::vec(0u32..40, 0..5)) {
        let table = subtraction_values(|s| [1, 3, 4].contains(&s), 40);
        let value = |piles: &[u32]| piles.iter().fold(0, |a, &p| a ^ table[p as usize]);
        let components: Vec<Take134> = piles.iter().map(|&p| Take134(p)).collect();
        let mut solver = Solver::new();
        match solver.sum_winning_move(&components)? {
            None => prop_assert_eq!(value(&piles), 0),
            Some((i, Take134(to))) => {
                prop_assert!(Take134(piles[i]).successors().into_iter().any(|o| o == Take134(to)));
                let mut after = piles.clone();
                after[i] = to;
                prop_assert_eq!(value(&after), 0);
            }
        }
    }

    #[test]
    fn options_with_every_smaller_value_exist(n in 0u32..60) {
        let table = subtraction_values(|s| [1, 3, 4].contains(&s), 60);
        let mut solver = Solver::new();
        for target in 0..=table[n as usize] + 1 {
            let option = solver.option_with_value(&Take134(n), Nimber::new(target))?;
            let exists = [1, 3, 4].iter().any(|&k| k <= n && table[(n - k) as usize] == target);
            prop_assert_eq!(option.is_some(), exists);
            if let Some(Take134(m)) = option {
                prop_assert_eq!(table[m as usize], target);
            }
        }
    }
}

/// A game whose split disagrees with its moves: `Both` splits into a `*` and a `*2` but has
/// no move.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Inconsistent {
    Zero,
    Star,
    Star2,
    Both,
}

impl Game for Inconsistent {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        match self {
            Inconsistent::Zero | Inconsistent::Both => vec![],
            Inconsistent::Star => vec![Inconsistent::Zero],
            Inconsistent::Star2 => vec![Inconsistent::Zero, Inconsistent::Star],
        }
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        match self {
            Inconsistent::Both => vec![Inconsistent::Star, Inconsistent::Star2],
            other => vec![other.clone()],
        }
    }
}

#[test]
fn inconsistent_rules_are_an_error_not_a_panic() {
    let mut solver = Solver::new();
    let err = solver.sum_winning_move(&[Inconsistent::Both]).unwrap_err();
    assert!(matches!(err, Error::InvalidRules { .. }), "{err}");
    let ok = solver
        .sum_winning_move(&[Inconsistent::Star2, Inconsistent::Zero])
        .unwrap();
    assert_eq!(ok, Some((0, Inconsistent::Zero)));
}
