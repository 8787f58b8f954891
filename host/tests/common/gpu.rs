//! What the GPU tests share: skipping (with the reason printed) where there is no GPU or no
//! kernel, and one checked GEMM case: fresh random inputs, C poisoned, every element against
//! the float64 reference within `cute_host::gemm::error_bound`, one line printed.

use cute_host::gemm::{
    run_gemm, CheckReport, CheckScope, GemmInputs, GemmLayout, GemmShape, GemmTypes, Kernel, Rng,
};
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
