//! The reference of large GEMM checks: cuBLAS's GEMM of the same A and B with f32 accumulation
//! and f32 output, compared with C at every element.
//!
//! The float64 reference of [`crate::gemm`] costs three DGEMMs of `2 M N K` FLOPs each (FP64,
//! about 50 TFLOP/s on an H100) and 24 bytes per element of C on the host: at 16384 x 128256 x
//! 4096 (C of 2.1e9 elements) that is 1.7e16 FLOPs three times over (about 17 minutes) and
//! 50 GB. Problems above [`FLOAT64_MAX_FLOPS`] or [`FLOAT64_MAX_ELEMENTS`] are checked here
//! instead: one GEMM on the tensor cores for 16-bit inputs (`cublasGemmEx`, `CUBLAS_COMPUTE_32F`:
//! the products of two f16 or bf16 values are exact in f32, the sums are f32 sums), or in FP32
//! without TF32 for f32 inputs (`CUBLAS_COMPUTE_32F_PEDANTIC`, what `cublasSgemm` computes in
//! pedantic mode), a block of columns of C at a time ([`CHUNK_BYTES`] of f32 on the device and
//! on the host), each block compared with C on all cores.
//! (Pedantic FP32 for 16-bit inputs would take the 1.7e16 FLOPs above at about 50 TFLOP/s:
//! six minutes; the tensor cores take about 25 seconds.)
//!
//! # The bound
//! With `p_k = A(m,k) B(n,k)`, `dot = sum_k p_k`, `S1 = sum_k |p_k|` and `S2 = sqrt(sum_k
//! p_k^2)`, and `E_T(d, c, s1, s2)` the tolerance of [`gemm::error_bound`] for types `T` (an
//! element's exact `|alpha dot|`, `|beta C0|`, `|alpha| S1`, `|alpha| S2`):
//!
//! 1. the kernel's result `c` is within `E_types(|alpha dot|, |beta C0|, |alpha| S1, |alpha| S2)`
//!    of `alpha dot + beta C0` (the module docs of [`crate::gemm`]);
//! 2. the reference `r` is within `E_ref(|dot|, 0, S1, S2)` of `dot`, with `E_ref` the bound of
//!    f32 accumulation and f32 output ([`reference_bound`]): its products are exact (16-bit
//!    inputs: at most 22 significant bits; a bf16 product below f32's normal range is covered
//!    by the bound's underflow term) or fused into the step that adds them (f32 inputs: one
//!    rounding, half an ulp, within the bound's one ulp per step), and its partial sums, when
//!    cuBLAS splits K, are f32 sums (the [`ErrorBound::with_output_partials`] term of f32);
//! 3. so `|c - (alpha r + beta C0)| <= E_types(...) + |alpha| E_ref(...)`, where `alpha r + beta
//!    C0` is evaluated in float64 (a relative error of `2^-53`, far below either term).
//!
//! Each `E` is a sum of non-negative multiples of its arguments (and a minimum of two such), so
//! it grows with each of them, and upper bounds of `|dot|`, `S1` and `S2` give a tolerance at
//! least as large. This check has no products to sum, so it bounds the scales by the rows'
//! norms ([`RowNorms`], Cauchy-Schwarz):
//!
//! ```text
//! S1 <= ||A(m,:)||_2 ||B(n,:)||_2,     S2^2 = sum_k A(m,k)^2 B(n,k)^2 <= ||A(m,:)||_4^2 ||B(n,:)||_4^2
//! ```
//!
//! (and `S2 <= S1`), with the norms summed in float64 (each square of an f32 exact, the sums
//! within `K 2^-53 <= 2^-22` of their value), each norm multiplied by `1 + 2^-20` ([`NORM_SLACK`]) to
//! cover that rounding; and `|dot| <= min(S1, |r| + E_ref(S1, 0, S1, S2))`. For the random
//! inputs of the checks (uniform in `[-1, 1)`: `E[x^2] = 1/3`, `E[x^4] = 1/5`) the norms'
//! bounds are `4/3` of `S1` and about `sqrt(9/5) = 1.34` times `S2`, so the tolerance is about
//! 1.34 times the float64 check's plus the reference's own (which is small beside a 16-bit
//! output's rounding and about doubles an f32 output's tolerance); with f32 accumulation at
//! K = 4096 it still fails a result missing its largest product (the unit tests).

use std::ffi::c_void;
use std::ops::Range;
use std::sync::Arc;

use cudarc::cublas::sys::{
    cublasComputeType_t, cublasGemmAlgo_t, cublasOperation_t, cudaDataType_t,
};
use cudarc::cublas::CudaBlas;
use cudarc::driver::{CudaSlice, CudaStream, DevicePtrMut};

use crate::error::Error;
use crate::gemm::{
    self, error_bound, tally, CheckReport, CheckScope, DeviceMatrix, Dtype, ErrorBound, GemmInputs,
    GemmLayout, GemmShape, GemmTypes, Judged, Reference, Tally,
};

/// The most FLOPs (`2 M N K`) a problem checked against the float64 reference has: its three
/// DGEMMs then take about a second on an H100 or H200, and its host work (the operands
/// converted to float64 three times) a few.
pub const FLOAT64_MAX_FLOPS: f64 = 17_592_186_044_416.0; // 2^44

/// The most elements of C a problem checked against the float64 reference has: its sums hold
/// 24 bytes per element on the host (6 GiB at `2^28`).
pub const FLOAT64_MAX_ELEMENTS: usize = 1 << 28;

/// Bytes of f32 reference the check computes at a time (a block of whole columns of C, at
/// least one column), on the device and on the host.
pub const CHUNK_BYTES: usize = 1 << 30;

/// The factor on the norms' bounds that covers their float64 rounding (see the module docs).
pub const NORM_SLACK: f64 = 1.0 + 1.0 / 1_048_576.0;

/// Whether a check of `shape` compares with cuBLAS in f32 (this module) rather than with the
/// float64 reference: more than [`FLOAT64_MAX_FLOPS`] or [`FLOAT64_MAX_ELEMENTS`].
///
/// # Example
/// ```
/// use cute_host::blas_reference::uses_blas_reference;
/// use cute_host::gemm::GemmShape;
/// let s = |m, n, k| GemmShape { m, n, k };
/// assert!(!uses_blas_reference(s(8192, 8192, 8192))); // 2^40 FLOPs, 2^26 elements
/// assert!(uses_blas_reference(s(16384, 128256, 4096))); // 1.7e16 FLOPs
/// assert!(uses_blas_reference(s(16384, 131072, 64))); // 2^31 elements of C
/// ```
pub fn uses_blas_reference(shape: GemmShape) -> bool {
    shape.flops() > FLOAT64_MAX_FLOPS || shape.m.saturating_mul(shape.n) > FLOAT64_MAX_ELEMENTS
}

/// The error bound of the reference: f32 accumulation and f32 output over K products of `input`
/// values, with partial sums cuBLAS may add in f32 (see the module docs, 2.).
///
/// # Example
/// ```
/// use cute_host::blas_reference::reference_bound;
/// use cute_host::gemm::{error_bound, Dtype, GemmTypes};
/// let b = reference_bound(Dtype::Bf16, 4096);
/// assert_eq!(b.out, 2.0 * (-24f64).exp2()); // 2 u of float
/// // the accumulation of f32 GEMM's, and partial sums in f32: 8 (2 u) of float
/// let f32_acc = error_bound(GemmTypes::F32, 4096);
/// assert_eq!((b.acc_worst, b.acc_rss), (f32_acc.acc_worst, f32_acc.acc_rss));
/// assert_eq!(b.split_rss, 8.0 * 2.0 * (-24f64).exp2());
/// ```
pub fn reference_bound(input: Dtype, k: usize) -> ErrorBound {
    // 8-bit values reach cuBLAS as bf16 copies (exact)
    let input = if input.is_8bit() { Dtype::Bf16 } else { input };
    error_bound(GemmTypes::new(input, Dtype::F32, Dtype::F32), k).with_output_partials(Dtype::F32)
}

/// One element compared with the reference `r` (f32, of `dot`): `(alpha r + beta C0, the
/// tolerance, the scale |alpha| s1 + |beta C0|)` for a result held to `kernel` (the bound of its
/// types), the reference to `reference` ([`reference_bound`]), where `s1 >= S1` and `s2 >= S2`
/// ([`RowNorms::scales`]) and `beta_c0 = beta C0` (see the module docs, 3.).
pub fn judge(
    kernel: &ErrorBound,
    reference: &ErrorBound,
    r: f64,
    alpha: f64,
    beta_c0: f64,
    (s1, s2): (f64, f64),
) -> Judged {
    // |dot| <= S1 <= s1, and |dot| <= |r| + E_ref(|dot|, ..) <= |r| + E_ref(s1, ..)
    let dot = (r.abs() + reference.tolerance(s1, 0.0, s1, s2)).min(s1);
    let a = alpha.abs();
    let tol = kernel.tolerance(a * dot, beta_c0.abs(), a * s1, a * s2)
        + a * reference.tolerance(dot, 0.0, s1, s2);
    (alpha * r + beta_c0, tol, a * s1 + beta_c0.abs())
}

/// Per row of A and of B (over K), the norms `||x||_2 = sqrt(sum_k x^2)` and `||x||_4 =
/// (sum_k x^4)^(1/4)` in float64, times [`NORM_SLACK`]: the bounds of the bound's scales
/// ([`RowNorms::scales`]).
#[derive(Debug, Clone, PartialEq)]
pub struct RowNorms {
    /// A's rows `m`: `(||A(m,:)||_2, ||A(m,:)||_4)`.
    a: Vec<(f64, f64)>,
    /// B's rows `n`.
    b: Vec<(f64, f64)>,
}

impl RowNorms {
    /// The norms of A (`M x K`) and B (`N x K`), stored as `layout` says (f32 values).
    pub fn new(a: &[f32], b: &[f32], layout: GemmLayout, shape: GemmShape) -> RowNorms {
        let GemmShape { m, n, k } = shape;
        RowNorms {
            a: row_norms(a, m, k, !layout.a_m_major()),
            b: row_norms(b, n, k, !layout.b_n_major()),
        }
    }

    /// `(s1, s2)` with `S1 = sum_k |A(m,k) B(n,k)| <= s1` and `S2 = sqrt(sum_k (A(m,k)
    /// B(n,k))^2) <= s2`: `s1 = ||A(m,:)||_2 ||B(n,:)||_2` and `s2 = min(s1, ||A(m,:)||_4
    /// ||B(n,:)||_4)`, each norm times [`NORM_SLACK`].
    pub fn scales(&self, m: usize, n: usize) -> (f64, f64) {
        let ((a2, a4), (b2, b4)) = (self.a[m], self.b[n]);
        let s1 = a2 * b2;
        (s1, (a4 * b4).min(s1))
    }
}

/// `(||x||_2, ||x||_4)` times [`NORM_SLACK`] for each of the `rows` rows of a `rows x k`
/// matrix, `x[r * k + kk]` (`kmajor`) or `x[r + kk * rows]`, in parallel over the rows.
fn row_norms(x: &[f32], rows: usize, k: usize, kmajor: bool) -> Vec<(f64, f64)> {
    let mut out = vec![(0f64, 0f64); rows];
    let per = rows.div_ceil(gemm::threads()).max(1);
    std::thread::scope(|s| {
        for (t, part) in out.chunks_mut(per).enumerate() {
            let r0 = t * per;
            s.spawn(move || {
                let add = |o: &mut (f64, f64), v: f32| {
                    let q = f64::from(v) * f64::from(v);
                    o.0 += q;
                    o.1 += q * q;
                };
                if kmajor {
                    for (i, o) in part.iter_mut().enumerate() {
                        for &v in &x[(r0 + i) * k..(r0 + i + 1) * k] {
                            add(o, v);
                        }
                    }
                } else {
                    for kk in 0..k {
                        let col = &x[kk * rows + r0..kk * rows + r0 + part.len()];
                        for (o, &v) in part.iter_mut().zip(col) {
                            add(o, v);
                        }
                    }
                }
                for o in part.iter_mut() {
                    *o = (o.0.sqrt() * NORM_SLACK, o.1.sqrt().sqrt() * NORM_SLACK);
                }
            });
        }
    });
    out
}

/// The columns of C in blocks of `cols` (at least 1): `0..cols`, `cols..2 cols`, ..., up to N.
pub fn chunks(n: usize, cols: usize) -> impl Iterator<Item = Range<usize>> {
    let cols = cols.max(1);
    (0..n).step_by(cols).map(move |c| c..(c + cols).min(n))
}

/// Columns of C per block for `m` rows: as many as fit [`CHUNK_BYTES`] of f32 (at least one),
/// at most `n`.
pub fn chunk_cols(m: usize, n: usize) -> usize {
    (CHUNK_BYTES / (4 * m.max(1))).clamp(1, n.max(1))
}

/// cuBLAS's column-major arguments for columns `cols` of C: `C(:, cols) = op(A) op(B(cols, :))`
/// with A and B stored as the layout says (the letters are `transa`, `transb`), C's block m-major
/// (`ldc = M`), and B's first element of the block `b_offset` elements into B (an n-major B
/// starts its row `n0` at `n0`, a k-major one at `n0 K`; the leading dimension stays B's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkGemm {
    /// A's operation: `N` for m-major A (`lda = M`), `T` for k-major (`lda = K`).
    pub transa: cublasOperation_t,
    /// B's operation: `T` for n-major B (`ldb = N`), `N` for k-major (`ldb = K`).
    pub transb: cublasOperation_t,
    /// M, the block's columns, K.
    pub mnk: (i32, i32, i32),
    /// `(lda, ldb, ldc)`.
    pub ld: (i32, i32, i32),
    /// Elements from B's start to the block's first row.
    pub b_offset: usize,
}

/// The [`ChunkGemm`] of columns `cols` of `shape` in `layout`; `None` when an extent or a
/// leading dimension does not fit cuBLAS's `int`.
pub fn chunk_gemm(layout: GemmLayout, shape: GemmShape, cols: Range<usize>) -> Option<ChunkGemm> {
    use cublasOperation_t::{CUBLAS_OP_N, CUBLAS_OP_T};
    let int = |x: usize| i32::try_from(x).ok();
    let (lda, ldb, ldc) = layout.leading_dims(shape);
    Some(ChunkGemm {
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
        mnk: (int(shape.m)?, int(cols.len())?, int(shape.k)?),
        ld: (int(lda)?, int(ldb)?, int(ldc)?),
        b_offset: if layout.b_n_major() {
            cols.start
        } else {
            cols.start.checked_mul(shape.k)?
        },
    })
}

/// The reference's GEMMs: blocks of columns of `A B^T` in f32, computed by cuBLAS from the
/// device's A and B and copied to the host.
pub struct BlasReference<'a> {
    blas: &'a CudaBlas,
    stream: &'a Arc<CudaStream>,
    a: &'a DeviceMatrix,
    b: &'a DeviceMatrix,
    layout: GemmLayout,
    shape: GemmShape,
    /// One block of C in f32 (M times the most columns of a block).
    block: CudaSlice<f32>,
}

impl<'a> BlasReference<'a> {
    /// The reference of `A B^T` for A and B of `shape` stored as `layout` says (both of one
    /// input type), in blocks of at most `cols` columns, with `blas` (a handle on `stream`,
    /// whatever its math mode: the compute type says what it computes). `Err` when A or B
    /// is shorter than the shape, their types differ, or the block does not fit the device.
    pub fn new(
        blas: &'a CudaBlas,
        stream: &'a Arc<CudaStream>,
        (a, b): (&'a DeviceMatrix, &'a DeviceMatrix),
        layout: GemmLayout,
        shape: GemmShape,
        cols: usize,
    ) -> Result<BlasReference<'a>, Error> {
        let (la, lb, _) = shape.lens();
        if a.len() < la || b.len() < lb || a.dtype() != b.dtype() {
            return Err(Error::Shape {
                op: "check",
                expected: format!("A and B of {la} and {lb} elements of one type for {shape}"),
                got: format!(
                    "{} of {} and {} of {}",
                    a.len(),
                    a.dtype(),
                    b.len(),
                    b.dtype()
                ),
            });
        }
        let block = shape.m.saturating_mul(cols.clamp(1, shape.n.max(1)));
        let (free, _) = stream.context().mem_get_info()?;
        gemm::fits_in_memory(
            &format!("the cuBLAS f32 reference's block of {shape}"),
            block.saturating_mul(4),
            free,
        )?;
        Ok(BlasReference {
            blas,
            stream,
            a,
            b,
            layout,
            shape,
            block: stream.alloc_zeros::<f32>(block.max(1))?,
        })
    }

    /// Columns `cols` of `A B^T` (at most the block's columns), m-major, into `out` (`M
    /// cols.len()` values); synchronous.
    pub fn columns(&mut self, cols: Range<usize>, out: &mut [f32]) -> Result<(), Error> {
        let GemmShape { m, k, .. } = self.shape;
        let len = m * cols.len();
        let cfg = chunk_gemm(self.layout, self.shape, cols.clone());
        let Some(cfg) = cfg.filter(|_| len <= self.block.len() && len <= out.len()) else {
            return Err(Error::Shape {
                op: "check",
                expected: format!(
                    "a block of at most {} columns of C whose extents fit cuBLAS's int",
                    self.block.len() / m.max(1)
                ),
                got: format!("columns {cols:?} of {}", self.shape),
            });
        };
        if len == 0 {
            return Ok(());
        }
        if k == 0 {
            out[..len].fill(0.0);
            return Ok(());
        }
        let input = self.a.dtype();
        let (dtype, compute) = match input {
            Dtype::E4m3 | Dtype::E5m2 => {
                return Err(Error::Shape {
                    op: "check",
                    expected: "A and B of f32, f16 or bf16 for cuBLAS's f32 reference (8-bit values are exact in bf16: pass bf16 copies)".into(),
                    got: input.to_string(),
                })
            }
            Dtype::F32 => (
                cudaDataType_t::CUDA_R_32F,
                cublasComputeType_t::CUBLAS_COMPUTE_32F_PEDANTIC,
            ),
            Dtype::F16 => (
                cudaDataType_t::CUDA_R_16F,
                cublasComputeType_t::CUBLAS_COMPUTE_32F,
            ),
            Dtype::Bf16 => (
                cudaDataType_t::CUDA_R_16BF,
                cublasComputeType_t::CUBLAS_COMPUTE_32F,
            ),
        };
        let (alpha, beta) = (1f32, 0f32);
        let ((m32, n32, k32), (lda, ldb, ldc)) = (cfg.mnk, cfg.ld);
        {
            let stream = self.stream;
            let (pa, _ga) = self.a.device_ptr(stream);
            let (pb, _gb) = self.b.device_ptr(stream);
            let (pc, _gc) = self.block.device_ptr_mut(stream);
            let pb = pb + (cfg.b_offset * input.bytes()) as u64;
            // SAFETY: A holds M K and B N K elements of `input` (checked in `new`), stored as
            // `cfg`'s operations and leading dimensions read them; B's block starts at its row
            // `cols.start` and spans `cols.len()` rows of it, inside B; the block buffer holds
            // at least `M cols.len()` f32 (`ldc = M`), checked above; alpha and beta are f32, the
            // scale type of both compute types; the handle runs on `stream`, which the guards
            // order after the buffers' last writes.
            unsafe {
                cudarc::cublas::sys::cublasGemmEx(
                    *self.blas.handle(),
                    cfg.transa,
                    cfg.transb,
                    m32,
                    n32,
                    k32,
                    &alpha as *const f32 as *const c_void,
                    pa as *const c_void,
                    dtype,
                    lda,
                    pb as *const c_void,
                    dtype,
                    ldb,
                    &beta as *const f32 as *const c_void,
                    pc as *mut c_void,
                    cudaDataType_t::CUDA_R_32F,
                    ldc,
                    compute,
                    cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
                )
                .result()?;
            }
        }
        self.stream
            .memcpy_dtoh(&self.block.slice(0..len), &mut out[..len])?;
        self.stream.synchronize()?;
        Ok(())
    }
}

/// Compares `got` (C after the GEMM of `inp`, m-major) with a reference computed a block of
/// `cols` columns at a time by `reference(columns, out)` (the f32 product `A B^T` of those
/// columns, m-major, into `out`): every element of `scope` within the bound of the module docs
/// for `inp.types` (a NaN fails). Reports [`Reference::CublasF32`]; the failure names the worst
/// element, its value, the reference and the bound.
pub fn check_blocks(
    inp: &GemmInputs,
    got: &[f32],
    scope: CheckScope<'_>,
    cols: usize,
    mut reference: impl FnMut(Range<usize>, &mut [f32]) -> Result<(), Error>,
) -> Result<CheckReport, Error> {
    gemm::check_operands(inp)?;
    gemm::check_result_len(inp.shape, got)?;
    let GemmShape { m, n, k } = inp.shape;
    let norms = RowNorms::new(&inp.a, &inp.b, inp.layout, inp.shape);
    let (kernel, refb) = (
        error_bound(inp.types, k),
        reference_bound(inp.types.input, k),
    );
    let (alpha, beta) = (inp.alpha as f64, inp.beta as f64);
    let cols = cols.clamp(1, n.max(1));
    let mut block = vec![0f32; m * cols.min(n)];
    let mut t = Tally::NONE;
    for c in chunks(n, cols) {
        let wanted = match scope {
            CheckScope::All => true,
            CheckScope::RowsCols(rows, listed) => {
                rows.iter().any(|&i| i < m) || listed.iter().any(|j| c.contains(j))
            }
        };
        if !wanted {
            continue;
        }
        let r = &mut block[..m * c.len()];
        reference(c.clone(), r)?;
        let r = &*r;
        t = t.merge(tally(inp, got, scope, c.clone(), |i, j| {
            let c0 = if beta == 0.0 {
                0.0
            } else {
                inp.c[i + j * m] as f64
            };
            let x = r[i + (j - c.start) * m] as f64;
            judge(&kernel, &refb, x, alpha, beta * c0, norms.scales(i, j))
        }));
    }
    t.report(m, Reference::CublasF32)
}

/// [`check_blocks`] with the reference computed by cuBLAS ([`BlasReference`]) from A and B on the
/// device (`a`, `b`: `inp`'s, as the GEMM read them), with `blas` on `stream`.
pub fn check(
    blas: &CudaBlas,
    stream: &Arc<CudaStream>,
    inp: &GemmInputs,
    (a, b): (&DeviceMatrix, &DeviceMatrix),
    got: &[f32],
    scope: CheckScope<'_>,
) -> Result<CheckReport, Error> {
    let cols = chunk_cols(inp.shape.m, inp.shape.n);
    let mut r = BlasReference::new(blas, stream, (a, b), inp.layout, inp.shape, cols)?;
    check_blocks(inp, got, scope, cols, |c, out| r.columns(c, out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gemm::tests::naive;
    use crate::gemm::{check as check_f64, GemmTypes, Rng};

    /// A column-major `C = op(A) op(B)` from cuBLAS's arguments, in f32 in reverse k order (a
    /// summation order other than the kernel's), `b` starting at `b_offset`.
    fn blas_f32(cfg: &ChunkGemm, a: &[f32], b: &[f32]) -> Vec<f32> {
        use cublasOperation_t::CUBLAS_OP_N;
        let (m, n, k) = (cfg.mnk.0 as usize, cfg.mnk.1 as usize, cfg.mnk.2 as usize);
        let (lda, ldb, ldc) = (cfg.ld.0 as usize, cfg.ld.1 as usize, cfg.ld.2 as usize);
        let b = &b[cfg.b_offset..];
        let op_a = |i: usize, l: usize| match cfg.transa {
            CUBLAS_OP_N => a[i + l * lda],
            _ => a[l + i * lda],
        };
        let op_b = |l: usize, j: usize| match cfg.transb {
            CUBLAS_OP_N => b[l + j * ldb],
            _ => b[j + l * ldb],
        };
        let mut c = vec![0f32; ldc * n];
        for j in 0..n {
            for i in 0..m {
                c[i + j * ldc] = (0..k).rev().map(|l| op_a(i, l) * op_b(l, j)).sum();
            }
        }
        c
    }

    /// The reference of `inp` from `chunk_gemm`'s arguments, as `BlasReference::columns` would
    /// get it from cuBLAS.
    fn reference(
        inp: &GemmInputs,
    ) -> impl FnMut(Range<usize>, &mut [f32]) -> Result<(), Error> + '_ {
        move |cols, out| {
            let cfg = chunk_gemm(inp.layout, inp.shape, cols).unwrap();
            let c = blas_f32(&cfg, &inp.a, &inp.b);
            out.copy_from_slice(&c[..out.len()]);
            Ok(())
        }
    }

    fn outcome(r: Result<CheckReport, Error>) -> String {
        match r {
            Ok(r) => format!("ok {} {}", r.checked, r.max_bound_ratio <= 1.0),
            Err(Error::OutOfBound { m, n, .. }) => format!("out of bound at ({m},{n})"),
            Err(e) => format!("{e}"),
        }
    }

    /// cuBLAS's arguments for each block of columns, given to a textbook f32 GEMM, make a
    /// reference against which a correct result passes and a wrong element, a NaN or a missing
    /// product fail, as against the float64 reference, in every layout and type, with beta 0 and
    /// not, in blocks of 1, 2, 3 and all columns, over every element and over some rows and
    /// columns.
    #[test]
    fn blocks_of_the_f32_reference_judge_as_the_float64_one() {
        let mut rng = Rng::new(31);
        for types in [
            GemmTypes::F32,
            GemmTypes::BF16_F32_BF16,
            GemmTypes::F16_F32_F32,
            GemmTypes::F16_F16_F16,
        ] {
            for layout in GemmLayout::ALL {
                for (shape, beta) in [
                    (GemmShape { m: 9, n: 7, k: 64 }, 0.0),
                    (GemmShape { m: 5, n: 11, k: 13 }, -0.5),
                ] {
                    let inp = GemmInputs::random_typed(&mut rng, types, shape, layout, 1.5, beta);
                    let good = naive(&inp);
                    let mut off = good.clone();
                    // 2% of the element's sum |a b| (5% with f16 accumulation)
                    let (i, j) = (3, 4);
                    let mag: f64 = (0..shape.k)
                        .map(|kk| {
                            (inp.a[layout.a_offset(shape, i, kk)]
                                * inp.b[layout.b_offset(shape, j, kk)])
                            .abs() as f64
                        })
                        .sum::<f64>()
                        * 1.5;
                    let frac = if types.acc == Dtype::F16 { 0.05 } else { 0.02 };
                    off[i + j * shape.m] += (frac * mag) as f32;
                    let mut nan = good.clone();
                    nan[shape.m * shape.n - 1] = f32::NAN;
                    for cols in [1, 2, 3, shape.n] {
                        let ctx = format!("{types} {layout} {shape} beta {beta} cols {cols}");
                        let r = check_blocks(&inp, &good, CheckScope::All, cols, reference(&inp))
                            .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                        assert_eq!(r.checked, shape.m * shape.n, "{ctx}");
                        assert_eq!(r.reference, Reference::CublasF32);
                        assert!(r.max_bound_ratio <= 1.0 && r.max_rel_err > 0.0, "{ctx}");
                        for c in [&off, &nan] {
                            let f32_ref =
                                check_blocks(&inp, c, CheckScope::All, cols, reference(&inp));
                            assert_eq!(
                                outcome(f32_ref),
                                outcome(check_f64(&inp, c, CheckScope::All)),
                                "{ctx}"
                            );
                        }
                        // the sampled scope: row 3 and column 4 hold the wrong element, row 0 and
                        // column 2 do not
                        let scope = CheckScope::RowsCols(&[3], &[]);
                        let r = check_blocks(&inp, &off, scope, cols, reference(&inp));
                        assert_eq!(outcome(r), format!("out of bound at ({i},{j})"), "{ctx}");
                        let scope = CheckScope::RowsCols(&[0], &[2]);
                        let r = check_blocks(&inp, &off, scope, cols, reference(&inp)).unwrap();
                        assert_eq!(r.checked, shape.n + shape.m, "{ctx}");
                    }
                }
            }
        }
    }

    /// With f32 accumulation at K = 4096 the norms' bounds still see one product left out; a
    /// correct result sits well inside them.
    #[test]
    fn the_norm_bound_catches_a_dropped_product_at_large_k() {
        let mut rng = Rng::new(37);
        let shape = GemmShape {
            m: 4,
            n: 4,
            k: 4096,
        };
        for types in [GemmTypes::BF16_F32_F32, GemmTypes::BF16_F32_BF16] {
            for layout in [GemmLayout::Tn, GemmLayout::Nt] {
                let inp = GemmInputs::random_typed(&mut rng, types, shape, layout, 1.0, 0.0);
                let mut c = naive(&inp);
                let r = check_blocks(&inp, &c, CheckScope::All, 3, reference(&inp)).unwrap();
                assert!(r.max_bound_ratio < 0.5, "{types} {layout}: {r:?}");
                let (i, j) = (1, 2);
                let p = (0..shape.k)
                    .map(|kk| {
                        inp.a[layout.a_offset(shape, i, kk)] * inp.b[layout.b_offset(shape, j, kk)]
                    })
                    .max_by(|x, y| x.abs().total_cmp(&y.abs()))
                    .unwrap();
                c[i + j * shape.m] = types.output.round(c[i + j * shape.m] - p);
                assert_eq!(
                    outcome(check_blocks(&inp, &c, CheckScope::All, 3, reference(&inp))),
                    "out of bound at (1,2)",
                    "{types} {layout}"
                );
            }
        }
    }

    /// The norms bound the bound's scales, within `4/3` and `sqrt(9/5)` of them on average for
    /// uniform inputs, and the tolerance grows with each of them.
    #[test]
    fn the_norms_bound_the_scales() {
        let mut rng = Rng::new(41);
        let shape = GemmShape {
            m: 6,
            n: 5,
            k: 2000,
        };
        for layout in GemmLayout::ALL {
            let inp = GemmInputs::random_typed(&mut rng, GemmTypes::F32, shape, layout, 1.0, 0.0);
            let norms = RowNorms::new(&inp.a, &inp.b, layout, shape);
            for i in 0..shape.m {
                for j in 0..shape.n {
                    let p: Vec<f64> = (0..shape.k)
                        .map(|kk| {
                            inp.a[layout.a_offset(shape, i, kk)] as f64
                                * inp.b[layout.b_offset(shape, j, kk)] as f64
                        })
                        .collect();
                    let s1: f64 = p.iter().map(|x| x.abs()).sum();
                    let s2 = p.iter().map(|x| x * x).sum::<f64>().sqrt();
                    let (u1, u2) = norms.scales(i, j);
                    assert!(s1 <= u1 && u1 <= 1.6 * s1, "{layout} ({i},{j}): {s1} {u1}");
                    assert!(s2 <= u2 && u2 <= 1.6 * s2, "{layout} ({i},{j}): {s2} {u2}");
                }
            }
        }
        let (kb, rb) = (
            error_bound(GemmTypes::BF16_F32_BF16, 4096),
            reference_bound(Dtype::Bf16, 4096),
        );
        let base = judge(&kb, &rb, 3.0, 1.5, 0.5, (100.0, 3.0)).1;
        for bigger in [
            judge(&kb, &rb, 4.0, 1.5, 0.5, (100.0, 3.0)).1,
            judge(&kb, &rb, 3.0, 1.5, 0.75, (100.0, 3.0)).1,
            judge(&kb, &rb, 3.0, 1.5, 0.5, (100.0, 4.0)).1,
        ] {
            assert!(bigger > base);
        }
        // the reference's value and the scale
        let (want, _, scale) = judge(&kb, &rb, 3.0, 1.5, 0.5, (100.0, 3.0));
        assert_eq!((want, scale), (5.0, 150.5));
    }

    /// The blocks cover the columns once, each at most `cols` wide and a block of f32 at most
    /// `CHUNK_BYTES`; cuBLAS's arguments start B's block at its row.
    #[test]
    fn blocks_and_their_arguments() {
        let v: Vec<Range<usize>> = chunks(10, 4).collect();
        assert_eq!(v, [0..4, 4..8, 8..10]);
        assert_eq!(chunks(0, 4).count(), 0);
        assert_eq!(chunks(3, 0).collect::<Vec<_>>(), [0..1, 1..2, 2..3]);
        // 16384 rows: 16384 columns of 64 KiB per block of 1 GiB, 8 blocks of N = 128256
        assert_eq!(chunk_cols(16384, 128256), 16384);
        assert_eq!(chunks(128256, chunk_cols(16384, 128256)).count(), 8);
        assert_eq!(chunk_cols(1 << 31, 5), 1);
        assert_eq!(chunk_cols(7, 3), 3);
        let s = GemmShape {
            m: 16384,
            n: 128256,
            k: 4096,
        };
        let tn = chunk_gemm(GemmLayout::Tn, s, 16384..32768).unwrap();
        assert_eq!(
            (tn.mnk, tn.ld, tn.b_offset),
            ((16384, 16384, 4096), (4096, 4096, 16384), 16384 * 4096)
        );
        let nt = chunk_gemm(GemmLayout::Nt, s, 16384..32768).unwrap();
        assert_eq!((nt.ld, nt.b_offset), ((16384, 128256, 16384), 16384));
        let huge = GemmShape {
            m: 1 << 31,
            n: 1,
            k: 1,
        };
        assert!(chunk_gemm(GemmLayout::Tn, huge, 0..1).is_none());
    }
}
