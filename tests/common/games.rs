//! Small games that several test files play, written once.

use sprague::Game;

/// A token `n` moves from the end of a path: the deepest game for its number of positions,
/// worth 0 or * by the parity of `n`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Path(pub u32);

impl Game for Path {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        (self.0 > 0).then(|| Path(self.0 - 1))
    }
}

/// A pile from which 1, 3 or 4 stones may be taken: the classic first example of Grundy
/// values (period 7: 0, 1, 0, 1, 2, 3, 2).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Take134(pub u32);

impl Game for Take134 {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let n = self.0;
        [1, 3, 4]
            .into_iter()
            .filter(move |&k| k <= n)
            .map(move |k| Take134(n - k))
    }
}
