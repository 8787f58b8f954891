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
