//! `sgemm_2`: port of CuTe's second SGEMM tutorial (`examples/cute/tutorial/sgemm_2.cu`),
//! TN only so far: 128x128x8 CTA tiles, the tutorial's copy partition (32x8 k-major threads,
//! one value each, `local_partition`), padded m-major smem `(128,8):(1,129)`, its MMA
//! partition (a 16x16x1 layout of FMA threads, `local_partition` projected), and the next
//! k-tile prefetched from global memory into registers while the current one is computed from
//! shared memory. Predication as in [`sgemm_1`](crate::sgemm_1).
//!
//! NOT BUILT (`lib.rs` gates it off): a device build with this module did not finish in 5
//! minutes (one build with an earlier form of this file finished in 44 s; later forms, which
//! differ only in how the partition expressions are passed to the macro, did not). Still to
//! do: find what makes it slow, switch the partitions to `TiledCopy`/`TiledMMA` once they are
//! in `cute-core`, and add NT with the tutorial's 128-bit `UniversalCopy<uint128_t>` copies of
//! 4 contiguous values (a `local_tile`/`zipped_divide`-by-`(_4,_1)` partition of the k-tiles
//! also did not compile in minutes).

use cute_core::arch::thread::{block_idx_x, block_idx_y, sync_threads, thread_idx_x};
use cute_core::prelude::*;

use crate::sgemm_common::{axpby_if, copy_zfill, crd_at, identity_modes, modes, smem_base_f32};

/// The body of `gemm_device` of the tutorial, for one choice of strides and layouts.
macro_rules! sgemm_2_device {
    (
        ($m:ident, $n:ident, $k:ident), $alpha:ident, $beta:ident,
        A: $a:ident, $da:expr, $sa_layout:expr, |$pa:ident| $part_a:expr;
        B: $b:ident, $db:expr, $sb_layout:expr, |$pb:ident| $part_b:expr;
        C: $c:ident, $dc:expr, $tc:expr;
    ) => {{
        let tid = thread_idx_x();
        let cta_tiler = (_128, _128, _8); // (BLK_M, BLK_N, BLK_K)
        let cta_coord = (block_idx_x(), block_idx_y(), X); // (m,n,k)

        // Full tensors, and the coordinates of their elements
        // SAFETY: the launch contract: A, B, C hold the MxK, NxK, MxN matrices with these
        // strides; only coordinates below (M,N,K) are dereferenced (predicates below).
        let ma = unsafe { make_tensor(make_gmem_ptr($a as *mut f32), make_layout(($m, $k), $da)) }; // (M,K)
        let mb = unsafe { make_tensor(make_gmem_ptr($b as *mut f32), make_layout(($n, $k), $db)) }; // (N,K)
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
        let taga = { let $pa = ga; $part_a }; // (CPY_M,CPY_K,k)
        let taca = modes!(ca, |$pa| $part_a); // (CPY_M,CPY_K,k)
        let mut tasa = { let $pa = sa; $part_a }; // (CPY_M,CPY_K)
        let tbgb = { let $pb = gb; $part_b }; // (CPY_N,CPY_K,k)
        let tbcb = modes!(cb, |$pb| $part_b); // (CPY_N,CPY_K,k)
        let mut tbsb = { let $pb = sb; $part_b }; // (CPY_N,CPY_K)

        // Registers of the copy partitions' shape (make_fragment_like)
        let mut tara = make_rmem_tensor::<f32, _, _>(make_layout(tasa.shape(), LayoutLeft)); // (THR_M,THR_K)
        let mut tbrb = make_rmem_tensor::<f32, _, _>(make_layout(tbsb.shape(), LayoutLeft)); // (THR_N,THR_K)

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

        // gmem -> rmem of k-tile `kt` (coordinates checked where `check_mn` / `check_k` say)
        macro_rules! prefetch {
            ($kt:expr, $check_mn:expr, $check_k:expr) => {{
                let kt = $kt;
                let check_k = $check_k;
                let (a_src, a_crd) = (taga.slice((X, X, kt)), modes!(taca, |t| t.into_slice((X, X, kt))));
                let (b_src, b_crd) = (tbgb.slice((X, X, kt)), modes!(tbcb, |t| t.into_slice((X, X, kt))));
                copy_zfill(
                    |i: i32| {
                        let (cm, ck) = crd_at!(a_crd, i);
                        (!$check_mn || cm < $m) && (!check_k || ck < $k)
                    },
                    &a_src,
                    &mut tara,
                ); // (THR_M,THR_K)
                copy_zfill(
                    |i: i32| {
                        let (cn, ck) = crd_at!(b_crd, i);
                        (!$check_mn || cn < $n) && (!check_k || ck < $k)
                    },
                    &b_src,
                    &mut tbrb,
                ); // (THR_N,THR_K)
            }};
        }
        // The tutorial's mainloop: rmem -> smem, prefetch of the next k-tile, gemm from smem
        macro_rules! mainloop {
            ($check_mn:expr) => {{
                if k_tile_max > 0 {
                    prefetch!(0, $check_mn, k_full == 0);
                }
                for k_tile in 0..k_tile_max {
                    sync_threads(); // everyone is done reading smem
                    copy(&tara, &mut tasa);
                    copy(&tbrb, &mut tbsb);
                    sync_threads();
                    let next = if k_tile + 1 < k_tile_max { k_tile + 1 } else { k_tile };
                    prefetch!(next, $check_mn, next >= k_full);
                    gemm(&tcsa, &tcsb, &mut tcrc); // (THR_M,THR_N) += (THR_M,BLK_K) * (THR_N,BLK_K)
                }
            }};
        }

        if interior {
            mainloop!(false);
            axpby($alpha, &tcrc, $beta, &mut tcgc);
        } else {
            mainloop!(true);
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

/// `sgemm_2` TN: `C = alpha * A * B^T + beta * C`, A MxK k-major (`ldA`), B NxK k-major
/// (`ldB`), C MxN m-major (`ldC`): the tutorial's `gemm_tn` (32x8 k-major copy threads of one
/// value each, padded m-major smem `(128,8):(1,129)`, 16x16 FMA threads).
///
/// # Safety
/// As for [`sgemm_1_tn`](crate::sgemm_1::sgemm_1_tn), with 8256 bytes of dynamic shared
/// memory.
#[no_mangle]
pub unsafe extern "ptx-kernel" fn sgemm_2_tn(
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
    sgemm_2_device!(
        (m, n, k), alpha, beta,
        A: a, (lda, _1), make_layout((_128, _8), (_1, _129)), |t| local_partition(t, make_layout((_32, _8), LayoutRight), tid);
        B: b, (ldb, _1), make_layout((_128, _8), (_1, _129)), |t| local_partition(t, make_layout((_32, _8), LayoutRight), tid);
        C: c, (_1, ldc), make_layout((_16, _16), LayoutLeft);
    );
}
