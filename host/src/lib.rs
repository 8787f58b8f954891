//! Host side of cute-rs: the `cute` command-line tool ([`cli`], [`expr`], [`eval`]) over the
//! run-time-structured layout algebra of [`cute_core::dynamic`]; the embedded PTX ([`ptx`]),
//! the GPU layer ([`gpu`], [`kernels`], [`gemm`]: the SGEMM launches behind `cute gemm`; the
//! reference of large checks, [`blas_reference`]) and its error type ([`error`]).
#![warn(missing_docs)]

pub use cute_core;

pub mod bench;
pub mod blas_reference;
pub mod cli;
pub mod draw;
pub mod epilogue;
pub mod error;
pub mod eval;
pub mod expr;
pub mod gemm;
pub mod gpu;
pub mod heuristic;
pub mod hopper;
pub mod kernels;
pub mod pictures;
pub mod plot;
pub mod ptx;
pub mod status;
pub mod tma;

pub use error::Error;
pub use gpu::Gpu;
