//! Nimbers: the values of impartial games, with nim-addition, nim-multiplication and `mex`.
//!
//! The nimbers below 2<sup>2<sup>k</sup></sup> form a field of that order (Conway, *On Numbers
//! and Games*, ch. 6). Addition is bitwise exclusive or; multiplication is defined recursively
//! by the *Fermat 2-powers* F = 2<sup>2<sup>k</sup></sup>: a number below F times F is their
//! ordinary product, and F ⊗ F = F ⊕ F/2. [`Nimber`] implements the whole field of 64-bit
//! nimbers.

use std::fmt;
use std::iter::{Product, Sum};
use std::ops::{Add, AddAssign, BitXor, BitXorAssign, Mul, MulAssign, Sub, SubAssign};
use std::str::FromStr;

use smallvec::SmallVec;

use crate::Error;

/// The value of an impartial game: a nimber `*n`.
///
/// By the Sprague–Grundy theorem every finite impartial game under normal play is equivalent
/// to a Nim heap of some size `n`; that size is its nimber, written `*n` (`0` for `*0`, `*` for
/// `*1`). A position is a loss for the player to move exactly when its nimber is `0`.
///
/// The arithmetic is that of the nimber field on 64 bits:
/// - `+` and `^` are the **nim-sum** (bitwise exclusive or): the value of a sum of games;
///   `-` is the same operation, since every nimber is its own negative;
/// - `*` is the **nim-product**, which makes the 64-bit nimbers a field of order 2<sup>64</sup>
///   ([`Nimber::inverse`] gives inverses).
///
/// # Examples
///
/// ```
/// use sprague::Nimber;
///
/// let (a, b) = (Nimber::new(5), Nimber::new(3));
/// assert_eq!(a + b, Nimber::new(6));           // 101 xor 011
/// assert_eq!(Nimber::new(2) * Nimber::new(3), Nimber::new(1));
/// assert_eq!(Nimber::new(16) * Nimber::new(16), Nimber::new(24));
/// assert_eq!(format!("{} {} {}", Nimber::new(0), Nimber::new(1), a), "0 * *5");
/// let total: Nimber = [1, 2, 4].into_iter().map(Nimber::new).sum();
/// assert_eq!(total.value(), 7);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Nimber(u64);

impl Nimber {
    /// The nimber `0`: the value of every second-player win.
    ///
    /// ```
    /// use sprague::Nimber;
    /// assert_eq!(Nimber::ZERO, Nimber::new(0));
    /// assert_eq!(Nimber::new(5) + Nimber::new(5), Nimber::ZERO);
    /// ```
    pub const ZERO: Nimber = Nimber(0);
    /// The nimber `*` (`*1`): the multiplicative identity.
    ///
    /// ```
    /// use sprague::Nimber;
    /// assert_eq!(Nimber::STAR * Nimber::new(7), Nimber::new(7));
    /// assert_eq!(Nimber::STAR.to_string(), "*");
    /// ```
    pub const STAR: Nimber = Nimber(1);

    /// The nimber `*value`.
    ///
    /// ```
    /// assert_eq!(sprague::Nimber::new(7).value(), 7);
    /// ```
    #[must_use]
    pub const fn new(value: u64) -> Self {
        Nimber(value)
    }

    /// The size of the equivalent Nim heap.
    ///
    /// ```
    /// assert_eq!(sprague::Nimber::from(9u64).value(), 9);
    /// ```
    #[must_use]
    pub const fn value(self) -> u64 {
        self.0
    }

    /// Whether this is `0`, the value of positions the player to move loses.
    ///
    /// ```
    /// use sprague::Nimber;
    /// assert!(Nimber::ZERO.is_zero() && !Nimber::STAR.is_zero());
    /// ```
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// `self` nim-multiplied by itself `exp` times (`*1` for `exp == 0`).
    ///
    /// # Complexity
    ///
    /// O(log `exp`) nim-products.
    ///
    /// ```
    /// use sprague::Nimber;
    /// let x = Nimber::new(2);
    /// assert_eq!(x.pow(2), Nimber::new(3));
    /// assert_eq!(x.pow(3), x * x * x);
    /// ```
    #[must_use]
    pub fn pow(self, mut exp: u64) -> Nimber {
        let (mut base, mut acc) = (self, Nimber::STAR);
        while exp > 0 {
            if exp & 1 == 1 {
                acc *= base;
            }
            base *= base;
            exp >>= 1;
        }
        acc
    }

    /// The multiplicative inverse in the field of 64-bit nimbers, or `None` for `0`.
    ///
    /// Computed as `self`<sup>2<sup>64</sup>−2</sup> (Fermat's little theorem in a field of
    /// order 2<sup>64</sup>).
    ///
    /// # Complexity
    ///
    /// 127 nim-products.
    ///
    /// ```
    /// use sprague::Nimber;
    /// let x = Nimber::new(0xdead_beef);
    /// assert_eq!(x * x.inverse().unwrap(), Nimber::STAR);
    /// assert_eq!(Nimber::ZERO.inverse(), None);
    /// ```
    #[must_use]
    pub fn inverse(self) -> Option<Nimber> {
        (!self.is_zero()).then(|| self.pow(u64::MAX - 1))
    }
}

impl From<u64> for Nimber {
    fn from(value: u64) -> Self {
        Nimber(value)
    }
}

impl From<Nimber> for u64 {
    fn from(n: Nimber) -> Self {
        n.0
    }
}

impl fmt::Display for Nimber {
    /// `0`, `*` or `*n`, the usual notation of combinatorial game theory.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.pad("0"),
            1 => f.pad("*"),
            n => f.pad(&format!("*{n}")),
        }
    }
}

impl FromStr for Nimber {
    type Err = Error;

    /// Reads the notation [`Display`](fmt::Display) writes, `0`, `*` and `*5`, and also a bare
    /// heap size such as `5`. Spaces around the text are ignored.
    ///
    /// # Errors
    ///
    /// [`Error::Parse`] for anything else, or a size above `u64::MAX`.
    ///
    /// ```
    /// use sprague::Nimber;
    ///
    /// assert_eq!("*5".parse::<Nimber>()?, Nimber::new(5));
    /// assert_eq!("*".parse::<Nimber>()?, Nimber::STAR);
    /// assert_eq!("0".parse::<Nimber>()?, Nimber::ZERO);
    /// assert_eq!("12".parse::<Nimber>()?, Nimber::new(12));
    /// assert!("*-1".parse::<Nimber>().is_err());
    /// # Ok::<(), sprague::Error>(())
    /// ```
    fn from_str(text: &str) -> Result<Self, Error> {
        let error = |reason| Error::parse("a nimber", text, reason);
        let trimmed = text.trim();
        let digits = match trimmed.strip_prefix('*') {
            Some("") => return Ok(Nimber::STAR),
            Some(rest) => rest,
            None => trimmed,
        };
        if digits.is_empty() {
            return Err(error("it is empty"));
        }
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error(
                "a nimber is 0, * or * followed by a number, such as *5",
            ));
        }
        digits
            .parse()
            .map(Nimber)
            .map_err(|_| error("the number is larger than 2^64 - 1"))
    }
}

// Nim-addition is exclusive or, and so is nim-subtraction: every nimber is its own negative.
macro_rules! nim_sum_ops {
    ($($tr:ident $method:ident $tr_assign:ident $method_assign:ident),*) => {$(
        #[allow(clippy::suspicious_arithmetic_impl)]
        impl $tr for Nimber {
            type Output = Nimber;
            fn $method(self, rhs: Nimber) -> Nimber {
                Nimber(self.0 ^ rhs.0)
            }
        }
        #[allow(clippy::suspicious_op_assign_impl)]
        impl $tr_assign for Nimber {
            fn $method_assign(&mut self, rhs: Nimber) {
                self.0 ^= rhs.0;
            }
        }
    )*};
}
nim_sum_ops!(
    Add add AddAssign add_assign,
    Sub sub SubAssign sub_assign,
    BitXor bitxor BitXorAssign bitxor_assign
);

impl Mul for Nimber {
    type Output = Nimber;
    fn mul(self, rhs: Nimber) -> Nimber {
        Nimber(nim_mul64(self.0, rhs.0))
    }
}

impl MulAssign for Nimber {
    fn mul_assign(&mut self, rhs: Nimber) {
        *self = *self * rhs;
    }
}

impl Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, Add::add)
    }
}

impl<'a> Sum<&'a Nimber> for Nimber {
    fn sum<I: Iterator<Item = &'a Nimber>>(iter: I) -> Nimber {
        iter.copied().sum()
    }
}

impl Product for Nimber {
    fn product<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::STAR, Mul::mul)
    }
}

impl<'a> Product<&'a Nimber> for Nimber {
    fn product<I: Iterator<Item = &'a Nimber>>(iter: I) -> Nimber {
        iter.copied().product()
    }
}

/// The minimal excludant: the least nimber not in `values`.
///
/// This is the rule that defines Grundy values: a position is worth the mex of the values of
/// its options. Duplicates and values in any order are fine.
///
/// # Complexity
///
/// O(n) time and O(n) bits of space for n values: values of n or more cannot be the mex, so a
/// bitset of n + 1 bits is marked and scanned. No sorting.
///
/// # Examples
///
/// ```
/// use sprague::{mex, Nimber};
/// let n = Nimber::new;
/// assert_eq!(mex([0, 1, 4, 5].map(n)), n(2));
/// assert_eq!(mex([2, 3, 5].map(n)), n(0));
/// assert_eq!(mex([]), n(0));
/// ```
pub fn mex(values: impl IntoIterator<Item = Nimber>) -> Nimber {
    let values: SmallVec<[u64; 32]> = values.into_iter().map(Nimber::value).collect();
    Nimber(mex_u64(&values, &mut Vec::new()))
}

/// The mex of `values`, using `seen` as scratch space (its capacity is kept for reuse).
pub(crate) fn mex_u64(values: &[u64], seen: &mut Vec<u64>) -> u64 {
    let n = values.len();
    seen.clear();
    seen.resize(n / 64 + 1, 0);
    for &v in values {
        if v < n as u64 {
            seen[(v / 64) as usize] |= 1 << (v % 64);
        }
    }
    first_zero_bit(seen)
}

/// The index of the lowest clear bit of a bitset whose last word has a clear bit.
pub(crate) fn first_zero_bit(words: &[u64]) -> u64 {
    let mut base = 0;
    for &w in words {
        if w != u64::MAX {
            return base + u64::from(w.trailing_ones());
        }
        base += 64;
    }
    base
}

// --- nim-multiplication -------------------------------------------------------------------
//
// Karatsuba on halves: with F the Fermat 2-power splitting x = x1·F + x0 and H = F/2 (so that
// F ⊗ F = F ⊕ H),
//   x ⊗ y = ((x0⊕x1)⊗(y0⊕y1) ⊕ x0⊗y0)·F ⊕ (x0⊗y0 ⊕ (x1⊗y1)⊗H),
// three half-size products instead of four. Products of bytes come from a 64 KiB table built
// at compile time, so a 64-bit product costs 27 table lookups and some shifts.

/// Nim-product of `a, b < 2^bits` by the definition; only used to build the byte table.
const fn nim_mul_slow(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let h = bits / 2;
    let mask = (1u64 << h) - 1;
    let (a1, a0, b1, b0) = (a >> h, a & mask, b >> h, b & mask);
    let c0 = nim_mul_slow(a0, b0, h);
    let c2 = nim_mul_slow(a1, b1, h);
    let c1 = nim_mul_slow(a0 ^ a1, b0 ^ b1, h);
    let lo = c0 ^ nim_mul_slow(c2, 1 << (h - 1), h);
    ((c1 ^ c0) << h) | lo
}

const fn build_nibble_table() -> [[u8; 16]; 16] {
    let mut t = [[0u8; 16]; 16];
    let mut a = 0;
    while a < 16 {
        let mut b = 0;
        while b < 16 {
            t[a][b] = nim_mul_slow(a as u64, b as u64, 4) as u8;
            b += 1;
        }
        a += 1;
    }
    t
}

const NIBBLE_PRODUCTS: [[u8; 16]; 16] = build_nibble_table();

// Evaluated at compile time only.
#[allow(clippy::large_stack_arrays)]
const fn build_byte_table() -> [[u8; 256]; 256] {
    let t4 = &NIBBLE_PRODUCTS;
    let mut t = [[0u8; 256]; 256];
    let mut a = 0;
    while a < 256 {
        let mut b = 0;
        while b < 256 {
            let (a1, a0, b1, b0) = (a >> 4, a & 15, b >> 4, b & 15);
            let c0 = t4[a0][b0];
            let c2 = t4[a1][b1];
            let c1 = t4[a0 ^ a1][b0 ^ b1];
            let lo = c0 ^ t4[c2 as usize][8];
            t[a][b] = ((c1 ^ c0) << 4) | lo;
            b += 1;
        }
        a += 1;
    }
    t
}

static BYTE_PRODUCTS: [[u8; 256]; 256] = build_byte_table();

#[inline]
fn mul8(a: u64, b: u64) -> u64 {
    u64::from(BYTE_PRODUCTS[a as usize][b as usize])
}

/// `z ⊗ 2^7` for a byte `z`.
#[inline]
fn half8(z: u64) -> u64 {
    u64::from(BYTE_PRODUCTS[z as usize][0x80])
}

/// One Karatsuba level: the product of `a, b < 2^(2h)` from products of `h`-bit halves.
macro_rules! karatsuba_level {
    ($mul:ident, $half:ident, $sub_mul:ident, $sub_half:ident, $h:expr) => {
        #[inline]
        fn $mul(a: u64, b: u64) -> u64 {
            const MASK: u64 = (1 << $h) - 1;
            let (a1, a0, b1, b0) = (a >> $h, a & MASK, b >> $h, b & MASK);
            let c0 = $sub_mul(a0, b0);
            let c2 = $sub_mul(a1, b1);
            let c1 = $sub_mul(a0 ^ a1, b0 ^ b1);
            ((c1 ^ c0) << $h) | (c0 ^ $sub_half(c2))
        }

        /// `z ⊗ 2^(2h - 1)`: with F = 2^h and G = F/2, z ⊗ F ⊗ G expands to
        /// ((z1 ⊕ z0) ⊗ G)·F ⊕ z1 ⊗ G ⊗ G.
        #[inline]
        fn $half(z: u64) -> u64 {
            const MASK: u64 = (1 << $h) - 1;
            let (z1, z0) = (z >> $h, z & MASK);
            ($sub_half(z1 ^ z0) << $h) | $sub_half($sub_half(z1))
        }
    };
}

karatsuba_level!(mul16, half16, mul8, half8, 8);
karatsuba_level!(mul32, half32, mul16, half16, 16);

fn nim_mul64(a: u64, b: u64) -> u64 {
    const MASK: u64 = (1 << 32) - 1;
    let (a1, a0, b1, b0) = (a >> 32, a & MASK, b >> 32, b & MASK);
    let c0 = mul32(a0, b0);
    let c2 = mul32(a1, b1);
    let c1 = mul32(a0 ^ a1, b0 ^ b1);
    ((c1 ^ c0) << 32) | (c0 ^ half32(c2))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn n(v: u64) -> Nimber {
        Nimber::new(v)
    }

    /// The nim-product straight from Conway's definition, a ⊗ b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b'},
    /// for small arguments: an independent check of the table and the Karatsuba levels.
    fn product_by_definition(limit: usize) -> Vec<Vec<u64>> {
        let mut t = vec![vec![0u64; limit]; limit];
        for a in 0..limit {
            for b in 0..limit {
                let mut options = Vec::new();
                for a2 in 0..a {
                    for b2 in 0..b {
                        options.push(t[a2][b] ^ t[a][b2] ^ t[a2][b2]);
                    }
                }
                t[a][b] = mex(options.into_iter().map(n)).value();
            }
        }
        t
    }

    #[test]
    fn product_agrees_with_conways_definition() {
        let t = product_by_definition(64);
        for (a, row) in t.iter().enumerate() {
            for (b, &want) in row.iter().enumerate() {
                assert_eq!((n(a as u64) * n(b as u64)).value(), want, "{a} * {b}");
            }
        }
    }

    #[test]
    fn known_products() {
        assert_eq!(n(2) * n(2), n(3));
        assert_eq!(n(2) * n(3), n(1));
        assert_eq!(n(4) * n(4), n(6));
        assert_eq!(n(8) * n(8), n(13));
        assert_eq!(n(16) * n(16), n(24));
        assert_eq!(n(256) * n(256), n(256 + 128));
        // Fermat 2-powers square to 3/2 of themselves, and multiply smaller numbers plainly.
        assert_eq!(n(1 << 32) * n(1 << 32), n(3 << 31));
        assert_eq!(n(1 << 16) * n(12345), n(12345 << 16));
        assert_eq!(n(1 << 32) * n(0xdead_beef), n(0xdead_beef << 32));
    }

    #[test]
    fn mex_examples() {
        assert_eq!(mex([0, 1, 4, 5].map(n)), n(2));
        assert_eq!(mex([2, 3, 5].map(n)), n(0));
        assert_eq!(mex((0..1000).rev().map(n)), n(1000));
        assert_eq!(mex([u64::MAX, 0, 0, 1].map(n)), n(2));
        assert_eq!(mex(std::iter::empty()), n(0));
    }

    #[test]
    fn display() {
        assert_eq!(
            format!("{}|{}|{}|{:>4}|", n(0), n(1), n(42), n(3)),
            "0|*|*42|  *3|"
        );
    }

    proptest! {
        #[test]
        fn product_is_associative(a: u64, b: u64, c: u64) {
            prop_assert_eq!((n(a) * n(b)) * n(c), n(a) * (n(b) * n(c)));
        }

        #[test]
        fn product_distributes_over_sum(a: u64, b: u64, c: u64) {
            prop_assert_eq!(n(a) * (n(b) + n(c)), n(a) * n(b) + n(a) * n(c));
        }

        #[test]
        fn product_commutes_and_has_identity(a: u64, b: u64) {
            prop_assert_eq!(n(a) * n(b), n(b) * n(a));
            prop_assert_eq!(n(a) * Nimber::STAR, n(a));
            prop_assert_eq!(n(a) * Nimber::ZERO, Nimber::ZERO);
        }

        #[test]
        fn nonzero_nimbers_have_inverses(a in 1u64..) {
            let inv = n(a).inverse().unwrap();
            prop_assert_eq!(n(a) * inv, Nimber::STAR);
        }

        #[test]
        fn subfields_are_closed(a in 0u64..1 << 16, b in 0u64..1 << 16) {
            prop_assert!((n(a) * n(b)).value() < 1 << 16);
        }

        #[test]
        fn mex_is_least_missing(values in proptest::collection::vec(0u64..40, 0..60)) {
            let m = mex(values.iter().copied().map(n)).value();
            prop_assert!(!values.contains(&m));
            prop_assert!((0..m).all(|v| values.contains(&v)));
        }
    }
}
