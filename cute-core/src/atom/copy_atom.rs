//! Copy atoms, tiled copies and their per-thread slices: port of `cute/atom/copy_atom.hpp`.
//!
//! [`CopyAtom<Op, V>`] is C++'s `Copy_Atom<Op, V>`: a raw copy operation moving values of type
//! `V`, whose layouts are the operation's bit layouts divided by `V`'s width.

use core::fmt;
use core::marker::PhantomData;

use crate::algorithm::tuple_algorithms::{Fun2, Transform2};
use crate::atom::copy_traits::{BitsOf, CopyTraits};
use crate::atom::mma_atom::{GetLayoutTv, LayoutATvOfMma, LayoutBTvOfMma, TiledMmaLayouts};
use crate::atom::mma_traits::AtomLayout;
use crate::atom::{
    fits_values, pack, unpack, ComposeBy, IntoSliced, RegisterCheck, Values, ValuesMut,
    ZippedDivideBy,
};
use crate::container::tuple::{Prepend, Split, Tuple};
use crate::int_tuple::{CeilDiv, CeilDivOf, IntLeaf, IntTuple, ProductEach, ProductEachOf, SizeOf};
use crate::layout::coalesce::{coalesce_profile, ByProfile, ByProfileOf, CoalesceOp};
use crate::layout::composition::{composition, Composition, CompositionOf};
use crate::layout::divide::ByTiler;
use crate::layout::divide::LayoutParts;
use crate::layout::inverse::{right_inverse, RightInverse, RightInverseOf};
use crate::layout::product::{
    logical_product, raked_product, LogicalProductOf, PairFn, ProductOp, RakedProductOf,
    RankedProduct,
};
use crate::layout::recast::{upcast, Upcast, UpcastOf};
use crate::layout::{size, Layout, LayoutLeft, Mode, ModeOf, Modes, Shaped, StrideFor};
use crate::numeric::aliases::_0;
use crate::numeric::aliases::_1;
use crate::numeric::arithmetic::{
    AbsOf, IntAbs, IntMul, IntSignum, IsConstant, IsConstantImpl, Prod, SignumOf,
};
use crate::numeric::integral_constant::{Integral, C};
use crate::numeric::numeric_types::SizeofBits;
use crate::numeric::{Integer, B0, B1};
use crate::tensor::partition::RepeatX;
use crate::tensor::TensorShape;
use crate::underscore::{Underscore, X};
use crate::util::print::{display, CutePrint};

// ---------------------------------------------------------------------------------------------
// recast_layout<uint1_t, V>: upcast of a static bit layout by sizeof_bits<V>
// ---------------------------------------------------------------------------------------------

/// `upcast<N>(layout)` for the static layouts atoms are made of (C++'s `recast_layout<uint1_t,
/// V>` of a bit layout): a stride-0 mode is kept; a mode of stride `d` becomes
/// `ceil_div(s, ceil_div(N, |d|)) : signum(d) * ceil_div(|d|, N)`.
#[doc(hidden)]
pub trait UpcastStatic<N> {
    /// The upcast layout.
    type Output: AtomLayout;
}
/// The type of [`UpcastStatic`].
pub type UpcastStaticOf<L, N> = <L as UpcastStatic<N>>::Output;

impl<S, D, N> UpcastStatic<N> for Layout<S, D>
where
    S: IntTuple,
    D: IntTuple,
    UpcastFn<N>: Fun2<S, D>,
    <UpcastFn<N> as Fun2<S, D>>::Output: UpcastPair,
{
    type Output = Layout<
        <<UpcastFn<N> as Fun2<S, D>>::Output as UpcastPair>::Shape,
        <<UpcastFn<N> as Fun2<S, D>>::Output as UpcastPair>::Stride,
    >;
}

/// A `(shape, stride)` pair produced per mode, split back into a shape and a stride.
#[doc(hidden)]
pub trait UpcastPair {
    type Shape: IntTuple + Default;
    type Stride: IntTuple + Default;
}
impl<S: IntTuple + Default, D: IntTuple + Default> UpcastPair for Layout<S, D> {
    type Shape = S;
    type Stride = D;
}

/// The per-mode upcast as a function value over (shape, stride).
#[doc(hidden)]
pub struct UpcastFn<N>(PhantomData<N>);

impl<S: Split, D: Split, N> Fun2<S, D> for UpcastFn<N>
where
    S: Transform2<UpcastFn<N>, D>,
    <S as Transform2<UpcastFn<N>, D>>::Output: Unzip,
{
    type Output = Layout<
        <<S as Transform2<UpcastFn<N>, D>>::Output as Unzip>::Shape,
        <<S as Transform2<UpcastFn<N>, D>>::Output as Unzip>::Stride,
    >;
    fn call(&self, _: S, _: D) -> Self::Output {
        Default::default()
    }
}
impl<M: Integer + 'static, D: IntLeaf, N> Fun2<C<M>, D> for UpcastFn<N>
where
    D: IsConstantImpl<_0>,
    C<M>: UpcastLeaf<D, N, IsConstant<_0, D>>,
{
    type Output = Layout<
        <C<M> as UpcastLeaf<D, N, IsConstant<_0, D>>>::Shape,
        <C<M> as UpcastLeaf<D, N, IsConstant<_0, D>>>::Stride,
    >;
    fn call(&self, _: C<M>, _: D) -> Self::Output {
        Default::default()
    }
}

/// One leaf mode of the upcast; `Zero` is `B1` for a static-0 stride.
#[doc(hidden)]
pub trait UpcastLeaf<D, N, Zero> {
    type Shape: IntTuple + Default;
    type Stride: IntTuple + Default;
}
impl<S: IntLeaf + Default, D: IntLeaf + Default, N> UpcastLeaf<D, N, B1> for S {
    type Shape = S;
    type Stride = D;
}
impl<S, D, N> UpcastLeaf<D, N, B0> for S
where
    D: IntLeaf + IntAbs + IntSignum,
    N: IntLeaf + CeilDiv<AbsOf<D>>,
    S: CeilDiv<CeilDivOf<N, AbsOf<D>>>,
    AbsOf<D>: CeilDiv<N>,
    SignumOf<D>: IntMul<CeilDivOf<AbsOf<D>, N>>,
    CeilDivOf<S, CeilDivOf<N, AbsOf<D>>>: Default,
    Prod<SignumOf<D>, CeilDivOf<AbsOf<D>, N>>: IntTuple + Default,
{
    type Shape = CeilDivOf<S, CeilDivOf<N, AbsOf<D>>>;
    type Stride = Prod<SignumOf<D>, CeilDivOf<AbsOf<D>, N>>;
}

/// A tuple of layouts seen as one layout of tuples (the modes side by side).
#[doc(hidden)]
pub trait Unzip: Tuple {
    type Shape: IntTuple + Default;
    type Stride: IntTuple + Default;
}
impl Unzip for () {
    type Shape = ();
    type Stride = ();
}
impl<T: Split> Unzip for T
where
    T::Head: UpcastPair,
    T::Tail: Unzip,
    <T::Tail as Unzip>::Shape: crate::container::tuple::Prepend<<T::Head as UpcastPair>::Shape>,
    <T::Tail as Unzip>::Stride: crate::container::tuple::Prepend<<T::Head as UpcastPair>::Stride>,
    <<T::Tail as Unzip>::Shape as crate::container::tuple::Prepend<
        <T::Head as UpcastPair>::Shape,
    >>::Output: IntTuple + Default,
    <<T::Tail as Unzip>::Stride as crate::container::tuple::Prepend<
        <T::Head as UpcastPair>::Stride,
    >>::Output: IntTuple + Default,
{
    type Shape = <<T::Tail as Unzip>::Shape as crate::container::tuple::Prepend<
        <T::Head as UpcastPair>::Shape,
    >>::Output;
    type Stride = <<T::Tail as Unzip>::Stride as crate::container::tuple::Prepend<
        <T::Head as UpcastPair>::Stride,
    >>::Output;
}

// ---------------------------------------------------------------------------------------------
// Copy_Atom
// ---------------------------------------------------------------------------------------------

/// `Copy_Atom<Op, V>`: a copy operation moving values of type `V`.
///
/// # Example
/// ```
/// use cute_core::arch::copy::UniversalCopy;
/// use cute_core::atom::copy_atom::CopyAtom;
/// use cute_core::numeric::numeric_types::Uint128;
/// // A 128-bit copy moves four f32 values per thread.
/// let atom = CopyAtom::<UniversalCopy<Uint128>, f32>::new();
/// assert_eq!(atom.val_layout_src().to_string(), "(_1,_4):(_0,_1)");
/// ```
pub struct CopyAtom<Op, V>(Op, PhantomData<V>);

impl<Op: Copy, V> Clone for CopyAtom<Op, V> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Op: Copy, V> Copy for CopyAtom<Op, V> {}
impl<Op: Default, V> Default for CopyAtom<Op, V> {
    fn default() -> Self {
        CopyAtom(Op::default(), PhantomData)
    }
}

/// The value layouts of a copy operation moving `V`s: its bit layouts upcast by `V`'s width.
/// A named bound: `Op: CopyAtomLayouts<V>` holds for every copy traits whose layouts divide.
pub trait CopyAtomLayouts<V>: CopyTraits {
    /// `ValLayoutSrc`: `(src thread id, src value id)` -> value offset.
    type ValLayoutSrc: AtomLayout;
    /// `ValLayoutDst`: `(dst thread id, dst value id)` -> value offset.
    type ValLayoutDst: AtomLayout;
    /// `ValLayoutRef`: `(ref thread id, ref value id)` -> value offset.
    type ValLayoutRef: AtomLayout;
    /// `NumValSrc`: the values one thread reads per instruction.
    const NUM_VAL_SRC: i64;
    /// `NumValDst`: the values one thread writes per instruction.
    const NUM_VAL_DST: i64;
}
impl<Op, V> CopyAtomLayouts<V> for Op
where
    Op: CopyTraits,
    V: SizeofBits,
    Op::SrcLayout: UpcastStatic<BitsOf<V>>,
    Op::DstLayout: UpcastStatic<BitsOf<V>>,
    Op::RefLayout: UpcastStatic<BitsOf<V>>,
    <UpcastStaticOf<Op::SrcLayout, BitsOf<V>> as Shaped>::Shape: Mode<1>,
    <UpcastStaticOf<Op::DstLayout, BitsOf<V>> as Shaped>::Shape: Mode<1>,
{
    type ValLayoutSrc = UpcastStaticOf<Op::SrcLayout, BitsOf<V>>;
    type ValLayoutDst = UpcastStaticOf<Op::DstLayout, BitsOf<V>>;
    type ValLayoutRef = UpcastStaticOf<Op::RefLayout, BitsOf<V>>;
    const NUM_VAL_SRC: i64 = static_or_zero::<
        SizeOf<ModeOf<<UpcastStaticOf<Op::SrcLayout, BitsOf<V>> as Shaped>::Shape, 1>>,
    >();
    const NUM_VAL_DST: i64 = static_or_zero::<
        SizeOf<ModeOf<<UpcastStaticOf<Op::DstLayout, BitsOf<V>> as Shaped>::Shape, 1>>,
    >();
}

const fn static_or_zero<T: Integral>() -> i64 {
    match T::STATIC {
        Some(n) => n,
        None => 0,
    }
}

struct CopyUnpack;
impl RegisterCheck for CopyUnpack {
    const MSG: &'static str =
        "copy_unpack: the tensor's size does not match the instruction's registers";
}

impl<Op: CopyAtomLayouts<V>, V: SizeofBits> CopyAtom<Op, V> {
    /// The atom (C++'s `Copy_Atom<Op, V>{}`).
    #[inline(always)]
    pub fn new() -> Self {
        CopyAtom(Op::default(), PhantomData)
    }
    /// `ThrID`: logical thread id -> thread index.
    #[inline(always)]
    pub fn thr_id(&self) -> Op::ThrId {
        Default::default()
    }
    /// `ValLayoutSrc`: `(thread id, value id)` -> source value offset.
    #[inline(always)]
    pub fn val_layout_src(&self) -> Op::ValLayoutSrc {
        Default::default()
    }
    /// `ValLayoutDst`: `(thread id, value id)` -> destination value offset.
    #[inline(always)]
    pub fn val_layout_dst(&self) -> Op::ValLayoutDst {
        Default::default()
    }
    /// `ValLayoutRef`: `(thread id, value id)` -> reference value offset.
    #[inline(always)]
    pub fn val_layout_ref(&self) -> Op::ValLayoutRef {
        Default::default()
    }
    /// `NumValSrc`: the values one thread reads per instruction.
    pub const NUM_VAL_SRC: i64 = Op::NUM_VAL_SRC;
    /// `NumValDst`: the values one thread writes per instruction.
    pub const NUM_VAL_DST: i64 = Op::NUM_VAL_DST;

    /// `atom.call(src, dst)`: one instruction's worth of values from `src` to `dst` (C++'s
    /// `copy_unpack`): `src`'s values, in index order, are reinterpreted as the operation's
    /// source register and `dst`'s as its destination register.
    ///
    /// When a tensor's values are contiguous in memory (as C++'s `recast` requires) the
    /// register is read or written through one pointer of the register type, so a
    /// `UniversalCopy<Uint128>` of four `f32` is one 128-bit access; otherwise (a strided
    /// register fragment, say) the values are gathered or scattered one by one.
    ///
    /// # Preconditions
    /// Each tensor's static size times `V`'s size is the register's size (a compile error
    /// `copy_unpack: the tensor's size does not match the instruction's registers`
    /// otherwise). A contiguous tensor's first value is aligned to the register type on the
    /// device (C++ assumes the same).
    ///
    /// An operation that takes the address of an operand (`SRC_IN_MEMORY`/`DST_IN_MEMORY`:
    /// `ldmatrix` its shared-memory source, `cp.async` both) is given a reference to the
    /// tensor's elements themselves (C++'s `recast<SRegisters>(src)`), so one atom call is one
    /// instruction on those addresses; the values must then be consecutive in memory (a panic
    /// `copy: ... in memory` otherwise, which folds away for static layouts).
    #[inline(always)]
    pub fn call<TS, TD>(&self, src: &TS, dst: &mut TD)
    where
        TS: Values<Value = V>,
        TD: ValuesMut<Value = V>,
        V: Copy,
    {
        self.call_pred(src, dst, true)
    }

    /// `atom.with(pred).call(src, dst)`: the predicated call. For the zero-fill operations
    /// (`PRED_ZFILL`, `SM80_CP_ASYNC_*_ZFILL`) one instruction either way, which writes zeros
    /// where `pred` is false (`cp.async` with a source size of 0); for the others, `call` if
    /// `pred`, nothing (and nothing read) otherwise.
    #[inline(always)]
    pub fn call_pred<TS, TD>(&self, src: &TS, dst: &mut TD, pred: bool)
    where
        TS: Values<Value = V>,
        TD: ValuesMut<Value = V>,
        V: Copy,
    {
        if !Op::PRED_ZFILL && !pred {
            return;
        }
        const {
            assert!(
                !Op::PRED_ZFILL || (Op::SRC_IN_MEMORY && Op::DST_IN_MEMORY),
                "copy: a zero-fill operation must take both operands in memory"
            )
        };
        let mut s_reg = core::mem::MaybeUninit::<Op::SRegisters>::uninit();
        let s: &Op::SRegisters = if Op::SRC_IN_MEMORY {
            const {
                assert!(
                    fits_values::<Op::SRegisters, TS>(),
                    "copy_unpack: the tensor's size does not match the instruction's registers"
                )
            };
            match src.address() {
                // SAFETY: the LEN values at `p` are the register's bytes (size checked
                // above), elements of a tensor that may be read; alignment is the caller's
                // precondition on the device, as for C++'s recast.
                Some(p) => unsafe { &*(p as *const Op::SRegisters) },
                None => panic!("copy: the operation reads its source in memory, and the atom's source values are not consecutive in memory"),
            }
        } else {
            s_reg.write(pack::<CopyUnpack, _, _>(src))
        };
        if Op::DST_IN_MEMORY {
            const {
                assert!(
                    fits_values::<Op::DRegisters, TD>(),
                    "copy_unpack: the tensor's size does not match the instruction's registers"
                )
            };
            match dst.address() {
                // SAFETY: as for the source; `dst` is borrowed uniquely, so the tensor's
                // elements may be written.
                Some(p) => Op::copy_pred(s, unsafe { &mut *(p as *mut Op::DRegisters) }, pred),
                None => panic!("copy: the operation writes its destination in memory, and the atom's destination values are not consecutive in memory"),
            }
        } else {
            let mut d = Op::DRegisters::default();
            Op::copy_pred(s, &mut d, pred);
            unpack::<CopyUnpack, _, _>(&d, dst);
        }
    }
}

/// C++'s `print(Copy_Atom)`.
impl<Op: CopyAtomLayouts<V>, V: SizeofBits> fmt::Display for CopyAtom<Op, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Copy_Atom")?;
        writeln!(f, "  ThrID:        {}", self.thr_id())?;
        writeln!(f, "  ValLayoutSrc: {}", self.val_layout_src())?;
        writeln!(f, "  ValLayoutDst: {}", self.val_layout_dst())?;
        writeln!(f, "  ValLayoutRef: {}", self.val_layout_ref())?;
        writeln!(
            f,
            "  ValueType:    {}b",
            <BitsOf<V> as Integral>::STATIC.unwrap_or(0)
        )
    }
}
impl<Op: CopyAtomLayouts<V>, V: SizeofBits> fmt::Debug for CopyAtom<Op, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

// ---------------------------------------------------------------------------------------------
// TiledCopy
// ---------------------------------------------------------------------------------------------

/// `TiledCopy<Copy_Atom, LayoutCopy_TV, ShapeTiler_MN>`: a copy atom repeated over threads and
/// values. `layout_tv` maps `(thread index, value)` to a 1-D coordinate of the tile of shape
/// `tiler`. Built by [`make_tiled_copy`].
///
/// # Example
/// ```
/// use cute_core::arch::copy::UniversalCopy;
/// use cute_core::atom::copy_atom::{make_tiled_copy, CopyAtom};
/// use cute_core::numeric::numeric_types::Uint128;
/// use cute_core::prelude::*;
/// // sgemm_2 (NT): 32x8 threads, each copying 4 consecutive floats with one 128-bit access
/// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<Uint128>, f32>::new(),
///                            make_layout((_32, _8), LayoutLeft), make_layout((_4, _1), LayoutLeft));
/// assert_eq!(copy.get_layout_s_tv().to_string(), "(_256,(_4,_1)):(_4,(_1,_0))");
/// assert_eq!(display(&copy.tiler()).to_string(), "(_128,_8)");
/// assert_eq!(core::mem::size_of_val(&copy), 0);
/// ```
pub struct TiledCopy<Op, V, LTv, Tiler> {
    atom: CopyAtom<Op, V>,
    layout_tv: LTv,
    tiler: Tiler,
}
impl<Op: Copy, V, LTv: Copy, Tiler: Copy> Clone for TiledCopy<Op, V, LTv, Tiler> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<Op: Copy, V, LTv: Copy, Tiler: Copy> Copy for TiledCopy<Op, V, LTv, Tiler> {}

/// The type of the TV layout of `make_tiled_copy(atom, thr_layout, val_layout)`:
/// `right_inverse(raked_product(thr, val)).with_shape((size(thr), size(val)))`.
pub type MakeTiledCopyTvOf<TL, VL> = CompositionOf<
    RightInverseOf<RakedProductOf<TL, VL>>,
    Layout<(LSize<TL>, LSize<VL>), <LayoutLeft as StrideFor<(LSize<TL>, LSize<VL>)>>::Stride>,
>;
/// The size of a layout.
type LSize<L> = SizeOf<<L as Shaped>::Shape>;
/// The tiler of `make_tiled_copy(atom, thr_layout, val_layout)`:
/// `product_each(shape(raked_product(thr, val)))`.
pub type MakeTiledCopyTilerOf<TL, VL> =
    ProductEachOf<<RakedProductOf<TL, VL> as LayoutParts>::Shape>;

/// `raked_product(thr, val)` and what [`make_tiled_copy`] computes from it (a named bound).
#[doc(hidden)]
pub trait TiledCopyLayouts<VL>: Shaped {
    type LayoutTv: Copy;
    type Tiler: Copy;
    fn tiled_copy_layouts(self, val: VL) -> (Self::LayoutTv, Self::Tiler);
}
impl<TL, VL> TiledCopyLayouts<VL> for TL
where
    TL: Shaped + RankedProduct<VL>,
    VL: Shaped,
    TL::BlockShape: Modes,
    TL::BlockStride: Modes,
    TL::RepShape: Modes,
    TL::RepStride: Modes,
    <TL::RepShape as Modes>::Output: Transform2<PairFn, <TL::BlockShape as Modes>::Output>,
    <TL::RepStride as Modes>::Output: Transform2<PairFn, <TL::BlockStride as Modes>::Output>,
    <<TL::RepShape as Modes>::Output as Transform2<PairFn, <TL::BlockShape as Modes>::Output>>::Output:
        IntTuple,
    <<TL::RepStride as Modes>::Output as Transform2<PairFn, <TL::BlockStride as Modes>::Output>>::Output:
        IntTuple,
    RakedProductOf<TL, VL>: RightInverse,
    (LSize<TL>, LSize<VL>): IntTuple,
    LayoutLeft: StrideFor<(LSize<TL>, LSize<VL>)>,
    RightInverseOf<RakedProductOf<TL, VL>>: Composition<
        Layout<(LSize<TL>, LSize<VL>), <LayoutLeft as StrideFor<(LSize<TL>, LSize<VL>)>>::Stride>,
    >,
    <RakedProductOf<TL, VL> as LayoutParts>::Shape: ProductEach,
{
    type LayoutTv = MakeTiledCopyTvOf<TL, VL>;
    type Tiler = MakeTiledCopyTilerOf<TL, VL>;
    #[inline(always)]
    fn tiled_copy_layouts(self, val: VL) -> (Self::LayoutTv, Self::Tiler) {
        let s = (size(self), size(val));
        let layout_mn = raked_product(self, val);
        let layout_tv = composition(right_inverse(layout_mn), Layout::new(s, LayoutLeft.stride_for(s)));
        (layout_tv, layout_mn.shape().product_each())
    }
}

/// The type of `make_tiled_copy(atom, thr_layout, val_layout)`.
pub type TiledCopyOf<Op, V, TL, VL> =
    TiledCopy<Op, V, <TL as TiledCopyLayouts<VL>>::LayoutTv, <TL as TiledCopyLayouts<VL>>::Tiler>;

/// `make_tiled_copy(copy_atom, thr_layout, val_layout)`: the atom repeated so that the threads
/// cover a tile as `thr_layout` (`(m,n) -> thread index`) says, each moving the values
/// `val_layout` (`(m,n) -> value index`) lays out. The tile is `raked_product(thr_layout,
/// val_layout)`: thread `t`'s values are the block of `val_layout` at `t`'s place.
///
/// # Math
/// `layout_mn = raked_product(thr, val)`, `layout_tv = right_inverse(layout_mn)
/// .with_shape((size(thr), size(val)))`, `tiler = product_each(shape(layout_mn))`.
///
/// # Example
/// ```
/// use cute_core::arch::copy::UniversalCopy;
/// use cute_core::atom::copy_atom::{make_tiled_copy, CopyAtom};
/// use cute_core::prelude::*;
/// // sgemm_2 (TN): 32x8 threads, row-major, one float each
/// let copy = make_tiled_copy(CopyAtom::<UniversalCopy<f32>, f32>::new(),
///                            make_layout((_32, _8), (_8, _1)), make_layout((_1, _1), LayoutLeft));
/// assert_eq!(copy.get_layout_s_tv().to_string(), "((_8,_32),(_1,_1)):((_32,_1),(_0,_0))");
/// ```
#[inline(always)]
pub fn make_tiled_copy<Op, V, TL, VL>(
    copy_atom: CopyAtom<Op, V>,
    thr_layout: TL,
    val_layout: VL,
) -> TiledCopyOf<Op, V, TL, VL>
where
    TL: TiledCopyLayouts<VL>,
{
    let (layout_tv, tiler) = thr_layout.tiled_copy_layouts(val_layout);
    TiledCopy {
        atom: copy_atom,
        layout_tv,
        tiler,
    }
}

/// A `((a,b),(c,d))` layout zipped to `((a,c),(b,d))` (C++'s `zip` of a rank-2 layout of
/// rank-2 modes).
#[doc(hidden)]
pub trait Zip22 {
    type Output: Copy;
    fn zip22(self) -> Self::Output;
}
impl<S0, S1, S2, S3, D0, D1, D2, D3> Zip22 for Layout<((S0, S1), (S2, S3)), ((D0, D1), (D2, D3))>
where
    ((S0, S1), (S2, S3)): IntTuple,
    ((D0, D1), (D2, D3)): IntTuple,
    ((S0, S2), (S1, S3)): IntTuple,
    ((D0, D2), (D1, D3)): IntTuple,
{
    type Output = Layout<((S0, S2), (S1, S3)), ((D0, D2), (D1, D3))>;
    #[inline(always)]
    fn zip22(self) -> Self::Output {
        let ((s0, s1), (s2, s3)) = self.shape();
        let ((d0, d1), (d2, d3)) = self.stride();
        Layout::new(((s0, s2), (s1, s3)), ((d0, d2), (d1, d3)))
    }
}

/// The size of mode `I` of a layout.
type ModeSize<L, const I: usize> = SizeOf<ModeOf<<L as Shaped>::Shape, I>>;
/// `right_inverse(AtomLayoutRef).compose(AtomLayout)`: reference coordinate -> target offset.
type Ref2Trg<Ref, Trg> = CompositionOf<RightInverseOf<Ref>, Trg>;
/// `(AtomNumThr, AtomNumVal)` of a reference layout.
type AtomNum<Ref> = (ModeSize<Ref, 0>, ModeSize<Ref, 1>);
/// `zipped_divide(TiledLayout_TV, (AtomNumThr, AtomNumVal))`.
type AtomLayoutTv<LTv, Ref> = <LTv as ZippedDivideBy<AtomNum<Ref>>>::Output;
/// `atom_layout_TV.compose(ref2trg, _)`, zipped.
type TrgZipped<LTv, Ref, Trg> = <<AtomLayoutTv<LTv, Ref> as ComposeBy<(
    Ref2Trg<Ref, Trg>,
    Underscore,
)>>::Output as Zip22>::Output;
/// `thrval2mn`: `coalesce(zip(atom_layout_TV.compose(ref2trg, _)), (_1,(_1,_1)))`.
type ThrVal2Mn<LTv, Ref, Trg> = ByProfileOf<TrgZipped<LTv, Ref, Trg>, (_1, (_1, _1)), CoalesceOp>;

/// `(thr, val) -> tile coordinate` of a tiled copy for the atom layout `Trg` (C++'s
/// `tile2thrfrg` without the tensor: the `thrval2mn` it composes with). A named bound.
#[doc(hidden)]
pub trait ThrValToMn<Ref, Trg>: Copy {
    type Output: Copy;
    fn thrval2mn(self) -> Self::Output;
}
impl<LTv, Ref, Trg> ThrValToMn<Ref, Trg> for LTv
where
    LTv: Copy + ZippedDivideBy<AtomNum<Ref>>,
    Ref: AtomLayout + RightInverse,
    <Ref as Shaped>::Shape: Mode<0> + Mode<1>,
    Trg: AtomLayout,
    RightInverseOf<Ref>: Composition<Trg>,
    AtomLayoutTv<LTv, Ref>: ComposeBy<(Ref2Trg<Ref, Trg>, Underscore)>,
    <AtomLayoutTv<LTv, Ref> as ComposeBy<(Ref2Trg<Ref, Trg>, Underscore)>>::Output: Zip22,
    TrgZipped<LTv, Ref, Trg>: ByProfile<(_1, (_1, _1)), CoalesceOp>,
{
    type Output = ThrVal2Mn<LTv, Ref, Trg>;
    #[inline(always)]
    fn thrval2mn(self) -> Self::Output {
        let r = Ref::default().shape_of();
        let atom_tv = self.zipped_divide_by((Mode::<0>::mode(r).size(), Mode::<1>::mode(r).size()));
        let ref2trg = composition(right_inverse(Ref::default()), Trg::default());
        coalesce_profile(atom_tv.compose_by((ref2trg, X)).zip22(), (_1, (_1, _1)))
    }
}

/// The thread-value layout of a tiled copy's source or destination (a named bound): `Src`
/// picks `ValLayoutSrc` (`B1`) or `ValLayoutDst` (`B0`).
#[doc(hidden)]
pub trait TidfrgLayouts {
    type Op: CopyAtomLayouts<Self::V>;
    type V: SizeofBits;
    type LayoutTv: Copy;
    type Tiler: Copy;
    fn parts(&self) -> (CopyAtom<Self::Op, Self::V>, Self::LayoutTv, Self::Tiler);
}
impl<Op: CopyAtomLayouts<V>, V: SizeofBits, LTv: Copy, Tiler: Copy> TidfrgLayouts
    for TiledCopy<Op, V, LTv, Tiler>
{
    type Op = Op;
    type V = V;
    type LayoutTv = LTv;
    type Tiler = Tiler;
    #[inline(always)]
    fn parts(&self) -> (CopyAtom<Op, V>, LTv, Tiler) {
        (self.atom, self.layout_tv, self.tiler)
    }
}

type SrcMap<T> = <<T as TidfrgLayouts>::LayoutTv as ThrValToMn<
    <<T as TidfrgLayouts>::Op as CopyAtomLayouts<<T as TidfrgLayouts>::V>>::ValLayoutRef,
    <<T as TidfrgLayouts>::Op as CopyAtomLayouts<<T as TidfrgLayouts>::V>>::ValLayoutSrc,
>>::Output;
type DstMap<T> = <<T as TidfrgLayouts>::LayoutTv as ThrValToMn<
    <<T as TidfrgLayouts>::Op as CopyAtomLayouts<<T as TidfrgLayouts>::V>>::ValLayoutRef,
    <<T as TidfrgLayouts>::Op as CopyAtomLayouts<<T as TidfrgLayouts>::V>>::ValLayoutDst,
>>::Output;

/// The layouts of a tiled copy (a named bound, implemented for every [`TiledCopy`] whose
/// layouts compose).
pub trait TiledCopyTv: TidfrgLayouts {
    /// `thrval2mn` of the source: `(thr, val) -> tile coordinate`.
    type SrcMap: Copy;
    /// `thrval2mn` of the destination.
    type DstMap: Copy;
    /// The type of `get_layoutS_TV()`.
    type LayoutSTv: Copy + fmt::Display;
    /// The type of `get_layoutD_TV()`.
    type LayoutDTv: Copy + fmt::Display;
    /// The source map.
    fn src_map(&self) -> Self::SrcMap;
    /// The destination map.
    fn dst_map(&self) -> Self::DstMap;
    /// `get_layoutS_TV()`: `(thread index, value) -> 1-D coordinate` of the source tile.
    fn get_layout_s_tv(&self) -> Self::LayoutSTv;
    /// `get_layoutD_TV()`: `(thread index, value) -> 1-D coordinate` of the destination tile.
    fn get_layout_d_tv(&self) -> Self::LayoutDTv;
    /// `Tiler_MN`: the tile's shape.
    #[inline(always)]
    fn tiler(&self) -> Self::Tiler {
        self.parts().2
    }
    /// `TiledLayout_TV`.
    #[inline(always)]
    fn layout_tv(&self) -> Self::LayoutTv {
        self.parts().1
    }
}
/// `make_layout(shape(Tiler_MN))`.
type TileRef<T> = Layout<
    <T as TidfrgLayouts>::Tiler,
    <LayoutLeft as StrideFor<<T as TidfrgLayouts>::Tiler>>::Stride,
>;
impl<T> TiledCopyTv for T
where
    T: TidfrgLayouts,
    T::LayoutTv: ThrValToMn<
            <T::Op as CopyAtomLayouts<T::V>>::ValLayoutRef,
            <T::Op as CopyAtomLayouts<T::V>>::ValLayoutSrc,
        > + ThrValToMn<
            <T::Op as CopyAtomLayouts<T::V>>::ValLayoutRef,
            <T::Op as CopyAtomLayouts<T::V>>::ValLayoutDst,
        >,
    T::Tiler: IntTuple,
    LayoutLeft: StrideFor<T::Tiler>,
    TileRef<T>: Composition<SrcMap<T>> + Composition<DstMap<T>>,
    CompositionOf<TileRef<T>, SrcMap<T>>: fmt::Display,
    CompositionOf<TileRef<T>, DstMap<T>>: fmt::Display,
{
    type SrcMap = SrcMap<T>;
    type DstMap = DstMap<T>;
    type LayoutSTv = CompositionOf<TileRef<T>, SrcMap<T>>;
    type LayoutDTv = CompositionOf<TileRef<T>, DstMap<T>>;
    #[inline(always)]
    fn src_map(&self) -> SrcMap<T> {
        ThrValToMn::<
            <T::Op as CopyAtomLayouts<T::V>>::ValLayoutRef,
            <T::Op as CopyAtomLayouts<T::V>>::ValLayoutSrc,
        >::thrval2mn(self.parts().1)
    }
    #[inline(always)]
    fn dst_map(&self) -> DstMap<T> {
        ThrValToMn::<
            <T::Op as CopyAtomLayouts<T::V>>::ValLayoutRef,
            <T::Op as CopyAtomLayouts<T::V>>::ValLayoutDst,
        >::thrval2mn(self.parts().1)
    }
    #[inline(always)]
    fn get_layout_s_tv(&self) -> Self::LayoutSTv {
        let t = self.parts().2;
        composition(Layout::new(t, LayoutLeft.stride_for(t)), self.src_map())
    }
    #[inline(always)]
    fn get_layout_d_tv(&self) -> Self::LayoutDTv {
        let t = self.parts().2;
        composition(Layout::new(t, LayoutLeft.stride_for(t)), self.dst_map())
    }
}

/// `tidfrg_S(stensor)` / `tidfrg_D(dtensor)`: a layout or view tensor of shape `(M,N,...)`
/// tiled to `(Thr,Val,(RestM,RestN,...))`: `zipped_divide(x, Tiler_MN).compose(thrval2mn, _)`
/// with the thread-value mode unpacked. A named bound over the map `Map`.
#[doc(hidden)]
pub trait Tidfrg<Tiler, Map> {
    type Output;
    fn tidfrg(self, tiler: Tiler, map: Map) -> Self::Output;
}
impl<X, Tiler: Copy, Map> Tidfrg<Tiler, Map> for X
where
    X: ZippedDivideBy<Tiler>,
    X::Output: ComposeBy<(Map, Underscore)>,
    <X::Output as ComposeBy<(Map, Underscore)>>::Output:
        IntoSliced<((Underscore, Underscore), Underscore)>,
{
    type Output = <<X::Output as ComposeBy<(Map, Underscore)>>::Output as IntoSliced<(
        (Underscore, Underscore),
        Underscore,
    )>>::Output;
    #[inline(always)]
    fn tidfrg(self, tiler: Tiler, map: Map) -> Self::Output {
        self.zipped_divide_by(tiler)
            .compose_by((map, X))
            .into_sliced(((X, X), X))
    }
}

/// `ThrCopy`: a tiled copy seen by one thread (C++'s `ThrCopy<TiledCopy, ThrIdx>`), from
/// [`TiledCopy::get_slice`].
#[derive(Clone, Copy)]
pub struct ThrCopy<T, I> {
    copy: T,
    thr_idx: I,
}

impl<Op, V, LTv, Tiler> TiledCopy<Op, V, LTv, Tiler> {
    /// The copy atom.
    #[inline(always)]
    pub fn atom(&self) -> CopyAtom<Op, V>
    where
        Op: Copy,
    {
        self.atom
    }
    /// `get_slice(thr_idx)` / `get_thread_slice(thr_idx)`: the tiled copy seen by thread
    /// `thr_idx`.
    #[inline(always)]
    pub fn get_slice<I: Copy>(&self, thr_idx: I) -> ThrCopy<Self, I>
    where
        Self: Copy,
    {
        ThrCopy {
            copy: *self,
            thr_idx,
        }
    }
    /// `get_thread_slice(thr_idx)`: see [`get_slice`](Self::get_slice).
    #[inline(always)]
    pub fn get_thread_slice<I: Copy>(&self, thr_idx: I) -> ThrCopy<Self, I>
    where
        Self: Copy,
    {
        self.get_slice(thr_idx)
    }
}

impl<Op, V, S: IntTuple, D: Copy, Tiler> TiledCopy<Op, V, Layout<S, D>, Tiler> {
    /// `size(tiled_copy)`: the number of threads of the tiled copy, `size<0>` of its
    /// `TiledLayout_TV` (C++ `size(TiledCopy)`, what kernels launch with, as `size(TiledMMA)`).
    /// Static when the thread layout is.
    #[inline(always)]
    pub fn size(&self) -> SizeOf<ModeOf<S, 0>>
    where
        S: Mode<0>,
    {
        self.layout_tv.size_mode::<0>()
    }
}

/// The slicing coordinate of a copy partition: `(thr, _, repeat<rank>(_))`.
type CopyCoord<I, S> = (I, Underscore, <S as RepeatX>::Output);

/// The type of `partition_S(tensor)` of a thread of a tiled copy.
pub type PartitionSOf<T, I, Tn> = <<Tn as Tidfrg<
    <T as TidfrgLayouts>::Tiler,
    <T as TiledCopyTv>::SrcMap,
>>::Output as IntoSliced<CopyCoord<I, <Tn as TensorShape>::Shape>>>::Output;
/// The type of `partition_D(tensor)` of a thread of a tiled copy.
pub type PartitionDOf<T, I, Tn> = <<Tn as Tidfrg<
    <T as TidfrgLayouts>::Tiler,
    <T as TiledCopyTv>::DstMap,
>>::Output as IntoSliced<CopyCoord<I, <Tn as TensorShape>::Shape>>>::Output;

impl<T: TiledCopyTv, I: Copy> ThrCopy<T, I> {
    /// `partition_S(stensor)`: the values of the `(M,N,...)` source tensor this thread reads,
    /// `(CPY,CPY_M,CPY_N,...)`.
    #[inline(always)]
    pub fn partition_s<Tn>(&self, tensor: Tn) -> PartitionSOf<T, I, Tn>
    where
        Tn: TensorShape + Tidfrg<T::Tiler, T::SrcMap>,
        Tn::Shape: RepeatX,
        <Tn as Tidfrg<T::Tiler, T::SrcMap>>::Output: IntoSliced<CopyCoord<I, Tn::Shape>>,
    {
        let rest = tensor.tensor_shape().repeat_x();
        tensor
            .tidfrg(self.copy.tiler(), self.copy.src_map())
            .into_sliced((self.thr_idx, X, rest))
    }
    /// `partition_D(dtensor)`: the values of the `(M,N,...)` destination tensor this thread
    /// writes, `(CPY,CPY_M,CPY_N,...)`.
    #[inline(always)]
    pub fn partition_d<Tn>(&self, tensor: Tn) -> PartitionDOf<T, I, Tn>
    where
        Tn: TensorShape + Tidfrg<T::Tiler, T::DstMap>,
        Tn::Shape: RepeatX,
        <Tn as Tidfrg<T::Tiler, T::DstMap>>::Output: IntoSliced<CopyCoord<I, Tn::Shape>>,
    {
        let rest = tensor.tensor_shape().repeat_x();
        tensor
            .tidfrg(self.copy.tiler(), self.copy.dst_map())
            .into_sliced((self.thr_idx, X, rest))
    }
}

// ---------------------------------------------------------------------------------------------
// retile
// ---------------------------------------------------------------------------------------------

/// The layouts [`Retile`] applies to a tensor whose mode 0 has size `V` (C++'s
/// `TiledCopy::retile`, a named bound): the tiler `(V, product_each(shape(frg_layout_mn))...)`
/// and `frg_layout_v`, `(atom_vals, rest_vals) -> (v, m, n)`.
#[doc(hidden)]
pub trait RetileLayouts<V>: TidfrgLayouts {
    type TileV: Copy;
    type FrgV: Copy;
    fn retile_layouts(&self, v: V) -> (Self::TileV, Self::FrgV);
}
/// `size<0>(TiledLayout_TV)`: the threads of a tiled copy.
type TiledNumThr<T> = ModeSize<<T as TidfrgLayouts>::LayoutTv, 0>;
/// `size<1>(AtomLayoutRef)`: the values of one atom.
type AtomNumVal<T> = ModeSize<
    <<T as TidfrgLayouts>::Op as CopyAtomLayouts<<T as TidfrgLayouts>::V>>::ValLayoutRef,
    1,
>;
/// `frg_layout_mn = upcast<TiledNumThr * V>(right_inverse(TiledLayout_TV).with_shape(Tiler_MN))`:
/// `(m, n) -> v` block index.
type FrgMn<T, V> = UpcastOf<
    CompositionOf<RightInverseOf<<T as TidfrgLayouts>::LayoutTv>, TileRef<T>>,
    Prod<TiledNumThr<T>, V>,
>;
/// `zipped_divide(logical_product(make_layout(V), right_inverse(frg_layout_mn)),
/// make_layout(AtomNumVal))`.
type FrgV<T, V> =
    <LogicalProductOf<Layout<V, _1>, RightInverseOf<FrgMn<T, V>>> as ZippedDivideBy<
        Layout<AtomNumVal<T>, _1>,
    >>::Output;
/// `prepend(product_each(shape(frg_layout_mn)), V)`.
type TileV<T, V> = <ProductEachOf<<FrgMn<T, V> as Shaped>::Shape> as Prepend<V>>::Output;

impl<T, V> RetileLayouts<V> for T
where
    T: TidfrgLayouts,
    V: Integral + IntTuple,
    AtomNumVal<T>: IntTuple,
    T::LayoutTv: Shaped + RightInverse,
    <T::LayoutTv as Shaped>::Shape: Mode<0>,
    <<T::Op as CopyAtomLayouts<T::V>>::ValLayoutRef as Shaped>::Shape: Mode<1>,
    T::Tiler: IntTuple,
    LayoutLeft: StrideFor<T::Tiler>,
    RightInverseOf<T::LayoutTv>: Composition<TileRef<T>>,
    TiledNumThr<T>: IntMul<V>,
    CompositionOf<RightInverseOf<T::LayoutTv>, TileRef<T>>: Upcast<Prod<TiledNumThr<T>, V>>,
    FrgMn<T, V>: Shaped + RightInverse,
    <FrgMn<T, V> as Shaped>::Shape: ProductEach,
    ProductEachOf<<FrgMn<T, V> as Shaped>::Shape>: Prepend<V>,
    TileV<T, V>: Copy,
    Layout<V, _1>: ByTiler<ProductOp, RightInverseOf<FrgMn<T, V>>>,
    LogicalProductOf<Layout<V, _1>, RightInverseOf<FrgMn<T, V>>>:
        ZippedDivideBy<Layout<AtomNumVal<T>, _1>>,
    FrgV<T, V>: Copy,
{
    type TileV = TileV<T, V>;
    type FrgV = FrgV<T, V>;
    #[inline(always)]
    fn retile_layouts(&self, v: V) -> (Self::TileV, Self::FrgV) {
        let (_, layout_tv, tiler) = self.parts();
        let tile = Layout::new(tiler, LayoutLeft.stride_for(tiler));
        let frg_layout_mn =
            upcast::<Prod<TiledNumThr<T>, V>, _>(composition(right_inverse(layout_tv), tile));
        let atom_num_val: AtomNumVal<T> = Default::default();
        let frg_layout_v = logical_product(Layout::new(v, _1), right_inverse(frg_layout_mn))
            .zipped_divide_by(Layout::new(atom_num_val, _1));
        let tile_v = frg_layout_mn.shape_of().product_each().prepend(v);
        (tile_v, frg_layout_v)
    }
}

/// The slicing coordinate of `retile`: `(_, (0, _, _, ...))`, rank of the tensor.
type RetileCoord<S> = (
    Underscore,
    <<<S as Split>::Tail as RepeatX>::Output as Prepend<_0>>::Output,
);

/// `TiledCopy::retile(tensor)` on a layout or a view tensor (a named bound): `tensor`, a
/// thread's values `(V, M, N, ...)` partitioned some other way, regrouped as this copy's
/// values, `((atom_vals, rest_vals), CPY_M, CPY_N, ...)`.
pub trait Retile<T> {
    /// The retiled layout or tensor.
    type Output;
    /// Retiles `self` for the tiled copy `copy`.
    fn retile(self, copy: &T) -> Self::Output;
}
/// The type of `retile_S(tensor)` / `retile_D(tensor)` of a thread of the tiled copy `T`.
pub type RetileOf<T, Tn> = <Tn as Retile<T>>::Output;

/// The size of mode 0 of a shape.
type Mode0Size<S> = SizeOf<ModeOf<S, 0>>;

/// The shape of a layout or of a tensor (what [`Retile`] takes).
#[doc(hidden)]
pub trait RetileShape {
    type Shape: IntTuple;
    fn retile_shape(&self) -> Self::Shape;
}
impl<S: IntTuple, D: Copy> RetileShape for Layout<S, D> {
    type Shape = S;
    #[inline(always)]
    fn retile_shape(&self) -> S {
        self.shape()
    }
}
impl<E, S: IntTuple, D: Copy> RetileShape for crate::tensor::Tensor<E, Layout<S, D>> {
    type Shape = S;
    #[inline(always)]
    fn retile_shape(&self) -> S {
        self.tensor_shape()
    }
}

impl<T, Tn> Retile<T> for Tn
where
    Tn: RetileShape + ZippedDivideBy<TileVOf<T, Tn>>,
    Tn::Shape: Mode<0> + Split,
    <Tn::Shape as Split>::Tail: RepeatX,
    <<Tn::Shape as Split>::Tail as RepeatX>::Output: Prepend<_0>,
    T: RetileLayouts<Mode0Size<Tn::Shape>>,
    <Tn as ZippedDivideBy<TileVOf<T, Tn>>>::Output:
        ComposeBy<(FrgVOf<T, Tn>, Underscore)>,
    <<Tn as ZippedDivideBy<TileVOf<T, Tn>>>::Output as ComposeBy<(
        FrgVOf<T, Tn>,
        Underscore,
    )>>::Output: IntoSliced<RetileCoord<Tn::Shape>>,
{
    type Output = <<<Tn as ZippedDivideBy<TileVOf<T, Tn>>>::Output as ComposeBy<(
        FrgVOf<T, Tn>,
        Underscore,
    )>>::Output as IntoSliced<RetileCoord<Tn::Shape>>>::Output;
    #[inline(always)]
    fn retile(self, copy: &T) -> Self::Output {
        let shape = self.retile_shape();
        let v = Mode::<0>::mode(shape).size();
        let (tile_v, frg_layout_v) = copy.retile_layouts(v);
        let rest = shape.split().1.repeat_x().prepend(_0);
        self.zipped_divide_by(tile_v)
            .compose_by((frg_layout_v, X))
            .into_sliced((X, rest))
    }
}
type TileVOf<T, Tn> = <T as RetileLayouts<Mode0Size<<Tn as RetileShape>::Shape>>>::TileV;
type FrgVOf<T, Tn> = <T as RetileLayouts<Mode0Size<<Tn as RetileShape>::Shape>>>::FrgV;

impl<T: TidfrgLayouts, I> ThrCopy<T, I> {
    /// `retile_S(stensor)`: a view of this thread's source values `(V, M, N, ...)`,
    /// partitioned some other way (by a tiled MMA, say), regrouped as this copy's values
    /// `((atom_vals, rest_vals), CPY_M, CPY_N, ...)`: the same elements, a new layout (C++'s
    /// `TiledCopy::retile`). See [`retile_d`](Self::retile_d).
    #[inline(always)]
    pub fn retile_s<Tn: Retile<T>>(&self, tensor: Tn) -> RetileOf<T, Tn> {
        tensor.retile(&self.copy)
    }
    /// `retile_D(dtensor)`: a view of this thread's destination values `(V, M, N, ...)`,
    /// partitioned some other way (typically a register fragment of a tiled MMA,
    /// `(MMA, MMA_M, MMA_K)`), regrouped as this copy's values `((atom_vals, rest_vals),
    /// CPY_M, CPY_K, ...)` over the same elements (C++'s `TiledCopy::retile`).
    ///
    /// # Math
    /// With `V = size<0>(tensor)`: `frg_layout_mn = upcast<TiledNumThr * V>(
    /// right_inverse(TiledLayout_TV).with_shape(Tiler_MN))`, `frg_layout_v =
    /// zipped_divide(logical_product(make_layout(V), right_inverse(frg_layout_mn)),
    /// AtomNumVal)`; the result is `zipped_divide(tensor, (V, product_each(shape(
    /// frg_layout_mn))...)).compose(frg_layout_v, _)(_, (0, _, ...))`.
    ///
    /// # Preconditions
    /// As C++: the first `size<0>(tensor)` values of each thread are its first values in
    /// `TiledLayout_TV`, and the copy's source and destination atom layouts are its
    /// reference layout. For an owning register fragment pass a view (`frag.view_mut()`).
    ///
    /// # Example
    /// ```
    /// use cute_core::arch::copy::UniversalCopy;
    /// use cute_core::arch::mma::UniversalFMA;
    /// use cute_core::atom::copy_atom::{make_tiled_copy_a, CopyAtom};
    /// use cute_core::atom::mma_atom::make_tiled_mma;
    /// use cute_core::numeric::numeric_types::Uint128;
    /// use cute_core::prelude::*;
    /// // sgemm_2's permuted FMA MMA: each thread's 8 values of A are two runs of 4 in M,
    /// // so a 128-bit copy can fill them, 4 floats at a time.
    /// let p = make_layout((_16, _4, _2), (_4, _1, _64));
    /// let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(),
    ///                          make_layout((_16, _16, _1), LayoutLeft), (p, p, _1));
    /// let copy = make_tiled_copy_a(CopyAtom::<UniversalCopy<Uint128>, f32>::new(), &mma);
    /// let s = [0f32; 128 * 8];
    /// let sa = make_tensor_from_ref(&s, make_layout((_128, _8), LayoutLeft));
    /// let mut frag = mma.get_slice(1i32).partition_fragment_a(sa);
    /// assert_eq!(frag.layout().to_string(), "(_1,(_4,_2),_8):(_0,(_1,_4),_8)");
    /// let view = copy.get_slice(1i32).retile_d(frag.view_mut());
    /// assert_eq!(view.layout().to_string(), "((_4,_2),_1,_8):((_1,_4),_0,_8)");
    /// ```
    #[inline(always)]
    pub fn retile_d<Tn: Retile<T>>(&self, tensor: Tn) -> RetileOf<T, Tn> {
        tensor.retile(&self.copy)
    }
}

impl<Op, V, LTv, Tiler> TiledCopy<Op, V, LTv, Tiler> {
    /// `TiledCopy::retile(tensor)`: see [`ThrCopy::retile_d`].
    #[inline(always)]
    pub fn retile<Tn: Retile<Self>>(&self, tensor: Tn) -> RetileOf<Self, Tn> {
        tensor.retile(self)
    }
}

/// The type of `make_tiled_copy_A(atom, mma)`.
pub type TiledCopyAOf<Op, V, M> = TiledCopy<
    Op,
    V,
    LayoutATvOfMma<M>,
    (
        SizeOf<<<M as TiledMmaLayouts>::PermM as Shaped>::Shape>,
        SizeOf<<<M as TiledMmaLayouts>::PermK as Shaped>::Shape>,
    ),
>;
/// The type of `make_tiled_copy_B(atom, mma)`.
pub type TiledCopyBOf<Op, V, M> = TiledCopy<
    Op,
    V,
    LayoutBTvOfMma<M>,
    (
        SizeOf<<<M as TiledMmaLayouts>::PermN as Shaped>::Shape>,
        SizeOf<<<M as TiledMmaLayouts>::PermK as Shaped>::Shape>,
    ),
>;

/// `make_tiled_copy_A(copy_atom, mma)`: the atom tiled as the tiled MMA `mma` lays out A, so
/// each thread copies the values of A it multiplies: `TiledLayout_TV = mma.get_layoutA_TV()`,
/// `Tiler_MN = (tile_size<0>(mma), tile_size<2>(mma))`.
///
/// # Example
/// ```
/// use cute_core::arch::copy::UniversalCopy;
/// use cute_core::arch::mma::UniversalFMA;
/// use cute_core::atom::copy_atom::{make_tiled_copy_a, CopyAtom};
/// use cute_core::atom::mma_atom::make_tiled_mma;
/// use cute_core::prelude::*;
/// let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(),
///                          make_layout((_16, _16, _1), LayoutLeft), ());
/// let copy = make_tiled_copy_a(CopyAtom::<UniversalCopy<f32>, f32>::new(), &mma);
/// assert_eq!(display(&copy.tiler()).to_string(), "(_16,_1)");
/// ```
#[inline(always)]
pub fn make_tiled_copy_a<Op, V, M>(copy_atom: CopyAtom<Op, V>, mma: &M) -> TiledCopyAOf<Op, V, M>
where
    M: GetLayoutTv,
{
    TiledCopy {
        atom: copy_atom,
        layout_tv: mma.get_layout_a_tv(),
        tiler: (mma.tile_size_m(), mma.tile_size_k()),
    }
}

/// `make_tiled_copy_B(copy_atom, mma)`: as [`make_tiled_copy_a`] for B:
/// `TiledLayout_TV = mma.get_layoutB_TV()`, `Tiler_MN = (tile_size<1>(mma), tile_size<2>(mma))`.
#[inline(always)]
pub fn make_tiled_copy_b<Op, V, M>(copy_atom: CopyAtom<Op, V>, mma: &M) -> TiledCopyBOf<Op, V, M>
where
    M: GetLayoutTv,
{
    TiledCopy {
        atom: copy_atom,
        layout_tv: mma.get_layout_b_tv(),
        tiler: (mma.tile_size_n(), mma.tile_size_k()),
    }
}

/// C++'s `print(TiledCopy)`.
impl<Op, V, LTv, Tiler> fmt::Display for TiledCopy<Op, V, LTv, Tiler>
where
    Op: CopyAtomLayouts<V>,
    V: SizeofBits,
    LTv: fmt::Display,
    Tiler: CutePrint,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "TiledCopy")?;
        writeln!(f, "  Tiler_MN:       {}", display(&self.tiler))?;
        writeln!(f, "  TiledLayout_TV: {}", self.layout_tv)?;
        write!(f, "{}", self.atom)
    }
}

/// What `copy(atom, src, dst)` takes: a copy atom, a tiled copy or a thread's slice of one.
pub trait HasCopyAtom {
    /// The raw operation.
    type Op: CopyAtomLayouts<Self::V>;
    /// The value type.
    type V: SizeofBits + Copy;
    /// The atom.
    fn copy_atom(&self) -> CopyAtom<Self::Op, Self::V>;
}
impl<Op: CopyAtomLayouts<V>, V: SizeofBits + Copy> HasCopyAtom for CopyAtom<Op, V> {
    type Op = Op;
    type V = V;
    #[inline(always)]
    fn copy_atom(&self) -> Self {
        *self
    }
}
impl<Op: CopyAtomLayouts<V>, V: SizeofBits + Copy, LTv, Tiler> HasCopyAtom
    for TiledCopy<Op, V, LTv, Tiler>
{
    type Op = Op;
    type V = V;
    #[inline(always)]
    fn copy_atom(&self) -> CopyAtom<Op, V> {
        self.atom
    }
}
impl<T: HasCopyAtom, I> HasCopyAtom for ThrCopy<T, I> {
    type Op = T::Op;
    type V = T::V;
    #[inline(always)]
    fn copy_atom(&self) -> CopyAtom<T::Op, T::V> {
        self.copy.copy_atom()
    }
}
