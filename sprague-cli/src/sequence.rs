//! What the sequence commands print: a summary, the bare values, or a JSON document.

use std::collections::BTreeSet;
use std::io::{self, Write};
use std::time::Duration;

use serde::{Serialize, Serializer};

use super::field;
use super::rare::RareSplit;
use sprague::{Nimber, Period, Sequence};

/// The game behind a sequence, as the summary and the JSON document describe it.
pub struct GameInfo {
    /// `"octal"` or `"subtraction"`.
    pub kind: &'static str,
    /// The code or the set, as the library prints it: `0.77`, `{1, 3, 4}`, `all but {2}`.
    pub spec: String,
    /// The game's usual name, if it has one.
    pub name: Option<&'static str>,
    /// The rules in words, one line each.
    pub rules: Vec<String>,
    /// Why the game has no period, when theory says it never has one.
    pub no_period: Option<&'static str>,
}

/// The facts the summary reports about the values of heaps `0..len`.
#[derive(Debug, PartialEq, Eq)]
pub struct Facts {
    /// The distinct values, ascending.
    pub distinct: BTreeSet<u64>,
    /// The largest value and the first heap with it.
    pub largest: (u64, usize),
    /// The number of heaps worth 0.
    pub p_positions: usize,
    /// The heaps worth 0 below the end of the first period (or below `len`), ascending.
    pub first_p_positions: Vec<usize>,
}

impl Facts {
    /// Reads the facts off a sequence in O(preperiod + period) when a period is proven, so
    /// that a billion heaps of a periodic game cost no more than one period.
    pub fn of(seq: &Sequence) -> Self {
        let len = seq.len();
        let scanned = seq
            .period()
            .map_or(len, |p| (p.preperiod + p.period).min(len));
        let mut facts = Facts {
            distinct: BTreeSet::new(),
            largest: (0, 0),
            p_positions: 0,
            first_p_positions: Vec::new(),
        };
        for (n, value) in seq.iter().take(scanned).map(Nimber::value).enumerate() {
            facts.distinct.insert(value);
            if value > facts.largest.0 {
                facts.largest = (value, n);
            }
            if value == 0 {
                facts.first_p_positions.push(n);
            }
        }
        facts.p_positions = match seq.period() {
            Some(p) if len > scanned => {
                // Heaps past the first period repeat it: whole periods, then a part of one.
                let zeros_in = |range: std::ops::Range<usize>| {
                    facts
                        .first_p_positions
                        .iter()
                        .filter(|n| range.contains(n))
                        .count()
                };
                let repeats = (len - p.preperiod) / p.period;
                let part = (len - p.preperiod) % p.period;
                zeros_in(0..p.preperiod)
                    + repeats * zeros_in(p.preperiod..scanned)
                    + zeros_in(p.preperiod..p.preperiod + part)
            }
            _ => facts.first_p_positions.len(),
        };
        facts
    }
}

/// The summary lists at most this many values, or P-positions.
const SHOWN: usize = 16;

/// Prints the summary: the game, its rules, the values, the P-positions and the period.
pub fn print_summary(
    out: &mut impl Write,
    game: &GameInfo,
    seq: &Sequence,
    elapsed: Duration,
) -> io::Result<()> {
    let facts = Facts::of(seq);
    let max = seq.len().saturating_sub(1);
    let title = match game.name {
        Some(name) => format!("{} ({name})", game.spec),
        None => game.spec.clone(),
    };
    field(out, "game", format!("{} {title}", game.kind))?;
    field(
        out,
        "rules",
        "a move takes from one heap; whoever cannot move loses",
    )?;
    for line in &game.rules {
        field(out, "", format!("  {line}"))?;
    }
    field(out, "heaps", format!("0 to {max}"))?;
    let distinct = facts.distinct.len();
    if distinct <= SHOWN {
        let listed: Vec<String> = facts.distinct.iter().map(u64::to_string).collect();
        field(
            out,
            "values",
            format!("{distinct} distinct: {}", listed.join(" ")),
        )?;
    } else {
        field(out, "values", format!("{distinct} distinct"))?;
    }
    let (largest, at) = facts.largest;
    field(out, "largest", format!("{largest}, first at heap {at}"))?;
    let p_positions = format!(
        "{} of {} heaps: {}",
        facts.p_positions,
        seq.len(),
        p_positions_in_words(&facts, seq.period())
    );
    field(out, "P-positions", p_positions)?;
    let period = match seq.period() {
        Some(p) => format!(
            "{} from heap {}: g(n + {}) = g(n) for every n >= {}, proven",
            p.period, p.preperiod, p.period, p.preperiod
        ),
        None => match game.no_period {
            Some(why) => format!("none: {why}"),
            None => format!("no period proven up to {max}"),
        },
    };
    field(out, "period", period)?;
    if let Some(split) = RareSplit::of(seq) {
        let last = split
            .last
            .map_or(String::new(), |n| format!(", the last at heap {n}"));
        field(
            out,
            "rare values",
            format!("{} heaps by the mask {:x}{last}", split.rare, split.mask),
        )?;
    }
    field(
        out,
        "checksum",
        format!("{:X} (as ogsolve prints it)", seq.checksum()),
    )?;
    field(out, "time", duration_in_words(elapsed))
}

/// The P-positions: the first ones, and with a period the residues that repeat.
fn p_positions_in_words(facts: &Facts, period: Option<Period>) -> String {
    let Some(p) = period else {
        return match facts.first_p_positions.as_slice() {
            [] => "none".to_string(),
            heaps => heaps_in_words(heaps),
        };
    };
    let (before, periodic): (Vec<usize>, Vec<usize>) = facts
        .first_p_positions
        .iter()
        .partition(|&&n| n < p.preperiod);
    let mut parts = Vec::new();
    if !before.is_empty() {
        parts.push(heaps_in_words(&before));
    }
    if !periodic.is_empty() {
        let mut residues: Vec<usize> = periodic.iter().map(|n| n % p.period).collect();
        residues.sort_unstable();
        let from = if p.preperiod > 0 {
            format!(" from {}", p.preperiod)
        } else {
            String::new()
        };
        parts.push(if residues.len() <= SHOWN {
            let residues: Vec<String> = residues.iter().map(usize::to_string).collect();
            format!(
                "every heap n{from} with n mod {} in {{{}}}",
                p.period,
                residues.join(", ")
            )
        } else {
            format!(
                "{} heaps in every period of {}{from}",
                residues.len(),
                p.period
            )
        });
    }
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join("; then ")
    }
}

/// "heap 0", "heaps 0, 2, 8", or the first ones and "… (40 in all)".
fn heaps_in_words(heaps: &[usize]) -> String {
    let shown: Vec<String> = heaps.iter().take(SHOWN).map(usize::to_string).collect();
    let noun = if heaps.len() == 1 { "heap" } else { "heaps" };
    let more = if heaps.len() > SHOWN {
        format!(" … ({} in all)", heaps.len())
    } else {
        String::new()
    };
    format!("{noun} {}{more}", shown.join(", "))
}

/// "0.42 ms", "120 ms", "2.31 s".
fn duration_in_words(elapsed: Duration) -> String {
    let seconds = elapsed.as_secs_f64();
    if seconds < 0.01 {
        format!("{:.2} ms", seconds * 1e3)
    } else if seconds < 1.0 {
        format!("{:.0} ms", seconds * 1e3)
    } else {
        format!("{seconds:.2} s")
    }
}

/// Prints the values alone, separated by spaces, 20 to a line.
pub fn print_values(out: &mut impl Write, seq: &Sequence) -> io::Result<()> {
    const PER_LINE: usize = 20;
    for (n, value) in seq.iter().enumerate() {
        let end = n % PER_LINE == PER_LINE - 1 || n + 1 == seq.len();
        write!(out, "{}{}", value.value(), if end { "\n" } else { " " })?;
    }
    Ok(())
}

/// The JSON document of `--json`.
#[derive(Serialize)]
struct Document<'a> {
    kind: &'static str,
    game: &'a str,
    name: Option<&'static str>,
    rules: &'a [String],
    max: usize,
    distinct: usize,
    largest: u64,
    largest_at: usize,
    p_positions: usize,
    period: Option<PeriodJson>,
    /// The rare/common split, its mask in hexadecimal as Flammenkamp and Czajka print it.
    rare_mask: Option<String>,
    rare: Option<usize>,
    last_rare: Option<usize>,
    /// ogsolve's checksum, in hexadecimal as it prints it.
    checksum: String,
    seconds: f64,
    values: ValuesJson<'a>,
}

/// The values of a sequence as a JSON array, streamed: a million values are never a million
/// JSON nodes at once.
struct ValuesJson<'a>(&'a Sequence);

impl Serialize for ValuesJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(Nimber::value))
    }
}

#[derive(Serialize)]
struct PeriodJson {
    preperiod: usize,
    period: usize,
}

/// Prints the JSON document: the summary's facts and the values.
pub fn print_json(
    out: &mut impl Write,
    game: &GameInfo,
    seq: &Sequence,
    elapsed: Duration,
) -> io::Result<()> {
    let facts = Facts::of(seq);
    let split = RareSplit::of(seq);
    let document = Document {
        kind: game.kind,
        game: &game.spec,
        name: game.name,
        rules: &game.rules,
        max: seq.len().saturating_sub(1),
        distinct: facts.distinct.len(),
        largest: facts.largest.0,
        largest_at: facts.largest.1,
        p_positions: facts.p_positions,
        period: seq.period().map(|p| PeriodJson {
            preperiod: p.preperiod,
            period: p.period,
        }),
        rare_mask: split.as_ref().map(|s| format!("{:x}", s.mask)),
        rare: split.as_ref().map(|s| s.rare),
        last_rare: split.as_ref().and_then(|s| s.last),
        checksum: format!("{:X}", seq.checksum()),
        seconds: elapsed.as_secs_f64(),
        values: ValuesJson(seq),
    };
    serde_json::to_writer(&mut *out, &document).map_err(io::Error::from)?;
    writeln!(out)
}

#[cfg(test)]
mod tests {
    use super::Facts;
    use sprague::games::{Octal, Subtraction};
    use sprague::{Nimber, Sequence};

    /// The facts by looking at every value.
    fn counted(seq: &Sequence) -> (usize, u64, usize) {
        let values: Vec<u64> = seq.iter().map(Nimber::value).collect();
        let largest = values.iter().copied().max().unwrap_or(0);
        let at = values.iter().position(|&v| v == largest).unwrap_or(0);
        let zeros = values.iter().filter(|&&v| v == 0).count();
        (zeros, largest, at)
    }

    #[test]
    fn facts_read_through_the_period_equal_the_counted_ones() {
        let sequences = [
            Octal::dawsons_chess().sequence(10_007),
            Octal::dawsons_chess().sequence(52 + 34 + 1),
            Octal::dawsons_kayles().sequence(5_000),
            Octal::treblecross().sequence(3_000),
            Subtraction::new([1, 3, 4]).and_then(|g| g.sequence(1_000)),
            Subtraction::new([2, 5, 6]).and_then(|g| g.sequence(999)),
            Subtraction::bounded(9).and_then(|g| g.sequence(5)),
        ];
        for seq in sequences {
            let seq = seq.expect("a sequence");
            let facts = Facts::of(&seq);
            let (zeros, largest, at) = counted(&seq);
            assert_eq!(facts.p_positions, zeros, "{seq:?}");
            assert_eq!(facts.largest, (largest, at), "{seq:?}");
            let distinct: std::collections::BTreeSet<u64> = seq.iter().map(Nimber::value).collect();
            assert_eq!(facts.distinct, distinct, "{seq:?}");
        }
    }
}
