//! What the examples share: reading a problem's input, a stream of whitespace-separated
//! numbers, and reporting an error as a user reads it.

// Every example compiles this whole module but uses only the part it needs.
#![allow(dead_code)]

use std::error::Error;
use std::io::{self, Read};
use std::process::ExitCode;

/// The exit status of an example: failure, with the error's message (its `Display`, not its
/// `Debug`) on standard error, if `result` is an error.
pub fn exit(result: Result<(), Box<dyn Error>>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The numbers of standard input, read one at a time.
pub struct Numbers {
    tokens: std::vec::IntoIter<String>,
}

impl Numbers {
    /// Reads all of standard input.
    pub fn from_stdin() -> io::Result<Self> {
        let mut input = String::new();
        io::stdin().read_to_string(&mut input)?;
        let tokens: Vec<String> = input.split_whitespace().map(str::to_owned).collect();
        Ok(Numbers {
            tokens: tokens.into_iter(),
        })
    }

    /// The next number; `what` names it in the error when the input ends or is not a number.
    pub fn next(&mut self, what: &str) -> Result<u64, Box<dyn Error>> {
        let token = self
            .tokens
            .next()
            .ok_or_else(|| format!("input ends before {what}"))?;
        Ok(token
            .parse()
            .map_err(|e| format!("expected {what}, got {token:?}: {e}"))?)
    }
}
