//! Layouts: port of `cute/layout.hpp`.
//!
//! A [`Layout<S, D>`] is a shape `S` and a stride `D`, two congruent IntTuples; it is the
//! function from coordinates to offsets `L(c) = crd2idx(c, S, D)`. When every leaf is static
//! the layout is a zero-sized type and all of its algebra happens in the type checker.

pub mod coalesce;
pub mod complement;
pub mod composition;
pub mod divide;
pub mod inverse;
pub mod product;
pub mod recast;
pub mod slice;

use core::fmt;

use crate::int_tuple::{Crd2Idx, IntTuple};
use crate::numeric::arithmetic::{IntAdd, IntSub, Diff, Sum};
use crate::numeric::aliases::_1;
use crate::util::print::CutePrint;

/// A layout: a shape and a congruent stride, printed `shape:stride`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_4, _8), (_1, _4));
/// assert_eq!(l.to_string(), "(_4,_8):(_1,_4)");
/// assert_eq!(l.call((1, 2)), 9);
/// assert_eq!(core::mem::size_of_val(&l), 0);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Layout<S, D> {
    shape: S,
    stride: D,
}

impl<S: IntTuple, D: IntTuple> Layout<S, D> {
    /// The layout with this shape and stride (C++'s `make_layout(shape, stride)`).
    #[inline(always)]
    pub const fn new(shape: S, stride: D) -> Self {
        Layout { shape, stride }
    }
    /// The shape.
    #[inline(always)]
    pub fn shape(&self) -> S {
        self.shape
    }
    /// The stride.
    #[inline(always)]
    pub fn stride(&self) -> D {
        self.stride
    }
    /// `size(layout)`: the number of coordinates in the domain.
    #[inline(always)]
    pub fn size(&self) -> S::Size {
        self.shape.size()
    }
    /// `layout(c)`: the offset of a coordinate, which may be a 1-D index, a hierarchical
    /// coordinate congruent with the shape, or anything between (an integer for any mode).
    #[inline(always)]
    pub fn call<Crd: Crd2Idx<S, D>>(&self, coord: Crd) -> Crd::Output {
        coord.crd2idx(self.shape, self.stride)
    }
    /// `cosize(layout)`: one past the offset of the last coordinate, `L(size - 1) + 1`.
    #[inline(always)]
    pub fn cosize(&self) -> Cosize<S, D>
    where
        S::Size: IntSub<_1>,
        Diff<S::Size, _1>: Crd2Idx<S, D>,
        <Diff<S::Size, _1> as Crd2Idx<S, D>>::Output: IntAdd<_1>,
    {
        self.call(self.size().sub(_1)).add(_1)
    }
}

/// The type of `cosize(Layout<S, D>)`.
pub type Cosize<S, D> = Sum<
    <Diff<<S as IntTuple>::Size, _1> as Crd2Idx<S, D>>::Output,
    _1,
>;

/// `make_layout(shape, stride)`: the layout with this shape and stride.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((2, 4), (2, 2));
/// let offsets: Vec<i32> = (0..8).map(|i| l.call(i)).collect();
/// assert_eq!(offsets, [0, 2, 2, 4, 4, 6, 6, 8]);
/// ```
#[inline(always)]
pub fn make_layout<S: IntTuple, D: IntTuple>(shape: S, stride: D) -> Layout<S, D> {
    Layout::new(shape, stride)
}

impl<S: CutePrint, D: CutePrint> CutePrint for Layout<S, D> {
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.shape.cute_fmt(f)?;
        f.write_str(":")?;
        self.stride.cute_fmt(f)
    }
}
impl<S: CutePrint, D: CutePrint> fmt::Display for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cute_fmt(f)
    }
}
impl<S: CutePrint, D: CutePrint> fmt::Debug for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("make_layout(")?;
        self.shape.cute_fmt(f)?;
        f.write_str(", ")?;
        self.stride.cute_fmt(f)?;
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numeric::aliases::*;
    use std::string::ToString;
    use std::vec::Vec;

    #[test]
    fn worked_examples_evaluate() {
        let l = make_layout((_2, _2), (_3, _1));
        let v: Vec<i32> = (0..4).map(|i| l.call(i)).collect();
        assert_eq!(v, [0, 3, 1, 4]);
        let l = make_layout((2, 4, 2), (1, 2, 8));
        assert!((0..16).all(|i| l.call(i) == i));
    }

    #[test]
    fn static_cosize_is_a_type() {
        let l = make_layout((_4, (_2, _3)), (_2, (_1, _8)));
        let c: _24 = l.cosize();
        assert_eq!(c.to_string(), "_24");
        assert_eq!(make_layout((4, _2), (_2, 1)).cosize(), 8);
    }
}
