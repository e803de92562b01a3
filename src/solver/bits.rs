//! Sets of values as bitsets over words, for the search's candidate and requested values.

/// Whether `value` is in `set`.
#[inline]
pub(super) fn contains(set: &[u64], value: u64) -> bool {
    usize::try_from(value / 64)
        .ok()
        .and_then(|word| set.get(word))
        .is_some_and(|w| w & (1 << (value % 64)) != 0)
}

/// Removes `value` from `set`, if it is there.
#[inline]
pub(super) fn remove(set: &mut [u64], value: u64) {
    if let Some(w) = usize::try_from(value / 64)
        .ok()
        .and_then(|word| set.get_mut(word))
    {
        *w &= !(1 << (value % 64));
    }
}

/// The largest value in `set`.
pub(super) fn largest(set: &[u64]) -> Option<u64> {
    let word = set.iter().rposition(|&w| w != 0)?;
    Some(word as u64 * 64 + 63 - u64::from(set[word].leading_zeros()))
}

/// The smallest value in `set`.
pub(super) fn smallest(set: &[u64]) -> Option<u64> {
    let word = set.iter().position(|&w| w != 0)?;
    Some(word as u64 * 64 + u64::from(set[word].trailing_zeros()))
}

/// Removes the largest value of `set`, if any.
pub(super) fn remove_largest(set: &mut [u64]) {
    if let Some(top) = largest(set) {
        remove(set, top);
    }
}

/// Removes `value` from `set` if it is there, else the largest value: how a successor of
/// value `value` narrows the candidates for the value of its parent (see
/// [`Engine`](super::search)).
pub(super) fn remove_or_largest(set: &mut [u64], value: u64) {
    if contains(set, value) {
        remove(set, value);
    } else {
        remove_largest(set);
    }
}

/// Whether `a` and `b` share a value.
pub(super) fn meet(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// The values of `set` up to `up`, but for `skip`, each xored with `x`, into `out` (cleared
/// first), and the largest of them.
pub(super) fn xored(set: &[u64], up: u64, skip: u64, x: u64, out: &mut Vec<u64>) -> Option<u64> {
    out.clear();
    let mut top = None;
    for (word, &w) in set.iter().enumerate() {
        let mut bits = w;
        while bits != 0 {
            let value = word as u64 * 64 + u64::from(bits.trailing_zeros());
            bits &= bits - 1;
            if value > up {
                return top;
            }
            if value == skip {
                continue;
            }
            let image = value ^ x;
            let at = usize::try_from(image / 64).unwrap_or(usize::MAX);
            if at >= out.len() {
                // At most as many words as values below 2^64 / 64 need: the image of a
                // value of `set`, which the caller holds in memory, is as small.
                out.resize(at + 1, 0);
            }
            out[at] |= 1 << (image % 64);
            top = top.max(Some(image));
        }
    }
    top
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets() {
        let mut set = vec![0b1011, 1 << 3];
        assert!(contains(&set, 67) && !contains(&set, 2) && !contains(&set, 1 << 40));
        assert_eq!((smallest(&set), largest(&set)), (Some(0), Some(67)));
        remove_or_largest(&mut set, 2);
        assert_eq!(largest(&set), Some(3));
        remove_or_largest(&mut set, 1);
        assert_eq!(set, [0b1001, 0]);
        let mut out = Vec::new();
        assert_eq!(xored(&[0b1111], 2, 1, 5, &mut out), Some(7));
        assert_eq!(out, [(1 << 5) | (1 << 7)]);
        assert!(meet(&[0b10], &[0b11]) && !meet(&[0b10], &[0b01]));
    }
}
