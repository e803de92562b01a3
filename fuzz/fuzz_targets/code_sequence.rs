//! The octal-code parser and the sequence engine on short lengths, against the definition.
//!
//! Input: one byte for the length, then the code as text. Every code either parses, prints
//! back to itself and values heaps as the definition does, or is refused with a position
//! inside the code.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sprague::games::Octal;
use sprague::{Error, Nimber};

/// The values of heaps `0..len` by the definition: digit d_j of the code allows removing j
/// tokens and leaving no heap (bit 1, the whole heap), one (2), two (4) or three (8) heaps.
fn by_definition(digits: &[u8], len: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(len);
    for n in 0..len {
        let mut seen = std::collections::HashSet::new();
        let mut mark = |v: u64| {
            seen.insert(v);
        };
        for (j, &d) in digits.iter().enumerate() {
            if j > n {
                break;
            }
            let rest = n - j;
            if d & 1 != 0 && rest == 0 && j > 0 {
                mark(0);
            }
            if d & 2 != 0 && rest >= 1 && j > 0 {
                mark(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    if a <= rest - a {
                        mark(g[a] ^ g[rest - a]);
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..rest {
                    for b in a..rest {
                        let c = rest.saturating_sub(a + b);
                        if c >= b && a + b + c == rest {
                            mark(g[a] ^ g[b] ^ g[c]);
                        }
                    }
                }
            }
        }
        g.push(
            (0..)
                .find(|v| !seen.contains(v))
                .expect("a value is missing"),
        );
    }
    g
}

fuzz_target!(|data: &[u8]| {
    let Some((&len, code)) = data.split_first() else {
        return;
    };
    let Ok(code) = std::str::from_utf8(code) else {
        return;
    };
    let game: Octal = match code.parse() {
        Ok(game) => game,
        Err(Error::InvalidCode { position, .. }) => {
            assert!(position <= code.chars().count(), "{code:?} at {position}");
            return;
        }
        Err(e) => panic!("{code:?}: unexpected error {e}"),
    };
    let shown = game.to_string();
    assert_eq!(
        shown.parse::<Octal>().ok().as_ref(),
        Some(&game),
        "{code:?}"
    );
    let three = game.digits().iter().any(|d| d & 8 != 0);
    let len = usize::from(len) % if three { 40 } else { 150 };
    let seq = game.sequence(len).expect("a short sequence");
    let values: Vec<u64> = seq.iter().map(Nimber::value).collect();
    assert_eq!(values, by_definition(game.digits(), len), "{code:?}");
    if let Some(p) = seq.period() {
        for n in p.preperiod..len {
            assert_eq!(values[n], values[p.index(n as u64)], "{code:?} {p:?}");
        }
    }
    if len > 0 {
        let last = len as u64 - 1;
        assert_eq!(game.grundy(last).map(Nimber::value), Ok(values[len - 1]));
    }
});
