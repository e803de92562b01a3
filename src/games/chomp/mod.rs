//! Chomp: bites from a bar of chocolate whose corner square is poisoned.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::{Error, Game, Search, Solver};

mod bites;
mod rank;

/// The most rows (of the shorter side) a [`Chomp`] position can have.
pub const CHOMP_MAX_ROWS: u32 = 15;
/// The most columns (of the longer side) a [`Chomp`] position can have.
pub const CHOMP_MAX_COLS: u32 = 255;

/// The lowest `i` bytes set.
const fn bytes(i: u32) -> u128 {
    if i >= 16 {
        u128::MAX
    } else {
        (1 << (8 * i)) - 1
    }
}

/// The byte of [`Chomp::rows`] past the last row, which holds the `transposed` flag.
const TRANSPOSED: u128 = 1 << 120;

/// The bytes of the rows.
const DIAGRAM: u128 = TRANSPOSED - 1;

/// 1 in every byte.
const ONES: u128 = u128::MAX / 255;

/// Chomp: a bar of chocolate whose top left square is poisoned. A move picks a square and eats
/// it with every square below and to the right of it; the poisoned square is never taken, so
/// the player left with only it cannot move and loses.
///
/// # Rules and theory
///
/// Gale's game (1974), as a game of normal play: eating the poisoned square is the move that
/// loses, so it is left out, and the player who cannot move (facing the poisoned square alone)
/// loses. A position is a *staircase* (a Young diagram): rows whose lengths never grow from
/// top to bottom, the poisoned square at the top left ([`Chomp::staircase`]).
///
/// - A 1 × n bar is a Nim heap of n − 1; an L of a row of a squares and a column of b is the
///   sum of two bars, worth (a − 1) ⊕ (b − 1), and [`split`](Game::split) says so.
/// - Every rectangle but 1 × 1 is won by the first player (strategy stealing: if eating the
///   bottom right square alone lost, the reply that wins against it was available at once), but
///   no winning move is known in general; 2 × n and square boards have explicit ones.
/// - A staircase and its transpose play alike: positions are stored in the least of the two
///   orientations where both fit, and a position equals its transpose.
///
/// Positions have at most [`CHOMP_MAX_ROWS`] rows of at most [`CHOMP_MAX_COLS`] squares (or
/// the transpose), packed one byte per row into one `u128` whose last byte says whether the
/// rows are the columns of the position as given, so that a position takes 16 bytes.
///
/// # Examples
///
/// ```
/// use sprague::{games::Chomp, grundy, Nimber, Solver};
///
/// assert_eq!(grundy(&Chomp::new(2, 2)?)?, Nimber::new(2));
/// assert_eq!(grundy(&Chomp::new(1, 6)?)?, Nimber::new(5));
/// // The square: eat all but the first row and column, leaving an L of equal arms.
/// let square = Chomp::new(4, 4)?;
/// assert!(square.winning_moves(&mut Solver::new())?.contains(&(1, 1)));
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Copy)]
pub struct Chomp {
    /// Row i's length in byte i; lengths never grow, row 0 has at least the poisoned square.
    /// Always the least of the diagram and its transpose, where the transpose fits
    /// ([`Chomp::canonical`]). Bit [`TRANSPOSED`]: the rows are the columns of the position
    /// as given; only `rows`, `moves` and `play` look at it, as the game is the same.
    rows: u128,
}

impl Chomp {
    /// The full `rows` × `cols` bar.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] for a side of 0, [`Error::OutOfRange`] for a bar with more
    /// than [`CHOMP_MAX_ROWS`] rows and columns or a side above [`CHOMP_MAX_COLS`].
    ///
    /// ```
    /// use sprague::{games::Chomp, grundy, Nimber};
    /// // A 1 x n bar is a Nim heap of n - 1.
    /// assert_eq!(grundy(&Chomp::new(1, 4)?)?, Nimber::new(3));
    /// assert_eq!(Chomp::new(2, 3)?, Chomp::staircase(&[3, 3])?);
    /// assert!(Chomp::new(0, 3).is_err());
    /// assert!(Chomp::new(16, 16).is_err());
    /// assert!(Chomp::new(1, 256).is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn new(rows: u32, cols: u32) -> Result<Chomp, Error> {
        if rows > CHOMP_MAX_COLS {
            return Err(too_large(rows, cols));
        }
        Chomp::staircase(&vec![cols; rows as usize])
    }

    /// The staircase whose rows, top first, have these lengths (zeros at the end ignored).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] if a row is longer than the one above or there is no square,
    /// [`Error::OutOfRange`] if the staircase does not fit (see [`Chomp`]).
    ///
    /// ```
    /// use sprague::{games::Chomp, grundy, Nimber};
    /// // An L of arms 3 and 2: bars of 3 and 2, worth *2 + *1 = *3.
    /// assert_eq!(grundy(&Chomp::staircase(&[3, 1])?)?, Nimber::new(3));
    /// assert!(Chomp::staircase(&[1, 2]).is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn staircase(rows: &[u32]) -> Result<Chomp, Error> {
        let len = rows.iter().rposition(|&r| r > 0).map_or(0, |i| i + 1);
        let rows = &rows[..len];
        if rows.is_empty() {
            return Err(Error::InvalidRules {
                reason: "a chomp position has at least the poisoned square".into(),
            });
        }
        if let Some(i) = rows.windows(2).position(|w| w[1] > w[0]) {
            return Err(Error::InvalidRules {
                reason: format!(
                    "row {} of {} squares is longer than the row above, of {}",
                    i + 2,
                    rows[i + 1],
                    rows[i]
                ),
            });
        }
        let (height, width) = (len as u32, rows[0]);
        if height.min(width) > CHOMP_MAX_ROWS || height.max(width) > CHOMP_MAX_COLS {
            return Err(too_large(height, width));
        }
        let packed = rows
            .iter()
            .enumerate()
            .fold(0u128, |p, (i, &r)| p | u128::from(r) << (8 * i));
        if height <= CHOMP_MAX_ROWS {
            Ok(Chomp { rows: packed }.canonical())
        } else {
            // Too many rows: store the columns.
            let columns: Vec<u32> = (0..width)
                .map(|j| rows.iter().filter(|&&r| r > j).count() as u32)
                .collect();
            Ok(Chomp {
                rows: Chomp::staircase(&columns)?.rows ^ TRANSPOSED,
            })
        }
    }

    /// The lengths of the rows, top first, as the position was given.
    ///
    /// ```
    /// use sprague::games::Chomp;
    /// assert_eq!(Chomp::new(2, 3)?.rows(), [3, 3]);
    /// // Stored as its transpose, given back as it was given.
    /// assert_eq!(Chomp::new(3, 2)?.rows(), [2, 2, 2]);
    /// assert_eq!(Chomp::staircase(&[3, 1, 0])?.rows(), [3, 1]);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn rows(&self) -> Vec<u32> {
        let rows: Vec<u32> = (self.rows & DIAGRAM)
            .to_le_bytes()
            .iter()
            .map(|&b| u32::from(b))
            .take_while(|&b| b > 0)
            .collect();
        if self.rows & TRANSPOSED != 0 {
            transpose(&rows)
        } else {
            rows
        }
    }

    /// Every square that may be eaten, as (row, column), the poisoned (0, 0) excluded.
    ///
    /// ```
    /// use sprague::games::Chomp;
    /// let square = Chomp::new(2, 2)?;
    /// assert_eq!(square.moves().collect::<Vec<_>>(), [(0, 1), (1, 0), (1, 1)]);
    /// assert_eq!(Chomp::new(1, 1)?.moves().count(), 0);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn moves(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        let rows = self.rows();
        let squares: Vec<(u32, u32)> = rows
            .iter()
            .enumerate()
            .flat_map(|(i, &len)| (0..len).map(move |j| (i as u32, j)))
            .skip(1)
            .collect();
        squares.into_iter()
    }

    /// The position after eating square (`row`, `col`) and every square below and to the
    /// right of it.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] for the poisoned square or a square not in the position.
    ///
    /// ```
    /// use sprague::{games::Chomp, grundy, Nimber};
    /// let bar = Chomp::new(2, 3)?;
    /// // Eating (1, 1) leaves an L of arms 3 and 2: bars worth *2 + *1 = *3.
    /// let l = bar.play((1, 1))?;
    /// assert_eq!(l.rows(), [3, 1]);
    /// assert_eq!(grundy(&l)?, Nimber::new(3));
    /// // Eating (0, 1) takes the whole right part: a column of two, worth *1.
    /// assert_eq!(bar.play((0, 1))?.rows(), [1, 1]);
    /// assert!(bar.play((0, 0)).is_err());
    /// assert!(bar.play((2, 0)).is_err());
    /// assert!(l.play((1, 1)).is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn play(&self, (row, col): (u32, u32)) -> Result<Chomp, Error> {
        let rows = self.rows();
        if (row, col) == (0, 0) || rows.get(row as usize).is_none_or(|&len| col >= len) {
            return Err(Error::InvalidRules {
                reason: format!("square ({row}, {col}) cannot be eaten from {self:?}"),
            });
        }
        let rows: Vec<u32> = rows
            .iter()
            .enumerate()
            .map(|(i, &len)| if i as u32 >= row { len.min(col) } else { len })
            .collect();
        Chomp::staircase(&rows)
    }

    /// The squares whose eating wins: those leaving a position worth 0, asked of `solver`
    /// ([`Solver::outcome`]). Empty when the player to move loses.
    ///
    /// # Errors
    ///
    /// As [`Solver::grundy`].
    ///
    /// ```
    /// use sprague::{games::Chomp, Solver};
    /// let mut solver = Solver::new();
    /// // A bar of 4 is *3: the one winning move leaves the poisoned square alone.
    /// assert_eq!(Chomp::new(1, 4)?.winning_moves(&mut solver)?, [(0, 1)]);
    /// // 2 x 2 is *2: eating (1, 1) leaves an L of equal arms, worth 0; the other moves leave
    /// // a bar of 2, worth *1.
    /// assert_eq!(Chomp::new(2, 2)?.winning_moves(&mut solver)?, [(1, 1)]);
    /// // That L is lost for the player to move.
    /// assert!(Chomp::staircase(&[2, 1])?.winning_moves(&mut solver)?.is_empty());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn winning_moves(&self, solver: &mut Solver<Chomp>) -> Result<Vec<(u32, u32)>, Error> {
        solver.winning_plays(self, self.moves(), |&square| self.play(square))
    }

    /// Row `i`'s length.
    #[inline]
    fn row(self, i: u32) -> u32 {
        ((self.rows >> (8 * i)) & 0xff) as u32
    }

    /// The number of rows.
    #[inline]
    fn height(self) -> u32 {
        (128 - (self.rows & DIAGRAM).leading_zeros()).div_ceil(8)
    }

    /// The transpose of the diagram, its columns as rows; the diagram must be at most
    /// [`CHOMP_MAX_ROWS`] wide.
    fn columns(self) -> u128 {
        // Every row adds one to the columns it covers.
        let mut columns = 0u128;
        let mut rest = self.rows & DIAGRAM;
        while rest != 0 {
            columns += ONES & bytes((rest & 0xff) as u32);
            rest >>= 8;
        }
        columns
    }

    /// The position in the least of its two orientations (as numbers: fewer rows first), when
    /// the transpose fits, the flag saying which one was given.
    fn canonical(self) -> Chomp {
        let width = self.row(0);
        // Fewer rows is a smaller number: the transpose is needed only when it has fewer.
        if width > CHOMP_MAX_ROWS || width > self.height() {
            return self;
        }
        let columns = self.columns();
        if columns < self.rows & DIAGRAM {
            Chomp {
                rows: columns | ((self.rows & TRANSPOSED) ^ TRANSPOSED),
            }
        } else {
            self
        }
    }

    /// A bar of `len` squares.
    fn bar(len: u32) -> Chomp {
        Chomp {
            rows: u128::from(len),
        }
    }
}

fn too_large(rows: u32, cols: u32) -> Error {
    if rows.min(cols) > CHOMP_MAX_ROWS {
        Error::out_of_range(
            "shorter side of a chomp bar",
            rows.min(cols),
            CHOMP_MAX_ROWS,
        )
    } else {
        Error::out_of_range("longer side of a chomp bar", rows.max(cols), CHOMP_MAX_COLS)
    }
}

/// The column heights of the staircase with these row lengths.
fn transpose(rows: &[u32]) -> Vec<u32> {
    let width = rows.first().copied().unwrap_or(0);
    (0..width)
        .map(|j| rows.iter().filter(|&&r| r > j).count() as u32)
        .collect()
}

impl PartialEq for Chomp {
    fn eq(&self, other: &Self) -> bool {
        (self.rows ^ other.rows) & DIAGRAM == 0
    }
}

impl Eq for Chomp {}

impl Hash for Chomp {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u128(self.rows & DIAGRAM);
    }
}

impl fmt::Debug for Chomp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Chomp({:?})", self.rows())
    }
}

impl Chomp {
    /// The components of this position: an L is a bar across and a bar down, independent
    /// (equal ones cancel); any other position is one component.
    fn parts(self) -> impl Iterator<Item = Chomp> {
        let parts = if self.row(1) <= 1 {
            let (across, down) = (self.row(0), self.height());
            let bar = |len| (len > 1 && across != down).then(|| Chomp::bar(len));
            [bar(across), bar(down)]
        } else {
            // Stored in its least orientation already.
            [Some(self), None]
        };
        parts.into_iter().flatten()
    }
}

impl Game for Chomp {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        bites::bites(*self)
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.parts()
    }

    /// A bite's components, without the position made whole first.
    fn split_successors(&self) -> Option<impl IntoIterator<Item = impl IntoIterator<Item = Self>>> {
        Some(bites::bites(*self).map(Chomp::parts))
    }

    /// Exhaustive: values of Chomp are large (19 for 10 × 10) and a search reaches nearly
    /// every smaller diagram anyway, so pruning questions cost more than they save.
    fn search(&self) -> Search {
        Search::Exhaustive
    }

    /// The rank of the diagram among those no taller than wide, for diagrams of at most 13
    /// rows and columns (see `rank`): a position and its transpose, equal, share it, and the
    /// positions of an m × m bar are numbered densely.
    fn index(&self) -> Option<usize> {
        rank::rank(self.rows & DIAGRAM, self.row(0))
    }
}
