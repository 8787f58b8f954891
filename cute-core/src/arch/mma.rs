//! The raw MMA operation interface and the universal FMA: port of `cute/arch/mma.hpp`.
//!
//! A raw MMA operation is a zero-sized type naming one instruction. C++ gives each one
//! `DRegisters`/`ARegisters`/`BRegisters`/`CRegisters` array types and a static `fma` taking
//! the exploded registers; here [`MmaOperation`] carries the same four array types and an
//! `fma` taking them whole.

use core::marker::PhantomData;

/// A raw MMA instruction: `D = A * B + C` on per-thread register arrays.
///
/// The register arrays are what the instruction reads and writes in one thread, e.g.
/// `[f32; 4]` accumulators and `[u32; 4]` packed `f16` pairs for `mma.sync.m16n8k16`.
pub trait MmaOperation: Copy + Default + 'static {
    /// The D (result) registers of one thread.
    type DRegisters: Copy + Default;
    /// The A registers of one thread.
    type ARegisters: Copy + Default;
    /// The B registers of one thread.
    type BRegisters: Copy + Default;
    /// The C (accumulator input) registers of one thread.
    type CRegisters: Copy + Default;
    /// Performs the operation.
    fn fma(
        d: &mut Self::DRegisters,
        a: &Self::ARegisters,
        b: &Self::BRegisters,
        c: &Self::CRegisters,
    );
}

/// `fma(d, a, b, c)`: `d = a * b + c` for one element (C++'s `cute::fma` overloads).
///
/// On the device `f32` and `f64` use one fused `fma.rn` instruction, as nvcc emits for
/// C++'s `a * b + c`; on the host the product and the sum are rounded separately.
pub trait Fma<A, B, C>: Sized {
    /// `a * b + c`.
    fn fma(a: A, b: B, c: C) -> Self;
}

macro_rules! fma_float {
    ($($t:ident;)*) => {$(
        impl Fma<$t, $t, $t> for $t {
            #[inline(always)]
            fn fma(a: $t, b: $t, c: $t) -> $t {
                // `llvm.fma`, which the NVPTX backend emits as `fma.rn`. Not `asm!`: LLVM
                // cannot see into an `asm!` block and then no longer unrolls the gemm loops,
                // which leaves the accumulators in local memory.
                #[cfg(target_arch = "nvptx64")]
                {
                    core::$t::math::mul_add(a, b, c)
                }
                #[cfg(not(target_arch = "nvptx64"))]
                {
                    a * b + c
                }
            }
        }
    )*};
}
fma_float! {
    f32;
    f64;
}

macro_rules! fma_int {
    ($($t:ty),*) => {$(
        impl Fma<$t, $t, $t> for $t {
            #[inline(always)]
            fn fma(a: $t, b: $t, c: $t) -> $t {
                a.wrapping_mul(b).wrapping_add(c)
            }
        }
    )*};
}
fma_int!(i32, i64, u32, u64);

/// `UniversalFMA<D, A, B, C>`: one thread computes `d = a * b + c` on one element of each
/// operand, with whatever instruction the element types call for.
///
/// # Example
/// ```
/// use cute_core::arch::mma::{MmaOperation, UniversalFMA};
/// let mut d = [0.0f32];
/// UniversalFMA::<f32>::fma(&mut d, &[2.0], &[3.0], &[1.0]);
/// assert_eq!(d, [7.0]);
/// ```
#[allow(non_camel_case_types)]
pub struct UniversalFMA<D, A = D, B = A, C = D>(PhantomData<(D, A, B, C)>);

impl<D, A, B, C> Clone for UniversalFMA<D, A, B, C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<D, A, B, C> Copy for UniversalFMA<D, A, B, C> {}
impl<D, A, B, C> Default for UniversalFMA<D, A, B, C> {
    fn default() -> Self {
        UniversalFMA(PhantomData)
    }
}
impl<D, A, B, C> core::fmt::Debug for UniversalFMA<D, A, B, C> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("UniversalFMA")
    }
}

impl<D, A, B, C> MmaOperation for UniversalFMA<D, A, B, C>
where
    D: Fma<A, B, C> + Copy + Default + 'static,
    A: Copy + Default + 'static,
    B: Copy + Default + 'static,
    C: Copy + Default + 'static,
{
    type DRegisters = [D; 1];
    type ARegisters = [A; 1];
    type BRegisters = [B; 1];
    type CRegisters = [C; 1];
    #[inline(always)]
    fn fma(d: &mut [D; 1], a: &[A; 1], b: &[B; 1], c: &[C; 1]) {
        d[0] = D::fma(a[0], b[0], c[0]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn universal_fma_computes_a_times_b_plus_c() {
        let mut d = [0.0f64];
        UniversalFMA::<f64>::fma(&mut d, &[1.5], &[-2.0], &[0.25]);
        assert_eq!(d, [-2.75]);
        let mut di = [0i32];
        UniversalFMA::<i32>::fma(&mut di, &[3], &[4], &[5]);
        assert_eq!(di, [17]);
    }
}
