//! The command line's argument handling: any arguments give exit status 0, 1 or 2, one line
//! on standard error for bad input, and never a panic.
//!
//! The binary's source is compiled in as a module and its `run` called as a function.
//! Arguments are the input split at NUL bytes. Inputs that would ask for long computations
//! (numbers of more than three digits) or write files (`--plot`) are skipped.
#![no_main]

#[allow(dead_code)]
#[path = "../../sprague-cli/src/main.rs"]
mod sprague_cli;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if text.contains("plot") {
        return;
    }
    let mut digits = 0;
    for c in text.chars() {
        digits = if c.is_ascii_digit() { digits + 1 } else { 0 };
        if digits > 3 {
            return;
        }
    }
    let args = std::iter::once("sprague").chain(text.split('\0'));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = sprague_cli::run(args, &mut out, &mut err);
    let err = String::from_utf8(err).expect("errors in UTF-8");
    match status {
        0 => {}
        2 if err.contains("Usage:") => {}
        1 | 2 => {
            assert!(err.starts_with("sprague: "), "{err:?}");
            assert_eq!(err.lines().count(), 1, "{err:?}");
        }
        s => panic!("exit status {s}: {err}"),
    }
});
