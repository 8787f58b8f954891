//! The kernel: CUTLASS 3's `GemmUniversal<ProblemShape, CollectiveMainloop,
//! CollectiveEpilogue, TileScheduler>` for the warp-specialized schedules, generic over the
//! three collectives.
//!
//! 384 threads, three warpgroups. Warpgroup 0 is the producer: it lowers its register limit to
//! 40 (`setmaxnreg`) and one thread issues the TMA loads of every tile the scheduler gives the
//! CTA. Warpgroups 1 and 2 are consumers: they raise theirs to 232 and run the mainloop's MMAs
//! and the epilogue. Cooperative: both work on every tile, rows `64 w` of it; ping-pong: they
//! take alternate tiles, each skipping the other's k-tiles in the pipeline. Persistent: the
//! producer runs ahead into the next tile while the consumers store, as far as the stages
//! allow.
//!
//! Ping-pong orders the two warpgroups' mainloops as CUTLASS's `OrderedSequenceBarrier` does:
//! a warpgroup starts a tile's mainloop only after the other has finished the previous tile's.
//! The pipeline's barriers are waited on by phase parity, which can only tell apart a phase
//! from the one before it: a warpgroup skipping the other's k-tiles would otherwise wait for a
//! stage's fill two phases ahead of the barrier and take the current one for it.
//!
//! Clusters (`CLUSTER_M > 1`): the CTAs of a cluster compute tiles of consecutive rows and one
//! column, sharing B's tile through TMA multicast; their pipelines run in step, each `empty`
//! barrier counting the consumers of the whole cluster, and a producer waits at the end until
//! its stages are released everywhere, so that no CTA exits while another still signals it.
//!
//! Programmatic dependent launch (the host launches with the attribute): once every CTA has
//! set up its barriers it lets the next kernel in the stream be scheduled
//! (`launch_dependent_grids`) and waits for the one before (`wait_on_dependent_grids`), so that
//! a kernel's launch and prologue overlap the tail of the one before it, and nothing in global
//! memory (A, B, C, D, the split-K workspace) is touched before that kernel has finished.
//!
//! Shared memory ([`SharedStorage`]): the mainloop's stages, two `mbarrier`s per stage, the two
//! math-order barriers, the epilogue's staging buffers (1 KiB aligned), and 1 KiB of slack to
//! align the base to the swizzle atom (the dynamic window is only 128-byte aligned).

use core::marker::PhantomData;

use super::collective::epilogue::CollectiveEpilogue;
use super::collective::mainloop::CollectiveMainloop;
use super::config::GemmConfig;

/// Threads per CTA: one producer and two consumer warpgroups.
pub const THREADS: u32 = 384;
/// The producer warpgroup's register limit after `setmaxnreg`.
pub const PRODUCER_REGISTERS: u32 = 40;
/// The consumer warpgroups' register limit after `setmaxnreg`.
pub const CONSUMER_REGISTERS: u32 = 232;

/// The shared-memory plan of a kernel with mainloop `ML` and epilogue `EP`, offsets in bytes
/// from the 1 KiB-aligned base.
pub struct SharedStorage<ML, EP>(PhantomData<(ML, EP)>);

impl<ML: CollectiveMainloop, EP: CollectiveEpilogue<Config = ML::Config>> SharedStorage<ML, EP> {
    /// The `full` barriers (`empty` follow them), after the stages.
    #[inline(always)]
    pub fn barriers() -> u32 {
        ML::smem_bytes()
    }
    /// The ping-pong schedule's two math-order barriers, after the pipeline's.
    #[inline(always)]
    pub fn order_barriers() -> u32 {
        Self::barriers() + 16 * <ML::Config as GemmConfig>::STAGES
    }
    /// The epilogue's staging buffers: after the barriers, rounded up to 1 KiB.
    #[inline(always)]
    pub fn epilogue() -> u32 {
        (Self::order_barriers() + 16).div_ceil(1024) * 1024
    }
    /// The dynamic shared memory to launch with: the plan and 1 KiB of alignment slack.
    #[inline(always)]
    pub fn bytes() -> u32 {
        Self::epilogue() + EP::smem_bytes() + 1024
    }
}

#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
mod device {
    use super::*;
    use crate::gemm::config::KernelSchedule;
    use crate::gemm::pipeline::{PipelineState, PipelineTmaAsync};
    use crate::gemm::split_k;
    use crate::gemm::tile_scheduler::{TileScheduler, WorkTile};
    use cute_core::arch::cluster_sm90::{
        cluster_sync_unaligned, fence_barrier_init, ClusterBarrier,
    };
    use cute_core::arch::copy_sm90_tma::{prefetch_tma_descriptor, TmaDescriptor};
    use cute_core::arch::copy_sm90_tma_store::tma_store_wait;
    use cute_core::arch::grid_dependency_control::{
        launch_dependent_grids, wait_on_dependent_grids,
    };
    use cute_core::arch::mma_sm90_gmma::GmmaSs;
    use cute_core::arch::reg_reconfig_sm90::{warpgroup_reg_alloc, warpgroup_reg_dealloc};
    use cute_core::arch::smem::cast_smem_ptr_to_uint;
    use cute_core::arch::thread::{
        block_idx_x, dynamic_smem_base, grid_dim_x, sync_threads, thread_idx_x,
    };

    /// `D(r, c) = alpha * sum_k A(r, k) B(c, k) + beta * D(r, c)` for `r < m`, `c < n`, with A
    /// and B read through their tensor maps, and D, its scales and the epilogue's fusion as
    /// `epi` says (`d[r * ldd + c]`); `group` is the tile
    /// scheduler's argument. With `splits > 1` (split-K) the k-tiles of each output tile of
    /// the last, partial wave of tiles are `splits` units of work, with `splits` =
    /// `STREAM_K` they are shared out in stream-K ranges (the scheduler's `with_splits`); the
    /// partial sums meet in the workspace `ws` ([`split_k`](super::split_k)).
    ///
    /// # Safety
    /// Launched with [`THREADS`] threads and `SharedStorage::<ML, EP>::bytes()` of dynamic
    /// shared memory; tensor maps as the mainloop needs; `tma_d` null or a map of D as the
    /// epilogue needs; `epi`'s D covering the output, its fusion's bias and aux output as
    /// `FusionArgs::bias_at` and `FusionArgs::store_aux` need; `k > 0`; with `splits != 1`,
    /// `ws` the workspace of `split_k::workspace_words(tiles, stride, BLK_N)` words for
    /// `split_k::output_tiles` tiles and the scheduler's `stride`, its counters zero or as the
    /// previous launch left them.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub unsafe fn gemm_universal<ML, EP, TS>(
        tma_a: *const TmaDescriptor,
        tma_b: *const TmaDescriptor,
        tma_d: *const TmaDescriptor,
        epi: EP::Arguments,
        m: u32,
        n: u32,
        k: u32,
        group: u32,
        splits: u32,
        ws: *mut f32,
    ) where
        ML: CollectiveMainloop,
        EP: CollectiveEpilogue<Config = ML::Config>,
        TS: TileScheduler,
    {
        type Cfg<ML> = <ML as CollectiveMainloop>::Config;
        let per_tile = <<Cfg<ML> as GemmConfig>::Schedule as KernelSchedule>::WARPGROUPS_PER_TILE;
        let (blk_m, blk_n) = (
            <Cfg<ML> as GemmConfig>::BLK_M,
            <Cfg<ML> as GemmConfig>::BLK_N,
        );
        let tid = thread_idx_x() as u32;
        let wg = tid / 128;
        let raw = cast_smem_ptr_to_uint(dynamic_smem_base());
        let smem = (raw + 1023) & !1023;
        let bars = smem + SharedStorage::<ML, EP>::barriers();
        let stages = <Cfg<ML> as GemmConfig>::STAGES;
        let cluster = <Cfg<ML> as GemmConfig>::CLUSTER_M;
        let pipe = PipelineTmaAsync::<<Cfg<ML> as GemmConfig>::Stages> {
            full: bars,
            empty: bars + 8 * stages,
            cluster,
            stages: PhantomData,
        };
        if tid == 0 {
            prefetch_tma_descriptor(tma_a);
            prefetch_tma_descriptor(tma_b);
            if !tma_d.is_null() {
                prefetch_tma_descriptor(tma_d);
            }
            // every consumer warp that reads a stage releases it, in every CTA of the cluster
            pipe.init(4 * per_tile * cluster);
            if per_tile == 1 {
                // math order: all 128 threads of the other warpgroup arrive
                let order = smem + SharedStorage::<ML, EP>::order_barriers();
                ClusterBarrier::init(order, 128);
                ClusterBarrier::init(order + 8, 128);
            }
            fence_barrier_init();
        }
        if cluster == 1 {
            sync_threads();
        } else {
            // the cluster's barriers are initialized before any CTA multicasts or arrives
            cluster_sync_unaligned();
        }
        // programmatic dependent launch: the next grid may be scheduled (its CTAs start when
        // these leave their SMs); this one reads and writes global memory only after the
        // grid before it has finished (the tensor maps, prefetched above, are the host's)
        launch_dependent_grids();
        wait_on_dependent_grids();
        let mainloop = ML::new(smem, pipe, k);
        let k_tiles = mainloop.k_tiles();
        // the scheduler hands out cluster tiles (CLUSTER_M tile rows by one tile column) to
        // clusters; CTA `rank` of a cluster (the grid's clusters are consecutive CTAs) takes
        // tile row `CLUSTER_M * m + rank` of its cluster tile. Tile rows past the problem are
        // computed (their loads read zeros) but not stored, so both CTAs run the same pipeline.
        let (cta, ctas) = (block_idx_x() as u32, grid_dim_x() as u32);
        let (rank, cta, ctas) = (cta % cluster, cta / cluster, ctas / cluster);
        let sched = TS::new(
            m.div_ceil(blk_m * cluster),
            n.div_ceil(blk_n),
            (group / cluster).max(1),
        )
        .with_splits(k_tiles, splits, ctas);
        // the output tiles, numbered row by row (split-K's counters and slots)
        let tiles_n = n.div_ceil(blk_n);
        let tiles = split_k::output_tiles(m, n, (blk_m, blk_n), cluster);
        let tile_row = |t: WorkTile| t.m * cluster + rank;
        if wg == 0 {
            warpgroup_reg_dealloc::<PRODUCER_REGISTERS>();
            if tid == 0 {
                let mut st = PipelineState::producer_start();
                let mut w = sched.initial(cta, ctas);
                while let Some(t) = w {
                    // SAFETY: the caller's tensor maps.
                    unsafe {
                        mainloop.load(
                            tma_a,
                            tma_b,
                            &mut st,
                            (tile_row(t), t.n),
                            (t.k_begin, t.k_tiles),
                        )
                    };
                    w = sched.next(t, ctas);
                }
                if cluster > 1 {
                    mainloop.load_tail(st);
                }
            }
        } else {
            warpgroup_reg_alloc::<CONSUMER_REGISTERS>();
            let cw = wg - 1;
            let t_wg = tid % 128;
            let mut st = PipelineState::consumer_start();
            // TMA stores when the tile is whole boxes, the host gave a map and no D is read
            let epilogue = EP::new(epi, m, n);
            let tma_store = EP::TMA_STORE && !tma_d.is_null() && !epilogue.reads_c();
            let staging = smem + SharedStorage::<ML, EP>::epilogue() + cw * (EP::smem_bytes() / 2);
            // cooperative: every tile, rows WG_M cw; ping-pong: every other tile, all its rows
            let wg_m = <Cfg<ML> as GemmConfig>::WG_M;
            let (row0, mine) = if per_tile == 2 {
                (wg_m * cw, 0)
            } else {
                (0, cw)
            };
            // ping-pong: this warpgroup's turn is announced on order[cw], and it hands the turn
            // on through order[1 - cw]; `turns` counts the waits (the phase parity). The second
            // warpgroup gives the first its first turn, so that every tile waits the same way.
            let order = smem + SharedStorage::<ML, EP>::order_barriers();
            let mut turns = 0u32;
            if per_tile == 1 && cw == 1 {
                ClusterBarrier::arrive(order);
            }
            let mut w = sched.initial(cta, ctas);
            let mut i = 0u32;
            while let Some(t) = w {
                if per_tile == 2 || i % 2 == mine {
                    let mut acc = <<Cfg<ML> as GemmConfig>::MmaOp as GmmaSs>::ZERO;
                    if per_tile == 1 {
                        ClusterBarrier::wait(order + 8 * cw, turns & 1);
                        turns += 1;
                    }
                    mainloop.mma(&mut st, row0, &mut acc, tid % 32 == 0, t.k_tiles);
                    if per_tile == 1 {
                        ClusterBarrier::arrive(order + 8 * (1 - cw));
                    }
                    let (r0, c0) = (tile_row(t) * blk_m + row0, t.n * blk_n);
                    // split-K: the tile's sum, in the warpgroup that counts last
                    let slot = if per_tile == 2 { cw } else { 0 };
                    let tile = tile_row(t) * tiles_n + t.n;
                    // SAFETY: the caller's workspace; the whole warpgroup is here.
                    let sum = t.splits == 1
                        || unsafe {
                            split_k::reduce(
                                &mut acc,
                                ws,
                                tiles,
                                tile,
                                t.split,
                                t.splits,
                                t.stride,
                                slot,
                                t_wg,
                                1 + cw,
                            )
                        };
                    if sum {
                        // SAFETY: the caller's output, fusion arguments and map.
                        unsafe {
                            epilogue.fuse(&mut acc, r0, c0, t_wg);
                            if tma_store {
                                epilogue.store_tma(&acc, tma_d, staging, r0, c0, t_wg, 1 + cw);
                            } else {
                                epilogue.store(&acc, r0, c0, t_wg);
                            }
                        }
                    }
                } else {
                    // the other warpgroup's tile: its k-tiles pass by in the pipeline
                    st.advance_by(t.k_tiles);
                }
                i += 1;
                w = sched.next(t, ctas);
            }
            if tma_store && t_wg == 0 {
                // the CTA must not end while its last stores still read shared memory
                tma_store_wait::<0>();
            }
        }
    }
}

#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
pub use device::gemm_universal;
