//! Layouts: port of `cute/layout.hpp`.
//!
//! A [`Layout<S, D>`] is a shape `S` and a stride `D`, two congruent IntTuples; it is the
//! function from coordinates to offsets `L(c) = crd2idx(c, S, D)`. When every leaf is static
//! the layout is a zero-sized type and all of its algebra happens in the type checker.
//!
//! # C++ names
//! C++ overloads one name on arity and template arguments; Rust gives each form its own name.
//! Mode indices that C++ passes as template arguments are static integers here (`_1`, not
//! `1`), except in `get::<I>`-style accessors, which take a `usize`.
//!
//! | C++ | Rust |
//! |-----|------|
//! | `make_layout(shape, stride)` | [`make_layout`]`(shape, stride)` |
//! | `make_layout(shape)`, `make_layout(shape, LayoutLeft{})` | [`make_layout`]`(shape, `[`LayoutLeft`]`)` |
//! | `make_layout(shape, LayoutRight{})` | [`make_layout`]`(shape, `[`LayoutRight`]`)` |
//! | `make_layout(l0, l1, ...)` | [`make_layout_from`]`((l0, l1, ...))` |
//! | `make_ordered_layout(shape, order)` | [`make_ordered_layout`] |
//! | `get<I>(l)`, `layout<I>(l)` | [`Layout::get`]`::<I>()`, [`layout`]`::<I, _>(l)` |
//! | `shape(l)`, `stride(l)` | [`shape`], [`stride`] (also [`Layout::shape`], [`Layout::stride`]) |
//! | `shape<I>(l)`, `stride<I>(l)` | [`Layout::shape_mode`]`::<I>()`, [`Layout::stride_mode`]`::<I>()` |
//! | `size(x)`, `rank(x)`, `depth(x)` (IntTuple or layout) | [`size`], [`rank`], [`depth`] |
//! | `size<I>(l)`, `rank<I>(l)`, `depth<I>(l)` | [`Layout::size_mode`], [`Layout::rank_mode`], [`Layout::depth_mode`] |
//! | `cosize(l)`, `cosize<I>(l)` | [`cosize`], [`Layout::cosize_mode`] |
//! | `take<B,E>(l)`, `select<I...>(l)`, `group<B,E>(l)` | [`take`]`::<B, E, _>`, [`select`]`::<(I0, I1, ...), _>`, [`group`]`::<B, E, _>` |
//! | `append(l, x)`, `prepend(l, x)` | [`append`], [`prepend`] (no default `x`: pass `make_layout(_1, _0)`) |
//! | `append<N>(l, x)`, `prepend<N>(l, x)` | [`append_to_rank`]`::<N, _, _>`, [`prepend_to_rank`]`::<N, _, _>` |
//! | `flatten(l)` | [`flatten_layout`] ([`flatten`](crate::int_tuple::flatten) is the IntTuple one) |
//! | `coalesce(l)`, `coalesce(l, profile)` | [`coalesce::coalesce`], [`coalesce::coalesce_profile`] |
//! | `filter_zeros(l)`, `filter(l)`, `filter(l, profile)` | [`coalesce::filter_zeros`], [`coalesce::filter`], [`coalesce::filter_profile`] |
//! | `complement(l, cotarget)` | [`complement::complement`] ([`complement::try_complement`] returns the dynamic error) |
//! | `complement(l)` | [`complement::complement_cosize`] |
//! | `right_inverse(l)`, `left_inverse(l)`, `nullspace(l)` | [`inverse::right_inverse`], [`inverse::left_inverse`], [`inverse::nullspace`] |
//! | `slice(c, l)`, `dice(c, l)` | [`slice`](crate::underscore::slice), [`dice`](crate::underscore::dice) (IntTuples too) |
//! | `slice_and_offset(c, l)`, `domain_offset(c, l)` | [`slice::slice_and_offset`], [`slice::domain_offset`] |
//! | `print_layout(l)` | [`print_layout`](crate::util::print_layout::print_layout)`(&mut out, l)` |
//! | `upcast<N>(x)`, `downcast<N>(x)` (layout, swizzle, composed layout, offset) | [`recast::upcast`]`::<N, _>(x)`, [`recast::downcast`]`::<N, _>(x)` |
//! | `max_common_vector(a, b)`, `max_common_layout(a, b)` | [`recast::max_common_vector`], [`recast::max_common_layout`] |
//! | `make_identity_layout(shape)` | [`make_identity_layout`] |
//! | `composition(a, offset, b)` | [`make_composed_layout`](crate::layout_composed::make_composed_layout) |
//! | `composition(sw, l)` (swizzle on the left) | [`composition_swizzle`](crate::swizzle_layout::composition_swizzle) |
//! | `composition(composed, tiler)`, `composed.compose(tiler)` | [`ComposedLayout::compose`](crate::layout_composed::ComposedLayout::compose) |
//! | `make_layout(sw)` | [`make_swizzle_layout`](crate::swizzle_layout::make_swizzle_layout) |
//! | `sw(offset)`, `composed(c)` | `sw.call(offset)`, `composed.call(c)` |

pub mod coalesce;
pub mod complement;
pub mod composition;
pub mod divide;
pub mod inverse;
pub mod product;
pub mod recast;
pub mod slice;

use core::fmt;

use core::marker::PhantomData;

use crate::algorithm::tuple_algorithms::{Concat, Fun1, Fun2, TupleCat};
use crate::container::tuple::{Append, Get, Prepend, Split, Tuple};
use crate::int_tuple::{Crd2Arith, Flatten, IntLeaf, IntTuple, SizeOf};
use crate::numeric::aliases::{_0, _1};
use crate::numeric::arithmetic::{
    AbsOf, Diff, IntAbs, IntAdd, IntMul, IntSub, IsConstant, IsConstantImpl, Prod, StaticEq,
    StaticEqImpl, StaticLess, StaticLessImpl, Sum,
};
use crate::numeric::arithmetic_tuple::{BasisLikeOf, MakeBasisLike, ScaledBasis};
use crate::numeric::integral_constant::{Bool, Integral, C};
use crate::numeric::{Bit, Integer, B0, B1};
use crate::stride::{CompactMajor, CompactOrder, CompactOrderOf};
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

// The stride is any congruent tuple a coordinate can be multiplied with: integers, or the
// scaled bases of an identity layout (`numeric::arithmetic_tuple`).
impl<S: IntTuple, D: Copy> Layout<S, D> {
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
    pub fn call<Crd: Crd2Arith<S, D>>(&self, coord: Crd) -> Crd::Output {
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

/// `make_layout(shape, stride)`: the layout with this shape and stride; with the tag
/// [`LayoutLeft`] or [`LayoutRight`] instead of a stride, the compact column-major or row-major
/// layout of the shape (C++'s `make_layout(shape)`, `make_layout(shape, LayoutLeft{})`,
/// `make_layout(shape, LayoutRight{})`).
///
/// # Math
/// `LayoutLeft` gives mode `i` the stride `product(shape_0 .. shape_{i-1})` (leaves in
/// colexicographic order), `LayoutRight` the product of the leaves after it; a leaf that is
/// static 1 gets the stride `_0` (C++'s `compact_major`, see
/// [`compact_col_major`](crate::stride::compact_col_major)).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((2, 4), (2, 2));
/// let offsets: Vec<i32> = (0..8).map(|i| l.call(i)).collect();
/// assert_eq!(offsets, [0, 2, 2, 4, 4, 6, 6, 8]);
/// assert_eq!(make_layout((_4, (_2, _3)), LayoutLeft).to_string(), "(_4,(_2,_3)):(_1,(_4,_8))");
/// assert_eq!(make_layout((_4, _1, 3), LayoutRight).to_string(), "(_4,_1,3):(3,_0,_1)");
/// ```
///
/// # Preconditions
/// The stride is congruent with the shape, and every extent of the shape is at least 1.
/// Static values: a compile error, `make_layout: the shape and the stride are not congruent`
/// or `make_layout: a static extent of the shape is zero or negative`. Dynamic extents: a
/// debug assertion with the sentence `make_layout: an extent of the shape is zero or
/// negative`; [`try_make_layout`] returns it as an [`Error`](crate::error::Error). (Generic
/// code inside the crate builds layouts with [`Layout::new`], which checks nothing.)
#[inline(always)]
pub fn make_layout<S, D>(shape: S, stride: D) -> Layout<S, D::Stride>
where
    S: MakeLayoutPre<D::Stride>,
    D: StrideFor<S>,
{
    debug_assert!(shape.extents_positive(), "{}", NONPOSITIVE_EXTENT);
    Layout::new(shape, stride.stride_for(shape))
}

/// `make_layout(shape, stride)` that returns the violated precondition on dynamic extents
/// instead of asserting it (static ones are checked at compile time, as for [`make_layout`]).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(try_make_layout((_4, 2), (_1, _4)).unwrap().to_string(), "(_4,2):(_1,_4)");
/// let e = try_make_layout((_4, 0), (_1, _4)).unwrap_err();
/// assert_eq!(e.to_string(), "make_layout: an extent of the shape is zero or negative");
/// ```
#[inline(always)]
pub fn try_make_layout<S, D>(
    shape: S,
    stride: D,
) -> Result<Layout<S, D::Stride>, crate::error::Error>
where
    S: MakeLayoutPre<D::Stride>,
    D: StrideFor<S>,
{
    if shape.extents_positive() {
        Ok(Layout::new(shape, stride.stride_for(shape)))
    } else {
        Err(NONPOSITIVE_EXTENT)
    }
}

const NONPOSITIVE_EXTENT: crate::error::Error =
    crate::error::Error::new("make_layout", "an extent of the shape is zero or negative");

/// [`make_layout`]'s precondition on a shape (`Self`) and a stride `D`: congruent, and no
/// static extent below 1 (checked at compile time through the two bits of
/// [`ShapeStrideCheck`]).
pub trait MakeLayoutPre<D>: ShapeStrideCheck<D> {}
impl<S, D> MakeLayoutPre<D> for S
where
    S: ShapeStrideCheck<D>,
    S::Congruent: StrideCongruentWithShape,
    S::Positive: StaticExtentsPositive,
{
}

/// Holds for `B1`: the stride is congruent with the shape.
#[diagnostic::on_unimplemented(
    message = "make_layout: the shape and the stride are not congruent",
    note = "the stride has the shape's tuple structure: an integer for an integer, a tuple of as many modes for a tuple"
)]
pub trait StrideCongruentWithShape {}
impl StrideCongruentWithShape for B1 {}

/// Holds for `B1`: no static extent is below 1.
#[diagnostic::on_unimplemented(
    message = "make_layout: a static extent of the shape is zero or negative",
    note = "every extent of a layout's shape is at least 1"
)]
pub trait StaticExtentsPositive {}
impl StaticExtentsPositive for B1 {}

/// The facts behind [`MakeLayoutPre`], for a shape (`Self`) and a stride `D` (both IntTuples).
pub trait ShapeStrideCheck<D>: IntTuple {
    /// `B1` iff `D` has the tuple structure of the shape.
    type Congruent: Bit;
    /// `B1` iff no static extent is below 1 (a dynamic extent counts as positive here).
    type Positive: Bit;
    /// Whether every extent, static or dynamic, is at least 1 (the run-time check).
    fn extents_positive(self) -> bool;
}
impl<S: IntTuple, D: IntTuple> ShapeStrideCheck<D> for S
where
    S: ShapeStrideBy<D, S::IsTuple, D::IsTuple>,
{
    type Congruent = <S as ShapeStrideBy<D, S::IsTuple, D::IsTuple>>::Congruent;
    type Positive = <S as ShapeStrideBy<D, S::IsTuple, D::IsTuple>>::Positive;
    #[inline(always)]
    fn extents_positive(self) -> bool {
        ShapeStrideBy::<D, S::IsTuple, D::IsTuple>::by_positive(self)
    }
}

/// [`ShapeStrideCheck`] by the kinds of the shape and the stride (`B1`: a tuple).
#[doc(hidden)]
pub trait ShapeStrideBy<D, SIsTuple, DIsTuple> {
    type Congruent: Bit;
    type Positive: Bit;
    fn by_positive(self) -> bool;
}
impl<S: IntLeaf + PositiveExtent, D: IntLeaf> ShapeStrideBy<D, B0, B0> for S {
    type Congruent = B1;
    type Positive = <S as PositiveExtent>::Output;
    #[inline(always)]
    fn by_positive(self) -> bool {
        self.value() > 0
    }
}
impl<S: IntLeaf, D: IntTuple> ShapeStrideBy<D, B0, B1> for S {
    type Congruent = B0;
    type Positive = B1;
    #[inline(always)]
    fn by_positive(self) -> bool {
        self.value() > 0
    }
}
impl<S: IntTuple + ShapeStrideTuple<()>, D: IntLeaf> ShapeStrideBy<D, B1, B0> for S {
    type Congruent = B0;
    type Positive = B1;
    #[inline(always)]
    fn by_positive(self) -> bool {
        self.tuple_positive()
    }
}
impl<S: ShapeStrideTuple<D>, D> ShapeStrideBy<D, B1, B1> for S {
    type Congruent = <S as ShapeStrideTuple<D>>::Congruent;
    type Positive = <S as ShapeStrideTuple<D>>::Positive;
    #[inline(always)]
    fn by_positive(self) -> bool {
        self.tuple_positive()
    }
}

/// [`ShapeStrideCheck`] of two tuples, mode by mode.
#[doc(hidden)]
pub trait ShapeStrideTuple<D> {
    type Congruent: Bit;
    type Positive: Bit;
    fn tuple_positive(self) -> bool;
}
impl ShapeStrideTuple<()> for () {
    type Congruent = B1;
    type Positive = B1;
    #[inline(always)]
    fn tuple_positive(self) -> bool {
        true
    }
}
impl<D: Split> ShapeStrideTuple<D> for () {
    type Congruent = B0;
    type Positive = B1;
    #[inline(always)]
    fn tuple_positive(self) -> bool {
        true
    }
}
impl<S: Split> ShapeStrideTuple<()> for S
where
    S::Head: ShapeStrideCheck<S::Head>,
    S::Tail: ShapeStrideTuple<()>,
{
    type Congruent = B0;
    type Positive = B1;
    #[inline(always)]
    fn tuple_positive(self) -> bool {
        let (h, t) = self.split();
        h.extents_positive() && t.tuple_positive()
    }
}
impl<S: Split, D: Split> ShapeStrideTuple<D> for S
where
    S::Head: ShapeStrideCheck<D::Head>,
    S::Tail: ShapeStrideTuple<D::Tail>,
    <S::Head as ShapeStrideCheck<D::Head>>::Congruent:
        core::ops::BitAnd<<S::Tail as ShapeStrideTuple<D::Tail>>::Congruent>,
    <S::Head as ShapeStrideCheck<D::Head>>::Positive:
        core::ops::BitAnd<<S::Tail as ShapeStrideTuple<D::Tail>>::Positive>,
    <<S::Head as ShapeStrideCheck<D::Head>>::Congruent as core::ops::BitAnd<
        <S::Tail as ShapeStrideTuple<D::Tail>>::Congruent,
    >>::Output: Bit,
    <<S::Head as ShapeStrideCheck<D::Head>>::Positive as core::ops::BitAnd<
        <S::Tail as ShapeStrideTuple<D::Tail>>::Positive,
    >>::Output: Bit,
{
    type Congruent = <<S::Head as ShapeStrideCheck<D::Head>>::Congruent as core::ops::BitAnd<
        <S::Tail as ShapeStrideTuple<D::Tail>>::Congruent,
    >>::Output;
    type Positive = <<S::Head as ShapeStrideCheck<D::Head>>::Positive as core::ops::BitAnd<
        <S::Tail as ShapeStrideTuple<D::Tail>>::Positive,
    >>::Output;
    #[inline(always)]
    fn tuple_positive(self) -> bool {
        let (h, t) = self.split();
        h.extents_positive() && t.tuple_positive()
    }
}

/// `B1` unless the extent is static and below 1.
#[doc(hidden)]
pub trait PositiveExtent {
    type Output: Bit;
}
impl<N: Integer> PositiveExtent for C<N>
where
    _0: StaticLessImpl<C<N>>,
{
    type Output = StaticLess<_0, C<N>>;
}
impl PositiveExtent for i32 {
    type Output = B1;
}
impl PositiveExtent for i64 {
    type Output = B1;
}

/// The second argument of [`make_layout`]: a stride (any IntTuple), or a tag that computes
/// one from the shape.
#[diagnostic::on_unimplemented(
    message = "make_layout: the second argument is neither a stride nor LayoutLeft/LayoutRight",
    note = "a stride is an IntTuple congruent with the shape"
)]
pub trait StrideFor<S> {
    /// The stride.
    type Stride: IntTuple;
    /// The stride for the shape `shape`.
    fn stride_for(self, shape: S) -> Self::Stride;
}
impl<S, D: IntTuple> StrideFor<S> for D {
    type Stride = D;
    #[inline(always)]
    fn stride_for(self, _: S) -> D {
        self
    }
}

/// C++'s `LayoutLeft` (alias `GenColMajor`): compact column-major strides, the leftmost mode
/// fastest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LayoutLeft;
/// C++'s `LayoutRight` (alias `GenRowMajor`): compact row-major strides, the rightmost mode
/// fastest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LayoutRight;

impl<S: CompactMajor<LayoutLeft, _1>> StrideFor<S> for LayoutLeft {
    type Stride = S::Output;
    #[inline(always)]
    fn stride_for(self, shape: S) -> S::Output {
        shape.compact_major(C::new())
    }
}
impl<S: CompactMajor<LayoutRight, _1>> StrideFor<S> for LayoutRight {
    type Stride = S::Output;
    #[inline(always)]
    fn stride_for(self, shape: S) -> S::Output {
        shape.compact_major(C::new())
    }
}

/// `make_identity_layout(shape)`: the layout `shape:make_basis_like(shape)`, which maps every
/// coordinate of `shape` to itself (as an [`ArithmeticTuple`]).
///
/// # Postconditions
/// 1. `shape(result) == shape`.
/// 2. `result(c) == c` for every coordinate `c` of `shape`; a 1-D index `i` maps to
///    `idx2crd(i, shape)`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let id = make_identity_layout((_4, _8));
/// assert_eq!(id.to_string(), "(_4,_8):(_1@0,_1@1)");
/// assert_eq!(id.call(9i32).to_string(), "(1,2)");
/// assert_eq!(id.call((_1, _2)).to_string(), "(_1,_2)");
/// ```
#[inline(always)]
pub fn make_identity_layout<S>(shape: S) -> Layout<S, BasisLikeOf<S>>
where
    S: IntTuple + MakeBasisLike,
{
    Layout::new(shape, shape.make_basis_like())
}

/// `make_ordered_layout(shape, order)`: the compact layout of `shape` whose modes are laid out
/// by increasing `order` (see [`compact_order`](crate::stride::compact_order) for the order's
/// form and preconditions).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_ordered_layout((_2, _2, _2, _2), (_0, _2, _3, _1));
/// assert_eq!(l.to_string(), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
/// ```
#[inline(always)]
pub fn make_ordered_layout<S, O>(shape: S, order: O) -> Layout<S, CompactOrderOf<S, O>>
where
    S: IntTuple + CompactOrder<O>,
{
    Layout::new(shape, shape.compact_order(order))
}

// ---------------------------------------------------------------------------------------------
// Tuples of modes indexed by static integers
// ---------------------------------------------------------------------------------------------
//
// C++ passes mode indices as template arguments (`take<1,3>`, `select<2,0>`). Here they are
// static integers (`_1`, `_3`), so the index arithmetic happens on types: `take::<_1, _3, _>`.

/// `B1` iff the static condition of a precondition holds; the message is the compile error.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "take: the range [B,E) is empty or reversed",
    note = "take and group need static indices with B < E (B <= E for group)"
)]
pub trait RangeOk {}
impl RangeOk for crate::numeric::B1 {}

/// `B1` iff the padded rank is at least the rank of the layout.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "append: the layout already has more modes than the requested rank",
    note = "append_to_rank::<N> and prepend_to_rank::<N> need rank(layout) <= N"
)]
pub trait PadOk {}
impl PadOk for crate::numeric::B1 {}

/// Element `I` (a static integer) of a tuple.
#[diagnostic::on_unimplemented(
    message = "select: the mode index is out of range",
    note = "a mode index is a static integer below the rank"
)]
pub trait TupleAt<I> {
    /// The element's type.
    type Output: Copy + 'static;
    /// The element.
    fn at(self) -> Self::Output;
}
impl<T, I> TupleAt<I> for T
where
    T: Split,
    I: IsConstantImpl<_0>,
    T: TupleAtBy<I, IsConstant<_0, I>>,
{
    type Output = <T as TupleAtBy<I, IsConstant<_0, I>>>::Output;
    #[inline(always)]
    fn at(self) -> Self::Output {
        TupleAtBy::<I, _>::at_by(self)
    }
}
/// [`TupleAt`] by whether `I` is 0.
#[doc(hidden)]
pub trait TupleAtBy<I, Zero> {
    type Output: Copy + 'static;
    fn at_by(self) -> Self::Output;
}
impl<T: Split, I> TupleAtBy<I, B1> for T {
    type Output = T::Head;
    #[inline(always)]
    fn at_by(self) -> T::Head {
        self.split().0
    }
}
impl<T: Split, I: IntSub<_1>> TupleAtBy<I, B0> for T
where
    T::Tail: TupleAt<Diff<I, _1>>,
{
    type Output = <T::Tail as TupleAt<Diff<I, _1>>>::Output;
    #[inline(always)]
    fn at_by(self) -> Self::Output {
        self.split().1.at()
    }
}

/// The tuple without its first `N` (a static integer) elements.
#[diagnostic::on_unimplemented(
    message = "take: the range [B,E) is outside the layout's modes",
    note = "mode indices are static integers up to the rank"
)]
pub trait TupleDrop<N> {
    /// The remaining elements.
    type Output: Tuple;
    /// Drops.
    fn drop_front(self) -> Self::Output;
}
impl<T, N> TupleDrop<N> for T
where
    T: Tuple,
    N: IsConstantImpl<_0>,
    T: TupleDropBy<N, IsConstant<_0, N>>,
{
    type Output = <T as TupleDropBy<N, IsConstant<_0, N>>>::Output;
    #[inline(always)]
    fn drop_front(self) -> Self::Output {
        TupleDropBy::<N, _>::drop_by(self)
    }
}
/// [`TupleDrop`] by whether `N` is 0.
#[doc(hidden)]
pub trait TupleDropBy<N, Zero> {
    type Output: Tuple;
    fn drop_by(self) -> Self::Output;
}
impl<T: Tuple, N> TupleDropBy<N, B1> for T {
    type Output = T;
    #[inline(always)]
    fn drop_by(self) -> T {
        self
    }
}
impl<T: Split, N: IntSub<_1>> TupleDropBy<N, B0> for T
where
    T::Tail: TupleDrop<Diff<N, _1>>,
{
    type Output = <T::Tail as TupleDrop<Diff<N, _1>>>::Output;
    #[inline(always)]
    fn drop_by(self) -> Self::Output {
        self.split().1.drop_front()
    }
}

/// The elements `[B, E)` of a tuple (C++'s `take<B,E>` on a tuple), for static `B <= E`.
#[diagnostic::on_unimplemented(
    message = "take: the range [B,E) is outside the layout's modes",
    note = "mode indices are static integers with B <= E <= rank"
)]
pub trait TupleTake<B, E> {
    /// The taken elements.
    type Output: Tuple;
    /// Takes.
    fn take(self) -> Self::Output;
}
impl<T, B, E> TupleTake<B, E> for T
where
    T: Tuple,
    B: IsConstantImpl<_0>,
    E: IsConstantImpl<_0>,
    T: TupleTakeBy<B, E, IsConstant<_0, B>, IsConstant<_0, E>>,
{
    type Output = <T as TupleTakeBy<B, E, IsConstant<_0, B>, IsConstant<_0, E>>>::Output;
    #[inline(always)]
    fn take(self) -> Self::Output {
        TupleTakeBy::<B, E, _, _>::take_by(self)
    }
}
/// [`TupleTake`] by whether `B` and `E` are 0.
#[doc(hidden)]
pub trait TupleTakeBy<B, E, BZero, EZero> {
    type Output: Tuple;
    fn take_by(self) -> Self::Output;
}
impl<T: Tuple, B, E> TupleTakeBy<B, E, B1, B1> for T {
    type Output = ();
    #[inline(always)]
    fn take_by(self) {}
}
impl<T: Split, B, E: IntSub<_1>> TupleTakeBy<B, E, B1, B0> for T
where
    T::Tail: TupleTake<_0, Diff<E, _1>>,
    <T::Tail as TupleTake<_0, Diff<E, _1>>>::Output: Prepend<T::Head>,
{
    type Output = <<T::Tail as TupleTake<_0, Diff<E, _1>>>::Output as Prepend<T::Head>>::Output;
    #[inline(always)]
    fn take_by(self) -> Self::Output {
        let (h, t) = self.split();
        t.take().prepend(h)
    }
}
impl<T: Split, B: IntSub<_1>, E: IntSub<_1>, EZero> TupleTakeBy<B, E, B0, EZero> for T
where
    T::Tail: TupleTake<Diff<B, _1>, Diff<E, _1>>,
{
    type Output = <T::Tail as TupleTake<Diff<B, _1>, Diff<E, _1>>>::Output;
    #[inline(always)]
    fn take_by(self) -> Self::Output {
        self.split().1.take()
    }
}

/// The elements at the static indices of the tuple `Idx` (C++'s `select<I...>` on a tuple).
pub trait TupleSelect<Idx> {
    /// The selected elements.
    type Output: Tuple;
    /// Selects.
    fn select(self) -> Self::Output;
}
impl<T: Tuple, Idx: SelectFrom<T>> TupleSelect<Idx> for T {
    type Output = Idx::Output;
    #[inline(always)]
    fn select(self) -> Self::Output {
        Idx::select_from(self)
    }
}
/// [`TupleSelect`], recursing on the index tuple `Self`.
#[doc(hidden)]
pub trait SelectFrom<T> {
    type Output: Tuple;
    fn select_from(t: T) -> Self::Output;
}
impl<T> SelectFrom<T> for () {
    type Output = ();
    #[inline(always)]
    fn select_from(_: T) {}
}
impl<T, Idx> SelectFrom<T> for Idx
where
    T: Copy + TupleAt<Idx::Head>,
    Idx: Split,
    Idx::Tail: SelectFrom<T>,
    <Idx::Tail as SelectFrom<T>>::Output: Prepend<<T as TupleAt<Idx::Head>>::Output>,
{
    type Output = <<Idx::Tail as SelectFrom<T>>::Output as Prepend<
        <T as TupleAt<Idx::Head>>::Output,
    >>::Output;
    #[inline(always)]
    fn select_from(t: T) -> Self::Output {
        <Idx::Tail as SelectFrom<T>>::select_from(t).prepend(t.at())
    }
}

/// The tuple with its elements `[B, E)` grouped into one (C++'s `group<B,E>` on a tuple); the
/// tuple itself when `B == E`.
pub trait TupleGroup<B, E> {
    /// `(t_0, ..., t_{B-1}, (t_B, ..., t_{E-1}), t_E, ...)`.
    type Output: Tuple;
    /// Groups.
    fn group(self) -> Self::Output;
}
impl<T, B, E> TupleGroup<B, E> for T
where
    B: StaticEqImpl<E>,
    T: TupleGroupBy<B, E, StaticEq<B, E>>,
{
    type Output = <T as TupleGroupBy<B, E, StaticEq<B, E>>>::Output;
    #[inline(always)]
    fn group(self) -> Self::Output {
        TupleGroupBy::<B, E, _>::group_by(self)
    }
}
/// [`TupleGroup`] by whether the range is empty.
#[doc(hidden)]
pub trait TupleGroupBy<B, E, Empty> {
    type Output: Tuple;
    fn group_by(self) -> Self::Output;
}
impl<T: Tuple, B, E> TupleGroupBy<B, E, B1> for T {
    type Output = T;
    #[inline(always)]
    fn group_by(self) -> T {
        self
    }
}
impl<T, B, E> TupleGroupBy<B, E, B0> for T
where
    T: Copy + TupleTake<_0, B> + TupleTake<B, E> + TupleDrop<E>,
    <T as TupleDrop<E>>::Output: Prepend<<T as TupleTake<B, E>>::Output>,
    <T as TupleTake<_0, B>>::Output:
        Concat<<<T as TupleDrop<E>>::Output as Prepend<<T as TupleTake<B, E>>::Output>>::Output>,
{
    type Output = TupleCat<
        <T as TupleTake<_0, B>>::Output,
        <<T as TupleDrop<E>>::Output as Prepend<<T as TupleTake<B, E>>::Output>>::Output,
    >;
    #[inline(always)]
    fn group_by(self) -> Self::Output {
        let front = TupleTake::<_0, B>::take(self);
        let mid = TupleTake::<B, E>::take(self);
        front.concat(TupleDrop::<E>::drop_front(self).prepend(mid))
    }
}

/// `N` copies of `X` (a static, non-negative count).
#[doc(hidden)]
pub trait Repeat<X> {
    type Output: Tuple;
    fn repeat(x: X) -> Self::Output;
}
impl<N, X> Repeat<X> for N
where
    N: IsConstantImpl<_0>,
    N: RepeatBy<X, IsConstant<_0, N>>,
{
    type Output = <N as RepeatBy<X, IsConstant<_0, N>>>::Output;
    #[inline(always)]
    fn repeat(x: X) -> Self::Output {
        <N as RepeatBy<X, _>>::repeat_by(x)
    }
}
#[doc(hidden)]
pub trait RepeatBy<X, Zero> {
    type Output: Tuple;
    fn repeat_by(x: X) -> Self::Output;
}
impl<N, X> RepeatBy<X, B1> for N {
    type Output = ();
    #[inline(always)]
    fn repeat_by(_: X) {}
}
impl<N, X: Copy + 'static> RepeatBy<X, B0> for N
where
    N: IntSub<_1> + StaticLessImpl<_0>,
    StaticLess<N, _0>: Bool + core::ops::Not,
    <StaticLess<N, _0> as core::ops::Not>::Output: PadOk,
    Diff<N, _1>: Repeat<X>,
    <Diff<N, _1> as Repeat<X>>::Output: Prepend<X>,
{
    type Output = <<Diff<N, _1> as Repeat<X>>::Output as Prepend<X>>::Output;
    #[inline(always)]
    fn repeat_by(x: X) -> Self::Output {
        <Diff<N, _1> as Repeat<X>>::repeat(x).prepend(x)
    }
}

/// The rank of a tuple as a static integer.
#[doc(hidden)]
pub trait StaticRank {
    type Output: Integral;
}
impl StaticRank for () {
    type Output = _0;
}
impl<T: Split> StaticRank for T
where
    T::Tail: StaticRank,
    <T::Tail as StaticRank>::Output: IntAdd<_1>,
{
    type Output = Sum<<T::Tail as StaticRank>::Output, _1>;
}

/// An integer (or a scaled-basis stride) as the rank-1 tuple `(x)` (C++ treats it so in
/// `take`, `append`, ...); a tuple unchanged.
#[doc(hidden)]
pub trait Modes: Copy {
    type Output: Tuple;
    fn modes(self) -> Self::Output;
}
impl Modes for () {
    type Output = ();
    #[inline(always)]
    fn modes(self) {}
}
impl<T: Split> Modes for T {
    type Output = T;
    #[inline(always)]
    fn modes(self) -> T {
        self
    }
}
macro_rules! leaf_modes {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> Modes for $t {
            type Output = ($t,);
            #[inline(always)]
            fn modes(self) -> ($t,) {
                (self,)
            }
        }
    )*};
}
leaf_modes!([N: Integer + 'static] C<N>, [] i32, [] i64,
    [V: Copy + 'static, K: 'static] ScaledBasis<V, K>);

// ---------------------------------------------------------------------------------------------
// Functions applied to the shape and the stride alike
// ---------------------------------------------------------------------------------------------

/// A layout whose shape and stride are both transformed by `F` (a [`Fun1`]); the result is a
/// layout again.
pub trait MapModes<F> {
    /// The new shape.
    type Shape: IntTuple;
    /// The new stride.
    type Stride: IntTuple;
    /// Applies `f` to the shape and to the stride.
    fn map_modes(self, f: &F) -> Layout<Self::Shape, Self::Stride>;
}
/// The layout type of `L` with `F` applied to its shape and stride.
pub type MapModesOf<L, F> = Layout<<L as MapModes<F>>::Shape, <L as MapModes<F>>::Stride>;
impl<S, D, F> MapModes<F> for Layout<S, D>
where
    S: IntTuple,
    D: IntTuple,
    F: Fun1<S> + Fun1<D>,
    <F as Fun1<S>>::Output: IntTuple,
    <F as Fun1<D>>::Output: IntTuple,
{
    type Shape = <F as Fun1<S>>::Output;
    type Stride = <F as Fun1<D>>::Output;
    #[inline(always)]
    fn map_modes(self, f: &F) -> Layout<Self::Shape, Self::Stride> {
        Layout::new(f.call(self.shape), f.call(self.stride))
    }
}

/// Two layouts whose shapes and whose strides are combined by `F` (a [`Fun2`]).
pub trait ZipModes<F, L> {
    /// The new shape.
    type Shape: IntTuple;
    /// The new stride.
    type Stride: IntTuple;
    /// Applies `f` to the shapes and to the strides.
    fn zip_modes(self, other: L, f: &F) -> Layout<Self::Shape, Self::Stride>;
}
/// The layout type of `A` and `B` combined by `F`.
pub type ZipModesOf<A, B, F> = Layout<<A as ZipModes<F, B>>::Shape, <A as ZipModes<F, B>>::Stride>;
impl<S, D, S2, D2, F> ZipModes<F, Layout<S2, D2>> for Layout<S, D>
where
    S: IntTuple,
    D: IntTuple,
    S2: IntTuple,
    D2: IntTuple,
    F: Fun2<S, S2> + Fun2<D, D2>,
    <F as Fun2<S, S2>>::Output: IntTuple,
    <F as Fun2<D, D2>>::Output: IntTuple,
{
    type Shape = <F as Fun2<S, S2>>::Output;
    type Stride = <F as Fun2<D, D2>>::Output;
    #[inline(always)]
    fn zip_modes(self, other: Layout<S2, D2>, f: &F) -> Layout<Self::Shape, Self::Stride> {
        Layout::new(
            f.call(self.shape, other.shape),
            f.call(self.stride, other.stride),
        )
    }
}

/// `take<B,E>` as a function value.
#[doc(hidden)]
#[derive(Clone, Copy, Default)]
pub struct TakeFn<B, E>(PhantomData<(B, E)>);
impl<T: Modes, B, E> Fun1<T> for TakeFn<B, E>
where
    T::Output: TupleTake<B, E>,
{
    type Output = <T::Output as TupleTake<B, E>>::Output;
    #[inline(always)]
    fn call(&self, t: T) -> Self::Output {
        t.modes().take()
    }
}

/// `take<B,E>(layout)`: the layout of modes `[B, E)` (static integers), always a tuple layout.
///
/// # Preconditions
/// `B < E <= rank(layout)`; otherwise the compile error `take: the range [B,E) is empty or
/// reversed` or `take: the range [B,E) is outside the layout's modes`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_2, _3, (_4, 5)), (_1, _2, (_6, 24)));
/// assert_eq!(take::<_1, _3, _>(l).to_string(), "(_3,(_4,5)):(_2,(_6,24))");
/// assert_eq!(take::<_0, _1, _>(l).to_string(), "(_2):(_1)");
/// ```
#[inline(always)]
pub fn take<B, E, L>(layout: L) -> MapModesOf<L, TakeFn<B, E>>
where
    B: StaticLessImpl<E>,
    StaticLess<B, E>: RangeOk,
    L: MapModes<TakeFn<B, E>>,
{
    layout.map_modes(&TakeFn(PhantomData))
}

/// `select<I...>` as a function value.
#[doc(hidden)]
#[derive(Clone, Copy, Default)]
pub struct SelectFn<Idx>(PhantomData<Idx>);
impl<T: Modes, Idx> Fun1<T> for SelectFn<Idx>
where
    T::Output: TupleSelect<Idx>,
{
    type Output = <T::Output as TupleSelect<Idx>>::Output;
    #[inline(always)]
    fn call(&self, t: T) -> Self::Output {
        t.modes().select()
    }
}

/// `select<I...>(layout)`: the layout of the modes at the static indices of the tuple `Idx`,
/// in that order.
///
/// # Preconditions
/// Every index below `rank(layout)`; otherwise the compile error `select: the mode index is
/// out of range`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_2, _3, _4), (_1, _2, _6));
/// assert_eq!(select::<(_2, _0), _>(l).to_string(), "(_4,_2):(_6,_1)");
/// ```
#[inline(always)]
pub fn select<Idx, L>(layout: L) -> MapModesOf<L, SelectFn<Idx>>
where
    L: MapModes<SelectFn<Idx>>,
{
    layout.map_modes(&SelectFn(PhantomData))
}

/// `group<B,E>` as a function value.
#[doc(hidden)]
#[derive(Clone, Copy, Default)]
pub struct GroupFn<B, E>(PhantomData<(B, E)>);
impl<T: Modes, B, E> Fun1<T> for GroupFn<B, E>
where
    T::Output: TupleGroup<B, E>,
{
    type Output = <T::Output as TupleGroup<B, E>>::Output;
    #[inline(always)]
    fn call(&self, t: T) -> Self::Output {
        t.modes().group()
    }
}

/// `group<B,E>(layout)`: the layout with modes `[B, E)` (static integers) grouped into one
/// mode; the layout itself when `B == E`.
///
/// # Preconditions
/// `B <= E <= rank(layout)`; otherwise the compile error `take: the range [B,E) is empty or
/// reversed` or `take: the range [B,E) is outside the layout's modes`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_2, _3, _4, _5), (_1, _2, _6, _24));
/// assert_eq!(group::<_1, _3, _>(l).to_string(), "(_2,(_3,_4),_5):(_1,(_2,_6),_24)");
/// ```
#[inline(always)]
pub fn group<B, E, L>(layout: L) -> MapModesOf<L, GroupFn<B, E>>
where
    E: StaticLessImpl<B>,
    StaticLess<E, B>: core::ops::Not,
    <StaticLess<E, B> as core::ops::Not>::Output: RangeOk,
    L: MapModes<GroupFn<B, E>>,
{
    layout.map_modes(&GroupFn(PhantomData))
}

/// `append` of one mode, as a function value.
#[doc(hidden)]
#[derive(Clone, Copy, Default)]
pub struct AppendFn;
impl<T: Modes, X: Copy + 'static> Fun2<T, X> for AppendFn
where
    T::Output: Append<X>,
{
    type Output = <T::Output as Append<X>>::Output;
    #[inline(always)]
    fn call(&self, t: T, x: X) -> Self::Output {
        t.modes().append(x)
    }
}
/// `prepend` of one mode, as a function value.
#[doc(hidden)]
#[derive(Clone, Copy, Default)]
pub struct PrependFn;
impl<T: Modes, X: Copy + 'static> Fun2<T, X> for PrependFn
where
    T::Output: Prepend<X>,
{
    type Output = <T::Output as Prepend<X>>::Output;
    #[inline(always)]
    fn call(&self, t: T, x: X) -> Self::Output {
        t.modes().prepend(x)
    }
}

/// `append(layout, x)`: the layout with the layout `x` added as a last mode
/// (`(S..., Sx):(D..., Dx)`; an integer-shaped layout counts as one mode). C++'s default `x`
/// is `_1:_0`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_2, _3), (_1, _2));
/// assert_eq!(append(l, make_layout(_1, _0)).to_string(), "(_2,_3,_1):(_1,_2,_0)");
/// assert_eq!(append(make_layout(4, 1), l).to_string(), "(4,(_2,_3)):(1,(_1,_2))");
/// ```
#[inline(always)]
pub fn append<L, X>(layout: L, x: X) -> ZipModesOf<L, X, AppendFn>
where
    L: ZipModes<AppendFn, X>,
{
    layout.zip_modes(x, &AppendFn)
}

/// `prepend(layout, x)`: the layout with the layout `x` added as a first mode
/// (`(Sx, S...):(Dx, D...)`). C++'s default `x` is `_1:_0`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_2, _3), (_1, _2));
/// assert_eq!(prepend(l, make_layout(_1, _0)).to_string(), "(_1,_2,_3):(_0,_1,_2)");
/// ```
#[inline(always)]
pub fn prepend<L, X>(layout: L, x: X) -> ZipModesOf<L, X, PrependFn>
where
    L: ZipModes<PrependFn, X>,
{
    layout.zip_modes(x, &PrependFn)
}

/// `append<N>` as a function value: pads with copies of the second argument up to rank `N`.
#[doc(hidden)]
#[derive(Clone, Copy, Default)]
pub struct AppendToRankFn<N>(PhantomData<N>);
impl<T: IntTuple, X: Copy + 'static, N> Fun2<T, X> for AppendToRankFn<N>
where
    T: PadToRank<N, X, T::IsTuple, B0>,
{
    type Output = <T as PadToRank<N, X, T::IsTuple, B0>>::Output;
    #[inline(always)]
    fn call(&self, t: T, x: X) -> Self::Output {
        PadToRank::<N, X, T::IsTuple, B0>::pad(t, x)
    }
}
/// `prepend<N>` as a function value.
#[doc(hidden)]
#[derive(Clone, Copy, Default)]
pub struct PrependToRankFn<N>(PhantomData<N>);
impl<T: IntTuple, X: Copy + 'static, N> Fun2<T, X> for PrependToRankFn<N>
where
    T: PadToRank<N, X, T::IsTuple, B1>,
{
    type Output = <T as PadToRank<N, X, T::IsTuple, B1>>::Output;
    #[inline(always)]
    fn call(&self, t: T, x: X) -> Self::Output {
        PadToRank::<N, X, T::IsTuple, B1>::pad(t, x)
    }
}
/// C++'s `append<N>(t, x)` (`Front = B0`) and `prepend<N>(t, x)` (`Front = B1`): a tuple padded
/// with `N - rank(t)` copies of `x`; an integer `t` is itself when `N` is 1, else `(t)` padded.
#[doc(hidden)]
pub trait PadToRank<N, X, IsTuple, Front> {
    type Output: Copy + 'static;
    fn pad(self, x: X) -> Self::Output;
}
impl<T, N, X, Front> PadToRank<N, X, B1, Front> for T
where
    T: Tuple + StaticRank,
    N: IntSub<<T as StaticRank>::Output>,
    Diff<N, <T as StaticRank>::Output>: Repeat<X>,
    (T, <Diff<N, <T as StaticRank>::Output> as Repeat<X>>::Output): PadJoin<Front>,
{
    type Output =
        <(T, <Diff<N, <T as StaticRank>::Output> as Repeat<X>>::Output) as PadJoin<Front>>::Output;
    #[inline(always)]
    fn pad(self, x: X) -> Self::Output {
        let pad = <Diff<N, <T as StaticRank>::Output> as Repeat<X>>::repeat(x);
        (self, pad).join()
    }
}
impl<T: IntLeaf, N, X, Front> PadToRank<N, X, B0, Front> for T
where
    N: IsConstantImpl<_1>,
    T: PadLeaf<N, X, IsConstant<_1, N>, Front>,
{
    type Output = <T as PadLeaf<N, X, IsConstant<_1, N>, Front>>::Output;
    #[inline(always)]
    fn pad(self, x: X) -> Self::Output {
        PadLeaf::<N, X, _, Front>::pad_leaf(self, x)
    }
}
#[doc(hidden)]
pub trait PadLeaf<N, X, One, Front> {
    type Output: Copy + 'static;
    fn pad_leaf(self, x: X) -> Self::Output;
}
impl<T: IntLeaf, N, X, Front> PadLeaf<N, X, B1, Front> for T {
    type Output = T;
    #[inline(always)]
    fn pad_leaf(self, _: X) -> T {
        self
    }
}
impl<T: IntLeaf, N, X, Front> PadLeaf<N, X, B0, Front> for T
where
    (T,): PadToRank<N, X, B1, Front>,
{
    type Output = <(T,) as PadToRank<N, X, B1, Front>>::Output;
    #[inline(always)]
    fn pad_leaf(self, x: X) -> Self::Output {
        PadToRank::<N, X, B1, Front>::pad((self,), x)
    }
}
/// `(t, pad)` joined as `t ++ pad` (`B0`) or `pad ++ t` (`B1`).
#[doc(hidden)]
pub trait PadJoin<Front> {
    type Output: Copy + 'static;
    fn join(self) -> Self::Output;
}
impl<T: Concat<P>, P> PadJoin<B0> for (T, P) {
    type Output = TupleCat<T, P>;
    #[inline(always)]
    fn join(self) -> Self::Output {
        self.0.concat(self.1)
    }
}
impl<T: Tuple, P: Concat<T>> PadJoin<B1> for (T, P) {
    type Output = TupleCat<P, T>;
    #[inline(always)]
    fn join(self) -> Self::Output {
        self.1.concat(self.0)
    }
}

/// `append<N>(layout, x)`: the layout padded with copies of the layout `x` up to rank `N` (a
/// static integer); an integer-shaped layout stays as it is for `N = 1`.
///
/// # Preconditions
/// `rank(layout) <= N`; otherwise the compile error `append: the layout already has more modes
/// than the requested rank`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_2, _3), (_1, _2));
/// let r = append_to_rank::<_4, _, _>(l, make_layout(_1, _0));
/// assert_eq!(r.to_string(), "(_2,_3,_1,_1):(_1,_2,_0,_0)");
/// ```
#[inline(always)]
pub fn append_to_rank<N, L, X>(layout: L, x: X) -> ZipModesOf<L, X, AppendToRankFn<N>>
where
    L: ZipModes<AppendToRankFn<N>, X>,
{
    layout.zip_modes(x, &AppendToRankFn(PhantomData))
}

/// `prepend<N>(layout, x)`: the layout padded in front with copies of the layout `x` up to
/// rank `N` (a static integer).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let r = prepend_to_rank::<_3, _, _>(make_layout(_8, _2), make_layout(_1, _0));
/// assert_eq!(r.to_string(), "(_1,_1,_8):(_0,_0,_2)");
/// ```
#[inline(always)]
pub fn prepend_to_rank<N, L, X>(layout: L, x: X) -> ZipModesOf<L, X, PrependToRankFn<N>>
where
    L: ZipModes<PrependToRankFn<N>, X>,
{
    layout.zip_modes(x, &PrependToRankFn(PhantomData))
}

/// `flatten` of an IntTuple as a function value: an integer stays, a tuple becomes the flat
/// tuple of its leaves.
#[doc(hidden)]
#[derive(Clone, Copy, Default)]
pub struct FlattenFn;
impl<T: Flatten> Fun1<T> for FlattenFn {
    type Output = T::Output;
    #[inline(always)]
    fn call(&self, t: T) -> T::Output {
        t.flatten()
    }
}

/// `flatten(layout)`: the layout of depth at most 1 with the same leaves (C++'s `flatten` of a
/// layout; `flatten` in the prelude is that of an IntTuple).
///
/// # Postconditions
/// 1. `depth(result) <= 1`;
/// 2. `result(i) == layout(i)` for every 1-D index `i`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout(((_2, 3), (_4,)), ((_1, 2), (_6,)));
/// assert_eq!(flatten_layout(l).to_string(), "(_2,3,_4):(_1,2,_6)");
/// ```
#[inline(always)]
pub fn flatten_layout<L: MapModes<FlattenFn>>(layout: L) -> MapModesOf<L, FlattenFn> {
    layout.map_modes(&FlattenFn)
}

/// `make_layout(l0, l1, ...)`: see [`make_layout_from`].
pub trait MakeLayoutFrom {
    /// `(S0, S1, ...)`.
    type Shape: IntTuple;
    /// `(D0, D1, ...)`.
    type Stride: IntTuple;
    /// Concatenates the layouts as modes.
    fn make_layout_from(self) -> Layout<Self::Shape, Self::Stride>;
}
/// The layout type of `make_layout_from(T)`.
pub type MakeLayoutFromOf<T> = Layout<<T as MakeLayoutFrom>::Shape, <T as MakeLayoutFrom>::Stride>;
impl<T> MakeLayoutFrom for T
where
    T: LayoutsUnzip,
    T::Shapes: IntTuple,
    T::Strides: IntTuple,
{
    type Shape = T::Shapes;
    type Stride = T::Strides;
    #[inline(always)]
    fn make_layout_from(self) -> Layout<T::Shapes, T::Strides> {
        let (s, d) = self.unzip();
        Layout::new(s, d)
    }
}
/// A tuple of layouts as the tuple of their shapes and the tuple of their strides.
#[doc(hidden)]
pub trait LayoutsUnzip {
    type Shapes: Tuple;
    type Strides: Tuple;
    fn unzip(self) -> (Self::Shapes, Self::Strides);
}
impl LayoutsUnzip for () {
    type Shapes = ();
    type Strides = ();
    #[inline(always)]
    fn unzip(self) -> ((), ()) {
        ((), ())
    }
}
impl<T, S, D> LayoutsUnzip for T
where
    T: Split<Head = Layout<S, D>>,
    S: Copy + 'static,
    D: Copy + 'static,
    T::Tail: LayoutsUnzip,
    <T::Tail as LayoutsUnzip>::Shapes: Prepend<S>,
    <T::Tail as LayoutsUnzip>::Strides: Prepend<D>,
{
    type Shapes = <<T::Tail as LayoutsUnzip>::Shapes as Prepend<S>>::Output;
    type Strides = <<T::Tail as LayoutsUnzip>::Strides as Prepend<D>>::Output;
    #[inline(always)]
    fn unzip(self) -> (Self::Shapes, Self::Strides) {
        let (l, t) = self.split();
        let (s, d) = t.unzip();
        (s.prepend(l.shape), d.prepend(l.stride))
    }
}

/// `make_layout(l0, l1, ...)`: the layout whose modes are the given layouts,
/// `(S0, S1, ...):(D0, D1, ...)`, from a tuple of layouts (one layout gives a rank-1 layout).
///
/// # Postconditions
/// 1. `rank(result) == rank(layouts)`;
/// 2. `layout<i>(result) == layouts.i` for every `i`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let a = make_layout((_2, _2), (_1, _2));
/// let b = make_layout(_3, 4);
/// assert_eq!(make_layout_from((a, b)).to_string(), "((_2,_2),_3):((_1,_2),4)");
/// assert_eq!(make_layout_from((b,)).to_string(), "(_3):(4)");
/// ```
#[inline(always)]
pub fn make_layout_from<T: MakeLayoutFrom>(layouts: T) -> MakeLayoutFromOf<T> {
    layouts.make_layout_from()
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
#[allow(clippy::type_complexity)]
mod tests {
    use super::*;
    use crate::int_tuple::crd2idx;
    use crate::numeric::aliases::*;
    use crate::numeric::arithmetic_tuple::{make_basis_like, ArithmeticTuple, E};
    use crate::util::print::display;
    use std::string::ToString;
    use std::vec::Vec;

    #[test]
    fn identity_layout_prints_as_cute() {
        // C++: make_identity_layout(make_shape(Int<4>{}, Int<8>{})) -> (_4,_8):(_1@0,_1@1)
        let id = make_identity_layout((_4, _8));
        type Identity48 = Layout<(_4, _8), (E<_0>, E<_1>)>;
        let _: &Identity48 = &id;
        assert_eq!(id.to_string(), "(_4,_8):(_1@0,_1@1)");
        assert_eq!(
            make_identity_layout((4, 8)).to_string(),
            "(4,8):(_1@0,_1@1)"
        );
        // C++: ((_2,3),_4):((_1@0@0,_1@1@0),_1@1)
        let id = make_identity_layout(((_2, 3), _4));
        assert_eq!(id.to_string(), "((_2,3),_4):((_1@0@0,_1@1@0),_1@1)");
        // an integer shape: E<> is _1
        assert_eq!(make_identity_layout(_4).to_string(), "_4:_1");
        assert_eq!(
            display(&make_basis_like((_2, (_3, (_4,))))).to_string(),
            "(_1@0,(_1@0@1,(_1@0@1@1)))"
        );
    }

    #[test]
    fn identity_layout_maps_each_coordinate_to_itself() {
        // C++: id(9) and id(make_coord(1,2)) both print (1,2)
        let id = make_identity_layout((_4, _8));
        let c: ArithmeticTuple<(i32, i32)> = id.call(9);
        assert_eq!(c.to_string(), "(1,2)");
        let c: ArithmeticTuple<(i32, i32)> = id.call((1, 2));
        assert_eq!(c.to_string(), "(1,2)");
        let st: ArithmeticTuple<(_1, _2)> = id.call((_1, _2));
        assert_eq!(st.to_string(), "(_1,_2)");
        let st: ArithmeticTuple<(_1, _2)> = id.call(_9);
        assert_eq!(st.to_string(), "(_1,_2)");
        let id = make_identity_layout((4, 8));
        for i in 0..32 {
            let got: ArithmeticTuple<(i32, i32)> = id.call(i);
            assert_eq!(got, ArithmeticTuple((i % 4, i / 4)));
        }
        // C++: ((_2,3),_4) identity at 17 prints ((1,2),2)
        let id = make_identity_layout(((_2, 3), _4));
        let c: ArithmeticTuple<(ArithmeticTuple<(i32, i32)>, i32)> = id.call(17);
        assert_eq!(c.to_string(), "((1,2),2)");
        for i in 0..24 {
            let c: ArithmeticTuple<(ArithmeticTuple<(i32, i32)>, i32)> = id.call(i);
            assert_eq!(
                c,
                ArithmeticTuple((ArithmeticTuple((i % 2, (i / 2) % 3)), i / 6))
            );
        }
        let via: ArithmeticTuple<(i32, i32)> = crd2idx((1, 2), (_4, _8), make_basis_like((_4, _8)));
        assert_eq!(via.to_string(), "(1,2)");
    }

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

    #[test]
    fn size_oracle() {
        // size(1:0) = 1
        let r: _1 = size(make_layout(_1, _0));
        assert_eq!(r.to_string(), "_1");
        assert_eq!(size(make_layout(1, 0)), 1);
        // size(1:1) = 1
        let r: _1 = size(make_layout(_1, _1));
        assert_eq!(r.to_string(), "_1");
        assert_eq!(size(make_layout(1, 1)), 1);
        // size((1):(0)) = 1
        let r: _1 = size(make_layout((_1,), (_0,)));
        assert_eq!(r.to_string(), "_1");
        assert_eq!(size(make_layout((1,), (0,))), 1);
        // size(2:32) = 2
        let r: _2 = size(make_layout(_2, _32));
        assert_eq!(r.to_string(), "_2");
        assert_eq!(size(make_layout(2, 32)), 2);
        // size(((3,5)):((2,6))) = 15
        let r: _15 = size(make_layout(((_3, _5),), ((_2, _6),)));
        assert_eq!(r.to_string(), "_15");
        assert_eq!(size(make_layout(((3, 5),), ((2, 6),))), 15);
        // size(((2,8,4),2):((32,1,128),16)) = 128
        let r: _128 = size(make_layout(((_2, _8, _4), _2), ((_32, _1, _128), _16)));
        assert_eq!(r.to_string(), "_128");
        assert_eq!(size(make_layout(((2, 8, 4), 2), ((32, 1, 128), 16))), 128);
        // size((6,3,(2)):(1,12,(6))) = 36
        let r: _36 = size(make_layout((_6, _3, (_2,)), (_1, _12, (_6,))));
        assert_eq!(r.to_string(), "_36");
        assert_eq!(size(make_layout((6, 3, (2,)), (1, 12, (6,)))), 36);
        // size(((2),2):((1),2)) = 4
        let r: _4 = size(make_layout(((_2,), _2), ((_1,), _2)));
        assert_eq!(r.to_string(), "_4");
        assert_eq!(size(make_layout(((2,), 2), ((1,), 2))), 4);
        // size((2):(1)) = 2
        let r: _2 = size(make_layout((_2,), (_1,)));
        assert_eq!(r.to_string(), "_2");
        assert_eq!(size(make_layout((2,), (1,))), 2);
        // size(((4,2)):((1,16))) = 8
        let r: _8 = size(make_layout(((_4, _2),), ((_1, _16),)));
        assert_eq!(r.to_string(), "_8");
        assert_eq!(size(make_layout(((4, 2),), ((1, 16),))), 8);
        // size(64:2) = 64
        let r: _64 = size(make_layout(_64, _2));
        assert_eq!(r.to_string(), "_64");
        assert_eq!(size(make_layout(64, 2)), 64);
        // size((2,4):(1,2)) = 8
        let r: _8 = size(make_layout((_2, _4), (_1, _2)));
        assert_eq!(r.to_string(), "_8");
        assert_eq!(size(make_layout((2, 4), (1, 2))), 8);
        // size((2,4,6):(1,2,8)) = 48
        let r: _48 = size(make_layout((_2, _4, _6), (_1, _2, _8)));
        assert_eq!(r.to_string(), "_48");
        assert_eq!(size(make_layout((2, 4, 6), (1, 2, 8))), 48);
        // size((6,6):(1,12)) = 36
        let r: _36 = size(make_layout((_6, _6), (_1, _12)));
        assert_eq!(r.to_string(), "_36");
        assert_eq!(size(make_layout((6, 6), (1, 12))), 36);
        // size((3):(1)) = 3
        let r: _3 = size(make_layout((_3,), (_1,)));
        assert_eq!(r.to_string(), "_3");
        assert_eq!(size(make_layout((3,), (1,))), 3);
    }

    #[test]
    fn cosize_oracle() {
        // cosize(1:0) = 1
        let r: _1 = cosize(make_layout(_1, _0));
        assert_eq!(r.to_string(), "_1");
        assert_eq!(cosize(make_layout(1, 0)), 1);
        // cosize(1:1) = 1
        let r: _1 = cosize(make_layout(_1, _1));
        assert_eq!(r.to_string(), "_1");
        assert_eq!(cosize(make_layout(1, 1)), 1);
        // cosize((1):(0)) = 1
        let r: _1 = cosize(make_layout((_1,), (_0,)));
        assert_eq!(r.to_string(), "_1");
        assert_eq!(cosize(make_layout((1,), (0,))), 1);
        // cosize((2,8):(8,1)) = 16
        let r: _16 = cosize(make_layout((_2, _8), (_8, _1)));
        assert_eq!(r.to_string(), "_16");
        assert_eq!(cosize(make_layout((2, 8), (8, 1))), 16);
        // cosize((4,(4),(4)):(16,(4),(1))) = 64
        let r: _64 = cosize(make_layout((_4, (_4,), (_4,)), (_16, (_4,), (_1,))));
        assert_eq!(r.to_string(), "_64");
        assert_eq!(cosize(make_layout((4, (4,), (4,)), (16, (4,), (1,)))), 64);
        // cosize((1,(5,8)):(40,(8,1))) = 40
        let r: _40 = cosize(make_layout((_1, (_5, _8)), (_40, (_8, _1))));
        assert_eq!(r.to_string(), "_40");
        assert_eq!(cosize(make_layout((1, (5, 8)), (40, (8, 1)))), 40);
        // cosize(6:3) = 16
        let r: _16 = cosize(make_layout(_6, _3));
        assert_eq!(r.to_string(), "_16");
        assert_eq!(cosize(make_layout(6, 3)), 16);
        // cosize(1:0) = 1
        let r: _1 = cosize(make_layout(_1, _0));
        assert_eq!(r.to_string(), "_1");
        assert_eq!(cosize(make_layout(1, 0)), 1);
        // cosize((2,3):(2,4)) = 11
        let r: _11 = cosize(make_layout((_2, _3), (_2, _4)));
        assert_eq!(r.to_string(), "_11");
        assert_eq!(cosize(make_layout((2, 3), (2, 4))), 11);
        // cosize((4,8,2):(2,8,1)) = 64
        let r: _64 = cosize(make_layout((_4, _8, _2), (_2, _8, _1)));
        assert_eq!(r.to_string(), "_64");
        assert_eq!(cosize(make_layout((4, 8, 2), (2, 8, 1))), 64);
        // cosize((4,6,8):(1,4,7)) = 73
        let r: _73 = cosize(make_layout((_4, _6, _8), (_1, _4, _7)));
        assert_eq!(r.to_string(), "_73");
        assert_eq!(cosize(make_layout((4, 6, 8), (1, 4, 7))), 73);
        // cosize((2,4):(1,6)) = 20
        let r: _20 = cosize(make_layout((_2, _4), (_1, _6)));
        assert_eq!(r.to_string(), "_20");
        assert_eq!(cosize(make_layout((2, 4), (1, 6))), 20);
        // cosize((2,1,6):(1,7,2)) = 12
        let r: _12 = cosize(make_layout((_2, _1, _6), (_1, _7, _2)));
        assert_eq!(r.to_string(), "_12");
        assert_eq!(cosize(make_layout((2, 1, 6), (1, 7, 2))), 12);
        // cosize((6,3):(3,1)) = 18
        let r: _18 = cosize(make_layout((_6, _3), (_3, _1)));
        assert_eq!(r.to_string(), "_18");
        assert_eq!(cosize(make_layout((6, 3), (3, 1))), 18);
        // cosize((8,(2,2)):(1,(8,16))) = 32
        let r: _32 = cosize(make_layout((_8, (_2, _2)), (_1, (_8, _16))));
        assert_eq!(r.to_string(), "_32");
        assert_eq!(cosize(make_layout((8, (2, 2)), (1, (8, 16)))), 32);
    }

    #[test]
    fn rank_oracle() {
        // rank(1:0) = 1
        assert_eq!(rank(&make_layout(_1, _0)), 1);
        assert_eq!(rank(&make_layout(1, 0)), 1);
        // rank(1:1) = 1
        assert_eq!(rank(&make_layout(_1, _1)), 1);
        assert_eq!(rank(&make_layout(1, 1)), 1);
        // rank((1):(0)) = 1
        assert_eq!(rank(&make_layout((_1,), (_0,))), 1);
        assert_eq!(rank(&make_layout((1,), (0,))), 1);
        // rank((6):(0)) = 1
        assert_eq!(rank(&make_layout((_6,), (_0,))), 1);
        assert_eq!(rank(&make_layout((6,), (0,))), 1);
        // rank((8):(1)) = 1
        assert_eq!(rank(&make_layout((_8,), (_1,))), 1);
        assert_eq!(rank(&make_layout((8,), (1,))), 1);
        // rank(6:1) = 1
        assert_eq!(rank(&make_layout(_6, _1)), 1);
        assert_eq!(rank(&make_layout(6, 1)), 1);
        // rank(2:16) = 1
        assert_eq!(rank(&make_layout(_2, _16)), 1);
        assert_eq!(rank(&make_layout(2, 16)), 1);
        // rank((4,3):(1,4)) = 2
        assert_eq!(rank(&make_layout((_4, _3), (_1, _4))), 2);
        assert_eq!(rank(&make_layout((4, 3), (1, 4))), 2);
        // rank((4,2):(2,1)) = 2
        assert_eq!(rank(&make_layout((_4, _2), (_2, _1))), 2);
        assert_eq!(rank(&make_layout((4, 2), (2, 1))), 2);
        // rank(64:2) = 1
        assert_eq!(rank(&make_layout(_64, _2)), 1);
        assert_eq!(rank(&make_layout(64, 2)), 1);
        // rank(4:0) = 1
        assert_eq!(rank(&make_layout(_4, _0)), 1);
        assert_eq!(rank(&make_layout(4, 0)), 1);
        // rank((3,6):(1,3)) = 2
        assert_eq!(rank(&make_layout((_3, _6), (_1, _3))), 2);
        assert_eq!(rank(&make_layout((3, 6), (1, 3))), 2);
        // rank(2:1) = 1
        assert_eq!(rank(&make_layout(_2, _1)), 1);
        assert_eq!(rank(&make_layout(2, 1)), 1);
        // rank(96:1) = 1
        assert_eq!(rank(&make_layout(_96, _1)), 1);
        assert_eq!(rank(&make_layout(96, 1)), 1);
        // rank((3):(2)) = 1
        assert_eq!(rank(&make_layout((_3,), (_2,))), 1);
        assert_eq!(rank(&make_layout((3,), (2,))), 1);
    }

    #[test]
    fn depth_oracle() {
        // depth(1:0) = 0
        assert_eq!(depth(&make_layout(_1, _0)), 0);
        assert_eq!(depth(&make_layout(1, 0)), 0);
        // depth(1:1) = 0
        assert_eq!(depth(&make_layout(_1, _1)), 0);
        assert_eq!(depth(&make_layout(1, 1)), 0);
        // depth((1):(0)) = 1
        assert_eq!(depth(&make_layout((_1,), (_0,))), 1);
        assert_eq!(depth(&make_layout((1,), (0,))), 1);
        // depth((2):(1)) = 1
        assert_eq!(depth(&make_layout((_2,), (_1,))), 1);
        assert_eq!(depth(&make_layout((2,), (1,))), 1);
        // depth((2,32,5):(0,0,0)) = 1
        assert_eq!(depth(&make_layout((_2, _32, _5), (_0, _0, _0))), 1);
        assert_eq!(depth(&make_layout((2, 32, 5), (0, 0, 0))), 1);
        // depth(((4,5)):((1,4))) = 2
        assert_eq!(depth(&make_layout(((_4, _5),), ((_1, _4),))), 2);
        assert_eq!(depth(&make_layout(((4, 5),), ((1, 4),))), 2);
        // depth((2,12,4):(1,2,24)) = 1
        assert_eq!(depth(&make_layout((_2, _12, _4), (_1, _2, _24))), 1);
        assert_eq!(depth(&make_layout((2, 12, 4), (1, 2, 24))), 1);
        // depth((4,3):(1,4)) = 1
        assert_eq!(depth(&make_layout((_4, _3), (_1, _4))), 1);
        assert_eq!(depth(&make_layout((4, 3), (1, 4))), 1);
        // depth((4,2):(2,1)) = 1
        assert_eq!(depth(&make_layout((_4, _2), (_2, _1))), 1);
        assert_eq!(depth(&make_layout((4, 2), (2, 1))), 1);
        // depth(64:2) = 0
        assert_eq!(depth(&make_layout(_64, _2)), 0);
        assert_eq!(depth(&make_layout(64, 2)), 0);
        // depth(4:0) = 0
        assert_eq!(depth(&make_layout(_4, _0)), 0);
        assert_eq!(depth(&make_layout(4, 0)), 0);
        // depth((3,6):(1,3)) = 1
        assert_eq!(depth(&make_layout((_3, _6), (_1, _3))), 1);
        assert_eq!(depth(&make_layout((3, 6), (1, 3))), 1);
        // depth(2:1) = 0
        assert_eq!(depth(&make_layout(_2, _1)), 0);
        assert_eq!(depth(&make_layout(2, 1)), 0);
        // depth(96:1) = 0
        assert_eq!(depth(&make_layout(_96, _1)), 0);
        assert_eq!(depth(&make_layout(96, 1)), 0);
        // depth((3):(2)) = 1
        assert_eq!(depth(&make_layout((_3,), (_2,))), 1);
        assert_eq!(depth(&make_layout((3,), (2,))), 1);
    }

    #[test]
    fn eval_oracle() {
        // 1:0(0) = 0
        let r: _0 = make_layout(_1, _0).call(_0);
        assert_eq!(r.to_string(), "_0");
        // C++: a static stride _0 times a run-time coordinate is the static _0
        let r: _0 = make_layout(_1, _0).call(0);
        assert_eq!(r.to_string(), "_0");
        assert_eq!(make_layout(1, 0).call(0), 0);
        // 1:1(0) = 0
        let r: _0 = make_layout(_1, _1).call(_0);
        assert_eq!(r.to_string(), "_0");
        assert_eq!(make_layout(_1, _1).call(0), 0);
        assert_eq!(make_layout(1, 1).call(0), 0);
        // (1):(0)(0) = 0
        let r: _0 = make_layout((_1,), (_0,)).call(_0);
        assert_eq!(r.to_string(), "_0");
        let r: _0 = make_layout((_1,), (_0,)).call(0);
        assert_eq!(r.to_string(), "_0");
        assert_eq!(make_layout((1,), (0,)).call(0), 0);
        // (8,(12,2),4):(96,(8,4),1)(428) = 426
        let r: _426 = make_layout((_8, (_12, _2), _4), (_96, (_8, _4), _1)).call(_428);
        assert_eq!(r.to_string(), "_426");
        assert_eq!(
            make_layout((_8, (_12, _2), _4), (_96, (_8, _4), _1)).call(428),
            426
        );
        assert_eq!(make_layout((8, (12, 2), 4), (96, (8, 4), 1)).call(428), 426);
        // (2,8):(8,16)(6) = 48
        let r: _48 = make_layout((_2, _8), (_8, _16)).call(_6);
        assert_eq!(r.to_string(), "_48");
        assert_eq!(make_layout((_2, _8), (_8, _16)).call(6), 48);
        assert_eq!(make_layout((2, 8), (8, 16)).call(6), 48);
        // ((16),6,8):((48),8,1)(294) = 291
        let r: _291 = make_layout(((_16,), _6, _8), ((_48,), _8, _1)).call(_294);
        assert_eq!(r.to_string(), "_291");
        assert_eq!(
            make_layout(((_16,), _6, _8), ((_48,), _8, _1)).call(294),
            291
        );
        assert_eq!(make_layout(((16,), 6, 8), ((48,), 8, 1)).call(294), 291);
        // ((4,2,3),4):((1,4,8),24)(57) = 57
        let r: _57 = make_layout(((_4, _2, _3), _4), ((_1, _4, _8), _24)).call(_57);
        assert_eq!(r.to_string(), "_57");
        assert_eq!(
            make_layout(((_4, _2, _3), _4), ((_1, _4, _8), _24)).call(57),
            57
        );
        assert_eq!(make_layout(((4, 2, 3), 4), ((1, 4, 8), 24)).call(57), 57);
        // 2:3(1) = 3
        let r: _3 = make_layout(_2, _3).call(_1);
        assert_eq!(r.to_string(), "_3");
        assert_eq!(make_layout(_2, _3).call(1), 3);
        assert_eq!(make_layout(2, 3).call(1), 3);
        // 2:-1(1) = -1
        let r: _m1 = make_layout(_2, _m1).call(_1);
        assert_eq!(r.to_string(), "_-1");
        assert_eq!(make_layout(_2, _m1).call(1), -1);
        assert_eq!(make_layout(2, -1).call(1), -1);
        // (2,6):(12,1)(3) = 13
        let r: _13 = make_layout((_2, _6), (_12, _1)).call(_3);
        assert_eq!(r.to_string(), "_13");
        assert_eq!(make_layout((_2, _6), (_12, _1)).call(3), 13);
        assert_eq!(make_layout((2, 6), (12, 1)).call(3), 13);
        // (8,8):(8,1)(5) = 40
        let r: _40 = make_layout((_8, _8), (_8, _1)).call(_5);
        assert_eq!(r.to_string(), "_40");
        assert_eq!(make_layout((_8, _8), (_8, _1)).call(5), 40);
        assert_eq!(make_layout((8, 8), (8, 1)).call(5), 40);
        // (8,8):(8,1)(21) = 42
        let r: _42 = make_layout((_8, _8), (_8, _1)).call(_21);
        assert_eq!(r.to_string(), "_42");
        assert_eq!(make_layout((_8, _8), (_8, _1)).call(21), 42);
        assert_eq!(make_layout((8, 8), (8, 1)).call(21), 42);
        // (8,8):(8,1)(37) = 44
        let r: _44 = make_layout((_8, _8), (_8, _1)).call(_37);
        assert_eq!(r.to_string(), "_44");
        assert_eq!(make_layout((_8, _8), (_8, _1)).call(37), 44);
        assert_eq!(make_layout((8, 8), (8, 1)).call(37), 44);
        // (8,8):(8,1)(53) = 46
        let r: _46 = make_layout((_8, _8), (_8, _1)).call(_53);
        assert_eq!(r.to_string(), "_46");
        assert_eq!(make_layout((_8, _8), (_8, _1)).call(53), 46);
        assert_eq!(make_layout((8, 8), (8, 1)).call(53), 46);
        // ((2,2,2),(2,2,2)):((32,2,8),(4,1,16))(5) = 40
        let r: _40 =
            make_layout(((_2, _2, _2), (_2, _2, _2)), ((_32, _2, _8), (_4, _1, _16))).call(_5);
        assert_eq!(r.to_string(), "_40");
        assert_eq!(
            make_layout(((_2, _2, _2), (_2, _2, _2)), ((_32, _2, _8), (_4, _1, _16))).call(5),
            40
        );
        assert_eq!(
            make_layout(((2, 2, 2), (2, 2, 2)), ((32, 2, 8), (4, 1, 16))).call(5),
            40
        );
    }

    // Expected values below: C++ CuTe 4.2 (`cute-cpp`), same static/dynamic mix.

    #[test]
    fn cosize_with_negative_strides_is_cpp_coshape() {
        let r: _12 = cosize(make_layout((_4, _3), (_m1, _4)));
        assert_eq!(r.to_string(), "_12");
        assert_eq!(cosize(make_layout((4, 3), (-1, 4))), 12);
    }

    #[test]
    fn per_mode_accessors() {
        let l = make_layout((_4, (_2, _3)), (_1, (_4, _8)));
        let m: Layout<(_2, _3), (_4, _8)> = l.get::<1>();
        assert_eq!(m.to_string(), "(_2,_3):(_4,_8)");
        let m: Layout<_2, _4> = l.get::<1>().get::<0>();
        assert_eq!(m.to_string(), "_2:_4");
        let s: (_2, _3) = l.shape_mode::<1>();
        let d: (_4, _8) = l.stride_mode::<1>();
        assert_eq!(
            (display(&s).to_string(), display(&d).to_string()),
            ("(_2,_3)".into(), "(_4,_8)".into())
        );
        let n: _6 = l.size_mode::<1>();
        let c: _21 = l.cosize_mode::<1>();
        let c0: _4 = l.cosize_mode::<0>();
        assert_eq!(
            (n.to_string(), c.to_string(), c0.to_string()),
            ("_6".into(), "_21".into(), "_4".into())
        );
        assert_eq!((l.rank_mode::<1>(), l.depth_mode::<1>()), (2, 1));
        assert_eq!(layout::<0, _>(make_layout(_4, _2)).to_string(), "_4:_2");

        let l = make_layout((4, (2, 3)), (1, (4, 8)));
        assert_eq!(layout::<1, _>(l).to_string(), "(2,3):(4,8)");
        assert_eq!(l.get::<1>().get::<0>().to_string(), "2:4");
        assert_eq!(display(&l.shape_mode::<1>()).to_string(), "(2,3)");
        assert_eq!(display(&l.stride_mode::<1>()).to_string(), "(4,8)");
        assert_eq!((l.size_mode::<1>(), l.cosize_mode::<1>()), (6, 21));
        assert_eq!((l.rank_mode::<1>(), l.depth_mode::<1>()), (2, 1));
    }

    #[test]
    fn make_layout_with_tags() {
        let l: Layout<(_4, (_2, _3)), (_1, (_4, _8))> = make_layout((_4, (_2, _3)), LayoutLeft);
        assert_eq!(l.to_string(), "(_4,(_2,_3)):(_1,(_4,_8))");
        assert_eq!(
            make_layout((4, (2, 3)), LayoutLeft).to_string(),
            "(4,(2,3)):(_1,(4,8))"
        );
        let l: Layout<(_4, _1, i32), (i32, _0, _1)> = make_layout((_4, _1, 3), LayoutRight);
        assert_eq!(l.to_string(), "(_4,_1,3):(3,_0,_1)");
        assert_eq!(
            make_layout((4, 1, 3), LayoutRight).to_string(),
            "(4,1,3):(3,3,_1)"
        );
        let l: Layout<(_1, i32, _1, i32), (_0, _1, _0, i32)> =
            make_layout((_1, 4, _1, 2), LayoutLeft);
        assert_eq!(l.to_string(), "(_1,4,_1,2):(_0,_1,_0,4)");
        assert_eq!(
            make_layout((1, 4, 1, 2), LayoutLeft).to_string(),
            "(1,4,1,2):(_1,1,4,4)"
        );
        assert_eq!(
            make_layout((_1, 4, _1, 2), LayoutRight).to_string(),
            "(_1,4,_1,2):(_0,2,_0,_1)"
        );
        assert_eq!(
            make_layout((1, 4, 1, 2), LayoutRight).to_string(),
            "(1,4,1,2):(8,2,2,_1)"
        );
        let s = ((_3, _1), (_2, _5));
        let l: Layout<((_3, _1), (_2, _5)), ((_1, _0), (_3, _6))> = make_layout(s, LayoutLeft);
        assert_eq!(l.to_string(), "((_3,_1),(_2,_5)):((_1,_0),(_3,_6))");
        assert_eq!(
            make_layout(((3, _1), (_2, 5)), LayoutRight).to_string(),
            "((3,_1),(_2,5)):((10,_0),(5,_1))"
        );
        assert_eq!(
            make_layout(((3, 1), (2, 5)), LayoutRight).to_string(),
            "((3,1),(2,5)):((10,10),(5,_1))"
        );
        assert_eq!(
            make_layout(((3, 1), (2, 5)), LayoutLeft).to_string(),
            "((3,1),(2,5)):((_1,3),(3,6))"
        );
        let l: Layout<_7, _1> = make_layout(_7, LayoutLeft);
        assert_eq!(l.to_string(), "_7:_1");
        assert_eq!(make_layout(_7, LayoutRight).to_string(), "_7:_1");
        assert_eq!(make_layout(7, LayoutLeft).to_string(), "7:_1");
        let l: Layout<_1, _0> = make_layout(_1, LayoutLeft);
        assert_eq!(l.to_string(), "_1:_0");
        assert_eq!(make_layout((_1,), LayoutLeft).to_string(), "(_1):(_0)");
        // Every offset of a compact layout is hit once.
        let l = make_layout((_3, (_2, 5)), LayoutRight);
        let mut v: Vec<i32> = (0..30).map(|i| l.call(i)).collect();
        v.sort();
        assert!(v.iter().enumerate().all(|(i, &x)| x == i as i32));
    }

    #[test]
    fn take_select_group() {
        let l = make_layout((_2, _3, (_4, _5)), (_1, _2, (_6, _24)));
        let r: Layout<(_3, (_4, _5)), (_2, (_6, _24))> = take::<_1, _3, _>(l);
        assert_eq!(r.to_string(), "(_3,(_4,_5)):(_2,(_6,_24))");
        let r: Layout<(_2,), (_1,)> = take::<_0, _1, _>(l);
        assert_eq!(r.to_string(), "(_2):(_1)");
        let l = make_layout((2, 3, (4, 5)), (1, 2, (6, 24)));
        assert_eq!(take::<_1, _3, _>(l).to_string(), "(3,(4,5)):(2,(6,24))");
        assert_eq!(take::<_0, _1, _>(l).to_string(), "(2):(1)");

        let r: Layout<(_4, _2), (_6, _1)> =
            select::<(_2, _0), _>(make_layout((_2, _3, _4), (_1, _2, _6)));
        assert_eq!(r.to_string(), "(_4,_2):(_6,_1)");
        assert_eq!(
            select::<(_2, _0), _>(make_layout((2, 3, 4), (1, 2, 6))).to_string(),
            "(4,2):(6,1)"
        );

        let l = make_layout((_2, _3, _4, _5), (_1, _2, _6, _24));
        let r: Layout<(_2, (_3, _4), _5), (_1, (_2, _6), _24)> = group::<_1, _3, _>(l);
        assert_eq!(r.to_string(), "(_2,(_3,_4),_5):(_1,(_2,_6),_24)");
        let l = make_layout((2, 3, 4, 5), (1, 2, 6, 24));
        assert_eq!(
            group::<_1, _3, _>(l).to_string(),
            "(2,(3,4),5):(1,(2,6),24)"
        );
        assert_eq!(group::<_1, _1, _>(l).to_string(), "(2,3,4,5):(1,2,6,24)");
        assert_eq!(
            group::<_0, _4, _>(l).to_string(),
            "((2,3,4,5)):((1,2,6,24))"
        );
        let l = make_layout((_2, _3), (_1, _2));
        assert_eq!(group::<_0, _2, _>(l).to_string(), "((_2,_3)):((_1,_2))");
    }

    #[test]
    fn append_prepend() {
        let l = make_layout((_2, _3), (_1, _2));
        let one = make_layout(_1, _0);
        let r: Layout<(_2, _3, _1), (_1, _2, _0)> = append(l, one);
        assert_eq!(r.to_string(), "(_2,_3,_1):(_1,_2,_0)");
        assert_eq!(
            append(make_layout(4, 1), l).to_string(),
            "(4,(_2,_3)):(1,(_1,_2))"
        );
        let r: Layout<(_1, _2, _3), (_0, _1, _2)> = prepend(l, one);
        assert_eq!(r.to_string(), "(_1,_2,_3):(_0,_1,_2)");
        let r: Layout<(_2, _3, _1, _1), (_1, _2, _0, _0)> = append_to_rank::<_4, _, _>(l, one);
        assert_eq!(r.to_string(), "(_2,_3,_1,_1):(_1,_2,_0,_0)");
        let r: Layout<(_2, _3), (_1, _2)> = append_to_rank::<_2, _, _>(l, one);
        assert_eq!(r.to_string(), "(_2,_3):(_1,_2)");
        let r: Layout<(_1, _1, _8), (_0, _0, _2)> =
            prepend_to_rank::<_3, _, _>(make_layout(_8, _2), one);
        assert_eq!(r.to_string(), "(_1,_1,_8):(_0,_0,_2)");
        assert_eq!(
            append_to_rank::<_1, _, _>(make_layout(8, 2), one).to_string(),
            "8:2"
        );
        assert_eq!(
            append_to_rank::<_3, _, _>(make_layout(8, 2), one).to_string(),
            "(8,_1,_1):(2,_0,_0)"
        );
        let r = append(make_layout((_2,), (_1,)), make_layout((_3, _2), (_2, _6)));
        assert_eq!(r.to_string(), "(_2,(_3,_2)):(_1,(_2,_6))");

        let l = make_layout((2, 3), (1, 2));
        let one = make_layout(1, 0);
        assert_eq!(append(l, one).to_string(), "(2,3,1):(1,2,0)");
        assert_eq!(prepend(l, one).to_string(), "(1,2,3):(0,1,2)");
        assert_eq!(
            append_to_rank::<_4, _, _>(l, one).to_string(),
            "(2,3,1,1):(1,2,0,0)"
        );
        assert_eq!(
            prepend_to_rank::<_3, _, _>(make_layout(8, 2), one).to_string(),
            "(1,1,8):(0,0,2)"
        );
    }

    #[test]
    fn flatten_and_concatenate() {
        let l = make_layout(((_2, 3), (_4,)), ((_1, 2), (_6,)));
        let r: Layout<(_2, i32, _4), (_1, i32, _6)> = flatten_layout(l);
        assert_eq!(r.to_string(), "(_2,3,_4):(_1,2,_6)");
        assert!((0..24).all(|i| r.call(i) == l.call(i)));
        let l = make_layout(((2, 3), (4,)), ((1, 2), (6,)));
        assert_eq!(flatten_layout(l).to_string(), "(2,3,4):(1,2,6)");
        let r: Layout<_4, _2> = flatten_layout(make_layout(_4, _2));
        assert_eq!(r.to_string(), "_4:_2");

        let a = make_layout((_2, _2), (_1, _2));
        let b = make_layout(_3, 4);
        let r: Layout<((_2, _2), _3), ((_1, _2), i32)> = make_layout_from((a, b));
        assert_eq!(r.to_string(), "((_2,_2),_3):((_1,_2),4)");
        assert_eq!(make_layout_from((b,)).to_string(), "(_3):(4)");
        let a = make_layout((2, 2), (1, 2));
        assert_eq!(
            make_layout_from((a, make_layout(3, 4))).to_string(),
            "((2,2),3):((1,2),4)"
        );
    }

    #[test]
    fn make_ordered_layout_as_cpp() {
        let l: Layout<(_2, _2, _2, _2), (_1, _4, _8, _2)> =
            make_ordered_layout((_2, _2, _2, _2), (_0, _2, _3, _1));
        assert_eq!(l.to_string(), "(_2,_2,_2,_2):(_1,_4,_8,_2)");
        let l = make_ordered_layout((2, 3, 4, 5), (_2, _0, _3, _1));
        assert_eq!(l.to_string(), "(2,3,4,5):(15,_1,30,3)");
        let l = make_ordered_layout((_4, (_2, 3)), (_1, (_0, _2)));
        assert_eq!(l.to_string(), "(_4,(_2,3)):(_2,(_1,_8))");
        let l = make_ordered_layout((_4, (_2, 3)), (_1, _0));
        assert_eq!(l.to_string(), "(_4,(_2,3)):(6,(_1,_2))");
    }

    /// `make_layout` with generic IntTuple arguments still gives `Layout<S, D>` (generic
    /// code states the precondition as the bound `MakeLayoutPre`).
    #[test]
    fn make_layout_is_generic_over_strides() {
        fn mk<S: MakeLayoutPre<D>, D: IntTuple>(s: S, d: D) -> Layout<S, D> {
            make_layout(s, d)
        }
        assert_eq!(mk((_2, 3), (_1, 2)).to_string(), "(_2,3):(_1,2)");
    }

    /// A static `_0` stride beside scaled-basis strides, and rank-1 tuple modes, evaluate at
    /// run-time coordinates of every congruent or weakly congruent form, as in C++ (expected
    /// values printed by C++ CuTe through cute-cpp).
    #[test]
    fn basis_strides_and_rank1_modes_evaluate_as_cpp() {
        use crate::layout::divide::tiled_divide;
        use crate::numeric::arithmetic_tuple::{scaled_basis, E};
        let e0: E<_0> = E::new(_1);
        // (_2,_3):(_0,_4@1) at 0..6: 0@1 0@1 4@1 4@1 8@1 8@1
        let l = Layout::new((_2, _3), (_0, scaled_basis(_4, _1)));
        assert_eq!(l.to_string(), "(_2,_3):(_0,_4@1)");
        let want = ["0@1", "0@1", "4@1", "4@1", "8@1", "8@1"];
        for (i, w) in want.iter().enumerate() {
            assert_eq!(l.call(i as i32).to_string(), *w);
        }
        // ((_2),_3):((_5@1),_1@0) by 1-D index, by (i,j), by ((i),j)
        let t = Layout::new(((_2,), _3), ((scaled_basis(_5, _1),), e0));
        assert_eq!(t.to_string(), "((_2),_3):((_5@1),_1@0)");
        let want = ["(0,0)", "(0,5)", "(1,0)", "(1,5)", "(2,0)", "(2,5)"];
        for (i, w) in want.iter().enumerate() {
            assert_eq!(t.call(i as i32).to_string(), *w);
        }
        let want = ["(0,0)", "(1,0)", "(2,0)", "(0,5)", "(1,5)", "(2,5)"];
        for (k, w) in want.iter().enumerate() {
            let (i, j) = (k as i32 / 3, k as i32 % 3);
            assert_eq!(t.call((i, j)).to_string(), *w);
            assert_eq!(t.call(((i,), j)).to_string(), *w);
        }
        assert_eq!(t.call(((1i32,), 2i32)).to_string(), "(2,5)");
        // the same with integer strides: ((_2),_3):((_5),_7)
        let u = make_layout(((_2,), _3), ((_5,), _7));
        let want = [0, 5, 7, 12, 14, 19];
        for (i, w) in want.iter().enumerate() {
            assert_eq!(u.call(i as i32), *w);
        }
        let want = [0, 7, 14, 5, 12, 19];
        for (k, w) in want.iter().enumerate() {
            let (i, j) = (k as i32 / 3, k as i32 % 3);
            assert_eq!(u.call((i, j)), *w);
            assert_eq!(u.call(((i,), j)), *w);
        }
        let r: _19 = u.call(((_1,), _2));
        assert_eq!(r.to_string(), "_19");
        // a size-1 mode: (_1,_4):(_3,_2) at 3 and at (0,3) is 6
        let w = make_layout((_1, _4), (_3, _2));
        assert_eq!(w.call(3), 6);
        assert_eq!(w.call((0, 3)), 6);
        // tiled_divide((_1,_6,_2):(_4@1,_4@1,_24@1), _6:_2): (_6,_2):(_8@1,_4@1)
        let b = Layout::new(
            (_1, _6, _2),
            (
                scaled_basis(_4, _1),
                scaled_basis(_4, _1),
                scaled_basis(_24, _1),
            ),
        );
        let td = tiled_divide(b, make_layout(_6, _2));
        assert_eq!(td.to_string(), "(_6,_2):(_8@1,_4@1)");
        let want = [0, 8, 16, 24, 32, 40, 4, 12, 20, 28, 36, 44];
        for (i, w) in want.iter().enumerate() {
            assert_eq!(td.call(i as i32).to_string(), std::format!("(_0,{w})"));
        }
    }
}
