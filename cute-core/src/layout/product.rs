//! `logical_product`, `zipped_product`, `tiled_product`, `flat_product`, `blocked_product`,
//! `raked_product`, `tile_to_shape` (part of `cute/layout.hpp`).
//!
//! The tiler machinery (layout, integer, `X` or tuple tilers; `zip2_by`) is shared with the
//! divides, in [`divide`](super::divide).

use crate::algorithm::tuple_algorithms::{Fun2, Transform2};
use crate::int_tuple::IntTuple;
use crate::int_tuple::{
    CeilDiv, CeilDivOf, EvenlyDivides, IsEvenlyDivided, ProductEach, ProductEachOf, Truth,
};
use crate::layout::complement::Complement;
use crate::layout::composition::{composition, Composition};
use crate::layout::divide::{
    ByTiler, ByTilerOf, LayoutOp, LayoutParts, TileUnzipOf, Unpack2, Zip2By,
};
use crate::layout::{
    append_to_rank, AppendToRankFn, Cosize, CosizeSum, Layout, LayoutLeft, LayoutRight, Modes,
    StaticRank, StrideFor, ZipModes, ZipModesOf,
};
use crate::layout_composed::{make_composed_layout, ComposedLayout};
use crate::numeric::aliases::{_0, _1};
use crate::numeric::arithmetic::{IntMax, IntMul, Maximum, Prod};
use crate::stride::{CompactMajor, CompactOrder, CompactOrderOf};
use crate::util::print::display;

/// The product of a layout by a layout: `make_layout(A, composition(complement(A,
/// size(A) * cosize(B)), B))`.
#[doc(hidden)]
#[derive(Clone, Copy, Default)]
pub struct ProductOp;
impl<S, D, TS, TD> LayoutOp<Layout<S, D>, Layout<TS, TD>> for ProductOp
where
    S: IntTuple,
    D: IntTuple,
    TS: IntTuple + CosizeSum<TD>,
    TD: IntTuple,
    S::Size: IntMul<Cosize<TS, TD>>,
    Layout<S, D>: Complement<Prod<S::Size, Cosize<TS, TD>>>,
    Layout<
        <Layout<S, D> as Complement<Prod<S::Size, Cosize<TS, TD>>>>::Shape,
        <Layout<S, D> as Complement<Prod<S::Size, Cosize<TS, TD>>>>::Stride,
    >: Composition<Layout<TS, TD>>,
    (
        S,
        <Layout<
            <Layout<S, D> as Complement<Prod<S::Size, Cosize<TS, TD>>>>::Shape,
            <Layout<S, D> as Complement<Prod<S::Size, Cosize<TS, TD>>>>::Stride,
        > as Composition<Layout<TS, TD>>>::Shape,
    ): IntTuple,
    (
        D,
        <Layout<
            <Layout<S, D> as Complement<Prod<S::Size, Cosize<TS, TD>>>>::Shape,
            <Layout<S, D> as Complement<Prod<S::Size, Cosize<TS, TD>>>>::Stride,
        > as Composition<Layout<TS, TD>>>::Stride,
    ): IntTuple,
{
    type Shape = (
        S,
        <Layout<
            <Layout<S, D> as Complement<Prod<S::Size, Cosize<TS, TD>>>>::Shape,
            <Layout<S, D> as Complement<Prod<S::Size, Cosize<TS, TD>>>>::Stride,
        > as Composition<Layout<TS, TD>>>::Shape,
    );
    type Stride = (
        D,
        <Layout<
            <Layout<S, D> as Complement<Prod<S::Size, Cosize<TS, TD>>>>::Shape,
            <Layout<S, D> as Complement<Prod<S::Size, Cosize<TS, TD>>>>::Stride,
        > as Composition<Layout<TS, TD>>>::Stride,
    );
    #[inline(always)]
    fn apply(a: Layout<S, D>, b: Layout<TS, TD>) -> Layout<Self::Shape, Self::Stride> {
        let rest = composition(a.complement(a.size().mul(b.cosize())), b);
        Layout::new((a.shape(), rest.shape()), (a.stride(), rest.stride()))
    }
}

/// The layout type of `logical_product(L, T)`.
pub type LogicalProductOf<L, T> = ByTilerOf<ProductOp, L, T>;

/// `logical_product(block, tiler)` (C++ `cute::logical_product`): the block repeated as the
/// tiler says, as a rank-2 layout `(block, repetitions)`.
///
/// # Math
/// For a layout tiler `B`: `(A, complement(A, size(A)*cosize(B)) ∘ B)`. An integer `n` stands
/// for `n:1`; `X` leaves a mode; a tuple tiler multiplies mode `k` by element `k`.
///
/// # Postconditions
/// 1. Mode 0 of the result is `A`; mode 1 has the shape of `B`.
/// 2. The result is injective when `A` is, and static when the inputs are.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// // CuTe's layout algebra guide: (2,2):(4,1) times (2,3):(1,2)... as a 1-D product
/// let a = make_layout((_2, _2), (_4, _1));
/// let r = logical_product(a, make_layout((_2, _3), (_1, _2)));
/// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// // dynamic values do not coalesce: the rest mode keeps its (size-1) parts
/// let r = logical_product(make_layout(2, 1), make_layout(_4, _1));
/// assert_eq!(r.to_string(), "(2,(1,4)):(1,(_1,2))");
/// ```
#[inline(always)]
pub fn logical_product<L, T>(block: L, tiler: T) -> LogicalProductOf<L, T>
where
    L: ByTiler<ProductOp, T>,
{
    block.by_tiler(tiler)
}

/// The layout type of `zipped_product(L, T)`.
pub type ZippedProductOf<L, T> = TileUnzipOf<LogicalProductOf<L, T>, T>;

/// `zipped_product(block, tiler)` (C++ `cute::zipped_product`): `logical_product` with the
/// blocks gathered in mode 0 and the repetitions in mode 1.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let a = make_layout((_2, _2), (_4, _1));
/// let r = zipped_product(a, (make_layout(_2, _1), make_layout(_3, _1)));
/// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_1,_2))");
/// ```
#[inline(always)]
pub fn zipped_product<L, T: Copy, S, D>(block: L, tiler: T) -> ZippedProductOf<L, T>
where
    L: ByTiler<ProductOp, T, Shape = S, Stride = D>,
    S: IntTuple + Zip2By<T>,
    D: IntTuple + Zip2By<T>,
{
    let p = block.by_tiler(tiler);
    Layout::new(p.shape().zip2_by(tiler), p.stride().zip2_by(tiler))
}

/// The layout type of `tiled_product(L, T)`.
pub type TiledProductOf<L, T> = Layout<
    <<ZippedProductOf<L, T> as LayoutParts>::Shape as Unpack2>::Tiled,
    <<ZippedProductOf<L, T> as LayoutParts>::Stride as Unpack2>::Tiled,
>;

/// `tiled_product(block, tiler)` (C++ `cute::tiled_product`): `zipped_product` with the
/// repetition modes unpacked.
#[inline(always)]
pub fn tiled_product<L, T: Copy, S, D>(block: L, tiler: T) -> TiledProductOf<L, T>
where
    L: ByTiler<ProductOp, T, Shape = S, Stride = D>,
    S: IntTuple + Zip2By<T>,
    D: IntTuple + Zip2By<T>,
    <S as Zip2By<T>>::Output: Unpack2,
    <D as Zip2By<T>>::Output: Unpack2,
{
    let z = zipped_product(block, tiler);
    Layout::new(z.shape().tiled(), z.stride().tiled())
}

/// The layout type of `flat_product(L, T)`.
pub type FlatProductOf<L, T> = Layout<
    <<ZippedProductOf<L, T> as LayoutParts>::Shape as Unpack2>::Flat,
    <<ZippedProductOf<L, T> as LayoutParts>::Stride as Unpack2>::Flat,
>;

/// `flat_product(block, tiler)` (C++ `cute::flat_product`): `zipped_product` with both modes
/// unpacked.
#[inline(always)]
pub fn flat_product<L, T: Copy, S, D>(block: L, tiler: T) -> FlatProductOf<L, T>
where
    L: ByTiler<ProductOp, T, Shape = S, Stride = D>,
    S: IntTuple + Zip2By<T>,
    D: IntTuple + Zip2By<T>,
    <S as Zip2By<T>>::Output: Unpack2,
    <D as Zip2By<T>>::Output: Unpack2,
{
    let z = zipped_product(block, tiler);
    Layout::new(z.shape().flat(), z.stride().flat())
}

// ---------------------------------------------------------------------------------------------
// Rank-sensitive products
// ---------------------------------------------------------------------------------------------

/// `(x, y)` as a function value: zipping two tuples mode by mode.
#[doc(hidden)]
#[derive(Clone, Copy, Default)]
pub struct PairFn;
impl<X: Copy + 'static, Y: Copy + 'static> Fun2<X, Y> for PairFn {
    type Output = (X, Y);
    #[inline(always)]
    fn call(&self, x: X, y: Y) -> (X, Y) {
        (x, y)
    }
}

/// The static rank `max(rank(A), rank(B))` of two layouts' shapes.
#[doc(hidden)]
pub type MaxRank<SA, SB> = Maximum<
    <<SA as Modes>::Output as StaticRank>::Output,
    <<SB as Modes>::Output as StaticRank>::Output,
>;

/// `append<R>(layout, _1:_0)`: the layout padded to rank `R` with `_1:_0` modes.
#[doc(hidden)]
pub type PaddedOf<L, R> = ZipModesOf<L, Layout<_1, _0>, AppendToRankFn<R>>;

/// A pair of layouts padded to their common rank and multiplied as layouts, ready to be
/// zipped into `blocked_product`/`raked_product`.
#[doc(hidden)]
pub trait RankedProduct<B> {
    /// The block padded to the common rank, as a tuple of modes (shape, stride).
    type BlockShape: IntTuple;
    type BlockStride: IntTuple;
    /// The repetitions, mode by mode.
    type RepShape: IntTuple;
    type RepStride: IntTuple;
    fn ranked_product(
        self,
        tiler: B,
    ) -> (
        Layout<Self::BlockShape, Self::BlockStride>,
        Layout<Self::RepShape, Self::RepStride>,
    );
}
impl<SA, DA, SB, DB> RankedProduct<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: IntTuple + Modes,
    DA: IntTuple,
    SB: IntTuple + Modes,
    DB: IntTuple,
    <SA as Modes>::Output: StaticRank,
    <SB as Modes>::Output: StaticRank,
    <<SA as Modes>::Output as StaticRank>::Output:
        IntMax<<<SB as Modes>::Output as StaticRank>::Output>,
    Layout<SA, DA>: ZipModes<AppendToRankFn<MaxRank<SA, SB>>, Layout<_1, _0>>,
    Layout<SB, DB>: ZipModes<AppendToRankFn<MaxRank<SA, SB>>, Layout<_1, _0>>,
    ProductOp: LayoutOp<
        PaddedOf<Layout<SA, DA>, MaxRank<SA, SB>>,
        PaddedOf<Layout<SB, DB>, MaxRank<SA, SB>>,
    >,
    <ProductOp as LayoutOp<
        PaddedOf<Layout<SA, DA>, MaxRank<SA, SB>>,
        PaddedOf<Layout<SB, DB>, MaxRank<SA, SB>>,
    >>::Shape: Pair2,
    <ProductOp as LayoutOp<
        PaddedOf<Layout<SA, DA>, MaxRank<SA, SB>>,
        PaddedOf<Layout<SB, DB>, MaxRank<SA, SB>>,
    >>::Stride: Pair2,
{
    type BlockShape = <<ProductOp as LayoutOp<
        PaddedOf<Layout<SA, DA>, MaxRank<SA, SB>>,
        PaddedOf<Layout<SB, DB>, MaxRank<SA, SB>>,
    >>::Shape as Pair2>::A;
    type BlockStride = <<ProductOp as LayoutOp<
        PaddedOf<Layout<SA, DA>, MaxRank<SA, SB>>,
        PaddedOf<Layout<SB, DB>, MaxRank<SA, SB>>,
    >>::Stride as Pair2>::A;
    type RepShape = <<ProductOp as LayoutOp<
        PaddedOf<Layout<SA, DA>, MaxRank<SA, SB>>,
        PaddedOf<Layout<SB, DB>, MaxRank<SA, SB>>,
    >>::Shape as Pair2>::B;
    type RepStride = <<ProductOp as LayoutOp<
        PaddedOf<Layout<SA, DA>, MaxRank<SA, SB>>,
        PaddedOf<Layout<SB, DB>, MaxRank<SA, SB>>,
    >>::Stride as Pair2>::B;
    #[inline(always)]
    fn ranked_product(
        self,
        tiler: Layout<SB, DB>,
    ) -> (
        Layout<Self::BlockShape, Self::BlockStride>,
        Layout<Self::RepShape, Self::RepStride>,
    ) {
        let one = Layout::new(_1, _0);
        let a = append_to_rank::<MaxRank<SA, SB>, _, _>(self, one);
        let b = append_to_rank::<MaxRank<SA, SB>, _, _>(tiler, one);
        let p = ProductOp::apply(a, b);
        let (s0, s1) = p.shape().pair();
        let (d0, d1) = p.stride().pair();
        (Layout::new(s0, d0), Layout::new(s1, d1))
    }
}

/// A 2-tuple's two elements as IntTuples.
#[doc(hidden)]
pub trait Pair2 {
    type A: IntTuple;
    type B: IntTuple;
    fn pair(self) -> (Self::A, Self::B);
}
impl<A: IntTuple, B: IntTuple> Pair2 for (A, B) {
    type A = A;
    type B = B;
    #[inline(always)]
    fn pair(self) -> (A, B) {
        self
    }
}

/// Two layouts' modes zipped: `((a0,b0),(a1,b1),...)` (C++'s `zip(A, B)` of two layouts).
#[doc(hidden)]
pub type ZipOf<SA, DA, SB, DB> = Layout<
    <<SA as Modes>::Output as Transform2<PairFn, <SB as Modes>::Output>>::Output,
    <<DA as Modes>::Output as Transform2<PairFn, <DB as Modes>::Output>>::Output,
>;

#[inline(always)]
fn zip<SA, DA, SB, DB>(a: Layout<SA, DA>, b: Layout<SB, DB>) -> ZipOf<SA, DA, SB, DB>
where
    SA: IntTuple + Modes,
    DA: IntTuple + Modes,
    SB: IntTuple + Modes,
    DB: IntTuple + Modes,
    SA::Output: Transform2<PairFn, SB::Output>,
    DA::Output: Transform2<PairFn, DB::Output>,
    <SA::Output as Transform2<PairFn, SB::Output>>::Output: IntTuple,
    <DA::Output as Transform2<PairFn, DB::Output>>::Output: IntTuple,
{
    Layout::new(
        a.shape().modes().transform2(b.shape().modes(), &PairFn),
        a.stride().modes().transform2(b.stride().modes(), &PairFn),
    )
}

/// The layout type of `blocked_product(A, B)`.
pub type BlockedProductOf<A, B> = ZipOf<
    <A as RankedProduct<B>>::BlockShape,
    <A as RankedProduct<B>>::BlockStride,
    <A as RankedProduct<B>>::RepShape,
    <A as RankedProduct<B>>::RepStride,
>;

/// `blocked_product(block, tiler)` (C++ `cute::blocked_product`): the block reproduced over the
/// tiler, mode by mode: `((block_0, tiler_0), (block_1, tiler_1), ...)` after padding both to
/// the larger rank with `_1:_0` modes.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let r = blocked_product(make_layout((_2, _2), (_4, _1)), make_layout((_2, _3), (_1, _2)));
/// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_4,_2),(_1,_8))");
/// ```
#[inline(always)]
pub fn blocked_product<A: BlockedProduct<B>, B>(block: A, tiler: B) -> A::Output {
    block.blocked_product(tiler)
}

/// The layout type of `raked_product(A, B)`.
pub type RakedProductOf<A, B> = ZipOf<
    <A as RankedProduct<B>>::RepShape,
    <A as RankedProduct<B>>::RepStride,
    <A as RankedProduct<B>>::BlockShape,
    <A as RankedProduct<B>>::BlockStride,
>;

/// `raked_product(block, tiler)` (C++ `cute::raked_product`): like [`blocked_product`] with the
/// blocks interleaved: `((tiler_0, block_0), (tiler_1, block_1), ...)`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let r = raked_product(make_layout((_2, _2), (_4, _1)), make_layout((_2, _3), (_1, _2)));
/// assert_eq!(r.to_string(), "((_2,_2),(_3,_2)):((_2,_4),(_8,_1))");
/// ```
#[inline(always)]
pub fn raked_product<A, B>(block: A, tiler: B) -> RakedProductOf<A, B>
where
    A: RankedProduct<B>,
    A::BlockShape: Modes,
    A::BlockStride: Modes,
    A::RepShape: Modes,
    A::RepStride: Modes,
    <A::RepShape as Modes>::Output: Transform2<PairFn, <A::BlockShape as Modes>::Output>,
    <A::RepStride as Modes>::Output: Transform2<PairFn, <A::BlockStride as Modes>::Output>,
    <<A::RepShape as Modes>::Output as Transform2<PairFn, <A::BlockShape as Modes>::Output>>::Output:
        IntTuple,
    <<A::RepStride as Modes>::Output as Transform2<PairFn, <A::BlockStride as Modes>::Output>>::Output:
        IntTuple,
{
    let (b, r) = block.ranked_product(tiler);
    zip(r, b)
}

/// `blocked_product(A, B)` as a trait, so that its callers (and operations built on it, such
/// as [`tile_to_shape`]) name it in one bound.
pub trait BlockedProduct<B> {
    /// The layout type of `blocked_product(Self, B)`.
    type Output;
    /// `blocked_product(self, tiler)`.
    fn blocked_product(self, tiler: B) -> Self::Output;
}
impl<A, B> BlockedProduct<B> for A
where
    A: RankedProduct<B>,
    A::BlockShape: Modes,
    A::BlockStride: Modes,
    A::RepShape: Modes,
    A::RepStride: Modes,
    <A::BlockShape as Modes>::Output: Transform2<PairFn, <A::RepShape as Modes>::Output>,
    <A::BlockStride as Modes>::Output: Transform2<PairFn, <A::RepStride as Modes>::Output>,
    <<A::BlockShape as Modes>::Output as Transform2<PairFn, <A::RepShape as Modes>::Output>>::Output:
        IntTuple,
    <<A::BlockStride as Modes>::Output as Transform2<PairFn, <A::RepStride as Modes>::Output>>::Output:
        IntTuple,
{
    type Output = BlockedProductOf<A, B>;
    #[inline(always)]
    fn blocked_product(self, tiler: B) -> Self::Output {
        let (b, r) = self.ranked_product(tiler);
        zip(b, r)
    }
}

/// The order in which [`tile_to_shape`] lays out the copies of the block: [`LayoutLeft`]
/// (the first mode fastest, C++'s default), [`LayoutRight`], or a tuple of ranks as in
/// [`make_ordered_layout`](crate::layout::make_ordered_layout) (C++'s `Step<_2,_1,_3>`).
pub trait ModeOrder<S>: Copy {
    /// The compact stride of `S` in this order.
    type Stride: IntTuple;
    /// The compact stride of `shape` in this order.
    fn ordered_stride(self, shape: S) -> Self::Stride;
}
impl<S: CompactMajor<LayoutLeft, _1>> ModeOrder<S> for LayoutLeft {
    type Stride = S::Output;
    #[inline(always)]
    fn ordered_stride(self, shape: S) -> S::Output {
        self.stride_for(shape)
    }
}
impl<S: CompactMajor<LayoutRight, _1>> ModeOrder<S> for LayoutRight {
    type Stride = S::Output;
    #[inline(always)]
    fn ordered_stride(self, shape: S) -> S::Output {
        self.stride_for(shape)
    }
}
impl<S: CompactOrder<O>, O: IntTuple> ModeOrder<S> for O {
    type Stride = CompactOrderOf<S, O>;
    #[inline(always)]
    fn ordered_stride(self, shape: S) -> Self::Stride {
        shape.compact_order(self)
    }
}

/// The static rank of a target shape `T`.
type TargetRank<T> = <<T as Modes>::Output as StaticRank>::Output;
/// The block padded to the target's rank with `_1:_0` modes.
type PaddedBlock<L, T> = PaddedOf<L, TargetRank<T>>;
/// The shape of the padded block.
type PaddedShape<L, T> = <L as ZipModes<AppendToRankFn<TargetRank<T>>, Layout<_1, _0>>>::Shape;
/// `ceil_div(product_each(target), product_each(shape(padded block)))`: copies per mode.
type Copies<L, T> = CeilDivOf<ProductEachOf<T>, ProductEachOf<PaddedShape<L, T>>>;

/// `tile_to_shape(block, target, order)`: the layout type and its construction.
pub trait TileToShape<T, O> {
    /// The tiled layout.
    type Output;
    /// Tiles `self` over `target`.
    fn tile_to_shape(self, target: T, order: O) -> Self::Output;
}
/// The layout type of `tile_to_shape(L, T, O)`.
pub type TileToShapeOf<L, T, O = LayoutLeft> = <L as TileToShape<T, O>>::Output;

impl<S, D, T, O> TileToShape<T, O> for Layout<S, D>
where
    S: IntTuple,
    D: IntTuple,
    T: IntTuple + Modes + ProductEach,
    <T as Modes>::Output: StaticRank,
    O: ModeOrder<Copies<Layout<S, D>, T>>,
    Layout<S, D>: ZipModes<AppendToRankFn<TargetRank<T>>, Layout<_1, _0>>,
    ProductEachOf<T>: CeilDiv<ProductEachOf<PaddedShape<Layout<S, D>, T>>>
        + EvenlyDivides<ProductEachOf<PaddedShape<Layout<S, D>, T>>>,
    PaddedShape<Layout<S, D>, T>: ProductEach,
    PaddedBlock<Layout<S, D>, T>: BlockedProduct<
        Layout<Copies<Layout<S, D>, T>, <O as ModeOrder<Copies<Layout<S, D>, T>>>::Stride>,
    >,
{
    type Output = <PaddedBlock<Layout<S, D>, T> as BlockedProduct<
        Layout<Copies<Layout<S, D>, T>, <O as ModeOrder<Copies<Layout<S, D>, T>>>::Stride>,
    >>::Output;
    #[inline(always)]
    fn tile_to_shape(self, target: T, order: O) -> Self::Output {
        type Divides<L, T> = IsEvenlyDivided<ProductEachOf<T>, ProductEachOf<PaddedShape<L, T>>>;
        const {
            assert!(
                !matches!(<Divides<Layout<S, D>, T> as Truth>::STATIC, Some(false)),
                "tile_to_shape: the block's shape does not divide the target shape"
            )
        };
        let padded = append_to_rank::<TargetRank<T>, _, _>(self, Layout::new(_1, _0));
        let target = target.product_each();
        let block = padded.shape().product_each();
        debug_assert!(
            target.evenly_divides(block),
            "tile_to_shape: the block's shape {} does not divide the target shape {}",
            display(&block),
            display(&target)
        );
        let copies = target.ceil_div(block);
        padded.blocked_product(Layout::new(copies, order.ordered_stride(copies)))
    }
}

impl<A: Copy, Off: Copy, B: Copy, T, O> TileToShape<T, O> for ComposedLayout<A, Off, B>
where
    B: TileToShape<T, O>,
{
    type Output = ComposedLayout<A, Off, B::Output>;
    #[inline(always)]
    fn tile_to_shape(self, target: T, order: O) -> Self::Output {
        make_composed_layout(
            self.layout_a(),
            self.offset(),
            self.layout_b().tile_to_shape(target, order),
        )
    }
}

/// `tile_to_shape(block, target)` (C++ `cute::tile_to_shape`): copies of `block` laid out
/// over `target` in column-major order of the copies, as a
/// [`blocked_product`]: the usual way to build a shared-memory layout from a (swizzled)
/// layout atom. A block of lower rank is padded with `_1:_0` modes; a swizzled
/// ([`ComposedLayout`]) block keeps its swizzle.
///
/// # Preconditions
/// 1. `rank(block) <= rank(target)`.
/// 2. `product_each(shape(block))` evenly divides `product_each(target)` (a compile error for
///    static shapes, a debug assertion for dynamic ones).
///
/// # Example
/// From CUTLASS's shared-memory layouts: an `8x8` row-major atom tiled over a `128x32` tile,
/// and over three pipeline stages.
/// ```
/// use cute_core::prelude::*;
/// let atom = make_layout((_8, _8), (_8, _1));
/// let s = tile_to_shape(atom, (_128, _32));
/// assert_eq!(s.to_string(), "((_8,_16),(_8,_4)):((_8,_64),(_1,_1024))");
/// let s = tile_to_shape(atom, (_128, _32, _3));
/// assert_eq!(s.to_string(), "((_8,_16),(_8,_4),(_1,_3)):((_8,_64),(_1,_1024),(_0,_4096))");
/// ```
#[inline(always)]
pub fn tile_to_shape<L: TileToShape<T, LayoutLeft>, T>(block: L, target: T) -> L::Output {
    block.tile_to_shape(target, LayoutLeft)
}

/// `tile_to_shape(block, target, order)`: [`tile_to_shape`] with the copies laid out in
/// `order` ([`LayoutLeft`], [`LayoutRight`] or a tuple of ranks, C++'s `Step<...>`).
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let atom = make_layout((_8, _8), (_8, _1));
/// let s = tile_to_shape_ordered(atom, (_128, _32, _3), (_2, _1, _3));
/// assert_eq!(s.to_string(), "((_8,_16),(_8,_4),(_1,_3)):((_8,_256),(_1,_64),(_0,_4096))");
/// ```
#[inline(always)]
pub fn tile_to_shape_ordered<L: TileToShape<T, O>, T, O>(
    block: L,
    target: T,
    order: O,
) -> L::Output {
    block.tile_to_shape(target, order)
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;
    use crate::layout::divide::tests::assert_same_function;
    use crate::layout::make_layout;
    use crate::numeric::aliases::*;

    #[test]
    fn oracle_products_static_and_dynamic() {
        // expected values: ../shared/oracle/public.jsonl (pycute, checked against C++)
        let a = make_layout((_2, _2), (_4, _1));
        let b = make_layout((_2, _3), (_1, _2));
        assert_same_function(logical_product(a, b), "((2,2),(2,3)):((4,1),(2,8))");
        assert_same_function(blocked_product(a, b), "((2,2),(2,3)):((4,2),(1,8))");
        assert_same_function(raked_product(a, b), "((2,2),(3,2)):((2,4),(8,1))");
        let a = make_layout((_16, _6), (_1, _0));
        let b = make_layout((_8,), (_1,));
        assert_same_function(blocked_product(a, b), "((16,8),(6,1)):((1,16),(0,0))");
        let a = make_layout(((_8, _5),), ((_1, _0),));
        let b = make_layout((_8, _4), (_1, _8));
        assert_same_function(
            blocked_product(a, b),
            "(((8,5),8),(1,4)):(((1,0),8),(0,64))",
        );
        let a = make_layout(((_5, _6),), ((_1, _5),));
        let b = make_layout((_4, _12), (_12, _1));
        assert_same_function(
            blocked_product(a, b),
            "(((5,6),4),(1,12)):(((1,5),360),(0,30))",
        );
        assert_same_function(
            tiled_product(make_layout(_2, _1), make_layout((_2,), (_1,))),
            "(2,2):(1,2)",
        );
        let a = make_layout(((_2, _2, _6), _2), ((_1, _2, _4), _24));
        assert_same_function(
            tiled_product(a, make_layout(_6, _1)),
            "(((2,2,6),2),6):(((1,2,4),24),48)",
        );
        // dynamic shapes (complement needs static strides for rank >= 2, as in C++)
        let a = make_layout((2, 2), (_4, _1));
        let b = make_layout((2, 3), (1, 2));
        assert_same_function(logical_product(a, b), "((2,2),(2,3)):((4,1),(2,8))");
    }

    #[test]
    fn static_products_are_zero_sized_types() {
        let r: Layout<((_2, _2), (_2, _3)), ((_4, _1), (_2, _8))> = logical_product(
            make_layout((_2, _2), (_4, _1)),
            make_layout((_2, _3), (_1, _2)),
        );
        assert_eq!(core::mem::size_of_val(&r), 0);
        let z = zipped_product(
            make_layout((_2, _2), (_4, _1)),
            (make_layout(_2, _1), make_layout(_3, _1)),
        );
        assert_eq!(core::mem::size_of_val(&z), 0);
        // expected: `cute eval` (cute_core::dynamic, which passes the whole oracle)
        assert_same_function(
            flat_product(make_layout((_2, _2), (_4, _1)), (_2, _3)),
            "(2,2,2,3):(4,1,1,2)",
        );
    }

    #[test]
    fn tile_to_shape_matches_cpp() {
        use alloc::string::ToString;
        // expected strings: C++ CuTe 4.2 (`print(tile_to_shape(...))` through cute-cpp)
        let atom = make_layout((_8, _8), (_8, _1));
        let r: Layout<((_8, _16), (_8, _4)), ((_8, _64), (_1, _1024))> =
            tile_to_shape(atom, (_128, _32));
        assert_eq!(r.to_string(), "((_8,_16),(_8,_4)):((_8,_64),(_1,_1024))");
        assert_eq!(core::mem::size_of_val(&r), 0);
        assert_eq!(
            tile_to_shape(atom, (_128, _32, _3)).to_string(),
            "((_8,_16),(_8,_4),(_1,_3)):((_8,_64),(_1,_1024),(_0,_4096))"
        );
        assert_eq!(
            tile_to_shape_ordered(atom, (_128, _32, _3), (_2, _1, _3)).to_string(),
            "((_8,_16),(_8,_4),(_1,_3)):((_8,_256),(_1,_64),(_0,_4096))"
        );
        assert_eq!(
            tile_to_shape_ordered(atom, (_64, _16), LayoutRight).to_string(),
            "((_8,_8),(_8,_2)):((_8,_128),(_1,_64))"
        );
        let nested = make_layout((_4, (_2, _4)), (_2, (_1, _8)));
        assert_eq!(
            tile_to_shape(nested, (_16, (_8, _8))).to_string(),
            "((_4,_4),((_2,_4),_8)):((_2,_32),((_1,_8),_128))"
        );
        assert_eq!(
            tile_to_shape(make_layout((_4,), (_1,)), (_12, _3)).to_string(),
            "((_4,_3),(_1,_3)):((_1,_4),(_0,_12))"
        );
        // dynamic target shapes
        let r = tile_to_shape(make_layout((_2, _4), (_1, _2)), (8, 12));
        assert_eq!(r.to_string(), "((_2,4),(_4,3)):((_1,_8),(_2,32))");
        let r = tile_to_shape_ordered(make_layout((_2, _3), (_3, _1)), (4, 9), (_1, _0));
        assert_eq!(r.to_string(), "((_2,2),(_3,3)):((_3,18),(_1,_6))");
        // a swizzled atom keeps its swizzle
        let sw = make_composed_layout(
            crate::swizzle::Swizzle::<_3, _3, _3>::new(),
            _0,
            make_layout((_8, _64), (_64, _1)),
        );
        assert_eq!(
            tile_to_shape(sw, (_128, _64, _3)).to_string(),
            "Sw<3,3,3> o _0 o ((_8,_16),(_64,_1),(_1,_3)):((_64,_512),(_1,_0),(_0,_8192))"
        );
    }

    #[test]
    #[should_panic(
        expected = "tile_to_shape: the block's shape (_2,_4) does not divide the target shape (6,10)"
    )]
    #[cfg(debug_assertions)]
    fn tile_to_shape_dynamic_precondition() {
        let _ = tile_to_shape(make_layout((_2, _4), (_1, _2)), (6, 10));
    }
}
