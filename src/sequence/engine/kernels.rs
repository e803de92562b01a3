//! The kernels: the plain scan, and the searches for values two common parts may reach.

use super::ahead::WideMarks;
use super::classes::ParityClass;
use super::options::{Elsewhere, OptionSet, next_unreached};
use super::rare::Sparse;
use crate::sequence::marking::{SEARCH_BLOCK, block_sums, count_below};
use crate::sequence::rules::{TakeBreak, last_part};
use crate::sequence::vectors::widest_vectors;

/// The options of heap `n` that take tokens without breaking the heap, a bit each: for values
/// below the bits of `W`.
pub(super) fn take_bits<W: From<bool> + std::ops::Shl<u64, Output = W> + std::ops::BitOrAssign>(
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
pub(super) fn insert_takes<T: Copy + Into<u64>>(
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
pub(super) trait Cells {
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
pub(super) fn plain_breaks<C: Cells + ?Sized>(
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

/// The most candidates looked for at once, one bit each of a `u64`.
pub(super) const TARGETS: usize = 64;

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
    /// The comparisons run on the widest vector instructions the processor has (AVX-512,
    /// AVX2, or the SSE2 that every x86-64 processor has).
    ///
    /// (Kept out of line: inlined into its callers, the search loop compiles worse.)
    pub(super) fn find_targets(
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
pub(super) fn search_blocks(
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
pub(super) const SMALL_TOP: usize = 64;

/// Each value below 64 as the target of its own bit.
pub(super) const VALUES_BELOW_64: [u16; TARGETS] = {
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
/// [`zero_override`](super::zero_override) settles it; compiled apart, so that other games pay nothing for it.
///
/// Returns the value and the number of splits examined.
pub(super) fn small_sparse_value<const UNEQUAL: bool>(
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
pub(super) const WIDE_TOP: usize = 256;

/// The value of heap `n` by the sparse-space method while every value so far is below 128,
/// given the options from taking, a bit each in `reached`: [`small_sparse_value`] with the
/// option values in two words, and the candidates listed as targets; `None` when there are
/// more than [`TARGETS`] of them.
///
/// (0.56, whose values reach 64, had found its candidates one value at a time, and marked every
/// rare split one at a time.)
///
/// Returns the value and the number of splits examined.
pub(super) fn wide_sparse_value(
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
/// in, where looking for them together pays; with more than 64, marking is faster. The
/// figures are in BENCHMARKS.md.)
///
/// The rare splits are marked here, unless `helped`: then the helper thread has marked them,
/// a bit per value.
///
/// Returns the value and the number of splits examined.
pub(super) fn sparse_value(
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
/// (Inlined into every caller: out of line, passing its arguments costs more than its work
/// on small heaps.)
#[allow(
    clippy::inline_always,
    reason = "out of line, the call and its arguments cost more than the search of a heap"
)]
#[inline(always)]
pub(super) fn search_classes(
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
pub(super) const FIRST_SCAN_CHUNK: usize = 4;
pub(super) const MAX_SCAN_CHUNK: usize = 64;

/// The value of heap `n` by scanning splits in order and marking every value met, given the
/// marks of the splits with a rare part, in `options` and `window`, the first candidate
/// `from`, and `work` splits examined so far; see [`sparse_value`]. The classes' breaks leave
/// unequal heaps only if `unequal`.
pub(super) fn scan_value(
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
