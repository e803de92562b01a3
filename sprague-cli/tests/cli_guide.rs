//! The transcripts of the command-line guide, `docs/cli.md`, run as written: every
//! `$ sprague …` line of a `text` block is run, and what it prints (standard output, then
//! standard error) must be the lines that follow it, but for timings.

use std::path::PathBuf;
use std::process::Command;

/// One `$ sprague ARGS` line of the guide and the lines shown after it.
#[derive(Debug)]
struct Transcript {
    args: Vec<String>,
    shown: Vec<String>,
}

/// The transcripts of every `text` block of `guide`.
fn transcripts(guide: &str) -> Vec<Transcript> {
    let mut out: Vec<Transcript> = Vec::new();
    let mut in_text = false;
    for line in guide.lines() {
        if line.starts_with("```") {
            in_text = line == "```text";
            continue;
        }
        if !in_text {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ sprague") {
            let args = words(command);
            out.push(Transcript {
                args,
                shown: Vec::new(),
            });
        } else if let Some(last) = out.last_mut() {
            last.shown.push(line.to_owned());
        }
    }
    out
}

/// The words of a command line as a shell splits them, for the quoting the guide uses: words
/// apart by spaces, and double quotes around a word that holds characters a shell would take.
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quoted = false;
    for c in command.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                word.get_or_insert_with(String::new);
            }
            ' ' if !quoted => out.extend(word.take()),
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    out
}

/// A line with its timing blanked: the `time` field of a summary, the `seconds` of JSON.
fn untimed(line: &str) -> String {
    if line.starts_with("time ") {
        return "time".to_owned();
    }
    match line.find("\"seconds\":") {
        Some(at) => {
            let rest = &line[at + "\"seconds\":".len()..];
            let end = rest.find([',', '}']).unwrap_or(rest.len());
            format!("{}\"seconds\":_{}", &line[..at], &rest[end..])
        }
        None => line.to_owned(),
    }
}

#[test]
fn every_transcript_of_the_guide_is_what_the_tool_prints() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let guide = std::fs::read_to_string(root.join("../docs/cli.md")).expect("docs/cli.md");
    let all = transcripts(&guide);
    assert!(all.len() >= 10, "the guide shows {} commands", all.len());
    // Plots are written where the command runs: a directory of this test's own.
    let dir = std::env::temp_dir().join(format!("sprague-cli-guide-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for t in &all {
        let output = Command::new(env!("CARGO_BIN_EXE_sprague"))
            .args(&t.args)
            .current_dir(&dir)
            .output()
            .expect("the binary runs");
        let printed =
            String::from_utf8(output.stdout).unwrap() + &String::from_utf8(output.stderr).unwrap();
        let printed: Vec<String> = printed.lines().map(untimed).collect();
        let shown: Vec<String> = t.shown.iter().map(|l| untimed(l)).collect();
        // A blank line ends a transcript when another command follows it in the block.
        let shown_trimmed = match shown.iter().rposition(|l| !l.is_empty()) {
            Some(last) => &shown[..=last],
            None => &shown[..],
        };
        assert_eq!(printed, shown_trimmed, "sprague {}", t.args.join(" "));
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn timings_are_blanked_and_nothing_else() {
    assert_eq!(untimed("time           0.17 ms"), "time");
    assert_eq!(
        untimed(r#"{"max":20,"seconds":0.000142482,"values":[0]}"#),
        r#"{"max":20,"seconds":_,"values":[0]}"#
    );
    assert_eq!(untimed("timeless"), "timeless");
    assert_eq!(
        words(r#" cram "..#|..." --json"#),
        ["cram", "..#|...", "--json"]
    );
    let t = transcripts("```text\n$ sprague nim 3\nvalue 3\n\n$ sprague x\n```\n$ sprague no");
    assert_eq!(t.len(), 2);
    assert_eq!(t[0].args, ["nim", "3"]);
    assert_eq!(t[0].shown, ["value 3", ""]);
}
