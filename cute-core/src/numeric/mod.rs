//! Integers and element types: port of `cute/numeric/` (and of the conversions of CUTLASS's
//! `numeric_conversion.h`). The only module that names typenum.

pub mod aliases;
pub mod arithmetic;
pub mod arithmetic_tuple;
pub mod bits;
pub mod convert;
pub mod integral_constant;
pub mod numeric_types;

/// typenum's names that the rest of the crate may use: the bit types of compile-time
/// conditions and the bound of a static integer's parameter.
pub use typenum::{Bit, Integer, B0, B1};
