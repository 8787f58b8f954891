//! On a Hopper GPU: the flagship (`--kernel hopper`) through the registry, every layout and
//! every element-type pair it has (bf16/f16 in, f32 accumulate, the input's type or f32 out),
//! against the float64 CPU reference on fresh random inputs (C poisoned first), every element
//! within `cute_host::gemm::error_bound`. The shapes take each path of the host and the kernel:
//! smaller than a tile (boxes larger than the tensor), M and N not multiples of 8 (an m-major A
//! or n-major B read from its padded copy; C stored directly, pairs split where M is odd),
//! tile-exact, aligned, and beta != 0 (C read). Elsewhere it prints why it skips.
//! (`cargo run --release -p cute-host --example hopper -- check M N K ...` is the same check for
//! large shapes, the reference computed once for every layout and output type.)

mod common;

use common::gpu::{check_case, fresh_rng, gpu_or_skip, try_case};
use cute_host::gemm::{GemmLayout, GemmTypes, Kernel};

const LAYOUTS: [GemmLayout; 4] = [
    GemmLayout::Tn,
    GemmLayout::Nt,
    GemmLayout::Nn,
    GemmLayout::Tt,
];

const TYPES: [GemmTypes; 4] = [
    GemmTypes::BF16_F32_BF16,
    GemmTypes::F16_F32_F16,
    GemmTypes::BF16_F32_F32,
    GemmTypes::F16_F32_F32,
];

/// `(M, N, K)` and beta.
const SHAPES: [((usize, usize, usize), f32); 8] = [
    // under one tile, odd M and N: every operand of NT/NN/TT padded, every store scalar
    ((1, 1, 8), 0.0),
    ((7, 9, 16), 0.0),
    // M, N = 4 mod 8: padded operands, C pairs aligned but no TMA store for 16-bit C
    ((204, 300, 72), 0.0),
    // odd M and N over several tiles, K not a multiple of 64
    ((1001, 999, 136), 0.0),
    // tile-exact (one 128x256x64 tile of the kernel's D = C^T: N = 128, M = 256)
    ((256, 128, 64), 0.0),
    // aligned: the fast path (no pad, TMA stores)
    ((1000, 1000, 1000), 0.0),
    // C read
    ((300, 200, 136), -0.5),
    ((257, 129, 64), -0.5),
];

#[test]
fn hopper_matches_the_f64_reference() {
    let Some(gpu) = gpu_or_skip(Some("hopper_gemm_tn_bf16_bf16")) else {
        return;
    };
    let kernel = Kernel::by_name("hopper").expect("registered");
    let mut rng = fresh_rng(&gpu);
    for layout in LAYOUTS {
        for types in TYPES {
            assert!(
                kernel.supports(types, layout),
                "{types} {layout} registered"
            );
            for (mnk, beta) in SHAPES {
                check_case(&gpu, &mut rng, kernel, types, layout, mnk, 1.25, beta);
            }
        }
    }
}

/// K not a multiple of 8 (TMA's 16-byte strides) is refused before the GPU is touched, in
/// CuTe's words, in every layout.
#[test]
fn hopper_refuses_k_not_a_multiple_of_8() {
    let Some(gpu) = gpu_or_skip(Some("hopper_gemm_tn_bf16_bf16")) else {
        return;
    };
    let kernel = Kernel::by_name("hopper").expect("registered");
    let mut rng = fresh_rng(&gpu);
    for layout in LAYOUTS {
        let e = try_case(
            &gpu,
            &mut rng,
            kernel,
            GemmTypes::BF16_F32_BF16,
            layout,
            (64, 64, 12),
            1.0,
            0.0,
        )
        .expect_err("K = 12 must be refused");
        println!("{layout}: {e}");
        assert!(e.to_string().contains("K a multiple of 8"), "{e}");
    }
}
