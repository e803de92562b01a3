//! [`Board`]: a set of cells of a grid of up to 64 cells, as the bits of one word.

use std::fmt;
use std::str::FromStr;

use crate::Error;

/// The most cells a [`Board`] (and vertices a [`Graph`](super::Graph)) can have: one word of
/// bits.
pub const MAX_CELLS: u32 = 64;

/// `COLUMN[w]`: bit 0 and every w-th bit after it, the first column of a board w cells wide.
pub(crate) const COLUMN: [u64; 65] = {
    let mut table = [0u64; 65];
    let mut w = 1;
    while w <= 64 {
        let mut bits = 0u64;
        let mut i = 0;
        while i < 64 {
            bits |= 1 << i;
            i += w;
        }
        table[w] = bits;
        w += 1;
    }
    table
};

/// The `n` lowest bits (all 64 for n ≥ 64).
#[inline]
pub(crate) const fn low_bits(n: u32) -> u64 {
    if n >= 64 { u64::MAX } else { (1 << n) - 1 }
}

/// `x << n`, or 0 when n ≥ 64.
#[inline]
pub(crate) const fn shl(x: u64, n: u32) -> u64 {
    if n >= 64 { 0 } else { x << n }
}

/// `x >> n`, or 0 when n ≥ 64.
#[inline]
pub(crate) const fn shr(x: u64, n: u32) -> u64 {
    if n >= 64 { 0 } else { x >> n }
}

/// A set of cells on a `rows` × `cols` grid of at most 64 cells, one bit per cell.
///
/// Boards order by rows, then columns, then cells as a number: the order in which
/// [`canonical`](Board::canonical) takes the least image.
///
/// As text (`Display` and `FromStr`), rows are split by `|`, `.` is a cell of the set and `#`
/// a cell outside it, as in `CGSuite` and `MCGS`: `"..#|..."` is a 2 × 3 board missing one cell.
///
/// ```
/// use sprague::board::Board;
///
/// let board = Board::new(2, 3)?;
/// assert_eq!(board.len(), 6);
/// assert_eq!(board.to_string(), "...|...");
/// assert!(Board::new(9, 8).is_err()); // 72 cells
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Board {
    // Read by the symmetries beside this file, on the hot path of every split.
    pub(super) rows: u8,
    pub(super) cols: u8,
    pub(super) cells: u64,
}

impl Board {
    /// The full `rows` × `cols` board: every cell in the set.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfRange`] if the board has more than [`MAX_CELLS`] cells.
    ///
    /// ```
    /// use sprague::board::Board;
    /// let board = Board::new(2, 3)?;
    /// assert_eq!((board.len(), board.cells()), (6, 0b111111));
    /// assert_eq!(Board::new(8, 8)?.cells(), u64::MAX);
    /// assert!(Board::new(8, 9).is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn new(rows: u32, cols: u32) -> Result<Board, Error> {
        let board = Board::empty(rows, cols)?;
        Ok(Board {
            cells: board.area(),
            ..board
        })
    }

    /// The `rows` × `cols` board with no cell in the set.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfRange`] if the board has more than [`MAX_CELLS`] cells.
    ///
    /// ```
    /// assert!(sprague::board::Board::empty(3, 3)?.is_empty());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn empty(rows: u32, cols: u32) -> Result<Board, Error> {
        let size = u64::from(rows) * u64::from(cols);
        if size > u64::from(MAX_CELLS) {
            return Err(Error::out_of_range("cell count", size, MAX_CELLS));
        }
        // A board with no cells has no shape: it is 0 x 0.
        if size == 0 {
            return Ok(Board::default());
        }
        Ok(Board {
            rows: rows as u8,
            cols: cols as u8,
            cells: 0,
        })
    }

    /// The `rows` × `cols` board whose set is `cells` (bit `r * cols + c` for cell (r, c)).
    ///
    /// # Errors
    ///
    /// [`Error::OutOfRange`] if the board has more than [`MAX_CELLS`] cells or `cells` has a
    /// bit outside it.
    ///
    /// ```
    /// use sprague::board::Board;
    /// assert_eq!(Board::from_cells(2, 2, 0b1001)?.to_string(), ".#|#.");
    /// assert!(Board::from_cells(2, 2, 0b10000).is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn from_cells(rows: u32, cols: u32, cells: u64) -> Result<Board, Error> {
        let board = Board::empty(rows, cols)?;
        if cells & !board.area() != 0 {
            return Err(Error::out_of_range("cell mask", cells, board.area()));
        }
        Ok(Board { cells, ..board })
    }

    /// The board of the given parts, which the caller knows to be valid (they come from a
    /// board).
    #[inline]
    pub(crate) fn from_raw(rows: u32, cols: u32, cells: u64) -> Board {
        Board {
            rows: rows as u8,
            cols: cols as u8,
            cells,
        }
    }

    /// The same grid with the set `cells`, cut to the grid.
    ///
    /// O(1).
    ///
    /// ```
    /// use sprague::board::Board;
    /// let board = Board::new(2, 3)?;
    /// // Bit 7 is off the 2 x 3 grid and is dropped.
    /// let some = board.with_cells(0b100101 | 1 << 7);
    /// assert_eq!(some.cells(), 0b100101);
    /// assert_eq!(some.to_string(), ".#.|##.");
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn with_cells(self, cells: u64) -> Board {
        Board {
            cells: cells & self.area(),
            ..self
        }
    }

    /// The number of rows of the grid.
    ///
    /// ```
    /// use sprague::board::Board;
    /// let board: Board = "..#|...".parse()?;
    /// assert_eq!((board.rows(), board.cols()), (2, 3));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn rows(self) -> u32 {
        u32::from(self.rows)
    }

    /// The number of columns of the grid: see [`Board::rows`].
    #[must_use]
    #[inline]
    pub fn cols(self) -> u32 {
        u32::from(self.cols)
    }

    /// The set, one bit per cell: bit `r * cols + c` for cell (r, c).
    ///
    /// ```
    /// use sprague::board::Board;
    /// // All but cell (0, 2), bit 2.
    /// let board: Board = "..#|...".parse()?;
    /// assert_eq!(board.cells(), 0b111011);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn cells(self) -> u64 {
        self.cells
    }

    /// Every cell of the grid, in or out of the set.
    ///
    /// ```
    /// assert_eq!(sprague::board::Board::empty(2, 3)?.area(), 0b111111);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn area(self) -> u64 {
        low_bits(self.rows() * self.cols())
    }

    /// The number of cells in the set.
    ///
    /// ```
    /// use sprague::board::Board;
    /// let board: Board = "..#|#..".parse()?;
    /// assert_eq!(board.len(), 4);
    /// assert!(!board.is_empty());
    /// assert!(board.with_cells(0).is_empty());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn len(self) -> u32 {
        self.cells.count_ones()
    }

    /// Whether the set is empty: see [`Board::len`].
    #[must_use]
    #[inline]
    pub fn is_empty(self) -> bool {
        self.cells == 0
    }

    /// The bit of cell (`row`, `col`), or `None` outside the grid.
    ///
    /// ```
    /// let board = sprague::board::Board::new(2, 3)?;
    /// assert_eq!(board.bit(1, 2), Some(1 << 5));
    /// assert_eq!(board.bit(2, 0), None);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn bit(self, row: u32, col: u32) -> Option<u64> {
        (row < self.rows() && col < self.cols()).then(|| 1 << (row * self.cols() + col))
    }

    /// The (row, column) of the cell of bit number `index` (`r * cols + c`).
    ///
    /// O(1). Meaningless for an index outside the grid; a board of no columns gives (0, 0).
    ///
    /// ```
    /// use sprague::board::Board;
    /// let board = Board::new(2, 3)?;
    /// assert_eq!(board.cell(4), (1, 1));
    /// assert_eq!(board.bit(1, 2), Some(1 << 5));
    /// assert_eq!(board.cell(5), (1, 2));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn cell(self, index: u32) -> (u32, u32) {
        match self.cols() {
            0 => (0, 0),
            c => (index / c, index % c),
        }
    }

    /// Whether cell (`row`, `col`) is in the set (false outside the grid).
    ///
    /// ```
    /// use sprague::board::Board;
    /// let board: Board = "..#|...".parse()?;
    /// assert!(board.contains(1, 2));
    /// assert!(!board.contains(0, 2));
    /// assert!(!board.contains(2, 0));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn contains(self, row: u32, col: u32) -> bool {
        self.bit(row, col).is_some_and(|b| self.cells & b != 0)
    }

    /// The first column of the grid, as bits.
    #[inline]
    fn first_col(self) -> u64 {
        COLUMN[self.cols as usize] & self.area()
    }

    /// The last column of the grid, as bits.
    #[inline]
    fn last_col(self) -> u64 {
        shl(self.first_col(), self.cols().saturating_sub(1))
    }

    /// Cells of the grid with the cell to their left in `set`.
    #[inline]
    pub(crate) fn right_of(self, set: u64) -> u64 {
        (set & !self.last_col()) << 1
    }

    /// Cells of the grid with the cell to their right in `set`.
    #[inline]
    pub(crate) fn left_of(self, set: u64) -> u64 {
        (set & !self.first_col()) >> 1
    }

    /// Cells of the grid with the cell above them in `set`.
    #[inline]
    pub(crate) fn below(self, set: u64) -> u64 {
        shl(set, self.cols()) & self.area()
    }

    /// Cells of the grid with the cell below them in `set`.
    #[inline]
    pub(crate) fn above(self, set: u64) -> u64 {
        shr(set, self.cols())
    }

    /// Every cell of the grid beside (sharing a side with) a cell of `set`, whether in the
    /// board's set or not; the cells of `set` themselves only when beside another.
    ///
    /// O(1): four shifts and two masks.
    ///
    /// ```
    /// use sprague::board::Board;
    /// let board = Board::new(3, 3)?;
    /// let centre = board.bit(1, 1).unwrap();
    /// assert_eq!(board.with_cells(board.neighbours(centre)).to_string(), "#.#|.#.|#.#");
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn neighbours(self, set: u64) -> u64 {
        self.right_of(set) | self.left_of(set) | self.below(set) | self.above(set)
    }

    /// The cells of the set joined to a cell of `seed` by a path of cells of the set, each
    /// beside the next (`seed` cut to the set).
    ///
    /// A flood fill by whole words: O(d) word operations for a component d cells across.
    ///
    /// ```
    /// use sprague::board::Board;
    /// let board: Board = "..#|#.#|..#".parse()?;
    /// assert_eq!(board.component_of(1).count_ones(), 5);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn component_of(self, seed: u64) -> u64 {
        self.component_cut(seed, 0)
    }

    /// As [`component_of`](Board::component_of), but not crossing from a cell of `cut` to
    /// the cell to its right (or back).
    #[inline]
    fn component_cut(self, seed: u64, cut: u64) -> u64 {
        let within = self.cells;
        let mut set = seed & within;
        loop {
            let across = self.right_of(set & !cut) | (self.left_of(set) & !cut);
            let grown = (set | across | self.below(set) | self.above(set)) & within;
            if grown == set {
                return set;
            }
            set = grown;
        }
    }

    /// The connected components of the set (cells joined through shared sides), as sets of
    /// cells of this grid, lowest cell first. They partition the set.
    ///
    /// O(n + d) word operations in all for n components, d the sum of their diameters.
    ///
    /// ```
    /// use sprague::board::Board;
    /// let board: Board = ".#.|#.#|.#.".parse()?;
    /// assert_eq!(board.components().count(), 5);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn components(self) -> Components {
        Components {
            board: self,
            rest: self.cells,
            cut: 0,
        }
    }

    /// [`Board::components`], with the cells of `cut` not joined to the cell to their right.
    pub(crate) fn components_apart(self, cut: u64) -> Components {
        Components {
            board: self,
            rest: self.cells,
            cut,
        }
    }

    /// The smallest rectangle holding the set, as a board of its own, and the (row, column)
    /// of its top left cell in this grid. An empty set crops to the 0 × 0 board at (0, 0).
    ///
    /// O(rows) word operations.
    ///
    /// ```
    /// use sprague::board::Board;
    /// let board: Board = "###|#..|##.".parse()?;
    /// let (cropped, at) = board.crop();
    /// assert_eq!((cropped.to_string(), at), ("..|#.".to_string(), (1, 1)));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn crop(self) -> (Board, (u32, u32)) {
        if self.cells == 0 {
            return (Board::default(), (0, 0));
        }
        let cols = self.cols();
        let top = self.cells.trailing_zeros() / cols;
        let bottom = self.cells.ilog2() / cols;
        // Fold the rows onto one to find the columns in use.
        let mut used = 0;
        let mut rest = self.cells >> (top * cols);
        while rest != 0 {
            used |= rest & low_bits(cols);
            rest = shr(rest, cols);
        }
        let left = used.trailing_zeros();
        let width = 64 - used.leading_zeros() - left;
        let height = bottom - top + 1;
        let cells = if width == cols {
            self.cells >> (top * cols)
        } else {
            let mut cells = 0;
            for r in 0..height {
                let row = (self.cells >> ((top + r) * cols + left)) & low_bits(width);
                cells |= row << (r * width);
            }
            cells
        };
        let board = Board {
            rows: height as u8,
            cols: width as u8,
            cells,
        };
        (board, (top, left))
    }
}

/// The connected components of a [`Board`]'s set: see [`Board::components`].
#[derive(Clone, Debug)]
pub struct Components {
    board: Board,
    rest: u64,
    /// Cells not joined to the cell to their right.
    cut: u64,
}

impl Iterator for Components {
    type Item = u64;

    #[inline]
    fn next(&mut self) -> Option<u64> {
        if self.rest == 0 {
            return None;
        }
        let component = self
            .board
            .component_cut(self.rest & self.rest.wrapping_neg(), self.cut);
        self.rest ^= component;
        Some(component)
    }
}

impl fmt::Display for Board {
    /// Rows split by `|`, `.` for a cell of the set and `#` for one outside it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows() {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..self.cols() {
                f.write_str(if self.contains(r, c) { "." } else { "#" })?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({:?})", self.to_string())
    }
}

impl FromStr for Board {
    type Err = Error;

    /// A board from text: rows split by `|` (or new lines), `.` a cell of the set, `#` a cell
    /// outside it; spaces around rows are ignored.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidBoard`] for another character or rows of different lengths,
    /// [`Error::OutOfRange`] for more than 64 cells.
    ///
    /// ```
    /// use sprague::board::Board;
    /// assert_eq!("..|.#".parse::<Board>()?.len(), 3);
    /// assert!("..|.".parse::<Board>().is_err());
    /// assert!("..|.x".parse::<Board>().is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    fn from_str(text: &str) -> Result<Board, Error> {
        let invalid = |reason: String| Error::InvalidBoard {
            board: text.to_string(),
            reason,
        };
        let rows: Vec<&str> = text.trim().split(['|', '\n']).map(str::trim).collect();
        let cols = rows[0].chars().count();
        let mut cells = Vec::with_capacity(rows.len().min(65));
        for (r, row) in rows.iter().enumerate() {
            let len = row.chars().count();
            if len != cols {
                return Err(invalid(format!(
                    "row {} is {len} cells long, row 1 is {cols}",
                    r + 1
                )));
            }
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '.' => cells.push(true),
                    '#' => cells.push(false),
                    other => {
                        return Err(invalid(format!(
                            "character {other:?} in row {}, column {}: a cell is '.' (empty) or '#' (filled)",
                            r + 1,
                            c + 1
                        )));
                    }
                }
                if cells.len() > MAX_CELLS as usize {
                    break;
                }
            }
        }
        let rows_count = u32::try_from(rows.len()).unwrap_or(u32::MAX);
        let board = Board::empty(rows_count, u32::try_from(cols).unwrap_or(u32::MAX))?;
        let bits = cells
            .iter()
            .enumerate()
            .filter(|&(_, &empty)| empty)
            .fold(0u64, |bits, (i, _)| bits | 1 << i);
        Ok(board.with_cells(bits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_stay_on_the_grid() {
        let board = Board::new(3, 4).unwrap();
        let corner = board.bit(0, 3).unwrap();
        assert_eq!(board.right_of(corner), 0);
        assert_eq!(board.neighbours(corner).count_ones(), 2);
        let bar = Board::new(1, 64).unwrap();
        assert_eq!(bar.above(1), 0);
        assert_eq!(bar.below(1), 0);
        assert_eq!(bar.neighbours(1 << 63), 1 << 62);
        let column = Board::new(64, 1).unwrap();
        assert_eq!(column.neighbours(1 << 5), 0b101 << 4);
    }

    #[test]
    fn crop_of_a_full_width_set_and_of_nothing() {
        let board: Board = "###|...|.#.|###".parse().unwrap();
        assert_eq!(board.crop(), ("...|.#.".parse().unwrap(), (1, 0)));
        assert_eq!(
            Board::empty(3, 3).unwrap().crop(),
            (Board::default(), (0, 0))
        );
    }

    #[test]
    fn too_many_cells_is_an_error() {
        assert!(Board::new(u32::MAX, u32::MAX).is_err());
        assert!(Board::new(65, 1).is_err());
        assert!(Board::new(8, 8).is_ok());
        assert!(".".repeat(65).parse::<Board>().is_err());
        assert_eq!(Board::new(0, 1000).unwrap(), Board::default());
    }
}
