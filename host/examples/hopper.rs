//! Checks and times the Hopper GEMM (`host/src/hopper.rs`) against a float64 CPU reference and
//! cuBLAS (`cublasGemmEx`, TN, f32 compute) in one process.
//!
//! `hopper check M N K ...` (`checkbeta`: beta -0.5 with random C): every element of every
//! layout and type pair (bf16/f16 in, the input's type or f32 out) vs float64 within
//! `gemm::error_bound`, output poisoned first; A and B drawn once per input type, so the
//! reference is computed once for the eight layout and output pairs. `hopper bench M N K ...`:
//! TFLOP/s (median of 30 CUDA-event timings after 5 warm-ups) of ours and cuBLAS for bf16 and
//! f16 TN, outputs checked first (vs cuBLAS); `benchlayouts`: the same for all four layouts,
//! with the time of the padded copies alone where M or N needs them.

use std::ffi::c_void;
use std::time::Instant;

use cudarc::cublas::sys as cb;
use cudarc::cublas::CudaBlas;
use cudarc::driver::{CudaSlice, DevicePtr, DevicePtrMut};
use cute_core::numeric::numeric_types::{BFloat16, Half};
use cute_host::gemm::{error_bound, GemmLayout, GemmShape, GemmTypes, Rng};
use cute_host::gpu::median;
use cute_host::hopper::{flagship, InType, OutType, Plan};
use cute_host::{Error, Gpu};

fn to16(t: InType, x: f32) -> u16 {
    match t {
        InType::Bf16 => BFloat16::from_f32(x).to_bits(),
        InType::F16 => Half::from_f32(x).to_bits(),
        InType::E4m3 | InType::E5m2 => unreachable!("this example runs the 16-bit members"),
    }
}
fn from16(t: InType, b: u16) -> f64 {
    match t {
        InType::Bf16 => BFloat16::from_bits(b).to_f32() as f64,
        InType::F16 => Half::from_bits(b).to_f32() as f64,
        InType::E4m3 | InType::E5m2 => unreachable!("this example runs the 16-bit members"),
    }
}

/// The storage of a k-major `rows x k` matrix `v` in `layout`'s order for operand A (`a`) or B.
fn store(v: &[u16], rows: usize, k: usize, kmajor: bool) -> Vec<u16> {
    if kmajor {
        return v.to_vec();
    }
    let mut s = vec![0u16; v.len()];
    for r in 0..rows {
        for kk in 0..k {
            s[r + kk * rows] = v[r * k + kk];
        }
    }
    s
}

fn majors(l: GemmLayout) -> (bool, bool) {
    match l {
        GemmLayout::Tn => (true, true),
        GemmLayout::Nt => (false, false),
        GemmLayout::Nn => (false, true),
        GemmLayout::Tt => (true, false),
    }
}

/// The float64 reference of `C(m,n) = sum_k A[m*K+k] B[n*K+k]` with, per element, `sum_k |p|`
/// and `sqrt(sum_k p^2)` of the products `p` (what `gemm::error_bound` needs), m-major, on all
/// cores; four columns at a time so each row of A is read once per four columns.
struct Reference {
    dot: Vec<f64>,
    mag: Vec<f64>,
    rss: Vec<f64>,
}

fn reference(a: &[f64], b: &[f64], s: GemmShape) -> Reference {
    let len = s.m * s.n;
    let (mut dot, mut mag, mut rss) = (vec![0.0; len], vec![0.0; len], vec![0.0; len]);
    let threads = std::thread::available_parallelism().map_or(4, |n| n.get());
    let cols_per = s.n.div_ceil(threads).div_ceil(4) * 4;
    std::thread::scope(|sc| {
        for (ci, ((d, g), q)) in dot
            .chunks_mut(cols_per * s.m)
            .zip(mag.chunks_mut(cols_per * s.m))
            .zip(rss.chunks_mut(cols_per * s.m))
            .enumerate()
        {
            sc.spawn(move || {
                let cols = d.len() / s.m;
                for j0 in (0..cols).step_by(4) {
                    let w = (cols - j0).min(4);
                    let n0 = ci * cols_per + j0;
                    let brow =
                        |u: usize| &b[(n0 + u.min(w - 1)) * s.k..(n0 + u.min(w - 1) + 1) * s.k];
                    let bs = [brow(0), brow(1), brow(2), brow(3)];
                    for m in 0..s.m {
                        let arow = &a[m * s.k..(m + 1) * s.k];
                        let (mut acc, mut mg, mut sq) = ([0.0f64; 4], [0.0f64; 4], [0.0f64; 4]);
                        for (k, &x) in arow.iter().enumerate() {
                            for u in 0..4 {
                                let p = x * bs[u][k];
                                acc[u] += p;
                                mg[u] += p.abs();
                                sq[u] += p * p;
                            }
                        }
                        for u in 0..w {
                            let i = (j0 + u) * s.m + m;
                            d[i] = acc[u];
                            g[i] = mg[u];
                            q[i] = sq[u].sqrt();
                        }
                    }
                }
            });
        }
    });
    Reference { dot, mag, rss }
}

fn out_f64(t: InType, o: OutType, bits: &[u8], i: usize) -> f64 {
    match o {
        OutType::F32 => f32::from_le_bytes(bits[4 * i..4 * i + 4].try_into().unwrap()) as f64,
        OutType::Same | OutType::Bf16 | OutType::F16 => from16(
            t,
            u16::from_le_bytes(bits[2 * i..2 * i + 2].try_into().unwrap()),
        ),
    }
}

fn gemm_types(t: InType, o: OutType) -> GemmTypes {
    match (t, o) {
        (InType::Bf16, OutType::Same) => GemmTypes::BF16_F32_BF16,
        (InType::F16, OutType::Same) => GemmTypes::F16_F32_F16,
        (InType::Bf16, OutType::F32) => GemmTypes::BF16_F32_F32,
        (InType::F16, OutType::F32) => GemmTypes::F16_F32_F32,
        _ => unreachable!("this example runs the 16-bit members with Same or F32 outputs"),
    }
}

/// Every layout and output type for both input types at `s`: A and B drawn once per input
/// type (the reference computed once), stored in each layout's order, C poisoned (NaN) or,
/// with beta != 0, random; every element compared with `gemm::error_bound`.
fn check(gpu: &Gpu, s: GemmShape, beta: f32) -> Result<bool, Error> {
    let mut rng = Rng::fresh();
    println!("check {s}: inputs seed {:#x}", rng.state());
    let mut all_ok = true;
    for t in [InType::Bf16, InType::F16] {
        let ha: Vec<u16> = (0..s.m * s.k).map(|_| to16(t, rng.uniform())).collect();
        let hb: Vec<u16> = (0..s.n * s.k).map(|_| to16(t, rng.uniform())).collect();
        let fa: Vec<f64> = ha.iter().map(|&x| from16(t, x)).collect();
        let fb: Vec<f64> = hb.iter().map(|&x| from16(t, x)).collect();
        let t0 = Instant::now();
        let r = reference(&fa, &fb, s);
        let ref_s = t0.elapsed().as_secs_f64();
        for l in [
            GemmLayout::Tn,
            GemmLayout::Nt,
            GemmLayout::Nn,
            GemmLayout::Tt,
        ] {
            let (ak, bk) = majors(l);
            let a = gpu.stream().clone_htod(&store(&ha, s.m, s.k, ak))?;
            let b = gpu.stream().clone_htod(&store(&hb, s.n, s.k, bk))?;
            for o in [OutType::Same, OutType::F32] {
                all_ok &= check_one(gpu, &mut rng, s, beta, l, t, o, (&a, &b), &r, ref_s)?;
            }
        }
    }
    Ok(all_ok)
}

#[allow(clippy::too_many_arguments)]
fn check_one(
    gpu: &Gpu,
    rng: &mut Rng,
    s: GemmShape,
    beta: f32,
    l: GemmLayout,
    t: InType,
    o: OutType,
    (a, b): (&CudaSlice<u16>, &CudaSlice<u16>),
    r: &Reference,
    ref_s: f64,
) -> Result<bool, Error> {
    let alpha = 1.25f32;
    let plan = Plan::new(gpu, flagship(), l, t, o, s, a, b)?;
    // C before: random when beta != 0, else poison (NaN)
    let n = s.m * s.n;
    let (c_old, got): (Vec<f64>, Vec<u8>) = match o {
        OutType::Same | OutType::Bf16 | OutType::F16 => {
            let init: Vec<u16> = (0..n)
                .map(|_| {
                    if beta != 0.0 {
                        to16(t, rng.uniform())
                    } else {
                        0x7fff
                    }
                })
                .collect();
            let mut c = gpu.stream().clone_htod(&init)?;
            plan.launch(gpu, alpha, beta, &mut c)?;
            let h = gpu.stream().clone_dtoh(&c)?;
            (
                init.iter().map(|&x| from16(t, x)).collect(),
                h.iter().flat_map(|x| x.to_le_bytes()).collect(),
            )
        }
        OutType::F32 => {
            let init: Vec<f32> = (0..n)
                .map(|_| if beta != 0.0 { rng.uniform() } else { f32::NAN })
                .collect();
            let mut c = gpu.stream().clone_htod(&init)?;
            plan.launch(gpu, alpha, beta, &mut c)?;
            let h = gpu.stream().clone_dtoh(&c)?;
            (
                init.iter().map(|&x| x as f64).collect(),
                h.iter().flat_map(|x| x.to_le_bytes()).collect(),
            )
        }
    };
    let bound = error_bound(gemm_types(t, o), s.k);
    let (alpha, beta) = (alpha as f64, beta as f64);
    // (outside the bound, first outside, max |err|/bound, max |err|/sum|ab|, sum err^2, sum ref^2)
    type Part = (usize, Option<(usize, f64, f64)>, f64, f64, f64, f64);
    let threads = std::thread::available_parallelism().map_or(4, |n| n.get());
    let chunk = n.div_ceil(threads).max(1);
    let parts: Vec<Part> = std::thread::scope(|sc| {
        let hs: Vec<_> = (0..n)
            .step_by(chunk)
            .map(|i0| {
                let (c_old, got) = (&c_old, &got);
                sc.spawn(move || {
                    let mut p: Part = (0, None, 0.0, 0.0, 0.0, 0.0);
                    #[allow(clippy::needless_range_loop)] // i indexes five arrays
                    for i in i0..(i0 + chunk).min(n) {
                        let c0 = if beta != 0.0 { beta * c_old[i] } else { 0.0 };
                        let want = alpha * r.dot[i] + c0;
                        let g = out_f64(t, o, got, i);
                        let tol = bound.tolerance(
                            (alpha * r.dot[i]).abs(),
                            c0.abs(),
                            alpha.abs() * r.mag[i],
                            alpha.abs() * r.rss[i],
                        );
                        let e = (g - want).abs();
                        p.4 += e * e;
                        p.5 += want * want;
                        // a NaN (unwritten poison) fails too
                        if e.is_nan() || e > tol {
                            p.0 += 1;
                            p.1.get_or_insert((i, g, want));
                        }
                        if tol > 0.0 {
                            p.2 = p.2.max(e / tol);
                        }
                        p.3 = p.3.max(e / (alpha.abs() * r.mag[i] + c0.abs() + 1e-300));
                    }
                    p
                })
            })
            .collect();
        hs.into_iter()
            .map(|h| h.join().expect("check thread"))
            .collect()
    });
    let (mut bad, mut first, mut ratio, mut max_rel, mut nd, mut nr) =
        (0, None, 0f64, 0f64, 0.0, 0.0);
    for p in parts {
        bad += p.0;
        first = first.or(p.1);
        ratio = ratio.max(p.2);
        max_rel = max_rel.max(p.3);
        nd += p.4;
        nr += p.5;
    }
    let ok = bad == 0;
    println!(
        "check {l} {}{} {s} beta={beta}: {} ({bad} of {n} outside the bound{}), max |err|/bound = {ratio:.3}, |D-R|/|R| = {:.2e}, max |err|/sum|ab| = {max_rel:.2e}, reference {ref_s:.1} s",
        gemm_types(t, o),
        if plan.pads() { " (padded copy)" } else { "" },
        if ok { "OK" } else { "FAIL" },
        first.map_or(String::new(), |(i, g, w)| format!("; first at m={} n={}: got {g} want {w}", i % s.m, i / s.m)),
        (nd / nr).sqrt(),
    );
    Ok(ok)
}

#[allow(clippy::too_many_arguments)]
fn gemm_ex(
    blas: &CudaBlas,
    gpu: &Gpu,
    l: GemmLayout,
    t: InType,
    s: GemmShape,
    a: &CudaSlice<u16>,
    b: &CudaSlice<u16>,
    c: &mut CudaSlice<u16>,
) -> Result<(), Error> {
    let dt = match t {
        InType::Bf16 => cb::cudaDataType::CUDA_R_16BF,
        InType::F16 => cb::cudaDataType::CUDA_R_16F,
        InType::E4m3 | InType::E5m2 => unreachable!("this example runs the 16-bit members"),
    };
    let (alpha, beta) = (1.0f32, 0.0f32);
    let st = gpu.stream();
    let (pa, _x) = a.device_ptr(st);
    let (pb, _y) = b.device_ptr(st);
    let (pc, _z) = c.device_ptr_mut(st);
    let (ak, bk) = majors(l);
    let (ta, lda) = if ak {
        (cb::cublasOperation_t::CUBLAS_OP_T, s.k)
    } else {
        (cb::cublasOperation_t::CUBLAS_OP_N, s.m)
    };
    let (tb, ldb) = if bk {
        (cb::cublasOperation_t::CUBLAS_OP_N, s.k)
    } else {
        (cb::cublasOperation_t::CUBLAS_OP_T, s.n)
    };
    // SAFETY: column-major: k-major A is K x M (lda K, op T), m-major A is M x K (lda M);
    // k-major B is K x N (ldb K), n-major B is N x K (ldb N, op T); C is M x N (ldc M).
    let r = unsafe {
        cb::cublasGemmEx(
            *blas.handle(),
            ta,
            tb,
            s.m as i32,
            s.n as i32,
            s.k as i32,
            &alpha as *const f32 as *const c_void,
            pa as *const c_void,
            dt,
            lda as i32,
            pb as *const c_void,
            dt,
            ldb as i32,
            &beta as *const f32 as *const c_void,
            pc as *mut c_void,
            dt,
            s.m as i32,
            cb::cublasComputeType_t::CUBLAS_COMPUTE_32F,
            cb::cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
        )
    };
    if r != cb::cublasStatus_t::CUBLAS_STATUS_SUCCESS {
        return Err(Error::Bench(format!("cublasGemmEx: {r:?}")));
    }
    Ok(())
}

fn bench(gpu: &Gpu, blas: &CudaBlas, s: GemmShape, l: GemmLayout) -> Result<(), Error> {
    let mut rng = Rng::fresh();
    for t in [InType::Bf16, InType::F16] {
        let ha: Vec<u16> = (0..s.m * s.k).map(|_| to16(t, rng.uniform())).collect();
        let hb: Vec<u16> = (0..s.n * s.k).map(|_| to16(t, rng.uniform())).collect();
        let a = gpu.stream().clone_htod(&ha)?;
        let b = gpu.stream().clone_htod(&hb)?;
        let mut c = gpu.stream().clone_htod(&vec![0x7fffu16; s.m * s.n])?;
        let mut cr = gpu.stream().clone_htod(&vec![0x7fffu16; s.m * s.n])?;
        let plan = Plan::new(gpu, flagship(), l, t, OutType::Same, s, &a, &b)?;
        plan.launch(gpu, 1.0, 0.0, &mut c)?;
        gemm_ex(blas, gpu, l, t, s, &a, &b, &mut cr)?;
        let (hc, hr) = (gpu.stream().clone_dtoh(&c)?, gpu.stream().clone_dtoh(&cr)?);
        let (mut nd, mut nr, mut nan) = (0.0f64, 0.0f64, 0usize);
        for (x, y) in hc.iter().zip(&hr) {
            let (x, y) = (from16(t, *x), from16(t, *y));
            if !x.is_finite() {
                nan += 1;
            }
            nd += (x - y) * (x - y);
            nr += y * y;
        }
        let ours = median(&gpu.time_ms(5, 30, || plan.launch(gpu, 1.0, 0.0, &mut c))?);
        let theirs = median(&gpu.time_ms(5, 30, || gemm_ex(blas, gpu, l, t, s, &a, &b, &mut cr))?);
        let tf = |ms: f32| s.flops() / (ms as f64 * 1e-3) / 1e12;
        // the padded copies alone (part of `ours`), where the layout and shape need them
        let mut copies = Vec::new();
        if plan.pads() {
            let ms = median(&gpu.time_ms(5, 30, || plan.launch_pads(gpu))?);
            copies.push(format!("operand pads {ms:.3} ms"));
        }
        if plan.pads_c() {
            let ms = median(&gpu.time_ms(5, 30, || plan.launch_unpad(gpu, &mut c))?);
            copies.push(format!("C copy-out {ms:.3} ms"));
        }
        let pad = if copies.is_empty() {
            String::new()
        } else {
            format!(" (of which {})", copies.join(", "))
        };
        println!(
            "bench {:?} {l} {}: ours {:.3} ms{pad} {:.1} TFLOP/s | cublasGemmEx {:.3} ms {:.1} TFLOP/s | ratio {:.3} | vs cuBLAS |D-R|/|R| {:.1e}, non-finite {}",
            t, s, ours, tf(ours), theirs, tf(theirs), tf(ours) / tf(theirs), (nd / nr).sqrt(), nan
        );
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let gpu = match Gpu::new() {
        Ok(g) => g,
        Err(e) => {
            eprintln!("hopper: {e}");
            std::process::exit(2);
        }
    };
    println!("device: {}", gpu.name());
    let mode = args.first().cloned().unwrap_or_default();
    let nums: Vec<usize> = args.iter().skip(1).filter_map(|x| x.parse().ok()).collect();
    let mut ok = true;
    let blas = CudaBlas::new(gpu.stream().clone()).expect("cuBLAS");
    for c in nums.chunks(3).filter(|c| c.len() == 3) {
        let s = GemmShape {
            m: c[0],
            n: c[1],
            k: c[2],
        };
        let r = match mode.as_str() {
            "check" => check(&gpu, s, 0.0).map(|x| ok &= x),
            "checkbeta" => check(&gpu, s, -0.5).map(|x| ok &= x),
            "bench" => bench(&gpu, &blas, s, GemmLayout::Tn),
            "benchlayouts" => [
                GemmLayout::Tn,
                GemmLayout::Nt,
                GemmLayout::Nn,
                GemmLayout::Tt,
            ]
            .iter()
            .try_for_each(|&l| bench(&gpu, &blas, s, l)),
            _ => Err(Error::Bench(format!(
                "unknown mode '{mode}' (check, checkbeta, bench)"
            ))),
        };
        if let Err(e) = r {
            println!("{mode} {s}: error: {e}");
            ok = false;
        }
    }
    std::process::exit(if ok { 0 } else { 1 });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The blocked reference against the plain triple loop, column counts not multiples of 4.
    #[test]
    fn reference_is_the_plain_sum() {
        let s = GemmShape { m: 13, n: 9, k: 21 };
        let mut rng = Rng::new(7);
        let a: Vec<f64> = (0..s.m * s.k).map(|_| rng.uniform() as f64).collect();
        let b: Vec<f64> = (0..s.n * s.k).map(|_| rng.uniform() as f64).collect();
        let r = reference(&a, &b, s);
        for n in 0..s.n {
            for m in 0..s.m {
                let p: Vec<f64> = (0..s.k).map(|k| a[m * s.k + k] * b[n * s.k + k]).collect();
                let i = m + n * s.m;
                assert!((r.dot[i] - p.iter().sum::<f64>()).abs() < 1e-12);
                assert!((r.mag[i] - p.iter().map(|x| x.abs()).sum::<f64>()).abs() < 1e-12);
                assert!((r.rss[i] - p.iter().map(|x| x * x).sum::<f64>().sqrt()).abs() < 1e-12);
            }
        }
    }
}
