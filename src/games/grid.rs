//! Cutting rectangles of grid paper.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Range;

use smallvec::{SmallVec, smallvec};

use crate::{Error, Game, Nimber, Search};

/// A sheet of grid paper: the shorter side in the high half of a word, the longer side in the
/// low half, so that sheets order as (shorter, longer) pairs do.
///
/// One word rather than a pair of `u32`s, because the solver's inner loop builds a sheet and
/// reads it back at once: a word is written and read whole, while a pair written half by half
/// and read as a word makes the processor wait for the halves.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Sheet(u64);

impl Sheet {
    /// The sheet `w` × `h`, in either orientation.
    #[inline]
    fn new(w: u32, h: u32) -> Self {
        Sheet(u64::from(w.min(h)) << 32 | u64::from(w.max(h)))
    }

    #[inline]
    fn short(self) -> u32 {
        (self.0 >> 32) as u32
    }

    #[inline]
    fn long(self) -> u32 {
        self.0 as u32
    }
}

impl fmt::Debug for Sheet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.short(), self.long())
    }
}

/// The cutting game: cut a sheet of grid paper along a grid line into two.
///
/// # Rules
///
/// A position is a collection of rectangular sheets of grid paper. A move picks one sheet and
/// cuts it along a grid line, straight across, into two sheets whose sides are all at least
/// the *minimum side* k ([`with_min_side`](GridCutting::with_min_side), 1 by default). The
/// player who cannot cut loses.
///
/// With k = 2 this is the cutting game of POJ 2311 ("the first player to
/// cut out a 1 × 1 square wins"): cutting off a strip of width 1 lets the opponent cut out a
/// 1 × 1 square at once, so neither player does it while they have another move, and the game
/// is decided by the cuts that keep every side at least 2.
///
/// # Theory
///
/// The sheets are independent: a position is the disjunctive sum of its sheets, and
/// [`split`](Game::split) returns them one by one. A sheet is worth the mex, over its cuts, of
/// the nim-sums of the two pieces. A sheet and its rotation play alike, so sheets are stored
/// with the shorter side first. Sheets that admit no cut (a side below k, or both sides below
/// 2k) are left out of successors and of `split`: they take no part in play.
///
/// A 1 × n strip under k = 1 always takes exactly n − 1 cuts, so it is worth (n − 1) mod 2.
///
/// [`GridCutting::table`] values every size up to W × H by dynamic programming in
/// O(W · H · (W + H)) time.
///
/// # Examples
///
/// ```
/// use sprague::{games::GridCutting, outcome, Outcome};
///
/// // The samples of POJ 2311: 2 x 2 and 3 x 2 are lost for the first player, 4 x 2 is won.
/// let game = |w, h| GridCutting::new(w, h).with_min_side(2);
/// assert_eq!(outcome(&game(2, 2))?, Outcome::P);
/// assert_eq!(outcome(&game(3, 2))?, Outcome::P);
/// assert_eq!(outcome(&game(4, 2))?, Outcome::N);
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridCutting {
    /// Sorted, each (shorter, longer).
    sheets: SmallVec<[Sheet; 2]>,
    min_side: u32,
}

impl GridCutting {
    /// One sheet of `w` × `h` squares, with minimum side 1.
    ///
    /// ```
    /// use sprague::{games::GridCutting, grundy, Nimber};
    /// // A strip of 8 squares takes 7 cuts whatever the players do.
    /// assert_eq!(grundy(&GridCutting::new(1, 8))?, Nimber::new(1));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn new(w: u32, h: u32) -> Self {
        GridCutting {
            sheets: smallvec![Sheet::new(w, h)],
            min_side: 1,
        }
    }

    /// Several sheets, each given as (width, height), with minimum side 1.
    ///
    /// ```
    /// use sprague::{games::GridCutting, grundy, Nimber};
    /// let two = GridCutting::from_sheets([(2, 5), (3, 1)]);
    /// assert!(two.sheets().eq([(1, 3), (2, 5)]));
    /// assert_eq!(grundy(&two)?, grundy(&GridCutting::new(5, 2))? + grundy(&GridCutting::new(1, 3))?);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn from_sheets(sheets: impl IntoIterator<Item = (u32, u32)>) -> Self {
        let mut sheets: SmallVec<[Sheet; 2]> =
            sheets.into_iter().map(|(w, h)| Sheet::new(w, h)).collect();
        sheets.sort_unstable();
        GridCutting {
            sheets,
            min_side: 1,
        }
    }

    /// The same sheets, where every piece of a cut must keep both sides at least `k`.
    ///
    /// A minimum side of 0 means the same as 1: a cut along a grid line never leaves less.
    ///
    /// ```
    /// use sprague::{games::GridCutting, grundy, Nimber};
    /// // 5 x 2 can only be cut into 2 x 2 and 3 x 2, which are dead.
    /// assert_eq!(grundy(&GridCutting::new(5, 2).with_min_side(2))?, Nimber::new(1));
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn with_min_side(mut self, k: u32) -> Self {
        self.min_side = k.max(1);
        self
    }

    /// The sheets, each as (shorter side, longer side), sorted.
    ///
    /// ```
    /// use sprague::games::GridCutting;
    /// let sheets: Vec<(u32, u32)> = GridCutting::new(5, 2).sheets().collect();
    /// assert_eq!(sheets, [(2, 5)]);
    /// ```
    pub fn sheets(&self) -> impl ExactSizeIterator<Item = (u32, u32)> + '_ {
        self.sheets.iter().map(|s| (s.short(), s.long()))
    }

    /// The minimum side of a piece.
    ///
    /// ```
    /// use sprague::games::GridCutting;
    /// assert_eq!(GridCutting::new(5, 2).min_side(), 1);
    /// assert_eq!(GridCutting::new(5, 2).with_min_side(2).min_side(), 2);
    /// ```
    #[must_use]
    pub fn min_side(&self) -> u32 {
        self.min_side
    }

    #[inline]
    fn is_live(&self, sheet: Sheet) -> bool {
        sheet.short() >= self.min_side && sheet.long() / 2 >= self.min_side
    }

    /// This position with sheet `i` replaced by `pieces`, the live pieces of a cut of it.
    fn with_cut(&self, i: usize, pieces: &Pieces) -> Self {
        let mut sheets: SmallVec<[Sheet; 2]> = self
            .sheets
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != i)
            .map(|(_, &sheet)| sheet)
            .chain(
                [pieces.next, pieces.after]
                    .into_iter()
                    .filter(|&s| s != NO_SHEET),
            )
            .collect();
        sheets.sort_unstable();
        GridCutting {
            sheets,
            min_side: self.min_side,
        }
    }

    /// The values of every sheet up to `max_w` × `max_h` with minimum side `min_side`, by
    /// dynamic programming over sizes.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfRange`] if a side exceeds 65535 (values are stored in 16 bits, and the
    /// value of a sheet is at most its number of cuts), [`Error::OutOfMemory`] if the table
    /// cannot be allocated.
    ///
    /// # Complexity
    ///
    /// O(N² · N) time and 2 (N + 1)² bytes for N = max(`max_w`, `max_h`): every cell reads
    /// its cuts from one row of a symmetric table.
    ///
    /// ```
    /// use sprague::games::GridCutting;
    ///
    /// let table = GridCutting::table(200, 200, 2)?;
    /// let words: Vec<&str> = [(2, 2), (3, 2), (4, 2)]
    ///     .iter()
    ///     .map(|&(w, h)| if table.get(w, h).unwrap().is_zero() { "LOSE" } else { "WIN" })
    ///     .collect();
    /// assert_eq!(words, ["LOSE", "LOSE", "WIN"]);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    pub fn table(max_w: u32, max_h: u32, min_side: u32) -> Result<GridTable, Error> {
        let n = max_w.max(max_h);
        if n > u32::from(u16::MAX) {
            return Err(Error::out_of_range("grid table side", n, u16::MAX));
        }
        let k = min_side.max(1) as usize;
        let n = n as usize;
        let width = n + 1;
        let cells = width * width;
        let mut values: Vec<u16> = Vec::new();
        values
            .try_reserve_exact(cells)
            .map_err(|_| Error::OutOfMemory {
                what: "the grid table",
                bytes: (cells * 2) as u128,
            })?;
        values.resize(cells, 0);
        let mut seen = vec![usize::MAX; n + 2];
        let mut stamp = 0;
        for long in 1..=n {
            for short in 1..=long {
                stamp += 1;
                // Row `short` holds (short, a) for every a; row `long` holds (a, long).
                if short >= k {
                    let row = &values[short * width..][..width];
                    for a in k..=long / 2 {
                        seen[usize::from(row[a] ^ row[long - a])] = stamp;
                    }
                }
                if short < long {
                    let row = &values[long * width..][..width];
                    for a in k..=short / 2 {
                        seen[usize::from(row[a] ^ row[short - a])] = stamp;
                    }
                }
                // At most n + 1 values are marked, so one of the n + 2 stamps is older.
                let value = seen.iter().position(|&s| s != stamp).unwrap_or(n + 1) as u16;
                values[short * width + long] = value;
                values[long * width + short] = value;
            }
        }
        Ok(GridTable {
            max_w,
            max_h,
            min_side: k as u32,
            width,
            values,
        })
    }
}

impl Hash for GridCutting {
    /// One word per sheet: the solver hashes every component it meets.
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u32(self.min_side);
        for sheet in &self.sheets {
            state.write_u64(sheet.0);
        }
    }
}

impl Game for GridCutting {
    #[inline]
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        self.sheets.iter().enumerate().flat_map(move |(i, &sheet)| {
            SheetCuts::of(sheet, self.min_side, self.is_live(sheet))
                .map(move |pieces| self.with_cut(i, &pieces))
        })
    }

    /// A single sheet's successors are its pieces, each a component unless too small to cut.
    #[inline]
    fn split_successors(&self) -> Option<impl IntoIterator<Item = impl IntoIterator<Item = Self>>> {
        match self.sheets[..] {
            [sheet] => Some(SheetCuts::of(sheet, self.min_side, self.is_live(sheet))),
            _ => None,
        }
    }

    /// A single sheet with sides below 4096 and minimum side 1 or 2 is numbered by its place
    /// in the triangle of (shorter, longer) pairs, the minimum side in the lowest bit: the
    /// sheets of a table up to n × n take about n² numbers. Other positions have no index.
    #[inline]
    fn index(&self) -> Option<usize> {
        match self.sheets[..] {
            [sheet] if sheet.long() < 4096 && self.min_side <= 2 => {
                let (short, long) = (sheet.short() as usize, sheet.long() as usize);
                Some(long * (long + 1) + short * 2 + self.min_side as usize - 1)
            }
            _ => None,
        }
    }

    fn search(&self) -> Search {
        Search::Exhaustive
    }

    #[inline]
    fn split(&self) -> impl IntoIterator<Item = Self> {
        self.sheets
            .iter()
            .filter(|&&sheet| self.is_live(sheet))
            .map(|&sheet| GridCutting {
                sheets: smallvec![sheet],
                min_side: self.min_side,
            })
    }
}

/// The live pieces of a cut, each a position of its own: `next`, then `after`, each unless
/// it is [`NO_SHEET`].
///
/// Two words rather than an array and a counter, so that the iterator stays in registers.
struct Pieces {
    next: Sheet,
    after: Sheet,
    min_side: u32,
}

/// No sheet: no cut leaves a piece with a side of 0.
const NO_SHEET: Sheet = Sheet(0);

impl Iterator for Pieces {
    type Item = GridCutting;

    #[inline]
    fn next(&mut self) -> Option<GridCutting> {
        if self.next == NO_SHEET {
            return None;
        }
        let sheet = self.next;
        self.next = self.after;
        self.after = NO_SHEET;
        Some(GridCutting {
            sheets: smallvec![sheet],
            min_side: self.min_side,
        })
    }
}

/// The cuts of one sheet (s, l) under minimum side k, as their live pieces: across the long
/// side at a = k..=l/2, then, unless the sheet is square, across the short side at
/// a = k..=s/2.
///
/// Every piece of a cut of a live sheet keeps both sides at least k, so it is live when its
/// longer side is at least 2k. Cut across the long side, (s, a) is then live only if
/// (s, l − a) is; cut across the short side, both pieces keep the side l, and both are live.
struct SheetCuts {
    short: u32,
    long: u32,
    min_side: u32,
    /// The side a piece needs to be live, 2k.
    live_side: u32,
    /// The next cut across the long side, and the end of those cuts.
    across_long: Range<u32>,
    /// The next cut across the short side, and the end of those cuts.
    across_short: Range<u32>,
}

impl SheetCuts {
    /// The cuts of `sheet`, which `live` says is live under minimum side `min_side`.
    #[inline]
    fn of(sheet: Sheet, min_side: u32, live: bool) -> Self {
        let (short, long) = (sheet.short(), sheet.long());
        let (across_long, across_short) = match (live, short == long) {
            (false, _) => (0..0, 0..0),
            (true, true) => (min_side..long / 2 + 1, 0..0),
            (true, false) => (min_side..long / 2 + 1, min_side..short / 2 + 1),
        };
        SheetCuts {
            short,
            long,
            min_side,
            live_side: min_side.saturating_mul(2),
            across_long,
            across_short,
        }
    }
}

impl Iterator for SheetCuts {
    type Item = Pieces;

    #[inline]
    fn next(&mut self) -> Option<Pieces> {
        let (short, long) = (self.short, self.long);
        let (next, after) = if self.across_long.start < self.across_long.end {
            let a = self.across_long.start;
            self.across_long.start += 1;
            let (p, q) = (Sheet::new(short, a), Sheet::new(short, long - a));
            if short.max(a) >= self.live_side {
                (p, q)
            } else if short.max(long - a) >= self.live_side {
                (q, NO_SHEET)
            } else {
                (NO_SHEET, NO_SHEET)
            }
        } else if self.across_short.start < self.across_short.end {
            let a = self.across_short.start;
            self.across_short.start += 1;
            // a <= s - a <= s <= l: both pieces are in order as they stand.
            (
                Sheet(u64::from(a) << 32 | u64::from(long)),
                Sheet(u64::from(short - a) << 32 | u64::from(long)),
            )
        } else {
            return None;
        };
        Some(Pieces {
            next,
            after,
            min_side: self.min_side,
        })
    }
}

/// The values of every sheet up to a size, from [`GridCutting::table`].
///
/// ```
/// use sprague::{games::GridCutting, grundy};
/// let table = GridCutting::table(6, 4, 2)?;
/// assert_eq!((table.max_w(), table.max_h(), table.min_side()), (6, 4, 2));
/// assert_eq!(table.get(5, 3), Some(grundy(&GridCutting::new(5, 3).with_min_side(2))?));
/// # Ok::<(), sprague::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GridTable {
    max_w: u32,
    max_h: u32,
    min_side: u32,
    /// The side of the square, symmetric table.
    width: usize,
    values: Vec<u16>,
}

impl GridTable {
    /// The value of a `w` × `h` sheet, or `None` outside the table.
    ///
    /// ```
    /// use sprague::{games::GridCutting, Nimber};
    /// let table = GridCutting::table(10, 10, 1)?;
    /// assert_eq!(table.get(1, 8), Some(Nimber::new(1)));
    /// assert_eq!(table.get(11, 1), None);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn get(&self, w: u32, h: u32) -> Option<Nimber> {
        (w <= self.max_w && h <= self.max_h)
            .then(|| Nimber::new(u64::from(self.values[w as usize * self.width + h as usize])))
    }

    /// The largest width in the table.
    ///
    /// ```
    /// assert_eq!(sprague::games::GridCutting::table(6, 4, 1)?.max_w(), 6);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn max_w(&self) -> u32 {
        self.max_w
    }

    /// The largest height in the table.
    ///
    /// ```
    /// assert_eq!(sprague::games::GridCutting::table(6, 4, 1)?.max_h(), 4);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn max_h(&self) -> u32 {
        self.max_h
    }

    /// The minimum side the table was computed for.
    ///
    /// ```
    /// assert_eq!(sprague::games::GridCutting::table(6, 4, 2)?.min_side(), 2);
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn min_side(&self) -> u32 {
        self.min_side
    }
}
