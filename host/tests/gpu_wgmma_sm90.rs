//! On an SM90 GPU: the port of `wgmma_tma_sm90.cu`, NT and TN, `half_t` throughout and
//! `bfloat16_t` in/out with `float` accumulation, against the float64 reference on fresh
//! random inputs, C poisoned with NaN first, every element checked within the bound of
//! `cute_host::gemm::error_bound` (`2 u_out |c| + 2 u_acc min(K, 8 sqrt K) sum|a b|`, `u` the
//! unit roundoff: 2^-11 for half, 2^-8 for bfloat16, 2^-24 for float, plus an underflow term
//! `(K + 2) eta_acc + eta_out`). Shapes: one tile, ragged edges in M, N and K (rows 16-byte
//! aligned, the TMA's condition: M for NT and K for TN multiples of 8), 9 tile rows (in the
//! default groups of 4 tile rows the third group then has padding rows: the cluster of rows 10
//! and 11 leaves, the cluster of rows 8 and 9 runs with row 9 on zeros), a non-square one and
//! 4096^3 (eight groups).
//! Without an SM90 GPU, prints why it skipped.

use cute_host::gemm::{
    run_gemm, CheckScope, GemmInputs, GemmLayout, GemmShape, GemmTypes, Kernel, Rng,
};
use cute_host::{Error, Gpu};

fn gpu_or_skip() -> Option<Gpu> {
    match Gpu::new() {
        Ok(gpu) if gpu.has_kernel("wgmma_tma_sm90_nt_f16") => Some(gpu),
        Ok(gpu) => {
            println!(
                "skipped: {} ({}) has no sm_90a kernels",
                gpu.name(),
                gpu.arch()
            );
            None
        }
        Err(Error::NoDevice(why)) => {
            println!("skipped: {why}");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

const TYPES: [GemmTypes; 2] = [GemmTypes::F16_F16_F16, GemmTypes::BF16_F32_BF16];
const LAYOUTS: [GemmLayout; 2] = [GemmLayout::Nt, GemmLayout::Tn];

fn case(
    gpu: &Gpu,
    rng: &mut Rng,
    types: GemmTypes,
    layout: GemmLayout,
    mnk: (usize, usize, usize),
    beta: f32,
) {
    let kernel = Kernel::by_name("wgmma_tma_sm90").expect("registered");
    let shape = GemmShape {
        m: mnk.0,
        n: mnk.1,
        k: mnk.2,
    };
    let inp = GemmInputs::random_typed(rng, types, shape, layout, 1.0, beta);
    match run_gemm(gpu, kernel, &inp, Some(CheckScope::All), 0) {
        Ok(run) => {
            let r = run.check.unwrap();
            assert_eq!(r.checked, shape.m * shape.n);
            println!(
                "wgmma_tma_sm90 {types} {layout} {shape} beta {beta}: ok, max error {:.2e}",
                r.max_rel_err
            );
        }
        Err(e) => panic!("wgmma_tma_sm90 {types} {layout} {shape} beta {beta}: {e}"),
    }
}

#[test]
fn wgmma_tma_sm90_matches_the_f64_reference() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut rng = Rng::fresh();
    println!(
        "{} ({}), inputs seed {:#x}",
        gpu.name(),
        gpu.arch(),
        rng.state()
    );
    for types in TYPES {
        for layout in LAYOUTS {
            // NT needs M and N multiples of 8 (K any); TN needs K a multiple of 8 (M, N any).
            let ragged: [(usize, usize, usize); 3] = match layout {
                GemmLayout::Nt => [(8, 8, 1), (264, 136, 7), (1096, 200, 129)],
                _ => [(1, 1, 8), (7, 129, 136), (1100, 131, 520)],
            };
            for mnk in [(128, 128, 64), (136, 200, 72), (2048, 512, 1032)]
                .into_iter()
                .chain(ragged)
            {
                case(&gpu, &mut rng, types, layout, mnk, 0.0);
            }
            case(&gpu, &mut rng, types, layout, (264, 136, 200), -0.5);
            case(&gpu, &mut rng, types, layout, (4096, 4096, 4096), 0.0);
        }
    }
}

#[test]
fn wgmma_tma_sm90_rejects_unaligned_rows() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut rng = Rng::fresh();
    let kernel = Kernel::by_name("wgmma_tma_sm90").expect("registered");
    let shape = GemmShape {
        m: 130,
        n: 128,
        k: 64,
    };
    let inp = GemmInputs::random_typed(
        &mut rng,
        GemmTypes::F16_F16_F16,
        shape,
        GemmLayout::Nt,
        1.0,
        0.0,
    );
    // refused for its shape before any launch: a launch failure or any other error fails here
    match run_gemm(&gpu, kernel, &inp, Some(CheckScope::All), 0) {
        Err(Error::Shape { op, expected, .. })
            if op == "wgmma_tma_sm90" && expected.starts_with("M a multiple of 8") =>
        {
            println!("M = 130 (NT): refused, expected {expected}")
        }
        Err(e) => panic!("M = 130 (NT): the wrong error: {e}"),
        Ok(_) => panic!("M = 130 is not a multiple of 8 and should be rejected"),
    }
}
