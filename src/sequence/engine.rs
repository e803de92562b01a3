//! Computing the Grundy values of heaps of a take-and-break game, bottom-up.
//!
//! The value of a heap of `n` is the mex of its options: heaps left by taking, and nim-sums of
//! the heaps left by breaking. A break into two heaps has about n/2 splits, so the plain method
//! costs O(n²) for n heaps. Three methods share the work:
//!
//! - **take-only** games (no move leaves two heaps) cost O(moves) per heap;
//! - **sparse space** (Gangolli and Plambeck, Flammenkamp): most values of most games fall in a
//!   *common* class C whose pairwise nim-sums miss the values that matter, so only splits with
//!   a *rare* part can reach them. Only rare positions are enumerated, and the splits are
//!   gone through, with early exit, only for the values left unmarked that could come from two
//!   common parts: all of them looked for at once with vectorized comparisons when a heap has
//!   a few dozen at most, the splits scanned in order marking every value met when it has
//!   more. This is refined by parity, as Flammenkamp's tables do: extended values (value,
//!   parity of the position) split better, separately for moves removing an even and an odd
//!   number of tokens. While every value is below 32 (128), a heap's option values are the
//!   bits of one word (two), kept in registers, and the splits with a far rare part, whose
//!   other parts are all known, are marked for the next 16 heaps at once with vector
//!   instructions. Beyond, the rare splits of a run of consecutive breaks are marked once, for
//!   all the heaps that need them; and when there are more than a thousand rare splits a
//!   heap, a helper thread marks them one heap ahead;
//! - the **plain scan** of every split, for games whose rare values never die out, and for
//!   three-heap breaks.
//!
//! Values are `u16` while they fit and `u32` beyond: no value is ever truncated.

use std::thread::Scope;

use crate::Error;

use super::parallel::{Helper, PARALLEL_END, PARALLEL_START, RareHelper, main_share};
use super::period::{Period, PeriodCheck};
use super::rules::{TakeBreak, last_part};
use super::unequal::{equal_split_rare, unequal_split_reaches_zero};
use super::vectors::widest_vectors;

/// Values of heaps 0, 1, 2, …, as compactly as they fit.
#[derive(Clone, Debug)]
pub(crate) enum Values {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

impl Values {
    pub(crate) fn len(&self) -> usize {
        match self {
            Values::Narrow(v) => v.len(),
            Values::Wide(v) => v.len(),
        }
    }

    pub(crate) fn get(&self, i: usize) -> u64 {
        match self {
            Values::Narrow(v) => u64::from(v[i]),
            Values::Wide(v) => u64::from(v[i]),
        }
    }

    /// Appends `value`, widening the storage if it does not fit in 16 bits.
    fn push(&mut self, value: u64) -> Result<(), Error> {
        match self {
            Values::Narrow(v) => {
                if let Ok(small) = u16::try_from(value) {
                    v.push(small);
                } else {
                    let mut wide = Vec::new();
                    let room = v.capacity().max(v.len() + 1);
                    wide.try_reserve_exact(room)
                        .map_err(|_| Error::OutOfMemory {
                            what: "a heap-game sequence",
                            bytes: room as u128 * 4,
                        })?;
                    wide.extend(v.iter().map(|&x| u32::from(x)));
                    *self = Values::Wide(wide);
                    return self.push(value);
                }
            }
            Values::Wide(v) => {
                let value = u32::try_from(value).map_err(|_| Error::OutOfRange {
                    what: format!("grundy value {value} at heap {} exceeds 32 bits", v.len()),
                })?;
                v.push(value);
            }
        }
        Ok(())
    }
}

/// Makes room in `values` for one more value on the way to `len`: room is added as values come
/// (doubling, up to `len`), never for `len` at once, since a period may be proven long before.
#[inline]
fn make_room<T>(values: &mut Vec<T>, len: usize) -> Result<(), Error> {
    if values.len() < values.capacity() {
        Ok(())
    } else {
        grow(values, len)
    }
}

/// [`make_room`] when there is none: kept out of line, as it is rare.
#[cold]
#[inline(never)]
fn grow<T>(values: &mut Vec<T>, len: usize) -> Result<(), Error> {
    let more = values.len().max(1024).min(len - values.len());
    values
        .try_reserve_exact(more)
        .map_err(|_| Error::OutOfMemory {
            what: "a heap-game sequence",
            bytes: ((values.len() + more) * size_of::<T>()) as u128,
        })
}

/// A set of option values for one heap: a stamp per value, so that starting a new heap costs
/// nothing.
struct OptionSet {
    stamps: Vec<u32>,
    stamp: u32,
}

impl OptionSet {
    fn new() -> Self {
        // Room for every 16-bit value, so that marking narrow values needs no check.
        OptionSet {
            stamps: vec![0; 1 << 16],
            stamp: 0,
        }
    }

    fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
    }

    #[inline]
    fn insert(&mut self, value: u64) {
        let i = value as usize;
        if i >= self.stamps.len() {
            self.stamps.resize(i + 1, 0);
        }
        self.stamps[i] = self.stamp;
    }

    #[inline]
    fn contains(&self, value: u64) -> bool {
        self.stamps.get(value as usize) == Some(&self.stamp)
    }

    /// The least value in neither the set nor `also`.
    fn mex_besides(&self, also: impl Fn(u64) -> bool) -> u64 {
        let mut v = self.mex_from(0);
        while also(v) {
            v = self.mex_from(v + 1);
        }
        v
    }

    /// The least value from `from` on that is not in the set.
    fn mex_from(&self, from: u64) -> u64 {
        let mut v = from;
        while self.contains(v) {
            v += 1;
        }
        v
    }

    /// The stamps of the 16-bit values, indexable by any `u16` without a check.
    #[inline]
    fn narrow(&mut self) -> (&mut [u32; 1 << 16], u32) {
        let stamps = (&mut self.stamps[..1 << 16])
            .try_into()
            .expect("room for every 16-bit value");
        (stamps, self.stamp)
    }

    /// Marks `xor` plus the nim-sums of the splits `(a, s - a)` for `a` in `first..=last`.
    #[inline]
    fn insert_splits_narrow(
        &mut self,
        values: &[u16],
        s: usize,
        first: usize,
        last: usize,
        xor: u16,
    ) {
        let (stamps, stamp) = self.narrow();
        mark_splits(stamps, stamp, values, s, first, last, xor);
    }
}

/// A stamp for every 16-bit value, all 0, indexable by any `u16` without a check.
pub(crate) fn stamp_array() -> Box<[u32; 1 << 16]> {
    vec![0; 1 << 16]
        .into_boxed_slice()
        .try_into()
        .expect("room for every 16-bit value")
}

/// Sets `stamps` to `stamp` at `xor` plus the nim-sums of the splits `(a, s - a)` for `a` in
/// `first..=last`.
#[inline]
pub(crate) fn mark_splits(
    stamps: &mut [u32; 1 << 16],
    stamp: u32,
    values: &[u16],
    s: usize,
    first: usize,
    last: usize,
    xor: u16,
) {
    if first > last {
        return;
    }
    let lo = &values[first..=last];
    let hi = &values[s - last..=s - first];
    // The nim-sums of a block are worked out first, with vector instructions, and then
    // marked one by one: the marking loop is left with a load and a store a split.
    let (lo_blocks, lo_rest) = lo.as_chunks::<SEARCH_BLOCK>();
    let (hi_rest, hi_blocks) = hi.as_rchunks::<SEARCH_BLOCK>();
    for (l, h) in lo_blocks.iter().zip(hi_blocks.iter().rev()) {
        for sum in block_sums(l, h, xor) {
            stamps[usize::from(sum)] = stamp;
        }
    }
    for (&x, &y) in lo_rest.iter().zip(hi_rest.iter().rev()) {
        stamps[usize::from(x ^ y ^ xor)] = stamp;
    }
}

/// `xor` plus the nim-sums of the splits whose parts are `l[i]` and the value of `h` the same
/// distance from its other end.
#[inline]
fn block_sums(l: &[u16; SEARCH_BLOCK], h: &[u16; SEARCH_BLOCK], xor: u16) -> [u16; SEARCH_BLOCK] {
    let mut sums = [0u16; SEARCH_BLOCK];
    for (i, sum) in sums.iter_mut().enumerate() {
        *sum = l[i] ^ h[SEARCH_BLOCK - 1 - i] ^ xor;
    }
    sums
}

/// The sparse-space bookkeeping for the two-heap breaks removing a number of tokens of one
/// parity `d`.
///
/// Positions carry *extended values* `e = 2·g + (position mod 2)`. A split of `s` into `(a, b)`
/// has extended nim-sum `ext(a) ^ ext(b)`, whose parity bit is that of `s`; for a heap of `n`
/// and a move removing `j ≡ d` tokens, `s ≡ n + d`. If the candidate value `m` of heap `n` has
/// `ext = 2m + (n mod 2)` outside `closure = {c1 ^ c2 ^ d : c1, c2 common}`, no split of two
/// common parts can reach it. The closure holds exactly the nim-sums of the common values seen
/// so far, so a candidate is scanned only when common parts really can reach it.
///
/// Two kinds of common class compete at every rebuild, and the one leaving fewer rare positions
/// wins:
///
/// - *affine*: `{e : parity(e & mask) = b}`, Flammenkamp's observation that in sparse-space
///   games the common values are those of one parity under a game-specific mask. With `lin`
///   that parity, `lin(c1 ^ c2 ^ d) = lin(d)` for common `c1, c2`, so the class avoids its
///   closure exactly when `b != lin(d)`. The Walsh–Hadamard transform of the histogram rates
///   every mask at once. Values never seen fall in the class by the mask;
/// - *greedy*: the values seen, most frequent first, each kept if it and the nim-sums it adds
///   stay clear of the class. This catches classes no mask describes.
struct ParityClass {
    d: usize,
    /// Tokens removed by this class's breaks, ascending.
    moves: Vec<usize>,
    kind: ClassKind,
    /// For a greedy class, whether each extended value is a member,
    members: Vec<bool>,
    /// and the members, ascending (none for an affine class).
    greedy_members: Vec<usize>,
    /// Common extended values seen so far.
    seen_common: Vec<usize>,
    closure: Vec<bool>,
    /// The closure's values below 128, a bit each in two words (below 64, from 64 on), for
    /// positions of even and of odd size.
    low_closure: [[u64; 2]; 2],
    /// The number of positions (at least 1) whose extended value is not common,
    rare: usize,
    /// and that number at the last rebuild.
    rare_at_rebuild: usize,
}

/// How a class says which values are common.
#[derive(Clone, Copy, PartialEq, Eq)]
enum ClassKind {
    /// `{e : parity(e & mask) = b}`.
    Affine { mask: usize, b: u64 },
    /// The values marked in `members`.
    Greedy,
}

/// Extended values of 16-bit values and a parity bit.
const EXTENDED: usize = 1 << 17;

impl ParityClass {
    fn new(d: usize, moves: Vec<usize>) -> Self {
        ParityClass {
            d,
            moves,
            kind: ClassKind::Greedy,
            members: vec![false; EXTENDED],
            greedy_members: Vec::new(),
            seen_common: Vec::new(),
            closure: vec![false; EXTENDED],
            low_closure: [[0; 2]; 2],
            rare: 0,
            rare_at_rebuild: 0,
        }
    }

    /// Chooses the common class that leaves the fewest rare positions, and lists the common
    /// values again. Returns whether the class has changed.
    ///
    /// `counts` is the histogram up to a power of two above every value seen.
    fn rebuild(&mut self, counts: &[u64]) -> bool {
        let total: u64 = counts.iter().sum();
        let (mut greedy, greedy_rare) = self.greedy_class(counts);
        let (mask, b, mask_rare) = self.best_affine_class(counts, total);
        let kind = if mask_rare < greedy_rare {
            greedy.clear();
            ClassKind::Affine { mask, b }
        } else {
            greedy.sort_unstable();
            ClassKind::Greedy
        };
        let changed = kind != self.kind || greedy != self.greedy_members;
        // Unmark the members of the previous greedy class, all among the values seen.
        for &e in &self.seen_common {
            self.members[e] = false;
        }
        for &e in &greedy {
            self.members[e] = true;
        }
        self.kind = kind;
        self.greedy_members = greedy;
        self.seen_common.clear();
        self.closure.fill(false);
        self.low_closure = [[0; 2]; 2];
        // Values never seen have no count: only those below `size` matter. Position 0 is never
        // a part of a split, and the histogram leaves it out too.
        let size = counts.len();
        let seen: Vec<usize> = (0..size)
            .filter(|&e| counts[e] > 0 && self.is_common(e))
            .collect();
        for e in seen {
            self.add_common(e);
        }
        self.rare = (0..size)
            .filter(|&e| !self.is_common(e))
            .map(|e| counts[e] as usize)
            .sum();
        self.rare_at_rebuild = self.rare;
        changed
    }

    /// Whether two common parts of a split might reach value `candidate` for heap `n`: whether
    /// its extended value is in the closure.
    #[inline]
    fn may_reach(&self, candidate: u64, n: usize) -> bool {
        let ext = ((candidate as usize) << 1) | (n & 1);
        ext < EXTENDED && self.closure[ext]
    }

    #[inline]
    fn is_common(&self, e: usize) -> bool {
        match self.kind {
            ClassKind::Affine { mask, b } => parity(e & mask) == b,
            ClassKind::Greedy => self.members[e],
        }
    }

    /// The most frequent values, each kept when it and the nim-sums it adds stay clear of the
    /// class; and the number of positions left rare.
    fn greedy_class(&self, counts: &[u64]) -> (Vec<usize>, u64) {
        // Nim-sums of values below a power of two stay below it.
        let size = counts.len();
        let mut by_count: Vec<usize> = (0..size).filter(|&e| counts[e] > 0).collect();
        by_count.sort_by_key(|&e| (std::cmp::Reverse(counts[e]), e));
        let mut members: Vec<usize> = Vec::new();
        let mut in_class = vec![false; size];
        let mut closure = vec![false; size];
        let mut rare = 0;
        for e in by_count {
            let fits = !closure[e]
                && members.iter().chain([&e]).all(|&c| {
                    let x = e ^ c ^ self.d;
                    x != e && !in_class[x]
                });
            if fits {
                members.push(e);
                in_class[e] = true;
                for &c in &members {
                    closure[e ^ c ^ self.d] = true;
                }
            } else {
                rare += counts[e];
            }
        }
        (members, rare)
    }

    /// The mask and parity `b` of the affine class with the fewest rare positions, and their
    /// number.
    fn best_affine_class(&self, counts: &[u64], total: u64) -> (usize, u64, u64) {
        let size = counts.len();
        // Counts are numbers of positions, far below 2^63.
        let mut walsh: Vec<i64> = counts[..size].iter().map(|&c| c.cast_signed()).collect();
        let mut half = 1;
        while half < size {
            for block in walsh.chunks_exact_mut(2 * half) {
                let (low, high) = block.split_at_mut(half);
                for (x, y) in low.iter_mut().zip(high) {
                    (*x, *y) = (*x + *y, *x - *y);
                }
            }
            half *= 2;
        }
        // walsh[m] = (positions of even parity) - (odd): the class of parity b leaves
        // (total ± walsh[m]) / 2 rare; b must differ from the parity of d.
        (1..size)
            .map(|m| {
                let b = 1 ^ parity(m & self.d);
                let even = i64::midpoint(total.cast_signed(), walsh[m]).cast_unsigned();
                let rare = if b == 1 { even } else { total - even };
                (m, b, rare)
            })
            .min_by_key(|&(m, _, rare)| (rare, m))
            .unwrap_or((1, 1, total))
    }

    /// Takes note of a position with extended value `e`, seen `count` times now; returns
    /// whether the position is rare.
    fn record(&mut self, e: usize, count: u64) -> bool {
        if !self.is_common(e) {
            self.rare += 1;
            return true;
        }
        if count == 1 {
            self.add_common(e);
        }
        false
    }

    /// A common value seen for the first time: its nim-sums with the others become reachable.
    fn add_common(&mut self, e: usize) {
        self.seen_common.push(e);
        for &c in &self.seen_common {
            let x = e ^ c ^ self.d;
            self.closure[x] = true;
            let value = x >> 1;
            if value < 128 {
                self.low_closure[x & 1][value / 64] |= 1 << (value % 64);
            }
        }
    }
}

/// The power of two (at least 2) above extended value `top`: nim-sums of the values below it
/// stay below it.
fn values_below(top: usize) -> usize {
    (top + 1).next_power_of_two().max(2)
}

/// The parity of the number of bits set.
fn parity(x: usize) -> u64 {
    u64::from(x.count_ones() & 1)
}

#[inline]
fn extended(value: u16, position: usize) -> usize {
    (usize::from(value) << 1) | (position & 1)
}

/// The sparse-space state: the histogram of extended values, one class per parity of the
/// tokens removed by two-heap breaks, and the scan cursors of the current heap.
struct Sparse {
    classes: Vec<ParityClass>,
    /// The two-heap breaks whose rare splits are marked afresh for every heap, ascending by
    /// tokens removed: all but those of `carried`.
    moves: Vec<usize>,
    /// The rare splits of a run of consecutive breaks, marked once for all the heaps that
    /// need them.
    carried: Option<CarriedMarks>,
    /// Every two-heap break, ascending,
    all_moves: Vec<usize>,
    /// and how many rare positions lie below the heap it leaves, as [`small_sparse_value`]
    /// counts them.
    small_below: Vec<usize>,
    /// The splits of far rare parts, marked ahead for [`small_sparse_value`] and
    /// [`wide_sparse_value`].
    ahead: MarksAhead,
    /// Positions rare in some class, ascending, with their values: the splits to enumerate,
    /// for every move at once. A position common in every class can only meet another such in
    /// a split that every closure accounts for.
    rare: Vec<RarePart>,
    counts: Vec<u64>,
    /// The largest extended value counted.
    top: usize,
    next_rebuild: usize,
    /// The next split to scan, per move of every class.
    cursors: Vec<usize>,
    /// Per move, how many rare positions lie below the heap it leaves: heaps only grow, so the
    /// count only moves forward.
    rare_below: Vec<usize>,
    /// How many times the rare positions have been listed.
    listing: usize,
    /// Whether the breaks leave unequal heaps only.
    unequal: bool,
}

/// Rare splits a heap (rare positions times moves) from which they are marked by a helper
/// thread: a few microseconds' work, well above the cost of handing it over.
const RARE_HELPER_FROM: usize = 1024;

/// The fewest heaps left to compute in one call for which a helper for rare splits is started.
const RARE_HELPER_RUN: usize = 16_384;

/// A rare position and its value, kept together so that enumerating them reads one list.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RarePart {
    at: u32,
    value: u16,
}

impl RarePart {
    pub(crate) fn new(at: usize, values: &[u16]) -> Self {
        RarePart {
            at: at as u32,
            value: values[at],
        }
    }

    /// The nim-sum of the split of heap `s` with this part, as an index.
    #[inline]
    fn split_value(self, values: &[u16], s: usize) -> usize {
        usize::from(self.value ^ values[s - self.at as usize])
    }
}

/// Moves `below` on to the number of rare parts below heap `s`: heaps only grow, so the count
/// only moves forward.
#[inline]
fn count_below(rare: &[RarePart], below: &mut usize, s: usize) {
    while rare.get(*below).is_some_and(|p| (p.at as usize) < s) {
        *below += 1;
    }
}

/// Sets `stamps` to `stamp` at the nim-sums of the splits with a part in `rare` of the heaps
/// that `moves` (ascending) leave from heap `k`.
pub(crate) fn mark_rare_splits(
    stamps: &mut [u32; 1 << 16],
    stamp: u32,
    rare: &[RarePart],
    values: &[u16],
    moves: &[usize],
    k: usize,
) {
    for &j in moves {
        let Some(s) = k.checked_sub(j).filter(|&s| s >= 2) else {
            break;
        };
        let below = rare.partition_point(|p| (p.at as usize) < s);
        for part in &rare[..below] {
            stamps[part.split_value(values, s)] = stamp;
        }
    }
}

/// The rare splits for a run of consecutive two-heap breaks, removing `first`, `first + 1`, …,
/// `first + len - 1` tokens, carried from heap to heap.
///
/// Heap `n` needs the splits of the heaps `n - first - len + 1 ..= n - first` those moves leave,
/// and heap `n + 1` the same but the lowest, plus `n + 1 - first`. So each heap marks the rare
/// splits of one heap only, the one its smallest move of the run leaves, and `latest[v]` keeps
/// the largest heap left whose splits reached `v`. Those heaps are marked in increasing order,
/// so `v` is reached by a split the current heap needs exactly when `latest[v]` is at least the
/// lowest heap it needs.
///
/// (On 0.56, whose breaks remove 1 and 2 tokens, this halves the marking, which had been two
/// thirds of its time.)
struct CarriedMarks {
    first: usize,
    len: usize,
    latest: Box<[u32; 1 << 16]>,
    /// The largest heap whose splits are marked, 0 for none,
    marked: usize,
    /// and how many rare positions lie below it.
    below: usize,
}

impl CarriedMarks {
    /// Marks for the longest run of at least two consecutive moves among `moves`, ascending.
    fn for_moves(moves: &[usize]) -> Option<Self> {
        let (mut first, mut len) = (0, 0);
        let mut start = 0;
        for i in 1..=moves.len() {
            if i == moves.len() || moves[i] != moves[i - 1] + 1 {
                if i - start > len {
                    (first, len) = (start, i - start);
                }
                start = i;
            }
        }
        (len >= 2).then(|| CarriedMarks {
            first: moves[first],
            len,
            latest: stamp_array(),
            marked: 0,
            below: 0,
        })
    }

    /// Whether `j` is a move of the run.
    fn covers(&self, j: usize) -> bool {
        (self.first..self.first + self.len).contains(&j)
    }

    /// Forgets the marks, after the rare positions were listed again.
    fn reset(&mut self) {
        self.latest.fill(0);
        self.marked = 0;
        self.below = 0;
    }

    /// Marks the rare splits of the heaps left by the run's moves from heap `n` that are not
    /// marked yet. Returns the marks for heap `n` and the number of splits marked.
    ///
    /// (Kept out of line, so that the marking loop has the registers to itself.)
    #[inline(never)]
    fn mark(&mut self, rare: &[RarePart], values: &[u16], n: usize) -> (Elsewhere<'_>, u64) {
        // No split of a heap below 2; heaps stay below `SPARSE_END`, so `u32::MAX` is never
        // reached.
        let highest = n.saturating_sub(self.first);
        let lowest = n.saturating_sub(self.first + self.len - 1).max(2);
        let mut work = 0;
        if highest >= 2 {
            // In locals, so that the marking loop keeps them in registers.
            let latest = &mut *self.latest;
            let mut below = self.below;
            for s in (self.marked + 1).max(lowest)..=highest {
                count_below(rare, &mut below, s);
                let stamp = s as u32;
                for part in &rare[..below] {
                    latest[part.split_value(values, s)] = stamp;
                }
                work += below as u64;
            }
            self.below = below;
            self.marked = highest;
        }
        let lowest = if highest >= 2 {
            lowest as u32
        } else {
            u32::MAX
        };
        let carried = Elsewhere::Carried {
            latest: &self.latest,
            lowest,
        };
        (carried, work)
    }
}

/// Heaps whose far rare splits are marked at once by [`MarksAhead`].
const AHEAD: usize = 16;

/// The splits of the next [`AHEAD`] heaps with a far rare part, marked at once, a bit per value:
/// one word a heap for [`small_sparse_value`] (values below 32), two for [`wide_sparse_value`]
/// (values below 128).
///
/// A rare part at `a` meets, in heaps `n0..n0 + AHEAD` and a move removing `j` tokens, the
/// values at `n0 - j - a ..` up to `n0 + AHEAD - 1 - j - a`: all known at heap `n0` once
/// `a >= AHEAD`, and consecutive. So the splits of each such part with all those heaps are a
/// few vector instructions, where marking them heap by heap takes a load, a nim-sum and a mark
/// each. Parts below `AHEAD` (near) and from `n0 - j` on (recent, listed since) are marked
/// heap by heap. (0.16 has 52 rare positions, 9 of them near.)
#[derive(Default)]
struct MarksAhead {
    /// The first heap marked, and the listing of rare positions the marks were made with.
    start: usize,
    listing: usize,
    /// Rare parts `..near` are near, `near..recent` far, `recent..` recent.
    near: usize,
    recent: usize,
    /// The marks of heap `start + k`, at `k`: in `narrow` for values below 32, in `wide`
    /// for values below 128 when `is_wide`.
    narrow: [u32; AHEAD],
    wide: WideMarks,
    is_wide: bool,
}

/// Marks of values below 128 for [`AHEAD`] heaps: those below 64 in `low`, the others in
/// `high`.
#[derive(Default, Clone, Copy, Debug, PartialEq, Eq)]
struct WideMarks {
    low: [u64; AHEAD],
    high: [u64; AHEAD],
}

/// Marks, a bit per value, for [`AHEAD`] heaps.
trait LaneMarks {
    /// Marks `partners[k] ^ value` for heap `k`.
    fn mark(&mut self, partners: &[u16; AHEAD], value: u16);
}

/// Values below 32, a word a heap.
impl LaneMarks for [u32; AHEAD] {
    #[allow(
        clippy::inline_always,
        reason = "a call would lose the vector instructions"
    )]
    #[inline(always)]
    fn mark(&mut self, partners: &[u16; AHEAD], value: u16) {
        for (bits, &partner) in self.iter_mut().zip(partners) {
            *bits |= 1 << ((partner ^ value) & 31);
        }
    }
}

impl LaneMarks for WideMarks {
    #[allow(
        clippy::inline_always,
        reason = "a call would lose the vector instructions"
    )]
    #[inline(always)]
    fn mark(&mut self, partners: &[u16; AHEAD], value: u16) {
        // Word by word, each lane with a mask rather than a branch, so that the lanes
        // vectorize without shuffles.
        for (word, half) in [(&mut self.low, 0), (&mut self.high, 1)] {
            for (bits, &partner) in word.iter_mut().zip(partners) {
                let x = u64::from(partner ^ value);
                let in_word = 0u64.wrapping_sub(u64::from(x >> 6 == half));
                *bits |= 1 << (x & 63) & in_word;
            }
        }
    }
}

impl MarksAhead {
    /// Whether heap `n` is marked, with rare positions listed for the `listing`th time, in
    /// two words (`wide`) or one.
    fn covers(&self, n: usize, listing: usize, wide: bool) -> bool {
        listing == self.listing
            && wide == self.is_wide
            && (self.start..self.start + AHEAD).contains(&n)
    }

    /// Marks the far rare splits of heaps `n0..n0 + AHEAD`, the values of heaps below `n0`
    /// being known, all below 128 if `wide`, else below 32, and the two-heap breaks `moves`
    /// ascending. Returns the number of splits marked.
    fn mark(
        &mut self,
        rare: &[RarePart],
        values: &[u16],
        moves: &[usize],
        n0: usize,
        (listing, wide): (usize, bool),
    ) -> u64 {
        self.start = n0;
        self.listing = listing;
        self.is_wide = wide;
        let below = |at: usize| rare.partition_point(|p| (p.at as usize) < at);
        self.near = below(AHEAD);
        // Far parts lie below every heap the moves leave, so they make a split of each.
        let far_below = n0.saturating_sub(moves.last().copied().unwrap_or(0));
        self.recent = below(far_below).max(self.near);
        let far = &rare[self.near..self.recent];
        if wide {
            self.wide = WideMarks::default();
            mark_far_wide(&mut self.wide, far, values, moves, n0);
        } else {
            self.narrow = [0; AHEAD];
            mark_far(&mut self.narrow, far, values, moves, n0);
        }
        (far.len() * moves.len() * AHEAD) as u64
    }

    /// Calls `mark` with the nim-sum of each split of heap `n` with a near or recent rare
    /// part, for every two-heap break of `moves` (ascending), `below` counting the parts below
    /// the heap each leaves; the far parts' splits are marked ahead. Returns the number of
    /// splits.
    #[inline]
    fn mark_others(
        &self,
        rare: &[RarePart],
        values: &[u16],
        (moves, below): (&[usize], &mut [usize]),
        n: usize,
        mut mark: impl FnMut(usize),
    ) -> u64 {
        let mut work = 0;
        for (&j, below) in moves.iter().zip(below) {
            let Some(s) = n.checked_sub(j).filter(|&s| s >= 2) else {
                break;
            };
            count_below(rare, below, s);
            let near = self.near.min(*below);
            let recent = self.recent.min(*below);
            for part in &rare[..near] {
                mark(part.split_value(values, s));
            }
            for part in &rare[recent..*below] {
                mark(part.split_value(values, s));
            }
            work += (near + *below - recent) as u64;
        }
        work
    }
}

widest_vectors! {
    /// Marks in `marks[k]` the splits of heap `n0 + k` with the parts `far`, for every move of
    /// `moves`: each part at `AHEAD` or more, and below every heap the moves leave from `n0`.
    /// Every value is below 32.
    ///
    /// (AVX2 shifts each lane by its own amount: 0.16 took 7% less time with it.)
    fn mark_far(
        marks: &mut [u32; AHEAD],
        far: &[RarePart],
        values: &[u16],
        moves: &[usize],
        n0: usize,
    ) => mark_far_body;
}

widest_vectors! {
    /// [`mark_far()`] for values below 128.
    fn mark_far_wide(
        marks: &mut WideMarks,
        far: &[RarePart],
        values: &[u16],
        moves: &[usize],
        n0: usize,
    ) => mark_far_body;
}

/// The body of [`mark_far()`] and [`mark_far_wide()`], inlined into each of their compilations.
#[allow(
    clippy::inline_always,
    reason = "a call would lose the vector instructions"
)]
#[inline(always)]
fn mark_far_body(
    marks: &mut impl LaneMarks,
    far: &[RarePart],
    values: &[u16],
    moves: &[usize],
    n0: usize,
) {
    for &j in moves {
        for part in far {
            // The values from `first` on, all known as `first + AHEAD <= n0`.
            let first = n0 - j - part.at as usize;
            if let Some(partners) = values[first..].first_chunk::<AHEAD>() {
                marks.mark(partners, part.value);
            }
        }
    }
}

/// Rare splits of the current heap marked outside its option set.
#[derive(Clone, Copy)]
enum Elsewhere<'a> {
    /// Carried from heap to heap, for a run of consecutive breaks: values whose `latest` entry
    /// is at least `lowest`.
    Carried {
        latest: &'a [u32; 1 << 16],
        lowest: u32,
    },
    /// Marked by the helper thread, a bit per value.
    Helper(&'a [u64]),
}

/// Sparse space's rare splits on a helper thread, one heap ahead, once they are many (see
/// [`RareHelper`]): the helper, with the listing of rare positions it knows, and its marks for
/// the current heap.
#[derive(Default)]
struct RareMarking<'scope> {
    helper: Option<(RareHelper<'scope>, usize)>,
    marks: Vec<u64>,
}

impl<'scope> RareMarking<'scope> {
    /// The helper's marks for the next heap of `values`, starting the helper if the rare
    /// splits are worth it, `two_cores`, and the values are to reach `len` in this call (a
    /// helper lives as long as the call: started and stopped for every thousand heaps, as
    /// progress reports have them computed, it cost more than it saved when the machine was
    /// busy); `None` when the main thread marks them itself.
    ///
    /// (Whether to start is asked every 1024 heaps only: asked on every heap, with the call,
    /// it took 0.56 a twentieth longer.)
    #[inline]
    fn marks<'env>(
        &mut self,
        scope: &'scope std::thread::Scope<'scope, 'env>,
        sparse: &Sparse,
        values: &[u16],
        len: usize,
        two_cores: bool,
    ) -> Option<&[u64]> {
        let n = values.len();
        if self.helper.is_none() {
            if !two_cores
                || !n.is_multiple_of(1024)
                || len - n < RARE_HELPER_RUN
                || !sparse.wants_helper(n)
            {
                return None;
            }
            let moves = sparse.all_moves.clone();
            let helper = RareHelper::start(scope, values, &sparse.rare, moves);
            self.helper = Some((helper, sparse.listing));
        }
        let (helper, _) = self.helper.as_ref()?;
        self.marks.clear();
        self.marks.resize(sparse.value_words(), 0);
        helper.marks(n, &mut self.marks);
        Some(&self.marks)
    }

    /// Whether a helper is marking the rare splits.
    fn helping(&self) -> bool {
        self.helper.is_some()
    }

    /// Tells the helper the newest of `values`, or stops it when sparse space has ended or
    /// listed its rare positions anew.
    #[inline]
    fn post(&mut self, sparse: Option<&Sparse>, values: &[u16]) {
        let Some((helper, listing)) = &self.helper else {
            return;
        };
        let n = values.len() - 1;
        match sparse {
            Some(sp) if sp.listing == *listing => {
                let rare = sp.rare.last().is_some_and(|p| p.at as usize == n);
                helper.post(n, values[n], rare);
            }
            _ => self.helper = None,
        }
    }
}

/// Whether value `v` is an option of the current heap: marked in `options` or `elsewhere`.
#[inline]
fn reached(options: &OptionSet, elsewhere: Option<Elsewhere<'_>>, v: u64) -> bool {
    options.contains(v)
        || match elsewhere {
            None => false,
            Some(Elsewhere::Carried { latest, lowest }) => {
                latest.get(v as usize).is_some_and(|&s| s >= lowest)
            }
            Some(Elsewhere::Helper(bits)) => bits
                .get((v / 64) as usize)
                .is_some_and(|w| w >> (v % 64) & 1 == 1),
        }
}

/// The least value from `from` on that is not an option of the current heap.
fn next_unreached(options: &OptionSet, window: Option<Elsewhere<'_>>, from: u64) -> u64 {
    let mut v = from;
    while reached(options, window, v) {
        v += 1;
    }
    v
}

impl Sparse {
    fn new(break2: &[u32], unequal: bool, values: &[u16]) -> Self {
        let mut counts = vec![0u64; EXTENDED];
        let mut top = 0;
        for (a, &v) in values.iter().enumerate().skip(1) {
            counts[extended(v, a)] += 1;
            top = top.max(extended(v, a));
        }
        let mut classes = Vec::new();
        for d in 0..2 {
            let moves: Vec<usize> = break2
                .iter()
                .map(|&j| j as usize)
                .filter(|j| j % 2 == d)
                .collect();
            if !moves.is_empty() {
                let mut class = ParityClass::new(d, moves);
                class.rebuild(&counts[..values_below(top)]);
                classes.push(class);
            }
        }
        let all: Vec<usize> = break2.iter().map(|&j| j as usize).collect();
        let carried = CarriedMarks::for_moves(&all);
        let moves: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&j| !carried.as_ref().is_some_and(|c| c.covers(j)))
            .collect();
        let mut sparse = Sparse {
            classes,
            carried,
            small_below: vec![0; all.len()],
            ahead: MarksAhead::default(),
            all_moves: all,
            rare_below: vec![0; moves.len()],
            moves,
            rare: Vec::new(),
            counts,
            top,
            next_rebuild: 2 * values.len(),
            cursors: vec![0; break2.len()],
            listing: 0,
            unequal,
        };
        sparse.list_rare(values);
        sparse
    }

    /// Lists again the positions rare in some class.
    fn list_rare(&mut self, values: &[u16]) {
        self.listing += 1;
        let classes = &self.classes;
        self.rare_below.fill(0);
        self.small_below.fill(0);
        if let Some(carried) = &mut self.carried {
            carried.reset();
        }
        self.rare.clear();
        self.rare.extend(
            (1..values.len())
                .filter(|&a| classes.iter().any(|c| !c.is_common(extended(values[a], a))))
                .map(|a| RarePart::new(a, values)),
        );
    }

    /// Records the value of the newest heap; rebuilds the classes when the histogram has
    /// changed enough. Returns whether the sparse method still pays (never from
    /// [`SPARSE_END`] on) against `plain(len)`, the splits the plain scan of heap `len` would
    /// examine per thread.
    #[inline]
    fn record(&mut self, values: &[u16], plain: impl Fn(usize) -> usize) -> bool {
        let n = values.len() - 1;
        if values.len() >= SPARSE_END {
            return false;
        }
        let e = extended(values[n], n);
        self.counts[e] += 1;
        self.top = self.top.max(e);
        let (mut rare, mut grown) = (false, false);
        for class in &mut self.classes {
            rare |= class.record(e, self.counts[e]);
            grown |= class.rare > 2 * class.rare_at_rebuild + 64;
        }
        if rare {
            self.rare.push(RarePart::new(n, values));
        }
        if values.len() < self.next_rebuild && !grown {
            return true;
        }
        self.rebuild(values, plain(values.len()))
    }

    /// Chooses the classes again from the histogram and, if they have changed, lists the rare
    /// positions again; returns whether the sparse method still pays.
    #[cold]
    #[inline(never)]
    fn rebuild(&mut self, values: &[u16], plain: usize) -> bool {
        self.next_rebuild = 2 * values.len();
        let size = values_below(self.top);
        let mut changed = false;
        for class in &mut self.classes {
            changed |= class.rebuild(&self.counts[..size]);
        }
        // The positions recorded since the last listing were rare or not by the same classes.
        if changed {
            self.list_rare(values);
        }
        self.pays(plain)
    }

    /// Marks the rare splits of heap `n`: those with a far part in `ahead`, in two words a heap
    /// if `wide` (values below 128) or one (below 32), marking the next heaps too if they are
    /// not yet; the others through `mark`. Returns the index of heap `n` in `ahead`'s marks
    /// and the number of splits marked.
    #[inline]
    fn mark_rare(
        &mut self,
        values: &[u16],
        n: usize,
        wide: bool,
        mark: impl FnMut(usize),
    ) -> (usize, u64) {
        let Sparse {
            rare,
            all_moves,
            small_below,
            ahead,
            listing,
            ..
        } = self;
        let mut work = 0;
        if !ahead.covers(n, *listing, wide) {
            work += ahead.mark(rare, values, all_moves, n, (*listing, wide));
        }
        work += ahead.mark_others(rare, values, (all_moves, small_below), n, mark);
        (n - ahead.start, work)
    }

    /// Whether the rare splits of heap `n` are worth a helper thread: many, of moves that all
    /// remove a token or more (so that they read no value of the last two heaps).
    fn wants_helper(&self, n: usize) -> bool {
        self.rare.len() * self.all_moves.len() >= RARE_HELPER_FROM
            && self.all_moves.iter().all(|&j| j >= 1)
            && n < PARALLEL_END
    }

    /// Words of a bitset of every value below a power of two above the values so far, which
    /// holds their nim-sums too.
    fn value_words(&self) -> usize {
        ((self.top >> 1) + 1).next_power_of_two().div_ceil(64)
    }

    /// Whether enumerating rare positions costs well under `plain`, the splits the plain scan
    /// of the next heap examines per thread, since the scans for candidates come on top.
    fn pays(&self, plain: usize) -> bool {
        let marked_moves = self.moves.len() + usize::from(self.carried.is_some());
        self.rare.len() * marked_moves * 2 <= plain
    }
}

/// The values of a take-and-break game, computed up to any length, and its period once proven.
pub(crate) struct Engine {
    rules: TakeBreak,
    /// No heap above this can be removed whole.
    largest_take_all: usize,
    values: Values,
    options: OptionSet,
    sparse: Option<Sparse>,
    /// The periodicity theorem's check, for games it holds for: not those whose breaks leave
    /// unequal heaps only, where a split `(a, a + p)` of a heap `n + p` maps to the forbidden
    /// `(a, a)` of heap `n`.
    check: Option<PeriodCheck>,
    period: Option<Period>,
    /// Splits examined so far: the measure of the work done.
    work: u64,
}

/// Heaps below this use the plain scan: sparse bookkeeping does not pay yet.
const SPARSE_START: usize = 256;
/// Heaps from this on use the plain scan: rare positions are stored in 32 bits.
const SPARSE_END: usize = u32::MAX as usize;

impl Engine {
    pub(crate) fn new(rules: TakeBreak) -> Self {
        let heaps = if !rules.break3.is_empty() {
            3
        } else if rules.break2.is_empty() {
            1
        } else {
            2
        };
        let check = (!rules.unequal).then(|| PeriodCheck::new(heaps, rules.max_removed() as usize));
        let largest_take_all = rules.take_all.last().map_or(0, |&j| j as usize);
        Engine {
            rules,
            largest_take_all,
            values: Values::Narrow(Vec::new()),
            options: OptionSet::new(),
            sparse: None,
            check,
            period: None,
            work: 0,
        }
    }

    /// The values computed so far.
    pub(crate) fn values(&self) -> &Values {
        &self.values
    }

    /// The period, once the values computed prove it.
    pub(crate) fn period(&self) -> Option<Period> {
        self.period
    }

    /// The splits examined so far: the measure of the work done.
    pub(crate) fn work(&self) -> u64 {
        self.work
    }

    /// The values and period, giving up the engine.
    pub(crate) fn into_parts(self) -> (Values, Option<Period>) {
        (self.values, self.period)
    }

    /// Computes values until there are `len` of them or a period is proven, whichever is first.
    ///
    /// # Errors
    ///
    /// [`Error::OutOfMemory`] if `len` values cannot be allocated, [`Error::OutOfRange`] if a
    /// value needs more than 32 bits.
    pub(crate) fn extend_to(&mut self, len: usize) -> Result<(), Error> {
        self.extend_within(len, u64::MAX)
    }

    /// As [`Engine::extend_to`], stopping early once more than `budget` splits have been
    /// examined in all.
    pub(crate) fn extend_within(&mut self, len: usize, budget: u64) -> Result<(), Error> {
        if self.period.is_some() || self.values.len() >= len {
            return Ok(());
        }
        if let Values::Narrow(_) = self.values {
            match self.extend_narrow(len, budget)? {
                Some(wide) => self.values.push(wide)?,
                None => return Ok(()),
            }
        }
        self.extend_wide(len, budget)
    }

    /// The loop while values fit in 16 bits. Returns the first value that does not.
    fn extend_narrow(&mut self, len: usize, budget: u64) -> Result<Option<u64>, Error> {
        let Engine {
            rules,
            largest_take_all,
            values,
            options,
            sparse,
            check,
            period,
            work,
        } = self;
        let Values::Narrow(values) = values else {
            return Ok(None);
        };
        let plain = rules.break3.is_empty() && !rules.break2.is_empty();
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        std::thread::scope(|scope| {
            // The plain scan of large heaps is shared with a helper thread, started when first
            // needed and stopped when sparse space takes over.
            let mut helper: Option<Helper<'_>> = None;
            let mut rare_marking = RareMarking::default();
            while values.len() < len && *work <= budget {
                let n = values.len();
                let value = if let Some(sp) = sparse {
                    let (value, examined) = sparse_heap(
                        sp,
                        options,
                        (&mut rare_marking, scope),
                        (rules, *largest_take_all),
                        values,
                        (len, cores > 1),
                    );
                    *work += examined;
                    value
                } else if plain && cores > 1 && (PARALLEL_START..PARALLEL_END).contains(&n) {
                    options.clear();
                    insert_takes(rules, *largest_take_all, values, n, |v| options.insert(v));
                    let helper = helper.get_or_insert_with(|| {
                        Helper::start(
                            scope,
                            values,
                            rules.break2.iter().map(|&j| j as usize).collect(),
                            rules.unequal,
                        )
                    });
                    helper.post(n, values[n - 1]);
                    for &j in &rules.break2 {
                        let Some(s) = n.checked_sub(j as usize).filter(|&s| s >= 2) else {
                            break;
                        };
                        options.insert_splits_narrow(values, s, 1, main_share(s), 0);
                        *work += s as u64 / 2;
                    }
                    helper.wait(n);
                    // The mex over both threads' marks: the least value neither saw.
                    options.mex_besides(|v| helper.marked(v))
                } else {
                    options.clear();
                    insert_takes(rules, *largest_take_all, values, n, |v| options.insert(v));
                    *work += plain_breaks(rules, options, values.as_slice(), n);
                    options.mex_from(0)
                };
                let Ok(narrow) = u16::try_from(value) else {
                    return Ok(Some(value));
                };
                make_room(values, len)?;
                values.push(narrow);
                // What the plain scan of heap `len` would examine, per thread: worked out only
                // when sparse space weighs its cost.
                let plain_cost = |len: usize| {
                    let threads = if cores > 1 && (PARALLEL_START..PARALLEL_END).contains(&len) {
                        2
                    } else {
                        1
                    };
                    rules.break2.len() * len / 2 / threads
                };
                let still_pays = sparse.as_mut().map(|sp| sp.record(values, plain_cost));
                rare_marking.post(sparse.as_ref().filter(|_| still_pays == Some(true)), values);
                match still_pays {
                    Some(false) => *sparse = None,
                    // Without sparse space, try again whenever the length doubles: the common
                    // values of many games only settle after a while.
                    None if plain
                        && (SPARSE_START..SPARSE_END).contains(&values.len())
                        && values.len().is_power_of_two() =>
                    {
                        let sp = Sparse::new(&rules.break2, rules.unequal, values);
                        if sp.pays(plain_cost(values.len())) {
                            *sparse = Some(sp);
                            helper = None;
                        }
                    }
                    _ => {}
                }
                if let Some(p) = check.as_mut().and_then(|c| c.observe(values)) {
                    *period = Some(p);
                    // Everything from one period past the preperiod on repeats.
                    values.truncate(p.preperiod + p.period);
                    values.shrink_to_fit();
                    return Ok(None);
                }
            }
            Ok(None)
        })
    }

    /// The loop once values need 32 bits: the plain scan.
    fn extend_wide(&mut self, len: usize, budget: u64) -> Result<(), Error> {
        while self.values.len() < len && self.work <= budget {
            let n = self.values.len();
            let Engine {
                rules,
                largest_take_all,
                values,
                options,
                check,
                period,
                work,
                ..
            } = self;
            let Values::Wide(values) = values else {
                return Ok(());
            };
            options.clear();
            insert_takes(rules, *largest_take_all, values, n, |v| options.insert(v));
            *work += plain_breaks(rules, options, values.as_slice(), n);
            let value = options.mex_from(0);
            let value = u32::try_from(value).map_err(|_| Error::OutOfRange {
                what: format!("grundy value {value} of heap {n} exceeds 32 bits"),
            })?;
            make_room(values, len)?;
            values.push(value);
            if let Some(p) = check.as_mut().and_then(|c| c.observe(values)) {
                *period = Some(p);
                values.truncate(p.preperiod + p.period);
                values.shrink_to_fit();
                break;
            }
        }
        Ok(())
    }
}

/// The value of the next heap of `values` by sparse space, and the splits examined: with the
/// options in one word while values are below 32, in two while below 128 (unless a helper
/// thread marks the rare splits), else in `options`, the rare splits marked here or, if it
/// pays and there are `two_cores` and `len` values to reach, by a helper thread in `scope`.
#[inline]
fn sparse_heap<'scope>(
    sp: &mut Sparse,
    options: &mut OptionSet,
    (rare_marking, scope): (&mut RareMarking<'scope>, &'scope Scope<'scope, '_>),
    (rules, largest_take_all): (&TakeBreak, usize),
    values: &[u16],
    (len, two_cores): (usize, bool),
) -> (u64, u64) {
    let n = values.len();
    let zero = if sp.unequal {
        zero_override(sp, rules, largest_take_all, values, n)
    } else {
        None
    };
    if sp.top < SMALL_TOP {
        let takes = take_bits(rules, largest_take_all, values, n);
        // Compiled apart for games with unequal breaks, so that others pay nothing for them.
        return if sp.unequal {
            small_sparse_value::<true>(sp, takes, zero, values, n)
        } else {
            small_sparse_value::<false>(sp, takes, None, values, n)
        };
    }
    if sp.top < WIDE_TOP && !rare_marking.helping() {
        let takes = take_bits(rules, largest_take_all, values, n);
        if let Some(found) = wide_sparse_value(sp, takes, zero, values, n) {
            return found;
        }
    }
    options.clear();
    insert_takes(rules, largest_take_all, values, n, |v| options.insert(v));
    let marks = rare_marking.marks(scope, sp, values, len, two_cores);
    sparse_value(sp, options, marks, zero, values, n)
}

/// Whether value 0 is an option of heap `n`, when the rare splits marked for it cannot say: in
/// a game whose breaks leave unequal heaps, where the forbidden split of a heap into two equal
/// rare parts, worth 0, is marked with the others. `None` when they can say.
///
/// (Rare parts are few, so this is rare too; it costs a scan of the splits until two equal
/// values meet. Kept out of line, so that other games pay for no more than a test.)
#[inline(never)]
fn zero_override(
    sp: &Sparse,
    rules: &TakeBreak,
    largest_take_all: usize,
    values: &[u16],
    n: usize,
) -> Option<u64> {
    if !equal_split_rare(&sp.all_moves, n, |at| {
        sp.rare.binary_search_by_key(&at, |p| p.at as usize).is_ok()
    }) {
        return None;
    }
    let mut reached = false;
    insert_takes(rules, largest_take_all, values, n, |v| reached |= v == 0);
    Some(u64::from(
        reached || unequal_split_reaches_zero(&sp.all_moves, values, n),
    ))
}

/// The options of heap `n` that take tokens without breaking the heap, a bit each: for values
/// below the bits of `W`.
fn take_bits<W: From<bool> + std::ops::Shl<u64, Output = W> + std::ops::BitOrAssign>(
    rules: &TakeBreak,
    largest_take_all: usize,
    values: &[u16],
    n: usize,
) -> W {
    let mut bits = W::from(false);
    insert_takes(rules, largest_take_all, values, n, |v| {
        bits |= W::from(true) << v;
    });
    bits
}

/// Marks the options of heap `n` that take tokens without breaking the heap.
#[inline]
fn insert_takes<T: Copy + Into<u64>>(
    rules: &TakeBreak,
    largest_take_all: usize,
    values: &[T],
    n: usize,
    mut mark: impl FnMut(u64),
) {
    if n <= largest_take_all && rules.takes_all(n as u64) {
        mark(0);
    }
    for &j in &rules.take {
        let Some(rest) = n.checked_sub(j as usize).filter(|&r| r > 0) else {
            break;
        };
        mark(values[rest].into());
    }
}

/// Stored values, narrow or wide, as the plain scan reads them.
trait Cells {
    fn at(&self, i: usize) -> u64;
    /// Marks `g(third) ^ g(a) ^ g(s - a)` for `a` in `first..=last`, `g(third)` taken as 0
    /// when there is no third heap.
    fn insert_splits(
        &self,
        options: &mut OptionSet,
        s: usize,
        first: usize,
        last: usize,
        third: Option<usize>,
    ) {
        let xor = third.map_or(0, |c| self.at(c));
        for a in first..=last {
            options.insert(xor ^ self.at(a) ^ self.at(s - a));
        }
    }
}

impl Cells for [u16] {
    fn at(&self, i: usize) -> u64 {
        u64::from(self[i])
    }

    fn insert_splits(
        &self,
        options: &mut OptionSet,
        s: usize,
        first: usize,
        last: usize,
        third: Option<usize>,
    ) {
        let xor = third.map_or(0, |c| self[c]);
        options.insert_splits_narrow(self, s, first, last, xor);
    }
}

impl Cells for [u32] {
    fn at(&self, i: usize) -> u64 {
        u64::from(self[i])
    }
}

/// Marks the options of heap `n` that break it into two or three heaps, by scanning every
/// split.
///
/// Returns the number of splits examined.
fn plain_breaks<C: Cells + ?Sized>(
    rules: &TakeBreak,
    options: &mut OptionSet,
    values: &C,
    n: usize,
) -> u64 {
    let mut work = 0;
    for &j in &rules.break2 {
        let j = j as usize;
        if j + 2 > n {
            break;
        }
        let s = n - j;
        values.insert_splits(options, s, 1, last_part(s, rules.unequal), None);
        work += s as u64 / 2;
    }
    for &j in &rules.break3 {
        let j = j as usize;
        if j + 3 > n {
            break;
        }
        // Three parts c + a + (s - c - a): every c with every split of the rest.
        let s = n - j;
        for c in 1..=s - 2 {
            let rest = s - c;
            values.insert_splits(options, rest, 1, rest / 2, Some(c));
            work += rest as u64 / 2;
        }
    }
    work
}

/// Splits compared at once by [`find_targets()`]: a block of comparisons without a branch runs as
/// vector instructions.
const SEARCH_BLOCK: usize = 64;

/// The most candidates looked for at once, one bit each of a `u64`.
const TARGETS: usize = 64;

widest_vectors! {
    /// Goes through the splits `(a, s - a)` for `a` in `first..=last`, in order, until the nim-sum
    /// of some split has been each of the `targets` whose bit is set in `pending`.
    ///
    /// Returns the bits of the targets never met and the number of splits gone through.
    ///
    /// Unlike marking every nim-sum met, which writes to scattered places one at a time, comparing
    /// with a few values vectorizes: the nim-sums of a block of splits are compared with each
    /// target at once.
    ///
    /// The comparisons run on the widest vector instructions the processor has: with AVX-512,
    /// 0.16 took a tenth less time, 0.56 a sixteenth and 0.106 a twenty-fifth than with the SSE2
    /// that every x86-64 processor has.
    ///
    /// (Kept out of line: inlined into [`sparse_value`], the search loop was compiled worse and 0.6
    /// took a tenth longer; with the choice of compilation inlined into [`small_sparse_value`],
    /// 0.106 took a tenth longer.)
    fn find_targets(
        values: &[u16],
        s: usize,
        first: usize,
        last: usize,
        targets: &[u16; TARGETS],
        pending: u64,
    ) -> (u64, usize) => search_blocks;
}

/// The body of [`find_targets()`], inlined into each of its compilations.
#[allow(
    clippy::inline_always,
    reason = "a call would lose the vector instructions"
)]
#[inline(always)]
fn search_blocks(
    values: &[u16],
    s: usize,
    first: usize,
    last: usize,
    targets: &[u16; TARGETS],
    mut pending: u64,
) -> (u64, usize) {
    if first > last || pending == 0 {
        return (pending, 0);
    }
    let lo = &values[first..=last];
    let hi = &values[s - last..=s - first];
    // Clears the bits of the targets among `sums`; returns whether none is left.
    let meet = |pending: &mut u64, sums: &[u16]| {
        let mut left = *pending;
        while left != 0 {
            let t = left.trailing_zeros();
            left &= left - 1;
            let target = targets[t as usize];
            // Without a branch per split, so that the comparisons vectorize.
            if sums
                .iter()
                .fold(0u16, |hits, &x| hits | u16::from(x == target))
                != 0
            {
                *pending &= !(1 << t);
            }
        }
        *pending == 0
    };
    // Whole blocks from the near ends of both slices, the rest from the middle.
    let (lo_blocks, lo_rest) = lo.as_chunks::<SEARCH_BLOCK>();
    let (hi_rest, hi_blocks) = hi.as_rchunks::<SEARCH_BLOCK>();
    for (block, (l, h)) in lo_blocks.iter().zip(hi_blocks.iter().rev()).enumerate() {
        if meet(&mut pending, &block_sums(l, h, 0)) {
            return (0, (block + 1) * SEARCH_BLOCK);
        }
    }
    let done = lo.len() - lo_rest.len();
    for (i, (&x, &y)) in lo_rest.iter().zip(hi_rest.iter().rev()).enumerate() {
        if meet(&mut pending, &[x ^ y]) {
            return (0, done + i + 1);
        }
    }
    (pending, lo.len())
}

/// Extended values below which sparse space runs on [`small_sparse_value`]: values below 32.
const SMALL_TOP: usize = 64;

/// Each value below 64 as the target of its own bit.
const VALUES_BELOW_64: [u16; TARGETS] = {
    let mut targets = [0; TARGETS];
    let mut v = 0;
    while v < TARGETS {
        targets[v] = v as u16;
        v += 1;
    }
    targets
};

/// The value of heap `n` by the sparse-space method while every value so far is below 32,
/// given the options from taking, a bit each in `reached`: [`sparse_value`] with the option
/// values in one word.
///
/// Every option value is then below 32: marks go to a register rather than to memory, the
/// candidates are the bits of the values left unmarked below the first that no closure holds,
/// and each candidate is its own target. (The candidates of 0.106 and 0.16, a few a heap, had
/// been found one value at a time, with as many mispredicted branches.)
///
/// `UNEQUAL` for games whose breaks leave unequal heaps, `zero` then the mark of 0 when
/// [`zero_override`] settles it; compiled apart, so that other games pay nothing for it.
///
/// Returns the value and the number of splits examined.
fn small_sparse_value<const UNEQUAL: bool>(
    sparse: &mut Sparse,
    mut reached: u64,
    zero: Option<u64>,
    values: &[u16],
    n: usize,
) -> (u64, u64) {
    let (k, mut work) = sparse.mark_rare(values, n, false, |v| reached |= 1 << v);
    reached |= u64::from(sparse.ahead.narrow[k]);
    if UNEQUAL {
        match zero {
            Some(0) => return (0, work),
            Some(_) => reached |= 1,
            None => {}
        }
    }
    let parity = n & 1;
    let mut in_closure = [0u64; 2];
    for (class, bits) in sparse.classes.iter().zip(&mut in_closure) {
        *bits = class.low_closure[parity][0];
    }
    // Values from 32 on are neither reached nor in a closure: there is a first such value.
    let unreached = !reached;
    let first_beyond = (unreached & !(in_closure[0] | in_closure[1])).trailing_zeros();
    let candidates = unreached & ((1 << first_beyond) - 1);
    let classes = &sparse.classes;
    let unmet = search_classes(
        (classes, UNEQUAL),
        in_closure,
        &VALUES_BELOW_64,
        candidates,
        values,
        n,
        &mut work,
    );
    let value = if unmet == 0 {
        first_beyond
    } else {
        unmet.trailing_zeros()
    };
    (u64::from(value), work)
}

/// Extended values below which sparse space may run on [`wide_sparse_value`]: values below
/// 128.
const WIDE_TOP: usize = 256;

/// The value of heap `n` by the sparse-space method while every value so far is below 128,
/// given the options from taking, a bit each in `reached`: [`small_sparse_value`] with the
/// option values in two words, and the candidates listed as targets; `None` when there are
/// more than [`TARGETS`] of them.
///
/// (0.56, whose values reach 64, had found its candidates one value at a time, and marked every
/// rare split one at a time.)
///
/// Returns the value and the number of splits examined.
fn wide_sparse_value(
    sparse: &mut Sparse,
    mut reached: u128,
    zero: Option<u64>,
    values: &[u16],
    n: usize,
) -> Option<(u64, u64)> {
    let (k, mut work) = sparse.mark_rare(values, n, true, |v| reached |= 1 << v);
    let WideMarks { low, high } = &sparse.ahead.wide;
    reached |= u128::from(low[k]) | u128::from(high[k]) << 64;
    match zero {
        Some(0) => return Some((0, work)),
        Some(_) => reached |= 1,
        None => {}
    }
    let classes = &sparse.classes;
    let parity = n & 1;
    let mut in_closure = [0u128; 2];
    for (class, bits) in classes.iter().zip(&mut in_closure) {
        let [low, high] = class.low_closure[parity];
        *bits = u128::from(low) | u128::from(high) << 64;
    }
    // Values from 128 on are neither reached nor in a closure: there is a first such value.
    let unreached = !reached;
    let first_beyond = (unreached & !(in_closure[0] | in_closure[1])).trailing_zeros();
    // All 128 values are candidates when every one is reached or in a closure.
    let below = u128::MAX
        .checked_shl(first_beyond)
        .map_or(u128::MAX, |from| !from);
    let candidates = unreached & below;
    if candidates.count_ones() as usize > TARGETS {
        return None;
    }
    let mut targets = [0u16; TARGETS];
    // Per class, the targets its common parts might reach, a bit each.
    let mut reachable = [0u64; 2];
    let mut count = 0;
    // Word by word: shifts of 128 bits take several instructions.
    for (from, shift) in [(0u16, 0), (64, 64)] {
        let mut left = (candidates >> shift) as u64;
        let closures = in_closure.map(|closure| (closure >> shift) as u64);
        while left != 0 {
            let bit = left.trailing_zeros();
            left &= left - 1;
            targets[count] = from + bit as u16;
            for (reachable, closure) in reachable.iter_mut().zip(closures) {
                *reachable |= (closure >> bit & 1) << count;
            }
            count += 1;
        }
    }
    // The first `count` bits; all 64 when there are as many targets.
    let all = u64::MAX.checked_shr(u64::BITS - count as u32).unwrap_or(0);
    let unmet = search_classes(
        (classes, sparse.unequal),
        reachable,
        &targets,
        all,
        values,
        n,
        &mut work,
    );
    // Targets ascend: the least unmet is the value.
    let value = if unmet == 0 {
        first_beyond
    } else {
        u32::from(targets[unmet.trailing_zeros() as usize])
    };
    Some((u64::from(value), work))
}

/// The value of heap `n` by the sparse-space method, given the options from taking.
///
/// The splits with a rare part are all marked. The values left unmarked, in ascending order,
/// are the candidates: the first that no split reaches is the value. A candidate outside every
/// class's closure cannot come from two common parts, so it is the value if every candidate
/// before it is reached. When at most [`TARGETS`] candidates come before it, they are
/// looked for together with vectorized comparisons in the splits of the classes whose closure
/// holds them, each move's splits gone through once, until all are met or the splits run out.
/// With more, the splits are scanned in order marking every value met, which settles many
/// candidates at once, until the candidate turns up (and the next one is tried, the scan
/// going on from where it stopped) or the splits run out.
///
/// (Heaps of 0.106, 0.16 and 0.56 have two to six such candidates, met some 20 to 150 splits
/// in, and looking for them together took a fifth off their time. Up to heap 200,000 of 0.6,
/// three heaps in five have 28 on average, where the search still took a tenth off, and the
/// others more than 64, where marking is faster.)
///
/// The rare splits are marked here, unless `helped`: then the helper thread has marked them,
/// a bit per value.
///
/// Returns the value and the number of splits examined.
fn sparse_value(
    sparse: &mut Sparse,
    options: &mut OptionSet,
    helped: Option<&[u64]>,
    zero: Option<u64>,
    values: &[u16],
    n: usize,
) -> (u64, u64) {
    let mut work = 0;
    let Sparse {
        classes,
        moves,
        all_moves,
        carried,
        rare,
        rare_below,
        cursors,
        unequal,
        ..
    } = sparse;
    let window = if let Some(bits) = helped {
        work += (rare.len() * all_moves.len()) as u64;
        Some(Elsewhere::Helper(bits))
    } else {
        // The rare parts below s = n - j for every move, each with the part that
        // completes the split. Moves go two by two: the second's parts are a prefix of the
        // first's, and one loop over them loads each rare part once for both.
        let (stamps, stamp) = options.narrow();
        for (pair, counts) in moves.chunks(2).zip(rare_below.chunks_mut(2)) {
            let mut sizes = [0; 2];
            for ((&j, below), size) in pair.iter().zip(counts.iter_mut()).zip(&mut sizes) {
                *size = n.saturating_sub(j);
                count_below(rare, below, *size);
                work += *below as u64;
            }
            let [first, second] = sizes;
            let shared = if pair.len() == 2 { counts[1] } else { 0 };
            for part in &rare[..shared] {
                stamps[part.split_value(values, first)] = stamp;
                stamps[part.split_value(values, second)] = stamp;
            }
            for part in &rare[shared..counts[0]] {
                stamps[part.split_value(values, first)] = stamp;
            }
        }
        carried.as_mut().map(|c| {
            let (carried, marked) = c.mark(rare, values, n);
            work += marked;
            carried
        })
    };
    let mut targets = [0u16; TARGETS];
    // Per class, the targets its common parts might reach, a bit each.
    let mut reachable = [0u64; 2];
    let mut count = 0;
    // Candidates from 1 on when 0 is known to be reached.
    let from = match zero {
        Some(0) => return (0, work),
        Some(_) => 1,
        None => 0,
    };
    let mut candidate = next_unreached(options, window, from);
    loop {
        if !classes.iter().any(|class| class.may_reach(candidate, n)) {
            break;
        }
        if count == TARGETS {
            let scan = (classes.as_slice(), *unequal, cursors.as_mut_slice());
            return scan_value(scan, options, window, from, values, n, work);
        }
        for (class, reachable) in classes.iter().zip(&mut reachable) {
            *reachable |= u64::from(class.may_reach(candidate, n)) << count;
        }
        // A candidate in a closure fits in 16 bits, as its extended value fits in 17.
        targets[count] = candidate as u16;
        count += 1;
        candidate = next_unreached(options, window, candidate + 1);
    }
    // The first `count` bits; all 64 when there are as many targets.
    let all = u64::MAX.checked_shr(u64::BITS - count as u32).unwrap_or(0);
    let unmet = search_classes(
        (classes, *unequal),
        reachable,
        &targets,
        all,
        values,
        n,
        &mut work,
    );
    // The least candidate no split reaches.
    let value = (0..count)
        .find(|&t| unmet >> t & 1 == 1)
        .map_or(candidate, |t| u64::from(targets[t]));
    (value, work)
}

/// Looks for the targets whose bits are set in `unmet` in the splits of heap `n`, each in
/// those of the classes whose bit in `reachable` is set, one class's moves after another.
/// Returns the bits of the targets no split meets, and adds the splits gone through to `work`.
///
/// (Inlined into every caller: out of line, the call and its arguments took 4% of 0.106.)
#[allow(
    clippy::inline_always,
    reason = "out of line, the call and its arguments cost more than the search of a heap"
)]
#[inline(always)]
fn search_classes(
    (classes, unequal): (&[ParityClass], bool),
    reachable: [u64; 2],
    targets: &[u16; TARGETS],
    mut unmet: u64,
    values: &[u16],
    n: usize,
    work: &mut u64,
) -> u64 {
    for (class, reachable) in classes.iter().zip(reachable) {
        let mut pending = reachable & unmet;
        for &j in &class.moves {
            if pending == 0 || j + 2 > n {
                break;
            }
            let s = n - j;
            let last = last_part(s, unequal);
            let (left, examined) = find_targets(values, s, 1, last, targets, pending);
            *work += examined as u64;
            unmet &= !(pending & !left);
            pending = left;
        }
    }
    unmet
}

/// Splits marked in the first step of the incremental scan; steps double up to
/// [`MAX_SCAN_CHUNK`], so that a candidate found at once costs little and a long scan checks
/// its candidate rarely. (Checking after every split costs more: the check keeps the marking
/// loop from running free.)
const FIRST_SCAN_CHUNK: usize = 4;
const MAX_SCAN_CHUNK: usize = 64;

/// The value of heap `n` by scanning splits in order and marking every value met, given the
/// marks of the splits with a rare part, in `options` and `window`, the first candidate
/// `from`, and `work` splits examined so far; see [`sparse_value`]. The classes' breaks leave
/// unequal heaps only if `unequal`.
fn scan_value(
    (classes, unequal, cursors): (&[ParityClass], bool, &mut [usize]),
    options: &mut OptionSet,
    window: Option<Elsewhere<'_>>,
    from: u64,
    values: &[u16],
    n: usize,
    mut work: u64,
) -> (u64, u64) {
    // The next split to scan, per move of every class.
    cursors.fill(1);
    let mut candidate = next_unreached(options, window, from);
    'candidates: loop {
        let mut next_cursor = 0;
        for class in classes {
            let first_cursor = next_cursor;
            next_cursor += class.moves.len();
            if !class.may_reach(candidate, n) {
                continue;
            }
            for (&j, cursor) in class
                .moves
                .iter()
                .zip(&mut cursors[first_cursor..next_cursor])
            {
                if j + 2 > n {
                    continue;
                }
                let s = n - j;
                let half = last_part(s, unequal);
                while *cursor <= half {
                    let chunk = (*cursor)
                        .next_power_of_two()
                        .clamp(FIRST_SCAN_CHUNK, MAX_SCAN_CHUNK);
                    let last = (*cursor + chunk - 1).min(half);
                    options.insert_splits_narrow(values, s, *cursor, last, 0);
                    work += (last + 1 - *cursor) as u64;
                    *cursor = last + 1;
                    if options.contains(candidate) {
                        candidate = next_unreached(options, window, candidate + 1);
                        continue 'candidates;
                    }
                }
            }
        }
        return (candidate, work);
    }
}

#[cfg(test)]
mod tests {
    use super::{
        AHEAD, CarriedMarks, RarePart, TARGETS, WideMarks, find_targets, mark_far, mark_far_body,
        mark_far_wide, search_blocks,
    };
    use proptest::prelude::*;

    /// Every compilation of a [`widest_vectors!`](super::widest_vectors) function that this
    /// processor runs, its own choice first, then the baseline's, then the wider ones.
    macro_rules! compilations {
        ($name:ident, $body:ident, $ty:ty, ($($arg:ident),*)) => {{
            let mut all: Vec<$ty> = vec![$name, $body];
            #[cfg(target_arch = "x86_64")]
            {
                use crate::sequence::vectors::{has_avx2, has_avx512};
                if has_avx2() {
                    // SAFETY: the processor has the features the function is compiled for.
                    #[allow(unsafe_code)]
                    all.push(|$($arg),*| unsafe { $name::avx2($($arg),*) });
                }
                if has_avx512() {
                    // SAFETY: as above.
                    #[allow(unsafe_code)]
                    all.push(|$($arg),*| unsafe { $name::avx512($($arg),*) });
                }
            }
            all
        }};
    }

    type Search = fn(&[u16], usize, usize, usize, &[u16; TARGETS], u64) -> (u64, usize);
    type MarkFar = fn(&mut [u32; AHEAD], &[RarePart], &[u16], &[usize], usize);
    type MarkFarWide = fn(&mut WideMarks, &[RarePart], &[u16], &[usize], usize);

    #[test]
    fn carried_marks_take_the_longest_run_of_consecutive_moves() {
        let run = |moves: &[usize]| CarriedMarks::for_moves(moves).map(|c| (c.first, c.len));
        assert_eq!(run(&[1, 2]), Some((1, 2)));
        assert_eq!(run(&[0, 1, 3, 4, 5, 9]), Some((3, 3)));
        assert_eq!(run(&[2, 4, 5]), Some((4, 2)));
        assert_eq!(run(&[1, 3, 5]), None);
        assert_eq!(run(&[7]), None);
        assert_eq!(run(&[]), None);
    }

    proptest! {
        /// The search reports exactly the targets no split reaches, and goes on no further
        /// than the split meeting the last target, in whole blocks and in the rest alike.
        #[test]
        fn find_targets_meets_the_targets_the_splits_reach(
            values in proptest::collection::vec(0u16..16, 2..400),
            first in 1usize..100,
            listed in proptest::collection::vec(0u16..20, 1..=TARGETS),
            pending in any::<u64>(),
        ) {
            let s = values.len() - 1;
            let last = s / 2;
            let mut targets = [0; TARGETS];
            targets[..listed.len()].copy_from_slice(&listed);
            let pending = pending & (u64::MAX >> (TARGETS - listed.len()));
            let met_at = |t: u16| (first..=last).position(|a| values[a] ^ values[s - a] == t);
            let mut want_left = 0;
            let mut furthest = 0;
            for (i, &t) in listed.iter().enumerate().filter(|&(i, _)| pending >> i & 1 == 1) {
                match met_at(t) {
                    Some(at) => furthest = furthest.max(at + 1),
                    None => want_left |= 1 << i,
                }
            }
            let splits = (last + 1).saturating_sub(first);
            for search in compilations!(find_targets, search_blocks, Search, (v, s, f, l, t, p)) {
                let (left, examined) = search(&values, s, first, last, &targets, pending);
                prop_assert_eq!(left, want_left);
                if left == 0 {
                    prop_assert!(furthest <= examined && examined <= splits);
                    prop_assert!(examined < furthest + super::SEARCH_BLOCK);
                } else {
                    prop_assert_eq!(examined, splits);
                }
            }
        }

        /// Marking the far parts' splits of a block of heaps at once marks, for each heap, the
        /// nim-sums of its splits with those parts, one by one: in one word for values below
        /// 32, in two for values below 128.
        #[test]
        fn mark_far_marks_each_heaps_splits_with_the_far_parts(
            values in proptest::collection::vec(0u16..128, 100..300),
            positions in proptest::collection::btree_set(AHEAD..60, 0..12),
            moves in proptest::collection::btree_set(0usize..6, 1..4),
        ) {
            let n0 = values.len();
            let moves: Vec<usize> = moves.into_iter().collect();
            // The nim-sums of heap `n0 + k`'s splits with the parts, for values `values`.
            let splits = |values: &[u16], k: usize| -> Vec<u16> {
                let mut sums = Vec::new();
                for &j in &moves {
                    let s = n0 + k - j;
                    sums.extend(positions.iter().map(|&a| values[a] ^ values[s - a]));
                }
                sums
            };
            let narrow: Vec<u16> = values.iter().map(|v| v % 32).collect();
            let parts = |values: &[u16]| -> Vec<RarePart> {
                positions.iter().map(|&a| RarePart::new(a, values)).collect()
            };
            let mut want = [0u32; AHEAD];
            let mut want_wide = WideMarks::default();
            for k in 0..AHEAD {
                for v in splits(&narrow, k) {
                    want[k] |= 1 << v;
                }
                for v in splits(&values, k) {
                    let word = if v < 64 { &mut want_wide.low } else { &mut want_wide.high };
                    word[k] |= 1 << (v % 64);
                }
            }
            for mark in compilations!(mark_far, mark_far_body, MarkFar, (m, f, v, j, n)) {
                let mut marks = [0u32; AHEAD];
                mark(&mut marks, &parts(&narrow), &narrow, &moves, n0);
                prop_assert_eq!(marks, want);
            }
            for mark in compilations!(mark_far_wide, mark_far_body, MarkFarWide, (m, f, v, j, n)) {
                let mut marks = WideMarks::default();
                mark(&mut marks, &parts(&values), &values, &moves, n0);
                prop_assert_eq!(marks, want_wide);
            }
        }
    }
}
