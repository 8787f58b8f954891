//! On a GPU: `sgemm_1` and `sgemm_2`, NT and TN, against the float64 CPU reference on fresh
//! random inputs, C poisoned with NaN first (so every element must be written), for M, N, K
//! from {1, 7, 128, 129, 1000, 4096} including ragged combinations. Without a GPU, prints why
//! it skipped.
//!
//! Every element of C is checked in every case, 4096^3 included (the reference is
//! multi-threaded; it takes seconds on the GPU machine's 16 cores).

use cute_host::gemm::{run_gemm, CheckScope, GemmInputs, GemmLayout, GemmShape, Kernel, Rng};
use cute_host::{Error, Gpu};

const KERNELS: [Kernel; 2] = [Kernel::SGEMM_1, Kernel::SGEMM_2];
const LAYOUTS: [GemmLayout; 2] = [GemmLayout::Nt, GemmLayout::Tn];

/// (M, N, K) for every kernel and layout: edges in M, N and K, sizes below, at and above one
/// 128x128x8 tile, multiples of 4 and not (NT `sgemm_2` switches to scalar copies).
const SHAPES: [(usize, usize, usize); 14] = [
    (1, 1, 1),
    (7, 7, 7),
    (128, 128, 128),
    (129, 129, 129),
    (128, 128, 7),
    (1, 129, 1000),
    (129, 7, 1000),
    (1000, 1000, 129),
    (128, 1000, 7),
    (7, 1000, 128),
    (1000, 129, 1),
    (1000, 1000, 1000),
    (4096, 7, 129),
    (1, 4096, 4096),
];

fn gpu_or_skip() -> Option<Gpu> {
    match Gpu::new() {
        Ok(gpu) => Some(gpu),
        Err(Error::NoDevice(why)) => {
            println!("skipped: {why}");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

/// The kernels whose entry points are in the loaded PTX (all of them, unless `CUTE_PTX` names
/// an older file).
fn kernels(gpu: &Gpu) -> Vec<Kernel> {
    KERNELS
        .into_iter()
        .filter(|k| {
            let there = gpu.has_kernel(&format!("{k}_nt"));
            if !there {
                println!("skipped: {k} is not in this build's PTX");
            }
            there
        })
        .collect()
}

fn case(
    gpu: &Gpu,
    rng: &mut Rng,
    kernel: Kernel,
    layout: GemmLayout,
    mnk: (usize, usize, usize),
    beta: f32,
) {
    let shape = GemmShape {
        m: mnk.0,
        n: mnk.1,
        k: mnk.2,
    };
    let inp = GemmInputs::random(rng, shape, layout, 1.25, beta);
    match run_gemm(gpu, kernel, &inp, Some(CheckScope::All), 0) {
        Ok(run) => {
            let r = run.check.unwrap();
            assert_eq!(r.checked, shape.m * shape.n);
            println!(
                "{kernel} {layout} {shape} beta {beta}: ok, max error {:.2e}",
                r.max_rel_err
            );
        }
        Err(e) => panic!("{kernel} {layout} {shape} beta {beta}: {e}"),
    }
}

#[test]
fn sgemm_matches_the_f64_reference_on_ragged_shapes() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut rng = Rng::fresh();
    println!(
        "{} ({}), inputs seed {:#x}",
        gpu.name(),
        gpu.arch(),
        rng.state()
    );
    for kernel in kernels(&gpu) {
        for layout in LAYOUTS {
            for mnk in SHAPES {
                case(&gpu, &mut rng, kernel, layout, mnk, 0.0);
            }
            // beta != 0: C is read (random, not poisoned)
            case(&gpu, &mut rng, kernel, layout, (129, 1000, 7), -0.5);
        }
    }
}

#[test]
fn sgemm_matches_the_f64_reference_at_4096_cubed() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut rng = Rng::fresh();
    println!(
        "{} ({}), inputs seed {:#x}",
        gpu.name(),
        gpu.arch(),
        rng.state()
    );
    let ks = kernels(&gpu);
    for (kernel, layout) in [
        (Kernel::SGEMM_2, GemmLayout::Nt),
        (Kernel::SGEMM_2, GemmLayout::Tn),
        (Kernel::SGEMM_1, GemmLayout::Tn),
    ] {
        if ks.contains(&kernel) {
            case(&gpu, &mut rng, kernel, layout, (4096, 4096, 4096), 0.0);
        }
    }
}

#[test]
fn sgemm_rejects_short_buffers() {
    let Some(gpu) = gpu_or_skip() else { return };
    let s = gpu.stream();
    let a = s.alloc_zeros::<f32>(10).unwrap();
    let b = s.alloc_zeros::<f32>(12).unwrap();
    let mut c = s.alloc_zeros::<f32>(12).unwrap();
    let shape = GemmShape { m: 3, n: 4, k: 4 };
    let r = cute_host::gemm::sgemm(
        &gpu,
        Kernel::SGEMM_1,
        GemmLayout::Nt,
        shape,
        1.0,
        &a,
        &b,
        0.0,
        &mut c,
    );
    match r {
        Err(Error::Shape { op, .. }) => assert_eq!(op, "sgemm_1"),
        other => panic!("{other:?}"),
    }
}
