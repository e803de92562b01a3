//! Bytes of 0 or 1, as vectorized comparisons write them, gathered into the bits of a word.

/// The low bits of 64 bytes, each 0 or 1, as the bits of a word, byte `i` at bit `i`.
///
/// Comparisons written to bytes vectorize; a multiplication then gathers each eight bytes
/// into one, with no branch or variable shift per byte.
#[inline]
pub(crate) fn byte_bits(bytes: &[u8; 64]) -> u64 {
    // Byte k of a word (0 or 1) lands on bit 56 + k of the product, and nothing else there.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    bytes
        .as_chunks::<8>()
        .0
        .iter()
        .enumerate()
        .fold(0, |bits, (w, word)| {
            bits | (u64::from_le_bytes(*word).wrapping_mul(GATHER) >> 56) << (8 * w)
        })
}
