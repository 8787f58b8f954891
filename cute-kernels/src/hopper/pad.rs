//! The flagship's copy of an operand whose rows TMA cannot address: a `rows x cols` row-major
//! 16-bit matrix with leading dimension `cols` (an m-major A or n-major B with M or N not a
//! multiple of 8, so its rows are not 16-byte aligned) copied to one with leading dimension
//! `ld`, a multiple of 8, which a tensor map can describe. The host runs it before the GEMM
//! (`host::hopper::Plan`); aligned operands never take it.
//!
//! Each thread copies 8 consecutive elements of a row: eight 2-byte loads (the source row may
//! start at any even address), coalesced across the warp, and one 16-byte store. The padding
//! elements `cols..ld` of each row are written with zeros (the tensor map's extent is `cols`,
//! so the GEMM never reads them; writing them keeps the whole buffer initialized).

use cute_core::arch::thread::{block_dim_x, block_idx_x, block_idx_y, grid_dim_y, thread_idx_x};

/// 16 bytes, aligned: one vector store.
#[repr(C, align(16))]
#[derive(Clone, Copy)]
struct V16([u32; 4]);

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
    let c0 = (block_idx_x() as u32 * block_dim_x() as u32 + thread_idx_x() as u32) * 8;
    if c0 >= ld {
        return;
    }
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
