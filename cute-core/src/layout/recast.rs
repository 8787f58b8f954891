//! `upcast`, `downcast`, `max_common_vector`, `max_common_layout` (part of `cute/layout.hpp`).
//!
//! `upcast::<N, _>(x)` reinterprets a layout of elements as a layout of `N`-element vectors
//! (its stride-1 mode gets `N` times shorter, the other strides `N` times smaller);
//! `downcast::<N, _>(x)` is the reverse. `N` is a static integer type (`_2`, `_4`, ...), as
//! C++'s template argument; the same functions apply to swizzles and composed layouts
//! (`swizzle_layout`) and to integer offsets.

use crate::container::tuple::{Prepend, Split, Tuple};
use crate::int_tuple::{CeilDiv, CeilDivOf, IntLeaf, IntTuple};
use crate::layout::coalesce::{coalesce, Coalesce, CoalesceOf};
use crate::layout::composition::{composition, Composition, CompositionOf};
use crate::layout::inverse::{right_inverse, RightInverse, RightInverseOf};
use crate::layout::{Layout, Mode, ModeOf};
use crate::numeric::aliases::{_m1, _0, _1};
use crate::numeric::arithmetic::{
    AbsOf, IntAbs, IntDiv, IntMul, IntRem, IntSignum, IsConstant, IsConstantImpl, Prod, Quot,
    SignumOf, StaticDivisible, StaticDivisibleImpl,
};
use crate::numeric::integral_constant::{Integral, C};
use crate::numeric::{Integer, B0, B1};

// ---------------------------------------------------------------------------------------------
// upcast
// ---------------------------------------------------------------------------------------------

/// `upcast<N>(x)`: `x` seen through elements `N` times larger.
///
/// # Math
/// For a layout, leaf by leaf (shape `s`, stride `d`):
/// - `d` static 0: unchanged;
/// - `d` static: `ceil_div(s, ceil_div(N, |d|)) : signum(d) * ceil_div(|d|, N)`;
/// - `d` dynamic: `s : d / N` (a dynamic stride is assumed to be a multiple of `N`).
///
/// For an integer offset: `offset / N`.
///
/// # Preconditions
/// `N` is a static integer. A static stride and `N` divide one another (compile error
/// `upcast: a static stride and N do not divide one another`).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// // 16 halves as 8 pairs: (_16,_4):(_1,_16) -> (_8,_4):(_1,_8)
/// let l = make_layout((_16, _4), (_1, _16));
/// assert_eq!(upcast::<_2, _>(l).to_string(), "(_8,_4):(_1,_8)");
/// assert_eq!(upcast::<_2, _>(make_layout((16, 4), (_1, 16))).to_string(), "(8,4):(_1,8)");
/// ```
pub trait Upcast<N> {
    /// The upcast value: static where `self` is.
    type Output: Copy;
    /// Upcasts.
    fn upcast(self) -> Self::Output;
}
/// The type of `upcast<N>(X)`.
pub type UpcastOf<X, N> = <X as Upcast<N>>::Output;

/// `upcast<N>(x)`; see [`Upcast`].
#[inline(always)]
pub fn upcast<N, X: Upcast<N>>(x: X) -> X::Output {
    x.upcast()
}

/// `downcast<N>(x)`: `x` seen through elements `N` times smaller.
///
/// # Math
/// For a layout, leaf by leaf: a static stride `1` or `-1` gets `N` times the shape (`s * N :
/// d`); any other stride is multiplied (`s : d * N`). For an integer offset: `offset * N`.
///
/// # Preconditions
/// `N` is a static integer. A layout has a static stride-1 leaf (compile error
/// `downcast: the layout has no static stride-1 mode`).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_8, _4), (_1, _8));
/// assert_eq!(downcast::<_2, _>(l).to_string(), "(_16,_4):(_1,_16)");
/// ```
pub trait Downcast<N> {
    /// The downcast value: static where `self` is.
    type Output: Copy;
    /// Downcasts.
    fn downcast(self) -> Self::Output;
}
/// The type of `downcast<N>(X)`.
pub type DowncastOf<X, N> = <X as Downcast<N>>::Output;

/// `downcast<N>(x)`; see [`Downcast`].
#[inline(always)]
pub fn downcast<N, X: Downcast<N>>(x: X) -> X::Output {
    x.downcast()
}

impl<N, S: IntTuple, D: IntTuple> Upcast<N> for Layout<S, D>
where
    D: UpcastStrides<N>,
    <D as UpcastStrides<N>>::Ok: UpcastDivides,
    S: UpcastModes<N, D>,
{
    type Output = Layout<S::Shape, S::Stride>;
    #[inline(always)]
    fn upcast(self) -> Self::Output {
        let (s, d) = self.shape().upcast_modes(self.stride());
        Layout::new(s, d)
    }
}

impl<N, S: IntTuple, D: IntTuple> Downcast<N> for Layout<S, D>
where
    D: HasInt1,
    <D as HasInt1>::Output: DowncastHasUnitStride,
    S: DowncastModes<N, D>,
{
    type Output = Layout<S::Shape, S::Stride>;
    #[inline(always)]
    fn downcast(self) -> Self::Output {
        let (s, d) = self.shape().downcast_modes(self.stride());
        Layout::new(s, d)
    }
}

// An integer offset (the offset of a composed layout): divided or multiplied by N.
macro_rules! leaf_cast {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* N: Integral> Upcast<N> for $t
        where
            $t: IntDiv<N>,
        {
            type Output = Quot<$t, N>;
            #[inline(always)]
            fn upcast(self) -> Self::Output {
                self.div(N::default())
            }
        }
        impl<$($g)* N: Integral> Downcast<N> for $t
        where
            $t: IntMul<N>,
        {
            type Output = Prod<$t, N>;
            #[inline(always)]
            fn downcast(self) -> Self::Output {
                self.mul(N::default())
            }
        }
    )*};
}
leaf_cast!([K: Integer + 'static,] C<K>, [] i32, [] i64);

/// The shape and stride of `upcast<N>` of the layout `Self:D`, mode by mode.
#[doc(hidden)]
pub trait UpcastModes<N, D> {
    type Shape: IntTuple;
    type Stride: IntTuple;
    fn upcast_modes(self, d: D) -> (Self::Shape, Self::Stride);
}
/// The shape and stride of `downcast<N>` of the layout `Self:D`, mode by mode.
#[doc(hidden)]
pub trait DowncastModes<N, D> {
    type Shape: IntTuple;
    type Stride: IntTuple;
    fn downcast_modes(self, d: D) -> (Self::Shape, Self::Stride);
}

macro_rules! modes_recursion {
    ($Trait:ident, $method:ident) => {
        impl<N> $Trait<N, ()> for () {
            type Shape = ();
            type Stride = ();
            #[inline(always)]
            fn $method(self, _: ()) -> ((), ()) {
                ((), ())
            }
        }
        impl<N, S: Split, D: Split> $Trait<N, D> for S
        where
            S::Head: $Trait<N, D::Head>,
            S::Tail: $Trait<N, D::Tail>,
            <S::Tail as $Trait<N, D::Tail>>::Shape: Prepend<<S::Head as $Trait<N, D::Head>>::Shape>,
            <S::Tail as $Trait<N, D::Tail>>::Stride:
                Prepend<<S::Head as $Trait<N, D::Head>>::Stride>,
            <<S::Tail as $Trait<N, D::Tail>>::Shape as Prepend<
                <S::Head as $Trait<N, D::Head>>::Shape,
            >>::Output: IntTuple,
            <<S::Tail as $Trait<N, D::Tail>>::Stride as Prepend<
                <S::Head as $Trait<N, D::Head>>::Stride,
            >>::Output: IntTuple,
        {
            type Shape = <<S::Tail as $Trait<N, D::Tail>>::Shape as Prepend<
                <S::Head as $Trait<N, D::Head>>::Shape,
            >>::Output;
            type Stride = <<S::Tail as $Trait<N, D::Tail>>::Stride as Prepend<
                <S::Head as $Trait<N, D::Head>>::Stride,
            >>::Output;
            #[inline(always)]
            fn $method(self, d: D) -> (Self::Shape, Self::Stride) {
                let (s0, s) = self.split();
                let (d0, d) = d.split();
                let (hs, hd) = s0.$method(d0);
                let (ts, td) = s.$method(d);
                (ts.prepend(hs), td.prepend(hd))
            }
        }
    };
}
modes_recursion!(UpcastModes, upcast_modes);
modes_recursion!(DowncastModes, downcast_modes);

macro_rules! leaf_modes {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* N, D> UpcastModes<N, D> for $t
        where
            D: IntLeaf + IsConstantImpl<_0>,
            $t: UpcastLeaf<N, D, IsConstant<_0, D>, <D as Integral>::IsStatic>,
        {
            type Shape = <$t as UpcastLeaf<N, D, IsConstant<_0, D>, D::IsStatic>>::Shape;
            type Stride = <$t as UpcastLeaf<N, D, IsConstant<_0, D>, D::IsStatic>>::Stride;
            #[inline(always)]
            fn upcast_modes(self, d: D) -> (Self::Shape, Self::Stride) {
                UpcastLeaf::<N, D, IsConstant<_0, D>, D::IsStatic>::upcast_leaf(self, d)
            }
        }
        impl<$($g)* N, D> DowncastModes<N, D> for $t
        where
            D: IntLeaf + IsConstantImpl<_1> + IsConstantImpl<_m1>,
            IsConstant<_1, D>: core::ops::BitOr<IsConstant<_m1, D>>,
            $t: DowncastLeaf<N, D, UnitStride<D>>,
        {
            type Shape = <$t as DowncastLeaf<N, D, UnitStride<D>>>::Shape;
            type Stride = <$t as DowncastLeaf<N, D, UnitStride<D>>>::Stride;
            #[inline(always)]
            fn downcast_modes(self, d: D) -> (Self::Shape, Self::Stride) {
                DowncastLeaf::<N, D, UnitStride<D>>::downcast_leaf(self, d)
            }
        }
    )*};
}
leaf_modes!([K: Integer + 'static,] C<K>, [] i32, [] i64);

/// `B1` iff the stride `D` is static 1 or -1.
type UnitStride<D> = <IsConstant<_1, D> as core::ops::BitOr<IsConstant<_m1, D>>>::Output;

/// `upcast<N>` of a leaf `Self:D`, by whether `D` is static 0 and whether it is static.
#[doc(hidden)]
pub trait UpcastLeaf<N, D, IsZero, IsStatic> {
    type Shape: IntTuple;
    type Stride: IntTuple;
    fn upcast_leaf(self, d: D) -> (Self::Shape, Self::Stride);
}
impl<N, S: IntLeaf, D: IntLeaf, X> UpcastLeaf<N, D, B1, X> for S {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn upcast_leaf(self, d: D) -> (S, D) {
        (self, d)
    }
}
impl<N, S: IntLeaf, D: IntLeaf> UpcastLeaf<N, D, B0, B1> for S
where
    N: Integral + CeilDiv<AbsOf<D>>,
    D: IntAbs + IntSignum,
    AbsOf<D>: CeilDiv<N>,
    S: CeilDiv<CeilDivOf<N, AbsOf<D>>>,
    SignumOf<D>: IntMul<CeilDivOf<AbsOf<D>, N>>,
    Prod<SignumOf<D>, CeilDivOf<AbsOf<D>, N>>: IntLeaf,
{
    type Shape = CeilDivOf<S, CeilDivOf<N, AbsOf<D>>>;
    type Stride = Prod<SignumOf<D>, CeilDivOf<AbsOf<D>, N>>;
    #[inline(always)]
    fn upcast_leaf(self, d: D) -> (Self::Shape, Self::Stride) {
        let n = N::default();
        let shape = self.ceil_div(n.ceil_div(d.abs()));
        (shape, d.signum().mul(d.abs().ceil_div(n)))
    }
}
impl<N, S: IntLeaf, D: IntLeaf> UpcastLeaf<N, D, B0, B0> for S
where
    N: Integral,
    D: IntDiv<N> + IntRem<N>,
    Quot<D, N>: IntLeaf,
{
    type Shape = S;
    type Stride = Quot<D, N>;
    #[inline(always)]
    fn upcast_leaf(self, d: D) -> (S, Self::Stride) {
        debug_assert!(
            d.rem(N::default()).value() == 0,
            "upcast: a dynamic stride is not a multiple of N"
        );
        (self, d.div(N::default()))
    }
}

/// `B1` iff every static non-zero stride leaf of `Self` and `N` divide one another (the
/// precondition of `upcast`, checked apart from the computation so that its message is the
/// one reported).
#[doc(hidden)]
pub trait UpcastStrides<N> {
    type Ok;
}
impl<N> UpcastStrides<N> for () {
    type Ok = B1;
}
impl<N, T: Split> UpcastStrides<N> for T
where
    T::Head: UpcastStrides<N>,
    T::Tail: UpcastStrides<N>,
    <T::Head as UpcastStrides<N>>::Ok: core::ops::BitAnd<<T::Tail as UpcastStrides<N>>::Ok>,
{
    type Ok = <<T::Head as UpcastStrides<N>>::Ok as core::ops::BitAnd<
        <T::Tail as UpcastStrides<N>>::Ok,
    >>::Output;
}
macro_rules! leaf_upcast_strides {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* N> UpcastStrides<N> for $t
        where
            $t: IsConstantImpl<_0> + UpcastStrideOk<N, IsConstant<_0, $t>, <$t as Integral>::IsStatic>,
        {
            type Ok = <$t as UpcastStrideOk<N, IsConstant<_0, $t>, <$t as Integral>::IsStatic>>::Ok;
        }
    )*};
}
leaf_upcast_strides!([K: Integer + 'static,] C<K>, [] i32, [] i64);
/// [`UpcastStrides`] of a leaf, by whether it is static 0 and whether it is static.
#[doc(hidden)]
pub trait UpcastStrideOk<N, IsZero, IsStatic> {
    type Ok;
}
impl<N, D, X> UpcastStrideOk<N, B1, X> for D {
    type Ok = B1;
}
impl<N, D> UpcastStrideOk<N, B0, B0> for D {
    type Ok = B1;
}
impl<N, D> UpcastStrideOk<N, B0, B1> for D
where
    N: StaticDivisibleImpl<AbsOf<D>>,
    D: IntAbs,
    AbsOf<D>: StaticDivisibleImpl<N>,
    StaticDivisible<AbsOf<D>, N>: core::ops::BitOr<StaticDivisible<N, AbsOf<D>>>,
{
    type Ok =
        <StaticDivisible<AbsOf<D>, N> as core::ops::BitOr<StaticDivisible<N, AbsOf<D>>>>::Output;
}

/// The precondition of `upcast` on a static stride: it and `N` divide one another.
#[diagnostic::on_unimplemented(
    message = "upcast: a static stride and N do not divide one another",
    note = "upcast<N> needs every static stride d (other than 0) with d % N == 0 or N % d == 0"
)]
pub trait UpcastDivides {}
impl UpcastDivides for B1 {}

/// `downcast<N>` of a leaf `Self:D`; `Unit` is `B1` when `D` is static 1 or -1.
#[doc(hidden)]
pub trait DowncastLeaf<N, D, Unit> {
    type Shape: IntTuple;
    type Stride: IntTuple;
    fn downcast_leaf(self, d: D) -> (Self::Shape, Self::Stride);
}
impl<N: Integral, S: IntLeaf + IntMul<N>, D: IntLeaf> DowncastLeaf<N, D, B1> for S
where
    Prod<S, N>: IntLeaf,
{
    type Shape = Prod<S, N>;
    type Stride = D;
    #[inline(always)]
    fn downcast_leaf(self, d: D) -> (Self::Shape, D) {
        (self.mul(N::default()), d)
    }
}
impl<N: Integral, S: IntLeaf, D: IntLeaf + IntMul<N>> DowncastLeaf<N, D, B0> for S
where
    Prod<D, N>: IntLeaf,
{
    type Shape = S;
    type Stride = Prod<D, N>;
    #[inline(always)]
    fn downcast_leaf(self, d: D) -> (S, Self::Stride) {
        (self, d.mul(N::default()))
    }
}

/// C++'s `has_int1`: `B1` iff some leaf of the IntTuple is static 1.
#[doc(hidden)]
pub trait HasInt1 {
    type Output;
}
impl HasInt1 for () {
    type Output = B0;
}
impl<T: Split> HasInt1 for T
where
    T::Head: HasInt1,
    T::Tail: HasInt1 + Tuple,
    <T::Head as HasInt1>::Output: core::ops::BitOr<<T::Tail as HasInt1>::Output>,
{
    type Output =
        <<T::Head as HasInt1>::Output as core::ops::BitOr<<T::Tail as HasInt1>::Output>>::Output;
}
macro_rules! leaf_has_int1 {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> HasInt1 for $t
        where
            $t: IsConstantImpl<_1>,
        {
            type Output = IsConstant<_1, $t>;
        }
    )*};
}
leaf_has_int1!([K: Integer + 'static] C<K>, [] i32, [] i64);

/// The precondition of `downcast` on a layout: a static stride-1 leaf.
#[diagnostic::on_unimplemented(
    message = "downcast: the layout has no static stride-1 mode",
    note = "downcast<N> scales the shape of the stride-1 mode, which must be static"
)]
pub trait DowncastHasUnitStride {}
impl DowncastHasUnitStride for B1 {}

// ---------------------------------------------------------------------------------------------
// max_common_vector, max_common_layout
// ---------------------------------------------------------------------------------------------

/// `max_common_vector(a, b)`: the largest `N` such that the first `N` elements of `a` and `b`
/// (in the order of `b`'s offsets) are contiguous in both: `shape<0>(common)` when
/// `common = coalesce(composition(a, right_inverse(b)))` starts with a static stride-1 mode of
/// static size, `_1` otherwise.
///
/// # Postconditions
/// 1. The result is a static integer `N >= 1`.
/// 2. `a(b.get_1d_coord(n)) == n` for `0 <= n < N`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let col = make_layout((_8, _4), (_1, _8));
/// let row = make_layout((_8, _4), (_4, _1));
/// assert_eq!(max_common_vector(col, col).to_string(), "_32");
/// assert_eq!(max_common_vector(col, row).to_string(), "_1");
/// ```
pub trait MaxCommonVector<B> {
    /// The vector length, static.
    type Output: Integral;
    /// Computes it.
    fn max_common_vector(self, b: B) -> Self::Output;
}
/// The type of `max_common_vector(A, B)`.
pub type MaxCommonVectorOf<A, B> = <A as MaxCommonVector<B>>::Output;

/// `max_common_vector(a, b)`; see [`MaxCommonVector`].
#[inline(always)]
pub fn max_common_vector<A: MaxCommonVector<B>, B>(a: A, b: B) -> A::Output {
    a.max_common_vector(b)
}

/// `max_common_layout(a, b)`: the layout `R` of the largest run of elements that `a` and `b`
/// both hold contiguously: `composition(right_inverse(b), layout<0>(common))` when `common =
/// coalesce(composition(a, right_inverse(b)))` starts with a static stride-1 mode of static
/// size, `_1:_0` otherwise.
///
/// # Postconditions
/// 1. `a(R(i)) == i` and `b(R(i)) == i` for `0 <= i < size(R)`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let row = make_layout((_8, _4), (_4, _1));
/// assert_eq!(max_common_layout(row, row).to_string(), "(_4,_8):(_8,_1)");
/// ```
pub trait MaxCommonLayout<B> {
    /// The common layout.
    type Output: Copy;
    /// Computes it.
    fn max_common_layout(self, b: B) -> Self::Output;
}
/// The type of `max_common_layout(A, B)`.
pub type MaxCommonLayoutOf<A, B> = <A as MaxCommonLayout<B>>::Output;

/// `max_common_layout(a, b)`; see [`MaxCommonLayout`].
#[inline(always)]
pub fn max_common_layout<A: MaxCommonLayout<B>, B>(a: A, b: B) -> A::Output {
    a.max_common_layout(b)
}

/// `coalesce(composition(A, right_inverse(B)))`.
type Common<A, B> = CoalesceOf<CompositionOf<A, RightInverseOf<B>>>;

impl<SA, DA, SB, DB> MaxCommonVector<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: IntTuple,
    DA: IntTuple,
    SB: IntTuple,
    DB: IntTuple,
    Layout<SB, DB>: RightInverse,
    Layout<SA, DA>: Composition<RightInverseOf<Layout<SB, DB>>>,
    CompositionOf<Layout<SA, DA>, RightInverseOf<Layout<SB, DB>>>: Coalesce,
    Common<Layout<SA, DA>, Layout<SB, DB>>: CommonVector,
{
    type Output = <Common<Layout<SA, DA>, Layout<SB, DB>> as CommonVector>::Output;
    #[inline(always)]
    fn max_common_vector(self, b: Layout<SB, DB>) -> Self::Output {
        coalesce(composition(self, right_inverse(b))).common_vector()
    }
}

impl<SA, DA, SB, DB> MaxCommonLayout<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: IntTuple,
    DA: IntTuple,
    SB: IntTuple,
    DB: IntTuple,
    Layout<SB, DB>: RightInverse,
    Layout<SA, DA>: Composition<RightInverseOf<Layout<SB, DB>>>,
    CompositionOf<Layout<SA, DA>, RightInverseOf<Layout<SB, DB>>>: Coalesce,
    Common<Layout<SA, DA>, Layout<SB, DB>>: CommonLayout<RightInverseOf<Layout<SB, DB>>>,
{
    type Output = <Common<Layout<SA, DA>, Layout<SB, DB>> as CommonLayout<
        RightInverseOf<Layout<SB, DB>>,
    >>::Output;
    #[inline(always)]
    fn max_common_layout(self, b: Layout<SB, DB>) -> Self::Output {
        let inv_b = right_inverse(b);
        coalesce(composition(self, inv_b)).common_layout(inv_b)
    }
}

/// `B1` iff mode 0 of the coalesced layout `Self` has a static size and the static stride 1.
#[doc(hidden)]
pub trait CommonMode0 {
    type Is;
}
impl<S, D> CommonMode0 for Layout<S, D>
where
    S: Mode<0>,
    D: Mode<0>,
    ModeOf<S, 0>: IntLeaf,
    ModeOf<D, 0>: IsConstantImpl<_1>,
    <ModeOf<S, 0> as Integral>::IsStatic: core::ops::BitAnd<IsConstant<_1, ModeOf<D, 0>>>,
{
    type Is = <<ModeOf<S, 0> as Integral>::IsStatic as core::ops::BitAnd<
        IsConstant<_1, ModeOf<D, 0>>,
    >>::Output;
}

/// The vector of `max_common_vector` read off `common`.
#[doc(hidden)]
pub trait CommonVector {
    type Output: Integral;
    fn common_vector(self) -> Self::Output;
}
impl<L: CommonMode0 + CommonVectorIf<<L as CommonMode0>::Is>> CommonVector for L {
    type Output = <L as CommonVectorIf<<L as CommonMode0>::Is>>::Output;
    #[inline(always)]
    fn common_vector(self) -> Self::Output {
        self.common_vector_if()
    }
}
#[doc(hidden)]
pub trait CommonVectorIf<Is> {
    type Output: Integral;
    fn common_vector_if(self) -> Self::Output;
}
impl<S: IntTuple + Mode<0>, D: IntTuple + Mode<0>> CommonVectorIf<B1> for Layout<S, D>
where
    ModeOf<S, 0>: IntLeaf,
{
    type Output = ModeOf<S, 0>;
    #[inline(always)]
    fn common_vector_if(self) -> Self::Output {
        self.shape().mode()
    }
}
impl<S, D> CommonVectorIf<B0> for Layout<S, D> {
    type Output = _1;
    #[inline(always)]
    fn common_vector_if(self) -> _1 {
        _1
    }
}

/// The layout of `max_common_layout` from `common` and `right_inverse(b)`.
#[doc(hidden)]
pub trait CommonLayout<Inv> {
    type Output: Copy;
    fn common_layout(self, inv: Inv) -> Self::Output;
}
impl<Inv, L: CommonMode0 + CommonLayoutIf<Inv, <L as CommonMode0>::Is>> CommonLayout<Inv> for L {
    type Output = <L as CommonLayoutIf<Inv, <L as CommonMode0>::Is>>::Output;
    #[inline(always)]
    fn common_layout(self, inv: Inv) -> Self::Output {
        self.common_layout_if(inv)
    }
}
#[doc(hidden)]
pub trait CommonLayoutIf<Inv, Is> {
    type Output: Copy;
    fn common_layout_if(self, inv: Inv) -> Self::Output;
}
impl<Inv, S, D> CommonLayoutIf<Inv, B1> for Layout<S, D>
where
    S: IntTuple + Mode<0>,
    D: IntTuple + Mode<0>,
    Inv: Composition<Layout<ModeOf<S, 0>, ModeOf<D, 0>>>,
{
    type Output = CompositionOf<Inv, Layout<ModeOf<S, 0>, ModeOf<D, 0>>>;
    #[inline(always)]
    fn common_layout_if(self, inv: Inv) -> Self::Output {
        composition(inv, self.get::<0>())
    }
}
impl<Inv, S: Copy, D: Copy> CommonLayoutIf<Inv, B0> for Layout<S, D> {
    type Output = Layout<_1, _0>;
    #[inline(always)]
    fn common_layout_if(self, _: Inv) -> Self::Output {
        Layout::new(_1, _0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::make_layout;
    use crate::numeric::aliases::*;
    use std::string::ToString;

    // Expected strings from cute-cpp: print(upcast<N>(layout)), print(downcast<N>(layout)).

    #[test]
    fn upcast_static_layouts_as_cpp() {
        let u: Layout<(_8, _4), (_1, _8)> = upcast::<_2, _>(make_layout((_16, _4), (_1, _16)));
        assert_eq!(u.to_string(), "(_8,_4):(_1,_8)");
        let u: Layout<(_4, _2), (_2, _1)> = upcast::<_4, _>(make_layout((_4, _8), (_8, _1)));
        assert_eq!(u.to_string(), "(_4,_2):(_2,_1)");
        let u: Layout<(_1, _1), (_1, _1)> = upcast::<_8, _>(make_layout((_2, _4), (_1, _2)));
        assert_eq!(u.to_string(), "(_1,_1):(_1,_1)");
        let u: Layout<(_4, _4), (_m1, _m4)> = upcast::<_2, _>(make_layout((_8, _4), (_m1, _m8)));
        assert_eq!(u.to_string(), "(_4,_4):(_-1,_-4)");
        let u: Layout<(_4, _4), (_0, _1)> = upcast::<_2, _>(make_layout((_4, _8), (_0, _1)));
        assert_eq!(u.to_string(), "(_4,_4):(_0,_1)");
        let u: Layout<((_1, _4), _8), ((_1, _1), _4)> =
            upcast::<_2, _>(make_layout(((_2, _4), _8), ((_1, _2), _8)));
        assert_eq!(u.to_string(), "((_1,_4),_8):((_1,_1),_4)");
        let u: Layout<(_1, _4), (_1, _3)> = upcast::<_4, _>(make_layout((_3, _4), (_1, _12)));
        assert_eq!(u.to_string(), "(_1,_4):(_1,_3)");
        let u: Layout<_2, _1> = upcast::<_2, _>(make_layout(_3, _1));
        assert_eq!(u.to_string(), "_2:_1");
    }

    #[test]
    fn upcast_dynamic_layouts_as_cpp() {
        let u: Layout<(i32, i32), (_1, i32)> = upcast::<_2, _>(make_layout((16, 4), (_1, 16)));
        assert_eq!(u.to_string(), "(8,4):(_1,8)");
        // the same layout with static extents and a dynamic stride (C++: (_8,_4):(_1,8))
        let u = upcast::<_2, _>(make_layout((_16, _4), (_1, 16)));
        assert_eq!(u.to_string(), "(_8,_4):(_1,8)");
    }

    #[test]
    fn downcast_layouts_as_cpp() {
        let d: Layout<(_16, _4), (_1, _16)> = downcast::<_2, _>(make_layout((_8, _4), (_1, _8)));
        assert_eq!(d.to_string(), "(_16,_4):(_1,_16)");
        let d: Layout<(i32, _16), (_16, _1)> = downcast::<_2, _>(make_layout((4, _8), (_8, _1)));
        assert_eq!(d.to_string(), "(4,_16):(_16,_1)");
        let d = downcast::<_4, _>(make_layout((_4, (_2, 3)), (_m1, (_1, 8))));
        let _: &Layout<(_16, (_8, i32)), (_m1, (_1, i32))> = &d;
        assert_eq!(d.to_string(), "(_16,(_8,3)):(_-1,(_1,32))");
        let d: Layout<(_8, _2), (_1, _0)> = downcast::<_2, _>(make_layout((_4, _2), (_1, _0)));
        assert_eq!(d.to_string(), "(_8,_2):(_1,_0)");
    }

    #[test]
    fn offsets_as_cpp() {
        // C++: upcast<2>(8) is 4, upcast<2>(Int<8>{}) is _4, downcast<2>(Int<3>{}) is _6
        assert_eq!(upcast::<_2, _>(8), 4);
        let u: _4 = upcast::<_2, _>(_8);
        let d: _6 = downcast::<_2, _>(_3);
        assert_eq!((u.to_string(), d.to_string()), ("_4".into(), "_6".into()));
    }

    #[test]
    fn upcast_then_downcast_keeps_the_vectors() {
        // every element of downcast<2>(upcast<2>(l)) at even positions agrees with l's
        let l = make_layout((_16, _4), (_1, _16));
        let back = downcast::<_2, _>(upcast::<_2, _>(l));
        for i in 0..64 {
            assert_eq!(back.call(i), l.call(i));
        }
    }

    // Expected strings from cute-cpp: print(max_common_vector(a, b)), print(max_common_layout(a, b)).

    #[test]
    fn max_common_vector_and_layout_as_cpp() {
        let cm = make_layout((_8, _4), (_1, _8));
        let rm = make_layout((_8, _4), (_4, _1));
        let v: _32 = max_common_vector(cm, cm);
        let l: Layout<_32, _1> = max_common_layout(cm, cm);
        assert_eq!(
            (v.to_string(), l.to_string()),
            ("_32".into(), "_32:_1".into())
        );
        let v: _1 = max_common_vector(cm, rm);
        let l: Layout<_1, _0> = max_common_layout(cm, rm);
        assert_eq!(
            (v.to_string(), l.to_string()),
            ("_1".into(), "_1:_0".into())
        );
        let v: _32 = max_common_vector(rm, rm);
        assert_eq!(v.to_string(), "_32");
        assert_eq!(max_common_layout(rm, rm).to_string(), "(_4,_8):(_8,_1)");

        let a = make_layout(((_2, _4), _8), ((_1, _16), _2));
        let b = make_layout((_8, _8), (_1, _8));
        let v: _2 = max_common_vector(a, b);
        assert_eq!(max_common_layout(a, b).to_string(), "_2:_1");
        let w: _2 = max_common_vector(b, a);
        assert_eq!(max_common_layout(b, a).to_string(), "_2:_1");
        assert_eq!((v.value(), w.value()), (2, 2));

        let c = make_layout((_4, _8), (_2, _8));
        let d = make_layout((_4, _8), (_1, _4));
        let v: _1 = max_common_vector(c, d);
        assert_eq!(
            (v.value(), max_common_layout(c, d).to_string()),
            (1, "_1:_0".into())
        );
    }

    #[test]
    fn max_common_vector_with_dynamic_extents_as_cpp() {
        // C++: (_8,4):(_1,_8) with itself gives _8 and _8:_1 (the dynamic mode never merges)
        let dy = make_layout((_8, 4i32), (_1, _8));
        let v: _8 = max_common_vector(dy, dy);
        assert_eq!(v.to_string(), "_8");
        assert_eq!(max_common_layout(dy, dy).to_string(), "_8:_1");
        // C++: (8,4):(_1,8) with itself gives _1 and _1:_0
        let dy = make_layout((8i32, 4i32), (_1, 8i32));
        let v: _1 = max_common_vector(dy, dy);
        assert_eq!(
            (v.value(), max_common_layout(dy, dy).to_string()),
            (1, "_1:_0".into())
        );
    }
}
