//! Text and serde forms of the crate's values: what `Display` writes, `FromStr` reads back,
//! and what the `serde` feature stores, it loads back.

use proptest::prelude::*;
use sprague::games::Subtraction;
use sprague::loopy::Value;
use sprague::{Error, Nimber, Outcome, Period};

fn nimber() -> impl Strategy<Value = Nimber> {
    prop_oneof![0..4u64, any::<u64>()].prop_map(Nimber::new)
}

fn loopy_value() -> impl Strategy<Value = Value> {
    prop_oneof![
        nimber().prop_map(Value::Finite),
        prop::collection::vec(nimber(), 0..5).prop_map(Value::infinite),
    ]
}

fn outcome() -> impl Strategy<Value = Outcome> {
    prop_oneof![Just(Outcome::P), Just(Outcome::N), Just(Outcome::D)]
}

fn subtraction() -> impl Strategy<Value = Subtraction> {
    prop_oneof![
        prop::collection::vec(1..100u64, 1..20).prop_map(|set| Subtraction::new(set).unwrap()),
        (1..u64::MAX).prop_map(|m| Subtraction::bounded(m).unwrap()),
        prop::collection::vec(1..100u64, 0..20).prop_map(|set| Subtraction::all_but(set).unwrap()),
    ]
}

proptest! {
    #[test]
    fn nimbers_read_back(n in nimber()) {
        prop_assert_eq!(n.to_string().parse::<Nimber>()?, n);
    }

    #[test]
    fn loopy_values_read_back(v in loopy_value()) {
        prop_assert_eq!(v.to_string().parse::<Value>()?, v);
    }

    #[test]
    fn outcomes_read_back(o in outcome()) {
        prop_assert_eq!(o.to_string().parse::<Outcome>()?, o);
    }

    #[test]
    fn periods_read_back(preperiod in any::<usize>(), period in any::<usize>()) {
        let p = Period { preperiod, period };
        prop_assert_eq!(p.to_string().parse::<Period>()?, p);
    }

    #[test]
    fn subtraction_sets_read_back(game in subtraction()) {
        prop_assert_eq!(game.to_string().parse::<Subtraction>()?, game);
    }

    #[test]
    fn no_text_makes_a_parser_panic(text in ".{0,12}") {
        let _ = text.parse::<Nimber>();
        let _ = text.parse::<Value>();
        let _ = text.parse::<Outcome>();
        let _ = text.parse::<Period>();
        let _ = text.parse::<Subtraction>();
    }
}

#[test]
fn bad_text_is_a_parse_error_naming_it() {
    let err = "*x".parse::<Nimber>().unwrap_err();
    assert!(matches!(
        err,
        Error::Parse {
            what: "a nimber",
            ..
        }
    ));
    assert_eq!(
        err.to_string(),
        "cannot read \"*x\" as a nimber: a nimber is 0, * or * followed by a number, such as *5"
    );
    assert!("18446744073709551616".parse::<Nimber>().is_err());
    assert!("".parse::<Nimber>().is_err());
    assert!("∞(0,x)".parse::<Value>().is_err());
    assert!("{1, 2".parse::<Subtraction>().is_err());
    // A well-formed set the rules refuse keeps the constructor's error.
    assert!(matches!(
        "{0, 2}".parse::<Subtraction>(),
        Err(Error::InvalidRules { .. })
    ));
}

#[test]
fn loose_spellings_are_read() {
    assert_eq!(" *7 ".parse::<Nimber>().unwrap(), Nimber::new(7));
    assert_eq!(
        "∞(*2, 0)".parse::<Value>().unwrap(),
        Value::infinite([Nimber::ZERO, Nimber::new(2)])
    );
    assert_eq!(
        "{1, 2, ..., 5}".parse::<Subtraction>().unwrap(),
        Subtraction::bounded(5).unwrap()
    );
    assert_eq!(
        "4, 1, 3".parse::<Subtraction>().unwrap(),
        Subtraction::new([1, 3, 4]).unwrap()
    );
}

#[cfg(feature = "serde")]
mod serde_forms {
    use super::*;
    use sprague::Sequence;
    use sprague::games::Octal;

    fn round_trip<T>(value: &T) -> T
    where
        T: serde::Serialize + serde::de::DeserializeOwned,
    {
        let json = serde_json::to_string(value).unwrap();
        serde_json::from_str(&json).unwrap()
    }

    #[test]
    fn values_are_stored_as_expected() {
        assert_eq!(serde_json::to_string(&Nimber::new(5)).unwrap(), "5");
        assert_eq!(serde_json::to_string(&Outcome::N).unwrap(), "\"N\"");
        assert_eq!(
            serde_json::to_string(&Period {
                preperiod: 71,
                period: 12
            })
            .unwrap(),
            r#"{"preperiod":71,"period":12}"#
        );
        assert_eq!(
            serde_json::to_string(&Value::infinite([Nimber::new(2), Nimber::ZERO])).unwrap(),
            r#"{"Infinite":[0,2]}"#
        );
    }

    /// The sequence read back from its JSON form, checked to have the same values.
    fn sequence_round_trip(seq: &Sequence) {
        let back: Sequence = round_trip(seq);
        assert_eq!(back.len(), seq.len());
        assert_eq!(back.period(), seq.period());
        assert!(back.iter().eq(seq.iter()));
    }

    #[test]
    fn sequences_load_back() {
        // Kayles proves its period (71, 12): a billion values store 83.
        let kayles = Octal::kayles().sequence(1_000_000_000).unwrap();
        let json = serde_json::to_string(&kayles).unwrap();
        assert!(json.starts_with(r#"{"len":1000000000,"period":{"preperiod":71,"period":12},"values":[0,1,2,3,1,4,3,2,"#), "{json}");
        assert!(json.len() < 400, "{json}");
        sequence_round_trip(&kayles);
        // No period in sight: every value is stored.
        sequence_round_trip(&Octal::treblecross().sequence(3000).unwrap());
        sequence_round_trip(&Subtraction::new([1, 3, 4]).unwrap().sequence(100).unwrap());
        // Values above 16 bits: the heaps of Nim, as an all-but game with nothing excluded.
        let nim = Subtraction::all_but(Vec::<u64>::new())
            .unwrap()
            .sequence(70_000)
            .unwrap();
        assert_eq!(nim.get(69_999), Some(Nimber::new(69_999)));
        sequence_round_trip(&nim);
        sequence_round_trip(&Octal::kayles().sequence(0).unwrap());
    }

    #[test]
    fn inconsistent_sequences_are_refused() {
        let load = |json: &str| {
            serde_json::from_str::<Sequence>(json)
                .unwrap_err()
                .to_string()
        };
        let short = load(r#"{"len":4,"period":null,"values":[0,1,2]}"#);
        assert!(
            short.starts_with("a sequence of 4 values with no period stores only 3"),
            "{short}"
        );
        let zero = load(r#"{"len":9,"period":{"preperiod":1,"period":0},"values":[0,1,2]}"#);
        assert!(zero.contains("not all of its first period"), "{zero}");
        let cut = load(r#"{"len":9,"period":{"preperiod":1,"period":3},"values":[0,1,2]}"#);
        assert!(cut.contains("stores 3 values"), "{cut}");
        let broken = load(r#"{"len":9,"period":{"preperiod":1,"period":2},"values":[0,1,2,1,3]}"#);
        assert!(
            broken.starts_with("the stored value of heap 4 breaks"),
            "{broken}"
        );
        let wide = load(r#"{"len":1,"period":null,"values":[4294967296]}"#);
        assert!(
            wide.starts_with("the value 4294967296 is above 32 bits"),
            "{wide}"
        );
        let extra = load(r#"{"len":0,"period":null,"values":[],"x":1}"#);
        assert!(extra.contains("unknown field"), "{extra}");
        // Values past the period that follow it are accepted, and read through it.
        let seq: Sequence = serde_json::from_str(
            r#"{"len":9,"period":{"preperiod":1,"period":2},"values":[0,1,2,1]}"#,
        )
        .unwrap();
        let values: Vec<u64> = seq.iter().map(Nimber::value).collect();
        assert_eq!(values, [0, 1, 2, 1, 2, 1, 2, 1, 2]);
    }

    proptest! {
        #[test]
        fn values_load_back(n in nimber(), v in loopy_value(), o in outcome()) {
            prop_assert_eq!(round_trip(&n), n);
            prop_assert_eq!(round_trip(&v), v);
            prop_assert_eq!(round_trip(&o), o);
        }
    }
}
