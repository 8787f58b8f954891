//! What CUTLASS's `GenericBarrier` (`cutlass/barrier.h`) is built of: a GPU-scope fence, an
//! atomic add on a counter in global memory, and a named barrier that also reduces a predicate
//! over its threads. Kernels whose CTAs hand partial results to each other through global
//! memory (split-K and stream-K reductions) order their stores and loads with these.

/// `fence.acq_rel.gpu` (CUDA's `__threadfence()`): the calling thread's memory accesses
/// before it are ordered before its accesses after it, for every thread of the GPU.
#[inline(always)]
pub fn fence_acq_rel_gpu() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: a fence; no operands.
    unsafe {
        core::arch::asm!("fence.acq_rel.gpu;", options(nostack))
    };
    #[cfg(not(target_arch = "nvptx64"))]
    panic!("`fence.acq_rel.gpu` is a device instruction (nvptx64 only)")
}

/// `atom.global.add.u32` (CUDA's `atomicAdd` on an `unsigned`): adds `v` to `*p` and returns
/// the value before, relaxed, at GPU scope.
///
/// # Safety
/// `p` points to a 4-byte aligned `u32` in global memory.
#[inline(always)]
pub unsafe fn atomic_add_global_u32(p: *mut u32, v: u32) -> u32 {
    #[cfg(target_arch = "nvptx64")]
    {
        let old: u32;
        // SAFETY: the caller's contract.
        unsafe {
            core::arch::asm!(
                "atom.global.add.u32 {old}, [{p}], {v};",
                old = out(reg32) old,
                p = in(reg64) p as u64,
                v = in(reg32) v,
                options(nostack)
            )
        };
        old
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        let _ = (p, v);
        panic!("`atom.global.add.u32` is a device instruction (nvptx64 only)")
    }
}

/// `bar.red.or.pred`: [`named_barrier_sync`](super::reg_reconfig_sm90::named_barrier_sync)
/// over `threads` threads of barrier `id` that also returns, to every one of them, whether
/// `p` was true in any of them.
#[inline(always)]
pub fn named_barrier_or(id: u32, threads: u32, p: bool) -> bool {
    #[cfg(target_arch = "nvptx64")]
    {
        let any: u32;
        // SAFETY: a barrier; the caller makes `threads` threads reach it.
        unsafe {
            core::arch::asm!(
                "{{ .reg .pred p, q; setp.ne.u32 p, {x}, 0; bar.red.or.pred q, {id}, {n}, p; \
                 selp.u32 {any}, 1, 0, q; }}",
                x = in(reg32) p as u32,
                id = in(reg32) id,
                n = in(reg32) threads,
                any = out(reg32) any,
                options(nostack)
            )
        };
        any != 0
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        let _ = (id, threads, p);
        panic!("`bar.red.or.pred` is a device instruction (nvptx64 only)")
    }
}
