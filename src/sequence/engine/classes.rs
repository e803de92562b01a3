//! Common and rare classes of values, refined by parity (Flammenkamp's extended values).

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
pub(super) struct ParityClass {
    pub(super) d: usize,
    /// Tokens removed by this class's breaks, ascending.
    pub(super) moves: Vec<usize>,
    pub(super) kind: ClassKind,
    /// For a greedy class, whether each extended value is a member,
    pub(super) members: Vec<bool>,
    /// and the members, ascending (none for an affine class).
    pub(super) greedy_members: Vec<usize>,
    /// Common extended values seen so far.
    pub(super) seen_common: Vec<usize>,
    pub(super) closure: Vec<bool>,
    /// The closure's values below 128, a bit each in two words (below 64, from 64 on), for
    /// positions of even and of odd size.
    pub(super) low_closure: [[u64; 2]; 2],
    /// The number of positions (at least 1) whose extended value is not common,
    pub(super) rare: usize,
    /// and that number at the last rebuild.
    pub(super) rare_at_rebuild: usize,
}

/// How a class says which values are common.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum ClassKind {
    /// `{e : parity(e & mask) = b}`.
    Affine { mask: usize, b: u64 },
    /// The values marked in `members`.
    Greedy,
}

/// Extended values of 16-bit values and a parity bit.
pub(super) const EXTENDED: usize = 1 << 17;

impl ParityClass {
    pub(super) fn new(d: usize, moves: Vec<usize>) -> Self {
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
    pub(super) fn rebuild(&mut self, counts: &[u64]) -> bool {
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
    pub(super) fn may_reach(&self, candidate: u64, n: usize) -> bool {
        let ext = ((candidate as usize) << 1) | (n & 1);
        ext < EXTENDED && self.closure[ext]
    }

    #[inline]
    pub(super) fn is_common(&self, e: usize) -> bool {
        match self.kind {
            ClassKind::Affine { mask, b } => parity(e & mask) == b,
            ClassKind::Greedy => self.members[e],
        }
    }

    /// The most frequent values, each kept when it and the nim-sums it adds stay clear of the
    /// class; and the number of positions left rare.
    pub(super) fn greedy_class(&self, counts: &[u64]) -> (Vec<usize>, u64) {
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
    pub(super) fn best_affine_class(&self, counts: &[u64], total: u64) -> (usize, u64, u64) {
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
    pub(super) fn record(&mut self, e: usize, count: u64) -> bool {
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
    pub(super) fn add_common(&mut self, e: usize) {
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
pub(super) fn values_below(top: usize) -> usize {
    (top + 1).next_power_of_two().max(2)
}

/// The parity of the number of bits set.
pub(super) fn parity(x: usize) -> u64 {
    u64::from(x.count_ones() & 1)
}

#[inline]
pub(super) fn extended(value: u16, position: usize) -> usize {
    (usize::from(value) << 1) | (position & 1)
}
