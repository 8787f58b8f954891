//! Shared-memory loads and stores as `ld.shared`/`st.shared` (what nvcc emits for
//! `__shared__` data).
//!
//! Why: a shared-memory pointer reaches Rust code as a generic address (from `cvta.shared`),
//! and LLVM cannot infer its address space through the `asm!` that produced it, so plain
//! loads through it become generic `LD`/`ST` in SASS, measured 3.5x slower than C++ CuTe's
//! `LDS` in the SGEMM inner loop. The shared-window address of a generic pointer `p` is
//! `p - W`, with `W` the (per-block constant) start of the shared window: computed once from
//! the dynamic shared-memory symbol, the subtraction folds into the address arithmetic.

#[cfg(target_arch = "nvptx64")]
use core::arch::asm;

/// The generic address at which the shared window starts (`generic = W + shared`).
#[cfg(target_arch = "nvptx64")]
#[inline(always)]
fn shared_window() -> u64 {
    let (generic, shared): (u64, u64);
    // SAFETY: reads the addresses of the dynamic shared-memory symbol; no memory access.
    unsafe {
        asm!(
            "cvta.shared.u64 {g}, cute_dynamic_smem;",
            "mov.u64 {s}, cute_dynamic_smem;",
            g = out(reg64) generic,
            s = out(reg64) shared,
            options(pure, nomem, nostack, preserves_flags)
        )
    };
    generic - shared
}

/// `cast_smem_ptr_to_uint(p)` (C++ `cute/arch/util.hpp`): the 32-bit shared-window address of
/// the generic shared-memory pointer `p`, the form PTX's `.shared` operands (`mbarrier`, TMA,
/// GMMA descriptors) take. Computed as `p - W` like the loads here, in 32 bits: the result
/// fits, and LLVM then keeps a shared tile's address arithmetic 32-bit where the 64-bit form
/// left a `cvt.u64.u32`/`add.s64`/`cvt.u32.u64` per access (the `sgemm_sm80` port's main loop:
/// 406 -> 374 SASS instructions per k-tile and warp, ptxas 12.9 for sm_90a).
///
/// # Panics
/// On the host, naming the operation: there is no shared memory there.
#[inline(always)]
pub fn cast_smem_ptr_to_uint<T>(p: *const T) -> u32 {
    #[cfg(target_arch = "nvptx64")]
    {
        (p as u64 as u32).wrapping_sub(shared_window() as u32)
    }
    #[cfg(not(target_arch = "nvptx64"))]
    {
        let _ = p;
        panic!("`cast_smem_ptr_to_uint` (a shared-window address) is a device operation (nvptx64 only)")
    }
}

/// Loads `*p`, where `p` is a generic address in shared memory: one `ld.shared` for values of
/// 4, 8 or 16 bytes, a plain load otherwise (and on the host).
///
/// # Safety
/// As `*p`; on the device, `p` must point into shared memory.
#[inline(always)]
pub unsafe fn load_shared<T: Copy>(p: *const T) -> T {
    #[cfg(target_arch = "nvptx64")]
    {
        // SAFETY: the caller's contract; each arm reads exactly size_of::<T>() bytes.
        unsafe { load_by_size!("ld.shared", T, p as u64 - shared_window()) }
    }
    // SAFETY: the caller's contract (unaligned on the host, as host tests' buffers may be).
    unsafe { super::register::read_register(p) }
}

/// Stores `v` to `*p`, where `p` is a generic address in shared memory: one `st.shared` for
/// values of 4, 8 or 16 bytes, a plain store otherwise (and on the host).
///
/// # Safety
/// As `*p = v`; on the device, `p` must point into shared memory.
#[inline(always)]
pub unsafe fn store_shared<T: Copy>(p: *mut T, v: T) {
    #[cfg(target_arch = "nvptx64")]
    {
        let a = p as u64 - shared_window();
        // SAFETY: the caller's contract; each arm writes exactly size_of::<T>() bytes.
        unsafe {
            match core::mem::size_of::<T>() {
                4 => {
                    let x: u32 = core::mem::transmute_copy(&v);
                    asm!("st.shared.b32 [{a}], {x};", a = in(reg64) a, x = in(reg32) x,
                         options(nostack, preserves_flags));
                    return;
                }
                8 => {
                    let x: u64 = core::mem::transmute_copy(&v);
                    asm!("st.shared.b64 [{a}], {x};", a = in(reg64) a, x = in(reg64) x,
                         options(nostack, preserves_flags));
                    return;
                }
                16 => {
                    let x: [u32; 4] = core::mem::transmute_copy(&v);
                    asm!("st.shared.v4.b32 [{a}], {{{x}, {y}, {z}, {w}}};", a = in(reg64) a,
                         x = in(reg32) x[0], y = in(reg32) x[1], z = in(reg32) x[2],
                         w = in(reg32) x[3], options(nostack, preserves_flags));
                    return;
                }
                _ => {}
            }
        }
    }
    // SAFETY: the caller's contract (unaligned on the host, as host tests' buffers may be).
    unsafe { super::register::write_register(p, v) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_falls_back_to_plain_accesses() {
        let mut x = [1.5f32, 2.5];
        let mut w = [7u128];
        // SAFETY: valid, aligned pointers into local arrays.
        unsafe {
            assert_eq!(load_shared(x.as_ptr().add(1)), 2.5);
            store_shared(x.as_mut_ptr(), 4.0);
            store_shared(w.as_mut_ptr(), 9);
            assert_eq!(load_shared(w.as_ptr()), 9);
        }
        assert_eq!(x, [4.0, 2.5]);
    }
}
