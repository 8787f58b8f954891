//! SM80 warp-level tensor-core MMAs: port of `cute/arch/mma_sm80.hpp` (its `TN` ops with
//! `f16`, `bf16`, `tf32`, `f64` and `s8` inputs).
//!
//! Each type names one `mma.sync.aligned` instruction; `TN` means A is row-major (K fastest)
//! and B column-major (K fastest) within a thread's registers. 16-bit inputs are packed two per
//! `u32` register, 8-bit inputs four per register, the lower-indexed value in the low bits;
//! `f16` accumulators (the `F16F16F16F16` ops) are packed two per `u32` as well. The
//! instruction is emitted only when compiling for `nvptx64` with `sm_80` or later; elsewhere
//! calling it panics naming the instruction and the missing feature (the types, their traits
//! and layouts exist everywhere).
#![allow(non_camel_case_types)]

use super::mma::MmaOperation;

/// One op: the struct, and its `MmaOperation` impl whose `fma` runs `$ptx` on the device
/// (operands `{0}`.. in the order D, A, B, C, each register class given by `$ops`) and panics
/// on the host.
macro_rules! sm80_mma {
    (
        $(#[$doc:meta])* $Name:ident, $ptx:literal,
        D: $D:ty, A: $A:ty, B: $B:ty, C: $C:ty,
        $template:literal, |$d:ident, $a:ident, $b:ident, $c:ident| $($ops:tt)*
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct $Name;

        impl MmaOperation for $Name {
            type DRegisters = $D;
            type ARegisters = $A;
            type BRegisters = $B;
            type CRegisters = $C;
            #[inline(always)]
            fn fma($d: &mut $D, $a: &$A, $b: &$B, $c: &$C) {
                #[cfg(all(target_arch = "nvptx64", target_feature = "sm_80"))]
                // SAFETY: registers only; every lane of the warp executes it (`.sync.aligned`),
                // which is the caller's contract as for CUDA's mma intrinsics. Not `pure`: like
                // C++'s `asm volatile`, a warp-synchronous instruction must not be moved or
                // speculated.
                unsafe {
                    core::arch::asm!(concat!($ptx, " ", $template), $($ops)*
                                     options(nomem, nostack));
                }
                #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_80")))]
                {
                    let _ = ($d, $a, $b, $c);
                    panic!(concat!("`", $ptx, "` needs nvptx64 with target feature sm_80"))
                }
            }
        }
    };
}

sm80_mma!(
    /// `SM80_16x8x8_F16F16F16F16_TN`: `mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16`: D, C
    /// `[u32; 2]` (4 `f16`), A `[u32; 2]` (4 `f16`), B `[u32; 1]` (2 `f16`).
    SM80_16x8x8_F16F16F16F16_TN, "mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16",
    D: [u32; 2], A: [u32; 2], B: [u32; 1], C: [u32; 2],
    "{{{0}, {1}}}, {{{2}, {3}}}, {{{4}}}, {{{5}, {6}}};",
    |d, a, b, c|
    out(reg32) d[0], out(reg32) d[1], in(reg32) a[0], in(reg32) a[1], in(reg32) b[0],
    in(reg32) c[0], in(reg32) c[1],
);
sm80_mma!(
    /// `SM80_16x8x16_F16F16F16F16_TN`: `mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16`:
    /// D, C `[u32; 2]` (4 `f16`), A `[u32; 4]` (8 `f16`), B `[u32; 2]` (4 `f16`).
    SM80_16x8x16_F16F16F16F16_TN, "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16",
    D: [u32; 2], A: [u32; 4], B: [u32; 2], C: [u32; 2],
    "{{{0}, {1}}}, {{{2}, {3}, {4}, {5}}}, {{{6}, {7}}}, {{{8}, {9}}};",
    |d, a, b, c|
    out(reg32) d[0], out(reg32) d[1],
    in(reg32) a[0], in(reg32) a[1], in(reg32) a[2], in(reg32) a[3],
    in(reg32) b[0], in(reg32) b[1], in(reg32) c[0], in(reg32) c[1],
);
sm80_mma!(
    /// `SM80_16x8x8_F32F16F16F32_TN`: `mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32`, a
    /// 16x8x8 MMA per warp: D, C `[f32; 4]`, A `[u32; 2]` (4 `f16`), B `[u32; 1]` (2 `f16`).
    SM80_16x8x8_F32F16F16F32_TN, "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32",
    D: [f32; 4], A: [u32; 2], B: [u32; 1], C: [f32; 4],
    "{{{0}, {1}, {2}, {3}}}, {{{4}, {5}}}, {{{6}}}, {{{7}, {8}, {9}, {10}}};",
    |d, a, b, c|
    out(reg32) d[0], out(reg32) d[1], out(reg32) d[2], out(reg32) d[3],
    in(reg32) a[0], in(reg32) a[1], in(reg32) b[0],
    in(reg32) c[0], in(reg32) c[1], in(reg32) c[2], in(reg32) c[3],
);
sm80_mma!(
    /// `SM80_16x8x16_F32F16F16F32_TN`: `mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32`, a
    /// 16x8x16 MMA per warp: D, C `[f32; 4]`, A `[u32; 4]` (8 `f16`), B `[u32; 2]` (4 `f16`).
    SM80_16x8x16_F32F16F16F32_TN, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32",
    D: [f32; 4], A: [u32; 4], B: [u32; 2], C: [f32; 4],
    "{{{0}, {1}, {2}, {3}}}, {{{4}, {5}, {6}, {7}}}, {{{8}, {9}}}, {{{10}, {11}, {12}, {13}}};",
    |d, a, b, c|
    out(reg32) d[0], out(reg32) d[1], out(reg32) d[2], out(reg32) d[3],
    in(reg32) a[0], in(reg32) a[1], in(reg32) a[2], in(reg32) a[3],
    in(reg32) b[0], in(reg32) b[1],
    in(reg32) c[0], in(reg32) c[1], in(reg32) c[2], in(reg32) c[3],
);
sm80_mma!(
    /// `SM80_16x8x8_F32BF16BF16F32_TN`: `mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32`:
    /// D, C `[f32; 4]`, A `[u32; 2]` (4 `bf16`), B `[u32; 1]` (2 `bf16`).
    SM80_16x8x8_F32BF16BF16F32_TN, "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32",
    D: [f32; 4], A: [u32; 2], B: [u32; 1], C: [f32; 4],
    "{{{0}, {1}, {2}, {3}}}, {{{4}, {5}}}, {{{6}}}, {{{7}, {8}, {9}, {10}}};",
    |d, a, b, c|
    out(reg32) d[0], out(reg32) d[1], out(reg32) d[2], out(reg32) d[3],
    in(reg32) a[0], in(reg32) a[1], in(reg32) b[0],
    in(reg32) c[0], in(reg32) c[1], in(reg32) c[2], in(reg32) c[3],
);
sm80_mma!(
    /// `SM80_16x8x16_F32BF16BF16F32_TN`: `mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32`:
    /// D, C `[f32; 4]`, A `[u32; 4]` (8 `bf16`), B `[u32; 2]` (4 `bf16`).
    SM80_16x8x16_F32BF16BF16F32_TN, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32",
    D: [f32; 4], A: [u32; 4], B: [u32; 2], C: [f32; 4],
    "{{{0}, {1}, {2}, {3}}}, {{{4}, {5}, {6}, {7}}}, {{{8}, {9}}}, {{{10}, {11}, {12}, {13}}};",
    |d, a, b, c|
    out(reg32) d[0], out(reg32) d[1], out(reg32) d[2], out(reg32) d[3],
    in(reg32) a[0], in(reg32) a[1], in(reg32) a[2], in(reg32) a[3],
    in(reg32) b[0], in(reg32) b[1],
    in(reg32) c[0], in(reg32) c[1], in(reg32) c[2], in(reg32) c[3],
);
sm80_mma!(
    /// `SM80_16x8x4_F32TF32TF32F32_TN`: `mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32`:
    /// D, C `[f32; 4]`, A `[u32; 2]` (2 `tf32`), B `[u32; 1]` (1 `tf32`).
    SM80_16x8x4_F32TF32TF32F32_TN, "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32",
    D: [f32; 4], A: [u32; 2], B: [u32; 1], C: [f32; 4],
    "{{{0}, {1}, {2}, {3}}}, {{{4}, {5}}}, {{{6}}}, {{{7}, {8}, {9}, {10}}};",
    |d, a, b, c|
    out(reg32) d[0], out(reg32) d[1], out(reg32) d[2], out(reg32) d[3],
    in(reg32) a[0], in(reg32) a[1], in(reg32) b[0],
    in(reg32) c[0], in(reg32) c[1], in(reg32) c[2], in(reg32) c[3],
);
sm80_mma!(
    /// `SM80_16x8x8_F32TF32TF32F32_TN`: `mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32`:
    /// D, C `[f32; 4]`, A `[u32; 4]` (4 `tf32`), B `[u32; 2]` (2 `tf32`).
    SM80_16x8x8_F32TF32TF32F32_TN, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32",
    D: [f32; 4], A: [u32; 4], B: [u32; 2], C: [f32; 4],
    "{{{0}, {1}, {2}, {3}}}, {{{4}, {5}, {6}, {7}}}, {{{8}, {9}}}, {{{10}, {11}, {12}, {13}}};",
    |d, a, b, c|
    out(reg32) d[0], out(reg32) d[1], out(reg32) d[2], out(reg32) d[3],
    in(reg32) a[0], in(reg32) a[1], in(reg32) a[2], in(reg32) a[3],
    in(reg32) b[0], in(reg32) b[1],
    in(reg32) c[0], in(reg32) c[1], in(reg32) c[2], in(reg32) c[3],
);
sm80_mma!(
    /// `SM80_8x8x4_F64F64F64F64_TN`: `mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64`, an
    /// 8x8x4 double-precision MMA per warp: D, C `[f64; 2]`, A `[f64; 1]`, B `[f64; 1]`.
    SM80_8x8x4_F64F64F64F64_TN, "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64",
    D: [f64; 2], A: [f64; 1], B: [f64; 1], C: [f64; 2],
    "{{{0}, {1}}}, {{{2}}}, {{{3}}}, {{{4}, {5}}};",
    |d, a, b, c|
    out(reg64) d[0], out(reg64) d[1], in(reg64) a[0], in(reg64) b[0],
    in(reg64) c[0], in(reg64) c[1],
);
sm80_mma!(
    /// `SM80_16x8x32_S32S8S8S32_TN`: `mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32`: D, C
    /// `[u32; 4]` (4 `i32`), A `[u32; 4]` (16 `i8`), B `[u32; 2]` (8 `i8`); wrapping
    /// accumulation (the `_SATURATE` form is not ported).
    SM80_16x8x32_S32S8S8S32_TN, "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32",
    D: [u32; 4], A: [u32; 4], B: [u32; 2], C: [u32; 4],
    "{{{0}, {1}, {2}, {3}}}, {{{4}, {5}, {6}, {7}}}, {{{8}, {9}}}, {{{10}, {11}, {12}, {13}}};",
    |d, a, b, c|
    out(reg32) d[0], out(reg32) d[1], out(reg32) d[2], out(reg32) d[3],
    in(reg32) a[0], in(reg32) a[1], in(reg32) a[2], in(reg32) a[3],
    in(reg32) b[0], in(reg32) b[1],
    in(reg32) c[0], in(reg32) c[1], in(reg32) c[2], in(reg32) c[3],
);

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

    #[test]
    #[should_panic(
        expected = "`mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64` needs nvptx64 with target feature sm_80"
    )]
    fn host_call_of_f64_names_the_instruction() {
        SM80_8x8x4_F64F64F64F64_TN::fma(&mut [0.0; 2], &[0.0], &[0.0], &[0.0; 2]);
    }

    #[test]
    #[should_panic(
        expected = "`mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16` needs nvptx64 with target feature sm_80"
    )]
    fn host_call_of_f16_accumulate_names_the_instruction() {
        SM80_16x8x16_F16F16F16F16_TN::fma(&mut [0; 2], &[0; 4], &[0; 2], &[0; 2]);
    }
}
