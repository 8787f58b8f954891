//! `sgemm_2`: port of CuTe's second SGEMM tutorial (`examples/cute/tutorial/sgemm_2.cu`):
//! 128x128x8 CTA tiles, 256 threads, a `TiledCopy` moving each k-tile of A and B from global
//! memory to registers, then to shared memory, a `TiledMMA` of 16x16 universal-FMA threads
//! computing from shared memory, and the next k-tile prefetched into registers while the
//! current one is computed.
//!
//! Where this port goes past the tutorial (each measured against it, see `benches/results`):
//! - The `TiledMMA` is permuted (C++'s `Tile<PermM, PermN, _1>`, permutation `(16,4,2):(4,1,64)`
//!   in M and N), so each thread's 8 rows of A (and 8 columns of B) are two runs of 4
//!   consecutive elements in shared memory; each k-block is copied to registers with 128-bit
//!   `ld.shared.v4` loads (4 per k-block instead of 16 scalar loads), as cuBLAS-class SIMT
//!   SGEMMs do.
//! - TN reads A and B with 128-bit loads along K (each thread 4 consecutive k of one row) and
//!   stores them transposed into m-major shared memory padded to a stride of 132 floats
//!   (`(128,8):(1,132)`): the padding makes both the transposing stores and the 128-bit reads
//!   free of bank conflicts. The tutorial's TN copies one float per thread.
//! - Any M, N, K: identity tensors partitioned like the data predicate the copies (whole
//!   128-bit columns: the vector kernels need M, N (NT) or K (TN) divisible by 4, which the
//!   host checks, and fall back to the `_scalar` kernels otherwise) and the epilogue.
//!
//! All kernels compute `C = alpha * A * B^T + beta * C`, C MxN m-major (`ldC`), with the
//! conventions of [`sgemm_1`](super::sgemm_1): NT has A MxK m-major and B NxK n-major, TN has
//! A and B k-major.

use cute_core::arch::copy::UniversalCopy;
use cute_core::arch::mma::UniversalFMA;
use cute_core::arch::thread::{block_idx_x, block_idx_y, sync_threads, thread_idx_x};
use cute_core::atom::copy_atom::{make_tiled_copy, CopyAtom};
use cute_core::atom::mma_atom::make_tiled_mma;
use cute_core::numeric::numeric_types::Uint128;
use cute_core::prelude::*;

use crate::tutorial::sgemm_common::{axpby_if, crd_at, identity_modes, modes, smem_base_f32};

/// Bytes of dynamic shared memory the NT kernels need: two `(128,8):(1,128)` f32 tiles.
pub const SGEMM_2_NT_SMEM_BYTES: usize = 2 * 128 * 8 * 4;
/// Bytes of dynamic shared memory the TN kernels need: two `(128,8):(1,132)` f32 tiles
/// (cosize 1052 each).
pub const SGEMM_2_TN_SMEM_BYTES: usize = 2 * 1052 * 4;

/// The body of `gemm_device` of the tutorial, for one choice of strides, shared-memory layouts
/// and tiled copies: a macro, where C++ has a template, because a generic function could not
/// name the types of its partitions ([the module docs](super)).
macro_rules! sgemm_2_device {
    (
        ($m:ident, $n:ident, $k:ident), $alpha:ident, $beta:ident,
        A: $a:ident, $da:expr, $sa_layout:expr, $copy_a:expr;
        B: $b:ident, $db:expr, $sb_layout:expr, $copy_b:expr;
        C: $c:ident, $dc:expr;
    ) => {{
        let tid: i32 = thread_idx_x();
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
        // SAFETY: the launch gives cosize(sA) + cosize(sB) floats of dynamic shared memory
        // (SGEMM_2_*_SMEM_BYTES); both tiles start 16-byte aligned (cosize(sA) is a multiple
        // of 4), as the 128-bit accesses need.
        let (sa, sb) = unsafe {
            (
                make_tensor(make_smem_ptr(smem), sa_layout), // (BLK_M,BLK_K)
                make_tensor(
                    make_smem_ptr(smem.add(cosize(sa_layout).value() as usize)),
                    sb_layout,
                ), // (BLK_N,BLK_K)
            )
        };

        // Copy partitions: gmem -> rmem -> smem
        let copy_a = $copy_a;
        let copy_b = $copy_b;
        let thr_copy_a = copy_a.get_slice(tid);
        let thr_copy_b = copy_b.get_slice(tid);
        let taga = thr_copy_a.partition_s(ga); // (CPY,CPY_M,CPY_K,k)
        let taca = modes!(ca, |t| thr_copy_a.partition_s(t)); // (CPY,CPY_M,CPY_K,k)
        let mut tasa = thr_copy_a.partition_d(sa); // (CPY,CPY_M,CPY_K)
        let tbgb = thr_copy_b.partition_s(gb); // (CPY,CPY_N,CPY_K,k)
        let tbcb = modes!(cb, |t| thr_copy_b.partition_s(t)); // (CPY,CPY_N,CPY_K,k)
        let mut tbsb = thr_copy_b.partition_d(sb); // (CPY,CPY_N,CPY_K)
        let mut tara = make_fragment_like(&tasa); // (CPY,CPY_M,CPY_K)
        let mut tbrb = make_fragment_like(&tbsb); // (CPY,CPY_N,CPY_K)

        // MMA partitions: 16x16 FMA threads, each with two runs of 4 rows and 4 columns
        let perm = make_layout((_16, _4, _2), (_4, _1, _64));
        let mma = make_tiled_mma(
            UniversalFMA::<f32, f32, f32, f32>::default(),
            make_layout((_16, _16, _1), LayoutLeft),
            (perm, perm, _1),
        );
        let thr_mma = mma.get_slice(tid);
        let tcsa = thr_mma.partition_a(sa); // (MMA,MMA_M,MMA_K) = (_1,(_4,_2),_8)
        let tcsb = thr_mma.partition_b(sb); // (MMA,MMA_N,MMA_K) = (_1,(_4,_2),_8)
        let mut tcgc = thr_mma.partition_c(gc); // (MMA,MMA_M,MMA_N)
        let tccc = modes!(cc, |t| thr_mma.partition_c(t)); // (MMA,MMA_M,MMA_N)
        let mut tcrc = thr_mma.make_fragment_c(&tcgc); // (MMA,MMA_M,MMA_N)
        clear(&mut tcrc);
        // The k-blocks of sA and sB as ((_1,_4),_2,_8): 4 consecutive floats, 2 runs, 8 k;
        // each k-block goes to registers in two 128-bit copies per operand.
        let smem_vec = CopyAtom::<UniversalCopy<Uint128>, f32>::new();
        let tcsa_v = tcsa.flatten().group_modes::<_0, _2>(); // ((_1,_4),_2,_8)
        let tcsb_v = tcsb.flatten().group_modes::<_0, _2>(); // ((_1,_4),_2,_8)
        let mut tcra = thr_mma.make_fragment_a(&tcsa.slice((X, X, 0i32))); // (MMA,MMA_M)
        let mut tcrb = thr_mma.make_fragment_b(&tcsb.slice((X, X, 0i32))); // (MMA,MMA_N)

        let k_tile_max = taga.layout().size_mode::<3>().value() as i32;
        let k_full: i32 = $k / 8; // k-tiles without a K residue
        let m0: i32 = block_idx_x() * 128;
        let n0: i32 = block_idx_y() * 128;
        let interior = m0 + 128 <= $m && n0 + 128 <= $n;
        let va = tara.layout().size_mode::<0>().value() as i32; // values per A column
        let vb = tbrb.layout().size_mode::<0>().value() as i32; // values per B column

        // gmem -> rmem of k-tile `kt`; out-of-bounds columns are zeros. A column (the values
        // one copy instruction moves) is wholly inside or outside the problem, so its first
        // coordinate decides.
        macro_rules! prefetch {
            ($kt:expr, $check_mn:expr, $check_k:expr) => {{
                let kt: i32 = $kt;
                let check_k: bool = $check_k;
                let a_src = taga.slice((X, X, X, kt));
                let b_src = tbgb.slice((X, X, X, kt));
                if !$check_mn && !check_k {
                    copy_with(&copy_a, &a_src, &mut tara);
                    copy_with(&copy_b, &b_src, &mut tbrb);
                } else {
                    let a_crd = modes!(taca, |t| t.into_slice((X, X, X, kt)));
                    let b_crd = modes!(tbcb, |t| t.into_slice((X, X, X, kt)));
                    clear(&mut tara);
                    clear(&mut tbrb);
                    copy_if_with(
                        &copy_a,
                        &|i: i32| {
                            let (cm, ck) = crd_at!(a_crd, va * i);
                            (!$check_mn || cm < $m) && (!check_k || ck < $k)
                        },
                        &a_src,
                        &mut tara,
                    );
                    copy_if_with(
                        &copy_b,
                        &|i: i32| {
                            let (cn, ck) = crd_at!(b_crd, vb * i);
                            (!$check_mn || cn < $n) && (!check_k || ck < $k)
                        },
                        &b_src,
                        &mut tbrb,
                    );
                }
            }};
        }
        // The tutorial's mainloop: rmem -> smem, prefetch of the next k-tile, the k-blocks of
        // smem through registers into the accumulators
        macro_rules! mainloop {
            ($check_mn:expr) => {{
                if k_tile_max > 0 {
                    prefetch!(0, $check_mn, k_full == 0);
                }
                for k_tile in 0..k_tile_max {
                    sync_threads(); // everyone is done reading smem
                    copy_with(&copy_a, &tara, &mut tasa);
                    copy_with(&copy_b, &tbrb, &mut tbsb);
                    sync_threads();
                    let next = if k_tile + 1 < k_tile_max { k_tile + 1 } else { k_tile };
                    prefetch!(next, $check_mn, next >= k_full);
                    for k_block in 0..8i32 {
                        copy_with(
                            &smem_vec,
                            &tcsa_v.slice((X, X, k_block)),
                            &mut tcra.view_mut().flatten().group_modes::<_0, _2>(),
                        );
                        copy_with(
                            &smem_vec,
                            &tcsb_v.slice((X, X, k_block)),
                            &mut tcrb.view_mut().flatten().group_modes::<_0, _2>(),
                        );
                        gemm(&tcra, &tcrb, &mut tcrc); // (MMA,MMA_M,MMA_N) += (MMA,MMA_M) x (MMA,MMA_N)
                    }
                }
            }};
        }

        if interior {
            mainloop!(false);
            axpby($alpha, &tcrc, $beta, &mut tcgc);
        } else {
            mainloop!(true);
            // (MMA,MMA_M,MMA_N) grouped to ((MMA,MMA_M),MMA_N): the epilogue's two loops
            let cc2 = modes!(tccc, |t| t.group_modes::<_0, _2>());
            axpby_if(
                |i: i32, j: i32| {
                    let (cm, cn) = crd_at!(cc2, (i, j));
                    cm < $m && cn < $n
                },
                $alpha,
                &tcrc.view().group_modes::<_0, _2>(),
                $beta,
                &mut tcgc.group_modes::<_0, _2>(),
            );
        }
    }};
}

/// Declares one `sgemm_2` kernel.
macro_rules! sgemm_2_kernel {
    (
        $(#[$doc:meta])* $name:ident($lda:ident, $ldb:ident),
        A: $da:expr, $sa_layout:expr, $copy_a:expr;
        B: $db:expr, $sb_layout:expr, $copy_b:expr;
    ) => {
        $(#[$doc])*
        #[no_mangle]
        pub unsafe extern "ptx-kernel" fn $name(
            m: i32,
            n: i32,
            k: i32,
            alpha: f32,
            a: *const f32,
            $lda: i32,
            b: *const f32,
            $ldb: i32,
            beta: f32,
            c: *mut f32,
            ldc: i32,
        ) {
            sgemm_2_device!(
                (m, n, k), alpha, beta,
                A: a, $da, $sa_layout, $copy_a;
                B: b, $db, $sb_layout, $copy_b;
                C: c, (_1, ldc);
            );
        }
    };
}

sgemm_2_kernel!(
    /// `sgemm_2` NT with the tutorial's 128-bit copies: each of 32x8 m-major threads moves 4
    /// consecutive rows of A (columns of B) per k-tile. A MxK m-major, B NxK n-major, C m-major.
    ///
    /// # Safety
    /// Launch with a grid of `(ceil_div(M,128), ceil_div(N,128))` blocks of 256 threads and
    /// [`SGEMM_2_NT_SMEM_BYTES`] of dynamic shared memory; A, B, C are 16-byte-aligned device
    /// buffers of at least `ldA*(K-1)+M`, `ldB*(K-1)+N`, `ldC*(N-1)+M` floats; M, N, `ldA`,
    /// `ldB` are multiples of 4.
    sgemm_2_nt(lda, ldb),
    A: (_1, lda), make_layout((_128, _8), LayoutLeft),
        make_tiled_copy(CopyAtom::<UniversalCopy<Uint128>, f32>::new(),
                        make_layout((_32, _8), LayoutLeft), make_layout((_4, _1), LayoutLeft));
    B: (_1, ldb), make_layout((_128, _8), LayoutLeft),
        make_tiled_copy(CopyAtom::<UniversalCopy<Uint128>, f32>::new(),
                        make_layout((_32, _8), LayoutLeft), make_layout((_4, _1), LayoutLeft));
);

sgemm_2_kernel!(
    /// `sgemm_2` NT with one-float copies (32x8 m-major threads): any M, N, `ldA`, `ldB`.
    ///
    /// # Safety
    /// As for [`sgemm_2_nt`], without the multiples of 4 and the alignment beyond `f32`'s.
    sgemm_2_nt_scalar(lda, ldb),
    A: (_1, lda), make_layout((_128, _8), LayoutLeft),
        make_tiled_copy(CopyAtom::<UniversalCopy<f32>, f32>::new(),
                        make_layout((_32, _8), LayoutLeft), make_layout((_1, _1), LayoutLeft));
    B: (_1, ldb), make_layout((_128, _8), LayoutLeft),
        make_tiled_copy(CopyAtom::<UniversalCopy<f32>, f32>::new(),
                        make_layout((_32, _8), LayoutLeft), make_layout((_1, _1), LayoutLeft));
);

sgemm_2_kernel!(
    /// `sgemm_2` TN with 128-bit copies along K: 128x2 threads (k-major), each moving 4
    /// consecutive k of one row, stored transposed into the padded m-major `(128,8):(1,132)`.
    /// A MxK k-major, B NxK k-major, C m-major.
    ///
    /// # Safety
    /// As for [`sgemm_2_nt`] with A and B of at least `ldA*(M-1)+K` and `ldB*(N-1)+K` floats,
    /// [`SGEMM_2_TN_SMEM_BYTES`] of dynamic shared memory, and K, `ldA`, `ldB` multiples of 4.
    sgemm_2_tn(lda, ldb),
    A: (lda, _1), make_layout((_128, _8), (_1, _132)),
        make_tiled_copy(CopyAtom::<UniversalCopy<Uint128>, f32>::new(),
                        make_layout((_128, _2), (_2, _1)), make_layout((_1, _4), LayoutLeft));
    B: (ldb, _1), make_layout((_128, _8), (_1, _132)),
        make_tiled_copy(CopyAtom::<UniversalCopy<Uint128>, f32>::new(),
                        make_layout((_128, _2), (_2, _1)), make_layout((_1, _4), LayoutLeft));
);

sgemm_2_kernel!(
    /// `sgemm_2` TN with the tutorial's one-float copies (32x8 k-major threads): any K,
    /// `ldA`, `ldB`.
    ///
    /// # Safety
    /// As for [`sgemm_2_tn`], without the multiples of 4 and the alignment beyond `f32`'s.
    sgemm_2_tn_scalar(lda, ldb),
    A: (lda, _1), make_layout((_128, _8), (_1, _132)),
        make_tiled_copy(CopyAtom::<UniversalCopy<f32>, f32>::new(),
                        make_layout((_32, _8), LayoutRight), make_layout((_1, _1), LayoutLeft));
    B: (ldb, _1), make_layout((_128, _8), (_1, _132)),
        make_tiled_copy(CopyAtom::<UniversalCopy<f32>, f32>::new(),
                        make_layout((_32, _8), LayoutRight), make_layout((_1, _1), LayoutLeft));
);
