//! The kernel: 384 threads, three warpgroups. Warpgroup 0 is the producer: it lowers its
//! register limit to 40 (`setmaxnreg`) and one thread issues the TMA loads. Warpgroups 1 and 2
//! are consumers: they raise theirs to 232, each accumulates 64 rows of the `128 x 256` tile
//! (128 `f32` accumulators per thread) and runs the epilogue. Persistent: each CTA walks the
//! [`TileScheduler`]'s order from `blockIdx.x` in steps of `gridDim.x`; the producer runs ahead
//! into the next tile while the consumers store, as far as the stages allow.
//!
//! Configurations are instantiations of [`gemm_ws`] (input and output type, operand majors,
//! stages; the group size of the tile order is a run-time argument); the entry points below
//! name them and `host::hopper::kernel_name` is the table that picks one. Launch bounds (`.maxntid 384`, `.minnctapersm 1`)
//! come from `host/build.rs`: without a register cap at entry `ptxas` ignores `setmaxnreg`.

use cute_core::arch::cluster_sm90::fence_barrier_init;
use cute_core::arch::copy_sm90_tma::{prefetch_tma_descriptor, TmaDescriptor};
use cute_core::arch::reg_reconfig_sm90::{warpgroup_reg_alloc, warpgroup_reg_dealloc};
use cute_core::arch::smem::cast_smem_ptr_to_uint;
use cute_core::arch::thread::{
    block_idx_x, dynamic_smem_base, grid_dim_x, sync_threads, thread_idx_x,
};
use cute_core::numeric::numeric_types::{BFloat16, Half};

use cute_core::arch::copy_sm90_tma_store::tma_store_wait;
use cute_core::arch::mma_sm90_gmma::GMMA::{IsMajor, Major::K, Major::MN};

use super::epilogue::{CollectiveEpilogue, OutElement};
use super::mainloop::{
    epilogue_smem_offset, CollectiveMainloop, MmaInput, OperandMajor, BLK_K, BLK_M, BLK_N,
    EPI_BYTES_PER_WG, STAGE_BYTES, WG_M,
};
use super::pipeline::{PipelineState, PipelineTmaAsync};
use super::scheduler::TileScheduler;

/// Threads per CTA: one producer and two consumer warpgroups.
pub const THREADS: u32 = 384;
/// Consumer warps arriving on each `empty` barrier.
const CONSUMER_WARPS: u32 = 8;

/// `D(m, n) = alpha * sum_k A(m, k) B(n, k) + beta * D(m, n)`, A `m x k` and B `n x k` of
/// majors `MA`, `MB` (through their tensor maps), D at `d[m * ldd + n]`.
///
/// # Safety
/// Launched with [`THREADS`] threads, `smem_bytes(STAGES)` of dynamic shared memory, tensor
/// maps as [`CollectiveMainloop::load`] needs, `d` covering the output, `k > 0`.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub unsafe fn gemm_ws<
    In: MmaInput,
    Out: OutElement,
    MA: OperandMajor + IsMajor,
    MB: OperandMajor + IsMajor,
    const STAGES: u32,
>(
    tma_a: *const TmaDescriptor,
    tma_b: *const TmaDescriptor,
    tma_d: *const TmaDescriptor,
    d: *mut Out,
    m: u32,
    n: u32,
    k: u32,
    ldd: u32,
    alpha: f32,
    beta: f32,
    group: u32,
) {
    let tid = thread_idx_x() as u32;
    let wg = tid / 128;
    let raw = cast_smem_ptr_to_uint(dynamic_smem_base());
    let smem = (raw + 1023) & !1023;
    let bars = smem + STAGES * STAGE_BYTES;
    let pipe = PipelineTmaAsync::<STAGES> {
        full: bars,
        empty: bars + 8 * STAGES,
    };
    if tid == 0 {
        prefetch_tma_descriptor(tma_a);
        prefetch_tma_descriptor(tma_b);
        if !tma_d.is_null() {
            prefetch_tma_descriptor(tma_d);
        }
        pipe.init(CONSUMER_WARPS);
        fence_barrier_init();
    }
    sync_threads();
    let mainloop = CollectiveMainloop::<STAGES> {
        smem,
        pipe,
        k_tiles: k.div_ceil(BLK_K),
    };
    let sched = TileScheduler::new(m, n, BLK_M, BLK_N, group);
    let tiles = sched.tiles();
    let (first, step) = (block_idx_x() as u32, grid_dim_x() as u32);
    if wg == 0 {
        warpgroup_reg_dealloc::<40>();
        if tid == 0 {
            let mut st = PipelineState::<STAGES>::producer_start();
            let mut t = first;
            while t < tiles {
                let (tm, tn) = sched.tile(t);
                // SAFETY: the caller's tensor maps.
                unsafe { mainloop.load::<MA, MB>(tma_a, tma_b, &mut st, tm, tn) };
                t += step;
            }
        }
    } else {
        warpgroup_reg_alloc::<232>();
        let cw = wg - 1;
        let t_wg = tid % 128;
        let epilogue = CollectiveEpilogue::<Out> {
            c: d,
            m,
            n,
            ldc: ldd,
            alpha,
            beta,
        };
        let mut st = PipelineState::<STAGES>::consumer_start();
        // TMA stores when the host gave a map and no C is read
        let tma_store = !tma_d.is_null() && beta == 0.0;
        let staging = smem + epilogue_smem_offset(STAGES) + cw * EPI_BYTES_PER_WG;
        let mut t = first;
        while t < tiles {
            let (tm, tn) = sched.tile(t);
            let mut acc = [0.0f32; 128];
            mainloop.mma::<In, MA, MB>(&mut st, cw, &mut acc, tid % 32 == 0);
            let (row0, col0) = (tm * BLK_M + cw * WG_M, tn * BLK_N);
            // SAFETY: the caller's output and map.
            unsafe {
                if tma_store {
                    epilogue.store_tma(&acc, tma_d, staging, row0, col0, t_wg, 1 + cw);
                } else {
                    epilogue.store(&acc, row0, col0, t_wg);
                }
            }
            t += step;
        }
        if tma_store && t_wg == 0 {
            // the CTA must not end while its last stores still read shared memory
            tma_store_wait::<0>();
        }
    }
}

macro_rules! entries {
    ($($name:ident: $In:ty, $Out:ty, $MA:ty, $MB:ty, $stages:literal;)*) => {$(
        #[doc = concat!("[`gemm_ws`] with ", stringify!($In), " inputs, ", stringify!($Out),
                        " output, A ", stringify!($MA), "-major, B ", stringify!($MB), "-major, ",
                        stringify!($stages), " stages.")]
        ///
        /// # Safety
        /// As [`gemm_ws`].
        #[no_mangle]
        #[allow(clippy::too_many_arguments)]
        pub unsafe extern "ptx-kernel" fn $name(
            tma_a: *const TmaDescriptor,
            tma_b: *const TmaDescriptor,
            tma_d: *const TmaDescriptor,
            d: *mut $Out,
            m: u32,
            n: u32,
            k: u32,
            ldd: u32,
            alpha: f32,
            beta: f32,
            group: u32,
        ) {
            // SAFETY: the caller's contract.
            unsafe { gemm_ws::<$In, $Out, $MA, $MB, $stages>(tma_a, tma_b, tma_d, d, m, n, k, ldd, alpha, beta, group) }
        }
    )*};
}

// The kernel's A is the problem's B and its B the problem's A (the host runs C^T = B A^T so
// that C's contiguous M is the GMMA's N): layout `xy` of the problem (A's major, B's major, as
// BLAS's transa/transb: T = k-major, N = m/n-major) is kernel majors (B's, A's).
entries! {
    hopper_gemm_tn_bf16_bf16: BFloat16, BFloat16, K, K, 4;
    hopper_gemm_tn_f16_f16: Half, Half, K, K, 4;
    hopper_gemm_tn_bf16_f32: BFloat16, f32, K, K, 4;
    hopper_gemm_tn_f16_f32: Half, f32, K, K, 4;
    hopper_gemm_nt_bf16_bf16: BFloat16, BFloat16, MN, MN, 4;
    hopper_gemm_nt_f16_f16: Half, Half, MN, MN, 4;
    hopper_gemm_nt_bf16_f32: BFloat16, f32, MN, MN, 4;
    hopper_gemm_nt_f16_f32: Half, f32, MN, MN, 4;
    hopper_gemm_nn_bf16_bf16: BFloat16, BFloat16, K, MN, 4;
    hopper_gemm_nn_f16_f16: Half, Half, K, MN, 4;
    hopper_gemm_nn_bf16_f32: BFloat16, f32, K, MN, 4;
    hopper_gemm_nn_f16_f32: Half, f32, K, MN, 4;
    hopper_gemm_tt_bf16_bf16: BFloat16, BFloat16, MN, K, 4;
    hopper_gemm_tt_f16_f16: Half, Half, MN, K, 4;
    hopper_gemm_tt_bf16_f32: BFloat16, f32, MN, K, 4;
    hopper_gemm_tt_f16_f32: Half, f32, MN, K, 4;
}
