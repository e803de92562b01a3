//! Octal games against published sequences, a plain reference implementation, the
//! Crosses-and-Crosses recurrence of POJ 3537, and their known periods.

mod common;

use std::ops::ControlFlow;

use common::take_break_values;
use proptest::prelude::*;
use sprague::games::Octal;
use sprague::{Error, Game, Nimber, Period, Solver, grundy};

fn values(code: &str, len: usize) -> Vec<u64> {
    let game: Octal = code.parse().unwrap();
    game.sequence(len)
        .unwrap()
        .iter()
        .map(Nimber::value)
        .collect()
}

// Published sequences (OEIS), offset 0 unless noted.
const A002186_KAYLES: [u64; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
];
const A002187_DAWSONS_CHESS: [u64; 132] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4,
];
/// A071436, octal game .56, offset 1.
const A071436_056: [u64; 92] = [
    1, 0, 2, 2, 4, 1, 1, 3, 2, 4, 4, 6, 6, 2, 1, 1, 7, 6, 8, 4, 1, 1, 6, 5, 4, 8, 1, 1, 12, 4, 5,
    6, 1, 1, 3, 12, 6, 6, 8, 9, 2, 11, 6, 6, 4, 2, 1, 1, 12, 13, 4, 10, 8, 1, 12, 12, 5, 11, 1, 16,
    2, 2, 12, 6, 1, 1, 2, 13, 12, 6, 6, 8, 1, 1, 7, 6, 11, 4, 16, 16, 6, 5, 5, 19, 1, 1, 12, 4, 14,
    16, 1, 1,
];
/// A071074, Double Kayles .7777.
const A071074_DOUBLE_KAYLES: [u64; 90] = [
    0, 1, 2, 3, 4, 5, 6, 7, 3, 2, 8, 9, 7, 6, 5, 4, 3, 2, 8, 9, 4, 5, 12, 13, 9, 8, 2, 3, 4, 5, 15,
    14, 3, 2, 8, 9, 7, 6, 5, 4, 3, 2, 8, 9, 13, 12, 15, 14, 9, 8, 2, 3, 4, 5, 16, 17, 10, 11, 8, 9,
    14, 15, 5, 4, 3, 2, 16, 17, 13, 12, 15, 14, 9, 8, 2, 3, 4, 5, 6, 7, 3, 2, 8, 9, 14, 15, 5, 4,
    3, 2,
];
/// A071434, .1377, offset 1.
const A071434_01377: [u64; 102] = [
    1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 3, 3, 2, 2, 1, 1, 4, 4, 2, 2, 6, 6, 4, 4, 1, 1, 2, 2, 7, 7, 1, 1,
    4, 4, 3, 3, 2, 2, 1, 1, 4, 4, 6, 6, 7, 7, 4, 4, 1, 1, 2, 2, 8, 8, 5, 5, 4, 4, 7, 7, 2, 2, 1, 1,
    8, 8, 6, 6, 7, 7, 4, 4, 1, 1, 2, 2, 3, 3, 1, 1, 4, 4, 7, 7, 2, 2, 1, 1, 8, 8, 2, 2, 7, 7, 4, 4,
    1, 1, 2, 2, 8, 8,
];
/// A125924, Flanigan's game .34, offset 1.
const A125924_034: [u64; 40] = [
    1, 0, 1, 2, 0, 1, 0, 3, 1, 2, 1, 2, 0, 3, 0, 3, 1, 2, 1, 2, 0, 3, 0, 3, 1, 2, 1, 2, 0, 3, 0, 3,
    1, 2, 1, 2, 0, 3, 0, 3,
];

fn from_one(published: &[u64]) -> Vec<u64> {
    std::iter::once(0)
        .chain(published.iter().copied())
        .collect()
}

#[test]
fn published_sequences() {
    assert_eq!(values("0.77", 105), A002186_KAYLES);
    assert_eq!(values("0.137", 132), A002187_DAWSONS_CHESS);
    // Dawson's Kayles .07 has the values of Dawson's chess shifted by one.
    let dawsons_kayles = values("0.07", 133);
    assert_eq!(dawsons_kayles[0], 0);
    assert_eq!(dawsons_kayles[1..], A002187_DAWSONS_CHESS);
    assert_eq!(values("0.56", 93), from_one(&A071436_056));
    assert_eq!(values("0.7777", 90), A071074_DOUBLE_KAYLES);
    assert_eq!(values("0.1377", 103), from_one(&A071434_01377));
    assert_eq!(values("0.34", 41), from_one(&A125924_034));
}

#[test]
fn known_periods() {
    let period = |code: &str, max: usize| code.parse::<Octal>().unwrap().period(max).unwrap();
    assert_eq!(
        period("0.77", 10_000),
        Some(Period {
            preperiod: 71,
            period: 12
        })
    );
    assert_eq!(
        period("0.137", 10_000),
        Some(Period {
            preperiod: 52,
            period: 34
        })
    );
    assert_eq!(
        period("0.07", 10_000),
        Some(Period {
            preperiod: 53,
            period: 34
        })
    );
    assert_eq!(
        period("0.7777", 10_000),
        Some(Period {
            preperiod: 142,
            period: 24
        })
    );
    assert_eq!(
        period("0.1377", 10_000),
        Some(Period {
            preperiod: 141,
            period: 24
        })
    );
    // Late periods, found by Gangolli and Plambeck and by Flammenkamp.
    assert_eq!(
        period("0.16", 1_000_000),
        Some(Period {
            preperiod: 105_351,
            period: 149_459
        })
    );
    assert_eq!(
        period("0.56", 1_000_000),
        Some(Period {
            preperiod: 326_640,
            period: 144
        })
    );
    // Treblecross is not known to be periodic; its rare values persist.
    assert_eq!(period("0.007", 20_000), None);
}

#[test]
fn a_period_predicts_later_values() {
    for code in ["0.77", "0.137", "0.07", "0.7777", "0.34", "4.07", "0.3122"] {
        let game: Octal = code.parse().unwrap();
        let p = game
            .period(5_000)
            .unwrap()
            .unwrap_or_else(|| panic!("{code} has a period"));
        let direct = take_break_values(game.digits(), p.preperiod + 3 * p.period + 50, false);
        for (n, &v) in direct.iter().enumerate() {
            assert_eq!(direct[p.index(n as u64)], v, "{code} at {n}");
            assert_eq!(game.grundy(n as u64).unwrap().value(), v, "{code} at {n}");
        }
    }
}

#[test]
fn crosses_and_crosses_agrees_with_the_poj_3537_recurrence() {
    // POJ 3537: a cross at square i of a 1 x n strip leaves strips of i - 3 and
    // n - i - 2 squares; sg(negative) = 0.
    let boards = 600;
    let mut sg = vec![0u64; boards + 1];
    for n in 1..=boards {
        let part = |m: i64| if m <= 0 { 0 } else { sg[m as usize] };
        let reached: Vec<u64> = (1..=n as i64)
            .map(|i| part(i - 3) ^ part(n as i64 - i - 2))
            .collect();
        sg[n] = (0..).find(|v| !reached.contains(v)).unwrap();
    }
    let treble = Octal::treblecross().sequence(boards + 3).unwrap();
    for (n, &want) in sg.iter().enumerate().skip(1) {
        assert_eq!(treble.get(n + 2).unwrap().value(), want, "board of {n}");
    }
    let losing: Vec<usize> = (3..=60).filter(|&n| sg[n] == 0).collect();
    assert_eq!(losing, [6, 12, 22, 30, 32, 44, 54]);
}

#[test]
fn kayles_at_huge_heaps_through_the_period() {
    let kayles = Octal::kayles();
    assert_eq!(kayles.grundy(1_000_000_007).unwrap(), Nimber::new(7));
    assert_eq!(
        kayles.grundy(u64::MAX).unwrap(),
        kayles.grundy(71 + (u64::MAX - 71) % 12).unwrap()
    );
    let seq = kayles.sequence(10_000_000).unwrap();
    assert_eq!(seq.len(), 10_000_000);
    assert_eq!(seq.get(9_999_999), Some(kayles.grundy(9_999_999).unwrap()));
    assert_eq!(seq.iter().count(), 10_000_000);
}

#[test]
fn huge_heaps_without_a_period_are_an_error() {
    // Refused by the projection of the work to find a period in the first 2^26 values.
    let err = Octal::treblecross().grundy(1 << 40).unwrap_err();
    assert!(
        matches!(err, Error::OutOfRange { what: "splits to examine", value, limit } if value > limit),
        "{err}"
    );
}

#[test]
fn codes_parse_and_print() {
    for (code, shown) in [
        ("0.77", "0.77"),
        (".77", "0.77"),
        ("0.770", "0.77"),
        ("4.07", "4.07"),
        ("4.0", "4.0"),
        ("0x0.2048", "0x0.2048"),
        ("0x4.c", "0x4.C"),
        ("0x0.77", "0.77"),
        ("0.0000007", "0.0000007"),
        // A digit A to F makes the code hexadecimal, with or without the prefix.
        ("0.3F", "0x0.3F"),
        ("4.F", "0x4.F"),
        ("0.B", "0x0.B"),
        ("0.8F", "0x0.8F"),
        ("0x0.8", "0x0.8"),
    ] {
        let game: Octal = code.parse().unwrap();
        assert_eq!(game.to_string(), shown, "{code}");
        assert_eq!(shown.parse::<Octal>().unwrap(), game);
    }
    for (code, position) in [
        ("", 0),
        ("0.", 2),
        ("0.8", 2),
        ("8.4", 0),
        ("0.3f", 3),
        ("x.77", 0),
        ("0.7a7", 3),
        ("0.7g7", 3),
        ("0.F.1", 3),
        ("1.F", 0),
        ("0..7", 2),
        ("077", 3),
        ("2.7", 0),
        ("44.7", 1),
        ("0x0.g", 4),
        ("0.7 ", 3),
    ] {
        match code.parse::<Octal>() {
            Err(Error::InvalidCode {
                position: p,
                code: c,
                ..
            }) => {
                assert_eq!((p, c.as_str()), (position, code), "{code:?}");
            }
            other => panic!("{code:?} must be rejected, got {other:?}"),
        }
    }
}

#[test]
fn heaps_are_games_that_agree_with_the_sequence() {
    for code in ["0.77", "0.07", "0.137", "4.07", "0.6", "0x0.8", "0.16"] {
        let game: Octal = code.parse().unwrap();
        let seq = game.sequence(25).unwrap();
        let mut solver = Solver::new();
        for n in 0..25 {
            assert_eq!(
                solver.grundy(&game.heap(n)).unwrap(),
                seq.get(n as usize).unwrap(),
                "{code} heap {n}"
            );
        }
        // A position of several heaps is their nim-sum.
        let sum = game.heaps([5, 9, 13]);
        let want = seq.get(5).unwrap() + seq.get(9).unwrap() + seq.get(13).unwrap();
        assert_eq!(grundy(&sum).unwrap(), want, "{code}");
        assert!(
            sum.successors()
                .into_iter()
                .all(|s| s.heaps().iter().all(|&h| h > 0))
        );
    }
}

#[test]
fn long_sequences_agree_with_the_reference() {
    // Treblecross keeps rare values, so the plain scan runs, shared with a helper thread on
    // machines with two cores or more from heap 8192 on. 0.16 runs in sparse space, where
    // each heap's few candidates are searched for together; so does 0.56, whose breaks of
    // both parities make two classes. Past heap 10,000 some heaps of 0.6 have more than 64
    // candidates, which are scanned for instead; from about heap 6,000 on, its rare splits,
    // over a thousand a heap, are marked one heap ahead by a helper thread on machines with
    // two cores (started when 16,384 heaps or more are left to compute). Heap 2077 of 4.3442 has exactly 64, all
    // looked for together. The rare splits of the breaks of 0.7732, removing 1 and 2 tokens,
    // are carried from heap to heap, and must be marked again when its rare positions are
    // listed anew (heap 3966 came out wrong when they were not).
    for (code, len) in [
        ("0.007", 20_000),
        ("0.0007", 20_000),
        ("0.16", 40_000),
        ("0.56", 20_000),
        ("0.6", 30_000),
        ("4.3442", 3_000),
        ("0.7732", 5_000),
    ] {
        let game: Octal = code.parse().unwrap();
        let want = take_break_values(game.digits(), len, false);
        let got: Vec<u64> = game
            .sequence(len)
            .unwrap()
            .iter()
            .map(Nimber::value)
            .collect();
        assert_eq!(got, want, "{code}");
    }
}

fn code_strategy() -> impl Strategy<Value = String> {
    let octal = (
        prop_oneof![Just(0u8), Just(4u8)],
        proptest::collection::vec(0u8..8, 1..5),
    )
        .prop_map(|(d0, digits)| {
            format!(
                "{d0}.{}",
                digits.iter().map(|d| d.to_string()).collect::<String>()
            )
        });
    let hexadecimal = (
        prop_oneof![Just(0u8), Just(4u8), Just(8u8)],
        proptest::collection::vec(0u8..16, 1..3),
    )
        .prop_map(|(d0, digits)| {
            format!(
                "0x{d0:X}.{}",
                digits.iter().map(|d| format!("{d:X}")).collect::<String>()
            )
        });
    prop_oneof![4 => octal, 1 => hexadecimal]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Whatever method the engine picks (plain, sparse space, proven period), its values are
    /// those of the definition.
    #[test]
    fn engine_agrees_with_the_definition(code in code_strategy()) {
        let game: Octal = code.parse().unwrap();
        let len = if game.is_hexadecimal() { 300 } else { 2500 };
        let want = take_break_values(game.digits(), len, false);
        let got: Vec<u64> = game.sequence(len).unwrap().iter().map(Nimber::value).collect();
        prop_assert_eq!(got, want, "{}", code);
    }
}

// ---------------------------------------------------------------------------------------------
// Progress and early stops

#[test]
fn sequences_with_progress_equal_sequences() {
    for (code, len) in [
        ("0.77", 10_000),
        ("0.007", 20_000),
        ("0.16", 6_000),
        ("4.07", 3_000),
        ("0x0.2048", 800),
        ("0.3", 100_000),
        ("0.77", 0),
    ] {
        let game: Octal = code.parse().unwrap();
        let mut reports = Vec::new();
        let seq = game
            .sequence_with_progress(len, |done| {
                reports.push(done);
                ControlFlow::Continue(())
            })
            .unwrap();
        let expected = game.sequence(len).unwrap();
        assert_eq!(seq.len(), len, "{code}");
        assert_eq!(seq.period(), expected.period(), "{code}");
        assert!(seq.iter().eq(expected.iter()), "{code}");
        assert_eq!(reports.last(), Some(&len), "{code}");
        assert!(
            reports.windows(2).all(|w| w[0] < w[1]),
            "{code}: {reports:?}"
        );
        assert!(reports.len() <= 1002, "{code}: {} reports", reports.len());
    }
    // A long computation without a period reports as it goes.
    let mut reports = 0;
    Octal::treblecross()
        .sequence_with_progress(20_000, |_| {
            reports += 1;
            ControlFlow::Continue(())
        })
        .unwrap();
    assert!(reports >= 10, "{reports} reports");
}

#[test]
fn sequences_with_progress_stop_early_with_the_values_so_far() {
    let game = Octal::treblecross();
    let full = game.sequence(30_000).unwrap();
    let mut stopped_at = None;
    let partial = game
        .sequence_with_progress(1_000_000, |done| {
            if done >= 5_000 {
                stopped_at = Some(done);
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
    let stopped_at = stopped_at.unwrap();
    assert!((5_000..30_000).contains(&stopped_at));
    assert_eq!(partial.len(), stopped_at);
    assert_eq!(partial.period(), None);
    assert!(partial.iter().eq(full.iter().take(stopped_at)));
    // Stopping at the first report keeps what was computed by then.
    let first = game
        .sequence_with_progress(1_000_000, |_| ControlFlow::Break(()))
        .unwrap();
    assert!(first.len() < 1_000_000);
    assert!(first.iter().eq(full.iter().take(first.len())));
}

#[test]
fn sequences_with_progress_of_any_length_end_at_the_period() {
    let mut reports = Vec::new();
    let kayles = Octal::kayles()
        .sequence_with_progress(1 << 62, |done| {
            reports.push(done);
            ControlFlow::Continue(())
        })
        .unwrap();
    assert_eq!(kayles.len(), 1 << 62);
    assert_eq!(reports.last(), Some(&(1 << 62)));
    // Kayles repeats 4 1 2 8 1 4 7 2 1 8 2 7 for heaps 0 to 11 modulo 12 from heap 71 on.
    assert_eq!(kayles.get((1 << 62) - 1), Some(Nimber::new(8)));
}

#[test]
fn checksums_are_ogsolves() {
    // ogsolve CODE -m rc2 -n MAX prints these checksums of the values of heaps 0 to MAX.
    for (code, max, checksum) in [
        ("0.77", 99, "44CF0173"),
        ("0.77", 100_000, "E740F9DF"),
        ("0.137", 5_000, "5A3D34B8"),
        ("0.007", 3_000, "5D94638E"),
        ("0.16", 200_000, "FCF9304C"),
        ("0.6", 50_000, "AE113890"),
        ("4.07", 2_000, "C2D80BB8"),
        ("0.354", 100_000, "CBC4548B"),
    ] {
        let game: Octal = code.parse().unwrap();
        let seq = game.sequence(max + 1).unwrap();
        assert_eq!(format!("{:X}", seq.checksum()), checksum, "{code} to {max}");
    }
}

#[test]
fn checksums_through_the_period_are_those_of_every_value() {
    for (code, len) in [("0.77", 1_000_003), ("0.137", 777_777), ("0.07", 5_000_000)] {
        let game: Octal = code.parse().unwrap();
        let seq = game.sequence(len).unwrap();
        assert!(seq.period().is_some(), "{code}");
        let (mut a, mut b) = (0u16, 0u16);
        for v in &seq {
            a = a.wrapping_add(v.value() as u16);
            b = b.wrapping_add(a);
        }
        assert_eq!(seq.checksum(), u32::from(b) << 16 | u32::from(a), "{code}");
    }
}

/// Kayles asked for three billion values answers through its period, within 4 GiB of address
/// space (the values alone would take 6 GB): run in a child process under `prlimit`.
#[test]
fn kayles_to_three_billion_values_under_a_4_gib_cap() {
    const LEN: usize = 3_000_000_000;
    if std::env::var_os("SPRAGUE_CAPPED_CHILD").is_some() {
        let kayles = Octal::kayles().sequence(LEN).unwrap();
        assert_eq!(kayles.len(), LEN);
        // 4 1 2 8 1 4 7 2 1 8 2 7 from heap 71 on, for n mod 12 = 0 to 11.
        assert_eq!(kayles.get(LEN - 1), Some(Nimber::new(7)));
        assert_eq!(kayles.iter().nth(LEN - 2), Some(Nimber::new(2)));
        assert_eq!(Octal::kayles().period(LEN).unwrap(), kayles.period());
        return;
    }
    let status = std::process::Command::new("prlimit")
        .arg("--as=4294967296")
        .arg("--")
        .arg(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "kayles_to_three_billion_values_under_a_4_gib_cap",
        ])
        .env("SPRAGUE_CAPPED_CHILD", "1")
        .status()
        .expect("prlimit (util-linux) runs the test again under the cap");
    assert!(status.success(), "{status}");
}

#[test]
fn heaps_whose_values_would_take_hours_are_refused_within_seconds() {
    let start = std::time::Instant::now();
    // Ten minutes of work before this limit: refused after the first second's search.
    let err = Octal::treblecross().grundy(4_194_303).unwrap_err();
    assert!(
        matches!(err, Error::OutOfRange { what: "splits to examine", value, limit } if value > limit),
        "{err}"
    );
    assert!(start.elapsed() < std::time::Duration::from_secs(60));
    // A heap within reach is computed, period or not.
    let direct = Octal::treblecross().grundy(20_000).unwrap();
    assert_eq!(
        Some(direct),
        Octal::treblecross().sequence(20_001).unwrap().get(20_000)
    );
    // 0.354's period is proven only after 20 million values: reached, not refused.
    let game: Octal = "0.354".parse().unwrap();
    assert_eq!(
        game.grundy(1 << 40).unwrap(),
        game.grundy(10_061_916 + ((1u64 << 40) - 10_061_916) % 1_180)
            .unwrap()
    );
}

#[test]
fn heaps_with_progress_have_no_limit_and_can_be_stopped() {
    let mut calls = 0;
    let stopped = Octal::treblecross()
        .grundy_with_progress(4_194_303, |done| {
            calls += 1;
            if done >= 10_000 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
        .unwrap();
    assert_eq!(stopped, None);
    assert!(calls >= 2);
    let kayles = Octal::kayles()
        .grundy_with_progress(1 << 50, |_| ControlFlow::Continue(()))
        .unwrap();
    assert_eq!(kayles, Some(Octal::kayles().grundy(1 << 50).unwrap()));
}
