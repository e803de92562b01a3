//! The `sprague` binary, run as a user runs it: every command, its output checked against the
//! library (and Crosses and Crosses against a brute-force search of the real game), and bad
//! input rejected with one line and exit status 2.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use sprague::games::{GridCutting, GrundysGame, Octal, Subtraction};
use sprague::{Game, Nimber, Outcome, Solver};

// The helper that runs a command under a memory cap, shared with the library's tests.
#[path = "../../tests/memory_cap/mod.rs"]
mod memory_cap;

/// Runs `sprague` with `args`, standard output and error captured (so neither is a terminal).
fn sprague(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 errors")
}

/// Runs a command that must succeed quietly, and returns its standard output.
fn success(args: &[&str]) -> String {
    let output = sprague(args);
    assert!(
        output.status.success(),
        "sprague {args:?} failed: {}",
        stderr(&output)
    );
    assert_eq!(stderr(&output), "", "sprague {args:?}");
    stdout(&output)
}

/// Runs a command that must fail on bad input: exit status 2, nothing on standard output, and
/// one line on standard error that contains `message`. Returns that line.
fn bad_input(args: &[&str], message: &str) -> String {
    let output = sprague(args);
    assert_eq!(output.status.code(), Some(2), "sprague {args:?}");
    assert_eq!(stdout(&output), "", "sprague {args:?}");
    let err = stderr(&output);
    assert!(err.contains(message), "sprague {args:?}: {err}");
    assert!(!err.contains("panicked"), "sprague {args:?}: {err}");
    if !args.is_empty() {
        assert!(err.starts_with("sprague: "), "sprague {args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "sprague {args:?}: {err}");
    }
    err
}

/// The text after a summary's label.
fn field<'a>(summary: &'a str, label: &str) -> &'a str {
    summary
        .lines()
        .find_map(|line| {
            line.strip_prefix(label)
                .filter(|rest| rest.starts_with(' '))
        })
        .unwrap_or_else(|| panic!("no {label:?} in {summary}"))
        .trim()
}

fn numbers(text: &str) -> Vec<u64> {
    text.split_whitespace()
        .map(|v| v.parse().expect("a number"))
        .collect()
}

/// A file name in the temporary directory, unique to this test run.
fn temp_file(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("sprague-cli-{}-{name}", std::process::id()))
}

#[test]
fn help_lists_every_command_and_the_exit_status() {
    let help = success(&["--help"]);
    for command in ["octal", "subtraction", "nim", "grid", "treblecross"] {
        assert!(help.contains(command), "{help}");
    }
    assert!(help.contains("Exit status"), "{help}");
    assert!(success(&["octal", "--help"]).contains("--max <N>"));
    assert!(success(&["--version"]).starts_with("sprague "));
}

// ---------------------------------------------------------------------------------------------
// Sequences

#[test]
fn octal_summary_names_the_game_its_rules_and_its_period() {
    let summary = success(&["octal", "0.77"]);
    assert_eq!(field(&summary, "game"), "octal 0.77 (Kayles)");
    assert!(summary.contains(
        "remove 2 tokens: a whole heap of 2, or part of a heap, leaving one or two heaps"
    ));
    assert_eq!(field(&summary, "heaps"), "0 to 1000");
    assert_eq!(field(&summary, "values"), "9 distinct: 0 1 2 3 4 5 6 7 8");
    assert_eq!(field(&summary, "largest"), "8, first at heap 27");
    assert_eq!(field(&summary, "P-positions"), "1 of 1001 heaps: heap 0");
    assert_eq!(
        field(&summary, "period"),
        "12 from heap 71: g(n + 12) = g(n) for every n >= 71, proven"
    );
    assert!(field(&summary, "time").ends_with('s'));

    // Dawson's chess: P-positions before the period, then residues.
    let summary = success(&["octal", "0.137", "--max", "2000"]);
    assert_eq!(
        field(&summary, "P-positions"),
        "298 of 2001 heaps: heaps 0, 4, 8, 14, 20, 24, 28, 34, 38, 42; \
         then every heap n from 52 with n mod 34 in {4, 8, 20, 24, 28}"
    );
    let values = Octal::dawsons_chess().sequence(2001).unwrap();
    assert_eq!(values.iter().filter(|v| v.is_zero()).count(), 298);

    // Too few values to prove Kayles' period.
    let summary = success(&["octal", "0.77", "--max", "100"]);
    assert_eq!(field(&summary, "period"), "no period proven up to 100");
}

#[test]
fn octal_values_are_the_librarys() {
    for (code, max) in [
        ("0.77", 500),
        ("0.007", 3000),
        ("0.16", 2000),
        ("4.07", 300),
        ("0x0.2048", 200),
        ("0.6", 0),
    ] {
        let printed = numbers(&success(&[
            "octal",
            code,
            "--max",
            &max.to_string(),
            "--values",
        ]));
        let game: Octal = code.parse().unwrap();
        let expected: Vec<u64> = game
            .sequence(max + 1)
            .unwrap()
            .iter()
            .map(Nimber::value)
            .collect();
        assert_eq!(printed.len(), max + 1, "{code}");
        assert_eq!(printed, expected, "{code}");
    }
}

#[test]
fn subtraction_values_are_the_librarys() {
    for (set, all_but, max) in [
        ("1,3,4", false, 200),
        ("2,5,6", false, 1000),
        ("3,1,2", false, 50),
        ("2,3", true, 300),
        ("7", false, 0),
    ] {
        let max_arg = max.to_string();
        let mut args = vec!["subtraction", set, "--max", &max_arg, "--values"];
        if all_but {
            args.push("--all-but");
        }
        let printed = numbers(&success(&args));
        let numbers: Vec<u64> = set.split(',').map(|s| s.parse().unwrap()).collect();
        let game = if all_but {
            Subtraction::all_but(numbers)
        } else {
            Subtraction::new(numbers)
        }
        .unwrap();
        let expected: Vec<u64> = (0..=max).map(|n| game.grundy(n).unwrap().value()).collect();
        assert_eq!(printed, expected, "{set}");
    }
    let summary = success(&["subtraction", "1,3,4", "--max", "30"]);
    assert_eq!(field(&summary, "game"), "subtraction {1, 3, 4}");
    assert_eq!(
        field(&summary, "P-positions"),
        "10 of 31 heaps: every heap n with n mod 7 in {0, 2}"
    );
    assert_eq!(
        field(&summary, "period"),
        "7 from heap 0: g(n + 7) = g(n) for every n >= 0, proven"
    );
    // A billion heaps of a periodic game cost one period.
    let summary = success(&["subtraction", "1,3,4", "--max", "999999999"]);
    assert_eq!(
        field(&summary, "P-positions"),
        "285714286 of 1000000000 heaps: every heap n with n mod 7 in {0, 2}"
    );
    let summary = success(&["subtraction", "2", "--all-but"]);
    assert_eq!(
        field(&summary, "period"),
        "none: the values of an all-but game grow without bound"
    );
}

#[test]
fn grundy_summary_reports_the_rare_values_and_ogsolves_checksum() {
    let summary = success(&["grundy", "--max", "100000"]);
    assert_eq!(field(&summary, "game"), "grundy 4u.0 (Grundy's game)");
    assert_eq!(field(&summary, "heaps"), "0 to 100000");
    // Czajka's table: the rare values of Grundy's game by the mask fe, the last at 82,860.
    assert_eq!(
        field(&summary, "rare values"),
        "1274 heaps by the mask fe, the last at heap 82860"
    );
    assert!(field(&summary, "period").starts_with("none: "));
    let values = GrundysGame::new().sequence(100_001).unwrap();
    assert_eq!(
        field(&summary, "checksum"),
        format!("{:X} (as ogsolve prints it)", values.checksum())
    );
    let listed = success(&["grundy", "--max", "2000", "--values"]);
    let listed: Vec<u64> = listed
        .split_whitespace()
        .map(|v| v.parse().unwrap())
        .collect();
    let expected: Vec<u64> = values.iter().take(2001).map(Nimber::value).collect();
    assert_eq!(listed, expected);
    // Other codes in Czajka's notation.
    let summary = success(&["grundy", "0.16u", "--max", "3000"]);
    assert_eq!(field(&summary, "game"), "grundy 0.16u");
    bad_input(&["grundy", "0.16"], "needs its u");
}

#[test]
fn json_documents_parse_and_hold_the_values() {
    let text = success(&["octal", "0.137", "--max", "300", "--json"]);
    let doc: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(doc["kind"], "octal");
    assert_eq!(doc["game"], "0.137");
    assert_eq!(doc["name"], "Dawson's chess");
    assert_eq!(doc["max"], 300);
    assert_eq!(doc["period"]["preperiod"], 52);
    assert_eq!(doc["period"]["period"], 34);
    assert_eq!(doc["rules"].as_array().map(Vec::len), Some(3));
    let values: Vec<u64> = doc["values"]
        .as_array()
        .expect("an array of values")
        .iter()
        .map(|v| v.as_u64().expect("a number"))
        .collect();
    let expected: Vec<u64> = Octal::dawsons_chess()
        .sequence(301)
        .unwrap()
        .iter()
        .map(Nimber::value)
        .collect();
    assert_eq!(values, expected);
    assert_eq!(doc["largest"], *expected.iter().max().unwrap());
    assert_eq!(
        doc["p_positions"],
        expected.iter().filter(|&&v| v == 0).count()
    );
    assert!(doc["seconds"].as_f64().is_some_and(|s| s >= 0.0));
    // ogsolve 0.137 -n 300 prints this checksum.
    assert_eq!(
        doc["checksum"],
        format!(
            "{:X}",
            Octal::dawsons_chess().sequence(301).unwrap().checksum()
        )
    );
    let doc: serde_json::Value =
        serde_json::from_str(&success(&["octal", "0.16", "--max", "199999", "--json"])).unwrap();
    // ogsolve 0.16 -m rc2 -n 199999: "checksum: CCAD3048"; Flammenkamp's mask for 0.16 is 1e.
    assert_eq!(doc["checksum"], "CCAD3048");
    assert_eq!(doc["rare_mask"], "1e");
    assert_eq!(doc["last_rare"], 13_935);
    let doc: serde_json::Value =
        serde_json::from_str(&success(&["grundy", "--max", "30000", "--json"])).unwrap();
    assert_eq!(doc["kind"], "grundy");
    assert_eq!(doc["name"], "Grundy's game");
    assert_eq!(doc["rare_mask"], "fe");
    assert_eq!(doc["values"][30_000], 149);

    let doc: serde_json::Value =
        serde_json::from_str(&success(&["subtraction", "2,3", "--all-but", "--json"])).unwrap();
    assert_eq!(doc["kind"], "subtraction");
    assert_eq!(doc["game"], "all but {2, 3}");
    assert_eq!(doc["period"], serde_json::Value::Null);
    assert_eq!(doc["values"].as_array().map(Vec::len), Some(1001));
}

#[test]
fn plots_are_svg_files() {
    // Few heaps: every heap a dot; many: a dot per pixel; a subtraction game as well.
    for (name, args) in [
        ("kayles.svg", vec!["octal", "0.77", "--max", "300"]),
        ("treblecross.svg", vec!["octal", "0.007", "--max", "5000"]),
        ("take.svg", vec!["subtraction", "1,3,4", "--max", "100000"]),
    ] {
        let path = temp_file(name);
        let path_arg = path.to_str().expect("a UTF-8 path");
        let mut args = args.clone();
        args.extend(["--plot", path_arg]);
        let summary = success(&args);
        assert_eq!(field(&summary, "plot"), path_arg);
        let svg = std::fs::read_to_string(&path).expect("the plot was written");
        std::fs::remove_file(&path).unwrap();
        assert!(
            svg.starts_with("<svg") || svg.starts_with("<?xml"),
            "{}",
            &svg[..100]
        );
        assert!(svg.contains("g(n)") && svg.trim_end().ends_with("</svg>"));
    }
    // With --values, the plot is drawn and standard output holds the values alone.
    let path = temp_file("values.svg");
    let printed = success(&[
        "octal",
        "0.07",
        "--max",
        "9",
        "--values",
        "--plot",
        path.to_str().unwrap(),
    ]);
    assert_eq!(numbers(&printed), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0]);
    assert!(path.exists());
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn no_progress_bar_when_output_is_not_a_terminal() {
    // Long enough that a terminal would see the bar move.
    let output = sprague(&["octal", "0.007", "--max", "20000"]);
    assert!(output.status.success());
    assert!(output.stderr.is_empty(), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(!out.contains('\r') && !out.contains('\u{1b}'), "{out}");
    assert!(!out.contains("=>") && !out.contains("heaps, "), "{out}");
}

#[test]
fn a_reader_that_stops_early_is_not_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["subtraction", "1,3,4", "--max", "10000000", "--values"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The pipe is closed here, with millions of values still to write.
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{:?}", output.status);
    assert_eq!(stderr(&output), "");
}

// ---------------------------------------------------------------------------------------------
// Nim, grids, Crosses and Crosses

#[test]
fn nim_gives_the_value_and_the_winning_moves() {
    let out = success(&["nim", "3", "4", "5"]);
    assert_eq!(field(&out, "value"), "2 (the nim-sum 3 xor 4 xor 5)");
    assert_eq!(field(&out, "outcome"), "N: the player to move wins");
    assert_eq!(field(&out, "winning move"), "take 2 from heap 1 (3 -> 1)");

    let out = success(&["nim", "1", "2", "3"]);
    assert_eq!(field(&out, "outcome"), "P: the player to move loses");
    assert!(!out.contains("winning move"));

    // Every heap with the top bit of the nim-sum can be reduced.
    let out = success(&["nim", "3", "5", "6", "7"]);
    let moves: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("winning move"))
        .map(str::trim)
        .collect();
    assert_eq!(
        moves,
        [
            "take 3 from heap 2 (5 -> 2)",
            "take 5 from heap 3 (6 -> 1)",
            "take 7 from heap 4 (7 -> 0)"
        ]
    );

    let out = success(&["nim", "1", "1", "4", "--misere"]);
    assert_eq!(field(&out, "winning move"), "take 3 from heap 3 (4 -> 1)");
    let out = success(&["nim", "1", "1", "1", "--misere"]);
    assert_eq!(field(&out, "outcome"), "P: the player to move loses");
}

#[test]
fn grid_values_outcomes_cuts_and_tables_are_the_librarys() {
    // The samples of POJ 2311.
    for (w, h, outcome) in [("2", "2", "P"), ("3", "2", "P"), ("4", "2", "N")] {
        let out = success(&["grid", w, h, "--min-side", "2"]);
        assert!(field(&out, "outcome").starts_with(outcome), "{out}");
    }
    let out = success(&["grid", "4", "2", "--min-side", "2"]);
    assert_eq!(
        field(&out, "winning cut"),
        "after column 2: 2 x 2 and 2 x 2"
    );

    let (w, h) = (9u32, 7u32);
    let out = success(&["grid", &w.to_string(), &h.to_string(), "--table"]);
    let table = GridCutting::table(w, h, 1).unwrap();
    assert_eq!(
        field(&out, "value"),
        table.get(w, h).unwrap().value().to_string()
    );
    // Every cut listed leaves two pieces of equal value, a P-position.
    for line in out.lines().filter(|l| l.starts_with("winning cut")) {
        let pieces: Vec<u32> = line
            .split(|c: char| !c.is_ascii_digit())
            .filter(|s| !s.is_empty())
            .map(|s| s.parse().unwrap())
            .collect();
        let [_, a, b, c, d] = pieces[..] else {
            panic!("{line}")
        };
        assert_eq!(table.get(a, b), table.get(c, d), "{line}");
    }
    // The table: a header row of widths, then a row per height.
    let rows: Vec<Vec<u64>> = out
        .lines()
        .skip_while(|l| !l.starts_with("value of every sheet"))
        .skip(2)
        .map(numbers)
        .collect();
    assert_eq!(rows.len(), h as usize);
    for (y, row) in (1..=h).zip(&rows) {
        let expected: Vec<u64> = std::iter::once(u64::from(y))
            .chain((1..=w).map(|x| table.get(x, y).unwrap().value()))
            .collect();
        assert_eq!(row, &expected);
    }
}

/// Crosses and Crosses as the players see it: an X on any empty square, and whoever completes
/// three in a row wins, so the position after that move has no moves left for the loser.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Strip {
    squares: u32,
    crosses: u32,
}

impl Strip {
    fn three_in_a_row(&self) -> bool {
        self.crosses & (self.crosses >> 1) & (self.crosses >> 2) != 0
    }

    fn with_cross(&self, square: u32) -> Strip {
        Strip {
            squares: self.squares,
            crosses: self.crosses | 1 << square,
        }
    }
}

impl Game for Strip {
    fn successors(&self) -> impl IntoIterator<Item = Self> {
        let over = self.three_in_a_row();
        (0..self.squares)
            .filter(|&i| !over && self.crosses & (1 << i) == 0)
            .map(|i| self.with_cross(i))
            .collect::<Vec<_>>()
    }
}

#[test]
fn treblecross_matches_a_search_of_the_real_game() {
    let mut solver = Solver::new();
    for n in 3..=15u32 {
        let out = success(&["treblecross", &n.to_string()]);
        let empty = Strip {
            squares: n,
            crosses: 0,
        };
        let first_wins = solver.outcome(&empty).unwrap() == Outcome::N;
        assert_eq!(
            field(&out, "outcome").starts_with("the first player wins"),
            first_wins,
            "n = {n}: {out}"
        );
        let winning: Vec<u32> = (1..=n)
            .filter(|&i| solver.outcome(&empty.with_cross(i - 1)).unwrap() == Outcome::P)
            .collect();
        let printed: Vec<u32> = out
            .lines()
            .find_map(|l| l.strip_prefix("winning move"))
            .map(|rest| {
                rest.split(|c: char| !c.is_ascii_digit())
                    .filter(|s| !s.is_empty())
                    .map(|s| s.parse().unwrap())
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(printed, winning, "n = {n}: {out}");
    }
    // The library's sequence decides larger boards.
    let values = Octal::treblecross().sequence(2003).unwrap();
    for n in [100usize, 1000, 2000] {
        let out = success(&["treblecross", &n.to_string()]);
        let wins = !values.get(n + 2).unwrap().is_zero();
        assert_eq!(field(&out, "outcome").starts_with("the first"), wins);
    }
}

// ---------------------------------------------------------------------------------------------
// Bad input

#[test]
fn bad_input_is_one_line_and_exit_status_2() {
    let err = bad_input(
        &["octal", "0.8"],
        "invalid game code \"0.8\" at character 2",
    );
    assert!(err.starts_with("sprague: "));
    assert_eq!(err.lines().count(), 1, "{err}");
    bad_input(&["octal", "77"], "has no point");
    bad_input(
        &["subtraction", "0,1"],
        "a subtraction set cannot contain 0",
    );
    bad_input(&["subtraction", "1,x"], "invalid value");
    bad_input(&["treblecross", "2"], "needs at least 3");
    bad_input(&["grid", "0", "3"], "invalid value");
    bad_input(&["grid", "70000", "3"], "sides above 4096 are refused");
    bad_input(&["nim", "3", "-1"], "");
    bad_input(&["nim"], "required");
    bad_input(
        &["octal", "0.77", "--values", "--json"],
        "cannot be used with",
    );
    bad_input(&["octal", "0.77", "--max", "1e9"], "invalid value");
    bad_input(&["fly"], "unrecognized subcommand");
    bad_input(&[], "Usage");
}

#[test]
fn sizes_beyond_memory_are_errors_at_once() {
    let start = Instant::now();
    // A period answers any length: only the values up to its proof are stored.
    let summary = success(&["octal", "0.77", "--max", "20000000000"]);
    assert_eq!(field(&summary, "heaps"), "0 to 20000000000");
    assert_eq!(
        field(&summary, "P-positions"),
        "1 of 20000000001 heaps: heap 0"
    );
    // Without a period, a length that would take more than a day is refused after a moment.
    let err = bad_input(
        &["octal", "0.007", "--max", "1000000000000000000"],
        "would take about",
    );
    assert!(
        err.contains("--max 1000000000000000000 is too large"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    bad_input(
        &["octal", "0.007", "--max", &usize::MAX.to_string()],
        "is too large",
    );
    bad_input(
        &["subtraction", "1", "--all-but", "--max", "100000000"],
        "--max 100000000 is too large",
    );
    bad_input(&["treblecross", "1000000000"], "would take about");
    bad_input(&["grundy", "--max", "1000000000000"], "would take about");
    assert!(start.elapsed() < Duration::from_secs(10));
}

#[test]
fn unwritable_plots_are_exit_status_1() {
    let path = temp_file("no-such-directory/plot.svg");
    let output = sprague(&["octal", "0.77", "--plot", path.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(err.starts_with("sprague: cannot draw the plot"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

// ---------------------------------------------------------------------------------------------
// Games on boards

#[test]
fn cram_by_size_and_by_text() {
    use sprague::games::{Cram, Domino};
    let summary = success(&["cram", "3x4"]);
    assert_eq!(field(&summary, "value"), "1");
    assert!(field(&summary, "outcome").starts_with("N"));
    // Every winning move listed wins on the real board, and there are as many as the library finds.
    let board = Cram::new(3, 4).unwrap();
    let mut solver = Solver::new();
    let wins = board.winning_moves(&mut solver).unwrap();
    let listed: Vec<&str> = summary
        .lines()
        .filter_map(|l| l.strip_prefix("winning move"))
        .map(str::trim)
        .collect();
    let expected: Vec<String> = wins.iter().map(Domino::to_string).collect();
    assert_eq!(listed, expected);
    let symmetric = success(&["cram", "4x4"]);
    assert_eq!(field(&symmetric, "value"), "0");
    assert!(!symmetric.contains("winning move"));
    let text = success(&["cram", "...|.#.|..."]);
    assert_eq!(field(&text, "value"), "0");
    let json = success(&["cram", "..|..|..", "--json"]);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["value"], 1);
    assert_eq!(doc["outcome"], "N");
    assert_eq!(doc["board"], "..|..|..");
    assert!(
        doc["winning_moves"]
            .as_array()
            .is_some_and(|m| !m.is_empty())
    );
}

#[test]
fn cram_bad_boards() {
    bad_input(&["cram", "..|."], "row 2");
    bad_input(&["cram", "..|.x"], "'x'");
    bad_input(
        &["cram", "9x9"],
        "cell count 81 is out of range: the most is 64",
    );
    bad_input(
        &["cram", "4294967295x4294967295"],
        "cell count 18446744065119617025 is out of range",
    );
}

#[test]
fn chomp_value_and_bites() {
    let summary = success(&["chomp", "4", "4"]);
    // The square's only winning bite leaves an L of equal arms.
    assert_eq!(field(&summary, "winning bite"), "(1,1)");
    let bar = success(&["chomp", "1", "6", "--json"]);
    let doc: serde_json::Value = serde_json::from_str(&bar).unwrap();
    assert_eq!(doc["value"], 5);
    assert_eq!(doc["winning_moves"], serde_json::json!(["(0,1)"]));
    bad_input(&["chomp", "0", "3"], "poisoned");
    bad_input(&["chomp", "20", "20"], "shorter side of a chomp bar 20");
}

// ---------------------------------------------------------------------------------------------
// Hardening: no panic, no abort, no hang, bounded memory

#[test]
fn usage_errors_are_one_line_with_help_behind_help() {
    for (args, message) in [
        (&["grid", "0", "0"][..], "invalid value '0' for '<W>'"),
        (
            &["octal", "0.77", "--max", "-1"],
            "unexpected argument '-1'",
        ),
        (
            &["octal", "0.77", "--max", "18446744073709551616"],
            "number too large",
        ),
        (&["nim", "--json"], "<HEAP>"),
    ] {
        let err = bad_input(args, message);
        assert!(err.ends_with("(see --help)\n"), "{err}");
        assert!(!err.contains("Usage"), "{err}");
    }
    assert!(success(&["grid", "--help"]).contains("Usage"));
}

#[test]
fn code_errors_give_the_characters_position() {
    bad_input(&["octal", "ééé"], "at character 3");
    bad_input(
        &["octal", "0.é"],
        "at character 2: 'é' is not an octal digit",
    );
}

#[cfg(target_os = "linux")]
#[test]
fn unwritable_errors_and_closed_output_set_the_exit_status() {
    // A failed report of bad input once panicked in `eprintln!`, exit status 101.
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
    let full = full.expect("/dev/full");
    let status = Command::new(env!("CARGO_BIN_EXE_sprague"))
        .args(["octal", "0.8"])
        .stderr(full)
        .status()
        .expect("the binary runs");
    assert_eq!(status.code(), Some(2));
    // A closed standard output once lost the output with exit status 0.
    let closed = Command::new("sh")
        .args([
            "-c",
            "exec \"$0\" nim 3 4 5 >&-",
            env!("CARGO_BIN_EXE_sprague"),
        ])
        .output()
        .expect("sh runs");
    assert_eq!(closed.status.code(), Some(1), "{}", stderr(&closed));
    assert!(stderr(&closed).contains("standard output is closed"));
    // /dev/null opened by the shell is a place to write to.
    let null = Command::new("sh")
        .args([
            "-c",
            "exec \"$0\" nim 3 4 5 >/dev/null",
            env!("CARGO_BIN_EXE_sprague"),
        ])
        .output()
        .expect("sh runs");
    assert_eq!(null.status.code(), Some(0), "{}", stderr(&null));
}

#[test]
fn position_commands_give_json() {
    assert_eq!(
        success(&["nim", "3", "4", "5", "--json"]),
        "{\"kind\":\"nim\",\"heaps\":[3,4,5],\"play\":\"normal\",\"nim_sum\":2,\"outcome\":\"N\",\"winning_moves\":[{\"heap\":1,\"from\":3,\"to\":1}]}\n"
    );
    let misere = success(&["nim", "1", "1", "4", "--misere", "--json"]);
    assert!(misere.contains("\"play\":\"misère\""), "{misere}");
    assert!(
        misere.contains("[{\"heap\":3,\"from\":4,\"to\":1}]"),
        "{misere}"
    );
    // 5 x 4 under minimum side 2: the summary's cuts and the library's table.
    let grid = success(&["grid", "5", "4", "--min-side", "2", "--json", "--table"]);
    assert!(
        grid.starts_with(
            "{\"kind\":\"grid\",\"w\":5,\"h\":4,\"min_side\":2,\"value\":1,\"outcome\":\"N\""
        ),
        "{grid}"
    );
    assert!(
        grid.contains("{\"after\":\"column\",\"at\":2,\"pieces\":[[2,4],[3,4]]}"),
        "{grid}"
    );
    let table = GridCutting::table(5, 4, 2).unwrap();
    let rows: Vec<String> = (1..=4)
        .map(|h| {
            let row: Vec<String> = (1..=5)
                .map(|w| table.get(w, h).unwrap().value().to_string())
                .collect();
            format!("[{}]", row.join(","))
        })
        .collect();
    assert!(
        grid.ends_with(&format!("\"table\":[{}]}}\n", rows.join(","))),
        "{grid}"
    );
    // The summary's first crosses for a strip of 10 (checked against the game above).
    let text = success(&["treblecross", "10"]);
    let json = success(&["treblecross", "10", "--json"]);
    assert!(text.contains("an X on square 2, 5, 6, 9"), "{text}");
    assert_eq!(
        json,
        "{\"kind\":\"treblecross\",\"n\":10,\"heap\":12,\"value\":1,\"outcome\":\"N\",\"winning_moves\":[2,5,6,9]}\n"
    );
}

#[test]
fn json_shows_the_whole_subtraction_set() {
    let set = "1,2,3,5,8,13,21,34,55,89";
    let json = success(&["subtraction", set, "--json", "--max", "5"]);
    assert!(
        json.contains("\"game\":\"{1, 2, 3, 5, 8, 13, 21, 34, 55, 89}\""),
        "{json}"
    );
    // So does the summary.
    assert!(
        success(&["subtraction", set, "--max", "5"])
            .contains("{1, 2, 3, 5, 8, 13, 21, 34, 55, 89}")
    );
}

#[test]
fn strips_of_any_length_are_valued_at_once() {
    let start = Instant::now();
    // Once an O(n^3) table of 40000 x 40000 sheets: minutes, and 3.2 GB.
    let out = success(&["grid", "40000", "1"]);
    assert_eq!(field(&out, "value"), "1");
    assert!(out.contains("… (20000 in all)"), "{out}");
    assert_eq!(field(&success(&["grid", "1", "39999"]), "value"), "0");
    assert_eq!(
        field(
            &success(&["grid", "1", "4294967295", "--min-side", "2"]),
            "value"
        ),
        "0"
    );
    assert!(start.elapsed() < Duration::from_secs(10));
    // The closed form against the table.
    let table = GridCutting::table(1, 60, 1).unwrap();
    for n in 1..=60u32 {
        let out = success(&["grid", "1", &n.to_string()]);
        assert_eq!(
            field(&out, "value"),
            table.get(1, n).unwrap().value().to_string()
        );
    }
}

#[test]
fn nim_with_many_heaps_needs_memory_linear_in_them() {
    // Every winning move once cloned all the heaps: 3.2 GB for 30000 heaps.
    let heaps: Vec<String> = (1..=30_000).map(|h: u64| h.to_string()).collect();
    let mut command = Command::new(env!("CARGO_BIN_EXE_sprague"));
    command.arg("nim").args(&heaps);
    let Some(mut capped) = memory_cap::capped(256 << 20, &command) else {
        return;
    };
    let output = capped.output().expect("the binary runs");
    assert!(output.status.success(), "{}", stderr(&output));
    let out = stdout(&output);
    let sum = (1..=30_000u64).fold(0, |a, h| a ^ h);
    let moves = (1..=30_000u64).filter(|&h| h ^ sum < h).count();
    assert_eq!(out.matches("winning move").count(), moves);
}
