//! On a GPU: `sgemm_1` and `sgemm_2`, NT and TN, against the float64 reference on fresh
//! random inputs, C poisoned with NaN first (so every element must be written), for M, N, K
//! from {1, 7, 128, 129, 1000, 4096} including ragged combinations. Without a GPU, prints why
//! it skipped.
//!
//! Every element of C is checked in every case, 4096^3 included: the float64 reference's sums
//! are three cuBLAS DGEMMs on the GPU (`gemm::ReferenceSums::gpu`; on the CPU where cuBLAS is
//! missing), checked against the CPU's here (`the_gpu_reference_sums_match_the_cpu_ones`).
//!
//! The registered kernels beyond the SIMT ones (f16/bf16 tensor-core kernels) are checked the
//! same way in every element type and layout their registry entry lists
//! (`registered_kernels_match_the_f64_reference_*`, four tests that share the kernels): adding
//! a kernel to `kernels::GEMM_KERNELS` adds it here.

mod common;

use common::gpu::{check_case, fresh_rng, gpu_or_skip, try_case};
use cute_host::gemm::{
    check_problem, GemmInputs, GemmLayout, GemmProblem, GemmShape, GemmTypes, Kernel,
    ReferenceSums, Rng,
};
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

/// A SIMT case: `float` throughout.
fn case(
    gpu: &Gpu,
    rng: &mut Rng,
    kernel: Kernel,
    layout: GemmLayout,
    mnk: (usize, usize, usize),
    beta: f32,
) {
    check_case(gpu, rng, kernel, GemmTypes::F32, layout, mnk, 1.25, beta);
}

#[test]
fn sgemm_matches_the_f64_reference_on_ragged_shapes() {
    let Some(gpu) = gpu_or_skip(None) else { return };
    let mut rng = fresh_rng(&gpu);
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
    let Some(gpu) = gpu_or_skip(None) else { return };
    let mut rng = fresh_rng(&gpu);
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
    let Some(gpu) = gpu_or_skip(None) else { return };
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

/// Shapes for the registered kernels beyond the SIMT ones: tile-exact, ragged in every mode,
/// and large. A shape a kernel cannot take (its alignment) is skipped with the reason printed.
const TYPED_SHAPES: [(usize, usize, usize); 6] = [
    (128, 128, 64),
    (256, 128, 128),
    (1000, 1000, 1000),
    (4097, 2049, 1032),
    (129, 7, 8),
    (4096, 4096, 4096),
];

/// The parts [`registered_kernels_part`] divides the registered kernels into.
const PARTS: usize = 4;

/// Every registered kernel other than `sgemm_1`/`sgemm_2` (the tensor-core kernels), in every
/// element type and layout its entry lists, against the float64 reference (inputs rounded to
/// the input type, C poisoned, every element within `gemm::error_bound`), with beta 0 and
/// (at one shape) beta != 0. A kernel missing from this build's PTX is skipped, saying so.
/// Part `part` of [`PARTS`] takes the kernels whose place among them is `part` modulo
/// [`PARTS`] (each part one of the Hopper family's four entries), so that test threads share
/// the work.
fn registered_kernels_part(part: usize) {
    let Some(gpu) = gpu_or_skip(None) else { return };
    let mut rng = fresh_rng(&gpu);
    let others: Vec<Kernel> = Kernel::all().filter(|k| !KERNELS.contains(k)).collect();
    if others.is_empty() {
        println!("no registered kernels besides sgemm_1 and sgemm_2");
    }
    for kernel in others.into_iter().skip(part).step_by(PARTS) {
        for &types in kernel.entry().types {
            for &layout in kernel.entry().layouts {
                for (i, (m, n, k)) in TYPED_SHAPES.into_iter().enumerate() {
                    let shape = GemmShape { m, n, k };
                    let beta = if i == 2 { -0.5 } else { 0.0 };
                    let problem = GemmProblem {
                        types,
                        layout,
                        shape,
                        alpha: 1.25,
                        beta,
                    };
                    if let Err(e) = check_problem(kernel, &problem) {
                        println!("skipped {kernel} {types} {layout} {shape}: {e}");
                        continue;
                    }
                    match try_case(&gpu, &mut rng, kernel, types, layout, (m, n, k), 1.25, beta) {
                        Ok(_) => {}
                        Err(e) if e.to_string().contains("which is not in the PTX") => {
                            println!("skipped {kernel}: {e}");
                            break;
                        }
                        Err(e) => panic!("{kernel} {types} {layout} {shape} beta {beta}: {e}"),
                    }
                }
            }
        }
    }
}

#[test]
fn registered_kernels_match_the_f64_reference_0() {
    registered_kernels_part(0);
}

#[test]
fn registered_kernels_match_the_f64_reference_1() {
    registered_kernels_part(1);
}

#[test]
fn registered_kernels_match_the_f64_reference_2() {
    registered_kernels_part(2);
}

#[test]
fn registered_kernels_match_the_f64_reference_3() {
    registered_kernels_part(3);
}

/// The float64 reference's sums from cuBLAS DGEMMs equal the CPU's up to float64 rounding
/// (`K 2^-52` of `sum|p|`, or of `sum p^2`), in every layout, at ragged shapes and K up to
/// 4096. Where the GPU cannot compute them (no cuBLAS), it skips, saying so.
#[test]
fn the_gpu_reference_sums_match_the_cpu_ones() {
    let Some(gpu) = gpu_or_skip(None) else { return };
    let mut rng = fresh_rng(&gpu);
    for layout in GemmLayout::ALL {
        for (m, n, k) in [(1, 1, 1), (129, 77, 1000), (1000, 7, 129), (7, 1000, 4096)] {
            let shape = GemmShape { m, n, k };
            let inp = GemmInputs::random_typed(&mut rng, GemmTypes::F32, shape, layout, 1.0, 0.0);
            let Some(on_gpu) = ReferenceSums::gpu(&gpu, &inp).unwrap() else {
                println!("skipped: this GPU gives no float64 reference (standard error says why)");
                return;
            };
            let cpu = ReferenceSums::cpu(&inp).unwrap();
            let eps = k as f64 * f64::EPSILON;
            let mut worst = 0f64;
            for x in 0..m * n {
                for (g, c, scale) in [
                    (on_gpu.dot[x], cpu.dot[x], cpu.mag[x]),
                    (on_gpu.mag[x], cpu.mag[x], cpu.mag[x]),
                    (on_gpu.sq[x], cpu.sq[x], cpu.sq[x]),
                ] {
                    assert!(
                        (g - c).abs() <= eps * scale,
                        "{layout} {shape} element {x}: GPU {g:e}, CPU {c:e}"
                    );
                    if scale > 0.0 {
                        worst = worst.max((g - c).abs() / scale);
                    }
                }
            }
            println!("{layout} {shape}: GPU and CPU sums within {worst:.1e} of their scale");
        }
    }
}
