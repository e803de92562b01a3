//! Cram: dominoes placed on a board until no two empty cells side by side remain.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

use crate::board::{self, Board};
use crate::{Error, Game, Solver};

mod order;
mod split;

/// A domino on a board: its top left cell, and whether it stands vertically (covering the cell
/// below) or lies horizontally (covering the cell to the right).
///
/// ```
/// use sprague::games::Domino;
/// let d = Domino { row: 1, col: 2, vertical: true };
/// assert_eq!(d.cells(), [(1, 2), (2, 2)]);
/// assert_eq!(d.to_string(), "(1,2)-(2,2)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domino {
    /// The row of the top left cell, from 0.
    pub row: u32,
    /// The column of the top left cell, from 0.
    pub col: u32,
    /// Vertical (covering (row + 1, col)) or horizontal (covering (row, col + 1)).
    pub vertical: bool,
}

impl Domino {
    /// The two cells covered, top left first.
    ///
    /// ```
    /// use sprague::games::Domino;
    /// let d = Domino { row: 0, col: 3, vertical: false };
    /// assert_eq!(d.cells(), [(0, 3), (0, 4)]);
    /// ```
    #[must_use]
    pub fn cells(self) -> [(u32, u32); 2] {
        // Saturating: a domino off any board is refused by `play`, not a panic.
        let other = if self.vertical {
            (self.row.saturating_add(1), self.col)
        } else {
            (self.row, self.col.saturating_add(1))
        };
        [(self.row, self.col), other]
    }
}

impl fmt::Display for Domino {
    /// `(r,c)-(r',c')`: the two cells covered.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [(r, c), (r2, c2)] = self.cells();
        write!(f, "({r},{c})-({r2},{c2})")
    }
}

/// Cram: players take turns placing a domino on two empty cells side by side (across or down);
/// the player who cannot place one loses.
///
/// # Rules and theory
///
/// Cram is the impartial form of Domineering (either player may place a domino either way),
/// popularized by Martin Gardner; *Winning Ways* studies it. A position is the set of empty
/// cells of a board of at most 64 cells ([`Board`]); text boards as in `CGSuite` and `MCGS`
/// (`FromStr`: rows split by `|`, `.` empty, `#` filled) give any shape.
///
/// - **Symmetry.** On a board with an even number of rows and of columns, the second player
///   answers every domino by its image under the half turn, which is always free: even by even
///   boards are worth 0. The same holds for any component which the half turn of its
///   bounding box maps to itself, if no domino fits on the centre of the box: then no domino
///   meets its own image. (An even by even box has its centre on a corner of cells; an odd by
///   odd box needs its centre cell filled, an odd by even one the two cells across its
///   centre.) On an even by odd board the first player places the centre domino and then
///   answers by symmetry: the board is won (non-zero).
/// - **Strips.** A 1 × n strip is Dawson's Kayles (octal 0.07) on a heap of n.
/// - **Components.** Empty cells not joined by sides play independently: a position is the
///   sum of its components. [`split`](Game::split) returns them in canonical form (the least
///   image under the eight symmetries of the square; a component whose bounding box fits in
///   8 × 8 lies at the top left of a board 8 columns wide, where those symmetries are a few
///   word operations, and a wider one is cropped), leaves out single cells (no move) and
///   the symmetric components above (worth 0), and drops equal components in pairs (they
///   cancel). A component from `split` lists one move of each class of moves that its own
///   symmetries make equivalent; a position made by [`Cram::new`], `parse` or a move lists
///   every move, on its own board.
/// - **Reductions.** Before splitting, cells that cannot change the value go: all but one of
///   the tufts (cells with one empty neighbour) hanging on a cell, and cells whose neighbours
///   all hold tufts. The two dominoes across a 2 × 2 block walled at opposite corners need not
///   be played, so the block's columns may fall into different components. These are the
///   reductions of Beling's igs; the tests check them against a plain search on thousands of
///   random boards.
/// - **Search order.** Dominoes nearest the middle come first: they cut the board in two.
///
/// Beling's igs computed the values of boards up to 7 × 9 (6 × 7 is *5, 7 × 7 is *1).
///
/// # Examples
///
/// ```
/// use sprague::{games::Cram, grundy, Nimber, Solver};
///
/// assert_eq!(grundy(&Cram::new(3, 4)?)?, Nimber::new(1));
/// assert_eq!(grundy(&Cram::new(4, 6)?)?, Nimber::new(0)); // even by even
/// let board: Cram = "..#|...|#..".parse()?;
/// let wins = board.winning_moves(&mut Solver::new())?;
/// assert!(!wins.is_empty());
/// for domino in wins {
///     assert!(grundy(&board.play(domino)?)?.is_zero());
/// }
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct Cram {
    /// The board's cells, rows and columns, kept apart so that a position takes 16 bytes.
    cells: u64,
    rows: u8,
    cols: u8,
    /// The symmetries of the board (bit s for `Symmetry::ALL[s]`) that `successors` may use
    /// to leave out equivalent moves: only those of a canonical component, else just the
    /// identity; 0 for a canonical component on a board as wide as the frame, whose
    /// symmetries are found when needed. Not part of the position: equality and hashing
    /// ignore it.
    symmetries: u8,
}

impl Cram {
    /// The empty `rows` × `cols` board.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfRange`] for a board of more than 64 cells.
    ///
    /// ```
    /// use sprague::{games::Cram, grundy, Nimber};
    /// // 2 x 2: the second player answers by the half turn.
    /// assert_eq!(grundy(&Cram::new(2, 2)?)?, Nimber::new(0));
    /// // A 1 x 3 strip: each domino leaves a single cell, worth 0.
    /// assert_eq!(grundy(&Cram::new(1, 3)?)?, Nimber::new(1));
    /// assert_eq!(Cram::new(1, 3)?.to_string(), "...");
    /// assert!(Cram::new(8, 9).is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn new(rows: u32, cols: u32) -> Result<Cram, Error> {
        Ok(Cram::from_board(Board::new(rows, cols)?))
    }

    /// The position whose empty cells are the cells of `board`.
    ///
    /// ```
    /// use sprague::{board::Board, games::Cram, grundy, Nimber};
    /// // A T: every domino leaves two cells apart, worth 0, so the T is *1.
    /// let t = Cram::from_board(Board::from_cells(2, 3, 0b10111)?);
    /// assert_eq!(t.to_string(), "...|#.#");
    /// assert_eq!(grundy(&t)?, Nimber::new(1));
    /// assert_eq!(Cram::from_board(Board::new(1, 3)?), Cram::new(1, 3)?);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn from_board(board: Board) -> Cram {
        Cram::with_symmetries(board, 1)
    }

    /// The position on `board` whose successors may leave out moves equivalent under
    /// `symmetries`.
    #[inline]
    fn with_symmetries(board: Board, symmetries: u8) -> Cram {
        Cram {
            cells: board.cells(),
            rows: board.rows() as u8,
            cols: board.cols() as u8,
            symmetries,
        }
    }

    /// The empty cells, as a board.
    ///
    /// ```
    /// use sprague::games::Cram;
    /// let cram: Cram = "..|.#".parse()?;
    /// let board = cram.board();
    /// assert_eq!((board.rows(), board.cols(), board.cells()), (2, 2, 0b0111));
    /// assert_eq!(Cram::from_board(board), cram);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn board(&self) -> Board {
        Board::from_raw(u32::from(self.rows), u32::from(self.cols), self.cells)
    }

    /// The symmetries that `successors` may use to leave out equivalent moves (bit s for
    /// `Symmetry::ALL[s]`), and the number of columns of the box of the cells.
    #[inline]
    fn symmetries(&self) -> (u8, u32) {
        if u32::from(self.cols) != split::FRAME {
            return (self.symmetries, u32::from(self.cols));
        }
        // On a board as wide as the frame, only the columns in use order the moves (the
        // middle of the box, not of the frame) and carry the symmetries.
        let cols = split::framed_width(self.cells);
        let symmetries = if self.symmetries == 0 {
            split::stabiliser(self.cells, u32::from(self.rows), cols)
        } else {
            self.symmetries
        };
        (symmetries, cols)
    }

    /// The lowest cells of the horizontal and of the vertical dominoes that fit.
    #[inline]
    fn move_bits(&self) -> (u64, u64) {
        let cells = self.board().cells();
        (
            cells & self.board().left_of(cells),
            cells & self.board().above(cells),
        )
    }

    /// Every domino that can be placed, on this position's board.
    ///
    /// O(number of moves).
    ///
    /// ```
    /// let cram: sprague::games::Cram = "..|.#".parse()?;
    /// assert_eq!(cram.moves().count(), 2);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn moves(&self) -> impl Iterator<Item = Domino> + '_ {
        let (across, down) = self.move_bits();
        let board = self.board();
        bits(across)
            .map(move |i| (i, false))
            .chain(bits(down).map(move |i| (i, true)))
            .map(move |(i, vertical)| {
                let (row, col) = board.cell(i);
                Domino { row, col, vertical }
            })
    }

    /// The position after placing `domino`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] if a cell of the domino is not empty or not on the board.
    ///
    /// ```
    /// use sprague::{games::{Cram, Domino}, grundy, Nimber};
    /// let strip = Cram::new(1, 3)?;
    /// let left = Domino { row: 0, col: 0, vertical: false };
    /// let after = strip.play(left)?;
    /// assert_eq!(after.to_string(), "##.");
    /// assert_eq!(grundy(&after)?, Nimber::new(0));
    /// // On filled cells, or off the board.
    /// assert!(after.play(Domino { row: 0, col: 1, vertical: false }).is_err());
    /// assert!(strip.play(Domino { row: 0, col: 0, vertical: true }).is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn play(&self, domino: Domino) -> Result<Cram, Error> {
        let [(r, c), (r2, c2)] = domino.cells();
        let bits = self.board().bit(r, c).zip(self.board().bit(r2, c2));
        match bits {
            Some((a, b)) if self.board().cells() & (a | b) == a | b => Ok(Cram::from_board(
                self.board().with_cells(self.board().cells() & !(a | b)),
            )),
            _ => Err(Error::InvalidRules {
                reason: format!("domino {domino} does not fit on the empty cells of {self}"),
            }),
        }
    }

    /// The dominoes whose placement wins: those leaving a position worth 0, asked of
    /// `solver` ([`Solver::outcome`]). Empty when the player to move loses.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`].
    ///
    /// # Complexity
    ///
    /// One [`Solver::outcome`] for the position and, if it is won, one for each move, most of
    /// them answered from what the first one stored.
    ///
    /// ```
    /// use sprague::{games::{Cram, Domino}, Solver};
    /// let mut solver = Solver::new();
    /// // On a 1 x 3 strip (*1) both dominoes win: each leaves one cell.
    /// let wins = Cram::new(1, 3)?.winning_moves(&mut solver)?;
    /// assert_eq!(
    ///     wins,
    ///     [
    ///         Domino { row: 0, col: 0, vertical: false },
    ///         Domino { row: 0, col: 1, vertical: false },
    ///     ]
    /// );
    /// // 2 x 2 is worth 0: no move wins.
    /// assert!(Cram::new(2, 2)?.winning_moves(&mut solver)?.is_empty());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn winning_moves(&self, solver: &mut Solver<Cram>) -> Result<Vec<Domino>, Error> {
        solver.winning_plays(self, self.moves(), |&domino| self.play(domino))
    }
}

/// The numbers of the set bits of `set`, lowest first.
#[inline]
fn bits(mut set: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros();
            set &= set - 1;
            i
        })
    })
}

impl PartialEq for Cram {
    fn eq(&self, other: &Self) -> bool {
        (self.cells, self.rows, self.cols) == (other.cells, other.rows, other.cols)
    }
}

impl Eq for Cram {}

impl Hash for Cram {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // The cells and the width fix the board (its height is what the cells need).
        state.write_u64(self.cells ^ u64::from(self.cols).rotate_right(8));
        state.write_u8(self.rows);
    }
}

impl fmt::Debug for Cram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cram({:?})", self.board().to_string())
    }
}

impl fmt::Display for Cram {
    /// The board as text: rows split by `|`, `.` empty, `#` filled.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.board().fmt(f)
    }
}

impl FromStr for Cram {
    type Err = Error;

    /// A board as text: rows split by `|`, `.` an empty cell, `#` a filled one.
    ///
    /// # Errors
    ///
    /// As [`Board`]'s `from_str`: [`Error::InvalidBoard`] for ragged rows or another
    /// character, [`Error::OutOfRange`] for more than 64 cells.
    ///
    /// ```
    /// use sprague::{games::Cram, grundy, Nimber};
    /// assert_eq!(grundy(&"..|..|..".parse::<Cram>()?)?, Nimber::new(1));
    /// assert!("..|.".parse::<Cram>().is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    fn from_str(text: &str) -> Result<Cram, Error> {
        text.parse().map(Cram::from_board)
    }
}

impl Game for Cram {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let position = *self;
        let board = self.board();
        let cells = board.cells();
        let (symmetries, cols) = self.symmetries();
        let (rows, width) = (board.rows(), board.cols());
        let (across, down) = self.move_bits();
        let pieces = (cells != 0).then(|| order::of(rows, cols, width).listed(across, down));
        pieces
            .into_iter()
            .flatten()
            .filter(move |&piece| symmetries == 1 || least_in_orbit(board, symmetries, cols, piece))
            // The piece is on the board: nothing to mask.
            .map(move |piece| Cram {
                cells: cells & !piece,
                symmetries: 1,
                ..position
            })
    }

    /// The dominoes that fit, one bit each; unknown for a component whose symmetries leave
    /// moves out.
    fn move_count(&self) -> Option<usize> {
        (self.symmetries().0 == 1).then(|| {
            let (across, down) = self.move_bits();
            (across.count_ones() + down.count_ones()) as usize
        })
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        split::parts(self.board())
    }
}

/// Whether the move `piece` on `board` (its box `cols` wide) is the least of its images under
/// `symmetries`: keeping only those keeps one move of each class of moves that symmetry makes
/// equivalent.
#[inline]
fn least_in_orbit(board: Board, symmetries: u8, cols: u32, piece: u64) -> bool {
    if board.cols() != split::FRAME {
        return board::least_in_orbit(board, symmetries, piece);
    }
    let mut others = symmetries & !1;
    while others != 0 {
        let s = others.trailing_zeros() as usize;
        others &= others - 1;
        if split::image(piece, s, board.rows(), cols) < piece {
            return false;
        }
    }
    true
}
