//! Host side of cute-rs: the `cute` command-line tool ([`cli`], [`expr`], [`eval`]) over the
//! run-time-structured layout algebra of [`cute_core::dynamic`], and the embedded PTX
//! ([`ptx`]).
#![warn(missing_docs)]

pub use cute_core;

pub mod cli;
pub mod eval;
pub mod expr;
pub mod ptx;
pub mod error;
pub mod gpu;
pub mod kernels;

pub use error::Error;
pub use gpu::Gpu;
