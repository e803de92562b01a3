//! Normal-play winning moves against brute force.

use proptest::prelude::*;
use sprague::strategy::winning_move;
use sprague::{Error, Game, Nimber, Solver};

/// Take 1, 3 or 4 stones from a pile.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Pile(u32);

impl Game for Pile {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let n = self.0;
        [1, 3, 4]
            .into_iter()
            .filter(move |&k| k <= n)
            .map(move |k| Pile(n - k))
    }
}

/// The values of piles 0..len by the definition.
fn pile_values(len: usize) -> Vec<u64> {
    let mut values = Vec::new();
    for n in 0..len {
        let reached: Vec<u64> = [1, 3, 4]
            .iter()
            .filter(|&&k| k <= n)
            .map(|&k| values[n - k])
            .collect();
        values.push((0..).find(|v| !reached.contains(v)).unwrap());
    }
    values
}

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
        let table = pile_values(40);
        let value = |piles: &[u32]| piles.iter().fold(0, |a, &p| a ^ table[p as usize]);
        let components: Vec<Pile> = piles.iter().map(|&p| Pile(p)).collect();
        let mut solver = Solver::new();
        match solver.sum_winning_move(&components)? {
            None => prop_assert_eq!(value(&piles), 0),
            Some((i, Pile(to))) => {
                prop_assert!(Pile(piles[i]).successors().into_iter().any(|o| o == Pile(to)));
                let mut after = piles.clone();
                after[i] = to;
                prop_assert_eq!(value(&after), 0);
            }
        }
    }

    #[test]
    fn options_with_every_smaller_value_exist(n in 0u32..60) {
        let table = pile_values(60);
        let mut solver = Solver::new();
        for target in 0..=table[n as usize] + 1 {
            let option = solver.option_with_value(&Pile(n), Nimber::new(target))?;
            let exists = [1, 3, 4].iter().any(|&k| k <= n && table[(n - k) as usize] == target);
            prop_assert_eq!(option.is_some(), exists);
            if let Some(Pile(m)) = option {
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
