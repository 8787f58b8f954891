//! Algorithms: port of `cute/algorithm/`.

pub mod tuple_algorithms;
