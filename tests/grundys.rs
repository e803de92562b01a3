//! Grundy's game and its kin against the definition, OEIS A002188, Flammenkamp's list of rare
//! values and Czajka's table of the first 2^21 heaps.

mod common;

use common::take_break_values;
use sprague::games::{GrundysGame, Octal};
use sprague::{Error, Nimber, Solver};

fn values(game: &GrundysGame, len: usize) -> Vec<u64> {
    game.sequence(len)
        .unwrap()
        .iter()
        .map(Nimber::value)
        .collect()
}

#[test]
fn grundys_game_is_its_definition() {
    let len = 6000;
    assert_eq!(
        values(&GrundysGame::new(), len),
        take_break_values(&[4], len, true)
    );
}

#[test]
fn grundys_game_is_oeis_a002188() {
    let published = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
        2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
        7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
    ];
    assert_eq!(values(&GrundysGame::new(), published.len()), published);
}

/// Whether a value is rare in Grundy's game: an even number of ones under the mask `fe`.
fn rare(v: u64) -> bool {
    (v & 0xfe).count_ones().is_multiple_of(2)
}

#[test]
fn the_first_rare_values_are_flammenkamps() {
    // Flammenkamp, "Sprague-Grundy values of Grundy's game": the first rare heaps and values.
    let published: [(usize, u64); 48] = [
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 0),
        (6, 1),
        (7, 0),
        (9, 1),
        (10, 0),
        (12, 1),
        (15, 1),
        (20, 0),
        (23, 0),
        (26, 0),
        (28, 1),
        (31, 1),
        (34, 1),
        (37, 1),
        (40, 1),
        (43, 1),
        (46, 1),
        (49, 1),
        (50, 0),
        (52, 1),
        (53, 0),
        (55, 1),
        (58, 1),
        (61, 1),
        (87, 7),
        (90, 7),
        (93, 7),
        (146, 6),
        (149, 6),
        (152, 6),
        (158, 11),
        (161, 11),
        (164, 11),
        (167, 11),
        (176, 7),
        (179, 7),
        (181, 12),
        (182, 7),
        (185, 7),
        (188, 7),
        (190, 12),
        (193, 12),
        (196, 10),
        (231, 10),
    ];
    let seq = values(&GrundysGame::new(), 232);
    let found: Vec<(usize, u64)> = seq
        .iter()
        .enumerate()
        .filter(|&(_, &v)| rare(v))
        .map(|(n, &v)| (n, v))
        .collect();
    assert_eq!(found, published);
}

/// Czajka's table of unsolved games: in the first 2^21 heaps of Grundy's game, 1,274 rare
/// values under the mask `fe`, the last at heap 82,860, and the largest value 231, first at
/// heap 763,622. (Some seconds of work: run by the release build of the tests.)
#[cfg(not(debug_assertions))]
#[test]
fn the_first_two_million_heaps_are_czajkas() {
    let seq = GrundysGame::new().sequence(1 << 21).unwrap();
    let rare_heaps: Vec<usize> = (0..seq.len())
        .filter(|&n| rare(seq.get(n).unwrap().value()))
        .collect();
    assert_eq!(rare_heaps.len(), 1274);
    assert_eq!(rare_heaps.last(), Some(&82_860));
    let largest = seq.iter().map(Nimber::value).max();
    assert_eq!(largest, Some(231));
    let first = seq.iter().position(|v| v.value() == 231);
    assert_eq!(first, Some(763_622));
    // igsolve's search of one heap gives the same.
    assert_eq!(seq.get(30_000), Some(Nimber::new(149)));
}

#[test]
fn unequal_breaks_of_other_codes_are_their_definition() {
    for (code, digits) in [
        ("0.4u", &[0, 4][..]),
        ("0.16u", &[0, 1, 6]),
        ("4u.07u", &[4, 0, 7]),
        ("0.037u4u", &[0, 0, 3, 7, 4]),
        ("0.6u", &[0, 6]),
    ] {
        let game: GrundysGame = code.parse().unwrap();
        assert_eq!(game.to_string(), code);
        let len = 3000;
        assert_eq!(
            values(&game, len),
            take_break_values(digits, len, true),
            "{code}"
        );
    }
}

#[test]
fn heaps_are_games_that_agree_with_the_sequence() {
    for code in ["4u", "0.16u", "4u.07u"] {
        let game: GrundysGame = code.parse().unwrap();
        let seq = game.sequence(30).unwrap();
        let mut solver = Solver::new();
        for n in 0..30 {
            assert_eq!(
                solver.grundy(&game.heap(n)).unwrap(),
                seq.get(n as usize).unwrap(),
                "{code}, heap {n}"
            );
        }
        // A Grundy heap is not the octal game's heap: equal splits are allowed there.
        let octal: &Octal = game.code();
        assert_ne!(game.heap(6), octal.heap(6));
        assert!(game.heap(6).unequal());
    }
    let game = GrundysGame::new();
    assert_eq!(
        Solver::new().grundy(&game.heaps([5, 13, 20])).unwrap(),
        game.grundy(5).unwrap() + game.grundy(13).unwrap() + game.grundy(20).unwrap()
    );
}

#[test]
fn codes_parse_in_czajkas_notation() {
    let grundy = GrundysGame::new();
    for code in ["4u", "4u.0", "4u.", "4u.00"] {
        assert_eq!(code.parse::<GrundysGame>().unwrap(), grundy, "{code}");
    }
    assert_eq!(format!("{grundy:?}"), "GrundysGame(4u.0)");
    assert_eq!(
        "0x0.Cu".parse::<GrundysGame>().unwrap().to_string(),
        "0x0.Cu"
    );
    for (code, position) in [
        ("0.16", 4),   // a break without its u
        ("0.1u6u", 3), // a u after a digit that does not break
        ("u4", 0),
        ("0.4uu", 4),
        ("0.4g", 3),
        ("4u.0.1", 4),
    ] {
        match code.parse::<GrundysGame>() {
            Err(Error::InvalidCode { position: p, .. }) => assert_eq!(p, position, "{code:?}"),
            other => panic!("{code:?} must be rejected, got {other:?}"),
        }
    }
}

#[test]
fn huge_heaps_are_refused_before_any_work() {
    let err = GrundysGame::new().grundy(1 << 40).unwrap_err();
    assert_eq!(
        err,
        Error::OutOfRange {
            what: "heap",
            value: 1 << 40,
            limit: (1 << 26) - 1
        }
    );
    assert_eq!(
        err.to_string(),
        "heap 1099511627776 is out of range: the most is 67108863"
    );
}
