//! GPU kernels written in Rust against `cute-core`.
//!
//! The device build (PTX for `sm_80` and `sm_90a`) is the subject of the kernels issue; for
//! now this crate only proves that `cute-core` builds as `no_std` without its `std` feature.
#![no_std]


