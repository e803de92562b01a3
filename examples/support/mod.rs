//! Reading a problem's input, a stream of whitespace-separated numbers, for the examples
//! that answer the seed documents' problems.

use std::error::Error;
use std::io::{self, Read};

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
