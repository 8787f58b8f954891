//! The error of an operation whose precondition fails on dynamic values.

use core::fmt;

/// A violated precondition, found at run time on dynamic values: the operation and the
/// condition, in the same words as the compile error the static case gives.
///
/// # Example
/// ```
/// use cute_core::error::Error;
/// let e = Error::new("shape_div", "the shapes do not divide one another");
/// assert_eq!(e.to_string(), "shape_div: the shapes do not divide one another");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Error {
    /// The CuTe operation, e.g. `logical_divide`.
    pub op: &'static str,
    /// The violated condition, in words.
    pub condition: &'static str,
}

impl Error {
    /// An error of `op` for `condition`.
    pub const fn new(op: &'static str, condition: &'static str) -> Self {
        Error { op, condition }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.op, self.condition)
    }
}

impl core::error::Error for Error {}
