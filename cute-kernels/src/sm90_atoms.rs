//! Assembly checks of the SM90 atoms: each kernel issues a few `wgmma.mma_async` (SS and RS,
//! the smallest and largest N, f16 and bf16, both majors, a negative scale) with the warpgroup
//! synchronization around them, so that `ptxas -arch=sm_90a` of this module's PTX checks every
//! `asm!` template of `arch::mma_sm90_gmma`, `arch::cluster_sm90` and `arch::copy_sm90_tma`.
//! Not a GEMM: the descriptors are made-up values.

use cute_core::arch::copy_sm90_tma::*;
use cute_core::arch::mma_sm90_gmma::GMMA::{
    Major::K, Major::MN, ScaleIn::Neg, ScaleIn::One, ScaleOut,
};
use cute_core::arch::mma_sm90_gmma::*;

/// Issues GMMAs on `desc_a`/`desc_b` and writes each thread's accumulators to `out`.
///
/// # Safety
/// Launched with 128 threads; `out` holds 128 * 260 writable `f32`s in global memory.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn sm90_wgmma_check(out: *mut f32, desc_a: u64, desc_b: u64) {
    let t = cute_core::arch::thread::thread_idx_x() as usize;
    let mut c128 = [0.0f32; 128];
    let mut c4 = [0.0f32; 4];
    let mut h2 = [0u32; 2];
    let mut h64 = [0u32; 64];
    let a = [t as u32, 1, 2, 3];
    warpgroup_fence_operand(&mut c128);
    warpgroup_arrive();
    SM90_64x256x16_F32F16F16_SS::<K, K>::wgmma(desc_a, desc_b, &mut c128, ScaleOut::Zero);
    SM90_64x256x16_F32BF16BF16_RS::<K, MN, Neg, One>::wgmma(&a, desc_b, &mut c128, ScaleOut::One);
    SM90_64x8x16_F32BF16BF16_SS::<MN, K>::wgmma(desc_a, desc_b, &mut c4, ScaleOut::Zero);
    SM90_64x8x16_F32F16F16_RS::<K, K>::wgmma(&a, desc_b, &mut c4, ScaleOut::One);
    SM90_64x8x16_F16F16F16_SS::<MN, MN>::wgmma(desc_a, desc_b, &mut h2, ScaleOut::Zero);
    SM90_64x256x16_F16F16F16_SS::<K, MN, One, Neg>::wgmma(desc_a, desc_b, &mut h64, ScaleOut::Zero);
    warpgroup_commit_batch();
    warpgroup_wait::<0>();
    warpgroup_fence_operand(&mut c128);
    let o = unsafe { out.add(t * 260) };
    for (i, v) in c128.iter().enumerate() {
        unsafe { *o.add(i) = *v };
    }
    for (i, v) in c4.iter().enumerate() {
        unsafe { *o.add(128 + i) = *v };
    }
    for (i, v) in h2.iter().chain(h64.iter()).enumerate() {
        unsafe { *o.add(132 + i) = f32::from_bits(*v) };
    }
}

/// Every barrier, cluster and TMA wrapper once: one thread initializes a transaction barrier,
/// loads a 2-D..5-D box through `desc` into shared memory, and all threads wait on it.
///
/// # Safety
/// A valid tensor map at `desc` for a box of at most 4 KiB; `out` holds one writable `u32` per
/// thread.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn sm90_barrier_tma_check(
    desc: *const TmaDescriptor,
    out: *mut u32,
) {
    use cute_core::arch::cluster_sm90::*;
    use cute_core::arch::smem::cast_smem_ptr_to_uint;
    let base = cute_core::arch::thread::dynamic_smem_base();
    let bar = cast_smem_ptr_to_uint(base);
    let buf = bar + 128;
    let t = cute_core::arch::thread::thread_idx_x();
    prefetch_tma_descriptor(desc);
    if t == 0 {
        ClusterTransactionBarrier::init(bar, 1);
        fence_barrier_init();
    }
    cluster_sync();
    if elect_one_sync() && t < 32 {
        ClusterTransactionBarrier::arrive_and_expect_tx(bar, 4096);
        unsafe {
            SM90_TMA_LOAD_2D::copy(desc, bar, 0, buf, 0, 0);
            SM90_TMA_LOAD_3D::copy(desc, bar, 0, buf, 0, 0, 0);
            SM90_TMA_LOAD_4D::copy(desc, bar, 0, buf, 0, 0, 0, 0);
            SM90_TMA_LOAD_5D::copy(desc, bar, 0, buf, 0, 0, 0, 0, 1);
        }
        ClusterTransactionBarrier::expect_transaction(bar, 0);
    }
    ClusterBarrier::wait(bar, 0);
    fence_view_async_shared();
    fence_proxy_async();
    let (cx, _, _) = cluster_id_in_grid();
    let (bx, _, _) = block_id_in_cluster();
    let (sx, _, _) = cluster_shape();
    let (gx, _, _) = cluster_grid_dims();
    let r = block_rank_in_cluster();
    let remote = set_block_rank(bar, r);
    ClusterBarrier::arrive(bar);
    ClusterBarrier::arrive_cluster(bar, r, 0);
    if t == 0 {
        ClusterBarrier::invalidate(bar);
    }
    unsafe { *out.add(t as usize) = cx + bx + sx + gx + remote };
}
