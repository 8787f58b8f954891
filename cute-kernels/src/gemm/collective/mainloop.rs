//! Collective mainloops: the producer's loads and the consumers' MMAs over the k-tiles of one
//! output tile (CUTLASS's `CollectiveMma`). [`MainloopSm90TmaGmmaWarpSpecialized`] is
//! `MainloopSm90TmaGmmaWarpSpecialized<Stages, ClusterShape, KernelSchedule>` for
//! shared-memory operands: TMA loads into the stages of [`GemmConfig::SmemLayoutA`] and
//! `SmemLayoutB`, completing on the pipeline's `full` barriers, and one `wgmma` of
//! [`GemmConfig::MmaOp`] per k-block (its K, [`GemmConfig::MMA_K`]) per consumer warpgroup,
//! its descriptors `make_gmma_desc` of the stage layouts advanced by the layouts' offsets.
//!
//! - The producer (one thread) waits for an empty stage, announces its bytes on the stage's
//!   `full` barrier and issues the stage's TMA boxes, each at the stage layout's offset of its
//!   origin. Out-of-bounds parts of a box (ragged M, N, K) are zero-filled and still counted,
//!   so the byte count is a constant.
//! - A consumer warpgroup waits on `full`, issues the k-tile's `BLK_K / MMA_K` GMMAs, commits
//!   them and waits for the previous k-tile's batch (one batch stays in flight), whose stage it
//!   then releases (one arrival per warp on `empty`).
//!
//! [`MainloopSm90TmaGmmaWarpSpecializedFp8`] is CUTLASS's mainloop of the same name for 8-bit
//! inputs without fast accumulation: the 8-bit `wgmma` adds its products into its accumulators
//! at less than `f32` precision, so each k-tile's `wgmma`s accumulate into temporary registers
//! (starting from zero) that are then added to the `f32` accumulators (promotion, CUTLASS's
//! `GmmaFP8Accumulation`), every `BLK_K / MMA_K` `wgmma`s (CUTLASS's default promotion interval
//! of 4 at `BLK_K = 128`). Two sets of temporaries taken in turn keep one batch in flight while
//! the other's sum is promoted; they cost the registers of two more accumulator sets.

use core::marker::PhantomData;

use cute_core::arch::mma_sm90_gmma::GmmaSs;
use cute_core::numeric::integral_constant::Integral;

use super::super::config::{static_u32, GemmConfig, GmmaStages};
#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
use super::super::pipeline::PipelineState;
use super::super::pipeline::PipelineTmaAsync;

/// A collective mainloop of the warp-specialized kernel.
pub trait CollectiveMainloop: Copy {
    /// The configuration it reads.
    type Config: GemmConfig;
    /// Bytes of shared memory for all stages of A and B (1 KiB aligned at its start).
    fn smem_bytes() -> u32;
    /// The mainloop of a CTA whose stages start at shared address `smem` (1 KiB aligned), with
    /// the pipeline `pipe`, for a problem of `k` elements along K.
    fn new(smem: u32, pipe: PipelineTmaAsync<<Self::Config as GemmConfig>::Stages>, k: u32)
        -> Self;
    /// k-tiles per output tile.
    fn k_tiles(&self) -> u32;
    /// The producer's part for one output tile `tile = (tile_m, tile_n)`: its k-tiles `k =
    /// (k_begin, k_tiles)`, `k_begin..k_begin + k_tiles` (all of them, or a split's).
    ///
    /// # Safety
    /// One thread; `tma_a`/`tma_b` are tensor maps of the kernel's A (`M x K`) and B (`N x K`)
    /// with the configuration's boxes and swizzle.
    #[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
    unsafe fn load(
        &self,
        tma_a: *const cute_core::arch::copy_sm90_tma::TmaDescriptor,
        tma_b: *const cute_core::arch::copy_sm90_tma::TmaDescriptor,
        st: &mut PipelineState<<Self::Config as GemmConfig>::Stages>,
        tile: (u32, u32),
        k: (u32, u32),
    );
    /// The producer's end, after the last tile (CUTLASS's `load_tail`): waits until every
    /// stage it filled has been released by the consumers of every CTA it multicast to, so
    /// that the CTA stays alive while they still arrive on its barriers.
    #[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
    fn load_tail(&self, st: PipelineState<<Self::Config as GemmConfig>::Stages>);
    /// A consumer warpgroup's part for one output tile: accumulates rows `row0..row0 + 64` of
    /// the tile over its `k_tiles` k-tiles (at least 1) into `acc`, releasing each stage once
    /// its MMAs are done. All 128 threads of the warpgroup call it; `lane0` is true for one
    /// lane per warp.
    #[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
    fn mma(
        &self,
        st: &mut PipelineState<<Self::Config as GemmConfig>::Stages>,
        row0: u32,
        acc: &mut Accumulators<Self::Config>,
        lane0: bool,
        k_tiles: u32,
    );
}

/// One consumer warpgroup's accumulators of configuration `C`: its `wgmma`'s registers.
pub type Accumulators<C> = <<C as GemmConfig>::MmaOp as GmmaSs>::Accumulators;

/// The warp-specialized TMA + GMMA mainloop of configuration `C`.
#[derive(Debug)]
pub struct MainloopSm90TmaGmmaWarpSpecialized<C: GemmConfig> {
    /// Shared address of stage 0 of A (1 KiB aligned); B's stages follow A's.
    pub smem: u32,
    /// The full/empty barriers.
    pub pipe: PipelineTmaAsync<C::Stages>,
    /// k-tiles per output tile, `ceil(K / BLK_K)`.
    pub k_tiles: u32,
    config: PhantomData<C>,
}
impl<C: GemmConfig> Clone for MainloopSm90TmaGmmaWarpSpecialized<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: GemmConfig> Copy for MainloopSm90TmaGmmaWarpSpecialized<C> {}

/// Bytes of one element of the configuration's inputs.
const fn element_bytes<C: GemmConfig>() -> u32 {
    static_u32(
        <<C::Element as cute_core::numeric::numeric_types::SizeofBits>::Bits as Integral>::STATIC,
    ) / 8
}

impl<C: GemmConfig> MainloopSm90TmaGmmaWarpSpecialized<C> {
    /// Bytes of one stage of A: the stride of the stage mode of [`GemmConfig::SmemLayoutA`].
    #[inline(always)]
    pub fn stage_bytes_a() -> u32 {
        GmmaStages::<_, C::MajorA>::stage_elems(&C::smem_layout_a()) * element_bytes::<C>()
    }
    /// Bytes of one stage of B.
    #[inline(always)]
    pub fn stage_bytes_b() -> u32 {
        GmmaStages::<_, C::MajorB>::stage_elems(&C::smem_layout_b()) * element_bytes::<C>()
    }
    /// Bytes the TMA writes per stage (the `full` barrier's transaction count).
    #[inline(always)]
    pub fn stage_bytes() -> u32 {
        Self::stage_bytes_a() + Self::stage_bytes_b()
    }
    /// Shared address of stage `s` of A.
    #[inline(always)]
    pub fn smem_a(&self, s: u32) -> u32 {
        self.smem + s * Self::stage_bytes_a()
    }
    /// Shared address of stage `s` of B.
    #[inline(always)]
    pub fn smem_b(&self, s: u32) -> u32 {
        self.smem + C::STAGES * Self::stage_bytes_a() + s * Self::stage_bytes_b()
    }
}

impl<C: GemmConfig> CollectiveMainloop for MainloopSm90TmaGmmaWarpSpecialized<C> {
    type Config = C;
    #[inline(always)]
    fn smem_bytes() -> u32 {
        C::STAGES * Self::stage_bytes()
    }
    #[inline(always)]
    fn new(smem: u32, pipe: PipelineTmaAsync<C::Stages>, k: u32) -> Self {
        MainloopSm90TmaGmmaWarpSpecialized {
            smem,
            pipe,
            k_tiles: k.div_ceil(C::BLK_K),
            config: PhantomData,
        }
    }
    #[inline(always)]
    fn k_tiles(&self) -> u32 {
        self.k_tiles
    }
    #[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
    #[inline(always)]
    unsafe fn load(
        &self,
        tma_a: *const cute_core::arch::copy_sm90_tma::TmaDescriptor,
        tma_b: *const cute_core::arch::copy_sm90_tma::TmaDescriptor,
        st: &mut PipelineState<C::Stages>,
        tile: (u32, u32),
        k: (u32, u32),
    ) {
        // SAFETY: the caller's contract.
        unsafe { self.load_tile(tma_a, tma_b, st, tile, k) }
    }
    #[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
    #[inline(always)]
    fn load_tail(&self, st: PipelineState<C::Stages>) {
        self.pipe.producer_tail(st)
    }
    #[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
    #[inline(always)]
    fn mma(
        &self,
        st: &mut PipelineState<C::Stages>,
        row0: u32,
        acc: &mut Accumulators<C>,
        lane0: bool,
        k_tiles: u32,
    ) {
        self.mma_tile(st, row0, acc, lane0, k_tiles)
    }
}

/// The promoted 8-bit mainloop (see the module's documentation): the loads and shared memory of
/// [`MainloopSm90TmaGmmaWarpSpecialized`], its own consumer loop.
#[derive(Debug)]
pub struct MainloopSm90TmaGmmaWarpSpecializedFp8<C: GemmConfig>(
    /// The loads, stages and pipeline.
    pub MainloopSm90TmaGmmaWarpSpecialized<C>,
);
impl<C: GemmConfig> Clone for MainloopSm90TmaGmmaWarpSpecializedFp8<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C: GemmConfig> Copy for MainloopSm90TmaGmmaWarpSpecializedFp8<C> {}

impl<C: GemmConfig> CollectiveMainloop for MainloopSm90TmaGmmaWarpSpecializedFp8<C> {
    type Config = C;
    #[inline(always)]
    fn smem_bytes() -> u32 {
        MainloopSm90TmaGmmaWarpSpecialized::<C>::smem_bytes()
    }
    #[inline(always)]
    fn new(smem: u32, pipe: PipelineTmaAsync<C::Stages>, k: u32) -> Self {
        MainloopSm90TmaGmmaWarpSpecializedFp8(MainloopSm90TmaGmmaWarpSpecialized::new(
            smem, pipe, k,
        ))
    }
    #[inline(always)]
    fn k_tiles(&self) -> u32 {
        self.0.k_tiles
    }
    #[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
    #[inline(always)]
    unsafe fn load(
        &self,
        tma_a: *const cute_core::arch::copy_sm90_tma::TmaDescriptor,
        tma_b: *const cute_core::arch::copy_sm90_tma::TmaDescriptor,
        st: &mut PipelineState<C::Stages>,
        tile: (u32, u32),
        k: (u32, u32),
    ) {
        // SAFETY: the caller's contract.
        unsafe { self.0.load_tile(tma_a, tma_b, st, tile, k) }
    }
    #[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
    #[inline(always)]
    fn load_tail(&self, st: PipelineState<C::Stages>) {
        self.0.pipe.producer_tail(st)
    }
    #[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
    #[inline(always)]
    fn mma(
        &self,
        st: &mut PipelineState<C::Stages>,
        row0: u32,
        acc: &mut Accumulators<C>,
        lane0: bool,
        k_tiles: u32,
    ) {
        self.0.mma_tile_promoted(st, row0, acc, lane0, k_tiles)
    }
}

#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
mod device {
    use super::*;
    use cute_core::arch::cluster_sm90::block_rank_in_cluster;
    use cute_core::arch::copy_sm90_tma::{
        CacheHintSm90, TmaDescriptor, SM90_TMA_LOAD_2D, SM90_TMA_LOAD_MULTICAST_2D,
    };
    use cute_core::arch::mma_sm90_gmma::GMMA::{IsMajor, Major, ScaleOut};
    use cute_core::arch::mma_sm90_gmma::{
        warpgroup_arrive, warpgroup_commit_batch, warpgroup_fence_operand, warpgroup_wait,
    };

    /// Issues the TMA boxes of one operand's tile whose origin is `(r0, k0)` (the tile's first
    /// row, the k-tile's first element): its rows `first..first + rows` by its elements
    /// `k_first..k_first + ks` of K, into the stage at `stage`. The boxes are `(box_mn, box_k)` elements
    /// ([`GemmConfig::tma_box_a`]); the box at `(mn, kk)` of the tile goes to the stage
    /// layout's offset of that origin. With a `multicast` mask the boxes go to the same offsets
    /// of every CTA of the cluster the mask names. The tensor map's coordinate order is the
    /// global tensor's: K first for a K-major operand, MN first for an MN-major one.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    unsafe fn load_boxes<L: GmmaStages<B, M>, B, M: IsMajor>(
        tma: *const TmaDescriptor,
        bar: u32,
        stage: u32,
        bytes: u32,
        (r0, k0): (i32, i32),
        ((first, rows), (k_first, ks)): ((u32, u32), (u32, u32)),
        (box_mn, box_k): (u32, u32),
        multicast: u16,
    ) {
        let mn_major = M::VALUE == <Major::MN as IsMajor>::VALUE;
        for j in 0..ks / box_k {
            for i in 0..rows / box_mn {
                let (mn, kk) = ((first + i * box_mn) as i32, (k_first + j * box_k) as i32);
                let dst = stage + L::offset(mn, kk, 0) * bytes;
                let (c0, c1) = if mn_major {
                    (r0 + mn, k0 + kk)
                } else {
                    (k0 + kk, r0 + mn)
                };
                let hint = CacheHintSm90::EVICT_NORMAL;
                // SAFETY: the caller's map, barrier and stage; the box lies in the stage (of
                // every CTA the mask names).
                unsafe {
                    if multicast == 0 {
                        SM90_TMA_LOAD_2D::copy(tma, bar, hint, dst, c0, c1)
                    } else {
                        SM90_TMA_LOAD_MULTICAST_2D::copy(tma, bar, multicast, hint, dst, c0, c1)
                    }
                };
            }
        }
    }

    impl<C: GemmConfig> MainloopSm90TmaGmmaWarpSpecialized<C> {
        /// The producer's part for one output tile `(tile_m, tile_n)`: its k-tiles `k_begin..
        /// k_begin + k_tiles`.
        ///
        /// # Safety
        /// One thread; `tma_a`/`tma_b` are tensor maps of the kernel's A (`M x K`) and B
        /// (`N x K`) with the boxes of [`GemmConfig::tma_box_a`]/`_b` and the atoms' swizzle.
        #[inline(always)]
        pub unsafe fn load_tile(
            &self,
            tma_a: *const TmaDescriptor,
            tma_b: *const TmaDescriptor,
            st: &mut PipelineState<C::Stages>,
            (tile_m, tile_n): (u32, u32),
            (k_begin, k_tiles): (u32, u32),
        ) {
            let m0 = (tile_m * C::BLK_M) as i32;
            let n0 = (tile_n * C::BLK_N) as i32;
            let eb = element_bytes::<C>();
            // the cluster's CTAs share B: this one loads its share of it for all of them
            // (the CTAs of the cluster, ranks 0..CLUSTER_M, are `Layout<ClusterShape>` of
            // (m, 0, 0))
            let (b_share, b_mask) = if C::CLUSTER_M == 1 {
                (C::share_b(0), 0)
            } else {
                let mask = ((1u32 << C::CLUSTER_M) - 1) as u16;
                (C::share_b(block_rank_in_cluster()), mask)
            };
            for k in k_begin..k_begin + k_tiles {
                self.pipe.producer_acquire(*st, Self::stage_bytes());
                let bar = self.pipe.producer_barrier(*st);
                let k0 = (k * C::BLK_K) as i32;
                // SAFETY: the caller's maps; the stage is empty (acquired above).
                unsafe {
                    load_boxes::<C::SmemLayoutA, _, C::MajorA>(
                        tma_a,
                        bar,
                        self.smem_a(st.index),
                        eb,
                        (m0, k0),
                        ((0, C::BLK_M), (0, C::BLK_K)),
                        C::tma_box_a(),
                        0,
                    );
                    load_boxes::<C::SmemLayoutB, _, C::MajorB>(
                        tma_b,
                        bar,
                        self.smem_b(st.index),
                        eb,
                        (n0, k0),
                        b_share,
                        C::tma_box_b(),
                        b_mask,
                    );
                }
                st.advance();
            }
        }

        /// A consumer warpgroup's part for one output tile: accumulates rows `row0..row0 + 64`
        /// of the tile over its `k_tiles` k-tiles (at least 1) into `acc` (`acc += A * B`),
        /// releasing each stage once its GMMAs are done. All 128 threads of the warpgroup call
        /// it; `lane0` is true for one lane per warp.
        #[inline(always)]
        pub fn mma_tile(
            &self,
            st: &mut PipelineState<C::Stages>,
            row0: u32,
            acc: &mut Accumulators<C>,
            lane0: bool,
            k_tiles: u32,
        ) {
            let mut release = *st;
            warpgroup_fence_operand(acc);
            for k in 0..k_tiles {
                self.pipe.consumer_wait(*st);
                warpgroup_arrive();
                self.k_tile_mmas(st.index, row0, acc, ScaleOut::One);
                warpgroup_commit_batch();
                // the previous k-tile's batch is done: its stage may be refilled
                warpgroup_wait::<1>();
                if k > 0 {
                    if lane0 {
                        self.pipe.consumer_release(release);
                    }
                    release.advance();
                }
                st.advance();
            }
            warpgroup_wait::<0>();
            if lane0 {
                self.pipe.consumer_release(release);
            }
            warpgroup_fence_operand(acc);
        }

        /// The `BLK_K / MMA_K` GMMAs of one k-tile in stage `stage` for rows `row0..row0 + 64`:
        /// the first with `scale` (`Zero`: it overwrites `acc`), the others adding. The
        /// descriptors are those of the blocks at the origin of stage 0 (static but for the
        /// address) advanced by the stage layouts' offsets of each block, in 16-byte units on
        /// the low 32 bits (C++'s `GMMA::DescriptorIterator`).
        #[inline(always)]
        fn k_tile_mmas(&self, stage: u32, row0: u32, acc: &mut Accumulators<C>, scale: ScaleOut) {
            let eb = element_bytes::<C>();
            let desc_a0 = <C::SmemLayoutA as GmmaStages<_, C::MajorA>>::desc(self.smem_a(0));
            let desc_b0 = <C::SmemLayoutB as GmmaStages<_, C::MajorB>>::desc(self.smem_b(0));
            let advance = |d: u64, elems: u32| d + ((elems * eb) >> 4) as u64;
            let s = stage as i32;
            for kb in 0..C::BLK_K / C::MMA_K {
                let kk = (C::MMA_K * kb) as i32;
                let oa = <C::SmemLayoutA as GmmaStages<_, C::MajorA>>::offset(row0 as i32, kk, s);
                let ob = <C::SmemLayoutB as GmmaStages<_, C::MajorB>>::offset(0, kk, s);
                let scale = if kb == 0 { scale } else { ScaleOut::One };
                C::MmaOp::mma_ss(advance(desc_a0, oa), advance(desc_b0, ob), acc, scale);
            }
        }

        /// [`Self::mma_tile`] with promotion (the 8-bit mainloop without fast accumulation):
        /// each k-tile's GMMAs start from zero in one of two sets of temporary accumulators,
        /// taken in turn, so that the next k-tile's batch is issued before this one's is waited
        /// for (one batch in flight, as in `mma_tile`); once a batch is done its temporaries
        /// are added to `acc` in `f32` and its stage is released. The two sets are two
        /// variables, the loop unrolled by two, so that every accumulator stays a register.
        #[inline(always)]
        pub fn mma_tile_promoted(
            &self,
            st: &mut PipelineState<C::Stages>,
            row0: u32,
            acc: &mut Accumulators<C>,
            lane0: bool,
            k_tiles: u32,
        ) {
            let (mut p0, mut p1) = (<C::MmaOp as GmmaSs>::ZERO, <C::MmaOp as GmmaSs>::ZERO);
            let mut release = *st;
            warpgroup_fence_operand(acc);
            self.issue_k_tile(st, row0, &mut p0);
            let mut k = 1;
            while k < k_tiles {
                self.issue_k_tile(st, row0, &mut p1);
                warpgroup_wait::<1>();
                self.promote(acc, &mut p0, &mut release, lane0);
                k += 1;
                if k == k_tiles {
                    warpgroup_wait::<0>();
                    self.promote(acc, &mut p1, &mut release, lane0);
                    warpgroup_fence_operand(acc);
                    return;
                }
                self.issue_k_tile(st, row0, &mut p0);
                warpgroup_wait::<1>();
                self.promote(acc, &mut p1, &mut release, lane0);
                k += 1;
            }
            warpgroup_wait::<0>();
            self.promote(acc, &mut p0, &mut release, lane0);
            warpgroup_fence_operand(acc);
        }

        /// Waits for the next full stage and issues its k-tile's GMMAs into `part` (from zero),
        /// one committed batch.
        #[inline(always)]
        fn issue_k_tile(
            &self,
            st: &mut PipelineState<C::Stages>,
            row0: u32,
            part: &mut Accumulators<C>,
        ) {
            self.pipe.consumer_wait(*st);
            warpgroup_fence_operand(part);
            warpgroup_arrive();
            self.k_tile_mmas(st.index, row0, part, ScaleOut::Zero);
            warpgroup_commit_batch();
            st.advance();
        }

        /// Adds the finished batch's `part` to `acc` and releases its stage (`release`, then
        /// advanced).
        #[inline(always)]
        fn promote(
            &self,
            acc: &mut Accumulators<C>,
            part: &mut Accumulators<C>,
            release: &mut PipelineState<C::Stages>,
            lane0: bool,
        ) {
            warpgroup_fence_operand(part);
            if lane0 {
                self.pipe.consumer_release(*release);
            }
            release.advance();
            for (a, p) in acc.as_mut().iter_mut().zip(part.as_ref()) {
                *a += *p;
            }
        }
    }
}
