//! CuTe's layout and tensor algebra in Rust.
#![no_std]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(test, feature = "std"))]
extern crate std;

#[cfg(feature = "alloc")]
pub mod dynamic;
