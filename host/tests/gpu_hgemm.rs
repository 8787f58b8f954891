//! On a GPU: every `hgemm_sm80*` kernel (each element type and layout it registers) against
//! the float64 reference on fresh random inputs, C poisoned with NaN first, every element checked within the bound of `cute_host::gemm::error_bound` (the
//! output's rounding, `2 u_out (|alpha dot| + |beta C0|)`, plus the accumulation's,
//! `min(2 u_acc K sum|p|, 8 (2 u_acc) sqrt(K) ||p||_2)` over the K products `p`; `u` the unit
//! roundoff of the type). Shapes: 1000^3, 4097x2049x1032 (TN; NT needs M and N multiples of 8:
//! 4104x2056x1032), tile-exact ones, and small ragged ones. Without a GPU, prints why it
//! skipped. The host-side errors (K not a multiple of 8) are checked without a GPU.

#[path = "common/gpu_gemm.rs"]
mod gpu_gemm;

use cute_host::gemm::{check_problem, GemmLayout, GemmProblem, GemmShape, GemmTypes, Kernel, Rng};
use gpu_gemm::{case, gpu_or_skip};

/// Every registered `hgemm_sm80*` kernel , with each
/// of its element types and layouts.
fn hgemm_kernels() -> Vec<(Kernel, GemmTypes, GemmLayout)> {
    let mut v = Vec::new();
    for k in Kernel::all().filter(|k| k.name().starts_with("hgemm_sm80")) {
        for &t in k.entry().types {
            for &l in k.entry().layouts {
                v.push((k, t, l));
            }
        }
    }
    v
}

#[test]
fn hgemm_sm80_matches_the_f64_reference() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut rng = Rng::fresh();
    println!("{} ({}), seed {:#x}", gpu.name(), gpu.arch(), rng.state());
    let all = hgemm_kernels();
    assert!(all.len() >= 8, "{}", all.len());
    for (kernel, types, layout) in all {
        let big = if layout == GemmLayout::Tn {
            (4097, 2049, 1032)
        } else {
            (4104, 2056, 1032)
        };
        let small_ragged = if layout == GemmLayout::Tn {
            [(1, 1, 8), (129, 67, 40), (200, 300, 8)]
        } else {
            [(8, 8, 8), (136, 72, 40), (200, 304, 8)]
        };
        for mnk in [(1000, 1000, 1000), big, (256, 512, 128), (256, 256, 64)]
            .into_iter()
            .chain(small_ragged)
        {
            case(&gpu, &mut rng, kernel, types, layout, mnk, 0.0);
        }
        // beta != 0: C is read
        case(
            &gpu,
            &mut rng,
            kernel,
            types,
            layout,
            (1000, 1000, 1000),
            -0.5,
        );
    }
}

/// A K that is not a multiple of 8 (TN) or an M that is not (NT) is a clear host error.
#[test]
fn hgemm_sm80_rejects_unaligned_extents() {
    let p = |layout, m, n, k| GemmProblem {
        types: GemmTypes::F16_F32_F16,
        layout,
        shape: GemmShape { m, n, k },
        alpha: 1.0,
        beta: 0.0,
    };
    let e = check_problem(Kernel::HGEMM_SM80, &p(GemmLayout::Tn, 64, 64, 1001)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "hgemm_sm80: expected K a multiple of 8 (A is (M,K):(K,_1) and hgemm_sm80 copies 8 \
         half_t (16 bytes) at a time along K), got (M,N,K) = (64,64,1001)"
    );
    let e = check_problem(Kernel::HGEMM_SM80, &p(GemmLayout::Nt, 4097, 64, 64)).unwrap_err();
    assert!(e.to_string().contains("expected M a multiple of 8"), "{e}");
    check_problem(Kernel::HGEMM_SM80, &p(GemmLayout::Tn, 4097, 2049, 1032)).unwrap();
}

/// Every `hgemm_sm80*` kernel once at a ragged shape (edges in M, N and K, several k-tiles,
/// beta != 0): what `compute-sanitizer --tool memcheck|racecheck` runs
/// (benches/results/2026-11-24-h100-sm80/run3-sanitize.txt).
#[test]
fn hgemm_sm80_every_kernel_at_a_ragged_shape() {
    let Some(gpu) = gpu_or_skip() else { return };
    let mut rng = Rng::fresh();
    for (kernel, types, layout) in hgemm_kernels() {
        let mnk = if layout == GemmLayout::Tn {
            (333, 141, 200)
        } else {
            (336, 136, 208)
        };
        case(&gpu, &mut rng, kernel, types, layout, mnk, 0.5);
    }
}
