//! `coalesce`, `filter_zeros`, `filter` (part of `cute/layout.hpp`).
//!
//! [`coalesce`] simplifies a layout without changing it as a function of a 1-D index inside
//! its domain: it flattens the layout, drops static size-1 modes and merges neighbouring modes
//! whose static shapes and strides chain (`s0:d0, s1:s0*d0` becomes `s0*s1:d0`). As in C++,
//! a decision is made only on static values: a dynamic mode is never dropped or merged, so the
//! *structure* of the result depends only on which leaves are static.
//!
//! | C++ | Rust |
//! |-----|------|
//! | `coalesce(layout)` | [`coalesce`] |
//! | `coalesce(layout, trg_profile)` | [`coalesce_profile`] |
//! | `filter_zeros(layout)` | [`filter_zeros`] |
//! | `filter(layout)` | [`filter`] |
//! | `filter(layout, trg_profile)` | [`filter_profile`] |

use crate::container::tuple::{Prepend, Split};
use crate::int_tuple::{IntLeaf, IntTuple, TupleIsEmpty};
use crate::layout::Layout;
use crate::numeric::aliases::{_0, _1};
use crate::numeric::arithmetic::{
    IntMul, IsConstant, IsConstantImpl, Prod, StaticEq, StaticEqImpl,
};
use crate::numeric::arithmetic_tuple::{ArithMul, ArithProd};
use crate::numeric::integral_constant::{Bool, Integral, C};
use crate::numeric::{Integer, B0, B1};

// ---------------------------------------------------------------------------------------------
// coalesce
// ---------------------------------------------------------------------------------------------

/// `coalesce(layout)`: see [`coalesce`].
pub trait Coalesce {
    /// The shape of the coalesced layout: an integer, or a flat tuple of two or more modes.
    type Shape: IntTuple;
    /// The stride of the coalesced layout, congruent with `Shape`.
    type Stride: IntTuple;
    /// Coalesces.
    fn coalesce(self) -> Layout<Self::Shape, Self::Stride>;
}
/// The layout type of `coalesce(L)`.
pub type CoalesceOf<L> = Layout<<L as Coalesce>::Shape, <L as Coalesce>::Stride>;

/// `coalesce(layout)`: the same function on `[0, size)`, with the fewest modes that static
/// information allows.
///
/// # Math
/// The leaves of the layout are scanned from the last to the first, building the result front
/// first (C++'s `bw_coalesce`). With `s:d` the current leaf and `s0:d0` the front of the result:
/// 1. `s` is static 1: the leaf is dropped;
/// 2. `s0` is static 1 (only the result's initial state): `s:d` replaces it;
/// 3. `s0`, `s`, `d`, `d0` are static and `s*d == d0`: the front becomes `s*s0:d`;
/// 4. otherwise `s:d` is put in front.
///
/// A result of one mode is an integer layout (`6:_4`, not `(6):(_4)`), and one whose shape is
/// static 1 is `_1:_0`.
///
/// # Postconditions
/// 1. `size(result) == size(layout)`;
/// 2. `depth(result) <= 1`;
/// 3. `result(i) == layout(i)` for every `0 <= i < size(layout)`.
/// 4. Static input gives a static result (a zero-sized type).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_2, (_1, _6)), (_1, (_6, _2)));
/// assert_eq!(coalesce(l).to_string(), "_12:_1");
/// // A dynamic mode is never merged, but static size-1 modes still go.
/// let l = make_layout((2, (_1, 6)), (_1, (_6, 2)));
/// assert_eq!(coalesce(l).to_string(), "(2,6):(_1,2)");
/// ```
#[inline(always)]
pub fn coalesce<L: Coalesce>(layout: L) -> CoalesceOf<L> {
    layout.coalesce()
}

impl<S: IntTuple, D: IntTuple> Coalesce for Layout<S, D>
where
    S: BwCoalesce<D, Modes<(_1,), (_0,)>>,
    BwCoalesceOf<S, D, Modes<(_1,), (_0,)>>: FinishCoalesce,
{
    type Shape = <BwCoalesceOf<S, D, Modes<(_1,), (_0,)>> as FinishCoalesce>::Shape;
    type Stride = <BwCoalesceOf<S, D, Modes<(_1,), (_0,)>> as FinishCoalesce>::Stride;
    #[inline(always)]
    fn coalesce(self) -> Layout<Self::Shape, Self::Stride> {
        let init = Modes((C::new(),), (C::new(),));
        self.shape().bw_coalesce(self.stride(), init).finish()
    }
}

/// The modes of a coalesced layout built so far, front first: two flat tuples of leaves.
///
/// The scan starts from `Modes((_1,), (_0,))`, a static size-1 mode that the first leaf not
/// statically 1 replaces (C++ starts from the last leaf instead; the results are the same).
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct Modes<NS, ND>(NS, ND);

/// The backward scan of [`coalesce`] over the leaves of a shape `Self` and its stride `D`.
#[doc(hidden)]
pub trait BwCoalesce<D, St> {
    type Output;
    fn bw_coalesce(self, stride: D, state: St) -> Self::Output;
}
#[doc(hidden)]
pub type BwCoalesceOf<S, D, St> = <S as BwCoalesce<D, St>>::Output;

impl<St> BwCoalesce<(), St> for () {
    type Output = St;
    #[inline(always)]
    fn bw_coalesce(self, _: (), state: St) -> St {
        state
    }
}
// A tuple: its tail first, then its head (the leaves from the last to the first).
impl<S, D, St> BwCoalesce<D, St> for S
where
    S: Split,
    D: Split,
    S::Tail: BwCoalesce<D::Tail, St>,
    S::Head: BwCoalesce<D::Head, BwCoalesceOf<S::Tail, D::Tail, St>>,
{
    type Output = BwCoalesceOf<S::Head, D::Head, BwCoalesceOf<S::Tail, D::Tail, St>>;
    #[inline(always)]
    fn bw_coalesce(self, stride: D, state: St) -> Self::Output {
        let (s0, s) = self.split();
        let (d0, d) = stride.split();
        s0.bw_coalesce(d0, s.bw_coalesce(d, state))
    }
}
macro_rules! leaf_bw_coalesce {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* D, St> BwCoalesce<D, St> for $t
        where
            St: CoalesceLeaf<$t, D>,
        {
            type Output = St::Output;
            #[inline(always)]
            fn bw_coalesce(self, stride: D, state: St) -> Self::Output {
                state.step(self, stride)
            }
        }
    )*};
}
leaf_bw_coalesce!([N: Integer + 'static,] C<N>, [] i32, [] i64);

/// `B1` iff both bits are.
type And<A, B> = <A as Bool>::If<B, B0>;

/// The merge condition: `s0` static and `s*d == d0` static and true.
#[doc(hidden)]
pub type MergeBit<S, D, S0, D0> = And<<S0 as Integral>::IsStatic, StaticEq<ArithProd<S, D>, D0>>;

/// One step of the scan: the leaf `s:d` against the front of the state.
#[doc(hidden)]
pub trait CoalesceLeaf<S, D> {
    type Output;
    fn step(self, s: S, d: D) -> Self::Output;
}
impl<S, D, NS, ND> CoalesceLeaf<S, D> for Modes<NS, ND>
where
    S: IntLeaf + ArithMul<D> + IsConstantImpl<_1>,
    D: IntTuple<IsTuple = B0>,
    NS: Split,
    ND: Split,
    NS::Head: IntLeaf + IsConstantImpl<_1>,
    <NS::Head as Integral>::IsStatic: Bool,
    ArithProd<S, D>: StaticEqImpl<ND::Head>,
    Modes<NS, ND>: CoalesceStep<
        S,
        D,
        IsConstant<_1, S>,
        IsConstant<_1, NS::Head>,
        MergeBit<S, D, NS::Head, ND::Head>,
    >,
{
    type Output = <Modes<NS, ND> as CoalesceStep<
        S,
        D,
        IsConstant<_1, S>,
        IsConstant<_1, NS::Head>,
        MergeBit<S, D, NS::Head, ND::Head>,
    >>::Output;
    #[inline(always)]
    fn step(self, s: S, d: D) -> Self::Output {
        CoalesceStep::<S, D, _, _, _>::step(self, s, d)
    }
}

/// The four cases of the scan, chosen by the bits `Skip` (s is static 1), `Replace` (the
/// front is static 1) and `Merge` (see [`MergeBit`]), in this order of priority.
#[doc(hidden)]
pub trait CoalesceStep<S, D, Skip, Replace, Merge> {
    type Output;
    fn step(self, s: S, d: D) -> Self::Output;
}
impl<S, D, R, M, NS, ND> CoalesceStep<S, D, B1, R, M> for Modes<NS, ND> {
    type Output = Self;
    #[inline(always)]
    fn step(self, _: S, _: D) -> Self {
        self
    }
}
impl<S, D, M, NS, ND> CoalesceStep<S, D, B0, B1, M> for Modes<NS, ND>
where
    NS: Split,
    ND: Split,
    NS::Tail: Prepend<S>,
    ND::Tail: Prepend<D>,
{
    type Output = Modes<<NS::Tail as Prepend<S>>::Output, <ND::Tail as Prepend<D>>::Output>;
    #[inline(always)]
    fn step(self, s: S, d: D) -> Self::Output {
        Modes(self.0.split().1.prepend(s), self.1.split().1.prepend(d))
    }
}
impl<S, D, NS, ND> CoalesceStep<S, D, B0, B0, B1> for Modes<NS, ND>
where
    NS: Split,
    ND: Split,
    S: IntMul<NS::Head>,
    NS::Tail: Prepend<Prod<S, NS::Head>>,
    ND::Tail: Prepend<D>,
{
    type Output =
        Modes<<NS::Tail as Prepend<Prod<S, NS::Head>>>::Output, <ND::Tail as Prepend<D>>::Output>;
    #[inline(always)]
    fn step(self, s: S, d: D) -> Self::Output {
        let (s0, ns) = self.0.split();
        Modes(ns.prepend(s.mul(s0)), self.1.split().1.prepend(d))
    }
}
impl<S, D, NS, ND> CoalesceStep<S, D, B0, B0, B0> for Modes<NS, ND>
where
    NS: Prepend<S>,
    ND: Prepend<D>,
{
    type Output = Modes<NS::Output, ND::Output>;
    #[inline(always)]
    fn step(self, s: S, d: D) -> Self::Output {
        Modes(self.0.prepend(s), self.1.prepend(d))
    }
}

/// The final layout of the scan: one mode gives an integer layout (`_1:_0` when its shape is
/// static 1), several give a flat tuple layout.
#[doc(hidden)]
pub trait FinishCoalesce {
    type Shape: IntTuple;
    type Stride: IntTuple;
    fn finish(self) -> Layout<Self::Shape, Self::Stride>;
}
impl<NS, ND> FinishCoalesce for Modes<NS, ND>
where
    NS: Split,
    NS::Tail: TupleIsEmpty,
    NS::Head: IsConstantImpl<_1>,
    Self: FinishRank<<NS::Tail as TupleIsEmpty>::Output, IsConstant<_1, NS::Head>>,
{
    type Shape =
        <Self as FinishRank<<NS::Tail as TupleIsEmpty>::Output, IsConstant<_1, NS::Head>>>::Shape;
    type Stride =
        <Self as FinishRank<<NS::Tail as TupleIsEmpty>::Output, IsConstant<_1, NS::Head>>>::Stride;
    #[inline(always)]
    fn finish(self) -> Layout<Self::Shape, Self::Stride> {
        FinishRank::<_, _>::finish_rank(self)
    }
}

/// [`FinishCoalesce`] by whether the result has a single mode and whether it is static 1.
#[doc(hidden)]
pub trait FinishRank<Single, One> {
    type Shape: IntTuple;
    type Stride: IntTuple;
    fn finish_rank(self) -> Layout<Self::Shape, Self::Stride>;
}
impl<NS, ND> FinishRank<B1, B1> for Modes<NS, ND> {
    type Shape = _1;
    type Stride = _0;
    #[inline(always)]
    fn finish_rank(self) -> Layout<_1, _0> {
        Layout::new(C::new(), C::new())
    }
}
impl<NS, ND> FinishRank<B1, B0> for Modes<NS, ND>
where
    NS: Split,
    ND: Split,
    NS::Head: IntTuple,
    ND::Head: IntTuple,
{
    type Shape = NS::Head;
    type Stride = ND::Head;
    #[inline(always)]
    fn finish_rank(self) -> Layout<NS::Head, ND::Head> {
        Layout::new(self.0.split().0, self.1.split().0)
    }
}
impl<NS, ND, One> FinishRank<B0, One> for Modes<NS, ND>
where
    NS: IntTuple,
    ND: IntTuple,
{
    type Shape = NS;
    type Stride = ND;
    #[inline(always)]
    fn finish_rank(self) -> Layout<NS, ND> {
        Layout::new(self.0, self.1)
    }
}

// ---------------------------------------------------------------------------------------------
// filter_zeros, filter
// ---------------------------------------------------------------------------------------------

/// `filter_zeros(a, b)` on IntTuples: `b` with every part paired with a static 0 of `a`
/// replaced by static 1s (C++'s `filter_zeros(a, b)`; `a` is a stride or a profile).
#[doc(hidden)]
pub trait FilterZeros<B> {
    type Output: IntTuple;
    fn filter_zeros(self, b: B) -> Self::Output;
}
impl FilterZeros<()> for () {
    type Output = ();
    #[inline(always)]
    fn filter_zeros(self, _: ()) {}
}
impl<A, B> FilterZeros<B> for A
where
    A: Split,
    B: Split,
    A::Head: FilterZeros<B::Head>,
    A::Tail: FilterZeros<B::Tail>,
    <A::Tail as FilterZeros<B::Tail>>::Output: Prepend<<A::Head as FilterZeros<B::Head>>::Output>,
    <<A::Tail as FilterZeros<B::Tail>>::Output as Prepend<
        <A::Head as FilterZeros<B::Head>>::Output,
    >>::Output: IntTuple,
{
    type Output = <<A::Tail as FilterZeros<B::Tail>>::Output as Prepend<
        <A::Head as FilterZeros<B::Head>>::Output,
    >>::Output;
    #[inline(always)]
    fn filter_zeros(self, b: B) -> Self::Output {
        let (a0, a) = self.split();
        let (b0, b) = b.split();
        let h = a0.filter_zeros(b0);
        a.filter_zeros(b).prepend(h)
    }
}
macro_rules! leaf_filter_zeros {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* B> FilterZeros<B> for $t
        where
            $t: IsConstantImpl<_0>,
            B: FilterZerosLeaf<IsConstant<_0, $t>>,
        {
            type Output = B::Output;
            #[inline(always)]
            fn filter_zeros(self, b: B) -> Self::Output {
                b.filter_zeros_leaf()
            }
        }
    )*};
}
leaf_filter_zeros!([N: Integer + 'static,] C<N>, [] i32, [] i64);

/// `b` paired with a leaf that is static 0 (`Zero = B1`: all of `b` becomes static 1s) or not.
#[doc(hidden)]
pub trait FilterZerosLeaf<Zero> {
    type Output: IntTuple;
    fn filter_zeros_leaf(self) -> Self::Output;
}
impl<B: IntTuple> FilterZerosLeaf<B0> for B {
    type Output = B;
    #[inline(always)]
    fn filter_zeros_leaf(self) -> B {
        self
    }
}
impl<B: OnesLike> FilterZerosLeaf<B1> for B {
    type Output = B::Output;
    #[inline(always)]
    fn filter_zeros_leaf(self) -> B::Output {
        Default::default()
    }
}

/// `repeat_like(t, _1)`: `t` with every leaf replaced by `_1`.
#[doc(hidden)]
pub trait OnesLike {
    type Output: IntTuple + Default;
}
impl OnesLike for () {
    type Output = ();
}
impl<T> OnesLike for T
where
    T: Split,
    T::Head: OnesLike,
    T::Tail: OnesLike,
    <T::Tail as OnesLike>::Output: Prepend<<T::Head as OnesLike>::Output>,
    <<T::Tail as OnesLike>::Output as Prepend<<T::Head as OnesLike>::Output>>::Output:
        IntTuple + Default,
{
    type Output = <<T::Tail as OnesLike>::Output as Prepend<<T::Head as OnesLike>::Output>>::Output;
}
macro_rules! leaf_ones_like {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> OnesLike for $t {
            type Output = _1;
        }
    )*};
}
leaf_ones_like!([N: Integer + 'static] C<N>, [] i32, [] i64);

/// `filter_zeros(layout)`: see [`filter_zeros`].
pub trait FilterZerosLayout {
    /// The shape with the modes of static stride 0 replaced by `_1`.
    type Shape: IntTuple;
    /// The stride (unchanged).
    type Stride: IntTuple;
    /// Replaces the shapes.
    fn filter_zeros(self) -> Layout<Self::Shape, Self::Stride>;
}
/// The layout type of `filter_zeros(L)`.
pub type FilterZerosOf<L> =
    Layout<<L as FilterZerosLayout>::Shape, <L as FilterZerosLayout>::Stride>;
impl<S: IntTuple, D: IntTuple + FilterZeros<S>> FilterZerosLayout for Layout<S, D> {
    type Shape = <D as FilterZeros<S>>::Output;
    type Stride = D;
    #[inline(always)]
    fn filter_zeros(self) -> Layout<Self::Shape, D> {
        Layout::new(self.stride().filter_zeros(self.shape()), self.stride())
    }
}

/// `filter_zeros(layout)`: the layout with the shape of every mode of static stride 0
/// replaced by `_1`; the stride is unchanged. A dynamic stride is never known to be 0.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_4, (_2, 3)), (_0, (_1, 0)));
/// assert_eq!(filter_zeros(l).to_string(), "(_1,(_2,3)):(_0,(_1,0))");
/// ```
#[inline(always)]
pub fn filter_zeros<L: FilterZerosLayout>(layout: L) -> FilterZerosOf<L> {
    layout.filter_zeros()
}

/// `filter(layout)`: see [`filter`].
pub trait Filter {
    /// The shape of the filtered layout.
    type Shape: IntTuple;
    /// The stride of the filtered layout.
    type Stride: IntTuple;
    /// Filters.
    fn filter(self) -> Layout<Self::Shape, Self::Stride>;
}
/// The layout type of `filter(L)`.
pub type FilterOf<L> = Layout<<L as Filter>::Shape, <L as Filter>::Stride>;
impl<L> Filter for L
where
    L: FilterZerosLayout,
    FilterZerosOf<L>: Coalesce,
{
    type Shape = <FilterZerosOf<L> as Coalesce>::Shape;
    type Stride = <FilterZerosOf<L> as Coalesce>::Stride;
    #[inline(always)]
    fn filter(self) -> Layout<Self::Shape, Self::Stride> {
        self.filter_zeros().coalesce()
    }
}

/// `filter(layout)`: `coalesce(filter_zeros(layout))`, the layout without its modes of static
/// stride 0 and static size 1 (`_1:_0` if nothing is left), coalesced.
///
/// # Postconditions
/// 1. `depth(result) <= 1`;
/// 2. the image of `result` on `[0, size(result))` is that of `layout` on `[0, size(layout))`;
/// 3. with static strides, `result` has no stride-0 mode unless it is `_1:_0`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout(((_8, _2), _4), ((_2, _0), _0));
/// assert_eq!(filter(l).to_string(), "_8:_2");
/// ```
#[inline(always)]
pub fn filter<L: Filter>(layout: L) -> FilterOf<L> {
    layout.filter()
}

// ---------------------------------------------------------------------------------------------
// coalesce and filter by profile
// ---------------------------------------------------------------------------------------------

/// A layout-to-layout operation applied at the terminals of a profile.
#[doc(hidden)]
pub trait LayoutOp<L> {
    type Shape: IntTuple;
    type Stride: IntTuple;
    fn apply(&self, layout: L) -> Layout<Self::Shape, Self::Stride>;
}
/// [`coalesce`] as a [`LayoutOp`].
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct CoalesceOp;
impl<L: Coalesce> LayoutOp<L> for CoalesceOp {
    type Shape = L::Shape;
    type Stride = L::Stride;
    #[inline(always)]
    fn apply(&self, layout: L) -> CoalesceOf<L> {
        layout.coalesce()
    }
}
/// [`filter`] as a [`LayoutOp`].
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct FilterOp;
impl<L: Filter> LayoutOp<L> for FilterOp {
    type Shape = L::Shape;
    type Stride = L::Stride;
    #[inline(always)]
    fn apply(&self, layout: L) -> FilterOf<L> {
        layout.filter()
    }
}

/// An operation `F` applied to a layout at the terminals of the profile `P` (C++'s
/// `coalesce(layout, trg_profile)` when `F` is [`CoalesceOp`]): an integer profile applies `F`
/// to the whole layout; a tuple profile applies this recursively to the first `rank(P)` modes
/// and keeps the others.
pub trait ByProfile<P, F> {
    /// The shape of the result.
    type Shape: IntTuple;
    /// The stride of the result.
    type Stride: IntTuple;
    /// Applies `f` by profile.
    fn by_profile(self, profile: P, f: &F) -> Layout<Self::Shape, Self::Stride>;
}
/// The layout type of `L` transformed by `F` at the terminals of `P`.
pub type ByProfileOf<L, P, F> =
    Layout<<L as ByProfile<P, F>>::Shape, <L as ByProfile<P, F>>::Stride>;

impl<S, D, P, F> ByProfile<P, F> for Layout<S, D>
where
    P: IntTuple,
    Self: ByProfileBy<P, F, P::IsTuple>,
{
    type Shape = <Self as ByProfileBy<P, F, P::IsTuple>>::Shape;
    type Stride = <Self as ByProfileBy<P, F, P::IsTuple>>::Stride;
    #[inline(always)]
    fn by_profile(self, profile: P, f: &F) -> Layout<Self::Shape, Self::Stride> {
        ByProfileBy::<P, F, P::IsTuple>::by_profile_by(self, profile, f)
    }
}
/// [`ByProfile`] by whether the profile is a tuple.
#[doc(hidden)]
pub trait ByProfileBy<P, F, IsTuple> {
    type Shape: IntTuple;
    type Stride: IntTuple;
    fn by_profile_by(self, profile: P, f: &F) -> Layout<Self::Shape, Self::Stride>;
}
impl<S, D, P, F: LayoutOp<Layout<S, D>>> ByProfileBy<P, F, B0> for Layout<S, D> {
    type Shape = F::Shape;
    type Stride = F::Stride;
    #[inline(always)]
    fn by_profile_by(self, _: P, f: &F) -> Layout<F::Shape, F::Stride> {
        f.apply(self)
    }
}
impl<S, D, P, F> ByProfileBy<P, F, B1> for Layout<S, D>
where
    S: IntTuple + AsTuple,
    D: IntTuple + AsTuple,
    P: ProfileModes<S::Output, D::Output, F>,
{
    type Shape = P::Shape;
    type Stride = P::Stride;
    #[inline(always)]
    fn by_profile_by(self, profile: P, f: &F) -> Layout<P::Shape, P::Stride> {
        let (s, d) =
            profile.profile_modes(self.shape().into_tuple(), self.stride().into_tuple(), f);
        Layout::new(s, d)
    }
}

/// An integer as the rank-1 tuple of its modes (C++'s `get<0>` of an integer is itself); a
/// tuple unchanged.
#[doc(hidden)]
pub trait AsTuple {
    type Output: Copy;
    fn into_tuple(self) -> Self::Output;
}
impl AsTuple for () {
    type Output = ();
    #[inline(always)]
    fn into_tuple(self) {}
}
impl<T: Split> AsTuple for T {
    type Output = T;
    #[inline(always)]
    fn into_tuple(self) -> T {
        self
    }
}
macro_rules! leaf_as_tuple {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> AsTuple for $t {
            type Output = ($t,);
            #[inline(always)]
            fn into_tuple(self) -> ($t,) {
                (self,)
            }
        }
    )*};
}
leaf_as_tuple!([N: Integer + 'static] C<N>, [] i32, [] i64);

/// The modes of `(S, D)` transformed by the elements of the profile `Self`, followed by the
/// modes past the profile's rank.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "coalesce_profile: the profile has more modes than the layout",
    note = "a profile's tuple has at most as many elements as the layout has modes"
)]
pub trait ProfileModes<S, D, F> {
    type Shape: IntTuple;
    type Stride: IntTuple;
    fn profile_modes(self, shape: S, stride: D, f: &F) -> (Self::Shape, Self::Stride);
}
impl<S: IntTuple, D: IntTuple, F> ProfileModes<S, D, F> for () {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn profile_modes(self, shape: S, stride: D, _: &F) -> (S, D) {
        (shape, stride)
    }
}
impl<P, S, D, F> ProfileModes<S, D, F> for P
where
    P: Split,
    S: LayoutModeForProfile<D>,
    Layout<S::Head, S::StrideHead>: ByProfile<P::Head, F>,
    P::Tail: ProfileModes<S::Tail, S::StrideTail, F>,
    <P::Tail as ProfileModes<S::Tail, S::StrideTail, F>>::Shape:
        Prepend<<Layout<S::Head, S::StrideHead> as ByProfile<P::Head, F>>::Shape>,
    <P::Tail as ProfileModes<S::Tail, S::StrideTail, F>>::Stride:
        Prepend<<Layout<S::Head, S::StrideHead> as ByProfile<P::Head, F>>::Stride>,
    <<P::Tail as ProfileModes<S::Tail, S::StrideTail, F>>::Shape as Prepend<
        <Layout<S::Head, S::StrideHead> as ByProfile<P::Head, F>>::Shape,
    >>::Output: IntTuple,
    <<P::Tail as ProfileModes<S::Tail, S::StrideTail, F>>::Stride as Prepend<
        <Layout<S::Head, S::StrideHead> as ByProfile<P::Head, F>>::Stride,
    >>::Output: IntTuple,
{
    type Shape = <<P::Tail as ProfileModes<S::Tail, S::StrideTail, F>>::Shape as Prepend<
        <Layout<S::Head, S::StrideHead> as ByProfile<P::Head, F>>::Shape,
    >>::Output;
    type Stride = <<P::Tail as ProfileModes<S::Tail, S::StrideTail, F>>::Stride as Prepend<
        <Layout<S::Head, S::StrideHead> as ByProfile<P::Head, F>>::Stride,
    >>::Output;
    #[inline(always)]
    fn profile_modes(self, shape: S, stride: D, f: &F) -> (Self::Shape, Self::Stride) {
        let (p0, p) = self.split();
        let (s0, s) = shape.split();
        let (d0, d) = S::split_stride(stride);
        let l0 = Layout {
            shape: s0,
            stride: d0,
        }
        .by_profile(p0, f);
        let (s, d) = p.profile_modes(s, d, f);
        (s.prepend(l0.shape()), d.prepend(l0.stride()))
    }
}

/// The modes of a layout's shape (`Self`) and stride `D` left for the next element of a
/// profile: a non-empty tuple (implemented per arity, so that a profile longer than the
/// layout reports this message rather than an unmet `Split` bound).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "coalesce_profile: the profile has more modes than the layout",
    note = "a profile's tuple has at most as many elements as the layout has modes"
)]
pub trait LayoutModeForProfile<D>: Split {
    type StrideHead: Copy + 'static;
    type StrideTail: Copy + 'static;
    fn split_stride(stride: D) -> (Self::StrideHead, Self::StrideTail);
}
macro_rules! layout_mode_for_profile {
    ($($T:ident),+) => {
        impl<$($T: Copy + 'static,)+ D: Split> LayoutModeForProfile<D> for ($($T,)+) {
            type StrideHead = D::Head;
            type StrideTail = D::Tail;
            #[inline(always)]
            fn split_stride(stride: D) -> (D::Head, D::Tail) {
                stride.split()
            }
        }
    };
}
crate::container::tuple::for_each_arity!(layout_mode_for_profile);

/// `coalesce(layout, trg_profile)`: [`coalesce`] applied at the terminals of a profile.
///
/// An integer profile coalesces the whole layout. A tuple profile `(p0, p1, ...)` gives the
/// tuple layout whose mode `i < rank(profile)` is `coalesce_profile(layout<i>, p_i)` and whose
/// other modes are those of the layout, unchanged. The result's shape is a tuple whenever the
/// profile is (even of one mode: `(6):(_1)`).
///
/// # Preconditions
/// `rank(profile) <= rank(layout)` when the profile is a tuple; otherwise the compile error
/// `coalesce_profile: the profile has more modes than the layout`.
///
/// # Postconditions
/// 1. `rank(result) == rank(layout)` when the profile is a tuple;
/// 2. every mode of `result` is the same function as the matching mode of `layout` on its
///    domain.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_2, (_2, _1, _3), (_3, _2)), (_1, (_2, _4, _4), (_12, _36)));
/// assert_eq!(coalesce_profile(l, (_1, _1)).to_string(), "(_2,_6,(_3,_2)):(_1,_2,(_12,_36))");
/// ```
#[inline(always)]
pub fn coalesce_profile<L, P>(layout: L, profile: P) -> ByProfileOf<L, P, CoalesceOp>
where
    L: ByProfile<P, CoalesceOp>,
{
    layout.by_profile(profile, &CoalesceOp)
}

/// `filter(layout, trg_profile)`: [`filter`] applied at the terminals of a profile, mode by
/// mode as [`coalesce_profile`] does.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout(((_4, _2), (_2, _3)), ((_0, _1), (_2, _0)));
/// assert_eq!(filter_profile(l, (_1, _1)).to_string(), "(_2,_2):(_1,_2)");
/// ```
#[inline(always)]
pub fn filter_profile<L, P>(layout: L, profile: P) -> ByProfileOf<L, P, FilterOp>
where
    L: ByProfile<P, FilterOp>,
{
    layout.by_profile(profile, &FilterOp)
}

#[cfg(test)]
#[allow(clippy::type_complexity)]
mod tests {
    use super::*;
    use crate::int_tuple::Crd2Idx;
    use crate::layout::make_layout;
    use crate::numeric::aliases::*;
    use std::collections::BTreeSet;
    use std::string::ToString;

    /// `r` prints as `expect`, has the size of `l` and is the same function on `[0, size)`.
    fn check<S1, D1, S2, D2>(r: Layout<S1, D1>, expect: &str, l: Layout<S2, D2>)
    where
        S1: IntTuple,
        D1: IntTuple,
        S2: IntTuple,
        D2: IntTuple,
        i32: Crd2Idx<S1, D1> + Crd2Idx<S2, D2>,
    {
        assert_eq!(r.to_string(), expect);
        let n = l.size().value();
        assert_eq!(r.size().value(), n, "{expect}");
        for i in 0..n as i32 {
            assert_eq!(r.call(i).value(), l.call(i).value(), "{expect} at {i}");
        }
    }

    /// `r` prints as `expect` and has the same image as `l` (filter's postcondition).
    fn check_image<S1, D1, S2, D2>(r: Layout<S1, D1>, expect: &str, l: Layout<S2, D2>)
    where
        S1: IntTuple,
        D1: IntTuple,
        S2: IntTuple,
        D2: IntTuple,
        i32: Crd2Idx<S1, D1> + Crd2Idx<S2, D2>,
    {
        assert_eq!(r.to_string(), expect);
        let image = |n: i64, f: &dyn Fn(i32) -> i64| (0..n as i32).map(f).collect::<BTreeSet<_>>();
        let a = image(r.size().value(), &|i| r.call(i).value());
        let b = image(l.size().value(), &|i| l.call(i).value());
        assert_eq!(a, b, "{expect}");
    }

    #[test]
    fn coalesce_oracle() {
        // coalesce(1:0) = 1:0; dynamic (C++): 1:0
        let l = make_layout(_1, _0);
        let r: Layout<_1, _0> = coalesce(l);
        check(r, "_1:_0", l);
        let l = make_layout(1, 0);
        check(coalesce(l), "1:0", l);
        // coalesce(1:1) = 1:0; dynamic (C++): 1:1
        let l = make_layout(_1, _1);
        let r: Layout<_1, _0> = coalesce(l);
        check(r, "_1:_0", l);
        let l = make_layout(1, 1);
        check(coalesce(l), "1:1", l);
        // coalesce((1):(0)) = 1:0; dynamic (C++): 1:0
        let l = make_layout((_1,), (_0,));
        let r: Layout<_1, _0> = coalesce(l);
        check(r, "_1:_0", l);
        let l = make_layout((1,), (0,));
        check(coalesce(l), "1:0", l);
        // coalesce((1,1):(0,0)) = 1:0; dynamic (C++): (1,1):(0,0)
        let l = make_layout((_1, _1), (_0, _0));
        let r: Layout<_1, _0> = coalesce(l);
        check(r, "_1:_0", l);
        let l = make_layout((1, 1), (0, 0));
        check(coalesce(l), "(1,1):(0,0)", l);
        // coalesce(((1)):((0))) = 1:0; dynamic (C++): 1:0
        let l = make_layout(((_1,),), ((_0,),));
        let r: Layout<_1, _0> = coalesce(l);
        check(r, "_1:_0", l);
        let l = make_layout(((1,),), ((0,),));
        check(coalesce(l), "1:0", l);
        // coalesce((4,1):(1,0)) = 4:1; dynamic (C++): (4,1):(1,0)
        let l = make_layout((_4, _1), (_1, _0));
        let r: Layout<_4, _1> = coalesce(l);
        check(r, "_4:_1", l);
        let l = make_layout((4, 1), (1, 0));
        check(coalesce(l), "(4,1):(1,0)", l);
        // coalesce((2,3):(4,8)) = 6:4; dynamic (C++): (2,3):(4,8)
        let l = make_layout((_2, _3), (_4, _8));
        let r: Layout<_6, _4> = coalesce(l);
        check(r, "_6:_4", l);
        let l = make_layout((2, 3), (4, 8));
        check(coalesce(l), "(2,3):(4,8)", l);
        // coalesce((1,2,2):(32,4,32)) = (2,2):(4,32); dynamic (C++): (1,2,2):(32,4,32)
        let l = make_layout((_1, _2, _2), (_32, _4, _32));
        let r: Layout<(_2, _2), (_4, _32)> = coalesce(l);
        check(r, "(_2,_2):(_4,_32)", l);
        let l = make_layout((1, 2, 2), (32, 4, 32));
        check(coalesce(l), "(1,2,2):(32,4,32)", l);
        // coalesce((3):(1)) = 3:1; dynamic (C++): 3:1
        let l = make_layout((_3,), (_1,));
        let r: Layout<_3, _1> = coalesce(l);
        check(r, "_3:_1", l);
        let l = make_layout((3,), (1,));
        check(coalesce(l), "3:1", l);
        // coalesce((6):(1)) = 6:1; dynamic (C++): 6:1
        let l = make_layout((_6,), (_1,));
        let r: Layout<_6, _1> = coalesce(l);
        check(r, "_6:_1", l);
        let l = make_layout((6,), (1,));
        check(coalesce(l), "6:1", l);
        // coalesce(6:1) = 6:1; dynamic (C++): 6:1
        let l = make_layout(_6, _1);
        let r: Layout<_6, _1> = coalesce(l);
        check(r, "_6:_1", l);
        let l = make_layout(6, 1);
        check(coalesce(l), "6:1", l);
        // coalesce((1):(1)) = 1:0; dynamic (C++): 1:1
        let l = make_layout((_1,), (_1,));
        let r: Layout<_1, _0> = coalesce(l);
        check(r, "_1:_0", l);
        let l = make_layout((1,), (1,));
        check(coalesce(l), "1:1", l);
        // coalesce((16,3):(1,16)) = 48:1; dynamic (C++): (16,3):(1,16)
        let l = make_layout((_16, _3), (_1, _16));
        let r: Layout<_48, _1> = coalesce(l);
        check(r, "_48:_1", l);
        let l = make_layout((16, 3), (1, 16));
        check(coalesce(l), "(16,3):(1,16)", l);
        // coalesce(2:1) = 2:1; dynamic (C++): 2:1
        let l = make_layout(_2, _1);
        let r: Layout<_2, _1> = coalesce(l);
        check(r, "_2:_1", l);
        let l = make_layout(2, 1);
        check(coalesce(l), "2:1", l);
        // coalesce(((2,3,8)):((24,8,1))) = (2,3,8):(24,8,1); dynamic (C++): (2,3,8):(24,8,1)
        let l = make_layout(((_2, _3, _8),), ((_24, _8, _1),));
        let r: Layout<(_2, _3, _8), (_24, _8, _1)> = coalesce(l);
        check(r, "(_2,_3,_8):(_24,_8,_1)", l);
        let l = make_layout(((2, 3, 8),), ((24, 8, 1),));
        check(coalesce(l), "(2,3,8):(24,8,1)", l);
        // coalesce(3:1) = 3:1; dynamic (C++): 3:1
        let l = make_layout(_3, _1);
        let r: Layout<_3, _1> = coalesce(l);
        check(r, "_3:_1", l);
        let l = make_layout(3, 1);
        check(coalesce(l), "3:1", l);
    }

    #[test]
    fn filter_oracle() {
        // filter(1:0) = 1:0; dynamic (C++): 1:0
        let l = make_layout(_1, _0);
        let r: Layout<_1, _0> = filter(l);
        check_image(r, "_1:_0", l);
        let l = make_layout(1, 0);
        check_image(filter(l), "1:0", l);
        // filter(1:1) = 1:0; dynamic (C++): 1:1
        let l = make_layout(_1, _1);
        let r: Layout<_1, _0> = filter(l);
        check_image(r, "_1:_0", l);
        let l = make_layout(1, 1);
        check_image(filter(l), "1:1", l);
        // filter((1):(0)) = 1:0; dynamic (C++): 1:0
        let l = make_layout((_1,), (_0,));
        let r: Layout<_1, _0> = filter(l);
        check_image(r, "_1:_0", l);
        let l = make_layout((1,), (0,));
        check_image(filter(l), "1:0", l);
        // filter((1,1):(0,0)) = 1:0; dynamic (C++): (1,1):(0,0)
        let l = make_layout((_1, _1), (_0, _0));
        let r: Layout<_1, _0> = filter(l);
        check_image(r, "_1:_0", l);
        let l = make_layout((1, 1), (0, 0));
        check_image(filter(l), "(1,1):(0,0)", l);
        // filter(((1)):((0))) = 1:0; dynamic (C++): 1:0
        let l = make_layout(((_1,),), ((_0,),));
        let r: Layout<_1, _0> = filter(l);
        check_image(r, "_1:_0", l);
        let l = make_layout(((1,),), ((0,),));
        check_image(filter(l), "1:0", l);
        // filter((4,1):(1,0)) = 4:1; dynamic (C++): (4,1):(1,0)
        let l = make_layout((_4, _1), (_1, _0));
        let r: Layout<_4, _1> = filter(l);
        check_image(r, "_4:_1", l);
        let l = make_layout((4, 1), (1, 0));
        check_image(filter(l), "(4,1):(1,0)", l);
        // filter(3:1) = 3:1; dynamic (C++): 3:1
        let l = make_layout(_3, _1);
        let r: Layout<_3, _1> = filter(l);
        check_image(r, "_3:_1", l);
        let l = make_layout(3, 1);
        check_image(filter(l), "3:1", l);
        // filter(16:1) = 16:1; dynamic (C++): 16:1
        let l = make_layout(_16, _1);
        let r: Layout<_16, _1> = filter(l);
        check_image(r, "_16:_1", l);
        let l = make_layout(16, 1);
        check_image(filter(l), "16:1", l);
        // filter((2,(4,2,1)):(16,(3,8,8))) = (2,4,2):(16,3,8); dynamic (C++): (2,4,2,1):(16,3,8,8)
        let l = make_layout((_2, (_4, _2, _1)), (_16, (_3, _8, _8)));
        let r: Layout<(_2, _4, _2), (_16, _3, _8)> = filter(l);
        check_image(r, "(_2,_4,_2):(_16,_3,_8)", l);
        let l = make_layout((2, (4, 2, 1)), (16, (3, 8, 8)));
        check_image(filter(l), "(2,4,2,1):(16,3,8,8)", l);
        // filter(((8,2,2)):((1,8,16))) = 32:1; dynamic (C++): (8,2,2):(1,8,16)
        let l = make_layout(((_8, _2, _2),), ((_1, _8, _16),));
        let r: Layout<_32, _1> = filter(l);
        check_image(r, "_32:_1", l);
        let l = make_layout(((8, 2, 2),), ((1, 8, 16),));
        check_image(filter(l), "(8,2,2):(1,8,16)", l);
        // filter(((3,2,2)):((48,1,6))) = (3,2,2):(48,1,6); dynamic (C++): (3,2,2):(48,1,6)
        let l = make_layout(((_3, _2, _2),), ((_48, _1, _6),));
        let r: Layout<(_3, _2, _2), (_48, _1, _6)> = filter(l);
        check_image(r, "(_3,_2,_2):(_48,_1,_6)", l);
        let l = make_layout(((3, 2, 2),), ((48, 1, 6),));
        check_image(filter(l), "(3,2,2):(48,1,6)", l);
        // filter(((6,1,4),(2,5),2):((16,4,3),(32,0),16)) = (6,4,2,2):(16,3,32,16); dynamic (C++): (6,1,4,2,5,2):(16,4,3,32,0,16)
        let l = make_layout(
            ((_6, _1, _4), (_2, _5), _2),
            ((_16, _4, _3), (_32, _0), _16),
        );
        let r: Layout<(_6, _4, _2, _2), (_16, _3, _32, _16)> = filter(l);
        check_image(r, "(_6,_4,_2,_2):(_16,_3,_32,_16)", l);
        let l = make_layout(((6, 1, 4), (2, 5), 2), ((16, 4, 3), (32, 0), 16));
        check_image(filter(l), "(6,1,4,2,5,2):(16,4,3,32,0,16)", l);
        // filter(2:0) = 1:0; dynamic (C++): 2:0
        let l = make_layout(_2, _0);
        let r: Layout<_1, _0> = filter(l);
        check_image(r, "_1:_0", l);
        let l = make_layout(2, 0);
        check_image(filter(l), "2:0", l);
        // filter(((2,2,4),4):((18,3,576),36)) = (2,2,4,4):(18,3,576,36); dynamic (C++): (2,2,4,4):(18,3,576,36)
        let l = make_layout(((_2, _2, _4), _4), ((_18, _3, _576), _36));
        let r: Layout<(_2, _2, _4, _4), (_18, _3, _576, _36)> = filter(l);
        check_image(r, "(_2,_2,_4,_4):(_18,_3,_576,_36)", l);
        let l = make_layout(((2, 2, 4), 4), ((18, 3, 576), 36));
        check_image(filter(l), "(2,2,4,4):(18,3,576,36)", l);
    }

    #[test]
    fn coalesce_profile_oracle() {
        // coalesce_profile((4,2,12):(0,4,8), (1,1)) = (4,2,12):(0,4,8); dynamic (C++): (4,2,12):(0,4,8)
        let l = make_layout((_4, _2, _12), (_0, _4, _8));
        let r: Layout<(_4, _2, _12), (_0, _4, _8)> = coalesce_profile(l, (_1, _1));
        check(r, "(_4,_2,_12):(_0,_4,_8)", l);
        let l = make_layout((4, 2, 12), (0, 4, 8));
        check(coalesce_profile(l, (1, 1)), "(4,2,12):(0,4,8)", l);
        // coalesce_profile((6):(1), (1)) = (6):(1); dynamic (C++): (6):(1)
        let l = make_layout((_6,), (_1,));
        let r: Layout<(_6,), (_1,)> = coalesce_profile(l, (_1,));
        check(r, "(_6):(_1)", l);
        let l = make_layout((6,), (1,));
        check(coalesce_profile(l, (1,)), "(6):(1)", l);
        // coalesce_profile((4,(2),(2,1)):(1,(4),(8,16)), (1,1,1)) = (4,2,2):(1,4,8); dynamic (C++): (4,2,(2,1)):(1,4,(8,16))
        let l = make_layout((_4, (_2,), (_2, _1)), (_1, (_4,), (_8, _16)));
        let r: Layout<(_4, _2, _2), (_1, _4, _8)> = coalesce_profile(l, (_1, _1, _1));
        check(r, "(_4,_2,_2):(_1,_4,_8)", l);
        let l = make_layout((4, (2,), (2, 1)), (1, (4,), (8, 16)));
        check(
            coalesce_profile(l, (1, 1, 1)),
            "(4,2,(2,1)):(1,4,(8,16))",
            l,
        );
        // coalesce_profile(((5)):((0)), ((1))) = ((5)):((0)); dynamic (C++): ((5)):((0))
        let l = make_layout(((_5,),), ((_0,),));
        let r: Layout<((_5,),), ((_0,),)> = coalesce_profile(l, ((_1,),));
        check(r, "((_5)):((_0))", l);
        let l = make_layout(((5,),), ((0,),));
        check(coalesce_profile(l, ((1,),)), "((5)):((0))", l);
        // coalesce_profile((4,3,2):(1,4,12), (1,1)) = (4,3,2):(1,4,12); dynamic (C++): (4,3,2):(1,4,12)
        let l = make_layout((_4, _3, _2), (_1, _4, _12));
        let r: Layout<(_4, _3, _2), (_1, _4, _12)> = coalesce_profile(l, (_1, _1));
        check(r, "(_4,_3,_2):(_1,_4,_12)", l);
        let l = make_layout((4, 3, 2), (1, 4, 12));
        check(coalesce_profile(l, (1, 1)), "(4,3,2):(1,4,12)", l);
        // coalesce_profile((6,12):(4,48), (1)) = (6,12):(4,48); dynamic (C++): (6,12):(4,48)
        let l = make_layout((_6, _12), (_4, _48));
        let r: Layout<(_6, _12), (_4, _48)> = coalesce_profile(l, (_1,));
        check(r, "(_6,_12):(_4,_48)", l);
        let l = make_layout((6, 12), (4, 48));
        check(coalesce_profile(l, (1,)), "(6,12):(4,48)", l);
        // coalesce_profile(((2,2)):((1,0)), ((1))) = ((2,2)):((1,0)); dynamic (C++): ((2,2)):((1,0))
        let l = make_layout(((_2, _2),), ((_1, _0),));
        let r: Layout<((_2, _2),), ((_1, _0),)> = coalesce_profile(l, ((_1,),));
        check(r, "((_2,_2)):((_1,_0))", l);
        let l = make_layout(((2, 2),), ((1, 0),));
        check(coalesce_profile(l, ((1,),)), "((2,2)):((1,0))", l);
        // coalesce_profile(((2),6,(2)):((1),2,(12)), (1,1)) = (2,6,(2)):(1,2,(12)); dynamic (C++): (2,6,(2)):(1,2,(12))
        let l = make_layout(((_2,), _6, (_2,)), ((_1,), _2, (_12,)));
        let r: Layout<(_2, _6, (_2,)), (_1, _2, (_12,))> = coalesce_profile(l, (_1, _1));
        check(r, "(_2,_6,(_2)):(_1,_2,(_12))", l);
        let l = make_layout(((2,), 6, (2,)), ((1,), 2, (12,)));
        check(coalesce_profile(l, (1, 1)), "(2,6,(2)):(1,2,(12))", l);
        // coalesce_profile(((8),(2)):((4),(32)), ((1))) = ((8),(2)):((4),(32)); dynamic (C++): ((8),(2)):((4),(32))
        let l = make_layout(((_8,), (_2,)), ((_4,), (_32,)));
        let r: Layout<((_8,), (_2,)), ((_4,), (_32,))> = coalesce_profile(l, ((_1,),));
        check(r, "((_8),(_2)):((_4),(_32))", l);
        let l = make_layout(((8,), (2,)), ((4,), (32,)));
        check(coalesce_profile(l, ((1,),)), "((8),(2)):((4),(32))", l);
        // coalesce_profile((2,1):(2,1), (1,1)) = (2,1):(2,0); dynamic (C++): (2,1):(2,1)
        let l = make_layout((_2, _1), (_2, _1));
        let r: Layout<(_2, _1), (_2, _0)> = coalesce_profile(l, (_1, _1));
        check(r, "(_2,_1):(_2,_0)", l);
        let l = make_layout((2, 1), (2, 1));
        check(coalesce_profile(l, (1, 1)), "(2,1):(2,1)", l);
        // coalesce_profile((8,12):(1,8), (1)) = (8,12):(1,8); dynamic (C++): (8,12):(1,8)
        let l = make_layout((_8, _12), (_1, _8));
        let r: Layout<(_8, _12), (_1, _8)> = coalesce_profile(l, (_1,));
        check(r, "(_8,_12):(_1,_8)", l);
        let l = make_layout((8, 12), (1, 8));
        check(coalesce_profile(l, (1,)), "(8,12):(1,8)", l);
        // coalesce_profile((8):(8), (1)) = (8):(8); dynamic (C++): (8):(8)
        let l = make_layout((_8,), (_8,));
        let r: Layout<(_8,), (_8,)> = coalesce_profile(l, (_1,));
        check(r, "(_8):(_8)", l);
        let l = make_layout((8,), (8,));
        check(coalesce_profile(l, (1,)), "(8):(8)", l);
        // coalesce_profile((32,2,5):(1,32,64), (1,1)) = (32,2,5):(1,32,64); dynamic (C++): (32,2,5):(1,32,64)
        let l = make_layout((_32, _2, _5), (_1, _32, _64));
        let r: Layout<(_32, _2, _5), (_1, _32, _64)> = coalesce_profile(l, (_1, _1));
        check(r, "(_32,_2,_5):(_1,_32,_64)", l);
        let l = make_layout((32, 2, 5), (1, 32, 64));
        check(coalesce_profile(l, (1, 1)), "(32,2,5):(1,32,64)", l);
        // coalesce_profile(((2,5,4),2):((1,0,10),40), ((1,1),1)) = ((2,5,4),2):((1,0,10),40); dynamic (C++): ((2,5,4),2):((1,0,10),40)
        let l = make_layout(((_2, _5, _4), _2), ((_1, _0, _10), _40));
        let r: Layout<((_2, _5, _4), _2), ((_1, _0, _10), _40)> =
            coalesce_profile(l, ((_1, _1), _1));
        check(r, "((_2,_5,_4),_2):((_1,_0,_10),_40)", l);
        let l = make_layout(((2, 5, 4), 2), ((1, 0, 10), 40));
        check(
            coalesce_profile(l, ((1, 1), 1)),
            "((2,5,4),2):((1,0,10),40)",
            l,
        );
    }

    #[test]
    fn mixed_static_and_dynamic() {
        // Values from C++ CuTe 4.2 with the same mix of static and dynamic leaves.
        // Static size-1 modes go even next to dynamic ones; dynamic modes never merge.
        let l = make_layout((2, (_1, 3)), (_1, (_0, 2)));
        check(coalesce(l), "(2,3):(_1,2)", l);
        // Static shapes with dynamic strides: nothing can merge.
        let l = make_layout((_2, _3), (1, 2));
        check(coalesce(l), "(_2,_3):(1,2)", l);
        // Dynamic shapes with static strides: nothing can merge either.
        let l = make_layout((2, 3), (_1, _2));
        check(coalesce(l), "(2,3):(_1,_2)", l);
        // A static tail merges on its own; the dynamic head stays.
        let l = make_layout((4, (_2, _4)), (_1, (_1, _2)));
        check(coalesce(l), "(4,_8):(_1,_1)", l);
        // A dynamic size-1 last mode is not dropped.
        let l = make_layout((_4, 1), (_1, _4));
        check(coalesce(l), "(_4,1):(_1,_4)", l);
        // filter: only static zeros become size 1.
        let l = make_layout((_4, 3, _2), (_0, 0, _1));
        check_image(filter(l), "(3,_2):(0,_1)", l);
        let l = make_layout(((_4, _2), _5), ((_2, _8), 0));
        check(filter_zeros(l), "((_4,_2),_5):((_2,_8),0)", l);
        check_image(filter(l), "(_8,_5):(_2,0)", l);
    }

    #[test]
    fn filter_profile_by_mode() {
        let l = make_layout(((_4, _2), (_2, _3)), ((_0, _1), (_2, _0)));
        let r: Layout<(_2, _2), (_1, _2)> = filter_profile(l, (_1, _1));
        check_image(r, "(_2,_2):(_1,_2)", l);
        let r: Layout<_4, _1> = filter_profile(l, _1);
        check_image(r, "_4:_1", l);
    }
}
