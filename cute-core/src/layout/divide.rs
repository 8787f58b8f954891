//! `logical_divide`, `zipped_divide`, `tiled_divide`, `flat_divide` (part of `cute/layout.hpp`),
//! with the machinery they share with the products: applying an operation with a *tiler*
//! (a layout, an integer `n` standing for `n:1`, `X` leaving a mode alone, or a tuple of
//! tilers applied mode by mode) and C++'s `zip2_by`, which gathers the tile and rest modes.

use crate::algorithm::tuple_algorithms::{Concat, TupleCat};
use crate::container::tuple::{Prepend, Split, Tuple};
use crate::int_tuple::IntTuple;
use crate::layout::coalesce::Coalesce;
use crate::layout::complement::Complement;
use crate::layout::composition::{composition, Composition};
use crate::layout::{Layout, LayoutLeft, Modes, StrideFor};
use crate::numeric::integral_constant::{Bool, C};
use crate::numeric::{Integer, B0, B1};
use crate::underscore::Underscore;

// ---------------------------------------------------------------------------------------------
// Operations with a tiler
// ---------------------------------------------------------------------------------------------

/// An operation of a layout with a layout (`logical_divide`, `logical_product`), the case a
/// tiler reduces to.
#[doc(hidden)]
pub trait LayoutOp<L, T> {
    type Shape: IntTuple;
    type Stride: IntTuple;
    fn apply(l: L, t: T) -> Layout<Self::Shape, Self::Stride>;
}

/// A layout combined with a tiler by the operation `Op`: a layout tiler is `Op` itself, an
/// integer `n` is the layout `n:1`, `X` keeps the layout, a tuple applies element `k` to mode
/// `k` and keeps the modes past the tuple's length.
#[diagnostic::on_unimplemented(
    message = "logical_divide/logical_product: the tiler is not a layout, an integer, `X` or a tuple of those with at most as many modes as the layout",
    note = "a tuple tiler is applied mode by mode: element k acts on mode k of the layout"
)]
pub trait ByTiler<Op, T> {
    /// The result's shape.
    type Shape: IntTuple;
    /// The result's stride.
    type Stride: IntTuple;
    /// Applies the operation.
    fn by_tiler(self, t: T) -> Layout<Self::Shape, Self::Stride>;
}
/// The layout type of `L` combined with the tiler `T` by `Op`.
pub type ByTilerOf<Op, L, T> = Layout<<L as ByTiler<Op, T>>::Shape, <L as ByTiler<Op, T>>::Stride>;

impl<Op, S, D, T> ByTiler<Op, T> for Layout<S, D>
where
    T: Tiler<Op, Layout<S, D>>,
{
    type Shape = T::Shape;
    type Stride = T::Stride;
    #[inline(always)]
    fn by_tiler(self, t: T) -> Layout<Self::Shape, Self::Stride> {
        t.apply_to(self)
    }
}

/// A tiler element applied to a layout `L` by `Op`. The recursion walks the tiler (the
/// `Self` type), so the solver always knows which impl applies.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "logical_divide/logical_product: the tiler is not a layout, an integer, `X` or a tuple of those with at most as many modes as the layout"
)]
pub trait Tiler<Op, L> {
    type Shape: IntTuple;
    type Stride: IntTuple;
    fn apply_to(self, l: L) -> Layout<Self::Shape, Self::Stride>;
}

impl<Op, L, TS, TD> Tiler<Op, L> for Layout<TS, TD>
where
    Op: LayoutOp<L, Layout<TS, TD>>,
{
    type Shape = Op::Shape;
    type Stride = Op::Stride;
    #[inline(always)]
    fn apply_to(self, l: L) -> Layout<Self::Shape, Self::Stride> {
        Op::apply(l, self)
    }
}

impl<Op, S: IntTuple, D: IntTuple> Tiler<Op, Layout<S, D>> for Underscore {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn apply_to(self, l: Layout<S, D>) -> Layout<S, D> {
        l
    }
}

macro_rules! integer_tiler {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<Op, L, $($g)*> Tiler<Op, L> for $t
        where
            LayoutLeft: StrideFor<$t>,
            $t: IntTuple,
            Layout<$t, <LayoutLeft as StrideFor<$t>>::Stride>: Tiler<Op, L>,
        {
            type Shape = <Layout<$t, <LayoutLeft as StrideFor<$t>>::Stride> as Tiler<Op, L>>::Shape;
            type Stride = <Layout<$t, <LayoutLeft as StrideFor<$t>>::Stride> as Tiler<Op, L>>::Stride;
            #[inline(always)]
            fn apply_to(self, l: L) -> Layout<Self::Shape, Self::Stride> {
                Layout::new(self, LayoutLeft.stride_for(self)).apply_to(l)
            }
        }
    )*};
}
integer_tiler!([N: Integer + 'static] C<N>, [] i32, [] i64);

impl<Op, S, D, T> Tiler<Op, Layout<S, D>> for T
where
    T: Split + ModeWise<Op, S::Output, D::Output>,
    S: Modes,
    D: Modes,
    <T as ModeWise<Op, S::Output, D::Output>>::Shape: IntTuple,
    <T as ModeWise<Op, S::Output, D::Output>>::Stride: IntTuple,
{
    type Shape = <T as ModeWise<Op, S::Output, D::Output>>::Shape;
    type Stride = <T as ModeWise<Op, S::Output, D::Output>>::Stride;
    #[inline(always)]
    fn apply_to(self, l: Layout<S, D>) -> Layout<Self::Shape, Self::Stride> {
        let (s, d) = self.mode_wise(l.shape.modes(), l.stride.modes());
        Layout::new(s, d)
    }
}

/// A tuple tiler applied element by element to the modes `(SS, DD)` of a layout; the modes
/// past the tiler are kept.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "logical_divide/logical_product: the tiler has more modes than the layout"
)]
pub trait ModeWise<Op, SS, DD> {
    type Shape: Tuple;
    type Stride: Tuple;
    fn mode_wise(self, s: SS, d: DD) -> (Self::Shape, Self::Stride);
}
impl<Op, SS: Tuple, DD: Tuple> ModeWise<Op, SS, DD> for () {
    type Shape = SS;
    type Stride = DD;
    #[inline(always)]
    fn mode_wise(self, s: SS, d: DD) -> (SS, DD) {
        (s, d)
    }
}
impl<Op, SS, DD, T> ModeWise<Op, SS, DD> for T
where
    T: Split,
    SS: Split,
    DD: Split,
    T::Head: Tiler<Op, Layout<SS::Head, DD::Head>>,
    T::Tail: ModeWise<Op, SS::Tail, DD::Tail>,
    <T::Tail as ModeWise<Op, SS::Tail, DD::Tail>>::Shape:
        Prepend<<T::Head as Tiler<Op, Layout<SS::Head, DD::Head>>>::Shape>,
    <T::Tail as ModeWise<Op, SS::Tail, DD::Tail>>::Stride:
        Prepend<<T::Head as Tiler<Op, Layout<SS::Head, DD::Head>>>::Stride>,
{
    type Shape = <<T::Tail as ModeWise<Op, SS::Tail, DD::Tail>>::Shape as Prepend<
        <T::Head as Tiler<Op, Layout<SS::Head, DD::Head>>>::Shape,
    >>::Output;
    type Stride = <<T::Tail as ModeWise<Op, SS::Tail, DD::Tail>>::Stride as Prepend<
        <T::Head as Tiler<Op, Layout<SS::Head, DD::Head>>>::Stride,
    >>::Output;
    #[inline(always)]
    fn mode_wise(self, s: SS, d: DD) -> (Self::Shape, Self::Stride) {
        let (s0, s) = s.split();
        let (d0, d) = d.split();
        let (t0, t) = self.split();
        let head = t0.apply_to(Layout {
            shape: s0,
            stride: d0,
        });
        let (rs, rd) = t.mode_wise(s, d);
        (rs.prepend(head.shape()), rd.prepend(head.stride()))
    }
}

// ---------------------------------------------------------------------------------------------
// zip2_by
// ---------------------------------------------------------------------------------------------

/// Whether a tiler element is a tuple (the guide of `zip2_by` recurses into tuples only).
#[doc(hidden)]
pub trait TilerKind {
    type IsTuple: Bool;
}
impl<S, D> TilerKind for Layout<S, D> {
    type IsTuple = B0;
}
impl TilerKind for Underscore {
    type IsTuple = B0;
}
impl<N> TilerKind for C<N> {
    type IsTuple = B0;
}
impl TilerKind for i32 {
    type IsTuple = B0;
}
impl TilerKind for i64 {
    type IsTuple = B0;
}
impl TilerKind for () {
    type IsTuple = B1;
}
impl<T: Split> TilerKind for T {
    type IsTuple = B1;
}

/// C++'s `zip2_by(t, guide)`: `t` has a rank-2 mode `(tile, rest)` at each terminal of the
/// guide; the result is `((tiles...), (rests..., modes of t past the guide...))`.
#[diagnostic::on_unimplemented(
    message = "zipped_divide/zipped_product: a tiled mode is not the rank-2 (tile, rest) pair the tiler leads to"
)]
pub trait Zip2By<G> {
    /// The zipped tuple.
    type Output: IntTuple;
    /// Zips.
    fn zip2_by(self, guide: G) -> Self::Output;
}
impl<T, G: TilerKind> Zip2By<G> for T
where
    T: Zip2ByAt<G, G::IsTuple>,
{
    type Output = <T as Zip2ByAt<G, G::IsTuple>>::Output;
    #[inline(always)]
    fn zip2_by(self, guide: G) -> Self::Output {
        Zip2ByAt::<G, G::IsTuple>::zip2_by_at(self, guide)
    }
}
#[doc(hidden)]
pub trait Zip2ByAt<G, IsTuple> {
    type Output: IntTuple;
    fn zip2_by_at(self, guide: G) -> Self::Output;
}
impl<A, B, G> Zip2ByAt<G, B0> for (A, B)
where
    (A, B): IntTuple,
{
    type Output = (A, B);
    #[inline(always)]
    fn zip2_by_at(self, _: G) -> (A, B) {
        self
    }
}
impl<T, G> Zip2ByAt<G, B1> for T
where
    G: Zip2Acc<T>,
    (G::Tiles, G::Rests): IntTuple,
{
    type Output = (G::Tiles, G::Rests);
    #[inline(always)]
    fn zip2_by_at(self, guide: G) -> Self::Output {
        guide.zip2_acc(self)
    }
}
/// The tiles and the rests of the first `rank(G)` modes of `T`, then the other modes of `T`
/// as rests. The recursion walks the guide (`Self`).
#[doc(hidden)]
pub trait Zip2Acc<T> {
    type Tiles: Tuple;
    type Rests: Tuple;
    fn zip2_acc(self, t: T) -> (Self::Tiles, Self::Rests);
}
impl<T: Tuple> Zip2Acc<T> for () {
    type Tiles = ();
    type Rests = T;
    #[inline(always)]
    fn zip2_acc(self, t: T) -> ((), T) {
        ((), t)
    }
}
impl<T, G> Zip2Acc<T> for G
where
    T: Split,
    G: Split,
    T::Head: Zip2By<G::Head>,
    <T::Head as Zip2By<G::Head>>::Output: Split,
    <<T::Head as Zip2By<G::Head>>::Output as Split>::Tail: Split,
    G::Tail: Zip2Acc<T::Tail>,
    <G::Tail as Zip2Acc<T::Tail>>::Tiles:
        Prepend<<<T::Head as Zip2By<G::Head>>::Output as Split>::Head>,
    <G::Tail as Zip2Acc<T::Tail>>::Rests:
        Prepend<<<<T::Head as Zip2By<G::Head>>::Output as Split>::Tail as Split>::Head>,
{
    type Tiles = <<G::Tail as Zip2Acc<T::Tail>>::Tiles as Prepend<
        <<T::Head as Zip2By<G::Head>>::Output as Split>::Head,
    >>::Output;
    type Rests = <<G::Tail as Zip2Acc<T::Tail>>::Rests as Prepend<
        <<<T::Head as Zip2By<G::Head>>::Output as Split>::Tail as Split>::Head,
    >>::Output;
    #[inline(always)]
    fn zip2_acc(self, t: T) -> (Self::Tiles, Self::Rests) {
        let (t0, t) = t.split();
        let (g0, g) = self.split();
        let (tile, rest) = t0.zip2_by(g0).split();
        let (tiles, rests) = g.zip2_acc(t);
        (tiles.prepend(tile), rests.prepend(rest.split().0))
    }
}

/// C++'s `tile_unzip(layout, tiler)`: `zip2_by` on the shape and on the stride.
#[doc(hidden)]
pub type TileUnzipOf<L, T> = Layout<
    <<L as LayoutParts>::Shape as Zip2By<T>>::Output,
    <<L as LayoutParts>::Stride as Zip2By<T>>::Output,
>;
/// A layout's shape and stride types.
#[doc(hidden)]
pub trait LayoutParts {
    type Shape: IntTuple;
    type Stride: IntTuple;
}
impl<S: IntTuple, D: IntTuple> LayoutParts for Layout<S, D> {
    type Shape = S;
    type Stride = D;
}
#[inline(always)]
pub(crate) fn tile_unzip<S, D, T: Copy>(l: Layout<S, D>, t: T) -> TileUnzipOf<Layout<S, D>, T>
where
    S: IntTuple + Zip2By<T>,
    D: IntTuple + Zip2By<T>,
{
    Layout::new(l.shape().zip2_by(t), l.stride().zip2_by(t))
}

/// A rank-2 layout `((A...),(B...))` unpacked one level: `tiled` keeps mode 0 and splices the
/// modes of mode 1 (`(A, B...)`), `flat` splices both (`(A..., B...)`).
#[doc(hidden)]
pub trait Unpack2 {
    type Tiled: IntTuple;
    type Flat: IntTuple;
    fn tiled(self) -> Self::Tiled;
    fn flat(self) -> Self::Flat;
}
impl<A, B> Unpack2 for (A, B)
where
    A: Modes,
    B: Modes,
    B::Output: Prepend<A> + Concat<()>,
    A::Output: Concat<B::Output>,
    <B::Output as Prepend<A>>::Output: IntTuple,
    TupleCat<A::Output, B::Output>: IntTuple,
{
    type Tiled = <B::Output as Prepend<A>>::Output;
    type Flat = TupleCat<A::Output, B::Output>;
    #[inline(always)]
    fn tiled(self) -> Self::Tiled {
        self.1.modes().prepend(self.0)
    }
    #[inline(always)]
    fn flat(self) -> Self::Flat {
        self.0.modes().concat(self.1.modes())
    }
}

// ---------------------------------------------------------------------------------------------
// logical_divide and friends
// ---------------------------------------------------------------------------------------------

/// The divide of a layout by a layout: `composition(A, make_layout(B, complement(B,
/// shape(coalesce(A)))))`.
#[doc(hidden)]
#[derive(Clone, Copy, Default)]
pub struct DivideOp;
impl<S, D, TS, TD> LayoutOp<Layout<S, D>, Layout<TS, TD>> for DivideOp
where
    S: IntTuple,
    D: IntTuple,
    TS: IntTuple,
    TD: IntTuple,
    Layout<S, D>: Coalesce,
    Layout<TS, TD>: Complement<<Layout<S, D> as Coalesce>::Shape>,
    (
        TS,
        <Layout<TS, TD> as Complement<<Layout<S, D> as Coalesce>::Shape>>::Shape,
    ): IntTuple,
    (
        TD,
        <Layout<TS, TD> as Complement<<Layout<S, D> as Coalesce>::Shape>>::Stride,
    ): IntTuple,
    Layout<S, D>: Composition<
        Layout<
            (
                TS,
                <Layout<TS, TD> as Complement<<Layout<S, D> as Coalesce>::Shape>>::Shape,
            ),
            (
                TD,
                <Layout<TS, TD> as Complement<<Layout<S, D> as Coalesce>::Shape>>::Stride,
            ),
        >,
    >,
{
    type Shape = <Layout<S, D> as Composition<
        Layout<
            (
                TS,
                <Layout<TS, TD> as Complement<<Layout<S, D> as Coalesce>::Shape>>::Shape,
            ),
            (
                TD,
                <Layout<TS, TD> as Complement<<Layout<S, D> as Coalesce>::Shape>>::Stride,
            ),
        >,
    >>::Shape;
    type Stride = <Layout<S, D> as Composition<
        Layout<
            (
                TS,
                <Layout<TS, TD> as Complement<<Layout<S, D> as Coalesce>::Shape>>::Shape,
            ),
            (
                TD,
                <Layout<TS, TD> as Complement<<Layout<S, D> as Coalesce>::Shape>>::Stride,
            ),
        >,
    >>::Stride;
    #[inline(always)]
    fn apply(a: Layout<S, D>, b: Layout<TS, TD>) -> Layout<Self::Shape, Self::Stride> {
        let rest = b.complement(a.coalesce().shape());
        let divisor = Layout::new((b.shape(), rest.shape()), (b.stride(), rest.stride()));
        composition(a, divisor)
    }
}

/// The layout type of `logical_divide(L, T)`.
pub type LogicalDivideOf<L, T> = ByTilerOf<DivideOp, L, T>;

/// `logical_divide(layout, tiler)` (C++ `cute::logical_divide`): splits each mode the tiler
/// reaches into `(tile, rest)`: the elements the tile selects and the repetitions of the tile.
///
/// # Math
/// For a layout tiler `B`: `A ∘ (B, B*)` with `B* = complement(B, shape(coalesce(A)))`. An
/// integer `n` stands for `n:1`; `X` leaves a mode as it is; a tuple tiler divides mode `k` of
/// `A` by element `k` and keeps the modes it does not reach.
///
/// # Preconditions
/// Those of [`complement`](crate::layout::complement::complement) of the tiler and of
/// [`composition`]: a tile that does not divide the layout's shape fails to compile with
/// composition's sentence (or, for dynamic values, `debug_assert!`s it).
///
/// # Postconditions
/// 1. For a layout tiler the result has rank 2: mode 0 is `A ∘ B`, of size `size(B)`.
/// 2. `size(result) == size(A)`, and the result is `A` on a permuted domain.
/// 3. Static inputs give a static, zero-sized result.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// // CuTe's layout algebra guide: (4,2,3):(2,1,8) divided by 4:2
/// let a = make_layout((_4, _2, _3), (_2, _1, _8));
/// let r = logical_divide(a, make_layout(_4, _2));
/// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// // a tuple tiler: mode 0 by 3:3, mode 1 by (2,4):(1,8)
/// let a = make_layout((_9, (_4, _8)), (_59, (_13, _1)));
/// let t = (make_layout(_3, _3), make_layout((_2, _4), (_1, _8)));
/// assert_eq!(
///     logical_divide(a, t).to_string(),
///     "((_3,_3),((_2,_4),(_2,_2))):((_177,_59),((_13,_2),(_26,_1)))"
/// );
/// ```
#[inline(always)]
pub fn logical_divide<L, T>(layout: L, tiler: T) -> LogicalDivideOf<L, T>
where
    L: ByTiler<DivideOp, T>,
{
    layout.by_tiler(tiler)
}

/// The layout type of `zipped_divide(L, T)`.
pub type ZippedDivideOf<L, T> = TileUnzipOf<LogicalDivideOf<L, T>, T>;

/// `zipped_divide(layout, tiler)` (C++ `cute::zipped_divide`): `logical_divide` with the tiles
/// gathered in mode 0 and the rests in mode 1: `((TileM,TileN,...),(RestM,RestN,...))`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let a = make_layout((_8, _24), (_1, _8));
/// let z = zipped_divide(a, (_4, _8));
/// assert_eq!(z.to_string(), "((_4,_8),(_2,_3)):((_1,_8),(_4,_64))");
/// let z = zipped_divide(make_layout((8, 24), (1, 8)), (_4, _8));
/// assert_eq!(display(&z.shape()).to_string(), "((_4,_8),(2,3))");
/// ```
#[inline(always)]
pub fn zipped_divide<L, T: Copy, S, D>(layout: L, tiler: T) -> ZippedDivideOf<L, T>
where
    L: ByTiler<DivideOp, T, Shape = S, Stride = D>,
    S: IntTuple + Zip2By<T>,
    D: IntTuple + Zip2By<T>,
{
    tile_unzip(layout.by_tiler(tiler), tiler)
}

/// The layout type of `tiled_divide(L, T)`.
pub type TiledDivideOf<L, T> = Layout<
    <<ZippedDivideOf<L, T> as LayoutParts>::Shape as Unpack2>::Tiled,
    <<ZippedDivideOf<L, T> as LayoutParts>::Stride as Unpack2>::Tiled,
>;

/// `tiled_divide(layout, tiler)` (C++ `cute::tiled_divide`): `zipped_divide` with the rest
/// modes unpacked: `((TileM,TileN,...),RestM,RestN,...)`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let a = make_layout((_8, _24), (_1, _8));
/// assert_eq!(tiled_divide(a, (_4, _8)).to_string(), "((_4,_8),_2,_3):((_1,_8),_4,_64)");
/// ```
#[inline(always)]
pub fn tiled_divide<L, T: Copy, S, D>(layout: L, tiler: T) -> TiledDivideOf<L, T>
where
    L: ByTiler<DivideOp, T, Shape = S, Stride = D>,
    S: IntTuple + Zip2By<T>,
    D: IntTuple + Zip2By<T>,
    <S as Zip2By<T>>::Output: Unpack2,
    <D as Zip2By<T>>::Output: Unpack2,
{
    let z = zipped_divide(layout, tiler);
    Layout::new(z.shape().tiled(), z.stride().tiled())
}

/// The layout type of `flat_divide(L, T)`.
pub type FlatDivideOf<L, T> = Layout<
    <<ZippedDivideOf<L, T> as LayoutParts>::Shape as Unpack2>::Flat,
    <<ZippedDivideOf<L, T> as LayoutParts>::Stride as Unpack2>::Flat,
>;

/// `flat_divide(layout, tiler)` (C++ `cute::flat_divide`): `zipped_divide` with both modes
/// unpacked: `(TileM,TileN,...,RestM,RestN,...)`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let a = make_layout((_8, _24), (_1, _8));
/// assert_eq!(flat_divide(a, (_4, _8)).to_string(), "(_4,_8,_2,_3):(_1,_8,_4,_64)");
/// ```
#[inline(always)]
pub fn flat_divide<L, T: Copy, S, D>(layout: L, tiler: T) -> FlatDivideOf<L, T>
where
    L: ByTiler<DivideOp, T, Shape = S, Stride = D>,
    S: IntTuple + Zip2By<T>,
    D: IntTuple + Zip2By<T>,
    <S as Zip2By<T>>::Output: Unpack2,
    <D as Zip2By<T>>::Output: Unpack2,
{
    let z = zipped_divide(layout, tiler);
    Layout::new(z.shape().flat(), z.stride().flat())
}

#[cfg(all(test, feature = "alloc"))]
pub(crate) mod tests {
    use super::*;
    use crate::layout::make_layout;
    use crate::numeric::aliases::*;
    use crate::numeric::integral_constant::Integral;
    use crate::underscore::X;
    use crate::util::print::CutePrint;
    use core::str::FromStr;
    use std::string::ToString;

    /// `got` is the layout `expected` (CuTe notation) as a function: same rank, same size,
    /// the same offset at every index (check.py's `func` comparison, minus per-mode sizes).
    pub(crate) fn assert_same_function<S, D>(got: Layout<S, D>, expected: &str)
    where
        S: IntTuple,
        D: IntTuple,
        i32: crate::int_tuple::Crd2Idx<S, D>,
        Layout<S, D>: CutePrint,
    {
        let e = crate::dynamic::Layout::from_str(expected).unwrap();
        let n = got.size().value();
        let shown = crate::util::print::display(&got).to_string();
        assert_eq!(S::RANK, e.rank(), "rank of {shown} vs {expected}");
        assert_eq!(
            n,
            crate::dynamic::size(&e).unwrap().value,
            "size of {shown} vs {expected}"
        );
        for i in 0..n {
            assert_eq!(
                got.call(i as i32).value(),
                e.eval(i).unwrap(),
                "{shown} vs {expected} at {i}"
            );
        }
    }

    #[test]
    fn oracle_divides_static_and_dynamic() {
        // expected values: ../shared/oracle/public.jsonl (pycute, checked against C++)
        let a = make_layout((_4, _2, _3), (_2, _1, _8));
        assert_same_function(
            logical_divide(a, make_layout(_4, _2)),
            "((2,2),(2,3)):((4,1),(2,8))",
        );
        let a = make_layout(((_32,), (_2, _2)), ((_2,), (_256, _1)));
        assert_same_function(
            zipped_divide(a, make_layout(_16, _2)),
            "(16,(2,(2,2))):(4,(2,(256,1)))",
        );
        assert_same_function(
            zipped_divide(make_layout(_2, _1), make_layout(_1, _4)),
            "(1,2):(4,1)",
        );
        assert_same_function(
            zipped_divide(make_layout((_2,), (_1,)), (make_layout(_1, _2),)),
            "((1),(2)):((2),(1))",
        );
        let a = make_layout(((_3, _2), (_6, _8)), ((_96, _864), (_1, _6)));
        assert_same_function(
            logical_divide(a, (_1, _2)),
            "((1,(3,2)),(2,24)):((864,(96,864)),(1,2))",
        );
        let a = make_layout((_8, _24), (_1, _8));
        assert_same_function(tiled_divide(a, (_4, _8)), "((4,8),2,3):((1,8),4,64)");
        assert_same_function(flat_divide(a, (_4, _8)), "(4,8,2,3):(1,8,4,64)");
        assert_same_function(logical_divide(a, (X, _8)), "(8,(8,3)):(1,(8,64))");
        // dynamic values: the same functions
        let a = make_layout((8, 24), (1, 8));
        assert_same_function(zipped_divide(a, (_4, _8)), "((4,8),(2,3)):((1,8),(4,64))");
        assert_same_function(
            logical_divide(make_layout((4, 2, 3), (2, 1, 8)), make_layout(4, 2)),
            "((2,2),(2,3)):((4,1),(2,8))",
        );
    }

    #[test]
    fn static_divides_are_zero_sized_types() {
        let r: Layout<((_2, _2), (_2, _3)), ((_4, _1), (_2, _8))> =
            logical_divide(make_layout((_4, _2, _3), (_2, _1, _8)), make_layout(_4, _2));
        assert_eq!(core::mem::size_of_val(&r), 0);
        let z = zipped_divide(make_layout((_8, _24), (_1, _8)), (_4, _8));
        assert_eq!(z.to_string(), "((_4,_8),(_2,_3)):((_1,_8),(_4,_64))");
        assert_eq!(core::mem::size_of_val(&z), 0);
    }
}
