//! Cram's split: cells that cannot change the value go, the rest falls into components, and
//! each component is brought to a canonical form.
//!
//! A component whose bounding box fits in 8 × 8 (every component of a board of up to 8 × 8,
//! and most of any board) is kept on a board 8 columns wide, aligned to the top left: there
//! the eight symmetries of its box are a few whole-word operations each (a byte swap flips
//! the rows, a bit reversal turns it by half, three masked exchanges transpose it), with no
//! loop over rows. A wider component is cropped to its box as any board.

use smallvec::SmallVec;

use super::Cram;
use crate::board::{Board, COLUMN, low_bits, shl, shr};

/// A component in canonical form and the symmetries of its box that fix it (bit s for
/// `Symmetry::ALL[s]`: bit 0 for the identity, always set), or 0 for a component on the
/// frame, whose symmetries [`stabiliser`] finds when its moves are listed: most components
/// are met again and again, and only few are ever expanded.
type Part = (Board, u8);

/// The components of a position. Most positions have few, and a short list is copied as it
/// is returned and iterated.
pub(super) type Parts = SmallVec<[Cram; 4]>;

/// The width of the board of components whose box fits in 8 × 8.
pub(super) const FRAME: u32 = 8;

/// Where the neighbours of a cell lie in a word: the width of a row and the cells not in the
/// first or the last column.
trait Layout: Copy {
    fn cols(self) -> u32;
    fn not_first(self) -> u64;
    fn not_last(self) -> u64;

    /// Cells with the cell to their right in `set`.
    #[inline]
    fn left_of(self, set: u64) -> u64 {
        (set & self.not_first()) >> 1
    }

    /// Cells with the cell to their left in `set`.
    #[inline]
    fn right_of(self, set: u64) -> u64 {
        (set & self.not_last()) << 1
    }

    /// Cells with the cell below them in `set`.
    #[inline]
    fn above(self, set: u64) -> u64 {
        shr(set, self.cols())
    }

    /// Cells with the cell above them in `set`, and bits past the board: every caller keeps
    /// only cells of a set on the board.
    #[inline]
    fn below(self, set: u64) -> u64 {
        shl(set, self.cols())
    }

    #[inline]
    fn neighbours(self, set: u64) -> u64 {
        self.left_of(set) | self.right_of(set) | self.above(set) | self.below(set)
    }
}

/// A board of any width, its masks computed once per split.
#[derive(Clone, Copy)]
struct Grid {
    cols: u32,
    not_first: u64,
    not_last: u64,
}

impl Grid {
    #[inline]
    fn new(cols: u32) -> Grid {
        let first = COLUMN[cols as usize];
        Grid {
            cols,
            not_first: !first,
            not_last: !(first << (cols - 1)),
        }
    }
}

impl Layout for Grid {
    #[inline]
    fn cols(self) -> u32 {
        self.cols
    }

    #[inline]
    fn not_first(self) -> u64 {
        self.not_first
    }

    #[inline]
    fn not_last(self) -> u64 {
        self.not_last
    }
}

/// The board [`FRAME`] wide of the components that split made: almost every position met
/// below the first move, so its shifts and masks are constants.
#[derive(Clone, Copy)]
struct Frame;

impl Layout for Frame {
    #[inline]
    fn cols(self) -> u32 {
        FRAME
    }

    #[inline]
    fn not_first(self) -> u64 {
        !COLUMN[FRAME as usize]
    }

    #[inline]
    fn not_last(self) -> u64 {
        !(COLUMN[FRAME as usize] << (FRAME - 1))
    }
}

/// The components of the empty cells of `board` that can change the value, in canonical form,
/// two equal ones cancelling.
///
/// O(n) word operations for n cells, in practice a few hundred instructions.
pub(super) fn parts(board: Board) -> Parts {
    let mut parts = SmallVec::new();
    if board.cols() == FRAME {
        collect(Frame, reduce(Frame, board.cells()), &mut parts);
    } else if board.cells() != 0 {
        let grid = Grid::new(board.cols());
        collect(grid, reduce(grid, board.cells()), &mut parts);
    }
    parts
}

/// Adds the components of `p`, which [`reduce`] leaves as it is, to `parts`.
fn collect<L: Layout>(grid: L, p: u64, parts: &mut Parts) {
    let cut = idle_across(grid, p);
    // Not joining a cell of `cut` to the cell to its right, either way.
    let not_first = grid.not_first() & !(cut << 1);
    let not_last = grid.not_last() & !cut;
    // The cells that join the cell to their right: a sum carries through their runs.
    let joined = p & not_last;
    let mut rest = p;
    while rest != 0 {
        let mut component = rest & rest.wrapping_neg();
        loop {
            // To the right end of each run at once: the carries of the sum, which stop at
            // the first cell that does not join the next.
            let seeds = component & joined;
            let carries = joined.wrapping_add(seeds) ^ joined ^ seeds;
            let wide = component | carries & p;
            let grown =
                (wide | (wide & not_first) >> 1 | grid.above(wide) | grid.below(wide)) & rest;
            if grown == component {
                break;
            }
            component = grown;
        }
        rest ^= component;
        // A single cell has no move.
        if component.is_power_of_two() {
            continue;
        }
        if cut != 0 && component != p {
            // Cut off by dominoes that need not be played: it may reduce further. If not, it
            // has no such dominoes but those of `p`: a cell that lost its neighbour across
            // the cut is in no 2 x 2 block of the component, or is not a corner whose walls
            // make one idle.
            let reduced = reduce(grid, component);
            if reduced != component {
                collect(grid, reduced, parts);
                continue;
            }
        }
        if let Some((board, symmetries)) = canonical(grid, component) {
            let part = Cram::with_symmetries(board, symmetries);
            if let Some(i) = parts.iter().position(|&other| other == part) {
                parts.swap_remove(i);
            } else {
                parts.push(part);
            }
        }
    }
}

/// The canonical form of a component of at least two cells on a board `grid.cols` wide, or
/// `None` if it is worth 0 by symmetry (see [`centre_empty`]).
fn canonical<L: Layout>(grid: L, component: u64) -> Option<Part> {
    let cols = grid.cols();
    let top = component.trailing_zeros() / cols;
    let bottom = component.ilog2() / cols;
    let rows = bottom - top + 1;
    let cells = component >> (top * cols);
    // Every row folded onto the first, doubling the rows folded at each step: as many steps
    // as a board of this width could need, a number the branch predictor learns (and a
    // constant in the frame), not as many as this box needs.
    let mut fold = cells;
    let mut span = cols;
    while span < 64 {
        fold |= fold >> span;
        span <<= 1;
    }
    let used = fold & low_bits(cols);
    let left = used.trailing_zeros();
    let width = 64 - used.leading_zeros() - left;
    if rows <= FRAME && width <= FRAME {
        let framed = if cols == FRAME {
            cells >> left
        } else {
            repack(cells >> left, rows, cols, width, FRAME)
        };
        return framed_canonical(framed, rows, width);
    }
    let packed = if width == cols {
        cells
    } else {
        repack(cells >> left, rows, cols, width, width)
    };
    let cropped = Board::from_raw(rows, width, packed);
    if !centre_empty(packed, rows, width, width) && cropped.half_turn() == cropped {
        return None;
    }
    let (least, _, symmetries) = cropped.least_image();
    Some((least, symmetries))
}

/// The first `width` cells of each of `rows` rows `from` cells apart, as rows `to` apart.
#[inline]
fn repack(cells: u64, rows: u32, from: u32, width: u32, to: u32) -> u64 {
    let mut out = 0;
    for r in 0..rows {
        out |= ((cells >> (r * from)) & low_bits(width)) << (r * to);
    }
    out
}

/// [`canonical`] of a component aligned to the top left of a board [`FRAME`] wide, its box
/// `rows` × `cols`: the least of its eight images, each aligned the same way, its symmetries
/// left to [`stabiliser`].
fn framed_canonical(cells: u64, rows: u32, cols: u32) -> Option<Part> {
    // An image with fewer rows is less: its highest cell is in a lower row. So only a square
    // box needs all eight images; another needs the four of the box lying down. The half
    // turn is among them (see [`centre_empty`]).
    // Tested in this order, not matched on an ordering: fewer instructions and mispredicted
    // branches on Cram 7 x 5.
    #[allow(clippy::comparison_chain)]
    let (least, turned) = if rows == cols {
        let all = images(cells, rows, cols);
        (least_of(all), all[6] == cells)
    } else if rows < cols {
        let four = unturned(cells, rows, cols);
        (least_of(four), four[3] == cells)
    } else {
        let lying = transpose(cells);
        let four = unturned(lying, cols, rows);
        (least_of(four), four[3] == lying)
    };
    if turned && !centre_empty(cells, rows, cols, FRAME) {
        return None;
    }
    Some((Board::from_raw(rows.min(cols), FRAME, least), 0))
}

/// The least of `images`, without branches: which one is least is all but random.
#[inline]
fn least_of<const N: usize>(images: [u64; N]) -> u64 {
    images.into_iter().fold(u64::MAX, u64::min)
}

/// The symmetries of a component in canonical form on a board [`FRAME`] wide (its box `rows`
/// × `cols`) that fix it: bit s for `Symmetry::ALL[s]`.
#[inline]
pub(super) fn stabiliser(cells: u64, rows: u32, cols: u32) -> u8 {
    let fixing = |set, (s, image)| set | u8::from(image == cells) << s;
    if rows == cols {
        images(cells, rows, cols)
            .into_iter()
            .enumerate()
            .fold(0, fixing)
    } else {
        // A symmetry that transposes the box gives another shape.
        let unturned = unturned(cells, rows, cols).into_iter();
        unturned
            .enumerate()
            .map(|(s, image)| (2 * s, image))
            .fold(0, fixing)
    }
}

/// The images of cells aligned to the top left of a board [`FRAME`] wide, box `rows` ×
/// `cols`, under `Symmetry::ALL`, each aligned to the top left.
#[inline]
fn images(cells: u64, rows: u32, cols: u32) -> [u64; 8] {
    let kept = unturned(cells, rows, cols);
    let turned = unturned(transpose(cells), cols, rows);
    // Odd symmetries transpose.
    [
        kept[0], turned[0], kept[1], turned[1], kept[2], turned[2], kept[3], turned[3],
    ]
}

/// [`images`] under the symmetries that keep rows as rows: `Symmetry::ALL[2 s]` for each s.
#[inline]
fn unturned(cells: u64, rows: u32, cols: u32) -> [u64; 4] {
    let flipped = flip_cols(cells, cols);
    [
        cells,
        flip_rows(cells, rows),
        flipped,
        flip_rows(flipped, rows),
    ]
}

/// The image of `cells` (on a board [`FRAME`] wide, box `rows` × `cols`) under
/// `Symmetry::ALL[s]`: a transposition (odd s), then a reversal of the rows (bit 1) and of the
/// columns (bit 2).
#[inline]
pub(super) fn image(cells: u64, s: usize, rows: u32, cols: u32) -> u64 {
    let (mut out, rows, cols) = if s & 1 == 1 {
        (transpose(cells), cols, rows)
    } else {
        (cells, rows, cols)
    };
    if s & 2 != 0 {
        out = flip_rows(out, rows);
    }
    if s & 4 != 0 {
        out = flip_cols(out, cols);
    }
    out
}

/// The number of columns used by cells aligned to the left of a board [`FRAME`] wide.
#[inline]
pub(super) fn framed_width(cells: u64) -> u32 {
    let folded = cells | cells >> 32;
    let folded = folded | folded >> 16;
    let folded = folded | folded >> 8;
    FRAME - (folded as u8).leading_zeros()
}

/// The rows of the box reversed: a byte swap, then the box moved back up.
#[inline]
fn flip_rows(cells: u64, rows: u32) -> u64 {
    cells.swap_bytes() >> (FRAME * (FRAME - rows))
}

/// The columns of the box reversed: the bits of each byte reversed (three masked exchanges,
/// cheaper than reversing the word and swapping its bytes back), then the box moved back left
/// (the columns it leaves are empty, so no cell crosses into another row).
#[inline]
fn flip_cols(cells: u64, cols: u32) -> u64 {
    let x = (cells >> 1 & 0x5555_5555_5555_5555) | (cells & 0x5555_5555_5555_5555) << 1;
    let x = (x >> 2 & 0x3333_3333_3333_3333) | (x & 0x3333_3333_3333_3333) << 2;
    let x = (x >> 4 & 0x0f0f_0f0f_0f0f_0f0f) | (x & 0x0f0f_0f0f_0f0f_0f0f) << 4;
    x >> (FRAME - cols)
}

/// Whether a domino can cover the centre of a box `rows` × `cols` (on a board `stride` wide)
/// where `cells` are empty: the cell at the centre, or one of the two across it (the half
/// turn swaps them, so on a symmetric component one stands for both). An even by even box
/// has its centre on a corner of cells: no domino covers it.
///
/// A component the half turn of its box maps to itself, and on whose centre no domino fits,
/// is worth 0: the second player answers every domino by its image, which is free and does
/// not meet it (only a domino on the centre meets its own image), and the position after the
/// answer is of the same kind.
#[inline]
fn centre_empty(cells: u64, rows: u32, cols: u32, stride: u32) -> bool {
    (rows | cols) & 1 == 1 && cells >> (rows / 2 * stride + cols / 2) & 1 == 1
}

/// The board 8 × 8 reflected in its main diagonal: cell (r, c) to (c, r), by exchanging
/// 4 × 4, 2 × 2 and 1 × 1 blocks across the diagonal.
#[inline]
fn transpose(mut cells: u64) -> u64 {
    let t = 0x0f0f_0f0f_0000_0000 & (cells ^ (cells << 28));
    cells ^= t ^ (t >> 28);
    let t = 0x3333_0000_3333_0000 & (cells ^ (cells << 14));
    cells ^= t ^ (t >> 14);
    let t = 0x5500_5500_5500_5500 & (cells ^ (cells << 7));
    cells ^ t ^ (t >> 7)
}

/// `cells` less cells that do not change the value: all tufts (cells with one empty
/// neighbour) of a cell but one, and cells whose every neighbour is the hub of a tuft,
/// repeated while some go.
///
/// Two tufts of one hub play alike: each can only ever be covered with the hub, by moves that
/// leave equal positions up to a dead cell, so one of them is enough. A cell whose neighbours
/// are all hubs of tufts is never needed either: covering it with a hub leaves the same
/// position as covering the hub's tuft with it, but for a cell that is again of this kind (by
/// induction, down to a cell with no neighbour, which is dead). Beling's igs prunes Cram the
/// same way (star and bridge reduction).
fn reduce<L: Layout>(grid: L, cells: u64) -> u64 {
    let mut p = cells;
    loop {
        // The cells with an empty neighbour below, above, to the right, to the left, and
        // other bits that `p` masks off.
        let below = grid.above(p);
        let above = grid.below(p);
        let right = grid.left_of(p);
        let left = grid.right_of(p);
        // Exactly one of the four, in few operations (the form Beling's igs uses).
        let tufts = p & (right ^ (below | (above ^ left))) & (below ^ right ^ (above | left));
        // The hubs of the tufts, one direction at a time; a tuft whose hub was already met is
        // a spare.
        let mut hubs = grid.below(tufts & below);
        let mut spare = 0;
        let by_right = tufts & right;
        let hubs_right = grid.right_of(by_right);
        spare |= by_right & grid.left_of(hubs_right & hubs);
        hubs |= hubs_right;
        let by_above = tufts & above;
        let hubs_above = grid.above(by_above);
        spare |= by_above & grid.below(hubs_above & hubs);
        hubs |= hubs_above;
        let by_left = tufts & left;
        let hubs_left = grid.left_of(by_left);
        spare |= by_left & grid.right_of(hubs_left & hubs);
        hubs |= hubs_left;
        let others = p & !tufts & !hubs;
        let bridges = others & !grid.neighbours(others);
        let reduced = p & !spare & !bridges;
        if reduced == p {
            return p;
        }
        p = reduced;
    }
}

/// The left cells of horizontal dominoes that need not be played: both across a 2 × 2 block
/// of empty cells whose top left cell is walled above and on the left and whose bottom right
/// cell below and on the right (or the mirror image). Beling's igs leaves them out, so that
/// such a block splits into its two columns.
fn idle_across<L: Layout>(grid: L, p: u64) -> u64 {
    let has_right = grid.left_of(p);
    let has_left = grid.right_of(p);
    let has_below = grid.above(p);
    let has_above = grid.below(p);
    let open_right = p & has_right & !has_left;
    let open_left = p & has_left & !has_right;
    let open_below = has_below & !has_above;
    let open_above = has_above & !has_below;
    // Bottom left cells of the blocks, walled top left to bottom right or the other way.
    let diagonal = grid.below(open_right & open_below) & grid.left_of(open_left & open_above);
    let anti = grid.below(grid.left_of(open_left & open_below)) & open_right & open_above;
    let bottom = diagonal | anti;
    bottom | grid.above(bottom)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Symmetry;

    /// A xorshift stream of words from `seed`, for boards drawn at random.
    fn random_words(mut seed: u64) -> impl Iterator<Item = u64> {
        std::iter::repeat_with(move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        })
    }

    /// The box turned by half a turn: its columns reversed, then its rows.
    fn half_turn(cells: u64, rows: u32, cols: u32) -> u64 {
        flip_rows(flip_cols(cells, cols), rows)
    }

    /// Cells of a board `FRAME` wide as a board of their box.
    fn boxed(cells: u64, rows: u32, cols: u32) -> Board {
        Board::from_raw(rows, cols, repack(cells, rows, FRAME, cols, cols))
    }

    #[test]
    fn framed_images_are_the_symmetries_of_the_box() {
        let mut words = random_words(0x9e37_79b9_7f4a_7c15);
        for rows in 1..=FRAME {
            for cols in 1..=FRAME {
                for seed in words.by_ref().take(20) {
                    let cells = repack(seed, rows, FRAME, cols, FRAME);
                    let board = boxed(cells, rows, cols);
                    for (s, symmetry) in Symmetry::ALL.into_iter().enumerate() {
                        let want = board.transform(symmetry);
                        let got = image(cells, s, rows, cols);
                        assert_eq!(boxed(got, want.rows(), want.cols()), want);
                    }
                    assert_eq!(images(cells, rows, cols)[6], half_turn(cells, rows, cols));
                    // With symmetries of their own, too, so that several images are least.
                    for s in [0, 2, 4, 6] {
                        stabiliser_is_what_fixes_the_least_image(
                            cells | image(cells, s, rows, cols),
                        );
                    }
                    assert_eq!(framed_width(cells), 64 - fold_cols(cells).leading_zeros());
                }
            }
        }
    }

    #[test]
    fn the_frame_splits_as_any_board_eight_wide() {
        for seed in random_words(0x2545_f491_4f6c_dd1d).take(20_000) {
            // Denser boards than a uniform draw, as positions of a search are.
            let cells = seed | seed.rotate_left(23);
            let (mut framed, mut any) = (SmallVec::new(), SmallVec::new());
            collect(Frame, reduce(Frame, cells), &mut framed);
            let grid = Grid::new(FRAME);
            collect(grid, reduce(grid, cells), &mut any);
            assert_eq!(framed, any, "{cells:#x}");
        }
    }

    /// `parts` finds the components that the board toolkit's plain flood fill finds, after
    /// the same reductions, in the same canonical form once cropped.
    #[test]
    fn parts_are_the_plain_components() {
        for seed in random_words(0x853c_49e6_748f_ea9b).take(20_000) {
            let cells = seed | seed.rotate_left(29);
            let cols = 1 + (seed >> 58) as u32 % 16;
            let rows = (64 / cols).min(1 + (seed >> 54) as u32 % 8);
            let board = Board::from_raw(rows, cols, cells & low_bits(rows * cols));
            let prepare = |b: Board| {
                let grid = Grid::new(b.cols());
                let p = reduce(grid, b.cells());
                (b.with_cells(p), idle_across(grid, p))
            };
            let keep = |b: Board| {
                b.half_turn() != b
                    || (b.rows() | b.cols()) & 1 == 1 && b.contains(b.rows() / 2, b.cols() / 2)
            };
            let mut want: Vec<Board> = crate::board::canonical_parts(board, &prepare, &keep)
                .iter()
                .filter(|(b, _)| b.cells().count_ones() > 1)
                .map(|&(b, _)| b)
                .collect();
            let mut got: Vec<Board> = parts(board).iter().map(|c| c.board().crop().0).collect();
            want.sort_by_key(|b| (b.rows(), b.cols(), b.cells()));
            got.sort_by_key(|b| (b.rows(), b.cols(), b.cells()));
            assert_eq!(got, want, "{board}");
        }
    }

    /// `canonical` gives the least image of the component's box, as any board's least image,
    /// and `stabiliser` the symmetries fixing it, none left out and no others.
    fn stabiliser_is_what_fixes_the_least_image(cells: u64) {
        if cells.count_ones() < 2 {
            return;
        }
        let top = cells.trailing_zeros() / FRAME;
        let rows = cells.ilog2() / FRAME - top + 1;
        let folded = fold_cols(cells);
        let left = folded.trailing_zeros();
        let cols = 64 - folded.leading_zeros() - left;
        let cropped = boxed(cells >> (top * FRAME + left), rows, cols);
        let (want, _, fixing) = cropped.least_image();
        match canonical(Frame, cells) {
            Some((least, symmetries)) => {
                assert_eq!(symmetries, 0);
                let cols = framed_width(least.cells());
                assert_eq!(boxed(least.cells(), least.rows(), cols), want, "{cells:#x}");
                let found = stabiliser(least.cells(), least.rows(), cols);
                assert_eq!(found, fixing, "{cells:#x}");
            }
            // Fixed by the half turn, its centre filled.
            None => assert!(
                cropped.half_turn() == cropped
                    && ((rows | cols) & 1 == 0 || !cropped.contains(rows / 2, cols / 2))
            ),
        }
    }

    fn fold_cols(cells: u64) -> u64 {
        (0..FRAME).fold(0, |f, r| f | (cells >> (r * FRAME)) & 0xff)
    }
}
