//! The order in which Cram lists its moves, worked out once per board size.

use std::sync::OnceLock;

/// The dominoes of every board size, on a board as wide as the box and on one
/// [`FRAME`](super::split::FRAME) wide, made when first asked for.
static ORDERS: [OnceLock<Order>; 2 * 64 * 64] = [const { OnceLock::new() }; 2 * 64 * 64];

/// The dominoes of a box in the order they are tried.
pub(super) struct Order {
    /// The cells of each domino, in order.
    pieces: Box<[u64]>,
    /// The place in `pieces` of the domino whose top left cell is `at`: `2 * at` across,
    /// `2 * at + 1` down.
    rank: [u8; 128],
}

impl Order {
    /// The cells of the dominoes whose top left cells are in `across` (lying) and `down`
    /// (standing), in order.
    ///
    /// The dominoes are ranked first and read off in order, rather than each domino of the
    /// box tested in order: which ones fit is all but random, and a test per domino costs
    /// a mispredicted branch every few dominoes.
    #[inline]
    pub(super) fn listed(&'static self, across: u64, down: u64) -> impl Iterator<Item = u64> {
        let mut ranked = 0u128;
        for (mut set, kind) in [(across, 0), (down, 1)] {
            while set != 0 {
                let at = set.trailing_zeros() as usize;
                set &= set - 1;
                ranked |= 1 << self.rank[2 * at + kind];
            }
        }
        std::iter::from_fn(move || {
            (ranked != 0).then(|| {
                let i = ranked.trailing_zeros() as usize;
                ranked &= ranked - 1;
                self.pieces[i]
            })
        })
    }
}

/// The dominoes of a `rows` × `cols` box (1 ≤ rows, cols and rows · cols ≤ 64) at the top
/// left of a board `width` cells wide (`cols` or [`FRAME`](super::split::FRAME)), nearest the
/// middle of the box first: by the distance of its centre from the box's centre, doubled to
/// stay whole, vertical before horizontal on a tie, then by cell.
///
/// Such dominoes cut the board in two, so the search meets small components, and symmetric
/// ones worth 0, sooner; the solver's own order (fewer moves first) only breaks its ties by
/// this one. Sorting the moves of every position cost more than the rest of listing them, so
/// the order is made once per size.
pub(super) fn of(rows: u32, cols: u32, width: u32) -> &'static Order {
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
                    keyed.push(((key * 2, false, at), 2 * at + 1));
                }
                if c + 1 < cols {
                    let key = (2 * r).abs_diff(mid_row) + (2 * c + 1).abs_diff(mid_col);
                    keyed.push(((key * 2 + 1, true, at), 2 * at));
                }
            }
        }
        keyed.sort_unstable_by_key(|&(key, _)| key);
        // Fewer than 128 dominoes: 2 rows cols - rows - cols of them.
        let mut rank = [0; 128];
        let mut pieces = Vec::with_capacity(keyed.len());
        for (i, &(_, slot)) in keyed.iter().enumerate() {
            rank[slot as usize] = i as u8;
            let at = slot / 2;
            pieces.push(if slot & 1 == 1 { 1 | 1 << width } else { 0b11 } << at);
        }
        Order {
            pieces: pieces.into_boxed_slice(),
            rank,
        }
    })
}
