//! Algorithms: port of `cute/algorithm/`.

pub mod axpby;
pub mod clear;
pub mod copy;
pub mod fill;
pub mod gemm;
pub mod tuple_algorithms;
