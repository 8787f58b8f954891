//! `ComposedLayout`, printed `A o offset o B`: port of `cute/layout_composed.hpp`.
//!
//! A [`ComposedLayout<A, O, B>`] is the function `c -> A(O + B(c))` of a layout `B` (which
//! gives the domain: shape, size, modes), an offset `O`, and an outer function `A` that is not
//! a layout, typically a [`Swizzle`](crate::swizzle::Swizzle) (`swizzle_layout`). It is what
//! C++'s three-argument `composition(a, offset, b)` builds; here that form is
//! [`make_composed_layout`].
//!
//! Layouts, swizzles and composed layouts are all functions of an offset or coordinate:
//! they implement [`Fun1`] (evaluate with `call`), which is what `A` needs.

use core::fmt;

use crate::algorithm::tuple_algorithms::Fun1;
use crate::int_tuple::{Crd2Arith, IntTuple, SizeOf};
use crate::layout::composition::{composition, Composition, CompositionOf};
use crate::layout::{Cosize, CosizeSum, Layout, Mode, ModeOf, Shaped};
use crate::numeric::arithmetic_tuple::{ArithAdd, ArithSum};
use crate::util::print::CutePrint;

/// CuTe's `ComposedLayout<A, O, B>`: the function `c -> A(O + B(c))` over the domain of `B`.
///
/// # Postconditions
/// 1. `shape`, `size`, `rank` and `depth` are those of `B`.
/// 2. `result(c) == A(O + B(c))` for every coordinate `c` of `B`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let sw = Swizzle::<_3, _4, _3>::new();
/// let l = make_composed_layout(sw, _0, make_layout((_8, _8), (_8, _1)));
/// assert_eq!(l.to_string(), "Sw<3,4,3> o _0 o (_8,_8):(_8,_1)");
/// assert_eq!(size(l).to_string(), "_64");
/// assert_eq!(l.call(9), 9);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ComposedLayout<A, O, B> {
    layout_a: A,
    offset: O,
    layout_b: B,
}

/// `make_composed_layout(a, offset, b)` (C++'s also `composition(a, offset, b)`): the
/// function `c -> a(offset + b(c))`.
#[inline(always)]
pub fn make_composed_layout<A, O, B>(
    layout_a: A,
    offset: O,
    layout_b: B,
) -> ComposedLayout<A, O, B> {
    ComposedLayout {
        layout_a,
        offset,
        layout_b,
    }
}

impl<A: Copy, O: Copy, B: Copy> ComposedLayout<A, O, B> {
    /// The outer function `A`.
    #[inline(always)]
    pub fn layout_a(&self) -> A {
        self.layout_a
    }
    /// The offset `O`, added to `B`'s value before `A` is applied.
    #[inline(always)]
    pub fn offset(&self) -> O {
        self.offset
    }
    /// The inner layout `B`, which gives the domain.
    #[inline(always)]
    pub fn layout_b(&self) -> B {
        self.layout_b
    }
    /// `layout(c)`: `A(O + B(c))`, for a 1-D index, a hierarchical coordinate or anything
    /// between, as for a [`Layout`].
    #[inline(always)]
    pub fn call<X>(&self, coord: X) -> ComposedOf<A, O, B, X>
    where
        B: Fun1<X>,
        O: ArithAdd<B::Output>,
        A: Fun1<ArithSum<O, B::Output>>,
    {
        self.layout_a
            .call(self.offset.arith_add(self.layout_b.call(coord)))
    }
}
/// The type of `ComposedLayout<A, O, B>` evaluated at `X`: `A(O + B(X))`.
pub type ComposedOf<A, O, B, X> = <A as Fun1<ArithSum<O, <B as Fun1<X>>::Output>>>::Output;

impl<A: Copy, O: Copy, S: IntTuple, D: Copy> ComposedLayout<A, O, Layout<S, D>> {
    /// `shape(layout)`: the shape of `B`.
    #[inline(always)]
    pub fn shape(&self) -> S {
        self.layout_b.shape()
    }
    /// `size(layout)`: the size of `B`.
    #[inline(always)]
    pub fn size(&self) -> SizeOf<S> {
        self.layout_b.size()
    }
    /// `rank(layout)`: the rank of `B`.
    #[inline(always)]
    pub const fn rank(&self) -> usize {
        S::RANK
    }
    /// `depth(layout)`: the depth of `B`.
    #[inline(always)]
    pub const fn depth(&self) -> usize {
        S::DEPTH
    }
    /// `cosize(layout)`: the cosize of `B` (C++ does not look through `A`).
    #[inline(always)]
    pub fn cosize(&self) -> Cosize<S, D>
    where
        S: CosizeSum<D>,
    {
        self.layout_b.cosize()
    }
    /// `layout.compose(tiler)` (C++'s `composition(composed, tiler)`): `A o O o (B o tiler)`.
    ///
    /// # Example
    /// ```
    /// use cute_core::prelude::*;
    /// let sl = make_composed_layout(Swizzle::<_2, _3, _3>::new(), _0, make_layout((_8, _4), (_4, _1)));
    /// assert_eq!(sl.compose(_8).to_string(), "Sw<2,3,3> o _0 o _8:_4");
    /// ```
    #[inline(always)]
    pub fn compose<T>(&self, tiler: T) -> ComposedLayout<A, O, CompositionOf<Layout<S, D>, T>>
    where
        Layout<S, D>: Composition<T>,
    {
        make_composed_layout(
            self.layout_a,
            self.offset,
            composition(self.layout_b, tiler),
        )
    }
    /// `get<I>(layout)`: mode `I` of `B` composed with the same `A` and offset.
    #[inline(always)]
    pub fn get<const I: usize>(&self) -> ComposedLayout<A, O, Layout<ModeOf<S, I>, ModeOf<D, I>>>
    where
        S: Mode<I>,
        D: Mode<I>,
    {
        make_composed_layout(self.layout_a, self.offset, self.layout_b.get::<I>())
    }
}

impl<A: Copy, O: Copy, B: Shaped> Shaped for ComposedLayout<A, O, B> {
    type Shape = B::Shape;
    #[inline(always)]
    fn shape_of(self) -> B::Shape {
        self.layout_b.shape_of()
    }
}

// Layouts and composed layouts are functions of their coordinates.
impl<S: IntTuple, D: Copy, X: Crd2Arith<S, D>> Fun1<X> for Layout<S, D> {
    type Output = X::Output;
    #[inline(always)]
    fn call(&self, x: X) -> X::Output {
        x.crd2idx(self.shape(), self.stride())
    }
}
impl<A, O, B, X> Fun1<X> for ComposedLayout<A, O, B>
where
    A: Copy,
    O: Copy + ArithAdd<B::Output>,
    B: Copy + Fun1<X>,
    A: Fun1<ArithSum<O, B::Output>>,
{
    type Output = ComposedOf<A, O, B, X>;
    #[inline(always)]
    fn call(&self, x: X) -> Self::Output {
        ComposedLayout::call(self, x)
    }
}

impl<A: CutePrint, O: CutePrint, B: CutePrint> CutePrint for ComposedLayout<A, O, B> {
    fn cute_fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.layout_a.cute_fmt(f)?;
        f.write_str(" o ")?;
        self.offset.cute_fmt(f)?;
        f.write_str(" o ")?;
        self.layout_b.cute_fmt(f)
    }
}
impl<A: CutePrint, O: CutePrint, B: CutePrint> fmt::Display for ComposedLayout<A, O, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cute_fmt(f)
    }
}
impl<A: CutePrint, O: CutePrint, B: CutePrint> fmt::Debug for ComposedLayout<A, O, B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cute_fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{make_layout, rank, size};
    use crate::numeric::aliases::*;
    use crate::numeric::integral_constant::Integral;
    use crate::swizzle::Swizzle;
    use std::string::ToString;

    #[test]
    fn a_layout_after_a_layout() {
        // C++: composition(Layout<Shape<_4,_2>,Stride<_2,_1>>{}, Int<2>{}, Layout<_3,_2>{})
        //   prints (_4,_2):(_2,_1) o _2 o _3:_2 and maps 0, 1, 2 to 4, 1, 5; Int<1> to _1
        let a = make_layout((_4, _2), (_2, _1));
        let c = make_composed_layout(a, _2, make_layout(_3, _2));
        assert_eq!(c.to_string(), "(_4,_2):(_2,_1) o _2 o _3:_2");
        let st: _1 = c.call(_1);
        assert_eq!(st.to_string(), "_1");
        let all: [i32; 3] = [c.call(0), c.call(1), c.call(2)];
        assert_eq!(all, [4, 1, 5]);
    }

    #[test]
    fn swizzle_layout_prints_and_evaluates_as_cpp() {
        // C++: composition(Swizzle<3,4,3>{}, Layout<Shape<_8,_8>,Stride<_8,_1>>{})
        //   prints Sw<3,4,3> o _0 o (_8,_8):(_8,_1); size _64, shape (_8,_8), cosize _64;
        //   at (_3,_5) gives _29; its mode 1 is Sw<3,4,3> o _0 o _8:_1
        let sl = make_composed_layout(
            Swizzle::<_3, _4, _3>::new(),
            _0,
            make_layout((_8, _8), (_8, _1)),
        );
        assert_eq!(sl.to_string(), "Sw<3,4,3> o _0 o (_8,_8):(_8,_1)");
        let s: _64 = size(sl);
        let cs: _64 = sl.cosize();
        assert_eq!((s.value(), cs.value(), rank(&sl)), (64, 64, 2));
        assert_eq!(
            crate::util::print::display(&sl.shape()).to_string(),
            "(_8,_8)"
        );
        let st: _29 = sl.call((_3, _5));
        assert_eq!((st.value(), sl.call((3, 5))), (29, 29));
        assert_eq!(sl.get::<1>().to_string(), "Sw<3,4,3> o _0 o _8:_1");
        // C++: (i % 8) * 8 + i / 8 for i < 64 (the swizzle reads bits 7..9)
        for i in 0..64 {
            assert_eq!(sl.call(i), (i % 8) * 8 + i / 8);
        }
    }

    #[test]
    fn swizzle_with_offset_and_dynamic_shape() {
        // C++: composition(Swizzle<2,1,-4>{}, Int<4>{}, make_layout(make_shape(8,Int<4>{})))
        let sl = make_composed_layout(
            Swizzle::<_2, _1, _m4>::new(),
            _4,
            make_layout((8, _4), (_1, 8)),
        );
        assert_eq!(sl.to_string(), "Sw<2,1,-4> o _4 o (8,_4):(_1,8)");
        let expect = [
            68, 69, 102, 103, 8, 9, 42, 43, 76, 77, 110, 111, 16, 17, 50, 51, 84, 85, 118, 119, 24,
            25, 58, 59, 92, 93, 126, 127, 32, 33, 2, 3,
        ];
        for (i, e) in expect.into_iter().enumerate() {
            assert_eq!(sl.call(i as i32), e, "at {i}");
        }
        assert_eq!(size(sl), 32);
    }
}
