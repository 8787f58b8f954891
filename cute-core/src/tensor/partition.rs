//! Partitioning tensors: `inner_partition`, `outer_partition`, `local_tile`,
//! `local_partition` (part of `cute/tensor_impl.hpp`), and thread-value partitioning.
//!
//! Each takes a view tensor by value (C++'s `Tensor&&`); partition an owning tensor through
//! [`Tensor::view`] or [`Tensor::view_mut`].
//!
//! Thread-value (TV) partitioning without a `TiledMMA` is [`tv_partition`]: compose the tile
//! with a TV layout `(thr, val) -> index in the tile` and slice the thread mode.

use crate::algorithm::tuple_algorithms::{Fun1, Fun2, Transform, Transform2};
use crate::container::tuple::{Prepend, Split};
use crate::int_tuple::{Crd2Idx, Crd2IdxOf, IntTuple, ProductEach, ProductEachOf};
use crate::layout::composition::Composition;
use crate::layout::divide::{ByTiler, DivideOp, Zip2By, ZippedDivideOf};
use crate::layout::{Layout, LayoutLeft};
use crate::numeric::aliases::_1;
use crate::numeric::integral_constant::C;
use crate::numeric::{Integer, B0, B1};
use crate::pointer::IterAdd;
use crate::stride::{CompactColMajorOf, CompactMajor, Idx2CrdStrided, Idx2CrdStridedOf};
use crate::tensor::{SliceLayout, SliceTensorOf, Tensor, ViewLike};
use crate::underscore::{DiceTuple, DiceTupleOf, Diceable, Underscore, X};

// ---------------------------------------------------------------------------------------------
// Coordinates of the partitions
// ---------------------------------------------------------------------------------------------

/// `repeat_like(shape, _)` at the top level: `_` for an integer shape, a tuple of `_` of the
/// same rank for a tuple shape (C++'s `repeat<rank>(_)`).
#[doc(hidden)]
pub trait RepeatX {
    type Output: Copy + 'static;
    fn repeat_x(self) -> Self::Output;
}
/// The function `x -> _`.
#[doc(hidden)]
pub struct ToX;
impl<T> Fun1<T> for ToX {
    type Output = Underscore;
    #[inline(always)]
    fn call(&self, _: T) -> Underscore {
        X
    }
}
impl RepeatX for () {
    type Output = ();
    #[inline(always)]
    fn repeat_x(self) {}
}
impl<T: Split + Transform<ToX>> RepeatX for T {
    type Output = T::Output;
    #[inline(always)]
    fn repeat_x(self) -> T::Output {
        self.transform(&ToX)
    }
}
macro_rules! leaf_repeat_x {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)*> RepeatX for $t {
            type Output = Underscore;
            #[inline(always)]
            fn repeat_x(self) -> Underscore {
                X
            }
        }
    )*};
}
leaf_repeat_x!([N: Integer + 'static] C<N>, [] i32, [] i64);

/// A coordinate for the mode of shape `S`: an integer coordinate as it is, a tuple padded with
/// `_` to the rank of `S` (C++'s `append<rank>(coord, _)`).
#[doc(hidden)]
pub trait PadX<S> {
    type Output: Copy + 'static;
    fn pad_x(self, shape: S) -> Self::Output;
}
macro_rules! leaf_pad_x {
    ($([$($g:tt)*] $t:ty),*) => {$(
        impl<$($g)* S> PadX<S> for $t {
            type Output = $t;
            #[inline(always)]
            fn pad_x(self, _: S) -> $t {
                self
            }
        }
    )*};
}
leaf_pad_x!([N: Integer + 'static,] C<N>, [] i32, [] i64);
impl<S: IntTuple> PadX<S> for Underscore {
    type Output = Underscore;
    #[inline(always)]
    fn pad_x(self, _: S) -> Underscore {
        X
    }
}
impl<S: IntTuple> PadX<S> for ()
where
    (): PadTuple<S, S::IsTuple>,
{
    type Output = <() as PadTuple<S, S::IsTuple>>::Output;
    #[inline(always)]
    fn pad_x(self, shape: S) -> Self::Output {
        self.pad_tuple(shape)
    }
}
impl<Crd: Split, S: IntTuple> PadX<S> for Crd
where
    Crd: PadTuple<S, S::IsTuple>,
{
    type Output = <Crd as PadTuple<S, S::IsTuple>>::Output;
    #[inline(always)]
    fn pad_x(self, shape: S) -> Self::Output {
        self.pad_tuple(shape)
    }
}
/// [`PadX`] of a tuple coordinate against an integer shape (`B0`, kept) or a tuple (`B1`).
#[doc(hidden)]
pub trait PadTuple<S, IsTuple> {
    type Output: Copy + 'static;
    fn pad_tuple(self, shape: S) -> Self::Output;
}
impl<Crd: Copy + 'static, S> PadTuple<S, B0> for Crd {
    type Output = Crd;
    #[inline(always)]
    fn pad_tuple(self, _: S) -> Crd {
        self
    }
}
impl<Crd, S: PadTo<Crd>> PadTuple<S, B1> for Crd {
    type Output = S::Output;
    #[inline(always)]
    fn pad_tuple(self, shape: S) -> Self::Output {
        shape.pad_to(self)
    }
}
/// A tuple coordinate `Crd` extended with `_` to the length of the tuple `Self` (the
/// recursion walks `Self`, so the solver always knows which impl applies).
#[doc(hidden)]
pub trait PadTo<Crd> {
    type Output: Copy + 'static;
    fn pad_to(self, coord: Crd) -> Self::Output;
}
impl PadTo<()> for () {
    type Output = ();
    #[inline(always)]
    fn pad_to(self, _: ()) {}
}
impl<S: Split> PadTo<()> for S
where
    S::Tail: PadTo<()>,
    <S::Tail as PadTo<()>>::Output: Prepend<Underscore>,
{
    type Output = <<S::Tail as PadTo<()>>::Output as Prepend<Underscore>>::Output;
    #[inline(always)]
    fn pad_to(self, _: ()) -> Self::Output {
        self.split().1.pad_to(()).prepend(X)
    }
}
impl<S: Split, Crd: Split> PadTo<Crd> for S
where
    S::Tail: PadTo<Crd::Tail>,
    <S::Tail as PadTo<Crd::Tail>>::Output: Prepend<Crd::Head>,
{
    type Output = <<S::Tail as PadTo<Crd::Tail>>::Output as Prepend<Crd::Head>>::Output;
    #[inline(always)]
    fn pad_to(self, coord: Crd) -> Self::Output {
        let (h, t) = coord.split();
        self.split().1.pad_to(t).prepend(h)
    }
}

/// The coordinate that slices a zipped layout of shape `Self = (Tiles, Rests)`: `Inner = B1`
/// keeps the tile modes and fixes the rest modes at `coord` (C++'s `inner_partition`), `B0`
/// the reverse (`outer_partition`).
#[doc(hidden)]
pub trait ZippedCoord<Crd, Inner> {
    type Output: Copy + 'static;
    fn zipped_coord(self, coord: Crd) -> Self::Output;
}
impl<T: RepeatX, R, Crd: PadX<R>> ZippedCoord<Crd, B1> for (T, R) {
    type Output = (T::Output, Crd::Output);
    #[inline(always)]
    fn zipped_coord(self, coord: Crd) -> Self::Output {
        (self.0.repeat_x(), coord.pad_x(self.1))
    }
}
impl<T, R: RepeatX, Crd: PadX<T>> ZippedCoord<Crd, B0> for (T, R) {
    type Output = (Crd::Output, R::Output);
    #[inline(always)]
    fn zipped_coord(self, coord: Crd) -> Self::Output {
        (coord.pad_x(self.0), self.1.repeat_x())
    }
}

// ---------------------------------------------------------------------------------------------
// inner_partition, outer_partition, local_tile, local_partition
// ---------------------------------------------------------------------------------------------

/// A zipped layout `((tiles),(rests))` sliced for a partition: `Inner = B1` keeps the tile
/// modes, `B0` the rest modes, the other side fixed at the coordinate built from `Crd`.
#[doc(hidden)]
pub trait PartitionSlice<E: ViewLike, Crd, Inner>: Copy + Sized {
    type Output;
    fn slice_part(t: Tensor<E, Self>, coord: Crd) -> Self::Output;
}
impl<E, TS, RS, D, Crd, Inner> PartitionSlice<E, Crd, Inner> for Layout<(TS, RS), D>
where
    E: ViewLike,
    TS: Copy + 'static,
    RS: Copy + 'static,
    D: Copy + 'static,
    (TS, RS): IntTuple + ZippedCoord<Crd, Inner>,
    Layout<(TS, RS), D>: SliceLayout<<(TS, RS) as ZippedCoord<Crd, Inner>>::Output>,
    E::Iter: IterAdd<
        <Layout<(TS, RS), D> as SliceLayout<<(TS, RS) as ZippedCoord<Crd, Inner>>::Output>>::Offset,
    >,
{
    type Output = SliceTensorOf<E, Self, <(TS, RS) as ZippedCoord<Crd, Inner>>::Output>;
    #[inline(always)]
    fn slice_part(t: Tensor<E, Self>, coord: Crd) -> Self::Output {
        let c = t.layout().shape().zipped_coord(coord);
        t.into_slice(c)
    }
}

/// What a partition needs: a zipped divide of `Self` by `T`, sliced by the coordinate built
/// from `Crd` (named once so the functions' bounds stay short).
pub trait Partition<E: ViewLike, T, Crd, Inner>: Copy {
    /// The partition's type.
    type Output;
    /// Divides and slices.
    fn partition(t: Tensor<E, Self>, tiler: T, coord: Crd) -> Self::Output;
}
impl<E, L, T, Crd, Inner, S, D> Partition<E, T, Crd, Inner> for L
where
    E: ViewLike,
    L: Copy + ByTiler<DivideOp, T, Shape = S, Stride = D>,
    T: Copy,
    S: IntTuple + Zip2By<T>,
    D: IntTuple + Zip2By<T>,
    ZippedDivideOf<L, T>: PartitionSlice<E, Crd, Inner>,
{
    type Output = <ZippedDivideOf<L, T> as PartitionSlice<E, Crd, Inner>>::Output;
    #[inline(always)]
    fn partition(t: Tensor<E, L>, tiler: T, coord: Crd) -> Self::Output {
        <ZippedDivideOf<L, T> as PartitionSlice<E, Crd, Inner>>::slice_part(
            t.zipped_divide(tiler),
            coord,
        )
    }
}

/// `inner_partition(tensor, tiler, coord)`: the tile of `tensor` at `coord` among the tiles
/// `tiler` cuts it into: `zipped_divide(tensor, tiler)(repeat<R0>(_), coord)`, a tuple `coord`
/// padded with `_` to the rank of the rest mode.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let x: [i32; 192] = core::array::from_fn(|i| i as i32);
/// let t = make_tensor_from_ref(&x, make_layout((8, 24), LayoutLeft));
/// let tile = inner_partition(t, (_4, _8), (1, 2));
/// assert_eq!(tile.layout().to_string(), "(_4,_8):(_1,8)");
/// assert_eq!(tile.get((0, 0)), t.get((4, 16)));
/// ```
#[inline(always)]
pub fn inner_partition<E, L, T, Crd>(
    tensor: Tensor<E, L>,
    tiler: T,
    coord: Crd,
) -> <L as Partition<E, T, Crd, B1>>::Output
where
    E: ViewLike,
    L: Partition<E, T, Crd, B1>,
{
    L::partition(tensor, tiler, coord)
}

/// `outer_partition(tensor, tiler, coord)`: the elements at `coord` of every tile of
/// `tensor` (one per tile): `zipped_divide(tensor, tiler)(coord, repeat<R1>(_))`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let x: [i32; 192] = core::array::from_fn(|i| i as i32);
/// let t = make_tensor_from_ref(&x, make_layout((8, 24), LayoutLeft));
/// let part = outer_partition(t, (_4, _8), (1, 2));
/// assert_eq!(part.layout().to_string(), "(2,3):(_4,64)");
/// assert_eq!(part.get((1, 2)), t.get((5, 18)));
/// ```
#[inline(always)]
pub fn outer_partition<E, L, T, Crd>(
    tensor: Tensor<E, L>,
    tiler: T,
    coord: Crd,
) -> <L as Partition<E, T, Crd, B0>>::Output
where
    E: ViewLike,
    L: Partition<E, T, Crd, B0>,
{
    L::partition(tensor, tiler, coord)
}

/// `local_tile(tensor, tiler, coord)`: the CTA-level tiling, [`inner_partition`].
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let x = [0u16; 512 * 512];
/// let c = make_tensor_from_ref(&x, make_layout((_512, _512), LayoutLeft));
/// let cta = local_tile(c, (_128, _128), (1, 1));
/// assert_eq!(cta.layout().to_string(), "(_128,_128):(_1,_512)");
/// assert_eq!((cta.data() as usize - c.data() as usize) / 2, 128 + 128 * 512);
/// ```
#[inline(always)]
pub fn local_tile<E, L, T, Crd>(
    tensor: Tensor<E, L>,
    tiler: T,
    coord: Crd,
) -> <L as Partition<E, T, Crd, B1>>::Output
where
    E: ViewLike,
    L: Partition<E, T, Crd, B1>,
{
    L::partition(tensor, tiler, coord)
}

/// `local_tile(tensor, tiler, coord, proj)`: [`local_tile`] with the tiler and the coordinate
/// projected by `proj` (C++'s `Step<_1,X,_1>`, here `(_1, X, _1)`): only the modes where
/// `proj` has an integer are kept, `dice(proj, tiler)` and `dice(proj, coord)`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let a = [0f32; 64 * 32];
/// let ga = make_tensor_from_ref(&a, make_layout((64, 32), LayoutLeft)); // (M,K)
/// let cta_tiler = (_32, _64, _4);
/// let cta_coord = (1, 0, X);
/// let cta_a = local_tile_projected(ga, cta_tiler, cta_coord, (_1, X, _1)); // (_32,_4,k)
/// assert_eq!(cta_a.layout().to_string(), "(_32,_4,8):(_1,64,256)");
/// assert_eq!(cta_a.data() as usize - ga.data() as usize, 32 * 4);
/// ```
#[inline(always)]
pub fn local_tile_projected<E, L, T, Crd, P>(
    tensor: Tensor<E, L>,
    tiler: T,
    coord: Crd,
    proj: P,
) -> <L as Partition<E, DiceTupleOf<P, T>, DiceTupleOf<P, Crd>, B1>>::Output
where
    E: ViewLike,
    P: Copy + DiceTuple<T> + DiceTuple<Crd>,
    L: Partition<E, DiceTupleOf<P, T>, DiceTupleOf<P, Crd>, B1>,
{
    L::partition(tensor, proj.dice_tuple(tiler), proj.dice_tuple(coord))
}

/// `layout.get_flat_coord(index)`: the coordinate of `index` in the layout, one integer per
/// top-level mode (each mode's coordinate flattened colexicographically).
pub trait FlatCoord<S, D> {
    /// The coordinate.
    type Output: Copy + 'static;
    /// Computes it.
    fn flat_coord(self, shape: S, stride: D) -> Self::Output;
}
impl<I, S, D> FlatCoord<S, D> for I
where
    S: IntTuple,
    I: Idx2CrdStrided<S, D>,
    Idx2CrdStridedOf<I, S, D>: FlattenModes<S, S::IsTuple>,
{
    type Output = <Idx2CrdStridedOf<I, S, D> as FlattenModes<S, S::IsTuple>>::Output;
    #[inline(always)]
    fn flat_coord(self, shape: S, stride: D) -> Self::Output {
        self.idx2crd_strided(shape, stride).flatten_modes(shape)
    }
}
/// Each top-level mode of a coordinate as its 1-D index in the mode (`B1`: tuple shape).
#[doc(hidden)]
pub trait FlattenModes<S, IsTuple> {
    type Output: Copy + 'static;
    fn flatten_modes(self, shape: S) -> Self::Output;
}
impl<Crd: Copy + 'static, S> FlattenModes<S, B0> for Crd {
    type Output = Crd;
    #[inline(always)]
    fn flatten_modes(self, _: S) -> Crd {
        self
    }
}
impl<Crd: Transform2<ModeIndex, S>, S> FlattenModes<S, B1> for Crd {
    type Output = Crd::Output;
    #[inline(always)]
    fn flatten_modes(self, shape: S) -> Self::Output {
        self.transform2(shape, &ModeIndex)
    }
}
/// `crd2idx(c, s)` with compact column-major strides: a mode coordinate's 1-D index.
#[doc(hidden)]
pub struct ModeIndex;
impl<Crd, S> Fun2<Crd, S> for ModeIndex
where
    S: Copy + CompactMajor<LayoutLeft, _1>,
    Crd: Crd2Idx<S, CompactColMajorOf<S>>,
{
    type Output = Crd2IdxOf<Crd, S, CompactColMajorOf<S>>;
    #[inline(always)]
    fn call(&self, c: Crd, s: S) -> Self::Output {
        c.crd2idx(s, s.compact_major(C::new()))
    }
}

/// `local_partition(tensor, tile, index)`: the elements that thread `index` owns when the
/// threads are laid out by `tile` (a layout `thread coordinate -> index`) repeated over the
/// tensor: `outer_partition(tensor, product_each(shape(tile)), tile.get_flat_coord(index))`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let x: [i32; 16 * 64] = core::array::from_fn(|i| i as i32);
/// let data = make_tensor_from_ref(&x, make_layout((_16, _64), LayoutLeft));
/// let thr = local_partition(data, make_layout((_2, _16), LayoutLeft), 3);
/// assert_eq!(thr.layout().to_string(), "(_8,_4):(_2,_256)");
/// assert_eq!(thr.get((0, 0)), data.get((1, 1)));
/// ```
#[inline(always)]
pub fn local_partition<E, L, S, D, I>(
    tensor: Tensor<E, L>,
    tile: Layout<S, D>,
    index: I,
) -> <L as Partition<E, ProductEachOf<S>, <I as FlatCoord<S, D>>::Output, B0>>::Output
where
    E: ViewLike,
    S: IntTuple + ProductEach,
    D: Copy,
    I: FlatCoord<S, D>,
    L: Partition<E, ProductEachOf<S>, <I as FlatCoord<S, D>>::Output, B0>,
{
    let coord = index.flat_coord(tile.shape(), tile.stride());
    L::partition(tensor, tile.shape().product_each(), coord)
}

/// `local_partition(tensor, tile, index, proj)`: [`local_partition`] with the thread layout
/// projected by `proj`, `dice(proj, tile)`.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// let a = [0f32; 64 * 32];
/// let data_a = make_tensor_from_ref(&a, make_layout((64, 32), LayoutLeft)); // (M,K)
/// let thr_layout = make_layout((_2, _16, _1), (_16, _1, _0));
/// let thr_a = local_partition_projected(data_a, thr_layout, 5, (_1, X, _1)); // (M/2,K/1)
/// assert_eq!(thr_a.layout().to_string(), "(32,32):(_2,64)");
/// ```
#[inline(always)]
pub fn local_partition_projected<E, L, S, D, I, P>(
    tensor: Tensor<E, L>,
    tile: Layout<S, D>,
    index: I,
    proj: P,
) -> <L as Partition<
    E,
    ProductEachOf<DicedShape<S, D, P>>,
    <I as FlatCoord<DicedShape<S, D, P>, DicedStride<S, D, P>>>::Output,
    B0,
>>::Output
where
    E: ViewLike,
    Layout<S, D>: Diceable<P>,
    <Layout<S, D> as Diceable<P>>::Output: LayoutShape,
    DicedShape<S, D, P>: ProductEach,
    I: FlatCoord<DicedShape<S, D, P>, DicedStride<S, D, P>>,
    L: Partition<
        E,
        ProductEachOf<DicedShape<S, D, P>>,
        <I as FlatCoord<DicedShape<S, D, P>, DicedStride<S, D, P>>>::Output,
        B0,
    >,
{
    let tile = tile.dice_by(proj).as_layout();
    local_partition(tensor, tile, index)
}

/// The shape of `dice(P, Layout<S, D>)`.
type DicedShape<S, D, P> = <<Layout<S, D> as Diceable<P>>::Output as LayoutShape>::Shape;
/// The stride of `dice(P, Layout<S, D>)`.
type DicedStride<S, D, P> = <<Layout<S, D> as Diceable<P>>::Output as LayoutShape>::Stride;

/// A [`Layout`]'s shape and stride types, to name a diced layout's parts.
#[doc(hidden)]
pub trait LayoutShape: Copy {
    type Shape: IntTuple;
    type Stride: Copy;
    fn as_layout(self) -> Layout<Self::Shape, Self::Stride>;
}
impl<S: IntTuple, D: Copy> LayoutShape for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn as_layout(self) -> Self {
        self
    }
}

// ---------------------------------------------------------------------------------------------
// Thread-value partitioning
// ---------------------------------------------------------------------------------------------

/// `composition(tile, tv)(thr, _)`: the values thread `thr` owns in `tile` under the TV layout
/// `tv` (`(thr, val) -> index in the tile`, an index being the tile's 1-D coordinate), as a
/// tensor over the value mode. This is what a `TiledMMA`/`TiledCopy` partition does once its
/// TV layout is built; the result's iterator is advanced to the thread's first value.
///
/// # Example
/// ```
/// use cute_core::prelude::*;
/// // a 4x8 row-major tensor, the TV layout ((_2,_4),(_2,_2)):((_8,_1),(_4,_16)): thread 5
/// let x: [i32; 32] = core::array::from_fn(|i| i as i32);
/// let t = make_tensor_from_ref(&x, make_layout((_4, _8), (_8, _1)));
/// let tv = make_layout(((_2, _4), (_2, _2)), ((_8, _1), (_4, _16)));
/// let v = tv_partition(t, tv, 5);
/// assert_eq!(v.layout().to_string(), "((_2,_2)):((_1,_4))");
/// assert_eq!([v.get(0), v.get(1), v.get(2), v.get(3)], [18, 19, 22, 23]);
/// ```
#[inline(always)]
pub fn tv_partition<E, L, TV, Thr>(
    tensor: Tensor<E, L>,
    tv: TV,
    thr: Thr,
) -> SliceTensorOf<
    E,
    crate::layout::composition::CompositionOf<L, TV>,
    (Thr, Underscore),
>
where
    E: ViewLike,
    L: Copy + Composition<TV>,
    crate::layout::composition::CompositionOf<L, TV>: SliceLayout<(Thr, Underscore)>,
    E::Iter: IterAdd<
        <crate::layout::composition::CompositionOf<L, TV> as SliceLayout<(Thr, Underscore)>>::Offset,
    >,
{
    tensor.composition(tv).into_slice((thr, X))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{make_layout, LayoutRight};
    use crate::numeric::aliases::*;
    use crate::tensor::make_tensor_from_ref;
    use std::string::ToString;

    // Expected values: C++ CuTe 4.2 (`cute-cpp`): zipped_divide, inner_partition and
    // outer_partition of an (8,24) tensor by (_4,_8).
    #[test]
    fn zipped_divide_partitions_select_the_right_elements() {
        let x: [i32; 192] = core::array::from_fn(|i| i as i32);
        let t = make_tensor_from_ref(&x, make_layout((8, 24), LayoutLeft));
        let z = t.zipped_divide((_4, _8));
        assert_eq!(z.layout().to_string(), "((_4,_8),(2,3)):((_1,8),(_4,64))");
        for bm in 0..2 {
            for bn in 0..3 {
                let tile = inner_partition(t, (_4, _8), (bm, bn));
                assert_eq!(tile.layout().to_string(), "(_4,_8):(_1,8)");
                for i in 0..4 {
                    for j in 0..8 {
                        assert_eq!(tile.get((i, j)), t.get((4 * bm + i, 8 * bn + j)));
                    }
                }
            }
        }
        for i in 0..4 {
            for j in 0..8 {
                let part = outer_partition(t, (_4, _8), (i, j));
                assert_eq!(part.layout().to_string(), "(2,3):(_4,64)");
                for bm in 0..2 {
                    for bn in 0..3 {
                        assert_eq!(part.get((bm, bn)), t.get((4 * bm + i, 8 * bn + j)));
                    }
                }
            }
        }
        // an integer coordinate indexes the rest (or tile) mode as a whole
        let tile = inner_partition(t, (_4, _8), 5);
        assert_eq!(tile.data() as usize - t.data() as usize, 4 * 132);
        let part = outer_partition(t, (_4, _8), 13);
        assert_eq!(part.data() as usize - t.data() as usize, 4 * 25);
        // static: the partitions' layouts are types
        let t = make_tensor_from_ref(&x, make_layout((_8, _24), LayoutLeft));
        let z = t.zipped_divide((_4, _8));
        let _: &Layout<((_4, _8), (_2, _3)), ((_1, _8), (_4, _64))> = &z.layout();
        let tile = inner_partition(t, (_4, _8), (_1, _2));
        let _: &Layout<(_4, _8), (_1, _8)> = &tile.layout();
        assert_eq!(tile.data() as usize - t.data() as usize, 4 * 132);
        let part = outer_partition(t, (_4, _8), (1, 2));
        let _: &Layout<(_2, _3), (_4, _64)> = &part.layout();
        assert_eq!(part.data() as usize - t.data() as usize, 4 * 17);
    }

    // Expected values: C++ CuTe 4.2 (`cute-cpp`): composition(tensor, tv)(thr, _) for the 8
    // threads of ((_2,_4),(_2,_2)):((_8,_1),(_4,_16)) over a 4x8 row-major tensor.
    #[test]
    fn tv_layout_gives_each_thread_its_values() {
        let y: [i32; 32] = core::array::from_fn(|i| i as i32);
        let want = [
            [0, 1, 4, 5],
            [2, 3, 6, 7],
            [8, 9, 12, 13],
            [10, 11, 14, 15],
            [16, 17, 20, 21],
            [18, 19, 22, 23],
            [24, 25, 28, 29],
            [26, 27, 30, 31],
        ];
        let tv = make_layout(((_2, _4), (_2, _2)), ((_8, _1), (_4, _16)));
        let r = make_tensor_from_ref(&y, make_layout((_4, _8), LayoutRight));
        let c = r.composition(tv);
        let _: &Layout<((_2, _4), (_2, _2)), ((_2, _8), (_1, _4))> = &c.layout();
        for (thr, w) in want.iter().enumerate() {
            let v = tv_partition(r, tv, thr as i32);
            assert_eq!(v.layout().to_string(), "((_2,_2)):((_1,_4))");
            for (i, w) in w.iter().enumerate() {
                assert_eq!(v.get(i as i32), *w);
            }
        }
        // the same over a dynamic row-major layout
        let r = make_tensor_from_ref(&y, make_layout((4, 8), (8, 1)));
        for (thr, w) in want.iter().enumerate() {
            let v = tv_partition(r, tv, thr as i32);
            for (i, w) in w.iter().enumerate() {
                assert_eq!(v.get(i as i32), *w);
            }
        }
    }

    // Expected values: C++ CuTe 4.2 (`cute-cpp`).
    #[test]
    fn local_partition_and_projections_match_cpp() {
        let x: [i32; 16 * 64] = core::array::from_fn(|i| i as i32);
        let d = make_tensor_from_ref(&x, make_layout((_16, _8), LayoutLeft));
        let p = local_partition(d, make_layout((_2, _4), LayoutLeft), 3);
        let _: &Layout<(_8, _2), (_2, _64)> = &p.layout();
        assert_eq!(p.data() as usize - d.data() as usize, 4 * 17);
        let d = make_tensor_from_ref(&x, make_layout((_16, _64), LayoutLeft));
        for thr in 0..32 {
            let p = local_partition(d, make_layout((_2, _16), LayoutLeft), thr);
            assert_eq!(p.layout().to_string(), "(_8,_4):(_2,_256)");
            for i in 0..8 {
                for j in 0..4 {
                    assert_eq!(p.get((i, j)), d.get((2 * i + thr % 2, 16 * j + thr / 2)));
                }
            }
        }
        let a = [0f32; 64 * 32];
        let ga = make_tensor_from_ref(&a, make_layout((64, 32), LayoutLeft));
        let ca = local_tile_projected(ga, (_32, _64, _4), (1, 0, X), (_1, X, _1));
        assert_eq!(ca.layout().to_string(), "(_32,_4,8):(_1,64,256)");
        assert_eq!(ca.data() as usize - ga.data() as usize, 4 * 32);
        let thr_layout = make_layout((_2, _16, _1), (_16, _1, _0));
        let ta = local_partition_projected(ga, thr_layout, 5, (_1, X, _1));
        assert_eq!(ta.layout().to_string(), "(32,32):(_2,64)");
        assert_eq!(ta.data(), ga.data());
    }
}
