//! What the GPU GEMM tests share: the device or a printed reason to skip, and one checked run
//! (fresh random inputs, C poisoned with NaN, every element against the float64 reference
//! within `cute_host::gemm::error_bound`).
#![allow(dead_code)]

use cute_host::gemm::{
    run_gemm, CheckScope, GemmInputs, GemmLayout, GemmShape, GemmTypes, Kernel, Rng,
};
use cute_host::{Error, Gpu};

/// The GPU, or `None` after printing why the test skips.
pub fn gpu_or_skip() -> Option<Gpu> {
    match Gpu::new() {
        Ok(gpu) => Some(gpu),
        Err(Error::NoDevice(why)) => {
            println!("skipped: {why}");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

/// Runs `kernel` once on fresh inputs of shape `mnk` (alpha 1.25), checks every element of C
/// and prints the errors; panics on any failure.
pub fn case(
    gpu: &Gpu,
    rng: &mut Rng,
    kernel: Kernel,
    types: GemmTypes,
    layout: GemmLayout,
    mnk: (usize, usize, usize),
    beta: f32,
) {
    let shape = GemmShape {
        m: mnk.0,
        n: mnk.1,
        k: mnk.2,
    };
    let inp = GemmInputs::random_typed(rng, types, shape, layout, 1.25, beta);
    match run_gemm(gpu, kernel, &inp, Some(CheckScope::All), 0) {
        Ok(run) => {
            let r = run.check.unwrap();
            assert_eq!(r.checked, shape.m * shape.n);
            println!(
                "{kernel} {types} {layout} {shape} beta {beta}: ok, max error {:.2e} of \
                 sum|ab|, {:.2} of the bound",
                r.max_rel_err, r.max_bound_ratio
            );
        }
        Err(e) => panic!("{kernel} {types} {layout} {shape} beta {beta}: {e}"),
    }
}
