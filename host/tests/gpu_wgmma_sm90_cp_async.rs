//! On an SM90 GPU: the port of `wgmma_sm90.cu` (`wgmma_sm90`: cp.async pipeline, GMMAs on the
//! descriptor tensors of `partition_fragment_A/B`), NT and TN, `half_t` throughout and
//! `bfloat16_t` in/out with `float` accumulation, against the float64 reference on fresh
//! random inputs, C poisoned with NaN first, every element checked within the bound of
//! `cute_host::gemm::error_bound` (`2 u_out |alpha dot + beta C0| + min(2 u_acc K sum|p|,
//! 8 * 2 u_acc sqrt(K) ||p||_2)`, `u` the unit roundoff: 2^-11 half, 2^-8 bfloat16, 2^-24
//! float). Shapes: one tile, ragged edges in M, N and K (the contiguous dimension a multiple of
//! 8: M and N for NT, K for TN), 9 tile rows (in the default groups of 8 tile rows the second
//! group then has 7 padding rows, whose CTAs leave at once), non-square ones, `beta != 0`, and
//! 4096^3. Without an SM90 GPU,
//! prints why it skipped.

mod common;
use common::gpu::{check_case, fresh_rng, gpu_or_skip, try_case};

use cute_host::gemm::{GemmLayout, GemmTypes, Kernel};

fn kernel() -> Kernel {
    Kernel::by_name("wgmma_sm90").expect("registered")
}
const TYPES: [GemmTypes; 2] = [GemmTypes::F16_F16_F16, GemmTypes::BF16_F32_BF16];
const LAYOUTS: [GemmLayout; 2] = [GemmLayout::Nt, GemmLayout::Tn];

#[test]
fn wgmma_sm90_matches_the_f64_reference() {
    let Some(gpu) = gpu_or_skip(Some("wgmma_sm90_nt_f16")) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    for types in TYPES {
        for layout in LAYOUTS {
            let ragged: [(usize, usize, usize); 3] = match layout {
                GemmLayout::Nt => [(8, 8, 1), (264, 136, 7), (1096, 200, 129)],
                _ => [(1, 1, 8), (7, 129, 136), (1100, 131, 520)],
            };
            for mnk in [
                (128, 128, 64),
                (136, 200, 72),
                (2048, 512, 1032),
                (384, 3072, 256),
            ]
            .into_iter()
            .chain(ragged)
            {
                check_case(&gpu, &mut rng, kernel(), types, layout, mnk, 1.0, 0.0);
            }
            check_case(
                &gpu,
                &mut rng,
                kernel(),
                types,
                layout,
                (264, 136, 200),
                1.0,
                -0.5,
            );
            check_case(
                &gpu,
                &mut rng,
                kernel(),
                types,
                layout,
                (4096, 4096, 4096),
                1.0,
                0.0,
            );
        }
    }
}

#[test]
fn wgmma_sm90_rejects_unaligned_rows() {
    let Some(gpu) = gpu_or_skip(Some("wgmma_sm90_nt_f16")) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    let cases = [
        (
            GemmTypes::F16_F16_F16,
            GemmLayout::Nt,
            (130, 128, 64),
            "M = 130 (NT)",
        ),
        (
            GemmTypes::BF16_F32_BF16,
            GemmLayout::Tn,
            (128, 128, 60),
            "K = 60 (TN)",
        ),
    ];
    for (types, layout, mnk, what) in cases {
        match try_case(&gpu, &mut rng, kernel(), types, layout, mnk, 1.0, 0.0) {
            Err(e) => {
                let e = e.to_string();
                println!("{what}: {e}");
                assert!(e.contains("multiple of 8"), "{e}");
            }
            Ok(_) => panic!("{what} is not 16-byte aligned and should be rejected"),
        }
    }
}

/// Every variant on two small shapes (one ragged, one with `beta != 0`), for
/// `compute-sanitizer --tool memcheck|racecheck` (one process, so the PTX is loaded once).
#[test]
fn wgmma_sm90_small_shapes_for_sanitizers() {
    let Some(gpu) = gpu_or_skip(Some("wgmma_sm90_nt_f16")) else {
        return;
    };
    let mut rng = fresh_rng(&gpu);
    for types in TYPES {
        for layout in LAYOUTS {
            let ragged = match layout {
                GemmLayout::Nt => (264, 136, 7),
                _ => (7, 129, 136),
            };
            check_case(&gpu, &mut rng, kernel(), types, layout, ragged, 1.0, 0.0);
            check_case(
                &gpu,
                &mut rng,
                kernel(),
                types,
                layout,
                (264, 136, 200),
                1.0,
                -0.5,
            );
        }
    }
}
