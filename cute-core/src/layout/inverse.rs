//! `right_inverse`, `left_inverse`, `nullspace` (part of `cute/layout.hpp`).
//!
//! Both inverses coalesce the layout, then visit its modes in increasing order of stride; the
//! order is C++'s (`detail::SortByKey`, an exchange sort, computed here by the type checker:
//! [`ExchangeSortByKey`]), so the strides that take part must be static. Shapes may be dynamic.

use crate::algorithm::tuple_algorithms::{
    ExchangeSortByKey, ExchangeSortedByKey, Fold, Fun1, Fun2, Transform, Transform2,
};
use crate::container::tuple::{Append, Prepend, Split, Tuple};
use crate::int_tuple::{FlattenToTuple, FlattenToTupleOf, IntTuple, TupleIsEmpty};
use crate::layout::coalesce::{Coalesce, CoalesceOf};
use crate::layout::complement::{AllStatic, MakePair, Wrap, WrapOf};
use crate::layout::{Layout, LayoutLeft};
use crate::numeric::aliases::{_0, _1};
use crate::numeric::arithmetic::{
    IntDiv, IntMul, IntRem, IsConstant, IsConstantImpl, Mod, Prod, Quot, StaticEq, StaticEqImpl,
};
use crate::numeric::integral_constant::Integral;
use crate::numeric::{Bit, B0, B1};
use crate::stride::{CompactColMajorOf, CompactMajor};

// ---------------------------------------------------------------------------------------------
// The modes of a coalesced layout as `(stride, (shape, prefix product))`
// ---------------------------------------------------------------------------------------------

/// The modes of a flat layout as `(stride, (shape, product of the shapes before))` pairs,
/// keyed by stride for sorting. `Cur` is the product of the shapes before `Self`.
#[doc(hidden)]
pub trait StridedModes<D, Cur> {
    type Output: Tuple;
    fn strided_modes(self, stride: D, cur: Cur) -> Self::Output;
}
impl<Cur> StridedModes<(), Cur> for () {
    type Output = ();
    #[inline(always)]
    fn strided_modes(self, _: (), _: Cur) {}
}
impl<S, D, Cur> StridedModes<D, Cur> for S
where
    S: Split,
    D: Split,
    Cur: IntMul<S::Head> + Copy + 'static,
    S::Tail: StridedModes<D::Tail, Prod<Cur, S::Head>>,
    <S::Tail as StridedModes<D::Tail, Prod<Cur, S::Head>>>::Output:
        Prepend<(D::Head, (S::Head, Cur))>,
{
    type Output = <<S::Tail as StridedModes<D::Tail, Prod<Cur, S::Head>>>::Output as Prepend<(
        D::Head,
        (S::Head, Cur),
    )>>::Output;
    #[inline(always)]
    fn strided_modes(self, stride: D, cur: Cur) -> Self::Output {
        let (s, ss) = self.split();
        let (d, dd) = stride.split();
        ss.strided_modes(dd, cur.mul(s)).prepend((d, (s, cur)))
    }
}
/// The strided modes of `coalesce(Layout<S, D>)`.
type CoalescedModes<L> =
    <WrapOf<<L as Coalesce>::Shape> as StridedModes<WrapOf<<L as Coalesce>::Stride>, _1>>::Output;

/// The bound bundle: `coalesce(L)`, wrapped, as strided modes.
#[doc(hidden)]
pub trait ToStridedModes: Coalesce {
    type Modes: Tuple;
    fn to_strided_modes(self) -> Self::Modes;
}
impl<L> ToStridedModes for L
where
    L: Coalesce,
    L::Shape: Wrap,
    L::Stride: Wrap,
    WrapOf<L::Shape>: StridedModes<WrapOf<L::Stride>, _1>,
{
    type Modes = CoalescedModes<L>;
    #[inline(always)]
    fn to_strided_modes(self) -> Self::Modes {
        let c = self.coalesce();
        c.shape().wrap().strided_modes(c.stride().wrap(), _1)
    }
}

/// A compile-time predicate on keys, for [`KeepKeys`].
#[doc(hidden)]
pub trait KeyPredicate<K> {
    type Output: Bit;
}
/// Keeps the static keys (C++'s `filter_tuple` on `is_static`).
#[doc(hidden)]
pub struct StaticKey;
impl<K: Integral> KeyPredicate<K> for StaticKey {
    type Output = K::IsStatic;
}
/// Keeps the keys that are the static 0.
#[doc(hidden)]
pub struct ZeroKey;
impl<K: IsConstantImpl<_0>> KeyPredicate<K> for ZeroKey {
    type Output = IsConstant<_0, K>;
}

/// The `(key, value)` pairs whose key satisfies `P`, in order.
#[doc(hidden)]
pub trait KeepKeys<P> {
    type Output: Tuple;
    fn keep_keys(self) -> Self::Output;
}
impl<P> KeepKeys<P> for () {
    type Output = ();
    #[inline(always)]
    fn keep_keys(self) {}
}
impl<T, K, V, P> KeepKeys<P> for T
where
    T: Split<Head = (K, V)>,
    P: KeyPredicate<K>,
    T: KeepIf<P, P::Output>,
{
    type Output = <T as KeepIf<P, P::Output>>::Output;
    #[inline(always)]
    fn keep_keys(self) -> Self::Output {
        KeepIf::<P, P::Output>::keep_if(self)
    }
}
/// [`KeepKeys`] once the head is judged: `B1` keeps it.
#[doc(hidden)]
pub trait KeepIf<P, Keep> {
    type Output: Tuple;
    fn keep_if(self) -> Self::Output;
}
impl<T, P> KeepIf<P, B1> for T
where
    T: Split,
    T::Tail: KeepKeys<P>,
    <T::Tail as KeepKeys<P>>::Output: Prepend<T::Head>,
{
    type Output = <<T::Tail as KeepKeys<P>>::Output as Prepend<T::Head>>::Output;
    #[inline(always)]
    fn keep_if(self) -> Self::Output {
        let (h, t) = self.split();
        t.keep_keys().prepend(h)
    }
}
impl<T, P> KeepIf<P, B0> for T
where
    T: Split,
    T::Tail: KeepKeys<P>,
{
    type Output = <T::Tail as KeepKeys<P>>::Output;
    #[inline(always)]
    fn keep_if(self) -> Self::Output {
        self.split().1.keep_keys()
    }
}

/// The final layout of an inverse, `coalesce(Layout<RS, RD>)`, from its fold state.
#[doc(hidden)]
pub trait InverseParts {
    type Shape: IntTuple;
    type Stride: IntTuple;
    fn inverse_parts(self) -> (Self::Shape, Self::Stride);
}

// ---------------------------------------------------------------------------------------------
// right_inverse
// ---------------------------------------------------------------------------------------------

/// `right_inverse(layout)`: see [`right_inverse`].
pub trait RightInverse {
    /// The shape of the right inverse.
    type Shape: IntTuple;
    /// The stride of the right inverse, congruent with `Shape`.
    type Stride: IntTuple;
    /// Computes the right inverse.
    fn right_inverse(self) -> Layout<Self::Shape, Self::Stride>;
}
/// The layout type of `right_inverse(L)`.
pub type RightInverseOf<L> = Layout<<L as RightInverse>::Shape, <L as RightInverse>::Stride>;

/// `right_inverse(layout)`: a layout `R` with `layout(R(i)) == i` for every `i < size(R)`,
/// as large as static information allows.
///
/// # Math
/// The layout is coalesced; its modes `s_i:d_i` with static stride are visited in increasing
/// order of stride, with `c = 1` at the start. A mode whose stride is the static `c` joins the
/// result with shape `s_i` and stride `p_i` (the product of the shapes before mode `i`), and
/// `c` becomes `s_i * d_i`; other modes are passed over. The result is `coalesce` of the modes
/// that joined (`_1:_0` if none).
///
/// # Postconditions
/// 1. `layout(result(i)) == i` for every `0 <= i < size(result)`;
/// 2. `composition(layout, result)` is the identity on `[0, size(result))`;
/// 3. a static layout gives a static result (a zero-sized type).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_4, _8), (_8, _1));
/// assert_eq!(right_inverse(l).to_string(), "(_8,_4):(_4,_1)");
/// // A dynamic shape ends the chain: the stride after it is not known at compile time.
/// assert_eq!(right_inverse(make_layout((_4, 8), (_8, _1))).to_string(), "8:_4");
/// // No mode of stride 1: only offset 0 is reached.
/// assert_eq!(right_inverse(make_layout(_4, _2)).to_string(), "_1:_0");
/// ```
#[inline(always)]
pub fn right_inverse<L: RightInverse>(layout: L) -> RightInverseOf<L> {
    layout.right_inverse()
}

/// The fold of [`RightInverseStep`] over the sorted static-stride modes of `L`.
type RightInverseFold<L> = <ExchangeSortedByKey<
    <<L as ToStridedModes>::Modes as KeepKeys<StaticKey>>::Output,
> as Fold<RightInverseStep, ((_1,), (_0,), _1)>>::Output;

impl<S, D> RightInverse for Layout<S, D>
where
    S: IntTuple,
    D: IntTuple,
    Layout<S, D>: ToStridedModes,
    <Layout<S, D> as ToStridedModes>::Modes: KeepKeys<StaticKey>,
    <<Layout<S, D> as ToStridedModes>::Modes as KeepKeys<StaticKey>>::Output: ExchangeSortByKey,
    ExchangeSortedByKey<<<Layout<S, D> as ToStridedModes>::Modes as KeepKeys<StaticKey>>::Output>:
        Fold<RightInverseStep, ((_1,), (_0,), _1)>,
    RightInverseFold<Layout<S, D>>: InverseParts,
    Layout<
        <RightInverseFold<Layout<S, D>> as InverseParts>::Shape,
        <RightInverseFold<Layout<S, D>> as InverseParts>::Stride,
    >: Coalesce,
{
    type Shape = <Layout<
        <RightInverseFold<Layout<S, D>> as InverseParts>::Shape,
        <RightInverseFold<Layout<S, D>> as InverseParts>::Stride,
    > as Coalesce>::Shape;
    type Stride = <Layout<
        <RightInverseFold<Layout<S, D>> as InverseParts>::Shape,
        <RightInverseFold<Layout<S, D>> as InverseParts>::Stride,
    > as Coalesce>::Stride;
    #[inline(always)]
    fn right_inverse(self) -> Layout<Self::Shape, Self::Stride> {
        let modes = self.to_strided_modes().keep_keys().exchange_sort_by_key();
        let (shape, stride) = modes
            .fold(((_1,), (_0,), _1), &RightInverseStep)
            .inverse_parts();
        Layout::new(shape, stride).coalesce()
    }
}

impl<RS: IntTuple, RD: IntTuple, Curr> InverseParts for (RS, RD, Curr) {
    type Shape = RS;
    type Stride = RD;
    #[inline(always)]
    fn inverse_parts(self) -> (RS, RD) {
        (self.0, self.1)
    }
}

/// One mode `(d, (s, p))` of [`right_inverse`] on the state `(shapes, strides, c)`: joins
/// when `d` is the static `c`.
#[doc(hidden)]
pub struct RightInverseStep;
impl<RS, RD, Curr, D, S, P> Fun2<(RS, RD, Curr), (D, (S, P))> for RightInverseStep
where
    D: StaticEqImpl<Curr>,
    (RS, RD, Curr): RightInverseJoin<D, S, P, StaticEq<D, Curr>>,
{
    type Output = <(RS, RD, Curr) as RightInverseJoin<D, S, P, StaticEq<D, Curr>>>::Output;
    #[inline(always)]
    fn call(&self, state: (RS, RD, Curr), (d, (s, p)): (D, (S, P))) -> Self::Output {
        state.join(d, s, p)
    }
}
/// [`RightInverseStep`] once decided: `B1` appends `s:p` and moves `c` to `s * d`.
#[doc(hidden)]
pub trait RightInverseJoin<D, S, P, Joins> {
    type Output: Copy + 'static;
    fn join(self, d: D, s: S, p: P) -> Self::Output;
}
impl<RS, RD, Curr, D, S, P> RightInverseJoin<D, S, P, B1> for (RS, RD, Curr)
where
    RS: Append<S>,
    RD: Append<P>,
    S: IntMul<D> + Copy,
    Curr: Copy + 'static,
{
    type Output = (RS::Output, RD::Output, Prod<S, D>);
    #[inline(always)]
    fn join(self, d: D, s: S, p: P) -> Self::Output {
        (self.0.append(s), self.1.append(p), s.mul(d))
    }
}
impl<RS, RD, Curr, D, S, P> RightInverseJoin<D, S, P, B0> for (RS, RD, Curr)
where
    (RS, RD, Curr): Copy + 'static,
{
    type Output = Self;
    #[inline(always)]
    fn join(self, _: D, _: S, _: P) -> Self {
        self
    }
}

// ---------------------------------------------------------------------------------------------
// left_inverse
// ---------------------------------------------------------------------------------------------

/// `left_inverse(layout)`: see [`left_inverse`].
pub trait LeftInverse {
    /// The shape of the left inverse.
    type Shape: IntTuple;
    /// The stride of the left inverse, congruent with `Shape`.
    type Stride: IntTuple;
    /// Computes the left inverse.
    fn left_inverse(self) -> Layout<Self::Shape, Self::Stride>;
}
/// The layout type of `left_inverse(L)`.
pub type LeftInverseOf<L> = Layout<<L as LeftInverse>::Shape, <L as LeftInverse>::Stride>;

/// `left_inverse(layout)`: a layout `R` with `R(layout(i)) == i` for every `i < size(layout)`
/// when `layout` is injective (in general `layout(R(layout(i))) == layout(i)`).
///
/// # Math
/// The layout is coalesced and its modes `s_i:d_i` are visited in increasing order of stride
/// (C++'s order). Modes of stride 0 are passed over; each other mode appends the shape
/// `d_i / q` (with `q` the product of the shapes appended before, i.e. the previous stride)
/// and the stride `p_i` (the product of the shapes before mode `i`). The result is
/// `coalesce((d_a/1, d_b/d_a, ..., s_last) : (0, p_a, p_b, ...))`, where `s_last` is the shape
/// of the mode of largest stride: offsets between strides map to 0.
///
/// # Preconditions
/// - Static strides (`left_inverse: the layout needs static strides`); shapes may be dynamic.
/// - Sorted, each non-zero stride is a multiple of the previous one (static, so a compile
///   error: `left_inverse: each stride must be a multiple of the next smaller one`).
///
/// # Postconditions
/// 1. `result(layout(i)) == i` for every `0 <= i < size(layout)` if `layout` is injective;
/// 2. `layout(result(layout(i))) == layout(i)` for every `0 <= i < size(layout)`;
/// 3. a static layout gives a static result (a zero-sized type).
///
/// As in C++, a mode of dynamic size 1 is not dropped by `coalesce` and takes part like any
/// other; when its stride repeats another one, 1 and 2 may fail.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_4, _8), (_8, _1));
/// assert_eq!(left_inverse(l).to_string(), "(_8,_4):(_4,_1)");
/// // Offsets off the image map to 0: 4:2 is inverted by (2,4):(0,1).
/// assert_eq!(left_inverse(make_layout(_4, _2)).to_string(), "(_2,_4):(_0,_1)");
/// // Dynamic shapes: the strides after them are dynamic.
/// assert_eq!(left_inverse(make_layout((4, 3), (_1, _4))).to_string(), "(_4,3):(_1,4)");
/// ```
#[inline(always)]
pub fn left_inverse<L: LeftInverse>(layout: L) -> LeftInverseOf<L> {
    layout.left_inverse()
}

/// The fold of [`LeftInverseStep`] over the sorted modes of `L`.
type LeftInverseFold<L> = <ExchangeSortedByKey<<L as ToStridedModes>::Modes> as Fold<
    LeftInverseStep,
    ((), (_0,), _1, _1),
>>::Output;

impl<S, D> LeftInverse for Layout<S, D>
where
    S: IntTuple,
    D: IntTuple,
    Layout<S, D>: ToStridedModes,
    <CoalesceOf<Layout<S, D>> as LayoutStrides>::AllStatic: LeftInverseStaticStrides,
    CoalesceOf<Layout<S, D>>: LayoutStrides,
    <Layout<S, D> as ToStridedModes>::Modes: ExchangeSortByKey,
    ExchangeSortedByKey<<Layout<S, D> as ToStridedModes>::Modes>:
        Fold<LeftInverseStep, ((), (_0,), _1, _1)>,
    LeftInverseFold<Layout<S, D>>: LeftInverseParts,
    <LeftInverseFold<Layout<S, D>> as LeftInverseParts>::Layout: Coalesce,
{
    type Shape = <<LeftInverseFold<Layout<S, D>> as LeftInverseParts>::Layout as Coalesce>::Shape;
    type Stride = <<LeftInverseFold<Layout<S, D>> as LeftInverseParts>::Layout as Coalesce>::Stride;
    #[inline(always)]
    fn left_inverse(self) -> Layout<Self::Shape, Self::Stride> {
        let modes = self.to_strided_modes().exchange_sort_by_key();
        modes
            .fold(((), (_0,), _1, _1), &LeftInverseStep)
            .into_layout()
            .coalesce()
    }
}

/// The state of [`left_inverse`]'s fold `(shapes, strides, q, s_last)` made a layout:
/// `(shapes..., s_last) : strides`.
#[doc(hidden)]
pub trait LeftInverseParts {
    type Layout;
    fn into_layout(self) -> Self::Layout;
}
impl<RS, RD, Q, Last> LeftInverseParts for (RS, RD, Q, Last)
where
    RS: Append<Last>,
    RS::Output: IntTuple,
    RD: IntTuple,
{
    type Layout = Layout<RS::Output, RD>;
    #[inline(always)]
    fn into_layout(self) -> Self::Layout {
        Layout::new(self.0.append(self.3), self.1)
    }
}

/// One mode `(d, (s, p))` of [`left_inverse`] on `(shapes, strides, q, s_last)`: passes over
/// a static stride 0, else appends `d / q : p` and moves `q` to `d`; `s_last` becomes `s`.
#[doc(hidden)]
pub struct LeftInverseStep;
impl<RS, RD, Q, Last, D, S, P> Fun2<(RS, RD, Q, Last), (D, (S, P))> for LeftInverseStep
where
    D: IsConstantImpl<_0>,
    (RS, RD, Q, Last): LeftInverseJoin<D, S, P, IsConstant<_0, D>>,
{
    type Output = <(RS, RD, Q, Last) as LeftInverseJoin<D, S, P, IsConstant<_0, D>>>::Output;
    #[inline(always)]
    fn call(&self, state: (RS, RD, Q, Last), (d, (s, p)): (D, (S, P))) -> Self::Output {
        state.join(d, s, p)
    }
}
/// [`LeftInverseStep`] once decided: `B1` (stride 0) only records `s_last`.
#[doc(hidden)]
pub trait LeftInverseJoin<D, S, P, Zero> {
    type Output: Copy + 'static;
    fn join(self, d: D, s: S, p: P) -> Self::Output;
}
impl<RS, RD, Q, Last, D, S, P> LeftInverseJoin<D, S, P, B1> for (RS, RD, Q, Last)
where
    RS: Copy + 'static,
    RD: Copy + 'static,
    Q: Copy + 'static,
    S: Copy + 'static,
{
    type Output = (RS, RD, Q, S);
    #[inline(always)]
    fn join(self, _: D, s: S, _: P) -> Self::Output {
        (self.0, self.1, self.2, s)
    }
}
impl<RS, RD, Q, Last, D, S, P> LeftInverseJoin<D, S, P, B0> for (RS, RD, Q, Last)
where
    RS: Append<Quot<D, Q>>,
    RD: Append<P>,
    D: IntDiv<Q> + IntRem<Q> + Copy + 'static,
    Mod<D, Q>: IsConstantImpl<_0>,
    IsConstant<_0, Mod<D, Q>>: LeftInverseDivisible,
    S: Copy + 'static,
{
    type Output = (RS::Output, RD::Output, D, S);
    #[inline(always)]
    fn join(self, d: D, s: S, p: P) -> Self::Output {
        (self.0.append(d.div(self.2)), self.1.append(p), d, s)
    }
}

/// The precondition that each non-zero stride is a multiple of the previous one.
#[diagnostic::on_unimplemented(
    message = "left_inverse: each stride must be a multiple of the next smaller one",
    note = "C++: \"Left inverse divisibility condition\""
)]
pub trait LeftInverseDivisible {}
impl LeftInverseDivisible for B1 {}

/// The precondition that the coalesced layout's strides are static.
#[diagnostic::on_unimplemented(
    message = "left_inverse: the layout needs static strides",
    note = "the modes are sorted by stride at compile time (C++: \"Left inverse requires static strides.\")"
)]
pub trait LeftInverseStaticStrides {}
impl LeftInverseStaticStrides for B1 {}

/// `B1` iff every stride of a layout is static.
#[doc(hidden)]
pub trait LayoutStrides {
    type AllStatic: Bit;
}
impl<S, D: AllStatic> LayoutStrides for Layout<S, D> {
    type AllStatic = D::Output;
}

// ---------------------------------------------------------------------------------------------
// nullspace
// ---------------------------------------------------------------------------------------------

/// `nullspace(layout)`: see [`nullspace`].
pub trait Nullspace {
    /// The shape of the nullspace layout.
    type Shape: IntTuple;
    /// The stride of the nullspace layout, congruent with `Shape`.
    type Stride: IntTuple;
    /// Computes the nullspace layout.
    fn nullspace(self) -> Layout<Self::Shape, Self::Stride>;
}
/// The layout type of `nullspace(L)`.
pub type NullspaceOf<L> = Layout<<L as Nullspace>::Shape, <L as Nullspace>::Stride>;

/// `nullspace(layout)`: the layout of the coordinates (as 1-D indices of `layout`) that
/// `layout` maps to 0, through its modes of static stride 0.
///
/// # Math
/// With the leaves of the layout flattened and `r` the compact col-major strides of the
/// flattened shape (C++'s `compact_col_major`: a static size-1 leaf gets stride 0), the result
/// keeps the leaves of static stride 0 as `s_i : r_i`; a single one is an integer layout, none
/// is `_1:_0`.
///
/// # Postconditions
/// 1. `layout(result(i)) == 0` for every `0 <= i < size(result)`;
/// 2. `size(result) == size(layout) / size(filter(layout))` when the strides are static;
/// 3. a static layout gives a static result (a zero-sized type).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_2, _4, _3), (_0, _1, _0));
/// assert_eq!(nullspace(l).to_string(), "(_2,_3):(_1,_8)");
/// assert_eq!(nullspace(make_layout((4, _8), (_0, _1))).to_string(), "4:_1");
/// assert_eq!(nullspace(make_layout(_8, _1)).to_string(), "_1:_0");
/// ```
#[inline(always)]
pub fn nullspace<L: Nullspace>(layout: L) -> NullspaceOf<L> {
    layout.nullspace()
}

/// The flattened modes `(stride, (shape, compact stride))` of `Layout<S, D>`.
type NullModes<S, D> = <FlattenToTupleOf<D> as Transform2<
    MakePair,
    <FlattenToTupleOf<S> as Transform2<MakePair, CompactColMajorOf<FlattenToTupleOf<S>, _1>>>::Output,
>>::Output;

impl<S, D> Nullspace for Layout<S, D>
where
    S: IntTuple + FlattenToTuple,
    D: IntTuple + FlattenToTuple,
    FlattenToTupleOf<S>: CompactMajor<LayoutLeft, _1>,
    FlattenToTupleOf<S>: Transform2<MakePair, CompactColMajorOf<FlattenToTupleOf<S>, _1>>,
    FlattenToTupleOf<D>:
        Transform2<
            MakePair,
            <FlattenToTupleOf<S> as Transform2<
                MakePair,
                CompactColMajorOf<FlattenToTupleOf<S>, _1>,
            >>::Output,
        >,
    NullModes<S, D>: KeepKeys<ZeroKey>,
    <NullModes<S, D> as KeepKeys<ZeroKey>>::Output: NullspaceLayout,
{
    type Shape = <<NullModes<S, D> as KeepKeys<ZeroKey>>::Output as NullspaceLayout>::Shape;
    type Stride = <<NullModes<S, D> as KeepKeys<ZeroKey>>::Output as NullspaceLayout>::Stride;
    #[inline(always)]
    fn nullspace(self) -> Layout<Self::Shape, Self::Stride> {
        let shape = self.shape().flatten_to_tuple();
        let rstride = shape.compact_major(_1);
        let modes = self
            .stride()
            .flatten_to_tuple()
            .transform2(shape.transform2(rstride, &MakePair), &MakePair);
        modes.keep_keys().nullspace_layout()
    }
}

/// The kept `(0, (shape, stride))` modes of [`nullspace`] as a layout: `_1:_0` if none, an
/// integer layout if one (C++'s `unwrap`).
#[doc(hidden)]
pub trait NullspaceLayout {
    type Shape: IntTuple;
    type Stride: IntTuple;
    fn nullspace_layout(self) -> Layout<Self::Shape, Self::Stride>;
}
impl NullspaceLayout for () {
    type Shape = _1;
    type Stride = _0;
    #[inline(always)]
    fn nullspace_layout(self) -> Layout<_1, _0> {
        Layout::new(_1, _0)
    }
}
impl<T> NullspaceLayout for T
where
    T: Split + Transform<PayloadShape> + Transform<PayloadStride>,
    <T as Transform<PayloadShape>>::Output: Unwrap,
    <T as Transform<PayloadStride>>::Output: Unwrap,
{
    type Shape = UnwrapOf<<T as Transform<PayloadShape>>::Output>;
    type Stride = UnwrapOf<<T as Transform<PayloadStride>>::Output>;
    #[inline(always)]
    fn nullspace_layout(self) -> Layout<Self::Shape, Self::Stride> {
        let shape = Transform::<PayloadShape>::transform(self, &PayloadShape);
        let stride = Transform::<PayloadStride>::transform(self, &PayloadStride);
        Layout::new(shape.unwrap_tuple(), stride.unwrap_tuple())
    }
}
/// `(d, (s, r))` to `s`.
#[doc(hidden)]
pub struct PayloadShape;
impl<D, S: Copy + 'static, R> Fun1<(D, (S, R))> for PayloadShape {
    type Output = S;
    #[inline(always)]
    fn call(&self, (_, (s, _)): (D, (S, R))) -> S {
        s
    }
}
/// `(d, (s, r))` to `r`.
#[doc(hidden)]
pub struct PayloadStride;
impl<D, S, R: Copy + 'static> Fun1<(D, (S, R))> for PayloadStride {
    type Output = R;
    #[inline(always)]
    fn call(&self, (_, (_, r)): (D, (S, R))) -> R {
        r
    }
}

/// C++'s `unwrap` of a non-empty tuple: its element if it has one, else the tuple.
#[doc(hidden)]
pub trait Unwrap {
    type Output: IntTuple;
    fn unwrap_tuple(self) -> Self::Output;
}
/// The type of `unwrap(T)`.
#[doc(hidden)]
pub type UnwrapOf<T> = <T as Unwrap>::Output;
impl<T> Unwrap for T
where
    T: Split,
    T::Tail: TupleIsEmpty,
    T: UnwrapIf<<T::Tail as TupleIsEmpty>::Output>,
{
    type Output = <T as UnwrapIf<<T::Tail as TupleIsEmpty>::Output>>::Output;
    #[inline(always)]
    fn unwrap_tuple(self) -> Self::Output {
        UnwrapIf::<_>::unwrap_if(self)
    }
}
/// [`Unwrap`] once the rank is known: `B1` for a single element.
#[doc(hidden)]
pub trait UnwrapIf<Single> {
    type Output: IntTuple;
    fn unwrap_if(self) -> Self::Output;
}
impl<T: Split> UnwrapIf<B1> for T
where
    T::Head: IntTuple,
{
    type Output = T::Head;
    #[inline(always)]
    fn unwrap_if(self) -> T::Head {
        self.split().0
    }
}
impl<T: IntTuple> UnwrapIf<B0> for T {
    type Output = T;
    #[inline(always)]
    fn unwrap_if(self) -> T {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::int_tuple::Crd2Idx;
    use crate::layout::make_layout;
    use crate::numeric::aliases::*;
    use std::string::ToString;

    fn eval<S: IntTuple, D: IntTuple>(l: Layout<S, D>, i: i32) -> i32
    where
        i32: Crd2Idx<S, D>,
    {
        l.call(i).value() as i32
    }

    /// `layout(r(i)) == i` for every `i < size(r)`: the oracle's `right_inverse` check.
    fn is_right_inverse<S: IntTuple, D: IntTuple, RS: IntTuple, RD: IntTuple>(
        l: Layout<S, D>,
        r: Layout<RS, RD>,
    ) where
        i32: Crd2Idx<S, D> + Crd2Idx<RS, RD>,
    {
        for i in 0..r.size().value() as i32 {
            assert_eq!(eval(l, eval(r, i)), i, "{l} o {r} at {i}");
        }
    }

    /// `layout(r(layout(i))) == layout(i)` for every `i < size(layout)`: the oracle's
    /// `left_inverse` check.
    fn is_left_inverse<S: IntTuple, D: IntTuple, RS: IntTuple, RD: IntTuple>(
        l: Layout<S, D>,
        r: Layout<RS, RD>,
    ) where
        i32: Crd2Idx<S, D> + Crd2Idx<RS, RD>,
    {
        for i in 0..l.size().value() as i32 {
            let x = eval(l, i);
            assert_eq!(eval(l, eval(r, x)), x, "{l} o {r} o {l} at {i}");
        }
    }

    /// One oracle vector: the static result's type and C++'s print, then the same layout
    /// with dynamic shapes and C++'s print; both checked with the oracle's property.
    macro_rules! cases {
        ($op:ident, $check:ident) => {
            macro_rules! static_case {
                ($l:expr => $T:ty, $print:expr) => {{
                    let l = $l;
                    let r: $T = $op(l);
                    assert_eq!(r.to_string(), $print);
                    assert_eq!(core::mem::size_of_val(&r), 0);
                    $check(l, r);
                }};
            }
            macro_rules! dyn_case {
                ($l:expr => $print:expr) => {{
                    let l = $l;
                    let r = $op(l);
                    assert_eq!(r.to_string(), $print);
                    $check(l, r);
                }};
                ($l:expr => $print:expr, unchecked) => {{
                    assert_eq!($op($l).to_string(), $print);
                }};
            }
        };
    }

    #[test]
    fn repeated_strides_follow_cpp_exchange_sort() {
        // Strides (2,2,1): C++'s exchange sort visits mode 2, then mode 1, then mode 0, so mode
        // 1 (prefix product 2) joins, not mode 0 (a stable sort would give (_4,_1)).
        // Expected: C++ CuTe 4.2.
        let l = make_layout((_2, _2, _2), (_2, _2, _1));
        let r: Layout<(_2, _2), (_4, _2)> = right_inverse(l);
        assert_eq!(r.to_string(), "(_2,_2):(_4,_2)");
        is_right_inverse(l, r);
        let r: Layout<(_2, _2), (_4, _1)> = left_inverse(l);
        assert_eq!(r.to_string(), "(_2,_2):(_4,_1)");
    }

    #[test]
    fn dynamic_strides() {
        // Expected: C++ CuTe 4.2. right_inverse passes over dynamic strides.
        let r = right_inverse(make_layout((_4, _2), (_1, 4)));
        assert_eq!(r.to_string(), "_4:_1");
        let r = right_inverse(make_layout((_4, _2), (2, _1)));
        assert_eq!(r.to_string(), "_2:_4");
        let r: Layout<_1, _0> = right_inverse(make_layout((_4, _2), (_2, _8)));
        assert_eq!(r.to_string(), "_1:_0");
    }

    #[test]
    fn left_inverse_stride_zero() {
        // Expected: C++ CuTe 4.2.
        let l = make_layout((_4, _2), (_2, _8));
        let r: Layout<(_2, _8), (_0, _1)> = left_inverse(l);
        assert_eq!(r.to_string(), "(_2,_8):(_0,_1)");
        is_left_inverse(l, r);
        let l = make_layout((_4, _2), (_0, _1));
        let r: Layout<_2, _4> = left_inverse(l);
        assert_eq!(r.to_string(), "_2:_4");
        is_left_inverse(l, r);
        let l = make_layout(_4, _0);
        let r: Layout<_4, _0> = left_inverse(l);
        assert_eq!(r.to_string(), "_4:_0");
        is_left_inverse(l, r);
    }

    #[test]
    fn nullspace_cases() {
        // Expected: C++ CuTe 4.2; each result is checked to map into layout's zeros.
        fn maps_to_zero<S: IntTuple, D: IntTuple, NS: IntTuple, ND: IntTuple>(
            l: Layout<S, D>,
            n: Layout<NS, ND>,
        ) where
            i32: Crd2Idx<S, D> + Crd2Idx<NS, ND>,
        {
            for i in 0..n.size().value() as i32 {
                assert_eq!(eval(l, eval(n, i)), 0, "{l} o {n} at {i}");
            }
        }
        macro_rules! case {
            ($l:expr => $print:expr) => {{
                let l = $l;
                let n = nullspace(l);
                assert_eq!(n.to_string(), $print);
                maps_to_zero(l, n);
                n
            }};
        }
        let _: Layout<(_2, _3), (_1, _8)> =
            case!(make_layout((_2, _4, _3), (_0, _1, _0)) => "(_2,_3):(_1,_8)");
        let _: Layout<i32, _1> = case!(make_layout((4, _8), (_0, _1)) => "4:_1");
        let _: Layout<_1, _0> = case!(make_layout(_8, _1) => "_1:_0");
        let l = make_layout((_2, (_1, _4), _3), (_0, (_0, _1), _0));
        let _: Layout<(_2, _1, _3), (_1, _0, _8)> = case!(l => "(_2,_1,_3):(_1,_0,_8)");
        // A dynamic stride 0 is not known to be 0.
        case!(make_layout((2, (_1, 4), 3), (_0, (_0, _1), 0)) => "(2,_1):(_1,_0)");
        let _: Layout<(_2, _3), (_1, _2)> =
            case!(make_layout((_2, _3), (_0, _0)) => "(_2,_3):(_1,_2)");
        let _: Layout<_5, _1> = case!(make_layout(_5, _0) => "_5:_1");
        case!(make_layout(5, _0) => "5:_1");
        let _: Layout<_4, _1> = case!(make_layout((_4,), (_0,)) => "_4:_1");
        let l = make_layout(((_2, _2), (_3, _2)), ((_1, _0), (_0, _2)));
        let _: Layout<(_2, _3), (_2, _4)> = case!(l => "(_2,_3):(_2,_4)");
    }

    #[test]
    fn right_inverse_oracle_vectors() {
        cases!(right_inverse, is_right_inverse);
        // line 89: right_inverse(1:0) = 1:0
        static_case!(make_layout(_1, _0) => Layout<_1, _0>, "_1:_0");
        dyn_case!(make_layout(1, _0) => "_1:_0");
        // line 91: right_inverse(1:1) = 1:0
        static_case!(make_layout(_1, _1) => Layout<_1, _0>, "_1:_0");
        dyn_case!(make_layout(1, _1) => "1:_1");
        // line 93: right_inverse((1,1):(0,0)) = 1:0
        static_case!(make_layout((_1, _1), (_0, _0)) => Layout<_1, _0>, "_1:_0");
        dyn_case!(make_layout((1, 1), (_0, _0)) => "_1:_0");
        // line 95: right_inverse((4):(1)) = 4:1
        static_case!(make_layout((_4,), (_1,)) => Layout<_4, _1>, "_4:_1");
        dyn_case!(make_layout((4,), (_1,)) => "4:_1");
        // line 97: right_inverse(((2,2),3):((3,6),1)) = (3,4):(4,1)
        static_case!(make_layout(((_2, _2), _3), ((_3, _6), _1)) => Layout<(_3, _4), (_4, _1)>, "(_3,_4):(_4,_1)");
        dyn_case!(make_layout(((2, 2), 3), ((_3, _6), _1)) => "3:4");
        // line 99: right_inverse((1,4):(0,1)) = 4:1
        static_case!(make_layout((_1, _4), (_0, _1)) => Layout<_4, _1>, "_4:_1");
        dyn_case!(make_layout((1, 4), (_0, _1)) => "4:1");
        // line 119: right_inverse(((6),32):((1),6)) = 192:1
        static_case!(make_layout(((_6,), _32), ((_1,), _6)) => Layout<_192, _1>, "_192:_1");
        dyn_case!(make_layout(((6,), 32), ((_1,), _6)) => "6:_1");
        // line 197: right_inverse(2:1) = 2:1
        static_case!(make_layout(_2, _1) => Layout<_2, _1>, "_2:_1");
        dyn_case!(make_layout(2, _1) => "2:_1");
        // line 293: right_inverse(((16,2)):((2,32))) = 1:0
        static_case!(make_layout(((_16, _2),), ((_2, _32),)) => Layout<_1, _0>, "_1:_0");
        dyn_case!(make_layout(((16, 2),), ((_2, _32),)) => "_1:_0");
        // line 454: right_inverse(((12,2,6)):((2,1,8))) = (2,12):(12,1)
        static_case!(make_layout(((_12, _2, _6),), ((_2, _1, _8),)) => Layout<(_2, _12), (_12, _1)>, "(_2,_12):(_12,_1)");
        dyn_case!(make_layout(((12, 2, 6),), ((_2, _1, _8),)) => "2:12");
        // line 605: right_inverse((1):(2)) = 1:0
        static_case!(make_layout((_1,), (_2,)) => Layout<_1, _0>, "_1:_0");
        dyn_case!(make_layout((1,), (_2,)) => "_1:_0");
        // line 785: right_inverse(((2,5,8)):((1,64,4))) = 2:1
        static_case!(make_layout(((_2, _5, _8),), ((_1, _64, _4),)) => Layout<_2, _1>, "_2:_1");
        dyn_case!(make_layout(((2, 5, 8),), ((_1, _64, _4),)) => "2:_1");
        // line 907: right_inverse(8:16) = 1:0
        static_case!(make_layout(_8, _16) => Layout<_1, _0>, "_1:_0");
        dyn_case!(make_layout(8, _16) => "_1:_0");
        // line 1218: right_inverse((2):(8)) = 1:0
        static_case!(make_layout((_2,), (_8,)) => Layout<_1, _0>, "_1:_0");
        dyn_case!(make_layout((2,), (_8,)) => "_1:_0");
        // line 1434: right_inverse(5:1) = 5:1
        static_case!(make_layout(_5, _1) => Layout<_5, _1>, "_5:_1");
        dyn_case!(make_layout(5, _1) => "5:_1");
        // line 1595: right_inverse(((2,2),(6,2,2),2):((1,2),(4,24,48),96)) = 192:1
        static_case!(make_layout(((_2, _2), (_6, _2, _2), _2), ((_1, _2), (_4, _24, _48), _96)) => Layout<_192, _1>, "_192:_1");
        dyn_case!(make_layout(((2, 2), (6, 2, 2), 2), ((_1, _2), (_4, _24, _48), _96)) => "2:_1");
        // line 1705: right_inverse((8,6):(1,8)) = 48:1
        static_case!(make_layout((_8, _6), (_1, _8)) => Layout<_48, _1>, "_48:_1");
        dyn_case!(make_layout((8, 6), (_1, _8)) => "8:_1");
        // line 1943: right_inverse((2,3,2):(12,4,96)) = 1:0
        static_case!(make_layout((_2, _3, _2), (_12, _4, _96)) => Layout<_1, _0>, "_1:_0");
        dyn_case!(make_layout((2, 3, 2), (_12, _4, _96)) => "_1:_0");
        // line 2168: right_inverse((3,(6,2)):(12,(2,1))) = (2,6,3):(18,3,1)
        static_case!(make_layout((_3, (_6, _2)), (_12, (_2, _1))) => Layout<(_2, _6, _3), (_18, _3, _1)>, "(_2,_6,_3):(_18,_3,_1)");
        dyn_case!(make_layout((3, (6, 2)), (_12, (_2, _1))) => "2:18");
        // line 2248: right_inverse(1:2) = 1:0
        static_case!(make_layout(_1, _2) => Layout<_1, _0>, "_1:_0");
        dyn_case!(make_layout(1, _2) => "_1:_0");
        // line 2543: right_inverse(((8,2,12),1):((1,8,16),192)) = 192:1
        static_case!(make_layout(((_8, _2, _12), _1), ((_1, _8, _16), _192)) => Layout<_192, _1>, "_192:_1");
        dyn_case!(make_layout(((8, 2, 12), 1), ((_1, _8, _16), _192)) => "8:_1");
        // line 2698: right_inverse((4):(3)) = 1:0
        static_case!(make_layout((_4,), (_3,)) => Layout<_1, _0>, "_1:_0");
        dyn_case!(make_layout((4,), (_3,)) => "_1:_0");
        // line 2859: right_inverse(4:2) = 1:0
        static_case!(make_layout(_4, _2) => Layout<_1, _0>, "_1:_0");
        dyn_case!(make_layout(4, _2) => "_1:_0");
        // line 3801: right_inverse(1:1) = 1:0
        static_case!(make_layout(_1, _1) => Layout<_1, _0>, "_1:_0");
        dyn_case!(make_layout(1, _1) => "1:_1");
        // line 3807: right_inverse((2,4,6):(1,2,8)) = 48:1
        static_case!(make_layout((_2, _4, _6), (_1, _2, _8)) => Layout<_48, _1>, "_48:_1");
        dyn_case!(make_layout((2, 4, 6), (_1, _2, _8)) => "2:_1");
        // line 3829: right_inverse((128,64):(131072,2)) = 1:0
        static_case!(make_layout((_128, _64), (_131072, _2)) => Layout<_1, _0>, "_1:_0");
        dyn_case!(make_layout((128, 64), (_131072, _2)) => "_1:_0");
    }

    #[test]
    fn left_inverse_oracle_vectors() {
        cases!(left_inverse, is_left_inverse);
        // line 90: left_inverse(1:0) = 1:0
        static_case!(make_layout(_1, _0) => Layout<_1, _0>, "_1:_0");
        dyn_case!(make_layout(1, _0) => "1:_0");
        // line 92: left_inverse(1:1) = 1:0
        static_case!(make_layout(_1, _1) => Layout<_1, _0>, "_1:_0");
        dyn_case!(make_layout(1, _1) => "1:_1");
        // line 94: left_inverse((1,1):(0,0)) = 1:0
        static_case!(make_layout((_1, _1), (_0, _0)) => Layout<_1, _0>, "_1:_0");
        dyn_case!(make_layout((1, 1), (_0, _0)) => "1:_0");
        // line 96: left_inverse((4):(1)) = 4:1
        static_case!(make_layout((_4,), (_1,)) => Layout<_4, _1>, "_4:_1");
        dyn_case!(make_layout((4,), (_1,)) => "4:_1");
        // line 98: left_inverse(((2,2),3):((3,6),1)) = (3,4):(4,1)
        static_case!(make_layout(((_2, _2), _3), ((_3, _6), _1)) => Layout<(_3, _4), (_4, _1)>, "(_3,_4):(_4,_1)");
        dyn_case!(make_layout(((2, 2), 3), ((_3, _6), _1)) => "(_3,_2,2):(4,_1,2)");
        // line 100: left_inverse((1,4):(0,1)) = 4:1
        static_case!(make_layout((_1, _4), (_0, _1)) => Layout<_4, _1>, "_4:_1");
        dyn_case!(make_layout((1, 4), (_0, _1)) => "4:1");
        // line 103: left_inverse(4:1) = 4:1
        static_case!(make_layout(_4, _1) => Layout<_4, _1>, "_4:_1");
        dyn_case!(make_layout(4, _1) => "4:_1");
        // line 175: left_inverse(8:1) = 8:1
        static_case!(make_layout(_8, _1) => Layout<_8, _1>, "_8:_1");
        dyn_case!(make_layout(8, _1) => "8:_1");
        // line 312: left_inverse(((3,12)):((1,3))) = 36:1
        static_case!(make_layout(((_3, _12),), ((_1, _3),)) => Layout<_36, _1>, "_36:_1");
        dyn_case!(make_layout(((3, 12),), ((_1, _3),)) => "(_3,12):(_1,3)");
        // line 517: left_inverse((6,(6),8):(192,(32),1)) = (32,6,6):(36,6,1)
        static_case!(make_layout((_6, (_6,), _8), (_192, (_32,), _1)) => Layout<(_32, _6, _6), (_36, _6, _1)>, "(_32,_6,_6):(_36,_6,_1)");
        dyn_case!(make_layout((6, (6,), 8), (_192, (_32,), _1)) => "(_32,_6,6):(36,6,_1)");
        // line 706: left_inverse(((2,6,6)):((48,2,96))) = (2,6,4,2,6):(72,2,144,1,12)
        static_case!(make_layout(((_2, _6, _6),), ((_48, _2, _96),)) => Layout<(_2, _24, _2, _6), (_0, _2, _1, _12)>, "(_2,_24,_2,_6):(_0,_2,_1,_12)");
        dyn_case!(make_layout(((2, 6, 6),), ((_48, _2, _96),)) => "(_2,_24,_2,6):(_0,2,_1,12)");
        // line 708: left_inverse(((8),2,(1,4,2)):((16),8,(8,2,1))) = (2,4,2,8):(64,16,8,1)
        static_case!(make_layout(((_8,), _2, (_1, _4, _2)), ((_16,), _8, (_8, _2, _1))) => Layout<(_2, _4, _2, _8), (_64, _16, _8, _1)>, "(_2,_4,_2,_8):(_64,_16,_8,_1)");
        // C++ keeps the dynamic size-1 mode, which breaks the inverse property.
        dyn_case!(make_layout(((8,), 2, (1, 4, 2)), ((_16,), _8, (_8, _2, _1))) => "(_2,_4,_2,8):(64,16,16,_1)", unchecked);
        // line 973: left_inverse(8:3) = (3,8):(8,1)
        static_case!(make_layout(_8, _3) => Layout<(_3, _8), (_0, _1)>, "(_3,_8):(_0,_1)");
        dyn_case!(make_layout(8, _3) => "(_3,8):(_0,_1)");
        // line 1304: left_inverse((4):(1)) = 4:1
        static_case!(make_layout((_4,), (_1,)) => Layout<_4, _1>, "_4:_1");
        dyn_case!(make_layout((4,), (_1,)) => "4:_1");
        // line 1480: left_inverse(8:4) = (4,8):(8,1)
        static_case!(make_layout(_8, _4) => Layout<(_4, _8), (_0, _1)>, "(_4,_8):(_0,_1)");
        dyn_case!(make_layout(8, _4) => "(_4,8):(_0,_1)");
        // line 1539: left_inverse(((5,2,2),16):((64,32,1),2)) = (32,2,5):(10,5,1)
        static_case!(make_layout(((_5, _2, _2), _16), ((_64, _32, _1), _2)) => Layout<(_32, _2, _5), (_10, _5, _1)>, "(_32,_2,_5):(_10,_5,_1)");
        dyn_case!(make_layout(((5, 2, 2), 16), ((_64, _32, _1), _2)) => "(_2,_16,_2,5):(10,20,5,_1)");
        // line 1601: left_inverse(32:1) = 32:1
        static_case!(make_layout(_32, _1) => Layout<_32, _1>, "_32:_1");
        dyn_case!(make_layout(32, _1) => "32:_1");
        // line 1806: left_inverse(((4,2,3),3):((18,9,3),1)) = (3,3,2,4):(24,8,4,1)
        static_case!(make_layout(((_4, _2, _3), _3), ((_18, _9, _3), _1)) => Layout<(_3, _3, _2, _4), (_24, _8, _4, _1)>, "(_3,_3,_2,_4):(_24,_8,_4,_1)");
        dyn_case!(make_layout(((4, 2, 3), 3), ((_18, _9, _3), _1)) => "(_3,_3,_2,4):(24,8,4,_1)");
        // line 1955: left_inverse((4,(3,2),(2)):(1,(4,12),(24))) = 48:1
        static_case!(make_layout((_4, (_3, _2), (_2,)), (_1, (_4, _12), (_24,))) => Layout<_48, _1>, "_48:_1");
        dyn_case!(make_layout((4, (3, 2), (2,)), (_1, (_4, _12), (_24,))) => "(_4,_3,_2,2):(_1,4,12,24)");
        // line 2087: left_inverse(((2,1),1,2):((12,2),2,6)) = (6,2,2):(4,2,1)
        static_case!(make_layout(((_2, _1), _1, _2), ((_12, _2), _2, _6)) => Layout<(_6, _2, _2), (_0, _2, _1)>, "(_6,_2,_2):(_0,_2,_1)");
        dyn_case!(make_layout(((2, 1), 1, 2), ((_12, _2), _2, _6)) => "(_2,_3,_2,2):(_0,2,2,_1)");
        // line 2283: left_inverse((3,2,(5,5)):(1,3,(6,30))) = 150:1
        static_case!(make_layout((_3, _2, (_5, _5)), (_1, _3, (_6, _30))) => Layout<_150, _1>, "_150:_1");
        dyn_case!(make_layout((3, 2, (5, 5)), (_1, _3, (_6, _30))) => "(_3,_2,_5,5):(_1,3,6,30)");
        // line 2467: left_inverse((4,(2),3):(1,(4),8)) = 24:1
        static_case!(make_layout((_4, (_2,), _3), (_1, (_4,), _8)) => Layout<_24, _1>, "_24:_1");
        dyn_case!(make_layout((4, (2,), 3), (_1, (_4,), _8)) => "(_4,_2,3):(_1,4,8)");
        // line 2586: left_inverse(((4,8),4,(4)):((4,64),1,(16))) = (4,4,4,8):(32,1,128,4)
        static_case!(make_layout(((_4, _8), _4, (_4,)), ((_4, _64), _1, (_16,))) => Layout<(_4, _4, _4, _8), (_32, _1, _128, _4)>, "(_4,_4,_4,_8):(_32,_1,_128,_4)");
        dyn_case!(make_layout(((4, 8), 4, (4,)), ((_4, _64), _1, (_16,))) => "(_4,_4,_4,8):(32,_1,128,4)");
        // line 2755: left_inverse((4,2):(1,4)) = 8:1
        static_case!(make_layout((_4, _2), (_1, _4)) => Layout<_8, _1>, "_8:_1");
        dyn_case!(make_layout((4, 2), (_1, _4)) => "(_4,2):(_1,4)");
        // line 2888: left_inverse((1,2,(12,6,4)):(576,288,(24,4,1))) = (4,6,12,2):(144,24,2,1)
        static_case!(make_layout((_1, _2, (_12, _6, _4)), (_576, _288, (_24, _4, _1))) => Layout<(_4, _6, _12, _2), (_144, _24, _2, _1)>, "(_4,_6,_12,_2):(_144,_24,_2,_1)");
        dyn_case!(make_layout((1, 2, (12, 6, 4)), (_576, _288, (_24, _4, _1))) => "(_4,_6,_12,_2,1):(144,24,2,1,_1)");
        // line 3760: left_inverse((4):(1)) = 4:1
        static_case!(make_layout((_4,), (_1,)) => Layout<_4, _1>, "_4:_1");
        dyn_case!(make_layout((4,), (_1,)) => "4:_1");
        // line 3781: left_inverse((4,2):(1,16)) = (4,4,2):(1,8,4)
        static_case!(make_layout((_4, _2), (_1, _16)) => Layout<(_16, _2), (_1, _4)>, "(_16,_2):(_1,_4)");
        dyn_case!(make_layout((4, 2), (_1, _16)) => "(_16,2):(_1,4)");
    }
}
