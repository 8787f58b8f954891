//! `sgemm_sm80`: the port of CuTe's tutorial `sgemm_sm80.cu`
//! (`cute-kernels/src/tutorial/sgemm_sm80.rs`) with its three variants: `half_t` TN (cp.async,
//! ldmatrix, `SM80_16x8x16_F16F16F16F16_TN`, 3 stages of swizzled smem), `float` NT and TN
//! (cp.async, `UniversalFMA`).
//!
//! The tutorial does not predicate, so the shapes are its tiles' multiples: M and N of 128,
//! K of 64 (`half_t`) or 8 (`float`); the entry's `shape_multiple` checks the float tiles and
//! its `preconditions` the `half_t` ones (and that `half_t` is TN: the tutorial's `gemm_nt` for
//! `half_t` is `assert(false && "Not implemented")`), each a `Error::Shape` naming the
//! condition, before anything is launched.

use cudarc::driver::sys::CUfunction_attribute_enum;
use cudarc::driver::{LaunchConfig, PushKernelArg};
use cute_core::numeric::numeric_types::Half;

use crate::error::Error;
use crate::gemm::{
    kernel_function, GemmLaunch, GemmLayout, GemmProblem, GemmTypes, Indexing, KernelEntry,
};
use crate::gpu::Gpu;

/// The port of `sgemm_sm80.cu`.
pub const SGEMM_SM80: KernelEntry = KernelEntry {
    name: "sgemm_sm80",
    about:
        "port of sgemm_sm80.cu: cp.async 3-stage pipeline; f16 TN: ldmatrix + mma.sync 16x8x16, \
            Sw<3,3,3> smem; f32 NT/TN: UniversalFMA (M, N multiples of 128, K of 64 / 8)",
    types: &[GemmTypes::F16_F16_F16, GemmTypes::F32],
    layouts: &[GemmLayout::Tn, GemmLayout::Nt],
    contiguous_multiple: 1,
    shape_multiple: (128, 128, 8),
    indexing: Indexing::I32,
    preconditions: Some(half_preconditions),
    fusion: false,
    launch: launch_sgemm_sm80,
};

/// Threads per CTA: `size(mmaC)`, 128 for the 2x2 warps of the `half_t` path, 256 for the
/// 16x16 FMA threads of the `float` paths.
const HALF_THREADS: u32 = 128;
const FLOAT_THREADS: u32 = 256;
/// Dynamic shared memory: `sizeof(SharedStorage)`, both operands' `(BLK,BLK_K,3)` stages.
const HALF_TN_SMEM: u32 = 2 * 128 * 64 * 3 * 2;
const FLOAT_NT_SMEM: u32 = 2 * 128 * 8 * 3 * 4;
/// `((_128,_1),(_8,_1),(_1,_3)):((_1,_0),(_129,_0),(_0,_1032))` per operand (the padded
/// `(128,8):(1,129)` atom tiled 3 times by `tile_to_shape`): cosize 3095.
const FLOAT_TN_SMEM: u32 = 2 * 3095 * 4;

/// The `half_t` path's own conditions (the entry's fields hold for both element types): TN
/// only, K a multiple of its `BLK_K` of 64.
fn half_preconditions(p: &GemmProblem) -> Result<(), Error> {
    const OP: &str = "sgemm_sm80";
    if p.types != GemmTypes::F16_F16_F16 {
        return Ok(());
    }
    if p.layout != GemmLayout::Tn {
        return Err(Error::Shape {
            op: OP,
            expected: "TN for half_t (the tutorial's half_t gemm_nt is not implemented)".into(),
            got: p.layout.to_string().to_uppercase(),
        });
    }
    if p.shape.k % 64 != 0 {
        return Err(Error::Shape {
            op: OP,
            expected: "(M,N,K) multiples of (128,128,64) for half_t (sgemm_sm80 has no \
                       predication for partial tiles): K a multiple of 64"
                .into(),
            got: format!("(M,N,K) = {}", p.shape),
        });
    }
    Ok(())
}

fn launch_sgemm_sm80(gpu: &Gpu, mut l: GemmLaunch<'_>) -> Result<(), Error> {
    const OP: &str = "sgemm_sm80";
    let (m, n, k) = l.mnk;
    let (lda, ldb, ldc) = l.ld;
    let s = l.problem.shape;
    let half = l.problem.types == GemmTypes::F16_F16_F16;
    let (name, threads, smem) = match (half, l.problem.layout) {
        // `gemm` checked the entry's `preconditions` before making `l`: half_t is TN.
        (true, _) => ("sgemm_sm80_tn_half", HALF_THREADS, HALF_TN_SMEM),
        (false, GemmLayout::Nt) => ("sgemm_sm80_nt", FLOAT_THREADS, FLOAT_NT_SMEM),
        (false, _) => ("sgemm_sm80_tn", FLOAT_THREADS, FLOAT_TN_SMEM),
    };
    let f = kernel_function(gpu, OP, name)?;
    f.set_attribute(
        CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        smem as i32,
    )?;
    let cfg = LaunchConfig {
        grid_dim: ((s.m / 128) as u32, (s.n / 128) as u32, 1),
        block_dim: (threads, 1, 1),
        shared_mem_bytes: smem,
    };
    let (alpha, beta) = (l.problem.alpha, l.problem.beta);
    let mut launch = gpu.stream().launch_builder(&f);
    // The argument values must outlive the launch: bind them here.
    let (alpha_h, beta_h) = (
        Half::from_f32(alpha).to_bits(),
        Half::from_f32(beta).to_bits(),
    );
    launch.arg(&m).arg(&n).arg(&k);
    if half {
        let (a, b) = l.ab_bits16(OP)?;
        launch
            .arg(&alpha_h)
            .arg(a)
            .arg(&lda)
            .arg(b)
            .arg(&ldb)
            .arg(&beta_h);
        launch.arg(l.c_bits16(OP)?);
    } else {
        let (a, b) = l.ab_f32(OP)?;
        launch
            .arg(&alpha)
            .arg(a)
            .arg(&lda)
            .arg(b)
            .arg(&ldb)
            .arg(&beta);
        launch.arg(l.c_f32(OP)?);
    }
    launch.arg(&ldc);
    // SAFETY: `sgemm_sm80_tn_half` is `(m: i32, n: i32, k: i32, alpha: u16, a: *const Half,
    // lda: i32, b: *const Half, ldb: i32, beta: u16, c: *mut Half, ldc: i32)` (`Half` is a
    // transparent `u16`), `sgemm_sm80_nt`/`_tn` the same with `f32` scalars and elements,
    // pushed in that order with those types (the types were checked: F16_F16_F16 or F32).
    // `gemm` checked that M, N are multiples of 128 and K of 8 (here also of 64 for half_t),
    // so with the tight leading dimensions every CTA tile lies inside A, B and C, which hold
    // at least M*K, N*K, M*N elements; 16-byte copies are aligned (cudarc's allocations are
    // 256-byte aligned, and the tile multiples make every row start 16-byte aligned). The
    // grid is (M/128, N/128), the block and dynamic shared memory those the kernels' docs ask
    // for (the attribute above allows the 96 KiB of the half_t path).
    unsafe { launch.launch(cfg) }?;
    Ok(())
}
