//! Assembly checks of the SM90 atoms: each kernel issues a few `wgmma.mma_async` (SS and RS,
//! the smallest and largest N, f16 and bf16, both majors, a negative scale) with the warpgroup
//! synchronization around them, so that `ptxas -arch=sm_90a` of this module's PTX checks every
//! `asm!` template of `arch::mma_sm90_gmma`, `arch::cluster_sm90`, `arch::copy_sm90_tma` and
//! `arch::copy_sm90_tma_store`.
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
            SM90_TMA_LOAD_2D::copy(desc, bar, CacheHintSm90::EVICT_NORMAL, buf, 0, 0);
            SM90_TMA_LOAD_3D::copy(desc, bar, CacheHintSm90::EVICT_NORMAL, buf, 0, 0, 0);
            SM90_TMA_LOAD_4D::copy(desc, bar, CacheHintSm90::EVICT_NORMAL, buf, 0, 0, 0, 0);
            SM90_TMA_LOAD_5D::copy(desc, bar, CacheHintSm90::EVICT_NORMAL, buf, 0, 0, 0, 0, 1);
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

/// A tensor map passed by value as a kernel parameter (what C++ writes as
/// `CUTLASS_GRID_CONSTANT TmaDescriptor const tma`): one thread loads one 2-D box through it.
/// The check is that the PTX keeps the parameter in `.param` space, 64-byte aligned, and
/// hands the TMA its parameter-space address, not a copy in local memory.
///
/// # Safety
/// A valid 2-D tensor map for a box of at most 4 KiB; `out` holds one writable `u32`.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn sm90_tma_param_check(desc: TmaDescriptorParam, out: *mut u32) {
    use cute_core::arch::cluster_sm90::*;
    use cute_core::arch::smem::cast_smem_ptr_to_uint;
    let base = cute_core::arch::thread::dynamic_smem_base();
    let bar = cast_smem_ptr_to_uint(base);
    let buf = bar + 128;
    let t = cute_core::arch::thread::thread_idx_x();
    let _ = desc; // read only through its parameter-space address
    let d: *const TmaDescriptor = cute_core::tma_descriptor_param!(sm90_tma_param_check, 0);
    prefetch_tma_descriptor(d);
    if t == 0 {
        ClusterTransactionBarrier::init(bar, 1);
        fence_barrier_init();
        ClusterTransactionBarrier::arrive_and_expect_tx(bar, 4096);
        unsafe { SM90_TMA_LOAD_2D::copy(d, bar, CacheHintSm90::EVICT_NORMAL, buf, 0, 0) };
        ClusterBarrier::wait(bar, 0);
        unsafe { *out = *(base.add(128) as *const u32) };
    }
}

/// One TMA box, end to end: thread 0 loads the box at `(crd0, crd1)` through the tensor map
/// (a by-value parameter) into shared memory, completing on an mbarrier, and the block copies
/// the first `len` 16-bit elements of shared memory to `out` as they lie there (swizzled).
///
/// # Safety
/// A valid 2-D tensor map of 16-bit elements whose box is `len` elements (at most 16 Ki);
/// `out` holds `len` writable `u16`; dynamic shared memory of 1024 + 2 * `len` bytes.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn sm90_tma_box_load(
    desc: TmaDescriptorParam,
    out: *mut u16,
    crd0: i32,
    crd1: i32,
    len: i32,
) {
    use cute_core::arch::cluster_sm90::*;
    use cute_core::arch::smem::cast_smem_ptr_to_uint;
    let _ = desc;
    let d: *const TmaDescriptor = cute_core::tma_descriptor_param!(sm90_tma_box_load, 0);
    let base = cute_core::arch::thread::dynamic_smem_base();
    let bar = cast_smem_ptr_to_uint(base);
    // The box at a 1024-byte boundary: the 128-byte swizzle repeats every 1024 bytes.
    let buf = bar + 1024;
    let t = cute_core::arch::thread::thread_idx_x();
    if t == 0 {
        prefetch_tma_descriptor(d);
        ClusterTransactionBarrier::init(bar, 1);
        fence_barrier_init();
        ClusterTransactionBarrier::arrive_and_expect_tx(bar, (len * 2) as u32);
        unsafe { SM90_TMA_LOAD_2D::copy(d, bar, CacheHintSm90::EVICT_NORMAL, buf, crd0, crd1) };
    }
    cute_core::arch::thread::sync_threads();
    ClusterBarrier::wait(bar, 0);
    let src = unsafe { base.add(1024) } as *const u16;
    let mut i = t as i32;
    while i < len {
        unsafe { *out.add(i as usize) = *src.add(i as usize) };
        i += cute_core::arch::thread::block_dim_x() as i32;
    }
}

/// Every multicast load and every store once (assembly check, not run): thread 0 of each CTA
/// loads a 2-D..5-D box through `desc` into shared memory of the CTAs in `mask`, waits for its
/// own barrier, and stores the buffer back through `desc` as a 2-D..5-D box.
///
/// # Safety
/// Launched on clusters whose CTAs all expect the boxes; a valid tensor map at `desc` for a
/// box of at most 4 KiB; dynamic shared memory of 128 + 4096 bytes.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn sm90_tma_multicast_store_check(
    desc: *const TmaDescriptor,
    mask: u32,
) {
    use cute_core::arch::cluster_sm90::*;
    use cute_core::arch::copy_sm90_tma_store::*;
    use cute_core::arch::smem::cast_smem_ptr_to_uint;
    let base = cute_core::arch::thread::dynamic_smem_base();
    let bar = cast_smem_ptr_to_uint(base);
    let buf = bar + 128;
    let mask = mask as u16;
    let hint = CacheHintSm90::EVICT_FIRST;
    if cute_core::arch::thread::thread_idx_x() == 0 {
        ClusterTransactionBarrier::init(bar, 1);
        fence_barrier_init();
    }
    cluster_sync();
    if cute_core::arch::thread::thread_idx_x() == 0 {
        ClusterTransactionBarrier::arrive_and_expect_tx(bar, 4 * 4096);
        unsafe {
            SM90_TMA_LOAD_MULTICAST_2D::copy(desc, bar, mask, hint, buf, 0, 1);
            SM90_TMA_LOAD_MULTICAST_3D::copy(desc, bar, mask, hint, buf, 0, 1, 2);
            SM90_TMA_LOAD_MULTICAST_4D::copy(desc, bar, mask, hint, buf, 0, 1, 2, 3);
            SM90_TMA_LOAD_MULTICAST_5D::copy(desc, bar, mask, hint, buf, 0, 1, 2, 3, 4);
        }
        ClusterBarrier::wait(bar, 0);
        fence_view_async_shared();
        unsafe {
            SM90_TMA_STORE_2D::copy(desc, buf, 5, 6);
            SM90_TMA_STORE_3D::copy(desc, buf, 5, 6, 7);
            SM90_TMA_STORE_4D::copy(desc, buf, 5, 6, 7, 8);
            SM90_TMA_STORE_5D::copy(desc, buf, 5, 6, 7, 8, 9);
        }
        tma_store_arrive();
        tma_store_wait::<0>();
    }
    cluster_sync();
}

/// Cluster ids as the hardware reports them: block `b` writes its rank in the cluster and the
/// cluster's x extent to `out[2 b]`, `out[2 b + 1]`.
///
/// # Safety
/// `out` holds 2 writable `u32` per block; launched with clusters along x.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn sm90_cluster_ids(out: *mut u32) {
    use cute_core::arch::cluster_sm90::*;
    let b = cute_core::arch::thread::block_idx_x() as usize;
    cluster_sync();
    if cute_core::arch::thread::thread_idx_x() == 0 {
        unsafe {
            *out.add(2 * b) = block_rank_in_cluster();
            *out.add(2 * b + 1) = cluster_shape().0;
        }
    }
}
