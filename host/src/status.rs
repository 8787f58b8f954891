//! The exit statuses of the `cute` tool, for every command.

/// Success.
pub const OK: i32 = 0;
/// A command ran and failed: an expression, a check, a GPU run, a file not written.
pub const FAILED: i32 = 1;
/// Wrong usage.
pub const USAGE_ERROR: i32 = 2;
/// `cute gemm` and `cute bench`: no usable GPU (the message says why).
pub const NO_GPU: i32 = 3;
