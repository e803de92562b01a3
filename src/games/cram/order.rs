//! The order in which Cram lists its moves, worked out once per board size.

use std::sync::OnceLock;

/// The dominoes of every board size, on a board as wide as the box and on one
/// [`FRAME`](super::split::FRAME) wide, made when first asked for.
static ORDERS: [OnceLock<Box<[u64]>>; 2 * 64 * 64] = [const { OnceLock::new() }; 2 * 64 * 64];

/// The cells of every domino of a `rows` × `cols` box (1 ≤ rows, cols and rows · cols ≤ 64)
/// at the top left of a board `width` cells wide (`cols` or [`FRAME`](super::split::FRAME)),
/// nearest the middle of the box first: by the distance of its centre from the box's centre,
/// doubled to stay whole, vertical before horizontal on a tie, then by cell.
///
/// Such dominoes cut the board in two, so the search meets small components, and symmetric
/// ones worth 0, sooner; the solver's own order (fewer moves first) only breaks its ties by
/// this one. Sorting the moves of every position cost more than the rest of listing them, so
/// the order is made once per size and the moves are read off it, as whole cells ready to
/// test against a position.
pub(super) fn pieces(rows: u32, cols: u32, width: u32) -> &'static [u64] {
    let framed = usize::from(width != cols);
    let at = framed * 64 * 64 + ((rows - 1) * 64 + (cols - 1)) as usize;
    ORDERS[at].get_or_init(|| {
        let (mid_row, mid_col) = (rows - 1, cols - 1);
        let mut keyed = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let at = r * width + c;
                if r + 1 < rows {
                    let key = (2 * r + 1).abs_diff(mid_row) + (2 * c).abs_diff(mid_col);
                    keyed.push(((key * 2, false, at), (1 | 1 << width) << at));
                }
                if c + 1 < cols {
                    let key = (2 * r).abs_diff(mid_row) + (2 * c + 1).abs_diff(mid_col);
                    keyed.push(((key * 2 + 1, true, at), 0b11 << at));
                }
            }
        }
        keyed.sort_unstable_by_key(|&(key, _)| key);
        keyed.into_iter().map(|(_, piece)| piece).collect()
    })
}
