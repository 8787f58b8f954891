//! `complement` (part of `cute/layout.hpp`).
//!
//! | C++ | Rust |
//! |-----|------|
//! | `complement(layout, cotarget)` | [`complement`], [`try_complement`] |
//! | `complement(layout)` | [`complement_cosize`] (the cotarget is `cosize(filter(layout))`) |
//!
//! The modes of the filtered layout are taken in increasing order of stride, which C++ finds by
//! searching the minimum of static strides; here the type checker sorts them ([`SortByKey`]),
//! so a layout of rank 2 or more (after filtering) needs static strides, as in C++. Shapes may
//! be dynamic.

use core::ops::{BitAnd, Not};

use crate::algorithm::tuple_algorithms::{Fold, Fun2, SortByKey, SortedByKey, Transform2};
use crate::container::tuple::{Append, Split};
use crate::error::Error;
use crate::int_tuple::{CeilDiv, CeilDivOf, FlattenToTuple, FlattenToTupleOf, IntLeaf, IntTuple};
use crate::layout::coalesce::{Coalesce, Filter, FilterOf};
use crate::layout::{Cosize, CosizeSum, Layout, LayoutLeft};
use crate::numeric::aliases::{_0, _1};
use crate::numeric::arithmetic::{IntDiv, IntMul, IsConstant, IsConstantImpl, Prod, Quot};
use crate::numeric::integral_constant::{Bool, Integral, C};
use crate::numeric::{Bit, Integer, B0, B1};
use crate::stride::{CompactColMajorOf, CompactMajor};

/// The error of [`try_complement`] on dynamic values.
pub const NOT_INJECTIVE: Error = Error::new("complement", "the layout is not injective");

/// `complement(layout, cotarget)`: see [`complement`].
pub trait Complement<CoTarget> {
    /// The shape of the complement.
    type Shape: IntTuple;
    /// The stride of the complement, congruent with `Shape`.
    type Stride: IntTuple;
    /// The complement, or [`NOT_INJECTIVE`] when a dynamic value shows two modes overlap.
    fn try_complement(self, cotarget: CoTarget)
        -> Result<Layout<Self::Shape, Self::Stride>, Error>;
    /// The complement; the check on dynamic values is a `debug_assert!`.
    fn complement(self, cotarget: CoTarget) -> Layout<Self::Shape, Self::Stride>;
}
/// The layout type of `complement(L, CoTarget)`.
pub type ComplementOf<L, CoTarget> =
    Layout<<L as Complement<CoTarget>>::Shape, <L as Complement<CoTarget>>::Stride>;

/// `complement(layout, cotarget)`: the layout of the offsets below `cotarget` that `layout`
/// does not reach, ordered so that `make_layout(layout, complement)` is injective.
///
/// # Math
/// The layout is filtered first ([`filter`](crate::layout::coalesce::filter): no stride-0 or
/// size-1 modes, flat). If nothing is left (`_1:_0`), the result is `cotarget` with a compact
/// stride. Otherwise the modes `s_i:d_i` are taken in increasing order of stride (the first of
/// equal strides first); with `c_0 = 1` and `c_{i+1} = d_i * s_i`, the result is
/// `coalesce((d_0/c_0, ..., d_{r-1}/c_{r-1}, ceil_div(cotarget, c_r)) : (c_0, ..., c_r))`:
/// mode `i` fills the gap below stride `d_i`, and the last mode repeats the whole up to
/// `cotarget`. A tuple `cotarget` gives a rest mode per (coalesced) element, as in C++.
///
/// # Preconditions
/// - The filtered layout has static strides when its rank is 2 or more
///   (`complement: a layout of rank 2 or more needs static strides`).
/// - No quotient `d_i / c_i` is 0, i.e. no mode starts inside the span of the previous ones.
///   Static: the compile error `complement: the layout is not injective`. Dynamic:
///   [`try_complement`] returns that error ([`NOT_INJECTIVE`]); `complement` debug-asserts.
///   As in C++, a mode of dynamic size 1 is a mode like any other (filter drops only static
///   size-1 modes), so it can trigger the error. A dynamic size or stride 0 makes a later
///   division panic.
///
/// # Postconditions
/// 1. `size(result) >= ceil_div(cotarget, size(filter(layout)))` (for an integer `cotarget`);
/// 2. `result(i-1) < result(i)` for `0 < i < size(result)`;
/// 3. `result(i) != layout(j)` for every `0 < i < size(result)`, `0 <= j < size(layout)`;
/// 4. a static layout and cotarget give a static result (a zero-sized type).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// // From CuTe's layout-algebra documentation:
/// assert_eq!(complement(make_layout(_4, _1), _24).to_string(), "_6:_4");
/// assert_eq!(complement(make_layout(_6, _4), _24).to_string(), "_4:_1");
/// assert_eq!(complement(make_layout((_4, _6), (_1, _4)), _24).to_string(), "_1:_0");
/// assert_eq!(complement(make_layout((_2, _4), (_1, _6)), _24).to_string(), "_3:_2");
/// assert_eq!(complement(make_layout((_2, _2), (_1, _6)), _24).to_string(), "(_3,_2):(_2,_12)");
/// // Static in, static out: the result is a type.
/// let c: Layout<_2, _8> = complement(make_layout((_2, _4), (_1, _2)), _16);
/// assert_eq!(c.to_string(), "_2:_8");
/// // Dynamic shapes and cotarget: no dynamic mode is dropped or merged.
/// assert_eq!(complement(make_layout((2, 4), (_1, _6)), 24).to_string(), "(3,1):(2,24)");
/// // A tuple cotarget: the rest is split over its (coalesced) elements.
/// let l = make_layout((_2, _4), (_1, _8));
/// assert_eq!(complement(l, (_4, 16, 3)).to_string(), "(_4,6):(_2,_32)");
/// ```
#[inline(always)]
pub fn complement<L: Complement<CoTarget>, CoTarget>(
    layout: L,
    cotarget: CoTarget,
) -> ComplementOf<L, CoTarget> {
    layout.complement(cotarget)
}

/// `complement(layout, cotarget)` that returns [`NOT_INJECTIVE`] when dynamic values show that
/// two modes of the layout overlap; see [`complement`].
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// assert_eq!(try_complement(make_layout(4, 2), 16).unwrap().to_string(), "(2,2):(_1,8)");
/// // (2,3):(1,1) overlaps: mode 1 starts at offset 1, inside mode 0.
/// let e = try_complement(make_layout((2, 3), (_1, _1)), 16).unwrap_err();
/// assert_eq!(e.to_string(), "complement: the layout is not injective");
/// ```
#[inline(always)]
pub fn try_complement<L: Complement<CoTarget>, CoTarget>(
    layout: L,
    cotarget: CoTarget,
) -> Result<ComplementOf<L, CoTarget>, Error> {
    layout.try_complement(cotarget)
}

/// `complement(layout)` (C++'s one-argument form): the complement up to
/// `cosize(filter(layout))`, see [`complement`].
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_2, _2), (_1, _6));
/// // cosize is 8: offsets 2..6 are missing, so the complement is 3:2.
/// assert_eq!(complement_cosize(l).to_string(), "_3:_2");
/// ```
#[inline(always)]
pub fn complement_cosize<L: ComplementCosize>(layout: L) -> ComplementCosizeOf<L> {
    layout.complement_cosize()
}

/// `complement(layout)`: see [`complement_cosize`].
pub trait ComplementCosize {
    /// The shape of the complement.
    type Shape: IntTuple;
    /// The stride of the complement, congruent with `Shape`.
    type Stride: IntTuple;
    /// The complement up to `cosize(filter(self))`.
    fn complement_cosize(self) -> Layout<Self::Shape, Self::Stride>;
}
/// The layout type of `complement_cosize(L)`.
pub type ComplementCosizeOf<L> =
    Layout<<L as ComplementCosize>::Shape, <L as ComplementCosize>::Stride>;
/// The type of `cosize(filter(L))`.
type FilteredCosize<L> = Cosize<<L as Filter>::Shape, <L as Filter>::Stride>;
impl<L> ComplementCosize for L
where
    L: Filter + Copy + Complement<FilteredCosize<L>>,
    <L as Filter>::Shape: CosizeSum<<L as Filter>::Stride>,
{
    type Shape = <L as Complement<FilteredCosize<L>>>::Shape;
    type Stride = <L as Complement<FilteredCosize<L>>>::Stride;
    #[inline(always)]
    fn complement_cosize(self) -> Layout<Self::Shape, Self::Stride> {
        let c = self.filter().cosize();
        self.complement(c)
    }
}

impl<S, D, Co> Complement<Co> for Layout<S, D>
where
    S: IntTuple,
    D: IntTuple,
    Layout<S, D>: Filter,
    FilterOf<Layout<S, D>>: ComplementFiltered<Co>,
{
    type Shape = <FilterOf<Layout<S, D>> as ComplementFiltered<Co>>::Shape;
    type Stride = <FilterOf<Layout<S, D>> as ComplementFiltered<Co>>::Stride;
    #[inline(always)]
    fn try_complement(self, cotarget: Co) -> Result<Layout<Self::Shape, Self::Stride>, Error> {
        self.filter().complement_filtered(cotarget, true)
    }
    #[inline(always)]
    fn complement(self, cotarget: Co) -> Layout<Self::Shape, Self::Stride> {
        match self.filter().complement_filtered(cotarget, false) {
            Ok(l) => l,
            Err(e) => panic!("{}", e),
        }
    }
}

/// C++'s `detail::complement` of a filtered layout (flat, no static stride 0 or size 1):
/// dispatches on whether the stride is the static `_0` of `_1:_0`.
#[doc(hidden)]
pub trait ComplementFiltered<Co> {
    type Shape: IntTuple;
    type Stride: IntTuple;
    /// With `strict`, a failed dynamic check is an `Err`; without, a `debug_assert!`.
    fn complement_filtered(
        self,
        cotarget: Co,
        strict: bool,
    ) -> Result<Layout<Self::Shape, Self::Stride>, Error>;
}
impl<S, D, Co> ComplementFiltered<Co> for Layout<S, D>
where
    S: IntTuple,
    D: IntTuple + IsStaticZero,
    Layout<S, D>: ComplementCase<Co, <D as IsStaticZero>::Output>,
{
    type Shape = <Layout<S, D> as ComplementCase<Co, D::Output>>::Shape;
    type Stride = <Layout<S, D> as ComplementCase<Co, D::Output>>::Stride;
    #[inline(always)]
    fn complement_filtered(
        self,
        cotarget: Co,
        strict: bool,
    ) -> Result<Layout<Self::Shape, Self::Stride>, Error> {
        ComplementCase::<Co, D::Output>::complement_case(self, cotarget, strict)
    }
}

/// `B1` for the static integer 0, `B0` for anything else (a dynamic integer, a tuple).
#[doc(hidden)]
pub trait IsStaticZero {
    type Output: Bool;
}
impl<N: Integer> IsStaticZero for C<N>
where
    C<N>: IsConstantImpl<_0>,
    IsConstant<_0, C<N>>: Bool,
{
    type Output = IsConstant<_0, C<N>>;
}
impl IsStaticZero for i32 {
    type Output = B0;
}
impl IsStaticZero for i64 {
    type Output = B0;
}
impl IsStaticZero for () {
    type Output = B0;
}
impl<T: Split> IsStaticZero for T {
    type Output = B0;
}

/// The two cases of C++'s `detail::complement`: `B1` for the stride-0 layout `_1:_0`.
#[doc(hidden)]
pub trait ComplementCase<Co, ZeroStride> {
    type Shape: IntTuple;
    type Stride: IntTuple;
    fn complement_case(
        self,
        cotarget: Co,
        strict: bool,
    ) -> Result<Layout<Self::Shape, Self::Stride>, Error>;
}

// Nothing left after filtering: the whole cotarget, compact.
impl<S, D, Co> ComplementCase<Co, B1> for Layout<S, D>
where
    Co: CoalesceShape,
    CoalesceShapeOf<Co>: CompactMajor<LayoutLeft, _1>,
{
    type Shape = CoalesceShapeOf<Co>;
    type Stride = CompactColMajorOf<CoalesceShapeOf<Co>, _1>;
    #[inline(always)]
    fn complement_case(
        self,
        cotarget: Co,
        _: bool,
    ) -> Result<Layout<Self::Shape, Self::Stride>, Error> {
        let shape = cotarget.coalesce_shape();
        Ok(Layout::new(shape, shape.compact_major(_1)))
    }
}

/// The modes `(stride, shape)` of a filtered layout, sorted by stride.
type SortedModes<S, D> = SortedByKey<<WrapOf<D> as Transform2<MakePair, WrapOf<S>>>::Output>;
/// The fold of [`ComplementStep`] over the sorted modes.
type Gaps<S, D> = <SortedModes<S, D> as Fold<ComplementStep, ((), (), _1, bool)>>::Output;
/// The rest shape: `coalesce(ceil_div(cotarget, c_r))`.
type RestShape<S, D, Co> = CoalesceShapeOf<CeilDivOf<Co, <Gaps<S, D> as GapParts>::Last>>;
/// The rest stride: `compact_col_major(rest_shape, c_r)`.
type RestStride<S, D, Co> = CompactColMajorOf<RestShape<S, D, Co>, <Gaps<S, D> as GapParts>::Last>;
/// The layout before the final coalesce.
type Uncoalesced<S, D, Co> = Layout<
    <<Gaps<S, D> as GapParts>::Shapes as Append<RestShape<S, D, Co>>>::Output,
    <<Gaps<S, D> as GapParts>::Strides as Append<RestStride<S, D, Co>>>::Output,
>;

// The general case.
impl<S, D, Co> ComplementCase<Co, B0> for Layout<S, D>
where
    S: IntTuple + Wrap,
    D: IntTuple + Wrap + StaticStrides,
    <D as StaticStrides>::Output: ComplementStaticStrides,
    WrapOf<D>: Transform2<MakePair, WrapOf<S>>,
    <WrapOf<D> as Transform2<MakePair, WrapOf<S>>>::Output: SortByKey,
    SortedModes<S, D>: Fold<ComplementStep, ((), (), _1, bool)>,
    Gaps<S, D>: GapParts,
    Co: CeilDiv<<Gaps<S, D> as GapParts>::Last>,
    CeilDivOf<Co, <Gaps<S, D> as GapParts>::Last>: CoalesceShape,
    RestShape<S, D, Co>: CompactMajor<LayoutLeft, <Gaps<S, D> as GapParts>::Last>,
    <Gaps<S, D> as GapParts>::Shapes: Append<RestShape<S, D, Co>>,
    <Gaps<S, D> as GapParts>::Strides: Append<RestStride<S, D, Co>>,
    <<Gaps<S, D> as GapParts>::Shapes as Append<RestShape<S, D, Co>>>::Output: IntTuple,
    <<Gaps<S, D> as GapParts>::Strides as Append<RestStride<S, D, Co>>>::Output: IntTuple,
    Uncoalesced<S, D, Co>: Coalesce,
{
    type Shape = <Uncoalesced<S, D, Co> as Coalesce>::Shape;
    type Stride = <Uncoalesced<S, D, Co> as Coalesce>::Stride;
    #[inline(always)]
    fn complement_case(
        self,
        cotarget: Co,
        strict: bool,
    ) -> Result<Layout<Self::Shape, Self::Stride>, Error> {
        let modes = self
            .stride()
            .wrap()
            .transform2(self.shape().wrap(), &MakePair);
        let gaps = modes
            .sort_by_key()
            .fold(((), (), _1, true), &ComplementStep);
        let (shapes, strides, last, ok) = gaps.parts();
        if strict && !ok {
            return Err(NOT_INJECTIVE);
        }
        debug_assert!(ok, "complement: the layout is not injective");
        let rest_shape = cotarget.ceil_div(last).coalesce_shape();
        let rest_stride = rest_shape.compact_major(last);
        Ok(Layout::new(shapes.append(rest_shape), strides.append(rest_stride)).coalesce())
    }
}

/// The state after [`ComplementStep`]: result shapes, result strides, the next stride `c_r`,
/// and whether every dynamic quotient was non-zero.
#[doc(hidden)]
pub trait GapParts {
    type Shapes: Copy;
    type Strides: Copy;
    type Last: Integral;
    fn parts(self) -> (Self::Shapes, Self::Strides, Self::Last, bool);
}
impl<RS: Copy, RD: Copy, L: Integral> GapParts for (RS, RD, L, bool) {
    type Shapes = RS;
    type Strides = RD;
    type Last = L;
    #[inline(always)]
    fn parts(self) -> (RS, RD, L, bool) {
        self
    }
}

/// One mode `s:d` of the general case, in increasing order of stride: appends the shape
/// `d / c` and the stride `c` to the result, and moves `c` to `d * s`.
#[doc(hidden)]
pub struct ComplementStep;
impl<RS, RD, L, D, S> Fun2<(RS, RD, L, bool), (D, S)> for ComplementStep
where
    RS: Append<Quot<D, L>>,
    RD: Append<L>,
    L: Integral,
    D: IntDiv<L> + IntMul<S> + Copy,
    Quot<D, L>: IsConstantImpl<_0>,
    IsConstant<_0, Quot<D, L>>: Not,
    <IsConstant<_0, Quot<D, L>> as Not>::Output: ComplementInjective,
{
    type Output = (RS::Output, RD::Output, Prod<D, S>, bool);
    #[inline(always)]
    fn call(&self, (shapes, strides, last, ok): (RS, RD, L, bool), (d, s): (D, S)) -> Self::Output {
        let gap = d.div(last);
        (
            shapes.append(gap),
            strides.append(last),
            d.mul(s),
            ok && gap.value() != 0,
        )
    }
}

/// The precondition that no mode starts inside the span of the modes of smaller stride.
#[diagnostic::on_unimplemented(
    message = "complement: the layout is not injective",
    note = "sorted by stride, no mode may start inside the previous one: each stride must be at least the previous stride times the previous shape"
)]
pub trait ComplementInjective {}
impl ComplementInjective for B1 {}

/// The precondition that a filtered layout of rank 2 or more has static strides.
#[diagnostic::on_unimplemented(
    message = "complement: a layout of rank 2 or more needs static strides",
    note = "the modes are sorted by stride at compile time (C++: \"Dynamic-stride complement only for rank-1 layouts\")"
)]
pub trait ComplementStaticStrides {}
impl ComplementStaticStrides for B1 {}

/// `B1` for an integer stride (rank 1: it may be dynamic) or a flat tuple of static strides.
#[doc(hidden)]
pub trait StaticStrides {
    type Output: Bit;
}
impl<N: Integer> StaticStrides for C<N> {
    type Output = B1;
}
impl StaticStrides for i32 {
    type Output = B1;
}
impl StaticStrides for i64 {
    type Output = B1;
}
impl StaticStrides for () {
    type Output = B1;
}
impl<T> StaticStrides for T
where
    T: Split,
    T::Head: Integral,
    T::Tail: AllStatic,
    <T::Head as Integral>::IsStatic: BitAnd<<T::Tail as AllStatic>::Output>,
    <<T::Head as Integral>::IsStatic as BitAnd<<T::Tail as AllStatic>::Output>>::Output: Bit,
{
    type Output =
        <<T::Head as Integral>::IsStatic as BitAnd<<T::Tail as AllStatic>::Output>>::Output;
}
/// `B1` iff every leaf of an IntTuple is static (C++'s `is_static`).
#[doc(hidden)]
pub trait AllStatic {
    type Output: Bit;
}
impl<N: Integer> AllStatic for C<N> {
    type Output = B1;
}
impl AllStatic for i32 {
    type Output = B0;
}
impl AllStatic for i64 {
    type Output = B0;
}
impl AllStatic for () {
    type Output = B1;
}
impl<T> AllStatic for T
where
    T: Split,
    T::Head: AllStatic,
    T::Tail: AllStatic,
    <T::Head as AllStatic>::Output: BitAnd<<T::Tail as AllStatic>::Output>,
    <<T::Head as AllStatic>::Output as BitAnd<<T::Tail as AllStatic>::Output>>::Output: Bit,
{
    type Output =
        <<T::Head as AllStatic>::Output as BitAnd<<T::Tail as AllStatic>::Output>>::Output;
}

/// Pairs two values: `(a, b)`.
#[doc(hidden)]
pub struct MakePair;
impl<A: Copy + 'static, B: Copy + 'static> Fun2<A, B> for MakePair {
    type Output = (A, B);
    #[inline(always)]
    fn call(&self, a: A, b: B) -> (A, B) {
        (a, b)
    }
}

/// C++'s `wrap`: an integer as a rank-1 tuple; a tuple unchanged.
#[doc(hidden)]
pub trait Wrap {
    type Output: Split;
    fn wrap(self) -> Self::Output;
}
/// The type of `wrap(T)`.
#[doc(hidden)]
pub type WrapOf<T> = <T as Wrap>::Output;
macro_rules! leaf_wrap {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> Wrap for $t {
            type Output = ($t,);
            #[inline(always)]
            fn wrap(self) -> ($t,) {
                (self,)
            }
        }
    )*};
}
leaf_wrap!([N: Integer + 'static] C<N>, [] i32, [] i64);
impl<T: Split> Wrap for T {
    type Output = T;
    #[inline(always)]
    fn wrap(self) -> T {
        self
    }
}

// ---------------------------------------------------------------------------------------------
// C++'s `coalesce(shape)`, as complement uses it on its cotarget.
// ---------------------------------------------------------------------------------------------

/// C++'s `coalesce(shape)`: the leaves of a shape, neighbours multiplied together when both
/// are static or both dynamic; an integer if one is left.
#[doc(hidden)]
pub trait CoalesceShape {
    type Output: IntTuple;
    fn coalesce_shape(self) -> Self::Output;
}
/// The type of `coalesce(shape)`.
#[doc(hidden)]
pub type CoalesceShapeOf<T> = <T as CoalesceShape>::Output;
macro_rules! leaf_coalesce_shape {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> CoalesceShape for $t {
            type Output = $t;
            #[inline(always)]
            fn coalesce_shape(self) -> $t {
                self
            }
        }
    )*};
}
leaf_coalesce_shape!([N: Integer + 'static] C<N>, [] i32, [] i64);
impl<T> CoalesceShape for T
where
    T: Split + FlattenToTuple,
    FlattenToTupleOf<T>: Split,
    <FlattenToTupleOf<T> as Split>::Tail:
        Fold<MergeKind, ((), <FlattenToTupleOf<T> as Split>::Head)>,
    <<FlattenToTupleOf<T> as Split>::Tail as Fold<
        MergeKind,
        ((), <FlattenToTupleOf<T> as Split>::Head),
    >>::Output: FinishMerge,
{
    type Output = <<<FlattenToTupleOf<T> as Split>::Tail as Fold<
        MergeKind,
        ((), <FlattenToTupleOf<T> as Split>::Head),
    >>::Output as FinishMerge>::Output;
    #[inline(always)]
    fn coalesce_shape(self) -> Self::Output {
        let (h, t) = self.flatten_to_tuple().split();
        t.fold(((), h), &MergeKind).finish_merge()
    }
}

/// A fold step of [`CoalesceShape`] on `(done, last)`: multiplies `x` into `last` when both
/// are static or both dynamic, else moves `last` to `done`.
#[doc(hidden)]
pub struct MergeKind;
impl<Done, Last, X> Fun2<(Done, Last), X> for MergeKind
where
    Last: Integral,
    X: Integral,
    Last::IsStatic: SameBit<X::IsStatic>,
    (Done, Last): MergeIf<X, <Last::IsStatic as SameBit<X::IsStatic>>::Output>,
{
    type Output =
        <(Done, Last) as MergeIf<X, <Last::IsStatic as SameBit<X::IsStatic>>::Output>>::Output;
    #[inline(always)]
    fn call(&self, acc: (Done, Last), x: X) -> Self::Output {
        MergeIf::<X, _>::merge_if(acc, x)
    }
}
/// `B1` iff the bits `Self` and `B` are equal.
#[doc(hidden)]
pub trait SameBit<B> {
    type Output;
}
impl SameBit<B0> for B0 {
    type Output = B1;
}
impl SameBit<B1> for B1 {
    type Output = B1;
}
impl SameBit<B1> for B0 {
    type Output = B0;
}
impl SameBit<B0> for B1 {
    type Output = B0;
}
/// [`MergeKind`] once decided: `B1` multiplies, `B0` appends.
#[doc(hidden)]
pub trait MergeIf<X, Merge> {
    type Output: Copy + 'static;
    fn merge_if(self, x: X) -> Self::Output;
}
impl<Done: Copy + 'static, Last: IntMul<X>, X> MergeIf<X, B1> for (Done, Last) {
    type Output = (Done, Prod<Last, X>);
    #[inline(always)]
    fn merge_if(self, x: X) -> Self::Output {
        (self.0, self.1.mul(x))
    }
}
impl<Done: Append<Last>, Last, X: Copy + 'static> MergeIf<X, B0> for (Done, Last) {
    type Output = (Done::Output, X);
    #[inline(always)]
    fn merge_if(self, x: X) -> Self::Output {
        (self.0.append(self.1), x)
    }
}
/// The end of [`CoalesceShape`]: the last integer alone, or appended to the others.
#[doc(hidden)]
pub trait FinishMerge {
    type Output: IntTuple;
    fn finish_merge(self) -> Self::Output;
}
impl<Last: IntLeaf> FinishMerge for ((), Last) {
    type Output = Last;
    #[inline(always)]
    fn finish_merge(self) -> Last {
        self.1
    }
}
impl<Done: Split + Append<Last>, Last> FinishMerge for (Done, Last)
where
    Done::Output: IntTuple,
{
    type Output = Done::Output;
    #[inline(always)]
    fn finish_merge(self) -> Self::Output {
        self.0.append(self.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::int_tuple::Crd2Idx;
    use crate::layout::make_layout;
    use crate::numeric::aliases::*;
    use std::string::ToString;

    /// Evaluates `l` at every index and compares with `expect` (and the size with its length).
    fn values<S: IntTuple, D: IntTuple>(l: Layout<S, D>, expect: &[i64])
    where
        i32: Crd2Idx<S, D>,
    {
        assert_eq!(l.size().value(), expect.len() as i64, "size of {l}");
        for (i, &e) in expect.iter().enumerate() {
            assert_eq!(l.call(i as i32).value(), e, "{l} at {i}");
        }
    }

    /// A static case: the result type, C++'s print and the oracle's values.
    macro_rules! static_case {
        ($l:expr, $c:expr => $T:ty, $print:expr, [$($v:expr),*]) => {{
            let r: $T = complement($l, $c);
            assert_eq!(r.to_string(), $print);
            assert_eq!(core::mem::size_of_val(&r), 0);
            values(r, &[$($v),*]);
        }};
    }
    /// The same case with dynamic shapes and cotarget: C++'s print (and the oracle's values
    /// where a dynamic size-1 mode does not change the result).
    macro_rules! dyn_case {
        ($l:expr, $c:expr => $print:expr, [$($v:expr),*]) => {{
            let r = try_complement($l, $c).unwrap();
            assert_eq!(r.to_string(), $print);
            let v: &[i64] = &[$($v),*];
            if !v.is_empty() {
                values(r, v);
            }
        }};
    }
    /// A dynamic case where C++ computes a shape 0 (a dynamic size-1 mode overlaps).
    macro_rules! dyn_err {
        ($l:expr, $c:expr) => {{
            assert_eq!(try_complement($l, $c).unwrap_err(), NOT_INJECTIVE);
        }};
    }

    #[test]
    fn tuple_cotarget() {
        // Expected values: C++ CuTe 4.2, printed with cute::print.
        let l = make_layout((_2, _4), (_1, _8));
        let r: Layout<(_4, _2), (_2, _32)> = complement(l, (_4, _16));
        assert_eq!(r.to_string(), "(_4,_2):(_2,_32)");
        assert_eq!(complement(l, (_4, 16, 3)).to_string(), "(_4,6):(_2,_32)");
        assert_eq!(
            complement(l, (_64, 16, 3)).to_string(),
            "(_4,_2,48):(_2,_32,_64)"
        );
        let z = make_layout(_1, _0);
        assert_eq!(complement(z, (_4, 16, 3)).to_string(), "(_4,48):(_1,_4)");
        let r: Layout<(_4, i32), (_1, _4)> = complement(z, (_4, _1, 3));
        assert_eq!(r.to_string(), "(_4,3):(_1,_4)");
        assert_eq!(complement(z, 1).to_string(), "1:_1");
        let r: Layout<_1, _0> = complement(z, _1);
        assert_eq!(r.to_string(), "_1:_0");
    }

    #[test]
    fn one_argument_form() {
        // Expected: C++ CuTe 4.2 `complement(layout)`.
        let r: Layout<_3, _2> = complement_cosize(make_layout((_2, _2), (_1, _6)));
        assert_eq!(r.to_string(), "_3:_2");
    }

    #[test]
    fn dynamic_overlap_is_an_error() {
        // (2,3):(1,1): mode 1 starts inside mode 0.
        let e = try_complement(make_layout((2, 3), (_1, _1)), 16).unwrap_err();
        assert_eq!(e.to_string(), "complement: the layout is not injective");
        // A dynamic stride 0 is not filtered: 0 / 1 = 0.
        assert_eq!(
            try_complement(make_layout(4, 0), 8).unwrap_err(),
            NOT_INJECTIVE
        );
        assert_eq!(
            try_complement(make_layout(4, 2), 16).unwrap().to_string(),
            "(2,2):(_1,8)"
        );
    }

    #[test]
    #[should_panic(expected = "complement: the layout is not injective")]
    #[cfg(debug_assertions)]
    fn plain_complement_debug_asserts() {
        let _ = complement(make_layout((2, 3), (_1, _1)), 16);
    }

    #[test]
    fn oracle_vectors() {
        // line 83: complement(1:0, 1) = 1:0
        static_case!(make_layout(_1, _0), _1 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout(1, _0), 1 => "1:_1", [0]);
        // line 84: complement(1:0, 5) = 5:1
        static_case!(make_layout(_1, _0), _5 => Layout<_5, _1>, "_5:_1", [0, 1, 2, 3, 4]);
        dyn_case!(make_layout(1, _0), 5 => "5:_1", [0, 1, 2, 3, 4]);
        // line 85: complement(1:1, 4) = 4:1
        static_case!(make_layout(_1, _1), _4 => Layout<_4, _1>, "_4:_1", [0, 1, 2, 3]);
        dyn_case!(make_layout(1, _1), 4 => "4:1", [0, 1, 2, 3]);
        // line 86: complement(4:0, 8) = 8:1
        static_case!(make_layout(_4, _0), _8 => Layout<_8, _1>, "_8:_1", [0, 1, 2, 3, 4, 5, 6, 7]);
        dyn_case!(make_layout(4, _0), 8 => "8:_1", [0, 1, 2, 3, 4, 5, 6, 7]);
        // line 87: complement((1,4):(0,2), 16) = (2,2):(1,8)
        static_case!(make_layout((_1, _4), (_0, _2)), _16 => Layout<(_2, _2), (_1, _8)>, "(_2,_2):(_1,_8)", [0, 1, 8, 9]);
        dyn_case!(make_layout((1, 4), (_0, _2)), 16 => "(_2,2):(_1,8)", [0, 1, 8, 9]);
        // line 88: complement(((2),(1,3)):((4),(0,1)), 48) = 6:8
        static_case!(make_layout(((_2,), (_1, _3)), ((_4,), (_0, _1))), _48 => Layout<_6, _8>, "_6:_8", [0, 8, 16, 24, 32, 40]);
        dyn_case!(make_layout(((2,), (1, 3)), ((_4,), (_0, _1))), 48 => "(1,6):(3,8)", [0, 8, 16, 24, 32, 40]);
        // line 153: complement(2:3, 2048) = (3,342):(1,6)
        static_case!(make_layout(_2, _3), _2048 => Layout<(_3, _342), (_1, _6)>, "(_3,_342):(_1,_6)", [0, 1, 2, 6, 7, 8, 12, 13, 14, 18, 19, 20, 24, 25, 26, 30, 31, 32, 36, 37, 38, 42, 43, 44, 48, 49, 50, 54, 55, 56, 60, 61, 62, 66, 67, 68, 72, 73, 74, 78, 79, 80, 84, 85, 86, 90, 91, 92, 96, 97, 98, 102, 103, 104, 108, 109, 110, 114, 115, 116, 120, 121, 122, 126, 127, 128, 132, 133, 134, 138, 139, 140, 144, 145, 146, 150, 151, 152, 156, 157, 158, 162, 163, 164, 168, 169, 170, 174, 175, 176, 180, 181, 182, 186, 187, 188, 192, 193, 194, 198, 199, 200, 204, 205, 206, 210, 211, 212, 216, 217, 218, 222, 223, 224, 228, 229, 230, 234, 235, 236, 240, 241, 242, 246, 247, 248, 252, 253, 254, 258, 259, 260, 264, 265, 266, 270, 271, 272, 276, 277, 278, 282, 283, 284, 288, 289, 290, 294, 295, 296, 300, 301, 302, 306, 307, 308, 312, 313, 314, 318, 319, 320, 324, 325, 326, 330, 331, 332, 336, 337, 338, 342, 343, 344, 348, 349, 350, 354, 355, 356, 360, 361, 362, 366, 367, 368, 372, 373, 374, 378, 379, 380, 384, 385, 386, 390, 391, 392, 396, 397, 398, 402, 403, 404, 408, 409, 410, 414, 415, 416, 420, 421, 422, 426, 427, 428, 432, 433, 434, 438, 439, 440, 444, 445, 446, 450, 451, 452, 456, 457, 458, 462, 463, 464, 468, 469, 470, 474, 475, 476, 480, 481, 482, 486, 487, 488, 492, 493, 494, 498, 499, 500, 504, 505, 506, 510, 511, 512, 516, 517, 518, 522, 523, 524, 528, 529, 530, 534, 535, 536, 540, 541, 542, 546, 547, 548, 552, 553, 554, 558, 559, 560, 564, 565, 566, 570, 571, 572, 576, 577, 578, 582, 583, 584, 588, 589, 590, 594, 595, 596, 600, 601, 602, 606, 607, 608, 612, 613, 614, 618, 619, 620, 624, 625, 626, 630, 631, 632, 636, 637, 638, 642, 643, 644, 648, 649, 650, 654, 655, 656, 660, 661, 662, 666, 667, 668, 672, 673, 674, 678, 679, 680, 684, 685, 686, 690, 691, 692, 696, 697, 698, 702, 703, 704, 708, 709, 710, 714, 715, 716, 720, 721, 722, 726, 727, 728, 732, 733, 734, 738, 739, 740, 744, 745, 746, 750, 751, 752, 756, 757, 758, 762, 763, 764, 768, 769, 770, 774, 775, 776, 780, 781, 782, 786, 787, 788, 792, 793, 794, 798, 799, 800, 804, 805, 806, 810, 811, 812, 816, 817, 818, 822, 823, 824, 828, 829, 830, 834, 835, 836, 840, 841, 842, 846, 847, 848, 852, 853, 854, 858, 859, 860, 864, 865, 866, 870, 871, 872, 876, 877, 878, 882, 883, 884, 888, 889, 890, 894, 895, 896, 900, 901, 902, 906, 907, 908, 912, 913, 914, 918, 919, 920, 924, 925, 926, 930, 931, 932, 936, 937, 938, 942, 943, 944, 948, 949, 950, 954, 955, 956, 960, 961, 962, 966, 967, 968, 972, 973, 974, 978, 979, 980, 984, 985, 986, 990, 991, 992, 996, 997, 998, 1002, 1003, 1004, 1008, 1009, 1010, 1014, 1015, 1016, 1020, 1021, 1022, 1026, 1027, 1028, 1032, 1033, 1034, 1038, 1039, 1040, 1044, 1045, 1046, 1050, 1051, 1052, 1056, 1057, 1058, 1062, 1063, 1064, 1068, 1069, 1070, 1074, 1075, 1076, 1080, 1081, 1082, 1086, 1087, 1088, 1092, 1093, 1094, 1098, 1099, 1100, 1104, 1105, 1106, 1110, 1111, 1112, 1116, 1117, 1118, 1122, 1123, 1124, 1128, 1129, 1130, 1134, 1135, 1136, 1140, 1141, 1142, 1146, 1147, 1148, 1152, 1153, 1154, 1158, 1159, 1160, 1164, 1165, 1166, 1170, 1171, 1172, 1176, 1177, 1178, 1182, 1183, 1184, 1188, 1189, 1190, 1194, 1195, 1196, 1200, 1201, 1202, 1206, 1207, 1208, 1212, 1213, 1214, 1218, 1219, 1220, 1224, 1225, 1226, 1230, 1231, 1232, 1236, 1237, 1238, 1242, 1243, 1244, 1248, 1249, 1250, 1254, 1255, 1256, 1260, 1261, 1262, 1266, 1267, 1268, 1272, 1273, 1274, 1278, 1279, 1280, 1284, 1285, 1286, 1290, 1291, 1292, 1296, 1297, 1298, 1302, 1303, 1304, 1308, 1309, 1310, 1314, 1315, 1316, 1320, 1321, 1322, 1326, 1327, 1328, 1332, 1333, 1334, 1338, 1339, 1340, 1344, 1345, 1346, 1350, 1351, 1352, 1356, 1357, 1358, 1362, 1363, 1364, 1368, 1369, 1370, 1374, 1375, 1376, 1380, 1381, 1382, 1386, 1387, 1388, 1392, 1393, 1394, 1398, 1399, 1400, 1404, 1405, 1406, 1410, 1411, 1412, 1416, 1417, 1418, 1422, 1423, 1424, 1428, 1429, 1430, 1434, 1435, 1436, 1440, 1441, 1442, 1446, 1447, 1448, 1452, 1453, 1454, 1458, 1459, 1460, 1464, 1465, 1466, 1470, 1471, 1472, 1476, 1477, 1478, 1482, 1483, 1484, 1488, 1489, 1490, 1494, 1495, 1496, 1500, 1501, 1502, 1506, 1507, 1508, 1512, 1513, 1514, 1518, 1519, 1520, 1524, 1525, 1526, 1530, 1531, 1532, 1536, 1537, 1538, 1542, 1543, 1544, 1548, 1549, 1550, 1554, 1555, 1556, 1560, 1561, 1562, 1566, 1567, 1568, 1572, 1573, 1574, 1578, 1579, 1580, 1584, 1585, 1586, 1590, 1591, 1592, 1596, 1597, 1598, 1602, 1603, 1604, 1608, 1609, 1610, 1614, 1615, 1616, 1620, 1621, 1622, 1626, 1627, 1628, 1632, 1633, 1634, 1638, 1639, 1640, 1644, 1645, 1646, 1650, 1651, 1652, 1656, 1657, 1658, 1662, 1663, 1664, 1668, 1669, 1670, 1674, 1675, 1676, 1680, 1681, 1682, 1686, 1687, 1688, 1692, 1693, 1694, 1698, 1699, 1700, 1704, 1705, 1706, 1710, 1711, 1712, 1716, 1717, 1718, 1722, 1723, 1724, 1728, 1729, 1730, 1734, 1735, 1736, 1740, 1741, 1742, 1746, 1747, 1748, 1752, 1753, 1754, 1758, 1759, 1760, 1764, 1765, 1766, 1770, 1771, 1772, 1776, 1777, 1778, 1782, 1783, 1784, 1788, 1789, 1790, 1794, 1795, 1796, 1800, 1801, 1802, 1806, 1807, 1808, 1812, 1813, 1814, 1818, 1819, 1820, 1824, 1825, 1826, 1830, 1831, 1832, 1836, 1837, 1838, 1842, 1843, 1844, 1848, 1849, 1850, 1854, 1855, 1856, 1860, 1861, 1862, 1866, 1867, 1868, 1872, 1873, 1874, 1878, 1879, 1880, 1884, 1885, 1886, 1890, 1891, 1892, 1896, 1897, 1898, 1902, 1903, 1904, 1908, 1909, 1910, 1914, 1915, 1916, 1920, 1921, 1922, 1926, 1927, 1928, 1932, 1933, 1934, 1938, 1939, 1940, 1944, 1945, 1946, 1950, 1951, 1952, 1956, 1957, 1958, 1962, 1963, 1964, 1968, 1969, 1970, 1974, 1975, 1976, 1980, 1981, 1982, 1986, 1987, 1988, 1992, 1993, 1994, 1998, 1999, 2000, 2004, 2005, 2006, 2010, 2011, 2012, 2016, 2017, 2018, 2022, 2023, 2024, 2028, 2029, 2030, 2034, 2035, 2036, 2040, 2041, 2042, 2046, 2047, 2048]);
        dyn_case!(make_layout(2, _3), 2048 => "(_3,342):(_1,6)", [0, 1, 2, 6, 7, 8, 12, 13, 14, 18, 19, 20, 24, 25, 26, 30, 31, 32, 36, 37, 38, 42, 43, 44, 48, 49, 50, 54, 55, 56, 60, 61, 62, 66, 67, 68, 72, 73, 74, 78, 79, 80, 84, 85, 86, 90, 91, 92, 96, 97, 98, 102, 103, 104, 108, 109, 110, 114, 115, 116, 120, 121, 122, 126, 127, 128, 132, 133, 134, 138, 139, 140, 144, 145, 146, 150, 151, 152, 156, 157, 158, 162, 163, 164, 168, 169, 170, 174, 175, 176, 180, 181, 182, 186, 187, 188, 192, 193, 194, 198, 199, 200, 204, 205, 206, 210, 211, 212, 216, 217, 218, 222, 223, 224, 228, 229, 230, 234, 235, 236, 240, 241, 242, 246, 247, 248, 252, 253, 254, 258, 259, 260, 264, 265, 266, 270, 271, 272, 276, 277, 278, 282, 283, 284, 288, 289, 290, 294, 295, 296, 300, 301, 302, 306, 307, 308, 312, 313, 314, 318, 319, 320, 324, 325, 326, 330, 331, 332, 336, 337, 338, 342, 343, 344, 348, 349, 350, 354, 355, 356, 360, 361, 362, 366, 367, 368, 372, 373, 374, 378, 379, 380, 384, 385, 386, 390, 391, 392, 396, 397, 398, 402, 403, 404, 408, 409, 410, 414, 415, 416, 420, 421, 422, 426, 427, 428, 432, 433, 434, 438, 439, 440, 444, 445, 446, 450, 451, 452, 456, 457, 458, 462, 463, 464, 468, 469, 470, 474, 475, 476, 480, 481, 482, 486, 487, 488, 492, 493, 494, 498, 499, 500, 504, 505, 506, 510, 511, 512, 516, 517, 518, 522, 523, 524, 528, 529, 530, 534, 535, 536, 540, 541, 542, 546, 547, 548, 552, 553, 554, 558, 559, 560, 564, 565, 566, 570, 571, 572, 576, 577, 578, 582, 583, 584, 588, 589, 590, 594, 595, 596, 600, 601, 602, 606, 607, 608, 612, 613, 614, 618, 619, 620, 624, 625, 626, 630, 631, 632, 636, 637, 638, 642, 643, 644, 648, 649, 650, 654, 655, 656, 660, 661, 662, 666, 667, 668, 672, 673, 674, 678, 679, 680, 684, 685, 686, 690, 691, 692, 696, 697, 698, 702, 703, 704, 708, 709, 710, 714, 715, 716, 720, 721, 722, 726, 727, 728, 732, 733, 734, 738, 739, 740, 744, 745, 746, 750, 751, 752, 756, 757, 758, 762, 763, 764, 768, 769, 770, 774, 775, 776, 780, 781, 782, 786, 787, 788, 792, 793, 794, 798, 799, 800, 804, 805, 806, 810, 811, 812, 816, 817, 818, 822, 823, 824, 828, 829, 830, 834, 835, 836, 840, 841, 842, 846, 847, 848, 852, 853, 854, 858, 859, 860, 864, 865, 866, 870, 871, 872, 876, 877, 878, 882, 883, 884, 888, 889, 890, 894, 895, 896, 900, 901, 902, 906, 907, 908, 912, 913, 914, 918, 919, 920, 924, 925, 926, 930, 931, 932, 936, 937, 938, 942, 943, 944, 948, 949, 950, 954, 955, 956, 960, 961, 962, 966, 967, 968, 972, 973, 974, 978, 979, 980, 984, 985, 986, 990, 991, 992, 996, 997, 998, 1002, 1003, 1004, 1008, 1009, 1010, 1014, 1015, 1016, 1020, 1021, 1022, 1026, 1027, 1028, 1032, 1033, 1034, 1038, 1039, 1040, 1044, 1045, 1046, 1050, 1051, 1052, 1056, 1057, 1058, 1062, 1063, 1064, 1068, 1069, 1070, 1074, 1075, 1076, 1080, 1081, 1082, 1086, 1087, 1088, 1092, 1093, 1094, 1098, 1099, 1100, 1104, 1105, 1106, 1110, 1111, 1112, 1116, 1117, 1118, 1122, 1123, 1124, 1128, 1129, 1130, 1134, 1135, 1136, 1140, 1141, 1142, 1146, 1147, 1148, 1152, 1153, 1154, 1158, 1159, 1160, 1164, 1165, 1166, 1170, 1171, 1172, 1176, 1177, 1178, 1182, 1183, 1184, 1188, 1189, 1190, 1194, 1195, 1196, 1200, 1201, 1202, 1206, 1207, 1208, 1212, 1213, 1214, 1218, 1219, 1220, 1224, 1225, 1226, 1230, 1231, 1232, 1236, 1237, 1238, 1242, 1243, 1244, 1248, 1249, 1250, 1254, 1255, 1256, 1260, 1261, 1262, 1266, 1267, 1268, 1272, 1273, 1274, 1278, 1279, 1280, 1284, 1285, 1286, 1290, 1291, 1292, 1296, 1297, 1298, 1302, 1303, 1304, 1308, 1309, 1310, 1314, 1315, 1316, 1320, 1321, 1322, 1326, 1327, 1328, 1332, 1333, 1334, 1338, 1339, 1340, 1344, 1345, 1346, 1350, 1351, 1352, 1356, 1357, 1358, 1362, 1363, 1364, 1368, 1369, 1370, 1374, 1375, 1376, 1380, 1381, 1382, 1386, 1387, 1388, 1392, 1393, 1394, 1398, 1399, 1400, 1404, 1405, 1406, 1410, 1411, 1412, 1416, 1417, 1418, 1422, 1423, 1424, 1428, 1429, 1430, 1434, 1435, 1436, 1440, 1441, 1442, 1446, 1447, 1448, 1452, 1453, 1454, 1458, 1459, 1460, 1464, 1465, 1466, 1470, 1471, 1472, 1476, 1477, 1478, 1482, 1483, 1484, 1488, 1489, 1490, 1494, 1495, 1496, 1500, 1501, 1502, 1506, 1507, 1508, 1512, 1513, 1514, 1518, 1519, 1520, 1524, 1525, 1526, 1530, 1531, 1532, 1536, 1537, 1538, 1542, 1543, 1544, 1548, 1549, 1550, 1554, 1555, 1556, 1560, 1561, 1562, 1566, 1567, 1568, 1572, 1573, 1574, 1578, 1579, 1580, 1584, 1585, 1586, 1590, 1591, 1592, 1596, 1597, 1598, 1602, 1603, 1604, 1608, 1609, 1610, 1614, 1615, 1616, 1620, 1621, 1622, 1626, 1627, 1628, 1632, 1633, 1634, 1638, 1639, 1640, 1644, 1645, 1646, 1650, 1651, 1652, 1656, 1657, 1658, 1662, 1663, 1664, 1668, 1669, 1670, 1674, 1675, 1676, 1680, 1681, 1682, 1686, 1687, 1688, 1692, 1693, 1694, 1698, 1699, 1700, 1704, 1705, 1706, 1710, 1711, 1712, 1716, 1717, 1718, 1722, 1723, 1724, 1728, 1729, 1730, 1734, 1735, 1736, 1740, 1741, 1742, 1746, 1747, 1748, 1752, 1753, 1754, 1758, 1759, 1760, 1764, 1765, 1766, 1770, 1771, 1772, 1776, 1777, 1778, 1782, 1783, 1784, 1788, 1789, 1790, 1794, 1795, 1796, 1800, 1801, 1802, 1806, 1807, 1808, 1812, 1813, 1814, 1818, 1819, 1820, 1824, 1825, 1826, 1830, 1831, 1832, 1836, 1837, 1838, 1842, 1843, 1844, 1848, 1849, 1850, 1854, 1855, 1856, 1860, 1861, 1862, 1866, 1867, 1868, 1872, 1873, 1874, 1878, 1879, 1880, 1884, 1885, 1886, 1890, 1891, 1892, 1896, 1897, 1898, 1902, 1903, 1904, 1908, 1909, 1910, 1914, 1915, 1916, 1920, 1921, 1922, 1926, 1927, 1928, 1932, 1933, 1934, 1938, 1939, 1940, 1944, 1945, 1946, 1950, 1951, 1952, 1956, 1957, 1958, 1962, 1963, 1964, 1968, 1969, 1970, 1974, 1975, 1976, 1980, 1981, 1982, 1986, 1987, 1988, 1992, 1993, 1994, 1998, 1999, 2000, 2004, 2005, 2006, 2010, 2011, 2012, 2016, 2017, 2018, 2022, 2023, 2024, 2028, 2029, 2030, 2034, 2035, 2036, 2040, 2041, 2042, 2046, 2047, 2048]);
        // line 259: complement(((4),4,4):((1),4,16), 1) = 1:0
        static_case!(make_layout(((_4,), _4, _4), ((_1,), _4, _16)), _1 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout(((4,), 4, 4), ((_1,), _4, _16)), 1 => "(1,1,1):(4,16,64)", [0]);
        // line 326: complement((2,(5),(4,1)):(1,(2),(10,2)), 1) = 1:0
        static_case!(make_layout((_2, (_5,), (_4, _1)), (_1, (_2,), (_10, _2))), _1 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_err!(make_layout((2, (5,), (4, 1)), (_1, (_2,), (_10, _2))), 1);
        // line 359: complement((4):(4), 8) = 4:1
        static_case!(make_layout((_4,), (_4,)), _8 => Layout<_4, _1>, "_4:_1", [0, 1, 2, 3]);
        dyn_case!(make_layout((4,), (_4,)), 8 => "(_4,1):(_1,16)", [0, 1, 2, 3]);
        // line 478: complement(((1,2,6)):((2,4,8)), 90) = (4,2):(1,48)
        static_case!(make_layout(((_1, _2, _6),), ((_2, _4, _8),)), _90 => Layout<(_4, _2), (_1, _48)>, "(_4,_2):(_1,_48)", [0, 1, 2, 3, 48, 49, 50, 51]);
        dyn_case!(make_layout(((1, 2, 6),), ((_2, _4, _8),)), 90 => "(_2,2,1,2):(_1,2,8,48)", [0, 1, 2, 3, 48, 49, 50, 51]);
        // line 525: complement(((4),5,(2)):((10),2,(1)), 86) = 3:40
        static_case!(make_layout(((_4,), _5, (_2,)), ((_10,), _2, (_1,))), _86 => Layout<_3, _40>, "_3:_40", [0, 40, 80]);
        dyn_case!(make_layout(((4,), 5, (2,)), ((_10,), _2, (_1,))), 86 => "(1,1,3):(2,10,40)", [0, 40, 80]);
        // line 584: complement(2:1, 4) = 2:2
        static_case!(make_layout(_2, _1), _4 => Layout<_2, _2>, "_2:_2", [0, 2]);
        dyn_case!(make_layout(2, _1), 4 => "2:2", [0, 2]);
        // line 629: complement((2,2):(4,8), 4) = 4:1
        static_case!(make_layout((_2, _2), (_4, _8)), _4 => Layout<_4, _1>, "_4:_1", [0, 1, 2, 3]);
        dyn_case!(make_layout((2, 2), (_4, _8)), 4 => "(_4,1,1):(_1,8,16)", [0, 1, 2, 3]);
        // line 659: complement((2,5,2):(10,2,1), 5) = 1:0
        static_case!(make_layout((_2, _5, _2), (_10, _2, _1)), _5 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout((2, 5, 2), (_10, _2, _1)), 5 => "(1,1,1):(2,10,20)", [0]);
        // line 740: complement((6,12):(48,4), 285) = 4:1
        static_case!(make_layout((_6, _12), (_48, _4)), _285 => Layout<_4, _1>, "_4:_1", [0, 1, 2, 3]);
        dyn_case!(make_layout((6, 12), (_48, _4)), 285 => "(_4,1,1):(_1,48,288)", [0, 1, 2, 3]);
        // line 836: complement((2):(1), 8) = 4:2
        static_case!(make_layout((_2,), (_1,)), _8 => Layout<_4, _2>, "_4:_2", [0, 2, 4, 6]);
        dyn_case!(make_layout((2,), (_1,)), 8 => "4:2", [0, 2, 4, 6]);
        // line 889: complement(2:4, 20) = (4,3):(1,8)
        static_case!(make_layout(_2, _4), _20 => Layout<(_4, _3), (_1, _8)>, "(_4,_3):(_1,_8)", [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19]);
        dyn_case!(make_layout(2, _4), 20 => "(_4,3):(_1,8)", [0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19]);
        // line 974: complement((1,(6,2),8):(2,(32,2),4), 384) = (2,2):(1,192)
        static_case!(make_layout((_1, (_6, _2), _8), (_2, (_32, _2), _4)), _384 => Layout<(_2, _2), (_1, _192)>, "(_2,_2):(_1,_192)", [0, 1, 192, 193]);
        dyn_case!(make_layout((1, (6, 2), 8), (_2, (_32, _2), _4)), 384 => "(_2,1,1,1,2):(_1,2,4,32,192)", [0, 1, 192, 193]);
        // line 1028: complement(5:1, 5) = 1:0
        static_case!(make_layout(_5, _1), _5 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout(5, _1), 5 => "1:5", [0]);
        // line 1078: complement(((8),(2)):((1),(8)), 16) = 1:0
        static_case!(make_layout(((_8,), (_2,)), ((_1,), (_8,))), _16 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout(((8,), (2,)), ((_1,), (_8,))), 16 => "(1,1):(8,16)", [0]);
        // line 1163: complement((5):(1), 5) = 1:0
        static_case!(make_layout((_5,), (_1,)), _5 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout((5,), (_1,)), 5 => "1:5", [0]);
        // line 1210: complement(((2),2,(2,8)):((32),16,(8,0)), 1) = 8:1
        static_case!(make_layout(((_2,), _2, (_2, _8)), ((_32,), _16, (_8, _0))), _1 => Layout<_8, _1>, "_8:_1", [0, 1, 2, 3, 4, 5, 6, 7]);
        dyn_case!(make_layout(((2,), 2, (2, 8)), ((_32,), _16, (_8, _0))), 1 => "(_8,1,1,1):(_1,16,32,64)", [0, 1, 2, 3, 4, 5, 6, 7]);
        // line 1247: complement((1):(1), 16) = 16:1
        static_case!(make_layout((_1,), (_1,)), _16 => Layout<_16, _1>, "_16:_1", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
        dyn_case!(make_layout((1,), (_1,)), 16 => "16:1", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
        // line 1296: complement((2,4,8):(32,8,1), 135) = 3:64
        static_case!(make_layout((_2, _4, _8), (_32, _8, _1)), _135 => Layout<_3, _64>, "_3:_64", [0, 64, 128]);
        dyn_case!(make_layout((2, 4, 8), (_32, _8, _1)), 135 => "(1,1,3):(8,32,64)", [0, 64, 128]);
        // line 1348: complement((4,(1,2)):(1,(1,4)), 8) = 1:0
        static_case!(make_layout((_4, (_1, _2)), (_1, (_1, _4))), _8 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_err!(make_layout((4, (1, 2)), (_1, (_1, _4))), 8);
        // line 1418: complement(2:1, 1) = 1:0
        static_case!(make_layout(_2, _1), _1 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout(2, _1), 1 => "1:2", [0]);
        // line 1494: complement(((4,3)):((4,16)), 45) = 4:1
        static_case!(make_layout(((_4, _3),), ((_4, _16),)), _45 => Layout<_4, _1>, "_4:_1", [0, 1, 2, 3]);
        dyn_case!(make_layout(((4, 3),), ((_4, _16),)), 45 => "(_4,1,1):(_1,16,48)", [0, 1, 2, 3]);
        // line 1582: complement(((4),(5),(4)):((0),(4),(1)), 20) = 1:0
        static_case!(make_layout(((_4,), (_5,), (_4,)), ((_0,), (_4,), (_1,))), _20 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout(((4,), (5,), (4,)), ((_0,), (_4,), (_1,))), 20 => "(1,1):(4,20)", [0]);
        // line 1630: complement(((3,2),2,2):((1,12),144,24), 18) = (4,3):(3,48)
        static_case!(make_layout(((_3, _2), _2, _2), ((_1, _12), _144, _24)), _18 => Layout<(_4, _3), (_3, _48)>, "(_4,_3):(_3,_48)", [0, 3, 6, 9, 48, 51, 54, 57, 96, 99, 102, 105]);
        dyn_case!(make_layout(((3, 2), 2, 2), ((_1, _12), _144, _24)), 18 => "(4,1,3,1):(3,24,48,288)", [0, 3, 6, 9, 48, 51, 54, 57, 96, 99, 102, 105]);
        // line 1711: complement((3):(1), 512) = 171:3
        static_case!(make_layout((_3,), (_1,)), _512 => Layout<_171, _3>, "_171:_3", [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45, 48, 51, 54, 57, 60, 63, 66, 69, 72, 75, 78, 81, 84, 87, 90, 93, 96, 99, 102, 105, 108, 111, 114, 117, 120, 123, 126, 129, 132, 135, 138, 141, 144, 147, 150, 153, 156, 159, 162, 165, 168, 171, 174, 177, 180, 183, 186, 189, 192, 195, 198, 201, 204, 207, 210, 213, 216, 219, 222, 225, 228, 231, 234, 237, 240, 243, 246, 249, 252, 255, 258, 261, 264, 267, 270, 273, 276, 279, 282, 285, 288, 291, 294, 297, 300, 303, 306, 309, 312, 315, 318, 321, 324, 327, 330, 333, 336, 339, 342, 345, 348, 351, 354, 357, 360, 363, 366, 369, 372, 375, 378, 381, 384, 387, 390, 393, 396, 399, 402, 405, 408, 411, 414, 417, 420, 423, 426, 429, 432, 435, 438, 441, 444, 447, 450, 453, 456, 459, 462, 465, 468, 471, 474, 477, 480, 483, 486, 489, 492, 495, 498, 501, 504, 507, 510]);
        dyn_case!(make_layout((3,), (_1,)), 512 => "171:3", [0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39, 42, 45, 48, 51, 54, 57, 60, 63, 66, 69, 72, 75, 78, 81, 84, 87, 90, 93, 96, 99, 102, 105, 108, 111, 114, 117, 120, 123, 126, 129, 132, 135, 138, 141, 144, 147, 150, 153, 156, 159, 162, 165, 168, 171, 174, 177, 180, 183, 186, 189, 192, 195, 198, 201, 204, 207, 210, 213, 216, 219, 222, 225, 228, 231, 234, 237, 240, 243, 246, 249, 252, 255, 258, 261, 264, 267, 270, 273, 276, 279, 282, 285, 288, 291, 294, 297, 300, 303, 306, 309, 312, 315, 318, 321, 324, 327, 330, 333, 336, 339, 342, 345, 348, 351, 354, 357, 360, 363, 366, 369, 372, 375, 378, 381, 384, 387, 390, 393, 396, 399, 402, 405, 408, 411, 414, 417, 420, 423, 426, 429, 432, 435, 438, 441, 444, 447, 450, 453, 456, 459, 462, 465, 468, 471, 474, 477, 480, 483, 486, 489, 492, 495, 498, 501, 504, 507, 510]);
        // line 1765: complement((2):(1), 10) = 5:2
        static_case!(make_layout((_2,), (_1,)), _10 => Layout<_5, _2>, "_5:_2", [0, 2, 4, 6, 8]);
        dyn_case!(make_layout((2,), (_1,)), 10 => "5:2", [0, 2, 4, 6, 8]);
        // line 1837: complement(((2,4,4),(2)):((32,8,2),(1)), 64) = 1:0
        static_case!(make_layout(((_2, _4, _4), (_2,)), ((_32, _8, _2), (_1,))), _64 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout(((2, 4, 4), (2,)), ((_32, _8, _2), (_1,))), 64 => "(1,1,1,1):(2,8,32,64)", [0]);
        // line 1875: complement((1):(0), 6) = 6:1
        static_case!(make_layout((_1,), (_0,)), _6 => Layout<_6, _1>, "_6:_1", [0, 1, 2, 3, 4, 5]);
        dyn_case!(make_layout((1,), (_0,)), 6 => "6:_1", [0, 1, 2, 3, 4, 5]);
        // line 1942: complement((4,3):(1,4), 1) = 1:0
        static_case!(make_layout((_4, _3), (_1, _4)), _1 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout((4, 3), (_1, _4)), 1 => "(1,1):(4,12)", [0]);
        // line 2012: complement(1:3, 1) = 1:0
        static_case!(make_layout(_1, _3), _1 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout(1, _3), 1 => "(_3,1):(_1,3)", []); // a dynamic size-1 mode is not filtered
                                                                 // line 2049: complement((5,3):(3,1), 1) = 1:0
        static_case!(make_layout((_5, _3), (_3, _1)), _1 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout((5, 3), (_3, _1)), 1 => "(1,1):(3,15)", [0]);
        // line 2114: complement((6):(1), 1) = 1:0
        static_case!(make_layout((_6,), (_1,)), _1 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout((6,), (_1,)), 1 => "1:6", [0]);
        // line 2153: complement((2,2,(2,1)):(4,2,(1,1)), 8) = 1:0
        static_case!(make_layout((_2, _2, (_2, _1)), (_4, _2, (_1, _1))), _8 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_err!(make_layout((2, 2, (2, 1)), (_4, _2, (_1, _1))), 8);
        // line 2217: complement((2,2):(1,0), 1) = 1:0
        static_case!(make_layout((_2, _2), (_1, _0)), _1 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout((2, 2), (_1, _0)), 1 => "1:2", [0]);
        // line 2388: complement(((2,2)):((6,3)), 9) = 3:1
        static_case!(make_layout(((_2, _2),), ((_6, _3),)), _9 => Layout<_3, _1>, "_3:_1", [0, 1, 2]);
        dyn_case!(make_layout(((2, 2),), ((_6, _3),)), 9 => "(_3,1,1):(_1,6,12)", [0, 1, 2]);
        // line 2438: complement(((2,3,2),4):((16,64,192),1), 340) = (4,2):(4,32)
        static_case!(make_layout(((_2, _3, _2), _4), ((_16, _64, _192), _1)), _340 => Layout<(_4, _2), (_4, _32)>, "(_4,_2):(_4,_32)", [0, 4, 8, 12, 32, 36, 40, 44]);
        dyn_case!(make_layout(((2, 3, 2), 4), ((_16, _64, _192), _1)), 340 => "(4,2,1,1):(4,32,192,384)", [0, 4, 8, 12, 32, 36, 40, 44]);
        // line 2492: complement(5:1, 2) = 1:0
        static_case!(make_layout(_5, _1), _2 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout(5, _1), 2 => "1:5", [0]);
        // line 2571: complement((2,(2)):(8,(1)), 10) = 4:2
        static_case!(make_layout((_2, (_2,)), (_8, (_1,))), _10 => Layout<_4, _2>, "_4:_2", [0, 2, 4, 6]);
        dyn_case!(make_layout((2, (2,)), (_8, (_1,))), 10 => "(4,1):(2,16)", [0, 2, 4, 6]);
        // line 2620: complement((4,5):(0,1), 5) = 1:0
        static_case!(make_layout((_4, _5), (_0, _1)), _5 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout((4, 5), (_0, _1)), 5 => "1:5", [0]);
        // line 2647: complement((1,(2),(5)):(4,(1),(4)), 72) = (2,4):(2,20)
        static_case!(make_layout((_1, (_2,), (_5,)), (_4, (_1,), (_4,))), _72 => Layout<(_2, _4), (_2, _20)>, "(_2,_4):(_2,_20)", [0, 2, 20, 22, 40, 42, 60, 62]);
        dyn_case!(make_layout((1, (2,), (5,)), (_4, (_1,), (_4,))), 72 => "(2,1,4):(2,4,20)", [0, 2, 20, 22, 40, 42, 60, 62]);
        // line 2778: complement(4:1, 256) = 64:4
        static_case!(make_layout(_4, _1), _256 => Layout<_64, _4>, "_64:_4", [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 68, 72, 76, 80, 84, 88, 92, 96, 100, 104, 108, 112, 116, 120, 124, 128, 132, 136, 140, 144, 148, 152, 156, 160, 164, 168, 172, 176, 180, 184, 188, 192, 196, 200, 204, 208, 212, 216, 220, 224, 228, 232, 236, 240, 244, 248, 252]);
        dyn_case!(make_layout(4, _1), 256 => "64:4", [0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 68, 72, 76, 80, 84, 88, 92, 96, 100, 104, 108, 112, 116, 120, 124, 128, 132, 136, 140, 144, 148, 152, 156, 160, 164, 168, 172, 176, 180, 184, 188, 192, 196, 200, 204, 208, 212, 216, 220, 224, 228, 232, 236, 240, 244, 248, 252]);
        // line 2866: complement((2,(1,2)):(1,(1,2)), 4) = 1:0
        static_case!(make_layout((_2, (_1, _2)), (_1, (_1, _2))), _4 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_err!(make_layout((2, (1, 2)), (_1, (_1, _2))), 4);
        // line 2916: complement((3,(5),(2,1)):(2,(12),(6,1)), 30) = 2:1
        static_case!(make_layout((_3, (_5,), (_2, _1)), (_2, (_12,), (_6, _1))), _30 => Layout<_2, _1>, "_2:_1", [0, 1]);
        dyn_case!(make_layout((3, (5,), (2, 1)), (_2, (_12,), (_6, _1))), 30 => "(2,1,1,1):(1,6,12,60)", [0, 1]);
        // line 2982: complement(((5),4):((48),3), 808) = (3,4,4):(1,12,240)
        static_case!(make_layout(((_5,), _4), ((_48,), _3)), _808 => Layout<(_3, _4, _4), (_1, _12, _240)>, "(_3,_4,_4):(_1,_12,_240)", [0, 1, 2, 12, 13, 14, 24, 25, 26, 36, 37, 38, 240, 241, 242, 252, 253, 254, 264, 265, 266, 276, 277, 278, 480, 481, 482, 492, 493, 494, 504, 505, 506, 516, 517, 518, 720, 721, 722, 732, 733, 734, 744, 745, 746, 756, 757, 758]);
        dyn_case!(make_layout(((5,), 4), ((_48,), _3)), 808 => "(_3,4,4):(_1,12,240)", [0, 1, 2, 12, 13, 14, 24, 25, 26, 36, 37, 38, 240, 241, 242, 252, 253, 254, 264, 265, 266, 276, 277, 278, 480, 481, 482, 492, 493, 494, 504, 505, 506, 516, 517, 518, 720, 721, 722, 732, 733, 734, 744, 745, 746, 756, 757, 758]);
        // line 3269: complement(1:0, 4) = 4:1
        static_case!(make_layout(_1, _0), _4 => Layout<_4, _1>, "_4:_1", [0, 1, 2, 3]);
        dyn_case!(make_layout(1, _0), 4 => "4:_1", [0, 1, 2, 3]);
        // line 3274: complement(1:2, 1) = 1:0
        static_case!(make_layout(_1, _2), _1 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout(1, _2), 1 => "(_2,1):(_1,2)", []); // a dynamic size-1 mode is not filtered
                                                                 // line 3283: complement(1:2, 4) = 4:1
        static_case!(make_layout(_1, _2), _4 => Layout<_4, _1>, "_4:_1", [0, 1, 2, 3]);
        dyn_case!(make_layout(1, _2), 4 => "(_2,2):(_1,2)", [0, 1, 2, 3]);
        // line 3293: complement(4:1, 2) = 1:0
        static_case!(make_layout(_4, _1), _2 => Layout<_1, _0>, "_1:_0", [0]);
        dyn_case!(make_layout(4, _1), 2 => "1:4", [0]);
        // line 3298: complement(4:2, 19) = (2,3):(1,8)
        static_case!(make_layout(_4, _2), _19 => Layout<(_2, _3), (_1, _8)>, "(_2,_3):(_1,_8)", [0, 1, 8, 9, 16, 17]);
        dyn_case!(make_layout(4, _2), 19 => "(_2,3):(_1,8)", [0, 1, 8, 9, 16, 17]);
        // line 3307: complement(4:4, 17) = (4,2):(1,16)
        static_case!(make_layout(_4, _4), _17 => Layout<(_4, _2), (_1, _16)>, "(_4,_2):(_1,_16)", [0, 1, 2, 3, 16, 17, 18, 19]);
        dyn_case!(make_layout(4, _4), 17 => "(_4,2):(_1,16)", [0, 1, 2, 3, 16, 17, 18, 19]);
        // line 3327: complement((2,4):(1,6), 20) = 3:2
        static_case!(make_layout((_2, _4), (_1, _6)), _20 => Layout<_3, _2>, "_3:_2", [0, 2, 4]);
        dyn_case!(make_layout((2, 4), (_1, _6)), 20 => "(3,1):(2,24)", [0, 2, 4]);
        // line 3352: complement(((2,2),(2,2)):((1,32),(8,4)), 46) = (2,2):(2,16)
        static_case!(make_layout(((_2, _2), (_2, _2)), ((_1, _32), (_8, _4))), _46 => Layout<(_2, _2), (_2, _16)>, "(_2,_2):(_2,_16)", [0, 2, 16, 18]);
        dyn_case!(make_layout(((2, 2), (2, 2)), ((_1, _32), (_8, _4))), 46 => "(2,1,2,1):(2,8,16,64)", [0, 2, 16, 18]);
        // line 3366: complement(12:1, 53) = 5:12
        static_case!(make_layout(_12, _1), _53 => Layout<_5, _12>, "_5:_12", [0, 12, 24, 36, 48]);
        dyn_case!(make_layout(12, _1), 53 => "5:12", [0, 12, 24, 36, 48]);
        // line 3376: complement(12:2, 128) = (2,6):(1,24)
        static_case!(make_layout(_12, _2), _128 => Layout<(_2, _6), (_1, _24)>, "(_2,_6):(_1,_24)", [0, 1, 24, 25, 48, 49, 72, 73, 96, 97, 120, 121]);
        dyn_case!(make_layout(12, _2), 128 => "(_2,6):(_1,24)", [0, 1, 24, 25, 48, 49, 72, 73, 96, 97, 120, 121]);
    }
}
