//! `hgemm_sm80`: our tensor-core GEMM for 16-bit inputs (`half_t`, `bfloat16_t`) with `float`
//! (or `half_t`) accumulation, built from the SM80 atoms of `cute-core`: `cp.async` with zero
//! fill (`SM80_CP_ASYNC_CACHEGLOBAL_ZFILL`), `ldmatrix` (`SM75_U32x4_LDSM_N`, and
//! `SM75_U16x8_LDSM_T` for m/n-major operands) and `mma.sync` (`SM80_16x8x16_*_TN`).
//!
//! `C = alpha * A * B^T + beta * C`, C MxN m-major (`ldC`), A MxK and B NxK either k-major
//! (`T`/`N`, as the host's layout letters say) or m/n-major; K-major operands need K, m/n-major
//! ones M (or N) a multiple of 8, so that every 16-byte copy is aligned (the host checks).
//!
//! The structure, per CTA tile `(BLK_M, BLK_N, BLK_K) = (64 WM, 64 WN, 32 or 64)` of
//! `32 WM WN` threads (warps `WM x WN`, each computing a 64x64 tile of C; registered:
//! 128x256x64, 3 stages, 8 warps):
//! - Block order: CTA `(x, y)` computes tile `(x >> 3, (y << 3) + (x & 7))`, so consecutive
//!   CTAs sweep eight columns of tiles down M and the CTAs resident at once share their B
//!   tiles (and A tiles) in L2 (CUTLASS's threadblock swizzle; no division).
//! - A `STAGES`-deep `cp.async` pipeline into swizzled shared memory
//!   ([`crate::hgemm_sm80_smem`]: zero bank conflicts for the copies and for `ldmatrix`, tested
//!   there). Out-of-bounds chunks (M, N edges, the last k-tile) are zero-filled by the copy's
//!   predicate, so the MMAs need no predication. Each thread keeps one global and one shared
//!   base per operand (`TileCopy`).
//! - Register double buffering: the fragments of k-slice `s+1` are loaded with `ldmatrix`
//!   while the MMAs of slice `s` run; the next stage is waited for (`cp_async_wait`) one slice
//!   before it is needed.
//! - The MMA's roles are swapped: its 16-row operand is B and its 8-column operand A, so
//!   each thread's accumulator pairs are two consecutive m of C, which is m-major: the
//!   epilogue stores them as one 8-byte (`float`) or 4-byte (16-bit) vector, with
//!   `alpha`/`beta` applied in `float`, and reads C only when `beta != 0`. A's `ldmatrix`
//!   returns its matrices in pair order, so each MMA B operand is an aligned register pair.
//!
//! Measured on the H100 (benches/results/2026-11-25-h100-sm80-perf, TN f16/f32/f16,
//! 4096^3 / 8192^3 TFLOP/s): 128x128x32 with 4 stages and 2 CTAs per SM 399/432, 128x128x64
//! 418/450, 256x128x64 432/469, 128x256x32 with 4 stages 359/394, the registered 128x256x64
//! 433/456; that folder's README has the steps that got there.
//!
//! Why it is not an SM80 mainloop of the generic kernel in [`crate::gemm`]: that kernel is
//! CUTLASS 3's warp-specialized `GemmUniversal`, built around a TMA producer warpgroup,
//! `mbarrier` pipelines, `wgmma` and `setmaxnreg`, none of which exists on SM80. CUTLASS 3 runs
//! SM80 through `GemmUniversal` too, but through another kernel: `KernelMultistage`
//! (`gemm/kernel/sm70_gemm.hpp`, every thread runs the mainloop, then the epilogue) with the
//! `MainloopSm80CpAsync` collective (`gemm/collective/sm80_mma_multistage.hpp`: a `cp.async`
//! multistage pipeline, `ldmatrix` through shared-memory copy atoms, `mma.sync`). Here that
//! would take a second kernel body, that collective, an epilogue without TMA, and a
//! configuration trait without the GMMA layouts and descriptors `gemm::config::GemmConfig`
//! requires; only the tile scheduler would be shared. It is not done because this kernel is
//! that pipeline already, written directly.

use cute_core::arch::copy::CopyOperation;
use cute_core::arch::copy_sm75::{SM75_U16x8_LDSM_T, SM75_U32x4_LDSM_N};
use cute_core::arch::copy_sm80::{cp_async_fence, cp_async_wait, SM80_CP_ASYNC_CACHEGLOBAL_ZFILL};
use cute_core::arch::mma::MmaOperation;
use cute_core::arch::mma_sm80::{
    SM80_16x8x16_F16F16F16F16_TN, SM80_16x8x16_F32BF16BF16F32_TN, SM80_16x8x16_F32F16F16F32_TN,
};
use cute_core::arch::thread::{
    block_idx_x, block_idx_y, dynamic_smem_base, sync_threads, thread_idx_x,
};
use cute_core::numeric::convert::NumericConverter;
use cute_core::numeric::numeric_types::{BFloat16, Half, Uint128};

use crate::hgemm_sm80_smem::{copy_chunk, copy_step, ldsm_row, tile_offset};

/// One thread's accumulators of one `m16n8k16` MMA (the op's D and C registers): four
/// `float`s, or four `half_t`s packed in two registers.
pub trait Accumulators: Copy {
    /// Zeros.
    const ZERO: Self;
    /// The 4 accumulators as `float` (rows `g`, `g`, `g+8`, `g+8`; columns `2q`, `2q+1`).
    fn to_f32(&self) -> [f32; 4];
}

impl Accumulators for [f32; 4] {
    const ZERO: [f32; 4] = [0.0; 4];
    #[inline(always)]
    fn to_f32(&self) -> [f32; 4] {
        *self
    }
}

impl Accumulators for [u32; 2] {
    const ZERO: [u32; 2] = [0; 2];
    #[inline(always)]
    fn to_f32(&self) -> [f32; 4] {
        let (a, b) = (Half::to_f32x2(self[0]), Half::to_f32x2(self[1]));
        [a.0, a.1, b.0, b.1]
    }
}

/// The element types of one `hgemm_sm80` kernel (the C++ tutorials' `TA`/`TB`/`TC` and
/// MMA atom): the `m16n8k16` op, its accumulators, and C's element type.
pub trait HgemmTypes {
    /// One thread's accumulators of one MMA.
    type Acc: Accumulators;
    /// The MMA: A (16x16) in four registers, B (16x8) in two, C and D the accumulators.
    type Mma: MmaOperation<
        ARegisters = [u32; 4],
        BRegisters = [u32; 2],
        CRegisters = Self::Acc,
        DRegisters = Self::Acc,
    >;
    /// C's element type.
    type Out: NumericConverter;
}

/// `half_t` in, `float` accumulation and out (`SM80_16x8x16_F32F16F16F32_TN`).
pub struct F16F32F32;
/// `half_t` in, `float` accumulation, `half_t` out.
pub struct F16F32F16;
/// `bfloat16_t` in, `float` accumulation, `bfloat16_t` out (`SM80_16x8x16_F32BF16BF16F32_TN`).
pub struct Bf16F32Bf16;
/// `half_t` in, accumulation and out (`SM80_16x8x16_F16F16F16F16_TN`, the tutorial's types).
pub struct F16F16F16;

impl HgemmTypes for F16F32F32 {
    type Acc = [f32; 4];
    type Mma = SM80_16x8x16_F32F16F16F32_TN;
    type Out = f32;
}
impl HgemmTypes for F16F32F16 {
    type Acc = [f32; 4];
    type Mma = SM80_16x8x16_F32F16F16F32_TN;
    type Out = Half;
}
impl HgemmTypes for Bf16F32Bf16 {
    type Acc = [f32; 4];
    type Mma = SM80_16x8x16_F32BF16BF16F32_TN;
    type Out = BFloat16;
}
impl HgemmTypes for F16F16F16 {
    type Acc = [u32; 2];
    type Mma = SM80_16x8x16_F16F16F16F16_TN;
    type Out = Half;
}

/// The pair of C at `p`, `p+1` as `float`: one access of the pair when `vec`.
///
/// # Safety
/// `p` and `p+1` are valid for reads; `p` is aligned to the pair when `vec`.
#[inline(always)]
unsafe fn load2<T: NumericConverter>(p: *const T, vec: bool) -> (f32, f32) {
    if vec {
        T::to_f32x2(*(p as *const T::Array2))
    } else {
        ((*p).to_f32(), (*p.add(1)).to_f32())
    }
}

/// Stores the pair `v` at `p`, `p+1` of C, rounded: one access of the pair when `vec`.
///
/// # Safety
/// `p` and `p+1` are valid for writes; `p` is aligned to the pair when `vec`.
#[inline(always)]
unsafe fn store2<T: NumericConverter>(p: *mut T, v: (f32, f32), vec: bool) {
    let w = T::from_f32x2(v.0, v.1);
    if vec {
        *(p as *mut T::Array2) = w;
    } else {
        // `Array2` is laid out as `[T; 2]`
        let w: [T; 2] = core::mem::transmute_copy(&w);
        *p = w[0];
        *p.add(1) = w[1];
    }
}

/// One `ldmatrix.x4` of the 16x16 block at `(r0, k0)` of a tile: `ldmatrix` for k-major
/// tiles, `ldmatrix.trans` for mn-major ones, the four matrices in the order `PAIRS` selects
/// (see [`ldsm_row`]).
///
/// # Safety
/// `s` is the tile's base in shared memory; all 32 lanes call it together.
#[inline(always)]
unsafe fn ldsm_x4<const R: i32, const BK: i32, const K_MAJOR: bool, const PAIRS: bool>(
    s: *const u16,
    r0: i32,
    k0: i32,
    lane: i32,
) -> [u32; 4] {
    let (r, k) = ldsm_row::<K_MAJOR, PAIRS>(r0, k0, lane);
    let row = &*(s.add(tile_offset::<R, BK, K_MAJOR>(r, k) as usize) as *const Uint128);
    let mut d = [0u32; 4];
    if K_MAJOR {
        SM75_U32x4_LDSM_N::copy(row, &mut d);
    } else {
        SM75_U16x8_LDSM_T::copy(row, &mut d);
    }
    d
}

/// The copies of one operand's `(R, BK)` tiles by one thread of a CTA of `THREADS`: its
/// chunks' global offset and row (k-row) bounds, fixed over the k-loop, and their shared
/// offsets, from one base each ([`copy_step`]).
struct TileCopy<const R: i32, const BK: i32, const K_MAJOR: bool, const THREADS: i32> {
    /// The offset of the thread's first chunk at k-tile 0 (32 bits: the host checks that M*K
    /// and N*K fit in i32, so every offset inside does; one register instead of two).
    g0: i32,
    /// The global offset between the thread's chunks (`dr * ld` or `dk * ld`).
    g_step: i32,
    /// The leading dimension.
    ld: i32,
    /// k-major: rows of the operand from the first chunk's row on (chunk `i` is inside when
    /// `i * dr < rows_left`); mn-major: 1 when the chunks' rows are inside, else 0.
    rows_left: i32,
    /// The first chunk's k within a k-tile.
    k_t: i32,
    /// The first chunk's offset in a shared tile.
    s0: i32,
}

impl<const R: i32, const BK: i32, const K_MAJOR: bool, const THREADS: i32>
    TileCopy<R, BK, K_MAJOR, THREADS>
{
    /// The copies of rows `r0..r0+R` of a global operand of `rows` rows, leading dimension
    /// `ld`, for thread `tid`.
    #[inline(always)]
    fn new(ld: i32, rows: i32, r0: i32, tid: i32) -> Self {
        let (r_t, k_t) = copy_chunk::<R, BK, K_MAJOR>(tid, 0, THREADS);
        let (dr, dk, _) = const { copy_step::<R, BK, K_MAJOR, THREADS>() };
        let gr = r0 + r_t;
        TileCopy {
            g0: if K_MAJOR {
                gr.wrapping_mul(ld).wrapping_add(k_t)
            } else {
                k_t.wrapping_mul(ld).wrapping_add(gr)
            },
            g_step: (dr + dk).wrapping_mul(ld),
            ld,
            rows_left: if K_MAJOR {
                rows - gr
            } else {
                (gr < rows) as i32
            },
            k_t,
            s0: tile_offset::<R, BK, K_MAJOR>(r_t, k_t),
        }
    }

    /// Starts the copies of k-tile `k0..k0+BK` into the shared tile `s`, zero-filling the
    /// chunks outside the operand (rows past `rows`, k past `k`).
    ///
    /// # Safety
    /// `g` is the operand's base (k-major: `g[r*ld + k]`, mn-major: `g[k*ld + r]`), 16-byte
    /// aligned with `ld` a multiple of 8; `s` a shared tile of `R * BK` elements.
    #[inline(always)]
    unsafe fn copy(&self, g: *const u16, k: i32, k0: i32, s: *mut u16) {
        let (dr, dk, ds) = const { copy_step::<R, BK, K_MAJOR, THREADS>() };
        // Opaque to LLVM, so that `i * g_step` is recomputed in the loop (one IMAD) instead of
        // being hoisted into one register per chunk: without it the f32 kernels spill 72-80
        // bytes at 254-255 registers (ptxas 12.9, sm_90a), with it none.
        let g_step = opaque(self.g_step);
        let g_k = self.g0.wrapping_add(if K_MAJOR {
            k0
        } else {
            k0.wrapping_mul(self.ld)
        });
        let mut i = 0;
        while i < R * BK / 8 / THREADS {
            let inside = if K_MAJOR {
                self.k_t + k0 < k && i * dr < self.rows_left
            } else {
                self.rows_left != 0 && self.k_t + k0 + i * dk < k
            };
            let at = g_k.wrapping_add(i.wrapping_mul(g_step));
            // outside: no read happens (source size 0); the operand's base keeps the address
            // valid. Outside, the wrapped offset is unused.
            let src = if inside { g.add(at as u32 as usize) } else { g };
            SM80_CP_ASYNC_CACHEGLOBAL_ZFILL::<Uint128>::copy_zfill(
                &*(src as *const Uint128),
                &mut *(s.add((self.s0 + i * ds) as usize) as *mut Uint128),
                inside,
            );
            i += 1;
        }
    }
}

/// `x`, which LLVM cannot see through (an `asm!` move with no `pure`): keeps a loop-invariant
/// product from being hoisted into a register per use.
#[inline(always)]
fn opaque(x: i32) -> i32 {
    let y: i32;
    // SAFETY: a register move.
    unsafe {
        core::arch::asm!("mov.b32 {y}, {x};", x = in(reg32) x, y = out(reg32) y, options(nomem, nostack))
    };
    y
}

/// The warp tile's fragments of one k-slice: B's 4 blocks of 16 n (the MMA's A operand) and
/// A's 4 blocks of 16 m (each two of the MMA's B operands, loaded in `PAIRS` order, see
/// [`ldsm_row`]).
#[derive(Clone, Copy)]
struct Frags {
    b: [[u32; 4]; 4],
    a: [[u32; 4]; 4],
}

impl Frags {
    const ZERO: Frags = Frags {
        b: [[0; 4]; 4],
        a: [[0; 4]; 4],
    };
}

/// The 32 MMAs of one k-slice of the warp's 64x64 tile: `acc[i][j] += B_i * A_j`, B_i the
/// 16 n of block `i`, A_j the 8 m of half `j & 1` of block `j >> 1`.
#[inline(always)]
fn mma_slice<T: HgemmTypes>(acc: &mut [[T::Acc; 8]; 4], f: &Frags) {
    for (i, row) in acc.iter_mut().enumerate() {
        for (j, d) in row.iter_mut().enumerate() {
            let aj = &f.a[j >> 1];
            let h = 2 * (j & 1);
            let c = *d;
            T::Mma::fma(d, &f.b[i], &[aj[h], aj[h + 1]], &c);
        }
    }
}

/// `cp.async.wait_group STAGES-2`: the groups that may stay in flight when the oldest stage
/// is needed (folds to one instruction).
#[inline(always)]
fn wait_stage<const STAGES: i32>() {
    match STAGES {
        3 => cp_async_wait::<1>(),
        4 => cp_async_wait::<2>(),
        _ => cp_async_wait::<3>(),
    }
}

/// The kernel body; see the module docs. `T`: the element types and MMA; `(BM, BN, BK)`: the
/// CTA tile (`BM`, `BN` multiples of 64, one warp per 64x64; `BK` 32 or 64), `STAGES` (3 to 5)
/// k-tiles of it in flight in shared memory; `A_K`/`B_K`: A/B k-major.
///
/// # Safety
/// The launch contract of the `hgemm_sm80_*` kernels.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn hgemm_device<
    T: HgemmTypes,
    const BM: i32,
    const BN: i32,
    const BK: i32,
    const STAGES: i32,
    const A_K: bool,
    const B_K: bool,
    const THREADS: i32,
>(
    m: i32,
    n: i32,
    k: i32,
    alpha: f32,
    a: *const u16,
    lda: i32,
    b: *const u16,
    ldb: i32,
    beta: f32,
    c: *mut T::Out,
    ldc: i32,
) {
    const {
        assert!(
            STAGES >= 3 && STAGES <= 5,
            "hgemm_sm80: STAGES is not 3, 4 or 5"
        )
    };
    const {
        assert!(
            THREADS == BM / 64 * (BN / 64) * 32,
            "hgemm_sm80: THREADS is not one warp per 64x64"
        )
    };
    let warps_m = BM / 64;
    let tid = thread_idx_x();
    let lane = tid & 31;
    let warp = tid >> 5;
    let (wm0, wn0) = ((warp % warps_m) * 64, (warp / warps_m) * 64);

    // CTA tile (tile_m, tile_n) from the swizzled block order
    let (bx, by) = (block_idx_x(), block_idx_y());
    let (m0, n0) = ((bx >> 3) * BM, ((by << 3) + (bx & 7)) * BN);
    if m0 >= m || n0 >= n {
        return;
    }

    // Shared memory: STAGES tiles of A (BM,BK), then STAGES tiles of B (BN,BK)
    let smem = dynamic_smem_base() as *mut u16;
    let sa = |st: i32| smem.add((st * BM * BK) as usize);
    let sb = |st: i32| smem.add((STAGES * BM * BK + st * BN * BK) as usize);
    let k_tiles = (k + BK - 1) / BK;
    let copy_a = TileCopy::<BM, BK, A_K, THREADS>::new(lda, m, m0, tid);
    let copy_b = TileCopy::<BN, BK, B_K, THREADS>::new(ldb, n, n0, tid);
    let copy_k_tile = |kt: i32, st: i32| {
        copy_a.copy(a, k, kt * BK, sa(st));
        copy_b.copy(b, k, kt * BK, sb(st));
    };
    let load_frags = |st: i32, k0: i32| {
        let mut f = Frags::ZERO;
        for i in 0..4 {
            f.b[i] = ldsm_x4::<BN, BK, B_K, false>(sb(st), wn0 + 16 * i as i32, k0, lane);
        }
        for j in 0..4 {
            f.a[j] = ldsm_x4::<BM, BK, A_K, true>(sa(st), wm0 + 16 * j as i32, k0, lane);
        }
        f
    };

    // Prologue: the first STAGES-1 k-tiles in flight, one commit group each
    for s in 0..STAGES - 1 {
        if s < k_tiles {
            copy_k_tile(s, s);
        }
        cp_async_fence();
    }
    let mut acc = [[<T::Acc as Accumulators>::ZERO; 8]; 4];
    let mut read = 0i32; // the stage of k-tile kt
    let mut write = STAGES - 1; // the stage k-tile kt+STAGES-1 goes to
    let slices = BK / 16;
    wait_stage::<STAGES>();
    sync_threads();
    // fragments of two k-slices: slice s+1 is loaded while slice s is multiplied
    let mut frags = [load_frags(0, 0), Frags::ZERO];
    for kt in 0..k_tiles {
        for s in 0..slices {
            if s == slices - 1 {
                // k-tile kt+1 must have landed before its first slice is read below
                wait_stage::<STAGES>();
                sync_threads();
                read = if read + 1 == STAGES { 0 } else { read + 1 };
            }
            // the next slice's fragments (slice 0 of k-tile kt+1 for the last slice)
            let next_slice = if s + 1 == slices { 0 } else { s + 1 };
            frags[((s + 1) & 1) as usize] = load_frags(read, 16 * next_slice);
            if s == 0 {
                // the stage k-tile kt-1 was read from is free (everyone passed the barrier
                // after reading it)
                let next = kt + STAGES - 1;
                if next < k_tiles {
                    copy_k_tile(next, write);
                }
                cp_async_fence();
                write = if write + 1 == STAGES { 0 } else { write + 1 };
            }
            mma_slice::<T>(&mut acc, &frags[(s & 1) as usize]);
        }
    }
    cp_async_wait::<0>();

    // Epilogue: C(m, n) = alpha * acc + beta * C(m, n), pairs of consecutive m per store
    let (g, q) = (lane >> 2, lane & 3);
    let vec = ldc & 1 == 0;
    for (i, row) in acc.iter().enumerate() {
        for (j, frag) in row.iter().enumerate() {
            let v = frag.to_f32();
            for h in 0..2 {
                let cn = n0 + wn0 + 16 * i as i32 + g + 8 * h as i32;
                let cm = m0 + wm0 + 8 * j as i32 + 2 * q;
                if cn < n && cm < m {
                    let p = c.offset(cm as isize + cn as isize * ldc as isize);
                    let (x0, x1) = (alpha * v[2 * h], alpha * v[2 * h + 1]);
                    if cm + 1 < m {
                        let y = if beta != 0.0 {
                            let old = load2(p, vec);
                            (x0 + beta * old.0, x1 + beta * old.1)
                        } else {
                            (x0, x1)
                        };
                        store2(p, y, vec);
                    } else {
                        let y = if beta != 0.0 {
                            x0 + beta * (*p).to_f32()
                        } else {
                            x0
                        };
                        *p = T::Out::from_f32(y);
                    }
                }
            }
        }
    }
}

/// One kernel entry point: `hgemm_sm80_<layout>_<in>_<acc>_<out>[_<variant>]` is
/// `hgemm_device` with the element types `T`, the layout's operand majors (TN: both k-major;
/// NT: both m/n-major) and a CTA tile; only these and the pointer type of C differ between
/// entries.
macro_rules! hgemm_entry {
    ($(#[$doc:meta])* $name:ident: $T:ty, k_major $k_major:literal,
     $bm:literal x $bn:literal x $bk:literal, stages $stages:literal) => {
        $(#[$doc])*
        ///
        /// # Safety
        /// Grid `((ceil(M/BLK_M) << 3), ceil(ceil(N/BLK_N) / 8))`, `BLK_M*BLK_N/128` threads,
        /// `STAGES*(BLK_M+BLK_N)*BLK_K*2` bytes of dynamic shared memory; A, B 16-byte aligned
        /// buffers of M*K and N*K 16-bit elements with the tight leading dimensions of their
        /// layouts (a multiple of 8), C of M*N elements, 8-byte aligned, `ldC = M`.
        #[no_mangle]
        pub unsafe extern "ptx-kernel" fn $name(
            m: i32,
            n: i32,
            k: i32,
            alpha: f32,
            a: *const u16,
            lda: i32,
            b: *const u16,
            ldb: i32,
            beta: f32,
            c: *mut <$T as HgemmTypes>::Out,
            ldc: i32,
        ) {
            hgemm_device::<$T, $bm, $bn, $bk, $stages, $k_major, $k_major, { $bm / 64 * ($bn / 64) * 32 }>(
                m, n, k, alpha, a, lda, b, ldb, beta, c, ldc,
            );
        }
    };
}

// The registered configuration, for every element type and layout: 128x256x64 tiles of 8
// warps (2x4 warps of 64x64), 3 stages (144 KiB of shared memory; one CTA per SM, as the
// 254 registers of the f32 accumulators allow). See the module docs for what was measured.
hgemm_entry!(
    /// TN, `half_t` in, `float` accumulation, `half_t` out.
    hgemm_sm80_tn_f16_f32_f16: F16F32F16, k_major true, 128 x 256 x 64, stages 3
);
hgemm_entry!(
    /// TN, `half_t` in, `float` accumulation and out.
    hgemm_sm80_tn_f16_f32_f32: F16F32F32, k_major true, 128 x 256 x 64, stages 3
);
hgemm_entry!(
    /// TN, `bfloat16_t` in, `float` accumulation, `bfloat16_t` out.
    hgemm_sm80_tn_bf16_f32_bf16: Bf16F32Bf16, k_major true, 128 x 256 x 64, stages 3
);
hgemm_entry!(
    /// TN, `half_t` in, accumulation and out (the tutorial's types).
    hgemm_sm80_tn_f16_f16_f16: F16F16F16, k_major true, 128 x 256 x 64, stages 3
);
hgemm_entry!(
    /// NT, `half_t` in, `float` accumulation, `half_t` out.
    hgemm_sm80_nt_f16_f32_f16: F16F32F16, k_major false, 128 x 256 x 64, stages 3
);
hgemm_entry!(
    /// NT, `half_t` in, `float` accumulation and out.
    hgemm_sm80_nt_f16_f32_f32: F16F32F32, k_major false, 128 x 256 x 64, stages 3
);
hgemm_entry!(
    /// NT, `bfloat16_t` in, `float` accumulation, `bfloat16_t` out.
    hgemm_sm80_nt_bf16_f32_bf16: Bf16F32Bf16, k_major false, 128 x 256 x 64, stages 3
);
hgemm_entry!(
    /// NT, `half_t` in, accumulation and out (the tutorial's types).
    hgemm_sm80_nt_f16_f16_f16: F16F16F16, k_major false, 128 x 256 x 64, stages 3
);
