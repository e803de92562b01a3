//! The order in which a test splits its successors while it looks for one already valued that
//! settles it (the enhanced transposition cutoff): a *killer* heuristic, as chess engines order
//! moves by the one that refuted a sibling.
//!
//! Consecutive tests at one depth are mostly of siblings, components that differ by a move,
//! and in a game that lists its moves in no particular order (cells row by row), the successor
//! that settles one sits, in that order, near the one that settled the last. So a test may
//! split first the successor at the offset that settled the last test at its depth, then its
//! neighbours outward. A game that lists its best moves first (this crate's Cram lists the
//! dominoes nearest the middle first) loses by it. So both orders are measured as the search
//! goes, by the splits a test makes: the killers are used unless the game's order measured
//! cheaper, and the order not used still orders one test in [`EXPLORE`], so that a change is
//! seen. The order changes which successor is split first, never a value.

use super::grow_to;
use crate::Error;

/// One test in this many is split in the order that measured the costlier, to keep measuring
/// it.
const EXPLORE: u32 = 16;

/// The tests each order must have made before their costs are compared.
const SAMPLES: u64 = 64;

/// An order's cost is the mean of its last tests, about this many: past it, the sums are
/// halved.
const MEMORY: u64 = 1 << 12;

/// How a test splits its successors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Order {
    /// In the order the game lists them.
    Listed,
    /// From the last killer at the test's depth outward.
    Killers,
}

/// The offsets `0..len` from a centre outward: the centre, then one after it and one before
/// it in turn. From 0, or from a centre past the end, it is the game's order.
///
/// Each offset comes once, in O(1) steps; an iterator rather than a list, as a test often
/// stops after a few.
#[derive(Clone, Debug)]
pub(super) struct Outward {
    center: usize,
    len: usize,
    /// The distance from the centre of the next offsets.
    distance: usize,
    /// Whether the next offset is the one before the centre at `distance`.
    before: bool,
}

impl Outward {
    /// The offsets `0..len` from `center` outward.
    pub(super) fn new(center: usize, len: usize) -> Self {
        Outward {
            center: if center < len { center } else { 0 },
            len,
            distance: 0,
            before: false,
        }
    }
}

impl Iterator for Outward {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.distance == 0 {
            self.distance = 1;
            return (self.center < self.len).then_some(self.center);
        }
        // At most one side is skipped a call: past the end, or before 0.
        loop {
            let (center, distance) = (self.center, self.distance);
            if center + distance >= self.len && distance > center {
                // Nothing is left on either side.
                return None;
            }
            if self.before {
                self.before = false;
                self.distance += 1;
                if distance <= center {
                    return Some(center - distance);
                }
            } else {
                self.before = true;
                if center + distance < self.len {
                    return Some(center + distance);
                }
            }
        }
    }
}

/// Per stack depth, the offset in the game's order of the successor that settled the last test
/// there; and what each order costs.
#[derive(Default)]
pub(super) struct Killers {
    offsets: Vec<u32>,
    /// Per order, `Listed` then `Killers`: the splits its recent tests made, and how many
    /// tests those were.
    splits: [u64; 2],
    tests_of: [u64; 2],
    tests: u32,
}

impl Killers {
    /// The order in which a test at depth `depth` splits successors at offsets `0..len`, and
    /// which order that is.
    pub(super) fn order(&mut self, depth: usize, len: usize) -> (Order, Outward) {
        self.tests = self.tests.wrapping_add(1);
        // Killers unless the game's order measured cheaper (cross-multiplied means) over
        // enough tests of each.
        let [listed, killers] = self.splits;
        let [listed_tests, killers_tests] = self.tests_of;
        let cheaper = if listed_tests >= SAMPLES
            && killers_tests >= SAMPLES
            && u128::from(listed) * u128::from(killers_tests)
                < u128::from(killers) * u128::from(listed_tests)
        {
            Order::Listed
        } else {
            Order::Killers
        };
        let chosen = match (cheaper, self.tests.is_multiple_of(EXPLORE)) {
            (Order::Killers, true) => Order::Listed,
            (Order::Listed, true) => Order::Killers,
            (cheaper, false) => cheaper,
        };
        let center = match chosen {
            Order::Listed => 0,
            Order::Killers => self.offsets.get(depth).map_or(0, |&at| at as usize),
        };
        (chosen, Outward::new(center, len))
    }

    /// Records a test at depth `depth` that split `splits` successors in order `chosen`, and
    /// was settled by the one at `settler`, if any.
    pub(super) fn record(
        &mut self,
        depth: usize,
        chosen: Order,
        splits: usize,
        settler: Option<u32>,
    ) -> Result<(), Error> {
        let at = chosen as usize;
        self.splits[at] += splits as u64;
        self.tests_of[at] += 1;
        if self.tests_of[at] >= MEMORY {
            self.splits[at] /= 2;
            self.tests_of[at] /= 2;
        }
        if let Some(at) = settler {
            grow_to(&mut self.offsets, depth + 1, 0)?;
            self.offsets[depth] = at;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The order of `len` successors at `depth`, and which it is.
    fn order(killers: &mut Killers, depth: usize, len: usize) -> (Vec<u32>, Order) {
        let (chosen, order) = killers.order(depth, len);
        (order.map(|at| at as u32).collect(), chosen)
    }

    #[test]
    fn without_a_killer_the_order_is_the_games() {
        assert_eq!(order(&mut Killers::default(), 3, 4).0, [0, 1, 2, 3]);
    }

    #[test]
    fn the_killer_comes_first_then_its_neighbours_outward() {
        let mut killers = Killers::default();
        killers.record(2, Order::Killers, 1, Some(3)).unwrap();
        assert_eq!(
            order(&mut killers, 2, 6),
            (vec![3, 4, 2, 5, 1, 0], Order::Killers)
        );
        assert_eq!(order(&mut killers, 2, 4).0, [3, 2, 1, 0]);
        // Other depths keep their own.
        assert_eq!(order(&mut killers, 1, 3).0, [0, 1, 2]);
        // A killer past the end of a shorter list is no killer.
        assert_eq!(order(&mut killers, 2, 3).0, [0, 1, 2]);
    }

    #[test]
    fn successors_already_split_are_left_out() {
        let mut killers = Killers::default();
        killers.record(0, Order::Killers, 1, Some(2)).unwrap();
        // As the search skips them.
        let order: Vec<usize> = killers.order(0, 5).1.filter(|at| at % 2 == 0).collect();
        assert_eq!(order, [2, 4, 0]);
    }

    #[test]
    fn the_cheaper_order_is_chosen_and_the_other_still_tried() {
        let mut killers = Killers::default();
        killers.record(0, Order::Killers, 1, Some(2)).unwrap();
        // Too few tests to judge: the killers.
        for _ in 0..10 {
            killers.record(0, Order::Listed, 1, None).unwrap();
        }
        assert_eq!(order(&mut killers, 0, 5).1, Order::Killers);
        // Killers cost 20 splits a test, the game's order 2.
        for _ in 0..200 {
            killers.record(0, Order::Killers, 20, None).unwrap();
            killers.record(0, Order::Listed, 2, None).unwrap();
        }
        let chosen: Vec<Order> = (0..EXPLORE).map(|_| order(&mut killers, 0, 5).1).collect();
        let tried = chosen.iter().filter(|&&o| o == Order::Killers).count();
        assert_eq!(tried, 1, "{chosen:?}");
        assert_eq!(order(&mut killers, 0, 5).0, [0, 1, 2, 3, 4]);
        // When the game's order turns costlier, the killers are used again.
        for _ in 0..400 {
            killers.record(0, Order::Listed, 100, None).unwrap();
        }
        let chosen: Vec<Order> = (0..EXPLORE).map(|_| order(&mut killers, 0, 5).1).collect();
        let listed = chosen.iter().filter(|&&o| o == Order::Listed).count();
        assert_eq!(listed, 1, "{chosen:?}");
    }
}
