//! A GEMM configuration as a set of CuTe types, the role of CUTLASS 3's collective builders
//! (`CollectiveBuilder<Arch, Op, ElementA, LayoutA, ..., TileShape, ClusterShape, Stages,
//! Schedule>`): the tile shape is a static `Shape`, the shared-memory layouts are
//! `tile_to_shape` of a GMMA layout atom, the MMA is the `wgmma` that `ss_op_selector` picks
//! for the tile's N. [`GemmConfig`] carries them; [`Sm90Gemm`] computes them from a tile shape,
//! a schedule, the element types, the operand majors and the stage count, once per member.
//!
//! The kernel computes `D(r, c) = sum_k A(r, k) B(c, k)` with D row-major (`c` contiguous):
//! the host runs a column-major `C = A B^T` as `C^T = B A^T`, so its A and B are this kernel's
//! B and A (`host::hopper`). "M", "N" below are the kernel's (D's rows and columns).

use core::marker::PhantomData;

use cute_core::arch::mma_sm90_gmma::GmmaSs;
use cute_core::arch::mma_sm90_gmma::GMMA::{IsMajor, Major};
use cute_core::atom::mma_traits::MmaTraits;
use cute_core::atom::mma_traits_sm90_gmma::{
    make_gmma_desc, Layout_K_SW128_Atom, Layout_MN_SW128_Atom, Layout_MN_SW32_Atom,
    Layout_MN_SW64_Atom, MakeGmmaDesc,
};
use cute_core::layout::composition::{Composition, CompositionOf};
use cute_core::layout::product::{TileToShape, TileToShapeOf};
use cute_core::layout::LayoutLeft;
use cute_core::layout_composed::{make_composed_layout, ComposedLayout};
use cute_core::numeric::aliases::{_1, _128, _16, _192, _2, _256, _3, _32, _64};
use cute_core::numeric::integral_constant::Integral;
use cute_core::numeric::numeric_types::{BFloat16, FloatE4M3, FloatE5M2, Half, SizeofBits};
use cute_core::pointer_flagged::SmemPtrFlagBits;
use cute_core::swizzle::Swizzle;
use cute_core::tensor::LayoutEval;

/// The value of a static integer type, for the `const`s a configuration derives from its
/// types (a dynamic one is a build error).
pub const fn static_u32(v: Option<i64>) -> u32 {
    match v {
        Some(v) => v as u32,
        None => panic!("GemmConfig: tile shapes and stage counts must be static integers"),
    }
}

/// A static tile shape `(BLK_M, BLK_N, BLK_K)` and its values.
pub trait StaticTile {
    /// `(BLK_M, BLK_N, BLK_K)`.
    const MNK: (u32, u32, u32);
    /// Mode 2, the K extent, as a type.
    type K: Copy + Default;
}
impl<A: Integral, B: Integral, C: Integral + Copy + Default> StaticTile for (A, B, C) {
    type K = C;
    const MNK: (u32, u32, u32) = (
        static_u32(A::STATIC),
        static_u32(B::STATIC),
        static_u32(C::STATIC),
    );
}

/// A kernel schedule: how the two consumer warpgroups share the work.
pub trait KernelSchedule: 'static {
    /// Consumer warpgroups computing one tile together: 2 for the cooperative schedule (each 64
    /// rows of a 128-row tile), 1 for ping-pong (each its own tile, taking turns).
    const WARPGROUPS_PER_TILE: u32;
    /// The schedule's name in member names.
    const NAME: &'static str;
}

/// `KernelTmaWarpSpecializedCooperative`: both consumer warpgroups work on every tile, split
/// along M; every stage is read by both.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cooperative;
impl KernelSchedule for Cooperative {
    const WARPGROUPS_PER_TILE: u32 = 2;
    const NAME: &'static str = "cooperative";
}

/// `KernelTmaWarpSpecializedPingpong`: the consumer warpgroups take alternate tiles, so one
/// runs its mainloop while the other stores; every stage is read by one of them.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pingpong;
impl KernelSchedule for Pingpong {
    const WARPGROUPS_PER_TILE: u32 = 1;
    const NAME: &'static str = "pingpong";
}

/// The shared-memory layout atom of an operand of this element type and major whose tile is
/// `MN` elements wide, and the order in which `tile_to_shape` lays the atoms over `(MN, K,
/// PIPE)` (CUTLASS's `ss_smem_selector<Major, T, BLK_MN, BLK_K>` and its collective's `Step`):
/// K-major the 128-byte-swizzle K atom (128 bytes of K: the k-tile), M first; MN-major the
/// widest swizzle whose atom divides `MN` (128 bytes, else 64, else 32), K first, so that one
/// column of atoms holds the whole k-tile (one TMA box). Implemented for the 16-bit types and
/// the tile widths the atoms divide, and for `e4m3`/`e5m2` K-major only (another width or major
/// is a build error, `ss_smem_selector: no GMMA shared-memory atom for this element type, major
/// and tile width`).
#[diagnostic::on_unimplemented(
    message = "ss_smem_selector: no GMMA shared-memory atom for this element type, major and tile width",
    note = "an MN-major operand of 16-bit elements takes tiles 16, 32, 64, 128, 192 or 256 wide"
)]
pub trait SmemSelector<M: IsMajor, MN>: Copy + 'static {
    /// The layout atom.
    type Atom: Copy + Default;
    /// The order of the copies (`LayoutLeft` or `Step<_2,_1,_3>`).
    type Order: Copy + Default;
    /// Bytes of the atom's swizzle (`Sw<B,4,3>`: `16 << B`): the TMA map's swizzle mode.
    const SWIZZLE_BYTES: u32;
    /// The TMA box of one copy: `(MN extent, K extent)` in elements, for a tile of `mn x k`
    /// loaded by `parts` CTAs of a cluster together (each its share, multicast to all).
    fn tma_box(mn: u32, k: u32, parts: u32) -> (u32, u32);
    /// The share of CTA `rank` of `parts` in a tile of `mn x k`: `((first row, rows), (first
    /// k, ks))`. As C++'s `make_tma_copy` with a multicast count splits the box: along its
    /// slowest mode, MN for a K-major operand, K for an MN-major one.
    fn share(mn: u32, k: u32, parts: u32, rank: u32) -> ((u32, u32), (u32, u32));
}

/// The bytes of an atom's swizzle.
pub trait AtomSwizzleBytes {
    /// `16 << B` of the atom's `Sw<B,4,3>`.
    const BYTES: u32;
}
impl<B: Integral, M: Integral, S: Integral, O, L> AtomSwizzleBytes
    for ComposedLayout<Swizzle<B, M, S>, O, L>
{
    const BYTES: u32 = 16 << static_u32(B::STATIC);
}

macro_rules! smem_selector {
    ($($T:ty),*) => {$(
        smem_selector!(@k $T);
        smem_selector!(@mn $T; _16 => Layout_MN_SW32_Atom, _32 => Layout_MN_SW64_Atom,
                       _64 => Layout_MN_SW128_Atom, _128 => Layout_MN_SW128_Atom,
                       _192 => Layout_MN_SW128_Atom, _256 => Layout_MN_SW128_Atom);
    )*};
    (@k $T:ty) => {
        impl<MN: 'static> SmemSelector<Major::K, MN> for $T {
            type Atom = Layout_K_SW128_Atom<$T>;
            type Order = LayoutLeft;
            const SWIZZLE_BYTES: u32 = <Layout_K_SW128_Atom<$T> as AtomSwizzleBytes>::BYTES;
            #[inline(always)]
            fn tma_box(mn: u32, k: u32, parts: u32) -> (u32, u32) {
                (mn / parts, k)
            }
            #[inline(always)]
            fn share(mn: u32, k: u32, parts: u32, rank: u32) -> ((u32, u32), (u32, u32)) {
                ((rank * (mn / parts), mn / parts), (0, k))
            }
        }
    };
    (@mn $T:ty; $($MN:ty => $Atom:ident),*) => {$(
        impl SmemSelector<Major::MN, $MN> for $T {
            type Atom = $Atom<$T>;
            type Order = (_2, _1, _3);
            const SWIZZLE_BYTES: u32 = <$Atom<$T> as AtomSwizzleBytes>::BYTES;
            #[inline(always)]
            fn tma_box(_mn: u32, k: u32, parts: u32) -> (u32, u32) {
                // one column of atoms: the atom's MN extent (the swizzle's bytes of MN)
                let atom = $Atom::<$T>::default().layout_b();
                (atom.size_mode::<0>().value() as u32, k / parts)
            }
            #[inline(always)]
            fn share(mn: u32, k: u32, parts: u32, rank: u32) -> ((u32, u32), (u32, u32)) {
                ((0, mn), (rank * (k / parts), k / parts))
            }
        }
    )*};
}
smem_selector!(BFloat16, Half);
// the 8-bit types: K-major only, the one major the 8-bit `wgmma` reads
smem_selector!(@k FloatE4M3);
smem_selector!(@k FloatE5M2);

/// One operand's stages in shared memory, `Sw o smem_ptr[b] o L` with `L` of shape
/// `(MN, K, PIPE)`: what the mainloop reads off it. Implemented for the composed layouts
/// `tile_to_shape` makes of the GMMA atoms; `Block` is the `(rows, MMA_K)` block one `wgmma`
/// reads, `M` the operand's major.
pub trait GmmaStages<Block, M>: Copy + Default {
    /// Element offset of `(mn, k)` of stage `s` in the unswizzled layout (the TMA box origins,
    /// the descriptors' advance).
    fn offset(mn: i32, k: i32, s: i32) -> u32;
    /// `make_gmma_desc<M>` of the `Block` at the origin of stage 0, its first element at shared
    /// address `start` (1 KiB aligned): the descriptor of block `(mn, k)` of stage `s` is this
    /// one advanced by `offset(mn, k, s)` in 16-byte units (C++'s `GMMA::DescriptorIterator`).
    fn desc(start: u32) -> u64;
    /// Elements of one stage: the stride of the stage mode.
    #[inline(always)]
    fn stage_elems(&self) -> u32 {
        Self::offset(0, 0, 1)
    }
}
impl<Sw, B, L, Block, M> GmmaStages<Block, M> for ComposedLayout<Sw, SmemPtrFlagBits<B>, L>
where
    Sw: Copy + Default,
    B: Integral,
    L: Copy + Default + LayoutEval<(i32, i32, i32), Output: Integral> + Composition<Block>,
    Block: Copy + Default,
    ComposedLayout<Sw, SmemPtrFlagBits<B>, CompositionOf<L, Block>>: MakeGmmaDesc<M>,
{
    #[inline(always)]
    fn offset(mn: i32, k: i32, s: i32) -> u32 {
        L::default().eval((mn, k, s)).value() as u32
    }
    #[inline(always)]
    fn desc(start: u32) -> u64 {
        // C++'s composition of the stage layout with the block tiler: the layout of the block
        // at the origin (the PIPE mode, past the tiler, is dropped), swizzle kept
        let block = make_composed_layout(
            Sw::default(),
            SmemPtrFlagBits::<B>::default(),
            cute_core::layout::composition::composition(L::default(), Block::default()),
        );
        make_gmma_desc::<M, _>(start, block).desc
    }
}

/// A GEMM configuration: the types every collective of the kernel reads. Implemented by
/// [`Sm90Gemm`]; the associated `const`s are the static values of its types.
pub trait GemmConfig: 'static {
    /// A's and B's element type (16-bit, or 8-bit with both operands K-major).
    type Element: Copy + SizeofBits + 'static;
    /// A's major (`GMMA::Major`).
    type MajorA: IsMajor;
    /// B's major.
    type MajorB: IsMajor;
    /// The schedule.
    type Schedule: KernelSchedule;
    /// The CTA tile `(BLK_M, BLK_N, BLK_K)`, a static `Shape`.
    type TileShape: Copy + Default;
    /// The cluster `(CLUSTER_M, _1, _1)`, a static `Shape`: `CLUSTER_M` CTAs of consecutive
    /// tile rows share their tile of B, each loading `BLK_N / CLUSTER_M` of its rows with a TMA
    /// multicast to all of them (CUTLASS's `ClusterShape`; clusters along N are not built).
    type ClusterShape: Copy + Default;
    /// `tile_to_shape(SmemLayoutAtomA, (BLK_M, BLK_K, STAGES), order)`; one `wgmma` reads a
    /// `(_64, BlockK)` block of it.
    type SmemLayoutA: GmmaStages<(_64, Self::BlockK), Self::MajorA>;
    /// `tile_to_shape(SmemLayoutAtomB, (BLK_N, BLK_K, STAGES), order)`; one `wgmma` reads a
    /// `(BlockN, BlockK)` block of it.
    type SmemLayoutB: GmmaStages<(Self::BlockN, Self::BlockK), Self::MajorB>;
    /// A's stage layout as `tile_to_shape` builds it, so that its static checks (the atom
    /// divides the tile) run for every configuration that is used.
    fn smem_layout_a() -> Self::SmemLayoutA;
    /// B's stage layout, as [`GemmConfig::smem_layout_a`].
    fn smem_layout_b() -> Self::SmemLayoutB;
    /// `BLK_N` as a type (the rows of B one `wgmma` reads).
    type BlockN: Copy + Default;
    /// The K of one `wgmma` as a type: mode 2 of [`GemmConfig::MmaOp`]'s `Shape_MNK` (`_16`
    /// for 16-bit inputs, `_32` for 8-bit ones).
    type BlockK: Copy + Default;
    /// The `wgmma` of one consumer warpgroup per k-block: `64 x BLK_N x MMA_K`, `f32`
    /// accumulators.
    type MmaOp: GmmaSs<Accumulators: AsRef<[f32]> + AsMut<[f32]>> + MmaTraits;
    /// The pipeline's stage count, a static integer.
    type Stages: Integral;
    /// The accumulator layout of [`GemmConfig::MmaOp`] (`MMA_Traits::CLayout`, `(T128, V) ->
    /// (M64, N)`): which output element each accumulator holds.
    type CLayout: Copy + Default + LayoutEval<(i32, i32), Output: Integral>;
    /// The rows of one `wgmma` (mode 0 of the op's `Shape_MNK`): a consumer warpgroup's rows.
    const WG_M: u32;
    /// `BLK_M`.
    const BLK_M: u32;
    /// `BLK_N`.
    const BLK_N: u32;
    /// `BLK_K`.
    const BLK_K: u32;
    /// The K of one `wgmma` ([`GemmConfig::BlockK`]): a k-tile is `BLK_K / MMA_K` of them.
    const MMA_K: u32;
    /// Pipeline stages.
    const STAGES: u32;
    /// CTAs per cluster, along M.
    const CLUSTER_M: u32;
    /// Bytes of the swizzle of A's atom (the swizzle mode of A's tensor map).
    const SWIZZLE_A: u32;
    /// Bytes of the swizzle of B's atom.
    const SWIZZLE_B: u32;
    /// The TMA box of A: `(MN, K)` elements (one or more per stage, see [`SmemSelector`]).
    fn tma_box_a() -> (u32, u32);
    /// The TMA box of B, split over the `CLUSTER_M` CTAs that load B together (C++'s
    /// `make_tma_copy(SM90_TMA_LOAD_MULTICAST{}, .., Int<CLUSTER_M>{})`, see
    /// [`SmemSelector::share`]).
    fn tma_box_b() -> (u32, u32);
    /// The part of B's tile that CTA `rank` of a cluster loads for all of them: `((first row,
    /// rows), (first k, ks))`.
    fn share_b(rank: u32) -> ((u32, u32), (u32, u32));
}

/// A member of the family: `Sm90Gemm<(BLK_M, BLK_N, BLK_K), (CLUSTER_M, _1, _1), Schedule, T,
/// MajorA, MajorB, Stages>` (static integers for the shapes and stages) is a [`GemmConfig`],
/// its layouts and its `wgmma` computed from these types by the algebra. The output's element
/// type is the epilogue's (`EpilogueSm90TmaWarpSpecialized<Config, ElementD>`), so one
/// configuration serves every output type.
///
/// # Preconditions
/// The atoms tile the shapes (`tile_to_shape: the block's shape does not divide the target
/// shape` otherwise), an op exists for `BLK_N` (`ss_op_selector: ...`), and the blocks are
/// canonical GMMA layouts (`make_gmma_desc: ...`), each a compile error naming the operation.
#[allow(clippy::type_complexity)] // the tuple of type parameters is the configuration
pub struct Sm90Gemm<Tile, Cluster, Schedule, T, MA, MB, Stages>(
    PhantomData<(Tile, Cluster, Schedule, T, MA, MB, Stages)>,
);

/// `CLUSTER_M` of a cluster shape `(CLUSTER_M, CLUSTER_N, CLUSTER_K)` (static), checked:
/// clusters along N or K, and a tile whose B the cluster cannot split into whole swizzle atoms
/// (8 rows or 8 k), are build errors.
pub const fn cluster_m((m, n, k): (u32, u32, u32), (blk_n, blk_k): (u32, u32)) -> u32 {
    assert!(
        n == 1 && k == 1,
        "Sm90Gemm: only clusters along M, (CLUSTER_M,_1,_1), are built"
    );
    assert!(
        m >= 1 && m <= 4 && blk_n % (8 * m) == 0 && blk_k % (8 * m) == 0,
        "Sm90Gemm: CLUSTER_M must be 1 to 4 and split BLK_N and BLK_K into multiples of 8"
    );
    m
}

/// `tile_to_shape(atom, (MN, K, S), order)` of `T`'s atom and order for major `M`: the stage
/// layout of an operand, built as the algebra builds it (so that its static checks, the atom
/// dividing the tile, run where a configuration uses it).
#[inline(always)]
pub fn stages<T, M, MN, K, S>() -> StagesOf<T, M, MN, K, S>
where
    T: SmemSelector<M, MN>,
    M: IsMajor,
    MN: Default,
    K: Default,
    S: Default,
    <T as SmemSelector<M, MN>>::Atom: TileToShape<(MN, K, S), <T as SmemSelector<M, MN>>::Order>,
{
    cute_core::layout::product::tile_to_shape_ordered(
        <T as SmemSelector<M, MN>>::Atom::default(),
        (MN::default(), K::default(), S::default()),
        <T as SmemSelector<M, MN>>::Order::default(),
    )
}

/// `tile_to_shape` of `T`'s atom for major `M` over `(MN, K, S)`.
pub type StagesOf<T, M, MN, K, S> =
    TileToShapeOf<<T as SmemSelector<M, MN>>::Atom, (MN, K, S), <T as SmemSelector<M, MN>>::Order>;

/// `impl GemmConfig for Sm90Gemm<(BM, BN, BK), (CM, _1, _1), Sch, T, MA, MB, S>` for
/// concrete types.
///
/// Why a macro and not one generic impl: a generic impl would carry the whole derivation
/// (`tile_to_shape`, `ss_op_selector`, `make_gmma_desc`'s canonical form) in its where-clause,
/// and rustc re-proves an impl's where-clause each time it normalizes one of its associated
/// types for a new type: measured, about one second of the device build per kernel. An impl for
/// concrete types has no where-clause; rustc checks the associated types' bounds once, when it
/// checks the impl.
#[macro_export]
macro_rules! sm90_config {
    (($BM:ty, $BN:ty, $BK:ty), ($CM:ty, $CN:ty, $CK:ty), $Sch:ty, $T:ty, $MA:ty, $MB:ty, $S:ty) => {
        impl $crate::gemm::config::GemmConfig
            for $crate::gemm::config::Sm90Gemm<
                ($BM, $BN, $BK),
                ($CM, $CN, $CK),
                $Sch,
                $T,
                $MA,
                $MB,
                $S,
            >
        {
            type Element = $T;
            type MajorA = $MA;
            type MajorB = $MB;
            type Schedule = $Sch;
            type TileShape = ($BM, $BN, $BK);
            type ClusterShape = ($CM, $CN, $CK);
            type SmemLayoutA = $crate::gemm::config::StagesOf<$T, $MA, $BM, $BK, $S>;
            type SmemLayoutB = $crate::gemm::config::StagesOf<$T, $MB, $BN, $BK, $S>;
            type BlockN = $BN;
            type BlockK = <<cute_core::arch::mma_sm90::SsOpOf<$T, f32, $BN, $MA, $MB>
                                as cute_core::atom::mma_traits::MmaTraits>::ShapeMnk
                                as $crate::gemm::config::StaticTile>::K;
            type MmaOp = cute_core::arch::mma_sm90::SsOpOf<$T, f32, $BN, $MA, $MB>;
            type Stages = $S;
            type CLayout = <cute_core::arch::mma_sm90::SsOpOf<$T, f32, $BN, $MA, $MB>
                                                as cute_core::atom::mma_traits::MmaTraits>::CLayout;
            const WG_M: u32 = <<cute_core::arch::mma_sm90::SsOpOf<$T, f32, $BN, $MA, $MB>
                                as cute_core::atom::mma_traits::MmaTraits>::ShapeMnk
                                as $crate::gemm::config::StaticTile>::MNK.0;
            const BLK_M: u32 = <($BM, $BN, $BK) as $crate::gemm::config::StaticTile>::MNK.0;
            const BLK_N: u32 = <($BM, $BN, $BK) as $crate::gemm::config::StaticTile>::MNK.1;
            const BLK_K: u32 = <($BM, $BN, $BK) as $crate::gemm::config::StaticTile>::MNK.2;
            const MMA_K: u32 = <<cute_core::arch::mma_sm90::SsOpOf<$T, f32, $BN, $MA, $MB>
                                as cute_core::atom::mma_traits::MmaTraits>::ShapeMnk
                                as $crate::gemm::config::StaticTile>::MNK.2;
            const STAGES: u32 = $crate::gemm::config::static_u32(
                <$S as cute_core::numeric::integral_constant::Integral>::STATIC,
            );
            const CLUSTER_M: u32 = $crate::gemm::config::cluster_m(
                <($CM, $CN, $CK) as $crate::gemm::config::StaticTile>::MNK,
                (Self::BLK_N, Self::BLK_K),
            );
            const SWIZZLE_A: u32 =
                <$T as $crate::gemm::config::SmemSelector<$MA, $BM>>::SWIZZLE_BYTES;
            const SWIZZLE_B: u32 =
                <$T as $crate::gemm::config::SmemSelector<$MB, $BN>>::SWIZZLE_BYTES;
            #[inline(always)]
            fn smem_layout_a() -> Self::SmemLayoutA {
                $crate::gemm::config::stages::<$T, $MA, $BM, $BK, $S>()
            }
            #[inline(always)]
            fn smem_layout_b() -> Self::SmemLayoutB {
                $crate::gemm::config::stages::<$T, $MB, $BN, $BK, $S>()
            }
            #[inline(always)]
            fn tma_box_a() -> (u32, u32) {
                <$T as $crate::gemm::config::SmemSelector<$MA, $BM>>::tma_box(Self::BLK_M, Self::BLK_K, 1)
            }
            #[inline(always)]
            fn tma_box_b() -> (u32, u32) {
                <$T as $crate::gemm::config::SmemSelector<$MB, $BN>>::tma_box(
                    Self::BLK_N,
                    Self::BLK_K,
                    Self::CLUSTER_M,
                )
            }
            #[inline(always)]
            fn share_b(rank: u32) -> ((u32, u32), (u32, u32)) {
                <$T as $crate::gemm::config::SmemSelector<$MB, $BN>>::share(
                    Self::BLK_N,
                    Self::BLK_K,
                    Self::CLUSTER_M,
                    rank,
                )
            }
        }
    };
}
