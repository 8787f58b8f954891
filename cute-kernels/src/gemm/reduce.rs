//! The split-K reduction (CUTLASS's `ReduceSplitK`): `D[i] = alpha * sum_s W[s][i] + beta *
//! D[i]` over the `splits` slices `W[s]` of `f32` partial sums that the GEMM wrote with
//! `splits > 1`, added in slice order, so that the result does not depend on which CTA
//! finished first (deterministic), then converted to D's type by the epilogue's conversion
//! ([`OutAccess`]). D and each slice are the same `count` elements in the same order (the
//! GEMM's D with its leading dimension), so the reduction is element by element.
//!
//! Each thread takes two consecutive elements (one paired load and store of D), the grid
//! walking the pairs in steps of its size.

use cute_core::arch::thread::{block_dim_x, block_idx_x, grid_dim_x, thread_idx_x};
use cute_core::numeric::numeric_types::{BFloat16, Half};

use super::collective::epilogue::OutAccess;

/// The reduction into `d` of element type `T`.
///
/// # Safety
/// `ws` holds `splits * count` `f32`s, `d` holds `count` elements and is 4-byte aligned;
/// `splits >= 1`.
#[inline(always)]
unsafe fn reduce<T: OutAccess>(
    ws: *const f32,
    splits: u32,
    count: u32,
    d: *mut T,
    alpha: f32,
    beta: f32,
) {
    let step = 2 * block_dim_x() as usize * grid_dim_x() as usize;
    let count = count as usize;
    let mut i = 2 * (block_idx_x() as usize * block_dim_x() as usize + thread_idx_x() as usize);
    while i < count {
        let pair = i + 1 < count;
        let (mut a, mut b) = (0f32, 0f32);
        for s in 0..splits as usize {
            // SAFETY: s * count + i (+ 1) < splits * count, the caller's workspace.
            unsafe {
                let w = ws.add(s * count + i);
                a += *w;
                if pair {
                    b += *w.add(1);
                }
            }
        }
        // SAFETY: i (+ 1) < count, the caller's D, i even so the pair is 4-byte aligned.
        unsafe {
            if pair {
                let (c0, c1) = if beta == 0.0 {
                    (0.0, 0.0)
                } else {
                    T::load2(d.add(i))
                };
                T::store2(d.add(i), alpha * a + beta * c0, alpha * b + beta * c1);
            } else {
                let c0 = if beta == 0.0 { 0.0 } else { T::load1(d.add(i)) };
                T::store1(d.add(i), alpha * a + beta * c0);
            }
        }
        i += step;
    }
}

/// The reduction into a bf16 D.
///
/// # Safety
/// As `reduce`.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn gemm_splitk_reduce_bf16(
    ws: *const f32,
    splits: u32,
    count: u32,
    d: *mut BFloat16,
    alpha: f32,
    beta: f32,
) {
    // SAFETY: the caller's contract.
    unsafe { reduce(ws, splits, count, d, alpha, beta) }
}

/// The reduction into an f16 D.
///
/// # Safety
/// As `reduce`.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn gemm_splitk_reduce_f16(
    ws: *const f32,
    splits: u32,
    count: u32,
    d: *mut Half,
    alpha: f32,
    beta: f32,
) {
    // SAFETY: the caller's contract.
    unsafe { reduce(ws, splits, count, d, alpha, beta) }
}

/// The reduction into an f32 D.
///
/// # Safety
/// As `reduce`.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn gemm_splitk_reduce_f32(
    ws: *const f32,
    splits: u32,
    count: u32,
    d: *mut f32,
    alpha: f32,
    beta: f32,
) {
    // SAFETY: the caller's contract.
    unsafe { reduce(ws, splits, count, d, alpha, beta) }
}
