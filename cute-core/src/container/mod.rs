//! Containers: port of `cute/container/`.

pub mod tuple;
