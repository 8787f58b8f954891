//! Swizzles meeting layouts: port of `cute/swizzle_layout.hpp`.
//!
//! A swizzled layout is a [`ComposedLayout`] whose outer function is a [`Swizzle`]:
//! `Sw<3,4,3> o _0 o (_8,_8):(_8,_1)`, the function `c -> Sw(0 + L(c))`. This module has its
//! constructor from a swizzle alone, the swizzle and non-swizzle portions, and `upcast` /
//! `downcast` of swizzles and composed layouts.
//!
//! C++'s overloads map to these names: `composition(sw, offset, layout)` is
//! [`make_composed_layout`](crate::layout_composed::make_composed_layout);
//! `make_layout(sw)` is [`make_swizzle_layout`].

use crate::int_tuple::IntLeaf;
use crate::layout::recast::{Downcast, DowncastOf, Upcast, UpcastOf};
use crate::layout::Layout;
use crate::layout_composed::{make_composed_layout, ComposedLayout};
use crate::numeric::aliases::{_0, _1, _3, _4};
use crate::numeric::arithmetic::{AbsOf, Diff, IntAbs, IntAdd, IntMax, IntSub, Maximum, Sum};
use crate::numeric::arithmetic::{StaticLess, StaticLessImpl};
use crate::numeric::bits::{HasSingleBit, Log2Of, StaticHasSingleBit, StaticLog2};
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::make_layout;
    use crate::layout::recast::{downcast, upcast};
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
}
