//! The flagship's copies of matrices whose rows TMA cannot address (rows not 16-byte aligned):
//! an m-major A or n-major B with M or N not a multiple of 8 is copied in ([`hopper_pad_rows_b16`])
//! to a buffer whose leading dimension is a multiple of 8, which a tensor map can describe, and
//! a C whose M is not a multiple of 8 (16-bit) or 4 (`f32`) is written by the GEMM's TMA stores
//! to such a buffer and copied out ([`hopper_unpad_rows_b16`], [`hopper_unpad_rows_b32`]). The
//! host (`host::hopper::Plan`) runs them around the GEMM; aligned shapes never take them.
//!
//! In, each thread moves 8 elements: 2-byte loads from the unaligned side (its rows may start
//! at any element) and one 16-byte store to the padded side. Out, element by element with
//! consecutive threads on consecutive columns: every warp-wide store is one contiguous run
//! (8 consecutive elements per thread, as in, measured 650-750 GB/s: each store instruction
//! wrote 2 bytes into 32 different 16-byte chunks). Padding elements (`cols..ld` of each row) are written with zeros on the way in (the
//! tensor map's extent is `cols`, so the GEMM never reads them) and never copied out.

use cute_core::arch::thread::{block_dim_x, block_idx_x, block_idx_y, grid_dim_y, thread_idx_x};

/// 16 bytes, aligned: one vector access.
#[repr(C, align(16))]
#[derive(Clone, Copy)]
struct V16([u32; 4]);

/// The first element of this thread's 16-byte chunk (`E` elements per chunk) of a padded row,
/// or `None` past `ld`.
#[inline(always)]
fn chunk_start(e: u32, ld: u32) -> Option<u32> {
    let c0 = (block_idx_x() as u32 * block_dim_x() as u32 + thread_idx_x() as u32) * e;
    (c0 < ld).then_some(c0)
}

/// `dst[r * ld + c] = src[r * cols + c]` for `r < rows`, `c < cols`; `dst[r * ld + c] = 0` for
/// `cols <= c < ld`. Grid: `x` covers `ld / 8` chunks of 8 elements per row (any block size),
/// `y` any number of blocks, each walking the rows `blockIdx.y + i * gridDim.y`.
///
/// # Safety
/// `src` holds `rows * cols` elements, `dst` holds `rows * ld` elements and is 16-byte aligned,
/// `ld` is a multiple of 8 with `cols <= ld`.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn hopper_pad_rows_b16(
    src: *const u16,
    dst: *mut u16,
    rows: u32,
    cols: u32,
    ld: u32,
) {
    let Some(c0) = chunk_start(8, ld) else { return };
    let mut r = block_idx_y() as u32;
    while r < rows {
        let s = (r as usize) * (cols as usize) + c0 as usize;
        let mut v = [0u16; 8];
        if c0 + 8 <= cols {
            for (e, x) in v.iter_mut().enumerate() {
                // SAFETY: c0 + e < cols: inside row r of `src`.
                *x = unsafe { *src.add(s + e) };
            }
        } else {
            for (e, x) in v.iter_mut().enumerate() {
                if c0 + (e as u32) < cols {
                    // SAFETY: as above, checked.
                    *x = unsafe { *src.add(s + e) };
                }
            }
        }
        let w = |i: usize| v[2 * i] as u32 | (v[2 * i + 1] as u32) << 16;
        // SAFETY: c0 + 8 <= ld (ld a multiple of 8): inside row r of `dst`, 16-byte aligned
        // (dst aligned, ld and c0 multiples of 8 elements).
        unsafe {
            *(dst.add(r as usize * ld as usize + c0 as usize) as *mut V16) =
                V16([w(0), w(1), w(2), w(3)]);
        }
        r += grid_dim_y() as u32;
    }
}

/// Columns each thread copies out per row.
const UNPAD_PER_THREAD: u32 = 8;

/// The copy out: `dst[r * cols + c] = src[r * ld + c]` for `r < rows`, `c < cols`. Element by
/// element, consecutive threads on consecutive columns (the rows of `dst` start anywhere, so
/// only scalar stores are aligned; consecutive lanes make each warp's store one contiguous
/// run): block `x` covers `UNPAD_PER_THREAD * blockDim.x` columns, thread `t` the columns
/// `t + j * blockDim.x`, all its loads issued before its stores. `y` as in
/// [`hopper_pad_rows_b16`]. `zero` is any value of `T` (the registers' initial value).
///
/// # Safety
/// `src` holds `rows * ld` elements, `dst` holds `rows * cols` elements, `cols <= ld`.
#[inline(always)]
unsafe fn unpad_rows<T: Copy>(src: *const T, dst: *mut T, rows: u32, cols: u32, ld: u32, zero: T) {
    let step = block_dim_x() as u32;
    let c0 = block_idx_x() as u32 * step * UNPAD_PER_THREAD + thread_idx_x() as u32;
    if c0 >= cols {
        return;
    }
    let mut r = block_idx_y() as u32;
    while r < rows {
        let (s, d) = (r as usize * ld as usize, r as usize * cols as usize);
        let mut v = [zero; UNPAD_PER_THREAD as usize];
        for (j, x) in v.iter_mut().enumerate() {
            let c = c0 + j as u32 * step;
            if c < cols {
                // SAFETY: c < cols <= ld: inside row r of `src`.
                *x = unsafe { *src.add(s + c as usize) };
            }
        }
        for (j, x) in v.iter().enumerate() {
            let c = c0 + j as u32 * step;
            if c < cols {
                // SAFETY: c < cols: inside row r of `dst`.
                unsafe { *dst.add(d + c as usize) = *x };
            }
        }
        r += grid_dim_y() as u32;
    }
}

/// [`unpad_rows`] of 16-bit elements (C of the inputs' type).
///
/// # Safety
/// As [`unpad_rows`].
#[no_mangle]
pub unsafe extern "ptx-kernel" fn hopper_unpad_rows_b16(
    src: *const u16,
    dst: *mut u16,
    rows: u32,
    cols: u32,
    ld: u32,
) {
    // SAFETY: the caller's contract.
    unsafe { unpad_rows::<u16>(src, dst, rows, cols, ld, 0u16) }
}

/// [`unpad_rows`] of 32-bit elements (`f32` C).
///
/// # Safety
/// As [`unpad_rows`].
#[no_mangle]
pub unsafe extern "ptx-kernel" fn hopper_unpad_rows_b32(
    src: *const u32,
    dst: *mut u32,
    rows: u32,
    cols: u32,
    ld: u32,
) {
    // SAFETY: the caller's contract.
    unsafe { unpad_rows::<u32>(src, dst, rows, cols, ld, 0u32) }
}
