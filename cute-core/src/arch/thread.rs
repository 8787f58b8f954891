//! Thread, block and grid indices, barriers and warp shuffles (CUDA's built-in variables and
//! intrinsics: `threadIdx`, `blockIdx`, `blockDim`, `gridDim`, `__syncthreads`,
//! `__shfl_sync`), plus the dynamic shared-memory base address.

#[cfg(target_arch = "nvptx64")]
use core::arch::asm;

/// Reads a 32-bit special register, e.g. `%tid.x`.
#[cfg(target_arch = "nvptx64")]
macro_rules! special_register {
    ($reg:literal) => {{
        let v: u32;
        // SAFETY: reading a special register has no side effects.
        unsafe { asm!(concat!("mov.u32 {0}, ", $reg, ";"), out(reg32) v, options(pure, nomem, nostack)) };
        v as i32
    }};
}

/// On the host there are no threads: reaching a device-only operation is a bug.
#[cfg(not(target_arch = "nvptx64"))]
macro_rules! special_register {
    ($reg:literal) => {
        panic!(concat!(
            "`mov.u32 ",
            $reg,
            "` is a device instruction (nvptx64 only)"
        ))
    };
}

macro_rules! index_fns {
    ($($(#[$doc:meta])* $name:ident => $reg:literal;)*) => {$(
        $(#[$doc])*
        #[inline(always)]
        pub fn $name() -> i32 {
            special_register!($reg)
        }
    )*};
}

index_fns! {
    /// `threadIdx.x`.
    thread_idx_x => "%tid.x";
    /// `threadIdx.y`.
    thread_idx_y => "%tid.y";
    /// `threadIdx.z`.
    thread_idx_z => "%tid.z";
    /// `blockIdx.x`.
    block_idx_x => "%ctaid.x";
    /// `blockIdx.y`.
    block_idx_y => "%ctaid.y";
    /// `blockIdx.z`.
    block_idx_z => "%ctaid.z";
    /// `blockDim.x`.
    block_dim_x => "%ntid.x";
    /// `blockDim.y`.
    block_dim_y => "%ntid.y";
    /// `blockDim.z`.
    block_dim_z => "%ntid.z";
    /// `gridDim.x`.
    grid_dim_x => "%nctaid.x";
    /// `gridDim.y`.
    grid_dim_y => "%nctaid.y";
    /// `gridDim.z`.
    grid_dim_z => "%nctaid.z";
    /// The lane within the warp, `threadIdx.x % 32` for 1-D blocks.
    lane_id => "%laneid";
}

/// `__syncthreads()`: a barrier for all threads of the block (`bar.sync 0`).
#[inline(always)]
pub fn sync_threads() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: a barrier; every thread of the block must reach it, as in CUDA C++.
    unsafe {
        asm!("bar.sync 0;", options(nostack))
    };
    #[cfg(not(target_arch = "nvptx64"))]
    panic!("`bar.sync` is a device instruction (nvptx64 only)");
}

/// `__shfl_sync(0xffffffff, v, src_lane)`: the value of `v` in lane `src_lane` of the warp.
#[inline(always)]
pub fn shfl_sync_idx(v: u32, src_lane: i32) -> u32 {
    #[cfg(target_arch = "nvptx64")]
    {
        let r: u32;
        // SAFETY: all lanes of the warp take part (mask 0xffffffff), as the name says.
        unsafe {
            asm!("shfl.sync.idx.b32 {0}, {1}, {2}, 0x1f, 0xffffffff;",
                 out(reg32) r, in(reg32) v, in(reg32) src_lane, options(nostack))
        };
        r
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        let _ = (v, src_lane);
        panic!("`shfl.sync.idx.b32` is a device instruction (nvptx64 only)")
    }
}

/// `__shfl_xor_sync(0xffffffff, v, mask)`: the value of `v` in lane `lane ^ mask`.
#[inline(always)]
pub fn shfl_sync_bfly(v: u32, lane_mask: i32) -> u32 {
    #[cfg(target_arch = "nvptx64")]
    {
        let r: u32;
        // SAFETY: all lanes of the warp take part (mask 0xffffffff).
        unsafe {
            asm!("shfl.sync.bfly.b32 {0}, {1}, {2}, 0x1f, 0xffffffff;",
                 out(reg32) r, in(reg32) v, in(reg32) lane_mask, options(nostack))
        };
        r
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        let _ = (v, lane_mask);
        panic!("`shfl.sync.bfly.b32` is a device instruction (nvptx64 only)")
    }
}

/// `__ldg(p)`: a load through the read-only (non-coherent) cache, `ld.global.nc`.
///
/// # Safety
/// `p` must be valid for reads of a `f32` in global memory, and not written during the kernel.
#[inline(always)]
pub unsafe fn ldg_f32(p: *const f32) -> f32 {
    #[cfg(target_arch = "nvptx64")]
    {
        let r: f32;
        // SAFETY: the caller guarantees `p` is a readable global address.
        unsafe {
            asm!("ld.global.nc.f32 {0}, [{1}];", out(reg32) r, in(reg64) p,
                 options(pure, readonly, nostack))
        };
        r
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        let _ = p;
        panic!("`ld.global.nc.f32` is a device instruction (nvptx64 only)")
    }
}

#[cfg(target_arch = "nvptx64")]
core::arch::global_asm!(".extern .shared .align 128 .b8 cute_dynamic_smem[];");

/// The base of the block's dynamic shared memory (CUDA's `extern __shared__ char smem[]`),
/// aligned to 128 bytes; its size is the launch's dynamic shared-memory size.
#[inline(always)]
pub fn dynamic_smem_base() -> *mut u8 {
    #[cfg(target_arch = "nvptx64")]
    {
        let p: *mut u8;
        // SAFETY: takes the generic address of the shared array declared above.
        unsafe {
            asm!("cvta.shared.u64 {0}, cute_dynamic_smem;", out(reg64) p,
                 options(pure, nomem, nostack))
        };
        p
    }
    #[cfg(not(target_arch = "nvptx64"))]
    panic!("dynamic shared memory exists only on the device (nvptx64)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(expected = "`mov.u32 %tid.x` is a device instruction (nvptx64 only)")]
    fn host_calls_name_the_instruction() {
        let _ = thread_idx_x();
    }
}
