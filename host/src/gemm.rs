//! SGEMM on the GPU: one safe launch function over the `sgemm_*` kernels of `cute-kernels`,
//! the float64 CPU reference, random inputs, the check, and the run behind `cute gemm`.
//!
//! Conventions (CuTe's SGEMM tutorials): `C = alpha * A * B^T + beta * C` with A an MxK
//! matrix, B an NxK matrix and C an MxN matrix, all column-major in the sense of the layout:
//! - [`GemmLayout::Nt`]: A is m-major (`A(m,k) = a[m + k*M]`), B is n-major (`B(n,k) =
//!   b[n + k*N]`);
//! - [`GemmLayout::Tn`]: A is k-major (`A(m,k) = a[m*K + k]`), B is k-major (`B(n,k) =
//!   b[n*K + k]`);
//! - C is m-major in both (`C(m,n) = c[m + n*M]`).
//!
//! Leading dimensions are the tight ones (`M` or `K` for A, `N` or `K` for B, `M` for C).

use std::fmt;
use std::str::FromStr;

use cudarc::driver::{CudaSlice, LaunchConfig, PushKernelArg};

use crate::error::Error;
use crate::gpu::{median, Gpu};

/// Which kernel: the port of CuTe's `sgemm_1.cu` or of `sgemm_2.cu`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kernel {
    /// `sgemm_1`: `local_tile` + `local_partition`, shared-memory staging.
    Sgemm1,
    /// `sgemm_2`: `TiledCopy` + `TiledMMA`, register prefetch of the next k-tile.
    Sgemm2,
}

/// The operand layouts: NT or TN (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GemmLayout {
    /// A m-major, B n-major.
    Nt,
    /// A k-major, B k-major.
    Tn,
}

impl fmt::Display for Kernel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kernel::Sgemm1 => "sgemm_1",
            Kernel::Sgemm2 => "sgemm_2",
        })
    }
}
impl FromStr for Kernel {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "sgemm_1" => Ok(Kernel::Sgemm1),
            "sgemm_2" => Ok(Kernel::Sgemm2),
            _ => Err(format!("unknown kernel '{s}' (sgemm_1 or sgemm_2)")),
        }
    }
}
impl fmt::Display for GemmLayout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GemmLayout::Nt => "nt",
            GemmLayout::Tn => "tn",
        })
    }
}
impl FromStr for GemmLayout {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "nt" | "NT" => Ok(GemmLayout::Nt),
            "tn" | "TN" => Ok(GemmLayout::Tn),
            _ => Err(format!("unknown layout '{s}' (nt or tn)")),
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

/// CTA tile `(BLK_M, BLK_N)` and threads per CTA of every `sgemm_*` kernel.
const BLK_M: usize = 128;
const BLK_N: usize = 128;
const THREADS: u32 = 256;

/// The kernel name and its dynamic shared memory in bytes, for a kernel and layout.
/// `sgemm_2` moves A and B with 128-bit copies when every 4-value column starts 16-byte
/// aligned (NT: M and N multiples of 4; TN: K a multiple of 4, with the tight leading
/// dimensions of [`sgemm`]), else its `_scalar` variant; TN pads shared memory to
/// `(128,8):(1,132)` (cosize 1052) per operand.
fn entry(kernel: Kernel, layout: GemmLayout, shape: GemmShape) -> (&'static str, u32) {
    let tile = (BLK_M * 8 * 4) as u32;
    let padded = (1052 * 4) as u32;
    match (kernel, layout) {
        (Kernel::Sgemm1, GemmLayout::Nt) => ("sgemm_1_nt", 2 * tile),
        (Kernel::Sgemm1, GemmLayout::Tn) => ("sgemm_1_tn", 2 * tile),
        (Kernel::Sgemm2, GemmLayout::Nt) if shape.m % 4 == 0 && shape.n % 4 == 0 => {
            ("sgemm_2_nt", 2 * tile)
        }
        (Kernel::Sgemm2, GemmLayout::Nt) => ("sgemm_2_nt_scalar", 2 * tile),
        (Kernel::Sgemm2, GemmLayout::Tn) if shape.k % 4 == 0 => ("sgemm_2_tn", 2 * padded),
        (Kernel::Sgemm2, GemmLayout::Tn) => ("sgemm_2_tn_scalar", 2 * padded),
    }
}

fn to_i32(op: &'static str, what: &str, v: usize) -> Result<i32, Error> {
    i32::try_from(v).map_err(|_| Error::Shape {
        op,
        expected: format!("{what} at most 2^31-1"),
        got: v.to_string(),
    })
}

/// Runs one SGEMM on the GPU's stream: `c = alpha * A * B^T + beta * c` with the operands laid
/// out as `layout` says (see the module docs), by `kernel`. Asynchronous: synchronize the
/// stream (or copy `c` back) to see the result.
///
/// Checks that M, N, K and the element counts fit the kernels' 32-bit indices and that `a`,
/// `b`, `c` hold at least `M*K`, `N*K`, `M*N` floats (`Error::Shape` otherwise). M or N zero
/// launches nothing; K zero gives `c = beta * c`.
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
    const OP: &str = "sgemm";
    let (m, n, k) = (
        to_i32(OP, "M", shape.m)?,
        to_i32(OP, "N", shape.n)?,
        to_i32(OP, "K", shape.k)?,
    );
    let (la, lb, lc) = (
        shape.m.checked_mul(shape.k),
        shape.n.checked_mul(shape.k),
        shape.m.checked_mul(shape.n),
    );
    for (what, need) in [("A", la), ("B", lb), ("C", lc)] {
        let need = need.filter(|&x| i32::try_from(x).is_ok());
        if need.is_none() {
            return Err(Error::Shape {
                op: OP,
                expected: format!("{what} of at most 2^31-1 elements"),
                got: shape.to_string(),
            });
        }
    }
    for (what, need, have) in [
        ("A", la.unwrap(), a.len()),
        ("B", lb.unwrap(), b.len()),
        ("C", lc.unwrap(), c.len()),
    ] {
        if have < need {
            return Err(Error::Shape {
                op: OP,
                expected: format!("{what} of at least {need} elements for (M,N,K) = {shape}"),
                got: format!("{have} elements"),
            });
        }
    }
    if m == 0 || n == 0 {
        return Ok(());
    }
    let (lda, ldb, ldc) = match layout {
        GemmLayout::Nt => (m, n, m),
        GemmLayout::Tn => (k, k, m),
    };
    let (name, smem) = entry(kernel, layout, shape);
    if !gpu.has_kernel(name) {
        return Err(Error::Shape {
            op: OP,
            expected: "a kernel of this build".into(),
            got: format!("{name}, which is not in the PTX loaded for {}", gpu.arch()),
        });
    }
    let f = gpu.function(name)?;
    let cfg = LaunchConfig {
        grid_dim: (
            shape.m.div_ceil(BLK_M) as u32,
            shape.n.div_ceil(BLK_N) as u32,
            1,
        ),
        block_dim: (THREADS, 1, 1),
        shared_mem_bytes: smem,
    };
    let mut launch = gpu.stream().launch_builder(&f);
    launch
        .arg(&m)
        .arg(&n)
        .arg(&k)
        .arg(&alpha)
        .arg(a)
        .arg(&lda)
        .arg(b)
        .arg(&ldb)
        .arg(&beta)
        .arg(c)
        .arg(&ldc);
    // SAFETY: every `sgemm_*` kernel is `(m: i32, n: i32, k: i32, alpha: f32, a: *const f32,
    // lda: i32, b: *const f32, ldb: i32, beta: f32, c: *mut f32, ldc: i32)`, pushed in that
    // order with those types. With the tight leading dimensions above, the kernels touch
    // A(m,k), B(n,k), C(m,n) only for m < M, n < N, k < K, i.e. the first M*K, N*K, M*N
    // elements, which the length checks guarantee. The grid covers ceil(M/128) x ceil(N/128)
    // CTA tiles of 256 threads, and `smem` is the dynamic shared memory the kernel's tiles
    // need (at most 8416 bytes, under the 48 KiB default).
    unsafe { launch.launch(cfg) }?;
    Ok(())
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
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
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
}

/// The host operands of one problem.
#[derive(Debug, Clone)]
pub struct GemmInputs {
    /// The problem size.
    pub shape: GemmShape,
    /// The operand layouts.
    pub layout: GemmLayout,
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
    /// Random A and B in `[-1, 1)`; C is NaN (poison: every element must be written) when
    /// `beta` is 0, else random (it is read).
    pub fn random(
        rng: &mut Rng,
        shape: GemmShape,
        layout: GemmLayout,
        alpha: f32,
        beta: f32,
    ) -> GemmInputs {
        let (la, lb, lc) = shape.lens();
        let a = rng.vec(la);
        let b = rng.vec(lb);
        let c = if beta == 0.0 {
            vec![f32::NAN; lc]
        } else {
            rng.vec(lc)
        };
        GemmInputs {
            shape,
            layout,
            a,
            b,
            c,
            alpha,
            beta,
        }
    }
}

/// The result of comparing a GEMM with the float64 reference.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CheckReport {
    /// Elements compared.
    pub checked: usize,
    /// The largest error relative to the element's scale `|alpha|*sum_k |A(m,k)||B(n,k)| +
    /// |beta*C0(m,n)|`.
    pub max_rel_err: f64,
    /// The index `m + n*M` of the worst element.
    pub worst: usize,
}

/// The tolerance of [`check`]: relative to `sum |a||b|`, per element.
pub const TOLERANCE: f64 = 1e-5;

/// The elements checked: all of them, or (when `rows_cols` is given) the full rows and
/// columns whose indices it lists (a sampled check for large problems).
#[derive(Debug, Clone, Copy)]
pub enum CheckScope<'a> {
    /// Every element of C.
    All,
    /// Every element of the rows `.0` and of the columns `.1` of C.
    RowsCols(&'a [usize], &'a [usize]),
}

/// Compares `got` (C after the GEMM, m-major) with the float64 reference of `inp`, element
/// by element: the error of each must be below [`TOLERANCE`] times its scale (see
/// [`CheckReport::max_rel_err`]); a NaN fails. Multi-threaded over columns.
pub fn check(inp: &GemmInputs, got: &[f32], scope: CheckScope<'_>) -> Result<CheckReport, Error> {
    let GemmShape { m, n, k } = inp.shape;
    if got.len() < m * n {
        return Err(Error::Shape {
            op: "check",
            expected: format!("{} elements of C", m * n),
            got: got.len().to_string(),
        });
    }
    // A as (m, k) rows and B as (n, k) rows, k contiguous, in f64.
    let mut at = vec![0f64; m * k];
    let mut bt = vec![0f64; n * k];
    for mm in 0..m {
        for kk in 0..k {
            let v = match inp.layout {
                GemmLayout::Nt => inp.a[mm + kk * m],
                GemmLayout::Tn => inp.a[mm * k + kk],
            };
            at[mm * k + kk] = v as f64;
        }
    }
    for nn in 0..n {
        for kk in 0..k {
            let v = match inp.layout {
                GemmLayout::Nt => inp.b[nn + kk * n],
                GemmLayout::Tn => inp.b[nn * k + kk],
            };
            bt[nn * k + kk] = v as f64;
        }
    }
    let elems: Vec<(usize, usize)> = match scope {
        CheckScope::All => (0..n).flat_map(|j| (0..m).map(move |i| (i, j))).collect(),
        CheckScope::RowsCols(rows, cols) => {
            let mut v: Vec<(usize, usize)> = Vec::new();
            for &i in rows.iter().filter(|&&i| i < m) {
                v.extend((0..n).map(|j| (i, j)));
            }
            for &j in cols.iter().filter(|&&j| j < n) {
                v.extend((0..m).map(|i| (i, j)));
            }
            v
        }
    };
    let threads = std::thread::available_parallelism()
        .map(|x| x.get())
        .unwrap_or(1)
        .min(64);
    let chunk = elems.len().div_ceil(threads).max(1);
    let (alpha, beta) = (inp.alpha as f64, inp.beta as f64);
    let worst = std::thread::scope(|s| {
        let handles: Vec<_> = elems
            .chunks(chunk)
            .map(|part| {
                let (at, bt) = (&at, &bt);
                s.spawn(move || {
                    let mut worst = (0f64, usize::MAX);
                    for &(i, j) in part {
                        let (ra, rb) = (&at[i * k..(i + 1) * k], &bt[j * k..(j + 1) * k]);
                        let (mut dot, mut mag) = ([0f64; 4], [0f64; 4]);
                        let mut kk = 0;
                        while kk + 4 <= k {
                            for u in 0..4 {
                                let p = ra[kk + u] * rb[kk + u];
                                dot[u] += p;
                                mag[u] += p.abs();
                            }
                            kk += 4;
                        }
                        while kk < k {
                            let p = ra[kk] * rb[kk];
                            dot[0] += p;
                            mag[0] += p.abs();
                            kk += 1;
                        }
                        let dot: f64 = dot.iter().sum();
                        let mag: f64 = mag.iter().sum();
                        let idx = i + j * m;
                        let c0 = if beta == 0.0 { 0.0 } else { inp.c[idx] as f64 };
                        let want = alpha * dot + beta * c0;
                        let scale = alpha.abs() * mag + (beta * c0).abs();
                        let err = (got[idx] as f64 - want).abs();
                        let rel = if scale > 0.0 {
                            err / scale
                        } else if err == 0.0 {
                            0.0
                        } else {
                            f64::INFINITY
                        };
                        let rel = if rel.is_nan() { f64::INFINITY } else { rel };
                        if rel > worst.0 || worst.1 == usize::MAX {
                            worst = (rel, idx);
                        }
                    }
                    worst
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("check thread"))
            .fold((0f64, usize::MAX), |w, x| {
                if x.1 != usize::MAX && (x.0 > w.0 || w.1 == usize::MAX) {
                    x
                } else {
                    w
                }
            })
    });
    let report = CheckReport {
        checked: elems.len(),
        max_rel_err: worst.0,
        worst: if worst.1 == usize::MAX { 0 } else { worst.1 },
    };
    if report.max_rel_err < TOLERANCE {
        Ok(report)
    } else {
        Err(Error::Mismatch {
            max_abs_err: report.max_rel_err,
            index: report.worst,
        })
    }
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

/// Uploads `inp`, runs the GEMM once and (with `check`) compares C with the reference, then
/// times `iters` runs (after 2 warm-up runs) with CUDA events.
pub fn run_gemm(
    gpu: &Gpu,
    kernel: Kernel,
    inp: &GemmInputs,
    check_scope: Option<CheckScope<'_>>,
    iters: usize,
) -> Result<GemmRun, Error> {
    let stream = gpu.stream();
    let a = stream.clone_htod(&inp.a)?;
    let b = stream.clone_htod(&inp.b)?;
    let mut c = stream.clone_htod(&inp.c)?;
    sgemm(
        gpu, kernel, inp.layout, inp.shape, inp.alpha, &a, &b, inp.beta, &mut c,
    )?;
    let got = stream.clone_dtoh(&c)?;
    let report = match check_scope {
        Some(scope) => Some(check(inp, &got, scope)?),
        None => None,
    };
    let times_ms = if iters == 0 {
        Vec::new()
    } else {
        // Timed runs start from the same C (they overwrite it; with beta != 0 they read it).
        gpu.time_ms(2, iters, || {
            sgemm(
                gpu, kernel, inp.layout, inp.shape, inp.alpha, &a, &b, inp.beta, &mut c,
            )
        })?
    };
    Ok(GemmRun {
        check: report,
        times_ms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_and_print() {
        assert_eq!("sgemm_2".parse::<Kernel>(), Ok(Kernel::Sgemm2));
        assert_eq!("tn".parse::<GemmLayout>(), Ok(GemmLayout::Tn));
        assert!("sgemm_3".parse::<Kernel>().is_err());
        assert_eq!(Kernel::Sgemm1.to_string(), "sgemm_1");
        let s = GemmShape { m: 7, n: 8, k: 9 };
        assert_eq!(s.to_string(), "(7,8,9)");
        assert_eq!(
            entry(Kernel::Sgemm2, GemmLayout::Nt, s).0,
            "sgemm_2_nt_scalar"
        );
        let s = GemmShape { m: 8, n: 8, k: 9 };
        assert_eq!(entry(Kernel::Sgemm2, GemmLayout::Nt, s).0, "sgemm_2_nt");
        assert_eq!(
            entry(Kernel::Sgemm2, GemmLayout::Tn, s),
            ("sgemm_2_tn_scalar", 8416)
        );
        let s = GemmShape { m: 7, n: 9, k: 12 };
        assert_eq!(
            entry(Kernel::Sgemm2, GemmLayout::Tn, s),
            ("sgemm_2_tn", 8416)
        );
    }

    /// The reference against a direct sum, in both layouts, and a mismatch found.
    #[test]
    fn check_accepts_the_product_and_rejects_a_wrong_element() {
        let mut rng = Rng::new(7);
        for layout in [GemmLayout::Nt, GemmLayout::Tn] {
            let shape = GemmShape { m: 5, n: 3, k: 7 };
            let inp = GemmInputs::random(&mut rng, shape, layout, 1.5, 0.0);
            let mut c = vec![0f32; 15];
            for i in 0..5 {
                for j in 0..3 {
                    let mut s = 0f32;
                    for kk in 0..7 {
                        let (a, b) = match layout {
                            GemmLayout::Nt => (inp.a[i + kk * 5], inp.b[j + kk * 3]),
                            GemmLayout::Tn => (inp.a[i * 7 + kk], inp.b[j * 7 + kk]),
                        };
                        s += a * b;
                    }
                    c[i + j * 5] = 1.5 * s;
                }
            }
            let r = check(&inp, &c, CheckScope::All).unwrap();
            assert_eq!(r.checked, 15);
            assert!(r.max_rel_err < 1e-6);
            c[7] += 0.01;
            match check(&inp, &c, CheckScope::All) {
                Err(Error::Mismatch { index, .. }) => assert_eq!(index, 7),
                other => panic!("{other:?}"),
            }
            c[7] = f32::NAN;
            assert!(check(&inp, &c, CheckScope::RowsCols(&[2], &[])).is_err());
            assert!(check(&inp, &c, CheckScope::RowsCols(&[0], &[0])).is_ok());
        }
    }
}
