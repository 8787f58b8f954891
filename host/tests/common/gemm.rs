//! What the GPU GEMM tests share: the device (or why the test skips), and one checked run of a
//! registered kernel against the float64 reference at every element (C poisoned with NaN
//! first by `run_gemm`), printing the largest error.

use cute_host::gemm::{
    run_gemm, CheckScope, GemmInputs, GemmLayout, GemmShape, GemmTypes, Kernel, Rng,
};
use cute_host::{Error, Gpu};

/// The GPU, if it has the kernel `probe` (an entry point of the PTX), else `None` after printing
/// why the test skips.
pub fn gpu_with_kernel_or_skip(probe: &str) -> Option<Gpu> {
    match Gpu::new() {
        Ok(gpu) if gpu.has_kernel(probe) => Some(gpu),
        Ok(gpu) => {
            println!("skipped: {} ({}) has no {probe}", gpu.name(), gpu.arch());
            None
        }
        Err(Error::NoDevice(why)) => {
            println!("skipped: {why}");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

/// Runs registered kernel `name` on fresh random inputs of `types`, `layout` and shape `mnk`
/// (alpha 1, `beta`), checks every element of C, and prints the largest relative error.
pub fn check_case(
    gpu: &Gpu,
    rng: &mut Rng,
    name: &str,
    types: GemmTypes,
    layout: GemmLayout,
    mnk: (usize, usize, usize),
    beta: f32,
) {
    let kernel = Kernel::by_name(name).expect("registered");
    let shape = GemmShape {
        m: mnk.0,
        n: mnk.1,
        k: mnk.2,
    };
    let inp = GemmInputs::random_typed(rng, types, shape, layout, 1.0, beta);
    match run_gemm(gpu, kernel, &inp, Some(CheckScope::All), 0) {
        Ok(run) => {
            let r = run.check.expect("checked");
            assert_eq!(r.checked, shape.m * shape.n);
            println!(
                "{name} {types} {layout} {shape} beta {beta}: ok, max error {:.2e}",
                r.max_rel_err
            );
        }
        Err(e) => panic!("{name} {types} {layout} {shape} beta {beta}: {e}"),
    }
}

/// Runs kernel `name` on a problem it must reject, and returns the error's text.
pub fn rejected(
    gpu: &Gpu,
    rng: &mut Rng,
    name: &str,
    types: GemmTypes,
    layout: GemmLayout,
    mnk: (usize, usize, usize),
) -> String {
    let kernel = Kernel::by_name(name).expect("registered");
    let shape = GemmShape {
        m: mnk.0,
        n: mnk.1,
        k: mnk.2,
    };
    let inp = GemmInputs::random_typed(rng, types, shape, layout, 1.0, 0.0);
    match run_gemm(gpu, kernel, &inp, Some(CheckScope::All), 0) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("{name} {layout} {shape} should have been rejected"),
    }
}
