//! Coordinates and strides: port of `cute/stride.hpp` (`idx2crd`, `compact_col_major`,
//! `compact_row_major`, `compact_order`; `crd2idx` is in [`int_tuple`](crate::int_tuple)).
//!
//! Every function works on static, dynamic and mixed IntTuples; a result is static where
//! everything it depends on is.

use crate::algorithm::tuple_algorithms::{Fun2, Transform2};
use crate::container::tuple::{Prepend, Split, Tuple};
pub use crate::layout::{LayoutLeft, LayoutRight};

use crate::int_tuple::{
    FlattenToTuple, FlattenToTupleOf, IntLeaf, IntTuple, ProductLike, ProductLikeOf, SizeOf,
    TupleIsEmpty, ZerosLike,
};
use crate::numeric::aliases::{_0, _1};
use crate::numeric::arithmetic::{
    IntDiv, IntMul, IntRem, IsConstant, IsConstantImpl, Mod, Prod, Quot, StaticLess, StaticLessImpl,
};
use crate::numeric::integral_constant::C;
use crate::numeric::{B0, B1};

// ---------------------------------------------------------------------------------------------
// idx2crd
// ---------------------------------------------------------------------------------------------

/// `idx2crd(idx, shape)`: the coordinate in `shape` of a 1-D index (see [`idx2crd`]).
pub trait Idx2Crd<S> {
    /// The coordinate: congruent with the shape where the index is an integer.
    type Output: IntTuple;
    /// Computes the coordinate.
    fn idx2crd(self, shape: S) -> Self::Output;
}
/// The type of `idx2crd(I, S)`.
pub type Idx2CrdOf<I, S> = <I as Idx2Crd<S>>::Output;

/// `idx2crd(idx, shape)` (C++'s two-argument `idx2crd`): the coordinate of the 1-D index
/// `idx` in `shape`, colexicographically (mode 0 fastest), the inverse of
/// `crd2idx(crd, shape, compact_col_major(shape))` on the domain.
///
/// # Math
/// - integer index, tuple shape: mode `i` gets `(idx / size(s_0..s_{i-1})) % size(s_i)`,
///   split again over `s_i` if it is a tuple; the last mode is not reduced, so an index past
///   `size(shape)` extends it (as C++ does). A static `_0` index gives static zeros.
/// - integer index, integer shape: the index.
/// - tuple index, tuple shape: mode by mode (same rank).
///
/// # Postconditions
/// 1. For `0 <= idx < size(shape)`: `crd2idx(idx2crd(idx, shape), shape,
///    compact_col_major(shape)) == idx`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let c = idx2crd(_38, ((_2, _5), _4));
/// assert_eq!(display(&c).to_string(), "((_0,_4),_3)");
/// assert_eq!(display(&idx2crd(208, (3, (4, 1, 6), (6,)))).to_string(), "(1,(1,0,5),(2))");
/// ```
#[inline(always)]
pub fn idx2crd<I: Idx2Crd<S>, S>(idx: I, shape: S) -> I::Output {
    idx.idx2crd(shape)
}

/// `idx2crd` as a function value.
#[doc(hidden)]
pub struct Idx2CrdFn;
impl<I: Idx2Crd<S>, S> Fun2<I, S> for Idx2CrdFn {
    type Output = Idx2CrdOf<I, S>;
    #[inline(always)]
    fn call(&self, i: I, s: S) -> Self::Output {
        i.idx2crd(s)
    }
}

impl<I: IntTuple, S: IntTuple> Idx2Crd<S> for I
where
    S: Idx2CrdImpl<I, I::IsTuple, S::IsTuple>,
{
    type Output = <S as Idx2CrdImpl<I, I::IsTuple, S::IsTuple>>::Output;
    #[inline(always)]
    fn idx2crd(self, shape: S) -> Self::Output {
        Idx2CrdImpl::<I, I::IsTuple, S::IsTuple>::idx2crd_impl(shape, self)
    }
}

// The recursions below are on the shape (`Self`), so that an unknown shape stops type
// inference at once instead of unfolding an unknown structure.

/// `idx2crd` by kind of operand (`B1`: tuple, `B0`: integer), on the shape.
#[doc(hidden)]
pub trait Idx2CrdImpl<I, TI, TS> {
    type Output: IntTuple;
    fn idx2crd_impl(self, idx: I) -> Self::Output;
}
impl<I, S> Idx2CrdImpl<I, B1, B1> for S
where
    I: Transform2<Idx2CrdFn, S>,
    <I as Transform2<Idx2CrdFn, S>>::Output: IntTuple,
{
    type Output = <I as Transform2<Idx2CrdFn, S>>::Output;
    #[inline(always)]
    fn idx2crd_impl(self, idx: I) -> Self::Output {
        idx.transform2(self, &Idx2CrdFn)
    }
}
impl<I: IntLeaf, S: IntLeaf> Idx2CrdImpl<I, B0, B0> for S {
    type Output = I;
    #[inline(always)]
    fn idx2crd_impl(self, idx: I) -> I {
        idx
    }
}
impl<I: IntLeaf, S: Split> Idx2CrdImpl<I, B0, B1> for S
where
    S::Tail: TupleIsEmpty,
    I: IsConstantImpl<_0>,
    S: Idx2CrdSplit<I, <S::Tail as TupleIsEmpty>::Output, IsConstant<_0, I>>,
    <S as Idx2CrdSplit<I, <S::Tail as TupleIsEmpty>::Output, IsConstant<_0, I>>>::Output: IntTuple,
{
    type Output =
        <S as Idx2CrdSplit<I, <S::Tail as TupleIsEmpty>::Output, IsConstant<_0, I>>>::Output;
    #[inline(always)]
    fn idx2crd_impl(self, idx: I) -> Self::Output {
        Idx2CrdSplit::<I, _, _>::idx2crd_split(self, idx)
    }
}

/// An integer index split over the modes of a tuple shape (`Self`). `Last` is `B1` at the last
/// mode (which takes the whole remaining index); `Zero` is `B1` when the index is the static
/// `_0` (every remaining mode is then a static `_0`, as in C++).
#[doc(hidden)]
pub trait Idx2CrdSplit<I, Last, Zero> {
    type Output: Tuple;
    fn idx2crd_split(self, idx: I) -> Self::Output;
}
impl<I, S: ZerosLike + Tuple, Last> Idx2CrdSplit<I, Last, B1> for S
where
    S::Output: Tuple,
{
    type Output = S::Output;
    #[inline(always)]
    fn idx2crd_split(self, _: I) -> S::Output {
        self.zeros_like()
    }
}
impl<I, S: Split> Idx2CrdSplit<I, B1, B0> for S
where
    I: Idx2Crd<S::Head>,
{
    type Output = (Idx2CrdOf<I, S::Head>,);
    #[inline(always)]
    fn idx2crd_split(self, idx: I) -> Self::Output {
        (idx.idx2crd(self.split().0),)
    }
}
impl<I: IntLeaf, S: Split> Idx2CrdSplit<I, B0, B0> for S
where
    S::Head: IntTuple,
    S::Tail: Split,
    <S::Tail as Split>::Tail: TupleIsEmpty,
    I: IntRem<SizeOf<S::Head>> + IntDiv<SizeOf<S::Head>>,
    Mod<I, SizeOf<S::Head>>: Idx2Crd<S::Head>,
    Quot<I, SizeOf<S::Head>>: IsConstantImpl<_0>,
    S::Tail: Idx2CrdSplit<
        Quot<I, SizeOf<S::Head>>,
        <<S::Tail as Split>::Tail as TupleIsEmpty>::Output,
        IsConstant<_0, Quot<I, SizeOf<S::Head>>>,
    >,
    <S::Tail as Idx2CrdSplit<
        Quot<I, SizeOf<S::Head>>,
        <<S::Tail as Split>::Tail as TupleIsEmpty>::Output,
        IsConstant<_0, Quot<I, SizeOf<S::Head>>>,
    >>::Output: Prepend<Idx2CrdOf<Mod<I, SizeOf<S::Head>>, S::Head>>,
{
    type Output = <<S::Tail as Idx2CrdSplit<
        Quot<I, SizeOf<S::Head>>,
        <<S::Tail as Split>::Tail as TupleIsEmpty>::Output,
        IsConstant<_0, Quot<I, SizeOf<S::Head>>>,
    >>::Output as Prepend<Idx2CrdOf<Mod<I, SizeOf<S::Head>>, S::Head>>>::Output;
    #[inline(always)]
    fn idx2crd_split(self, idx: I) -> Self::Output {
        let (s0, s) = self.split();
        let n = s0.size();
        let c0 = idx.rem(n).idx2crd(s0);
        Idx2CrdSplit::<_, _, _>::idx2crd_split(s, idx.div(n)).prepend(c0)
    }
}

/// `idx2crd(idx, shape, stride)`: the coordinate of an index in a compact layout.
pub trait Idx2CrdStrided<S, D> {
    /// The coordinate.
    type Output: IntTuple;
    /// Computes the coordinate.
    fn idx2crd_strided(self, shape: S, stride: D) -> Self::Output;
}
/// The type of `idx2crd_strided(I, S, D)`.
pub type Idx2CrdStridedOf<I, S, D> = <I as Idx2CrdStrided<S, D>>::Output;

/// `idx2crd(idx, shape, stride)` (C++'s three-argument `idx2crd`): the coordinate of the
/// index `idx` in the layout `shape:stride`, which must be compact (a permutation of a
/// col-major layout) for the result to be its inverse.
///
/// # Math
/// - integer index, integer shape and stride: `(idx / stride) % shape`, and a static `_0`
///   when the shape is the static `_1`.
/// - integer index, tuple shape and stride: every mode from the same index.
/// - integer index, tuple shape, integer stride: the strides are
///   `compact_col_major_from(shape, stride)`.
/// - tuple index, tuple shape and stride: mode by mode (same rank).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// // (4,8):(8,1) is row-major: offset 13 is row 1, column 5.
/// assert_eq!(display(&idx2crd_strided(13, (_4, _8), (_8, _1))).to_string(), "(1,5)");
/// let c = idx2crd_strided(_13, (_4, _8), (_8, _1));
/// assert_eq!(display(&c).to_string(), "(_1,_5)");
/// ```
#[inline(always)]
pub fn idx2crd_strided<I: Idx2CrdStrided<S, D>, S, D>(idx: I, shape: S, stride: D) -> I::Output {
    idx.idx2crd_strided(shape, stride)
}

impl<I: IntTuple, S: IntTuple, D: IntTuple> Idx2CrdStrided<S, D> for I
where
    I: Idx2CrdStridedImpl<S, D, I::IsTuple, S::IsTuple, D::IsTuple>,
{
    type Output = <I as Idx2CrdStridedImpl<S, D, I::IsTuple, S::IsTuple, D::IsTuple>>::Output;
    #[inline(always)]
    fn idx2crd_strided(self, shape: S, stride: D) -> Self::Output {
        Idx2CrdStridedImpl::<S, D, I::IsTuple, S::IsTuple, D::IsTuple>::idx2crd_strided_impl(
            self, shape, stride,
        )
    }
}

/// `idx2crd_strided` by kind of operand (`B1`: tuple, `B0`: integer).
#[doc(hidden)]
pub trait Idx2CrdStridedImpl<S, D, TI, TS, TD> {
    type Output: IntTuple;
    fn idx2crd_strided_impl(self, shape: S, stride: D) -> Self::Output;
}
impl<I, S, D> Idx2CrdStridedImpl<S, D, B1, B1, B1> for I
where
    I: Idx2CrdZip<S, D>,
    <I as Idx2CrdZip<S, D>>::Output: IntTuple,
{
    type Output = <I as Idx2CrdZip<S, D>>::Output;
    #[inline(always)]
    fn idx2crd_strided_impl(self, shape: S, stride: D) -> Self::Output {
        self.idx2crd_zip(shape, stride)
    }
}
impl<I, S, D> Idx2CrdStridedImpl<S, D, B0, B1, B1> for I
where
    S: Idx2CrdModes<I, D>,
    <S as Idx2CrdModes<I, D>>::Output: IntTuple,
{
    type Output = <S as Idx2CrdModes<I, D>>::Output;
    #[inline(always)]
    fn idx2crd_strided_impl(self, shape: S, stride: D) -> Self::Output {
        shape.idx2crd_modes(self, stride)
    }
}
impl<I, S: Copy, D> Idx2CrdStridedImpl<S, D, B0, B1, B0> for I
where
    S: CompactMajor<LayoutLeft, D>,
    S: Idx2CrdModes<I, CompactMajorOf<LayoutLeft, S, D>>,
    <S as Idx2CrdModes<I, CompactMajorOf<LayoutLeft, S, D>>>::Output: IntTuple,
{
    type Output = <S as Idx2CrdModes<I, CompactMajorOf<LayoutLeft, S, D>>>::Output;
    #[inline(always)]
    fn idx2crd_strided_impl(self, shape: S, stride: D) -> Self::Output {
        shape.idx2crd_modes(self, shape.compact_major(stride))
    }
}
impl<I: IntLeaf, S: IntLeaf, D: IntLeaf> Idx2CrdStridedImpl<S, D, B0, B0, B0> for I
where
    S: IsConstantImpl<_1>,
    I: Idx2CrdLeaf<S, D, IsConstant<_1, S>>,
{
    type Output = <I as Idx2CrdLeaf<S, D, IsConstant<_1, S>>>::Output;
    #[inline(always)]
    fn idx2crd_strided_impl(self, shape: S, stride: D) -> Self::Output {
        Idx2CrdLeaf::<S, D, _>::idx2crd_leaf(self, shape, stride)
    }
}

/// The integer case of `idx2crd_strided`; `One` is `B1` for the static shape `_1`.
#[doc(hidden)]
pub trait Idx2CrdLeaf<S, D, One> {
    type Output: IntLeaf;
    fn idx2crd_leaf(self, shape: S, stride: D) -> Self::Output;
}
impl<I, S, D> Idx2CrdLeaf<S, D, B1> for I {
    type Output = _0;
    #[inline(always)]
    fn idx2crd_leaf(self, _: S, _: D) -> _0 {
        C::new()
    }
}
impl<I: IntDiv<D>, S, D> Idx2CrdLeaf<S, D, B0> for I
where
    Quot<I, D>: IntRem<S>,
    Mod<Quot<I, D>, S>: IntLeaf,
{
    type Output = Mod<Quot<I, D>, S>;
    #[inline(always)]
    fn idx2crd_leaf(self, shape: S, stride: D) -> Self::Output {
        self.div(stride).rem(shape)
    }
}

/// The same integer index through every mode of a shape and stride (recursing on the shape).
#[doc(hidden)]
pub trait Idx2CrdModes<I, D> {
    type Output: Tuple;
    fn idx2crd_modes(self, idx: I, stride: D) -> Self::Output;
}
impl<I> Idx2CrdModes<I, ()> for () {
    type Output = ();
    #[inline(always)]
    fn idx2crd_modes(self, _: I, _: ()) {}
}
impl<S: Split, I: Copy, D: Split> Idx2CrdModes<I, D> for S
where
    I: Idx2CrdStrided<S::Head, D::Head>,
    S::Tail: Idx2CrdModes<I, D::Tail>,
    <S::Tail as Idx2CrdModes<I, D::Tail>>::Output: Prepend<Idx2CrdStridedOf<I, S::Head, D::Head>>,
{
    type Output = <<S::Tail as Idx2CrdModes<I, D::Tail>>::Output as Prepend<
        Idx2CrdStridedOf<I, S::Head, D::Head>,
    >>::Output;
    #[inline(always)]
    fn idx2crd_modes(self, idx: I, stride: D) -> Self::Output {
        let (s0, s) = self.split();
        let (d0, d) = stride.split();
        let c0 = idx.idx2crd_strided(s0, d0);
        s.idx2crd_modes(idx, d).prepend(c0)
    }
}

/// Tuple index, shape and stride, mode by mode.
#[doc(hidden)]
pub trait Idx2CrdZip<S, D> {
    type Output: Tuple;
    fn idx2crd_zip(self, shape: S, stride: D) -> Self::Output;
}
impl Idx2CrdZip<(), ()> for () {
    type Output = ();
    #[inline(always)]
    fn idx2crd_zip(self, _: (), _: ()) {}
}
impl<I: Split, S: Split, D: Split> Idx2CrdZip<S, D> for I
where
    I::Head: Idx2CrdStrided<S::Head, D::Head>,
    I::Tail: Idx2CrdZip<S::Tail, D::Tail>,
    <I::Tail as Idx2CrdZip<S::Tail, D::Tail>>::Output:
        Prepend<Idx2CrdStridedOf<I::Head, S::Head, D::Head>>,
{
    type Output = <<I::Tail as Idx2CrdZip<S::Tail, D::Tail>>::Output as Prepend<
        Idx2CrdStridedOf<I::Head, S::Head, D::Head>,
    >>::Output;
    #[inline(always)]
    fn idx2crd_zip(self, shape: S, stride: D) -> Self::Output {
        let (i0, i) = self.split();
        let (s0, s) = shape.split();
        let (d0, d) = stride.split();
        let c0 = i0.idx2crd_strided(s0, d0);
        i.idx2crd_zip(s, d).prepend(c0)
    }
}

// ---------------------------------------------------------------------------------------------
// compact_col_major, compact_row_major
// ---------------------------------------------------------------------------------------------

/// C++'s name for [`LayoutLeft`].
pub type GenColMajor = LayoutLeft;
/// C++'s name for [`LayoutRight`].
pub type GenRowMajor = LayoutRight;

/// `compact_major<Major>(shape, current)`: the compact strides of a shape in the order
/// `Major` ([`LayoutLeft`] or [`LayoutRight`]), starting from `current`.
pub trait CompactMajor<Major, Cur> {
    /// The strides: congruent with `Self` (or with `Cur` where it is a tuple).
    type Output: IntTuple;
    /// Computes the strides.
    fn compact_major(self, current: Cur) -> Self::Output;
}
/// The type of `compact_major::<Major>(S, Cur)`.
pub type CompactMajorOf<Major, S, Cur = _1> = <S as CompactMajor<Major, Cur>>::Output;
/// The type of `compact_col_major(S)` / `compact_col_major_from(S, Cur)`.
pub type CompactColMajorOf<S, Cur = _1> = <S as CompactMajor<LayoutLeft, Cur>>::Output;
/// The type of `compact_row_major(S)` / `compact_row_major_from(S, Cur)`.
pub type CompactRowMajorOf<S, Cur = _1> = <S as CompactMajor<LayoutRight, Cur>>::Output;

/// `compact_major<Major>(shape, current)` (C++'s `compact_major`): the compact strides of
/// `shape` in the order `Major`, starting from `current`; a static size-1 leaf gets the
/// stride `_0`. A tuple `current` applies mode by mode.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let d = compact_major(LayoutRight, (_2, (_3, _4)), _1);
/// assert_eq!(display(&d).to_string(), "(_12,(_4,_1))");
/// ```
#[inline(always)]
pub fn compact_major<M, S: CompactMajor<M, Cur>, Cur>(
    _major: M,
    shape: S,
    current: Cur,
) -> S::Output {
    shape.compact_major(current)
}

/// `compact_col_major(shape)` (C++'s `compact_col_major` = `LayoutLeft`): the strides of the
/// compact column-major layout of `shape`: the exclusive prefix product of its leaves, mode 0
/// fastest, except that a static size-1 leaf gets the stride `_0`.
///
/// # Postconditions
/// 1. `make_layout(shape, compact_col_major(shape))` maps `[0, size(shape))` onto itself in
///    order: its offset at index `i` is `i`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let d = compact_col_major((_4, (_1, _2), _3));
/// assert_eq!(display(&d).to_string(), "(_1,(_0,_4),_8)");
/// assert_eq!(display(&compact_col_major((4, (_2, 8)))).to_string(), "(_1,(4,8))");
/// ```
#[inline(always)]
pub fn compact_col_major<S: CompactMajor<LayoutLeft, _1>>(shape: S) -> S::Output {
    shape.compact_major(C::new())
}

/// `compact_col_major(shape, current)` (C++'s two-argument `compact_col_major`): as
/// [`compact_col_major`], starting from `current`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let d = compact_col_major_from((_4, _3), _2);
/// assert_eq!(display(&d).to_string(), "(_2,_8)");
/// ```
#[inline(always)]
pub fn compact_col_major_from<S: CompactMajor<LayoutLeft, Cur>, Cur>(
    shape: S,
    current: Cur,
) -> S::Output {
    shape.compact_major(current)
}

/// `compact_row_major(shape)` (C++'s `compact_row_major` = `LayoutRight`): the strides of the
/// compact row-major layout of `shape`: the last leaf fastest, a static size-1 leaf gets the
/// stride `_0`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let d = compact_row_major((_4, (_1, _2), _3));
/// assert_eq!(display(&d).to_string(), "(_6,(_0,_3),_1)");
/// ```
#[inline(always)]
pub fn compact_row_major<S: CompactMajor<LayoutRight, _1>>(shape: S) -> S::Output {
    shape.compact_major(C::new())
}

/// `compact_row_major(shape, current)` (C++'s two-argument `compact_row_major`): as
/// [`compact_row_major`], starting from `current`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let d = compact_row_major_from((_4, _3), 2);
/// assert_eq!(display(&d).to_string(), "(6,2)");
/// ```
#[inline(always)]
pub fn compact_row_major_from<S: CompactMajor<LayoutRight, Cur>, Cur>(
    shape: S,
    current: Cur,
) -> S::Output {
    shape.compact_major(current)
}

/// `compact_major` as a function value.
#[doc(hidden)]
pub struct CompactMajorFn<M>(M);
impl<M, S: CompactMajor<M, Cur>, Cur> Fun2<S, Cur> for CompactMajorFn<M> {
    type Output = S::Output;
    #[inline(always)]
    fn call(&self, s: S, c: Cur) -> S::Output {
        s.compact_major(c)
    }
}

impl<M: Default, S, Cur: IntTuple> CompactMajor<M, Cur> for S
where
    S: CompactMajorImpl<M, Cur, Cur::IsTuple>,
{
    type Output = <S as CompactMajorImpl<M, Cur, Cur::IsTuple>>::Output;
    #[inline(always)]
    fn compact_major(self, current: Cur) -> Self::Output {
        CompactMajorImpl::<M, Cur, Cur::IsTuple>::compact_major_impl(self, current)
    }
}

/// `compact_major` by kind of `current` (`B1`: tuple, `B0`: integer).
#[doc(hidden)]
pub trait CompactMajorImpl<M, Cur, TC> {
    type Output: IntTuple;
    fn compact_major_impl(self, current: Cur) -> Self::Output;
}
impl<M: Default, S: Tuple, Cur> CompactMajorImpl<M, Cur, B1> for S
where
    S: Transform2<CompactMajorFn<M>, Cur>,
    <S as Transform2<CompactMajorFn<M>, Cur>>::Output: IntTuple,
{
    type Output = <S as Transform2<CompactMajorFn<M>, Cur>>::Output;
    #[inline(always)]
    fn compact_major_impl(self, current: Cur) -> Self::Output {
        self.transform2(current, &CompactMajorFn(M::default()))
    }
}
impl<M, S, Cur> CompactMajorImpl<M, Cur, B0> for S
where
    S: Compact<M, Cur>,
{
    type Output = <S as Compact<M, Cur>>::Stride;
    #[inline(always)]
    fn compact_major_impl(self, current: Cur) -> Self::Output {
        self.compact(current).0
    }
}

/// C++'s `detail::compact<Major>(shape, current)`: the strides and `current * size(shape)`.
#[doc(hidden)]
pub trait Compact<M, Cur> {
    type Stride: IntTuple;
    type Next;
    fn compact(self, current: Cur) -> (Self::Stride, Self::Next);
}
impl<M, S: IntTuple, Cur> Compact<M, Cur> for S
where
    S: CompactByKind<M, Cur, S::IsTuple>,
{
    type Stride = <S as CompactByKind<M, Cur, S::IsTuple>>::Stride;
    type Next = <S as CompactByKind<M, Cur, S::IsTuple>>::Next;
    #[inline(always)]
    fn compact(self, current: Cur) -> (Self::Stride, Self::Next) {
        CompactByKind::<M, Cur, S::IsTuple>::compact_by_kind(self, current)
    }
}

/// `compact` by kind of shape (`B1`: tuple, `B0`: integer).
#[doc(hidden)]
pub trait CompactByKind<M, Cur, TS> {
    type Stride: IntTuple;
    type Next;
    fn compact_by_kind(self, current: Cur) -> (Self::Stride, Self::Next);
}
impl<M, S: IntLeaf, Cur> CompactByKind<M, Cur, B0> for S
where
    S: IsConstantImpl<_1> + CompactLeaf<Cur, IsConstant<_1, S>>,
{
    type Stride = <S as CompactLeaf<Cur, IsConstant<_1, S>>>::Stride;
    type Next = <S as CompactLeaf<Cur, IsConstant<_1, S>>>::Next;
    #[inline(always)]
    fn compact_by_kind(self, current: Cur) -> (Self::Stride, Self::Next) {
        CompactLeaf::<Cur, _>::compact_leaf(self, current)
    }
}
impl<M, S, Cur> CompactByKind<M, Cur, B1> for S
where
    S: CompactModes<M, Cur>,
    <S as CompactModes<M, Cur>>::Stride: IntTuple,
{
    type Stride = <S as CompactModes<M, Cur>>::Stride;
    type Next = <S as CompactModes<M, Cur>>::Next;
    #[inline(always)]
    fn compact_by_kind(self, current: Cur) -> (Self::Stride, Self::Next) {
        self.compact_modes(current)
    }
}

/// An integer shape: stride `_0` for the static `_1` (`One = B1`), else `current`.
#[doc(hidden)]
pub trait CompactLeaf<Cur, One> {
    type Stride: IntTuple;
    type Next;
    fn compact_leaf(self, current: Cur) -> (Self::Stride, Self::Next);
}
impl<S, Cur> CompactLeaf<Cur, B1> for S {
    type Stride = _0;
    type Next = Cur;
    #[inline(always)]
    fn compact_leaf(self, current: Cur) -> (_0, Cur) {
        (C::new(), current)
    }
}
impl<S, Cur: IntLeaf + IntMul<S>> CompactLeaf<Cur, B0> for S {
    type Stride = Cur;
    type Next = Prod<Cur, S>;
    #[inline(always)]
    fn compact_leaf(self, current: Cur) -> (Cur, Self::Next) {
        (current, current.mul(self))
    }
}

/// The modes of a tuple shape, left to right (`LayoutLeft`) or right to left
/// (`LayoutRight`), threading `current` through.
#[doc(hidden)]
pub trait CompactModes<M, Cur> {
    type Stride: Tuple;
    type Next;
    fn compact_modes(self, current: Cur) -> (Self::Stride, Self::Next);
}
impl<M, Cur> CompactModes<M, Cur> for () {
    type Stride = ();
    type Next = Cur;
    #[inline(always)]
    fn compact_modes(self, current: Cur) -> ((), Cur) {
        ((), current)
    }
}
impl<S: Split, Cur> CompactModes<LayoutLeft, Cur> for S
where
    S::Head: Compact<LayoutLeft, Cur>,
    S::Tail: CompactModes<LayoutLeft, <S::Head as Compact<LayoutLeft, Cur>>::Next>,
    <S::Tail as CompactModes<LayoutLeft, <S::Head as Compact<LayoutLeft, Cur>>::Next>>::Stride:
        Prepend<<S::Head as Compact<LayoutLeft, Cur>>::Stride>,
{
    type Stride = <<S::Tail as CompactModes<
        LayoutLeft,
        <S::Head as Compact<LayoutLeft, Cur>>::Next,
    >>::Stride as Prepend<<S::Head as Compact<LayoutLeft, Cur>>::Stride>>::Output;
    type Next =
        <S::Tail as CompactModes<LayoutLeft, <S::Head as Compact<LayoutLeft, Cur>>::Next>>::Next;
    #[inline(always)]
    fn compact_modes(self, current: Cur) -> (Self::Stride, Self::Next) {
        let (s0, s) = self.split();
        let (d0, next) = s0.compact(current);
        let (d, next) = s.compact_modes(next);
        (d.prepend(d0), next)
    }
}
impl<S: Split, Cur> CompactModes<LayoutRight, Cur> for S
where
    S::Tail: CompactModes<LayoutRight, Cur>,
    S::Head: Compact<LayoutRight, <S::Tail as CompactModes<LayoutRight, Cur>>::Next>,
    <S::Tail as CompactModes<LayoutRight, Cur>>::Stride: Prepend<
        <S::Head as Compact<LayoutRight, <S::Tail as CompactModes<LayoutRight, Cur>>::Next>>::Stride,
    >,
{
    type Stride = <<S::Tail as CompactModes<LayoutRight, Cur>>::Stride as Prepend<
        <S::Head as Compact<LayoutRight, <S::Tail as CompactModes<LayoutRight, Cur>>::Next>>::Stride,
    >>::Output;
    type Next =
        <S::Head as Compact<LayoutRight, <S::Tail as CompactModes<LayoutRight, Cur>>::Next>>::Next;
    #[inline(always)]
    fn compact_modes(self, current: Cur) -> (Self::Stride, Self::Next) {
        let (s0, s) = self.split();
        let (d, next) = s.compact_modes(current);
        let (d0, next) = s0.compact(next);
        (d.prepend(d0), next)
    }
}

// ---------------------------------------------------------------------------------------------
// compact_order
// ---------------------------------------------------------------------------------------------

/// `compact_order(shape, order)`: compact strides with the modes ranked by `order`.
pub trait CompactOrder<O> {
    /// The strides: congruent with `Self`.
    type Output: IntTuple;
    /// Computes the strides.
    fn compact_order(self, order: O) -> Self::Output;
}
/// The type of `compact_order(S, O)`.
pub type CompactOrderOf<S, O> = <S as CompactOrder<O>>::Output;

/// `compact_order(shape, order)` (C++'s `compact_order`): the strides of a compact layout of
/// `shape` whose modes are laid out by increasing `order` (`order` is weakly congruent with
/// `shape`; a mode of `shape` at an integer of `order` is laid out col-major inside).
///
/// # Math
/// The part of `shape` at order `o` gets `compact_col_major(part, start)`, where `start` is
/// the product of the sizes of all parts with a smaller order.
///
/// # Preconditions
/// Every order is static (C++ also accepts dynamic orders, ranking them after the static
/// ones; this port does not) and the orders are distinct.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let d = compact_order((_2, (_3, _5), _4), (_1, (_3, _2), _0));
/// assert_eq!(display(&d).to_string(), "(_4,(_40,_8),_1)");
/// let d = compact_order((2, (_3, 5), _4), (_1, _2, _0));
/// assert_eq!(display(&d).to_string(), "(_4,(8,24),_1)");
/// ```
#[inline(always)]
pub fn compact_order<S: CompactOrder<O>, O>(shape: S, order: O) -> S::Output {
    shape.compact_order(order)
}

impl<S, O> CompactOrder<O> for S
where
    S: ProductLike<O> + Copy,
    O: IntTuple + FlattenToTuple,
    ProductLikeOf<S, O>: FlattenToTuple,
    S: CompactOrderWith<
        O,
        FlattenToTupleOf<ProductLikeOf<S, O>>,
        FlattenToTupleOf<O>,
        <O as IntTuple>::IsTuple,
    >,
{
    type Output = <S as CompactOrderWith<
        O,
        FlattenToTupleOf<ProductLikeOf<S, O>>,
        FlattenToTupleOf<O>,
        <O as IntTuple>::IsTuple,
    >>::Output;
    #[inline(always)]
    fn compact_order(self, order: O) -> Self::Output {
        let ref_shape = self.product_like(order).flatten_to_tuple();
        let ref_order = order.flatten_to_tuple();
        CompactOrderWith::<_, _, _, _>::compact_order_with(self, order, ref_shape, ref_order)
    }
}

/// C++'s `detail::compact_order(shape, order, ref_shape, ref_order)`, by kind of order
/// (`B1`: tuple, `B0`: integer).
#[doc(hidden)]
pub trait CompactOrderWith<O, RS, RO, TO> {
    type Output: IntTuple;
    fn compact_order_with(self, order: O, ref_shape: RS, ref_order: RO) -> Self::Output;
}
impl<S, O, RS, RO> CompactOrderWith<O, RS, RO, B1> for S
where
    S: CompactOrderZip<O, RS, RO>,
    <S as CompactOrderZip<O, RS, RO>>::Output: IntTuple,
{
    type Output = <S as CompactOrderZip<O, RS, RO>>::Output;
    #[inline(always)]
    fn compact_order_with(self, order: O, ref_shape: RS, ref_order: RO) -> Self::Output {
        self.compact_order_zip(order, ref_shape, ref_order)
    }
}
impl<S, O, RS, RO> CompactOrderWith<O, RS, RO, B0> for S
where
    RO: OrderStart<O, RS>,
    S: CompactMajor<LayoutLeft, <RO as OrderStart<O, RS>>::Output>,
{
    type Output = CompactColMajorOf<S, <RO as OrderStart<O, RS>>::Output>;
    #[inline(always)]
    fn compact_order_with(self, _: O, ref_shape: RS, ref_order: RO) -> Self::Output {
        self.compact_major(ref_order.order_start(ref_shape))
    }
}

/// A tuple shape and order, mode by mode (same rank).
#[doc(hidden)]
pub trait CompactOrderZip<O, RS, RO> {
    type Output: Tuple;
    fn compact_order_zip(self, order: O, ref_shape: RS, ref_order: RO) -> Self::Output;
}
impl<RS, RO> CompactOrderZip<(), RS, RO> for () {
    type Output = ();
    #[inline(always)]
    fn compact_order_zip(self, _: (), _: RS, _: RO) {}
}
impl<S: Split, O: Split, RS: Copy, RO: Copy> CompactOrderZip<O, RS, RO> for S
where
    O::Head: IntTuple,
    S::Head: CompactOrderWith<O::Head, RS, RO, <O::Head as IntTuple>::IsTuple>,
    S::Tail: CompactOrderZip<O::Tail, RS, RO>,
    <S::Tail as CompactOrderZip<O::Tail, RS, RO>>::Output: Prepend<
        <S::Head as CompactOrderWith<O::Head, RS, RO, <O::Head as IntTuple>::IsTuple>>::Output,
    >,
{
    type Output = <<S::Tail as CompactOrderZip<O::Tail, RS, RO>>::Output as Prepend<
        <S::Head as CompactOrderWith<O::Head, RS, RO, <O::Head as IntTuple>::IsTuple>>::Output,
    >>::Output;
    #[inline(always)]
    fn compact_order_zip(self, order: O, ref_shape: RS, ref_order: RO) -> Self::Output {
        let (s0, s) = self.split();
        let (o0, o) = order.split();
        let d0 = CompactOrderWith::<_, _, _, _>::compact_order_with(s0, o0, ref_shape, ref_order);
        s.compact_order_zip(o, ref_shape, ref_order).prepend(d0)
    }
}

/// The product of the reference sizes whose (static) order is below `O` (recursing on the
/// flat reference orders).
#[doc(hidden)]
pub trait OrderStart<O, RS> {
    type Output: IntLeaf;
    fn order_start(self, ref_shape: RS) -> Self::Output;
}
impl<O> OrderStart<O, ()> for () {
    type Output = _1;
    #[inline(always)]
    fn order_start(self, _: ()) -> _1 {
        C::new()
    }
}
impl<RO: Split, O, RS: Split> OrderStart<O, RS> for RO
where
    RO::Head: StaticLessImpl<O>,
    RS::Head: PickIfLess<StaticLess<RO::Head, O>>,
    RO::Tail: OrderStart<O, RS::Tail>,
    <RS::Head as PickIfLess<StaticLess<RO::Head, O>>>::Output:
        IntMul<<RO::Tail as OrderStart<O, RS::Tail>>::Output>,
    Prod<
        <RS::Head as PickIfLess<StaticLess<RO::Head, O>>>::Output,
        <RO::Tail as OrderStart<O, RS::Tail>>::Output,
    >: IntLeaf,
{
    type Output = Prod<
        <RS::Head as PickIfLess<StaticLess<RO::Head, O>>>::Output,
        <RO::Tail as OrderStart<O, RS::Tail>>::Output,
    >;
    #[inline(always)]
    fn order_start(self, ref_shape: RS) -> Self::Output {
        let (s0, s) = ref_shape.split();
        let (_, o) = self.split();
        s0.pick_if_less().mul(o.order_start(s))
    }
}

/// A reference size if its order is below (`B1`), else `_1`.
#[doc(hidden)]
pub trait PickIfLess<Less> {
    type Output: IntLeaf;
    fn pick_if_less(self) -> Self::Output;
}
impl<T: IntLeaf> PickIfLess<B1> for T {
    type Output = T;
    #[inline(always)]
    fn pick_if_less(self) -> T {
        self
    }
}
impl<T> PickIfLess<B0> for T {
    type Output = _1;
    #[inline(always)]
    fn pick_if_less(self) -> _1 {
        C::new()
    }
}

#[cfg(test)]
#[allow(clippy::type_complexity)]
mod tests {
    use super::*;
    use crate::numeric::aliases::*;
    use crate::util::print::display;
    use std::string::ToString;

    // Expected strings: oracle vectors (shared/oracle/public.jsonl), static and dynamic.
    #[test]
    fn idx2crd_oracle() {
        let r: _0 = idx2crd(_0, _1);
        assert_eq!(display(&r).to_string(), "_0");
        assert_eq!(display(&idx2crd(0, 1)).to_string(), "0");
        let r: (_1,) = idx2crd(_1, (_5,));
        assert_eq!(display(&r).to_string(), "(_1)");
        assert_eq!(display(&idx2crd(1, (5,))).to_string(), "(1)");
        let r: (_24,) = idx2crd(_24, (_32,));
        assert_eq!(display(&r).to_string(), "(_24)");
        assert_eq!(display(&idx2crd(24, (32,))).to_string(), "(24)");
        let r: (_0, _3, _0) = idx2crd(_6, (_2, _4, _8));
        assert_eq!(display(&r).to_string(), "(_0,_3,_0)");
        assert_eq!(display(&idx2crd(6, (2, 4, 8))).to_string(), "(0,3,0)");
        let r: (_1, _6, (_0,)) = idx2crd(_31, (_5, _8, (_4,)));
        assert_eq!(display(&r).to_string(), "(_1,_6,(_0))");
        assert_eq!(display(&idx2crd(31, (5, 8, (4,)))).to_string(), "(1,6,(0))");
        let r: (_1, _2, (_10, _3)) = idx2crd(_469, (_2, _4, (_16, _5)));
        assert_eq!(display(&r).to_string(), "(_1,_2,(_10,_3))");
        assert_eq!(
            display(&idx2crd(469, (2, 4, (16, 5)))).to_string(),
            "(1,2,(10,3))"
        );
        let r: (_1, (_3, _2, _3), _0) = idx2crd(_178, (_3, (_4, _4, _4), _1));
        assert_eq!(display(&r).to_string(), "(_1,(_3,_2,_3),_0)");
        assert_eq!(
            display(&idx2crd(178, (3, (4, 4, 4), 1))).to_string(),
            "(1,(3,2,3),0)"
        );
        let r: ((_0, _1), (_2, _0, _3)) = idx2crd(_123, ((_3, _2), (_3, _2, _5)));
        assert_eq!(display(&r).to_string(), "((_0,_1),(_2,_0,_3))");
        assert_eq!(
            display(&idx2crd(123, ((3, 2), (3, 2, 5)))).to_string(),
            "((0,1),(2,0,3))"
        );
        let r: (_1, (_3, _2), (_0, _1)) = idx2crd(_147, (_2, (_5, _4), (_3, _2)));
        assert_eq!(display(&r).to_string(), "(_1,(_3,_2),(_0,_1))");
        assert_eq!(
            display(&idx2crd(147, (2, (5, 4), (3, 2)))).to_string(),
            "(1,(3,2),(0,1))"
        );
        let r: (_1, (_1, _0, _5), (_2,)) = idx2crd(_208, (_3, (_4, _1, _6), (_6,)));
        assert_eq!(display(&r).to_string(), "(_1,(_1,_0,_5),(_2))");
        assert_eq!(
            display(&idx2crd(208, (3, (4, 1, 6), (6,)))).to_string(),
            "(1,(1,0,5),(2))"
        );
    }

    // Expected strings below: C++ CuTe 4.2 (cute-cpp) on the same inputs.
    #[test]
    fn idx2crd_cases() {
        let r: ((_0, _4), _3) = idx2crd(_38, ((_2, _5), _4));
        assert_eq!(display(&r).to_string(), "((_0,_4),_3)");
        // a static zero index gives static zeros, even under dynamic shapes
        let r: (_0, (_0, _0)) = idx2crd(_0, (4, (8, _2)));
        assert_eq!(display(&r).to_string(), "(_0,(_0,_0))");
        let r: (_3, _0, _0) = idx2crd(_3, (_4, 8, 3));
        assert_eq!(display(&r).to_string(), "(_3,_0,_0)");
        let r: (_3, i32, i32) = idx2crd(_19, (_4, 8, 3));
        assert_eq!(display(&r).to_string(), "(_3,4,0)");
        // the last mode is not reduced
        assert_eq!(display(&idx2crd(50, (_4, _3))).to_string(), "(2,12)");
        let r: ((i32, i32), (_1, _2)) = idx2crd((5, _7), ((_2, _4), (_3, _3)));
        assert_eq!(display(&r).to_string(), "((1,2),(_1,_2))");
        assert_eq!(display(&idx2crd(7, ((_4, 3), _2))).to_string(), "((3,1),0)");
        let r: ((_3, _0), i32) = idx2crd((_3, 5), ((_4, 3), _2));
        assert_eq!(display(&r).to_string(), "((_3,_0),5)");
    }

    #[test]
    fn idx2crd_strided_cases() {
        assert_eq!(
            display(&idx2crd_strided(13, (_4, _8), (_8, _1))).to_string(),
            "(1,5)"
        );
        let r: (_1, _5) = idx2crd_strided(_13, (_4, _8), (_8, _1));
        assert_eq!(display(&r).to_string(), "(_1,_5)");
        let r: (_1, _0, _5) = idx2crd_strided(_13, (_4, _1, _8), (_8, _0, _1));
        assert_eq!(display(&r).to_string(), "(_1,_0,_5)");
        let r: (_1, (_1, _1)) = idx2crd_strided(_13, (_4, (_2, _4)), _1);
        assert_eq!(display(&r).to_string(), "(_1,(_1,_1))");
        assert_eq!(
            display(&idx2crd_strided(29, (_4, (_2, _4)), _2)).to_string(),
            "(2,(1,1))"
        );
        let r: (i32, (_1, _2)) = idx2crd_strided((13, _5), (_4, (_2, _4)), (_1, (_1, _2)));
        assert_eq!(display(&r).to_string(), "(1,(_1,_2))");
        assert_eq!(
            display(&idx2crd_strided(13, (_4, (_8, 2)), _1)).to_string(),
            "(1,(3,0))"
        );
    }

    #[test]
    fn compact_major_cases() {
        let r: (_1, (_0, _4), _8) = compact_col_major((_4, (_1, _2), _3));
        assert_eq!(display(&r).to_string(), "(_1,(_0,_4),_8)");
        let r: (_1, (i32, i32)) = compact_col_major((4, (_2, 8)));
        assert_eq!(display(&r).to_string(), "(_1,(4,8))");
        let r: (_2, _8) = compact_col_major_from((_4, _3), _2);
        assert_eq!(display(&r).to_string(), "(_2,_8)");
        let r: (_1, _0, i32) = compact_col_major((1, _1, _3));
        assert_eq!(display(&r).to_string(), "(_1,_0,1)");
        let r: _1 = compact_col_major(_5);
        assert_eq!(r.to_string(), "_1");
        let r: _0 = compact_col_major(_1);
        assert_eq!(r.to_string(), "_0");
        let r: ((_1, _2), (_100, _400)) = compact_col_major_from(((_2, _3), (_4, _5)), (_1, _100));
        assert_eq!(display(&r).to_string(), "((_1,_2),(_100,_400))");
        let r = compact_col_major_from(((_8, 5), (_3, _2)), (_1, 3));
        assert_eq!(display(&r).to_string(), "((_1,_8),(3,9))");
        let r: (_6, (_0, _3), _1) = compact_row_major((_4, (_1, _2), _3));
        assert_eq!(display(&r).to_string(), "(_6,(_0,_3),_1)");
        let r: (i32, i32) = compact_row_major_from((_4, _3), 2);
        assert_eq!(display(&r).to_string(), "(6,2)");
        let r: (i32, (i32, _1)) = compact_row_major((4, (_2, 8)));
        assert_eq!(display(&r).to_string(), "(16,(8,_1))");
        let r: (_12, (_4, _1)) = compact_row_major((_2, (_3, _4)));
        assert_eq!(display(&r).to_string(), "(_12,(_4,_1))");
        let r: (_12, (_4, _1)) = compact_major(LayoutRight, (_2, (_3, _4)), _1);
        assert_eq!(display(&r).to_string(), "(_12,(_4,_1))");
        let r = compact_row_major_from(((_8, 5), (_3, _2)), _2);
        assert_eq!(display(&r).to_string(), "((60,_12),(_4,_2))");
    }

    #[test]
    fn compact_order_cases() {
        let r: (_4, _8, _1) = compact_order((_2, _3, _4), (_1, _2, _0));
        assert_eq!(display(&r).to_string(), "(_4,_8,_1)");
        let r: (_4, (_40, _8), _1) = compact_order((_2, (_3, _5), _4), (_1, (_3, _2), _0));
        assert_eq!(display(&r).to_string(), "(_4,(_40,_8),_1)");
        let r: (_60, (_1, _3), _15) = compact_order((_2, (_3, _5), _4), (_2, _0, _1));
        assert_eq!(display(&r).to_string(), "(_60,(_1,_3),_15)");
        let r: (_4, (i32, i32), _1) = compact_order((2, (_3, 5), _4), (_1, _2, _0));
        assert_eq!(display(&r).to_string(), "(_4,(8,24),_1)");
        let r = compact_order(((_8, 5), (_3, _2)), (_1, (_2, _0)));
        assert_eq!(display(&r).to_string(), "((_2,_16),(80,_1))");
        let r: (_1, _2, _6) = compact_order((_2, _3, _4), (_0, _1, _2));
        assert_eq!(display(&r).to_string(), "(_1,_2,_6)");
        let r: ((_12, _1), _3) = compact_order(((_2, _3), _4), ((_2, _0), _1));
        assert_eq!(display(&r).to_string(), "((_12,_1),_3)");
    }

    // Postcondition 1 of idx2crd: crd2idx(idx2crd(i, s), s, compact_col_major(s)) == i.
    #[test]
    fn idx2crd_inverts_crd2idx() {
        let s = (_3, (_4, _2), (_5,));
        let d = compact_col_major(s);
        for i in 0..120 {
            assert_eq!(crate::int_tuple::crd2idx(idx2crd(i, s), s, d), i);
        }
    }
}
