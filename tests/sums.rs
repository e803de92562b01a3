//! Sums of different games, written by hand and from ready-made games: the value of a sum is
//! the nim-sum of its components' values.

use proptest::prelude::*;
use sprague::games::{Nim, Subtraction, SubtractionHeap};
use sprague::{Game, Nimber, Solver};

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
