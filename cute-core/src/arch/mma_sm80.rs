//! SM80 warp-level tensor-core MMAs: port of the F32-accumulate `f16` ops of
//! `cute/arch/mma_sm80.hpp`.
//!
//! Each type names one `mma.sync.aligned` instruction; `TN` means A is row-major (K fastest)
//! and B column-major (K fastest) within a thread's registers. A and B registers hold two
//! `f16` values each, the lower-indexed one in the low half. The instruction is emitted only
//! when compiling for `nvptx64` with `sm_80` or later; elsewhere calling it panics naming the
//! instruction and the missing feature (the types, their traits and layouts exist everywhere).
#![allow(non_camel_case_types)]

use super::mma::MmaOperation;

macro_rules! sm80_op {
    ($(#[$doc:meta])* $Name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct $Name;
    };
}

sm80_op!(
    /// `SM80_16x8x8_F32F16F16F32_TN`: `mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32`, a
    /// 16x8x8 MMA per warp: D, C `[f32; 4]`, A `[u32; 2]` (4 `f16`), B `[u32; 1]` (2 `f16`).
    SM80_16x8x8_F32F16F16F32_TN
);
sm80_op!(
    /// `SM80_16x8x16_F32F16F16F32_TN`: `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`, a
    /// 16x8x16 MMA per warp: D, C `[f32; 4]`, A `[u32; 4]` (8 `f16`), B `[u32; 2]` (4 `f16`).
    SM80_16x8x16_F32F16F16F32_TN
);

impl MmaOperation for SM80_16x8x8_F32F16F16F32_TN {
    type DRegisters = [f32; 4];
    type ARegisters = [u32; 2];
    type BRegisters = [u32; 1];
    type CRegisters = [f32; 4];
    #[inline(always)]
    fn fma(d: &mut [f32; 4], a: &[u32; 2], b: &[u32; 1], c: &[f32; 4]) {
        #[cfg(all(target_arch = "nvptx64", target_feature = "sm_80"))]
        // SAFETY: registers only; every lane of the warp executes it (`.sync.aligned`), which
        // is the caller's contract as for CUDA's mma intrinsics. Not `pure`: like C++'s
        // `asm volatile`, a warp-synchronous instruction must not be moved or speculated.
        unsafe {
            core::arch::asm!(
                "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 \
                 {{{0}, {1}, {2}, {3}}}, {{{4}, {5}}}, {{{6}}}, {{{7}, {8}, {9}, {10}}};",
                out(reg32) d[0], out(reg32) d[1], out(reg32) d[2], out(reg32) d[3],
                in(reg32) a[0], in(reg32) a[1],
                in(reg32) b[0],
                in(reg32) c[0], in(reg32) c[1], in(reg32) c[2], in(reg32) c[3],
                options(nomem, nostack)
            );
        }
        #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_80")))]
        {
            let _ = (d, a, b, c);
            panic!(
                "`mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32` needs nvptx64 with \
                 target feature sm_80"
            )
        }
    }
}

impl MmaOperation for SM80_16x8x16_F32F16F16F32_TN {
    type DRegisters = [f32; 4];
    type ARegisters = [u32; 4];
    type BRegisters = [u32; 2];
    type CRegisters = [f32; 4];
    #[inline(always)]
    fn fma(d: &mut [f32; 4], a: &[u32; 4], b: &[u32; 2], c: &[f32; 4]) {
        #[cfg(all(target_arch = "nvptx64", target_feature = "sm_80"))]
        // SAFETY: as for the 16x8x8 op.
        unsafe {
            core::arch::asm!(
                "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 \
                 {{{0}, {1}, {2}, {3}}}, {{{4}, {5}, {6}, {7}}}, {{{8}, {9}}}, \
                 {{{10}, {11}, {12}, {13}}};",
                out(reg32) d[0], out(reg32) d[1], out(reg32) d[2], out(reg32) d[3],
                in(reg32) a[0], in(reg32) a[1], in(reg32) a[2], in(reg32) a[3],
                in(reg32) b[0], in(reg32) b[1],
                in(reg32) c[0], in(reg32) c[1], in(reg32) c[2], in(reg32) c[3],
                options(nomem, nostack)
            );
        }
        #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_80")))]
        {
            let _ = (d, a, b, c);
            panic!(
                "`mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32` needs nvptx64 with \
                 target feature sm_80"
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(
        expected = "`mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32` needs nvptx64 with target feature sm_80"
    )]
    fn host_call_of_16x8x16_names_the_instruction() {
        SM80_16x8x16_F32F16F16F32_TN::fma(&mut [0.0; 4], &[0; 4], &[0; 2], &[0.0; 4]);
    }

    #[test]
    #[should_panic(
        expected = "`mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32` needs nvptx64 with target feature sm_80"
    )]
    fn host_call_of_16x8x8_names_the_instruction() {
        SM80_16x8x8_F32F16F16F32_TN::fma(&mut [0.0; 4], &[0; 2], &[0; 1], &[0.0; 4]);
    }
}
