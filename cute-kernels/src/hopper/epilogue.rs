//! The collective epilogue: `C = alpha * acc + beta * C` from a consumer warpgroup's
//! accumulators, two ways. `store_tma` (CUTLASS's TMA warp-specialized epilogue, `beta == 0`):
//! through 128-byte-swizzled shared memory and TMA stores that overlap the next tile.
//! `store` (CUTLASS's `DefaultEpilogue`, any beta, any C): registers straight to global memory.
//!
//! A `wgmma.m64nNk16` leaves thread `t` of the warpgroup (warp `w = t / 32`, lane `l`) the
//! values at rows `16 w + l / 4 + 8 i` and columns `2 (l % 4) + 8 j + e` of its 64-row slab,
//! in accumulator `4 j + 2 i + e` (`GMMA::CLayout_64xN`). The output is addressed
//! `C(r, c) = c[r * ldc + c]` (columns contiguous), so the pair `e = 0, 1` is one 4-byte (16-bit
//! types) or 8-byte (`f32`) store. Interior tiles store unpredicated; a tile that crosses the
//! output's edge checks each row and column ([`Predicate`], tested on the CPU).

/// Which of a thread's values of one accumulator pair lie inside the output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Predicate {
    /// Both columns: one paired store.
    Pair,
    /// Only the first column (the pair straddles the last column, or `ldc` is odd so the
    /// pair is not aligned): scalar stores.
    Scalar,
    /// Neither (row or column outside).
    None,
}

/// The predicate of the pair at row `r`, columns `c, c + 1` of an `m x n` output whose rows
/// are `ldc` elements apart.
#[inline(always)]
pub fn predicate(r: u32, c: u32, m: u32, n: u32, ldc: u32) -> Predicate {
    if r >= m || c >= n {
        Predicate::None
    } else if c + 1 < n && ldc % 2 == 0 {
        Predicate::Pair
    } else {
        Predicate::Scalar
    }
}

/// `(row, column)` of accumulator `v` of thread `t` (0..128) in a `64 x 256` slab.
#[inline(always)]
pub const fn acc_coord(t: u32, v: u32) -> (u32, u32) {
    let (w, l) = (t / 32, t % 32);
    let (j, i, e) = (v / 4, (v / 2) % 2, v % 2);
    (16 * w + l / 4 + 8 * i, 2 * (l % 4) + 8 * j + e)
}

/// The output of one GEMM as the epilogue sees it.
#[derive(Clone, Copy, Debug)]
pub struct CollectiveEpilogue<Out> {
    /// `C`, addressed `c[r * ldc + col]`.
    pub c: *mut Out,
    /// Rows of C.
    pub m: u32,
    /// Columns of C.
    pub n: u32,
    /// Elements between rows of C.
    pub ldc: u32,
    /// The product's scale.
    pub alpha: f32,
    /// C's scale; 0 reads no C.
    pub beta: f32,
}

#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
mod device {
    use super::*;
    use core::arch::asm;
    use cute_core::arch::cluster_sm90::fence_view_async_shared;
    use cute_core::arch::copy_sm90_tma::TmaDescriptor;
    use cute_core::arch::copy_sm90_tma_store::{
        tma_store_arrive, tma_store_wait, SM90_TMA_STORE_2D,
    };
    use cute_core::arch::reg_reconfig_sm90::named_barrier_sync;
    use cute_core::numeric::numeric_types::{BFloat16, Half};

    /// An output type: conversion from `f32` and the (paired) accesses.
    pub trait OutElement: Copy {
        /// Bytes of one element.
        const BYTES: u32;
        /// Columns of one 128-byte row of a TMA-store box.
        const BOX_COLS: u32 = 128 / Self::BYTES;
        /// Stores `(a, b)` converted, at shared address `addr` (aligned to the pair).
        unsafe fn st_shared2(addr: u32, a: f32, b: f32);
        /// Stores `(a, b)` at `p, p + 1` (`p` aligned to the pair).
        unsafe fn store2(p: *mut Self, a: f32, b: f32);
        /// Stores `a` at `p`.
        unsafe fn store1(p: *mut Self, a: f32);
        /// Loads `p, p + 1` as `f32`s.
        unsafe fn load2(p: *const Self) -> (f32, f32);
        /// Loads `p` as an `f32`.
        unsafe fn load1(p: *const Self) -> f32;
    }

    /// A 16-bit value's `f32` by the conversion `$unpack` (`cvt.f32.bf16` / `cvt.f32.f16`).
    macro_rules! widen {
        ($unpack:literal, $h:expr) => {{
            let f: f32;
            let h: u16 = $h;
            // SAFETY: a conversion on registers.
            unsafe { asm!($unpack, f = out(reg32) f, h = in(reg16) h, options(pure, nomem, nostack)) };
            f
        }};
    }

    macro_rules! out16 {
        ($T:ty, $pack:literal, $unpack:literal) => {
            impl OutElement for $T {
                const BYTES: u32 = 2;
                #[inline(always)]
                unsafe fn st_shared2(addr: u32, a: f32, b: f32) {
                    let v: u32;
                    // SAFETY: a conversion on registers. The first source goes to the upper half.
                    unsafe { asm!(concat!($pack, " {v}, {b}, {a};"), v = out(reg32) v, a = in(reg32) a, b = in(reg32) b, options(pure, nomem, nostack)) };
                    // SAFETY: the caller's shared address.
                    unsafe { asm!("st.shared.b32 [{a}], {v};", a = in(reg32) addr, v = in(reg32) v, options(nostack)) };
                }
                #[inline(always)]
                unsafe fn store2(p: *mut Self, a: f32, b: f32) {
                    let v: u32;
                    // SAFETY: a conversion on registers. The first source goes to the upper half.
                    unsafe { asm!(concat!($pack, " {v}, {b}, {a};"), v = out(reg32) v, a = in(reg32) a, b = in(reg32) b, options(pure, nomem, nostack)) };
                    // SAFETY: the caller's pointer, aligned to 4 bytes.
                    unsafe { *(p as *mut u32) = v };
                }
                #[inline(always)]
                unsafe fn store1(p: *mut Self, a: f32) {
                    let v: u32;
                    // SAFETY: as above; the upper half (from 0.0) is dropped.
                    unsafe { asm!(concat!($pack, " {v}, {z}, {a};"), v = out(reg32) v, a = in(reg32) a, z = in(reg32) 0.0f32, options(pure, nomem, nostack)) };
                    // SAFETY: the caller's pointer.
                    unsafe { *(p as *mut u16) = v as u16 };
                }
                #[inline(always)]
                unsafe fn load2(p: *const Self) -> (f32, f32) {
                    // SAFETY: the caller's pointer, aligned to 4 bytes.
                    let v = unsafe { *(p as *const u32) };
                    (widen!($unpack, v as u16), widen!($unpack, (v >> 16) as u16))
                }
                #[inline(always)]
                unsafe fn load1(p: *const Self) -> f32 {
                    // SAFETY: the caller's pointer.
                    let h = unsafe { *(p as *const u16) };
                    widen!($unpack, h)
                }
            }
        };
    }
    out16!(BFloat16, "cvt.rn.bf16x2.f32", "cvt.f32.bf16 {f}, {h};");
    out16!(Half, "cvt.rn.f16x2.f32", "cvt.f32.f16 {f}, {h};");

    impl OutElement for f32 {
        const BYTES: u32 = 4;
        #[inline(always)]
        unsafe fn st_shared2(addr: u32, a: f32, b: f32) {
            // SAFETY: the caller's shared address, 8-byte aligned.
            unsafe {
                asm!("st.shared.v2.f32 [{p}], {{{a}, {b}}};", p = in(reg32) addr, a = in(reg32) a, b = in(reg32) b, options(nostack))
            };
        }
        #[inline(always)]
        unsafe fn store2(p: *mut Self, a: f32, b: f32) {
            // SAFETY: the caller's pointer, aligned to 8 bytes.
            unsafe { *(p as *mut [f32; 2]) = [a, b] };
        }
        #[inline(always)]
        unsafe fn store1(p: *mut Self, a: f32) {
            // SAFETY: the caller's pointer.
            unsafe { *p = a };
        }
        #[inline(always)]
        unsafe fn load2(p: *const Self) -> (f32, f32) {
            // SAFETY: the caller's pointer, aligned to 8 bytes.
            let v = unsafe { *(p as *const [f32; 2]) };
            (v[0], v[1])
        }
        #[inline(always)]
        unsafe fn load1(p: *const Self) -> f32 {
            // SAFETY: the caller's pointer.
            unsafe { *p }
        }
    }

    impl<Out: OutElement> CollectiveEpilogue<Out> {
        /// Writes a warpgroup's `64 x 256` slab at `(row0, col0)` through shared memory and TMA
        /// stores (`beta == 0`): in rounds of two boxes of 64 rows by 128 bytes (8 KiB each,
        /// 64 columns of a 16-bit type or 32 of `f32`: two or four rounds) in `smem` (1 KiB
        /// aligned, 16 KiB for this warpgroup), written with the 128-byte swizzle (16-byte
        /// chunk `c` of row `r` at chunk `c ^ (r % 8)`: the 8 rows a warp writes at once hit 8
        /// different chunks, no bank conflicts), then stored by one thread. The stores run on while the warpgroup starts its next tile;
        /// only the next reuse of the buffer waits for them to have read it. `barrier` is this
        /// warpgroup's named barrier.
        ///
        /// # Safety
        /// `tma_d` maps the output (`n` innermost, box `BOX_COLS x 64`, 128-byte swizzle).
        #[inline(always)]
        pub unsafe fn store_tma(
            &self,
            acc: &[f32; 128],
            tma_d: *const TmaDescriptor,
            smem: u32,
            row0: u32,
            col0: u32,
            t: u32,
            barrier: u32,
        ) {
            let (w, l) = (t / 32, t % 32);
            let alpha = self.alpha;
            // a box row is 128 bytes: 64 16-bit or 32 f32 columns, 8 or 4 groups of 8
            let groups_per_box = Out::BOX_COLS / 8;
            for h in 0..256 / (2 * Out::BOX_COLS) {
                if t == 0 {
                    tma_store_wait::<0>();
                }
                named_barrier_sync(barrier, 128);
                for jj in 0..2 * groups_per_box {
                    let j = 2 * groups_per_box * h + jj;
                    let blk = smem + (jj / groups_per_box) * 8192;
                    // the pair's byte offset in its box row, then its 16-byte chunk
                    let byte = (8 * (jj % groups_per_box) + 2 * (l % 4)) * Out::BYTES;
                    for i in 0..2u32 {
                        let r = 16 * w + l / 4 + 8 * i;
                        let v = (4 * j + 2 * i) as usize;
                        let addr = blk + r * 128 + (((byte / 16) ^ (r % 8)) * 16) + byte % 16;
                        // SAFETY: inside this warpgroup's staging buffer.
                        unsafe { Out::st_shared2(addr, alpha * acc[v], alpha * acc[v + 1]) };
                    }
                }
                fence_view_async_shared();
                named_barrier_sync(barrier, 128);
                if t == 0 {
                    let c = col0 + 2 * Out::BOX_COLS * h;
                    // SAFETY: the caller's map; the boxes were written and fenced above.
                    unsafe {
                        SM90_TMA_STORE_2D::copy(tma_d, smem, c as i32, row0 as i32);
                        SM90_TMA_STORE_2D::copy(
                            tma_d,
                            smem + 8192,
                            (c + Out::BOX_COLS) as i32,
                            row0 as i32,
                        );
                    }
                    tma_store_arrive();
                }
            }
        }

        /// Writes a warpgroup's `64 x 256` slab whose first element is `(row0, col0)`; `t` is
        /// the thread's index in the warpgroup.
        ///
        /// # Safety
        /// `c` covers `m x n` with row stride `ldc`.
        #[inline(always)]
        pub unsafe fn store(&self, acc: &[f32; 128], row0: u32, col0: u32, t: u32) {
            let (r0, c0) = acc_coord(t, 0);
            let (r0, c0) = (row0 + r0, col0 + c0);
            let interior = row0 + 64 <= self.m && col0 + 256 <= self.n && self.ldc % 2 == 0;
            let base = self.c;
            let ldc = self.ldc as usize;
            let (alpha, beta) = (self.alpha, self.beta);
            // every index below is a constant after unrolling: the accumulators stay in registers
            for h in 0..64u32 {
                let v = 2 * h;
                let (dr, dc) = ((v / 2) % 2 * 8, v / 4 * 8);
                let (r, c) = (r0 + dr, c0 + dc);
                let (mut a, mut b) = (alpha * acc[v as usize], alpha * acc[v as usize + 1]);
                // SAFETY: the predicate keeps every access inside the caller's `m x n`.
                unsafe {
                    let p = base.add(r as usize * ldc + c as usize);
                    let pred = if interior {
                        Predicate::Pair
                    } else {
                        predicate(r, c, self.m, self.n, self.ldc)
                    };
                    match pred {
                        Predicate::Pair => {
                            if beta != 0.0 {
                                let (x, y) = Out::load2(p);
                                a += beta * x;
                                b += beta * y;
                            }
                            Out::store2(p, a, b);
                        }
                        Predicate::Scalar => {
                            if beta != 0.0 {
                                a += beta * Out::load1(p);
                            }
                            Out::store1(p, a);
                            if c + 1 < self.n {
                                if beta != 0.0 {
                                    b += beta * Out::load1(p.add(1));
                                }
                                Out::store1(p.add(1), b);
                            }
                        }
                        Predicate::None => {}
                    }
                }
            }
        }
    }
}

#[cfg(all(target_arch = "nvptx64", feature = "sm90"))]
pub use device::OutElement;

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec;

    #[test]
    fn accumulator_coordinates_cover_the_slab_once() {
        let mut hit = vec![0u8; 64 * 256];
        for t in 0..128 {
            for v in 0..128 {
                let (r, c) = acc_coord(t, v);
                hit[(r * 256 + c) as usize] += 1;
            }
        }
        assert!(hit.iter().all(|&h| h == 1));
        // GMMA::CLayout_64xN: thread 5 holds (1, 2), (1, 3), (9, 2), (9, 3), then 8 columns on
        assert_eq!(acc_coord(5, 0), (1, 2));
        assert_eq!(acc_coord(5, 3), (9, 3));
        assert_eq!(acc_coord(5, 4), (1, 10));
        assert_eq!(acc_coord(127, 127), (63, 255));
    }

    #[test]
    fn predicates_at_the_edges() {
        assert_eq!(predicate(0, 0, 10, 10, 10), Predicate::Pair);
        assert_eq!(predicate(9, 8, 10, 10, 10), Predicate::Pair);
        assert_eq!(predicate(10, 0, 10, 10, 10), Predicate::None);
        assert_eq!(predicate(0, 10, 10, 10, 10), Predicate::None);
        // the pair straddles the last column of an odd width
        assert_eq!(predicate(3, 8, 10, 9, 9), Predicate::Scalar);
        // odd row stride: pairs are not 4-byte aligned
        assert_eq!(predicate(3, 2, 10, 9, 9), Predicate::Scalar);
    }
}
