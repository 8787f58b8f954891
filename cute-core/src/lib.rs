//! CuTe's layout and tensor algebra in Rust.
//!
//! Static shapes and strides are types ([`C<N>`](numeric::integral_constant::C), with the
//! aliases `_0`, `_1`, ...), so the algebra on fully static layouts happens in the type checker
//! and costs nothing at run time; dynamic integers (`i32`, `i64`) go through the same
//! functions and are computed at run time. Modules mirror CuTe's headers.
#![no_std]
#![cfg_attr(
    target_arch = "nvptx64",
    feature(asm_experimental_arch, core_float_math)
)]
#![warn(missing_docs)]
// Type-level algebra spells its results as nested associated types; aliases name the public
// ones, and the lint would demand an alias for every intermediate.
#![allow(clippy::type_complexity)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(test, feature = "std"))]
extern crate std;

pub mod algorithm;
pub mod arch;
pub mod atom;
pub mod container;
#[cfg(feature = "alloc")]
pub mod dynamic;
pub mod error;
pub mod int_tuple;
pub mod layout;
pub mod layout_composed;
pub mod numeric;
pub mod pointer;
pub mod pointer_flagged;
pub mod pointer_swizzle;
pub mod prelude;
pub mod stride;
pub mod swizzle;
pub mod swizzle_layout;
pub mod tensor;
pub mod tensor_ssa;
pub mod underscore;
pub mod util;
