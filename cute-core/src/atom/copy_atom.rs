//! Copy atoms, tiled copies and their per-thread slices: port of `cute/atom/copy_atom.hpp`.
//!
//! [`CopyAtom<Op, V>`] is C++'s `Copy_Atom<Op, V>`: a raw copy operation moving values of type
//! `V`, whose layouts are the operation's bit layouts divided by `V`'s width.

use core::fmt;
use core::marker::PhantomData;

use crate::algorithm::tuple_algorithms::{Fun2, Transform2};
use crate::atom::copy_traits::{BitsOf, CopyTraits};
use crate::atom::mma_traits::AtomLayout;
use crate::atom::{
    pack, unpack, ComposeBy, IntoSliced, RegisterCheck, Values, ValuesMut, ZippedDivideBy,
};
use crate::container::tuple::{Split, Tuple};
use crate::int_tuple::{CeilDiv, CeilDivOf, IntLeaf, IntTuple, ProductEach, ProductEachOf, SizeOf};
use crate::layout::coalesce::{coalesce_profile, ByProfile, ByProfileOf, CoalesceOp};
use crate::layout::composition::{composition, Composition, CompositionOf};
use crate::layout::divide::LayoutParts;
use crate::layout::inverse::{right_inverse, RightInverse, RightInverseOf};
use crate::layout::product::{raked_product, PairFn, RakedProductOf, RankedProduct};
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
    #[inline(always)]
    pub fn call<TS, TD>(&self, src: &TS, dst: &mut TD)
    where
        TS: Values<Value = V>,
        TD: ValuesMut<Value = V>,
        V: Copy,
    {
        let s: Op::SRegisters = pack::<CopyUnpack, _, _>(src);
        let mut d = Op::DRegisters::default();
        Op::copy(&s, &mut d);
        unpack::<CopyUnpack, _, _>(&d, dst);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arch::copy::UniversalCopy;
    use crate::layout::make_layout;
    use crate::numeric::aliases::*;
    use crate::numeric::numeric_types::{Half, Uint128};
    use crate::tensor::{
        make_rmem_tensor, make_tensor, make_tensor_from_ref, make_tensor_from_slice,
    };
    use std::string::ToString;

    // Expected strings: tests/cpp/atoms.cpp, the Copy_Atom cases.
    #[test]
    fn copy_atoms_print_as_cute() {
        let a = CopyAtom::<UniversalCopy<Uint128>, f32>::new();
        let l: Layout<(_1, _4), (_0, _1)> = a.val_layout_src();
        assert_eq!(l.to_string(), "(_1,_4):(_0,_1)");
        assert_eq!(
            a.to_string(),
            "Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_4):(_0,_1)\n  \
             ValLayoutDst: (_1,_4):(_0,_1)\n  ValLayoutRef: (_1,_4):(_0,_1)\n  \
             ValueType:    32b\n"
        );
        assert_eq!(
            CopyAtom::<UniversalCopy<f32>, f32>::new().to_string(),
            "Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_1):(_0,_1)\n  \
             ValLayoutDst: (_1,_1):(_0,_1)\n  ValLayoutRef: (_1,_1):(_0,_1)\n  \
             ValueType:    32b\n"
        );
        assert_eq!(
            CopyAtom::<UniversalCopy<u64>, Half>::new().to_string(),
            "Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_4):(_0,_1)\n  \
             ValLayoutDst: (_1,_4):(_0,_1)\n  ValLayoutRef: (_1,_4):(_0,_1)\n  \
             ValueType:    16b\n"
        );
        assert_eq!(CopyAtom::<UniversalCopy<Uint128>, f32>::NUM_VAL_SRC, 4);
        assert_eq!(CopyAtom::<UniversalCopy<u64>, Half>::NUM_VAL_DST, 4);
    }

    #[repr(C, align(16))]
    struct Aligned([f32; 8]);

    #[test]
    fn vector_copy_moves_four_values() {
        let atom = CopyAtom::<UniversalCopy<Uint128>, f32>::new();
        let mut g = Aligned([1., 2., 3., 4., 5., 6., 7., 8.]);
        // SAFETY: offsets 4..8 of an 8-element array.
        let src = unsafe { make_tensor(g.0.as_mut_ptr().add(4), make_layout(_4, _1)) };
        let mut dst = make_rmem_tensor::<f32, _, _>(make_layout((_4, _1), (_1, _0)));
        atom.call(&src, &mut dst);
        assert_eq!(
            [dst.get(0), dst.get(1), dst.get(2), dst.get(3)],
            [5., 6., 7., 8.]
        );
        // A strided destination is scattered value by value.
        let mut strided = make_rmem_tensor::<f32, _, _>(make_layout(_4, _2));
        atom.call(&src, &mut strided);
        assert_eq!(
            [
                strided.get(0),
                strided.get(1),
                strided.get(2),
                strided.get(3)
            ],
            [5., 6., 7., 8.]
        );
    }

    // Expected strings: C++ CuTe 4.2 (cute-cpp): sgemm_2's tiled copies of A, NT and TN, on
    // a block (1,2) of a 512x64 gmem matrix and its shared-memory tile; threads 0, 1, 37, 255.
    #[test]
    fn sgemm_2_tiled_copies_match_cute() {
        use crate::tensor::partition::local_tile_projected;
        use crate::underscore::X;
        let a = std::vec![0f32; 512 * 64];
        let s = std::vec![0f32; 128 * 9];
        let byte_off = |p: usize, q: usize| (p - q) / 4;

        let nt = make_tiled_copy(
            CopyAtom::<UniversalCopy<Uint128>, f32>::new(),
            make_layout((_32, _8), crate::layout::LayoutLeft),
            make_layout((_4, _1), crate::layout::LayoutLeft),
        );
        assert_eq!(
            nt.get_layout_s_tv().to_string(),
            "(_256,(_4,_1)):(_4,(_1,_0))"
        );
        assert_eq!(
            nt.get_layout_d_tv().to_string(),
            "(_256,(_4,_1)):(_4,(_1,_0))"
        );
        assert_eq!(
            nt.to_string(),
            "TiledCopy\n  Tiler_MN:       (_128,_8)\n  TiledLayout_TV: (_256,_4):(_4,_1)\n\
             Copy_Atom\n  ThrID:        _1:_0\n  ValLayoutSrc: (_1,_4):(_0,_1)\n  \
             ValLayoutDst: (_1,_4):(_0,_1)\n  ValLayoutRef: (_1,_4):(_0,_1)\n  \
             ValueType:    32b\n"
        );
        let ma = make_tensor_from_ref(&a, make_layout((512i32, 64i32), (_1, 512i32)));
        let ga = local_tile_projected(ma, (_128, _128, _8), (1i32, 2i32, X), (_1, X, _1));
        assert_eq!(ga.layout().to_string(), "(_128,_8,8):(_1,512,4096)");
        let sa = make_tensor_from_ref(&s, make_layout((_128, _8), crate::layout::LayoutLeft));
        for (t, off_g, off_s) in [(0i32, 0, 0), (1, 4, 4), (37, 532, 148), (255, 3708, 1020)] {
            let thr = nt.get_slice(t);
            let tags = thr.partition_s(ga);
            assert_eq!(
                tags.layout().to_string(),
                "((_4,_1),_1,_1,8):((_1,_0),_0,_0,4096)"
            );
            assert_eq!(byte_off(tags.data() as usize, ga.data() as usize), off_g);
            let tasa = thr.partition_d(sa);
            assert_eq!(tasa.layout().to_string(), "((_4,_1),_1,_1):((_1,_0),_0,_0)");
            assert_eq!(byte_off(tasa.data() as usize, sa.data() as usize), off_s);
        }

        let tn = make_tiled_copy(
            CopyAtom::<UniversalCopy<f32>, f32>::new(),
            make_layout((_32, _8), (_8, _1)),
            make_layout((_1, _1), crate::layout::LayoutLeft),
        );
        assert_eq!(
            tn.get_layout_s_tv().to_string(),
            "((_8,_32),(_1,_1)):((_32,_1),(_0,_0))"
        );
        assert_eq!(
            tn.get_layout_d_tv().to_string(),
            "((_8,_32),(_1,_1)):((_32,_1),(_0,_0))"
        );
        assert_eq!(tn.layout_tv().to_string(), "((_8,_32),_1):((_32,_1),_0)");
        let ma = make_tensor_from_ref(&a, make_layout((512i32, 64i32), (64i32, _1)));
        let ga = local_tile_projected(ma, (_128, _128, _8), (1i32, 2i32, X), (_1, X, _1));
        assert_eq!(ga.layout().to_string(), "(_128,_8,8):(64,_1,_8)");
        let sa = make_tensor_from_ref(&s, make_layout((_128, _8), (_1, _129)));
        for (t, off_g, off_s) in [(0i32, 0, 0), (1, 1, 129), (37, 261, 649)] {
            let thr = tn.get_slice(t);
            let tags = thr.partition_s(ga);
            assert_eq!(
                tags.layout().to_string(),
                "((_1,_1),_4,_1,8):((_0,_0),2048,_0,_8)"
            );
            assert_eq!(byte_off(tags.data() as usize, ga.data() as usize), off_g);
            let tasa = thr.partition_d(sa);
            assert_eq!(
                tasa.layout().to_string(),
                "((_1,_1),_4,_1):((_0,_0),_32,_0)"
            );
            assert_eq!(byte_off(tasa.data() as usize, sa.data() as usize), off_s);
        }
        assert_eq!(core::mem::size_of_val(&tn), 0);
        assert_eq!(core::mem::size_of_val(&nt), 0);
    }

    /// `copy(tiled_copy, S, D)` over the partitions of every thread moves the whole tile.
    #[test]
    fn tiled_copy_moves_the_tile() {
        let nt = make_tiled_copy(
            CopyAtom::<UniversalCopy<Uint128>, f32>::new(),
            make_layout((_32, _8), crate::layout::LayoutLeft),
            make_layout((_4, _1), crate::layout::LayoutLeft),
        );
        let a: std::vec::Vec<f32> = (0..128 * 8).map(|i| (i * 3 % 1000) as f32).collect();
        let mut s = std::vec![0f32; 128 * 8];
        let ga = make_tensor_from_ref(&a, make_layout((_128, _8), crate::layout::LayoutLeft));
        for t in 0..256i32 {
            let thr = nt.get_slice(t);
            let src = thr.partition_s(ga);
            let mut frag =
                make_rmem_tensor::<f32, _, _>(make_layout(((_4, _1), _1, _1), ((_1, _0), _0, _0)));
            crate::algorithm::copy::copy_with(&nt, &src, &mut frag);
            let sa =
                make_tensor_from_slice(&mut s, make_layout((_128, _8), crate::layout::LayoutLeft));
            let mut dst = thr.partition_d(sa);
            crate::algorithm::copy::copy_with(&nt, &frag, &mut dst);
        }
        assert_eq!(a, s);
    }
}
