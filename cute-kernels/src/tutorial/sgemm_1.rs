//! `sgemm_1`: port of CuTe's first SGEMM tutorial (`examples/cute/tutorial/sgemm_1.cu`):
//! `local_tile` of the problem into 128x128x8 CTA tiles, shared-memory staging of the A and B
//! tiles through `local_partition` by thread layouts, and a 16x16 thread layout over C, each
//! thread accumulating an 8x8 block of C in registers with the universal FMA.
//!
//! Unlike the tutorial, any M, N, K works: identity tensors partitioned like the data
//! predicate the loads (zero-filling shared memory outside the problem) and the stores of C
//! (see [`sgemm_common`](super::sgemm_common)). CTAs inside the problem take the unpredicated
//! path for every full k-tile; only the last k-tile of a ragged K and the CTAs on the M/N edges
//! check coordinates.
//!
//! Both kernels compute `C = alpha * A * B^T + beta * C` with C MxN m-major (`ldC`), the
//! tutorial's conventions:
//! - `sgemm_1_nt`: A is MxK m-major (`A(m,k) = A[m + k*ldA]`), B is NxK n-major;
//!   smem m-major/n-major, thread layouts 32x8 m-major/n-major.
//! - `sgemm_1_tn`: A is MxK k-major (`A(m,k) = A[m*ldA + k]`), B is NxK k-major;
//!   smem k-major (`LayoutRight`), thread layouts 32x8 k-major.

use cute_core::arch::copy::UniversalCopy;
use cute_core::arch::thread::{block_idx_x, block_idx_y, sync_threads, thread_idx_x};
use cute_core::atom::copy_atom::CopyAtom;
use cute_core::numeric::numeric_types::Uint128;
use cute_core::prelude::*;

use crate::tutorial::sgemm_common::{
    axpby_if, copy_zfill, crd_at, identity_modes, modes, smem_base_f32,
};

/// Bytes of dynamic shared memory `sgemm_1_nt` and `sgemm_1_tn` need: two 128x8 f32 tiles.
pub const SGEMM_1_SMEM_BYTES: usize = 2 * 128 * 8 * 4;

/// The body of `gemm_device` of the tutorial, for one choice of strides and layouts: a macro,
/// where C++ has a template, because a generic function could not name the types of its
/// partitions ([the module docs](super)).
macro_rules! sgemm_1_device {
    (
        ($m:ident, $n:ident, $k:ident), $alpha:ident, $beta:ident,
        A: $a:ident, $da:expr, $sa_layout:expr, $ta:expr;
        B: $b:ident, $db:expr, $sb_layout:expr, $tb:expr;
        C: $c:ident, $dc:expr, $tc:expr;
        MMA: $mma:ident;
    ) => {{
        let tid = thread_idx_x();
        let cta_tiler = (_128, _128, _8); // (BLK_M, BLK_N, BLK_K)
        let cta_coord = (block_idx_x(), block_idx_y(), X); // (m,n,k)

        // Full tensors, and the coordinates of their elements
        // SAFETY: the launch contract: A, B, C hold the MxK, NxK, MxN matrices with these
        // strides; only coordinates below (M,N,K) are dereferenced (predicates below).
        let ma = unsafe { make_tensor(make_gmem_ptr_readonly($a as *mut f32), make_layout(($m, $k), $da)) }; // (M,K)
        let mb = unsafe { make_tensor(make_gmem_ptr_readonly($b as *mut f32), make_layout(($n, $k), $db)) }; // (N,K)
        let mc = unsafe { make_tensor(make_gmem_ptr($c), make_layout(($m, $n), $dc)) }; // (M,N)
        let ida = identity_modes(($m, $k)); // (M,K) -> (m,k)
        let idb = identity_modes(($n, $k)); // (N,K) -> (n,k)
        let idc = identity_modes(($m, $n)); // (M,N) -> (m,n)

        // This CTA's tiles
        let ga = local_tile_projected(ma, cta_tiler, cta_coord, (_1, X, _1)); // (BLK_M,BLK_K,k)
        let gb = local_tile_projected(mb, cta_tiler, cta_coord, (X, _1, _1)); // (BLK_N,BLK_K,k)
        let gc = local_tile_projected(mc, cta_tiler, cta_coord, (_1, _1, X)); // (BLK_M,BLK_N)
        let ca = modes!(ida, |t| local_tile_projected(t, cta_tiler, cta_coord, (_1, X, _1))); // (BLK_M,BLK_K,k)
        let cb = modes!(idb, |t| local_tile_projected(t, cta_tiler, cta_coord, (X, _1, _1))); // (BLK_N,BLK_K,k)
        let cc = modes!(idc, |t| local_tile_projected(t, cta_tiler, cta_coord, (_1, _1, X))); // (BLK_M,BLK_N)

        // Shared memory: sA, then sB
        let sa_layout = $sa_layout;
        let sb_layout = $sb_layout;
        let smem = smem_base_f32();
        // SAFETY: the launch gives SGEMM_1_SMEM_BYTES of dynamic shared memory, which holds
        // cosize(sA) + cosize(sB) floats.
        let (sa, sb) = unsafe {
            (
                make_tensor(make_smem_ptr(smem), sa_layout), // (BLK_M,BLK_K)
                make_tensor(
                    make_smem_ptr(smem.add(cosize(sa_layout).value() as usize)),
                    sb_layout,
                ), // (BLK_N,BLK_K)
            )
        };

        // Copy partitions: tA over A's tiles, tB over B's
        let taga = local_partition(ga, $ta, tid); // (THR_M,THR_K,k)
        let taca = modes!(ca, |t| local_partition(t, $ta, tid)); // (THR_M,THR_K,k)
        let mut tasa = local_partition(sa, $ta, tid); // (THR_M,THR_K)
        let tbgb = local_partition(gb, $tb, tid); // (THR_N,THR_K,k)
        let tbcb = modes!(cb, |t| local_partition(t, $tb, tid)); // (THR_N,THR_K,k)
        let mut tbsb = local_partition(sb, $tb, tid); // (THR_N,THR_K)

        // Compute partitions: the rows of tC over sA, its columns over sB, its tile over C
        let tcsa = local_partition_projected(sa, $tc, tid, (_1, X)); // (THR_M,BLK_K)
        let tcsb = local_partition_projected(sb, $tc, tid, (X, _1)); // (THR_N,BLK_K)
        let mut tcgc = local_partition_projected(gc, $tc, tid, (_1, _1)); // (THR_M,THR_N)
        let tccc = modes!(cc, |t| local_partition_projected(t, $tc, tid, (_1, _1))); // (THR_M,THR_N)
        let mut tcrc = make_rmem_tensor::<f32, _, _>(make_layout(tcgc.shape(), LayoutLeft)); // (THR_M,THR_N)
        clear(&mut tcrc);

        let k_tile_max = taga.layout().size_mode::<2>().value() as i32;
        let k_full = $k / 8; // k-tiles without a K residue
        let m0 = block_idx_x() * 128;
        let n0 = block_idx_y() * 128;
        let interior = m0 + 128 <= $m && n0 + 128 <= $n;

        // One k-tile: predicated loads into smem (coordinates checked where `CHECK_MN` /
        // `CHECK_K` say), then the thread's 8x8x8 FMAs from smem.
        macro_rules! k_tile {
            ($k_tile:expr, $check_mn:expr, $check_k:expr) => {{
                let kt = $k_tile;
                let (a_src, a_crd) = (taga.slice((X, X, kt)), modes!(taca, |t| t.into_slice((X, X, kt))));
                let (b_src, b_crd) = (tbgb.slice((X, X, kt)), modes!(tbcb, |t| t.into_slice((X, X, kt))));
                copy_zfill(
                    |i: i32| {
                        let (cm, ck) = crd_at!(a_crd, i);
                        (!$check_mn || cm < $m) && (!$check_k || ck < $k)
                    },
                    &a_src,
                    &mut tasa,
                ); // (THR_M,THR_K)
                copy_zfill(
                    |i: i32| {
                        let (cn, ck) = crd_at!(b_crd, i);
                        (!$check_mn || cn < $n) && (!$check_k || ck < $k)
                    },
                    &b_src,
                    &mut tbsb,
                ); // (THR_N,THR_K)
                sync_threads();
                $mma!(tcsa, tcsb, tcrc); // (THR_M,THR_N) += (THR_M,BLK_K) * (THR_N,BLK_K)
                sync_threads();
            }};
        }

        if interior {
            for kt in 0..k_full {
                k_tile!(kt, false, false);
            }
            if k_full < k_tile_max {
                k_tile!(k_full, false, true);
            }
            axpby($alpha, &tcrc, $beta, &mut tcgc);
        } else {
            for kt in 0..k_full {
                k_tile!(kt, true, false);
            }
            if k_full < k_tile_max {
                k_tile!(k_full, true, true);
            }
            axpby_if(
                |i: i32, j: i32| {
                    let (cm, cn) = crd_at!(tccc, (i, j));
                    cm < $m && cn < $n
                },
                $alpha,
                &tcrc,
                $beta,
                &mut tcgc,
            );
        }
    }};
}

/// The thread's FMAs straight from shared memory (m-major smem: a thread's values of one k
/// are 16 apart, read one by one and broadcast across the warp).
macro_rules! gemm_from_smem {
    ($sa:ident, $sb:ident, $rc:ident) => {
        gemm(&$sa, &$sb, &mut $rc)
    };
}

/// The thread's FMAs through registers, k in two groups of 4 (k-major smem: a thread's 4
/// values of a row in one group are consecutive, one 128-bit `ld.shared.v4`; C++ gets the same
/// loads from nvcc vectorizing its unrolled scalar reads, which LLVM cannot do through the
/// `ld.shared` of `arch::smem`).
macro_rules! gemm_via_registers {
    ($sa:ident, $sb:ident, $rc:ident) => {{
        // (THR_M,BLK_K) as (4 k, THR_M, 2 k-groups): a 1-D index of (8,8) is m + 8k
        let by_kgroup = make_layout((_4, _8, _2), (_8, _1, _32));
        let vec = CopyAtom::<UniversalCopy<Uint128>, f32>::new();
        let sa4 = $sa.composition(by_kgroup); // (_4,_8,_2):(_1,_128,_4)
        let sb4 = $sb.composition(by_kgroup);
        for g in 0..2i32 {
            let mut ra = make_rmem_tensor::<f32, _, _>(make_layout((_4, _8), LayoutLeft));
            let mut rb = make_rmem_tensor::<f32, _, _>(make_layout((_4, _8), LayoutLeft));
            copy_with(&vec, &sa4.slice((X, X, g)), &mut ra);
            copy_with(&vec, &sb4.slice((X, X, g)), &mut rb);
            // (THR_M,4) x (THR_N,4): transpose the views, registers only
            let kt = make_layout((_8, _4), (_4, _1));
            gemm(
                &ra.view().composition(kt),
                &rb.view().composition(kt),
                &mut $rc,
            );
        }
    }};
}

/// `sgemm_1` NT: `C = alpha * A * B^T + beta * C` with A MxK m-major (`ldA >= M`), B NxK
/// n-major (`ldB >= N`), C MxN m-major (`ldC >= M`); the tutorial's `gemm_nt` (m-major smem,
/// 32x8 m-major thread layouts for the copies, 16x16 over C).
///
/// # Safety
/// Launch with a grid of `(ceil_div(M,128), ceil_div(N,128))` blocks of 256 threads and
/// [`SGEMM_1_SMEM_BYTES`] of dynamic shared memory; A, B, C are device buffers of at least
/// `ldA*(K-1)+M`, `ldB*(K-1)+N`, `ldC*(N-1)+M` floats (when M, N, K > 0).
#[no_mangle]
pub unsafe extern "ptx-kernel" fn sgemm_1_nt(
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
    sgemm_1_device!(
        (m, n, k), alpha, beta,
        A: a, (_1, lda), make_layout((_128, _8), LayoutLeft), make_layout((_32, _8), LayoutLeft);
        B: b, (_1, ldb), make_layout((_128, _8), LayoutLeft), make_layout((_32, _8), LayoutLeft);
        C: c, (_1, ldc), make_layout((_16, _16), LayoutLeft);
        MMA: gemm_from_smem;
    );
}

/// `sgemm_1` TN: `C = alpha * A * B^T + beta * C` with A MxK k-major (`ldA >= K`), B NxK
/// k-major (`ldB >= K`), C MxN m-major (`ldC >= M`); the tutorial's `gemm_tn` (k-major smem,
/// 32x8 k-major thread layouts for the copies, 16x16 over C).
///
/// # Safety
/// As for [`sgemm_1_nt`], with A and B of at least `ldA*(M-1)+K` and `ldB*(N-1)+K` floats.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn sgemm_1_tn(
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
    sgemm_1_device!(
        (m, n, k), alpha, beta,
        A: a, (lda, _1), make_layout((_128, _8), LayoutRight), make_layout((_32, _8), LayoutRight);
        B: b, (ldb, _1), make_layout((_128, _8), LayoutRight), make_layout((_32, _8), LayoutRight);
        C: c, (_1, ldc), make_layout((_16, _16), LayoutLeft);
        MMA: gemm_via_registers;
    );
}
