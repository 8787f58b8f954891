//! Swizzles meeting layouts: port of `cute/swizzle_layout.hpp`.
//!
//! A swizzled layout is a [`ComposedLayout`] whose outer function is a [`Swizzle`]:
//! `Sw<3,4,3> o _0 o (_8,_8):(_8,_1)`, the function `c -> Sw(0 + L(c))`. This module has its
//! constructor from a swizzle alone, the swizzle and non-swizzle portions, and `upcast` /
//! `downcast` of swizzles and composed layouts.
//!
//! C++'s overloads map to these names: `composition(sw, offset, layout)` is
//! [`make_composed_layout`];
//! `make_layout(sw)` is [`make_swizzle_layout`].

use crate::int_tuple::IntLeaf;
use core::ops::BitAnd;

use crate::int_tuple::{IntTuple, SizeOf};
use crate::layout::composition::{composition, Composition, CompositionOf};
use crate::layout::recast::{Downcast, DowncastOf, Upcast, UpcastOf};
use crate::layout::recast::{
    MaxCommonLayout, MaxCommonLayoutOf, MaxCommonVector, MaxCommonVectorOf,
};
use crate::layout::Layout;
use crate::layout_composed::{make_composed_layout, ComposedLayout};
use crate::numeric::aliases::{_0, _1, _3, _4};
use crate::numeric::arithmetic::{AbsOf, Diff, IntAbs, IntAdd, IntMax, IntSub, Maximum, Sum};
use crate::numeric::arithmetic::{
    IntMin, IsConstant, IsConstantImpl, Minimum, StaticEq, StaticEqImpl,
};
use crate::numeric::arithmetic::{StaticLess, StaticLessImpl};
use crate::numeric::bits::{
    HasSingleBit, IntShiftl, Log2Of, ShiftlOf, StaticHasSingleBit, StaticLog2,
};
use crate::numeric::integral_constant::Integral;
use crate::numeric::{B0, B1};
use crate::swizzle::Swizzle;

/// `make_layout(sw)` (C++'s overload of `make_layout` for a swizzle): the swizzle composed
/// with the identity layout `Int<M+B+|S|>:_1`, as C++ builds it.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_swizzle_layout(Swizzle::<_2, _3, _3>::new());
/// assert_eq!(l.to_string(), "Sw<2,3,3> o _0 o _8:_1");
/// ```
#[inline(always)]
pub fn make_swizzle_layout<B, M, S>(sw: Swizzle<B, M, S>) -> SwizzleLayoutOf<B, M, S>
where
    S: IntAbs,
    M: IntAdd<B>,
    Sum<M, B>: IntAdd<AbsOf<S>>,
    Sum<Sum<M, B>, AbsOf<S>>: IntLeaf,
{
    make_composed_layout(sw, _0, Layout::new(Default::default(), _1))
}
/// The type of `make_swizzle_layout(Swizzle<B, M, S>)`.
pub type SwizzleLayoutOf<B, M, S> =
    ComposedLayout<Swizzle<B, M, S>, _0, Layout<Sum<Sum<M, B>, AbsOf<S>>, _1>>;

/// `get_swizzle_portion(layout)`: the swizzle of a swizzled layout, `Sw<0,4,3>` (the identity)
/// for a plain layout.
pub trait SwizzlePortion {
    /// The swizzle.
    type Swizzle: Copy;
    /// The swizzle.
    fn get_swizzle_portion(&self) -> Self::Swizzle;
    /// The layout without the swizzle (C++'s `get_nonswizzle_portion`).
    type NonSwizzle: Copy;
    /// The layout without the swizzle (C++'s `get_nonswizzle_portion`).
    fn get_nonswizzle_portion(&self) -> Self::NonSwizzle;
}
impl<B: Copy, M: Copy, S: Copy, O: Copy, L: Copy> SwizzlePortion
    for ComposedLayout<Swizzle<B, M, S>, O, L>
{
    type Swizzle = Swizzle<B, M, S>;
    #[inline(always)]
    fn get_swizzle_portion(&self) -> Self::Swizzle {
        self.layout_a()
    }
    type NonSwizzle = L;
    #[inline(always)]
    fn get_nonswizzle_portion(&self) -> L {
        self.layout_b()
    }
}
impl<Sh: Copy, D: Copy> SwizzlePortion for Layout<Sh, D> {
    type Swizzle = Swizzle<_0, _4, _3>;
    #[inline(always)]
    fn get_swizzle_portion(&self) -> Self::Swizzle {
        Default::default()
    }
    type NonSwizzle = Self;
    #[inline(always)]
    fn get_nonswizzle_portion(&self) -> Self {
        *self
    }
}

// ---------------------------------------------------------------------------------------------
// upcast, downcast
// ---------------------------------------------------------------------------------------------

/// The precondition of `upcast`/`downcast` of a swizzle: `N` is a power of two.
#[diagnostic::on_unimplemented(
    message = "upcast/downcast of a swizzle: N is not a power of two",
    note = "a swizzle acts on bits, so only a power-of-two N moves its masks by whole bits"
)]
pub trait SwizzleCastPow2 {}
impl SwizzleCastPow2 for B1 {}

/// `M - log2(N)`.
type UpM<M, N> = Diff<M, Log2Of<N>>;

/// `upcast<N>(Sw<B,M,S>)`: `Sw<B, M-log2(N), S>`, or `Sw<max(B+M-log2(N), 0), 0, S>` when
/// `M < log2(N)` (C++, swizzle_layout.hpp).
impl<N, B, M, S> Upcast<N> for Swizzle<B, M, S>
where
    N: StaticHasSingleBit + StaticLog2,
    HasSingleBit<N>: SwizzleCastPow2,
    M: IntSub<Log2Of<N>>,
    UpM<M, N>: StaticLessImpl<_0>,
    Self: UpcastSwizzle<UpM<M, N>, StaticLess<UpM<M, N>, _0>>,
{
    type Output = <Self as UpcastSwizzle<UpM<M, N>, StaticLess<UpM<M, N>, _0>>>::Output;
    #[inline(always)]
    fn upcast(self) -> Self::Output {
        Default::default()
    }
}
/// The swizzle of `upcast`, by whether the new base `NewM` is negative.
#[doc(hidden)]
pub trait UpcastSwizzle<NewM, Negative> {
    type Output: Copy + Default;
}
impl<B, M, S, NewM> UpcastSwizzle<NewM, B0> for Swizzle<B, M, S> {
    type Output = Swizzle<B, NewM, S>;
}
impl<B, M, S, NewM> UpcastSwizzle<NewM, B1> for Swizzle<B, M, S>
where
    B: IntAdd<NewM>,
    Sum<B, NewM>: IntMax<_0>,
{
    type Output = Swizzle<Maximum<Sum<B, NewM>, _0>, _0, S>;
}

/// `downcast<N>(Sw<B,M,S>)`: `Sw<B, M+log2(N), S>`.
impl<N, B, M, S> Downcast<N> for Swizzle<B, M, S>
where
    N: StaticHasSingleBit + StaticLog2,
    HasSingleBit<N>: SwizzleCastPow2,
    M: IntAdd<Log2Of<N>>,
{
    type Output = Swizzle<B, Sum<M, Log2Of<N>>, S>;
    #[inline(always)]
    fn downcast(self) -> Self::Output {
        Default::default()
    }
}

/// `upcast<N>(A o O o B)`: `upcast<N>(A) o upcast<N>(O) o upcast<N>(B)`.
impl<N, A, O, L> Upcast<N> for ComposedLayout<A, O, L>
where
    A: Upcast<N> + Copy,
    O: Upcast<N> + Copy,
    L: Upcast<N> + Copy,
{
    type Output = ComposedLayout<UpcastOf<A, N>, UpcastOf<O, N>, UpcastOf<L, N>>;
    #[inline(always)]
    fn upcast(self) -> Self::Output {
        make_composed_layout(
            self.layout_a().upcast(),
            self.offset().upcast(),
            self.layout_b().upcast(),
        )
    }
}
/// `downcast<N>(A o O o B)`: `downcast<N>(A) o downcast<N>(O) o downcast<N>(B)`.
impl<N, A, O, L> Downcast<N> for ComposedLayout<A, O, L>
where
    A: Downcast<N> + Copy,
    O: Downcast<N> + Copy,
    L: Downcast<N> + Copy,
{
    type Output = ComposedLayout<DowncastOf<A, N>, DowncastOf<O, N>, DowncastOf<L, N>>;
    #[inline(always)]
    fn downcast(self) -> Self::Output {
        make_composed_layout(
            self.layout_a().downcast(),
            self.offset().downcast(),
            self.layout_b().downcast(),
        )
    }
}

// ---------------------------------------------------------------------------------------------
// composition
// ---------------------------------------------------------------------------------------------

/// `composition(sw, layout)` (C++'s overload of `composition` for a swizzle on the left):
/// `sw o _0 o layout`, or `layout` itself when the swizzle has no bits (`Sw<0,M,S>` is the
/// identity).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let l = make_layout((_8, _8), (_8, _1));
/// let sl = composition_swizzle(Swizzle::<_3, _4, _3>::new(), l);
/// assert_eq!(sl.to_string(), "Sw<3,4,3> o _0 o (_8,_8):(_8,_1)");
/// // Sw<0,4,3> is the identity: the layout itself
/// assert_eq!(composition_swizzle(Swizzle::<_0, _4, _3>::new(), l).to_string(), "(_8,_8):(_8,_1)");
/// ```
#[inline(always)]
pub fn composition_swizzle<B, M, S, L>(
    sw: Swizzle<B, M, S>,
    layout: L,
) -> SwizzleCompositionOf<Swizzle<B, M, S>, L>
where
    Swizzle<B, M, S>: SwizzleComposition<L>,
{
    sw.swizzle_composition(layout)
}
/// `composition(Sw, L)` for a swizzle `Sw`; see [`composition_swizzle`].
pub trait SwizzleComposition<L> {
    /// `Sw o _0 o L`, or `L` for a swizzle without bits.
    type Output: Copy;
    /// Composes.
    fn swizzle_composition(self, layout: L) -> Self::Output;
}
/// The type of `composition_swizzle(Sw, L)`.
pub type SwizzleCompositionOf<Sw, L> = <Sw as SwizzleComposition<L>>::Output;
impl<B, M, S, L> SwizzleComposition<L> for Swizzle<B, M, S>
where
    B: IsConstantImpl<_0>,
    Self: SwizzleCompositionIf<L, IsConstant<_0, B>>,
{
    type Output = <Self as SwizzleCompositionIf<L, IsConstant<_0, B>>>::Output;
    #[inline(always)]
    fn swizzle_composition(self, layout: L) -> Self::Output {
        self.swizzle_composition_if(layout)
    }
}
/// [`SwizzleComposition`] by whether the swizzle has no bits (`B1`).
#[doc(hidden)]
pub trait SwizzleCompositionIf<L, NoBits> {
    type Output: Copy;
    fn swizzle_composition_if(self, layout: L) -> Self::Output;
}
impl<B, M, S, L: Copy> SwizzleCompositionIf<L, B1> for Swizzle<B, M, S> {
    type Output = L;
    #[inline(always)]
    fn swizzle_composition_if(self, layout: L) -> L {
        layout
    }
}
impl<B, M, S, L: Copy> SwizzleCompositionIf<L, B0> for Swizzle<B, M, S> {
    type Output = ComposedLayout<Self, _0, L>;
    #[inline(always)]
    fn swizzle_composition_if(self, layout: L) -> Self::Output {
        make_composed_layout(self, _0, layout)
    }
}

// ---------------------------------------------------------------------------------------------
// max_common_vector, max_common_layout
// ---------------------------------------------------------------------------------------------

/// `1 << M`: the swizzle's unit, the largest vector it never splits.
type SwizzleBase<M> = ShiftlOf<_1, M>;

/// `max_common_vector(Sw o O o L, b)`: `min(max_common_vector(L, b), 1 << M)` (the offset is
/// assumed in the swizzle's yyy/zzz domain, as in C++).
impl<B, M, S, O, L, SB, DB> MaxCommonVector<Layout<SB, DB>>
    for ComposedLayout<Swizzle<B, M, S>, O, L>
where
    B: Copy,
    M: Copy,
    S: Copy,
    O: Copy,
    L: Copy + MaxCommonVector<Layout<SB, DB>>,
    _1: IntShiftl<M>,
    MaxCommonVectorOf<L, Layout<SB, DB>>: IntMin<SwizzleBase<M>>,
{
    type Output = Minimum<MaxCommonVectorOf<L, Layout<SB, DB>>, SwizzleBase<M>>;
    #[inline(always)]
    fn max_common_vector(self, b: Layout<SB, DB>) -> Self::Output {
        self.layout_b().max_common_vector(b).min(Default::default())
    }
}
/// `max_common_vector(a, Sw o O o L)`: `max_common_vector(Sw o O o L, a)`.
impl<B, M, S, O, L, SA, DA> MaxCommonVector<ComposedLayout<Swizzle<B, M, S>, O, L>>
    for Layout<SA, DA>
where
    ComposedLayout<Swizzle<B, M, S>, O, L>: MaxCommonVector<Layout<SA, DA>>,
{
    type Output = MaxCommonVectorOf<ComposedLayout<Swizzle<B, M, S>, O, L>, Layout<SA, DA>>;
    #[inline(always)]
    fn max_common_vector(self, b: ComposedLayout<Swizzle<B, M, S>, O, L>) -> Self::Output {
        b.max_common_vector(self)
    }
}
/// `max_common_vector(Sw0 o O0 o L0, Sw1 o O1 o L1)`: `max_common_vector(L0, L1)`, limited to
/// `min(1 << M0, 1 << M1)` unless the two swizzles are the same.
impl<B0, M0, S0, O0, L0, B1_, M1, S1, O1, L1>
    MaxCommonVector<ComposedLayout<Swizzle<B1_, M1, S1>, O1, L1>>
    for ComposedLayout<Swizzle<B0, M0, S0>, O0, L0>
where
    B0: Copy + StaticEqImpl<B1_>,
    M0: Copy + StaticEqImpl<M1>,
    S0: Copy + StaticEqImpl<S1>,
    O0: Copy,
    B1_: Copy,
    M1: Copy,
    S1: Copy,
    O1: Copy,
    L1: Copy,
    L0: Copy + MaxCommonVector<L1>,
    StaticEq<B0, B1_>: BitAnd<StaticEq<M0, M1>>,
    <StaticEq<B0, B1_> as BitAnd<StaticEq<M0, M1>>>::Output: BitAnd<StaticEq<S0, S1>>,
    MaxCommonVectorOf<L0, L1>: LimitBySwizzles<M0, M1, SameSwizzle<B0, M0, S0, B1_, M1, S1>>,
{
    type Output = <MaxCommonVectorOf<L0, L1> as LimitBySwizzles<
        M0,
        M1,
        SameSwizzle<B0, M0, S0, B1_, M1, S1>,
    >>::Output;
    #[inline(always)]
    fn max_common_vector(self, b: ComposedLayout<Swizzle<B1_, M1, S1>, O1, L1>) -> Self::Output {
        self.layout_b().max_common_vector(b.layout_b()).limit()
    }
}
/// `B1` iff `Sw<B0,M0,S0>` and `Sw<B1,M1,S1>` are the same swizzle.
type SameSwizzle<B0, M0, S0, B1_, M1, S1> =
    <<StaticEq<B0, B1_> as BitAnd<StaticEq<M0, M1>>>::Output as BitAnd<StaticEq<S0, S1>>>::Output;
/// The vector unchanged (`Same = B1`) or limited to `min(1 << M0, 1 << M1)`.
#[doc(hidden)]
pub trait LimitBySwizzles<M0, M1, Same> {
    type Output: Integral;
    fn limit(self) -> Self::Output;
}
impl<V: Integral, M0, M1> LimitBySwizzles<M0, M1, B1> for V {
    type Output = V;
    #[inline(always)]
    fn limit(self) -> V {
        self
    }
}
impl<V, M0, M1> LimitBySwizzles<M0, M1, B0> for V
where
    _1: IntShiftl<M0> + IntShiftl<M1>,
    V: IntMin<SwizzleBase<M0>>,
    Minimum<V, SwizzleBase<M0>>: IntMin<SwizzleBase<M1>>,
{
    type Output = Minimum<Minimum<V, SwizzleBase<M0>>, SwizzleBase<M1>>;
    #[inline(always)]
    fn limit(self) -> Self::Output {
        self.min(Default::default()).min(Default::default())
    }
}

/// `max_common_layout(Sw o O o L, b)`: `common = max_common_layout(L, b)`, truncated to its
/// first `1 << M` elements (`common.compose(1 << M)`) when it is longer.
impl<B, M, S, O, L, SB, DB> MaxCommonLayout<Layout<SB, DB>>
    for ComposedLayout<Swizzle<B, M, S>, O, L>
where
    B: Copy,
    M: Copy,
    S: Copy,
    O: Copy,
    L: Copy + MaxCommonLayout<Layout<SB, DB>>,
    _1: IntShiftl<M>,
    MaxCommonLayoutOf<L, Layout<SB, DB>>: TruncateTo<SwizzleBase<M>>,
{
    type Output = <MaxCommonLayoutOf<L, Layout<SB, DB>> as TruncateTo<SwizzleBase<M>>>::Output;
    #[inline(always)]
    fn max_common_layout(self, b: Layout<SB, DB>) -> Self::Output {
        self.layout_b().max_common_layout(b).truncate_to()
    }
}
/// `max_common_layout(a, Sw o O o L)`: `max_common_layout(Sw o O o L, a)`.
impl<B, M, S, O, L, SA, DA> MaxCommonLayout<ComposedLayout<Swizzle<B, M, S>, O, L>>
    for Layout<SA, DA>
where
    ComposedLayout<Swizzle<B, M, S>, O, L>: MaxCommonLayout<Layout<SA, DA>>,
{
    type Output = MaxCommonLayoutOf<ComposedLayout<Swizzle<B, M, S>, O, L>, Layout<SA, DA>>;
    #[inline(always)]
    fn max_common_layout(self, b: ComposedLayout<Swizzle<B, M, S>, O, L>) -> Self::Output {
        b.max_common_layout(self)
    }
}
/// A layout truncated to its first `N` elements when it has more (static sizes).
#[doc(hidden)]
pub trait TruncateTo<N> {
    type Output: Copy;
    fn truncate_to(self) -> Self::Output;
}
impl<N, Sh: IntTuple, D: IntTuple> TruncateTo<N> for Layout<Sh, D>
where
    N: StaticLessImpl<SizeOf<Sh>>,
    Self: TruncateToIf<N, StaticLess<N, SizeOf<Sh>>>,
{
    type Output = <Self as TruncateToIf<N, StaticLess<N, SizeOf<Sh>>>>::Output;
    #[inline(always)]
    fn truncate_to(self) -> Self::Output {
        self.truncate_to_if()
    }
}
#[doc(hidden)]
pub trait TruncateToIf<N, Longer> {
    type Output: Copy;
    fn truncate_to_if(self) -> Self::Output;
}
impl<N, L: Copy> TruncateToIf<N, B0> for L {
    type Output = L;
    #[inline(always)]
    fn truncate_to_if(self) -> L {
        self
    }
}
impl<N: Default, L: Composition<N>> TruncateToIf<N, B1> for L {
    type Output = CompositionOf<L, N>;
    #[inline(always)]
    fn truncate_to_if(self) -> Self::Output {
        composition(self, N::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::make_layout;
    use crate::layout::recast::{downcast, max_common_layout, max_common_vector, upcast};
    use crate::numeric::aliases::*;
    use std::string::ToString;

    // Expected strings from cute-cpp.

    #[test]
    fn make_layout_of_a_swizzle() {
        // C++: make_layout(Swizzle<2,3,3>{}) prints Sw<2,3,3> o _0 o _8:_1
        let l = make_swizzle_layout(Swizzle::<_2, _3, _3>::new());
        let _: &ComposedLayout<Swizzle<_2, _3, _3>, _0, Layout<_8, _1>> = &l;
        assert_eq!(l.to_string(), "Sw<2,3,3> o _0 o _8:_1");
    }

    #[test]
    fn portions() {
        let l = make_layout((_8, _8), (_8, _1));
        let sl = make_composed_layout(Swizzle::<_3, _4, _3>::new(), _0, l);
        assert_eq!(sl.get_swizzle_portion().to_string(), "Sw<3,4,3>");
        assert_eq!(sl.get_nonswizzle_portion(), l);
        assert_eq!(l.get_swizzle_portion().to_string(), "Sw<0,4,3>");
        assert_eq!(l.get_nonswizzle_portion(), l);
    }

    #[test]
    fn upcast_downcast_swizzles_as_cpp() {
        let sw = Swizzle::<_3, _4, _3>::new();
        let u: Swizzle<_3, _3, _3> = upcast::<_2, _>(sw);
        assert_eq!(u.to_string(), "Sw<3,3,3>");
        let u: Swizzle<_2, _0, _3> = upcast::<_32, _>(sw);
        assert_eq!(u.to_string(), "Sw<2,0,3>");
        let u: Swizzle<_0, _0, _3> = upcast::<_128, _>(sw);
        assert_eq!(u.to_string(), "Sw<0,0,3>");
        let d: Swizzle<_3, _6, _3> = downcast::<_4, _>(sw);
        assert_eq!(d.to_string(), "Sw<3,6,3>");
        let neg = Swizzle::<_2, _1, _m4>::new();
        assert_eq!(upcast::<_8, _>(neg).to_string(), "Sw<0,0,-4>");
        assert_eq!(downcast::<_2, _>(neg).to_string(), "Sw<2,2,-4>");
    }

    #[test]
    fn upcast_downcast_composed_layouts_as_cpp() {
        let sl = make_composed_layout(
            Swizzle::<_3, _4, _3>::new(),
            _0,
            make_layout((_8, _64), (_64, _1)),
        );
        let u = upcast::<_2, _>(sl);
        let _: &ComposedLayout<Swizzle<_3, _3, _3>, _0, Layout<(_8, _32), (_32, _1)>> = &u;
        assert_eq!(u.to_string(), "Sw<3,3,3> o _0 o (_8,_32):(_32,_1)");
        assert_eq!(
            downcast::<_2, _>(sl).to_string(),
            "Sw<3,5,3> o _0 o (_8,_128):(_128,_1)"
        );
        let sl2 = make_composed_layout(
            Swizzle::<_2, _1, _m4>::new(),
            _4,
            make_layout((8, _4), (_1, 8)),
        );
        assert_eq!(
            upcast::<_2, _>(sl2).to_string(),
            "Sw<2,0,-4> o _2 o (4,_4):(_1,4)"
        );
        assert_eq!(
            downcast::<_4, _>(sl2).to_string(),
            "Sw<2,3,-4> o _16 o (32,_4):(_1,32)"
        );
    }

    #[test]
    fn composition_with_a_swizzle_as_cpp() {
        // C++: composition(Swizzle<3,4,3>{}, L) is Sw<3,4,3> o _0 o L; Swizzle<0,4,3> gives L
        let l = make_layout((_8, _8), (_8, _1));
        let sl: ComposedLayout<Swizzle<_3, _4, _3>, _0, Layout<(_8, _8), (_8, _1)>> =
            composition_swizzle(Swizzle::<_3, _4, _3>::new(), l);
        assert_eq!(sl.to_string(), "Sw<3,4,3> o _0 o (_8,_8):(_8,_1)");
        let id: Layout<(_8, _8), (_8, _1)> = composition_swizzle(Swizzle::<_0, _4, _3>::new(), l);
        assert_eq!(id, l);
        // C++: sl.compose(Int<8>{}) and composition(sl, make_tile(Int<4>{}, Int<2>{}))
        let sl = composition_swizzle(
            Swizzle::<_2, _3, _3>::new(),
            make_layout((_8, _4), (_4, _1)),
        );
        assert_eq!(sl.compose(_8).to_string(), "Sw<2,3,3> o _0 o _8:_4");
        assert_eq!(
            sl.compose((_4, _2)).to_string(),
            "Sw<2,3,3> o _0 o (_4,_2):(_4,_1)"
        );
    }

    #[test]
    fn max_common_with_swizzles_as_cpp() {
        let l64 = make_layout((_8, _64), (_64, _1));
        let sl = composition_swizzle(Swizzle::<_3, _4, _3>::new(), l64);
        let v: _16 = max_common_vector(sl, l64);
        let w: _16 = max_common_vector(l64, sl);
        assert_eq!((v.to_string(), w.to_string()), ("_16".into(), "_16".into()));
        let c: Layout<_16, _8> = max_common_layout(sl, l64);
        assert_eq!(c.to_string(), "_16:_8");
        assert_eq!(max_common_layout(l64, sl).to_string(), "_16:_8");
        let same: _512 = max_common_vector(sl, sl);
        assert_eq!(same.to_string(), "_512");
        let sl2 = composition_swizzle(Swizzle::<_2, _4, _3>::new(), l64);
        let other: _16 = max_common_vector(sl, sl2);
        assert_eq!(other.to_string(), "_16");

        let l4 = make_layout((_8, _4), (_4, _1));
        let sl4 = composition_swizzle(Swizzle::<_2, _3, _3>::new(), l4);
        let v: _8 = max_common_vector(sl4, l4);
        assert_eq!(v.to_string(), "_8");
        assert_eq!(max_common_layout(sl4, l4).to_string(), "(_4,_2):(_8,_1)");
    }
}
