//! The checksum ogsolve prints for a sequence, so that results can be compared with it
//! without printing millions of values.

use super::grundy_values::Sequence;
use crate::Nimber;

/// Fletcher's sums of a run of values: the sum `a` of the values and the sum `b` of the
/// running sums, both modulo 2¹⁶.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Sums {
    a: u16,
    b: u16,
}

impl Sums {
    /// The sums after `values` more.
    fn add(mut self, values: impl IntoIterator<Item = u64>) -> Sums {
        for value in values {
            // Values are taken modulo 2^16, as ogsolve stores them in 16 bits.
            self.a = self.a.wrapping_add(value as u16);
            self.b = self.b.wrapping_add(self.a);
        }
        self
    }

    fn checksum(self) -> u32 {
        u32::from(self.b) << 16 | u32::from(self.a)
    }

    /// The sums after `count` more runs of `len` values whose own sums, from zero, are `run`.
    fn repeat(self, run: Sums, len: usize, count: u64) -> Sums {
        // Run k (from 0) starts with a = self.a + k·run.a, and adds len·(that) + run.b to b:
        // b grows by count·run.b + len·(count·self.a + run.a·count·(count − 1)/2).
        let m = |x: u128| x as u16;
        let count = u128::from(count);
        let len = len as u128;
        let triangle = count * (count.saturating_sub(1)) / 2;
        let a = u128::from(self.a) + count * u128::from(run.a);
        let b = u128::from(self.b)
            + count * u128::from(run.b)
            + len * (count * u128::from(self.a) + triangle * u128::from(run.a));
        Sums { a: m(a), b: m(b) }
    }
}

impl Sequence {
    /// The checksum that ogsolve prints for the values of heaps `0..len`: Fletcher's, with the
    /// sum of the values and the sum of the running sums both modulo 2¹⁶ (values taken modulo
    /// 2¹⁶), the second in the high half. ogsolve prints it in hexadecimal: `{:X}`.
    ///
    /// # Complexity
    ///
    /// O(preperiod + period) once a period is proven, however long the sequence; O(len)
    /// otherwise.
    ///
    /// ```
    /// use sprague::games::Octal;
    /// // ogsolve 0.77 -n 99 prints "checksum: 14E00123".
    /// assert_eq!(format!("{:X}", Octal::kayles().sequence(100)?.checksum()), "44CF0173");
    /// # Ok::<(), sprague::Error>(())
    /// ```
    #[must_use]
    pub fn checksum(&self) -> u32 {
        let len = self.len();
        let values = self.iter().map(Nimber::value);
        let Some(p) = self.period().filter(|p| p.preperiod + p.period < len) else {
            return Sums::default().add(values).checksum();
        };
        // The preperiod, whole periods at once, then the part of a period left.
        let sums = Sums::default().add(values.clone().take(p.preperiod));
        let period: Vec<u64> = values.skip(p.preperiod).take(p.period).collect();
        let run = Sums::default().add(period.iter().copied());
        let count = ((len - p.preperiod) / p.period) as u64;
        let part = (len - p.preperiod) % p.period;
        let sums = sums.repeat(run, p.period, count);
        sums.add(period[..part].iter().copied()).checksum()
    }
}

#[cfg(test)]
mod tests {
    use super::Sums;

    #[test]
    fn repeated_runs_are_the_runs_one_after_another() {
        let run_values = [3u64, 9, 65_535, 2, 40_000];
        let run = Sums::default().add(run_values);
        let start = Sums::default().add([7, 1]);
        for count in [0u64, 1, 2, 3, 1000] {
            let mut one_by_one = start;
            for _ in 0..count {
                one_by_one = one_by_one.add(run_values);
            }
            assert_eq!(
                start.repeat(run, run_values.len(), count),
                one_by_one,
                "{count}"
            );
        }
    }
}
