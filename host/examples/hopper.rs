//! Checks and times the Hopper GEMM (`host/src/hopper.rs`) against a float64 CPU reference and
//! cuBLAS (`cublasGemmEx`, TN, f32 compute) in one process.
//!
//! `hopper check M N K ...` (`checkbeta`: beta -0.5 with random C): every element of every
//! layout and dtype pair vs float64, output poisoned first. `benchlayouts`: NT, NN, TT. `hopper bench M N K ...`: TFLOP/s (median of 30 CUDA-event timings after
//! 5 warm-ups) of ours and cuBLAS for bf16 and f16, outputs checked first (vs cuBLAS).

use std::ffi::c_void;
use std::time::Instant;

use cudarc::cublas::sys as cb;
use cudarc::cublas::CudaBlas;
use cudarc::driver::{CudaSlice, DevicePtr, DevicePtrMut};
use cute_core::numeric::numeric_types::{BFloat16, Half};
use cute_host::gemm::{GemmLayout, GemmShape, Rng};
use cute_host::gpu::median;
use cute_host::hopper::{InType, OutType, Plan};
use cute_host::{Error, Gpu};

fn to16(t: InType, x: f32) -> u16 {
    match t {
        InType::Bf16 => BFloat16::from_f32(x).to_bits(),
        InType::F16 => Half::from_f32(x).to_bits(),
    }
}
fn from16(t: InType, b: u16) -> f64 {
    match t {
        InType::Bf16 => BFloat16::from_bits(b).to_f32() as f64,
        InType::F16 => Half::from_bits(b).to_f32() as f64,
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

/// C(m,n) = sum_k A[m*K+k] B[n*K+k] in float64 and sum_k |A||B|, m-major, on all cores.
fn reference(a: &[f64], b: &[f64], s: GemmShape) -> (Vec<f64>, Vec<f64>) {
    let mut c = vec![0.0; s.m * s.n];
    let mut mag = vec![0.0; s.m * s.n];
    let threads = std::thread::available_parallelism().map_or(4, |n| n.get());
    let cols_per = s.n.div_ceil(threads);
    std::thread::scope(|sc| {
        for (ci, (cc, mm)) in c
            .chunks_mut(cols_per * s.m)
            .zip(mag.chunks_mut(cols_per * s.m))
            .enumerate()
        {
            sc.spawn(move || {
                for (j, (ccol, mcol)) in cc.chunks_mut(s.m).zip(mm.chunks_mut(s.m)).enumerate() {
                    let n = ci * cols_per + j;
                    let brow = &b[n * s.k..(n + 1) * s.k];
                    for m in 0..s.m {
                        let arow = &a[m * s.k..(m + 1) * s.k];
                        let (mut acc, mut mg) = (0.0f64, 0.0f64);
                        for k in 0..s.k {
                            let p = arow[k] * brow[k];
                            acc += p;
                            mg += p.abs();
                        }
                        ccol[m] = acc;
                        mcol[m] = mg;
                    }
                }
            });
        }
    });
    (c, mag)
}

fn out_f64(t: InType, o: OutType, bits: &[u8], i: usize) -> f64 {
    match o {
        OutType::F32 => f32::from_le_bytes(bits[4 * i..4 * i + 4].try_into().unwrap()) as f64,
        OutType::Same => from16(
            t,
            u16::from_le_bytes(bits[2 * i..2 * i + 2].try_into().unwrap()),
        ),
    }
}

fn check(gpu: &Gpu, s: GemmShape, beta: f32) -> Result<bool, Error> {
    let mut all_ok = true;
    for l in [
        GemmLayout::Tn,
        GemmLayout::Nt,
        GemmLayout::Nn,
        GemmLayout::Tt,
    ] {
        if (!majors(l).0 && s.m % 8 != 0) || (!majors(l).1 && s.n % 8 != 0) {
            continue;
        }
        all_ok &= check_layout(gpu, s, beta, l)?;
    }
    Ok(all_ok)
}

fn check_layout(gpu: &Gpu, s: GemmShape, beta: f32, l: GemmLayout) -> Result<bool, Error> {
    let mut rng = Rng::fresh();
    let mut all_ok = true;
    let (ak, bk) = majors(l);
    for t in [InType::Bf16, InType::F16] {
        let ha: Vec<u16> = (0..s.m * s.k)
            .map(|_| to16(t, 2.0 * rng.uniform() - 1.0))
            .collect();
        let hb: Vec<u16> = (0..s.n * s.k)
            .map(|_| to16(t, 2.0 * rng.uniform() - 1.0))
            .collect();
        let fa: Vec<f64> = ha.iter().map(|&x| from16(t, x)).collect();
        let fb: Vec<f64> = hb.iter().map(|&x| from16(t, x)).collect();
        let t0 = Instant::now();
        let (r, mag) = reference(&fa, &fb, s);
        let ref_s = t0.elapsed().as_secs_f64();
        let a = gpu.stream().clone_htod(&store(&ha, s.m, s.k, ak))?;
        let b = gpu.stream().clone_htod(&store(&hb, s.n, s.k, bk))?;
        let alpha = 1.25f32;
        let outs: &[OutType] = if l == GemmLayout::Tn {
            &[OutType::Same, OutType::F32]
        } else {
            &[OutType::Same]
        };
        for &o in outs {
            let plan = Plan::new(gpu, l, t, o, s, &a, &b)?;
            // C before: random when beta != 0, else poison (NaN)
            let n = s.m * s.n;
            let (c_old, got): (Vec<f64>, Vec<u8>) = match o {
                OutType::Same => {
                    let init: Vec<u16> = (0..n)
                        .map(|_| {
                            if beta != 0.0 {
                                to16(t, 2.0 * rng.uniform() - 1.0)
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
                        .map(|_| {
                            if beta != 0.0 {
                                2.0 * rng.uniform() - 1.0
                            } else {
                                f32::NAN
                            }
                        })
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
            let out_eps = match (o, t) {
                (OutType::F32, _) => 0.0,
                (OutType::Same, InType::Bf16) => 2f64.powi(-8),
                (OutType::Same, InType::F16) => 2f64.powi(-10),
            };
            let (mut bad, mut first, mut max_rel, mut nrm_d, mut nrm_r) =
                (0usize, None, 0.0f64, 0.0f64, 0.0f64);
            for i in 0..n {
                let want = alpha as f64 * r[i]
                    + if beta != 0.0 {
                        beta as f64 * c_old[i]
                    } else {
                        0.0
                    };
                let g = out_f64(t, o, &got, i);
                let tol = out_eps * want.abs()
                    + (s.k as f64) * 2f64.powi(-23) * (alpha as f64 * mag[i] + 1.0)
                    + 1e-6;
                let e = (g - want).abs();
                nrm_d += e * e;
                nrm_r += want * want;
                if e.is_nan() || e > tol {
                    bad += 1;
                    first.get_or_insert((i, g, want));
                }
                let rel = e / (alpha as f64 * mag[i] + 1e-30);
                if rel > max_rel {
                    max_rel = rel;
                }
            }
            let ok = bad == 0;
            all_ok &= ok;
            println!(
                "check {l} {:?}->{:?} {} beta={beta}: {} ({} of {n} outside the bound{}), |D-R|/|R| = {:.2e}, max |err|/sum|ab| = {:.2e}, reference {ref_s:.1} s",
                t, o, s, if ok { "OK" } else { "FAIL" }, bad,
                first.map_or(String::new(), |(i, g, w)| format!("; first at m={} n={}: got {g} want {w}", i % s.m, i / s.m)),
                (nrm_d / nrm_r).sqrt(), max_rel
            );
        }
    }
    Ok(all_ok)
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
        let ha: Vec<u16> = (0..s.m * s.k)
            .map(|_| to16(t, 2.0 * rng.uniform() - 1.0))
            .collect();
        let hb: Vec<u16> = (0..s.n * s.k)
            .map(|_| to16(t, 2.0 * rng.uniform() - 1.0))
            .collect();
        let a = gpu.stream().clone_htod(&ha)?;
        let b = gpu.stream().clone_htod(&hb)?;
        let mut c = gpu.stream().clone_htod(&vec![0x7fffu16; s.m * s.n])?;
        let mut cr = gpu.stream().clone_htod(&vec![0x7fffu16; s.m * s.n])?;
        let plan = Plan::new(gpu, l, t, OutType::Same, s, &a, &b)?;
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
        println!(
            "bench {:?} {l} {}: ours {:.3} ms {:.1} TFLOP/s | cublasGemmEx {:.3} ms {:.1} TFLOP/s | ratio {:.3} | vs cuBLAS |D-R|/|R| {:.1e}, non-finite {}",
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
            "benchlayouts" => [GemmLayout::Nt, GemmLayout::Nn, GemmLayout::Tt]
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
