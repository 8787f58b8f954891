//! `sgemm_sm80`: port of CuTe's tutorial `examples/cute/tutorial/sgemm_sm80.cu` with its three
//! variants, line for line:
//! - [`sgemm_sm80_tn_half`]: the `half_t` TN path. 128x128x64 CTA tiles, 3 stages of
//!   `Sw<3,3,3> o (8,(8,8)):(8,(1,64))` tiled to `(128,64,3)` in shared memory, filled by
//!   `SM80_CP_ASYNC_CACHEALWAYS<uint128_t>` (16x8 k-major threads, 8 halves each), read into
//!   registers by `SM75_U32x4_LDSM_N` through `make_tiled_copy_A/B` and `retile_D`, and
//!   multiplied by `SM80_16x8x16_F16F16F16F16_TN` tiled 2x2 (`Tile<_32,_32,_16>`, 128 threads).
//! - [`sgemm_sm80_nt`]: the `float` NT path. 128x128x8 tiles, `(128,8,3)` m-major stages
//!   filled by `SM80_CP_ASYNC_CACHEALWAYS<uint128_t>` (32x8 m-major threads, 4 floats each),
//!   `UniversalFMA` over 16x16 threads.
//! - [`sgemm_sm80_tn`]: the `float` TN path. As NT with one-float `cp.async`s (32x8 k-major
//!   threads) into stages padded to `(128,8):(1,129)`.
//!
//! The device function is C++'s `gemm_device`: `local_tile`, `partition_S/D`, the prefetch of
//! `K_PIPE_MAX-1` k-tiles, then per k-block of the main loop an smem->register copy of the next
//! k-block, at k-block 0 the `cp.async` of the next k-tile, and `gemm(mma, ...)`; the epilogue
//! is `axpby(alpha, tCrC, beta, tCgC)`. It is one macro body ([`gemm_device!`]) instantiated
//! by the three kernels, where C++ has one template: a generic Rust function would need a
//! where-clause naming the type of every partition of the body, which is both unreadable and
//! the slow path of the type checker ([the module docs](super)).
//!
//! As the tutorial, the kernels do not predicate: M and N must be multiples of 128 and K a
//! multiple of `BLK_K` (64 for half, 8 for float); the host refuses other shapes. C is
//! `(M,N):(_1,ldC)`, `C = alpha * A * B^T + beta * C`; NT has A `(M,K):(_1,ldA)` and B
//! `(N,K):(_1,ldB)`, TN A `(M,K):(ldA,_1)` and B `(N,K):(ldB,_1)`.
//!
//! Where Rust differs:
//! - The swizzled stages are tensors over a swizzle pointer ([`make_swizzle_tensor`], C++'s
//!   `as_position_independent_swizzle_tensor` form): the tiled copies and MMAs partition the
//!   plain layout and each access swizzles its offset.
//! - `tXrA = retile_D(tCrA)` aliases `tCrA` in C++; here it is a view made where the copy
//!   writes it (`retile_d(tcra.view_mut())`), since `tCrA` is read by `gemm` in between.
//! - The float paths' smem->register atom is `UniversalCopy<float>`: C++'s
//!   `AutoVectorizingCopy` vectorizes only values that are consecutive in both tensors, and a
//!   thread's 8 values of a k-block are 16 apart in M (16x16 threads), so it copies one float
//!   at a time too.

use cute_core::arch::copy::UniversalCopy;
use cute_core::arch::copy_sm75::SM75_U32x4_LDSM_N;
use cute_core::arch::copy_sm80::{cp_async_fence, cp_async_wait, SM80_CP_ASYNC_CACHEALWAYS};
use cute_core::arch::mma::UniversalFMA;
use cute_core::arch::mma_sm80::SM80_16x8x16_F16F16F16F16_TN;
use cute_core::arch::thread::{
    block_idx_x, block_idx_y, dynamic_smem_base, sync_threads, thread_idx_x,
};
use cute_core::atom::copy_atom::{make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b, CopyAtom};
use cute_core::atom::mma_atom::make_tiled_mma;
use cute_core::layout::product::tile_to_shape;
use cute_core::numeric::numeric_types::{Half, Uint128};
use cute_core::pointer_swizzle::make_swizzle_tensor;
use cute_core::prelude::*;
use cute_core::swizzle_layout::composition_swizzle;

/// Elements of one operand's stages, half TN: `cosize` of `(128,64,3)`.
pub const HALF_TN_SMEM_ELEMS: usize = 128 * 64 * 3;
/// Elements of one operand's stages, float NT: `cosize` of `(128,8,3)`.
pub const FLOAT_NT_SMEM_ELEMS: usize = 128 * 8 * 3;
/// Elements of one operand's stages, float TN: `cosize` of `tile_to_shape((128,8):(1,129),
/// (128,8,3))` = `((_128,_1),(_8,_1),(_1,_3)):((_1,_0),(_129,_0),(_0,_1032))`, 3095 (as C++
/// computes it: the stage stride is 1032).
pub const FLOAT_TN_SMEM_ELEMS: usize = 1032 * 2 + 1031;

/// C++'s `gemm_device`, for one choice of the tutorial's arguments (see the module docs).
/// `$smem_tensor` makes a shared-memory tensor from a pointer and a layout: `make_tensor`, or
/// `make_swizzle_tensor` for a swizzled (composed) layout.
macro_rules! gemm_device {
    (
        shape_mnk: ($m:expr, $n:expr, $k:expr), cta_tiler: $cta_tiler:expr,
        smem: $smem_tensor:ident,
        A: $TA:ty, $a:expr, $da:expr, $sa_layout:expr, $sa_cosize:expr, $copy_a:expr, $s2r_atom_a:expr;
        B: $TB:ty, $b:expr, $db:expr, $sb_layout:expr, $copy_b:expr, $s2r_atom_b:expr;
        C: $c:expr, $dc:expr, $mma:expr;
        alpha: $alpha:expr, beta: $beta:expr $(,)?
    ) => {{
        let (m, n, k): (i32, i32, i32) = ($m, $n, $k);
        let tid: i32 = thread_idx_x();
        let cta_tiler = $cta_tiler;
        let mma = $mma;
        let copy_a = $copy_a;
        let copy_b = $copy_b;

        // Full and tiled tensors
        // SAFETY: the launch contract: A, B, C hold the MxK, NxK, MxN matrices with these
        // strides, and M, N, K are multiples of the CTA tile (no access past them).
        let ma = unsafe { make_tensor(make_gmem_ptr($a as *mut $TA), make_layout((m, k), $da)) }; // (M,K)
        let mb = unsafe { make_tensor(make_gmem_ptr($b as *mut $TB), make_layout((n, k), $db)) }; // (N,K)
        let mc = unsafe { make_tensor(make_gmem_ptr($c), make_layout((m, n), $dc)) }; // (M,N)

        let cta_coord = (block_idx_x(), block_idx_y(), X); // (m,n,k)
        let ga = local_tile_projected(ma, cta_tiler, cta_coord, (_1, X, _1)); // (BLK_M,BLK_K,k)
        let gb = local_tile_projected(mb, cta_tiler, cta_coord, (X, _1, _1)); // (BLK_N,BLK_K,k)
        let gc = local_tile_projected(mc, cta_tiler, cta_coord, (_1, _1, X)); // (BLK_M,BLK_N)

        // Shared memory buffers: sA, then sB
        let smem = dynamic_smem_base() as *mut $TA;
        // SAFETY: the launch gives both operands' stages of dynamic shared memory, sA at the
        // (16-byte aligned) base and sB after its cosize.
        let sa = unsafe { $smem_tensor(make_smem_ptr(smem), $sa_layout) }; // (BLK_M,BLK_K,PIPE)
        let sb = unsafe {
            $smem_tensor(make_smem_ptr(smem.add($sa_cosize) as *mut $TB), $sb_layout)
        }; // (BLK_N,BLK_K,PIPE)

        // Partition the copying of A and B tiles across the threads
        let thr_copy_a = copy_a.get_slice(tid);
        let taga = thr_copy_a.partition_s(ga); // (CPY,CPY_M,CPY_K,k)
        let tasa = thr_copy_a.partition_d(sa); // (CPY,CPY_M,CPY_K,PIPE)
        let thr_copy_b = copy_b.get_slice(tid);
        let tbgb = thr_copy_b.partition_s(gb); // (CPY,CPY_N,CPY_K,k)
        let tbsb = thr_copy_b.partition_d(sb); // (CPY,CPY_N,CPY_K,PIPE)

        // PREFETCH
        let k_pipe_max: i32 = tasa.layout().size_mode::<3>().value() as i32;
        // Total count of tiles
        let mut k_tile_count: i32 = taga.layout().size_mode::<3>().value() as i32;
        // Current tile index in gmem to read from
        let mut k_tile_next: i32 = 0;

        // Start async loads for all pipes but the last
        for k_pipe in 0..k_pipe_max - 1 {
            copy_with(&copy_a, &taga.slice((X, X, X, k_tile_next)), &mut tasa.slice((X, X, X, k_pipe)));
            copy_with(&copy_b, &tbgb.slice((X, X, X, k_tile_next)), &mut tbsb.slice((X, X, X, k_pipe)));
            cp_async_fence();
            k_tile_count -= 1;
            if k_tile_count > 0 {
                k_tile_next += 1;
            }
        }

        // Define A/B partitioning and C accumulators
        let thr_mma = mma.get_slice(tid);
        let mut tcgc = thr_mma.partition_c(gc); // (MMA,MMA_M,MMA_N)

        // Allocate registers for pipelining
        let mut tcra = thr_mma.partition_fragment_a(sa.slice((X, X, 0i32))); // (MMA,MMA_M,MMA_K)
        let mut tcrb = thr_mma.partition_fragment_b(sb.slice((X, X, 0i32))); // (MMA,MMA_N,MMA_K)
        // Allocate the accumulators -- same size as the projected data
        let mut tcrc = thr_mma.make_fragment_c(&tcgc); // (MMA,MMA_M,MMA_N)

        // Clear the accumulators
        clear(&mut tcrc);

        // Copy Atom retiling
        let s2r_atom_a = $s2r_atom_a;
        let s2r_copy_a = make_tiled_copy_a(s2r_atom_a, &mma);
        let s2r_thr_copy_a = s2r_copy_a.get_slice(tid);
        let txsa = s2r_thr_copy_a.partition_s(sa); // (CPY,MMA_M,MMA_K,PIPE)
        // tXrA = retile_D(tCrA): (CPY,MMA_M,MMA_K), made where it is written

        let s2r_atom_b = $s2r_atom_b;
        let s2r_copy_b = make_tiled_copy_b(s2r_atom_b, &mma);
        let s2r_thr_copy_b = s2r_copy_b.get_slice(tid);
        let txsb = s2r_thr_copy_b.partition_s(sb); // (CPY,MMA_N,MMA_K,PIPE)

        // Current pipe index in smem to read from
        let mut smem_pipe_read: i32 = 0;
        // Current pipe index in smem to write to
        let mut smem_pipe_write: i32 = k_pipe_max - 1;

        // Pipe slice
        let mut txsa_p = txsa.slice((X, X, X, smem_pipe_read));
        let mut txsb_p = txsb.slice((X, X, X, smem_pipe_read));

        // Size of the register pipeline
        let k_block_max: i32 = tcra.layout().size_mode::<2>().value() as i32;

        // PREFETCH register pipeline
        if k_block_max > 1 {
            // Wait until our first prefetched tile is loaded in
            cp_async_wait::<{ PIPE - 2 }>();
            sync_threads();

            // Prefetch the first rmem from the first k-tile
            copy_with(
                &s2r_atom_a,
                &txsa_p.slice((X, X, 0i32)),
                &mut s2r_thr_copy_a.retile_d(tcra.view_mut()).slice_mut((X, X, 0i32)),
            );
            copy_with(
                &s2r_atom_b,
                &txsb_p.slice((X, X, 0i32)),
                &mut s2r_thr_copy_b.retile_d(tcrb.view_mut()).slice_mut((X, X, 0i32)),
            );
        }

        // PIPELINED MAIN LOOP
        while k_tile_count > -(k_pipe_max - 1) {
            for k_block in 0..k_block_max {
                if k_block == k_block_max - 1 {
                    // Slice the smem_pipe_read smem
                    txsa_p = txsa.slice((X, X, X, smem_pipe_read));
                    txsb_p = txsb.slice((X, X, X, smem_pipe_read));

                    // Commit the smem for smem_pipe_read
                    cp_async_wait::<{ PIPE - 2 }>();
                    sync_threads();
                }

                // Load A, B shmem->regs for k_block+1
                let k_block_next: i32 = (k_block + 1) % k_block_max; // static
                copy_with(
                    &s2r_atom_a,
                    &txsa_p.slice((X, X, k_block_next)),
                    &mut s2r_thr_copy_a.retile_d(tcra.view_mut()).slice_mut((X, X, k_block_next)),
                );
                copy_with(
                    &s2r_atom_b,
                    &txsb_p.slice((X, X, k_block_next)),
                    &mut s2r_thr_copy_b.retile_d(tcrb.view_mut()).slice_mut((X, X, k_block_next)),
                );
                // Copy gmem to smem before computing gemm on each k-pipe
                if k_block == 0 {
                    copy_with(&copy_a, &taga.slice((X, X, X, k_tile_next)), &mut tasa.slice((X, X, X, smem_pipe_write)));
                    copy_with(&copy_b, &tbgb.slice((X, X, X, k_tile_next)), &mut tbsb.slice((X, X, X, smem_pipe_write)));
                    cp_async_fence();

                    // Advance the gmem tile
                    k_tile_count -= 1;
                    if k_tile_count > 0 {
                        k_tile_next += 1;
                    }

                    // Advance the smem pipe
                    smem_pipe_write = smem_pipe_read;
                    smem_pipe_read = if smem_pipe_read == k_pipe_max - 1 { 0 } else { smem_pipe_read + 1 };
                }
                // Thread-level register gemm for k_block
                gemm_with(&mma, &tcra.slice((X, X, k_block)), &tcrb.slice((X, X, k_block)), &mut tcrc);
            }
        }

        // Epilogue
        axpby($alpha, &tcrc, $beta, &mut tcgc);
    }};
}

/// The tutorial's pipeline depth (`bP`): `cp_async_wait<K_PIPE_MAX-2>`.
const PIPE: u32 = 3;

/// `gemm_tn` of the tutorial for `half_t`: C `(M,N):(_1,ldC)` = `alpha` A B^T + `beta` C with
/// A `(M,K):(ldA,_1)`, B `(N,K):(ldB,_1)`, everything `half_t` (alpha and beta as their bits).
///
/// # Safety
/// Launch with a grid of `(M/128, N/128)` blocks of 128 threads and `2 * 128*64*3 * 2` bytes
/// of dynamic shared memory; M, N multiples of 128 and K of 64; A, B, C 16-byte aligned device
/// buffers of at least `ldA*(M-1)+K`, `ldB*(N-1)+K`, `ldC*(N-1)+M` halves, `ldA`, `ldB`
/// multiples of 8.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn sgemm_sm80_tn_half(
    m: i32,
    n: i32,
    k: i32,
    alpha: u16,
    a: *const Half,
    lda: i32,
    b: *const Half,
    ldb: i32,
    beta: u16,
    c: *mut Half,
    ldc: i32,
) {
    // Swizzles for LDSM and 128b k-major loads
    let swizzle_atom = composition_swizzle(
        Swizzle::<_3, _3, _3>::new(),
        make_layout((_8, (_8, _8)), (_8, (_1, _64))),
    );
    gemm_device!(
        shape_mnk: (m, n, k), cta_tiler: (_128, _128, _64),
        smem: make_swizzle_tensor,
        A: Half, a, (lda, _1), tile_to_shape(swizzle_atom, (_128, _64, _3)), HALF_TN_SMEM_ELEMS,
            make_tiled_copy(CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<Uint128>, Half>::new(),
                            make_layout((_16, _8), (_8, _1)), // Thr layout 16x8 k-major
                            make_layout((_1, _8), LayoutLeft)), // Val layout  1x8 k-major
            CopyAtom::<SM75_U32x4_LDSM_N, Half>::new();
        B: Half, b, (ldb, _1), tile_to_shape(swizzle_atom, (_128, _64, _3)),
            make_tiled_copy(CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<Uint128>, Half>::new(),
                            make_layout((_16, _8), (_8, _1)), // Thr layout 16x8 k-major
                            make_layout((_1, _8), LayoutLeft)), // Val layout  1x8 n-major
            CopyAtom::<SM75_U32x4_LDSM_N, Half>::new();
        C: c, (_1, ldc),
            make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN,
                           make_layout((_2, _2, _1), LayoutLeft), // 2x2x1 MMA Atoms
                           (_32, _32, _16)); // 32x32x16 Tiled MMA for LDSM
        alpha: Half::from_bits(alpha), beta: Half::from_bits(beta),
    );
}

/// `gemm_nt` of the tutorial for `float`: A `(M,K):(_1,ldA)`, B `(N,K):(_1,ldB)`.
///
/// # Safety
/// Launch with a grid of `(M/128, N/128)` blocks of 256 threads and `2 * 128*8*3 * 4` bytes of
/// dynamic shared memory; M, N multiples of 128 and K of 8; A, B, C 16-byte aligned device
/// buffers of at least `ldA*(K-1)+M`, `ldB*(K-1)+N`, `ldC*(N-1)+M` floats, `ldA`, `ldB`
/// multiples of 4.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn sgemm_sm80_nt(
    m: i32,
    n: i32,
    k: i32,
    alpha: f32,
    a: *const f32,
    lda: i32,
    b: *const f32,
    ldb: i32,
    beta: f32,
    c: *mut f32,
    ldc: i32,
) {
    gemm_device!(
        shape_mnk: (m, n, k), cta_tiler: (_128, _128, _8),
        smem: make_tensor,
        A: f32, a, (_1, lda), make_layout((_128, _8, _3), LayoutLeft), FLOAT_NT_SMEM_ELEMS, // (m,k,p) -> smem_idx; m-major
            make_tiled_copy(CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<Uint128>, f32>::new(),
                            make_layout((_32, _8), LayoutLeft), // Thr layout 32x8 m-major
                            make_layout((_4, _1), LayoutLeft)), // Val layout  4x1 m-major
            CopyAtom::<UniversalCopy<f32>, f32>::new();
        B: f32, b, (_1, ldb), make_layout((_128, _8, _3), LayoutLeft), // (n,k,p) -> smem_idx; n-major
            make_tiled_copy(CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<Uint128>, f32>::new(),
                            make_layout((_32, _8), LayoutLeft), // Thr layout 32x8 n-major
                            make_layout((_4, _1), LayoutLeft)), // Val layout  4x1 n-major
            CopyAtom::<UniversalCopy<f32>, f32>::new();
        C: c, (_1, ldc),
            make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(),
                           make_layout((_16, _16, _1), LayoutLeft), ()); // 16x16x1 TiledMMA
        alpha: alpha, beta: beta,
    );
}

/// `gemm_tn` of the tutorial for `float`: A `(M,K):(ldA,_1)`, B `(N,K):(ldB,_1)`.
///
/// # Safety
/// Launch with a grid of `(M/128, N/128)` blocks of 256 threads and `2 * 3095 * 4` bytes of
/// dynamic shared memory; M, N multiples of 128 and K of 8; A, B, C device buffers of at least
/// `ldA*(M-1)+K`, `ldB*(N-1)+K`, `ldC*(N-1)+M` floats.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn sgemm_sm80_tn(
    m: i32,
    n: i32,
    k: i32,
    alpha: f32,
    a: *const f32,
    lda: i32,
    b: *const f32,
    ldb: i32,
    beta: f32,
    c: *mut f32,
    ldc: i32,
) {
    // (m,k) -> smem_idx; padded m-major
    let sa_atom = make_layout((_128, _8), (_1, _129));
    gemm_device!(
        shape_mnk: (m, n, k), cta_tiler: (_128, _128, _8),
        smem: make_tensor,
        A: f32, a, (lda, _1), tile_to_shape(sa_atom, (_128, _8, _3)), FLOAT_TN_SMEM_ELEMS,
            make_tiled_copy(CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<f32>, f32>::new(),
                            make_layout((_32, _8), (_8, _1)), // Thr layout 32x8 k-major
                            make_layout((_1, _1), LayoutLeft)), // Val layout  1x1
            CopyAtom::<UniversalCopy<f32>, f32>::new();
        B: f32, b, (ldb, _1), tile_to_shape(sa_atom, (_128, _8, _3)),
            make_tiled_copy(CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS<f32>, f32>::new(),
                            make_layout((_32, _8), (_8, _1)), // Thr layout 32x8 k-major
                            make_layout((_1, _1), LayoutLeft)), // Val layout  1x1
            CopyAtom::<UniversalCopy<f32>, f32>::new();
        C: c, (_1, ldc),
            make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(),
                           make_layout((_16, _16, _1), LayoutLeft), ()); // 16x16x1 TiledMMA
        alpha: alpha, beta: beta,
    );
}
