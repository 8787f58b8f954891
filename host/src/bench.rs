//! `cute bench`: the GEMM benchmark table. Our kernels, the C++ CuTe tutorials (through the
//! harness `benches/cpp/tutorial_bench.cu`, run as a child process) and cuBLAS SGEMM, on the
//! same shapes in one run.
//!
//! Method (DESIGN.md, Benchmarks): fresh random inputs in [-1, 1] per shape; every kernel's
//! output is poisoned with NaN, computed once and checked element by element against cuBLAS
//! before it is timed: `|c - c_ref| <= 1e-5 * (|A||B|)_ij`, the bound computed by cuBLAS on the
//! absolute values. Timing: CUDA events around each launch, 3 warm-up launches, the median of
//! `iters` (at least 20) timed launches. cuBLAS runs in `CUBLAS_PEDANTIC_MATH` mode: FP32
//! arithmetic, no TF32.
//!
//! A peer that fails does not stop the run: the C++ harness runs as one child process per
//! shape and variant (the tutorials assume tile-divisible shapes and crash on others, which
//! poisons the CUDA context of the process that launched them), and a variant that crashes,
//! errors or hangs becomes a row marked `fails (reason)`; so does one of our kernels that
//! returns an error.

use std::fmt::Write as _;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use cudarc::cublas::sys::{cublasMath_t, cublasOperation_t};
use cudarc::cublas::{CudaBlas, Gemm, GemmConfig};
use cudarc::driver::CudaSlice;

use crate::error::Error;
use crate::gemm::{self, GemmLayout, GemmShape, Kernel, Rng};

/// The tolerance of [`compare`]: relative to `(|A||B|)_ij`, per element.
pub const TOLERANCE: f64 = 1e-5;
use crate::gpu::{median, Gpu};

/// Both layouts, in table order.
const LAYOUTS: [GemmLayout; 2] = [GemmLayout::Nt, GemmLayout::Tn];

/// The fewest timed launches the benchmark accepts.
pub const MIN_ITERS: usize = 20;

/// Parses a problem size `M,N,K` (or a single `N` for a cube); every extent positive.
pub fn parse_shape(s: &str) -> Option<GemmShape> {
    let v: Vec<usize> = s
        .split(',')
        .map(|x| x.trim().parse().ok().filter(|&n| n > 0))
        .collect::<Option<_>>()?;
    match v[..] {
        [n] => Some(GemmShape { m: n, n, k: n }),
        [m, n, k] => Some(GemmShape { m, n, k }),
        _ => None,
    }
}

/// One measured line of the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// `ours`, `cpp` (the C++ CuTe tutorial) or `cublas`.
    pub implementation: String,
    /// `sgemm_1`, `sgemm_2` or `sgemm` (cuBLAS).
    pub kernel: String,
    /// `nt` or `tn`.
    pub layout: String,
    /// The problem.
    pub shape: GemmShape,
    /// Median milliseconds of one launch.
    pub median_ms: f64,
    /// The largest `|c - c_ref| / (|A||B|)_ij` seen (0 for the reference itself).
    pub max_rel_err: f64,
    /// Whether the result met [`TOLERANCE`] at every element.
    pub checked: bool,
    /// Why there is no result, when the implementation failed to produce one (it crashed,
    /// returned an error or timed out); `checked` is then false.
    pub failure: Option<String>,
}

impl Row {
    /// TFLOP/s at the median time.
    pub fn tflops(&self) -> f64 {
        self.shape.flops() / (self.median_ms * 1e-3) * 1e-12
    }
    /// A row for an implementation that produced no result, saying why.
    pub fn failed(
        implementation: &str,
        kernel: &str,
        layout: &str,
        shape: GemmShape,
        why: &str,
    ) -> Row {
        Row {
            implementation: implementation.into(),
            kernel: kernel.into(),
            layout: layout.into(),
            shape,
            median_ms: f64::NAN,
            max_rel_err: f64::NAN,
            checked: false,
            failure: Some(why.into()),
        }
    }
    /// The raw CSV line (`impl,kernel,layout,M,N,K,median_ms,tflops,max_rel_err,checked`);
    /// `checked` is `ok`, `FAILED` (wrong results) or `fails: <reason>` (no result).
    pub fn csv(&self) -> String {
        format!(
            "{},{},{},{},{},{},{:.4},{:.3},{:.3e},{}",
            self.implementation,
            self.kernel,
            self.layout,
            self.shape.m,
            self.shape.n,
            self.shape.k,
            self.median_ms,
            self.tflops(),
            self.max_rel_err,
            match &self.failure {
                // the reason is one CSV field: no commas or line breaks
                Some(why) => format!("fails: {}", why.replace([',', '\n', '\r'], ";")),
                None if self.checked => "ok".into(),
                None => "FAILED".into(),
            }
        )
    }
    /// Parses a line of the C++ harness's output (the same CSV form).
    pub fn parse_csv(line: &str) -> Option<Row> {
        let f: Vec<&str> = line.trim().split(',').collect();
        if f.len() != 10 {
            return None;
        }
        Some(Row {
            implementation: f[0].to_string(),
            kernel: f[1].to_string(),
            layout: f[2].to_string(),
            shape: GemmShape {
                m: f[3].parse().ok()?,
                n: f[4].parse().ok()?,
                k: f[5].parse().ok()?,
            },
            median_ms: f[6].parse().ok()?,
            max_rel_err: f[8].parse().ok()?,
            checked: f[9] == "ok" || f[9] == "reference",
            failure: f[9].strip_prefix("fails: ").map(str::to_string),
        })
    }
}

/// What a benchmark run needs.
pub struct Options<'a> {
    /// Problem sizes.
    pub shapes: Vec<GemmShape>,
    /// Timed launches per measurement (at least [`MIN_ITERS`]).
    pub iters: usize,
    /// Our kernels to time.
    pub kernels: Vec<Kernel>,
    /// The C++ tutorial harness binary, if any.
    pub cpp: Option<&'a Path>,
    /// The seed of the inputs (printed with the table so a run can be repeated).
    pub seed: u64,
}

/// Runs the benchmark: for each shape and layout, cuBLAS (the reference), then each of our
/// kernels; then the C++ harness on the same shapes. Returns every row; a failed check is a
/// row with `checked == false`, and a kernel or peer that produced no result a row with its
/// `failure`, not an error. `Err` only when cuBLAS (the reference) or the GPU itself fails.
pub fn run(gpu: &Gpu, opts: &Options) -> Result<Vec<Row>, Error> {
    let stream = gpu.stream();
    let blas = CudaBlas::new(stream.clone())?;
    // SAFETY: the handle is valid for the life of `blas`; pedantic math = FP32, no TF32.
    unsafe {
        cudarc::cublas::sys::cublasSetMathMode(*blas.handle(), cublasMath_t::CUBLAS_PEDANTIC_MATH)
            .result()?;
    }
    let iters = opts.iters.max(MIN_ITERS);
    let mut rows = Vec::new();
    let mut rng = Rng::new(opts.seed);
    for &shape in &opts.shapes {
        let GemmShape { m, n, k } = shape;
        let ha: Vec<f32> = (0..m * k).map(|_| rng.uniform()).collect();
        let hb: Vec<f32> = (0..n * k).map(|_| rng.uniform()).collect();
        let abs = |v: &[f32]| v.iter().map(|x| x.abs()).collect::<Vec<f32>>();
        let a = stream.clone_htod(&ha)?;
        let b = stream.clone_htod(&hb)?;
        let a_abs = stream.clone_htod(&abs(&ha))?;
        let b_abs = stream.clone_htod(&abs(&hb))?;
        let mut c = stream.alloc_zeros::<f32>(m * n)?;
        let mut c_ref = stream.alloc_zeros::<f32>(m * n)?;
        let mut bound = stream.alloc_zeros::<f32>(m * n)?;
        let nan = vec![f32::NAN; m * n];
        for layout in LAYOUTS {
            let cfg = gemm_config(layout, shape);
            // SAFETY: the buffers hold m*k, n*k and m*n floats, as cfg's leading dims say.
            let cublas = |x: &CudaSlice<f32>, y: &CudaSlice<f32>, z: &mut CudaSlice<f32>| unsafe {
                blas.gemm(cfg, x, y, z).map_err(Error::from)
            };
            cublas(&a, &b, &mut c_ref)?;
            cublas(&a_abs, &b_abs, &mut bound)?;
            let href = stream.clone_dtoh(&c_ref)?;
            let hbound = stream.clone_dtoh(&bound)?;
            let times = gpu.time_ms(3, iters, || cublas(&a, &b, &mut c))?;
            rows.push(Row {
                implementation: "cublas".into(),
                kernel: "sgemm".into(),
                layout: layout.to_string(),
                shape,
                median_ms: median(&times) as f64,
                max_rel_err: 0.0,
                checked: true,
                failure: None,
            });
            for kernel in &opts.kernels {
                stream.memcpy_htod(&nan, &mut c)?;
                let ours = |c: &mut CudaSlice<f32>| {
                    gemm::sgemm(gpu, *kernel, layout, shape, 1.0, &a, &b, 0.0, c)
                };
                let measured = ours(&mut c).and_then(|()| {
                    let hc = stream.clone_dtoh(&c)?;
                    let (max_rel_err, checked) = compare(&hc, &href, &hbound);
                    let times = gpu.time_ms(3, iters, || ours(&mut c))?;
                    Ok((median(&times) as f64, max_rel_err, checked))
                });
                let (k, l) = (kernel.to_string(), layout.to_string());
                rows.push(match measured {
                    Ok((median_ms, max_rel_err, checked)) => Row {
                        implementation: "ours".into(),
                        kernel: k,
                        layout: l,
                        shape,
                        median_ms,
                        max_rel_err,
                        checked,
                        failure: None,
                    },
                    Err(e) => Row::failed("ours", &k, &l, shape, &e.to_string()),
                });
            }
        }
    }
    if let Some(cpp) = opts.cpp {
        rows.extend(run_cpp(cpp, iters, &opts.shapes)?);
    }
    Ok(rows)
}

/// cuBLAS's column-major view of a tutorial-layout problem: `C(M,N) = op(A) op(B)`.
fn gemm_config(layout: GemmLayout, s: GemmShape) -> GemmConfig<f32> {
    use cublasOperation_t::{CUBLAS_OP_N, CUBLAS_OP_T};
    let (lda, ldb, _) = layout.leading_dims(s);
    let transa = if layout.a_m_major() {
        CUBLAS_OP_N
    } else {
        CUBLAS_OP_T
    };
    let transb = if layout.b_n_major() {
        CUBLAS_OP_T
    } else {
        CUBLAS_OP_N
    };
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

/// The largest `|c - r| / bound` and whether every element is within [`TOLERANCE`] (a NaN,
/// e.g. an element never written, fails).
pub fn compare(c: &[f32], reference: &[f32], bound: &[f32]) -> (f64, bool) {
    let mut worst = 0.0f64;
    let mut ok = c.len() == reference.len();
    for ((&x, &r), &b) in c.iter().zip(reference).zip(bound) {
        let err = (x as f64 - r as f64).abs() / (b as f64).max(1e-30);
        if err.is_nan() || err > TOLERANCE {
            ok = false;
        }
        if err.is_nan() {
            worst = f64::INFINITY;
        } else if err > worst {
            worst = err;
        }
    }
    (worst, ok)
}

/// How long one C++ harness run (one shape, one variant) may take before it counts as hung.
const CPP_TIMEOUT: Duration = Duration::from_secs(600);

/// Runs the C++ tutorial harness: `--list` gives its variants (`kernel,layout` lines), then one
/// child process per shape and variant (`ITERS M,N,K --only kernel,layout`), so a variant that
/// crashes on a shape costs only its own row, marked with why it failed. `Err` only when the
/// harness cannot list its variants.
fn run_cpp(bin: &Path, iters: usize, shapes: &[GemmShape]) -> Result<Vec<Row>, Error> {
    let listed = run_child(Command::new(bin).arg("--list"))
        .map_err(|why| Error::Bench(format!("{} --list: {why}", bin.display())))?;
    let variants: Vec<(String, String)> = listed
        .lines()
        .filter_map(|l| l.trim().split_once(','))
        .map(|(k, l)| (k.to_string(), l.to_string()))
        .collect();
    if variants.is_empty() {
        return Err(Error::Bench(format!(
            "{} --list printed no variants",
            bin.display()
        )));
    }
    let mut rows = Vec::new();
    for &s in shapes {
        for (kernel, layout) in &variants {
            let mut cmd = Command::new(bin);
            cmd.arg(iters.to_string())
                .arg(format!("{},{},{}", s.m, s.n, s.k))
                .args(["--only", &format!("{kernel},{layout}")]);
            match run_child(&mut cmd) {
                Ok(stdout) => {
                    let got: Vec<Row> = stdout.lines().filter_map(Row::parse_csv).collect();
                    if got.is_empty() {
                        rows.push(Row::failed("cpp", kernel, layout, s, "printed no result"));
                    }
                    rows.extend(got);
                }
                Err(why) => rows.push(Row::failed("cpp", kernel, layout, s, &why)),
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

/// The table: per shape, layout and kernel, TFLOP/s of ours, the C++ tutorial and cuBLAS, and
/// each as a fraction of cuBLAS. A row whose check failed shows `FAILED` instead of a figure.
pub fn table(rows: &[Row], device: &str) -> String {
    let mut t = String::new();
    let _ = writeln!(
        t,
        "GEMM f32, {device}: TFLOP/s (fraction of cuBLAS), median of timed launches"
    );
    let _ = writeln!(t);
    let _ = writeln!(
        t,
        "| M x N x K | layout | kernel | ours | C++ CuTe | cuBLAS |"
    );
    let _ = writeln!(t, "|---|---|---|---|---|---|");
    let mut shapes: Vec<GemmShape> = Vec::new();
    for r in rows {
        if !shapes.contains(&r.shape) {
            shapes.push(r.shape);
        }
    }
    let find = |imp: &str, kernel: &str, layout: &str, s: GemmShape| {
        rows.iter().find(|r| {
            r.implementation == imp && r.kernel == kernel && r.layout == layout && r.shape == s
        })
    };
    for s in shapes {
        for layout in LAYOUTS {
            let l = &layout.to_string();
            let Some(blas) = find("cublas", "sgemm", l, s) else {
                continue;
            };
            let cell = |r: Option<&Row>| match r {
                None => "-".to_string(),
                Some(Row {
                    failure: Some(why), ..
                }) => format!("fails ({why})"),
                Some(r) if !r.checked => "FAILED".to_string(),
                Some(r) => format!(
                    "{:.1} ({:.0}%)",
                    r.tflops(),
                    100.0 * r.tflops() / blas.tflops()
                ),
            };
            for kernel in ["sgemm_1", "sgemm_2"] {
                let _ = writeln!(
                    t,
                    "| {}x{}x{} | {l} | {kernel} | {} | {} | {:.1} |",
                    s.m,
                    s.n,
                    s.k,
                    cell(find("ours", kernel, l, s)),
                    cell(find("cpp", kernel, l, s)),
                    blas.tflops()
                );
            }
        }
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
        for bad in ["", "1,2", "0,1,1", "a,b,c", "1,2,3,4", "-1"] {
            assert_eq!(parse_shape(bad), None, "{bad}");
        }
    }

    #[test]
    fn csv_round_trips_and_table_shows_fractions() {
        let s = GemmShape {
            m: 4096,
            n: 4096,
            k: 4096,
        };
        let row = |imp: &str, kernel: &str, ms: f64, checked| Row {
            implementation: imp.into(),
            kernel: kernel.into(),
            layout: "nt".into(),
            shape: s,
            median_ms: ms,
            max_rel_err: 3.3e-7,
            checked,
            failure: None,
        };
        let rows = vec![
            row("cublas", "sgemm", 2.6699, true),
            row("ours", "sgemm_2", 3.0416, true),
            row("cpp", "sgemm_2", 3.0416, true),
            row("ours", "sgemm_1", 1.0, false),
            Row::failed(
                "cpp",
                "sgemm_1",
                "nt",
                s,
                "exit status: 2: CUDA error an illegal memory access was encountered",
            ),
        ];
        for r in &rows {
            let back = Row::parse_csv(&r.csv()).unwrap();
            assert_eq!(back.kernel, r.kernel);
            assert_eq!(back.checked, r.checked);
            assert_eq!(back.failure, r.failure);
            assert!(r.failure.is_some() || (back.median_ms - r.median_ms).abs() < 1e-4);
        }
        // a line of the C++ harness (measured on an H100)
        let cpp =
            Row::parse_csv("cpp,sgemm_2,nt,4096,4096,4096,3.0416,45.187,3.308e-07,ok").unwrap();
        assert!((cpp.tflops() - 45.187).abs() < 0.01);
        let t = table(&rows, "test device");
        assert!(
            t.contains("| 4096x4096x4096 | nt | sgemm_2 | 45.2 (88%) | 45.2 (88%) | 51.5 |"),
            "{t}"
        );
        assert!(
            t.contains(
                "| 4096x4096x4096 | nt | sgemm_1 | FAILED | fails (exit status: 2: CUDA error an \
                 illegal memory access was encountered) | 51.5 |"
            ),
            "{t}"
        );
    }

    /// A stand-in for the C++ harness that crashes on one shape and variant, as the tutorials
    /// do on shapes that are not tile multiples: that row is marked, the others are measured.
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
if [ "$1" = --list ]; then echo sgemm_1,nt; echo sgemm_2,tn; exit 0; fi
if [ "$2" = 1000,1000,1000 ] && [ "$4" = sgemm_1,nt ]; then
  echo "CUDA error an illegal memory access was encountered at /tmp/tutorial_bench.cu:137" >&2
  exit 2
fi
k=${4%,*}; l=${4#*,}
echo "cpp,$k,$l,$2,2.0000,1.000,1.000e-07,ok"
"#,
        )
        .unwrap();
        std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).unwrap();
        let shapes = [parse_shape("4096").unwrap(), parse_shape("1000").unwrap()];
        let rows = run_cpp(&bin, 20, &shapes).unwrap();
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
        // a harness that cannot run at all is an error naming it
        let e = run_cpp(&dir.join("missing"), 20, &shapes).unwrap_err();
        assert!(e.to_string().contains("missing --list: cannot run"), "{e}");
    }

    #[test]
    fn compare_rejects_nan_and_large_errors() {
        let r = [1.0f32, 2.0, 3.0];
        let b = [10.0f32, 10.0, 10.0];
        assert_eq!(compare(&[1.0, 2.0, 3.0], &r, &b), (0.0, true));
        let (w, ok) = compare(&[1.0, 2.0 + 1e-3, 3.0], &r, &b);
        assert!(!ok && (w - 1e-4).abs() < 1e-6);
        assert_eq!(
            compare(&[1.0, f32::NAN, 3.0], &r, &b),
            (f64::INFINITY, false)
        );
    }
}
