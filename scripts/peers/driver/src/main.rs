//! The driver of scripts/peers/compare.py: a downstream program that times sprague's public API.
//! usage: driver octal CODE N | period CODE MAX | grid N | cram ROWS COLS (Cram written as a
//! user would) | cramx ROWS COLS (games::Cram) | chomp ROWS COLS | grundys HEAP
use std::time::Instant;

use sprague::games::{Chomp, Cram as ReadyCram, GridCutting, GrundysGame, Octal};
use sprague::{Game, Nimber, Solver};

/// Cram written as a user would: empty cells as bits, split into connected components,
/// each cropped to its bounding box and put in a canonical orientation.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Cram {
    h: u8,
    w: u8,
    empty: u64,
}

impl Cram {
    fn full(h: u8, w: u8) -> Self {
        let n = h as u32 * w as u32;
        Cram { h, w, empty: if n == 64 { u64::MAX } else { (1u64 << n) - 1 } }
    }
    fn bit(&self, r: u8, c: u8) -> u64 {
        1u64 << (r as u32 * self.w as u32 + c as u32)
    }
    fn cells(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (0..self.h).flat_map(move |r| (0..self.w).map(move |c| (r, c))).filter(|&(r, c)| self.empty & self.bit(r, c) != 0)
    }
    fn transformed(&self, t: u8) -> Cram {
        let (h, w) = if t & 4 != 0 { (self.w, self.h) } else { (self.h, self.w) };
        let mut out = Cram { h, w, empty: 0 };
        for (r, c) in self.cells() {
            let (mut r2, mut c2) = if t & 4 != 0 { (c, r) } else { (r, c) };
            if t & 1 != 0 { r2 = h - 1 - r2; }
            if t & 2 != 0 { c2 = w - 1 - c2; }
            out.empty |= out.bit(r2, c2);
        }
        out
    }
    fn canonical(self) -> Cram {
        (0..8).map(|t| self.transformed(t)).min().unwrap()
    }
}

impl Game for Cram {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let mut out = Vec::new();
        for (r, c) in self.cells() {
            if c + 1 < self.w && self.empty & self.bit(r, c + 1) != 0 {
                out.push(Cram { empty: self.empty & !self.bit(r, c) & !self.bit(r, c + 1), ..*self });
            }
            if r + 1 < self.h && self.empty & self.bit(r + 1, c) != 0 {
                out.push(Cram { empty: self.empty & !self.bit(r, c) & !self.bit(r + 1, c), ..*self });
            }
        }
        out
    }
    fn split(&self) -> impl IntoIterator<Item = Self> {
        let mut left = self.empty;
        let mut parts = Vec::new();
        while left != 0 {
            let start = left.trailing_zeros();
            let mut comp = 0u64;
            let mut stack = vec![start];
            left &= !(1u64 << start);
            while let Some(i) = stack.pop() {
                comp |= 1u64 << i;
                let (r, c) = ((i / self.w as u32) as u8, (i % self.w as u32) as u8);
                let mut push = |r2: u8, c2: u8| {
                    let b = r2 as u32 * self.w as u32 + c2 as u32;
                    if left & (1u64 << b) != 0 {
                        left &= !(1u64 << b);
                        stack.push(b);
                    }
                };
                if r > 0 { push(r - 1, c); }
                if r + 1 < self.h { push(r + 1, c); }
                if c > 0 { push(r, c - 1); }
                if c + 1 < self.w { push(r, c + 1); }
            }
            if comp.count_ones() < 2 {
                continue;
            }
            let part = Cram { empty: comp, ..*self };
            let (r0, r1) = part.cells().fold((u8::MAX, 0), |(a, b), (r, _)| (a.min(r), b.max(r)));
            let (c0, c1) = part.cells().fold((u8::MAX, 0), |(a, b), (_, c)| (a.min(c), b.max(c)));
            let mut crop = Cram { h: r1 - r0 + 1, w: c1 - c0 + 1, empty: 0 };
            for (r, c) in part.cells() {
                crop.empty |= crop.bit(r - r0, c - c0);
            }
            parts.push(crop.canonical());
        }
        parts
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).cloned().unwrap_or_else(|| panic!("missing argument {i}"));
    let t = Instant::now();
    match arg(1).as_str() {
        "octal" => {
            let g: Octal = arg(2).parse().expect("octal code");
            let n: usize = arg(3).parse().unwrap();
            let seq = g.sequence(n + 1).expect("sequence");
            let h = seq.iter().fold(0u64, |x, v| x.wrapping_mul(1000003).wrapping_add(v.value() + 1));
            println!("g({n}) = {} hash {h}", seq.get(n).unwrap().value());
        }
        "period" => {
            let g: Octal = arg(2).parse().expect("octal code");
            let max: usize = arg(3).parse().unwrap();
            match g.period(max).expect("period") {
                Some(p) => println!("preperiod {} period {}", p.preperiod, p.period),
                None => println!("no period within {max}"),
            }
        }
        "grid" => {
            let n: u32 = arg(2).parse().unwrap();
            let mut solver = Solver::new();
            let (mut lose, mut sum) = (0u64, 0u64);
            for w in 2..=n {
                for h in 2..=n {
                    let v = solver.grundy(&GridCutting::new(w, h).with_min_side(2)).expect("grid").value();
                    lose += (v == 0) as u64;
                    sum += v;
                }
            }
            println!("{lose} {sum}");
        }
        "cram" => {
            let (r, c): (u8, u8) = (arg(2).parse().unwrap(), arg(3).parse().unwrap());
            let mut solver = Solver::new();
            let v: Nimber = solver.grundy(&Cram::full(r, c)).expect("cram");
            println!("Nimber of {r}x{c}: {}", v.value());
        }
        "cramx" => {
            let (r, c): (u32, u32) = (arg(2).parse().unwrap(), arg(3).parse().unwrap());
            let v = Solver::new().grundy(&ReadyCram::new(r, c).expect("board")).expect("cram");
            println!("Nimber of {r}x{c}: {}", v.value());
        }
        "chomp" => {
            let (r, c): (u32, u32) = (arg(2).parse().unwrap(), arg(3).parse().unwrap());
            let v = Solver::new().grundy(&Chomp::new(r, c).expect("board")).expect("chomp");
            println!("Nimber of {r}x{c}: {}", v.value());
        }
        "grundys" => {
            let heap: u64 = arg(2).parse().unwrap();
            let v = GrundysGame::new().grundy(heap).expect("grundy's game");
            println!("Nimber of initial position: {}", v.value());
        }
        other => panic!("unknown task {other}"),
    }
    eprintln!("driver: {:.3} s", t.elapsed().as_secs_f64());
}
