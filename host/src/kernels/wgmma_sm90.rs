//! The port of CuTe's Hopper tutorial `wgmma_sm90.cu` on the host (the tutorial's `gemm_nt` /
//! `gemm_tn`): a plain launch of `cute-kernels/src/tutorial/wgmma_sm90.rs` over the 128x128
//! tiles of C, 128 threads, the kernel's dynamic shared memory raised past 48 KiB first.

use cudarc::driver::sys::CUfunction_attribute_enum;
use cudarc::driver::{LaunchConfig, PushKernelArg};

use crate::error::Error;
use crate::gemm::{
    kernel_function, Dtype, GemmLaunch, GemmLayout, GemmTypes, Indexing, KernelEntry,
};
use crate::gpu::Gpu;

use super::tile_order;

const OP: &str = "wgmma_sm90";
/// `(BLK_M, BLK_N)` and threads of the kernel (`cute_kernels::tutorial::wgmma_sm90`).
const BLK_M: usize = 128;
const BLK_N: usize = 128;
const THREADS: u32 = 128;
/// `WGMMA_SM90_SMEM_BYTES`: 1 KiB alignment slack, 3 stages of (128,64) 16-bit A and B.
const SMEM_BYTES: u32 = 1024 + 2 * 3 * 128 * 64 * 2;
/// Tile rows per group of the CTAs' order ([`tile_order`]): 8 (groups of 8 and the tutorial's
/// order measured, `benches/results/2026-11-27-h100-tile-order`).
const GROUP_ROWS: u32 = 8;

/// The port of `wgmma_sm90.cu`: cp.async TiledCopies into a 3-stage pipeline, one warpgroup of
/// `SM90_64x64x16` GMMAs on the descriptor tensors of `partition_fragment_A/B`; the CTAs take
/// their tiles in groups of [`GROUP_ROWS`] tile rows ([`tile_order`]).
pub const WGMMA_SM90: KernelEntry = KernelEntry {
    name: "wgmma_sm90",
    about: "port of wgmma_sm90.cu: cp.async pipeline, wgmma on partition_fragment descriptors (SM90; f16, bf16/f32 acc)",
    types: &[GemmTypes::F16_F16_F16, GemmTypes::BF16_F32_BF16],
    layouts: &[GemmLayout::Nt, GemmLayout::Tn],
    // 16-byte cp.async copies along the contiguous dimension: 8 elements of 16 bits.
    contiguous_multiple: 8,
    shape_multiple: (1, 1, 1),
    indexing: Indexing::I32,
    preconditions: None,
    fusion: false,
    launch: launch_wgmma_sm90,
};

fn launch_wgmma_sm90(gpu: &Gpu, mut l: GemmLaunch<'_>) -> Result<(), Error> {
    let nt = l.problem.layout == GemmLayout::Nt;
    let name = match (nt, l.problem.types.input) {
        (true, Dtype::F16) => "wgmma_sm90_nt_f16",
        (false, Dtype::F16) => "wgmma_sm90_tn_f16",
        (true, _) => "wgmma_sm90_nt_bf16",
        (false, _) => "wgmma_sm90_tn_bf16",
    };
    let f = kernel_function(gpu, OP, name)?;
    f.set_attribute(
        CUfunction_attribute_enum::CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
        SMEM_BYTES as i32,
    )?;
    let (m, n, k) = l.mnk;
    let (lda, ldb, ldc) = l.ld;
    let (alpha, beta) = (l.problem.alpha, l.problem.beta);
    let s = l.problem.shape;
    let tiles_m = s.m.div_ceil(BLK_M) as u32;
    let tiles_n = s.n.div_ceil(BLK_N) as u32;
    let shift = tile_order::group_shift(OP, tiles_m, GROUP_ROWS)?;
    let (shift, grid_x, grid_y) = tile_order::grid(OP, tiles_m, tiles_n, shift, BLK_M as u32)?;
    let cfg = LaunchConfig {
        grid_dim: (grid_x, grid_y, 1),
        block_dim: (THREADS, 1, 1),
        shared_mem_bytes: SMEM_BYTES,
    };
    let (a, b) = l.ab_bits16(OP)?;
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
    launch.arg(l.c_bits16(OP)?);
    launch.arg(&ldc);
    launch.arg(&shift);
    // SAFETY: the kernels are `(m: i32, n: i32, k: i32, alpha: f32, a: *const T, lda: i32,
    // b: *const T, ldb: i32, beta: f32, c: *mut T, ldc: i32, group_shift: u32)` with T a
    // 16-bit type, the
    // arguments above in that order. `gemm` checked the buffers (A MxK, B NxK, C MxN 16-bit
    // elements with these leading dimensions, contiguous rows a multiple of 8 elements, as the
    // 16-byte copies need); the kernel reads A and B only inside (M,N,K) and writes C only at
    // m < M, n < N. 128 threads, SMEM_BYTES of dynamic shared memory (the attribute set above);
    // the grid is `grouped_grid` of the tiles for `shift`, which covers every 128x128 tile of C.
    unsafe { launch.launch(cfg) }?;
    Ok(())
}
