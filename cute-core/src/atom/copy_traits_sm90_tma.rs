//! TMA copy traits: port of `cute/atom/copy_traits_sm90_tma.hpp`.
//!
//! Two halves, as in C++:
//! - the device side (this file): the TMA atom a kernel holds ([`TmaAtom`], C++'s
//!   `Copy_Atom<Copy_Traits<SM90_TMA_LOAD, NumBitsPerTMA, AuxParams>>` that `make_tma_atom`
//!   returns), its coordinate tensor ([`TmaAtom::get_tma_tensor`]), the executable atom bound to
//!   a barrier ([`TmaAtom::with`]), [`tma_partition`] and the copy of a partition
//!   ([`copy_tma`]);
//! - the host side (feature `alloc`, [`make_tma_copy_params`] and its types): what
//!   `make_tma_copy` computes before the driver call.
//!
//! # C++ to Rust
//! | C++ | Rust |
//! |---|---|
//! | `make_tma_atom(SM90_TMA_LOAD{}, gmem, smem, tile)` (host) | `cute_host::tma::make_tma_copy` (host) and, in the kernel, `TmaAtom::<SM90_TMA_LOAD, NumValSrc, TmaStride>::new(desc)` |
//! | `tma.get_tma_tensor(shape)` | [`TmaAtom::get_tma_tensor`] |
//! | `tma.with(mbar)`, `tma.with(mbar, mask, hint)` | [`TmaAtom::with`], [`TmaAtom::with_hint`] |
//! | `tma_partition(tma, cta_coord, cta_layout, stensor, gtensor)` | [`tma_partition`] |
//! | `copy(tma.with(mbar), src, dst)` | `unsafe` [`copy_tma`]`(&tma.with(mbar), &src, &dst)` |
//!
//! # The atom's types
//! In C++ the atom's type carries what `make_tma_atom` computed on the host: the elements one
//! TMA instruction moves (`NumValSrc`, the box's size) and the TMA coordinate strides of the
//! global modes (`AuxParams::TmaGmemBasis`, what `get_tma_tensor` uses). A Rust kernel is
//! compiled apart from the host code that makes the tensor map, so it names both in the atom's
//! type (`NumVal`, `TmaStride`: `_512`, `(E<_0>, E<_1>)`), and the host compares them with
//! what `make_tma_copy` computed ([`TmaCopyParams::elems_per_tma`],
//! [`TmaCopyParams::tma_basis`]) before the launch.

#[cfg(feature = "alloc")]
mod make_tma_copy;
#[cfg(feature = "alloc")]
pub use make_tma_copy::*;

use core::marker::PhantomData;

use crate::arch::copy_sm90_tma::{
    CacheHintSm90, TmaCoords, TmaDescriptor, SM90_TMA_LOAD, SM90_TMA_LOAD_MULTICAST,
};
use crate::arch::smem::cast_smem_ptr_to_uint;
use crate::int_tuple::IntTuple;
use crate::layout::coalesce::{coalesce_profile, ByProfile, ByProfileOf, CoalesceOp};
use crate::layout::composition::{composition, Composition, CompositionOf};
use crate::layout::divide::{logical_divide, ByTiler, DivideOp, LogicalDivideOf};
use crate::layout::inverse::{right_inverse, RightInverse, RightInverseOf};
use crate::layout::product::{tile_to_shape, TileToShape};
use crate::layout::{make_layout_from, Layout, LayoutLeft, MakeLayoutFrom, MakeLayoutFromOf};
use crate::layout::{Cosize, CosizeSum, Mode, ModeOf};
use crate::numeric::aliases::{_0, _1};
use crate::numeric::arithmetic::{IntDiv, IntMul, Prod, Quot};
use crate::numeric::arithmetic_tuple::ArithmeticTuple;
use crate::numeric::integral_constant::Integral;
use crate::pointer::{IterAdd, IterAddOf, IterRead, SmemPtr};
use crate::pointer_swizzle::SwizzlePtr;
use crate::tensor::ViewLike;
use crate::tensor::{make_coord_tensor, CoordTensor, Coprofile, Engine, LayoutEval, Tensor};
use crate::underscore::{Underscore, X};

// ---------------------------------------------------------------------------------------------
// The atom
// ---------------------------------------------------------------------------------------------

/// A TMA copy atom on the device: the tensor map's address, with the instruction `Op`
/// ([`SM90_TMA_LOAD`] or [`SM90_TMA_LOAD_MULTICAST`]), the elements one instruction moves
/// (`NumVal`, C++'s `NumValSrc`) and the TMA coordinate strides of the global modes
/// (`TmaStride`, e.g. `(E<_1>, E<_0>)`: mode 0 of the global tensor moves TMA coordinate 1)
/// as types. See the module docs for why the kernel names them.
pub struct TmaAtom<Op, NumVal, TmaStride> {
    desc: *const TmaDescriptor,
    types: PhantomData<(Op, NumVal, TmaStride)>,
}
impl<Op, N, G> Clone for TmaAtom<Op, N, G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Op, N, G> Copy for TmaAtom<Op, N, G> {}

impl<Op, N: Integral, G: Copy + Default> TmaAtom<Op, N, G> {
    /// The atom over the tensor map at `desc` (a kernel parameter's address, see
    /// [`tma_descriptor_param!`](crate::tma_descriptor_param)).
    ///
    /// # Safety
    /// `desc` is a tensor map made by `make_tma_copy` whose box has `NumVal` elements and
    /// whose TMA coordinates the global modes move as `TmaStride` says, valid while the atom
    /// is used.
    #[inline(always)]
    pub const unsafe fn new(desc: *const TmaDescriptor) -> Self {
        TmaAtom {
            desc,
            types: PhantomData,
        }
    }
    /// `get_tma_descriptor()`.
    #[inline(always)]
    pub fn get_tma_descriptor(&self) -> *const TmaDescriptor {
        self.desc
    }
    /// `NumValSrc`: the elements one instruction moves.
    #[inline(always)]
    pub fn num_val_src(&self) -> N {
        N::default()
    }
    /// `get_tma_tensor(shape)`: the global tensor as TMA coordinates, the coordinate tensor
    /// `ArithTuple(_0,..) o shape:TmaStride` (element `c` is the TMA coordinate of the global
    /// element `c`).
    ///
    /// # Example
    /// ```
    /// use cute_core::arch::copy_sm90_tma::SM90_TMA_LOAD;
    /// use cute_core::atom::copy_traits_sm90_tma::TmaAtom;
    /// use cute_core::prelude::*;
    /// // gemm_tn's A (M,K):(K,_1): the box's inner TMA mode runs along K.
    /// let tma = unsafe { TmaAtom::<SM90_TMA_LOAD, _8192, (E<_1>, E<_0>)>::new(core::ptr::null()) };
    /// let m_a = tma.get_tma_tensor((2048i32, 1024i32));
    /// assert_eq!(m_a.to_string(), "ArithTuple(_0,_0) o (2048,1024):(_1@1,_1@0)");
    /// assert_eq!(m_a.get((3i32, 5i32)).to_string(), "(5,3)");
    /// ```
    #[inline(always)]
    pub fn get_tma_tensor<S: IntTuple>(&self, shape: S) -> CoordTensor<S, G>
    where
        G: Coprofile,
    {
        make_coord_tensor(Layout::new(shape, G::default()))
    }
}

impl<N: Integral, G> TmaAtom<SM90_TMA_LOAD, N, G> {
    /// `with(mbar)`: the atom bound to the transaction barrier at shared address `mbar`, with
    /// C++'s default cache hint (`CacheHintSm90::EVICT_NORMAL`).
    #[inline(always)]
    pub fn with(&self, mbar: u32) -> TmaAtomWith<SM90_TMA_LOAD, N> {
        self.with_hint(mbar, 0, CacheHintSm90::EVICT_NORMAL)
    }
}

impl<N: Integral, G> TmaAtom<SM90_TMA_LOAD_MULTICAST, N, G> {
    /// `with(mbar, multicast_mask)`: the atom bound to the barrier at `mbar` (the same shared
    /// offset in every CTA of the mask) and the CTAs of the cluster whose rank bits `mask` sets,
    /// with `CacheHintSm90::EVICT_NORMAL`.
    #[inline(always)]
    pub fn with(&self, mbar: u32, multicast_mask: u16) -> TmaAtomWith<SM90_TMA_LOAD_MULTICAST, N> {
        self.with_hint(mbar, multicast_mask, CacheHintSm90::EVICT_NORMAL)
    }
}

impl<Op, N: Integral, G> TmaAtom<Op, N, G> {
    /// `with(mbar, multicast_mask, cache_hint)`: as [`with`](TmaAtom::with) with a cache
    /// hint (a [`CacheHintSm90`] value); the mask is ignored by [`SM90_TMA_LOAD`].
    #[inline(always)]
    pub fn with_hint(&self, mbar: u32, multicast_mask: u16, cache_hint: u64) -> TmaAtomWith<Op, N> {
        TmaAtomWith {
            desc: self.desc,
            mbar,
            multicast_mask,
            cache_hint,
            types: PhantomData,
        }
    }
}

/// The executable TMA atom (C++'s `Copy_Traits<SM90_TMA_LOAD_OP, ..>` with its `opargs_`): the
/// tensor map, the barrier, the multicast mask and the cache hint of the copies it issues.
pub struct TmaAtomWith<Op, NumVal> {
    desc: *const TmaDescriptor,
    mbar: u32,
    multicast_mask: u16,
    cache_hint: u64,
    types: PhantomData<(Op, NumVal)>,
}
impl<Op, N> Clone for TmaAtomWith<Op, N> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Op, N> Copy for TmaAtomWith<Op, N> {}

/// A TMA load instruction family: issues one box.
pub trait TmaLoadOp {
    /// Issues the box at `crd` into `smem`.
    ///
    /// # Safety
    /// As the instruction's `copy`.
    unsafe fn load_box<Crd: TmaCoords>(
        desc: *const TmaDescriptor,
        mbar: u32,
        mask: u16,
        hint: u64,
        smem: u32,
        crd: Crd,
    );
}
impl TmaLoadOp for SM90_TMA_LOAD {
    #[inline(always)]
    unsafe fn load_box<Crd: TmaCoords>(
        desc: *const TmaDescriptor,
        mbar: u32,
        _: u16,
        hint: u64,
        smem: u32,
        crd: Crd,
    ) {
        // SAFETY: the caller's contract.
        unsafe { SM90_TMA_LOAD::copy(desc, mbar, hint, smem, crd) }
    }
}
impl TmaLoadOp for SM90_TMA_LOAD_MULTICAST {
    #[inline(always)]
    unsafe fn load_box<Crd: TmaCoords>(
        desc: *const TmaDescriptor,
        mbar: u32,
        mask: u16,
        hint: u64,
        smem: u32,
        crd: Crd,
    ) {
        // SAFETY: the caller's contract.
        unsafe { SM90_TMA_LOAD_MULTICAST::copy(desc, mbar, mask, hint, smem, crd) }
    }
}

// ---------------------------------------------------------------------------------------------
// copy
// ---------------------------------------------------------------------------------------------

/// A TMA coordinate (an element of a [`TmaAtom::get_tma_tensor`] tensor: an arithmetic tuple
/// of 2 to 5 integers) as the instruction's `i32` operands.
pub trait IntoTmaCoords: Copy {
    /// The operands.
    type Coords: TmaCoords;
    /// Converts.
    fn into_tma_coords(self) -> Self::Coords;
}
macro_rules! into_tma_coords {
    ($($c:ident: $T:ident),+) => {
        impl<$($T: Integral),+> IntoTmaCoords for ArithmeticTuple<($($T,)+)> {
            type Coords = ($(into_tma_coords!(@i32 $T),)+);
            #[inline(always)]
            fn into_tma_coords(self) -> Self::Coords {
                let ($($c,)+) = self.0;
                ($($c.value() as i32,)+)
            }
        }
    };
    (@i32 $T:ident) => { i32 };
}
into_tma_coords!(c0: A, c1: B);
into_tma_coords!(c0: A, c1: B, c2: C2);
into_tma_coords!(c0: A, c1: B, c2: C2, c3: D);
into_tma_coords!(c0: A, c1: B, c2: C2, c3: D, c4: E4);

/// A pointer into shared memory that a TMA instruction can be given: its raw (unswizzled)
/// address, C++'s `raw_pointer_cast` (a swizzled stage's TMA destination is aligned to the
/// swizzle's repeat, where the swizzle is the identity).
pub trait SmemRawPtr: Copy {
    /// The raw generic pointer.
    fn raw_smem_ptr(self) -> *const u8;
}
impl<T> SmemRawPtr for SmemPtr<T> {
    #[inline(always)]
    fn raw_smem_ptr(self) -> *const u8 {
        self.get() as *const u8
    }
}
impl<Sw: Copy, T> SmemRawPtr for SwizzlePtr<Sw, SmemPtr<T>> {
    #[inline(always)]
    fn raw_smem_ptr(self) -> *const u8 {
        self.get().get() as *const u8
    }
}

/// `copy(tma.with(mbar), src, dst)`: one TMA instruction per `NumVal` elements: `src` is a
/// partition of a [`TmaAtom::get_tma_tensor`] tensor and `dst` of a shared-memory tensor, both
/// `(TMA, Rest...)` with `size(TMA) == NumVal` (what [`tma_partition`] returns, sliced to one
/// k-tile and one stage); box `i` is issued at the TMA coordinate `src(i * NumVal)` into
/// `dst(i * NumVal)`'s address (C++'s `copy_unpack` of the TMA traits: the source's coordinate
/// and the destination's raw pointer).
///
/// # Preconditions
/// `size(src) == size(dst)`, a multiple of `NumVal` (a compile error `copy_tma: the tensors'
/// size is not a multiple of the TMA box` / `copy_tma: the two tensors have different sizes`
/// on static sizes).
///
/// # Safety
/// The atom's tensor map, barrier and CTA mask as the instruction requires
/// ([`SM90_TMA_LOAD_2D::copy`](crate::arch::copy_sm90_tma::SM90_TMA_LOAD_2D::copy)); every box
/// lies inside `dst`'s memory.
#[inline(always)]
pub unsafe fn copy_tma<Op, N, SE, SS, SD, DE, DS, DD>(
    atom: &TmaAtomWith<Op, N>,
    src: &Tensor<SE, Layout<SS, SD>>,
    dst: &Tensor<DE, Layout<DS, DD>>,
) where
    Op: TmaLoadOp,
    N: Integral,
    SE: Engine,
    DE: Engine,
    SS: IntTuple,
    DS: IntTuple,
    SD: Copy,
    DD: Copy,
    Layout<SS, SD>: LayoutEval<i32>,
    Layout<DS, DD>: LayoutEval<i32>,
    SE::Iter: IterRead<<Layout<SS, SD> as LayoutEval<i32>>::Output>,
    <SE::Iter as IterRead<<Layout<SS, SD> as LayoutEval<i32>>::Output>>::Value: IntoTmaCoords,
    DE::Iter: IterAdd<<Layout<DS, DD> as LayoutEval<i32>>::Output>,
    IterAddOf<DE::Iter, <Layout<DS, DD> as LayoutEval<i32>>::Output>: SmemRawPtr,
{
    const {
        assert!(
            copy_tma_sizes_agree(SS::Size::STATIC, DS::Size::STATIC),
            "copy_tma: the two tensors have different sizes"
        );
        assert!(
            copy_tma_box_divides(SS::Size::STATIC, N::STATIC),
            "copy_tma: the tensors' size is not a multiple of the TMA box"
        );
    };
    let n = N::default().value() as i32;
    let boxes = src.size().value() as i32 / n;
    for i in 0..boxes {
        let crd = src.get(i * n).into_tma_coords();
        let smem = cast_smem_ptr_to_uint(dst.iter_at(i * n).raw_smem_ptr());
        // SAFETY: the caller's contract.
        unsafe {
            Op::load_box(
                atom.desc,
                atom.mbar,
                atom.multicast_mask,
                atom.cache_hint,
                smem,
                crd,
            )
        };
    }
}

const fn copy_tma_sizes_agree(a: Option<i64>, b: Option<i64>) -> bool {
    match (a, b) {
        (Some(x), Some(y)) => x == y,
        _ => true,
    }
}
const fn copy_tma_box_divides(size: Option<i64>, n: Option<i64>) -> bool {
    match (size, n) {
        (Some(s), Some(n)) => n > 0 && s % n == 0,
        _ => true,
    }
}

// ---------------------------------------------------------------------------------------------
// tma_partition
// ---------------------------------------------------------------------------------------------

/// `layout_V` of `tma_partition` for the smem tile layout `Self` (mode 0 of the shared tensor,
/// without its swizzle) and `NumVal` `N`: the tile's coordinates in the order of shared
/// memory, divided into TMA instructions,
/// `logical_divide(tile_to_shape(make_layout(right_inverse(Self)), size(Self)), N)`.
pub trait TmaLayoutV<N> {
    /// The layout.
    type Output: Copy;
    /// Computes it.
    fn tma_layout_v(self, n: N) -> Self::Output;
}
/// The type of [`TmaLayoutV`].
pub type TmaLayoutVOf<L, N> = <L as TmaLayoutV<N>>::Output;
impl<S, D, N> TmaLayoutV<N> for Layout<S, D>
where
    S: IntTuple,
    D: IntTuple,
    Layout<S, D>: RightInverse,
    RightInverseOf<Layout<S, D>>: TmaTileV<S::Size, N>,
{
    type Output = <RightInverseOf<Layout<S, D>> as TmaTileV<S::Size, N>>::Output;
    #[inline(always)]
    fn tma_layout_v(self, n: N) -> Self::Output {
        right_inverse(self).tma_tile_v(self.size(), n)
    }
}
/// Step of [`TmaLayoutV`]: `Self` the inverse, `Z` the tile's size.
#[doc(hidden)]
pub trait TmaTileV<Z, N> {
    type Output: Copy;
    fn tma_tile_v(self, size: Z, n: N) -> Self::Output;
}
impl<S, D, Z, N> TmaTileV<Z, N> for Layout<S, D>
where
    (Layout<S, D>,): MakeLayoutFrom,
    MakeLayoutFromOf<(Layout<S, D>,)>: TmaDivideV<Z, N>,
{
    type Output = <MakeLayoutFromOf<(Layout<S, D>,)> as TmaDivideV<Z, N>>::Output;
    #[inline(always)]
    fn tma_tile_v(self, size: Z, n: N) -> Self::Output {
        make_layout_from((self,)).tma_divide_v(size, n)
    }
}
/// Step of [`TmaLayoutV`]: `Self` the inverse as a layout of one mode.
#[doc(hidden)]
pub trait TmaDivideV<Z, N> {
    type Output: Copy;
    fn tma_divide_v(self, size: Z, n: N) -> Self::Output;
}
impl<S, D, Z, N> TmaDivideV<Z, N> for Layout<S, D>
where
    Layout<S, D>: TileToShape<Z, LayoutLeft>,
    <Layout<S, D> as TileToShape<Z, LayoutLeft>>::Output: ByTiler<DivideOp, N>,
    LogicalDivideOf<<Layout<S, D> as TileToShape<Z, LayoutLeft>>::Output, N>: Copy,
{
    type Output = LogicalDivideOf<<Layout<S, D> as TileToShape<Z, LayoutLeft>>::Output, N>;
    #[inline(always)]
    fn tma_divide_v(self, size: Z, n: N) -> Self::Output {
        logical_divide(tile_to_shape(self, size), n)
    }
}

/// The rest of `tma_partition` for one tensor whose layout is `Self` (of rank 1 to 4), with
/// the tile `V` ([`TmaLayoutV`]) and the multicast offset `Off`: `coalesce(composition(Self,
/// append<rank>(V, _)), ((_1,_1)))` and the offset of `append<rank>(((Off, _0)), _0)` in it.
pub trait TmaPartitionLayout<V, Off> {
    /// The partition's layout, `((TMA,TMA_Iter), Rest...)`.
    type Output: Copy;
    /// The offset of the multicast coordinate in it.
    type Offset;
    /// Computes both.
    fn tma_partition_layout(self, v: V, off: Off) -> (Self::Output, Self::Offset);
}
macro_rules! tma_partition_layout {
    ($($S:ident $D:ident),+; $($x:ident),*; $($z:ident),*) => {
        impl<$($S, $D,)+ V, Off> TmaPartitionLayout<V, Off> for Layout<($($S,)+), ($($D,)+)>
        where
            Self: Composition<(V, $($x,)*)>,
            CompositionOf<Self, (V, $($x,)*)>: TmaCoalesceOffset<((Off, _0), $($z,)*)>,
        {
            type Output =
                <CompositionOf<Self, (V, $($x,)*)> as TmaCoalesceOffset<((Off, _0), $($z,)*)>>::Output;
            type Offset =
                <CompositionOf<Self, (V, $($x,)*)> as TmaCoalesceOffset<((Off, _0), $($z,)*)>>::Offset;
            #[inline(always)]
            fn tma_partition_layout(self, v: V, off: Off) -> (Self::Output, Self::Offset) {
                composition(self, (v, $(tma_partition_layout!(@x $x),)*))
                    .tma_coalesce_offset(((off, _0), $(tma_partition_layout!(@z $z),)*))
            }
        }
    };
    (@x $x:ident) => { X };
    (@z $z:ident) => { _0 };
}
tma_partition_layout!(S0 D0; ; );
tma_partition_layout!(S0 D0, S1 D1; Underscore; _0);
tma_partition_layout!(S0 D0, S1 D1, S2 D2; Underscore, Underscore; _0, _0);
tma_partition_layout!(S0 D0, S1 D1, S2 D2, S3 D3; Underscore, Underscore, Underscore; _0, _0, _0);

/// Step of [`TmaPartitionLayout`]: `Self` the composed layout, `Crd` the multicast coordinate.
#[doc(hidden)]
pub trait TmaCoalesceOffset<Crd> {
    type Output: Copy;
    type Offset;
    fn tma_coalesce_offset(self, crd: Crd) -> (Self::Output, Self::Offset);
}
impl<S, D, Crd> TmaCoalesceOffset<Crd> for Layout<S, D>
where
    Layout<S, D>: ByProfile<((_1, _1),), CoalesceOp>,
    ByProfileOf<Layout<S, D>, ((_1, _1),), CoalesceOp>: LayoutEval<Crd>,
{
    type Output = ByProfileOf<Layout<S, D>, ((_1, _1),), CoalesceOp>;
    type Offset = <Self::Output as LayoutEval<Crd>>::Output;
    #[inline(always)]
    fn tma_coalesce_offset(self, crd: Crd) -> (Self::Output, Self::Offset) {
        let l = coalesce_profile(self, ((_1, _1),));
        (l, l.eval(crd))
    }
}

/// `layout_V` of a shared tensor `Self`: [`TmaLayoutV`] of its layout's mode 0.
pub trait TmaSmemTile<N> {
    /// `layout_V`.
    type Output: Copy;
    /// Computes it.
    fn tma_smem_tile(&self, n: N) -> Self::Output;
}
impl<E, S, D, N> TmaSmemTile<N> for Tensor<E, Layout<S, D>>
where
    E: Engine,
    S: IntTuple + Mode<0>,
    D: IntTuple + Mode<0>,
    Layout<ModeOf<S, 0>, ModeOf<D, 0>>: TmaLayoutV<N>,
{
    type Output = TmaLayoutVOf<Layout<ModeOf<S, 0>, ModeOf<D, 0>>, N>;
    #[inline(always)]
    fn tma_smem_tile(&self, n: N) -> Self::Output {
        self.layout().get::<0>().tma_layout_v(n)
    }
}

/// The multicast offset of `tma_partition` for the CTA layout `Self` at `CC`: `self(cta_coord)
/// * (NumVal / cosize(self))`.
pub trait TmaMulticastOffset<CC, N> {
    /// The offset (static where the inputs are).
    type Output: Copy;
    /// Computes it.
    fn tma_multicast_offset(self, cta_coord: CC, n: N) -> Self::Output;
}
impl<S, D, CC, N> TmaMulticastOffset<CC, N> for Layout<S, D>
where
    S: IntTuple + CosizeSum<D>,
    D: IntTuple,
    N: IntDiv<Cosize<S, D>>,
    Layout<S, D>: LayoutEval<CC>,
    <Layout<S, D> as LayoutEval<CC>>::Output: IntMul<Quot<N, Cosize<S, D>>>,
    Prod<<Layout<S, D> as LayoutEval<CC>>::Output, Quot<N, Cosize<S, D>>>: Copy,
{
    type Output = Prod<<Layout<S, D> as LayoutEval<CC>>::Output, Quot<N, Cosize<S, D>>>;
    #[inline(always)]
    fn tma_multicast_offset(self, cta_coord: CC, n: N) -> Self::Output {
        self.eval(cta_coord).mul(n.div(self.cosize()))
    }
}

/// One tensor of `tma_partition` (`Self`, the shared or the global one) partitioned by the
/// tile `V` with the multicast offset `Off` ([`TmaPartitionLayout`]).
pub trait TmaPartitionTensor<V, Off> {
    /// `size<0>` of the tensor (before partitioning), when static.
    const MODE0_SIZE: Option<i64>;
    /// The partition.
    type Output;
    /// Computes it.
    fn tma_partition_tensor(self, v: V, off: Off) -> Self::Output;
}
impl<E, S, D, V, Off> TmaPartitionTensor<V, Off> for Tensor<E, Layout<S, D>>
where
    E: ViewLike,
    S: IntTuple + Mode<0>,
    ModeOf<S, 0>: IntTuple,
    D: Copy,
    Layout<S, D>: TmaPartitionLayout<V, Off>,
    E::Iter: IterAdd<<Layout<S, D> as TmaPartitionLayout<V, Off>>::Offset>,
{
    const MODE0_SIZE: Option<i64> = <<ModeOf<S, 0> as IntTuple>::Size as Integral>::STATIC;
    type Output = Tensor<
        E::Rebind<IterAddOf<E::Iter, <Layout<S, D> as TmaPartitionLayout<V, Off>>::Offset>>,
        <Layout<S, D> as TmaPartitionLayout<V, Off>>::Output,
    >;
    #[inline(always)]
    fn tma_partition_tensor(self, v: V, off: Off) -> Self::Output {
        let (l, o) = self.layout().tma_partition_layout(v, off);
        self.relayout(l, o)
    }
}

/// The type of one tensor of [`tma_partition`]'s result: `T` partitioned for the shared
/// tensor `ST`, the CTA layout `CL` at `CC` and `NumVal` `N`.
pub type TmaPartitionOf<T, ST, CL, CC, N> = <T as TmaPartitionTensor<
    <ST as TmaSmemTile<N>>::Output,
    <CL as TmaMulticastOffset<CC, N>>::Output,
>>::Output;

/// `tma_partition(tma, cta_coord, cta_layout, stensor, gtensor)`: the shared and global
/// tensors of a CTA's TMA copies, `(TMA, Rest...)` each: mode 0 of both (the tile one TMA
/// atom's copies cover, `group_modes<0,2>` of a `(BLK_M,BLK_K,..)` tile) reordered as the
/// shared layout runs and divided into instructions, `(TMA,TMA_Iter)` with `size(TMA) ==
/// NumVal`; the other modes (the k-tiles, the stages) as they were. With multicast, the CTA's
/// part of each box (C++'s offset inside the TMA mode for `cta_layout(cta_coord)`).
///
/// Returns `(gresult, sresult)`, C++'s order (`auto [tAgA, tAsA] = tma_partition(..)`).
///
/// # Math (as C++)
/// 1. `layout_V = logical_divide(tile_to_shape(make_layout(right_inverse(layout<0>(stensor))),
///    size<0>(stensor)), NumVal)` ([`TmaLayoutV`]).
/// 2. Each tensor: `coalesce(composition(t, (layout_V, _, ..)), ((_1,_1)))`, then
///    `domain_offset(((cta_layout(cta_coord) * (NumVal / cosize(cta_layout)), _0), _0, ..))`.
///
/// # Preconditions
/// `size<0>(stensor) == size<0>(gtensor)` (a compile error `tma_partition: mode 0 of the smem
/// and gmem tensors differ in size` on static sizes); tensors of rank 1 to 4; the shared
/// layout carries no swizzle (a swizzled stage's tensor has it on its pointer,
/// [`make_tensor_swizzled`]).
///
/// [`make_tensor_swizzled`]: crate::pointer_swizzle::make_tensor_swizzled
///
/// # Example
/// ```
/// use cute_core::arch::copy_sm90_tma::SM90_TMA_LOAD;
/// use cute_core::atom::copy_traits_sm90_tma::{tma_partition, TmaAtom};
/// use cute_core::atom::mma_traits_sm90_gmma::Layout_MN_SW128_Atom;
/// use cute_core::numeric::numeric_types::Half;
/// use cute_core::prelude::*;
/// // wgmma_tma_sm90.cu, gemm_nt: A (M,K):(_1,M), (64,8) boxes.
/// let tma = unsafe { TmaAtom::<SM90_TMA_LOAD, _512, (E<_0>, E<_1>)>::new(core::ptr::null()) };
/// let m_a = tma.get_tma_tensor((2048i32, 1024i32)); // (M,K)
/// let g_a = local_tile_projected(m_a, (_128, _128, _64), (3i32, 0i32, X), (_1, X, _1));
/// let stages = tile_to_shape(Layout_MN_SW128_Atom::<Half>::default(), (_128, _64, _3));
/// let s_a = unsafe { make_tensor_swizzled(make_smem_ptr(0x400usize as *mut Half), stages) };
/// let (t_a_g_a, t_a_s_a) = tma_partition(&tma, _0, make_layout(_1, _0),
///     s_a.group_modes::<_0, _2>(), g_a.group_modes::<_0, _2>()); // (TMA,k), (TMA,PIPE)
/// assert_eq!(t_a_g_a.to_string(),
///     "ArithTuple(384,_0) o (((_64,_8),(_2,_8)),16):(((_1@0,_1@1),(_64@0,_8@1)),_64@1)");
/// assert_eq!(t_a_s_a.layout().to_string(), "((_512,_16),(_1,_3)):((_1,_512),(_0,_8192))");
/// ```
#[inline(always)]
#[allow(clippy::type_complexity)]
pub fn tma_partition<Op, N, G, CC, CL, ST, GT>(
    atom: &TmaAtom<Op, N, G>,
    cta_coord: CC,
    cta_layout: CL,
    stensor: ST,
    gtensor: GT,
) -> (
    TmaPartitionOf<GT, ST, CL, CC, N>,
    TmaPartitionOf<ST, ST, CL, CC, N>,
)
where
    N: Integral,
    ST: TmaSmemTile<N>,
    CL: TmaMulticastOffset<CC, N>,
    ST: TmaPartitionTensor<<ST as TmaSmemTile<N>>::Output, CL::Output>,
    GT: TmaPartitionTensor<<ST as TmaSmemTile<N>>::Output, CL::Output>,
{
    const {
        assert!(
            copy_tma_sizes_agree(
                <ST as TmaPartitionTensor<<ST as TmaSmemTile<N>>::Output, CL::Output>>::MODE0_SIZE,
                <GT as TmaPartitionTensor<<ST as TmaSmemTile<N>>::Output, CL::Output>>::MODE0_SIZE
            ),
            "tma_partition: mode 0 of the smem and gmem tensors differ in size"
        )
    };
    let _ = atom;
    let n = N::default();
    let layout_v = stensor.tma_smem_tile(n);
    let off = cta_layout.tma_multicast_offset(cta_coord, n);
    (
        gtensor.tma_partition_tensor(layout_v, off),
        stensor.tma_partition_tensor(layout_v, off),
    )
}
