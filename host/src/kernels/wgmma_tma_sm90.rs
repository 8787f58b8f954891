//! The port of CuTe's Hopper tutorial `wgmma_tma_sm90.cu` on the host (the tutorial's
//! `gemm_nt` / `gemm_tn`): the tensor maps of A and B made by `make_tma_copy` from the global
//! tensors and one stage of the kernel's shared-memory layout, then a launch on clusters of 2
//! along M (`cute-kernels/src/tutorial/wgmma_tma_sm90.rs`).

use std::ffi::c_void;

use cudarc::driver::DevicePtr;
use cute_core::atom::copy_traits_sm90_tma::{ScaledBasis, TmaDataType, TmaOp};
use cute_core::atom::mma_traits_sm90_gmma::{Layout_K_SW128_Atom, Layout_MN_SW128_Atom};
use cute_core::numeric::numeric_types::Half;
use cute_core::prelude::*;

use crate::error::Error;
use crate::gemm::{
    kernel_function, Dtype, GemmLaunch, GemmLayout, GemmTypes, Indexing, KernelEntry,
};
use crate::gpu::Gpu;
use crate::tma::{launch_on_cluster, make_tma_copy, ClusterLaunchConfig, TmaCopy};

use super::tile_order;

const OP: &str = "wgmma_tma_sm90";
/// `(BLK_M, BLK_N, BLK_K)`, stages and threads of the kernel
/// (`cute_kernels::tutorial::wgmma_tma_sm90`).
const BLK_M: usize = 128;
const BLK_N: usize = 128;
const THREADS: u32 = 128;
/// The kernel's dynamic shared memory (`SMEM_BYTES`): 3 stages of (128,64) 16-bit A and B
/// and 1 KiB of alignment slack, which also holds the 6 mbarriers. Two CTAs fit the 196 KiB
/// shared-memory configuration, as the tutorial's do.
const SMEM_BYTES: u32 = 1024 + 2 * 3 * 128 * 64 * 2;
/// Clusters of 2 CTAs along M, as the tutorial launches.
const CLUSTER_M: u32 = 2;
/// Tile rows per group of the CTAs' order ([`tile_order`]): 4 measured best (groups of 4, 8,
/// 16, 32 and the tutorial's order at 4096^3 and 8192^3,
/// `benches/results/2026-11-27-h100-tile-order`).
const GROUP_ROWS: u32 = 4;
/// The port of `wgmma_tma_sm90.cu`: TMA + mbarrier 3-stage pipeline, one warpgroup of
/// `SM90_64x64x16` GMMAs on shared-memory descriptors; the CTAs take their tiles in groups of
/// [`GROUP_ROWS`] tile rows ([`tile_order`]).
pub const WGMMA_TMA_SM90: KernelEntry = KernelEntry {
    name: "wgmma_tma_sm90",
    about: "port of wgmma_tma_sm90.cu: TMA + mbarrier pipeline, wgmma from smem (SM90; f16, bf16/f32 acc)",
    types: &[GemmTypes::F16_F16_F16, GemmTypes::BF16_F32_BF16],
    layouts: &[GemmLayout::Nt, GemmLayout::Tn],
    // The TMA needs every row after the first 16-byte aligned: 8 elements of 16 bits.
    contiguous_multiple: 8,
    shape_multiple: (1, 1, 1),
    indexing: Indexing::I32,
    preconditions: None,
    fusion: false,
    launch: launch_wgmma_tma,
};

/// The tensor map of one operand (`rows` x K, `ld` its leading dimension), checked against the
/// boxes the kernel issues (NT: `(64,8)` boxes in (row,k); TN: one `(64,128)` box in (k,row)).
fn operand_tma(
    dtype: TmaDataType,
    address: u64,
    rows: usize,
    k: usize,
    ld: usize,
    row_major_k: bool,
) -> Result<TmaCopy, Error> {
    let (stride, smem, want_box, want_basis) = if row_major_k {
        (
            format!("({ld},_1)"),
            tile_to_shape(Layout_K_SW128_Atom::<Half>::default(), (_128, _64)).to_string(),
            [64u32, 128],
            [(1usize, 1i64), (0, 1)],
        )
    } else {
        (
            format!("(_1,{ld})"),
            tile_to_shape(Layout_MN_SW128_Atom::<Half>::default(), (_128, _64)).to_string(),
            [64u32, 8],
            [(0usize, 1i64), (1, 1)],
        )
    };
    let shape = format!("({rows},{k})").parse().expect("a shape");
    let stride = stride.parse().expect("a stride");
    let tma = make_tma_copy(
        TmaOp::Load,
        dtype,
        address,
        &shape,
        &stride,
        &smem,
        &"(_128,_64)".parse().expect("a tile"),
        1,
    )?;
    let e = &tma.params.encode;
    let basis: Vec<(usize, i64)> = tma
        .params
        .tma_basis
        .iter()
        .map(|b: &ScaledBasis| (b.mode, b.scale))
        .collect();
    if e.rank != 2 || e.box_dim[..2] != want_box || basis != want_basis {
        return Err(Error::Shape {
            op: OP,
            expected: format!("TMA boxes {:?} with coordinates {:?}", want_box, want_basis),
            got: format!(
                "make_tma_copy gave boxes {:?} rank {} coordinates {}",
                &e.box_dim[..2],
                e.rank,
                tma.params.tma_tensor_string(&shape)
            ),
        });
    }
    Ok(tma)
}

fn launch_wgmma_tma(gpu: &Gpu, mut l: GemmLaunch<'_>) -> Result<(), Error> {
    let (m, n, k) = l.mnk;
    let (lda, ldb, ldc) = l.ld;
    let (alpha, beta) = (l.problem.alpha, l.problem.beta);
    let s = l.problem.shape;
    let nt = l.problem.layout == GemmLayout::Nt;
    let (name, dtype) = match (nt, l.problem.types.input) {
        (true, Dtype::F16) => ("wgmma_tma_sm90_nt_f16", TmaDataType::Float16),
        (false, Dtype::F16) => ("wgmma_tma_sm90_tn_f16", TmaDataType::Float16),
        (true, _) => ("wgmma_tma_sm90_nt_bf16", TmaDataType::Bfloat16),
        (false, _) => ("wgmma_tma_sm90_tn_bf16", TmaDataType::Bfloat16),
    };
    let f = kernel_function(gpu, OP, name)?;
    let stream = gpu.stream();
    let (a, b) = l.ab_bits16(OP)?;
    let (pa, _ga) = a.device_ptr(stream);
    let (pb, _gb) = b.device_ptr(stream);
    let tma_a = operand_tma(dtype, pa, s.m, s.k, lda as usize, !nt)?;
    let tma_b = operand_tma(dtype, pb, s.n, s.k, ldb as usize, !nt)?;
    let c = l.c_bits16(OP)?;
    let (pc, _gc) = c.device_ptr(stream);
    let mut pa_ = tma_a.param();
    let mut pb_ = tma_b.param();
    let (mut m_, mut n_, mut k_, mut ldc_, mut alpha_, mut beta_, mut pc_) =
        (m, n, k, ldc, alpha, beta, pc);
    let tiles_m = s.m.div_ceil(BLK_M) as u32;
    let tiles_n = s.n.div_ceil(BLK_N) as u32;
    let shift = tile_order::group_shift(OP, tiles_m, GROUP_ROWS)?;
    let (mut shift, grid_x, grid_y) = tile_order::grid(OP, tiles_m, tiles_n, shift, BLK_M as u32)?;
    let mut args: [*mut c_void; 10] = [
        &mut m_ as *mut i32 as *mut c_void,
        &mut n_ as *mut i32 as *mut c_void,
        &mut k_ as *mut i32 as *mut c_void,
        &mut pa_ as *mut _ as *mut c_void,
        &mut pb_ as *mut _ as *mut c_void,
        &mut pc_ as *mut u64 as *mut c_void,
        &mut ldc_ as *mut i32 as *mut c_void,
        &mut alpha_ as *mut f32 as *mut c_void,
        &mut beta_ as *mut f32 as *mut c_void,
        &mut shift as *mut u32 as *mut c_void,
    ];
    let cfg = ClusterLaunchConfig {
        grid_dim: (grid_x, grid_y, 1),
        block_dim: (THREADS, 1, 1),
        cluster_dim: (CLUSTER_M, 1, 1),
        shared_mem_bytes: SMEM_BYTES,
    };
    // SAFETY: the kernels are `(m: i32, n: i32, k: i32, tma_a: TmaDescriptorParam, tma_b:
    // TmaDescriptorParam, c: *mut u16, ldc: i32, alpha: f32, beta: f32, group_shift: u32)`,
    // the arguments above in that order and of those types. `gemm` checked the buffers (A MxK,
    // B NxK, C MxN 16-bit elements, tight leading dimensions, rows 16-byte aligned); the tensor
    // maps cover exactly A and B (the TMA reads nothing outside them: boxes past the end read
    // zeros) and the epilogue writes only C(m,n) with m < M, n < N. 128 threads, SMEM_BYTES of
    // dynamic shared memory as the kernel's layout needs; the grid is `grouped_grid` of the
    // tiles for `shift >= 1` (clusters of 2 along x), which covers every 128x128 tile of C.
    unsafe { launch_on_cluster(stream, &f, cfg, &mut args) }?;
    Ok(())
}
