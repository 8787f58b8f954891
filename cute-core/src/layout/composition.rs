//! `composition` of layouts, with tilers and shapes (part of `cute/layout.hpp`).
//!
//! `composition(lhs, rhs)` is the layout `R` with `R(c) = lhs(rhs(c))` for every coordinate `c`
//! of `rhs`, shaped like `rhs`. The algorithm is CuTe 4.2's `composition_impl`:
//!
//! 1. `lhs` is flattened and coalesced from the back (`coalesce_x`: like `coalesce`, but a
//!    static size-1 last mode is widened to size 2 so that the layout keeps its values past
//!    its size).
//! 2. A tuple-shaped `rhs` distributes: each mode of `rhs` is composed on its own.
//! 3. An integral mode `s:d` of `rhs`: a static stride 0 gives `s:d` itself; an integral `lhs`
//!    gives `s:(d * lhs_stride)`; otherwise `d` is divided out of the leading modes of `lhs`
//!    (a ceiling division, checking the stride divisibility condition), then `s` is spread
//!    over what remains (a minimum, checking the shape divisibility condition), and the
//!    rest goes to the last mode of `lhs`.
//!
//! Every decision C++ takes with `if constexpr` on static values is a type-level bit here, so
//! static inputs give a static (zero-sized) result with the same structure as C++'s.

use crate::container::tuple::{Append, Prepend, Split};
use crate::error::Error;
use crate::int_tuple::{IntLeaf, IntTuple, TupleIsEmpty};
use crate::layout::coalesce::{coalesce, Coalesce, CoalesceOf};
use crate::layout::Layout;
use crate::numeric::aliases::{_0, _1, _2};
use crate::numeric::arithmetic::{
    AbsOf, Diff, IntAbs, IntAdd, IntDiv, IntMin, IntMul, IntSignum, IntSub, IsConstant,
    IsConstantImpl, Minimum, Prod, Quot, SignumOf, Sum,
};
use crate::numeric::arithmetic_tuple::{ArithMul, ArithProd};
use crate::numeric::integral_constant::{Bool, Integral, C};
use crate::numeric::{Integer, B0, B1};
use crate::underscore::Underscore;

/// The words of the stride divisibility condition (C++: "Stride Divisibility Condition").
macro_rules! stride_condition {
    () => {
        "the stride of the right-hand layout is neither a multiple nor a divisor of a shape of the left-hand layout it crosses"
    };
}
/// The words of the shape divisibility condition (C++: "Shape Divisibility Condition").
macro_rules! shape_condition {
    () => {
        "the shape of the right-hand layout is not divisible by the part of a left-hand mode it spans"
    };
}

/// `X or Y` on type-level booleans.
type Or<X, Y> = <X as Bool>::If<B1, Y>;

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/// `composition(lhs, rhs)`: the functional composition `lhs ∘ rhs`; see [`composition`].
#[diagnostic::on_unimplemented(
    message = "composition: the right-hand side is not a layout, an integer, or a tiler with at most as many modes as the left-hand layout",
    note = "a tiler is a tuple of layouts, integers (n stands for n:1) and tilers, applied mode by mode"
)]
pub trait Composition<B> {
    /// The shape of the composed layout.
    type Shape: IntTuple;
    /// The stride of the composed layout.
    type Stride: IntTuple;
    /// Composes, recording a violated precondition on dynamic values in `err` (the first one).
    #[doc(hidden)]
    fn composition_checked(
        self,
        rhs: B,
        err: &mut Option<Error>,
    ) -> Layout<Self::Shape, Self::Stride>;
}

/// The layout type of `composition(A, B)`.
pub type CompositionOf<A, B> = Layout<<A as Composition<B>>::Shape, <A as Composition<B>>::Stride>;

impl<LS, LD, B> Composition<B> for Layout<LS, LD>
where
    LS: IntTuple,
    LD: IntTuple,
    Layout<LS, LD>: ComposeImpl<B>,
    <Layout<LS, LD> as ComposeImpl<B>>::Shape: IntTuple,
    <Layout<LS, LD> as ComposeImpl<B>>::Stride: IntTuple,
{
    type Shape = <Layout<LS, LD> as ComposeImpl<B>>::Shape;
    type Stride = <Layout<LS, LD> as ComposeImpl<B>>::Stride;
    #[inline(always)]
    fn composition_checked(
        self,
        rhs: B,
        err: &mut Option<Error>,
    ) -> Layout<Self::Shape, Self::Stride> {
        let (s, d) = self.compose(rhs, err);
        Layout::new(s, d)
    }
}

/// `composition(lhs, rhs)` (C++ `cute::composition`): the layout `lhs ∘ rhs`.
///
/// `rhs` is a [`Layout`], an integer `n` (standing for the layout `n:1`), or a tiler: a tuple
/// whose element `k` (a layout, an integer or a tiler) is composed with mode `k` of `lhs`; the
/// result has one mode per element of the tiler, and the modes of `lhs` past the tiler's
/// length are dropped (as in C++; the divides and products keep them).
///
/// # Math
/// `R(c) = lhs(rhs(c))` for every coordinate `c` in the domain of `rhs`. Composition is
/// right-distributive: `lhs ∘ (r0, r1) = (lhs ∘ r0, lhs ∘ r1)`.
///
/// # Preconditions
/// Each integral mode `s:d` of `rhs` is walked through the modes of the flattened, coalesced
/// `lhs`; at each mode of shape `m` (but the last), with `d` and `s` what is left of them:
/// - stride divisibility (C++'s): `d` is a multiple of `m`, or less than `m`;
/// - shape divisibility (C++'s): `s` is divisible by the part of the mode it spans,
///   `min(ceil(m / |d|), s)`.
///
/// On static values a violation is a compile error (at `cargo build`, as the `static_assert`
/// in C++), whose first line is `composition: the stride of the right-hand layout is neither a
/// multiple nor a divisor of a shape of the left-hand layout it crosses` or `composition: the
/// shape of the right-hand layout is not divisible by the part of a left-hand mode it spans`.
/// Where a value involved is dynamic, [`try_composition`] returns that sentence as an `Err`
/// and `composition` `debug_assert!`s it (C++ does not check). On dynamic values the stride
/// condition is also checked in full: a `|d| < m` that does not divide `m` must not carry `s`
/// past the mode (C++ would return a layout that is not `lhs ∘ rhs`). Dynamic values do not
/// coalesce, so a composition that needs `lhs` coalesced (such as `(4,3):(1,4)` with a stride
/// 3) holds only with static `lhs`.
///
/// # Postconditions
/// 1. `R(c) == lhs(rhs(c))` for every `c < size(rhs)`.
/// 2. `R` has the rank of `rhs` and, mode by mode, its size (for a tiler, one mode per tiler
///    element, of the size of that element).
/// 3. All-static inputs give an all-static, zero-sized result.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// // CuTe's layout algebra guide: (6,2):(8,2) o (4,3):(3,1)
/// let a = make_layout((_6, _2), (_8, _2));
/// let b = make_layout((_4, _3), (_3, _1));
/// let r = composition(a, b);
/// assert_eq!(r.to_string(), "((_2,_2),_3):((_24,_2),_8)");
/// assert_eq!(core::mem::size_of_val(&r), 0);
/// // the same with dynamic integers
/// let r = composition(make_layout((6, 2), (8, 2)), make_layout((4, 3), (3, 1)));
/// assert_eq!(r.to_string(), "((2,2),(3,1)):((24,2),(8,2))");
/// // a tiler: mode 0 by 3:4, mode 1 by the integer 8 (that is 8:1)
/// let r = composition(make_layout((_12, (_4, _8)), (_59, (_13, _1))), (make_layout(_3, _4), _8));
/// assert_eq!(r.to_string(), "(_3,(_4,_2)):(_236,(_13,_1))");
/// ```
#[inline(always)]
pub fn composition<A: Composition<B>, B>(lhs: A, rhs: B) -> CompositionOf<A, B> {
    let mut err = None;
    let r = lhs.composition_checked(rhs, &mut err);
    debug_assert!(err.is_none(), "{}", err.unwrap_or(Error::new("", "")));
    r
}

/// `composition(lhs, rhs)`, or the violated precondition found on dynamic values.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let a = make_layout((4, 3), (1, 4));
/// assert_eq!(try_composition(a, make_layout(6, 2)).unwrap().to_string(), "(2,3):(2,4)");
/// let e = try_composition(a, make_layout(2, 6)).unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "composition: the stride of the right-hand layout is neither a multiple nor a divisor of a shape of the left-hand layout it crosses"
/// );
/// ```
#[inline(always)]
pub fn try_composition<A: Composition<B>, B>(lhs: A, rhs: B) -> Result<CompositionOf<A, B>, Error> {
    let mut err = None;
    let r = lhs.composition_checked(rhs, &mut err);
    match err {
        None => Ok(r),
        Some(e) => Err(e),
    }
}

// ---------------------------------------------------------------------------------------------
// The composition of a layout with a layout, an integer or a tiler, as (shape, stride)
// ---------------------------------------------------------------------------------------------

/// `composition(self, rhs)` as its shape and stride; the divides and products use it directly.
#[doc(hidden)]
pub trait ComposeImpl<B> {
    type Shape: Copy + 'static;
    type Stride: Copy + 'static;
    fn compose(self, rhs: B, err: &mut Option<Error>) -> (Self::Shape, Self::Stride);
}

/// C++'s `detail::coalesce_x(lhs)`: `coalesce` with a static size-1 last leaf read as size 2,
/// so that the coalesced layout keeps the values of `lhs` past its size.
type Flat<LS, LD> = <LS as CoalesceX<LD>>::Flat;
/// Bounds of [`Flat`].
#[doc(hidden)]
pub trait CoalesceX<D>: WidenLast {
    type Flat: Copy + 'static;
    fn coalesce_x(self, stride: D) -> Self::Flat;
}
impl<S, D> CoalesceX<D> for S
where
    S: WidenLast,
    D: IntTuple,
    WidenLastOf<S>: IntTuple,
    Layout<WidenLastOf<S>, D>: Coalesce,
{
    type Flat = CoalesceOf<Layout<WidenLastOf<S>, D>>;
    #[inline(always)]
    fn coalesce_x(self, stride: D) -> Self::Flat {
        coalesce(Layout::new(self.widen_last(), stride))
    }
}

// layout ∘ layout
impl<LS, LD, RS, RD> ComposeImpl<Layout<RS, RD>> for Layout<LS, LD>
where
    LS: IntTuple + CoalesceX<LD>,
    LD: IntTuple,
    RS: IntTuple,
    RD: IntTuple,
    RS: CompImpl<Flat<LS, LD>, RD>,
{
    type Shape = <RS as CompImpl<Flat<LS, LD>, RD>>::Shape;
    type Stride = <RS as CompImpl<Flat<LS, LD>, RD>>::Stride;
    #[inline(always)]
    fn compose(self, rhs: Layout<RS, RD>, err: &mut Option<Error>) -> (Self::Shape, Self::Stride) {
        let flat = self.shape().coalesce_x(self.stride());
        rhs.shape().comp(rhs.stride(), flat, err)
    }
}

// layout ∘ n, with n standing for n:1
macro_rules! compose_with_integer {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* LS, LD> ComposeImpl<$t> for Layout<LS, LD>
        where
            LS: IntTuple + CoalesceX<LD>,
            LD: IntTuple,
            $t: CompImpl<Flat<LS, LD>, _1>,
        {
            type Shape = <$t as CompImpl<Flat<LS, LD>, _1>>::Shape;
            type Stride = <$t as CompImpl<Flat<LS, LD>, _1>>::Stride;
            #[inline(always)]
            fn compose(self, n: $t, err: &mut Option<Error>) -> (Self::Shape, Self::Stride) {
                let flat = self.shape().coalesce_x(self.stride());
                n.comp(_1, flat, err)
            }
        }
    )*};
}
compose_with_integer!([N: Integer + 'static,] C<N>, [] i32, [] i64);

// layout ∘ _ (inside a tiler): the mode as it is (C++'s `composition(layout, _)`, used by
// `tensor.compose(tv, _)`)
impl<LS, LD> ComposeImpl<Underscore> for Layout<LS, LD>
where
    LS: IntTuple,
    LD: IntTuple,
{
    type Shape = LS;
    type Stride = LD;
    #[inline(always)]
    fn compose(self, _: Underscore, _: &mut Option<Error>) -> (LS, LD) {
        (self.shape(), self.stride())
    }
}

// layout ∘ tiler: mode by mode
impl<LS, LD, T> ComposeImpl<T> for Layout<LS, LD>
where
    T: Split + TileModes<LS, LD, LS::IsTuple>,
    LS: IntTuple,
    LD: IntTuple,
{
    type Shape = <T as TileModes<LS, LD, LS::IsTuple>>::Shape;
    type Stride = <T as TileModes<LS, LD, LS::IsTuple>>::Stride;
    #[inline(always)]
    fn compose(self, tiler: T, err: &mut Option<Error>) -> (Self::Shape, Self::Stride) {
        tiler.tile_modes(self.shape(), self.stride(), err)
    }
}

/// Composes mode `k` of the layout `LS:LD` with element `k` of the tiler `self`, for each
/// element of the tiler; `IsTuple` is `B0` for a layout with an integral shape (its only mode
/// is itself).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "composition: the tiler has more modes than the layout",
    note = "a tiler is applied mode by mode: element k to mode k of the layout"
)]
pub trait TileModes<LS, LD, IsTuple> {
    type Shape: Copy + 'static;
    type Stride: Copy + 'static;
    fn tile_modes(self, s: LS, d: LD, err: &mut Option<Error>) -> (Self::Shape, Self::Stride);
}
impl<LS, LD> TileModes<LS, LD, B1> for () {
    type Shape = ();
    type Stride = ();
    #[inline(always)]
    fn tile_modes(self, _: LS, _: LD, _: &mut Option<Error>) -> ((), ()) {
        ((), ())
    }
}
impl<LS, LD, T> TileModes<LS, LD, B1> for T
where
    T: Split,
    LS: LayoutModeForTiler<LD>,
    LS::Head: IntTuple,
    LS::StrideHead: IntTuple,
    Layout<LS::Head, LS::StrideHead>: ComposeImpl<T::Head>,
    T::Tail: TileModes<LS::Tail, LS::StrideTail, B1>,
    <T::Tail as TileModes<LS::Tail, LS::StrideTail, B1>>::Shape:
        Prepend<<Layout<LS::Head, LS::StrideHead> as ComposeImpl<T::Head>>::Shape>,
    <T::Tail as TileModes<LS::Tail, LS::StrideTail, B1>>::Stride:
        Prepend<<Layout<LS::Head, LS::StrideHead> as ComposeImpl<T::Head>>::Stride>,
{
    type Shape = <<T::Tail as TileModes<LS::Tail, LS::StrideTail, B1>>::Shape as Prepend<
        <Layout<LS::Head, LS::StrideHead> as ComposeImpl<T::Head>>::Shape,
    >>::Output;
    type Stride = <<T::Tail as TileModes<LS::Tail, LS::StrideTail, B1>>::Stride as Prepend<
        <Layout<LS::Head, LS::StrideHead> as ComposeImpl<T::Head>>::Stride,
    >>::Output;
    #[inline(always)]
    fn tile_modes(self, s: LS, d: LD, err: &mut Option<Error>) -> (Self::Shape, Self::Stride) {
        let (s0, s) = s.split();
        let (d0, d) = LS::split_stride(d);
        let (t0, t) = self.split();
        let (hs, hd) = Layout::new(s0, d0).compose(t0, err);
        let (ts, td) = t.tile_modes(s, d, err);
        (ts.prepend(hs), td.prepend(hd))
    }
}
/// The modes of a layout's shape (`Self`) and stride `D` left for the next element of a
/// tiler: a non-empty tuple (implemented per arity, so that a tiler longer than the layout
/// reports this message rather than an unmet `Split` bound).
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "composition: the tiler has more modes than the layout",
    note = "a tiler is applied mode by mode: element k to mode k of the layout"
)]
pub trait LayoutModeForTiler<D>: Split {
    type StrideHead: Copy + 'static;
    type StrideTail: Copy + 'static;
    fn split_stride(stride: D) -> (Self::StrideHead, Self::StrideTail);
}
macro_rules! layout_mode_for_tiler {
    ($($T:ident),+) => {
        impl<$($T: Copy + 'static,)+ D: Split> LayoutModeForTiler<D> for ($($T,)+) {
            type StrideHead = D::Head;
            type StrideTail = D::Tail;
            #[inline(always)]
            fn split_stride(stride: D) -> (D::Head, D::Tail) {
                stride.split()
            }
        }
    };
}
crate::container::tuple::for_each_arity!(layout_mode_for_tiler);

impl<LS, LD, X> TileModes<LS, LD, B0> for (X,)
where
    X: Copy + 'static,
    LS: IntTuple,
    LD: IntTuple,
    Layout<LS, LD>: ComposeImpl<X>,
{
    type Shape = (<Layout<LS, LD> as ComposeImpl<X>>::Shape,);
    type Stride = (<Layout<LS, LD> as ComposeImpl<X>>::Stride,);
    #[inline(always)]
    fn tile_modes(self, s: LS, d: LD, err: &mut Option<Error>) -> (Self::Shape, Self::Stride) {
        let (s, d) = Layout::new(s, d).compose(self.0, err);
        ((s,), (d,))
    }
}

// ---------------------------------------------------------------------------------------------
// coalesce_x: a static size-1 last leaf is widened to 2 before coalescing
// ---------------------------------------------------------------------------------------------

/// The shape with its last leaf replaced by `_2` if it is static 1 (C++'s `coalesce_x` starts
/// its backward scan from such a mode as if it had size 2).
#[doc(hidden)]
pub trait WidenLast: Copy + 'static {
    type Output: Copy + 'static;
    fn widen_last(self) -> Self::Output;
}
type WidenLastOf<S> = <S as WidenLast>::Output;
impl<T> WidenLast for T
where
    T: Split,
    T::Tail: TupleIsEmpty,
    T: WidenLastAt<<T::Tail as TupleIsEmpty>::Output>,
{
    type Output = <T as WidenLastAt<<T::Tail as TupleIsEmpty>::Output>>::Output;
    #[inline(always)]
    fn widen_last(self) -> Self::Output {
        self.widen_last_at()
    }
}
macro_rules! leaf_widen_last {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> WidenLast for $t
        where
            $t: IsConstantImpl<_1> + IfOne<IsConstant<_1, $t>>,
        {
            type Output = <$t as IfOne<IsConstant<_1, $t>>>::Output;
            #[inline(always)]
            fn widen_last(self) -> Self::Output {
                IfOne::<IsConstant<_1, $t>>::if_one(self)
            }
        }
    )*};
}
leaf_widen_last!([N: Integer + 'static] C<N>, [] i32, [] i64);

/// [`WidenLast`] of a tuple at its last element (`Last = B1`) or before it.
#[doc(hidden)]
pub trait WidenLastAt<Last> {
    type Output: Copy + 'static;
    fn widen_last_at(self) -> Self::Output;
}
impl<T> WidenLastAt<B1> for T
where
    T: Split,
    T::Head: WidenLast,
{
    type Output = (WidenLastOf<T::Head>,);
    #[inline(always)]
    fn widen_last_at(self) -> Self::Output {
        (self.split().0.widen_last(),)
    }
}
impl<T> WidenLastAt<B0> for T
where
    T: Split,
    T::Tail: WidenLast,
    WidenLastOf<T::Tail>: Prepend<T::Head>,
{
    type Output = <WidenLastOf<T::Tail> as Prepend<T::Head>>::Output;
    #[inline(always)]
    fn widen_last_at(self) -> Self::Output {
        let (h, t) = self.split();
        t.widen_last().prepend(h)
    }
}

/// `_2` if the bit is `B1`, the value itself otherwise.
#[doc(hidden)]
pub trait IfOne<B> {
    type Output: Copy + 'static;
    fn if_one(self) -> Self::Output;
}
impl<S> IfOne<B1> for S {
    type Output = _2;
    #[inline(always)]
    fn if_one(self) -> _2 {
        C::new()
    }
}
impl<S: Copy + 'static> IfOne<B0> for S {
    type Output = S;
    #[inline(always)]
    fn if_one(self) -> S {
        self
    }
}

// ---------------------------------------------------------------------------------------------
// composition_impl: flat lhs, rhs distributed over its modes
// ---------------------------------------------------------------------------------------------

/// `composition_impl(lhs_shape, lhs_stride, rhs_shape, rhs_stride)` with the coalesced lhs
/// `M` and the rhs `self:RD`.
#[doc(hidden)]
pub trait CompImpl<M, RD> {
    type Shape: Copy + 'static;
    type Stride: Copy + 'static;
    fn comp(self, rd: RD, lhs: M, err: &mut Option<Error>) -> (Self::Shape, Self::Stride);
}
impl<M> CompImpl<M, ()> for () {
    type Shape = ();
    type Stride = ();
    #[inline(always)]
    fn comp(self, _: (), _: M, _: &mut Option<Error>) -> ((), ()) {
        ((), ())
    }
}
// right-distributivity over a tuple rhs
impl<M, RS, RD> CompImpl<M, RD> for RS
where
    M: Copy,
    RS: Split,
    RD: Split,
    RS::Head: CompImpl<M, RD::Head>,
    RS::Tail: CompImpl<M, RD::Tail>,
    <RS::Tail as CompImpl<M, RD::Tail>>::Shape: Prepend<<RS::Head as CompImpl<M, RD::Head>>::Shape>,
    <RS::Tail as CompImpl<M, RD::Tail>>::Stride:
        Prepend<<RS::Head as CompImpl<M, RD::Head>>::Stride>,
{
    type Shape = <<RS::Tail as CompImpl<M, RD::Tail>>::Shape as Prepend<
        <RS::Head as CompImpl<M, RD::Head>>::Shape,
    >>::Output;
    type Stride = <<RS::Tail as CompImpl<M, RD::Tail>>::Stride as Prepend<
        <RS::Head as CompImpl<M, RD::Head>>::Stride,
    >>::Output;
    #[inline(always)]
    fn comp(self, rd: RD, lhs: M, err: &mut Option<Error>) -> (Self::Shape, Self::Stride) {
        let (s0, s) = self.split();
        let (d0, d) = rd.split();
        let (hs, hd) = s0.comp(d0, lhs, err);
        let (ts, td) = s.comp(d, lhs, err);
        (ts.prepend(hs), td.prepend(hd))
    }
}
// an integral rhs mode: dispatch on (static stride 0, integral lhs)
macro_rules! leaf_comp_impl {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* RD, NS, ND> CompImpl<Layout<NS, ND>, RD> for $t
        where
            RD: IntLeaf + IsConstantImpl<_0>,
            NS: IntTuple,
            ND: IntTuple,
            Layout<NS, ND>: CompLeaf<$t, RD, IsConstant<_0, RD>, NS::IsTuple>,
        {
            type Shape =
                <Layout<NS, ND> as CompLeaf<$t, RD, IsConstant<_0, RD>, NS::IsTuple>>::Shape;
            type Stride =
                <Layout<NS, ND> as CompLeaf<$t, RD, IsConstant<_0, RD>, NS::IsTuple>>::Stride;
            #[inline(always)]
            fn comp(
                self,
                rd: RD,
                lhs: Layout<NS, ND>,
                err: &mut Option<Error>,
            ) -> (Self::Shape, Self::Stride) {
                lhs.comp_leaf(self, rd, err)
            }
        }
    )*};
}
leaf_comp_impl!([N: Integer + 'static,] C<N>, [] i32, [] i64);

/// An integral rhs mode `RS:RD`: `Zero` is `B1` for a static stride 0, `LhsTuple` is `B0` for
/// an lhs that coalesced to a single (integral) mode.
#[doc(hidden)]
pub trait CompLeaf<RS, RD, Zero, LhsTuple> {
    type Shape: Copy + 'static;
    type Stride: Copy + 'static;
    fn comp_leaf(&self, rs: RS, rd: RD, err: &mut Option<Error>) -> (Self::Shape, Self::Stride);
}
impl<RS: IntLeaf, RD: IntLeaf, T, NS, ND> CompLeaf<RS, RD, B1, T> for Layout<NS, ND> {
    type Shape = RS;
    type Stride = RD;
    #[inline(always)]
    fn comp_leaf(&self, rs: RS, rd: RD, _: &mut Option<Error>) -> (RS, RD) {
        (rs, rd)
    }
}
impl<RS, RD, NS, ND> CompLeaf<RS, RD, B0, B0> for Layout<NS, ND>
where
    RS: IntLeaf,
    RD: IntLeaf + ArithMul<ND>,
    NS: IntTuple,
    ND: IntTuple,
    ArithProd<RD, ND>: IntTuple,
{
    type Shape = RS;
    type Stride = ArithProd<RD, ND>;
    #[inline(always)]
    fn comp_leaf(&self, rs: RS, rd: RD, _: &mut Option<Error>) -> (Self::Shape, Self::Stride) {
        (rs, rd.arith_mul(self.stride()))
    }
}
impl<RS, RD, NS, ND> CompLeaf<RS, RD, B0, B1> for Layout<NS, ND>
where
    NS: IntTuple,
    ND: IntTuple,
    FoldState<(), (), RS, RD>: CompFold<NS, ND>,
{
    type Shape = <FoldState<(), (), RS, RD> as CompFold<NS, ND>>::Shape;
    type Stride = <FoldState<(), (), RS, RD> as CompFold<NS, ND>>::Stride;
    #[inline(always)]
    fn comp_leaf(&self, rs: RS, rd: RD, err: &mut Option<Error>) -> (Self::Shape, Self::Stride) {
        let st = FoldState {
            res_s: (),
            res_d: (),
            rest_s: rs,
            rest_d: rd,
        };
        st.comp_fold(self.shape(), self.stride(), err)
    }
}

// ---------------------------------------------------------------------------------------------
// The general case: fold the rhs mode through the lhs modes
// ---------------------------------------------------------------------------------------------

/// The fold's accumulator: the result modes so far, and the rhs shape and stride still to
/// place.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct FoldState<ResS, ResD, RestS, RestD> {
    res_s: ResS,
    res_d: ResD,
    rest_s: RestS,
    rest_d: RestD,
}

/// Folds the state through the lhs modes `NS:ND` (all but the last), then finishes with the
/// last one.
#[doc(hidden)]
pub trait CompFold<NS, ND> {
    type Shape: Copy + 'static;
    type Stride: Copy + 'static;
    fn comp_fold(self, ns: NS, nd: ND, err: &mut Option<Error>) -> (Self::Shape, Self::Stride);
}
impl<St, NS, ND> CompFold<NS, ND> for St
where
    NS: Split,
    NS::Tail: TupleIsEmpty,
    St: CompFoldAt<NS, ND, <NS::Tail as TupleIsEmpty>::Output>,
{
    type Shape = <St as CompFoldAt<NS, ND, <NS::Tail as TupleIsEmpty>::Output>>::Shape;
    type Stride = <St as CompFoldAt<NS, ND, <NS::Tail as TupleIsEmpty>::Output>>::Stride;
    #[inline(always)]
    fn comp_fold(self, ns: NS, nd: ND, err: &mut Option<Error>) -> (Self::Shape, Self::Stride) {
        self.comp_fold_at(ns, nd, err)
    }
}

/// [`CompFold`] at the last lhs mode (`Last = B1`) or before it.
#[doc(hidden)]
pub trait CompFoldAt<NS, ND, Last> {
    type Shape: Copy + 'static;
    type Stride: Copy + 'static;
    fn comp_fold_at(self, ns: NS, nd: ND, err: &mut Option<Error>) -> (Self::Shape, Self::Stride);
}
impl<St, NS, ND> CompFoldAt<NS, ND, B1> for St
where
    ND: Split,
    St: Finish<ND::Head>,
{
    type Shape = <St as Finish<ND::Head>>::Shape;
    type Stride = <St as Finish<ND::Head>>::Stride;
    #[inline(always)]
    fn comp_fold_at(self, _: NS, nd: ND, _: &mut Option<Error>) -> (Self::Shape, Self::Stride) {
        self.finish(nd.split().0)
    }
}
impl<St, NS, ND> CompFoldAt<NS, ND, B0> for St
where
    NS: Split,
    ND: Split,
    St: Step<NS::Head, ND::Head>,
    <St as Step<NS::Head, ND::Head>>::Next: CompFold<NS::Tail, ND::Tail>,
{
    type Shape = <<St as Step<NS::Head, ND::Head>>::Next as CompFold<NS::Tail, ND::Tail>>::Shape;
    type Stride = <<St as Step<NS::Head, ND::Head>>::Next as CompFold<NS::Tail, ND::Tail>>::Stride;
    #[inline(always)]
    fn comp_fold_at(self, ns: NS, nd: ND, err: &mut Option<Error>) -> (Self::Shape, Self::Stride) {
        let (s0, s) = ns.split();
        let (d0, d) = nd.split();
        self.step(s0, d0, err).comp_fold(s, d, err)
    }
}

/// `ceil(a / b)` on integer leaves (C++'s `ceil_div` of integers). A dynamic divisor 0 (only
/// a dynamic rhs stride 0 gives one) yields the largest value, so that the rhs mode is not
/// split: every stride of the result is then 0, as it must be.
#[doc(hidden)]
pub trait CeilDivGuarded<B> {
    type Output: IntLeaf + IsConstantImpl<_1> + Integral;
    fn ceil_div_guarded(self, b: B) -> Self::Output;
}
type CeilDivGuardedOf<A, B> = <A as CeilDivGuarded<B>>::Output;
impl<N, M> CeilDivGuarded<C<M>> for C<N>
where
    C<N>: IntAdd<C<M>>,
    Sum<C<N>, C<M>>: IntSub<_1>,
    Diff<Sum<C<N>, C<M>>, _1>: IntDiv<C<M>>,
    Quot<Diff<Sum<C<N>, C<M>>, _1>, C<M>>: IntLeaf + IsConstantImpl<_1>,
{
    type Output = Quot<Diff<Sum<C<N>, C<M>>, _1>, C<M>>;
    #[inline(always)]
    fn ceil_div_guarded(self, b: C<M>) -> Self::Output {
        self.add(b).sub(_1).div(b)
    }
}
macro_rules! dyn_ceil_div {
    ($($t:ty),*) => {$(
        impl<N: Integer + 'static> CeilDivGuarded<$t> for C<N> {
            type Output = $t;
            #[inline(always)]
            fn ceil_div_guarded(self, b: $t) -> $t {
                dyn_ceil_div(N::to_i64() as $t, b)
            }
        }
        impl<M: Integer + 'static> CeilDivGuarded<C<M>> for $t {
            type Output = $t;
            #[inline(always)]
            fn ceil_div_guarded(self, _: C<M>) -> $t {
                dyn_ceil_div(self, M::to_i64() as $t)
            }
        }
        impl CeilDivGuarded<$t> for $t {
            type Output = $t;
            #[inline(always)]
            fn ceil_div_guarded(self, b: $t) -> $t {
                dyn_ceil_div(self, b)
            }
        }
    )*};
}
dyn_ceil_div!(i32, i64);

#[inline(always)]
fn dyn_ceil_div<T>(a: T, b: T) -> T
where
    T: Copy
        + PartialEq
        + Default
        + Bounded
        + core::ops::Add<Output = T>
        + core::ops::Sub<Output = T>
        + core::ops::Div<Output = T>,
{
    if b == T::default() {
        T::MAX
    } else {
        (a + b - T::ONE) / b
    }
}
#[doc(hidden)]
pub trait Bounded {
    const MAX: Self;
    const ONE: Self;
}
impl Bounded for i32 {
    const MAX: i32 = i32::MAX;
    const ONE: i32 = 1;
}
impl Bounded for i64 {
    const MAX: i64 = i64::MAX;
    const ONE: i64 = 1;
}

/// `true` unless both are static and the stride divisibility condition fails.
const fn stride_divisible(shape: Option<i64>, stride: Option<i64>) -> bool {
    match (shape, stride) {
        (Some(s), Some(d)) => d % s == 0 || d < s,
        _ => true,
    }
}
/// `true` unless both are static and the shape divisibility condition fails.
const fn shape_divisible(rest: Option<i64>, new: Option<i64>) -> bool {
    match (rest, new) {
        (Some(r), Some(n)) => r % n == 0,
        _ => true,
    }
}

/// One step of the fold over an lhs mode `CS:CD` (not the last).
#[doc(hidden)]
pub trait Step<CS, CD> {
    type Next: Copy + 'static;
    fn step(self, cs: CS, cd: CD, err: &mut Option<Error>) -> Self::Next;
}
/// `next_shape = ceil_div(curr_shape, |rest_stride|)`.
type NextShape<CS, RestD> = CeilDivGuardedOf<CS, AbsOf<RestD>>;
/// `next_stride = ceil_div(|rest_stride|, curr_shape) * signum(rest_stride)`.
type NextStride<CS, RestD> = Prod<CeilDivGuardedOf<AbsOf<RestD>, CS>, SignumOf<RestD>>;
/// Whether the step places nothing: `next_shape == 1 or rest_shape == 1`, statically.
type Passes<CS, RestS, RestD> = Or<IsConstant<_1, NextShape<CS, RestD>>, IsConstant<_1, RestS>>;

impl<ResS, ResD, RestS, RestD, CS, CD> Step<CS, CD> for FoldState<ResS, ResD, RestS, RestD>
where
    CS: IntLeaf,
    RestS: IntLeaf + IsConstantImpl<_1>,
    RestD: IntLeaf + IntAbs + IntSignum,
    CS: CeilDivGuarded<AbsOf<RestD>>,
    AbsOf<RestD>: CeilDivGuarded<CS>,
    CeilDivGuardedOf<AbsOf<RestD>, CS>: IntMul<SignumOf<RestD>>,
    IsConstant<_1, NextShape<CS, RestD>>: Bool,
    Self: StepAt<CS, CD, NextShape<CS, RestD>, NextStride<CS, RestD>, Passes<CS, RestS, RestD>>,
{
    type Next = <Self as StepAt<
        CS,
        CD,
        NextShape<CS, RestD>,
        NextStride<CS, RestD>,
        Passes<CS, RestS, RestD>,
    >>::Next;
    #[inline(always)]
    fn step(self, cs: CS, cd: CD, err: &mut Option<Error>) -> Self::Next {
        const {
            assert!(
                stride_divisible(CS::STATIC, RestD::STATIC),
                concat!("composition: ", stride_condition!())
            )
        };
        let rd = self.rest_d;
        if CS::STATIC.is_none() || RestD::STATIC.is_none() {
            // C++'s condition, and (C++ does not check dynamic values) a stride that does not
            // divide the shape must not make the rhs cross into the next mode.
            let (s, d, n) = (cs.value(), rd.value(), self.rest_s.value());
            let a = d.abs();
            let weak = s == 0 || d % s == 0 || d < s;
            let crosses = a != 0 && a < s && s % a != 0 && n > (s + a - 1) / a;
            if (!weak || crosses) && err.is_none() {
                *err = Some(Error::new("composition", stride_condition!()));
            }
        }
        let abs = rd.abs();
        let next_shape = cs.ceil_div_guarded(abs);
        let next_stride = abs.ceil_div_guarded(cs).mul(rd.signum());
        self.step_at(cs, cd, next_shape, next_stride, err)
    }
}

/// The step once `next_shape` and `next_stride` are known; `Pass = B1` places nothing.
#[doc(hidden)]
pub trait StepAt<CS, CD, NextS, NextD, Pass> {
    type Next: Copy + 'static;
    fn step_at(self, cs: CS, cd: CD, ns: NextS, nd: NextD, err: &mut Option<Error>) -> Self::Next;
}
impl<ResS, ResD, RestS, RestD, CS, CD, NextS, NextD> StepAt<CS, CD, NextS, NextD, B1>
    for FoldState<ResS, ResD, RestS, RestD>
where
    ResS: Copy + 'static,
    ResD: Copy + 'static,
    RestS: Copy + 'static,
    NextD: Copy + 'static,
{
    type Next = FoldState<ResS, ResD, RestS, NextD>;
    #[inline(always)]
    fn step_at(self, _: CS, _: CD, _: NextS, nd: NextD, _: &mut Option<Error>) -> Self::Next {
        FoldState {
            res_s: self.res_s,
            res_d: self.res_d,
            rest_s: self.rest_s,
            rest_d: nd,
        }
    }
}
impl<ResS, ResD, RestS, RestD, CS, CD, NextS, NextD> StepAt<CS, CD, NextS, NextD, B0>
    for FoldState<ResS, ResD, RestS, RestD>
where
    NextS: Integral + IntMin<RestS>,
    RestS: Integral + IntDiv<Minimum<NextS, RestS>>,
    RestD: Integral + ArithMul<CD>,
    NextD: Copy + 'static,
    ResS: Append<Minimum<NextS, RestS>>,
    ResD: Append<ArithProd<RestD, CD>>,
    Quot<RestS, Minimum<NextS, RestS>>: Copy + 'static,
{
    type Next = FoldState<
        <ResS as Append<Minimum<NextS, RestS>>>::Output,
        <ResD as Append<ArithProd<RestD, CD>>>::Output,
        Quot<RestS, Minimum<NextS, RestS>>,
        NextD,
    >;
    #[inline(always)]
    fn step_at(self, _: CS, cd: CD, ns: NextS, nd: NextD, err: &mut Option<Error>) -> Self::Next {
        const {
            assert!(
                shape_divisible(RestS::STATIC, <Minimum<NextS, RestS>>::STATIC),
                concat!("composition: ", shape_condition!())
            )
        };
        let new_shape = ns.min(self.rest_s);
        if RestS::STATIC.is_none() || <Minimum<NextS, RestS>>::STATIC.is_none() {
            let (r, n) = (self.rest_s.value(), new_shape.value());
            if n != 0 && r % n != 0 && err.is_none() {
                *err = Some(Error::new("composition", shape_condition!()));
            }
        }
        FoldState {
            res_s: self.res_s.append(new_shape),
            res_d: self.res_d.append(self.rest_d.arith_mul(cd)),
            rest_s: self.rest_s.div(new_shape),
            rest_d: nd,
        }
    }
}

/// The end of the fold, with the stride of the last lhs mode.
#[doc(hidden)]
pub trait Finish<LastD> {
    type Shape: Copy + 'static;
    type Stride: Copy + 'static;
    fn finish(self, last: LastD) -> (Self::Shape, Self::Stride);
}
impl<ResS, ResD, RestS, RestD, LastD> Finish<LastD> for FoldState<ResS, ResD, RestS, RestD>
where
    ResS: TupleIsEmpty,
    RestS: IsConstantImpl<_1>,
    Self: FinishAt<LastD, <ResS as TupleIsEmpty>::Output, IsConstant<_1, RestS>>,
{
    type Shape =
        <Self as FinishAt<LastD, <ResS as TupleIsEmpty>::Output, IsConstant<_1, RestS>>>::Shape;
    type Stride =
        <Self as FinishAt<LastD, <ResS as TupleIsEmpty>::Output, IsConstant<_1, RestS>>>::Stride;
    #[inline(always)]
    fn finish(self, last: LastD) -> (Self::Shape, Self::Stride) {
        self.finish_at(last)
    }
}

/// The end of the fold: `Empty = B1` if nothing was placed, `RestOne = B1` if all was.
#[doc(hidden)]
pub trait FinishAt<LastD, Empty, RestOne> {
    type Shape: Copy + 'static;
    type Stride: Copy + 'static;
    fn finish_at(self, last: LastD) -> (Self::Shape, Self::Stride);
}
impl<ResS, ResD, RestS, RestD, LastD, X> FinishAt<LastD, B1, X>
    for FoldState<ResS, ResD, RestS, RestD>
where
    RestS: Copy + 'static,
    RestD: ArithMul<LastD>,
{
    type Shape = RestS;
    type Stride = ArithProd<RestD, LastD>;
    #[inline(always)]
    fn finish_at(self, last: LastD) -> (Self::Shape, Self::Stride) {
        (self.rest_s, self.rest_d.arith_mul(last))
    }
}
impl<ResS, ResD, RestS, RestD, LastD> FinishAt<LastD, B0, B1>
    for FoldState<ResS, ResD, RestS, RestD>
where
    ResS: Unwrap,
    ResD: Unwrap,
{
    type Shape = ResS::Output;
    type Stride = ResD::Output;
    #[inline(always)]
    fn finish_at(self, _: LastD) -> (Self::Shape, Self::Stride) {
        (self.res_s.unwrap(), self.res_d.unwrap())
    }
}
impl<ResS, ResD, RestS, RestD, LastD> FinishAt<LastD, B0, B0>
    for FoldState<ResS, ResD, RestS, RestD>
where
    RestD: ArithMul<LastD>,
    ResS: Append<RestS>,
    ResD: Append<ArithProd<RestD, LastD>>,
{
    type Shape = <ResS as Append<RestS>>::Output;
    type Stride = <ResD as Append<ArithProd<RestD, LastD>>>::Output;
    #[inline(always)]
    fn finish_at(self, last: LastD) -> (Self::Shape, Self::Stride) {
        (
            self.res_s.append(self.rest_s),
            self.res_d.append(self.rest_d.arith_mul(last)),
        )
    }
}

/// C++'s `unwrap` of a flat, non-empty tuple: its element if it has one, else itself.
#[doc(hidden)]
pub trait Unwrap {
    type Output: Copy + 'static;
    fn unwrap(self) -> Self::Output;
}
impl<T> Unwrap for T
where
    T: Split,
    T::Tail: TupleIsEmpty,
    T: UnwrapAt<<T::Tail as TupleIsEmpty>::Output>,
{
    type Output = <T as UnwrapAt<<T::Tail as TupleIsEmpty>::Output>>::Output;
    #[inline(always)]
    fn unwrap(self) -> Self::Output {
        self.unwrap_at()
    }
}
/// [`Unwrap`] of a tuple of one element (`One = B1`) or more.
#[doc(hidden)]
pub trait UnwrapAt<One> {
    type Output: Copy + 'static;
    fn unwrap_at(self) -> Self::Output;
}
impl<T: Split> UnwrapAt<B1> for T {
    type Output = T::Head;
    #[inline(always)]
    fn unwrap_at(self) -> T::Head {
        self.split().0
    }
}
impl<T: Split> UnwrapAt<B0> for T {
    type Output = T;
    #[inline(always)]
    fn unwrap_at(self) -> T {
        self
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::int_tuple::Crd2Idx;
    use crate::layout::make_layout;
    use crate::numeric::aliases::*;
    use std::string::{String, ToString};
    use std::vec::Vec;
    use std::{format, vec};

    /// A layout read from CuTe's notation: an integer or a tuple, for the shape and the stride.
    #[derive(Debug, Clone)]
    enum Node {
        I(i64),
        T(Vec<Node>),
    }

    fn parse_tuple(s: &[u8], pos: &mut usize) -> Node {
        if s[*pos] == b'(' {
            *pos += 1;
            let mut items = Vec::new();
            if s[*pos] == b')' {
                *pos += 1;
                return Node::T(items);
            }
            loop {
                items.push(parse_tuple(s, pos));
                *pos += 1;
                if s[*pos - 1] == b')' {
                    return Node::T(items);
                }
            }
        }
        let start = *pos;
        while *pos < s.len() && (s[*pos] == b'-' || s[*pos].is_ascii_digit()) {
            *pos += 1;
        }
        Node::I(
            core::str::from_utf8(&s[start..*pos])
                .unwrap()
                .parse()
                .unwrap(),
        )
    }

    /// Parses `shape:stride` (static `_n` read as `n`).
    fn parse_layout(text: &str) -> (Node, Node) {
        let text: String = text
            .chars()
            .filter(|c| *c != '_' && !c.is_whitespace())
            .collect();
        let s = text.as_bytes();
        let mut pos = 0;
        let shape = parse_tuple(s, &mut pos);
        assert_eq!(s[pos], b':', "{text}");
        pos += 1;
        let stride = parse_tuple(s, &mut pos);
        assert_eq!(pos, s.len(), "{text}");
        (shape, stride)
    }

    fn size_of(n: &Node) -> i64 {
        match n {
            Node::I(v) => *v,
            Node::T(v) => v.iter().map(size_of).product(),
        }
    }

    /// CuTe's colexicographic evaluation of a 1-D index (the last mode takes what is left).
    fn eval(i: i64, shape: &Node, stride: &Node) -> i64 {
        match (shape, stride) {
            (Node::I(_), Node::I(d)) => i * d,
            (Node::T(s), Node::T(d)) => {
                let mut i = i;
                let mut r = 0;
                for k in 0..s.len() {
                    if k + 1 == s.len() {
                        r += eval(i, &s[k], &d[k]);
                    } else {
                        let n = size_of(&s[k]);
                        r += eval(i % n, &s[k], &d[k]);
                        i /= n;
                    }
                }
                r
            }
            _ => panic!("incongruent layout"),
        }
    }

    fn mode_sizes(shape: &Node) -> Vec<i64> {
        match shape {
            Node::I(v) => vec![*v],
            Node::T(v) => v.iter().map(size_of).collect(),
        }
    }

    /// Checks `got` against the oracle's `expect` as functions (FORMAT.md `func`): the same
    /// rank, the same size per top-level mode, the same value at every index; the values of
    /// `got` are read both from its printed form and by evaluating it.
    pub(crate) fn check<S: IntTuple, D: IntTuple>(got: Layout<S, D>, expect: &str)
    where
        i32: Crd2Idx<S, D>,
    {
        let printed = got.to_string();
        let (gs, gd) = parse_layout(&printed);
        let (es, ed) = parse_layout(expect);
        let ctx = format!("got {printed}, expected {expect}");
        assert_eq!(mode_sizes(&gs), mode_sizes(&es), "{ctx}");
        for i in 0..size_of(&es) {
            let e = eval(i, &es, &ed);
            assert_eq!(eval(i, &gs, &gd), e, "at {i}: {ctx}");
            assert_eq!(got.call(i as i32).value(), e, "at {i}: {ctx}");
        }
    }

    /// Checks a result computed from dynamic values against the oracle (whose values are
    /// those of static integers): dynamic values do not coalesce, so C++ keeps size-1 modes
    /// the static case drops, and an integral mode may come out as a tuple. The size of each
    /// top-level mode is compared where the ranks agree, else the total size; then every value.
    pub(crate) fn check_dyn<S: IntTuple, D: IntTuple>(got: Layout<S, D>, expect: &str)
    where
        i32: Crd2Idx<S, D>,
    {
        let printed = got.to_string();
        let (gs, gd) = parse_layout(&printed);
        let (es, ed) = parse_layout(expect);
        let ctx = format!("got {printed}, expected {expect}");
        let (gm, em) = (mode_sizes(&gs), mode_sizes(&es));
        if gm.len() == em.len() {
            assert_eq!(gm, em, "{ctx}");
        } else {
            assert_eq!(size_of(&gs), size_of(&es), "{ctx}");
        }
        for i in 0..size_of(&es) {
            let e = eval(i, &es, &ed);
            assert_eq!(eval(i, &gs, &gd), e, "at {i}: {ctx}");
            assert_eq!(got.call(i as i32).value(), e, "at {i}: {ctx}");
        }
    }

    /// Where C++ with dynamic integers cannot coalesce what the static case does, the
    /// precondition fails on the dynamic values (C++ returns a layout of the wrong size).
    pub(crate) fn check_err<T: core::fmt::Debug>(r: Result<T, Error>) {
        assert!(r.is_err(), "expected a precondition error, got {:?}", r);
    }

    #[test]
    fn oracle_cases() {
        // static
        check(composition(make_layout(_1, _0), make_layout(_1, _0)), "1:0");
        check(
            composition(
                make_layout((_6, _5), (_1, _6)),
                make_layout((_1, _2), (_4, _2)),
            ),
            "(1,2):(4,2)",
        );
        check(
            composition(make_layout((_16, _4), (_1, _16)), (_1,)),
            "(1):(1)",
        );
        check(
            composition(
                make_layout(((_2, _5),), ((_0, _0),)),
                (make_layout(_1, _1),),
            ),
            "(1):(0)",
        );
        check(
            composition(make_layout((_2, (_6,)), (_0, (_0,))), (_1,)),
            "(1):(0)",
        );
        check(
            composition(
                make_layout((_1, (_4, _2, _3)), (_2, (_2, _8, _16))),
                make_layout((_1, _6), (_1, _1)),
            ),
            "(1,6):(2,2)",
        );
        check(
            composition(make_layout((_4, _2), (_8, _32)), (make_layout(_2, _1),)),
            "(2):(8)",
        );
        check(
            composition(make_layout((_5,), (_4,)), make_layout((_1, _1), (_4, _4))),
            "(1,1):(16,16)",
        );
        check(
            composition(make_layout((_16, _4), (_1, _16)), make_layout(_2, _1)),
            "2:1",
        );
        check(
            composition(
                make_layout(((_2, _3), _6), ((_18, _1), _3)),
                make_layout(((_12,), _3), ((_1,), _12)),
            ),
            "(((2,6)),3):(((18,1)),6)",
        );
        check(composition(make_layout(_3, _1), make_layout(_4, _2)), "4:2");
        check(
            composition(
                make_layout(_2, _1),
                make_layout((_6, (_6, _3, _6)), (_1, (_6, _36, _108))),
            ),
            "(6,(6,3,6)):(1,(6,36,108))",
        );
        check(
            composition(make_layout((_6,), (_1,)), (make_layout(_4, _1),)),
            "(4):(1)",
        );
        check(
            composition(
                make_layout((_5, _5), (_1, _5)),
                make_layout((_1, _25), (_25, _1)),
            ),
            "(1,25):(25,1)",
        );
        check(
            composition(
                make_layout(((_5, _3), _2), ((_144, _4), _24)),
                make_layout((_4,), (_1,)),
            ),
            "(4):(144)",
        );
        check(
            composition(
                make_layout(((_32,), (_16,)), ((_1,), (_32,))),
                make_layout(_2, _1),
            ),
            "2:1",
        );
        check(
            composition(
                make_layout((_6,), (_1,)),
                make_layout(((_2,), _12, _5), ((_2,), _4, _48)),
            ),
            "((2),12,5):((2),4,48)",
        );
        check(
            composition(
                make_layout(((_2, _3, _8),), ((_2, _4, _12),)),
                make_layout(((_2,), (_2, _4, _8), _4), ((_256,), (_128, _32, _4), _1)),
            ),
            "((2),(2,4,8),4):((512),(256,64,8),2)",
        );
        check(
            composition(
                make_layout((_2, (_6, _2), _2), (_1, (_2, _12), _24)),
                make_layout(_2, _1),
            ),
            "2:1",
        );
        check(
            composition(
                make_layout(((_32, _2), (_2,)), ((_8, _512), (_4,))),
                make_layout((_6,), (_1,)),
            ),
            "(6):(8)",
        );
        check(
            composition(
                make_layout((_2, _16, _4), (_1, _0, _0)),
                make_layout(_1, _0),
            ),
            "1:0",
        );
        check(
            composition(
                make_layout(_5, _3),
                make_layout(((_4,), (_6,), _2), ((_12,), (_2,), _1)),
            ),
            "((4),(6),2):((36),(6),3)",
        );
        check(
            composition(
                make_layout((_2, (_2,)), (_1, (_2,))),
                make_layout((_1, _2), (_1, _1)),
            ),
            "(1,2):(1,1)",
        );
        check(
            composition(make_layout((_8,), (_1,)), (make_layout(_3, _3),)),
            "(3):(3)",
        );
        check(
            composition(
                make_layout((_2,), (_0,)),
                make_layout((_3, (_2, _2), _4), (_1, (_3, _6), _12)),
            ),
            "(3,(2,2),4):(0,(0,0),0)",
        );
        check(
            composition(make_layout((_6, _2), (_4, _24)), make_layout((_2,), (_3,))),
            "(2):(12)",
        );
        check(
            composition(
                make_layout(_2, _1),
                make_layout((_1, _5, _4), (_3, _3, _15)),
            ),
            "(1,5,4):(3,3,15)",
        );
        check(
            composition(
                make_layout((_12, _12), (_144, _3)),
                (make_layout(_1, _1), make_layout(_12, _1)),
            ),
            "(1,12):(144,3)",
        );
        check(
            composition(make_layout((_6,), (_1,)), (make_layout(_3, _3),)),
            "(3):(3)",
        );
        check(
            composition(make_layout(_5, _1), make_layout((_2,), (_1,))),
            "(2):(1)",
        );
        check(
            composition(make_layout((_5, _5), (_0, _5)), make_layout(_6, _0)),
            "6:0",
        );
        check(
            composition(
                make_layout((_4, _2), (_1, _4)),
                make_layout((_4, _2), (_1, _4)),
            ),
            "(4,2):(1,4)",
        );
        check(
            composition(
                make_layout((_2, _2, _6), (_4, _8, _16)),
                make_layout(_12, _0),
            ),
            "12:0",
        );
        check(
            composition(make_layout((_4,), (_1,)), make_layout((_4,), (_1,))),
            "(4):(1)",
        );
        check(
            composition(make_layout((_12,), (_1,)), make_layout((_4, _3), (_1, _4))),
            "(4,3):(1,4)",
        );
        check(
            composition(
                make_layout((_4, _3), (_3, _1)),
                make_layout((_4, _3), (_1, _4)),
            ),
            "(4,3):(3,1)",
        );
        // dynamic
        check_dyn(composition(make_layout(1, 0), make_layout(1, 0)), "1:0");
        check_dyn(
            composition(make_layout((6, 5), (1, 6)), make_layout((1, 2), (4, 2))),
            "(1,2):(4,2)",
        );
        check_dyn(composition(make_layout((16, 4), (1, 16)), (1,)), "(1):(1)");
        check_dyn(
            composition(make_layout(((2, 5),), ((0, 0),)), (make_layout(1, 1),)),
            "(1):(0)",
        );
        check_dyn(
            composition(make_layout((2, (6,)), (0, (0,))), (1,)),
            "(1):(0)",
        );
        // needs the static coalescing of the left-hand side
        check_err(try_composition(
            make_layout((1, (4, 2, 3)), (2, (2, 8, 16))),
            make_layout((1, 6), (1, 1)),
        ));
        check_dyn(
            composition(
                make_layout((_1, (_4, _2, _3)), (_2, (_2, _8, _16))),
                make_layout((1, 6), (1, 1)),
            ),
            "(1,6):(2,2)",
        );
        check_dyn(
            composition(make_layout((4, 2), (8, 32)), (make_layout(2, 1),)),
            "(2):(8)",
        );
        check_dyn(
            composition(make_layout((5,), (4,)), make_layout((1, 1), (4, 4))),
            "(1,1):(16,16)",
        );
        check_dyn(
            composition(make_layout((16, 4), (1, 16)), make_layout(2, 1)),
            "2:1",
        );
        check_dyn(
            composition(
                make_layout(((2, 3), 6), ((18, 1), 3)),
                make_layout(((12,), 3), ((1,), 12)),
            ),
            "(((2,6)),3):(((18,1)),6)",
        );
        check_dyn(composition(make_layout(3, 1), make_layout(4, 2)), "4:2");
        check_dyn(
            composition(
                make_layout(2, 1),
                make_layout((6, (6, 3, 6)), (1, (6, 36, 108))),
            ),
            "(6,(6,3,6)):(1,(6,36,108))",
        );
        check_dyn(
            composition(make_layout((6,), (1,)), (make_layout(4, 1),)),
            "(4):(1)",
        );
        check_dyn(
            composition(make_layout((5, 5), (1, 5)), make_layout((1, 25), (25, 1))),
            "(1,25):(25,1)",
        );
        check_dyn(
            composition(
                make_layout(((5, 3), 2), ((144, 4), 24)),
                make_layout((4,), (1,)),
            ),
            "(4):(144)",
        );
        check_dyn(
            composition(
                make_layout(((32,), (16,)), ((1,), (32,))),
                make_layout(2, 1),
            ),
            "2:1",
        );
        check_dyn(
            composition(
                make_layout((6,), (1,)),
                make_layout(((2,), 12, 5), ((2,), 4, 48)),
            ),
            "((2),12,5):((2),4,48)",
        );
        // needs the static coalescing of the left-hand side
        check_err(try_composition(
            make_layout(((2, 3, 8),), ((2, 4, 12),)),
            make_layout(((2,), (2, 4, 8), 4), ((256,), (128, 32, 4), 1)),
        ));
        check_dyn(
            composition(
                make_layout(((_2, _3, _8),), ((_2, _4, _12),)),
                make_layout(((2,), (2, 4, 8), 4), ((256,), (128, 32, 4), 1)),
            ),
            "((2),(2,4,8),4):((512),(256,64,8),2)",
        );
        check_dyn(
            composition(
                make_layout((2, (6, 2), 2), (1, (2, 12), 24)),
                make_layout(2, 1),
            ),
            "2:1",
        );
        check_dyn(
            composition(
                make_layout(((32, 2), (2,)), ((8, 512), (4,))),
                make_layout((6,), (1,)),
            ),
            "(6):(8)",
        );
        check_dyn(
            composition(make_layout((2, 16, 4), (1, 0, 0)), make_layout(1, 0)),
            "1:0",
        );
        check_dyn(
            composition(
                make_layout(5, 3),
                make_layout(((4,), (6,), 2), ((12,), (2,), 1)),
            ),
            "((4),(6),2):((36),(6),3)",
        );
        check_dyn(
            composition(
                make_layout((2, (2,)), (1, (2,))),
                make_layout((1, 2), (1, 1)),
            ),
            "(1,2):(1,1)",
        );
        check_dyn(
            composition(make_layout((8,), (1,)), (make_layout(3, 3),)),
            "(3):(3)",
        );
        check_dyn(
            composition(
                make_layout((2,), (0,)),
                make_layout((3, (2, 2), 4), (1, (3, 6), 12)),
            ),
            "(3,(2,2),4):(0,(0,0),0)",
        );
        check_dyn(
            composition(make_layout((6, 2), (4, 24)), make_layout((2,), (3,))),
            "(2):(12)",
        );
        check_dyn(
            composition(make_layout(2, 1), make_layout((1, 5, 4), (3, 3, 15))),
            "(1,5,4):(3,3,15)",
        );
        check_dyn(
            composition(
                make_layout((12, 12), (144, 3)),
                (make_layout(1, 1), make_layout(12, 1)),
            ),
            "(1,12):(144,3)",
        );
        check_dyn(
            composition(make_layout((6,), (1,)), (make_layout(3, 3),)),
            "(3):(3)",
        );
        check_dyn(
            composition(make_layout(5, 1), make_layout((2,), (1,))),
            "(2):(1)",
        );
        check_dyn(
            composition(make_layout((5, 5), (0, 5)), make_layout(6, 0)),
            "6:0",
        );
        check_dyn(
            composition(make_layout((4, 2), (1, 4)), make_layout((4, 2), (1, 4))),
            "(4,2):(1,4)",
        );
        check_dyn(
            composition(make_layout((2, 2, 6), (4, 8, 16)), make_layout(12, 0)),
            "12:0",
        );
        check_dyn(
            composition(make_layout((4,), (1,)), make_layout((4,), (1,))),
            "(4):(1)",
        );
        check_dyn(
            composition(make_layout((12,), (1,)), make_layout((4, 3), (1, 4))),
            "(4,3):(1,4)",
        );
        check_dyn(
            composition(make_layout((4, 3), (3, 1)), make_layout((4, 3), (1, 4))),
            "(4,3):(3,1)",
        );
    }

    #[test]
    fn static_results_are_cpp_types() {
        // C++ (CUTLASS 4.2, static ints) prints ((_2,_2),_3):((_24,_2),_8)
        let a = make_layout((_6, _2), (_8, _2));
        let r: Layout<((_2, _2), _3), ((_24, _2), _8)> =
            composition(a, make_layout((_4, _3), (_3, _1)));
        assert_eq!(r.to_string(), "((_2,_2),_3):((_24,_2),_8)");
        // mixed: dynamic lhs, static rhs
        let r = composition(make_layout((6, 2), (8, 2)), make_layout((_4, _3), (_3, _1)));
        assert_eq!(r.to_string(), "((2,2),(3,1)):((24,2),(8,2))");
        // a static size-1 last mode is widened to 2 so that the layout extends: _4:_15
        let r: Layout<_4, _15> = composition(make_layout(_1, _5), make_layout(_4, _3));
        assert_eq!(r.to_string(), "_4:_15");
        // (_4,_1):(_1,_0) o _8:_1 keeps the lhs beyond its size
        let r: Layout<(_4, _2), (_1, _0)> =
            composition(make_layout((_4, _1), (_1, _0)), make_layout(_8, _1));
        assert_eq!(r.to_string(), "(_4,_2):(_1,_0)");
        // tiler: (_3,(_4,_2)):(_236,(_13,_1))
        let r: Layout<(_3, (_4, _2)), (_236, (_13, _1))> = composition(
            make_layout((_12, (_4, _8)), (_59, (_13, _1))),
            (make_layout(_3, _4), _8),
        );
        assert_eq!(r.to_string(), "(_3,(_4,_2)):(_236,(_13,_1))");
    }

    #[test]
    fn dynamic_preconditions() {
        let a = make_layout((4, 3), (1, 4));
        assert_eq!(
            try_composition(a, make_layout(2, 6)).unwrap_err().to_string(),
            "composition: the stride of the right-hand layout is neither a multiple nor a divisor of a shape of the left-hand layout it crosses"
        );
        assert_eq!(
            try_composition(make_layout((4, 6), (1, 4)), make_layout(3, 2)).unwrap_err().to_string(),
            "composition: the shape of the right-hand layout is not divisible by the part of a left-hand mode it spans"
        );
        assert!(try_composition(a, make_layout(3, 4)).is_ok());
        // C++ accepts this with dynamic values and returns ((2,2),(3,1)):((3,4),(1,4)), which
        // maps index 2 to 4 instead of 6; with static values lhs coalesces to _12:_1 first.
        let (l, r) = (make_layout((4, 3), (1, 4)), make_layout((4, 3), (3, 1)));
        assert!(try_composition(l, r).is_err());
        let l = make_layout((_4, _3), (_1, _4));
        let r: Layout<(_4, _3), (_3, _1)> = composition(l, make_layout((_4, _3), (_3, _1)));
        assert_eq!(r.to_string(), "(_4,_3):(_3,_1)");
    }

    #[test]
    fn dynamic_zero_stride() {
        // C++ divides by the zero stride here; the result is the constant-0 function.
        let r = composition(make_layout((4, 8), (1, 4)), make_layout(6, 0));
        assert!((0..6).all(|i| r.call(i) == 0));
        assert_eq!(r.size(), 6);
    }
}
