//! Cram as a user writes it, for the tests and benches of the solver with a costly split
//! (a flood fill and a crop per component, as a first attempt at the game would do).

use sprague::Game;

/// Cram as a user writes it: the empty cells of an `h` x `w` board as bits; a move fills two
/// adjacent empty cells; components are the connected regions, each cropped to its bounding
/// box (not otherwise made canonical).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cram {
    h: u8,
    w: u8,
    empty: u64,
}

impl Cram {
    /// The empty `h` x `w` board.
    pub fn full(h: u8, w: u8) -> Self {
        Cram {
            h,
            w,
            empty: (1u64 << (h * w)) - 1,
        }
    }

    fn bit(&self, r: u8, c: u8) -> u64 {
        1 << (r * self.w + c)
    }

    fn neighbours(&self, i: u8) -> impl Iterator<Item = u8> + '_ {
        let (r, c) = (i / self.w, i % self.w);
        [
            (r > 0).then(|| i - self.w),
            (r + 1 < self.h).then(|| i + self.w),
            (c > 0).then(|| i - 1),
            (c + 1 < self.w).then(|| i + 1),
        ]
        .into_iter()
        .flatten()
    }
}

impl Game for Cram {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let mut out = Vec::new();
        for r in 0..self.h {
            for c in 0..self.w {
                let here = self.bit(r, c);
                for there in [
                    (c + 1 < self.w).then(|| self.bit(r, c + 1)),
                    (r + 1 < self.h).then(|| self.bit(r + 1, c)),
                ]
                .into_iter()
                .flatten()
                {
                    if self.empty & here != 0 && self.empty & there != 0 {
                        out.push(Cram {
                            empty: self.empty & !here & !there,
                            ..*self
                        });
                    }
                }
            }
        }
        out
    }

    fn split(&self) -> impl IntoIterator<Item = Self> {
        let mut left = self.empty;
        let mut parts = Vec::new();
        while left != 0 {
            let mut region = 0u64;
            let mut todo = vec![left.trailing_zeros() as u8];
            while let Some(i) = todo.pop() {
                if left & (1 << i) != 0 {
                    left &= !(1 << i);
                    region |= 1 << i;
                    todo.extend(self.neighbours(i));
                }
            }
            if region.count_ones() < 2 {
                continue;
            }
            let cells = || (0..self.h * self.w).filter(move |&i| region & (1 << i) != 0);
            let (r0, r1) = cells().fold((u8::MAX, 0), |(a, b), i| {
                (a.min(i / self.w), b.max(i / self.w))
            });
            let (c0, c1) = cells().fold((u8::MAX, 0), |(a, b), i| {
                (a.min(i % self.w), b.max(i % self.w))
            });
            let mut crop = Cram {
                h: r1 - r0 + 1,
                w: c1 - c0 + 1,
                empty: 0,
            };
            for i in cells() {
                crop.empty |= crop.bit(i / self.w - r0, i % self.w - c0);
            }
            parts.push(crop);
        }
        parts
    }
}
