//! What the GPU tests share: skipping (with the reason printed) where there is no GPU or no
//! kernel, and one checked GEMM case: fresh random inputs, C poisoned, every element against
//! the float64 reference within `cute_host::gemm::error_bound`, one line printed.

use cute_host::gemm::{
    run_gemm, CheckReport, CheckScope, GemmInputs, GemmLayout, GemmShape, GemmTypes, Kernel, Rng,
};

/// Integer inputs whose every partial sum is exact in `f32` (and in the 8-bit `wgmma`'s
/// 14-bit adder) and whose results are exact in every output type: row `m` of A is nonzero
/// (`±1, ±2`) only at `k = m (mod 97)`, so each row has about `K / 97` terms of at most 4 and
/// every k-block holds terms of some rows; B is in `{-2, ..., 2}`; alpha is -2 (a power of two:
/// exact) and C even integers with beta -0.5 (NaN with beta 0). Results stay under 512 in
/// magnitude and even where above 256: exact in bfloat16, half and float.
pub fn integer_inputs(
    rng: &mut Rng,
    types: GemmTypes,
    layout: GemmLayout,
    (m, n, k): (usize, usize, usize),
    beta: f32,
) -> GemmInputs {
    let mut int = |lo: i32, hi: i32| lo + (rng.next_u64() % (hi - lo + 1) as u64) as i32;
    let mut a = vec![0.0f32; m * k];
    for mm in 0..m {
        for kk in (mm % 97..k).step_by(97) {
            let v = [-2.0, -1.0, 1.0, 2.0][int(0, 3) as usize];
            let at = if layout.a_m_major() {
                mm + kk * m
            } else {
                kk + mm * k
            };
            a[at] = v;
        }
    }
    let b: Vec<f32> = (0..n * k).map(|_| int(-2, 2) as f32).collect();
    let c: Vec<f32> = (0..m * n)
        .map(|_| {
            if beta == 0.0 {
                f32::NAN
            } else {
                2.0 * int(-2, 2) as f32
            }
        })
        .collect();
    GemmInputs {
        shape: GemmShape { m, n, k },
        layout,
        types,
        a,
        b,
        c,
        alpha: -2.0,
        beta,
    }
}
use cute_host::{Error, Gpu};

/// The GPU, or `None` after printing why the test skips: no GPU (or no driver), or, when
/// `kernel` names an entry point, a GPU whose loaded PTX lacks it (another architecture, or a
/// build without that module).
pub fn gpu_or_skip(kernel: Option<&str>) -> Option<Gpu> {
    let gpu = match Gpu::new() {
        Ok(g) => g,
        Err(Error::NoDevice(why)) | Err(Error::Bench(why)) => {
            println!("skipped: {why}");
            return None;
        }
        Err(e) => panic!("{e}"),
    };
    if let Some(k) = kernel {
        if !gpu.has_kernel(k) {
            println!(
                "skipped: {} ({}) has no kernel {k} in this build's PTX",
                gpu.name(),
                gpu.arch()
            );
            return None;
        }
    }
    Some(gpu)
}

/// A fresh random number generator, its seed printed with the device (to reproduce a failure).
pub fn fresh_rng(gpu: &Gpu) -> Rng {
    let rng = Rng::fresh();
    println!(
        "{} ({}), inputs seed {:#x}",
        gpu.name(),
        gpu.arch(),
        rng.state()
    );
    rng
}

/// One case: A and B random in `[-1, 1)` rounded to `types.input`, C NaN when `beta` is 0
/// (every element must be written) else random, `kernel` run through the registry, every
/// element of C checked against the float64 reference. Prints one line; the error (bad input,
/// launch, or an element outside the bound, named) is returned.
#[allow(clippy::too_many_arguments)]
pub fn try_case(
    gpu: &Gpu,
    rng: &mut Rng,
    kernel: Kernel,
    types: GemmTypes,
    layout: GemmLayout,
    (m, n, k): (usize, usize, usize),
    alpha: f32,
    beta: f32,
) -> Result<CheckReport, Error> {
    let shape = GemmShape { m, n, k };
    let inp = GemmInputs::random_typed(rng, types, shape, layout, alpha, beta);
    let run = run_gemm(gpu, kernel, &inp, Some(CheckScope::All), 0)?;
    let r = run.check.expect("checked");
    assert_eq!(
        r.checked,
        m * n,
        "{kernel} {types} {layout} {shape}: elements checked"
    );
    println!(
        "{kernel} {types} {layout} {shape} beta {beta}: ok, max error {:.2e} of sum|ab|, \
         {:.3} of the bound",
        r.max_rel_err, r.max_bound_ratio
    );
    Ok(r)
}

/// [`try_case`], panicking with the case and the error on failure.
#[allow(clippy::too_many_arguments)]
pub fn check_case(
    gpu: &Gpu,
    rng: &mut Rng,
    kernel: Kernel,
    types: GemmTypes,
    layout: GemmLayout,
    mnk: (usize, usize, usize),
    alpha: f32,
    beta: f32,
) -> CheckReport {
    try_case(gpu, rng, kernel, types, layout, mnk, alpha, beta).unwrap_or_else(|e| {
        let (m, n, k) = mnk;
        panic!("{kernel} {types} {layout} ({m},{n},{k}) beta {beta}: {e}")
    })
}
