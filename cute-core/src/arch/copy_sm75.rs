//! SM75 `ldmatrix`: port of the `LDSM` ops of `cute/arch/copy_sm75.hpp`.
//!
//! One `ldmatrix` loads one, two or four 8x8 matrices of 16-bit values from shared memory
//! into the registers of a warp: each participating thread gives the shared-memory address of
//! one 16-byte row (threads 0-7 the rows of matrix 0, 8-15 of matrix 1, ...), and thread `t`
//! receives, per matrix, the two values at row `t / 4`, columns `2 (t % 4)` and `+1` (one
//! `u32`), or with `.trans` the two values at column `t / 4`, rows `2 (t % 4)` and `+1`.
//! Hence `SRegisters` is a [`Uint128`] (the thread's row, read in place) and `DRegisters` one
//! `u32` per matrix. The instruction is emitted only when compiling for `nvptx64` with
//! `sm_75` or later (C++: `__CUDA_ARCH__ >= 750`); elsewhere the copy panics naming the
//! instruction and the missing feature.
//!
//! `copy(src, dst)` takes `src` by reference because the instruction reads the row at that
//! address: `src` must be a reference into shared memory, 16-byte aligned, on every lane of the
//! warp at once (`.sync.aligned`).
#![allow(non_camel_case_types)]

use super::copy::CopyOperation;
use crate::numeric::numeric_types::Uint128;

macro_rules! ldsm_op {
    (
        $(#[$doc:meta])* $Name:ident, $ptx:literal, $D:ty,
        $template:literal, |$dst:ident| $($outs:tt)*
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct $Name;

        impl CopyOperation for $Name {
            type SRegisters = Uint128;
            type DRegisters = $D;
            const SRC_IN_MEMORY: bool = true;
            #[inline(always)]
            fn copy(src: &Uint128, $dst: &mut $D) {
                #[cfg(all(target_arch = "nvptx64", target_feature = "sm_75"))]
                // SAFETY: `src` is a shared-memory reference (this op's contract, as C++'s);
                // the instruction reads the 16 bytes there and writes registers only. Not
                // `pure`: warp-synchronous, it must not be moved or speculated.
                // The 32-bit shared-window address, as C++'s `cast_smem_ptr_to_uint`: computed
                // outside the `asm!`, so the compiler folds the window base into the address
                // arithmetic (a generic address converted inside each `asm!` kept a 64-bit
                // register pair live per `ldmatrix` of an unrolled loop).
                unsafe {
                    core::arch::asm!(
                        concat!($ptx, " ", $template),
                        $($outs)*
                        src = in(reg32) super::smem::cast_smem_ptr_to_uint(src as *const Uint128),
                        options(readonly, nostack)
                    );
                }
                #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_75")))]
                {
                    let _ = (src, $dst);
                    panic!(concat!("`", $ptx, "` needs nvptx64 with target feature sm_75"))
                }
            }
        }
    };
}

ldsm_op!(
    /// `SM75_U32x1_LDSM_N`: `ldmatrix.sync.aligned.x1.m8n8.shared.b16`, one 8x8 matrix (rows
    /// from threads 0-7), one `u32` per thread.
    SM75_U32x1_LDSM_N, "ldmatrix.sync.aligned.x1.m8n8.shared.b16", u32,
    "{{{d0}}}, [{src}];", |dst| d0 = out(reg32) *dst,
);
ldsm_op!(
    /// `SM75_U32x2_LDSM_N`: `ldmatrix.sync.aligned.x2.m8n8.shared.b16`, two 8x8 matrices (rows
    /// from threads 0-15), two `u32` per thread.
    SM75_U32x2_LDSM_N, "ldmatrix.sync.aligned.x2.m8n8.shared.b16", [u32; 2],
    "{{{d0}, {d1}}}, [{src}];", |dst| d0 = out(reg32) dst[0], d1 = out(reg32) dst[1],
);
ldsm_op!(
    /// `SM75_U32x4_LDSM_N`: `ldmatrix.sync.aligned.x4.m8n8.shared.b16`, four 8x8 matrices
    /// (rows from all 32 threads), four `u32` per thread.
    SM75_U32x4_LDSM_N, "ldmatrix.sync.aligned.x4.m8n8.shared.b16", [u32; 4],
    "{{{d0}, {d1}, {d2}, {d3}}}, [{src}];",
    |dst| d0 = out(reg32) dst[0], d1 = out(reg32) dst[1], d2 = out(reg32) dst[2],
    d3 = out(reg32) dst[3],
);
ldsm_op!(
    /// `SM75_U16x2_LDSM_T`: `ldmatrix.sync.aligned.x1.trans.m8n8.shared.b16`, one transposed
    /// 8x8 matrix, two 16-bit values (one `u32`) per thread.
    SM75_U16x2_LDSM_T, "ldmatrix.sync.aligned.x1.trans.m8n8.shared.b16", u32,
    "{{{d0}}}, [{src}];", |dst| d0 = out(reg32) *dst,
);
ldsm_op!(
    /// `SM75_U16x4_LDSM_T`: `ldmatrix.sync.aligned.x2.trans.m8n8.shared.b16`, two transposed
    /// 8x8 matrices, four 16-bit values per thread.
    SM75_U16x4_LDSM_T, "ldmatrix.sync.aligned.x2.trans.m8n8.shared.b16", [u32; 2],
    "{{{d0}, {d1}}}, [{src}];", |dst| d0 = out(reg32) dst[0], d1 = out(reg32) dst[1],
);
ldsm_op!(
    /// `SM75_U16x8_LDSM_T`: `ldmatrix.sync.aligned.x4.trans.m8n8.shared.b16`, four transposed
    /// 8x8 matrices, eight 16-bit values per thread.
    SM75_U16x8_LDSM_T, "ldmatrix.sync.aligned.x4.trans.m8n8.shared.b16", [u32; 4],
    "{{{d0}, {d1}, {d2}, {d3}}}, [{src}];",
    |dst| d0 = out(reg32) dst[0], d1 = out(reg32) dst[1], d2 = out(reg32) dst[2],
    d3 = out(reg32) dst[3],
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(
        expected = "`ldmatrix.sync.aligned.x4.m8n8.shared.b16` needs nvptx64 with target feature sm_75"
    )]
    fn host_call_of_ldsm_x4_names_the_instruction() {
        SM75_U32x4_LDSM_N::copy(&Uint128::default(), &mut [0; 4]);
    }

    #[test]
    #[should_panic(
        expected = "`ldmatrix.sync.aligned.x1.trans.m8n8.shared.b16` needs nvptx64 with target feature sm_75"
    )]
    fn host_call_of_ldsm_t_names_the_instruction() {
        SM75_U16x2_LDSM_T::copy(&Uint128::default(), &mut 0);
    }
}
