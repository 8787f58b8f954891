//! CuTe's printed notation: port of the `print` overloads of `cute/util/print.hpp`.
//!
//! Rust tuples are foreign types, so they cannot implement `Display`; [`CutePrint`] recurses
//! through integers and tuples instead, and [`display`] wraps any printable value. Output is
//! byte for byte what C++ CuTe prints: `_4` static, `4` dynamic, `(a,b)` without spaces, a
//! one-element tuple as `(a)`.

use core::fmt;

use crate::container::tuple::Split;
use crate::numeric::integral_constant::C;
use crate::numeric::Integer;

/// A value printable in CuTe's notation.
pub trait CutePrint {
    /// Writes `self` as CuTe prints it.
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

impl<N: Integer> CutePrint for C<N> {
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "_{}", N::I64)
    }
}
impl CutePrint for i32 {
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}
impl CutePrint for i64 {
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}
impl CutePrint for () {
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("()")
    }
}
impl<T: Split + TupleElems> CutePrint for T {
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        self.fmt_elems(f, true)?;
        f.write_str(")")
    }
}

/// Prints the elements of a tuple separated by commas (the inside of `(..)`).
#[doc(hidden)]
pub trait TupleElems {
    fn fmt_elems(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result;
}
impl TupleElems for () {
    fn fmt_elems(&self, _: &mut fmt::Formatter<'_>, _: bool) -> fmt::Result {
        Ok(())
    }
}
impl<T> TupleElems for T
where
    T: Split,
    T::Head: CutePrint,
    T::Tail: TupleElems,
{
    fn fmt_elems(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        let (h, t) = self.split();
        if !first {
            f.write_str(",")?;
        }
        h.cute_fmt(f)?;
        t.fmt_elems(f, false)
    }
}

/// A `Display` adapter for any [`CutePrint`] value, such as a bare tuple.
pub struct Display<'a, T: ?Sized>(pub &'a T);

impl<T: CutePrint + ?Sized> fmt::Display for Display<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.cute_fmt(f)
    }
}

/// Wraps a value so that `{}` prints it in CuTe's notation.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(display(&(_4, (2, _3))).to_string(), "(_4,(2,_3))");
/// assert_eq!(display(&(_4,)).to_string(), "(_4)");
/// ```
pub fn display<T: CutePrint + ?Sized>(t: &T) -> Display<'_, T> {
    Display(t)
}
