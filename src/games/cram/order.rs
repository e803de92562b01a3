//! The order in which Cram lists its moves, worked out once per board size.

use std::sync::OnceLock;

/// One domino of a board: its top left cell (row in the high byte, column in bits 1 to 7) and
/// whether it stands vertically (bit 0).
pub(super) type Slot = u16;

/// The dominoes of every board size, made when first asked for.
static ORDERS: [OnceLock<Box<[Slot]>>; 64 * 64] = [const { OnceLock::new() }; 64 * 64];

/// Every domino of a `rows` × `cols` board (1 ≤ rows, cols and rows · cols ≤ 64), nearest the
/// middle first: by the distance of its centre from the board's centre, doubled to stay whole,
/// vertical before horizontal on a tie, then by cell.
///
/// Such dominoes cut the board in two, so the search meets small components, and symmetric
/// ones worth 0, sooner; the solver's own order (fewer moves first) only breaks its ties by
/// this one. Sorting the moves of every position cost more than the rest of listing them, so
/// the order is made once per size and the moves are read off it.
pub(super) fn slots(rows: u32, cols: u32) -> &'static [Slot] {
    let at = ((rows - 1) * 64 + (cols - 1)) as usize;
    ORDERS[at].get_or_init(|| {
        let (mid_row, mid_col) = (rows - 1, cols - 1);
        let mut keyed = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if r + 1 < rows {
                    let key = (2 * r + 1).abs_diff(mid_row) + (2 * c).abs_diff(mid_col);
                    keyed.push((key * 2, slot(r, c, true)));
                }
                if c + 1 < cols {
                    let key = (2 * r).abs_diff(mid_row) + (2 * c + 1).abs_diff(mid_col);
                    keyed.push((key * 2 + 1, slot(r, c, false)));
                }
            }
        }
        keyed.sort_by_key(|&(key, s)| (key, s & 1 == 0, s));
        keyed.into_iter().map(|(_, s)| s).collect()
    })
}

fn slot(row: u32, col: u32, vertical: bool) -> Slot {
    (row << 8 | col << 1 | u32::from(vertical)) as Slot
}

/// The cells a domino covers on a board `width` cells wide.
#[inline]
pub(super) fn piece(slot: Slot, width: u32) -> u64 {
    let (row, col) = (u32::from(slot >> 8), u32::from(slot >> 1 & 127));
    let base = if slot & 1 == 1 { 1 | 1 << width } else { 0b11 };
    base << (row * width + col)
}
