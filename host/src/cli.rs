//! The `cute` command line: `eval`, `layout`, `demo`, `gemm`, `bench`, `svg`, `banks`.

use std::io::{BufRead, Write};

use cute_core::dynamic::print_layout;

use crate::bench;
use crate::epilogue::EpilogueOp;
use crate::error::Error;
use crate::eval::{eval_str, Value};
use crate::gemm::{
    error_bound, run_gemm, CheckReport, CheckScope, Dtype, GemmInputs, GemmLayout, GemmShape,
    GemmTypes, Kernel, Reference, Rng,
};
use crate::gpu::Gpu;

/// The usage text.
pub const USAGE: &str = "\
usage: cute <command> [arguments]

commands:
  cute eval EXPR...     evaluate each expression; one result line per expression
  cute eval -           the same, one expression per line of standard input
  cute layout EXPR      print the layout as a 2-D grid of offsets (CuTe's print_layout)
  cute demo             show a few layouts and what the algebra does with them; with a GPU,
                        also run and check sgemm_1 and sgemm_2 (NT, TN) at 2048^3, and on
                        a Hopper GPU the Hopper GEMM (bf16 TN 4096^3) beside cuBLAS
  cute gemm [options]   run an SGEMM on the GPU, check it, print TFLOP/s (see below)
  cute bench [options] SHAPE...
                        the GEMM benchmark table: our kernels, the C++ CuTe tutorials, cuBLAS
  cute bench --plot FILE.svg --from RAW.csv
                        the chart of a raw CSV that --raw wrote, without a GPU
  cute help             show this text

Expressions use CuTe's notation and function names, e.g.
  cute eval 'composition((4,8):(1,4), (2,4):(1,2))' 'complement((2,4):(1,2), 16)'
  cute eval '(2,4):(2,2)(5)' 'Sw<3,4,3>(200)' 'slice((1,_), (4,8):(8,1))'
A leading '_' marks a static integer (_4). A failing expression prints
'error: <reason>' in its place; the exit status is then 1. Atoms are written as C++ types
and x.f(a) is f(x, a), so TiledMMAs and TiledCopys read as in C++ (and print as C++ prints
them, on several lines):
  cute eval 'make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, (2,2,1), (32,32,16)).get_layoutC_TV()'
  cute eval 'make_tiled_copy(Copy_Atom<SM75_U32x4_LDSM_N, half_t>, (32,1), (1,8))'
  cute eval 'make_tiled_mma(SM90_64x128x16_F32F16F16_SS<GMMA::Major::K,GMMA::Major::K>)
             .get_slice(5).partition_C(make_identity_tensor((_128,_128)))'

cute gemm [--kernel NAME [--config MEMBER]] [--dtype f32|f16|bf16|e4m3|e5m2] [--acc T] [--out T]
          [--layout nt|tn|nn|tt] [M N K | --m M --n N --k K] [--check] [--iters N]
          [--alpha A] [--beta B] [--epilogue OP] [--explain]
  C = alpha*A*B^T + beta*C on random inputs (defaults: 4096^3, sgemm_1, f32, nt, 20
  iterations, alpha 1, beta 0). NAME is a registered kernel (`cute gemm --list` shows each
  with its element types in/acc/out and layouts, and the members of the Hopper family with
  their tile, schedule, stages and shared memory); --config MEMBER runs a member of `--kernel
  hopper`, which otherwise picks one by the shape, and a split of K (--explain says which and
  why, without running it); --dtype picks A's and B's type and the
  kernel's first types with that input, --acc and --out pick among its others. Inputs are
  rounded to their type (e4m3/e5m2: at a per-tensor power-of-two scale, which the kernel
  folds into alpha; TN only, by the 8-bit members); C is poisoned with NaN first when beta is 0. nt: A is MxK m-major,
  B NxK n-major; tn: both k-major; nn: A m-major, B k-major; tt: A k-major, B n-major; C is
  MxN m-major. --check compares every element with a float64 reference (cuBLAS DGEMMs), within
  2u_out|c| + min(2u_acc K sum|ab|, 16u_acc sqrt(K) ||ab||_2) + (K+2)e_acc + e_out (u: unit
  roundoff of the type, e: half its smallest subnormal; the products ab over k); above 2^44
  FLOPs or 2^28 elements of C, with cuBLAS's GEMM of the same inputs in f32 (f32 accumulation
  and output), within that bound plus the reference's own, sum|ab| and ||ab||_2 bounded by the
  rows' norms; the line says which. M, N and K go up to 2^31-1; a kernel with 32-bit offsets
  takes matrices of at most 2^31-1 elements (--kernel hopper any that fit in memory).
  --epilogue OP fuses C = act(alpha*A*B^T + beta*C + bias) * scale into --kernel hopper (TN,
  bf16 or f16 in and out): OP is a comma-separated list of bias (M values, one per row of C)
  or colbias (N values), an activation (relu, gelu (tanh form), gelu_erf, silu), aux (the
  pre-activation to a second MxN output), scale=S; e.g. bias,gelu. The bias is random, and
  --check compares D and the aux output with the float64 reference of the same ops. Exit
  status: 0 ok, 1 check or GPU failure, 2 usage error, 3 no GPU.

cute bench [--dtype f32|f16|bf16|e4m3|e5m2] [--out T] [--kernels K1,K2] [--layouts nt,tn,nn,tt] [--iters N]
           [--cpp HARNESS] [--raw FILE] [--plot FILE.svg] [--seed S] [--shapes FILE]
           [--splits S1,S2] [--epilogue OP] SHAPE...
  SHAPE is M,N,K or N (a cube); default 4096 and 8192; layouts default nt,tn; dtype f32.
  --shapes FILE adds FILE's shapes, one per line ('#' lines are comments), e.g. the
  language-model suite benches/shapes/llm.txt.
  For each shape, layout and element types (f32: f32/f32/f32; f16: f16/f16/f16 and
  f16/f32/f16; bf16: bf16/f32/bf16; e4m3, e5m2: */f32/bf16; plus any in/acc/out our kernels
  have for that input; --out T keeps those with output T): cuBLAS (cublasSgemm, or cublasGemmEx; none for 8-bit inputs),
  cuBLASLt (the heuristic's best algorithm; for 8-bit inputs, per-tensor scales as alpha,
  with and without CUBLASLT_MATMUL_DESC_FAST_ACCUM: matmul, matmul_fastacc), then our
  registered kernels for the dtype (or --kernels) whose conditions the problem meets (a
  kernel that `cute gemm` would refuse is left out), each output NaN-poisoned and checked
  against cuBLAS SGEMM (FP32, no TF32) on the same inputs at every element, within the types'
  error bound plus the reference's (above 2^44 FLOPs or 2^28 elements of C against cuBLAS's
  GEMM of the input type in f32, as cute gemm --check), then timed with CUDA events (median of N >= 20 batches
  of back-to-back launches, each launch reading another copy of A and B when one copy fits
  in the L2 cache). For M <= 128, the fraction of the memory roofline (bytes of A, B and C
  over the time, over the copy bandwidth of a 1 GiB cuMemcpyDtoD). --cpp runs the C++ CuTe
  tutorial harness (benches/cpp/tutorial_bench.cu, see benches/gpu_bench.sh) on the same
  shapes for the dtype. Prints a markdown table ending with, per kernel of ours, the
  geometric mean and worst of its TFLOP/s over the best of cuBLAS and cuBLASLt per problem;
  --raw writes every measurement as CSV. --plot draws them as an SVG bar chart: TFLOP/s per
  problem, a bar for each kernel of ours (and C++ tutorial) beside the better of cuBLAS and
  cuBLASLt, the legend giving each kernel's geometric mean over the best cuBLAS; with --from
  RAW.csv (and no other option) it draws a CSV that --raw wrote, without a GPU. --splits
  times each kernel of the Hopper family once per split of K listed (1 to 64, or auto: the
  heuristic's), as kernels NAME/sS and NAME/auto (benches/heuristic/sweep.sh). Exit status:
  0 ok, 1 a check or run of ours failed (or the CSV cannot be drawn), 2 usage error, 3 no GPU.
";

pub use crate::status::{FAILED, NO_GPU, OK, USAGE_ERROR};

/// One result line: the value, or `error: <reason>`; and whether it failed.
pub fn eval_line(src: &str) -> (String, bool) {
    match eval_str(src) {
        Ok(v) => (v.to_string(), false),
        Err(e) => (format!("error: {e}"), true),
    }
}

fn eval_stream(input: &mut dyn BufRead, out: &mut dyn Write) -> std::io::Result<bool> {
    let mut any_failed = false;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            return Ok(any_failed);
        }
        if buf.last() == Some(&b'\n') {
            buf.pop();
        }
        let line = String::from_utf8_lossy(&buf);
        let (text, failed) = eval_line(&line);
        any_failed |= failed;
        writeln!(out, "{text}")?;
    }
}

const DEMO: &[&str] = &[
    "(2,4):(2,2)(5)",
    "coalesce((2,(1,6)):(1,(6,2)))",
    "composition((4,8):(1,4), (2,4):(1,2))",
    "complement((2,4):(1,2), 16)",
    "right_inverse((4,2):(2,1))",
    "logical_divide((_4,_8):(_8,_1), (_2,_4))",
    "zipped_divide((_4,_8):(_8,_1), (_2,_4))",
    "blocked_product((_2,_2):(_1,_2), (_3,_2):(_1,_3))",
    "slice((1,_), (4,8):(8,1))",
    "Sw<3,4,3>(200)",
    "shape_div(3, 2)",
];

const DEMO_GRID: &str = "blocked_product((_2,_2):(_1,_2), (_3,_2):(_1,_3))";

/// The Hopper GEMM's problem in `cute demo` (on an sm_90a GPU).
const DEMO_HOPPER: GemmShape = GemmShape {
    m: 4096,
    n: 4096,
    k: 4096,
};

/// The problem the demo's GPU part multiplies with each kernel and layout.
const DEMO_GEMM: GemmShape = GemmShape {
    m: 2048,
    n: 2048,
    k: 2048,
};

/// `cute demo`: the layout algebra (no GPU needed), then, on a machine with a GPU, every
/// SGEMM kernel in both layouts, checked element by element and timed, and on a Hopper GPU
/// the flagship GEMM beside cuBLAS. Exit status 1 when a GPU run fails.
fn demo(out: &mut dyn Write) -> std::io::Result<i32> {
    demo_layouts(out)?;
    writeln!(out)?;
    if let Some(why) = crate::ptx::MISSING {
        writeln!(out, "GPU: this build has no GPU kernels ({why}).")?;
        return Ok(OK);
    }
    let gpu = match Gpu::new() {
        Ok(g) => g,
        Err(Error::NoDevice(why)) => {
            writeln!(out, "GPU: skipped ({why}).")?;
            writeln!(
                out,
                "On a machine with an NVIDIA GPU the demo also runs sgemm_1 and sgemm_2, NT and TN, \
                 and on a Hopper GPU the Hopper GEMM beside cuBLAS."
            )?;
            return Ok(OK);
        }
        Err(e) => {
            writeln!(out, "GPU: {e}")?;
            return Ok(FAILED);
        }
    };
    let mut rng = Rng::fresh();
    writeln!(
        out,
        "cute gemm on {} ({}): C = A*B^T, (M,N,K) = {DEMO_GEMM}, inputs seed {:#x}, every element checked",
        gpu.name(),
        gpu.arch(),
        rng.state()
    )?;
    let mut code = OK;
    for kernel in [Kernel::SGEMM_1, Kernel::SGEMM_2] {
        for layout in [GemmLayout::Nt, GemmLayout::Tn] {
            let inp = GemmInputs::random(&mut rng, DEMO_GEMM, layout, 1.0, 0.0);
            match run_gemm(&gpu, kernel, &inp, Some(CheckScope::All), 10) {
                Ok(run) => {
                    let r = run.check.expect("the run was checked");
                    writeln!(
                        out,
                        "  {kernel} {layout}: ok (max error {:.1e} of sum|a||b|), {:.1} TFLOP/s",
                        r.max_rel_err,
                        run.tflops(DEMO_GEMM)
                    )?;
                }
                Err(e) => {
                    writeln!(out, "  {kernel} {layout}: {e}")?;
                    code = FAILED;
                }
            }
        }
    }
    if gpu.arch() == "sm_90a" && demo_flagship(out, &gpu)? != OK {
        code = FAILED;
    }
    Ok(code)
}

/// The Hopper flagship in `cute demo`: `cute bench --kernels hopper --dtype bf16 --layouts tn
/// 4096`'s rows (ours and cuBLAS's, each checked at every element first), one line each.
fn demo_flagship(out: &mut dyn Write, gpu: &Gpu) -> std::io::Result<i32> {
    let opts = bench::Options {
        shapes: vec![DEMO_HOPPER],
        iters: bench::MIN_ITERS,
        dtype: Dtype::Bf16,
        layouts: vec![GemmLayout::Tn],
        kernels: vec![Kernel::by_name("hopper").expect("the Hopper GEMM is registered")],
        cpp: None,
        seed: Rng::fresh().state(),
        copy_bandwidth: None,
        splits: Vec::new(),
        out: None,
        epilogue: EpilogueOp::NONE,
    };
    writeln!(
        out,
        "cute bench --kernels hopper --dtype bf16 --layouts tn {}: the Hopper GEMM beside cuBLAS, \
         every result checked",
        DEMO_HOPPER.m
    )?;
    let rows = match bench::run(gpu, &opts) {
        Ok(rows) => rows,
        Err(e) => {
            writeln!(out, "  {e}")?;
            return Ok(FAILED);
        }
    };
    let mut code = OK;
    for r in &rows {
        let name = match r.implementation.as_str() {
            "ours" => r.kernel.clone(),
            "cublas" => "cuBLAS".to_string(),
            "cublaslt" => "cuBLASLt".to_string(),
            other => other.to_string(),
        };
        if let Some(why) = &r.failure {
            writeln!(out, "  {name} {}: {why}", r.types)?;
            code = FAILED;
        } else if !r.checked {
            writeln!(
                out,
                "  {name} {}: wrong result ({:.2} of the bound)",
                r.types, r.max_err_ratio
            )?;
            code = FAILED;
        } else {
            writeln!(out, "  {name} {}: ok, {:.1} TFLOP/s", r.types, r.tflops())?;
        }
    }
    Ok(code)
}

fn demo_layouts(out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(out, "cute eval: each expression and its value")?;
    let width = DEMO.iter().map(|e| e.len()).max().unwrap_or(0);
    for e in DEMO {
        writeln!(out, "  {e:<width$}  =>  {}", eval_line(e).0)?;
    }
    writeln!(out)?;
    writeln!(out, "cute layout '{DEMO_GRID}':")?;
    match eval_str(DEMO_GRID).ok().and_then(|v| match v {
        Value::Layout(l) => print_layout(&l).ok(),
        _ => None,
    }) {
        Some(grid) => write!(out, "{grid}"),
        None => writeln!(out, "error: the demo layout did not evaluate"),
    }
}

fn layout_command(src: &str, out: &mut dyn Write) -> std::io::Result<i32> {
    let result = eval_str(src)
        .map_err(|e| e.to_string())
        .and_then(|v| match v {
            Value::Layout(l) => print_layout(&l).map_err(|e| e.to_string()),
            other => Err(format!("print_layout: {other} is not a layout")),
        });
    match result {
        Ok(grid) => {
            write!(out, "{grid}")?;
            Ok(OK)
        }
        Err(e) => {
            writeln!(out, "error: {e}")?;
            Ok(FAILED)
        }
    }
}

/// The options of `cute gemm`.
#[derive(Debug, Clone, PartialEq)]
pub struct GemmOptions {
    /// `--kernel`.
    pub kernel: Kernel,
    /// `--dtype`, `--acc`, `--out`, resolved against the kernel's types.
    pub types: GemmTypes,
    /// `--layout`.
    pub layout: GemmLayout,
    /// `--list`: print the registered kernels instead of running one.
    pub list: bool,
    /// `--explain`: say which member and split `--kernel hopper` picks, and why, instead of
    /// running it.
    pub explain: bool,
    /// `--m`, `--n`, `--k`.
    pub shape: GemmShape,
    /// `--check`.
    pub check: bool,
    /// `--iters`.
    pub iters: usize,
    /// `--alpha`.
    pub alpha: f32,
    /// `--beta`.
    pub beta: f32,
    /// `--epilogue`.
    pub epilogue: EpilogueOp,
}

/// Parses the arguments of `cute gemm` (after the word `gemm`).
pub fn parse_gemm(args: &[String]) -> Result<GemmOptions, String> {
    let mut o = GemmOptions {
        kernel: Kernel::SGEMM_1,
        types: GemmTypes::F32,
        layout: GemmLayout::Nt,
        list: false,
        explain: false,
        shape: GemmShape {
            m: 4096,
            n: 4096,
            k: 4096,
        },
        check: false,
        iters: 20,
        alpha: 1.0,
        beta: 0.0,
        epilogue: EpilogueOp::NONE,
    };
    let (mut dtype, mut acc, mut out) = (None::<Dtype>, None::<Dtype>, None::<Dtype>);
    let mut sizes: Vec<usize> = Vec::new();
    let mut config: Option<String> = None;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        if flag == "--check" {
            o.check = true;
            continue;
        }
        if flag == "--list" {
            o.list = true;
            continue;
        }
        if flag == "--explain" {
            o.explain = true;
            continue;
        }
        if !flag.starts_with("--") {
            // positional M N K
            match flag.parse::<usize>() {
                Ok(x) if x > 0 && x <= i32::MAX as usize && sizes.len() < 3 => sizes.push(x),
                _ if sizes.len() >= 3 => {
                    return Err(format!("unexpected argument '{flag}' after M N K"))
                }
                _ => {
                    return Err(format!(
                        "M, N and K are whole numbers from 1 to 2147483647, not '{flag}'"
                    ))
                }
            }
            continue;
        }
        let value = match flag.as_str() {
            "--kernel" | "--config" | "--layout" | "--dtype" | "--acc" | "--out" | "--m"
            | "--n" | "--k" | "--iters" | "--alpha" | "--beta" | "--epilogue" => {
                it.next().ok_or_else(|| format!("{flag} needs a value"))?
            }
            _ => return Err(format!("unknown option '{flag}'")),
        };
        let size = |v: &str| -> Result<usize, String> {
            match v.parse::<usize>() {
                Ok(x) if x > 0 && x <= i32::MAX as usize => Ok(x),
                _ => Err(format!(
                    "{flag} takes a whole number from 1 to 2147483647, not '{v}'"
                )),
            }
        };
        let real = |v: &str| -> Result<f32, String> {
            v.parse::<f32>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| format!("{flag} takes a finite number, not '{v}'"))
        };
        match flag.as_str() {
            "--kernel" => o.kernel = value.parse()?,
            "--config" => config = Some(value.clone()),
            "--layout" => o.layout = value.parse()?,
            "--dtype" => dtype = Some(value.parse()?),
            "--acc" => acc = Some(value.parse()?),
            "--out" => out = Some(value.parse()?),
            "--m" => o.shape.m = size(value)?,
            "--n" => o.shape.n = size(value)?,
            "--k" => o.shape.k = size(value)?,
            "--iters" => {
                o.iters = value
                    .parse::<usize>()
                    .ok()
                    .filter(|&x| x <= 100_000)
                    .ok_or_else(|| {
                        format!("--iters takes a count from 0 to 100000, not '{value}'")
                    })?
            }
            "--alpha" => o.alpha = real(value)?,
            "--epilogue" => o.epilogue = value.parse()?,
            _ => o.beta = real(value)?,
        }
    }
    match sizes[..] {
        [] => {}
        [m, n, k] => o.shape = GemmShape { m, n, k },
        _ => return Err("give all three of M N K, or none".into()),
    }
    if o.explain && (o.kernel.name() != "hopper" || config.is_some()) {
        return Err("--explain tells what --kernel hopper picks; give it without --config".into());
    }
    if let Some(c) = config {
        // a member of the Hopper GEMM family: its own registry entry
        if o.kernel.name() != "hopper" {
            return Err(format!(
                "--config picks a member of --kernel hopper, not of {}",
                o.kernel
            ));
        }
        let names: Vec<&str> = crate::hopper::MEMBERS
            .iter()
            .chain(crate::hopper::MEMBERS_8BIT)
            .map(|m| m.name)
            .collect();
        if !names.contains(&c.as_str()) {
            return Err(format!(
                "--config takes a member of the hopper family ({}), not '{c}'",
                names.join(", ")
            ));
        }
        o.kernel = c.parse()?;
    }
    o.types = resolve_types(o.kernel, dtype, acc, out)?;
    if !o.kernel.entry().layouts.contains(&o.layout) {
        let l: Vec<String> = o
            .kernel
            .entry()
            .layouts
            .iter()
            .map(|l| l.to_string())
            .collect();
        return Err(format!(
            "{} supports the layouts {}, not {}",
            o.kernel,
            l.join(", "),
            o.layout
        ));
    }
    if !o.epilogue.is_none() && !o.kernel.entry().fusion {
        return Err(format!(
            "--epilogue needs a kernel that fuses epilogues (hopper and its 16-bit members), not {}",
            o.kernel
        ));
    }
    Ok(o)
}

/// The kernel's types with input `dtype` (default: the kernel's first types), accumulator
/// `acc` and output `out` where given.
fn resolve_types(
    kernel: Kernel,
    dtype: Option<Dtype>,
    acc: Option<Dtype>,
    out: Option<Dtype>,
) -> Result<GemmTypes, String> {
    let e = kernel.entry();
    e.types
        .iter()
        .copied()
        .find(|t| {
            dtype.is_none_or(|d| t.input == d)
                && acc.is_none_or(|d| t.acc == d)
                && out.is_none_or(|d| t.output == d)
        })
        .ok_or_else(|| {
            let want = format!(
                "{}/{}/{}",
                dtype.map_or("*".into(), |d| d.to_string()),
                acc.map_or("*".into(), |d| d.to_string()),
                out.map_or("*".into(), |d| d.to_string())
            );
            let have: Vec<String> = e.types.iter().map(|t| t.to_string()).collect();
            format!(
                "{kernel} computes with the types (in/acc/out) {}, not {want}",
                have.join(", ")
            )
        })
}

/// `cute gemm --list`: every registered kernel, its types and layouts.
fn list_kernels(out: &mut dyn Write) -> std::io::Result<i32> {
    for k in Kernel::all() {
        let e = k.entry();
        let types: Vec<String> = e.types.iter().map(|t| t.to_string()).collect();
        let layouts: Vec<String> = e.layouts.iter().map(|l| l.to_string()).collect();
        writeln!(
            out,
            "{}: {}; types {}; layouts {}",
            e.name,
            e.about,
            types.join(" "),
            layouts.join(" ")
        )?;
    }
    writeln!(
        out,
        "members of the hopper family (--kernel hopper --config MEMBER):"
    )?;
    for m in crate::hopper::MEMBERS
        .iter()
        .chain(crate::hopper::MEMBERS_8BIT)
    {
        let (bm, bn, bk) = m.tile;
        let cluster = if m.cluster > 1 {
            format!(
                ", clusters of {}x1 CTAs of C^T tiles sharing their tile of A (TMA multicast)",
                m.cluster
            )
        } else {
            String::new()
        };
        writeln!(
            out,
            "  {}: tile {bm}x{bn}x{bk} of C^T, {} schedule, {} stages, {} bytes of shared memory{cluster}{}",
            m.name,
            m.schedule,
            m.stages,
            (m.smem_bytes)(),
            match (m.entries[0].contains("_e4m3_"), m.promotion) {
                (false, _) => "",
                (true, true) => "; e4m3/e5m2 in TN, partial sums promoted to f32 every k-tile",
                (true, false) => "; e4m3/e5m2 in TN, the wgmma's own (fast) accumulation",
            }
        )?;
    }
    Ok(OK)
}

/// `cute gemm`: runs the GEMM, prints the device, the check and TFLOP/s.
fn gemm_command(o: &GemmOptions, out: &mut dyn Write, err: &mut dyn Write) -> std::io::Result<i32> {
    if o.list {
        return list_kernels(out);
    }
    if o.explain {
        // the SM count of this machine's GPU, or the H100's and H200's 132 without one
        let sms = Gpu::new().ok().and_then(|g| g.sm_count().ok());
        let explanation = if o.types.input.is_8bit() {
            crate::hopper::explain_8bit(o.shape, sms)
        } else {
            crate::hopper::explain(o.shape, sms)
        };
        writeln!(out, "{explanation}")?;
        return Ok(OK);
    }
    // A problem the kernel cannot run is an error before any GPU work.
    let problem = crate::gemm::GemmProblem {
        types: o.types,
        layout: o.layout,
        shape: o.shape,
        alpha: o.alpha,
        beta: o.beta,
    };
    if let Err(e) = crate::gemm::check_problem(o.kernel, &problem) {
        writeln!(err, "cute gemm: {e}")?;
        return Ok(FAILED);
    }
    let gpu = match Gpu::new() {
        Ok(g) => g,
        Err(Error::NoDevice(why)) => {
            writeln!(err, "cute gemm: no GPU: {why}")?;
            return Ok(NO_GPU);
        }
        Err(e) => {
            writeln!(err, "cute gemm: {e}")?;
            return Ok(FAILED);
        }
    };
    // A problem too large for the GPU's or the host's memory, before its inputs are made.
    if let Err(e) = crate::gemm::check_memory(&gpu, o.kernel, &problem, o.check) {
        writeln!(err, "cute gemm: {e}")?;
        return Ok(FAILED);
    }
    let mut rng = Rng::fresh();
    let seed = rng.state();
    let inp = GemmInputs::random_typed(&mut rng, o.types, o.shape, o.layout, o.alpha, o.beta);
    writeln!(
        out,
        "{} ({}): {} {} {} (M,N,K) = {} alpha {} beta {}{} (inputs seed {seed:#x})",
        gpu.name(),
        gpu.arch(),
        o.kernel,
        o.types,
        o.layout,
        o.shape,
        o.alpha,
        o.beta,
        if o.epilogue.is_none() {
            String::new()
        } else {
            format!(" epilogue {}", o.epilogue)
        }
    )?;
    if !o.epilogue.is_none() {
        return fused_command(o, &gpu, &mut rng, &inp, out, err);
    }
    let scope = o.check.then_some(CheckScope::All);
    match run_gemm(&gpu, o.kernel, &inp, scope, o.iters) {
        Ok(run) => {
            if let Some(r) = run.check {
                writeln!(out, "{}", check_line(&r, o.types, o.shape.k))?;
            }
            if !run.times_ms.is_empty() {
                writeln!(
                    out,
                    "time: {:.4} ms (median of {}), {:.2} TFLOP/s",
                    run.median_ms(),
                    run.times_ms.len(),
                    run.tflops(o.shape)
                )?;
            }
            Ok(OK)
        }
        Err(e) => {
            writeln!(err, "cute gemm: {e}")?;
            Ok(FAILED)
        }
    }
}

/// `cute gemm --epilogue OP`: the fused GEMM, its D and aux output checked against the float64
/// reference with the same ops.
fn fused_command(
    o: &GemmOptions,
    gpu: &Gpu,
    rng: &mut Rng,
    inp: &GemmInputs,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> std::io::Result<i32> {
    let bias = crate::epilogue::random_bias(rng, &o.epilogue, inp);
    match crate::epilogue::run_fused(gpu, o.kernel, inp, &o.epilogue, &bias, o.check, o.iters) {
        Ok(f) => {
            if let Some(r) = f.run.check {
                writeln!(
                    out,
                    "check: ok, {} elements of D (epilogue {}) against {}, max error {:.2} of the bound",
                    r.checked,
                    o.epilogue,
                    r.reference,
                    r.max_bound_ratio
                )?;
            }
            if let Some(r) = f.aux_check {
                writeln!(
                    out,
                    "check: ok, {} elements of the aux output, max error {:.2} of the bound",
                    r.checked, r.max_bound_ratio
                )?;
            }
            if !f.run.times_ms.is_empty() {
                writeln!(
                    out,
                    "time: {:.4} ms (median of {}), {:.2} TFLOP/s",
                    f.run.median_ms(),
                    f.run.times_ms.len(),
                    f.run.tflops(o.shape)
                )?;
            }
            Ok(OK)
        }
        Err(e) => {
            writeln!(err, "cute gemm: {e}")?;
            Ok(FAILED)
        }
    }
}

/// The line `cute gemm` prints for a passed check: the elements, the reference, the largest
/// error relative to the elements' scale and to the bound, and the bound.
pub fn check_line(r: &CheckReport, types: GemmTypes, k: usize) -> String {
    let b = error_bound(types, k);
    let bound = format!(
        "{:.1e}|c| + min({:.1e} sum|ab|, {:.1e} ||ab||_2)",
        b.out, b.acc_worst, b.acc_rss
    );
    match r.reference {
        Reference::CublasF32 => {
            let rb = crate::blas_reference::reference_bound(types.input, k);
            format!(
                "check: ok, {} elements against {}, max error {:.2e} of ||a||_2||b||_2, {:.2} of \
                 the bound ({bound}, plus the reference's {:.1e}|c| + min({:.1e} sum|ab|, {:.1e} \
                 ||ab||_2) + {:.1e} ||ab||_2; sum|ab| <= ||a||_2||b||_2, ||ab||_2 <= \
                 ||a||_4||b||_4)",
                r.checked,
                r.reference,
                r.max_rel_err,
                r.max_bound_ratio,
                rb.out,
                rb.acc_worst,
                rb.acc_rss,
                rb.split_rss
            )
        }
        Reference::Float64Gpu | Reference::Float64Cpu => format!(
            "check: ok, {} elements against {}, max error {:.2e} of sum|a||b|, {:.2} of the bound \
             ({bound})",
            r.checked, r.reference, r.max_rel_err, r.max_bound_ratio
        ),
    }
}

/// `cute bench`'s options.
#[derive(Debug)]
struct BenchOptions {
    shapes: Vec<GemmShape>,
    iters: usize,
    dtype: Dtype,
    layouts: Vec<GemmLayout>,
    kernels: Vec<Kernel>,
    cpp: Option<std::path::PathBuf>,
    raw: Option<std::path::PathBuf>,
    /// `--plot`: the chart's SVG file.
    plot: Option<std::path::PathBuf>,
    /// `--from`: draw this raw CSV instead of running.
    from: Option<std::path::PathBuf>,
    seed: Option<u64>,
    /// `--splits`: the splits of K each kernel of the Hopper family is timed at.
    splits: Vec<Option<u32>>,
    /// `--out`: the one output type to measure.
    out: Option<Dtype>,
    /// `--epilogue`: a fused epilogue to time too.
    epilogue: EpilogueOp,
}

fn parse_bench(args: &[String]) -> Result<BenchOptions, String> {
    let mut o = BenchOptions {
        shapes: Vec::new(),
        iters: bench::MIN_ITERS,
        dtype: Dtype::F32,
        layouts: bench::DEFAULT_LAYOUTS.to_vec(),
        kernels: Vec::new(),
        cpp: None,
        raw: None,
        plot: None,
        from: None,
        seed: None,
        splits: Vec::new(),
        out: None,
        epilogue: EpilogueOp::NONE,
    };
    let mut kernels: Option<Vec<Kernel>> = None;
    // the first argument that only a run takes, which --from refuses
    let mut run_argument: Option<&str> = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if arg != "--plot" && arg != "--from" {
            run_argument = run_argument.or(Some(arg));
        }
        if !arg.starts_with("--") {
            let shape = bench::parse_shape(arg).ok_or_else(|| {
                format!("'{arg}' is not a shape M,N,K (or N) of sizes from 1 to 2^31-1")
            })?;
            o.shapes.push(shape);
            continue;
        }
        let value = it.next().ok_or_else(|| format!("{arg} needs a value"))?;
        match arg.as_str() {
            "--iters" => {
                o.iters = value
                    .parse::<usize>()
                    .ok()
                    .filter(|&x| (bench::MIN_ITERS..=100_000).contains(&x))
                    .ok_or_else(|| {
                        format!(
                            "--iters takes a count from {} to 100000, not '{value}'",
                            bench::MIN_ITERS
                        )
                    })?
            }
            "--kernels" => {
                kernels = Some(
                    value
                        .split(',')
                        .map(str::parse)
                        .collect::<Result<_, String>>()?,
                )
            }
            "--dtype" => o.dtype = value.parse()?,
            "--out" => o.out = Some(value.parse()?),
            "--epilogue" => o.epilogue = value.parse()?,
            "--layouts" => {
                o.layouts = value
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<_, String>>()?
            }
            "--cpp" => o.cpp = Some(value.into()),
            "--raw" => o.raw = Some(value.into()),
            "--plot" => o.plot = Some(value.into()),
            "--from" => o.from = Some(value.into()),
            "--shapes" => {
                let text = std::fs::read_to_string(value)
                    .map_err(|e| format!("cannot read shapes file {value}: {e}"))?;
                o.shapes.extend(bench::parse_shape_list(value, &text)?);
            }
            "--splits" => {
                o.splits = value
                    .split(',')
                    .map(|s| {
                        let split = match s {
                            "auto" => Some(None),
                            _ => crate::heuristic::parse_splits(s).map(Some),
                        };
                        split.ok_or_else(|| {
                            format!(
                                "--splits takes splits of K from 1 to 64, 'sk' (stream-K) or \
                                 'auto', not '{s}'"
                            )
                        })
                    })
                    .collect::<Result<_, String>>()?
            }
            "--seed" => {
                o.seed = Some(
                    value
                        .parse()
                        .map_err(|_| format!("--seed takes a whole number, not '{value}'"))?,
                )
            }
            _ => return Err(format!("unknown option '{arg}'")),
        }
    }
    if o.from.is_some() {
        if let Some(arg) = run_argument {
            return Err(format!(
                "--from draws a CSV without running, so it takes only --plot FILE, not '{arg}'"
            ));
        }
        if o.plot.is_none() {
            return Err("--from RAW.csv needs --plot FILE.svg, the chart to draw".into());
        }
    }
    if o.shapes.is_empty() {
        o.shapes = [4096, 8192].map(|n| GemmShape { m: n, n, k: n }).to_vec();
    }
    o.kernels = match kernels {
        None => bench::kernels_for(o.dtype),
        Some(ks) => {
            if let Some(k) = ks.iter().find(|k| k.default_types(o.dtype).is_none()) {
                return Err(format!("{k} has no types with {} input", o.dtype));
            }
            ks
        }
    };
    Ok(o)
}

/// The raw CSV of `--raw`: [`bench::CSV_HEADER`], then a line per row.
fn raw_csv(rows: &[bench::Row]) -> String {
    let lines: String = rows.iter().map(|r| r.csv() + "\n").collect();
    format!("{}\n{lines}", bench::CSV_HEADER)
}

/// Draws the chart of the raw CSV `text` into `file`, saying so on `out`; `Err` is the
/// sentence for `cute bench: ...`.
fn write_plot(
    name: &str,
    text: &str,
    subtitle: &str,
    file: &std::path::Path,
    out: &mut dyn Write,
) -> std::io::Result<Result<(), String>> {
    let svg = match crate::plot::plot_csv(name, text, subtitle) {
        Ok(svg) => svg,
        Err(why) => return Ok(Err(why)),
    };
    if let Err(e) = std::fs::write(file, svg) {
        return Ok(Err(format!("cannot write {}: {e}", file.display())));
    }
    writeln!(out, "wrote {}", file.display())?;
    Ok(Ok(()))
}

/// `cute bench --plot FILE --from RAW`: the chart of a CSV that `--raw` wrote, without a GPU.
/// The subtitle names the CSV by its directory and file name (the results directory says
/// when and where it was measured), whatever path reached it.
fn plot_command(
    from: &std::path::Path,
    plot: &std::path::Path,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> std::io::Result<i32> {
    let text = match std::fs::read_to_string(from) {
        Ok(t) => t,
        Err(e) => {
            writeln!(err, "cute bench: cannot read {}: {e}", from.display())?;
            return Ok(FAILED);
        }
    };
    let short: Vec<_> = from.iter().rev().take(2).collect();
    let short: std::path::PathBuf = short.into_iter().rev().collect();
    let subtitle = format!("from {} (cute bench --raw)", short.display());
    match write_plot(&from.display().to_string(), &text, &subtitle, plot, out)? {
        Ok(()) => Ok(OK),
        Err(why) => {
            writeln!(err, "cute bench: {why}")?;
            Ok(FAILED)
        }
    }
}

/// `cute bench`: runs the benchmark and prints the table (with `--from`, draws a CSV instead).
fn bench_command(
    o: &BenchOptions,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> std::io::Result<i32> {
    if let (Some(from), Some(plot)) = (&o.from, &o.plot) {
        return plot_command(from, plot, out, err);
    }
    let gpu = match Gpu::new() {
        Ok(g) => g,
        Err(Error::NoDevice(why)) => {
            writeln!(err, "cute bench: no GPU: {why}")?;
            return Ok(NO_GPU);
        }
        Err(e) => {
            writeln!(err, "cute bench: {e}")?;
            return Ok(FAILED);
        }
    };
    let seed = o.seed.unwrap_or_else(|| Rng::fresh().state());
    // the memory roofline's bandwidth, for the shapes it is reported for
    let copy_bandwidth = if o.shapes.iter().any(|s| s.m <= 128) {
        match bench::copy_bandwidth(&gpu) {
            Ok(bw) => Some(bw),
            Err(e) => {
                writeln!(err, "cute bench: {e}")?;
                return Ok(FAILED);
            }
        }
    } else {
        None
    };
    let opts = bench::Options {
        shapes: o.shapes.clone(),
        iters: o.iters,
        dtype: o.dtype,
        layouts: o.layouts.clone(),
        kernels: o.kernels.clone(),
        cpp: o.cpp.as_deref(),
        seed,
        copy_bandwidth,
        splits: o.splits.clone(),
        out: o.out,
        epilogue: o.epilogue,
    };
    let rows = match bench::run(&gpu, &opts) {
        Ok(rows) => rows,
        Err(e) => {
            writeln!(err, "cute bench: {e}")?;
            return Ok(FAILED);
        }
    };
    let csv = raw_csv(&rows);
    if let Some(raw) = &o.raw {
        if let Err(e) = std::fs::write(raw, &csv) {
            writeln!(err, "cute bench: cannot write {}: {e}", raw.display())?;
            return Ok(FAILED);
        }
    }
    let mut device = format!("{} ({}), inputs seed {seed:#x}", gpu.name(), gpu.arch());
    if let Some(bw) = copy_bandwidth {
        device.push_str(&format!(", copy bandwidth {:.0} GB/s", bw * 1e-9));
    }
    write!(out, "{}", bench::table(&rows, &device))?;
    // the chart is drawn from the same CSV text that --raw writes
    if let Some(plot) = &o.plot {
        let subtitle = format!("cute bench on {device}");
        if let Err(why) = write_plot("the run's measurements", &csv, &subtitle, plot, out)? {
            writeln!(err, "cute bench: {why}")?;
            return Ok(FAILED);
        }
    }
    // A peer (the C++ tutorials) failing is part of the table; only our own kernels failing
    // makes the run fail.
    let failed = |ours: bool| -> Vec<String> {
        rows.iter()
            .filter(|r| !r.checked && (r.implementation == "ours") == ours)
            .map(|r| {
                format!(
                    "{} {} {} {} {}",
                    r.implementation, r.kernel, r.types, r.layout, r.shape
                )
            })
            .collect()
    };
    let peers = failed(false);
    if !peers.is_empty() {
        writeln!(
            err,
            "cute bench: peers without a correct result (see the table): {}",
            peers.join("; ")
        )?;
    }
    let ours = failed(true);
    if ours.is_empty() {
        Ok(OK)
    } else {
        writeln!(
            err,
            "cute bench: our results differ from cuBLAS or failed: {}",
            ours.join("; ")
        )?;
        Ok(FAILED)
    }
}

/// Run `cute` with `args` (without the program name); returns the exit status.
pub fn run(
    args: &[String],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let usage = |err: &mut dyn Write, why: &str| {
        let _ = writeln!(err, "cute: {why}\n\n{USAGE}{}", crate::pictures::USAGE);
        USAGE_ERROR
    };
    let result = match args.first().map(String::as_str) {
        Some("eval") => match &args[1..] {
            [] => {
                return usage(
                    err,
                    "eval needs expressions, or '-' to read them from standard input",
                )
            }
            [dash] if dash == "-" => eval_stream(input, out).map(|f| if f { FAILED } else { OK }),
            exprs => {
                let mut any = false;
                let mut r = Ok(());
                for e in exprs {
                    let (text, failed) = eval_line(e);
                    any |= failed;
                    r = writeln!(out, "{text}");
                    if r.is_err() {
                        break;
                    }
                }
                r.map(|()| if any { FAILED } else { OK })
            }
        },
        Some("layout") => match &args[1..] {
            [e] => layout_command(e, out),
            _ => return usage(err, "layout takes exactly one expression"),
        },
        Some("demo") if args.len() == 1 => demo(out),
        Some("gemm") => match parse_gemm(&args[1..]) {
            Ok(opts) => gemm_command(&opts, out, err),
            Err(why) => return usage(err, &format!("gemm: {why}")),
        },
        Some("bench") => match parse_bench(&args[1..]) {
            Ok(opts) => bench_command(&opts, out, err),
            Err(why) => return usage(err, &format!("bench: {why}")),
        },
        Some("svg") => match crate::pictures::svg_command(&args[1..], out) {
            Ok(r) => r,
            Err(why) => return usage(err, &format!("svg: {why}")),
        },
        Some("banks") => match crate::pictures::banks_command(&args[1..], out) {
            Ok(r) => r,
            Err(why) => return usage(err, &format!("banks: {why}")),
        },
        Some("help" | "-h" | "--help") => {
            write!(out, "{USAGE}{}", crate::pictures::USAGE).map(|()| OK)
        }
        Some(other) => return usage(err, &format!("unknown command or arguments: {other}")),
        None => return usage(err, "no command given"),
    };
    match result.and_then(|code| out.flush().map(|()| code)) {
        Ok(code) => code,
        Err(e) => {
            let _ = writeln!(err, "cute: cannot write the output: {e}");
            FAILED
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_str(args: &[&str], stdin: &str) -> (i32, String, String) {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = run(&args, &mut stdin.as_bytes(), &mut out, &mut err);
        (
            code,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    #[test]
    fn eval_args_and_stdin() {
        assert_eq!(
            run_str(&["eval", "2:1(1)", "size(4:1)"], ""),
            (0, "1\n4\n".into(), String::new())
        );
        let (code, out, _) = run_str(
            &["eval", "-"],
            "coalesce((2,1):(3,1))\n\nshape_div(3,2)\r\n4:1(3)",
        );
        assert_eq!(code, 1);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0], "2:3");
        assert!(lines[1].starts_with("error: syntax: empty expression"));
        assert_eq!(
            lines[2],
            "error: shape_div: 3 and 2 do not divide one another"
        );
        assert_eq!(lines[3], "3");
    }

    #[test]
    fn usage_errors() {
        for args in [
            &[][..],
            &["eval"],
            &["layout"],
            &["layout", "a", "b"],
            &["bogus"],
            &["demo", "x"],
        ] {
            let (code, out, err) = run_str(args, "");
            assert_eq!(code, 2, "{args:?}");
            assert!(out.is_empty());
            assert!(err.contains("usage: cute"));
        }
        assert_eq!(run_str(&["help"], "").0, 0);
    }

    #[test]
    fn gemm_options_and_usage_errors() {
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let o = parse_gemm(&args(&[
            "--kernel", "sgemm_1", "--layout", "tn", "--m", "7", "--n", "129", "--k", "1000",
            "--check", "--iters", "5", "--beta", "0.5",
        ]))
        .unwrap();
        assert_eq!(o.kernel, Kernel::SGEMM_1);
        assert_eq!(o.layout, GemmLayout::Tn);
        assert_eq!(
            o.shape,
            GemmShape {
                m: 7,
                n: 129,
                k: 1000
            }
        );
        assert!(o.check);
        assert_eq!((o.iters, o.alpha, o.beta), (5, 1.0, 0.5));
        for bad in [
            &["--m"][..],
            &["--m", "0"],
            &["--m", "-3"],
            &["--k", "x"],
            &["--kernel", "sgemm_9"],
            &["--layout", "nx"],
            &["--dtype", "f64"],
            &["--dtype", "f16"],
            &["--kernel", "sgemm_2", "--layout", "tt"],
            &["7", "8"],
            &["7", "8", "9", "10"],
            &["--iters", "-1"],
            &["--alpha", "nan"],
            &["--bogus"],
            &["--m", "2147483648"],
        ] {
            let (code, out, err) = run_str(&[&["gemm"][..], bad].concat(), "");
            assert_eq!(code, 2, "{bad:?}");
            assert!(out.is_empty());
            assert!(err.starts_with("cute: gemm: "), "{err}");
        }
    }

    #[test]
    fn gemm_dtypes_positional_sizes_and_list() {
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let o = parse_gemm(&args(&[
            "--kernel", "sgemm_2", "--dtype", "f32", "--layout", "tn", "7", "129", "1000",
        ]))
        .unwrap();
        assert_eq!(
            (o.kernel, o.types, o.layout),
            (Kernel::SGEMM_2, GemmTypes::F32, GemmLayout::Tn)
        );
        assert_eq!(
            o.shape,
            GemmShape {
                m: 7,
                n: 129,
                k: 1000
            }
        );
        assert_eq!(
            parse_gemm(&args(&["--dtype", "bf16"])).unwrap_err(),
            "sgemm_1 computes with the types (in/acc/out) f32/f32/f32, not bf16/*/*"
        );
        assert_eq!(
            parse_gemm(&args(&["--kernel", "sgemm_2", "--layout", "nn"])).unwrap_err(),
            "sgemm_2 supports the layouts nt, tn, not nn"
        );
        // --epilogue: parsed, and refused where the kernel does not fuse
        let o = parse_gemm(&args(&[
            "--kernel",
            "hopper",
            "--dtype",
            "bf16",
            "--layout",
            "tn",
            "--epilogue",
            "bias,gelu,aux",
        ]))
        .unwrap();
        assert_eq!(o.epilogue.to_string(), "bias,gelu,aux");
        assert_eq!(
            parse_gemm(&args(&["--epilogue", "bias"])).unwrap_err(),
            "--epilogue needs a kernel that fuses epilogues (hopper and its 16-bit members), \
             not sgemm_1"
        );
        assert!(
            parse_gemm(&args(&["--kernel", "hopper", "--epilogue", "tanh"]))
                .unwrap_err()
                .contains("unknown part \"tanh\"")
        );
        let (code, out, err) = run_str(&["gemm", "--list"], "");
        assert_eq!((code, err.as_str()), (0, ""));
        assert!(out.starts_with("sgemm_1: port of sgemm_1.cu"), "{out}");
        assert!(
            out.contains("sgemm_2: ") && out.contains("types f32/f32/f32; layouts nt tn"),
            "{out}"
        );
        // --explain: the member and the split of K, without running anything
        let (code, out, err) = run_str(
            &[
                "gemm",
                "--kernel",
                "hopper",
                "--explain",
                "16",
                "4096",
                "4096",
            ],
            "",
        );
        assert_eq!((code, err.as_str()), (0, ""));
        assert!(
            out.starts_with("(16,4096,4096): member coop_128x16x64 (host/heuristic/hopper.csv row 16,4096,4096 for 132 SMs")
                && out.contains("split-K 4 (the table's)"),
            "{out}"
        );
        // a problem no row covers: the rules
        let (code, out, _) = run_str(
            &[
                "gemm",
                "--kernel",
                "hopper",
                "--explain",
                "16",
                "4096",
                "4104",
            ],
            "",
        );
        assert_eq!(code, 0);
        assert!(
            out.starts_with("(16,4096,4104): member coop_128x16x64 (the narrowest")
                && out.contains(
                    "split-K 1 (memory-bound (fewer than 256 FLOPs a byte), K under 8192"
                ),
            "{out}"
        );
        let (code, _, err) = run_str(&["gemm", "--kernel", "sgemm_1", "--explain"], "");
        assert_eq!(code, 2);
        assert!(
            err.contains("--explain tells what --kernel hopper picks"),
            "{err}"
        );
    }

    /// The limits on a problem's size are its kernel's: a kernel with 32-bit offsets refuses a
    /// C of more than 2^31-1 elements in one sentence naming itself, before any GPU work
    /// (status 1); `--kernel hopper` takes it, and the run goes on to the GPU (here, without
    /// one, status 3).
    #[test]
    fn gemm_size_limits_are_the_kernels() {
        let (code, out, err) = run_str(
            &[
                "gemm", "--kernel", "sgemm_1", "--m", "100000", "--n", "100000",
            ],
            "",
        );
        assert_eq!((code, out.as_str()), (FAILED, ""));
        assert_eq!(
            err,
            "cute gemm: sgemm_1: expected A, B and C of at most 2^31-1 elements each (sgemm_1 \
             addresses them with 32-bit offsets), got C = (M,N):(_1,M) of 10000000000 elements \
             for (M,N,K) = (100000,100000,4096)\n"
        );
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let huge = [
            "gemm", "--kernel", "hopper", "--dtype", "bf16", "--layout", "tn", "32768", "128256",
            "4096", "--check",
        ];
        let o = parse_gemm(&args(&huge[1..])).unwrap();
        assert_eq!(
            (o.kernel.name(), o.types, o.shape),
            (
                "hopper",
                GemmTypes::BF16_F32_BF16,
                GemmShape {
                    m: 32768,
                    n: 128256,
                    k: 4096
                }
            )
        );
        let p = crate::gemm::GemmProblem {
            types: o.types,
            layout: o.layout,
            shape: o.shape,
            alpha: o.alpha,
            beta: o.beta,
        };
        assert!(crate::gemm::check_problem(o.kernel, &p).is_ok());
        if Gpu::new().is_ok() {
            println!("the run of the hopper problem skipped: a GPU is present");
            return;
        }
        let (code, out, err) = run_str(&huge, "");
        assert_eq!((code, out.as_str()), (NO_GPU, ""));
        assert!(err.starts_with("cute gemm: no GPU: "), "{err}");
    }

    /// The check's line names its reference, the scale of its relative error and its bound.
    #[test]
    fn the_check_line_names_its_reference() {
        let r = CheckReport {
            checked: 16777216,
            max_bound_ratio: 0.44,
            max_rel_err: 2.53e-4,
            worst: 0,
            reference: Reference::Float64Gpu,
        };
        // the accumulation's coefficients as gemm::error_bound has them
        let (b, rb) = (
            error_bound(GemmTypes::BF16_F32_BF16, 4096),
            crate::blas_reference::reference_bound(Dtype::Bf16, 4096),
        );
        let acc = |b: crate::gemm::ErrorBound| {
            format!(
                "min({:.1e} sum|ab|, {:.1e} ||ab||_2)",
                b.acc_worst, b.acc_rss
            )
        };
        assert_eq!(
            check_line(&r, GemmTypes::BF16_F32_BF16, 4096),
            format!(
                "check: ok, 16777216 elements against the float64 reference (cuBLAS DGEMMs), max \
                 error 2.53e-4 of sum|a||b|, 0.44 of the bound (7.8e-3|c| + {})",
                acc(b)
            )
        );
        let r = CheckReport {
            checked: 2101346304,
            max_bound_ratio: 0.31,
            reference: Reference::CublasF32,
            ..r
        };
        assert_eq!(
            check_line(&r, GemmTypes::BF16_F32_BF16, 4096),
            format!(
                "check: ok, 2101346304 elements against the cuBLAS f32 reference (cublasGemmEx of \
                 the same inputs, f32 accumulation and output), max error 2.53e-4 of \
                 ||a||_2||b||_2, 0.31 of the bound (7.8e-3|c| + {}, plus the reference's \
                 1.2e-7|c| + {} + 9.5e-7 ||ab||_2; sum|ab| <= ||a||_2||b||_2, ||ab||_2 <= \
                 ||a||_4||b||_4)",
                acc(b),
                acc(rb)
            )
        );
    }

    /// Without a GPU (this machine), one line saying why, and status 3.
    #[test]
    fn bench_splits_parse() {
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let p = parse_bench(&args(&["--splits", "1,auto,8", "64"])).unwrap();
        assert_eq!(p.splits, vec![Some(1), None, Some(8)]);
        for bad in ["0", "65", "x", "1,,2"] {
            let e = parse_bench(&args(&["--splits", bad, "64"])).unwrap_err();
            assert!(
                e.starts_with("--splits takes splits of K from 1 to 64"),
                "{e}"
            );
        }
    }

    #[test]
    fn bench_options_and_usage_errors() {
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let o = parse_bench(&args(&[
            "--iters",
            "25",
            "--kernels",
            "sgemm_2",
            "--cpp",
            "h",
            "1000,7,129",
            "64",
        ]))
        .unwrap();
        assert_eq!(o.iters, 25);
        assert_eq!(o.kernels, vec![Kernel::SGEMM_2]);
        assert_eq!(
            (o.dtype, &o.layouts[..]),
            (Dtype::F32, &bench::DEFAULT_LAYOUTS[..])
        );
        let o8 = parse_bench(&args(&["--dtype", "e4m3", "--out", "bf16", "64"])).unwrap();
        assert_eq!((o8.dtype, o8.out), (Dtype::E4m3, Some(Dtype::Bf16)));
        assert!(o8.kernels.iter().any(|k| k.name() == "coop_128x128x128"));
        assert!(o8.kernels.iter().all(|k| k.name() != "coop_128x256x64"));
        let o2 = parse_bench(&args(&["--dtype", "bf16", "--layouts", "tn,tt", "64"])).unwrap();
        assert_eq!(
            (o2.dtype, &o2.layouts[..]),
            (Dtype::Bf16, &[GemmLayout::Tn, GemmLayout::Tt][..])
        );
        assert!(o2
            .kernels
            .iter()
            .all(|k| k.default_types(Dtype::Bf16).is_some()));
        assert_eq!(o.cpp.as_deref(), Some(std::path::Path::new("h")));
        let sh = |m, n, k| GemmShape { m, n, k };
        assert_eq!(o.shapes, vec![sh(1000, 7, 129), sh(64, 64, 64)]);
        let d = parse_bench(&[]).unwrap();
        assert_eq!(d.shapes, vec![sh(4096, 4096, 4096), sh(8192, 8192, 8192)]);
        assert_eq!((d.plot, d.from), (None, None));
        let p = parse_bench(&args(&["--from", "r.csv", "--plot", "c.svg"])).unwrap();
        assert_eq!(p.from.as_deref(), Some(std::path::Path::new("r.csv")));
        assert_eq!(p.plot.as_deref(), Some(std::path::Path::new("c.svg")));
        let p = parse_bench(&args(&["--plot", "c.svg", "--raw", "r.csv", "64"])).unwrap();
        assert_eq!((p.plot.is_some(), p.from), (true, None));
        for (bad, why) in [
            (
                &["--iters", "5"][..],
                "--iters takes a count from 20 to 100000, not '5'",
            ),
            (
                &["--kernels", "sgemm_3"],
                // every registered kernel, in registry order (branches add theirs)
                &*format!(
                    "unknown kernel 'sgemm_3' ({})",
                    Kernel::all()
                        .map(|k| k.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ),
            (
                &["1,2"],
                "'1,2' is not a shape M,N,K (or N) of sizes from 1 to 2^31-1",
            ),
            (&["--raw"], "--raw needs a value"),
            (
                &["--dtype", "f16", "--kernels", "sgemm_2"],
                "sgemm_2 has no types with f16 input",
            ),
            (
                &["--dtype", "f8"],
                "unknown dtype 'f8' (f32, f16, bf16, e4m3 or e5m2)",
            ),
            (
                &["--layouts", "nt,xx"],
                "unknown layout 'xx' (nt, tn, nn or tt)",
            ),
            (&["--fast", "1"], "unknown option '--fast'"),
            (
                &["--shapes", "/nonexistent/s"],
                "cannot read shapes file /nonexistent/s: No such file or directory (os error 2)",
            ),
            (
                &["--from", "r.csv"],
                "--from RAW.csv needs --plot FILE.svg, the chart to draw",
            ),
            (
                &["--plot", "c.svg", "--from", "r.csv", "64"],
                "--from draws a CSV without running, so it takes only --plot FILE, not '64'",
            ),
            (
                &["--dtype", "bf16", "--from", "r.csv", "--plot", "c.svg"],
                "--from draws a CSV without running, so it takes only --plot FILE, not '--dtype'",
            ),
            (&["--plot"], "--plot needs a value"),
        ] {
            let (code, out, err) = run_str(&[&["bench"][..], bad].concat(), "");
            assert_eq!(code, USAGE_ERROR, "{bad:?}");
            assert!(out.is_empty());
            assert!(err.starts_with(&format!("cute: bench: {why}\n")), "{err}");
        }
    }

    /// The chart of a run is drawn from the CSV that `--raw` writes: a failed row of ours is
    /// marked, cuBLAS and cuBLASLt make one bar per problem.
    #[test]
    fn bench_plot_of_rows() {
        let shape = GemmShape {
            m: 64,
            n: 128,
            k: 256,
        };
        let row = |implementation: &str, kernel: &str, ms: f64| bench::Row {
            implementation: implementation.into(),
            kernel: kernel.into(),
            types: "bf16/f32/bf16".into(),
            layout: "tn".into(),
            shape,
            median_ms: ms,
            max_err_ratio: 0.1,
            checked: true,
            failure: None,
            mem_roofline: None,
            of_best_cublas: None,
        };
        let mut rows = vec![
            row("cublas", "gemmex", 0.002),
            row("cublaslt", "matmul", 0.001),
            row("ours", "hopper", 0.004),
            bench::Row::failed(
                "ours",
                "coop_128x64x64",
                "bf16/f32/bf16",
                "tn",
                shape,
                "a, b",
            ),
        ];
        bench::annotate(&mut rows, None);
        let svg = crate::plot::plot_csv("run", &raw_csv(&rows), "cute bench on a GPU").unwrap();
        assert_eq!(svg.matches("class=\"bar\"").count(), 2);
        assert!(svg.contains(">coop_128x64x64: no correct result</text>"));
        assert!(svg.contains(">64x128x256</text>"));
        assert!(svg.contains(
            "<tspan font-weight=\"bold\">hopper</tspan>: 0.250x the best cuBLAS (geometric mean \
             over 1 problems; worst 0.250x)"
        ));
    }

    /// `--shapes FILE` adds the file's shapes to those given; a bad line names the file and
    /// the line.
    #[test]
    fn bench_shapes_file() {
        let args = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let llm = concat!(env!("CARGO_MANIFEST_DIR"), "/../benches/shapes/llm.txt");
        let o = parse_bench(&args(&[
            "--shapes",
            llm,
            "--dtype",
            "bf16",
            "--layouts",
            "tn",
            "64",
        ]))
        .unwrap();
        assert_eq!(o.shapes.len(), 31);
        assert_eq!(
            (o.shapes[0], o.shapes[30]),
            (
                GemmShape {
                    m: 16,
                    n: 6144,
                    k: 4096
                },
                GemmShape {
                    m: 64,
                    n: 64,
                    k: 64
                }
            )
        );
        assert_eq!(
            (o.dtype, &o.layouts[..]),
            (Dtype::Bf16, &[GemmLayout::Tn][..])
        );
        let bad = std::env::temp_dir().join(format!("cute-shapes-{}.txt", std::process::id()));
        std::fs::write(&bad, "# M,N,K\n16,4096,4096\n16,4096,x\n").unwrap();
        let (code, _, err) = run_str(&["bench", "--shapes", bad.to_str().unwrap()], "");
        std::fs::remove_file(&bad).unwrap();
        assert_eq!(code, USAGE_ERROR);
        assert!(
            err.starts_with(&format!(
                "cute: bench: {} line 3: '16,4096,x' is not a shape M,N,K (or N) of sizes from \
                 1 to 2^31-1\n",
                bad.display()
            )),
            "{err}"
        );
    }

    #[test]
    fn bench_without_a_gpu_says_why() {
        if Gpu::new().is_ok() {
            println!("skipped: a GPU is present");
            return;
        }
        let (code, out, err) = run_str(&["bench", "64"], "");
        assert_eq!(code, NO_GPU);
        assert!(out.is_empty());
        assert!(err.starts_with("cute bench: no GPU: "), "{err}");
    }

    #[test]
    fn gemm_without_a_gpu_says_why() {
        if Gpu::new().is_ok() {
            println!("skipped: a GPU is present");
            return;
        }
        let (code, out, err) = run_str(&["gemm", "--m", "8", "--n", "8", "--k", "8"], "");
        assert_eq!(code, NO_GPU);
        assert!(out.is_empty());
        assert!(err.starts_with("cute gemm: no GPU: "), "{err}");
        assert_eq!(err.lines().count(), 1);
    }

    #[test]
    fn layout_and_demo() {
        let (code, out, _) = run_str(&["layout", "(2,2):(1,2)"], "");
        assert_eq!(code, 0);
        assert!(out.starts_with("(2,2):(1,2)\n"));
        let (code, out, _) = run_str(&["layout", "size(4:1)"], "");
        assert_eq!(
            (code, out.as_str()),
            (1, "error: print_layout: 4 is not a layout\n")
        );
        let (code, out, _) = run_str(&["demo"], "");
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("complement((2,4):(1,2), 16)"));
        assert!(!out.contains("error: the demo"));
        // the GPU part: skipped with a reason, or every kernel and layout checked
        assert!(
            out.contains("GPU: skipped (")
                || out.contains("GPU: this build has no GPU kernels (")
                || [
                    "sgemm_1 nt: ok",
                    "sgemm_1 tn: ok",
                    "sgemm_2 nt: ok",
                    "sgemm_2 tn: ok"
                ]
                .iter()
                .all(|l| out.contains(l)),
            "{out}"
        );
        // on a Hopper GPU, the flagship too, checked
        if out.contains("cute bench --kernels hopper --dtype bf16") {
            assert!(out.contains("  hopper bf16/f32/bf16: ok, "), "{out}");
            assert!(out.contains("  cuBLAS bf16/f32/bf16: ok, "), "{out}");
        }
    }
}
