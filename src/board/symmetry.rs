//! The eight symmetries of the square, canonical forms, and the map back from a canonical
//! component to its board.

use super::bitboard::{Board, COLUMN, low_bits};

/// One of the eight symmetries of the square (the dihedral group of order 8), acting on boards.
///
/// Each is a transposition (or none) followed by a reversal of the rows (or none) and of the
/// columns (or none); the eight are listed in [`Symmetry::ALL`].
///
/// ```
/// use sprague::board::{Board, Symmetry};
///
/// let board: Board = "..#|...".parse()?;
/// let turned = board.transform(Symmetry::QUARTER_TURN);
/// assert_eq!(turned.to_string(), "..|..|.#");
/// assert_eq!(turned.transform(Symmetry::QUARTER_TURN.inverse()), board);
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Symmetry(u8);

const TRANSPOSE: u8 = 1;
const FLIP_ROWS: u8 = 2;
const FLIP_COLS: u8 = 4;

impl Symmetry {
    /// Leaves the board as it is.
    pub const IDENTITY: Symmetry = Symmetry(0);
    /// Reflects in the main diagonal: cell (r, c) goes to (c, r).
    pub const TRANSPOSE: Symmetry = Symmetry(TRANSPOSE);
    /// Turns the board upside down: the first row becomes the last.
    pub const FLIP_ROWS: Symmetry = Symmetry(FLIP_ROWS);
    /// Reflects the board left to right: the first column becomes the last.
    pub const FLIP_COLS: Symmetry = Symmetry(FLIP_COLS);
    /// The half turn.
    pub const HALF_TURN: Symmetry = Symmetry(FLIP_ROWS | FLIP_COLS);
    /// The quarter turn clockwise.
    pub const QUARTER_TURN: Symmetry = Symmetry(TRANSPOSE | FLIP_COLS);
    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// Whether the symmetry exchanges rows and columns.
    #[must_use]
    pub const fn transposes(self) -> bool {
        self.0 & TRANSPOSE != 0
    }

    /// The symmetry that undoes this one.
    ///
    /// ```
    /// use sprague::board::Symmetry;
    /// for s in Symmetry::ALL {
    ///     assert_eq!(s.inverse().inverse(), s);
    /// }
    /// assert_eq!(Symmetry::QUARTER_TURN.inverse(), Symmetry::TRANSPOSE.then(Symmetry::FLIP_ROWS));
    /// ```
    #[must_use]
    pub const fn inverse(self) -> Symmetry {
        if self.transposes() {
            // Undo the flips, then transpose: a flip of rows before a transposition is a flip
            // of columns after it.
            Symmetry(TRANSPOSE | (self.0 & FLIP_ROWS) << 1 | (self.0 & FLIP_COLS) >> 1)
        } else {
            self
        }
    }

    /// This symmetry followed by `next`.
    ///
    /// ```
    /// use sprague::board::Symmetry;
    /// let q = Symmetry::QUARTER_TURN;
    /// assert_eq!(q.then(q), Symmetry::HALF_TURN);
    /// assert_eq!(q.then(q.inverse()), Symmetry::IDENTITY);
    /// ```
    #[must_use]
    pub const fn then(self, next: Symmetry) -> Symmetry {
        let flips = if next.transposes() {
            // Move `next`'s transposition before this one's flips, which trade places.
            (self.0 & FLIP_ROWS) << 1 | (self.0 & FLIP_COLS) >> 1
        } else {
            self.0 & (FLIP_ROWS | FLIP_COLS)
        };
        Symmetry(((self.0 ^ next.0) & TRANSPOSE) | (flips ^ (next.0 & (FLIP_ROWS | FLIP_COLS))))
    }

    /// Where cell (`row`, `col`) of a `rows` × `cols` grid goes.
    ///
    /// O(1).
    ///
    /// ```
    /// use sprague::board::Symmetry;
    /// assert_eq!(Symmetry::QUARTER_TURN.map_cell(2, 3, 0, 0), (0, 1));
    /// ```
    #[must_use]
    pub const fn map_cell(self, rows: u32, cols: u32, row: u32, col: u32) -> (u32, u32) {
        let (rows, cols, mut row, mut col) = if self.transposes() {
            (cols, rows, col, row)
        } else {
            (rows, cols, row, col)
        };
        // Saturating, so that a cell outside the grid gives a meaningless cell, not a panic.
        if self.0 & FLIP_ROWS != 0 {
            row = rows.saturating_sub(row).saturating_sub(1);
        }
        if self.0 & FLIP_COLS != 0 {
            col = cols.saturating_sub(col).saturating_sub(1);
        }
        (row, col)
    }
}

/// The bits of `cells` (h rows of w, h ≤ w), transposed: w rows of h.
///
/// Each column is gathered into a row by one multiplication: the column's bits sit at i·w for
/// i < h, and the multiplier Σⱼ 2^(j·(w−1)) sends bit i·w to i·w + j·(w−1), which for
/// j = h − 1 − i is (h − 1)(w − 1) + i; those products are all distinct (w and w − 1 are
/// coprime and |i − i'| < w − 1 or |j − j'| < w), so no carry disturbs the bits wanted.
fn gather_columns(cells: u64, h: u32, w: u32) -> u64 {
    let column = COLUMN[w as usize] & low_bits(h * w);
    let magic: u128 = (0..h).fold(0, |m, j| m | 1 << (j * (w - 1)));
    let shift = (h - 1) * (w - 1);
    let mut out = 0;
    for c in 0..w {
        let bits = u128::from((cells >> c) & column);
        out |= (((bits * magic) >> shift) as u64 & low_bits(h)) << (c * h);
    }
    out
}

/// The bits of `cells` (h rows of w, w < h), transposed: w rows of h.
///
/// Each row is spread into a column by one multiplication: Σₖ 2^(k·(h−1)) sends bit j to
/// j + k·(h−1), which for k = j is j·h; the products are distinct since |j − j'| < h − 1.
fn spread_rows(cells: u64, h: u32, w: u32) -> u64 {
    let magic: u64 = (0..w).fold(0, |m, k| m | 1 << (k * (h - 1)));
    let column = COLUMN[h as usize] & low_bits(h * w);
    let mut out = 0;
    for r in 0..h {
        let row = (cells >> (r * w)) & low_bits(w);
        out |= (row.wrapping_mul(magic) & column) << r;
    }
    out
}

impl Board {
    /// The board reflected in its main diagonal: `cols` × `rows`.
    ///
    /// O(max(rows, cols)) word operations.
    ///
    /// ```
    /// use sprague::board::Board;
    /// let board: Board = "..#|...".parse()?;
    /// let transposed = board.transpose();
    /// assert_eq!((transposed.rows(), transposed.cols()), (3, 2));
    /// assert_eq!(transposed.to_string(), "..|..|#.");
    /// assert_eq!(transposed.transpose(), board);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn transpose(self) -> Board {
        let (h, w) = (self.rows(), self.cols());
        let cells = if self.cells == 0 {
            0
        } else if h <= w {
            gather_columns(self.cells, h, w)
        } else {
            spread_rows(self.cells, h, w)
        };
        Board {
            rows: self.cols,
            cols: self.rows,
            cells,
        }
    }

    /// The board turned by half a turn: one bit reversal. O(1).
    ///
    /// ```
    /// use sprague::board::Board;
    /// let board: Board = "..#|...".parse()?;
    /// assert_eq!(board.half_turn().to_string(), "...|#..");
    /// assert_eq!(board.half_turn().half_turn(), board);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn half_turn(self) -> Board {
        let size = self.rows() * self.cols();
        let cells = if size == 0 {
            0
        } else {
            self.cells.reverse_bits() >> (64 - size)
        };
        Board { cells, ..self }
    }

    /// The board upside down. O(rows) word operations.
    ///
    /// ```
    /// use sprague::board::Board;
    /// let board: Board = "..#|...|#..".parse()?;
    /// assert_eq!(board.flip_rows().to_string(), "#..|...|..#");
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn flip_rows(self) -> Board {
        let cols = self.cols();
        let mut cells = 0;
        let mut rest = self.cells;
        for _ in 0..self.rows() {
            cells = (cells << cols) | (rest & low_bits(cols));
            rest = super::shr(rest, cols);
        }
        Board { cells, ..self }
    }

    /// The image of the board under `symmetry`.
    ///
    /// O(rows + cols) word operations.
    ///
    /// ```
    /// use sprague::board::{Board, Symmetry};
    /// let board: Board = "..#|...".parse()?;
    /// assert_eq!(board.transform(Symmetry::IDENTITY), board);
    /// assert_eq!(board.transform(Symmetry::FLIP_COLS).to_string(), "#..|...");
    /// assert_eq!(board.transform(Symmetry::TRANSPOSE), board.transpose());
    /// // A quarter turn clockwise: the missing top right cell goes to the bottom right.
    /// assert_eq!(board.transform(Symmetry::QUARTER_TURN).to_string(), "..|..|.#");
    /// for s in Symmetry::ALL {
    ///     assert_eq!(board.transform(s).len(), 5);
    /// }
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn transform(self, symmetry: Symmetry) -> Board {
        let b = if symmetry.transposes() {
            self.transpose()
        } else {
            self
        };
        match symmetry.0 & (FLIP_ROWS | FLIP_COLS) {
            0 => b,
            FLIP_ROWS => b.flip_rows(),
            FLIP_COLS => b.half_turn().flip_rows(),
            _ => b.half_turn(),
        }
    }

    /// The canonical form of the set: the least of the eight images of the cropped board
    /// ([`crop`](Board::crop)), in the order of [`Board`] (fewer rows first); with the
    /// [`Placement`] mapping its cells back to this board. Two sets have the same canonical
    /// form exactly when one is a translation of a symmetric image of the other.
    ///
    /// O(rows + cols) word operations: of the eight images, only the four with no more rows
    /// than columns are formed.
    ///
    /// ```
    /// use sprague::board::Board;
    ///
    /// let l: Board = "##.|...|###".parse()?;
    /// let (canonical, placement) = l.canonical();
    /// assert_eq!(canonical.to_string(), "...|.##");
    /// // Every cell of the canonical form lands on a cell of the board.
    /// let back = placement.cells_to_board(canonical.cells());
    /// assert_eq!(back, l.cells());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn canonical(self) -> (Board, Placement) {
        let (cropped, (row, col)) = self.crop();
        let (best, symmetry, _) = cropped.least_image();
        let placement = Placement {
            symmetry: symmetry.inverse(),
            rows: best.rows,
            cols: best.cols,
            row: row as u8,
            col: col as u8,
            board_cols: self.cols,
        };
        (best, placement)
    }

    /// The least image of a cropped board, the symmetry giving it, and the set of symmetries
    /// that fix the least image (bit s for `Symmetry::ALL[s]`). Only images with no more rows
    /// than columns are formed, and they all have the same size, so only their cells are
    /// compared.
    pub(crate) fn least_image(self) -> (Board, Symmetry, u8) {
        let (wide, tall) = (self.rows <= self.cols, self.rows >= self.cols);
        let mut images = [(0u64, 0u8); 8];
        let mut count = 0;
        let mut shape = self;
        if wide {
            count = four_images(self, 0, &mut images, count);
        }
        if tall {
            shape = self.transpose();
            count = four_images(shape, TRANSPOSE, &mut images, count);
        }
        let images = &images[..count];
        let mut best = images[0];
        let mut ties = 1u8;
        for &image in &images[1..] {
            if image.0 < best.0 {
                best = image;
                ties = 1;
            } else if image.0 == best.0 {
                ties += 1;
            }
        }
        let symmetry = Symmetry(best.1);
        // Back from the least image to this board, then forward by another symmetry giving it:
        // a symmetry of the least image.
        let stabiliser = if ties == 1 {
            1
        } else {
            images
                .iter()
                .filter(|&&(cells, _)| cells == best.0)
                .fold(0u8, |set, &(_, s)| {
                    set | 1 << symmetry.inverse().then(Symmetry(s)).0
                })
        };
        (
            Board {
                cells: best.0,
                ..shape
            },
            symmetry,
            stabiliser,
        )
    }
}

/// Writes the cells of `board` under no flip, a flip of rows, of columns and of both (each
/// after the symmetry `base`) into `images` from `at`; returns the new count.
#[inline]
fn four_images(board: Board, base: u8, images: &mut [(u64, u8); 8], at: usize) -> usize {
    let half = board.half_turn();
    images[at] = (board.cells, base);
    images[at + 1] = (board.flip_rows().cells, base | FLIP_ROWS);
    images[at + 2] = (half.flip_rows().cells, base | FLIP_COLS);
    images[at + 3] = (half.cells, base | FLIP_ROWS | FLIP_COLS);
    at + 4
}

/// Where a canonical component lies on the board it came from: the map from the cells of
/// [`Board::canonical`]'s form back to the cells of the board, and its inverse.
///
/// ```
/// use sprague::board::Board;
///
/// let board: Board = "#..|#.#".parse()?;
/// let (canonical, placement) = board.canonical();
/// for i in 0..64 {
///     if canonical.cells() & 1 << i != 0 {
///         let (r, c) = canonical.cell(i);
///         let (br, bc) = placement.to_board(r, c);
///         assert!(board.contains(br, bc));
///         assert_eq!(placement.from_board(br, bc), Some((r, c)));
///     }
/// }
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// From the canonical form to the cropped board.
    symmetry: Symmetry,
    /// The canonical form's size.
    rows: u8,
    cols: u8,
    /// The cropped board's top left cell on the board.
    row: u8,
    col: u8,
    board_cols: u8,
}

impl Placement {
    /// The symmetry taking the canonical form to the component as it lies on the board.
    ///
    /// ```
    /// use sprague::board::{Board, Symmetry};
    /// // A column of three: its canonical form is the row of three, transposed.
    /// let column: Board = ".|.|.".parse()?;
    /// let (canonical, placement) = column.canonical();
    /// assert_eq!(canonical.to_string(), "...");
    /// assert_eq!(placement.symmetry(), Symmetry::TRANSPOSE);
    /// assert_eq!(canonical.transform(placement.symmetry()), column);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn symmetry(self) -> Symmetry {
        self.symmetry
    }

    /// The cell of the board where cell (`row`, `col`) of the canonical form lies.
    ///
    /// O(1). Meaningless for a cell outside the canonical form.
    ///
    /// ```
    /// use sprague::board::Board;
    /// // An L of three cells at (1, 1), (1, 2) and (2, 2), its corner at (1, 2).
    /// let board: Board = "###|#..|##.".parse()?;
    /// let (canonical, placement) = board.canonical();
    /// assert_eq!(canonical.to_string(), "..|.#");
    /// assert_eq!(placement.to_board(0, 0), (1, 2));
    /// let arms = [placement.to_board(0, 1), placement.to_board(1, 0)];
    /// assert!(arms == [(1, 1), (2, 2)] || arms == [(2, 2), (1, 1)]);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn to_board(self, row: u32, col: u32) -> (u32, u32) {
        let (r, c) = self
            .symmetry
            .map_cell(u32::from(self.rows), u32::from(self.cols), row, col);
        (
            r.saturating_add(u32::from(self.row)),
            c.saturating_add(u32::from(self.col)),
        )
    }

    /// The cell of the canonical form at cell (`row`, `col`) of the board, or `None` if the
    /// cell is outside the rectangle the component was cropped to.
    ///
    /// O(1).
    ///
    /// ```
    /// use sprague::board::Board;
    /// let board: Board = "###|#..|##.".parse()?;
    /// let (canonical, placement) = board.canonical();
    /// assert_eq!(canonical.to_string(), "..|.#");
    /// // The corner of the L, and the filled cell of its rectangle.
    /// assert_eq!(placement.from_board(1, 2), Some((0, 0)));
    /// assert_eq!(placement.from_board(2, 1), Some((1, 1)));
    /// // Outside the rectangle (1, 1) to (2, 2).
    /// assert_eq!(placement.from_board(0, 0), None);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn from_board(self, row: u32, col: u32) -> Option<(u32, u32)> {
        let (rows, cols) = if self.symmetry.transposes() {
            (u32::from(self.cols), u32::from(self.rows))
        } else {
            (u32::from(self.rows), u32::from(self.cols))
        };
        let r = row.checked_sub(u32::from(self.row)).filter(|&r| r < rows)?;
        let c = col.checked_sub(u32::from(self.col)).filter(|&c| c < cols)?;
        Some(self.symmetry.inverse().map_cell(rows, cols, r, c))
    }

    /// A set of cells of the canonical form (a move, a component's cells) as cells of the
    /// board.
    ///
    /// O(number of cells).
    ///
    /// ```
    /// use sprague::board::Board;
    /// let board: Board = "###|#..|##.".parse()?;
    /// let (canonical, placement) = board.canonical();
    /// // The whole component: cells (1, 1), (1, 2) and (2, 2), bits 4, 5 and 8.
    /// assert_eq!(placement.cells_to_board(canonical.cells()), 1 << 4 | 1 << 5 | 1 << 8);
    /// // The corner (0, 0) of the canonical form is the corner (1, 2) of the L.
    /// assert_eq!(placement.cells_to_board(1), 1 << 5);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn cells_to_board(self, cells: u64) -> u64 {
        let cols = u32::from(self.cols.max(1));
        let board_cols = u32::from(self.board_cols);
        let mut out = 0;
        let mut rest = cells & low_bits(u32::from(self.rows) * u32::from(self.cols));
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let (r, c) = self.to_board(i / cols, i % cols);
            out |= 1 << (r * board_cols + c);
        }
        out
    }
}
