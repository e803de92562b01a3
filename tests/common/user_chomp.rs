//! Chomp as a user writes it, for the tests and benches of the solver on positions that own
//! heap memory and keep the default `split` (every position is one component).

use sprague::Game;

/// The positions one bite leaves from Chomp on `rows`, the lengths of the rows from the
/// poisoned corner's, non-increasing: a bite at (i, j) shortens row i and every row after it
/// to j; the poisoned square (0, 0) is never bitten.
pub fn bites(rows: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for (i, &len) in rows.iter().enumerate() {
        for j in 0..len {
            if (i, j) == (0, 0) {
                continue;
            }
            let mut left = rows.to_vec();
            for row in &mut left[i..] {
                *row = (*row).min(j);
            }
            while left.last() == Some(&0) {
                left.pop();
            }
            out.push(left);
        }
    }
    out
}

/// Chomp on the lengths of its rows, in a vector.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Chomp(pub Vec<u8>);

impl Game for Chomp {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        bites(&self.0).into_iter().map(Chomp)
    }
}
