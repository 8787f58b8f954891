//! GEMM on the GPU: element types ([`Dtype`], [`GemmTypes`]), operand layouts
//! ([`GemmLayout`]), the kernel registry's types ([`KernelEntry`], [`Kernel`]; the entries are
//! in [`crate::kernels`]), the one checked launch ([`gemm`]), random inputs, the float64
//! reference with its error bound ([`error_bound`], [`check`]; its sums computed on the GPU by
//! cuBLAS DGEMMs where one is at hand, [`ReferenceSums`]), and the run behind `cute gemm`.
//!
//! Conventions (CuTe's GEMM tutorials): `C = alpha * A * B^T + beta * C` with A an MxK
//! matrix, B an NxK matrix and C an MxN matrix. The two letters of a [`GemmLayout`] are
//! BLAS's `transa`/`transb` of the same problem (cuBLAS computes `C = op(A) op(B)` with
//! column-major storage), so they say which mode of each operand is contiguous:
//! - A: `N` = m-major, `(M,K):(_1,M)` (`A(m,k) = a[m + k*M]`); `T` = k-major, `(M,K):(K,_1)`
//!   (`A(m,k) = a[m*K + k]`);
//! - B: `T` = n-major, `(N,K):(_1,N)` (`B(n,k) = b[n + k*N]`); `N` = k-major, `(N,K):(K,_1)`
//!   (`B(n,k) = b[n*K + k]`);
//! - C is m-major in every layout, `(M,N):(_1,M)`.
//!
//! So NT (the tutorials' `gemm_nt`) has A m-major and B n-major, TN (`gemm_tn`) both k-major,
//! NN A m-major and B k-major, TT A k-major and B n-major. Leading dimensions are the tight
//! ones (`M` or `K` for A, `N` or `K` for B, `M` for C).
//!
//! # The error bound
//! Inputs are random values in `[-1, 1)` already rounded to the input type, so the float64
//! reference `ref = alpha * sum_k p_k + beta * C0(m,n)`, `p_k = A(m,k) B(n,k)`, is exact up to
//! float64 rounding (every product of two f32/f16/bf16 values is exact in float64, and K of
//! them sum with a relative error far below the bound). An element passes when
//!
//! ```text
//! |c - ref| <= 2 u_out (|alpha dot| + |beta C0|)
//!            + |alpha| min(2 u_acc K sum_k |p_k|,  LAMBDA u_acc (2 sqrt(K) + ceil(K/16)) ||p||_2)
//!            + (K + 2) eta_acc + eta_out
//! ```
//!
//! with `u` the unit roundoff of a type (f32 `2^-24`, f16 `2^-11`, bf16 `2^-8`), `u_acc` the
//! accumulator's, `u_out` the output's and `||p||_2 = sqrt(sum_k p_k^2)`; see [`error_bound`].
//! - The first term is the final scaling and rounding to the output type (two roundings).
//! - The last is underflow: a result in the subnormal range is rounded to a multiple of the
//!   smallest subnormal, an absolute error of up to `eta` (half of it: f16 `2^-25`, bf16
//!   `2^-134`, f32 `2^-150`) that no relative term covers. Each accumulation step and the two
//!   final roundings can add one (f16 accumulation at K = 1: a product of `1.1e-5` was off by
//!   `2.5e-8`, correctly rounded, above the relative bound's `2.2e-8`).
//! - The accumulation rounds each of at most K intermediate sums `T_j`, each with a relative
//!   error of at most one ulp of the accumulator, `2 u` (one ulp, not half: tensor cores
//!   truncate inside their adders; Fasi, Higham, Mikaitis and Pranesh, "Numerical behavior of
//!   NVIDIA tensor cores", 2021), so the error is `sum_j d_j T_j` with `|d_j| <= 2 u`.
//! - Worst case: `|T_j| <= sum|p|`, giving `2 u K sum|p|` (used when smaller, at tiny K).
//! - Probabilistic (Higham and Mary, "A new approach to probabilistic rounding error
//!   analysis", 2019): with independent rounding errors, `|sum_j d_j T_j| <= LAMBDA 2 u
//!   sqrt(sum_j T_j^2)` except with probability `2 exp(-LAMBDA^2 / 2)` (`2.5e-14` for
//!   [`LAMBDA`] = 8). Every `T_j` is a sum over a subset of the products, whatever order or
//!   tree the kernel sums in, and the products have random signs (zero-mean inputs), so
//!   `E[T_j^2] <= ||p||_2^2` and `sum_j T_j^2` is about `K ||p||_2^2` at most: hence
//!   `LAMBDA 2 u sqrt(K) ||p||_2`.
//! - Truncation's bias: an adder that truncates moves every sum toward zero, by `u |T_j|` on
//!   average, a mean that does not cancel: it adds about `-u sum_j T_j`. A tensor core adds a
//!   k-group of 16 products before the sum meets the accumulator, so there are `n = K/16` such
//!   roundings, and `sum_j T_j = sum_k w_k p_k` with each product counted `w_k <= n` times
//!   (once for every sum after it): with random signs at most `LAMBDA n ||p||_2` except with
//!   the same probability, so the bias adds `LAMBDA u ceil(K/16) ||p||_2`. It matters for long
//!   unsplit chains: at K = 28680 with f16 in and f32 out an element of a tile summed in one
//!   chain was off by 1.06 times the bound without it (the split tiles, in shorter chains, by
//!   at most 0.62), on an H200.
//!
//! For random inputs `||p||_2` is about `sum|p| / (0.75 sqrt(K))`, so the rounding term is
//! about `21 u sum|p|` whatever K and the bias term `0.67 u sqrt(K) sum|p|`: f32 accumulation
//! at K = 4096 allows `3.9e-3` where one dropped product is about `0.25` (it fails), and f16
//! accumulation at K = 1032 allows about `5.4` where `|ref|` is about 11 (a kernel that reads
//! past K or writes wrong tiles fails; the exact integer tests catch a lost k-block at any K;
//! the looser `LAMBDA sqrt(K) sum|p|` form used before let such results pass). The vendor
//! peers in `cute bench` get one more term, [`ErrorBound::with_output_partials`], for partial
//! sums rounded to the output type (split-K).
//!
//! 8-bit inputs (e4m3, e5m2) are stored with a per-tensor power-of-two scale ([`tensor_scale`]),
//! so the values the reference multiplies (code times scale) are exact in `f32` and their
//! products in float64, and the scales, folded into alpha, are exact too. The 8-bit `wgmma`
//! adds its products with a narrower adder than `f32`'s: its bound is the one above with
//! `u_acc` = [`FP8_WGMMA_UNIT_ROUNDOFF`] over the whole of K (fast accumulation; valid for every
//! 8-bit member), and [`error_bound_promoted`] gives the tighter bound of a kernel that moves
//! the partial sums to `f32` every few k-blocks.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use cudarc::cublas::{Gemm, GemmConfig};
use cudarc::driver::{CudaFunction, CudaSlice, CudaStream, DevicePtr, DevicePtrMut};
use cute_core::numeric::numeric_types::{BFloat16, FloatE4M3, FloatE5M2, Half};

use crate::epilogue::Epilogue;
use crate::error::Error;
use crate::gpu::{median, Gpu};

/// An element type of GEMM operands or accumulators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dtype {
    /// IEEE binary32, C++ `float`.
    F32,
    /// IEEE binary16, CuTe's `half_t`.
    F16,
    /// bfloat16, CuTe's `bfloat16_t`.
    Bf16,
    /// 8-bit float of 4 exponent and 3 mantissa bits, CuTe's `float_e4m3_t` (inputs only).
    E4m3,
    /// 8-bit float of 5 exponent and 2 mantissa bits, CuTe's `float_e5m2_t` (inputs only).
    E5m2,
}

impl Dtype {
    /// Every type of 16 or 32 bits, in CLI order.
    pub const ALL: [Dtype; 3] = [Dtype::F32, Dtype::F16, Dtype::Bf16];
    /// The 8-bit types (inputs of the 8-bit Hopper members only).
    pub const ALL_8BIT: [Dtype; 2] = [Dtype::E4m3, Dtype::E5m2];

    /// The CLI name: `f32`, `f16`, `bf16`, `e4m3`, `e5m2`.
    pub fn name(self) -> &'static str {
        match self {
            Dtype::F32 => "f32",
            Dtype::F16 => "f16",
            Dtype::Bf16 => "bf16",
            Dtype::E4m3 => "e4m3",
            Dtype::E5m2 => "e5m2",
        }
    }
    /// The C++ CuTe name: `float`, `half_t`, `bfloat16_t`, `float_e4m3_t`, `float_e5m2_t`.
    pub fn cute_name(self) -> &'static str {
        match self {
            Dtype::F32 => "float",
            Dtype::F16 => "half_t",
            Dtype::Bf16 => "bfloat16_t",
            Dtype::E4m3 => "float_e4m3_t",
            Dtype::E5m2 => "float_e5m2_t",
        }
    }
    /// Bytes per element.
    pub fn bytes(self) -> usize {
        match self {
            Dtype::F32 => 4,
            Dtype::F16 | Dtype::Bf16 => 2,
            Dtype::E4m3 | Dtype::E5m2 => 1,
        }
    }
    /// Whether it is one of the 8-bit types.
    pub fn is_8bit(self) -> bool {
        self.bytes() == 1
    }
    /// The unit roundoff `u = 2^-p` (half an ulp of 1): `2^-24`, `2^-11`, `2^-8`, `2^-4`,
    /// `2^-3`.
    pub fn unit_roundoff(self) -> f64 {
        match self {
            Dtype::F32 => (-24f64).exp2(),
            Dtype::F16 => (-11f64).exp2(),
            Dtype::Bf16 => (-8f64).exp2(),
            Dtype::E4m3 => (-4f64).exp2(),
            Dtype::E5m2 => (-3f64).exp2(),
        }
    }
    /// `eta`, half the smallest subnormal: the largest absolute error of rounding a value in
    /// the subnormal range: `2^-150`, `2^-25`, `2^-134`, `2^-10`, `2^-17`.
    pub fn underflow_unit(self) -> f64 {
        match self {
            Dtype::F32 => (-150f64).exp2(),
            Dtype::F16 => (-25f64).exp2(),
            Dtype::Bf16 => (-134f64).exp2(),
            Dtype::E4m3 => (-10f64).exp2(),
            Dtype::E5m2 => (-17f64).exp2(),
        }
    }
    /// The largest finite value: `f32::MAX`, 65504, about `3.39e38`, 448, 57344.
    pub fn max_finite(self) -> f32 {
        match self {
            Dtype::F32 => f32::MAX,
            Dtype::F16 => 65504.0,
            Dtype::Bf16 => BFloat16::from_bits(0x7f7f).to_f32(),
            Dtype::E4m3 => FloatE4M3::from_bits(FloatE4M3::MAX_BITS).to_f32(),
            Dtype::E5m2 => FloatE5M2::from_bits(FloatE5M2::MAX_BITS).to_f32(),
        }
    }
    /// `x` rounded to this type (to nearest even; the 8-bit types saturate), as an `f32`
    /// (exact). An 8-bit operand is stored with a per-tensor scale ([`DeviceMatrix::upload`]):
    /// what this rounds is the value over its scale.
    pub fn round(self, x: f32) -> f32 {
        match self {
            Dtype::F32 => x,
            Dtype::F16 => Half::from_f32(x).to_f32(),
            Dtype::Bf16 => BFloat16::from_f32(x).to_f32(),
            Dtype::E4m3 => FloatE4M3::from_f32(x).to_f32(),
            Dtype::E5m2 => FloatE5M2::from_f32(x).to_f32(),
        }
    }
    /// The 16-bit encoding of `x` (rounded) for F16 and Bf16; `None` for the others.
    pub fn to_bits16(self, x: f32) -> Option<u16> {
        match self {
            Dtype::F16 => Some(Half::from_f32(x).to_bits()),
            Dtype::Bf16 => Some(BFloat16::from_f32(x).to_bits()),
            Dtype::F32 | Dtype::E4m3 | Dtype::E5m2 => None,
        }
    }
    /// The value of a 16-bit encoding (F16 or Bf16; the others read nothing and give NaN).
    pub fn from_bits16(self, bits: u16) -> f32 {
        match self {
            Dtype::F16 => Half::from_bits(bits).to_f32(),
            Dtype::Bf16 => BFloat16::from_bits(bits).to_f32(),
            Dtype::F32 | Dtype::E4m3 | Dtype::E5m2 => f32::NAN,
        }
    }
    /// The 8-bit encoding of `x` (rounded, saturating) for E4m3 and E5m2; `None` for the others.
    pub fn to_bits8(self, x: f32) -> Option<u8> {
        match self {
            Dtype::E4m3 => Some(FloatE4M3::from_f32(x).to_bits()),
            Dtype::E5m2 => Some(FloatE5M2::from_f32(x).to_bits()),
            Dtype::F32 | Dtype::F16 | Dtype::Bf16 => None,
        }
    }
    /// The value of an 8-bit encoding (E4m3 or E5m2; the others read nothing and give NaN).
    pub fn from_bits8(self, bits: u8) -> f32 {
        match self {
            Dtype::E4m3 => FloatE4M3::from_bits(bits).to_f32(),
            Dtype::E5m2 => FloatE5M2::from_bits(bits).to_f32(),
            Dtype::F32 | Dtype::F16 | Dtype::Bf16 => f32::NAN,
        }
    }
}

impl fmt::Display for Dtype {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
impl FromStr for Dtype {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "f32" | "float" => Ok(Dtype::F32),
            "f16" | "half" | "half_t" => Ok(Dtype::F16),
            "bf16" | "bfloat16" | "bfloat16_t" => Ok(Dtype::Bf16),
            "e4m3" | "float_e4m3_t" => Ok(Dtype::E4m3),
            "e5m2" | "float_e5m2_t" => Ok(Dtype::E5m2),
            _ => Err(format!(
                "unknown dtype '{s}' (f32, f16, bf16, e4m3 or e5m2)"
            )),
        }
    }
}

/// The element types of one GEMM: A and B (`input`), the accumulator, and C (`output`, also
/// the type of C's initial value when `beta` is not zero). Printed `in/acc/out`, e.g.
/// `f16/f32/f16`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GemmTypes {
    /// A and B.
    pub input: Dtype,
    /// The accumulator (the MMA's C/D registers).
    pub acc: Dtype,
    /// C.
    pub output: Dtype,
}

impl GemmTypes {
    /// `float` throughout (the SIMT tutorials, cuBLAS SGEMM).
    pub const F32: GemmTypes = GemmTypes::new(Dtype::F32, Dtype::F32, Dtype::F32);
    /// `half_t` throughout (the C++ tutorials `sgemm_sm80` half TN and `wgmma_sm90`).
    pub const F16_F16_F16: GemmTypes = GemmTypes::new(Dtype::F16, Dtype::F16, Dtype::F16);
    /// `half_t` in, `float` accumulate, `half_t` out.
    pub const F16_F32_F16: GemmTypes = GemmTypes::new(Dtype::F16, Dtype::F32, Dtype::F16);
    /// `half_t` in, `float` accumulate, `float` out.
    pub const F16_F32_F32: GemmTypes = GemmTypes::new(Dtype::F16, Dtype::F32, Dtype::F32);
    /// `bfloat16_t` in, `float` accumulate, `bfloat16_t` out.
    pub const BF16_F32_BF16: GemmTypes = GemmTypes::new(Dtype::Bf16, Dtype::F32, Dtype::Bf16);
    /// `bfloat16_t` in, `float` accumulate, `float` out.
    pub const BF16_F32_F32: GemmTypes = GemmTypes::new(Dtype::Bf16, Dtype::F32, Dtype::F32);
    /// `float_e4m3_t` in (per-tensor scales), `float` accumulate, `bfloat16_t` out.
    pub const E4M3_F32_BF16: GemmTypes = GemmTypes::new(Dtype::E4m3, Dtype::F32, Dtype::Bf16);
    /// `float_e4m3_t` in, `float` accumulate, `half_t` out.
    pub const E4M3_F32_F16: GemmTypes = GemmTypes::new(Dtype::E4m3, Dtype::F32, Dtype::F16);
    /// `float_e4m3_t` in, `float` accumulate, `float` out.
    pub const E4M3_F32_F32: GemmTypes = GemmTypes::new(Dtype::E4m3, Dtype::F32, Dtype::F32);
    /// `float_e5m2_t` in (per-tensor scales), `float` accumulate, `bfloat16_t` out.
    pub const E5M2_F32_BF16: GemmTypes = GemmTypes::new(Dtype::E5m2, Dtype::F32, Dtype::Bf16);

    /// The types `input`/`acc`/`output`.
    pub const fn new(input: Dtype, acc: Dtype, output: Dtype) -> GemmTypes {
        GemmTypes { input, acc, output }
    }
}

impl fmt::Display for GemmTypes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}/{}", self.input, self.acc, self.output)
    }
}
impl FromStr for GemmTypes {
    type Err = String;
    /// `in/acc/out` (e.g. `f16/f32/f16`).
    fn from_str(s: &str) -> Result<Self, String> {
        let v: Vec<&str> = s.split('/').collect();
        match v[..] {
            [i, a, o] => Ok(GemmTypes::new(i.parse()?, a.parse()?, o.parse()?)),
            _ => Err(format!("'{s}' is not in/acc/out types such as f16/f32/f16")),
        }
    }
}

/// The operand layouts (see the module docs): the first letter is A's, the second B's, as
/// BLAS's `transa`/`transb`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GemmLayout {
    /// A m-major, B n-major (the tutorials' `gemm_nt`).
    Nt,
    /// A k-major, B k-major (the tutorials' `gemm_tn`).
    Tn,
    /// A m-major, B k-major.
    Nn,
    /// A k-major, B n-major.
    Tt,
}

impl GemmLayout {
    /// Every layout, in table order.
    pub const ALL: [GemmLayout; 4] = [
        GemmLayout::Nt,
        GemmLayout::Tn,
        GemmLayout::Nn,
        GemmLayout::Tt,
    ];
    /// Whether A is m-major (`N`); else k-major (`T`).
    pub fn a_m_major(self) -> bool {
        matches!(self, GemmLayout::Nt | GemmLayout::Nn)
    }
    /// Whether B is n-major (`T`); else k-major (`N`).
    pub fn b_n_major(self) -> bool {
        matches!(self, GemmLayout::Nt | GemmLayout::Tt)
    }
    /// The tight leading dimensions `(ldA, ldB, ldC)`.
    pub fn leading_dims(self, s: GemmShape) -> (usize, usize, usize) {
        (
            if self.a_m_major() { s.m } else { s.k },
            if self.b_n_major() { s.n } else { s.k },
            s.m,
        )
    }
    /// The offset of `A(m,k)` in A's buffer.
    pub fn a_offset(self, s: GemmShape, m: usize, k: usize) -> usize {
        if self.a_m_major() {
            m + k * s.m
        } else {
            m * s.k + k
        }
    }
    /// The offset of `B(n,k)` in B's buffer.
    pub fn b_offset(self, s: GemmShape, n: usize, k: usize) -> usize {
        if self.b_n_major() {
            n + k * s.n
        } else {
            n * s.k + k
        }
    }
    /// A's layout in CuTe notation, e.g. `(M,K):(_1,M)`.
    pub fn a_layout(self) -> &'static str {
        if self.a_m_major() {
            "(M,K):(_1,M)"
        } else {
            "(M,K):(K,_1)"
        }
    }
    /// B's layout in CuTe notation, e.g. `(N,K):(K,_1)`.
    pub fn b_layout(self) -> &'static str {
        if self.b_n_major() {
            "(N,K):(_1,N)"
        } else {
            "(N,K):(K,_1)"
        }
    }
}

impl fmt::Display for GemmLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GemmLayout::Nt => "nt",
            GemmLayout::Tn => "tn",
            GemmLayout::Nn => "nn",
            GemmLayout::Tt => "tt",
        })
    }
}
impl FromStr for GemmLayout {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "nt" | "NT" => Ok(GemmLayout::Nt),
            "tn" | "TN" => Ok(GemmLayout::Tn),
            "nn" | "NN" => Ok(GemmLayout::Nn),
            "tt" | "TT" => Ok(GemmLayout::Tt),
            _ => Err(format!("unknown layout '{s}' (nt, tn, nn or tt)")),
        }
    }
}

/// The problem size `(M, N, K)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GemmShape {
    /// Rows of A and C.
    pub m: usize,
    /// Rows of B, columns of C.
    pub n: usize,
    /// Columns of A and B.
    pub k: usize,
}

impl GemmShape {
    /// The floating-point operations of one GEMM, `2*M*N*K`.
    pub fn flops(&self) -> f64 {
        2.0 * self.m as f64 * self.n as f64 * self.k as f64
    }
    /// The element counts of A, B and C.
    pub fn lens(&self) -> (usize, usize, usize) {
        (self.m * self.k, self.n * self.k, self.m * self.n)
    }
}

impl fmt::Display for GemmShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{},{})", self.m, self.n, self.k)
    }
}

/// Everything about one GEMM but its buffers.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GemmProblem {
    /// Element types.
    pub types: GemmTypes,
    /// Operand layouts.
    pub layout: GemmLayout,
    /// `(M, N, K)`.
    pub shape: GemmShape,
    /// `alpha`.
    pub alpha: f32,
    /// `beta`.
    pub beta: f32,
}

/// A read-only device operand: f32 values, the 16-bit encodings of f16/bf16 values, or the
/// 8-bit encodings of e4m3/e5m2 values with their per-tensor scale (element `i` is `scale *
/// value(bits[i])`, the scale a power of two; see [`DeviceMatrix::upload`]).
#[derive(Debug, Clone, Copy)]
pub enum Operand<'a> {
    /// `float` elements.
    F32(&'a CudaSlice<f32>),
    /// `half_t` elements, as their bits.
    F16(&'a CudaSlice<u16>),
    /// `bfloat16_t` elements, as their bits.
    Bf16(&'a CudaSlice<u16>),
    /// `float_e4m3_t` elements, as their bits, and the tensor's scale.
    E4m3(&'a CudaSlice<u8>, f32),
    /// `float_e5m2_t` elements, as their bits, and the tensor's scale.
    E5m2(&'a CudaSlice<u8>, f32),
}

/// A writable device operand (C).
#[derive(Debug)]
pub enum OperandMut<'a> {
    /// `float` elements.
    F32(&'a mut CudaSlice<f32>),
    /// `half_t` elements, as their bits.
    F16(&'a mut CudaSlice<u16>),
    /// `bfloat16_t` elements, as their bits.
    Bf16(&'a mut CudaSlice<u16>),
    /// `float_e4m3_t` elements and their scale (no kernel writes 8-bit outputs).
    E4m3(&'a mut CudaSlice<u8>, f32),
    /// `float_e5m2_t` elements and their scale (no kernel writes 8-bit outputs).
    E5m2(&'a mut CudaSlice<u8>, f32),
}

impl Operand<'_> {
    /// The element type.
    pub fn dtype(&self) -> Dtype {
        match self {
            Operand::F32(_) => Dtype::F32,
            Operand::F16(_) => Dtype::F16,
            Operand::Bf16(_) => Dtype::Bf16,
            Operand::E4m3(..) => Dtype::E4m3,
            Operand::E5m2(..) => Dtype::E5m2,
        }
    }
    /// Elements.
    pub fn len(&self) -> usize {
        match self {
            Operand::F32(s) => s.len(),
            Operand::F16(s) | Operand::Bf16(s) => s.len(),
            Operand::E4m3(s, _) | Operand::E5m2(s, _) => s.len(),
        }
    }
    /// The per-tensor scale: that of an 8-bit operand, 1 for the others.
    pub fn scale(&self) -> f32 {
        match self {
            Operand::E4m3(_, s) | Operand::E5m2(_, s) => *s,
            _ => 1.0,
        }
    }
    /// Whether it holds no element.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Its device address, with the guard that orders `stream` after the buffer's last write.
    pub fn device_ptr<'a>(
        &'a self,
        stream: &'a CudaStream,
    ) -> (u64, cudarc::driver::SyncOnDrop<'a>) {
        match self {
            Operand::F32(x) => x.device_ptr(stream),
            Operand::F16(x) | Operand::Bf16(x) => x.device_ptr(stream),
            Operand::E4m3(x, _) | Operand::E5m2(x, _) => x.device_ptr(stream),
        }
    }
}

impl OperandMut<'_> {
    /// The element type.
    pub fn dtype(&self) -> Dtype {
        match self {
            OperandMut::F32(_) => Dtype::F32,
            OperandMut::F16(_) => Dtype::F16,
            OperandMut::Bf16(_) => Dtype::Bf16,
            OperandMut::E4m3(..) => Dtype::E4m3,
            OperandMut::E5m2(..) => Dtype::E5m2,
        }
    }
    /// Elements.
    pub fn len(&self) -> usize {
        match self {
            OperandMut::F32(s) => s.len(),
            OperandMut::F16(s) | OperandMut::Bf16(s) => s.len(),
            OperandMut::E4m3(s, _) | OperandMut::E5m2(s, _) => s.len(),
        }
    }
    /// Whether it holds no element.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Its device address for writing, with the guard that records the write on `stream`.
    pub fn device_ptr_mut<'a>(
        &'a mut self,
        stream: &'a CudaStream,
    ) -> (u64, cudarc::driver::SyncOnDrop<'a>) {
        match self {
            OperandMut::F32(x) => x.device_ptr_mut(stream),
            OperandMut::F16(x) | OperandMut::Bf16(x) => x.device_ptr_mut(stream),
            OperandMut::E4m3(x, _) | OperandMut::E5m2(x, _) => x.device_ptr_mut(stream),
        }
    }
}

/// A device matrix that owns its buffer: what [`run_gemm`] and the benchmark upload.
#[derive(Debug)]
pub enum DeviceMatrix {
    /// `float` elements.
    F32(CudaSlice<f32>),
    /// `half_t` elements, as their bits.
    F16(CudaSlice<u16>),
    /// `bfloat16_t` elements, as their bits.
    Bf16(CudaSlice<u16>),
    /// `float_e4m3_t` elements, as their bits, and the tensor's scale (see [`Operand`]).
    E4m3(CudaSlice<u8>, f32),
    /// `float_e5m2_t` elements, as their bits, and the tensor's scale.
    E5m2(CudaSlice<u8>, f32),
}

/// The per-tensor scale of 8-bit `values` of type `dtype`: the smallest power of two `s` with
/// `max |values| / s` at most the type's largest finite value (1 when every value is zero), so
/// that dividing by it is exact and nothing saturates.
pub fn tensor_scale(dtype: Dtype, values: &[f32]) -> f32 {
    let amax = values.iter().fold(0f32, |m, v| m.max(v.abs()));
    if amax == 0.0 || !amax.is_finite() {
        return 1.0;
    }
    let (max, a) = (dtype.max_finite() as f64, amax as f64);
    let mut e = (a / max).log2().ceil() as i32;
    // the logarithm's rounding: settle on the smallest exponent that holds amax
    while a > max * f64::from(e).exp2() {
        e += 1;
    }
    while a <= max * f64::from(e - 1).exp2() {
        e -= 1;
    }
    // a normal f32 (an exact division)
    let e = e.clamp(-126, 127);
    f32::from_bits(((e + 127) as u32) << 23)
}

/// The 8-bit encodings of `values / scale`.
fn encode8(dtype: Dtype, values: &[f32], scale: f32) -> Vec<u8> {
    values
        .iter()
        .map(|&v| dtype.to_bits8(v / scale).unwrap_or(0))
        .collect()
}

impl DeviceMatrix {
    /// Uploads `values` as `dtype` elements (each rounded to nearest even). An 8-bit matrix
    /// keeps a per-tensor scale, [`tensor_scale`] of the values, and stores `value / scale`
    /// rounded: exact for values on the type's grid at any coarser power-of-two scale (those of
    /// [`GemmInputs::random_typed`]).
    pub fn upload(stream: &Arc<CudaStream>, dtype: Dtype, values: &[f32]) -> Result<Self, Error> {
        Ok(match dtype {
            Dtype::F32 => DeviceMatrix::F32(stream.clone_htod(values)?),
            Dtype::F16 | Dtype::Bf16 => {
                let s = stream.clone_htod(&encode16(dtype, values))?;
                if dtype == Dtype::F16 {
                    DeviceMatrix::F16(s)
                } else {
                    DeviceMatrix::Bf16(s)
                }
            }
            Dtype::E4m3 | Dtype::E5m2 => {
                let scale = tensor_scale(dtype, values);
                let s = stream.clone_htod(&encode8(dtype, values, scale))?;
                if dtype == Dtype::E4m3 {
                    DeviceMatrix::E4m3(s, scale)
                } else {
                    DeviceMatrix::E5m2(s, scale)
                }
            }
        })
    }
    /// `len` elements of `dtype`, every one a NaN (poison: a kernel must write each of them).
    pub fn nan(stream: &Arc<CudaStream>, dtype: Dtype, len: usize) -> Result<Self, Error> {
        let mut m = match dtype {
            Dtype::F32 => DeviceMatrix::F32(stream.alloc_zeros(len)?),
            Dtype::F16 => DeviceMatrix::F16(stream.alloc_zeros(len)?),
            Dtype::Bf16 => DeviceMatrix::Bf16(stream.alloc_zeros(len)?),
            Dtype::E4m3 => DeviceMatrix::E4m3(stream.alloc_zeros(len)?, 1.0),
            Dtype::E5m2 => DeviceMatrix::E5m2(stream.alloc_zeros(len)?, 1.0),
        };
        m.fill_nan(stream)?;
        Ok(m)
    }
    /// Sets every element to a quiet NaN on the device (asynchronous; no host memory).
    pub fn fill_nan(&mut self, stream: &Arc<CudaStream>) -> Result<(), Error> {
        let len = self.len();
        let dtype = self.dtype();
        let (p, _guard) = self.device_ptr_mut(stream);
        // SAFETY: `p` addresses this buffer's `len` elements of 2 or 4 bytes (the guard orders
        // the stream after its last use); the memset writes exactly those, on `stream`.
        unsafe {
            match dtype {
                Dtype::F32 => cudarc::driver::sys::cuMemsetD32Async(
                    p,
                    f32::NAN.to_bits(),
                    len,
                    stream.cu_stream(),
                ),
                Dtype::F16 | Dtype::Bf16 => cudarc::driver::sys::cuMemsetD16Async(
                    p,
                    dtype.to_bits16(f32::NAN).unwrap_or(0x7fff),
                    len,
                    stream.cu_stream(),
                ),
                // 0x7f is a NaN of both 8-bit types
                Dtype::E4m3 | Dtype::E5m2 => {
                    cudarc::driver::sys::cuMemsetD8Async(p, 0x7f, len, stream.cu_stream())
                }
            }
            .result()?;
        }
        Ok(())
    }
    /// Overwrites the buffer with `values` (as many as it holds; an 8-bit matrix takes their
    /// [`tensor_scale`]).
    pub fn write(&mut self, stream: &Arc<CudaStream>, values: &[f32]) -> Result<(), Error> {
        let dtype = self.dtype();
        match self {
            DeviceMatrix::F32(s) => stream.memcpy_htod(values, s)?,
            DeviceMatrix::F16(s) | DeviceMatrix::Bf16(s) => {
                stream.memcpy_htod(&encode16(dtype, values), s)?
            }
            DeviceMatrix::E4m3(s, scale) | DeviceMatrix::E5m2(s, scale) => {
                *scale = tensor_scale(dtype, values);
                stream.memcpy_htod(&encode8(dtype, values, *scale), s)?
            }
        }
        Ok(())
    }
    /// Downloads the values (exactly, as `f32`).
    pub fn download(&self, stream: &Arc<CudaStream>) -> Result<Vec<f32>, Error> {
        let dtype = self.dtype();
        Ok(match self {
            DeviceMatrix::F32(s) => stream.clone_dtoh(s)?,
            DeviceMatrix::F16(s) | DeviceMatrix::Bf16(s) => {
                let bits = stream.clone_dtoh(s)?;
                let mut v = vec![0f32; bits.len()];
                let chunk = bits.len().div_ceil(threads()).max(1 << 16);
                std::thread::scope(|sc| {
                    for (d, b) in v.chunks_mut(chunk).zip(bits.chunks(chunk)) {
                        sc.spawn(move || {
                            for (d, &b) in d.iter_mut().zip(b) {
                                *d = dtype.from_bits16(b);
                            }
                        });
                    }
                });
                v
            }
            DeviceMatrix::E4m3(s, scale) | DeviceMatrix::E5m2(s, scale) => stream
                .clone_dtoh(s)?
                .into_iter()
                .map(|b| dtype.from_bits8(b) * *scale)
                .collect(),
        })
    }
    /// Elements.
    pub fn len(&self) -> usize {
        self.operand().len()
    }
    /// Whether it holds no element.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Its device address, with the guard that orders `stream` after its last write.
    pub fn device_ptr<'a>(
        &'a self,
        stream: &'a CudaStream,
    ) -> (u64, cudarc::driver::SyncOnDrop<'a>) {
        match self {
            DeviceMatrix::F32(x) => x.device_ptr(stream),
            DeviceMatrix::F16(x) | DeviceMatrix::Bf16(x) => x.device_ptr(stream),
            DeviceMatrix::E4m3(x, _) | DeviceMatrix::E5m2(x, _) => x.device_ptr(stream),
        }
    }
    /// Its device address for writing, with the guard that orders `stream` after its last
    /// use.
    pub fn device_ptr_mut<'a>(
        &'a mut self,
        stream: &'a CudaStream,
    ) -> (u64, cudarc::driver::SyncOnDrop<'a>) {
        match self {
            DeviceMatrix::F32(x) => x.device_ptr_mut(stream),
            DeviceMatrix::F16(x) | DeviceMatrix::Bf16(x) => x.device_ptr_mut(stream),
            DeviceMatrix::E4m3(x, _) | DeviceMatrix::E5m2(x, _) => x.device_ptr_mut(stream),
        }
    }
    /// The element type.
    pub fn dtype(&self) -> Dtype {
        self.operand().dtype()
    }
    /// A read-only view.
    pub fn operand(&self) -> Operand<'_> {
        match self {
            DeviceMatrix::F32(s) => Operand::F32(s),
            DeviceMatrix::F16(s) => Operand::F16(s),
            DeviceMatrix::Bf16(s) => Operand::Bf16(s),
            DeviceMatrix::E4m3(s, scale) => Operand::E4m3(s, *scale),
            DeviceMatrix::E5m2(s, scale) => Operand::E5m2(s, *scale),
        }
    }
    /// A writable view.
    pub fn operand_mut(&mut self) -> OperandMut<'_> {
        match self {
            DeviceMatrix::F32(s) => OperandMut::F32(s),
            DeviceMatrix::F16(s) => OperandMut::F16(s),
            DeviceMatrix::Bf16(s) => OperandMut::Bf16(s),
            DeviceMatrix::E4m3(s, scale) => OperandMut::E4m3(s, *scale),
            DeviceMatrix::E5m2(s, scale) => OperandMut::E5m2(s, *scale),
        }
    }
}

/// How a kernel is launched: after [`gemm`] has checked the problem against the kernel's
/// [`KernelEntry`] (types, layout, alignment, extents and element counts, buffer lengths and
/// element types), the entry's launch function gets this and does the one `unsafe` launch.
pub type LaunchFn = fn(&Gpu, GemmLaunch<'_>) -> Result<(), Error>;

/// One kernel of the registry ([`crate::kernels::GEMM_KERNELS`]): what it supports and how to
/// launch it. A new kernel is one `KernelEntry` constant and one [`LaunchFn`].
#[derive(Debug, Clone, Copy)]
pub struct KernelEntry {
    /// The name `cute gemm --kernel` and the benchmark use, e.g. `sgemm_2`.
    pub name: &'static str,
    /// One line on what it is (for `cute help` and the docs).
    pub about: &'static str,
    /// The element types it computes with, preferred first (`cute gemm --dtype D` picks the
    /// first one whose input type is D unless `--acc`/`--out` say otherwise).
    pub types: &'static [GemmTypes],
    /// The operand layouts it supports.
    pub layouts: &'static [GemmLayout],
    /// The contiguous extent of A and of B (M or K for A, N or K for B, as the layout says)
    /// must be a multiple of this many elements: vector copies (e.g. 8 for 16-byte copies of
    /// 16-bit elements, with the tight leading dimensions of the module docs). 1: any.
    pub contiguous_multiple: usize,
    /// `(M, N, K)` must be multiples of these in every layout (a kernel without predication
    /// for ragged tiles, or one whose copies need K-rows of 16 bytes whatever the layout).
    /// `(1, 1, 1)`: any shape.
    pub shape_multiple: (usize, usize, usize),
    /// How it addresses A, B and C: the largest matrices it takes.
    pub indexing: Indexing,
    /// Further conditions on a problem that the fields above cannot say (e.g. a layout only
    /// for some element types), checked by [`check_problem`] after them: `Err` names the
    /// condition in CuTe notation.
    pub preconditions: Option<PreconditionFn>,
    /// Whether it fuses an epilogue ([`crate::epilogue`]: bias, activation, aux output, scale)
    /// when a launch asks for one ([`gemm_fused`]); its launch function reads
    /// [`GemmLaunch::epilogue`] (and refuses the problems it cannot fuse).
    pub fusion: bool,
    /// Launches it (see [`LaunchFn`]).
    pub launch: LaunchFn,
}

/// A kernel's own conditions on a problem ([`KernelEntry::preconditions`]).
pub type PreconditionFn = fn(&GemmProblem) -> Result<(), Error>;

/// How a kernel addresses its matrices ([`KernelEntry::indexing`]), which bounds the problems
/// it takes ([`check_problem`]). Every kernel takes M, N and K of at most `2^31-1` each (its
/// arguments are 32-bit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Indexing {
    /// 32-bit element offsets: A, B and C of at most `2^31-1` elements each.
    I32,
    /// 64-bit element offsets (or tensor maps, whose strides are 64-bit): matrices of any
    /// number of elements, as far as memory holds them.
    I64,
}

/// A kernel of the registry, by reference; compared, parsed and printed by name.
#[derive(Clone, Copy)]
pub struct Kernel(&'static KernelEntry);

/// The registry's side of `Kernel` (its constants, `all`, `by_name`, parsing) is in
/// [`crate::kernels`], which holds the entries.
impl Kernel {
    /// The kernel of registry entry `entry`.
    pub(crate) const fn of(entry: &'static KernelEntry) -> Kernel {
        Kernel(entry)
    }
    /// Its registry entry.
    pub fn entry(self) -> &'static KernelEntry {
        self.0
    }
    /// Its name.
    pub fn name(self) -> &'static str {
        self.0.name
    }
    /// Whether it computes with `types` in `layout`.
    pub fn supports(self, types: GemmTypes, layout: GemmLayout) -> bool {
        self.0.types.contains(&types) && self.0.layouts.contains(&layout)
    }
    /// The first types it supports with `input` A and B (its preferred ones).
    pub fn default_types(self, input: Dtype) -> Option<GemmTypes> {
        self.0.types.iter().copied().find(|t| t.input == input)
    }
}

impl PartialEq for Kernel {
    fn eq(&self, other: &Kernel) -> bool {
        self.name() == other.name()
    }
}
impl Eq for Kernel {}
impl fmt::Debug for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Kernel({})", self.name())
    }
}
impl fmt::Display for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A problem [`gemm`] has checked against the kernel's entry, with its buffers: what a
/// [`LaunchFn`] gets. It cannot be built outside this module, so a launch function may rely
/// on the checks: the problem's types and layout are among the entry's, `a` and `b` are
/// `types.input` elements and `c` `types.output` ones, `a`, `b`, `c` hold at least `M*K`,
/// `N*K`, `M*N` elements, the extents fit in `i32` (and the element counts too for a kernel of
/// [`Indexing::I32`]), M and N are not zero, and the alignment the entry asks for holds.
#[derive(Debug)]
pub struct GemmLaunch<'a> {
    /// The problem.
    pub problem: GemmProblem,
    /// A, `M*K` elements laid out per `problem.layout`.
    pub a: Operand<'a>,
    /// B, `N*K` elements laid out per `problem.layout`.
    pub b: Operand<'a>,
    /// C, `M*N` elements, m-major.
    pub c: OperandMut<'a>,
    /// `(M, N, K)` as `i32`.
    pub mnk: (i32, i32, i32),
    /// The tight leading dimensions `(ldA, ldB, ldC)` as `i32`.
    pub ld: (i32, i32, i32),
    /// The fused epilogue, its buffers checked against the problem (only for a kernel whose
    /// entry has [`KernelEntry::fusion`]).
    pub epilogue: Option<Epilogue<'a>>,
    _checked: Checked,
}

/// Only [`gemm`] makes a [`GemmLaunch`] (its private field), after its checks.
#[derive(Debug)]
struct Checked;

impl<'a> GemmLaunch<'a> {
    /// A and B as `float` buffers (an error naming the kernel otherwise: the entry's types
    /// and its launch function disagree).
    pub fn ab_f32(
        &self,
        op: &'static str,
    ) -> Result<(&'a CudaSlice<f32>, &'a CudaSlice<f32>), Error> {
        match (self.a, self.b) {
            (Operand::F32(a), Operand::F32(b)) => Ok((a, b)),
            _ => Err(wrong_type(op, "A and B", Dtype::F32, self.a.dtype())),
        }
    }
    /// A and B as 16-bit (`half_t` or `bfloat16_t`) buffers.
    pub fn ab_bits16(
        &self,
        op: &'static str,
    ) -> Result<(&'a CudaSlice<u16>, &'a CudaSlice<u16>), Error> {
        match (self.a, self.b) {
            (Operand::F16(a), Operand::F16(b)) | (Operand::Bf16(a), Operand::Bf16(b)) => Ok((a, b)),
            _ => Err(wrong_type(op, "A and B", Dtype::F16, self.a.dtype())),
        }
    }
    /// C as a `float` buffer.
    pub fn c_f32(&mut self, op: &'static str) -> Result<&mut CudaSlice<f32>, Error> {
        let got = self.c.dtype();
        match &mut self.c {
            OperandMut::F32(c) => Ok(c),
            _ => Err(wrong_type(op, "C", Dtype::F32, got)),
        }
    }
    /// C as a 16-bit buffer.
    pub fn c_bits16(&mut self, op: &'static str) -> Result<&mut CudaSlice<u16>, Error> {
        let got = self.c.dtype();
        match &mut self.c {
            OperandMut::F16(c) | OperandMut::Bf16(c) => Ok(c),
            _ => Err(wrong_type(op, "C", Dtype::F16, got)),
        }
    }
}

/// The 16-bit encodings of `values` as `dtype` (rounded), in parallel where they are many.
fn encode16(dtype: Dtype, values: &[f32]) -> Vec<u16> {
    let mut bits = vec![0u16; values.len()];
    let chunk = values.len().div_ceil(threads()).max(1 << 16);
    std::thread::scope(|sc| {
        for (b, v) in bits.chunks_mut(chunk).zip(values.chunks(chunk)) {
            sc.spawn(move || {
                for (b, &x) in b.iter_mut().zip(v) {
                    *b = dtype.to_bits16(x).unwrap_or(0);
                }
            });
        }
    });
    bits
}

fn wrong_type(op: &'static str, what: &str, want: Dtype, got: Dtype) -> Error {
    Error::Shape {
        op,
        expected: format!("{what} of {}", want.cute_name()),
        got: got.cute_name().to_string(),
    }
}

/// The kernel `name` from the loaded PTX, or an error naming the kernel and the architecture
/// when this build's PTX for the device does not have it (e.g. a Hopper-only kernel on an
/// Ampere GPU, or a build with `CUTE_PTX_ONLY`).
pub fn kernel_function(gpu: &Gpu, op: &'static str, name: &str) -> Result<CudaFunction, Error> {
    if !gpu.has_kernel(name) {
        return Err(Error::Shape {
            op,
            expected: "a kernel of this build".into(),
            got: format!("{name}, which is not in the PTX loaded for {}", gpu.arch()),
        });
    }
    gpu.function(name)
}

fn to_i32(op: &'static str, what: &str, v: usize) -> Result<i32, Error> {
    i32::try_from(v).map_err(|_| Error::Shape {
        op,
        expected: format!("{what} at most 2^31-1"),
        got: v.to_string(),
    })
}

/// Checks `p` against what `kernel` supports (types, layout, extents of at most `2^31-1`,
/// element counts its [`Indexing`] addresses, alignment, its own preconditions), each failure a
/// clear error in CuTe notation naming the kernel; `Ok(())` when the problem is valid for the
/// kernel.
pub fn check_problem(kernel: Kernel, p: &GemmProblem) -> Result<(), Error> {
    let e = kernel.entry();
    let op = e.name;
    let s = p.shape;
    if !e.types.contains(&p.types) {
        let list: Vec<String> = e.types.iter().map(|t| t.to_string()).collect();
        return Err(Error::Shape {
            op,
            expected: format!("element types in/acc/out among {}", list.join(", ")),
            got: p.types.to_string(),
        });
    }
    if !e.layouts.contains(&p.layout) {
        let list: Vec<String> = e.layouts.iter().map(|l| l.to_string()).collect();
        return Err(Error::Shape {
            op,
            expected: format!("a layout among {}", list.join(", ")),
            got: p.layout.to_string(),
        });
    }
    to_i32(op, "M", s.m)?;
    to_i32(op, "N", s.n)?;
    to_i32(op, "K", s.k)?;
    if e.indexing == Indexing::I32 {
        let (la, lb, lc) = (
            s.m.saturating_mul(s.k),
            s.n.saturating_mul(s.k),
            s.m.saturating_mul(s.n),
        );
        let big = [
            ("A", p.layout.a_layout(), la),
            ("B", p.layout.b_layout(), lb),
            ("C", "(M,N):(_1,M)", lc),
        ]
        .into_iter()
        .find(|&(_, _, len)| len > i32::MAX as usize);
        if let Some((what, layout, len)) = big {
            return Err(Error::Shape {
                op,
                expected: format!(
                    "A, B and C of at most 2^31-1 elements each ({op} addresses them with 32-bit \
                     offsets)"
                ),
                got: format!("{what} = {layout} of {len} elements for (M,N,K) = {s}"),
            });
        }
    }
    let (qm, qn, qk) = e.shape_multiple;
    for (dim, v, q) in [("M", s.m, qm), ("N", s.n, qn), ("K", s.k, qk)] {
        if q > 1 && v % q != 0 {
            return Err(Error::Shape {
                op,
                expected: format!(
                    "(M,N,K) multiples of ({qm},{qn},{qk}) in every layout of {op}: {dim} a \
                     multiple of {q}"
                ),
                got: format!("(M,N,K) = {s}"),
            });
        }
    }
    let q = e.contiguous_multiple;
    if q > 1 {
        let a_dim = if p.layout.a_m_major() {
            ("M", s.m)
        } else {
            ("K", s.k)
        };
        let b_dim = if p.layout.b_n_major() {
            ("N", s.n)
        } else {
            ("K", s.k)
        };
        for (operand, layout, (dim, v)) in [
            ("A", p.layout.a_layout(), a_dim),
            ("B", p.layout.b_layout(), b_dim),
        ] {
            if v % q != 0 {
                return Err(Error::Shape {
                    op,
                    expected: format!(
                        "{dim} a multiple of {q} ({operand} is {layout} and {op} copies {q} \
                         {} ({} bytes) at a time along {dim})",
                        p.types.input.cute_name(),
                        q * p.types.input.bytes()
                    ),
                    got: format!("(M,N,K) = {s}"),
                });
            }
        }
    }
    match e.preconditions {
        Some(check) => check(p),
        None => Ok(()),
    }
}

/// Runs one GEMM on the GPU's stream: `c = alpha * A * B^T + beta * c` with the operands laid
/// out and typed as `p` says (see the module docs), by `kernel`. Asynchronous: synchronize the
/// stream (or copy `c` back) to see the result.
///
/// Checks the problem against the kernel ([`check_problem`]: extents, and element counts as
/// the kernel's [`Indexing`] allows), that `a`, `b` hold `p.types.input` and `c`
/// `p.types.output` elements, at least `M*K`, `N*K`, `M*N` of them (`Error::Shape` otherwise,
/// naming the kernel). M or N zero launches nothing; K zero gives `c = beta * c`.
pub fn gemm(
    gpu: &Gpu,
    kernel: Kernel,
    p: &GemmProblem,
    a: Operand<'_>,
    b: Operand<'_>,
    c: OperandMut<'_>,
) -> Result<(), Error> {
    launch_checked(gpu, kernel, p, (a, b, c), None)
}

/// [`gemm`] with a fused epilogue ([`crate::epilogue`]): `C = act(alpha A B^T + beta C +
/// bias) scale` and the aux output, as `epilogue` says, by a kernel whose entry fuses
/// ([`KernelEntry::fusion`]). Besides [`gemm`]'s checks, the epilogue's buffers must be there
/// exactly when its op says, of C's type, with M or N (the bias, by its axis) and `M*N` (the
/// aux output) elements.
pub fn gemm_fused(
    gpu: &Gpu,
    kernel: Kernel,
    p: &GemmProblem,
    a: Operand<'_>,
    b: Operand<'_>,
    c: OperandMut<'_>,
    epilogue: Epilogue<'_>,
) -> Result<(), Error> {
    launch_checked(gpu, kernel, p, (a, b, c), Some(epilogue))
}

fn launch_checked(
    gpu: &Gpu,
    kernel: Kernel,
    p: &GemmProblem,
    (a, b, c): (Operand<'_>, Operand<'_>, OperandMut<'_>),
    epilogue: Option<Epilogue<'_>>,
) -> Result<(), Error> {
    check_problem(kernel, p)?;
    let op = kernel.name();
    if let Some(e) = &epilogue {
        if !kernel.entry().fusion {
            return Err(Error::Shape {
                op,
                expected: "a kernel that fuses epilogues (hopper and its 16-bit members)".into(),
                got: format!("{op} with epilogue {}", e.op),
            });
        }
        e.check(op, p.shape, p.types.output)?;
    }
    let s = p.shape;
    for (what, got, want) in [
        ("A", a.dtype(), p.types.input),
        ("B", b.dtype(), p.types.input),
        ("C", c.dtype(), p.types.output),
    ] {
        if got != want {
            return Err(wrong_type(op, what, want, got));
        }
    }
    let (la, lb, lc) = (
        s.m.checked_mul(s.k),
        s.n.checked_mul(s.k),
        s.m.checked_mul(s.n),
    );
    for (what, need, have) in [("A", la, a.len()), ("B", lb, b.len()), ("C", lc, c.len())] {
        // extents of at most 2^31-1 (checked above) multiply within 64 bits
        let Some(need) = need else {
            return Err(Error::Shape {
                op,
                expected: format!("{what} of fewer than 2^64 elements"),
                got: s.to_string(),
            });
        };
        if have < need {
            return Err(Error::Shape {
                op,
                expected: format!("{what} of at least {need} elements for (M,N,K) = {s}"),
                got: format!("{have} elements"),
            });
        }
    }
    if s.m == 0 || s.n == 0 {
        return Ok(());
    }
    let (lda, ldb, ldc) = p.layout.leading_dims(s);
    // Every value fits: checked above (extents, and leading dimensions are extents).
    let launch = GemmLaunch {
        problem: *p,
        a,
        b,
        c,
        mnk: (s.m as i32, s.n as i32, s.k as i32),
        ld: (lda as i32, ldb as i32, ldc as i32),
        epilogue,
        _checked: Checked,
    };
    (kernel.entry().launch)(gpu, launch)
}

/// [`gemm`] for `float` operands (the SIMT kernels' signature).
#[allow(clippy::too_many_arguments)]
pub fn sgemm(
    gpu: &Gpu,
    kernel: Kernel,
    layout: GemmLayout,
    shape: GemmShape,
    alpha: f32,
    a: &CudaSlice<f32>,
    b: &CudaSlice<f32>,
    beta: f32,
    c: &mut CudaSlice<f32>,
) -> Result<(), Error> {
    let p = GemmProblem {
        types: GemmTypes::F32,
        layout,
        shape,
        alpha,
        beta,
    };
    gemm(
        gpu,
        kernel,
        &p,
        Operand::F32(a),
        Operand::F32(b),
        OperandMut::F32(c),
    )
}

/// A small, fast pseudo-random generator (SplitMix64) for test inputs.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    /// A generator seeded from the clock and the process id ("fresh" inputs every run).
    pub fn fresh() -> Rng {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        Rng(t ^ ((std::process::id() as u64) << 32))
    }
    /// The seed state, to reproduce a run.
    pub fn state(&self) -> u64 {
        self.0
    }
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(Rng::GAMMA);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// A uniform value in `[-1, 1)`.
    pub fn uniform(&mut self) -> f32 {
        ((self.next_u64() >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }
    /// `len` uniform values in `[-1, 1)`.
    pub fn vec(&mut self, len: usize) -> Vec<f32> {
        (0..len).map(|_| self.uniform()).collect()
    }
    /// SplitMix64's increment: the state after `n` draws is the seed plus `n` of them.
    const GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;
    /// `len` values `t.round(self.uniform())`: the same values, and the same state after, as
    /// drawing them one by one, drawn by several threads (each from its own place in the
    /// sequence) where `len` is large.
    pub(crate) fn vec_rounded(&mut self, len: usize, t: Dtype) -> Vec<f32> {
        let start = self.0;
        // an 8-bit type's values are rounded at the per-tensor scale of values in [-1, 1)
        // (a power of two: exact), as DeviceMatrix::upload will store them
        let scale = if t.is_8bit() {
            tensor_scale(t, &[1.0])
        } else {
            1.0
        };
        let mut v = vec![0f32; len];
        let chunk = len.div_ceil(threads()).max(1 << 16);
        std::thread::scope(|s| {
            for (c, part) in v.chunks_mut(chunk).enumerate() {
                let skip = (c * chunk) as u64;
                s.spawn(move || {
                    let mut rng = Rng(start.wrapping_add(skip.wrapping_mul(Rng::GAMMA)));
                    for x in part {
                        *x = t.round(rng.uniform() / scale) * scale;
                    }
                });
            }
        });
        self.0 = start.wrapping_add((len as u64).wrapping_mul(Rng::GAMMA));
        v
    }
}

/// The host operands of one problem. Every value is exactly representable in its element
/// type (A and B in `types.input`, C in `types.output`), stored as `f32`.
#[derive(Debug, Clone)]
pub struct GemmInputs {
    /// The problem size.
    pub shape: GemmShape,
    /// The operand layouts.
    pub layout: GemmLayout,
    /// The element types.
    pub types: GemmTypes,
    /// A, `M*K` values laid out per `layout`.
    pub a: Vec<f32>,
    /// B, `N*K` values laid out per `layout`.
    pub b: Vec<f32>,
    /// C before the run, `M*N` values, m-major.
    pub c: Vec<f32>,
    /// `alpha`.
    pub alpha: f32,
    /// `beta`.
    pub beta: f32,
}

impl GemmInputs {
    /// `float` inputs: see [`GemmInputs::random_typed`].
    pub fn random(
        rng: &mut Rng,
        shape: GemmShape,
        layout: GemmLayout,
        alpha: f32,
        beta: f32,
    ) -> GemmInputs {
        GemmInputs::random_typed(rng, GemmTypes::F32, shape, layout, alpha, beta)
    }

    /// Random A and B in `[-1, 1)`, each value rounded to `types.input` (so the float64
    /// reference is exact on the values the GPU sees); C is NaN (poison: every element must
    /// be written) when `beta` is 0, else random in `[-1, 1)` rounded to `types.output` (it
    /// is read).
    pub fn random_typed(
        rng: &mut Rng,
        types: GemmTypes,
        shape: GemmShape,
        layout: GemmLayout,
        alpha: f32,
        beta: f32,
    ) -> GemmInputs {
        let (la, lb, lc) = shape.lens();
        let a = rng.vec_rounded(la, types.input);
        let b = rng.vec_rounded(lb, types.input);
        let c = if beta == 0.0 {
            vec![f32::NAN; lc]
        } else {
            rng.vec_rounded(lc, types.output)
        };
        GemmInputs {
            shape,
            layout,
            types,
            a,
            b,
            c,
            alpha,
            beta,
        }
    }

    /// The problem these inputs are for.
    pub fn problem(&self) -> GemmProblem {
        GemmProblem {
            types: self.types,
            layout: self.layout,
            shape: self.shape,
            alpha: self.alpha,
            beta: self.beta,
        }
    }
}

/// The `lambda` of the probabilistic accumulation bound (see the module docs).
pub const LAMBDA: f64 = 8.0;

/// The error bound of one GEMM's elements (see the module docs): an element passes when
/// `|c - ref| <= out (|alpha dot| + |beta C0|) + min(acc_worst |alpha| sum_k |p_k|,
/// acc_rss |alpha| sqrt(sum_k p_k^2)) + split_rss |alpha| sqrt(sum_k p_k^2) + underflow`, with
/// `p_k = A(m,k) B(n,k)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ErrorBound {
    /// The coefficient of the result's magnitude: `2 u_out` (scaling, then rounding to the
    /// output type).
    pub out: f64,
    /// The worst-case accumulation coefficient of `|alpha| sum|p|`: `2 u_acc K`.
    pub acc_worst: f64,
    /// The probabilistic accumulation coefficient of `|alpha| ||p||_2`:
    /// `LAMBDA u_acc (2 sqrt(K) + ceil(K/16))` (rounding, then truncation's bias).
    pub acc_rss: f64,
    /// An allowance for partial sums rounded to the output type (split-K reductions in the
    /// output type), coefficient of `|alpha| ||p||_2`: `LAMBDA 2 u_out`; zero unless asked for
    /// ([`ErrorBound::with_output_partials`]).
    pub split_rss: f64,
    /// The absolute allowance for results in the subnormal range: `(K + 2) eta_acc + eta_out`
    /// (see the module docs).
    pub underflow: f64,
}

impl ErrorBound {
    /// The largest error allowed for an element whose exact `alpha * dot` and `beta * C0` have
    /// magnitudes `alpha_dot` and `beta_c0`, and whose products `p_k` (times `|alpha|`) have
    /// `sum |p_k| = alpha_mag` and `sqrt(sum p_k^2) = alpha_rss`.
    pub fn tolerance(&self, alpha_dot: f64, beta_c0: f64, alpha_mag: f64, alpha_rss: f64) -> f64 {
        self.out * (alpha_dot + beta_c0)
            + (self.acc_worst * alpha_mag).min(self.acc_rss * alpha_rss)
            + self.split_rss * alpha_rss
            + self.underflow
    }
    /// The bound of an implementation that may also round partial sums to the output type:
    /// cuBLAS does at some shapes (split-K), e.g. bf16 out at 4097x2049x1032 on an H100,
    /// where its error reached 4.1 times the plain bound. For any split of the K products,
    /// the partial sums' squares add up to `||p||_2^2` on average (zero-mean data), so their
    /// rounding adds at most `LAMBDA 2 u_out ||p||_2` with the same argument as the
    /// accumulation. Used for the vendor peers only; our kernels and the C++ tutorials are
    /// held to the plain bound.
    pub fn with_output_partials(self, output: Dtype) -> ErrorBound {
        ErrorBound {
            split_rss: LAMBDA * 2.0 * output.unit_roundoff(),
            ..self
        }
    }
}

/// The error bound for `types` and a reduction over `k` (see the module docs).
///
/// # Example
/// ```
/// use cute_host::gemm::{error_bound, GemmTypes};
/// let b = error_bound(GemmTypes::F16_F32_F16, 4096);
/// assert_eq!(b.out, 2.0 * (-11f64).exp2()); // 2 u of half_t
/// assert_eq!(b.acc_worst, 2.0 * (-24f64).exp2() * 4096.0); // 2 u of float, K
/// // 8 u (2 sqrt(4096) + 4096/16)
/// assert_eq!(b.acc_rss, 8.0 * (-24f64).exp2() * (2.0 * 64.0 + 256.0));
/// assert_eq!(b.split_rss, 0.0);
/// assert_eq!(b.underflow, 4098.0 * (-150f64).exp2() + (-25f64).exp2()); // subnormals
/// // an element with sum|p| = 1000 and ||p||_2 = 20: the probabilistic term is the smaller
/// assert_eq!(b.tolerance(0.0, 0.0, 1000.0, 20.0), b.acc_rss * 20.0 + b.underflow);
/// ```
pub fn error_bound(types: GemmTypes, k: usize) -> ErrorBound {
    let k = k as f64;
    // 8-bit inputs: the wgmma's own accumulation over the whole of K (fast accumulation)
    let u_acc = if types.input.is_8bit() {
        FP8_WGMMA_UNIT_ROUNDOFF
    } else {
        types.acc.unit_roundoff()
    };
    ErrorBound {
        out: 2.0 * types.output.unit_roundoff(),
        acc_worst: 2.0 * u_acc * k,
        acc_rss: LAMBDA * u_acc * (2.0 * k.sqrt() + (k / 16.0).ceil()),
        split_rss: 0.0,
        underflow: (k + 2.0) * types.acc.underflow_unit() + types.output.underflow_unit(),
    }
}

/// The unit roundoff of the 8-bit `wgmma`'s own accumulation: `2^-14`, an adder that keeps a
/// 14-bit significand (DeepSeek-V3's report, "Increasing accumulation precision": "around 14
/// bits" on Hopper) and truncates, one ulp `2^-13 = 2 u` per step as in the module docs.
pub const FP8_WGMMA_UNIT_ROUNDOFF: f64 = 1.0 / 16384.0;

/// The error bound of an 8-bit GEMM whose partial sums are promoted to `f32` every `interval`
/// products along K (the promoted members: `BLK_K`): each chain of `I = min(interval, K)`
/// products has the `wgmma`'s accumulation error ([`FP8_WGMMA_UNIT_ROUNDOFF`], rounding and
/// bias over `I`), independent from chain to chain, so their sum is bounded by the same
/// coefficients times `||p||_2` (the chains' squared norms add up to `||p||_2^2`); the `f32`
/// sum of the chains adds the `f32` accumulation terms over K.
///
/// # Example
/// ```
/// use cute_host::gemm::{error_bound, error_bound_promoted, GemmTypes, FP8_WGMMA_UNIT_ROUNDOFF};
/// let fast = error_bound(GemmTypes::E4M3_F32_BF16, 4096);
/// let promoted = error_bound_promoted(GemmTypes::E4M3_F32_BF16, 4096, 128);
/// let u = FP8_WGMMA_UNIT_ROUNDOFF;
/// assert_eq!(fast.acc_rss, 8.0 * u * (2.0 * 64.0 + 256.0));
/// let f32_terms = 8.0 * (-24f64).exp2() * (2.0 * 64.0 + 256.0);
/// assert_eq!(promoted.acc_rss, 8.0 * u * (2.0 * 128f64.sqrt() + 8.0) + f32_terms);
/// assert!(promoted.acc_rss < fast.acc_rss / 10.0);
/// ```
pub fn error_bound_promoted(types: GemmTypes, k: usize, interval: usize) -> ErrorBound {
    let chain = interval.min(k) as f64;
    let kf = k as f64;
    let u_w = FP8_WGMMA_UNIT_ROUNDOFF;
    let u_f = types.acc.unit_roundoff();
    ErrorBound {
        acc_worst: 2.0 * (u_w * chain + u_f * kf),
        acc_rss: LAMBDA * u_w * (2.0 * chain.sqrt() + (chain / 16.0).ceil())
            + LAMBDA * u_f * (2.0 * kf.sqrt() + (kf / 16.0).ceil()),
        ..error_bound(types, k)
    }
}

/// The result of comparing a GEMM with the float64 reference.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CheckReport {
    /// Elements compared.
    pub checked: usize,
    /// The largest `|c - ref| / tolerance` over the elements (at most 1 when the check
    /// passes; see [`ErrorBound`]).
    pub max_bound_ratio: f64,
    /// The largest error relative to the element's scale `|alpha| sum_k |A(m,k)||B(n,k)| +
    /// |beta C0(m,n)|` (against [`Reference::CublasF32`], `|alpha| ||A(m,:)||_2 ||B(n,:)||_2 +
    /// |beta C0(m,n)|`, an upper bound of it).
    pub max_rel_err: f64,
    /// The index `m + n*M` of the element with the largest `max_bound_ratio`.
    pub worst: usize,
    /// What the elements were compared with.
    pub reference: Reference,
}

/// The reference a check compared C with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reference {
    /// Float64 sums computed on the GPU, three cuBLAS DGEMMs ([`ReferenceSums::gpu`]).
    Float64Gpu,
    /// Float64 sums computed on the CPU ([`check`], [`ReferenceSums::cpu`]).
    Float64Cpu,
    /// cuBLAS's GEMM of the same inputs with f32 accumulation and output, the bound's scales
    /// bounded by the rows' norms ([`crate::blas_reference`]): the reference of large problems.
    CublasF32,
}

impl fmt::Display for Reference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reference::Float64Gpu => "the float64 reference (cuBLAS DGEMMs)",
            Reference::Float64Cpu => "the float64 reference (on the CPU)",
            Reference::CublasF32 => {
                "the cuBLAS f32 reference (cublasGemmEx of the same inputs, f32 accumulation and output)"
            }
        })
    }
}

/// The elements checked: all of them, or (when `rows_cols` is given) the full rows and
/// columns whose indices it lists (a sampled check for large problems).
#[derive(Debug, Clone, Copy)]
pub enum CheckScope<'a> {
    /// Every element of C.
    All,
    /// Every element of the rows `.0` and of the columns `.1` of C.
    RowsCols(&'a [usize], &'a [usize]),
}

/// One element's worst result so far: `(ratio, rel, idx, got, want, tol)`.
type Worst = (f64, f64, usize, f64, f64, f64);

/// The float64 sums behind one element's reference and bound, with `p_k = A(m,k) B(n,k)`:
/// `(sum_k p_k, sum_k |p_k|, sum_k p_k^2)`.
type Sums = (f64, f64, f64);

/// The float64 sums of every element of C, m-major (element `(m, n)` at `m + n*M`), computed
/// once and compared by [`check_sums`]: on the GPU ([`ReferenceSums::gpu`], three cuBLAS
/// DGEMMs) or on the CPU ([`ReferenceSums::cpu`], what [`check`] computes per element). Every
/// product of two f32, f16 or bf16 values is exact in float64, and so is every square of one,
/// so the two differ only in the order (and, on the GPU, the fused multiply-adds) of the
/// float64 sums: by at most about `K 2^-52` of `sum_k |p_k|` (of `sum_k p_k^2` for the last),
/// far below any bound.
#[derive(Debug, Clone, PartialEq)]
pub struct ReferenceSums {
    /// `sum_k p_k`, the reference dot product.
    pub dot: Vec<f64>,
    /// `sum_k |p_k|`.
    pub mag: Vec<f64>,
    /// `sum_k p_k^2`.
    pub sq: Vec<f64>,
    /// Where the sums were computed: [`Reference::Float64Gpu`] or [`Reference::Float64Cpu`].
    pub reference: Reference,
}

impl ReferenceSums {
    /// On the CPU, multi-threaded over the columns of C; each element as [`check`] sums it.
    pub fn cpu(inp: &GemmInputs) -> Result<ReferenceSums, Error> {
        check_operands(inp)?;
        let GemmShape { m, n, k } = inp.shape;
        let mut sums = ReferenceSums {
            dot: vec![0.0; m * n],
            mag: vec![0.0; m * n],
            sq: vec![0.0; m * n],
            reference: Reference::Float64Cpu,
        };
        if m * n == 0 {
            return Ok(sums);
        }
        let (at, bt) = rows_f64(inp);
        let cols = n.div_ceil(threads());
        std::thread::scope(|s| {
            let parts = sums
                .dot
                .chunks_mut(cols * m)
                .zip(sums.mag.chunks_mut(cols * m))
                .zip(sums.sq.chunks_mut(cols * m));
            for (part, ((dot, mag), sq)) in parts.enumerate() {
                let (at, bt) = (&at, &bt);
                s.spawn(move || {
                    for (x, ((d, g), q)) in dot.iter_mut().zip(mag).zip(sq).enumerate() {
                        let (i, j) = (x % m, part * cols + x / m);
                        (*d, *g, *q) = row_sums(&at[i * k..(i + 1) * k], &bt[j * k..(j + 1) * k]);
                    }
                });
            }
        });
        Ok(sums)
    }

    /// On the GPU: `dot = A B^T`, `mag = |A| |B|^T` and `sq = (A∘A) (B∘B)^T` as three cuBLAS
    /// DGEMMs ([`Gpu::f64_blas`], pedantic math) of A and B converted to float64 on the host
    /// (exactly, as the CPU path converts them), each operand read in its own layout (the
    /// transposes and leading dimensions of `dgemm_config`). The device holds `8 (MK + NK + MN)` bytes at a time (384 MiB at
    /// 4096^3): one float64 copy of each operand, overwritten by its magnitudes and then its
    /// squares, and one of C.
    ///
    /// `Ok(None)`, after saying why on standard error (the first time in a process), where this
    /// GPU cannot: no cuBLAS library, an extent beyond cuBLAS's 32-bit integers, or those
    /// bytes above half of the device's free memory. `Err` when the device fails.
    pub fn gpu(gpu: &Gpu, inp: &GemmInputs) -> Result<Option<ReferenceSums>, Error> {
        check_operands(inp)?;
        let (la, lb, lc) = inp.shape.lens();
        if la == 0 || lb == 0 {
            // nothing to multiply (every sum is 0, or C is empty)
            return ReferenceSums::cpu(inp).map(Some);
        }
        let Some(cfg) = dgemm_config(inp.layout, inp.shape) else {
            return Ok(cpu_instead(&format!(
                "{} has an extent beyond cuBLAS's 32-bit integers",
                inp.shape
            )));
        };
        let blas = match gpu.f64_blas() {
            Ok(blas) => blas,
            Err(why) => return Ok(cpu_instead(&why)),
        };
        let bytes = 8 * (la + lb + lc);
        let (free, _) = gpu.context().mem_get_info()?;
        if bytes > free / 2 {
            return Ok(cpu_instead(&format!(
                "{} needs {} MiB of float64 operands on the device, {} MiB are free",
                inp.shape,
                bytes >> 20,
                free >> 20
            )));
        }
        let stream = gpu.stream();
        let mut da = stream.alloc_zeros::<f64>(la)?;
        let mut db = stream.alloc_zeros::<f64>(lb)?;
        let mut dc = stream.alloc_zeros::<f64>(lc)?;
        let sums = sums_by_products(inp, |a, b| {
            stream.memcpy_htod(a, &mut da)?;
            stream.memcpy_htod(b, &mut db)?;
            // SAFETY: `da`, `db` and `dc` hold the MK, NK and MN values that `cfg`'s extents
            // and leading dimensions address.
            unsafe { blas.gemm(cfg, &da, &db, &mut dc) }?;
            let c = stream.clone_dtoh(&dc)?;
            stream.synchronize()?;
            Ok(c)
        })?;
        Ok(Some(sums))
    }
}

/// `None`, after printing (the first time in this process) why the float64 reference is
/// computed on the CPU instead of the GPU.
fn cpu_instead(why: &str) -> Option<ReferenceSums> {
    static SAID: std::sync::Once = std::sync::Once::new();
    SAID.call_once(|| eprintln!("float64 GEMM reference on the CPU, not the GPU: {why}"));
    None
}

/// The column-major DGEMM `C = A B^T` of `shape` with A and B stored as `layout` says and C
/// m-major (`ldc = M`): an m-major A is the MxK matrix itself (`transa = N`, `lda = M`), a
/// k-major one its KxM transpose (`T`, `lda = K`); an n-major B is the NxK matrix (`transb =
/// T`, `ldb = N`), a k-major one `B^T` itself (`N`, `ldb = K`). `None` when an extent or a
/// leading dimension does not fit cuBLAS's `int`.
fn dgemm_config(layout: GemmLayout, shape: GemmShape) -> Option<GemmConfig<f64>> {
    use cudarc::cublas::sys::cublasOperation_t::{CUBLAS_OP_N, CUBLAS_OP_T};
    let int = |x: usize| i32::try_from(x).ok();
    let (lda, ldb, ldc) = layout.leading_dims(shape);
    Some(GemmConfig {
        transa: if layout.a_m_major() {
            CUBLAS_OP_N
        } else {
            CUBLAS_OP_T
        },
        transb: if layout.b_n_major() {
            CUBLAS_OP_T
        } else {
            CUBLAS_OP_N
        },
        m: int(shape.m)?,
        n: int(shape.n)?,
        k: int(shape.k)?,
        alpha: 1.0,
        lda: int(lda)?,
        ldb: int(ldb)?,
        beta: 0.0,
        ldc: int(ldc)?,
    })
}

/// The three sums as products of A and B converted to float64 in their stored order: `gemm(a,
/// b)` returns the m-major MxN product `A B^T` of the values it is given (the float64
/// operands, then their magnitudes, then their squares, each written over the last).
fn sums_by_products(
    inp: &GemmInputs,
    mut gemm: impl FnMut(&[f64], &[f64]) -> Result<Vec<f64>, Error>,
) -> Result<ReferenceSums, Error> {
    let (la, lb, _) = inp.shape.lens();
    let (mut a, mut b) = (vec![0f64; la], vec![0f64; lb]);
    let mut sums = [const { Vec::new() }; 3];
    let passes: [fn(f64) -> f64; 3] = [|x| x, f64::abs, |x| x * x];
    for (sum, f) in sums.iter_mut().zip(passes) {
        convert(&inp.a[..la], &mut a, f);
        convert(&inp.b[..lb], &mut b, f);
        *sum = gemm(&a, &b)?;
    }
    let [dot, mag, sq] = sums;
    Ok(ReferenceSums {
        dot,
        mag,
        sq,
        reference: Reference::Float64Gpu,
    })
}

/// `dst[i] = f(src[i] as f64)`, in parallel where it is long.
fn convert(src: &[f32], dst: &mut [f64], f: fn(f64) -> f64) {
    let chunk = src.len().div_ceil(threads()).max(1 << 16);
    std::thread::scope(|s| {
        for (d, x) in dst.chunks_mut(chunk).zip(src.chunks(chunk)) {
            s.spawn(move || {
                for (d, &x) in d.iter_mut().zip(x) {
                    *d = f(f64::from(x));
                }
            });
        }
    });
}

/// An error unless `inp` holds A, B and (when beta is not 0) C of its shape.
pub(crate) fn check_operands(inp: &GemmInputs) -> Result<(), Error> {
    let (la, lb, lc) = inp.shape.lens();
    let lc = if inp.beta == 0.0 { 0 } else { lc };
    for (name, want, have) in [
        ("A", la, inp.a.len()),
        ("B", lb, inp.b.len()),
        ("C", lc, inp.c.len()),
    ] {
        if have < want {
            return Err(Error::Shape {
                op: "check",
                expected: format!("{want} elements of {name} for {}", inp.shape),
                got: have.to_string(),
            });
        }
    }
    Ok(())
}

/// The threads a check uses: every core, at most 64.
pub(crate) fn threads() -> usize {
    std::thread::available_parallelism()
        .map(|x| x.get())
        .unwrap_or(1)
        .min(64)
}

/// A as `(m, k)` rows and B as `(n, k)` rows, k contiguous, in float64.
fn rows_f64(inp: &GemmInputs) -> (Vec<f64>, Vec<f64>) {
    let GemmShape { m, n, k } = inp.shape;
    let mut at = vec![0f64; m * k];
    let mut bt = vec![0f64; n * k];
    for mm in 0..m {
        for kk in 0..k {
            at[mm * k + kk] = inp.a[inp.layout.a_offset(inp.shape, mm, kk)] as f64;
        }
    }
    for nn in 0..n {
        for kk in 0..k {
            bt[nn * k + kk] = inp.b[inp.layout.b_offset(inp.shape, nn, kk)] as f64;
        }
    }
    (at, bt)
}

/// The sums of one element from its row of A and its row of B, each in four interleaved
/// partial sums.
fn row_sums(ra: &[f64], rb: &[f64]) -> Sums {
    let k = ra.len().min(rb.len());
    let (mut dot, mut mag, mut sq) = ([0f64; 4], [0f64; 4], [0f64; 4]);
    let mut kk = 0;
    while kk + 4 <= k {
        for u in 0..4 {
            let p = ra[kk + u] * rb[kk + u];
            dot[u] += p;
            mag[u] += p.abs();
            sq[u] += p * p;
        }
        kk += 4;
    }
    while kk < k {
        let p = ra[kk] * rb[kk];
        dot[0] += p;
        mag[0] += p.abs();
        sq[0] += p * p;
        kk += 1;
    }
    (dot.iter().sum(), mag.iter().sum(), sq.iter().sum())
}

/// Compares `got` (C after the GEMM, m-major) with the float64 reference of `inp`, element by
/// element: the error of each must be within the [`error_bound`] of `inp.types` and K (a NaN
/// fails). Multi-threaded over elements; every element of C unless `scope` says otherwise.
/// The failure names the worst element, its value, the reference and the bound. The reference
/// is computed here on the CPU, per element; [`check_with`] computes it on a GPU.
pub fn check(inp: &GemmInputs, got: &[f32], scope: CheckScope<'_>) -> Result<CheckReport, Error> {
    check_operands(inp)?;
    let k = inp.shape.k;
    let (at, bt) = rows_f64(inp);
    compare(inp, got, scope, Reference::Float64Cpu, |i, j| {
        row_sums(&at[i * k..(i + 1) * k], &bt[j * k..(j + 1) * k])
    })
}

/// [`check`] with the reference's sums given (computed once, e.g. on a GPU).
pub fn check_sums(
    inp: &GemmInputs,
    got: &[f32],
    scope: CheckScope<'_>,
    sums: &ReferenceSums,
) -> Result<CheckReport, Error> {
    check_operands(inp)?;
    let GemmShape { m, n, .. } = inp.shape;
    let len = sums.dot.len().min(sums.mag.len()).min(sums.sq.len());
    if len < m * n {
        return Err(Error::Shape {
            op: "check",
            expected: format!("{} reference sums of each kind", m * n),
            got: len.to_string(),
        });
    }
    compare(inp, got, scope, sums.reference, |i, j| {
        let x = i + j * m;
        (sums.dot[x], sums.mag[x], sums.sq[x])
    })
}

/// [`check`], with the reference computed on `gpu` where given: for a problem above the
/// float64 reference's sizes ([`crate::blas_reference::uses_blas_reference`]) cuBLAS's GEMM in
/// f32 ([`crate::blas_reference`], A and B uploaded for it), else the float64 sums where it can
/// ([`ReferenceSums::gpu`]), on the CPU otherwise. The report says which
/// ([`CheckReport::reference`]).
pub fn check_with(
    gpu: Option<&Gpu>,
    inp: &GemmInputs,
    got: &[f32],
    scope: CheckScope<'_>,
) -> Result<CheckReport, Error> {
    match gpu {
        Some(gpu) => check_on_gpu(gpu, inp, None, got, scope),
        None => check(inp, got, scope),
    }
}

/// [`check_with`] on `gpu`, with A and B already on the device as the GEMM read them when given
/// (the cuBLAS f32 reference reads them there instead of uploading its own copies).
fn check_on_gpu(
    gpu: &Gpu,
    inp: &GemmInputs,
    operands: Option<(&DeviceMatrix, &DeviceMatrix)>,
    got: &[f32],
    scope: CheckScope<'_>,
) -> Result<CheckReport, Error> {
    if !crate::blas_reference::uses_blas_reference(inp.shape) {
        return match ReferenceSums::gpu(gpu, inp)? {
            Some(sums) => check_sums(inp, got, scope, &sums),
            None => check(inp, got, scope),
        };
    }
    check_operands(inp)?;
    let blas = gpu.f32_blas().map_err(|why| Error::Shape {
        op: "check",
        expected: format!(
            "cuBLAS for the f32 reference of {} (more than 2^44 FLOPs or 2^28 elements of C)",
            inp.shape
        ),
        got: why,
    })?;
    let stream = gpu.stream();
    let uploaded;
    // 8-bit values are exact in bf16: cuBLAS's reference reads bf16 copies of them
    let input = if inp.types.input.is_8bit() {
        Dtype::Bf16
    } else {
        inp.types.input
    };
    let (a, b) = match operands.filter(|_| input == inp.types.input) {
        Some(ab) => ab,
        None => {
            let (la, lb, _) = inp.shape.lens();
            uploaded = (
                DeviceMatrix::upload(stream, input, &inp.a[..la])?,
                DeviceMatrix::upload(stream, input, &inp.b[..lb])?,
            );
            (&uploaded.0, &uploaded.1)
        }
    };
    crate::blas_reference::check(blas, stream, inp, (a, b), got, scope)
}

/// The comparison behind [`check`] and [`check_sums`]: `sums(m, n)` gives an element's
/// [`Sums`]; the elements of `scope` are compared in parallel.
fn compare(
    inp: &GemmInputs,
    got: &[f32],
    scope: CheckScope<'_>,
    reference: Reference,
    sums: impl Fn(usize, usize) -> Sums + Sync,
) -> Result<CheckReport, Error> {
    let GemmShape { m, n, k } = inp.shape;
    check_result_len(inp.shape, got)?;
    let (alpha, beta) = (inp.alpha as f64, inp.beta as f64);
    let bound = error_bound(inp.types, k);
    let tally = tally(inp, got, scope, 0..n, |i, j| {
        let (dot, mag, sq) = sums(i, j);
        let rss = sq.sqrt();
        let c0 = if beta == 0.0 {
            0.0
        } else {
            inp.c[i + j * m] as f64
        };
        let tol = bound.tolerance(
            (alpha * dot).abs(),
            (beta * c0).abs(),
            alpha.abs() * mag,
            alpha.abs() * rss,
        );
        let scale = alpha.abs() * mag + (beta * c0).abs();
        (alpha * dot + beta * c0, tol, scale)
    });
    tally.report(m, reference)
}

/// An error unless `got` holds every element of C of `shape`.
pub(crate) fn check_result_len(shape: GemmShape, got: &[f32]) -> Result<(), Error> {
    let mn = shape.m.saturating_mul(shape.n);
    if got.len() < mn {
        return Err(Error::Shape {
            op: "check",
            expected: format!("{mn} elements of C"),
            got: got.len().to_string(),
        });
    }
    Ok(())
}

/// What a comparison needs of one element `(m, n)`: the reference of `alpha dot + beta C0`,
/// the largest error allowed there, and the element's scale (for the relative error).
pub type Judged = (f64, f64, f64);

/// The elements of `scope` compared so far: their count and the worst of them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tally {
    /// Elements compared.
    pub count: usize,
    /// The worst element: `(ratio, max_rel, idx, got, want, tol)`, `max_rel` over all of them.
    worst: Worst,
}

impl Tally {
    /// Nothing compared.
    pub const NONE: Tally = Tally {
        count: 0,
        worst: (-1.0, 0.0, usize::MAX, 0.0, 0.0, 0.0),
    };
    /// Both tallies together.
    pub fn merge(self, x: Tally) -> Tally {
        let rel = self.worst.1.max(x.worst.1);
        let mut worst = if x.worst.0 > self.worst.0 {
            x.worst
        } else {
            self.worst
        };
        worst.1 = rel;
        Tally {
            count: self.count + x.count,
            worst,
        }
    }
    /// The report of the comparison (C having `m` rows, compared with `reference`), or the
    /// worst element when it is outside its bound.
    pub fn report(self, m: usize, reference: Reference) -> Result<CheckReport, Error> {
        let (ratio, max_rel_err, idx, got_v, want, tol) = self.worst;
        let report = CheckReport {
            checked: self.count,
            max_bound_ratio: ratio.max(0.0),
            max_rel_err,
            worst: if idx == usize::MAX { 0 } else { idx },
            reference,
        };
        if report.max_bound_ratio <= 1.0 {
            Ok(report)
        } else {
            Err(Error::OutOfBound {
                m: idx % m.max(1),
                n: idx / m.max(1),
                got: got_v,
                want,
                bound: tol,
            })
        }
    }
}

/// Compares the elements of `scope` in the columns `cols` of C (`got`, m-major) in parallel:
/// `judge(m, n)` gives each one's [`Judged`] reference, bound and scale. `got` holds every
/// element of C ([`check_result_len`]). The scope's rows are compared in every column of
/// `cols`, its columns where they lie in `cols`.
pub(crate) fn tally(
    inp: &GemmInputs,
    got: &[f32],
    scope: CheckScope<'_>,
    cols: std::ops::Range<usize>,
    judge: impl Fn(usize, usize) -> Judged + Sync,
) -> Tally {
    let GemmShape { m, n, .. } = inp.shape;
    let cols = cols.start.min(n)..cols.end.min(n);
    // The elements as `(m, n)`, by their place in the scope's order: every element of the
    // columns in m-major order, or those of the listed rows and columns.
    let listed: Option<Vec<(usize, usize)>> = match scope {
        CheckScope::All => None,
        CheckScope::RowsCols(rows, listed_cols) => {
            let mut v: Vec<(usize, usize)> = Vec::new();
            for &i in rows.iter().filter(|&&i| i < m) {
                v.extend(cols.clone().map(|j| (i, j)));
            }
            for &j in listed_cols.iter().filter(|&&j| cols.contains(&j)) {
                v.extend((0..m).map(|i| (i, j)));
            }
            Some(v)
        }
    };
    let first = cols.start * m;
    let count = listed.as_ref().map_or(cols.len() * m, Vec::len);
    let chunk = count.div_ceil(threads()).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..count)
            .step_by(chunk)
            .map(|start| {
                let (judge, listed) = (&judge, &listed);
                s.spawn(move || {
                    let end = count.min(start + chunk);
                    let mut worst = Tally::NONE.worst;
                    let mut max_rel = 0f64;
                    let mut visit = |i: usize, j: usize| {
                        let idx = i + j * m;
                        let (want, tol, scale) = judge(i, j);
                        let g = got[idx] as f64;
                        let err = (g - want).abs();
                        let ratio = if err == 0.0 {
                            0.0
                        } else if tol > 0.0 && err.is_finite() {
                            err / tol
                        } else {
                            f64::INFINITY // NaN, infinity, or any error where none is allowed
                        };
                        let rel = if err == 0.0 {
                            0.0
                        } else if scale > 0.0 && err.is_finite() {
                            err / scale
                        } else {
                            f64::INFINITY
                        };
                        max_rel = max_rel.max(rel);
                        if ratio > worst.0 {
                            worst = (ratio, 0.0, idx, g, want, tol);
                        }
                    };
                    match listed {
                        // consecutive elements in m-major order, without a division each
                        None => {
                            let (mut i, mut j) = ((first + start) % m, (first + start) / m);
                            for _ in start..end {
                                visit(i, j);
                                i += 1;
                                if i == m {
                                    (i, j) = (0, j + 1);
                                }
                            }
                        }
                        Some(v) => {
                            for &(i, j) in &v[start..end] {
                                visit(i, j);
                            }
                        }
                    }
                    worst.1 = max_rel;
                    Tally { count: 0, worst }
                })
            })
            .collect();
        let t = handles
            .into_iter()
            .map(|h| h.join().expect("check thread"))
            .fold(Tally::NONE, Tally::merge);
        Tally { count, ..t }
    })
}

/// What one `cute gemm` run measured.
#[derive(Debug, Clone)]
pub struct GemmRun {
    /// The check against the reference, if one was made.
    pub check: Option<CheckReport>,
    /// Milliseconds of each timed run.
    pub times_ms: Vec<f32>,
}

impl GemmRun {
    /// The median time in milliseconds.
    pub fn median_ms(&self) -> f32 {
        median(&self.times_ms)
    }
    /// TFLOP/s at the median time.
    pub fn tflops(&self, shape: GemmShape) -> f64 {
        shape.flops() / (self.median_ms() as f64 * 1e-3) / 1e12
    }
}

/// Uploads `inp` (A and B as `inp.types.input` elements, C as `inp.types.output` ones; with
/// beta 0, C is NaN, set on the device), runs the GEMM once and (with `check`) compares C with
/// the reference (on the GPU where it can, see [`check_with`]), then times `iters` runs (after
/// 2 warm-up runs) with CUDA events. Before anything is allocated, the problem is checked
/// against the kernel ([`check_problem`]) and the memory it needs: A, B and C on the GPU
/// ([`operand_bytes`]), and what the run holds on the host besides `inp` ([`host_bytes`] less
/// [`input_bytes`]).
pub fn run_gemm(
    gpu: &Gpu,
    kernel: Kernel,
    inp: &GemmInputs,
    check_scope: Option<CheckScope<'_>>,
    iters: usize,
) -> Result<GemmRun, Error> {
    let p = inp.problem();
    check_problem(kernel, &p)?;
    // the inputs are made: what the run adds to them
    let what = format!("{kernel} {} {}", p.shape, p.types);
    let (free, _) = gpu.context().mem_get_info()?;
    fits_in_memory(&what, operand_bytes(&p), free)?;
    if let Some(available) = host_memory_available() {
        let run = host_bytes(&p, check_scope.is_some()) - input_bytes(&p);
        fits_in_host_memory(&what, run, available)?;
    }
    let stream = gpu.stream();
    let a = DeviceMatrix::upload(stream, p.types.input, &inp.a)?;
    let b = DeviceMatrix::upload(stream, p.types.input, &inp.b)?;
    let mut c = if p.beta == 0.0 {
        // C is not read: NaN everywhere, so that an element the kernel does not write fails
        DeviceMatrix::nan(stream, p.types.output, p.shape.m * p.shape.n)?
    } else {
        DeviceMatrix::upload(stream, p.types.output, &inp.c)?
    };
    gemm(gpu, kernel, &p, a.operand(), b.operand(), c.operand_mut())?;
    let got = c.download(stream)?;
    let report = match check_scope {
        Some(scope) => Some(check_on_gpu(gpu, inp, Some((&a, &b)), &got, scope)?),
        None => None,
    };
    let times_ms = if iters == 0 {
        Vec::new()
    } else {
        // Timed runs start from the same C (they overwrite it; with beta != 0 they read it).
        gpu.time_ms(2, iters, || {
            gemm(gpu, kernel, &p, a.operand(), b.operand(), c.operand_mut())
        })?
    };
    Ok(GemmRun {
        check: report,
        times_ms,
    })
}

/// Bytes of A, B and C of a problem on the device (saturating: a product past `usize` means
/// "more than any GPU has").
pub fn operand_bytes(p: &GemmProblem) -> usize {
    let GemmShape { m, n, k } = p.shape;
    let ab = m.saturating_add(n).saturating_mul(k);
    ab.saturating_mul(p.types.input.bytes())
        .saturating_add(m.saturating_mul(n).saturating_mul(p.types.output.bytes()))
}

/// Bytes of host memory a run of `p` by [`run_gemm`] holds at most, with its inputs
/// ([`GemmInputs`]: A, B and C as f32) and, with `check`, its check (saturating):
/// - the inputs, `4 (MK + NK + MN)`;
/// - A's or B's encoding for the upload (16-bit inputs), and C's when beta is not 0;
/// - the result, `4 MN`, and its download in the output type before it is converted;
/// - the check: the float64 reference's sums (`24 MN`) and A and B in float64 (`8 (MK + NK)`),
///   or, above its sizes, a block of the cuBLAS f32 reference
///   ([`crate::blas_reference::CHUNK_BYTES`] at most) and the rows' norms (`16 (M + N)`).
///
/// # Example
/// ```
/// use cute_host::gemm::{host_bytes, GemmLayout, GemmProblem, GemmShape, GemmTypes};
/// let p = GemmProblem {
///     types: GemmTypes::BF16_F32_BF16,
///     layout: GemmLayout::Tn,
///     shape: GemmShape { m: 16384, n: 128256, k: 4096 },
///     alpha: 1.0,
///     beta: 0.0,
/// };
/// // 10.8 GB of f32 inputs, 1.1 GB of B encoded, 8.4 + 4.2 GB of result, a block of 1 GiB
/// assert_eq!(host_bytes(&p, false), 24_433_917_952);
/// assert_eq!(host_bytes(&p, true), 24_433_917_952 + (1 << 30) + 16 * (16384 + 128256));
/// ```
pub fn host_bytes(p: &GemmProblem, check: bool) -> usize {
    let GemmShape { m, n, k } = p.shape;
    let (la, lb, lc) = (
        m.saturating_mul(k),
        n.saturating_mul(k),
        m.saturating_mul(n),
    );
    let inputs = input_bytes(p);
    let encoded = |t: Dtype, len: usize| {
        if t == Dtype::F32 {
            0
        } else {
            len.saturating_mul(2)
        }
    };
    let upload = encoded(p.types.input, la.max(lb)).max(if p.beta == 0.0 {
        0
    } else {
        encoded(p.types.output, lc)
    });
    let result = lc
        .saturating_mul(4)
        .saturating_add(encoded(p.types.output, lc));
    let check = match (check, crate::blas_reference::uses_blas_reference(p.shape)) {
        (false, _) => 0,
        (true, false) => lc
            .saturating_mul(24)
            .saturating_add(la.saturating_add(lb).saturating_mul(8)),
        (true, true) => lc
            .saturating_mul(4)
            .min(crate::blas_reference::CHUNK_BYTES.max(m.saturating_mul(4)))
            .saturating_add(m.saturating_add(n).saturating_mul(16)),
    };
    inputs
        .saturating_add(upload)
        .saturating_add(result)
        .saturating_add(check)
}

/// Bytes of a problem's [`GemmInputs`] (A, B and C as f32, saturating): `4 (MK + NK + MN)`.
pub fn input_bytes(p: &GemmProblem) -> usize {
    let (la, lb, lc) = (
        p.shape.m.saturating_mul(p.shape.k),
        p.shape.n.saturating_mul(p.shape.k),
        p.shape.m.saturating_mul(p.shape.n),
    );
    la.saturating_add(lb).saturating_add(lc).saturating_mul(4)
}

/// The host memory available to a new allocation (`MemAvailable` of `/proc/meminfo`), in
/// bytes; `None` where the system does not say.
pub fn host_memory_available() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// `Err(Error::OutOfHostMemory)` naming `what`, the bytes `needed` and those `available`,
/// when more are needed than are available.
pub fn fits_in_host_memory(what: &str, needed: usize, available: usize) -> Result<(), Error> {
    if needed > available {
        return Err(Error::OutOfHostMemory {
            what: what.to_string(),
            needed,
            available,
        });
    }
    Ok(())
}

/// Whether a run of `p` by `kernel` ([`run_gemm`], with `check` or not), its inputs included,
/// fits the GPU's free memory ([`operand_bytes`], [`fits_in_memory`]) and the host's available
/// memory ([`host_bytes`], [`fits_in_host_memory`], where the system says): the one-line error
/// of the first that does not. For a caller about to make the inputs (`cute gemm`).
pub fn check_memory(gpu: &Gpu, kernel: Kernel, p: &GemmProblem, check: bool) -> Result<(), Error> {
    let what = format!("{kernel} {} {}", p.shape, p.types);
    let (free, _) = gpu.context().mem_get_info()?;
    fits_in_memory(&what, operand_bytes(p), free)?;
    if let Some(available) = host_memory_available() {
        fits_in_host_memory(&what, host_bytes(p, check), available)?;
    }
    Ok(())
}

/// `Err(Error::OutOfMemory)` naming `what`, the bytes `needed` and those `free`, when the
/// needed bytes are more than 15/16 of the free ones (the rest is left to the kernels'
/// workspaces and copies and to the driver).
pub fn fits_in_memory(what: &str, needed: usize, free: usize) -> Result<(), Error> {
    if needed > free / 16 * 15 {
        return Err(Error::OutOfMemory {
            what: what.to_string(),
            needed,
            free,
        });
    }
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    #[test]
    fn a_problem_too_large_for_the_gpu_names_the_bytes() {
        let p = GemmProblem {
            types: GemmTypes::BF16_F32_BF16,
            layout: GemmLayout::Tn,
            shape: GemmShape {
                m: 65536,
                n: 131072,
                k: 16384,
            },
            alpha: 1.0,
            beta: 0.0,
        };
        // A 2 GiB, B 4 GiB, C 16 GiB
        assert_eq!(operand_bytes(&p), (2 + 4 + 16) << 30);
        let e = fits_in_memory("cute gemm", operand_bytes(&p), 80 << 30).map(|_| ());
        assert!(e.is_ok());
        let e = fits_in_memory(
            "hopper (65536,131072,16384) bf16/f32/bf16",
            22 << 30,
            16 << 30,
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            e,
            "hopper (65536,131072,16384) bf16/f32/bf16 needs 23622320128 bytes (22.00 GiB) of \
             GPU memory, 17179869184 (16.00 GiB) are free"
        );
        let huge = GemmShape {
            m: usize::MAX / 2,
            n: usize::MAX / 2,
            k: 8,
        };
        assert_eq!(operand_bytes(&GemmProblem { shape: huge, ..p }), usize::MAX);
    }

    /// The Hopper family's largest problems: one that fits an 80 GB GPU and one that does not
    /// (C alone 200 GB), named in one line; the host's memory likewise.
    #[test]
    fn huge_problems_fit_or_name_the_bytes() {
        let p = GemmProblem {
            types: GemmTypes::BF16_F32_BF16,
            layout: GemmLayout::Tn,
            shape: GemmShape {
                m: 16384,
                n: 128256,
                k: 4096,
            },
            alpha: 1.0,
            beta: 0.0,
        };
        // A 128 MiB, B 1002 MiB, C 3.9 GiB
        assert_eq!(
            operand_bytes(&p),
            2 * (16384 + 128256) * 4096 + 2 * 16384 * 128256
        );
        assert!(fits_in_memory("hopper", operand_bytes(&p), 80 << 30).is_ok());
        let huge = GemmProblem {
            shape: GemmShape {
                m: 100_000,
                n: 1_000_000,
                k: 8192,
            },
            ..p
        };
        assert_eq!(
            fits_in_memory(
                "hopper (100000,1000000,8192) bf16/f32/bf16",
                operand_bytes(&huge),
                80 << 30
            )
            .unwrap_err()
            .to_string(),
            "hopper (100000,1000000,8192) bf16/f32/bf16 needs 218022400000 bytes (203.05 GiB) \
             of GPU memory, 85899345920 (80.00 GiB) are free"
        );
        assert!(fits_in_host_memory("hopper", host_bytes(&p, true), 128 << 30).is_ok());
        assert_eq!(
            input_bytes(&p),
            4 * ((16384 + 128256) * 4096 + 16384 * 128256)
        );
        assert_eq!(
            fits_in_host_memory(
                "hopper (16384,128256,4096) bf16/f32/bf16",
                26 << 30,
                16 << 30
            )
            .unwrap_err()
            .to_string(),
            "hopper (16384,128256,4096) bf16/f32/bf16 needs 27917287424 bytes (26.00 GiB) of \
             host memory, 17179869184 (16.00 GiB) are available"
        );
        // the float64 reference's sums where it is used: 24 bytes an element of C
        let small = GemmProblem {
            shape: GemmShape {
                m: 4096,
                n: 4096,
                k: 4096,
            },
            ..p
        };
        assert_eq!(
            host_bytes(&small, true) - host_bytes(&small, false),
            24 * 4096 * 4096 + 8 * 2 * 4096 * 4096
        );
        assert!(host_memory_available().is_none_or(|b| b > 0));
    }

    /// The 16-bit encodings made in parallel are the ones made one by one.
    #[test]
    fn parallel_encodings_are_the_sequential_ones() {
        let mut rng = Rng::new(5);
        let v = rng.vec(200_003);
        for t in [Dtype::F16, Dtype::Bf16] {
            let one: Vec<u16> = v.iter().map(|&x| t.to_bits16(x).unwrap()).collect();
            assert_eq!(encode16(t, &v), one, "{t}");
        }
    }

    #[test]
    fn names_parse_and_print() {
        assert_eq!("tn".parse::<GemmLayout>(), Ok(GemmLayout::Tn));
        assert_eq!("TT".parse::<GemmLayout>(), Ok(GemmLayout::Tt));
        assert_eq!("bf16".parse::<Dtype>(), Ok(Dtype::Bf16));
        assert_eq!(
            "f16/f32/f16".parse::<GemmTypes>(),
            Ok(GemmTypes::F16_F32_F16)
        );
        assert_eq!(GemmTypes::BF16_F32_F32.to_string(), "bf16/f32/f32");
        assert!("f16/f32".parse::<GemmTypes>().is_err());
        let s = GemmShape { m: 7, n: 8, k: 9 };
        assert_eq!(s.to_string(), "(7,8,9)");
    }

    /// Each layout's offsets against its CuTe layout, and the leading dimensions.
    #[test]
    fn layouts_index_as_their_letters_say() {
        let s = GemmShape { m: 3, n: 5, k: 7 };
        let l = GemmLayout::Nn;
        assert_eq!(
            (l.a_offset(s, 2, 4), l.b_offset(s, 4, 6)),
            (2 + 4 * 3, 4 * 7 + 6)
        );
        assert_eq!(l.leading_dims(s), (3, 7, 3));
        let l = GemmLayout::Tt;
        assert_eq!(
            (l.a_offset(s, 2, 4), l.b_offset(s, 4, 6)),
            (2 * 7 + 4, 4 + 6 * 5)
        );
        assert_eq!(l.leading_dims(s), (7, 5, 3));
        assert_eq!(GemmLayout::Nt.leading_dims(s), (3, 5, 3));
        assert_eq!(GemmLayout::Tn.leading_dims(s), (7, 7, 3));
        assert_eq!(
            (GemmLayout::Tt.a_layout(), GemmLayout::Tt.b_layout()),
            ("(M,K):(K,_1)", "(N,K):(_1,N)")
        );
    }

    /// Alignment and support errors name the kernel, the requirement in CuTe notation and
    /// what was given.
    #[test]
    fn problems_a_kernel_cannot_run_are_clear_errors() {
        static NEEDS_8: KernelEntry = KernelEntry {
            name: "needs_8",
            about: "a test entry",
            types: &[GemmTypes::F16_F32_F16],
            layouts: &[GemmLayout::Tn, GemmLayout::Nt],
            contiguous_multiple: 8,
            shape_multiple: (1, 1, 1),
            indexing: Indexing::I32,
            preconditions: None,
            fusion: false,
            launch: |_, _| Ok(()),
        };
        let k = Kernel(&NEEDS_8);
        let p = |types, layout, m, n, kk| GemmProblem {
            types,
            layout,
            shape: GemmShape { m, n, k: kk },
            alpha: 1.0,
            beta: 0.0,
        };
        assert!(check_problem(k, &p(GemmTypes::F16_F32_F16, GemmLayout::Tn, 7, 9, 16)).is_ok());
        let msg = |r: Result<(), Error>| r.unwrap_err().to_string();
        assert_eq!(
            msg(check_problem(
                k,
                &p(GemmTypes::F16_F32_F16, GemmLayout::Tn, 8, 8, 1001)
            )),
            "needs_8: expected K a multiple of 8 (A is (M,K):(K,_1) and needs_8 copies 8 half_t \
             (16 bytes) at a time along K), got (M,N,K) = (8,8,1001)"
        );
        assert_eq!(
            msg(check_problem(
                k,
                &p(GemmTypes::F16_F32_F16, GemmLayout::Nt, 8, 12, 3)
            )),
            "needs_8: expected N a multiple of 8 (B is (N,K):(_1,N) and needs_8 copies 8 half_t \
             (16 bytes) at a time along N), got (M,N,K) = (8,12,3)"
        );
        assert_eq!(
            msg(check_problem(
                k,
                &p(GemmTypes::F32, GemmLayout::Tn, 8, 8, 8)
            )),
            "needs_8: expected element types in/acc/out among f16/f32/f16, got f32/f32/f32"
        );
        assert_eq!(
            msg(check_problem(
                k,
                &p(GemmTypes::F16_F32_F16, GemmLayout::Tt, 8, 8, 8)
            )),
            "needs_8: expected a layout among tn, nt, got tt"
        );
    }

    /// A naive product in the input order with f32 accumulation, rounded to the output type:
    /// what a correct kernel computes (the f32 reference's tests use it too).
    pub(crate) fn naive(inp: &GemmInputs) -> Vec<f32> {
        let s = inp.shape;
        let mut c = vec![0f32; s.m * s.n];
        for i in 0..s.m {
            for j in 0..s.n {
                let mut acc = 0f32;
                for kk in 0..s.k {
                    let p =
                        inp.a[inp.layout.a_offset(s, i, kk)] * inp.b[inp.layout.b_offset(s, j, kk)];
                    acc = inp.types.acc.round(acc + p);
                }
                let c0 = if inp.beta == 0.0 {
                    0.0
                } else {
                    inp.c[i + j * s.m]
                };
                c[i + j * s.m] = inp.types.output.round(inp.alpha * acc + inp.beta * c0);
            }
        }
        c
    }

    /// The reference accepts a correct result in every layout and type, and rejects one wrong
    /// element, a NaN, and (for f32 accumulation) one dropped product.
    #[test]
    fn check_accepts_the_product_and_rejects_wrong_results() {
        let mut rng = Rng::new(7);
        for types in [
            GemmTypes::F32,
            GemmTypes::F16_F16_F16,
            GemmTypes::F16_F32_F16,
            GemmTypes::BF16_F32_BF16,
            GemmTypes::BF16_F32_F32,
        ] {
            for layout in GemmLayout::ALL {
                for beta in [0.0, -0.5] {
                    let shape = GemmShape { m: 5, n: 3, k: 70 };
                    let inp = GemmInputs::random_typed(&mut rng, types, shape, layout, 1.5, beta);
                    // inputs are exact in their type
                    assert!(inp
                        .a
                        .iter()
                        .all(|&x| types.input.round(x) == x && x.abs() <= 1.0));
                    assert_eq!(inp.c.iter().all(|x| x.is_nan()), beta == 0.0);
                    let mut c = naive(&inp);
                    let r = check(&inp, &c, CheckScope::All).unwrap();
                    assert_eq!(r.checked, 15);
                    assert!(r.max_bound_ratio <= 1.0);
                    // one element off by 2% of its scale (5% with f16 accumulation, whose
                    // bound at K = 70 is about 1%)
                    let frac = if types.acc == Dtype::F16 { 0.05 } else { 0.02 };
                    let scale: f64 = (0..shape.k)
                        .map(|kk| {
                            (inp.a[layout.a_offset(shape, 2, kk)]
                                * inp.b[layout.b_offset(shape, 1, kk)])
                            .abs() as f64
                        })
                        .sum::<f64>()
                        * 1.5;
                    c[7] += (frac * scale) as f32;
                    match check(&inp, &c, CheckScope::All) {
                        Err(Error::OutOfBound { m, n, .. }) => assert_eq!((m, n), (2, 1)),
                        other => panic!("{types} {layout}: {other:?}"),
                    }
                    c[7] = f32::NAN;
                    assert!(check(&inp, &c, CheckScope::RowsCols(&[2], &[])).is_err());
                    assert!(check(&inp, &c, CheckScope::RowsCols(&[0], &[0])).is_ok());
                }
            }
        }
    }

    /// With f32 accumulation the bound is tight enough to see one product left out of a
    /// K = 4096 dot product; f16 accumulation is within its bound on a correct result.
    #[test]
    fn the_bound_catches_a_dropped_product_at_large_k() {
        let mut rng = Rng::new(11);
        let shape = GemmShape {
            m: 4,
            n: 4,
            k: 4096,
        };
        for types in [
            GemmTypes::F32,
            GemmTypes::BF16_F32_BF16,
            GemmTypes::F16_F32_F32,
        ] {
            let inp = GemmInputs::random_typed(&mut rng, types, shape, GemmLayout::Tn, 1.0, 0.0);
            let mut c = naive(&inp);
            check(&inp, &c, CheckScope::All).unwrap();
            // drop the largest product of C(1,2)
            let (i, j) = (1, 2);
            let p = (0..shape.k)
                .map(|kk| inp.a[i * shape.k + kk] * inp.b[j * shape.k + kk])
                .max_by(|x, y| x.abs().total_cmp(&y.abs()))
                .unwrap();
            c[i + j * shape.m] = types.output.round(c[i + j * shape.m] - p);
            assert!(
                matches!(
                    check(&inp, &c, CheckScope::All),
                    Err(Error::OutOfBound { m: 1, n: 2, .. })
                ),
                "{types}"
            );
        }
        let inp = GemmInputs::random_typed(
            &mut rng,
            GemmTypes::F16_F16_F16,
            shape,
            GemmLayout::Nt,
            1.0,
            0.0,
        );
        check(&inp, &naive(&inp), CheckScope::All).unwrap();
        // f16 accumulation at K = 1032 (a shape the C++ tutorials get wrong): a correct
        // result passes, one off by 3% of sum|a b| (about 8 where |ref| is about 11) fails
        let shape = GemmShape {
            m: 3,
            n: 5,
            k: 1032,
        };
        let inp = GemmInputs::random_typed(
            &mut rng,
            GemmTypes::F16_F16_F16,
            shape,
            GemmLayout::Tn,
            1.0,
            0.0,
        );
        let mut c = naive(&inp);
        check(&inp, &c, CheckScope::All).unwrap();
        let mag: f32 = (0..shape.k)
            .map(|kk| (inp.a[kk] * inp.b[4 * shape.k + kk]).abs())
            .sum();
        c[4 * shape.m] += 0.03 * mag;
        assert!(matches!(
            check(&inp, &c, CheckScope::All),
            Err(Error::OutOfBound { m: 0, n: 4, .. })
        ));
    }

    /// Results to compare: the product, one element off by 1% of its scale, one NaN.
    fn results(inp: &GemmInputs) -> Vec<Vec<f32>> {
        let good = naive(inp);
        let (mut off, mut nan) = (good.clone(), good.clone());
        let x = off.len() / 2;
        off[x] += 0.01 * (off[x].abs() + 1.0);
        nan[x / 3] = f32::NAN;
        vec![good, off, nan]
    }

    /// A report, or the error's text (the worst element, its value, reference and bound).
    fn outcome(r: Result<CheckReport, Error>) -> String {
        match r {
            Ok(r) => format!("{r:?}"),
            Err(e) => format!("{e:?}"),
        }
    }

    /// The comparison from precomputed sums gives exactly the all-CPU check's report or error,
    /// in every layout, with beta 0 and not, over every element and over some rows and
    /// columns, K a multiple of 4 and not.
    #[test]
    fn precomputed_sums_give_the_cpu_check_report() {
        let mut rng = Rng::new(19);
        for types in [
            GemmTypes::F32,
            GemmTypes::BF16_F32_BF16,
            GemmTypes::F16_F16_F16,
        ] {
            for layout in GemmLayout::ALL {
                for (shape, beta) in [
                    (
                        GemmShape {
                            m: 37,
                            n: 23,
                            k: 70,
                        },
                        0.0,
                    ),
                    (GemmShape { m: 5, n: 41, k: 13 }, -0.5),
                    (GemmShape { m: 1, n: 1, k: 1 }, 0.25),
                ] {
                    let inp = GemmInputs::random_typed(&mut rng, types, shape, layout, 1.5, beta);
                    let sums = ReferenceSums::cpu(&inp).unwrap();
                    for c in results(&inp) {
                        for scope in [CheckScope::All, CheckScope::RowsCols(&[0, 3], &[2])] {
                            assert_eq!(
                                outcome(check_sums(&inp, &c, scope, &sums)),
                                outcome(check(&inp, &c, scope)),
                                "{types} {layout} {shape}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// A column-major DGEMM as BLAS defines it: `C = op(A) op(B)`, `ldc = M`.
    fn blas_dgemm(cfg: &GemmConfig<f64>, a: &[f64], b: &[f64]) -> Vec<f64> {
        use cudarc::cublas::sys::cublasOperation_t::CUBLAS_OP_N;
        let (m, n, k) = (cfg.m as usize, cfg.n as usize, cfg.k as usize);
        let (lda, ldb, ldc) = (cfg.lda as usize, cfg.ldb as usize, cfg.ldc as usize);
        let op_a = |i: usize, l: usize| match cfg.transa {
            CUBLAS_OP_N => a[i + l * lda],
            _ => a[l + i * lda],
        };
        let op_b = |l: usize, j: usize| match cfg.transb {
            CUBLAS_OP_N => b[l + j * ldb],
            _ => b[j + l * ldb],
        };
        let mut c = vec![0.0; ldc * n];
        for j in 0..n {
            for i in 0..m {
                c[i + j * ldc] = (0..k).map(|l| op_a(i, l) * op_b(l, j)).sum();
            }
        }
        c
    }

    /// The GPU path's arguments (the float64 operands in their layouts, then their magnitudes
    /// and squares, and `dgemm_config`'s transposes and leading dimensions), given to a
    /// textbook column-major DGEMM instead of cuBLAS, give the CPU's sums up to float64
    /// rounding, and the checks from them the same outcome.
    #[test]
    fn the_dgemm_arguments_give_the_cpu_sums() {
        let mut rng = Rng::new(23);
        for layout in GemmLayout::ALL {
            for (shape, beta) in [
                (GemmShape { m: 9, n: 14, k: 33 }, 0.0),
                (GemmShape { m: 16, n: 3, k: 8 }, 0.5),
            ] {
                let inp = GemmInputs::random_typed(
                    &mut rng,
                    GemmTypes::BF16_F32_F32,
                    shape,
                    layout,
                    -0.75,
                    beta,
                );
                let cfg = dgemm_config(layout, shape).unwrap();
                let blas = sums_by_products(&inp, |a, b| Ok(blas_dgemm(&cfg, a, b))).unwrap();
                let cpu = ReferenceSums::cpu(&inp).unwrap();
                for x in 0..shape.m * shape.n {
                    let close = |p: f64, q: f64, scale: f64| (p - q).abs() <= 1e-13 * scale;
                    assert!(close(blas.dot[x], cpu.dot[x], cpu.mag[x]), "{layout} {x}");
                    assert!(close(blas.mag[x], cpu.mag[x], cpu.mag[x]), "{layout} {x}");
                    assert!(close(blas.sq[x], cpu.sq[x], cpu.sq[x]), "{layout} {x}");
                    assert!(cpu.mag[x] > 0.0 && cpu.sq[x] > 0.0);
                }
                for c in results(&inp) {
                    let (p, q) = (
                        check_sums(&inp, &c, CheckScope::All, &blas),
                        check(&inp, &c, CheckScope::All),
                    );
                    match (p, q) {
                        (Ok(p), Ok(q)) => {
                            assert_eq!((p.checked, p.worst), (q.checked, q.worst), "{layout}");
                            assert!((p.max_bound_ratio - q.max_bound_ratio).abs() <= 1e-9);
                        }
                        (
                            Err(Error::OutOfBound { m, n, .. }),
                            Err(Error::OutOfBound { m: m2, n: n2, .. }),
                        ) => assert_eq!((m, n), (m2, n2), "{layout}"),
                        (p, q) => panic!("{layout} {shape}: {p:?} against {q:?}"),
                    }
                }
            }
        }
        // the extents cuBLAS's int cannot hold go to the CPU
        let huge = GemmShape {
            m: 1 << 31,
            n: 1,
            k: 1,
        };
        assert!(dgemm_config(GemmLayout::Tn, huge).is_none());
    }

    /// Inputs shorter than their shape are an error, not a panic.
    #[test]
    fn short_operands_are_refused() {
        let mut rng = Rng::new(3);
        let shape = GemmShape { m: 4, n: 5, k: 6 };
        let mut inp = GemmInputs::random(&mut rng, shape, GemmLayout::Nt, 1.0, 1.0);
        let c = naive(&inp);
        inp.c.truncate(19);
        assert_eq!(
            check(&inp, &c, CheckScope::All).unwrap_err().to_string(),
            "check: expected 20 elements of C for (4,5,6), got 19"
        );
        assert!(ReferenceSums::cpu(&inp).is_err());
    }

    /// Inputs drawn in parallel are the values, and leave the state, of drawing them one by
    /// one (a seed still reproduces a failure).
    #[test]
    fn parallel_draws_are_the_sequential_ones() {
        for (len, t) in [
            (5, Dtype::F32),
            (200_003, Dtype::Bf16),
            (1 << 16, Dtype::F16),
        ] {
            let (mut p, mut q) = (Rng::new(42), Rng::new(42));
            let want: Vec<f32> = (0..len).map(|_| t.round(q.uniform())).collect();
            assert_eq!(p.vec_rounded(len, t), want, "{len} {t}");
            assert_eq!(p.state(), q.state());
            assert_eq!(p.next_u64(), q.next_u64());
        }
    }

    #[test]
    fn dtypes_round_and_encode() {
        assert_eq!(Dtype::F16.round(1.0 + 1.0 / 4096.0), 1.0);
        assert_eq!(Dtype::Bf16.round(1.0 + 1.0 / 64.0), 1.0 + 1.0 / 64.0);
        assert_eq!(Dtype::Bf16.round(1.0 + 1.0 / 512.0), 1.0);
        assert_eq!(Dtype::F16.to_bits16(1.5), Some(0x3e00));
        assert_eq!(Dtype::Bf16.from_bits16(0x3fc0), 1.5);
        assert!(Dtype::F16
            .from_bits16(Dtype::F16.to_bits16(f32::NAN).unwrap())
            .is_nan());
        assert_eq!(Dtype::F32.to_bits16(1.0), None);
        // the 8-bit types: C++'s float_e4m3_t / float_e5m2_t values and encodings
        assert_eq!(Dtype::E4m3.to_bits8(1.5), Some(0x3c));
        assert_eq!(Dtype::E5m2.to_bits8(1.5), Some(0x3e));
        assert_eq!(Dtype::E4m3.round(1.0 + 1.0 / 16.0), 1.0); // a tie, to even
        assert_eq!(Dtype::E4m3.round(1.0e6), 448.0); // saturates
        assert_eq!(Dtype::E5m2.max_finite(), 57344.0);
        assert_eq!(Dtype::E4m3.from_bits8(0x01), (-9f32).exp2()); // the smallest subnormal
        assert!(Dtype::E5m2.from_bits8(0x7f).is_nan());
        assert_eq!(Dtype::Bf16.to_bits8(1.0), None);
        assert_eq!(
            ("e4m3".parse(), "float_e5m2_t".parse()),
            (Ok(Dtype::E4m3), Ok(Dtype::E5m2))
        );
    }

    /// The per-tensor scale is the smallest power of two that holds the largest magnitude,
    /// and inputs drawn for an 8-bit type are on its grid at that scale: dividing by the scale
    /// and encoding loses nothing, also at the finer scale of a smaller maximum.
    #[test]
    fn eight_bit_inputs_round_trip_through_their_scale() {
        assert_eq!(tensor_scale(Dtype::E4m3, &[1.0]), (-8f32).exp2()); // 448 / 256 >= 1
        assert_eq!(tensor_scale(Dtype::E4m3, &[448.0]), 1.0);
        assert_eq!(tensor_scale(Dtype::E4m3, &[448.5, -1.0]), 2.0);
        assert_eq!(tensor_scale(Dtype::E4m3, &[-0.75]), (-9f32).exp2()); // 0.75 * 512 = 384
        assert_eq!(tensor_scale(Dtype::E5m2, &[1.0]), (-15f32).exp2()); // 57344 / 32768
        assert_eq!(tensor_scale(Dtype::E5m2, &[0.0, 0.0]), 1.0);
        for t in Dtype::ALL_8BIT {
            let v = Rng::new(7).vec_rounded(50_000, t);
            assert!(v.iter().any(|&x| x != t.round(x)), "{t}: scaled, not plain");
            for part in [&v[..], &v[..1000], &v[5..6]] {
                let scaled: Vec<f32> = part.iter().map(|x| x * 0.3).collect();
                for values in [part, &scaled[..]] {
                    let s = tensor_scale(t, values);
                    let bits = encode8(t, values, s);
                    for (&x, &b) in values.iter().zip(&bits) {
                        let back = t.from_bits8(b) * s;
                        if values.as_ptr() == part.as_ptr() {
                            assert_eq!(back, x, "{t}: {x} at scale {s}");
                        } else {
                            // 0.3 x is not on the grid: rounded, within half an ulp
                            let err = (back - x).abs() as f64;
                            let ulp = 2.0 * t.unit_roundoff() * x.abs() as f64;
                            assert!(err <= ulp.max(t.underflow_unit() * s as f64), "{t}: {x}");
                        }
                    }
                }
            }
        }
    }
}
