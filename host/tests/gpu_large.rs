//! Problems past 32-bit element counts, and the reference that checks them
//! (`cute_host::blas_reference`: cuBLAS's GEMM of the same inputs in f32, compared at every
//! element).
//!
//! On a Hopper GPU, `--kernel hopper` runs problems whose C has more than 2^31-1 elements
//! (bf16 and f16 in, K = 64 so that each takes seconds): aligned TN (TMA stores into C), ragged
//! NT (padded copies of A and B, TMA stores into a padded C copied out) and ragged TT with beta
//! != 0 (C read and written from registers), each where the GPU's free memory and the host's
//! hold it, else it says why it skips. On any GPU, the f32 reference, in blocks of 3 columns,
//! judges small ragged results of every layout as the float64 reference does: a correct one
//! passes, a wrong element fails at the same place.

mod common;

use std::time::Instant;

use common::gpu::{fresh_rng, gpu_or_skip};
use cute_host::blas_reference::{self, check_blocks, BlasReference};
use cute_host::gemm::{
    check_memory, check_with, gemm, run_gemm, CheckReport, CheckScope, DeviceMatrix, GemmInputs,
    GemmLayout, GemmProblem, GemmShape, GemmTypes, Kernel, Reference,
};
use cute_host::hopper::MEMBERS;
use cute_host::Error;

#[test]
fn c_past_2_31_elements_on_the_hopper_kernel() {
    let Some(gpu) = gpu_or_skip(Some(MEMBERS[0].entries[0])) else {
        return;
    };
    let kernel = Kernel::by_name("hopper").expect("registered");
    let mut rng = fresh_rng(&gpu);
    for ((m, n, k), layout, types, beta) in [
        // C of 2^31 elements, every extent aligned
        (
            (16384, 131072, 64),
            GemmLayout::Tn,
            GemmTypes::BF16_F32_BF16,
            0.0,
        ),
        // C of 2147631105 elements, M and N odd: padded A, B and C
        (
            (16385, 131073, 64),
            GemmLayout::Nt,
            GemmTypes::F16_F32_F16,
            0.0,
        ),
        // the same shape reading C: stores from registers at 64-bit offsets
        (
            (16385, 131073, 64),
            GemmLayout::Tt,
            GemmTypes::BF16_F32_BF16,
            -0.5,
        ),
    ] {
        let shape = GemmShape { m, n, k };
        assert!(m * n > i32::MAX as usize);
        let p = GemmProblem {
            types,
            layout,
            shape,
            alpha: 1.0,
            beta,
        };
        if let Err(e) = check_memory(&gpu, kernel, &p, true) {
            println!("skipped {types} {layout} {shape}: {e}");
            continue;
        }
        let t = Instant::now();
        let inp = GemmInputs::random_typed(&mut rng, types, shape, layout, 1.0, beta);
        let run = run_gemm(&gpu, kernel, &inp, Some(CheckScope::All), 0)
            .unwrap_or_else(|e| panic!("{kernel} {types} {layout} {shape} beta {beta}: {e}"));
        let r = run.check.expect("checked");
        assert_eq!(r.reference, Reference::CublasF32);
        assert_eq!(r.checked, m * n);
        assert!(r.max_bound_ratio <= 1.0 && r.max_rel_err > 0.0, "{r:?}");
        println!(
            "{kernel} {types} {layout} {shape} beta {beta}: ok against {}, {} elements, max \
             error {:.2e} of ||a||_2||b||_2, {:.3} of the bound, {:.1} s",
            r.reference,
            r.checked,
            r.max_rel_err,
            r.max_bound_ratio,
            t.elapsed().as_secs_f64()
        );
    }
}

/// The outcome of a check, for comparing two: the worst element when one is out of bound.
fn outcome(r: Result<CheckReport, Error>) -> String {
    match r {
        Ok(r) => format!("ok, {} elements", r.checked),
        Err(Error::OutOfBound { m, n, .. }) => format!("out of bound at ({m},{n})"),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn the_f32_reference_judges_as_the_float64_one() {
    let Some(gpu) = gpu_or_skip(None) else {
        return;
    };
    let blas = match gpu.f32_blas() {
        Ok(b) => b,
        Err(why) => {
            println!("skipped: {why}");
            return;
        }
    };
    let mut rng = fresh_rng(&gpu);
    let stream = gpu.stream();
    // 16-bit inputs on the Hopper family where this GPU has it, f32 inputs on sgemm_2 anywhere
    let mut cases = vec![(Kernel::SGEMM_2, GemmTypes::F32, &GemmLayout::ALL[..2])];
    if gpu.has_kernel(MEMBERS[0].entries[0]) {
        let hopper = Kernel::by_name("hopper").expect("registered");
        cases.push((hopper, GemmTypes::BF16_F32_BF16, &GemmLayout::ALL[..]));
        cases.push((hopper, GemmTypes::F16_F32_F32, &GemmLayout::ALL[..]));
    } else {
        println!(
            "the Hopper family skipped: no kernel of it for {}",
            gpu.arch()
        );
    }
    for (kernel, types, layouts) in cases {
        for &layout in layouts {
            for ((m, n, k), beta) in [((7, 9, 16), 0.0), ((1001, 999, 136), -0.5)] {
                let shape = GemmShape { m, n, k };
                let ctx = format!("{kernel} {types} {layout} {shape} beta {beta}");
                let inp = GemmInputs::random_typed(&mut rng, types, shape, layout, 1.25, beta);
                let a = DeviceMatrix::upload(stream, types.input, &inp.a).unwrap();
                let b = DeviceMatrix::upload(stream, types.input, &inp.b).unwrap();
                let mut c = DeviceMatrix::upload(stream, types.output, &inp.c).unwrap();
                let p = inp.problem();
                gemm(&gpu, kernel, &p, a.operand(), b.operand(), c.operand_mut())
                    .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                let good = c.download(stream).unwrap();
                // one element off by 2% of its scale |alpha| sum_k |a b|
                let (i, j) = (m / 2, n / 3);
                let mag: f64 = (0..k)
                    .map(|kk| {
                        (inp.a[layout.a_offset(shape, i, kk)]
                            * inp.b[layout.b_offset(shape, j, kk)])
                        .abs() as f64
                    })
                    .sum::<f64>()
                    * 1.25;
                let mut off = good.clone();
                off[i + j * m] += (0.02 * mag) as f32;
                for got in [&good, &off] {
                    let mut r = BlasReference::new(blas, stream, (&a, &b), layout, shape, 3)
                        .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    let f32_ref =
                        check_blocks(&inp, got, CheckScope::All, 3, |c, out| r.columns(c, out));
                    let f64_ref = check_with(Some(&gpu), &inp, got, CheckScope::All);
                    if let Ok(r) = &f32_ref {
                        assert_eq!(r.reference, Reference::CublasF32, "{ctx}");
                    }
                    assert_eq!(outcome(f32_ref), outcome(f64_ref), "{ctx}");
                }
                // the whole path: blocks of every column at once
                let r = blas_reference::check(blas, stream, &inp, (&a, &b), &good, CheckScope::All)
                    .unwrap_or_else(|e| panic!("{ctx}: {e}"));
                println!(
                    "{ctx}: ok against {}, {:.3} of the bound; a wrong element fails",
                    r.reference, r.max_bound_ratio
                );
            }
        }
    }
}
