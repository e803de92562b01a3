//! The canonical forms of the components of a board game's position: the split of games
//! played on a [`Board`].

use super::bitboard::Board;
use super::symmetry::Symmetry;

/// A component of a board game's position in canonical form, with the symmetries that fix
/// it (bit s for `Symmetry::ALL[s]`, so bit 0 always), for pruning moves equivalent by
/// symmetry.
pub(crate) type Part = (Board, u8);

/// The canonical forms of the components of a board game's position, two equal ones
/// cancelling: the split of a game whose components are independent and whose positions
/// cannot repeat.
///
/// `prepare` may first take cells out that do not change the value, and names cells not to be
/// joined to the cell to their right (moves that need not be played); a component cut off that
/// way is prepared and split again. `keep` sees each cropped component and leaves out those
/// worth 0.
pub(crate) fn canonical_parts(
    board: Board,
    prepare: &impl Fn(Board) -> (Board, u64),
    keep: &impl Fn(Board) -> bool,
) -> smallvec::SmallVec<[Part; 8]> {
    let mut parts = smallvec::SmallVec::new();
    collect_parts(board, prepare, keep, &mut parts);
    parts
}

fn collect_parts(
    board: Board,
    prepare: &impl Fn(Board) -> (Board, u64),
    keep: &impl Fn(Board) -> bool,
    parts: &mut smallvec::SmallVec<[Part; 8]>,
) {
    let (board, cut) = prepare(board);
    for component in board.components_apart(cut) {
        if cut != 0 && component != board.cells() {
            collect_parts(board.with_cells(component), prepare, keep, parts);
            continue;
        }
        let (cropped, _) = board.with_cells(component).crop();
        if !keep(cropped) {
            continue;
        }
        let (canonical, _, symmetries) = cropped.least_image();
        if let Some(i) = parts.iter().position(|&(b, _)| b == canonical) {
            parts.swap_remove(i);
        } else {
            parts.push((canonical, symmetries));
        }
    }
}

/// Whether the move `cells` (on `board`, whose symmetries are `symmetries`) is the least of
/// its images under them: keeping only those keeps one move of each class of moves that
/// symmetry makes equivalent.
#[inline]
pub(crate) fn least_in_orbit(board: Board, symmetries: u8, cells: u64) -> bool {
    let mut others = symmetries & !1;
    let piece = board.with_cells(cells);
    while others != 0 {
        let s = Symmetry::ALL[others.trailing_zeros() as usize];
        others &= others - 1;
        if piece.transform(s).cells() < cells {
            return false;
        }
    }
    true
}
