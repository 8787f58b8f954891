//! SM80 asynchronous global-to-shared copies: port of `cute/arch/copy_sm80.hpp`
//! (`cp.async`, its commit and wait).
//!
//! `SM80_CP_ASYNC_CACHEALWAYS<S, D>` starts a copy of one `S` (4, 8 or 16 bytes) from global
//! memory to one `D` of the same size in shared memory, cached in L1 and L2 (`.ca`);
//! `SM80_CP_ASYNC_CACHEGLOBAL<S, D>` caches in L2 only (`.cg`, 16 bytes only). The `_ZFILL`
//! forms take a predicate and, where it is false, read nothing and fill the destination with
//! zeros (the source size operand is 0): how a tile's out-of-bounds elements are zeroed without
//! a branch. The copies complete asynchronously: [`cp_async_fence`] closes a group of them,
//! [`cp_async_wait`]`::<N>()` waits until at most `N` groups are still in flight.
//!
//! `copy(src, dst)` takes references because the instruction moves the data between those
//! addresses: `src` must be in global memory and `dst` in shared memory, both aligned to the
//! copy's size (the ops say so with `SRC_IN_MEMORY`/`DST_IN_MEMORY`, and a copy atom passes
//! references to the tensors' elements, not to register copies). The instructions are emitted
//! only when compiling for `nvptx64` with `sm_80` or later; on an older nvptx64 target the copy
//! panics naming the instruction and the missing feature. On the host the copy is done at
//! once (a `cp.async` whose wait has already returned), so host tests can run the copies of a
//! kernel's tiles: C++ has no host path (an invalid control path there);
//! `cp_async_fence`/`cp_async_wait` do nothing on the host.
#![allow(non_camel_case_types)]

use core::marker::PhantomData;

use super::copy::CopyOperation;
use crate::numeric::numeric_types::SizeofBits;

/// C++'s `.L2::128B` prefetch hint, which needs PTX ISA 7.4: emitted when the device build
/// targets it (`-C target-feature=+ptx74`); rustc's default for `sm_80` is PTX 7.0, where
/// `ptxas` rejects the hint, so it is left out (a performance hint only).
#[cfg(all(
    target_arch = "nvptx64",
    target_feature = "sm_80",
    target_feature = "ptx74"
))]
macro_rules! l2_hint {
    () => {
        ".L2::128B"
    };
}
#[cfg(all(
    target_arch = "nvptx64",
    target_feature = "sm_80",
    not(target_feature = "ptx74")
))]
macro_rules! l2_hint {
    () => {
        ""
    };
}

/// `cp.async` of one `S` from global `$src` to shared `$dst` (`$src_size`: a `u32` register
/// giving the bytes read, the rest zero-filled; `size_of::<S>()` for a plain copy). The copy
/// size is an immediate, so one arm per size (an `asm!` `const` cannot depend on `S`).
#[cfg(all(target_arch = "nvptx64", target_feature = "sm_80"))]
macro_rules! cp_async_asm {
    ($ptx:literal, $S:ty, $src:expr, $dst:expr, $src_size:expr) => {{
        // The destination as a 32-bit shared-window address (C++'s `cast_smem_ptr_to_uint`),
        // computed outside the `asm!` so that the window base folds into the address math.
        let (src, dst, src_size): (u64, u32, u32) = (
            $src as *const $S as u64,
            super::smem::cast_smem_ptr_to_uint($dst as *const u8),
            $src_size,
        );
        macro_rules! one {
                ($n:literal) => {
                    // SAFETY: `src` points to global and `dst` to shared memory, aligned (the op's
                    // contract, as C++'s); the instruction writes `$n` bytes at `dst`, later, and
                    // reads `src_size <= $n` bytes at `src`.
                    unsafe {
                        core::arch::asm!(
                            "{{",
                            ".reg .u64 %cute_ga;",
                            "cvta.to.global.u64 %cute_ga, {src};",
                            concat!($ptx, l2_hint!(), " [{dst}], [%cute_ga], ", $n, ", {sz};"),
                            "}}",
                            src = in(reg64) src,
                            dst = in(reg32) dst,
                            sz = in(reg32) src_size,
                            options(nostack)
                        )
                    }
                };
            }
        match core::mem::size_of::<$S>() {
            4 => one!(4),
            8 => one!(8),
            _ => one!(16),
        }
    }};
}

/// The host's `cp.async`: `size_of::<S>()` bytes from `src` to `dst` at once if `pred`, else
/// zeros to `dst`.
#[cfg(not(target_arch = "nvptx64"))]
#[inline(always)]
fn host_cp_async<S, D>(src: &S, dst: &mut D, pred: bool) {
    let n = core::mem::size_of::<S>();
    // SAFETY: `D` has `S`'s size (`CpAsyncSizes`); `src` and `dst` are references, so valid
    // for `n` bytes, and distinct objects (`&mut`).
    unsafe {
        if pred {
            core::ptr::copy_nonoverlapping(
                src as *const S as *const u8,
                dst as *mut D as *mut u8,
                n,
            )
        } else {
            core::ptr::write_bytes(dst as *mut D as *mut u8, 0, n)
        }
    }
}

/// The compile-time check of C++'s `static_assert`s on the sizes.
struct CpAsyncSizes<S, D, const GLOBAL_ONLY: bool>(PhantomData<(S, D)>);
impl<S, D, const GLOBAL_ONLY: bool> CpAsyncSizes<S, D, GLOBAL_ONLY> {
    const OK: () = {
        let s = core::mem::size_of::<S>();
        assert!(
            s == core::mem::size_of::<D>(),
            "cp.async: the source and destination types differ in size"
        );
        if GLOBAL_ONLY {
            assert!(s == 16, "cp.async.cg: the copied type is not 16 bytes");
        } else {
            assert!(
                s == 4 || s == 8 || s == 16,
                "cp.async: the copied type is not 4, 8 or 16 bytes"
            );
        }
    };
}

macro_rules! cp_async_op {
    ($(#[$doc:meta])* $Name:ident, $ptx:literal, $global_only:literal, $form:ident) => {
        $(#[$doc])*
        pub struct $Name<S, D = S>(PhantomData<(S, D)>);

        impl<S, D> Clone for $Name<S, D> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<S, D> Copy for $Name<S, D> {}
        impl<S, D> Default for $Name<S, D> {
            fn default() -> Self {
                $Name(PhantomData)
            }
        }
        impl<S, D> core::fmt::Debug for $Name<S, D> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(stringify!($Name))
            }
        }

        impl<S: SizeofBits, D: SizeofBits + Default> CopyOperation for $Name<S, D> {
            type SRegisters = S;
            type DRegisters = D;
            const SRC_IN_MEMORY: bool = true;
            const DST_IN_MEMORY: bool = true;
            #[inline(always)]
            fn copy(src: &S, dst: &mut D) {
                #[allow(clippy::let_unit_value)]
                let () = CpAsyncSizes::<S, D, $global_only>::OK;
                #[cfg(all(target_arch = "nvptx64", target_feature = "sm_80"))]
                cp_async_asm!($ptx, S, src, dst as *mut D, core::mem::size_of::<S>() as u32);
                #[cfg(all(target_arch = "nvptx64", not(target_feature = "sm_80")))]
                {
                    let _ = (src, dst);
                    panic!(concat!("`", $ptx, "` needs nvptx64 with target feature sm_80"))
                }
                #[cfg(not(target_arch = "nvptx64"))]
                host_cp_async(src, dst, true);
            }
            cp_async_pred!($form);
        }
    };
}

/// The zero-fill forms' `PRED_ZFILL` and `copy_pred` (the plain forms keep the defaults).
macro_rules! cp_async_pred {
    (plain) => {};
    (zfill) => {
        const PRED_ZFILL: bool = true;
        #[inline(always)]
        fn copy_pred(src: &S, dst: &mut D, pred: bool) {
            Self::copy_zfill(src, dst, pred)
        }
    };
}

macro_rules! cp_async_zfill_op {
    ($(#[$doc:meta])* $Name:ident, $ptx:literal, $global_only:literal) => {
        cp_async_op!($(#[$doc])* $Name, $ptx, $global_only, zfill);

        impl<S: SizeofBits, D: SizeofBits + Default> $Name<S, D> {
            /// C++'s `copy(src, dst, pred)`: copies `*src` to `*dst` if `pred`, else writes
            /// zeros to `*dst` and reads nothing.
            #[inline(always)]
            pub fn copy_zfill(src: &S, dst: &mut D, pred: bool) {
                #[allow(clippy::let_unit_value)]
                let () = CpAsyncSizes::<S, D, $global_only>::OK;
                #[cfg(all(target_arch = "nvptx64", target_feature = "sm_80"))]
                {
                    let src_size: u32 = if pred { core::mem::size_of::<S>() as u32 } else { 0 };
                    cp_async_asm!($ptx, S, src, dst as *mut D, src_size);
                }
                #[cfg(all(target_arch = "nvptx64", not(target_feature = "sm_80")))]
                {
                    let _ = (src, dst, pred);
                    panic!(concat!("`", $ptx, "` needs nvptx64 with target feature sm_80"))
                }
                #[cfg(not(target_arch = "nvptx64"))]
                host_cp_async(src, dst, pred);
            }
        }
    };
}

cp_async_op!(
    /// `SM80_CP_ASYNC_CACHEALWAYS<S, D = S>`: `cp.async.ca.shared.global[.L2::128B]` of one `S`
    /// (4, 8 or 16 bytes; a compile error otherwise) to one `D` of the same size.
    SM80_CP_ASYNC_CACHEALWAYS, "cp.async.ca.shared.global", false, plain
);
cp_async_op!(
    /// `SM80_CP_ASYNC_CACHEGLOBAL<S, D = S>`: `cp.async.cg.shared.global[.L2::128B]` of one
    /// 16-byte `S` (a compile error otherwise) to one `D` of the same size, bypassing L1.
    SM80_CP_ASYNC_CACHEGLOBAL, "cp.async.cg.shared.global", true, plain
);
cp_async_zfill_op!(
    /// `SM80_CP_ASYNC_CACHEALWAYS_ZFILL<S, D = S>`: [`SM80_CP_ASYNC_CACHEALWAYS`] with a
    /// predicate ([`copy_zfill`](Self::copy_zfill)); `copy` is `copy_zfill` with `true`.
    SM80_CP_ASYNC_CACHEALWAYS_ZFILL, "cp.async.ca.shared.global", false
);
cp_async_zfill_op!(
    /// `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<S, D = S>`: [`SM80_CP_ASYNC_CACHEGLOBAL`] with a
    /// predicate ([`copy_zfill`](Self::copy_zfill)); `copy` is `copy_zfill` with `true`.
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL, "cp.async.cg.shared.global", true
);

/// `cp_async_fence()`: `cp.async.commit_group`, closing the group of this thread's
/// `cp.async` copies started since the last fence. Does nothing on the host or before `sm_80`.
#[inline(always)]
pub fn cp_async_fence() {
    #[cfg(all(target_arch = "nvptx64", target_feature = "sm_80"))]
    // SAFETY: no operands; orders this thread's asynchronous copies (a memory clobber).
    unsafe {
        core::arch::asm!("cp.async.commit_group;", options(nostack))
    };
}

/// `cp_async_wait<N>()`: waits until at most `N` of this thread's committed `cp.async` groups
/// are in flight (`cp.async.wait_group N`; `cp.async.wait_all` for `N = 0`). Does nothing on the
/// host or before `sm_80`.
#[inline(always)]
pub fn cp_async_wait<const N: u32>() {
    #[cfg(all(target_arch = "nvptx64", target_feature = "sm_80"))]
    // SAFETY: no operands; a memory clobber, so shared-memory reads stay after the wait.
    unsafe {
        if N == 0 {
            core::arch::asm!("cp.async.wait_all;", options(nostack))
        } else {
            core::arch::asm!("cp.async.wait_group {n};", n = const N, options(nostack))
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numeric::numeric_types::Uint128;

    #[test]
    fn host_cp_async_copies_at_once() {
        let mut d = Uint128::default();
        SM80_CP_ASYNC_CACHEALWAYS::<Uint128>::copy(&Uint128([1, 2, 3, 4]), &mut d);
        assert_eq!(d, Uint128([1, 2, 3, 4]));
        let mut f = 0.0f32;
        SM80_CP_ASYNC_CACHEALWAYS::<f32>::copy(&2.5, &mut f);
        assert_eq!(f, 2.5);
    }

    #[test]
    fn host_cp_async_zfill_writes_zeros_where_the_predicate_is_false() {
        let mut d = Uint128([9, 9, 9, 9]);
        SM80_CP_ASYNC_CACHEGLOBAL_ZFILL::<Uint128>::copy_zfill(
            &Uint128([1, 2, 3, 4]),
            &mut d,
            false,
        );
        assert_eq!(d, Uint128::default());
        SM80_CP_ASYNC_CACHEGLOBAL_ZFILL::<Uint128>::copy_pred(&Uint128([1, 2, 3, 4]), &mut d, true);
        assert_eq!(d, Uint128([1, 2, 3, 4]));
        // the plain form's predicated copy skips, as C++'s copy_if
        let mut e = Uint128([7, 7, 7, 7]);
        SM80_CP_ASYNC_CACHEGLOBAL::<Uint128>::copy_pred(&Uint128([1, 2, 3, 4]), &mut e, false);
        assert_eq!(e, Uint128([7, 7, 7, 7]));
        const { assert!(SM80_CP_ASYNC_CACHEALWAYS_ZFILL::<Uint128>::PRED_ZFILL) };
        const { assert!(!SM80_CP_ASYNC_CACHEALWAYS::<Uint128>::PRED_ZFILL) };
    }

    /// On the host a `cp.async` copy is done when it is issued: the fence and the waits leave
    /// it as it is, and what a kernel reads after `cp_async_wait` is the source.
    #[test]
    fn host_copies_are_complete_after_fence_and_wait() {
        let mut d = Uint128([9, 9, 9, 9]);
        SM80_CP_ASYNC_CACHEGLOBAL::<Uint128>::copy(&Uint128([1, 2, 3, 4]), &mut d);
        cp_async_fence();
        cp_async_wait::<2>();
        cp_async_wait::<0>();
        assert_eq!(d, Uint128([1, 2, 3, 4]));
    }
}
