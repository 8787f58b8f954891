//! `hgemm_sm80`: our tensor-core GEMM for 16-bit inputs (`half_t`, `bfloat16_t`) with `float`
//! (or `half_t`) accumulation, built from the SM80 atoms of `cute-core`: `cp.async` with zero
//! fill (`SM80_CP_ASYNC_CACHEGLOBAL_ZFILL`), `ldmatrix` (`SM75_U32x4_LDSM_N`, and
//! `SM75_U16x8_LDSM_T` for m/n-major operands) and `mma.sync` (`SM80_16x8x16_*_TN`).
//!
//! `C = alpha * A * B^T + beta * C`, C MxN m-major (`ldC`), A MxK and B NxK either k-major
//! (`T`/`N`, as the host's layout letters say) or m/n-major; K-major operands need K, m/n-major
//! ones M (or N) a multiple of 8, so that every 16-byte copy is aligned (the host checks).
//!
//! The structure, per CTA tile `(BLK_M, BLK_N, BK) = (64 WM, 64 WN, 32)` of `32 WM WN`
//! threads (warps `WM x WN`, each computing a 64x64 tile of C):
//! - Block order: CTA `(x, y)` computes tile `(x >> 3, (y << 3) + (x & 7))`, so consecutive
//!   CTAs sweep eight columns of tiles down M and the CTAs resident at once share their B
//!   tiles (and A tiles) in L2 (CUTLASS's threadblock swizzle; no division).
//! - A `STAGES`-deep `cp.async` pipeline into swizzled shared memory
//!   ([`crate::hgemm_sm80_smem`]: zero bank conflicts for the copies and for `ldmatrix`, tested
//!   there). Out-of-bounds chunks (M, N edges, the last k-tile) are zero-filled by the copy's
//!   predicate, so the MMAs need no predication.
//! - Register double buffering: the fragments of k-slice `s+1` are loaded with `ldmatrix`
//!   while the MMAs of slice `s` run; the next stage is waited for (`cp_async_wait`) one slice
//!   before it is needed.
//! - The MMA's roles are swapped: its 16-row operand is B and its 8-column operand A, so
//!   each thread's accumulator pairs are two consecutive m of C, which is m-major: the
//!   epilogue stores them as one 8-byte (`float`) or 4-byte (16-bit) vector, with
//!   `alpha`/`beta` applied in `float`, and reads C only when `beta != 0`.

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
use cute_core::numeric::numeric_types::Uint128;

use crate::hgemm_sm80_smem::{copy_chunk, ldsm_row, tile_offset};

/// The accumulator of one `m16n8k16` MMA and the op that updates it.
pub trait Accumulate {
    /// One thread's 4 accumulators (packed as the op's D registers).
    type Frag: Copy;
    /// Zeros.
    const ZERO: Self::Frag;
    /// `d += a * b` for one 16x8x16 block.
    fn mma(d: &mut Self::Frag, a: &[u32; 4], b: &[u32; 2]);
    /// The 4 accumulators as `float` (rows `g`, `g`, `g+8`, `g+8`; columns `2q`, `2q+1`).
    fn get(d: &Self::Frag) -> [f32; 4];
}

/// `half_t` inputs, `float` accumulation (`SM80_16x8x16_F32F16F16F32_TN`).
pub struct F16F32;
/// `bfloat16_t` inputs, `float` accumulation (`SM80_16x8x16_F32BF16BF16F32_TN`).
pub struct Bf16F32;
/// `half_t` inputs, `half_t` accumulation (`SM80_16x8x16_F16F16F16F16_TN`, the tutorial's).
pub struct F16F16;

impl Accumulate for F16F32 {
    type Frag = [f32; 4];
    const ZERO: [f32; 4] = [0.0; 4];
    #[inline(always)]
    fn mma(d: &mut [f32; 4], a: &[u32; 4], b: &[u32; 2]) {
        let c = *d;
        SM80_16x8x16_F32F16F16F32_TN::fma(d, a, b, &c);
    }
    #[inline(always)]
    fn get(d: &[f32; 4]) -> [f32; 4] {
        *d
    }
}

impl Accumulate for Bf16F32 {
    type Frag = [f32; 4];
    const ZERO: [f32; 4] = [0.0; 4];
    #[inline(always)]
    fn mma(d: &mut [f32; 4], a: &[u32; 4], b: &[u32; 2]) {
        let c = *d;
        SM80_16x8x16_F32BF16BF16F32_TN::fma(d, a, b, &c);
    }
    #[inline(always)]
    fn get(d: &[f32; 4]) -> [f32; 4] {
        *d
    }
}

impl Accumulate for F16F16 {
    type Frag = [u32; 2];
    const ZERO: [u32; 2] = [0; 2];
    #[inline(always)]
    fn mma(d: &mut [u32; 2], a: &[u32; 4], b: &[u32; 2]) {
        let c = *d;
        SM80_16x8x16_F16F16F16F16_TN::fma(d, a, b, &c);
    }
    #[inline(always)]
    fn get(d: &[u32; 2]) -> [f32; 4] {
        let (a, b) = (half2_to_f32(d[0]), half2_to_f32(d[1]));
        [a.0, a.1, b.0, b.1]
    }
}

/// The element type of C and how a pair of consecutive elements is read and written.
pub trait Output {
    /// The stored element (`f32`, or the bits of a 16-bit float).
    type Elem: Copy;
    /// The pair at `p`, `p+1` as `float`.
    ///
    /// # Safety
    /// `p` and `p+1` are valid for reads; `p` is aligned to the pair when `vec`.
    unsafe fn load2(p: *const Self::Elem, vec: bool) -> (f32, f32);
    /// Stores the pair at `p`, `p+1`.
    ///
    /// # Safety
    /// `p` and `p+1` are valid for writes; `p` is aligned to the pair when `vec`.
    unsafe fn store2(p: *mut Self::Elem, v: (f32, f32), vec: bool);
    /// The element at `p` as `float`.
    ///
    /// # Safety
    /// `p` is valid for reads.
    unsafe fn load1(p: *const Self::Elem) -> f32;
    /// Stores one element.
    ///
    /// # Safety
    /// `p` is valid for writes.
    unsafe fn store1(p: *mut Self::Elem, v: f32);
}

/// C of `float`.
pub struct OutF32;
/// C of `half_t`.
pub struct OutF16;
/// C of `bfloat16_t`.
pub struct OutBf16;

impl Output for OutF32 {
    type Elem = f32;
    #[inline(always)]
    unsafe fn load2(p: *const f32, vec: bool) -> (f32, f32) {
        if vec {
            let v = *(p as *const [f32; 2]);
            (v[0], v[1])
        } else {
            (*p, *p.add(1))
        }
    }
    #[inline(always)]
    unsafe fn store2(p: *mut f32, v: (f32, f32), vec: bool) {
        if vec {
            *(p as *mut [f32; 2]) = [v.0, v.1];
        } else {
            *p = v.0;
            *p.add(1) = v.1;
        }
    }
    #[inline(always)]
    unsafe fn load1(p: *const f32) -> f32 {
        *p
    }
    #[inline(always)]
    unsafe fn store1(p: *mut f32, v: f32) {
        *p = v;
    }
}

macro_rules! output16 {
    ($Name:ident, $to:ident, $from:ident) => {
        impl Output for $Name {
            type Elem = u16;
            #[inline(always)]
            unsafe fn load2(p: *const u16, vec: bool) -> (f32, f32) {
                let w = if vec {
                    *(p as *const u32)
                } else {
                    *p as u32 | ((*p.add(1) as u32) << 16)
                };
                $from(w)
            }
            #[inline(always)]
            unsafe fn store2(p: *mut u16, v: (f32, f32), vec: bool) {
                let w = $to(v.0, v.1);
                if vec {
                    *(p as *mut u32) = w;
                } else {
                    *p = w as u16;
                    *p.add(1) = (w >> 16) as u16;
                }
            }
            #[inline(always)]
            unsafe fn load1(p: *const u16) -> f32 {
                $from(*p as u32).0
            }
            #[inline(always)]
            unsafe fn store1(p: *mut u16, v: f32) {
                *p = $to(v, 0.0) as u16;
            }
        }
    };
}
output16!(OutF16, f32x2_to_half2, half2_to_f32);
output16!(OutBf16, f32x2_to_bf16x2, bf16x2_to_f32);

/// `cvt.rn.f16x2.f32`: `(lo, hi)` rounded to nearest even, packed (lo in the low half).
#[inline(always)]
fn f32x2_to_half2(lo: f32, hi: f32) -> u32 {
    let d: u32;
    // SAFETY: registers only.
    unsafe {
        core::arch::asm!("cvt.rn.f16x2.f32 {d}, {hi}, {lo};", d = out(reg32) d,
                         hi = in(reg32) hi, lo = in(reg32) lo, options(pure, nomem, nostack))
    };
    d
}

/// `cvt.rn.bf16x2.f32`: as [`f32x2_to_half2`] for `bfloat16_t`.
#[inline(always)]
fn f32x2_to_bf16x2(lo: f32, hi: f32) -> u32 {
    let d: u32;
    // SAFETY: registers only.
    unsafe {
        core::arch::asm!("cvt.rn.bf16x2.f32 {d}, {hi}, {lo};", d = out(reg32) d,
                         hi = in(reg32) hi, lo = in(reg32) lo, options(pure, nomem, nostack))
    };
    d
}

/// Two packed `half_t` as `float` (exact).
#[inline(always)]
fn half2_to_f32(w: u32) -> (f32, f32) {
    let (lo, hi): (f32, f32);
    // SAFETY: registers only.
    unsafe {
        core::arch::asm!(
            "{{", ".reg .b16 %cute_l, %cute_h;", "mov.b32 {{%cute_l, %cute_h}}, {w};",
            "cvt.f32.f16 {lo}, %cute_l;", "cvt.f32.f16 {hi}, %cute_h;", "}}",
            w = in(reg32) w, lo = out(reg32) lo, hi = out(reg32) hi,
            options(pure, nomem, nostack)
        )
    };
    (lo, hi)
}

/// Two packed `bfloat16_t` as `float` (exact: the high 16 bits of a `float`).
#[inline(always)]
fn bf16x2_to_f32(w: u32) -> (f32, f32) {
    (f32::from_bits(w << 16), f32::from_bits(w & 0xffff_0000))
}

/// One `ldmatrix.x4` of the 16x16 block at `(r0, k0)` of a tile: `ldmatrix` for k-major
/// tiles, `ldmatrix.trans` for mn-major ones (see [`ldsm_row`]).
///
/// # Safety
/// `s` is the tile's base in shared memory; all 32 lanes call it together.
#[inline(always)]
unsafe fn ldsm_x4<const R: i32, const BK: i32, const K_MAJOR: bool>(
    s: *const u16,
    r0: i32,
    k0: i32,
    lane: i32,
) -> [u32; 4] {
    let (r, k) = ldsm_row::<K_MAJOR>(r0, k0, lane);
    let row = &*(s.add(tile_offset::<R, BK, K_MAJOR>(r, k) as usize) as *const Uint128);
    let mut d = [0u32; 4];
    if K_MAJOR {
        SM75_U32x4_LDSM_N::copy(row, &mut d);
    } else {
        SM75_U16x8_LDSM_T::copy(row, &mut d);
    }
    d
}

/// Starts the copies of one `(R, BK)` tile (rows `r0..`, k `k0..` of a global operand of
/// `rows` rows, K columns, leading dimension `ld`) into the shared tile `s`, zero-filling the
/// chunks outside the operand.
///
/// # Safety
/// `g` is the operand's base (k-major: `g[r*ld + k]`, mn-major: `g[k*ld + r]`), 16-byte
/// aligned with `ld` a multiple of 8; `s` a shared tile of `R * BK` elements.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn copy_tile<const R: i32, const BK: i32, const K_MAJOR: bool>(
    g: *const u16,
    ld: i32,
    rows: i32,
    k: i32,
    r0: i32,
    k0: i32,
    s: *mut u16,
    tid: i32,
    threads: i32,
) {
    let mut i = 0;
    while i < R * BK / 8 / threads {
        let (r, kk) = copy_chunk::<R, BK, K_MAJOR>(tid, i, threads);
        let (gr, gk) = (r0 + r, k0 + kk);
        let inside = gr < rows && gk < k;
        // 32-bit offsets (the host checks that M*K and N*K fit in i32, so every offset inside
        // does): the loop-invariant parts the compiler hoists out of the k-loop then take one
        // register each instead of a 64-bit pair (the 128x128x64 tile spilled 276 bytes with
        // 64-bit offsets). Outside, the wrapped value is unused.
        let at = if K_MAJOR {
            gr.wrapping_mul(ld).wrapping_add(gk)
        } else {
            gk.wrapping_mul(ld).wrapping_add(gr)
        };
        // outside: no read happens (source size 0); the operand's base keeps the address valid
        let src = if inside { g.add(at as u32 as usize) } else { g };
        SM80_CP_ASYNC_CACHEGLOBAL_ZFILL::<Uint128>::copy_zfill(
            &*(src as *const Uint128),
            &mut *(s.add(tile_offset::<R, BK, K_MAJOR>(r, kk) as usize) as *mut Uint128),
            inside,
        );
        i += 1;
    }
}

/// The warp tile's fragments of one k-slice: B's 4 blocks of 16 n (the MMA's A operand) and
/// A's 4 blocks of 16 m (each two of the MMA's B operands, see [`ldsm_row`]).
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

/// The 32 MMAs of one k-slice of the warp's 64x64 tile: `acc[i][j] += B_i * A_j`.
#[inline(always)]
fn mma_slice<Acc: Accumulate>(acc: &mut [[Acc::Frag; 8]; 4], f: &Frags) {
    for (i, row) in acc.iter_mut().enumerate() {
        for (j, d) in row.iter_mut().enumerate() {
            let aj = &f.a[j >> 1];
            let bj = if j & 1 == 0 {
                [aj[0], aj[2]]
            } else {
                [aj[1], aj[3]]
            };
            Acc::mma(d, &f.b[i], &bj);
        }
    }
}

/// The kernel body; see the module docs. `BM`, `BN`: the CTA tile (multiples of 64, one warp
/// per 64x64); `A_K`/`B_K`: A/B k-major; `WAIT = STAGES - 2` (the groups left in flight when
/// a stage is needed).
///
/// # Safety
/// The launch contract of the `hgemm_sm80_*` kernels.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
unsafe fn hgemm_device<
    Acc: Accumulate,
    Out: Output,
    const A_K: bool,
    const B_K: bool,
    const BM: i32,
    const BN: i32,
    const BK: i32,
    const STAGES: i32,
    const WAIT: u32,
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
    c: *mut Out::Elem,
    ldc: i32,
) {
    const {
        assert!(
            WAIT as i32 == STAGES - 2,
            "hgemm_sm80: WAIT is not STAGES - 2"
        )
    };
    let warps_m = BM / 64;
    let threads = warps_m * (BN / 64) * 32;
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
    let copy_k_tile = |kt: i32, st: i32| {
        copy_tile::<BM, BK, A_K>(a, lda, m, k, m0, kt * BK, sa(st), tid, threads);
        copy_tile::<BN, BK, B_K>(b, ldb, n, k, n0, kt * BK, sb(st), tid, threads);
    };
    let load_frags = |st: i32, k0: i32| {
        let mut f = Frags::ZERO;
        for i in 0..4 {
            f.b[i] = ldsm_x4::<BN, BK, B_K>(sb(st), wn0 + 16 * i as i32, k0, lane);
        }
        for j in 0..4 {
            f.a[j] = ldsm_x4::<BM, BK, A_K>(sa(st), wm0 + 16 * j as i32, k0, lane);
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
    let mut acc = [[Acc::ZERO; 8]; 4];
    let mut read = 0i32; // the stage of k-tile kt
    let mut write = STAGES - 1; // the stage k-tile kt+STAGES-1 goes to
    let slices = BK / 16;
    cp_async_wait::<WAIT>();
    sync_threads();
    // fragments of two k-slices: slice s+1 is loaded while slice s is multiplied
    let mut frags = [load_frags(0, 0), Frags::ZERO];
    for kt in 0..k_tiles {
        for s in 0..slices {
            if s == slices - 1 {
                // k-tile kt+1 must have landed before its first slice is read below
                cp_async_wait::<WAIT>();
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
            mma_slice::<Acc>(&mut acc, &frags[(s & 1) as usize]);
        }
    }
    cp_async_wait::<0>();

    // Epilogue: C(m, n) = alpha * acc + beta * C(m, n), pairs of consecutive m per store
    let (g, q) = (lane >> 2, lane & 3);
    let vec = ldc & 1 == 0;
    for (i, row) in acc.iter().enumerate() {
        for (j, frag) in row.iter().enumerate() {
            let v = Acc::get(frag);
            for h in 0..2 {
                let cn = n0 + wn0 + 16 * i as i32 + g + 8 * h as i32;
                let cm = m0 + wm0 + 8 * j as i32 + 2 * q;
                if cn < n && cm < m {
                    let p = c.offset(cm as isize + cn as isize * ldc as isize);
                    let (x0, x1) = (alpha * v[2 * h], alpha * v[2 * h + 1]);
                    if cm + 1 < m {
                        let y = if beta != 0.0 {
                            let old = Out::load2(p, vec);
                            (x0 + beta * old.0, x1 + beta * old.1)
                        } else {
                            (x0, x1)
                        };
                        Out::store2(p, y, vec);
                    } else {
                        let y = if beta != 0.0 {
                            x0 + beta * Out::load1(p)
                        } else {
                            x0
                        };
                        Out::store1(p, y);
                    }
                }
            }
        }
    }
}

/// One kernel entry point per (layout, types, tile): `hgemm_sm80_<layout>_<in>_<acc>_<out>`
/// with 128x128x32 tiles (4 warps, 4 stages). Measured on the H100 and dropped
/// (benches/results/2026-11-24-h100-sm80): 128x128x64 tiles with 3 stages (252-286 TFLOP/s at
/// 4096^3 against 346-347 for the default; 180-212 bytes of spills), 128x256x32, 128x256x64 and
/// 256x128x32 tiles of 8 warps (311-323), and one set of fragments instead of register double
/// buffering (212 registers, 310-318).
macro_rules! hgemm_kernel {
    ($(#[$doc:meta])* $name:ident, $Acc:ty, $Out:ty, $Elem:ty, A_K: $ak:literal, B_K: $bk:literal,
     $bm:literal x $bn:literal x $bkk:literal, stages $st:literal, wait $w:literal) => {
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
            c: *mut $Elem,
            ldc: i32,
        ) {
            hgemm_device::<$Acc, $Out, $ak, $bk, $bm, $bn, $bkk, $st, $w>(
                m, n, k, alpha, a, lda, b, ldb, beta, c, ldc,
            );
        }
    };
}

hgemm_kernel!(
    /// TN, `half_t` in, `float` accumulation, `half_t` out; 128x128x32, 4 stages.
    hgemm_sm80_tn_f16_f32_f16, F16F32, OutF16, u16, A_K: true, B_K: true, 128 x 128 x 32, stages 4, wait 2
);
hgemm_kernel!(
    /// TN, `half_t` in, `float` accumulation and out; 128x128x32, 4 stages.
    hgemm_sm80_tn_f16_f32_f32, F16F32, OutF32, f32, A_K: true, B_K: true, 128 x 128 x 32, stages 4, wait 2
);
hgemm_kernel!(
    /// TN, `bfloat16_t` in, `float` accumulation, `bfloat16_t` out; 128x128x32, 4 stages.
    hgemm_sm80_tn_bf16_f32_bf16, Bf16F32, OutBf16, u16, A_K: true, B_K: true, 128 x 128 x 32, stages 4, wait 2
);
hgemm_kernel!(
    /// TN, `half_t` in, `half_t` accumulation and out (the tutorial's types); 128x128x32, 4 stages.
    hgemm_sm80_tn_f16_f16_f16, F16F16, OutF16, u16, A_K: true, B_K: true, 128 x 128 x 32, stages 4, wait 2
);
hgemm_kernel!(
    /// NT, `half_t` in, `float` accumulation, `half_t` out; 128x128x32, 4 stages.
    hgemm_sm80_nt_f16_f32_f16, F16F32, OutF16, u16, A_K: false, B_K: false, 128 x 128 x 32, stages 4, wait 2
);
hgemm_kernel!(
    /// NT, `half_t` in, `float` accumulation and out; 128x128x32, 4 stages.
    hgemm_sm80_nt_f16_f32_f32, F16F32, OutF32, f32, A_K: false, B_K: false, 128 x 128 x 32, stages 4, wait 2
);
hgemm_kernel!(
    /// NT, `bfloat16_t` in, `float` accumulation, `bfloat16_t` out; 128x128x32, 4 stages.
    hgemm_sm80_nt_bf16_f32_bf16, Bf16F32, OutBf16, u16, A_K: false, B_K: false, 128 x 128 x 32, stages 4, wait 2
);
hgemm_kernel!(
    /// NT, `half_t` in, `half_t` accumulation and out (the tutorial's types); 128x128x32, 4 stages.
    hgemm_sm80_nt_f16_f16_f16, F16F16, OutF16, u16, A_K: false, B_K: false, 128 x 128 x 32, stages 4, wait 2
);
