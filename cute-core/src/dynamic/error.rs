//! The error of the run-time-structured algebra: one sentence naming the operation and the
//! precondition it found broken.

use alloc::string::String;
use core::fmt;

/// A broken precondition found at run time.
///
/// `Display` prints one sentence, `<op>: <condition>`, with every value in CuTe notation,
/// for example `shape_div: 3 and 2 do not divide one another`.
///
/// # Example
/// ```
/// use cute_core::dynamic::{shape_div, IntTuple};
/// let a: IntTuple = "3".parse().unwrap();
/// let b: IntTuple = "2".parse().unwrap();
/// let err = shape_div(&a, &b).unwrap_err();
/// assert_eq!(err.to_string(), "shape_div: 3 and 2 do not divide one another");
/// assert_eq!(err.op(), "shape_div");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    op: &'static str,
    condition: String,
}

impl Error {
    /// An error of operation `op` (CuTe's function name) with the broken `condition`.
    pub fn new(op: &'static str, condition: impl Into<String>) -> Self {
        Error {
            op,
            condition: condition.into(),
        }
    }

    /// The CuTe name of the operation that failed.
    pub fn op(&self) -> &'static str {
        self.op
    }

    /// The broken condition, without the operation's name.
    pub fn condition(&self) -> &str {
        &self.condition
    }

    /// The same condition reported under the name of the enclosing operation (a divide that
    /// failed inside its composition reports itself as the divide).
    pub(crate) fn within(mut self, op: &'static str) -> Self {
        self.op = op;
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.op, self.condition)
    }
}

impl core::error::Error for Error {}

/// Shorthand for results of this module.
pub type Result<T> = core::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn display_is_one_sentence() {
        let e = Error::new("complement", "the cotarget 0 is not positive");
        assert_eq!(e.to_string(), "complement: the cotarget 0 is not positive");
        let e = e.within("logical_divide");
        assert_eq!(e.op(), "logical_divide");
        assert_eq!(e.condition(), "the cotarget 0 is not positive");
    }
}
