//! The successors of a Chomp position, each in its least orientation.

use super::{CHOMP_MAX_ROWS, Chomp, DIAGRAM, ONES, TRANSPOSED, bytes};

/// `LOW_BYTES[i]`: the lowest `i` bytes set, for i up to 16.
const LOW_BYTES: [u128; 17] = {
    let mut table = [0; 17];
    let mut i = 0;
    while i <= 16 {
        table[i] = bytes(i as u32);
        i += 1;
    }
    table
};

/// The successors of `position`: for each column j, the bites from the top row (the poisoned
/// square excepted) down to the lowest row longer than j.
///
/// A bite of the diagram at (i, j) is a bite of its transpose at (j, i), so the transpose of
/// every successor costs a few operations on the transpose of the position, and the least of
/// the two is chosen as it is generated: the successors come in the form
/// [`Chomp::canonical`] gives, without a pass over their rows.
pub(super) fn bites(position: Chomp) -> impl Iterator<Item = Chomp> {
    let (mut height, width) = (position.height(), position.row(0));
    let lens = position.rows.to_le_bytes();
    let columns = (width <= CHOMP_MAX_ROWS).then(|| position.columns());
    (0..width).flat_map(move |column| {
        // Rows no longer than the column keep their length.
        while u32::from(lens[(height as usize - 1) & 15]) <= column {
            height -= 1;
        }
        let bite = Column {
            rows: position.rows,
            columns,
            height: LOW_BYTES[height as usize & 15],
            fill: ONES * u128::from(column),
            bitten_columns: !LOW_BYTES[column as usize & 15],
            lens,
        };
        // Row 0 of column 0 is the poisoned square.
        (u32::from(column == 0)..height).map(move |row| bite.at(row))
    })
}

/// What the bites of one column share.
#[derive(Clone, Copy)]
struct Column {
    /// The position bitten, with its flag.
    rows: u128,
    /// The transpose of its diagram, if its width is at most [`CHOMP_MAX_ROWS`].
    columns: Option<u128>,
    /// The rows longer than the column, a byte of ones each.
    height: u128,
    /// The column in every byte.
    fill: u128,
    /// The rows of the transpose from the column on: those a bite may shorten.
    bitten_columns: u128,
    /// The row lengths.
    lens: [u8; 16],
}

impl Column {
    /// The position after the bite at `row`.
    #[inline]
    fn at(self, row: u32) -> Chomp {
        let row = row as usize & 15;
        let cut = self.height & !LOW_BYTES[row];
        let bitten = (self.rows & !cut) | (self.fill & cut);
        let Some(columns) = self.columns else {
            // Too wide to transpose, and so are its successors, unless the first row is bitten.
            let next = Chomp { rows: bitten };
            return if row == 0 { next.canonical() } else { next };
        };
        // Columns from this one on that are longer than the bitten row, those before its
        // length, are cut to the row.
        let cut = LOW_BYTES[usize::from(self.lens[row]) & 15] & self.bitten_columns;
        let transposed = (columns & !cut) | ((ONES * row as u128) & cut);
        if transposed < bitten & DIAGRAM {
            Chomp {
                rows: transposed | ((self.rows & TRANSPOSED) ^ TRANSPOSED),
            }
        } else {
            Chomp { rows: bitten }
        }
    }
}
