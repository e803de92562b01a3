//! Marking the values of splits in a table of stamps: what the sequence engine and its helper
//! thread both do, kept apart so that neither imports the other.

/// Splits compared at once by the engine's searches: a block of comparisons without a branch runs as
/// vector instructions.
pub(crate) const SEARCH_BLOCK: usize = 64;

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
pub(crate) fn block_sums(
    l: &[u16; SEARCH_BLOCK],
    h: &[u16; SEARCH_BLOCK],
    xor: u16,
) -> [u16; SEARCH_BLOCK] {
    let mut sums = [0u16; SEARCH_BLOCK];
    for (i, sum) in sums.iter_mut().enumerate() {
        *sum = l[i] ^ h[SEARCH_BLOCK - 1 - i] ^ xor;
    }
    sums
}

/// A rare position and its value, kept together so that enumerating them reads one list.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RarePart {
    pub(crate) at: u32,
    pub(crate) value: u16,
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
    pub(crate) fn split_value(self, values: &[u16], s: usize) -> usize {
        usize::from(self.value ^ values[s - self.at as usize])
    }
}

/// Moves `below` on to the number of rare parts below heap `s`: heaps only grow, so the count
/// only moves forward.
#[inline]
pub(crate) fn count_below(rare: &[RarePart], below: &mut usize, s: usize) {
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
