//! Register reconfiguration of SM90a: port of `warpgroup_reg_alloc<N>` and
//! `warpgroup_reg_dealloc<N>` of `cutlass/arch/reg_reconfig.h` (`setmaxnreg`).
//!
//! A warp-specialized kernel hands registers from its producer warpgroup (which only issues
//! TMA copies) to its consumer warpgroups (which hold the accumulators). `ptxas` honours
//! `setmaxnreg` only when the kernel has a register cap at entry (`.maxntid` with
//! `.minnctapersm 1`, see `LAUNCH_BOUNDS` in `host/build.rs`) and each role is one branch;
//! otherwise it warns (C7508) and ignores it. Every thread of the warpgroup must execute it.

/// `warpgroup_reg_alloc<N>()`: `setmaxnreg.inc.sync.aligned.u32 N`, raising this warpgroup's
/// per-thread register limit to `N`.
///
/// # Preconditions
/// `24 <= N <= 256` and `N % 8 == 0`, else the build fails with
/// `setmaxnreg: N must be a multiple of 8 in 24..=256`.
#[inline(always)]
pub fn warpgroup_reg_alloc<const N: u32>() {
    const {
        assert!(
            N >= 24 && N <= 256 && N % 8 == 0,
            "setmaxnreg: N must be a multiple of 8 in 24..=256"
        )
    };
    #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
    // SAFETY: warpgroup-synchronous, no memory access; the caller runs it in every thread of
    // the warpgroup.
    unsafe {
        core::arch::asm!("setmaxnreg.inc.sync.aligned.u32 {n};", n = const N, options(nostack, nomem))
    };
    #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
    panic!("`setmaxnreg.inc.sync.aligned.u32` needs nvptx64 with target feature sm_90a")
}

/// `warpgroup_reg_dealloc<N>()`: `setmaxnreg.dec.sync.aligned.u32 N`, lowering this
/// warpgroup's per-thread register limit to `N` (the freed registers go to the SM's pool).
///
/// # Preconditions
/// As [`warpgroup_reg_alloc`].
#[inline(always)]
pub fn warpgroup_reg_dealloc<const N: u32>() {
    const {
        assert!(
            N >= 24 && N <= 256 && N % 8 == 0,
            "setmaxnreg: N must be a multiple of 8 in 24..=256"
        )
    };
    #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
    // SAFETY: as for `warpgroup_reg_alloc`.
    unsafe {
        core::arch::asm!("setmaxnreg.dec.sync.aligned.u32 {n};", n = const N, options(nostack, nomem))
    };
    #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
    panic!("`setmaxnreg.dec.sync.aligned.u32` needs nvptx64 with target feature sm_90a")
}

/// `NamedBarrier::sync(threads, id)`: `bar.sync id, threads`, a barrier over `threads` threads
/// (a multiple of 32) of the block that name barrier `id` (1..=15; 0 is `__syncthreads`).
#[inline(always)]
pub fn named_barrier_sync(id: u32, threads: u32) {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: a barrier; the caller makes `threads` threads reach it.
    unsafe {
        core::arch::asm!("bar.sync {id}, {n};", id = in(reg32) id, n = in(reg32) threads, options(nostack))
    };
    #[cfg(not(target_arch = "nvptx64"))]
    {
        let _ = (id, threads);
        panic!("`bar.sync` is a device instruction (nvptx64 only)")
    }
}
