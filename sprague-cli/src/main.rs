//! `sprague`: Grundy values of ready-made impartial games from the command line.
//!
//! The package `sprague-cli` of the sprague workspace: `cargo install sprague-cli`, or in a
//! clone `cargo install --path sprague-cli`. Each command reads
//! its game from the arguments, computes with the library, and prints a summary (or, for
//! the sequence commands, the bare values or a JSON document). Bad input is one line on
//! standard error and exit status 2.
//!
//! [`run`] is the whole program but for the process around it (arguments, standard streams,
//! exit status), so that tests and fuzzing call it as a function.
#![forbid(unsafe_code)]
#![warn(rust_2018_idioms)]
#![warn(clippy::pedantic)]
#![allow(clippy::cast_possible_truncation)]

mod boards;
mod documents;
mod grundy;
mod plot;
mod progress;
mod rare;
mod sequence;
mod words;

use std::ffi::OsString;
use std::fmt::Display;
use std::io::{self, BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Parser, Subcommand};
use sprague::games::{GridCutting, GridTable, Nim, Octal, Subtraction};
use sprague::{Nimber, Outcome, Sequence};

use self::progress::Refusal;
use self::sequence::GameInfo;

/// The most winning cuts or first crosses listed.
const SHOWN: usize = 16;

#[derive(Parser)]
#[command(
    name = "sprague",
    version,
    about = "Grundy values of impartial games: octal and subtraction games, Nim, cutting paper, Crosses and Crosses",
    after_help = "Exit status: 0 on success, 1 if the output cannot be written, 2 on bad input."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// The Grundy sequence of an octal game (0.77 is Kayles, 0.007 Treblecross) and its period
    #[command(after_help = "\
A code d0.d1d2... says what removing j tokens from a heap may leave, digit dj being a sum of
1 (no heap: the whole heap of j), 2 (one heap), 4 (two heaps) and 8 (three heaps, in a
hexadecimal code written 0x...). The period is proven by the periodicity theorem from the
values computed, so a larger --max can prove one that a smaller cannot.

On a terminal, a long computation shows a progress bar on standard error.")]
    Octal(OctalArgs),
    /// The Grundy sequence of a subtraction game (1,3,4: take 1, 3 or 4) and its period
    Subtraction(SubtractionArgs),
    /// A Nim position: its value and the winning moves
    Nim(NimArgs),
    /// Cutting a W x H sheet of grid paper into two along a grid line: value, outcome, winning cuts
    Grid(GridArgs),
    /// Crosses and Crosses on a 1 x N strip: who wins, and the winning first crosses
    Treblecross(TreblecrossArgs),
    /// Cram on a board (5x6, or "..#|...|..."): value, outcome, winning moves
    Cram(boards::CramArgs),
    /// Chomp on an R x C bar: value, outcome, winning bites
    Chomp(boards::ChompArgs),
    /// The Grundy sequence of Grundy's game (split a heap into two unequal heaps) or its kin
    Grundy(grundy::GrundyArgs),
}

/// What the sequence commands compute and print.
#[derive(Args)]
struct SequenceOptions {
    /// Compute the values of heaps 0 to N
    #[arg(long, value_name = "N", default_value_t = 1000)]
    max: usize,
    /// Print only the N + 1 values, separated by spaces, 20 to a line
    #[arg(long, conflicts_with = "json")]
    values: bool,
    /// Print a JSON document: the summary's facts and the N + 1 values
    #[arg(long)]
    json: bool,
    /// Also draw g(n) against n into this SVG file
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

#[derive(Args)]
struct OctalArgs {
    /// The game's code: 0.77, 4.07, 0x0.2048 (hexadecimal)
    code: String,
    #[command(flatten)]
    options: SequenceOptions,
}

#[derive(Args)]
struct SubtractionArgs {
    /// The numbers of tokens a move may take, separated by commas: 1,3,4
    #[arg(value_name = "SET", value_delimiter = ',', required = true)]
    set: Vec<u64>,
    /// Take any positive number except those in SET
    #[arg(long)]
    all_but: bool,
    #[command(flatten)]
    options: SequenceOptions,
}

#[derive(Args)]
struct NimArgs {
    /// The heap sizes
    #[arg(value_name = "HEAP", required = true)]
    heaps: Vec<u64>,
    /// Misère play: whoever takes the last token loses
    #[arg(long)]
    misere: bool,
    /// Print a JSON document: the heaps, the nim-sum, the outcome and the winning moves
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
#[command(after_help = "\
The values come from a table of every sheet up to max(W, H) on both sides, which takes
O(n^3) time for n = max(W, H): about 0.3 s for n = 1000, 7 s for n = 3000, so sides above
4096 are refused. A 1 x N strip needs no table, for any N: every cut leaves two strips, and
under --min-side 1 a strip is worth (N - 1) mod 2 (it always takes N - 1 cuts).")]
struct GridArgs {
    /// The width of the sheet, in squares
    #[arg(value_parser = clap::value_parser!(u32).range(1..))]
    w: u32,
    /// The height of the sheet, in squares
    #[arg(value_parser = clap::value_parser!(u32).range(1..))]
    h: u32,
    /// Every piece of a cut must keep both sides at least K (2 for the cutting game of POJ 2311)
    #[arg(long, value_name = "K", default_value_t = 1)]
    min_side: u32,
    /// Also print the value of every sheet from 1 x 1 to W x H
    #[arg(long)]
    table: bool,
    /// Print a JSON document: the value, the outcome, the winning cuts (and the table)
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
#[command(after_help = "\
Players take turns writing an X on an empty square; whoever first completes three X in a row
wins. Nobody writes within two squares of another X, since the opponent would complete a row
at once, so the strip plays as a heap of N + 2 in the octal game Treblecross, 0.007.")]
struct TreblecrossArgs {
    /// The length of the strip, at least 3
    n: usize,
    /// Print a JSON document: the value, the outcome and the winning first crosses
    #[arg(long)]
    json: bool,
}

/// Why a command failed.
enum Failure {
    /// The input is wrong, or too large to compute: exit status 2.
    Input(String),
    /// The output could not be written: exit status 1.
    Output(io::Error),
    /// The plot could not be written: exit status 1.
    Plot(String),
}

impl From<sprague::Error> for Failure {
    fn from(e: sprague::Error) -> Self {
        // The library's errors all come from the game or the sizes asked for.
        Failure::Input(e.to_string())
    }
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Output(e)
    }
}

fn main() -> ExitCode {
    let mut stdout = io::stdout().lock();
    let mut closed = ClosedOutput;
    let out: &mut dyn Write = if stdout_was_closed() {
        &mut closed
    } else {
        &mut stdout
    };
    ExitCode::from(run(std::env::args_os(), out, &mut io::stderr()))
}

/// Runs the command line `args` (the program's name first), writing to `out` and `err`, and
/// returns the exit status: 0 on success, 1 if the output cannot be written, 2 on bad input.
///
/// Errors are one line on `err`, and a failure to write them changes nothing: the status
/// still tells what happened.
pub(crate) fn run<T: Into<OsString> + Clone>(
    args: impl IntoIterator<Item = T>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return usage(&e, out, err),
    };
    let mut out = BufWriter::new(out);
    let result = match cli.command {
        Command::Octal(args) => octal(&args, &mut out),
        Command::Subtraction(args) => subtraction(&args, &mut out),
        Command::Nim(args) => nim(&args, &mut out),
        Command::Grid(args) => grid(&args, &mut out),
        Command::Treblecross(args) => treblecross(&args, &mut out),
        Command::Cram(args) => boards::cram(&args, &mut out),
        Command::Chomp(args) => boards::chomp(&args, &mut out),
        Command::Grundy(args) => grundy::grundy(&args, &mut out),
    }
    .and_then(|()| out.flush().map_err(Failure::from));
    match result {
        Ok(()) => 0,
        // A reader that stops early (`| head`) is not an error.
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(failure) => {
            let (message, status) = match failure {
                Failure::Input(message) => (message, 2),
                Failure::Output(e) => (format!("cannot write the output: {e}"), 1),
                Failure::Plot(message) => (message, 1),
            };
            // Nowhere is left to report a failure to report.
            let _ = writeln!(err, "sprague: {message}");
            status
        }
    }
}

/// Prints a usage error as one line on `err`, or `--help` and `--version` on `out`, and
/// returns the exit status. Clap's hints and usage stay behind `--help`.
fn usage(e: &clap::Error, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let status = u8::try_from(e.exit_code()).unwrap_or(2);
    let text = e.render().to_string();
    let written = if !e.use_stderr() {
        write!(out, "{text}").and_then(|()| out.flush())
    } else if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        write!(err, "{text}")
    } else {
        // The first paragraph is the error; the rest is hints and usage.
        let first = text.split("\n\n").next().unwrap_or_default();
        let words: Vec<&str> = first.split_whitespace().collect();
        let line = words.join(" ");
        let line = line.strip_prefix("error: ").unwrap_or(&line);
        writeln!(err, "sprague: {line} (see --help)")
    };
    match written {
        Err(_) if !e.use_stderr() => 1,
        _ => status,
    }
}

/// Whether standard output was closed when the program started (`sprague nim 3 >&-`).
///
/// The Rust runtime opens /dev/null, for reading and writing, in place of a closed standard
/// stream, where output would vanish unnoticed. A shell opens /dev/null for writing only
/// (`> /dev/null`), so the mode tells the two apart.
fn stdout_was_closed() -> bool {
    if cfg!(target_os = "linux") {
        let null = std::fs::read_link("/proc/self/fd/1").is_ok_and(|t| t == *"/dev/null");
        let read_write = std::fs::read_to_string("/proc/self/fdinfo/1").is_ok_and(|info| {
            info.lines()
                .filter_map(|line| line.strip_prefix("flags:"))
                .any(|flags| u32::from_str_radix(flags.trim(), 8).is_ok_and(|f| f & 3 == 2))
        });
        null && read_write
    } else {
        false
    }
}

/// Standard output that was closed: every write fails.
struct ClosedOutput;

impl Write for ClosedOutput {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::other("standard output is closed"))
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The number of values for heaps 0 to `max`.
fn heaps_up_to(max: usize) -> Result<usize, Failure> {
    max.checked_add(1).ok_or_else(|| {
        Failure::Input(format!(
            "--max {max} is too large: heaps 0 to {max} cannot be counted"
        ))
    })
}

/// A library error, saying which option to lower when the sizes asked for are the problem.
fn too_large(e: impl Into<Refusal>, max: usize) -> Failure {
    match e.into() {
        e @ (Refusal::TooLong { .. }
        | Refusal::Library(
            sprague::Error::OutOfMemory { .. }
            | sprague::Error::OutOfRange { .. }
            | sprague::Error::NoPeriod { .. },
        )) => Failure::Input(format!("{e} (--max {max} is too large)")),
        Refusal::Library(e) => e.into(),
    }
}

/// `sprague octal CODE`: the sequence of an octal game, with a progress bar on a terminal.
fn octal(args: &OctalArgs, out: &mut impl Write) -> Result<(), Failure> {
    let game: Octal = args.code.parse()?;
    let len = heaps_up_to(args.options.max)?;
    let start = Instant::now();
    let seq = octal_sequence(&game, len).map_err(|e| too_large(e, args.options.max))?;
    let elapsed = start.elapsed();
    let info = GameInfo {
        kind: "octal",
        spec: game.to_string(),
        name: words::name(&game),
        rules: words::rules(&game),
        no_period: None,
    };
    report(&args.options, &info, &seq, elapsed, out)
}

/// The values of heaps `0..len`, shown as a progress bar on standard error when standard
/// output is a terminal: a person is watching, not a pipe.
fn octal_sequence(game: &Octal, len: usize) -> Result<Sequence, Refusal> {
    progress::watched(&game.to_string(), len, |p| {
        game.sequence_with_progress(len, p)
    })
}

/// `sprague subtraction SET`: the sequence of a subtraction game.
fn subtraction(args: &SubtractionArgs, out: &mut impl Write) -> Result<(), Failure> {
    let game = if args.all_but {
        Subtraction::all_but(args.set.clone())?
    } else {
        Subtraction::new(args.set.clone())?
    };
    let len = heaps_up_to(args.options.max)?;
    let start = Instant::now();
    let seq = game
        .sequence(len)
        .map_err(|e| too_large(e, args.options.max))?;
    let elapsed = start.elapsed();
    // The set is written whole, however long: a document is read by programs.
    let spec = game.to_string();
    let info = GameInfo {
        kind: "subtraction",
        name: None,
        rules: vec![format!("remove a number of tokens: {spec}")],
        spec,
        no_period: args
            .all_but
            .then_some("the values of an all-but game grow without bound"),
    };
    report(&args.options, &info, &seq, elapsed, out)
}

/// Prints a sequence as the options ask, and draws its plot.
fn report(
    options: &SequenceOptions,
    game: &GameInfo,
    seq: &Sequence,
    elapsed: std::time::Duration,
    out: &mut impl Write,
) -> Result<(), Failure> {
    if let Some(path) = &options.plot {
        let name = game
            .name
            .map(|name| format!(" ({name})"))
            .unwrap_or_default();
        let period = match seq.period() {
            Some(p) if p.preperiod > 0 => {
                format!(": period {} from heap {} (dashed)", p.period, p.preperiod)
            }
            Some(p) => format!(": period {}", p.period),
            None => String::new(),
        };
        let title = format!(
            "{} {}{name}, heaps 0 to {}{period}",
            game.kind, game.spec, options.max
        );
        plot::plot(path, &title, seq)
            .map_err(|e| Failure::Plot(format!("cannot draw the plot {}: {e}", path.display())))?;
    }
    if options.values {
        sequence::print_values(out, seq)?;
    } else if options.json {
        sequence::print_json(out, game, seq, elapsed)?;
    } else {
        sequence::print_summary(out, game, seq, elapsed)?;
        if let Some(path) = &options.plot {
            field(out, "plot", path.display())?;
        }
    }
    Ok(())
}

/// One line of a summary: a label, then the text in a column of its own.
fn field(out: &mut impl Write, label: &str, text: impl Display) -> io::Result<()> {
    writeln!(out, "{label:<15}{text}")
}

/// "N: the player to move wins" and the like.
fn outcome_in_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::N => "N: the player to move wins",
        Outcome::P => "P: the player to move loses",
        Outcome::D => "D: a draw with best play",
    }
}

/// `sprague nim HEAP...`: the nim-sum and the moves that make it 0, each described by its
/// heap and sizes: memory linear in the heaps, whatever the number of winning moves.
fn nim(args: &NimArgs, out: &mut impl Write) -> Result<(), Failure> {
    let position = Nim::new(args.heaps.clone());
    let sum = position.grundy().value();
    let (outcome, moves): (Outcome, Vec<(usize, u64)>) = if args.misere {
        let moves = position.misere_winning_reductions().collect();
        (position.misere_outcome(), moves)
    } else {
        let moves = position.winning_reductions().collect();
        (Outcome::from(position.grundy()), moves)
    };
    let moves = moves.into_iter().map(|(i, to)| documents::NimMove {
        heap: i + 1,
        from: args.heaps[i],
        to,
    });
    if args.json {
        let document = documents::Nim {
            kind: "nim",
            heaps: &args.heaps,
            play: if args.misere { "misère" } else { "normal" },
            sum,
            outcome: documents::outcome(outcome),
            winning_moves: moves.collect(),
        };
        return Ok(documents::print(out, &document)?);
    }
    let sizes: Vec<String> = args.heaps.iter().map(u64::to_string).collect();
    field(out, "heaps", sizes.join(" "))?;
    if args.misere {
        field(out, "play", "misère: whoever takes the last token loses")?;
        field(out, "nim-sum", sum)?;
    } else {
        let value = format!("{sum} (the nim-sum {})", sizes.join(" xor "));
        field(out, "value", value)?;
    }
    field(out, "outcome", outcome_in_words(outcome))?;
    for m in moves {
        let take = format!(
            "take {} from heap {} ({} -> {})",
            m.from - m.to,
            m.heap,
            m.from,
            m.to
        );
        field(out, "winning move", take)?;
    }
    Ok(())
}

/// The largest side `sprague grid` values by a table: it takes O(n^3) time, about 20 s here.
const MAX_GRID_SIDE: u32 = 4096;

/// The values of every sheet up to the one asked for: from a table, or for a strip, whose
/// pieces are all strips, in closed form.
enum Sheets {
    Table(GridTable),
    /// Under a minimum side of 1, a 1 x n strip always takes n - 1 cuts; under a larger one
    /// it takes none.
    Strip {
        min_side: u32,
    },
}

impl Sheets {
    fn value(&self, w: u32, h: u32) -> u64 {
        match self {
            Sheets::Table(table) => table.get(w, h).map_or(0, Nimber::value),
            Sheets::Strip { min_side } => u64::from(*min_side == 1 && w.max(h).is_multiple_of(2)),
        }
    }
}

/// `sprague grid W H`: the value of a sheet, its winning cuts, and the table of sizes.
fn grid(args: &GridArgs, out: &mut impl Write) -> Result<(), Failure> {
    let (w, h) = (args.w, args.h);
    let k = args.min_side.max(1);
    let sheets = if w.min(h) == 1 {
        Sheets::Strip { min_side: k }
    } else if w.max(h) > MAX_GRID_SIDE {
        return Err(Failure::Input(format!(
            "a {w} x {h} sheet is too large: its value needs every sheet up to {n} x {n}, O(n^3) work, and sides above {MAX_GRID_SIDE} are refused (a 1 x n strip takes any n)",
            n = w.max(h)
        )));
    } else {
        Sheets::Table(GridCutting::table(w, h, k)?)
    };
    let value_of = |w, h| sheets.value(w, h);
    let value = value_of(w, h);
    let outcome = Outcome::from(Nimber::new(value));
    let cuts = winning_cuts(&value_of, w, h, k);
    if args.json {
        let document = documents::Grid {
            kind: "grid",
            w,
            h,
            min_side: k,
            value,
            outcome: documents::outcome(outcome),
            winning_cuts: &cuts,
            table: args.table.then_some(documents::Rows {
                w,
                h,
                value: &value_of,
            }),
        };
        return Ok(documents::print(out, &document)?);
    }
    field(out, "sheet", format!("{w} x {h}"))?;
    if k > 1 {
        field(
            out,
            "rule",
            format!("every piece keeps both sides at least {k}"),
        )?;
    }
    field(out, "value", value)?;
    field(out, "outcome", outcome_in_words(outcome))?;
    for cut in cuts.iter().take(SHOWN) {
        let [first, second] = cut.pieces;
        let text = format!(
            "after {} {}: {} x {} and {} x {}",
            cut.after, cut.at, first.0, first.1, second.0, second.1
        );
        field(out, "winning cut", text)?;
    }
    if cuts.len() > SHOWN {
        field(out, "winning cut", format!("… ({} in all)", cuts.len()))?;
    }
    if args.table {
        print_grid_table(out, &value_of, w, h)?;
    }
    Ok(())
}

/// The cuts of a `w` × `h` sheet into two pieces of values that cancel, each described once.
fn winning_cuts(value_of: &dyn Fn(u32, u32) -> u64, w: u32, h: u32, k: u32) -> Vec<documents::Cut> {
    let mut cuts = Vec::new();
    // Cutting after column a, or after row b; a piece and its mirror image are the same cut.
    if h >= k {
        for a in (k..=w / 2).filter(|&a| w - a >= k) {
            if value_of(a, h) == value_of(w - a, h) {
                let pieces = [(a, h), (w - a, h)];
                cuts.push(documents::Cut {
                    after: "column",
                    at: a,
                    pieces,
                });
            }
        }
    }
    if w >= k {
        for b in (k..=h / 2).filter(|&b| h - b >= k) {
            if value_of(w, b) == value_of(w, h - b) {
                let pieces = [(w, b), (w, h - b)];
                cuts.push(documents::Cut {
                    after: "row",
                    at: b,
                    pieces,
                });
            }
        }
    }
    cuts
}

/// The values of every sheet up to `w` × `h`, a row per height.
fn print_grid_table(
    out: &mut impl Write,
    cell: &dyn Fn(u32, u32) -> u64,
    w: u32,
    h: u32,
) -> io::Result<()> {
    let widest = (1..=h)
        .flat_map(|y| (1..=w).map(move |x| (x, y)))
        .map(|(x, y)| cell(x, y).to_string().len())
        .chain([w.to_string().len(), h.to_string().len()])
        .max()
        .unwrap_or(1);
    writeln!(out)?;
    writeln!(
        out,
        "value of every sheet (0: the player to move loses); h down, w across"
    )?;
    write!(out, "{:>widest$}", "")?;
    for x in 1..=w {
        write!(out, " {x:>widest$}")?;
    }
    writeln!(out)?;
    for y in 1..=h {
        write!(out, "{y:>widest$}")?;
        for x in 1..=w {
            write!(out, " {:>widest$}", cell(x, y))?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// `sprague treblecross N`: who wins Crosses and Crosses on an empty 1 × N strip, and where
/// to write the first X.
fn treblecross(args: &TreblecrossArgs, out: &mut impl Write) -> Result<(), Failure> {
    let n = args.n;
    if n < 3 {
        return Err(Failure::Input(format!(
            "a strip of {n} squares has no room for three in a row: Crosses and Crosses needs at least 3"
        )));
    }
    // Heaps up to n + 2.
    let len = n
        .checked_add(3)
        .ok_or_else(|| Failure::Input(format!("a strip of {n} squares is too long to count")))?;
    let values = octal_sequence(&Octal::treblecross(), len)
        .map_err(|e| Failure::Input(format!("{e} (a strip of {n} squares is too long)")))?;
    let g = |heap: usize| values.get(heap).map_or(0, Nimber::value);
    let value = g(n + 2);
    if args.json {
        // An X on square i kills squares i - 2 to i + 2, as below.
        let winning = (1..=n).filter(|&i| value != 0 && g(i - 1) == g(n - i));
        let document = documents::Treblecross {
            kind: "treblecross",
            n,
            heap: n + 2,
            value,
            outcome: documents::outcome(Outcome::from(Nimber::new(value))),
            winning_moves: winning.collect(),
        };
        return Ok(documents::print(out, &document)?);
    }
    field(out, "strip", format!("1 x {n}, empty"))?;
    let heap = format!("{value} (a heap of {} in Treblecross, 0.007)", n + 2);
    field(out, "value", heap)?;
    if value == 0 {
        field(
            out,
            "outcome",
            "the second player wins: every first X loses",
        )?;
        return Ok(());
    }
    field(out, "outcome", "the first player wins")?;
    // An X on square i kills squares i - 2 to i + 2: the rest plays as heaps of (i - 3) + 2
    // and (n - i - 2) + 2 in 0.007 (heaps of 0, 1 and 2 are all worth 0).
    let winning: Vec<usize> = (1..=n).filter(|&i| g(i - 1) == g(n - i)).collect();
    let listed: Vec<String> = winning.iter().take(SHOWN).map(usize::to_string).collect();
    let more = if winning.len() > SHOWN {
        format!(" … ({} in all)", winning.len())
    } else {
        String::new()
    };
    let label = if winning.len() == 1 {
        "winning move"
    } else {
        "winning moves"
    };
    field(
        out,
        label,
        format!("an X on square {}{more}", listed.join(", ")),
    )?;
    Ok(())
}
