//! On a Hopper GPU: the flagship (`--kernel hopper`) through the registry, every layout and
//! element type it has, against the float64 CPU reference on fresh random inputs (C poisoned
//! first), ragged shapes included, every element checked. Elsewhere it prints why it skips.
//! (`cargo run --release -p cute-host --example hopper check ...` is the same check outside the
//! registry, with cuBLAS beside it in `bench` mode.)

use cute_host::gemm::{
    run_gemm, CheckScope, GemmInputs, GemmLayout, GemmShape, GemmTypes, Kernel, Rng,
};
use cute_host::{Error, Gpu};

fn hopper_or_skip() -> Option<(Gpu, Kernel)> {
    let gpu = match Gpu::new() {
        Ok(g) => g,
        Err(Error::NoDevice(why)) | Err(Error::Bench(why)) => {
            println!("skipped: {why}");
            return None;
        }
        Err(e) => panic!("{e}"),
    };
    if gpu.arch() != "sm_90a" || !gpu.has_kernel("hopper_gemm_tn_bf16_bf16") {
        println!(
            "skipped: {} ({}) has no sm_90a kernels",
            gpu.name(),
            gpu.arch()
        );
        return None;
    }
    Some((gpu, Kernel::by_name("hopper").expect("registered")))
}

/// A layout, the element types, `(M, N, K)` and beta.
type Case = (GemmLayout, GemmTypes, (usize, usize, usize), f32);

#[test]
fn hopper_matches_the_f64_reference() {
    let Some((gpu, kernel)) = hopper_or_skip() else {
        return;
    };
    let mut rng = Rng::fresh();
    println!("{}, inputs seed {:#x}", gpu.name(), rng.state());
    let cases: [Case; 14] = [
        // smaller than one tile (boxes larger than the tensor: zero fill, clipped stores)
        (GemmLayout::Tn, GemmTypes::BF16_F32_BF16, (1, 1, 8), 0.0),
        (GemmLayout::Tn, GemmTypes::F16_F32_F32, (7, 9, 16), 0.0),
        (GemmLayout::Nt, GemmTypes::BF16_F32_BF16, (8, 8, 8), 0.0),
        (GemmLayout::Nn, GemmTypes::F16_F32_F16, (64, 8, 24), 0.0),
        (
            GemmLayout::Tn,
            GemmTypes::BF16_F32_BF16,
            (1000, 1000, 1000),
            0.0,
        ),
        (
            GemmLayout::Tn,
            GemmTypes::F16_F32_F16,
            (4097, 2049, 1032),
            0.0,
        ),
        (GemmLayout::Tn, GemmTypes::BF16_F32_F32, (129, 1000, 8), 0.0),
        (GemmLayout::Tn, GemmTypes::F16_F32_F32, (128, 256, 64), -0.5),
        (
            GemmLayout::Tn,
            GemmTypes::BF16_F32_BF16,
            (300, 200, 136),
            -0.5,
        ),
        (
            GemmLayout::Nt,
            GemmTypes::BF16_F32_BF16,
            (1000, 1000, 1000),
            0.0,
        ),
        (
            GemmLayout::Nt,
            GemmTypes::F16_F32_F16,
            (4096, 2048, 1032),
            0.0,
        ),
        (
            GemmLayout::Nn,
            GemmTypes::BF16_F32_BF16,
            (1000, 1000, 1000),
            0.0,
        ),
        (
            GemmLayout::Tt,
            GemmTypes::F16_F32_F16,
            (1000, 1000, 1000),
            0.0,
        ),
        (
            GemmLayout::Tt,
            GemmTypes::BF16_F32_BF16,
            (304, 200, 136),
            -0.5,
        ),
    ];
    for (layout, types, (m, n, k), beta) in cases {
        let shape = GemmShape { m, n, k };
        let inp = GemmInputs::random_typed(&mut rng, types, shape, layout, 1.25, beta);
        match run_gemm(&gpu, kernel, &inp, Some(CheckScope::All), 0) {
            Ok(run) => {
                let r = run.check.unwrap();
                assert_eq!(r.checked, m * n);
                println!(
                    "{types} {layout} {shape} beta {beta}: ok, max error {:.2e}",
                    r.max_rel_err
                );
            }
            Err(e) => panic!("{types} {layout} {shape} beta {beta}: {e}"),
        }
    }
}

/// K not a multiple of 8 (TMA's 16-byte strides) is refused before the GPU is touched, in
/// CuTe's words.
#[test]
fn hopper_refuses_k_not_a_multiple_of_8() {
    let Some((gpu, kernel)) = hopper_or_skip() else {
        return;
    };
    let mut rng = Rng::fresh();
    let shape = GemmShape {
        m: 64,
        n: 64,
        k: 12,
    };
    let inp = GemmInputs::random_typed(
        &mut rng,
        GemmTypes::BF16_F32_BF16,
        shape,
        GemmLayout::Tn,
        1.0,
        0.0,
    );
    let e = run_gemm(&gpu, kernel, &inp, None, 0).expect_err("K = 12 must be refused");
    println!("{e}");
    assert!(e.to_string().contains("K a multiple of 8"), "{e}");
}
