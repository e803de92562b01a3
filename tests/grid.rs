//! Cutting rectangles of grid paper (POJ 2311): the solver and the table against the definition.

use proptest::prelude::*;
use sprague::games::GridCutting;
use sprague::{Game, Nimber, Solver, grundy, grundy_by};

/// The values of every `w` × `h` sheet for `w`, `h` up to `n`, by the definition: a cut along
/// a grid line leaves two sheets, each piece must have both sides at least `k`, and a sheet
/// with a side below `k` is out of play. Written from the rules, with neither symmetry nor the
/// crate.
fn by_definition(n: usize, k: usize) -> Vec<Vec<u64>> {
    let mut g = vec![vec![0u64; n + 1]; n + 1];
    for w in 1..=n {
        for h in 1..=n {
            if w < k || h < k {
                continue;
            }
            let mut reached = Vec::new();
            for a in k..=w.saturating_sub(k) {
                if a >= 1 && a < w {
                    reached.push(g[a][h] ^ g[w - a][h]);
                }
            }
            for b in k..=h.saturating_sub(k) {
                if b >= 1 && b < h {
                    reached.push(g[w][b] ^ g[w][h - b]);
                }
            }
            g[w][h] = (0..).find(|v| !reached.contains(v)).unwrap();
        }
    }
    g
}

#[test]
fn poj_2311_samples() {
    // "LOSE", "LOSE", "WIN": the first player loses on 2 x 2 and 3 x 2, wins on 4 x 2.
    for (w, h, wins) in [(2, 2, false), (3, 2, false), (4, 2, true)] {
        let value = grundy(&GridCutting::new(w, h).with_min_side(2)).unwrap();
        assert_eq!(!value.is_zero(), wins, "{w} x {h}");
    }
}

#[test]
fn solver_and_table_agree_with_the_definition() {
    const N: usize = 28;
    // Minimum sides 1 and 2 have an index in the solver's table; 3 and 4 are hashed.
    for k in [1, 2, 3, 4] {
        let want = by_definition(N, k);
        let table = GridCutting::table(N as u32, N as u32, k as u32).unwrap();
        // Asked from the largest down, so that most searches start cold.
        let mut solver = Solver::new();
        for w in (1..=N).rev() {
            for h in (1..=N).rev() {
                let sheet = GridCutting::new(w as u32, h as u32).with_min_side(k as u32);
                let value = want[w][h];
                assert_eq!(
                    solver.grundy(&sheet).unwrap().value(),
                    value,
                    "{w} x {h}, k {k}"
                );
                assert_eq!(
                    table.get(w as u32, h as u32).unwrap().value(),
                    value,
                    "table {w} x {h}"
                );
            }
        }
    }
}

proptest! {
    /// A position of several sheets is worth the nim-sum of its sheets, on one thread or two.
    #[test]
    fn sheets_sum(sheets in proptest::collection::vec((1u32..20, 1u32..20), 1..5), k in 1u32..5, threads in 1usize..3) {
        let want = by_definition(20, k as usize);
        let sum = sheets.iter().fold(0, |x, &(w, h)| x ^ want[w as usize][h as usize]);
        let position = GridCutting::from_sheets(sheets).with_min_side(k);
        let mut solver = Solver::new().with_threads(threads);
        prop_assert_eq!(solver.grundy(&position).unwrap(), Nimber::new(sum));
    }

    /// The successors of a position of several sheets, searched as a whole (`grundy_by`
    /// does not split), give the same nim-sum: the solver itself values sheet by sheet.
    #[test]
    fn successors_of_several_sheets(sheets in proptest::collection::vec((1u32..6, 1u32..6), 1..3), k in 1u32..4) {
        let want = by_definition(5, k as usize);
        let sum = sheets.iter().fold(0, |x, &(w, h)| x ^ want[w as usize][h as usize]);
        let position = GridCutting::from_sheets(sheets).with_min_side(k);
        let value = grundy_by(&position, |p: &GridCutting| p.successors().into_iter().collect::<Vec<_>>());
        prop_assert_eq!(value.unwrap(), Nimber::new(sum));
    }
}
