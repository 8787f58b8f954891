//! `cute bench`: the GEMM benchmark table for one input type (`--dtype`). Our registered
//! kernels for that type, the C++ CuTe tutorials (through the harness
//! `benches/cpp/tutorial_bench.cu`, run as a child process), cuBLAS (`cublasSgemm` for f32,
//! `cublasGemmEx` for f16/bf16) and cuBLASLt (`cublasLtMatmul` with the heuristic's best
//! algorithm), on the same shapes in one run.
//!
//! Method (DESIGN.md, Benchmarks): fresh random inputs in [-1, 1) per shape, rounded to the
//! input type. The reference is cuBLAS SGEMM in `CUBLAS_PEDANTIC_MATH` mode (FP32 arithmetic,
//! no TF32) on the inputs' exact f32 values, and the scale `(|A||B|)_ij` is the same SGEMM on
//! their absolute values and on their squares gives the bound's scales `sum_k |p_k|` and
//! `||p||_2`. Every implementation's output (cuBLAS's and cuBLASLt's included) is poisoned
//! with NaN, computed once and checked element by element against the reference: the error
//! bound of [`gemm::error_bound`] for the implementation's types plus the reference's own (for
//! cuBLAS and cuBLASLt also [`ErrorBound::with_output_partials`]: they round split-K partial
//! sums to the output type at some shapes); the `max_err_ratio` column is the largest
//! `|c - ref|` over that tolerance (at most 1 passes).
//! Timing ([`time_launches`], the same for every entry of ours, cuBLAS's and cuBLASLt's): the
//! median of `iters` (at least 20) samples, each a batch of back-to-back launches between one
//! pair of CUDA events (enough launches for about [`SAMPLE_MS`], at least [`MIN_BATCH`]), divided
//! by the batch's launches, after warm-up launches. A problem's entries are timed in
//! [`ROUNDS`] interleaved rounds (each round times every entry in turn, `iters / ROUNDS`
//! samples each), so that a drift of the GPU's clocks or temperature during the problem's
//! run (a large product on an H200 runs at its power limit) reaches every entry alike. Consecutive launches read different copies
//! of A and B (see [`rotation_copies`]), so a small problem's operands come from memory, not
//! from the L2 cache the previous launch left them in, as they would between the layers of a
//! model. The fraction of cuBLAS compares with cuBLAS for the same element types. The C++
//! harness times itself: CUDA events around each launch, one copy of A and B.
//!
//! For shapes with `M <= 128` the `mem_roofline` column is the memory roofline's fraction:
//! the bytes of A and B (read) and C (written) over the time, divided by the device-to-device
//! copy bandwidth of [`copy_bandwidth`] (bytes read plus written) measured in the same run.
//! The table ends with one line per kernel of ours from [`summarize`]: the geometric mean and
//! the worst of its TFLOP/s over the best cuBLAS or cuBLASLt entry of the same problem.
//!
//! Types: for f32, `f32/f32/f32`; for f16, `f16/f16/f16` (the C++ tutorials' half path, cuBLAS
//! with `CUBLAS_COMPUTE_16F`) and `f16/f32/f16` (`CUBLAS_COMPUTE_32F`); for bf16,
//! `bf16/f32/bf16`; and any other types (in/acc/out) a selected kernel of ours computes with.
//!
//! A peer that fails does not stop the run: the C++ harness runs as one child process per
//! shape and variant (the tutorials assume tile-divisible shapes and crash on others, which
//! poisons the CUDA context of the process that launched them), and a variant that crashes,
//! errors or hangs becomes a row marked `fails (reason)`; so does one of our kernels or a
//! cuBLAS call that returns an error. A problem one of our kernels states it cannot do (its
//! registry entry's `check_problem`, what `cute gemm` would refuse) is left out of the table.

use std::ffi::c_void;
use std::fmt::Write as _;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use cudarc::cublas::sys::{
    cublasComputeType_t, cublasGemmAlgo_t, cublasMath_t, cublasOperation_t, cudaDataType_t,
};
use cudarc::cublas::{CudaBlas, Gemm, GemmConfig};
use cudarc::cublaslt::{result as lt, sys as ltsys};
use cudarc::driver::{CudaSlice, CudaStream, DevicePtr};

use crate::blas_reference::{
    chunk_cols, chunks, judge, reference_bound, uses_blas_reference, BlasReference, RowNorms,
};
use crate::epilogue::{
    fused_bound, pre_activation_bound, ActivationKind, ActivationReference, BiasAxis, Epilogue,
    EpilogueOp,
};
use crate::error::Error;
use crate::gemm::{
    self, error_bound, DeviceMatrix, Dtype, ErrorBound, GemmLayout, GemmProblem, GemmShape,
    GemmTypes, Kernel, Rng,
};
use crate::gpu::{median, Gpu};

/// The layouts timed unless `--layouts` says otherwise.
pub const DEFAULT_LAYOUTS: [GemmLayout; 2] = [GemmLayout::Nt, GemmLayout::Tn];

/// The fewest timed launches the benchmark accepts.
pub const MIN_ITERS: usize = 20;

/// Parses a problem size `M,N,K` (or a single `N` for a cube); every extent from 1 to
/// `2^31-1` (the kernels' and cuBLAS's 32-bit extents).
pub fn parse_shape(s: &str) -> Option<GemmShape> {
    let v: Vec<usize> = s
        .split(',')
        .map(|x| {
            x.trim()
                .parse()
                .ok()
                .filter(|&n| n > 0 && n <= i32::MAX as usize)
        })
        .collect::<Option<_>>()?;
    match v[..] {
        [n] => Some(GemmShape { m: n, n, k: n }),
        [m, n, k] => Some(GemmShape { m, n, k }),
        _ => None,
    }
}

/// Parses a list of shapes, one per line in [`parse_shape`]'s form (`benches/shapes/llm.txt`);
/// blank lines and lines starting with `#` are skipped. A bad line is an error naming `name`
/// (the file) and the line, e.g. `llm.txt line 3: '16,6144' is not a shape M,N,K (or N) of
/// positive sizes`; so is a list without shapes.
pub fn parse_shape_list(name: &str, text: &str) -> Result<Vec<GemmShape>, String> {
    let mut shapes = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        shapes.push(parse_shape(line).ok_or_else(|| {
            format!(
                "{name} line {}: '{line}' is not a shape M,N,K (or N) of sizes from 1 to 2^31-1",
                i + 1
            )
        })?);
    }
    if shapes.is_empty() {
        return Err(format!("{name} has no shapes"));
    }
    Ok(shapes)
}

/// One measured line of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// `ours`, `cpp` (the C++ CuTe tutorial), `cublas` or `cublaslt`.
    pub implementation: String,
    /// Our kernel's or the tutorial's name; `sgemm` or `gemmex` (cuBLAS), `matmul` (cuBLASLt).
    pub kernel: String,
    /// The element types, `in/acc/out`.
    pub types: String,
    /// `nt`, `tn`, `nn` or `tt`.
    pub layout: String,
    /// The problem.
    pub shape: GemmShape,
    /// Median milliseconds of one launch.
    pub median_ms: f64,
    /// The largest `|c - ref|` over its tolerance (see the module docs).
    pub max_err_ratio: f64,
    /// Whether every element was within its tolerance.
    pub checked: bool,
    /// Why there is no result, when the implementation failed to produce one (it crashed,
    /// returned an error or timed out); `checked` is then false.
    pub failure: Option<String>,
    /// The fraction of the memory roofline ([`memory_roofline`]), for a checked result with
    /// `M <= 128` when the run measured the copy bandwidth.
    pub mem_roofline: Option<f64>,
    /// TFLOP/s over those of the best checked cuBLAS or cuBLASLt row of the same problem
    /// ([`best_cublas_tflops`]), for a checked result of ours or of the C++ tutorials.
    pub of_best_cublas: Option<f64>,
}

/// The CSV header of [`Row::csv`].
pub const CSV_HEADER: &str = "impl,kernel,types,layout,M,N,K,median_ms,tflops,max_err_ratio,\
                              checked,mem_roofline,of_best_cublas";

impl Row {
    /// TFLOP/s at the median time.
    pub fn tflops(&self) -> f64 {
        self.shape.flops() / (self.median_ms * 1e-3) * 1e-12
    }
    /// A row for an implementation that produced no result, saying why.
    pub fn failed(
        implementation: &str,
        kernel: &str,
        types: &str,
        layout: &str,
        shape: GemmShape,
        why: &str,
    ) -> Row {
        Row {
            implementation: implementation.into(),
            kernel: kernel.into(),
            types: types.into(),
            layout: layout.into(),
            shape,
            median_ms: f64::NAN,
            max_err_ratio: f64::NAN,
            checked: false,
            failure: Some(why.into()),
            mem_roofline: None,
            of_best_cublas: None,
        }
    }
    /// The raw CSV line ([`CSV_HEADER`]); `checked` is `ok`, `FAILED` (wrong results) or
    /// `fails: <reason>` (no result); the last two fields are empty where they do not apply.
    pub fn csv(&self) -> String {
        let opt = |x: Option<f64>| x.map_or(String::new(), |x| format!("{x:.3}"));
        format!(
            "{},{},{},{},{},{},{},{:.4},{:.3},{:.3e},{},{},{}",
            self.implementation,
            self.kernel,
            self.types,
            self.layout,
            self.shape.m,
            self.shape.n,
            self.shape.k,
            self.median_ms,
            self.tflops(),
            self.max_err_ratio,
            match &self.failure {
                // the reason is one CSV field: no commas or line breaks
                Some(why) => format!("fails: {}", why.replace([',', '\n', '\r'], ";")),
                None if self.checked => "ok".into(),
                None => "FAILED".into(),
            },
            opt(self.mem_roofline),
            opt(self.of_best_cublas),
        )
    }
    /// Parses a line of the C++ harness's output (the same CSV form without the last two
    /// fields) or of [`Row::csv`].
    pub fn parse_csv(line: &str) -> Option<Row> {
        let f: Vec<&str> = line.trim().split(',').collect();
        if f.len() != 11 && f.len() != 13 {
            return None;
        }
        let opt = |i: usize| f.get(i).and_then(|x| x.parse().ok());
        Some(Row {
            implementation: f[0].to_string(),
            kernel: f[1].to_string(),
            types: f[2].to_string(),
            layout: f[3].to_string(),
            shape: GemmShape {
                m: f[4].parse().ok()?,
                n: f[5].parse().ok()?,
                k: f[6].parse().ok()?,
            },
            median_ms: f[7].parse().ok()?,
            max_err_ratio: f[9].parse().ok()?,
            checked: f[10] == "ok" || f[10] == "reference",
            failure: f[10].strip_prefix("fails: ").map(str::to_string),
            mem_roofline: opt(11),
            of_best_cublas: opt(12),
        })
    }
}

/// What a benchmark run needs.
pub struct Options<'a> {
    /// Problem sizes.
    pub shapes: Vec<GemmShape>,
    /// Timed launches per measurement (at least [`MIN_ITERS`]).
    pub iters: usize,
    /// The input type.
    pub dtype: Dtype,
    /// The layouts.
    pub layouts: Vec<GemmLayout>,
    /// Our kernels to time (those with types of input `dtype`).
    pub kernels: Vec<Kernel>,
    /// The C++ tutorial harness binary, if any.
    pub cpp: Option<&'a Path>,
    /// The seed of the inputs (printed with the table so a run can be repeated).
    pub seed: u64,
    /// The device-to-device copy bandwidth in bytes per second ([`copy_bandwidth`], measured
    /// in the same process) that the memory roofline divides by; `None` leaves
    /// [`Row::mem_roofline`] empty.
    pub copy_bandwidth: Option<f64>,
    /// The splits of K to time each kernel of the Hopper family at, each a row of its own
    /// whose kernel is named `NAME/sS` (`NAME/auto` for `None`, the heuristic's split); empty:
    /// each kernel once, as it runs by itself.
    pub splits: Vec<Option<u32>>,
    /// The output type to measure (`None`: every one of [`bench_types`]).
    pub out: Option<Dtype>,
    /// A fused epilogue to time besides the plain GEMMs ([`EpilogueOp::NONE`]: none): for
    /// each TN problem with one 16-bit type in and out, our fusing kernels with it and
    /// cuBLASLt with its own epilogue where it has this one (bias per row of C, then ReLU or
    /// tanh GELU, the GELU's pre-activation as its aux output), their rows' types suffixed
    /// `+OP`.
    pub epilogue: EpilogueOp,
}

/// The rounds a problem's timing is split into: each round times every entry of the problem
/// in turn, `iters / ROUNDS` batches each (see the module docs).
pub const ROUNDS: usize = 5;

/// Warm-up launches before an entry is timed (at least; see [`time_launches`]).
pub const WARMUP: usize = 3;

/// The milliseconds a timed batch of launches aims at ([`time_launches`]).
pub const SAMPLE_MS: f32 = 2.0;

/// The fewest launches in a timed batch, so that even a long launch is timed back to back
/// with another rather than alone between its events.
pub const MIN_BATCH: usize = 2;

/// The most launches in a timed batch.
pub const MAX_BATCH: usize = 1000;

/// The most copies of A and B [`rotation_copies`] asks for (the Hopper kernel keeps a plan
/// per copy, `kernels/hopper_ws.rs`).
pub const MAX_COPIES: usize = 16;

/// How many copies of A and B the timing rotates through, each `per_copy` bytes (A and B
/// together), for a device with `l2` bytes of L2 cache and `budget` bytes to spend on them.
///
/// # Math
/// One copy when `per_copy >= l2`: one launch then reads more than the L2 holds, and the
/// next, reading from the start again, finds its operands evicted: no rotation is needed.
/// Else the fewest copies whose total is at least `2 l2` (twice, as margin for a replacement
/// policy that is not exactly least-recently-used and for data the L2 keeps twice, once per
/// partition), but no more than [`MAX_COPIES`] and no more than fit in `budget` (at least 1).
///
/// # Postconditions
/// 1. The result is in `1..=MAX_COPIES`, and `result * per_copy <= budget` or the result is 1.
/// 2. The total `result * per_copy` is at least `2 l2` unless 1. or `per_copy >= l2` limits
///    it: below `2 l2 / MAX_COPIES` bytes per copy the rotation stays within the L2, and
///    such a problem is timed partly warm.
pub fn rotation_copies(per_copy: usize, l2: usize, budget: usize) -> usize {
    if per_copy == 0 || per_copy >= l2 {
        return 1;
    }
    (2 * l2)
        .div_ceil(per_copy)
        .min(MAX_COPIES)
        .min(budget / per_copy)
        .max(1)
}

/// Times `launch` as the benchmark times every entry: `max(WARMUP, copies)` warm-up launches
/// (every copy once, so per-operand setup such as a kernel's cached tensor maps is done), one
/// batch of as many to estimate a launch's time, then `samples` batches of back-to-back
/// launches, each batch between one pair of CUDA events and holding enough launches for about
/// [`SAMPLE_MS`] (from [`MIN_BATCH`] to [`MAX_BATCH`]). `launch(i)` is given the copy to use,
/// `i` cycling through `0..copies` across all launches, so consecutive launches read different
/// operands. Returns the milliseconds per launch of each batch.
pub fn time_launches(
    gpu: &Gpu,
    copies: usize,
    samples: usize,
    mut launch: impl FnMut(usize) -> Result<(), Error>,
) -> Result<Vec<f32>, Error> {
    let copies = copies.max(1);
    let flags = Some(cudarc::driver::sys::CUevent_flags::CU_EVENT_DEFAULT);
    let (start, end) = (
        gpu.context().new_event(flags)?,
        gpu.context().new_event(flags)?,
    );
    let mut next = 0usize;
    // the milliseconds of `n` launches back to back
    let mut batch = |n: usize| -> Result<f32, Error> {
        start.record(gpu.stream())?;
        for _ in 0..n {
            launch(next % copies)?;
            next += 1;
        }
        end.record(gpu.stream())?;
        Ok(start.elapsed_ms(&end)?)
    };
    let warm = WARMUP.max(copies);
    batch(warm)?;
    let one = batch(warm)? / warm as f32;
    let n = if one > 0.0 {
        ((SAMPLE_MS / one).ceil() as usize).clamp(MIN_BATCH, MAX_BATCH)
    } else {
        MAX_BATCH
    };
    let mut times = Vec::with_capacity(samples);
    for _ in 0..samples {
        times.push(batch(n)? / n as f32);
    }
    Ok(times)
}

/// The bytes [`copy_bandwidth`] copies: 1 GiB, far more than any L2.
pub const COPY_BYTES: usize = 1 << 30;

/// The device-to-device copy bandwidth in bytes per second: a `cuMemcpyDtoDAsync` of
/// [`COPY_BYTES`] (or a quarter of the free memory, if less) timed as [`time_launches`] times
/// a kernel (median of [`MIN_ITERS`] batches), counting the bytes read and the bytes written.
pub fn copy_bandwidth(gpu: &Gpu) -> Result<f64, Error> {
    let stream = gpu.stream();
    let (free, _) = gpu.context().mem_get_info()?;
    let bytes = COPY_BYTES.min(free / 4);
    let src = stream.alloc_zeros::<u8>(bytes)?;
    let mut dst = stream.alloc_zeros::<u8>(bytes)?;
    let times = time_launches(gpu, 1, MIN_ITERS, |_| {
        Ok(stream.memcpy_dtod(&src, &mut dst)?)
    })?;
    Ok(2.0 * bytes as f64 / (median(&times) as f64 * 1e-3))
}

/// The fraction of the memory roofline of one GEMM (`beta = 0`) of `shape` and `types` taking
/// `ms` milliseconds, on a device copying `bandwidth` bytes per second (read plus written).
///
/// # Math
/// `(M K + N K) in_bytes + M N out_bytes` (A and B read, C written once) over `ms`, divided by
/// `bandwidth`: 1 is a GEMM that moves its operands as fast as a large copy moves bytes.
pub fn memory_roofline(shape: GemmShape, types: GemmTypes, ms: f64, bandwidth: f64) -> f64 {
    let (la, lb, lc) = shape.lens();
    let bytes = ((la + lb) * types.input.bytes() + lc * types.output.bytes()) as f64;
    bytes / (ms * 1e-3) / bandwidth
}

/// The largest TFLOP/s of the checked `cublas` and `cublaslt` rows of `rows` with the shape,
/// layout and types of `r`; `None` when there is none.
pub fn best_cublas_tflops(rows: &[Row], r: &Row) -> Option<f64> {
    rows.iter()
        .filter(|b| {
            (b.implementation == "cublas" || b.implementation == "cublaslt")
                && b.checked
                && b.shape == r.shape
                && b.layout == r.layout
                && b.types == r.types
        })
        .map(Row::tflops)
        .reduce(f64::max)
}

/// Sets the derived columns of every checked row: [`Row::mem_roofline`] for `M <= 128`
/// (given the copy bandwidth) and, for ours and the C++ tutorials, [`Row::of_best_cublas`].
pub fn annotate(rows: &mut [Row], copy_bandwidth: Option<f64>) {
    for i in 0..rows.len() {
        let r = &rows[i];
        if !r.checked {
            continue;
        }
        let mem = copy_bandwidth
            .filter(|_| r.shape.m <= 128)
            .zip(r.types.parse::<GemmTypes>().ok())
            .map(|(bw, t)| memory_roofline(r.shape, t, r.median_ms, bw));
        let of_best = (r.implementation == "ours" || r.implementation == "cpp")
            .then(|| best_cublas_tflops(rows, r))
            .flatten()
            .map(|best| r.tflops() / best);
        rows[i].mem_roofline = mem;
        rows[i].of_best_cublas = of_best;
    }
}

/// One kernel of ours over a run: its TFLOP/s over the best cuBLAS or cuBLASLt entry of each
/// problem ([`best_cublas_tflops`]).
#[derive(Clone, Debug, PartialEq)]
pub struct KernelSummary {
    /// The kernel's name.
    pub kernel: String,
    /// The problems (shape, layout, types) with a checked result of ours and of cuBLAS or
    /// cuBLASLt: what the ratios are over.
    pub entries: usize,
    /// The geometric mean of the ratios (NaN without entries).
    pub geomean: f64,
    /// The smallest ratio (NaN without entries).
    pub worst: f64,
    /// The row of the smallest ratio.
    pub worst_at: Option<Row>,
    /// The rows of the kernel without a correct result (failed check or no result); not in
    /// the ratios.
    pub failed: usize,
}

/// Per kernel of ours (in the order of their first rows), the geometric mean and the worst of
/// `tflops / best cuBLAS tflops` over the problems where both have a checked result, where
/// the worst one is, and how many rows of the kernel have no correct result.
pub fn summarize(rows: &[Row]) -> Vec<KernelSummary> {
    let mut out: Vec<KernelSummary> = Vec::new();
    for r in rows.iter().filter(|r| r.implementation == "ours") {
        let i = match out.iter().position(|s| s.kernel == r.kernel) {
            Some(i) => i,
            None => {
                out.push(KernelSummary {
                    kernel: r.kernel.clone(),
                    entries: 0,
                    // the sum of the ratios' logarithms until the end
                    geomean: 0.0,
                    worst: f64::INFINITY,
                    worst_at: None,
                    failed: 0,
                });
                out.len() - 1
            }
        };
        let s = &mut out[i];
        if !r.checked {
            s.failed += 1;
            continue;
        }
        let Some(best) = best_cublas_tflops(rows, r) else {
            continue;
        };
        let ratio = r.tflops() / best;
        s.entries += 1;
        s.geomean += ratio.ln();
        if ratio < s.worst {
            s.worst = ratio;
            s.worst_at = Some(r.clone());
        }
    }
    for s in &mut out {
        if s.entries == 0 {
            (s.geomean, s.worst) = (f64::NAN, f64::NAN);
        } else {
            s.geomean = (s.geomean / s.entries as f64).exp();
        }
    }
    out
}

/// The element types a run with input `dtype` measures: the peers' usual ones (see the module
/// docs), then those of `kernels` with that input.
pub fn bench_types(dtype: Dtype, kernels: &[Kernel]) -> Vec<GemmTypes> {
    let mut v = match dtype {
        Dtype::F32 => vec![GemmTypes::F32],
        Dtype::F16 => vec![GemmTypes::F16_F16_F16, GemmTypes::F16_F32_F16],
        Dtype::Bf16 => vec![GemmTypes::BF16_F32_BF16],
        Dtype::E4m3 => vec![GemmTypes::E4M3_F32_BF16],
        Dtype::E5m2 => vec![GemmTypes::E5M2_F32_BF16],
    };
    for k in kernels {
        for t in k.entry().types {
            if t.input == dtype && !v.contains(t) {
                v.push(*t);
            }
        }
    }
    v
}

/// The kernels of the registry with types of input `dtype`.
pub fn kernels_for(dtype: Dtype) -> Vec<Kernel> {
    Kernel::all()
        .filter(|k| k.default_types(dtype).is_some())
        .collect()
}

/// Runs the benchmark: for each shape, layout and element types, cuBLAS, cuBLASLt, then each
/// of our kernels that supports them and accepts the problem (`gemm::check_problem`); then the
/// C++ harness on the same shapes. Returns every row ([`annotate`]d); a failed check is a row
/// with `checked == false`, and an implementation that produced no result a row with its
/// `failure`, not an error. `Err` only when the reference (cuBLAS SGEMM) or the GPU itself
/// fails.
///
/// Each shape's A and B are copied [`rotation_copies`] times for the timing (from the device's
/// `CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE`, with a quarter of the free memory as the budget); the
/// check reads the first copy.
pub fn run(gpu: &Gpu, opts: &Options) -> Result<Vec<Row>, Error> {
    let stream = gpu.stream();
    // The reference (and the f32 peer): FP32 arithmetic, no TF32.
    let blas = CudaBlas::new(stream.clone())?;
    // SAFETY: the handle is valid for the life of `blas`.
    unsafe {
        cudarc::cublas::sys::cublasSetMathMode(*blas.handle(), cublasMath_t::CUBLAS_PEDANTIC_MATH)
            .result()?;
    }
    // The f16/bf16 peers: cuBLAS's default math (tensor cores).
    let blas_ex = CudaBlas::new(stream.clone())?;
    // NVIDIA's advice for the cuBLASLt workspace: 32 MiB on Hopper, 4 MiB before.
    let ws = if gpu.arch() == "sm_90a" {
        32 << 20
    } else {
        4 << 20
    };
    let blas_lt = Lt::new(stream.clone(), ws);
    let iters = opts.iters.max(MIN_ITERS);
    let l2 = gpu
        .context()
        .attribute(cudarc::driver::sys::CUdevice_attribute::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE)?
        .max(0) as usize;
    let mut types_list = bench_types(opts.dtype, &opts.kernels);
    types_list.retain(|t| opts.out.is_none_or(|o| t.output == o));
    let mut rows = Vec::new();
    let mut rng = Rng::new(opts.seed);
    for &shape in &opts.shapes {
        let GemmShape { m, n, k } = shape;
        if m.max(n).max(k) > i32::MAX as usize {
            return Err(Error::Shape {
                op: "bench",
                expected: "M, N and K of at most 2^31-1 each (cuBLAS's int)".into(),
                got: format!("(M,N,K) = {shape}"),
            });
        }
        // above the float64 reference's sizes, the f32 reference of `cute gemm --check`
        let large = uses_blas_reference(shape);
        // before the inputs are made
        let what = format!("cute bench {shape}");
        let (free, _) = gpu.context().mem_get_info()?;
        gemm::fits_in_memory(&what, device_bytes(shape, opts.dtype), free)?;
        if let Some(available) = gemm::host_memory_available() {
            gemm::fits_in_host_memory(&what, host_bytes(shape), available)?;
        }
        // the values of drawing them one by one, A's first
        let ha = rng.vec_rounded(m * k, opts.dtype);
        let hb = rng.vec_rounded(n * k, opts.dtype);
        // the SGEMM reference's operands: f32 A and B, their magnitudes and their squares
        let sgemm_operands = if large {
            None
        } else {
            let abs = |v: &[f32]| v.iter().map(|x| x.abs()).collect::<Vec<f32>>();
            let sq = |v: &[f32]| v.iter().map(|x| x * x).collect::<Vec<f32>>();
            Some([
                (stream.clone_htod(&ha)?, stream.clone_htod(&hb)?),
                (stream.clone_htod(&abs(&ha))?, stream.clone_htod(&abs(&hb))?),
                (stream.clone_htod(&sq(&ha))?, stream.clone_htod(&sq(&hb))?),
            ])
        };
        let a = DeviceMatrix::upload(stream, opts.dtype, &ha)?;
        let b = DeviceMatrix::upload(stream, opts.dtype, &hb)?;
        let per_copy = (m * k + n * k) * opts.dtype.bytes();
        let (free, _) = gpu.context().mem_get_info()?;
        let mut operands = vec![(a, b)];
        for _ in 1..rotation_copies(per_copy, l2, free / 4) {
            let (a, b) = &operands[0];
            let copy = (device_copy(stream, a)?, device_copy(stream, b)?);
            operands.push(copy);
        }
        for &layout in &opts.layouts {
            let cfg = gemm_config(layout, shape);
            // the reference and its scales: three SGEMMs, or the f32 reference of large problems
            let (href, scale) = match &sgemm_operands {
                Some([(a32, b32), (a_abs, b_abs), (a_sq, b_sq)]) => {
                    let mut c_ref = stream.alloc_zeros::<f32>(m * n)?;
                    let mut bound = stream.alloc_zeros::<f32>(m * n)?;
                    let mut squares = stream.alloc_zeros::<f32>(m * n)?;
                    // SAFETY: the buffers hold m*k, n*k and m*n floats, as cfg's leading dims
                    // say.
                    unsafe {
                        blas.gemm(cfg, a32, b32, &mut c_ref)?;
                        blas.gemm(cfg, a_abs, b_abs, &mut bound)?;
                        blas.gemm(cfg, a_sq, b_sq, &mut squares)?;
                    }
                    let scale = Scale::Sums {
                        mag: stream.clone_dtoh(&bound)?,
                        rss: stream
                            .clone_dtoh(&squares)?
                            .into_iter()
                            .map(|x| x.sqrt())
                            .collect(),
                    };
                    (stream.clone_dtoh(&c_ref)?, scale)
                }
                None => {
                    let mut href = vec![0f32; m * n];
                    let cols = chunk_cols(m, n);
                    // 8-bit values are exact in bf16: cuBLAS's reference reads bf16 copies
                    let copies = if opts.dtype.is_8bit() {
                        Some((
                            DeviceMatrix::upload(stream, Dtype::Bf16, &ha)?,
                            DeviceMatrix::upload(stream, Dtype::Bf16, &hb)?,
                        ))
                    } else {
                        None
                    };
                    let (a, b) = copies.as_ref().unwrap_or(&operands[0]);
                    let mut r = BlasReference::new(&blas_ex, stream, (a, b), layout, shape, cols)?;
                    for c in chunks(n, cols) {
                        r.columns(c.clone(), &mut href[c.start * m..c.end * m])?;
                    }
                    let norms = RowNorms::new(&ha, &hb, layout, shape);
                    (href, Scale::Norms { norms, m })
                }
            };
            for &types in &types_list {
                let mut c = DeviceMatrix::nan(stream, types.output, m * n)?;
                // Ours: the types' bound plus the reference's own; the vendor peers may also
                // round partial sums to the output type (split-K).
                let reference = if large {
                    reference_bound(opts.dtype, k)
                } else {
                    error_bound(GemmTypes::F32, k)
                };
                let strict = [error_bound(types, k), reference];
                let vendor = [
                    error_bound(types, k).with_output_partials(types.output),
                    reference,
                ];
                let (l, t) = (layout.to_string(), types.to_string());
                // The entries of this problem: cuBLAS, cuBLASLt (or why it has no plan), then
                // each selected kernel of ours that takes the problem.
                // 8-bit inputs: cuBLASLt with and without fast accumulation (cublasGemmEx
                // takes no 8-bit types)
                let lt_modes: &[(&str, bool)] = if types.input.is_8bit() {
                    &[("matmul", false), ("matmul_fastacc", true)]
                } else {
                    &[("matmul", false)]
                };
                let lt_plans: Vec<(&str, Result<LtPlan, String>)> = lt_modes
                    .iter()
                    .map(|&(name, fast)| {
                        let plan = blas_lt.as_ref().map_err(|e| e.to_string()).and_then(|h| {
                            LtPlan::new(h, types, layout, shape, fast, None)
                                .map_err(|e| e.to_string())
                        });
                        (name, plan)
                    })
                    .collect();
                // the fused epilogue, where it applies: its bias (random, of the output type)
                // on the device, an aux output per fused entry
                let op = opts.epilogue;
                let fused = !op.is_none()
                    && layout == GemmLayout::Tn
                    && !types.input.is_8bit()
                    && types.input != Dtype::F32
                    && types.output == types.input;
                let fusion = if fused {
                    let len = op.bias.map_or(0, |axis| axis.len(shape));
                    let bias: Vec<f32> = (0..len)
                        .map(|_| types.output.round(rng.uniform()))
                        .collect();
                    let dev = DeviceMatrix::upload(stream, types.output, &bias)?;
                    Some(BenchFusion { op, bias, dev, m })
                } else {
                    None
                };
                // `+` between the op's parts too: the CSV's fields have no commas
                let op_label = op.to_string().replace(',', "+");
                let t_fused = format!("{t}+{op_label}");
                let mut entries: Vec<(&str, String, Box<GemmFn>)> = Vec::new();
                // the entries from this index on are fused
                let mut first_fused = usize::MAX;
                if types == GemmTypes::F32 {
                    entries.push((
                        "cublas",
                        "sgemm".into(),
                        Box::new(|a, b, c| match (a, b, c) {
                            // SAFETY: as for the reference above (a copy of A and of B in f32).
                            (DeviceMatrix::F32(a), DeviceMatrix::F32(b), DeviceMatrix::F32(c)) => {
                                unsafe { blas.gemm(cfg, a, b, c) }.map_err(Error::from)
                            }
                            _ => Err(Error::Bench("A, B or C is not f32".into())),
                        }),
                    ));
                } else if !types.input.is_8bit() {
                    entries.push((
                        "cublas",
                        "gemmex".into(),
                        Box::new(|a, b, c| {
                            gemm_ex(&blas_ex, stream, types, layout, shape, a, b, c)
                        }),
                    ));
                }
                for (name, lt_plan) in &lt_plans {
                    match (&blas_lt, lt_plan) {
                        (Ok(h), Ok(plan)) => entries.push((
                            "cublaslt",
                            (*name).into(),
                            Box::new(move |a, b, c| h.matmul(plan, stream, a, b, c)),
                        )),
                        (_, Err(e)) => rows.push(Row::failed("cublaslt", name, &t, &l, shape, e)),
                        (Err(_), Ok(_)) => unreachable!("a cuBLASLt plan without a handle"),
                    }
                }
                for &kernel in &opts.kernels {
                    let p = GemmProblem {
                        types,
                        layout,
                        shape,
                        alpha: 1.0,
                        beta: 0.0,
                    };
                    // A problem outside the kernel's stated conditions (the registry's
                    // `check_problem`: its types and layouts, shape multiples, `preconditions`
                    // such as the tutorial port's half_t TN only) is not run, as the registry's
                    // GPU test skips it; running it would list the refusal as a failure of ours.
                    if gemm::check_problem(kernel, &p).is_err() {
                        continue;
                    }
                    let hopper = crate::hopper::is_family(kernel.name());
                    let splits: &[Option<u32>] = if hopper && !opts.splits.is_empty() {
                        &opts.splits
                    } else {
                        &[None]
                    };
                    for &s in splits {
                        let name = match (hopper && !opts.splits.is_empty(), s) {
                            (false, _) => kernel.name().to_string(),
                            (true, None) => format!("{}/auto", kernel.name()),
                            (true, Some(s)) => {
                                format!("{}/s{}", kernel.name(), crate::heuristic::splits_name(s))
                            }
                        };
                        entries.push((
                            "ours",
                            name,
                            Box::new(move |a, b, c| {
                                crate::hopper::with_splits(s, || {
                                    gemm::gemm(
                                        gpu,
                                        kernel,
                                        &p,
                                        a.operand(),
                                        b.operand(),
                                        c.operand_mut(),
                                    )
                                })
                            }),
                        ));
                    }
                }
                if let Some(fu) = &fusion {
                    first_fused = entries.len();
                    let bias_ptr = fu.dev.device_ptr(stream).0;
                    match &blas_lt {
                        Ok(h) => {
                            let aux = if op.aux {
                                Some(DeviceMatrix::nan(stream, types.output, m * n)?)
                            } else {
                                None
                            };
                            let aux_ptr = aux.as_ref().map_or(0, |x| x.device_ptr(stream).0);
                            let name = format!("matmul+{op_label}");
                            match LtEpilogue::new(&op, bias_ptr, aux_ptr, m as i64) {
                                Some(e) => {
                                    match LtPlan::new(h, types, layout, shape, false, Some(e)) {
                                        Ok(plan) => entries.push((
                                            "cublaslt",
                                            name,
                                            Box::new(move |a, b, c| {
                                                let _keep = &aux;
                                                h.matmul(&plan, stream, a, b, c)
                                            }),
                                        )),
                                        Err(e) => rows.push(Row::failed(
                                            "cublaslt",
                                            &name,
                                            &t_fused,
                                            &l,
                                            shape,
                                            &e.to_string(),
                                        )),
                                    }
                                }
                                None => rows.push(Row::failed(
                                    "cublaslt",
                                    &name,
                                    &t_fused,
                                    &l,
                                    shape,
                                    "no cuBLASLt epilogue computes this one",
                                )),
                            }
                        }
                        Err(e) => rows.push(Row::failed(
                            "cublaslt",
                            "matmul",
                            &t_fused,
                            &l,
                            shape,
                            &e.to_string(),
                        )),
                    }
                    for &kernel in opts.kernels.iter().filter(|k| k.entry().fusion) {
                        let p = GemmProblem {
                            types,
                            layout,
                            shape,
                            alpha: 1.0,
                            beta: 0.0,
                        };
                        if gemm::check_problem(kernel, &p).is_err() {
                            continue;
                        }
                        let mut aux = if op.aux {
                            Some(DeviceMatrix::nan(stream, types.output, m * n)?)
                        } else {
                            None
                        };
                        let bias = &fu.dev;
                        // named with the op: the summary's line of its own
                        entries.push((
                            "ours",
                            format!("{}+{op_label}", kernel.name()),
                            Box::new(move |a, b, c| {
                                let e = Epilogue {
                                    op,
                                    bias: op.bias.map(|_| bias.operand()),
                                    aux: aux.as_mut().map(DeviceMatrix::operand_mut),
                                };
                                gemm::gemm_fused(
                                    gpu,
                                    kernel,
                                    &p,
                                    a.operand(),
                                    b.operand(),
                                    c.operand_mut(),
                                    e,
                                )
                            }),
                        ));
                    }
                }
                // Each entry: poison C, run once on the first copy of A and B, check.
                let mut results: Vec<Result<Checked, Error>> = Vec::new();
                for (i, (imp, _, f)) in entries.iter_mut().enumerate() {
                    let tol: &[ErrorBound] = if *imp == "ours" { &strict } else { &vendor };
                    let fu = fusion.as_ref().filter(|_| i >= first_fused);
                    let checked = (|| {
                        c.fill_nan(stream)?;
                        f(&operands[0].0, &operands[0].1, &mut c)?;
                        let hc = c.download(stream)?;
                        let (ratio, ok) = compare_fused(&hc, &href, &scale, tol, fu, types.output);
                        Ok::<_, Error>((ratio, ok, Vec::with_capacity(iters)))
                    })();
                    if let Err(e @ Error::Driver(_)) = checked {
                        // A lost context poisons everything after it: stop there.
                        return Err(e);
                    }
                    results.push(checked);
                }
                // Then the timing, interleaved: ROUNDS rounds, each timing every entry in
                // turn, so a drift of the clocks or the temperature over the problem's run
                // reaches every entry alike rather than the ones timed last.
                for _ in 0..ROUNDS {
                    for ((_, _, f), result) in entries.iter_mut().zip(results.iter_mut()) {
                        let Ok((_, _, times)) = result else { continue };
                        let per_round = iters.div_ceil(ROUNDS);
                        match time_launches(gpu, operands.len(), per_round, |i| {
                            f(&operands[i].0, &operands[i].1, &mut c)
                        }) {
                            Ok(batch) => times.extend(batch),
                            Err(e @ Error::Driver(_)) => return Err(e),
                            Err(e) => *result = Err(e),
                        }
                    }
                }
                for (i, ((imp, kernel, _), result)) in entries.iter().zip(results).enumerate() {
                    let t = if i >= first_fused { &t_fused } else { &t };
                    rows.push(match result {
                        Ok((max_err_ratio, checked, times)) => Row {
                            implementation: (*imp).into(),
                            kernel: kernel.clone(),
                            types: t.clone(),
                            layout: l.clone(),
                            shape,
                            median_ms: median(&times) as f64,
                            max_err_ratio,
                            checked,
                            failure: None,
                            mem_roofline: None,
                            of_best_cublas: None,
                        },
                        Err(e) => Row::failed(imp, kernel, t, &l, shape, &e.to_string()),
                    });
                }
            }
        }
    }
    if let Some(cpp) = opts.cpp {
        rows.extend(run_cpp(
            cpp,
            iters,
            &opts.shapes,
            opts.dtype,
            &opts.layouts,
        )?);
    }
    annotate(&mut rows, opts.copy_bandwidth);
    Ok(rows)
}

/// An entry's check (the largest error over its tolerance, whether it passed) and its timed
/// samples (milliseconds per launch).
type Checked = (f64, bool, Vec<f32>);

/// One launch of an implementation on given copies of A and B, writing C.
type GemmFn<'a> =
    dyn FnMut(&DeviceMatrix, &DeviceMatrix, &mut DeviceMatrix) -> Result<(), Error> + 'a;

/// A copy of a device matrix (device to device).
fn device_copy(stream: &Arc<CudaStream>, m: &DeviceMatrix) -> Result<DeviceMatrix, Error> {
    Ok(match m {
        DeviceMatrix::F32(s) => DeviceMatrix::F32(stream.clone_dtod(s)?),
        DeviceMatrix::F16(s) => DeviceMatrix::F16(stream.clone_dtod(s)?),
        DeviceMatrix::Bf16(s) => DeviceMatrix::Bf16(stream.clone_dtod(s)?),
        DeviceMatrix::E4m3(s, scale) => DeviceMatrix::E4m3(stream.clone_dtod(s)?, *scale),
        DeviceMatrix::E5m2(s, scale) => DeviceMatrix::E5m2(stream.clone_dtod(s)?, *scale),
    })
}

/// cuBLAS's column-major view of a tutorial-layout problem: `C(M,N) = op(A) op(B)`, the
/// layout's letters being `transa`/`transb`.
fn gemm_config(layout: GemmLayout, s: GemmShape) -> GemmConfig<f32> {
    let (lda, ldb, _) = layout.leading_dims(s);
    let (transa, transb) = blas_ops(layout);
    GemmConfig {
        transa,
        transb,
        m: s.m as i32,
        n: s.n as i32,
        k: s.k as i32,
        alpha: 1.0,
        lda: lda as i32,
        ldb: ldb as i32,
        beta: 0.0,
        ldc: s.m as i32,
    }
}

/// The layout's `transa`, `transb`.
fn blas_ops(layout: GemmLayout) -> (cublasOperation_t, cublasOperation_t) {
    use cublasOperation_t::{CUBLAS_OP_N, CUBLAS_OP_T};
    (
        if layout.a_m_major() {
            CUBLAS_OP_N
        } else {
            CUBLAS_OP_T
        },
        if layout.b_n_major() {
            CUBLAS_OP_T
        } else {
            CUBLAS_OP_N
        },
    )
}

fn cuda_type(d: Dtype) -> cudaDataType_t {
    match d {
        Dtype::F32 => cudaDataType_t::CUDA_R_32F,
        Dtype::F16 => cudaDataType_t::CUDA_R_16F,
        Dtype::Bf16 => cudaDataType_t::CUDA_R_16BF,
        Dtype::E4m3 => cudaDataType_t::CUDA_R_8F_E4M3,
        Dtype::E5m2 => cudaDataType_t::CUDA_R_8F_E5M2,
    }
}

/// `alpha = 1` and `beta = 0` in the scale type of a computation: `half` bits for f16
/// accumulation, else `float` bits.
fn one_zero(acc: Dtype) -> ([u8; 4], [u8; 4]) {
    if acc == Dtype::F16 {
        let one = Dtype::F16.to_bits16(1.0).unwrap_or(0x3c00).to_ne_bytes();
        ([one[0], one[1], 0, 0], [0; 4])
    } else {
        (1f32.to_ne_bytes(), 0f32.to_ne_bytes())
    }
}

/// `cublasGemmEx` with the types' input, output and compute types (`CUBLAS_COMPUTE_16F` for f16
/// accumulation, else `CUBLAS_COMPUTE_32F`), cuBLAS's default algorithm choice.
#[allow(clippy::too_many_arguments)]
fn gemm_ex(
    blas: &CudaBlas,
    stream: &Arc<CudaStream>,
    types: GemmTypes,
    layout: GemmLayout,
    s: GemmShape,
    a: &DeviceMatrix,
    b: &DeviceMatrix,
    c: &mut DeviceMatrix,
) -> Result<(), Error> {
    let (lda, ldb, ldc) = layout.leading_dims(s);
    let (transa, transb) = blas_ops(layout);
    let compute = if types.acc == Dtype::F16 {
        cublasComputeType_t::CUBLAS_COMPUTE_16F
    } else {
        cublasComputeType_t::CUBLAS_COMPUTE_32F
    };
    let (alpha, beta) = one_zero(types.acc);
    let (pa, _ga) = a.device_ptr(stream);
    let (pb, _gb) = b.device_ptr(stream);
    let (pc, _gc) = c.device_ptr_mut(stream);
    // SAFETY: a, b, c hold M*K, N*K, M*N elements of the input and output types (the caller
    // made them so), matching the leading dimensions and types passed; alpha and beta are in
    // the scale type of `compute` (half for 16F, float for 32F); the handle runs on `stream`,
    // which the guards order after the buffers' last writes.
    unsafe {
        cudarc::cublas::sys::cublasGemmEx(
            *blas.handle(),
            transa,
            transb,
            s.m as i32,
            s.n as i32,
            s.k as i32,
            alpha.as_ptr() as *const c_void,
            pa as *const c_void,
            cuda_type(types.input),
            lda as i32,
            pb as *const c_void,
            cuda_type(types.input),
            ldb as i32,
            beta.as_ptr() as *const c_void,
            pc as *mut c_void,
            cuda_type(types.output),
            ldc as i32,
            compute,
            cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
        )
        .result()?;
    }
    Ok(())
}

fn lt_err(e: lt::CublasError) -> Error {
    Error::Bench(format!("cuBLASLt: {:?}", e.0))
}

/// A cuBLASLt handle and its workspace (32 MiB on Hopper, 4 MiB before: NVIDIA's advice).
struct Lt {
    handle: ltsys::cublasLtHandle_t,
    workspace: CudaSlice<u8>,
    workspace_size: usize,
}

impl Lt {
    fn new(stream: Arc<CudaStream>, workspace_size: usize) -> Result<Lt, Error> {
        let workspace = stream.alloc_zeros::<u8>(workspace_size)?;
        let handle = lt::create_handle().map_err(lt_err)?;
        Ok(Lt {
            handle,
            workspace,
            workspace_size,
        })
    }

    /// `C = A B^T` per the plan.
    fn matmul(
        &self,
        plan: &LtPlan,
        stream: &Arc<CudaStream>,
        a: &DeviceMatrix,
        b: &DeviceMatrix,
        c: &mut DeviceMatrix,
    ) -> Result<(), Error> {
        let algo = plan.algo;
        let (mut alpha, beta) = one_zero(plan.types.acc);
        if plan.types.input.is_8bit() {
            // the 8-bit operands' per-tensor scales, as alpha (`f32`, the scale type)
            let scale = a.operand().scale() * b.operand().scale();
            alpha = scale.to_ne_bytes();
        }
        let (pa, _ga) = a.device_ptr(stream);
        let (pb, _gb) = b.device_ptr(stream);
        let (pw, _gw) = self.workspace.device_ptr(stream);
        let (pc, _gc) = c.device_ptr_mut(stream);
        // SAFETY: the plan's descriptors describe a, b and c exactly (types, rows, columns,
        // leading dimensions: the caller uploads them so), C doubles as D (beta = 0), the
        // algorithm came from the heuristic for these descriptors and the workspace size, and
        // the workspace holds `workspace_size` bytes.
        unsafe {
            lt::matmul(
                self.handle,
                plan.desc,
                alpha.as_ptr() as *const c_void,
                beta.as_ptr() as *const c_void,
                pa as *const c_void,
                plan.a,
                pb as *const c_void,
                plan.b,
                pc as *const c_void,
                plan.c,
                pc as *mut c_void,
                plan.c,
                &algo,
                pw as *mut c_void,
                self.workspace_size,
                stream.cu_stream() as ltsys::cudaStream_t,
            )
            .map_err(lt_err)
        }
    }
}

impl Drop for Lt {
    fn drop(&mut self) {
        // SAFETY: created in `new`, destroyed once.
        let _ = unsafe { lt::destroy_handle(self.handle) };
    }
}

/// The descriptors of one cuBLASLt problem and the heuristic's best algorithm for them.
/// 8-bit inputs (TN only, cuBLASLt's FP8 condition) take their per-tensor scales as alpha
/// ([`Lt::matmul`]), and run with or without `CUBLASLT_MATMUL_DESC_FAST_ACCUM`.
struct LtPlan {
    types: GemmTypes,
    desc: ltsys::cublasLtMatmulDesc_t,
    a: ltsys::cublasLtMatrixLayout_t,
    b: ltsys::cublasLtMatrixLayout_t,
    c: ltsys::cublasLtMatrixLayout_t,
    pref: ltsys::cublasLtMatmulPreference_t,
    /// The heuristic's best algorithm, asked once (asking per launch would put its host time
    /// inside the timed interval).
    algo: ltsys::cublasLtMatmulAlgo_t,
}

fn lt_type(d: Dtype) -> ltsys::cudaDataType {
    match d {
        Dtype::F32 => ltsys::cudaDataType::CUDA_R_32F,
        Dtype::F16 => ltsys::cudaDataType::CUDA_R_16F,
        Dtype::Bf16 => ltsys::cudaDataType::CUDA_R_16BF,
        Dtype::E4m3 => ltsys::cudaDataType::CUDA_R_8F_E4M3,
        Dtype::E5m2 => ltsys::cudaDataType::CUDA_R_8F_E5M2,
    }
}

/// cuBLASLt's epilogue for `op` with a bias at `bias` and the aux output at `aux` (device
/// addresses; `ld` its leading dimension), when it has one: a bias per row of C, then nothing,
/// ReLU or tanh GELU (with the aux output: GELU only), D unscaled.
#[derive(Debug, Clone, Copy)]
struct LtEpilogue {
    epilogue: ltsys::cublasLtEpilogue_t,
    bias: u64,
    aux: u64,
    ld: i64,
}

impl LtEpilogue {
    fn new(op: &EpilogueOp, bias: u64, aux: u64, ld: i64) -> Option<LtEpilogue> {
        use ltsys::cublasLtEpilogue_t::*;
        if op.bias != Some(BiasAxis::Rows) || op.scale != 1.0 {
            return None;
        }
        let epilogue = match (op.act, op.aux) {
            (ActivationKind::Identity, false) => CUBLASLT_EPILOGUE_BIAS,
            (ActivationKind::Relu, false) => CUBLASLT_EPILOGUE_RELU_BIAS,
            (ActivationKind::GeluTanh, false) => CUBLASLT_EPILOGUE_GELU_BIAS,
            (ActivationKind::GeluTanh, true) => CUBLASLT_EPILOGUE_GELU_AUX_BIAS,
            _ => return None,
        };
        Some(LtEpilogue {
            epilogue,
            bias,
            aux,
            ld,
        })
    }
}

/// Sets attribute `attr` of the matmul descriptor `desc` to `value`, its size that of `T`.
///
/// # Safety
/// `desc` is alive and `T` is the attribute's documented type.
unsafe fn set_desc_attribute<T>(
    desc: ltsys::cublasLtMatmulDesc_t,
    attr: ltsys::cublasLtMatmulDescAttributes_t,
    value: &T,
) -> Result<(), Error> {
    // SAFETY: the caller's descriptor and type; `value` is `size_of::<T>()` readable bytes.
    unsafe {
        lt::set_matmul_desc_attribute(
            desc,
            attr,
            value as *const T as *const c_void,
            std::mem::size_of::<T>(),
        )
    }
    .map_err(lt_err)
}

impl LtPlan {
    fn new(
        h: &Lt,
        types: GemmTypes,
        layout: GemmLayout,
        s: GemmShape,
        fast_accum: bool,
        epilogue: Option<LtEpilogue>,
    ) -> Result<LtPlan, Error> {
        let workspace_size = h.workspace_size;
        let (compute, scale) = if types.acc == Dtype::F16 {
            (
                ltsys::cublasComputeType_t::CUBLAS_COMPUTE_16F,
                ltsys::cudaDataType::CUDA_R_16F,
            )
        } else {
            (
                ltsys::cublasComputeType_t::CUBLAS_COMPUTE_32F,
                ltsys::cudaDataType::CUDA_R_32F,
            )
        };
        let (m, n, k) = (s.m as u64, s.n as u64, s.k as u64);
        let (lda, ldb, ldc) = layout.leading_dims(s);
        // As stored, column-major: A is MxK (N) or KxM (T); B is KxN (N) or NxK (T).
        let (ar, ac) = if layout.a_m_major() { (m, k) } else { (k, m) };
        let (br, bc) = if layout.b_n_major() { (n, k) } else { (k, n) };
        let desc = lt::create_matmul_desc(compute, scale).map_err(lt_err)?;
        let mut plan = LtPlan {
            types,
            desc,
            a: std::ptr::null_mut(),
            b: std::ptr::null_mut(),
            c: std::ptr::null_mut(),
            pref: std::ptr::null_mut(),
            // SAFETY: plain old data, overwritten below before any use.
            algo: unsafe { std::mem::zeroed() },
        };
        plan.a =
            lt::create_matrix_layout(lt_type(types.input), ar, ac, lda as i64).map_err(lt_err)?;
        plan.b =
            lt::create_matrix_layout(lt_type(types.input), br, bc, ldb as i64).map_err(lt_err)?;
        plan.c =
            lt::create_matrix_layout(lt_type(types.output), m, n, ldc as i64).map_err(lt_err)?;
        plan.pref = lt::create_matmul_pref().map_err(lt_err)?;
        let transa: i32 = if layout.a_m_major() { 0 } else { 1 };
        let transb: i32 = if layout.b_n_major() { 1 } else { 0 };
        let ws = workspace_size as u64;
        // SAFETY: the descriptors were just created; each attribute gets a value of its
        // documented type (int32 operations and epilogue, uint64 pointers and workspace bytes,
        // int64 leading dimension, int8 fast accumulation) and that type's size.
        unsafe {
            use ltsys::cublasLtMatmulDescAttributes_t as Attr;
            set_desc_attribute(plan.desc, Attr::CUBLASLT_MATMUL_DESC_TRANSA, &transa)?;
            set_desc_attribute(plan.desc, Attr::CUBLASLT_MATMUL_DESC_TRANSB, &transb)?;
            if let Some(e) = epilogue {
                let id = e.epilogue as u32;
                set_desc_attribute(plan.desc, Attr::CUBLASLT_MATMUL_DESC_EPILOGUE, &id)?;
                set_desc_attribute(plan.desc, Attr::CUBLASLT_MATMUL_DESC_BIAS_POINTER, &e.bias)?;
                if e.aux != 0 {
                    let (ptr, ld) = (
                        Attr::CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_POINTER,
                        Attr::CUBLASLT_MATMUL_DESC_EPILOGUE_AUX_LD,
                    );
                    set_desc_attribute(plan.desc, ptr, &e.aux)?;
                    set_desc_attribute(plan.desc, ld, &e.ld)?;
                }
            }
            if types.input.is_8bit() {
                let fast = i8::from(fast_accum);
                set_desc_attribute(plan.desc, Attr::CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fast)?;
            }
            lt::set_matmul_pref_attribute(
                plan.pref,
                ltsys::cublasLtMatmulPreferenceAttributes_t::CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                &ws as *const u64 as *const c_void,
                8,
            )
            .map_err(lt_err)?;
        }
        // SAFETY: every descriptor is alive (dropped with the plan); D has C's layout.
        let r = unsafe {
            lt::get_matmul_algo_heuristic(
                h.handle, plan.desc, plan.a, plan.b, plan.c, plan.c, plan.pref,
            )
        }
        .map_err(lt_err)?;
        if r.workspaceSize > workspace_size {
            return Err(Error::Bench(
                "cuBLASLt: the heuristic wants more workspace".into(),
            ));
        }
        plan.algo = r.algo;
        Ok(plan)
    }
}

impl Drop for LtPlan {
    fn drop(&mut self) {
        // SAFETY: each was created in `new` (or is null: skipped), destroyed once.
        unsafe {
            if !self.pref.is_null() {
                let _ = lt::destroy_matmul_pref(self.pref);
            }
            for l in [self.a, self.b, self.c] {
                if !l.is_null() {
                    let _ = lt::destroy_matrix_layout(l);
                }
            }
            let _ = lt::destroy_matmul_desc(self.desc);
        }
    }
}

/// Per element of C, the scales of the error bound, `sum_k |A(m,k) B(n,k)|` and
/// `sqrt(sum_k (A(m,k) B(n,k))^2)`: computed, or bounded by the rows' norms.
pub enum Scale {
    /// cuBLAS SGEMM on the absolute values and on the squares.
    Sums {
        /// `sum_k |p_k|`.
        mag: Vec<f32>,
        /// `||p||_2`.
        rss: Vec<f32>,
    },
    /// Their bounds from the rows' norms ([`RowNorms::scales`]), for the f32 reference of large
    /// problems; C has `m` rows.
    Norms {
        /// The norms of A's and B's rows.
        norms: RowNorms,
        /// M.
        m: usize,
    },
}

/// The largest `|c - r| / tolerance` and whether every element is within its tolerance (a NaN,
/// e.g. an element never written, fails), in parallel. With [`Scale::Sums`] the tolerance of
/// element i is the sum over `bounds` of `tolerance(|r_i|, 0, mag_i, rss_i)`; with
/// [`Scale::Norms`], `bounds` are the result's bound and the reference's
/// ([`crate::blas_reference::reference_bound`]) and the tolerance is
/// [`crate::blas_reference::judge`]'s.
pub fn compare(c: &[f32], reference: &[f32], scale: &Scale, bounds: &[ErrorBound]) -> (f64, bool) {
    compare_fused(c, reference, scale, bounds, None, Dtype::F32)
}

/// A fused epilogue's part of a benchmark problem: the op, its bias (host values and on the
/// device) and C's rows.
pub struct BenchFusion {
    op: EpilogueOp,
    bias: Vec<f32>,
    dev: DeviceMatrix,
    m: usize,
}

/// [`compare`] of a fused GEMM's `c` (output type `out`) with `fusion`'s ops applied to the
/// plain reference: the element `act(ref + bias) * scale`, within the bound of
/// [`crate::epilogue`] (the GEMM's tolerance at `ref + bias` through the activation's slope,
/// its approximation, the output's rounding).
pub fn compare_fused(
    c: &[f32],
    reference: &[f32],
    scale: &Scale,
    bounds: &[ErrorBound],
    fusion: Option<&BenchFusion>,
    out: Dtype,
) -> (f64, bool) {
    let fused = |i: usize, r: f64, t: f64| -> (f64, f64) {
        match fusion {
            None => (r, t),
            Some(f) => {
                let b =
                    f.op.bias
                        .map_or(0.0, |axis| f.bias[axis.index(i % f.m, i / f.m)] as f64);
                let y = f.op.reference(r, b);
                let (scale, approx) = (f.op.scale as f64, f.op.act.approx_error());
                (
                    y,
                    fused_bound(pre_activation_bound(t, b), r + b, y, scale, approx, out),
                )
            }
        }
    };
    let tol = |i: usize, r: f64| -> f64 {
        match scale {
            Scale::Sums { mag, rss } => {
                let (mag, rss) = (mag[i] as f64, rss[i] as f64);
                bounds
                    .iter()
                    .map(|b| b.tolerance(r.abs(), 0.0, mag, rss))
                    .sum()
            }
            Scale::Norms { norms, m } => {
                let (kernel, refb) = (&bounds[0], &bounds[bounds.len() - 1]);
                judge(kernel, refb, r, 1.0, 0.0, norms.scales(i % m, i / m)).1
            }
        }
    };
    let len = c.len().min(reference.len());
    let per = len.div_ceil(gemm::threads()).max(1 << 16);
    let worst = std::thread::scope(|s| {
        let handles: Vec<_> = (0..len)
            .step_by(per)
            .map(|start| {
                let tol = &tol;
                s.spawn(move || {
                    let mut worst = 0.0f64;
                    for i in start..len.min(start + per) {
                        let (x, r) = (c[i] as f64, reference[i] as f64);
                        let (r, t) = fused(i, r, tol(i, r));
                        let err = (x - r).abs();
                        let ratio = if err == 0.0 {
                            0.0
                        } else if t > 0.0 && err.is_finite() {
                            err / t
                        } else {
                            f64::INFINITY
                        };
                        worst = worst.max(ratio);
                    }
                    worst
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("compare thread"))
            .fold(0.0f64, f64::max)
    });
    (worst, c.len() == reference.len() && worst <= 1.0)
}

/// Bytes of device memory `cute bench` allocates for `shape` with inputs of `dtype` (before its
/// copies of A and B for the rotation, which take what is free; saturating): A and B in the
/// input type, C of at most f32, and the reference: three f32 GEMMs of f32 operands (A and B,
/// their magnitudes and squares, and three results), or, above the float64 reference's sizes
/// ([`uses_blas_reference`]), a block of the f32 reference
/// ([`crate::blas_reference::CHUNK_BYTES`] at most).
pub fn device_bytes(shape: GemmShape, dtype: Dtype) -> usize {
    let GemmShape { m, n, k } = shape;
    let (ab, mn) = (m.saturating_add(n).saturating_mul(k), m.saturating_mul(n));
    let operands = ab
        .saturating_mul(dtype.bytes())
        .saturating_add(mn.saturating_mul(4));
    let reference = if uses_blas_reference(shape) {
        mn.min(chunk_cols(m, n).saturating_mul(m)).saturating_mul(4)
    } else {
        ab.saturating_mul(3 * 4)
            .saturating_add(mn.saturating_mul(3 * 4))
    };
    operands.saturating_add(reference)
}

/// Bytes of host memory `cute bench` holds for `shape` (saturating): A
/// and B as f32 (and their magnitudes or squares while they are uploaded), the reference and
/// its scales, and a result downloaded (also in its type, before it is converted); above the
/// float64 reference's sizes the reference alone, its scales being the rows' norms.
pub fn host_bytes(shape: GemmShape) -> usize {
    let GemmShape { m, n, k } = shape;
    let (ab, mn) = (m.saturating_add(n).saturating_mul(k), m.saturating_mul(n));
    if uses_blas_reference(shape) {
        // A, B; the reference; a result and its download; the norms
        ab.saturating_mul(4)
            .saturating_add(mn.saturating_mul(4 + 4 + 4))
            .saturating_add(m.saturating_add(n).saturating_mul(16))
    } else {
        // A, B and a transformed copy; the reference, its two scales, the last one's download
        // as squares; a result and its download
        ab.saturating_mul(2 * 4)
            .saturating_add(mn.saturating_mul(4 + 2 * 4 + 4 + 4 + 4))
    }
}

/// How long one C++ harness run (one shape, one variant) may take before it counts as hung.
const CPP_TIMEOUT: Duration = Duration::from_secs(600);

/// Runs the C++ tutorial harness: `--list` gives its variants (`kernel,types,layout` lines),
/// then one child process per shape and variant of input `dtype` and one of `layouts`
/// (`ITERS M,N,K --only kernel,types,layout`), so a variant that crashes on a shape costs only
/// its own row, marked with why it failed. `Err` only when the harness cannot list its
/// variants.
fn run_cpp(
    bin: &Path,
    iters: usize,
    shapes: &[GemmShape],
    dtype: Dtype,
    layouts: &[GemmLayout],
) -> Result<Vec<Row>, Error> {
    let listed = run_child(Command::new(bin).arg("--list"))
        .map_err(|why| Error::Bench(format!("{} --list: {why}", bin.display())))?;
    let variants: Vec<(String, String, String)> = listed
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.trim().split(',').collect();
            match f[..] {
                [k, t, l] => Some((k.to_string(), t.to_string(), l.to_string())),
                _ => None,
            }
        })
        .collect();
    if variants.is_empty() {
        return Err(Error::Bench(format!(
            "{} --list printed no variants",
            bin.display()
        )));
    }
    let wanted = |types: &str, layout: &str| {
        types.parse::<GemmTypes>().is_ok_and(|t| t.input == dtype)
            && layout
                .parse::<GemmLayout>()
                .is_ok_and(|l| layouts.contains(&l))
    };
    let mut rows = Vec::new();
    for &s in shapes {
        for (kernel, types, layout) in variants.iter().filter(|v| wanted(&v.1, &v.2)) {
            let mut cmd = Command::new(bin);
            cmd.arg(iters.to_string())
                .arg(format!("{},{},{}", s.m, s.n, s.k))
                .args(["--only", &format!("{kernel},{types},{layout}")]);
            match run_child(&mut cmd) {
                Ok(stdout) => {
                    let got: Vec<Row> = stdout.lines().filter_map(Row::parse_csv).collect();
                    if got.is_empty() {
                        rows.push(Row::failed(
                            "cpp",
                            kernel,
                            types,
                            layout,
                            s,
                            "printed no result",
                        ));
                    }
                    rows.extend(got);
                }
                Err(why) => rows.push(Row::failed("cpp", kernel, types, layout, s, &why)),
            }
        }
    }
    Ok(rows)
}

/// Runs a child process to completion (killing it after [`CPP_TIMEOUT`]); its standard output
/// when it succeeds, else why it failed: the exit status and the last line it printed on
/// standard error, e.g. `exit status: 2: CUDA error an illegal memory access was encountered`.
fn run_child(cmd: &mut Command) -> Result<String, String> {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run: {e}"))?;
    // Read both pipes on threads so a chatty child cannot block on a full pipe.
    let drain = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            let _ = r.read_to_end(&mut v);
            String::from_utf8_lossy(&v).into_owned()
        })
    };
    let out = drain(Box::new(child.stdout.take().expect("piped")));
    let err = drain(Box::new(child.stderr.take().expect("piped")));
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Ok(status),
            Ok(None) if start.elapsed() > CPP_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                break Err(format!("no result after {} s", CPP_TIMEOUT.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(20)),
            Err(e) => break Err(format!("waiting: {e}")),
        }
    };
    let (out, err) = (
        out.join().unwrap_or_default(),
        err.join().unwrap_or_default(),
    );
    let status = status?;
    if status.success() {
        return Ok(out);
    }
    // The last line on stderr, without the harness's " at FILE:LINE" suffix.
    let last = err
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("");
    let last = last.split(" at /").next().unwrap_or(last).trim();
    Err(if last.is_empty() {
        status.to_string()
    } else {
        format!("{status}: {last}")
    })
}

/// The table: per shape, layout and element types, one line per kernel (ours and the C++
/// tutorial of the same name side by side) with cuBLAS for the same types, then cuBLASLt;
/// each figure TFLOP/s with its fraction of cuBLAS. A row whose check failed shows `FAILED`,
/// one without a result `fails (why)`. When a row has a [`Row::mem_roofline`], a last column
/// gives it for the line's three figures (`-` where there is none). The table ends with one
/// line per kernel of ours from [`summarize`].
pub fn table(rows: &[Row], device: &str) -> String {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "GEMM, {device}: TFLOP/s (fraction of cuBLAS with the same types: cublasGemmEx, or \
         cublasSgemm for f32), per launch, median of timed batches of launches"
    );
    let mut large: Vec<String> = Vec::new();
    for r in rows.iter().filter(|r| uses_blas_reference(r.shape)) {
        let s = format!("{}x{}x{}", r.shape.m, r.shape.n, r.shape.k);
        if !large.contains(&s) {
            large.push(s);
        }
    }
    if !large.is_empty() {
        let _ = writeln!(
            t,
            "Checked against cuBLAS SGEMM (FP32, no TF32), except {}: above 2^44 FLOPs or 2^28 \
             elements of C, against cuBLAS's GEMM of the input type with f32 accumulation and \
             output (as cute gemm --check there)",
            large.join(", ")
        );
    }
    let mem = rows.iter().any(|r| r.mem_roofline.is_some());
    if mem {
        let _ = writeln!(
            t,
            "Memory roofline (M <= 128): bytes of A, B and C over the time, as a fraction of \
             the device-to-device copy bandwidth (bytes read and written)"
        );
    }
    let _ = writeln!(t);
    let (mem_head, mem_rule) = if mem {
        (" memory roofline (ours / C++ / cuBLAS) |", "---|")
    } else {
        ("", "")
    };
    let _ = writeln!(
        t,
        "| M x N x K | layout | in/acc/out | kernel | ours | C++ CuTe | cuBLAS |{mem_head}"
    );
    let _ = writeln!(t, "|---|---|---|---|---|---|---|{mem_rule}");
    // the memory roofline cell of a line whose figures are those of `three`
    let mem_cell = |three: [Option<&Row>; 3]| -> String {
        if !mem {
            return String::new();
        }
        let f = three.map(|r| match r.and_then(|r| r.mem_roofline) {
            Some(x) => format!("{:.0}%", 100.0 * x),
            None => "-".into(),
        });
        format!(" {} / {} / {} |", f[0], f[1], f[2])
    };
    let mut shapes: Vec<GemmShape> = Vec::new();
    for r in rows {
        if !shapes.contains(&r.shape) {
            shapes.push(r.shape);
        }
    }
    let find = |imp: &str, kernel: Option<&str>, types: &str, layout: &str, s: GemmShape| {
        rows.iter().find(|r| {
            r.implementation == imp
                && kernel.is_none_or(|k| r.kernel == k)
                && r.types == types
                && r.layout == layout
                && r.shape == s
        })
    };
    for s in shapes {
        for layout in GemmLayout::ALL {
            let l = &layout.to_string();
            let mut types: Vec<&str> = Vec::new();
            for r in rows.iter().filter(|r| r.shape == s && &r.layout == l) {
                if !types.contains(&r.types.as_str()) {
                    types.push(&r.types);
                }
            }
            for ty in types {
                let blas = find("cublas", None, ty, l, s).filter(|b| b.checked);
                let cell = |r: Option<&Row>| match r {
                    None => "-".to_string(),
                    Some(Row {
                        failure: Some(why), ..
                    }) => format!("fails ({why})"),
                    Some(r) if !r.checked => "FAILED".to_string(),
                    Some(r) => match blas {
                        Some(b) => format!(
                            "{:.1} ({:.0}%)",
                            r.tflops(),
                            100.0 * r.tflops() / b.tflops()
                        ),
                        None => format!("{:.1}", r.tflops()),
                    },
                };
                let blas_cell = match find("cublas", None, ty, l, s) {
                    Some(b) if b.checked => format!("{:.1}", b.tflops()),
                    other => cell(other),
                };
                let mut kernels: Vec<&str> = Vec::new();
                for r in rows.iter().filter(|r| {
                    r.shape == s
                        && &r.layout == l
                        && r.types == ty
                        && (r.implementation == "ours" || r.implementation == "cpp")
                }) {
                    if !kernels.contains(&r.kernel.as_str()) {
                        kernels.push(&r.kernel);
                    }
                }
                let dims = format!("{}x{}x{}", s.m, s.n, s.k);
                let blas_row = find("cublas", None, ty, l, s);
                if kernels.is_empty() {
                    let _ = writeln!(
                        t,
                        "| {dims} | {l} | {ty} | - | - | - | {blas_cell} |{}",
                        mem_cell([None, None, blas_row])
                    );
                }
                for kernel in kernels {
                    let (ours, cpp) = (
                        find("ours", Some(kernel), ty, l, s),
                        find("cpp", Some(kernel), ty, l, s),
                    );
                    let _ = writeln!(
                        t,
                        "| {dims} | {l} | {ty} | {kernel} | {} | {} | {blas_cell} |{}",
                        cell(ours),
                        cell(cpp),
                        mem_cell([ours, cpp, blas_row])
                    );
                }
                if let Some(r) = find("cublaslt", None, ty, l, s) {
                    let _ = writeln!(
                        t,
                        "| {dims} | {l} | {ty} | cuBLASLt (heuristic's best) | - | - | {} |{}",
                        cell(Some(r)),
                        mem_cell([None, None, Some(r)])
                    );
                }
            }
        }
    }
    let summaries = summarize(rows);
    if !summaries.is_empty() {
        let _ = writeln!(t);
        let _ = writeln!(
            t,
            "Ours over the best of cuBLAS and cuBLASLt per problem (TFLOP/s ratio):"
        );
    }
    for s in summaries {
        let _ = write!(t, "- {}: ", s.kernel);
        match &s.worst_at {
            Some(w) => {
                let _ = write!(
                    t,
                    "geometric mean {:.3}, worst {:.3} at {}x{}x{} {} {} ({} problems)",
                    s.geomean,
                    s.worst,
                    w.shape.m,
                    w.shape.n,
                    w.shape.k,
                    w.layout,
                    w.types,
                    s.entries
                );
            }
            None => {
                let _ = write!(t, "no problem with a checked result of both");
            }
        }
        if s.failed > 0 {
            let _ = write!(t, "; {} without a correct result", s.failed);
        }
        let _ = writeln!(t);
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_parse() {
        let sh = |m, n, k| Some(GemmShape { m, n, k });
        assert_eq!(parse_shape("4096"), sh(4096, 4096, 4096));
        assert_eq!(parse_shape("1,7,129"), sh(1, 7, 129));
        assert_eq!(parse_shape("2147483647,1,1"), sh(2147483647, 1, 1));
        for bad in [
            "",
            "1,2",
            "0,1,1",
            "a,b,c",
            "1,2,3,4",
            "-1",
            "2147483648,1,1",
        ] {
            assert_eq!(parse_shape(bad), None, "{bad}");
        }
    }

    #[test]
    fn shape_lists_parse_and_name_the_bad_line() {
        let sh = |m, n, k| GemmShape { m, n, k };
        assert_eq!(
            parse_shape_list("f", "# M,N,K\n\n16,6144,4096\n  64 \n"),
            Ok(vec![sh(16, 6144, 4096), sh(64, 64, 64)])
        );
        assert_eq!(
            parse_shape_list("llm.txt", "# M,N,K\n16,6144,4096\n16,6144\n"),
            Err(
                "llm.txt line 3: '16,6144' is not a shape M,N,K (or N) of sizes from 1 to 2^31-1"
                    .into()
            )
        );
        assert_eq!(
            parse_shape_list("e.txt", "# nothing\n"),
            Err("e.txt has no shapes".into())
        );
        // the language-model suite: every M with every (N,K), 30 shapes
        let llm = parse_shape_list("llm.txt", include_str!("../../benches/shapes/llm.txt"));
        let llm = llm.unwrap();
        assert_eq!(llm.len(), 30);
        for m in [16, 128, 1024, 4096, 16384] {
            for (n, k) in [
                (6144, 4096),
                (4096, 4096),
                (28672, 4096),
                (4096, 14336),
                (10240, 8192),
                (8192, 28672),
            ] {
                assert!(llm.contains(&sh(m, n, k)), "{m},{n},{k}");
            }
        }
    }

    #[test]
    fn rotation_exceeds_the_l2_within_the_budget() {
        const MB: usize = 1 << 20;
        let l2 = 50 * MB;
        // one copy larger than the L2: no rotation
        assert_eq!(rotation_copies(60 * MB, l2, 1 << 40), 1);
        assert_eq!(rotation_copies(l2, l2, 1 << 40), 1);
        // M = 16, (N,K) = (4096,4096) in bf16: B is 32 MiB, A 128 KiB; 4 copies reach 2 L2
        let per = (16 * 4096 + 4096 * 4096) * 2;
        assert_eq!(rotation_copies(per, l2, 1 << 40), 4);
        assert!(4 * per >= 2 * l2 && 3 * per < 2 * l2);
        // the budget and MAX_COPIES cap it; a copy always remains
        assert_eq!(rotation_copies(per, l2, 2 * per + 1), 2);
        assert_eq!(rotation_copies(per, l2, per / 2), 1);
        assert_eq!(rotation_copies(64 * 1024, l2, 1 << 40), MAX_COPIES);
        assert_eq!(rotation_copies(0, l2, 1 << 40), 1);
    }

    #[test]
    fn memory_roofline_counts_a_b_and_c() {
        let s = GemmShape {
            m: 16,
            n: 4096,
            k: 4096,
        };
        // bf16 in, bf16 out: (16*4096 + 4096*4096) * 2 + 16*4096 * 2 bytes
        let bytes = ((16 * 4096 + 4096 * 4096) * 2 + 16 * 4096 * 2) as f64;
        let bw = 3.0e12;
        let ms = bytes / bw * 1e3; // as fast as the copy: 1
        let f = memory_roofline(s, GemmTypes::BF16_F32_BF16, ms, bw);
        assert!((f - 1.0).abs() < 1e-12, "{f}");
        let f = memory_roofline(s, GemmTypes::BF16_F32_BF16, 2.0 * ms, bw);
        assert!((f - 0.5).abs() < 1e-12, "{f}");
        // f32 output: C counts 4 bytes an element
        let f = memory_roofline(s, GemmTypes::F32, ms, bw);
        let f32_bytes = ((16 * 4096 + 4096 * 4096) * 4 + 16 * 4096 * 4) as f64;
        assert!((f - f32_bytes / bytes).abs() < 1e-12, "{f}");
    }

    /// A row of hand-made figures: `tflops` TFLOP/s on `shape`.
    fn made(imp: &str, kernel: &str, types: &str, shape: GemmShape, tflops: f64) -> Row {
        Row {
            implementation: imp.into(),
            kernel: kernel.into(),
            types: types.into(),
            layout: "tn".into(),
            shape,
            median_ms: shape.flops() / (tflops * 1e12) * 1e3,
            max_err_ratio: 0.1,
            checked: true,
            failure: None,
            mem_roofline: None,
            of_best_cublas: None,
        }
    }

    #[test]
    fn summary_takes_the_best_cublas_entry_per_problem() {
        let bf = "bf16/f32/bf16";
        let s1 = GemmShape {
            m: 16,
            n: 6144,
            k: 4096,
        };
        let s2 = GemmShape {
            m: 4096,
            n: 4096,
            k: 4096,
        };
        let s3 = GemmShape {
            m: 128,
            n: 4096,
            k: 14336,
        };
        let mut wrong = made("ours", "hopper", bf, s3, 900.0);
        wrong.checked = false;
        let mut rows = vec![
            // s1: cuBLASLt is the best (80), ours 40: 0.5
            made("cublas", "gemmex", bf, s1, 50.0),
            made("cublaslt", "matmul", bf, s1, 80.0),
            made("ours", "hopper", bf, s1, 40.0),
            made("ours", "sgemm_2", bf, s1, 8.0),
            // s2: cublasGemmEx is the best (600), ours 1200: 2
            made("cublas", "gemmex", bf, s2, 600.0),
            made("cublaslt", "matmul", bf, s2, 500.0),
            made("ours", "hopper", bf, s2, 1200.0),
            // a failed cuBLAS row does not count as the best
            Row::failed(
                "cublas",
                "gemmex",
                bf,
                "tn",
                s3,
                "CUBLAS_STATUS_NOT_SUPPORTED",
            ),
            wrong,
            // other types: compared with cuBLAS of those types only (none here)
            made("ours", "hopper", "bf16/f32/f32", s2, 700.0),
        ];
        let sums = summarize(&rows);
        assert_eq!(sums.len(), 2);
        let h = &sums[0];
        assert_eq!((h.kernel.as_str(), h.entries, h.failed), ("hopper", 2, 1));
        assert!((h.geomean - 1.0).abs() < 1e-9, "{}", h.geomean); // sqrt(0.5 * 2)
        assert!((h.worst - 0.5).abs() < 1e-9, "{}", h.worst);
        assert_eq!(h.worst_at.as_ref().map(|r| r.shape), Some(s1));
        let g = &sums[1];
        assert_eq!((g.kernel.as_str(), g.entries, g.failed), ("sgemm_2", 1, 0));
        assert!((g.geomean - 0.1).abs() < 1e-9 && (g.worst - 0.1).abs() < 1e-9);
        // a kernel without any comparable problem
        let lone = summarize(&[made("ours", "x", bf, s1, 1.0)]);
        assert_eq!((lone[0].entries, lone[0].worst_at.is_none()), (0, true));
        assert!(lone[0].geomean.is_nan());

        // the derived columns, the CSV and the table
        annotate(&mut rows, Some(3.0e12));
        let of = |i: usize| rows[i].of_best_cublas.unwrap();
        assert!((of(2) - 0.5).abs() < 1e-9 && (of(6) - 2.0).abs() < 1e-9);
        assert_eq!(rows[0].of_best_cublas, None); // cuBLAS itself
        assert!(rows[8].of_best_cublas.is_none() && rows[8].mem_roofline.is_none()); // FAILED
        let mem = |r: &Row| memory_roofline(r.shape, r.types.parse().unwrap(), r.median_ms, 3.0e12);
        assert_eq!(rows[1].mem_roofline, Some(mem(&rows[1]))); // M = 16
        assert_eq!(rows[6].mem_roofline, None); // M = 4096
        let back = Row::parse_csv(&rows[2].csv()).unwrap();
        assert_eq!(back.of_best_cublas, Some(0.5));
        assert!((back.mem_roofline.unwrap() - rows[2].mem_roofline.unwrap()).abs() < 1e-3);
        assert!(rows[6].csv().ends_with(",ok,,2.000"), "{}", rows[6].csv());
        assert_eq!(
            CSV_HEADER.split(',').count(),
            rows[6].csv().split(',').count()
        );
        let t = table(&rows, "test device");
        let pct = |r: &Row| format!("{:.0}%", 100.0 * r.mem_roofline.unwrap());
        let line = format!(
            "| 16x6144x4096 | tn | {bf} | hopper | 40.0 (80%) | - | 50.0 | {} / - / {} |",
            pct(&rows[2]),
            pct(&rows[0])
        );
        assert!(t.contains(&line), "{line}\n{t}");
        assert!(
            t.contains(
                "| 4096x4096x4096 | tn | bf16/f32/bf16 | hopper | 1200.0 (200%) | - | 600.0 | \
                 - / - / - |"
            ),
            "{t}"
        );
        assert!(
            t.contains(
                "- hopper: geometric mean 1.000, worst 0.500 at 16x6144x4096 tn bf16/f32/bf16 \
                 (2 problems); 1 without a correct result\n"
            ),
            "{t}"
        );
        assert!(
            t.contains("- sgemm_2: geometric mean 0.100, worst 0.100 at 16x6144x4096"),
            "{t}"
        );
    }

    #[test]
    fn types_per_dtype() {
        let ks = kernels_for(Dtype::F32);
        assert!(ks.contains(&Kernel::SGEMM_1) && ks.contains(&Kernel::SGEMM_2));
        assert_eq!(bench_types(Dtype::F32, &ks), vec![GemmTypes::F32]);
        let f16 = bench_types(Dtype::F16, &kernels_for(Dtype::F16));
        assert_eq!(&f16[..2], &[GemmTypes::F16_F16_F16, GemmTypes::F16_F32_F16]);
        assert!(f16.iter().all(|t| t.input == Dtype::F16));
        assert_eq!(bench_types(Dtype::Bf16, &[])[0], GemmTypes::BF16_F32_BF16);
    }

    #[test]
    fn csv_round_trips_and_table_shows_fractions() {
        let s = GemmShape {
            m: 4096,
            n: 4096,
            k: 4096,
        };
        let row = |imp: &str, kernel: &str, types: &str, ms: f64, checked| Row {
            implementation: imp.into(),
            kernel: kernel.into(),
            types: types.into(),
            layout: "nt".into(),
            shape: s,
            median_ms: ms,
            max_err_ratio: 3.3e-3,
            checked,
            failure: None,
            mem_roofline: None,
            of_best_cublas: None,
        };
        let f32t = "f32/f32/f32";
        let rows = vec![
            row("cublas", "sgemm", f32t, 2.6699, true),
            row("cublaslt", "matmul", f32t, 2.6699, true),
            row("ours", "sgemm_2", f32t, 3.0416, true),
            row("cpp", "sgemm_2", f32t, 3.0416, true),
            row("ours", "sgemm_1", f32t, 1.0, false),
            Row::failed(
                "cpp",
                "sgemm_1",
                f32t,
                "nt",
                s,
                "exit status: 2: CUDA error an illegal memory access was encountered",
            ),
            row("cublas", "gemmex", "f16/f32/f16", 0.2749, true),
            row("cpp", "wgmma_sm90", "f16/f32/f16", 0.5498, true),
        ];
        for r in &rows {
            let back = Row::parse_csv(&r.csv()).unwrap();
            assert_eq!((&back.kernel, &back.types), (&r.kernel, &r.types));
            assert_eq!(back.checked, r.checked);
            assert_eq!(back.failure, r.failure);
            assert!(r.failure.is_some() || (back.median_ms - r.median_ms).abs() < 1e-4);
        }
        // a line of the C++ harness
        let cpp =
            Row::parse_csv("cpp,sgemm_2,f32/f32/f32,nt,4096,4096,4096,3.0416,45.187,3.308e-03,ok")
                .unwrap();
        assert!((cpp.tflops() - 45.187).abs() < 0.01);
        assert!(Row::parse_csv("cpp,sgemm_2,nt,4096,4096,4096,3.0416,45.187,3.3e-7,ok").is_none());
        let t = table(&rows, "test device");
        assert!(
            t.contains(
                "| 4096x4096x4096 | nt | f32/f32/f32 | sgemm_2 | 45.2 (88%) | 45.2 (88%) | 51.5 |"
            ),
            "{t}"
        );
        assert!(
            t.contains(
                "| 4096x4096x4096 | nt | f32/f32/f32 | sgemm_1 | FAILED | fails (exit status: 2: \
                 CUDA error an illegal memory access was encountered) | 51.5 |"
            ),
            "{t}"
        );
        assert!(
            t.contains("| 4096x4096x4096 | nt | f32/f32/f32 | cuBLASLt (heuristic's best) | - | - | 51.5 (100%) |"),
            "{t}"
        );
        assert!(
            t.contains(
                "| 4096x4096x4096 | nt | f16/f32/f16 | wgmma_sm90 | - | 250.0 (50%) | 500.0 |"
            ),
            "{t}"
        );
    }

    /// A stand-in for the C++ harness that crashes on one shape and variant, as the tutorials
    /// do on shapes that are not tile multiples: that row is marked, the others are measured;
    /// variants of another input type or layout are not run.
    #[cfg(unix)]
    #[test]
    fn a_crashing_peer_costs_only_its_row() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("cute-bench-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bin = dir.join("fake_harness");
        std::fs::write(
            &bin,
            r#"#!/bin/sh
if [ "$1" = --list ]; then
  echo sgemm_1,f32/f32/f32,nt; echo sgemm_2,f32/f32/f32,tn; echo wgmma_sm90,f16/f16/f16,tn
  echo sgemm_2,f32/f32/f32,tt
  exit 0
fi
if [ "$2" = 1000,1000,1000 ] && [ "$4" = sgemm_1,f32/f32/f32,nt ]; then
  echo "CUDA error an illegal memory access was encountered at /tmp/tutorial_bench.cu:137" >&2
  exit 2
fi
if [ "$4" = wgmma_sm90,f16/f16/f16,tn ]; then exit 3; fi
k=${4%%,*}; l=${4##*,}
echo "cpp,$k,f32/f32/f32,$l,$2,2.0000,1.000,1.000e-03,ok"
"#,
        )
        .unwrap();
        std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).unwrap();
        let shapes = [parse_shape("4096").unwrap(), parse_shape("1000").unwrap()];
        let rows = run_cpp(&bin, 20, &shapes, Dtype::F32, &DEFAULT_LAYOUTS).unwrap();
        let f16 = run_cpp(&bin, 20, &shapes[..1], Dtype::F16, &DEFAULT_LAYOUTS).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(rows.len(), 4, "{rows:?}");
        let bad: Vec<&Row> = rows.iter().filter(|r| r.failure.is_some()).collect();
        assert_eq!(bad.len(), 1, "{rows:?}");
        assert_eq!(
            (bad[0].kernel.as_str(), bad[0].layout.as_str(), bad[0].shape),
            ("sgemm_1", "nt", shapes[1])
        );
        assert_eq!(
            bad[0].failure.as_deref(),
            Some("exit status: 2: CUDA error an illegal memory access was encountered")
        );
        assert!(rows
            .iter()
            .filter(|r| r.failure.is_none())
            .all(|r| r.checked && r.median_ms == 2.0));
        assert_eq!(f16.len(), 1, "{f16:?}");
        assert_eq!(f16[0].kernel, "wgmma_sm90");
        assert_eq!(f16[0].failure.as_deref(), Some("exit status: 3"));
        // a harness that cannot run at all is an error naming it
        let e = run_cpp(
            &dir.join("missing"),
            20,
            &shapes,
            Dtype::F32,
            &DEFAULT_LAYOUTS,
        )
        .unwrap_err();
        assert!(e.to_string().contains("missing --list: cannot run"), "{e}");
    }

    /// The bytes of the language model's output layer over 16384 tokens: its operands, C in f32
    /// at most, and a block of 1 GiB of the f32 reference (no SGEMM operands); on the host, A
    /// and B, the reference, a result and its download. A cube of 4096 keeps the SGEMMs.
    #[test]
    fn memory_of_a_large_problem() {
        let s = GemmShape {
            m: 16384,
            n: 128256,
            k: 4096,
        };
        let (ab, mn) = ((16384 + 128256) * 4096, 16384 * 128256);
        assert_eq!(device_bytes(s, Dtype::Bf16), 2 * ab + 4 * mn + (1 << 30));
        assert_eq!(host_bytes(s), 4 * ab + 12 * mn + 16 * (16384 + 128256));
        let c = GemmShape {
            m: 4096,
            n: 4096,
            k: 4096,
        };
        let (ab, mn) = (2 * 4096 * 4096, 4096 * 4096);
        assert_eq!(
            device_bytes(c, Dtype::F16),
            2 * ab + 4 * mn + 12 * (ab + mn)
        );
    }

    /// Against the f32 reference of a large problem (the norms' scales), a correct result
    /// passes, one element off by 2% of its scale and a NaN fail.
    #[test]
    fn compare_with_the_norms() {
        use crate::gemm::{GemmInputs, Rng};
        let mut rng = Rng::new(43);
        let shape = GemmShape { m: 7, n: 5, k: 512 };
        for layout in GemmLayout::ALL {
            let types = GemmTypes::BF16_F32_BF16;
            let inp = GemmInputs::random_typed(&mut rng, types, shape, layout, 1.0, 0.0);
            let (mut r, mut c) = (vec![0f32; 35], vec![0f32; 35]);
            for j in 0..shape.n {
                for i in 0..shape.m {
                    let dot: f64 = (0..shape.k)
                        .map(|kk| {
                            inp.a[layout.a_offset(shape, i, kk)] as f64
                                * inp.b[layout.b_offset(shape, j, kk)] as f64
                        })
                        .sum();
                    r[i + j * shape.m] = dot as f32;
                    c[i + j * shape.m] = types.output.round(dot as f32);
                }
            }
            let scale = Scale::Norms {
                norms: RowNorms::new(&inp.a, &inp.b, layout, shape),
                m: shape.m,
            };
            let bounds = [
                error_bound(types, shape.k),
                reference_bound(Dtype::Bf16, shape.k),
            ];
            let (w, ok) = compare(&c, &r, &scale, &bounds);
            assert!(ok && w < 1.0, "{layout}: {w}");
            let mag: f32 = (0..shape.k)
                .map(|kk| {
                    (inp.a[layout.a_offset(shape, 3, kk)] * inp.b[layout.b_offset(shape, 2, kk)])
                        .abs()
                })
                .sum();
            let mut off = c.clone();
            off[3 + 2 * shape.m] += 0.02 * mag;
            assert!(!compare(&off, &r, &scale, &bounds).1, "{layout}");
            off[3 + 2 * shape.m] = f32::NAN;
            assert_eq!(compare(&off, &r, &scale, &bounds), (f64::INFINITY, false));
        }
    }

    /// The table says which problems were checked against the f32 reference of large problems.
    #[test]
    fn the_table_names_the_large_problems_reference() {
        let s = GemmShape {
            m: 16384,
            n: 128256,
            k: 4096,
        };
        let rows = [
            made("cublas", "gemmex", "bf16/f32/bf16", s, 700.0),
            made("ours", "hopper", "bf16/f32/bf16", s, 710.0),
        ];
        let t = table(&rows, "a GPU");
        assert!(
            t.contains(
                "Checked against cuBLAS SGEMM (FP32, no TF32), except 16384x128256x4096: above \
                 2^44 FLOPs or 2^28 elements of C, against cuBLAS's GEMM of the input type with \
                 f32 accumulation and output (as cute gemm --check there)\n"
            ),
            "{t}"
        );
        let small = [made(
            "ours",
            "hopper",
            "bf16/f32/bf16",
            GemmShape {
                m: 64,
                n: 64,
                k: 64,
            },
            1.0,
        )];
        assert!(!table(&small, "a GPU").contains("Checked against"));
    }

    #[test]
    fn compare_rejects_nan_and_large_errors() {
        let r = [1.0f32, 2.0, 3.0];
        let scale = Scale::Sums {
            mag: vec![10.0; 3],
            rss: vec![2.0; 3],
        };
        let b = ErrorBound {
            out: 0.0,
            acc_worst: 1e-4,
            acc_rss: 1.0, // the worst-case term (1e-3) is the smaller here
            split_rss: 0.0,
            underflow: 0.0,
        };
        assert_eq!(compare(&[1.0, 2.0, 3.0], &r, &scale, &[b]), (0.0, true));
        let (w, ok) = compare(&[1.0, 2.0 + 2e-3, 3.0], &r, &scale, &[b]);
        assert!(!ok && w > 1.5, "{w}");
        let (w, ok) = compare(&[1.0, 2.0 + 5e-4, 3.0], &r, &scale, &[b]);
        assert!(ok && w < 1.0, "{w}");
        // two bounds add up; the split allowance scales with rss
        let (w, ok) = compare(&[1.0, 2.0 + 1.5e-3, 3.0], &r, &scale, &[b, b]);
        assert!(ok && w < 1.0, "{w}");
        let split = ErrorBound {
            split_rss: 1e-3,
            ..b
        };
        let (w, ok) = compare(&[1.0, 2.0 + 2.5e-3, 3.0], &r, &scale, &[split]);
        assert!(ok && w < 1.0, "{w}");
        assert_eq!(
            compare(&[1.0, f32::NAN, 3.0], &r, &scale, &[b]),
            (f64::INFINITY, false)
        );
    }
}
