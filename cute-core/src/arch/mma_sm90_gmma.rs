//! Warpgroup MMAs (`wgmma.mma_async`) of SM90a: port of the dense `f16`/`bf16` and 8-bit float
//! (`e4m3`/`e5m2`) ops of `cute/arch/mma_sm90_gmma.hpp` and its warpgroup synchronization, with
//! the 8-bit ops of the other N of `mma_sm90_gmma_ext.hpp` under feature
//! `sm90-extended-mma-shapes` (C++ includes them only when `CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED`
//! is defined).
//!
//! A GMMA is issued by a warpgroup (4 consecutive warps, 128 threads): B always comes from
//! shared memory through a 64-bit descriptor
//! ([`GmmaDescriptor`](super::mma_sm90_desc::GmmaDescriptor)); A from shared memory (`_SS`)
//! or from registers (`_RS`, four `u32` of packed pairs per thread, K-major only). The
//! accumulators stay in registers and are read and written in place:
//! `D = (scaleA * A) * (scaleB * B) + scaleD * D`.
//!
//! Each 16-bit op is a type `SM90_64xNx16_<D><A><B>_{SS,RS}<MajorA, MajorB, ScaleA, ScaleB>` as in
//! C++, the majors [`GMMA::Major::K`] or [`GMMA::Major::MN`], the scales
//! [`GMMA::ScaleIn::One`] (default) or [`GMMA::ScaleIn::Neg`]; these are immediates of the
//! instruction. Its `wgmma` takes the descriptors (or A's registers), the accumulator array
//! (`[f32; N/2]` or, for `f16` results, `[u32; N/4]` of packed pairs) and
//! [`GMMA::ScaleOut`]. Every accumulator is a separate `asm!` operand indexed by a constant,
//! so the array stays in registers.
//!
//! The 8-bit float ops are `SM90_64xNx32_<D><A><B>_{SS,RS}_TN<ScaleA, ScaleB>` (`<A>`, `<B>`
//! each `E4M3` or `E5M2`, `<D>` `F32` or `F16`, N in {8,16,32,64,96,128,192,256}, or any
//! multiple of 8 up to 256 with feature `sm90-extended-mma-shapes`): K is 32, A and
//! B are always K-major (PTX has no transpose for 8-bit types), so the scales are their only
//! parameters; `_RS` ops take A as four `u32` of four packed values each.
//!
//! The instructions are emitted only for `nvptx64` with target feature `sm_90a`; elsewhere
//! calling them panics naming the instruction (the types and their traits exist everywhere).
#![allow(non_camel_case_types)]

use core::marker::PhantomData;

use super::mma::MmaOperation;

// ---------------------------------------------------------------------------------------------
// Warpgroup synchronization
// ---------------------------------------------------------------------------------------------

/// Emits `$ins` (a warpgroup-synchronous instruction with no operands) or, on the host,
/// panics naming it.
macro_rules! warpgroup_sync {
    ($ins:literal) => {{
        #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
        // SAFETY: no operands; every thread of the warpgroup executes it (`.sync.aligned`),
        // the caller's contract as for C++'s `warpgroup_*`. Not `nomem`: it orders memory.
        unsafe {
            core::arch::asm!(concat!($ins, ";"), options(nostack));
        }
        #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
        panic!(concat!(
            "`",
            $ins,
            "` needs nvptx64 with target feature sm_90a"
        ))
    }};
}

/// `warpgroup_arrive()`: `wgmma.fence.sync.aligned`, which orders earlier register and
/// shared-memory accesses before the warpgroup's next `wgmma.mma_async`.
#[inline(always)]
pub fn warpgroup_arrive() {
    warpgroup_sync!("wgmma.fence.sync.aligned")
}

/// `warpgroup_commit_batch()`: `wgmma.commit_group.sync.aligned`, closing the batch of the
/// `wgmma.mma_async` issued since the last commit.
#[inline(always)]
pub fn warpgroup_commit_batch() {
    warpgroup_sync!("wgmma.commit_group.sync.aligned")
}

/// `warpgroup_wait<N>()`: `wgmma.wait_group.sync.aligned N`, waiting until at most `N`
/// committed batches are pending.
///
/// # Preconditions
/// `0 <= N <= 7`, else the build fails with `warpgroup_wait: N must be in 0..=7`.
#[inline(always)]
pub fn warpgroup_wait<const N: i32>() {
    const { assert!(0 <= N && N <= 7, "warpgroup_wait: N must be in 0..=7") };
    #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
    // SAFETY: as for `warpgroup_arrive`.
    unsafe {
        core::arch::asm!("wgmma.wait_group.sync.aligned {n};", n = const N, options(nostack));
    }
    #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
    panic!("`wgmma.wait_group.sync.aligned` needs nvptx64 with target feature sm_90a")
}

/// A register value that [`warpgroup_fence_operand`] can pin: `u32` and `f32` (C++'s two
/// overloads), and arrays of them (C++'s overload for register tensors).
pub trait FenceOperand {
    /// Pins `self` (see [`warpgroup_fence_operand`]).
    fn fence(&mut self);
}
impl FenceOperand for u32 {
    #[inline(always)]
    fn fence(&mut self) {
        #[cfg(target_arch = "nvptx64")]
        // SAFETY: an empty template; the value only passes through a register.
        unsafe {
            core::arch::asm!("/* fence {r} */", r = inout(reg32) * self, options(nostack));
        }
    }
}
impl FenceOperand for f32 {
    #[inline(always)]
    fn fence(&mut self) {
        let mut bits = self.to_bits();
        bits.fence();
        *self = f32::from_bits(bits);
    }
}
impl<T: FenceOperand, const N: usize> FenceOperand for [T; N] {
    #[inline(always)]
    fn fence(&mut self) {
        for r in self.iter_mut() {
            r.fence();
        }
    }
}
impl<T: FenceOperand + Copy, const N: usize> FenceOperand for GmmaRegs<T, N> {
    #[inline(always)]
    fn fence(&mut self) {
        self.0.fence();
    }
}

/// `warpgroup_fence_operand(reg)`: an empty `asm!` reading and writing `reg`, so the
/// compiler neither moves accesses to the accumulators across the asynchronous
/// `wgmma.mma_async` nor keeps them in other registers meanwhile. No instruction is emitted;
/// on the host it does nothing.
#[inline(always)]
pub fn warpgroup_fence_operand<T: FenceOperand>(reg: &mut T) {
    reg.fence();
}

// ---------------------------------------------------------------------------------------------
// GMMA enums (C++'s SM90::GMMA namespace)
// ---------------------------------------------------------------------------------------------

/// C++'s `SM90::GMMA` namespace: the majors and scales the ops take as type parameters.
#[allow(non_snake_case)]
pub mod GMMA {
    /// `GMMA::Major`: which mode of an operand is contiguous in shared memory.
    pub mod Major {
        /// `GMMA::Major::K` (0): K is contiguous ("T" for A, "N" for B in BLAS terms).
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct K;
        /// `GMMA::Major::MN` (1): M (for A) or N (for B) is contiguous.
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct MN;
    }
    /// `GMMA::ScaleIn`: the sign an operand is multiplied by.
    pub mod ScaleIn {
        /// `GMMA::ScaleIn::One` (1).
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct One;
        /// `GMMA::ScaleIn::Neg` (-1).
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct Neg;
    }
    /// A major type, and its immediate (`imm-trans`).
    pub trait IsMajor: Copy + Default + 'static {
        /// 0 for K, 1 for MN.
        const VALUE: i32;
    }
    impl IsMajor for Major::K {
        const VALUE: i32 = 0;
    }
    impl IsMajor for Major::MN {
        const VALUE: i32 = 1;
    }
    /// A scale type, and its immediate (`imm-scale`).
    pub trait IsScaleIn: Copy + Default + 'static {
        /// 1 or -1.
        const VALUE: i32;
    }
    impl IsScaleIn for ScaleIn::One {
        const VALUE: i32 = 1;
    }
    impl IsScaleIn for ScaleIn::Neg {
        const VALUE: i32 = -1;
    }
    /// `GMMA::ScaleOut`: whether the accumulators are added (`One`) or overwritten (`Zero`).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    #[repr(i32)]
    pub enum ScaleOut {
        /// `D = A * B`.
        Zero = 0,
        /// `D = A * B + D`.
        One = 1,
    }
}
use GMMA::{IsMajor, IsScaleIn, ScaleOut};

/// A GMMA's accumulator registers of one thread, `[T; N]` that is `Default` for any `N` (the
/// register-array type [`MmaOperation`] needs; Rust arrays are `Default` only up to 32).
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(transparent)]
pub struct GmmaRegs<T, const N: usize>(pub [T; N]);
impl<T: Copy + Default, const N: usize> Default for GmmaRegs<T, N> {
    #[inline(always)]
    fn default() -> Self {
        GmmaRegs([T::default(); N])
    }
}

// ---------------------------------------------------------------------------------------------
// The ops
// ---------------------------------------------------------------------------------------------

/// Calls `$cb!($args... [0, 1, ..., n-1])`: the accumulator indices of an n-register op
/// (n = N/2 for `f32` results, N/4 for `f16` ones).
#[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
macro_rules! with_idx {
    (2, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1]) };
    (4, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3]) };
    (6, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5]) };
    (8, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7]) };
    (10, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) };
    (12, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) };
    (14, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]) };
    (16, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]) };
    (18, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]) };
    (20, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]) };
    (22, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]) };
    (24, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23]) };
    (26, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25]) };
    (28, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27]) };
    (30, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29]) };
    (32, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]) };
    (34, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33]) };
    (36, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35]) };
    (38, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37]) };
    (40, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39]) };
    (42, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41]) };
    (44, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43]) };
    (46, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45]) };
    (48, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47]) };
    (50, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49]) };
    (52, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51]) };
    (54, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53]) };
    (56, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55]) };
    (58, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57]) };
    (60, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59]) };
    (62, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61]) };
    (64, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63]) };
    (68, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67]) };
    (72, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71]) };
    (76, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75]) };
    (80, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79]) };
    (84, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83]) };
    (88, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87]) };
    (92, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91]) };
    (96, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95]) };
    (100, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]) };
    (104, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103]) };
    (108, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107]) };
    (112, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111]) };
    (116, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115]) };
    (120, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119]) };
    (124, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123]) };
    (128, $cb:ident!($($args:tt)*)) => { $cb!($($args)* [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127]) };
}

/// `wgmma.mma_async` with A and B from shared-memory descriptors; `$d` a `&mut [u32; R]`.
#[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
macro_rules! wgmma_ss_asm {
    ($shape:literal, $types:literal, $d:ident, $da:expr, $db:expr, $sd:expr, $SA:ty, $SB:ty, $TA:ty, $TB:ty,
     [$i0:literal $(, $i:literal)*]) => {
        core::arch::asm!(
            "{{",
            ".reg .pred p;",
            "setp.ne.b32 p, {sd}, 0;",
            concat!("wgmma.mma_async.sync.aligned.", $shape, ".", $types, " {{{", stringify!($i0), "}" $(, ", {", stringify!($i), "}")*,
                    "}}, {da}, {db}, p, {sa}, {sb}, {ta}, {tb};"),
            "}}",
            inout(reg32) $d[$i0], $(inout(reg32) $d[$i],)*
            da = in(reg64) $da, db = in(reg64) $db, sd = in(reg32) $sd,
            sa = const <$SA as IsScaleIn>::VALUE, sb = const <$SB as IsScaleIn>::VALUE,
            ta = const <$TA as IsMajor>::VALUE, tb = const <$TB as IsMajor>::VALUE,
            options(nostack)
        )
    };
}

/// `wgmma.mma_async` with A from four registers and B from a descriptor.
#[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
macro_rules! wgmma_rs_asm {
    ($shape:literal, $types:literal, $d:ident, $a:expr, $db:expr, $sd:expr, $SA:ty, $SB:ty, $TB:ty,
     [$i0:literal $(, $i:literal)*]) => {
        core::arch::asm!(
            "{{",
            ".reg .pred p;",
            "setp.ne.b32 p, {sd}, 0;",
            concat!("wgmma.mma_async.sync.aligned.", $shape, ".", $types, " {{{", stringify!($i0), "}" $(, ", {", stringify!($i), "}")*,
                    "}}, {{{a0}, {a1}, {a2}, {a3}}}, {db}, p, {sa}, {sb}, {tb};"),
            "}}",
            inout(reg32) $d[$i0], $(inout(reg32) $d[$i],)*
            a0 = in(reg32) $a[0], a1 = in(reg32) $a[1], a2 = in(reg32) $a[2], a3 = in(reg32) $a[3],
            db = in(reg64) $db, sd = in(reg32) $sd,
            sa = const <$SA as IsScaleIn>::VALUE, sb = const <$SB as IsScaleIn>::VALUE,
            tb = const <$TB as IsMajor>::VALUE,
            options(nostack)
        )
    };
}

/// `wgmma.mma_async` of 8-bit types (no transpose immediates: A and B are K-major) with A and
/// B from shared-memory descriptors.
#[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
macro_rules! wgmma_ss_tn_asm {
    ($shape:literal, $types:literal, $d:ident, $da:expr, $db:expr, $sd:expr, $SA:ty, $SB:ty,
     [$i0:literal $(, $i:literal)*]) => {
        core::arch::asm!(
            "{{",
            ".reg .pred p;",
            "setp.ne.b32 p, {sd}, 0;",
            concat!("wgmma.mma_async.sync.aligned.", $shape, ".", $types, " {{{", stringify!($i0), "}" $(, ", {", stringify!($i), "}")*,
                    "}}, {da}, {db}, p, {sa}, {sb};"),
            "}}",
            inout(reg32) $d[$i0], $(inout(reg32) $d[$i],)*
            da = in(reg64) $da, db = in(reg64) $db, sd = in(reg32) $sd,
            sa = const <$SA as IsScaleIn>::VALUE, sb = const <$SB as IsScaleIn>::VALUE,
            options(nostack)
        )
    };
}

/// `wgmma.mma_async` of 8-bit types with A from four registers and B from a descriptor.
#[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
macro_rules! wgmma_rs_tn_asm {
    ($shape:literal, $types:literal, $d:ident, $a:expr, $db:expr, $sd:expr, $SA:ty, $SB:ty,
     [$i0:literal $(, $i:literal)*]) => {
        core::arch::asm!(
            "{{",
            ".reg .pred p;",
            "setp.ne.b32 p, {sd}, 0;",
            concat!("wgmma.mma_async.sync.aligned.", $shape, ".", $types, " {{{", stringify!($i0), "}" $(, ", {", stringify!($i), "}")*,
                    "}}, {{{a0}, {a1}, {a2}, {a3}}}, {db}, p, {sa}, {sb};"),
            "}}",
            inout(reg32) $d[$i0], $(inout(reg32) $d[$i],)*
            a0 = in(reg32) $a[0], a1 = in(reg32) $a[1], a2 = in(reg32) $a[2], a3 = in(reg32) $a[3],
            db = in(reg64) $db, sd = in(reg32) $sd,
            sa = const <$SA as IsScaleIn>::VALUE, sb = const <$SB as IsScaleIn>::VALUE,
            options(nostack)
        )
    };
}

/// The struct and its trivial impls.
macro_rules! gmma_struct {
    ($Name:ident, $doc:expr) => {
        #[doc = $doc]
        pub struct $Name<A, B, SA = GMMA::ScaleIn::One, SB = GMMA::ScaleIn::One>(
            PhantomData<(A, B, SA, SB)>,
        );
        impl<A, B, SA, SB> Clone for $Name<A, B, SA, SB> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<A, B, SA, SB> Copy for $Name<A, B, SA, SB> {}
        impl<A, B, SA, SB> Default for $Name<A, B, SA, SB> {
            fn default() -> Self {
                $Name(PhantomData)
            }
        }
        impl<A, B, SA, SB> core::fmt::Debug for $Name<A, B, SA, SB> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(stringify!($Name))
            }
        }
    };
}

/// An `_SS` GMMA issued on accumulators held in place, as a warp-specialized mainloop issues
/// it: C++'s `MMA_Atom::call(D, A, B, C)` with `D` and `C` the same registers (`ScaleOut::One`),
/// or overwriting them (`ScaleOut::Zero`). [`MmaOperation::fma`] takes `C` apart from `D`, which
/// a loop that accumulates into one fragment cannot borrow.
pub trait GmmaSs: MmaOperation {
    /// One thread's accumulators: `[f32; N/2]`, or `[u32; N/4]` of packed `f16` pairs.
    type Accumulators: Copy + FenceOperand;
    /// Accumulators holding zeros.
    const ZERO: Self::Accumulators;
    /// Issues the GMMA: `d = A * B + scale_d * d` (see the op's `wgmma`).
    fn mma_ss(desc_a: u64, desc_b: u64, d: &mut Self::Accumulators, scale_d: ScaleOut);
}

/// An `_SS` op: `$T` the accumulator element (`f32`, or `u32` for packed `f16` pairs), `$R`
/// accumulators per thread.
macro_rules! gmma_ss {
    ($Name:ident, $shape:literal, $types:literal, $T:ty, $R:tt) => {
        gmma_struct!(
            $Name,
            concat!(
                "`",
                stringify!($Name),
                "`: `wgmma.mma_async.sync.aligned.",
                $shape,
                ".",
                $types,
                "` with A and B in shared memory (descriptors); ",
                stringify!($R),
                " accumulators of `",
                stringify!($T),
                "` per thread."
            )
        );
        impl<A: IsMajor, B: IsMajor, SA: IsScaleIn, SB: IsScaleIn> $Name<A, B, SA, SB> {
            /// The PTX instruction, without operands.
            pub const INSTRUCTION: &'static str =
                concat!("wgmma.mma_async.sync.aligned.", $shape, ".", $types);
            /// Issues the GMMA: `d = A * B + scale_d * d`, A and B given by their shared-memory
            /// descriptors. Asynchronous: see [`warpgroup_arrive`], [`warpgroup_commit_batch`],
            /// [`warpgroup_wait`].
            #[inline(always)]
            pub fn wgmma(desc_a: u64, desc_b: u64, d: &mut [$T; $R], scale_d: ScaleOut) {
                #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
                // SAFETY: registers and two descriptors; every thread of the warpgroup
                // executes it with the same descriptors (`.sync.aligned`), the caller's
                // contract as for C++'s GMMA ops. `[$T; R]` and `[u32; R]` have one layout.
                unsafe {
                    let d = &mut *(d as *mut [$T; $R] as *mut [u32; $R]);
                    with_idx!(
                        $R,
                        wgmma_ss_asm!(
                            $shape,
                            $types,
                            d,
                            desc_a,
                            desc_b,
                            scale_d as i32,
                            SA,
                            SB,
                            A,
                            B,
                        )
                    );
                }
                #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
                {
                    let _ = (desc_a, desc_b, d, scale_d);
                    panic!(concat!(
                        "`wgmma.mma_async.sync.aligned.",
                        $shape,
                        ".",
                        $types,
                        "` needs nvptx64 with target feature sm_90a"
                    ))
                }
            }
        }
        impl<A: IsMajor, B: IsMajor, SA: IsScaleIn, SB: IsScaleIn> GmmaSs for $Name<A, B, SA, SB> {
            type Accumulators = [$T; $R];
            const ZERO: [$T; $R] = [0 as $T; $R];
            #[inline(always)]
            fn mma_ss(desc_a: u64, desc_b: u64, d: &mut [$T; $R], scale_d: ScaleOut) {
                Self::wgmma(desc_a, desc_b, d, scale_d)
            }
        }
        impl<A: IsMajor, B: IsMajor, SA: IsScaleIn, SB: IsScaleIn> MmaOperation
            for $Name<A, B, SA, SB>
        {
            type DRegisters = GmmaRegs<$T, $R>;
            type ARegisters = [u64; 1];
            type BRegisters = [u64; 1];
            type CRegisters = GmmaRegs<$T, $R>;
            /// `d = a * b + c` (C++ passes D as C: copy `c` into `d` first).
            #[inline(always)]
            fn fma(d: &mut Self::DRegisters, a: &[u64; 1], b: &[u64; 1], c: &Self::CRegisters) {
                *d = *c;
                Self::wgmma(a[0], b[0], &mut d.0, ScaleOut::One);
            }
        }
    };
}

/// An `_RS` op (A in registers, K-major only: the ops exist for `A = GMMA::Major::K`).
macro_rules! gmma_rs {
    ($Name:ident, $shape:literal, $types:literal, $T:ty, $R:tt) => {
        gmma_struct!(
            $Name,
            concat!(
                "`",
                stringify!($Name),
                "`: `wgmma.mma_async.sync.aligned.",
                $shape,
                ".",
                $types,
                "` with A in registers (`[u32; 4]`, K-major) and B in shared memory; ",
                stringify!($R),
                " accumulators of `",
                stringify!($T),
                "` per thread."
            )
        );
        impl<B: IsMajor, SA: IsScaleIn, SB: IsScaleIn> $Name<GMMA::Major::K, B, SA, SB> {
            /// The PTX instruction, without operands.
            pub const INSTRUCTION: &'static str =
                concat!("wgmma.mma_async.sync.aligned.", $shape, ".", $types);
            /// Issues the GMMA: `d = A * B + scale_d * d`, A from registers, B by its
            /// shared-memory descriptor.
            #[inline(always)]
            pub fn wgmma(a: &[u32; 4], desc_b: u64, d: &mut [$T; $R], scale_d: ScaleOut) {
                #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
                // SAFETY: as for the `_SS` ops.
                unsafe {
                    let d = &mut *(d as *mut [$T; $R] as *mut [u32; $R]);
                    with_idx!(
                        $R,
                        wgmma_rs_asm!($shape, $types, d, a, desc_b, scale_d as i32, SA, SB, B,)
                    );
                }
                #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
                {
                    let _ = (a, desc_b, d, scale_d);
                    panic!(concat!(
                        "`wgmma.mma_async.sync.aligned.",
                        $shape,
                        ".",
                        $types,
                        "` needs nvptx64 with target feature sm_90a"
                    ))
                }
            }
        }
        impl<B: IsMajor, SA: IsScaleIn, SB: IsScaleIn> MmaOperation
            for $Name<GMMA::Major::K, B, SA, SB>
        {
            type DRegisters = GmmaRegs<$T, $R>;
            type ARegisters = [u32; 4];
            type BRegisters = [u64; 1];
            type CRegisters = GmmaRegs<$T, $R>;
            /// `d = a * b + c`.
            #[inline(always)]
            fn fma(d: &mut Self::DRegisters, a: &[u32; 4], b: &[u64; 1], c: &Self::CRegisters) {
                *d = *c;
                Self::wgmma(a, b[0], &mut d.0, ScaleOut::One);
            }
        }
    };
}

/// The struct of an 8-bit (`_TN`) op and its trivial impls: only the scales are parameters
/// (A and B are always K-major, as in C++).
macro_rules! gmma_tn_struct {
    ($Name:ident, $doc:expr) => {
        #[doc = $doc]
        pub struct $Name<SA = GMMA::ScaleIn::One, SB = GMMA::ScaleIn::One>(PhantomData<(SA, SB)>);
        impl<SA, SB> Clone for $Name<SA, SB> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<SA, SB> Copy for $Name<SA, SB> {}
        impl<SA, SB> Default for $Name<SA, SB> {
            fn default() -> Self {
                $Name(PhantomData)
            }
        }
        impl<SA, SB> core::fmt::Debug for $Name<SA, SB> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(stringify!($Name))
            }
        }
    };
}

/// The 8-bit ops: `$Name ss|rs $shape, $types, $T, $R;` per op, `$T` the accumulator element
/// (`f32`, or `u32` for packed `f16` pairs), `$R` accumulators per thread.
macro_rules! gmma_tn {
    ($($Name:ident $kind:ident $shape:literal, $types:literal, $T:ty, $R:tt;)*) => {$(
        gmma_tn!(@$kind $Name, $shape, $types, $T, $R);
    )*};
    (@ss $Name:ident, $shape:literal, $types:literal, $T:ty, $R:tt) => {
        gmma_tn_struct!(
            $Name,
            concat!(
                "`", stringify!($Name), "`: `wgmma.mma_async.sync.aligned.", $shape, ".", $types,
                "` with A and B K-major in shared memory (descriptors); ", stringify!($R),
                " accumulators of `", stringify!($T), "` per thread."
            )
        );
        impl<SA: IsScaleIn, SB: IsScaleIn> $Name<SA, SB> {
            /// The PTX instruction, without operands.
            pub const INSTRUCTION: &'static str =
                concat!("wgmma.mma_async.sync.aligned.", $shape, ".", $types);
            /// Issues the GMMA: `d = A * B + scale_d * d`, A and B given by their shared-memory
            /// descriptors. Asynchronous: see [`warpgroup_arrive`], [`warpgroup_commit_batch`],
            /// [`warpgroup_wait`].
            #[inline(always)]
            pub fn wgmma(desc_a: u64, desc_b: u64, d: &mut [$T; $R], scale_d: ScaleOut) {
                #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
                // SAFETY: as for the 16-bit `_SS` ops.
                unsafe {
                    let d = &mut *(d as *mut [$T; $R] as *mut [u32; $R]);
                    with_idx!(
                        $R,
                        wgmma_ss_tn_asm!($shape, $types, d, desc_a, desc_b, scale_d as i32, SA, SB,)
                    );
                }
                #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
                {
                    let _ = (desc_a, desc_b, d, scale_d);
                    panic!(concat!(
                        "`wgmma.mma_async.sync.aligned.", $shape, ".", $types,
                        "` needs nvptx64 with target feature sm_90a"
                    ))
                }
            }
        }
        impl<SA: IsScaleIn, SB: IsScaleIn> GmmaSs for $Name<SA, SB> {
            type Accumulators = [$T; $R];
            const ZERO: [$T; $R] = [0 as $T; $R];
            #[inline(always)]
            fn mma_ss(desc_a: u64, desc_b: u64, d: &mut [$T; $R], scale_d: ScaleOut) {
                Self::wgmma(desc_a, desc_b, d, scale_d)
            }
        }
        impl<SA: IsScaleIn, SB: IsScaleIn> MmaOperation for $Name<SA, SB> {
            type DRegisters = GmmaRegs<$T, $R>;
            type ARegisters = [u64; 1];
            type BRegisters = [u64; 1];
            type CRegisters = GmmaRegs<$T, $R>;
            /// `d = a * b + c` (C++ passes D as C: copy `c` into `d` first).
            #[inline(always)]
            fn fma(d: &mut Self::DRegisters, a: &[u64; 1], b: &[u64; 1], c: &Self::CRegisters) {
                *d = *c;
                Self::wgmma(a[0], b[0], &mut d.0, ScaleOut::One);
            }
        }
    };
    (@rs $Name:ident, $shape:literal, $types:literal, $T:ty, $R:tt) => {
        gmma_tn_struct!(
            $Name,
            concat!(
                "`", stringify!($Name), "`: `wgmma.mma_async.sync.aligned.", $shape, ".", $types,
                "` with A in registers (`[u32; 4]`, four values each, K-major) and B K-major in ",
                "shared memory; ", stringify!($R), " accumulators of `", stringify!($T),
                "` per thread."
            )
        );
        impl<SA: IsScaleIn, SB: IsScaleIn> $Name<SA, SB> {
            /// The PTX instruction, without operands.
            pub const INSTRUCTION: &'static str =
                concat!("wgmma.mma_async.sync.aligned.", $shape, ".", $types);
            /// Issues the GMMA: `d = A * B + scale_d * d`, A from registers, B by its
            /// shared-memory descriptor.
            #[inline(always)]
            pub fn wgmma(a: &[u32; 4], desc_b: u64, d: &mut [$T; $R], scale_d: ScaleOut) {
                #[cfg(all(target_arch = "nvptx64", target_feature = "sm_90a"))]
                // SAFETY: as for the 16-bit `_SS` ops.
                unsafe {
                    let d = &mut *(d as *mut [$T; $R] as *mut [u32; $R]);
                    with_idx!(
                        $R,
                        wgmma_rs_tn_asm!($shape, $types, d, a, desc_b, scale_d as i32, SA, SB,)
                    );
                }
                #[cfg(not(all(target_arch = "nvptx64", target_feature = "sm_90a")))]
                {
                    let _ = (a, desc_b, d, scale_d);
                    panic!(concat!(
                        "`wgmma.mma_async.sync.aligned.", $shape, ".", $types,
                        "` needs nvptx64 with target feature sm_90a"
                    ))
                }
            }
        }
        impl<SA: IsScaleIn, SB: IsScaleIn> MmaOperation for $Name<SA, SB> {
            type DRegisters = GmmaRegs<$T, $R>;
            type ARegisters = [u32; 4];
            type BRegisters = [u64; 1];
            type CRegisters = GmmaRegs<$T, $R>;
            /// `d = a * b + c`.
            #[inline(always)]
            fn fma(d: &mut Self::DRegisters, a: &[u32; 4], b: &[u64; 1], c: &Self::CRegisters) {
                *d = *c;
                Self::wgmma(a, b[0], &mut d.0, ScaleOut::One);
            }
        }
    };
}

// N in {8,16,32,64,96,128,192,256}: f32 results hold N/2 accumulators per thread, f16 results
// N/4 (packed pairs).
gmma_ss!(SM90_64x8x16_F16F16F16_SS, "m64n8k16", "f16.f16.f16", u32, 2);
gmma_ss!(
    SM90_64x16x16_F16F16F16_SS,
    "m64n16k16",
    "f16.f16.f16",
    u32,
    4
);
gmma_ss!(
    SM90_64x32x16_F16F16F16_SS,
    "m64n32k16",
    "f16.f16.f16",
    u32,
    8
);
gmma_ss!(
    SM90_64x64x16_F16F16F16_SS,
    "m64n64k16",
    "f16.f16.f16",
    u32,
    16
);
gmma_ss!(
    SM90_64x96x16_F16F16F16_SS,
    "m64n96k16",
    "f16.f16.f16",
    u32,
    24
);
gmma_ss!(
    SM90_64x128x16_F16F16F16_SS,
    "m64n128k16",
    "f16.f16.f16",
    u32,
    32
);
gmma_ss!(
    SM90_64x192x16_F16F16F16_SS,
    "m64n192k16",
    "f16.f16.f16",
    u32,
    48
);
gmma_ss!(
    SM90_64x256x16_F16F16F16_SS,
    "m64n256k16",
    "f16.f16.f16",
    u32,
    64
);
gmma_ss!(SM90_64x8x16_F32F16F16_SS, "m64n8k16", "f32.f16.f16", f32, 4);
gmma_ss!(
    SM90_64x16x16_F32F16F16_SS,
    "m64n16k16",
    "f32.f16.f16",
    f32,
    8
);
gmma_ss!(
    SM90_64x32x16_F32F16F16_SS,
    "m64n32k16",
    "f32.f16.f16",
    f32,
    16
);
gmma_ss!(
    SM90_64x64x16_F32F16F16_SS,
    "m64n64k16",
    "f32.f16.f16",
    f32,
    32
);
gmma_ss!(
    SM90_64x96x16_F32F16F16_SS,
    "m64n96k16",
    "f32.f16.f16",
    f32,
    48
);
gmma_ss!(
    SM90_64x128x16_F32F16F16_SS,
    "m64n128k16",
    "f32.f16.f16",
    f32,
    64
);
gmma_ss!(
    SM90_64x192x16_F32F16F16_SS,
    "m64n192k16",
    "f32.f16.f16",
    f32,
    96
);
gmma_ss!(
    SM90_64x256x16_F32F16F16_SS,
    "m64n256k16",
    "f32.f16.f16",
    f32,
    128
);
gmma_rs!(SM90_64x8x16_F32F16F16_RS, "m64n8k16", "f32.f16.f16", f32, 4);
gmma_rs!(
    SM90_64x16x16_F32F16F16_RS,
    "m64n16k16",
    "f32.f16.f16",
    f32,
    8
);
gmma_rs!(
    SM90_64x32x16_F32F16F16_RS,
    "m64n32k16",
    "f32.f16.f16",
    f32,
    16
);
gmma_rs!(
    SM90_64x64x16_F32F16F16_RS,
    "m64n64k16",
    "f32.f16.f16",
    f32,
    32
);
gmma_rs!(
    SM90_64x96x16_F32F16F16_RS,
    "m64n96k16",
    "f32.f16.f16",
    f32,
    48
);
gmma_rs!(
    SM90_64x128x16_F32F16F16_RS,
    "m64n128k16",
    "f32.f16.f16",
    f32,
    64
);
gmma_rs!(
    SM90_64x192x16_F32F16F16_RS,
    "m64n192k16",
    "f32.f16.f16",
    f32,
    96
);
gmma_rs!(
    SM90_64x256x16_F32F16F16_RS,
    "m64n256k16",
    "f32.f16.f16",
    f32,
    128
);
gmma_ss!(
    SM90_64x8x16_F32BF16BF16_SS,
    "m64n8k16",
    "f32.bf16.bf16",
    f32,
    4
);
gmma_ss!(
    SM90_64x16x16_F32BF16BF16_SS,
    "m64n16k16",
    "f32.bf16.bf16",
    f32,
    8
);
gmma_ss!(
    SM90_64x32x16_F32BF16BF16_SS,
    "m64n32k16",
    "f32.bf16.bf16",
    f32,
    16
);
gmma_ss!(
    SM90_64x64x16_F32BF16BF16_SS,
    "m64n64k16",
    "f32.bf16.bf16",
    f32,
    32
);
gmma_ss!(
    SM90_64x96x16_F32BF16BF16_SS,
    "m64n96k16",
    "f32.bf16.bf16",
    f32,
    48
);
gmma_ss!(
    SM90_64x128x16_F32BF16BF16_SS,
    "m64n128k16",
    "f32.bf16.bf16",
    f32,
    64
);
gmma_ss!(
    SM90_64x192x16_F32BF16BF16_SS,
    "m64n192k16",
    "f32.bf16.bf16",
    f32,
    96
);
gmma_ss!(
    SM90_64x256x16_F32BF16BF16_SS,
    "m64n256k16",
    "f32.bf16.bf16",
    f32,
    128
);
gmma_rs!(
    SM90_64x8x16_F32BF16BF16_RS,
    "m64n8k16",
    "f32.bf16.bf16",
    f32,
    4
);
gmma_rs!(
    SM90_64x16x16_F32BF16BF16_RS,
    "m64n16k16",
    "f32.bf16.bf16",
    f32,
    8
);
gmma_rs!(
    SM90_64x32x16_F32BF16BF16_RS,
    "m64n32k16",
    "f32.bf16.bf16",
    f32,
    16
);
gmma_rs!(
    SM90_64x64x16_F32BF16BF16_RS,
    "m64n64k16",
    "f32.bf16.bf16",
    f32,
    32
);
gmma_rs!(
    SM90_64x96x16_F32BF16BF16_RS,
    "m64n96k16",
    "f32.bf16.bf16",
    f32,
    48
);
gmma_rs!(
    SM90_64x128x16_F32BF16BF16_RS,
    "m64n128k16",
    "f32.bf16.bf16",
    f32,
    64
);
gmma_rs!(
    SM90_64x192x16_F32BF16BF16_RS,
    "m64n192k16",
    "f32.bf16.bf16",
    f32,
    96
);
gmma_rs!(
    SM90_64x256x16_F32BF16BF16_RS,
    "m64n256k16",
    "f32.bf16.bf16",
    f32,
    128
);

// The 8-bit ops, `SM90_64xNx32_{F16,F32}{E4M3,E5M2}{E4M3,E5M2}_{SS,RS}_TN` for N in
// {8,16,32,64,96,128,192,256} (`mma_sm90_gmma.hpp`): f32 results hold N/2 accumulators per
// thread, f16 results N/4 (packed pairs).
gmma_tn! {
    SM90_64x8x32_F16E4M3E4M3_SS_TN ss "m64n8k32", "f16.e4m3.e4m3", u32, 2;
    SM90_64x8x32_F16E4M3E4M3_RS_TN rs "m64n8k32", "f16.e4m3.e4m3", u32, 2;
    SM90_64x8x32_F32E4M3E4M3_SS_TN ss "m64n8k32", "f32.e4m3.e4m3", f32, 4;
    SM90_64x8x32_F32E4M3E4M3_RS_TN rs "m64n8k32", "f32.e4m3.e4m3", f32, 4;
    SM90_64x8x32_F16E4M3E5M2_SS_TN ss "m64n8k32", "f16.e4m3.e5m2", u32, 2;
    SM90_64x8x32_F16E4M3E5M2_RS_TN rs "m64n8k32", "f16.e4m3.e5m2", u32, 2;
    SM90_64x8x32_F32E4M3E5M2_SS_TN ss "m64n8k32", "f32.e4m3.e5m2", f32, 4;
    SM90_64x8x32_F32E4M3E5M2_RS_TN rs "m64n8k32", "f32.e4m3.e5m2", f32, 4;
    SM90_64x8x32_F16E5M2E4M3_SS_TN ss "m64n8k32", "f16.e5m2.e4m3", u32, 2;
    SM90_64x8x32_F16E5M2E4M3_RS_TN rs "m64n8k32", "f16.e5m2.e4m3", u32, 2;
    SM90_64x8x32_F32E5M2E4M3_SS_TN ss "m64n8k32", "f32.e5m2.e4m3", f32, 4;
    SM90_64x8x32_F32E5M2E4M3_RS_TN rs "m64n8k32", "f32.e5m2.e4m3", f32, 4;
    SM90_64x8x32_F16E5M2E5M2_SS_TN ss "m64n8k32", "f16.e5m2.e5m2", u32, 2;
    SM90_64x8x32_F16E5M2E5M2_RS_TN rs "m64n8k32", "f16.e5m2.e5m2", u32, 2;
    SM90_64x8x32_F32E5M2E5M2_SS_TN ss "m64n8k32", "f32.e5m2.e5m2", f32, 4;
    SM90_64x8x32_F32E5M2E5M2_RS_TN rs "m64n8k32", "f32.e5m2.e5m2", f32, 4;
    SM90_64x16x32_F16E4M3E4M3_SS_TN ss "m64n16k32", "f16.e4m3.e4m3", u32, 4;
    SM90_64x16x32_F16E4M3E4M3_RS_TN rs "m64n16k32", "f16.e4m3.e4m3", u32, 4;
    SM90_64x16x32_F32E4M3E4M3_SS_TN ss "m64n16k32", "f32.e4m3.e4m3", f32, 8;
    SM90_64x16x32_F32E4M3E4M3_RS_TN rs "m64n16k32", "f32.e4m3.e4m3", f32, 8;
    SM90_64x16x32_F16E4M3E5M2_SS_TN ss "m64n16k32", "f16.e4m3.e5m2", u32, 4;
    SM90_64x16x32_F16E4M3E5M2_RS_TN rs "m64n16k32", "f16.e4m3.e5m2", u32, 4;
    SM90_64x16x32_F32E4M3E5M2_SS_TN ss "m64n16k32", "f32.e4m3.e5m2", f32, 8;
    SM90_64x16x32_F32E4M3E5M2_RS_TN rs "m64n16k32", "f32.e4m3.e5m2", f32, 8;
    SM90_64x16x32_F16E5M2E4M3_SS_TN ss "m64n16k32", "f16.e5m2.e4m3", u32, 4;
    SM90_64x16x32_F16E5M2E4M3_RS_TN rs "m64n16k32", "f16.e5m2.e4m3", u32, 4;
    SM90_64x16x32_F32E5M2E4M3_SS_TN ss "m64n16k32", "f32.e5m2.e4m3", f32, 8;
    SM90_64x16x32_F32E5M2E4M3_RS_TN rs "m64n16k32", "f32.e5m2.e4m3", f32, 8;
    SM90_64x16x32_F16E5M2E5M2_SS_TN ss "m64n16k32", "f16.e5m2.e5m2", u32, 4;
    SM90_64x16x32_F16E5M2E5M2_RS_TN rs "m64n16k32", "f16.e5m2.e5m2", u32, 4;
    SM90_64x16x32_F32E5M2E5M2_SS_TN ss "m64n16k32", "f32.e5m2.e5m2", f32, 8;
    SM90_64x16x32_F32E5M2E5M2_RS_TN rs "m64n16k32", "f32.e5m2.e5m2", f32, 8;
    SM90_64x32x32_F16E4M3E4M3_SS_TN ss "m64n32k32", "f16.e4m3.e4m3", u32, 8;
    SM90_64x32x32_F16E4M3E4M3_RS_TN rs "m64n32k32", "f16.e4m3.e4m3", u32, 8;
    SM90_64x32x32_F32E4M3E4M3_SS_TN ss "m64n32k32", "f32.e4m3.e4m3", f32, 16;
    SM90_64x32x32_F32E4M3E4M3_RS_TN rs "m64n32k32", "f32.e4m3.e4m3", f32, 16;
    SM90_64x32x32_F16E4M3E5M2_SS_TN ss "m64n32k32", "f16.e4m3.e5m2", u32, 8;
    SM90_64x32x32_F16E4M3E5M2_RS_TN rs "m64n32k32", "f16.e4m3.e5m2", u32, 8;
    SM90_64x32x32_F32E4M3E5M2_SS_TN ss "m64n32k32", "f32.e4m3.e5m2", f32, 16;
    SM90_64x32x32_F32E4M3E5M2_RS_TN rs "m64n32k32", "f32.e4m3.e5m2", f32, 16;
    SM90_64x32x32_F16E5M2E4M3_SS_TN ss "m64n32k32", "f16.e5m2.e4m3", u32, 8;
    SM90_64x32x32_F16E5M2E4M3_RS_TN rs "m64n32k32", "f16.e5m2.e4m3", u32, 8;
    SM90_64x32x32_F32E5M2E4M3_SS_TN ss "m64n32k32", "f32.e5m2.e4m3", f32, 16;
    SM90_64x32x32_F32E5M2E4M3_RS_TN rs "m64n32k32", "f32.e5m2.e4m3", f32, 16;
    SM90_64x32x32_F16E5M2E5M2_SS_TN ss "m64n32k32", "f16.e5m2.e5m2", u32, 8;
    SM90_64x32x32_F16E5M2E5M2_RS_TN rs "m64n32k32", "f16.e5m2.e5m2", u32, 8;
    SM90_64x32x32_F32E5M2E5M2_SS_TN ss "m64n32k32", "f32.e5m2.e5m2", f32, 16;
    SM90_64x32x32_F32E5M2E5M2_RS_TN rs "m64n32k32", "f32.e5m2.e5m2", f32, 16;
    SM90_64x64x32_F16E4M3E4M3_SS_TN ss "m64n64k32", "f16.e4m3.e4m3", u32, 16;
    SM90_64x64x32_F16E4M3E4M3_RS_TN rs "m64n64k32", "f16.e4m3.e4m3", u32, 16;
    SM90_64x64x32_F32E4M3E4M3_SS_TN ss "m64n64k32", "f32.e4m3.e4m3", f32, 32;
    SM90_64x64x32_F32E4M3E4M3_RS_TN rs "m64n64k32", "f32.e4m3.e4m3", f32, 32;
    SM90_64x64x32_F16E4M3E5M2_SS_TN ss "m64n64k32", "f16.e4m3.e5m2", u32, 16;
    SM90_64x64x32_F16E4M3E5M2_RS_TN rs "m64n64k32", "f16.e4m3.e5m2", u32, 16;
    SM90_64x64x32_F32E4M3E5M2_SS_TN ss "m64n64k32", "f32.e4m3.e5m2", f32, 32;
    SM90_64x64x32_F32E4M3E5M2_RS_TN rs "m64n64k32", "f32.e4m3.e5m2", f32, 32;
    SM90_64x64x32_F16E5M2E4M3_SS_TN ss "m64n64k32", "f16.e5m2.e4m3", u32, 16;
    SM90_64x64x32_F16E5M2E4M3_RS_TN rs "m64n64k32", "f16.e5m2.e4m3", u32, 16;
    SM90_64x64x32_F32E5M2E4M3_SS_TN ss "m64n64k32", "f32.e5m2.e4m3", f32, 32;
    SM90_64x64x32_F32E5M2E4M3_RS_TN rs "m64n64k32", "f32.e5m2.e4m3", f32, 32;
    SM90_64x64x32_F16E5M2E5M2_SS_TN ss "m64n64k32", "f16.e5m2.e5m2", u32, 16;
    SM90_64x64x32_F16E5M2E5M2_RS_TN rs "m64n64k32", "f16.e5m2.e5m2", u32, 16;
    SM90_64x64x32_F32E5M2E5M2_SS_TN ss "m64n64k32", "f32.e5m2.e5m2", f32, 32;
    SM90_64x64x32_F32E5M2E5M2_RS_TN rs "m64n64k32", "f32.e5m2.e5m2", f32, 32;
    SM90_64x96x32_F16E4M3E4M3_SS_TN ss "m64n96k32", "f16.e4m3.e4m3", u32, 24;
    SM90_64x96x32_F16E4M3E4M3_RS_TN rs "m64n96k32", "f16.e4m3.e4m3", u32, 24;
    SM90_64x96x32_F32E4M3E4M3_SS_TN ss "m64n96k32", "f32.e4m3.e4m3", f32, 48;
    SM90_64x96x32_F32E4M3E4M3_RS_TN rs "m64n96k32", "f32.e4m3.e4m3", f32, 48;
    SM90_64x96x32_F16E4M3E5M2_SS_TN ss "m64n96k32", "f16.e4m3.e5m2", u32, 24;
    SM90_64x96x32_F16E4M3E5M2_RS_TN rs "m64n96k32", "f16.e4m3.e5m2", u32, 24;
    SM90_64x96x32_F32E4M3E5M2_SS_TN ss "m64n96k32", "f32.e4m3.e5m2", f32, 48;
    SM90_64x96x32_F32E4M3E5M2_RS_TN rs "m64n96k32", "f32.e4m3.e5m2", f32, 48;
    SM90_64x96x32_F16E5M2E4M3_SS_TN ss "m64n96k32", "f16.e5m2.e4m3", u32, 24;
    SM90_64x96x32_F16E5M2E4M3_RS_TN rs "m64n96k32", "f16.e5m2.e4m3", u32, 24;
    SM90_64x96x32_F32E5M2E4M3_SS_TN ss "m64n96k32", "f32.e5m2.e4m3", f32, 48;
    SM90_64x96x32_F32E5M2E4M3_RS_TN rs "m64n96k32", "f32.e5m2.e4m3", f32, 48;
    SM90_64x96x32_F16E5M2E5M2_SS_TN ss "m64n96k32", "f16.e5m2.e5m2", u32, 24;
    SM90_64x96x32_F16E5M2E5M2_RS_TN rs "m64n96k32", "f16.e5m2.e5m2", u32, 24;
    SM90_64x96x32_F32E5M2E5M2_SS_TN ss "m64n96k32", "f32.e5m2.e5m2", f32, 48;
    SM90_64x96x32_F32E5M2E5M2_RS_TN rs "m64n96k32", "f32.e5m2.e5m2", f32, 48;
    SM90_64x128x32_F16E4M3E4M3_SS_TN ss "m64n128k32", "f16.e4m3.e4m3", u32, 32;
    SM90_64x128x32_F16E4M3E4M3_RS_TN rs "m64n128k32", "f16.e4m3.e4m3", u32, 32;
    SM90_64x128x32_F32E4M3E4M3_SS_TN ss "m64n128k32", "f32.e4m3.e4m3", f32, 64;
    SM90_64x128x32_F32E4M3E4M3_RS_TN rs "m64n128k32", "f32.e4m3.e4m3", f32, 64;
    SM90_64x128x32_F16E4M3E5M2_SS_TN ss "m64n128k32", "f16.e4m3.e5m2", u32, 32;
    SM90_64x128x32_F16E4M3E5M2_RS_TN rs "m64n128k32", "f16.e4m3.e5m2", u32, 32;
    SM90_64x128x32_F32E4M3E5M2_SS_TN ss "m64n128k32", "f32.e4m3.e5m2", f32, 64;
    SM90_64x128x32_F32E4M3E5M2_RS_TN rs "m64n128k32", "f32.e4m3.e5m2", f32, 64;
    SM90_64x128x32_F16E5M2E4M3_SS_TN ss "m64n128k32", "f16.e5m2.e4m3", u32, 32;
    SM90_64x128x32_F16E5M2E4M3_RS_TN rs "m64n128k32", "f16.e5m2.e4m3", u32, 32;
    SM90_64x128x32_F32E5M2E4M3_SS_TN ss "m64n128k32", "f32.e5m2.e4m3", f32, 64;
    SM90_64x128x32_F32E5M2E4M3_RS_TN rs "m64n128k32", "f32.e5m2.e4m3", f32, 64;
    SM90_64x128x32_F16E5M2E5M2_SS_TN ss "m64n128k32", "f16.e5m2.e5m2", u32, 32;
    SM90_64x128x32_F16E5M2E5M2_RS_TN rs "m64n128k32", "f16.e5m2.e5m2", u32, 32;
    SM90_64x128x32_F32E5M2E5M2_SS_TN ss "m64n128k32", "f32.e5m2.e5m2", f32, 64;
    SM90_64x128x32_F32E5M2E5M2_RS_TN rs "m64n128k32", "f32.e5m2.e5m2", f32, 64;
    SM90_64x192x32_F16E4M3E4M3_SS_TN ss "m64n192k32", "f16.e4m3.e4m3", u32, 48;
    SM90_64x192x32_F16E4M3E4M3_RS_TN rs "m64n192k32", "f16.e4m3.e4m3", u32, 48;
    SM90_64x192x32_F32E4M3E4M3_SS_TN ss "m64n192k32", "f32.e4m3.e4m3", f32, 96;
    SM90_64x192x32_F32E4M3E4M3_RS_TN rs "m64n192k32", "f32.e4m3.e4m3", f32, 96;
    SM90_64x192x32_F16E4M3E5M2_SS_TN ss "m64n192k32", "f16.e4m3.e5m2", u32, 48;
    SM90_64x192x32_F16E4M3E5M2_RS_TN rs "m64n192k32", "f16.e4m3.e5m2", u32, 48;
    SM90_64x192x32_F32E4M3E5M2_SS_TN ss "m64n192k32", "f32.e4m3.e5m2", f32, 96;
    SM90_64x192x32_F32E4M3E5M2_RS_TN rs "m64n192k32", "f32.e4m3.e5m2", f32, 96;
    SM90_64x192x32_F16E5M2E4M3_SS_TN ss "m64n192k32", "f16.e5m2.e4m3", u32, 48;
    SM90_64x192x32_F16E5M2E4M3_RS_TN rs "m64n192k32", "f16.e5m2.e4m3", u32, 48;
    SM90_64x192x32_F32E5M2E4M3_SS_TN ss "m64n192k32", "f32.e5m2.e4m3", f32, 96;
    SM90_64x192x32_F32E5M2E4M3_RS_TN rs "m64n192k32", "f32.e5m2.e4m3", f32, 96;
    SM90_64x192x32_F16E5M2E5M2_SS_TN ss "m64n192k32", "f16.e5m2.e5m2", u32, 48;
    SM90_64x192x32_F16E5M2E5M2_RS_TN rs "m64n192k32", "f16.e5m2.e5m2", u32, 48;
    SM90_64x192x32_F32E5M2E5M2_SS_TN ss "m64n192k32", "f32.e5m2.e5m2", f32, 96;
    SM90_64x192x32_F32E5M2E5M2_RS_TN rs "m64n192k32", "f32.e5m2.e5m2", f32, 96;
    SM90_64x256x32_F16E4M3E4M3_SS_TN ss "m64n256k32", "f16.e4m3.e4m3", u32, 64;
    SM90_64x256x32_F16E4M3E4M3_RS_TN rs "m64n256k32", "f16.e4m3.e4m3", u32, 64;
    SM90_64x256x32_F32E4M3E4M3_SS_TN ss "m64n256k32", "f32.e4m3.e4m3", f32, 128;
    SM90_64x256x32_F32E4M3E4M3_RS_TN rs "m64n256k32", "f32.e4m3.e4m3", f32, 128;
    SM90_64x256x32_F16E4M3E5M2_SS_TN ss "m64n256k32", "f16.e4m3.e5m2", u32, 64;
    SM90_64x256x32_F16E4M3E5M2_RS_TN rs "m64n256k32", "f16.e4m3.e5m2", u32, 64;
    SM90_64x256x32_F32E4M3E5M2_SS_TN ss "m64n256k32", "f32.e4m3.e5m2", f32, 128;
    SM90_64x256x32_F32E4M3E5M2_RS_TN rs "m64n256k32", "f32.e4m3.e5m2", f32, 128;
    SM90_64x256x32_F16E5M2E4M3_SS_TN ss "m64n256k32", "f16.e5m2.e4m3", u32, 64;
    SM90_64x256x32_F16E5M2E4M3_RS_TN rs "m64n256k32", "f16.e5m2.e4m3", u32, 64;
    SM90_64x256x32_F32E5M2E4M3_SS_TN ss "m64n256k32", "f32.e5m2.e4m3", f32, 128;
    SM90_64x256x32_F32E5M2E4M3_RS_TN rs "m64n256k32", "f32.e5m2.e4m3", f32, 128;
    SM90_64x256x32_F16E5M2E5M2_SS_TN ss "m64n256k32", "f16.e5m2.e5m2", u32, 64;
    SM90_64x256x32_F16E5M2E5M2_RS_TN rs "m64n256k32", "f16.e5m2.e5m2", u32, 64;
    SM90_64x256x32_F32E5M2E5M2_SS_TN ss "m64n256k32", "f32.e5m2.e5m2", f32, 128;
    SM90_64x256x32_F32E5M2E5M2_RS_TN rs "m64n256k32", "f32.e5m2.e5m2", f32, 128;
}

// The other multiples of 8 up to 256 (`mma_sm90_gmma_ext.hpp`, which C++ includes only under
// `CUTE_SM90_EXTENDED_MMA_SHAPES_ENABLED`; here feature `sm90-extended-mma-shapes`).
#[cfg(feature = "sm90-extended-mma-shapes")]
gmma_tn! {
    SM90_64x24x32_F16E4M3E4M3_SS_TN ss "m64n24k32", "f16.e4m3.e4m3", u32, 6;
    SM90_64x24x32_F16E4M3E4M3_RS_TN rs "m64n24k32", "f16.e4m3.e4m3", u32, 6;
    SM90_64x24x32_F32E4M3E4M3_SS_TN ss "m64n24k32", "f32.e4m3.e4m3", f32, 12;
    SM90_64x24x32_F32E4M3E4M3_RS_TN rs "m64n24k32", "f32.e4m3.e4m3", f32, 12;
    SM90_64x24x32_F16E4M3E5M2_SS_TN ss "m64n24k32", "f16.e4m3.e5m2", u32, 6;
    SM90_64x24x32_F16E4M3E5M2_RS_TN rs "m64n24k32", "f16.e4m3.e5m2", u32, 6;
    SM90_64x24x32_F32E4M3E5M2_SS_TN ss "m64n24k32", "f32.e4m3.e5m2", f32, 12;
    SM90_64x24x32_F32E4M3E5M2_RS_TN rs "m64n24k32", "f32.e4m3.e5m2", f32, 12;
    SM90_64x24x32_F16E5M2E4M3_SS_TN ss "m64n24k32", "f16.e5m2.e4m3", u32, 6;
    SM90_64x24x32_F16E5M2E4M3_RS_TN rs "m64n24k32", "f16.e5m2.e4m3", u32, 6;
    SM90_64x24x32_F32E5M2E4M3_SS_TN ss "m64n24k32", "f32.e5m2.e4m3", f32, 12;
    SM90_64x24x32_F32E5M2E4M3_RS_TN rs "m64n24k32", "f32.e5m2.e4m3", f32, 12;
    SM90_64x24x32_F16E5M2E5M2_SS_TN ss "m64n24k32", "f16.e5m2.e5m2", u32, 6;
    SM90_64x24x32_F16E5M2E5M2_RS_TN rs "m64n24k32", "f16.e5m2.e5m2", u32, 6;
    SM90_64x24x32_F32E5M2E5M2_SS_TN ss "m64n24k32", "f32.e5m2.e5m2", f32, 12;
    SM90_64x24x32_F32E5M2E5M2_RS_TN rs "m64n24k32", "f32.e5m2.e5m2", f32, 12;
    SM90_64x40x32_F16E4M3E4M3_SS_TN ss "m64n40k32", "f16.e4m3.e4m3", u32, 10;
    SM90_64x40x32_F16E4M3E4M3_RS_TN rs "m64n40k32", "f16.e4m3.e4m3", u32, 10;
    SM90_64x40x32_F32E4M3E4M3_SS_TN ss "m64n40k32", "f32.e4m3.e4m3", f32, 20;
    SM90_64x40x32_F32E4M3E4M3_RS_TN rs "m64n40k32", "f32.e4m3.e4m3", f32, 20;
    SM90_64x40x32_F16E4M3E5M2_SS_TN ss "m64n40k32", "f16.e4m3.e5m2", u32, 10;
    SM90_64x40x32_F16E4M3E5M2_RS_TN rs "m64n40k32", "f16.e4m3.e5m2", u32, 10;
    SM90_64x40x32_F32E4M3E5M2_SS_TN ss "m64n40k32", "f32.e4m3.e5m2", f32, 20;
    SM90_64x40x32_F32E4M3E5M2_RS_TN rs "m64n40k32", "f32.e4m3.e5m2", f32, 20;
    SM90_64x40x32_F16E5M2E4M3_SS_TN ss "m64n40k32", "f16.e5m2.e4m3", u32, 10;
    SM90_64x40x32_F16E5M2E4M3_RS_TN rs "m64n40k32", "f16.e5m2.e4m3", u32, 10;
    SM90_64x40x32_F32E5M2E4M3_SS_TN ss "m64n40k32", "f32.e5m2.e4m3", f32, 20;
    SM90_64x40x32_F32E5M2E4M3_RS_TN rs "m64n40k32", "f32.e5m2.e4m3", f32, 20;
    SM90_64x40x32_F16E5M2E5M2_SS_TN ss "m64n40k32", "f16.e5m2.e5m2", u32, 10;
    SM90_64x40x32_F16E5M2E5M2_RS_TN rs "m64n40k32", "f16.e5m2.e5m2", u32, 10;
    SM90_64x40x32_F32E5M2E5M2_SS_TN ss "m64n40k32", "f32.e5m2.e5m2", f32, 20;
    SM90_64x40x32_F32E5M2E5M2_RS_TN rs "m64n40k32", "f32.e5m2.e5m2", f32, 20;
    SM90_64x48x32_F16E4M3E4M3_SS_TN ss "m64n48k32", "f16.e4m3.e4m3", u32, 12;
    SM90_64x48x32_F16E4M3E4M3_RS_TN rs "m64n48k32", "f16.e4m3.e4m3", u32, 12;
    SM90_64x48x32_F32E4M3E4M3_SS_TN ss "m64n48k32", "f32.e4m3.e4m3", f32, 24;
    SM90_64x48x32_F32E4M3E4M3_RS_TN rs "m64n48k32", "f32.e4m3.e4m3", f32, 24;
    SM90_64x48x32_F16E4M3E5M2_SS_TN ss "m64n48k32", "f16.e4m3.e5m2", u32, 12;
    SM90_64x48x32_F16E4M3E5M2_RS_TN rs "m64n48k32", "f16.e4m3.e5m2", u32, 12;
    SM90_64x48x32_F32E4M3E5M2_SS_TN ss "m64n48k32", "f32.e4m3.e5m2", f32, 24;
    SM90_64x48x32_F32E4M3E5M2_RS_TN rs "m64n48k32", "f32.e4m3.e5m2", f32, 24;
    SM90_64x48x32_F16E5M2E4M3_SS_TN ss "m64n48k32", "f16.e5m2.e4m3", u32, 12;
    SM90_64x48x32_F16E5M2E4M3_RS_TN rs "m64n48k32", "f16.e5m2.e4m3", u32, 12;
    SM90_64x48x32_F32E5M2E4M3_SS_TN ss "m64n48k32", "f32.e5m2.e4m3", f32, 24;
    SM90_64x48x32_F32E5M2E4M3_RS_TN rs "m64n48k32", "f32.e5m2.e4m3", f32, 24;
    SM90_64x48x32_F16E5M2E5M2_SS_TN ss "m64n48k32", "f16.e5m2.e5m2", u32, 12;
    SM90_64x48x32_F16E5M2E5M2_RS_TN rs "m64n48k32", "f16.e5m2.e5m2", u32, 12;
    SM90_64x48x32_F32E5M2E5M2_SS_TN ss "m64n48k32", "f32.e5m2.e5m2", f32, 24;
    SM90_64x48x32_F32E5M2E5M2_RS_TN rs "m64n48k32", "f32.e5m2.e5m2", f32, 24;
    SM90_64x56x32_F16E4M3E4M3_SS_TN ss "m64n56k32", "f16.e4m3.e4m3", u32, 14;
    SM90_64x56x32_F16E4M3E4M3_RS_TN rs "m64n56k32", "f16.e4m3.e4m3", u32, 14;
    SM90_64x56x32_F32E4M3E4M3_SS_TN ss "m64n56k32", "f32.e4m3.e4m3", f32, 28;
    SM90_64x56x32_F32E4M3E4M3_RS_TN rs "m64n56k32", "f32.e4m3.e4m3", f32, 28;
    SM90_64x56x32_F16E4M3E5M2_SS_TN ss "m64n56k32", "f16.e4m3.e5m2", u32, 14;
    SM90_64x56x32_F16E4M3E5M2_RS_TN rs "m64n56k32", "f16.e4m3.e5m2", u32, 14;
    SM90_64x56x32_F32E4M3E5M2_SS_TN ss "m64n56k32", "f32.e4m3.e5m2", f32, 28;
    SM90_64x56x32_F32E4M3E5M2_RS_TN rs "m64n56k32", "f32.e4m3.e5m2", f32, 28;
    SM90_64x56x32_F16E5M2E4M3_SS_TN ss "m64n56k32", "f16.e5m2.e4m3", u32, 14;
    SM90_64x56x32_F16E5M2E4M3_RS_TN rs "m64n56k32", "f16.e5m2.e4m3", u32, 14;
    SM90_64x56x32_F32E5M2E4M3_SS_TN ss "m64n56k32", "f32.e5m2.e4m3", f32, 28;
    SM90_64x56x32_F32E5M2E4M3_RS_TN rs "m64n56k32", "f32.e5m2.e4m3", f32, 28;
    SM90_64x56x32_F16E5M2E5M2_SS_TN ss "m64n56k32", "f16.e5m2.e5m2", u32, 14;
    SM90_64x56x32_F16E5M2E5M2_RS_TN rs "m64n56k32", "f16.e5m2.e5m2", u32, 14;
    SM90_64x56x32_F32E5M2E5M2_SS_TN ss "m64n56k32", "f32.e5m2.e5m2", f32, 28;
    SM90_64x56x32_F32E5M2E5M2_RS_TN rs "m64n56k32", "f32.e5m2.e5m2", f32, 28;
    SM90_64x72x32_F16E4M3E4M3_SS_TN ss "m64n72k32", "f16.e4m3.e4m3", u32, 18;
    SM90_64x72x32_F16E4M3E4M3_RS_TN rs "m64n72k32", "f16.e4m3.e4m3", u32, 18;
    SM90_64x72x32_F32E4M3E4M3_SS_TN ss "m64n72k32", "f32.e4m3.e4m3", f32, 36;
    SM90_64x72x32_F32E4M3E4M3_RS_TN rs "m64n72k32", "f32.e4m3.e4m3", f32, 36;
    SM90_64x72x32_F16E4M3E5M2_SS_TN ss "m64n72k32", "f16.e4m3.e5m2", u32, 18;
    SM90_64x72x32_F16E4M3E5M2_RS_TN rs "m64n72k32", "f16.e4m3.e5m2", u32, 18;
    SM90_64x72x32_F32E4M3E5M2_SS_TN ss "m64n72k32", "f32.e4m3.e5m2", f32, 36;
    SM90_64x72x32_F32E4M3E5M2_RS_TN rs "m64n72k32", "f32.e4m3.e5m2", f32, 36;
    SM90_64x72x32_F16E5M2E4M3_SS_TN ss "m64n72k32", "f16.e5m2.e4m3", u32, 18;
    SM90_64x72x32_F16E5M2E4M3_RS_TN rs "m64n72k32", "f16.e5m2.e4m3", u32, 18;
    SM90_64x72x32_F32E5M2E4M3_SS_TN ss "m64n72k32", "f32.e5m2.e4m3", f32, 36;
    SM90_64x72x32_F32E5M2E4M3_RS_TN rs "m64n72k32", "f32.e5m2.e4m3", f32, 36;
    SM90_64x72x32_F16E5M2E5M2_SS_TN ss "m64n72k32", "f16.e5m2.e5m2", u32, 18;
    SM90_64x72x32_F16E5M2E5M2_RS_TN rs "m64n72k32", "f16.e5m2.e5m2", u32, 18;
    SM90_64x72x32_F32E5M2E5M2_SS_TN ss "m64n72k32", "f32.e5m2.e5m2", f32, 36;
    SM90_64x72x32_F32E5M2E5M2_RS_TN rs "m64n72k32", "f32.e5m2.e5m2", f32, 36;
    SM90_64x80x32_F16E4M3E4M3_SS_TN ss "m64n80k32", "f16.e4m3.e4m3", u32, 20;
    SM90_64x80x32_F16E4M3E4M3_RS_TN rs "m64n80k32", "f16.e4m3.e4m3", u32, 20;
    SM90_64x80x32_F32E4M3E4M3_SS_TN ss "m64n80k32", "f32.e4m3.e4m3", f32, 40;
    SM90_64x80x32_F32E4M3E4M3_RS_TN rs "m64n80k32", "f32.e4m3.e4m3", f32, 40;
    SM90_64x80x32_F16E4M3E5M2_SS_TN ss "m64n80k32", "f16.e4m3.e5m2", u32, 20;
    SM90_64x80x32_F16E4M3E5M2_RS_TN rs "m64n80k32", "f16.e4m3.e5m2", u32, 20;
    SM90_64x80x32_F32E4M3E5M2_SS_TN ss "m64n80k32", "f32.e4m3.e5m2", f32, 40;
    SM90_64x80x32_F32E4M3E5M2_RS_TN rs "m64n80k32", "f32.e4m3.e5m2", f32, 40;
    SM90_64x80x32_F16E5M2E4M3_SS_TN ss "m64n80k32", "f16.e5m2.e4m3", u32, 20;
    SM90_64x80x32_F16E5M2E4M3_RS_TN rs "m64n80k32", "f16.e5m2.e4m3", u32, 20;
    SM90_64x80x32_F32E5M2E4M3_SS_TN ss "m64n80k32", "f32.e5m2.e4m3", f32, 40;
    SM90_64x80x32_F32E5M2E4M3_RS_TN rs "m64n80k32", "f32.e5m2.e4m3", f32, 40;
    SM90_64x80x32_F16E5M2E5M2_SS_TN ss "m64n80k32", "f16.e5m2.e5m2", u32, 20;
    SM90_64x80x32_F16E5M2E5M2_RS_TN rs "m64n80k32", "f16.e5m2.e5m2", u32, 20;
    SM90_64x80x32_F32E5M2E5M2_SS_TN ss "m64n80k32", "f32.e5m2.e5m2", f32, 40;
    SM90_64x80x32_F32E5M2E5M2_RS_TN rs "m64n80k32", "f32.e5m2.e5m2", f32, 40;
    SM90_64x88x32_F16E4M3E4M3_SS_TN ss "m64n88k32", "f16.e4m3.e4m3", u32, 22;
    SM90_64x88x32_F16E4M3E4M3_RS_TN rs "m64n88k32", "f16.e4m3.e4m3", u32, 22;
    SM90_64x88x32_F32E4M3E4M3_SS_TN ss "m64n88k32", "f32.e4m3.e4m3", f32, 44;
    SM90_64x88x32_F32E4M3E4M3_RS_TN rs "m64n88k32", "f32.e4m3.e4m3", f32, 44;
    SM90_64x88x32_F16E4M3E5M2_SS_TN ss "m64n88k32", "f16.e4m3.e5m2", u32, 22;
    SM90_64x88x32_F16E4M3E5M2_RS_TN rs "m64n88k32", "f16.e4m3.e5m2", u32, 22;
    SM90_64x88x32_F32E4M3E5M2_SS_TN ss "m64n88k32", "f32.e4m3.e5m2", f32, 44;
    SM90_64x88x32_F32E4M3E5M2_RS_TN rs "m64n88k32", "f32.e4m3.e5m2", f32, 44;
    SM90_64x88x32_F16E5M2E4M3_SS_TN ss "m64n88k32", "f16.e5m2.e4m3", u32, 22;
    SM90_64x88x32_F16E5M2E4M3_RS_TN rs "m64n88k32", "f16.e5m2.e4m3", u32, 22;
    SM90_64x88x32_F32E5M2E4M3_SS_TN ss "m64n88k32", "f32.e5m2.e4m3", f32, 44;
    SM90_64x88x32_F32E5M2E4M3_RS_TN rs "m64n88k32", "f32.e5m2.e4m3", f32, 44;
    SM90_64x88x32_F16E5M2E5M2_SS_TN ss "m64n88k32", "f16.e5m2.e5m2", u32, 22;
    SM90_64x88x32_F16E5M2E5M2_RS_TN rs "m64n88k32", "f16.e5m2.e5m2", u32, 22;
    SM90_64x88x32_F32E5M2E5M2_SS_TN ss "m64n88k32", "f32.e5m2.e5m2", f32, 44;
    SM90_64x88x32_F32E5M2E5M2_RS_TN rs "m64n88k32", "f32.e5m2.e5m2", f32, 44;
    SM90_64x104x32_F16E4M3E4M3_SS_TN ss "m64n104k32", "f16.e4m3.e4m3", u32, 26;
    SM90_64x104x32_F16E4M3E4M3_RS_TN rs "m64n104k32", "f16.e4m3.e4m3", u32, 26;
    SM90_64x104x32_F32E4M3E4M3_SS_TN ss "m64n104k32", "f32.e4m3.e4m3", f32, 52;
    SM90_64x104x32_F32E4M3E4M3_RS_TN rs "m64n104k32", "f32.e4m3.e4m3", f32, 52;
    SM90_64x104x32_F16E4M3E5M2_SS_TN ss "m64n104k32", "f16.e4m3.e5m2", u32, 26;
    SM90_64x104x32_F16E4M3E5M2_RS_TN rs "m64n104k32", "f16.e4m3.e5m2", u32, 26;
    SM90_64x104x32_F32E4M3E5M2_SS_TN ss "m64n104k32", "f32.e4m3.e5m2", f32, 52;
    SM90_64x104x32_F32E4M3E5M2_RS_TN rs "m64n104k32", "f32.e4m3.e5m2", f32, 52;
    SM90_64x104x32_F16E5M2E4M3_SS_TN ss "m64n104k32", "f16.e5m2.e4m3", u32, 26;
    SM90_64x104x32_F16E5M2E4M3_RS_TN rs "m64n104k32", "f16.e5m2.e4m3", u32, 26;
    SM90_64x104x32_F32E5M2E4M3_SS_TN ss "m64n104k32", "f32.e5m2.e4m3", f32, 52;
    SM90_64x104x32_F32E5M2E4M3_RS_TN rs "m64n104k32", "f32.e5m2.e4m3", f32, 52;
    SM90_64x104x32_F16E5M2E5M2_SS_TN ss "m64n104k32", "f16.e5m2.e5m2", u32, 26;
    SM90_64x104x32_F16E5M2E5M2_RS_TN rs "m64n104k32", "f16.e5m2.e5m2", u32, 26;
    SM90_64x104x32_F32E5M2E5M2_SS_TN ss "m64n104k32", "f32.e5m2.e5m2", f32, 52;
    SM90_64x104x32_F32E5M2E5M2_RS_TN rs "m64n104k32", "f32.e5m2.e5m2", f32, 52;
    SM90_64x112x32_F16E4M3E4M3_SS_TN ss "m64n112k32", "f16.e4m3.e4m3", u32, 28;
    SM90_64x112x32_F16E4M3E4M3_RS_TN rs "m64n112k32", "f16.e4m3.e4m3", u32, 28;
    SM90_64x112x32_F32E4M3E4M3_SS_TN ss "m64n112k32", "f32.e4m3.e4m3", f32, 56;
    SM90_64x112x32_F32E4M3E4M3_RS_TN rs "m64n112k32", "f32.e4m3.e4m3", f32, 56;
    SM90_64x112x32_F16E4M3E5M2_SS_TN ss "m64n112k32", "f16.e4m3.e5m2", u32, 28;
    SM90_64x112x32_F16E4M3E5M2_RS_TN rs "m64n112k32", "f16.e4m3.e5m2", u32, 28;
    SM90_64x112x32_F32E4M3E5M2_SS_TN ss "m64n112k32", "f32.e4m3.e5m2", f32, 56;
    SM90_64x112x32_F32E4M3E5M2_RS_TN rs "m64n112k32", "f32.e4m3.e5m2", f32, 56;
    SM90_64x112x32_F16E5M2E4M3_SS_TN ss "m64n112k32", "f16.e5m2.e4m3", u32, 28;
    SM90_64x112x32_F16E5M2E4M3_RS_TN rs "m64n112k32", "f16.e5m2.e4m3", u32, 28;
    SM90_64x112x32_F32E5M2E4M3_SS_TN ss "m64n112k32", "f32.e5m2.e4m3", f32, 56;
    SM90_64x112x32_F32E5M2E4M3_RS_TN rs "m64n112k32", "f32.e5m2.e4m3", f32, 56;
    SM90_64x112x32_F16E5M2E5M2_SS_TN ss "m64n112k32", "f16.e5m2.e5m2", u32, 28;
    SM90_64x112x32_F16E5M2E5M2_RS_TN rs "m64n112k32", "f16.e5m2.e5m2", u32, 28;
    SM90_64x112x32_F32E5M2E5M2_SS_TN ss "m64n112k32", "f32.e5m2.e5m2", f32, 56;
    SM90_64x112x32_F32E5M2E5M2_RS_TN rs "m64n112k32", "f32.e5m2.e5m2", f32, 56;
    SM90_64x120x32_F16E4M3E4M3_SS_TN ss "m64n120k32", "f16.e4m3.e4m3", u32, 30;
    SM90_64x120x32_F16E4M3E4M3_RS_TN rs "m64n120k32", "f16.e4m3.e4m3", u32, 30;
    SM90_64x120x32_F32E4M3E4M3_SS_TN ss "m64n120k32", "f32.e4m3.e4m3", f32, 60;
    SM90_64x120x32_F32E4M3E4M3_RS_TN rs "m64n120k32", "f32.e4m3.e4m3", f32, 60;
    SM90_64x120x32_F16E4M3E5M2_SS_TN ss "m64n120k32", "f16.e4m3.e5m2", u32, 30;
    SM90_64x120x32_F16E4M3E5M2_RS_TN rs "m64n120k32", "f16.e4m3.e5m2", u32, 30;
    SM90_64x120x32_F32E4M3E5M2_SS_TN ss "m64n120k32", "f32.e4m3.e5m2", f32, 60;
    SM90_64x120x32_F32E4M3E5M2_RS_TN rs "m64n120k32", "f32.e4m3.e5m2", f32, 60;
    SM90_64x120x32_F16E5M2E4M3_SS_TN ss "m64n120k32", "f16.e5m2.e4m3", u32, 30;
    SM90_64x120x32_F16E5M2E4M3_RS_TN rs "m64n120k32", "f16.e5m2.e4m3", u32, 30;
    SM90_64x120x32_F32E5M2E4M3_SS_TN ss "m64n120k32", "f32.e5m2.e4m3", f32, 60;
    SM90_64x120x32_F32E5M2E4M3_RS_TN rs "m64n120k32", "f32.e5m2.e4m3", f32, 60;
    SM90_64x120x32_F16E5M2E5M2_SS_TN ss "m64n120k32", "f16.e5m2.e5m2", u32, 30;
    SM90_64x120x32_F16E5M2E5M2_RS_TN rs "m64n120k32", "f16.e5m2.e5m2", u32, 30;
    SM90_64x120x32_F32E5M2E5M2_SS_TN ss "m64n120k32", "f32.e5m2.e5m2", f32, 60;
    SM90_64x120x32_F32E5M2E5M2_RS_TN rs "m64n120k32", "f32.e5m2.e5m2", f32, 60;
    SM90_64x136x32_F16E4M3E4M3_SS_TN ss "m64n136k32", "f16.e4m3.e4m3", u32, 34;
    SM90_64x136x32_F16E4M3E4M3_RS_TN rs "m64n136k32", "f16.e4m3.e4m3", u32, 34;
    SM90_64x136x32_F32E4M3E4M3_SS_TN ss "m64n136k32", "f32.e4m3.e4m3", f32, 68;
    SM90_64x136x32_F32E4M3E4M3_RS_TN rs "m64n136k32", "f32.e4m3.e4m3", f32, 68;
    SM90_64x136x32_F16E4M3E5M2_SS_TN ss "m64n136k32", "f16.e4m3.e5m2", u32, 34;
    SM90_64x136x32_F16E4M3E5M2_RS_TN rs "m64n136k32", "f16.e4m3.e5m2", u32, 34;
    SM90_64x136x32_F32E4M3E5M2_SS_TN ss "m64n136k32", "f32.e4m3.e5m2", f32, 68;
    SM90_64x136x32_F32E4M3E5M2_RS_TN rs "m64n136k32", "f32.e4m3.e5m2", f32, 68;
    SM90_64x136x32_F16E5M2E4M3_SS_TN ss "m64n136k32", "f16.e5m2.e4m3", u32, 34;
    SM90_64x136x32_F16E5M2E4M3_RS_TN rs "m64n136k32", "f16.e5m2.e4m3", u32, 34;
    SM90_64x136x32_F32E5M2E4M3_SS_TN ss "m64n136k32", "f32.e5m2.e4m3", f32, 68;
    SM90_64x136x32_F32E5M2E4M3_RS_TN rs "m64n136k32", "f32.e5m2.e4m3", f32, 68;
    SM90_64x136x32_F16E5M2E5M2_SS_TN ss "m64n136k32", "f16.e5m2.e5m2", u32, 34;
    SM90_64x136x32_F16E5M2E5M2_RS_TN rs "m64n136k32", "f16.e5m2.e5m2", u32, 34;
    SM90_64x136x32_F32E5M2E5M2_SS_TN ss "m64n136k32", "f32.e5m2.e5m2", f32, 68;
    SM90_64x136x32_F32E5M2E5M2_RS_TN rs "m64n136k32", "f32.e5m2.e5m2", f32, 68;
    SM90_64x144x32_F16E4M3E4M3_SS_TN ss "m64n144k32", "f16.e4m3.e4m3", u32, 36;
    SM90_64x144x32_F16E4M3E4M3_RS_TN rs "m64n144k32", "f16.e4m3.e4m3", u32, 36;
    SM90_64x144x32_F32E4M3E4M3_SS_TN ss "m64n144k32", "f32.e4m3.e4m3", f32, 72;
    SM90_64x144x32_F32E4M3E4M3_RS_TN rs "m64n144k32", "f32.e4m3.e4m3", f32, 72;
    SM90_64x144x32_F16E4M3E5M2_SS_TN ss "m64n144k32", "f16.e4m3.e5m2", u32, 36;
    SM90_64x144x32_F16E4M3E5M2_RS_TN rs "m64n144k32", "f16.e4m3.e5m2", u32, 36;
    SM90_64x144x32_F32E4M3E5M2_SS_TN ss "m64n144k32", "f32.e4m3.e5m2", f32, 72;
    SM90_64x144x32_F32E4M3E5M2_RS_TN rs "m64n144k32", "f32.e4m3.e5m2", f32, 72;
    SM90_64x144x32_F16E5M2E4M3_SS_TN ss "m64n144k32", "f16.e5m2.e4m3", u32, 36;
    SM90_64x144x32_F16E5M2E4M3_RS_TN rs "m64n144k32", "f16.e5m2.e4m3", u32, 36;
    SM90_64x144x32_F32E5M2E4M3_SS_TN ss "m64n144k32", "f32.e5m2.e4m3", f32, 72;
    SM90_64x144x32_F32E5M2E4M3_RS_TN rs "m64n144k32", "f32.e5m2.e4m3", f32, 72;
    SM90_64x144x32_F16E5M2E5M2_SS_TN ss "m64n144k32", "f16.e5m2.e5m2", u32, 36;
    SM90_64x144x32_F16E5M2E5M2_RS_TN rs "m64n144k32", "f16.e5m2.e5m2", u32, 36;
    SM90_64x144x32_F32E5M2E5M2_SS_TN ss "m64n144k32", "f32.e5m2.e5m2", f32, 72;
    SM90_64x144x32_F32E5M2E5M2_RS_TN rs "m64n144k32", "f32.e5m2.e5m2", f32, 72;
    SM90_64x152x32_F16E4M3E4M3_SS_TN ss "m64n152k32", "f16.e4m3.e4m3", u32, 38;
    SM90_64x152x32_F16E4M3E4M3_RS_TN rs "m64n152k32", "f16.e4m3.e4m3", u32, 38;
    SM90_64x152x32_F32E4M3E4M3_SS_TN ss "m64n152k32", "f32.e4m3.e4m3", f32, 76;
    SM90_64x152x32_F32E4M3E4M3_RS_TN rs "m64n152k32", "f32.e4m3.e4m3", f32, 76;
    SM90_64x152x32_F16E4M3E5M2_SS_TN ss "m64n152k32", "f16.e4m3.e5m2", u32, 38;
    SM90_64x152x32_F16E4M3E5M2_RS_TN rs "m64n152k32", "f16.e4m3.e5m2", u32, 38;
    SM90_64x152x32_F32E4M3E5M2_SS_TN ss "m64n152k32", "f32.e4m3.e5m2", f32, 76;
    SM90_64x152x32_F32E4M3E5M2_RS_TN rs "m64n152k32", "f32.e4m3.e5m2", f32, 76;
    SM90_64x152x32_F16E5M2E4M3_SS_TN ss "m64n152k32", "f16.e5m2.e4m3", u32, 38;
    SM90_64x152x32_F16E5M2E4M3_RS_TN rs "m64n152k32", "f16.e5m2.e4m3", u32, 38;
    SM90_64x152x32_F32E5M2E4M3_SS_TN ss "m64n152k32", "f32.e5m2.e4m3", f32, 76;
    SM90_64x152x32_F32E5M2E4M3_RS_TN rs "m64n152k32", "f32.e5m2.e4m3", f32, 76;
    SM90_64x152x32_F16E5M2E5M2_SS_TN ss "m64n152k32", "f16.e5m2.e5m2", u32, 38;
    SM90_64x152x32_F16E5M2E5M2_RS_TN rs "m64n152k32", "f16.e5m2.e5m2", u32, 38;
    SM90_64x152x32_F32E5M2E5M2_SS_TN ss "m64n152k32", "f32.e5m2.e5m2", f32, 76;
    SM90_64x152x32_F32E5M2E5M2_RS_TN rs "m64n152k32", "f32.e5m2.e5m2", f32, 76;
    SM90_64x160x32_F16E4M3E4M3_SS_TN ss "m64n160k32", "f16.e4m3.e4m3", u32, 40;
    SM90_64x160x32_F16E4M3E4M3_RS_TN rs "m64n160k32", "f16.e4m3.e4m3", u32, 40;
    SM90_64x160x32_F32E4M3E4M3_SS_TN ss "m64n160k32", "f32.e4m3.e4m3", f32, 80;
    SM90_64x160x32_F32E4M3E4M3_RS_TN rs "m64n160k32", "f32.e4m3.e4m3", f32, 80;
    SM90_64x160x32_F16E4M3E5M2_SS_TN ss "m64n160k32", "f16.e4m3.e5m2", u32, 40;
    SM90_64x160x32_F16E4M3E5M2_RS_TN rs "m64n160k32", "f16.e4m3.e5m2", u32, 40;
    SM90_64x160x32_F32E4M3E5M2_SS_TN ss "m64n160k32", "f32.e4m3.e5m2", f32, 80;
    SM90_64x160x32_F32E4M3E5M2_RS_TN rs "m64n160k32", "f32.e4m3.e5m2", f32, 80;
    SM90_64x160x32_F16E5M2E4M3_SS_TN ss "m64n160k32", "f16.e5m2.e4m3", u32, 40;
    SM90_64x160x32_F16E5M2E4M3_RS_TN rs "m64n160k32", "f16.e5m2.e4m3", u32, 40;
    SM90_64x160x32_F32E5M2E4M3_SS_TN ss "m64n160k32", "f32.e5m2.e4m3", f32, 80;
    SM90_64x160x32_F32E5M2E4M3_RS_TN rs "m64n160k32", "f32.e5m2.e4m3", f32, 80;
    SM90_64x160x32_F16E5M2E5M2_SS_TN ss "m64n160k32", "f16.e5m2.e5m2", u32, 40;
    SM90_64x160x32_F16E5M2E5M2_RS_TN rs "m64n160k32", "f16.e5m2.e5m2", u32, 40;
    SM90_64x160x32_F32E5M2E5M2_SS_TN ss "m64n160k32", "f32.e5m2.e5m2", f32, 80;
    SM90_64x160x32_F32E5M2E5M2_RS_TN rs "m64n160k32", "f32.e5m2.e5m2", f32, 80;
    SM90_64x168x32_F16E4M3E4M3_SS_TN ss "m64n168k32", "f16.e4m3.e4m3", u32, 42;
    SM90_64x168x32_F16E4M3E4M3_RS_TN rs "m64n168k32", "f16.e4m3.e4m3", u32, 42;
    SM90_64x168x32_F32E4M3E4M3_SS_TN ss "m64n168k32", "f32.e4m3.e4m3", f32, 84;
    SM90_64x168x32_F32E4M3E4M3_RS_TN rs "m64n168k32", "f32.e4m3.e4m3", f32, 84;
    SM90_64x168x32_F16E4M3E5M2_SS_TN ss "m64n168k32", "f16.e4m3.e5m2", u32, 42;
    SM90_64x168x32_F16E4M3E5M2_RS_TN rs "m64n168k32", "f16.e4m3.e5m2", u32, 42;
    SM90_64x168x32_F32E4M3E5M2_SS_TN ss "m64n168k32", "f32.e4m3.e5m2", f32, 84;
    SM90_64x168x32_F32E4M3E5M2_RS_TN rs "m64n168k32", "f32.e4m3.e5m2", f32, 84;
    SM90_64x168x32_F16E5M2E4M3_SS_TN ss "m64n168k32", "f16.e5m2.e4m3", u32, 42;
    SM90_64x168x32_F16E5M2E4M3_RS_TN rs "m64n168k32", "f16.e5m2.e4m3", u32, 42;
    SM90_64x168x32_F32E5M2E4M3_SS_TN ss "m64n168k32", "f32.e5m2.e4m3", f32, 84;
    SM90_64x168x32_F32E5M2E4M3_RS_TN rs "m64n168k32", "f32.e5m2.e4m3", f32, 84;
    SM90_64x168x32_F16E5M2E5M2_SS_TN ss "m64n168k32", "f16.e5m2.e5m2", u32, 42;
    SM90_64x168x32_F16E5M2E5M2_RS_TN rs "m64n168k32", "f16.e5m2.e5m2", u32, 42;
    SM90_64x168x32_F32E5M2E5M2_SS_TN ss "m64n168k32", "f32.e5m2.e5m2", f32, 84;
    SM90_64x168x32_F32E5M2E5M2_RS_TN rs "m64n168k32", "f32.e5m2.e5m2", f32, 84;
    SM90_64x176x32_F16E4M3E4M3_SS_TN ss "m64n176k32", "f16.e4m3.e4m3", u32, 44;
    SM90_64x176x32_F16E4M3E4M3_RS_TN rs "m64n176k32", "f16.e4m3.e4m3", u32, 44;
    SM90_64x176x32_F32E4M3E4M3_SS_TN ss "m64n176k32", "f32.e4m3.e4m3", f32, 88;
    SM90_64x176x32_F32E4M3E4M3_RS_TN rs "m64n176k32", "f32.e4m3.e4m3", f32, 88;
    SM90_64x176x32_F16E4M3E5M2_SS_TN ss "m64n176k32", "f16.e4m3.e5m2", u32, 44;
    SM90_64x176x32_F16E4M3E5M2_RS_TN rs "m64n176k32", "f16.e4m3.e5m2", u32, 44;
    SM90_64x176x32_F32E4M3E5M2_SS_TN ss "m64n176k32", "f32.e4m3.e5m2", f32, 88;
    SM90_64x176x32_F32E4M3E5M2_RS_TN rs "m64n176k32", "f32.e4m3.e5m2", f32, 88;
    SM90_64x176x32_F16E5M2E4M3_SS_TN ss "m64n176k32", "f16.e5m2.e4m3", u32, 44;
    SM90_64x176x32_F16E5M2E4M3_RS_TN rs "m64n176k32", "f16.e5m2.e4m3", u32, 44;
    SM90_64x176x32_F32E5M2E4M3_SS_TN ss "m64n176k32", "f32.e5m2.e4m3", f32, 88;
    SM90_64x176x32_F32E5M2E4M3_RS_TN rs "m64n176k32", "f32.e5m2.e4m3", f32, 88;
    SM90_64x176x32_F16E5M2E5M2_SS_TN ss "m64n176k32", "f16.e5m2.e5m2", u32, 44;
    SM90_64x176x32_F16E5M2E5M2_RS_TN rs "m64n176k32", "f16.e5m2.e5m2", u32, 44;
    SM90_64x176x32_F32E5M2E5M2_SS_TN ss "m64n176k32", "f32.e5m2.e5m2", f32, 88;
    SM90_64x176x32_F32E5M2E5M2_RS_TN rs "m64n176k32", "f32.e5m2.e5m2", f32, 88;
    SM90_64x184x32_F16E4M3E4M3_SS_TN ss "m64n184k32", "f16.e4m3.e4m3", u32, 46;
    SM90_64x184x32_F16E4M3E4M3_RS_TN rs "m64n184k32", "f16.e4m3.e4m3", u32, 46;
    SM90_64x184x32_F32E4M3E4M3_SS_TN ss "m64n184k32", "f32.e4m3.e4m3", f32, 92;
    SM90_64x184x32_F32E4M3E4M3_RS_TN rs "m64n184k32", "f32.e4m3.e4m3", f32, 92;
    SM90_64x184x32_F16E4M3E5M2_SS_TN ss "m64n184k32", "f16.e4m3.e5m2", u32, 46;
    SM90_64x184x32_F16E4M3E5M2_RS_TN rs "m64n184k32", "f16.e4m3.e5m2", u32, 46;
    SM90_64x184x32_F32E4M3E5M2_SS_TN ss "m64n184k32", "f32.e4m3.e5m2", f32, 92;
    SM90_64x184x32_F32E4M3E5M2_RS_TN rs "m64n184k32", "f32.e4m3.e5m2", f32, 92;
    SM90_64x184x32_F16E5M2E4M3_SS_TN ss "m64n184k32", "f16.e5m2.e4m3", u32, 46;
    SM90_64x184x32_F16E5M2E4M3_RS_TN rs "m64n184k32", "f16.e5m2.e4m3", u32, 46;
    SM90_64x184x32_F32E5M2E4M3_SS_TN ss "m64n184k32", "f32.e5m2.e4m3", f32, 92;
    SM90_64x184x32_F32E5M2E4M3_RS_TN rs "m64n184k32", "f32.e5m2.e4m3", f32, 92;
    SM90_64x184x32_F16E5M2E5M2_SS_TN ss "m64n184k32", "f16.e5m2.e5m2", u32, 46;
    SM90_64x184x32_F16E5M2E5M2_RS_TN rs "m64n184k32", "f16.e5m2.e5m2", u32, 46;
    SM90_64x184x32_F32E5M2E5M2_SS_TN ss "m64n184k32", "f32.e5m2.e5m2", f32, 92;
    SM90_64x184x32_F32E5M2E5M2_RS_TN rs "m64n184k32", "f32.e5m2.e5m2", f32, 92;
    SM90_64x200x32_F16E4M3E4M3_SS_TN ss "m64n200k32", "f16.e4m3.e4m3", u32, 50;
    SM90_64x200x32_F16E4M3E4M3_RS_TN rs "m64n200k32", "f16.e4m3.e4m3", u32, 50;
    SM90_64x200x32_F32E4M3E4M3_SS_TN ss "m64n200k32", "f32.e4m3.e4m3", f32, 100;
    SM90_64x200x32_F32E4M3E4M3_RS_TN rs "m64n200k32", "f32.e4m3.e4m3", f32, 100;
    SM90_64x200x32_F16E4M3E5M2_SS_TN ss "m64n200k32", "f16.e4m3.e5m2", u32, 50;
    SM90_64x200x32_F16E4M3E5M2_RS_TN rs "m64n200k32", "f16.e4m3.e5m2", u32, 50;
    SM90_64x200x32_F32E4M3E5M2_SS_TN ss "m64n200k32", "f32.e4m3.e5m2", f32, 100;
    SM90_64x200x32_F32E4M3E5M2_RS_TN rs "m64n200k32", "f32.e4m3.e5m2", f32, 100;
    SM90_64x200x32_F16E5M2E4M3_SS_TN ss "m64n200k32", "f16.e5m2.e4m3", u32, 50;
    SM90_64x200x32_F16E5M2E4M3_RS_TN rs "m64n200k32", "f16.e5m2.e4m3", u32, 50;
    SM90_64x200x32_F32E5M2E4M3_SS_TN ss "m64n200k32", "f32.e5m2.e4m3", f32, 100;
    SM90_64x200x32_F32E5M2E4M3_RS_TN rs "m64n200k32", "f32.e5m2.e4m3", f32, 100;
    SM90_64x200x32_F16E5M2E5M2_SS_TN ss "m64n200k32", "f16.e5m2.e5m2", u32, 50;
    SM90_64x200x32_F16E5M2E5M2_RS_TN rs "m64n200k32", "f16.e5m2.e5m2", u32, 50;
    SM90_64x200x32_F32E5M2E5M2_SS_TN ss "m64n200k32", "f32.e5m2.e5m2", f32, 100;
    SM90_64x200x32_F32E5M2E5M2_RS_TN rs "m64n200k32", "f32.e5m2.e5m2", f32, 100;
    SM90_64x208x32_F16E4M3E4M3_SS_TN ss "m64n208k32", "f16.e4m3.e4m3", u32, 52;
    SM90_64x208x32_F16E4M3E4M3_RS_TN rs "m64n208k32", "f16.e4m3.e4m3", u32, 52;
    SM90_64x208x32_F32E4M3E4M3_SS_TN ss "m64n208k32", "f32.e4m3.e4m3", f32, 104;
    SM90_64x208x32_F32E4M3E4M3_RS_TN rs "m64n208k32", "f32.e4m3.e4m3", f32, 104;
    SM90_64x208x32_F16E4M3E5M2_SS_TN ss "m64n208k32", "f16.e4m3.e5m2", u32, 52;
    SM90_64x208x32_F16E4M3E5M2_RS_TN rs "m64n208k32", "f16.e4m3.e5m2", u32, 52;
    SM90_64x208x32_F32E4M3E5M2_SS_TN ss "m64n208k32", "f32.e4m3.e5m2", f32, 104;
    SM90_64x208x32_F32E4M3E5M2_RS_TN rs "m64n208k32", "f32.e4m3.e5m2", f32, 104;
    SM90_64x208x32_F16E5M2E4M3_SS_TN ss "m64n208k32", "f16.e5m2.e4m3", u32, 52;
    SM90_64x208x32_F16E5M2E4M3_RS_TN rs "m64n208k32", "f16.e5m2.e4m3", u32, 52;
    SM90_64x208x32_F32E5M2E4M3_SS_TN ss "m64n208k32", "f32.e5m2.e4m3", f32, 104;
    SM90_64x208x32_F32E5M2E4M3_RS_TN rs "m64n208k32", "f32.e5m2.e4m3", f32, 104;
    SM90_64x208x32_F16E5M2E5M2_SS_TN ss "m64n208k32", "f16.e5m2.e5m2", u32, 52;
    SM90_64x208x32_F16E5M2E5M2_RS_TN rs "m64n208k32", "f16.e5m2.e5m2", u32, 52;
    SM90_64x208x32_F32E5M2E5M2_SS_TN ss "m64n208k32", "f32.e5m2.e5m2", f32, 104;
    SM90_64x208x32_F32E5M2E5M2_RS_TN rs "m64n208k32", "f32.e5m2.e5m2", f32, 104;
    SM90_64x216x32_F16E4M3E4M3_SS_TN ss "m64n216k32", "f16.e4m3.e4m3", u32, 54;
    SM90_64x216x32_F16E4M3E4M3_RS_TN rs "m64n216k32", "f16.e4m3.e4m3", u32, 54;
    SM90_64x216x32_F32E4M3E4M3_SS_TN ss "m64n216k32", "f32.e4m3.e4m3", f32, 108;
    SM90_64x216x32_F32E4M3E4M3_RS_TN rs "m64n216k32", "f32.e4m3.e4m3", f32, 108;
    SM90_64x216x32_F16E4M3E5M2_SS_TN ss "m64n216k32", "f16.e4m3.e5m2", u32, 54;
    SM90_64x216x32_F16E4M3E5M2_RS_TN rs "m64n216k32", "f16.e4m3.e5m2", u32, 54;
    SM90_64x216x32_F32E4M3E5M2_SS_TN ss "m64n216k32", "f32.e4m3.e5m2", f32, 108;
    SM90_64x216x32_F32E4M3E5M2_RS_TN rs "m64n216k32", "f32.e4m3.e5m2", f32, 108;
    SM90_64x216x32_F16E5M2E4M3_SS_TN ss "m64n216k32", "f16.e5m2.e4m3", u32, 54;
    SM90_64x216x32_F16E5M2E4M3_RS_TN rs "m64n216k32", "f16.e5m2.e4m3", u32, 54;
    SM90_64x216x32_F32E5M2E4M3_SS_TN ss "m64n216k32", "f32.e5m2.e4m3", f32, 108;
    SM90_64x216x32_F32E5M2E4M3_RS_TN rs "m64n216k32", "f32.e5m2.e4m3", f32, 108;
    SM90_64x216x32_F16E5M2E5M2_SS_TN ss "m64n216k32", "f16.e5m2.e5m2", u32, 54;
    SM90_64x216x32_F16E5M2E5M2_RS_TN rs "m64n216k32", "f16.e5m2.e5m2", u32, 54;
    SM90_64x216x32_F32E5M2E5M2_SS_TN ss "m64n216k32", "f32.e5m2.e5m2", f32, 108;
    SM90_64x216x32_F32E5M2E5M2_RS_TN rs "m64n216k32", "f32.e5m2.e5m2", f32, 108;
    SM90_64x224x32_F16E4M3E4M3_SS_TN ss "m64n224k32", "f16.e4m3.e4m3", u32, 56;
    SM90_64x224x32_F16E4M3E4M3_RS_TN rs "m64n224k32", "f16.e4m3.e4m3", u32, 56;
    SM90_64x224x32_F32E4M3E4M3_SS_TN ss "m64n224k32", "f32.e4m3.e4m3", f32, 112;
    SM90_64x224x32_F32E4M3E4M3_RS_TN rs "m64n224k32", "f32.e4m3.e4m3", f32, 112;
    SM90_64x224x32_F16E4M3E5M2_SS_TN ss "m64n224k32", "f16.e4m3.e5m2", u32, 56;
    SM90_64x224x32_F16E4M3E5M2_RS_TN rs "m64n224k32", "f16.e4m3.e5m2", u32, 56;
    SM90_64x224x32_F32E4M3E5M2_SS_TN ss "m64n224k32", "f32.e4m3.e5m2", f32, 112;
    SM90_64x224x32_F32E4M3E5M2_RS_TN rs "m64n224k32", "f32.e4m3.e5m2", f32, 112;
    SM90_64x224x32_F16E5M2E4M3_SS_TN ss "m64n224k32", "f16.e5m2.e4m3", u32, 56;
    SM90_64x224x32_F16E5M2E4M3_RS_TN rs "m64n224k32", "f16.e5m2.e4m3", u32, 56;
    SM90_64x224x32_F32E5M2E4M3_SS_TN ss "m64n224k32", "f32.e5m2.e4m3", f32, 112;
    SM90_64x224x32_F32E5M2E4M3_RS_TN rs "m64n224k32", "f32.e5m2.e4m3", f32, 112;
    SM90_64x224x32_F16E5M2E5M2_SS_TN ss "m64n224k32", "f16.e5m2.e5m2", u32, 56;
    SM90_64x224x32_F16E5M2E5M2_RS_TN rs "m64n224k32", "f16.e5m2.e5m2", u32, 56;
    SM90_64x224x32_F32E5M2E5M2_SS_TN ss "m64n224k32", "f32.e5m2.e5m2", f32, 112;
    SM90_64x224x32_F32E5M2E5M2_RS_TN rs "m64n224k32", "f32.e5m2.e5m2", f32, 112;
    SM90_64x232x32_F16E4M3E4M3_SS_TN ss "m64n232k32", "f16.e4m3.e4m3", u32, 58;
    SM90_64x232x32_F16E4M3E4M3_RS_TN rs "m64n232k32", "f16.e4m3.e4m3", u32, 58;
    SM90_64x232x32_F32E4M3E4M3_SS_TN ss "m64n232k32", "f32.e4m3.e4m3", f32, 116;
    SM90_64x232x32_F32E4M3E4M3_RS_TN rs "m64n232k32", "f32.e4m3.e4m3", f32, 116;
    SM90_64x232x32_F16E4M3E5M2_SS_TN ss "m64n232k32", "f16.e4m3.e5m2", u32, 58;
    SM90_64x232x32_F16E4M3E5M2_RS_TN rs "m64n232k32", "f16.e4m3.e5m2", u32, 58;
    SM90_64x232x32_F32E4M3E5M2_SS_TN ss "m64n232k32", "f32.e4m3.e5m2", f32, 116;
    SM90_64x232x32_F32E4M3E5M2_RS_TN rs "m64n232k32", "f32.e4m3.e5m2", f32, 116;
    SM90_64x232x32_F16E5M2E4M3_SS_TN ss "m64n232k32", "f16.e5m2.e4m3", u32, 58;
    SM90_64x232x32_F16E5M2E4M3_RS_TN rs "m64n232k32", "f16.e5m2.e4m3", u32, 58;
    SM90_64x232x32_F32E5M2E4M3_SS_TN ss "m64n232k32", "f32.e5m2.e4m3", f32, 116;
    SM90_64x232x32_F32E5M2E4M3_RS_TN rs "m64n232k32", "f32.e5m2.e4m3", f32, 116;
    SM90_64x232x32_F16E5M2E5M2_SS_TN ss "m64n232k32", "f16.e5m2.e5m2", u32, 58;
    SM90_64x232x32_F16E5M2E5M2_RS_TN rs "m64n232k32", "f16.e5m2.e5m2", u32, 58;
    SM90_64x232x32_F32E5M2E5M2_SS_TN ss "m64n232k32", "f32.e5m2.e5m2", f32, 116;
    SM90_64x232x32_F32E5M2E5M2_RS_TN rs "m64n232k32", "f32.e5m2.e5m2", f32, 116;
    SM90_64x240x32_F16E4M3E4M3_SS_TN ss "m64n240k32", "f16.e4m3.e4m3", u32, 60;
    SM90_64x240x32_F16E4M3E4M3_RS_TN rs "m64n240k32", "f16.e4m3.e4m3", u32, 60;
    SM90_64x240x32_F32E4M3E4M3_SS_TN ss "m64n240k32", "f32.e4m3.e4m3", f32, 120;
    SM90_64x240x32_F32E4M3E4M3_RS_TN rs "m64n240k32", "f32.e4m3.e4m3", f32, 120;
    SM90_64x240x32_F16E4M3E5M2_SS_TN ss "m64n240k32", "f16.e4m3.e5m2", u32, 60;
    SM90_64x240x32_F16E4M3E5M2_RS_TN rs "m64n240k32", "f16.e4m3.e5m2", u32, 60;
    SM90_64x240x32_F32E4M3E5M2_SS_TN ss "m64n240k32", "f32.e4m3.e5m2", f32, 120;
    SM90_64x240x32_F32E4M3E5M2_RS_TN rs "m64n240k32", "f32.e4m3.e5m2", f32, 120;
    SM90_64x240x32_F16E5M2E4M3_SS_TN ss "m64n240k32", "f16.e5m2.e4m3", u32, 60;
    SM90_64x240x32_F16E5M2E4M3_RS_TN rs "m64n240k32", "f16.e5m2.e4m3", u32, 60;
    SM90_64x240x32_F32E5M2E4M3_SS_TN ss "m64n240k32", "f32.e5m2.e4m3", f32, 120;
    SM90_64x240x32_F32E5M2E4M3_RS_TN rs "m64n240k32", "f32.e5m2.e4m3", f32, 120;
    SM90_64x240x32_F16E5M2E5M2_SS_TN ss "m64n240k32", "f16.e5m2.e5m2", u32, 60;
    SM90_64x240x32_F16E5M2E5M2_RS_TN rs "m64n240k32", "f16.e5m2.e5m2", u32, 60;
    SM90_64x240x32_F32E5M2E5M2_SS_TN ss "m64n240k32", "f32.e5m2.e5m2", f32, 120;
    SM90_64x240x32_F32E5M2E5M2_RS_TN rs "m64n240k32", "f32.e5m2.e5m2", f32, 120;
    SM90_64x248x32_F16E4M3E4M3_SS_TN ss "m64n248k32", "f16.e4m3.e4m3", u32, 62;
    SM90_64x248x32_F16E4M3E4M3_RS_TN rs "m64n248k32", "f16.e4m3.e4m3", u32, 62;
    SM90_64x248x32_F32E4M3E4M3_SS_TN ss "m64n248k32", "f32.e4m3.e4m3", f32, 124;
    SM90_64x248x32_F32E4M3E4M3_RS_TN rs "m64n248k32", "f32.e4m3.e4m3", f32, 124;
    SM90_64x248x32_F16E4M3E5M2_SS_TN ss "m64n248k32", "f16.e4m3.e5m2", u32, 62;
    SM90_64x248x32_F16E4M3E5M2_RS_TN rs "m64n248k32", "f16.e4m3.e5m2", u32, 62;
    SM90_64x248x32_F32E4M3E5M2_SS_TN ss "m64n248k32", "f32.e4m3.e5m2", f32, 124;
    SM90_64x248x32_F32E4M3E5M2_RS_TN rs "m64n248k32", "f32.e4m3.e5m2", f32, 124;
    SM90_64x248x32_F16E5M2E4M3_SS_TN ss "m64n248k32", "f16.e5m2.e4m3", u32, 62;
    SM90_64x248x32_F16E5M2E4M3_RS_TN rs "m64n248k32", "f16.e5m2.e4m3", u32, 62;
    SM90_64x248x32_F32E5M2E4M3_SS_TN ss "m64n248k32", "f32.e5m2.e4m3", f32, 124;
    SM90_64x248x32_F32E5M2E4M3_RS_TN rs "m64n248k32", "f32.e5m2.e4m3", f32, 124;
    SM90_64x248x32_F16E5M2E5M2_SS_TN ss "m64n248k32", "f16.e5m2.e5m2", u32, 62;
    SM90_64x248x32_F16E5M2E5M2_RS_TN rs "m64n248k32", "f16.e5m2.e5m2", u32, 62;
    SM90_64x248x32_F32E5M2E5M2_SS_TN ss "m64n248k32", "f32.e5m2.e5m2", f32, 124;
    SM90_64x248x32_F32E5M2E5M2_RS_TN rs "m64n248k32", "f32.e5m2.e5m2", f32, 124;
}

#[cfg(test)]
mod tests {
    use super::GMMA::Major::{K, MN};
    use super::*;

    #[test]
    #[should_panic(
        expected = "`wgmma.mma_async.sync.aligned.m64n64k16.f16.f16.f16` needs nvptx64 with target feature sm_90a"
    )]
    fn host_call_of_ss_names_the_instruction() {
        SM90_64x64x16_F16F16F16_SS::<MN, MN>::wgmma(0, 0, &mut [0; 16], ScaleOut::One);
    }

    #[test]
    #[should_panic(
        expected = "`wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16` needs nvptx64 with target feature sm_90a"
    )]
    fn host_call_of_rs_names_the_instruction() {
        SM90_64x256x16_F32BF16BF16_RS::<K, K>::wgmma(&[0; 4], 0, &mut [0.0; 128], ScaleOut::Zero);
    }

    #[test]
    #[should_panic(
        expected = "`wgmma.fence.sync.aligned` needs nvptx64 with target feature sm_90a"
    )]
    fn host_warpgroup_arrive_names_the_instruction() {
        warpgroup_arrive();
    }

    #[test]
    #[should_panic(
        expected = "`wgmma.mma_async.sync.aligned.m64n8k32.f16.e4m3.e5m2` needs nvptx64 with target feature sm_90a"
    )]
    fn host_call_of_8_bit_ss_names_the_instruction() {
        SM90_64x8x32_F16E4M3E5M2_SS_TN::<GMMA::ScaleIn::One, GMMA::ScaleIn::Neg>::wgmma(
            0,
            0,
            &mut [0; 2],
            ScaleOut::One,
        );
    }

    #[test]
    #[should_panic(
        expected = "`wgmma.mma_async.sync.aligned.m64n256k32.f32.e5m2.e4m3` needs nvptx64 with target feature sm_90a"
    )]
    fn host_call_of_8_bit_rs_names_the_instruction() {
        SM90_64x256x32_F32E5M2E4M3_RS_TN::<GMMA::ScaleIn::One>::wgmma(
            &[0; 4],
            0,
            &mut [0.0; 128],
            ScaleOut::Zero,
        );
    }

    #[test]
    fn fence_operand_is_a_no_op_on_the_host() {
        let mut r = GmmaRegs([1.5f32; 64]);
        warpgroup_fence_operand(&mut r);
        assert_eq!(r, GmmaRegs([1.5f32; 64]));
        assert_eq!(
            SM90_64x8x16_F32F16F16_SS::<K, MN>::INSTRUCTION,
            "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16"
        );
        assert_eq!(
            SM90_64x32x32_F32E4M3E4M3_SS_TN::<GMMA::ScaleIn::One>::INSTRUCTION,
            "wgmma.mma_async.sync.aligned.m64n32k32.f32.e4m3.e4m3"
        );
    }
}
