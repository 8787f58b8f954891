//! MMA atoms, tiled MMAs and their per-thread slices: port of `cute/atom/mma_atom.hpp`.
//!
//! [`MmaAtom`] is C++'s `MMA_Atom<Op>`: one raw instruction with its [`MmaTraits`], called on
//! register fragments.

use core::fmt;

use crate::atom::mma_traits::{MakeFragment, MakeFragmentOf, MmaTraits};
use crate::atom::{
    pack, unpack, ComposeBy, IntoSliced, LogicalDivideBy, RegisterCheck, Values, ValuesMut,
    ZippedDivideBy,
};
use crate::int_tuple::{IntTuple, SizeOf};
use crate::layout::complement::{complement_cosize, ComplementCosize, ComplementCosizeOf};
use crate::layout::composition::{composition, Composition, CompositionOf};
use crate::layout::divide::{ByTiler, LayoutParts, Unpack2, Zip2By};
use crate::layout::inverse::{right_inverse, RightInverse, RightInverseOf};
use crate::layout::product::{tiled_product, ProductOp, TiledProductOf};
use crate::layout::{
    append_to_rank, AppendToRankFn, Layout, LayoutLeft, MakeLayoutFrom, MakeLayoutFromOf, Mode,
    ModeOf, Shaped, StrideFor, ZipModes, ZipModesOf,
};
use crate::layout::{Cosize, CosizeSum};
use crate::numeric::aliases::{_0, _1, _3};
use crate::numeric::arithmetic::{IntMul, Prod};
use crate::numeric::integral_constant::C;
use crate::numeric::Integer;
use crate::tensor::partition::{FlatCoord, RepeatX};
use crate::tensor::{make_rmem_tensor_from_shape, RmemTensor, StaticLength, TensorShape};
use crate::underscore::{Underscore, X};
use crate::util::print::{display, CutePrint};

/// `MMA_Atom<Op>`: one MMA instruction and its thread-value layouts.
///
/// # Example
/// ```
/// use cute_core::arch::mma_sm80::SM80_16x8x8_F32F16F16F32_TN;
/// use cute_core::atom::mma_atom::MmaAtom;
/// let atom = MmaAtom::new(SM80_16x8x8_F32F16F16F32_TN);
/// assert_eq!(atom.layout_c_tv().to_string(), "((_4,_8),(_2,_2)):((_32,_1),(_16,_8))");
/// assert!(atom.to_string().starts_with("MMA_Atom\n  ThrID:      _32:_1\n"));
/// ```
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct MmaAtom<Op>(Op);

/// `make_mma_atom(op)`: C++'s `MMA_Atom<Op>{}`.
#[inline(always)]
pub fn make_mma_atom<Op: MmaTraits>(op: Op) -> MmaAtom<Op> {
    MmaAtom(op)
}

/// The `Shape_MNK` of an MMA atom's operation.
pub type ShapeMnkOf<Op> = <Op as MmaTraits>::ShapeMnk;
/// The `ThrID` layout of an MMA atom's operation.
pub type ThrIdOf<Op> = <Op as MmaTraits>::ThrId;
/// `LayoutA_TV` of an MMA atom's operation: `(thread id, value id) -> (m,k)`.
pub type LayoutATvOf<Op> = <Op as MmaTraits>::ALayout;
/// `LayoutB_TV` of an MMA atom's operation: `(thread id, value id) -> (n,k)`.
pub type LayoutBTvOf<Op> = <Op as MmaTraits>::BLayout;
/// `LayoutC_TV` of an MMA atom's operation: `(thread id, value id) -> (m,n)`.
pub type LayoutCTvOf<Op> = <Op as MmaTraits>::CLayout;

struct MmaUnpack;
impl RegisterCheck for MmaUnpack {
    const MSG: &'static str =
        "mma_unpack: a fragment's size does not match the instruction's registers";
}

impl<Op: MmaTraits> MmaAtom<Op> {
    /// The atom of a raw operation (C++'s `MMA_Atom<Op>{}`).
    #[inline(always)]
    pub const fn new(op: Op) -> Self {
        MmaAtom(op)
    }
    /// The raw operation.
    #[inline(always)]
    pub fn op(&self) -> Op {
        self.0
    }
    /// `Shape_MNK`: the `(M,N,K)` extent of one instruction.
    #[inline(always)]
    pub fn shape_mnk(&self) -> Op::ShapeMnk {
        Default::default()
    }
    /// `ThrID`: logical thread id -> thread index.
    #[inline(always)]
    pub fn thr_id(&self) -> Op::ThrId {
        Default::default()
    }
    /// `LayoutA_TV`: `(thread id, value id) -> (m,k)`.
    #[inline(always)]
    pub fn layout_a_tv(&self) -> Op::ALayout {
        Default::default()
    }
    /// `LayoutB_TV`: `(thread id, value id) -> (n,k)`.
    #[inline(always)]
    pub fn layout_b_tv(&self) -> Op::BLayout {
        Default::default()
    }
    /// `LayoutC_TV`: `(thread id, value id) -> (m,n)`.
    #[inline(always)]
    pub fn layout_c_tv(&self) -> Op::CLayout {
        Default::default()
    }

    /// `atom.call(D, A, B, C)`: `D = A * B + C` on this thread's register fragments, each
    /// holding the thread's values of one instruction in value-id order (C++'s
    /// `mma_unpack`: the values are reinterpreted as the instruction's registers).
    ///
    /// # Preconditions
    /// Each fragment's static size times its element size equals the size of the matching
    /// register array; otherwise the build fails with `mma_unpack: a fragment's size does not
    /// match the instruction's registers`.
    ///
    /// # Example
    /// ```
    /// use cute_core::arch::mma::UniversalFMA;
    /// use cute_core::atom::mma_atom::MmaAtom;
    /// use cute_core::prelude::*;
    /// let atom = MmaAtom::new(UniversalFMA::<f32>::default());
    /// let mut a = make_rmem_tensor::<f32, _, _>(make_layout(_1, _0));
    /// let mut b = make_rmem_tensor::<f32, _, _>(make_layout(_1, _0));
    /// let mut c = make_rmem_tensor::<f32, _, _>(make_layout(_1, _0));
    /// a.set(0, 2.0);
    /// b.set(0, 3.0);
    /// c.set(0, 1.0);
    /// let c_in = c.clone();
    /// atom.call(&mut c, &a, &b, &c_in);
    /// assert_eq!(c.get(0), 7.0);
    /// ```
    #[inline(always)]
    pub fn call<TD, TA, TB, TC>(&self, d: &mut TD, a: &TA, b: &TB, c: &TC)
    where
        TD: ValuesMut,
        TA: Values,
        TB: Values,
        TC: Values,
    {
        let ra: Op::ARegisters = pack::<MmaUnpack, _, _>(a);
        let rb: Op::BRegisters = pack::<MmaUnpack, _, _>(b);
        let rc: Op::CRegisters = pack::<MmaUnpack, _, _>(c);
        let mut rd = Op::DRegisters::default();
        Op::fma(&mut rd, &ra, &rb, &rc);
        unpack::<MmaUnpack, _, _>(&rd, d);
    }

    /// `atom.call(A, B, C)`: `C = A * B + C` in place.
    #[inline(always)]
    pub fn call_acc<TA, TB, TC>(&self, a: &TA, b: &TB, c: &mut TC)
    where
        TA: Values,
        TB: Values,
        TC: ValuesMut,
    {
        let ra: Op::ARegisters = pack::<MmaUnpack, _, _>(a);
        let rb: Op::BRegisters = pack::<MmaUnpack, _, _>(b);
        let rc: Op::CRegisters = pack::<MmaUnpack, _, _>(c);
        let mut rd = Op::DRegisters::default();
        Op::fma(&mut rd, &ra, &rb, &rc);
        unpack::<MmaUnpack, _, _>(&rd, c);
    }
}

/// C++'s `print(MMA_Atom)`: the atom's layouts, one per line.
impl<Op: MmaTraits> fmt::Display for MmaAtom<Op> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "MMA_Atom")?;
        writeln!(f, "  ThrID:      {}", self.thr_id())?;
        writeln!(f, "  Shape_MNK:  {}", display(&self.shape_mnk()))?;
        writeln!(f, "  LayoutA_TV: {}", self.layout_a_tv())?;
        writeln!(f, "  LayoutB_TV: {}", self.layout_b_tv())?;
        writeln!(f, "  LayoutC_TV: {}", self.layout_c_tv())
    }
}

// ---------------------------------------------------------------------------------------------
// TiledMMA
// ---------------------------------------------------------------------------------------------

/// `TiledMMA<Atom, AtomLayoutMNK, PermutationMNK>`: an MMA atom repeated over threads and
/// values. Built by [`make_tiled_mma`].
///
/// `AtomLayoutMNK` is a rank-3 layout of atoms in M, N and K (each atom a group of
/// `size(ThrID)` threads); the thread layout `ThrLayoutVMNK = tiled_product(ThrID,
/// AtomLayoutMNK)` maps `(thread in atom, atom m, atom n, atom k)` to a thread index.
/// `PermutationMNK` holds one tiler per mode, applied to the tensor before the atoms tile it
/// (`_` for the default, `size<I>(Shape_MNK) * size<I+1>(ThrLayoutVMNK)`); the tilers' sizes are
/// the tile the tiled MMA covers (`tile_size_mnk`).
///
/// A tiled MMA of static parts is zero-sized, and so is everything it computes from them.
///
/// # Example
/// ```
/// use cute_core::arch::mma_sm80::SM80_16x8x16_F32F16F16F32_TN;
/// use cute_core::atom::mma_atom::{make_tiled_mma, TiledMmaLayouts};
/// use cute_core::prelude::*;
/// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, make_layout((_2, _2, _1), LayoutLeft),
///                          (_32, _32, _16));
/// assert_eq!(mma.get_thr_layout_vmnk().to_string(), "(_32,_2,_2,_1):(_1,_32,_64,_0)");
/// assert_eq!(mma.get_layout_c_tv().to_string(),
///            "((_4,_8,_2,_2),((_2,_2),(_1,_2))):((_64,_1,_16,_256),((_32,_8),(_0,_512)))");
/// assert_eq!(core::mem::size_of_val(&mma), 0);
/// ```
#[derive(Clone, Copy, Default, Debug)]
pub struct TiledMma<Op, AL, P> {
    atom: MmaAtom<Op>,
    atom_layout_mnk: AL,
    permutation_mnk: P,
}

/// An MMA atom or its raw operation: what [`make_tiled_mma`] accepts (C++ takes either).
pub trait IntoMmaAtom {
    /// The raw operation.
    type Op: MmaTraits;
    /// The atom.
    fn into_mma_atom(self) -> MmaAtom<Self::Op>;
}
impl<Op: MmaTraits> IntoMmaAtom for MmaAtom<Op> {
    type Op = Op;
    #[inline(always)]
    fn into_mma_atom(self) -> MmaAtom<Op> {
        self
    }
}
impl<Op: MmaTraits> IntoMmaAtom for Op {
    type Op = Op;
    #[inline(always)]
    fn into_mma_atom(self) -> MmaAtom<Op> {
        MmaAtom(self)
    }
}

/// The permutations of [`make_tiled_mma`] padded with `_` to three (C++'s
/// `append<3>(permutations, _)`): `()` or `X` for none, or a tuple of up to three tilers.
pub trait PermutationMnk {
    /// The three tilers.
    type Output: Copy + CutePrint + 'static;
    /// Pads.
    fn pad(self) -> Self::Output;
}
impl PermutationMnk for () {
    type Output = (Underscore, Underscore, Underscore);
    #[inline(always)]
    fn pad(self) -> Self::Output {
        (X, X, X)
    }
}
impl PermutationMnk for Underscore {
    type Output = (Underscore, Underscore, Underscore);
    #[inline(always)]
    fn pad(self) -> Self::Output {
        (X, X, X)
    }
}
impl<A: Copy + CutePrint + 'static> PermutationMnk for (A,) {
    type Output = (A, Underscore, Underscore);
    #[inline(always)]
    fn pad(self) -> Self::Output {
        (self.0, X, X)
    }
}
impl<A: Copy + CutePrint + 'static, B: Copy + CutePrint + 'static> PermutationMnk for (A, B) {
    type Output = (A, B, Underscore);
    #[inline(always)]
    fn pad(self) -> Self::Output {
        (self.0, self.1, X)
    }
}
impl<A, B, C3> PermutationMnk for (A, B, C3)
where
    A: Copy + CutePrint + 'static,
    B: Copy + CutePrint + 'static,
    C3: Copy + CutePrint + 'static,
{
    type Output = (A, B, C3);
    #[inline(always)]
    fn pad(self) -> Self::Output {
        self
    }
}

/// The atom layout of [`make_tiled_mma`] padded to rank 3 with `_1:_0`.
pub type AtomLayoutMnkOf<L> = ZipModesOf<L, Layout<_1, _0>, AppendToRankFn<_3>>;

/// The type of `make_tiled_mma(atom, atom_layout, permutations)`.
pub type TiledMmaOf<A, L, P> =
    TiledMma<<A as IntoMmaAtom>::Op, AtomLayoutMnkOf<L>, <P as PermutationMnk>::Output>;

/// `make_tiled_mma(atom, atom_layout, permutations)`: the atom (an [`MmaAtom`] or a raw
/// operation) tiled by `atom_layout` (atoms in M, N, K; padded to rank 3 with `_1:_0`) and
/// `permutations` (C++'s `Tile<..>`: a tuple of up to three tilers, each an integer, a layout
/// or `_`, padded with `_`; `()` for none, C++'s default).
///
/// # Preconditions
/// `atom_layout` has at most three modes (`append: the layout already has more modes than the
/// requested rank`).
///
/// # Example
/// ```
/// use cute_core::arch::mma::UniversalFMA;
/// use cute_core::atom::mma_atom::{make_tiled_mma, TiledMmaLayouts};
/// use cute_core::prelude::*;
/// // sgemm_2's MMA: 16x16 threads, one FMA each
/// let mma = make_tiled_mma(UniversalFMA::<f32>::default(),
///                          make_layout((_16, _16, _1), LayoutLeft), ());
/// assert_eq!(display(&mma.tile_shape()).to_string(), "(_16,_16,_1)");
/// let _: _256 = mma.size();
/// assert_eq!(mma.get_layout_c_tv().to_string(), "(_256,(_1,(_1,_1))):(_1,(_0,(_0,_0)))");
/// ```
#[inline(always)]
pub fn make_tiled_mma<A, L, P>(atom: A, atom_layout: L, permutations: P) -> TiledMmaOf<A, L, P>
where
    A: IntoMmaAtom,
    L: ZipModes<AppendToRankFn<_3>, Layout<_1, _0>>,
    P: PermutationMnk,
{
    TiledMma {
        atom: atom.into_mma_atom(),
        atom_layout_mnk: append_to_rank::<_3, _, _>(atom_layout, Layout::new(_1, _0)),
        permutation_mnk: permutations.pad(),
    }
}

/// `make_tiled_mma(atom, atom_layout)`: [`make_tiled_mma`] with no permutations (C++'s
/// default `Tile<_,_,_>`).
#[inline(always)]
pub fn make_tiled_mma_unpermuted<A, L>(atom: A, atom_layout: L) -> TiledMmaOf<A, L, ()>
where
    A: IntoMmaAtom,
    L: ZipModes<AppendToRankFn<_3>, Layout<_1, _0>>,
{
    make_tiled_mma(atom, atom_layout, ())
}

/// A permutation tiler, or `_` standing for the default `size<I>(Shape_MNK) *
/// size<I+1>(ThrLayoutVMNK)` (C++'s `permutation_mnk<I>()`).
#[doc(hidden)]
pub trait PermutationOr<Dflt> {
    type Output: Shaped + Copy + 'static;
    fn or_default(self, d: Dflt) -> Self::Output;
}
impl<Dflt: Shaped + 'static> PermutationOr<Dflt> for Underscore {
    type Output = Dflt;
    #[inline(always)]
    fn or_default(self, d: Dflt) -> Dflt {
        d
    }
}
impl<Dflt, S: IntTuple, D: IntTuple> PermutationOr<Dflt> for Layout<S, D> {
    type Output = Self;
    #[inline(always)]
    fn or_default(self, _: Dflt) -> Self {
        self
    }
}
impl<Dflt, N: Integer + 'static> PermutationOr<Dflt> for C<N> {
    type Output = Self;
    #[inline(always)]
    fn or_default(self, _: Dflt) -> Self {
        self
    }
}

/// The shape of `ThrLayoutVMNK` of a tiled MMA.
type VmnkShape<Op, AL> = <<Op as MmaTraits>::ThrId as TiledProductBy<AL>>::Shape;
/// The default permutation of mode `I` (0, 1, 2 for M, N, K), `J = I + 1`.
type DefaultPerm<Op, AL, const I: usize, const J: usize> =
    Prod<SizeOf<ModeOf<<Op as MmaTraits>::ShapeMnk, I>>, SizeOf<ModeOf<VmnkShape<Op, AL>, J>>>;

/// `tiled_product(block, tiler)` as a named bound.
#[doc(hidden)]
pub trait TiledProductBy<T> {
    type Shape: IntTuple;
    type Stride: IntTuple;
    fn tiled_product_by(self, t: T) -> Layout<Self::Shape, Self::Stride>;
}
impl<L, T: Copy> TiledProductBy<T> for L
where
    L: ByTiler<ProductOp, T>,
    <L as ByTiler<ProductOp, T>>::Shape: Zip2By<T>,
    <L as ByTiler<ProductOp, T>>::Stride: Zip2By<T>,
    <<L as ByTiler<ProductOp, T>>::Shape as Zip2By<T>>::Output: Unpack2,
    <<L as ByTiler<ProductOp, T>>::Stride as Zip2By<T>>::Output: Unpack2,
{
    type Shape = <TiledProductOf<L, T> as LayoutParts>::Shape;
    type Stride = <TiledProductOf<L, T> as LayoutParts>::Stride;
    #[inline(always)]
    fn tiled_product_by(self, t: T) -> TiledProductOf<L, T> {
        tiled_product(self, t)
    }
}

/// The static structure of a tiled MMA: its operation, thread layout and permutations (a named
/// bound, implemented for every [`TiledMma`] whose layouts compose). Its provided methods are
/// C++'s `TiledMMA` members that need nothing else.
pub trait TiledMmaLayouts: Copy {
    /// The raw operation.
    type Op: MmaTraits;
    /// The shape of `ThrLayoutVMNK`.
    type VmnkShape: IntTuple;
    /// The stride of `ThrLayoutVMNK`.
    type VmnkStride: IntTuple;
    /// `permutation_mnk<0>()`: the tiler of M.
    type PermM: Shaped + Copy + 'static;
    /// `permutation_mnk<1>()`: the tiler of N.
    type PermN: Shaped + Copy + 'static;
    /// `permutation_mnk<2>()`: the tiler of K.
    type PermK: Shaped + Copy + 'static;
    /// The atom.
    fn atom(&self) -> MmaAtom<Self::Op>;
    /// `get_thr_layout_vmnk()`: `(thread in atom, atom m, atom n, atom k) -> thread index`.
    fn get_thr_layout_vmnk(&self) -> Layout<Self::VmnkShape, Self::VmnkStride>;
    /// `(permutation_mnk<0>(), permutation_mnk<1>(), permutation_mnk<2>())`.
    fn permutations(&self) -> (Self::PermM, Self::PermN, Self::PermK);

    /// `tile_size_mnk<0>()` / `tile_size<0>(mma)`: the M extent of the tiled MMA.
    #[inline(always)]
    fn tile_size_m(&self) -> SizeOf<<Self::PermM as Shaped>::Shape> {
        self.permutations().0.shape_of().size()
    }
    /// `tile_size_mnk<1>()`: the N extent of the tiled MMA.
    #[inline(always)]
    fn tile_size_n(&self) -> SizeOf<<Self::PermN as Shaped>::Shape> {
        self.permutations().1.shape_of().size()
    }
    /// `tile_size_mnk<2>()`: the K extent of the tiled MMA.
    #[inline(always)]
    fn tile_size_k(&self) -> SizeOf<<Self::PermK as Shaped>::Shape> {
        self.permutations().2.shape_of().size()
    }
    /// `tile_shape(mma)`: `(tile_size<0>, tile_size<1>, tile_size<2>)`.
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn tile_shape(
        &self,
    ) -> (
        SizeOf<<Self::PermM as Shaped>::Shape>,
        SizeOf<<Self::PermN as Shaped>::Shape>,
        SizeOf<<Self::PermK as Shaped>::Shape>,
    ) {
        (self.tile_size_m(), self.tile_size_n(), self.tile_size_k())
    }
    /// `size(mma)` / `thr_size(mma)`: the number of threads.
    #[inline(always)]
    fn size(&self) -> SizeOf<Self::VmnkShape> {
        self.get_thr_layout_vmnk().shape_of().size()
    }
}

impl<Op, AL, P0, P1, P2> TiledMmaLayouts for TiledMma<Op, AL, (P0, P1, P2)>
where
    Op: MmaTraits,
    AL: Copy + 'static,
    P0: Copy + 'static,
    P1: Copy + 'static,
    P2: Copy + 'static,
    Op::ThrId: TiledProductBy<AL>,
    Op::ShapeMnk: Mode<0> + Mode<1> + Mode<2>,
    VmnkShape<Op, AL>: Mode<1> + Mode<2> + Mode<3>,
    SizeOf<ModeOf<Op::ShapeMnk, 0>>: IntMul<SizeOf<ModeOf<VmnkShape<Op, AL>, 1>>>,
    SizeOf<ModeOf<Op::ShapeMnk, 1>>: IntMul<SizeOf<ModeOf<VmnkShape<Op, AL>, 2>>>,
    SizeOf<ModeOf<Op::ShapeMnk, 2>>: IntMul<SizeOf<ModeOf<VmnkShape<Op, AL>, 3>>>,
    P0: PermutationOr<DefaultPerm<Op, AL, 0, 1>>,
    P1: PermutationOr<DefaultPerm<Op, AL, 1, 2>>,
    P2: PermutationOr<DefaultPerm<Op, AL, 2, 3>>,
{
    type Op = Op;
    type VmnkShape = <Op::ThrId as TiledProductBy<AL>>::Shape;
    type VmnkStride = <Op::ThrId as TiledProductBy<AL>>::Stride;
    type PermM = <P0 as PermutationOr<DefaultPerm<Op, AL, 0, 1>>>::Output;
    type PermN = <P1 as PermutationOr<DefaultPerm<Op, AL, 1, 2>>>::Output;
    type PermK = <P2 as PermutationOr<DefaultPerm<Op, AL, 2, 3>>>::Output;
    #[inline(always)]
    fn atom(&self) -> MmaAtom<Op> {
        self.atom
    }
    #[inline(always)]
    fn get_thr_layout_vmnk(&self) -> Layout<Self::VmnkShape, Self::VmnkStride> {
        Op::ThrId::default().tiled_product_by(self.atom_layout_mnk)
    }
    #[inline(always)]
    fn permutations(&self) -> (Self::PermM, Self::PermN, Self::PermK) {
        let vmnk = self.get_thr_layout_vmnk().shape_of();
        let mnk = Op::ShapeMnk::default();
        let (p0, p1, p2) = self.permutation_mnk;
        (
            p0.or_default(
                Mode::<0>::mode(mnk)
                    .size()
                    .mul(Mode::<1>::mode(vmnk).size()),
            ),
            p1.or_default(
                Mode::<1>::mode(mnk)
                    .size()
                    .mul(Mode::<2>::mode(vmnk).size()),
            ),
            p2.or_default(
                Mode::<2>::mode(mnk)
                    .size()
                    .mul(Mode::<3>::mode(vmnk).size()),
            ),
        )
    }
}

/// The shape of `ThrLayoutVMNK`.
type VmnkShapeOf<T> = <T as TiledMmaLayouts>::VmnkShape;
/// `ThrLayoutVMNK`.
type VmnkOf<T> = Layout<<T as TiledMmaLayouts>::VmnkShape, <T as TiledMmaLayouts>::VmnkStride>;
/// `make_layout(size<I>(ThrLayoutVMNK))`.
type ThrTile<T, const I: usize> = CompactLayout<SizeOf<ModeOf<VmnkShapeOf<T>, I>>>;
/// `make_layout(size<I>(Shape_MNK))`.
type AtomTile<T, const I: usize> =
    CompactLayout<SizeOf<ModeOf<<<T as TiledMmaLayouts>::Op as MmaTraits>::ShapeMnk, I>>>;

/// `make_layout(n)` of a size `n`: `n:_1`, or `_1:_0` for a static 1.
pub type CompactLayout<N> = Layout<N, <LayoutLeft as StrideFor<N>>::Stride>;

#[inline(always)]
fn compact_layout<N: IntTuple>(n: N) -> CompactLayout<N>
where
    LayoutLeft: StrideFor<N>,
{
    Layout::new(n, LayoutLeft.stride_for(n))
}

macro_rules! thrfrg {
    (
        $(#[$doc:meta])*
        $Trait:ident, $method:ident, $Of:ident, $TvLayout:ident,
        perm: ($pa:tt, $pb:tt), atom: ($a0:literal, $a1:literal), thr: ($t0:literal, $t1:literal)
    ) => {
        /// The type of the thread-value tiling of a layout or tensor by a tiled MMA.
        pub type $Of<T, X> = <T as $Trait<X>>::Output;

        $(#[$doc])*
        pub trait $Trait<X>: TiledMmaLayouts {
            /// The tiling's type.
            type Output;
            /// The tiling.
            fn $method(&self, x: X) -> Self::Output;
        }
        impl<T, X> $Trait<X> for T
        where
            T: TiledMmaLayouts,
            <T::Op as MmaTraits>::ShapeMnk: Mode<$a0> + Mode<$a1>,
            VmnkShapeOf<T>: Mode<$t0> + Mode<$t1>,
            SizeOf<ModeOf<<T::Op as MmaTraits>::ShapeMnk, $a0>>: IntTuple,
            SizeOf<ModeOf<<T::Op as MmaTraits>::ShapeMnk, $a1>>: IntTuple,
            SizeOf<ModeOf<VmnkShapeOf<T>, $t0>>: IntTuple,
            SizeOf<ModeOf<VmnkShapeOf<T>, $t1>>: IntTuple,
            LayoutLeft: StrideFor<SizeOf<ModeOf<<T::Op as MmaTraits>::ShapeMnk, $a0>>>
                + StrideFor<SizeOf<ModeOf<<T::Op as MmaTraits>::ShapeMnk, $a1>>>
                + StrideFor<SizeOf<ModeOf<VmnkShapeOf<T>, $t0>>>
                + StrideFor<SizeOf<ModeOf<VmnkShapeOf<T>, $t1>>>,
            X: LogicalDivideBy<(perm_ty!($pa), perm_ty!($pb))>,
            <X as LogicalDivideBy<(perm_ty!($pa), perm_ty!($pb))>>::Output:
                ZippedDivideBy<(AtomTile<T, $a0>, AtomTile<T, $a1>)>,
            <<X as LogicalDivideBy<(perm_ty!($pa), perm_ty!($pb))>>::Output as ZippedDivideBy<
                (AtomTile<T, $a0>, AtomTile<T, $a1>),
            >>::Output: ComposeBy<(<T::Op as MmaTraits>::$TvLayout, Underscore)>,
            <<<X as LogicalDivideBy<(perm_ty!($pa), perm_ty!($pb))>>::Output as ZippedDivideBy<
                (AtomTile<T, $a0>, AtomTile<T, $a1>),
            >>::Output as ComposeBy<(<T::Op as MmaTraits>::$TvLayout, Underscore)>>::Output:
                ZippedDivideBy<(Underscore, (ThrTile<T, $t0>, ThrTile<T, $t1>))>,
        {
            type Output = <<<<X as LogicalDivideBy<(perm_ty!($pa), perm_ty!($pb))>>::Output
                as ZippedDivideBy<(AtomTile<T, $a0>, AtomTile<T, $a1>)>>::Output
                as ComposeBy<(<T::Op as MmaTraits>::$TvLayout, Underscore)>>::Output
                as ZippedDivideBy<(Underscore, (ThrTile<T, $t0>, ThrTile<T, $t1>))>>::Output;
            #[inline(always)]
            fn $method(&self, x: X) -> Self::Output {
                let perms = self.permutations();
                let t_tile = (perms.$pa, perms.$pb);
                let mnk = <T::Op as MmaTraits>::ShapeMnk::default();
                let atom_tile = (
                    compact_layout(Mode::<$a0>::mode(mnk).size()),
                    compact_layout(Mode::<$a1>::mode(mnk).size()),
                );
                let vmnk = self.get_thr_layout_vmnk().shape_of();
                let thr_tile = (
                    X,
                    (
                        compact_layout(Mode::<$t0>::mode(vmnk).size()),
                        compact_layout(Mode::<$t1>::mode(vmnk).size()),
                    ),
                );
                x.logical_divide_by(t_tile) // (PermM,PermN)
                    .zipped_divide_by(atom_tile) // ((AtomM,AtomN),(RestM,RestN))
                    .compose_by((<T::Op as MmaTraits>::$TvLayout::default(), X)) // ((ThrV,FrgV),(RestM,RestN))
                    .zipped_divide_by(thr_tile) // ((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN)))
            }
        }
    };
}

/// The type of permutation `0`, `1` or `2` of a tiled MMA `T`.
macro_rules! perm_ty {
    (0) => {
        T::PermM
    };
    (1) => {
        T::PermN
    };
    (2) => {
        T::PermK
    };
}

thrfrg!(
    /// `thrfrg_C(ctensor)`: a layout or view tensor of shape `(M,N,...)` tiled to
    /// `((ThrV,(ThrM,ThrN)),(FrgV,(RestM,RestN,...)))`: the threads of an atom, the atoms in M
    /// and N, the values of an atom, and the repetitions of the tiled MMA over M and N.
    ThrfrgC, thrfrg_c, ThrfrgCOf, CLayout, perm: (0, 1), atom: (0, 1), thr: (1, 2)
);
thrfrg!(
    /// `thrfrg_A(atensor)`: `(M,K,...)` tiled to `((ThrV,(ThrM,ThrK)),(FrgV,(RestM,RestK,...)))`.
    ThrfrgA, thrfrg_a, ThrfrgAOf, ALayout, perm: (0, 2), atom: (0, 2), thr: (1, 3)
);
thrfrg!(
    /// `thrfrg_B(btensor)`: `(N,K,...)` tiled to `((ThrV,(ThrN,ThrK)),(FrgV,(RestN,RestK,...)))`.
    ThrfrgB, thrfrg_b, ThrfrgBOf, BLayout, perm: (1, 2), atom: (1, 2), thr: (2, 3)
);

// ---------------------------------------------------------------------------------------------
// get_layoutA/B/C_TV
// ---------------------------------------------------------------------------------------------

/// `make_layout(vmnk, complement(vmnk))`.
type VmnkFull<V> = MakeLayoutFromOf<(V, ComplementCosizeOf<V>)>;
/// The size of a layout's shape.
type LayoutSize<V> = SizeOf<<V as Shaped>::Shape>;
/// `thr_idx -> (ThrV,ThrM,ThrN,ThrK)`: `composition(make_layout((size(vmnk), _1), (_1, _0)),
/// right_inverse(make_layout(vmnk, complement(vmnk))))`.
pub type ThrIdx2ThrIdOf<V> =
    CompositionOf<Layout<(LayoutSize<V>, _1), (_1, _0)>, RightInverseOf<VmnkFull<V>>>;

/// `thr_idx -> (ThrV,ThrM,ThrN,ThrK)` of a thread layout (a named bound).
#[doc(hidden)]
pub trait ThrIdx2ThrId: Shaped {
    type Output: Copy + 'static;
    fn thridx_2_thrid(self) -> <Self as ThrIdx2ThrId>::Output;
}
impl<V> ThrIdx2ThrId for V
where
    V: Shaped + ComplementCosize,
    (V, ComplementCosizeOf<V>): MakeLayoutFrom,
    VmnkFull<V>: RightInverse,
    (LayoutSize<V>, _1): IntTuple,
    Layout<(LayoutSize<V>, _1), (_1, _0)>: Composition<RightInverseOf<VmnkFull<V>>>,
{
    type Output = ThrIdx2ThrIdOf<V>;
    #[inline(always)]
    fn thridx_2_thrid(self) -> ThrIdx2ThrIdOf<V> {
        let full = (self, complement_cosize(self)).make_layout_from();
        composition(
            Layout::new((self.shape_of().size(), _1), (_1, _0)),
            right_inverse(full),
        )
    }
}

/// The type of `make_layout(make_shape(a, b))`.
type RefLayout<A, B> = Layout<(A, B), <LayoutLeft as StrideFor<(A, B)>>::Stride>;
/// The reference layout `make_layout((tile_size<I>, tile_size<J>))`.
type RefOf<P, Q> = RefLayout<SizeOf<<P as Shaped>::Shape>, SizeOf<<Q as Shaped>::Shape>>;
/// `(ThrM,ThrN) -> ThrM` (`B = (_1, _0)`) or `-> ThrN` (`B = (_0, _1)`), in the tiler
/// `((_, ((size<1>(vmnk), size<2>(vmnk)):B, _)), _)`.
type ThrSpread<T, B> = (
    (
        Underscore,
        (
            Layout<
                (
                    SizeOf<ModeOf<VmnkShapeOf<T>, 1>>,
                    SizeOf<ModeOf<VmnkShapeOf<T>, 2>>,
                ),
                B,
            >,
            Underscore,
        ),
    ),
    Underscore,
);

/// The type of `get_layoutC_TV()`.
pub type LayoutCTvOfMma<T> = <T as GetLayoutTv>::C;
/// The type of `get_layoutA_TV()`.
pub type LayoutATvOfMma<T> = <T as GetLayoutTv>::A;
/// The type of `get_layoutB_TV()`.
pub type LayoutBTvOfMma<T> = <T as GetLayoutTv>::B;

type RefC<T> = RefOf<<T as TiledMmaLayouts>::PermM, <T as TiledMmaLayouts>::PermN>;
type RefA<T> = RefOf<<T as TiledMmaLayouts>::PermM, <T as TiledMmaLayouts>::PermK>;
type RefB<T> = RefOf<<T as TiledMmaLayouts>::PermN, <T as TiledMmaLayouts>::PermK>;
type ThrMap<T> = <VmnkOf<T> as ThrIdx2ThrId>::Output;

/// `get_layoutA_TV()`, `get_layoutB_TV()`, `get_layoutC_TV()` of a tiled MMA: its thread-value
/// layouts, `(thread index, value) -> (m,k)`, `(n,k)`, `(m,n)` over the tile of
/// `tile_size_mnk` (column-major index). A named bound, implemented for every tiled MMA whose
/// layouts compose.
pub trait GetLayoutTv: TiledMmaLayouts {
    /// The A layout's type.
    type A: Copy + fmt::Display;
    /// The B layout's type.
    type B: Copy + fmt::Display;
    /// The C layout's type.
    type C: Copy + fmt::Display;
    /// `get_layoutA_TV()`: `(thread index, value) -> (m,k)`.
    fn get_layout_a_tv(&self) -> Self::A;
    /// `get_layoutB_TV()`: `(thread index, value) -> (n,k)`.
    fn get_layout_b_tv(&self) -> Self::B;
    /// `get_layoutC_TV()`: `(thread index, value) -> (m,n)`.
    fn get_layout_c_tv(&self) -> Self::C;
}
impl<T> GetLayoutTv for T
where
    T: TvLayoutA + TvLayoutB + TvLayoutC,
{
    type A = <T as TvLayoutA>::Output;
    type B = <T as TvLayoutB>::Output;
    type C = <T as TvLayoutC>::Output;
    #[inline(always)]
    fn get_layout_a_tv(&self) -> Self::A {
        self.tv_layout_a()
    }
    #[inline(always)]
    fn get_layout_b_tv(&self) -> Self::B {
        self.tv_layout_b()
    }
    #[inline(always)]
    fn get_layout_c_tv(&self) -> Self::C {
        self.tv_layout_c()
    }
}

// One small trait per layout, each with only the bounds of its own chain: the impl of
// `GetLayoutTv` above then has three plain bounds, and rustc normalizes (and compares with
// the trait) each chain's where-clause once, not all three chains for each of A, B and C.

macro_rules! tv_layout_ab {
    (
        $(#[$doc:meta])*
        $Trait:ident, $method:ident, $Thrfrg:ident, $thrfrg:ident, $OfThr:ident, $Ref:ident,
        ($p:ident, $q:ident), $tile_p:ident, $tile_q:ident, $spread:ty, $spread_val:expr
    ) => {
        $(#[$doc])*
        #[doc(hidden)]
        pub trait $Trait: TiledMmaLayouts {
            type Output: Copy + fmt::Display;
            fn $method(&self) -> <Self as $Trait>::Output;
        }
        impl<Op, AL, P> $Trait for TiledMma<Op, AL, P>
        where
            Self: TiledMmaLayouts,
            VmnkOf<Self>: ThrIdx2ThrId,
            VmnkShapeOf<Self>: Mode<1> + Mode<2>,
            (
                SizeOf<ModeOf<VmnkShapeOf<Self>, 1>>,
                SizeOf<ModeOf<VmnkShapeOf<Self>, 2>>,
            ): IntTuple,
            (
                SizeOf<<Self::$p as Shaped>::Shape>,
                SizeOf<<Self::$q as Shaped>::Shape>,
            ): IntTuple,
            LayoutLeft: StrideFor<(
                SizeOf<<Self::$p as Shaped>::Shape>,
                SizeOf<<Self::$q as Shaped>::Shape>,
            )>,
            Self: $Thrfrg<$Ref<Self>>,
            $OfThr<Self, $Ref<Self>>: ComposeBy<ThrSpread<Self, $spread>>,
            <$OfThr<Self, $Ref<Self>> as ComposeBy<ThrSpread<Self, $spread>>>::Output:
                ComposeBy<(ThrMap<Self>, Underscore)>,
            <<$OfThr<Self, $Ref<Self>> as ComposeBy<ThrSpread<Self, $spread>>>::Output as ComposeBy<
                (ThrMap<Self>, Underscore),
            >>::Output: Copy + fmt::Display,
        {
            type Output = <<$OfThr<Self, $Ref<Self>> as ComposeBy<ThrSpread<Self, $spread>>>::Output
                as ComposeBy<(ThrMap<Self>, Underscore)>>::Output;
            #[inline(always)]
            fn $method(&self) -> <Self as $Trait>::Output {
                let s = (self.$tile_p(), self.$tile_q());
                let r = Layout::new(s, LayoutLeft.stride_for(s)); // (P,Q) -> (P,Q)
                let thr_map = self.get_thr_layout_vmnk().thridx_2_thrid();
                self.$thrfrg(r)
                    .compose_by(self.thr_spread($spread_val))
                    .compose_by((thr_map, X))
            }
        }
    };
}

tv_layout_ab!(
    /// `get_layoutA_TV()` (see [`GetLayoutTv`]).
    TvLayoutA, tv_layout_a, ThrfrgA, thrfrg_a, ThrfrgAOf, RefA,
    (PermM, PermK), tile_size_m, tile_size_k, (_1, _0), (_1, _0)
);
tv_layout_ab!(
    /// `get_layoutB_TV()` (see [`GetLayoutTv`]).
    TvLayoutB, tv_layout_b, ThrfrgB, thrfrg_b, ThrfrgBOf, RefB,
    (PermN, PermK), tile_size_n, tile_size_k, (_0, _1), (_0, _1)
);

/// `get_layoutC_TV()` (see [`GetLayoutTv`]).
#[doc(hidden)]
pub trait TvLayoutC: TiledMmaLayouts {
    type Output: Copy + fmt::Display;
    fn tv_layout_c(&self) -> <Self as TvLayoutC>::Output;
}
impl<Op, AL, P> TvLayoutC for TiledMma<Op, AL, P>
where
    Self: TiledMmaLayouts,
    VmnkOf<Self>: ThrIdx2ThrId,
    (
        SizeOf<<Self::PermM as Shaped>::Shape>,
        SizeOf<<Self::PermN as Shaped>::Shape>,
    ): IntTuple,
    LayoutLeft: StrideFor<(
        SizeOf<<Self::PermM as Shaped>::Shape>,
        SizeOf<<Self::PermN as Shaped>::Shape>,
    )>,
    Self: ThrfrgC<RefC<Self>>,
    ThrfrgCOf<Self, RefC<Self>>: ComposeBy<(ThrMap<Self>, Underscore)>,
    <ThrfrgCOf<Self, RefC<Self>> as ComposeBy<(ThrMap<Self>, Underscore)>>::Output:
        Copy + fmt::Display,
{
    type Output = <ThrfrgCOf<Self, RefC<Self>> as ComposeBy<(ThrMap<Self>, Underscore)>>::Output;
    #[inline(always)]
    fn tv_layout_c(&self) -> <Self as TvLayoutC>::Output {
        let s = (self.tile_size_m(), self.tile_size_n());
        let ref_c = Layout::new(s, LayoutLeft.stride_for(s)); // (M,N) -> (M,N)
        let thr_map = self.get_thr_layout_vmnk().thridx_2_thrid();
        self.thrfrg_c(ref_c).compose_by((thr_map, X))
    }
}

/// The tiler spreading the M (or N) threads of a tiled MMA over `(ThrM,ThrN)`.
trait ThrSpreadOf: TiledMmaLayouts {
    fn thr_spread<B: Copy>(&self, stride: B) -> ThrSpread<Self, B>
    where
        VmnkShapeOf<Self>: Mode<1> + Mode<2>,
        (
            SizeOf<ModeOf<VmnkShapeOf<Self>, 1>>,
            SizeOf<ModeOf<VmnkShapeOf<Self>, 2>>,
        ): IntTuple;
}
impl<T: TiledMmaLayouts> ThrSpreadOf for T {
    #[inline(always)]
    fn thr_spread<B: Copy>(&self, stride: B) -> ThrSpread<Self, B>
    where
        VmnkShapeOf<Self>: Mode<1> + Mode<2>,
        (
            SizeOf<ModeOf<VmnkShapeOf<Self>, 1>>,
            SizeOf<ModeOf<VmnkShapeOf<Self>, 2>>,
        ): IntTuple,
    {
        let vmnk = self.get_thr_layout_vmnk().shape_of();
        let s = (Mode::<1>::mode(vmnk).size(), Mode::<2>::mode(vmnk).size());
        ((X, (Layout::new(s, stride), X)), X)
    }
}

// ---------------------------------------------------------------------------------------------
// ThrMMA
// ---------------------------------------------------------------------------------------------

/// The `(v, m, n, k)` coordinate of a thread in `ThrLayoutVMNK`.
#[doc(hidden)]
pub trait VmnkCoord: Copy {
    type V: Copy + 'static;
    type M: Copy + 'static;
    type N: Copy + 'static;
    type K: Copy + 'static;
    fn vmnk(self) -> (Self::V, Self::M, Self::N, Self::K);
}
impl<V, M, N, K> VmnkCoord for (V, M, N, K)
where
    V: Copy + 'static,
    M: Copy + 'static,
    N: Copy + 'static,
    K: Copy + 'static,
{
    type V = V;
    type M = M;
    type N = N;
    type K = K;
    #[inline(always)]
    fn vmnk(self) -> (V, M, N, K) {
        self
    }
}

/// `ThrMMA`: a tiled MMA seen by one thread (C++'s `ThrMMA<TiledMMA, ThrVMNK>`), from
/// [`TiledMma::get_slice`]. It partitions tensors into the values that thread owns.
#[derive(Clone, Copy, Debug)]
pub struct ThrMma<T, Crd> {
    mma: T,
    thr_vmnk: Crd,
}

/// The type of `get_slice(thr_idx)` of a tiled MMA.
pub type ThrMmaOf<T, I> =
    ThrMma<T, <I as FlatCoord<VmnkShapeOf<T>, <T as TiledMmaLayouts>::VmnkStride>>::Output>;

impl<Op, AL, P> TiledMma<Op, AL, P>
where
    Self: TiledMmaLayouts,
{
    /// `get_slice(thr_idx)` / `get_thread_slice(thr_idx)`: the tiled MMA seen by thread
    /// `thr_idx`, whose coordinate in `ThrLayoutVMNK` is `get_flat_coord(thr_idx)`.
    #[inline(always)]
    pub fn get_slice<I>(&self, thr_idx: I) -> ThrMmaOf<Self, I>
    where
        I: FlatCoord<VmnkShapeOf<Self>, <Self as TiledMmaLayouts>::VmnkStride>,
    {
        let vmnk = self.get_thr_layout_vmnk();
        ThrMma {
            mma: *self,
            thr_vmnk: thr_idx.flat_coord(vmnk.shape(), vmnk.stride()),
        }
    }
    /// `get_thread_slice(thr_idx)`: see [`get_slice`](Self::get_slice).
    #[inline(always)]
    pub fn get_thread_slice<I>(&self, thr_idx: I) -> ThrMmaOf<Self, I>
    where
        I: FlatCoord<VmnkShapeOf<Self>, <Self as TiledMmaLayouts>::VmnkStride>,
    {
        self.get_slice(thr_idx)
    }
}

/// The slicing coordinate of a partition: `((thr, (thr_1, thr_2)), (_, repeat<rank>(_)))`.
type PartCoord<V, P, Q, S> = ((V, (P, Q)), (Underscore, <S as RepeatX>::Output));

macro_rules! partition {
    (
        $(#[$doc:meta])*
        $method:ident, $Of:ident, $Thrfrg:ident, $thrfrg:ident, $OfThr:ident,
        ($p:ident, $q:ident)
    ) => {
        /// The type of the partition of a tensor `Tn` by a thread of a tiled MMA.
        pub type $Of<T, Crd, Tn> = <$OfThr<T, Tn> as IntoSliced<
            PartCoord<
                <Crd as VmnkCoord>::V,
                <Crd as VmnkCoord>::$p,
                <Crd as VmnkCoord>::$q,
                <Tn as TensorShape>::Shape,
            >,
        >>::Output;

        impl<T: TiledMmaLayouts, Crd: VmnkCoord> ThrMma<T, Crd> {
            $(#[$doc])*
            #[inline(always)]
            pub fn $method<Tn>(&self, tensor: Tn) -> $Of<T, Crd, Tn>
            where
                Tn: TensorShape,
                Tn::Shape: RepeatX,
                T: $Thrfrg<Tn>,
                $OfThr<T, Tn>: IntoSliced<
                    PartCoord<Crd::V, Crd::$p, Crd::$q, Tn::Shape>,
                >,
            {
                let rest = tensor.tensor_shape().repeat_x();
                let (v, m, n, k) = self.thr_vmnk.vmnk();
                let _ = (&m, &n, &k);
                let thr = partition!(@pick $p, m, n, k);
                let thr2 = partition!(@pick $q, m, n, k);
                self.mma.$thrfrg(tensor).into_sliced(((v, (thr, thr2)), (X, rest)))
            }
        }
    };
    (@pick M, $m:ident, $n:ident, $k:ident) => { $m };
    (@pick N, $m:ident, $n:ident, $k:ident) => { $n };
    (@pick K, $m:ident, $n:ident, $k:ident) => { $k };
}

partition!(
    /// `partition_C(ctensor)`: the values of the `(M,N,...)` tensor this thread holds as
    /// accumulators, `(FrgV,RestM,RestN,...)` (C++'s `(MMA,MMA_M,MMA_N)`); the result's
    /// iterator is advanced to the thread's first value.
    ///
    /// # Example
    /// ```
    /// use cute_core::arch::mma_sm80::SM80_16x8x16_F32F16F16F32_TN;
    /// use cute_core::atom::mma_atom::make_tiled_mma;
    /// use cute_core::prelude::*;
    /// let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN,
    ///                          make_layout((_2, _2, _1), LayoutLeft), (_32, _32, _16));
    /// // a 512x512 column-major f16 matrix, its 128x128 block (1,1), thread 1's accumulators
    /// let x = vec![0u16; 512 * 512];
    /// let c = make_tensor_from_ref(&x, make_layout((_512, _512), LayoutLeft));
    /// let blk = local_tile(c, (_128, _128), (1i32, 1i32));
    /// let part = mma.get_slice(1i32).partition_c(blk);
    /// assert_eq!(part.layout().to_string(), "((_2,_2),_4,_8):((_512,_8),_32,_8192)");
    /// assert_eq!((part.data() as usize - blk.data() as usize) / 2, 1024);
    /// ```
    partition_c, PartitionCOf, ThrfrgC, thrfrg_c, ThrfrgCOf, (M, N)
);
partition!(
    /// `partition_A(atensor)`: the values of the `(M,K,...)` tensor this thread reads as A,
    /// `(FrgV,RestM,RestK,...)` (C++'s `(MMA,MMA_M,MMA_K)`).
    partition_a, PartitionAOf, ThrfrgA, thrfrg_a, ThrfrgAOf, (M, K)
);
partition!(
    /// `partition_B(btensor)`: the values of the `(N,K,...)` tensor this thread reads as B,
    /// `(FrgV,RestN,RestK,...)` (C++'s `(MMA,MMA_N,MMA_K)`).
    partition_b, PartitionBOf, ThrfrgB, thrfrg_b, ThrfrgBOf, (N, K)
);

/// What `gemm(mma, A, B, C)` takes: an MMA atom, a tiled MMA or a thread's slice of one.
pub trait HasMmaAtom {
    /// The raw operation.
    type Op: MmaTraits;
    /// The atom.
    fn mma_atom(&self) -> MmaAtom<Self::Op>;
}
impl<Op: MmaTraits> HasMmaAtom for MmaAtom<Op> {
    type Op = Op;
    #[inline(always)]
    fn mma_atom(&self) -> MmaAtom<Op> {
        *self
    }
}
impl<Op, AL, P> HasMmaAtom for TiledMma<Op, AL, P>
where
    Op: MmaTraits,
{
    type Op = Op;
    #[inline(always)]
    fn mma_atom(&self) -> MmaAtom<Op> {
        self.atom
    }
}
impl<T: HasMmaAtom, Crd> HasMmaAtom for ThrMma<T, Crd> {
    type Op = T::Op;
    #[inline(always)]
    fn mma_atom(&self) -> MmaAtom<T::Op> {
        self.mma.mma_atom()
    }
}

/// The type of a register fragment of shape `S` (compact, column-major) holding `T`s.
pub type FragmentOf<T, S> = RmemTensor<T, S, <LayoutLeft as StrideFor<S>>::Stride>;

macro_rules! make_fragment {
    (
        $(#[$doc:meta])* $make:ident, $partition_fragment:ident, $partition:ident, $Part:ident,
        $Val:ident, $Thrfrg:ident, $OfThr:ident, ($p:ident, $q:ident)
    ) => {
        impl<T: TiledMmaLayouts, Crd: VmnkCoord> ThrMma<T, Crd> {
            $(#[$doc])*
            #[inline(always)]
            pub fn $make<Tn>(
                &self,
                partitioned: &Tn,
            ) -> FragmentOf<<T::Op as MmaTraits>::$Val, Tn::Shape>
            where
                Tn: TensorShape,
                LayoutLeft: StrideFor<Tn::Shape>,
                Tn::Shape: CosizeSum<<LayoutLeft as StrideFor<Tn::Shape>>::Stride>,
                Cosize<Tn::Shape, <LayoutLeft as StrideFor<Tn::Shape>>::Stride>: StaticLength,
            {
                make_rmem_tensor_from_shape::<<T::Op as MmaTraits>::$Val, _, _>(
                    partitioned.tensor_shape(),
                    LayoutLeft,
                )
            }
            /// `partition_fragment_X(tensor)`: the register fragment of this thread's
            /// partition of `tensor`, `make_fragment_X(partition_X(tensor))`.
            #[inline(always)]
            #[allow(clippy::type_complexity)]
            pub fn $partition_fragment<Tn>(
                &self,
                tensor: Tn,
            ) -> FragmentOf<
                <T::Op as MmaTraits>::$Val,
                <$Part<T, Crd, Tn> as TensorShape>::Shape,
            >
            where
                Tn: TensorShape,
                Tn::Shape: RepeatX,
                T: $Thrfrg<Tn>,
                $OfThr<T, Tn>: IntoSliced<PartCoord<Crd::V, Crd::$p, Crd::$q, Tn::Shape>>,
                $Part<T, Crd, Tn>: TensorShape,
                LayoutLeft: StrideFor<<$Part<T, Crd, Tn> as TensorShape>::Shape>,
                <$Part<T, Crd, Tn> as TensorShape>::Shape: CosizeSum<
                    <LayoutLeft as StrideFor<<$Part<T, Crd, Tn> as TensorShape>::Shape>>::Stride,
                >,
                Cosize<
                    <$Part<T, Crd, Tn> as TensorShape>::Shape,
                    <LayoutLeft as StrideFor<<$Part<T, Crd, Tn> as TensorShape>::Shape>>::Stride,
                >: StaticLength,
            {
                let p = self.$partition(tensor);
                self.$make(&p)
            }
        }
    };
}

/// `make_fragment_A/B` and `partition_fragment_A/B`: C++'s `make_fragment_A/B`, which asks the
/// op's `FrgTypeA/B` ([`MakeFragment`]): by default `make_fragment_like<ValType>(partition)`,
/// keeping the order of the partition's strides (a k-major partition gets a k-major fragment);
/// for GMMA's shared-memory operands, a tensor of shared-memory descriptors.
macro_rules! make_fragment_like {
    (
        $(#[$doc:meta])* $make:ident, $partition_fragment:ident, $partition:ident, $Part:ident,
        $Val:ident, $Frg:ident, $Thrfrg:ident, $OfThr:ident, ($p:ident, $q:ident)
    ) => {
        impl<T: TiledMmaLayouts, Crd: VmnkCoord> ThrMma<T, Crd> {
            $(#[$doc])*
            #[inline(always)]
            pub fn $make<Tn>(
                &self,
                partitioned: &Tn,
            ) -> MakeFragmentOf<<T::Op as MmaTraits>::$Frg, <T::Op as MmaTraits>::$Val, Tn>
            where
                Tn: MakeFragment<<T::Op as MmaTraits>::$Frg, <T::Op as MmaTraits>::$Val>,
            {
                partitioned.make_fragment()
            }
            /// `partition_fragment_X(tensor)`: the fragment of this thread's partition of
            /// `tensor`, `make_fragment_X(partition_X(tensor))`.
            #[inline(always)]
            #[allow(clippy::type_complexity)]
            pub fn $partition_fragment<Tn>(
                &self,
                tensor: Tn,
            ) -> MakeFragmentOf<
                <T::Op as MmaTraits>::$Frg,
                <T::Op as MmaTraits>::$Val,
                $Part<T, Crd, Tn>,
            >
            where
                Tn: TensorShape,
                Tn::Shape: RepeatX,
                T: $Thrfrg<Tn>,
                $OfThr<T, Tn>: IntoSliced<PartCoord<Crd::V, Crd::$p, Crd::$q, Tn::Shape>>,
                $Part<T, Crd, Tn>:
                    MakeFragment<<T::Op as MmaTraits>::$Frg, <T::Op as MmaTraits>::$Val>,
            {
                let p = self.$partition(tensor);
                self.$make(&p)
            }
        }
    };
}

make_fragment!(
    /// `make_fragment_C(partitioned)`: a register fragment of the accumulator type with the
    /// shape of this thread's partition of C (compact, column-major; C++ never bases the
    /// accumulators on the partition's layout).
    make_fragment_c, partition_fragment_c, partition_c, PartitionCOf, ValTypeC, ThrfrgC,
    ThrfrgCOf, (M, N)
);
make_fragment_like!(
    /// `make_fragment_A(partitioned)`: a register fragment of A's value type laid out like
    /// this thread's partition of A (C++'s `make_fragment_like(partition.layout())`: mode 0
    /// column-major, the other modes in the order of the partition's strides).
    make_fragment_a, partition_fragment_a, partition_a, PartitionAOf, ValTypeA, FrgTypeA,
    ThrfrgA, ThrfrgAOf, (M, K)
);
make_fragment_like!(
    /// `make_fragment_B(partitioned)`: see [`make_fragment_a`](Self::make_fragment_a).
    make_fragment_b, partition_fragment_b, partition_b, PartitionBOf, ValTypeB, FrgTypeB,
    ThrfrgB, ThrfrgBOf, (N, K)
);

/// C++'s `print(TiledMMA)`: the thread layout, the permutations and the atom.
impl<Op, AL, P> fmt::Display for TiledMma<Op, AL, P>
where
    Self: TiledMmaLayouts<Op = Op>,
    Op: MmaTraits,
    P: CutePrint,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "TiledMMA")?;
        writeln!(f, "  ThrLayoutVMNK:  {}", self.get_thr_layout_vmnk())?;
        writeln!(f, "  PermutationMNK: {}", display(&self.permutation_mnk))?;
        write!(f, "{}", self.atom)
    }
}
