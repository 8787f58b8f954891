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

use crate::container::tuple::{Get, Split};
use crate::int_tuple::{Crd2Idx, IntLeaf, IntTuple, SizeOf};
use crate::numeric::aliases::{_0, _1};
use crate::numeric::arithmetic::{AbsOf, Diff, IntAbs, IntAdd, IntMul, IntSub, Prod, Sum};
use crate::numeric::integral_constant::{Integral, C};
use crate::numeric::Integer;
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
    /// `shape(layout)`: the shape.
    #[inline(always)]
    pub fn shape(&self) -> S {
        self.shape
    }
    /// `stride(layout)`: the stride.
    #[inline(always)]
    pub fn stride(&self) -> D {
        self.stride
    }
    /// `size(layout)`: the number of coordinates in the domain.
    #[inline(always)]
    pub fn size(&self) -> S::Size {
        self.shape.size()
    }
    /// `rank(layout)`: the number of top-level modes (1 for an integer shape).
    #[inline(always)]
    pub const fn rank(&self) -> usize {
        S::RANK
    }
    /// `depth(layout)`: the depth of the shape (0 for an integer shape).
    #[inline(always)]
    pub const fn depth(&self) -> usize {
        S::DEPTH
    }
    /// `layout(c)`: the offset of a coordinate, which may be a 1-D index, a hierarchical
    /// coordinate congruent with the shape, or anything between (an integer for any mode).
    #[inline(always)]
    pub fn call<Crd: Crd2Idx<S, D>>(&self, coord: Crd) -> Crd::Output {
        coord.crd2idx(self.shape, self.stride)
    }
    /// `cosize(layout)`: the size of the codomain, `1 + sum((s_i - 1) * |d_i|)` over the leaves
    /// (C++'s `size(coshape(layout))`; `layout(size - 1) + 1` when strides are non-negative).
    #[inline(always)]
    pub fn cosize(&self) -> Cosize<S, D>
    where
        S: CosizeSum<D>,
    {
        self.shape.cosize_sum(self.stride).add(_1)
    }
    /// `get<I>(layout)` / `layout<I>(layout)`: the sub-layout of mode `I`. Mode 0 of an
    /// integer-shaped layout is the layout itself, as in C++.
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let l = make_layout((_4, (_2, 3)), (_1, (_4, _8)));
    /// assert_eq!(l.get::<1>().to_string(), "(_2,3):(_4,_8)");
    /// assert_eq!(l.get::<1>().get::<0>().to_string(), "_2:_4");
    /// ```
    #[inline(always)]
    pub fn get<const I: usize>(&self) -> Layout<ModeOf<S, I>, ModeOf<D, I>>
    where
        S: Mode<I>,
        D: Mode<I>,
    {
        Layout::new(self.shape.mode(), self.stride.mode())
    }
    /// `shape<I>(layout)`: the shape of mode `I`.
    #[inline(always)]
    pub fn shape_mode<const I: usize>(&self) -> ModeOf<S, I>
    where
        S: Mode<I>,
    {
        self.shape.mode()
    }
    /// `stride<I>(layout)`: the stride of mode `I`.
    #[inline(always)]
    pub fn stride_mode<const I: usize>(&self) -> ModeOf<D, I>
    where
        D: Mode<I>,
    {
        self.stride.mode()
    }
    /// `size<I>(layout)`: the size of mode `I`.
    #[inline(always)]
    pub fn size_mode<const I: usize>(&self) -> SizeOf<ModeOf<S, I>>
    where
        S: Mode<I>,
    {
        self.shape.mode().size()
    }
    /// `rank<I>(layout)`: the rank of mode `I`.
    #[inline(always)]
    pub const fn rank_mode<const I: usize>(&self) -> usize
    where
        S: Mode<I>,
    {
        <ModeOf<S, I> as IntTuple>::RANK
    }
    /// `depth<I>(layout)`: the depth of mode `I`.
    #[inline(always)]
    pub const fn depth_mode<const I: usize>(&self) -> usize
    where
        S: Mode<I>,
    {
        <ModeOf<S, I> as IntTuple>::DEPTH
    }
    /// `cosize<I>(layout)`: the cosize of mode `I`.
    #[inline(always)]
    pub fn cosize_mode<const I: usize>(&self) -> Cosize<ModeOf<S, I>, ModeOf<D, I>>
    where
        S: Mode<I>,
        D: Mode<I>,
        ModeOf<S, I>: CosizeSum<ModeOf<D, I>>,
    {
        self.get::<I>().cosize()
    }
}

/// The type of `cosize(Layout<S, D>)`.
pub type Cosize<S, D> = Sum<<S as CosizeSum<D>>::Output, _1>;

/// `sum((s_i - 1) * |d_i|)` over the leaves of a shape `Self` and its stride `D`: the largest
/// offset's distance from the smallest, i.e. `cosize - 1`.
pub trait CosizeSum<D> {
    /// The sum's type; adding 1 to it is always possible.
    type Output: Integral + IntAdd<_1>;
    /// Computes the sum.
    fn cosize_sum(self, stride: D) -> Self::Output;
}
impl CosizeSum<()> for () {
    type Output = _0;
    #[inline(always)]
    fn cosize_sum(self, _: ()) -> _0 {
        _0
    }
}
impl<S, D> CosizeSum<D> for S
where
    S: Split,
    D: Split,
    S::Head: CosizeSum<D::Head>,
    S::Tail: CosizeSum<D::Tail>,
    <S::Head as CosizeSum<D::Head>>::Output: IntAdd<<S::Tail as CosizeSum<D::Tail>>::Output>,
    Sum<<S::Head as CosizeSum<D::Head>>::Output, <S::Tail as CosizeSum<D::Tail>>::Output>:
        IntAdd<_1>,
{
    type Output =
        Sum<<S::Head as CosizeSum<D::Head>>::Output, <S::Tail as CosizeSum<D::Tail>>::Output>;
    #[inline(always)]
    fn cosize_sum(self, stride: D) -> Self::Output {
        let (s0, s) = self.split();
        let (d0, d) = stride.split();
        s0.cosize_sum(d0).add(s.cosize_sum(d))
    }
}
macro_rules! leaf_cosize_sum {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* D: LeafCosizeSum<$t>> CosizeSum<D> for $t {
            type Output = D::Output;
            #[inline(always)]
            fn cosize_sum(self, stride: D) -> Self::Output {
                stride.leaf_cosize_sum(self)
            }
        }
    )*};
}
/// `(s - 1) * |d|` for a leaf `s` and its stride `Self`.
#[doc(hidden)]
pub trait LeafCosizeSum<S> {
    type Output: Integral + IntAdd<_1>;
    fn leaf_cosize_sum(self, s: S) -> Self::Output;
}
impl<S, D> LeafCosizeSum<S> for D
where
    D: IntLeaf + IntAbs,
    S: IntSub<_1>,
    Diff<S, _1>: IntMul<AbsOf<D>>,
    Prod<Diff<S, _1>, AbsOf<D>>: IntAdd<_1>,
{
    type Output = Prod<Diff<S, _1>, AbsOf<D>>;
    #[inline(always)]
    fn leaf_cosize_sum(self, s: S) -> Self::Output {
        s.sub(_1).mul(self.abs())
    }
}
leaf_cosize_sum!([N: Integer + 'static,] C<N>, [] i32, [] i64);

/// Mode `I` of an IntTuple: element `I` of a tuple, or the integer itself for `I = 0`
/// (C++'s `get<I>` on an IntTuple).
#[diagnostic::on_unimplemented(
    message = "get: the mode index is out of range",
    note = "an integer has one mode (index 0); a tuple has one mode per element"
)]
pub trait Mode<const I: usize> {
    /// The mode's type.
    type Output: IntTuple;
    /// The mode.
    fn mode(self) -> Self::Output;
}
/// The type of mode `I` of `T`.
pub type ModeOf<T, const I: usize> = <T as Mode<I>>::Output;
impl<T: Get<I>, const I: usize> Mode<I> for T
where
    T::Output: IntTuple,
{
    type Output = T::Output;
    #[inline(always)]
    fn mode(self) -> T::Output {
        self.get()
    }
}
macro_rules! leaf_mode {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> Mode<0> for $t {
            type Output = $t;
            #[inline(always)]
            fn mode(self) -> $t {
                self
            }
        }
    )*};
}
leaf_mode!([N: Integer + 'static] C<N>, [] i32, [] i64);

/// Anything with a shape, for the functions C++ overloads on IntTuples and layouts alike
/// ([`size`], [`rank`], [`depth`], [`shape`]): an IntTuple is its own shape.
pub trait Shaped: Copy {
    /// The shape.
    type Shape: IntTuple;
    /// The shape.
    fn shape_of(self) -> Self::Shape;
}
impl<T: IntTuple> Shaped for T {
    type Shape = T;
    #[inline(always)]
    fn shape_of(self) -> T {
        self
    }
}
impl<S: IntTuple, D: IntTuple> Shaped for Layout<S, D> {
    type Shape = S;
    #[inline(always)]
    fn shape_of(self) -> S {
        self.shape
    }
}

/// `size(x)`: the product of the shape's leaves, for an IntTuple or a layout.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(size(make_layout((_4, (_2, _3)), (_1, (_4, _8)))).to_string(), "_24");
/// assert_eq!(size((_2, 3)), 6);
/// ```
#[inline(always)]
pub fn size<T: Shaped>(x: T) -> SizeOf<T::Shape> {
    x.shape_of().size()
}

/// `rank(x)`: the number of top-level modes of the shape (1 for an integer).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(rank(&make_layout((_4, (_2, _3)), (_1, (_4, _8)))), 2);
/// assert_eq!(rank(&_4), 1);
/// ```
#[inline(always)]
pub const fn rank<T: Shaped>(_: &T) -> usize {
    <T::Shape as IntTuple>::RANK
}

/// `depth(x)`: the depth of the shape (0 for an integer, 1 + the largest depth of the elements
/// for a tuple).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(depth(&make_layout((_4, (_2, _3)), (_1, (_4, _8)))), 2);
/// assert_eq!(depth(&make_layout(_4, _1)), 0);
/// ```
#[inline(always)]
pub const fn depth<T: Shaped>(_: &T) -> usize {
    <T::Shape as IntTuple>::DEPTH
}

/// `shape(x)`: the shape of a layout, or an IntTuple itself.
#[inline(always)]
pub fn shape<T: Shaped>(x: T) -> T::Shape {
    x.shape_of()
}

/// `stride(layout)`: the stride of a layout.
#[inline(always)]
pub fn stride<S: IntTuple, D: IntTuple>(layout: Layout<S, D>) -> D {
    layout.stride
}

/// `cosize(layout)`: the size of the codomain, `1 + sum((s_i - 1) * |d_i|)` over the leaves.
///
/// # Math
/// C++'s `size(coshape(layout))`. With non-negative strides it equals `layout(size - 1) + 1`,
/// one past the largest offset.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(cosize(make_layout((_4, (_2, _3)), (_2, (_1, _8)))).to_string(), "_24");
/// assert_eq!(cosize(make_layout((2, 4), (_4, 1))), 8);
/// ```
#[inline(always)]
pub fn cosize<S, D>(layout: Layout<S, D>) -> Cosize<S, D>
where
    S: IntTuple + CosizeSum<D>,
    D: IntTuple,
{
    layout.cosize()
}

/// `layout<I>(layout)` / `get<I>(layout)`: the sub-layout of mode `I` (see [`Layout::get`]).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_4, (_2, 3)), (_1, (_4, _8)));
/// assert_eq!(layout::<0, _>(l).to_string(), "_4:_1");
/// assert_eq!(size(layout::<1, _>(l)), 6);
/// ```
#[inline(always)]
pub fn layout<const I: usize, L: LayoutMode<I>>(l: L) -> L::Output {
    l.layout_mode()
}

/// The sub-layout of mode `I` ([`layout`]).
pub trait LayoutMode<const I: usize> {
    /// The sub-layout's type.
    type Output;
    /// The sub-layout.
    fn layout_mode(self) -> Self::Output;
}
impl<S: IntTuple + Mode<I>, D: IntTuple + Mode<I>, const I: usize> LayoutMode<I> for Layout<S, D> {
    type Output = Layout<ModeOf<S, I>, ModeOf<D, I>>;
    #[inline(always)]
    fn layout_mode(self) -> Self::Output {
        self.get::<I>()
    }
}

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
