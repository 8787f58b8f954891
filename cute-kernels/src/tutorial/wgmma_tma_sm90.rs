//! `wgmma_tma_sm90`: port of CuTe's Hopper tutorial `examples/cute/tutorial/hopper/
//! wgmma_tma_sm90.cu`: 128x128x64 CTA tiles, a 3-stage shared-memory pipeline filled by TMA
//! (completing on transaction mbarriers), one warpgroup (128 threads) issuing `wgmma` from
//! shared-memory descriptors, consumer mbarriers telling the producer thread when a stage may be
//! refilled, and clusters of 2 along M as the tutorial launches them.
//!
//! As in C++:
//! - the stages are `tile_to_shape` of a GMMA layout atom over `(128,64,3)` (NT:
//!   `Layout_MN_SW128_Atom`, TN: `Layout_K_SW128_Atom`), the tensor maps are made on the host
//!   by `make_tma_copy` from the global tensors and one stage (`cute_host::tma`), and passed by
//!   value (parameter space, see `cute_core::arch::copy_sm90_tma`);
//! - the TiledMMA is one `SM90_64x64x16` atom tiled 2x2 over the 128x128 tile
//!   (`make_tiled_mma(SM90_64x64x16_*_SS<..>)`); a k-tile is 4 k-blocks of 16, each 4 `wgmma`s
//!   between `warpgroup_arrive` and `warpgroup_commit_batch`, then `warpgroup_wait<0>`;
//! - the shared-memory descriptors come from the layout algebra: `make_gmma_desc` of the
//!   `(64,16)` block at the stage's origin, and each other block's descriptor is that one plus
//!   the block's offset in the stage layout (in 16-byte units), which is how C++'s
//!   `GMMA::DescriptorIterator` advances over `partition_fragment_A/B`;
//! - TMA boxes: a stage is copied box by box as `tma_partition` splits it: TN one `(64,128)`
//!   (k,m) box, NT sixteen `(64,8)` (m,k) boxes, each at its origin's offset in the stage;
//! - C++'s one `gemm_device` template, instantiated by `gemm_nt` and `gemm_tn`, is one generic
//!   function, [`wgmma_tma_device`], over a [`Config`]: the operands' major ([`Operands`],
//!   `GMMA::Major::MN` for NT, `GMMA::Major::K` for TN) and the element type ([`Precision`]).
//!
//! One difference from the tutorial, in which tile a CTA computes: the tiles are started in
//! groups of `2^group_shift` tile rows, column by column (`grouped_grid_tile`), where the
//! tutorial starts them a whole column of C at a time; the host's default group is 4 rows, and
//! a group as tall as the matrix is the tutorial's order (`CUTE_TILE_GROUP=tutorial`; why and
//! what it is worth: `host/src/kernels/tile_order.rs`).
//!
//! Any M, N, K with 16-byte aligned rows (the TMA's own condition): boxes past the tensor's end
//! read zeros, and the epilogue (C++'s `axpby`, predicated here) writes only `m < M, n < N`.
//! C is `(M,N):(_1,ldC)`, `C = alpha A B^T + beta C`; `beta == 0` does not read C (BLAS).
//! Types: `half_t` in, accumulate and out (the tutorial's `F16F16F16`), and `bfloat16_t` in,
//! `float` accumulate, `bfloat16_t` out (`F32BF16BF16`).

use cute_core::arch::cluster_sm90::{
    cluster_sync_unaligned, fence_barrier_init, ClusterBarrier, ClusterTransactionBarrier,
};
use cute_core::arch::copy_sm90_tma::{
    CacheHintSm90, TmaDescriptor, TmaDescriptorParam, SM90_TMA_LOAD_2D,
};
use cute_core::arch::mma_sm90_gmma::GMMA::{IsMajor, Major, ScaleOut};
use cute_core::arch::mma_sm90_gmma::*;
use cute_core::arch::smem::cast_smem_ptr_to_uint;
use cute_core::arch::thread::{block_idx_x, block_idx_y, dynamic_smem_base, thread_idx_x};
use cute_core::atom::mma_traits_sm90_gmma::{
    make_gmma_desc, Layout_K_SW128_Atom, Layout_MN_SW128_Atom,
};
use cute_core::numeric::convert::NumericConverter;
use cute_core::numeric::numeric_types::{BFloat16, Half, SizeofBits};
use cute_core::prelude::*;

use crate::tutorial::tile_order::grouped_grid_tile;

/// `(BLK_M, BLK_N, BLK_K)` and the pipeline depth of the tutorial.
pub const BLK_M: i32 = 128;
/// `BLK_N`.
pub const BLK_N: i32 = 128;
/// `BLK_K`.
pub const BLK_K: i32 = 64;
/// Stages (`bP`).
pub const PIPE: i32 = 3;
/// Bytes of one operand's stage: `(128,64)` 16-bit elements.
pub const STAGE_BYTES: u32 = (BLK_M * BLK_K * 2) as u32;
/// Bytes of the 2 x 3 mbarriers (producer and consumer, one per stage).
pub const BARRIER_BYTES: u32 = 2 * PIPE as u32 * 8;
/// Dynamic shared memory: the A and B stages, 1024-byte aligned (the 128-byte swizzle repeats
/// every 1024 bytes, and descriptors assume a 1024-byte aligned atom), with 1024 bytes of slack
/// for that alignment; the mbarriers live in the slack ([`barrier_base`]). 99,328 bytes: two
/// CTAs then fit the SM's 196 KiB shared-memory configuration, as C++'s 98,352-byte
/// `SharedStorage` does; 48 bytes more made the driver choose the 228 KiB one, leaving L1
/// 23 KiB instead of 56 (Nsight Compute, `benches/results/2026-11-27-h100-tutorial-ports`).
pub const SMEM_BYTES: u32 = 1024 + 2 * PIPE as u32 * STAGE_BYTES;

/// Where the mbarriers go, given the dynamic shared memory's address `raw` and the stages'
/// 1024-byte aligned `base`: in the gap before the stages when it holds them, else after the
/// stages (the gap is then at most 32 bytes, so at least 992 of the slack's bytes follow).
/// Either way inside [`SMEM_BYTES`], 8-byte aligned (`raw` is 16-byte aligned).
#[inline(always)]
pub const fn barrier_base(raw: u32, base: u32) -> u32 {
    if base - raw >= BARRIER_BYTES {
        raw
    } else {
        base + 2 * PIPE as u32 * STAGE_BYTES
    }
}

/// One configuration of the tutorial's kernel: `gemm_nt` or `gemm_tn` (the operands' major)
/// with `half_t` or `bfloat16_t` (the element type).
pub trait Config {
    /// The element type of A, B and C (`half_t` or `bfloat16_t`): the MMA atom's accumulators
    /// and the epilogue's conversions.
    type Element: Precision;
    /// `GMMA::Major::MN` (NT: A m-major, B n-major) or `GMMA::Major::K` (TN: both k-major):
    /// the stage layouts, the TMA boxes and the descriptors.
    type Major: Operands;
}

/// The accumulators of an element type: the `SM90_64x64x16` atom's fragment, and the
/// conversions of the epilogue (C++'s `axpby` on `TC`). Both element types are 16 bits wide,
/// so the shared-memory layout atoms of a `T: Precision` are one static layout.
pub trait Precision: SizeofBits<Bits = _16> {
    /// One 64x64 atom's accumulators per thread (`[u32; 16]` of `half2`, `[f32; 32]`).
    type Frag: Copy + FenceOperand;
    /// A zero fragment (`clear(tCrC)`).
    fn zero() -> Self::Frag;
    /// `SM90_64x64x16_*_SS<M, M>::fma`: `frag += A * B` on two descriptors.
    fn mma<M: IsMajor>(desc_a: u64, desc_b: u64, frag: &mut Self::Frag);
    /// Accumulator value `v` (0..32, `CLayout_64x64`'s value index) as `f32`.
    fn value(frag: &Self::Frag, v: usize) -> f32;
    /// The output element's 16-bit encoding of `x`.
    fn encode(x: f32) -> u16;
    /// The `f32` value of an output element's 16-bit encoding (for `beta * C`).
    fn decode(bits: u16) -> f32;
    /// `alpha` in the form [`Precision::scaled_pair`] multiplies by.
    type Scale: Copy;
    /// `alpha` as a [`Precision::Scale`], or `None` where that form would change the result
    /// (an `alpha` that `half` does not hold exactly: `1e5` would become infinity).
    fn scale(alpha: f32) -> Option<Self::Scale>;
    /// The output encodings of accumulator values `2p` (low half) and `2p + 1` (high half),
    /// times `alpha`: the whole-tile epilogue's values, a pair at a time (C++'s `half_t` axpby
    /// with beta 0 compiles to one `HMUL2` per pair).
    fn scaled_pair(frag: &Self::Frag, p: usize, alpha: Self::Scale) -> u32;
}

/// The operands' major: where a stage's `(64,16)` blocks and TMA boxes lie. A and B have the
/// same major and stage layout in the tutorial (`gemm_nt`: both MN-major, `gemm_tn`: both
/// K-major), so the A and B functions share their bodies; they are separate as C++'s `sA` and
/// `sB`, `tma_a` and `tma_b` are.
pub trait Operands: IsMajor {
    /// The descriptor of A's `(64,16)` block `(mi, kb)` of the stage at `stage_addr`, for
    /// elements of `T`.
    fn desc_a<T: Precision>(stage_addr: u32, mi: i32, kb: i32) -> u64;
    /// The descriptor of B's `(64,16)` block `(ni, kb)` of the stage at `stage_addr`.
    fn desc_b<T: Precision>(stage_addr: u32, ni: i32, kb: i32) -> u64;
    /// Issues the TMA loads of A's tile `(m0, k0)` (element coordinates) into the stage, box by
    /// box as `tma_partition` splits the stage.
    ///
    /// # Safety
    /// `desc` a tensor map made for this major and `T`'s A, `stage_addr` a 1024-byte aligned
    /// stage, `mbar` a barrier expecting the stage's bytes.
    unsafe fn load_a<T: Precision>(
        desc: *const TmaDescriptor,
        mbar: u32,
        stage_addr: u32,
        m0: i32,
        k0: i32,
    );
    /// The same for B's tile `(n0, k0)`.
    ///
    /// # Safety
    /// As [`Operands::load_a`].
    unsafe fn load_b<T: Precision>(
        desc: *const TmaDescriptor,
        mbar: u32,
        stage_addr: u32,
        n0: i32,
        k0: i32,
    );
}

/// The descriptor of the `(64,16)` block at `(i, j)` of the stage at `stage_addr`, the stages
/// `tile_to_shape(Layout_MN_SW128_Atom<T>, (128,64,3))`: `make_gmma_desc` of the block at the
/// origin, advanced by the block's offset in 16-byte units (the descriptor's start-address
/// field, as C++'s `GMMA::DescriptorIterator` advances over `partition_fragment_A/B`).
#[inline(always)]
fn mn_block_desc<T: Precision>(stage_addr: u32, i: i32, j: i32) -> u64 {
    let stages = tile_to_shape(Layout_MN_SW128_Atom::<T>::default(), (_128, _64, _3));
    let (stage, _) = slice_and_offset((X, X, 0i32), stages.layout_b());
    let block = composition(stage, (_64, _16));
    let flagged = make_composed_layout(stages.layout_a(), stages.offset(), block);
    let d = make_gmma_desc::<Major::MN, _>(stage_addr, flagged).desc;
    let off_16b = (stage.call((i, j)) as u64 * 2) >> 4;
    d + off_16b
}

/// [`mn_block_desc`] for the stages `tile_to_shape(Layout_K_SW128_Atom<T>, (128,64,3))`.
#[inline(always)]
fn k_block_desc<T: Precision>(stage_addr: u32, i: i32, j: i32) -> u64 {
    let stages = tile_to_shape(Layout_K_SW128_Atom::<T>::default(), (_128, _64, _3));
    let (stage, _) = slice_and_offset((X, X, 0i32), stages.layout_b());
    let block = composition(stage, (_64, _16));
    let flagged = make_composed_layout(stages.layout_a(), stages.offset(), block);
    let d = make_gmma_desc::<Major::K, _>(stage_addr, flagged).desc;
    let off_16b = (stage.call((i, j)) as u64 * 2) >> 4;
    d + off_16b
}

/// Offset in elements of stage coordinate `(i, j)` of the unswizzled layout of
/// `tile_to_shape(Layout_MN_SW128_Atom<T>, (128,64,3))`'s stage 0.
#[inline(always)]
fn mn_stage_offset<T: Precision>(i: i32, j: i32) -> i32 {
    let stages = tile_to_shape(Layout_MN_SW128_Atom::<T>::default(), (_128, _64, _3));
    stages.layout_b().call((i, j, 0i32))
}

/// NT: A `(M,K):(_1,M)` and B `(N,K):(_1,N)`, MN-major stages; TMA boxes `(64,8)` in (m,k).
impl Operands for Major::MN {
    #[inline(always)]
    fn desc_a<T: Precision>(stage_addr: u32, mi: i32, kb: i32) -> u64 {
        mn_block_desc::<T>(stage_addr, mi * 64, kb * 16)
    }
    #[inline(always)]
    fn desc_b<T: Precision>(stage_addr: u32, ni: i32, kb: i32) -> u64 {
        mn_block_desc::<T>(stage_addr, ni * 64, kb * 16)
    }
    #[inline(always)]
    unsafe fn load_a<T: Precision>(
        d: *const TmaDescriptor,
        mbar: u32,
        stage: u32,
        m0: i32,
        k0: i32,
    ) {
        // tma_partition of the stage by the (64,8) box: 2 x 8 boxes, issued in its order
        // (m fastest: (0,0), (64,0), (0,8), ...; tests/cpp/tma_partition.expected).
        for bk in 0..8i32 {
            for bm in 0..2i32 {
                let off = mn_stage_offset::<T>(bm * 64, bk * 8) as u32;
                // SAFETY: the caller's contract; the box lies inside the stage.
                unsafe {
                    SM90_TMA_LOAD_2D::copy(
                        d,
                        mbar,
                        CacheHintSm90::EVICT_NORMAL,
                        stage + 2 * off,
                        m0 + bm * 64,
                        k0 + bk * 8,
                    )
                };
            }
        }
    }
    #[inline(always)]
    unsafe fn load_b<T: Precision>(
        d: *const TmaDescriptor,
        mbar: u32,
        stage: u32,
        n0: i32,
        k0: i32,
    ) {
        // SAFETY: as load_a (B's stage has A's layout).
        unsafe { Self::load_a::<T>(d, mbar, stage, n0, k0) }
    }
}

/// TN: A `(M,K):(K,_1)` and B `(N,K):(K,_1)`, K-major stages; one TMA box `(64,128)` in (k,m).
impl Operands for Major::K {
    #[inline(always)]
    fn desc_a<T: Precision>(stage_addr: u32, mi: i32, kb: i32) -> u64 {
        k_block_desc::<T>(stage_addr, mi * 64, kb * 16)
    }
    #[inline(always)]
    fn desc_b<T: Precision>(stage_addr: u32, ni: i32, kb: i32) -> u64 {
        k_block_desc::<T>(stage_addr, ni * 64, kb * 16)
    }
    #[inline(always)]
    unsafe fn load_a<T: Precision>(
        d: *const TmaDescriptor,
        mbar: u32,
        stage: u32,
        m0: i32,
        k0: i32,
    ) {
        // SAFETY: the caller's contract; one box is the whole stage.
        unsafe { SM90_TMA_LOAD_2D::copy(d, mbar, CacheHintSm90::EVICT_NORMAL, stage, k0, m0) };
    }
    #[inline(always)]
    unsafe fn load_b<T: Precision>(
        d: *const TmaDescriptor,
        mbar: u32,
        stage: u32,
        n0: i32,
        k0: i32,
    ) {
        // SAFETY: as load_a.
        unsafe { SM90_TMA_LOAD_2D::copy(d, mbar, CacheHintSm90::EVICT_NORMAL, stage, k0, n0) };
    }
}

/// `half_t` in, accumulate and out (`SM90_64x64x16_F16F16F16_SS`): `half2` registers.
impl Precision for Half {
    type Frag = [u32; 16];
    #[inline(always)]
    fn zero() -> [u32; 16] {
        [0; 16]
    }
    #[inline(always)]
    fn mma<M: IsMajor>(desc_a: u64, desc_b: u64, frag: &mut [u32; 16]) {
        SM90_64x64x16_F16F16F16_SS::<M, M>::wgmma(desc_a, desc_b, frag, ScaleOut::One);
    }
    #[inline(always)]
    fn value(frag: &[u32; 16], v: usize) -> f32 {
        Half::from_bits((frag[v / 2] >> (16 * (v % 2))) as u16).to_f32()
    }
    #[inline(always)]
    fn encode(x: f32) -> u16 {
        Half::from_f32(x).to_bits()
    }
    #[inline(always)]
    fn decode(bits: u16) -> f32 {
        Half::from_bits(bits).to_f32()
    }
    type Scale = u32;
    #[inline(always)]
    fn scale(alpha: f32) -> Option<u32> {
        let h = Half::from_f32(alpha);
        let bits = h.to_bits() as u32;
        (h.to_f32() == alpha).then_some(bits | (bits << 16))
    }
    #[inline(always)]
    fn scaled_pair(frag: &[u32; 16], p: usize, alpha2: u32) -> u32 {
        mul_f16x2(frag[p], alpha2)
    }
}

/// `bfloat16_t` in and out, `float` accumulate (`SM90_64x64x16_F32BF16BF16_SS`).
impl Precision for BFloat16 {
    type Frag = [f32; 32];
    #[inline(always)]
    fn zero() -> [f32; 32] {
        [0.0; 32]
    }
    #[inline(always)]
    fn mma<M: IsMajor>(desc_a: u64, desc_b: u64, frag: &mut [f32; 32]) {
        SM90_64x64x16_F32BF16BF16_SS::<M, M>::wgmma(desc_a, desc_b, frag, ScaleOut::One);
    }
    #[inline(always)]
    fn value(frag: &[f32; 32], v: usize) -> f32 {
        frag[v]
    }
    #[inline(always)]
    fn encode(x: f32) -> u16 {
        BFloat16::from_f32(x).to_bits()
    }
    #[inline(always)]
    fn decode(bits: u16) -> f32 {
        BFloat16::from_bits(bits).to_f32()
    }
    type Scale = f32;
    #[inline(always)]
    fn scale(alpha: f32) -> Option<f32> {
        Some(alpha)
    }
    #[inline(always)]
    fn scaled_pair(frag: &[f32; 32], p: usize, alpha: f32) -> u32 {
        BFloat16::from_f32x2(alpha * frag[2 * p], alpha * frag[2 * p + 1])
    }
}

/// `mul.rn.f16x2`: two `half` products, each rounded once (C++'s `half_t * half_t`).
#[inline(always)]
fn mul_f16x2(a: u32, b: u32) -> u32 {
    let d: u32;
    // SAFETY: a register operation.
    unsafe {
        core::arch::asm!("mul.rn.f16x2 {d}, {a}, {b};", d = out(reg32) d, a = in(reg32) a, b = in(reg32) b, options(pure, nomem, nostack))
    };
    d
}
/// The tutorial's `gemm_nt`, `half_t` throughout.
pub struct NtF16;
impl Config for NtF16 {
    type Element = Half;
    type Major = Major::MN;
}
/// The tutorial's `gemm_tn`, `half_t` throughout.
pub struct TnF16;
impl Config for TnF16 {
    type Element = Half;
    type Major = Major::K;
}
/// `gemm_nt` with `bfloat16_t` in and out, `float` accumulate.
pub struct NtBf16;
impl Config for NtBf16 {
    type Element = BFloat16;
    type Major = Major::MN;
}
/// `gemm_tn` with `bfloat16_t` in and out, `float` accumulate.
pub struct TnBf16;
impl Config for TnBf16 {
    type Element = BFloat16;
    type Major = Major::K;
}

/// The accumulator fragment of one 64x64 atom of configuration `C`.
type Frag<C> = <<C as Config>::Element as Precision>::Frag;

/// `gemm_device` of the tutorial for configuration `C`. `tma_a`/`tma_b` are the addresses of
/// the kernel's tensor-map parameters.
///
/// The CTA's tile is [`grouped_grid_tile`]`(blockIdx.x, blockIdx.y, group_shift)`: groups of
/// `2^group_shift` tile rows, finished column by column. The tutorial maps `blockIdx` to the
/// tile directly (`(bx, by)`: a whole tile column of C, then the next); a group at least as tall
/// as the matrix is that order (why groups: `host/src/kernels/tile_order.rs`).
///
/// # Safety
/// Launched with 128 threads, [`SMEM_BYTES`] of dynamic shared memory, clusters of 2 along x,
/// `group_shift >= 1` and the grid `grouped_grid(ceil(M/128), ceil(N/128), group_shift)`; the
/// tensor maps made by `make_tma_copy` for this configuration's A and B of shapes `(M,K)`,
/// `(N,K)`; `c` an `(M,N):(_1,ldc)` matrix of 16-bit elements.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub unsafe fn wgmma_tma_device<C: Config>(
    m: i32,
    n: i32,
    k: i32,
    tma_a: *const TmaDescriptor,
    tma_b: *const TmaDescriptor,
    c: *mut u16,
    ldc: i32,
    alpha: f32,
    beta: f32,
    group_shift: u32,
) {
    let tid = thread_idx_x();
    let warp_idx = tid / 32;
    let (tile_m, tile_n) =
        grouped_grid_tile(block_idx_x() as u32, block_idx_y() as u32, group_shift);
    // The last group's rows past M: a cluster whose first row is past M leaves together (no
    // barrier of it is waited on); a cluster straddling M runs whole, its second CTA on a tile
    // of zeros with every store predicated off, like the tutorial's rounded-up grid.
    if ((tile_m & !1) as i32) * BLK_M >= m {
        return;
    }
    let m0 = tile_m as i32 * BLK_M;
    let n0 = tile_n as i32 * BLK_N;

    // Shared memory: A stages, B stages, producer (TMA) and consumer (MMA) barriers.
    let raw = cast_smem_ptr_to_uint(dynamic_smem_base());
    let base = (raw + 1023) & !1023;
    let s_a = base;
    let s_b = base + PIPE as u32 * STAGE_BYTES;
    let producer_mbar = barrier_base(raw, base);
    let consumer_mbar = producer_mbar + 8 * PIPE as u32;
    let tma_transaction_bytes = 2 * STAGE_BYTES;

    let mut k_tile_count = (k + BLK_K - 1) / BLK_K;
    let mut k_tile = 0i32;

    let lane_predicate = cute_core::arch::cluster_sm90::elect_one_sync();
    // (The tutorial does not prefetch the tensor maps, and neither does the port.)
    if warp_idx == 0 && lane_predicate {
        for pipe in 0..PIPE as u32 {
            ClusterTransactionBarrier::init(producer_mbar + 8 * pipe, 1);
            ClusterBarrier::init(consumer_mbar + 8 * pipe, 128);
        }
        fence_barrier_init();
    }
    // Ensure barrier init is complete on all CTAs. (C++'s cluster_sync(), in the unaligned
    // form: LLVM duplicated it into the branch above, see `cluster_sync_unaligned`.)
    cluster_sync_unaligned();

    // Start async loads for all pipes.
    for pipe in 0..PIPE as u32 {
        if warp_idx == 0 && lane_predicate {
            ClusterTransactionBarrier::arrive_and_expect_tx(
                producer_mbar + 8 * pipe,
                tma_transaction_bytes,
            );
            // SAFETY: the launch contract; the stage and its barrier are the pipe's.
            unsafe {
                C::Major::load_a::<C::Element>(
                    tma_a,
                    producer_mbar + 8 * pipe,
                    s_a + pipe * STAGE_BYTES,
                    m0,
                    k_tile * BLK_K,
                );
                C::Major::load_b::<C::Element>(
                    tma_b,
                    producer_mbar + 8 * pipe,
                    s_b + pipe * STAGE_BYTES,
                    n0,
                    k_tile * BLK_K,
                );
            }
        }
        k_tile_count -= 1;
        k_tile += 1;
    }

    // Accumulators (MMA, MMA_M, MMA_N): one 64x64 atom fragment per (mi, ni).
    let mut acc: [[Frag<C>; 2]; 2] = [[C::Element::zero(); 2]; 2];

    // PipelineState: index and phase of the stage read and the stage written.
    let (mut read_pipe, mut read_phase) = (0u32, 0u32);
    let (mut write_pipe, mut write_phase) = (0u32, 0u32);

    while k_tile_count > -PIPE {
        // Wait for the producer to complete.
        ClusterBarrier::wait(producer_mbar + 8 * read_pipe, read_phase);

        // MMAs to cover one k-tile: gemm(mma, tCrA(_,_,_,read_pipe), tCrB(_,_,_,read_pipe), tCrC).
        let stage_a = s_a + read_pipe * STAGE_BYTES;
        let stage_b = s_b + read_pipe * STAGE_BYTES;
        for a in acc.iter_mut() {
            for f in a.iter_mut() {
                warpgroup_fence_operand(f);
            }
        }
        warpgroup_arrive();
        for kb in 0..4i32 {
            // C++'s gemm over (MMA_M, MMA_N): n outer, m inner in serpentine order, so each
            // wgmma shares an operand with the one before: (0,0), (1,0), (1,1), (0,1).
            for ni in 0..2i32 {
                for m in 0..2i32 {
                    let mi = if ni % 2 == 1 { 1 - m } else { m };
                    C::Element::mma::<C::Major>(
                        C::Major::desc_a::<C::Element>(stage_a, mi, kb),
                        C::Major::desc_b::<C::Element>(stage_b, ni, kb),
                        &mut acc[mi as usize][ni as usize],
                    );
                }
            }
        }
        warpgroup_commit_batch();
        // Wait for all MMAs in a k-tile to complete.
        warpgroup_wait::<0>();
        for a in acc.iter_mut() {
            for f in a.iter_mut() {
                warpgroup_fence_operand(f);
            }
        }

        // Notify that consumption is done.
        ClusterBarrier::arrive(consumer_mbar + 8 * read_pipe);
        read_pipe += 1;
        if read_pipe == PIPE as u32 {
            read_pipe = 0;
            read_phase ^= 1;
        }

        if warp_idx == 0 && lane_predicate {
            // Wait for the consumers, then refill the stage (past K the boxes read zeros).
            ClusterBarrier::wait(consumer_mbar + 8 * write_pipe, write_phase);
            ClusterTransactionBarrier::arrive_and_expect_tx(
                producer_mbar + 8 * write_pipe,
                tma_transaction_bytes,
            );
            // SAFETY: as above.
            unsafe {
                C::Major::load_a::<C::Element>(
                    tma_a,
                    producer_mbar + 8 * write_pipe,
                    s_a + write_pipe * STAGE_BYTES,
                    m0,
                    k_tile * BLK_K,
                );
                C::Major::load_b::<C::Element>(
                    tma_b,
                    producer_mbar + 8 * write_pipe,
                    s_b + write_pipe * STAGE_BYTES,
                    n0,
                    k_tile * BLK_K,
                );
            }
            write_pipe += 1;
            if write_pipe == PIPE as u32 {
                write_pipe = 0;
                write_phase ^= 1;
            }
        }
        k_tile_count -= 1;
        k_tile += 1;
    }

    // Epilogue: axpby(alpha, tCrC, beta, tCgC), predicated on (m < M, n < N).
    // CLayout_64x64: thread t = t0 + 4 t1 + 32 t2, value v = v0 + 2 v1 + 4 v2 hold
    // (m, n) = (t1 + 16 t2 + 8 v1, 2 t0 + v0 + 8 v2).
    let (t0, t1, t2) = (tid % 4, (tid / 4) % 8, tid / 32);
    let (tm, tn) = (m0 + t1 + 16 * t2, n0 + 2 * t0);
    let whole_tile_scale = if m0 + BLK_M <= m && n0 + BLK_N <= n && beta == 0.0 {
        C::Element::scale(alpha)
    } else {
        None
    };
    if let Some(scale) = whole_tile_scale {
        // A whole tile and beta 0: the tutorial's unpredicated axpby, which reads no C (its
        // `isBetaZero`); the stores in its order (value fastest, then MMA_M, then MMA_N), and
        // alpha applied a pair of values at a time, as nvcc compiles its `half_t` loop (an
        // alpha that `half` does not hold takes the loop below, in `f32`).
        // Measured at 8192^3 (pairs with the tutorial in one device call,
        // benches/results/2026-11-27-h100-tutorial-ports-8192): with the predicated
        // per-element loop below for every tile, and the tensor maps prefetched, the port ran
        // at 0.77-0.90x the tutorial; with this loop and no prefetch, at 0.82-1.01x. Both
        // kernels in one process on the same buffers and tensor maps
        // (benches/results/2026-11-27-h100-smem-addressing-harness): NT 0.88-0.97x before this
        // pairwise form and the box order of NT's `Operands::load_a`, 1.01-1.11x after; TN
        // 0.87-0.95x either way.
        // SAFETY: the tile lies inside C, so every (m, n) below is an element of it.
        let base = unsafe { c.add(tm as usize + tn as usize * ldc as usize) };
        for ni in 0..2usize {
            for mi in 0..2usize {
                // Values 2p and 2p+1 (v0 = 0, 1) are columns dn and dn + 1 of row dm.
                for p in 0..16usize {
                    let (v1, v2) = (p % 2, p / 2);
                    let (dm, dn) = (64 * mi + 8 * v1, 64 * ni + 8 * v2);
                    let pair = C::Element::scaled_pair(&acc[mi][ni], p, scale);
                    // SAFETY: as above.
                    unsafe {
                        base.add(dm + dn * ldc as usize).write(pair as u16);
                        base.add(dm + (dn + 1) * ldc as usize)
                            .write((pair >> 16) as u16);
                    }
                }
            }
        }
        return;
    }
    for ni in 0..2usize {
        for mi in 0..2usize {
            for v in 0..32usize {
                let (v0, v1, v2) = ((v % 2) as i32, ((v / 2) % 2) as i32, (v / 4) as i32);
                let gm = tm + 64 * mi as i32 + 8 * v1;
                let gn = tn + 64 * ni as i32 + v0 + 8 * v2;
                if gm < m && gn < n {
                    // SAFETY: (gm, gn) is an element of C.
                    let p = unsafe { c.add(gm as usize + gn as usize * ldc as usize) };
                    let mut x = alpha * C::Element::value(&acc[mi][ni], v);
                    if beta != 0.0 {
                        // SAFETY: as above.
                        x += beta * C::Element::decode(unsafe { p.read() });
                    }
                    // SAFETY: as above.
                    unsafe { p.write(C::Element::encode(x)) };
                }
            }
        }
    }
}

// One kernel per configuration: an `extern "ptx-kernel"` entry with its own `#[no_mangle]`
// name, which only calls `wgmma_tma_device::<C>`. Rust has no way to instantiate a generic
// function under a chosen symbol name, so the entries are written by this macro.
macro_rules! wgmma_tma_kernel {
    ($(#[$doc:meta])* $name:ident, $C:ty) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// As [`wgmma_tma_device`]: `(m, n, k, tma_a, tma_b, c, ldc, alpha, beta,
        /// group_shift)`, the tensor maps by value.
        #[no_mangle]
        #[allow(clippy::too_many_arguments)]
        pub unsafe extern "ptx-kernel" fn $name(
            m: i32,
            n: i32,
            k: i32,
            tma_a: TmaDescriptorParam,
            tma_b: TmaDescriptorParam,
            c: *mut u16,
            ldc: i32,
            alpha: f32,
            beta: f32,
            group_shift: u32,
        ) {
            let _ = (tma_a, tma_b); // read through their parameter-space addresses
            let da = cute_core::tma_descriptor_param!($name, 3);
            let db = cute_core::tma_descriptor_param!($name, 4);
            // SAFETY: the launch contract.
            unsafe { wgmma_tma_device::<$C>(m, n, k, da, db, c, ldc, alpha, beta, group_shift) }
        }
    };
}

wgmma_tma_kernel!(
    /// The tutorial's `gemm_nt`, `half_t` throughout.
    wgmma_tma_sm90_nt_f16, NtF16
);
wgmma_tma_kernel!(
    /// The tutorial's `gemm_tn`, `half_t` throughout.
    wgmma_tma_sm90_tn_f16, TnF16
);
wgmma_tma_kernel!(
    /// `gemm_nt` with `bfloat16_t` in and out, `float` accumulate.
    wgmma_tma_sm90_nt_bf16, NtBf16
);
wgmma_tma_kernel!(
    /// `gemm_tn` with `bfloat16_t` in and out, `float` accumulate.
    wgmma_tma_sm90_tn_bf16, TnBf16
);
