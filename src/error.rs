//! The one error type of the crate.

/// Everything that can go wrong in `sprague`.
///
/// Messages are lowercase sentences that name the offending value, suitable for showing to a
/// user as they are.
///
/// ```
/// use sprague::{grundy_by, Error};
///
/// // From n the only move is to (n + 1) mod 3: the game never ends.
/// let err = grundy_by(&0u8, |&n| [(n + 1) % 3]).unwrap_err();
/// assert_eq!(err, Error::Cycle { length: 3, depth: 0 });
/// assert_eq!(
///     err.to_string(),
///     "the game is not finite: a position repeats after 3 moves, 0 moves from the start"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A position repeats, so the game is not finite and has no Sprague–Grundy value.
    #[error(
        "the game is not finite: a position repeats after {length} moves, {depth} moves from the start"
    )]
    Cycle {
        /// The number of moves around the cycle (1 for a position that is its own option).
        length: usize,
        /// The number of moves from the start position to the first position of the cycle.
        depth: usize,
    },

    /// The position budget set with a `with_limit` method was not enough.
    #[error("position limit exceeded: the search needs more than {limit} positions")]
    LimitExceeded {
        /// The budget that was exceeded.
        limit: usize,
    },

    /// The rules of a ready-made game are not valid (for instance a subtraction set with 0).
    #[error("invalid rules: {reason}")]
    InvalidRules {
        /// What is wrong with the rules.
        reason: String,
    },

    /// An octal or hexadecimal game code could not be parsed.
    #[error("invalid game code {code:?} at character {position}: {reason}")]
    InvalidCode {
        /// The code as given.
        code: String,
        /// The 0-based character index of the problem (the length of the code if it is
        /// incomplete).
        position: usize,
        /// What is wrong there.
        reason: String,
    },

    /// A computation needs more memory than can be allocated.
    #[error("cannot allocate memory for {what}: {bytes} bytes needed")]
    OutOfMemory {
        /// What the memory was for.
        what: &'static str,
        /// The number of bytes that could not be allocated.
        bytes: u128,
    },

    /// A text could not be read as a value of the crate (a nimber, an outcome, a set).
    #[error("cannot read {text:?} as {what}: {reason}")]
    Parse {
        /// The kind of value expected, such as `"a nimber"`.
        what: &'static str,
        /// The text as given.
        text: String,
        /// What is wrong with it.
        reason: &'static str,
    },

    /// A value is larger than a computation supports: a board of too many cells, a heap past a
    /// method's bound, a Grundy value wider than its storage.
    #[error("{what} {value} is out of range: the most is {limit}")]
    OutOfRange {
        /// What the value is, such as `"heap"` or `"cells on a board"`.
        what: &'static str,
        /// The value given or met.
        value: u128,
        /// The largest value supported.
        limit: u128,
    },

    /// A value past the ones a method computes was asked for, and no period proven within them
    /// gives it: the values of a game whose period is unknown, or not proven soon enough.
    #[error(
        "no period proven within the first {computed} values{}",
        .heap.map_or_else(String::new, |heap| format!(", so heap {heap} is not computed"))
    )]
    NoPeriod {
        /// The heap whose value was asked for; `None` when the period itself was.
        heap: Option<u64>,
        /// The number of values computed, from heap 0, without proving a period.
        computed: u64,
    },

    /// A board given as text could not be read.
    #[error("invalid board {board:?}: {reason}")]
    InvalidBoard {
        /// The board as given.
        board: String,
        /// What is wrong with it.
        reason: String,
    },
}

impl Error {
    /// The error of a value `value` (a heap, a number of cells) above `limit`, the largest
    /// that `what` supports.
    pub(crate) fn out_of_range(
        what: &'static str,
        value: impl Into<u128>,
        limit: impl Into<u128>,
    ) -> Error {
        Error::OutOfRange {
            what,
            value: value.into(),
            limit: limit.into(),
        }
    }

    /// The error of a `FromStr` impl: `text` is not `what` (such as `"a nimber"`), for `reason`.
    pub(crate) fn parse(what: &'static str, text: &str, reason: &'static str) -> Error {
        Error::Parse {
            what,
            text: text.to_owned(),
            reason,
        }
    }
}

/// Pushes `item`, turning a failed allocation into [`Error::OutOfMemory`] for `what`: the
/// searches grow their stacks one item at a time, never trusting an iterator's size hint.
pub(crate) fn try_push<T>(items: &mut Vec<T>, item: T, what: &'static str) -> Result<(), Error> {
    if items.try_reserve(1).is_err() {
        return Err(Error::OutOfMemory {
            what,
            bytes: ((items.len() + 1) * size_of::<T>()) as u128,
        });
    }
    items.push(item);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Error;

    fn assert_send_sync_error<E: std::error::Error + Send + Sync + 'static>() {}

    #[test]
    fn error_is_a_well_behaved_error() {
        assert_send_sync_error::<Error>();
    }

    #[test]
    fn messages_are_lowercase_and_name_the_value() {
        let errors = [
            Error::Cycle {
                length: 3,
                depth: 7,
            },
            Error::LimitExceeded { limit: 100 },
            Error::InvalidRules {
                reason: "a subtraction set cannot contain 0".into(),
            },
            Error::InvalidCode {
                code: "0.8".into(),
                position: 2,
                reason: "x".into(),
            },
            Error::OutOfMemory {
                what: "a sequence",
                bytes: 1 << 40,
            },
            Error::OutOfRange {
                what: "heap",
                value: 5,
                limit: 4,
            },
            Error::NoPeriod {
                heap: Some(5),
                computed: 4,
            },
            Error::Parse {
                what: "a nimber",
                text: "*x".into(),
                reason: "x",
            },
        ];
        for e in errors {
            let msg = e.to_string();
            assert!(msg.starts_with(char::is_lowercase), "{msg}");
        }
        assert!(
            Error::Cycle {
                length: 3,
                depth: 7
            }
            .to_string()
            .contains("3 moves")
        );
        assert!(
            Error::LimitExceeded { limit: 100 }
                .to_string()
                .contains("100")
        );
        assert_eq!(
            Error::out_of_range("heap", 5u64, 4u64).to_string(),
            "heap 5 is out of range: the most is 4"
        );
        assert_eq!(
            Error::NoPeriod {
                heap: Some(5),
                computed: 4
            }
            .to_string(),
            "no period proven within the first 4 values, so heap 5 is not computed"
        );
        assert_eq!(
            Error::NoPeriod {
                heap: None,
                computed: 4
            }
            .to_string(),
            "no period proven within the first 4 values"
        );
    }
}
