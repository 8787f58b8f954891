//! Kernels. Each is `#[no_mangle] pub unsafe extern "ptx-kernel" fn`, named as the host
//! launches it.

use core::arch::asm;
use core::panic::PanicInfo;

use cute_core::arch::thread::{block_dim_x, block_idx_x, thread_idx_x};
use cute_core::layout::make_layout;
use cute_core::numeric::aliases::*;

/// A kernel cannot unwind: a panic traps, which the host sees as a launch failure.
#[panic_handler]
fn panic(_: &PanicInfo) -> ! {
    // SAFETY: `trap` aborts the kernel; it has no operands.
    unsafe { asm!("trap;", options(noreturn)) }
}

#[inline(always)]
fn global_thread_index() -> i32 {
    block_idx_x() * block_dim_x() + thread_idx_x()
}

/// Writes `L(i)` for `i < n` of the static layout `((_4,_2),(_8,_2)):((_2,_64),(_8,_1))`
/// (repeated every `size(L) = 128` indices): the smallest kernel that shows a static
/// layout's index math folding to shifts and masks on the device.
///
/// # Safety
/// `out` must point to at least `n` writable `i32`s in global memory.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn layout_eval(out: *mut i32, n: i32) {
    let layout = make_layout(((_4, _2), (_8, _2)), ((_2, _64), (_8, _1)));
    let i = global_thread_index();
    if i < n {
        // SAFETY: i < n and the caller guarantees n elements.
        unsafe { *out.add(i as usize) = layout.call(i % 128) };
    }
}

/// One 64x64 tile of `C = alpha * A * B^T + beta * C` (A and B are 64x8, K = 8, all
/// column-major f32) by 256 threads, each computing a 4x4 block of C in registers: the
/// thread-level pattern of CuTe's first SGEMM tutorial, with owning register tensors and the
/// algorithms (`copy`, `clear`, `gemm`, `axpby`). Every tensor is static, so the index math
/// folds to constants and the fragments live in registers (no local memory).
///
/// # Safety
/// `a` and `b` point to 512 readable `f32`s, `c` to 4096 readable and writable ones, in
/// global memory; launch with 256 threads.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn tensor_fragment_gemm(
    a: *mut f32,
    b: *mut f32,
    c: *mut f32,
    alpha: f32,
    beta: f32,
) {
    use cute_core::prelude::*;
    let thr = thread_idx_x();
    // SAFETY: the caller provides the buffers these static layouts reach.
    let (ga, gb, gc) = unsafe {
        (
            make_tensor(make_gmem_ptr(a), make_layout((_64, _8), LayoutLeft)), // (M,K)
            make_tensor(make_gmem_ptr(b), make_layout((_64, _8), LayoutLeft)), // (N,K)
            make_tensor(make_gmem_ptr(c), make_layout((_64, _64), LayoutLeft)), // (M,N)
        )
    };
    let threads = make_layout((_16, _16, _1), (_1, _16, _0));
    let ta = local_partition_projected(ga, threads, thr, (_1, X, _1)); // (_4,_8)
    let tb = local_partition_projected(gb, threads, thr, (X, _1, _1)); // (_4,_8)
    let mut tc = local_partition_projected(gc, threads, thr, (_1, _1, X)); // (_4,_4)
    let mut ra = make_rmem_tensor::<f32, _, _>(make_layout((_4, _8), LayoutLeft));
    let mut rb = make_rmem_tensor::<f32, _, _>(make_layout((_4, _8), LayoutLeft));
    let mut rc = make_rmem_tensor::<f32, _, _>(make_layout((_4, _4), LayoutLeft));
    copy(&ta, &mut ra);
    copy(&tb, &mut rb);
    clear(&mut rc);
    gemm(&ra, &rb, &mut rc);
    axpby(alpha, &rc, beta, &mut tc);
}
