//! The shared-memory layouts of `hgemm_sm80` and the per-lane offsets of its accesses, on
//! every target: the kernel evaluates them on the device, and the unit tests below check them
//! against `cute-core`'s layout algebra (C++ CuTe's `composition(Swizzle<B,M,S>, layout)`) and
//! count the bank conflicts of every warp-wide access the kernel makes from them (zero).
//!
//! A pipeline stage holds one `(R, BK)` tile of A (`R = BLK_M`) and one of B (`R = BLK_N`),
//! 16-bit elements, `BK` 32 or 64. Two layouts, chosen by the operand's global layout so that
//! each `cp.async` moves 16 contiguous bytes of global memory into 16 contiguous bytes of
//! shared memory:
//! - k-major (A `T`, B `N`): `Sw<2,3,3> o (R,_32):(_32,_1)` or `Sw<3,3,3> o (R,_64):(_64,_1)`.
//!   A row is 64 (128) bytes, four (eight) 16-byte chunks; the swizzle XORs the chunk index
//!   with bits 1-2 (0-2) of the row, so the eight rows an `ldmatrix` phase reads at one chunk
//!   land in eight distinct 16-byte bank groups.
//! - mn-major (A `N`, B `T`): `Sw<3,3,log2(R)-3> o (R,BK):(_1,R)`. A k-row is `R` contiguous
//!   values (`2R` bytes, a multiple of 128); the swizzle XORs the low three bits of the
//!   16-byte chunk index with `k % 8`, so the eight k-rows an `ldmatrix.trans` phase reads at
//!   one chunk land in eight distinct bank groups.
//!
//! Both keep the 16-byte chunks whole (the swizzle moves chunks, never elements within one),
//! which is what lets `cp.async` and `ldmatrix` address them.

/// `Sw<log2(BK/8),3,3> o (R,BK):(BK,_1)` at `(r, k)`: the k-major tile's offset, in
/// elements (`BK` 32: `Sw<2,3,3>`, 64-byte rows; 64: `Sw<3,3,3>`, 128-byte rows).
#[inline(always)]
pub const fn kmajor_offset<const BK: i32>(r: i32, k: i32) -> i32 {
    let o = r * BK + k;
    o ^ ((o & ((BK / 8 - 1) << 6)) >> 3)
}

/// `Sw<3,3,log2(R)-3> o (R,BK):(_1,R)` at `(r, k)`: the mn-major tile's offset, in elements
/// (`R` a power of two, at least 64).
#[inline(always)]
pub const fn mnmajor_offset<const R: i32>(r: i32, k: i32) -> i32 {
    k * R + (r ^ ((k & 7) << 3))
}

/// The offset of a tile element in the layout `K_MAJOR` selects.
#[inline(always)]
pub const fn tile_offset<const R: i32, const BK: i32, const K_MAJOR: bool>(r: i32, k: i32) -> i32 {
    if K_MAJOR {
        kmajor_offset::<BK>(r, k)
    } else {
        mnmajor_offset::<R>(r, k)
    }
}

/// The tile coordinate `(r, k)` of the 16-byte chunk that the `i`-th `cp.async` of a CTA of
/// `threads` threads copies, for thread `tid`: chunks are numbered along the contiguous mode
/// of global memory first (k for k-major, r for mn-major), so consecutive threads read
/// consecutive global addresses.
#[inline(always)]
pub const fn copy_chunk<const R: i32, const BK: i32, const K_MAJOR: bool>(
    tid: i32,
    i: i32,
    threads: i32,
) -> (i32, i32) {
    let idx = tid + i * threads;
    if K_MAJOR {
        // BK/8 chunks per row
        (idx / (BK / 8), (idx % (BK / 8)) * 8)
    } else {
        // R/8 chunks per k-row
        ((idx % (R / 8)) * 8, idx / (R / 8))
    }
}

/// The step between consecutive `cp.async` chunks of one thread (`copy_chunk(tid, i+1)` minus
/// `copy_chunk(tid, i)`): `(dr, dk, ds)`, in tile coordinates and in shared-memory elements.
/// A thread's chunks sit whole rows (k-major) or k-rows (mn-major) apart, a multiple of 8,
/// so the swizzle, which reads only the low three bits of the row (k-row), is the same for
/// all of them and the shared offset advances by the constant `ds`: the kernel then needs one
/// shared and one global base per operand instead of one address per chunk (the 128x128x64
/// tile spilled 168 bytes with one per chunk). Tested against `copy_chunk` and `tile_offset`.
pub const fn copy_step<const R: i32, const BK: i32, const K_MAJOR: bool, const THREADS: i32>(
) -> (i32, i32, i32) {
    if K_MAJOR {
        let dr = THREADS / (BK / 8);
        assert!(
            THREADS % (BK / 8) == 0 && dr % 8 == 0,
            "copy_step: the chunks of a thread are not 8 rows apart"
        );
        (dr, 0, dr * BK)
    } else {
        let dk = THREADS / (R / 8);
        assert!(
            THREADS % (R / 8) == 0 && dk % 8 == 0,
            "copy_step: the chunks of a thread are not 8 k-rows apart"
        );
        (0, dk, dk * R)
    }
}

/// The tile coordinate `(r, k)` of the 16-byte row that lane `lane` gives to an
/// `ldmatrix.x4` reading the 16x16 block at rows `r0..r0+16`, k `k0..k0+16`, for a tile that
/// feeds the MMA's A operand (`PAIRS = false`) or two of its B operands (`PAIRS = true`).
/// Lanes `8i..8i+8` address matrix `i`, which lands in register `d[i]`:
/// - `PAIRS = false`: `(r0..8, k0..8)`, `(r8..16, k0..8)`, `(r0..8, k8..16)`, `(r8..16,
///   k8..16)`, the `m16n8k16` A fragment in order;
/// - `PAIRS = true`: `(r0..8, k0..8)`, `(r0..8, k8..16)`, `(r8..16, k0..8)`, `(r8..16,
///   k8..16)`, so `[d0, d1]` is the B fragment of rows `r0..8` and `[d2, d3]` that of rows
///   `r8..16`: each an aligned register pair straight from the load, where the other order
///   made ptxas copy every pair with two `MOV`s before each `HMMA` (96 per k-tile).
///
/// k-major tiles use `ldmatrix` (a matrix row is 8 values along k), mn-major ones
/// `ldmatrix.trans` (a matrix row is 8 values along r, and the transpose gives each thread
/// the same values as the k-major case).
#[inline(always)]
pub const fn ldsm_row<const K_MAJOR: bool, const PAIRS: bool>(
    r0: i32,
    k0: i32,
    lane: i32,
) -> (i32, i32) {
    let mat = lane >> 3;
    let row = lane & 7;
    let (rb, kb) = if PAIRS {
        (mat >> 1, mat & 1)
    } else {
        (mat & 1, mat >> 1)
    };
    if K_MAJOR {
        (r0 + rb * 8 + row, k0 + kb * 8)
    } else {
        (r0 + rb * 8, k0 + kb * 8 + row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cute_core::prelude::*;
    use cute_core::util::bank_conflicts::smem_wavefronts;
    use std::string::ToString;
    use std::vec;

    /// The layouts equal the CuTe compositions the module docs name, at every index.
    #[test]
    fn offsets_are_the_swizzled_layouts() {
        let k32 = make_composed_layout(
            Swizzle::<_2, _3, _3>::new(),
            _0,
            make_layout((_128, _32), (_32, _1)),
        );
        assert_eq!(k32.to_string(), "Sw<2,3,3> o _0 o (_128,_32):(_32,_1)");
        let k64 = make_composed_layout(
            Swizzle::<_3, _3, _3>::new(),
            _0,
            make_layout((_256, _64), (_64, _1)),
        );
        assert_eq!(k64.to_string(), "Sw<3,3,3> o _0 o (_256,_64):(_64,_1)");
        let mn = make_composed_layout(
            Swizzle::<_3, _3, _4>::new(),
            _0,
            make_layout((_128, _64), (_1, _128)),
        );
        assert_eq!(mn.to_string(), "Sw<3,3,4> o _0 o (_128,_64):(_1,_128)");
        let mn256 = make_composed_layout(
            Swizzle::<_3, _3, _5>::new(),
            _0,
            make_layout((_256, _64), (_1, _256)),
        );
        for r in 0..128i32 {
            for c in 0..32i32 {
                assert_eq!(kmajor_offset::<32>(r, c), k32.call((r, c)));
            }
            for c in 0..64i32 {
                assert_eq!(mnmajor_offset::<128>(r, c), mn.call((r, c)));
            }
        }
        for r in 0..256i32 {
            for c in 0..64i32 {
                assert_eq!(kmajor_offset::<64>(r, c), k64.call((r, c)));
                assert_eq!(mnmajor_offset::<256>(r, c), mn256.call((r, c)));
            }
        }
    }

    fn check_conflict_free<const R: i32, const BK: i32, const K_MAJOR: bool>(threads: i32) {
        let off = |(r, k): (i32, i32)| tile_offset::<R, BK, K_MAJOR>(r, k) as i64;
        // every cp.async of every warp: 16-byte writes, 8 elements each
        let copies = R * BK / 8 / threads;
        for warp in 0..threads / 32 {
            for i in 0..copies {
                let w = smem_wavefronts(2, 8, |l| {
                    Some(off(copy_chunk::<R, BK, K_MAJOR>(
                        warp * 32 + l as i32,
                        i,
                        threads,
                    )))
                });
                assert_eq!(
                    w.conflicts(),
                    0,
                    "cp.async R={R} BK={BK} k-major={K_MAJOR} {w:?}"
                );
                assert_eq!(w.ideal, 4);
            }
        }
        // every ldmatrix.x4 of the tile's 16-row blocks, every k-slice, in both orders
        for r0 in (0..R).step_by(16) {
            for k0 in (0..BK).step_by(16) {
                for pairs in [false, true] {
                    let w = smem_wavefronts(2, 8, |l| {
                        Some(off(if pairs {
                            ldsm_row::<K_MAJOR, true>(r0, k0, l as i32)
                        } else {
                            ldsm_row::<K_MAJOR, false>(r0, k0, l as i32)
                        }))
                    });
                    assert_eq!(
                        w.conflicts(),
                        0,
                        "ldmatrix R={R} BK={BK} k-major={K_MAJOR} pairs={pairs} {w:?}"
                    );
                    assert_eq!(w.ideal, 4);
                }
            }
        }
    }

    /// Zero bank conflicts for every warp-wide shared-memory access of the kernel, counted
    /// from the layouts alone; the unswizzled layouts would conflict (the control).
    #[test]
    fn every_access_is_conflict_free() {
        check_conflict_free::<128, 32, true>(128);
        check_conflict_free::<128, 32, false>(128);
        check_conflict_free::<128, 64, true>(128);
        check_conflict_free::<128, 64, false>(128);
        check_conflict_free::<128, 32, true>(256);
        check_conflict_free::<256, 32, true>(256);
        check_conflict_free::<256, 32, false>(256);
        check_conflict_free::<256, 64, true>(256);
        check_conflict_free::<256, 64, false>(256);
        // control: the same ldmatrix reads without the swizzles
        let plain_k = smem_wavefronts(2, 8, |l| {
            let (r, k) = ldsm_row::<true, false>(0, 0, l as i32);
            Some((r * 32 + k) as i64)
        });
        assert_eq!(plain_k.conflicts(), 12);
        let plain_k64 = smem_wavefronts(2, 8, |l| {
            let (r, k) = ldsm_row::<true, false>(0, 0, l as i32);
            Some((r * 64 + k) as i64)
        });
        assert_eq!(plain_k64.conflicts(), 28);
        let plain_mn = smem_wavefronts(2, 8, |l| {
            let (r, k) = ldsm_row::<false, false>(0, 0, l as i32);
            Some((k * 128 + r) as i64)
        });
        assert_eq!(plain_mn.conflicts(), 28);
    }

    /// `copy_step` is the step between a thread's chunks, in coordinates and in the swizzled
    /// offsets, for every configuration the kernel has.
    #[test]
    fn copy_step_matches_copy_chunk() {
        fn check<const R: i32, const BK: i32, const K_MAJOR: bool, const THREADS: i32>() {
            let (dr, dk, ds) = copy_step::<R, BK, K_MAJOR, THREADS>();
            for t in 0..THREADS {
                let (r0, k0) = copy_chunk::<R, BK, K_MAJOR>(t, 0, THREADS);
                let s0 = tile_offset::<R, BK, K_MAJOR>(r0, k0);
                for i in 0..R * BK / 8 / THREADS {
                    let (r, k) = copy_chunk::<R, BK, K_MAJOR>(t, i, THREADS);
                    assert_eq!((r, k), (r0 + i * dr, k0 + i * dk));
                    assert_eq!(tile_offset::<R, BK, K_MAJOR>(r, k), s0 + i * ds);
                }
            }
        }
        check::<128, 32, true, 128>();
        check::<128, 32, false, 128>();
        check::<128, 64, true, 128>();
        check::<128, 64, false, 128>();
        check::<128, 32, true, 256>();
        check::<128, 32, false, 256>();
        check::<128, 64, true, 256>();
        check::<128, 64, false, 256>();
        check::<256, 32, true, 256>();
        check::<256, 32, false, 256>();
        check::<256, 64, true, 256>();
        check::<256, 64, false, 256>();
    }

    /// Every element of a tile is written by exactly one cp.async chunk, inside the tile.
    #[test]
    fn copies_cover_the_tile_once() {
        fn cover<const R: i32, const BK: i32, const K_MAJOR: bool>(threads: i32) {
            let mut hit = vec![0u8; (R * BK) as usize];
            for t in 0..threads {
                for i in 0..R * BK / 8 / threads {
                    let (r, k) = copy_chunk::<R, BK, K_MAJOR>(t, i, threads);
                    for e in 0..8 {
                        let (r, k) = if K_MAJOR { (r, k + e) } else { (r + e, k) };
                        assert!(r < R && k < BK);
                        hit[tile_offset::<R, BK, K_MAJOR>(r, k) as usize] += 1;
                    }
                }
            }
            assert!(hit.iter().all(|&h| h == 1));
        }
        cover::<128, 32, true>(128);
        cover::<128, 32, false>(128);
        cover::<128, 64, true>(128);
        cover::<128, 64, false>(128);
        cover::<256, 64, false>(256);
        cover::<256, 32, true>(256);
    }
}
