//! The index of a Chomp position: the rank of its diagram among those of its width.

/// Diagrams of at most this many rows and columns have an index.
pub(super) const INDEXED: u32 = 13;

/// C(n, k) for n < 32 and k < 16; 0 for k > n.
const BINOMIAL: [[u32; 16]; 32] = {
    let mut table = [[0; 16]; 32];
    let mut n = 0;
    while n < 32 {
        table[n][0] = 1;
        let mut k = 1;
        while k < 16 && n > 0 {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
};

/// `RANK[m][i][r]`: what row i of r squares adds to the index of a diagram m squares wide.
///
/// Diagrams no taller than they are wide, numbered by width, then by their rows below the
/// first. The rows 1..h of a diagram of width m form a diagram of at most m − 1 rows of at most
/// m squares, of which there are C(2m − 1, m − 1); it ranks as the sum over i ≥ 1 of
/// C(`r_i` + m − 1 − i, m − i): the combinatorial number system, applied to the strictly
/// decreasing `r_i` + m − 1 − i. Row 0, always of m squares, adds the diagrams of smaller widths.
const RANK: [[[u32; 16]; 16]; 16] = {
    let mut table = [[[0; 16]; 16]; 16];
    let mut below = 0;
    let mut m = 1;
    while m <= INDEXED as usize {
        table[m][0][m] = below;
        let mut i = 1;
        while i < m {
            let mut r = 0;
            while r <= m {
                table[m][i][r] = BINOMIAL[r + m - 1 - i][m - i];
                r += 1;
            }
            i += 1;
        }
        below += BINOMIAL[2 * m - 1][m - 1];
        m += 1;
    }
    table
};

/// `TALLEST[m]`: the largest rows of at most m rows, one byte each.
const TALLEST: [u128; 16] = {
    let mut table = [0; 16];
    let mut m = 0;
    while m < 16 {
        table[m] = (1 << (8 * m)) - 1;
        m += 1;
    }
    table
};

/// The index of the diagram with these rows (row i in byte i, 0 past the last row),
/// `width` squares wide: `None` unless it is at most [`INDEXED`] wide and no taller.
///
/// The diagrams of width at most m are numbered from 0 up to the sum over k ≤ m of
/// C(2k − 1, k − 1), exclusive: 125,476 for m = 10, 7,030,570 for m = 13.
#[inline]
pub(super) fn rank(rows: u128, width: u32) -> Option<usize> {
    // No taller than wide: no row from row `width` on.
    if width > INDEXED || rows > TALLEST[width as usize & 15] {
        return None;
    }
    // A fixed number of rows, so that the loop unrolls: the rows past the last add 0, as
    // RANK[m][i][0] = 0 for i > 0.
    let table = &RANK[width as usize & 15];
    let lens = rows.to_le_bytes();
    let index: u32 = (0..INDEXED as usize)
        .map(|i| table[i][usize::from(lens[i]) & 15])
        .sum();
    Some(index as usize)
}
