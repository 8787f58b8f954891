//! `hgemm_sm80`: our SM80 tensor-core GEMM for `half_t`/`bfloat16_t` inputs
//! (`cute-kernels/src/hgemm_sm80.rs`): `cp.async` + `ldmatrix` + `mma.sync` with a multistage
//! pipeline into swizzled shared memory.

use cudarc::driver::sys::CUfunction_attribute_enum;
use cudarc::driver::{LaunchConfig, PushKernelArg};

use crate::error::Error;
use crate::gemm::{kernel_function, GemmLaunch, GemmLayout, GemmTypes, Indexing, KernelEntry};
use crate::gpu::Gpu;

/// The registered configuration: 128x256x64 CTA tiles, 8 warps of 64x64, 3 stages.
pub const HGEMM_SM80: KernelEntry = KernelEntry {
    name: "hgemm_sm80",
    about: "tensor cores (mma.sync 16x8x16, ldmatrix, 3-stage cp.async, swizzled smem), f16/bf16",
    types: &[
        GemmTypes::F16_F32_F16,
        GemmTypes::F16_F32_F32,
        GemmTypes::BF16_F32_BF16,
        GemmTypes::F16_F16_F16,
    ],
    layouts: &[GemmLayout::Tn, GemmLayout::Nt],
    contiguous_multiple: 8,
    shape_multiple: (1, 1, 1),
    indexing: Indexing::I32,
    preconditions: None,
    fusion: false,
    launch: launch_hgemm_sm80,
};

/// The PTX name of a configuration's kernel for a problem's types and layout.
fn kernel_name(l: &GemmLaunch<'_>) -> String {
    let t = l.problem.types;
    format!(
        "hgemm_sm80_{}_{}_{}_{}",
        l.problem.layout, t.input, t.acc, t.output
    )
}

fn launch_hgemm_sm80(gpu: &Gpu, l: GemmLaunch<'_>) -> Result<(), Error> {
    launch(gpu, l, (128, 256, 64), 3)
}

/// Grid `(ceil(M/BLK_M) << 3, ceil(ceil(N/BLK_N) / 8))` (the kernel's swizzled block order),
/// one warp per 64x64 of the tile, `STAGES * (BLK_M + BLK_N) * BLK_K` 16-bit elements of
/// dynamic shared memory.
fn launch(
    gpu: &Gpu,
    mut l: GemmLaunch<'_>,
    (bm, bn, bk): (usize, usize, usize),
    stages: usize,
) -> Result<(), Error> {
    const OP: &str = "hgemm_sm80";
    let f = kernel_function(gpu, OP, &kernel_name(&l))?;
    let smem = (stages * (bm + bn) * bk * 2) as u32;
    f.set_attribute(
        CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        smem as i32,
    )?;
    let (m, n, k) = l.mnk;
    let (lda, ldb, ldc) = l.ld;
    let (alpha, beta) = (l.problem.alpha, l.problem.beta);
    let s = l.problem.shape;
    let cfg = LaunchConfig {
        grid_dim: (
            (s.m.div_ceil(bm) << 3) as u32,
            s.n.div_ceil(bn).div_ceil(8) as u32,
            1,
        ),
        block_dim: ((bm / 64 * (bn / 64) * 32) as u32, 1, 1),
        shared_mem_bytes: smem,
    };
    let (a, b) = l.ab_bits16(OP)?;
    let f32_out = l.problem.types.output == crate::gemm::Dtype::F32;
    let mut launch = gpu.stream().launch_builder(&f);
    launch
        .arg(&m)
        .arg(&n)
        .arg(&k)
        .arg(&alpha)
        .arg(a)
        .arg(&lda)
        .arg(b)
        .arg(&ldb)
        .arg(&beta);
    if f32_out {
        launch.arg(l.c_f32(OP)?);
    } else {
        launch.arg(l.c_bits16(OP)?);
    }
    launch.arg(&ldc);
    // SAFETY: every `hgemm_sm80_*` kernel is `(m: i32, n: i32, k: i32, alpha: f32, a: *const
    // u16, lda: i32, b: *const u16, ldb: i32, beta: f32, c: *mut C, ldc: i32)` with C `f32` for
    // `_f32` outputs and `u16` otherwise, pushed in that order with those types (the name is
    // built from the checked types and layout, which the entry lists). `gemm` checked that
    // a, b, c hold at least M*K, N*K, M*N elements, the contiguous extents are multiples of 8
    // (16-byte copies, from cudarc's 256-byte aligned allocations), M and N are not zero, and
    // with the tight leading dimensions the kernel touches A(m,k), B(n,k), C(m,n) only for
    // m < M, n < N, k < K. The grid, block and dynamic shared memory are those the kernel's
    // docs ask for (the attribute above allows more than 48 KiB).
    unsafe { launch.launch(cfg) }?;
    Ok(())
}
