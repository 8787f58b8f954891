//! `wgmma_sm90`: port of CuTe's Hopper tutorial `examples/cute/tutorial/hopper/wgmma_sm90.cu`:
//! 128x128x64 CTA tiles, one warpgroup (128 threads), a 3-stage shared-memory pipeline filled
//! by `cp.async` TiledCopies, and `wgmma` issued by `gemm(mma, tCrA, tCrB, tCrC)` over the
//! tensors of shared-memory descriptors that `partition_fragment_A/B` makes of the stages.
//!
//! As in C++ (`gemm_device`, `gemm_nt`, `gemm_tn`):
//! - the stages are `tile_to_shape(GMMA::Layout_{MN,K}_SW128_Atom<T>, (128,64,3))`, and the
//!   shared tensors `make_tensor(smem_ptr, stages)` carry the swizzle on their pointer
//!   ([`make_tensor_swizzled`]);
//! - `copyA`/`copyB` are `make_tiled_copy(Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, T>,
//!   thr, val)`: NT 16x8 m-major threads of 8x1 values, TN 16x8 k-major threads of 1x8; each
//!   thread's 16-byte copy goes to the swizzled address of its element (C++'s
//!   `as_position_independent_swizzle_tensor`);
//! - the TiledMMA is `make_tiled_mma(SM90_64x64x16_*_SS<Major, Major>)` (one atom: the 128x128
//!   tile is 2x2 atoms per thread); `tCrA = thr_mma.partition_fragment_A(sA)` is a tensor of
//!   descriptors `(MMA,MMA_M,MMA_K,PIPE)`, and each k-tile runs `gemm(mma, tCrA(_,_,_,pipe),
//!   tCrB(_,_,_,pipe), tCrC)` between `warpgroup_arrive` and `warpgroup_commit_batch`, then
//!   `warpgroup_wait<0>`;
//! - the mainloop is the tutorial's: `PIPE - 1` k-tiles prefetched, then per k-tile the copy of
//!   k-tile `min(k_tile + PIPE - 1, K_TILE_MAX - 1)` into the stage written next,
//!   `cp_async_wait<0>`, the GMMAs on the stage read next.
//!
//! Beyond the tutorial: any M, N, K whose contiguous dimension is a multiple of 8 (NT: M and N,
//! TN: K; 16-byte rows for the 16-byte copies, the host checks it). Identity tensors
//! partitioned like the data predicate the copies (a 16-byte chunk is wholly inside or outside
//! the problem; outside, `cp.async` zero-fills: the `_ZFILL` form of the tutorial's atom) and
//! the epilogue (`axpby` on `m < M, n < N`; `beta == 0` does not read C, as BLAS). After
//! `cp_async_wait<0>` each thread runs `fence.proxy.async.shared::cta`: the `cp.async` writes
//! are generic-proxy writes that the GMMA reads through the async proxy (the tutorial leaves it
//! out).
//!
//! Also beyond it, the order of the tiles: groups of `2^group_shift` tile rows, column by
//! column (`grouped_grid_tile`, as the `wgmma_tma_sm90` port), where the tutorial takes a whole
//! tile column of C at a time (a group as tall as the matrix).
//!
//! Types: `half_t` in, accumulate and out (the tutorial's `F16F16F16`), and `bfloat16_t` in,
//! `float` accumulate, `bfloat16_t` out (`F32BF16BF16`). `C = alpha A B^T + beta C` with C
//! `(M,N):(_1,ldC)`, A `(M,K)`, B `(N,K)`.

use cute_core::arch::cluster_sm90::fence_view_async_shared;
use cute_core::arch::copy_sm80::{cp_async_fence, cp_async_wait, SM80_CP_ASYNC_CACHEALWAYS_ZFILL};
use cute_core::arch::mma_sm90_gmma::GMMA::Major;
use cute_core::arch::mma_sm90_gmma::*;
use cute_core::arch::thread::{block_idx_x, block_idx_y, dynamic_smem_base, thread_idx_x};
use cute_core::atom::copy_atom::{make_tiled_copy, CopyAtom};
use cute_core::atom::mma_atom::make_tiled_mma_unpermuted;
use cute_core::atom::mma_traits_sm90_gmma::{Layout_K_SW128_Atom, Layout_MN_SW128_Atom};
use cute_core::numeric::numeric_types::{BFloat16, Half, Uint128};
use cute_core::prelude::*;
use cute_core::tensor::TensorShape;

use crate::tutorial::sgemm_common::{crd_at, identity_modes, modes};
use crate::tutorial::tile_order::grouped_grid_tile;

/// Dynamic shared memory of every `wgmma_sm90` kernel: 1024 bytes of alignment slack (the
/// 128-byte swizzle repeats every 1024 bytes and the descriptors assume 1024-byte aligned
/// atoms), then `sA` and `sB`, 3 stages of `(128,64)` 16-bit elements each.
pub const WGMMA_SM90_SMEM_BYTES: usize = 1024 + 2 * 3 * 128 * 64 * 2;

/// The `f32` accumulators as they are.
#[inline(always)]
fn f32_id(x: f32) -> f32 {
    x
}

/// The body of `gemm_device` of the tutorial for one configuration: a macro, where C++ has a
/// template, because a generic function could not name the types of its partitions ([the
/// module docs](super)).
macro_rules! wgmma_sm90_device {
    (
        ($m:ident, $n:ident, $k:ident), $alpha:ident, $beta:ident, $group_shift:ident,
        T: $T:ty, Atom: $Atom:ty, Op: $Op:ty,
        acc_to_f32: $acc_to_f32:path, out_to_f32: $out_to_f32:path, f32_to_out: $f32_to_out:path,
        A: $a:ident, $da:expr, $copy_a:expr;
        B: $b:ident, $db:expr, $copy_b:expr;
        C: $c:ident, $dc:expr;
    ) => {{
        let tid: i32 = thread_idx_x();
        let cta_tiler = (_128, _128, _64); // (BLK_M, BLK_N, BLK_K)
        // The tile in the grouped order (the tutorial's is (blockIdx.x, blockIdx.y)); the
        // last group's rows past M have nothing to do.
        let (tile_m, tile_n) =
            grouped_grid_tile(block_idx_x() as u32, block_idx_y() as u32, $group_shift);
        let (tile_m, tile_n) = (tile_m as i32, tile_n as i32);
        if tile_m * 128 >= $m {
            return;
        }
        let cta_coord = (tile_m, tile_n, X); // (m,n,k)

        // Full tensors, and the coordinates of their elements
        // SAFETY: the launch contract: A, B, C hold the MxK, NxK, MxN matrices with these
        // strides; only coordinates below (M,N,K) are dereferenced (predicates below).
        let ma = unsafe {
            make_tensor(
                make_gmem_ptr_readonly($a as *mut $T),
                make_layout(($m, $k), $da),
            )
        }; // (M,K)
        let mb = unsafe {
            make_tensor(
                make_gmem_ptr_readonly($b as *mut $T),
                make_layout(($n, $k), $db),
            )
        }; // (N,K)
        let mc = unsafe { make_tensor(make_gmem_ptr($c), make_layout(($m, $n), $dc)) }; // (M,N)
        let ida = identity_modes(($m, $k)); // (M,K) -> (m,k)
        let idb = identity_modes(($n, $k)); // (N,K) -> (n,k)
        let idc = identity_modes(($m, $n)); // (M,N) -> (m,n)

        // This CTA's tiles
        let ga = local_tile_projected(ma, cta_tiler, cta_coord, (_1, X, _1)); // (BLK_M,BLK_K,k)
        let gb = local_tile_projected(mb, cta_tiler, cta_coord, (X, _1, _1)); // (BLK_N,BLK_K,k)
        let gc = local_tile_projected(mc, cta_tiler, cta_coord, (_1, _1, X)); // (BLK_M,BLK_N)
        let ca = modes!(ida, |t| local_tile_projected(
            t,
            cta_tiler,
            cta_coord,
            (_1, X, _1)
        )); // (BLK_M,BLK_K,k)
        let cb = modes!(idb, |t| local_tile_projected(
            t,
            cta_tiler,
            cta_coord,
            (X, _1, _1)
        )); // (BLK_N,BLK_K,k)
        let cc = modes!(idc, |t| local_tile_projected(
            t,
            cta_tiler,
            cta_coord,
            (_1, _1, X)
        )); // (BLK_M,BLK_N)

        // Shared memory tensors: the stages, swizzle on the pointer
        let s_layout = tile_to_shape(<$Atom>::default(), (_128, _64, _3)); // (BLK,BLK_K,PIPE)
        let base = ((dynamic_smem_base() as usize + 1023) & !1023) as *mut $T;
        // SAFETY: the launch gives WGMMA_SM90_SMEM_BYTES of dynamic shared memory: 1024-byte
        // aligned `base`, then cosize(s_layout) elements for sA and as many for sB.
        let (sa, sb) = unsafe {
            (
                make_tensor_swizzled(make_smem_ptr(base), s_layout), // (BLK_M,BLK_K,PIPE)
                make_tensor_swizzled(
                    make_smem_ptr(base.add(cosize(s_layout.layout_b()).value() as usize)),
                    s_layout,
                ), // (BLK_N,BLK_K,PIPE)
            )
        };

        // Partition the copying of A and B tiles across the threads
        let copy_a = $copy_a;
        let copy_b = $copy_b;
        let thr_copy_a = copy_a.get_slice(tid);
        let taga = thr_copy_a.partition_s(ga); // (CPY,CPY_M,CPY_K,k)
        let taca = modes!(ca, |t| thr_copy_a.partition_s(t)); // (CPY,CPY_M,CPY_K,k)
        let tasa = thr_copy_a.partition_d(sa); // (CPY,CPY_M,CPY_K,PIPE)
        let thr_copy_b = copy_b.get_slice(tid);
        let tbgb = thr_copy_b.partition_s(gb); // (CPY,CPY_N,CPY_K,k)
        let tbcb = modes!(cb, |t| thr_copy_b.partition_s(t)); // (CPY,CPY_N,CPY_K,k)
        let tbsb = thr_copy_b.partition_d(sb); // (CPY,CPY_N,CPY_K,PIPE)

        // Define A/B partitioning and C accumulators
        let mma =
            make_tiled_mma_unpermuted(<$Op>::default(), make_layout((_1, _1, _1), LayoutLeft));
        let thr_mma = mma.get_slice(tid);
        let tcra = thr_mma.partition_fragment_a(sa); // (MMA,MMA_M,MMA_K,PIPE) descriptors
        let tcrb = thr_mma.partition_fragment_b(sb); // (MMA,MMA_N,MMA_K,PIPE) descriptors
        let mut tcgc = thr_mma.partition_c(gc); // (MMA,MMA_M,MMA_N)
        let tccc = modes!(cc, |t| thr_mma.partition_c(t)); // (MMA,MMA_M,MMA_N)
        let mut tcrc = thr_mma.make_fragment_c(&tcgc); // (MMA,MMA_M,MMA_N)

        // copy(copy_x, tXgX(_,_,_,k_tile), tXsX(_,_,_,pipe)): one 16-byte cp.async per
        // (CPY_M, CPY_K), to the swizzled address, zero-filled outside (M|N, K).
        macro_rules! copy_tile {
            ($tg:ident, $tc:ident, $ts:ident, $mn:expr, $k_tile:expr, $pipe:expr) => {{
                let k_tile: i32 = $k_tile;
                let pipe: i32 = $pipe;
                let crd = modes!($tc, |t| t.into_slice((X, X, X, k_tile)));
                let (_, cm, ck, _) = $tg.tensor_shape();
                let (cm, ck) = (cm.size().value() as i32, ck.size().value() as i32);
                for j in 0..ck {
                    for i in 0..cm {
                        let src = $tg.iter_at((0i32, i, j, k_tile)).get() as *const Uint128;
                        let dst = $ts.iter_at((0i32, i, j, pipe)).swizzled() as *mut Uint128;
                        let (cmn, ckk) = crd_at!(crd, (0i32, i, j));
                        // SAFETY: src is only read when inside the problem (the predicate);
                        // dst is this thread's 16-byte element of the stage.
                        unsafe {
                            SM80_CP_ASYNC_CACHEALWAYS_ZFILL::<Uint128>::copy_zfill(
                                &*src,
                                &mut *dst,
                                cmn < $mn && ckk < $k,
                            )
                        };
                    }
                }
            }};
        }

        // Total number of k-tiles, and of pipelined k-tiles in smem
        let k_tile_max = taga.layout().size_mode::<3>().value() as i32;
        let k_pipe_max = 3i32;

        // Prefetch all but the last
        for k in 0..k_pipe_max - 1 {
            copy_tile!(taga, taca, tasa, $m, k, k);
            copy_tile!(tbgb, tbcb, tbsb, $n, k, k);
            cp_async_fence();
        }

        // Clear the accumulators
        clear(&mut tcrc);
        sync_threads();

        // Pipelined main loop
        let mut k_pipe_read = 0i32;
        let mut k_pipe_write = k_pipe_max - 1;
        for k_tile in 0..k_tile_max {
            let mut k_tile_next = k_tile + (k_pipe_max - 1);
            k_tile_next = if k_tile_next >= k_tile_max {
                k_tile_max - 1
            } else {
                k_tile_next
            };

            // Copy gmem to smem for k_pipe_write
            copy_tile!(taga, taca, tasa, $m, k_tile_next, k_pipe_write);
            copy_tile!(tbgb, tbcb, tbsb, $n, k_tile_next, k_pipe_write);
            cp_async_fence();
            k_pipe_write += 1;
            k_pipe_write = if k_pipe_write == k_pipe_max {
                0
            } else {
                k_pipe_write
            };

            // Compute on k_tile: wait on all cp.async, then the GMMAs on k_pipe_read
            cp_async_wait::<0>();
            fence_view_async_shared();
            warpgroup_fence_operand(&mut tcrc);
            warpgroup_arrive();
            // (V,M,K) x (V,N,K) => (V,M,N)
            gemm_with(
                &mma,
                &tcra.slice((X, X, X, k_pipe_read)),
                &tcrb.slice((X, X, X, k_pipe_read)),
                &mut tcrc,
            );
            warpgroup_commit_batch();
            // Wait on the GMMA barrier before the stage is written again
            warpgroup_wait::<0>();
            warpgroup_fence_operand(&mut tcrc);

            k_pipe_read += 1;
            k_pipe_read = if k_pipe_read == k_pipe_max {
                0
            } else {
                k_pipe_read
            };
        }

        // Epilogue: axpby(alpha, tCrC, beta, tCgC) on the elements inside (M, N). Three
        // loops, each small enough for LLVM to unroll fully (a rolled loop would index the
        // fragment dynamically and move it to local memory): interior tiles with beta == 0
        // (no predicate, C not read), edge tiles with beta == 0, and beta != 0.
        let (fv, fm, fn_) = tcrc.tensor_shape(); // (MMA,MMA_M,MMA_N)
        let (fv, fm, fn_) = (
            fv.size().value() as i32,
            fm.size().value() as i32,
            fn_.size().value() as i32,
        );
        let interior = tile_m * 128 + 128 <= $m && tile_n * 128 + 128 <= $n;
        if $beta == 0.0 && interior {
            for j in 0..fn_ {
                for i in 0..fm {
                    for v in 0..fv {
                        let acc = $acc_to_f32(tcrc.get((v, i, j)));
                        tcgc.set((v, i, j), $f32_to_out($alpha * acc));
                    }
                }
            }
        } else {
            for j in 0..fn_ {
                for i in 0..fm {
                    for v in 0..fv {
                        let (cm, cn) = crd_at!(tccc, (v, i, j));
                        if cm < $m && cn < $n {
                            let mut x = $alpha * $acc_to_f32(tcrc.get((v, i, j)));
                            if $beta != 0.0 {
                                x += $beta * $out_to_f32(tcgc.get((v, i, j)));
                            }
                            tcgc.set((v, i, j), $f32_to_out(x));
                        }
                    }
                }
            }
        }
    }};
}

/// Declares one `wgmma_sm90` kernel.
macro_rules! wgmma_sm90_kernel {
    (
        $(#[$doc:meta])* $name:ident($lda:ident, $ldb:ident),
        T: $T:ty, Atom: $Atom:ty, Op: $Op:ty,
        acc_to_f32: $acc_to_f32:path, out_to_f32: $out_to_f32:path, f32_to_out: $f32_to_out:path,
        A: $da:expr, $copy_a:expr;
        B: $db:expr, $copy_b:expr;
    ) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// Launch with the grid `grouped_grid(ceil_div(M,128), ceil_div(N,128), group_shift)`
        /// (`crate::tutorial::tile_order`) of blocks of 128 threads and
        /// [`WGMMA_SM90_SMEM_BYTES`] of dynamic shared memory; `a`, `b`, `c` hold the MxK, NxK
        /// and MxN matrices with the kernel's strides, their contiguous dimension a multiple of
        /// 8 elements and 16-byte aligned.
        #[no_mangle]
        #[allow(clippy::too_many_arguments)]
        pub unsafe extern "ptx-kernel" fn $name(
            m: i32,
            n: i32,
            k: i32,
            alpha: f32,
            a: *const $T,
            $lda: i32,
            b: *const $T,
            $ldb: i32,
            beta: f32,
            c: *mut $T,
            ldc: i32,
            group_shift: u32,
        ) {
            wgmma_sm90_device!(
                (m, n, k), alpha, beta, group_shift,
                T: $T, Atom: $Atom, Op: $Op,
                acc_to_f32: $acc_to_f32, out_to_f32: $out_to_f32, f32_to_out: $f32_to_out,
                A: a, $da, $copy_a;
                B: b, $db, $copy_b;
                C: c, (_1, ldc);
            );
        }
    };
}

/// NT's `copyA`/`copyB`: 16x8 m-major (n-major) threads, each 8x1 values (one 16-byte copy).
macro_rules! copy_nt {
    ($T:ty) => {
        make_tiled_copy(
            CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS_ZFILL<Uint128>, $T>::new(),
            make_layout((_16, _8), LayoutLeft),
            make_layout((_8, _1), LayoutLeft),
        )
    };
}
/// TN's `copyA`/`copyB`: 16x8 k-major threads, each 1x8 values (one 16-byte copy).
macro_rules! copy_tn {
    ($T:ty) => {
        make_tiled_copy(
            CopyAtom::<SM80_CP_ASYNC_CACHEALWAYS_ZFILL<Uint128>, $T>::new(),
            make_layout((_16, _8), (_8, _1)),
            make_layout((_1, _8), LayoutLeft),
        )
    };
}

use cute_core::arch::thread::sync_threads;

wgmma_sm90_kernel!(
    /// The tutorial's `gemm_nt`, `half_t` throughout: A MxK m-major, B NxK n-major.
    wgmma_sm90_nt_f16(lda, ldb),
    T: Half, Atom: Layout_MN_SW128_Atom<Half>,
    Op: SM90_64x64x16_F16F16F16_SS<Major::MN, Major::MN>,
    acc_to_f32: Half::to_f32, out_to_f32: Half::to_f32, f32_to_out: Half::from_f32,
    A: (_1, lda), copy_nt!(Half);
    B: (_1, ldb), copy_nt!(Half);
);
wgmma_sm90_kernel!(
    /// The tutorial's `gemm_tn`, `half_t` throughout: A MxK and B NxK k-major.
    wgmma_sm90_tn_f16(lda, ldb),
    T: Half, Atom: Layout_K_SW128_Atom<Half>,
    Op: SM90_64x64x16_F16F16F16_SS<Major::K, Major::K>,
    acc_to_f32: Half::to_f32, out_to_f32: Half::to_f32, f32_to_out: Half::from_f32,
    A: (lda, _1), copy_tn!(Half);
    B: (ldb, _1), copy_tn!(Half);
);
wgmma_sm90_kernel!(
    /// `gemm_nt` with `bfloat16_t` in and out, `float` accumulate.
    wgmma_sm90_nt_bf16(lda, ldb),
    T: BFloat16, Atom: Layout_MN_SW128_Atom<BFloat16>,
    Op: SM90_64x64x16_F32BF16BF16_SS<Major::MN, Major::MN>,
    acc_to_f32: f32_id, out_to_f32: BFloat16::to_f32, f32_to_out: BFloat16::from_f32,
    A: (_1, lda), copy_nt!(BFloat16);
    B: (_1, ldb), copy_nt!(BFloat16);
);
wgmma_sm90_kernel!(
    /// `gemm_tn` with `bfloat16_t` in and out, `float` accumulate.
    wgmma_sm90_tn_bf16(lda, ldb),
    T: BFloat16, Atom: Layout_K_SW128_Atom<BFloat16>,
    Op: SM90_64x64x16_F32BF16BF16_SS<Major::K, Major::K>,
    acc_to_f32: f32_id, out_to_f32: BFloat16::to_f32, f32_to_out: BFloat16::from_f32,
    A: (lda, _1), copy_tn!(BFloat16);
    B: (ldb, _1), copy_tn!(BFloat16);
);
