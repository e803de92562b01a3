//! The constructors of the ready-made games and their direct methods, on any input: each
//! gives a value or a typed error, and the values agree with the definitions.
#![no_main]

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use sprague::games::{BeanSplitting, GridCutting, Nim, Staircase, Subtraction};
use sprague::{Error, Game, Nimber, Period, grundy};

/// A number that is small most of the time and anything some of the time.
fn number(u: &mut Unstructured<'_>) -> Result<u64> {
    Ok(match u.int_in_range(0..=3)? {
        0 => u.arbitrary()?,
        1 => u64::MAX - u64::from(u.arbitrary::<u8>()?),
        _ => u64::from(u.arbitrary::<u8>()?) % 24,
    })
}

fn numbers(u: &mut Unstructured<'_>, most: usize) -> Result<Vec<u64>> {
    let len = u.int_in_range(0..=most)?;
    (0..len).map(|_| number(u)).collect()
}

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut values: Vec<u64> = values.into_iter().collect();
    values.sort_unstable();
    values.dedup();
    values
        .iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u64)
        .map_or(values.len(), |(i, _)| i) as u64
}

/// Subtraction games, against the definition on the first heaps.
fn subtraction(u: &mut Unstructured<'_>) -> Result<()> {
    let set = numbers(u, 12)?;
    let (game, allowed): (_, Box<dyn Fn(u64) -> bool>) = match u.int_in_range(0..=2)? {
        0 => {
            let s = set.clone();
            (Subtraction::new(set), Box::new(move |k| s.contains(&k)))
        }
        1 => {
            let s = set.clone();
            (
                Subtraction::all_but(set),
                Box::new(move |k| k > 0 && !s.contains(&k)),
            )
        }
        _ => {
            let m = set.first().copied().unwrap_or(0);
            (
                Subtraction::bounded(m),
                Box::new(move |k| (1..=m).contains(&k)),
            )
        }
    };
    let game = match game {
        Ok(game) => game,
        Err(Error::InvalidRules { .. }) => return Ok(()),
        Err(e) => panic!("unexpected error {e}"),
    };
    let _ = (game.to_string(), format!("{game:#}"), format!("{game:?}"));
    let len = u.int_in_range(0..=120)?;
    let mut values: Vec<u64> = Vec::new();
    for n in 0..len as u64 {
        let options = (1..=n)
            .filter(|&k| allowed(k))
            .map(|k| values[(n - k) as usize]);
        values.push(mex(options));
    }
    let seq = game.sequence(len).expect("a short sequence");
    let got: Vec<u64> = seq.iter().map(Nimber::value).collect();
    assert_eq!(got, values, "{game:?}");
    for (n, &v) in values.iter().enumerate() {
        assert!(game.contains(n as u64) == allowed(n as u64));
        if n % 17 == 0 {
            assert_eq!(
                game.grundy(n as u64).map(Nimber::value),
                Ok(v),
                "{game:?} {n}"
            );
        }
    }
    if let Ok(p) = game.period() {
        for (n, &v) in values.iter().enumerate().skip(p.preperiod) {
            // A period past u64 (take 1..=2^64 - 1) has no heap a period on.
            if let Some(later) = (n as u64).checked_add(p.period as u64) {
                assert_eq!(game.grundy(later).map(Nimber::value), Ok(v));
            }
        }
    }
    // Any heap: a value or a typed error, never a panic. (All-but heaps between 4096 and
    // 2^24 are computed directly, a second each: too slow to fuzz.)
    let heap = number(u)?;
    if !(4096..1 << 24).contains(&heap) || !game.to_string().starts_with("all but") {
        let _ = game.grundy(heap);
    }
    let small = u.int_in_range(0..=12)?;
    assert_eq!(
        grundy(&game.heap(small)).map(Nimber::value),
        Ok(values
            .get(small as usize)
            .copied()
            .unwrap_or_else(|| { game.grundy(small).map(Nimber::value).unwrap() }))
    );
    Ok(())
}

/// Nim's direct methods against its definition.
fn nim(u: &mut Unstructured<'_>) -> Result<()> {
    let heaps = numbers(u, 8)?;
    let nim = Nim::new(heaps.clone());
    let sum = heaps.iter().fold(0, |a, h| a ^ h);
    assert_eq!(nim.grundy().value(), sum);
    for (i, t) in nim.winning_reductions() {
        assert!(t < heaps[i]);
        assert_eq!(sum ^ heaps[i] ^ t, 0);
    }
    assert_eq!(nim.winning_reductions().next().is_some(), sum != 0);
    let _ = nim.misere_outcome();
    for (i, t) in nim.misere_winning_reductions() {
        let mut after = heaps.clone();
        after[i] = t;
        assert_eq!(Nim::new(after).misere_outcome(), sprague::Outcome::P);
    }
    let _ = nim.index();
    Ok(())
}

fn others(u: &mut Unstructured<'_>) -> Result<()> {
    let stones = numbers(u, 8)?;
    let stairs = Staircase::new(stones.clone());
    let odd = stones.iter().step_by(2).fold(0, |a, s| a ^ s);
    assert_eq!(stairs.grundy().map(Nimber::value), Ok(odd));
    match Staircase::pebbles(stones.clone()) {
        Ok(s) => assert!(stones.windows(2).all(|w| w[0] <= w[1]), "{s:?}"),
        Err(Error::InvalidRules { .. }) => assert!(stones.windows(2).any(|w| w[0] > w[1])),
        Err(e) => panic!("unexpected error {e}"),
    }
    let beans = BeanSplitting::new(stones);
    let _ = (beans.grundy(), beans.winning_move_count());
    for mv in beans.winning_moves().take(4) {
        let after = beans.play(mv).expect("a winning move can be played");
        assert!(after.grundy().is_zero(), "{mv:?}");
    }
    let period = Period {
        preperiod: number(u)? as usize,
        period: number(u)? as usize,
    };
    let n = number(u)?;
    let i = period.index(n);
    assert!(i as u64 <= n);
    let (w, h, k) = (
        number(u)? as u32 % 40 + 1,
        number(u)? as u32 % 40 + 1,
        number(u)? as u32,
    );
    let sheets = GridCutting::from_sheets([(w, h)]).with_min_side(k);
    let _ = sheets.sheets().count();
    if let Ok(table) = GridCutting::table(w, h, k % 4) {
        let direct = grundy(&GridCutting::new(w, h).with_min_side(k % 4));
        assert_eq!(direct.ok(), table.get(w, h));
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let _ = match u.int_in_range(0..=2u8) {
        Ok(0) => subtraction(&mut u),
        Ok(1) => nim(&mut u),
        Ok(_) => others(&mut u),
        Err(_) => Ok(()),
    };
});
